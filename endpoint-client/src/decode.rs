//! Turning an answer's body into the expected type.

use endpoint_runtime::TypedRequest;
use endpoint_runtime::model::{Answer, AnswerError};
use endpoint_runtime::sibling::answer_media_type;
use http::{HeaderMap, HeaderValue, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;

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

/// Decodes `value` into `T`, or says why not and where: from its JSON text,
/// whose error's place names the path of the value that does not fit (the
/// decoder of text that answers already compile; no second decoder that
/// tracks its path). Called after a decoding failed, to explain it.
pub(crate) fn decode_located<T: DeserializeOwned>(value: &Value) -> Result<T, Failure> {
    let text = serde_json::to_string(value).map_err(Failure::at_root)?;
    serde_json::from_str(&text).map_err(|error| {
        let path = endpoint_runtime::sibling::json_error_path(text.as_bytes(), &error);
        // The error's place is in the text written here, not in the body
        // that came: it is not shown.
        let message = error.to_string();
        let place = format!(" at line {} column {}", error.line(), error.column());
        let message = message.strip_suffix(&place).unwrap_or(&message);
        Failure {
            path,
            source: serde::de::Error::custom(message),
        }
    })
}

impl From<AnswerError> for Failure {
    fn from(error: AnswerError) -> Failure {
        let (path, source) = error.into_parts();
        Failure { path, source }
    }
}

/// Decodes the body of an answer of `status` into `T`, by the rules of
/// [`Answer`]: for a type serde reads, an empty body as a unit, a JSON body
/// (`application/json`, `…+json`, or no `content-type`) as JSON, any other
/// as text or bytes.
pub(crate) fn decode<T: Answer>(
    status: StatusCode,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<T, Failure> {
    answer::<T>(status, headers, body).map_err(Failure::from)
}

/// [`decode`], with the error as [`Answer`] gives it.
pub(crate) fn answer<T: Answer>(
    status: StatusCode,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<T, AnswerError> {
    let media_type = answer_media_type(
        headers
            .get(http::header::CONTENT_TYPE)
            .map(HeaderValue::as_bytes),
    );
    T::decode(status.as_u16(), media_type.as_deref(), body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use endpoint_runtime::body::Bytes;
    use serde::Deserialize;
    use serde::de::{DeserializeOwned, Error as _};
    use serde_json::{Value, json};

    fn with_type(content_type: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("content-type", content_type.parse().unwrap());
        headers
    }

    fn ok<T: Answer>(headers: &HeaderMap, body: &[u8]) -> Result<T, Failure> {
        decode(StatusCode::OK, headers, body)
    }

    fn path_of<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> (String, String) {
        let failure = ok::<T>(&HeaderMap::new(), json.as_bytes()).expect_err("a failure");
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
        // Not UTF-8: serde_json's error, which names the line and column,
        // at the path of the string that holds the byte.
        let failure = ok::<Vec<String>>(&HeaderMap::new(), b"[\"\xff\"]").expect_err("a failure");
        assert_eq!(failure.path, "[0]");
        assert!(
            failure.source.to_string().contains("invalid unicode"),
            "{}",
            failure.source
        );
        assert_eq!(
            ok::<Vec<serde::de::IgnoredAny>>(&HeaderMap::new(), b"[\"\xff\"]")
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
        assert_eq!(ok::<Value>(&json, br#"{"a":1}"#).unwrap(), json!({"a": 1}));
        assert_eq!(ok::<Value>(&HeaderMap::new(), b"[1]").unwrap(), json!([1]));
        let preview = with_type("application/vnd.github.squirrel-girl-preview+JSON");
        assert_eq!(ok::<Vec<u8>>(&preview, b"[1,2]").unwrap(), [1, 2]);

        let raw = with_type("application/vnd.github.v3.raw; charset=utf-8");
        assert_eq!(ok::<String>(&raw, b"# hello").unwrap(), "# hello");
        assert_eq!(ok::<Value>(&raw, b"{\"not\": 1}").unwrap(), "{\"not\": 1}");
        assert_eq!(
            ok::<Bytes>(&raw, b"\xff\xfe").unwrap(),
            Bytes(vec![0xff, 0xfe])
        );
        // Bytes are the body as it came, JSON or not.
        assert_eq!(ok::<Bytes>(&json, b"{}").unwrap(), Bytes(b"{}".to_vec()));
        assert!(ok::<String>(&raw, b"\xff").is_err());
        assert!(ok::<Vec<Value>>(&raw, b"text").is_err());

        assert_eq!(ok::<Value>(&json, b"").unwrap(), Value::Null);
        ok::<()>(&json, b"").unwrap();
        assert_eq!(ok::<Option<String>>(&json, b"").unwrap(), None);
        assert!(ok::<String>(&json, b"").is_err());
        assert!(ok::<Value>(&json, b"{").is_err());
        // A header value that is not text is not JSON.
        let mut opaque = HeaderMap::new();
        opaque.insert(
            "content-type",
            http::HeaderValue::from_bytes(b"text/\xffhtml").unwrap(),
        );
        assert_eq!(ok::<String>(&opaque, b"<p>").unwrap(), "<p>");
    }
}
