//! One call: the request, the redirects it follows, and its final answer.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::SystemTime;

use endpoint_runtime::sibling::{Origin, is_shown_header, redact_userinfo, shown_header_value};
use endpoint_runtime::{Body, HttpRequest};
use http::header::{self, HeaderName, HeaderValue};
use http::{HeaderMap, Method, StatusCode, Uri};

use super::decode::{Failure, Operation, decode};
use super::error::{ApiError, DecodeError, Error};
use super::limits::MAX_REDIRECTS;
use super::policy::{ApiPolicy, Refusal, Refused};
use super::response::Response;

/// The origin of `uri` (scheme, lowercase host, effective port), as the
/// endpoint's credential check reads it; `None` for a relative URI.
fn origin_of(uri: &Uri) -> Option<Origin> {
    Origin::of(&uri.to_string())
}

/// A call in progress: the request to send next, and where credentials may
/// go. Every header but the shown ones (`accept`, `user-agent`,
/// `content-type`…) and the idempotency key the client made may be a
/// credential: those go only to the origin of the call's first request.
#[derive(Clone)]
pub(crate) struct Exchange {
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Vec<u8>,
    origin: Option<Origin>,
    redirects: usize,
    /// The header of the idempotency key the client made for this call:
    /// shown and sent wherever the request goes, as the shown headers are.
    made_key: Option<HeaderName>,
    /// The origin of the server the call's typed route declares, when its
    /// request goes there (`HttpRequest::declared_origin` of the runtime):
    /// one of the API's servers, as the client's origins are.
    server: Option<Origin>,
}

/// The method, the URL (its user information redacted), the headers (every
/// secret value redacted) and the body's length.
impl std::fmt::Debug for Exchange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(name, value)| {
                let value = value.to_str().unwrap_or("<binary>");
                let shown = if shown(name, self.made_key.as_ref()) {
                    value
                } else {
                    shown_header_value(name.as_str(), value)
                };
                (name.as_str(), shown)
            })
            .collect();
        f.debug_struct("Exchange")
            .field("method", &self.method)
            .field("url", &self.url())
            .field("headers", &headers)
            .field("body", &self.body.len())
            .field("origin", &self.origin)
            .field("redirects", &self.redirects)
            .finish()
    }
}

/// What to do with an answer.
pub(crate) enum Step {
    /// Send [`Exchange::request`] again: a redirect was followed.
    Follow,
    /// The call is over.
    Done(Box<Answer>),
}

impl Exchange {
    /// A call sending `request`, a request of the dynamic layer (or one
    /// built already), converted.
    pub(crate) fn new(request: endpoint_runtime::Request) -> Result<Exchange, Error> {
        Ok(Exchange::typed(HttpRequest::try_from(request)?))
    }

    /// A call sending the request of a typed route as it was built: its
    /// parts taken as they are (no URL parsed again), and the origin of the
    /// server the route declares when its request goes there, which the
    /// runtime read from the route's plan as it built the request.
    pub(crate) fn typed(request: HttpRequest) -> Exchange {
        let (mut parts, body, server) = request.into_parts();
        let body = body.map(Body::into_bytes).unwrap_or_default();
        if body.is_empty() {
            empty_body_length(&parts.method, &mut parts.headers);
        }
        Exchange {
            origin: origin_of(&parts.uri),
            method: parts.method,
            uri: parts.uri,
            headers: parts.headers,
            body,
            redirects: 0,
            made_key: None,
            server,
        }
    }

    /// The same call, whose typed route declares the server of `origin`
    /// (one of the API's servers) and sends its request there.
    pub(crate) fn on_server(mut self, origin: Option<Origin>) -> Exchange {
        self.server = origin;
        self
    }

