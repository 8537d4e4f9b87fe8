//! Rate limits honoured before a request is sent: the quota each answer
//! reports, the pauses refusals ask for, and the spacing of writes, kept in
//! a [`RateLimitStore`] shared by a client's clones and threads (or by
//! several processes, with a store of one's own or the `redis` feature's).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use super::rate_limit::RateLimitKind;

/// How a client honours rate limits. On by default
/// ([`RateLimits::default`], unless the API's policy says otherwise); what
/// an answer reports, what is a refusal, which quota a request counts
/// against and which requests are spaced are the API's policy's
/// ([`ApiPolicy`](super::ApiPolicy)):
///
/// - **before sending**, a request waits while the quota it counts
///   against is known to be spent (the API's one quota, or the resource
///   its policy names), until the reset (`x-ratelimit-reset`, the IETF's
///   `RateLimit`), and while a refusal asked every request to pause. The
///   quota is counted down as requests leave, from the last remaining
///   count of the window, so that 8 threads sharing 3 remaining requests
///   send 3, not 8;
/// - **a refusal** (for any API a `429`, or a `403` with `retry-after`
///   or of a spent quota; whatever else the policy reads as one) is sent
///   again once the wait it asks for is over: `retry-after`, the window's
///   reset, or, when it names no time, the policy's wait (1 s unless
///   told), doubled at each refusal of the same request, at most
///   [`max_retries`](Self::max_retries) times;
/// - **a wait longer than [`max_wait`](Self::max_wait)** (5 minutes unless
///   set) is not waited: the call returns
///   [`Error::RateLimited`](super::Error::RateLimited) at once, with the
///   time to retry;
/// - **requests are spaced** in the policy's lanes ([`Lane`]): writes, for
///   any API, by [`write_spacing`](Self::write_spacing) (zero unless set);
///   an API's own lanes (e.g. `Client::github()`'s writes that notify
///   people and its searches) by their spacing, or the one
///   [`spacing`](Self::spacing) sets for their name.
///
/// The state is the client's: its clones and the threads or tasks using
/// them wait together. [`store`](Self::store) shares it further.
///
/// ```
/// use endpoint::client::RateLimits;
/// use std::time::Duration;
///
/// let patient = RateLimits::default().max_wait(Duration::from_secs(3600));
/// let spaced = RateLimits::default().write_spacing(Duration::from_millis(500));
/// let unspaced = RateLimits::default().spacing("search", Duration::ZERO);
/// let off = RateLimits::off();
/// # let _ = (patient, spaced, unspaced, off);
/// ```
#[derive(Clone)]
pub struct RateLimits {
    pub(crate) enabled: bool,
    pub(crate) max_wait: Duration,
    pub(crate) max_retries: u32,
    /// The spacing set for the lanes of these names, which wins over a
    /// lane's own.
    pub(crate) spacings: Vec<(String, Duration)>,
    pub(crate) store: Option<Arc<dyn RateLimitStore>>,
}

impl fmt::Debug for RateLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RateLimits")
            .field("enabled", &self.enabled)
            .field("max_wait", &self.max_wait)
            .field("max_retries", &self.max_retries)
            .field("spacings", &self.spacings)
            .field("store", &self.store)
            .finish()
    }
}

impl Default for RateLimits {
    /// Quotas and refusals honoured, each lane spaced as the policy's
    /// [`Lane`] says (writes not spaced unless the API's policy spaces
    /// them).
    fn default() -> Self {
        RateLimits {
            enabled: true,
            max_wait: Duration::from_secs(300),
            max_retries: 3,
            spacings: Vec::new(),
            store: None,
        }
    }
}

impl RateLimits {
    /// Nothing honoured: every request goes at once, and every refusal is
    /// an [`Error::RateLimited`](super::Error::RateLimited).
    pub fn off() -> RateLimits {
        RateLimits {
            enabled: false,
            ..RateLimits::default()
        }
    }

    /// The longest wait the client takes on its own (5 minutes unless set);
    /// a longer one is an [`Error::RateLimited`](super::Error::RateLimited)
    /// at once.
    #[must_use]
    pub fn max_wait(mut self, wait: Duration) -> RateLimits {
        self.max_wait = wait;
        self
    }

