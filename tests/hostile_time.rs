//! Servers that send absurd times, names and limits, through both clients
//! against the loopback server: times past the end of any clock, a new
//! rate-limit resource in every answer, another origin spending the API's
//! quota, a server that never answers or refuses with no time to wait. No
//! call panics, no state grows without bound, and every call ends within
//! its deadline, saying why. The waits and deadlines of the client are on
//! a manual clock ([`Clock::manual`]) where the network is not what is
//! waited for: exact, and no time.

use crate::{backends, server};

use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use endpoint::client::{
    ClientBuilder, Clock, Error, Event, GitHubPolicy, MemoryStore, RateLimit, RateLimits, Retry,
    WaitReason, reqwest, ureq,
};
use proptest::prelude::*;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend, Events};
use server::{Answer, Server};

/// The most a call of these tests may take, however loaded the machine:
/// far below what the defaults would hold it (minutes), far above the
/// couple of seconds its settings allow.
const MARGIN: Duration = Duration::from_secs(10);

fn get(backend: &Backend, path: &str) -> Result<Value, Error> {
    backend
        .call::<Value>(&format!("GET {path}"), json!({}))
        .map(|answer| answer.body)
}

/// Unix seconds, `from_now` seconds from now.
fn unix_in(from_now: u64) -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + from_now
}

/// The first second of the year 3000, in Unix seconds.
const YEAR_3000: u64 = 32_503_680_000;

/// An HTTP date in the year 10^12.
const FAR_DATE: &str = "Sun, 06 Nov 1000000000000 08:49:37 GMT";

// Times past the end of any clock.

