//! The `#[endpoint(…)]` attributes of a declared field (`rename = "…"`, a
//! location, OpenAPI's `style`, `explode`, `allow_reserved`, the bracket
//! rule `arrays`, `content_type`, `multi_segment`) and of a struct
//! (`server = "…"`, `content_type`, `body_required`,
//! `accept = "…"`, `api = path`, `paginate(…)`, `error = Type`,
//! `spec = "…"`, `operation = "…"`).
//!
//! Only the attributes' own mistakes are found here (an unknown or repeated
//! option, an unknown style, two locations, a media type that is not one);
//! what they mean for the route and the field's type is `valid`'s business.

use endpoint_runtime::model::{Next, Pagination};
use endpoint_runtime::sibling::{Location, Style, is_token, server_error};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, LitBool, LitStr};

use crate::ctxt::Ctxt;
use crate::styles::style_list;

/// The option of `#[endpoint(…)]` that names `location`, for messages.
pub(crate) fn location_name(location: Location) -> &'static str {
    location.option_name().unwrap_or_default()
}

/// What the `#[endpoint(…)]` attributes of a field say. Each option keeps
/// the span of where it is written, for the errors about it.
#[derive(Default)]
pub(crate) struct FieldAttrs {
    /// `rename = "…"`: the wire name, and the span of its literal.
    pub rename: Option<(String, Span)>,
    /// The location (`path`, `query`, `header`, `cookie`, `body`,
    /// `request_body`), where it is written.
    pub location: Option<(Location, Span)>,
    /// `multi_segment`, where it is written.
    pub multi_segment: Option<Span>,
    /// `nullable`, where it is written: an `Option` field sent as `null`
    /// when `None`, not left out (a required property that may be null).
    pub nullable: Option<Span>,
    /// `style = "…"`.
    pub style: Option<(Style, Span)>,
    /// `explode` (`true`) or `explode = false|true`.
    pub explode: Option<(bool, Span)>,
    /// `allow_reserved`.
    pub allow_reserved: Option<Span>,
    /// `arrays = "brackets" | "indices"`: whether lists are written with
    /// indices.
    pub arrays: Option<(bool, Span)>,
    /// `content_type = "…"`: a media type.
    pub content_type: Option<(String, Span)>,
}

impl FieldAttrs {
    /// Reads the `#[endpoint(…)]` attributes of a field; every mistake is
    /// recorded in `cx`, and the options that could be read are kept.
    pub(crate) fn from_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> Self {
        let mut options = FieldAttrs::default();
        for attr in attrs {
            if let Err(err) = attr.parse_nested_meta(|meta| options.option(cx, meta)) {
                cx.push(err);
            }
        }
        if let (Some(multi_segment), Some((loc, _))) = (options.multi_segment, options.location)
            && loc != Location::Path
        {
            cx.error_at(
                multi_segment,
                format!(
                    "a field cannot be both `multi_segment` and `{}`: `multi_segment` is for a \
                     placeholder in the URL's path",
                    location_name(loc)
                ),
            );
        }
        options
    }

    /// The span of the location `loc`, if it is the field's.
    pub(crate) fn at(&self, loc: Location) -> Option<Span> {
        self.location
            .and_then(|(written, span)| (written == loc).then_some(span))
    }

    /// Whether a style option is written (`style`, `explode`,
    /// `allow_reserved`, `arrays`): the field is written the OpenAPI way
    /// rather than by the default rule.
    pub(crate) fn styled(&self) -> Option<Span> {
        self.style
            .map(|(_, span)| span)
            .or(self.explode.map(|(_, span)| span))
            .or(self.allow_reserved)
            .or(self.arrays.map(|(_, span)| span))
    }

