//! Where each parameter of a request goes and how it is written: the words
//! of OpenAPI's Parameter and Encoding objects, as data a compiled route
//! carries ([`Plan`](crate::__private::Plan)) and the builder reads.
//!
//! A placement is chosen once, when a route is compiled (`endpoint!` reads it
//! from the field's `#[endpoint(…)]` options); building a request only reads
//! it.

/// Where a parameter goes: OpenAPI's `in`, plus the two places of a request
/// body. One vocabulary for the macro's options, the generator's fields and
/// the builder's placements (a description's own word, `in: querystring`
/// included, is read as the description writes it, before it is placed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// The dynamic layer's rule, for a parameter declared with no location: the
    /// query string of a GET or HEAD request, a field of the body of any
    /// other (a JSON object, where `data` is the whole body, unless the
    /// route names a body media type).
    Default,
    /// A variable of the URL template (`in: path`), written by the
    /// template's operator (RFC 6570) and never by a placement: a field the
    /// template names, which the builder refuses as a placement.
    Path,
    /// The query string, whatever the method.
    Query,
    /// A header of the parameter's name.
    Header,
    /// A cookie of the parameter's name, in the request's one `cookie`
    /// header.
    Cookie,
    /// A field of the request body, written as the route's body media type
    /// ([`BodyPlan`]) writes fields, with this placement as its OpenAPI
    /// `encoding`.
    Body,
    /// The whole request body.
    Content,
}

impl Location {
    /// The locations a field's `#[endpoint(…)]` options name, each with its
    /// option: what `endpoint!` reads and a generator writes.
    /// [`Location::Default`] is a field with none.
    pub const OPTIONS: [(&'static str, Location); 6] = [
        ("path", Location::Path),
        ("query", Location::Query),
        ("header", Location::Header),
        ("cookie", Location::Cookie),
        ("body", Location::Body),
        ("request_body", Location::Content),
    ];

    /// The option of `#[endpoint(…)]` that names the location; `None` for
    /// [`Location::Default`], which no option names.
    ///
    /// ```
    /// use endpoint::__private::Location;
    ///
    /// assert_eq!(Location::Content.option_name(), Some("request_body"));
    /// assert_eq!(Location::Path.option_name(), Some("path"));
    /// assert_eq!(Location::Default.option_name(), None);
    /// ```
    pub fn option_name(self) -> Option<&'static str> {
        Location::OPTIONS
            .iter()
            .find(|(_, location)| *location == self)
            .map(|&(name, _)| name)
    }
}

/// How a value is written: OpenAPI's `style`, plus the rule of the dynamic
/// layer.
///
/// Path parameters take their style from the URL template's operators
/// (`{x}` simple, `{.x}` label, `{;x}` matrix, `*` for explode, RFC 6570),
/// so the styles here are those of the query, header, cookie and body
/// locations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Style {
    /// The dynamic layer's rule (the reference implementation's), for its
    /// options and the defaults' parameters: a list is joined with `,` under one name (the comma
    /// percent-encoded), `null` items empty, an object is an error; values
    /// are encoded as `encodeURIComponent` does, and `q` keeps its `+`.
    Joined,
    /// A typed field declared with no style: scalars as [`Style::Joined`]
    /// writes them, lists and objects as OpenAPI's default for the query,
    /// `form` exploded (`kind=cat&kind=dog`).
    Default,
    /// `simple`: comma-separated values (headers; path through the template).
    Simple,
    /// `label`: `.`-prefixed (path only, through the template).
    Label,
    /// `matrix`: `;name=`-prefixed (path only, through the template).
    Matrix,
    /// `form`: `name=value`, lists and objects by `explode`.
    Form,
    /// `spaceDelimited`: list items joined by a space (`%20`).
    SpaceDelimited,
    /// `pipeDelimited`: list items joined by `|`.
    PipeDelimited,
    /// `deepObject`: `name[key]=value`, nested by [`Arrays`]' bracket rule.
    DeepObject,
}