#[test]
fn a_reset_at_the_end_of_time_with_a_date_of_1970_is_no_panic() {
    for name in BACKENDS {
        let server = Server::start(|_| {
            Answer::json(200, &json!({"ok": true}))
                .with_header("x-ratelimit-remaining", "5")
                .with_header("x-ratelimit-reset", "9223372036854775807")
                .with_header("date", "Thu, 01 Jan 1970 00:00:00 GMT")
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b);
        for _ in 0..3 {
            let body = get(&client, "/far").unwrap_or_else(|error| panic!("{name}: {error}"));
            assert_eq!(body["ok"], true, "{name}");
        }
        // A reset of no year a server means (seconds past the year 5138,
        // milliseconds past it too) is no reset.
        let answer = client
            .call::<Value>("GET /far", json!({}))
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(answer.rate_limit().reset, None, "{name}");
        assert_eq!(server.requests().len(), 4, "{name}");
    }
}

#[test]
fn dates_of_the_year_ten_to_the_twelfth_are_no_panic() {
    for name in BACKENDS {
        let served = Arc::new(AtomicUsize::new(0));
        let counting = Arc::clone(&served);
        let server = Server::start(move |_| {
            match counting.fetch_add(1, Ordering::SeqCst) {
                // A quota and a date no clock reaches.
                0 => Answer::json(200, &json!({"ok": true}))
                    .with_header("x-ratelimit-remaining", "5")
                    .with_header("x-ratelimit-reset", &unix_in(3600).to_string())
                    .with_header("date", FAR_DATE),
                // A refusal whose `retry-after` is such a date: it names no
                // time anyone can wait for.
                _ => Answer::json(429, &json!({"error": "later"}))
                    .with_header("retry-after", FAR_DATE)
                    .with_header("date", FAR_DATE),
            }
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .rate_limits(RateLimits::default().max_wait(Duration::from_millis(100))));
        let body = get(&client, "/first").unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(body["ok"], true, "{name}");
        let error = get(&client, "/second").unwrap_err();
        let Error::RateLimited {
            retry_at: Some(retry_at),
            answer: Some(answer),
            ..
        } = &error
        else {
            panic!("{name}: expected a refusal, got {error:?}");
        };
        assert_eq!(answer.status, 429, "{name}");
        assert_eq!(answer.rate_limit().retry_after, None, "{name}");
        // The wait of a refusal that names no time (a second for any API),
        // not the date's.
        let wait = retry_at
            .duration_since(SystemTime::now())
            .unwrap_or_default();
        assert!(wait <= Duration::from_secs(60), "{name}: {wait:?}");
        assert_eq!(served.load(Ordering::SeqCst), 2, "{name}");
    }
}

proptest! {
    #[test]
    fn rate_limit_headers_never_panic(
        remaining in any::<u64>(),
        reset in any::<u64>(),
        retry_after in any::<u64>(),
        year in any::<u64>(),
        month in 0usize..13,
        day in 0u64..40,
        clock in (0u64..30, 0u64..70, 0u64..70),
        texts in proptest::collection::vec("[ -~]{0,40}", 6),
    ) {
        const MONTHS: [&str; 13] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Foo",
        ];
        let date = format!(
            "Sun, {day:02} {} {year} {:02}:{:02}:{:02} GMT",
            MONTHS[month], clock.0, clock.1, clock.2
        );
        let numbers = [
            ("x-ratelimit-remaining", remaining.to_string()),
            ("x-ratelimit-reset", reset.to_string()),
            ("retry-after", retry_after.to_string()),
            ("date", date.clone()),
        ];
        let names = [
            "x-ratelimit-limit",
            "x-ratelimit-remaining",
            "x-ratelimit-reset",
            "x-ratelimit-resource",
            "retry-after",
            "date",
        ];
        let mut sets: Vec<Vec<(&str, String)>> = vec![numbers.to_vec()];
        sets.push(names.iter().copied().zip(texts.iter().cloned()).collect());
        sets.push(vec![("retry-after", date.clone()), ("date", date)]);
        for set in sets {
            let mut headers = http::HeaderMap::new();
            for (name, value) in set {
                if let Ok(value) = http::HeaderValue::from_str(&value) {
                    headers.insert(name, value);
                }
            }
            let limit = RateLimit::from_headers(&headers);
            if let Some(reset) = limit.reset {
                prop_assert!(reset >= UNIX_EPOCH);
            }
        }
    }

    /// The IETF's fields, as Structured Field Values of any shape and as
    /// any printable text: read or ignored, never a panic, and a quota
    /// left is one the field names.
    #[test]
    fn ietf_rate_limit_fields_never_panic(
        members in proptest::collection::vec(
            (
                "[a-z\"*]{0,8}",
                proptest::collection::vec(("[a-z]{1,3}", "-?[0-9]{1,20}|[a-z?:();\"]{0,6}"), 0..4),
            ),
            0..5,
        ),
        texts in proptest::collection::vec("[ -~]{0,60}", 5),
    ) {
        let field: Vec<String> = members
            .iter()
            .map(|(name, params)| {
                let params: String = params.iter().map(|(key, value)| format!(";{key}={value}")).collect();
                format!("{name}{params}")
            })
            .collect();
        let field = field.join(", ");
        let names = ["ratelimit", "ratelimit-policy", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];
        let sets = [
            names.iter().map(|name| (*name, field.clone())).collect::<Vec<_>>(),
            names.iter().copied().zip(texts.iter().cloned()).collect(),
        ];
        for set in sets {
            let mut headers = http::HeaderMap::new();
            for (name, value) in &set {
                if let Ok(value) = http::HeaderValue::from_str(value) {
                    headers.append(*name, value);
                }
            }
            let limit = RateLimit::from_headers(&headers);
            if let Some(remaining) = limit.remaining {
                let named = set.iter().any(|(_, value)| value.contains(&remaining.to_string()));
                prop_assert!(named, "{remaining} from {set:?}");
            }
        }
    }
}

// Rate-limit state that answers cannot grow.

#[test]
fn a_new_resource_in_every_answer_keeps_the_state_bounded() {
    // Through the store: 20,000 answers, each naming a resource of its own.
    let store = MemoryStore::new();
    let reset = SystemTime::now() + Duration::from_secs(3600);
    for n in 0..20_000 {
        endpoint::client::RateLimitStore::update(&store, &format!("resource-{n}"), 10, reset)
            .unwrap();
    }
    assert_eq!(store.len(), MemoryStore::MAX_RESOURCES);

    // Through each client with GitHub's rules, whose answers name their
    // resource: more names than the store keeps, each from an answer; the
    // API's own quota, known all along, is still honoured. With any other
    // API's, whose quota is one, the store holds that one.
    for (name, github) in BACKENDS
        .into_iter()
        .flat_map(|name| [(name, true), (name, false)])
    {
        let store = Arc::new(MemoryStore::new());
        let served = Arc::new(AtomicUsize::new(0));
        let counting = Arc::clone(&served);
        let reset = unix_in(3600).to_string();
        let server = Server::start(move |_| {
            let n = counting.fetch_add(1, Ordering::SeqCst);
            Answer::json(200, &json!({"n": n}))
                .with_header("x-ratelimit-remaining", "1000")
                .with_header("x-ratelimit-reset", &reset)
                .with_header("x-ratelimit-resource", &format!("resource-{n}"))
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| {
            let b = b.rate_limits(RateLimits::default().store(Arc::clone(&store)));
            if github { b.policy(GitHubPolicy) } else { b }
        });
        let answers = MemoryStore::MAX_RESOURCES * 3;
        for _ in 0..answers {
            get(&client, "/named").unwrap_or_else(|error| panic!("{name}: {error}"));
            assert!(store.len() <= MemoryStore::MAX_RESOURCES, "{name}");
        }
        assert_eq!(served.load(Ordering::SeqCst), answers, "{name}");
        let kept = if github {
            MemoryStore::MAX_RESOURCES
        } else {
            1
        };
        assert_eq!(store.len(), kept, "{name}");
    }
}

// Another origin's limits are not the API's.

/// An answer of another origin saying its quota is spent until the year
/// 3000.
fn spent_until_3000(status: u16, body: &Value) -> Answer {
    Answer::json(status, body)
        .with_header("x-ratelimit-limit", "60")
        .with_header("x-ratelimit-remaining", "0")
        .with_header("x-ratelimit-reset", &YEAR_3000.to_string())
        .with_header("x-ratelimit-resource", "core")
}

#[test]
fn a_page_of_another_origin_does_not_spend_the_apis_quota() {
    for name in BACKENDS {
        let other = Server::start(|_| spent_until_3000(200, &json!([2])));
        let next = format!("<{}/elsewhere?page=2>; rel=\"next\"", other.base_url());
        let api = Server::start(move |received| match received.url.as_str() {
            "/list" => Answer::json(200, &json!([1])).with_header("link", &next),
            _ => Answer::json(200, &json!({"ok": true})),
        });
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b);
        let request = client
            .endpoint()
            .endpoint("GET /list", json!({}))
            .expect("a valid route");
        let items = client.paginate_request::<Value>(request).ok();
        assert_eq!(items, [json!(1), json!(2)], "{name}");
        assert_eq!(other.requests().len(), 1, "{name}");
        // The API's quota is untouched: its next call is sent.
        let body = get(&client, "/after").unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(body["ok"], true, "{name}");
        let urls: Vec<String> = api.requests().into_iter().map(|r| r.url).collect();
        assert_eq!(urls, ["/list", "/after"], "{name}");
    }
}

#[test]
fn a_refusal_of_another_origin_does_not_stop_the_api() {
    for name in BACKENDS {
        let other = Server::start(|_| {
            spent_until_3000(403, &json!({"message": "API rate limit exceeded"}))
        });
        let location = format!("{}/elsewhere", other.base_url());
        let api = Server::start(move |received| match received.url.as_str() {
            "/moved" => Answer::json(302, &json!({})).with_header("location", &location),
            _ => Answer::json(200, &json!({"ok": true})),
        });
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b);
        // The refusal is the redirected call's own answer, at once.
        let error = get(&client, "/moved").unwrap_err();
        assert_eq!(error.status(), Some(http::StatusCode::FORBIDDEN), "{name}");
        assert!(error.api_error().is_some(), "{name}: {error:?}");
        // The API's next call is sent.
        let body = get(&client, "/after").unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(body["ok"], true, "{name}");
        let urls: Vec<String> = api.requests().into_iter().map(|r| r.url).collect();
        assert_eq!(urls, ["/moved", "/after"], "{name}");
    }
}

