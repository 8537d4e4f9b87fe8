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
use crate::url::{Origin, is_absolute, redact_userinfo, url_host};
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
/// uploads URL ([`Endpoint::with_uploads_url`]), where typed routes declared
/// `#[endpoint(uploads)]` go instead of the base URL. Endpoints made with
/// [`Endpoint::defaults`] keep both.
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
    /// The origin that credentials may go to with a request on the uploads
    /// URL (see [`Endpoint::with_credential_host_check`]).
    uploads_origin: Option<Origin>,
    /// The uploads URL, when one was set.
    uploads_url: Option<String>,
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
            .field("uploads_url", &redact_userinfo(self.uploads_url()))
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
        Self::with_inner(defaults, false, None)
    }

    fn with_inner(
        defaults: Map<String, Value>,
        credential_host_check: bool,
        uploads_url: Option<String>,
    ) -> Self {
        let prepared = Prepared::new(&defaults);
        let base_origin = defaults::base_url(&defaults).and_then(Origin::of);
        // The uploads URL's origin is trusted when it was set, or when both
        // URLs are GitHub's; the default uploads origin under another base
        // URL (GitHub Enterprise, without an uploads URL of its own) is not.
        let uploads_origin = match &uploads_url {
            Some(url) => Origin::of(url),
            None if base_origin == Origin::of(DEFAULT_BASE_URL) => Origin::of(DEFAULT_UPLOADS_URL),
            None => base_origin.clone(),
        };
        Endpoint {
            inner: Arc::new(Inner {
                defaults: Value::Object(defaults),
                credential_check: credential_host_check,
                base_origin,
                uploads_origin,
                uploads_url,
                prepared,
            }),
        }
    }

    /// The uploads URL: the base URL of the typed routes declared
    /// `#[endpoint(uploads)]` (in `endpoint-github`,
    /// `repos::UploadReleaseAsset`). [`DEFAULT_UPLOADS_URL`]
    /// (`https://uploads.github.com`) unless set with
    /// [`Endpoint::with_uploads_url`].
    ///
    /// This is an extension: `@octokit/endpoint` has no uploads URL, and the
    /// dynamic API does not use it. A dynamic request goes there when the
    /// call gives it as its `baseUrl`.
    pub fn uploads_url(&self) -> &str {
        self.inner
            .uploads_url
            .as_deref()
            .unwrap_or(DEFAULT_UPLOADS_URL)
    }

    /// A new endpoint with the same defaults whose typed routes declared
    /// `#[endpoint(uploads)]` go to `url` instead of
    /// [`DEFAULT_UPLOADS_URL`]; see [`Endpoint::uploads_url`]. The endpoints
    /// made from it with [`Endpoint::defaults`] keep it.
    ///
    /// GitHub Enterprise Server serves the API under `https://HOST/api/v3`
    /// and uploads under `https://HOST/api/uploads`:
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let ghe = Endpoint::default()
    ///     .defaults(json!({"baseUrl": "https://ghe.example.com/api/v3"}))?
    ///     .with_uploads_url("https://ghe.example.com/api/uploads")?;
    /// assert_eq!(ghe.uploads_url(), "https://ghe.example.com/api/uploads");
    /// assert_eq!(Endpoint::default().uploads_url(), "https://uploads.github.com");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// With the credential host check on, a request on the uploads URL may
    /// carry credentials to its host: the host of a URL set here, or
    /// `uploads.github.com` when the base URL is `https://api.github.com`.
    ///
    /// # Errors
    /// [`Error::Option`] (key `uploadsUrl`) when `url` is not an absolute
    /// `http://` or `https://` URL.
    pub fn with_uploads_url(&self, url: &str) -> Result<Endpoint> {
        if !is_absolute(url) {
            return Err(Error::option(
                "uploadsUrl",
                "must be an absolute http:// or https:// URL",
            ));
        }
        Ok(Self::with_inner(
            self.defaults_map().clone(),
            self.inner.credential_check,
            Some(url.to_owned()),
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
    /// or a call that overrides `baseUrl`. Endpoints made from this one with
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
        Self::with_inner(
            self.defaults_map().clone(),
            on,
            self.inner.uploads_url.clone(),
        )
    }

    /// Refuses `request` when the credential host check is on and it would
    /// carry credentials to another origin; passes it through otherwise (by
    /// value, so that every entry point ends in one call).
    #[inline]
    pub(crate) fn check_credentials(&self, request: Result<Request>) -> Result<Request> {
        self.check_credentials_on(&self.inner.base_origin, request)
    }

    /// [`Endpoint::check_credentials`] against `origin`, the base URL's or
    /// the uploads URL's.
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
            self.inner.uploads_url.clone(),
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
        if plan.uploads {
            let uploads_url = Some(self.uploads_url());
            let request = typed::request(
                self.defaults_map(),
                &self.inner.prepared,
                uploads_url,
                plan,
                fields,
            );
            return self.check_credentials_on(&self.inner.uploads_origin, request);
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
/// base URL, and that of its uploads URL (the one set with
/// [`Endpoint::with_uploads_url`], or `https://uploads.github.com` when the
/// base URL is `https://api.github.com`). The credential host check allows
/// these; a client made from an endpoint sends its credentials to these
/// alone.
pub fn credential_origins(endpoint: &Endpoint) -> Vec<Origin> {
    let mut origins: Vec<Origin> = endpoint.inner.base_origin.iter().cloned().collect();
    if let Some(uploads) = &endpoint.inner.uploads_origin
        && !origins.contains(uploads)
    {
        origins.push(uploads.clone());
    }
    origins
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
