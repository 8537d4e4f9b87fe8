//! The endpoint: defaults plus the members `endpoint`, `defaults`, `DEFAULTS`, `merge` and `parse`.

use std::sync::{Arc, LazyLock};

use serde_json::{Map, Value};

use crate::defaults::{self, Prepared};
use crate::dynamic;
use crate::error::{Error, Result};
use crate::github::{DEFAULT_BASE_URL, DEFAULT_UPLOADS_URL};
use crate::merge;
use crate::names::{REDACTED, is_credential_param, is_shown_header, shown_header_value};
use crate::options::{Options, check_depth};
use crate::request::Request;
use crate::route::Route;
use crate::typed::{self, Plan};
use crate::url::{Origin, is_absolute, redact_userinfo, resolve_server, server_error, url_host};
use crate::value::Param;

/// A request builder holding a set of default options.
///
/// `Endpoint::default()` has the GitHub defaults: base URL
/// `https://api.github.com`, `accept: application/vnd.github.v3+json` and a
/// `user-agent` of `endpoint-runtime/<version>`. [`Endpoint::defaults`]
/// layers more defaults on top and returns a new endpoint; the one it came
/// from never changes. Cloning is cheap (the defaults are shared), and an
/// endpoint can be used from many threads at once.
///
/// | specification | Rust |
/// | --- | --- |
/// | `endpoint(route, options)` | [`Endpoint::endpoint`], or the free function [`endpoint()`](crate::endpoint()) |
/// | `endpoint(options)` | [`Endpoint::endpoint_options`] |
/// | `endpoint.defaults(options)` | [`Endpoint::defaults`] |
/// | `endpoint.DEFAULTS` | [`Endpoint::default_options`] |
/// | `endpoint.merge(route, options)` / `merge(options)` | [`Endpoint::merge`] / [`Endpoint::merge_options`] |
/// | `endpoint.parse(merged)` | [`Endpoint::parse`] |
///
/// ```
/// use endpoint::Endpoint;
/// use serde_json::json;
///
/// let ghe = Endpoint::default().defaults(json!({
///     "baseUrl": "https://ghe.example.com/api/v3",
///     "headers": {"authorization": "token secret"},
/// }))?;
/// let request = ghe.endpoint("GET /user", ())?;
/// assert_eq!(request.url, "https://ghe.example.com/api/v3/user");
/// assert_eq!(request.headers.get("authorization"), Some("token secret"));
/// assert_eq!(ghe.default_options()["baseUrl"], "https://ghe.example.com/api/v3");
/// # Ok::<(), endpoint::Error>(())
/// ```
///
/// # Extensions
///
/// Besides the defaults of the specification, an endpoint has two settings
/// of its own, kept outside the default options (so that
/// [`Endpoint::default_options`] shows what `DEFAULTS` would): the
/// credential host check ([`Endpoint::with_credential_host_check`]) and the
/// servers it sends the routes declared with a server of their own to
/// ([`Endpoint::with_server`], instead of the servers they declare). Endpoints made with [`Endpoint::defaults`]
/// keep both.
#[derive(Clone)]
pub struct Endpoint {
    inner: Arc<Inner>,
}

struct Inner {
    /// `DEFAULTS`, as `@octokit/endpoint` shows them.
    defaults: Value,
    /// Whether credentials must stay on the origins below.
    credential_check: bool,
    /// The origin of the defaults' `baseUrl`.
    base_origin: Option<Origin>,
    /// The servers routes declare (`#[endpoint(server = "…")]`) and the
    /// URLs this endpoint sends their requests to instead, each without a
    /// trailing `/`, in the order they were set; one entry per declared
    /// server.
    servers: Arc<[(String, String)]>,
    /// The defaults, read once.
    prepared: Prepared,
}

static GLOBAL: LazyLock<Endpoint> = LazyLock::new(|| Endpoint::from_defaults(defaults::initial()));

pub(crate) fn global() -> &'static Endpoint {
    &GLOBAL
}

