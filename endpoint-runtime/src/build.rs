//! The builder: one function that writes a [`Request`] from the options a
//! call resolved to ([`Input`]) and its parameters ([`Params`]): method, URL
//! (base URL, expanded template, query string), headers and body.

use std::borrow::Cow;
use std::collections::hash_map::RandomState;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::headers::{self, BodyHeader, BodyHeaders, Headers};
use crate::json;
use crate::params::Params;
use crate::request::{Body, Method, Request};
use crate::template::Template;
use crate::url;
use crate::value::Param;
use crate::wire::Fields;
use crate::wire::form::Form;
use crate::wire::header;
use crate::wire::media::{self, Encoded};
use crate::wire::multipart::Multipart;
use crate::wire::plan::{BodyKind, BodyPlan, Location, Placement};
use crate::wire::style::{self, Query};

/// Everything [`build`] needs besides the parameters.
pub(crate) struct Input<'a, 'r, 't, C: Compose = Unchanged> {
    pub method: Method,
    /// The base URL, joined to a path URL.
    pub base_url: &'r str,
    /// The parsed URL template.
    pub template: &'r Template<'t>,
    /// The body's media type, when the route names one.
    pub body: Option<BodyPlan>,
    /// The route's own `accept` header (`#[endpoint(accept = "…")]`), which
    /// replaces a default one ([`Resolved::default_accept`], JSON's) and
    /// gives way to any other and to a header parameter.
    pub accept: Option<&'static str>,
    /// The call's other options.
    pub options: Resolved<'a, C>,
}

/// What a call's options resolved to, besides its method, base URL and URL.
pub(crate) struct Resolved<'a, C: Compose = Unchanged> {
    /// The headers: lowercase names, values validated.
    pub headers: Headers,
    /// The `accept` the settings were made with besides JSON's, which a
    /// route's own `accept` replaces as it replaces JSON's.
    pub default_accept: Option<&'a str>,
    /// What a layer over the builder composes the headers with once the
    /// URL is expanded (the dynamic layer's `accept` of a media type), if
    /// anything.
    pub compose: Option<C>,
    /// The endpoint's prepared headers with a body header added, if
    /// `headers` may be those prepared headers.
    pub body_headers: Option<&'a BodyHeaders>,
    /// The `request` passthrough.
    pub request: Option<Box<Value>>,
}

/// A composition of the headers, run by [`build`] once the URL is expanded:
/// its errors come after the URL's. A value of the layer over the builder,
/// not a boxed closure: a request allocates nothing for it.
pub(crate) trait Compose {
    /// The headers composed.
    fn compose(self, headers: Headers) -> Result<Headers>;
}

/// No composition: the headers as they are (the typed path's).
pub(crate) enum Unchanged {}

impl Compose for Unchanged {
    fn compose(self, _: Headers) -> Result<Headers> {
        match self {}
    }
}

/// Builds the request.
///
/// Inlined into its two callers (the dynamic layer's and the typed path's
/// `typed::build_with`): the `Input` is then never copied whole. Such a
/// copy, written field by field and read back in 16-byte loads, stalled on
/// those loads, the hottest instructions of a short typed request.
#[inline(always)]
pub(crate) fn build<C: Compose>(
    input: Input<'_, '_, '_, C>,
    params: &(impl Params + ?Sized),
) -> Result<Request> {
    let Input {
        method,
        base_url,
        template,
        body: body_plan,
        accept,
        options:
            Resolved {
                mut headers,
                default_accept,
                compose,
                body_headers,
                request,
            },
    } = input;

    // Room for the base URL, the expansion and a short query.
    let mut url = String::with_capacity(base_url.len() + template.expanded_len_hint() + 64);
    url.push_str(base_url);
    template.expand_url(params, &mut url)?;
    join_base_url(&mut url, base_url)?;

    if let Some(compose) = compose {
        headers = compose.compose(headers)?;
    }

    let mut body = None;
    let mut outside = Outside::new(&mut url);
    if method.has_query() {
        params.for_each_remaining(template, &mut |key, value, placement| {
            outside.write(key, value, placement)
        })?;
    } else {
        let mut media_type = None;
        body = build_body(body_plan, template, params, &mut outside, &mut media_type)?;
        let header = match (&body, media_type) {
            (Some(_), None) => BodyHeader::Json,
            (Some(_), Some(MediaType::Set(media_type))) => {
                // The body's own media type wins over the defaults'
                // `content-type`.
                headers.insert("content-type", media_type)?;
                BodyHeader::Json
            }
            (Some(_), Some(MediaType::Unless(media_type))) => {
                if headers.get("content-type").is_none_or(str::is_empty) {
                    headers.insert("content-type", media_type)?;
                }
                BodyHeader::Json
            }
            (None, _) => {
                if method.empty_body_is_text() {
                    body = Some(Body::Text(String::new()));
                }
                BodyHeader::Empty
            }
        };
        headers = BodyHeaders::add(body_headers, headers, header);
    }
    if let Some(accept) = accept
        && headers
            .get("accept")
            .is_none_or(|current| is_default_accept(current, default_accept))
    {
        headers.insert("accept", accept)?;
    }
    outside.finish(&mut headers)?;

    Ok(Request {
        method: method.into_lowercase(),
        url,
        headers,
        body,
        request,
    })
}

