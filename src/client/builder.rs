//! The typed configuration of a client: [`ClientBuilder`], shared by both
//! backends.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use http::{HeaderName, HeaderValue};
use serde_json::{Map, Value, json};

use super::Error;
use super::base64;
use super::cache::Cache;
use super::call::{Limiter, Policy};
use super::event::{Event, Hook};
use super::retry::Retry;
use super::throttle::RateLimits;
use crate::model::Pagination;
use crate::{DEFAULT_ACCEPT, DEFAULT_BASE_URL, Endpoint};
use endpoint_runtime::__private::{
    Origin, REDACTED, credential_origins, redact_userinfo, shown_header_value,
};

/// The `user-agent` a client built by a [`ClientBuilder`] sends unless
/// told otherwise: this crate's name and version (`endpoint/0.1.0`).
pub const DEFAULT_USER_AGENT: &str = concat!("endpoint/", env!("CARGO_PKG_VERSION"));

/// The `x-github-api-version` a client for GitHub sends unless told
/// otherwise ([`ClientBuilder::api_version`]).
pub const DEFAULT_GITHUB_API_VERSION: &str = "2022-11-28";

/// The `accept` header a client for any API but GitHub sends unless told
/// otherwise ([`ClientBuilder::accept`]).
pub const DEFAULT_JSON_ACCEPT: &str = "application/json";

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

/// Which API a builder configures a client for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Api {
    /// Any API: JSON, no GitHub header.
    Any,
    /// GitHub or GitHub Enterprise Server: GitHub's media type and API
    /// version.
    GitHub,
}

