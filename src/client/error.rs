//! Why a call failed: the request could not be built, not sent, was
//! refused, or its answer does not fit.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use http::{HeaderMap, Method, StatusCode};
use serde::Deserialize;
use serde_json::Value;

use super::rate_limit::{self, RateLimit, RateLimitKind};

/// What can go wrong when a client sends a request. Every variant of a
/// sent request names it (`METHOD url`); nothing panics.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The request could not be built from the route and parameters, or
    /// converted into an HTTP request.
    #[error("cannot build the request: {0}")]
    Build(#[from] endpoint_runtime::Error),

    /// The HTTP client could not be set up.
    #[error("cannot set up the HTTP client: {0}")]
    Setup(#[source] Box<dyn std::error::Error + Send + Sync>),

    /// The request could not be sent, or its answer could not be read
    /// (no connection, a timeout, a TLS failure, an answer too large).
    #[error("{method} {url}: {source}")]
    Transport {
        /// The request's method.
        method: Method,
        /// Where it went.
        url: String,
        /// The HTTP client's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },

    /// The server answered with a status other than 2xx (and not a rate
    /// limit): GitHub's explanation is in the [`ApiError`].
    #[error("{0}")]
    Status(Box<ApiError>),

    /// A primary or secondary rate limit refused the request (403 or 429).
    #[error("{answer}; {kind} rate limit, {}", retry_text(.kind, .retry_at, .answer))]
    RateLimited {
        /// Which limit.
        kind: RateLimitKind,
        /// When to retry: the window's reset for a primary limit, the answer's
        /// time plus `retry-after` (or a minute, GitHub's advice, when it
        /// names no time) for a secondary one. `None` when a primary limit
        /// names no reset.
        retry_at: Option<SystemTime>,
        /// The refusal itself.
        answer: Box<ApiError>,
    },

    /// A redirect could not be followed: too many of them, or a `location`
    /// that is not a URL.
    #[error("{method} {url}: {reason}")]
    Redirect {
        /// The method of the request that was redirected.
        method: Method,
        /// The URL that answered with the redirect.
        url: String,
        /// What went wrong.
        reason: String,
    },

    /// A 2xx answer does not fit the expected type (or, while paginating,
    /// is not a list).
    #[error("{method} {url}: the answer is not a `{type_name}`: {source}")]
    Decode {
        /// The request's method.
        method: Method,
        /// Where it went.
        url: String,
        /// The type the answer should have been.
        type_name: &'static str,
        /// serde's error.
        #[source]
        source: serde_json::Error,
    },
}

impl Error {
    /// The status of the answer, for [`Error::Status`] and
    /// [`Error::RateLimited`].
    pub fn status(&self) -> Option<StatusCode> {
        self.api_error().map(|answer| answer.status)
    }

    /// The refusal, for [`Error::Status`] and [`Error::RateLimited`].
    pub fn api_error(&self) -> Option<&ApiError> {
        match self {
            Error::Status(answer) | Error::RateLimited { answer, .. } => Some(answer),
            _ => None,
        }
    }

    /// When to retry, for [`Error::RateLimited`].
    pub fn retry_at(&self) -> Option<SystemTime> {
        match self {
            Error::RateLimited { retry_at, .. } => *retry_at,
            _ => None,
        }
    }

    /// The error for an answer that is not 2xx, received at `received`.
    pub(crate) fn from_answer(answer: ApiError, received: SystemTime) -> Error {
        let limit = answer.rate_limit();
        match rate_limit::refusal(answer.status, &limit, answer.message.as_deref(), received) {
            Some((kind, retry_at)) => Error::RateLimited {
                kind,
                retry_at,
                answer: Box::new(answer),
            },
            None => Error::Status(Box::new(answer)),
        }
    }
}

impl fmt::Display for RateLimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RateLimitKind::Primary => "primary",
            RateLimitKind::Secondary => "secondary",
        })
    }
}

/// `retry in N s` (secondary limits) or `retry at T (Unix time)`.
fn retry_text(kind: &RateLimitKind, retry_at: &Option<SystemTime>, answer: &ApiError) -> String {
    match (kind, answer.rate_limit().retry_after, retry_at) {
        (RateLimitKind::Secondary, Some(wait), _) => format!("retry in {} s", wait.as_secs()),
        (RateLimitKind::Secondary, None, _) => {
            format!("retry in {} s", rate_limit::SECONDARY_WAIT.as_secs())
        }
        (RateLimitKind::Primary, _, Some(at)) => match at.duration_since(UNIX_EPOCH) {
            Ok(since) => format!("retry at {} (Unix time)", since.as_secs()),
            Err(_) => "retry now".to_owned(),
        },
        (RateLimitKind::Primary, _, None) => "no reset time given".to_owned(),
    }
}

/// An answer with a status other than 2xx, and GitHub's explanation when
/// its body has one (`{"message", "documentation_url", "errors"}`).
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The request's method.
    pub method: Method,
    /// The URL that answered.
    pub url: String,
    /// The status.
    pub status: StatusCode,
    /// Every header of the answer.
    pub headers: HeaderMap,
    /// GitHub's `message`.
    pub message: Option<String>,
    /// GitHub's `documentation_url`.
    pub documentation_url: Option<String>,
    /// GitHub's `errors`: for a 422, one object per invalid field
    /// (`{"resource", "field", "code"}`, sometimes a `message`).
    pub errors: Vec<Value>,
    /// The body as received.
    pub body: Vec<u8>,
}

