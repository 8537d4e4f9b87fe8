//! What `endpoint::client` does beyond the recorded scenarios, through both
//! clients against a loopback server answering like GitHub: rate-limit
//! refusals, pagination of wrapped lists and its end cases, links on a
//! GitHub Enterprise base URL, redirects to another host, transport and
//! decoding failures, and the credential host check.

use crate::{backends, server};

use std::time::{Duration, UNIX_EPOCH};

use endpoint::client::{Error, GitHubPolicy, RateLimitKind};
use endpoint::model::Paginated;
use endpoint::{Endpoint, endpoint};
use serde::Deserialize;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

const TOKEN: &str = "token ghp_secret";

/// Runs `test` once per backend, each time against a fresh server
/// answering with `answer`, with a client whose endpoint sends to that
/// server (under `base_path`) with a token kept on its host.
fn with_each_backend(
    base_path: &str,
    answer: fn(&Received) -> Answer,
    test: impl Fn(&Backend, &Server),
) {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(answer);
        let endpoint = Endpoint::default()
            .defaults(json!({
                "baseUrl": format!("{}{base_path}", server.base_url()),
                "headers": {"authorization": TOKEN},
            }))
            .expect("valid defaults")
            .with_credential_host_check(true);
        test(&Backend::new(name, endpoint), &server);
    }
}

/// `http://<host header>`: where the client reached the server.
fn origin(request: &Received) -> String {
    format!("http://{}", request.header("host"))
}

/// The value of query parameter `name`.
fn query<'r>(request: &'r Received, name: &str) -> Option<&'r str> {
    let (_, query) = request.url.split_once('?')?;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
}

fn not_found() -> Answer {
    Answer::json(404, &json!({"message": "Not Found"}))
}

#[derive(Debug, Deserialize)]
struct CheckRun {
    id: u64,
}

/// A page of check runs: the list wrapped in `check_runs`, beside
/// `total_count`.
#[derive(Debug, Deserialize)]
struct CheckRuns {
    total_count: i64,
    check_runs: Vec<CheckRun>,
}

impl Paginated for CheckRuns {
    type Item = CheckRun;

    fn into_items(self) -> Vec<CheckRun> {
        self.check_runs
    }

    fn total_count(&self) -> Option<i64> {
        Some(self.total_count)
    }
}

#[derive(Debug, PartialEq, Deserialize)]
struct User {
    login: String,
}

#[derive(Debug, PartialEq, Deserialize)]
struct Issue {
    number: u64,
    user: User,
}

/// A page of search results, as GitHub's search endpoints answer.
#[derive(Debug, Deserialize)]
struct IssueSearch {
    total_count: i64,
    incomplete_results: bool,
    items: Vec<Issue>,
}

impl Paginated for IssueSearch {
    type Item = Issue;

    fn into_items(self) -> Vec<Issue> {
        self.items
    }

    fn total_count(&self) -> Option<i64> {
        Some(self.total_count)
    }

    fn incomplete_results(&self) -> Option<bool> {
        Some(self.incomplete_results)
    }
}

endpoint! {
    /// The check runs of a commit: a list wrapped in `check_runs`.
    struct ListCheckRuns = "GET /repos/{owner}/{repo}/commits/{ref}/check-runs" -> CheckRuns {
        per_page: Option<u32>,
    }

    /// A repository's issues, decoded.
    struct ListTypedIssues = "GET /repos/{owner}/{repo}/issues" -> Vec<Issue> {
        per_page: Option<u32>,
    }

    /// Issues found by a search: a list wrapped in `items`.
    struct SearchIssues = "GET /search/issues{?q}" -> IssueSearch;

    /// A repository's commits.
    struct ListCommits = "GET /repos/{owner}/{repo}/commits" -> Vec<Value>;

    /// A repository's issues.
    struct ListIssues = "GET /repos/{owner}/{repo}/issues" -> Vec<Value>;

    /// The rate limit itself.
    struct GetRateLimit = "GET /rate_limit";

    /// A repository, with the one field this test reads.
    struct GetRepo = "GET /repos/{owner}/{repo}" -> Repo;
}

#[derive(Debug, Deserialize)]
struct Repo {
    #[allow(dead_code)]
    id: u64,
}

