//! Pagination: pages linked by `Link: <…>; rel="next"`, and their items.

use std::collections::{HashSet, VecDeque};

use http::{Method, StatusCode};
use serde::de::{DeserializeOwned, Error as _};
use serde_json::{Map, Value};

use super::decode::decode;
use super::error::Error;
use super::exchange::{Answer, Exchange};
use super::link::next_page;
use super::rate_limit::RateLimit;

/// The keys beside the list in a wrapped page (`{"total_count", "items"}`).
const PAGE_KEYS: [&str; 3] = ["total_count", "incomplete_results", "repository_selection"];

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

/// The state both backends' page iterators share: what to fetch next, the
/// items of the page read last, and what the pages said about the whole.
#[derive(Debug)]
pub(crate) struct PageState {
    next: Next,
    /// The first page's call, as it was before being sent: later pages
    /// reuse its headers, and send its credentials only to its origin.
    first: Option<Exchange>,
    /// The URL of the page read last.
    url: String,
    /// Every page URL requested, to stop at a `next` link that loops.
    seen: HashSet<String>,
    items: VecDeque<Value>,
    error: Option<Error>,
    total_count: Option<u64>,
    incomplete_results: Option<bool>,
    rate_limit: Option<RateLimit>,
}

impl PageState {
    /// Pages starting with `first` (or failing with its error).
    pub(crate) fn new(
        first: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
    ) -> PageState {
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
        }
    }

    /// The next item read, or the error that ended the pages.
    pub(crate) fn pop<T: DeserializeOwned>(&mut self) -> Option<Result<T, Error>> {
        if let Some(error) = self.error.take() {
            return Some(Err(error));
        }
        let item = self.items.pop_front()?;
        Some(
            serde_json::from_value(item).map_err(|source| Error::Decode {
                method: Method::GET,
                url: self.url.clone(),
                type_name: std::any::type_name::<T>(),
                source,
            }),
        )
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
    /// is GitHub's answer for the commits of an empty repository.
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
        let page =
            decode::<Value>(&answer.headers, &answer.body).and_then(|page| self.items_of(page));
        match page {
            Ok(items) => {
                self.items = items;
                if let Some(url) = next_page(&answer.headers) {
                    self.next = Next::Link(url);
                }
            }
            Err(source) => {
                self.error = Some(Error::Decode {
                    method: answer.method,
                    url: answer.url,
                    type_name: "list",
                    source,
                });
            }
        }
    }

    /// A page's items: the page itself when it is a list, or the one list
    /// of an object beside `total_count`, `incomplete_results` and
    /// `repository_selection` (which are kept).
    fn items_of(&mut self, page: Value) -> Result<VecDeque<Value>, serde_json::Error> {
        let mut object: Map<String, Value> = match page {
            Value::Array(items) => return Ok(items.into()),
            Value::Null => return Ok(VecDeque::new()),
            Value::Object(object) => object,
            other => {
                return Err(serde_json::Error::custom(format!(
                    "a page is a list or an object holding one, not {other}"
                )));
            }
        };
        if let Some(total) = object.get("total_count").and_then(Value::as_u64) {
            self.total_count = Some(total);
        }
        if let Some(incomplete) = object.get("incomplete_results").and_then(Value::as_bool) {
            self.incomplete_results = Some(incomplete);
        }
        for key in PAGE_KEYS {
            object.remove(key);
        }
        let mut entries = object.into_iter();
        match (entries.next(), entries.next()) {
            (Some((_, Value::Array(items))), None) => Ok(items.into()),
            (first, second) => {
                let keys: Vec<String> = first
                    .into_iter()
                    .chain(second)
                    .chain(entries)
                    .map(|(key, _)| format!("`{key}`"))
                    .collect();
                Err(serde_json::Error::custom(format!(
                    "a wrapped page holds exactly one list beside `total_count`, \
                     `incomplete_results` and `repository_selection`; this one holds [{}]",
                    keys.join(", ")
                )))
            }
        }
    }

    /// `total_count` of the pages read so far (search results, check runs…).
    pub(crate) fn total_count(&self) -> Option<u64> {
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

    fn searching() -> PageState {
        let request =
            endpoint_runtime::Endpoint::default().endpoint("GET /search/issues", json!({"q": "x"}));
        let mut state = PageState::new(request);
        assert!(state.next_exchange().is_some());
        state
    }

    fn drain(state: &mut PageState) -> Vec<Result<Value, String>> {
        std::iter::from_fn(|| state.pop::<Value>())
            .map(|item| item.map_err(|err| err.to_string()))
            .collect()
    }

    #[test]
    fn wrapped_lists_keep_their_counts() {
        let mut state = searching();
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
            let mut state = searching();
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
            let mut state = searching();
            state.receive(Ok(answer(200, None, body.clone())));
            let items = drain(&mut state);
            assert_eq!(items.len(), 1, "{body}");
            let message = items[0].as_ref().unwrap_err();
            assert!(
                message.starts_with(
                    "GET https://api.github.com/search/issues?q=x: the answer is not a `list`"
                ),
                "{message}"
            );
            assert!(state.next_exchange().is_none());
        }
    }

    #[test]
    fn a_conflict_is_an_empty_list_and_other_refusals_are_errors() {
        let mut state = searching();
        state.receive(Ok(answer(
            409,
            None,
            json!({"message": "Git Repository is empty."}),
        )));
        assert!(drain(&mut state).is_empty());
        assert!(state.next_exchange().is_none());

        let mut state = searching();
        state.receive(Ok(answer(404, None, json!({"message": "Not Found"}))));
        let items = drain(&mut state);
        assert_eq!(
            items,
            [Err("GET https://api.github.com/search/issues?q=x: GitHub answered 404 Not Found: Not Found".to_owned())]
        );
    }

    #[test]
    fn a_link_back_to_a_page_already_read_ends_with_an_error() {
        let mut state = searching();
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
        let mut state = PageState::new(request);
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
        let mut state = searching();
        state.receive(Ok(answer(200, None, json!([1, "two", 3]))));
        let items: Vec<Result<u32, Error>> = std::iter::from_fn(|| state.pop()).collect();
        assert_eq!(items.len(), 3);
        assert!(items[0].is_ok() && items[1].is_err() && items[2].is_ok());
    }
}
