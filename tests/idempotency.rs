//! The idempotency keys both clients make (`Retry::generate_idempotency_keys`),
//! on the loopback server: one key per call of a write, the same on each of
//! its tries, kept when the caller gave one, none for a read, none at all
//! unless asked for.

use crate::{backends, server};

use std::collections::HashSet;
use std::io::Write;
use std::time::Duration;

use endpoint::client::{ClientBuilder, Error, Event, RateLimits, Retry};
use endpoint::endpoint;
use http::HeaderName;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend, Events, quick_retries};
use server::{Answer, Received, Server};

/// A client of any API at `base_url` that retries quickly with `retry`'s
/// other settings, and honours no rate limit.
fn retrying(name: &str, base_url: &str, retry: Retry) -> Backend {
    client!(name, |b: ClientBuilder<_>| b
        .base_url(base_url)
        .retry(retry)
        .rate_limits(RateLimits::off())
        .timeout(Duration::from_millis(500)))
}

/// Quick retries that make idempotency keys.
fn keyed() -> Retry {
    quick_retries().generate_idempotency_keys(true)
}

/// `method /things` with `headers` and a JSON body (a query for a GET).
fn call(backend: &Backend, method: &str, headers: Value) -> Result<Value, Error> {
    backend
        .call::<Value>(
            &format!("{method} /things"),
            json!({"headers": headers, "name": "thing"}),
        )
        .map(|answer| answer.body)
}

/// Whether `key` is a version 4 UUID in lowercase hexadecimal:
/// `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
fn is_uuid_v4(key: &str) -> bool {
    let groups: Vec<&str> = key.split('-').collect();
    groups.iter().map(|group| group.len()).eq([8, 4, 4, 4, 12])
        && groups.iter().all(|group| {
            group
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        })
        && groups[2].starts_with('4')
        && groups[3].starts_with(['8', '9', 'a', 'b'])
}

/// The one `idempotency-key` of each request, which all must have.
fn keys_of(received: &[Received]) -> Vec<String> {
    received
        .iter()
        .map(|request| request.header("idempotency-key").to_owned())
        .collect()
}

/// A raw server that cuts the connection of the first request it reads
/// (after reading it all: the server may have applied it), and answers
/// `201` to the next.
fn cut_once(how: &'static str) -> Server {
    let mut first = true;
    Server::raw(move |mut stream, _| {
        if std::mem::take(&mut first) {
            match how {
                "closes" => drop(stream),
                "resets" => server::reset(stream),
                // A 201 announced longer than it is.
                _ => {
                    let _ = stream.write_all(
                        b"HTTP/1.1 201 Created\r\ncontent-type: application/json\r\n\
                          content-length: 64\r\nconnection: close\r\n\r\n{\"id\": 1",
                    );
                }
            }
        } else {
            let _ = stream.write_all(
                b"HTTP/1.1 201 Created\r\ncontent-type: application/json\r\n\
                  content-length: 9\r\nconnection: close\r\n\r\n{\"id\": 2}",
            );
        }
    })
}

