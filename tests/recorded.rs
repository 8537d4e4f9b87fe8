//! Recorded GitHub traffic replayed through both clients of
//! `endpoint::client`: the scenarios of `@octokit/fixtures` (copied in
//! `tests/fixtures/octokit-fixtures/`), each served by a loopback server
//! that answers only requests matching the recording (method, path and
//! query, body, `accept`, `authorization` and `content-type`).
//!
//! The requests are the structs of `endpoint-github` wherever that crate can
//! write the recorded request (the uploads too, on the endpoint's uploads
//! URL, which the loopback server also stands for); dynamic ones where it
//! cannot (routes no longer in GitHub's description) and, again, in some
//! scenarios, to compare. The answers decode into each struct's own answer
//! (`endpoint_github::models`), or, where a request asks for another media
//! type (raw text, an archive), into a `String` or `Bytes`
//! (`Backend::send_as`); the dynamic requests' into `serde_json::Value`.
//! Every scenario runs once with the blocking (ureq) client and once with
//! the async (reqwest) one, each against a fresh server, and must use every
//! recorded exchange.

use crate::{backends, server};

use endpoint::Endpoint;
use endpoint::body::File;
use endpoint::client::{ApiError, Bytes, Error, FieldError, GitHubPolicy, RateLimitKind};
use endpoint_github::models::{self, ReleaseAsset, ReposGetContentResponse};
use endpoint_github::{activity, git, issues, markdown, meta, orgs, repos, search};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Exchange, Expected, ExpectedBody, Origin, Server};

/// The token of the recordings (user A).
const TOKEN: &str = "token 0000000000000000000000000000000000000001";
/// The token of the recordings' second user (user B).
const TOKEN_B: &str = "token 0000000000000000000000000000000000000002";
/// The recorded hosts and who stands in for them: the API and its uploads
/// host on `127.0.0.1`, the archive host on `localhost` (another origin).
const ORIGINS: [Origin; 3] = [
    ("https://api.github.com", "127.0.0.1"),
    ("https://uploads.github.com", "127.0.0.1"),
    ("https://codeload.github.com", "localhost"),
];
/// The organization of the recordings.
const ORG: &str = "octokit-fixture-org";

// ---------------------------------------------------------------------------
// Recordings
// ---------------------------------------------------------------------------

/// The exchanges of scenario `name` (`normalized-fixture.json`).
fn scenario(name: &str) -> Vec<Exchange> {
    let path = format!(
        "{}/tests/fixtures/octokit-fixtures/api.github.com/{name}/normalized-fixture.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
    let records: Vec<Value> =
        serde_json::from_str(&text).unwrap_or_else(|err| panic!("{path}: {err}"));
    records.iter().map(exchange).collect()
}

/// One recorded exchange, in nock's format (`method`, `path`, `body`,
/// `reqheaders`, `status`, `response`, `responseIsBinary`, `headers`).
fn exchange(record: &Value) -> Exchange {
    let text = |value: &Value| match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let headers = ["accept", "authorization", "content-type"]
        .iter()
        .filter_map(|name| {
            let value = record["reqheaders"].get(*name)?;
            Some(((*name).to_owned(), Some(text(value))))
        })
        .collect();
    let body = match &record["body"] {
        Value::Null => ExpectedBody::Empty,
        Value::String(body) if body.is_empty() => ExpectedBody::Empty,
        Value::String(body) => ExpectedBody::Raw(body.as_bytes().to_vec()),
        json => ExpectedBody::Json(json.clone()),
    };
    let answer_body = match &record["response"] {
        Value::String(hex) if record["responseIsBinary"] == true => from_hex(hex),
        Value::String(body) => body.as_bytes().to_vec(),
        json => serde_json::to_vec(json).expect("JSON serializes"),
    };
    let mut answer_headers = Vec::new();
    for (name, value) in record["headers"].as_object().expect("headers") {
        match value {
            Value::Array(values) => {
                answer_headers.extend(values.iter().map(|value| (name.clone(), text(value))));
            }
            value => answer_headers.push((name.clone(), text(value))),
        }
    }
    Exchange {
        request: Expected {
            method: text(&record["method"]).to_ascii_uppercase(),
            target: text(&record["path"]),
            headers,
            body,
        },
        answer: Answer {
            status: record["status"].as_u64().expect("a status") as u16,
            headers: answer_headers,
            body: answer_body,
        },
    }
}

fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&hex[at..at + 2], 16).expect("hex"))
        .collect()
}

