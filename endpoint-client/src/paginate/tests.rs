//! The walk of pages, page by page, with answers made here.

use super::read::{items_at, pointer_path};
use super::*;
use crate::github::GitHubPolicy;
use crate::policy::{ApiPolicy, IetfPolicy};
use http::Method;
use serde_json::json;
use std::sync::Arc;
use std::time::SystemTime;

/// An API whose lists answer `409` when they are empty.
#[derive(Debug)]
struct EmptyOnConflict;

impl ApiPolicy for EmptyOnConflict {
    fn empty_list(&self, status: StatusCode) -> bool {
        status == StatusCode::CONFLICT
    }
}

/// An answer of an API whose empty lists answer `409`.
fn answer(status: u16, link: Option<&str>, body: Value) -> Answer {
    answer_of(Arc::new(EmptyOnConflict), status, link, body)
}

/// An answer of GitHub's, by its policy: its counts sit beside its lists.
fn github(status: u16, link: Option<&str>, body: Value) -> Answer {
    answer_of(Arc::new(GitHubPolicy), status, link, body)
}

/// The endpoint of the API the tests' requests go to.
fn api_endpoint() -> endpoint_runtime::Endpoint {
    endpoint_runtime::Endpoint::default()
        .defaults(json!({"baseUrl": "https://api.example.com"}))
        .unwrap()
        .defaults(json!({"baseUrl": "https://api.example.com"}))
        .unwrap()
}

/// An answer of an API with the rules of `api`.
fn answer_of(api: Arc<dyn ApiPolicy>, status: u16, link: Option<&str>, body: Value) -> Answer {
    let mut headers = http::HeaderMap::new();
    headers.insert("content-type", "application/json".parse().unwrap());
    if let Some(link) = link {
        headers.insert("link", link.parse().unwrap());
    }
    Answer {
        api,
        method: Method::GET,
        url: "https://api.example.com/search/issues?q=x".into(),
        status: StatusCode::from_u16(status).unwrap(),
        headers,
        body: body.to_string().into_bytes(),
        received: SystemTime::now(),
    }
}

fn request() -> Result<endpoint_runtime::Request, endpoint_runtime::Error> {
    api_endpoint().endpoint("GET /search/issues", json!({"q": "x"}))
}

fn searching<T: DeserializeOwned>() -> PageState<T> {
    let mut state = PageState::dynamic(request());
    assert!(state.next_exchange().is_some());
    state
}

const SEARCH: Operation = Operation::Typed {
    method: "GET",
    template: "/search/issues{?q}",
    request: "app::SearchIssues",
};

fn typed<P>() -> PageState<P::Item>
where
    P: Paginated + DeserializeOwned,
    P::Item: DeserializeOwned,
{
    let mut state = PageState::typed::<P>(request(), SEARCH);
    assert!(state.next_exchange().is_some());
    state
}

fn drain<T>(state: &mut PageState<T>) -> Vec<Result<T, String>> {
    std::iter::from_fn(|| state.pop_item())
        .map(|item| item.map_err(|err| err.to_string()))
        .collect()
}

#[derive(Debug, PartialEq, serde::Deserialize)]
struct User {
    login: String,
}

#[derive(Debug, PartialEq, serde::Deserialize)]
struct Issue {
    number: u32,
    user: User,
}

#[derive(Debug, serde::Deserialize)]
struct Search {
    total_count: i64,
    incomplete_results: bool,
    items: Vec<Issue>,
}

impl Paginated for Search {
    type Item = Issue;
    fn into_items(self) -> Vec<Issue> {
        self.items
    }
    fn total_count(&self) -> Option<i64> {
        Some(self.total_count)
    }
    fn incomplete_results(&self) -> Option<bool> {
        Some(self.incomplete_results)
    }
}

fn issue(number: u32, login: Value) -> Value {
    json!({"number": number, "user": {"login": login}})
}

