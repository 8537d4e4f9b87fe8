//! Pagination: pages that follow one another by a [`Pagination`] scheme
//! (`Link: <…>; rel="next"` unless told), read whole or item by item, and
//! where to resume them.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use endpoint_runtime::model::{Next as Scheme, Paginated, Pagination};
use endpoint_runtime::sibling::Origin;
use http::{HeaderMap, StatusCode, Uri};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::decode::{Operation, decode};
use super::error::{DecodeError, Error};
use super::exchange::{Answer, Exchange, resolve};
use super::limits::{DEFAULT_MAX_PAGES, MAX_EMPTY_PAGES};
use super::link::Link;
use super::page::{Cursor, Page};
use super::rate_limit::RateLimit;

mod next;
mod read;
mod repeat;

use next::{end_unknown, next_of, repeat_hint, what_points_next};
use read::{Read, dynamic_page, typed_page};
use repeat::{Seen, items_fingerprint};

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
        let page_keys = answer.api.page_keys();
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
                    page_keys,
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

#[cfg(test)]
mod tests;