/// Whether `accept` is a default (none, JSON, or `default`: the one the
/// settings were made with), which a route's own `accept` replaces; any
/// other is the caller's choice, kept.
fn is_default_accept(accept: &str, default: Option<&str>) -> bool {
    accept.is_empty() || accept == "application/json" || Some(accept) == default
}

/// `url` holds the base URL followed by the expanded template; makes it the
/// final URL. An absolute expanded URL replaces the base URL; a path is
/// appended to it (without doubling the `/`); anything else is refused unless
/// the base URL is empty or ends with `/`, since gluing it on would change
/// the base URL's host or last segment.
fn join_base_url(url: &mut String, base_url: &str) -> Result<()> {
    let start = base_url.len();
    let expanded = url.get(start..).unwrap_or_default();
    // A path, the common case, first: an absolute URL never starts with `/`.
    if expanded.starts_with('/') {
        // Most base URLs end without a `/`: then there is nothing to take out.
        let end = base_url.trim_end_matches('/').len();
        if end < start {
            url.drain(end..start);
        }
    } else if url::is_absolute(expanded) {
        url.drain(..start);
    } else if !(base_url.is_empty() || base_url.ends_with('/')) {
        return Err(Error::UrlForm {
            url: expanded.to_owned(),
            // A secret in the base URL's user information is not shown.
            base_url: url::redact_userinfo(base_url).into_owned(),
        });
    }
    Ok(())
}

/// The parts of a request outside its body that parameters are written
/// to: the query string, headers and cookies.
struct Outside<'u> {
    query: Query<'u>,
    /// Header parameters: lowercase name and value, set after the others.
    headers: Vec<(String, String)>,
    /// The `cookie` header's text of the cookie parameters.
    cookies: String,
}

impl<'u> Outside<'u> {
    fn new(url: &'u mut String) -> Self {
        Outside {
            query: Query::new(url),
            headers: Vec::new(),
            cookies: String::new(),
        }
    }

    /// Writes a parameter of any location but a body's: the default
    /// location of a GET or HEAD request and the query go to the query
    /// string, a header to the headers, a cookie to the `cookie` header.
    fn write(&mut self, key: &str, value: Param<'_>, placement: &Placement) -> Result<()> {
        match placement.location {
            Location::Default | Location::Query => {
                style::write_query(&mut self.query, key, value, placement)
            }
            Location::Header => {
                let name = headers::lowercase_name(key).into_owned();
                if let Some(text) = header::header_value(&name, value, placement)? {
                    self.headers.push((name, text));
                }
                Ok(())
            }
            Location::Cookie => header::write_cookie(&mut self.cookies, key, value, placement),
            Location::Body | Location::Content => Err(Error::Query {
                key: key.to_owned(),
                reason: "a body field cannot be sent with a GET or HEAD request",
            }),
            Location::Path => Err(Error::value(
                key,
                "a path parameter is written where the URL template names it, \
                 and this one's names it nowhere",
            )),
        }
    }

    /// Sets the header parameters (each replacing a header of its name) and
    /// the cookies (after those of a `cookie` header already there).
    ///
    /// # Errors
    /// [`Error::HeaderName`] for a name that is not an HTTP token,
    /// [`Error::HeaderValue`] for a value with CR, LF or NUL.
    #[inline]
    fn finish(self, headers: &mut Headers) -> Result<()> {
        let Outside {
            query: _,
            headers: params,
            cookies,
        } = self;
        // Most requests have neither: nothing to set then.
        if params.is_empty() && cookies.is_empty() {
            return Ok(());
        }
        Self::set(params, cookies, headers)
    }

    /// [`Outside::finish`] of header or cookie parameters.
    #[inline(never)]
    fn set(params: Vec<(String, String)>, cookies: String, headers: &mut Headers) -> Result<()> {
        for (name, value) in params {
            headers.insert(name, value)?;
        }
        if !cookies.is_empty() {
            let cookies = match headers.get("cookie") {
                Some(earlier) if !earlier.is_empty() => format!("{earlier}; {cookies}"),
                _ => cookies,
            };
            headers.insert("cookie", cookies)?;
        }
        Ok(())
    }
}