#[test]
fn typed_pages_are_decoded_whole() {
    let mut state = typed::<Search>();
    state.receive(Ok(answer(
        200,
        Some(r#"<https://api.example.com/search/issues?q=x&page=2>; rel="next""#),
        json!({"total_count": 3, "incomplete_results": true, "items": [issue(1, json!("a"))]}),
    )));
    let items = drain(&mut state);
    assert_eq!(
        items,
        [Ok(Issue {
            number: 1,
            user: User { login: "a".into() }
        })]
    );
    assert_eq!(state.total_count(), Some(3));
    assert_eq!(state.incomplete_results(), Some(true));
    assert!(state.next_exchange().is_some());
    // An item that does not fit is its error, and the others come:
    // its index, its path in the page, its URL, its JSON alone.
    let page = json!({"total_count": 4, "incomplete_results": false,
        "items": [issue(2, json!("b")), issue(3, json!(null)), issue(4, json!("d"))]});
    state.receive(Ok(answer(200, None, page)));
    assert_eq!(state.pop_item().unwrap().unwrap().number, 2);
    let error = state.pop_item().unwrap().unwrap_err();
    assert_eq!(state.pop_item().unwrap().unwrap().number, 4);
    assert!(state.pop_item().is_none());
    assert!(state.next_exchange().is_none());
    assert_eq!(state.total_count(), Some(4));
    assert_eq!(state.incomplete_results(), Some(false));
    let decode = error.decode_error().expect("a decode error");
    assert_eq!(decode.path(), "items[1].user.login");
    assert_eq!(decode.index(), Some(1));
    assert_eq!(decode.operation(), "GET /search/issues{?q}");
    assert_eq!(decode.request_type(), Some("app::SearchIssues"));
    assert_eq!(decode.url(), "https://api.example.com/search/issues?q=x");
    assert_eq!(decode.body(), issue(3, json!(null)).to_string().as_bytes());
    assert_eq!(
        error.to_string(),
        format!(
            "GET /search/issues{{?q}} (https://api.example.com/search/issues?q=x): the answer \
             does not fit `{}` at `items[1].user.login`: invalid type: null, expected a string",
            std::any::type_name::<Issue>()
        )
    );

    let mut state = typed::<Vec<Issue>>();
    state.receive(Ok(answer(
        200,
        None,
        json!([issue(1, json!("a")), {"number": 2}, "x", issue(4, json!(4))]),
    )));
    let items = drain(&mut state);
    assert_eq!(items.len(), 4);
    assert_eq!(items[0].as_ref().unwrap().number, 1);
    for (index, end) in [
        (1, "at `[1]`: missing field `user`"),
        (
            2,
            "at `[2]`: invalid type: string \"x\", expected struct Issue",
        ),
        (
            3,
            "at `[3].user.login`: invalid type: integer `4`, expected a string",
        ),
    ] {
        let message = items[index].as_ref().unwrap_err();
        assert!(
            message.contains("does not fit `endpoint_client::"),
            "{message}"
        );
        assert!(message.ends_with(end), "{message}");
    }

    // The list is found by the path where the page fails, whatever
    // else the page holds.
    let mut state = typed::<Search>();
    let page = json!({"total_count": 2, "search_type": "lexical", "reasons": [],
        "incomplete_results": false, "items": [issue(1, json!("a")), 7]});
    state.receive(Ok(answer(200, None, page)));
    let items = drain(&mut state);
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].as_ref().unwrap().number, 1);
    assert!(
        items[1]
            .as_ref()
            .unwrap_err()
            .contains("at `items[1]`: invalid type")
    );
    assert_eq!(state.total_count(), Some(2));

    // A page whose structure does not fit fails whole, with its path.
    for (page, path) in [
        (
            json!({"total_count": "3", "incomplete_results": true, "items": []}),
            "total_count",
        ),
        (json!({"total_count": 3, "incomplete_results": true}), ""),
        (
            json!({"total_count": 3, "incomplete_results": true, "items": 1}),
            "items",
        ),
        (json!("text"), ""),
    ] {
        let mut state = typed::<Search>();
        state.receive(Ok(answer(200, None, page.clone())));
        let error = state.pop_item().unwrap().unwrap_err();
        assert!(state.pop_item().is_none(), "{page}");
        let decode = error.decode_error().unwrap();
        assert_eq!(decode.path(), path, "{page}");
        assert_eq!(decode.index(), None);
        assert_eq!(decode.body(), page.to_string().as_bytes());
    }
    // An empty answer has no items.
    let mut state = typed::<Vec<Issue>>();
    let mut empty = answer(204, None, json!(null));
    empty.body.clear();
    state.receive(Ok(empty));
    assert!(drain(&mut state).is_empty());
    // A typed `Value` page that is no page.
    let mut state = typed::<Value>();
    state.receive(Ok(answer(200, None, json!({"sha": "abc"}))));
    let items = drain(&mut state);
    let message = items[0].as_ref().unwrap_err();
    assert!(message.ends_with("this one holds [`sha`]"), "{message}");
}