/// Builds a request with the global defaults: `endpoint(route, options)` of
/// the specification.
///
/// ```
/// use serde_json::json;
///
/// let request = endpoint::endpoint("GET /orgs/{org}/repos", json!({"org": "octokit", "type": "private"}))?;
/// assert_eq!(request.url, "https://api.github.com/orgs/octokit/repos?type=private");
/// # Ok::<(), endpoint::Error>(())
/// ```
///
/// # Errors
/// As [`Endpoint::endpoint`].
pub fn endpoint<'o>(route: &str, options: impl Into<Options<'o>>) -> Result<Request> {
    global().endpoint(route, options)
}

/// The endpoint of an API other than GitHub's: the global defaults with
/// `base_url` as the base URL and `headers` set over the defaults' (an
/// `accept`, a `user-agent`). What a generated crate's requests are built
/// with, made once; a header that cannot be sent is reported by each
/// request, as [`Endpoint::defaults`]' are.
#[doc(hidden)]
pub fn api_endpoint(base_url: &str, headers: &[(&str, &str)]) -> Endpoint {
    let mut defaults = defaults::initial();
    defaults.insert("baseUrl".into(), base_url.into());
    if let Some(Value::Object(map)) = defaults.get_mut("headers") {
        for (name, value) in headers {
            map.insert(name.to_ascii_lowercase(), (*value).into());
        }
    }
    Endpoint::from_defaults(defaults)
}

impl Default for Endpoint {
    fn default() -> Self {
        global().clone()
    }
}

/// `Debug` shows the defaults with every header value that may be a
/// credential redacted (that of any header but the shown ones: `accept`,
/// `user-agent`, `content-type`…, see
/// [`Endpoint::with_credential_host_check`]), the values of parameters
/// named like credentials redacted, and the user information of the URLs
/// (`user:password@`) redacted, so that printing an endpoint shows no
/// credential.
impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut defaults = self.inner.defaults.clone();
        if let Value::Object(defaults) = &mut defaults {
            for (key, value) in defaults.iter_mut() {
                match (key.as_str(), value) {
                    ("headers", Value::Object(headers)) => {
                        for (name, value) in headers.iter_mut() {
                            if let Value::String(text) = value {
                                *text = shown_header_value(name, text).to_owned();
                            } else if !value.is_null() {
                                *value = Value::String(REDACTED.to_owned());
                            }
                        }
                    }
                    ("baseUrl", Value::String(url)) => *url = redact_userinfo(url).into_owned(),
                    (key, value) if is_credential_param(key) => {
                        *value = Value::String(REDACTED.to_owned());
                    }
                    _ => {}
                }
            }
        }
        f.debug_struct("Endpoint")
            .field("defaults", &defaults)
            .field("servers", &self.inner.servers)
            .field("credential_host_check", &self.inner.credential_check)
            .finish()
    }
}

impl Endpoint {
    /// An endpoint with the GitHub defaults; the same as `Endpoint::default()`.
    pub fn new() -> Self {
        Self::default()
    }

    fn from_defaults(defaults: Map<String, Value>) -> Self {
        Self::with_inner(defaults, false, Arc::default())
    }

    fn with_inner(
        defaults: Map<String, Value>,
        credential_host_check: bool,
        servers: Arc<[(String, String)]>,
    ) -> Self {
        let prepared = Prepared::new(&defaults);
        let base_origin = defaults::base_url(&defaults).and_then(Origin::of);
        Endpoint {
            inner: Arc::new(Inner {
                defaults: Value::Object(defaults),
                credential_check: credential_host_check,
                base_origin,
                servers,
                prepared,
            }),
        }
    }

    /// The URL this endpoint sends the routes declaring `server` to: the
    /// one set with [`Endpoint::with_server`], or `None`.
    fn redirect(&self, server: &str) -> Option<&str> {
        let server = server.trim_end_matches('/');
        self.inner
            .servers
            .iter()
            .find(|(declared, _)| declared == server)
            .map(|(_, actual)| actual.as_str())
    }

    /// The URL a route declaring `server` is sent to (its requests' base
    /// URL): where [`Endpoint::with_server`] sends it, or the server
    /// itself, a path resolved against the base URL `base_url`.
    fn server_url(&self, server: &str, base_url: &str) -> String {
        resolve_server(base_url, self.redirect(server).unwrap_or(server))
    }

