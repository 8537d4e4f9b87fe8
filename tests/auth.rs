//! Authentication as an API's description names it, on both clients
//! against loopback servers: bearer and basic credentials, an API key in a
//! header, the query or a cookie, each arriving where it should and going
//! to no other origin; a key in the query in no error, event or `Debug`
//! text; an OAuth 2 token server whose tokens expire, fetched once for
//! eight threads sharing a client, again once after a `401`; a token source
//! of one's own; a server of a description with variables.

use crate::{backends, server};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use base64::Engine as _;
use endpoint::client::{
    ApiKey, ClientBuilder, Clock, Error, OAuth2, Retry, Server as ApiServer, Token, TokenSource,
};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend, Events, quick_retries};
use server::{Answer, Received, Server};

const KEY: &str = "k3y-0f-th3-qu3ry";
const HEADER_KEY: &str = "h34d3r-k3y";
const COOKIE_KEY: &str = "c00k13-k3y";
const CLIENT_SECRET: &str = "cl13nt-s3cr3t";
const REFRESH_TOKEN: &str = "r3fr3sh-0";

/// The query of `received`'s target, as pairs.
fn query(received: &Received) -> Vec<(String, String)> {
    let query = received.url.split_once('?').map_or("", |(_, query)| query);
    form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect()
}

/// The form body of `received`, as pairs.
fn form(received: &Received) -> Vec<(String, String)> {
    form_urlencoded::parse(&received.body)
        .into_owned()
        .collect()
}

/// The `Debug` text of `client`.
fn shown(client: &Backend) -> String {
    match client {
        Backend::Ureq(client) => format!("{client:?}"),
        Backend::Reqwest(client, _) => format!("{client:?}"),
    }
}

/// Fails when `text` holds the query key, as it is or encoded.
#[track_caller]
fn assert_no_key(name: &str, text: &str) {
    assert!(!text.contains(KEY), "{name}: {text}");
}

#[test]
fn each_credential_arrives_where_it_should() {
    for name in BACKENDS {
        let api = Server::start(|_| Answer::json(200, &json!({})));
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .basic("ann", "p4ss")
            .api_key(ApiKey::query("api_key", KEY))
            .api_key(ApiKey::header("X-Api-Key", HEADER_KEY))
            .api_key(ApiKey::cookie("session", COOKIE_KEY))
            .header("cookie", "theme=dark"));
        client
            .call::<Value>("GET /pets{?limit}", json!({"limit": 2}))
            .unwrap();
        let received = api.only_request();
        assert_eq!(
            query(&received),
            [("limit".into(), "2".into()), ("api_key".into(), KEY.into())],
            "{name}"
        );
        assert_eq!(received.header("x-api-key"), HEADER_KEY, "{name}");
        assert_eq!(
            received.header("cookie"),
            format!("theme=dark; session={COOKIE_KEY}"),
            "{name}"
        );
        let basic = base64::engine::general_purpose::STANDARD.encode("ann:p4ss");
        assert_eq!(
            received.header("authorization"),
            format!("Basic {basic}"),
            "{name}"
        );

        let bearer = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .bearer("b34r3r"));
        bearer.call::<Value>("GET /me", json!({})).unwrap();
        assert_eq!(
            api.next().header("authorization"),
            "Bearer b34r3r",
            "{name}"
        );
    }
}

#[test]
fn keys_that_cannot_be_sent_are_named_not_shown() {
    let base = "https://api.example.com";
    for (key, reason) in [
        (
            ApiKey::header("accept", "k"),
            "`accept` is a header that logs and `Debug` show",
        ),
        (
            ApiKey::header("x key", "k"),
            "`x key` is not a valid header name",
        ),
        (
            ApiKey::header("x-api-key", "s3cr3t\n"),
            "the key of header `x-api-key` is not a valid header value",
        ),
        (
            ApiKey::cookie("session", "s3cr3t;x"),
            "the key of cookie `session` holds a character a cookie cannot",
        ),
        (
            ApiKey::query("api_key", " "),
            "the key of query parameter `api_key` is empty",
        ),
        (
            ApiKey::query("", "s3cr3t"),
            "the name of the query parameter is empty",
        ),
    ] {
        let error = endpoint::client::ureq::Client::builder()
            .base_url(base)
            .api_key(key)
            .build()
            .unwrap_err();
        let text = error.to_string();
        assert!(
            text.starts_with("invalid client setting `api_key`: "),
            "{text}"
        );
        assert!(text.contains(reason), "{text}");
        assert!(!text.contains("s3cr3t"), "{text}");
    }
    let both = endpoint::client::ureq::Client::builder()
        .base_url(base)
        .bearer("t")
        .oauth2(OAuth2::client_credentials(
            format!("{base}/token"),
            "id",
            "s",
        ))
        .build()
        .unwrap_err();
    assert!(
        both.to_string()
            .contains("`oauth2`: is set with `bearer`: a client authenticates one way"),
        "{both}"
    );
}

