//! Both clients against loopback servers that try to collect their
//! credentials: a token goes only to the origins (scheme, host, port) the
//! client was made for, whatever path a request takes (an `http://` URL on
//! the base URL's host, a derived endpoint's `baseUrl`, a client made from
//! an endpoint); the values of custom headers are credentials too, dropped
//! on redirects and links to another origin; default parameters named like
//! credentials go into no URL and no body; and no `Debug` text, error or
//! event shows a token, a header's secret or a password in a base URL.

use crate::{backends, server};

use std::sync::{Arc, Mutex};
use std::time::Duration;

use endpoint::client::{ClientBuilder, Error, Event, Retry, reqwest, ureq};
use endpoint::{Endpoint, endpoint};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

const TOKEN: &str = "t0k3n-of-the-client";
const API_KEY: &str = "x-4p1-k3y-value";
const PRIVATE_TOKEN: &str = "pr1v4t3-t0k3n-value";

endpoint! {
    /// The pets of a store.
    struct ListPets = "GET /stores/{id}/pets" -> Vec<Value>;

    /// The files of the API, on a server of their own.
    #[endpoint(server = "https://files.example.com")]
    struct ListFiles = "GET /files" -> Vec<Value>;

    /// A file, on the same server.
    #[endpoint(server = "https://files.example.com")]
    struct GetFile = "GET /files/{name}" -> Value;
}

/// The settings of a client of the API at `base_url` with a token and two
/// custom headers holding keys, retrying quickly.
fn settings<C>(base_url: &str) -> ClientBuilder<C> {
    ClientBuilder::new()
        .base_url(base_url)
        .token(TOKEN)
        .header("x-api-key", API_KEY)
        .header("private-token", PRIVATE_TOKEN)
        .no_proxy()
        .timeout(server::WAIT)
        .retry(
            Retry::default()
                .base_delay(Duration::from_millis(10))
                .max_delay(Duration::from_millis(20)),
        )
}

/// A client of backend `name` made of `settings`.
fn build(
    name: &str,
    ureq: ClientBuilder<ureq::Client>,
    reqwest: ClientBuilder<reqwest::Client>,
) -> Backend {
    match name {
        "ureq" => Backend::Ureq(ureq.build().expect("valid settings")),
        _ => {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a tokio runtime");
            Backend::Reqwest(reqwest.build().expect("valid settings"), Arc::new(runtime))
        }
    }
}

/// A client of backend `name` for the API at `base_url`, with the token
/// and the keys of [`settings`].
fn client(name: &str, base_url: &str) -> Backend {
    build(name, settings(base_url), settings(base_url))
}

/// A server answering every request `{}`.
fn collector() -> Server {
    Server::start(|_| Answer::json(200, &json!({})))
}

/// Fails when `received` carries any of the client's secrets.
#[track_caller]
fn assert_no_secret(name: &str, received: &Received) {
    let shown = format!("{received:?}");
    for secret in [TOKEN, API_KEY, PRIVATE_TOKEN] {
        assert!(!shown.contains(secret), "{name}: {shown}");
    }
}

/// Fails unless `result` is the refusal to send header `header` elsewhere.
#[track_caller]
fn assert_refused<T: std::fmt::Debug>(name: &str, result: Result<T, Error>, header: &str) {
    match result {
        Err(Error::Build(endpoint::Error::CredentialsHost {
            header: refused, ..
        })) => {
            assert_eq!(refused, header, "{name}");
        }
        other => panic!("{name}: expected the credentials to be refused, got {other:?}"),
    }
}

#[test]
fn a_token_is_never_sent_in_clear_on_the_https_base_url_s_host() {
    for name in BACKENDS {
        let server = collector();
        let port = server.port();
        // The base URL is https: nothing here answers TLS, and nothing needs to.
        let base_url = format!("https://127.0.0.1:{port}");
        let any_api = client(name, &base_url);
        let github = build(
            name,
            ureq::Client::github().base_url(&base_url).token(TOKEN),
            reqwest::Client::github().base_url(&base_url).token(TOKEN),
        );
        for client in [any_api, github] {
            let clear = json!({"next": format!("http://127.0.0.1:{port}/user")});
            assert_refused(
                name,
                client.call::<Value>("GET {+next}", clear),
                "authorization",
            );
            let clear = format!("GET http://127.0.0.1:{port}/user");
            assert_refused(
                name,
                client.call::<Value>(&clear, json!({})),
                "authorization",
            );
        }
        let sent = server.requests();
        assert!(sent.is_empty(), "{name}: sent in clear: {sent:?}");
    }
}

