//! The typed configuration of a client: [`ClientBuilder`], shared by both
//! backends.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use super::auth::{ApiKey, MakeCredentials, OAuth2, TokenSource};
use super::cache::Cache;
use super::call::{Limiter, Policy};
use super::clock::Clock;
use super::event::{Event, Hook};
use super::policy::{ApiPolicy, IetfPolicy};
use super::retry::Retry;
use super::server::Server;
use super::throttle::RateLimits;

mod build;
use endpoint_runtime::model::Pagination;
use endpoint_runtime::sibling::{REDACTED, redact_userinfo, shown_header_value};

/// The `user-agent` a client built by a [`ClientBuilder`] sends unless
/// told otherwise: the runtime's [`USER_AGENT`](endpoint_runtime::USER_AGENT)
/// (`endpoint-runtime/0.1.0`), the one a request built without a client
/// carries, so that both name the same software.
pub const DEFAULT_USER_AGENT: &str = endpoint_runtime::USER_AGENT;

/// How long a client waits for a whole request (each request of a
/// redirect or of a page), unless told otherwise
/// ([`ClientBuilder::timeout`]).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The longest one call of a client takes in all, unless told otherwise
/// ([`ClientBuilder::deadline`]): every request (each redirect, each
/// retry), every backoff and every wait for a rate limit of one `send`,
/// `execute` or page of `paginate`. Five minutes: room for the defaults'
/// worst case of failures (4 tries of [`DEFAULT_TIMEOUT`], and the backoffs
/// between them, at most 1 + 2 + 4 s: 247 s); a wait for a rate limit (up
/// to 5 minutes by default) is taken when the time left holds it and a
/// request after it, and otherwise the call ends with the refusal.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(300);

/// How long a client waits for a connection, unless told otherwise
/// ([`ClientBuilder::connect_timeout`]).
pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The settings of the HTTP transport under a client: timeouts and proxy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Transport {
    pub(crate) timeout: Duration,
    pub(crate) deadline: Duration,
    pub(crate) connect_timeout: Duration,
    pub(crate) no_proxy: bool,
}

impl Default for Transport {
    fn default() -> Self {
        Transport {
            timeout: DEFAULT_TIMEOUT,
            deadline: DEFAULT_DEADLINE,
            connect_timeout: DEFAULT_CONNECT_TIMEOUT,
            no_proxy: false,
        }
    }
}

/// Credentials sent in the `authorization` header.
#[derive(Clone)]
enum Auth {
    /// `Bearer <token>`, set by the setting named here (`token`, `bearer`).
    Bearer(&'static str, String),
    /// `Basic <base64(user:password)>`.
    Basic(String, String),
}

/// Tokens the client fetches again when they expire.
#[derive(Clone)]
enum Tokens {
    /// A token source of one's own.
    Source(Arc<dyn TokenSource>),
    /// An OAuth 2 client's grant.
    OAuth2(OAuth2),
    /// Credentials made at `build()`, by the setting named (`github_app`).
    #[cfg_attr(not(feature = "app"), allow(dead_code))]
    Made(&'static str, Arc<dyn MakeCredentials>),
}

impl fmt::Debug for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tokens::Source(_) => f.write_str("TokenSource"),
            Tokens::OAuth2(oauth2) => oauth2.fmt(f),
            Tokens::Made(setting, made) => write!(f, "{setting}({made:?})"),
        }
    }
}