#[test]
fn a_query_key_is_in_no_error_event_or_debug_text() {
    for name in BACKENDS {
        let api = Server::start(|received| {
            let path = received.url.split('?').next().unwrap_or_default();
            match path {
                "/fails" => Answer::json(500, &json!({"error": "down"})),
                "/not-a-number" => Answer::json(200, &json!({"n": "x"})),
                // The server echoes the whole URL it was asked for.
                "/loop" => Answer::json(302, &json!({})).with_header("location", &received.url),
                "/elsewhere" => Answer::json(200, &json!({"url": received.url})),
                _ => Answer::json(404, &json!({})),
            }
        });
        // Accepts connections and never answers.
        let silent = Server::raw({
            let mut kept = Vec::new();
            move |stream, _| kept.push(stream)
        });
        let events = Events::default();
        let hook = events.hook();
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .api_key(ApiKey::query("api_key", KEY))
            .retry(quick_retries())
            .on_event(hook));
        assert_no_key(name, &shown(&client));

        let mut errors = Vec::new();
        errors.push(client.call::<Value>("GET /fails", json!({})).unwrap_err());
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Number {
            n: u64,
        }
        errors.push(
            client
                .call::<Number>("GET /not-a-number", json!({}))
                .unwrap_err(),
        );
        errors.push(client.call::<Value>("GET /loop", json!({})).unwrap_err());
        let timing_out = client!(name, &silent.base_url(), |b: ClientBuilder<_>| b
            .api_key(ApiKey::query("api_key", KEY))
            .retry(Retry::never())
            .timeout(Duration::from_millis(300)));
        let timeout = timing_out
            .call::<Value>("GET /slow", json!({}))
            .unwrap_err();
        let text = format!("{timeout} {timeout:?}");
        assert!(text.contains("/slow"), "{name}: {text}");
        if text.contains("api_key") {
            // The transport quoted the URL it sent: the key is redacted.
            assert!(text.contains("api_key=REDACTED"), "{name}: {text}");
        }
        errors.push(timeout);
        assert!(
            matches!(errors[0].last(), Error::Status(answer) if answer.status == 500),
            "{name}: {:?}",
            errors[0]
        );
        assert!(
            matches!(errors[1], Error::Decode(_)),
            "{name}: {:?}",
            errors[1]
        );
        assert!(
            matches!(errors[2], Error::Redirect { .. }),
            "{name}: {:?}",
            errors[2]
        );
        for error in &errors {
            assert_no_key(name, &format!("{error} {error:?}"));
            if let Some(answer) = error.api_error() {
                assert_no_key(name, &answer.url);
            }
        }
        let events = events.all();
        assert_eq!(
            events.len(),
            3,
            "{name}: three retries of the 500: {events:?}"
        );
        for event in &events {
            assert_no_key(name, &format!("{event} {event:?}"));
        }
        // Every request to the API had the key.
        for received in api.requests() {
            assert!(
                query(&received).contains(&("api_key".into(), KEY.into())),
                "{name}"
            );
        }
    }
}

