//! [`Api`]: an API's settings as typed values, which typed requests are
//! built with: its base URL, its headers (validated once, when they are
//! set), the servers its routes' requests go to and where its credentials
//! may go. No JSON options are read on this path.

use std::borrow::Cow;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::headers::{BodyHeaders, Headers};
use crate::names::USER_AGENT;
use crate::request::Request;
use crate::servers::{Elsewhere, Place, Servers, Tie};
use crate::typed::{self, Plan};
use crate::url::{Origin, is_absolute, redact_userinfo, resolve_server, server_error, url_host};
use crate::value::Param;
use sealed::Fields;

/// The `accept` header of a new [`Api`]: JSON.
pub(crate) const JSON_ACCEPT: &str = "application/json";

/// An API's settings, held as typed values: the base URL, the headers every
/// request carries (an `accept`, a `user-agent`, credentials…), the servers
/// routes declaring one of their own are sent to instead, and whether
/// credentials must stay on the API's origins.
///
/// Typed requests (structs of `endpoint!` and of generated crates) are
/// built with one: each such crate has its own (`crate::api()`), which its
/// structs name with `#[endpoint(api = crate::api)]`. Cloning is cheap, and
/// an `Api` may be used from many threads at once. An
/// [`Endpoint`](crate::Endpoint) made from it
/// ([`Endpoint::from_api`](crate::Endpoint::from_api)) builds dynamic
/// requests with the same settings.
///
/// ```
/// use endpoint::{Api, endpoint};
///
/// let shop = Api::new("https://shop.example/v1")?.header("x-shop", "1")?;
/// assert_eq!(shop.headers().get("accept"), Some("application/json"));
///
/// endpoint! {
///     pub struct GetOrder = "GET /orders/{id}";
/// }
/// let request = GetOrder { id: "7".into() }.to_request_with(&shop)?;
/// assert_eq!(request.url, "https://shop.example/v1/orders/7");
/// assert_eq!(request.headers.get("x-shop"), Some("1"));
///
/// assert!(Api::new("shop.example").is_err());
/// assert!(shop.header("x-bad", "a\r\nb").is_err());
/// # Ok::<(), endpoint::Error>(())
/// ```
#[derive(Clone)]
pub struct Api {
    base_url: Arc<str>,
    /// The origin of the base URL.
    base_origin: Option<Origin>,
    /// The headers, with what a request with a body, or without one, adds.
    headers: Arc<BodyHeaders>,
    /// The servers routes declare (`#[endpoint(server = "…")]`): the URLs
    /// their requests go to instead ([`Api::with_server`]) and the base
    /// URLs they belong with ([`Api::with_tied_server`]).
    servers: Servers,
    /// Whether credentials must stay on the API's origins.
    credential_check: bool,
    /// The `accept` these settings were made with besides JSON's (that of
    /// the code that wrote them), which a route's own `accept` replaces as
    /// it replaces JSON's; one set later is the caller's choice, kept.
    default_accept: Option<Arc<str>>,
    /// Why the settings written in code are not valid ([`api_settings`]),
    /// which every request built with them reports.
    invalid: Option<Arc<Error>>,
}

/// The settings of a crate of requests, written in its code: `base_url`
/// (empty for none) and `headers` over a new [`Api`]'s (a `user-agent`,
/// JSON asked for). What a generated crate's `api()` makes once; a base
/// URL or a header that is not valid is reported by each request built
/// with them, never by a panic.
#[doc(hidden)]
pub fn api_settings(base_url: &str, headers: &[(&'static str, &'static str)]) -> Api {
    api_settings_tied(base_url, headers, &[])
}

/// [`api_settings`] with the servers its routes declare on other origins
/// than the base URL's, tied to it ([`Api::with_tied_server`]): each with
/// the path it is at on another base URL's origin, if any.
#[doc(hidden)]
pub fn api_settings_tied(
    base_url: &str,
    headers: &[(&'static str, &'static str)],
    tied: &[(&'static str, Option<&'static str>)],
) -> Api {
    let settings = Api::new(base_url).and_then(|api| {
        let api = headers
            .iter()
            .try_fold(api, |api, (name, value)| api.header(*name, *value))?;
        tied.iter().try_fold(api, |api, (server, elsewhere)| {
            api.with_tied_server(server, *elsewhere)
        })
    });
    let default_accept = headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("accept"))
        .map(|&(_, accept)| accept);
    match settings {
        Ok(api) => api.with_default_accept(default_accept),
        Err(error) => Api {
            invalid: Some(Arc::new(error)),
            ..Api::unchecked(base_url, Headers::new())
        },
    }
}

