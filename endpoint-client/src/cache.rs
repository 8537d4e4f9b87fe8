//! Conditional requests: answers kept with their `ETag` or `Last-Modified`,
//! asked for again with `If-None-Match` / `If-Modified-Since`, and a `304`
//! answered from what was kept.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

use http::header::{self, HeaderName};
use http::{HeaderMap, HeaderValue, Method, StatusCode};

/// Where a client keeps the answers it may ask for again (opt-in:
/// [`ClientBuilder::cache`](super::ClientBuilder::cache)).
///
/// A `GET` whose answer was kept is sent with `If-None-Match` (its `ETag`)
/// or `If-Modified-Since` (its `Last-Modified`); a `304 Not Modified` is
/// then answered with the kept status, headers and body, under the fresh
/// headers of the `304` (its rate limit, its date). Some APIs do not count
/// a `304` against their quota. Pages of `paginate` are requests like any
/// other.
///
/// Implement it to keep answers elsewhere (on disk, in a shared cache); the
/// key names the method, the URL, and a hash of the headers that change the
/// answer (`authorization`, `accept`, and those the API's policy names:
/// [`ApiPolicy::cache_varies_on`](super::ApiPolicy::cache_varies_on)),
/// never a credential itself. [`MemoryCache`] is the one this crate gives.
pub trait Cache: fmt::Debug + Send + Sync {
    /// The answer kept under `key`, if any.
    fn get(&self, key: &str) -> Option<CachedAnswer>;

    /// Keeps `answer` under `key`, replacing what was there.
    fn put(&self, key: &str, answer: CachedAnswer);
}

/// An answer kept by a [`Cache`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedAnswer {
    /// Its status.
    pub status: StatusCode,
    /// Its headers, `etag` and `last-modified` among them.
    pub headers: HeaderMap,
    /// Its body, as received.
    pub body: Arc<[u8]>,
}

impl CachedAnswer {
    /// About how many bytes it holds: its body, header names and values.
    pub fn size(&self) -> usize {
        self.body.len()
            + self
                .headers
                .iter()
                .map(|(name, value)| name.as_str().len() + value.len())
                .sum::<usize>()
    }

    fn validator(&self, name: HeaderName) -> Option<&HeaderValue> {
        self.headers.get(name)
    }
}

/// A [`Cache`] in this process's memory, holding at most a given number of
/// bytes (bodies, headers and keys): the answers used least recently leave
/// first. Shared by a client's clones and threads.
///
/// ```
/// use endpoint::client::MemoryCache;
///
/// let cache = MemoryCache::new(32 << 20); // 32 MiB
/// assert_eq!(cache.len(), 0);
/// ```
pub struct MemoryCache {
    max_bytes: usize,
    state: Mutex<Lru>,
}

#[derive(Default)]
struct Lru {
    entries: HashMap<String, (CachedAnswer, u64)>,
    order: BTreeMap<u64, String>,
    tick: u64,
    bytes: usize,
}

impl MemoryCache {
    /// An empty cache holding at most `max_bytes`; an answer larger than
    /// that is not kept.
    pub fn new(max_bytes: usize) -> MemoryCache {
        MemoryCache {
            max_bytes,
            state: Mutex::new(Lru::default()),
        }
    }

    /// How many answers it holds.
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    /// Whether it holds no answer.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many bytes it holds.
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Lru> {
        // Every step leaves the maps consistent before anything can panic.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl fmt::Debug for MemoryCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.lock();
        f.debug_struct("MemoryCache")
            .field("max_bytes", &self.max_bytes)
            .field("bytes", &state.bytes)
            .field("answers", &state.entries.len())
            .finish()
    }
}

impl Lru {
    fn remove(&mut self, key: &str) {
        if let Some((answer, tick)) = self.entries.remove(key) {
            self.order.remove(&tick);
            self.bytes -= answer.size() + key.len();
        }
    }
}

impl Cache for MemoryCache {
    fn get(&self, key: &str) -> Option<CachedAnswer> {
        let mut state = self.lock();
        state.tick += 1;
        let tick = state.tick;
        let (answer, used) = state.entries.get_mut(key)?;
        let answer = answer.clone();
        let last = std::mem::replace(used, tick);
        state.order.remove(&last);
        state.order.insert(tick, key.to_owned());
        Some(answer)
    }

