//! `endpoint::client::ClientBuilder`, the typed configuration of both
//! clients: what each setting sends, every bad input as an error of
//! `build()` naming the setting (and no request sent), no setting's value in
//! any URL or body, no secret in `Debug`, a client for an API that is not
//! GitHub end to end, and the transport's errors.

use crate::server;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::time::{Duration, Instant};

use endpoint::client::{self, ClientBuilder, Clock, Error, Retry};
use endpoint::{Endpoint, Request};
use endpoint_github as gh;
use proptest::prelude::*;
use serde_json::{Value, json};

use server::{Answer, Server};

type Ureq = client::ureq::Client;
type Reqwest = client::reqwest::Client;

const TOKEN: &str = "ghp_0123456789abcdef";

/// The request `GET /stores/{id}` of `builder`'s endpoint.
fn store_request(builder: &ClientBuilder<Ureq>) -> Request {
    builder
        .build_endpoint()
        .expect("valid settings")
        .endpoint("GET /stores/{id}", json!({"id": 42}))
        .expect("a request")
}

/// A builder of a client of any API on `base_url`.
fn any_api(base_url: &str) -> ClientBuilder<Ureq> {
    Ureq::builder().base_url(base_url)
}

// One test per setting.

#[test]
fn base_url_is_where_routes_go_with_json_and_no_github_header() {
    let request = store_request(&any_api("http://127.0.0.1:8080/v1/"));
    assert_eq!(request.url, "http://127.0.0.1:8080/v1/stores/42");
    assert_eq!(request.headers.get("accept"), Some("application/json"));
    assert_eq!(
        request.headers.get("user-agent"),
        Some(client::DEFAULT_USER_AGENT)
    );
    assert_eq!(client::DEFAULT_USER_AGENT, endpoint::USER_AGENT);
    assert_eq!(request.headers.get("x-github-api-version"), None);
    assert_eq!(request.headers.get("authorization"), None);
}

