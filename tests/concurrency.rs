//! One endpoint shared by many threads gives the results of a single thread.

use std::thread;
use std::time::Instant;

use endpoint::{Endpoint, Error, Request, endpoint};
use serde_json::{Value, json};

/// `Endpoint`, its results and its errors can cross and be shared between threads.
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Endpoint>();
    send_sync::<Request>();
    send_sync::<Error>();
    send_sync::<endpoint::template::Template<'static>>();
};

const THREADS: usize = 8;
const REQUESTS: usize = 100_000;

fn shared_endpoint() -> Endpoint {
    Endpoint::default()
        .defaults(json!({
            "baseUrl": "https://ghe.example.com/api/v3",
            "headers": {"authorization": "token t", "X-Trace": 1},
            "mediaType": {"previews": ["mercy-preview"]},
            "per_page": 100,
        }))
        .expect("defaults")
        .with_credential_host_check(true)
}

/// The route and options of request `i`: mostly the cheapest route there
/// is (the suite runs in a debug build), with one request in 50 of each
/// other kind of work (body, path error, credential error, previews and
/// format). Built once and shared, so that the threads spend their time in
/// the builder.
fn input(i: usize) -> (&'static str, Value) {
    match i % 50 {
        1 => ("POST /x/{n}", json!({"n": i, "a": "b c"})),
        2 => ("GET /x/{n}", json!({"n": "..", "q": i})),
        3 => ("GET https://evil.example/{n}", json!({"n": i})),
        4 => (
            "GET /x{?n}",
            json!({"n": i, "mediaType": {"format": "raw"}}),
        ),
        _ => ("GET /x/{n}", json!({"n": i})),
    }
}

fn call(ep: &Endpoint, (route, options): &(&'static str, Value)) -> Result<Request, Error> {
    ep.endpoint(route, options)
}

#[test]
fn eight_threads_match_one() {
    let ep = shared_endpoint();
    let defaults_before = ep.default_options().clone();

    let inputs: Vec<(&'static str, Value)> = (0..REQUESTS).map(input).collect();
    let inputs_before = inputs.clone();
    let started = Instant::now();
    let expected: Vec<Result<Request, Error>> =
        inputs.iter().map(|input| call(&ep, input)).collect();
    let single = started.elapsed();
    assert!(expected[0].is_ok() && expected[2].is_err());

    let started = Instant::now();
    thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let ep = &ep;
                let expected = &expected;
                let inputs = &inputs;
                scope.spawn(move || {
                    // Each thread walks the requests from its own offset, so
                    // that the threads build different requests at the same time.
                    for k in 0..REQUESTS {
                        let i = (k + t * REQUESTS / THREADS) % REQUESTS;
                        let got = call(ep, &inputs[i]);
                        assert_eq!(got, expected[i], "thread {t}, request {i}");
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().expect("worker thread");
        }
    });
    let parallel = started.elapsed();
    eprintln!(
        "{REQUESTS} requests on one thread: {single:?}; {THREADS} x {REQUESTS} on {THREADS} threads: {parallel:?}"
    );
    assert_eq!(ep.default_options(), &defaults_before);
    assert!(inputs == inputs_before, "a call changed its options");
}

#[test]
fn clones_and_layers_across_threads() {
    let base = shared_endpoint();
    let expected: Vec<Value> = (0..THREADS)
        .map(|t| {
            let layered = base.defaults(json!({"org": format!("org{t}")})).unwrap();
            layered
                .endpoint("GET /orgs/{org}/repos", ())
                .unwrap()
                .to_json()
        })
        .collect();
    thread::scope(|scope| {
        for t in 0..THREADS {
            let base = base.clone();
            let expected = &expected[t];
            scope.spawn(move || {
                for _ in 0..1_000 {
                    let layered = base.defaults(json!({"org": format!("org{t}")})).unwrap();
                    let got = layered.endpoint("GET /orgs/{org}/repos", ()).unwrap();
                    assert_eq!(&got.to_json(), expected);
                }
            });
        }
    });
    assert!(base.default_options().get("org").is_none());
}

#[test]
fn typed_requests_across_threads() {
    endpoint! {
        struct GetIssue = "GET /repos/{owner}/{repo}/issues/{number}";
    }
    let ep = shared_endpoint();
    let request = |i: usize| {
        GetIssue {
            owner: format!("o{}", i % 7),
            repo: "r".into(),
            number: i.to_string(),
        }
        .to_request_with(&ep)
    };
    let expected: Vec<_> = (0..10_000).map(request).collect();
    thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                for (i, want) in expected.iter().enumerate() {
                    assert_eq!(&request(i), want);
                }
            });
        }
    });
}