    /// A GET of `url` (a `Link` target, resolved against `base`) with the
    /// headers of `first`, sending its credentials only if `url` has the
    /// same origin.
    pub(crate) fn get_link(first: &Exchange, base: &str, url: &str) -> Result<Exchange, Error> {
        let uri = base
            .parse::<Uri>()
            .ok()
            .and_then(|base| resolve(&base, url))
            .ok_or_else(|| Error::Redirect {
                method: Method::GET,
                url: base.to_owned(),
                reason: format!("the next page's link `{url}` is not a URL"),
            })?;
        let mut headers = first.headers.clone();
        drop_body_headers(&mut headers);
        // A page is another request than the first: not the same write.
        if let Some(name) = &first.made_key {
            headers.remove(name);
        }
        if first.origin.is_none() || origin_of(&uri) != first.origin {
            drop_credentials(&mut headers, None);
        }
        Ok(Exchange {
            method: Method::GET,
            uri,
            headers,
            body: Vec::new(),
            origin: first.origin.clone(),
            redirects: 0,
            made_key: None,
            server: first.server.clone(),
        })
    }

    /// Gives the call the idempotency key `value` in header `name`, sent
    /// on every try of the call.
    pub(crate) fn add_key(&mut self, name: HeaderName, value: HeaderValue) {
        self.headers.insert(name.clone(), value);
        self.made_key = Some(name);
    }

    /// The value of header `name` in the request to send now, when it has
    /// it and it is not secret: a shown header, or the key the client made.
    pub(crate) fn shown_value(&self, name: &HeaderName) -> Option<String> {
        let value = self.headers.get(name)?.to_str().ok()?;
        shown(name, self.made_key.as_ref()).then(|| value.to_owned())
    }

    /// The request to send now.
    pub(crate) fn request(&self) -> http::Request<Vec<u8>> {
        let mut request = http::Request::new(self.body.clone());
        *request.method_mut() = self.method.clone();
        *request.uri_mut() = self.uri.clone();
        *request.headers_mut() = self.headers.clone();
        request
    }

    /// The URL of the request to send now, as errors and events show it:
    /// its user information (`user:password@`) redacted.
    pub(crate) fn url(&self) -> String {
        redact_userinfo(&self.uri.to_string()).into_owned()
    }

    /// Drops from the URL to send now every query parameter that holds one
    /// of `secrets` (a key the client adds to its requests as they leave):
    /// a URL the server names, a redirect's `location` or a next page's,
    /// may echo it, and such a URL is shown by errors and events, and may
    /// lead to another origin.
    pub(crate) fn drop_query_secrets(&mut self, secrets: &[String]) {
        let url = self.uri.to_string();
        if let Cow::Owned(url) = without_query_secrets(&url, secrets)
            // The URL parsed before; without some of its parameters it still is one.
            && let Ok(uri) = url.parse()
        {
            self.uri = uri;
        }
    }

    /// The method of the request to send now.
    pub(crate) fn method(&self) -> &Method {
        &self.method
    }

    /// The headers of the request to send now.
    pub(crate) fn headers(&self) -> &HeaderMap {
        &self.headers
    }

    /// The path of the request to send now.
    pub(crate) fn path(&self) -> &str {
        self.uri.path()
    }

    /// Whether the request to send now goes to the origin of the call's
    /// first request, where its credentials may go.
    pub(crate) fn at_origin(&self) -> bool {
        self.origin.is_some() && origin_of(&self.uri) == self.origin
    }

    /// Whether the request to send now goes to one of the API's servers:
    /// `origins`, the client's, or the server its typed route declares.
    pub(crate) fn at_api(&self, origins: &[Origin]) -> bool {
        origin_of(&self.uri).is_some_and(|origin| {
            origins.contains(&origin) || self.server.as_ref() == Some(&origin)
        })
    }

    /// Whether the request to send now goes to the server its typed route
    /// declares.
    pub(crate) fn at_route_server(&self) -> bool {
        self.server.is_some() && origin_of(&self.uri) == self.server
    }

    /// Refuses the request to send now if it carries a header that may be
    /// a credential (any but the shown ones) to another origin than
    /// `origins`, the client's (the base URL's and the servers', fixed
    /// when the client was made), and the server its typed route declares.
    /// A request on its way elsewhere (a derived endpoint's base URL, an
    /// absolute URL) goes without them or not at all.
    pub(crate) fn check_origins(&self, origins: &[Origin]) -> Result<(), Error> {
        let Some(name) = self
            .headers
            .keys()
            .find(|name| !shown(name, self.made_key.as_ref()))
        else {
            return Ok(());
        };
        if self.at_api(origins) {
            return Ok(());
        }
        let origin = origin_of(&self.uri);
        Err(Error::Build(endpoint_runtime::Error::CredentialsHost {
            header: name.as_str().to_owned(),
            host: origin.map_or_else(|| self.url(), |origin| origin.to_string()),
            base_host: origins.first().map(Origin::to_string).unwrap_or_default(),
        }))
    }

