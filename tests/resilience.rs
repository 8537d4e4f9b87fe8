//! What a client made by its builder does on its own, through both clients
//! against the loopback server: retries of failures that may pass, rate
//! limits waited out (and shared by threads), writes spaced, conditional
//! requests answered from the cache, timeouts, and the events a program
//! sees. Every wait for a rate limit or a spacing is on a manual clock
//! ([`Clock::manual`]): exact, and no time.

use crate::{backends, server};

use std::io::Write;
use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, UNIX_EPOCH};

use endpoint::client::{
    ClientBuilder, Clock, Error, Event, GitHubPolicy, MemoryCache, RateLimitKind, RateLimits,
    Retry, RetryReason, WaitReason,
};
use endpoint::endpoint;
use serde::Deserialize;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend, Events, quick_retries};
use server::{Answer, Received, Server};

fn get(backend: &Backend, path: &str) -> Result<Value, Error> {
    let request = backend
        .endpoint()
        .endpoint(&format!("GET {path}"), json!({}))
        .expect("a valid route");
    backend.execute::<Value>(request).map(|answer| answer.body)
}

/// Answers `statuses` in turn (then 200s), counting the requests.
fn answering(statuses: &[u16]) -> impl FnMut(&Received) -> Answer + Send + 'static {
    let statuses = statuses.to_vec();
    let mut served = 0;
    move |_| {
        let status = statuses.get(served).copied().unwrap_or(200);
        served += 1;
        Answer::json(status, &json!({"message": format!("answer {served}")}))
    }
}

#[test]
fn failures_that_may_pass_are_retried_and_others_are_not() {
    for name in BACKENDS {
        let events = Events::default();
        // 502, 502, then 200: two retries, then the answer.
        let server = Server::start(answering(&[502, 502]));
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .retry(quick_retries())
            .on_event(events.hook()));
        let body = get(&client, "/flaky").expect("the third try succeeds");
        assert_eq!(body["message"], "answer 3", "{name}");
        assert_eq!(server.requests().len(), 3, "{name}");
        let retries: Vec<_> = events
            .all()
            .into_iter()
            .filter_map(|event| match event {
                Event::Retry { retry, reason, .. } => Some((retry, reason)),
                _ => None,
            })
            .collect();
        assert_eq!(
            retries,
            [
                (1, RetryReason::Status(http::StatusCode::BAD_GATEWAY)),
                (2, RetryReason::Status(http::StatusCode::BAD_GATEWAY)),
            ],
            "{name}"
        );

        // 500 on every try: the last answer's error after 3 retries.
        let server = Server::start(answering(&[500; 10]));
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .retry(quick_retries()));
        let error = get(&client, "/broken").unwrap_err();
        assert_eq!(
            error.status(),
            Some(http::StatusCode::INTERNAL_SERVER_ERROR)
        );
        assert_eq!(
            error.api_error().unwrap().message.as_deref(),
            Some("answer 4"),
            "{name}: the last answer's error"
        );
        assert_eq!(server.requests().len(), 4, "{name}");

        // Never retried: what another try would get again.
        for status in [400, 401, 403, 404, 410, 422, 451] {
            let server = Server::start(answering(&[status]));
            let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
                .retry(quick_retries()));
            let error = get(&client, "/refused").unwrap_err();
            assert_eq!(error.status().map(|s| s.as_u16()), Some(status));
            assert_eq!(
                server.requests().len(),
                1,
                "{name}: {status} was sent again"
            );
        }

        // Retries off: one try.
        let server = Server::start(answering(&[503, 503]));
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .retry(Retry::never()));
        assert!(get(&client, "/once").is_err());
        assert_eq!(server.requests().len(), 1, "{name}");
    }
}

/// An answer of `body` whose `content-length` promises more bytes than it
/// sends, when `cut` is true.
fn raw_answer(body: &str, cut: bool) -> Vec<u8> {
    let length = body.len() + if cut { 64 } else { 0 };
    format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {length}\r\nconnection: close\r\n\r\n{body}"
    )
    .into_bytes()
}

