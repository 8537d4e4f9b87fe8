//! Turning a 2xx answer's body into the expected type.

use std::fmt::{self, Write as _};

use endpoint_runtime::TypedRequest;
use http::HeaderMap;
use serde::de::value::{BytesDeserializer, StrDeserializer, UnitDeserializer};
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

/// What was called, as decode errors name it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Operation {
    /// A typed request: its route and its Rust type.
    Typed {
        /// `R::METHOD`.
        method: &'static str,
        /// `R::TEMPLATE`.
        template: &'static str,
        /// The request struct's type name.
        request: &'static str,
    },
    /// A request built already, named by the method and URL of the answer.
    Dynamic,
}

impl Operation {
    /// The operation of the typed request `R`.
    pub(crate) fn of<R: TypedRequest>() -> Operation {
        Operation::Typed {
            method: R::METHOD,
            template: R::TEMPLATE,
            request: std::any::type_name::<R>(),
        }
    }
}

/// Why a body does not fit: where (the JSON path of the failing value, empty
/// at the root) and serde's error.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) path: String,
    pub(crate) source: serde_json::Error,
}

impl Failure {
    /// A failure of the body as a whole.
    pub(crate) fn at_root(source: serde_json::Error) -> Failure {
        Failure {
            path: String::new(),
            source,
        }
    }

    /// A failure inside item `index` of a page's list (`key`, when the list
    /// is wrapped in an object).
    pub(crate) fn in_item(self, key: Option<&str>, index: usize) -> Failure {
        let mut path = format!("{}[{index}]", key.unwrap_or_default());
        if !self.path.is_empty() && !self.path.starts_with('[') {
            path.push('.');
        }
        path.push_str(&self.path);
        Failure {
            path,
            source: self.source,
        }
    }
}

/// Decodes a body into `T`:
///
/// - an empty body (204, 205, a HEAD answer) as a unit: `()`, `Option<_>`
///   (`None`) and `serde_json::Value` (`Null`) accept it;
/// - a JSON body (`application/json`, `…+json`, or no `content-type`) as JSON
///   ([`json`]);
/// - any other body (`mediaType.format` `raw`, `html`, `diff`, …) as text, or
///   as bytes when it is not UTF-8: `String`, [`Bytes`] and
///   `serde_json::Value` (a string) accept it.
pub(crate) fn decode<T: DeserializeOwned>(headers: &HeaderMap, body: &[u8]) -> Result<T, Failure> {
    if body.is_empty() {
        return T::deserialize(UnitDeserializer::<serde_json::Error>::new())
            .map_err(Failure::at_root);
    }
    if is_json(headers) {
        return json(body);
    }
    match std::str::from_utf8(body) {
        Ok(text) => T::deserialize(StrDeserializer::<serde_json::Error>::new(text)),
        Err(_) => T::deserialize(BytesDeserializer::<serde_json::Error>::new(body)),
    }
    .map_err(Failure::at_root)
}

/// Decodes a JSON body into `T`, from text once it is checked to be UTF-8
/// (serde_json reads strings faster from a `&str` than from bytes).
///
/// Only when that fails is the body decoded again, through
/// `serde_path_to_error`, to find the path of the value that does not fit:
/// an answer that fits costs nothing more.
pub(crate) fn json<T: DeserializeOwned>(body: &[u8]) -> Result<T, Failure> {
    let text = std::str::from_utf8(body);
    let decoded = match text {
        Ok(text) => serde_json::from_str(text),
        // Not UTF-8, and so not JSON (RFC 8259), unless the bytes that are
        // not are in strings that `T` ignores or takes as bytes.
        Err(_) => serde_json::from_slice(body),
    };
    decoded.map_err(|first| match text {
        Ok(text) => locate::<T>(text, first),
        // serde_json's error names the line and column of the first byte
        // that is not UTF-8, or of the value that does not fit.
        Err(_) => Failure::at_root(first),
    })
}

/// The path at which `text` does not fit `T`; `first`, at the root, when a
/// second decoding finds none.
#[cold]
fn locate<T: DeserializeOwned>(text: &str, first: serde_json::Error) -> Failure {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize::<_, T>(&mut deserializer) {
        Err(error) => Failure {
            path: render(error.path()),
            source: error.into_inner(),
        },
        Ok(_) => Failure::at_root(deserializer.end().err().unwrap_or(first)),
    }
}

/// A path as `[3].user.login`, `items[0].id`; empty for the root.
pub(crate) fn render(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut text = String::new();
    for segment in path {
        match segment {
            Segment::Seq { index } => {
                let _ = write!(text, "[{index}]");
            }
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push_str(key);
            }
            Segment::Unknown => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push('?');
            }
        }
    }
    text
}

/// Whether the answer's `content-type` is JSON (or absent).
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(http::header::CONTENT_TYPE) else {
        return true;
    };
    let Ok(value) = value.to_str() else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json")
        || essence
            .get(essence.len().saturating_sub(5)..)
            .is_some_and(|suffix| suffix.eq_ignore_ascii_case("+json"))
}

