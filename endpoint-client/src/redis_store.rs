//! Rate-limit state kept in Redis, so that processes on several machines
//! sending with one token wait together (feature `redis`).

use std::fmt;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use redis::{Connection, RedisError, Script};

use super::rate_limit::RateLimitKind;
use super::throttle::{Admission, RateLimitStore, StoreError};

/// A [`RateLimitStore`] in Redis: processes that give their clients stores
/// of the same namespace on the same Redis (on one machine or several)
/// count down one quota, wait out one pause and space their writes in one
/// lane, as the threads of one process do with a
/// [`MemoryStore`](super::MemoryStore).
///
/// **One namespace per token** (or per GitHub App installation, or any
/// credentials that have a quota of their own): GitHub counts requests by
/// the account or installation that sends them, so processes sharing a
/// token must share a namespace, and clients with different tokens must
/// not.
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::{RateLimits, RedisStore, ureq::Client};
///
/// // Every process sending with this token opens the same namespace.
/// let store = RedisStore::open("redis://127.0.0.1:6379/", "endpoint:my-app-token-1")?;
/// let client = Client::github()
///     .token("ghp_…")
///     .rate_limits(RateLimits::default().store(store))
///     .build()?;
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Each step of the trait is one Lua script run by Redis at once (called
/// with `EVALSHA`, loaded on first use), so that no other process reads or
/// writes between its read and its write. The state lives in these keys,
/// times as Unix milliseconds by the clocks of the processes (which should
/// agree, as NTP keeps them):
///
/// | key | type | holds |
/// | --- | --- | --- |
/// | `NAMESPACE:quota:RESOURCE` | hash | `remaining` and `reset` of a resource's window (`core`, `search`, …); while they are unknown, `uncounted`: the requests that went meanwhile |
/// | `NAMESPACE:pause` | string | the end of a pause every request waits for (a secondary limit) |
/// | `NAMESPACE:lane:LANE` | string | the time the last request of a spaced lane (`write`, `notification`, `search`) was given |
///
/// Every key expires a minute after the time it holds has passed, and a
/// day after it was written at the latest, whatever time an answer named
/// (the scripts compare the times themselves; expiry only keeps Redis from
/// filling up), so a store that is no longer used leaves nothing behind,
/// and resources named by answers that are never named again go too.
///
/// The steps do what `MemoryStore`'s do, the rule for the requests that
/// leave while a quota is unknown included (before the first answer,
/// and at the start of each window, when processes that waited for the
/// reset all go at once): they are counted, and the window the next answer
/// reports starts lower by all of them but one, since that answer may not
/// count them yet. Without it, one such request per process could be
/// counted by no one, and be refused at the end of the window.
///
/// The store holds one connection, shared by the threads of the process
/// and opened at the first step (and again after a failure). Opening it
/// and each step take at most [`timeout`](Self::timeout) (1 s unless set),
/// and while Redis cannot be reached every step fails at once for that long
/// after the last attempt: a Redis that is down makes requests fail
/// quickly, each with an [`Error::Transport`](super::Error::Transport)
/// naming Redis, rather than hang. The async client calls the steps from
/// its task, which each holds for one round trip to Redis. `Debug` and
/// errors show the URL without its password.
pub struct RedisStore {
    client: redis::Client,
    /// The URL as given, its password hidden.
    url: String,
    namespace: String,
    timeout: Duration,
    link: Mutex<Link>,
}

/// The connection, or the last failure to open one.
#[derive(Default)]
struct Link {
    connection: Option<Connection>,
    failed: Option<(Instant, String)>,
}

impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("url", &self.url)
            .field("namespace", &self.namespace)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// How long a key is kept after the time it holds has passed.
const EXPIRY_MARGIN: Duration = Duration::from_secs(60);

/// The longest a key is kept from its last write: a reset or a pause an
/// answer puts centuries ahead does not keep its key that long.
const MAX_KEY_LIFETIME: Duration = Duration::from_secs(24 * 3600);

/// The largest time or duration handed to a script, in milliseconds (some
/// 35,000 years): sums of a few stay exact in Lua's numbers.
const MAX_MILLIS: u64 = 1 << 50;

/// `admit`: KEYS = pause, quota; ARGV = now, expiry margin. Returns
/// `{0, 0}` (go), `{1, reset}` (the quota is spent) or `{2, until}`
/// (paused). A request that goes while the quota is unknown is counted in
/// `uncounted`, for `update`.
const ADMIT: &str = r"
local now = tonumber(ARGV[1])
local paused = tonumber(redis.call('GET', KEYS[1]))
if paused and paused > now then
  return {2, paused}
end
local quota = redis.call('HMGET', KEYS[2], 'remaining', 'reset')
local remaining, reset = tonumber(quota[1]), tonumber(quota[2])
if reset and reset <= now then
  redis.call('DEL', KEYS[2])
  remaining, reset = nil, nil
end
if remaining == nil then
  redis.call('HINCRBY', KEYS[2], 'uncounted', 1)
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  return {0, 0}
end
if remaining == 0 and reset then
  return {1, reset}
end
if remaining > 0 then
  redis.call('HINCRBY', KEYS[2], 'remaining', -1)
end
return {0, 0}
";

/// `update`: KEYS = quota; ARGV = remaining, reset, time to live. A window
/// learnt while requests left uncounted starts lower by all of them but
/// one (the request that brought the answer may be one of them).
const UPDATE: &str = r"
local remaining, reset = tonumber(ARGV[1]), tonumber(ARGV[2])
local quota = redis.call('HMGET', KEYS[1], 'remaining', 'reset', 'uncounted')
local known_remaining, known_reset = tonumber(quota[1]), tonumber(quota[2])
if known_reset == reset then
  if known_remaining == nil or remaining < known_remaining then
    redis.call('HSET', KEYS[1], 'remaining', ARGV[1])
  end
elseif known_reset == nil or known_reset < reset then
  local uncounted = tonumber(quota[3]) or 0
  if known_reset == nil and uncounted > 1 then
    remaining = math.max(remaining - (uncounted - 1), 0)
  end
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'remaining', string.format('%d', remaining), 'reset', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 0
";

/// `pause`: KEYS = pause; ARGV = until, time to live.
const PAUSE: &str = r"
local paused = tonumber(redis.call('GET', KEYS[1]))
if paused == nil or paused < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 0
";

/// `reserve`: KEYS = lane; ARGV = now, spacing, expiry margin. Returns
/// the slot given.
const RESERVE: &str = r"
local now, spacing = tonumber(ARGV[1]), tonumber(ARGV[2])
local last = tonumber(redis.call('GET', KEYS[1]))
local slot = now
if last and last + spacing > now then
  slot = last + spacing
end
local ttl = slot + spacing - now + tonumber(ARGV[3])
redis.call('SET', KEYS[1], string.format('%d', slot), 'PX', string.format('%d', ttl))
return slot
";

/// The scripts, hashed once.
struct Scripts {
    admit: Script,
    update: Script,
    pause: Script,
    reserve: Script,
}

fn scripts() -> &'static Scripts {
    static SCRIPTS: std::sync::OnceLock<Scripts> = std::sync::OnceLock::new();
    SCRIPTS.get_or_init(|| Scripts {
        admit: Script::new(ADMIT),
        update: Script::new(UPDATE),
        pause: Script::new(PAUSE),
        reserve: Script::new(RESERVE),
    })
}

