//! GitHub's rules ([`GitHubPolicy`]): its rate-limit resources and the
//! paths that count against them, its secondary limits and their text,
//! the spacing of its writes, the `409` of an empty repository's commits,
//! its headers and error bodies; and the builders of a client of GitHub
//! (`Client::github()`, [`ClientBuilder::github`],
//! [`ClientBuilder::github_enterprise`]).

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use http::header::ACCEPT;
use http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use serde_json::Value;

use super::builder::ClientBuilder;
use super::error::{Explanation, FieldError};
use super::policy::{ApiPolicy, Refusal, Refused};
use super::rate_limit::{RateLimit, RateLimitKind};
use super::throttle::Lane;

/// The `x-github-api-version` a client for GitHub sends unless told
/// otherwise ([`ClientBuilder::api_version`]).
pub const DEFAULT_GITHUB_API_VERSION: &str = "2022-11-28";

/// GitHub's REST API.
const API_URL: &str = "https://api.github.com";

/// Where GitHub's release assets are uploaded.
const UPLOADS_URL: &str = "https://uploads.github.com";

/// The members beside the list in GitHub's wrapped pages
/// (`{"total_count": 2, "incomplete_results": false, "items": […]}`), which
/// the generator knows as the `page-keys` of GitHub's conventions.
const PAGE_KEYS: [&str; 3] = ["total_count", "incomplete_results", "repository_selection"];

/// The media type a client for GitHub accepts unless told otherwise.
const MEDIA_TYPE: &str = "application/vnd.github.v3+json";

/// The header naming the version of GitHub's API a request is written for.
const VERSION_HEADER: HeaderName = HeaderName::from_static("x-github-api-version");

/// Writes, 1 s apart (GitHub's advice for its secondary limits).
const WRITES: Lane = Lane::new(Lane::WRITES, Duration::from_secs(1));

/// Writes that notify people, 3 s apart (octokit's throttling).
const NOTIFYING_WRITES: Lane = Lane::new("notification", Duration::from_secs(3));

/// Searches, 2 s apart (octokit's throttling).
const SEARCHES: Lane = Lane::new("search", Duration::from_secs(2));

impl<C> ClientBuilder<C> {
    /// Sends to GitHub (`https://api.github.com`, uploads on
    /// `https://uploads.github.com`) by GitHub's rules ([`GitHubPolicy`]),
    /// with its headers: `accept: application/vnd.github.v3+json` and
    /// `x-github-api-version: 2022-11-28`
    /// ([`api_version`](Self::api_version)). A later
    /// [`base_url`](Self::base_url) sends elsewhere (a proxy, a test
    /// server) by the same rules, with the same headers.
    pub fn github(self) -> Self {
        self.for_api(
            Arc::new(GitHubPolicy),
            API_URL.to_owned(),
            Some(UPLOADS_URL.to_owned()),
            None,
            "github",
        )
    }

    /// Sends to GitHub Enterprise Server at `host` (`ghe.example.com`, or
    /// `ghe.example.com:8443`): the API at `https://HOST/api/v3`, uploads at
    /// `https://HOST/api/uploads`, by GitHub's rules and with its headers,
    /// as [`github`](Self::github). A `host` that is no host name is an
    /// [`Error::Config`](super::Error::Config) of `github_enterprise` at
    /// `build()`.
    pub fn github_enterprise(self, host: impl Into<String>) -> Self {
        let host = host.into();
        self.for_api(
            Arc::new(GitHubPolicy),
            format!("https://{host}/api/v3"),
            Some(format!("https://{host}/api/uploads")),
            Some(host),
            "github_enterprise",
        )
    }

    /// Where the typed routes whose server is GitHub's uploads host,
    /// `https://uploads.github.com`, go (GitHub's release assets):
    /// [`operation_server`](Self::operation_server) for that server, the
    /// server of the [policy](Self::policy)'s upload routes
    /// ([`ApiPolicy::uploads_server`]). Checked as
    /// [`base_url`](Self::base_url). A client of an API without an uploads
    /// server (any but GitHub's, unless its policy names one) has no such
    /// setting: an [`Error::Config`](super::Error::Config) of `uploads_url`
    /// at `build()`.
    pub fn uploads_url(self, url: impl Into<String>) -> Self {
        self.uploads_to(url.into(), "uploads_url")
    }
}

