//! Both clients of `endpoint::client` behind one blocking interface, so that
//! a test is written once and runs with each backend: the blocking ureq
//! client as it is, the async reqwest client on a tokio runtime.
#![allow(dead_code)]

use std::future::poll_fn;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use endpoint::client::{Cursor, Error, Event, Page, Pagination, Response, Retry, reqwest, ureq};
use endpoint::model::{Answer, Paginated};
use endpoint::{Endpoint, Request, TypedRequest};
use futures_core::Stream;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A client of backend `name` (`"ureq"` or `"reqwest"`, on a runtime of its
/// own) made by `settings` from its builder with no proxy, and for the API
/// at `base_url` when one is given:
/// `client!(name, base_url, |b: ClientBuilder<_>| b.retry(…))`. The test
/// file declares this module `#[macro_use]`, as `backends`.
#[allow(unused_macros)]
macro_rules! client {
    ($name:expr, $base_url:expr, $settings:expr) => {{
        let base_url: &str = $base_url;
        client!($name, |builder: endpoint::client::ClientBuilder<_>| {
            $settings(builder.base_url(base_url))
        })
    }};
    ($name:expr, $settings:expr) => {{
        match $name {
            "ureq" => {
                let builder = endpoint::client::ureq::Client::builder().no_proxy();
                $crate::backends::Backend::Ureq($settings(builder).build().expect("valid settings"))
            }
            _ => {
                let builder = endpoint::client::reqwest::Client::builder().no_proxy();
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a tokio runtime");
                $crate::backends::Backend::Reqwest(
                    $settings(builder).build().expect("valid settings"),
                    std::sync::Arc::new(runtime),
                )
            }
        }
    }};
}

/// Retries that wait milliseconds, not seconds: 3 of them.
pub fn quick_retries() -> Retry {
    Retry::default()
        .base_delay(Duration::from_millis(20))
        .max_delay(Duration::from_millis(100))
}

/// The events a client's hook received: `.on_event(events.hook())`.
#[derive(Clone, Default)]
pub struct Events(Arc<Mutex<Vec<Event>>>);

impl Events {
    /// The hook that records each event.
    pub fn hook(&self) -> impl Fn(&Event) + Send + Sync + 'static {
        let events = Arc::clone(&self.0);
        move |event: &Event| events.lock().unwrap().push(event.clone())
    }

    /// Every event recorded so far, in order.
    pub fn all(&self) -> Vec<Event> {
        self.0.lock().unwrap().clone()
    }
}

/// The backends, by name.
pub const BACKENDS: [&str; 2] = ["ureq", "reqwest"];

/// One client of either backend.
#[derive(Clone)]
pub enum Backend {
    /// The blocking client.
    Ureq(ureq::Client),
    /// The async client, and the runtime it runs on.
    Reqwest(reqwest::Client, Arc<tokio::runtime::Runtime>),
}

/// Every item of every page, and what the pages said about the whole.
pub struct Paged<T> {
    /// The items (and the error that ended the pages, if one did).
    pub items: Vec<Result<T, Error>>,
    /// `total_count`, when the pages had one.
    pub total_count: Option<i64>,
    /// `incomplete_results`, when the pages had one.
    pub incomplete_results: Option<bool>,
}

impl<T> Paged<T> {
    /// The items, which must all be there.
    pub fn ok(self) -> Vec<T> {
        self.items
            .into_iter()
            .map(|item| item.unwrap_or_else(|err| panic!("an item failed: {err}")))
            .collect()
    }
}

impl Backend {
    /// The same client following the rules of `policy`.
    #[allow(dead_code)]
    pub fn with_policy(&self, policy: impl endpoint::client::ApiPolicy) -> Backend {
        match self {
            Backend::Ureq(client) => Backend::Ureq(client.with_policy(policy)),
            Backend::Reqwest(client, runtime) => {
                Backend::Reqwest(client.with_policy(policy), Arc::clone(runtime))
            }
        }
    }

