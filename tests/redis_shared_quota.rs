//! Two processes, one quota, no request past it.
//!
//! A loopback server limits requests as GitHub does: `LIMIT` requests per
//! window of `WINDOW` seconds (windows start at whole multiples of it),
//! answering `x-ratelimit-limit`, `-remaining`, `-used`, `-reset` and
//! `-resource`, and a `403` with `x-ratelimit-remaining: 0` and GitHub's
//! message past the quota. This program runs two copies of itself as
//! workers, each sending `REQUESTS` requests through a blocking client:
//!
//! - **shared**: both clients keep their rate-limit state in one
//!   `RedisStore` namespace of a `redis-server` of the test's own. Every
//!   request succeeds, the server refuses none, and no window receives
//!   more than `LIMIT` requests;
//! - **apart**: each client keeps its own state in memory. Each learns the
//!   quota from the answers but not what the other sends, so the server
//!   refuses some requests: the control that shows the first run passes
//!   because the state is shared.
//!
//! A test of its own (`harness = false`): `main` is the test, and the
//! workers are this binary started again with `WORKER` set.

#[path = "support/redis.rs"]
mod redis_server;
#[path = "support/server.rs"]
mod server;

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use endpoint::client::ureq::Client;
use endpoint::client::{Error, RateLimits, RedisStore};
use endpoint::endpoint;
use serde_json::json;

use redis_server::RedisServer;
use server::{Answer, Server};

/// Requests per window.
const LIMIT: u64 = 12;
/// The window, in seconds.
const WINDOW: u64 = 2;
/// Requests each worker sends.
const REQUESTS: usize = 30;
/// Names the role of a worker process: `shared` or `apart`.
const WORKER: &str = "ENDPOINT_QUOTA_WORKER";
const BASE_URL: &str = "ENDPOINT_QUOTA_BASE_URL";
const REDIS_URL: &str = "ENDPOINT_QUOTA_REDIS_URL";
/// The namespace both workers of a shared run open: one token.
const NAMESPACE: &str = "endpoint:test-token";

endpoint! {
    /// A request counted against the `core` quota.
    struct GetThing = "GET /things/{id}" {
        id: usize,
    }
}

fn main() {
    if let Ok(role) = std::env::var(WORKER) {
        return worker(&role);
    }
    let started = Instant::now();
    let redis = RedisServer::start();

    let shared = run("shared", Some(&redis.url()));
    println!("shared: {shared}");
    let apart = run("apart", None);
    println!("apart: {apart}");

    assert_eq!(shared.succeeded, 2 * REQUESTS, "shared: {shared}");
    assert_eq!(
        shared.refused, 0,
        "shared: the server refused requests: {shared}"
    );
    assert!(
        shared.busiest <= LIMIT,
        "shared: a window received {} requests, past the quota of {LIMIT}: {shared}",
        shared.busiest
    );
    assert!(
        apart.refused > 0,
        "apart: the server refused nothing, so the shared run proves nothing: {apart}"
    );
    println!(
        "test shared_quota_holds ... ok\ntest apart_quota_is_overrun ... ok\n2 passed, 0 failed ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
}

/// What the server saw of a run, and what the workers said of it.
struct Outcome {
    /// Requests the workers' calls ended with a success.
    succeeded: usize,
    /// Requests the server received.
    received: u64,
    /// Requests the server refused.
    refused: u64,
    /// The most requests one window received.
    busiest: u64,
    /// Windows the requests were spread over.
    windows: usize,
    seconds: f64,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} calls succeeded; the server received {} requests and refused {}, \
             at most {} in one window of {WINDOW} s, over {} windows, in {:.1} s",
            self.succeeded, self.received, self.refused, self.busiest, self.windows, self.seconds
        )
    }
}

/// Runs two workers of `role` against a new rate-limited server.
fn run(role: &str, redis_url: Option<&str>) -> Outcome {
    // Requests received in each window.
    let windows: Arc<Mutex<BTreeMap<u64, u64>>> = Arc::default();
    let counted = Arc::clone(&windows);
    let server = Server::start(move |_| {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        let window = now.as_secs() / WINDOW;
        let reset = ((window + 1) * WINDOW).to_string();
        let mut windows = counted.lock().unwrap_or_else(PoisonError::into_inner);
        let used = windows.entry(window).or_default();
        *used += 1;
        let used = *used;
        let answer = if used > LIMIT {
            Answer::json(
                403,
                &json!({
                    "message": "API rate limit exceeded for user ID 1. If you reach out to \
                                GitHub Support for help, please include the request ID.",
                    "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
                    "status": "403",
                }),
            )
        } else {
            Answer::json(200, &json!({ "used": used }))
        };
        answer
            .with_header("x-ratelimit-limit", &LIMIT.to_string())
            .with_header(
                "x-ratelimit-remaining",
                &LIMIT.saturating_sub(used).to_string(),
            )
            .with_header("x-ratelimit-used", &used.min(LIMIT).to_string())
            .with_header("x-ratelimit-reset", &reset)
            .with_header("x-ratelimit-resource", "core")
    });
    let started = Instant::now();
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let mut command = Command::new(std::env::current_exe().unwrap());
            command
                .env(WORKER, role)
                .env(BASE_URL, server.base_url())
                .env_remove(REDIS_URL)
                .stdout(Stdio::piped());
            if let Some(url) = redis_url {
                command.env(REDIS_URL, url);
            }
            command
                .spawn()
                .expect("the test binary starts again as a worker")
        })
        .collect();
    let mut succeeded = 0;
    for worker in workers {
        let output = worker.wait_with_output().unwrap();
        let report = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "a {role} worker failed ({}): {report}",
            output.status
        );
        succeeded += report
            .lines()
            .find_map(|line| line.strip_prefix("succeeded "))
            .and_then(|count| count.trim().parse::<usize>().ok())
            .unwrap_or_else(|| panic!("a {role} worker said nothing: {report}"));
    }
    let seconds = started.elapsed().as_secs_f64();
    let windows = windows.lock().unwrap_or_else(PoisonError::into_inner);
    let received: u64 = windows.values().sum();
    assert_eq!(received as usize, server.requests().len());
    Outcome {
        succeeded,
        received,
        refused: windows.values().map(|n| n.saturating_sub(LIMIT)).sum(),
        busiest: windows.values().copied().max().unwrap_or(0),
        windows: windows.len(),
        seconds,
    }
}

/// A worker: sends `REQUESTS` requests one after another, and prints how
/// many succeeded.
fn worker(role: &str) {
    let base_url = std::env::var(BASE_URL).expect("the server's URL");
    let limits = match std::env::var(REDIS_URL) {
        Ok(url) => RateLimits::default().store(RedisStore::open(&url, NAMESPACE).unwrap()),
        Err(_) => RateLimits::default(),
    }
    // A refusal waits for the next window, however often.
    .max_retries(10);
    let client = Client::builder()
        .base_url(base_url)
        .rate_limits(limits)
        .build()
        .unwrap();
    let mut succeeded = 0;
    for id in 0..REQUESTS {
        match client.send(&GetThing { id }) {
            Ok(_) => succeeded += 1,
            Err(Error::RateLimited { .. }) if role == "apart" => {}
            Err(error) => panic!("request {id}: {error}"),
        }
    }
    println!("succeeded {succeeded}");
}
