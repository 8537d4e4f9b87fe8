//! Wire tests: requests built by the `endpoint!` macro and by the dynamic
//! runtime, converted into `http::Request<Vec<u8>>` and sent by real HTTP
//! clients (ureq 3 and reqwest's blocking client) to a `tiny_http` server on
//! `127.0.0.1`. Every assertion is about what the server received: the
//! method, the path and query, every header and the body bytes.
//!
//! Most cases build the same request twice, with a typed struct and with
//! `Endpoint::endpoint`, and check that the server received byte-for-byte
//! the same for both; then they check the expected method, target, headers
//! and body literally. Beyond the request's own headers a client may add only
//! `host` and `content-length`, and both are checked.
//!
//! Each test starts its own server (`tests/support/server.rs`) on a free
//! loopback port and stops it when it ends.

use crate::{plans, server};

use endpoint::{Endpoint, Request, TypedRequest, USER_AGENT, endpoint};
use serde::Serialize;
use serde_json::{Value, json};

use endpoint::__private::{Location, Style};
use plans::at;
use server::{Answer, Received, Server, WAIT};

/// Sends `request` with `client` to `server` and returns what the server
/// received, after checking that the client read the server's answer.
fn exchange(server: &Server, client: Client, request: &Request) -> Received {
    let http_request = http::Request::<Vec<u8>>::try_from(request.clone())
        .unwrap_or_else(|err| panic!("{}: cannot convert {request:?}: {err}", client.name));
    let (status, body) = (client.send)(http_request);
    assert_eq!(status, 200, "{}: status", client.name);
    assert_eq!(body, br#"{"ok":true}"#, "{}: answer", client.name);
    let received = server.next();
    assert_arrived_intact(&received, request, server.port(), client);
    received
}

/// A server that answers `200 {"ok":true}` to everything.
fn ok_server() -> Server {
    Server::start(|_| Answer::json(200, &json!({"ok": true})))
}

// ---------------------------------------------------------------------------
// The clients
// ---------------------------------------------------------------------------

/// An answer as a client read it: the status and the body.
type ClientAnswer = (u16, Vec<u8>);

/// A real HTTP client: sends a request, returns the answer's status and body.
#[derive(Clone, Copy)]
struct Client {
    name: &'static str,
    send: fn(http::Request<Vec<u8>>) -> ClientAnswer,
    /// Whether the client writes `'` in a query as `%27`. reqwest parses
    /// the URI again with the `url` crate, whose (WHATWG) query encode set
    /// for http(s) holds `'`; the builder leaves `'` as the reference's
    /// `encodeURIComponent` does. Servers decode both alike.
    encodes_apostrophe_in_query: bool,
}

const CLIENTS: [Client; 2] = [
    Client {
        name: "ureq",
        send: send_ureq,
        encodes_apostrophe_in_query: false,
    },
    Client {
        name: "reqwest",
        send: send_reqwest,
        encodes_apostrophe_in_query: true,
    },
];

/// ureq 3 takes an `http::Request` as it is.
fn send_ureq(request: http::Request<Vec<u8>>) -> ClientAnswer {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .proxy(None)
        .max_redirects(0)
        .timeout_global(Some(WAIT))
        .build()
        .into();
    let response = agent.run(request).expect("ureq sends the request");
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .read_to_vec()
        .expect("ureq reads the answer");
    (status, body)
}

/// reqwest converts an `http::Request` into its own request type.
fn send_reqwest(request: http::Request<Vec<u8>>) -> ClientAnswer {
    // The crypto provider reqwest's own client needs (endpoint's `reqwest`
    // feature leaves reqwest's out): ring's, as the clients use.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(WAIT)
        .build()
        .expect("a reqwest client");
    let request = reqwest::blocking::Request::try_from(request).expect("reqwest takes the request");
    let response = client.execute(request).expect("reqwest sends the request");
    let status = response.status().as_u16();
    let body = response.bytes().expect("reqwest reads the answer").to_vec();
    (status, body)
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// Headers a client adds on its own: they are checked, and allowed beside
/// the request's.
const TRANSPORT_HEADERS: [&str; 2] = ["host", "content-length"];

/// Checks that what arrived is the request, whole: the method (uppercased),
/// the path and query of its URL, each of its headers exactly once with its
/// value, no other header but `host` and `content-length` (both correct),
/// and its body bytes.
fn assert_arrived_intact(received: &Received, request: &Request, port: u16, client: Client) {
    let context = || format!("{}: {request:#?}\nreceived {received:#?}", client.name);
    assert_eq!(
        received.method,
        request.method.to_ascii_uppercase(),
        "method; {}",
        context()
    );
    let origin = format!("http://127.0.0.1:{port}");
    let target = request
        .url
        .strip_prefix(&origin)
        .unwrap_or_else(|| panic!("the URL goes to the server; {}", context()));
    let target = match target.split_once('?') {
        Some((path, query)) if client.encodes_apostrophe_in_query => {
            format!("{path}?{}", query.replace('\'', "%27"))
        }
        _ => target.to_owned(),
    };
    assert_eq!(received.url, target, "path and query; {}", context());
    for (name, value) in request.headers.iter() {
        assert_eq!(
            received.all(name),
            [value],
            "header `{name}`; {}",
            context()
        );
    }
    for (name, _) in &received.headers {
        assert!(
            request.headers.contains(name) || TRANSPORT_HEADERS.contains(&name.as_str()),
            "unexpected header `{name}`; {}",
            context()
        );
    }
    assert_eq!(
        received.header("host"),
        format!("127.0.0.1:{port}"),
        "host; {}",
        context()
    );
    let expected_body = request
        .body
        .as_ref()
        .map_or(&[][..], |body| body.as_bytes());
    assert_eq!(received.body, expected_body, "body; {}", context());
    // A body is framed by its length; an empty one may go without.
    match received.all("content-length")[..] {
        [length] => assert_eq!(
            length,
            expected_body.len().to_string(),
            "content-length; {}",
            context()
        ),
        [] => assert!(expected_body.is_empty(), "no content-length; {}", context()),
        _ => panic!("content-length arrived more than once; {}", context()),
    }
}

/// An endpoint talking to `server`, with a token by default.
fn github(server: &Server) -> Endpoint {
    Endpoint::default()
        .defaults(json!({
            "baseUrl": server.base_url(),
            "headers": {"authorization": "token secret-token"},
        }))
        .expect("valid defaults")
}

/// Sends `request` with every client; returns what the server received for each.
fn exchange_all(server: &Server, request: &Request) -> Vec<(&'static str, Received)> {
    CLIENTS
        .iter()
        .map(|client| (client.name, exchange(server, *client, request)))
        .collect()
}

/// Sends the request the runtime built and the one the macro built with
/// every client, checks that the server received exactly the same for
/// both, and returns what it received for each client.
fn exchange_both(
    server: &Server,
    dynamic: &Request,
    typed: &Request,
) -> Vec<(&'static str, Received)> {
    CLIENTS
        .iter()
        .map(|client| {
            let from_dynamic = exchange(server, *client, dynamic);
            let from_typed = exchange(server, *client, typed);
            assert_eq!(
                from_typed, from_dynamic,
                "{}: the typed request differs on the wire from the dynamic one",
                client.name
            );
            (client.name, from_dynamic)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Typed routes
// ---------------------------------------------------------------------------

/// A nested body value, serialized through serde.
#[derive(Debug, Clone, Serialize)]
struct Committer {
    name: String,
    email: String,
}

endpoint! {
    /// List repository issues.
    struct ListIssues = "GET /repos/{owner}/{repo}/issues" {
        state: Option<String>,
        labels: Vec<String>,
        since: Option<String>,
        q: Option<String>,
        per_page: Option<u32>,
    }

    /// Check a repository, at a ref.
    struct HeadRepo = "HEAD /repos/{owner}/{repo}" {
        r#ref: Option<String>,
    }

    /// Create an issue.
    struct CreateIssue = "POST /repos/{owner}/{repo}/issues" {
        title: String,
        body: Option<String>,
        labels: Vec<String>,
        assignees: Vec<String>,
        milestone: Value,
    }

    /// Update an issue.
    struct UpdateIssue = "PATCH /repos/{owner}/{repo}/issues/{issue_number}" {
        issue_number: u64,
        state: Option<String>,
        state_reason: Option<String>,
    }

    /// Create or update a file.
    struct PutContents = "PUT /repos/{owner}/{repo}/contents/{+path}" {
        message: String,
        content: String,
        committer: Option<Committer>,
    }

    /// Star a repository.
    struct Star = "PUT /user/starred/{owner}/{repo}";

    /// Delete a file.
    struct DeleteFile = "DELETE /repos/{owner}/{repo}/contents/{+path}" {
        message: String,
        sha: String,
    }

    /// Unlock an issue.
    struct Unlock = "DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock" {
        issue_number: u64,
    }

    /// Render Markdown sent as plain text.
    struct RenderRaw = "POST /markdown/raw" {
        data: String,
    }

    /// Upload a release asset: query parameters and a raw body.
    struct UploadAsset = "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}" {
        release_id: u64,
        data: String,
    }

    /// Add labels: a body that is a JSON list.
    struct AddLabels = "POST /repos/{owner}/{repo}/issues/{issue_number}/labels" {
        issue_number: u64,
        data: Vec<String>,
    }

    /// Repository topics (a preview once).
    struct ListTopics = "GET /repos/{owner}/{repo}/topics";

    /// A file or a directory.
    struct GetContents = "GET /repos/{owner}/{repo}/contents/{+path}" {
        r#ref: Option<String>,
    }

    /// A pull request.
    struct GetPull = "GET /repos/{owner}/{repo}/pulls/{pull_number}" {
        pull_number: u64,
    }

    /// The authenticated user.
    struct GetUser = "GET /user";

    /// Delete a gist.
    struct DeleteGist = "DELETE /gists/{gist_id}";
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[test]
fn get_with_query_parameters() {
    let server = ok_server();
    let github = github(&server);
    // A typed list is sent as OpenAPI's `form` exploded: the dynamic layer
    // writes the same with an exploded query expression.
    let dynamic = github
        .endpoint(
            "GET /repos/{owner}/{repo}/issues{?state,labels*,since}",
            json!({
                "owner": "octocat",
                "repo": "hello-world",
                "state": "open",
                "labels": ["bug", "good first issue"],
                "since": "2024-01-01T00:00:00Z",
                "q": "a&b=c é",
                "per_page": 2,
            }),
        )
        .unwrap();
    let typed = ListIssues {
        owner: "octocat".into(),
        repo: "hello-world".into(),
        state: Some("open".into()),
        labels: vec!["bug".into(), "good first issue".into()],
        since: Some("2024-01-01T00:00:00Z".into()),
        q: Some("a&b=c é".into()),
        per_page: Some(2),
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "GET", "{client}");
        assert_eq!(
            got.url,
            "/repos/octocat/hello-world/issues?state=open&labels=bug&labels=good%20first%20issue\
             &since=2024-01-01T00%3A00%3A00Z&q=a%26b%3Dc%20%C3%A9&per_page=2",
            "{client}"
        );
        assert_eq!(
            got.header("accept"),
            "application/vnd.github.v3+json",
            "{client}"
        );
        assert_eq!(got.header("user-agent"), USER_AGENT, "{client}");
        assert_eq!(
            got.header("authorization"),
            "token secret-token",
            "{client}"
        );
        assert!(got.all("content-type").is_empty(), "{client}");
        assert!(got.body.is_empty(), "{client}");
    }

    // `None` fields are left out of the query, and so is an empty list
    // (RFC 6570's undefined), which the reference sends empty.
    let sparse = ListIssues {
        owner: "octocat".into(),
        repo: "hello-world".into(),
        state: None,
        labels: Vec::new(),
        since: None,
        q: None,
        per_page: Some(100),
    }
    .to_request_with(&github)
    .unwrap();
    let dynamic = github
        .endpoint(
            "GET /repos/{owner}/{repo}/issues{?labels*}",
            json!({"owner": "octocat", "repo": "hello-world", "labels": [], "per_page": 100}),
        )
        .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &sparse) {
        assert_eq!(
            got.url, "/repos/octocat/hello-world/issues?per_page=100",
            "{client}"
        );
    }
}

#[test]
fn encoded_characters_survive_both_clients() {
    // reqwest re-parses the URI with the `url` crate; nothing may be
    // decoded or re-encoded on the way.
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint(
            "GET /repos/{owner}/{repo}/issues{?labels*}",
            json!({
                "owner": "a b",
                "repo": "x/../y%2F?#",
                "labels": ["ü", "a,b"],
                "q": "is:open+label:bug 'quoted'",
            }),
        )
        .unwrap();
    let typed = ListIssues {
        owner: "a b".into(),
        repo: "x/../y%2F?#".into(),
        state: None,
        labels: vec!["ü".into(), "a,b".into()],
        since: None,
        q: Some("is:open+label:bug 'quoted'".into()),
        per_page: None,
    }
    .to_request_with(&github)
    .unwrap();
    let built = "/repos/a%20b/x%2F..%2Fy%252F%3F%23/issues?labels=%C3%BC&labels=a%2Cb\
                 &q=is%3Aopen+label%3Abug%20'quoted'";
    assert_eq!(dynamic.url, format!("{}{built}", server.base_url()));
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        let expected = match client {
            "reqwest" => built.replace('\'', "%27"),
            _ => built.to_owned(),
        };
        assert_eq!(got.url, expected, "{client}");
    }
}

// A route whose parameters go to the query of a POST, a header and cookies,
// in OpenAPI's styles.
route!(Styled = POST [
    at("filter", Location::Query, Style::DeepObject, true),
    at("ids", Location::Query, Style::PipeDelimited, false),
    at("X-Request-Tags", Location::Header, Style::Simple, false),
    at("session", Location::Cookie, Style::Form, true),
    at("prefs", Location::Cookie, Style::Form, true),
]);

#[test]
fn styled_query_header_and_cookies_reach_the_server() {
    let server = ok_server();
    let ep = github(&server)
        .defaults(json!({"headers": {"cookie": "theme=dark"}}))
        .unwrap();
    let request = Styled(vec![
        Some(Box::new(json!({"state": "open", "labels": ["bug", "ui"]}))),
        Some(Box::new(vec![1u64, 2, 3])),
        Some(Box::new(json!(["a", "b c"]))),
        Some(Box::new("s p/a".to_owned())),
        Some(Box::new(json!({"lang": "fi", "tz": "UTC+2"}))),
    ])
    .to_request_with(&ep)
    .unwrap();
    for (client, got) in exchange_all(&server, &request) {
        assert_eq!(got.method, "POST", "{client}");
        assert_eq!(
            got.url,
            "/x?filter%5Bstate%5D=open&filter%5Blabels%5D%5B%5D=bug\
             &filter%5Blabels%5D%5B%5D=ui&ids=1%7C2%7C3",
            "{client}"
        );
        assert_eq!(got.all("x-request-tags"), ["a,b c"], "{client}");
        assert_eq!(
            got.all("cookie"),
            ["theme=dark; session=s%20p%2Fa; lang=fi; tz=UTC%2B2"],
            "{client}"
        );
        assert_eq!(
            got.header("authorization"),
            "token secret-token",
            "{client}"
        );
        assert!(got.body.is_empty(), "{client}");
    }
}

#[test]
fn head_sends_a_query_and_no_body() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint(
            "HEAD /repos/{owner}/{repo}",
            json!({"owner": "o", "repo": "r", "ref": "main"}),
        )
        .unwrap();
    let typed = HeadRepo {
        owner: "o".into(),
        repo: "r".into(),
        r#ref: Some("main".into()),
    }
    .to_request_with(&github)
    .unwrap();
    assert_eq!(dynamic.body, None);
    for request in [&dynamic, &typed] {
        for client in CLIENTS {
            let http_request = http::Request::<Vec<u8>>::try_from(request.clone()).unwrap();
            let (status, body) = (client.send)(http_request);
            assert_eq!(status, 200, "{}", client.name);
            assert!(
                body.is_empty(),
                "{}: a HEAD answer has no body",
                client.name
            );
            let got = server.next();
            assert_arrived_intact(&got, request, server.port(), client);
            assert_eq!(got.method, "HEAD", "{}", client.name);
            assert_eq!(got.url, "/repos/o/r?ref=main", "{}", client.name);
            assert_eq!(got.header("authorization"), "token secret-token");
            assert!(got.body.is_empty(), "{}", client.name);
        }
    }
}

#[test]
fn post_sends_the_remaining_parameters_as_json() {
    let server = ok_server();
    let github = github(&server);
    let title = "Found a bug — \"quoted\" ✓";
    let dynamic = github
        .endpoint(
            "POST /repos/{owner}/{repo}/issues",
            json!({
                "owner": "octocat",
                "repo": "hello-world",
                "title": title,
                "body": "line 1\nline 2",
                "labels": ["bug"],
                "assignees": [],
                "milestone": null,
            }),
        )
        .unwrap();
    let typed = CreateIssue {
        owner: "octocat".into(),
        repo: "hello-world".into(),
        title: title.into(),
        body: Some("line 1\nline 2".into()),
        labels: vec!["bug".into()],
        assignees: Vec::new(),
        milestone: Value::Null,
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "POST", "{client}");
        assert_eq!(got.url, "/repos/octocat/hello-world/issues", "{client}");
        assert_eq!(
            got.header("content-type"),
            "application/json; charset=utf-8",
            "{client}"
        );
        assert_eq!(
            got.body_json(),
            json!({
                "title": title,
                "body": "line 1\nline 2",
                "labels": ["bug"],
                "assignees": [],
                "milestone": null,
            }),
            "{client}"
        );
        assert_eq!(
            std::str::from_utf8(&got.body).unwrap(),
            r#"{"title":"Found a bug — \"quoted\" ✓","body":"line 1\nline 2","labels":["bug"],"assignees":[],"milestone":null}"#,
            "{client}"
        );
    }
}

#[test]
fn patch_sends_json() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint(
            "PATCH /repos/{owner}/{repo}/issues/{issue_number}",
            json!({"owner": "o", "repo": "r", "issue_number": 1347, "state": "closed", "state_reason": "completed"}),
        )
        .unwrap();
    let typed = UpdateIssue {
        owner: "o".into(),
        repo: "r".into(),
        issue_number: 1347,
        state: Some("closed".into()),
        state_reason: Some("completed".into()),
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "PATCH", "{client}");
        assert_eq!(got.url, "/repos/o/r/issues/1347", "{client}");
        assert_eq!(
            got.body, br#"{"state":"closed","state_reason":"completed"}"#,
            "{client}"
        );
        assert_eq!(
            got.header("content-type"),
            "application/json; charset=utf-8"
        );
    }
}

