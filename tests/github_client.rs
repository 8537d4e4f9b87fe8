//! Runs `examples/github_client.rs` (through `cargo run --example
//! github_client`) against a loopback fake of the GitHub API, so that the
//! example keeps compiling and working: its output, its exit status, and
//! what the fake received (method, path and query, token, body).

use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The longest the fake runs, even if its test never stops it.
const SERVER_LIFETIME: Duration = Duration::from_secs(300);
/// The largest request body the fake reads.
const MAX_BODY: u64 = 1 << 20;
/// The token the tests give the example.
const TOKEN: &str = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";

/// A request as the fake received it.
#[derive(Debug, Clone)]
struct Received {
    method: String,
    url: String,
    /// Names lowercased.
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Received {
    fn header(&self, name: &str) -> Option<&str> {
        let mut values = self.headers.iter().filter(|(n, _)| n == name);
        let value = values.next().map(|(_, v)| v.as_str());
        assert!(values.next().is_none(), "`{name}` sent twice: {self:#?}");
        value
    }
}

/// A loopback server answering like GitHub for the repository
/// `octocat/hello-world` (and `octocat/broken`, whose answers are wrong).
struct FakeGitHub {
    port: u16,
    received: Receiver<Received>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl FakeGitHub {
    fn start() -> FakeGitHub {
        let server = tiny_http::Server::http("127.0.0.1:0").expect("a loopback port is free");
        let port = server.server_addr().to_ip().expect("an IP listener").port();
        let (sender, received) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let deadline = Instant::now() + SERVER_LIFETIME;
            while !stopping.load(Ordering::SeqCst) && Instant::now() < deadline {
                let mut request = match server.recv_timeout(Duration::from_millis(20)) {
                    Ok(Some(request)) => request,
                    Ok(None) => continue,
                    Err(_) => break,
                };
                let mut body = Vec::new();
                let _ = std::io::Read::read_to_end(
                    &mut std::io::Read::take(request.as_reader(), MAX_BODY),
                    &mut body,
                );
                let record = Received {
                    method: request.method().to_string(),
                    url: request.url().to_owned(),
                    headers: request
                        .headers()
                        .iter()
                        .map(|h| {
                            (
                                h.field.as_str().as_str().to_ascii_lowercase(),
                                h.value.as_str().to_owned(),
                            )
                        })
                        .collect(),
                    body,
                };
                let (status, answer) = answer(&record);
                // Recorded before the answer leaves, so that once the example
                // has exited, everything it sent is in the channel.
                if sender.send(record).is_err() {
                    break;
                }
                let content_type = tiny_http::Header::from_bytes(
                    "content-type",
                    "application/json; charset=utf-8",
                )
                .expect("a valid header");
                let _ = request.respond(
                    tiny_http::Response::from_string(answer.to_string())
                        .with_status_code(status)
                        .with_header(content_type),
                );
            }
        });
        FakeGitHub {
            port,
            received,
            stop,
            thread: Some(thread),
        }
    }

    fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Everything received so far.
    fn requests(&self) -> Vec<Received> {
        self.received.try_iter().collect()
    }

    /// The one request received so far.
    fn only_request(&self) -> Received {
        match &self.requests()[..] {
            [request] => request.clone(),
            requests => panic!("expected one request, got {requests:#?}"),
        }
    }
}

impl Drop for FakeGitHub {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The fake's answers, shaped like GitHub's (abridged).
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
        ("GET", "/repos/octocat/hello-world/contents/docs/guide/README.md") => (
            200,
            json!({
                "type": "file",
                "encoding": "base64",
                "size": 34,
                "name": "README.md",
                "path": "docs/guide/README.md",
                "content": "IyBHdWlkZQoKSGVsbG8sIHfDtnJsZCEg4pyTCkVu\nZCEhCg==\n",
                "sha": "3d21ec53a331a6f037a91c368710b99387d012c1",
                "url": "https://api.github.com/repos/octocat/hello-world/contents/docs/guide/README.md",
                "download_url": "https://raw.githubusercontent.com/octocat/hello-world/main/docs/guide/README.md",
            }),
        ),
        ("GET", "/repos/octocat/hello-world/contents/docs") => (
            200,
            json!([
                {"type": "dir", "size": 0, "name": "guide", "path": "docs/guide", "sha": "a84d88e7554fc1fa21bcbc4efae3c782a70d2b9d"},
                {"type": "file", "size": 625, "name": "index.md", "path": "docs/index.md", "sha": "3d21ec53a331a6f037a91c368710b99387d012c1"},
            ]),
        ),
        _ => (404, not_found),
    }
}

fn repository() -> Value {
    json!({
        "id": 1296269,
        "node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
        "name": "hello-world",
        "full_name": "octocat/hello-world",
        "owner": {"login": "octocat", "id": 1, "type": "User", "site_admin": false},
        "private": false,
        "html_url": "https://github.com/octocat/hello-world",
        "description": "My first repository on GitHub!",
        "fork": false,
        "url": "https://api.github.com/repos/octocat/hello-world",
        "homepage": "https://github.com",
        "language": "Rust",
        "forks_count": 9,
        "stargazers_count": 80,
        "watchers_count": 80,
        "size": 108,
        "default_branch": "main",
        "open_issues_count": 2,
        "topics": ["octocat", "api"],
        "has_issues": true,
        "archived": false,
        "visibility": "public",
        "pushed_at": "2011-01-26T19:06:43Z",
        "created_at": "2011-01-26T19:01:12Z",
        "updated_at": "2011-01-26T19:14:43Z",
        "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT"},
    })
}