    /// The backend called `name`, for `endpoint`, with no proxy.
    pub fn new(name: &str, endpoint: Endpoint) -> Backend {
        match name {
            "ureq" => {
                let agent = ::ureq::Agent::config_builder()
                    .proxy(None)
                    .timeout_global(Some(super::server::WAIT))
                    .build()
                    .into();
                Backend::Ureq(ureq::Client::with_agent(endpoint, agent))
            }
            "reqwest" => {
                // A reqwest client built here needs a crypto provider of the
                // process (endpoint's `reqwest` feature brings ring's only
                // to the clients it builds), as its documentation says.
                let _ = rustls::crypto::ring::default_provider().install_default();
                let client = ::reqwest::Client::builder()
                    .no_proxy()
                    .redirect(::reqwest::redirect::Policy::none())
                    .timeout(super::server::WAIT)
                    .build()
                    .expect("a reqwest client");
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a tokio runtime");
                Backend::Reqwest(
                    reqwest::Client::with_client(endpoint, client),
                    Arc::new(runtime),
                )
            }
            other => panic!("no backend `{other}`"),
        }
    }

    /// The backend called `name`, made by `Client::builder()` for the API
    /// at `base_url` with a bearer token, as an application would make it
    /// (with no proxy and the tests' timeout).
    pub fn any_api(name: &str, base_url: &str, bearer: &str) -> Backend {
        match name {
            "ureq" => Backend::Ureq(
                ureq::Client::builder()
                    .base_url(base_url)
                    .bearer(bearer)
                    .no_proxy()
                    .timeout(super::server::WAIT)
                    .build()
                    .expect("a ureq client"),
            ),
            "reqwest" => {
                let client = reqwest::Client::builder()
                    .base_url(base_url)
                    .bearer(bearer)
                    .no_proxy()
                    .timeout(super::server::WAIT)
                    .build()
                    .expect("a reqwest client");
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a tokio runtime");
                Backend::Reqwest(client, Arc::new(runtime))
            }
            other => panic!("no backend `{other}`"),
        }
    }

    /// The backend's name.
    pub fn name(&self) -> &'static str {
        match self {
            Backend::Ureq(_) => "ureq",
            Backend::Reqwest(..) => "reqwest",
        }
    }

    /// The client's endpoint.
    pub fn endpoint(&self) -> &Endpoint {
        match self {
            Backend::Ureq(client) => client.endpoint(),
            Backend::Reqwest(client, _) => client.endpoint(),
        }
    }

    /// The same client with other defaults.
    pub fn with_endpoint(&self, endpoint: Endpoint) -> Backend {
        match self {
            Backend::Ureq(client) => Backend::Ureq(client.with_endpoint(endpoint)),
            Backend::Reqwest(client, runtime) => {
                Backend::Reqwest(client.with_endpoint(endpoint), Arc::clone(runtime))
            }
        }
    }

    /// The same client with its defaults merged with `options`.
    pub fn with_defaults(&self, options: Value) -> Backend {
        let endpoint = self.endpoint().defaults(options).expect("valid defaults");
        self.with_endpoint(endpoint)
    }

    /// `send`.
    pub fn send<R>(&self, route: &R) -> Result<Response<R::Response>, Error>
    where
        R: TypedRequest + Sync,
        R::Response: Answer,
    {
        match self {
            Backend::Ureq(client) => client.send(route),
            Backend::Reqwest(client, runtime) => runtime.block_on(client.send(route)),
        }
    }

    /// `send`, the answer decoded into `T` rather than the route's
    /// `Response`: for a request that asks for another media type (raw
    /// text, an archive's bytes).
    pub fn send_as<T: Answer>(&self, route: &impl TypedRequest) -> Result<Response<T>, Error> {
        self.execute(route.to_request_with(self.endpoint())?)
    }

    /// `execute`.
    pub fn execute<T: Answer>(&self, request: Request) -> Result<Response<T>, Error> {
        match self {
            Backend::Ureq(client) => client.execute(request),
            Backend::Reqwest(client, runtime) => runtime.block_on(client.execute(request)),
        }
    }

    /// A dynamic request: `route` and `options` built by the client's
    /// endpoint, then executed.
    pub fn call<T: Answer>(&self, route: &str, options: Value) -> Result<Response<T>, Error> {
        let request = self.endpoint().endpoint(route, options)?;
        self.execute(request)
    }

    /// `paginate`, every item collected.
    pub fn paginate<R>(&self, route: &R) -> Paged<<R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        match self {
            Backend::Ureq(client) => drain(client.paginate(route)),
            Backend::Reqwest(client, runtime) => runtime.block_on(stream(client.paginate(route))),
        }
    }

    /// `paginate_request`, every item collected.
    pub fn paginate_request<T: DeserializeOwned>(&self, request: Request) -> Paged<T> {
        match self {
            Backend::Ureq(client) => drain(client.paginate_request(request)),
            Backend::Reqwest(client, runtime) => {
                runtime.block_on(stream(client.paginate_request(request)))
            }
        }
    }
}