/// The body of a request that is not GET or HEAD, and in `media_type` its
/// media type when it is not the octokit rule's JSON.
///
/// With no media type in the plan (the octokit rule): the `data` parameter
/// as it is, or else an object of the remaining parameters, or else none.
/// With one: the fields of the default and body locations written as its
/// kind asks. Either way a parameter of the [`Location::Content`] location
/// is the whole body instead.
fn build_body(
    plan: Option<BodyPlan>,
    template: &Template<'_>,
    params: &(impl Params + ?Sized),
    outside: &mut Outside<'_>,
    media_type: &mut Option<MediaType>,
) -> Result<Option<Body>> {
    let mut object = String::new();
    let mut data = None;
    let mut fields = plan.map(|plan| BodyFields::new(plan.kind));
    let mut whole = None;
    // Whether a field was written by the plan's kind (the octokit rule's
    // fields are in `data` or `object`).
    let mut has_field = false;
    params.for_each_remaining(template, &mut |key, value, placement| {
        // A field of the default location is written by the octokit rule
        // when the plan names no media type and no whole body came (yet).
        if placement.location == Location::Default && plan.is_none() && whole.is_none() {
            // The octokit rule first: it is every parameter of the dynamic
            // layer and of most routes.
            if key == "data" {
                data = Some(data_body(&value)?);
            } else if data.is_none() {
                push_field(&mut object, key, &value)?;
            }
            return Ok(());
        }
        match placement.location {
            // Written into the URL and the headers.
            Location::Query | Location::Header | Location::Cookie | Location::Path => {
                return outside.write(key, value, placement);
            }
            Location::Content => {
                if whole.is_some() {
                    return Err(Error::value(key, "a route has one whole body"));
                }
                if has_field || data.is_some() || !object.is_empty() {
                    return Err(Error::value(key, WHOLE_AND_FIELDS));
                }
                whole = Some(whole_body(plan, key, &value, placement)?);
                return Ok(());
            }
            Location::Default | Location::Body => {}
        }
        if whole.is_some() {
            return Err(Error::value(key, WHOLE_AND_FIELDS));
        }
        has_field = true;
        if let Some(fields) = &mut fields {
            return fields.field(key, &value, placement);
        }
        // A body field of a route of no media type: a member of the octokit
        // rule's object (fields of the default location, `data` among them,
        // were written above).
        if data.is_none() {
            push_field(&mut object, key, &value)?;
        }
        Ok(())
    })?;
    if let Some((body, own)) = whole {
        *media_type = own;
        return Ok(Some(body));
    }
    if let (Some(fields), Some(plan)) = (fields, plan) {
        let (body, own) = fields.finish(plan.media_type, plan.required)?.unzip();
        *media_type = own.flatten();
        return Ok(body);
    }
    if data.is_some() {
        return Ok(data);
    }
    if object.is_empty() {
        return Ok(None);
    }
    object.push('}');
    Ok(Some(Body::Json(object)))
}

/// Appends one field to the JSON object of the octokit rule, opening it
/// with room for a short body at the first.
#[inline]
fn push_field(object: &mut String, key: &str, value: &Param<'_>) -> Result<()> {
    if object.is_empty() {
        object.reserve(256);
        object.push('{');
    } else {
        object.push(',');
    }
    json::push_str(object, key);
    object.push(':');
    json::push_value(object, key, value)
}

