//! Credentials beyond a fixed `authorization` header: an API key in a
//! header, the query or a cookie ([`ApiKey`]), and tokens that expire and
//! are fetched again: a [`TokenSource`] of one's own, an [`OAuth2`]
//! client's grants, a GitHub App's installation tokens. One
//! [`TokenCache`] keeps the token of the moment for all of a client's
//! calls, whichever [`Issuer`] makes it.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use http::header::HeaderValue;
use serde::Deserialize;
use serde_json::{Value, json};

use super::base64;
use super::error::{ApiError, Error, Explanation};
use super::exchange::{Answer, Exchange};
use endpoint_runtime::sibling::{Origin, REDACTED, form_encode};
use endpoint_runtime::{Api, Endpoint};

/// How often a call waiting for another call's refresh asks again.
const REFRESH_POLL: Duration = Duration::from_millis(20);

/// The longest a token is refreshed before it expires.
const MAX_REFRESH_MARGIN: Duration = Duration::from_secs(300);

/// The longest before it expires that a token stops being sent while
/// another call fetches the next.
const MAX_EXPIRY_GUARD: Duration = Duration::from_secs(30);

/// The longest validity a token is scheduled with (and the validity of a
/// token that names no expiry): the times stay within the clock's range.
pub(crate) const MAX_SCHEDULED_VALIDITY: Duration = Duration::from_secs(365 * 86_400);

/// Credentials that change over time (an App's installation token, an
/// OAuth 2 access token): asked for before each request of a call to the
/// API's origin.
pub(crate) trait Credentials: fmt::Debug + Send + Sync {
    /// Whether a request to `url` carries these credentials (one to
    /// another host does not).
    fn covers(&self, url: &str) -> bool;

    /// The `authorization` header to send now; or a request this call must
    /// send first to refresh the credentials (its answer goes to
    /// [`Credentials::refreshed`]); or how long to wait while another call
    /// refreshes them.
    fn authorization(&self, now: SystemTime) -> Result<Authorization, Error>;

    /// What came of the request [`Credentials::authorization`] asked for.
    /// Returns how long the new credentials are valid for.
    fn refreshed(&self, answer: Result<Answer, Error>) -> Result<Duration, Error>;

    /// The call that was to send the refresh [`Credentials::authorization`]
    /// asked for went away before its answer came (an async task dropped,
    /// a thread that panicked): another call may refresh now.
    fn abandoned(&self);

    /// A request sent with the header `sent` was answered `401`: the
    /// credentials may have been revoked, or expired early.
    fn rejected(&self, sent: &HeaderValue);
}

/// What makes a client's [`Credentials`] at `build()`, from the API's
/// settings the client's requests are built with (where its token requests
/// go) and
/// the transport's timeout: a builder setting of an API's own (e.g.
/// `github_app`).
pub(crate) trait MakeCredentials: fmt::Debug + Send + Sync {
    /// The credentials of a client of `api`; an error of the setting when
    /// its values cannot make any (a key that does not parse).
    fn make(&self, api: &Api, timeout: Duration) -> Result<Arc<dyn Credentials>, Error>;
}

/// What [`Credentials::authorization`] says.
// Only the credentials of a GitHub App (feature `app`) make one.
#[cfg_attr(not(feature = "app"), allow(dead_code))]
pub(crate) enum Authorization {
    /// Send this header.
    Header(HeaderValue),
    /// Send this request first.
    Refresh(Box<Exchange>),
    /// Another call is refreshing: ask again after this long.
    Wait(Duration),
}

/// A secret: an API key, a token, a password. Its `Debug` shows
/// `<redacted>`, never the value, so that a secret held in a setting
/// reaches no log.
///
/// ```
/// use endpoint::client::Secret;
///
/// let key = Secret::new("sk_live_0123");
/// assert_eq!(format!("{key:?}"), "<redacted>");
/// assert_eq!(key.expose(), "sk_live_0123");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// The secret `value`.
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The value itself, to send it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Secret {
        Secret(value)
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Secret {
        Secret(value.to_owned())
    }
}

/// Where an [`ApiKey`] goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    Header,
    Query,
    Cookie,
}