    /// A transport failure of the request sent now.
    pub(crate) fn transport_error(
        &self,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Error {
        Error::Transport {
            method: self.method.clone(),
            url: self.url(),
            source: source.into(),
        }
    }

    /// Takes the answer to the request sent now: follows a redirect (301,
    /// 302, 303, 307, 308 with a `location`), or ends the call.
    ///
    /// The rules are those of reqwest's (and browsers') policy: 301, 302 and
    /// 303 turn every method but HEAD into a GET without a body; 307 and 308
    /// send the same method and body again. Credentials are dropped once a
    /// redirect leaves the first request's origin (scheme, host and port), so
    /// that they reach no host the endpoint did not build the request for.
    /// The final answer is read by the rules of `api`.
    pub(crate) fn receive(
        &mut self,
        answer: http::Response<Vec<u8>>,
        api: &Arc<dyn ApiPolicy>,
    ) -> Result<Step, Error> {
        let status = answer.status();
        let keeps_method = match status {
            StatusCode::TEMPORARY_REDIRECT | StatusCode::PERMANENT_REDIRECT => true,
            StatusCode::MOVED_PERMANENTLY | StatusCode::FOUND | StatusCode::SEE_OTHER => false,
            _ => return Ok(Step::Done(Box::new(self.answer(answer, api)))),
        };
        let Some(location) = answer.headers().get(header::LOCATION) else {
            return Ok(Step::Done(Box::new(self.answer(answer, api))));
        };
        let redirect_error = |reason: String| Error::Redirect {
            method: self.method.clone(),
            url: self.url(),
            reason,
        };
        if self.redirects == MAX_REDIRECTS {
            return Err(redirect_error(format!(
                "more than {MAX_REDIRECTS} redirects"
            )));
        }
        let next = location
            .to_str()
            .ok()
            .and_then(|location| resolve(&self.uri, location))
            .ok_or_else(|| {
                redirect_error(format!(
                    "{status} to `{}`, which is not a URL",
                    String::from_utf8_lossy(location.as_bytes())
                ))
            })?;
        if !keeps_method && self.method != Method::HEAD {
            self.method = Method::GET;
            self.body.clear();
            drop_body_headers(&mut self.headers);
            // The GET is another request than the write the key was for.
            if let Some(name) = self.made_key.take() {
                self.headers.remove(name);
            }
        }
        if self.origin.is_none() || origin_of(&next) != self.origin {
            drop_credentials(&mut self.headers, self.made_key.as_ref());
        }
        self.uri = next;
        self.redirects += 1;
        Ok(Step::Follow)
    }

    fn answer(&self, answer: http::Response<Vec<u8>>, api: &Arc<dyn ApiPolicy>) -> Answer {
        let (parts, body) = answer.into_parts();
        Answer {
            api: Arc::clone(api),
            method: self.method.clone(),
            url: self.uri.to_string(),
            status: parts.status,
            headers: parts.headers,
            body,
            received: SystemTime::now(),
        }
    }
}

/// Whether header `name` is no credential: a shown header, or `made_key`,
/// the idempotency key the client made for the call. Every other header
/// may be one.
fn shown(name: &HeaderName, made_key: Option<&HeaderName>) -> bool {
    made_key == Some(name) || is_shown_header(name.as_str())
}

/// Removes every header that may be a credential: all but the shown ones
/// and `made_key`, the idempotency key the client made.
fn drop_credentials(headers: &mut HeaderMap, made_key: Option<&HeaderName>) {
    let secret: Vec<HeaderName> = headers
        .keys()
        .filter(|name| !shown(name, made_key))
        .cloned()
        .collect();
    for name in secret {
        headers.remove(name);
    }
}

/// The `content-length` of a request without a body, as octokit sends one
/// and HTTP asks (RFC 9110, section 8.6): `0` for a method whose content
/// has a meaning (POST, PUT, PATCH, and any other), so that the server
/// does not wait for a body nor refuse one of unknown length; none for a
/// method whose content has none (GET, HEAD, DELETE, OPTIONS, TRACE,
/// CONNECT), where the runtime's request, a port of `@octokit/endpoint`
/// 6.0.12, says `0` too.
fn empty_body_length(method: &Method, headers: &mut HeaderMap) {
    let no_content = [
        Method::GET,
        Method::HEAD,
        Method::DELETE,
        Method::OPTIONS,
        Method::TRACE,
        Method::CONNECT,
    ];
    if no_content.contains(method) {
        if headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|length| length == "0")
        {
            headers.remove(header::CONTENT_LENGTH);
        }
    } else if !headers.contains_key(header::CONTENT_LENGTH) {
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("0"));
    }
}

