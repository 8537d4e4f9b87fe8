//! An item of a page that does not fit its model does not lose its page:
//! through both clients, against a loopback server serving GitHub's issues
//! (recorded by `@octokit/fixtures`) with one of them broken, `paginate`
//! yields the broken item's error (its index, its path in the page, its
//! JSON) between the others and goes on to the next page; `pages` keeps
//! the items that fit and reports the others; a cursor saved after the
//! broken item resumes with neither loss nor repetition. A page whose
//! structure does not fit, and a single object that does not, fail whole.

use crate::{backends, server};

use endpoint::client::{Cursor, DecodeError, Error, GitHubPolicy};
use endpoint_github::models::{Issue, IssueSearchResultItem};
use endpoint_github::{issues, search};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

const TOKEN: &str = "s3cr3t";
/// The issues of the first page, five; the third's author has no login.
const PAGE_1: [i64; 5] = [13, 12, 11, 10, 9];
/// The issues of the second page, three.
const PAGE_2: [i64; 3] = [8, 7, 6];
/// The index of the broken issue in the first page.
const BROKEN: usize = 2;

/// The issues recorded by `@octokit/fixtures` (`paginate-issues`), by
/// number.
fn recorded_issue(number: i64) -> Value {
    let path = format!(
        "{}/tests/fixtures/octokit-fixtures/api.github.com/paginate-issues/normalized-fixture.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
    let records: Vec<Value> = serde_json::from_str(&text).expect("the recording");
    records
        .iter()
        .flat_map(|record| record["response"].as_array().cloned().unwrap_or_default())
        .find(|issue| issue["number"] == number)
        .unwrap_or_else(|| panic!("no issue {number}"))
}

/// Issue `number`, its author's login `null` when it is the broken one.
fn issue(number: i64) -> Value {
    let mut issue = recorded_issue(number);
    if number == PAGE_1[BROKEN] {
        issue["user"]["login"] = Value::Null;
    }
    issue
}

/// The search's results: three issues, the second's title a number.
fn found() -> Vec<Value> {
    let mut items: Vec<Value> = [13, 12, 11].into_iter().map(recorded_issue).collect();
    for item in &mut items {
        item["score"] = json!(1.0);
    }
    items[1]["title"] = json!(42);
    items
}

/// The API: the issues of `o/r` on two pages (`?page=2`), issue 7 alone
/// with its author's login `null`, a search (`q=ok`) whose second item
/// does not fit, and one (`q=broken`) whose `total_count` is text.
fn api(received: &Received) -> Answer {
    let origin = format!("http://{}", received.header("host"));
    let (path, query) = received
        .url
        .split_once('?')
        .unwrap_or((received.url.as_str(), ""));
    match (path, query) {
        ("/repos/o/r/issues", "") => {
            let page: Vec<Value> = PAGE_1.into_iter().map(issue).collect();
            Answer::json(200, &json!(page)).with_header(
                "link",
                &format!("<{origin}/repos/o/r/issues?page=2>; rel=\"next\""),
            )
        }
        ("/repos/o/r/issues", "page=2") => {
            let page: Vec<Value> = PAGE_2.into_iter().map(issue).collect();
            Answer::json(200, &json!(page))
        }
        ("/repos/o/r/issues/7", "") => {
            let mut issue = recorded_issue(7);
            issue["user"]["login"] = Value::Null;
            Answer::json(200, &issue)
        }
        ("/search/issues", "q=ok") => Answer::json(
            200,
            &json!({"total_count": 3, "incomplete_results": false, "items": found()}),
        ),
        ("/search/issues", "q=broken") => Answer::json(
            200,
            &json!({"total_count": "3", "incomplete_results": false, "items": found()}),
        ),
        _ => Answer::json(404, &json!({"message": "Not Found"})),
    }
}

fn list() -> issues::ListForRepo {
    issues::ListForRepo::new("o", "r")
}

fn search(q: &str) -> search::IssuesAndPullRequests {
    search::IssuesAndPullRequests::new(q)
}

/// The operation of [`list`], as its errors name it.
fn list_operation() -> String {
    format!(
        "{} {}",
        issues::ListForRepo::METHOD,
        issues::ListForRepo::TEMPLATE
    )
}

/// The same request as [`list`], built at run time.
fn list_request(client: &Backend) -> endpoint::Request {
    client
        .endpoint()
        .endpoint(
            "GET /repos/{owner}/{repo}/issues",
            json!({"owner": "o", "repo": "r"}),
        )
        .expect("a request")
}

/// The pages the server was asked for (1 for the first, which has no
/// query).
fn pages_asked(server: &Server) -> Vec<u32> {
    server
        .requests()
        .iter()
        .map(|request| match request.url.split_once("?page=") {
            None => 1,
            Some((_, page)) => page.parse().expect("a page number"),
        })
        .collect()
}

/// The numbers of the issues that fit, and the errors of the others.
fn numbers(items: Vec<Result<Issue, Error>>) -> (Vec<i64>, Vec<Error>) {
    let mut numbers = Vec::new();
    let mut errors = Vec::new();
    for item in items {
        match item {
            Ok(issue) => numbers.push(issue.number),
            Err(error) => errors.push(error),
        }
    }
    (numbers, errors)
}

/// Checks that `error` is the broken issue's: its index, its path in the
/// page, its JSON alone, and serde's expectation.
fn assert_broken_issue(error: &DecodeError, operation: &str) {
    assert_eq!(error.index(), Some(BROKEN), "{error}");
    assert_eq!(error.path(), "[2].user.login", "{error}");
    assert_eq!(error.operation(), operation);
    let body: Value = serde_json::from_slice(error.body()).expect("the item's JSON");
    assert_eq!(body, issue(PAGE_1[BROKEN]));
    let message = error.to_string();
    assert!(
        message.contains("at `[2].user.login`: invalid type: null, expected a string"),
        "{message}"
    );
}

#[test]
fn a_bad_item_is_one_error_and_the_other_items_and_pages_still_come() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(api);
        let client = Backend::any_api(name, &server.base_url(), TOKEN);

        let items: Vec<Result<Issue, Error>> = client.items(&list(), None).collect();
        assert_eq!(items.len(), 8);
        assert!(items[BROKEN].is_err());
        let (read, errors) = numbers(items);
        assert_eq!(read, [13, 12, 10, 9, 8, 7, 6]);
        assert_eq!(errors.len(), 1);
        let error = errors[0].decode_error().expect("a decode error");
        assert_broken_issue(error, &list_operation());
        assert_eq!(
            error.url(),
            format!("{}/repos/o/r/issues", server.base_url())
        );
        assert_eq!(pages_asked(&server), [1, 2]);

        // The same from a request built at run time.
        let server = Server::start(api);
        let client = Backend::any_api(name, &server.base_url(), TOKEN);
        let items = client
            .items_request::<Issue>(list_request(&client), None)
            .collect();
        let (read, errors) = numbers(items);
        assert_eq!(read, [13, 12, 10, 9, 8, 7, 6]);
        let error = errors[0].decode_error().expect("a decode error");
        assert_broken_issue(
            error,
            &format!("GET {}/repos/o/r/issues", server.base_url()),
        );
        assert_eq!(pages_asked(&server), [1, 2]);
    }
}

