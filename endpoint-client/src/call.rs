//! One call as both backends drive it: waits for rate limits, the requests
//! it sends (redirects, retries, a token refresh), and its final answer.
//!
//! A [`Call`] does no I/O and never sleeps: it says what to do next
//! ([`Action`]) and takes what came of it, so that the blocking client
//! sleeps its thread where the async one awaits a timer, and both follow
//! the same rules.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use http::StatusCode;
use http::header::{self, HeaderValue};

use super::auth::{ApiKey, Authorization, Credentials};
use super::cache::{self, Cache, CachedAnswer};
use super::clock::Clock;
use super::error::Error;
use super::event::{Event, Hook, RetryReason, WaitReason};
use super::exchange::{self, Answer, Exchange, Step};
use super::policy::{ApiPolicy, IetfPolicy, Refusal, Refused};
use super::rate_limit::{RateLimit, RateLimitKind, imf_fixdate};
use super::retry::{self, Retry};
use super::throttle::{self, Admission, MemoryStore, RateLimitStore, RateLimits};
use endpoint_runtime::Api;
use endpoint_runtime::model::Pagination;
use endpoint_runtime::sibling::{Origin, with_query_param};

/// A transport's failure to send a request or read its answer.
pub(crate) type TransportError = Box<dyn std::error::Error + Send + Sync>;

/// The settings and shared state of a client's calls: cloned with the
/// client, so that its clones share the rate-limit state, the cache and
/// the credentials.
#[derive(Clone)]
pub(crate) struct Policy {
    pub(crate) retry: Retry,
    pub(crate) limits: Option<Limiter>,
    pub(crate) cache: Option<Arc<dyn Cache>>,
    pub(crate) hook: Option<Hook>,
    pub(crate) credentials: Option<Arc<dyn Credentials>>,
    /// The longest one call takes, every wait, retry and request included;
    /// `None`: no bound but each request's timeout.
    pub(crate) deadline: Option<Duration>,
    /// The transport's timeout of each request, which the time left before
    /// the deadline may cut.
    pub(crate) timeout: Option<Duration>,
    /// The API's rules: how its answers report and refuse rate limits,
    /// which quota a request counts against, which answers may be retried,
    /// how its error bodies and lists read.
    pub(crate) api: Arc<dyn ApiPolicy>,
    /// Where the client's credentials may go: the origins of the base URL
    /// and the servers it was made with, whatever endpoint a clone
    /// made by `with_endpoint` builds its requests with.
    pub(crate) origins: Arc<[Origin]>,
    /// How the API's lists page, for the routes without a scheme of their
    /// own.
    pub(crate) pagination: Pagination,
    /// The most pages one walk of `paginate` requests; `None`:
    /// no bound.
    pub(crate) max_pages: Option<usize>,
    /// The API keys added to the query of each request to `origins` as it
    /// leaves, and of no URL shown.
    pub(crate) query_keys: Arc<[ApiKey]>,
    /// The time the calls read, and the waits sleep on.
    pub(crate) clock: Clock,
}

impl fmt::Debug for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Policy")
            .field("retry", &self.retry)
            .field("rate_limits", &self.limits.as_ref().map(|l| &l.settings))
            .field("cache", &self.cache)
            .field("on_event", &self.hook.is_some())
            .field("credentials", &self.credentials)
            .field("deadline", &self.deadline)
            .field("origins", &self.origins)
            .field("api", &self.api)
            .field("pagination", &self.pagination)
            .field("max_pages", &self.max_pages)
            .field("query_keys", &self.query_keys)
            .field("clock", &self.clock)
            .finish()
    }
}

/// The rate-limit settings and the store their state lives in.
#[derive(Clone)]
pub(crate) struct Limiter {
    settings: RateLimits,
    store: Arc<dyn RateLimitStore>,
}