/// An API key, as an OpenAPI description's `apiKey` security scheme sends
/// it: in a header, a query parameter or a cookie
/// ([`ClientBuilder::api_key`](super::ClientBuilder::api_key)). It goes
/// only to the origins of the client's API, as every credential does;
/// `Debug` shows its place and name, never the key.
///
/// ```
/// use endpoint::client::ApiKey;
///
/// let key = ApiKey::query("api_key", "k3y");
/// assert_eq!(format!("{key:?}"), r#"ApiKey { place: Query, name: "api_key", key: <redacted> }"#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKey {
    pub(crate) place: Place,
    pub(crate) name: String,
    pub(crate) key: Secret,
}

impl ApiKey {
    /// The key in header `name` (`X-Api-Key: <key>`).
    pub fn header(name: impl Into<String>, key: impl Into<Secret>) -> ApiKey {
        ApiKey {
            place: Place::Header,
            name: name.into().to_ascii_lowercase(),
            key: key.into(),
        }
    }

    /// The key in query parameter `name` (`?api_key=<key>`), added to each
    /// request to the API's origins as it leaves: no URL an error, an event
    /// or a `Debug` text shows holds it.
    pub fn query(name: impl Into<String>, key: impl Into<Secret>) -> ApiKey {
        ApiKey {
            place: Place::Query,
            name: name.into(),
            key: key.into(),
        }
    }

    /// The key in cookie `name` (`cookie: <name>=<key>`).
    pub fn cookie(name: impl Into<String>, key: impl Into<Secret>) -> ApiKey {
        ApiKey {
            place: Place::Cookie,
            name: name.into(),
            key: key.into(),
        }
    }
}

/// A bearer token and when it expires, as a [`TokenSource`] gives it.
#[derive(Debug, Clone)]
pub struct Token {
    value: Secret,
    expires_at: Option<SystemTime>,
}

impl Token {
    /// The token `value`, sent as `authorization: Bearer <value>`, valid
    /// until it is refused (`401`) unless it says when it expires.
    pub fn new(value: impl Into<Secret>) -> Token {
        Token {
            value: value.into(),
            expires_at: None,
        }
    }

    /// The same token, expiring at `at`: the client fetches the next a
    /// quarter of its validity before (at most 5 minutes before).
    pub fn expires_at(mut self, at: SystemTime) -> Token {
        self.expires_at = Some(at);
        self
    }
}

/// Where a client's tokens come from when they expire: a cloud's metadata
/// service, a file another program renews, a vault
/// ([`ClientBuilder::token_source`](super::ClientBuilder::token_source)).
///
/// The client asks for a token when it has none, when the one it has is
/// about to expire, and once after the API refused it (`401`); one call at
/// a time, the client's other calls and threads waiting for it. It asks on
/// the thread of the call that needs the token (the async client, on that
/// call's task): a source that takes long should keep its token ready. [`OAuth2`]
/// and [`GitHubApp`](super::GitHubApp) are the sources the client fetches
/// over HTTP itself, with its own retries and deadline.
///
/// ```
/// use endpoint::client::{Error, Token, TokenSource};
/// use std::time::{Duration, SystemTime};
///
/// /// The token another program writes to a file every hour.
/// struct FromFile(std::path::PathBuf);
///
/// impl TokenSource for FromFile {
///     fn token(&self, now: SystemTime) -> Result<Token, Error> {
///         let token = std::fs::read_to_string(&self.0).map_err(|error| Error::Authentication {
///             url: String::new(),
///             reason: format!("reading {}: {error}", self.0.display()),
///             answer: None,
///         })?;
///         Ok(Token::new(token.trim()).expires_at(now + Duration::from_secs(3600)))
///     }
/// }
/// ```
pub trait TokenSource: Send + Sync {
    /// A token valid at `now`.
    ///
    /// # Errors
    /// The error the call that needed the token ends with; the next call
    /// asks again.
    fn token(&self, now: SystemTime) -> Result<Token, Error>;
}

