//! `parse`: merged options turned into a [`Request`] (reference behaviour, section 5).
//!
//! [`parse`] reads merged options (a JSON object); [`build`] is the engine it
//! shares with typed requests, which reach it with a template parsed at
//! compile time and their own [`Params`].

use std::borrow::Cow;
use std::fmt::Write as _;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::headers::{self, Headers};
use crate::merge::is_reserved;
use crate::params::{Param, Params};
use crate::request::{Body, Request};
use crate::template::Template;

/// The content type of a JSON body, set when the caller set none.
const JSON_CONTENT_TYPE: &str = "application/json; charset=utf-8";

/// Everything [`build`] needs besides the parameters.
pub(crate) struct Input<'a, 't> {
    /// The method as given (any case).
    pub method: &'a str,
    /// The base URL, joined to a path URL.
    pub base_url: &'a str,
    /// The parsed URL template.
    pub template: &'a Template<'t>,
    /// The headers: lowercase names, values validated.
    pub headers: Headers,
    /// `mediaType.format`, empty for none.
    pub format: &'a str,
    /// `mediaType.previews`.
    pub previews: Vec<Cow<'a, str>>,
    /// The `request` passthrough.
    pub request: Option<Value>,
}

/// `parse(merged)`: reads the merged options and builds the request.
pub(crate) fn parse(merged: &Map<String, Value>) -> Result<Request> {
    let method = method_of(merged.get("method"))?;
    let url = url_of(merged.get("url"))?;
    let base_url = base_url_of(merged.get("baseUrl"))?;
    let headers = match merged.get("headers") {
        None | Some(Value::Null) => Headers::new(),
        Some(Value::Object(given)) => headers::from_json(given.iter(), given.len())?,
        Some(_) => return Err(option_error("headers", "must be an object")),
    };
    let (format, previews) = match merged.get("mediaType") {
        None => ("", Vec::new()),
        Some(Value::Object(media_type)) => (
            format_of(media_type.get("format"))?,
            match media_type.get("previews") {
                None => Vec::new(),
                Some(previews) => previews_of(previews)?.map(Cow::Borrowed).collect(),
            },
        ),
        Some(_) => return Err(option_error("mediaType", "must be an object")),
    };
    let request = request_of(merged.get("request"));
    crate::template::with_parsed(url, |template| {
        let input = Input {
            method,
            base_url,
            template,
            headers,
            format,
            previews,
            request,
        };
        build(input, &OptionParams(merged))
    })?
}

pub(crate) fn option_error(key: &str, reason: &'static str) -> Error {
    Error::Option {
        key: key.into(),
        reason,
    }
}

/// The `method` option: a string is required.
pub(crate) fn method_of(method: Option<&Value>) -> Result<&str> {
    match method {
        Some(Value::String(method)) => Ok(method),
        Some(other) => Err(Error::Method {
            method: other.to_string(),
            reason: "the method must be a string",
        }),
        None => Err(Error::Method {
            method: String::new(),
            reason: "no method was given",
        }),
    }
}

/// The `url` option: missing, `null` or empty means `/`.
pub(crate) fn url_of(url: Option<&Value>) -> Result<&str> {
    match url {
        None | Some(Value::Null) => Ok("/"),
        Some(Value::String(url)) if url.is_empty() => Ok("/"),
        Some(Value::String(url)) => Ok(url),
        Some(_) => Err(option_error("url", "must be a string")),
    }
}

/// The `baseUrl` option: missing means none.
pub(crate) fn base_url_of(base_url: Option<&Value>) -> Result<&str> {
    match base_url {
        None => Ok(""),
        Some(Value::String(base_url)) => Ok(base_url),
        Some(_) => Err(option_error("baseUrl", "must be a string")),
    }
}

/// `mediaType.format`: missing or `null` means none.
pub(crate) fn format_of(format: Option<&Value>) -> Result<&str> {
    match format {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(format)) => Ok(format),
        Some(_) => Err(option_error("mediaType.format", "must be a string")),
    }
}