#[test]
fn rate_limit_refusals_say_when_to_retry() {
    with_each_backend(
        "",
        |request| match query(request, "case") {
            Some("primary") => Answer::json(
                403,
                &json!({"message": "API rate limit exceeded for user ID 1."}),
            )
            .with_header("x-ratelimit-limit", "5000")
            .with_header("x-ratelimit-remaining", "0")
            .with_header("x-ratelimit-reset", "1700000000"),
            Some("secondary") => Answer::json(
                429,
                &json!({"message": "You have exceeded a secondary rate limit."}),
            )
            .with_header("retry-after", "30"),
            Some("message") => Answer::json(
                403,
                &json!({"message": "You have exceeded a secondary rate limit. Please wait."}),
            ),
            Some("forbidden") => Answer::json(403, &json!({"message": "Must have admin rights"}))
                .with_header("x-ratelimit-remaining", "4999"),
            _ => Answer::json(200, &json!({"resources": {}}))
                .with_header("x-ratelimit-remaining", "4998")
                .with_header("x-ratelimit-reset", "1700000000"),
        },
        |neutral, _| {
            // The server plays GitHub, whose rules the client is told.
            let backend = &neutral.with_policy(GitHubPolicy);
            let call = |case: &str| backend.call::<Value>("GET /rate_limit", json!({"case": case}));
            // GitHub's secondary-limit text from another API is its error,
            // not a rate limit.
            let error = neutral
                .call::<Value>("GET /rate_limit", json!({"case": "message"}))
                .unwrap_err();
            assert!(matches!(error, Error::Status(_)), "{error:?}");
            assert!(error.to_string().ends_with("Please wait."), "{error}");
            let error = call("primary").unwrap_err();
            let Error::RateLimited {
                kind,
                retry_at,
                answer,
            } = &error
            else {
                panic!("expected a rate limit, got {error:?}");
            };
            assert_eq!(*kind, RateLimitKind::Quota);
            assert_eq!(
                *retry_at,
                Some(UNIX_EPOCH + Duration::from_secs(1_700_000_000))
            );
            assert_eq!(answer.as_ref().unwrap().rate_limit().limit, Some(5000));
            assert_eq!(error.status(), Some(http::StatusCode::FORBIDDEN));

            let error = call("secondary").unwrap_err();
            let Error::RateLimited {
                kind,
                retry_at,
                answer,
            } = &error
            else {
                panic!("expected a rate limit, got {error:?}");
            };
            assert_eq!(*kind, RateLimitKind::Pause);
            assert!(retry_at.is_some());
            assert_eq!(
                answer.as_ref().unwrap().rate_limit().retry_after,
                Some(Duration::from_secs(30))
            );
            assert!(
                error
                    .to_string()
                    .contains("; secondary rate limit, retry at ")
                    && error.to_string().contains(" UTC (in "),
                "{error}"
            );

            let error = call("message").unwrap_err();
            assert!(
                matches!(
                    error,
                    Error::RateLimited {
                        kind: RateLimitKind::Pause,
                        ..
                    }
                ),
                "{error:?}"
            );
            assert!(error.to_string().ends_with(" UTC (in 60 s)"), "{error}");

            let error = call("forbidden").unwrap_err();
            assert!(matches!(error, Error::Status(_)), "{error:?}");

            let fine = backend.send(&GetRateLimit).unwrap();
            assert_eq!(fine.rate_limit().remaining, Some(4998));
            assert_eq!(
                fine.rate_limit().reset,
                Some(UNIX_EPOCH + Duration::from_secs(1_700_000_000))
            );
        },
    );
}

