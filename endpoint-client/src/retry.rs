//! Retries of requests that failed for a reason that may pass: which
//! failures, how many times, and how long to wait between tries.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

use http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};

/// The header that marks a request as safe to send again whatever its
/// method, unless [`Retry::idempotency_header`] names another.
const IDEMPOTENCY_KEY: &str = "idempotency-key";

/// When and how a client sends a request again after a failure that may
/// pass: a connection that fails, a timeout, an answer cut short, or a
/// `408` (RFC 9110: the server gave up waiting for the request, which it
/// did not act on), `500`, `502`, `503` or `504` answer.
///
/// On by default ([`Retry::default`]): at most 3 retries, waiting about 1 s,
/// 2 s, then 4 s (exponential backoff, each wait drawn at random between
/// half and all of it, so that clients that failed together do not come
/// back together), never more than [`max_delay`](Self::max_delay). A `503`
/// or `500` with a `retry-after` header waits that long instead, when it is
/// no longer than `max_delay`.
///
/// Never retried: any other status (`400`, `401`, `403` but for a rate
/// limit, `404`, `410`, `422`, `451`…), which another try would get again.
/// Rate limits have their own rules ([`RateLimits`](super::RateLimits)).
/// Every request of this crate can be sent again: its body is bytes held
/// in memory, never a stream.
///
/// # Which requests
///
/// A request whose method is idempotent (`GET`, `HEAD`, `OPTIONS`,
/// `TRACE`, `PUT`, `DELETE`: sending it twice does what sending it once
/// does) is retried after any of those failures. Any other (`POST`,
/// `PATCH`…) may have been acted on by the server before the connection
/// failed, the answer was cut, the time ran out or the server answered
/// `5xx`, and sending it again could create a second issue or a second
/// payment (RFC 9110, section 9.2.2). So it is retried only:
///
/// - when it certainly did not reach the server: the connection could not
///   be made (refused, or its setup timed out);
/// - when it carries the [`idempotency_header`](Self::idempotency_header)
///   (`Idempotency-Key` unless set otherwise), by which the server
///   recognises a request sent again and applies it once;
/// - when a rate limit refused it (a `403` or `429` that says so): it was
///   not applied, and is sent again after the wait as any request is.
///
/// Otherwise its failure is returned as it happened. A GitHub App's
/// installation token request (a `POST`) is retried as an idempotent one:
/// sending it again only mints another token, the first expiring unused.
///
/// ```
/// use endpoint::client::Retry;
/// use std::time::Duration;
///
/// let patient = Retry::default().max_retries(5).base_delay(Duration::from_millis(500));
/// let none = Retry::never();
/// assert_eq!(none.retries(), 0);
/// assert_eq!(patient.retries(), 5);
/// // An API whose writes are made safe to repeat by another header.
/// let keyed = Retry::default().idempotency_header(http::HeaderName::from_static("x-request-key"));
/// assert_eq!(keyed.idempotency_header_name().map(|name| name.as_str()), Some("x-request-key"));
/// ```
///
/// # Idempotency keys made by the client
///
/// An API that honours an idempotency header (Stripe's `Idempotency-Key`)
/// lets every write be retried once the client makes the keys:
/// [`generate_idempotency_keys`](Self::generate_idempotency_keys)`(true)`
/// gives each call of a method that is not idempotent, and that does not
/// carry the header already, a key of its own: 128 random bits written as
/// a version 4 UUID (`8c5e0a2f-6f1d-4b7e-9a43-1f0d2c3b4a59`). The key is
/// the same on every try of the call (its retries, the redirects that keep
/// its method, its waits for a rate limit), so that the server applies the
/// write once; the next call has a new one. A key the request carries
/// already (a header parameter of the route, a default header of the
/// endpoint) is sent as it is and never replaced.
///
/// Off by default: an API that ignores the header (GitHub's) would apply a
/// write sent twice twice, so the client retries no write that may have
/// reached the server unless told the API honours the header.
///
/// The key is no credential: it identifies one write, and goes with it
/// wherever it goes, a redirect to another origin included. `Debug` texts
/// show it, where they redact every header that may be a credential, and
/// so does each [`Event::Retry`](super::Event::Retry) of the call, so that
/// a log tells which tries were the same write. A redirect that turns
/// the write into a `GET` (`301`, `302`, `303`) drops the key the client
/// made: the `GET` is another request.
///
/// ```
/// use endpoint::client::Retry;
///
/// // Stripe's API: every POST gets an `Idempotency-Key`, and is retried
/// // like a GET.
/// let stripe = Retry::default().generate_idempotency_keys(true);
/// assert!(stripe.generates_idempotency_keys());
/// // An API whose header has another name.
/// let other = Retry::default()
///     .idempotency_header(http::HeaderName::from_static("x-request-id"))
///     .generate_idempotency_keys(true);
/// assert_eq!(other.idempotency_header_name().map(|name| name.as_str()), Some("x-request-id"));
/// // GitHub's: no key is made, and a POST that may have been applied is not
/// // sent again.
/// assert!(!Retry::default().generates_idempotency_keys());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retry {
    max_retries: u32,
    base_delay: Duration,
    max_delay: Duration,
    idempotency_header: Option<HeaderName>,
    generate_keys: bool,
}

