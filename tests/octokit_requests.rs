//! GitHub's requests as octokit sends them: requests of `endpoint-github`
//! sent by both clients of `endpoint::client` to the loopback server, and
//! compared on the wire with the requests octokit made in the recordings
//! of `@octokit/fixtures` (`tests/fixtures/octokit-fixtures/`): the
//! method, the path and query, `content-type`, `content-length` and
//! `accept` exactly as recorded (present or absent), and the body (JSON
//! compared as JSON, anything else byte for byte).
//!
//! octokit writes `content-type: application/json; charset=utf-8` for a
//! JSON body, and a PUT or PATCH without a body as an empty body:
//! `content-length: 0`. A DELETE without a body has neither, as HTTP says
//! of a method whose content has no meaning (RFC 9110, section 8.6).

use crate::{backends, server};

use endpoint::Endpoint;
use endpoint::TypedRequest;
use endpoint::body::File;
use endpoint::client::GitHubPolicy;
use endpoint::model::Answer as Decoded;
use endpoint_github::{activity, git, issues, markdown, models, repos};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

/// The organization of the recordings.
const ORG: &str = "octokit-fixture-org";

/// The recorded exchange `index` of scenario `name`, in nock's format.
fn recorded(name: &str, index: usize) -> Value {
    let path = format!(
        "{}/tests/fixtures/octokit-fixtures/api.github.com/{name}/normalized-fixture.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
    let mut records: Vec<Value> =
        serde_json::from_str(&text).unwrap_or_else(|err| panic!("{path}: {err}"));
    assert!(index < records.len(), "{name} has no exchange {index}");
    records.swap_remove(index)
}

/// A body as it is compared: JSON as a value, anything else as bytes.
#[derive(Debug, PartialEq)]
enum Body {
    Empty,
    Json(Value),
    Raw(Vec<u8>),
}

/// What a request is compared on.
#[derive(Debug, PartialEq)]
struct Wire {
    method: String,
    target: String,
    content_type: Option<String>,
    content_length: Option<String>,
    accept: Option<String>,
    body: Body,
}

impl Wire {
    /// The request octokit made, as recorded.
    fn of_recording(record: &Value) -> Wire {
        let header = |name: &str| {
            record["reqheaders"].get(name).map(|value| match value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            })
        };
        Wire {
            method: record["method"].as_str().unwrap().to_ascii_uppercase(),
            target: record["path"].as_str().unwrap().to_owned(),
            content_type: header("content-type"),
            content_length: header("content-length"),
            accept: header("accept"),
            body: match &record["body"] {
                Value::Null => Body::Empty,
                Value::String(text) if text.is_empty() => Body::Empty,
                Value::String(text) => Body::Raw(text.as_bytes().to_vec()),
                json => Body::Json(json.clone()),
            },
        }
    }

    /// The request as it arrived; its body read as JSON where the
    /// recording's is.
    fn of_received(received: &Received, like: &Body) -> Wire {
        let header = |name: &str| received.optional_header(name).map(str::to_owned);
        Wire {
            method: received.method.clone(),
            target: received.url.clone(),
            content_type: header("content-type"),
            content_length: header("content-length"),
            accept: header("accept"),
            body: match (like, serde_json::from_slice(&received.body)) {
                _ if received.body.is_empty() => Body::Empty,
                (Body::Json(_), Ok(json)) => Body::Json(json),
                _ => Body::Raw(received.body.clone()),
            },
        }
    }
}

/// Sends `route` with each backend (made by `client` from one for the
/// loopback server) to a server answering as recorded, and compares the
/// request that arrived with exchange `index` of scenario `name`.
fn compare<R>(name: &str, index: usize, route: &R, client: impl Fn(&Backend, &Server) -> Backend)
where
    R: TypedRequest + Sync,
    R::Response: Decoded,
{
    let record = recorded(name, index);
    let expected = Wire::of_recording(&record);
    let status = record["status"].as_u64().unwrap() as u16;
    let answer = match &record["response"] {
        Value::String(text) => text.as_bytes().to_vec(),
        json => serde_json::to_vec(json).unwrap(),
    };
    for backend in BACKENDS {
        let answer = answer.clone();
        let server = Server::start(move |_| {
            Answer::body(status, Some("application/json; charset=utf-8"), &answer)
        });
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": server.base_url()}))
            .expect("valid defaults");
        let plain = Backend::new(backend, endpoint).with_policy(GitHubPolicy);
        // The answer is the recorded one; what is compared is the request.
        let _ = client(&plain, &server).send(route);
        let received = server.only_request();
        assert_eq!(
            Wire::of_received(&received, &expected.body),
            expected,
            "{backend}: {name}, exchange {index}"
        );
    }
}