    /// How many refusals of one request are waited out and sent again (3
    /// unless set); one more is an
    /// [`Error::RateLimited`](super::Error::RateLimited).
    #[must_use]
    pub fn max_retries(mut self, retries: u32) -> RateLimits {
        self.max_retries = retries;
        self
    }

    /// The least time between two writes (`POST`, `PATCH`, `PUT`,
    /// `DELETE`…: the lane [`Lane::WRITES`]), instead of the policy's.
    #[must_use]
    pub fn write_spacing(self, spacing: Duration) -> RateLimits {
        self.spacing(Lane::WRITES, spacing)
    }

    /// The least time between two requests of the lane named `lane`
    /// (one the API's policy puts requests in, [`ApiPolicy::lane`](super::ApiPolicy::lane)),
    /// instead of the lane's own spacing; zero: not spaced. A later call
    /// for the same lane replaces an earlier one.
    ///
    /// ```
    /// use endpoint::client::{ApiPolicy, IetfPolicy, RateLimits};
    /// use http::Method;
    /// use std::time::Duration;
    ///
    /// // Any API's writes are in the lane `write`, not spaced unless set.
    /// let lane = IetfPolicy.lane(&Method::POST, "/v1/charges").expect("a write");
    /// assert_eq!((lane.name, lane.spacing), ("write", Duration::ZERO));
    /// let patient = RateLimits::default().spacing(lane.name, Duration::from_secs(1));
    /// # let _ = patient;
    /// ```
    #[must_use]
    pub fn spacing(mut self, lane: impl Into<String>, spacing: Duration) -> RateLimits {
        let lane = lane.into();
        self.spacings.retain(|(name, _)| *name != lane);
        self.spacings.push((lane, spacing));
        self
    }

    /// Keeps the state in `store` instead of the client's own memory:
    /// clients given the same store (in this process, or in several with a
    /// shared store such as the `redis` feature's `RedisStore`) wait
    /// together.
    #[must_use]
    pub fn store(mut self, store: impl RateLimitStore + 'static) -> RateLimits {
        self.store = Some(Arc::new(store));
        self
    }

    /// Whether anything is honoured.
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }
}

/// What a [`RateLimitStore`] says of a request about to leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// It may go (and counted itself out of the quota, when one is known).
    Go,
    /// It must wait until then: the quota of its resource is spent
    /// ([`RateLimitKind::Quota`]) or every request was asked to pause
    /// ([`RateLimitKind::Pause`]).
    WaitUntil(RateLimitKind, SystemTime),
}

/// Where a client keeps its rate-limit state, shared by everything that
/// sends with the same credentials.
///
/// Each method is one atomic step (behind a lock, or a script on a shared
/// server), called as requests leave and answers arrive, and must return
/// quickly: the async client calls it from its task. An error of a store
/// is an [`Error::Transport`](super::Error::Transport) of the request.
///
/// [`MemoryStore`] is the default; the `redis` feature gives one shared by
/// processes.
pub trait RateLimitStore: fmt::Debug + Send + Sync {
    /// Whether a request for `resource` may leave at `now`; when it may and
    /// the resource's remaining quota is known, one request is counted out
    /// of it.
    ///
    /// # Errors
    /// When the store cannot be reached.
    fn admit(&self, resource: &str, now: SystemTime) -> Result<Admission, StoreError>;

    /// An answer said `remaining` requests of `resource` are left until
    /// `reset`. A later window replaces an earlier one; within one window
    /// the lower count is kept (answers arrive out of order).
    ///
    /// # Errors
    /// When the store cannot be reached.
    fn update(&self, resource: &str, remaining: u64, reset: SystemTime) -> Result<(), StoreError>;

    /// Every request waits until `until` (a pause a refusal asked for); an earlier
    /// pause is only ever lengthened.
    ///
    /// # Errors
    /// When the store cannot be reached.
    fn pause(&self, until: SystemTime) -> Result<(), StoreError>;

    /// The time a request of `lane` (its [`Lane::name`]: `write`…) may
    /// leave: `now`, or `spacing` after the one before it, which is then
    /// this request.
    ///
    /// # Errors
    /// When the store cannot be reached.
    fn reserve(
        &self,
        lane: &str,
        spacing: Duration,
        now: SystemTime,
    ) -> Result<SystemTime, StoreError>;
}

