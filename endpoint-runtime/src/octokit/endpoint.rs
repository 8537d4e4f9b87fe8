//! The endpoint: defaults plus the members `endpoint`, `defaults`, `DEFAULTS`, `merge` and `parse`.

use std::sync::{Arc, LazyLock};

use serde_json::{Map, Value};

use super::defaults::{self, CallOptions, Prepared};
use super::dynamic;
use super::github::{DEFAULT_ACCEPT, DEFAULT_BASE_URL, DEFAULT_UPLOADS_URL};
use super::layers::{CallParam, CallParams, LayerParams, Layers};
use super::merge;
use super::options::{Options, check_depth};
use crate::api::sealed::{Fields, Sealed};
use crate::api::{Api, Settings};
use crate::error::{Error, Result};
use crate::headers::Headers;
use crate::names::{REDACTED, is_credential_param, shown_header_value};
use crate::params::Params;
use crate::request::Request;
use crate::route::Route;
use crate::servers::{Elsewhere, Servers};
use crate::template::NameSet;
use crate::typed::{self, Plan, TypedParams};
use crate::url::{Origin, redact_userinfo};
use crate::value::Param;
use crate::wire::plan::{Location, Placement};

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
    /// The defaults, read once.
    prepared: Arc<Prepared>,
    /// The API's settings the defaults give (base URL, headers), with the
    /// servers routes are sent to and the credential host check.
    api: Api,
    /// Whether the defaults are the API's settings alone (valid, without
    /// parameters or a `request` option): then a typed request is built
    /// with [`Inner::api`] alone.
    plain: bool,
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

/// The settings of the global defaults (those of `Endpoint::default()`),
/// which typed requests of routes that name no API of their own are built
/// with.
pub(crate) fn global_api() -> &'static Api {
    global().api()
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
            .field("servers", self.inner.api.servers())
            .field("credential_host_check", &self.inner.api.credential_check())
            .finish()
    }
}

impl Endpoint {
    /// An endpoint with the GitHub defaults; the same as `Endpoint::default()`.
    pub fn new() -> Self {
        Self::default()
    }

    fn from_defaults(defaults: Map<String, Value>) -> Self {
        Self::with_inner(defaults, false, Servers::default(), Some(DEFAULT_ACCEPT))
    }

