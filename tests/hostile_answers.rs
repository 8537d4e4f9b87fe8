//! Both clients against servers that misbehave on purpose, on the loopback
//! server: writes that may have been applied are not sent again, a list
//! is never cut short silently nor read for ever, what a server writes is
//! printed bounded and on one line, and the answer size cap is exact.

use crate::{backends, server};

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use endpoint::client::{
    ClientBuilder, Error, Event, MAX_ANSWER_BYTES, MAX_EMPTY_PAGES, MAX_PRINTED_BODY,
    MAX_PRINTED_TEXT, RateLimits, Retry,
};
use endpoint::endpoint;
use http::HeaderName;
use serde::Deserialize;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend, quick_retries};
use server::{Answer, Received, Server};

/// A client of any API at `base_url` that retries quickly, with `retry`'s
/// other settings, and honours no rate limit.
fn retrying(name: &str, base_url: &str, retry: Retry) -> Backend {
    client!(name, |b: ClientBuilder<_>| b
        .base_url(base_url)
        .retry(retry)
        .rate_limits(RateLimits::off())
        .timeout(Duration::from_millis(500)))
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

/// A head announcing a `201 Created` of 64 bytes, and 8 of them.
const CUT_CREATED: &[u8] = b"HTTP/1.1 201 Created\r\ncontent-type: application/json\r\n\
content-length: 64\r\nconnection: close\r\n\r\n{\"id\": 1";

/// The ways a raw server fails a request it has read, by name.
fn misbehaving(how: &str) -> Server {
    match how {
        "closes" => Server::raw(|stream, _| drop(stream)),
        "resets" => Server::raw(|stream, _| server::reset(stream)),
        "cuts a 201" => Server::raw(|mut stream, _| {
            let _ = stream.write_all(CUT_CREATED);
        }),
        "never answers" => {
            let mut open: Vec<TcpStream> = Vec::new();
            Server::raw(move |stream, _| open.push(stream))
        }
        other => panic!("no misbehaviour `{other}`"),
    }
}

const MISBEHAVIOURS: [&str; 4] = ["closes", "resets", "cuts a 201", "never answers"];

#[test]
fn a_write_the_server_may_have_applied_is_sent_once() {
    for name in BACKENDS {
        for how in MISBEHAVIOURS {
            for method in ["POST", "PATCH"] {
                let server = misbehaving(how);
                let client = retrying(name, &server.base_url(), quick_retries());
                let error = call(&client, method, json!({})).unwrap_err();
                assert!(
                    matches!(error, Error::Transport { .. }),
                    "{name}, {how}, {method}: {error:?}"
                );
                let received = server.requests();
                assert_eq!(received.len(), 1, "{name}, {how}, {method}: {received:#?}");
                assert_eq!(received[0].method, method);
                assert_eq!(received[0].body_json()["name"], "thing", "{name}, {how}");
            }
        }
        for status in [500, 502, 503, 504] {
            let server =
                Server::start(move |_| Answer::json(status, &json!({"message": "failed"})));
            let client = retrying(name, &server.base_url(), quick_retries());
            let error = call(&client, "POST", json!({})).unwrap_err();
            assert_eq!(error.status().map(|s| s.as_u16()), Some(status), "{name}");
            assert_eq!(server.requests().len(), 1, "{name}: {status} sent again");
        }
    }
}

#[test]
fn a_read_is_sent_again_after_the_same_failures() {
    for name in BACKENDS {
        for how in MISBEHAVIOURS {
            let server = misbehaving(how);
            // One retry for a timeout, so that the test waits two at most.
            let retry = match how {
                "never answers" => quick_retries().max_retries(1),
                _ => quick_retries(),
            };
            let tries = retry.retries() as usize + 1;
            let client = retrying(name, &server.base_url(), retry);
            assert!(call(&client, "GET", json!({})).is_err(), "{name}, {how}");
            assert_eq!(server.requests().len(), tries, "{name}, {how}");
        }
        for status in [500, 502, 503, 504] {
            let server =
                Server::start(move |_| Answer::json(status, &json!({"message": "failed"})));
            let client = retrying(name, &server.base_url(), quick_retries());
            let error = call(&client, "GET", json!({})).unwrap_err();
            assert_eq!(error.status().map(|s| s.as_u16()), Some(status), "{name}");
            assert_eq!(server.requests().len(), 4, "{name}, {status}");
        }
        // PUT and DELETE are idempotent too.
        for method in ["PUT", "DELETE"] {
            let server = misbehaving("closes");
            let client = retrying(name, &server.base_url(), quick_retries());
            assert!(call(&client, method, json!({})).is_err(), "{name}");
            assert_eq!(server.requests().len(), 4, "{name}, {method}");
        }
    }
}

#[test]
fn a_write_with_an_idempotency_key_is_sent_again() {
    for name in BACKENDS {
        // The default header.
        let server = misbehaving("closes");
        let client = retrying(name, &server.base_url(), quick_retries());
        assert!(call(&client, "POST", json!({"idempotency-key": "k-1"})).is_err());
        let received = server.requests();
        assert_eq!(received.len(), 4, "{name}");
        for request in &received {
            assert_eq!(request.header("idempotency-key"), "k-1", "{name}");
        }
        let mut answers = vec![503, 502];
        let server = Server::start(move |_| match answers.pop() {
            Some(status) => Answer::json(status, &json!({"message": "busy"})),
            None => Answer::json(201, &json!({"id": 1})),
        });
        let client = retrying(name, &server.base_url(), quick_retries());
        let created = call(&client, "POST", json!({"Idempotency-Key": "k-2"})).unwrap();
        assert_eq!(created["id"], 1, "{name}");
        assert_eq!(server.requests().len(), 3, "{name}");

        // Another header named by the settings; the default one no longer
        // counts.
        let keyed = quick_retries().idempotency_header(HeaderName::from_static("x-request-key"));
        let server = misbehaving("resets");
        let client = retrying(name, &server.base_url(), keyed.clone());
        assert!(call(&client, "POST", json!({"x-request-key": "k-3"})).is_err());
        assert_eq!(server.requests().len(), 4, "{name}");
        let server = misbehaving("resets");
        let client = retrying(name, &server.base_url(), keyed);
        assert!(call(&client, "POST", json!({"idempotency-key": "k-4"})).is_err());
        assert_eq!(server.requests().len(), 1, "{name}");
        // No header at all.
        let server = misbehaving("resets");
        let client = retrying(
            name,
            &server.base_url(),
            quick_retries().idempotency_header(None),
        );
        assert!(call(&client, "POST", json!({"idempotency-key": "k-5"})).is_err());
        assert_eq!(server.requests().len(), 1, "{name}");
    }
}

#[test]
fn a_write_that_could_not_connect_is_sent_again() {
    for name in BACKENDS {
        // A port where nothing listens: the connection is refused.
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let retries = Arc::new(AtomicUsize::new(0));
        let counting = Arc::clone(&retries);
        let client = client!(name, |b: ClientBuilder<_>| b
            .base_url(format!("http://127.0.0.1:{port}"))
            .retry(quick_retries())
            .on_event(move |event| {
                if matches!(event, Event::Retry { .. }) {
                    counting.fetch_add(1, Ordering::SeqCst);
                }
            }));
        let error = call(&client, "POST", json!({})).unwrap_err();
        // After its retries, the call's error says what they cost.
        assert!(
            matches!(error, Error::GaveUp { retries: 3, .. })
                && matches!(error.last(), Error::Transport { .. }),
            "{name}: {error:?}"
        );
        assert_eq!(retries.load(Ordering::SeqCst), 3, "{name}: {error}");
    }
}

#[test]
fn a_write_a_rate_limit_refused_is_sent_again_after_the_wait() {
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
            .retry(quick_retries()));
        let created = call(&client, "POST", json!({})).expect("sent again after the wait");
        assert_eq!(created["id"], 1, "{name}");
        assert_eq!(server.requests().len(), 2, "{name}");
    }
}