#[cfg(feature = "ureq")]
impl super::ureq::Client {
    /// A builder for a client of GitHub: the same as
    /// `Client::builder().github()`.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    ///
    /// let github = Client::github().token("ghp_…").user_agent("my-app/1.0").build()?;
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn github() -> ClientBuilder<super::ureq::Client> {
        ClientBuilder::new().github()
    }
}

#[cfg(feature = "reqwest")]
impl super::reqwest::Client {
    /// A builder for a client of GitHub: the same as
    /// `Client::builder().github()`.
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::Client;
    ///
    /// let github = Client::github().token("ghp_…").user_agent("my-app/1.0").build()?;
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn github() -> ClientBuilder<super::reqwest::Client> {
        ClientBuilder::new().github()
    }
}

/// GitHub's API, the policy of a client made by `github()` or
/// `github_enterprise(…)` (or given it: `policy(GitHubPolicy)`,
/// `with_policy(GitHubPolicy)`):
///
/// - rate limits per resource (`core`, `search`, `code_search`,
///   `graphql`…, from `x-ratelimit-resource`, else from the request's
///   path), the primary limit a `403` or `429` with
///   `x-ratelimit-remaining: 0`, a secondary one a `403` or `429` with
///   `retry-after` or GitHub's message ("secondary rate limit", "abuse
///   detection"), waited a minute, doubled at each refusal, when it names
///   no time (GitHub's advice);
/// - writes 1 s apart (the lane `write`), 3 s for those that notify people
///   (`notification`), searches 2 s apart (`search`), as octokit's
///   throttling advises ([`RateLimits::spacing`](super::RateLimits::spacing)
///   sets others);
/// - a `409` for a list's first page is an empty list (the commits of an
///   empty repository);
/// - events and errors name its limits as GitHub does: a spent quota is
///   its primary rate limit, a pause its secondary one
///   (`secondary rate limit of `core``);
/// - headers: `accept: application/vnd.github.v3+json` and
///   `x-github-api-version` ([`DEFAULT_GITHUB_API_VERSION`] unless
///   `api_version` says), which a cache's keys vary on;
/// - error bodies: `message`, `documentation_url` and `errors`, each of
///   those `{"resource", "field", "code", "message"}` or a string.
///
/// ```
/// use endpoint::client::{ApiPolicy, GitHubPolicy, RateLimit, Refused};
/// use http::{HeaderMap, Method, StatusCode};
/// use std::time::{Duration, UNIX_EPOCH};
///
/// assert_eq!(GitHubPolicy.resource(&Method::GET, "/search/code"), "code_search");
/// let body = br#"{"message": "You have exceeded a secondary rate limit."}"#;
/// let received = UNIX_EPOCH + Duration::from_secs(1_000);
/// let (headers, limit) = (HeaderMap::new(), RateLimit::default());
/// let refused = Refused::new(StatusCode::FORBIDDEN, &headers, body, &limit, received);
/// let refusal = GitHubPolicy.refusal(&refused).expect("GitHub's text names a limit");
/// assert_eq!(refusal.retry_at, Some(received + Duration::from_secs(60)));
/// assert!(GitHubPolicy.empty_list(StatusCode::CONFLICT));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct GitHubPolicy;

/// How long GitHub asks to wait after a secondary limit that names no
/// time: at least a minute.
const SECONDARY_WAIT: Duration = Duration::from_secs(60);

impl ApiPolicy for GitHubPolicy {
    /// Every header, the resource an answer counted against included.
    fn rate_limit(&self, headers: &HeaderMap) -> RateLimit {
        RateLimit::from_headers(headers)
    }

