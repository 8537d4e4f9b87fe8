//! The builder: one function that writes a [`Request`] from the options a
//! call resolved to ([`Input`]) and its parameters ([`Params`]): method, URL
//! (base URL, expanded template, query string), headers and body.

use std::borrow::Cow;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::headers::{self, AcceptCache, BodyHeader, BodyHeaders, Headers};
use crate::json;
use crate::params::Params;
use crate::request::{Body, Method, Request};
use crate::template::Template;
use crate::url;
use crate::value::Param;
use crate::wire::plan::{Location, Placement};
use crate::wire::style::{self, Query};

/// Everything [`build`] needs besides the parameters.
pub(crate) struct Input<'a, 'r, 't> {
    pub method: Method,
    /// The base URL, joined to a path URL.
    pub base_url: &'a str,
    /// The parsed URL template.
    pub template: &'r Template<'t>,
    /// The call's other options.
    pub options: Resolved<'a>,
}

/// What a call's options resolved to, besides its method, base URL and URL.
pub(crate) struct Resolved<'a> {
    /// The headers: lowercase names, values validated.
    pub headers: Headers,
    /// `mediaType.format`, empty for none; `accept` is composed from it and
    /// `previews` (both empty when `headers` already hold the composed one).
    pub format: &'a str,
    /// `mediaType.previews`.
    pub previews: Cow<'a, [Cow<'a, str>]>,
    /// The endpoint's composed `accept` headers, if it keeps them.
    pub accepts: Option<&'a AcceptCache>,
    /// The endpoint's prepared headers with a body header added, if
    /// `headers` may be those prepared headers.
    pub body_headers: Option<&'a BodyHeaders>,
    /// The `request` passthrough.
    pub request: Option<Box<Value>>,
}

/// Builds the request.
pub(crate) fn build(input: Input<'_, '_, '_>, params: &(impl Params + ?Sized)) -> Result<Request> {
    let Input {
        method,
        base_url,
        template,
        options:
            Resolved {
                mut headers,
                format,
                previews,
                accepts,
                body_headers,
                request,
            },
    } = input;

    // Room for the base URL, the expansion and a short query.
    let mut url = String::with_capacity(base_url.len() + template.expanded_len_hint() + 64);
    url.push_str(base_url);
    template.expand_url(params, &mut url)?;
    join_base_url(&mut url, base_url)?;

    if !format.is_empty() || !previews.is_empty() {
        headers = match accepts {
            Some(cache) => cache.with_accept(headers, format, &previews)?,
            None => headers::with_accept(headers, format, &previews)?,
        };
    }

    let mut body = None;
    let mut outside = Outside::new(&mut url);
    if method.has_query() {
        params.for_each_remaining(template, &mut |key, value, placement| {
            outside.write(key, value, placement)
        })?;
    } else {
        body = build_body(template, params, &mut outside)?;
        let header = match &body {
            Some(_) => BodyHeader::Json,
            None => {
                if method.empty_body_is_text() {
                    body = Some(Body::Text(String::new()));
                }
                BodyHeader::Empty
            }
        };
        headers = BodyHeaders::add(body_headers, headers, header);
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

/// `url` holds the base URL followed by the expanded template; makes it the
/// final URL. An absolute expanded URL replaces the base URL; a path is
/// appended to it (without doubling the `/`); anything else is refused unless
/// the base URL is empty or ends with `/`, since gluing it on would change
/// the base URL's host or last segment.
fn join_base_url(url: &mut String, base_url: &str) -> Result<()> {
    let start = base_url.len();
    let expanded = url.get(start..).unwrap_or_default();
    if url::is_absolute(expanded) {
        url.drain(..start);
    } else if expanded.starts_with('/') {
        // Most base URLs end without a `/`: then there is nothing to take out.
        let end = base_url.trim_end_matches('/').len();
        if end < start {
            url.drain(end..start);
        }
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
                if let Some(text) = style::header_value(&name, value, placement)? {
                    self.headers.push((name, text));
                }
                Ok(())
            }
            Location::Cookie => style::write_cookie(&mut self.cookies, key, value, placement),
            Location::Body | Location::Content => Err(Error::Query {
                key: key.to_owned(),
                reason: "a body field cannot be sent with a GET or HEAD request",
            }),
        }
    }

    /// Sets the header parameters (each replacing a header of its name) and
    /// the cookies (after those of a `cookie` header already there).
    ///
    /// # Errors
    /// [`Error::HeaderName`] for a name that is not an HTTP token,
    /// [`Error::HeaderValue`] for a value with CR, LF or NUL.
    fn finish(self, headers: &mut Headers) -> Result<()> {
        for (name, value) in self.headers {
            headers.insert(name, value)?;
        }
        if !self.cookies.is_empty() {
            let cookies = match headers.get("cookie") {
                Some(earlier) if !earlier.is_empty() => format!("{earlier}; {}", self.cookies),
                _ => self.cookies,
            };
            headers.insert("cookie", cookies)?;
        }
        Ok(())
    }
}

/// The body of a request that is not GET or HEAD: the `data` parameter as it
/// is, or else an object of the remaining parameters, or else none.
fn build_body(
    template: &Template<'_>,
    params: &(impl Params + ?Sized),
    outside: &mut Outside<'_>,
) -> Result<Option<Body>> {
    let mut object = String::new();
    let mut data = None;
    params.for_each_remaining(template, &mut |key, value, placement| {
        if matches!(
            placement.location,
            Location::Query | Location::Header | Location::Cookie
        ) {
            return outside.write(key, value, placement);
        }
        if key == "data" {
            data = Some(data_body(&value)?);
        } else if data.is_none() {
            if object.is_empty() {
                object.reserve(256);
                object.push('{');
            } else {
                object.push(',');
            }
            json::push_str(&mut object, key);
            object.push(':');
            json::push_value(&mut object, key, &value)?;
        }
        Ok(())
    })?;
    if data.is_some() {
        return Ok(data);
    }
    if object.is_empty() {
        return Ok(None);
    }
    object.push('}');
    Ok(Some(Body::Json(object)))
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
            style::write_octokit_value(&mut url, key, &Param::Json(&value).resolve()).map(|()| url)
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