fn drop_body_headers(headers: &mut HeaderMap) {
    for name in [
        header::CONTENT_TYPE,
        header::CONTENT_LENGTH,
        header::CONTENT_ENCODING,
    ] {
        headers.remove(name);
    }
}

/// The final answer of a call, with the rules of its API.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) api: Arc<dyn ApiPolicy>,
    pub(crate) method: Method,
    pub(crate) url: String,
    pub(crate) status: StatusCode,
    pub(crate) headers: HeaderMap,
    pub(crate) body: Vec<u8>,
    pub(crate) received: SystemTime,
}

impl Answer {
    /// A 2xx answer to `operation` decoded into `T`, or the error for any
    /// other.
    pub(crate) fn into_response<T: endpoint_runtime::model::Answer>(
        self,
        operation: Operation,
    ) -> Result<Response<T>, Error> {
        if !self.status.is_success() {
            return Err(self.into_error());
        }
        match decode(self.status, &self.headers, &self.body) {
            Ok(body) => Ok(Response {
                status: self.status,
                headers: self.headers,
                url: self.url,
                body,
            }),
            Err(failure) => {
                Err(self.into_decode_error(operation, std::any::type_name::<T>(), failure))
            }
        }
    }

    /// The error for an answer that is not 2xx: a rate limit's refusal
    /// when the API's rules say it is one, else the answer's status.
    pub(crate) fn into_error(self) -> Error {
        let limit = self.api.rate_limit(&self.headers);
        let refused = Refused::new(
            self.status,
            &self.headers,
            &self.body,
            &limit,
            self.received,
        );
        let refusal = self.api.refusal(&refused);
        let explanation = self.api.explain(&self.body);
        let answer = ApiError::new(
            self.method,
            redact_userinfo(&self.url).into_owned(),
            self.status,
            self.headers,
            self.body,
            explanation,
        )
        .naming_limit(refusal.and_then(|refusal| self.api.limit_name(refusal.kind)));
        match refusal {
            Some(Refusal { kind, retry_at }) => Error::RateLimited {
                kind,
                retry_at,
                answer: Some(Box::new(answer)),
            },
            None => Error::Status(Box::new(answer)),
        }
    }

    /// The error for an answer to `operation` that does not fit `type_name`.
    pub(crate) fn into_decode_error(
        self,
        operation: Operation,
        type_name: &'static str,
        failure: Failure,
    ) -> Error {
        Error::Decode(Box::new(DecodeError::new(
            operation,
            self.method,
            redact_userinfo(&self.url).into_owned(),
            type_name,
            failure,
            self.body.into(),
        )))
    }

    /// The error for item `index` of this answer's list, `item`, which does
    /// not fit `type_name`: `failure` names its path in the page, and the
    /// error keeps the item's JSON alone.
    pub(crate) fn item_decode_error(
        &self,
        operation: Operation,
        type_name: &'static str,
        failure: Failure,
        index: usize,
        item: &serde_json::Value,
    ) -> Box<DecodeError> {
        let json = serde_json::to_vec(item).unwrap_or_default();
        Box::new(
            DecodeError::new(
                operation,
                self.method.clone(),
                redact_userinfo(&self.url).into_owned(),
                type_name,
                failure,
                json.into(),
            )
            .in_item(index),
        )
    }
}

