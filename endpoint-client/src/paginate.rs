//! Pagination: pages that follow one another by a [`Pagination`] scheme
//! (`Link: <…>; rel="next"` unless told), read whole or item by item, and
//! where to resume them.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::hash::{DefaultHasher, Hasher};

use endpoint_runtime::model::{Next as Scheme, Paginated, Pagination};
use endpoint_runtime::sibling::Origin;
use http::{HeaderMap, StatusCode, Uri};
use serde::de::{DeserializeOwned, Error as _};
use serde_json::Value;
use serde_json::value::RawValue;

use super::decode::{Failure, Operation, decode};
use super::error::{DecodeError, Error};
use super::exchange::{Answer, Exchange, resolve};
use super::link::{Link, next_page};
use super::page::{Cursor, Page};
use super::rate_limit::RateLimit;
use super::{DEFAULT_MAX_PAGES, MAX_EMPTY_PAGES};

/// What to fetch next.
#[derive(Debug)]
enum Next {
    /// The first page (or, when resuming, the page of the cursor).
    First(Result<endpoint_runtime::Request, endpoint_runtime::Error>),
    /// The next page's URL (a `next` link, or the URL a scheme of
    /// [`Pagination`] gives), absolute or relative to the page read last.
    Link(String),
    /// The pages cannot go on: the page read last does not say where the
    /// next one is in a way that can be followed (a cursor that is neither
    /// a string nor an integer…), once its items are taken.
    Fail(String),
    /// Nothing: the last page was read, or a call failed.
    Done,
}

/// Where the pages are, for their cursor.
#[derive(Debug)]
enum At {
    /// Before the page [`Next`] names.
    Next,
    /// Fetching a page, or failed to: its cursor, which resuming fetches
    /// again. `None` for a first page sent with another method than GET,
    /// which a cursor cannot name.
    Fetching(Option<Cursor>),
    /// Reading a page's items: its cursor (as for `Fetching`) and the length
    /// of its list; the items not yet taken are [`PageState::items`].
    Reading(Option<Cursor>, usize),
    /// Nowhere: the pages cannot go on (a request or a link that cannot be
    /// sent).
    Nowhere,
}

/// One page read: its items in order, each decoded or the error of one
/// that does not fit, and what the page said about the whole.
struct Read<I> {
    items: VecDeque<Result<I, Box<DecodeError>>>,
    total_count: Option<i64>,
    incomplete_results: Option<bool>,
}

/// The answer of the page read last, for the page iterators.
struct Head {
    url: String,
    status: StatusCode,
    headers: HeaderMap,
    total_count: Option<i64>,
    incomplete_results: Option<bool>,
}

/// How the pages of one call are read into items of `I`, a page's list at
/// the JSON pointer given (when given) or by the rule of [`Paginated`].
type Reader<I> = fn(Operation, Answer, Option<&str>) -> Result<Read<I>, Error>;

/// The state both backends' page and item iterators share: what to fetch
/// next, the items of the page read last, what the pages said about the
/// whole, and where to resume.
///
/// `I` is the type of the items. Each item of a page is kept in order,
/// decoded or as the error of an item that does not fit: the item
/// iterators yield both, the page iterators split them into a page's
/// `items` and `failures`, and the cursor counts both.
pub(crate) struct PageState<I> {
    next: Next,
    /// The page to fetch first instead of the first request's, whose
    /// headers it gets.
    resume: Option<Cursor>,
    /// The first page's call, as it was before being sent: later pages
    /// reuse its headers, and send its credentials only to its origin.
    first: Option<Exchange>,
    /// The origin of the server the typed route declares, when its first
    /// request goes there (see [`Exchange::on_server`]).
    server: Option<Origin>,
    /// The URL of the page read last.
    url: String,
    /// Every page URL requested in this walk, with its number (1 for the
    /// first), to stop at a `next` link that loops.
    seen: HashMap<String, usize>,
    /// How many pages this walk requested.
    requested: usize,
    /// The most pages this walk requests; `None`: no bound.
    max_pages: Option<usize>,
    /// Whether [`PageState::max_pages`] was set for this walk, which the
    /// client's does not replace.
    own_max_pages: bool,
    /// The items of the page read last, when it had any: to stop at a page
    /// that repeats them.
    last_items: Option<Seen>,
    /// Whether the next page's URL is a guess of the client's (a page
    /// number or an offset past the page read last, with no end known), so
    /// that a 400, 404, 416 or 422 for it ends the pages.
    next_guessed: bool,
    /// Whether the page being fetched is the first request's.
    fetching_first: bool,
    /// How a page points at the next one, and where its items are.
    pagination: Pagination,
    /// Whether [`PageState::pagination`] is the route's own, which a
    /// client's setting does not replace.
    route_pagination: bool,
    /// How many pages in a row had no item and linked to another.
    empty_in_row: usize,
    at: At,
    /// How many items to skip at the start of the page being fetched.
    skip: usize,
    items: VecDeque<Result<I, Box<DecodeError>>>,
    head: Option<Head>,
    error: Option<Error>,
    total_count: Option<i64>,
    incomplete_results: Option<bool>,
    rate_limit: Option<RateLimit>,
    operation: Operation,
    read: Reader<I>,
}