    fn put(&self, key: &str, answer: CachedAnswer) {
        let size = answer.size() + key.len();
        let mut state = self.lock();
        state.remove(key);
        if size > self.max_bytes {
            return;
        }
        while state.bytes + size > self.max_bytes {
            let Some((_, oldest)) = state.order.pop_first() else {
                break;
            };
            if let Some((evicted, _)) = state.entries.remove(&oldest) {
                state.bytes -= evicted.size() + oldest.len();
            }
        }
        state.tick += 1;
        let tick = state.tick;
        state.order.insert(tick, key.to_owned());
        state.entries.insert(key.to_owned(), (answer, tick));
        state.bytes += size;
    }
}

impl<C: Cache + ?Sized> Cache for Arc<C> {
    fn get(&self, key: &str) -> Option<CachedAnswer> {
        (**self).get(key)
    }

    fn put(&self, key: &str, answer: CachedAnswer) {
        (**self).put(key, answer);
    }
}

/// The headers whose value changes the answer of any API, hashed into the
/// key.
const VARYING: [HeaderName; 2] = [header::AUTHORIZATION, header::ACCEPT];

/// The key of a request: `None` for a request that is not kept (anything
/// but a `GET`). The values of the headers that change any API's answer
/// and of `varies_on`, the API's own, are hashed into it.
pub(crate) fn key(
    method: &Method,
    url: &str,
    headers: &HeaderMap,
    varies_on: &[HeaderName],
) -> Option<String> {
    if *method != Method::GET {
        return None;
    }
    let mut hasher = DefaultHasher::new();
    for name in VARYING.iter().chain(varies_on) {
        for value in headers.get_all(name) {
            name.as_str().hash(&mut hasher);
            value.as_bytes().hash(&mut hasher);
        }
    }
    Some(format!("GET {url} {:016x}", hasher.finish()))
}

/// Adds the validators of `kept` to a request's headers, unless the request
/// carries conditions of its own.
pub(crate) fn add_conditions(headers: &mut HeaderMap, kept: &CachedAnswer) {
    if headers.contains_key(header::IF_NONE_MATCH)
        || headers.contains_key(header::IF_MODIFIED_SINCE)
    {
        return;
    }
    if let Some(etag) = kept.validator(header::ETAG) {
        headers.insert(header::IF_NONE_MATCH, etag.clone());
    } else if let Some(modified) = kept.validator(header::LAST_MODIFIED) {
        headers.insert(header::IF_MODIFIED_SINCE, modified.clone());
    }
}

/// Whether a `200` answer with these headers may be kept: it has a
/// validator and does not forbid being stored.
pub(crate) fn keepable(status: StatusCode, headers: &HeaderMap) -> bool {
    let no_store = headers
        .get_all(header::CACHE_CONTROL)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|value| value.to_ascii_lowercase().contains("no-store"));
    status == StatusCode::OK
        && !no_store
        && (headers.contains_key(header::ETAG) || headers.contains_key(header::LAST_MODIFIED))
}

