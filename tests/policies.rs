//! An API's rules behind the client's policy seam, through both clients on
//! the loopback server: the neutral policy honours the IETF's `RateLimit`
//! fields and reads none of GitHub's rules; Stripe's makes idempotency keys
//! and obeys `Stripe-Should-Retry`; a policy of one's own decides what is a
//! refusal, an empty list, an error's message and a quota. The waits are on
//! a manual clock ([`Clock::manual`]): exact, and no time.

use crate::{backends, server};

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use endpoint::client::{
    ApiPolicy, ClientBuilder, Clock, Error, Event, Explanation, GitHubPolicy, MemoryStore,
    RateLimits, Refusal, Refused, RetryReason, StripePolicy, WaitReason,
};
use endpoint::endpoint;
use http::{Method, StatusCode};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend, Events, quick_retries};
use server::{Answer, Server};

endpoint! {
    /// A list of things.
    struct ListThings = "GET /things" -> Vec<Value>;
}

/// `GET path`'s body.
fn get(backend: &Backend, path: &str) -> Result<Value, Error> {
    backend
        .call::<Value>(&format!("GET {path}"), json!({}))
        .map(|answer| answer.body)
}

/// The number of the request being answered, from 0.
fn counter() -> (Arc<AtomicUsize>, impl Fn() -> usize + Send + 'static) {
    let count = Arc::new(AtomicUsize::new(0));
    let counting = Arc::clone(&count);
    (count, move || counting.fetch_add(1, Ordering::SeqCst))
}

#[test]
fn the_ietf_fields_are_honoured_before_and_after_a_refusal() {
    // Each form the drafts published: the latest (a named policy), draft
    // 07's dictionary, and the three fields of the drafts before.
    let forms: [&[(&str, &str)]; 3] = [
        &[
            ("ratelimit", r#""default";r=0;t=1"#),
            ("ratelimit-policy", r#""default";q=2;w=1"#),
        ],
        &[("ratelimit", "limit=2, remaining=0, reset=1")],
        &[
            ("ratelimit-limit", "2"),
            ("ratelimit-remaining", "0"),
            ("ratelimit-reset", "1"),
        ],
    ];
    for name in BACKENDS {
        for form in forms {
            // The first answer spends the quota: the next request waits
            // for the reset rather than being refused.
            let (_, next) = counter();
            let server = Server::start(move |_| {
                let answer = Answer::json(200, &json!({"ok": true}));
                match next() {
                    0 => form.iter().fold(answer, |answer, (name, value)| {
                        answer.with_header(name, value)
                    }),
                    _ => answer,
                }
            });
            let events = Events::default();
            // Far from the machine's time, which the server's `date` is.
            let clock =
                Clock::manual_at(std::time::UNIX_EPOCH + Duration::from_secs(2_000_000_000));
            let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
                .on_event(events.hook())
                .clock(clock.clone()));
            get(&client, "/a").unwrap_or_else(|error| panic!("{name}: {error}"));
            get(&client, "/b").unwrap_or_else(|error| panic!("{name}: {error}"));
            assert_eq!(server.requests().len(), 2, "{name} {form:?}");
            let waits: Vec<_> = events
                .all()
                .into_iter()
                .filter(|event| {
                    matches!(
                        event,
                        Event::Wait {
                            reason: WaitReason::Limit { refused: None },
                            ..
                        }
                    )
                })
                .collect();
            assert_eq!(waits.len(), 1, "{name} {form:?}: {:?}", events.all());
            // Until the reset, a second from the answer's date (the
            // server's, far from this clock's: mapped onto it), and the
            // clock moved by it (and by any retry's backoff, which a
            // loopback connection closed early may take).
            let Event::Wait { wait, .. } = &waits[0] else {
                unreachable!()
            };
            assert!(
                !wait.is_zero() && *wait <= Duration::from_secs(1),
                "{name} {form:?}: {wait:?}"
            );
            assert!(clock.elapsed() >= *wait, "{name} {form:?}");
        }

        // A 429 that names no `Retry-After` but the IETF's reset: waited
        // until the reset, then sent again.
        let (_, next) = counter();
        let server = Server::start(move |_| match next() {
            0 => Answer::json(429, &json!({"title": "Too Many Requests"}))
                .with_header("ratelimit", r#""default";r=0;t=1"#),
            _ => Answer::json(200, &json!({"ok": true})),
        });
        let events = Events::default();
        let clock = Clock::manual();
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .on_event(events.hook())
            .clock(clock.clone()));
        let body = get(&client, "/busy").unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(body["ok"], true);
        assert_eq!(server.requests().len(), 2, "{name}");
        let waited = events.all().iter().find_map(|event| match event {
            Event::Wait {
                wait,
                reason: WaitReason::Limit { .. },
                ..
            } => Some(*wait),
            _ => None,
        });
        assert!(
            waited.is_some_and(|wait| !wait.is_zero() && wait <= Duration::from_secs(1)),
            "{name}: {waited:?}"
        );
        assert!(clock.elapsed() >= waited.unwrap_or_default(), "{name}");
        assert!(
            events.all().iter().any(|event| matches!(
                event,
                Event::Wait {
                    reason: WaitReason::Limit {
                        refused: Some(StatusCode::TOO_MANY_REQUESTS)
                    },
                    ..
                }
            )),
            "{name}: {:?}",
            events.all()
        );
    }
}

#[test]
fn githubs_rules_are_githubs_alone() {
    for name in BACKENDS {
        let secondary = json!({"message": "You have exceeded a secondary rate limit."});
        for github in [false, true] {
            let text = secondary.clone();
            let server = Server::start(move |request| match request.url.as_str() {
                "/things" => Answer::json(409, &json!({"message": "Git Repository is empty."})),
                _ => Answer::json(403, &text),
            });
            let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| {
                let b = b.rate_limits(RateLimits::default().max_wait(Duration::from_secs(120)));
                if github { b.policy(GitHubPolicy) } else { b }
            });
            // A 409 for a list's first page: GitHub's empty repository, any
            // other API's error.
            let items = client.paginate(&ListThings);
            if github {
                assert!(items.items.is_empty(), "{name}");
            } else {
                assert_eq!(items.items.len(), 1, "{name}");
                let error = items.items[0].as_ref().unwrap_err();
                assert_eq!(error.status(), Some(StatusCode::CONFLICT), "{name}");
            }
            // GitHub's secondary-limit text: GitHub's refusal (waited a
            // minute, which the test does not wait: a short deadline), any
            // other API's plain 403.
            let error = if github {
                let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
                    .policy(GitHubPolicy)
                    .deadline(Duration::from_secs(5)));
                get(&client, "/limited").unwrap_err()
            } else {
                get(&client, "/limited").unwrap_err()
            };
            if github {
                assert!(
                    matches!(error.last(), Error::RateLimited { .. }),
                    "{name}: {error:?}"
                );
                assert!(
                    error.to_string().contains("secondary rate limit"),
                    "{error}"
                );
            } else {
                assert!(matches!(error, Error::Status(_)), "{name}: {error:?}");
                assert!(!error.to_string().contains("retry at"), "{error}");
                assert_eq!(server.requests().len(), 2, "{name}: sent once");
            }
        }
    }
}