// A call's deadline.

#[test]
fn a_server_that_never_answers_is_given_up_at_the_deadline() {
    for name in BACKENDS {
        // Accepts connections, reads nothing, answers nothing.
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let accepted = Arc::new(AtomicUsize::new(0));
        let counting = Arc::clone(&accepted);
        std::thread::spawn(move || {
            let mut open = Vec::new();
            for stream in listener.incoming().take(20).flatten() {
                counting.fetch_add(1, Ordering::SeqCst);
                open.push(stream);
            }
            std::thread::sleep(Duration::from_secs(30));
        });
        // The defaults but the deadline: each request would wait 60 s, and
        // be retried 3 times.
        let client = client!(name, &base_url, |b: ClientBuilder<_>| b
            .deadline(Duration::from_millis(1_500)));
        let started = Instant::now();
        let error = get(&client, "/silent").unwrap_err();
        let elapsed = started.elapsed();
        assert!(elapsed < MARGIN, "{name}: {elapsed:?}");
        let Error::GaveUp {
            error: last,
            deadline,
            elapsed: told,
            ..
        } = &error
        else {
            panic!("{name}: expected the deadline, got {error:?}");
        };
        assert_eq!(*deadline, Some(Duration::from_millis(1_500)), "{name}");
        assert!(
            matches!(**last, Error::Transport { .. }),
            "{name}: {last:?}"
        );
        assert!(*told <= elapsed, "{name}");
        let text = error.to_string();
        assert!(
            text.contains("ended by the call's deadline of 1.5 s") && text.contains(" s in all)"),
            "{name}: {text}"
        );
        assert!(accepted.load(Ordering::SeqCst) >= 1, "{name}");
    }
}