    /// The origin the credentials of a route declaring the absolute
    /// `server` may go to because the route names it, when the endpoint
    /// does not send it elsewhere: the route's own server is one of the
    /// API's. GitHub's uploads host is GitHub's: its routes carry
    /// credentials there only from an endpoint of GitHub's API
    /// (`https://api.github.com`), never a GitHub Enterprise token.
    fn declared_origin(&self, server: &str) -> Option<Origin> {
        if self.redirect(server).is_some() {
            return None;
        }
        let origin = Origin::of(server)?;
        if Origin::of(DEFAULT_UPLOADS_URL).as_ref() == Some(&origin)
            && self.inner.base_origin != Origin::of(DEFAULT_BASE_URL)
        {
            return None;
        }
        Some(origin)
    }

    /// A new endpoint with the same defaults that sends the typed routes
    /// declaring the server `declared` (`#[endpoint(server = "…")]`) to
    /// `actual` instead: a test server, a proxy, GitHub Enterprise. Setting
    /// the same declared server again replaces its URL; the endpoints made
    /// from this one with [`Endpoint::defaults`] keep them all.
    ///
    /// Both are an absolute `http(s)` URL or a path (`/v2`), which is
    /// resolved against the base URL; neither has a query, a fragment or
    /// user information. A trailing `/` is dropped, from both and from the
    /// routes' servers.
    ///
    /// ```
    /// use endpoint::{Endpoint, endpoint};
    /// use serde_json::json;
    ///
    /// endpoint! {
    ///     #[endpoint(server = "https://files.example.com")]
    ///     pub struct PutFile = "PUT /files/{name}";
    /// }
    ///
    /// let api = Endpoint::default().defaults(json!({"baseUrl": "https://api.example.com"}))?;
    /// let file = PutFile { name: "a.txt".into() };
    /// assert_eq!(file.to_request_with(&api)?.url, "https://files.example.com/files/a.txt");
    ///
    /// let local = api.with_server("https://files.example.com", "http://127.0.0.1:8080/files")?;
    /// assert_eq!(file.to_request_with(&local)?.url, "http://127.0.0.1:8080/files/files/a.txt");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// Credentials go with the requests to the servers of the API: its base
    /// URL, a route's own server, and the URLs set here (see
    /// [`Endpoint::with_credential_host_check`]).
    ///
    /// # Errors
    /// [`Error::Option`] (key `servers.declared` or `servers.url`) when
    /// either is no server URL, saying what is wrong.
    pub fn with_server(&self, declared: &str, actual: &str) -> Result<Endpoint> {
        for (key, url) in ["servers.declared", "servers.url"]
            .into_iter()
            .zip([declared, actual])
        {
            if let Some(reason) = server_error(url) {
                return Err(Error::option(key, reason));
            }
        }
        let declared = declared.trim_end_matches('/');
        let mut servers: Vec<(String, String)> = self
            .inner
            .servers
            .iter()
            .filter(|(known, _)| known != declared)
            .cloned()
            .collect();
        servers.push((declared.to_owned(), actual.trim_end_matches('/').to_owned()));
        Ok(Self::with_inner(
            self.defaults_map().clone(),
            self.inner.credential_check,
            servers.into(),
        ))
    }