/// An OAuth 2 client (RFC 6749) whose access tokens authenticate a client:
/// the client credentials grant (section 4.4) or a refresh token
/// (section 6), fetched with a form-encoded `POST` to the token URL, the
/// client authenticated by HTTP Basic (section 2.3.1). The token is sent
/// as `authorization: Bearer …` to the API's origins; it is fetched again
/// a quarter of its `expires_in` before it expires (at most 5 minutes
/// before), by one call while the others wait, and once when the API
/// answers `401`. A new `refresh_token` in an answer replaces the one held.
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::{OAuth2, ureq::Client};
///
/// let client = Client::builder()
///     .base_url("https://api.example.com/v1")
///     .oauth2(OAuth2::client_credentials("https://auth.example.com/oauth/token", "my-id", "my-secret").scope("read"))
///     .build()?;
/// # }
/// # Ok::<(), endpoint::client::Error>(())
/// ```
#[derive(Clone)]
pub struct OAuth2 {
    pub(crate) token_url: String,
    client_id: String,
    client_secret: Secret,
    refresh_token: Option<Secret>,
    scope: Option<String>,
}

impl OAuth2 {
    /// The client credentials grant: `grant_type=client_credentials` at
    /// `token_url`, for the client `client_id` itself.
    pub fn client_credentials(
        token_url: impl Into<String>,
        client_id: impl Into<String>,
        client_secret: impl Into<Secret>,
    ) -> OAuth2 {
        OAuth2 {
            token_url: token_url.into(),
            client_id: client_id.into(),
            client_secret: client_secret.into(),
            refresh_token: None,
            scope: None,
        }
    }

    /// The refresh token grant: `grant_type=refresh_token` at `token_url`
    /// with `refresh_token`, for a user who authorized `client_id` before.
    pub fn refresh_token(
        token_url: impl Into<String>,
        client_id: impl Into<String>,
        client_secret: impl Into<Secret>,
        refresh_token: impl Into<Secret>,
    ) -> OAuth2 {
        OAuth2 {
            refresh_token: Some(refresh_token.into()),
            ..OAuth2::client_credentials(token_url, client_id, client_secret)
        }
    }

    /// The scope to ask for (`scope=…`, space-separated names).
    pub fn scope(mut self, scope: impl Into<String>) -> OAuth2 {
        self.scope = Some(scope.into());
        self
    }

    fn grant(&self) -> &'static str {
        if self.refresh_token.is_some() {
            "refresh_token"
        } else {
            "client_credentials"
        }
    }
}

impl fmt::Debug for OAuth2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OAuth2")
            .field("token_url", &self.token_url)
            .field("grant", &self.grant())
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret)
            .field("scope", &self.scope)
            .finish()
    }
}

/// What an [`Issuer`] does for a token.
pub(crate) enum Issue {
    /// The call sends this request; its answer goes to [`Issuer::issued`].
    Request(Box<Exchange>),
    /// The token, given at once.
    Token(Issued),
}

/// A token ready to send.
pub(crate) struct Issued {
    /// `Bearer <token>`, marked sensitive.
    pub(crate) header: HeaderValue,
    /// How long it is valid for from `received`; `None`: until refused.
    pub(crate) valid_for: Option<Duration>,
    /// When it was received, on this machine's clock.
    pub(crate) received: SystemTime,
}

impl Issued {
    /// `token` as an `authorization: Bearer` value; `None` when it is empty
    /// or no header can carry it.
    pub(crate) fn bearer(token: &str) -> Option<HeaderValue> {
        let token = token.trim();
        if token.is_empty() {
            return None;
        }
        let mut value = HeaderValue::try_from(format!("Bearer {token}")).ok()?;
        value.set_sensitive(true);
        Some(value)
    }
}

/// What makes a client's tokens: a GitHub App, an OAuth 2 client, a
/// [`TokenSource`].
pub(crate) trait Issuer: fmt::Debug + Send + Sync {
    /// A token for `now`, or the request that fetches one.
    fn issue(&self, now: SystemTime) -> Result<Issue, Error>;

    /// The token in the answer to the request [`Issuer::issue`] asked for.
    fn issued(&self, answer: Answer) -> Result<Issued, Error>;
}

/// The token of the moment of a client and its clones, made by `issuer`:
/// fetched when there is none or it is about to expire, by one call at a
/// time, and dropped when the API refuses it.
pub(crate) struct TokenCache<I> {
    pub(crate) issuer: I,
    /// The origins the token goes to.
    origins: Vec<Origin>,
    /// How long a refresh may take before it counts as abandoned.
    abandon_after: Duration,
    state: Mutex<State>,
}

/// The token of the moment, and the refresh under way.
#[derive(Default)]
struct State {
    token: Option<Cached>,
    /// When the refresh under way started.
    refreshing: Option<SystemTime>,
}