/// `mediaType.previews`: a list of strings.
pub(crate) fn previews_of(previews: &Value) -> Result<impl Iterator<Item = &str> + Clone> {
    let error = || option_error("mediaType.previews", "must be a list of strings");
    match previews {
        Value::Array(list) if list.iter().all(Value::is_string) => {
            Ok(list.iter().filter_map(Value::as_str))
        }
        _ => Err(error()),
    }
}

/// The `request` passthrough: present and not `null`.
pub(crate) fn request_of(request: Option<&Value>) -> Option<Value> {
    match request {
        None | Some(Value::Null) => None,
        Some(request) => Some(request.clone()),
    }
}

/// The parameters of merged options: every key but the six reserved ones.
pub(crate) struct OptionParams<'a>(pub &'a Map<String, Value>);

impl Params for OptionParams<'_> {
    fn get(&self, name: &str) -> Result<Option<Param<'_>>> {
        if is_reserved(name) {
            return Ok(None);
        }
        Ok(self.0.get(name).map(Param::Json))
    }

    fn for_each_remaining(
        &self,
        template: &Template<'_>,
        f: &mut dyn FnMut(&str, Param<'_>) -> Result<()>,
    ) -> Result<()> {
        let variables = template.variable_set();
        for (key, value) in self.0 {
            if !is_reserved(key) && !variables.contains(key) {
                f(key, Param::Json(value))?;
            }
        }
        Ok(())
    }
}

/// The request engine: method, URL, query or body, headers.
pub(crate) fn build(input: Input<'_, '_>, params: &dyn Params) -> Result<Request> {
    let Input {
        method,
        base_url,
        template,
        mut headers,
        format,
        previews,
        request,
    } = input;
    let method = Method::new(method)?;

    // Room for a typical path and query without growing.
    let mut url = String::with_capacity(base_url.len() + 128);
    url.push_str(base_url);
    template.expand_url(params, &mut url)?;
    join_base_url(&mut url, base_url)?;

    let accept = headers::compose_accept(
        headers.get("accept"),
        format,
        previews.iter().map(|preview| &**preview),
    )?;
    if let Some(accept) = accept {
        headers.insert("accept", accept);
    }

    let mut body = None;
    if method.has_query() {
        append_query(&mut url, template, params)?;
    } else {
        body = build_body(template, params)?;
        match &body {
            Some(_) => {
                if headers.get("content-type").is_none_or(str::is_empty) {
                    headers.insert("content-type", JSON_CONTENT_TYPE);
                }
            }
            None => {
                headers.insert("content-length", "0");
                if method.empty_body_is_text() {
                    body = Some(Body::Text(String::new()));
                }
            }
        }
    }

    Ok(Request {
        method: method.lowercase,
        url,
        headers,
        body,
        request,
    })
}

/// The method of a request being built.
struct Method {
    lowercase: Cow<'static, str>,
}

impl Method {
    /// Uppercases like the reference (Unicode), then requires an HTTP token.
    fn new(given: &str) -> Result<Self> {
        const KNOWN: [&str; 7] = ["get", "post", "put", "patch", "delete", "head", "options"];
        if let Some(known) = KNOWN.iter().find(|known| known.eq_ignore_ascii_case(given)) {
            return Ok(Method {
                lowercase: Cow::Borrowed(known),
            });
        }
        let upper: Cow<'_, str> = if given.is_ascii() {
            Cow::Borrowed(given)
        } else {
            Cow::Owned(given.to_uppercase())
        };
        if !headers::is_token(&upper) {
            return Err(Error::Method {
                method: given.to_owned(),
                reason: "not an HTTP method token",
            });
        }
        Ok(Method {
            lowercase: Cow::Owned(upper.to_ascii_lowercase()),
        })
    }

    /// GET and HEAD send parameters in the query string; the others in a body.
    fn has_query(&self) -> bool {
        matches!(&*self.lowercase, "get" | "head")
    }

    /// PUT and PATCH without a body still send `body: ""`.
    fn empty_body_is_text(&self) -> bool {
        matches!(&*self.lowercase, "put" | "patch")
    }
}

