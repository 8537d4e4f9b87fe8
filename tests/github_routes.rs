//! Every struct of `endpoint-github`, GitHub's REST API as typed requests,
//! checked against the dynamic runtime.
//!
//! `github_routes/checks.rs` (one check per operation) is generated with the
//! crate by `cargo run -p xtask -- github`; regenerate it instead of editing
//! it. A check builds the struct with deterministic sample values, once with
//! every field and once with only the required ones, and compares
//! `to_request()` with `Endpoint::default().endpoint(route, options)` for
//! the same values, where `options` is the JSON object of the wire names.
//! Four kinds of operation need a different dynamic call, because the
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
//! - a multi-segment path parameter (`GET .../git/ref/{ref}`, the field
//!   `#[endpoint(multi_segment)]`): the dynamic route has `{/ref*}` and the
//!   value is the list of its `/`-separated pieces, which writes the same
//!   segments;
//! - the operation on the uploads URL (`#[endpoint(uploads)]`): the dynamic
//!   route names the default one, `https://uploads.github.com`.

#[path = "github_routes/checks.rs"]
mod checks;

use std::cell::Cell;

use endpoint::{Body, Endpoint, Error, Request};
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

/// Compares a typed request with the dynamic request for `route` and the
/// JSON `options`.
fn compare(route: &str, variant: &str, options: &str, typed: Result<Request, Error>) -> Outcome {
    COMPARED.set(COMPARED.get() + 1);
    let dynamic = Endpoint::default().endpoint(route, value(options));
    match (typed, dynamic) {
        (Ok(typed), Ok(dynamic)) if typed == dynamic => Ok(()),
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
    assert!(compare("GET /user", "test", "{}", typed).is_ok());
    let typed = Endpoint::default().endpoint("GET /user", json!({ "page": 2 }));
    assert!(compare("GET /user", "test", "{}", typed).is_err());
    let typed = Endpoint::default().endpoint("GET /user", json!({}));
    assert!(compare("GET /user", "test", r#"{"page":2}"#, typed).is_err());
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

/// Every struct implements `Default`: the fields left out are `None`, and
/// send nothing.
#[test]
fn default_fills_the_fields_left_out() -> Result<(), Error> {
    let list = gh::issues::ListForRepo {
        owner: "o".into(),
        repo: "r".into(),
        per_page: Some(100),
        ..Default::default()
    };
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
        owner: "octocat".into(),
        repo: "hello-world".into(),
        state: Some(gh::issues::State::Open),
        labels: Some("bug".into()),
        ..Default::default()
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
        enterprise: "acme".into(),
        enterprise_team: "core".into(),
        per_page: Some(10),
        ..Default::default()
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
        owner: "octocat".into(),
        repo: "hello".into(),
        issue_number: 7,
        state: Some(gh::issues::UpdateState::Closed),
        r#type: Some(json!("Bug")),
        ..Default::default()
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
        package_type: gh::packages::PackageType::Container,
        package_name: "app".into(),
        org: "acme".into(),
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/orgs/acme/packages/container/app"
    );

    // A raw body, query parameters on a POST and the uploads URL, which a
    // base URL of the endpoint does not change, and its uploads URL does.
    let upload = gh::repos::UploadReleaseAsset {
        owner: "octocat".into(),
        repo: "hello".into(),
        release_id: 1,
        name: "a b.zip".into(),
        label: None,
        data: Some("bytes".into()),
    };
    let ghe =
        Endpoint::default().defaults(json!({ "baseUrl": "https://ghe.example.com/api/v3" }))?;
    for request in [upload.to_request()?, upload.to_request_with(&ghe)?] {
        assert_eq!(
            request.url,
            "https://uploads.github.com/repos/octocat/hello/releases/1/assets?name=a%20b.zip"
        );
        assert_eq!(request.body, Some(Body::Text("bytes".into())));
    }
    let ghe = ghe.with_uploads_url("https://ghe.example.com/api/uploads")?;
    assert_eq!(
        upload.to_request_with(&ghe)?.url,
        "https://ghe.example.com/api/uploads/repos/octocat/hello/releases/1/assets?name=a%20b.zip"
    );
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
        branch: "release/1.x".into(),
        enforce_admins: true,
        ..Default::default()
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://api.github.com/repos/o/r/branches/release/1.x/protection"
    );
    Ok(())
}

/// The enums' conversions and the former names of renamed operations.
#[test]
fn enums_and_aliases() {
    use gh::issues::State;

    assert_eq!(State::default(), State::Open);
    assert_eq!(State::Closed.to_string(), "closed");
    assert_eq!("all".parse::<State>(), Ok(State::All));
    assert_eq!(State::ALL.len(), State::VALUES.len());
    assert_eq!(
        serde_json::to_value(State::Closed).unwrap(),
        json!("closed")
    );
    assert_eq!(
        serde_json::from_value::<State>(json!("all")).unwrap(),
        State::All
    );
    let err = serde_json::from_value::<State>(json!("shut")).unwrap_err();
    assert!(
        err.to_string().contains("`shut` is not a value of `State`"),
        "{err}"
    );
    assert!(serde_json::from_value::<State>(json!(1)).is_err());

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