    /// A new endpoint that refuses to send credentials anywhere but the
    /// origin of its base URL (`true`), or that allows it again (`false`, the
    /// default, as in `@octokit/endpoint`).
    ///
    /// With the check on, a request that carries a header that may be a
    /// credential (`authorization`, `proxy-authorization`, `cookie`, and any
    /// other header but the shown ones, which never carry one: `accept`,
    /// `user-agent`, `content-type`, `content-length`,
    /// `x-github-api-version`, `accept-encoding`, `accept-language`,
    /// `cache-control`, `connection`, `if-modified-since`, `if-none-match`,
    /// `idempotency-key`;
    /// so `x-api-key`, `private-token`… are credentials) and whose URL's
    /// origin is not the origin of this endpoint's `baseUrl` fails with
    /// [`Error::CredentialsHost`](crate::Error::CredentialsHost). The origin
    /// is the scheme, the host (in any letter case) and the port (80 for
    /// `http`, 443 for `https` when none is written): `http://` on the
    /// host of an `https://` base URL, or another port, is another origin.
    /// The URL may come from a full URL in the route, a `{+url}` parameter,
    /// or a call that overrides `baseUrl`. A typed route that declares a
    /// server of its own (`#[endpoint(server = "…")]`) is checked against
    /// that server's origin, or that of the URL [`Endpoint::with_server`]
    /// sends it to. Endpoints made from this one with
    /// [`Endpoint::defaults`] keep the setting, and check against their own
    /// `baseUrl`.
    ///
    /// ```
    /// use endpoint::{Endpoint, Error};
    /// use serde_json::json;
    ///
    /// let github = Endpoint::default()
    ///     .defaults(json!({"headers": {"authorization": "token secret"}}))?
    ///     .with_credential_host_check(true);
    /// assert!(github.endpoint("GET /user", ()).is_ok());
    /// let err = github.endpoint("GET https://attacker.example/collect", ()).unwrap_err();
    /// assert!(matches!(err, Error::CredentialsHost { .. }));
    /// let err = github.endpoint("GET http://api.github.com/user", ()).unwrap_err();
    /// assert!(matches!(err, Error::CredentialsHost { .. }));
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    pub fn with_credential_host_check(&self, on: bool) -> Endpoint {
        Self::with_inner(self.defaults_map().clone(), on, self.inner.servers.clone())
    }

    /// Refuses `request` when the credential host check is on and it would
    /// carry credentials to another origin; passes it through otherwise (by
    /// value, so that every entry point ends in one call).
    #[inline]
    pub(crate) fn check_credentials(&self, request: Result<Request>) -> Result<Request> {
        self.check_credentials_on(&self.inner.base_origin, request)
    }

    /// [`Endpoint::check_credentials`] against `origin`, the base URL's or
    /// a route's server's.
    #[inline]
    fn check_credentials_on(
        &self,
        origin: &Option<Origin>,
        request: Result<Request>,
    ) -> Result<Request> {
        let Ok(request) = request else {
            return request;
        };
        if !self.inner.credential_check {
            return Ok(request);
        }
        credentials_to(origin.as_ref(), &request).map(|()| request)
    }

    fn defaults_map(&self) -> &Map<String, Value> {
        match &self.inner.defaults {
            Value::Object(map) => map,
            _ => unreachable!("defaults are always an object"),
        }
    }

    /// Builds a request from a route (`"GET /repos/{owner}/{repo}"`, or just a
    /// URL) and options: `endpoint(route, options)` of the specification.
    ///
    /// Options override the route: `{"method": "POST"}` turns `GET /x` into a POST.
    /// Default parameters named like credentials (`token`, `access_token`,
    /// `password`…) are left out unless the route's template names them;
    /// see [`Endpoint::defaults`].
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let request = Endpoint::default().endpoint(
    ///     "GET /repos/{owner}/{repo}/issues",
    ///     json!({"owner": "octocat", "repo": "hello-world", "labels": ["bug", "ui"]}),
    /// )?;
    /// assert_eq!(request.url, "https://api.github.com/repos/octocat/hello-world/issues?labels=bug%2Cui");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// Any [`Error`](crate::Error): options that are not an object, a bad
    /// method, a malformed template, a value that cannot be expanded or
    /// written into the query, a header that cannot be sent, an unsafe path.
    pub fn endpoint<'o>(&self, route: &str, options: impl Into<Options<'o>>) -> Result<Request> {
        let options = options.into();
        let request = dynamic::request(
            self.defaults_map(),
            &self.inner.prepared,
            Some(Route::parse(route)),
            options.as_map()?,
        );
        self.check_credentials(request)
    }

