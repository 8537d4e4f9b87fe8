//! Why a call failed: the request could not be built, not sent, was
//! refused, or its answer does not fit.

use std::fmt;
use std::time::{Duration, SystemTime};

use endpoint_runtime::TypedRequest;
use endpoint_runtime::model::AnswerError;
use http::{Method, StatusCode};

use super::rate_limit::{self, RateLimitKind};

mod api;
mod decoding;
mod printed;

pub use api::{ApiError, Explanation, FieldError};
pub use decoding::DecodeError;
use printed::{Bounded, Excerpt};

/// The most characters of one text from a server (a message, a URL, a
/// reason naming a link or a location) that an error prints, in `Display`
/// and `Debug`; what is cut is counted (`… (1200 more characters)`).
pub const MAX_PRINTED_TEXT: usize = 1_000;

/// The most characters of an answer's body that an error's `Debug`
/// prints (as text, invalid UTF-8 replaced), followed by its whole length
/// when it is cut.
pub const MAX_PRINTED_BODY: usize = 4_096;

/// What can go wrong when a client sends a request. Every variant of a
/// sent request names it (`METHOD url`); nothing panics.
///
/// What a server wrote (its messages, its bodies, the URLs of its links and
/// redirects) is printed bounded, by `Display` and `Debug` alike: each
/// text to [`MAX_PRINTED_TEXT`] characters, a body to
/// [`MAX_PRINTED_BODY`], with control characters escaped (`\n`,
/// `\u{1b}`), so that an error is one line of a log and cannot write
/// others. The texts themselves stay whole in the error's fields
/// ([`ApiError::body`], [`DecodeError::body`]).
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The request could not be built from the route and parameters, or
    /// converted into an HTTP request.
    #[error("cannot build the request: {0}")]
    Build(#[from] endpoint_runtime::Error),

    /// A setting of a [`ClientBuilder`](super::ClientBuilder) is wrong:
    /// which one (`base_url`, `token`, `header`…) and why. The message never
    /// holds a credential.
    #[error("invalid client setting `{setting}`: {reason}")]
    Config {
        /// The builder's method that took the setting.
        setting: &'static str,
        /// What is wrong with it.
        reason: String,
    },

    /// The HTTP client could not be set up.
    #[error("cannot set up the HTTP client: {0}")]
    Setup(#[source] Box<dyn std::error::Error + Send + Sync>),

    /// The request could not be sent, or its answer could not be read
    /// (no connection, a timeout, a TLS failure, an answer too large).
    ///
    /// Its `Display` gives the whole chain of causes, each once (`GET
    /// https://…: error sending request for url (…): client error (Connect):
    /// tcp connect error: Connection refused (os error 111)`); `source()`
    /// still gives the HTTP client's error, for downcasting.
    #[error("{method} {}: {}", Bounded::text(.url), Bounded::body(&causes(.source.as_ref())))]
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
    /// limit): the server's explanation is in the [`ApiError`].
    #[error("{0}")]
    Status(Box<ApiError>),

    /// A rate limit refused the request (a spent quota or a pause asked
    /// for: a 429, a 403, what the API's policy reads as one), or would have: the client's [`RateLimits`](super::RateLimits) did
    /// not wait for it, as the wait was longer than their `max_wait`, or
    /// more refusals came than their `max_retries`.
    #[error("{}", rate_limited_text(.kind, .retry_at, .answer.as_deref()))]
    RateLimited {
        /// Which kind of limit.
        kind: RateLimitKind,
        /// When to retry: the window's reset for a spent quota, the
        /// answer's time plus `retry-after` (or, when it names no time, the
        /// API's policy's wait: 1 s unless told, doubled for each refusal
        /// of the call waited out before) for a pause. `None` when a
        /// spent quota names no reset.
        retry_at: Option<SystemTime>,
        /// The refusal itself; `None` when the request was not sent, as an
        /// earlier answer (to this call or another sharing the client's
        /// rate-limit state) said the limit is spent until `retry_at`.
        answer: Option<Box<ApiError>>,
    },

    /// A redirect could not be followed: too many of them, or a `location`
    /// that is not a URL; or a page's `next` link (or next URL in the
    /// answer) that is not a URL.
    #[error("{method} {}: {}", Bounded::text(.url), Bounded::text(.reason))]
    Redirect {
        /// The method of the request that was redirected.
        method: Method,
        /// The URL that answered with the redirect.
        url: String,
        /// What went wrong.
        reason: String,
    },

    /// The pages of a list stopped, as going on would not read anything
    /// new or would not end: the next page's URL was requested already in
    /// this walk (a `next` link back, a cursor sent again), a page holds the
    /// same items as the page before it (a server that ignores or clamps the
    /// page parameter), [`MAX_EMPTY_PAGES`](super::MAX_EMPTY_PAGES) empty
    /// pages in a row each pointed to another, the walk reached its bound on
    /// requests (`max_pages`), or the page does not say where the next one
    /// is in a way that can be followed (a cursor that is neither a string
    /// nor an integer: the message names its JSON pointer).
    ///
    /// The items read before stay read; the message says what happened and
    /// what to set. The walk's cursor says where it would resume: the page
    /// not fetched, after a bound, a link back or empty pages; `None` after
    /// a page that repeats the one before, or a next page that cannot be
    /// told.
    #[error("{} (page {page} of the walk): {}", Bounded::text(.url), Bounded::text(.reason))]
    Paging {
        /// The URL of the page concerned: the page read last, or the one
        /// that repeats the page before it.
        url: String,
        /// Its number in this walk: 1 for the first page fetched.
        page: usize,
        /// What happened, and what to set.
        reason: String,
    },

    /// A client could not get a token: an App's installation token
    /// (e.g. feature `app`'s `ClientBuilder::github_app`: `401`, the App id
    /// or its private key is wrong, or this machine's clock is off by
    /// minutes; `404`, the App has no such installation; `403`, the
    /// installation is suspended), an OAuth 2 access token (`ClientBuilder::oauth2`: the
    /// token server's `error` and `error_description`), or a
    /// [`TokenSource`](super::TokenSource)'s; or the answer is not a token.
    /// A token request that could not be sent at all is an
    /// [`Error::Transport`] naming it.
    ///
    /// The message names the token request, the status and the server's
    /// message; never a private key, a client secret, a JWT or a token.
    #[error("authentication failed: {}", Bounded::text(.reason))]
    Authentication {
        /// The URL of the token request.
        url: String,
        /// What happened.
        reason: String,
        /// The refusal, for an answer that is not 2xx: its status, headers
        /// and the server's message.
        answer: Option<Box<ApiError>>,
    },

    /// A 2xx answer does not fit the expected type (or, while paginating,
    /// is not a page of a list): the [`DecodeError`] names the operation,
    /// the JSON path of the value that does not fit, and keeps the body.
    #[error(transparent)]
    Decode(Box<DecodeError>),

    /// A call of a client made by its builder ended with `error` after it
    /// retried or waited, or because its deadline
    /// ([`ClientBuilder::deadline`](super::ClientBuilder::deadline)) left
    /// no time for the wait or the retry it needed: `error` is the last
    /// failure, refusal or answer, and the rest says what the call cost.
    ///
    /// Its `Display` is `error`'s, then the cost: `… (after 3 retries,
    /// 7.4 s in all)`, `… (ended by the call's deadline of 2 s: 1 retry,
    /// 1.6 s in all)`. [`Error::status`], [`Error::api_error`],
    /// [`Error::retry_at`] and [`Error::decode_error`] look into `error`;
    /// [`Error::last`] gives it.
    #[error("{error} ({})", spent_text(*.retries, *.waits, *.elapsed, *.deadline))]
    GaveUp {
        /// The error the call ended with.
        error: Box<Error>,
        /// The retries sent for failures that may pass.
        retries: u32,
        /// The waits for rate limits: a spent quota, a pause a refusal asked
        /// for (not the spacing of writes and searches).
        waits: u32,
        /// How long the call took in all.
        elapsed: Duration,
        /// The call's deadline, when it is what ended the call.
        deadline: Option<Duration>,
    },
}

impl Error {
    /// The error of a wrong `setting`.
    pub(crate) fn config(setting: &'static str, reason: impl Into<String>) -> Error {
        Error::Config {
            setting,
            reason: reason.into(),
        }
    }

    /// The error a call ended with: the one inside an [`Error::GaveUp`],
    /// this one otherwise.
    pub fn last(&self) -> &Error {
        match self {
            Error::GaveUp { error, .. } => error.last(),
            other => other,
        }
    }

    /// The status of the answer, for [`Error::Status`],
    /// [`Error::RateLimited`] and [`Error::Authentication`].
    pub fn status(&self) -> Option<StatusCode> {
        self.api_error().map(|answer| answer.status)
    }

    /// The refusal, for [`Error::Status`], [`Error::RateLimited`] and
    /// [`Error::Authentication`].
    pub fn api_error(&self) -> Option<&ApiError> {
        match self.last() {
            Error::Status(answer)
            | Error::RateLimited {
                answer: Some(answer),
                ..
            }
            | Error::Authentication {
                answer: Some(answer),
                ..
            } => Some(answer),
            _ => None,
        }
    }

    /// The body of the refusal decoded as the error type of the route `R`
    /// (its `#[endpoint(error = Type)]`, `serde_json::Value` when it names
    /// none), for the errors that hold an answer ([`Error::api_error`]);
    /// `None` for the others. A body that does not fit is an
    /// [`AnswerError`], and stays whole in [`ApiError::body`].
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::ureq::Client;
    /// use endpoint::endpoint;
    /// use serde::Deserialize;
    ///
    /// #[derive(Debug, Deserialize)]
    /// struct Problem {
    ///     title: String,
    /// }
    ///
    /// endpoint! {
    ///     /// A pet.
    ///     #[endpoint(error = Problem)]
    ///     struct GetPet = "GET /pets/{id}" -> serde_json::Value;
    /// }
    ///
    /// let pets = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// match pets.send(&GetPet { id: "7".into() }) {
    ///     Ok(pet) => println!("{}", pet.body),
    ///     Err(error) => match error.error_body::<GetPet>() {
    ///         Some(Ok(problem)) => eprintln!("refused: {}", problem.title),
    ///         _ => eprintln!("{error}"),
    ///     },
    /// }
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn error_body<R: TypedRequest>(&self) -> Option<Result<R::Error, AnswerError>> {
        self.api_error().map(ApiError::body_as::<R::Error>)
    }

    /// The answer that does not fit, for [`Error::Decode`].
    pub fn decode_error(&self) -> Option<&DecodeError> {
        match self.last() {
            Error::Decode(error) => Some(error),
            _ => None,
        }
    }

    /// When to retry, for [`Error::RateLimited`].
    pub fn retry_at(&self) -> Option<SystemTime> {
        match self.last() {
            Error::RateLimited { retry_at, .. } => *retry_at,
            _ => None,
        }
    }
}

impl fmt::Display for RateLimitKind {
    /// `quota`, `pause`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RateLimitKind::Quota => "quota",
            RateLimitKind::Pause => "pause",
        })
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Build(error) => f.debug_tuple("Build").field(error).finish(),
            Error::Config { setting, reason } => f
                .debug_struct("Config")
                .field("setting", setting)
                .field("reason", reason)
                .finish(),
            Error::Setup(error) => f.debug_tuple("Setup").field(error).finish(),
            Error::Transport {
                method,
                url,
                source,
            } => f
                .debug_struct("Transport")
                .field("method", method)
                .field("url", &Bounded::text(url))
                .field("source", &Bounded::body(&format!("{source:?}")))
                .finish(),
            Error::Status(answer) => f.debug_tuple("Status").field(answer).finish(),
            Error::RateLimited {
                kind,
                retry_at,
                answer,
            } => f
                .debug_struct("RateLimited")
                .field("kind", kind)
                .field("retry_at", retry_at)
                .field("answer", answer)
                .finish(),
            Error::Redirect {
                method,
                url,
                reason,
            } => f
                .debug_struct("Redirect")
                .field("method", method)
                .field("url", &Bounded::text(url))
                .field("reason", &Bounded::text(reason))
                .finish(),
            Error::Paging { url, page, reason } => f
                .debug_struct("Paging")
                .field("url", &Bounded::text(url))
                .field("page", page)
                .field("reason", &Bounded::text(reason))
                .finish(),
            Error::Authentication {
                url,
                reason,
                answer,
            } => f
                .debug_struct("Authentication")
                .field("url", &Bounded::text(url))
                .field("reason", &Bounded::text(reason))
                .field("answer", answer)
                .finish(),
            Error::Decode(error) => f.debug_tuple("Decode").field(error).finish(),
            Error::GaveUp {
                error,
                retries,
                waits,
                elapsed,
                deadline,
            } => f
                .debug_struct("GaveUp")
                .field("error", error)
                .field("retries", retries)
                .field("waits", waits)
                .field("elapsed", elapsed)
                .field("deadline", deadline)
                .finish(),
        }
    }
}