fn issue(number: u64, title: &str, state: &str, labels: &[&str], pull_request: bool) -> Value {
    let mut issue = json!({
        "id": 1_000_000 + number,
        "node_id": "MDU6SXNzdWUx",
        "url": format!("https://api.github.com/repos/octocat/hello-world/issues/{number}"),
        "html_url": format!("https://github.com/octocat/hello-world/issues/{number}"),
        "number": number,
        "state": state,
        "title": title,
        "body": "I'm having a problem with this.",
        "user": {"login": "octocat", "id": 1, "type": "User", "site_admin": false},
        "labels": labels
            .iter()
            .map(|name| json!({"id": 208045946, "name": name, "color": "f29513", "default": true}))
            .collect::<Vec<_>>(),
        "assignee": null,
        "locked": false,
        "comments": 0,
        "created_at": "2011-04-22T13:33:48Z",
        "updated_at": "2011-04-22T13:33:48Z",
        "closed_at": null,
        "author_association": "COLLABORATOR",
    });
    if pull_request {
        issue["pull_request"] = json!({
            "url": format!("https://api.github.com/repos/octocat/hello-world/pulls/{number}"),
            "merged_at": null,
        });
    }
    issue
}

/// Runs the example with `args` after `--base-url`, with `GITHUB_TOKEN` set
/// to `token` (or unset), and no proxy settings.
fn github_client(base_url: &str, token: Option<&str>, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO"));
    command
        .args(["run", "-q", "--example", "github_client", "--"])
        .args(["--base-url", base_url])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    for proxy in [
        "http_proxy",
        "HTTP_PROXY",
        "https_proxy",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
    ] {
        command.env_remove(proxy);
    }
    match token {
        Some(token) => command.env("GITHUB_TOKEN", token),
        None => command.env_remove("GITHUB_TOKEN"),
    };
    command.output().expect("cargo runs")
}

/// The example's stdout, after checking that it succeeded.
fn succeeded(args: &[&str], output: &Output) -> String {
    assert!(
        output.status.success(),
        "{args:?}: {}\nstderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// The example's stderr from its `error: ` line on (cargo may print
/// compiler warnings before it), after checking that it failed with `code`.
fn failed(args: &[&str], output: &Output, code: i32) -> String {
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let stderr = String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8");
    let start = if stderr.starts_with("error: ") {
        0
    } else {
        stderr.find("\nerror: ").map_or_else(
            || panic!("{args:?}: no error line in {stderr}"),
            |at| at + 1,
        )
    };
    stderr[start..].to_owned()
}

/// Checks the headers every request of the example carries.
fn assert_client_headers(request: &Received, token: Option<&str>) {
    let expected = token.map(|token| format!("token {token}"));
    assert_eq!(
        request.header("authorization"),
        expected.as_deref(),
        "{request:#?}"
    );
    assert_eq!(
        request.header("accept"),
        Some("application/vnd.github.v3+json")
    );
    assert_eq!(request.header("user-agent"), Some(endpoint::USER_AGENT));
    assert_eq!(request.header("x-github-api-version"), Some("2022-11-28"));
}

#[test]
fn repo_shows_the_repository() {
    let github = FakeGitHub::start();
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
    let github = FakeGitHub::start();
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
fn create_issue_posts_json() {
    let github = FakeGitHub::start();
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
        request.header("content-type"),
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
    let github = FakeGitHub::start();
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
    let github = FakeGitHub::start();
    let args = ["repo", "octocat/hello-world"];
    succeeded(&args, &github_client(&github.base_url(), None, &args));
    assert_client_headers(&github.only_request(), None);
    // A blank token counts as none.
    succeeded(&args, &github_client(&github.base_url(), Some("  "), &args));
    assert_client_headers(&github.only_request(), None);
}

#[test]
fn failures_name_the_request_and_github_s_message() {
    let github = FakeGitHub::start();
    let base_url = github.base_url();

    let args = ["repo", "octocat/missing"];
    let stderr = failed(&args, &github_client(&base_url, Some(TOKEN), &args), 1);
    assert_eq!(
        stderr,
        format!(
            "error: GET {base_url}/repos/octocat/missing: GitHub answered 404 Not Found: Not Found\n"
        )
    );

    let args = ["create-issue", "octocat/hello-world", ""];
    let stderr = failed(&args, &github_client(&base_url, Some(TOKEN), &args), 1);
    assert_eq!(
        stderr,
        format!(
            "error: POST {base_url}/repos/octocat/hello-world/issues: GitHub answered \
             422 Unprocessable Entity: Validation Failed (missing_field)\n"
        )
    );

    let args = ["repo", "octocat/broken"];
    let stderr = failed(&args, &github_client(&base_url, Some(TOKEN), &args), 1);
    assert!(
        stderr.starts_with(&format!(
            "error: GET {base_url}/repos/octocat/broken: the answer is not a `github_client::Repository`: missing field"
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