    /// Builds a request from options alone (they carry `method` and `url`):
    /// `endpoint(options)` of the specification.
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let request = Endpoint::default()
    ///     .endpoint_options(json!({"method": "DELETE", "url": "/gists/{id}", "id": "aa5a315d"}))?;
    /// assert_eq!(request.method, "delete");
    /// assert_eq!(request.url, "https://api.github.com/gists/aa5a315d");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Endpoint::endpoint`].
    pub fn endpoint_options<'o>(&self, options: impl Into<Options<'o>>) -> Result<Request> {
        let options = options.into();
        let request = dynamic::request(
            self.defaults_map(),
            &self.inner.prepared,
            None,
            options.as_map()?,
        );
        self.check_credentials(request)
    }

    /// A new endpoint whose defaults are these defaults merged with
    /// `options`: `endpoint.defaults(options)` of the specification.
    /// Nothing is expanded or checked beyond the options' shape; `self` is
    /// not changed.
    ///
    /// A default parameter whose name is a credential's (`token`,
    /// `access_token`, `refresh_token`, `auth`, `password`, `secret`,
    /// `client_secret`, `api_key`, `apikey`, `private_token`, in any letter
    /// case) is sent nowhere, neither in the query string nor in the body,
    /// unless the route's template names it: defaults go with every
    /// request, and a URL or a body is no place for a secret (send it in a
    /// header). A call's own parameters of those names are sent as usual,
    /// and `Debug` shows none of their values.
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let ep = Endpoint::default().defaults(json!({"access_token": "s3cr3t", "per_page": 100}))?;
    /// assert_eq!(ep.endpoint("GET /user/repos", ())?.url, "https://api.github.com/user/repos?per_page=100");
    /// let named = ep.endpoint("GET /verify{?access_token}", ())?;
    /// assert_eq!(named.url, "https://api.github.com/verify?access_token=s3cr3t&per_page=100");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let base = Endpoint::default();
    /// let org = base.defaults(json!({"org": "rust-lang", "per_page": 100}))?;
    /// let request = org.endpoint("GET /orgs/{org}/repos", ())?;
    /// assert_eq!(request.url, "https://api.github.com/orgs/rust-lang/repos?per_page=100");
    /// assert!(base.default_options().get("org").is_none());
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Option`](crate::Error::Option) when the options or their
    /// `headers` / `mediaType` have the wrong shape.
    pub fn defaults<'o>(&self, options: impl Into<Options<'o>>) -> Result<Endpoint> {
        let options = options.into();
        let merged = merge::merge(self.defaults_map(), None, options.as_map()?)?;
        Ok(Endpoint::with_inner(
            merged,
            self.inner.credential_check,
            self.inner.servers.clone(),
        ))
    }

    /// The current default options, as `@octokit/endpoint`'s `DEFAULTS` shows them.
    pub fn default_options(&self) -> &Value {
        &self.inner.defaults
    }

    /// Merges the defaults, the route and the options without parsing:
    /// `endpoint.merge(route, options)` of the specification. The URL keeps
    /// its placeholders and the method its case.
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let merged = Endpoint::default().merge("GET /orgs/:org/repos", json!({"org": "octokit"}))?;
    /// assert_eq!(merged["url"], "/orgs/:org/repos");
    /// assert_eq!(merged["method"], "GET");
    /// assert_eq!(merged["org"], "octokit");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Endpoint::defaults`].
    pub fn merge<'o>(&self, route: &str, options: impl Into<Options<'o>>) -> Result<Value> {
        let options = options.into();
        merge::merge(
            self.defaults_map(),
            Some(Route::parse(route)),
            options.as_map()?,
        )
        .map(Value::Object)
    }

    /// [`Endpoint::merge`] without a route: `endpoint.merge(options)`.
    ///
    /// # Errors
    /// As [`Endpoint::defaults`].
    pub fn merge_options<'o>(&self, options: impl Into<Options<'o>>) -> Result<Value> {
        let options = options.into();
        merge::merge(self.defaults_map(), None, options.as_map()?).map(Value::Object)
    }

    /// Turns merged options (shaped like [`Endpoint::merge`]'s result) into a
    /// request: `endpoint.parse(merged)` of the specification. The endpoint's
    /// defaults are not used (but its credential host check, when on, is);
    /// `endpoint(o)` equals `parse(merge(o))`, but for default parameters
    /// named like credentials, which `endpoint` leaves out (see
    /// [`Endpoint::defaults`]) and merged options no longer tell apart.
    ///
    /// # Errors
    /// As [`Endpoint::endpoint`].
    pub fn parse(&self, merged: &Value) -> Result<Request> {
        match merged {
            Value::Object(map) => {
                check_depth(map)?;
                self.check_credentials(dynamic::parse(map))
            }
            _ => Err(Error::option("options", "must be an object")),
        }
    }

    /// The request of a typed route with these defaults.
    pub(crate) fn typed_request(
        &self,
        plan: &Plan,
        fields: &[Option<Param<'_>>],
    ) -> Result<Request> {
        if let Some(server) = plan.server {
            let url = |base_url: &str| self.server_url(server, base_url);
            let request = typed::request(
                self.defaults_map(),
                &self.inner.prepared,
                Some(&url),
                plan,
                fields,
            );
            let origin = match request.as_ref().ok().and_then(|r| Origin::of(&r.url)) {
                Some(origin) if credential_origins(self).contains(&origin) => Some(origin),
                _ => self
                    .declared_origin(server)
                    .or(self.inner.base_origin.clone()),
            };
            return self.check_credentials_on(&origin, request);
        }
        let request = typed::request(
            self.defaults_map(),
            &self.inner.prepared,
            None,
            plan,
            fields,
        );
        self.check_credentials(request)
    }
}