#[test]
fn a_write_cut_after_the_server_read_it_is_sent_again_with_the_same_key() {
    for name in BACKENDS {
        for how in ["closes", "resets", "cuts a 201"] {
            for method in ["POST", "PATCH"] {
                let server = cut_once(how);
                let client = retrying(name, &server.base_url(), keyed());
                let created = call(&client, method, json!({}))
                    .unwrap_or_else(|error| panic!("{name}, {how}, {method}: {error:?}"));
                assert_eq!(created["id"], 2, "{name}, {how}, {method}");
                let received = server.requests();
                assert_eq!(received.len(), 2, "{name}, {how}, {method}: {received:#?}");
                let keys = keys_of(&received);
                assert_eq!(keys[0], keys[1], "{name}, {how}, {method}");
                assert!(is_uuid_v4(&keys[0]), "{name}: {}", keys[0]);
                for request in &received {
                    assert_eq!(request.method, method);
                    assert_eq!(request.body_json()["name"], "thing", "{name}, {how}");
                }
            }
        }
        // Every retry of a call that keeps failing: one key.
        let server = Server::raw(|stream, _| drop(stream));
        let client = retrying(name, &server.base_url(), keyed());
        assert!(call(&client, "POST", json!({})).is_err(), "{name}");
        let keys = keys_of(&server.requests());
        assert_eq!(keys.len(), 4, "{name}");
        assert!(keys.iter().all(|key| *key == keys[0]), "{name}: {keys:?}");
        // And every retry of a `5xx`, whose events name the key.
        let mut answers = vec![503, 502];
        let server = Server::start(move |_| match answers.pop() {
            Some(status) => Answer::json(status, &json!({"message": "busy"})),
            None => Answer::json(201, &json!({"id": 1})),
        });
        let events = Events::default();
        let client = client!(name, |b: ClientBuilder<_>| b
            .base_url(server.base_url())
            .retry(keyed())
            .on_event(events.hook()));
        assert_eq!(call(&client, "POST", json!({})).unwrap()["id"], 1, "{name}");
        let keys = keys_of(&server.requests());
        assert_eq!(keys.len(), 3, "{name}");
        assert!(keys.iter().all(|key| *key == keys[0]), "{name}: {keys:?}");
        let told: Vec<Option<String>> = events
            .all()
            .into_iter()
            .filter_map(|event| match event {
                Event::Retry {
                    idempotency_key, ..
                } => Some(idempotency_key),
                _ => None,
            })
            .collect();
        assert_eq!(
            told,
            [Some(keys[0].clone()), Some(keys[0].clone())],
            "{name}"
        );
        let sentence = events.all()[0].to_string();
        assert!(
            sentence.ends_with(&format!("with idempotency key {}", keys[0])),
            "{sentence}"
        );

        // A key of the caller's in a header that may be a credential is not
        // told.
        let server = Server::start(|_| Answer::json(503, &json!({"message": "busy"})));
        let events = Events::default();
        let client = client!(name, |b: ClientBuilder<_>| b
            .base_url(server.base_url())
            .retry(
                keyed()
                    .max_retries(1)
                    .idempotency_header(HeaderName::from_static("x-request-key"))
            )
            .on_event(events.hook()));
        assert!(call(&client, "POST", json!({"x-request-key": "s3cret"})).is_err());
        assert_eq!(server.requests().len(), 2, "{name}");
        let all = events.all();
        assert!(
            matches!(
                &all[..],
                [Event::Retry {
                    idempotency_key: None,
                    ..
                }]
            ),
            "{name}: {all:?}"
        );
    }
}

#[test]
fn the_key_stays_through_a_rate_limit_wait_and_a_redirect_elsewhere() {
    for name in BACKENDS {
        let mut refused = false;
        let server = Server::start(move |_| {
            if std::mem::replace(&mut refused, true) {
                Answer::json(201, &json!({"id": 1}))
            } else {
                Answer::json(429, &json!({"error": "slow down"})).with_header("retry-after", "1")
            }
        });
        let client = client!(name, |b: ClientBuilder<_>| b
            .base_url(server.base_url())
            .retry(keyed()));
        assert_eq!(call(&client, "POST", json!({})).unwrap()["id"], 1, "{name}");
        let keys = keys_of(&server.requests());
        assert_eq!(keys.len(), 2, "{name}");
        assert_eq!(keys[0], keys[1], "{name}");

        // A 307 to another origin sends the same write, key and all; the
        // credentials stay behind.
        let elsewhere = Server::start(|_| Answer::json(201, &json!({"id": 3})));
        let target = format!("{}/moved", elsewhere.base_url());
        let first =
            Server::start(move |_| Answer::json(307, &json!({})).with_header("location", &target));
        let client = retrying(name, &first.base_url(), keyed());
        let created = call(&client, "POST", json!({"authorization": "Bearer secret"})).unwrap();
        assert_eq!(created["id"], 3, "{name}");
        let (here, there) = (first.requests(), elsewhere.requests());
        assert_eq!((here.len(), there.len()), (1, 1), "{name}");
        assert_eq!(there[0].method, "POST");
        assert_eq!(keys_of(&here), keys_of(&there), "{name}");
        assert!(there[0].all("authorization").is_empty(), "{name}");

        // A 303 turns the write into a GET, another request: without the key.
        let mut answered = false;
        let server = Server::start(move |_| {
            if std::mem::replace(&mut answered, true) {
                Answer::json(200, &json!({"id": 4}))
            } else {
                Answer::json(303, &json!({})).with_header("location", "/things/4")
            }
        });
        let client = retrying(name, &server.base_url(), keyed());
        assert_eq!(call(&client, "POST", json!({})).unwrap()["id"], 4, "{name}");
        let received = server.requests();
        assert_eq!(received.len(), 2, "{name}");
        assert!(is_uuid_v4(received[0].header("idempotency-key")), "{name}");
        assert_eq!(received[1].method, "GET");
        assert!(received[1].all("idempotency-key").is_empty(), "{name}");
    }
}