impl RedisStore {
    /// How long opening a connection, and each step, may take unless
    /// [`timeout`](Self::timeout) says otherwise.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(1);

    /// A store in the Redis at `url` (`redis://[user:password@]host[:port][/db]`,
    /// or `unix:///path/to/redis.sock`), its keys under `namespace`: one
    /// namespace per token or App installation (see the type's
    /// documentation). Nothing is sent yet: the connection is opened at the
    /// first step.
    ///
    /// # Errors
    /// When `url` is not a Redis URL this crate can use (the error names it,
    /// without its password), or `namespace` is empty.
    pub fn open(url: &str, namespace: impl Into<String>) -> Result<RedisStore, StoreError> {
        let shown = redacted(url);
        let namespace = namespace.into();
        if namespace.is_empty() {
            return Err(StoreError(
                format!("the namespace of the Redis store at `{shown}` is empty").into(),
            ));
        }
        let client = redis::Client::open(url).map_err(|error| {
            StoreError(Box::new(Failure {
                what: format!("`{shown}` is not a usable Redis URL"),
                source: error,
            }))
        })?;
        Ok(RedisStore {
            client,
            url: shown,
            namespace,
            timeout: RedisStore::DEFAULT_TIMEOUT,
            link: Mutex::new(Link::default()),
        })
    }