#[test]
fn wrapped_lists_keep_their_counts() {
    let mut state = searching::<Value>();
    state.receive(Ok(github(
        200,
        Some(r#"<https://api.example.com/search/issues?q=x&page=2>; rel="next""#),
        json!({"total_count": 3, "incomplete_results": false, "items": [1, 2]}),
    )));
    assert_eq!(drain(&mut state), [Ok(json!(1)), Ok(json!(2))]);
    assert_eq!(state.total_count(), Some(3));
    assert_eq!(state.incomplete_results(), Some(false));
    let next = state.next_exchange().expect("a second page");
    assert_eq!(
        next.url(),
        "https://api.example.com/search/issues?q=x&page=2"
    );

    for (body, items) in [
        (
            json!({"total_count": 1, "check_runs": [{"id": 1}]}),
            vec![json!({"id": 1})],
        ),
        (
            json!({"total_count": 1, "repository_selection": "all", "repositories": ["r"]}),
            vec![json!("r")],
        ),
        (json!([]), vec![]),
    ] {
        let mut state = searching::<Value>();
        state.receive(Ok(github(200, None, body)));
        assert_eq!(
            drain(&mut state),
            items.into_iter().map(Ok).collect::<Vec<_>>()
        );
        assert!(state.next_exchange().is_none());
    }
}

#[test]
fn a_wrapped_list_is_read_past_the_members_its_apis_policy_names() {
    let page = json!({"total_count": 3, "incomplete_results": false, "items": [1, 2]});
    let neutral = |page: &Value| answer_of(Arc::new(IetfPolicy), 200, None, page.clone());
    // GitHub's policy reads its counts beside the list, untyped or typed as
    // JSON; the counts are the walk's.
    for mut state in [searching::<Value>(), typed::<Value>()] {
        state.receive(Ok(github(200, None, page.clone())));
        assert_eq!(drain(&mut state), [Ok(json!(1)), Ok(json!(2))]);
        assert_eq!(state.total_count(), Some(3));
    }
    // Another API's policy names no member beside a list: a `total_count`
    // there is a member of an answer that is no page, not GitHub's count.
    for mut state in [searching::<Value>(), typed::<Value>()] {
        state.receive(Ok(neutral(&page)));
        let items = drain(&mut state);
        assert_eq!(items.len(), 1, "{items:?}");
        let message = items[0].as_ref().unwrap_err();
        assert!(
            message.ends_with("[`total_count`, `incomplete_results`, `items`]"),
            "{message}"
        );
    }
    let mut state = searching::<Value>();
    state.receive(Ok(neutral(&json!({"items": [1]}))));
    assert_eq!(drain(&mut state), [Ok(json!(1))]);
    // The last item's key is taken from the list the policy finds.
    let after = Pagination::after_last_item("after", "/id", "/has_more");
    let page = json!({"total_count": 2, "has_more": true, "data": [{"id": 7}]});
    let url = "https://api.example.com/things";
    let keys: &[&str] = &["total_count", "has_more"];
    assert_eq!(
        next_of(&after, url, &HeaderMap::new(), Some(&page), 1, keys),
        Ok(Some(format!("{url}?after=7")))
    );
    assert!(next_of(&after, url, &HeaderMap::new(), Some(&page), 1, &[]).is_err());
}

#[test]
fn pages_that_are_not_lists_are_errors() {
    for body in [
        json!({"total_count": 1, "items": [], "other": []}),
        json!({"total_count": 1, "sha": "abc"}),
        json!({"total_count": 1}),
        json!("text"),
    ] {
        let mut state = searching::<Value>();
        state.receive(Ok(answer(200, None, body.clone())));
        let items = drain(&mut state);
        assert_eq!(items.len(), 1, "{body}");
        let message = items[0].as_ref().unwrap_err();
        assert!(
            message.starts_with(
                "GET https://api.example.com/search/issues?q=x: the answer does not fit `list`"
            ),
            "{message}"
        );
        assert!(state.next_exchange().is_none());
    }
}

#[test]
fn a_conflict_is_an_empty_list_and_other_refusals_are_errors() {
    // The answer for the commits of an empty repository, e.g.
    let mut state = searching::<Value>();
    state.receive(Ok(answer(
        409,
        None,
        json!({"message": "Git Repository is empty."}),
    )));
    assert!(drain(&mut state).is_empty());
    assert!(state.next_exchange().is_none());
    assert_eq!(state.cursor(), None);
    let page = PageState::<Issue>::typed::<Search>(request(), SEARCH);
    let mut page = page;
    page.next_exchange().unwrap();
    page.receive(Ok(answer(409, None, json!({}))));
    let empty = page.take_page().unwrap().unwrap();
    assert_eq!(empty.status, StatusCode::CONFLICT);
    assert!(empty.items.is_empty() && empty.cursor.is_none());

    // Another API's 409 is an error, resumable at its page; unless its
    // rules say it is an empty list.
    let other = endpoint_runtime::Endpoint::default()
        .defaults(json!({"baseUrl": "https://pets.example.com"}))
        .unwrap();
    for empty in [false, true] {
        let api: Arc<dyn ApiPolicy> = if empty {
            Arc::new(EmptyOnConflict)
        } else {
            Arc::new(IetfPolicy)
        };
        let mut state = PageState::<Value>::dynamic(other.endpoint("GET /pets", json!({})));
        state.next_exchange().unwrap();
        let conflict = json!({"message": "Conflict"});
        state.receive(Ok(answer_of(api, 409, None, conflict)));
        let items = drain(&mut state);
        if empty {
            assert!(items.is_empty());
            assert_eq!(state.cursor(), None);
        } else {
            assert_eq!(items.len(), 1);
            assert!(items[0].as_ref().unwrap_err().contains("409 Conflict"));
            assert_eq!(
                cursor_text(&state).as_deref(),
                Some("https://pets.example.com/pets")
            );
        }
    }

    let mut state = searching::<Value>();
    state.receive(Ok(answer(404, None, json!({"message": "Not Found"}))));
    let items = drain(&mut state);
    assert_eq!(
        items,
        [Err("GET https://api.example.com/search/issues?q=x: the server answered 404 Not Found: Not Found".to_owned())]
    );
}

#[test]
fn a_link_back_to_a_page_already_read_ends_with_an_error() {
    let mut state = searching::<Value>();
    state.receive(Ok(answer(
        200,
        Some(r#"<https://api.example.com/search/issues?q=x>; rel="next""#),
        json!([1]),
    )));
    assert_eq!(drain(&mut state), [Ok(json!(1))]);
    assert!(state.next_exchange().is_none());
    let items = drain(&mut state);
    assert!(
        items[0].as_ref().unwrap_err().contains("points back to"),
        "{items:?}"
    );
}

#[test]
fn empty_pages_linking_on_end_with_an_error_after_the_bound() {
    let mut state = searching::<Value>();
    for page in 2..=MAX_EMPTY_PAGES + 1 {
        state.receive(Ok(answer(
            200,
            Some(&format!("<{PAGE_1}&page={page}>; rel=next")),
            json!([]),
        )));
        assert!(drain(&mut state).is_empty());
        if page <= MAX_EMPTY_PAGES {
            assert!(state.next_exchange().is_some(), "{page}");
        }
    }
    assert!(state.next_exchange().is_none());
    let items = drain(&mut state);
    assert_eq!(items.len(), 1);
    let message = items[0].as_ref().unwrap_err();
    assert!(
        message.contains(&format!("{MAX_EMPTY_PAGES} pages in a row had no item")),
        "{message}"
    );
    let next = format!("{PAGE_1}&page={}", MAX_EMPTY_PAGES + 1);
    assert_eq!(cursor_text(&state).as_deref(), Some(next.as_str()));
    assert!(state.next_exchange().is_none());

    // A page with items starts the count again.
    let mut state = searching::<Value>();
    for page in 2..=3 * MAX_EMPTY_PAGES {
        let items = if page % MAX_EMPTY_PAGES == 0 {
            json!([1])
        } else {
            json!([])
        };
        state.receive(Ok(answer(
            200,
            Some(&format!("<{PAGE_1}&page={page}>; rel=next")),
            items,
        )));
        drain(&mut state);
        assert!(state.next_exchange().is_some(), "{page}");
    }
}

#[test]
fn a_request_that_cannot_be_built_is_the_only_item() {
    let request = api_endpoint().endpoint(
        "GET /repos/{owner}/{repo}",
        json!({"owner": "..", "repo": "r"}),
    );
    let mut state = PageState::<Value>::dynamic(request);
    assert!(state.next_exchange().is_none());
    let items = drain(&mut state);
    assert_eq!(items.len(), 1);
    assert!(
        items[0]
            .as_ref()
            .unwrap_err()
            .starts_with("cannot build the request")
    );
}

#[test]
fn items_that_do_not_fit_are_errors_one_by_one() {
    let mut state = searching::<u32>();
    state.receive(Ok(answer(200, None, json!([1, "two", 3]))));
    let items: Vec<Result<u32, Error>> = std::iter::from_fn(|| state.pop_item()).collect();
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[1].is_err() && items[2].is_ok());
    let error = items[1].as_ref().unwrap_err().decode_error().unwrap();
    assert_eq!(error.path(), "[1]");
    assert_eq!((error.index(), error.body()), (Some(1), &b"\"two\""[..]));
    assert_eq!(error.type_name(), "u32");

    let mut state = searching::<Issue>();
    let page = json!({"total_count": 2, "items": [issue(1, json!(1)), issue(2, json!("b"))]});
    state.receive(Ok(github(200, None, page.clone())));
    let items: Vec<Result<Issue, Error>> = std::iter::from_fn(|| state.pop_item()).collect();
    let error = items[0].as_ref().unwrap_err();
    let decode = error.decode_error().unwrap();
    assert_eq!(decode.path(), "items[0].user.login");
    assert_eq!(decode.request_type(), None);
    assert_eq!(
        decode.operation(),
        "GET https://api.example.com/search/issues?q=x"
    );
    assert_eq!(decode.body(), issue(1, json!(1)).to_string().as_bytes());
    assert_eq!(decode.index(), Some(0));
    assert!(
        error.to_string().starts_with(
            "GET https://api.example.com/search/issues?q=x: the answer does not fit \
             `endpoint_client::paginate::tests::Issue` at `items[0].user.login`: \
             invalid type: integer `1`, expected a string"
        ),
        "{error}"
    );
    assert_eq!(items[1].as_ref().unwrap().number, 2);
    assert_eq!(state.total_count(), Some(2));
}

fn cursor_text<I>(state: &PageState<I>) -> Option<String> {
    state.cursor().map(|cursor| cursor.to_string())
}

const PAGE_1: &str = "https://api.example.com/search/issues?q=x";
const PAGE_2: &str = "https://api.example.com/search/issues?q=x&page=2";

#[test]
fn the_cursor_names_the_page_and_the_items_taken() {
    let mut state = PageState::<Value>::dynamic(request());
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_1));
    assert!(state.next_exchange().is_some());
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_1));
    state.receive(Ok(answer(
        200,
        Some(r#"</search/issues?q=x&page=2>; rel="next""#),
        json!([1, 2, 3]),
    )));
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_1));
    assert_eq!(state.pop_item().unwrap().unwrap(), 1);
    assert_eq!(cursor_text(&state), Some(format!("{PAGE_1}#skip=1")));
    assert_eq!(state.pop_item().unwrap().unwrap(), 2);
    assert_eq!(cursor_text(&state), Some(format!("{PAGE_1}#skip=2")));
    assert_eq!(state.pop_item().unwrap().unwrap(), 3);
    // Between pages: the next one, its link resolved.
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_2));
    assert!(state.next_exchange().is_some());
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_2));
    // A page that fails stays the cursor, to be fetched again.
    state.receive(Ok(answer(503, None, json!({"error": "busy"}))));
    assert!(state.pop_item().unwrap().is_err());
    assert!(state.pop_item().is_none());
    assert!(state.next_exchange().is_none());
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_2));
}

