//! What differs between APIs, behind one seam: how an answer reports and
//! refuses a rate limit, which quota a request counts against and which
//! requests are spaced, which answers may be retried, how a list's first
//! page may say "no items", which header carries idempotency keys, how an
//! error body explains itself, how lists page unless a route says, the
//! headers every request carries and those that change an answer.
//!
//! [`IetfPolicy`] is the default for any API: the IETF's `RateLimit`
//! fields and `Retry-After`. An API's own rules are a policy of their own
//! (e.g. `GitHubPolicy`, `StripePolicy`), given to the builder or chosen by it
//! (e.g. `Client::github()`); a policy of one's own implements
//! [`ApiPolicy`], whose every method has a default.

use std::borrow::Cow;
use std::fmt;
use std::time::{Duration, SystemTime};

use http::header::ACCEPT;
use http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};

use super::error::Explanation;
use super::rate_limit::{RateLimit, RateLimitKind};
use super::throttle::{Lane, RateLimits};
use endpoint_runtime::model::Pagination;

/// The `accept` header a client sends unless told otherwise
/// ([`ClientBuilder::accept`](super::ClientBuilder::accept)) or its API's
/// policy says another ([`ApiPolicy::headers`]).
pub const DEFAULT_JSON_ACCEPT: &str = "application/json";