#[test]
fn put_sends_json_to_a_reserved_path() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint(
            "PUT /repos/{owner}/{repo}/contents/{+path}",
            json!({
                "owner": "o",
                "repo": "r",
                "path": "docs/guide/intro page.md",
                "message": "Add the intro",
                "content": "SGVsbG8sIHdvcmxkIQ==",
                "committer": {"name": "Mona", "email": "mona@example.com"},
            }),
        )
        .unwrap();
    let typed = PutContents {
        owner: "o".into(),
        repo: "r".into(),
        path: "docs/guide/intro page.md".into(),
        message: "Add the intro".into(),
        content: "SGVsbG8sIHdvcmxkIQ==".into(),
        committer: Some(Committer {
            name: "Mona".into(),
            email: "mona@example.com".into(),
        }),
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "PUT", "{client}");
        assert_eq!(
            got.url, "/repos/o/r/contents/docs/guide/intro%20page.md",
            "{client}"
        );
        assert_eq!(
            got.body,
            br#"{"message":"Add the intro","content":"SGVsbG8sIHdvcmxkIQ==","committer":{"name":"Mona","email":"mona@example.com"}}"#,
            "{client}"
        );
    }
}

#[test]
fn put_without_parameters_sends_an_empty_body_with_its_length() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint(
            "PUT /user/starred/{owner}/{repo}",
            json!({"owner": "o", "repo": "r"}),
        )
        .unwrap();
    let typed = Star {
        owner: "o".into(),
        repo: "r".into(),
    }
    .to_request_with(&github)
    .unwrap();
    assert_eq!(dynamic.headers.get("content-length"), Some("0"));
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "PUT", "{client}");
        assert_eq!(got.url, "/user/starred/o/r", "{client}");
        assert_eq!(got.header("content-length"), "0", "{client}");
        assert!(got.all("content-type").is_empty(), "{client}");
        assert!(got.body.is_empty(), "{client}");
    }
}