#[test]
fn no_credential_follows_a_redirect_to_another_origin() {
    for name in BACKENDS {
        let other = Server::start(|_| Answer::json(200, &json!({"elsewhere": true})));
        let other_url = other.base_url();
        let api = Server::start(move |received| {
            let path = received.url.split('?').next().unwrap_or_default();
            match path {
                // The server writes the client's whole query into the
                // location, the key with it.
                "/away" => {
                    let query = received.url.split_once('?').map_or("", |(_, q)| q);
                    Answer::json(307, &json!({}))
                        .with_header("location", &format!("{other_url}/landing?{query}&x=1"))
                }
                "/here" => Answer::json(301, &json!({})).with_header("location", "/landed"),
                _ => Answer::json(200, &json!({"here": true})),
            }
        });
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .bearer("b34r3r")
            .api_key(ApiKey::query("api_key", KEY))
            .api_key(ApiKey::header("x-api-key", HEADER_KEY))
            .api_key(ApiKey::cookie("session", COOKIE_KEY)));
        let answer = client.call::<Value>("GET /away", json!({})).unwrap();
        assert_eq!(answer.body, json!({"elsewhere": true}), "{name}");
        let landed = other.only_request();
        assert_eq!(landed.url, "/landing?x=1", "{name}");
        let shown = format!("{landed:?}");
        for secret in [KEY, HEADER_KEY, COOKIE_KEY, "b34r3r"] {
            assert!(!shown.contains(secret), "{name}: {shown}");
        }
        // On the API's own origin, every credential goes on.
        client.call::<Value>("GET /here", json!({})).unwrap();
        let requests = api.requests();
        let landed = requests.last().unwrap();
        assert_eq!(landed.url, format!("/landed?api_key={KEY}"), "{name}");
        assert_eq!(landed.header("x-api-key"), HEADER_KEY, "{name}");
        assert_eq!(landed.header("authorization"), "Bearer b34r3r", "{name}");
    }
}

/// An OAuth 2 token server: each token it issues is `tok-N`, valid for the
/// next of `lifetimes` (the last one repeated); each refresh token it
/// issues is `r3fr3sh-N`, the one before no longer valid.
struct TokenServer {
    server: Server,
    issued: Arc<AtomicUsize>,
}

impl TokenServer {
    fn start(lifetimes: &'static [u64]) -> TokenServer {
        let issued = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&issued);
        let refresh = Mutex::new(REFRESH_TOKEN.to_owned());
        let server = Server::start(move |received| {
            let basic =
                base64::engine::general_purpose::STANDARD.encode(format!("my-id:{CLIENT_SECRET}"));
            if received.optional_header("authorization") != Some(&format!("Basic {basic}")) {
                return Answer::json(401, &json!({"error": "invalid_client"}));
            }
            let form = form(received);
            let field = |name: &str| {
                form.iter()
                    .find(|(key, _)| key == name)
                    .map(|(_, value)| value.as_str())
            };
            let mut refresh = refresh.lock().unwrap();
            match field("grant_type") {
                Some("client_credentials") => {}
                Some("refresh_token") if field("refresh_token") == Some(refresh.as_str()) => {}
                _ => {
                    return Answer::json(
                        400,
                        &json!({"error": "invalid_grant", "error_description": "who are you"}),
                    );
                }
            }
            let n = count.fetch_add(1, Ordering::SeqCst) + 1;
            *refresh = format!("r3fr3sh-{n}");
            let lifetime = lifetimes[(n - 1).min(lifetimes.len() - 1)];
            Answer::json(
                200,
                &json!({
                    "access_token": format!("tok-{n}"),
                    "token_type": "bearer",
                    "expires_in": lifetime,
                    "refresh_token": *refresh,
                    "scope": field("scope"),
                }),
            )
        });
        TokenServer { server, issued }
    }

    fn url(&self) -> String {
        format!("{}/oauth/token", self.server.base_url())
    }

    fn issued(&self) -> usize {
        self.issued.load(Ordering::SeqCst)
    }
}

/// An API answering `{"token": …}` with the bearer token each request
/// carried, and `401` to tokens of `revoked`.
fn token_api(revoked: &'static [&'static str]) -> Server {
    Server::start_concurrent(move |received| {
        let token = received
            .optional_header("authorization")
            .and_then(|value| value.strip_prefix("Bearer "))
            .unwrap_or_default()
            .to_owned();
        if token.is_empty() || revoked.contains(&token.as_str()) {
            return Answer::json(401, &json!({"error": "invalid_token"}));
        }
        Answer::json(200, &json!({"token": token}))
    })
}

