//! A paged crawl of each pagination scheme the clients follow: a loopback
//! server holds a list of 5,000 items and serves it 100 a page the way each
//! API writes its pages, and each client reads every item with `paginate`
//! of a route of `endpoint!` that names its scheme (`#[endpoint(paginate(…))]`;
//! GitHub's `Link` header is the clients' default):
//!
//! - GitHub: a bare list, the next page in `Link: <…>; rel="next"`;
//! - Stripe: `{"data", "has_more"}`, the next page `?starting_after=` the
//!   last item's id;
//! - Kubernetes: `{"metadata": {"continue"}, "items"}`, sent back as
//!   `?continue=`;
//! - Slack: a nested cursor, `{"members", "response_metadata":
//!   {"next_cursor"}}`, sent back as `?cursor=`;
//! - Twilio: the next page's URL in the body, `next_page_uri`;
//! - offsets and limits: `?offset=` grown by the items read, until a page
//!   shorter than `?limit=` (here an empty 51st page);
//! - page numbers: `?page=` grown by 1, up to `meta.total_pages`.
//!
//! The blocking ureq client reads its items as an `Iterator`, the async
//! reqwest client as a `Stream` on a tokio runtime (one thread). Each
//! crawl must read the 5,000 items, in order, each once: the bench panics
//! otherwise. A plain harness, not criterion (a crawl is a whole exchange of
//! pages, whose count is part of the result): each scheme is crawled
//! [`RUNS`] times by each client, the two clients alternately, after a
//! first crawl each that is not counted, and the bench prints per scheme
//! and client the items read, the pages the server answered, the median
//! wall time of a crawl (and the fastest and slowest) and the items read
//! per second at the median.
//!
//! `cargo bench --bench pages --features ureq,reqwest`

#[path = "../tests/support/server.rs"]
mod server;

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use endpoint::client::{reqwest, ureq};
use endpoint::model::Paginated;
use endpoint::{TypedRequest, endpoint};
use futures_util::StreamExt;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use server::{Answer, Received, Server};

/// The items of the list.
const ITEMS: usize = 5_000;
/// The items of a page.
const PER_PAGE: usize = 100;
/// The crawls of each scheme by each client, after one that is not
/// counted (it opens the connections).
const RUNS: usize = 11;

/// The list the server serves: `{"id": 1, …}` to `{"id": 5000, …}`.
static LIST: LazyLock<Vec<Value>> = LazyLock::new(|| {
    (1..=ITEMS)
        .map(|id| {
            json!({
                "id": id,
                "name": format!("item {id}"),
                "created_at": "2026-11-26T12:00:00Z",
            })
        })
        .collect()
});

/// An item as the clients read it.
#[derive(Debug, Deserialize)]
struct Item {
    id: usize,
    #[allow(dead_code)]
    name: String,
}

