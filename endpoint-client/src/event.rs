//! What a client tells a program about its own waits and retries.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use http::{Method, StatusCode};

use super::rate_limit::{RateLimitKind, limit_text};

/// Something a client did on its own, given to the function set with
/// [`ClientBuilder::on_event`](super::ClientBuilder::on_event): each wait
/// and each retry, as it is about to happen.
///
/// A callback rather than `tracing` events or `log` records: it adds no
/// dependency, a test can count what happened, and a program that logs
/// forwards each event in one line (its `Display` is a sentence):
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::ureq::Client;
///
/// let client = Client::github()
///     .on_event(|event| eprintln!("endpoint: {event}"))
///     .build()?;
/// # }
/// # Ok::<(), endpoint::client::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A request failed for a reason that may pass, and is sent again after
    /// `wait` ([`Retry`](super::Retry)).
    Retry {
        /// The request's method.
        method: Method,
        /// Its URL.
        url: String,
        /// Which retry this is: 1 for the first.
        retry: u32,
        /// How long the client waits before it.
        wait: Duration,
        /// Why: the status of the answer, or the transport's error.
        reason: RetryReason,
        /// The idempotency key the request is sent again with, when it has
        /// one that is not secret: one the client made
        /// ([`Retry::generate_idempotency_keys`](super::Retry::generate_idempotency_keys)),
        /// or an `Idempotency-Key` of the caller's. The same on every retry
        /// of a call, so that a log tells which tries were one write.
        idempotency_key: Option<String>,
    },
    /// A request waits for a rate limit ([`RateLimits`](super::RateLimits)):
    /// a spent quota, a pause asked for by a refusal, or the spacing of
    /// writes and searches.
    Wait {
        /// The request's method.
        method: Method,
        /// Its URL.
        url: String,
        /// How long it waits.
        wait: Duration,
        /// Why.
        reason: WaitReason,
    },
    /// A token was fetched (the first, or one that replaces a token about
    /// to expire or refused): an installation token of an App, an OAuth 2
    /// access token, a token source's.
    TokenRefreshed {
        /// How long the new token is valid for.
        valid_for: Duration,
    },
}

/// Why a request is sent again.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RetryReason {
    /// The server answered with this status (`408`, `500`, `502`, `503`,
    /// `504`, or one the API's policy advised retrying).
    Status(StatusCode),
    /// The request could not be sent or its answer not read: the
    /// transport's error, with its causes.
    Transport(String),
}

/// Why a request waits before leaving.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WaitReason {
    /// The quota of `resource` is spent, or every request was asked to
    /// pause, by a limit the API's policy names
    /// ([`ApiPolicy::limit_name`](super::ApiPolicy::limit_name)).
    RateLimit {
        /// Which kind of limit.
        kind: RateLimitKind,
        /// The limit as the API names it (`secondary rate limit`).
        limit: &'static str,
        /// The resource (the quota the request counts against).
        resource: String,
        /// Whether the request itself was refused (and is sent again), or
        /// waits before its first try.
        refused: bool,
    },
    /// Requests of this lane (its [`Lane::name`](super::Lane::name):
    /// `write`…) leave at least so far apart.
    Spacing {
        /// The lane.
        lane: &'static str,
    },
    /// The rate limit of an API whose policy names no limits and no
    /// resources: the request was refused with this status
    /// (`429 Too Many Requests`, or a `403` with `retry-after`) and is sent
    /// again after the wait; or, for `None`, it waits before its first try
    /// for a pause or a spent quota an earlier answer told.
    Limit {
        /// The status of the refusal, when the request was refused.
        refused: Option<StatusCode>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Retry {
                method,
                url,
                retry,
                wait,
                reason,
                idempotency_key,
            } => {
                let reason = match reason {
                    RetryReason::Status(status) => format!("answered {status}"),
                    RetryReason::Transport(error) => format!("failed: {error}"),
                };
                write!(
                    f,
                    "{method} {url} {reason}; retry {retry} in {:.1} s",
                    wait.as_secs_f64()
                )?;
                match idempotency_key {
                    Some(key) => write!(f, " with idempotency key {key}"),
                    None => Ok(()),
                }
            }
            Event::Wait {
                method,
                url,
                wait,
                reason,
            } => {
                let why = match reason {
                    WaitReason::RateLimit {
                        limit,
                        resource,
                        refused: true,
                        ..
                    } => format!(
                        "was refused by the {}",
                        limit_text(Some(*limit), Some(resource))
                    ),
                    WaitReason::RateLimit {
                        limit, resource, ..
                    } => {
                        format!("waits for the {}", limit_text(Some(*limit), Some(resource)))
                    }
                    WaitReason::Spacing { lane } => format!("is spaced from the last {lane}"),
                    WaitReason::Limit {
                        refused: Some(status),
                    } => format!("was refused with {status}"),
                    WaitReason::Limit { refused: None } => {
                        format!("waits for the API's {}", limit_text(None, None))
                    }
                };
                write!(f, "{method} {url} {why}: {:.1} s", wait.as_secs_f64())
            }
            Event::TokenRefreshed { valid_for } => {
                write!(f, "fetched a token valid for {} s", valid_for.as_secs())
            }
        }
    }
}

/// The function events are given to.
pub(crate) type Hook = Arc<dyn Fn(&Event) + Send + Sync>;