/// The backend as it is.
fn as_is(backend: &Backend, _: &Server) -> Backend {
    backend.clone()
}

#[test]
fn json_bodies_are_sent_as_octokit_sends_them() {
    compare(
        "add-labels-to-issue",
        0,
        &issues::Create::new(
            ORG,
            "add-labels-to-issue",
            models::StringOrInteger::String("Issue without a label".into()),
        ),
        as_is,
    );
    compare(
        "add-labels-to-issue",
        1,
        &issues::AddLabels {
            body: Some(models::IssuesAddLabelsBodyObject {
                labels: Some(
                    ["Foo", "bAr", "baZ"]
                        .map(|name| models::StringOrObject::String(name.into()))
                        .to_vec(),
                ),
            }),
            ..issues::AddLabels::new(ORG, "add-labels-to-issue", 1)
        },
        as_is,
    );
    compare(
        "branch-protection",
        1,
        &repos::UpdateBranchProtection {
            enforce_admins: Some(false),
            ..repos::UpdateBranchProtection::new(ORG, "branch-protection", "main")
        },
        as_is,
    );
    compare(
        "create-file",
        0,
        &repos::CreateOrUpdateFileContents::new(
            ORG,
            "create-file",
            "test.txt",
            "create test.txt",
            "VGVzdCBjb250ZW50",
        ),
        as_is,
    );
    compare(
        "create-status",
        0,
        &repos::CreateCommitStatus {
            target_url: Some("https://example.com".into()),
            description: Some("create-status failure test".into()),
            context: Some("example/1".into()),
            ..repos::CreateCommitStatus::new(
                ORG,
                "create-status",
                "0000000000000000000000000000000000000001",
                models::ReposCreateCommitStatusState::Failure,
            )
        },
        as_is,
    );
    compare(
        "errors",
        0,
        &issues::CreateLabel {
            color: Some("invalid".into()),
            description: None,
            ..issues::CreateLabel::new(ORG, "errors", "foo")
        },
        as_is,
    );
    compare(
        "git-refs",
        1,
        &git::CreateRef::new(
            ORG,
            "git-refs",
            "refs/heads/test",
            "0000000000000000000000000000000000000002",
        ),
        as_is,
    );
    compare(
        "git-refs",
        2,
        &git::UpdateRef {
            force: None,
            ..git::UpdateRef::new(
                ORG,
                "git-refs",
                "heads/test",
                "0000000000000000000000000000000000000001",
            )
        },
        as_is,
    );
    compare(
        "labels",
        1,
        &issues::CreateLabel {
            color: Some("663399".into()),
            description: None,
            ..issues::CreateLabel::new(ORG, "labels", "test-label")
        },
        as_is,
    );
    compare(
        "labels",
        3,
        &issues::UpdateLabel {
            new_name: Some("test-label-updated".into()),
            color: Some("BADA55".into()),
            description: None,
            ..issues::UpdateLabel::new(ORG, "labels", "test-label")
        },
        as_is,
    );
    compare(
        "markdown",
        0,
        &markdown::Render {
            mode: Some(models::MarkdownRenderMode::Gfm),
            context: Some("octokit-fixture-org/hello-world".into()),
            ..markdown::Render::new("### Hello\n\nb597b5d")
        },
        |backend, _| backend.with_defaults(json!({"headers": {"accept": "text/html"}})),
    );
    compare(
        "release-assets",
        4,
        &repos::UpdateReleaseAsset {
            name: Some("new-filename.txt".into()),
            label: Some("new label".into()),
            state: None,
            ..repos::UpdateReleaseAsset::new(ORG, "release-assets", 1000)
        },
        as_is,
    );
    compare(
        "rename-repository",
        0,
        &repos::Update {
            name: Some("rename-repository-newname".into()),
            ..repos::Update::new(ORG, "rename-repository")
        },
        as_is,
    );
}

