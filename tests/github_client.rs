//! Runs `examples/github_client.rs` in-process (its `run` function, the
//! whole program but for the process around it) against a loopback fake of
//! the GitHub API, so that the example keeps compiling and working: its
//! output, its exit status, and what the fake received (method, path and
//! query, token, body).

use crate::server;

#[path = "../examples/github_client.rs"]
#[allow(dead_code)]
mod example;

use serde_json::{Value, json};

use server::{Answer, Received, Server};

/// The token the tests give the example.
const TOKEN: &str = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";

/// A loopback server answering like GitHub for the repository
/// `octocat/hello-world` (and `octocat/broken`, whose answers are wrong).
fn fake_github() -> Server {
    Server::start(|request| {
        let (status, body) = answer(request);
        let mut answer = Answer::json(status, &body);
        if let Some(link) = issues_link(request) {
            answer = answer.with_header("link", &link);
        }
        answer
    })
}

/// The fake's answers, shaped like GitHub's: every field that the
/// description requires is there, so that they decode into the models.
fn answer(request: &Received) -> (u16, Value) {
    let (path, query) = request
        .url
        .split_once('?')
        .unwrap_or((request.url.as_str(), ""));
    let not_found = json!({
        "message": "Not Found",
        "documentation_url": "https://docs.github.com/rest",
        "status": "404",
    });
    match (request.method.as_str(), path) {
        ("GET", "/repos/octocat/hello-world") => (200, repository()),
        ("GET", "/repos/octocat/broken") => (200, json!({"id": 1, "name": "broken"})),
        ("GET", "/repos/octocat/paged/issues") => (200, paged_issues(1)),
        ("GET", "/repositories/42/issues") => {
            let page = query
                .split('&')
                .find_map(|pair| pair.strip_prefix("page="))
                .and_then(|page| page.parse().ok())
                .unwrap_or(1);
            (200, paged_issues(page))
        }
        ("GET", "/repos/octocat/hello-world/issues") => {
            let mut issues = vec![
                issue(1347, "Found a bug", "open", &["bug", "ui"], false),
                issue(1350, "Fix the bug", "open", &["bug"], true),
            ];
            if query.contains("state=all") {
                issues.push(issue(1296, "Old report", "closed", &[], false));
            }
            if query.contains("labels=none") {
                issues.clear();
            }
            (200, Value::Array(issues))
        }
        ("POST", "/repos/octocat/hello-world/issues") => {
            let Ok(input) = serde_json::from_slice::<Value>(&request.body) else {
                return (400, json!({"message": "Problems parsing JSON"}));
            };
            match input.get("title").and_then(Value::as_str) {
                Some(title) if !title.is_empty() => {
                    let mut created = issue(1351, title, "open", &[], false);
                    created["body"] = input.get("body").cloned().unwrap_or(Value::Null);
                    (201, created)
                }
                _ => (
                    422,
                    json!({
                        "message": "Validation Failed",
                        "errors": [{"resource": "Issue", "code": "missing_field", "field": "title"}],
                        "documentation_url": "https://docs.github.com/rest/issues/issues#create-an-issue",
                    }),
                ),
            }
        }
        ("GET", "/repos/octocat/hello-world/contents/docs/guide/README.md") => {
            let mut file = content("file", "docs/guide/README.md", 34);
            file["encoding"] = "base64".into();
            file["content"] = "IyBHdWlkZQoKSGVsbG8sIHfDtnJsZCEg4pyTCkVu\nZCEhCg==\n".into();
            (200, file)
        }
        ("GET", "/repos/octocat/hello-world/contents/docs") => (
            200,
            json!([
                content("dir", "docs/guide", 0),
                content("file", "docs/index.md", 625),
            ]),
        ),
        _ => (404, not_found),
    }
}