/// The token each of 8 threads sharing `client` was served with, for
/// `calls` calls each.
fn eight_threads(client: &Backend, calls: usize) -> Vec<String> {
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..8)
            .map(|_| {
                scope.spawn(|| {
                    (0..calls)
                        .map(|_| {
                            let answer = client
                                .call::<Value>(
                                    "GET /me",
                                    json!({"headers": {"connection": "close"}}),
                                )
                                .unwrap();
                            answer.body["token"].as_str().unwrap().to_owned()
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|thread| thread.join().unwrap())
            .collect()
    })
}

#[test]
fn one_token_request_for_eight_threads() {
    for name in BACKENDS {
        let tokens = TokenServer::start(&[3600]);
        let api = token_api(&[]);
        let oauth2 =
            OAuth2::client_credentials(tokens.url(), "my-id", CLIENT_SECRET).scope("read pets");
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .oauth2(oauth2.clone()));
        assert!(!shown(&client).contains(CLIENT_SECRET), "{name}");
        let served = eight_threads(&client, 3);
        assert_eq!(served, vec!["tok-1"; 24], "{name}");
        assert_eq!(tokens.issued(), 1, "{name}");
        let request = tokens.server.only_request();
        assert_eq!(request.method, "POST", "{name}");
        assert_eq!(
            request.header("content-type"),
            "application/x-www-form-urlencoded",
            "{name}"
        );
        assert_eq!(
            form(&request),
            [
                ("grant_type".into(), "client_credentials".into()),
                ("scope".into(), "read pets".into())
            ],
            "{name}"
        );
        // The API's token goes to the API only.
        assert!(!format!("{request:?}").contains("tok-1"), "{name}");
    }
}

#[test]
fn a_token_about_to_expire_is_refreshed_once_for_eight_threads() {
    for name in BACKENDS {
        // The first token lives a second: refreshed after 0.75 s, and no
        // longer sent from 0.9 s, while the next is fetched.
        let tokens = TokenServer::start(&[1, 3600]);
        let api = token_api(&[]);
        let events = Events::default();
        let hook = events.hook();
        let oauth2 = OAuth2::refresh_token(tokens.url(), "my-id", CLIENT_SECRET, REFRESH_TOKEN);
        let clock = Clock::manual();
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .oauth2(oauth2.clone())
            .on_event(hook)
            .clock(clock.clone()));
        let first = client.call::<Value>("GET /me", json!({})).unwrap();
        assert_eq!(first.body["token"], "tok-1", "{name}");
        // The token's second passes on the client's clock.
        clock.advance(Duration::from_millis(1_000));
        let served = eight_threads(&client, 2);
        assert_eq!(served, vec!["tok-2"; 16], "{name}");
        assert_eq!(tokens.issued(), 2, "{name}");
        let requests = tokens.server.requests();
        // The refresh token of the first answer replaced the one given.
        assert_eq!(
            form(&requests[1]),
            [
                ("grant_type".into(), "refresh_token".into()),
                ("refresh_token".into(), "r3fr3sh-1".into())
            ],
            "{name}"
        );
        let refreshed = events
            .all()
            .iter()
            .filter(|event| matches!(event, endpoint::client::Event::TokenRefreshed { .. }))
            .count();
        assert_eq!(refreshed, 2, "{name}");
    }
}

#[test]
fn a_401_drops_the_token_and_retries_once() {
    for name in BACKENDS {
        let tokens = TokenServer::start(&[3600]);
        // The API no longer takes the first token.
        let api = token_api(&["tok-1"]);
        let oauth2 = OAuth2::client_credentials(tokens.url(), "my-id", CLIENT_SECRET);
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .oauth2(oauth2.clone()));
        let answer = client.call::<Value>("GET /me", json!({})).unwrap();
        assert_eq!(answer.body["token"], "tok-2", "{name}");
        assert_eq!(tokens.issued(), 2, "{name}");
        assert_eq!(api.requests().len(), 2, "{name}");

        // An API that refuses every token: one retry, then its 401.
        let tokens = TokenServer::start(&[3600]);
        let api = token_api(&["tok-1", "tok-2", "tok-3"]);
        let oauth2 = OAuth2::client_credentials(tokens.url(), "my-id", CLIENT_SECRET);
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .oauth2(oauth2.clone()));
        let error = client.call::<Value>("GET /me", json!({})).unwrap_err();
        assert_eq!(
            error.status().map(|s| s.as_u16()),
            Some(401),
            "{name}: {error}"
        );
        assert_eq!(tokens.issued(), 2, "{name}");
        assert_eq!(api.requests().len(), 2, "{name}");
    }
}

#[test]
fn a_refused_grant_names_the_server_s_error() {
    for name in BACKENDS {
        let tokens = TokenServer::start(&[3600]);
        let api = token_api(&[]);
        let oauth2 = OAuth2::refresh_token(tokens.url(), "my-id", CLIENT_SECRET, "r3v0k3d");
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .oauth2(oauth2.clone()));
        let error = client.call::<Value>("GET /me", json!({})).unwrap_err();
        let Error::Authentication { url, .. } = &error else {
            panic!("{name}: {error:?}");
        };
        assert_eq!(url, &tokens.url(), "{name}");
        let text = error.to_string();
        assert!(
            text.contains("the token server refused the refresh_token grant of client `my-id`: 400 Bad Request: invalid_grant: who are you"),
            "{name}: {text}"
        );
        for secret in [CLIENT_SECRET, "r3v0k3d"] {
            assert!(!format!("{error} {error:?}").contains(secret), "{name}");
        }
        assert!(api.requests().is_empty(), "{name}");
    }
}

