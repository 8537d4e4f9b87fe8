//! A walk through a list's pages: the builder both clients' `paginate` and
//! `paginate_request` return ([`Pages`]), and the ways to read it: every
//! item ([`Items`]), every page whole ([`EachPage`]), or all the items at
//! once (`collect`).
//!
//! The types are written once for both clients; each client names them
//! for itself (`ureq::Pages`, `reqwest::Pages`, …) and reads them its own
//! way: an [`Iterator`] for the blocking client, a `Stream` for the async
//! one.
//!
//! ```no_run
//! use endpoint::client::ureq::Client;
//! use endpoint::client::{Cursor, Pagination};
//! use serde_json::{json, Value};
//!
//! let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
//! let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
//! let cursor: Cursor = "https://pets.example.com/v1/stores/42/pets?page=3".parse()?;
//! let mut pages = client
//!     .paginate_request::<Value>(request)
//!     .from(cursor)
//!     .pagination(Pagination::page_number("page"))
//!     .max_pages(5)
//!     .pages();
//! for page in pages.by_ref() {
//!     println!("{} pets", page?.items.len());
//! }
//! println!("resume at {:?}", pages.cursor());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use serde::de::DeserializeOwned;

use crate::decode::Operation;
use crate::page::Cursor;
use crate::paginate::PageState;
use crate::rate_limit::RateLimit;
use endpoint_runtime::model::{Paginated, Pagination};
use endpoint_runtime::sibling::request_and_origin;
use endpoint_runtime::{Settings, TypedRequest};

pub(crate) mod sealed {
    use std::future::Future;
    use std::pin::Pin;

    use crate::error::Error;
    use crate::exchange::Answer;

    /// Implemented by this crate's clients only.
    pub trait Sealed {}

    /// A page being fetched by the async client.
    pub struct Pending<'c>(
        pub(crate) Pin<Box<dyn Future<Output = Result<Answer, Error>> + Send + 'c>>,
    );
}

/// A client that walks pages: the blocking and the async one. Implemented
/// by this crate's clients only.
pub trait Backend: sealed::Sealed + fmt::Debug {
    /// What the client keeps while a page is being fetched: nothing for
    /// the blocking client, the page's future for the async one.
    #[doc(hidden)]
    type Fetching<'c>
    where
        Self: 'c;

    /// The client's pagination and bound on pages, for walks without
    /// their own.
    #[doc(hidden)]
    fn walk_settings(&self) -> (Pagination, Option<usize>);
}

/// The pages of a typed route: each page decoded as the route's response
/// type, following the route's own pagination, sent to its declared server.
pub(crate) fn of_route<R>(
    settings: &dyn Settings,
    route: &R,
) -> PageState<<R::Response as Paginated>::Item>
where
    R: TypedRequest,
    R::Response: Paginated + DeserializeOwned,
    <R::Response as Paginated>::Item: DeserializeOwned,
{
    let (first, server) = match request_and_origin(route, settings) {
        Ok((request, server)) => (Ok(request), server),
        Err(error) => (Err(error), None),
    };
    PageState::typed::<R::Response>(first, Operation::of::<R>())
        .route_pagination(R::PLAN.pagination)
        .route_server(server)
}