#[test]
fn wrapped_lists_are_paginated_with_their_total_count() {
    with_each_backend(
        "",
        |request| {
            let base = format!(
                "{}/repos/o/r/commits/abc/check-runs?per_page=2",
                origin(request)
            );
            match query(request, "page") {
                None => Answer::json(
                    200,
                    &json!({"total_count": 3, "check_runs": [{"id": 1}, {"id": 2}]}),
                )
                // Several links, odd spacing, quoted and bare parameters.
                .with_header(
                    "link",
                    &format!(
                        "<{base}&page=2>;rel=\"next\" ; title=\"page 2, of 2\",\t<{base}&page=2> ; rel=last"
                    ),
                ),
                Some("2") => Answer::json(200, &json!({"total_count": 3, "check_runs": [{"id": 3}]}))
                    .with_header("link", &format!("<{base}&page=1>; rel=\"prev first\"")),
                _ => not_found(),
            }
        },
        |backend, server| {
            let route = ListCheckRuns {
                owner: "o".into(),
                repo: "r".into(),
                r#ref: "abc".into(),
                per_page: Some(2),
            };
            let pages = backend.paginate(&route);
            assert_eq!(pages.total_count, Some(3));
            let ids: Vec<u64> = pages.ok().iter().map(|run| run.id).collect();
            assert_eq!(ids, [1, 2, 3]);
            let targets: Vec<String> = server.requests().into_iter().map(|r| r.url).collect();
            assert_eq!(
                targets,
                [
                    "/repos/o/r/commits/abc/check-runs?per_page=2",
                    "/repos/o/r/commits/abc/check-runs?per_page=2&page=2",
                ]
            );
        },
    );
}

/// Three pages of `count` issues each, linked by `page`, as a list or
/// wrapped as search results.
fn issue_pages(request: &Received) -> Answer {
    let page: u64 = query(request, "page")
        .map_or(Some(1), |page| page.parse().ok())
        .unwrap_or(0);
    if !(1..=3).contains(&page) {
        return not_found();
    }
    let issues: Vec<Value> = (0..2)
        .map(|i| json!({"number": page * 10 + i, "user": {"login": format!("user{i}")}, "title": "t"}))
        .collect();
    let path = request.url.split('?').next().unwrap_or_default();
    let body = if path == "/search/issues" {
        json!({"total_count": 6, "incomplete_results": page == 2, "items": issues})
    } else {
        json!(issues)
    };
    let answer = Answer::json(200, &body);
    if page == 3 {
        return answer;
    }
    // Every first URL has a query; later ones end with `&page=N`.
    let base = request.url.split("&page=").next().unwrap_or_default();
    answer.with_header(
        "link",
        &format!(
            "<{}{base}&page={}>; rel=\"next\"",
            origin(request),
            page + 1
        ),
    )
}

#[test]
fn typed_pages_need_no_turbofish() {
    with_each_backend("", issue_pages, |backend, server| {
        let route = ListTypedIssues {
            owner: "o".into(),
            repo: "r".into(),
            per_page: Some(2),
        };
        // `-> Vec<Issue>`: the items are `Issue`s.
        let pages = backend.paginate(&route);
        assert_eq!(pages.total_count, None);
        let issues: Vec<Issue> = pages.ok();
        let numbers: Vec<u64> = issues.iter().map(|issue| issue.number).collect();
        assert_eq!(numbers, [10, 11, 20, 21, 30, 31]);
        assert_eq!(issues[1].user.login, "user1");
        let targets: Vec<String> = server.requests().into_iter().map(|r| r.url).collect();
        assert_eq!(
            targets,
            [
                "/repos/o/r/issues?per_page=2",
                "/repos/o/r/issues?per_page=2&page=2",
                "/repos/o/r/issues?per_page=2&page=3",
            ]
        );

        // A search: the items of `items`, and the counts of the pages.
        let pages = backend.paginate(&SearchIssues {
            q: Some("is:open".into()),
        });
        assert_eq!(pages.total_count, Some(6));
        assert_eq!(pages.incomplete_results, Some(false));
        let numbers: Vec<u64> = pages.ok().iter().map(|issue| issue.number).collect();
        assert_eq!(numbers, [10, 11, 20, 21, 30, 31]);
    });
}