impl Limiter {
    /// `settings` with their store (a new memory store unless they name
    /// one); `None` when they honour nothing.
    pub(crate) fn new(settings: RateLimits) -> Option<Limiter> {
        if !settings.enabled {
            return None;
        }
        let store = settings
            .store
            .clone()
            .unwrap_or_else(|| Arc::new(MemoryStore::new()));
        Some(Limiter { settings, store })
    }
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            retry: Retry::default(),
            limits: None,
            cache: None,
            hook: None,
            credentials: None,
            deadline: None,
            timeout: None,
            api: Arc::new(IetfPolicy),
            origins: Arc::default(),
            pagination: Pagination::default(),
            max_pages: Some(crate::limits::DEFAULT_MAX_PAGES),
            query_keys: Arc::default(),
            clock: Clock::system(),
        }
    }
}

impl Policy {
    /// The query keys as a URL or a message may hold them: as they are,
    /// and encoded as a query value.
    fn query_secrets(&self) -> Vec<String> {
        let mut secrets = Vec::new();
        for key in self.query_keys.iter() {
            let secret = key.key.expose();
            let encoded = with_query_param("", "k", secret);
            secrets.push(secret.to_owned());
            if let Some(encoded) = encoded.strip_prefix("?k=")
                && encoded != secret
            {
                secrets.push(encoded.to_owned());
            }
        }
        secrets
    }

    /// The policy of a client made without a builder for the settings
    /// `api` (an endpoint's), which does nothing on its own: no retry, no
    /// rate limit honoured, no cache; its credentials go to the API's base
    /// URL and servers only.
    /// Its API's rules are the neutral ones ([`IetfPolicy`]), unless given
    /// others (`with_policy`).
    pub(crate) fn none(api: &Api) -> Policy {
        Policy {
            retry: Retry::never(),
            origins: api.credential_origins().into(),
            pagination: IetfPolicy.pagination(),
            ..Policy::default()
        }
    }
}

/// What a backend does next for a call.
pub(crate) enum Action {
    /// Waits this long on the client's clock, then asks again.
    Wait(Duration),
    /// Waits this long in real time, whatever the client's clock, then asks
    /// again: for another call's progress (a refresh of the credentials
    /// under way), which no clock but the machine's moves.
    Poll(Duration),
    /// Sends this request, and hands what came of it to [`Call::receive`].
    Send(http::Request<Vec<u8>>),
    /// The call is over.
    Done(Result<Answer, Error>),
}

/// Where a call is.
enum Phase {
    /// About to send a request: after waiting this long (a retry's
    /// backoff), its spacing, then its rate limit.
    Start(Duration),
    /// The spacing is waited: the rate limit next.
    Admit,
    /// Admitted: the credentials, then the request.
    Send,
    /// Waiting for the answer to the request sent.
    Sent,
    /// Waiting for the answer to this credentials refresh.
    Refreshing(Box<Exchange>),
    /// Over.
    Done(Option<Result<Answer, Error>>),
}

/// One call, from its first request to its final answer.
pub(crate) struct Call<'p> {
    policy: &'p Policy,
    exchange: Exchange,
    phase: Phase,
    /// Retries taken for failures that may pass.
    retries: u32,
    /// Refusals by a rate limit waited out.
    refusals: u32,
    /// The status of the refusal the request waits for, if it was refused
    /// (for the event).
    refused: Option<StatusCode>,
    /// The cache key of the request sent, when its answer may be kept.
    cache_key: Option<String>,
    /// The kept answer the request sent asks about.
    kept: Option<CachedAnswer>,
    /// The `authorization` the credentials gave the request sent.
    authorization: Option<HeaderValue>,
    /// Whether the request was sent again with new credentials after a
    /// `401` (once at most).
    reauthenticated: bool,
    /// When the call began, for its deadline.
    started: Instant,
    /// Waits for rate limits taken: a spent quota, a pause a refusal
    /// asked for (not the spacing of writes, which every write may take).
    waits: u32,
    /// Whether the deadline ended the call: a wait or a retry it needed
    /// would have ended past it.
    deadline_reached: bool,
}