/// A walk through a list's pages, not started: what `paginate(&route)` and
/// `paginate_request(request)` of either client return.
///
/// Set where it starts and how it goes, then read it:
///
/// - [`from`](Pages::from): resume at a [`Cursor`] saved before;
/// - [`pagination`](Pages::pagination): follow another scheme than the
///   route's or the client's;
/// - [`max_pages`](Pages::max_pages): another bound on the pages requested;
/// - [`items`](Pages::items): every item of every page, in order (for the
///   blocking client, `for item in client.paginate(&route)` does the same);
/// - [`pages`](Pages::pages): every page whole, a [`Page`](crate::Page) with
///   its URL, status, headers, links and cursor;
/// - `collect`: every item at once, or the first error.
///
/// The items are of the type the route's response holds a list of
/// ([`Paginated::Item`]): `T` for a route declared `-> Vec<T>`, the items of
/// a search's results; for `paginate_request::<T>`, `T`. Each page is
/// decoded straight into the response type. In a page that does not fit,
/// each item is decoded on its own: one that does not fit is an
/// [`Error::Decode`](crate::Error::Decode) whose
/// [`DecodeError`](crate::DecodeError) names its index, its path in the
/// page (`[3].user.login`, `items[3].id`) and the page's URL and holds its
/// JSON, and the items after it still come. A page whose structure does not
/// fit (not a list, nor an object holding one) ends the items with its
/// error.
///
/// ```no_run
/// use endpoint::client::ureq::Client;
/// use endpoint::endpoint;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Pet {
///     name: String,
/// }
///
/// endpoint! {
///     /// The pets of a store.
///     struct ListPets = "GET /stores/{id}/pets" -> Vec<Pet>;
/// }
///
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// let route = ListPets { id: "42".into() };
/// for pet in client.paginate(&route) {
///     println!("{}", pet?.name);
/// }
/// let all: Vec<Pet> = client.paginate(&route).max_pages(3).collect()?;
/// # Ok::<(), endpoint::client::Error>(())
/// ```
pub struct Pages<'c, C: Backend, I> {
    pub(crate) client: &'c C,
    pub(crate) state: PageState<I>,
}

impl<'c, C: Backend, I> Pages<'c, C, I> {
    /// The walk of `state` by `client`, with the client's pagination and
    /// bound on pages where the route and the walk have none.
    pub(crate) fn new(client: &'c C, state: PageState<I>) -> Self {
        let (pagination, max_pages) = client.walk_settings();
        Pages {
            client,
            state: state.client_settings(pagination, max_pages),
        }
    }

    /// Starts at `cursor` (saved by an earlier walk's `cursor()`) instead of
    /// the first page: the cursor's page is fetched first, its items read
    /// already skipped, with the headers of the first request; the
    /// credentials go with it only if its URL has the same origin as that
    /// request. No item is lost, none is yielded twice (as long as the
    /// server's pages hold the same items when fetched again).
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use endpoint::client::Cursor;
    /// use serde_json::{json, Value};
    ///
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// let cursor: Cursor = "https://pets.example.com/v1/stores/42/pets?page=3#skip=2".parse()?;
    /// for pet in client.paginate_request::<Value>(request).from(cursor) {
    ///     println!("{}", pet?["name"]);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from(mut self, cursor: Cursor) -> Self {
        self.state = self.state.resume(Some(cursor));
        self
    }

    /// Follows `pagination` in this walk, instead of the route's own
    /// scheme (`#[endpoint(paginate(…))]`, or a generated crate's) and the
    /// client's ([`ClientBuilder::pagination`](crate::ClientBuilder::pagination)):
    /// the caller's setting wins, for a route whose scheme does not fit its
    /// server.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use endpoint::client::Pagination;
    /// use endpoint::endpoint;
    ///
    /// endpoint! {
    ///     /// The pets, a page at a time (the route says `?page=N`).
    ///     #[endpoint(paginate(page = "page", items = "/data"))]
    ///     struct ListPets = "GET /pets" -> serde_json::Value;
    /// }
    ///
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// // The server's pages say how many there are: this walk stops there.
    /// let pets = client
    ///     .paginate(&ListPets {})
    ///     .pagination(Pagination::page_number("page").total_pages("/pages").items("/data"));
    /// for pet in pets {
    ///     let _ = pet?;
    /// }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    #[must_use]
    pub fn pagination(mut self, pagination: Pagination) -> Self {
        self.state.set_pagination(pagination);
        self
    }

    /// Requests at most `max_pages` pages in this walk (at least one), or
    /// any number for `None`, instead of the client's bound
    /// ([`ClientBuilder::max_pages`](crate::ClientBuilder::max_pages),
    /// [`DEFAULT_MAX_PAGES`](crate::DEFAULT_MAX_PAGES) unless told). The
    /// walk that reaches it ends with an [`Error::Paging`](crate::Error::Paging)
    /// after every item of the pages read, and its cursor resumes at the
    /// page not fetched.
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// // At most 5 pages; the 6th is the cursor's.
    /// let mut pets = client.paginate_request::<Value>(request).max_pages(5).items();
    /// if let Some(error) = pets.by_ref().find_map(Result::err) {
    ///     eprintln!("{error}; resume at {:?}", pets.cursor());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_pages(mut self, max_pages: impl Into<Option<usize>>) -> Self {
        self.state.set_max_pages(max_pages.into());
        self
    }

    /// Where the walk starts: the cursor given to [`from`](Pages::from),
    /// or the first page; `None` for a request that cannot be built or a
    /// first page sent with another method than GET.
    pub fn cursor(&self) -> Option<Cursor> {
        self.state.cursor()
    }

    /// Every item of every page, in order: an [`Iterator`] for the blocking
    /// client, a `Stream` for the async one.
    pub fn items(self) -> Items<'c, C, I> {
        Items {
            client: self.client,
            state: self.state,
            fetching: None,
        }
    }

    /// Every page, whole, in order: each a [`Page`](crate::Page) of the
    /// items [`items`](Pages::items) gives (those that do not fit are its
    /// [`failures`](crate::Page::failures)), with its URL, status, headers,
    /// links, `total_count`, rate limit and the cursor of the page after it.
    /// An [`Iterator`] for the blocking client, a `Stream` for the async one.
    pub fn pages(self) -> EachPage<'c, C, I> {
        EachPage {
            client: self.client,
            state: self.state,
            fetching: None,
        }
    }
}