#[test]
fn a_429_that_names_no_time_is_returned_not_held_past_the_deadline() {
    for name in BACKENDS {
        for github in [true, false] {
            let server = Server::start(|_| {
                Answer::json(429, &json!({"error": "too many"})).with_header("retry-after", "soon")
            });
            let events = Events::default();
            let clock = Clock::manual();
            let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| {
                let b = b
                    .deadline(Duration::from_secs(2))
                    .on_event(events.hook())
                    .clock(clock.clone());
                if github { b.policy(GitHubPolicy) } else { b }
            });
            let error = get(&client, "/busy").unwrap_err();
            // The refusal itself, said to be ended by the deadline, with the
            // time the call would have retried at.
            assert!(
                matches!(&error, Error::GaveUp { deadline: Some(_), error, .. }
                    if matches!(**error, Error::RateLimited { answer: Some(_), .. })),
                "{name}: {error:?}"
            );
            assert_eq!(error.status(), Some(http::StatusCode::TOO_MANY_REQUESTS));
            let retry_at = error.retry_at().expect("a time to retry");
            let wait = retry_at.duration_since(clock.now()).unwrap_or_default();
            let text = error.to_string();
            assert!(text.contains("deadline of 2 s"), "{name}: {text}");
            assert!(text.contains("retry at "), "{name}: {text}");
            if github {
                // GitHub's advice: a minute, which the deadline does not
                // hold, so nothing is waited nor sent again.
                assert_eq!(wait, Duration::from_secs(60), "{name}");
                assert_eq!(clock.elapsed(), Duration::ZERO, "{name}");
                assert_eq!(server.requests().len(), 1, "{name}");
                assert!(events.all().is_empty(), "{name}: {:?}", events.all());
            } else {
                // Any other API's: 1 s, doubled at each refusal, waited
                // while the deadline holds it: the second, not the two
                // after it.
                assert_eq!(clock.elapsed(), Duration::from_secs(1), "{name}");
                assert_eq!(wait, Duration::from_secs(2), "{name}");
                assert_eq!(server.requests().len(), 2, "{name}");
                assert_eq!(events.all().len(), 1, "{name}: {:?}", events.all());
            }
        }
    }
}

#[test]
fn retries_stop_before_the_deadline_and_say_what_they_cost() {
    for name in BACKENDS {
        let server = Server::start(|_| Answer::json(503, &json!({"message": "down"})));
        // Retries of 400 ms at least, a deadline of 1 s: one retry fits,
        // maybe two, never the third.
        let clock = Clock::manual();
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .retry(
                Retry::default()
                    .base_delay(Duration::from_millis(800))
                    .max_delay(Duration::from_millis(800))
            )
            .deadline(Duration::from_secs(1))
            .clock(clock.clone()));
        let error = get(&client, "/down").unwrap_err();
        assert!(
            clock.elapsed() < Duration::from_secs(1),
            "{name}: {clock:?}"
        );
        let Error::GaveUp {
            retries, deadline, ..
        } = &error
        else {
            panic!("{name}: expected the deadline, got {error:?}");
        };
        assert!(*retries <= 2, "{name}: {error}");
        assert_eq!(*deadline, Some(Duration::from_secs(1)), "{name}");
        // Each try reached the server, but the last retry's may not: its
        // timeout is cut to the time left, which on a loaded machine can end
        // before the server has read it.
        let received = server.requests().len();
        assert!(
            received == *retries as usize + 1 || received == *retries as usize && *retries > 0,
            "{name}: {received} requests received, {retries} retries"
        );
        if received == *retries as usize + 1 {
            // The last answer the call has is the server's.
            assert_eq!(error.status(), Some(http::StatusCode::SERVICE_UNAVAILABLE));
        }

        // Without a deadline in the way, the retries run out, and the error
        // says so.
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b.retry(
            Retry::default()
                .base_delay(Duration::from_millis(20))
                .max_delay(Duration::from_millis(40))
        ));
        let error = get(&client, "/down").unwrap_err();
        let text = error.to_string();
        assert!(
            text.ends_with(" s in all)") && text.contains("down (after 3 retries, "),
            "{name}: {text}"
        );
        assert!(
            matches!(error.last(), Error::Status(_)),
            "{name}: {error:?}"
        );
    }
}