impl Backend {
    /// `paginate`: the walk, not started.
    pub fn walk<R>(&self, route: &R) -> Walk<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        match self {
            Backend::Ureq(client) => Walk::Ureq(client.paginate(route)),
            Backend::Reqwest(client, runtime) => Walk::Reqwest(client.paginate(route), runtime),
        }
    }

    /// `paginate_request`: the walk, not started.
    pub fn walk_request<T: DeserializeOwned>(&self, request: Request) -> Walk<'_, T> {
        match self {
            Backend::Ureq(client) => Walk::Ureq(client.paginate_request(request)),
            Backend::Reqwest(client, runtime) => {
                Walk::Reqwest(client.paginate_request(request), runtime)
            }
        }
    }

    /// `paginate`, from `cursor` when there is one: the items one by one.
    pub fn items<R>(
        &self,
        route: &R,
        cursor: Option<Cursor>,
    ) -> Items<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        self.walk(route).from(cursor).items()
    }

    /// `paginate_request`, from `cursor` when there is one: the items one
    /// by one.
    pub fn items_request<T: DeserializeOwned>(
        &self,
        request: Request,
        cursor: Option<Cursor>,
    ) -> Items<'_, T> {
        self.walk_request(request).from(cursor).items()
    }

    /// `paginate`, from `cursor` when there is one: the pages one by one.
    pub fn pages<R>(
        &self,
        route: &R,
        cursor: Option<Cursor>,
    ) -> Pages<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        self.walk(route).from(cursor).pages()
    }

    /// `paginate_request`, from `cursor` when there is one: the pages one
    /// by one.
    pub fn pages_request<T: DeserializeOwned>(
        &self,
        request: Request,
        cursor: Option<Cursor>,
    ) -> Pages<'_, T> {
        self.walk_request(request).from(cursor).pages()
    }
}

/// The walk of either backend, not started.
pub enum Walk<'b, T> {
    /// The blocking client's.
    Ureq(ureq::Pages<'b, T>),
    /// The async client's, and the runtime that polls it.
    Reqwest(reqwest::Pages<'b, T>, &'b tokio::runtime::Runtime),
}

impl<'b, T> Walk<'b, T> {
    /// `from(cursor)` when there is one.
    pub fn from(self, cursor: Option<Cursor>) -> Self {
        let Some(cursor) = cursor else { return self };
        match self {
            Walk::Ureq(walk) => Walk::Ureq(walk.from(cursor)),
            Walk::Reqwest(walk, runtime) => Walk::Reqwest(walk.from(cursor), runtime),
        }
    }

    /// `pagination(pagination)`: the walk's own scheme.
    pub fn pagination(self, pagination: Pagination) -> Self {
        match self {
            Walk::Ureq(walk) => Walk::Ureq(walk.pagination(pagination)),
            Walk::Reqwest(walk, runtime) => Walk::Reqwest(walk.pagination(pagination), runtime),
        }
    }