/// The typed configuration of a client, for either backend: the API's base
/// URL, credentials and headers, and timeouts. Made by `Client::builder()`
/// or `Client::github()` of [`ureq`](super::ureq::Client::builder) and
/// [`reqwest`](super::reqwest::Client::builder); `build()` checks every
/// setting and makes the client.
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::ureq::Client;
///
/// // GitHub, with a token.
/// let github = Client::github().token("ghp_…").build()?;
///
/// // GitHub Enterprise Server: https://HOST/api/v3, uploads on https://HOST/api/uploads.
/// let ghe = Client::builder().github_enterprise("ghe.example.com").token("ghp_…").build()?;
///
/// // Any other API: JSON, no GitHub header.
/// let pets = Client::builder()
///     .base_url("https://pets.example.com/v1")
///     .bearer("s3cr3t")
///     .header("x-tenant", "shop-42")
///     .build()?;
/// # }
/// # Ok::<(), endpoint::client::Error>(())
/// ```
///
/// # Which API
///
/// No API is the default: a builder must be told where to send, with
/// [`base_url`](Self::base_url) or [`server`](Self::server) (any API), or
/// be made for one API (e.g. `Client::github()`), and `build()` fails
/// otherwise. A route written for one API then never goes to another by
/// mistake, with its token or its media type. The API's rules are its
/// [`policy`](Self::policy), chosen by the builder and never by the base
/// URL: `Client::github()` followed by `base_url(…)` keeps GitHub's rules
/// and headers for another host (a proxy, a test server), and a plain
/// builder follows the neutral rules whatever its base URL.
///
/// # Safety of the settings
///
/// Every setting becomes a header, the base URL or a server of the
/// client's [`Endpoint`](endpoint_runtime::Endpoint), never a default *parameter* (which the spec sends
/// in URLs and bodies), and the endpoint refuses to send credentials to any
/// origin but the base URL's and a typed route's server's
/// ([`Endpoint::with_credential_host_check`](endpoint_runtime::Endpoint::with_credential_host_check)); the client refuses to send
/// them to any but the base URL's and the servers', whatever endpoint it is
/// given later. Every header value
/// but those of the shown headers (`accept`, `user-agent`, `content-type`,
/// an API's version header…) is a credential: `Debug` shows no credential
/// (not the token, not the password, no such header value, and no user
/// information of a URL), and neither do the errors of `build()`.
///
/// The builder takes settings in any order and checks them all at
/// `build()`, whose error names the setting that is wrong
/// ([`Error::Config`](crate::Error::Config)).
pub struct ClientBuilder<C> {
    /// The base URL and the setting that gave it (`base_url`, or that of
    /// a builder for an API: `github`…).
    base_url: Option<(String, &'static str)>,
    /// The servers routes declare and the URLs to send them to instead,
    /// with the setting that gave each (`operation_server`); a server of
    /// `None` is the one the policy's upload routes declare
    /// ([`ApiPolicy::uploads_server`]).
    servers: Vec<(Option<String>, String, &'static str)>,
    /// The host the base URL was made of, by the setting that gave the
    /// base URL (`github_enterprise`): checked as a host name.
    host: Option<String>,
    auth: Option<Auth>,
    /// The server of a description, and the values chosen for its
    /// variables: the base URL, unless `base_url` came after.
    server: Option<(Server, Vec<(String, String)>)>,
    api_keys: Vec<ApiKey>,
    tokens: Option<Tokens>,
    user_agent: Option<String>,
    api_version: Option<String>,
    accept: Option<String>,
    headers: Vec<(String, String)>,
    transport: Transport,
    /// The API's rules; `None`: the neutral ones ([`IetfPolicy`]).
    policy: Option<Arc<dyn ApiPolicy>>,
    /// `None`: the policy's ([`Retry::default`], with keys made for the
    /// policy's idempotency header when it names one).
    retry: Option<Retry>,
    /// `None`: the policy's ([`ApiPolicy::rate_limits`]).
    rate_limits: Option<RateLimits>,
    cache: Option<Arc<dyn Cache>>,
    hook: Option<Hook>,
    /// `None`: the policy's (`Link` headers unless it says otherwise).
    pagination: Option<Pagination>,
    /// The most pages one walk requests; `None`: no bound.
    max_pages: Option<usize>,
    clock: Clock,
    client: PhantomData<fn() -> C>,
}

impl<C> Clone for ClientBuilder<C> {
    fn clone(&self) -> Self {
        ClientBuilder {
            base_url: self.base_url.clone(),
            servers: self.servers.clone(),
            host: self.host.clone(),
            auth: self.auth.clone(),
            server: self.server.clone(),
            api_keys: self.api_keys.clone(),
            tokens: self.tokens.clone(),
            user_agent: self.user_agent.clone(),
            api_version: self.api_version.clone(),
            accept: self.accept.clone(),
            headers: self.headers.clone(),
            transport: self.transport.clone(),
            policy: self.policy.clone(),
            retry: self.retry.clone(),
            rate_limits: self.rate_limits.clone(),
            cache: self.cache.clone(),
            hook: self.hook.clone(),
            pagination: self.pagination,
            max_pages: self.max_pages,
            clock: self.clock.clone(),
            client: PhantomData,
        }
    }
}

impl<C> Default for ClientBuilder<C> {
    fn default() -> Self {
        ClientBuilder {
            base_url: None,
            servers: Vec::new(),
            host: None,
            auth: None,
            server: None,
            api_keys: Vec::new(),
            tokens: None,
            user_agent: None,
            api_version: None,
            accept: None,
            headers: Vec::new(),
            transport: Transport::default(),
            policy: None,
            retry: None,
            rate_limits: None,
            cache: None,
            hook: None,
            pagination: None,
            max_pages: Some(crate::limits::DEFAULT_MAX_PAGES),
            clock: Clock::system(),
            client: PhantomData,
        }
    }
}

impl<C> fmt::Debug for ClientBuilder<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let auth = self.auth.as_ref().map(|auth| match auth {
            Auth::Bearer(..) => format!("Bearer {REDACTED}"),
            Auth::Basic(user, _) => format!("Basic {user}:{REDACTED}"),
        });
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(name, value)| (name.as_str(), shown_header_value(name, value)))
            .collect();
        let mut debug = f.debug_struct("ClientBuilder");
        debug
            .field(
                "base_url",
                &self.base_url.as_ref().map(|(url, _)| redact_userinfo(url)),
            )
            .field(
                "operation_servers",
                &self
                    .servers
                    .iter()
                    .map(|(declared, url, _)| {
                        let declared = declared.as_deref().unwrap_or("the API's uploads server");
                        (redact_userinfo(declared), redact_userinfo(url))
                    })
                    .collect::<Vec<_>>(),
            )
            .field("server", &self.server)
            .field("auth", &auth)
            .field("api_keys", &self.api_keys)
            .field("tokens", &self.tokens)
            .field("user_agent", &self.user_agent)
            .field("api_version", &self.api_version)
            .field("accept", &self.accept)
            .field("headers", &headers)
            .field("timeout", &self.transport.timeout)
            .field("deadline", &self.transport.deadline)
            .field("connect_timeout", &self.transport.connect_timeout)
            .field("no_proxy", &self.transport.no_proxy)
            .field("policy", &self.api_in_force())
            .field("retry", &self.retry_in_force())
            .field("rate_limits", &self.rate_limits_in_force())
            .field("cache", &self.cache)
            .field("on_event", &self.hook.is_some())
            .field("pagination", &self.pagination_in_force())
            .field("max_pages", &self.max_pages)
            .field("clock", &self.clock);
        debug.finish()
    }
}

