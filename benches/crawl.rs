//! A crawl of 1,000 requests against a loopback server with limits like
//! GitHub's (scaled down so that a run takes seconds): a primary quota per
//! window, a secondary limit on bursts, and an occasional `502`. Each client
//! crawls: the blocking ureq client shared by 8 threads, and the async
//! reqwest client shared by 8 tasks on a tokio runtime (one thread: the
//! crawl waits on the network and the limits, not on the processor). Each
//! crawls twice, with both off and with the client's defaults (retries,
//! rate limits), and the bench prints what the server received, what it
//! refused and how long each crawl took: one crawl each, no repetition
//! (`docs/benchmarks.md` runs the program three times).
//!
//! `cargo bench --bench crawl --features ureq,reqwest`

#[path = "../tests/support/server.rs"]
mod server;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use endpoint::client::{ClientBuilder, RateLimits, Retry, reqwest, ureq};
use serde_json::{Value, json};

use server::{Answer, Server};

const REQUESTS: usize = 1_000;
/// Threads of the blocking client, tasks of the async one.
const WORKERS: usize = 8;
/// Requests allowed per primary window.
const QUOTA: usize = 300;
/// The primary window, in seconds (GitHub's is an hour).
const WINDOW: u64 = 2;
/// Requests allowed in one second before the secondary limit refuses.
const BURST: usize = 150;
/// One answer in this many is a `502`.
const BAD_GATEWAY_EVERY: usize = 97;

/// What the server saw.
#[derive(Default)]
struct Tally {
    received: AtomicUsize,
    primary: AtomicUsize,
    secondary: AtomicUsize,
    bad_gateway: AtomicUsize,
}

/// The server's limits: the window's count, the current second's count.
#[derive(Default)]
struct Limits {
    window: u64,
    used: usize,
    second: u64,
    burst: usize,
}

fn unix_now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

fn start_server(tally: Arc<Tally>) -> Server {
    let limits = Mutex::new(Limits::default());
    Server::start(move |_| {
        let served = tally.received.fetch_add(1, Ordering::SeqCst) + 1;
        let now = unix_now().as_secs();
        let mut limits = limits.lock().unwrap();
        let window = now / WINDOW;
        if window != limits.window {
            limits.window = window;
            limits.used = 0;
        }
        if now != limits.second {
            limits.second = now;
            limits.burst = 0;
        }
        let reset = ((window + 1) * WINDOW).to_string();
        if limits.used >= QUOTA {
            tally.primary.fetch_add(1, Ordering::SeqCst);
            return Answer::json(
                403,
                &json!({"message": "API rate limit exceeded for user ID 1."}),
            )
            .with_header("x-ratelimit-remaining", "0")
            .with_header("x-ratelimit-reset", &reset)
            .with_header("x-ratelimit-resource", "core");
        }
        limits.burst += 1;
        if limits.burst > BURST {
            tally.secondary.fetch_add(1, Ordering::SeqCst);
            return Answer::json(
                403,
                &json!({"message": "You have exceeded a secondary rate limit."}),
            )
            .with_header("retry-after", "1");
        }
        limits.used += 1;
        if served.is_multiple_of(BAD_GATEWAY_EVERY) {
            tally.bad_gateway.fetch_add(1, Ordering::SeqCst);
            return Answer::json(502, &json!({"message": "Server Error"}));
        }
        Answer::json(200, &json!({"id": served}))
            .with_header("x-ratelimit-limit", &QUOTA.to_string())
            .with_header("x-ratelimit-remaining", &(QUOTA - limits.used).to_string())
            .with_header("x-ratelimit-reset", &reset)
            .with_header("x-ratelimit-resource", "core")
    })
}

/// The route of the `n`th request.
fn request(endpoint: &endpoint::Endpoint, n: usize) -> endpoint::Request {
    endpoint
        .endpoint("GET /items/{n}", json!({ "n": n }))
        .expect("a valid route")
}