#[test]
fn a_derived_endpoint_s_base_url_gets_no_credentials() {
    for name in BACKENDS {
        let api = collector();
        let other = collector();
        let client = client(name, &api.base_url());
        client.call::<Value>("GET /user", json!({})).unwrap();
        assert_eq!(
            api.next().header("authorization"),
            format!("Bearer {TOKEN}")
        );

        // `defaults({"baseUrl": …})` and `with_endpoint` keep the client's
        // credentials, which stay with the origins it was made for.
        let moved = client.with_defaults(json!({"baseUrl": other.base_url()}));
        assert_refused(
            name,
            moved.call::<Value>("GET /user", json!({})),
            "authorization",
        );
        let elsewhere = Endpoint::default()
            .defaults(json!({"baseUrl": other.base_url()}))
            .unwrap();
        let request = client
            .endpoint()
            .endpoint(&format!("GET {}/collect", other.base_url()), json!({}));
        assert!(request.is_err(), "{name}: {request:?}");
        let moved = client.with_endpoint(
            elsewhere
                .defaults(json!({"headers": {"authorization": format!("Bearer {TOKEN}")}}))
                .unwrap(),
        );
        assert_refused(
            name,
            moved.call::<Value>("GET /user", json!({})),
            "authorization",
        );
        let sent = other.requests();
        assert!(sent.is_empty(), "{name}: credentials sent to {sent:?}");
    }
}

#[test]
fn a_client_made_from_an_endpoint_keeps_its_credentials_on_its_origins() {
    for name in BACKENDS {
        let api = collector();
        let other = collector();
        // The endpoint's credential check is off, as `Endpoint::default()`'s.
        let endpoint = Endpoint::default()
            .defaults(json!({
                "baseUrl": api.base_url(),
                "headers": {"authorization": format!("Bearer {TOKEN}"), "x-api-key": API_KEY},
            }))
            .unwrap();
        let client = Backend::new(name, endpoint);
        client.call::<Value>("GET /user", json!({})).unwrap();
        let received = api.next();
        assert_eq!(received.header("authorization"), format!("Bearer {TOKEN}"));
        assert_eq!(received.header("x-api-key"), API_KEY);

        let collect = format!("GET {}/collect", other.base_url());
        assert_refused(
            name,
            client.call::<Value>(&collect, json!({})),
            "authorization",
        );
        let moved = client.with_defaults(json!({"baseUrl": other.base_url()}));
        assert_refused(
            name,
            moved.call::<Value>("GET /user", json!({})),
            "authorization",
        );
        // Without the credentials, the request may go anywhere.
        let without = json!({"headers": {"authorization": null, "x-api-key": null}});
        client.call::<Value>(&collect, without).unwrap();
        assert_no_secret(name, &other.only_request());
    }
}

#[test]
fn custom_secret_headers_follow_no_redirect_and_no_link() {
    for name in BACKENDS {
        let other = Server::start(|received| {
            if received.url.starts_with("/pets") {
                Answer::json(200, &json!([{"name": "rex"}]))
            } else {
                Answer::json(200, &json!({}))
            }
        });
        let other_url = other.base_url();
        let api = Server::start(move |received| match received.url.as_str() {
            "/moved" => Answer::json(302, &json!({}))
                .with_header("location", &format!("{other_url}/landing")),
            _ => Answer::json(200, &json!([{"name": "tom"}]))
                .with_header("link", &format!("<{other_url}/pets?page=2>; rel=\"next\"")),
        });
        let client = client(name, &api.base_url());

        client.call::<Value>("GET /moved", json!({})).unwrap();
        let first = api.next();
        assert_eq!(first.header("x-api-key"), API_KEY);
        assert_eq!(first.header("private-token"), PRIVATE_TOKEN);
        assert_no_secret(name, &other.next());

        let pets = client.paginate(&ListPets { id: "1".into() }).ok();
        assert_eq!(pets.len(), 2, "{name}: {pets:?}");
        assert_eq!(api.next().header("x-api-key"), API_KEY);
        assert_no_secret(name, &other.next());

        // A cursor naming another origin gets the route's headers, not its keys.
        let cursor = format!("{}/pets?page=2", other.base_url()).parse().unwrap();
        let pets: Vec<_> = client
            .items(&ListPets { id: "1".into() }, Some(cursor))
            .collect();
        assert_eq!(pets.len(), 1, "{name}");
        assert_no_secret(name, &other.next());

        // The credential check refuses them as it refuses `authorization`.
        let keys_only = build(
            name,
            ureq::Client::builder()
                .base_url(api.base_url())
                .header("x-api-key", API_KEY)
                .no_proxy(),
            reqwest::Client::builder()
                .base_url(api.base_url())
                .header("x-api-key", API_KEY)
                .no_proxy(),
        );
        let collect = json!({"next": format!("{}/collect", other.base_url())});
        assert_refused(
            name,
            keys_only.call::<Value>("GET {+next}", collect),
            "x-api-key",
        );
        let sent = other.requests();
        assert!(sent.is_empty(), "{name}: {sent:?}");
    }
}