#[derive(Debug, Deserialize, PartialEq)]
struct Item {
    id: u32,
}

endpoint! {
    /// The items of a list, in pages.
    struct ListItems = "GET /items{?page}" -> Vec<Item>;
}

endpoint! {
    /// The commits of a repository, in pages.
    struct ListCommits = "GET /repos/{owner}/{repo}/commits{?page}" -> Vec<Item>;
}

/// The page number of a request (1 without `page`).
fn page_of(request: &Received) -> u32 {
    request
        .url
        .split_once("page=")
        .map_or(1, |(_, page)| page.parse().expect("a page number"))
}

/// Pages 1 to 3 of a list (items `10 * page` and `10 * page + 1`), linked
/// by `next`; each page of `conflicting` is answered `409` the first time.
fn three_pages(conflicting: &[u32]) -> impl FnMut(&Received) -> Answer + Send + 'static {
    let mut conflicting = conflicting.to_vec();
    move |request| {
        let page = page_of(request);
        if let Some(at) = conflicting.iter().position(|p| *p == page) {
            conflicting.remove(at);
            return Answer::json(409, &json!({"message": "Conflict"}));
        }
        let path = request.url.split('?').next().unwrap_or_default();
        let items = json!([{"id": page * 10}, {"id": page * 10 + 1}]);
        let answer = Answer::json(200, &items);
        match page {
            3 => answer,
            _ => answer.with_header(
                "link",
                &format!(
                    "<http://{}{path}?page={}>; rel=\"next\"",
                    request.header("host"),
                    page + 1
                ),
            ),
        }
    }
}