#[test]
fn a_bad_item_of_a_search_page_is_named_under_items() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(api);
        let client = Backend::any_api(name, &server.base_url(), TOKEN);

        let mut items = client.items(&search("ok"), None);
        let first = items.next().expect("an item").expect("the first fits");
        assert_eq!(first.number, 13);
        let error = items.next().expect("an item").expect_err("a title is text");
        let second = items.next().expect("an item").expect("the third fits");
        assert_eq!(second.number, 11);
        assert!(items.next().is_none());
        assert_eq!(items.total_count(), Some(3));
        let error = error.decode_error().expect("a decode error");
        assert_eq!(error.index(), Some(1));
        assert_eq!(error.path(), "items[1].title");
        assert_eq!(
            serde_json::from_slice::<Value>(error.body()).unwrap(),
            found()[1]
        );
        assert!(
            error
                .to_string()
                .ends_with("at `items[1].title`: invalid type: integer `42`, expected a string"),
            "{error}"
        );

        // Built at run time, the items read as the search's model: past
        // the counts GitHub's policy names beside the list.
        let client = client.with_policy(GitHubPolicy);
        let request = client
            .endpoint()
            .endpoint("GET /search/issues", json!({"q": "ok"}))
            .unwrap();
        let items: Vec<Result<IssueSearchResultItem, Error>> =
            client.items_request(request, None).collect();
        assert_eq!(items.len(), 3);
        assert!(items[0].is_ok() && items[2].is_ok());
        let error = items[1].as_ref().unwrap_err().decode_error().unwrap();
        assert_eq!((error.index(), error.path()), (Some(1), "items[1].title"));
    }
}

