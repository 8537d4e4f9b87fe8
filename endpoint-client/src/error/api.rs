//! An answer with a status other than 2xx, and the explanation its body
//! gives.

use std::fmt;

use endpoint_runtime::model::{Answer, AnswerError};
use http::{HeaderMap, Method, StatusCode};
use serde_json::Value;

use super::{Bounded, Excerpt};
use crate::decode::answer;
use crate::rate_limit::RateLimit;

/// An answer with a status other than 2xx, and the explanation its body
/// gives, as the API's policy reads it
/// ([`ApiPolicy::explain`](crate::ApiPolicy::explain): a `message`, RFC
/// 9457 problem details, an `error` object, OAuth's
/// `error_description`…).
///
/// Its `Display` names the request and the server's explanation
/// ([`ApiError::summary`]): `GET http://127.0.0.1:8080/v1/stores/42: the
/// server answered 404 Not Found: no such store`. `Display` and `Debug`
/// print what the server wrote bounded and escaped, as [`Error`](crate::Error) says;
/// the fields keep it whole.
#[derive(Clone)]
pub struct ApiError {
    /// The request's method.
    pub method: Method,
    /// The URL that answered.
    pub url: String,
    /// The status.
    pub status: StatusCode,
    /// Every header of the answer.
    pub headers: HeaderMap,
    /// The server's message ([`Explanation::message`]: a `message`, a
    /// problem's `detail`, an `error.message`…).
    pub message: Option<String>,
    /// Where the error is documented ([`Explanation::documentation_url`]:
    /// a `documentation_url`, an `error.doc_url`, a `more_info`, a
    /// problem's `type`).
    pub documentation_url: Option<String>,
    /// The errors of single fields or parameters ([`Explanation::errors`]:
    /// where each is and what is wrong). The first three are named in the
    /// error's message ([`ApiError::summary`]); what else an API's body
    /// says of them is in [`body`](Self::body) ([`ApiError::body_as`]).
    pub errors: Vec<FieldError>,
    /// The body as received.
    pub body: Vec<u8>,
    /// The name the API gives the limit that refused the request, for this
    /// error's text ([`ApiPolicy::limit_name`](crate::ApiPolicy::limit_name)).
    pub(super) limit_name: Option<&'static str>,
}

impl ApiError {
    /// An answer and the explanation the API's policy read in its body.
    pub(crate) fn new(
        method: Method,
        url: String,
        status: StatusCode,
        headers: HeaderMap,
        body: Vec<u8>,
        explanation: Explanation,
    ) -> ApiError {
        ApiError {
            method,
            url,
            status,
            headers,
            message: explanation.message,
            documentation_url: explanation.documentation_url,
            errors: explanation.errors,
            body,
            limit_name: None,
        }
    }

    /// The same error, the refusal of a limit the API names `name`.
    pub(crate) fn naming_limit(mut self, name: Option<&'static str>) -> ApiError {
        self.limit_name = name;
        self
    }

    /// The rate-limit headers of the answer.
    pub fn rate_limit(&self) -> RateLimit {
        RateLimit::from_headers(&self.headers)
    }

    /// The body as received, whole.
    pub fn body(&self) -> &[u8] {
        &self.body
    }

    /// The body decoded into `T`, by its status and `content-type`, as a
    /// success decodes into a route's response type
    /// ([`Answer`](endpoint_runtime::model::Answer)): JSON into any type serde reads,
    /// text into a `String`, an [`answers!`](endpoint_runtime::answers) enum by the
    /// status. The body stays whole in [`ApiError::body`], whether it fits
    /// or not.
    ///
    /// ```
    /// # use endpoint::client::ApiError;
    /// # fn read(refusal: &ApiError) {
    /// #[derive(serde::Deserialize)]
    /// struct Problem {
    ///     title: String,
    /// }
    ///
    /// match refusal.body_as::<Problem>() {
    ///     Ok(problem) => eprintln!("{}: {}", refusal.status, problem.title),
    ///     Err(error) => eprintln!("{} bytes that are no problem: {error}", refusal.body.len()),
    /// }
    /// # }
    /// ```
    ///
    /// # Errors
    /// An [`AnswerError`] naming the JSON path of the value that does not
    /// fit, or the status when an [`answers!`](endpoint_runtime::answers) enum has no
    /// variant for it.
    pub fn body_as<T: Answer>(&self) -> Result<T, AnswerError> {
        answer(self.status, &self.headers, &self.body)
    }

    /// The server's message and the first three errors of single fields,
    /// each as its message (or code) after where it is (`Validation Failed
    /// (color: invalid)`, `Invalid request (body: must have required
    /// property 'name'; query.limit: must be <= 100; and 2 more)`), so that
    /// a generic message still says what was wrong (an error that says the
    /// message again is not named: the message is said once, after that
    /// error's place, `/name: name must not be 'bad'`); for a body without a
    /// message, the start of the body (200 characters). One line of at most
    /// [`MAX_PRINTED_TEXT`](super::MAX_PRINTED_TEXT) characters, control characters escaped.
    pub fn summary(&self) -> String {
        Bounded::text(&self.explanation()).to_string()
    }