impl<C: Backend, I> fmt::Debug for Pages<'_, C, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pages")
            .field("client", &self.client)
            .field("state", &self.state)
            .finish()
    }
}

/// The items of every page: page after page until the last (for the
/// default pagination, one with no `Link: <…>; rel="next"`). An
/// [`Iterator`] for the blocking client, a `Stream` for the async one.
///
/// An error (a page that cannot be fetched or decoded, or a refusal) is the
/// last item. An item that does not fit its type is an
/// [`Error::Decode`](crate::Error::Decode) naming its index and path in the
/// page, and the others still come; it counts as yielded for the cursor.
///
/// [`Items::cursor`] says where to resume at any time, so that no item is
/// lost or yielded twice.
///
/// ```no_run
/// use endpoint::client::ureq::Client;
/// use serde_json::{json, Value};
///
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
/// let mut pets = client.paginate_request::<Value>(request).items();
/// for pet in pets.by_ref() {
///     println!("{}", pet?["name"]);
/// }
/// println!("{:?} pets in all", pets.total_count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Items<'c, C: Backend, I> {
    pub(crate) client: &'c C,
    pub(crate) state: PageState<I>,
    pub(crate) fetching: Option<C::Fetching<'c>>,
}

impl<C: Backend, I> Items<'_, C, I> {
    /// `total_count` of the pages read so far (search results, check runs,
    /// workflow runs…); `None` until a page that says it was read.
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let mut pets = client.paginate_request::<Value>(request).items();
    /// let first = pets.next();
    /// println!("{:?} in all", pets.total_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn total_count(&self) -> Option<i64> {
        self.state.total_count()
    }

    /// `incomplete_results` of the pages read so far (search results).
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::github().build()?;
    /// # let request = client.endpoint().endpoint("GET /search/issues", json!({"q": "ICE"}))?;
    /// let mut found = client.paginate_request::<Value>(request).items();
    /// let first = found.next();
    /// if found.incomplete_results() == Some(true) {
    ///     println!("the search timed out: some results are missing");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn incomplete_results(&self) -> Option<bool> {
        self.state.incomplete_results()
    }

    /// The rate-limit headers of the page read last.
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let mut pets = client.paginate_request::<Value>(request).items();
    /// let first = pets.next();
    /// println!("{:?} requests left", pets.rate_limit().and_then(|limit| limit.remaining));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate_limit(&self) -> Option<&RateLimit> {
        self.state.rate_limit()
    }

    /// Where to resume, with [`Pages::from`], so that no item is lost or
    /// yielded twice:
    ///
    /// - after an error, or while a page is being fetched (the async
    ///   client's stream dropped then), that page: resuming fetches it
    ///   (again);
    /// - in the middle of a page's items, that page, counting the items
    ///   yielded already ([`Cursor::skip`]): resuming fetches it again and
    ///   skips them;
    /// - between pages (and before the first), the page to fetch next;
    /// - after [`MAX_EMPTY_PAGES`](crate::MAX_EMPTY_PAGES) empty pages in a
    ///   row and their error, or after the walk's bound on pages
    ///   ([`Pages::max_pages`]), the page linked to, not fetched; after a
    ///   link (or cursor) back to a page read already, that page;
    /// - `None` once the last page was read whole (or a page number past it
    ///   was refused), or when the pages cannot go on (a request that cannot
    ///   be built, a link that is not a URL, a cursor that is neither a
    ///   string nor an integer, a page that repeats the items of the one
    ///   before), or for a first page sent with another method than GET,
    ///   which a cursor cannot name.
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let mut pets = client.paginate_request::<Value>(request).items();
    /// for pet in pets.by_ref() {
    ///     if pet.is_err() {
    ///         break;
    ///     }
    /// }
    /// if let Some(cursor) = pets.cursor() {
    ///     std::fs::write("pets.cursor", cursor.to_string())?;
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cursor(&self) -> Option<Cursor> {
        self.state.cursor()
    }
}