impl Default for Retry {
    fn default() -> Self {
        Retry {
            max_retries: 3,
            base_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(30),
            idempotency_header: Some(HeaderName::from_static(IDEMPOTENCY_KEY)),
            generate_keys: false,
        }
    }
}

impl Retry {
    /// No retry: every failure is returned as it happens.
    pub fn never() -> Retry {
        Retry {
            max_retries: 0,
            ..Retry::default()
        }
    }

    /// How many times a request is sent again at most (3 unless set).
    #[must_use]
    pub fn max_retries(mut self, retries: u32) -> Retry {
        self.max_retries = retries;
        self
    }

    /// The wait before the first retry (1 s unless set); it doubles with
    /// each retry.
    #[must_use]
    pub fn base_delay(mut self, delay: Duration) -> Retry {
        self.base_delay = delay;
        self
    }

    /// The longest wait between two tries (30 s unless set).
    #[must_use]
    pub fn max_delay(mut self, delay: Duration) -> Retry {
        self.max_delay = delay;
        self
    }

    /// The header whose presence makes a request of any method safe to
    /// send again (`Idempotency-Key` unless set; `None`: no header does, and
    /// only requests of idempotent methods are retried once they may have
    /// reached the server). Its value is the request's own: the client
    /// sends it as the request has it, the same on every try.
    #[must_use]
    pub fn idempotency_header(mut self, name: impl Into<Option<HeaderName>>) -> Retry {
        self.idempotency_header = name.into();
        self
    }

    /// Whether the client gives each call of a method that is not
    /// idempotent (`POST`, `PATCH`, any method RFC 9110 does not call
    /// idempotent) the [`idempotency_header`](Self::idempotency_header)
    /// when it lacks it: a random key, the same on every try of the call
    /// (see [Idempotency keys made by the client](Self#idempotency-keys-made-by-the-client)).
    /// Off unless set; nothing is made while the header is `None`. Only for
    /// an API that honours the header: one that ignores it would apply a
    /// retried write twice.
    #[must_use]
    pub fn generate_idempotency_keys(mut self, generate: bool) -> Retry {
        self.generate_keys = generate;
        self
    }

    /// Whether the client makes idempotency keys
    /// ([`Retry::generate_idempotency_keys`]).
    pub fn generates_idempotency_keys(&self) -> bool {
        self.generate_keys
    }

    /// How many times a request is sent again at most.
    pub fn retries(&self) -> u32 {
        self.max_retries
    }