#[test]
fn stripes_policy_retries_a_write_with_the_same_key() {
    for name in BACKENDS {
        for stripe in [true, false] {
            let (_, next) = counter();
            let server = Server::start(move |_| match next() {
                0 => Answer::json(500, &json!({"error": {"message": "An error occurred"}})),
                _ => Answer::json(200, &json!({"id": "ch_1"})),
            });
            let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| {
                if stripe {
                    b.policy(StripePolicy).retry(
                        quick_retries()
                            .idempotency_header(http::HeaderName::from_static("idempotency-key"))
                            .generate_idempotency_keys(true),
                    )
                } else {
                    b.retry(quick_retries())
                }
            });
            let sent = client.call::<Value>("POST /v1/charges", json!({"amount": 100}));
            let requests = server.requests();
            if stripe {
                assert_eq!(sent.unwrap().body["id"], "ch_1", "{name}");
                assert_eq!(requests.len(), 2, "{name}");
                let keys: HashSet<&str> = requests
                    .iter()
                    .map(|request| request.header("idempotency-key"))
                    .collect();
                assert_eq!(keys.len(), 1, "{name}: one key for both tries");
            } else {
                let error = sent.unwrap_err();
                assert_eq!(error.status(), Some(StatusCode::INTERNAL_SERVER_ERROR));
                assert_eq!(
                    requests.len(),
                    1,
                    "{name}: a write without a key is sent once"
                );
                assert_eq!(requests[0].optional_header("idempotency-key"), None);
            }
        }

        // Without retry settings of its own, the policy's: keys made, and
        // the write retried.
        let (_, next) = counter();
        let server = Server::start(move |_| match next() {
            0 => Answer::json(409, &json!({"error": {"type": "idempotency_error"}}))
                .with_header("stripe-should-retry", "true"),
            _ => Answer::json(200, &json!({"id": "ch_2"})),
        });
        let events = Events::default();
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .policy(StripePolicy)
            .on_event(events.hook()));
        let sent = client.call::<Value>("POST /v1/charges", json!({"amount": 100}));
        assert_eq!(sent.unwrap().body["id"], "ch_2", "{name}");
        let requests = server.requests();
        assert_eq!(requests.len(), 2, "{name}");
        assert_eq!(
            requests[0].header("idempotency-key"),
            requests[1].header("idempotency-key")
        );
        assert!(
            events.all().iter().any(|event| matches!(
                event,
                Event::Retry {
                    reason: RetryReason::Status(StatusCode::CONFLICT),
                    idempotency_key: Some(_),
                    ..
                }
            )),
            "{name}: {:?}",
            events.all()
        );

        // `Stripe-Should-Retry: false` on a 503: not sent again.
        let server = Server::start(|_| {
            Answer::json(503, &json!({"error": {"message": "down"}}))
                .with_header("stripe-should-retry", "false")
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .policy(StripePolicy)
            .retry(quick_retries().generate_idempotency_keys(true)));
        let error = client
            .call::<Value>("POST /v1/charges", json!({}))
            .unwrap_err();
        assert_eq!(error.status(), Some(StatusCode::SERVICE_UNAVAILABLE));
        assert_eq!(server.requests().len(), 1, "{name}");
        assert_eq!(error.api_error().unwrap().message.as_deref(), Some("down"));
    }
}