    fn refusal(&self, answer: &Refused<'_>) -> Option<Refusal> {
        let status = answer.status;
        if status != StatusCode::FORBIDDEN && status != StatusCode::TOO_MANY_REQUESTS {
            return None;
        }
        let limit = answer.limit;
        if let Some(wait) = limit.retry_after {
            return Some(Refusal {
                kind: RateLimitKind::Pause,
                retry_at: answer.received.checked_add(wait),
            });
        }
        if limit.remaining == Some(0) {
            return Some(Refusal {
                kind: RateLimitKind::Quota,
                retry_at: limit.reset,
            });
        }
        // A 429 is a rate limit by its definition, whatever else it says.
        let message = Explanation::read(answer.body).message;
        let secondary = status == StatusCode::TOO_MANY_REQUESTS
            || message.as_deref().is_some_and(names_secondary_limit);
        secondary.then(|| {
            // A minute, then longer and longer while it keeps refusing.
            Refusal {
                kind: RateLimitKind::Pause,
                retry_at: answer.doubled(SECONDARY_WAIT),
            }
        })
    }

    /// `https://uploads.github.com`, where release assets are uploaded.
    fn uploads_server(&self) -> Option<&'static str> {
        Some(UPLOADS_URL)
    }

    /// `total_count`, `incomplete_results` and `repository_selection`: the
    /// counts beside GitHub's wrapped lists (a search's `items`,
    /// `check_runs`, an installation's `repositories`).
    fn page_keys(&self) -> &'static [&'static str] {
        &PAGE_KEYS
    }

    fn resource(&self, _: &Method, path: &str) -> Cow<'static, str> {
        Cow::Borrowed(resource_of(path))
    }

    fn lane(&self, method: &Method, path: &str) -> Option<Lane> {
        if *method == Method::GET || *method == Method::HEAD || *method == Method::OPTIONS {
            matches!(resource_of(path), "search" | "code_search").then_some(SEARCHES)
        } else if notifies(path) {
            Some(NOTIFYING_WRITES)
        } else {
            Some(WRITES)
        }
    }

    fn limit_name(&self, kind: RateLimitKind) -> Option<&'static str> {
        Some(match kind {
            RateLimitKind::Quota => "primary rate limit",
            RateLimitKind::Pause => "secondary rate limit",
        })
    }

    fn empty_list(&self, status: StatusCode) -> bool {
        status == StatusCode::CONFLICT
    }

    fn headers(&self) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT, HeaderValue::from_static(MEDIA_TYPE));
        headers.insert(
            VERSION_HEADER,
            HeaderValue::from_static(DEFAULT_GITHUB_API_VERSION),
        );
        headers
    }

    fn version_header(&self) -> Option<HeaderName> {
        Some(VERSION_HEADER)
    }

    fn cache_varies_on(&self) -> &[HeaderName] {
        static VARIES_ON: [HeaderName; 1] = [VERSION_HEADER];
        &VARIES_ON
    }

    /// GitHub's error body: `message`, `documentation_url`, and `errors`,
    /// each an object (`{"resource": "Label", "field": "color", "code":
    /// "invalid"}`, a `message` when its `code` is `custom`) or a string.
    /// A body of another shape (a proxy's, a gateway's) is read as any
    /// API's ([`Explanation::read`]).
    fn explain(&self, body: &[u8]) -> Explanation {
        let Ok(Value::Object(fields)) = serde_json::from_slice::<Value>(body) else {
            return Explanation::read(body);
        };
        let text = |value: Option<&Value>| {
            value
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|text| !text.is_empty())
                .map(str::to_owned)
        };
        let message = text(fields.get("message"));
        if message.is_none() {
            return Explanation::read(body);
        }
        let error = |error: &Value| match error {
            Value::Object(error) => {
                let code = text(error.get("code"));
                let said = text(error.get("message")).or_else(|| code.clone())?;
                let mut read = FieldError::new(said);
                read.location = text(error.get("field"));
                read.code = code;
                Some(read)
            }
            Value::String(_) => text(Some(error)).map(FieldError::new),
            _ => None,
        };
        Explanation {
            message,
            documentation_url: text(fields.get("documentation_url")),
            errors: fields
                .get("errors")
                .and_then(Value::as_array)
                .map(|errors| errors.iter().filter_map(error).collect())
                .unwrap_or_default(),
        }
    }
}