/// The `content-type` of a body that is not the octokit rule's JSON.
enum MediaType {
    /// Its own, which replaces one of the defaults.
    Set(Cow<'static, str>),
    /// A fallback for bytes of no named media type, unless the defaults
    /// set a `content-type`.
    Unless(&'static str),
}

const WHOLE_AND_FIELDS: &str = "a whole body cannot be sent with body fields";

/// The fields of a body of a media type that the plan names.
enum BodyFields {
    /// A JSON object, as the octokit rule writes it (without `data`).
    Json(String),
    Form(Form),
    Multipart(Multipart),
    /// A kind that has no fields (text, bytes): the first field's name.
    None(Option<String>),
}

impl BodyFields {
    fn new(kind: BodyKind) -> Self {
        match kind {
            BodyKind::Json => BodyFields::Json(String::new()),
            BodyKind::Form => BodyFields::Form(Form::new()),
            BodyKind::Multipart => BodyFields::Multipart(Multipart::new()),
            BodyKind::Text | BodyKind::Bytes => BodyFields::None(None),
        }
    }

    fn field(&mut self, key: &str, value: &Param<'_>, placement: &Placement) -> Result<()> {
        match self {
            BodyFields::Json(object) => push_field(object, key, value),
            BodyFields::Form(form) => form.field(key, value, placement),
            BodyFields::Multipart(multipart) => multipart.field(key, value, placement),
            BodyFields::None(first) => {
                first.get_or_insert_with(|| key.to_owned());
                Ok(())
            }
        }
    }

    /// The body, with the media type it is sent as (a multipart body's with
    /// its boundary); none when there was no field, unless the body is
    /// `required`: then its kind's empty form (`{}`, an empty form, a
    /// multipart body of no part, an empty text or bytes).
    fn finish(
        self,
        media_type: &'static str,
        required: bool,
    ) -> Result<Option<(Body, Option<MediaType>)>> {
        let content_type = Some(MediaType::Set(Cow::Borrowed(media_type)));
        Ok(match self {
            BodyFields::Json(object) if object.is_empty() && !required => None,
            BodyFields::Json(mut object) => {
                if object.is_empty() {
                    object.push('{');
                }
                object.push('}');
                Some((Body::Json(object), content_type))
            }
            BodyFields::Form(form) => {
                let text = form.finish();
                (required || !text.is_empty()).then_some((Body::Text(text), content_type))
            }
            BodyFields::Multipart(multipart) if multipart.is_empty() && !required => None,
            BodyFields::Multipart(multipart) => {
                Some(multipart_body(multipart, "body", media_type)?)
            }
            BodyFields::None(None) if required => Some((
                match BodyKind::of(media_type) {
                    BodyKind::Text => Body::Text(String::new()),
                    _ => Body::Bytes(Vec::new()),
                },
                content_type,
            )),
            BodyFields::None(None) => None,
            BodyFields::None(Some(key)) => {
                return Err(Error::value(
                    &key,
                    "a body of text or bytes has no fields: it is a whole body",
                ));
            }
        })
    }
}

/// A whole body (a parameter of [`Location::Content`]) and its media type:
/// a file's own, or a choice of body's, else the placement's, else the
/// plan's; with no media type at all, bytes are `application/octet-stream`
/// and anything else is written as the `data` parameter is.
fn whole_body(
    plan: Option<BodyPlan>,
    key: &str,
    value: &Param<'_>,
    placement: &Placement,
) -> Result<(Body, Option<MediaType>)> {
    let mut value = value.resolve();
    let mut media_type: Option<Cow<'static, str>> = placement
        .content_type
        .or(plan.map(|plan| plan.media_type))
        .map(Cow::Borrowed);
    match value {
        Param::File(file) => {
            if let Some(own) = file.get_content_type() {
                media_type = Some(Cow::Owned(own.to_owned()));
            }
        }
        Param::Content(contents) => {
            media_type = Some(Cow::Owned(contents.media_type.clone().into_owned()));
            value = contents.value.resolve();
        }
        _ => {}
    }
    let Some(media_type) = media_type else {
        let octet_stream = Some(MediaType::Unless("application/octet-stream"));
        return Ok(match value {
            Param::Bytes(bytes) => (Body::Bytes(bytes.to_vec()), octet_stream),
            Param::File(file) => (Body::Bytes(file.bytes().to_vec()), octet_stream),
            other => (data_body(&other)?, None),
        });
    };
    let kind = BodyKind::of(&media_type);
    if kind == BodyKind::Multipart {
        let mut multipart = Multipart::new();
        multipart.object(key, &value)?;
        return multipart_body(multipart, key, &media_type);
    }
    let body = match media::encode(key, kind, &value, placement.arrays)? {
        Encoded::Json(text) => Body::Json(text),
        Encoded::Text(text) => Body::Text(text.into_owned()),
        Encoded::Bytes(bytes) => Body::Bytes(bytes.to_vec()),
    };
    Ok((body, Some(MediaType::Set(media_type))))
}

/// A multipart body's bytes, its boundary drawn, and its `content-type`:
/// `media_type` with that boundary.
fn multipart_body(
    multipart: Multipart,
    key: &str,
    media_type: &str,
) -> Result<(Body, Option<MediaType>)> {
    let (bytes, boundary) = multipart.finish(key, &RandomState::new())?;
    let content_type = format!("{media_type}; boundary={boundary}");
    Ok((
        Body::Bytes(bytes),
        Some(MediaType::Set(content_type.into())),
    ))
}

/// The body for a `data` parameter: a string as it is, anything else as JSON.
fn data_body(value: &Param<'_>) -> Result<Body> {
    if let Param::Str(text) = value.resolve() {
        return Ok(Body::Text(text.to_owned()));
    }
    json::to_string("data", value).map(Body::Json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_url_join() {
        let join = |base: &str, expanded: &str| {
            let mut url = format!("{base}{expanded}");
            join_base_url(&mut url, base).map(|()| url)
        };
        assert_eq!(
            join("https://ghe.example/api/v3//", "/user").unwrap(),
            "https://ghe.example/api/v3/user"
        );
        assert_eq!(
            join("https://api.example.com", "HTTP://example.com/a").unwrap(),
            "HTTP://example.com/a"
        );
        assert_eq!(join("", "x").unwrap(), "x");
        assert_eq!(
            join("https://ghe.example.com/api/v3/", "repos/x").unwrap(),
            "https://ghe.example.com/api/v3/repos/x"
        );
        assert!(matches!(
            join("https://api.example.com", ".evil.example/x"),
            Err(Error::UrlForm { .. })
        ));
        assert!(matches!(
            join("https://api.example.com", "GET"),
            Err(Error::UrlForm { .. })
        ));
    }

    #[test]
    fn a_query_mark_from_the_base_url_or_the_template() {
        let ep = crate::Endpoint::default()
            .defaults(serde_json::json!({"baseUrl": "https://x.example/api?key=1"}))
            .unwrap();
        let url = |route: &str, o: &str| {
            let params = serde_json::json!({"o": o, "p": "b"});
            ep.endpoint(route, params).unwrap().url
        };
        // The base URL's `?` counts; a value's is encoded.
        assert_eq!(
            url("GET /r/{o}", "a?"),
            "https://x.example/api?key=1/r/a%3F&p=b"
        );
        // A base URL the call gives instead.
        let params = serde_json::json!({"baseUrl": "https://z.example/v?k", "o": "a", "p": "b"});
        assert_eq!(
            ep.endpoint("GET /r/{o}", params).unwrap().url,
            "https://z.example/v?k/r/a&p=b"
        );
        let params = serde_json::json!({"baseUrl": "https://z.example/v", "o": "a", "p": "b"});
        assert_eq!(
            ep.endpoint("GET /r/{o}", params).unwrap().url,
            "https://z.example/v/r/a?p=b"
        );
        // An absolute URL replaces the base URL and its `?`.
        assert_eq!(
            url("GET https://y.example/{o}", "a"),
            "https://y.example/a?p=b"
        );
        // A literal `?`, a query expression, a reserved or fragment value.
        assert_eq!(
            url("GET https://y.example/{o}?x=1", "a"),
            "https://y.example/a?x=1&p=b"
        );
        assert_eq!(
            url("GET https://y.example/{?o}", "a"),
            "https://y.example/?o=a&p=b"
        );
        assert_eq!(
            url("GET https://y.example/{+o}", "a?c"),
            "https://y.example/a?c&p=b"
        );
        assert_eq!(
            url("GET https://y.example/{#o}", "a?c"),
            "https://y.example/#a?c&p=b"
        );
        assert_eq!(
            url("GET https://y.example/{&o}", "a"),
            "https://y.example/&o=a?p=b"
        );
    }

    #[test]
    fn query_values() {
        let text = |key: &str, value: serde_json::Value| {
            let mut url = String::new();
            style::write_joined_value(&mut url, key, &Param::Json(&value).resolve()).map(|()| url)
        };
        assert_eq!(
            text("l", serde_json::json!(["a", "b c", null])).unwrap(),
            "a%2Cb%20c%2C"
        );
        assert_eq!(
            text("l", serde_json::json!([["a"], ["b", ["c"]]])).unwrap(),
            "a%2Cb%2Cc"
        );
        assert_eq!(
            text(
                "q",
                serde_json::json!("repo:octokit/rest.js is:open+label:bug")
            )
            .unwrap(),
            "repo%3Aoctokit%2Frest.js%20is%3Aopen+label%3Abug"
        );
        assert_eq!(
            text("q", serde_json::json!("location:Jyväskylä")).unwrap(),
            "location%3AJyv%C3%A4skyl%C3%A4"
        );
        assert_eq!(text("x", serde_json::json!("!*'()")).unwrap(), "!*'()");
        assert_eq!(text("x", serde_json::json!(1e21)).unwrap(), "1e%2B21");
        assert_eq!(text("x", serde_json::json!(1.5)).unwrap(), "1.5");
        assert!(matches!(
            text("x", serde_json::json!({"a": 1})),
            Err(Error::Query { .. })
        ));
        assert!(matches!(
            text("x", serde_json::json!([{"a": 1}])),
            Err(Error::Query { .. })
        ));
    }
}
