//! The endpoint: defaults plus the members `endpoint`, `defaults`, `DEFAULTS`, `merge` and `parse`.

use std::sync::{Arc, LazyLock};

use serde_json::{Map, Value};

use crate::defaults::{self, Prepared};
use crate::dynamic;
use crate::error::{Error, Result};
use crate::github::{DEFAULT_BASE_URL, DEFAULT_UPLOADS_URL};
use crate::merge;
use crate::options::{Options, check_depth};
use crate::request::Request;
use crate::route::Route;
use crate::typed::{self, Plan};
use crate::url::{is_absolute, url_host};
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
    /// The host of the defaults' `baseUrl`, when credentials must stay on it.
    credential_host: Option<Option<String>>,
    /// The host that credentials may go to with a request on the uploads
    /// URL, when the check is on (see [`Endpoint::with_credential_host_check`]).
    uploads_credential_host: Option<Option<String>>,
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

/// Default headers whose values `Debug` shows; any other's may be a
/// credential (`authorization`, `cookie`, `x-api-key`…) and is redacted.
const SHOWN_HEADERS: [&str; 4] = [
    "accept",
    "user-agent",
    "content-type",
    "x-github-api-version",
];

/// `Debug` shows the defaults with every header value redacted but those of
/// `accept`, `user-agent`, `content-type` and `x-github-api-version`, so that
/// printing an endpoint shows no credential.
impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut defaults = self.inner.defaults.clone();
        if let Some(Value::Object(headers)) = defaults.get_mut("headers") {
            for (name, value) in headers.iter_mut() {
                let shown = SHOWN_HEADERS
                    .iter()
                    .any(|shown| shown.eq_ignore_ascii_case(name));
                if !shown {
                    *value = Value::String("<redacted>".to_owned());
                }
            }
        }
        f.debug_struct("Endpoint")
            .field("defaults", &defaults)
            .field("uploads_url", &self.uploads_url())
            .field(
                "credential_host_check",
                &self.inner.credential_host.is_some(),
            )
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
        let host = |url: &str| url_host(url).map(str::to_ascii_lowercase);
        let credential_host =
            credential_host_check.then(|| defaults::base_url(&defaults).and_then(host));
        // The uploads URL's host is trusted when it was set, or when both
        // URLs are GitHub's; the default uploads host under another base URL
        // (GitHub Enterprise, without an uploads URL of its own) is not.
        let uploads_credential_host =
            credential_host
                .as_ref()
                .map(|base_host| match &uploads_url {
                    Some(url) => host(url),
                    None if *base_host == host(DEFAULT_BASE_URL) => host(DEFAULT_UPLOADS_URL),
                    None => base_host.clone(),
                });
        Endpoint {
            inner: Arc::new(Inner {
                defaults: Value::Object(defaults),
                credential_host,
                uploads_credential_host,
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
            self.inner.credential_host.is_some(),
            Some(url.to_owned()),
        ))
    }

    /// A new endpoint that refuses to send credentials anywhere but the host
    /// of its base URL (`true`), or that allows it again (`false`, the
    /// default, as in `@octokit/endpoint`).
    ///
    /// With the check on, a request that carries an `authorization`,
    /// `proxy-authorization` or `cookie` header and whose URL's host is not
    /// the host of this endpoint's `baseUrl` (a full URL in the route, a
    /// `{+url}` parameter, or a call that overrides `baseUrl`) fails with
    /// [`Error::CredentialsHost`](crate::Error::CredentialsHost). Endpoints
    /// made from this one with [`Endpoint::defaults`] keep the setting, and
    /// check against their own `baseUrl`.
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
    /// carry credentials to another host; passes it through otherwise (by
    /// value, so that every entry point ends in one call).
    #[inline]
    pub(crate) fn check_credentials(&self, request: Result<Request>) -> Result<Request> {
        Self::check_credentials_on(&self.inner.credential_host, request)
    }

    /// [`Endpoint::check_credentials`] against `host`, the base URL's or
    /// the uploads URL's.
    #[inline]
    fn check_credentials_on(
        host: &Option<Option<String>>,
        request: Result<Request>,
    ) -> Result<Request> {
        let Ok(request) = request else {
            return request;
        };
        match host {
            None => Ok(request),
            Some(base_host) => credentials_to(base_host, &request).map(|()| request),
        }
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
            self.inner.credential_host.is_some(),
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
    /// `endpoint(o)` equals `parse(merge(o))`.
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
            return Self::check_credentials_on(&self.inner.uploads_credential_host, request);
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

/// Refuses `request` if it carries credentials to another host than
/// `base_host` (the base URL's host, `None` when it has none).
fn credentials_to(base_host: &Option<String>, request: &Request) -> Result<()> {
    const CREDENTIALS: [&str; 3] = ["authorization", "proxy-authorization", "cookie"];
    let Some(header) = CREDENTIALS
        .iter()
        .find(|name| request.headers.contains(name))
    else {
        return Ok(());
    };
    let host = url_host(&request.url).map(str::to_ascii_lowercase);
    if host == *base_host {
        return Ok(());
    }
    Err(Error::CredentialsHost {
        header: (*header).to_owned(),
        host: host.unwrap_or_default(),
        base_host: base_host.clone().unwrap_or_default(),
    })
}