    /// Reads one option of an `#[endpoint(…)]` list.
    fn option(&mut self, cx: &mut Ctxt, meta: ParseNestedMeta<'_>) -> syn::Result<()> {
        let span = meta.path.span();
        let twice = |cx: &mut Ctxt, given: bool, name: &str| {
            if given {
                cx.error_at(span, format!("`{name}` is given twice"));
            }
        };
        if meta.path.is_ident("rename") {
            let lit: LitStr = meta.value()?.parse()?;
            twice(cx, self.rename.is_some(), "rename");
            self.rename = Some((lit.value(), lit.span()));
        } else if let Some(&(name, loc)) = Location::OPTIONS
            .iter()
            .find(|(name, _)| meta.path.is_ident(name))
        {
            match self.location {
                Some((other, _)) if other == loc => twice(cx, true, name),
                Some((other, _)) => cx.error_at(
                    span,
                    format!(
                        "a field cannot be both `{}` and `{name}`: a parameter has one location",
                        location_name(other)
                    ),
                ),
                None => self.location = Some((loc, span)),
            }
        } else if meta.path.is_ident("multi_segment") {
            twice(cx, self.multi_segment.is_some(), "multi_segment");
            self.multi_segment = Some(span);
        } else if meta.path.is_ident("nullable") {
            twice(cx, self.nullable.is_some(), "nullable");
            self.nullable = Some(span);
        } else if meta.path.is_ident("style") {
            let lit: LitStr = meta.value()?.parse()?;
            twice(cx, self.style.is_some(), "style");
            let value = lit.value();
            match Style::from_openapi(&value) {
                Some(style) => self.style = Some((style, lit.span())),
                None => cx.error_at(
                    lit.span(),
                    format!(
                        "unknown style `{value}`: expected one of OpenAPI's styles, {}",
                        style_list(&Style::OPENAPI.map(|(_, style)| style))
                    ),
                ),
            }
        } else if meta.path.is_ident("explode") {
            twice(cx, self.explode.is_some(), "explode");
            let explode = if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<LitBool>()?.value
            } else {
                true
            };
            self.explode = Some((explode, span));
        } else if meta.path.is_ident("allow_reserved") {
            twice(cx, self.allow_reserved.is_some(), "allow_reserved");
            self.allow_reserved = Some(span);
        } else if meta.path.is_ident("arrays") {
            let lit: LitStr = meta.value()?.parse()?;
            twice(cx, self.arrays.is_some(), "arrays");
            match lit.value().as_str() {
                "brackets" => self.arrays = Some((false, lit.span())),
                "indices" => self.arrays = Some((true, lit.span())),
                other => cx.error_at(
                    lit.span(),
                    format!(
                        "unknown bracket rule `{other}`: expected `\"brackets\"` (`a[]=x`) or \
                         `\"indices\"` (`a[0]=x`)"
                    ),
                ),
            }
        } else if meta.path.is_ident("content_type") {
            let lit: LitStr = meta.value()?.parse()?;
            twice(cx, self.content_type.is_some(), "content_type");
            self.content_type = media_type(cx, &lit);
        } else {
            let name = meta.path.to_token_stream().to_string().replace(' ', "");
            cx.error_at(
                span,
                format!(
                    "unknown option `{name}` in `#[endpoint(…)]`: expected `rename = \"…\"`, a \
                     location (`path`, `query`, `header`, `cookie`, `body`, `request_body`), \
                     `style = \"…\"`, `explode`, `allow_reserved`, `arrays = \"…\"`, \
                     `content_type = \"…\"`, `multi_segment` or `nullable`"
                ),
            );
            // Skip its value, if any, so that the next options are read.
            if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            }
        }
        Ok(())
    }
}

/// The media type of a `content_type = "…"` literal, with its span, or an
/// error when it is not one: `type/subtype` (RFC 9110 tokens), then
/// `; name=value` parameters.
fn media_type(cx: &mut Ctxt, lit: &LitStr) -> Option<(String, Span)> {
    let value = lit.value();
    if is_media_type(&value) {
        Some((value, lit.span()))
    } else {
        cx.error_at(
            lit.span(),
            format!(
                "`{value}` is not a media type: expected `type/subtype`, such as \
                 `application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain` or \
                 `application/octet-stream`, optionally with `; name=value` parameters"
            ),
        );
        None
    }
}

/// Whether `text` is a media type (RFC 9110 section 8.3.1).
fn is_media_type(text: &str) -> bool {
    let mut pieces = text.split(';');
    let essence = pieces.next().unwrap_or_default().trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    is_token(kind)
        && is_token(subtype)
        && pieces.all(|parameter| {
            let Some((name, value)) = parameter.trim().split_once('=') else {
                return false;
            };
            let quoted = value.len() >= 2
                && value.starts_with('"')
                && value.ends_with('"')
                && !value[1..value.len() - 1].contains(['"', '\r', '\n', '\0']);
            is_token(name) && (is_token(value) || quoted)
        })
}

/// What the `#[endpoint(…)]` attributes of a struct say.
#[derive(Default)]
pub(crate) struct ItemAttrs {
    /// `server = "…"`: the route's own server, checked, and where it is
    /// written.
    pub server: Option<(String, Span)>,
    /// `content_type = "…"`: the media type of the request body.
    pub content_type: Option<(String, Span)>,
    /// `paginate(…)`: how the route's lists page.
    pub paginate: Option<Pagination<String>>,
    /// `error = Type`: what the body of an answer that is not a success
    /// decodes into.
    pub error: Option<syn::Type>,
    /// `body_required`, where it is written: a body is always sent, its
    /// kind's empty form when no body field is set.
    pub body_required: Option<Span>,
    /// `accept = "…"`: the media types of the route's answers, its
    /// `accept` header.
    pub accept: Option<(String, Span)>,
    /// `api = path`: the function (`fn() -> &'static Api`) whose
    /// settings `to_request()` uses.
    pub api: Option<syn::Path>,
    /// `spec = "…"`: the OpenAPI description the struct is checked
    /// against, relative to the crate's directory.
    pub spec: Option<LitStr>,
    /// `operation = "…"`: the `operationId` of the description's operation
    /// the struct is, when the route alone does not say it.
    pub operation: Option<LitStr>,
}

/// The schemes of `paginate(…)`, and the words each takes besides `items`
/// (`None`: optional).
const SCHEMES: [(&str, &[(&str, bool)]); 6] = [
    ("link", &[]),
    ("cursor", &[("param", true)]),
    ("after_last_item", &[("param", true), ("has_more", true)]),
    ("next_url", &[]),
    ("offset", &[("limit", true)]),
    ("page", &[("total_pages", false)]),
];

/// The words of `paginate(…)`, for its errors.
const PAGINATE_WORDS: &str = "`link`; `cursor = \"/pointer\"` with `param = \"name\"`; \
     `after_last_item = \"/key\"` with `param = \"name\"` and `has_more = \"/pointer\"`; \
     `next_url = \"/pointer\"`; `offset = \"name\"` with `limit = \"name\"`; or \
     `page = \"name\"` with an optional `total_pages = \"/pointer\"`; and an optional \
     `items = \"/pointer\"`";