#[test]
fn delete_sends_json_or_nothing() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint(
            "DELETE /repos/{owner}/{repo}/contents/{+path}",
            json!({"owner": "o", "repo": "r", "path": "src/lib.rs", "message": "Remove", "sha": "3d21ec53"}),
        )
        .unwrap();
    let typed = DeleteFile {
        owner: "o".into(),
        repo: "r".into(),
        path: "src/lib.rs".into(),
        message: "Remove".into(),
        sha: "3d21ec53".into(),
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "DELETE", "{client}");
        assert_eq!(got.url, "/repos/o/r/contents/src/lib.rs", "{client}");
        assert_eq!(got.body, br#"{"message":"Remove","sha":"3d21ec53"}"#);
        assert_eq!(
            got.header("content-type"),
            "application/json; charset=utf-8"
        );
    }

    let dynamic = github
        .endpoint(
            "DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock",
            json!({"owner": "o", "repo": "r", "issue_number": 7}),
        )
        .unwrap();
    let typed = Unlock {
        owner: "o".into(),
        repo: "r".into(),
        issue_number: 7,
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "DELETE", "{client}");
        assert_eq!(got.url, "/repos/o/r/issues/7/lock", "{client}");
        assert_eq!(got.header("content-length"), "0", "{client}");
        assert!(got.all("content-type").is_empty(), "{client}");
        assert!(got.body.is_empty(), "{client}");
    }
}