#[test]
fn decode_failures_name_the_path_and_keep_the_body() {
    const PAGE: &str = r#"[{"number":1,"user":{"login":"a"}},{"number":2,"user":{"login":null}}]"#;
    // The second page: another item that fits, the same one that does not
    // (a page that repeats the page before whole ends the pages).
    const PAGE_2: &str =
        r#"[{"number":3,"user":{"login":"c"}},{"number":2,"user":{"login":null}}]"#;
    with_each_backend(
        "",
        |request| {
            let answer = Answer {
                status: 200,
                headers: vec![("content-type".into(), "application/json".into())],
                body: match query(request, "page") {
                    None => PAGE,
                    Some(_) => PAGE_2,
                }
                .as_bytes()
                .to_vec(),
            };
            match query(request, "page") {
                None => answer.with_header(
                    "link",
                    &format!(
                        "<{}/repos/o/r/issues?page=2>; rel=\"next\"",
                        origin(request)
                    ),
                ),
                Some(_) => answer,
            }
        },
        |backend, server| {
            let route = ListTypedIssues {
                owner: "o".into(),
                repo: "r".into(),
                per_page: None,
            };
            let error = backend.send(&route).unwrap_err();
            let decode = error.decode_error().expect("a decode error");
            assert_eq!(decode.path(), "[1].user.login");
            assert_eq!(decode.operation(), "GET /repos/{owner}/{repo}/issues");
            assert_eq!(
                decode.request_type(),
                Some("suite::client::ListTypedIssues")
            );
            assert_eq!(
                decode.url(),
                format!("{}/repos/o/r/issues", server.base_url())
            );
            assert_eq!(decode.body(), PAGE.as_bytes());
            assert!(decode.type_name().ends_with("Vec<suite::client::Issue>"));
            assert_eq!(
                error.to_string(),
                format!(
                    "GET /repos/{{owner}}/{{repo}}/issues ({}/repos/o/r/issues): the answer does \
                     not fit `{}` at `[1].user.login`: invalid type: null, expected a string at \
                     line 1 column 67",
                    server.base_url(),
                    decode.type_name()
                )
            );
            // The body is not in the message, nor whole in `Debug`.
            assert!(!format!("{error:?}").contains("\"login\""), "{error:?}");

            // Paginated: the item that does not fit is an error naming its
            // path in the page, its URL and its JSON, and the others still
            // come, from both pages.
            const ITEM: &str = r#"{"number":2,"user":{"login":null}}"#;
            let pages = backend.paginate(&route);
            assert_eq!(pages.items.len(), 4);
            assert_eq!(pages.items[2].as_ref().unwrap().number, 3);
            let error = pages.items[1].as_ref().unwrap_err();
            let decode = error.decode_error().expect("a decode error");
            assert_eq!(decode.path(), "[1].user.login");
            assert_eq!(decode.index(), Some(1));
            assert_eq!(
                decode.url(),
                format!("{}/repos/o/r/issues", server.base_url())
            );
            assert_eq!(decode.body(), ITEM.as_bytes());

            // A request built already: item by item, the others still come.
            let request = backend
                .endpoint()
                .endpoint(
                    "GET /repos/{owner}/{repo}/issues",
                    json!({"owner": "o", "repo": "r"}),
                )
                .unwrap();
            let items = backend.paginate_request::<Issue>(request).items;
            assert_eq!(items.len(), 4);
            assert_eq!(items[0].as_ref().unwrap().number, 1);
            let error = items[1].as_ref().unwrap_err().decode_error().unwrap();
            assert_eq!(error.path(), "[1].user.login");
            assert_eq!(
                error.operation(),
                format!("GET {}/repos/o/r/issues", server.base_url())
            );
            assert_eq!(error.request_type(), None);
            assert_eq!(error.body(), ITEM.as_bytes());
            let error = items[3].as_ref().unwrap_err().decode_error().unwrap();
            assert_eq!(
                error.url(),
                format!("{}/repos/o/r/issues?page=2", server.base_url())
            );
        },
    );
}

#[test]
fn enterprise_links_are_used_as_given() {
    with_each_backend(
        "/api/v3",
        |request| match request.url.as_str() {
            "/api/v3/repos/o/r/issues" => Answer::json(200, &json!([{"number": 2}])).with_header(
                "link",
                &format!(
                    "<{}/api/v3/repositories/7/issues?page=2>; rel=\"next\"",
                    origin(request)
                ),
            ),
            "/api/v3/repositories/7/issues?page=2" => Answer::json(200, &json!([{"number": 1}])),
            _ => not_found(),
        },
        |backend, server| {
            let route = ListIssues {
                owner: "o".into(),
                repo: "r".into(),
            };
            let issues = backend.paginate(&route).ok();
            assert_eq!(issues, [json!({"number": 2}), json!({"number": 1})]);
            let requests = server.requests();
            assert_eq!(requests[1].url, "/api/v3/repositories/7/issues?page=2");
            assert_eq!(requests[1].header("authorization"), TOKEN);
            assert_eq!(
                requests[1].header("accept"),
                "application/vnd.github.v3+json"
            );
        },
    );
}