#[test]
fn resuming_skips_the_items_taken_and_keeps_them_skipped_on_failure() {
    let cursor: Cursor = format!("{PAGE_2}#skip=2").parse().unwrap();
    let mut state = PageState::<Value>::dynamic(request()).resume(Some(cursor.clone()));
    assert_eq!(state.cursor(), Some(cursor.clone()));
    let exchange = state.next_exchange().unwrap();
    assert_eq!(exchange.url(), PAGE_2);
    state.receive(Ok(answer(200, None, json!([1, 2, 3]))));
    assert_eq!(cursor_text(&state), Some(format!("{PAGE_2}#skip=2")));
    assert_eq!(drain(&mut state), [Ok(json!(3))]);
    assert_eq!(state.cursor(), None);

    // Fewer items than skipped: none is left, and the pages go on.
    let mut state = PageState::<Value>::dynamic(request()).resume(Some(cursor.clone()));
    state.next_exchange().unwrap();
    state.receive(Ok(answer(
        200,
        Some(&format!("<{PAGE_1}&page=3>; rel=next")),
        json!([1]),
    )));
    assert!(drain(&mut state).is_empty());
    assert_eq!(cursor_text(&state), Some(format!("{PAGE_1}&page=3")));

    let mut state = PageState::<Value>::dynamic(request()).resume(Some(cursor.clone()));
    state.next_exchange().unwrap();
    state.receive(Ok(answer(403, None, json!({"error": "no such store"}))));
    assert!(drain(&mut state)[0].is_err());
    assert_eq!(state.cursor(), Some(cursor));
}