impl<C> ClientBuilder<C> {
    /// A builder with nothing set: `build()` needs a base URL
    /// ([`base_url`](Self::base_url), [`server`](Self::server), or that of
    /// a builder for an API, e.g. `Client::github()`).
    pub fn new() -> Self {
        Self::default()
    }

    /// The builder of a client of an API whose rules are `policy`, at
    /// `base_url` (its uploads server sent to `uploads_url`, when given:
    /// [`ApiPolicy::uploads_server`]), made of `host` when given, by the
    /// setting named `setting` (`github`…): what a builder for one API
    /// (e.g. `Client::github()`) sets.
    pub(crate) fn for_api(
        mut self,
        policy: Arc<dyn ApiPolicy>,
        base_url: String,
        uploads_url: Option<String>,
        host: Option<String>,
        setting: &'static str,
    ) -> Self {
        self.policy = Some(policy);
        self.base_url = Some((base_url, setting));
        self.host = host;
        self.servers.retain(|(declared, ..)| declared.is_some());
        match uploads_url {
            Some(url) => self.uploads_to(url, setting),
            None => self,
        }
    }

    /// Sends the routes of the server the policy's upload routes declare
    /// ([`ApiPolicy::uploads_server`]) to `url`, by the setting named
    /// `setting` (`uploads_url`, `github_enterprise`…), instead of any
    /// earlier such setting; first, so that an `operation_server` for the
    /// same server, in any order, prevails.
    pub(crate) fn uploads_to(mut self, url: String, setting: &'static str) -> Self {
        self.servers.retain(|(declared, ..)| declared.is_some());
        self.servers.insert(0, (None, url, setting));
        self
    }