/// Whether `url` starts with `http://` or `https://`, in any letter case.
fn is_absolute(url: &str) -> bool {
    let starts = |prefix: &str| {
        url.get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    starts("http://") || starts("https://")
}

/// `url` holds the base URL followed by the expanded template; makes it the
/// final URL (reference behaviour 5.5 with the port's rules e and m).
fn join_base_url(url: &mut String, base_url: &str) -> Result<()> {
    let start = base_url.len();
    let expanded = &url[start..];
    if is_absolute(expanded) {
        url.drain(..start);
    } else if expanded.starts_with('/') {
        url.drain(base_url.trim_end_matches('/').len()..start);
    } else if !(base_url.is_empty() || base_url.ends_with('/')) {
        return Err(Error::UrlForm {
            url: expanded.to_owned(),
            base_url: base_url.to_owned(),
        });
    }
    Ok(())
}

/// Appends the remaining parameters to the query string of a GET or HEAD URL.
fn append_query(
    url: &mut String,
    template: &Template<'_>,
    params: &(impl Params + ?Sized),
) -> Result<()> {
    let mut separator = if url.contains('?') { '&' } else { '?' };
    params.for_each_remaining(template, &mut |key, value| {
        let value = value.resolve();
        if matches!(value, Param::Null) {
            return Ok(());
        }
        url.push(separator);
        separator = '&';
        url.push_str(key);
        url.push('=');
        write_query_value(url, key, &value)
    })
}

/// Bytes a query value keeps as they are: `A–Z a–z 0–9 - _ . ! ~ * ' ( )`
/// (JavaScript's `encodeURIComponent`).
const fn query_keeps(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
        || matches!(
            byte,
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
        )
}

fn push_query_encoded(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        if !query_keeps(byte) {
            // Kept bytes are ASCII, so a non-empty run starts on a char boundary.
            if start < i {
                out.push_str(&text[start..i]);
            }
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xF)]));
            start = i + 1;
        }
    }
    out.push_str(&text[start..]);
}

/// Writes one query value: text conversion (lists joined with `,`, `null`
/// items empty, nested lists flattened), then percent-encoding. `q` keeps
/// its `+` signs.
fn write_query_value(url: &mut String, key: &str, value: &Param<'_>) -> Result<()> {
    match value {
        Param::Str(text) if key != "q" => {
            push_query_encoded(url, text);
            Ok(())
        }
        Param::U64(n) => {
            let _ = write!(url, "{n}");
            Ok(())
        }
        Param::I64(n) => {
            let _ = write!(url, "{n}");
            Ok(())
        }
        Param::Bool(b) => {
            url.push_str(if *b { "true" } else { "false" });
            Ok(())
        }
        _ => {
            let mut text = String::new();
            query_text(&mut text, key, value)?;
            if key == "q" {
                for (i, part) in text.split('+').enumerate() {
                    if i > 0 {
                        url.push('+');
                    }
                    push_query_encoded(url, part);
                }
            } else {
                push_query_encoded(url, &text);
            }
            Ok(())
        }
    }
}

/// The text of a query value before encoding.
fn query_text(out: &mut String, key: &str, value: &Param<'_>) -> Result<()> {
    if value.write_scalar(out) {
        return Ok(());
    }
    match value.resolve() {
        Param::Null => Ok(()),
        Param::Json(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                query_text(out, key, &Param::Json(item))?;
            }
            Ok(())
        }
        _ => Err(Error::Query {
            key: key.to_owned(),
            reason: "an object cannot be written into a query string",
        }),
    }
}