/// Resolves a URI reference against `base` (RFC 3986, section 5.2); `None`
/// when the result is not an absolute `http(s)` URI. A fragment is dropped:
/// it is never sent.
pub(crate) fn resolve(base: &Uri, reference: &str) -> Option<Uri> {
    let reference = reference.trim();
    let reference = reference
        .split_once('#')
        .map_or(reference, |(kept, _)| kept);
    let scheme = base.scheme_str()?;
    let authority = base.authority()?.as_str();
    let has_scheme = reference
        .find(':')
        .is_some_and(|colon| !reference[..colon].contains(['/', '?']));
    let target = if has_scheme {
        reference.to_owned()
    } else if reference.starts_with("//") {
        format!("{scheme}:{reference}")
    } else {
        let (path, query) = match reference.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (reference, None),
        };
        let base_path = base.path();
        let path = if path.is_empty() {
            base_path.to_owned()
        } else if path.starts_with('/') {
            remove_dot_segments(path)
        } else {
            let directory = &base_path[..base_path.rfind('/').map_or(0, |slash| slash + 1)];
            remove_dot_segments(&format!("{directory}{path}"))
        };
        let query = match query {
            Some(query) => Some(query),
            None if reference.is_empty() => base.query(),
            None => None,
        };
        match query {
            Some(query) => format!("{scheme}://{authority}{path}?{query}"),
            None => format!("{scheme}://{authority}{path}"),
        }
    };
    let uri = target.parse::<Uri>().ok()?;
    let http = matches!(uri.scheme_str(), Some(s) if s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
    (http && uri.authority().is_some()).then_some(uri)
}

/// RFC 3986, section 5.2.4.
fn remove_dot_segments(path: &str) -> String {
    let mut output: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len() - 1;
    for (index, segment) in segments.iter().enumerate() {
        match *segment {
            "." => {
                if index == last {
                    output.push("");
                }
            }
            ".." => {
                if output.len() > 1 {
                    output.pop();
                }
                if index == last {
                    output.push("");
                }
            }
            segment => output.push(segment),
        }
    }
    let joined = output.join("/");
    if joined.starts_with('/') {
        joined
    } else {
        format!("/{joined}")
    }
}

/// `url` without the query parameters that hold one of `secrets`; borrowed
/// when it holds none.
pub(crate) fn without_query_secrets<'u>(url: &'u str, secrets: &[String]) -> Cow<'u, str> {
    let Some((path, query)) = url.split_once('?') else {
        return Cow::Borrowed(url);
    };
    let (query, fragment) = query
        .split_once('#')
        .map_or((query, None), |(query, fragment)| (query, Some(fragment)));
    let held = |pair: &&str| secrets.iter().any(|secret| pair.contains(secret.as_str()));
    if !query.split('&').any(|pair| held(&pair)) {
        return Cow::Borrowed(url);
    }
    let kept: Vec<&str> = query.split('&').filter(|pair| !held(pair)).collect();
    let mut out = path.to_owned();
    if !kept.is_empty() {
        out.push('?');
        out.push_str(&kept.join("&"));
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    Cow::Owned(out)
}