impl Style {
    /// The styles OpenAPI defines, each with its name there: what
    /// `endpoint!`'s `style = "…"` and a description's `style` read.
    pub const OPENAPI: [(&'static str, Style); 7] = [
        ("simple", Style::Simple),
        ("label", Style::Label),
        ("matrix", Style::Matrix),
        ("form", Style::Form),
        ("spaceDelimited", Style::SpaceDelimited),
        ("pipeDelimited", Style::PipeDelimited),
        ("deepObject", Style::DeepObject),
    ];

    /// The style OpenAPI names `name` (its spelling, letter case included).
    ///
    /// ```
    /// use endpoint::__private::Style;
    ///
    /// assert_eq!(Style::from_openapi("deepObject"), Some(Style::DeepObject));
    /// assert_eq!(Style::from_openapi("deepobject"), None);
    /// assert_eq!(Style::DeepObject.openapi_name(), Some("deepObject"));
    /// assert_eq!(Style::Joined.openapi_name(), None);
    /// ```
    pub fn from_openapi(name: &str) -> Option<Style> {
        Style::OPENAPI
            .iter()
            .find(|(known, _)| *known == name)
            .map(|&(_, style)| style)
    }

    /// OpenAPI's name of the style; `None` for the two rules of parameters
    /// declared with no style ([`Style::Joined`], [`Style::Default`]).
    pub fn openapi_name(self) -> Option<&'static str> {
        Style::OPENAPI
            .iter()
            .find(|(_, style)| *style == self)
            .map(|&(name, _)| name)
    }
}

/// How the bracket notation of `deepObject` (and of nested values in a form
/// body) writes the items of a list: a convention of servers, not of
/// OpenAPI, so a route chooses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arrays {
    /// `a[]=x&a[]=y` (Rails, PHP, Stripe's `expand[]`).
    Brackets,
    /// `a[0]=x&a[1]=y` (Stripe's `items[0][price]`, qs' `indices`).
    Indices,
}

/// Where and how one parameter is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Where it goes.
    pub location: Location,
    /// How it is written.
    pub style: Style,
    /// OpenAPI's `explode`.
    pub explode: bool,
    /// OpenAPI's `allowReserved`: RFC 3986 reserved characters of a query
    /// value are not percent-encoded.
    pub allow_reserved: bool,
    /// The list rule of the bracket notation.
    pub arrays: Arrays,
    /// The `contentType` of the field's OpenAPI `encoding` (a multipart
    /// part's `content-type`, or a form field written as that media type),
    /// or the media type of a whole body ([`Location::Content`]) that
    /// differs from the route's.
    pub content_type: Option<&'static str>,
}

impl Placement {
    /// A parameter of the dynamic layer: its options, and an endpoint's
    /// default parameters.
    pub const DYNAMIC: Placement = Placement {
        location: Location::Default,
        style: Style::Joined,
        explode: false,
        allow_reserved: false,
        arrays: Arrays::Brackets,
        content_type: None,
    };

    /// A typed field declared with no location or style.
    pub const DEFAULT: Placement = Placement {
        location: Location::Default,
        style: Style::Default,
        explode: true,
        allow_reserved: false,
        arrays: Arrays::Brackets,
        content_type: None,
    };
}

/// A compiled route's parameter that is not a template variable: its wire
/// name and placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParamPlan {
    /// The name on the wire (query key, header name, cookie name, body
    /// field name).
    pub name: &'static str,
    /// Where and how it is written.
    pub placement: Placement,
}

impl ParamPlan {
    /// A parameter declared with no location or style.
    pub const fn new(name: &'static str) -> Self {
        ParamPlan {
            name,
            placement: Placement::DEFAULT,
        }
    }

    /// A parameter at `location`, written in `style`, every other option at
    /// its default (exploded, reserved characters encoded, lists in plain
    /// brackets, no media type of its own): what `endpoint!` writes for a
    /// field that names its location, the shortest constant to compile.
    pub const fn at(name: &'static str, location: Location, style: Style) -> Self {
        ParamPlan {
            name,
            placement: Placement {
                location,
                style,
                ..Placement::DEFAULT
            },
        }
    }
}

/// What a route's request body is, when the route names its media type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BodyPlan {
    /// The media type, as the route names it (`application/merge-patch+json`,
    /// `multipart/form-data`); the `content-type` sent (a multipart body adds
    /// its boundary).
    pub media_type: &'static str,
    /// How the body is written, from the media type.
    pub kind: BodyKind,
    /// Whether the route always sends a body (`#[endpoint(body_required)]`):
    /// with no body field set, the kind's empty form (`{}` for JSON, an
    /// empty form, a multipart body of no part) instead of no body.
    pub required: bool,
}