    /// The server's explanation as it wrote it, each error of a field cut
    /// after 200 characters, the whole cut only when it is the start of the
    /// body.
    fn explanation(&self) -> String {
        let Some(message) = &self.message else {
            return shortened(String::from_utf8_lossy(&self.body).trim());
        };
        let first = &self.errors[..self.errors.len().min(MAX_NAMED_ERRORS)];
        // An error whose text is the message (a body whose message is its
        // one error's) is not said twice: it is the message, at its place.
        let repeated = first.iter().find(|error| error.message == *message);
        let mut named: Vec<String> = first
            .iter()
            .filter(|error| error.message != *message)
            .map(|error| shortened(&error.to_string()))
            .collect();
        if self.errors.len() > MAX_NAMED_ERRORS {
            named.push(format!("and {} more", self.errors.len() - MAX_NAMED_ERRORS));
        }
        let head = repeated.map_or_else(|| message.clone(), |error| shortened(&error.to_string()));
        if named.is_empty() {
            head
        } else {
            format!("{head} ({})", named.join("; "))
        }
    }
}

/// The most errors of single fields that [`ApiError::summary`] names; it
/// counts the others.
const MAX_NAMED_ERRORS: usize = 3;

/// One error of a single field or parameter, as an error body lists it:
/// where it is, what is wrong, and its code.
///
/// Its `Display` is what is wrong after where: `query.limit: must be <= 100`.
///
/// ```
/// use endpoint::client::FieldError;
///
/// let error = FieldError::new("must be <= 100").at("query.limit").code("maximum");
/// assert_eq!(error.to_string(), "query.limit: must be <= 100");
/// assert_eq!(error.code.as_deref(), Some("maximum"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldError {
    /// Where: the field, parameter or JSON pointer as the body names it
    /// (`color`, `query.limit`, `/data/attributes/name`); `None` when it
    /// names none.
    pub location: Option<String>,
    /// What is wrong, as the server wrote it: its message, else its code.
    pub message: String,
    /// The error's code, when it gives one (`invalid`, `maximum`).
    pub code: Option<String>,
}

impl FieldError {
    /// An error saying `message`, at no place and with no code.
    pub fn new(message: impl Into<String>) -> FieldError {
        FieldError {
            message: message.into(),
            ..FieldError::default()
        }
    }

    /// The same error, at `location`.
    #[must_use]
    pub fn at(mut self, location: impl Into<String>) -> FieldError {
        self.location = Some(location.into());
        self
    }

    /// The same error, with the code `code`.
    #[must_use]
    pub fn code(mut self, code: impl Into<String>) -> FieldError {
        self.code = Some(code.into());
        self
    }