#[test]
fn a_connection_closed_mid_answer_is_retried() {
    for name in BACKENDS {
        let mut number = 0;
        let server = Server::raw(move |mut stream, _| {
            number += 1;
            let answer = raw_answer(&format!("{{\"try\":{number}}}"), number == 1);
            let _ = stream.write_all(&answer);
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .retry(quick_retries()));
        let body = get(&client, "/cut").expect("the second try succeeds");
        assert_eq!(body["try"], 2, "{name}");
        assert_eq!(server.requests().len(), 2, "{name}");

        // Without retries, the cut is a transport error.
        let server = Server::raw(|mut stream, _| {
            let _ = stream.write_all(&raw_answer("{\"long\":\"xxxxxxxx\"}", true));
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .retry(Retry::never()));
        let error = get(&client, "/cut").unwrap_err();
        assert!(
            matches!(error, Error::Transport { .. }),
            "{name}: {error:?}"
        );
    }
}

#[test]
fn a_server_that_never_answers_times_out_within_the_bound_and_is_retried() {
    for name in BACKENDS {
        // Accepts connections, reads nothing, answers nothing.
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let accepted = Arc::new(AtomicUsize::new(0));
        let counting = Arc::clone(&accepted);
        std::thread::spawn(move || {
            let mut open = Vec::new();
            for stream in listener.incoming().take(3).flatten() {
                counting.fetch_add(1, Ordering::SeqCst);
                open.push(stream);
            }
            std::thread::sleep(Duration::from_secs(5));
        });
        let started = Instant::now();
        let client = client!(name, &base_url, |b: ClientBuilder<_>| b
            .timeout(Duration::from_millis(250))
            .retry(quick_retries().max_retries(2)));
        let error = get(&client, "/silent").unwrap_err();
        let elapsed = started.elapsed();
        // The last timeout, said to come after the retries.
        assert!(
            matches!(error, Error::GaveUp { retries: 2, .. })
                && matches!(error.last(), Error::Transport { .. }),
            "{name}: {error:?}"
        );
        assert!(
            error.to_string().contains("(after 2 retries, "),
            "{name}: {error}"
        );
        // Three tries of 250 ms and two short waits; far less than one
        // request of the default timeout, however loaded the machine.
        assert!(elapsed >= Duration::from_millis(750), "{name}: {elapsed:?}");
        assert!(elapsed < Duration::from_secs(10), "{name}: {elapsed:?}");
        assert_eq!(accepted.load(Ordering::SeqCst), 3, "{name}");
    }
}

/// Unix seconds, `from_now` seconds from now by `clock`, rounded up.
fn unix_in(clock: &Clock, from_now: u64) -> u64 {
    unix_now(clock) + 1 + from_now
}

/// Unix seconds by `clock`.
fn unix_now(clock: &Clock) -> u64 {
    clock.now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

#[test]
fn secondary_limits_and_429s_are_waited_out() {
    for name in BACKENDS {
        // GitHub's secondary limit, to a client told GitHub's rules; any
        // API's 429.
        for (refusal, github) in [
            (
                Answer::json(
                    403,
                    &json!({"message": "You have exceeded a secondary rate limit."}),
                )
                .with_header("retry-after", "1"),
                true,
            ),
            (
                Answer::json(429, &json!({"error": "slow down"})).with_header("retry-after", "1"),
                false,
            ),
        ] {
            let events = Events::default();
            let mut first = Some(refusal.clone());
            let server = Server::start(move |_| {
                first
                    .take()
                    .unwrap_or_else(|| Answer::json(200, &json!({"ok": true})))
            });
            let clock = Clock::manual();
            let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| {
                let b = b.on_event(events.hook()).clock(clock.clone());
                if github { b.policy(GitHubPolicy) } else { b }
            });
            let body = get(&client, "/busy").expect("the retry succeeds");
            assert_eq!(body["ok"], true);
            // The second's wait, not the minute of a refusal that names no
            // time, on the client's clock.
            let waits: Vec<Duration> = events
                .all()
                .iter()
                .filter_map(|event| match event {
                    Event::Wait { wait, .. } => Some(*wait),
                    _ => None,
                })
                .collect();
            assert_eq!(waits, [Duration::from_secs(1)], "{name}");
            assert!(clock.elapsed() >= Duration::from_secs(1), "{name}");
            assert_eq!(server.requests().len(), 2, "{name}");
            // GitHub's refusal in GitHub's words; another API's by its status.
            assert!(
                events.all().iter().any(|event| matches!(
                    event,
                    Event::Wait {
                        reason: WaitReason::RateLimit {
                            kind: RateLimitKind::Pause,
                            refused: true,
                            ..
                        } | WaitReason::Limit {
                            refused: Some(http::StatusCode::TOO_MANY_REQUESTS)
                        },
                        ..
                    }
                )),
                "{name}: {:?}",
                events.all()
            );
        }
    }
}

/// A refusal of the primary limit, the window resetting at `reset`.
fn primary_refusal(reset: u64) -> Answer {
    primary_refusal_of("core", reset)
}

/// A refusal of the primary limit of `resource`.
fn primary_refusal_of(resource: &str, reset: u64) -> Answer {
    Answer::json(
        403,
        &json!({"message": "API rate limit exceeded for user ID 1."}),
    )
    .with_header("x-ratelimit-limit", "60")
    .with_header("x-ratelimit-remaining", "0")
    .with_header("x-ratelimit-reset", &reset.to_string())
    .with_header("x-ratelimit-resource", resource)
}

#[test]
fn a_spent_quota_is_waited_for_when_its_reset_is_near() {
    for name in BACKENDS {
        let clock = Clock::manual();
        let reset = unix_in(&clock, 1);
        let mut first = Some(primary_refusal(reset));
        let server = Server::start(move |_| {
            first
                .take()
                .unwrap_or_else(|| Answer::json(200, &json!({"ok": true})))
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .clock(clock.clone()));
        let body = get(&client, "/quota").expect("sent again after the reset");
        assert_eq!(body["ok"], true);
        assert!(
            unix_now(&clock) >= reset,
            "{name}: sent again before the reset"
        );
        // Waited until the reset, not an hour.
        assert!(clock.elapsed() <= Duration::from_secs(5), "{name}");
        assert_eq!(server.requests().len(), 2, "{name}");
    }
}

#[test]
fn a_spent_quota_of_a_resource_the_path_does_not_tell_is_waited_for_too() {
    for name in BACKENDS {
        let clock = Clock::manual();
        let reset = unix_in(&clock, 1);
        let server_clock = clock.clone();
        let server = Server::start(move |_| {
            if unix_now(&server_clock) < reset {
                primary_refusal_of("source_import", reset)
            } else {
                Answer::json(200, &json!({"ok": true}))
            }
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .clock(clock.clone()));
        let body = get(&client, "/repos/o/r/import").expect("sent again after the reset");
        assert_eq!(body["ok"], true);
        assert_eq!(server.requests().len(), 2, "{name}: refused more than once");
    }
}

#[test]
fn a_spent_quota_whose_reset_is_far_is_an_error_at_once() {
    for name in BACKENDS {
        let clock = Clock::manual();
        let reset = unix_in(&clock, 3600);
        let server = Server::start(move |_| primary_refusal(reset));
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .clock(clock.clone()));
        let error = get(&client, "/quota").unwrap_err();
        // At once: not the hour to the reset.
        assert!(clock.elapsed() < Duration::from_secs(60), "{name}");
        let Error::RateLimited {
            kind,
            retry_at,
            answer,
        } = &error
        else {
            panic!("{name}: expected a rate limit, got {error:?}");
        };
        assert_eq!(*kind, RateLimitKind::Quota);
        assert_eq!(*retry_at, Some(UNIX_EPOCH + Duration::from_secs(reset)));
        assert_eq!(answer.as_ref().unwrap().status, 403);
        // The next call is not sent at all: the client knows the quota is spent.
        let error = get(&client, "/quota").unwrap_err();
        assert!(
            matches!(error, Error::RateLimited { answer: None, .. }),
            "{name}: {error:?}"
        );
        assert!(error.to_string().starts_with("not sent"), "{error}");
        assert_eq!(server.requests().len(), 1, "{name}");

        // With a longer bound the client would wait; with rate limits off it
        // reports the refusal as it is.
        let server = Server::start(move |_| primary_refusal(reset));
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .rate_limits(RateLimits::off()));
        assert!(matches!(
            get(&client, "/quota").unwrap_err(),
            Error::RateLimited {
                answer: Some(_),
                ..
            }
        ));
        assert!(matches!(
            get(&client, "/quota").unwrap_err(),
            Error::RateLimited {
                answer: Some(_),
                ..
            }
        ));
        assert_eq!(server.requests().len(), 2, "{name}");
    }
}

/// A server whose first answer says the quota is spent until `reset`,
/// refusing every request before it by `clock` and answering every one
/// after.
fn spent_until(reset: u64, clock: Clock) -> impl FnMut(&Received) -> Answer + Send + 'static {
    let mut first = true;
    move |_| {
        let now = unix_now(&clock);
        if std::mem::take(&mut first) {
            return Answer::json(200, &json!({"ok": true}))
                .with_header("x-ratelimit-remaining", "0")
                .with_header("x-ratelimit-reset", &reset.to_string())
                .with_header("x-ratelimit-resource", "core");
        }
        if now < reset {
            return primary_refusal(reset);
        }
        Answer::json(200, &json!({"ok": true}))
            .with_header("x-ratelimit-remaining", "4999")
            .with_header("x-ratelimit-reset", &(reset + 3600).to_string())
            .with_header("x-ratelimit-resource", "core")
    }
}

#[test]
fn threads_sharing_a_client_wait_together_for_a_spent_quota() {
    const THREADS: usize = 8;
    const EACH: usize = 3;
    for name in BACKENDS {
        let clock = Clock::manual();
        let reset = unix_in(&clock, 1);
        let server = Server::start(spent_until(reset, clock.clone()));
        // A connection per request: the loopback server reads connections
        // on a pool of threads, and one opened while eight others are kept
        // alive can wait in the pool's queue (see `Server::start_concurrent`).
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .header("connection", "close")
            .clock(clock.clone()));
        // The first answer says the quota is spent.
        get(&client, "/first").expect("the first answer");
        let results: Vec<Result<Value, Error>> = match &client {
            Backend::Ureq(client) => std::thread::scope(|scope| {
                let handles: Vec<_> = (0..THREADS)
                    .map(|_| {
                        let client = client.clone();
                        scope.spawn(move || {
                            (0..EACH)
                                .map(|_| {
                                    let request =
                                        client.endpoint().endpoint("GET /work", json!({})).unwrap();
                                    client.execute::<Value>(request).map(|a| a.body)
                                })
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|handle| handle.join().unwrap())
                    .collect()
            }),
            Backend::Reqwest(client, runtime) => runtime.block_on(async {
                let tasks: Vec<_> = (0..THREADS)
                    .map(|_| {
                        let client = client.clone();
                        tokio::spawn(async move {
                            let mut results = Vec::new();
                            for _ in 0..EACH {
                                let request =
                                    client.endpoint().endpoint("GET /work", json!({})).unwrap();
                                results
                                    .push(client.execute::<Value>(request).await.map(|a| a.body));
                            }
                            results
                        })
                    })
                    .collect();
                let mut all = Vec::new();
                for task in tasks {
                    all.extend(task.await.unwrap());
                }
                all
            }),
        };
        assert_eq!(results.len(), THREADS * EACH);
        for result in &results {
            assert_eq!(result.as_ref().expect("every request succeeds")["ok"], true);
        }
        // Received by the server: the first request, then nothing before
        // the reset, then every request once.
        let requests = server.requests();
        assert_eq!(
            requests.len(),
            1 + THREADS * EACH,
            "{name}: a request was refused and sent again"
        );
        assert!(unix_now(&clock) >= reset, "{name}");
    }
}

#[test]
fn writes_are_spaced() {
    endpoint! {
        /// Creates a label.
        struct CreateLabel = "POST /repos/{owner}/{repo}/labels" -> Value;
    }
    for name in BACKENDS {
        let events = Events::default();
        let server = Server::start(|_| Answer::json(201, &json!({"ok": true})));
        let clock = Clock::manual();
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .rate_limits(RateLimits::default().write_spacing(Duration::from_millis(300)))
            .on_event(events.hook())
            .clock(clock.clone()));
        for _ in 0..3 {
            client
                .send(&CreateLabel {
                    owner: "o".into(),
                    repo: "r".into(),
                })
                .expect("created");
        }
        // Two spacings of 300 ms, on the client's clock.
        let spaced: Vec<Duration> = events
            .all()
            .iter()
            .filter_map(|event| match event {
                Event::Wait {
                    wait,
                    reason: WaitReason::Spacing { lane: "write" },
                    ..
                } => Some(*wait),
                _ => None,
            })
            .collect();
        assert_eq!(spaced, [Duration::from_millis(300); 2], "{name}");
        assert!(clock.elapsed() >= Duration::from_millis(600), "{name}");
        // Reads are not spaced.
        for _ in 0..3 {
            get(&client, "/read").unwrap();
        }
        assert_eq!(
            events.all().len(),
            spaced.len(),
            "{name}: {:?}",
            events.all()
        );
    }
}

#[derive(Debug, Deserialize, PartialEq)]
struct Item {
    id: u64,
}

endpoint! {
    /// The items of a list, in pages.
    struct ListItems = "GET /items{?page}" -> Vec<Item>;
}

/// A server answering pages 1 to 3 of `/items` with an `ETag` each, and a
/// 304 to a request naming the page's current tag.
fn tagged_pages() -> impl FnMut(&Received) -> Answer + Send + 'static {
    |received| {
        let page: u64 = received
            .url
            .split("page=")
            .nth(1)
            .and_then(|page| page.parse().ok())
            .unwrap_or(1);
        let tag = format!("\"page-{page}\"");
        if received.optional_header("if-none-match") == Some(tag.as_str()) {
            return Answer {
                status: 304,
                headers: vec![("etag".into(), tag)],
                body: Vec::new(),
            }
            .with_header("x-ratelimit-remaining", "4000");
        }
        let mut answer = Answer::json(200, &json!([{"id": page * 10}, {"id": page * 10 + 1}]))
            .with_header("etag", &tag)
            .with_header("x-ratelimit-remaining", "4999");
        if page < 3 {
            answer =
                answer.with_header("link", &format!("</items?page={}>; rel=\"next\"", page + 1));
        }
        answer
    }
}

#[test]
fn conditional_requests_are_answered_from_the_cache() {
    for name in BACKENDS {
        let server = Server::start(tagged_pages());
        let cache = Arc::new(MemoryCache::new(1 << 20));
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .cache(Arc::clone(&cache)));

        let first = client.send(&ListItems { page: None }).unwrap();
        let second = client.send(&ListItems { page: None }).unwrap();
        assert_eq!(first.body, second.body, "{name}");
        assert_eq!(second.status, 200);
        // The 304's fresh headers, over the kept ones.
        assert_eq!(second.rate_limit().remaining, Some(4000), "{name}");
        let requests = server.requests();
        assert_eq!(requests[0].optional_header("if-none-match"), None);
        assert_eq!(
            requests[1].optional_header("if-none-match"),
            Some("\"page-1\"")
        );

        // Every page, twice: the second walk sends only conditional requests.
        let items = client.paginate(&ListItems { page: None }).ok();
        let again = client.paginate(&ListItems { page: None }).ok();
        assert_eq!(items, again, "{name}");
        assert_eq!(items.len(), 6);
        let walks = server.requests();
        assert_eq!(walks.len(), 6, "{name}");
        for request in &walks[3..] {
            assert!(
                request.optional_header("if-none-match").is_some(),
                "{name}: {}",
                request.url
            );
        }
        assert_eq!(cache.len(), 3, "{name}");
    }
}