    /// The longest that opening a connection, and then each step, may take
    /// ([`DEFAULT_TIMEOUT`](Self::DEFAULT_TIMEOUT) unless set); after a
    /// failure to connect, steps fail at once for this long. A zero
    /// duration is taken as 1 ms.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> RedisStore {
        self.timeout = timeout.max(Duration::from_millis(1));
        self
    }

    /// The namespace its keys are under.
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    fn key(&self, kind: &str, name: &str) -> String {
        format!("{}:{kind}:{name}", self.namespace)
    }

    fn pause_key(&self) -> String {
        format!("{}:pause", self.namespace)
    }

    fn link(&self) -> MutexGuard<'_, Link> {
        // A connection left by a thread that panicked is dropped below if
        // it fails; the failure time is a whole value.
        self.link.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `step` on the connection, opening one first when there is
    /// none. A failure drops the connection; a connection found closed
    /// (Redis restarted, an idle connection cut) is replaced once at once.
    fn run<T>(
        &self,
        name: &'static str,
        step: impl Fn(&mut Connection) -> Result<T, RedisError>,
    ) -> Result<T, StoreError> {
        let mut link = self.link();
        let reused = link.connection.is_some();
        let mut result = self.connected(&mut link, name).map(&step);
        if reused
            && let Ok(Err(error)) = &result
            && error.is_connection_dropped()
            && !error.is_timeout()
        {
            link.connection = None;
            result = self.connected(&mut link, name).map(&step);
        }
        match result? {
            Ok(value) => Ok(value),
            Err(error) => {
                link.connection = None;
                Err(self.failure(name, error))
            }
        }
    }

    /// The connection, opened now when there is none.
    fn connected<'l>(
        &self,
        link: &'l mut Link,
        name: &'static str,
    ) -> Result<&'l mut Connection, StoreError> {
        if link.connection.is_none() {
            if let Some((at, message)) = &link.failed
                && at.elapsed() < self.timeout
            {
                return Err(StoreError(
                    format!(
                        "{name} on Redis at {}: not retried for {:?} after a failure to connect: {message}",
                        self.url, self.timeout
                    )
                    .into(),
                ));
            }
            match self.connect() {
                Ok(connection) => {
                    link.failed = None;
                    link.connection = Some(connection);
                }
                Err(error) => {
                    let error = self.failure(name, error);
                    link.failed = Some((Instant::now(), super::error::causes(&*error.0)));
                    return Err(error);
                }
            }
        }
        link.connection
            .as_mut()
            .ok_or_else(|| StoreError("no Redis connection".into()))
    }

    fn connect(&self) -> Result<Connection, RedisError> {
        let connection = self.client.get_connection_with_timeout(self.timeout)?;
        connection.set_read_timeout(Some(self.timeout))?;
        connection.set_write_timeout(Some(self.timeout))?;
        Ok(connection)
    }

    fn failure(&self, name: &'static str, error: RedisError) -> StoreError {
        StoreError(Box::new(Failure {
            what: format!("{name} on Redis at {}", self.url),
            source: error,
        }))
    }
}

