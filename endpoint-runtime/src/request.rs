//! The result: request options any HTTP client can send.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::headers::Headers;
use crate::names::sends_query;
use crate::url::redact_userinfo;
use crate::value::bytes_json;

/// Request options: method, URL, headers, an optional body and the `request`
/// passthrough. This is the result object of the specification.
///
/// ```
/// use endpoint::Endpoint;
/// use serde_json::json;
///
/// let request = Endpoint::default().endpoint(
///     "POST /repos/{owner}/{repo}/issues",
///     json!({"owner": "octocat", "repo": "hello-world", "title": "Found a bug"}),
/// )?;
/// assert_eq!(request.method, "post");
/// assert_eq!(request.url, "https://api.github.com/repos/octocat/hello-world/issues");
/// assert_eq!(request.headers.get("content-type"), Some("application/json; charset=utf-8"));
/// assert_eq!(request.body.as_ref().unwrap().as_str(), r#"{"title":"Found a bug"}"#);
/// # Ok::<(), endpoint::Error>(())
/// ```
///
/// `Debug` shows no secret: the values of the headers that may be
/// credentials (every header but the shown ones: `accept`, `user-agent`,
/// `content-type`…, see
/// [`Endpoint::with_credential_host_check`](crate::Endpoint::with_credential_host_check))
/// and the URL's user information are `<redacted>`.
#[derive(Clone, PartialEq)]
pub struct Request {
    /// The HTTP method, lowercase (`"get"`), as the specification rules.
    pub method: Cow<'static, str>,
    /// The full URL: base URL, expanded template and query string.
    pub url: String,
    /// The headers, names lowercase, in a deterministic order.
    pub headers: Headers,
    /// The body, for methods other than GET and HEAD when there is one.
    pub body: Option<Body>,
    /// The `request` option, passed through unchanged. Boxed: it is seldom
    /// set, and a `Request` that stays small is cheap to move.
    pub request: Option<Box<Value>>,
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("method", &self.method)
            .field("url", &redact_userinfo(&self.url))
            .field("headers", &self.headers)
            .field("body", &self.body)
            .field("request", &self.request)
            .finish()
    }
}

impl Request {
    /// The result object of the specification:
    /// `{"method", "url", "headers", "body"?, "request"?}`.
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let request = Endpoint::default().endpoint("GET /orgs/{org}/repos", json!({"org": "rust-lang"}))?;
    /// assert_eq!(request.to_json()["url"], "https://api.github.com/orgs/rust-lang/repos");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    pub fn to_json(&self) -> Value {
        let mut object = Map::with_capacity(5);
        object.insert("method".into(), Value::String(self.method.to_string()));
        object.insert("url".into(), Value::String(self.url.clone()));
        object.insert("headers".into(), self.headers.to_json());
        if let Some(body) = &self.body {
            object.insert("body".into(), body.to_json());
        }
        if let Some(request) = &self.request {
            object.insert("request".into(), Value::clone(request));
        }
        Value::Object(object)
    }
}

/// A request body, ready to send.
///
/// A body built from parameters, or a `data` option that is not a string, is
/// JSON text; a `data` string is sent as it is; a route that names its
/// body's media type may make text of another kind (a form, YAML) or bytes
/// (a multipart body, a file).
///
/// `Debug` shows the text of a text body, and only the length of a bytes
/// body.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Body {
    /// JSON text (an object of the remaining parameters, or a serialized `data` value).
    Json(String),
    /// A `data` string, sent as is (also the empty body of a PUT or PATCH
    /// without parameters), or the text of a form or of a text media type.
    Text(String),
    /// Bytes, sent as they are: a multipart body, a file, raw bytes.
    Bytes(Vec<u8>),
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Body::Json(text) => f.debug_tuple("Json").field(text).finish(),
            Body::Text(text) => f.debug_tuple("Text").field(text).finish(),
            Body::Bytes(bytes) => write!(f, "Bytes(<{} bytes>)", bytes.len()),
        }
    }
}