#[test]
fn without_a_cache_nothing_is_conditional() {
    for name in BACKENDS {
        let server = Server::start(tagged_pages());
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b);
        client.send(&ListItems { page: None }).unwrap();
        client.send(&ListItems { page: None }).unwrap();
        for request in server.requests() {
            assert_eq!(request.optional_header("if-none-match"), None, "{name}");
        }
    }
}

#[test]
fn events_read_as_sentences() {
    let event = Event::Retry {
        method: http::Method::GET,
        url: "https://api.example.com/x".into(),
        retry: 2,
        wait: Duration::from_millis(1500),
        reason: RetryReason::Status(http::StatusCode::BAD_GATEWAY),
        idempotency_key: None,
    };
    assert_eq!(
        event.to_string(),
        "GET https://api.example.com/x answered 502 Bad Gateway; retry 2 in 1.5 s"
    );
    let event = Event::Retry {
        method: http::Method::POST,
        url: "https://api.example.com/x".into(),
        retry: 1,
        wait: Duration::from_millis(500),
        reason: RetryReason::Status(http::StatusCode::SERVICE_UNAVAILABLE),
        idempotency_key: Some("k-1".into()),
    };
    assert_eq!(
        event.to_string(),
        "POST https://api.example.com/x answered 503 Service Unavailable; retry 1 in 0.5 s \
         with idempotency key k-1"
    );
}
