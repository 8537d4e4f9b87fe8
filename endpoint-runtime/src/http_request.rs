//! [`HttpRequest`]: a typed route's request as the `http` crate holds one
//! (feature `http`), with the origin of the server the route declares, so
//! that a client sends it as it is: no URL parsed again, no plan read again.

use std::borrow::Cow;
use std::fmt;

use http::request::Parts;
use http::{HeaderMap, HeaderName, HeaderValue, Method, Uri};
use serde_json::Value;

use crate::error::{Error, Result};
use crate::headers::Headers;
use crate::names::shown_header_value;
use crate::request::{Body, Request};
use crate::url::{Origin, redact_userinfo};

/// A request ready to send, as the `http` crate holds one: its
/// [`http::request::Parts`] (the method as an [`http::Method`], the URL as
/// an [`http::Uri`], the headers as an [`http::HeaderMap`], each checked once,
/// when the request was built), its body, and the origin of the server its
/// typed route declares when the request goes there
/// ([`HttpRequest::declared_origin`]).
///
/// What [`TypedRequest::to_http_request`](crate::TypedRequest::to_http_request)
/// and [`to_http_request_with`](crate::TypedRequest::to_http_request_with)
/// build, and what the clients of `endpoint::client` send a typed route as.
/// The dynamic layer's result, [`Request`] (the result object of
/// `@octokit/endpoint`, its method lowercase and its URL a string), converts
/// into one with `HttpRequest::try_from`, and one converts back with
/// [`HttpRequest::into_octokit`]; [`http::Request`] is
/// `From<HttpRequest>`.
///
/// ```
/// use endpoint::{Api, HttpRequest, TypedRequest, endpoint};
///
/// endpoint! {
///     /// An order.
///     pub struct GetOrder = "GET /orders/{id}" {
///         #[endpoint(header, rename = "x-trace")]
///         trace: Option<String>,
///     }
/// }
///
/// let shop = Api::new("https://shop.example/v1")?;
/// let order = GetOrder { id: "7".into(), trace: Some("abc".into()) };
/// let request: HttpRequest = order.to_http_request_with(&shop)?;
/// assert_eq!(request.method(), http::Method::GET);
/// assert_eq!(request.uri(), "https://shop.example/v1/orders/7");
/// assert_eq!(request.headers()["x-trace"], "abc");
/// assert_eq!(request.headers()["accept"], "application/json");
/// assert!(request.body().is_none());
/// // No server of its own: credentials are scoped to the API's origins.
/// assert_eq!(request.declared_origin(), None);
///
/// // The dynamic layer's form of the same request, and back.
/// let octokit = request.clone().into_octokit();
/// assert_eq!(octokit.method, "get");
/// assert_eq!(octokit.url, "https://shop.example/v1/orders/7");
/// assert_eq!(HttpRequest::try_from(octokit)?.uri(), request.uri());
///
/// // A value no HTTP header can hold is an error naming the header.
/// let bad = GetOrder { id: "7".into(), trace: Some("a\u{1}b".into()) };
/// let message = bad.to_http_request_with(&shop).unwrap_err().to_string();
/// assert!(message.contains("`x-trace`"), "{message}");
/// # Ok::<(), endpoint::Error>(())
/// ```
///
/// `Debug` shows no secret: the values of the headers that may be
/// credentials (every one but the shown ones: `accept`, `user-agent`,
/// `content-type`…) and the URL's user information are `<redacted>`.
#[derive(Clone)]
pub struct HttpRequest {
    parts: Parts,
    body: Option<Body>,
    /// The `request` option of an endpoint's defaults, passed through.
    request: Option<Box<Value>>,
    /// The origin of the server the typed route declares, when its request
    /// goes there.
    declared: Option<Origin>,
}

impl HttpRequest {
    /// The request `request` of a typed route, with the origin of the
    /// server the route declares when it goes there (`declared`, as the
    /// settings placed the route): its method, URL and headers converted
    /// once.
    pub(crate) fn routed(request: Request, declared: Option<Origin>) -> Result<HttpRequest> {
        let Request {
            method,
            url,
            headers,
            body,
            request,
        } = request;
        let mut parts = http::Request::new(()).into_parts().0;
        parts.method = http_method(&method)?;
        parts.uri = uri(&url)?;
        parts.headers = header_map(&headers)?;
        Ok(HttpRequest {
            parts,
            body,
            request,
            declared,
        })
    }

