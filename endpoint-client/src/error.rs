//! Why a call failed: the request could not be built, not sent, was
//! refused, or its answer does not fit.

use std::fmt::{self, Write as _};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use endpoint_runtime::TypedRequest;
use endpoint_runtime::model::{Answer, AnswerError};
use http::{HeaderMap, Method, StatusCode};
use serde_json::Value;

use super::decode::{Failure, Operation, answer};
use super::rate_limit::{self, RateLimit, RateLimitKind};

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

/// A text from a server as an error prints it: at most `limit`
/// characters, control characters (and those that reorder or break
/// lines) escaped, and how many were left out. `Display` writes it bare,
/// `Debug` between quotes, with quotes and backslashes escaped too.
struct Bounded<'t> {
    text: &'t str,
    limit: usize,
}

impl<'t> Bounded<'t> {
    /// A message, a URL, a reason: [`MAX_PRINTED_TEXT`] characters.
    fn text(text: &'t str) -> Bounded<'t> {
        Bounded {
            text,
            limit: MAX_PRINTED_TEXT,
        }
    }

    /// A body, or a chain of causes: [`MAX_PRINTED_BODY`] characters.
    fn body(text: &'t str) -> Bounded<'t> {
        Bounded {
            text,
            limit: MAX_PRINTED_BODY,
        }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, quoted: bool) -> fmt::Result {
        let mut chars = self.text.chars();
        if quoted {
            f.write_char('"')?;
        }
        for c in chars.by_ref().take(self.limit) {
            match c {
                '"' | '\\' if quoted => write!(f, "\\{c}")?,
                c if is_unprintable(c) => write!(f, "{}", c.escape_default())?,
                c => f.write_char(c)?,
            }
        }
        if quoted {
            f.write_char('"')?;
        }
        match chars.count() {
            0 => Ok(()),
            left => write!(f, "… ({left} more characters)"),
        }
    }
}

/// Whether `c` would break a line, move the cursor or reorder text if
/// printed as it is.
fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

impl fmt::Display for Bounded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl fmt::Debug for Bounded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, true)
    }
}

/// A body as an error's `Debug` prints it: its start as text (invalid
/// UTF-8 replaced), bounded as [`Bounded::body`], then its length when cut.
struct Excerpt<'b>(&'b [u8]);

impl fmt::Debug for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Enough bytes for the characters printed, however wide.
        let start = &self.0[..self.0.len().min(MAX_PRINTED_BODY * 4)];
        let text = String::from_utf8_lossy(start);
        let cut = text
            .char_indices()
            .nth(MAX_PRINTED_BODY)
            .map_or(text.len(), |(at, _)| at);
        write!(f, "{:?}", Bounded::body(&text[..cut]))?;
        if cut < text.len() || start.len() < self.0.len() {
            write!(f, "… ({} bytes in all)", self.0.len())?;
        }
        Ok(())
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

/// A 2xx answer that does not fit the expected type: which operation, which
/// answer, where in it (the JSON path of the value that does not fit),
/// serde's error, and the body as received.
///
/// Its `Display` names the operation, the path and serde's error (what was
/// expected, and the line and column), never the body, which
/// [`DecodeError::body`] gives whole.
///
/// ```text
/// GET /repos/{owner}/{repo}/issues (https://api.example.com/repos/o/r/issues): the answer does not
/// fit `alloc::vec::Vec<app::Issue>` at `[1].user.login`: invalid type: null, expected a string at
/// line 1 column 1873
/// ```
///
/// An item of a page that does not fit, read on its own by `paginate` or
/// `pages` while the other items of its page still come, has its own
/// error: its [`DecodeError::index`] in the page's list, its path in the
/// page (`[3].user.login`, `items[3].user.login`), and its JSON alone as
/// the body.
///
/// A line of a streamed answer read as lines (`Streamed::lines` of either
/// client) that does not fit has its [`DecodeError::line`], counted from 1,
/// and the line alone as the body:
/// `GET /watch/pods: line 3 of the answer does not fit `Event`: expected
/// value at line 1 column 1`.
///
/// The data of a server-sent event that does not fit
/// ([`ServerSentEvent::json`](super::ServerSentEvent::json)) has its
/// [`DecodeError::event`], counted from 1, and the data alone as the body:
/// `GET /chat: event 2 of the answer does not fit `Delta`: …`.
#[derive(Clone)]
pub struct DecodeError {
    operation: String,
    request_type: Option<&'static str>,
    method: Method,
    url: String,
    type_name: &'static str,
    path: String,
    source: Arc<serde_json::Error>,
    body: Arc<[u8]>,
    index: Option<usize>,
    line: Option<u64>,
    event: Option<u64>,
}

impl DecodeError {
    /// The error for `failure` of the body of `method url`, the answer to
    /// `operation`, which should have been a `type_name`.
    pub(crate) fn new(
        operation: Operation,
        method: Method,
        url: String,
        type_name: &'static str,
        failure: Failure,
        body: Arc<[u8]>,
    ) -> DecodeError {
        let (operation, request_type) = match operation {
            Operation::Typed {
                method,
                template,
                request,
            } => (format!("{method} {template}"), Some(request)),
            Operation::Dynamic => (format!("{method} {url}"), None),
        };
        DecodeError {
            operation,
            request_type,
            method,
            url,
            type_name,
            path: failure.path,
            source: Arc::new(failure.source),
            body,
            index: None,
            line: None,
            event: None,
        }
    }

