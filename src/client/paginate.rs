//! Pagination: pages linked by `Link: <…>; rel="next"`, and their items.

use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::sync::Arc;

use endpoint_runtime::model::Paginated;
use http::{Method, StatusCode};
use serde::de::{DeserializeOwned, Error as _};
use serde_json::Value;

use super::decode::{Failure, Operation, decode};
use super::error::{DecodeError, Error};
use super::exchange::{Answer, Exchange};
use super::link::next_page;
use super::rate_limit::RateLimit;

/// What to fetch next.
#[derive(Debug)]
enum Next {
    /// The first page.
    First(Result<endpoint_runtime::Request, endpoint_runtime::Error>),
    /// A page's `next` link.
    Link(String),
    /// Nothing: the last page was read, or a call failed.
    Done,
}

/// One page read: its items (or the failures of some), and what it said
/// about the whole.
pub(crate) struct Page<T> {
    items: VecDeque<Result<T, Error>>,
    total_count: Option<i64>,
    incomplete_results: Option<bool>,
}

/// How the pages of one call are read into items of `T`.
type Reader<T> = fn(Operation, Answer) -> Result<Page<T>, Error>;

/// The state both backends' page iterators share: what to fetch next, the
/// items of the page read last, and what the pages said about the whole.
pub(crate) struct PageState<T> {
    next: Next,
    /// The first page's call, as it was before being sent: later pages
    /// reuse its headers, and send its credentials only to its origin.
    first: Option<Exchange>,
    /// The URL of the page read last.
    url: String,
    /// Every page URL requested, to stop at a `next` link that loops.
    seen: HashSet<String>,
    items: VecDeque<Result<T, Error>>,
    error: Option<Error>,
    total_count: Option<i64>,
    incomplete_results: Option<bool>,
    rate_limit: Option<RateLimit>,
    operation: Operation,
    read: Reader<T>,
}

impl<T> fmt::Debug for PageState<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PageState")
            .field("next", &self.next)
            .field("url", &self.url)
            .field("items", &self.items.len())
            .field("error", &self.error)
            .field("total_count", &self.total_count)
            .field("incomplete_results", &self.incomplete_results)
            .field("operation", &self.operation)
            .finish_non_exhaustive()
    }
}

impl<T> PageState<T> {
    /// Pages starting with `first` (or failing with its error), each page
    /// read by `read`.
    fn new(
        first: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
        operation: Operation,
        read: Reader<T>,
    ) -> PageState<T> {
        PageState {
            next: Next::First(first),
            first: None,
            url: String::new(),
            seen: HashSet::new(),
            items: VecDeque::new(),
            error: None,
            total_count: None,
            incomplete_results: None,
            rate_limit: None,
            operation,
            read,
        }
    }

    /// The pages of a typed request: each page decoded as `P`, the route's
    /// response type, then split by [`Paginated`].
    pub(crate) fn typed<P>(
        first: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
        operation: Operation,
    ) -> PageState<P::Item>
    where
        P: Paginated<Item = T> + DeserializeOwned,
    {
        PageState::new(first, operation, typed_page::<P>)
    }

    /// The pages of a request built already: each page decoded as JSON, its
    /// list found by the rule of [`Paginated`] for `serde_json::Value`, and
    /// each item decoded as `T` on its own.
    pub(crate) fn dynamic(
        first: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
    ) -> PageState<T>
    where
        T: DeserializeOwned,
    {
        PageState::new(first, Operation::Dynamic, dynamic_page::<T>)
    }

    /// The next item read, or the error that ended the pages.
    pub(crate) fn pop(&mut self) -> Option<Result<T, Error>> {
        if let Some(error) = self.error.take() {
            return Some(Err(error));
        }
        self.items.pop_front()
    }