/// A [`RateLimitStore`] that could not be reached or answered nonsense.
#[derive(Debug)]
pub struct StoreError(pub Box<dyn std::error::Error + Send + Sync>);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rate-limit store: {}",
            super::error::causes(self.0.as_ref())
        )
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.0.as_ref())
    }
}

/// The quota of one resource, as the answers of its window reported it and
/// the requests sent since counted it down.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Quota {
    pub(crate) remaining: Option<u64>,
    pub(crate) reset: Option<SystemTime>,
    /// Requests let go while no count was known: the first answer of the
    /// window counts one of them, and the others are taken off its count.
    pub(crate) uncounted: u64,
}

impl Quota {
    /// `admit` on this quota: its window ended (the count is forgotten),
    /// it has requests left (one is counted out), or it is spent.
    pub(crate) fn admit(&mut self, now: SystemTime) -> Option<SystemTime> {
        if self.reset.is_some_and(|reset| reset <= now) {
            *self = Quota::default();
        }
        match (self.remaining, self.reset) {
            (Some(0), Some(reset)) => Some(reset),
            (Some(remaining), _) => {
                self.remaining = Some(remaining.saturating_sub(1));
                None
            }
            (None, _) => {
                self.uncounted += 1;
                None
            }
        }
    }

    /// `update` on this quota.
    pub(crate) fn update(&mut self, remaining: u64, reset: SystemTime) {
        match self.reset {
            Some(known) if known == reset => {
                self.remaining = Some(self.remaining.map_or(remaining, |r| r.min(remaining)));
            }
            Some(known) if known > reset => {}
            _ => {
                // The answer counted its own request, not the others sent
                // while the count was unknown.
                let others = self.uncounted.saturating_sub(1);
                self.remaining = Some(remaining.saturating_sub(others));
                self.reset = Some(reset);
                self.uncounted = 0;
            }
        }
    }
}

/// The rate-limit state in this process's memory, behind one lock. Every
/// client has its own unless given another ([`RateLimits::store`]): clones
/// of an `Arc<MemoryStore>`… or the same store given to several clients
/// make them wait together.
///
/// It remembers the quotas of at most [`MemoryStore::MAX_RESOURCES`]
/// resources, whatever names the answers give (`x-ratelimit-resource` is
/// the server's to choose): to learn one more, it forgets first those whose
/// window has passed, then the one updated least recently.
#[derive(Debug, Default)]
pub struct MemoryStore {
    state: Mutex<MemoryState>,
}

#[derive(Debug, Default)]
struct MemoryState {
    /// Each resource's quota, and when it was last used (a count of the
    /// store's steps).
    quotas: HashMap<String, (Quota, u64)>,
    /// The store's steps so far.
    steps: u64,
    paused_until: Option<SystemTime>,
    lanes: HashMap<String, SystemTime>,
}

impl MemoryState {
    /// The quota of `resource`, made room for when it is new.
    fn quota(&mut self, resource: &str, now: SystemTime) -> &mut Quota {
        self.steps += 1;
        if !self.quotas.contains_key(resource) && self.quotas.len() >= MemoryStore::MAX_RESOURCES {
            self.quotas
                .retain(|_, (quota, _)| quota.reset.is_none_or(|reset| reset > now));
            if self.quotas.len() >= MemoryStore::MAX_RESOURCES
                && let Some(oldest) = self
                    .quotas
                    .iter()
                    .min_by_key(|(_, (_, used))| *used)
                    .map(|(name, _)| name.clone())
            {
                self.quotas.remove(&oldest);
            }
        }
        let steps = self.steps;
        let (quota, used) = self.quotas.entry(resource.to_owned()).or_default();
        *used = steps;
        quota
    }
}

impl MemoryStore {
    /// The most resources whose quotas a store remembers: an API has a
    /// few (e.g. `Client::github()`'s some fifteen); a server naming a new
    /// one in every answer cannot make the store grow past this.
    pub const MAX_RESOURCES: usize = 64;

    /// An empty store: no quota known, no pause.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// How many resources' quotas the store remembers (at most
    /// [`MemoryStore::MAX_RESOURCES`]).
    pub fn len(&self) -> usize {
        self.state().quotas.len()
    }