impl<'p> Call<'p> {
    /// A call sending `exchange` under `policy`.
    pub(crate) fn new(policy: &'p Policy, mut exchange: Exchange) -> Call<'p> {
        // One key for the whole call, made before its first try: every
        // retry, redirect and wait sends the same.
        if let Some(name) = policy
            .retry
            .key_to_make(exchange.method(), exchange.headers())
            .cloned()
            && let Some(key) = retry::idempotency_key()
        {
            exchange.add_key(name, key);
        }
        if !policy.query_keys.is_empty() {
            exchange.drop_query_secrets(&policy.query_secrets());
        }
        Call {
            policy,
            exchange,
            phase: Phase::Start(Duration::ZERO),
            retries: 0,
            refusals: 0,
            refused: None,
            cache_key: None,
            kept: None,
            authorization: None,
            reauthenticated: false,
            started: policy.clock.instant(),
            waits: 0,
            deadline_reached: false,
        }
    }

    /// The time left before the call's deadline; `None` without one.
    fn time_left(&self) -> Option<Duration> {
        let deadline = self.policy.deadline?;
        Some(deadline.saturating_sub(self.policy.clock.since(self.started)))
    }

    /// Whether a wait of `wait` ends before the call's deadline, leaving
    /// time for a request; when it does not, the deadline ends the call.
    fn fits(&mut self, wait: Duration) -> bool {
        let fits = self.time_left().is_none_or(|left| wait < left);
        self.deadline_reached |= !fits;
        fits
    }

    /// The timeout of the request to send now: the transport's, cut to the
    /// time left before the deadline; `None` when the transport's stands.
    pub(crate) fn timeout(&self) -> Option<Duration> {
        let left = self.time_left()?;
        Some(
            self.policy
                .timeout
                .map_or(left, |timeout| timeout.min(left)),
        )
    }

    /// The error of a call the deadline ended before it could send its
    /// request, when no answer or failure came before: `what` was to
    /// happen.
    fn deadline_error(&mut self, what: &str) -> Error {
        self.deadline_reached = true;
        self.exchange.transport_error(format!(
            "not sent: the call's deadline would pass before {what}"
        ))
    }

    /// What to do next.
    pub(crate) fn next(&mut self) -> Action {
        loop {
            match &mut self.phase {
                Phase::Start(wait) => {
                    let wait = std::mem::take(wait);
                    if !wait.is_zero() {
                        return Action::Wait(wait);
                    }
                    self.phase = Phase::Admit;
                    if let Some(wait) = self.spacing() {
                        match wait {
                            Ok(wait) => return Action::Wait(wait),
                            Err(error) => self.finish(Err(error)),
                        }
                    }
                }
                Phase::Admit => match self.admit() {
                    Ok(None) => self.phase = Phase::Send,
                    Ok(Some(wait)) => return Action::Wait(wait),
                    Err(error) => self.finish(Err(error)),
                },
                Phase::Send => match self.request() {
                    Ok(action) => return action,
                    Err(error) => self.finish(Err(error)),
                },
                Phase::Sent | Phase::Refreshing(_) => {
                    // `receive` moves the call on; asked again, it waits
                    // for nothing.
                    return Action::Wait(Duration::ZERO);
                }
                Phase::Done(result) => {
                    return Action::Done(
                        result.take().unwrap_or_else(|| {
                            Err(Error::Setup("the call was over already".into()))
                        }),
                    );
                }
            }
        }
    }

    /// Whether the request [`Call::next`] asked to send is a credentials
    /// refresh, not the call's own: its answer is read whole, whatever the
    /// call does with its own.
    pub(crate) fn refreshing(&self) -> bool {
        matches!(self.phase, Phase::Refreshing(_))
    }

    /// Takes what came of the request [`Call::next`] asked to send.
    pub(crate) fn receive(&mut self, result: Result<http::Response<Vec<u8>>, TransportError>) {
        match std::mem::replace(&mut self.phase, Phase::Sent) {
            Phase::Refreshing(refresh) => return self.refreshed(&refresh, result),
            phase => self.phase = phase,
        }
        let answer = match result {
            Ok(answer) => answer,
            Err(source) => {
                // A request that may have reached the server is sent again
                // only when that is safe; one that never left always is.
                let passing =
                    may_pass(source.as_ref()) && (self.may_resend() || not_sent(source.as_ref()));
                let source = self.redacted(source);
                let reason = RetryReason::Transport(super::error::causes(source.as_ref()));
                let error = self.exchange.transport_error(source);
                if passing {
                    self.retry_or(reason, None, Err(error));
                } else {
                    self.finish(Err(error));
                }
                return;
            }
        };
        let received = self.policy.clock.now();
        let mut answer = answer;
        if self.policy.clock.is_manual() && !answer.headers().contains_key(header::DATE) {
            // Dated by the clock the client reads, so that what the answer
            // counts from now (a reset in seconds) is counted from its time.
            if let Ok(date) = HeaderValue::from_str(&imf_fixdate(received)) {
                answer.headers_mut().insert(header::DATE, date);
            }
        }
        let answer = self.observe(answer, received);
        match self.exchange.receive(answer, &self.policy.api) {
            Ok(Step::Follow) => {
                if !self.policy.query_keys.is_empty() {
                    self.exchange
                        .drop_query_secrets(&self.policy.query_secrets());
                }
                self.phase = Phase::Start(Duration::ZERO);
            }
            Ok(Step::Done(mut answer)) => {
                // Received by the client's clock.
                answer.received = received;
                self.conclude(*answer)
            }
            Err(error) => self.finish(Err(error)),
        }
    }

    /// The wait for the request's spacing, when it has one.
    fn spacing(&mut self) -> Option<Result<Duration, Error>> {
        let limiter = self.policy.limits.as_ref()?;
        let (method, path) = (self.exchange.method(), self.exchange.path());
        let (lane, spacing) =
            throttle::spacing_of(&limiter.settings, self.policy.api.lane(method, path))?;
        let now = self.policy.clock.now();
        let slot = match limiter.store.reserve(lane, spacing, now) {
            Ok(slot) => slot,
            Err(error) => return Some(Err(self.exchange.transport_error(Box::new(error)))),
        };
        let wait = slot.duration_since(now).ok().filter(|w| !w.is_zero())?;
        if !self.fits(wait) {
            return Some(Err(
                self.deadline_error("the spacing of its requests is over")
            ));
        }
        self.emit(|call| Event::Wait {
            method: call.exchange.method().clone(),
            url: call.exchange.url(),
            wait,
            reason: WaitReason::Spacing { lane },
        });
        Some(Ok(wait))
    }

    /// `None` when the request may leave now; the wait otherwise; an error
    /// when the wait is longer than the client waits.
    fn admit(&mut self) -> Result<Option<Duration>, Error> {
        let Some(limiter) = self.policy.limits.as_ref() else {
            return Ok(None);
        };
        // Another origin's requests (a page or a redirect elsewhere) do not
        // count against the API's quota.
        if !self.exchange.at_origin() {
            return Ok(None);
        }
        let resource = self
            .policy
            .api
            .resource(self.exchange.method(), self.exchange.path());
        let now = self.policy.clock.now();
        let admission = limiter
            .store
            .admit(&resource, now)
            .map_err(|error| self.exchange.transport_error(Box::new(error)))?;
        let Admission::WaitUntil(kind, until) = admission else {
            return Ok(None);
        };
        let wait = until.duration_since(now).unwrap_or(Duration::ZERO);
        if wait > limiter.settings.max_wait || !self.fits(wait) {
            return Err(Error::RateLimited {
                kind,
                retry_at: Some(until),
                answer: None,
            });
        }
        self.waits += 1;
        let refused = std::mem::take(&mut self.refused);
        let reason = match self.policy.api.limit_name(kind) {
            None => WaitReason::Limit { refused },
            Some(limit) => WaitReason::RateLimit {
                kind,
                limit,
                resource: resource.into_owned(),
                refused: refused.is_some(),
            },
        };
        self.emit(|call| Event::Wait {
            method: call.exchange.method().clone(),
            url: call.exchange.url(),
            wait,
            reason,
        });
        // Asked again after the wait: the store may have learnt more.
        Ok(Some(wait.max(Duration::from_millis(1))))
    }

    /// The request to send: with the credentials of the moment, and the
    /// conditions of a kept answer; or a credentials refresh first.
    fn request(&mut self) -> Result<Action, Error> {
        if self.time_left().is_some_and(|left| left.is_zero()) {
            return Err(self.deadline_error("the request could leave"));
        }
        self.exchange.check_origins(&self.policy.origins)?;
        let mut request = self.exchange.request();
        self.authorization = None;
        if let Some(credentials) = &self.policy.credentials
            && self.exchange.at_origin()
            && (credentials.covers(&self.exchange.url()) || self.exchange.at_route_server())
        {
            match credentials.authorization(self.policy.clock.now())? {
                Authorization::Header(value) => {
                    request
                        .headers_mut()
                        .insert(header::AUTHORIZATION, value.clone());
                    self.authorization = Some(value);
                }
                Authorization::Refresh(refresh) => {
                    let sent = refresh.request();
                    self.phase = Phase::Refreshing(refresh);
                    return Ok(Action::Send(sent));
                }
                Authorization::Wait(wait) if self.fits(wait) => return Ok(Action::Poll(wait)),
                Authorization::Wait(_) => {
                    return Err(self.deadline_error("another call's refresh of the credentials"));
                }
            }
        }
        if !self.policy.query_keys.is_empty()
            && self.exchange.at_origin()
            && self.exchange.at_api(&self.policy.origins)
        {
            let mut url = request.uri().to_string();
            for key in self.policy.query_keys.iter() {
                url = with_query_param(&url, &key.name, key.key.expose());
            }
            // The message names the parameter, never the key.
            *request.uri_mut() = url.parse().map_err(|_| {
                self.exchange
                    .transport_error("the URL with the API key in its query is not a URL")
            })?;
        }
        self.kept = None;
        self.cache_key = None;
        if let Some(cache) = &self.policy.cache
            && let Some(key) = cache::key(
                request.method(),
                &self.exchange.url(),
                request.headers(),
                self.policy.api.cache_varies_on(),
            )
        {
            self.kept = cache.get(&key);
            if let Some(kept) = &self.kept {
                cache::add_conditions(request.headers_mut(), kept);
            }
            self.cache_key = Some(key);
        }
        self.phase = Phase::Sent;
        Ok(Action::Send(request))
    }

    /// Takes the answer to a credentials refresh, then sends the request.
    fn refreshed(
        &mut self,
        refresh: &Exchange,
        result: Result<http::Response<Vec<u8>>, TransportError>,
    ) {
        let Some(credentials) = self.policy.credentials.clone() else {
            return self.finish(Err(Error::Setup("no credentials to refresh".into())));
        };
        // A refresh that failed for a reason that may pass is retried as
        // an idempotent request is, though it is a POST: a token request
        // applied twice only mints a second token, and the first expires
        // unused. The call asks for a refresh again after the wait.
        let passing = match &result {
            Err(source) if may_pass(source.as_ref()) => Some(RetryReason::Transport(
                super::error::causes(source.as_ref()),
            )),
            Ok(answer) if Retry::retries_status(answer.status()) => {
                Some(RetryReason::Status(answer.status()))
            }
            _ => None,
        };
        let answer = result
            .map_err(|source| refresh.transport_error(source))
            .map(|answer| {
                let (parts, body) = answer.into_parts();
                Answer {
                    api: Arc::clone(&self.policy.api),
                    method: refresh.method().clone(),
                    url: refresh.url(),
                    status: parts.status,
                    headers: parts.headers,
                    body,
                    received: self.policy.clock.now(),
                }
            });
        match (credentials.refreshed(answer), passing) {
            (Ok(valid_for), _) => {
                self.emit(|_| Event::TokenRefreshed { valid_for });
                self.phase = Phase::Send;
            }
            (Err(error), Some(reason)) => self.retry_or(reason, None, Err(error)),
            (Err(error), None) => self.finish(Err(error)),
        }
    }

    /// Learns the rate limit an answer reports, and answers a `304` from
    /// the kept answer.
    fn observe(
        &mut self,
        answer: http::Response<Vec<u8>>,
        received: SystemTime,
    ) -> http::Response<Vec<u8>> {
        // Only the API's own answers tell its quota: another origin's (a
        // page or a redirect elsewhere) may say anything.
        if let Some(limiter) = &self.policy.limits
            && self.exchange.at_origin()
        {
            let limit = self.policy.api.rate_limit(answer.headers());
            if let (Some(remaining), Some(reset)) = (limit.remaining, limit.reset) {
                let resource = match limit.resource {
                    Some(named) => named.into(),
                    None => self
                        .policy
                        .api
                        .resource(self.exchange.method(), self.exchange.path()),
                };
                let reset = local_time(reset, answer.headers(), received);
                // A store that cannot be reached loses one report; the next
                // request says so.
                let _ = limiter.store.update(&resource, remaining, reset);
            }
        }
        let mut answer = answer;
        if !self.policy.query_keys.is_empty() {
            exchange::drop_link_secrets(answer.headers_mut(), &self.policy.query_secrets());
        }
        match self.kept.take() {
            Some(kept) if answer.status() == StatusCode::NOT_MODIFIED => {
                let (parts, _) = answer.into_parts();
                let mut renewed = http::Response::new(kept.body.to_vec());
                *renewed.status_mut() = kept.status;
                *renewed.headers_mut() = cache::renewed(&kept.headers, parts.headers);
                // Kept already: nothing to keep again.
                self.cache_key = None;
                renewed
            }
            _ => answer,
        }
    }

    /// Takes the final answer of a request: keeps it, retries it, waits
    /// out its refusal, or ends the call with it.
    fn conclude(&mut self, answer: Answer) {
        let status = answer.status;
        if status == StatusCode::UNAUTHORIZED
            && let (Some(credentials), Some(sent)) =
                (&self.policy.credentials, self.authorization.take())
        {
            // Revoked, or expired early: the token is dropped, and the
            // request sent once more with a new one.
            credentials.rejected(&sent);
            if !std::mem::replace(&mut self.reauthenticated, true) {
                self.phase = Phase::Start(Duration::ZERO);
                return;
            }
        }
        if status.is_success() {
            if let (Some(cache), Some(key)) = (&self.policy.cache, self.cache_key.take())
                && cache::keepable(status, &answer.headers)
            {
                cache.put(
                    &key,
                    CachedAnswer {
                        status,
                        headers: answer.headers.clone(),
                        body: answer.body.as_slice().into(),
                    },
                );
            }
            return self.finish(Ok(answer));
        }
        let limit = self.policy.api.rate_limit(&answer.headers);
        let refusal = self.policy.api.refusal(
            &Refused::new(
                status,
                &answer.headers,
                &answer.body,
                &limit,
                answer.received,
            )
            .after(self.refusals),
        );
        if let Some(refusal) = refusal {
            return self.refusal(answer, &limit, refusal);
        }
        let retry = self
            .policy
            .api
            .retry_advice(status, &answer.headers)
            .unwrap_or_else(|| Retry::retries_status(status));
        if retry && self.may_resend() {
            return self.retry_or(RetryReason::Status(status), limit.retry_after, Ok(answer));
        }
        self.finish(Ok(answer));
    }

    /// A rate limit's refusal (as the API's policy judged `answer`): waited
    /// out within the settings' bounds and sent again, or the call's end.
    fn refusal(&mut self, answer: Answer, limit: &RateLimit, refusal: Refusal) {
        let Some(limiter) = &self.policy.limits else {
            return self.finish(Ok(answer));
        };
        // Another origin's refusal is not the API's: it ends this call and
        // leaves the API's state alone.
        if !self.exchange.at_origin() {
            return self.finish(Ok(answer));
        }
        let Refusal { kind, retry_at } = refusal;
        let Some(until) = retry_at else {
            return self.finish(Ok(answer));
        };
        let until = match kind {
            // A reset is a time by the server's clock.
            RateLimitKind::Quota => local_time(until, &answer.headers, answer.received),
            RateLimitKind::Pause => until,
        };
        let wait = until
            .duration_since(self.policy.clock.now())
            .unwrap_or_default();
        if self.refusals >= limiter.settings.max_retries
            || wait > limiter.settings.max_wait
            || !self.fits(wait)
        {
            // The refusal, with the time this call would have retried at.
            let mut error = answer.into_error();
            if let Error::RateLimited { retry_at, .. } = &mut error {
                *retry_at = Some(until);
            }
            return self.finish(Err(error));
        }
        let admitted_as = self
            .policy
            .api
            .resource(self.exchange.method(), self.exchange.path());
        let resource = limit.resource.as_deref().unwrap_or(&admitted_as);
        let stored = match kind {
            RateLimitKind::Pause => limiter.store.pause(until),
            RateLimitKind::Quota => limiter.store.update(resource, 0, until),
        };
        if let Err(error) = stored {
            return self.finish(Err(self.exchange.transport_error(Box::new(error))));
        }
        self.refusals += 1;
        if kind == RateLimitKind::Quota && resource != admitted_as {
            // A resource the path does not tell (one the API's policy does
            // not know): the admission would not see its quota, so the
            // call waits here.
            self.waits += 1;
            let reason = match self.policy.api.limit_name(kind) {
                None => WaitReason::Limit {
                    refused: Some(answer.status),
                },
                Some(limit) => WaitReason::RateLimit {
                    kind,
                    limit,
                    resource: resource.to_owned(),
                    refused: true,
                },
            };
            self.emit(|call| Event::Wait {
                method: call.exchange.method().clone(),
                url: call.exchange.url(),
                wait,
                reason,
            });
            self.phase = Phase::Start(wait.max(Duration::from_millis(1)));
        } else {
            self.refused = Some(answer.status);
            self.phase = Phase::Start(Duration::ZERO);
        }
    }

    /// Sends the request again after a backoff when a retry is left;
    /// ends the call with `otherwise` when none is.
    fn retry_or(
        &mut self,
        reason: RetryReason,
        advised: Option<Duration>,
        otherwise: Result<Answer, Error>,
    ) {
        let Some(wait) = self.policy.retry.delay(self.retries + 1, advised) else {
            return self.finish(otherwise);
        };
        if !self.fits(wait) {
            return self.finish(otherwise);
        }
        self.retries += 1;
        let retry = self.retries;
        self.emit(|call| Event::Retry {
            method: call.exchange.method().clone(),
            url: call.exchange.url(),
            retry,
            wait,
            reason,
            idempotency_key: call
                .policy
                .retry
                .idempotency_header_name()
                .and_then(|name| call.exchange.shown_value(name)),
        });
        self.phase = Phase::Start(wait.max(Duration::from_millis(1)));
    }

    /// `source` with every query key in its messages (a transport's error
    /// may quote the URL it was sent to) written `REDACTED`.
    fn redacted(&self, source: TransportError) -> TransportError {
        if self.policy.query_keys.is_empty() {
            return source;
        }
        let mut text = super::error::causes(source.as_ref());
        let secrets = self.policy.query_secrets();
        if !secrets.iter().any(|secret| text.contains(secret.as_str())) {
            return source;
        }
        for secret in &secrets {
            text = text.replace(secret.as_str(), "REDACTED");
        }
        Box::new(Redacted(text))
    }

    /// Whether the request sent now may be sent again once it may have
    /// reached the server ([`Retry`]'s rule: an idempotent method, or the
    /// idempotency header).
    fn may_resend(&self) -> bool {
        self.policy
            .retry
            .may_resend(self.exchange.method(), self.exchange.headers())
    }

    /// Ends the call with `result`. An error (or an answer that is not
    /// 2xx) after retries or waits, or when the deadline ended the call,
    /// says what the call cost: its retries, waits and time in all.
    fn finish(&mut self, result: Result<Answer, Error>) {
        let spent = self.retries > 0 || self.waits > 0 || self.deadline_reached;
        let result = match result {
            Ok(answer) if spent && !answer.status.is_success() => Err(answer.into_error()),
            other => other,
        };
        let result = match result {
            Err(error) if spent => Err(Error::GaveUp {
                error: Box::new(error),
                retries: self.retries,
                waits: self.waits,
                elapsed: self.policy.clock.since(self.started),
                deadline: self.policy.deadline.filter(|_| self.deadline_reached),
            }),
            other => other,
        };
        self.phase = Phase::Done(Some(result));
    }

    fn emit(&self, event: impl FnOnce(&Self) -> Event) {
        if let Some(hook) = &self.policy.hook {
            hook(&event(self));
        }
    }
}

impl Drop for Call<'_> {
    fn drop(&mut self) {
        if let (Phase::Refreshing(_), Some(credentials)) = (&self.phase, &self.policy.credentials) {
            credentials.abandoned();
        }
    }
}