    /// The call for the next page; `None` after the last page, or when the
    /// call cannot be made (the error is then the next [`PageState::pop`]).
    pub(crate) fn next_exchange(&mut self) -> Option<Exchange> {
        let exchange = match std::mem::replace(&mut self.next, Next::Done) {
            Next::Done => return None,
            Next::First(request) => request.map_err(Error::Build).and_then(Exchange::new),
            Next::Link(url) => match &self.first {
                Some(first) => Exchange::get_link(first, &self.url, &url),
                None => return None,
            },
        };
        let exchange = match exchange {
            Ok(exchange) => exchange,
            Err(error) => {
                self.error = Some(error);
                return None;
            }
        };
        if !self.seen.insert(exchange.url()) {
            self.error = Some(Error::Redirect {
                method: Method::GET,
                url: self.url.clone(),
                reason: format!(
                    "the next page's link points back to `{}`, already read",
                    exchange.url()
                ),
            });
            return None;
        }
        if self.first.is_none() {
            self.first = Some(exchange.clone());
        }
        Some(exchange)
    }

    /// Takes a page's answer (or the failure to get one).
    ///
    /// A 409 ends the pages with no items, as octokit's `paginate` does: it
    /// is GitHub's answer for the commits of an empty repository. A page
    /// that cannot be read ends them with its error.
    pub(crate) fn receive(&mut self, answer: Result<Answer, Error>) {
        let answer = match answer {
            Ok(answer) => answer,
            Err(error) => {
                self.error = Some(error);
                return;
            }
        };
        self.url.clone_from(&answer.url);
        self.rate_limit = Some(RateLimit::from_headers(&answer.headers));
        if answer.status == StatusCode::CONFLICT {
            return;
        }
        if !answer.status.is_success() {
            self.error = Some(answer.into_error());
            return;
        }
        let next = next_page(&answer.headers);
        match (self.read)(self.operation, answer) {
            Ok(page) => {
                self.items = page.items;
                if page.total_count.is_some() {
                    self.total_count = page.total_count;
                }
                if page.incomplete_results.is_some() {
                    self.incomplete_results = page.incomplete_results;
                }
                if let Some(url) = next {
                    self.next = Next::Link(url);
                }
            }
            Err(error) => self.error = Some(error),
        }
    }

    /// `total_count` of the pages read so far (search results, check runs…).
    pub(crate) fn total_count(&self) -> Option<i64> {
        self.total_count
    }

    /// `incomplete_results` of the pages read so far (search results).
    pub(crate) fn incomplete_results(&self) -> Option<bool> {
        self.incomplete_results
    }

    /// The rate-limit headers of the page read last.
    pub(crate) fn rate_limit(&self) -> Option<&RateLimit> {
        self.rate_limit.as_ref()
    }
}

/// A page of a typed request, decoded straight into `P`. An empty body (a
/// 204) has no items.
fn typed_page<P>(operation: Operation, answer: Answer) -> Result<Page<P::Item>, Error>
where
    P: Paginated + DeserializeOwned,
{
    if answer.body.is_empty() {
        return Ok(Page {
            items: VecDeque::new(),
            total_count: None,
            incomplete_results: None,
        });
    }
    let type_name = std::any::type_name::<P>();
    let page: P = match decode(&answer.headers, &answer.body) {
        Ok(page) => page,
        Err(failure) => return Err(answer.into_decode_error(operation, type_name, failure)),
    };
    let total_count = page.total_count();
    let incomplete_results = page.incomplete_results();
    match page.try_into_items() {
        Ok(items) => Ok(Page {
            items: items.into_iter().map(Ok).collect(),
            total_count,
            incomplete_results,
        }),
        Err(reason) => {
            let failure = Failure::at_root(serde_json::Error::custom(reason));
            Err(answer.into_decode_error(operation, type_name, failure))
        }
    }
}