    /// The method.
    pub fn method(&self) -> &Method {
        &self.parts.method
    }

    /// The URL: base URL, expanded template and query string.
    pub fn uri(&self) -> &Uri {
        &self.parts.uri
    }

    /// The headers, in the order the request was built with.
    pub fn headers(&self) -> &HeaderMap {
        &self.parts.headers
    }

    /// The body, for methods other than GET and HEAD when there is one.
    pub fn body(&self) -> Option<&Body> {
        self.body.as_ref()
    }

    /// The method, URL, headers (and empty extensions) of the request.
    pub fn parts(&self) -> &Parts {
        &self.parts
    }

    /// The `request` option of an [`Endpoint`](crate::Endpoint)'s
    /// defaults, passed through unchanged; `None` for the settings of an
    /// [`Api`](crate::Api).
    pub fn request_option(&self) -> Option<&Value> {
        self.request.as_deref()
    }

    /// The origin of the server the typed route declares
    /// (`#[endpoint(server = "…")]`), when the settings send its request
    /// there: one of the API's servers, where its credentials may go
    /// besides the API's own origins
    /// ([`Api::credential_origins`](crate::Api::credential_origins)), as
    /// [`Api::route_origin`](crate::Api::route_origin) says. `None` for a
    /// route without a server of its own, one declared as a path, one the
    /// settings send elsewhere ([`Api::with_server`](crate::Api::with_server)),
    /// one placed on another deployment's origin
    /// ([`Api::with_tied_server`](crate::Api::with_tied_server)), and a
    /// request converted from the dynamic layer's. It is never read from the
    /// URL the request goes to.
    pub fn declared_origin(&self) -> Option<&Origin> {
        self.declared.as_ref()
    }

    /// The parts, the body and the declared origin, to send.
    pub fn into_parts(self) -> (Parts, Option<Body>, Option<Origin>) {
        (self.parts, self.body, self.declared)
    }

    /// The dynamic layer's form of the request, [`Request`]: the method
    /// lowercase, the URL as `http` writes the URI, the headers (names
    /// lowercase, in order), the body and the `request` option. The
    /// declared origin is not part of it.
    pub fn into_octokit(self) -> Request {
        let Parts {
            method,
            uri,
            headers: map,
            ..
        } = self.parts;
        let mut headers = Headers::with_capacity(map.len());
        for (name, value) in &map {
            let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
            // Names and values came from valid headers.
            headers.push_new(Cow::Owned(name.as_str().to_owned()), Cow::Owned(value));
        }
        Request {
            method: lowercase_method(&method),
            url: uri.to_string(),
            headers,
            body: self.body,
            request: self.request,
        }
    }
}

/// The dynamic layer's request, converted: no declared origin.
impl TryFrom<Request> for HttpRequest {
    type Error = Error;

    /// # Errors
    /// [`Error::Convert`] when the URL is not a valid URI (or holds
    /// characters that are not ASCII), or a header name or value is not
    /// valid for `http`, naming it.
    fn try_from(request: Request) -> Result<HttpRequest> {
        HttpRequest::routed(request, None)
    }
}

/// The parts and the body's bytes (empty without a body).
impl From<HttpRequest> for http::Request<Vec<u8>> {
    fn from(request: HttpRequest) -> Self {
        let body = request.body.map(Body::into_bytes).unwrap_or_default();
        http::Request::from_parts(request.parts, body)
    }
}

impl fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .parts
            .headers
            .iter()
            .map(|(name, value)| {
                let value = value.to_str().unwrap_or("<binary>");
                (name.as_str(), shown_header_value(name.as_str(), value))
            })
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.parts.method)
            .field("uri", &redact_userinfo(&self.parts.uri.to_string()))
            .field("headers", &headers)
            .field("body", &self.body)
            .field("declared_origin", &self.declared)
            .finish()
    }
}