/// A token, ready to send, and its schedule.
struct Cached {
    header: HeaderValue,
    /// When the next token is fetched.
    refresh_at: SystemTime,
    /// Until when it is sent while another call fetches the next.
    usable_until: SystemTime,
}

impl<I: Issuer> TokenCache<I> {
    /// The tokens of `issuer`, sent to `origins`, for a client whose
    /// requests take at most `timeout`.
    pub(crate) fn new(issuer: I, origins: Vec<Origin>, timeout: Duration) -> TokenCache<I> {
        TokenCache {
            issuer,
            origins,
            abandon_after: timeout,
            state: Mutex::new(State::default()),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps `issued`; returns how long it is valid for.
    fn keep(&self, issued: Issued) -> Duration {
        let valid_for = issued.valid_for.unwrap_or(MAX_SCHEDULED_VALIDITY);
        let (refresh_at, usable_until) = schedule(issued.received, valid_for);
        let mut state = self.state();
        state.refreshing = None;
        state.token = Some(Cached {
            header: issued.header,
            refresh_at,
            usable_until,
        });
        valid_for
    }
}

impl<I: Issuer> Credentials for TokenCache<I> {
    fn covers(&self, url: &str) -> bool {
        Origin::of(url).is_some_and(|origin| self.origins.contains(&origin))
    }

    fn authorization(&self, now: SystemTime) -> Result<Authorization, Error> {
        let mut state = self.state();
        if let Some(token) = &state.token
            && now < token.refresh_at
        {
            return Ok(Authorization::Header(token.header.clone()));
        }
        let under_way = state.refreshing.is_some_and(|started| {
            // A clock that went back counts the refresh as just started.
            now.duration_since(started)
                .map_or(true, |age| age < self.abandon_after)
        });
        if under_way {
            return Ok(match &state.token {
                Some(token) if now < token.usable_until => {
                    Authorization::Header(token.header.clone())
                }
                _ => Authorization::Wait(REFRESH_POLL),
            });
        }
        state.refreshing = Some(now);
        drop(state);
        match self.issuer.issue(now) {
            Ok(Issue::Request(exchange)) => Ok(Authorization::Refresh(exchange)),
            Ok(Issue::Token(issued)) => {
                let header = issued.header.clone();
                self.keep(issued);
                Ok(Authorization::Header(header))
            }
            Err(error) => {
                self.state().refreshing = None;
                Err(error)
            }
        }
    }

    fn refreshed(&self, answer: Result<Answer, Error>) -> Result<Duration, Error> {
        match answer.and_then(|answer| self.issuer.issued(answer)) {
            Ok(issued) => Ok(self.keep(issued)),
            Err(error) => {
                self.state().refreshing = None;
                Err(error)
            }
        }
    }

    fn abandoned(&self) {
        self.state().refreshing = None;
    }

    fn rejected(&self, sent: &HeaderValue) {
        let mut state = self.state();
        if state
            .token
            .as_ref()
            .is_some_and(|token| token.header == *sent)
        {
            state.token = None;
        }
    }
}

impl<I: Issuer> fmt::Debug for TokenCache<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = match self.state.try_lock() {
            Ok(state) => state.token.as_ref().map(|_| REDACTED),
            Err(_) => Some("<in use>"),
        };
        f.debug_struct("TokenCache")
            .field("issuer", &self.issuer)
            .field("token", &token)
            .finish()
    }
}

/// When a token received at `received` and valid for `valid_for` is
/// refreshed, and until when it is sent while another call refreshes it.
///
/// It is refreshed a quarter of its validity before it expires, at most
/// [`MAX_REFRESH_MARGIN`] before: 55 minutes into one-hour tokens, which
/// leaves room for a refresh that fails to be tried again by later calls
/// while the token still works, and for long calls (the pages of a list)
/// started just before; a token valid for 2 s is refreshed after 1.5 s
/// rather than on every call. While another call refreshes it, it is sent
/// until a tenth of its validity before it expires, at most
/// [`MAX_EXPIRY_GUARD`] before, so that it still works when it arrives.
///
/// A validity of more than [`MAX_SCHEDULED_VALIDITY`] (an expiry, or a
/// `date`, far from this machine's clock) is scheduled as that: the
/// arithmetic stays in the clock's range, whatever the answer said.
pub(crate) fn schedule(received: SystemTime, valid_for: Duration) -> (SystemTime, SystemTime) {
    let valid_for = valid_for.min(MAX_SCHEDULED_VALIDITY);
    let margin = (valid_for / 4).min(MAX_REFRESH_MARGIN);
    let guard = (valid_for / 10).min(MAX_EXPIRY_GUARD);
    let at = |before: Duration| received.checked_add(valid_for - before).unwrap_or(received);
    (at(margin), at(guard))
}