/// A transport's error whose messages held a query key: their text, the
/// key written `REDACTED`.
#[derive(Debug)]
struct Redacted(String);

impl fmt::Display for Redacted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Redacted {}

/// A time the server gave by its clock (a reset), on this machine's clock:
/// moved by the difference between the answer's `date` and the time it
/// was received, when that is more than the second `date` cannot tell.
fn local_time(
    server_time: SystemTime,
    headers: &http::HeaderMap,
    received: SystemTime,
) -> SystemTime {
    let Some(date) = headers
        .get(header::DATE)
        .and_then(|value| value.to_str().ok())
        .and_then(super::rate_limit::http_date)
    else {
        return server_time;
    };
    const CLOCK_RESOLUTION: Duration = Duration::from_secs(2);
    match received.duration_since(date) {
        // This clock is ahead of the server's.
        // A time past the end of this clock's range stays where it is:
        // it is as far as ever anyway.
        Ok(ahead) if ahead > CLOCK_RESOLUTION => {
            server_time.checked_add(ahead).unwrap_or(server_time)
        }
        Ok(_) => server_time,
        Err(behind) if behind.duration() > CLOCK_RESOLUTION => server_time
            .checked_sub(behind.duration())
            .unwrap_or(server_time),
        Err(_) => server_time,
    }
}