impl ApiError {
    /// Reads GitHub's explanation from an answer's body.
    pub(crate) fn new(
        method: Method,
        url: String,
        status: StatusCode,
        headers: HeaderMap,
        body: Vec<u8>,
    ) -> ApiError {
        #[derive(Deserialize)]
        struct Explanation {
            message: Option<String>,
            documentation_url: Option<String>,
            #[serde(default)]
            errors: Vec<Value>,
        }
        let explanation = serde_json::from_slice::<Explanation>(&body).ok();
        let (message, documentation_url, errors) = match explanation {
            Some(found) => (found.message, found.documentation_url, found.errors),
            None => (None, None, Vec::new()),
        };
        ApiError {
            method,
            url,
            status,
            headers,
            message,
            documentation_url,
            errors,
            body,
        }
    }

    /// The rate-limit headers of the answer.
    pub fn rate_limit(&self) -> RateLimit {
        RateLimit::from_headers(&self.headers)
    }

    /// GitHub's message and the first validation error's message or code
    /// (`Validation Failed (invalid)`), or the start of the body.
    pub fn summary(&self) -> String {
        if let Some(message) = &self.message {
            let detail = self.errors.first().and_then(|first| match first {
                Value::Object(fields) => fields
                    .get("message")
                    .or_else(|| fields.get("code"))
                    .and_then(Value::as_str),
                Value::String(text) => Some(text),
                _ => None,
            });
            return match detail {
                Some(detail) => format!("{message} ({detail})"),
                None => message.clone(),
            };
        }
        let text = String::from_utf8_lossy(&self.body);
        let text = text.trim();
        match text.char_indices().nth(200) {
            Some((cut, _)) => format!("{}…", &text[..cut]),
            None if text.is_empty() => "(empty answer)".to_owned(),
            None => text.to_owned(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: GitHub answered {}: {}",
            self.method,
            self.url,
            self.status,
            self.summary()
        )
    }
}

impl std::error::Error for ApiError {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn answer(status: u16, headers: &[(&'static str, &str)], body: &str) -> ApiError {
        ApiError::new(
            Method::POST,
            "https://api.github.com/repos/o/r/labels".into(),
            StatusCode::from_u16(status).unwrap(),
            headers
                .iter()
                .map(|(name, value)| (http::HeaderName::from_static(name), value.parse().unwrap()))
                .collect(),
            body.as_bytes().to_vec(),
        )
    }

    #[test]
    fn github_explanations() {
        let invalid = answer(
            422,
            &[],
            r#"{"message":"Validation Failed","errors":[{"resource":"Label","code":"invalid","field":"color"}],"documentation_url":"https://docs.github.com/rest"}"#,
        );
        assert_eq!(invalid.message.as_deref(), Some("Validation Failed"));
        assert_eq!(
            invalid.documentation_url.as_deref(),
            Some("https://docs.github.com/rest")
        );
        assert_eq!(invalid.errors[0]["field"], "color");
        assert_eq!(
            invalid.to_string(),
            "POST https://api.github.com/repos/o/r/labels: GitHub answered 422 Unprocessable Entity: Validation Failed (invalid)"
        );
        let text = answer(502, &[], "  <html>Bad gateway</html>\n");
        assert_eq!(text.message, None);
        assert_eq!(text.summary(), "<html>Bad gateway</html>");
        assert_eq!(answer(500, &[], "").summary(), "(empty answer)");
        let long = "é".repeat(300);
        assert_eq!(answer(500, &[], &long).summary().chars().count(), 201);
    }

    #[test]
    fn rate_limit_refusals_say_when_to_retry() {
        let received = UNIX_EPOCH + Duration::from_secs(1_000);
        let primary = Error::from_answer(
            answer(
                403,
                &[
                    ("x-ratelimit-remaining", "0"),
                    ("x-ratelimit-reset", "1700000000"),
                ],
                r#"{"message":"API rate limit exceeded for user ID 1."}"#,
            ),
            received,
        );
        assert!(matches!(
            primary,
            Error::RateLimited {
                kind: RateLimitKind::Primary,
                ..
            }
        ));
        assert_eq!(
            primary.retry_at(),
            Some(UNIX_EPOCH + Duration::from_secs(1_700_000_000))
        );
        assert_eq!(primary.status(), Some(StatusCode::FORBIDDEN));
        assert!(
            primary
                .to_string()
                .ends_with("API rate limit exceeded for user ID 1.; primary rate limit, retry at 1700000000 (Unix time)"),
            "{primary}"
        );
        let secondary = Error::from_answer(
            answer(429, &[("retry-after", "42")], r#"{"message":"slow down"}"#),
            received,
        );
        assert_eq!(
            secondary.retry_at(),
            Some(UNIX_EPOCH + Duration::from_secs(1_042))
        );
        assert!(
            secondary
                .to_string()
                .ends_with("slow down; secondary rate limit, retry in 42 s"),
            "{secondary}"
        );
        let plain = Error::from_answer(answer(404, &[], r#"{"message":"Not Found"}"#), received);
        assert!(matches!(plain, Error::Status(_)));
        assert_eq!(plain.retry_at(), None);
    }
}