#[test]
fn raw_data_is_sent_as_given_with_its_own_content_type() {
    let server = ok_server();
    let text = "# Title\n\n**bold** — ünïcödé\r\n{\"not\": \"json\"";
    let dynamic = github(&server)
        .endpoint(
            "POST /markdown/raw",
            json!({
                "data": text,
                "headers": {"Content-Type": "text/x-markdown; charset=utf-8"},
            }),
        )
        .unwrap();
    // A typed route takes its headers from the endpoint's defaults.
    let markdown = github(&server)
        .defaults(json!({"headers": {"content-type": "text/x-markdown; charset=utf-8"}}))
        .unwrap();
    let typed = RenderRaw { data: text.into() }
        .to_request_with(&markdown)
        .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "POST", "{client}");
        assert_eq!(got.url, "/markdown/raw", "{client}");
        assert_eq!(
            got.header("content-type"),
            "text/x-markdown; charset=utf-8",
            "{client}"
        );
        assert_eq!(got.body, text.as_bytes(), "{client}");
    }
}

#[test]
fn raw_data_beside_query_parameters() {
    // Rule 6 of the specification: query parameters in the template, the body in `data`.
    let server = ok_server();
    let uploads = github(&server)
        .defaults(json!({"headers": {"content-type": "text/plain"}}))
        .unwrap();
    let dynamic = uploads
        .endpoint(
            "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
            json!({
                "owner": "o",
                "repo": "r",
                "release_id": 1,
                "name": "notes v1.txt",
                "label": "Release notes",
                "data": "plain text, not JSON: {\"x\": 1}",
            }),
        )
        .unwrap();
    let typed = UploadAsset {
        owner: "o".into(),
        repo: "r".into(),
        release_id: 1,
        name: Some("notes v1.txt".into()),
        label: Some("Release notes".into()),
        data: "plain text, not JSON: {\"x\": 1}".into(),
    }
    .to_request_with(&uploads)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "POST", "{client}");
        assert_eq!(
            got.url, "/repos/o/r/releases/1/assets?name=notes%20v1.txt&label=Release%20notes",
            "{client}"
        );
        assert_eq!(got.header("content-type"), "text/plain", "{client}");
        assert_eq!(got.body, br#"plain text, not JSON: {"x": 1}"#, "{client}");
    }
}