/// The headers of a kept answer renewed by a `304`: the kept ones, each
/// replaced by the `304`'s when it sends one of that name (rate limit,
/// date, a new `etag`), but for those that describe a body it did not send.
pub(crate) fn renewed(kept: &HeaderMap, fresh: HeaderMap) -> HeaderMap {
    const BODY: [HeaderName; 4] = [
        header::CONTENT_LENGTH,
        header::CONTENT_TYPE,
        header::CONTENT_ENCODING,
        header::TRANSFER_ENCODING,
    ];
    let mut headers = kept.clone();
    for name in fresh.keys().filter(|name| !BODY.contains(name)) {
        headers.remove(name);
        for value in fresh.get_all(name) {
            headers.append(name.clone(), value.clone());
        }
    }
    headers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(body: &str, etag: &str) -> CachedAnswer {
        let mut headers = HeaderMap::new();
        headers.insert(header::ETAG, HeaderValue::from_str(etag).unwrap());
        CachedAnswer {
            status: StatusCode::OK,
            headers,
            body: body.as_bytes().into(),
        }
    }

    #[test]
    fn the_least_recently_used_answers_leave_first() {
        let one = answer("1111111111", "\"a\"");
        let size = one.size() + "k1".len();
        let cache = MemoryCache::new(size * 2);
        cache.put("k1", one);
        cache.put("k2", answer("2222222222", "\"b\""));
        assert_eq!(cache.len(), 2);
        // k1 is used, so k2 is the one to leave.
        assert!(cache.get("k1").is_some());
        cache.put("k3", answer("3333333333", "\"c\""));
        assert!(cache.get("k2").is_none());
        assert!(cache.get("k1").is_some());
        assert!(cache.get("k3").is_some());
        assert!(cache.bytes() <= size * 2);
        // Too large to keep at all; what was under its key is gone too.
        cache.put("k1", answer(&"x".repeat(size * 3), "\"d\""));
        assert!(cache.get("k1").is_none());
        assert_eq!(cache.len(), 1);
        assert_eq!(cache.bytes(), size);
    }

    #[test]
    fn keys_tell_credentials_apart_without_holding_them() {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, "Bearer one".parse().unwrap());
        let first = key(&Method::GET, "http://x/a", &headers, &[]).unwrap();
        headers.insert(header::AUTHORIZATION, "Bearer two".parse().unwrap());
        let second = key(&Method::GET, "http://x/a", &headers, &[]).unwrap();
        assert_ne!(first, second);
        assert!(!first.contains("one") && !second.contains("two"));
        assert_eq!(key(&Method::POST, "http://x/a", &headers, &[]), None);
    }

    #[test]
    fn keys_vary_on_the_headers_the_api_names_only() {
        let version = HeaderName::from_static("x-api-version");
        let mut headers = HeaderMap::new();
        headers.insert(version.clone(), "2024-01-01".parse().unwrap());
        let neutral = key(&Method::GET, "http://x/a", &headers, &[]).unwrap();
        let named = key(
            &Method::GET,
            "http://x/a",
            &headers,
            std::slice::from_ref(&version),
        )
        .unwrap();
        headers.insert(version.clone(), "2025-01-01".parse().unwrap());
        // Another version of an API that does not name the header: the
        // same answer; of one that does, another.
        assert_eq!(
            key(&Method::GET, "http://x/a", &headers, &[]).unwrap(),
            neutral
        );
        assert_ne!(
            key(&Method::GET, "http://x/a", &headers, &[version]).unwrap(),
            named
        );
    }

    #[test]
    fn conditions_come_from_the_kept_validators() {
        let mut headers = HeaderMap::new();
        add_conditions(&mut headers, &answer("", "\"v1\""));
        assert_eq!(headers[header::IF_NONE_MATCH], "\"v1\"");
        let mut own = HeaderMap::new();
        own.insert(header::IF_NONE_MATCH, "\"mine\"".parse().unwrap());
        add_conditions(&mut own, &answer("", "\"v1\""));
        assert_eq!(own[header::IF_NONE_MATCH], "\"mine\"");
    }

    #[test]
    fn a_304_renews_the_kept_headers() {
        let mut kept = HeaderMap::new();
        kept.insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
        kept.insert("x-ratelimit-remaining", "10".parse().unwrap());
        let mut fresh = HeaderMap::new();
        fresh.insert("x-ratelimit-remaining", "9".parse().unwrap());
        fresh.insert(header::CONTENT_LENGTH, "0".parse().unwrap());
        let headers = renewed(&kept, fresh);
        assert_eq!(headers["x-ratelimit-remaining"], "9");
        assert_eq!(headers[header::CONTENT_TYPE], "application/json");
        assert!(!headers.contains_key(header::CONTENT_LENGTH));
        assert!(keepable(StatusCode::OK, &answer("", "\"e\"").headers));
        assert!(!keepable(StatusCode::CREATED, &answer("", "\"e\"").headers));
        assert!(!keepable(StatusCode::OK, &HeaderMap::new()));
    }
}