/// Whether GitHub's `message` names a secondary limit.
fn names_secondary_limit(message: &str) -> bool {
    let message = message.to_ascii_lowercase();
    // "abuse detection" is the older name, still sent by older GitHub
    // Enterprise Server versions.
    message.contains("secondary rate limit") || message.contains("abuse detection")
}

/// The rate-limit resource a request to `path` counts against, as GitHub
/// names them in `x-ratelimit-resource`.
pub(crate) fn resource_of(path: &str) -> &'static str {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let ends_with = |tail: &[&str]| segments.ends_with(tail);
    // `/search/…` at the API's root (`/api/v3/search/…` on GitHub Enterprise
    // Server), not a repository or an owner named `search`.
    let search = segments
        .iter()
        .enumerate()
        .position(|(at, segment)| *segment == "search" && (at == 0 || segments[at - 1] == "v3"));
    if let Some(at) = search {
        return match segments.get(at + 1) {
            Some(&"code") => "code_search",
            _ => "search",
        };
    }
    if ends_with(&["graphql"]) {
        "graphql"
    } else if ends_with(&["code-scanning", "sarifs"]) {
        "code_scanning_upload"
    } else if ends_with(&["dependency-graph", "snapshots"]) {
        "dependency_snapshots"
    } else if ends_with(&["dependency-graph", "sbom"]) {
        "dependency_sbom"
    } else if segments.len() >= 3
        && segments[segments.len() - 3] == "app-manifests"
        && ends_with(&["conversions"])
    {
        "integration_manifest"
    } else if ends_with(&["runners", "registration-token"]) {
        "actions_runner_registration"
    } else if segments.contains(&"scim") {
        "scim"
    } else if ends_with(&["audit-log"]) {
        "audit_log"
    } else {
        "core"
    }
}

/// The writes that notify people, as octokit's throttling lists them:
/// path templates whose `{…}` stands for one segment, matched against the
/// end of a request's path (so that `/api/v3/repos/…` of GitHub Enterprise
/// Server matches too).
const NOTIFYING_PATHS: [&str; 19] = [
    "/orgs/{org}/invitations",
    "/orgs/{org}/invitations/{invitation_id}",
    "/orgs/{org}/teams/{team_slug}/discussions",
    "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
    "/repos/{owner}/{repo}/collaborators/{username}",
    "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
    "/repos/{owner}/{repo}/issues",
    "/repos/{owner}/{repo}/issues/{issue_number}/comments",
    "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
    "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
    "/repos/{owner}/{repo}/pulls",
    "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
    "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
    "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
    "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
    "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
    "/repos/{owner}/{repo}/releases",
    "/teams/{team_id}/discussions",
    "/teams/{team_id}/discussions/{discussion_number}/comments",
];