/// Page `page` of the 5 issues of `octocat/paged`, 2 a page, newest first.
fn paged_issues(page: u64) -> Value {
    let last = 5u64.saturating_sub((page - 1) * 2);
    let issues = (last.saturating_sub(1).max(1)..=last)
        .rev()
        .map(|number| issue(number, &format!("Issue {number}"), "open", &[], false))
        .collect();
    Value::Array(issues)
}

/// The `link` header of a page of `octocat/paged`'s issues, pointing at the
/// server itself (GitHub's links are absolute, and name the repository by
/// its id).
fn issues_link(request: &Received) -> Option<String> {
    let page = match request.url.as_str() {
        "/repos/octocat/paged/issues?per_page=2" => 1,
        "/repositories/42/issues?per_page=2&page=2" => 2,
        "/repositories/42/issues?per_page=2&page=3" => 3,
        _ => return None,
    };
    let base = format!(
        "http://{}/repositories/42/issues?per_page=2",
        request.header("host")
    );
    let link = |page: u64, rel: &str| format!("<{base}&page={page}>; rel=\"{rel}\"");
    let mut links = Vec::new();
    if page > 1 {
        links.push(link(page - 1, "prev"));
    }
    if page < 3 {
        links.push(link(page + 1, "next"));
        links.push(link(3, "last"));
    }
    if page > 1 {
        links.push(link(1, "first"));
    }
    Some(links.join(", "))
}

/// GitHub's own URLs in the answers (the fake answers for GitHub, and the
/// example prints some of them).
const API: &str = "https://api.github.com";
/// The repository of the fake's answers.
const REPO: &str = "octocat/hello-world";

/// An account as other answers hold it (`simple-user`), every required
/// field there.
fn user(login: &str, id: u64) -> Value {
    let url = format!("{API}/users/{login}");
    json!({
        "login": login,
        "id": id,
        "node_id": "MDQ6VXNlcjE=",
        "avatar_url": format!("https://github.com/images/error/{login}_happy.gif"),
        "gravatar_id": "",
        "url": url,
        "html_url": format!("https://github.com/{login}"),
        "followers_url": format!("{url}/followers"),
        "following_url": format!("{url}/following{{/other_user}}"),
        "gists_url": format!("{url}/gists{{/gist_id}}"),
        "starred_url": format!("{url}/starred{{/owner}}{{/repo}}"),
        "subscriptions_url": format!("{url}/subscriptions"),
        "organizations_url": format!("{url}/orgs"),
        "repos_url": format!("{url}/repos"),
        "events_url": format!("{url}/events{{/privacy}}"),
        "received_events_url": format!("{url}/received_events"),
        "type": "User",
        "site_admin": false,
    })
}