/// `Debug` shows every header that may be a credential redacted, and the
/// URLs without their user information.
impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Api")
            .field("base_url", &redact_userinfo(&self.base_url))
            .field("headers", self.headers())
            .field("servers", &self.servers)
            .field("credential_host_check", &self.credential_check)
            .finish()
    }
}

impl Api {
    /// An API at `base_url` whose requests ask for JSON
    /// (`accept: application/json`) and name this crate as their
    /// `user-agent` (`endpoint-runtime/<version>`); set others with
    /// [`Api::header`]. The base URL is an absolute `http(s)` URL, or
    /// empty for none (then the routes' own servers, or URLs, are needed).
    ///
    /// # Errors
    /// [`Error::Option`] (key `baseUrl`) when `base_url` is not an
    /// absolute `http(s)` URL, or has a query, a fragment, user information
    /// or white space.
    pub fn new(base_url: &str) -> Result<Api> {
        let mut headers = Headers::with_capacity(2);
        headers.insert("accept", JSON_ACCEPT)?;
        headers.insert("user-agent", USER_AGENT)?;
        Api::with_headers(base_url, headers)
    }

    /// An API at `base_url` (as [`Api::new`]) whose requests carry
    /// `headers`, and no other.
    ///
    /// # Errors
    /// As [`Api::new`].
    pub fn with_headers(base_url: &str, headers: Headers) -> Result<Api> {
        if !base_url.is_empty() {
            check_absolute("baseUrl", base_url)?;
        }
        Ok(Api::unchecked(base_url, headers))
    }

    /// The settings of a base URL and headers read already (an endpoint's
    /// defaults, which may hold any base URL).
    pub(crate) fn unchecked(base_url: &str, headers: Headers) -> Api {
        Api::prepared(base_url, Arc::new(BodyHeaders::new(headers)))
    }

    /// The settings of a base URL and headers prepared already, shared
    /// with the code that prepared them.
    pub(crate) fn prepared(base_url: &str, headers: Arc<BodyHeaders>) -> Api {
        Api {
            base_url: base_url.into(),
            base_origin: Origin::of(base_url),
            headers,
            servers: Servers::default(),
            credential_check: false,
            default_accept: None,
            invalid: None,
        }
    }

    /// The same settings with `accept` as the `accept` they were made
    /// with: the default of the code that made them (a client's policy, a
    /// generated crate), which a route's own `accept` replaces as it
    /// replaces JSON's. An `accept` set otherwise is the caller's choice,
    /// which a route's keeps.
    ///
    /// ```
    /// use endpoint::Api;
    /// let api = Api::new("https://shop.example")?
    ///     .header("accept", "application/vnd.shop+json")?
    ///     .with_default_accept(Some("application/vnd.shop+json"));
    /// assert_eq!(api.default_accept(), Some("application/vnd.shop+json"));
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    pub fn with_default_accept(self, accept: Option<&str>) -> Api {
        Api {
            default_accept: accept.map(Arc::from),
            ..self
        }
    }

    /// The `accept` the settings were made with besides JSON's, which a
    /// route's own replaces.
    pub fn default_accept(&self) -> Option<&str> {
        self.default_accept.as_deref()
    }

    /// The same settings with the header `name` (in any letter case) set to
    /// `value`, replacing any value it had.
    ///
    /// # Errors
    /// [`Error::HeaderName`] or [`Error::HeaderValue`] when `name` or
    /// `value` cannot be sent.
    pub fn header(
        &self,
        name: impl Into<Cow<'static, str>>,
        value: impl Into<Cow<'static, str>>,
    ) -> Result<Api> {
        let mut headers = self.headers().clone();
        headers.insert(name, value)?;
        Ok(Api {
            headers: Arc::new(BodyHeaders::new(headers)),
            ..self.clone()
        })
    }

    /// The same settings without the header `name` (in any letter case).
    pub fn without_header(&self, name: &str) -> Api {
        let mut headers = self.headers().clone();
        headers.remove(name);
        Api {
            headers: Arc::new(BodyHeaders::new(headers)),
            ..self.clone()
        }
    }

    /// The base URL.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The headers every request carries: names lowercase, values valid.
    pub fn headers(&self) -> &Headers {
        self.headers.base()
    }