#[test]
fn pages_are_taken_whole_with_their_links_and_cursor() {
    let mut state = PageState::<Issue>::typed::<Search>(request(), SEARCH);
    state.next_exchange().unwrap();
    let links = format!(
        "<{PAGE_2}>; rel=\"next\", <{PAGE_1}&page=9>; rel=\"last\", <{PAGE_1}>; rel=\"first\""
    );
    state.receive(Ok(answer(
        200,
        Some(&links),
        json!({"total_count": 9, "incomplete_results": false, "items": [issue(1, json!("a"))]}),
    )));
    let page = state.take_page().unwrap().unwrap();
    assert_eq!(page.items.len(), 1);
    assert_eq!(page.url, PAGE_1);
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.total_count, Some(9));
    assert_eq!(page.incomplete_results, Some(false));
    assert_eq!(page.next_link().unwrap().target, PAGE_2);
    assert_eq!(page.last_link().unwrap().target, format!("{PAGE_1}&page=9"));
    assert_eq!(page.first_link().unwrap().target, PAGE_1);
    assert!(page.prev_link().is_none());
    assert_eq!(page.cursor.as_ref().map(Cursor::url), Some(PAGE_2));
    assert!(state.take_page().is_none());

    // A 409 for a page after the first is an error, even from an API
    // whose empty lists answer it,
    // and the page stays the cursor.
    state.next_exchange().unwrap();
    state.receive(Ok(answer(409, None, json!({"message": "Conflict"}))));
    let error = state.take_page().unwrap().unwrap_err();
    assert_eq!(error.status(), Some(StatusCode::CONFLICT));
    assert!(state.next_exchange().is_none());
    assert!(state.take_page().is_none());
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_2));
}

#[test]
fn a_first_page_sent_by_post_has_no_cursor() {
    let request = api_endpoint().endpoint("POST /search/issues", json!({"q": "x"}));
    let mut state = PageState::<Value>::dynamic(request);
    assert_eq!(state.cursor(), None);
    state.next_exchange().unwrap();
    assert_eq!(state.cursor(), None);
    state.receive(Ok(answer(
        200,
        Some(&format!("<{PAGE_2}>; rel=next")),
        json!([1]),
    )));
    assert_eq!(state.cursor(), None);
    assert_eq!(drain(&mut state), [Ok(json!(1))]);
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_2));
}

#[test]
fn each_scheme_names_the_next_page_or_none() {
    let url = "https://api.example/v1/things?limit=2";
    let next = |pagination: Pagination, json: Value, length: usize| {
        next_of(
            &pagination,
            url,
            &HeaderMap::new(),
            Some(&json),
            length,
            &[],
        )
    };
    let cursor = Pagination::cursor("/meta/next", "cursor");
    assert_eq!(
        next(cursor, json!({"meta": {"next": "a b"}}), 2),
        Ok(Some(format!("{url}&cursor=a%20b")))
    );
    assert_eq!(
        next(cursor, json!({"meta": {"next": 7}}), 0),
        Ok(Some(format!("{url}&cursor=7")))
    );
    for end in [
        json!({"meta": {"next": ""}}),
        json!({"meta": {"next": null}}),
        json!({}),
    ] {
        assert_eq!(next(cursor, end, 2), Ok(None));
    }
    for bad in [
        json!(true),
        json!(1.5),
        json!(-0.5),
        json!([1]),
        json!({"a": 1}),
    ] {
        let error = next(cursor, json!({"meta": {"next": bad}}), 2).unwrap_err();
        assert!(error.contains("`/meta/next`"), "{error}");
    }

    let stripe = Pagination::after_last_item("after", "/id", "/more").items("/data");
    assert_eq!(
        next(
            stripe,
            json!({"data": [{"id": 1}, {"id": "x_2"}], "more": true}),
            2
        ),
        Ok(Some(format!("{url}&after=x_2")))
    );
    assert_eq!(
        next(stripe, json!({"data": [{"id": 1}], "more": false}), 1),
        Ok(None)
    );
    assert_eq!(next(stripe, json!({"data": [], "more": true}), 0), Ok(None));
    let error = next(stripe, json!({"data": [{"name": 1}], "more": true}), 1).unwrap_err();
    assert!(error.contains("`/id`"), "{error}");
    let error = next(stripe, json!({"list": [{"id": 1}], "more": true}), 1).unwrap_err();
    assert!(error.contains("no list"), "{error}");

    let twilio = Pagination::next_url("/next");
    assert_eq!(
        next(twilio, json!({"next": "/v1/things?page=2"}), 1),
        Ok(Some("/v1/things?page=2".to_owned()))
    );
    assert_eq!(next(twilio, json!({"next": null}), 1), Ok(None));
    assert!(next(twilio, json!({"next": 2}), 1).is_err());

    let offsets = Pagination::offset("offset", "limit");
    assert_eq!(
        next(offsets, json!([]), 2),
        Ok(Some(format!("{url}&offset=2")))
    );
    assert_eq!(next(offsets, json!([]), 1), Ok(None), "a short page");
    assert_eq!(next(offsets, json!([]), 0), Ok(None));
    let pages = Pagination::page_number("page").total_pages("/pages");
    assert_eq!(
        next(pages, json!({"pages": 3}), 2),
        Ok(Some(format!("{url}&page=2")))
    );
    assert_eq!(next(pages, json!({"pages": 1}), 2), Ok(None));
    assert_eq!(next(pages, json!({}), 0), Ok(None));
    let error = next(pages, json!({"pages": "3"}), 2).unwrap_err();
    assert!(error.contains("`/pages`"), "{error}");

    // A page's own parameter that is not a number.
    let url = "https://api.example/v1/things?page=two";
    let error = next_of(&pages, url, &HeaderMap::new(), Some(&json!({})), 1, &[]).unwrap_err();
    assert!(error.contains("`page`"), "{error}");
    let later = next_of(
        &pages,
        "https://api.example/v1/things?page=2",
        &HeaderMap::new(),
        None,
        1,
        &[],
    );
    assert_eq!(
        later,
        Ok(Some("https://api.example/v1/things?page=3".to_owned()))
    );
}