/// `headers` with every URL of their `link` headers written without the
/// query parameters that hold one of `secrets`: a next page's URL that
/// echoes a key the client adds as requests leave must not carry it into
/// a page's links, a cursor a caller keeps, or an error.
pub(crate) fn drop_link_secrets(headers: &mut HeaderMap, secrets: &[String]) {
    let holds = |value: &HeaderValue| {
        value
            .to_str()
            .is_ok_and(|text| secrets.iter().any(|secret| text.contains(secret.as_str())))
    };
    if !headers.get_all(header::LINK).iter().any(holds) {
        return;
    }
    let values: Vec<HeaderValue> = headers
        .get_all(header::LINK)
        .iter()
        .map(|value| {
            let Ok(text) = value.to_str() else {
                return value.clone();
            };
            let mut out = String::with_capacity(text.len());
            let mut rest = text;
            while let Some(start) = rest.find('<') {
                let Some(len) = rest[start..].find('>') else {
                    break;
                };
                out.push_str(&rest[..=start]);
                out.push_str(&without_query_secrets(
                    &rest[start + 1..start + len],
                    secrets,
                ));
                rest = &rest[start + len..];
            }
            out.push_str(rest);
            // Text without some of its parameters is still a header value.
            HeaderValue::from_str(&out).unwrap_or_else(|_| value.clone())
        })
        .collect();
    headers.remove(header::LINK);
    for value in values {
        headers.append(header::LINK, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::IetfPolicy;

    fn api() -> Arc<dyn ApiPolicy> {
        Arc::new(IetfPolicy)
    }

    fn resolved(base: &str, reference: &str) -> Option<String> {
        resolve(&base.parse().unwrap(), reference).map(|uri| uri.to_string())
    }

    #[test]
    fn references_resolve_against_the_base() {
        let base = "https://api.example.com/repos/o/r/issues?page=2";
        for (reference, expected) in [
            (
                "https://api.example.com/repositories/1/issues?page=3",
                "https://api.example.com/repositories/1/issues?page=3",
            ),
            ("HTTP://Other.example/x", "http://Other.example/x"),
            ("//uploads.example.com/a", "https://uploads.example.com/a"),
            (
                "/repositories/1000",
                "https://api.example.com/repositories/1000",
            ),
            ("?page=3", "https://api.example.com/repos/o/r/issues?page=3"),
            ("", "https://api.example.com/repos/o/r/issues?page=2"),
            ("pulls#top", "https://api.example.com/repos/o/r/pulls"),
            ("../../x/./y", "https://api.example.com/repos/x/y"),
            ("../../../../..", "https://api.example.com/"),
            ("/a/b/..", "https://api.example.com/a/"),
            ("/a/./b/.", "https://api.example.com/a/b/"),
        ] {
            assert_eq!(
                resolved(base, reference).as_deref(),
                Some(expected),
                "{reference}"
            );
        }
        assert_eq!(resolved(base, "ftp://files.example/x"), None);
        assert_eq!(resolved(base, "mailto:a@example.com"), None);
        assert_eq!(resolved(base, "https://a b/"), None);
    }

    fn exchange(method: Method, url: &str) -> Exchange {
        let mut options = serde_json::json!({"headers": {"accept": "application/vnd.example+json", "authorization": "token t", "cookie": "c=1", "x-api-key": "k3y"}});
        if method != Method::GET {
            options["x"] = 1.into();
        }
        let request = endpoint_runtime::Endpoint::default()
            .endpoint(&format!("{method} {url}"), options)
            .unwrap();
        Exchange::new(request).unwrap()
    }

    fn redirect(status: u16, location: &str) -> http::Response<Vec<u8>> {
        http::Response::builder()
            .status(status)
            .header("location", location)
            .body(Vec::new())
            .unwrap()
    }

    #[test]
    fn redirects_keep_or_change_the_method_and_drop_credentials_elsewhere() {
        let mut patch = exchange(Method::PATCH, "https://api.example.com/repos/o/old");
        assert!(matches!(
            patch
                .receive(redirect(307, "/repositories/1"), &api())
                .unwrap(),
            Step::Follow
        ));
        let request = patch.request();
        assert_eq!(request.method(), Method::PATCH);
        assert_eq!(request.uri(), "https://api.example.com/repositories/1");
        assert_eq!(request.body(), br#"{"x":1}"#);
        assert_eq!(request.headers()["authorization"], "token t");
        assert_eq!(
            request.headers()["content-type"],
            "application/json; charset=utf-8"
        );

        let mut post = exchange(Method::POST, "https://api.example.com/x");
        post.receive(redirect(302, "https://api.example.com:8443/y"), &api())
            .unwrap();
        let request = post.request();
        assert_eq!(request.method(), Method::GET);
        assert!(request.body().is_empty());
        assert!(request.headers().get("content-type").is_none());
        // Another port is another origin.
        assert!(request.headers().get("authorization").is_none());
        assert!(request.headers().get("cookie").is_none());
        assert!(request.headers().get("x-api-key").is_none());
        assert_eq!(request.headers()["accept"], "application/vnd.example+json");

        let mut get = exchange(Method::GET, "https://api.example.com/x");
        get.receive(redirect(301, "https://files.example.com/a"), &api())
            .unwrap();
        assert!(get.request().headers().get("authorization").is_none());
        // Coming back does not bring the credentials back.
        get.receive(redirect(301, "https://api.example.com/b"), &api())
            .unwrap();
        assert!(get.request().headers().get("authorization").is_none());

        let mut downgrade = exchange(Method::GET, "https://api.example.com/x");
        downgrade
            .receive(redirect(308, "http://api.example.com/x"), &api())
            .unwrap();
        assert!(downgrade.request().headers().get("authorization").is_none());
        assert!(downgrade.request().headers().get("x-api-key").is_none());
    }

    #[test]
    fn a_route_s_own_server_is_one_of_the_api_s_origins() {
        let origins = [Origin::of("https://api.example").unwrap()];
        let files = Origin::of("https://files.example");
        let plain = exchange(Method::GET, "https://files.example/x");
        assert!(plain.check_origins(&origins).is_err());
        assert!(!plain.at_api(&origins) && !plain.at_route_server());
        let mut routed = exchange(Method::GET, "https://files.example/x").on_server(files);
        assert!(routed.check_origins(&origins).is_ok());
        assert!(routed.at_api(&origins) && routed.at_route_server());
        // Its next page on the same server keeps it, one elsewhere does not.
        let page = Exchange::get_link(&routed, &routed.url(), "/x?page=2").unwrap();
        assert!(page.at_route_server() && page.check_origins(&origins).is_ok());
        assert_eq!(page.request().headers()["authorization"], "token t");
        let away = Exchange::get_link(&routed, &routed.url(), "https://third.example/x").unwrap();
        assert!(!away.at_route_server() && !away.at_api(&origins));
        assert!(away.request().headers().get("authorization").is_none());
        // So does a redirect there.
        routed
            .receive(redirect(307, "https://third.example/y"), &api())
            .unwrap();
        assert!(!routed.at_route_server());
        assert!(routed.request().headers().get("authorization").is_none());
        assert!(routed.check_origins(&origins).is_ok());
    }

    #[test]
    fn a_typed_request_brings_the_origin_of_its_declared_server_alone() {
        use endpoint_runtime::{Api, TypedRequest};

        const FILES: &str = "https://files.example";
        fn home() -> &'static Api {
            static HOME: std::sync::LazyLock<Api> = std::sync::LazyLock::new(|| {
                Api::new("https://api.example")
                    .and_then(|api| api.header("x-api-key", "k"))
                    .and_then(|api| api.with_tied_server(FILES, Some("/files")))
                    .expect("valid settings")
            });
            &HOME
        }
        endpoint::endpoint! {
            #[endpoint(api = home, server = "https://files.example")]
            struct GetFile = "GET /x";
        }
        let origins = [Origin::of("https://api.example").unwrap()];
        // Sent to its declared server: an origin of the API's for this call.
        let routed = Exchange::typed(GetFile.to_http_request().unwrap());
        assert_eq!(routed.url(), "https://files.example/x");
        assert!(routed.at_route_server() && routed.check_origins(&origins).is_ok());
        // Placed on another deployment's origin, the tied server is none of
        // the call's origins: not even after a redirect there.
        let staging = Api::new("https://staging.example")
            .and_then(|api| api.header("x-api-key", "k"))
            .unwrap();
        let mut elsewhere = Exchange::typed(GetFile.to_http_request_with(&staging).unwrap());
        assert_eq!(elsewhere.url(), "https://staging.example/files/x");
        assert!(!elsewhere.at_route_server());
        let staging_origins = [Origin::of("https://staging.example").unwrap()];
        elsewhere
            .receive(redirect(307, "https://files.example/y"), &api())
            .unwrap();
        assert!(!elsewhere.at_route_server() && !elsewhere.at_api(&staging_origins));
        assert!(elsewhere.request().headers().get("x-api-key").is_none());
    }

    #[test]
    fn debug_shows_no_credential() {
        let shown = format!(
            "{:?}",
            exchange(Method::GET, "https://u:pw@api.example.com/x")
        );
        for secret in ["token t", "c=1", "k3y", "pw"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        assert!(shown.contains("application/vnd.example+json"), "{shown}");
    }

    #[test]
    fn a_key_the_client_made_is_shown_and_goes_with_the_write() {
        let key = HeaderName::from_static("x-request-key");
        let value = HeaderValue::from_static("0f6c2c3e-9b1a-4d2e-8f00-5a1b2c3d4e5f");
        let mut post = exchange(Method::POST, "https://api.example/x");
        post.add_key(key.clone(), value.clone());
        let shown = format!("{post:?}");
        assert!(shown.contains(value.to_str().unwrap()), "{shown}");
        assert!(!shown.contains("k3y"), "{shown}");
        // To another origin: the key goes, the credentials stay.
        post.receive(redirect(307, "https://elsewhere.example/y"), &api())
            .unwrap();
        let request = post.request();
        assert_eq!(request.headers()[&key], value);
        assert!(request.headers().get("x-api-key").is_none());
        let origins = [Origin::of("https://api.example").unwrap()];
        assert!(post.check_origins(&origins).is_ok());
        // A page of the write's answer is another request.
        let page = Exchange::get_link(&post, "https://elsewhere.example/y", "/y?page=2").unwrap();
        assert!(page.request().headers().get(&key).is_none());
        // A write turned into a GET too.
        post.receive(redirect(303, "/z"), &api()).unwrap();
        assert!(post.request().headers().get(&key).is_none());
        // The same header the caller set is a credential like any other.
        let mut options = serde_json::json!({"headers": {"x-request-key": "mine"}});
        options["x"] = 1.into();
        let request = endpoint_runtime::Endpoint::default()
            .endpoint("POST https://api.example/x", options)
            .unwrap();
        let theirs = Exchange::new(request).unwrap();
        assert!(!format!("{theirs:?}").contains("mine"));
        assert!(theirs.check_origins(&[]).is_err());
    }

    #[test]
    fn answers_that_end_the_call() {
        let mut get = exchange(Method::GET, "https://api.example.com/x");
        let Step::Done(answer) = get
            .receive(
                http::Response::builder()
                    .status(304)
                    .header("location", "/y")
                    .body(Vec::new())
                    .unwrap(),
                &api(),
            )
            .unwrap()
        else {
            panic!("a 304 is not followed");
        };
        assert_eq!(answer.status, 304);
        let Step::Done(answer) = get
            .receive(
                http::Response::builder()
                    .status(301)
                    .body(Vec::new())
                    .unwrap(),
                &api(),
            )
            .unwrap()
        else {
            panic!("a redirect without a location is not followed");
        };
        assert_eq!(answer.url, "https://api.example.com/x");

        let err = get
            .receive(redirect(301, "ftp://x/"), &api())
            .err()
            .unwrap();
        assert!(matches!(err, Error::Redirect { .. }), "{err}");
        for _ in 0..MAX_REDIRECTS {
            get.receive(redirect(302, "/again"), &api()).unwrap();
        }
        let err = get.receive(redirect(302, "/again"), &api()).err().unwrap();
        assert_eq!(
            err.to_string(),
            "GET https://api.example.com/again: more than 10 redirects"
        );
    }

    #[test]
    fn links_are_fetched_with_the_first_request_s_headers() {
        let first = exchange(Method::GET, "https://ghe.example/api/v3/repos/o/r/issues");
        let next = Exchange::get_link(
            &first,
            "https://ghe.example/api/v3/repos/o/r/issues",
            "https://ghe.example/api/v3/repositories/1/issues?page=2",
        )
        .unwrap();
        let request = next.request();
        assert_eq!(
            request.uri(),
            "https://ghe.example/api/v3/repositories/1/issues?page=2"
        );
        assert_eq!(request.headers()["authorization"], "token t");
        let elsewhere =
            Exchange::get_link(&first, "https://ghe.example/x", "https://other.example/p2")
                .unwrap();
        assert!(elsewhere.request().headers().get("authorization").is_none());
        assert!(Exchange::get_link(&first, "https://ghe.example/x", "ftp://x/").is_err());
    }
}