    /// An endpoint whose defaults are the settings of `api`: its base URL
    /// and headers, the servers it sends routes to and its credential host
    /// check, and nothing else (no GitHub default underneath). Typed
    /// requests built with it are those `api` builds; dynamic requests
    /// ([`Endpoint::endpoint`]) start from the same settings.
    ///
    /// ```
    /// use endpoint::{Api, Endpoint};
    ///
    /// let api = Api::new("https://shop.example/v1")?.header("x-shop", "1")?;
    /// let shop = Endpoint::from_api(&api);
    /// let request = shop.endpoint("GET /orders/{id}", serde_json::json!({"id": 7}))?;
    /// assert_eq!(request.url, "https://shop.example/v1/orders/7");
    /// assert_eq!(request.headers.get("accept"), Some("application/json"));
    /// assert_eq!(request.headers.get("x-shop"), Some("1"));
    /// assert_eq!(shop.default_options()["baseUrl"], "https://shop.example/v1");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    pub fn from_api(api: &Api) -> Endpoint {
        let headers = match api.headers().to_json() {
            Value::Object(headers) => headers,
            _ => Map::new(),
        };
        let defaults = defaults::of(api.base_url(), headers);
        Endpoint {
            inner: Arc::new(Inner {
                defaults: Value::Object(defaults),
                prepared: Arc::new(Prepared::of(api.base_url(), api.headers())),
                api: with_uploads_tied(api),
                plain: true,
            }),
        }
    }

    /// An endpoint of `defaults`, with the settings it derives from: its
    /// check, its servers and the `accept` it was made with
    /// ([`Api::with_default_accept`]).
    fn with_inner(
        defaults: Map<String, Value>,
        credential_host_check: bool,
        servers: Servers,
        default_accept: Option<&str>,
    ) -> Self {
        let prepared = Prepared::new(&defaults);
        let (api, plain) = match prepared.ready() {
            Some(ready) => (
                Api::prepared(&ready.base_url, ready.body_headers.clone()),
                !prepared.has_params() && ready.request.is_none(),
            ),
            None => {
                let base_url = defaults::base_url(&defaults).unwrap_or_default();
                (Api::unchecked(base_url, Headers::new()), false)
            }
        };
        let api = with_uploads_tied(
            &api.with_servers(servers)
                .with_credential_host_check(credential_host_check),
        )
        .with_default_accept(default_accept);
        Endpoint {
            inner: Arc::new(Inner {
                defaults: Value::Object(defaults),
                prepared: Arc::new(prepared),
                api,
                plain,
            }),
        }
    }

    /// The same defaults with the settings `api` (its servers, its check).
    fn with_api(&self, api: Api) -> Endpoint {
        Endpoint {
            inner: Arc::new(Inner {
                defaults: self.inner.defaults.clone(),
                prepared: self.inner.prepared.clone(),
                api,
                plain: self.inner.plain,
            }),
        }
    }

    /// The API's settings these defaults give: the base URL, the headers
    /// (`accept` composed from the previews and format), the servers
    /// routes are sent to and the credential host check; not the default
    /// parameters nor the `request` option, which only the endpoint adds.
    pub fn api(&self) -> &Api {
        &self.inner.api
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
        let api = self.inner.api.with_server(declared, actual)?;
        Ok(self.with_api(api))
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
        self.with_api(self.inner.api.with_credential_host_check(on))
    }

    /// Refuses `request` when the credential host check is on and it would
    /// carry credentials to another origin; passes it through otherwise (by
    /// value, so that every entry point ends in one call).
    #[inline]
    pub(crate) fn check_credentials(&self, request: Result<Request>) -> Result<Request> {
        let api = &self.inner.api;
        api.check_credentials_on(api.base_origin(), request)
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
            self.inner.api.credential_check(),
            self.inner.api.servers().moved_only(),
            self.inner.api.default_accept(),
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

    /// The request of a typed route of the endpoint's own API.
    #[cfg(test)]
    fn typed_request(&self, plan: &Plan, fields: &[Option<Param<'_>>]) -> Result<Request> {
        Sealed::typed_request(self, self.api(), plan, fields, &mut None)
    }
}

impl Sealed for Endpoint {
    /// The request of a typed route of the API `home` with these defaults:
    /// with the API's settings alone when that is all they hold, else read
    /// as a call that sets nothing (default parameters under the route's
    /// fields, the `request` option, the errors of invalid defaults).
    fn typed_request(
        &self,
        home: &Api,
        plan: &Plan,
        fields: &Fields<'_>,
        declared: &mut Option<Origin>,
    ) -> Result<Request> {
        let api = &self.inner.api;
        if self.inner.plain {
            return Sealed::typed_request(api, home, plan, fields, declared);
        }
        let place = api.place(home, plan)?;
        let defaults = self.defaults_map();
        let prepared = &*self.inner.prepared;
        let (base_url, mut options) = match prepared.ready() {
            Some(ready) => (ready.base_url.as_str(), ready.resolved()),
            None => {
                // Invalid defaults: read them as a call that sets nothing,
                // which reports their errors in order.
                let call = CallOptions::begin(Layers::call(defaults, None, None), prepared)?;
                let base_url = call.layers().base_url()?;
                (base_url, call.finish()?)
            }
        };
        options.default_accept = api.default_accept();
        let typed = TypedParams { plan, fields };
        api.on_route(place, plan, base_url, declared, |base_url| {
            if prepared.has_params() {
                let call = TypedCall::new(&typed)?;
                let params = LayerParams::new(Some(defaults), true, &plan.template, call);
                typed::build_with(base_url, options, plan, &params)
            } else {
                typed::build_with(base_url, options, plan, &typed)
            }
        })
    }
}

impl Settings for Endpoint {
    fn api(&self) -> &Api {
        &self.inner.api
    }
}

/// `api` with GitHub's uploads server tied to GitHub's base URL, as every
/// endpoint's settings have it (and the clients' settings): under another
/// base URL its routes go where they declare, and carry no credentials
/// there.
pub fn with_uploads_tied(api: &Api) -> Api {
    api.tie(
        DEFAULT_UPLOADS_URL,
        Origin::of(DEFAULT_BASE_URL),
        Elsewhere::Declared,
    )
}

/// A typed route's fields under an endpoint's default parameters.
struct TypedCall<'a, 'v> {
    typed: &'a TypedParams<'a, 'v>,
    /// The call's remaining parameters of the default location (those the
    /// defaults' parameters merge with, see [`merges`]), owned: this path
    /// runs only for endpoints whose defaults hold parameters. The others (a
    /// header, a query parameter of a route with a body, a body of bytes…)
    /// are the call's own and pass as they are.
    remaining: Vec<(String, Value, Placement)>,
    /// The names of the call's other parameters: a default parameter of
    /// one of these names is the call's, and is not sent.
    own: Vec<String>,
}

impl<'a, 'v> TypedCall<'a, 'v> {
    fn new(typed: &'a TypedParams<'a, 'v>) -> Result<Self> {
        let mut remaining = Vec::new();
        let mut own = Vec::new();
        typed.for_each_remaining(&typed.plan.template, &mut |key, value, placement| {
            if merges(&value, placement) {
                remaining.push((key.to_owned(), value.to_json().into_owned(), *placement));
            } else {
                own.push(key.to_owned());
            }
            Ok(())
        })?;
        Ok(TypedCall {
            typed,
            remaining,
            own,
        })
    }
}

/// Whether a call's parameter merges with the defaults' parameters: one of
/// the default location, unless it is bytes, a file or a choice of body,
/// which no default can hold and which pass as they are.
fn merges(value: &Param<'_>, placement: &Placement) -> bool {
    placement.location == Location::Default && !value.is_body_only()
}

impl CallParams for TypedCall<'_, '_> {
    fn var(&self, slot: usize, _name: &str) -> Option<Param<'_>> {
        self.typed.typed_var(slot)
    }

    fn merging(&self, key: &str) -> Option<(&Value, &Placement)> {
        self.remaining
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, value, placement)| (value, placement))
    }

    fn owns(&self, key: &str) -> bool {
        self.own.iter().any(|own| own == key)
    }

    fn for_each_call(&self, _variables: &NameSet<'_>, f: &mut CallParam<'_>) -> Result<()> {
        for (key, value, placement) in &self.remaining {
            f(key, Param::Json(value), placement, true)?;
        }
        self.typed
            .for_each_remaining(&self.typed.plan.template, &mut |key, value, placement| {
                if merges(&value, placement) {
                    return Ok(());
                }
                f(key, value, placement, false)
            })
    }
}