    /// The header that makes a request of any method safe to send again
    /// ([`Retry::idempotency_header`]).
    pub fn idempotency_header_name(&self) -> Option<&HeaderName> {
        self.idempotency_header.as_ref()
    }

    /// Whether a request of `method` with `headers` may be sent again once
    /// it may have reached the server: its method is idempotent, or it
    /// carries the idempotency header.
    pub(crate) fn may_resend(&self, method: &Method, headers: &HeaderMap) -> bool {
        method.is_idempotent()
            || self
                .idempotency_header
                .as_ref()
                .is_some_and(|name| headers.contains_key(name))
    }

    /// The header a call of `method` with `headers` is given a new key in:
    /// keys are made, the method is not idempotent, and the header is not
    /// there already.
    pub(crate) fn key_to_make(&self, method: &Method, headers: &HeaderMap) -> Option<&HeaderName> {
        let name = self.idempotency_header.as_ref()?;
        (self.generate_keys && !method.is_idempotent() && !headers.contains_key(name))
            .then_some(name)
    }

    /// Whether an answer of `status` is tried again.
    pub(crate) fn retries_status(status: StatusCode) -> bool {
        matches!(
            status,
            StatusCode::REQUEST_TIMEOUT
                | StatusCode::INTERNAL_SERVER_ERROR
                | StatusCode::BAD_GATEWAY
                | StatusCode::SERVICE_UNAVAILABLE
                | StatusCode::GATEWAY_TIMEOUT
        )
    }

    /// The wait before retry number `retry` (1 for the first), or `None`
    /// when no retry is left. `advised` is the answer's `retry-after`,
    /// used when it is no longer than the longest wait.
    pub(crate) fn delay(&self, retry: u32, advised: Option<Duration>) -> Option<Duration> {
        if retry == 0 || retry > self.max_retries {
            return None;
        }
        if let Some(advised) = advised.filter(|advised| *advised <= self.max_delay) {
            return Some(advised);
        }
        let factor = 1u32.checked_shl(retry - 1).unwrap_or(u32::MAX);
        let full = self
            .base_delay
            .checked_mul(factor)
            .unwrap_or(self.max_delay)
            .min(self.max_delay);
        // "Equal jitter": half of the wait is certain, the other half drawn.
        let half = full / 2;
        Some(half + half.mul_f64(random_fraction()))
    }
}

/// A number drawn from `[0, 1)`, from the standard library's random hash
/// keys: enough to spread retries, with no dependency.
pub(crate) fn random_fraction() -> f64 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(0);
    (hasher.finish() >> 11) as f64 / (1u64 << 53) as f64
}