/// An API of one's own: `420 Enhance Your Calm` with `x-calm-ms` is its
/// rate limit, searches have a quota of their own, a `404` for a list is
/// an empty list, and its errors read `{"fault": {"text": …}}`.
#[derive(Debug)]
struct Calm;

impl ApiPolicy for Calm {
    fn refusal(&self, answer: &Refused<'_>) -> Option<Refusal> {
        if answer.status.as_u16() != 420 {
            return None;
        }
        let wait: u64 = answer
            .headers
            .get("x-calm-ms")?
            .to_str()
            .ok()?
            .parse()
            .ok()?;
        Some(Refusal {
            kind: endpoint::client::RateLimitKind::Pause,
            retry_at: answer.received.checked_add(Duration::from_millis(wait)),
        })
    }

    fn resource(&self, _: &Method, path: &str) -> Cow<'static, str> {
        if path.starts_with("/search") {
            "search".into()
        } else {
            "default".into()
        }
    }

    fn empty_list(&self, status: StatusCode) -> bool {
        status == StatusCode::NOT_FOUND
    }

    fn explain(&self, body: &[u8]) -> Explanation {
        let fault: Value = serde_json::from_slice(body).unwrap_or_default();
        Explanation {
            message: fault["fault"]["text"].as_str().map(str::to_owned),
            ..Explanation::default()
        }
    }
}

#[test]
fn a_policy_of_ones_own_decides() {
    for name in BACKENDS {
        let (_, next) = counter();
        let server = Server::start(move |request| match (request.url.as_str(), next()) {
            ("/things", _) => Answer::json(404, &json!({"fault": {"text": "no things"}})),
            ("/calm", 0) => Answer::json(420, &json!({})).with_header("x-calm-ms", "50"),
            ("/calm", _) => Answer::json(200, &json!({"ok": true})),
            ("/search/spent", _) => Answer::json(200, &json!({"ok": true}))
                .with_header("x-ratelimit-remaining", "0")
                .with_header("x-ratelimit-reset", "4000000000"),
            _ => Answer::json(400, &json!({"fault": {"text": "bad request"}})),
        });
        let store = Arc::new(MemoryStore::new());
        let events = Events::default();
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .policy(Calm)
            .rate_limits(RateLimits::default().store(Arc::clone(&store)))
            .on_event(events.hook()));
        // Its refusal is waited out and sent again.
        let body = get(&client, "/calm").unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(body["ok"], true);
        assert!(
            events.all().iter().any(|event| matches!(
                event,
                Event::Wait {
                    reason: WaitReason::Limit {
                        refused: Some(status)
                    },
                    ..
                } if status.as_u16() == 420
            )),
            "{name}: {:?}",
            events.all()
        );
        // Its empty list.
        let items = client.paginate(&ListThings);
        assert!(items.items.is_empty(), "{name}: {:?}", items.items.len());
        // Its errors' message.
        let error = get(&client, "/other").unwrap_err();
        assert_eq!(
            error.api_error().unwrap().message.as_deref(),
            Some("bad request")
        );
        assert!(error.to_string().ends_with(": bad request"), "{error}");
        // Its quotas: the search quota is spent, the default one is not.
        get(&client, "/search/spent").unwrap_or_else(|error| panic!("{name}: {error}"));
        let error = get(&client, "/search/spent").unwrap_err();
        assert!(
            matches!(error, Error::RateLimited { answer: None, .. }),
            "{name}: {error:?}"
        );
        let body = get(&client, "/calm").unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(body["ok"], true);
    }
}

#[test]
fn any_apis_403_that_says_when_to_come_back_is_waited_out() {
    for name in BACKENDS {
        let (_, next) = counter();
        let server = Server::start(move |_| match next() {
            0 => Answer::json(403, &json!({"detail": "slow down"})).with_header("retry-after", "1"),
            _ => Answer::json(200, &json!({"ok": true})),
        });
        let events = Events::default();
        let clock = Clock::manual();
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .on_event(events.hook())
            .clock(clock.clone()));
        let body = get(&client, "/busy").unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(body["ok"], true);
        assert_eq!(server.requests().len(), 2, "{name}");
        // Its `retry-after`, on the client's clock.
        assert!(clock.elapsed() >= Duration::from_secs(1), "{name}");
        assert!(
            events.all().iter().any(|event| matches!(
                event,
                Event::Wait {
                    reason: WaitReason::Limit {
                        refused: Some(StatusCode::FORBIDDEN)
                    },
                    ..
                }
            )),
            "{name}: {:?}",
            events.all()
        );
    }
}