    /// The same settings, sending the typed routes that declare the server
    /// `declared` (`#[endpoint(server = "…")]`) to `actual` instead: a test
    /// server, a proxy. Setting the same declared server again replaces its
    /// URL. Both are an absolute `http(s)` URL or a path (`/v2`), resolved
    /// against the base URL, without a query, a fragment or user
    /// information; a trailing `/` is dropped, from both and from the
    /// routes' servers.
    ///
    /// # Errors
    /// [`Error::Option`] (key `servers.declared` or `servers.url`) when
    /// either is no server URL, saying what is wrong.
    pub fn with_server(&self, declared: &str, actual: &str) -> Result<Api> {
        for (key, url) in [("servers.declared", declared), ("servers.url", actual)] {
            if let Some(reason) = server_error(url) {
                return Err(Error::option(key, reason));
            }
        }
        let servers = self
            .servers
            .moved_to(declared.trim_end_matches('/'), actual.trim_end_matches('/'));
        Ok(Api {
            servers,
            ..self.clone()
        })
    }

    /// The same settings, where the routes declaring the server `server`
    /// (`#[endpoint(server = "…")]`, an absolute URL on another origin than
    /// the base URL's) belong with this base URL: a deployment of the API
    /// elsewhere has its own. Built with the settings of another base URL
    /// (`to_request_with`), which do not send `server` elsewhere themselves
    /// ([`Api::with_server`]), such a route of this API's goes to
    /// `elsewhere` (a path) on that base URL's origin when it is given, as
    /// GitHub's uploads (`https://uploads.github.com`) are at `/api/uploads`
    /// of a GitHub Enterprise Server; without it, its request is refused
    /// with [`Error::UnmappedServer`], which names `server` and
    /// [`Api::with_server`], the setting that says where that deployment's
    /// server is: it is never sent to `server`, with credentials meant for
    /// another base URL, nor anywhere guessed. Setting the same server again
    /// replaces its path.
    ///
    /// ```
    /// use endpoint::{Api, endpoint};
    ///
    /// fn shop() -> &'static Api {
    ///     static SHOP: std::sync::LazyLock<Api> = std::sync::LazyLock::new(|| {
    ///         Api::new("https://api.shop.example")
    ///             .and_then(|api| api.with_tied_server("https://files.shop.example", Some("/files")))
    ///             .expect("valid settings")
    ///     });
    ///     &SHOP
    /// }
    ///
    /// endpoint! {
    ///     #[endpoint(api = shop, server = "https://files.shop.example")]
    ///     pub struct GetFile = "GET /f/{id}";
    /// }
    /// let file = GetFile { id: "7".into() };
    /// assert_eq!(file.to_request()?.url, "https://files.shop.example/f/7");
    /// let staging = Api::new("https://staging.shop.example/v1")?;
    /// assert_eq!(file.to_request_with(&staging)?.url, "https://staging.shop.example/files/f/7");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Option`] (key `servers.tied` or `servers.elsewhere`) when
    /// `server` is no absolute server URL or `elsewhere` no path, saying
    /// what is wrong.
    pub fn with_tied_server(&self, server: &str, elsewhere: Option<&str>) -> Result<Api> {
        check_absolute("servers.tied", server)?;
        if let Some(path) = elsewhere {
            if let Some(reason) = server_error(path) {
                return Err(Error::option("servers.elsewhere", reason));
            }
            if !path.starts_with('/') {
                return Err(Error::option("servers.elsewhere", "must be a path (`/…`)"));
            }
        }
        let elsewhere = match elsewhere {
            Some(path) => Elsewhere::At(path.trim_end_matches('/').to_owned()),
            None => Elsewhere::Unknown,
        };
        Ok(self.tie(server, self.base_origin.clone(), elsewhere))
    }

    /// The same settings, where the routes declaring `server` belong with
    /// the base URL of origin `home`, and are `elsewhere` under another:
    /// the one rule of the servers tied to a base URL, which
    /// [`Api::with_tied_server`] sets for the settings' own base URL, and an
    /// endpoint's defaults for GitHub's uploads server.
    pub(crate) fn tie(&self, server: &str, home: Option<Origin>, elsewhere: Elsewhere) -> Api {
        let servers = self
            .servers
            .tied(server.trim_end_matches('/'), Tie { home, elsewhere });
        Api {
            servers,
            ..self.clone()
        }
    }