/// Whether the value of the word `word` of `paginate(…)` is a JSON pointer
/// (the others are query parameters).
fn is_pointer_word(word: &str) -> bool {
    matches!(
        word,
        "cursor" | "after_last_item" | "has_more" | "next_url" | "total_pages" | "items"
    )
}

/// The words of `paginate(…)` that say `pagination`, as
/// `#[endpoint(paginate(…))]` reads them back: what a code generator writes
/// for a scheme it found.
///
/// ```
/// use endpoint_macros_core::paginate_words;
/// use endpoint_runtime::model::{Next, Pagination};
///
/// let stripe = Pagination {
///     next: Next::AfterLastItem {
///         param: "starting_after".to_owned(),
///         key: "/id".to_owned(),
///         more: "/has_more".to_owned(),
///     },
///     items: Some("/data".to_owned()),
/// };
/// assert_eq!(
///     paginate_words(&stripe).to_string(),
///     r#"after_last_item = "/id" , param = "starting_after" , has_more = "/has_more" , items = "/data""#
/// );
/// ```
pub fn paginate_words(pagination: &Pagination<String>) -> TokenStream {
    let next = match &pagination.next {
        Next::Link => quote!(link),
        Next::Cursor { pointer, param } => quote!(cursor = #pointer, param = #param),
        Next::AfterLastItem { param, key, more } => {
            quote!(after_last_item = #key, param = #param, has_more = #more)
        }
        Next::NextUrl { pointer } => quote!(next_url = #pointer),
        Next::Offset { param, limit } => quote!(offset = #param, limit = #limit),
        Next::PageNumber { param, total } => match total {
            Some(total) => quote!(page = #param, total_pages = #total),
            None => quote!(page = #param),
        },
    };
    match &pagination.items {
        Some(items) => quote!(#next, items = #items),
        None => next,
    }
}

/// Reads `paginate(…)`: one scheme and its words, each at most once, each
/// value a JSON pointer (`/…`) or a query parameter's name as the word
/// wants. Every mistake is recorded in `cx` at the word or value it is
/// about; `None` when there is one.
fn paginate(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<Pagination<String>>> {
    let errors = cx.error_count();
    let mut words: Vec<(String, Option<String>, Span)> = Vec::new();
    meta.parse_nested_meta(|word| {
        let span = word.path.span();
        let name = word.path.to_token_stream().to_string().replace(' ', "");
        let value = if word.input.peek(syn::Token![=]) {
            let lit: LitStr = word.value()?.parse()?;
            Some((lit.value(), lit.span()))
        } else {
            None
        };
        let known = name == "items"
            || SCHEMES
                .iter()
                .any(|(scheme, with)| *scheme == name || with.iter().any(|(w, _)| *w == name));
        if !known {
            cx.error_at(
                span,
                format!("unknown word `{name}` in `paginate(…)`: expected {PAGINATE_WORDS}"),
            );
        } else if words.iter().any(|(seen, ..)| *seen == name) {
            cx.error_at(span, format!("`{name}` is given twice in `paginate(…)`"));
        }
        match (&value, name.as_str()) {
            (Some((_, at)), "link") => cx.error_at(*at, "`link` in `paginate(…)` takes no value"),
            (None, "link") => {}
            (None, _) if known => cx.error_at(
                span,
                format!("`{name}` in `paginate(…)` needs a value: `{name} = \"…\"`"),
            ),
            (Some((text, at)), _) if known && is_pointer_word(&name) && !text.starts_with('/') => {
                cx.error_at(
                    *at,
                    format!(
                        "`{name} = \"{text}\"` in `paginate(…)`: expected a JSON pointer \
                         (RFC 6901) into the answer, starting with `/`, such as `/data`"
                    ),
                );
            }
            (Some((text, at)), _)
                if known
                    && !is_pointer_word(&name)
                    && (text.is_empty() || text.contains(['&', '=', '#', '?', ' '])) =>
            {
                cx.error_at(
                    *at,
                    format!(
                        "`{name} = \"{text}\"` in `paginate(…)`: expected the name of a query \
                         parameter, such as `cursor`"
                    ),
                );
            }
            _ => {}
        }
        words.push((name, value.map(|(text, _)| text), span));
        Ok(())
    })?;
    let value = |name: &str| {
        words
            .iter()
            .find(|(word, ..)| word == name)
            .and_then(|(_, value, _)| value.clone())
    };
    let schemes: Vec<&(String, Option<String>, Span)> = words
        .iter()
        .filter(|(word, ..)| SCHEMES.iter().any(|(scheme, _)| scheme == word))
        .collect();
    let (scheme, span) = match schemes[..] {
        [(scheme, _, span)] => (scheme.as_str(), *span),
        [] => {
            cx.error_at(
                meta.path.span(),
                format!("`paginate(…)` names no scheme: expected {PAGINATE_WORDS}"),
            );
            return Ok(None);
        }
        [_, (second, _, span), ..] => {
            cx.error_at(
                *span,
                format!("`paginate(…)` names one scheme; `{second}` is a second one"),
            );
            return Ok(None);
        }
    };
    let with = SCHEMES
        .iter()
        .find(|(name, _)| *name == scheme)
        .map_or(&[][..], |(_, with)| *with);
    for (word, _, at) in &words {
        let other = SCHEMES
            .iter()
            .any(|(_, w)| w.iter().any(|(name, _)| name == word));
        if other && !with.iter().any(|(name, _)| name == word) {
            cx.error_at(
                *at,
                format!("`{word}` is not a word of `paginate({scheme})`"),
            );
        }
    }
    for (name, required) in with {
        if *required && !words.iter().any(|(word, ..)| word == name) {
            cx.error_at(span, format!("`paginate({scheme})` needs `{name} = \"…\"`"));
        }
    }
    if cx.error_count() > errors {
        return Ok(None);
    }
    let text = |name: &str| value(name).unwrap_or_default();
    let next = match scheme {
        "link" => Next::Link,
        "cursor" => Next::Cursor {
            pointer: text("cursor"),
            param: text("param"),
        },
        "after_last_item" => Next::AfterLastItem {
            key: text("after_last_item"),
            param: text("param"),
            more: text("has_more"),
        },
        "next_url" => Next::NextUrl {
            pointer: text("next_url"),
        },
        "offset" => Next::Offset {
            param: text("offset"),
            limit: text("limit"),
        },
        _ => Next::PageNumber {
            param: text("page"),
            total: value("total_pages"),
        },
    };
    Ok(Some(Pagination {
        next,
        items: value("items"),
    }))
}

/// Reads `server = "…"`: an absolute `http(s)` URL or a path, without a
/// query, a fragment or user information. A bad one is a mistake recorded
/// in `cx`, at the string.
fn server(cx: &mut Ctxt, lit: &LitStr) -> Option<(String, Span)> {
    let server = lit.value();
    if let Some(reason) = server_error(&server) {
        cx.error_at(
            lit.span(),
            format!(
                "`server = \"{}\"` {reason}: a route's server is an absolute `https://` (or \
                 `http://`) URL such as `https://uploads.example.com`, or a path on the base URL \
                 such as `/v2`",
                server.escape_debug()
            ),
        );
        return None;
    }
    Some((server, lit.span()))
}

/// Reads `error = Type`: the type of the body of an answer that is not a
/// success. A string or no value at all is a mistake, recorded in `cx`.
fn error_type(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<syn::Type>> {
    let span = meta.path.span();
    if !meta.input.peek(syn::Token![=]) {
        cx.error_at(
            span,
            "`error` needs the type of the route's error bodies: `error = Type`",
        );
        return Ok(None);
    }
    let value = meta.value()?;
    if value.peek(LitStr) {
        let lit: LitStr = value.parse()?;
        cx.error_at(
            lit.span(),
            format!(
                "`error = Type` takes a type, not a string: `error = {}`",
                lit.value()
            ),
        );
        return Ok(None);
    }
    Ok(Some(value.parse()?))
}

/// Reads `accept = "…"`: media types or ranges separated by commas
/// (`text/plain`, `application/json, */*`), each maybe with parameters
/// (`;q=0.5`).
fn accept(cx: &mut Ctxt, lit: &LitStr) -> Option<(String, Span)> {
    let value = lit.value();
    if !value.is_empty() && value.split(',').all(|item| is_media_type(item.trim())) {
        return Some((value, lit.span()));
    }
    cx.error_at(
        lit.span(),
        format!(
            "`accept = \"{}\"` is not a list of media types: expected `type/subtype` or a \
             range such as `text/*` or `*/*`, separated by commas (`text/plain, \
             application/json`)",
            value.escape_debug()
        ),
    );
    None
}

/// Reads `api = path`: the path of a function `fn() -> &'static Api`.
/// A string or no value at all is a mistake, recorded in `cx`.
fn api_path(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<syn::Path>> {
    let span = meta.path.span();
    if !meta.input.peek(syn::Token![=]) {
        cx.error_at(
            span,
            "`api` needs the path of the function that gives the API's settings: \
             `api = crate::api` (a `fn() -> &'static endpoint::Api`)",
        );
        return Ok(None);
    }
    let value = meta.value()?;
    if value.peek(LitStr) {
        let lit: LitStr = value.parse()?;
        cx.error_at(
            lit.span(),
            format!(
                "`api = path` takes the path of a function, not a string: `api = {}`",
                lit.value()
            ),
        );
        return Ok(None);
    }
    let expr: syn::Expr = value.parse()?;
    match expr {
        syn::Expr::Path(path) if path.qself.is_none() && path.attrs.is_empty() => {
            Ok(Some(path.path))
        }
        other => {
            cx.error_at(
                other.span(),
                "`api = path` takes the path of a function (`crate::api`), not an expression",
            );
            Ok(None)
        }
    }
}

impl ItemAttrs {
    /// Reads the `#[endpoint(…)]` attributes of a struct; every mistake is
    /// recorded in `cx`.
    pub(crate) fn from_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> Self {
        let mut options = ItemAttrs::default();
        for attr in attrs {
            let read = attr.parse_nested_meta(|meta| {
                let span = meta.path.span();
                if meta.path.is_ident("server") {
                    let lit: LitStr = meta.value()?.parse()?;
                    if options.server.is_some() {
                        cx.error_at(span, "`server` is given twice");
                    }
                    options.server = server(cx, &lit);
                } else if meta.path.is_ident("content_type") {
                    let lit: LitStr = meta.value()?.parse()?;
                    if options.content_type.is_some() {
                        cx.error_at(span, "`content_type` is given twice");
                    }
                    options.content_type = media_type(cx, &lit);
                } else if meta.path.is_ident("paginate") {
                    if options.paginate.is_some() {
                        cx.error_at(span, "`paginate` is given twice");
                    }
                    options.paginate = paginate(cx, &meta)?;
                } else if meta.path.is_ident("error") {
                    if options.error.is_some() {
                        cx.error_at(span, "`error` is given twice");
                    }
                    options.error = error_type(cx, &meta)?;
                } else if meta.path.is_ident("body_required") {
                    if options.body_required.is_some() {
                        cx.error_at(span, "`body_required` is given twice");
                    }
                    options.body_required = Some(span);
                } else if meta.path.is_ident("accept") {
                    let lit: LitStr = meta.value()?.parse()?;
                    if options.accept.is_some() {
                        cx.error_at(span, "`accept` is given twice");
                    }
                    options.accept = accept(cx, &lit);
                } else if meta.path.is_ident("api") {
                    if options.api.is_some() {
                        cx.error_at(span, "`api` is given twice");
                    }
                    options.api = api_path(cx, &meta)?;
                } else if meta.path.is_ident("spec") {
                    let lit: LitStr = meta.value()?.parse()?;
                    if options.spec.is_some() {
                        cx.error_at(span, "`spec` is given twice");
                    }
                    if lit.value().trim().is_empty() {
                        cx.error_at(
                            lit.span(),
                            "`spec = \"\"` names no file: expected the path of an OpenAPI \
                             description relative to the crate's directory, such as \
                             `spec = \"api.yaml\"`",
                        );
                    } else {
                        options.spec = Some(lit);
                    }
                } else if meta.path.is_ident("operation") {
                    let lit: LitStr = meta.value()?.parse()?;
                    if options.operation.is_some() {
                        cx.error_at(span, "`operation` is given twice");
                    }
                    options.operation = Some(lit);
                } else if meta.path.is_ident("uploads") {
                    cx.error_at(
                        span,
                        "unknown option `uploads` in `#[endpoint(…)]` on a struct: a route sent \
                         to another host names it, `server = \"https://uploads.github.com\"` \
                         for GitHub's uploads",
                    );
                } else {
                    let name = meta.path.to_token_stream().to_string().replace(' ', "");
                    cx.error_at(
                        span,
                        format!(
                            "unknown option `{name}` in `#[endpoint(…)]` on a struct: expected \
                             `server = \"…\"`, `content_type = \"…\"`, \
                             `body_required`, `accept = \"…\"`, `api = path`, `paginate(…)`, \
                             `error = Type`, `spec = \"…\"` or `operation = \"…\"` \
                             (`rename`, the locations and the styles are for fields)"
                        ),
                    );
                    if meta.input.peek(syn::Token![=]) {
                        let _: syn::Expr = meta.value()?.parse()?;
                    }
                }
                Ok(())
            });
            if let Err(err) = read {
                cx.push(err);
            }
        }
        if let (Some(operation), None) = (&options.operation, &options.spec) {
            cx.error_at(
                operation.span(),
                "`operation = \"…\"` names an operation of the description that `spec = \"…\"` \
                 names: give the description too",
            );
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::FieldDef;
    use crate::ctxt::{assert_reported, check_tokens};
    use quote::quote;

    fn read(field: proc_macro2::TokenStream) -> (FieldAttrs, Vec<String>) {
        check_tokens(field, |cx, field: &FieldDef| {
            FieldAttrs::from_attrs(cx, &field.options)
        })
    }

    #[test]
    fn options() {
        let (attrs, errors) =
            read(quote!(#[endpoint(rename = "per-page")] #[endpoint(query)] per_page: u32));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(attrs.rename.as_ref().unwrap().0, "per-page");
        assert!(attrs.at(Location::Query).is_some());
        assert!(attrs.at(Location::Body).is_none());
    }

    #[test]
    fn error_option() {
        let read = |item: proc_macro2::TokenStream| {
            check_tokens(item, |cx, item: &crate::ast::ItemDef| {
                ItemAttrs::from_attrs(cx, &item.options)
                    .error
                    .map(|ty| ty.to_token_stream().to_string())
            })
        };
        let (error, messages) =
            read(quote!(#[endpoint(error = crate::models::BasicError)] struct S = "GET /x";));
        assert!(messages.is_empty(), "{messages:?}");
        assert_eq!(error.as_deref(), Some("crate :: models :: BasicError"));
        let (error, messages) = read(
            quote!(#[endpoint(error = Vec<u8>, body_required)] #[endpoint(error = E)] struct S = "POST /x";),
        );
        assert_eq!(error.as_deref(), Some("E"));
        assert_reported(&messages, &["`error` is given twice"]);
        let (error, messages) = read(quote!(#[endpoint(error = "Problem")] struct S = "GET /x";));
        assert_eq!(error, None);
        assert_reported(
            &messages,
            &["`error = Type` takes a type, not a string: `error = Problem`"],
        );
        let (error, messages) = read(quote!(#[endpoint(error)] struct S = "GET /x";));
        assert_eq!(error, None);
        assert_reported(
            &messages,
            &["`error` needs the type of the route's error bodies"],
        );
    }

    #[test]
    fn api_accept_and_body_required_options() {
        let read = |item: proc_macro2::TokenStream| {
            check_tokens(item, |cx, item: &crate::ast::ItemDef| {
                let attrs = ItemAttrs::from_attrs(cx, &item.options);
                (
                    attrs.api.map(|path| path.to_token_stream().to_string()),
                    attrs.accept.map(|(accept, _)| accept),
                    attrs.body_required.is_some(),
                )
            })
        };
        let ((api, accept, required), messages) = read(quote!(
            #[endpoint(api = crate::api, accept = "text/plain, application/x-tar;q=0.5, */*")]
            #[endpoint(body_required, content_type = "application/json")]
            struct S = "POST /x";
        ));
        assert!(messages.is_empty(), "{messages:?}");
        assert_eq!(api.as_deref(), Some("crate :: api"));
        assert_eq!(
            accept.as_deref(),
            Some("text/plain, application/x-tar;q=0.5, */*")
        );
        assert!(required);

        let ((api, ..), messages) =
            read(quote!(#[endpoint(api = "crate::api")] struct S = "GET /x";));
        assert_eq!(api, None);
        assert_reported(
            &messages,
            &["`api = path` takes the path of a function, not a string: `api = crate::api`"],
        );
        let ((api, ..), messages) = read(quote!(#[endpoint(api)] struct S = "GET /x";));
        assert_eq!(api, None);
        assert_reported(&messages, &["`api` needs the path of the function"]);
        let ((api, ..), messages) = read(quote!(#[endpoint(api = api() )] struct S = "GET /x";));
        assert_eq!(api, None);
        assert_reported(
            &messages,
            &["takes the path of a function (`crate::api`), not an expression"],
        );
        let ((api, ..), messages) =
            read(quote!(#[endpoint(api = a, api = b)] struct S = "GET /x";));
        assert_eq!(api.as_deref(), Some("b"));
        assert_reported(&messages, &["`api` is given twice"]);

        let ((_, accept, _), messages) =
            read(quote!(#[endpoint(accept = "text plain")] struct S = "GET /x";));
        assert_eq!(accept, None);
        assert_reported(
            &messages,
            &["`accept = \"text plain\"` is not a list of media types"],
        );
        let ((_, accept, _), messages) =
            read(quote!(#[endpoint(accept = "")] struct S = "GET /x";));
        assert_eq!(accept, None);
        assert_reported(&messages, &["`accept = \"\"` is not a list of media types"]);
        let (_, messages) = read(
            quote!(#[endpoint(accept = "text/plain", accept = "text/html")] struct S = "GET /x";),
        );
        assert_reported(&messages, &["`accept` is given twice"]);
        let (_, messages) =
            read(quote!(#[endpoint(body_required, body_required)] struct S = "POST /x";));
        assert_reported(&messages, &["`body_required` is given twice"]);
    }

    #[test]
    fn paginate_options() {
        let read = |item: proc_macro2::TokenStream| {
            check_tokens(item, |cx, item: &crate::ast::ItemDef| {
                ItemAttrs::from_attrs(cx, &item.options)
            })
        };
        for (item, next, items) in [
            (
                quote!(#[endpoint(paginate(link))] struct S = "GET /x";),
                Next::Link,
                None,
            ),
            (
                quote!(#[endpoint(paginate(cursor = "/metadata/continue", param = "continue", items = "/items"))] struct S = "GET /x";),
                Next::Cursor {
                    pointer: "/metadata/continue".into(),
                    param: "continue".into(),
                },
                Some("/items"),
            ),
            (
                quote!(#[endpoint(paginate(items = "/data", after_last_item = "/id", has_more = "/has_more", param = "starting_after"))] struct S = "GET /x";),
                Next::AfterLastItem {
                    key: "/id".into(),
                    param: "starting_after".into(),
                    more: "/has_more".into(),
                },
                Some("/data"),
            ),
            (
                quote!(#[endpoint(paginate(next_url = "/next_page_uri"))] struct S = "GET /x";),
                Next::NextUrl {
                    pointer: "/next_page_uri".into(),
                },
                None,
            ),
            (
                quote!(#[endpoint(paginate(offset = "offset", limit = "limit"))] struct S = "GET /x";),
                Next::Offset {
                    param: "offset".into(),
                    limit: "limit".into(),
                },
                None,
            ),
            (
                quote!(#[endpoint(paginate(page = "page", total_pages = "/meta/pages"))] struct S = "GET /x";),
                Next::PageNumber {
                    param: "page".into(),
                    total: Some("/meta/pages".into()),
                },
                None,
            ),
        ] {
            let (attrs, errors) = read(item);
            assert!(errors.is_empty(), "{errors:?}");
            let paginate = attrs.paginate.expect("a scheme");
            assert_eq!(paginate.next, next);
            assert_eq!(paginate.items.as_deref(), items);
            // What a generator writes for the scheme reads back as it.
            let words = paginate_words(&paginate);
            let (again, errors) = read(quote!(#[endpoint(paginate(#words))] struct S = "GET /x";));
            assert!(errors.is_empty(), "{words}: {errors:?}");
            assert_eq!(again.paginate, Some(paginate));
        }
        for (item, message) in [
            (
                quote!(#[endpoint(paginate(items = "/data"))] struct S = "GET /x";),
                "names no scheme",
            ),
            (
                quote!(#[endpoint(paginate(link, offset = "o", limit = "l"))] struct S = "GET /x";),
                "`offset` is a second one",
            ),
            (
                quote!(#[endpoint(paginate(link = "x"))] struct S = "GET /x";),
                "`link` in `paginate(…)` takes no value",
            ),
            (
                quote!(#[endpoint(paginate(cursor))] struct S = "GET /x";),
                "`cursor` in `paginate(…)` needs a value",
            ),
            (
                quote!(#[endpoint(paginate(cursor = "/c"))] struct S = "GET /x";),
                "`paginate(cursor)` needs `param = \"…\"`",
            ),
            (
                quote!(#[endpoint(paginate(cursor = "c", param = "c"))] struct S = "GET /x";),
                "expected a JSON pointer",
            ),
            (
                quote!(#[endpoint(paginate(page = "a&b"))] struct S = "GET /x";),
                "expected the name of a query parameter",
            ),
            (
                quote!(#[endpoint(paginate(page = "p", limit = "l"))] struct S = "GET /x";),
                "`limit` is not a word of `paginate(page)`",
            ),
            (
                quote!(#[endpoint(paginate(link, link))] struct S = "GET /x";),
                "`link` is given twice",
            ),
            (
                quote!(#[endpoint(paginate(link, next = "/n"))] struct S = "GET /x";),
                "unknown word `next`",
            ),
            (
                quote!(#[endpoint(paginate(link), paginate(link))] struct S = "GET /x";),
                "`paginate` is given twice",
            ),
            (
                quote!(#[endpoint(paginate(link, items = "data"))] struct S = "GET /x";),
                "`items = \"data\"`",
            ),
        ] {
            let (attrs, errors) = read(item.clone());
            assert!(
                errors.iter().any(|e| e.contains(message)),
                "{item}: {errors:?}"
            );
            // A second `paginate(…)` is read too, and is the one kept.
            if !message.starts_with("`paginate` is given twice") {
                assert!(attrs.paginate.is_none(), "{item}");
            }
        }
    }

    #[test]
    fn item_options() {
        let read = |item: proc_macro2::TokenStream| {
            check_tokens(item, |cx, item: &crate::ast::ItemDef| {
                ItemAttrs::from_attrs(cx, &item.options)
            })
        };
        let (attrs, errors) = read(
            quote!(#[endpoint(server = "https://files.example.com/v1")] struct S = "POST /x";),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            attrs.server.map(|(server, _)| server).as_deref(),
            Some("https://files.example.com/v1")
        );
        for (server, reason) in [
            ("files.example.com", "neither an absolute"),
            ("https://files.example.com?a=1", "has a query"),
            ("https://files.example.com/#x", "has a fragment"),
            ("https://me:pw@files.example.com", "user information"),
            ("https://{region}.example.com", "`{variable}`"),
            ("ftp://files.example.com", "neither an absolute"),
            ("//files.example.com", "without a scheme"),
            ("", "is empty"),
        ] {
            let (attrs, errors) = read(quote!(#[endpoint(server = #server)] struct S = "POST /x";));
            assert!(attrs.server.is_none(), "{server}");
            assert!(
                errors
                    .iter()
                    .any(|e| e.contains(reason) && e.contains("`server = ")),
                "{server}: {errors:?}"
            );
        }
        let (_, errors) =
            read(quote!(#[endpoint(server = "/a", server = "/b")] struct S = "POST /x";));
        assert!(
            errors.iter().any(|e| e.contains("`server` is given twice")),
            "{errors:?}"
        );
        let (_, errors) = read(quote!(#[endpoint(body_required, query)] struct S = "POST /x";));
        assert!(
            errors
                .iter()
                .any(|e| e.contains("unknown option `query` in `#[endpoint(…)]` on a struct")),
            "{errors:?}"
        );
        // A route sent to GitHub's uploads host names it as its server.
        let (attrs, errors) = read(quote!(#[endpoint(uploads)] struct S = "POST /x";));
        assert!(attrs.server.is_none());
        assert!(
            errors.iter().any(|e| e.contains("unknown option `uploads`")
                && e.contains("`server = \"https://uploads.github.com\"`")),
            "{errors:?}"
        );
    }

    #[test]
    fn spec_options() {
        let read = |item: proc_macro2::TokenStream| {
            check_tokens(item, |cx, item: &crate::ast::ItemDef| {
                let attrs = ItemAttrs::from_attrs(cx, &item.options);
                (
                    attrs.spec.map(|lit| lit.value()),
                    attrs.operation.map(|lit| lit.value()),
                )
            })
        };
        let (read_back, errors) =
            read(quote!(#[endpoint(spec = "api.yaml", operation = "getPet")] struct S = "GET /x";));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            read_back,
            (Some("api.yaml".to_owned()), Some("getPet".to_owned()))
        );
        let (_, errors) = read(quote!(#[endpoint(operation = "getPet")] struct S = "GET /x";));
        assert_reported(&errors, &["give the description too"]);
        let (read_back, errors) = read(quote!(#[endpoint(spec = " ")] struct S = "GET /x";));
        assert_eq!(read_back.0, None);
        assert_reported(&errors, &["`spec = \"\"` names no file"]);
        let (_, errors) =
            read(quote!(#[endpoint(spec = "a.yaml", spec = "b.yaml")] struct S = "GET /x";));
        assert_reported(&errors, &["`spec` is given twice"]);
        let (_, errors) = read(quote!(#[endpoint(spec = api)] struct S = "GET /x";));
        assert_reported(&errors, &["expected string literal"]);
    }

    #[test]
    fn option_errors() {
        let errors = read(quote!(#[endpoint(query, body)] a: u32)).1;
        assert!(
            errors
                .iter()
                .any(|e| e.contains("both `query` and `body`: a parameter has one location")),
            "{errors:?}"
        );
        let (attrs, errors) = read(quote!(#[endpoint(frobnicate = 1, rename = "b")] b: u32));
        assert!(
            errors
                .iter()
                .any(|e| e.contains("unknown option `frobnicate`")),
            "{errors:?}"
        );
        assert_eq!(attrs.rename.unwrap().0, "b", "the next options are read");
        let errors = read(quote!(#[endpoint(rename = 3)] c: u32)).1;
        assert!(
            errors.iter().any(|e| e.contains("expected string literal")),
            "{errors:?}"
        );
        let errors = read(quote!(#[endpoint(multi_segment, query)] c: u32)).1;
        assert!(
            errors
                .iter()
                .any(|e| e.contains("both `multi_segment` and `query`")),
            "{errors:?}"
        );
        let (attrs, errors) = read(quote!(#[endpoint(multi_segment)] c: String));
        assert!(errors.is_empty(), "{errors:?}");
        assert!(attrs.multi_segment.is_some());
        let errors = read(quote!(#[endpoint(body, body)] c: u32)).1;
        assert!(
            errors.iter().any(|e| e.contains("`body` is given twice")),
            "{errors:?}"
        );
    }

    #[test]
    fn styles_and_bodies() {
        let (attrs, errors) = read(quote! {
            #[endpoint(query, style = "deepObject", explode, allow_reserved, arrays = "indices")]
            filter: Filter
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(attrs.location.map(|(loc, _)| loc), Some(Location::Query));
        assert_eq!(attrs.style.map(|(style, _)| style), Some(Style::DeepObject));
        assert_eq!(attrs.explode.map(|(explode, _)| explode), Some(true));
        assert!(attrs.allow_reserved.is_some());
        assert_eq!(attrs.arrays.map(|(indices, _)| indices), Some(true));
        let (attrs, errors) = read(quote! {
            #[endpoint(header, explode = false)] #[endpoint(rename = "X-Id")] id: u32
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(attrs.location.map(|(loc, _)| loc), Some(Location::Header));
        assert_eq!(attrs.explode.map(|(explode, _)| explode), Some(false));
        let (attrs, errors) = read(quote! {
            #[endpoint(request_body, content_type = "text/plain; charset=\"utf-8\"")] text: String
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            attrs
                .content_type
                .map(|(media_type, _)| media_type)
                .as_deref(),
            Some("text/plain; charset=\"utf-8\"")
        );
        let (attrs, errors) = read(quote!(#[endpoint(arrays = "brackets", cookie)] c: Vec<u8>));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(attrs.arrays.map(|(indices, _)| indices), Some(false));
    }

    #[test]
    fn style_and_body_errors() {
        let errors = read(quote!(#[endpoint(query, style = "deep_object")] a: u32)).1;
        assert_reported(
            &errors,
            &[
                "unknown style `deep_object`: expected one of OpenAPI's styles, `\"simple\"`, \
               `\"label\"`, `\"matrix\"`, `\"form\"`, `\"spaceDelimited\"`, `\"pipeDelimited\"` \
               or `\"deepObject\"`",
            ],
        );
        let errors = read(quote!(#[endpoint(header, cookie)] a: u32)).1;
        assert_reported(
            &errors,
            &["both `header` and `cookie`: a parameter has one location"],
        );
        let errors = read(quote!(#[endpoint(query, query)] a: u32)).1;
        assert_reported(&errors, &["`query` is given twice"]);
        let errors = read(quote!(#[endpoint(arrays = "commas")] a: u32)).1;
        assert_reported(&errors, &["unknown bracket rule `commas`"]);
        let errors = read(quote!(#[endpoint(explode = "no")] a: u32)).1;
        assert_reported(&errors, &["expected boolean literal"]);
        for media_type in [
            "text",
            "text/",
            "/plain",
            "text/pl ain",
            "text/plain; charset",
            "a/b; c=\"d\"e\"",
        ] {
            let lit = syn::LitStr::new(media_type, Span::call_site());
            let errors = read(quote!(#[endpoint(request_body, content_type = #lit)] a: u32)).1;
            assert_reported(&errors, &[&format!("`{media_type}` is not a media type")]);
        }
        for media_type in [
            "text/plain",
            "application/vnd.github+json",
            "multipart/form-data; boundary=x",
            "a/b; c=\"d e\"",
        ] {
            assert!(is_media_type(media_type), "{media_type}");
        }
        let errors = read(quote!(#[endpoint(multi_segment, header)] a: String)).1;
        assert_reported(&errors, &["both `multi_segment` and `header`"]);
        let read_item = |item: proc_macro2::TokenStream| {
            check_tokens(item, |cx, item: &crate::ast::ItemDef| {
                ItemAttrs::from_attrs(cx, &item.options)
            })
        };
        let (attrs, errors) = read_item(
            quote!(#[endpoint(content_type = "multipart/form-data")] struct S = "POST /x";),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(attrs.content_type.unwrap().0, "multipart/form-data");
        let (_, errors) =
            read_item(quote!(#[endpoint(content_type = "form")] struct S = "POST /x";));
        assert_reported(&errors, &["`form` is not a media type"]);
    }
}