#[test]
fn data_that_is_not_a_string_is_sent_as_json() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint(
            "POST /repos/{owner}/{repo}/issues/{issue_number}/labels",
            json!({"owner": "o", "repo": "r", "issue_number": 3, "data": ["bug", "ui"]}),
        )
        .unwrap();
    let typed = AddLabels {
        owner: "o".into(),
        repo: "r".into(),
        issue_number: 3,
        data: vec!["bug".into(), "ui".into()],
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.body, br#"["bug","ui"]"#, "{client}");
        assert_eq!(
            got.header("content-type"),
            "application/json; charset=utf-8",
            "{client}"
        );
    }
}

#[test]
fn previews_and_format_compose_the_accept_header() {
    let server = ok_server();
    let mercy = github(&server)
        .defaults(json!({"mediaType": {"previews": ["mercy"]}}))
        .unwrap();

    // Previews from defaults and from the call (typed: both from defaults).
    let dynamic = mercy
        .endpoint(
            "GET /repos/{owner}/{repo}/topics",
            json!({"owner": "o", "repo": "r", "mediaType": {"previews": ["symmetra"]}}),
        )
        .unwrap();
    let mercy_and_symmetra = mercy
        .defaults(json!({"mediaType": {"previews": ["symmetra"]}}))
        .unwrap();
    let typed = ListTopics {
        owner: "o".into(),
        repo: "r".into(),
    }
    .to_request_with(&mercy_and_symmetra)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(
            got.header("accept"),
            "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json",
            "{client}"
        );
    }

    // A format.
    let dynamic = github(&server)
        .endpoint(
            "GET /repos/{owner}/{repo}/contents/{+path}",
            json!({"owner": "o", "repo": "r", "path": "src/main.rs", "ref": "v1.0", "mediaType": {"format": "raw"}}),
        )
        .unwrap();
    let raw = github(&server)
        .defaults(json!({"mediaType": {"format": "raw"}}))
        .unwrap();
    let typed = GetContents {
        owner: "o".into(),
        repo: "r".into(),
        path: "src/main.rs".into(),
        r#ref: Some("v1.0".into()),
    }
    .to_request_with(&raw)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(
            got.url, "/repos/o/r/contents/src/main.rs?ref=v1.0",
            "{client}"
        );
        assert_eq!(
            got.header("accept"),
            "application/vnd.github.v3.raw",
            "{client}"
        );
    }

    // Both.
    let dynamic = mercy
        .endpoint(
            "GET /repos/{owner}/{repo}/pulls/{pull_number}",
            json!({"owner": "o", "repo": "r", "pull_number": 5, "mediaType": {"format": "diff"}}),
        )
        .unwrap();
    let mercy_diff = mercy
        .defaults(json!({"mediaType": {"format": "diff"}}))
        .unwrap();
    let typed = GetPull {
        owner: "o".into(),
        repo: "r".into(),
        pull_number: 5,
    }
    .to_request_with(&mercy_diff)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(
            got.header("accept"),
            "application/vnd.github.mercy-preview.diff",
            "{client}"
        );
    }
}