fn ids(items: Vec<Result<Item, Error>>) -> Vec<u32> {
    items
        .into_iter()
        .map(|item| item.expect("an item").id)
        .collect()
}

/// A client of any API at `server`, sending each request once.
fn any_api(name: &str, server: &Server) -> Backend {
    client!(name, |b: ClientBuilder<_>| b
        .base_url(server.base_url())
        .retry(Retry::never()))
}

#[test]
fn a_conflict_in_the_middle_of_a_list_is_an_error_that_resumes_there() {
    for name in BACKENDS {
        let server = Server::start(three_pages(&[2]));
        let client = any_api(name, &server);
        let mut items = client.items(&ListItems { page: None }, None);
        assert_eq!(items.next().unwrap().unwrap(), Item { id: 10 });
        assert_eq!(items.next().unwrap().unwrap(), Item { id: 11 });
        let error = items.next().unwrap().unwrap_err();
        assert_eq!(error.status(), Some(http::StatusCode::CONFLICT), "{name}");
        assert!(matches!(error, Error::Status(_)), "{name}: {error:?}");
        assert!(items.next().is_none(), "{name}");
        let cursor = items.cursor().expect("the failed page");
        assert_eq!(
            cursor.to_string(),
            format!("{}/items?page=2", server.base_url())
        );
        let rest: Vec<_> = client
            .items(&ListItems { page: None }, Some(cursor))
            .collect();
        assert_eq!(ids(rest), [20, 21, 30, 31], "{name}");
        let asked: Vec<u32> = server.requests().iter().map(page_of).collect();
        assert_eq!(asked, [1, 2, 2, 3], "{name}");

        // The same, page by page.
        let server = Server::start(three_pages(&[2]));
        let client = any_api(name, &server);
        let mut pages = client.pages(&ListItems { page: None }, None);
        assert_eq!(pages.next().unwrap().unwrap().items.len(), 2, "{name}");
        let error = pages.next().unwrap().unwrap_err();
        assert_eq!(error.status(), Some(http::StatusCode::CONFLICT), "{name}");
        assert!(pages.next().is_none(), "{name}");
        let cursor = pages.cursor().expect("the failed page");
        assert_eq!(
            cursor.to_string(),
            format!("{}/items?page=2", server.base_url())
        );
        let rest: Vec<_> = client
            .pages(&ListItems { page: None }, Some(cursor))
            .map(|page| page.expect("a page").items.len())
            .collect();
        assert_eq!(rest, [2, 2], "{name}");
    }
}

#[test]
fn a_conflict_on_the_first_page_is_an_error_but_for_github() {
    for name in BACKENDS {
        // Another API: an error, resumable at the first page.
        let server = Server::start(three_pages(&[1]));
        let client = any_api(name, &server);
        let mut items = client.items(&ListItems { page: None }, None);
        let error = items.next().unwrap().unwrap_err();
        assert_eq!(error.status(), Some(http::StatusCode::CONFLICT), "{name}");
        assert_eq!(
            items.cursor().map(|cursor| cursor.to_string()),
            Some(format!("{}/items", server.base_url()))
        );
        // Asked again, the page is there.
        let mut pages = client.pages(&ListItems { page: None }, None);
        let page = pages.next().unwrap().expect("the first page");
        let asked: Vec<u32> = page.items.iter().map(|item| item.id).collect();
        assert_eq!(asked, [10, 11], "{name}");

        // GitHub's commits of an empty repository: an empty list.
        let server =
            Server::start(|_| Answer::json(409, &json!({"message": "Git Repository is empty."})));
        let github = client!(name, |b: ClientBuilder<_>| b
            .github()
            .base_url(server.base_url())
            .rate_limits(RateLimits::off()));
        let commits = ListCommits {
            owner: "o".into(),
            repo: "empty".into(),
            page: None,
        };
        let mut items = github.items(&commits, None);
        assert!(items.next().is_none(), "{name}");
        assert!(items.cursor().is_none(), "{name}");
        let pages: Vec<_> = github.pages(&commits, None).collect();
        assert_eq!(pages.len(), 1, "{name}");
        let page = pages.into_iter().next().unwrap().expect("an empty page");
        assert_eq!(page.status, http::StatusCode::CONFLICT);
        assert!(page.items.is_empty() && page.cursor.is_none(), "{name}");

        // ... but not a 409 on its second page.
        let server = Server::start(three_pages(&[2]));
        let github = client!(name, |b: ClientBuilder<_>| b
            .github()
            .base_url(server.base_url())
            .rate_limits(RateLimits::off()));
        let items: Vec<_> = github.items(&commits, None).collect();
        assert_eq!(items.len(), 3, "{name}");
        assert_eq!(
            items[2].as_ref().unwrap_err().status(),
            Some(http::StatusCode::CONFLICT)
        );
    }
}