    /// Sends to the API at `url`: an absolute `http://` or `https://` URL
    /// with a host and no query, fragment or user info
    /// (`https://pets.example.com/v1`); a trailing `/` is dropped. Routes
    /// are appended to it (`GET /stores/{id}` →
    /// `https://pets.example.com/v1/stores/42`).
    ///
    /// The client follows its API's [`policy`](Self::policy): the neutral
    /// one unless set (`accept: application/json`), or that of a builder
    /// for the API (e.g. `Client::github()`), whose headers it keeps.
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = Some((url.into(), "base_url"));
        self.server = None;
        self.host = None;
        self
    }

    /// Sends to `server`, a server of the API's description, its variables
    /// given the `values` chosen here and their defaults otherwise: the
    /// base URL, checked as [`base_url`](Self::base_url)'s, whose origin the
    /// credentials go to.
    ///
    /// ```
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{Server, ureq::Client};
    ///
    /// let server = Server::new("https://{region}.api.example.com/v1").one_of("region", "us", ["us", "eu"]);
    /// let endpoint = Client::builder().server(server.clone(), [("region", "eu")]).build_endpoint()?;
    /// assert_eq!(endpoint.endpoint("GET /pets", ())?.url, "https://eu.api.example.com/v1/pets");
    ///
    /// // A value the description does not allow: an error naming the variable.
    /// let error = Client::builder().server(server, [("region", "mars")]).build().unwrap_err();
    /// assert!(error.to_string().contains("the variable `region` is `mars`, not one of `us`, `eu`"));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn server<K: Into<String>, V: Into<String>>(
        mut self,
        server: Server,
        values: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        let values = values
            .into_iter()
            .map(|(name, value)| (name.into(), value.into()))
            .collect();
        self.server = Some((server, values));
        self.base_url = None;
        self.host = None;
        self
    }

    /// Sends the typed routes that declare the server `declared` (their
    /// `#[endpoint(server = "…")]`: an operation's own server in an API's
    /// description) to `url` instead: a test server, a proxy. `url` is
    /// checked as [`base_url`](Self::base_url), or is a path (`/v2`) on the
    /// base URL's host; see [`Endpoint::with_server`](endpoint_runtime::Endpoint::with_server). The credentials go
    /// there, as to the base URL. [`uploads_url`](Self::uploads_url) is
    /// this setting for the server of an API's upload routes (GitHub's).
    ///
    /// ```
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::ureq::Client;
    /// use endpoint::endpoint;
    ///
    /// endpoint! {
    ///     #[endpoint(server = "https://files.example.com")]
    ///     pub struct PutFile = "PUT /files/{name}";
    /// }
    ///
    /// let endpoint = Client::builder()
    ///     .base_url("https://api.example.com")
    ///     .operation_server("https://files.example.com", "https://files.test.example")
    ///     .build_endpoint()?;
    /// let request = PutFile { name: "a.txt".into() }.to_request_with(&endpoint)?;
    /// assert_eq!(request.url, "https://files.test.example/files/a.txt");
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn operation_server(mut self, declared: impl Into<String>, url: impl Into<String>) -> Self {
        let declared = Some(declared.into());
        self.servers
            .push((declared, url.into(), "operation_server"));
        self
    }

    /// Authenticates with a token: `authorization: Bearer <token>`, the
    /// same as [`bearer`](Self::bearer).
    ///
    /// Most APIs accept `Bearer` for every kind of token they issue (e.g.
    /// `Client::github()`: personal access tokens, OAuth and installation
    /// tokens, the JSON Web Tokens of Apps). Leading and trailing white
    /// space is dropped; an empty token is an error.
    pub fn token(mut self, token: impl Into<String>) -> Self {
        self.auth = Some(Auth::Bearer("token", token.into()));
        self
    }

    /// Authenticates with `authorization: Bearer <token>`.
    pub fn bearer(mut self, token: impl Into<String>) -> Self {
        self.auth = Some(Auth::Bearer("bearer", token.into()));
        self
    }

    /// Authenticates with `authorization: Basic <base64(user:password)>`
    /// (RFC 7617). The user name must not hold a `:`.
    pub fn basic(mut self, user: impl Into<String>, password: impl Into<String>) -> Self {
        self.auth = Some(Auth::Basic(user.into(), password.into()));
        self
    }

    /// Sends an API key with every request to the API's origins: in a
    /// header, the query or a cookie ([`ApiKey`]), as the description's
    /// `apiKey` security scheme says. A client may send several (a key of
    /// the same place and name replaces the one before), besides its other
    /// credentials.
    ///
    /// A key in the query is added to each request as it leaves, and only
    /// to a request to the API's origins: no URL an error, an event, a
    /// page's cursor or a `Debug` text shows holds it, and a redirect or a
    /// next page on another origin goes without it. `build()` checks the
    /// name and the key: an error names the setting `api_key` and the
    /// header, parameter or cookie, never the key.
    ///
    /// ```
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{ApiKey, ureq::Client};
    ///
    /// let builder = Client::builder()
    ///     .base_url("https://api.example.com/v1")
    ///     .api_key(ApiKey::header("X-Api-Key", "k3y"))
    ///     .api_key(ApiKey::cookie("session", "c00k13"));
    /// let request = builder.build_endpoint()?.endpoint("GET /pets", ())?;
    /// assert_eq!(request.headers.get("x-api-key"), Some("k3y"));
    /// assert_eq!(request.headers.get("cookie"), Some("session=c00k13"));
    /// assert!(!format!("{builder:?}").contains("k3y"));
    ///
    /// let error = Client::builder()
    ///     .base_url("https://api.example.com/v1")
    ///     .api_key(ApiKey::cookie("session", "a;b"))
    ///     .build()
    ///     .unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "invalid client setting `api_key`: the key of cookie `session` holds a character a cookie cannot"
    /// );
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn api_key(mut self, key: ApiKey) -> Self {
        self.api_keys
            .retain(|other| (other.place, &other.name) != (key.place, &key.name));
        self.api_keys.push(key);
        self
    }

    /// Authenticates with the tokens of `source`, sent as
    /// `authorization: Bearer <token>` to the API's origins, fetched again
    /// shortly before they expire and once after a `401` ([`TokenSource`]).
    /// Another way of authenticating set as well is an [`Error::Config`](crate::Error::Config).
    pub fn token_source(mut self, source: impl TokenSource + 'static) -> Self {
        self.tokens = Some(Tokens::Source(Arc::new(source)));
        self
    }

    /// Authenticates with the access tokens of an OAuth 2 client (the
    /// client credentials grant or a refresh token, [`OAuth2`]), fetched
    /// from its token URL by the client itself, with its retries and
    /// within the deadline of the call that needs one; one fetch at a time
    /// for all of the client's calls, threads and clones. A token the
    /// server will not give is an [`Error::Authentication`](crate::Error::Authentication) naming the
    /// token URL, the grant, and the server's `error`. Another way of
    /// authenticating set as well is an [`Error::Config`](crate::Error::Config) of `oauth2`.
    pub fn oauth2(mut self, oauth2: OAuth2) -> Self {
        self.tokens = Some(Tokens::OAuth2(oauth2));
        self
    }

    /// Authenticates with the credentials `made` makes at `build()`, by
    /// the setting named `setting` (a builder setting of an API's own:
    /// `github_app`), replacing any other tokens set.
    #[cfg_attr(not(feature = "app"), allow(dead_code))]
    pub(crate) fn tokens_made(
        mut self,
        setting: &'static str,
        made: impl MakeCredentials + 'static,
    ) -> Self {
        self.tokens = Some(Tokens::Made(setting, Arc::new(made)));
        self
    }

    /// The `user-agent` header; [`DEFAULT_USER_AGENT`] unless set. Some
    /// APIs ask for one naming the application.
    pub fn user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = Some(user_agent.into());
        self
    }

    /// The version of the API the requests are written for, in the header
    /// the API's policy names ([`ApiPolicy::version_header`]: e.g.
    /// `Client::github()`'s `x-github-api-version`), instead of the
    /// policy's default. For an API whose policy names none, an
    /// [`Error::Config`](crate::Error::Config) of `api_version` at `build()`: name its version
    /// header with [`header`](Self::header).
    pub fn api_version(mut self, version: impl Into<String>) -> Self {
        self.api_version = Some(version.into());
        self
    }

    /// The `accept` header, unless set the policy's
    /// ([`ApiPolicy::headers`]): [`DEFAULT_JSON_ACCEPT`](super::DEFAULT_JSON_ACCEPT) unless it says
    /// another (e.g. `Client::github()`'s `application/vnd.github.v3+json`).
    pub fn accept(mut self, accept: impl Into<String>) -> Self {
        self.accept = Some(accept.into());
        self
    }

    /// One more header for every request (a name and a value HTTP allows,
    /// checked at `build()`). It overrides what the other settings give the
    /// same header; a later call for the same name replaces an earlier one.
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        let name = name.into().to_ascii_lowercase();
        self.headers.retain(|(other, _)| *other != name);
        self.headers.push((name, value.into()));
        self
    }

    /// The longest a request may take, from connecting to the last byte of
    /// its answer ([`DEFAULT_TIMEOUT`] unless set). Each request of a call
    /// (a redirect, a page) has its own, cut to the time left before the
    /// call's [`deadline`](Self::deadline). Zero is an error.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.transport.timeout = timeout;
        self
    }

    /// The longest one call may take in all ([`DEFAULT_DEADLINE`] unless
    /// set): a `send`, an `execute`, a page of a walk (`paginate`), with
    /// every request (redirects, retries, a token refresh), every backoff
    /// and every wait for a rate limit it takes. A call never starts a wait
    /// or a retry that would end past its deadline: it ends with the error
    /// or the refusal it has, as an [`Error::GaveUp`](crate::Error::GaveUp) that says so; and
    /// each request's [`timeout`](Self::timeout) is cut to the time left.
    /// Zero is an error.
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::ureq::Client;
    /// use std::time::Duration;
    ///
    /// // An interactive tool: a call answers within 20 s, or fails.
    /// let client = Client::github().deadline(Duration::from_secs(20)).build()?;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn deadline(mut self, deadline: Duration) -> Self {
        self.transport.deadline = deadline;
        self
    }

    /// The longest connecting may take ([`DEFAULT_CONNECT_TIMEOUT`] unless
    /// set). Zero is an error.
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.transport.connect_timeout = timeout;
        self
    }

    /// Connects directly, even when the environment names a proxy
    /// (`HTTPS_PROXY`, `ALL_PROXY`…).
    pub fn no_proxy(mut self) -> Self {
        self.transport.no_proxy = true;
        self
    }

    /// How the API's lists page ([`Pagination`]): what a walk
    /// (`paginate`, its items and pages) and its cursors follow, for every route without a
    /// scheme of its own (`#[endpoint(paginate = …)]`, or a generated
    /// crate's, which wins over this one: a client's routes may page in
    /// different ways). Unless told, the policy's: `Link: <…>; rel="next"`
    /// headers unless it says otherwise.
    ///
    /// To replace a route's own scheme (a generated one that does not fit
    /// the server), set it on the walk: `client.paginate(&route).pagination(…)`,
    /// which wins over the route's and this one.
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{Pagination, ureq::Client};
    ///
    /// let stripe = Client::builder()
    ///     .base_url("https://api.stripe.com/v1")
    ///     .pagination(Pagination::after_last_item("starting_after", "/id", "/has_more").items("/data"))
    ///     .build()?;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn pagination(mut self, pagination: Pagination) -> Self {
        self.pagination = Some(pagination);
        self
    }

    /// The most pages one walk of `paginate` or `paginate_request` (its
    /// items or its pages) requests, or no bound for `None`:
    /// [`DEFAULT_MAX_PAGES`](crate::DEFAULT_MAX_PAGES) unless told, and at
    /// least one. The walk that reaches it ends with an
    /// [`Error::Paging`](crate::Error::Paging) saying so, after every item of the pages read; its
    /// cursor resumes at the page not fetched. A walk's own `max_pages(…)`
    /// wins over this one.
    ///
    /// The bound is a guard against a server that would keep answering new
    /// pages for ever (one that ignores the page parameter and answers
    /// items in another order each time): the walk stops by itself at a
    /// link back to a page requested already, at a page that repeats the
    /// items of the one before, and after
    /// [`MAX_EMPTY_PAGES`](crate::MAX_EMPTY_PAGES) empty pages in a row.
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::ureq::Client;
    ///
    /// // A list of a million items, 100 a page.
    /// let big = Client::builder().base_url("https://api.example.com").max_pages(20_000).build()?;
    /// // No bound at all.
    /// let unbounded = Client::builder().base_url("https://api.example.com").max_pages(None).build()?;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn max_pages(mut self, max_pages: impl Into<Option<usize>>) -> Self {
        self.max_pages = max_pages.into().map(|max| max.max(1));
        self
    }

    /// The rules of the API ([`ApiPolicy`]): how its answers report and
    /// refuse rate limits, which quota a request counts against and which
    /// are spaced, which answers may be retried, the header of its
    /// idempotency keys, how its error bodies read and its lists page, the
    /// headers every request carries. Unless set, that of a builder for
    /// the API (e.g. `Client::github()`), else [`IetfPolicy`]. The
    /// settings of
    /// [`retry`](Self::retry), [`rate_limits`](Self::rate_limits) and
    /// [`pagination`](Self::pagination) win over the policy's defaults.
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{StripePolicy, ureq::Client};
    ///
    /// // Every POST gets an `Idempotency-Key`, the same on each try, and may
    /// // be retried; lists page by `has_more` and `starting_after`.
    /// let stripe = Client::builder()
    ///     .base_url("https://api.stripe.com")
    ///     .bearer("sk_test_…")
    ///     .policy(StripePolicy)
    ///     .build()?;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn policy(mut self, policy: impl ApiPolicy) -> Self {
        self.policy = Some(Arc::new(policy));
        self
    }

    /// How requests that failed for a reason that may pass are sent again
    /// ([`Retry::default`] unless set: 3 retries with exponential backoff;
    /// [`Retry::never`] for none).
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{Retry, ureq::Client};
    /// use std::time::Duration;
    ///
    /// let client = Client::github()
    ///     .retry(Retry::default().max_retries(5).base_delay(Duration::from_millis(500)))
    ///     .build()?;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn retry(mut self, retry: Retry) -> Self {
        self.retry = Some(retry);
        self
    }

    /// How rate limits are honoured: the policy's
    /// ([`ApiPolicy::rate_limits`], [`RateLimits::default`] unless it says
    /// otherwise), unless set; [`RateLimits::off`] for nothing. Which
    /// quota a request counts against and which requests are spaced is
    /// the policy's ([`ApiPolicy::lane`]).
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{RateLimits, ureq::Client};
    /// use std::time::Duration;
    ///
    /// // Wait up to an hour for a spent quota, rather than failing after 5 minutes.
    /// let client = Client::github()
    ///     .rate_limits(RateLimits::default().max_wait(Duration::from_secs(3600)))
    ///     .build()?;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn rate_limits(mut self, limits: RateLimits) -> Self {
        self.rate_limits = Some(limits);
        self
    }

    /// Makes `GET` requests conditional: answers with an `ETag` or a
    /// `Last-Modified` are kept in `cache`, asked for again with
    /// `If-None-Match` / `If-Modified-Since`, and a `304` is answered from
    /// the cache ([`Cache`]). Off unless set.
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{MemoryCache, ureq::Client};
    ///
    /// let client = Client::github().cache(MemoryCache::new(64 << 20)).build()?;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn cache(mut self, cache: impl Cache + 'static) -> Self {
        self.cache = Some(Arc::new(cache));
        self
    }

    /// Calls `hook` with each wait and retry the client takes on its own
    /// ([`Event`]), before it happens.
    pub fn on_event(mut self, hook: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.hook = Some(Arc::new(hook));
        self
    }

    /// The clock the client reads the time by and waits on
    /// ([`Clock::system`] unless set): a [`Clock::manual`] one makes the
    /// tests of a program's waits, rate limits and token expiry take no
    /// time, and their waits exact.
    ///
    /// ```
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{Clock, ureq::Client};
    ///
    /// let clock = Clock::manual();
    /// let client = Client::builder().base_url("http://127.0.0.1:8080").clock(clock.clone()).build()?;
    /// # let _ = client;
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// The API's rules: the policy set (by `policy`, or a builder for the
    /// API), else the neutral ones.
    fn api_in_force(&self) -> Arc<dyn ApiPolicy> {
        match &self.policy {
            Some(policy) => Arc::clone(policy),
            None => Arc::new(IetfPolicy),
        }
    }

    /// The retry settings in force: those set, else the defaults, making
    /// keys for the policy's idempotency header when it names one.
    fn retry_in_force(&self) -> Retry {
        if let Some(retry) = &self.retry {
            return retry.clone();
        }
        match self.api_in_force().idempotency_header() {
            Some(header) => Retry::default()
                .idempotency_header(header)
                .generate_idempotency_keys(true),
            None => Retry::default(),
        }
    }

    /// The rate-limit settings in force: those set, else the policy's.
    fn rate_limits_in_force(&self) -> RateLimits {
        match &self.rate_limits {
            Some(limits) => limits.clone(),
            None => self.api_in_force().rate_limits(),
        }
    }

    /// The pagination in force: the one set, else the policy's.
    fn pagination_in_force(&self) -> Pagination {
        self.pagination
            .unwrap_or_else(|| self.api_in_force().pagination())
    }

    /// The policy of the client these settings make: a new rate-limit
    /// state (unless the settings name a store), their cache and hook.
    pub(crate) fn call_policy(&self) -> Policy {
        Policy {
            retry: self.retry_in_force(),
            limits: Limiter::new(self.rate_limits_in_force()),
            cache: self.cache.clone(),
            hook: self.hook.clone(),
            credentials: None,
            deadline: Some(self.transport.deadline),
            timeout: Some(self.transport.timeout),
            api: self.api_in_force(),
            origins: Arc::default(),
            pagination: self.pagination_in_force(),
            max_pages: self.max_pages,
            query_keys: Arc::default(),
            clock: self.clock.clone(),
        }
    }

    /// The transport settings.
    pub(crate) fn transport(&self) -> &Transport {
        &self.transport
    }
}