/// Runs `test` once per backend, each time against a fresh server
/// replaying `exchanges`, with a client whose endpoint sends to that server
/// with the recordings' token (and keeps it on that server's host); then
/// checks that every exchange was used.
fn replay(exchanges: &[Exchange], test: impl Fn(&Backend, &Server)) {
    for name in BACKENDS {
        eprintln!("replaying with {name}");
        let server = Server::replay(exchanges.to_vec(), &ORIGINS);
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": server.base_url(), "headers": {"authorization": TOKEN}}))
            .expect("valid defaults")
            .with_credential_host_check(true);
        // The answers are GitHub's: the client follows GitHub's rules.
        let backend = Backend::new(name, endpoint).with_policy(GitHubPolicy);
        test(&backend, &server);
        assert_eq!(server.finish(), exchanges.len(), "{name}");
    }
}

/// The refusal inside an error that must be [`Error::Status`].
fn refusal(result: Result<impl std::fmt::Debug, Error>) -> Box<ApiError> {
    match result {
        Err(Error::Status(answer)) => answer,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

/// The upload endpoint: the uploads URL (the same loopback server).
fn uploads(backend: &Backend, server: &Server) -> Backend {
    let endpoint = backend
        .endpoint()
        .with_server("https://uploads.github.com", &server.base_url())
        .expect("an absolute URL");
    backend.with_endpoint(endpoint)
}

/// Uploads `test-upload.txt` to release 1000 of `repo`, as recorded.
fn upload(
    uploads: &Backend,
    repo: &str,
) -> Result<endpoint::client::Response<ReleaseAsset>, Error> {
    uploads.send(&repos::UploadReleaseAsset {
        label: Some("test".into()),
        body: Some(File::new("Hello, world!\n").content_type("text/plain")),
        ..repos::UploadReleaseAsset::new(ORG, repo, 1000, "test-upload.txt")
    })
}

// ---------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------

#[test]
fn get_repository() {
    replay(&scenario("get-repository"), |backend, _| {
        let route = repos::Get::new(ORG, "hello-world");
        let response = backend.send(&route).unwrap();
        assert_eq!(response.status, 200);
        let repository = &response.body;
        assert_eq!(repository.id, 1000);
        assert_eq!(repository.name, "hello-world");
        assert_eq!(repository.full_name, "octokit-fixture-org/hello-world");
        assert_eq!(repository.owner.login, ORG);
        assert!(!repository.private);
        assert_eq!(repository.description.value(), None);
        let limit = response.rate_limit();
        assert_eq!(limit.limit, Some(5000));
        assert_eq!(limit.remaining, Some(4999));
        assert_eq!(limit.used, Some(1));
        assert_eq!(limit.resource.as_deref(), Some("core"));
        assert!(limit.reset.is_some());
    });
}

#[test]
fn get_content_as_json_and_raw() {
    replay(&scenario("get-content"), |backend, server| {
        let listing = backend
            .send(&repos::GetContent {
                r#ref: None,
                ..repos::GetContent::new(ORG, "hello-world", String::new())
            })
            .unwrap();
        let ReposGetContentResponse::ContentDirectory(entries) = &listing.body else {
            panic!("a directory answers its entries: {:?}", listing.body);
        };
        assert_eq!(entries[0].name, "README.md");
        assert_eq!(entries[0].r#type.as_str(), "file");
        let raw = backend.with_defaults(json!({"mediaType": {"format": "raw"}}));
        let readme = raw
            .send_as::<String>(&repos::GetContent {
                r#ref: None,
                ..repos::GetContent::new(ORG, "hello-world", "README.md")
            })
            .unwrap();
        assert_eq!(readme.body, "# hello-world");
        assert_eq!(
            readme.headers["content-type"],
            "application/vnd.github.v3.raw; charset=utf-8"
        );
        assert_eq!(
            readme.url,
            format!(
                "{}/repos/{ORG}/hello-world/contents/README.md",
                server.base_url()
            )
        );
    });
    // The same through the dynamic API, the raw file as bytes.
    replay(&scenario("get-content"), |backend, _| {
        let listing: Vec<Value> = backend
            .call(
                "GET /repos/{owner}/{repo}/contents/{+path}",
                json!({"owner": ORG, "repo": "hello-world", "path": ""}),
            )
            .unwrap()
            .body;
        assert_eq!(listing.len(), 1);
        let readme: Bytes = backend
            .call(
                "GET /repos/{owner}/{repo}/contents/{+path}",
                json!({"owner": ORG, "repo": "hello-world", "path": "README.md", "mediaType": {"format": "raw"}}),
            )
            .unwrap()
            .body;
        assert_eq!(readme, Bytes(b"# hello-world".to_vec()));
    });
}

#[test]
fn paginate_issues_reads_every_page() {
    replay(&scenario("paginate-issues"), |backend, _| {
        let route = issues::ListForRepo {
            per_page: Some(3),
            ..issues::ListForRepo::new(ORG, "paginate-issues")
        };
        let pages = backend.paginate(&route);
        assert_eq!(pages.total_count, None);
        let issues = pages.ok();
        let numbers: Vec<i64> = issues.iter().map(|issue| issue.number).collect();
        assert_eq!(numbers, (1..=13).rev().collect::<Vec<_>>());
        assert_eq!(issues[0].title, "Test issue 13");
        assert!(issues.iter().all(|issue| issue.state == "open"));
    });
    // The dynamic API, items as JSON.
    replay(&scenario("paginate-issues"), |backend, _| {
        let request = backend
            .endpoint()
            .endpoint(
                "GET /repos/{owner}/{repo}/issues",
                json!({"owner": ORG, "repo": "paginate-issues", "per_page": 3}),
            )
            .unwrap();
        let issues = backend.paginate_request::<Value>(request).ok();
        assert_eq!(issues.len(), 13);
        assert_eq!(issues[0]["title"], "Test issue 13");
        assert_eq!(issues[12]["number"], 1);
    });
}

#[test]
fn search_issues_keeps_the_total_count() {
    let once = scenario("search-issues");
    replay(&[once.clone(), once].concat(), |backend, _| {
        let route =
            search::IssuesAndPullRequests::new("sesame repo:octokit-fixture-org/search-issues");
        let results = backend.send(&route).unwrap();
        assert_eq!(results.body.total_count, 2);
        assert!(!results.body.incomplete_results);
        assert_eq!(results.body.items[0].number, 2);
        assert_eq!(results.rate_limit().limit, Some(30));
        assert_eq!(results.rate_limit().resource.as_deref(), Some("search"));

        // The route's response is a page: its items are typed too.
        let pages = backend.paginate(&route);
        assert_eq!(pages.total_count, Some(2));
        assert_eq!(pages.incomplete_results, Some(false));
        let issues = pages.ok();
        assert_eq!(issues.len(), 2);
        assert_eq!(issues[0].title, "Sesame seeds split without a pop!");
        assert_eq!(issues[1].title, "The doors don’t open");
        assert_eq!(issues[1].state, "open");
    });
}

#[test]
fn add_labels_to_issue() {
    replay(&scenario("add-labels-to-issue"), |backend, _| {
        let issue = backend
            .send(&issues::Create::new(
                ORG,
                "add-labels-to-issue",
                models::StringOrInteger::String("Issue without a label".into()),
            ))
            .unwrap();
        assert_eq!(issue.status, 201);
        assert_eq!(issue.body.number, 1);
        let labels = backend
            .send(&issues::AddLabels {
                body: Some(models::IssuesAddLabelsBodyObject {
                    labels: Some(
                        ["Foo", "bAr", "baZ"]
                            .map(|name| models::StringOrObject::String(name.into()))
                            .to_vec(),
                    ),
                }),
                ..issues::AddLabels::new(ORG, "add-labels-to-issue", issue.body.number)
            })
            .unwrap()
            .body;
        let names: Vec<&str> = labels.iter().map(|label| label.name.as_str()).collect();
        assert_eq!(names, ["Foo", "bAr", "baZ"]);
    });
}

#[test]
fn create_file() {
    replay(&scenario("create-file"), |backend, _| {
        let created = backend
            .send(&repos::CreateOrUpdateFileContents::new(
                ORG,
                "create-file",
                "test.txt",
                "create test.txt",
                "VGVzdCBjb250ZW50",
            ))
            .unwrap();
        assert_eq!(created.status, 201);
        let content = created.body.content.value().expect("the file");
        assert_eq!(content.path.as_deref(), Some("test.txt"));
        assert_eq!(content.size, Some(12));
        assert!(created.body.commit.sha.is_some());
    });
}

#[test]
fn labels_create_get_update_delete() {
    replay(&scenario("labels"), |backend, _| {
        let repo = || "labels".to_owned();
        let labels = backend
            .send(&issues::ListLabelsForRepo::new(ORG, repo()))
            .unwrap()
            .body;
        assert_eq!(labels.len(), 9);
        assert_eq!(labels[0].name, "bug");
        let created = backend
            .send(&issues::CreateLabel {
                color: Some("663399".into()),
                description: None,
                ..issues::CreateLabel::new(ORG, repo(), "test-label")
            })
            .unwrap();
        assert_eq!(created.status, 201);
        let got = backend
            .send(&issues::GetLabel::new(ORG, repo(), "test-label"))
            .unwrap()
            .body;
        assert_eq!(got, created.body);
        let updated = backend
            .send(&issues::UpdateLabel {
                new_name: Some("test-label-updated".into()),
                color: Some("BADA55".into()),
                description: None,
                ..issues::UpdateLabel::new(ORG, repo(), "test-label")
            })
            .unwrap()
            .body;
        assert_eq!(
            (updated.name.as_str(), updated.color.as_str()),
            ("test-label-updated", "BADA55")
        );
        let deleted = backend
            .send(&issues::DeleteLabel::new(ORG, repo(), "test-label-updated"))
            .unwrap();
        assert_eq!(deleted.status, 204);
    });
}

#[test]
fn lock_issue() {
    replay(&scenario("lock-issue"), |backend, _| {
        let locked = backend
            .send(&issues::Lock {
                lock_reason: None,
                ..issues::Lock::new(ORG, "lock-issue", 1)
            })
            .unwrap();
        assert_eq!(locked.status, 204);
        let unlocked = backend
            .send(&issues::Unlock::new(ORG, "lock-issue", 1))
            .unwrap();
        assert_eq!(unlocked.status, 204);
    });
}

#[test]
fn markdown_as_json_and_raw() {
    replay(&scenario("markdown"), |backend, _| {
        let html = backend.with_defaults(json!({"headers": {"accept": "text/html"}}));
        let rendered = html
            .send(&markdown::Render {
                mode: Some(models::MarkdownRenderMode::Gfm),
                context: Some("octokit-fixture-org/hello-world".into()),
                ..markdown::Render::new("### Hello\n\nb597b5d")
            })
            .unwrap()
            .body;
        assert!(
            rendered.starts_with("<h3 dir=\"auto\">Hello</h3>"),
            "{rendered}"
        );
        // The body is one of the operation's media types, `text/plain`.
        let rendered = html
            .send(&markdown::RenderRaw {
                body: Some(markdown::RenderRawBody::TextPlain(
                    "### Hello\n\nb597b5d".into(),
                )),
            })
            .unwrap()
            .body;
        assert!(
            rendered.ends_with("Hello</h3>\n<p>b597b5d</p>\n"),
            "{rendered}"
        );
    });
    // The dynamic API: the headers in the call.
    replay(&scenario("markdown"), |backend, _| {
        let rendered: Value = backend
            .call(
                "POST /markdown",
                json!({"text": "### Hello\n\nb597b5d", "context": "octokit-fixture-org/hello-world", "mode": "gfm", "headers": {"accept": "text/html"}}),
            )
            .unwrap()
            .body;
        assert!(
            rendered
                .as_str()
                .is_some_and(|html| html.contains("b597b5d"))
        );
        let rendered: String = backend
            .call(
                "POST /markdown/raw",
                json!({"data": "### Hello\n\nb597b5d", "headers": {"accept": "text/html", "content-type": "text/plain; charset=utf-8"}}),
            )
            .unwrap()
            .body;
        assert!(rendered.contains("<p>b597b5d</p>"));
    });
}

#[test]
fn rename_repository_follows_the_redirects() {
    replay(&scenario("rename-repository"), |backend, server| {
        let renamed = backend
            .send(&repos::Update {
                name: Some("rename-repository-newname".into()),
                ..repos::Update::new(ORG, "rename-repository")
            })
            .unwrap()
            .body;
        assert_eq!(renamed.name, "rename-repository-newname");

        // The old name answers 301 to the repository's id: followed.
        let moved = backend
            .send(&repos::Get::new(ORG, "rename-repository"))
            .unwrap();
        assert_eq!(moved.status, 200);
        assert_eq!(
            moved.url,
            format!("{}/repositories/1000", server.base_url())
        );
        assert_eq!(
            moved.body.full_name,
            "octokit-fixture-org/rename-repository-newname"
        );

        // A PATCH to the old name answers 307: sent again, with its body.
        let updated = backend
            .send(&repos::Update {
                name: Some("rename-repository-newname".into()),
                description: Some("test description".into()),
                ..repos::Update::new(ORG, "rename-repository")
            })
            .unwrap();
        assert_eq!(
            updated.url,
            format!("{}/repositories/1000", server.base_url())
        );
        assert_eq!(
            updated.body.description.value().map(String::as_str),
            Some("test description")
        );
    });
}

#[test]
fn errors_hold_github_s_explanation() {
    replay(&scenario("errors"), |backend, server| {
        let result = backend.send(&issues::CreateLabel {
            color: Some("invalid".into()),
            description: None,
            ..issues::CreateLabel::new(ORG, "errors", "foo")
        });
        // The body decodes into the operation's refusal of its status.
        let typed = match &result {
            Err(error) => error.error_body::<issues::CreateLabel>(),
            Ok(_) => None,
        };
        let Some(Ok(issues::CreateLabelError::UnprocessableContent(invalid))) = typed else {
            panic!("expected the 422 refusal of `issues::CreateLabel`, got {typed:?}");
        };
        assert_eq!(invalid.message, "Validation Failed");
        assert_eq!(
            invalid.documentation_url,
            "https://docs.github.com/rest/reference/issues#create-a-label"
        );
        let [item] = invalid.errors.as_deref().unwrap_or_default() else {
            panic!("expected one error item: {:?}", invalid.errors);
        };
        assert_eq!(
            (
                item.resource.as_deref(),
                item.field.as_deref(),
                item.code.as_str()
            ),
            (Some("Label"), Some("color"), "invalid")
        );
        let error = refusal(result);
        assert_eq!(error.status, 422);
        assert_eq!(error.message.as_deref(), Some("Validation Failed"));
        assert_eq!(
            error.errors,
            [FieldError::new("invalid").at("color").code("invalid")]
        );
        assert_eq!(
            error.documentation_url.as_deref(),
            Some("https://docs.github.com/rest/reference/issues#create-a-label")
        );
        assert_eq!(error.rate_limit().remaining, Some(4999));
        assert_eq!(
            error.to_string(),
            format!(
                "POST {}/repos/octokit-fixture-org/errors/labels: the server answered \
                 422 Unprocessable Entity: Validation Failed (color: invalid)",
                server.base_url()
            )
        );
    });
}

/// GitHub's answer to an issue that is not there, as api.github.com sends
/// it today (with `status`, which the recordings predate).
#[test]
fn a_missing_issue_is_the_basic_error_of_issues_get() {
    let body = json!({
        "message": "Not Found",
        "documentation_url": "https://docs.github.com/rest/issues/issues#get-an-issue",
        "status": "404"
    });
    for name in BACKENDS {
        let answer = body.clone();
        let server = Server::start(move |_| Answer::json(404, &answer));
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": server.base_url(), "headers": {"authorization": TOKEN}}))
            .expect("valid defaults");
        let backend = Backend::new(name, endpoint).with_policy(GitHubPolicy);
        let result = backend.send(&issues::Get::new("octocat", "hello-world", 404));
        let typed = match &result {
            Err(error) => error.error_body::<issues::Get>(),
            Ok(_) => None,
        };
        let Some(Ok(not_found)) = typed else {
            panic!("{name}: expected the 404 refusal of `issues::Get`, got {typed:?}");
        };
        assert_eq!(
            not_found,
            models::BasicError {
                message: Some("Not Found".into()),
                documentation_url: Some(
                    "https://docs.github.com/rest/issues/issues#get-an-issue".into()
                ),
                url: None,
                status: Some("404".into()),
            },
            "{name}"
        );
        assert_eq!(refusal(result).status, 404, "{name}");
        assert_eq!(
            server.only_request().url,
            "/repos/octocat/hello-world/issues/404",
            "{name}"
        );
    }
}

#[test]
fn release_assets_upload_to_the_uploads_host() {
    replay(&scenario("release-assets"), |backend, server| {
        let repo = "release-assets";
        let release = backend
            .send(&repos::GetReleaseByTag::new(ORG, repo, "v1.0.0"))
            .unwrap()
            .body;
        assert_eq!(release.id, 1000);
        assert_eq!(release.tag_name, "v1.0.0");
        assert!(
            release
                .upload_url
                .starts_with("https://uploads.github.com/")
        );
        let asset = upload(&uploads(backend, server), repo).unwrap();
        assert_eq!(asset.status, 201);
        assert_eq!(asset.body.name, "test-upload.txt");
        assert_eq!(asset.body.label.value().map(String::as_str), Some("test"));
        assert_eq!(asset.body.state.as_str(), "uploaded");
        let assets = backend
            .send(&repos::ListReleaseAssets::new(ORG, repo, release.id))
            .unwrap()
            .body;
        assert_eq!(assets.len(), 1);
        let one = backend
            .send(&repos::GetReleaseAsset::new(ORG, repo, asset.body.id))
            .unwrap()
            .body;
        assert_eq!(one.id, 1000);
        let renamed = backend
            .send(&repos::UpdateReleaseAsset {
                name: Some("new-filename.txt".into()),
                label: Some("new label".into()),
                state: None,
                ..repos::UpdateReleaseAsset::new(ORG, repo, 1000)
            })
            .unwrap()
            .body;
        assert_eq!(
            (
                renamed.name.as_str(),
                renamed.label.value().map(String::as_str)
            ),
            ("new-filename.txt", Some("new label"))
        );
        backend
            .send(&repos::DeleteReleaseAsset::new(ORG, repo, 1000))
            .unwrap();
    });
}

#[test]
fn release_assets_conflict() {
    replay(&scenario("release-assets-conflict"), |backend, server| {
        let repo = "release-assets-conflict";
        let uploads = uploads(backend, server);
        let release = backend
            .send(&repos::GetReleaseByTag::new(ORG, repo, "v1.0.0"))
            .unwrap()
            .body;
        let error = refusal(upload(&uploads, repo));
        assert_eq!(error.status, 422);
        assert_eq!(error.errors[0].code.as_deref(), Some("already_exists"));
        assert_eq!(error.summary(), "Validation Failed (name: already_exists)");
        let assets = backend
            .send(&repos::ListReleaseAssets::new(ORG, repo, release.id))
            .unwrap()
            .body;
        backend
            .send(&repos::DeleteReleaseAsset::new(ORG, repo, assets[0].id))
            .unwrap();
        assert_eq!(upload(&uploads, repo).unwrap().body.id, 1001);
    });
}

#[test]
fn get_archive_follows_the_redirect_without_the_token() {
    let mut exchanges = scenario("get-archive");
    // axios sent the token on to the archive host when this was recorded;
    // these clients keep it on the API's host.
    let archive = &mut exchanges[1].request.headers;
    for (name, value) in archive.iter_mut() {
        if name == "authorization" {
            *value = None;
        }
    }
    replay(&exchanges, |backend, server| {
        let tarball = backend
            .send_as::<Bytes>(&repos::DownloadTarballArchive::new(
                ORG,
                "get-archive",
                "main",
            ))
            .unwrap();
        assert_eq!(
            tarball.url,
            format!(
                "http://localhost:{}/octokit-fixture-org/get-archive/legacy.tar.gz/refs/heads/main",
                server.port()
            )
        );
        assert_eq!(tarball.headers["content-type"], "application/x-gzip");
        assert_eq!(tarball.body.0.len(), 176);
        assert_eq!(tarball.body.0[..2], [0x1f, 0x8b]);
    });
}

#[test]
fn get_organization_and_root() {
    replay(&scenario("get-organization"), |backend, _| {
        let org = backend.send(&orgs::Get { org: ORG.into() }).unwrap().body;
        assert_eq!(org.login, ORG);
    });
    replay(&scenario("get-root"), |backend, _| {
        let root = backend.send(&meta::Root).unwrap().body;
        assert_eq!(root.current_user_url, "https://api.github.com/user");
    });
}

#[test]
fn mark_notifications_as_read() {
    replay(&scenario("mark-notifications-as-read"), |backend, _| {
        let marked = backend
            .send(&activity::MarkNotificationsAsRead::default())
            .unwrap();
        assert_eq!(marked.status, 205);
    });
}

#[test]
fn git_refs() {
    replay(&scenario("git-refs"), |backend, _| {
        // The listing of every reference (`GET …/git/refs/`) is no longer in
        // GitHub's description: a dynamic request.
        let refs = |backend: &Backend| -> Vec<Value> {
            backend
                .call(
                    "GET /repos/{owner}/{repo}/git/refs/",
                    json!({"owner": ORG, "repo": "git-refs"}),
                )
                .unwrap()
                .body
        };
        assert_eq!(refs(backend).len(), 1);
        let created = backend
            .send(&git::CreateRef::new(
                ORG,
                "git-refs",
                "refs/heads/test",
                "0000000000000000000000000000000000000002",
            ))
            .unwrap()
            .body;
        assert_eq!(created.r#ref, "refs/heads/test");
        // `ref` is multi-segment: `heads/test` keeps its `/`, as recorded.
        let updated = backend
            .send(&git::UpdateRef {
                force: None,
                ..git::UpdateRef::new(
                    ORG,
                    "git-refs",
                    "heads/test",
                    "0000000000000000000000000000000000000001",
                )
            })
            .unwrap()
            .body;
        assert_eq!(
            updated.object.sha,
            "0000000000000000000000000000000000000001"
        );
        assert_eq!(refs(backend).len(), 2);
        let deleted = backend
            .send(&git::DeleteRef::new(ORG, "git-refs", "heads/test"))
            .unwrap();
        assert_eq!(deleted.status, 204);
    });
}

#[test]
fn branch_protection() {
    let exchanges = scenario("branch-protection");
    let ExpectedBody::Json(full) = exchanges[2].request.body.clone() else {
        panic!("the second update has a JSON body");
    };
    replay(&exchanges, |backend, _| {
        let result = backend.send(&repos::GetBranchProtection::new(
            ORG,
            "branch-protection",
            "main",
        ));
        // GitHub's refusals of the operation share one body, `BasicError`.
        let typed = match &result {
            Err(error) => error.error_body::<repos::GetBranchProtection>(),
            Ok(_) => None,
        };
        let Some(Ok(not_protected)) = typed else {
            panic!("expected the 404 refusal of `repos::GetBranchProtection`, got {typed:?}");
        };
        assert_eq!(
            not_protected.message.as_deref(),
            Some("Branch not protected")
        );
        let error = refusal(result);
        assert_eq!(error.status, 404);
        assert_eq!(error.message.as_deref(), Some("Branch not protected"));
        // The three settings that are required and nullable are sent as
        // `null`.
        let protection = backend
            .send(&repos::UpdateBranchProtection {
                enforce_admins: Some(false),
                ..repos::UpdateBranchProtection::new(ORG, "branch-protection", "main")
            })
            .unwrap()
            .body;
        assert_eq!(
            protection.enforce_admins.as_ref().map(|e| e.enabled),
            Some(false)
        );
        let protection = backend
            .send(&repos::UpdateBranchProtection {
                required_status_checks: full["required_status_checks"].as_object().cloned(),
                enforce_admins: Some(full["enforce_admins"] == true),
                required_pull_request_reviews: full["required_pull_request_reviews"]
                    .as_object()
                    .cloned(),
                restrictions: full["restrictions"].as_object().cloned(),
                ..repos::UpdateBranchProtection::new(ORG, "branch-protection", "main")
            })
            .unwrap()
            .body;
        assert_eq!(
            protection
                .required_status_checks
                .as_ref()
                .map(|checks| checks.contexts.as_slice()),
            Some(&["foo/bar".to_owned()][..])
        );
        let removed = backend
            .send(&repos::DeleteBranchProtection::new(
                ORG,
                "branch-protection",
                "main",
            ))
            .unwrap();
        assert_eq!(removed.status, 204);
    });
}

#[test]
fn create_status() {
    replay(&scenario("create-status"), |backend, _| {
        let sha = "0000000000000000000000000000000000000001";
        for (state, context) in [
            (models::ReposCreateCommitStatusState::Failure, "example/1"),
            (models::ReposCreateCommitStatusState::Success, "example/2"),
        ] {
            let created = backend
                .send(&repos::CreateCommitStatus {
                    target_url: Some("https://example.com".into()),
                    description: Some(format!("create-status {state} test")),
                    context: Some(context.into()),
                    ..repos::CreateCommitStatus::new(ORG, "create-status", sha, state.clone())
                })
                .unwrap()
                .body;
            assert_eq!(created.state, state.to_string());
        }
        let statuses = backend
            .send(&repos::ListCommitStatusesForRef::new(
                ORG,
                "create-status",
                sha,
            ))
            .unwrap()
            .body;
        assert_eq!(statuses.len(), 2);
        let combined = backend
            .send(&repos::GetCombinedStatusForRef::new(
                ORG,
                "create-status",
                sha,
            ))
            .unwrap()
            .body;
        assert_eq!(combined.state, "failure");
        assert_eq!(combined.total_count, 2);
    });
}

#[test]
fn project_cards() {
    // Projects (classic) and their cards are no longer in GitHub's
    // description, nor in `endpoint-github`: dynamic requests.
    replay(&scenario("project-cards"), |backend, _| {
        for note in ["Example card 1", "Example card 2"] {
            let card: Value = backend
                .call(
                    "POST /projects/columns/{column_id}/cards",
                    json!({"column_id": 1000, "note": note}),
                )
                .unwrap()
                .body;
            assert_eq!(card["note"], note);
        }
        let cards: Vec<Value> = backend
            .call(
                "GET /projects/columns/{column_id}/cards",
                json!({"column_id": 1000}),
            )
            .unwrap()
            .body;
        assert_eq!(cards.len(), 2);
        let card: Value = backend
            .call(
                "GET /projects/columns/cards/{card_id}",
                json!({"card_id": 1000}),
            )
            .unwrap()
            .body;
        assert_eq!(card["id"], 1000);
        let card: Value = backend
            .call(
                "PATCH /projects/columns/cards/{card_id}",
                json!({"card_id": 1000, "note": "Example card 1 updated"}),
            )
            .unwrap()
            .body;
        assert_eq!(card["note"], "Example card 1 updated");
        for (card_id, position, column_id) in [
            (1000, "top", Some(1001)),
            (1001, "bottom", Some(1001)),
            (1000, "after:1001", None),
        ] {
            let mut options = json!({"card_id": card_id, "position": position});
            if let Some(column_id) = column_id {
                options["column_id"] = column_id.into();
            }
            let moved: Value = backend
                .call("POST /projects/columns/cards/{card_id}/moves", options)
                .unwrap()
                .body;
            assert_eq!(moved, json!({}));
        }
        let deleted = backend
            .call::<()>(
                "DELETE /projects/columns/cards/{card_id}",
                json!({"card_id": 1000}),
            )
            .unwrap();
        assert_eq!(deleted.status, 204);
    });
}

#[test]
fn add_and_remove_repository_collaborator() {
    replay(
        &scenario("add-and-remove-repository-collaborator"),
        |backend, _| {
            let repo = || "add-and-remove-repository-collaborator".to_owned();
            let invitation = backend
                .send(&repos::AddCollaborator {
                    permission: None,
                    ..repos::AddCollaborator::new(ORG, repo(), "octokit-fixture-user-b")
                })
                .unwrap()
                .body;
            let repos::AddCollaboratorAnswer::Created(invitation) = invitation else {
                panic!("an invitation: {invitation:?}");
            };
            assert_eq!(
                invitation.invitee.value().map(|user| user.login.as_str()),
                Some("octokit-fixture-user-b")
            );
            let invitations = backend
                .send(&repos::ListInvitations::new(ORG, repo()))
                .unwrap()
                .body;
            assert_eq!(invitations[0].id, invitation.id);
            // User B accepts, with their own token.
            let user_b = backend.with_defaults(json!({"headers": {"authorization": TOKEN_B}}));
            let accepted = user_b
                .send(&repos::AcceptInvitationForAuthenticatedUser::new(1000))
                .unwrap();
            assert_eq!(accepted.status, 204);
            let collaborators = |count: usize| {
                let list = backend
                    .send(&repos::ListCollaborators::new(ORG, repo()))
                    .unwrap()
                    .body;
                assert_eq!(list.len(), count);
            };
            collaborators(2);
            backend
                .send(&repos::RemoveCollaborator::new(
                    ORG,
                    repo(),
                    "octokit-fixture-user-b",
                ))
                .unwrap();
            collaborators(1);
        },
    );
}

#[test]
fn a_request_that_differs_from_the_recording_is_refused_and_reported() {
    let server = Server::replay(scenario("get-repository"), &ORIGINS);
    let endpoint = Endpoint::default()
        .defaults(json!({"baseUrl": server.base_url(), "headers": {"authorization": TOKEN_B}}))
        .unwrap();
    let backend = Backend::new("ureq", endpoint);
    let result = backend.send(&repos::Get::new(ORG, "hello-world"));
    let error = refusal(result);
    assert_eq!(error.status, 500);
    let message = error.message.unwrap_or_default();
    assert!(
        message.contains("header `authorization`: recorded Some(\"token 0000000000000000000000000000000000000001\"), received [\"token 0000000000000000000000000000000000000002\"]"),
        "{message}"
    );
    let report = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.finish()))
        .expect_err("the replay fails");
    let report = report.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(report.contains("does not match the recording"), "{report}");
    assert!(
        report.contains("never requested: GET /repos/octokit-fixture-org/hello-world"),
        "{report}"
    );
}

// A rate-limit refusal is recognised in recorded answers too.
#[test]
fn recorded_answers_turned_into_rate_limit_refusals() {
    let mut exchanges = scenario("get-organization");
    let answer = &mut exchanges[0].answer;
    answer.status = 403;
    answer.body = br#"{"message":"API rate limit exceeded for user ID 1."}"#.to_vec();
    for (name, value) in &mut answer.headers {
        match name.as_str() {
            "x-ratelimit-remaining" => *value = "0".into(),
            "x-ratelimit-reset" => *value = "1507651200".into(),
            _ => {}
        }
    }
    replay(&exchanges, |backend, _| {
        let error = backend.send(&orgs::Get { org: ORG.into() }).unwrap_err();
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
            Some(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_507_651_200))
        );
        assert_eq!(answer.as_ref().unwrap().status, 403);
        assert!(
            error
                .to_string()
                .ends_with("primary rate limit, retry at 2017-10-10 16:00:00 UTC (now)"),
            "{error}"
        );
    });
}