/// Empty pages, each linking to the next, for ever; but the server ends
/// the test with a 500 after 100 pages.
fn endless_empty_pages(request: &Received) -> Answer {
    let next = page_of(request) + 1;
    if next > 100 {
        return Answer::json(500, &json!({"message": "100 empty pages were read"}));
    }
    Answer::json(200, &json!([])).with_header(
        "link",
        &format!(
            "<http://{}/items?page={next}>; rel=\"next\"",
            request.header("host")
        ),
    )
}

#[test]
fn endless_empty_pages_end_with_an_error_and_a_cursor() {
    for name in BACKENDS {
        let server = Server::start(endless_empty_pages);
        let client = any_api(name, &server);
        let mut items = client.items(&ListItems { page: None }, None);
        let error = items.next().expect("an error").unwrap_err();
        let text = error.to_string();
        assert!(
            text.contains(&format!("{MAX_EMPTY_PAGES} pages in a row had no item")),
            "{name}: {text}"
        );
        let last = format!("{}/items?page={MAX_EMPTY_PAGES}", server.base_url());
        assert!(text.contains(&last), "{name}: {text}");
        assert!(items.next().is_none(), "{name}");
        assert_eq!(server.requests().len(), MAX_EMPTY_PAGES, "{name}");
        let cursor = items.cursor().expect("the page not fetched");
        let next = MAX_EMPTY_PAGES + 1;
        assert_eq!(
            cursor.to_string(),
            format!("{}/items?page={next}", server.base_url())
        );
        // Resuming reads as many again.
        let again: Vec<_> = client
            .items(&ListItems { page: None }, Some(cursor))
            .collect();
        assert_eq!(again.len(), 1, "{name}");
        assert!(again[0].is_err(), "{name}");
        assert_eq!(server.requests().len(), MAX_EMPTY_PAGES, "{name}");

        // Page by page: the empty pages, then the error.
        let mut pages = client.pages(&ListItems { page: None }, None);
        for _ in 0..MAX_EMPTY_PAGES {
            assert!(pages.next().unwrap().unwrap().items.is_empty(), "{name}");
        }
        assert!(pages.next().unwrap().is_err(), "{name}");
        assert!(pages.next().is_none(), "{name}");
        assert!(pages.cursor().is_some(), "{name}");
    }
}

#[test]
fn a_link_back_to_a_page_read_is_an_error() {
    for name in BACKENDS {
        // Page 1 links to 2, which links back to 1; both hold items.
        let server = Server::start(|request| {
            let next = if page_of(request) == 1 { "?page=2" } else { "" };
            Answer::json(200, &json!([{"id": page_of(request)}])).with_header(
                "link",
                &format!(
                    "<http://{}/items{next}>; rel=\"next\"",
                    request.header("host")
                ),
            )
        });
        let client = any_api(name, &server);
        let items: Vec<_> = client.items(&ListItems { page: None }, None).collect();
        assert_eq!(items.len(), 3, "{name}");
        let error = items[2].as_ref().unwrap_err();
        assert!(
            error.to_string().contains("points back to"),
            "{name}: {error}"
        );
        assert_eq!(server.requests().len(), 2, "{name}");
    }
}

/// Whether `text` holds a character that would break a line or drive a
/// terminal.
fn unprintable(text: &str) -> bool {
    text.chars().any(char::is_control)
}