impl<I> fmt::Debug for PageState<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PageState")
            .field("next", &self.next)
            .field("resume", &self.resume)
            .field("url", &self.url)
            .field("at", &self.at)
            .field("items", &self.items.len())
            .field("error", &self.error)
            .field("total_count", &self.total_count)
            .field("incomplete_results", &self.incomplete_results)
            .field("operation", &self.operation)
            .finish_non_exhaustive()
    }
}

impl<I> PageState<I> {
    /// Pages starting with `first` (or failing with its error), each page
    /// read by `read`.
    fn new(
        first: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
        operation: Operation,
        read: Reader<I>,
    ) -> PageState<I> {
        PageState {
            next: Next::First(first),
            resume: None,
            first: None,
            server: None,
            url: String::new(),
            seen: HashMap::new(),
            requested: 0,
            max_pages: Some(DEFAULT_MAX_PAGES),
            own_max_pages: false,
            last_items: None,
            next_guessed: false,
            fetching_first: false,
            pagination: Pagination::link(),
            route_pagination: false,
            empty_in_row: 0,
            at: At::Next,
            skip: 0,
            items: VecDeque::new(),
            head: None,
            error: None,
            total_count: None,
            incomplete_results: None,
            rate_limit: None,
            operation,
            read,
        }
    }

    /// The pages (and items) of a typed request: each page decoded as
    /// `P`, the route's response type, then split by [`Paginated`]; a page
    /// that does not decode whole is read again item by item
    /// ([`item_by_item`]).
    pub(crate) fn typed<P>(
        first: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
        operation: Operation,
    ) -> PageState<I>
    where
        P: Paginated<Item = I> + DeserializeOwned,
        I: DeserializeOwned,
    {
        PageState::new(first, operation, typed_page::<P>)
    }

    /// The same pages, starting at `cursor` (when there is one) instead of
    /// the first request's page, whose headers it is sent with.
    pub(crate) fn resume(mut self, cursor: Option<Cursor>) -> PageState<I> {
        self.resume = cursor;
        self
    }

    /// The same pages, of a typed route that declares the server of
    /// `origin` and sends its first request there.
    pub(crate) fn route_server(mut self, origin: Option<Origin>) -> PageState<I> {
        self.server = origin;
        self
    }

    /// The same pages, following `pagination`: a route's own, which a
    /// client's ([`PageState::client_pagination`]) does not replace.
    pub(crate) fn route_pagination(mut self, pagination: Option<Pagination>) -> PageState<I> {
        if let Some(pagination) = pagination {
            self.pagination = pagination;
            self.route_pagination = true;
        }
        self
    }

    /// The same pages, following the client's `pagination` unless the
    /// route has its own, and stopping after the client's `max_pages`
    /// unless the walk has its own.
    pub(crate) fn client_settings(
        mut self,
        pagination: Pagination,
        max_pages: Option<usize>,
    ) -> PageState<I> {
        if !self.route_pagination {
            self.pagination = pagination;
        }
        if !self.own_max_pages {
            self.max_pages = max_pages;
        }
        self
    }

    /// Follows `pagination` from the next page on, whatever the route's or
    /// the client's: the caller's own setting for this walk.
    pub(crate) fn set_pagination(&mut self, pagination: Pagination) {
        self.pagination = pagination;
        self.route_pagination = true;
    }

    /// Requests at most `max_pages` pages in this walk (at least one), or
    /// any number for `None`, whatever the client's bound.
    pub(crate) fn set_max_pages(&mut self, max_pages: Option<usize>) {
        self.max_pages = max_pages.map(|max| max.max(1));
        self.own_max_pages = true;
    }

    /// The next item read (or the error of one that does not fit), or the
    /// error that ended the pages.
    pub(crate) fn pop_item(&mut self) -> Option<Result<I, Error>> {
        if let Some(error) = self.error.take() {
            return Some(Err(error));
        }
        self.items
            .pop_front()
            .map(|item| item.map_err(Error::Decode))
    }

    /// The page read last, whole (once), or the error that ended the pages.
    pub(crate) fn take_page(&mut self) -> Option<Result<Page<I>, Error>> {
        if let Some(error) = self.error.take() {
            return Some(Err(error));
        }
        let head = self.head.take()?;
        let mut items = Vec::with_capacity(self.items.len());
        let mut failures = Vec::new();
        for item in std::mem::take(&mut self.items) {
            match item {
                Ok(item) => items.push(item),
                Err(failure) => failures.push(*failure),
            }
        }
        Some(Ok(Page {
            items,
            failures,
            url: head.url,
            status: head.status,
            links: Link::from_headers(&head.headers),
            headers: head.headers,
            total_count: head.total_count,
            incomplete_results: head.incomplete_results,
            cursor: self.cursor(),
        }))
    }