#[test]
fn each_scheme_reads_a_page_wrapped_in_the_answer() {
    // `{"orders": <a page>}`: every pointer into the answer below
    // `orders`, an item's key still the item's.
    let url = "https://api.example/v1/orders?limit=2";
    let next = |pagination: Pagination, json: Value, length: usize| {
        next_of(
            &pagination,
            url,
            &HeaderMap::new(),
            Some(&json),
            length,
            &[],
        )
    };
    let items = |pagination: Pagination, json: Value| {
        items_at(json, pagination.items, &[]).map(|items| items.len())
    };
    let page = |inner: Value| json!({"orders": inner, "request_id": "r"});
    for (pagination, wrapped, last, expected) in [
        (
            Pagination::cursor("/orders/next", "cursor").items("/orders/items"),
            page(json!({"items": [{"id": 1}, {"id": 2}], "next": "c2"})),
            page(json!({"items": [{"id": 3}], "next": null})),
            format!("{url}&cursor=c2"),
        ),
        (
            Pagination::next_url("/orders/next").items("/orders/items"),
            page(json!({"items": [{"id": 1}, {"id": 2}], "next": "/v1/orders?page=2"})),
            page(json!({"items": [{"id": 3}]})),
            "/v1/orders?page=2".to_owned(),
        ),
        (
            Pagination::after_last_item("starting_after", "/id", "/orders/has_more")
                .items("/orders/data"),
            page(json!({"data": [{"id": "o_1"}, {"id": "o_2"}], "has_more": true})),
            page(json!({"data": [{"id": "o_3"}], "has_more": false})),
            format!("{url}&starting_after=o_2"),
        ),
        (
            Pagination::offset("offset", "limit").items("/orders/items"),
            page(json!({"items": [{"id": 1}, {"id": 2}]})),
            page(json!({"items": [{"id": 3}]})),
            format!("{url}&offset=2"),
        ),
        (
            Pagination::page_number("page")
                .total_pages("/orders/pages")
                .items("/orders/items"),
            page(json!({"items": [{"id": 1}, {"id": 2}], "pages": 2})),
            page(json!({"items": [{"id": 3}], "pages": 1})),
            format!("{url}&page=2"),
        ),
    ] {
        assert_eq!(items(pagination, wrapped.clone()), Ok(2), "{pagination:?}");
        assert_eq!(next(pagination, wrapped, 2), Ok(Some(expected)));
        assert_eq!(items(pagination, last.clone()), Ok(1), "{pagination:?}");
        assert_eq!(next(pagination, last, 1), Ok(None), "{pagination:?}");
    }
}

#[test]
fn a_list_at_a_pointer() {
    let page = json!({"a": {"b": [1, 2]}, "c": null, "d": 1});
    assert_eq!(
        items_at(page.clone(), Some("/a/b"), &[]),
        Ok(vec![json!(1), json!(2)])
    );
    assert_eq!(items_at(page.clone(), Some("/c"), &[]), Ok(vec![]));
    assert!(
        items_at(page.clone(), Some("/d"), &[])
            .unwrap_err()
            .contains("`/d` is not a list")
    );
    assert!(
        items_at(page, Some("/e"), &[])
            .unwrap_err()
            .contains("no list at `/e`")
    );
    assert_eq!(pointer_path("/a/b~1c~0d"), "a.b/c~d");
}

#[test]
fn pages_that_cannot_go_on_have_no_cursor() {
    let mut state = searching::<Value>();
    state.receive(Ok(answer(200, Some("<ftp://x/>; rel=next"), json!([]))));
    assert!(state.next_exchange().is_none());
    assert_eq!(state.cursor(), None);
    // A link back ends the pages, resumable at the page it names.
    let mut state = searching::<Value>();
    state.receive(Ok(answer(
        200,
        Some(&format!("<{PAGE_1}>; rel=next")),
        json!([]),
    )));
    assert!(state.next_exchange().is_none());
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_1));
    let request = api_endpoint().endpoint(
        "GET /repos/{owner}/{repo}",
        json!({"owner": "..", "repo": "r"}),
    );
    let state = PageState::<Value>::dynamic(request);
    assert_eq!(state.cursor(), None);
}

/// An answer from `url`.
fn answer_at(url: &str, status: u16, body: Value) -> Answer {
    let mut answer = answer(status, None, body);
    answer.url = url.to_owned();
    answer
}

/// Walks `state` against `server` (a URL to its status and JSON), at
/// most 50 requests: every item or error yielded, and the URLs asked for.
fn walk(
    state: &mut PageState<Value>,
    mut server: impl FnMut(&str) -> (u16, Value),
) -> (Vec<Result<Value, Error>>, Vec<String>) {
    let mut read = Vec::new();
    let mut urls = Vec::new();
    while urls.len() < 50 {
        read.extend(std::iter::from_fn(|| state.pop_item()));
        let Some(exchange) = state.next_exchange() else {
            read.extend(std::iter::from_fn(|| state.pop_item()));
            return (read, urls);
        };
        let url = exchange.url();
        let (status, body) = server(&url);
        state.receive(Ok(answer_at(&url, status, body)));
        urls.push(url);
    }
    panic!("more than 50 requests: {urls:?}");
}

/// The page number of `url`'s query parameter `name`, 1 without one.
fn page_of(url: &str, name: &str) -> u64 {
    endpoint_runtime::sibling::query_param(url, name).map_or(1, |page| page.parse().unwrap())
}

/// Ids 1 to 6, two a page at `?page=N`, the answer saying `"pages": 3`;
/// past page 3, what `past` says.
fn three_pages(url: &str, past: impl Fn(u64) -> (u16, Value)) -> (u16, Value) {
    let page = page_of(url, "page");
    if page > 3 {
        return past(page);
    }
    let ids: Vec<u64> = (page * 2 - 1..=page * 2).collect();
    (200, json!({"data": ids, "page": page, "pages": 3}))
}