/// A [`TokenSource`] of one's own, as an [`Issuer`].
pub(crate) struct Source(pub(crate) Arc<dyn TokenSource>);

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenSource")
    }
}

impl Issuer for Source {
    fn issue(&self, now: SystemTime) -> Result<Issue, Error> {
        let token = self.0.token(now)?;
        let header = Issued::bearer(token.value.expose()).ok_or_else(|| Error::Authentication {
            url: String::new(),
            reason: "the token source gave a token that is empty or not a valid header value"
                .into(),
            answer: None,
        })?;
        let valid_for = token
            .expires_at
            .map(|at| at.duration_since(now).unwrap_or_default());
        Ok(Issue::Token(Issued {
            header,
            valid_for,
            received: now,
        }))
    }

    fn issued(&self, _: Answer) -> Result<Issued, Error> {
        Err(Error::Setup("a token source sends no request".into()))
    }
}

/// The tokens of an [`OAuth2`] client.
pub(crate) struct OAuth2Tokens {
    settings: OAuth2,
    /// The token request with the client's headers, but no body.
    request: endpoint_runtime::Request,
    /// The refresh token of the moment: a new one in an answer replaces it.
    refresh_token: Mutex<Option<Secret>>,
}

impl OAuth2Tokens {
    /// The tokens of `settings`, whose token URL was checked, fetched with
    /// the headers of `api` (its `user-agent`; no credential of the API
    /// goes to the token server).
    pub(crate) fn new(settings: OAuth2, api: &Api) -> Result<OAuth2Tokens, Error> {
        const SETTING: &str = "oauth2";
        let user_agent = api.headers().get("user-agent").map(str::to_owned);
        let credentials = format!(
            "{}:{}",
            form_encode(&settings.client_id),
            form_encode(settings.client_secret.expose())
        );
        let mut headers = json!({
            "accept": "application/json",
            "content-type": "application/x-www-form-urlencoded",
            "authorization": format!("Basic {}", base64::standard(credentials.as_bytes())),
        });
        if let Some(user_agent) = user_agent {
            headers["user-agent"] = Value::String(user_agent);
        }
        let request = Endpoint::default()
            .endpoint(
                &format!("POST {}", settings.token_url),
                json!({"headers": headers}),
            )
            .map_err(|error| {
                Error::config(SETTING, format!("cannot build the token request: {error}"))
            })?;
        Ok(OAuth2Tokens {
            refresh_token: Mutex::new(settings.refresh_token.clone()),
            settings,
            request,
        })
    }

    /// An [`Error::Authentication`] of the token request.
    fn failure(&self, reason: impl fmt::Display) -> Error {
        Error::Authentication {
            url: self.settings.token_url.clone(),
            reason: format!("POST {}: {reason}", self.settings.token_url),
            answer: None,
        }
    }

    fn refresh_token(&self) -> std::sync::MutexGuard<'_, Option<Secret>> {
        self.refresh_token
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

impl fmt::Debug for OAuth2Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.settings.fmt(f)
    }
}

impl Issuer for OAuth2Tokens {
    fn issue(&self, _: SystemTime) -> Result<Issue, Error> {
        let mut form = format!("grant_type={}", self.settings.grant());
        if let Some(refresh_token) = &*self.refresh_token() {
            form.push_str("&refresh_token=");
            form.push_str(&form_encode(refresh_token.expose()));
        }
        if let Some(scope) = &self.settings.scope {
            form.push_str("&scope=");
            form.push_str(&form_encode(scope));
        }
        let mut request = self.request.clone();
        // Built without a body: its `content-length: 0` is not this one's.
        request.headers.remove("content-length");
        request.body = Some(endpoint_runtime::Body::Text(form));
        Ok(Issue::Request(Box::new(Exchange::new(request)?)))
    }