/// Credentials sent in the `authorization` header.
#[derive(Clone)]
enum Auth {
    /// `Bearer <token>`, set by the setting named here (`token`, `bearer`).
    Bearer(&'static str, String),
    /// `Basic <base64(user:password)>`.
    Basic(String, String),
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
/// GitHub is not the default: a builder must be told where to send, with
/// [`base_url`](Self::base_url) (any API), [`github`](Self::github) or
/// [`github_enterprise`](Self::github_enterprise), and `build()` fails
/// otherwise. A route written for another API then never goes to
/// `https://api.github.com` by mistake, with a GitHub token or GitHub's
/// media type. `github()` followed by `base_url(…)` keeps GitHub's headers
/// for another host (a proxy, a test server).
///
/// # Safety of the settings
///
/// Every setting becomes a header, the base URL or the uploads URL of the
/// client's [`Endpoint`], never a default *parameter* (which the spec sends
/// in URLs and bodies), and the endpoint refuses to send credentials to any
/// origin but the base URL's ([`Endpoint::with_credential_host_check`]);
/// the client refuses to send them to any but the base URL's and the
/// uploads URL's, whatever endpoint it is given later. Every header value
/// but those of the shown headers (`accept`, `user-agent`, `content-type`,
/// `x-github-api-version`…) is a credential: `Debug` shows no credential
/// (not the token, not the password, no such header value, and no user
/// information of a URL), and neither do the errors of `build()`.
///
/// The builder takes settings in any order and checks them all at
/// `build()`, whose error names the setting that is wrong
/// ([`Error::Config`]).
pub struct ClientBuilder<C> {
    api: Api,
    /// The base URL and the setting that gave it (`base_url`, `github`,
    /// `github_enterprise`).
    base_url: Option<(String, &'static str)>,
    uploads_url: Option<(String, &'static str)>,
    /// The host given to `github_enterprise`.
    enterprise_host: Option<String>,
    auth: Option<Auth>,
    user_agent: Option<String>,
    api_version: Option<String>,
    accept: Option<String>,
    headers: Vec<(String, String)>,
    transport: Transport,
    retry: Retry,
    /// `None`: the API's default ([`RateLimits::github`] or
    /// [`RateLimits::default`]).
    rate_limits: Option<RateLimits>,
    cache: Option<Arc<dyn Cache>>,
    hook: Option<Hook>,
    pagination: Pagination,
    /// The GitHub App whose installation tokens authenticate.
    #[cfg(feature = "app")]
    app: Option<super::GitHubApp>,
    client: PhantomData<fn() -> C>,
}

impl<C> Clone for ClientBuilder<C> {
    fn clone(&self) -> Self {
        ClientBuilder {
            api: self.api,
            base_url: self.base_url.clone(),
            uploads_url: self.uploads_url.clone(),
            enterprise_host: self.enterprise_host.clone(),
            auth: self.auth.clone(),
            user_agent: self.user_agent.clone(),
            api_version: self.api_version.clone(),
            accept: self.accept.clone(),
            headers: self.headers.clone(),
            transport: self.transport.clone(),
            retry: self.retry.clone(),
            rate_limits: self.rate_limits.clone(),
            cache: self.cache.clone(),
            hook: self.hook.clone(),
            pagination: self.pagination,
            #[cfg(feature = "app")]
            app: self.app.clone(),
            client: PhantomData,
        }
    }
}

impl<C> Default for ClientBuilder<C> {
    fn default() -> Self {
        ClientBuilder {
            api: Api::Any,
            base_url: None,
            uploads_url: None,
            enterprise_host: None,
            auth: None,
            user_agent: None,
            api_version: None,
            accept: None,
            headers: Vec::new(),
            transport: Transport::default(),
            retry: Retry::default(),
            rate_limits: None,
            cache: None,
            hook: None,
            pagination: Pagination::link(),
            #[cfg(feature = "app")]
            app: None,
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
            .field("api", &self.api)
            .field(
                "base_url",
                &self.base_url.as_ref().map(|(url, _)| redact_userinfo(url)),
            )
            .field(
                "uploads_url",
                &self
                    .uploads_url
                    .as_ref()
                    .map(|(url, _)| redact_userinfo(url)),
            )
            .field("auth", &auth)
            .field("user_agent", &self.user_agent)
            .field("api_version", &self.api_version)
            .field("accept", &self.accept)
            .field("headers", &headers)
            .field("timeout", &self.transport.timeout)
            .field("deadline", &self.transport.deadline)
            .field("connect_timeout", &self.transport.connect_timeout)
            .field("no_proxy", &self.transport.no_proxy)
            .field("retry", &self.retry)
            .field("rate_limits", &self.rate_limits_in_force())
            .field("cache", &self.cache)
            .field("on_event", &self.hook.is_some())
            .field("pagination", &self.pagination);
        // Its ids; the key is redacted.
        #[cfg(feature = "app")]
        debug.field("github_app", &self.app);
        debug.finish()
    }
}

impl<C> ClientBuilder<C> {
    /// A builder with nothing set: `build()` needs a base URL
    /// ([`base_url`](Self::base_url), [`github`](Self::github) or
    /// [`github_enterprise`](Self::github_enterprise)).
    pub fn new() -> Self {
        Self::default()
    }

    /// Sends to the API at `url`: an absolute `http://` or `https://` URL
    /// with a host and no query, fragment or user info
    /// (`https://pets.example.com/v1`); a trailing `/` is dropped. Routes
    /// are appended to it (`GET /stores/{id}` →
    /// `https://pets.example.com/v1/stores/42`).
    ///
    /// Without [`github`](Self::github), the client is for any API:
    /// `accept: application/json` and no GitHub header.
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = Some((url.into(), "base_url"));
        self
    }

    /// Sends to GitHub (`https://api.github.com`, uploads on
    /// `https://uploads.github.com`) with GitHub's headers:
    /// `accept: application/vnd.github.v3+json` and
    /// `x-github-api-version: 2022-11-28`
    /// ([`api_version`](Self::api_version)). A later
    /// [`base_url`](Self::base_url) sends elsewhere with the same headers.
    pub fn github(mut self) -> Self {
        self.api = Api::GitHub;
        self.base_url = Some((DEFAULT_BASE_URL.to_owned(), "github"));
        self.uploads_url = None;
        self
    }

    /// Sends to GitHub Enterprise Server at `host` (`ghe.example.com`, or
    /// `ghe.example.com:8443`): the API at `https://HOST/api/v3`, uploads at
    /// `https://HOST/api/uploads`, with GitHub's headers as
    /// [`github`](Self::github).
    pub fn github_enterprise(mut self, host: impl Into<String>) -> Self {
        let host = host.into();
        self.api = Api::GitHub;
        self.base_url = Some((format!("https://{host}/api/v3"), "github_enterprise"));
        self.uploads_url = Some((format!("https://{host}/api/uploads"), "github_enterprise"));
        self.enterprise_host = Some(host);
        self
    }

    /// Where the typed routes declared `#[endpoint(uploads)]` go (GitHub's
    /// release assets); see [`Endpoint::with_uploads_url`]. Checked as
    /// [`base_url`](Self::base_url).
    pub fn uploads_url(mut self, url: impl Into<String>) -> Self {
        self.uploads_url = Some((url.into(), "uploads_url"));
        self
    }

    /// Authenticates with a token: `authorization: Bearer <token>`, the
    /// same as [`bearer`](Self::bearer).
    ///
    /// GitHub accepts `Bearer` for every kind of token (personal access
    /// tokens, classic and fine-grained, OAuth and installation tokens, and
    /// the JSON Web Tokens of GitHub Apps, which its older `token` scheme
    /// does not take), and so do most other APIs. Leading and trailing
    /// white space is dropped; an empty token is an error.
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

    /// Authenticates as an installation of a GitHub App (feature `app`):
    /// the client signs the App's JSON Web Tokens with its private key,
    /// trades them for installation tokens at its base URL
    /// (`POST /app/installations/{installation_id}/access_tokens`: GitHub,
    /// GitHub Enterprise Server, or the host [`base_url`](Self::base_url)
    /// names), and sends the token of the moment as
    /// `authorization: Bearer <token>`, fetching the next shortly before it
    /// expires, one call at a time (see [`GitHubApp`](super::GitHubApp)).
    ///
    /// `build()` reads the key: one that is not a PEM RSA private key is an
    /// [`Error::Config`] of `github_app`, and so are credentials set as
    /// well ([`token`](Self::token), [`bearer`](Self::bearer),
    /// [`basic`](Self::basic), an `authorization` [`header`](Self::header)).
    /// A token GitHub refuses is an [`Error::Authentication`] of the call
    /// that asked for it.
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{GitHubApp, ureq::Client};
    /// use serde_json::{json, Value};
    ///
    /// let key = std::fs::read("my-app.private-key.pem")?;
    /// let client = Client::github()
    ///     .github_app(GitHubApp::new("Iv23liExampleClientId", key, 12_345_678))
    ///     .build()?;
    /// let request = client.endpoint().endpoint("GET /installation/repositories", json!({}))?;
    /// let repos: Value = client.execute(request)?.body;
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "app")]
    pub fn github_app(mut self, app: super::GitHubApp) -> Self {
        self.app = Some(app);
        self
    }

    /// The `user-agent` header; [`DEFAULT_USER_AGENT`] unless set. GitHub
    /// asks for one naming the application.
    pub fn user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = Some(user_agent.into());
        self
    }

    /// GitHub's `x-github-api-version` header, for a client for GitHub
    /// ([`DEFAULT_GITHUB_API_VERSION`] unless set). For another API it is an
    /// error: name its version header with [`header`](Self::header).
    pub fn api_version(mut self, version: impl Into<String>) -> Self {
        self.api_version = Some(version.into());
        self
    }

    /// The `accept` header: `application/vnd.github.v3+json` for GitHub,
    /// `application/json` for any other API, unless set.
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
    /// set): a `send`, an `execute`, a page of `paginate` or `pages`, with
    /// every request (redirects, retries, a token refresh), every backoff
    /// and every wait for a rate limit it takes. A call never starts a wait
    /// or a retry that would end past its deadline: it ends with the error
    /// or the refusal it has, as an [`Error::GaveUp`] that says so; and
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

    /// How the API's lists page ([`Pagination`]): what `pages`,
    /// `paginate` and their cursors follow, for every route without a
    /// scheme of its own (`#[endpoint(paginate = …)]`, which wins).
    /// Unless told, `Link: <…>; rel="next"` headers, as GitHub sends them.
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
        self.pagination = pagination;
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
        self.retry = retry;
        self
    }