fn ids(read: &[Result<Value, Error>]) -> Vec<u64> {
    read.iter()
        .filter_map(|item| item.as_ref().ok()?.as_u64())
        .collect()
}

fn numbered(pagination: Pagination) -> PageState<Value> {
    PageState::dynamic(request()).client_settings(pagination, Some(DEFAULT_MAX_PAGES))
}

#[test]
fn a_page_that_repeats_the_one_before_ends_the_pages_with_an_error() {
    // A server that answers its last page for any number past it.
    let mut state = numbered(Pagination::page_number("page").items("/data"));
    let (read, urls) = walk(&mut state, |url| {
        three_pages(url, |page| {
            (200, json!({"data": [5, 6], "page": page, "pages": 3}))
        })
    });
    assert_eq!(ids(&read), [1, 2, 3, 4, 5, 6]);
    assert_eq!(read.len(), 7, "{read:?}");
    assert_eq!(urls.len(), 4, "{urls:?}");
    let error = read[6].as_ref().unwrap_err();
    let Error::Paging { url, page, reason } = error else {
        panic!("{error:?}")
    };
    assert_eq!((url.as_str(), *page), (PAGE_4, 4));
    assert!(
        reason.starts_with(&format!(
            "this page holds the same 2 items as page 3 (`{PAGE_3}`): the server ignores \
             the query parameter `page`"
        )),
        "{reason}"
    );
    assert!(reason.contains("total_pages"), "{reason}");
    assert_eq!(state.cursor(), None);
    assert!(state.next_exchange().is_none());

    // In every scheme: a cursor the server ignores, a `next` link to the
    // same items under another URL.
    let mut state = numbered(Pagination::cursor("/next", "cursor").items("/items"));
    let (read, urls) = walk(&mut state, |url| {
        let next = page_of(url, "cursor") + 1;
        (200, json!({"items": [1, 2], "next": next}))
    });
    assert_eq!(ids(&read), [1, 2]);
    assert_eq!(urls.len(), 2);
    let error = read[2].as_ref().unwrap_err().to_string();
    assert!(
        error.contains("the server ignores the query parameter `cursor`"),
        "{error}"
    );
    let mut state = numbered(Pagination::link());
    state.next_exchange().unwrap();
    let mut first = answer_at(PAGE_1, 200, json!([1, 2]));
    let link = format!("<{PAGE_3}>; rel=next").parse().unwrap();
    first.headers.insert("link", link);
    state.receive(Ok(first));
    assert_eq!(drain(&mut state), [Ok(json!(1)), Ok(json!(2))]);
    assert_eq!(state.next_exchange().unwrap().url(), PAGE_3);
    let mut again = answer_at(PAGE_3, 200, json!([1, 2]));
    let link = format!("<{PAGE_4}>; rel=next").parse().unwrap();
    again.headers.insert("link", link);
    state.receive(Ok(again));
    let read = drain(&mut state);
    assert_eq!(read.len(), 1, "{read:?}");
    let error = read[0].as_ref().unwrap_err();
    assert!(
        error.contains("(page 2 of the walk): this page holds the same 2 items as page 1"),
        "{error}"
    );
    assert!(
        error.contains("the server's `next` link leads to the same items"),
        "{error}"
    );
    assert!(state.next_exchange().is_none());
}

const PAGE_3: &str = "https://api.example.com/search/issues?q=x&page=3";
const PAGE_4: &str = "https://api.example.com/search/issues?q=x&page=4";

#[test]
fn a_page_number_refused_past_the_last_page_ends_the_pages() {
    for status in [400, 404, 416, 422] {
        let mut state = numbered(Pagination::page_number("page").items("/data"));
        let (read, urls) = walk(&mut state, |url| {
            three_pages(url, |_| (status, json!({"message": "page out of range"})))
        });
        assert_eq!(read.len(), 6, "{status}: {read:?}");
        assert_eq!(ids(&read), [1, 2, 3, 4, 5, 6]);
        assert_eq!(urls.last().map(String::as_str), Some(PAGE_4));
        assert_eq!(state.cursor(), None);
    }
    // Any other status is an error, and so is a refusal of a page the
    // answer said exists, or of the first page.
    let mut state = numbered(Pagination::page_number("page").items("/data"));
    let (read, _) = walk(&mut state, |url| {
        three_pages(url, |_| (403, json!({"message": "no"})))
    });
    assert_eq!(ids(&read), [1, 2, 3, 4, 5, 6]);
    assert_eq!(
        read[6].as_ref().unwrap_err().status(),
        Some(StatusCode::FORBIDDEN)
    );
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_4));
    let mut state = numbered(
        Pagination::page_number("page")
            .total_pages("/pages")
            .items("/data"),
    );
    let (read, _) = walk(&mut state, |url| match page_of(url, "page") {
        2 => (400, json!({"message": "bad"})),
        _ => three_pages(url, |_| unreachable!()),
    });
    assert_eq!(ids(&read), [1, 2]);
    assert_eq!(
        read[2].as_ref().unwrap_err().status(),
        Some(StatusCode::BAD_REQUEST)
    );
    let mut state = numbered(Pagination::page_number("page").items("/data"));
    let (read, _) = walk(&mut state, |_| (404, json!({"message": "no"})));
    assert_eq!(read.len(), 1);
    assert_eq!(
        read[0].as_ref().unwrap_err().status(),
        Some(StatusCode::NOT_FOUND)
    );
}