#[test]
fn pagination_end_cases() {
    with_each_backend(
        "",
        |request| match request.url.as_str() {
            "/repos/o/empty/commits" => {
                Answer::json(409, &json!({"message": "Git Repository is empty."}))
            }
            "/repos/o/r/issues" => Answer::json(200, &json!([{"number": 1}, {"number": 2}]))
                .with_header(
                    "link",
                    &format!(
                        "<{}/repositories/1/issues?page=2>; rel=\"next\"",
                        origin(request)
                    ),
                ),
            "/repositories/1/issues?page=2" => {
                Answer::json(502, &json!({"message": "Server Error"}))
            }
            _ => not_found(),
        },
        |backend, server| {
            // GitHub's answer for the commits of an empty repository, from
            // a server that is not GitHub's: an error, as any 409 is.
            let commits = backend.paginate(&ListCommits {
                owner: "o".into(),
                repo: "empty".into(),
            });
            assert_eq!(commits.items.len(), 1);
            let error = commits.items[0].as_ref().unwrap_err();
            assert_eq!(error.status(), Some(http::StatusCode::CONFLICT));
            // ... and outside pagination too.
            let error = backend
                .send(&ListCommits {
                    owner: "o".into(),
                    repo: "empty".into(),
                })
                .unwrap_err();
            assert_eq!(error.status(), Some(http::StatusCode::CONFLICT));

            // A page that fails ends the items with its error.
            let items = backend
                .paginate(&ListIssues {
                    owner: "o".into(),
                    repo: "r".into(),
                })
                .items;
            assert_eq!(items.len(), 3);
            assert!(items[0].is_ok() && items[1].is_ok());
            let error = items[2].as_ref().unwrap_err();
            assert_eq!(error.status(), Some(http::StatusCode::BAD_GATEWAY));
            assert_eq!(
                error
                    .api_error()
                    .and_then(|answer| answer.message.as_deref()),
                Some("Server Error")
            );
            assert_eq!(server.requests().len(), 4);
        },
    );
}