/// The origins an endpoint's credentials may go to: the origin of its
/// base URL, those of the servers it sends routes to
/// ([`Endpoint::with_server`]), and `https://uploads.github.com` when the
/// base URL is `https://api.github.com` and it is not sent elsewhere. The credential host
/// check allows these, and a route's own server
/// ([`HttpRequest::declared_origin`](crate::HttpRequest::declared_origin)); a
/// client made from an endpoint sends its credentials to these alone (and
/// to the servers its routes declare).
pub fn credential_origins(endpoint: &Endpoint) -> Vec<Origin> {
    endpoint.inner.api.credential_origins()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Method;
    use crate::template::parts::static_template;
    use crate::wire::plan::ParamPlan;

    /// `POST /x` with one optional body field `note`.
    const PLAN: Plan = Plan {
        method: Method::POST,
        // `/x`, packed as the macro packs it.
        template: static_template("/x", &[2, 0, 8]),
        params: &[ParamPlan::new("note")],
        server: None,
        body: None,
        accept: None,
        pagination: None,
    };

    #[test]
    fn an_endpoint_of_an_api_has_no_github_default_underneath() -> Result<()> {
        let api = Api::new("https://shop.example/v1")?.header("x-shop", "1")?;
        let shop = Endpoint::from_api(&api);
        let defaults = shop.default_options();
        assert_eq!(defaults["baseUrl"], "https://shop.example/v1");
        assert_eq!(
            defaults["headers"],
            serde_json::json!({
                "accept": "application/json",
                "user-agent": crate::names::USER_AGENT,
                "x-shop": "1",
            })
        );
        // Typed and dynamic requests are the same request.
        let typed = shop.typed_request(&PLAN, &[Some(Param::Str("hi"))])?;
        assert_eq!(typed, api.typed_request(&PLAN, &[Some(Param::Str("hi"))])?);
        let dynamic = shop.endpoint("POST /x", serde_json::json!({"note": "hi"}))?;
        assert_eq!(typed, dynamic);
        assert_eq!(typed.url, "https://shop.example/v1/x");
        // Layers on top are the octokit layer's.
        let layered = shop.defaults(serde_json::json!({"mediaType": {"format": "raw"}}))?;
        let request = layered.typed_request(&PLAN, &[None])?;
        assert_eq!(request, layered.endpoint("POST /x", ())?);
        assert_eq!(request.headers.get("x-shop"), Some("1"));
        Ok(())
    }

    #[test]
    fn default_parameters_lie_under_a_typed_routes_fields() -> Result<()> {
        let endpoint = Endpoint::default().defaults(serde_json::json!({
            "note": {"a": 1},
            "per_page": 100,
            "token": "s3cr3t",
        }))?;
        let set = serde_json::json!({"b": 2});
        let request = endpoint.typed_request(&PLAN, &[Some(Param::Json(&set))])?;
        // The defaults' keys first, objects merged deeply, credentials withheld.
        assert_eq!(
            request.body.as_ref().map(crate::Body::as_str),
            Some(r#"{"note":{"a":1,"b":2},"per_page":100}"#)
        );
        let dynamic = endpoint.endpoint("POST /x", serde_json::json!({"note": {"b": 2}}))?;
        assert_eq!(request, dynamic);
        Ok(())
    }
}