/// Whether a write to `path` notifies people.
fn notifies(path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    NOTIFYING_PATHS.iter().any(|template| {
        let pattern: Vec<&str> = template.split('/').filter(|s| !s.is_empty()).collect();
        segments.len() >= pattern.len()
            && segments[segments.len() - pattern.len()..]
                .iter()
                .zip(&pattern)
                .all(|(segment, expected)| expected.starts_with('{') || segment == expected)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::IetfPolicy;
    use crate::throttle::{RateLimits, spacing_of};
    use std::time::UNIX_EPOCH;

    #[test]
    fn resources_and_lanes_follow_the_path() {
        assert_eq!(resource_of("/repos/o/r/issues"), "core");
        assert_eq!(resource_of("/search/issues"), "search");
        assert_eq!(resource_of("/api/v3/search/code"), "code_search");
        assert_eq!(resource_of("/graphql"), "graphql");
        assert_eq!(
            resource_of("/repos/o/r/code-scanning/sarifs"),
            "code_scanning_upload"
        );
        assert_eq!(resource_of("/repos/o/r/code-scanning/sarifs/42"), "core");
        assert_eq!(
            resource_of("/repos/o/r/dependency-graph/snapshots"),
            "dependency_snapshots"
        );
        assert_eq!(
            resource_of("/app-manifests/abc/conversions"),
            "integration_manifest"
        );
        assert_eq!(resource_of("/scim/v2/organizations/o/Users"), "scim");
        assert_eq!(resource_of("/orgs/o/audit-log"), "audit_log");
        assert_eq!(resource_of("/repos/o/search-tools/issues"), "core");
        assert_eq!(resource_of("/repos/search/search/issues"), "core");
        assert_eq!(resource_of("/api/v3/search/issues"), "search");
        let limits = RateLimits::default();
        let second = Duration::from_secs(1);
        let lane =
            |method: Method, path: &str| spacing_of(&limits, GitHubPolicy.lane(&method, path));
        assert_eq!(lane(Method::GET, "/repos/o/r/issues"), None);
        assert_eq!(
            lane(Method::GET, "/search/issues"),
            Some(("search", 2 * second))
        );
        assert_eq!(
            lane(Method::POST, "/repos/o/r/issues/3/comments"),
            Some(("notification", 3 * second))
        );
        assert_eq!(
            lane(Method::POST, "/api/v3/repos/o/r/pulls"),
            Some(("notification", 3 * second))
        );
        assert_eq!(
            lane(Method::PATCH, "/repos/o/r/labels/bug"),
            Some(("write", second))
        );
        // Another API's writes are not spaced unless set, and its paths
        // name no GitHub resource.
        let any = RateLimits::default();
        let neutral = |limits: &RateLimits, path: &str| {
            spacing_of(limits, IetfPolicy.lane(&Method::POST, path))
        };
        assert_eq!(neutral(&any, "/repos/o/r/issues"), None);
        assert_eq!(
            IetfPolicy.resource(&Method::GET, "/search/issues"),
            "default"
        );
        assert_eq!(
            neutral(&any.clone().write_spacing(second), "/v1/charges"),
            Some(("write", second))
        );
        // A client's settings win over GitHub's spacing, lane by lane.
        let limits = RateLimits::default()
            .spacing("search", Duration::ZERO)
            .write_spacing(5 * second);
        let lane =
            |method: Method, path: &str| spacing_of(&limits, GitHubPolicy.lane(&method, path));
        assert_eq!(lane(Method::GET, "/search/issues"), None);
        assert_eq!(
            lane(Method::PATCH, "/repos/o/r/labels/bug"),
            Some(("write", 5 * second))
        );
        assert_eq!(
            lane(Method::POST, "/repos/o/r/issues"),
            Some(("notification", 3 * second))
        );
    }

    #[test]
    fn headers_cache_keys_and_names() {
        let headers = GitHubPolicy.headers();
        assert_eq!(headers[ACCEPT], MEDIA_TYPE);
        assert_eq!(headers["x-github-api-version"], DEFAULT_GITHUB_API_VERSION);
        assert_eq!(GitHubPolicy.version_header(), Some(VERSION_HEADER));
        assert_eq!(GitHubPolicy.cache_varies_on(), [VERSION_HEADER]);
        assert_eq!(
            GitHubPolicy.limit_name(RateLimitKind::Pause),
            Some("secondary rate limit")
        );
        // Any other API: JSON, no version header, no names.
        assert_eq!(IetfPolicy.headers()[ACCEPT], "application/json");
        assert_eq!(IetfPolicy.headers().len(), 1);
        assert_eq!(IetfPolicy.version_header(), None);
        assert!(IetfPolicy.cache_varies_on().is_empty());
        assert_eq!(IetfPolicy.limit_name(RateLimitKind::Quota), None);
    }

    #[test]
    fn error_bodies() {
        let explained = GitHubPolicy.explain(
            br#"{"message":"Validation Failed","errors":[{"resource":"Label","code":"invalid","field":"color"},{"resource":"Issue","code":"custom","field":"title","message":"title is too long"},"plain"],"documentation_url":"https://docs.github.com/rest/issues/labels#create-a-label"}"#,
        );
        assert_eq!(explained.message.as_deref(), Some("Validation Failed"));
        assert_eq!(
            explained.documentation_url.as_deref(),
            Some("https://docs.github.com/rest/issues/labels#create-a-label")
        );
        assert_eq!(
            explained.errors,
            [
                FieldError::new("invalid").at("color").code("invalid"),
                FieldError::new("title is too long")
                    .at("title")
                    .code("custom"),
                FieldError::new("plain"),
            ]
        );
        // GitHub's shape only: an entry's `detail` is not its text, nor is
        // its `location` where it is.
        let odd = GitHubPolicy.explain(
            br#"{"message":"Bad","errors":[{"detail":"x","location":"y"},{"code":"missing","location":"z"}]}"#,
        );
        assert_eq!(odd.errors, [FieldError::new("missing").code("missing")]);
        // A body of another shape (a gateway's) is read as any API's.
        let gateway = GitHubPolicy.explain(br#"{"error":"upstream timed out"}"#);
        assert_eq!(gateway.message.as_deref(), Some("upstream timed out"));
        assert_eq!(GitHubPolicy.explain(b"<html>"), Explanation::default());
    }

    #[test]
    fn refusals() {
        let received = UNIX_EPOCH + Duration::from_secs(1_000);
        let headers = HeaderMap::new();
        let refusal = |status: u16, limit: &RateLimit, body: &str, refusals: u32| {
            let status = StatusCode::from_u16(status).unwrap();
            let refused = Refused::new(status, &headers, body.as_bytes(), limit, received);
            GitHubPolicy.refusal(&refused.after(refusals))
        };
        let at = |seconds: u64| Some(UNIX_EPOCH + Duration::from_secs(seconds));
        let primary = RateLimit {
            remaining: Some(0),
            reset: at(2_000),
            ..RateLimit::default()
        };
        assert_eq!(
            refusal(403, &primary, "", 0),
            Some(Refusal {
                kind: RateLimitKind::Quota,
                retry_at: primary.reset
            })
        );
        assert_eq!(refusal(404, &primary, "", 0), None);
        let secondary = RateLimit {
            retry_after: Some(Duration::from_secs(5)),
            remaining: Some(10),
            ..RateLimit::default()
        };
        assert_eq!(
            refusal(429, &secondary, "", 0),
            Some(Refusal {
                kind: RateLimitKind::Pause,
                retry_at: at(1_005)
            })
        );
        let none = RateLimit::default();
        let text = r#"{"message": "You have exceeded a secondary rate limit. Please wait."}"#;
        assert_eq!(
            refusal(403, &none, text, 0),
            Some(Refusal {
                kind: RateLimitKind::Pause,
                retry_at: at(1_060)
            })
        );
        // Doubled at each refusal of the same request.
        assert_eq!(refusal(403, &none, text, 2).unwrap().retry_at, at(1_240));
        let older = r#"{"message": "You have triggered an abuse detection mechanism. Please wait a few minutes."}"#;
        assert_eq!(refusal(403, &none, older, 0).unwrap().retry_at, at(1_060));
        // A plain 403 is no rate limit.
        let plain = r#"{"message": "Resource not accessible by integration"}"#;
        let left = RateLimit {
            remaining: Some(4999),
            ..RateLimit::default()
        };
        assert_eq!(refusal(403, &left, plain, 0), None);
        // GitHub's text is GitHub's: another API's 403 saying so is no
        // refusal.
        let refused = Refused::new(
            StatusCode::FORBIDDEN,
            &headers,
            text.as_bytes(),
            &none,
            received,
        );
        assert_eq!(IetfPolicy.refusal(&refused), None);
    }
}