/// How a body of a media type is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BodyKind {
    /// `application/json` and every `+json` type: JSON text.
    Json,
    /// `application/x-www-form-urlencoded`.
    Form,
    /// `multipart/form-data` (and the other `multipart/*` types).
    Multipart,
    /// `text/*` (and YAML, XML… given as text): the text as it is.
    Text,
    /// Any other media type: the bytes as they are.
    Bytes,
}

impl BodyKind {
    /// The kind of body a media type is written as (its parameters, such as
    /// `; charset=utf-8`, ignored; letter case ignored).
    ///
    /// ```
    /// use endpoint::__private::BodyKind;
    ///
    /// assert_eq!(BodyKind::of("application/merge-patch+json"), BodyKind::Json);
    /// assert_eq!(BodyKind::of("Application/X-WWW-Form-Urlencoded"), BodyKind::Form);
    /// assert_eq!(BodyKind::of("multipart/form-data"), BodyKind::Multipart);
    /// assert_eq!(BodyKind::of("text/plain; charset=utf-8"), BodyKind::Text);
    /// assert_eq!(BodyKind::of("application/apply-patch+yaml"), BodyKind::Text);
    /// assert_eq!(BodyKind::of("image/png"), BodyKind::Bytes);
    /// ```
    pub fn of(media_type: &str) -> BodyKind {
        let essence = media_type.split(';').next().unwrap_or_default().trim();
        let (kind, subtype) = essence.split_once('/').unwrap_or((essence, ""));
        let lower = |text: &str, expected: &str| text.eq_ignore_ascii_case(expected);
        let suffix = subtype.rsplit_once('+').map(|(_, suffix)| suffix);
        if lower(kind, "application") && lower(subtype, "json")
            || suffix.is_some_and(|s| lower(s, "json"))
        {
            BodyKind::Json
        } else if lower(kind, "application") && lower(subtype, "x-www-form-urlencoded") {
            BodyKind::Form
        } else if lower(kind, "multipart") {
            BodyKind::Multipart
        } else if lower(kind, "text")
            || suffix.is_some_and(|s| lower(s, "yaml") || lower(s, "xml"))
            || lower(kind, "application")
                && ["yaml", "x-yaml", "xml", "javascript", "graphql"]
                    .iter()
                    .any(|t| lower(subtype, t))
        {
            BodyKind::Text
        } else {
            BodyKind::Bytes
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_a_location_is_the_whole_literal_of_its_defaults() {
        assert_eq!(
            ParamPlan::at("q", Location::Query, Style::Form),
            ParamPlan {
                name: "q",
                placement: Placement {
                    location: Location::Query,
                    style: Style::Form,
                    explode: true,
                    allow_reserved: false,
                    arrays: Arrays::Brackets,
                    content_type: None,
                },
            }
        );
    }

    #[test]
    fn kinds_of_media_types() {
        for (media_type, kind) in [
            ("application/json", BodyKind::Json),
            ("application/json; charset=utf-8", BodyKind::Json),
            ("application/json-patch+json", BodyKind::Json),
            ("application/strategic-merge-patch+json", BodyKind::Json),
            ("application/vnd.api+json", BodyKind::Json),
            ("application/x-www-form-urlencoded", BodyKind::Form),
            ("multipart/form-data", BodyKind::Multipart),
            ("multipart/mixed", BodyKind::Multipart),
            ("text/plain", BodyKind::Text),
            ("text/markdown", BodyKind::Text),
            ("application/apply-patch+yaml", BodyKind::Text),
            ("application/yaml", BodyKind::Text),
            ("application/xml", BodyKind::Text),
            ("application/octet-stream", BodyKind::Bytes),
            ("application/x-tar", BodyKind::Bytes),
            ("image/jpeg", BodyKind::Bytes),
            ("", BodyKind::Bytes),
            ("json", BodyKind::Bytes),
        ] {
            assert_eq!(BodyKind::of(media_type), kind, "{media_type}");
        }
    }
}