/// A new idempotency key: 128 bits of the system's random source, written
/// as a version 4 UUID (RFC 9562, section 5.4), as Stripe advises. `None`
/// when the system gives no random bits: the call then goes without a key,
/// and its write is not retried once it may have been applied.
pub(crate) fn idempotency_key() -> Option<HeaderValue> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    // The version (4) and the variant (RFC 9562's, `10`).
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let mut text = String::with_capacity(36);
    for (index, byte) in bytes.iter().enumerate() {
        if matches!(index, 4 | 6 | 8 | 10) {
            text.push('-');
        }
        text.push_str(&format!("{byte:02x}"));
    }
    HeaderValue::from_str(&text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_double_and_stay_within_bounds() {
        let retry = Retry::default()
            .base_delay(Duration::from_millis(100))
            .max_delay(Duration::from_millis(350));
        for _ in 0..100 {
            let first = retry.delay(1, None).unwrap();
            assert!((Duration::from_millis(50)..=Duration::from_millis(100)).contains(&first));
            let second = retry.delay(2, None).unwrap();
            assert!((Duration::from_millis(100)..=Duration::from_millis(200)).contains(&second));
            let third = retry.delay(3, None).unwrap();
            assert!((Duration::from_millis(175)..=Duration::from_millis(350)).contains(&third));
        }
        assert_eq!(retry.delay(4, None), None);
        assert_eq!(retry.delay(0, None), None);
        assert_eq!(Retry::never().delay(1, None), None);
    }

    #[test]
    fn advised_waits_are_used_when_short_enough() {
        let retry = Retry::default();
        assert_eq!(
            retry.delay(1, Some(Duration::from_secs(2))),
            Some(Duration::from_secs(2))
        );
        let long = retry.delay(1, Some(Duration::from_secs(3600))).unwrap();
        assert!(long <= Duration::from_secs(1));
    }

    #[test]
    fn huge_settings_do_not_overflow() {
        let retry = Retry::default()
            .max_retries(u32::MAX)
            .base_delay(Duration::MAX)
            .max_delay(Duration::MAX);
        assert!(retry.delay(80, None).is_some());
    }

    #[test]
    fn only_idempotent_or_keyed_requests_may_be_sent_again() {
        let none = HeaderMap::new();
        let mut keyed = HeaderMap::new();
        keyed.insert("idempotency-key", "k1".parse().unwrap());
        let retry = Retry::default();
        for method in ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"] {
            assert!(
                retry.may_resend(&method.parse().unwrap(), &none),
                "{method}"
            );
        }
        for method in ["POST", "PATCH", "CONNECT", "PURGE"] {
            let method: Method = method.parse().unwrap();
            assert!(!retry.may_resend(&method, &none), "{method}");
            assert!(retry.may_resend(&method, &keyed), "{method}");
            let other = Retry::default().idempotency_header(HeaderName::from_static("x-key"));
            assert!(!other.may_resend(&method, &keyed), "{method}");
            assert!(
                !retry
                    .clone()
                    .idempotency_header(None)
                    .may_resend(&method, &keyed)
            );
        }
    }

    #[test]
    fn keys_are_made_for_writes_without_one_when_asked() {
        let none = HeaderMap::new();
        let mut keyed = HeaderMap::new();
        keyed.insert("idempotency-key", "k1".parse().unwrap());
        let making = Retry::default().generate_idempotency_keys(true);
        for method in ["POST", "PATCH", "CONNECT", "PURGE"] {
            let method: Method = method.parse().unwrap();
            assert_eq!(
                making.key_to_make(&method, &none).map(HeaderName::as_str),
                Some("idempotency-key"),
                "{method}"
            );
            assert_eq!(making.key_to_make(&method, &keyed), None, "{method}");
            assert_eq!(Retry::default().key_to_make(&method, &none), None);
            let nameless = making.clone().idempotency_header(None);
            assert_eq!(nameless.key_to_make(&method, &none), None);
        }
        for method in ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"] {
            let method: Method = method.parse().unwrap();
            assert_eq!(making.key_to_make(&method, &none), None, "{method}");
        }
    }

    #[test]
    fn keys_are_version_4_uuids() {
        let key = idempotency_key().unwrap();
        let key = key.to_str().unwrap();
        let groups: Vec<&str> = key.split('-').collect();
        assert_eq!(
            groups.iter().map(|group| group.len()).collect::<Vec<_>>(),
            [8, 4, 4, 4, 12],
            "{key}"
        );
        assert!(
            key.chars()
                .all(|c| c == '-' || matches!(c, '0'..='9' | 'a'..='f'))
        );
        assert!(groups[2].starts_with('4'), "{key}");
        assert!(
            matches!(groups[3].as_bytes()[0], b'8' | b'9' | b'a' | b'b'),
            "{key}"
        );
    }

    #[test]
    fn only_passing_statuses_are_retried() {
        for status in [408, 500, 502, 503, 504] {
            assert!(Retry::retries_status(StatusCode::from_u16(status).unwrap()));
        }
        for status in [400, 401, 403, 404, 409, 410, 422, 429, 451, 501] {
            assert!(!Retry::retries_status(
                StatusCode::from_u16(status).unwrap()
            ));
        }
    }
}
