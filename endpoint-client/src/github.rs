//! GitHub's rules ([`GitHubPolicy`]): its rate-limit resources and the
//! paths that count against them, its secondary limits and their text,
//! the spacing of its writes, the `409` of an empty repository's commits.

use std::borrow::Cow;
use std::time::Duration;

use http::{HeaderMap, Method, StatusCode};

use super::error::Explanation;
use super::policy::{ApiPolicy, Refusal, Refused};
use super::rate_limit::{RateLimit, RateLimitKind};
use super::throttle::{Lane, RateLimits};

/// GitHub's API, the policy of a client made by `github()` or
/// `github_enterprise(…)` or for `https://api.github.com`:
///
/// - rate limits per resource (`core`, `search`, `code_search`,
///   `graphql`…, from `x-ratelimit-resource`, else from the request's
///   path), the primary limit a `403` or `429` with
///   `x-ratelimit-remaining: 0`, a secondary one a `403` or `429` with
///   `retry-after` or GitHub's message ("secondary rate limit", "abuse
///   detection"), waited a minute, doubled at each refusal, when it names
///   no time (GitHub's advice);
/// - writes 1 s apart, 3 s for those that notify people, searches 2 s
///   apart ([`RateLimits::github`]), as octokit's throttling advises;
/// - a `409` for a list's first page is an empty list (the commits of an
///   empty repository);
/// - events and errors name its limits (`secondary rate limit of `core``);
/// - error bodies: `message`, `documentation_url` and `errors`.
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
                kind: RateLimitKind::Secondary,
                retry_at: answer.received.checked_add(wait),
            });
        }
        if limit.remaining == Some(0) {
            return Some(Refusal {
                kind: RateLimitKind::Primary,
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
                kind: RateLimitKind::Secondary,
                retry_at: answer.doubled(SECONDARY_WAIT),
            }
        })
    }

    fn resource(&self, _: &Method, path: &str) -> Cow<'static, str> {
        Cow::Borrowed(resource_of(path))
    }

    fn lane(&self, method: &Method, path: &str) -> Option<Lane> {
        if *method == Method::GET || *method == Method::HEAD || *method == Method::OPTIONS {
            matches!(resource_of(path), "search" | "code_search").then_some(Lane::Searches)
        } else if notifies(path) {
            Some(Lane::NotifyingWrites)
        } else {
            Some(Lane::Writes)
        }
    }

    fn names_limits(&self) -> bool {
        true
    }

    fn empty_list(&self, status: StatusCode) -> bool {
        status == StatusCode::CONFLICT
    }

    fn rate_limits(&self) -> RateLimits {
        RateLimits::github()
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
    use crate::throttle::spacing_of;
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
        let limits = GitHubPolicy.rate_limits();
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
            neutral(&any.write_spacing(second), "/v1/charges"),
            Some(("write", second))
        );
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
                kind: RateLimitKind::Primary,
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
                kind: RateLimitKind::Secondary,
                retry_at: at(1_005)
            })
        );
        let none = RateLimit::default();
        let text = r#"{"message": "You have exceeded a secondary rate limit. Please wait."}"#;
        assert_eq!(
            refusal(403, &none, text, 0),
            Some(Refusal {
                kind: RateLimitKind::Secondary,
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