impl RateLimitStore for RedisStore {
    fn admit(&self, resource: &str, now: SystemTime) -> Result<Admission, StoreError> {
        let keys = [self.pause_key(), self.key("quota", resource)];
        let now = millis_floor(now);
        let (kind, until): (i64, i64) = self.run("admit", |connection| {
            scripts()
                .admit
                .key(&keys[0])
                .key(&keys[1])
                .arg(now)
                .arg(clamp_millis(EXPIRY_MARGIN.as_millis()))
                .invoke(connection)
        })?;
        let until = u64::try_from(until)
            .ok()
            .and_then(|ms| UNIX_EPOCH.checked_add(Duration::from_millis(ms)));
        match (kind, until) {
            (0, _) => Ok(Admission::Go),
            (1, Some(until)) => Ok(Admission::WaitUntil(RateLimitKind::Quota, until)),
            (2, Some(until)) => Ok(Admission::WaitUntil(RateLimitKind::Pause, until)),
            _ => Err(StoreError(
                format!(
                    "admit on Redis at {}: the script answered {kind}, {until:?}",
                    self.url
                )
                .into(),
            )),
        }
    }

    fn update(&self, resource: &str, remaining: u64, reset: SystemTime) -> Result<(), StoreError> {
        let key = self.key("quota", resource);
        let reset = millis_ceil(reset);
        let ttl = time_to_live(reset, millis_floor(SystemTime::now()));
        self.run("update", |connection| {
            scripts()
                .update
                .key(&key)
                .arg(remaining.min(MAX_MILLIS))
                .arg(reset)
                .arg(ttl)
                .invoke::<()>(connection)
        })
    }

    fn pause(&self, until: SystemTime) -> Result<(), StoreError> {
        let key = self.pause_key();
        let until = millis_ceil(until);
        let ttl = time_to_live(until, millis_floor(SystemTime::now()));
        self.run("pause", |connection| {
            scripts()
                .pause
                .key(&key)
                .arg(until)
                .arg(ttl)
                .invoke::<()>(connection)
        })
    }

    fn reserve(
        &self,
        lane: &str,
        spacing: Duration,
        now: SystemTime,
    ) -> Result<SystemTime, StoreError> {
        let key = self.key("lane", lane);
        let spacing = clamp_millis(spacing.as_millis());
        let slot: i64 = self.run("reserve", |connection| {
            scripts()
                .reserve
                .key(&key)
                .arg(millis_floor(now))
                .arg(spacing)
                .arg(clamp_millis(EXPIRY_MARGIN.as_millis()))
                .invoke(connection)
        })?;
        u64::try_from(slot)
            .ok()
            .and_then(|ms| UNIX_EPOCH.checked_add(Duration::from_millis(ms)))
            .ok_or_else(|| {
                StoreError(
                    format!(
                        "reserve on Redis at {}: the script answered {slot}",
                        self.url
                    )
                    .into(),
                )
            })
    }
}

/// A failed step: what was done, and Redis's error.
#[derive(Debug)]
struct Failure {
    what: String,
    source: RedisError,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

fn clamp_millis(millis: u128) -> u64 {
    u64::try_from(millis).map_or(MAX_MILLIS, |ms| ms.min(MAX_MILLIS))
}

/// A time as Unix milliseconds, rounded down (a time before 1970 is 0).
fn millis_floor(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |since| clamp_millis(since.as_millis()))
}

/// A time as Unix milliseconds, rounded up: the end of a wait is never
/// moved earlier.
fn millis_ceil(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |since| {
        let whole = since.as_millis() + u128::from(since.subsec_nanos() % 1_000_000 != 0);
        clamp_millis(whole)
    })
}

/// How long a key holding the time `end` is kept from `now`: until `end`,
/// and the margin after it, at most [`MAX_KEY_LIFETIME`].
fn time_to_live(end: u64, now: u64) -> u64 {
    end.saturating_sub(now)
        .saturating_add(clamp_millis(EXPIRY_MARGIN.as_millis()))
        .min(clamp_millis(MAX_KEY_LIFETIME.as_millis()))
}