/// `error`'s message, then the message of each of its sources that does
/// not repeat what was said already, joined with `: `.
pub(crate) fn causes(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let message = cause.to_string();
        if !message.is_empty() && !text.contains(&message) {
            text.push_str(": ");
            text.push_str(&message);
        }
        source = cause.source();
    }
    text
}

/// The refusal (or that the request was not sent), which limit, and when
/// to retry: `retry at 2026-11-26 09:12:55 UTC (in 42 min)`.
///
/// A limit is named as its API names it (`secondary rate limit`:
/// [`ApiPolicy::limit_name`](super::ApiPolicy::limit_name)); an API that
/// names none has its refusal told as `rate limit` and its status.
fn rate_limited_text(
    kind: &RateLimitKind,
    retry_at: &Option<SystemTime>,
    answer: Option<&ApiError>,
) -> String {
    let retry = match retry_at {
        Some(at) => format!("retry {}", rate_limit::retry_text(*at, SystemTime::now())),
        None => "no reset time given".to_owned(),
    };
    match answer {
        Some(answer) => {
            let limit = rate_limit::limit_text(answer.limit_name, None);
            format!("{answer}; {limit}, {retry}")
        }
        None => {
            let why = match kind {
                RateLimitKind::Quota => "the rate limit's quota is spent",
                RateLimitKind::Pause => "requests are paused after a rate-limit refusal",
            };
            format!("not sent: {why}, {retry}")
        }
    }
}