#[test]
fn redirects_to_another_host_drop_the_credentials() {
    with_each_backend(
        "",
        |request| {
            let localhost = origin(request).replace("127.0.0.1", "localhost");
            match request.url.as_str() {
                "/upload" => Answer::json(307, &json!({"message": "Temporary Redirect"}))
                    .with_header("location", &format!("{localhost}/elsewhere")),
                "/form" => Answer::json(303, &json!({"message": "See Other"}))
                    .with_header("location", "/result"),
                "/elsewhere" | "/result" => Answer::json(200, &json!({"ok": true})),
                _ => not_found(),
            }
        },
        |backend, server| {
            let moved = backend
                .call::<Value>("POST /upload", json!({"name": "a.txt"}))
                .unwrap();
            assert_eq!(moved.body, json!({"ok": true}));
            assert!(moved.url.starts_with("http://localhost:"), "{}", moved.url);
            let requests = server.requests();
            let (first, second) = (&requests[0], &requests[1]);
            assert_eq!(first.header("authorization"), TOKEN);
            assert_eq!(second.method, "POST");
            assert_eq!(second.url, "/elsewhere");
            assert_eq!(second.body, br#"{"name":"a.txt"}"#);
            assert_eq!(
                second.header("content-type"),
                "application/json; charset=utf-8"
            );
            assert!(second.all("authorization").is_empty(), "{second:#?}");
            assert_eq!(second.header("user-agent"), endpoint::USER_AGENT);

            // 303: a GET without the body, on the same host with the token.
            backend
                .call::<Value>("POST /form", json!({"x": 1}))
                .unwrap();
            let requests = server.requests();
            assert_eq!(requests[1].method, "GET");
            assert_eq!(requests[1].url, "/result");
            assert!(requests[1].body.is_empty());
            assert!(requests[1].all("content-type").is_empty());
            assert_eq!(requests[1].header("authorization"), TOKEN);
        },
    );
}

#[test]
fn endless_redirects_stop() {
    with_each_backend(
        "",
        |_| Answer::json(302, &json!({})).with_header("location", "/again"),
        |backend, server| {
            let error = backend.call::<Value>("GET /start", json!({})).unwrap_err();
            assert!(matches!(error, Error::Redirect { .. }), "{error:?}");
            assert!(
                error
                    .to_string()
                    .ends_with("/again: more than 10 redirects"),
                "{error}"
            );
            assert_eq!(server.requests().len(), 11);
        },
    );
}

#[test]
fn answers_that_do_not_fit_and_empty_answers() {
    with_each_backend(
        "",
        |request| match request.method.as_str() {
            "GET" => Answer::json(200, &json!({"id": "not a number"})),
            _ => Answer {
                status: 204,
                headers: Vec::new(),
                body: Vec::new(),
            },
        },
        |backend, server| {
            let error = backend
                .send(&GetRepo {
                    owner: "o".into(),
                    repo: "r".into(),
                })
                .unwrap_err();
            let message = error.to_string();
            assert!(
                message.starts_with(&format!(
                    "GET /repos/{{owner}}/{{repo}} ({}/repos/o/r): the answer does not fit \
                     `suite::client::Repo` at `id`: invalid type",
                    server.base_url()
                )),
                "{message}"
            );
            // A request built already is named by its URL.
            let error = backend
                .call::<Repo>(
                    "GET /repos/{owner}/{repo}",
                    json!({"owner": "o", "repo": "r"}),
                )
                .unwrap_err();
            let message = error.to_string();
            assert!(
                message.starts_with(&format!(
                    "GET {}/repos/o/r: the answer does not fit `suite::client::Repo` at `id`: invalid type",
                    server.base_url()
                )),
                "{message}"
            );
            let deleted = backend
                .call::<Value>("DELETE /repos/o/r", json!({}))
                .unwrap();
            assert_eq!(deleted.status, 204);
            assert_eq!(deleted.body, Value::Null);
            let deleted = backend
                .call::<Option<Repo>>("DELETE /repos/o/r", json!({}))
                .unwrap();
            assert!(deleted.body.is_none());
        },
    );
}

#[test]
fn failures_to_send_are_transport_errors_and_nothing_leaves_for_another_host() {
    with_each_backend(
        "",
        |_| Answer::json(200, &json!({})),
        |backend, server| {
            // The credential host check refuses before anything is sent.
            let elsewhere = format!("GET http://localhost:{}/collect", server.port());
            let error = backend.call::<Value>(&elsewhere, json!({})).unwrap_err();
            assert!(
                matches!(error, Error::Build(endpoint::Error::CredentialsHost { .. })),
                "{error:?}"
            );
            assert!(server.requests().is_empty());
        },
    );
    for name in BACKENDS {
        let server = Server::start(|_| Answer::json(200, &json!({})));
        let base_url = server.base_url();
        drop(server);
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": base_url}))
            .unwrap();
        let error = Backend::new(name, endpoint)
            .call::<Value>("GET /user", json!({}))
            .unwrap_err();
        let Error::Transport { method, url, .. } = &error else {
            panic!("{name}: expected a transport error, got {error:?}");
        };
        assert_eq!(method, http::Method::GET);
        assert_eq!(*url, format!("{base_url}/user"));
        assert!(
            error
                .to_string()
                .starts_with(&format!("GET {base_url}/user: "))
        );
    }
}

#[test]
fn default_clients_send_too() {
    let server = Server::start(|request| Answer::json(200, &json!({"path": request.url})));
    let endpoint = Endpoint::default()
        .defaults(json!({"baseUrl": server.base_url()}))
        .unwrap();
    let blocking = endpoint::client::ureq::Client::new(endpoint.clone()).unwrap();
    let answer = blocking
        .execute::<Value>(endpoint.endpoint("GET /zen", json!({})).unwrap())
        .unwrap();
    assert_eq!(answer.body, json!({"path": "/zen"}));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let nonblocking = endpoint::client::reqwest::Client::new(endpoint.clone()).unwrap();
    let answer = runtime
        .block_on(
            nonblocking.execute::<Value>(endpoint.endpoint("GET /octocat", json!({})).unwrap()),
        )
        .unwrap();
    assert_eq!(answer.body, json!({"path": "/octocat"}));
    assert_eq!(answer.into_body(), json!({"path": "/octocat"}));
}