#[test]
fn what_a_server_writes_is_printed_bounded() {
    const HUGE: usize = 20 << 20;
    for name in BACKENDS {
        // A huge message, and a huge body.
        let server = Server::start(|_| {
            let mut answer = Answer::json(500, &json!({"message": "x".repeat(HUGE)}));
            answer.body.extend(std::iter::repeat_n(b' ', 16));
            answer
        });
        let client = any_api(name, &server);
        let error = call(&client, "GET", json!({})).unwrap_err();
        let (display, debug) = (error.to_string(), format!("{error:?}"));
        assert!(
            display.len() < MAX_PRINTED_TEXT + 500,
            "{name}: {}",
            display.len()
        );
        assert!(
            debug.len() < 2 * MAX_PRINTED_TEXT + MAX_PRINTED_BODY + 2000,
            "{name}: {}",
            debug.len()
        );
        assert!(display.ends_with(&format!("({} more characters)", HUGE - MAX_PRINTED_TEXT)));
        assert!(debug.contains("bytes in all"), "{name}");
        // The body stays whole.
        assert_eq!(error.api_error().unwrap().body().len(), HUGE + 30, "{name}");

        // A 2xx answer that does not fit, quoting a huge value.
        let server = Server::start(|_| Answer::json(200, &json!([{"id": "y".repeat(HUGE)}])));
        let client = any_api(name, &server);
        let error = client.send(&ListItems { page: None }).unwrap_err();
        let (display, debug) = (error.to_string(), format!("{error:?}"));
        assert!(
            display.len() < 3 * MAX_PRINTED_TEXT,
            "{name}: {}",
            display.len()
        );
        assert!(
            debug.len() < 6 * MAX_PRINTED_TEXT + MAX_PRINTED_BODY,
            "{name}: {}",
            debug.len()
        );
        assert_eq!(
            error.decode_error().unwrap().body().len(),
            HUGE + 11,
            "{name}"
        );
    }
}

#[test]
fn what_a_server_writes_is_printed_on_one_line_as_text() {
    for name in BACKENDS {
        // A message that writes lines and colours.
        let server = Server::start(|_| {
            Answer::json(
                422,
                &json!({"message": "bad\nERROR forged log line\r\u{1b}[31mred\u{202e}"}),
            )
        });
        let client = any_api(name, &server);
        let error = call(&client, "POST", json!({})).unwrap_err();
        let (display, debug) = (error.to_string(), format!("{error:?}"));
        assert!(
            !unprintable(&display) && !unprintable(&debug),
            "{name}: {debug}"
        );
        assert!(
            display.ends_with(r"bad\nERROR forged log line\r\u{1b}[31mred\u{202e}"),
            "{name}: {display}"
        );
        // The body as text, not bytes.
        assert!(
            debug.contains(r#"body: "{\"message\":\"bad\\nERROR"#),
            "{name}: {debug}"
        );
        assert!(!debug.contains("[123, 34"), "{name}: {debug}");

        // A body that is not JSON.
        let server = Server::start(|_| Answer {
            status: 502,
            headers: vec![("content-type".into(), "text/html".into())],
            body: b"<h1>\x1b[2J\xff gone</h1>".to_vec(),
        });
        let client = any_api(name, &server);
        let error = call(&client, "GET", json!({})).unwrap_err();
        let (display, debug) = (error.to_string(), format!("{error:?}"));
        assert!(
            !unprintable(&display) && !unprintable(&debug),
            "{name}: {debug}"
        );
        assert!(
            display.ends_with(r"<h1>\u{1b}[2J� gone</h1>"),
            "{name}: {display}"
        );
    }
}

#[test]
fn an_answer_of_exactly_the_largest_size_is_read() {
    let cap = usize::try_from(MAX_ANSWER_BYTES).expect("a size in memory");
    for name in BACKENDS {
        for (length, fits) in [(cap, true), (cap + 1, false)] {
            let server = Server::start(move |_| Answer {
                status: 404,
                headers: vec![("content-type".into(), "text/plain".into())],
                body: vec![b'x'; length],
            });
            let client = any_api(name, &server);
            let error = call(&client, "GET", json!({})).unwrap_err();
            if fits {
                let body = error.api_error().map(|answer| answer.body().len());
                assert_eq!(body, Some(cap), "{name}: {error}");
            } else {
                assert!(matches!(error, Error::Transport { .. }), "{name}: {error}");
            }
        }
    }
}