/// What a call that gave up cost: `after 3 retries and 1 wait, 7.4 s in
/// all`, or `ended by the call's deadline of 2 s: 1 retry, 1.6 s in all`.
fn spent_text(retries: u32, waits: u32, elapsed: Duration, deadline: Option<Duration>) -> String {
    let count = |n: u32, one: &str, many: &str| match n {
        0 => None,
        1 => Some(format!("1 {one}")),
        n => Some(format!("{n} {many}")),
    };
    let counts: Vec<String> = [
        count(retries, "retry", "retries"),
        count(waits, "wait", "waits"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let total = format!("{:.1} s in all", elapsed.as_secs_f64());
    match (deadline, counts.is_empty()) {
        (Some(deadline), true) => format!(
            "ended by the call's deadline of {}: {total}",
            rate_limit::duration_text(deadline)
        ),
        (Some(deadline), false) => format!(
            "ended by the call's deadline of {}: {}, {total}",
            rate_limit::duration_text(deadline),
            counts.join(", ")
        ),
        (None, true) => total,
        (None, false) => format!("after {}, {total}", counts.join(" and ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange;
    use crate::policy::{ApiPolicy, IetfPolicy, Refusal, Refused};
    use crate::rate_limit::RateLimit;
    use serde_json::Value;
    use std::sync::Arc;
    use std::time::UNIX_EPOCH;

    /// The error of an answer of an API with the rules of `api`, received
    /// at `received`.
    fn error(
        api: impl ApiPolicy,
        status: u16,
        headers: &[(&'static str, &str)],
        body: &str,
        received: SystemTime,
    ) -> Error {
        exchange::Answer {
            api: Arc::new(api),
            method: Method::POST,
            url: "https://api.example.com/repos/o/r/labels".into(),
            status: StatusCode::from_u16(status).unwrap(),
            headers: headers
                .iter()
                .map(|(name, value)| (http::HeaderName::from_static(name), value.parse().unwrap()))
                .collect(),
            body: body.as_bytes().to_vec(),
            received,
        }
        .into_error()
    }

    /// An API that names its limits, and whose answers name their
    /// resource.
    #[derive(Debug)]
    struct Named;

    impl ApiPolicy for Named {
        fn rate_limit(&self, headers: &http::HeaderMap) -> RateLimit {
            RateLimit::from_headers(headers)
        }

        fn refusal(&self, answer: &Refused<'_>) -> Option<Refusal> {
            IetfPolicy.refusal(answer)
        }

        fn limit_name(&self, kind: RateLimitKind) -> Option<&'static str> {
            Some(match kind {
                RateLimitKind::Quota => "hourly quota",
                RateLimitKind::Pause => "burst limit",
            })
        }
    }

    fn answer(status: u16, headers: &[(&'static str, &str)], body: &str) -> ApiError {
        match error(IetfPolicy, status, headers, body, SystemTime::now()) {
            Error::Status(answer) => *answer,
            other => panic!("not a status: {other}"),
        }
    }

    #[test]
    fn explanations() {
        let invalid = answer(
            422,
            &[],
            r#"{"message":"Validation Failed","errors":[{"resource":"Label","code":"invalid","field":"color"}],"documentation_url":"https://docs.example.com/labels"}"#,
        );
        assert_eq!(invalid.message.as_deref(), Some("Validation Failed"));
        assert_eq!(
            invalid.documentation_url.as_deref(),
            Some("https://docs.example.com/labels")
        );
        assert_eq!(
            invalid.errors,
            [FieldError::new("invalid").at("color").code("invalid")]
        );
        assert_eq!(
            invalid.to_string(),
            "POST https://api.example.com/repos/o/r/labels: the server answered 422 Unprocessable Entity: Validation Failed (color: invalid)"
        );
        let text = answer(502, &[], "  <html>Bad gateway</html>\n");
        assert_eq!(text.message, None);
        assert_eq!(text.summary(), "<html>Bad gateway</html>");
        assert_eq!(answer(500, &[], "").summary(), "(empty answer)");
        for (body, summary) in [
            (r#"{"error":"no such store"}"#, "no such store"),
            (r#"{"error":{"code":7,"message":"quota"}}"#, "quota"),
            (
                r#"{"type":"about:blank","title":"Not Found","detail":"no pet 9"}"#,
                "no pet 9",
            ),
            (r#"{"title":"Gone"}"#, "Gone"),
            (
                r#"{"errors":[{"status":"404","title":"Missing"}]}"#,
                "Missing",
            ),
            (
                r#"{"error":"invalid_grant","error_description":"expired"}"#,
                "expired",
            ),
            (
                r#"{"errors":[{"message":"name is taken"}]}"#,
                "name is taken",
            ),
            (r#"{"code":7}"#, r#"{"code":7}"#),
        ] {
            assert_eq!(answer(404, &[], body).summary(), summary, "{body}");
        }
        let long = "é".repeat(300);
        assert_eq!(answer(500, &[], &long).summary().chars().count(), 201);
    }

    #[test]
    fn a_generic_message_names_the_first_errors_of_its_list() {
        // A validating mock server's problem: its detail says nothing of
        // what is wrong, its `validation` list does.
        let prism = answer(
            422,
            &[("content-type", "application/problem+json")],
            r#"{"type":"https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY","title":"Invalid request","status":422,"detail":"Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.","validation":[{"location":["body"],"severity":"Error","code":"required","message":"Request body must have required property 'name'"},{"location":["query","limit"],"severity":"Error","code":"maximum","message":"Request query parameter limit must be <= 100"}]}"#,
        );
        assert_eq!(prism.errors.len(), 2);
        assert_eq!(
            prism.summary(),
            "Your request is not valid and no HTTP validation response was found in the spec, so \
             Prism is generating this error for you. (body: Request body must have required \
             property 'name'; query.limit: Request query parameter limit must be <= 100)"
        );
        // An entry that says where through nothing.
        let bare = answer(
            422,
            &[],
            r#"{"title":"Invalid request","validation":[{"severity":"Error","code":"required","message":"Body parameter is required"}]}"#,
        );
        assert_eq!(
            bare.summary(),
            "Invalid request (Body parameter is required)"
        );
        // JSON:API: where is the source's pointer or parameter.
        let json_api = answer(
            422,
            &[("content-type", "application/vnd.api+json")],
            r#"{"errors":[
                {"status":"422","source":{"pointer":"/data/attributes/firstName"},"title":"Invalid Attribute","detail":"First name must contain at least two characters."},
                {"status":"422","source":{"parameter":"include"},"title":"Invalid Query Parameter","detail":"The resource does not have an `author` relationship path."}
            ]}"#,
        );
        assert_eq!(
            json_api.summary(),
            "/data/attributes/firstName: First name must contain at least two characters. \
             (include: The resource does not have an `author` relationship path.)"
        );
        // RFC 9457's `invalid-params` and `errors` with a pointer.
        let problem = answer(
            400,
            &[],
            r#"{"title":"Your request is not valid.","invalid-params":[{"name":"age","reason":"must be a positive integer"},{"name":"color","reason":"must be 'green', 'red' or 'blue'"}]}"#,
        );
        assert_eq!(
            problem.summary(),
            "Your request is not valid. (age: must be a positive integer; color: must be \
             'green', 'red' or 'blue')"
        );
        let pointed = answer(
            422,
            &[],
            r#"{"detail":"The request is invalid.","errors":[{"detail":"must be a positive integer","pointer":"/age"}]}"#,
        );
        assert_eq!(
            pointed.summary(),
            "The request is invalid. (/age: must be a positive integer)"
        );
        // The message is its one error's: said once, at its place.
        let one = answer(
            422,
            &[],
            r#"{"errors":[{"detail":"name must not be 'bad'","source":{"pointer":"/name"}}]}"#,
        );
        assert_eq!(one.summary(), "/name: name must not be 'bad'");
        let one = answer(
            422,
            &[],
            r#"{"message":"name must not be 'bad'","errors":[{"message":"name must not be 'bad'","field":"name"},{"message":"is too long","field":"tag"}]}"#,
        );
        assert_eq!(
            one.summary(),
            "name: name must not be 'bad' (tag: is too long)"
        );
        let unplaced = answer(422, &[], r#"{"errors":["name is taken"]}"#);
        assert_eq!(unplaced.summary(), "name is taken");
    }

    #[test]
    fn errors_named_in_a_message_are_bounded() {
        // A list of a hundred thousand errors: the first three, and a count.
        let entries: Vec<Value> = (0..100_000)
            .map(|i| serde_json::json!({"field": format!("f{i}"), "message": "is wrong"}))
            .collect();
        let body = serde_json::json!({"message": "Validation Failed", "errors": entries});
        let many = answer(422, &[], &body.to_string());
        assert_eq!(many.errors.len(), 100_000);
        assert_eq!(
            many.summary(),
            "Validation Failed (f0: is wrong; f1: is wrong; f2: is wrong; and 99997 more)"
        );
        // Errors as long as a book: each cut, the whole line bounded, and
        // written on one line.
        let long = "x\n".repeat(50_000);
        let body = serde_json::json!({
            "detail": "Invalid request",
            "validation": [{"location": [long.clone()], "message": long}, {"message": "short"}, {"message": "third"}, {"message": "fourth"}],
        });
        let huge = answer(422, &[], &body.to_string());
        let summary = huge.summary();
        assert!(summary.chars().count() < MAX_PRINTED_TEXT + 40, "{summary}");
        assert!(
            summary.starts_with("Invalid request (x\\nx\\n"),
            "{summary}"
        );
        assert!(
            summary.contains("…; short; third; and 1 more)"),
            "{summary}"
        );
        assert!(!summary.contains('\n'));
        let display = Error::Status(Box::new(huge)).to_string();
        assert!(
            display.chars().count() < MAX_PRINTED_TEXT + 200,
            "{display}"
        );
        // Entries that are no text are left out when read: the others
        // are named.
        let odd = answer(
            422,
            &[],
            r#"{"message":"Bad","errors":[1,null,{"field":"a"},{"code":42},"plain","x"]}"#,
        );
        assert_eq!(odd.summary(), "Bad (42; plain; x)");
        assert_eq!(odd.errors.len(), 3);
    }

    #[test]
    fn explanations_of_every_shape() {
        let message = |body: &str| Explanation::read(body.as_bytes()).message;
        assert_eq!(
            message(r#"{"message": "Not Found"}"#).as_deref(),
            Some("Not Found")
        );
        assert_eq!(
            message(
                r#"{"error": {"type": "invalid_request_error", "message": "No such customer"}}"#
            )
            .as_deref(),
            Some("No such customer")
        );
        assert_eq!(
            message(
                r#"{"error": "invalid_grant", "error_description": "The refresh token expired"}"#
            )
            .as_deref(),
            Some("The refresh token expired")
        );
        assert_eq!(
            message(r#"{"error": "no such store"}"#).as_deref(),
            Some("no such store")
        );
        assert_eq!(
            message(r#"{"title": "Forbidden"}"#).as_deref(),
            Some("Forbidden")
        );
        assert_eq!(
            message(r#"{"errors": [{"status": "422", "detail": "name is taken"}]}"#).as_deref(),
            Some("name is taken")
        );
        assert_eq!(message(r#"{"message": "  "}"#), None);
        assert_eq!(message("[1, 2]"), None);
        assert_eq!(message(""), None);
        let twilio = Explanation::read(
            br#"{"code": 20404, "message": "The requested resource was not found", "more_info": "https://www.twilio.com/docs/errors/20404", "status": 404}"#,
        );
        assert_eq!(
            twilio.documentation_url.as_deref(),
            Some("https://www.twilio.com/docs/errors/20404")
        );
        let blank = Explanation::read(br#"{"type": "about:blank", "title": "Not Found"}"#);
        assert_eq!(blank.documentation_url, None);
    }

    #[test]
    fn rate_limit_refusals_say_when_to_retry() {
        let received = UNIX_EPOCH + Duration::from_secs(1_000);
        let primary = error(
            Named,
            403,
            &[
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset", "1700000000"),
                ("x-request-id", "CAFE:1234"),
            ],
            r#"{"message":"API rate limit exceeded for user ID 1."}"#,
            received,
        );
        assert!(matches!(
            primary,
            Error::RateLimited {
                kind: RateLimitKind::Quota,
                ..
            }
        ));
        assert_eq!(
            primary.retry_at(),
            Some(UNIX_EPOCH + Duration::from_secs(1_700_000_000))
        );
        assert_eq!(primary.status(), Some(StatusCode::FORBIDDEN));
        assert!(
            primary.to_string().ends_with(
                "API rate limit exceeded for user ID 1.; hourly quota, \
                 retry at 2023-11-14 22:13:20 UTC (now)"
            ),
            "{primary}"
        );
        // An API that names its limits: its words.
        let secondary = error(
            Named,
            429,
            &[("retry-after", "42"), ("x-ratelimit-resource", "core")],
            r#"{"message":"slow down"}"#,
            received,
        );
        assert_eq!(
            secondary.retry_at(),
            Some(UNIX_EPOCH + Duration::from_secs(1_042))
        );
        assert!(
            secondary
                .to_string()
                .ends_with("slow down; burst limit, retry at 1970-01-01 00:17:22 UTC (now)"),
            "{secondary}"
        );
        // An API that names none: its status, and when.
        let other = error(
            IetfPolicy,
            429,
            &[("retry-after", "42")],
            r#"{"error":"slow down"}"#,
            received,
        );
        assert_eq!(
            other.to_string(),
            "POST https://api.example.com/repos/o/r/labels: the server answered 429 Too Many \
             Requests: slow down; rate limit, retry at 1970-01-01 00:17:22 UTC (now)"
        );
        let not_sent = Error::RateLimited {
            kind: RateLimitKind::Pause,
            retry_at: SystemTime::now().checked_add(Duration::from_secs(42 * 60)),
            answer: None,
        };
        let text = not_sent.to_string();
        assert!(
            text.starts_with("not sent: requests are paused after a rate-limit refusal, retry at ")
                && text.ends_with(" UTC (in 42 min)"),
            "{text}"
        );
        let plain = error(Named, 404, &[], r#"{"message":"Not Found"}"#, received);
        assert!(matches!(plain, Error::Status(_)));
        assert_eq!(plain.retry_at(), None);
    }

    #[test]
    fn a_call_that_gave_up_says_what_it_cost() {
        let refusal = error(
            IetfPolicy,
            503,
            &[],
            r#"{"message":"down"}"#,
            UNIX_EPOCH + Duration::from_secs(1_000),
        );
        let retried = Error::GaveUp {
            error: Box::new(refusal),
            retries: 3,
            waits: 1,
            elapsed: Duration::from_millis(7_420),
            deadline: None,
        };
        assert!(
            retried.to_string().ends_with(
                "answered 503 Service Unavailable: down (after 3 retries and 1 wait, 7.4 s in all)"
            ),
            "{retried}"
        );
        assert_eq!(retried.status(), Some(StatusCode::SERVICE_UNAVAILABLE));
        assert!(matches!(retried.last(), Error::Status(_)));
        let ended = Error::GaveUp {
            error: Box::new(retried),
            retries: 1,
            waits: 0,
            elapsed: Duration::from_millis(1_640),
            deadline: Some(Duration::from_secs(2)),
        };
        assert!(
            ended
                .to_string()
                .ends_with("(ended by the call's deadline of 2 s: 1 retry, 1.6 s in all)"),
            "{ended}"
        );
        assert!(matches!(ended.last(), Error::Status(_)));
    }
}