    fn issued(&self, answer: Answer) -> Result<Issued, Error> {
        let grant = self.settings.grant();
        if !answer.status.is_success() {
            // RFC 6749, section 5.2: `error`, `error_description`.
            #[derive(Deserialize)]
            struct Refusal {
                error: Option<String>,
                error_description: Option<String>,
            }
            let refusal = serde_json::from_slice::<Refusal>(&answer.body).ok();
            let what = refusal
                .map(|refusal| {
                    let mut what = refusal.error.unwrap_or_default();
                    if let Some(description) = refusal.error_description {
                        what.push_str(": ");
                        what.push_str(&description);
                    }
                    what
                })
                .filter(|what| !what.is_empty())
                .unwrap_or_else(|| "no OAuth 2 error named".to_owned());
            // A token server's error is OAuth's (RFC 6749, section 5.2),
            // whatever the API's own look like.
            let explanation = Explanation::read(&answer.body);
            let refused = ApiError::new(
                answer.method,
                self.settings.token_url.clone(),
                answer.status,
                answer.headers,
                answer.body,
                explanation,
            );
            return Err(Error::Authentication {
                url: self.settings.token_url.clone(),
                reason: format!(
                    "POST {}: the token server refused the {grant} grant of client `{}`: {}: {}",
                    self.settings.token_url,
                    self.settings.client_id.escape_debug(),
                    refused.status,
                    what.escape_debug(),
                ),
                answer: Some(Box::new(refused)),
            });
        }
        // RFC 6749, section 5.1.
        #[derive(Deserialize)]
        struct Issued_ {
            access_token: String,
            token_type: String,
            expires_in: Option<Value>,
            refresh_token: Option<String>,
        }
        let issued: Issued_ = serde_json::from_slice(&answer.body).map_err(|error| {
            // serde's message names a missing field or the wrong type; it
            // quotes no string value of the body, where the token is.
            self.failure(match error.classify() {
                serde_json::error::Category::Data => format!(
                    "the answer ({}) is not an access token: {error}",
                    answer.status
                ),
                _ => format!("the answer ({}) is not JSON", answer.status),
            })
        })?;
        if !issued.token_type.eq_ignore_ascii_case("bearer") {
            return Err(self.failure(format!(
                "the token's `token_type` is `{}`, not `Bearer`",
                issued.token_type.escape_debug()
            )));
        }
        // A number of seconds; some servers write it as a string.
        let valid_for = match &issued.expires_in {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) => Some(n.as_u64().or_else(|| {
                n.as_f64()
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map(|s| s as u64)
            })),
            Some(Value::String(s)) => Some(s.trim().parse::<u64>().ok()),
            Some(_) => Some(None),
        }
        .map(|seconds| {
            seconds
                .map(|s| Duration::from_secs(s).min(MAX_SCHEDULED_VALIDITY))
                .ok_or_else(|| self.failure("the token's `expires_in` is not a number of seconds"))
        })
        .transpose()?;
        let header = Issued::bearer(&issued.access_token).ok_or_else(|| {
            self.failure("the `access_token` is empty or not a valid header value")
        })?;
        if let Some(next) = issued
            .refresh_token
            .filter(|token| !token.trim().is_empty())
        {
            *self.refresh_token() = Some(Secret::new(next));
        }
        Ok(Issued {
            header,
            valid_for,
            received: answer.received,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: u64) -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(seconds)
    }

    #[test]
    fn tokens_are_refreshed_a_quarter_before_they_expire_at_most_five_minutes() {
        let hour = schedule(at(0), Duration::from_secs(3_600));
        assert_eq!(hour, (at(3_300), at(3_570)));
        let short = schedule(at(0), Duration::from_secs(2));
        assert_eq!(
            short,
            (
                at(0) + Duration::from_millis(1_500),
                at(0) + Duration::from_millis(1_800)
            )
        );
    }

    #[test]
    fn debug_shows_no_secret() {
        let oauth = OAuth2::refresh_token("https://auth.example/token", "id", "s3cr3t", "r3fr3sh");
        let text = format!("{oauth:?}");
        assert!(
            !text.contains("s3cr3t") && !text.contains("r3fr3sh"),
            "{text}"
        );
        assert!(text.contains("refresh_token"), "{text}");
        let key = ApiKey::cookie("session", "c00k13");
        assert!(!format!("{key:?}").contains("c00k13"));
    }
}