    /// Where a route of the API `home` goes with these settings: where they
    /// send its server ([`Api::with_server`]); else, when `home` ties its
    /// server to its base URL ([`Api::with_tied_server`]) and these
    /// settings have another base URL's origin, to that server's path on
    /// it, or nowhere ([`Error::UnmappedServer`]) when it has none; else
    /// where it is declared.
    pub(crate) fn place(&self, home: &Api, plan: &Plan) -> Result<Place<'_>> {
        let Some(server) = plan.server else {
            return Ok(Place::Declared);
        };
        self.servers
            .place(&home.servers, server, self.base_origin.as_ref())
            .map_err(|()| Error::UnmappedServer {
                server: server.trim_end_matches('/').to_owned(),
                home: redact_userinfo(&home.base_url).into_owned(),
                base_url: redact_userinfo(&self.base_url).into_owned(),
            })
    }

    /// The same settings, refusing to send credentials anywhere but the
    /// API's origins (`true`), or allowing it (`false`, the default); see
    /// [`Endpoint::with_credential_host_check`](crate::Endpoint::with_credential_host_check).
    pub fn with_credential_host_check(&self, on: bool) -> Api {
        Api {
            credential_check: on,
            ..self.clone()
        }
    }

    /// Whether the credential host check is on.
    pub(crate) fn credential_check(&self) -> bool {
        self.credential_check
    }

    /// The origin of the base URL.
    pub(crate) fn base_origin(&self) -> &Option<Origin> {
        &self.base_origin
    }

    /// The servers routes declare, as these settings place them.
    pub(crate) fn servers(&self) -> &Servers {
        &self.servers
    }

    /// The same settings with `servers` as the servers set.
    pub(crate) fn with_servers(&self, servers: Servers) -> Api {
        Api {
            servers,
            ..self.clone()
        }
    }

    /// The origins this API's credentials may go to: that of its base URL,
    /// those of the servers it sends routes to ([`Api::with_server`]), and
    /// those of the servers tied to its base URL ([`Api::with_tied_server`]).
    pub fn credential_origins(&self) -> Vec<Origin> {
        let mut origins: Vec<Origin> = self.base_origin.iter().cloned().collect();
        for origin in self.servers.origins(&self.base_origin) {
            if !origins.contains(&origin) {
                origins.push(origin);
            }
        }
        origins
    }

    /// The origin of the server a typed route declares, when its requests
    /// go there: one of the API's servers, where credentials go besides
    /// [`Api::credential_origins`]. `None` for a route without a server of
    /// its own, one declared as a path, one sent elsewhere.
    pub fn route_origin(&self, plan: &Plan) -> Option<Origin> {
        self.servers
            .declared_origin(plan.server?, &self.base_origin)
    }

    /// The request of a typed route of this API's.
    #[cfg(test)]
    pub(crate) fn typed_request(
        &self,
        plan: &Plan,
        fields: &[Option<Param<'_>>],
    ) -> Result<Request> {
        sealed::Sealed::typed_request(self, self, plan, fields, &mut None)
    }

    /// The request `build` makes on the base URL it is given (`base_url`,
    /// or the URL of the route's own server made of it, in its `place`),
    /// checked for credentials bound elsewhere; `declared` is set to the
    /// origin of the server the route declares when its request goes there
    /// (as [`Api::route_origin`] says): the one place that origin is read,
    /// so that a client sending the request reads the plan no second time.
    /// That origin is the declared server's, never the built URL's: a route
    /// placed elsewhere (moved, or a tied server under another base URL)
    /// has none, so that a token follows no tied server. (An out parameter
    /// rather than a pair returned: the request is not moved again for a
    /// caller that does not ask, `to_request`.)
    pub(crate) fn on_route(
        &self,
        place: Place<'_>,
        plan: &Plan,
        base_url: &str,
        declared_origin: &mut Option<Origin>,
        build: impl FnOnce(&str) -> Result<Request>,
    ) -> Result<Request> {
        // One call of `build`, which typed requests inline.
        let (url, declared) = match (&place, plan.server) {
            (_, None) => return self.check_credentials_on(&self.base_origin, build(base_url)),
            (Place::Declared, Some(server)) => (
                server,
                self.servers.declared_origin(server, &self.base_origin),
            ),
            (Place::Moved(url), _) => (*url, None),
            (Place::Elsewhere(url), _) => (url.as_str(), None),
        };
        let request = build(&resolve_server(base_url, url));
        let origin = match request.as_ref().ok().and_then(|r| Origin::of(&r.url)) {
            Some(origin) if self.credential_origins().contains(&origin) => Some(origin),
            _ => declared.clone().or_else(|| self.base_origin.clone()),
        };
        *declared_origin = declared;
        self.check_credentials_on(&origin, request)
    }

    /// Refuses `request` when the credential host check is on and it would
    /// carry credentials to another origin than `origin`; passes it through
    /// otherwise.
    #[inline]
    pub(crate) fn check_credentials_on(
        &self,
        origin: &Option<Origin>,
        request: Result<Request>,
    ) -> Result<Request> {
        let Ok(request) = request else {
            return request;
        };
        if !self.credential_check {
            return Ok(request);
        }
        credentials_to(origin.as_ref(), &request).map(|()| request)
    }
}

