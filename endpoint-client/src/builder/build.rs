//! Checking a builder's settings and making of them the client's base URL,
//! headers, servers and policy.

use std::sync::Arc;

use http::{HeaderName, HeaderValue};

use super::{Auth, ClientBuilder, DEFAULT_USER_AGENT, Tokens};
use crate::auth::{self, ApiKey, Place, TokenCache};
use crate::base64;
use crate::call::Policy;
use crate::error::Error;
use crate::policy::ApiPolicy;
use endpoint_runtime::sibling::{is_shown_header, is_token, redact_userinfo, with_uploads_tied};
use endpoint_runtime::{Api, Endpoint, Headers};

impl<C> ClientBuilder<C> {
    /// The octokit endpoint of these settings ([`Endpoint::from_api`] of
    /// [`build_api`](Self::build_api)), for a client of one's own (the
    /// requests it builds can be sent by any HTTP client): what the
    /// client `build()` makes builds its dynamic requests with
    /// ([`Client::endpoint`](crate::ureq::Client::endpoint)).
    /// With tokens the client fetches ([`oauth2`](Self::oauth2), a
    /// [`token_source`](Self::token_source), e.g. `github_app`) it carries no
    /// `authorization`: the client fetches it; and an [`ApiKey::query`] is
    /// not in it: the client adds it to each request as it leaves.
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
        self.build_api().map(|api| Endpoint::from_api(&api))
    }

    /// The API's settings these settings give: the base URL, the headers
    /// every request carries, the servers routes are sent to, the
    /// credential host check on; what the client `build()` makes builds its
    /// typed requests with, and no octokit state. GitHub's uploads server
    /// is tied to GitHub's base URL, as an [`Endpoint`]'s is: under another
    /// base URL no credential goes there. As for
    /// [`build_endpoint`](Self::build_endpoint), tokens the client fetches
    /// and an [`ApiKey::query`] are not in them.
    ///
    /// ```
    /// # #[cfg(feature = "ureq")] {
    /// use endpoint::client::ureq::Client;
    ///
    /// let pets = Client::builder().base_url("http://127.0.0.1:8080/v1").token("s3cr3t").build_api()?;
    /// assert_eq!(pets.base_url(), "http://127.0.0.1:8080/v1");
    /// assert_eq!(pets.headers().get("authorization"), Some("Bearer s3cr3t"));
    /// # }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Config`] naming the first setting that is wrong.
    pub fn build_api(&self) -> Result<Api, Error> {
        self.check_transport()?;
        self.check_auth()?;
        let (base_url, setting) = self.checked_base_url()?;
        let policy = self.api_in_force();
        let policy_headers = policy.headers();
        let headers = self.headers_in_force(&*policy, &policy_headers)?;

        // The base URL and the headers alone: nothing here can be a
        // default parameter, which would go into URLs and bodies.
        // The policy's `accept` is the API's default, which a route's own
        // replaces; one the caller set is kept.
        let policy_accept = match &self.accept {
            None => policy_headers
                .get(http::header::ACCEPT)
                .and_then(|accept| accept.to_str().ok()),
            Some(_) => None,
        };
        let mut api = Api::with_headers(&base_url, headers)
            .map_err(|error| Error::config(setting, error.to_string()))?
            .with_credential_host_check(true)
            .with_default_accept(policy_accept);
        for (declared, url, setting) in &self.servers {
            let declared = match declared {
                Some(declared) => declared.as_str(),
                None => match policy.uploads_server() {
                    Some(declared) => declared,
                    // That of a builder for an API whose policy was replaced.
                    None if *setting != "uploads_url" => continue,
                    None => {
                        return Err(Error::config(
                            setting,
                            "is GitHub's setting, and the API's policy names no uploads \
                             server: send the routes of a server elsewhere with \
                             `operation_server(…)`",
                        ));
                    }
                },
            };
            // A path on the base URL's host is for `operation_server` only.
            let url = match url.starts_with('/') && *setting == "operation_server" {
                true => url.clone(),
                false => checked_url(setting, url)?,
            };
            api = api.with_server(declared, &url).map_err(|error| {
                let (declared, url) = (redact_userinfo(declared), redact_userinfo(&url));
                Error::config(setting, format!("`{declared}` → `{url}`: {error}"))
            })?;
        }
        Ok(with_uploads_tied(&api))
    }

    /// The base URL, checked, and the setting that gave it: a description's
    /// server with its variables, `base_url`, or a builder for an API's.
    fn checked_base_url(&self) -> Result<(String, &'static str), Error> {
        let server_url;
        let (base_url, setting) = match (&self.server, &self.base_url) {
            (Some((server, values)), _) => {
                let values = values.iter().map(|(name, value)| (name, value));
                server_url = server.url(values)?;
                (&server_url, "server")
            }
            (None, Some((base_url, setting))) => (base_url, *setting),
            (None, None) => {
                return Err(Error::config(
                    "base_url",
                    "is not set: call `base_url(…)` or `server(…)`, or make the builder for \
                     the API (e.g. `Client::github()`)",
                ));
            }
        };
        if let Some(host) = &self.host
            && !valid_host(host)
        {
            return Err(Error::config(
                setting,
                format!(
                    "`{}` is not a host name (`api.example.com`, maybe with a `:port`)",
                    redact_userinfo(host).escape_debug()
                ),
            ));
        }
        Ok((checked_url(setting, base_url)?, setting))
    }

    /// The headers every request carries: the API's own (`policy_headers`:
    /// its `accept`, its version), then the settings', each checked as it
    /// is set. The endpoint's requests carry these, read no further.
    fn headers_in_force(
        &self,
        policy: &dyn ApiPolicy,
        policy_headers: &http::HeaderMap,
    ) -> Result<Headers, Error> {
        let mut headers = Headers::with_capacity(4 + policy_headers.len() + self.headers.len());
        let mut set = |setting: &'static str, name: &str, value: &str| {
            headers
                .insert(name.to_owned(), value.to_owned())
                .map(drop)
                .map_err(|error| Error::config(setting, error.to_string()))
        };
        let mut agent_set = false;
        for (name, value) in policy_headers {
            set(
                "policy",
                name.as_str(),
                &String::from_utf8_lossy(value.as_bytes()),
            )?;
            if name == http::header::ACCEPT {
                set("user_agent", "user-agent", DEFAULT_USER_AGENT)?;
                agent_set = true;
            }
        }
        if !agent_set {
            set("user_agent", "user-agent", DEFAULT_USER_AGENT)?;
        }
        if let Some(version) = &self.api_version {
            let Some(name) = policy.version_header() else {
                return Err(Error::config(
                    "api_version",
                    "names a version, and the API's policy names no version header: name the \
                     API's own header with `header(…)`, or give the API's policy (`policy(…)`, \
                     e.g. `Client::github()`)",
                ));
            };
            set(
                "api_version",
                name.as_str(),
                checked_value("api_version", version)?,
            )?;
        }
        if let Some(accept) = &self.accept {
            set("accept", "accept", checked_value("accept", accept)?)?;
        }
        if let Some(user_agent) = &self.user_agent {
            let user_agent = checked_value("user_agent", user_agent)?;
            set("user_agent", "user-agent", user_agent)?;
        }
        if let Some(auth) = &self.auth {
            set("authorization", "authorization", &authorization(auth)?)?;
        }
        let mut cookies = Vec::new();
        for key in &self.api_keys {
            match api_key(key)? {
                (Place::Header, value) => set("api_key", &key.name, &value)?,
                (Place::Cookie, value) => cookies.push(value),
                (Place::Query, _) => {}
            }
        }
        for (name, value) in &self.headers {
            check_header(name, value)?;
            set("header", name, value)?;
        }
        if !cookies.is_empty() {
            // A `cookie` header of one's own keeps its cookies, before the keys.
            if let Some(own) = headers.get("cookie") {
                cookies.insert(0, own.to_owned());
            }
            headers
                .insert("cookie", cookies.join("; "))
                .map_err(|error| Error::config("api_key", error.to_string()))?;
        }
        Ok(headers)
    }

    /// The API's settings and the policy of the client these settings
    /// make.
    pub(crate) fn parts(&self) -> Result<(Api, Policy), Error> {
        let api = self.build_api()?;
        let mut policy = self.call_policy();
        // The client's credentials go to the origins of these settings'
        // base URL and servers only, whatever endpoint it is given later.
        let origins = api.credential_origins();
        policy.origins = origins.clone().into();
        policy.query_keys = self
            .api_keys
            .iter()
            .filter(|key| key.place == Place::Query)
            .cloned()
            .collect();
        let timeout = self.transport.timeout;
        match &self.tokens {
            Some(Tokens::Source(source)) => {
                let source = auth::Source(source.clone());
                policy.credentials = Some(Arc::new(TokenCache::new(source, origins, timeout)));
            }
            Some(Tokens::OAuth2(oauth2)) => {
                let mut oauth2 = oauth2.clone();
                oauth2.token_url = checked_url("oauth2", &oauth2.token_url)?;
                let tokens = auth::OAuth2Tokens::new(oauth2, &api)?;
                policy.credentials = Some(Arc::new(TokenCache::new(tokens, origins, timeout)));
            }
            Some(Tokens::Made(_, made)) => {
                policy.credentials = Some(made.make(&api, timeout)?);
            }
            None => {}
        }
        Ok((api, policy))
    }

    /// Tokens the client fetches (an OAuth 2 client's, a token source's,
    /// those a setting of an API's own makes) are the only `authorization`
    /// set.
    fn check_auth(&self) -> Result<(), Error> {
        let tokens = match &self.tokens {
            Some(Tokens::Source(_)) => Some("token_source"),
            Some(Tokens::OAuth2(oauth2)) => {
                checked_url("oauth2", &oauth2.token_url)?;
                Some("oauth2")
            }
            Some(Tokens::Made(setting, _)) => Some(*setting),
            None => None,
        };
        let Some(setting) = tokens else {
            return Ok(());
        };
        let other = match &self.auth {
            Some(Auth::Bearer(setting, _)) => Some(*setting),
            Some(Auth::Basic(..)) => Some("basic"),
            None if self.headers.iter().any(|(name, _)| name == "authorization") => {
                Some("header(\"authorization\", …)")
            }
            None => self
                .api_keys
                .iter()
                .any(|key| key.place == Place::Header && key.name == "authorization")
                .then_some("api_key(ApiKey::header(\"authorization\", …))"),
        };
        if let Some(other) = other {
            return Err(Error::config(
                setting,
                format!(
                    "is set with `{other}`: a client authenticates one way, with the tokens it \
                     fetches or with other credentials"
                ),
            ));
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
pub(super) fn checked_url(setting: &'static str, url: &str) -> Result<String, Error> {
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

/// Where `key` goes and what: the value of its header, its `name=key`
/// cookie pair, or its key for the query; the error of `api_key`
/// otherwise, naming the header, cookie or parameter, never the key.
fn api_key(key: &ApiKey) -> Result<(Place, String), Error> {
    let wrong = |reason: String| Error::config("api_key", reason);
    let (name, value) = (key.name.as_str(), key.key.expose());
    let what = match key.place {
        Place::Header => "header",
        Place::Query => "query parameter",
        Place::Cookie => "cookie",
    };
    if name.is_empty() {
        return Err(wrong(format!("the name of the {what} is empty")));
    }
    if value.trim().is_empty() {
        return Err(wrong(format!(
            "the key of {what} `{}` is empty",
            name.escape_debug()
        )));
    }
    match key.place {
        Place::Header => {
            if HeaderName::from_bytes(name.as_bytes()).is_err() {
                return Err(wrong(format!(
                    "`{}` is not a valid header name",
                    name.escape_debug()
                )));
            }
            if is_shown_header(name) {
                return Err(wrong(format!(
                    "`{name}` is a header that logs and `Debug` show, not one for a secret"
                )));
            }
            if HeaderValue::from_str(value).is_err() {
                return Err(wrong(format!(
                    "the key of header `{name}` is not a valid header value (a control \
                     character, a line break)"
                )));
            }
            Ok((Place::Header, value.to_owned()))
        }
        Place::Cookie => {
            if !is_token(name) {
                return Err(wrong(format!(
                    "`{}` is not a cookie name (an RFC 9110 token)",
                    name.escape_debug()
                )));
            }
            // RFC 6265, section 4.1.1: the cookie octets.
            let octet =
                |b: u8| matches!(b, 0x21 | 0x23..=0x2B | 0x2D..=0x3A | 0x3C..=0x5B | 0x5D..=0x7E);
            if !value.bytes().all(octet) {
                return Err(wrong(format!(
                    "the key of cookie `{name}` holds a character a cookie cannot"
                )));
            }
            Ok((Place::Cookie, format!("{name}={value}")))
        }
        Place::Query => Ok((Place::Query, value.to_owned())),
    }
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

/// Checks a header set with `header(name, value)`: a valid name, and a
/// value with no control character or line break.
fn check_header(name: &str, value: &str) -> Result<(), Error> {
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
    Ok(())
}