/// A page of a request built already, decoded as JSON, each item of its list
/// decoded as `T` on its own: an item that does not fit is an error item
/// (naming its path in the page), and the others still come.
fn dynamic_page<T: DeserializeOwned>(
    operation: Operation,
    answer: Answer,
) -> Result<Page<T>, Error> {
    let page: Value = match decode(&answer.headers, &answer.body) {
        Ok(page) => page,
        Err(failure) => return Err(answer.into_decode_error(operation, "list", failure)),
    };
    let total_count = page.total_count();
    let incomplete_results = page.incomplete_results();
    let key = match &page {
        Value::Object(object) => endpoint_runtime::__private::page_list_key(object)
            .ok()
            .map(str::to_owned),
        _ => None,
    };
    let values = match page.try_into_items() {
        Ok(values) => values,
        Err(reason) => {
            let failure = Failure::at_root(serde_json::Error::custom(reason));
            return Err(answer.into_decode_error(operation, "list", failure));
        }
    };
    // Decoding takes each item by value, as fast as it goes; for an item
    // that does not fit, the page is read again (only then) to find the
    // path, and its body is shared by the errors of such items.
    let mut again: Option<Vec<Value>> = None;
    let mut body: Option<Arc<[u8]>> = None;
    let items = values
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            serde_json::from_value::<T>(value).map_err(|first| {
                let items = again.get_or_insert_with(|| {
                    decode::<Value>(&answer.headers, &answer.body)
                        .ok()
                        .and_then(|page| page.try_into_items().ok())
                        .unwrap_or_default()
                });
                let failure = match items
                    .get(index)
                    .map(serde_path_to_error::deserialize::<_, T>)
                {
                    Some(Err(error)) => Failure {
                        path: super::decode::render(error.path()),
                        source: error.into_inner(),
                    },
                    _ => Failure::at_root(first),
                };
                let body = body.get_or_insert_with(|| answer.body.as_slice().into());
                Error::Decode(Box::new(DecodeError::new(
                    operation,
                    answer.method.clone(),
                    answer.url.clone(),
                    std::any::type_name::<T>(),
                    failure.in_item(key.as_deref(), index),
                    Arc::clone(body),
                )))
            })
        })
        .collect();
    Ok(Page {
        items,
        total_count,
        incomplete_results,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::time::SystemTime;

    fn answer(status: u16, link: Option<&str>, body: Value) -> Answer {
        let mut headers = http::HeaderMap::new();
        headers.insert("content-type", "application/json".parse().unwrap());
        if let Some(link) = link {
            headers.insert("link", link.parse().unwrap());
        }
        Answer {
            method: Method::GET,
            url: "https://api.github.com/search/issues?q=x".into(),
            status: StatusCode::from_u16(status).unwrap(),
            headers,
            body: body.to_string().into_bytes(),
            received: SystemTime::now(),
        }
    }

    fn request() -> Result<endpoint_runtime::Request, endpoint_runtime::Error> {
        endpoint_runtime::Endpoint::default().endpoint("GET /search/issues", json!({"q": "x"}))
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

    fn typed<P: Paginated + DeserializeOwned>() -> PageState<P::Item> {
        let mut state = PageState::typed::<P>(request(), SEARCH);
        assert!(state.next_exchange().is_some());
        state
    }

    fn drain<T>(state: &mut PageState<T>) -> Vec<Result<T, String>> {
        std::iter::from_fn(|| state.pop())
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
            Some(r#"<https://api.github.com/search/issues?q=x&page=2>; rel="next""#),
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
        // A page that does not fit ends the items: its path, its URL, its body.
        let page = json!({"total_count": 3, "incomplete_results": true,
            "items": [issue(2, json!("b")), issue(3, json!(null))]});
        state.receive(Ok(answer(200, None, page.clone())));
        let error = state.pop().unwrap().unwrap_err();
        assert!(state.pop().is_none());
        assert!(state.next_exchange().is_none());
        let decode = error.decode_error().expect("a decode error");
        assert_eq!(decode.path(), "items[1].user.login");
        assert_eq!(decode.operation(), "GET /search/issues{?q}");
        assert_eq!(decode.request_type(), Some("app::SearchIssues"));
        assert_eq!(decode.url(), "https://api.github.com/search/issues?q=x");
        assert_eq!(decode.body(), page.to_string().as_bytes());
        assert_eq!(
            error.to_string(),
            format!(
                "GET /search/issues{{?q}} (https://api.github.com/search/issues?q=x): the answer \
                 does not fit `{}` at `items[1].user.login`: invalid type: null, expected a string \
                 at line 1 column 118",
                std::any::type_name::<Search>()
            )
        );

        let mut state = typed::<Vec<Issue>>();
        state.receive(Ok(answer(
            200,
            None,
            json!([issue(1, json!("a")), {"number": 2}]),
        )));
        let items = drain(&mut state);
        assert_eq!(items.len(), 1);
        let message = items[0].as_ref().unwrap_err();
        assert!(
            message.contains("does not fit `alloc::vec::Vec<"),
            "{message}"
        );
        assert!(
            message.contains("at `[1]`: missing field `user`"),
            "{message}"
        );
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
        state.receive(Ok(answer(
            200,
            Some(r#"<https://api.github.com/search/issues?q=x&page=2>; rel="next""#),
            json!({"total_count": 3, "incomplete_results": false, "items": [1, 2]}),
        )));
        assert_eq!(drain(&mut state), [Ok(json!(1)), Ok(json!(2))]);
        assert_eq!(state.total_count(), Some(3));
        assert_eq!(state.incomplete_results(), Some(false));
        let next = state.next_exchange().expect("a second page");
        assert_eq!(
            next.url(),
            "https://api.github.com/search/issues?q=x&page=2"
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
            state.receive(Ok(answer(200, None, body)));
            assert_eq!(
                drain(&mut state),
                items.into_iter().map(Ok).collect::<Vec<_>>()
            );
            assert!(state.next_exchange().is_none());
        }
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
                    "GET https://api.github.com/search/issues?q=x: the answer does not fit `list`"
                ),
                "{message}"
            );
            assert!(state.next_exchange().is_none());
        }
    }

    #[test]
    fn a_conflict_is_an_empty_list_and_other_refusals_are_errors() {
        let mut state = searching::<Value>();
        state.receive(Ok(answer(
            409,
            None,
            json!({"message": "Git Repository is empty."}),
        )));
        assert!(drain(&mut state).is_empty());
        assert!(state.next_exchange().is_none());

        let mut state = searching::<Value>();
        state.receive(Ok(answer(404, None, json!({"message": "Not Found"}))));
        let items = drain(&mut state);
        assert_eq!(
            items,
            [Err("GET https://api.github.com/search/issues?q=x: the server answered 404 Not Found: Not Found".to_owned())]
        );
    }

    #[test]
    fn a_link_back_to_a_page_already_read_ends_with_an_error() {
        let mut state = searching::<Value>();
        state.receive(Ok(answer(
            200,
            Some(r#"<https://api.github.com/search/issues?q=x>; rel="next""#),
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
    fn a_request_that_cannot_be_built_is_the_only_item() {
        let request = endpoint_runtime::Endpoint::default().endpoint(
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
        let items: Vec<Result<u32, Error>> = std::iter::from_fn(|| state.pop()).collect();
        assert_eq!(items.len(), 3);
        assert!(items[0].is_ok() && items[1].is_err() && items[2].is_ok());
        let error = items[1].as_ref().unwrap_err().decode_error().unwrap();
        assert_eq!(error.path(), "[1]");
        assert_eq!(error.type_name(), "u32");

        let mut state = searching::<Issue>();
        let page = json!({"total_count": 2, "items": [issue(1, json!(1)), issue(2, json!("b"))]});
        state.receive(Ok(answer(200, None, page.clone())));
        let items: Vec<Result<Issue, Error>> = std::iter::from_fn(|| state.pop()).collect();
        let error = items[0].as_ref().unwrap_err();
        let decode = error.decode_error().unwrap();
        assert_eq!(decode.path(), "items[0].user.login");
        assert_eq!(decode.request_type(), None);
        assert_eq!(
            decode.operation(),
            "GET https://api.github.com/search/issues?q=x"
        );
        assert_eq!(decode.body(), page.to_string().as_bytes());
        assert!(
            error.to_string().starts_with(
                "GET https://api.github.com/search/issues?q=x: the answer does not fit \
                 `endpoint::client::paginate::tests::Issue` at `items[0].user.login`: \
                 invalid type: integer `1`, expected a string"
            ),
            "{error}"
        );
        assert_eq!(items[1].as_ref().unwrap().number, 2);
        assert_eq!(state.total_count(), Some(2));
    }
}