/// `octocat/hello-world` as `GET /repos/{owner}/{repo}` answers it
/// (`full-repository`, the fields GitHub's documented example has that the
/// description requires).
fn repository() -> Value {
    let url = format!("{API}/repos/{REPO}");
    let mut repository = json!({
        "id": 1296269,
        "node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
        "name": "hello-world",
        "full_name": REPO,
        "owner": user("octocat", 1),
        "private": false,
        "html_url": format!("https://github.com/{REPO}"),
        "description": "My first repository on GitHub!",
        "fork": false,
        "url": url,
        "clone_url": format!("https://github.com/{REPO}.git"),
        "git_url": format!("git:github.com/{REPO}.git"),
        "ssh_url": format!("git@github.com:{REPO}.git"),
        "mirror_url": null,
        "svn_url": format!("https://svn.github.com/{REPO}"),
        "homepage": "https://github.com",
        "language": "Rust",
        "visibility": "public",
        "pushed_at": "2011-01-26T19:06:43Z",
        "created_at": "2011-01-26T19:01:12Z",
        "updated_at": "2011-01-26T19:14:43Z",
        "license": {
            "key": "mit",
            "name": "MIT License",
            "spdx_id": "MIT",
            "url": format!("{API}/licenses/mit"),
            "node_id": "MDc6TGljZW5zZW1pdA==",
        },
        "subscribers_count": 42,
        "network_count": 0,
    });
    // Its counts and settings.
    let counts = json!({
        "forks_count": 9,
        "forks": 9,
        "stargazers_count": 80,
        "watchers_count": 80,
        "watchers": 80,
        "size": 108,
        "default_branch": "main",
        "open_issues_count": 2,
        "open_issues": 2,
        "topics": ["octocat", "api"],
        "has_issues": true,
        "has_projects": true,
        "has_wiki": true,
        "has_pages": false,
        "has_discussions": false,
        "archived": false,
        "disabled": false,
    });
    for (key, value) in counts.as_object().into_iter().flatten() {
        repository[key] = value.clone();
    }
    // The API's links of the repository, most of them URL templates.
    for (key, suffix) in [
        ("archive_url", "/{archive_format}{/ref}"),
        ("assignees_url", "/assignees{/user}"),
        ("blobs_url", "/git/blobs{/sha}"),
        ("branches_url", "/branches{/branch}"),
        ("collaborators_url", "/collaborators{/collaborator}"),
        ("comments_url", "/comments{/number}"),
        ("commits_url", "/commits{/sha}"),
        ("compare_url", "/compare/{base}...{head}"),
        ("contents_url", "/contents/{+path}"),
        ("contributors_url", "/contributors"),
        ("deployments_url", "/deployments"),
        ("downloads_url", "/downloads"),
        ("events_url", "/events"),
        ("forks_url", "/forks"),
        ("git_commits_url", "/git/commits{/sha}"),
        ("git_refs_url", "/git/refs{/sha}"),
        ("git_tags_url", "/git/tags{/sha}"),
        ("hooks_url", "/hooks"),
        ("issue_comment_url", "/issues/comments{/number}"),
        ("issue_events_url", "/issues/events{/number}"),
        ("issues_url", "/issues{/number}"),
        ("keys_url", "/keys{/key_id}"),
        ("labels_url", "/labels{/name}"),
        ("languages_url", "/languages"),
        ("merges_url", "/merges"),
        ("milestones_url", "/milestones{/number}"),
        (
            "notifications_url",
            "/notifications{?since,all,participating}",
        ),
        ("pulls_url", "/pulls{/number}"),
        ("releases_url", "/releases{/id}"),
        ("stargazers_url", "/stargazers"),
        ("statuses_url", "/statuses/{sha}"),
        ("subscribers_url", "/subscribers"),
        ("subscription_url", "/subscription"),
        ("tags_url", "/tags"),
        ("teams_url", "/teams"),
        ("trees_url", "/git/trees{/sha}"),
    ] {
        repository[key] = format!("{url}{suffix}").into();
    }
    repository
}

/// A label of the repository (`label`).
fn label(name: &str) -> Value {
    json!({
        "id": 208045946,
        "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=",
        "url": format!("{API}/repos/{REPO}/labels/{name}"),
        "name": name,
        "description": null,
        "color": "f29513",
        "default": false,
    })
}

/// An issue of the repository, or a pull request when `pull_request`
/// (`issue`).
fn issue(number: u64, title: &str, state: &str, labels: &[&str], pull_request: bool) -> Value {
    let url = format!("{API}/repos/{REPO}/issues/{number}");
    let mut issue = json!({
        "id": 1_000_000 + number,
        "node_id": "MDU6SXNzdWUx",
        "url": url,
        "repository_url": format!("{API}/repos/{REPO}"),
        "labels_url": format!("{url}/labels{{/name}}"),
        "comments_url": format!("{url}/comments"),
        "events_url": format!("{url}/events"),
        "html_url": format!("https://github.com/{REPO}/issues/{number}"),
        "number": number,
        "state": state,
        "title": title,
        "body": "I'm having a problem with this.",
        "user": user("octocat", 1),
        "labels": labels.iter().map(|name| label(name)).collect::<Vec<_>>(),
        "assignee": null,
        "milestone": null,
        "locked": false,
        "active_lock_reason": null,
        "comments": 0,
        "created_at": "2011-04-22T13:33:48Z",
        "updated_at": "2011-04-22T13:33:48Z",
        "closed_at": if state == "closed" { json!("2011-04-23T09:12:01Z") } else { Value::Null },
        "author_association": "COLLABORATOR",
    });
    if pull_request {
        issue["pull_request"] = json!({
            "url": format!("{API}/repos/{REPO}/pulls/{number}"),
            "html_url": format!("https://github.com/{REPO}/pull/{number}"),
            "diff_url": format!("https://github.com/{REPO}/pull/{number}.diff"),
            "patch_url": format!("https://github.com/{REPO}/pull/{number}.patch"),
            "merged_at": null,
        });
    }
    issue
}

