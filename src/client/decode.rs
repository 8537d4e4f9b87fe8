//! Turning a 2xx answer's body into the expected type.

use std::fmt;

use http::HeaderMap;
use serde::de::value::{BytesDeserializer, StrDeserializer, UnitDeserializer};
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

/// Decodes a body into `T`:
///
/// - an empty body (204, 205, a HEAD answer) as a unit: `()`, `Option<_>`
///   (`None`) and `serde_json::Value` (`Null`) accept it;
/// - a JSON body (`application/json`, `…+json`, or no `content-type`) as JSON;
/// - any other body (`mediaType.format` `raw`, `html`, `diff`, …) as text, or
///   as bytes when it is not UTF-8: `String`, [`Bytes`] and
///   `serde_json::Value` (a string) accept it.
pub(crate) fn decode<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: &[u8],
) -> Result<T, serde_json::Error> {
    if body.is_empty() {
        return T::deserialize(UnitDeserializer::<serde_json::Error>::new());
    }
    if is_json(headers) {
        return serde_json::from_slice(body);
    }
    match std::str::from_utf8(body) {
        Ok(text) => T::deserialize(StrDeserializer::<serde_json::Error>::new(text)),
        Err(_) => T::deserialize(BytesDeserializer::<serde_json::Error>::new(body)),
    }
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
    use serde_json::{Value, json};

    fn with_type(content_type: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("content-type", content_type.parse().unwrap());
        headers
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