/// `url` with the password of its user information (`user:password@`)
/// replaced by `***`.
fn redacted(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|at| at + 3) else {
        return url.to_owned();
    };
    let rest = &url[scheme_end..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_owned();
    };
    let user_info = &rest[..at];
    match user_info.find(':') {
        Some(colon) => format!(
            "{}{}:***{}",
            &url[..scheme_end],
            &user_info[..colon],
            &rest[at..]
        ),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_shown_without_their_password() {
        assert_eq!(
            redacted("redis://user:s3cr3t@host:6379/0"),
            "redis://user:***@host:6379/0"
        );
        assert_eq!(redacted("redis://:s3cr3t@host/"), "redis://:***@host/");
        assert_eq!(redacted("redis://:p@ss@host"), "redis://:***@host");
        assert_eq!(redacted("redis://host:6379/"), "redis://host:6379/");
        assert_eq!(redacted("redis://host/x@y"), "redis://host/x@y");
        assert_eq!(redacted("not a url"), "not a url");
        let store = RedisStore::open("redis://me:s3cr3t@127.0.0.1:1/", "ns").unwrap();
        let shown = format!("{store:?}");
        assert!(!shown.contains("s3cr3t"), "{shown}");
        assert!(shown.contains("redis://me:***@127.0.0.1:1/"), "{shown}");
    }

    #[test]
    fn bad_input_is_an_error_naming_the_url() {
        for url in [
            "",
            "http://:s3cr3t@host/",
            "redis://:s3cr3t@host/notadb",
            "redis://:s3cr3t@[::1/",
            "redis://:s3cr3t@host:port/",
            "rediss://:s3cr3t@host/",
        ] {
            let error = RedisStore::open(url, "ns").unwrap_err().to_string();
            assert!(!error.contains("s3cr3t"), "{error}");
            assert!(error.contains(&redacted(url)), "{error}");
        }
        let error = RedisStore::open("redis://127.0.0.1/", "").unwrap_err();
        assert!(error.to_string().contains("namespace"), "{error}");
    }

    #[test]
    fn times_are_whole_milliseconds_and_waits_never_shorter() {
        let time = UNIX_EPOCH + Duration::from_nanos(1_500_000_001);
        assert_eq!(millis_floor(time), 1500);
        assert_eq!(millis_ceil(time), 1501);
        // A key lives until the time it holds and a minute more, a day at
        // most, whatever time an answer named.
        assert_eq!(time_to_live(1_000, 5_000), 60_000);
        assert_eq!(time_to_live(MAX_MILLIS, 0), 86_400_000);
        assert_eq!(time_to_live(u64::MAX, 0), 86_400_000);
        assert_eq!(millis_ceil(UNIX_EPOCH + Duration::from_secs(2)), 2000);
        assert_eq!(millis_floor(UNIX_EPOCH - Duration::from_secs(1)), 0);
        assert_eq!(
            millis_floor(UNIX_EPOCH + Duration::from_secs(1 << 60)),
            MAX_MILLIS
        );
        assert_eq!(time_to_live(5_000, 1_000), 64_000);
        assert_eq!(time_to_live(1_000, 5_000), 60_000);
    }

    #[test]
    fn an_unreachable_redis_fails_quickly_and_says_so() {
        // Nothing listens on port 1.
        let store = RedisStore::open("redis://:s3cr3t@127.0.0.1:1/", "ns")
            .unwrap()
            .timeout(Duration::from_millis(500));
        let started = Instant::now();
        let error = store.admit("core", SystemTime::now()).unwrap_err();
        let text = error.to_string();
        assert!(
            text.contains("admit on Redis at redis://:***@127.0.0.1:1/"),
            "{text}"
        );
        assert!(!text.contains("s3cr3t"), "{text}");
        // The next step fails at once, saying why.
        let again = store.update("core", 1, SystemTime::now()).unwrap_err();
        assert!(again.to_string().contains("not retried"), "{again}");
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