    /// Where to resume so that nothing is lost or read twice: the page that
    /// failed, the page whose items are being taken (with the number taken
    /// already), or the page to fetch next; `None` when every page was read,
    /// or when the pages cannot go on.
    pub(crate) fn cursor(&self) -> Option<Cursor> {
        match &self.at {
            At::Nowhere => None,
            At::Fetching(cursor) => cursor.clone(),
            At::Reading(cursor, length) if !self.items.is_empty() => cursor
                .as_ref()
                .map(|cursor| cursor.with_skip(length - self.items.len())),
            At::Reading(..) | At::Next => match &self.next {
                Next::Done | Next::First(Err(_)) | Next::Fail(_) => None,
                Next::First(Ok(request)) => match &self.resume {
                    Some(cursor) => Some(cursor.clone()),
                    None if request.method.eq_ignore_ascii_case("get") => request.url.parse().ok(),
                    None => None,
                },
                Next::Link(link) => self.link_cursor(link),
            },
        }
    }

    /// The cursor of a `next` link of the page read last.
    fn link_cursor(&self, link: &str) -> Option<Cursor> {
        self.url
            .parse::<Uri>()
            .ok()
            .and_then(|base| resolve(&base, link))
            .and_then(|url| url.to_string().parse().ok())
    }

    /// The call for the next page; `None` after the last page, or when the
    /// call cannot be made (the error is then the next [`PageState::pop`]).
    pub(crate) fn next_exchange(&mut self) -> Option<Exchange> {
        let exchange = match std::mem::replace(&mut self.next, Next::Done) {
            Next::Done => return None,
            Next::First(request) => self.first_exchange(request),
            Next::Fail(reason) => {
                self.error = Some(Error::Paging {
                    url: self.url.clone(),
                    page: self.requested,
                    reason,
                });
                self.at = At::Nowhere;
                return None;
            }
            Next::Link(url) if self.empty_in_row >= MAX_EMPTY_PAGES => {
                // A server may link empty page to empty page for ever: the
                // pages end here, resumable at the page not fetched.
                self.error = Some(Error::Paging {
                    url: self.url.clone(),
                    page: self.requested,
                    reason: format!(
                        "{} pages in a row had no item and linked to another; the pages stop \
                         before `{url}`, where their cursor resumes",
                        self.empty_in_row
                    ),
                });
                self.at = At::Fetching(self.link_cursor(&url));
                return None;
            }
            Next::Link(url) => match &self.first {
                Some(first) => Exchange::get_link(first, &self.url, &url).map(|exchange| {
                    let cursor = exchange.url().parse().ok();
                    (exchange, cursor)
                }),
                None => return None,
            },
        };
        let (exchange, cursor) = match exchange {
            Ok(exchange) => exchange,
            Err(error) => {
                self.error = Some(error);
                self.at = At::Nowhere;
                return None;
            }
        };
        if let Some(&page) = self.seen.get(&exchange.url()) {
            // A server that names a page read already (a `next` link back,
            // a cursor sent again) would have the pages go round for ever:
            // they end here, resumable at that page.
            self.error = Some(Error::Paging {
                url: self.url.clone(),
                page: self.requested,
                reason: format!(
                    "{} points back to `{}`, requested already as page {page} of this walk; \
                     the pages would go round for ever, and stop there, where their cursor \
                     resumes",
                    what_points_next(&self.pagination),
                    exchange.url()
                ),
            });
            self.at = At::Fetching(cursor);
            return None;
        }
        if let Some(max) = self.max_pages
            && self.requested >= max
        {
            // Whatever the server answers, a walk asks for at most so many
            // pages: it ends here, resumable at the page not fetched.
            self.error = Some(Error::Paging {
                url: self.url.clone(),
                page: self.requested,
                reason: format!(
                    "the walk requested its most pages ({max}, `max_pages`); it stops before \
                     `{}`, where its cursor resumes: raise the bound with `max_pages(…)` on \
                     the client's builder or on the walk, or resume from the cursor",
                    exchange.url()
                ),
            });
            self.at = At::Fetching(cursor);
            return None;
        }
        self.requested += 1;
        self.seen.insert(exchange.url(), self.requested);
        self.fetching_first = self.first.as_ref().map(Exchange::url) == Some(exchange.url());
        self.at = At::Fetching(cursor);
        Some(exchange)
    }