/// Whether a transport's failure may pass if the request is sent again: a
/// timeout, a connection refused, reset or closed before the answer's end.
/// A certificate that is not trusted, a URL that cannot be reached, an
/// answer too large would fail again.
fn may_pass(error: &(dyn std::error::Error + 'static)) -> bool {
    use std::io::ErrorKind;
    let mut cause = Some(error);
    while let Some(error) = cause {
        let passing_io = |io: &std::io::Error| {
            matches!(
                io.kind(),
                ErrorKind::ConnectionRefused
                    | ErrorKind::ConnectionReset
                    | ErrorKind::ConnectionAborted
                    | ErrorKind::NotConnected
                    | ErrorKind::BrokenPipe
                    | ErrorKind::TimedOut
                    | ErrorKind::UnexpectedEof
                    | ErrorKind::Interrupted
            )
        };
        if let Some(io) = error.downcast_ref::<std::io::Error>() {
            return passing_io(io);
        }
        #[cfg(feature = "ureq")]
        if let Some(error) = error.downcast_ref::<::ureq::Error>() {
            return match error {
                ::ureq::Error::Timeout(_)
                | ::ureq::Error::ConnectionFailed
                | ::ureq::Error::BodyStalled => true,
                ::ureq::Error::Io(io) => passing_io(io),
                _ => false,
            };
        }
        #[cfg(feature = "reqwest")]
        if let Some(error) = error.downcast_ref::<::reqwest::Error>()
            && error.is_timeout()
        {
            return true;
        }
        if error
            .to_string()
            .contains("connection closed before message completed")
        {
            return true;
        }
        cause = error.source();
    }
    false
}

/// Whether a transport's failure certainly happened before the request
/// reached the server: the connection was refused, or could not be made in
/// time. A request that failed so may be sent again whatever its method.
fn not_sent(error: &(dyn std::error::Error + 'static)) -> bool {
    use std::io::ErrorKind;
    let mut cause = Some(error);
    while let Some(error) = cause {
        if let Some(io) = error.downcast_ref::<std::io::Error>() {
            return io.kind() == ErrorKind::ConnectionRefused;
        }
        #[cfg(feature = "ureq")]
        if let Some(error) = error.downcast_ref::<::ureq::Error>() {
            return match error {
                ::ureq::Error::ConnectionFailed
                | ::ureq::Error::Timeout(::ureq::Timeout::Connect | ::ureq::Timeout::Resolve) => {
                    true
                }
                ::ureq::Error::Io(io) => io.kind() == ErrorKind::ConnectionRefused,
                _ => false,
            };
        }
        #[cfg(feature = "reqwest")]
        if let Some(error) = error.downcast_ref::<::reqwest::Error>()
            && error.is_connect()
        {
            return true;
        }
        cause = error.source();
    }
    false
}