/// The method of a request (lowercase), uppercased: methods are
/// case-sensitive on the wire and the standard ones are uppercase. The
/// standard ones are taken as they are: no text is made or read for them.
fn http_method(method: &str) -> Result<Method> {
    Ok(match method {
        "get" => Method::GET,
        "post" => Method::POST,
        "put" => Method::PUT,
        "patch" => Method::PATCH,
        "delete" => Method::DELETE,
        "head" => Method::HEAD,
        "options" => Method::OPTIONS,
        _ => Method::from_bytes(method.to_ascii_uppercase().as_bytes())
            .map_err(|err| Error::convert(format_args!("method `{method}`"), err))?,
    })
}

/// The method lowercase, as the dynamic layer's request holds it.
fn lowercase_method(method: &Method) -> Cow<'static, str> {
    match *method {
        Method::GET => Cow::Borrowed("get"),
        Method::POST => Cow::Borrowed("post"),
        Method::PUT => Cow::Borrowed("put"),
        Method::PATCH => Cow::Borrowed("patch"),
        Method::DELETE => Cow::Borrowed("delete"),
        Method::HEAD => Cow::Borrowed("head"),
        Method::OPTIONS => Cow::Borrowed("options"),
        _ => Cow::Owned(method.as_str().to_ascii_lowercase()),
    }
}

/// The URI of `url`.
fn uri(url: &str) -> Result<Uri> {
    // `http::Uri` lets raw non-ASCII bytes through, which no server reads.
    if !url.is_ascii() {
        return Err(Error::cannot_convert(format!(
            "url `{}` holds characters that are not ASCII",
            redact_userinfo(url)
        )));
    }
    Uri::try_from(url)
        .map_err(|err| Error::convert(format_args!("url `{}`", redact_userinfo(url)), err))
}

/// `headers` as a [`HeaderMap`], in order; an error names the header that
/// `http` refuses.
fn header_map(headers: &Headers) -> Result<HeaderMap> {
    let mut map = HeaderMap::with_capacity(headers.len());
    for (name, value) in headers.iter() {
        let header_name = HeaderName::from_bytes(name.as_bytes())
            .map_err(|err| Error::convert(format_args!("header name `{name}`"), err))?;
        let header_value = HeaderValue::from_str(value)
            .map_err(|err| Error::convert(format_args!("header `{name}` value"), err))?;
        map.append(header_name, header_value);
    }
    Ok(map)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A request of the dynamic layer with no header and no body.
    pub(crate) fn request(method: &'static str, url: &str) -> Request {
        Request {
            method: method.into(),
            url: url.into(),
            headers: Headers::new(),
            body: None,
            request: None,
        }
    }

    #[test]
    fn converts_both_ways() -> Result<()> {
        let mut octokit = request("m-search", "https://user:pw@x.example/a?b=1");
        octokit.headers.insert("accept", "text/plain")?;
        octokit.headers.insert("authorization", "Bearer s3cr3t")?;
        octokit.body = Some(Body::Text("hi".into()));
        octokit.request = Some(Box::new(serde_json::json!({"timeout": 1})));
        let converted = HttpRequest::try_from(octokit.clone())?;
        assert_eq!(converted.method().as_str(), "M-SEARCH");
        assert_eq!(converted.uri().path_and_query().unwrap(), "/a?b=1");
        assert_eq!(converted.request_option(), octokit.request.as_deref());
        let shown = format!("{converted:?}");
        assert!(
            !shown.contains("s3cr3t") && !shown.contains("pw"),
            "{shown}"
        );
        assert!(shown.contains("text/plain"), "{shown}");
        assert_eq!(converted.clone().into_octokit(), octokit);
        let sent: http::Request<Vec<u8>> = converted.into();
        assert_eq!(sent.body(), b"hi");
        Ok(())
    }

    #[test]
    fn what_http_refuses_is_an_error_naming_it() {
        let mut bad = request("get", "https://x.example/");
        bad.headers.insert("x-a", "a\u{1}b").unwrap();
        match HttpRequest::try_from(bad) {
            Err(Error::Convert { what, .. }) => assert!(what.contains("`x-a`"), "{what}"),
            other => panic!("{other:?}"),
        }
        assert!(HttpRequest::try_from(request("get", "not a uri")).is_err());
        assert!(HttpRequest::try_from(request("get", "https://x.example/?é=3")).is_err());
    }
}