/// The body of a request that is not GET or HEAD: the `data` parameter as it
/// is, or else an object of the remaining parameters, or else none.
fn build_body(template: &Template<'_>, params: &(impl Params + ?Sized)) -> Result<Option<Body>> {
    let mut object = Vec::with_capacity(256);
    let mut data = None;
    let mut count = 0usize;
    params.for_each_remaining(template, &mut |key, value| {
        if key == "data" {
            data = Some(data_body(&value)?);
        } else if data.is_none() {
            object.push(if count == 0 { b'{' } else { b',' });
            count += 1;
            write_json_str(&mut object, key);
            object.push(b':');
            write_json(&mut object, key, &value)?;
        }
        Ok(())
    })?;
    if data.is_some() {
        return Ok(data);
    }
    if count == 0 {
        return Ok(None);
    }
    object.push(b'}');
    Ok(Some(Body::Json(json_string(object)?)))
}

/// The body for a `data` parameter: a string as it is, anything else as JSON.
fn data_body(value: &Param<'_>) -> Result<Body> {
    if let Param::Str(text) = value.resolve() {
        return Ok(Body::Text(text.to_owned()));
    }
    let mut buffer = Vec::new();
    write_json(&mut buffer, "data", value)?;
    Ok(Body::Json(json_string(buffer)?))
}

fn json_string(bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|err| Error::Convert(err.to_string()))
}

fn write_json_str(out: &mut Vec<u8>, text: &str) {
    // Writing to a Vec cannot fail.
    let _ = text.serialize(&mut serde_json::Serializer::with_formatter(
        &mut *out, JsNumbers,
    ));
}

/// Writes a parameter value as JSON.
fn write_json(out: &mut Vec<u8>, key: &str, value: &Param<'_>) -> Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(&mut *out, JsNumbers);
    let result = match value {
        Param::Null => ().serialize(&mut serializer),
        Param::Bool(b) => b.serialize(&mut serializer),
        Param::U64(n) => n.serialize(&mut serializer),
        Param::I64(n) => n.serialize(&mut serializer),
        Param::F64(n) => n.serialize(&mut serializer),
        Param::Str(s) => s.serialize(&mut serializer),
        Param::Json(v) => v.serialize(&mut serializer),
        Param::Owned(v) => v.serialize(&mut serializer),
    };
    result.map_err(|err| Error::Serialize {
        key: key.to_owned(),
        message: err.to_string(),
    })
}

/// JSON with numbers written as JavaScript's `JSON.stringify` writes them
/// (`1e+308`, `0` for `-0`, `1` for `1.0`), so that a body is byte for byte
/// the reference's.
struct JsNumbers;

impl serde_json::ser::Formatter for JsNumbers {
    fn write_f64<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        value: f64,
    ) -> std::io::Result<()> {
        let mut text = String::new();
        crate::params::write_f64(&mut text, value);
        writer.write_all(text.as_bytes())
    }
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
            join("https://api.github.com", "HTTP://example.com/a").unwrap(),
            "HTTP://example.com/a"
        );
        assert_eq!(join("", "x").unwrap(), "x");
        assert_eq!(
            join("https://ghe.example.com/api/v3/", "repos/x").unwrap(),
            "https://ghe.example.com/api/v3/repos/x"
        );
        assert!(matches!(
            join("https://api.github.com", ".evil.example/x"),
            Err(Error::UrlForm { .. })
        ));
        assert!(matches!(
            join("https://api.github.com", "GET"),
            Err(Error::UrlForm { .. })
        ));
    }

    #[test]
    fn query_values() {
        let text = |key: &str, value: serde_json::Value| {
            let mut url = String::new();
            write_query_value(&mut url, key, &Param::Json(&value).resolve()).map(|()| url)
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

    #[test]
    fn methods() {
        assert_eq!(Method::new("GET").unwrap().lowercase, "get");
        assert_eq!(Method::new("M-SEARCH").unwrap().lowercase, "m-search");
        assert!(Method::new("").is_err());
        assert!(Method::new("GE T").is_err());
    }
}