#[test]
fn each_page_is_a_call_of_its_own_deadline() {
    for name in BACKENDS {
        // Four pages of 600 ms each by the client's clock: 2.4 s in all,
        // each well within 2 s.
        let clock = Clock::manual();
        let server_clock = clock.clone();
        let server = Server::start(move |received| {
            server_clock.advance(Duration::from_millis(600));
            let page: u64 = received
                .url
                .rsplit_once("page=")
                .and_then(|(_, page)| page.parse().ok())
                .unwrap_or(1);
            let answer = Answer::json(200, &json!([page]));
            match page {
                4 => answer,
                _ => {
                    answer.with_header("link", &format!("</items?page={}>; rel=\"next\"", page + 1))
                }
            }
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .deadline(Duration::from_secs(2))
            .clock(clock.clone()));
        let request = client
            .endpoint()
            .endpoint("GET /items", json!({}))
            .expect("a valid route");
        let items = client.paginate_request::<u64>(request).ok();
        assert_eq!(items, [1, 2, 3, 4], "{name}");
        assert!(clock.elapsed() >= Duration::from_millis(2_400), "{name}");
    }
}

#[test]
fn a_deadline_is_checked_at_build() {
    let error = ureq::Client::builder()
        .base_url("http://127.0.0.1:1")
        .deadline(Duration::ZERO)
        .build()
        .unwrap_err();
    assert!(
        matches!(
            error,
            Error::Config {
                setting: "deadline",
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        reqwest::Client::builder()
            .base_url("http://127.0.0.1:1")
            .deadline(Duration::ZERO)
            .build()
            .is_err()
    );
}

// What a person reads.

#[test]
fn another_apis_429_is_told_in_its_own_words() {
    for name in BACKENDS {
        let served = Arc::new(AtomicUsize::new(0));
        let counting = Arc::clone(&served);
        let server = Server::start(move |_| match counting.fetch_add(1, Ordering::SeqCst) {
            0 => Answer::json(429, &json!({"error": "slow down"})).with_header("retry-after", "1"),
            1 => Answer::json(200, &json!({"ok": true})),
            _ => {
                Answer::json(429, &json!({"error": "slow down"})).with_header("retry-after", "2520")
            }
        });
        let events = Events::default();
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .on_event(events.hook())
            .rate_limits(RateLimits::default().max_wait(Duration::from_secs(5))));
        get(&client, "/busy").unwrap_or_else(|error| panic!("{name}: {error}"));
        let waits: Vec<String> = events
            .all()
            .iter()
            .filter(|event| {
                matches!(
                    event,
                    Event::Wait {
                        reason: WaitReason::Limit { .. },
                        ..
                    }
                )
            })
            .map(Event::to_string)
            .collect();
        assert_eq!(waits.len(), 1, "{name}: {:?}", events.all());
        assert!(
            waits[0].contains("/busy was refused with 429 Too Many Requests: "),
            "{name}: {}",
            waits[0]
        );
        let error = get(&client, "/later").unwrap_err();
        let text = error.to_string();
        assert!(
            text.contains(
                "the server answered 429 Too Many Requests: slow down; rate limit, retry at "
            ) && text.contains(" UTC (in 42 min)"),
            "{name}: {text}"
        );
        for said in events.all().iter().map(Event::to_string).chain([text]) {
            assert!(
                !said.contains("secondary") && !said.contains("core"),
                "{name}: {said}"
            );
        }
    }
}

#[test]
fn githubs_refusals_name_the_limit_and_the_time() {
    for name in BACKENDS {
        let reset = unix_in(42 * 60 + 30);
        let server = Server::start(move |_| {
            Answer::json(
                403,
                &json!({"message": "API rate limit exceeded for user ID 1."}),
            )
            .with_header("x-ratelimit-remaining", "0")
            .with_header("x-ratelimit-reset", &reset.to_string())
            .with_header("x-ratelimit-resource", "core")
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .policy(GitHubPolicy));
        let error = get(&client, "/repos/o/r").unwrap_err();
        let text = error.to_string();
        let at = UNIX_EPOCH + Duration::from_secs(reset);
        assert_eq!(error.retry_at(), Some(at), "{name}");
        assert!(
            text.ends_with(" UTC (in 43 min)") && text.contains("; primary rate limit, retry at "),
            "{name}: {text}"
        );
        // The next call is not sent, and says when it may be.
        let error = get(&client, "/repos/o/r").unwrap_err();
        let text = error.to_string();
        assert!(
            text.starts_with("not sent: the rate limit's quota is spent, retry at ")
                && text.ends_with(" UTC (in 43 min)"),
            "{name}: {text}"
        );
        assert_eq!(server.requests().len(), 1, "{name}");
    }
}