#[test]
fn a_put_or_patch_without_a_body_is_sent_with_content_length_0() {
    compare(
        "add-and-remove-repository-collaborator",
        0,
        &repos::AddCollaborator {
            permission: None,
            ..repos::AddCollaborator::new(
                ORG,
                "add-and-remove-repository-collaborator",
                "octokit-fixture-user-b",
            )
        },
        as_is,
    );
    compare(
        "add-and-remove-repository-collaborator",
        2,
        &repos::AcceptInvitationForAuthenticatedUser::new(1000),
        as_is,
    );
    compare(
        "lock-issue",
        0,
        &issues::Lock {
            lock_reason: None,
            ..issues::Lock::new(ORG, "lock-issue", 1)
        },
        as_is,
    );
    compare(
        "mark-notifications-as-read",
        0,
        &activity::MarkNotificationsAsRead::default(),
        as_is,
    );
}

#[test]
fn a_delete_or_get_without_a_body_has_no_body_headers() {
    compare(
        "add-and-remove-repository-collaborator",
        4,
        &repos::RemoveCollaborator::new(
            ORG,
            "add-and-remove-repository-collaborator",
            "octokit-fixture-user-b",
        ),
        as_is,
    );
    compare(
        "branch-protection",
        3,
        &repos::DeleteBranchProtection::new(ORG, "branch-protection", "main"),
        as_is,
    );
    compare(
        "git-refs",
        4,
        &git::DeleteRef::new(ORG, "git-refs", "heads/test"),
        as_is,
    );
    compare(
        "labels",
        4,
        &issues::DeleteLabel::new(ORG, "labels", "test-label-updated"),
        as_is,
    );
    compare(
        "lock-issue",
        1,
        &issues::Unlock::new(ORG, "lock-issue", 1),
        as_is,
    );
    compare(
        "release-assets",
        5,
        &repos::DeleteReleaseAsset::new(ORG, "release-assets", 1000),
        as_is,
    );
    compare(
        "get-repository",
        0,
        &repos::Get::new(ORG, "hello-world"),
        as_is,
    );
}

#[test]
fn an_upload_is_sent_with_its_own_content_type_and_length() {
    compare(
        "release-assets",
        1,
        &repos::UploadReleaseAsset {
            label: Some("test".into()),
            body: Some(File::new("Hello, world!\n").content_type("text/plain")),
            ..repos::UploadReleaseAsset::new(ORG, "release-assets", 1000, "test-upload.txt")
        },
        |backend, server| {
            let endpoint = backend
                .endpoint()
                .with_server("https://uploads.github.com", &server.base_url())
                .expect("an absolute URL");
            backend.with_endpoint(endpoint)
        },
    );
}

#[test]
fn a_request_without_a_body_says_content_length_where_its_method_gives_content_a_meaning() {
    for backend in BACKENDS {
        let server = Server::start(|_| Answer::body(204, None, b""));
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": server.base_url()}))
            .expect("valid defaults");
        let client = Backend::new(backend, endpoint.clone());
        for (method, length) in [
            ("POST", Some("0")),
            ("PUT", Some("0")),
            ("PATCH", Some("0")),
            ("DELETE", None),
            ("OPTIONS", None),
            ("GET", None),
        ] {
            // The runtime's request, as `@octokit/endpoint` 6.0.12 writes
            // it, says `content-length: 0` for every method but GET and
            // HEAD; one made by hand may say nothing.
            let mut request = endpoint
                .endpoint(&format!("{method} /things/{{id}}"), json!({"id": 1}))
                .unwrap();
            request.headers.remove("content-length");
            request.body = None;
            for request in [
                request.clone(),
                endpoint
                    .endpoint(&format!("{method} /things/{{id}}"), json!({"id": 1}))
                    .unwrap(),
            ] {
                let _ = client.execute::<Value>(request);
                let received = server.requests().pop().expect("a request");
                assert_eq!(received.method, method, "{backend}");
                assert_eq!(
                    received.optional_header("content-length"),
                    length,
                    "{backend}: {method}"
                );
                assert_eq!(
                    received.optional_header("content-type"),
                    None,
                    "{backend}: {method}"
                );
                assert!(received.body.is_empty(), "{backend}: {method}");
            }
        }
    }
}