#[cfg(test)]
mod tests {
    use super::build::checked_url;
    use super::*;
    use crate::error::Error;
    use crate::policy::DEFAULT_JSON_ACCEPT;
    use crate::stripe::StripePolicy;
    use endpoint_runtime::Endpoint;

    #[test]
    fn the_policy_is_the_builders_never_the_base_urls() {
        let headers = |builder: &ClientBuilder<()>| {
            let endpoint = builder.build_endpoint().unwrap();
            let request = endpoint.endpoint("GET /x", serde_json::json!({})).unwrap();
            let get = |name: &str| request.headers.get(name).map(str::to_owned);
            (get("accept"), get("x-github-api-version"))
        };
        let policy = |builder: &ClientBuilder<()>| format!("{:?}", builder.call_policy().api);
        // GitHub's base URL given to a plain builder: the neutral rules
        // and headers.
        let plain = ClientBuilder::<()>::new().base_url("https://api.github.com");
        assert_eq!(policy(&plain), "IetfPolicy");
        assert_eq!(headers(&plain), (Some(DEFAULT_JSON_ACCEPT.into()), None));
        // A builder for GitHub keeps its rules on any host; a policy given
        // later wins.
        let github = ClientBuilder::<()>::new()
            .github()
            .base_url("http://127.0.0.1:9");
        assert_eq!(policy(&github), "GitHubPolicy");
        assert_eq!(
            headers(&github),
            (
                Some("application/vnd.github.v3+json".into()),
                Some("2022-11-28".into())
            )
        );
        let stripe = github.clone().policy(StripePolicy);
        assert_eq!(policy(&stripe), "StripePolicy");
        assert_eq!(headers(&stripe), (Some(DEFAULT_JSON_ACCEPT.into()), None));
        // A client made from an endpoint, whatever its base URL.
        let endpoint = Endpoint::default()
            .defaults(serde_json::json!({"baseUrl": "https://api.github.com"}))
            .unwrap();
        assert_eq!(
            format!("{:?}", Policy::none(endpoint.api()).api),
            "IetfPolicy"
        );
        // A version for an API whose policy names no version header.
        let error = plain.clone().api_version("2024-01-01").build_endpoint();
        assert!(
            matches!(
                error,
                Err(Error::Config {
                    setting: "api_version",
                    ..
                })
            ),
            "{error:?}"
        );
        let versioned = github.api_version("2026-03-10");
        assert_eq!(headers(&versioned).1.as_deref(), Some("2026-03-10"));
    }

    #[test]
    fn urls_are_checked() {
        assert_eq!(
            checked_url("base_url", "https://x.example/v1/").unwrap(),
            "https://x.example/v1"
        );
        for (url, reason) in [
            ("x.example/v1", "has no scheme"),
            ("ftp://x.example", "is not http(s)"),
            ("https://x.example/?a=1", "has a query"),
            ("https://x.example/#top", "has a fragment"),
            ("https://u:p@x.example/", "has user info"),
            ("https:///v1", "has no host"),
            ("https://x.example/{a}", "holds `{`"),
            ("https://x y/", "is not a URL"),
        ] {
            let error = checked_url("base_url", url).unwrap_err().to_string();
            assert!(error.contains(reason), "{url}: {error}");
            assert!(error.contains("`base_url`"), "{url}: {error}");
        }
    }
}