/// Refuses `url` under the option `key` unless it is an absolute `http://`
/// or `https://` server URL, saying what is wrong.
fn check_absolute(key: &str, url: &str) -> Result<()> {
    if let Some(reason) = server_error(url) {
        return Err(Error::option(key, reason));
    }
    if !is_absolute(url) {
        return Err(Error::option(
            key,
            "must be an absolute http:// or https:// URL",
        ));
    }
    Ok(())
}

/// What typed requests are built with: an [`Api`]'s settings, or an
/// [`Endpoint`](crate::Endpoint)'s defaults (which may add default
/// parameters, previews and a `request` option to them).
///
/// The trait is sealed: [`Api`] and [`Endpoint`](crate::Endpoint) are its
/// only implementations, and other crates can implement it for no type
/// (its supertrait is private to this crate). A request built with
/// `Settings` (`to_request_with`) is therefore always one of theirs: its
/// headers were checked when they were set, its route's server is placed
/// as the settings say ([`Api::with_server`], [`Api::with_tied_server`]),
/// and the credential host check holds. To build requests with other
/// settings, make an [`Api`] of them (or an [`Endpoint`](crate::Endpoint),
/// [`Endpoint::from_api`](crate::Endpoint::from_api)).
///
/// ```compile_fail
/// struct Mine(endpoint::Api);
///
/// // Refused: `Settings` is sealed.
/// impl endpoint::Settings for Mine {
///     fn api(&self) -> &endpoint::Api {
///         &self.0
///     }
/// }
/// ```
pub trait Settings: sealed::Sealed {
    /// The API's settings.
    fn api(&self) -> &Api;
}

/// The supertrait that seals [`Settings`]: public in a module other crates
/// cannot name, so that no type outside this crate implements it.
pub(crate) mod sealed {
    use super::{Api, Origin, Param, Plan, Request, Result};

    /// The values of a typed route's fields, in the order of its plan's.
    pub type Fields<'v> = [Option<Param<'v>>];

    /// What builds the request of a typed route with a [`Settings`](super::Settings).
    pub trait Sealed {
        /// The request of a typed route of the API `home` (the route's
        /// own, which places the servers it ties to its base URL) with
        /// these settings; `declared` set to the origin of the server the
        /// route declares when its request goes there.
        fn typed_request(
            &self,
            home: &Api,
            plan: &Plan,
            fields: &Fields<'_>,
            declared: &mut Option<Origin>,
        ) -> Result<Request>;
    }
}

impl sealed::Sealed for Api {
    fn typed_request(
        &self,
        home: &Api,
        plan: &Plan,
        fields: &Fields<'_>,
        declared: &mut Option<Origin>,
    ) -> Result<Request> {
        let build = |base_url: &str| {
            typed::request(base_url, &self.headers, self.default_accept(), plan, fields)
        };
        // Most routes declare no server: their request goes to the base
        // URL, with nothing to place. (`on_route` would send it there too,
        // but through a `Place` made and matched: 18 instructions more per
        // call, even with `place` and `on_route` inlined.)
        if plan.server.is_none() {
            if let Some(error) = &self.invalid {
                return Err(Error::clone(error));
            }
            return self.check_credentials_on(&self.base_origin, build(&self.base_url));
        }
        let place = self.place(home, plan)?;
        if let Some(error) = &self.invalid {
            return Err(Error::clone(error));
        }
        self.on_route(place, plan, &self.base_url, declared, build)
    }
}

impl Settings for Api {
    fn api(&self) -> &Api {
        self
    }
}