#[test]
fn authorization_comes_from_defaults_and_calls_override_it() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github.endpoint("GET /user", ()).unwrap();
    let typed = GetUser.to_request_with(&github).unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(
            got.header("authorization"),
            "token secret-token",
            "{client}"
        );
    }

    let headers = json!({
        "Authorization": "Bearer other",
        "X-GitHub-Api-Version": "2022-11-28",
        "If-None-Match": "\"etag\"",
        "User-Agent": "my-app/1.0 (+https://example.com)",
    });
    let dynamic = github
        .endpoint("GET /user", json!({"headers": headers}))
        .unwrap();
    let other = github.defaults(json!({"headers": headers})).unwrap();
    let typed = GetUser.to_request_with(&other).unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.header("authorization"), "Bearer other", "{client}");
        assert_eq!(got.header("x-github-api-version"), "2022-11-28");
        assert_eq!(got.header("if-none-match"), "\"etag\"");
        assert_eq!(
            got.header("user-agent"),
            "my-app/1.0 (+https://example.com)"
        );
    }

    let dynamic = github
        .endpoint("GET /user", json!({"headers": {"authorization": null}}))
        .unwrap();
    let anonymous = github
        .defaults(json!({"headers": {"authorization": null}}))
        .unwrap();
    let typed = GetUser.to_request_with(&anonymous).unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert!(got.all("authorization").is_empty(), "{client}");
    }
}