    /// The call for the first page: the first request's, or a GET of the
    /// cursor to resume at, with the first request's headers (its
    /// credentials only if the cursor has the same origin).
    fn first_exchange(
        &mut self,
        request: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
    ) -> Result<(Exchange, Option<Cursor>), Error> {
        let request = request?;
        let get = request.method.eq_ignore_ascii_case("get");
        let first = Exchange::new(request)?.on_server(self.server.clone());
        let (exchange, cursor) = match self.resume.take() {
            Some(cursor) => {
                let exchange = Exchange::get_link(&first, cursor.url(), cursor.url())?;
                self.skip = cursor.skip();
                (exchange, Some(cursor))
            }
            None => {
                let cursor = if get { first.url().parse().ok() } else { None };
                (first.clone(), cursor)
            }
        };
        self.first = Some(first);
        Ok((exchange, cursor))
    }

    /// Takes a page's answer (or the failure to get one).
    ///
    /// A status the API's rules read as an empty list, answering the first
    /// page, ends the pages with no items ([`ApiPolicy::empty_list`](super::ApiPolicy::empty_list):
    /// a 409 for the commits of an empty repository, e.g.). Any other
    /// status that is not 2xx, or a page that cannot be read, ends them
    /// with its error, and the page stays the cursor.
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
        let cursor = match &mut self.at {
            At::Fetching(cursor) => cursor.take(),
            _ => None,
        };
        let mut head = Head {
            url: answer.url.clone(),
            status: answer.status,
            headers: HeaderMap::new(),
            total_count: None,
            incomplete_results: None,
        };
        if self.fetching_first && answer.api.empty_list(answer.status) {
            head.headers = answer.headers;
            self.head = Some(head);
            self.at = At::Reading(cursor, 0);
            return;
        }
        if !answer.status.is_success() {
            if std::mem::take(&mut self.next_guessed)
                && matches!(answer.status.as_u16(), 400 | 404 | 416 | 422)
            {
                // The page number (or offset) past a page with items was
                // the client's guess, the end being unknown: a server that
                // refuses it as out of range (Django REST framework's 404
                // "Invalid page", a 400 or 422 naming the page parameter,
                // a 416) says the previous page was the last.
                self.at = At::Next;
                return;
            }
            self.at = At::Fetching(cursor);
            self.error = Some(answer.into_error());
            return;
        }
        self.next_guessed = false;
        head.headers = answer.headers.clone();
        // The answer is read as JSON for the next page only when the scheme
        // looks into it: `Link` reads the headers, offsets the URL and the
        // number of items.
        let json = match self.pagination.next {
            Scheme::Link | Scheme::Offset { .. } | Scheme::PageNumber { total: None, .. } => None,
            _ => decode::<Value>(answer.status, &answer.headers, &answer.body).ok(),
        };
        let fingerprint = items_fingerprint(&answer, json.as_ref(), self.pagination.items);
        match (self.read)(self.operation, answer, self.pagination.items) {
            Ok(page) => {
                let mut items = page.items;
                let length = items.len();
                let seen = (length > 0).then(|| Seen {
                    fingerprint,
                    length,
                    page: self.requested,
                    url: self.url.clone(),
                });
                if let (Some(last), Some(now)) = (&self.last_items, &seen)
                    && last.fingerprint == now.fingerprint
                    && last.length == now.length
                {
                    // A server that ignores (or clamps) the parameter that
                    // names the page answers the same page again, and
                    // would for ever: its items are not yielded twice.
                    self.error = Some(Error::Paging {
                        url: self.url.clone(),
                        page: self.requested,
                        reason: format!(
                            "this page holds the same {length} items as page {} (`{}`): {}; the \
                             pages stop here, every item before read",
                            last.page,
                            last.url,
                            repeat_hint(&self.pagination)
                        ),
                    });
                    self.at = At::Nowhere;
                    return;
                }
                self.last_items = seen;
                let next = match next_of(
                    &self.pagination,
                    &self.url,
                    &head.headers,
                    json.as_ref(),
                    length,
                ) {
                    Ok(next) => next.map(Next::Link),
                    Err(reason) => Some(Next::Fail(reason)),
                };
                self.empty_in_row = match (length, &next) {
                    (0, Some(_)) => self.empty_in_row + 1,
                    _ => 0,
                };
                items.drain(..std::mem::take(&mut self.skip).min(length));
                self.items = items;
                self.at = At::Reading(cursor, length);
                head.total_count = page.total_count;
                head.incomplete_results = page.incomplete_results;
                self.head = Some(head);
                if page.total_count.is_some() {
                    self.total_count = page.total_count;
                }
                if page.incomplete_results.is_some() {
                    self.incomplete_results = page.incomplete_results;
                }
                if let Some(next) = next {
                    self.next_guessed = matches!(next, Next::Link(_))
                        && end_unknown(&self.pagination, json.as_ref());
                    self.next = next;
                }
            }
            Err(error) => {
                self.at = At::Fetching(cursor);
                self.error = Some(error);
            }
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

impl<T> PageState<T> {
    /// The pages (and items) of a request built already: each page decoded
    /// as JSON, its list found by the rule of [`Paginated`] for
    /// `serde_json::Value`, and each item decoded as `T` on its own.
    pub(crate) fn dynamic(
        first: Result<endpoint_runtime::Request, endpoint_runtime::Error>,
    ) -> PageState<T>
    where
        T: DeserializeOwned,
    {
        PageState::new(first, Operation::Dynamic, dynamic_page::<T>)
    }
}

/// A page of a typed request, decoded straight into `P`. An empty body (a
/// 204) has no items. A page that does not fit is read again item by item
/// ([`item_by_item`]), only then: a page that fits is decoded once. When
/// the pagination names where the list is (`items`), the list at that JSON
/// pointer is read instead, item by item, as a dynamic page's is: the
/// response type's own rule could not find it beside other members (a
/// `serde_json::Value` of Stripe's `{"object", "data", "has_more", "url"}`).
fn typed_page<P>(
    operation: Operation,
    answer: Answer,
    items: Option<&str>,
) -> Result<Read<P::Item>, Error>
where
    P: Paginated + DeserializeOwned,
    P::Item: DeserializeOwned,
{
    if items.is_some() && !answer.body.is_empty() {
        return dynamic_page::<P::Item>(operation, answer, items);
    }
    if answer.body.is_empty() {
        return Ok(Read {
            items: VecDeque::new(),
            total_count: None,
            incomplete_results: None,
        });
    }
    let type_name = std::any::type_name::<P>();
    let page: P = match decode(answer.status, &answer.headers, &answer.body) {
        Ok(page) => page,
        Err(failure) => {
            return match item_by_item::<P>(operation, &answer, &failure.path) {
                Some(read) => Ok(read),
                None => Err(answer.into_decode_error(operation, type_name, failure)),
            };
        }
    };
    let total_count = page.total_count();
    let incomplete_results = page.incomplete_results();
    match page.try_into_items() {
        Ok(items) => Ok(Read {
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

/// A page that does not decode whole into `P`, failing at `path`, read
/// item by item: each item of its list decoded as `P` decodes it (the page
/// holding that item alone), an item that does not fit kept as its error,
/// with its index, its path in the page and its JSON.
///
/// The list is the page itself, or the member of the page whose item
/// `path` names (`items` for `items[3].user.login`). `None` when the
/// page's structure does not fit `P`, and so fails whole: it is not JSON,
/// `path` is not in an item of its list, or what is beside the list does
/// not fit (or holds the items); and when every item fits alone.
#[cold]
fn item_by_item<P>(operation: Operation, answer: &Answer, path: &str) -> Option<Read<P::Item>>
where
    P: Paginated + DeserializeOwned,
{
    let mut page: Value = decode(answer.status, &answer.headers, &answer.body).ok()?;
    let key = match &page {
        Value::Array(_) if path.starts_with('[') => None,
        Value::Object(object) => Some(
            object
                .iter()
                .find(|(key, value)| {
                    value.is_array()
                        && path
                            .strip_prefix(key.as_str())
                            .is_some_and(|rest| rest.starts_with('['))
                })?
                .0
                .clone(),
        ),
        _ => return None,
    };
    let values = std::mem::take(list_of(&mut page, key.as_deref())?);
    // The page without its items says whether the rest fits.
    let rest = P::deserialize(&page).ok()?;
    let total_count = rest.total_count();
    let incomplete_results = rest.incomplete_results();
    if !rest.try_into_items().ok()?.is_empty() {
        return None;
    }
    let prefix = format!("{}[0]", key.as_deref().unwrap_or_default());
    let type_name = std::any::type_name::<P::Item>();
    let mut items = VecDeque::with_capacity(values.len());
    let mut failed = false;
    for (index, value) in values.into_iter().enumerate() {
        let list = list_of(&mut page, key.as_deref())?;
        *list = vec![value];
        let error = match serde_path_to_error::deserialize::<_, P>(&page) {
            Ok(alone) => match alone.try_into_items() {
                Ok(alone) => {
                    items.extend(alone.into_iter().map(Ok));
                    continue;
                }
                Err(reason) => Failure::at_root(serde_json::Error::custom(reason)),
            },
            Err(error) => {
                let path = endpoint_runtime::sibling::json_path(error.path());
                let source = error.into_inner();
                match path.strip_prefix(&prefix) {
                    Some(inner) => Failure {
                        path: inner.trim_start_matches('.').to_owned(),
                        source,
                    }
                    .in_item(key.as_deref(), index),
                    None => Failure { path, source },
                }
            }
        };
        failed = true;
        let value = list_of(&mut page, key.as_deref())?
            .pop()
            .unwrap_or_default();
        items.push_back(Err(
            answer.item_decode_error(operation, type_name, error, index, &value)
        ));
    }
    failed.then_some(Read {
        items,
        total_count,
        incomplete_results,
    })
}

/// The list of a page: the page itself, or its member `key`.
fn list_of<'a>(page: &'a mut Value, key: Option<&str>) -> Option<&'a mut Vec<Value>> {
    match key {
        None => page.as_array_mut(),
        Some(key) => page.get_mut(key)?.as_array_mut(),
    }
}

/// A page of a request built already, decoded as JSON, each item of its list
/// decoded as `T` on its own: an item that does not fit is kept as its
/// error (naming its index, its path in the page, and its JSON), and the
/// others still come.
fn dynamic_page<T: DeserializeOwned>(
    operation: Operation,
    answer: Answer,
    pointer: Option<&str>,
) -> Result<Read<T>, Error> {
    let page: Value = match decode(answer.status, &answer.headers, &answer.body) {
        Ok(page) => page,
        Err(failure) => return Err(answer.into_decode_error(operation, "list", failure)),
    };
    let total_count = page.total_count();
    let incomplete_results = page.incomplete_results();
    let key = match (&page, pointer) {
        (_, Some(pointer)) => Some(pointer_path(pointer)),
        (Value::Object(object), None) => endpoint_runtime::sibling::page_list_key(object)
            .ok()
            .map(str::to_owned),
        _ => None,
    };
    let values = match items_at(page, pointer) {
        Ok(values) => values,
        Err(reason) => {
            let failure = Failure::at_root(serde_json::Error::custom(reason));
            return Err(answer.into_decode_error(operation, "list", failure));
        }
    };
    // Decoding takes each item by value, as fast as it goes; for an item
    // that does not fit, the page is read again (only then) to find the
    // path and keep the item's JSON.
    let mut again: Option<Vec<Value>> = None;
    let items = values
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            serde_json::from_value::<T>(value).map_err(|first| {
                let items = again.get_or_insert_with(|| {
                    decode::<Value>(answer.status, &answer.headers, &answer.body)
                        .ok()
                        .and_then(|page| items_at(page, pointer).ok())
                        .unwrap_or_default()
                });
                let value = items.get_mut(index).map(std::mem::take).unwrap_or_default();
                let failure = match serde_path_to_error::deserialize::<_, T>(&value) {
                    Err(error) => Failure {
                        path: endpoint_runtime::sibling::json_path(error.path()),
                        source: error.into_inner(),
                    },
                    Ok(_) => Failure::at_root(first),
                };
                answer.item_decode_error(
                    operation,
                    std::any::type_name::<T>(),
                    failure.in_item(key.as_deref(), index),
                    index,
                    &value,
                )
            })
        })
        .collect();
    Ok(Read {
        items,
        total_count,
        incomplete_results,
    })
}

/// The list of a page: at the JSON pointer `pointer` (`null` there is an
/// empty list), or by the rule of [`Paginated`] for a JSON page.
fn items_at(page: Value, pointer: Option<&str>) -> Result<Vec<Value>, String> {
    let Some(pointer) = pointer else {
        return page.try_into_items();
    };
    let mut page = page;
    match page.pointer_mut(pointer).map(Value::take) {
        Some(Value::Array(items)) => Ok(items),
        Some(Value::Null) => Ok(Vec::new()),
        Some(_) => Err(format!("the answer's `{pointer}` is not a list")),
        None => Err(format!("the answer has no list at `{pointer}`")),
    }
}

/// The path of an item error for the list at the JSON pointer `pointer`:
/// its keys joined by `.` (`/data` → `data`, `/a/b` → `a.b`).
fn pointer_path(pointer: &str) -> String {
    pointer
        .split('/')
        .skip(1)
        .map(|key| key.replace("~1", "/").replace("~0", "~"))
        .collect::<Vec<_>>()
        .join(".")
}

/// A page with items, as the next page is checked against it.
#[derive(Debug)]
struct Seen {
    /// The hash of its list's JSON text ([`items_fingerprint`]).
    fingerprint: u64,
    /// Its number of items.
    length: usize,
    /// Its number in the walk.
    page: usize,
    /// Its URL.
    url: String,
}

/// A hash of the JSON text of a page's list: the list at the JSON pointer
/// `items`, else the answer itself when it is a list, else every list the
/// answer's object holds (with its key), else the whole body. What is
/// beside the list (a page number the server echoes, a request id) does
/// not count: two pages with the same items have the same fingerprint.
///
/// The list's text is the answer's own, found without decoding the items
/// (as [`RawValue`]s), unless the scheme decoded the answer already
/// (`json`).
fn items_fingerprint(answer: &Answer, json: Option<&Value>, items: Option<&str>) -> u64 {
    let mut hasher = DefaultHasher::new();
    let body = &answer.body;
    let Some(json) = json else {
        match raw_lists(body, items) {
            Some(lists) => {
                for (key, list) in lists {
                    hasher.write(key.as_bytes());
                    hasher.write(list.get().as_bytes());
                }
            }
            None => hasher.write(body),
        }
        return hasher.finish();
    };
    // Writing JSON into a hasher cannot fail.
    let write = |hasher: &mut DefaultHasher, value: &Value| {
        let _ = serde_json::to_writer(HashWriter(hasher), value);
    };
    match (json, items) {
        (json, Some(pointer)) => match json.pointer(pointer) {
            Some(list) => write(&mut hasher, list),
            None => hasher.write(body),
        },
        (Value::Object(object), None) => {
            for (key, value) in object {
                if value.is_array() {
                    hasher.write(key.as_bytes());
                    write(&mut hasher, value);
                }
            }
        }
        _ => hasher.write(body),
    }
    hasher.finish()
}

/// The JSON text of the lists of a page whose body is `body`: the value at
/// the JSON pointer `items` (through objects only), else the body itself
/// when it is a list, else every list of its object with its key. `None`
/// when the body is not JSON or has nothing there.
fn raw_lists<'b>(body: &'b [u8], items: Option<&str>) -> Option<Vec<(String, &'b RawValue)>> {
    type Members<'b> = std::collections::BTreeMap<String, &'b RawValue>;
    let mut value: &'b RawValue = serde_json::from_slice(body).ok()?;
    if let Some(pointer) = items {
        for token in pointer.split('/').skip(1) {
            let key = token.replace("~1", "/").replace("~0", "~");
            let members: Members<'b> = serde_json::from_str(value.get()).ok()?;
            value = members.get(&key).copied()?;
        }
        return Some(vec![(String::new(), value)]);
    }
    if value.get().starts_with('[') {
        return Some(vec![(String::new(), value)]);
    }
    let members: Members<'b> = serde_json::from_str(value.get()).ok()?;
    Some(
        members
            .into_iter()
            .filter(|(_, value)| value.get().starts_with('['))
            .collect(),
    )
}

/// A [`Hasher`] as an [`std::io::Write`], for JSON written into it.
struct HashWriter<'h>(&'h mut DefaultHasher);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whether the next page `pagination` names after a page with items is a
/// guess of the client's: a page number or an offset, with no end known
/// (no number of pages in `json`, the page read last).
fn end_unknown(pagination: &Pagination, json: Option<&Value>) -> bool {
    match pagination.next {
        Scheme::Offset { .. } | Scheme::PageNumber { total: None, .. } => true,
        Scheme::PageNumber {
            total: Some(pointer),
            ..
        } => json
            .and_then(|json| json.pointer(pointer))
            .is_none_or(Value::is_null),
        _ => false,
    }
}