impl Body {
    /// The bytes to send.
    ///
    /// ```
    /// use endpoint::Body;
    ///
    /// assert_eq!(Body::Bytes(vec![0x89, b'P']).as_bytes(), b"\x89P");
    /// assert_eq!(Body::Text("a=1".into()).as_bytes(), b"a=1");
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Body::Json(text) | Body::Text(text) => text.as_bytes(),
            Body::Bytes(bytes) => bytes,
        }
    }

    /// The text to send: that of a JSON or text body, and that of a bytes
    /// body when it is UTF-8; a bytes body that is not reads as `""` (use
    /// [`Body::as_bytes`] to send a body).
    ///
    /// ```
    /// use endpoint::Body;
    ///
    /// assert_eq!(Body::Json("{}".into()).as_str(), "{}");
    /// assert_eq!(Body::Bytes(b"text".to_vec()).as_str(), "text");
    /// assert_eq!(Body::Bytes(vec![0xff]).as_str(), "");
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            Body::Json(text) | Body::Text(text) => text,
            Body::Bytes(bytes) => std::str::from_utf8(bytes).unwrap_or_default(),
        }
    }

    /// The body as the JSON value of the specification's result object: the
    /// value of a JSON body, the string of a text body, and of a bytes body
    /// the string when it is UTF-8, else a list of its bytes as numbers.
    ///
    /// ```
    /// use endpoint::Body;
    /// use serde_json::json;
    ///
    /// assert_eq!(Body::Json(r#"{"a":1}"#.into()).to_json(), json!({"a": 1}));
    /// assert_eq!(Body::Bytes(vec![0xff, 0]).to_json(), json!([255, 0]));
    /// ```
    pub fn to_json(&self) -> Value {
        match self {
            // The text was written by this crate from a JSON value, so it parses.
            Body::Json(text) => {
                serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.clone()))
            }
            Body::Text(text) => Value::String(text.clone()),
            Body::Bytes(bytes) => bytes_json(bytes),
        }
    }

    /// Consumes the body, returning its text: a bytes body that is not
    /// UTF-8 gives its text with U+FFFD for the bytes that are not (use
    /// [`Body::into_bytes`] to send a body).
    pub fn into_string(self) -> String {
        match self {
            Body::Json(text) | Body::Text(text) => text,
            Body::Bytes(bytes) => String::from_utf8(bytes)
                .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned()),
        }
    }

    /// Consumes the body, returning the bytes to send.
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Body::Json(text) | Body::Text(text) => text.into_bytes(),
            Body::Bytes(bytes) => bytes,
        }
    }
}

/// The method of a request being built: lowercase, as the specification
/// rules, and an HTTP token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method(Cow<'static, str>);

impl Method {
    /// `get`.
    pub const GET: Method = Method(Cow::Borrowed("get"));
    /// `head`.
    pub const HEAD: Method = Method(Cow::Borrowed("head"));
    /// `post`.
    pub const POST: Method = Method(Cow::Borrowed("post"));
    /// `put`.
    pub const PUT: Method = Method(Cow::Borrowed("put"));
    /// `patch`.
    pub const PATCH: Method = Method(Cow::Borrowed("patch"));
    /// `delete`.
    pub const DELETE: Method = Method(Cow::Borrowed("delete"));
    /// `options`.
    pub const OPTIONS: Method = Method(Cow::Borrowed("options"));

    /// The method `lowercase`, a method token in lower case that a route
    /// checked at compile time names besides the constants (`trace`,
    /// `query`, an extension method such as `purge`): what the expansion of
    /// `endpoint!` writes for such a method.
    #[doc(hidden)]
    pub const fn from_checked(lowercase: &'static str) -> Method {
        Method(Cow::Borrowed(lowercase))
    }

    /// A method as given in options: uppercased as `@octokit/endpoint` does
    /// (Unicode), then required to be an HTTP token, then lowercased.
    pub(crate) fn parse(given: &str) -> Result<Self> {
        const KNOWN: [Method; 7] = [
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
            Method::HEAD,
            Method::OPTIONS,
        ];
        if let Some(known) = KNOWN
            .iter()
            .find(|known| known.0.eq_ignore_ascii_case(given))
        {
            return Ok(known.clone());
        }
        let upper: Cow<'_, str> = if given.is_ascii() {
            Cow::Borrowed(given)
        } else {
            Cow::Owned(given.to_uppercase())
        };
        if !crate::headers::is_token(&upper) {
            return Err(Error::Method {
                method: given.to_owned(),
                reason: "not an HTTP method token",
            });
        }
        Ok(Method(Cow::Owned(upper.to_ascii_lowercase())))
    }

    /// GET and HEAD send parameters in the query string; the others in a body.
    pub(crate) fn has_query(&self) -> bool {
        sends_query(&self.0)
    }

    /// PUT and PATCH without a body still send `body: ""`.
    pub(crate) fn empty_body_is_text(&self) -> bool {
        matches!(&*self.0, "put" | "patch")
    }

    pub(crate) fn into_lowercase(self) -> Cow<'static, str> {
        self.0
    }

    /// The method's name, lower case (`get`, `m-search`).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A method's name in any case, required to be an HTTP token: what a
/// generator reads from a description.
impl std::str::FromStr for Method {
    type Err = Error;

    fn from_str(given: &str) -> Result<Self> {
        Method::parse(given)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods() {
        assert_eq!(Method::parse("GET").unwrap(), Method::GET);
        assert_eq!(&*Method::parse("M-SEARCH").unwrap().0, "m-search");
        assert!(Method::parse("").is_err());
        assert!(Method::parse("GE T").is_err());
        assert_eq!("Query".parse::<Method>().unwrap().as_str(), "query");
        assert!("GE T".parse::<Method>().is_err());
        assert_eq!(
            Method::from_checked("trace"),
            Method::parse("TRACE").unwrap()
        );
    }
}