/// An entry of the repository's contents (`content-directory`'s items;
/// a file's own answer adds its `encoding` and `content`).
fn content(kind: &str, path: &str, size: u64) -> Value {
    let name = path.rsplit('/').next().unwrap_or(path);
    let (tree, raw) = if kind == "dir" {
        ("tree", Value::Null)
    } else {
        (
            "blob",
            json!(format!(
                "https://raw.githubusercontent.com/{REPO}/main/{path}"
            )),
        )
    };
    let sha = "3d21ec53a331a6f037a91c368710b99387d012c1";
    let url = format!("{API}/repos/{REPO}/contents/{path}");
    let git_url = format!("{API}/repos/{REPO}/git/{tree}s/{sha}");
    let html_url = format!("https://github.com/{REPO}/{tree}/main/{path}");
    json!({
        "type": kind,
        "size": size,
        "name": name,
        "path": path,
        "sha": sha,
        "url": url,
        "git_url": git_url,
        "html_url": html_url,
        "download_url": raw,
        "_links": {"self": url, "git": git_url, "html": html_url},
    })
}

/// What a run of the example gave.
struct Output {
    code: u8,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs the example with `args` after `--base-url`, with `token` as
/// `GITHUB_TOKEN` (or none), and no proxy.
fn github_client(base_url: &str, token: Option<&str>, args: &[&str]) -> Output {
    let args: Vec<String> = ["--base-url", base_url]
        .iter()
        .chain(args)
        .map(|arg| (*arg).to_owned())
        .collect();
    let github = endpoint::client::ureq::Client::builder().no_proxy();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let code = example::run(&args, token, github, &mut stdout, &mut stderr);
    Output {
        code,
        stdout,
        stderr,
    }
}

/// The example's stdout, after checking that it succeeded.
fn succeeded(args: &[&str], output: &Output) -> String {
    assert_eq!(
        output.code,
        0,
        "{args:?}\nstderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// The example's stderr, which starts with `error: `, after checking that
/// it failed with `code`.
fn failed(args: &[&str], output: &Output, code: u8) -> String {
    assert_eq!(
        output.code,
        code,
        "{args:?}\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let stderr = String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    stderr
}

/// Checks the headers every request of the example carries.
fn assert_client_headers(request: &Received, token: Option<&str>) {
    let expected = token.map(|token| format!("Bearer {token}"));
    assert_eq!(
        request.optional_header("authorization"),
        expected.as_deref(),
        "{request:#?}"
    );
    assert_eq!(
        request.optional_header("accept"),
        Some("application/vnd.github.v3+json")
    );
    assert_eq!(
        request.optional_header("user-agent"),
        Some(endpoint::client::DEFAULT_USER_AGENT)
    );
    assert_eq!(
        request.optional_header("x-github-api-version"),
        Some("2022-11-28")
    );
}

#[test]
fn repo_shows_the_repository() {
    let github = fake_github();
    let args = ["repo", "octocat/hello-world"];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(
        stdout,
        "octocat/hello-world\n\
         \x20 My first repository on GitHub!\n\
         \x20 https://github.com/octocat/hello-world\n\
         \x20 public · default branch main · language Rust\n\
         \x20 stars 80 · forks 9 · open issues 2\n"
    );
    let request = github.only_request();
    assert_eq!(request.method, "GET");
    assert_eq!(request.url, "/repos/octocat/hello-world");
    assert_client_headers(&request, Some(TOKEN));
    assert!(request.body.is_empty());
}

#[test]
fn issues_sends_the_filters_as_query_parameters() {
    let github = fake_github();
    let args = [
        "issues",
        "octocat/hello-world",
        "--state",
        "all",
        "--labels",
        "bug, good first issue",
        "--per-page",
        "50",
    ];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(
        stdout,
        "#1347 open Found a bug [bug, ui] by @octocat\n\
         #1350 open Fix the bug (pull request) [bug] by @octocat\n\
         #1296 closed Old report by @octocat\n"
    );
    let request = github.only_request();
    assert_eq!(request.method, "GET");
    assert_eq!(
        request.url,
        "/repos/octocat/hello-world/issues?state=all&labels=bug%2Cgood%20first%20issue&per_page=50"
    );
    assert_client_headers(&request, Some(TOKEN));

    // Without filters, no query at all; an empty answer says so.
    let args = ["issues", "octocat/hello-world"];
    succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(
        github.only_request().url,
        "/repos/octocat/hello-world/issues"
    );
    let args = ["issues", "octocat/hello-world", "--labels", "none"];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(stdout, "no issues\n");
}

#[test]
fn issues_all_follows_every_page() {
    let github = fake_github();
    let args = ["issues", "octocat/paged", "--per-page", "2", "--all"];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(
        stdout,
        "#5 open Issue 5 by @octocat\n\
         #4 open Issue 4 by @octocat\n\
         #3 open Issue 3 by @octocat\n\
         #2 open Issue 2 by @octocat\n\
         #1 open Issue 1 by @octocat\n"
    );
    let requests = github.requests();
    let targets: Vec<&str> = requests.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(
        targets,
        [
            "/repos/octocat/paged/issues?per_page=2",
            "/repositories/42/issues?per_page=2&page=2",
            "/repositories/42/issues?per_page=2&page=3",
        ]
    );
    for request in &requests {
        assert_client_headers(request, Some(TOKEN));
    }

    // Without `--all`, only the first page.
    let args = ["issues", "octocat/paged", "--per-page", "2"];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(
        stdout,
        "#5 open Issue 5 by @octocat\n#4 open Issue 4 by @octocat\n"
    );
    assert_eq!(github.requests().len(), 1);
}

#[test]
fn create_issue_posts_json() {
    let github = fake_github();
    let args = [
        "create-issue",
        "octocat/hello-world",
        "Found a bug",
        "It \"crashes\" on start — see logs.\nSecond line.",
    ];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(
        stdout,
        "created #1351: https://github.com/octocat/hello-world/issues/1351\n"
    );
    let request = github.only_request();
    assert_eq!(request.method, "POST");
    assert_eq!(request.url, "/repos/octocat/hello-world/issues");
    assert_client_headers(&request, Some(TOKEN));
    assert_eq!(
        request.optional_header("content-type"),
        Some("application/json; charset=utf-8")
    );
    assert_eq!(
        serde_json::from_slice::<Value>(&request.body).unwrap(),
        json!({"title": "Found a bug", "body": "It \"crashes\" on start — see logs.\nSecond line."})
    );

    // Without a body, only the title is sent.
    let args = ["create-issue", "octocat/hello-world", "Title only"];
    succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(github.only_request().body, br#"{"title":"Title only"}"#);
}

#[test]
fn contents_prints_a_file_or_lists_a_directory() {
    let github = fake_github();
    let args = [
        "contents",
        "octocat/hello-world",
        "docs/guide/README.md",
        "--ref",
        "v1.0",
    ];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(stdout, "# Guide\n\nHello, wörld! ✓\nEnd!!\n");
    let request = github.only_request();
    assert_eq!(request.method, "GET");
    assert_eq!(
        request.url,
        "/repos/octocat/hello-world/contents/docs/guide/README.md?ref=v1.0"
    );
    assert_client_headers(&request, Some(TOKEN));

    let args = ["contents", "octocat/hello-world", "docs"];
    let stdout = succeeded(
        &args,
        &github_client(&github.base_url(), Some(TOKEN), &args),
    );
    assert_eq!(
        stdout,
        "dir              0  docs/guide\n\
         file           625  docs/index.md\n"
    );
    assert_eq!(
        github.only_request().url,
        "/repos/octocat/hello-world/contents/docs"
    );
}

#[test]
fn without_a_token_no_authorization_is_sent() {
    let github = fake_github();
    let args = ["repo", "octocat/hello-world"];
    succeeded(&args, &github_client(&github.base_url(), None, &args));
    assert_client_headers(&github.only_request(), None);
    // A blank token counts as none.
    succeeded(&args, &github_client(&github.base_url(), Some("  "), &args));
    assert_client_headers(&github.only_request(), None);
}

#[test]
fn failures_name_the_request_and_github_s_message() {
    let github = fake_github();
    let base_url = github.base_url();

    let args = ["repo", "octocat/missing"];
    let stderr = failed(&args, &github_client(&base_url, Some(TOKEN), &args), 1);
    assert_eq!(
        stderr,
        format!(
            "error: GET {base_url}/repos/octocat/missing: the server answered 404 Not Found: Not Found\n"
        )
    );

    let args = ["create-issue", "octocat/hello-world", ""];
    let stderr = failed(&args, &github_client(&base_url, Some(TOKEN), &args), 1);
    assert_eq!(
        stderr,
        format!(
            "error: POST {base_url}/repos/octocat/hello-world/issues: the server answered \
             422 Unprocessable Entity: Validation Failed (title: missing_field)\n"
        )
    );

    let args = ["repo", "octocat/broken"];
    let stderr = failed(&args, &github_client(&base_url, Some(TOKEN), &args), 1);
    assert!(
        stderr.starts_with(&format!(
            "error: GET /repos/{{owner}}/{{repo}} ({base_url}/repos/octocat/broken): the answer does not fit `endpoint_github::models::FullRepository`: missing field"
        )),
        "{stderr}"
    );
    assert_eq!(github.requests().len(), 3);

    // Nothing listens on the port of a stopped server.
    drop(github);
    let args = ["repo", "octocat/hello-world"];
    let stderr = failed(&args, &github_client(&base_url, Some(TOKEN), &args), 1);
    assert!(
        stderr.starts_with(&format!(
            "error: GET {base_url}/repos/octocat/hello-world: "
        )),
        "{stderr}"
    );
}

#[test]
fn bad_arguments_exit_with_2_and_the_usage() {
    let base_url = "http://127.0.0.1:9";
    for (args, message) in [
        (&["repo"][..], "wrong arguments for `repo`"),
        (&["repo", "octocat"], "`octocat` is not OWNER/REPO"),
        (
            &["issues", "o/r", "--state", "draft"],
            "--state `draft` is not open, closed or all",
        ),
        (
            &["issues", "o/r", "--per-page", "0"],
            "--per-page `0` is not a number from 1 to 100",
        ),
        (
            &["repo", "o/r", "--ref", "main"],
            "`--ref` does not apply to `repo`",
        ),
        (&["fork", "o/r"], "unknown command `fork`"),
        (&[], "no command given"),
    ] {
        let stderr = failed(args, &github_client(base_url, None, args), 2);
        assert!(
            stderr.starts_with(&format!("error: {message}\n\nA small typed GitHub client.")),
            "{args:?}: {stderr}"
        );
    }
    let output = github_client(base_url, None, &["--help"]);
    assert!(succeeded(&["--help"], &output).contains("Usage: github_client"));
}