#[test]
fn pages_keep_the_items_that_fit_and_report_the_others() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(api);
        let client = Backend::any_api(name, &server.base_url(), TOKEN);

        let pages: Vec<_> = client
            .pages(&list(), None)
            .map(|page| page.expect("a page"))
            .collect();
        assert_eq!(pages.len(), 2);
        let numbers: Vec<i64> = pages[0].items.iter().map(|issue| issue.number).collect();
        assert_eq!(numbers, [13, 12, 10, 9]);
        assert_eq!(pages[0].failures.len(), 1);
        assert_broken_issue(&pages[0].failures[0], &list_operation());
        let numbers: Vec<i64> = pages[1].items.iter().map(|issue| issue.number).collect();
        assert_eq!(numbers, PAGE_2);
        assert!(pages[1].failures.is_empty());

        // Built at run time.
        let request = list_request(&client);
        let pages: Vec<_> = client
            .pages_request::<Issue>(request, None)
            .map(|page| page.expect("a page"))
            .collect();
        assert_eq!(pages[0].items.len(), 4);
        assert_eq!(pages[0].failures[0].path(), "[2].user.login");
        assert_eq!(pages[1].items.len(), 3);

        // A search page: its total count, its items, its failure.
        let pages: Vec<_> = client.pages(&search("ok"), None).collect();
        let page = pages[0].as_ref().expect("a page");
        assert_eq!(page.total_count, Some(3));
        assert_eq!(page.items.len(), 2);
        assert_eq!(page.failures[0].path(), "items[1].title");

        // A page whose structure does not fit fails whole, with its path.
        let mut pages = client.pages(&search("broken"), None);
        let error = pages
            .next()
            .expect("a page")
            .expect_err("a count is a number");
        let error = error.decode_error().expect("a decode error");
        assert_eq!(error.path(), "total_count");
        assert_eq!(error.index(), None);
        let body: Value = serde_json::from_slice(error.body()).unwrap();
        assert_eq!(body["items"], json!(found()));
        assert!(pages.next().is_none());
    }
}

#[test]
fn resuming_after_a_bad_item_neither_repeats_nor_loses_items() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(api);
        let client = Backend::any_api(name, &server.base_url(), TOKEN);
        let first_page = format!("{}/repos/o/r/issues", server.base_url());

        // Saved after the bad item: it counts as read.
        let mut items = client.items(&list(), None);
        let read: Vec<Result<Issue, Error>> = items.by_ref().take(BROKEN + 1).collect();
        assert!(read[BROKEN].is_err());
        let saved = items.cursor().expect("a cursor").to_string();
        assert_eq!(saved, format!("{first_page}#skip=3"));
        drop(items);
        let client = Backend::any_api(name, &server.base_url(), TOKEN);
        let rest = client
            .items(&list(), Some(saved.parse().unwrap()))
            .collect();
        let (rest, errors) = numbers(rest);
        assert_eq!(rest, [10, 9, 8, 7, 6]);
        assert!(errors.is_empty());

        // Saved before it: the bad item comes again, and then the rest.
        let cursor: Cursor = format!("{first_page}#skip=2").parse().unwrap();
        let rest: Vec<Result<Issue, Error>> = client.items(&list(), Some(cursor)).collect();
        assert_eq!(rest.len(), 6);
        assert_broken_issue(
            rest[0].as_ref().unwrap_err().decode_error().unwrap(),
            &list_operation(),
        );
        let (rest, _) = numbers(rest);
        assert_eq!(rest, [10, 9, 8, 7, 6]);

        // The pages resumed after it hold neither it nor those before.
        let cursor: Cursor = format!("{first_page}#skip=3").parse().unwrap();
        let pages: Vec<_> = client
            .pages(&list(), Some(cursor))
            .map(|page| page.expect("a page"))
            .collect();
        let numbers: Vec<i64> = pages[0].items.iter().map(|issue| issue.number).collect();
        assert_eq!(numbers, [10, 9]);
        assert!(pages[0].failures.is_empty());
        assert_eq!(pages[1].items.len(), 3);
        assert_eq!(pages_asked(&server), [1, 1, 2, 1, 2, 1, 2]);
    }
}

#[test]
fn a_single_object_that_does_not_fit_fails_whole_with_its_path() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(api);
        let client = Backend::any_api(name, &server.base_url(), TOKEN);

        let route = issues::Get::new("o", "r", 7);
        let error = client.send(&route).expect_err("a login is text");
        let error = error.decode_error().expect("a decode error");
        assert_eq!(error.path(), "user.login");
        assert_eq!(error.index(), None);
        let body: Value = serde_json::from_slice(error.body()).unwrap();
        assert_eq!(body["number"], 7);

        // A list sent as one answer fails whole too.
        let error = client.send(&list()).expect_err("an issue does not fit");
        let error = error.decode_error().expect("a decode error");
        assert_eq!(error.path(), "[2].user.login");
        assert_eq!(error.index(), None);
        let body: Value = serde_json::from_slice(error.body()).unwrap();
        assert_eq!(body.as_array().map(Vec::len), Some(5));
    }
}