/// An answer's body as bytes: the response type for `mediaType.format`
/// answers that need not be text (`raw` for a binary file, an archive).
///
/// It deserializes from bytes and from text (and so from a JSON string).
///
/// ```
/// use endpoint::client::Bytes;
///
/// let bytes: Bytes = serde_json::from_str(r##""# hello""##)?;
/// assert_eq!(bytes, Bytes(b"# hello".to_vec()));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Bytes(pub Vec<u8>);

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct BytesVisitor;
        impl Visitor<'_> for BytesVisitor {
            type Value = Bytes;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("bytes or text")
            }
            fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(bytes.to_vec()))
            }
            fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Bytes, E> {
                Ok(Bytes(bytes))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Bytes, E> {
                Ok(Bytes(text.as_bytes().to_vec()))
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<Bytes, E> {
                Ok(Bytes(text.into_bytes()))
            }
        }
        deserializer.deserialize_byte_buf(BytesVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::Error as _;
    use serde_json::{Value, json};

    fn with_type(content_type: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("content-type", content_type.parse().unwrap());
        headers
    }

    fn path_of<T: DeserializeOwned + fmt::Debug>(json: &str) -> (String, String) {
        let failure = super::json::<T>(json.as_bytes()).unwrap_err();
        (failure.path, failure.source.to_string())
    }

    #[test]
    fn failures_name_the_path() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct User {
            login: String,
        }
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Issue {
            user: User,
        }
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Search {
            items: Vec<Issue>,
        }
        let issues = r#"[{"user":{"login":"a"}},{"user":{"login":null}}]"#;
        assert_eq!(
            path_of::<Vec<Issue>>(issues),
            (
                "[1].user.login".to_owned(),
                "invalid type: null, expected a string at line 1 column 45".to_owned()
            )
        );
        assert_eq!(
            path_of::<Search>(r#"{"items":[{"user":{}}]}"#).0,
            "items[0].user"
        );
        assert_eq!(path_of::<Vec<Vec<u8>>>("[[1],[2,-1]]").0, "[1][1]");
        // At the root, and after the value: no path.
        assert_eq!(path_of::<Search>("[]").0, "");
        let (path, message) = path_of::<Vec<u8>>("[1] x");
        assert_eq!(path, "");
        assert_eq!(message, "trailing characters at line 1 column 5");
        let (path, message) = path_of::<Vec<u8>>("[1");
        assert_eq!(path, "");
        assert!(message.starts_with("EOF while parsing"), "{message}");
        // Not UTF-8: serde_json's error, which names the line and column.
        let failure = json::<Vec<String>>(b"[\"\xff\"]").unwrap_err();
        assert_eq!(failure.path, "");
        assert!(
            failure.source.to_string().contains("invalid unicode"),
            "{}",
            failure.source
        );
        assert_eq!(
            json::<Vec<serde::de::IgnoredAny>>(b"[\"\xff\"]")
                .map(|items| items.len())
                .ok(),
            Some(1)
        );
        let failure = Failure {
            path: "user.login".into(),
            source: serde_json::Error::custom("x"),
        };
        assert_eq!(
            failure.in_item(Some("items"), 3).path,
            "items[3].user.login"
        );
        let failure = Failure {
            path: "[2]".into(),
            source: serde_json::Error::custom("x"),
        };
        assert_eq!(failure.in_item(None, 3).path, "[3][2]");
        assert_eq!(
            Failure::at_root(serde_json::Error::custom("x"))
                .in_item(None, 0)
                .path,
            "[0]"
        );
    }

    #[test]
    fn json_text_bytes_and_nothing() {
        let json = with_type("application/json; charset=utf-8");
        assert_eq!(
            decode::<Value>(&json, br#"{"a":1}"#).unwrap(),
            json!({"a": 1})
        );
        assert_eq!(
            decode::<Value>(&HeaderMap::new(), b"[1]").unwrap(),
            json!([1])
        );
        let preview = with_type("application/vnd.github.squirrel-girl-preview+JSON");
        assert_eq!(decode::<Vec<u8>>(&preview, b"[1,2]").unwrap(), [1, 2]);

        let raw = with_type("application/vnd.github.v3.raw; charset=utf-8");
        assert_eq!(decode::<String>(&raw, b"# hello").unwrap(), "# hello");
        assert_eq!(
            decode::<Value>(&raw, b"{\"not\": 1}").unwrap(),
            "{\"not\": 1}"
        );
        assert_eq!(
            decode::<Bytes>(&raw, b"\xff\xfe").unwrap(),
            Bytes(vec![0xff, 0xfe])
        );
        assert!(decode::<String>(&raw, b"\xff").is_err());
        assert!(decode::<Vec<Value>>(&raw, b"text").is_err());

        assert_eq!(decode::<Value>(&json, b"").unwrap(), Value::Null);
        decode::<()>(&json, b"").unwrap();
        assert_eq!(decode::<Option<String>>(&json, b"").unwrap(), None);
        assert!(decode::<String>(&json, b"").is_err());
        assert!(decode::<Value>(&json, b"{").is_err());
        // A header value that is not text is not JSON.
        let mut opaque = HeaderMap::new();
        opaque.insert(
            "content-type",
            http::HeaderValue::from_bytes(b"text/\xffhtml").unwrap(),
        );
        assert_eq!(decode::<String>(&opaque, b"<p>").unwrap(), "<p>");
    }
}