#[test]
fn an_operation_s_own_server_gets_the_credentials_and_no_other_origin_does() {
    for name in BACKENDS {
        let third = Server::start(|received| {
            if received.url.starts_with("/files") {
                Answer::json(200, &json!([{"name": "b"}]))
            } else {
                Answer::json(200, &json!({"name": "landed"}))
            }
        });
        let third_url = third.base_url();
        let files = Server::start(move |received| match received.url.as_str() {
            "/files/moved" => Answer::json(307, &json!({}))
                .with_header("location", &format!("{third_url}/landing")),
            "/files/here" => Answer::json(200, &json!({"name": "here"})),
            _ => Answer::json(200, &json!([{"name": "a"}]))
                .with_header("link", &format!("<{third_url}/files?page=2>; rel=\"next\"")),
        });
        let api = collector();
        let (api_url, files_url) = (api.base_url(), files.base_url());
        // The declared server sent to a second loopback server.
        let client = build(
            name,
            settings(&api_url).operation_server("https://files.example.com", &files_url),
            settings(&api_url).operation_server("https://files.example.com", &files_url),
        );
        let credentials = |received: &Received| {
            assert_eq!(
                received.header("authorization"),
                format!("Bearer {TOKEN}"),
                "{name}"
            );
            assert_eq!(received.header("x-api-key"), API_KEY, "{name}");
            assert_eq!(received.header("private-token"), PRIVATE_TOKEN, "{name}");
        };

        let file = client
            .send(&GetFile {
                name: "here".into(),
            })
            .unwrap();
        assert_eq!(file.body, json!({"name": "here"}), "{name}");
        let received = files.next();
        assert_eq!(received.url, "/files/here", "{name}");
        credentials(&received);

        // The next page on a third origin gets the route's headers, not its keys.
        let items = client.paginate(&ListFiles).ok();
        assert_eq!(
            items,
            [json!({"name": "a"}), json!({"name": "b"})],
            "{name}"
        );
        credentials(&files.next());
        let page = third.next();
        assert_eq!(page.url, "/files?page=2", "{name}");
        assert_no_secret(name, &page);

        // So does a redirect there.
        let landed = client
            .send(&GetFile {
                name: "moved".into(),
            })
            .unwrap();
        assert_eq!(landed.body, json!({"name": "landed"}), "{name}");
        credentials(&files.next());
        let landing = third.next();
        assert_eq!(landing.url, "/landing", "{name}");
        assert_no_secret(name, &landing);

        // Nothing went to the base URL, and an endpoint derived for the
        // third origin does not take the credentials there.
        assert!(api.requests().is_empty(), "{name}");
        let elsewhere = client.with_defaults(json!({"baseUrl": third.base_url()}));
        assert_refused(
            name,
            elsewhere.call::<Value>("GET /files", json!({})),
            "authorization",
        );
        assert!(third.requests().is_empty(), "{name}");
    }
}

#[test]
fn default_parameters_named_like_credentials_go_nowhere() {
    for name in BACKENDS {
        let api = collector();
        let client = client(name, &api.base_url()).with_defaults(json!({
            "token": TOKEN,
            "Access_Token": TOKEN,
            "auth": TOKEN,
            "api_key": TOKEN,
            "per_page": 2,
        }));
        client.call::<Value>("GET /things", json!({})).unwrap();
        let received = api.next();
        assert_eq!(received.url, "/things?per_page=2", "{name}");
        client
            .call::<Value>("POST /things", json!({"title": "x"}))
            .unwrap();
        let received = api.next();
        assert_eq!(
            received.body_json(),
            json!({"per_page": 2, "title": "x"}),
            "{name}"
        );
        // A route that names one gets it; a call's own parameter is sent.
        client
            .call::<Value>("GET /verify{?token}", json!({}))
            .unwrap();
        assert_eq!(
            api.next().url,
            format!("/verify?token={TOKEN}&per_page=2"),
            "{name}"
        );
        client
            .call::<Value>(
                "POST /applications/1/token",
                json!({"access_token": "given"}),
            )
            .unwrap();
        assert_eq!(
            api.next().body_json(),
            json!({"per_page": 2, "access_token": "given"}),
            "{name}"
        );
        assert!(
            !format!("{:?}", client.endpoint()).contains(TOKEN),
            "{name}"
        );
    }
}