    /// How rate limits are honoured: [`RateLimits::github`] for a client of
    /// GitHub, [`RateLimits::default`] for any other API, unless set;
    /// [`RateLimits::off`] for nothing.
    ///
    /// ```no_run
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::{RateLimits, ureq::Client};
    /// use std::time::Duration;
    ///
    /// // Wait up to an hour for a spent quota, rather than failing after 5 minutes.
    /// let client = Client::github()
    ///     .rate_limits(RateLimits::github().max_wait(Duration::from_secs(3600)))
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

    /// The rate-limit settings in force.
    fn rate_limits_in_force(&self) -> RateLimits {
        match (&self.rate_limits, self.api) {
            (Some(limits), _) => limits.clone(),
            (None, Api::GitHub) => RateLimits::github(),
            (None, Api::Any) => RateLimits::default(),
        }
    }

    /// The policy of the client these settings make: a new rate-limit
    /// state (unless the settings name a store), their cache and hook.
    pub(crate) fn policy(&self) -> Policy {
        Policy {
            retry: self.retry.clone(),
            limits: Limiter::new(self.rate_limits_in_force()),
            cache: self.cache.clone(),
            hook: self.hook.clone(),
            credentials: None,
            deadline: Some(self.transport.deadline),
            timeout: Some(self.transport.timeout),
            github: self.api == Api::GitHub
                || self.base_url.as_ref().is_some_and(|(url, _)| {
                    Origin::of(url).is_some() && Origin::of(url) == Origin::of(DEFAULT_BASE_URL)
                }),
            origins: Arc::default(),
            pagination: self.pagination,
        }
    }