/// Crawls with `client` shared by [`WORKERS`] threads; returns how many
/// requests failed.
fn crawl_ureq(client: &ureq::Client) -> usize {
    let next = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..WORKERS {
            scope.spawn(|| {
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= REQUESTS {
                        break;
                    }
                    if client
                        .execute::<Value>(request(client.endpoint(), n))
                        .is_err()
                    {
                        failed.fetch_add(1, Ordering::SeqCst);
                    }
                }
            });
        }
    });
    failed.into_inner()
}

/// Crawls with `client` shared by [`WORKERS`] tasks on `runtime`; returns
/// how many requests failed.
fn crawl_reqwest(client: &reqwest::Client, runtime: &tokio::runtime::Runtime) -> usize {
    let next = Arc::new(AtomicUsize::new(0));
    let failed = Arc::new(AtomicUsize::new(0));
    runtime.block_on(async {
        let tasks: Vec<_> = (0..WORKERS)
            .map(|_| {
                let (client, next, failed) =
                    (client.clone(), Arc::clone(&next), Arc::clone(&failed));
                tokio::spawn(async move {
                    loop {
                        let n = next.fetch_add(1, Ordering::SeqCst);
                        if n >= REQUESTS {
                            break;
                        }
                        let request = request(client.endpoint(), n);
                        if client.execute::<Value>(request).await.is_err() {
                            failed.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.expect("a crawl task that does not panic");
        }
    });
    failed.load(Ordering::SeqCst)
}

/// `builder` set for `server`, with `retry` and `limits`, each request on
/// a connection of its own.
///
/// The server reads each connection on a thread of a pool (tiny_http's),
/// which queues a connection opened in the same instant as others while
/// it has threads waiting, even fewer than the connections: 8 tasks that
/// open their connections at once had 4 of them wait for a thread until
/// their requests timed out (60 s), behind connections kept alive.
fn settings<C>(
    builder: ClientBuilder<C>,
    server: &Server,
    retry: Retry,
    limits: RateLimits,
) -> ClientBuilder<C> {
    builder
        .base_url(server.base_url())
        .no_proxy()
        .header("connection", "close")
        .retry(retry)
        .rate_limits(limits.max_wait(Duration::from_secs(30)))
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is taken.
    println!(
        "{REQUESTS} requests by {WORKERS} threads (ureq) or tasks (reqwest); server: {QUOTA} \
         requests per {WINDOW} s window, secondary limit past {BURST} requests in a second, one \
         502 in {BAD_GATEWAY_EVERY}\n"
    );
    println!(
        "| client | settings | requests sent | refused (primary / secondary) | 502s | failed calls | time |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    for (label, retry, limits) in [
        (
            "retries and rate limits off",
            Retry::never(),
            RateLimits::off(),
        ),
        (
            "defaults (retries, rate limits)",
            Retry::default(),
            RateLimits::default(),
        ),
    ] {
        for backend in ["ureq", "reqwest"] {
            // Each crawl starts at the beginning of a window.
            let now = unix_now();
            let next_window = Duration::from_secs((now.as_secs() / WINDOW + 1) * WINDOW);
            std::thread::sleep(next_window.saturating_sub(now));
            let tally = Arc::new(Tally::default());
            let server = start_server(Arc::clone(&tally));
            let (started, failed) = if backend == "ureq" {
                let builder = settings(
                    ureq::Client::builder(),
                    &server,
                    retry.clone(),
                    limits.clone(),
                );
                let client = builder.build().expect("valid settings");
                (Instant::now(), crawl_ureq(&client))
            } else {
                let builder = settings(
                    reqwest::Client::builder(),
                    &server,
                    retry.clone(),
                    limits.clone(),
                );
                let client = builder.build().expect("valid settings");
                (Instant::now(), crawl_reqwest(&client, &runtime))
            };
            let elapsed = started.elapsed();
            println!(
                "| {backend} | {label} | {} | {} ({} / {}) | {} | {failed} | {:.2} s |",
                tally.received.load(Ordering::SeqCst),
                tally.primary.load(Ordering::SeqCst) + tally.secondary.load(Ordering::SeqCst),
                tally.primary.load(Ordering::SeqCst),
                tally.secondary.load(Ordering::SeqCst),
                tally.bad_gateway.load(Ordering::SeqCst),
                elapsed.as_secs_f64(),
            );
        }
    }
}