#[test]
fn a_full_url_in_the_route_is_used_as_given() {
    let server = ok_server();
    let url = format!("{}/api/v3/meta?x=1", server.base_url());
    let request = Endpoint::default()
        .endpoint(&format!("GET {url}"), json!({"y": "2"}))
        .unwrap();
    for (client, got) in exchange_all(&server, &request) {
        assert_eq!(got.url, "/api/v3/meta?x=1&y=2", "{client}");
        assert_eq!(got.header("user-agent"), USER_AGENT);
        assert!(got.all("authorization").is_empty(), "{client}");
    }

    // The global defaults (the free function) with a `{+base}` URL. The
    // macro refuses routes that do not start with `/` or `http(s)://`, so
    // typed routes reach other hosts through an endpoint's `baseUrl`.
    let dynamic = endpoint(
        "POST {+base}/gists",
        json!({"base": server.base_url(), "public": false, "files": {"a.txt": {"content": "hi"}}}),
    )
    .unwrap();
    for (client, got) in exchange_all(&server, &dynamic) {
        assert_eq!(got.url, "/gists", "{client}");
        assert!(got.all("authorization").is_empty(), "{client}");
        assert_eq!(
            got.body,
            br#"{"public":false,"files":{"a.txt":{"content":"hi"}}}"#
        );
    }
}