/// The value of the query parameter `name` of `received`, decoded.
fn param(received: &Received, name: &str) -> Option<String> {
    let (_, query) = received.url.split_once('?')?;
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

/// The integer query parameter `name` of `received`, or `default` when it
/// is absent or not an integer.
fn number(received: &Received, name: &str, default: usize) -> usize {
    param(received, name)
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// The page of the list from index `start`, `limit` items at most, and
/// whether items follow it.
fn page(start: usize, limit: usize) -> (&'static [Value], bool) {
    let start = start.min(ITEMS);
    let end = start.saturating_add(limit).min(ITEMS);
    (&LIST[start..end], end < ITEMS)
}

endpoint! {
    /// GitHub: a bare list, the next page in the `Link` header.
    struct ListIssues = "GET /repos/o/r/issues{?per_page}" -> Vec<Item> {
        per_page: usize,
    }
}

fn github(received: &Received) -> Answer {
    let per_page = number(received, "per_page", 30).max(1);
    let at = number(received, "page", 1);
    let (items, more) = page(at.saturating_sub(1).saturating_mul(per_page), per_page);
    let answer = Answer::json(200, &json!(items));
    if !more {
        return answer;
    }
    let host = received.optional_header("host").unwrap_or("127.0.0.1");
    let url =
        |page: usize| format!("http://{host}/repos/o/r/issues?per_page={per_page}&page={page}");
    let last = ITEMS.div_ceil(per_page);
    answer.with_header(
        "link",
        &format!(
            "<{}>; rel=\"next\", <{}>; rel=\"last\"",
            url(at + 1),
            url(last)
        ),
    )
}

endpoint! {
    /// Stripe: `has_more`, and the last item's id sent back.
    #[endpoint(paginate(after_last_item = "/id", param = "starting_after", has_more = "/has_more", items = "/data"))]
    struct ListCustomers = "GET /v1/customers{?limit}" -> Vec<Item> {
        limit: usize,
    }
}

fn stripe(received: &Received) -> Answer {
    // The ids are 1 to ITEMS: the item after id `n` is at index `n`.
    let (items, more) = page(
        number(received, "starting_after", 0),
        number(received, "limit", 10),
    );
    Answer::json(
        200,
        &json!({"object": "list", "url": "/v1/customers", "has_more": more, "data": items}),
    )
}

endpoint! {
    /// Kubernetes: `metadata.continue` sent back as `continue`.
    #[endpoint(paginate(cursor = "/metadata/continue", param = "continue", items = "/items"))]
    struct ListPods = "GET /api/v1/pods{?limit}" -> Vec<Item> {
        limit: usize,
    }
}

/// An opaque token for the list from index `start`, as the server reads
/// it back with [`start_of`].
fn token(start: usize) -> String {
    format!("eyJzdGFydCI6{start}fQ==")
}

/// The index a [`token`] names, or 0.
fn start_of(token: Option<String>) -> usize {
    token
        .as_deref()
        .and_then(|token| {
            token
                .strip_prefix("eyJzdGFydCI6")?
                .strip_suffix("fQ==")?
                .parse()
                .ok()
        })
        .unwrap_or(0)
}

fn kubernetes(received: &Received) -> Answer {
    let start = start_of(param(received, "continue"));
    let limit = number(received, "limit", ITEMS);
    let (items, more) = page(start, limit);
    let metadata = if more {
        json!({"resourceVersion": "4242", "continue": token(start + limit),
            "remainingItemCount": ITEMS - start - limit})
    } else {
        json!({"resourceVersion": "4242"})
    };
    Answer::json(
        200,
        &json!({"kind": "PodList", "apiVersion": "v1", "metadata": metadata, "items": items}),
    )
}

endpoint! {
    /// Slack: a nested cursor, `response_metadata.next_cursor`, sent back as
    /// `cursor`.
    #[endpoint(paginate(cursor = "/response_metadata/next_cursor", param = "cursor", items = "/members"))]
    struct ListUsers = "GET /api/users.list{?limit}" -> Vec<Item> {
        limit: usize,
    }
}

fn slack(received: &Received) -> Answer {
    let start = start_of(param(received, "cursor"));
    let limit = number(received, "limit", 100);
    let (items, more) = page(start, limit);
    let next = if more {
        token(start + limit)
    } else {
        String::new()
    };
    Answer::json(
        200,
        &json!({"ok": true, "members": items, "response_metadata": {"next_cursor": next}}),
    )
}

endpoint! {
    /// Twilio: the next page's URL in the body, `next_page_uri`.
    #[endpoint(paginate(next_url = "/next_page_uri", items = "/messages"))]
    struct ListMessages = "GET /2010-04-01/Accounts/AC1/Messages.json" -> Vec<Item> {
        #[endpoint(rename = "PageSize")]
        page_size: usize,
    }
}

fn twilio(received: &Received) -> Answer {
    let size = number(received, "PageSize", 50);
    let at = number(received, "Page", 0);
    let start = at.saturating_mul(size);
    let (items, more) = page(start, size);
    let path = "/2010-04-01/Accounts/AC1/Messages.json";
    let next = more.then(|| {
        format!(
            "{path}?PageSize={size}&Page={}&PageToken=PASM{}",
            at + 1,
            start + size
        )
    });
    Answer::json(
        200,
        &json!({"messages": items, "next_page_uri": next, "page": at, "page_size": size,
            "uri": format!("{path}?PageSize={size}&Page={at}")}),
    )
}

endpoint! {
    /// Offsets and limits: `offset` grown by the items read.
    #[endpoint(paginate(offset = "offset", limit = "limit", items = "/results"))]
    struct ListRecords = "GET /api/records{?limit}" -> Vec<Item> {
        limit: usize,
    }
}

fn offsets(received: &Received) -> Answer {
    let (items, _) = page(number(received, "offset", 0), number(received, "limit", 20));
    Answer::json(200, &json!({"count": ITEMS, "results": items}))
}

endpoint! {
    /// Page numbers: `page` grown by 1, up to `meta.total_pages`.
    #[endpoint(paginate(page = "page", total_pages = "/meta/total_pages", items = "/data"))]
    struct ListOrders = "GET /v1/orders{?per_page}" -> Vec<Item> {
        per_page: usize,
    }
}

fn numbered(received: &Received) -> Answer {
    let per_page = number(received, "per_page", 25).max(1);
    let at = number(received, "page", 1);
    let (items, _) = page(at.saturating_sub(1).saturating_mul(per_page), per_page);
    Answer::json(
        200,
        &json!({"data": items, "meta": {"page": at, "per_page": per_page,
            "total_pages": ITEMS.div_ceil(per_page)}}),
    )
}

/// Reads every item of `route` with `client`; the number read, which
/// must be every item of the list, in order, each once.
fn read_ureq<R>(client: &ureq::Client, route: &R) -> usize
where
    R: TypedRequest,
    R::Response: Paginated<Item = Item> + DeserializeOwned,
{
    let mut read = 0;
    for item in client.paginate(route) {
        let item = item.unwrap_or_else(|err| panic!("item {} failed: {err}", read + 1));
        read += 1;
        assert_eq!(item.id, read, "the items in order, each once");
    }
    read
}

/// [`read_ureq`], with the async client on `runtime`.
fn read_reqwest<R>(client: &reqwest::Client, route: &R, runtime: &tokio::runtime::Runtime) -> usize
where
    R: TypedRequest,
    R::Response: Paginated<Item = Item> + DeserializeOwned,
{
    runtime.block_on(async {
        let mut read = 0;
        let mut items = client.paginate(route).items();
        while let Some(item) = items.next().await {
            let item = item.unwrap_or_else(|err| panic!("item {} failed: {err}", read + 1));
            read += 1;
            assert_eq!(item.id, read, "the items in order, each once");
        }
        read
    })
}

/// The median, fastest and slowest of `times`.
fn spread(mut times: Vec<Duration>) -> (Duration, Duration, Duration) {
    times.sort();
    (times[times.len() / 2], times[0], times[times.len() - 1])
}

/// Crawls `route` of the server answering with `answer`, [`RUNS`] times
/// with each client, and prints a row per client.
fn measure<R>(
    scheme: &str,
    route: &R,
    answer: fn(&Received) -> Answer,
    runtime: &tokio::runtime::Runtime,
) where
    R: TypedRequest,
    R::Response: Paginated<Item = Item> + DeserializeOwned,
{
    let server = Server::start(answer);
    let blocking = ureq::Client::builder()
        .base_url(server.base_url())
        .no_proxy()
        .build()
        .expect("valid settings");
    let nonblocking = reqwest::Client::builder()
        .base_url(server.base_url())
        .no_proxy()
        .build()
        .expect("valid settings");
    let mut times = [Vec::new(), Vec::new()];
    let mut pages = [0, 0];
    for run in 0..=RUNS {
        for (backend, times) in times.iter_mut().enumerate() {
            let started = Instant::now();
            let read = if backend == 0 {
                read_ureq(&blocking, route)
            } else {
                read_reqwest(&nonblocking, route, runtime)
            };
            let elapsed = started.elapsed();
            assert_eq!(read, ITEMS, "{scheme}: every item read");
            pages[backend] = server.requests().len();
            if run > 0 {
                times.push(elapsed);
            }
        }
    }
    for (backend, name) in ["ureq", "reqwest"].into_iter().enumerate() {
        let (median, fastest, slowest) = spread(std::mem::take(&mut times[backend]));
        println!(
            "| {scheme} | {name} | {ITEMS} | {} | {:.1} ms | {:.1}–{:.1} ms | {:.0} |",
            pages[backend],
            median.as_secs_f64() * 1e3,
            fastest.as_secs_f64() * 1e3,
            slowest.as_secs_f64() * 1e3,
            ITEMS as f64 / median.as_secs_f64(),
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is taken.
    println!(
        "{ITEMS} items, {PER_PAGE} a page; median of {RUNS} crawls per scheme and client (after \
         one not counted), the clients alternately\n"
    );
    println!("| scheme | client | items read | pages | median | fastest–slowest | items/s |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let runtime = &runtime;
    LazyLock::force(&LIST);
    measure(
        "`link()` (GitHub)",
        &ListIssues { per_page: PER_PAGE },
        github,
        runtime,
    );
    measure(
        "`after_last_item` (Stripe)",
        &ListCustomers { limit: PER_PAGE },
        stripe,
        runtime,
    );
    measure(
        "`cursor` (Kubernetes)",
        &ListPods { limit: PER_PAGE },
        kubernetes,
        runtime,
    );
    measure(
        "`cursor`, nested (Slack)",
        &ListUsers { limit: PER_PAGE },
        slack,
        runtime,
    );
    measure(
        "`next_url` (Twilio)",
        &ListMessages {
            page_size: PER_PAGE,
        },
        twilio,
        runtime,
    );
    measure(
        "`offset`",
        &ListRecords { limit: PER_PAGE },
        offsets,
        runtime,
    );
    measure(
        "`page_number`",
        &ListOrders { per_page: PER_PAGE },
        numbered,
        runtime,
    );
}