/// The rules of one API that a client follows: given to
/// [`ClientBuilder::policy`](super::ClientBuilder::policy), or chosen by
/// a builder made for the API (e.g. `Client::github()`); [`IetfPolicy`]
/// for a builder told neither.
///
/// Every method has a default, the neutral rule of [`IetfPolicy`], so a
/// policy of one's own says only what differs:
///
/// ```
/// use endpoint::client::{ApiPolicy, Lane};
/// use http::Method;
/// use std::borrow::Cow;
///
/// /// An API whose searches have a quota of their own, and that spaces
/// /// nothing.
/// #[derive(Debug)]
/// struct Catalogue;
///
/// impl ApiPolicy for Catalogue {
///     fn resource(&self, _: &Method, path: &str) -> Cow<'static, str> {
///         if path.starts_with("/v2/search") { "search".into() } else { "default".into() }
///     }
///     fn lane(&self, _: &Method, _: &str) -> Option<Lane> {
///         None
///     }
/// }
///
/// assert_eq!(Catalogue.resource(&Method::GET, "/v2/search/items"), "search");
/// assert_eq!(Catalogue.idempotency_header(), None);
/// ```
pub trait ApiPolicy: fmt::Debug + Send + Sync + 'static {
    /// What an answer's headers say of the rate limit. Unless told,
    /// [`RateLimit::from_headers`] (`x-ratelimit-*`, the IETF's fields,
    /// `retry-after`) without a resource: the API has one quota, which
    /// [`resource`](Self::resource) names, whatever pool an answer says it
    /// counted against.
    fn rate_limit(&self, headers: &HeaderMap) -> RateLimit {
        RateLimit {
            resource: None,
            ..RateLimit::from_headers(headers)
        }
    }

    /// Whether an answer that is not 2xx is a rate limit's refusal, and
    /// when to send the request again; `None` for any other answer, which
    /// the client's retry rules then judge ([`Retry`](super::Retry)).
    ///
    /// Unless told, [`IetfPolicy`]'s rule: a `429`, or a `403` whose
    /// headers say when to come back (`Retry-After`) or that no request is
    /// left (`remaining` 0 with a reset).
    fn refusal(&self, answer: &Refused<'_>) -> Option<Refusal> {
        ietf_refusal(answer)
    }

    /// The quota a request counts against before its answer names one
    /// (`"default"` unless told: the API has one).
    fn resource(&self, method: &Method, path: &str) -> Cow<'static, str> {
        let _ = (method, path);
        Cow::Borrowed("default")
    }

    /// The spacing lane of a request: the requests of one lane go at
    /// least its spacing apart (the [`Lane`]'s, unless
    /// [`RateLimits::spacing`] sets another for its name); `None`: not
    /// spaced. Unless told, every write (a method that is not safe) is in
    /// [`Lane::writes`], whose spacing is zero unless set
    /// ([`RateLimits::write_spacing`]).
    fn lane(&self, method: &Method, path: &str) -> Option<Lane> {
        let _ = path;
        let safe = [Method::GET, Method::HEAD, Method::OPTIONS, Method::TRACE];
        (!safe.contains(method)).then_some(Lane::writes())
    }

    /// The name the API gives its limits of `kind`, which events and
    /// errors then use, with the resource counted against
    /// (`secondary rate limit of `core``); `None` unless told: the limits
    /// have no names worth telling, and events and errors say
    /// `rate limit` and the refusal's status.
    fn limit_name(&self, kind: RateLimitKind) -> Option<&'static str> {
        let _ = kind;
        None
    }

    /// The headers every request to the API carries, unless the client's
    /// settings give them (`accept`, `header(…)`, `api_version`): for a
    /// JSON API, and unless told, `accept: application/json`
    /// ([`DEFAULT_JSON_ACCEPT`](super::DEFAULT_JSON_ACCEPT)).
    fn headers(&self) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT, HeaderValue::from_static(DEFAULT_JSON_ACCEPT));
        headers
    }

    /// The header that names the version of the API a request is written
    /// for, which [`ClientBuilder::api_version`](super::ClientBuilder::api_version)
    /// sets; `None` unless told, and then that setting is an error.
    fn version_header(&self) -> Option<HeaderName> {
        None
    }

    /// The request headers besides `authorization` and `accept` whose
    /// value changes the answer, so that a [`Cache`](super::Cache) keeps
    /// the answers to each value apart (the API's version header); none
    /// unless told.
    fn cache_varies_on(&self) -> &[HeaderName] {
        &[]
    }

    /// Whether `status`, answering a list's first page, means the list
    /// is empty (a `409` for the commits of an empty repository, e.g.);
    /// `false` unless told: such an answer is an error.
    fn empty_list(&self, status: StatusCode) -> bool {
        let _ = status;
        false
    }

    /// The header by which the API recognises a write sent again
    /// (`Idempotency-Key` for Stripe): with one, the client gives each
    /// call of a write a key of its own and may retry it as a read
    /// ([`Retry::generate_idempotency_keys`](super::Retry::generate_idempotency_keys)).
    /// `None` unless told.
    fn idempotency_header(&self) -> Option<HeaderName> {
        None
    }

    /// What the answer itself advises about sending the request again:
    /// `Some(true)` to retry it (when its method or idempotency key makes
    /// that safe), `Some(false)` never to, `None` to let the client's
    /// rules judge by the status. `None` unless told.
    fn retry_advice(&self, status: StatusCode, headers: &HeaderMap) -> Option<bool> {
        let _ = (status, headers);
        None
    }

    /// The explanation in an error answer's body, which an
    /// [`ApiError`](super::ApiError) keeps and its message shows
    /// ([`Explanation::read`] unless told).
    fn explain(&self, body: &[u8]) -> Explanation {
        Explanation::read(body)
    }

    /// The rate-limit settings of a client of this API when the builder
    /// sets none ([`RateLimits::default`] unless told).
    fn rate_limits(&self) -> RateLimits {
        RateLimits::default()
    }

    /// How the API's lists page when the builder and the route say nothing
    /// (`Link` headers unless told).
    fn pagination(&self) -> Pagination {
        Pagination::link()
    }

    /// The members that may sit beside the list in a page of a list whose
    /// pagination names no place for it (`items`), and that the list is
    /// read past: a page of `paginate_request`, or a typed route's page
    /// decoded as JSON (`serde_json::Value`). None unless told: such a page
    /// is a list, or an object whose one member is a list, and any other
    /// member (a `total_count` too) makes it no page but the answer of
    /// another request; an API that wraps its lists names their place with
    /// its [`pagination`](Self::pagination)'s `items`, or its members
    /// here.
    fn page_keys(&self) -> &'static [&'static str] {
        &[]
    }

    /// The server the API's upload routes declare (GitHub's
    /// `https://uploads.github.com`, that of the routes declared
    /// `#[endpoint(uploads)]`), which a builder's `uploads_url` sends
    /// elsewhere; `None` unless told: the API has no uploads server, and
    /// that setting is an error.
    fn uploads_server(&self) -> Option<&'static str> {
        None
    }
}