#[test]
fn debug_of_requests_and_page_iterators_shows_no_secret() {
    let base_url = "https://pets.example.com/v1";
    let blocking = settings::<ureq::Client>(base_url).build().unwrap();
    let nonblocking = settings::<reqwest::Client>(base_url).build().unwrap();
    let route = ListPets { id: "1".into() };
    let request = blocking
        .endpoint()
        .endpoint("GET /user", json!({}))
        .unwrap();
    let shown = [
        format!("{request:?}"),
        format!("{:?}", blocking.paginate(&route)),
        format!("{:?}", blocking.paginate(&route).items()),
        format!("{:?}", blocking.paginate(&route).pages()),
        format!("{:?}", blocking.paginate_request::<Value>(request.clone())),
        format!(
            "{:?}",
            blocking.paginate_request::<Value>(request.clone()).pages()
        ),
        format!("{:?}", nonblocking.paginate(&route)),
        format!("{:?}", nonblocking.paginate(&route).items()),
        format!("{:?}", nonblocking.paginate(&route).pages()),
        format!(
            "{:?}",
            nonblocking.paginate_request::<Value>(request.clone())
        ),
        format!(
            "{:?}",
            nonblocking.paginate_request::<Value>(request).pages()
        ),
    ];
    for shown in shown {
        for secret in [TOKEN, API_KEY, PRIVATE_TOKEN] {
            assert!(!shown.contains(secret), "{shown}");
        }
        assert!(shown.contains("<redacted>"), "{shown}");
        assert!(shown.contains("application/json"), "{shown}");
    }
}

#[test]
fn a_secret_in_the_base_url_is_never_shown() {
    const PASSWORD: &str = "pa55w0rd";
    for url in [
        format!("http://user:{PASSWORD}@127.0.0.1:1/v1"),
        format!("https://{PASSWORD}@api.example.com"),
        format!("{PASSWORD}@api.example.com/v1"),
        format!("https://{PASSWORD}@api.example.com/v1?x=1"),
    ] {
        for builder in [
            ureq::Client::builder().base_url(&url),
            ureq::Client::github().uploads_url(&url),
        ] {
            let shown = format!("{builder:?}");
            assert!(!shown.contains(PASSWORD), "{shown}");
            let error = builder.build().unwrap_err();
            assert!(matches!(error, Error::Config { .. }), "{error:?}");
            let message = format!("{error} {error:?}");
            assert!(!message.contains(PASSWORD), "{message}");
            assert!(message.contains("<redacted>@"), "{message}");
        }
        let shown = format!("{:?}", reqwest::Client::builder().base_url(&url));
        assert!(!shown.contains(PASSWORD), "{shown}");
    }
    let host = format!("user:{PASSWORD}@ghe.example.com");
    let error = ureq::Client::builder()
        .github_enterprise(host)
        .build()
        .unwrap_err()
        .to_string();
    assert!(!error.contains(PASSWORD), "{error}");

    // An endpoint with one, and the errors and events of its requests.
    for name in BACKENDS {
        let calls = Arc::new(Mutex::new(0));
        let counted = Arc::clone(&calls);
        let server = Server::start(move |_| {
            let mut calls = counted.lock().unwrap();
            *calls += 1;
            match *calls {
                1 => Answer::json(503, &json!({"message": "busy"})),
                _ => Answer::json(404, &json!({"message": "Not Found"})),
            }
        });
        let events = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&events);
        let hook = move |event: &Event| seen.lock().unwrap().push(format!("{event} {event:?}"));
        let base_url = server.base_url();
        let client = build(
            name,
            ureq::Client::builder()
                .base_url(&base_url)
                .no_proxy()
                .retry(Retry::default().base_delay(Duration::from_millis(10)))
                .on_event(hook.clone()),
            reqwest::Client::builder()
                .base_url(&base_url)
                .no_proxy()
                .retry(Retry::default().base_delay(Duration::from_millis(10)))
                .on_event(hook),
        );
        let with_password = format!("http://user:{PASSWORD}@127.0.0.1:{}", server.port());
        let moved = client.with_defaults(json!({"baseUrl": with_password}));
        let shown = format!("{:?}", moved.endpoint());
        assert!(!shown.contains(PASSWORD), "{name}: {shown}");
        let request = moved.endpoint().endpoint("GET /x", json!({})).unwrap();
        let shown = format!("{request:?}");
        assert!(!shown.contains(PASSWORD), "{name}: {shown}");
        let error = moved.execute::<Value>(request).unwrap_err();
        let shown = format!("{error} {error:?}");
        assert!(!shown.contains(PASSWORD), "{name}: {shown}");
        assert!(shown.contains("<redacted>@127.0.0.1"), "{name}: {shown}");
        let events = events.lock().unwrap();
        assert!(!events.is_empty(), "{name}: the 503 was not retried");
        for event in events.iter() {
            assert!(!event.contains(PASSWORD), "{name}: {event}");
        }
    }
}
