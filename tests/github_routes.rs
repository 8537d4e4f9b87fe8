//! Every struct of `endpoint-github`, GitHub's REST API as typed requests,
//! checked against the dynamic runtime.
//!
//! `github_routes/checks.rs` (one check per operation) is generated with the
//! crate by `cargo run -p xtask -- github`; regenerate it instead of editing
//! it. A check builds the struct with deterministic sample values, once with
//! every field and once with only the required ones, and compares
//! `to_request()` with `Endpoint::default().endpoint(route, options)` for
//! the same values, where `options` is the JSON object of the wire names.
//! Five kinds of operation need a different dynamic call, because the
//! dynamic API cannot say the same thing with plain options:
//!
//! - a body property named like a path placeholder (`PATCH
//!   .../variables/{name}` with a body `name`, the field `new_name`) or like
//!   an option key (the `url` of a webhook configuration): the body goes in
//!   the `data` option, which the specification sends as the body;
//! - query parameters of a method that sends its parameters in the body
//!   (`POST .../releases/{release_id}/assets?name=...`): the dynamic route
//!   gets a `{?name,label}` expression, as in octokit's route table; the
//!   typed fields are `#[endpoint(query)]`;
//! - a query list (`sort` of `GET .../insights/api/route-stats/...`), which
//!   the typed field writes comma-joined (`style = "form", explode =
//!   false`, as GitHub reads it): the operation's query parameters are a
//!   `{?…}` expression of the dynamic route, which joins a list with `,` too
//!   (octokit's rule would encode it), and the sample `q` of such an
//!   operation has no `+`, which the expression would encode;
//! - a multi-segment path parameter (`GET .../git/ref/{ref}`, the field
//!   `#[endpoint(multi_segment)]`): the dynamic route has `{/ref*}` and the
//!   value is the list of its `/`-separated pieces, which writes the same
//!   segments;
//! - the operation on the uploads URL (`#[endpoint(uploads)]`): the dynamic
//!   route names the default one, `https://uploads.github.com`.
//!
//! With the feature `ureq`, the same checks also run with the endpoint of
//! a client's settings (`endpoint::client::ClientBuilder`, random values):
//! no setting's value reaches a URL or a body of any of the 1,223 structs,
//! each value is only in its own header, and the credentials only in
//! `authorization`.

#[path = "github_routes/checks.rs"]
mod checks;

use std::cell::Cell;

use endpoint::{Body, Endpoint, Error, Request, TypedRequest};
use endpoint_github as gh;
use serde_json::{Value, json};

/// The result of one check: an explanation when it fails.
type Outcome = Result<(), String>;