    /// `max_pages(max)`: the walk's own bound on pages.
    pub fn max_pages(self, max: Option<usize>) -> Self {
        match self {
            Walk::Ureq(walk) => Walk::Ureq(walk.max_pages(max)),
            Walk::Reqwest(walk, runtime) => Walk::Reqwest(walk.max_pages(max), runtime),
        }
    }

    /// `items()`.
    pub fn items(self) -> Items<'b, T> {
        match self {
            Walk::Ureq(walk) => Items::Ureq(walk.items()),
            Walk::Reqwest(walk, runtime) => Items::Reqwest(walk.items(), runtime),
        }
    }

    /// `pages()`.
    pub fn pages(self) -> Pages<'b, T> {
        match self {
            Walk::Ureq(walk) => Pages::Ureq(walk.pages()),
            Walk::Reqwest(walk, runtime) => Pages::Reqwest(walk.pages(), runtime),
        }
    }

    /// `collect()`.
    pub fn collect(self) -> Result<Vec<T>, Error> {
        match self {
            Walk::Ureq(walk) => walk.collect(),
            Walk::Reqwest(walk, runtime) => runtime.block_on(walk.collect()),
        }
    }
}

/// The item iterator of either backend, as a blocking [`Iterator`].
pub enum Items<'b, T> {
    /// The blocking client's.
    Ureq(ureq::Items<'b, T>),
    /// The async client's stream, and the runtime that polls it.
    Reqwest(reqwest::Items<'b, T>, &'b tokio::runtime::Runtime),
}

impl<T> Items<'_, T> {
    /// `cursor()`.
    pub fn cursor(&self) -> Option<Cursor> {
        match self {
            Items::Ureq(pages) => pages.cursor(),
            Items::Reqwest(pages, _) => pages.cursor(),
        }
    }

    /// `total_count()`.
    pub fn total_count(&self) -> Option<i64> {
        match self {
            Items::Ureq(pages) => pages.total_count(),
            Items::Reqwest(pages, _) => pages.total_count(),
        }
    }
}

impl<T> Iterator for Items<'_, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Items::Ureq(pages) => pages.next(),
            Items::Reqwest(pages, runtime) => {
                runtime.block_on(poll_fn(|cx| Pin::new(&mut *pages).poll_next(cx)))
            }
        }
    }
}

/// The page iterator of either backend, as a blocking [`Iterator`].
pub enum Pages<'b, I> {
    /// The blocking client's.
    Ureq(ureq::EachPage<'b, I>),
    /// The async client's stream, and the runtime that polls it.
    Reqwest(reqwest::EachPage<'b, I>, &'b tokio::runtime::Runtime),
}

impl<I> Pages<'_, I> {
    /// `cursor()`.
    pub fn cursor(&self) -> Option<Cursor> {
        match self {
            Pages::Ureq(pages) => pages.cursor(),
            Pages::Reqwest(pages, _) => pages.cursor(),
        }
    }
}

impl<I> Iterator for Pages<'_, I> {
    type Item = Result<Page<I>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Pages::Ureq(pages) => pages.next(),
            Pages::Reqwest(pages, runtime) => {
                runtime.block_on(poll_fn(|cx| Pin::new(&mut *pages).poll_next(cx)))
            }
        }
    }
}

fn drain<T>(pages: ureq::Pages<'_, T>) -> Paged<T> {
    let mut pages = pages.items();
    let items = pages.by_ref().collect();
    Paged {
        items,
        total_count: pages.total_count(),
        incomplete_results: pages.incomplete_results(),
    }
}

async fn stream<T>(pages: reqwest::Pages<'_, T>) -> Paged<T> {
    let mut pages = pages.items();
    let mut items = Vec::new();
    while let Some(item) = poll_fn(|cx| Pin::new(&mut pages).poll_next(cx)).await {
        items.push(item);
    }
    Paged {
        items,
        total_count: pages.total_count(),
        incomplete_results: pages.incomplete_results(),
    }
}