    /// Whether the store remembers no resource's quota.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn state(&self) -> std::sync::MutexGuard<'_, MemoryState> {
        // The state stays consistent whatever panicked while holding it:
        // each step writes whole values.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl RateLimitStore for MemoryStore {
    fn admit(&self, resource: &str, now: SystemTime) -> Result<Admission, StoreError> {
        let mut state = self.state();
        if let Some(until) = state.paused_until.filter(|until| *until > now) {
            return Ok(Admission::WaitUntil(RateLimitKind::Pause, until));
        }
        Ok(match state.quota(resource, now).admit(now) {
            Some(reset) => Admission::WaitUntil(RateLimitKind::Quota, reset),
            None => Admission::Go,
        })
    }

    fn update(&self, resource: &str, remaining: u64, reset: SystemTime) -> Result<(), StoreError> {
        self.state()
            .quota(resource, SystemTime::now())
            .update(remaining, reset);
        Ok(())
    }

    fn pause(&self, until: SystemTime) -> Result<(), StoreError> {
        let mut state = self.state();
        if state.paused_until.is_none_or(|paused| paused < until) {
            state.paused_until = Some(until);
        }
        Ok(())
    }

    fn reserve(
        &self,
        lane: &str,
        spacing: Duration,
        now: SystemTime,
    ) -> Result<SystemTime, StoreError> {
        let mut state = self.state();
        let slot = match state.lanes.get(lane) {
            Some(last) => last.checked_add(spacing).unwrap_or(*last).max(now),
            None => now,
        };
        state.lanes.insert(lane.to_owned(), slot);
        Ok(slot)
    }
}

impl<S: RateLimitStore + ?Sized> RateLimitStore for Arc<S> {
    fn admit(&self, resource: &str, now: SystemTime) -> Result<Admission, StoreError> {
        (**self).admit(resource, now)
    }

    fn update(&self, resource: &str, remaining: u64, reset: SystemTime) -> Result<(), StoreError> {
        (**self).update(resource, remaining, reset)
    }

    fn pause(&self, until: SystemTime) -> Result<(), StoreError> {
        (**self).pause(until)
    }

    fn reserve(
        &self,
        lane: &str,
        spacing: Duration,
        now: SystemTime,
    ) -> Result<SystemTime, StoreError> {
        (**self).reserve(lane, spacing, now)
    }
}

/// A spacing lane, as an API's policy puts requests in one
/// ([`ApiPolicy::lane`](super::ApiPolicy::lane)): the requests of one
/// lane leave at least its spacing apart, or the spacing
/// [`RateLimits::spacing`] sets for its name.
///
/// ```
/// use endpoint::client::Lane;
/// use std::time::Duration;
///
/// /// An API that asks for a second between two uploads.
/// const UPLOADS: Lane = Lane::new("upload", Duration::from_secs(1));
/// assert_eq!(Lane::writes().spacing, Duration::ZERO);
/// # let _ = UPLOADS;
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lane {
    /// The lane's name: in events ([`WaitReason::Spacing`](super::WaitReason::Spacing)),
    /// in the store of the rate-limit state, and for [`RateLimits::spacing`].
    pub name: &'static str,
    /// The least time between two of its requests, unless the client's
    /// [`RateLimits`] set another; zero: not spaced.
    pub spacing: Duration,
}

impl Lane {
    /// The name of the lane of writes, [`Lane::writes`].
    pub const WRITES: &'static str = "write";

    /// A lane named `name` whose requests leave `spacing` apart.
    pub const fn new(name: &'static str, spacing: Duration) -> Lane {
        Lane { name, spacing }
    }

    /// The writes of any API (`POST`, `PATCH`, `PUT`, `DELETE`…), not
    /// spaced unless [`RateLimits::write_spacing`] says.
    pub const fn writes() -> Lane {
        Lane::new(Lane::WRITES, Duration::ZERO)
    }
}