/// An operationId and its check.
type Check = (&'static str, fn() -> Outcome);

thread_local! {
    /// How many comparisons [`compare`] made on this thread.
    static COMPARED: Cell<usize> = const { Cell::new(0) };
}

/// A JSON value written as text in the generated checks.
fn value(json: &str) -> Value {
    serde_json::from_str(json).expect("the generator writes valid JSON")
}

/// A field's sample value, written by the generated checks as its JSON:
/// decoded into the field's type (a model, an enum, a list of them).
macro_rules! typed {
    ($json:literal) => {
        serde_json::from_str($json).expect("the generator writes a value of the field's type")
    };
}
use typed;

/// Compares the request of `typed` (`to_request()`, the global defaults)
/// with the dynamic request for `route` and the JSON `options`; inside
/// [`settings::with`], builds both with the endpoint of a client's settings
/// instead and checks where the settings' values went.
fn compare<R: TypedRequest>(route: &str, variant: &str, options: &str, typed: &R) -> Outcome {
    #[cfg(feature = "ureq")]
    if let Some(outcome) = settings::check(route, variant, options, typed) {
        return outcome;
    }
    compare_requests(route, variant, options, typed.to_request())
}

/// Compares a typed request with the dynamic request for `route` and the
/// JSON `options`.
fn compare_requests(
    route: &str,
    variant: &str,
    options: &str,
    typed: Result<Request, Error>,
) -> Outcome {
    let dynamic = Endpoint::default().endpoint(route, value(options));
    compare_pair(route, variant, options, typed, dynamic)
}

/// Whether two requests are the same; a body of bytes (a file, typed) is the
/// same as a text body of those bytes (the `data` string, dynamic), which
/// is how the dynamic API sends bytes.
fn same(typed: &Request, dynamic: &Request) -> bool {
    match (&typed.body, &dynamic.body) {
        (Some(Body::Bytes(bytes)), Some(Body::Text(text))) => {
            bytes == text.as_bytes()
                && Request {
                    body: None,
                    ..typed.clone()
                } == Request {
                    body: None,
                    ..dynamic.clone()
                }
        }
        _ => typed == dynamic,
    }
}

/// Compares a typed request with a dynamic one built for `route` and the
/// JSON `options`.
fn compare_pair(
    route: &str,
    variant: &str,
    options: &str,
    typed: Result<Request, Error>,
    dynamic: Result<Request, Error>,
) -> Outcome {
    COMPARED.set(COMPARED.get() + 1);
    match (typed, dynamic) {
        (Ok(typed), Ok(dynamic)) if same(&typed, &dynamic) => Ok(()),
        (Ok(typed), Ok(dynamic)) => Err(format!(
            "{route} ({variant}): typed and dynamic requests differ\n  typed:   {}\n  dynamic: {}",
            typed.to_json(),
            dynamic.to_json()
        )),
        (typed, dynamic) => Err(format!(
            "{route} ({variant}): typed {:?}, dynamic {:?} for {options}",
            typed.map(|r| r.to_json()),
            dynamic.map(|r| r.to_json())
        )),
    }
}

#[test]
fn every_operation_equals_the_dynamic_request() {
    assert_eq!(checks::CHECKS.len(), 1223);
    let before = COMPARED.get();
    let failures: Vec<String> = checks::CHECKS
        .iter()
        .filter_map(|(id, check)| check().err().map(|err| format!("{id}: {err}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} operations differ:\n{}",
        failures.len(),
        checks::CHECKS.len(),
        failures.join("\n")
    );
    // Every variant of every check ran: none returned early.
    assert_eq!(COMPARED.get() - before, checks::COMPARISONS);
}

#[test]
fn compare_detects_a_difference() {
    let typed = Endpoint::default().endpoint("GET /user", ());
    assert!(compare_requests("GET /user", "test", "{}", typed).is_ok());
    let typed = Endpoint::default().endpoint("GET /user", json!({ "page": 2 }));
    assert!(compare_requests("GET /user", "test", "{}", typed).is_err());
    let typed = Endpoint::default().endpoint("GET /user", json!({}));
    assert!(compare_requests("GET /user", "test", r#"{"page":2}"#, typed).is_err());
    let typed = gh::users::GetAuthenticated {};
    assert!(compare("GET /user", "test", "{}", &typed).is_ok());
    assert!(compare("GET /user", "test", r#"{"page":2}"#, &typed).is_err());
}

#[test]
fn the_checks_cover_the_corpus() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/github-routes/routes.json"
    );
    let corpus: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let corpus: Vec<&str> = corpus
        .as_array()
        .unwrap()
        .iter()
        .map(|op| op["operationId"].as_str().unwrap())
        .collect();
    let checked: Vec<&str> = checks::CHECKS.iter().map(|(id, _)| *id).collect();
    assert_eq!(corpus.len(), 1223);
    assert_eq!(checked, corpus);
}

/// A struct with required fields is built by `new(…)` of them: the fields
/// left out are `None`, and send nothing; one without derives `Default`.
#[test]
fn new_fills_the_fields_left_out() -> Result<(), Error> {
    let list = gh::issues::ListForRepo {
        per_page: Some(100),
        ..gh::issues::ListForRepo::new("o", "r")
    };
    assert_eq!(
        gh::users::ListBlockedByAuthenticatedUser::default()
            .to_request()?
            .url,
        "https://api.github.com/user/blocks"
    );
    assert_eq!(list.state, None);
    assert_eq!(list.labels, None);
    let request = list.to_request()?;
    assert_eq!(request.method, "get");
    assert_eq!(
        request.url,
        "https://api.github.com/repos/o/r/issues?per_page=100"
    );
    assert_eq!(request.body, None);
    Ok(())
}

/// The three ways to build one request give the same one: GitHub's
/// operation from `endpoint-github`, a struct of one's own from
/// `endpoint!`, and the dynamic runtime.
#[test]
fn the_three_ways_agree() -> Result<(), Error> {
    endpoint::endpoint! {
        struct ListIssues = "GET /repos/{owner}/{repo}/issues" {
            state: Option<String>,
            labels: Option<String>,
        }
    }
    let github = gh::issues::ListForRepo {
        state: Some(gh::models::OpenOrClosedOrAll::Open),
        labels: Some("bug".into()),
        ..gh::issues::ListForRepo::new("octocat", "hello-world")
    }
    .to_request()?;
    let own = ListIssues {
        owner: "octocat".into(),
        repo: "hello-world".into(),
        state: Some("open".into()),
        labels: Some("bug".into()),
    }
    .to_request()?;
    let dynamic = Endpoint::default().endpoint(
        "GET /repos/{owner}/{repo}/issues",
        json!({"owner": "octocat", "repo": "hello-world", "state": "open", "labels": "bug"}),
    )?;
    assert_eq!(
        github.url,
        "https://api.github.com/repos/octocat/hello-world/issues?state=open&labels=bug"
    );
    assert_eq!(github, own);
    assert_eq!(github, dynamic);
    Ok(())
}

/// The hazards, with the expected requests written out, so that the checks
/// cannot pass by both sides dropping the same parameter.
#[test]
fn hazards_reach_the_wire() -> Result<(), Error> {
    // `ref` as a query parameter: a raw identifier.
    let request = gh::repos::GetContent {
        owner: "octocat".into(),
        repo: "hello".into(),
        path: "README.md".into(),
        r#ref: Some("main".into()),
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/repos/octocat/hello/contents/README.md?ref=main"
    );

    // `{enterprise-team}`: the field `enterprise_team`.
    let request = gh::enterprise_team_memberships::List {
        per_page: Some(10),
        ..gh::enterprise_team_memberships::List::new("acme", "core")
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/enterprises/acme/teams/core/memberships?per_page=10"
    );

    // The path/body `name` collision.
    let request = gh::actions::UpdateRepoVariable {
        owner: "octocat".into(),
        repo: "hello".into(),
        name: "OLD".into(),
        new_name: Some("NEW".into()),
        value: Some("1".into()),
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/repos/octocat/hello/actions/variables/OLD"
    );
    assert_eq!(
        request.body,
        Some(Body::Json(r#"{"name":"NEW","value":"1"}"#.into()))
    );

    // A body property named like an option key.
    let request = gh::apps::UpdateWebhookConfigForApp {
        url: Some("https://example.com/hook".into()),
        content_type: Some("json".into()),
        ..Default::default()
    }
    .to_request()?;
    assert_eq!(request.url, "https://api.github.com/app/hook/config");
    assert_eq!(
        request.body,
        Some(Body::Json(
            r#"{"url":"https://example.com/hook","content_type":"json"}"#.into()
        ))
    );

    // An enum, a `type` body property, and a path integer.
    let request = gh::issues::Update {
        state: Some(gh::models::OpenOrClosed::Closed),
        r#type: Some(serde_json::from_value(json!("Bug")).unwrap()),
        ..gh::issues::Update::new("octocat", "hello", 7)
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/repos/octocat/hello/issues/7"
    );
    assert_eq!(
        request.body,
        Some(Body::Json(r#"{"state":"closed","type":"Bug"}"#.into()))
    );

    // An enum in the path.
    let request = gh::packages::GetPackageForOrganization {
        package_type: gh::models::PackageType::Container,
        package_name: "app".into(),
        org: "acme".into(),
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/orgs/acme/packages/container/app"
    );

    // A file as the body, query parameters on a POST and the uploads URL,
    // which a base URL of the endpoint moves to that server's own uploads,
    // and its uploads URL anywhere.
    let upload = gh::repos::UploadReleaseAsset {
        owner: "octocat".into(),
        repo: "hello".into(),
        release_id: 1,
        name: "a b.zip".into(),
        label: None,
        body: Some(endpoint::body::File::new("bytes")),
    };
    let ghe =
        Endpoint::default().defaults(json!({ "baseUrl": "https://ghe.example.com/api/v3" }))?;
    for (request, uploads) in [
        (upload.to_request()?, "https://uploads.github.com"),
        (
            upload.to_request_with(&ghe)?,
            "https://ghe.example.com/api/uploads",
        ),
    ] {
        assert_eq!(
            request.url,
            format!("{uploads}/repos/octocat/hello/releases/1/assets?name=a%20b.zip")
        );
        assert_eq!(request.body, Some(Body::Bytes(b"bytes".to_vec())));
        // With no media type of its own, the file is the operation's.
        assert_eq!(
            request.headers.get("content-type"),
            Some("application/octet-stream")
        );
    }
    let zip = gh::repos::UploadReleaseAsset {
        body: Some(endpoint::body::File::new("PK").content_type("application/zip")),
        ..upload.clone()
    };
    assert_eq!(
        zip.to_request()?.headers.get("content-type"),
        Some("application/zip")
    );
    let ghe = ghe.with_server("https://uploads.github.com", "https://files.example.com/up")?;
    assert_eq!(
        upload.to_request_with(&ghe)?.url,
        "https://files.example.com/up/repos/octocat/hello/releases/1/assets?name=a%20b.zip"
    );
    Ok(())
}

/// GitHub's uploads server belongs with api.github.com: the crate's own
/// settings tie it to their base URL. Settings of a GitHub Enterprise
/// Server's base URL send a release asset to that server's own uploads
/// (`https://HOST/api/uploads`, as its releases' `upload_url` says), the
/// token with it, and never the token to `uploads.github.com`, whether
/// they are an `Api` or an `Endpoint`, with the credential host check or
/// without.
#[test]
fn uploads_follow_a_github_enterprise_base_url() -> Result<(), Error> {
    const ASSET: &str = "/repos/octocat/hello/releases/1/assets?name=a.zip";
    let upload = gh::repos::UploadReleaseAsset::new("octocat", "hello", 1, "a.zip");
    let token = |base: &str| -> Result<endpoint::Api, Error> {
        Ok(endpoint::Api::new(base)?
            .header("authorization", "token secret")?
            .with_credential_host_check(true))
    };
    let ghe = token("https://ghe.example.com:8443/api/v3")?;
    let endpoint = Endpoint::from_api(&ghe);
    for request in [
        upload.to_request_with(&ghe)?,
        upload.to_request_with(&ghe.with_credential_host_check(false))?,
        upload.to_request_with(&endpoint)?,
        upload.to_request_with(&endpoint.with_credential_host_check(false))?,
    ] {
        assert_eq!(
            request.url,
            format!("https://ghe.example.com:8443/api/uploads{ASSET}")
        );
        assert_eq!(request.headers.get("authorization"), Some("token secret"));
    }
    // On GitHub's own base URL, GitHub's uploads server, with the token.
    let dotcom = token("https://api.github.com")?;
    for request in [
        upload.to_request()?,
        upload.to_request_with(&dotcom)?,
        upload.to_request_with(&Endpoint::from_api(&dotcom))?,
    ] {
        assert_eq!(request.url, format!("https://uploads.github.com{ASSET}"));
    }
    // Settings sending the uploads elsewhere themselves are followed.
    let proxied = ghe.with_server("https://uploads.github.com", "https://up.example.com")?;
    let request = upload.to_request_with(&proxied)?;
    assert_eq!(request.url, format!("https://up.example.com{ASSET}"));
    assert_eq!(request.headers.get("authorization"), Some("token secret"));
    Ok(())
}

/// Multi-segment path parameters: their `/` reach the wire as they are,
/// every other reserved character encoded, dot and empty segments refused.
#[test]
fn multi_segment_parameters() -> Result<(), Error> {
    let get_ref = |r#ref: &str| {
        gh::git::GetRef {
            owner: "o".into(),
            repo: "r".into(),
            r#ref: r#ref.into(),
        }
        .to_request()
    };
    assert_eq!(
        get_ref("heads/feature-a")?.url,
        "https://api.github.com/repos/o/r/git/ref/heads/feature-a"
    );
    let content = |path: &str| {
        gh::repos::GetContent {
            owner: "o".into(),
            repo: "r".into(),
            path: path.into(),
            r#ref: Some("heads/main".into()),
        }
        .to_request()
    };
    // `ref` is also a query parameter here: one value, `/` encoded.
    assert_eq!(
        content("docs/a b?.md")?.url,
        "https://api.github.com/repos/o/r/contents/docs/a%20b%3F.md?ref=heads%2Fmain"
    );
    assert_eq!(
        content("")?.url,
        "https://api.github.com/repos/o/r/contents/?ref=heads%2Fmain"
    );
    assert_eq!(
        content("#[x]%/ü")?.url,
        "https://api.github.com/repos/o/r/contents/%23%5Bx%5D%25/%C3%BC?ref=heads%2Fmain"
    );
    for path in ["..", ".", "docs/../../../user", "docs/./a"] {
        let err = content(path).unwrap_err();
        assert!(
            matches!(&err, Error::Expansion { variable, .. } if variable == "path"),
            "{path:?}: {err:?}"
        );
        assert_eq!(
            err.to_string(),
            "cannot expand `path`: a multi-segment value cannot hold a `.` or `..` segment"
        );
    }
    let err = get_ref("heads//main").unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot expand `ref`: a multi-segment value cannot hold an empty segment (a leading, \
         trailing or doubled `/`)"
    );
    // On a route with a body, and after the parameter, the path goes on.
    let request = gh::repos::UpdateBranchProtection {
        owner: "o".into(),
        repo: "r".into(),
        enforce_admins: Some(true),
        ..gh::repos::UpdateBranchProtection::new("o", "r", "release/1.x")
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/repos/o/r/branches/release/1.x/protection"
    );
    Ok(())
}

/// The enums' conversions, the same open enum for a request's parameter
/// and an answer's field, and the former names of renamed operations.
#[test]
fn enums_and_aliases() {
    use gh::models::OpenOrClosedOrAll as State;

    assert_eq!(State::Closed.to_string(), "closed");
    assert_eq!("all".parse::<State>(), Ok(State::All));
    assert_eq!(State::Closed.as_str(), "closed");
    assert_eq!(
        serde_json::to_value(State::Closed).unwrap(),
        json!("closed")
    );
    assert_eq!(
        serde_json::from_value::<State>(json!("all")).unwrap(),
        State::All
    );
    // An open enum: a value GitHub adds later is kept, and sent back as it
    // was read.
    let shut = serde_json::from_value::<State>(json!("shut")).unwrap();
    assert_eq!(shut.as_str(), "shut");
    assert_eq!(serde_json::to_value(&shut).unwrap(), json!("shut"));
    assert!(serde_json::from_value::<State>(json!(1)).is_err());
    // `issues::Update`'s `state` is the type of an answer's milestone state.
    let update = gh::issues::Update {
        state: Some(gh::models::OpenOrClosed::Open),
        ..gh::issues::Update::new("o", "r", 1)
    };
    let milestone: gh::models::Milestone = serde_json::from_value(json!({
        "url": "https://x.test/u", "html_url": "https://x.test/h",
        "labels_url": "https://x.test/l", "id": 1, "node_id": "n",
        "number": 1, "state": "open", "title": "t", "description": null, "creator": null,
        "open_issues": 0, "closed_issues": 0, "created_at": "2024-01-01T00:00:00Z",
        "updated_at": "2024-01-01T00:00:00Z",
        "closed_at": null, "due_on": null
    }))
    .unwrap();
    assert_eq!(update.state, Some(milestone.state));

    // `users/list-blocked-by-authenticated` was renamed on 2021-10-05.
    #[allow(deprecated)]
    let former = gh::users::ListBlockedByAuthenticated {
        per_page: Some(5),
        ..Default::default()
    };
    assert_eq!(
        former,
        gh::users::ListBlockedByAuthenticatedUser {
            per_page: Some(5),
            page: None,
        }
    );
}

/// Every struct's requests built with the endpoint of a client's settings,
/// random and recognisable: no value of a setting in a URL or a body, each
/// only in its own header, the credentials only in `authorization`.
#[cfg(feature = "ureq")]
mod settings {
    use std::cell::RefCell;

    use base64::prelude::{BASE64_STANDARD, Engine as _};
    use endpoint::client::ClientBuilder;
    use endpoint::client::ureq::Client;
    use endpoint::{Endpoint, Error, Request, TypedRequest};
    use proptest::prelude::*;

    use super::{COMPARED, Outcome, checks, compare_pair, value};

    /// The API a client is for.
    #[derive(Debug, Clone)]
    enum Api {
        GitHub,
        Enterprise(String),
        /// Another API, with its uploads URL.
        Other(String),
    }

    /// How a client authenticates.
    #[derive(Debug, Clone)]
    enum Auth {
        None,
        Token(String),
        Bearer(String),
        Basic(String, String),
    }

    /// A client's settings, as given to its builder.
    #[derive(Debug, Clone)]
    struct Given {
        api: Api,
        auth: Auth,
        user_agent: Option<String>,
        api_version: Option<String>,
        accept: Option<String>,
        header: Option<(String, String)>,
    }

    impl Given {
        fn builder(&self) -> ClientBuilder<Client> {
            let mut builder = match &self.api {
                Api::GitHub => Client::github(),
                Api::Enterprise(host) => Client::builder().github_enterprise(host),
                Api::Other(host) => Client::builder()
                    .base_url(format!("https://{host}/v1"))
                    .operation_server(
                        "https://uploads.github.com",
                        format!("https://uploads.{host}"),
                    ),
            };
            builder = match &self.auth {
                Auth::None => builder,
                Auth::Token(token) => builder.token(token),
                Auth::Bearer(token) => builder.bearer(token),
                Auth::Basic(user, password) => builder.basic(user, password),
            };
            if let Some(user_agent) = &self.user_agent {
                builder = builder.user_agent(user_agent);
            }
            if let Some(version) = &self.api_version {
                builder = builder.api_version(version);
            }
            if let Some(accept) = &self.accept {
                builder = builder.accept(accept);
            }
            if let Some((name, value)) = &self.header {
                builder = builder.header(name, value);
            }
            builder
        }
    }

    /// The endpoint of some settings, and where each of their values may be.
    struct Settings {
        endpoint: Endpoint,
        /// Each value set, and the one header it may be in (`None`: none).
        values: Vec<(String, Option<String>)>,
        /// The headers every request has, with their values.
        headers: Vec<(String, String)>,
        /// Whether a request may have an `authorization` header.
        authorization: bool,
    }

    impl Settings {
        fn new(given: &Given) -> Settings {
            let endpoint = given.builder().build_endpoint().expect("valid settings");
            let mut values = Vec::new();
            let mut headers = Vec::new();
            let mut own = |name: &str, value: &str| {
                values.push((value.to_owned(), Some(name.to_owned())));
                headers.push((name.to_owned(), value.to_owned()));
            };
            match &given.auth {
                Auth::None => {}
                Auth::Token(token) | Auth::Bearer(token) => {
                    own("authorization", &format!("Bearer {token}"));
                }
                Auth::Basic(user, password) => {
                    let encoded = BASE64_STANDARD.encode(format!("{user}:{password}"));
                    own("authorization", &format!("Basic {encoded}"));
                }
            }
            if let Some(user_agent) = &given.user_agent {
                own("user-agent", user_agent);
            }
            if let Some(version) = &given.api_version {
                own("x-github-api-version", version);
            }
            if let Some(accept) = &given.accept {
                own("accept", accept);
            }
            if let Some((name, value)) = &given.header {
                own(name, value);
            }
            // The credentials themselves: only inside `authorization`, and
            // in no other header, URL or body.
            match &given.auth {
                Auth::None => {}
                Auth::Token(token) | Auth::Bearer(token) => {
                    values.push((token.clone(), Some("authorization".to_owned())));
                }
                Auth::Basic(user, password) => {
                    values.push((user.clone(), None));
                    values.push((password.clone(), None));
                    let encoded = BASE64_STANDARD.encode(format!("{user}:{password}"));
                    values.push((encoded, Some("authorization".to_owned())));
                }
            }
            Settings {
                endpoint,
                values,
                headers,
                authorization: !matches!(given.auth, Auth::None),
            }
        }

        /// Where `request` breaks the rules, if it does.
        fn misplaced(&self, request: &Request) -> Option<String> {
            let url = percent_decoded(&request.url);
            let body = request.body.as_ref().map(|body| body.as_str());
            for (value, header) in &self.values {
                if request.url.contains(value.as_str()) || url.contains(value.as_str()) {
                    return Some(format!("the URL {} holds `{value}`", request.url));
                }
                if body.is_some_and(|body| body.contains(value.as_str())) {
                    return Some(format!("the body {body:?} holds `{value}`"));
                }
                for (name, text) in request.headers.iter() {
                    if Some(name) != header.as_deref() && text.contains(value.as_str()) {
                        return Some(format!("the header {name}: {text} holds `{value}`"));
                    }
                }
            }
            for (name, expected) in &self.headers {
                if request.headers.get(name) != Some(expected.as_str()) {
                    return Some(format!(
                        "{name}: {:?}, not the setting's {expected:?}",
                        request.headers.get(name)
                    ));
                }
            }
            if !self.authorization && request.headers.contains("authorization") {
                return Some("an authorization header without credentials".to_owned());
            }
            None
        }
    }

    thread_local! {
        /// The settings the checks build with, inside [`with`].
        static SETTINGS: RefCell<Option<Settings>> = const { RefCell::new(None) };
    }

    /// Runs `run` with the checks building with `settings`.
    fn with<T>(settings: Settings, run: impl FnOnce() -> T) -> T {
        /// Puts the global defaults back, also when `run` panics.
        struct Reset;
        impl Drop for Reset {
            fn drop(&mut self) {
                SETTINGS.set(None);
            }
        }
        SETTINGS.set(Some(settings));
        let _reset = Reset;
        run()
    }

    /// The check of one variant inside [`with`]: the typed request is built
    /// and breaks no rule, and equals the dynamic one (which breaks none
    /// either) unless the dynamic route names the default uploads URL, an
    /// origin the endpoint refuses to send credentials to. `None` outside
    /// [`with`].
    pub(super) fn check<R: TypedRequest>(
        route: &str,
        variant: &str,
        options: &str,
        typed: &R,
    ) -> Option<Outcome> {
        SETTINGS.with_borrow(|settings| {
            let settings = settings.as_ref()?;
            let typed = typed.to_request_with(&settings.endpoint);
            // A struct that asks for its own media types (a text or HTML
            // answer) sends the `accept` of the settings when they have
            // one: the dynamic request leaves the operation's out then.
            let mut options = value(options);
            if settings.headers.iter().any(|(name, _)| name == "accept")
                && let Some(headers) = options
                    .get_mut("headers")
                    .and_then(serde_json::Value::as_object_mut)
            {
                headers.remove("accept");
            }
            let dynamic = settings.endpoint.endpoint(route, options.clone());
            let options = &options.to_string();
            let outcome = (|| {
                let typed = typed.map_err(|err| format!("{route} ({variant}): {err}"))?;
                if let Some(wrong) = settings.misplaced(&typed) {
                    return Err(format!("{route} ({variant}): {wrong}"));
                }
                if let Ok(dynamic) = &dynamic
                    && let Some(wrong) = settings.misplaced(dynamic)
                {
                    return Err(format!("{route} ({variant}), dynamic: {wrong}"));
                }
                if route.contains("://") {
                    COMPARED.set(COMPARED.get() + 1);
                    Ok(())
                } else {
                    compare_pair(route, variant, options, Ok(typed), dynamic)
                }
            })();
            Some(outcome)
        })
    }

    /// `url` with its `%XX` escapes decoded, where they decode to UTF-8.
    fn percent_decoded(url: &str) -> String {
        let bytes = url.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| char::from(b).to_digit(16);
            match (
                bytes[i],
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            ) {
                (b'%', Some(high), Some(low)) => {
                    out.push(u8::try_from(high * 16 + low).unwrap_or(b'%'));
                    i += 3;
                }
                (byte, _, _) => {
                    out.push(byte);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Recognisable settings: every value has a prefix of its own and a
    /// random part no sample value of the checks holds.
    fn given() -> impl Strategy<Value = Given> {
        let host = "[a-z]{3,8}\\.example";
        let api = prop_oneof![
            Just(Api::GitHub),
            host.prop_map(|host| Api::Enterprise(format!("ghe.{host}"))),
            host.prop_map(|host| Api::Other(format!("api.{host}"))),
        ];
        let secret = "[A-Za-z0-9_.~-]{12,32}";
        let auth = prop_oneof![
            Just(Auth::None),
            secret.prop_map(|token| Auth::Token(format!("ghp_{token}"))),
            secret.prop_map(|token| Auth::Bearer(format!("jwt.{token}"))),
            ("[a-z0-9]{6,12}", secret).prop_map(|(user, password)| Auth::Basic(
                format!("user-{user}"),
                format!("pw-{password}")
            )),
        ];
        let header = ("[a-z]{4,10}", secret)
            .prop_map(|(name, value)| (format!("x-tenant-{name}"), format!("hv-{value}")));
        (
            api,
            auth,
            proptest::option::of("[A-Za-z0-9_.~-]{8,24}/[0-9]\\.[0-9]{1,2}"),
            proptest::option::of("20[3-9][0-9]-[01][0-9]-[0-3][0-9]~[a-z0-9]{6}"),
            proptest::option::of("application/vnd\\.[a-z]{6,12}\\+json"),
            proptest::option::of(header),
        )
            .prop_map(|(api, auth, user_agent, api_version, accept, header)| {
                // `api_version` is GitHub's header: an error for another API.
                let api_version = api_version.filter(|_| !matches!(api, Api::Other(_)));
                Given {
                    api,
                    auth,
                    user_agent: user_agent.map(|agent| format!("app-{agent}")),
                    api_version,
                    accept,
                    header,
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// Every variant of every check, with random settings.
        #[test]
        fn no_setting_reaches_a_url_or_a_body_of_any_struct(given in given()) {
            let before = COMPARED.get();
            let failures: Vec<String> = with(Settings::new(&given), || {
                checks::CHECKS
                    .iter()
                    .filter_map(|(id, check)| check().err().map(|err| format!("{id}: {err}")))
                    .take(5)
                    .collect()
            });
            prop_assert!(failures.is_empty(), "{given:?}:\n{}", failures.join("\n"));
            prop_assert_eq!(COMPARED.get() - before, checks::COMPARISONS);
        }
    }

    /// The rules see a value where it does not belong.
    #[test]
    fn misplaced_values_are_found() {
        let given = Given {
            api: Api::GitHub,
            auth: Auth::Basic("user-me".into(), "pw-s3cr3t".into()),
            user_agent: Some("app-x/1.0".into()),
            api_version: None,
            accept: None,
            header: Some(("x-tenant-a".into(), "hv-42".into())),
        };
        let settings = Settings::new(&given);
        let built = |route: &str, options: serde_json::Value| -> Result<Request, Error> {
            settings.endpoint.endpoint(route, options)
        };
        let fine = built(
            "GET /repos/{owner}/{repo}",
            serde_json::json!({"owner": "o", "repo": "r"}),
        );
        assert_eq!(settings.misplaced(&fine.unwrap()), None);
        for (route, options) in [
            ("GET /search/{q}", serde_json::json!({"q": "pw-s3cr3t"})),
            ("GET /search", serde_json::json!({"q": "a hv-42 b"})),
            ("POST /notes", serde_json::json!({"text": "user-me"})),
            ("GET /users/{u}", serde_json::json!({"u": "app-x/1.0"})),
            (
                "GET /users",
                serde_json::json!({"headers": {"x-other": "pw-s3cr3t"}}),
            ),
            (
                "GET /users",
                serde_json::json!({"headers": {"user-agent": "another"}}),
            ),
        ] {
            let request = built(route, options.clone()).unwrap();
            assert!(settings.misplaced(&request).is_some(), "{route} {options}");
        }
    }
}