#[test]
fn a_walk_requests_at_most_its_bound_of_pages() {
    let endless = |url: &str| {
        let page = page_of(url, "page");
        (200, json!({"data": [page]}))
    };
    let mut state = numbered(Pagination::page_number("page").items("/data"));
    state.set_max_pages(Some(3));
    let (read, urls) = walk(&mut state, endless);
    assert_eq!(ids(&read), [1, 2, 3]);
    assert_eq!(urls.len(), 3);
    let error = read[3].as_ref().unwrap_err();
    assert!(matches!(error, Error::Paging { page: 3, .. }), "{error:?}");
    assert!(error.to_string().contains("(3, `max_pages`)"), "{error}");
    assert_eq!(cursor_text(&state).as_deref(), Some(PAGE_4));
    // The walk's bound wins over the client's, in either order.
    let mut state = PageState::<Value>::dynamic(request());
    state.set_max_pages(Some(0));
    let mut state = state.client_settings(
        Pagination::page_number("page").items("/data"),
        Some(DEFAULT_MAX_PAGES),
    );
    let (read, urls) = walk(&mut state, endless);
    assert_eq!((ids(&read), urls.len()), (vec![1], 1));
    let mut state = numbered(Pagination::page_number("page").items("/data"));
    state.set_max_pages(None);
    assert_eq!(state.max_pages, None);
}

#[test]
fn the_walk_s_pagination_wins_over_the_route_s_and_the_client_s() {
    let route = Pagination::page_number("page").items("/data");
    let mut state = PageState::<Value>::dynamic(request())
        .route_pagination(Some(route))
        .client_settings(Pagination::link(), Some(DEFAULT_MAX_PAGES));
    assert_eq!(state.pagination, route);
    let walk_s = Pagination::page_number("page")
        .total_pages("/pages")
        .items("/data");
    state.set_pagination(walk_s);
    let (read, urls) = walk(&mut state, |url| {
        three_pages(url, |_| unreachable!("past the last page"))
    });
    assert_eq!(read.len(), 6, "{read:?}");
    assert_eq!(urls.len(), 3);
}

#[test]
fn a_page_parameter_is_replaced_however_it_is_written() {
    let pages = Pagination::page_number("page[number]").items("/data");
    for (url, next) in [
        (
            "https://api.example/v1/things?page%5Bnumber%5D=2&page%5Bsize%5D=9",
            "https://api.example/v1/things?page%5Bsize%5D=9&page%5Bnumber%5D=3",
        ),
        (
            "https://api.example/v1/things?page[number]=2",
            "https://api.example/v1/things?page%5Bnumber%5D=3",
        ),
        (
            "https://api.example/v1/things?page%5bnumber%5d=2&x=1",
            "https://api.example/v1/things?x=1&page%5Bnumber%5D=3",
        ),
        (
            "https://api.example/v1/things",
            "https://api.example/v1/things?page%5Bnumber%5D=2",
        ),
    ] {
        let json = json!({"data": [1]});
        let found = next_of(&pages, url, &HeaderMap::new(), Some(&json), 1, &[]);
        assert_eq!(found, Ok(Some(next.to_owned())), "{url}");
    }
    let dotted = Pagination::page_number("page.number");
    assert_eq!(
        next_of(
            &dotted,
            "https://a.example/x?page%2Enumber=4",
            &HeaderMap::new(),
            None,
            1,
            &[]
        ),
        Ok(Some("https://a.example/x?page.number=5".to_owned()))
    );
    let offsets = Pagination::offset("page[offset]", "page[limit]");
    assert_eq!(
        next_of(
            &offsets,
            "https://a.example/x?page%5Blimit%5D=2&page%5Boffset%5D=4",
            &HeaderMap::new(),
            None,
            2,
            &[]
        ),
        Ok(Some(
            "https://a.example/x?page%5Blimit%5D=2&page%5Boffset%5D=6".to_owned()
        ))
    );
    // A name given encoded is not encoded twice.
    let encoded = Pagination::page_number("page%5Bnumber%5D");
    assert_eq!(
        next_of(
            &encoded,
            "https://a.example/x?page[number]=1",
            &HeaderMap::new(),
            None,
            1,
            &[]
        ),
        Ok(Some("https://a.example/x?page%5Bnumber%5D=2".to_owned()))
    );
}

#[test]
fn a_page_s_fingerprint_is_its_list_s_alone() {
    let of = |body: &str, items: Option<&str>, decoded: bool| {
        let mut answer = answer(200, None, json!(null));
        answer.body = body.as_bytes().to_vec();
        let json = serde_json::from_str::<Value>(body).ok();
        items_fingerprint(&answer, json.as_ref().filter(|_| decoded), items)
    };
    for decoded in [false, true] {
        for (one, other, items) in [
            (
                r#"{"items": [1, 2], "page": 3}"#,
                r#"{"page": 4, "items": [1, 2]}"#,
                None,
            ),
            (
                r#"{"a": {"b~c": [{"id": 1}]}, "n": 1}"#,
                r#"{"a": {"b~c": [{"id": 1}]}, "n": 2}"#,
                Some("/a/b~0c"),
            ),
        ] {
            assert_eq!(of(one, items, decoded), of(other, items, decoded), "{one}");
            let changed = one.replace('1', "7");
            assert_ne!(
                of(one, items, decoded),
                of(&changed, items, decoded),
                "{one}"
            );
        }
        assert_ne!(of("[1, 2]", None, decoded), of("[1, 3]", None, decoded));
    }
    assert_eq!(of(" [1, 2] ", None, false), of("[1, 2]", None, false));
    // A body that is not JSON counts whole.
    assert_ne!(of("a", None, false), of("b", None, false));
    assert_ne!(
        of(r#"{"a": 1}"#, Some("/x"), false),
        of(r#"{"a": 2}"#, Some("/x"), false)
    );
}