/// What names the next page in `pagination`, for a message.
fn what_points_next(pagination: &Pagination) -> String {
    match pagination.next {
        Scheme::Link => "the page's `next` link".to_owned(),
        Scheme::NextUrl { pointer } => format!("the next page URL at `{pointer}`"),
        Scheme::Cursor { pointer, param } => {
            format!("the cursor at `{pointer}`, sent as `{param}`,")
        }
        Scheme::AfterLastItem { param, .. } => format!("the last item's key, sent as `{param}`,"),
        Scheme::Offset { param, .. } => format!("the offset `{param}`"),
        Scheme::PageNumber { param, .. } => format!("the page number `{param}`"),
    }
}

/// Why a page may repeat the one before, by `pagination`, and what to set.
fn repeat_hint(pagination: &Pagination) -> String {
    match pagination.next {
        Scheme::Link => "the server's `next` link leads to the same items".to_owned(),
        Scheme::NextUrl { pointer } => {
            format!("the next page URL at `{pointer}` leads to the same items")
        }
        Scheme::PageNumber { param, .. } => format!(
            "the server ignores the query parameter `{param}`, or answers the last page for \
             any number past it; give the pages an end, the answer's number of pages \
             (`Pagination::page_number(\"{param}\").total_pages(\"/…\")`), with the route's \
             `paginate(…)` or the walk's `.pagination(…)`"
        ),
        Scheme::Offset { param, .. }
        | Scheme::Cursor { param, .. }
        | Scheme::AfterLastItem { param, .. } => format!(
            "the server ignores the query parameter `{param}`; set the scheme it follows with \
             the walk's `.pagination(…)`"
        ),
    }
}