    /// One entry of a body's list of errors, of any common shape: its text
    /// (`message`, `detail`, `title`, `reason`, `msg`, else its `code`;
    /// or the entry itself, a string), where it is when it says
    /// (`location`, `pointer`, `field`, `path`, `parameter`, `loc`,
    /// JSON:API's `source.pointer` or `source.parameter`, RFC 9457's `name`
    /// of an invalid parameter; a list such as `["query", "limit"]` joined
    /// with dots), and its `code`. `None` for an entry with no text.
    ///
    /// ```
    /// use endpoint::client::FieldError;
    /// use serde_json::json;
    ///
    /// let read = FieldError::read(&json!({"location": ["query", "limit"], "code": "maximum", "message": "must be <= 100"}));
    /// assert_eq!(read, Some(FieldError::new("must be <= 100").at("query.limit").code("maximum")));
    /// assert_eq!(FieldError::read(&json!(42)), None);
    /// ```
    pub fn read(error: &Value) -> Option<FieldError> {
        let fields = match error {
            Value::String(text) => {
                return Some(text.trim())
                    .filter(|text| !text.is_empty())
                    .map(FieldError::new);
            }
            Value::Object(fields) => fields,
            _ => return None,
        };
        let text = |value: &Value| match value {
            Value::String(text) => Some(text.trim().to_owned()).filter(|text| !text.is_empty()),
            Value::Number(number) => Some(number.to_string()),
            _ => None,
        };
        let code = fields.get("code").and_then(text);
        let message = ["message", "detail", "title", "reason", "msg"]
            .iter()
            .find_map(|key| fields.get(*key).and_then(text))
            .or_else(|| code.clone())?;
        let place = |value: &Value| match value {
            Value::Array(parts) => {
                let parts: Vec<String> = parts.iter().filter_map(text).collect();
                Some(parts.join(".")).filter(|place| !place.is_empty())
            }
            other => text(other),
        };
        let source = fields.get("source");
        let location = ["location", "pointer", "field", "path", "parameter", "loc"]
            .iter()
            .filter_map(|key| fields.get(*key))
            .chain(
                ["pointer", "parameter"]
                    .iter()
                    .filter_map(|key| source?.get(*key)),
            )
            .chain(fields.get("name"))
            .find_map(place);
        Some(FieldError {
            location,
            message,
            code,
        })
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(location) => write!(f, "{location}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// What an error answer's body says of itself: its message, a link to
/// its documentation, and the errors of single fields.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Explanation {
    /// The message, as the server wrote it.
    pub message: Option<String>,
    /// Where the error is documented.
    pub documentation_url: Option<String>,
    /// The errors of single fields or parameters (a body's `errors`, RFC
    /// 9457's `errors` or `invalid-params`, JSON:API's `errors`, the
    /// `validation` of a validating server such as Prism), each as
    /// [`FieldError::read`] reads it; entries with no text are left out.
    pub errors: Vec<FieldError>,
}

impl Explanation {
    /// The explanation of a JSON error body of any common shape; nothing
    /// for a body that is no JSON object:
    ///
    /// - the message: `message` (e.g. Twilio, Kubernetes' `Status`),
    ///   `error.message` (Stripe, Google), `detail` then `title` (RFC 9457
    ///   problem details), `error_description` (OAuth 2), `error` as text,
    ///   the first of `errors` or `validation`, `description`, `reason`,
    ///   `msg`;
    /// - the documentation: `documentation_url`,
    ///   `error.doc_url` (Stripe), `more_info` (Twilio), or RFC 9457's
    ///   `type` when it is an `http(s)` URL;
    /// - the errors: `errors`, `invalid-params` or `validation` when a
    ///   list, each entry as [`FieldError::read`] reads it.
    ///
    /// ```
    /// use endpoint::client::Explanation;
    ///
    /// let problem = Explanation::read(br#"{
    ///     "type": "https://example.com/probs/out-of-credit",
    ///     "title": "You do not have enough credit.",
    ///     "detail": "Your current balance is 30, but that costs 50.",
    ///     "invalid-params": [{"name": "age", "reason": "must be a positive integer"}]
    /// }"#);
    /// assert_eq!(problem.message.as_deref(), Some("Your current balance is 30, but that costs 50."));
    /// assert_eq!(problem.documentation_url.as_deref(), Some("https://example.com/probs/out-of-credit"));
    /// assert_eq!(problem.errors.len(), 1);
    /// assert_eq!(Explanation::read(b"<html>Bad Gateway</html>"), Explanation::default());
    /// ```
    pub fn read(body: &[u8]) -> Explanation {
        let Ok(Value::Object(fields)) = serde_json::from_slice::<Value>(body) else {
            return Explanation::default();
        };
        let text = |value: Option<&Value>| -> Option<String> {
            value
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|text| !text.is_empty())
                .map(str::to_owned)
        };
        let inner = |key: &str, field: &str| fields.get(key).and_then(|value| value.get(field));
        let first_error = |key: &str| {
            let first = fields.get(key)?.as_array()?.first()?;
            match first {
                Value::String(_) => text(Some(first)),
                Value::Object(error) => ["message", "detail", "title", "reason"]
                    .iter()
                    .find_map(|key| text(error.get(*key))),
                _ => None,
            }
        };
        let message = text(fields.get("message"))
            .or_else(|| text(inner("error", "message")))
            .or_else(|| text(fields.get("detail")))
            .or_else(|| text(fields.get("title")))
            .or_else(|| text(fields.get("error_description")))
            .or_else(|| text(fields.get("error")))
            .or_else(|| text(inner("error", "detail")))
            .or_else(|| first_error("errors"))
            .or_else(|| first_error("validation"))
            .or_else(|| text(fields.get("description")))
            .or_else(|| text(fields.get("reason")))
            .or_else(|| text(fields.get("msg")));
        let problem_type = text(fields.get("type"))
            .filter(|url| url.starts_with("https://") || url.starts_with("http://"));
        let documentation_url = text(fields.get("documentation_url"))
            .or_else(|| text(inner("error", "doc_url")))
            .or_else(|| text(fields.get("more_info")))
            .or(problem_type);
        let errors = ["errors", "invalid-params", "validation"]
            .iter()
            .find_map(|key| fields.get(*key)?.as_array())
            .map(|list| list.iter().filter_map(FieldError::read).collect())
            .unwrap_or_default();
        Explanation {
            message,
            documentation_url,
            errors,
        }
    }
}

/// `text`, cut after 200 characters.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None if text.is_empty() => "(empty answer)".to_owned(),
        None => text.to_owned(),
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: the server answered {}: {}",
            self.method,
            Bounded::text(&self.url),
            self.status,
            self.summary()
        )
    }
}

impl fmt::Debug for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors: Vec<String> = self.errors.iter().map(ToString::to_string).collect();
        let errors = errors.join("; ");
        f.debug_struct("ApiError")
            .field("method", &self.method)
            .field("url", &Bounded::text(&self.url))
            .field("status", &self.status)
            .field("headers", &self.headers)
            .field("message", &self.message.as_deref().map(Bounded::text))
            .field(
                "documentation_url",
                &self.documentation_url.as_deref().map(Bounded::text),
            )
            .field("errors", &Bounded::text(&errors))
            .field("body", &Excerpt(&self.body))
            .finish()
    }
}

impl std::error::Error for ApiError {}