    /// The endpoint these settings give, for a client of one's own (the
    /// requests it builds can be sent by any HTTP client); `build()` gives
    /// it to the client it makes.
    /// With a [`github_app`](Self::github_app) it carries no credentials:
    /// the client fetches them.
    ///
    /// ```
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::ureq::Client;
    /// use serde_json::json;
    ///
    /// let pets = Client::builder().base_url("http://127.0.0.1:8080/v1").token("s3cr3t").build_endpoint()?;
    /// let request = pets.endpoint("GET /stores/{id}", json!({"id": 42}))?;
    /// assert_eq!(request.url, "http://127.0.0.1:8080/v1/stores/42");
    /// assert_eq!(request.headers.get("accept"), Some("application/json"));
    /// assert_eq!(request.headers.get("authorization"), Some("Bearer s3cr3t"));
    /// assert_eq!(request.headers.get("x-github-api-version"), None);
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Config`] naming the first setting that is wrong.
    pub fn build_endpoint(&self) -> Result<Endpoint, Error> {
        self.check_transport()?;
        self.check_app()?;
        let Some((base_url, setting)) = &self.base_url else {
            return Err(Error::config(
                "base_url",
                "is not set: call `base_url(…)` for any API, or `github()` / \
                 `github_enterprise(…)` for GitHub",
            ));
        };
        if let ("github_enterprise", Some(host)) = (*setting, &self.enterprise_host)
            && !valid_host(host)
        {
            return Err(Error::config(
                "github_enterprise",
                format!(
                    "`{}` is not a host name (`ghe.example.com`, maybe with a `:port`)",
                    redact_userinfo(host).escape_debug()
                ),
            ));
        }
        let base_url = checked_url(setting, base_url)?;
        let uploads_url = match &self.uploads_url {
            Some((url, setting)) => Some(checked_url(setting, url)?),
            None => None,
        };

        let mut headers = Map::new();
        let github = self.api == Api::GitHub;
        headers.insert(
            "accept".into(),
            if github {
                DEFAULT_ACCEPT
            } else {
                DEFAULT_JSON_ACCEPT
            }
            .into(),
        );
        headers.insert("user-agent".into(), DEFAULT_USER_AGENT.into());
        match (&self.api_version, github) {
            (version, true) => {
                let version = version.as_deref().unwrap_or(DEFAULT_GITHUB_API_VERSION);
                headers.insert(
                    "x-github-api-version".into(),
                    checked_value("api_version", version)?.into(),
                );
            }
            (Some(_), false) => {
                return Err(Error::config(
                    "api_version",
                    "is GitHub's `x-github-api-version`, and this client is not for GitHub: \
                     call `github()`, or name the API's own header with `header(…)`",
                ));
            }
            (None, false) => {}
        }
        if let Some(accept) = &self.accept {
            headers.insert("accept".into(), checked_value("accept", accept)?.into());
        }
        if let Some(user_agent) = &self.user_agent {
            headers.insert(
                "user-agent".into(),
                checked_value("user_agent", user_agent)?.into(),
            );
        }
        if let Some(auth) = &self.auth {
            headers.insert("authorization".into(), authorization(auth)?.into());
        }
        for (name, value) in &self.headers {
            if HeaderName::from_bytes(name.as_bytes()).is_err() {
                return Err(Error::config(
                    "header",
                    format!("`{}` is not a valid header name", name.escape_debug()),
                ));
            }
            if HeaderValue::from_str(value).is_err() {
                return Err(Error::config(
                    "header",
                    format!(
                        "the value of `{name}` is not a valid header value (a control character, \
                         a line break)"
                    ),
                ));
            }
            headers.insert(name.clone(), value.clone().into());
        }

        // Only the option keys `baseUrl` and `headers`: nothing here can be
        // a default parameter, which would go into URLs and bodies.
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": base_url, "headers": Value::Object(headers)}))?
            .with_credential_host_check(true);
        match uploads_url {
            Some(url) => Ok(endpoint.with_uploads_url(&url)?),
            None => Ok(endpoint),
        }
    }

    /// The endpoint and the policy of the client these settings make.
    pub(crate) fn parts(&self) -> Result<(Endpoint, Policy), Error> {
        let endpoint = self.build_endpoint()?;
        let mut policy = self.policy();
        // The client's credentials go to the origins of these settings'
        // base URL and uploads URL only, whatever endpoint it is given later.
        policy.origins = credential_origins(&endpoint).into();
        #[cfg(feature = "app")]
        if let Some(app) = &self.app {
            policy.credentials = Some(Arc::new(super::app::AppCredentials::new(
                app,
                &endpoint,
                self.transport.timeout,
            )?));
        }
        Ok((endpoint, policy))
    }

    /// A GitHub App is the only credentials set.
    fn check_app(&self) -> Result<(), Error> {
        #[cfg(feature = "app")]
        if self.app.is_some() {
            let other = match &self.auth {
                Some(Auth::Bearer(setting, _)) => Some(*setting),
                Some(Auth::Basic(..)) => Some("basic"),
                None => self
                    .headers
                    .iter()
                    .any(|(name, _)| name == "authorization")
                    .then_some("header(\"authorization\", …)"),
            };
            if let Some(other) = other {
                return Err(Error::config(
                    "github_app",
                    format!(
                        "is set with `{other}`: a client authenticates one way, as the App's \
                         installation or with other credentials"
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_transport(&self) -> Result<(), Error> {
        if self.transport.timeout.is_zero() {
            return Err(Error::config("timeout", "is zero"));
        }
        if self.transport.connect_timeout.is_zero() {
            return Err(Error::config("connect_timeout", "is zero"));
        }
        if self.transport.deadline.is_zero() {
            return Err(Error::config("deadline", "is zero"));
        }
        Ok(())
    }

    /// The transport settings.
    pub(crate) fn transport(&self) -> &Transport {
        &self.transport
    }
}

/// Whether `host` can stand between `https://` and `/api/v3`: a host name
/// or address, and maybe a port.
fn valid_host(host: &str) -> bool {
    !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:[]_".contains(&b))
}

/// `url` when it is an absolute `http(s)` URL with a host and no query,
/// fragment or user info, without a trailing `/`; the error of `setting`
/// otherwise.
fn checked_url(setting: &'static str, url: &str) -> Result<String, Error> {
    // The URL as messages show it: a secret in its user information is not.
    let shown = redact_userinfo(url);
    let wrong = |reason: &str| Error::config(setting, format!("`{shown}` {reason}"));
    let trimmed = url.trim();
    if trimmed.is_empty() {
        return Err(Error::config(setting, "is empty"));
    }
    if trimmed.contains('#') {
        return Err(wrong("has a fragment (`#…`)"));
    }
    if trimmed.contains('?') {
        return Err(wrong("has a query (`?…`)"));
    }
    let Some((scheme, rest)) = trimmed.split_once("://") else {
        return Err(wrong(
            "has no scheme: write it `https://host/path` (or `http://`)",
        ));
    };
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return Err(wrong("is not http(s)"));
    }
    if trimmed.contains(['{', '}']) {
        return Err(wrong("holds `{` or `}`"));
    }
    let authority = rest.split('/').next().unwrap_or_default();
    if authority.is_empty() {
        return Err(wrong("has no host"));
    }
    if authority.contains('@') {
        return Err(wrong(
            "has user info (`user@`): use `basic(user, password)`",
        ));
    }
    let uri = trimmed
        .parse::<http::Uri>()
        .map_err(|err| wrong(&format!("is not a URL: {err}")))?;
    if uri.host().is_none_or(str::is_empty) {
        return Err(wrong("has no host"));
    }
    Ok(trimmed.trim_end_matches('/').to_owned())
}

/// `value` when a header may carry it; the error of `setting` otherwise
/// (without the value, which may be a secret).
fn checked_value<'v>(setting: &'static str, value: &'v str) -> Result<&'v str, Error> {
    if HeaderValue::from_str(value).is_err() {
        return Err(Error::config(
            setting,
            "is not a valid header value (a control character, a line break)",
        ));
    }
    Ok(value)
}

/// The `authorization` header of `auth`.
fn authorization(auth: &Auth) -> Result<String, Error> {
    match auth {
        Auth::Bearer(setting, token) => {
            let token = token.trim();
            if token.is_empty() {
                return Err(Error::config(setting, "is empty"));
            }
            if token.contains(char::is_whitespace) {
                return Err(Error::config(setting, "holds white space"));
            }
            let header = format!("Bearer {token}");
            checked_value(setting, &header)?;
            Ok(header)
        }
        Auth::Basic(user, password) => {
            if user.contains(':') {
                return Err(Error::config("basic", "the user name holds a `:`"));
            }
            let credentials = format!("{user}:{password}");
            if credentials.chars().any(char::is_control) {
                return Err(Error::config("basic", "holds a control character"));
            }
            Ok(format!(
                "Basic {}",
                base64::standard(credentials.as_bytes())
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