/// The first header of `request` that may carry a credential: any header
/// but the shown ones (`accept`, `user-agent`, `content-type`…), whose
/// values are not secret.
fn credential_header(request: &Request) -> Option<&str> {
    request
        .headers
        .iter()
        .map(|(name, _)| name)
        .find(|name| !crate::names::is_shown_header(name))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Method;
    use crate::template::parts::static_template;
    use crate::wire::plan::{Location, ParamPlan, Placement};

    /// The parameters of [`plan`]'s route.
    const PARAMS: &[ParamPlan] = &[ParamPlan::new("q")];

    /// `GET /x` with one optional query field `q`, on `server` when given.
    fn plan(server: Option<&'static str>) -> Plan {
        Plan {
            method: Method::GET,
            // `/x`, packed as the macro packs it.
            template: static_template("/x", &[2, 0, 8]),
            params: PARAMS,
            server,
            body: None,
            accept: None,
            pagination: None,
        }
    }

    #[test]
    fn a_path_placement_the_template_does_not_name_is_an_error_naming_it() -> Result<()> {
        const PATH: &[ParamPlan] = &[ParamPlan {
            name: "id",
            placement: Placement {
                location: Location::Path,
                ..Placement::DEFAULT
            },
        }];
        let api = Api::new("https://shop.example/v1")?;
        for method in [Method::GET, Method::POST] {
            let plan = Plan {
                method,
                params: PATH,
                ..plan(None)
            };
            match api.typed_request(&plan, &[Some(Param::Str("7"))]) {
                Err(Error::Value { key, reason }) => {
                    assert_eq!(key, "id");
                    assert!(reason.contains("URL template"), "{reason}");
                }
                other => panic!("{other:?}"),
            }
        }
        Ok(())
    }

    #[test]
    fn a_typed_request_carries_the_apis_settings_alone() -> Result<()> {
        let api = Api::new("https://shop.example/v1")?.header("X-Shop", "1")?;
        let request = api.typed_request(&plan(None), &[Some(Param::Str("a b"))])?;
        assert_eq!(request.method, "get");
        assert_eq!(request.url, "https://shop.example/v1/x?q=a%20b");
        let headers: Vec<(&str, &str)> = request.headers.iter().collect();
        assert_eq!(
            headers,
            [
                ("accept", "application/json"),
                ("user-agent", USER_AGENT),
                ("x-shop", "1"),
            ]
        );
        // A header set again keeps its place; one taken out is gone.
        let api = api.header("accept", "text/csv")?.without_header("x-shop");
        let request = api.typed_request(&plan(None), &[None])?;
        assert_eq!(request.url, "https://shop.example/v1/x");
        assert_eq!(request.headers.get("accept"), Some("text/csv"));
        assert_eq!(request.headers.get("x-shop"), None);
        Ok(())
    }

    #[test]
    fn a_server_tied_to_the_base_url_follows_another_base_or_is_refused() -> Result<()> {
        const FILES: &str = "https://files.shop.example";
        let route = plan(Some(FILES));
        // What `to_request_with` does with a route of `home` and `used`.
        let routed = |home: &Api, used: &Api| {
            let mut declared = None;
            sealed::Sealed::typed_request(used, home, &route, &[None], &mut declared)
                .map(|request| (request, declared))
        };
        let build = |home: &Api, used: &Api| routed(home, used).map(|(request, _)| request);
        let home = Api::new("https://api.shop.example")?;
        let tied = home.with_tied_server(FILES, None)?;
        let moved = home.with_tied_server("https://files.shop.example/", Some("/files/"))?;
        let token = |base: &str| {
            Api::new(base)?
                .header("authorization", "Bearer t")
                .map(|api| api.with_credential_host_check(true))
        };
        // Under its own base URL, a route goes to its server.
        for home in [&tied, &moved] {
            assert_eq!(build(home, home)?.url, "https://files.shop.example/x");
            let own = token("https://api.shop.example/v2")?;
            assert_eq!(build(home, &own)?.url, "https://files.shop.example/x");
        }
        // Under another, to that deployment's server on its origin…
        let staging = token("https://staging.example:8443/api/v1")?;
        let request = build(&moved, &staging)?;
        assert_eq!(request.url, "https://staging.example:8443/files/x");
        assert_eq!(request.headers.get("authorization"), Some("Bearer t"));
        // The declared origin goes with the request only where it is sent
        // to the declared server: the tied server is no origin of the other
        // deployment's credentials, though those settings name no tie.
        assert_eq!(routed(&moved, &moved)?.1, Origin::of(FILES));
        assert_eq!(routed(&moved, &staging)?.1, None);
        // …or, without one, nowhere: neither to the declared server with the
        // other deployment's credentials nor anywhere guessed, with or
        // without credentials, checked or not. The error names the server
        // and the setting that places it.
        let plain = Api::new("https://staging.example")?;
        let unchecked = staging.with_credential_host_check(false);
        for used in [&staging, &plain, &unchecked] {
            match build(&tied, used) {
                Err(Error::UnmappedServer {
                    server,
                    home,
                    base_url,
                }) => {
                    assert_eq!(server, FILES);
                    assert_eq!(home, "https://api.shop.example");
                    assert_eq!(base_url, used.base_url());
                }
                other => panic!("{other:?}"),
            }
        }
        let message = build(&tied, &plain).unwrap_err().to_string();
        assert!(
            message.contains("`https://files.shop.example`")
                && message.contains("Api::with_server(\"https://files.shop.example\", url)"),
            "{message}"
        );
        // Settings sending the server elsewhere themselves are followed.
        let proxied = staging.with_server(FILES, "https://proxy.example/f")?;
        for home in [&tied, &moved] {
            assert_eq!(build(home, &proxied)?.url, "https://proxy.example/f/x");
        }
        // A route of no tied server, and an API of no base URL, are left.
        let other = plan(Some("https://elsewhere.example"));
        assert!(matches!(staging.place(&tied, &other)?, Place::Declared));
        assert!(matches!(
            staging.place(&tied, &plan(None))?,
            Place::Declared
        ));
        let none = Api::new("")?;
        assert_eq!(build(&tied, &none)?.url, "https://files.shop.example/x");
        // What is no server, or no path, is refused, naming the key.
        for (server, elsewhere, key) in [
            ("/files", None, "servers.tied"),
            ("https://files.shop.example?a=1", None, "servers.tied"),
            (FILES, Some("files"), "servers.elsewhere"),
            (FILES, Some("/files#a"), "servers.elsewhere"),
        ] {
            match home.with_tied_server(server, elsewhere) {
                Err(Error::Option { key: got, .. }) => assert_eq!(got, key, "{server}"),
                other => panic!("{server} {elsewhere:?}: {other:?}"),
            }
        }
        Ok(())
    }

    #[test]
    fn settings_that_cannot_be_sent_are_errors_naming_them() {
        for (url, reason) in [
            ("/v1", "must be an absolute http:// or https:// URL"),
            ("https://shop.example/?a=1", "has a query (`?…`)"),
            ("https://shop.example/#top", "has a fragment (`#…`)"),
            ("shop.example", ""),
            ("ftp://shop.example", ""),
        ] {
            match Api::new(url) {
                Err(Error::Option { key, reason: got }) => {
                    assert_eq!(key, "baseUrl", "{url}");
                    assert!(got.contains(reason), "{url}: {got}");
                }
                other => panic!("{url}: {other:?}"),
            }
        }
        assert!(Api::new("").is_ok());
        let api = Api::new("https://shop.example").unwrap();
        assert!(matches!(
            api.header("bad name", "1"),
            Err(Error::HeaderName { .. })
        ));
        assert!(matches!(
            api.header("x-a", "a\r\nb: c"),
            Err(Error::HeaderValue { .. })
        ));
    }

    #[test]
    fn settings_written_in_code_report_their_error_on_each_request() {
        let api = api_settings("https://shop.example", &[("x-a", "a\nb")]);
        for _ in 0..2 {
            assert!(matches!(
                api.typed_request(&plan(None), &[None]),
                Err(Error::HeaderValue { .. })
            ));
        }
        let api = api_settings("shop.example", &[]);
        assert!(matches!(
            api.typed_request(&plan(None), &[None]),
            Err(Error::Option { .. })
        ));
        let api = api_settings("https://shop.example", &[("accept", "text/plain")]);
        let request = api.typed_request(&plan(None), &[None]).unwrap();
        assert_eq!(request.headers.get("accept"), Some("text/plain"));
    }

    #[test]
    fn a_routes_accept_replaces_the_one_the_settings_were_made_with() -> Result<()> {
        let csv = Plan {
            accept: Some("text/csv"),
            ..plan(None)
        };
        let accept = |api: &Api| {
            let request = api.typed_request(&csv, &[None])?;
            Ok::<_, Error>(request.headers.get("accept").map(str::to_owned))
        };
        // Made with a vendor's media type, as a generated crate's settings
        // are: the route's own replaces it, as it replaces JSON.
        let vendor = api_settings(
            "https://shop.example",
            &[("accept", "application/vnd.shop+json")],
        );
        assert_eq!(accept(&vendor)?.as_deref(), Some("text/csv"));
        assert_eq!(
            accept(&Api::new("https://shop.example")?)?.as_deref(),
            Some("text/csv")
        );
        // One set afterwards is the caller's choice, kept.
        let chosen = vendor.header("accept", "application/xml")?;
        assert_eq!(accept(&chosen)?.as_deref(), Some("application/xml"));
        let chosen =
            Api::new("https://shop.example")?.header("accept", "application/vnd.shop+json")?;
        assert_eq!(
            accept(&chosen)?.as_deref(),
            Some("application/vnd.shop+json")
        );
        // An endpoint made of the settings keeps the rule, and so do those
        // derived from it (with default parameters: read as a call).
        let endpoint = crate::Endpoint::from_api(&vendor);
        let derived = endpoint.defaults(serde_json::json!({"per_page": 2}))?;
        for endpoint in [&endpoint, &derived] {
            let request =
                sealed::Sealed::typed_request(endpoint, endpoint.api(), &csv, &[None], &mut None)?;
            assert_eq!(request.headers.get("accept"), Some("text/csv"));
        }
        Ok(())
    }

    #[test]
    fn routes_go_to_their_servers_and_credentials_stay_on_the_apis() -> Result<()> {
        let api = Api::new("https://shop.example/v1")?
            .header("authorization", "Bearer s3cr3t")?
            .with_credential_host_check(true);
        // A route's own server is one of the API's: its credentials go there.
        let files = plan(Some("https://files.example"));
        let request = api.typed_request(&files, &[None])?;
        assert_eq!(request.url, "https://files.example/x");
        assert_eq!(
            api.route_origin(&files),
            Origin::of("https://files.example")
        );
        // Sent elsewhere, the credentials go to the URL set, an origin of the API's.
        let local = api.with_server("https://files.example/", "http://127.0.0.1:8080/f/")?;
        let request = local.typed_request(&files, &[None])?;
        assert_eq!(request.url, "http://127.0.0.1:8080/f/x");
        assert_eq!(local.route_origin(&files), None);
        assert_eq!(
            local.credential_origins(),
            [
                Origin::of("https://shop.example").unwrap(),
                Origin::of("http://127.0.0.1:8080").unwrap()
            ]
        );
        // A path is resolved against the base URL.
        let request = api.typed_request(&plan(Some("/v2")), &[None])?;
        assert_eq!(request.url, "https://shop.example/v2/x");
        // A URL the value makes absolute elsewhere is refused.
        endpoint_refuses(&api)?;
        assert!(matches!(
            api.with_server("https://files.example?a", "/f"),
            Err(Error::Option { .. })
        ));
        Ok(())
    }

    /// A route `GET {+url}` whose value is another host's URL.
    fn endpoint_refuses(api: &Api) -> Result<()> {
        let plan = Plan {
            template: crate::template::Template::parse("{+url}").expect("a template"),
            params: &[],
            ..plan(None)
        };
        let err = api
            .typed_request(
                &plan,
                &[Some(Param::Str("https://attacker.example/collect"))],
            )
            .unwrap_err();
        assert!(matches!(err, Error::CredentialsHost { .. }), "{err:?}");
        Ok(())
    }

    #[test]
    fn a_tied_server_takes_credentials_under_its_own_base_url_only() -> Result<()> {
        const FILES: &str = "https://files.shop.example";
        let shop = Api::new("https://api.shop.example")?.with_tied_server(FILES, None)?;
        // Under the base URL it belongs with: one of the API's origins.
        assert_eq!(
            shop.credential_origins(),
            [
                Origin::of("https://api.shop.example").unwrap(),
                Origin::of(FILES).unwrap()
            ]
        );
        assert_eq!(shop.route_origin(&plan(Some(FILES))), Origin::of(FILES));
        // Sent elsewhere, the URL set is the API's, not the tied server.
        let local = shop.with_server(FILES, "http://127.0.0.1:8080/f")?;
        assert_eq!(
            local.credential_origins(),
            [
                Origin::of("https://api.shop.example").unwrap(),
                Origin::of("http://127.0.0.1:8080").unwrap()
            ]
        );
        assert_eq!(local.route_origin(&plan(Some(FILES))), None);
        Ok(())
    }
}