/// An answer that is not 2xx, as [`ApiPolicy::refusal`] judges it.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Refused<'a> {
    /// The status.
    pub status: StatusCode,
    /// Every header.
    pub headers: &'a HeaderMap,
    /// The body, as received.
    pub body: &'a [u8],
    /// What the headers say of the rate limit ([`ApiPolicy::rate_limit`]).
    pub limit: &'a RateLimit,
    /// When the answer came, by this machine's clock.
    pub received: SystemTime,
    /// How many refusals of the same request came before this one (for a
    /// wait that grows with each).
    pub refusals: u32,
}

impl<'a> Refused<'a> {
    /// When to send again after a refusal that names no time: `base` from
    /// its receipt, doubled at each refusal of the request before it.
    pub(crate) fn doubled(&self, base: Duration) -> Option<SystemTime> {
        let wait = base.saturating_mul(2u32.saturating_pow(self.refusals.min(16)));
        self.received.checked_add(wait)
    }

    /// An answer with no refusal before it.
    pub fn new(
        status: StatusCode,
        headers: &'a HeaderMap,
        body: &'a [u8],
        limit: &'a RateLimit,
        received: SystemTime,
    ) -> Refused<'a> {
        Refused {
            status,
            headers,
            body,
            limit,
            received,
            refusals: 0,
        }
    }

    /// The same answer as the `refusals`+1-th refusal of its request.
    #[must_use]
    pub fn after(mut self, refusals: u32) -> Refused<'a> {
        self.refusals = refusals;
        self
    }
}

/// A rate limit's refusal: which limit, and when to send again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal {
    /// A spent quota (the requests that count against it wait for its
    /// reset), or a pause asked for (every request waits).
    pub kind: RateLimitKind,
    /// When the request may be sent again; `None` when the answer names no
    /// time and the policy guesses none (the call then fails at once with
    /// [`Error::RateLimited`](super::Error::RateLimited)).
    pub retry_at: Option<SystemTime>,
}

/// How long a neutral API's `429` that names no time is waited: 1 s,
/// doubled at each refusal of the same request (the backoff RFC 6585
/// leaves to the client).
const UNNAMED_WAIT: Duration = Duration::from_secs(1);

/// The neutral rule ([`IetfPolicy`]): a `429` waits its `Retry-After`, else
/// the reset of a spent quota, else 1 s doubled at each refusal; a `403`
/// is one only when it says when to come back (`Retry-After`) or that no
/// request is left until a reset.
pub(crate) fn ietf_refusal(answer: &Refused<'_>) -> Option<Refusal> {
    let limit = answer.limit;
    let spent = (limit.remaining == Some(0))
        .then_some(limit.reset)
        .flatten();
    if answer.status == StatusCode::TOO_MANY_REQUESTS {
        if let Some(wait) = limit.retry_after {
            return Some(Refusal {
                kind: RateLimitKind::Pause,
                retry_at: answer.received.checked_add(wait),
            });
        }
        if let Some(reset) = spent {
            return Some(Refusal {
                kind: RateLimitKind::Quota,
                retry_at: Some(reset),
            });
        }
        return Some(Refusal {
            kind: RateLimitKind::Pause,
            retry_at: answer.doubled(UNNAMED_WAIT),
        });
    }
    // A `403` is how APIs that predate `429` refuse a spent quota or ask
    // for a pause; any other status with nothing left was served (the
    // window's last request), not refused.
    if answer.status != StatusCode::FORBIDDEN {
        return None;
    }
    if let Some(wait) = limit.retry_after {
        return Some(Refusal {
            kind: RateLimitKind::Pause,
            retry_at: answer.received.checked_add(wait),
        });
    }
    spent.map(|reset| Refusal {
        kind: RateLimitKind::Quota,
        retry_at: Some(reset),
    })
}