/// A token source counting the tokens it gives, each valid for an hour.
struct Counting(AtomicUsize);

impl TokenSource for Counting {
    fn token(&self, now: SystemTime) -> Result<Token, Error> {
        let n = self.0.fetch_add(1, Ordering::SeqCst) + 1;
        Ok(Token::new(format!("tok-{n}")).expires_at(now + Duration::from_secs(3600)))
    }
}

#[test]
fn a_token_source_of_one_s_own_is_asked_once_for_eight_threads() {
    for name in BACKENDS {
        let api = token_api(&[]);
        let source = Arc::new(Counting(AtomicUsize::new(0)));
        struct Shared(Arc<Counting>);
        impl TokenSource for Shared {
            fn token(&self, now: SystemTime) -> Result<Token, Error> {
                self.0.token(now)
            }
        }
        let shared = Arc::clone(&source);
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .token_source(Shared(Arc::clone(&shared))));
        assert_eq!(eight_threads(&client, 2), vec!["tok-1"; 16], "{name}");
        assert_eq!(source.0.load(Ordering::SeqCst), 1, "{name}");
    }
}

#[test]
fn a_server_of_the_description_with_its_variables() {
    for name in BACKENDS {
        let api = Server::start(|_| Answer::json(200, &json!({})));
        let port = api.port().to_string();
        let server = ApiServer::new("http://127.0.0.1:{port}/{version}")
            .variable("port", "1")
            .one_of("version", "v1", ["v1", "v2"]);
        let client = client!(name, |b: ClientBuilder<_>| b
            .server(server.clone(), [("port", port.as_str()), ("version", "v2")])
            .api_key(ApiKey::header("x-api-key", HEADER_KEY)));
        client.call::<Value>("GET /pets", json!({})).unwrap();
        let received = api.only_request();
        assert_eq!(received.url, "/v2/pets", "{name}");
        assert_eq!(received.header("x-api-key"), HEADER_KEY, "{name}");
    }
    let error = endpoint::client::ureq::Client::builder()
        .server(
            ApiServer::new("https://{region}.example.com").one_of("region", "us", ["us", "eu"]),
            [("region", "mars")],
        )
        .build()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid client setting `server`: the variable `region` is `mars`, not one of `us`, `eu`"
    );
}

#[test]
fn a_next_page_link_that_echoes_the_query_key_keeps_it_nowhere() {
    for name in BACKENDS {
        let api = Server::start(|received| {
            let page: u32 = query(received)
                .iter()
                .find(|(key, _)| key == "page")
                .and_then(|(_, value)| value.parse().ok())
                .unwrap_or(1);
            let mut answer = Answer::json(200, &json!([page]));
            if page < 3 {
                // The server writes its next page's URL with every parameter
                // it was asked with, the key among them.
                let next = format!("/items?api_key={KEY}&page={}", page + 1);
                answer = answer.with_header("link", &format!("<{next}>; rel=\"next\""));
            }
            answer
        });
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .api_key(ApiKey::query("api_key", KEY)));
        let request = client.endpoint().endpoint("GET /items", json!({})).unwrap();
        let mut pages = client.pages_request::<u32>(request, None);
        let mut items = Vec::new();
        while let Some(page) = pages.next() {
            let page = page.unwrap_or_else(|err| panic!("{name}: {err}"));
            for link in &page.links {
                assert_no_key(name, &format!("{link:?}"));
            }
            if let Some(cursor) = pages.cursor() {
                assert_no_key(name, &cursor.to_string());
                assert_no_key(name, &format!("{cursor:?}"));
            }
            items.extend(page.into_items());
        }
        assert_eq!(items, [1, 2, 3], "{name}");
        // Each request still carried the key once, added as it left.
        let sent = api.requests();
        assert_eq!(sent.len(), 3, "{name}");
        for received in &sent {
            let keys = query(received)
                .into_iter()
                .filter(|(key, _)| key == "api_key")
                .count();
            assert_eq!(keys, 1, "{name}: {}", received.url);
        }
    }
}