#[test]
fn endpoint_options_reach_the_server() {
    let server = ok_server();
    let github = github(&server);
    let dynamic = github
        .endpoint_options(
            json!({"method": "DELETE", "url": "/gists/{gist_id}", "gist_id": "aa5a315d"}),
        )
        .unwrap();
    let typed = DeleteGist {
        gist_id: "aa5a315d".into(),
    }
    .to_request_with(&github)
    .unwrap();
    for (client, got) in exchange_both(&server, &dynamic, &typed) {
        assert_eq!(got.method, "DELETE", "{client}");
        assert_eq!(got.url, "/gists/aa5a315d", "{client}");
        assert_eq!(got.header("content-length"), "0", "{client}");
    }
}

#[test]
fn values_http_cannot_carry_are_errors_not_panics() {
    // The builder refuses CR, LF and NUL in header values; `http` also
    // refuses the other control characters, and URIs with spaces or
    // non-ASCII text. Either way the result is an `Error`, never a panic.
    let cases = [
        json!({"headers": {"x-bell": "a\u{7}b"}}),
        json!({"headers": {"x-delete": "a\u{7f}b"}}),
        json!({"headers": {"x-line": "a\nb"}}),
        json!({"baseUrl": "http://127.0.0.1:1/a b"}),
        json!({"baseUrl": "http://bücher.example"}),
        // Query names are not encoded (as in the reference).
        json!({"a b": "1"}),
    ];
    for options in cases {
        let converted = Endpoint::default()
            .endpoint("GET /user", options.clone())
            .and_then(http::Request::<Vec<u8>>::try_from);
        assert!(converted.is_err(), "{options}: {converted:?}");
        let converted = Endpoint::default()
            .defaults(options.clone())
            .and_then(|endpoint| GetUser.to_request_with(&endpoint))
            .and_then(http::Request::<Vec<u8>>::try_from);
        assert!(converted.is_err(), "typed, {options}: {converted:?}");
    }
}

#[test]
fn non_ascii_header_values_are_kept_as_utf8_bytes() {
    // `http` accepts obs-text (bytes 0x80 to 0xFF), so UTF-8 text passes as
    // its bytes; whether a server accepts it is the server's business.
    let request = Endpoint::default()
        .endpoint("GET /user", json!({"headers": {"x-name": "Zoë"}}))
        .unwrap();
    let converted = http::Request::<Vec<u8>>::try_from(request).unwrap();
    assert_eq!(converted.headers()["x-name"].as_bytes(), "Zoë".as_bytes());
}

#[test]
fn non_ascii_urls_are_refused_by_the_conversion() {
    // Query names are written as given (reference behaviour) and `baseUrl`
    // is used as given, so the builder can produce a URL with raw non-ASCII
    // text. A request line must be ASCII (RFC 9112), and `http::Uri` is
    // lenient about it: the conversion has to refuse such a URL itself.
    let server = ok_server();
    let cases = [
        ("GET /search", json!({"é": "3"})),
        (
            "GET /x",
            json!({"baseUrl": format!("{}/ü", server.base_url())}),
        ),
    ];
    for (route, options) in cases {
        let request = github(&server).endpoint(route, options.clone()).unwrap();
        assert!(!request.url.is_ascii(), "{}", request.url);
        let converted = http::Request::<Vec<u8>>::try_from(request);
        assert!(
            matches!(converted, Err(endpoint::Error::Convert { .. })),
            "{route} {options}: {converted:?}"
        );
    }
}