/// Where the page after the one at `url` is, by `pagination`: its URL
/// (absolute, or relative to `url`), `None` after the last page, or why it
/// cannot be told. `json` is the page as JSON (`None` when it is not
/// JSON), `length` its number of items.
fn next_of(
    pagination: &Pagination,
    url: &str,
    headers: &HeaderMap,
    json: Option<&Value>,
    length: usize,
) -> Result<Option<String>, String> {
    use endpoint_runtime::sibling::{query_param, with_query_param};
    let at = |pointer: &str| json.and_then(|json| json.pointer(pointer));
    let text = |pointer: &str, what: &str| match at(pointer) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.is_empty() => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(Value::Number(number)) if number.is_i64() || number.is_u64() => {
            Ok(Some(number.to_string()))
        }
        Some(_) => Err(format!(
            "the answer's {what} at `{pointer}` is neither a string nor an integer"
        )),
    };
    let number = |param: &str, default: u64| match query_param(url, param) {
        None => Ok(default),
        Some(value) => value.parse::<u64>().map_err(|_| {
            format!("the page's query parameter `{param}` is not a number of items or pages")
        }),
    };
    Ok(match pagination.next {
        Scheme::Link => next_page(headers),
        Scheme::Cursor { pointer, param } => {
            text(pointer, "cursor")?.map(|cursor| with_query_param(url, param, &cursor))
        }
        Scheme::NextUrl { pointer } => match at(pointer) {
            Some(Value::Number(_)) => {
                return Err(format!(
                    "the answer's next page URL at `{pointer}` is not a string"
                ));
            }
            _ => text(pointer, "next page URL")?,
        },
        Scheme::AfterLastItem { param, key, more } => {
            if length == 0 || at(more) != Some(&Value::Bool(true)) {
                return Ok(None);
            }
            let list = json.and_then(|json| match pagination.items {
                Some(items) => json.pointer(items)?.as_array(),
                None => match json {
                    Value::Array(list) => Some(list),
                    Value::Object(object) => {
                        let list = endpoint_runtime::sibling::page_list_key(object).ok()?;
                        object.get(list)?.as_array()
                    }
                    _ => None,
                },
            });
            let Some(last) = list.and_then(|list| list.last()) else {
                return Err(
                    "the answer says more items follow, but holds no list to take the last                      item's key from"
                        .to_owned(),
                );
            };
            let value = match last.pointer(key) {
                Some(Value::String(text)) if !text.is_empty() => text.clone(),
                Some(Value::Number(number)) if number.is_i64() || number.is_u64() => {
                    number.to_string()
                }
                _ => {
                    return Err(format!(
                        "the last item's key at `{key}` is neither a string nor an integer"
                    ));
                }
            };
            Some(with_query_param(url, param, &value))
        }
        Scheme::Offset { param, limit } => {
            let offset = number(param, 0)?;
            let limit = query_param(url, limit).and_then(|limit| limit.parse::<u64>().ok());
            let length = u64::try_from(length).unwrap_or(u64::MAX);
            if length == 0 || limit.is_some_and(|limit| length < limit) {
                None
            } else {
                let next = offset.saturating_add(length);
                Some(with_query_param(url, param, &next.to_string()))
            }
        }
        Scheme::PageNumber { param, total } => {
            let page = number(param, 1)?;
            let last = match total {
                Some(pointer) => match at(pointer) {
                    None | Some(Value::Null) => None,
                    Some(value) => Some(value.as_u64().ok_or_else(|| {
                        format!("the answer's number of pages at `{pointer}` is not a number")
                    })?),
                },
                None => None,
            };
            if length == 0 || last.is_some_and(|last| page >= last) {
                None
            } else {
                Some(with_query_param(
                    url,
                    param,
                    &page.saturating_add(1).to_string(),
                ))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
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
        state.receive(Ok(answer(
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
        state.receive(Ok(answer(200, None, page.clone())));
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
            next_of(&pagination, url, &HeaderMap::new(), Some(&json), length)
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
        let error = next_of(&pages, url, &HeaderMap::new(), Some(&json!({})), 1).unwrap_err();
        assert!(error.contains("`page`"), "{error}");
        let later = next_of(
            &pages,
            "https://api.example/v1/things?page=2",
            &HeaderMap::new(),
            None,
            1,
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
            next_of(&pagination, url, &HeaderMap::new(), Some(&json), length)
        };
        let items = |pagination: Pagination, json: Value| {
            items_at(json, pagination.items).map(|items| items.len())
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
            items_at(page.clone(), Some("/a/b")),
            Ok(vec![json!(1), json!(2)])
        );
        assert_eq!(items_at(page.clone(), Some("/c")), Ok(vec![]));
        assert!(
            items_at(page.clone(), Some("/d"))
                .unwrap_err()
                .contains("`/d` is not a list")
        );
        assert!(
            items_at(page, Some("/e"))
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
            let found = next_of(&pages, url, &HeaderMap::new(), Some(&json), 1);
            assert_eq!(found, Ok(Some(next.to_owned())), "{url}");
        }
        let dotted = Pagination::page_number("page.number");
        assert_eq!(
            next_of(
                &dotted,
                "https://a.example/x?page%2Enumber=4",
                &HeaderMap::new(),
                None,
                1
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
                2
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
                1
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
}