/// The origins an endpoint's credentials may go to: the origin of its
/// base URL, those of the servers it sends routes to
/// ([`Endpoint::with_server`]), and `https://uploads.github.com` when the
/// base URL is `https://api.github.com` and it is not sent elsewhere. The credential host
/// check allows these, and a route's own server ([`route_origin`]); a
/// client made from an endpoint sends its credentials to these alone (and
/// to the servers its routes declare).
pub fn credential_origins(endpoint: &Endpoint) -> Vec<Origin> {
    let mut origins: Vec<Origin> = endpoint.inner.base_origin.iter().cloned().collect();
    let servers = endpoint
        .inner
        .servers
        .iter()
        .map(|(_, actual)| actual.as_str());
    let uploads = endpoint.declared_origin(DEFAULT_UPLOADS_URL);
    for origin in servers.filter_map(Origin::of).chain(uploads) {
        if !origins.contains(&origin) {
            origins.push(origin);
        }
    }
    origins
}

/// The origin of the server a typed route declares (`plan.server`, an
/// absolute URL written in the code), when `endpoint` sends the route's
/// requests there: one of the API's servers, where credentials go besides
/// [`credential_origins`]. `None` for a route without a server of its own,
/// one declared as a path (on the base URL's origin), one the endpoint
/// sends elsewhere ([`Endpoint::with_server`]), and GitHub's uploads host
/// under another base URL than GitHub's.
pub fn route_origin(endpoint: &Endpoint, plan: &Plan) -> Option<Origin> {
    endpoint.declared_origin(plan.server?)
}

/// The first header of `request` that may carry a credential: any header
/// but the shown ones (`accept`, `user-agent`, `content-type`…), whose
/// values are not secret.
fn credential_header(request: &Request) -> Option<&str> {
    request
        .headers
        .iter()
        .map(|(name, _)| name)
        .find(|name| !is_shown_header(name))
}

/// Refuses `request` if it carries credentials to another origin than
/// `base` (the base URL's, `None` when it has none: then only a request
/// to no origin, a relative URL, passes).
fn credentials_to(base: Option<&Origin>, request: &Request) -> Result<()> {
    let Some(header) = credential_header(request) else {
        return Ok(());
    };
    let origin = Origin::of(&request.url);
    let allowed = match (&origin, base) {
        (Some(origin), Some(base)) => origin == base,
        (None, None) => !is_absolute(&request.url),
        _ => false,
    };
    if allowed {
        return Ok(());
    }
    let shown = |origin: Option<&Origin>, url: &str| match origin {
        Some(origin) => origin.to_string(),
        None => url_host(url).unwrap_or_default().to_owned(),
    };
    Err(Error::CredentialsHost {
        header: header.to_owned(),
        host: shown(origin.as_ref(), &request.url),
        base_host: base.map(Origin::to_string).unwrap_or_default(),
    })
}