    /// The same error, of item `index` of a page's list.
    pub(crate) fn in_item(mut self, index: usize) -> DecodeError {
        self.index = Some(index);
        self
    }

    /// The same error, of line `line` (from 1) of a streamed answer.
    pub(crate) fn on_line(mut self, line: u64) -> DecodeError {
        self.line = Some(line);
        self
    }

    /// The same error, of server-sent event `event` (from 1) of a streamed
    /// answer.
    pub(crate) fn on_event(mut self, event: u64) -> DecodeError {
        self.event = Some(event);
        self
    }

    /// What was called: the route of a typed request, method and template
    /// (`GET /repos/{owner}/{repo}/issues`), or the method and URL of a
    /// request built already.
    pub fn operation(&self) -> &str {
        &self.operation
    }

    /// The type name of the typed request (`std::any::type_name`), `None`
    /// for a request built already.
    pub fn request_type(&self) -> Option<&'static str> {
        self.request_type
    }

    /// The method of the request that was answered.
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// The URL that answered (after redirects; a page's own URL).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The type the answer (or the item) should have been.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The JSON path of the value that does not fit, in the body:
    /// `[1].user.login`, `items[0].id`; empty when the body as a whole does
    /// not (it is not JSON, or of another kind than expected). For an item
    /// of a page, the path in the page: it starts with the item's index in
    /// the list, and the list's key when the page wraps it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// serde's error: what was found and what was expected, with the line
    /// and column.
    pub fn serde_error(&self) -> &serde_json::Error {
        &self.source
    }

    /// The body as received, whole (for a page, the whole page); for an
    /// item of a page read on its own, the item's JSON alone.
    pub fn body(&self) -> &[u8] {
        &self.body
    }

    /// For an item of a page read on its own, its index in the page's list
    /// (counting from 0, as [`DecodeError::path`] does); `None` for a body
    /// decoded whole.
    pub fn index(&self) -> Option<usize> {
        self.index
    }

    /// For a line of a streamed answer read as lines, its number, counting
    /// from 1 (blank lines count); `None` for a body decoded whole.
    pub fn line(&self) -> Option<u64> {
        self.line
    }

    /// For a server-sent event of a streamed answer (its data decoded by
    /// [`ServerSentEvent::json`](super::ServerSentEvent::json), or an event
    /// too long to read), its number, counting from 1 the events the answer
    /// gave; `None` otherwise.
    pub fn event(&self) -> Option<u64> {
        self.event
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Bounded::text(&self.operation))?;
        if self.request_type.is_some() {
            write!(f, " ({})", Bounded::text(&self.url))?;
        }
        match (self.line, self.event) {
            (Some(line), _) => write!(f, ": line {line} of the answer")?,
            (None, Some(event)) => write!(f, ": event {event} of the answer")?,
            (None, None) => write!(f, ": the answer")?,
        }
        write!(f, " does not fit `{}`", self.type_name)?;
        if !self.path.is_empty() {
            write!(f, " at `{}`", Bounded::text(&self.path))?;
        }
        // serde's message quotes the value that does not fit, as sent.
        write!(f, ": {}", Bounded::text(&self.source.to_string()))
    }
}

impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecodeError")
            .field("operation", &Bounded::text(&self.operation))
            .field("request_type", &self.request_type)
            .field("method", &self.method)
            .field("url", &Bounded::text(&self.url))
            .field("type_name", &self.type_name)
            .field("path", &Bounded::text(&self.path))
            .field("index", &self.index)
            .field("line", &self.line)
            .field("event", &self.event)
            .field("source", &Bounded::text(&format!("{:?}", self.source)))
            .field("body", &Excerpt(&self.body))
            .finish()
    }
}

impl std::error::Error for DecodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.source)
    }
}

/// An answer with a status other than 2xx, and the explanation its body
/// gives, as the API's policy reads it
/// ([`ApiPolicy::explain`](super::ApiPolicy::explain): a `message`, RFC
/// 9457 problem details, an `error` object, OAuth's
/// `error_description`…).
///
/// Its `Display` names the request and the server's explanation
/// ([`ApiError::summary`]): `GET http://127.0.0.1:8080/v1/stores/42: the
/// server answered 404 Not Found: no such store`. `Display` and `Debug`
/// print what the server wrote bounded and escaped, as [`Error`] says;
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
    /// error's text ([`ApiPolicy::limit_name`](super::ApiPolicy::limit_name)).
    limit_name: Option<&'static str>,
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
    /// [`MAX_PRINTED_TEXT`] characters, control characters escaped.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange;
    use crate::policy::{ApiPolicy, IetfPolicy, Refusal, Refused};
    use crate::rate_limit::RateLimit;
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