/// The name and spacing of `lane` under `limits`: `None` for requests in
/// no lane, or in one whose spacing is zero.
pub(crate) fn spacing_of(
    limits: &RateLimits,
    lane: Option<Lane>,
) -> Option<(&'static str, Duration)> {
    let lane = lane?;
    let spacing = limits
        .spacings
        .iter()
        .find(|(name, _)| name == lane.name)
        .map_or(lane.spacing, |(_, spacing)| *spacing);
    (!spacing.is_zero()).then_some((lane.name, spacing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    fn at(seconds: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(seconds)
    }

    #[test]
    fn quotas_count_down_and_reset() {
        let store = MemoryStore::new();
        assert_eq!(store.admit("core", at(100)).unwrap(), Admission::Go);
        store.update("core", 2, at(200)).unwrap();
        assert_eq!(store.admit("core", at(101)).unwrap(), Admission::Go);
        assert_eq!(store.admit("core", at(101)).unwrap(), Admission::Go);
        assert_eq!(
            store.admit("core", at(102)).unwrap(),
            Admission::WaitUntil(RateLimitKind::Quota, at(200))
        );
        // Another resource is not blocked.
        assert_eq!(store.admit("search", at(102)).unwrap(), Admission::Go);
        // A late answer of the same window does not give requests back.
        store.update("core", 5, at(200)).unwrap();
        assert!(matches!(
            store.admit("core", at(103)).unwrap(),
            Admission::WaitUntil(..)
        ));
        // An answer of an older window changes nothing.
        store.update("core", 50, at(150)).unwrap();
        assert!(matches!(
            store.admit("core", at(103)).unwrap(),
            Admission::WaitUntil(..)
        ));
        // Once the window is over, requests go.
        assert_eq!(store.admit("core", at(200)).unwrap(), Admission::Go);
        store.update("core", 4999, at(3800)).unwrap();
        assert_eq!(store.admit("core", at(201)).unwrap(), Admission::Go);
    }

    #[test]
    fn requests_sent_while_the_count_is_unknown_are_taken_off_the_window() {
        let store = MemoryStore::new();
        // Three requests leave before any answer; the first answer counted
        // only its own.
        for _ in 0..3 {
            assert_eq!(store.admit("core", at(100)).unwrap(), Admission::Go);
        }
        store.update("core", 3, at(200)).unwrap();
        assert_eq!(store.admit("core", at(101)).unwrap(), Admission::Go);
        assert!(matches!(
            store.admit("core", at(101)).unwrap(),
            Admission::WaitUntil(RateLimitKind::Quota, _)
        ));
    }

    #[test]
    fn pauses_stop_every_resource_and_only_lengthen() {
        let store = MemoryStore::new();
        store.pause(at(160)).unwrap();
        store.pause(at(130)).unwrap();
        for resource in ["core", "search"] {
            assert_eq!(
                store.admit(resource, at(100)).unwrap(),
                Admission::WaitUntil(RateLimitKind::Pause, at(160))
            );
        }
        assert_eq!(store.admit("core", at(160)).unwrap(), Admission::Go);
    }

    #[test]
    fn the_resources_remembered_are_bounded() {
        // A new name in every answer, of windows long passed: they go
        // first when a name is new.
        let store = MemoryStore::new();
        for n in 0..20_000u64 {
            store.update(&format!("r{n}"), 5, at(100 + n)).unwrap();
            assert!(store.len() <= MemoryStore::MAX_RESOURCES);
        }
        assert!(store.len() < MemoryStore::MAX_RESOURCES);
        // Windows that have not passed: the least recently used goes; one
        // used since then stays.
        let store = MemoryStore::new();
        store.update("core", 0, at(u64::MAX >> 2)).unwrap();
        for n in 0..MemoryStore::MAX_RESOURCES as u64 * 3 {
            store
                .update(&format!("far{n}"), 5, at(u64::MAX >> 2))
                .unwrap();
            assert_eq!(
                store.admit("core", at(10)).unwrap(),
                Admission::WaitUntil(RateLimitKind::Quota, at(u64::MAX >> 2))
            );
        }
        assert_eq!(store.len(), MemoryStore::MAX_RESOURCES);
    }

    #[test]
    fn lanes_space_their_requests() {
        let store = MemoryStore::new();
        let spacing = Duration::from_secs(1);
        assert_eq!(store.reserve("write", spacing, at(10)).unwrap(), at(10));
        assert_eq!(store.reserve("write", spacing, at(10)).unwrap(), at(11));
        assert_eq!(store.reserve("write", spacing, at(10)).unwrap(), at(12));
        assert_eq!(store.reserve("search", spacing, at(10)).unwrap(), at(10));
        assert_eq!(store.reserve("write", spacing, at(20)).unwrap(), at(20));
    }
}