#[test]
fn each_call_of_a_write_has_its_own_key_and_a_read_none() {
    const CALLS: usize = 1_000;
    for name in BACKENDS {
        let server = Server::start(|_| Answer::json(201, &json!({"id": 1})));
        let client = retrying(name, &server.base_url(), keyed());
        for _ in 0..CALLS {
            call(&client, "POST", json!({})).unwrap();
        }
        let keys = keys_of(&server.requests());
        assert_eq!(keys.len(), CALLS, "{name}");
        if let Some(key) = keys.iter().find(|key| !is_uuid_v4(key)) {
            panic!("{name}: `{key}` is not a version 4 UUID");
        }
        let distinct: HashSet<&String> = keys.iter().collect();
        assert_eq!(distinct.len(), CALLS, "{name}: a key came twice");

        // A PATCH gets one too; the methods RFC 9110 calls idempotent none.
        for method in ["PATCH", "GET", "HEAD", "OPTIONS", "PUT", "DELETE"] {
            let server = Server::start(|_| Answer::json(200, &json!({})));
            let client = retrying(name, &server.base_url(), keyed());
            let _ = call(&client, method, json!({}));
            let received = server.requests();
            assert_eq!(received.len(), 1, "{name}, {method}");
            let sent = received[0].all("idempotency-key");
            let idempotent = method != "PATCH";
            assert_eq!(sent.is_empty(), idempotent, "{name}, {method}: {sent:?}");
        }
    }
}

endpoint! {
    /// A thing made once, however many times it is sent.
    struct CreateThing = "POST /things" {
        name: String,
        #[endpoint(header, rename = "Idempotency-Key")]
        key: Option<String>,
    }
}

#[test]
fn a_key_the_caller_gave_is_kept() {
    for name in BACKENDS {
        // A header parameter of the route.
        let server = Server::raw(|stream, _| drop(stream));
        let client = retrying(name, &server.base_url(), keyed());
        let route = CreateThing {
            name: "thing".into(),
            key: Some("order-17".into()),
        };
        assert!(client.send_as::<Value>(&route).is_err(), "{name}");
        let keys = keys_of(&server.requests());
        assert_eq!(keys, ["order-17"; 4], "{name}");
        // The same route without one gets one made.
        let server = Server::start(|_| Answer::json(201, &json!({})));
        let client = retrying(name, &server.base_url(), keyed());
        let route = CreateThing {
            name: "thing".into(),
            key: None,
        };
        client.send_as::<Value>(&route).unwrap();
        assert!(is_uuid_v4(&keys_of(&server.requests())[0]), "{name}");

        // A header of the call's options, in any letter case.
        let server = Server::raw(|stream, _| server::reset(stream));
        let client = retrying(name, &server.base_url(), keyed());
        assert!(call(&client, "POST", json!({"Idempotency-Key": "k-1"})).is_err());
        assert_eq!(keys_of(&server.requests()), ["k-1"; 4], "{name}");

        // A default header of the client's endpoint, for its calls.
        let server = Server::start(|_| Answer::json(201, &json!({})));
        let client = retrying(name, &server.base_url(), keyed())
            .with_defaults(json!({"headers": {"idempotency-key": "k-2"}}));
        call(&client, "POST", json!({})).unwrap();
        assert_eq!(keys_of(&server.requests()), ["k-2"], "{name}");
    }
}

#[test]
fn keys_go_in_the_header_the_settings_name() {
    for name in BACKENDS {
        let retry = keyed().idempotency_header(HeaderName::from_static("x-request-key"));
        let server = cut_once("resets");
        let client = retrying(name, &server.base_url(), retry);
        call(&client, "POST", json!({})).unwrap();
        let received = server.requests();
        assert_eq!(received.len(), 2, "{name}");
        let key = received[0].header("x-request-key");
        assert!(is_uuid_v4(key), "{name}: {key}");
        assert_eq!(received[1].header("x-request-key"), key, "{name}");
        assert!(received[0].all("idempotency-key").is_empty(), "{name}");

        // No header named: no key made, and the write is sent once.
        let server = cut_once("resets");
        let client = retrying(name, &server.base_url(), keyed().idempotency_header(None));
        assert!(call(&client, "POST", json!({})).is_err(), "{name}");
        let received = server.requests();
        assert_eq!(received.len(), 1, "{name}");
        assert!(received[0].all("idempotency-key").is_empty(), "{name}");
    }
}

#[test]
fn without_the_setting_no_key_is_made_and_a_cut_write_is_sent_once() {
    for name in BACKENDS {
        let server = cut_once("closes");
        let client = retrying(name, &server.base_url(), quick_retries());
        let error = call(&client, "POST", json!({})).unwrap_err();
        assert!(
            matches!(error, Error::Transport { .. }),
            "{name}: {error:?}"
        );
        let received = server.requests();
        assert_eq!(received.len(), 1, "{name}");
        assert!(received[0].all("idempotency-key").is_empty(), "{name}");
        // The default settings of a GitHub client make none either.
        assert!(!Retry::default().generates_idempotency_keys());
    }
}