impl<C: Backend, I> fmt::Debug for Items<'_, C, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Items")
            .field("client", &self.client)
            .field("state", &self.state)
            .field("fetching", &self.fetching.is_some())
            .finish()
    }
}

// Nothing of `Items` is pinned: the page being fetched is boxed.
impl<C: Backend, I> Unpin for Items<'_, C, I> {}

/// Every page, whole, as [`Page`](crate::Page)s: page after page until the
/// last. An [`Iterator`] for the blocking client, a `Stream` for the async
/// one.
///
/// An error (a page that cannot be fetched or decoded, or a refusal) is the
/// last one. The items that do not fit are a page's
/// [`failures`](crate::Page::failures). Each page holds the cursor of the
/// page after it; [`EachPage::cursor`] says where to resume at any time,
/// after an error the page that failed.
///
/// ```no_run
/// use endpoint::client::ureq::Client;
/// use serde_json::{json, Value};
///
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
/// let mut pages = client.paginate_request::<Value>(request).pages();
/// while let Some(page) = pages.next() {
///     match page {
///         Ok(page) => println!("{} items from {}", page.items.len(), page.url),
///         Err(error) => println!("{error}; resume at {:?}", pages.cursor()),
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct EachPage<'c, C: Backend, I> {
    pub(crate) client: &'c C,
    pub(crate) state: PageState<I>,
    pub(crate) fetching: Option<C::Fetching<'c>>,
}

impl<C: Backend, I> EachPage<'_, C, I> {
    /// Where to resume, with [`Pages::from`]: after an error, or while a
    /// page is being fetched, that page; otherwise the page after the one
    /// yielded last (the [`Page::cursor`](crate::Page::cursor) of that
    /// page); `None` once the last page was read, or when the pages cannot
    /// go on (as [`Items::cursor`] says).
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let mut pages = client.paginate_request::<Value>(request).pages();
    /// let first = pages.next();
    /// println!("then {:?}", pages.cursor().map(|cursor| cursor.to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cursor(&self) -> Option<Cursor> {
        self.state.cursor()
    }
}

impl<C: Backend, I> fmt::Debug for EachPage<'_, C, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EachPage")
            .field("client", &self.client)
            .field("state", &self.state)
            .field("fetching", &self.fetching.is_some())
            .finish()
    }
}

// Nothing of `EachPage` is pinned: the page being fetched is boxed.
impl<C: Backend, I> Unpin for EachPage<'_, C, I> {}