#[test]
fn github_is_chosen_not_a_default() {
    let error = Ureq::builder().token(TOKEN).build().unwrap_err();
    assert!(
        matches!(
            error,
            Error::Config {
                setting: "base_url",
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("github()"), "{error}");
    assert!(!error.to_string().contains(TOKEN));

    let github = Ureq::github().build().unwrap();
    let request = github
        .endpoint()
        .endpoint(
            "GET /repos/{owner}/{repo}",
            json!({"owner": "o", "repo": "r"}),
        )
        .unwrap();
    assert_eq!(request.url, "https://api.github.com/repos/o/r");
    assert_eq!(
        request.headers.get("accept"),
        Some("application/vnd.github.v3+json")
    );
    assert_eq!(
        request.headers.get("x-github-api-version"),
        Some(client::DEFAULT_GITHUB_API_VERSION)
    );
    assert_eq!(uploads_url(github.endpoint()), "https://uploads.github.com");
    // `Client::github()` is `builder().github()`.
    assert_eq!(
        format!("{:?}", Ureq::github()),
        format!("{:?}", Ureq::builder().github())
    );
    // GitHub's headers on another host: a proxy, a test server.
    let request = store_request(&Ureq::github().base_url("http://127.0.0.1:9/api"));
    assert_eq!(request.url, "http://127.0.0.1:9/api/stores/42");
    assert_eq!(
        request.headers.get("x-github-api-version"),
        Some("2022-11-28")
    );
}

#[test]
fn github_enterprise_has_its_api_and_uploads_urls() {
    let ghe = Ureq::builder()
        .github_enterprise("ghe.example.com")
        .token(TOKEN)
        .build()
        .unwrap();
    let endpoint = ghe.endpoint();
    assert_eq!(uploads_url(endpoint), "https://ghe.example.com/api/uploads");
    let request = gh::repos::Get::new("o", "r")
        .to_request_with(endpoint)
        .unwrap();
    assert_eq!(request.url, "https://ghe.example.com/api/v3/repos/o/r");
    assert_eq!(
        request.headers.get("x-github-api-version"),
        Some("2022-11-28")
    );
    let upload = gh::repos::UploadReleaseAsset::new("o", "r", 1, "a.zip")
        .to_request_with(endpoint)
        .unwrap();
    assert_eq!(
        upload.url,
        "https://ghe.example.com/api/uploads/repos/o/r/releases/1/assets?name=a.zip"
    );
    // The token goes to the uploads host, and to no other.
    assert_eq!(
        upload.headers.get("authorization"),
        Some(format!("Bearer {TOKEN}").as_str())
    );
    let error = endpoint
        .endpoint("GET https://elsewhere.example/x", json!({}))
        .unwrap_err();
    assert!(
        matches!(error, endpoint::Error::CredentialsHost { .. }),
        "{error:?}"
    );
}

#[test]
fn uploads_url_is_set() {
    let builder = Ureq::github().uploads_url("https://up.example.com/u");
    assert_eq!(
        uploads_url(&builder.build_endpoint().unwrap()),
        "https://up.example.com/u"
    );
}

#[test]
fn only_an_api_with_an_uploads_server_has_an_uploads_url() {
    // Another API has no uploads server: the setting is an error naming it,
    // and its builder shows no uploads.
    let other = Ureq::builder().base_url("https://api.example.com");
    assert!(!format!("{other:?}").contains("uploads"), "{other:?}");
    let error = other
        .uploads_url("https://up.example.com")
        .build_endpoint()
        .unwrap_err();
    assert!(
        matches!(
            error,
            Error::Config {
                setting: "uploads_url",
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("operation_server"), "{error}");
    // GitHub's rules carry its uploads server, whatever the base URL.
    let proxied = Ureq::builder()
        .base_url("http://127.0.0.1:9/api")
        .policy(client::GitHubPolicy)
        .uploads_url("http://127.0.0.1:9/up");
    assert_eq!(
        uploads_url(&proxied.build_endpoint().unwrap()),
        "http://127.0.0.1:9/up"
    );
    // The last uploads setting wins, as before.
    let ghe = Ureq::github()
        .uploads_url("https://up.example.com/u")
        .github_enterprise("ghe.example.com");
    assert_eq!(
        uploads_url(&ghe.build_endpoint().unwrap()),
        "https://ghe.example.com/api/uploads"
    );
}

/// Where `endpoint` sends GitHub's uploads: the URL of a release asset's
/// upload, less its path.
fn uploads_url(endpoint: &endpoint::Endpoint) -> String {
    let upload = gh::repos::UploadReleaseAsset::new("o", "r", 1, "a");
    let url = upload.to_request_with(endpoint).unwrap().url;
    url.strip_suffix("/repos/o/r/releases/1/assets?name=a")
        .unwrap_or_else(|| panic!("{url}"))
        .to_owned()
}

#[test]
fn operation_servers_are_set() {
    let endpoint = any_api("https://api.example.com/v1")
        .operation_server("https://files.example.com", "https://files.test.example/f/")
        .operation_server("/v2", "/v3")
        .build_endpoint()
        .unwrap();
    let moved = endpoint
        .with_server("https://files.example.com", "https://files.test.example/f")
        .unwrap()
        .with_server("/v2", "/v3")
        .unwrap();
    assert_eq!(format!("{endpoint:?}"), format!("{moved:?}"));
    // The credentials go to the URL set, as to the base URL.
    let origins = endpoint_runtime::sibling::credential_origins(&endpoint);
    let shown: Vec<String> = origins.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        ["https://api.example.com", "https://files.test.example"]
    );
    // `github_enterprise` sends GitHub's uploads host to its own.
    let ghe = Ureq::builder()
        .github_enterprise("ghe.example.com")
        .build_endpoint()
        .unwrap();
    let declared = ghe
        .with_server(
            "https://uploads.github.com",
            "https://ghe.example.com/api/uploads",
        )
        .unwrap();
    assert_eq!(format!("{ghe:?}"), format!("{declared:?}"));
}

#[test]
fn token_and_bearer_send_a_bearer_token() {
    for builder in [
        any_api("http://127.0.0.1:9").token(format!("  {TOKEN}\n")),
        any_api("http://127.0.0.1:9").bearer(TOKEN),
    ] {
        let request = store_request(&builder);
        assert_eq!(
            request.headers.get("authorization"),
            Some(format!("Bearer {TOKEN}").as_str())
        );
    }
}

#[test]
fn basic_sends_the_user_and_password() {
    let request = store_request(&any_api("http://127.0.0.1:9").basic("Aladdin", "open sesame"));
    assert_eq!(
        request.headers.get("authorization"),
        Some("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    );
}

#[test]
fn user_agent_api_version_accept_and_header() {
    let request = store_request(
        &Ureq::github()
            .base_url("http://127.0.0.1:9")
            .user_agent("my-app/1.0")
            .api_version("2026-03-10")
            .accept("application/vnd.github.raw+json")
            .header("X-Tenant", "shop-42")
            .header("x-tenant", "shop-43"),
    );
    assert_eq!(request.headers.get("user-agent"), Some("my-app/1.0"));
    assert_eq!(
        request.headers.get("x-github-api-version"),
        Some("2026-03-10")
    );
    assert_eq!(
        request.headers.get("accept"),
        Some("application/vnd.github.raw+json")
    );
    assert_eq!(request.headers.get("x-tenant"), Some("shop-43"));
    // A header overrides what other settings give it.
    let request = store_request(&any_api("http://127.0.0.1:9").header("accept", "text/csv"));
    assert_eq!(request.headers.get("accept"), Some("text/csv"));
}

#[test]
fn timeouts_apply_to_both_backends() {
    // A server that accepts connections and never answers.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    let held = std::thread::spawn(move || {
        let mut open = Vec::new();
        for stream in listener.incoming().take(2).flatten() {
            open.push(stream);
        }
        std::thread::sleep(Duration::from_secs(3));
    });
    let settings = |builder: ClientBuilder<Ureq>| {
        builder
            .base_url(&base_url)
            .no_proxy()
            .timeout(Duration::from_millis(300))
            .connect_timeout(Duration::from_millis(300))
            // One try each: retries of timeouts are tested with retries.
            .retry(Retry::never())
    };
    let started = Instant::now();
    let blocking = settings(Ureq::builder()).build().unwrap();
    let request = blocking
        .endpoint()
        .endpoint("GET /slow", json!({}))
        .unwrap();
    let error = blocking.execute::<Value>(request).unwrap_err();
    assert!(matches!(error, Error::Transport { .. }), "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(3), "{error}");

    let started = Instant::now();
    let builder: ClientBuilder<Reqwest> = Reqwest::builder()
        .base_url(&base_url)
        .no_proxy()
        .timeout(Duration::from_millis(300))
        .retry(Retry::never());
    let nonblocking = builder.build().unwrap();
    let request = nonblocking
        .endpoint()
        .endpoint("GET /slow", json!({}))
        .unwrap();
    let error = runtime()
        .block_on(nonblocking.execute::<Value>(request))
        .unwrap_err();
    assert!(matches!(error, Error::Transport { .. }), "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(3), "{error}");
    assert!(error.to_string().contains("timed out"), "{error}");
    held.join().unwrap();
}

// Every bad input: an error of `build()` naming the setting, no panic, no
// request.

/// Every bad input, for a builder of either backend: the builder, the
/// setting the error must name, and what its message must say.
fn bad_settings<C>(base: &str) -> Vec<(ClientBuilder<C>, &'static str, &'static str)> {
    let new = ClientBuilder::<C>::new;
    let any = |url: &str| ClientBuilder::<C>::new().base_url(url);
    vec![
        (new(), "base_url", "is not set"),
        (any("127.0.0.1:8080/v1"), "base_url", "has no scheme"),
        (any(&format!("{base}/v1?x=1")), "base_url", "has a query"),
        (any(&format!("{base}/v1#top")), "base_url", "has a fragment"),
        (any("ftp://127.0.0.1/v1"), "base_url", "is not http(s)"),
        (any(""), "base_url", "is empty"),
        (any("http://"), "base_url", "has no host"),
        (any("http://me:pw@127.0.0.1/"), "base_url", "has user info"),
        (any(&format!("{base}/{{x}}")), "base_url", "holds `{`"),
        (
            new().github_enterprise("ghe.example.com/x"),
            "github_enterprise",
            "is not a host name",
        ),
        (
            new().github().uploads_url("uploads.example"),
            "uploads_url",
            "has no scheme",
        ),
        (
            any(base).operation_server("https://files.example.com", "files.example"),
            "operation_server",
            "has no scheme",
        ),
        (
            any(base).operation_server("https://files.example.com", format!("{base}/f?x=1")),
            "operation_server",
            "has a query",
        ),
        (
            any(base).operation_server("files.example.com", base),
            "operation_server",
            "neither an absolute",
        ),
        (
            any(base).operation_server("https://files.example.com/#x", base),
            "operation_server",
            "has a fragment",
        ),
        (
            any(base).header("x bad", "1"),
            "header",
            "`x bad` is not a valid header name",
        ),
        (
            any(base).header("", "1"),
            "header",
            "is not a valid header name",
        ),
        (
            any(base).header("x-tenant", "a\r\nx-injected: 1"),
            "header",
            "the value of `x-tenant` is not a valid header value",
        ),
        (any(base).token(""), "token", "is empty"),
        (any(base).token("   "), "token", "is empty"),
        (any(base).token("ghp_a b"), "token", "holds white space"),
        (
            any(base).bearer("ghp_\u{7f}"),
            "bearer",
            "not a valid header value",
        ),
        (any(base).basic("a:b", "pw"), "basic", "holds a `:`"),
        (any(base).basic("a", "p\nw"), "basic", "control character"),
        (
            any(base).user_agent("a\nb"),
            "user_agent",
            "not a valid header value",
        ),
        (
            any(base).accept("json\u{1}"),
            "accept",
            "not a valid header value",
        ),
        (
            any(base).api_version("2022-11-28"),
            "api_version",
            "the API's policy names no version header",
        ),
        (
            new().github().api_version("\0"),
            "api_version",
            "not a valid header value",
        ),
        (any(base).timeout(Duration::ZERO), "timeout", "is zero"),
        (
            any(base).connect_timeout(Duration::ZERO),
            "connect_timeout",
            "is zero",
        ),
    ]
}

/// Checks that `error` is the configuration error of `setting`, saying
/// `reason`.
fn assert_config_error(error: &Error, setting: &str, reason: &str) {
    let Error::Config { setting: named, .. } = error else {
        panic!("{setting}: expected a configuration error, got {error:?}");
    };
    assert_eq!(*named, setting, "{error}");
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("invalid client setting `{setting}`: ")),
        "{message}"
    );
    assert!(message.contains(reason), "{setting}: {message}");
}

#[test]
fn bad_settings_are_errors_naming_the_setting() {
    let server = Server::start(|_| Answer::json(200, &json!({})));
    let base = server.base_url();
    let refused = |built: Result<(), Error>, setting: &str| {
        built.expect_err(&format!("`{setting}` should have been refused"))
    };
    for (builder, setting, reason) in bad_settings::<Ureq>(&base) {
        let error = refused(builder.build().map(|_| ()), setting);
        assert_config_error(&error, setting, reason);
        let error = refused(builder.build_endpoint().map(|_| ()), setting);
        assert_config_error(&error, setting, reason);
    }
    for (builder, setting, reason) in bad_settings::<Reqwest>(&base) {
        let error = refused(builder.build().map(|_| ()), setting);
        assert_config_error(&error, setting, reason);
    }
    // Secrets are not in the messages.
    for builder in [
        any_api(&base).token(format!("{TOKEN} x")),
        any_api(&base).basic("a", format!("{TOKEN}\n")),
        any_api(&base).header("x-api-key", format!("{TOKEN}\n")),
    ] {
        let error = builder.build().map(|_| ()).unwrap_err();
        assert!(!error.to_string().contains(TOKEN), "{error}");
        assert!(!format!("{error:?}").contains(TOKEN), "{error:?}");
    }
    assert!(server.requests().is_empty());
}

// No secret in `Debug`.

#[test]
fn debug_shows_no_secret() {
    let builder = Ureq::builder()
        .base_url("http://127.0.0.1:9/v1")
        .token(TOKEN)
        .header("x-api-key", "key_0123456789abcdef")
        .header("x-tenant", "shop-42");
    let shown = format!("{builder:?}");
    assert!(!shown.contains(TOKEN), "{shown}");
    assert!(!shown.contains("key_0123456789abcdef"), "{shown}");
    assert!(shown.contains("<redacted>"), "{shown}");
    assert!(shown.contains("127.0.0.1:9/v1"), "{shown}");
    let blocking = builder.build().unwrap();
    let shown = format!("{blocking:?}");
    assert!(!shown.contains(TOKEN), "{shown}");
    assert!(!shown.contains("key_0123456789abcdef"), "{shown}");
    let shown = format!("{:?}", blocking.endpoint());
    assert!(!shown.contains(TOKEN), "{shown}");

    let basic = Ureq::builder()
        .base_url("http://127.0.0.1:9")
        .basic("me", TOKEN);
    assert!(!format!("{basic:?}").contains(TOKEN));
    assert!(!format!("{:?}", basic.build().unwrap()).contains("Basic"));

    let nonblocking = Reqwest::github().token(TOKEN).build().unwrap();
    let shown = format!("{nonblocking:?}");
    assert!(!shown.contains(TOKEN), "{shown}");
    assert!(!format!("{:?}", Reqwest::github().token(TOKEN)).contains(TOKEN));
}

// No setting's value in any URL or body.

/// Requests of `endpoint-github` structs: every kind of method, with and
/// without bodies, query and path parameters, and the uploads URL.
fn github_requests(endpoint: &Endpoint) -> Vec<Result<Request, endpoint::Error>> {
    // An issue's title: text or a number.
    use gh::models::StringOrInteger as Title;
    let o = || "o-w-n-e-r".to_owned();
    let r = || "r-e-p-o".to_owned();
    vec![
        gh::issues::ListForRepo {
            labels: Some("bug,ui".into()),
            per_page: Some(100),
            ..gh::issues::ListForRepo::new(o(), r())
        }
        .to_request_with(endpoint),
        gh::issues::ListForRepo::new("", "").to_request_with(endpoint),
        gh::issues::Get::new(o(), r(), 7).to_request_with(endpoint),
        gh::issues::Create {
            body: Some("a body ä/+&".into()),
            labels: Some(vec![gh::models::StringOrObject::String("bug".into())]),
            assignees: Some(vec!["octocat".into()]),
            ..gh::issues::Create::new(o(), r(), Title::String("a title".into()))
        }
        .to_request_with(endpoint),
        gh::issues::Create::new("", "", Title::String(String::new())).to_request_with(endpoint),
        gh::issues::Update {
            title: Some(gh::models::StringOrInteger::String("new".into())),
            ..gh::issues::Update::new(o(), r(), 7)
        }
        .to_request_with(endpoint),
        gh::issues::Update::new("", "", 0).to_request_with(endpoint),
        gh::issues::CreateComment::new(o(), r(), 7, "a comment").to_request_with(endpoint),
        gh::issues::AddLabels::new(o(), r(), 7).to_request_with(endpoint),
        gh::issues::SetLabels::new("", "", 0).to_request_with(endpoint),
        gh::issues::Lock::new(o(), r(), 7).to_request_with(endpoint),
        gh::issues::ListComments::new("", "", 0).to_request_with(endpoint),
        gh::issues::ListLabelsForRepo::new("", "").to_request_with(endpoint),
        gh::issues::ListMilestones::new("", "").to_request_with(endpoint),
        gh::issues::CreateLabel::new("", "", "").to_request_with(endpoint),
        gh::issues::CreateMilestone::new("", "", "").to_request_with(endpoint),
        gh::issues::List::default().to_request_with(endpoint),
        gh::issues::ListForAuthenticatedUser::default().to_request_with(endpoint),
        gh::repos::Get::new(o(), r()).to_request_with(endpoint),
        gh::repos::Get::new("", "").to_request_with(endpoint),
        gh::repos::ListForOrg::new("").to_request_with(endpoint),
        gh::repos::ListForAuthenticatedUser::default().to_request_with(endpoint),
        gh::repos::Update {
            description: Some("d".into()),
            ..gh::repos::Update::new(o(), r())
        }
        .to_request_with(endpoint),
        gh::repos::CreateForAuthenticatedUser::new("n").to_request_with(endpoint),
        gh::repos::CreateRelease::new("", "", "").to_request_with(endpoint),
        gh::repos::CreateOrUpdateFileContents::new("", "", "", "", "").to_request_with(endpoint),
        gh::repos::GetContent::new("", "", "").to_request_with(endpoint),
        gh::repos::Delete::new("", "").to_request_with(endpoint),
        gh::repos::UploadReleaseAsset {
            body: Some(endpoint::body::File::new("bytes")),
            ..gh::repos::UploadReleaseAsset::new(o(), r(), 1, "a.zip")
        }
        .to_request_with(endpoint),
        gh::pulls::Create::new("", "", "", "").to_request_with(endpoint),
        gh::search::IssuesAndPullRequests::new("is:open").to_request_with(endpoint),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_setting_reaches_a_url_or_a_body(
        token in "[A-Za-z0-9_.~-]{12,40}",
        user_agent in "[A-Za-z0-9_.~/-]{12,40}",
        header in "[A-Za-z0-9_.~-]{12,40}",
        password in "[A-Za-z0-9_.~-]{12,40}",
        github in any::<bool>(),
        basic in any::<bool>(),
    ) {
        let mut builder = if github {
            Ureq::github()
        } else {
            Ureq::builder().base_url("https://pets.example.com/v1")
        };
        builder = builder.user_agent(&user_agent).header("x-custom", &header);
        builder = if basic { builder.basic("me", &password) } else { builder.token(&token) };
        let endpoint = builder.build_endpoint().unwrap();
        let secrets = [&token, &user_agent, &header, &password];
        let mut built = 0;
        for request in github_requests(&endpoint).into_iter().flatten() {
            built += 1;
            let body = request.body.as_ref().map(|body| body.as_str().to_owned()).unwrap_or_default();
            for secret in secrets {
                prop_assert!(!request.url.contains(secret.as_str()), "{} holds {secret}", request.url);
                prop_assert!(!body.contains(secret.as_str()), "{body} holds {secret}");
            }
            prop_assert_eq!(request.headers.get("user-agent"), Some(user_agent.as_str()));
        }
        prop_assert!(built >= 20, "only {built} requests were built");
        // The dynamic API too, with parameters of every kind.
        for (route, options) in [
            ("GET /stores/{id}", json!({"id": 1, "q": "x"})),
            ("POST /stores", json!({"name": "n", "tags": ["a"]})),
            ("PATCH /stores/{id}", json!({"id": 1, "data": "raw"})),
        ] {
            let request = endpoint.endpoint(route, options).unwrap();
            let body = request.body.as_ref().map(|body| body.as_str().to_owned()).unwrap_or_default();
            for secret in secrets {
                prop_assert!(!request.url.contains(secret.as_str()));
                prop_assert!(!body.contains(secret.as_str()));
            }
        }
    }
}

// An API that is not GitHub, end to end.

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A pet store: `/v1/stores/42` and its pets, in pages linked by `Link`,
/// its errors as `{"error": …}`.
fn pet_store(request: &server::Received) -> Answer {
    let host = request.header("host").to_owned();
    match request.url.as_str() {
        "/v1/stores/42" => Answer::json(200, &json!({"id": 42, "name": "Corner"})),
        "/v1/stores/42/pets" => Answer::json(200, &json!([{"id": 1}, {"id": 2}])).with_header(
            "link",
            &format!("<http://{host}/v1/stores/42/pets?cursor=abc>; rel=\"next\""),
        ),
        "/v1/stores/42/pets?cursor=abc" => Answer::json(200, &json!([{"id": 3}])),
        _ => Answer::json(404, &json!({"error": "no such store"})),
    }
}

#[test]
fn an_api_that_is_not_github_end_to_end() {
    for backend in ["ureq", "reqwest"] {
        let server = Server::start(pet_store);
        let base_url = format!("{}/v1", server.base_url());
        let call = |route: &str| -> Result<Value, Error> {
            match backend {
                "ureq" => {
                    let client = Ureq::builder()
                        .base_url(&base_url)
                        .bearer(TOKEN)
                        .no_proxy()
                        .build()?;
                    let request = client.endpoint().endpoint(route, json!({"id": 42}))?;
                    if route.ends_with("/pets") {
                        let pets: Result<Vec<Value>, Error> =
                            client.paginate_request(request).collect();
                        return pets.map(Value::from);
                    }
                    Ok(client.execute::<Value>(request)?.body)
                }
                _ => {
                    let client = Reqwest::builder()
                        .base_url(&base_url)
                        .bearer(TOKEN)
                        .no_proxy()
                        .build()?;
                    let request = client.endpoint().endpoint(route, json!({"id": 42}))?;
                    let runtime = runtime();
                    if route.ends_with("/pets") {
                        let mut pages = client.paginate_request::<Value>(request).items();
                        let mut pets = Vec::new();
                        runtime.block_on(async {
                            while let Some(pet) = std::future::poll_fn(|cx| {
                                futures_core::Stream::poll_next(std::pin::Pin::new(&mut pages), cx)
                            })
                            .await
                            {
                                pets.push(pet?);
                            }
                            Ok::<(), Error>(())
                        })?;
                        return Ok(Value::from(pets));
                    }
                    Ok(runtime.block_on(client.execute::<Value>(request))?.body)
                }
            }
        };
        assert_eq!(
            call("GET /stores/{id}").unwrap(),
            json!({"id": 42, "name": "Corner"})
        );
        let request = server.next();
        assert_eq!(request.header("accept"), "application/json");
        assert_eq!(request.header("user-agent"), client::DEFAULT_USER_AGENT);
        assert_eq!(request.header("authorization"), format!("Bearer {TOKEN}"));
        assert!(request.all("x-github-api-version").is_empty());

        let error = call("GET /stores/{id}/missing").unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "GET {base_url}/stores/42/missing: the server answered 404 Not Found: no such store"
            ),
            "{backend}"
        );
        server.next();

        let pets = call("GET /stores/{id}/pets").unwrap();
        assert_eq!(pets, json!([{"id": 1}, {"id": 2}, {"id": 3}]), "{backend}");
        let requests = server.requests();
        assert_eq!(requests.len(), 2);
        assert_eq!(requests[1].url, "/v1/stores/42/pets?cursor=abc");
        assert_eq!(
            requests[1].header("authorization"),
            format!("Bearer {TOKEN}")
        );
        assert_eq!(requests[1].header("accept"), "application/json");
    }
}

// The transport: every cause in the message, and TLS with only the feature.

#[test]
fn transport_errors_give_every_cause() {
    let port = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let base_url = format!("http://127.0.0.1:{port}");
    // A refused connection is retried: the backoffs on a manual clock.
    let blocking = any_api(&base_url)
        .no_proxy()
        .clock(Clock::manual())
        .build()
        .unwrap();
    let request = blocking.endpoint().endpoint("GET /x", json!({})).unwrap();
    let error = blocking.execute::<Value>(request).unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("GET {base_url}/x: ")),
        "{message}"
    );
    assert!(message.to_lowercase().contains("refused"), "{message}");

    let nonblocking = Reqwest::builder()
        .base_url(&base_url)
        .no_proxy()
        .clock(Clock::manual())
        .build()
        .unwrap();
    let request = nonblocking
        .endpoint()
        .endpoint("GET /x", json!({}))
        .unwrap();
    let error = runtime()
        .block_on(nonblocking.execute::<Value>(request))
        .unwrap_err();
    let message = error.to_string();
    // reqwest's own message, then its causes, down to the connection's.
    assert!(
        message.starts_with(&format!("GET {base_url}/x: error sending request")),
        "{message}"
    );
    assert!(message.to_lowercase().contains("refused"), "{message}");
}

#[test]
fn reqwest_speaks_tls_with_the_feature_alone() {
    // A plain TCP server on an `https://` URL: the client must try a TLS
    // handshake (and fail it), not refuse the scheme.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let plain = std::thread::spawn(move || {
        if let Ok((mut stream, _)) = listener.accept() {
            let mut hello = [0u8; 5];
            let read = stream.read(&mut hello).unwrap_or(0);
            let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n");
            // A TLS record starts with 0x16 (handshake).
            return read > 0 && hello[0] == 0x16;
        }
        false
    });
    let client = Reqwest::builder()
        .base_url(format!("https://127.0.0.1:{port}"))
        .no_proxy()
        .build()
        .unwrap();
    let request = client.endpoint().endpoint("GET /x", json!({})).unwrap();
    let error = runtime()
        .block_on(client.execute::<Value>(request))
        .unwrap_err();
    let message = error.to_string();
    assert!(matches!(error, Error::Transport { .. }), "{error:?}");
    assert!(!message.contains("scheme is not http"), "{message}");
    assert!(plain.join().unwrap(), "no TLS handshake arrived: {message}");
}