/// Any API that follows the standards, the default policy: rate limits
/// read from `x-ratelimit-*` or the IETF's `RateLimit`/`RateLimit-Policy`
/// fields (draft-ietf-httpapi-ratelimit-headers) and `Retry-After` (RFC
/// 9110); a refusal is a `429` (RFC 6585), or a `403` whose headers say
/// when to come back or that the quota is spent; one quota for the whole API; writes not spaced
/// unless set; error bodies read as [`Explanation::read`] says (RFC 9457
/// problem details and the common shapes); lists paged by `Link` headers
/// (RFC 8288); `accept: application/json`; no idempotency header, no
/// version header, no header but `authorization` and `accept` in a cache
/// key.
///
/// ```
/// use endpoint::client::{ApiPolicy, IetfPolicy, Refused, RateLimit};
/// use http::{HeaderMap, StatusCode};
/// use std::time::{Duration, UNIX_EPOCH};
///
/// let mut headers = HeaderMap::new();
/// headers.insert("retry-after", "30".parse()?);
/// let limit = IetfPolicy.rate_limit(&headers);
/// let received = UNIX_EPOCH + Duration::from_secs(1_000);
/// let refused = Refused::new(StatusCode::TOO_MANY_REQUESTS, &headers, b"", &limit, received);
/// let refusal = IetfPolicy.refusal(&refused).expect("a 429 is a refusal");
/// assert_eq!(refusal.retry_at, Some(received + Duration::from_secs(30)));
///
/// // A 403 is no rate limit of its own: what an API's text says of its
/// // limits is its policy's to read.
/// let body = br#"{"message": "You have exceeded a secondary rate limit."}"#;
/// let (none, unknown) = (HeaderMap::new(), RateLimit::default());
/// let plain = Refused::new(StatusCode::FORBIDDEN, &none, body, &unknown, received);
/// assert_eq!(IetfPolicy.refusal(&plain), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct IetfPolicy;

impl ApiPolicy for IetfPolicy {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    fn at(seconds: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(seconds)
    }

    #[test]
    fn neutral_refusals() {
        let headers = HeaderMap::new();
        let refused = |status: u16, limit: &RateLimit, refusals: u32| {
            let status = StatusCode::from_u16(status).unwrap();
            IetfPolicy
                .refusal(&Refused::new(status, &headers, b"", limit, at(1_000)).after(refusals))
        };
        let none = RateLimit::default();
        // A 429 naming no time: 1 s, doubled at each refusal.
        assert_eq!(refused(429, &none, 0).unwrap().retry_at, Some(at(1_001)));
        assert_eq!(refused(429, &none, 2).unwrap().retry_at, Some(at(1_004)));
        assert!(refused(429, &none, u32::MAX).unwrap().retry_at.is_some());
        let spent = RateLimit {
            remaining: Some(0),
            reset: Some(at(1_500)),
            ..RateLimit::default()
        };
        assert_eq!(
            refused(429, &spent, 0),
            Some(Refusal {
                kind: RateLimitKind::Quota,
                retry_at: Some(at(1_500))
            })
        );
        // A 403 of a spent quota is one; a plain 403 or 409 is not, nor
        // an answer served as the window's last.
        assert_eq!(refused(403, &spent, 0).unwrap().kind, RateLimitKind::Quota);
        assert_eq!(refused(403, &none, 0), None);
        assert_eq!(refused(404, &spent, 0), None);
        // A 403 that says when to come back is one.
        let later = RateLimit {
            retry_after: Some(Duration::from_secs(7)),
            ..RateLimit::default()
        };
        assert_eq!(
            refused(403, &later, 0),
            Some(Refusal {
                kind: RateLimitKind::Pause,
                retry_at: Some(at(1_007))
            })
        );
        assert_eq!(refused(404, &later, 0), None);
        assert_eq!(refused(409, &none, 0), None);
        // A success never is.
        assert_eq!(refused(200, &spent, 0), None);
    }
}
