//! The blocking client, on ureq 3 (feature `ureq`).

use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;

use super::builder::{ClientBuilder, Transport};
use super::call::{Action, Call, Policy};
use super::decode::Operation;
use super::exchange::{Answer, Exchange};
use super::page::{Cursor, Page};
use super::paginate::PageState;
use super::policy::ApiPolicy;
use super::rate_limit::RateLimit;
use super::{Error, MAX_ANSWER_BYTES, Response};
use endpoint_runtime::model::{Paginated, Pagination};
use endpoint_runtime::sibling::route_origin;
use endpoint_runtime::{Endpoint, Request, TypedRequest};

mod stream;

pub use stream::{Events, Lines, Streamed, Upload};

/// A blocking client: an [`Endpoint`] and a ureq agent.
///
/// Made by [`Client::builder`] (any API) or [`Client::github`]; cloning is
/// cheap: the endpoint and the agent's connection pool are shared. `Debug`
/// shows no credential.
///
/// ```no_run
/// use endpoint::client::ureq::Client;
/// use serde_json::{json, Value};
///
/// let client = Client::github().token("ghp_…").build()?;
/// let request = client.endpoint().endpoint(
///     "GET /repos/{owner}/{repo}",
///     json!({"owner": "rust-lang", "repo": "rust"}),
/// )?;
/// let repo = client.execute::<Value>(request)?.body;
/// println!("{}", repo["full_name"]);
/// # Ok::<(), endpoint::client::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Client {
    endpoint: Endpoint,
    agent: ::ureq::Agent,
    policy: Policy,
}

impl Client {
    /// A builder for a client of any API: set its
    /// [`base_url`](ClientBuilder::base_url) (or call
    /// [`github`](ClientBuilder::github)), credentials and headers, then
    /// [`build`](ClientBuilder::build).
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use serde_json::{json, Value};
    ///
    /// let pets = Client::builder().base_url("https://pets.example.com/v1").bearer("s3cr3t").build()?;
    /// let request = pets.endpoint().endpoint("GET /stores/{id}", json!({"id": 42}))?;
    /// let store: Value = pets.execute(request)?.body;
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn builder() -> ClientBuilder<Client> {
        ClientBuilder::new()
    }

    /// A client for `endpoint` with a ureq agent of default settings
    /// (rustls, proxies from the environment, [`DEFAULT_CONNECT_TIMEOUT`]
    /// and [`DEFAULT_TIMEOUT`]) that sends each request once, as it is: no
    /// retry, no wait for a rate limit, no cache. [`Client::builder`] and
    /// [`Client::github`] make clients that do those.
    ///
    /// [`DEFAULT_CONNECT_TIMEOUT`]: super::DEFAULT_CONNECT_TIMEOUT
    /// [`DEFAULT_TIMEOUT`]: super::DEFAULT_TIMEOUT
    ///
    /// Its credentials (the endpoint's `authorization` and any header but
    /// the shown ones, `accept`, `user-agent`, `content-type`…) go only to
    /// the origins of the endpoint's base URL and servers (and of a typed
    /// route's declared server), whatever
    /// its credential check says: a request to another origin that would
    /// carry them is an [`Error::Build`] holding
    /// [`CredentialsHost`](endpoint_runtime::Error::CredentialsHost).
    ///
    /// # Errors
    /// None for now: the same shape as the async client's `new`, which
    /// can fail.
    pub fn new(endpoint: Endpoint) -> Result<Client, Error> {
        let policy = Policy::none(&endpoint);
        Ok(Client::with_transport(
            endpoint,
            &Transport::default(),
            policy,
        ))
    }

    /// A client for `endpoint` with an agent of `transport`'s settings.
    fn with_transport(endpoint: Endpoint, transport: &Transport, policy: Policy) -> Client {
        let mut config = ::ureq::Agent::config_builder()
            .timeout_global(Some(transport.timeout))
            .timeout_connect(Some(transport.connect_timeout));
        if transport.no_proxy {
            config = config.proxy(None);
        }
        Client {
            endpoint,
            agent: config.build().into(),
            policy,
        }
    }

    /// A client for `endpoint` sending with `agent` (for its timeouts,
    /// proxy, TLS settings), sending each request once as
    /// [`Client::new`] does; [`ClientBuilder::build_with_agent`] gives it
    /// the builder's settings. Whatever the agent's settings, it follows no
    /// redirect itself (this client does) and hands every status over.
    pub fn with_agent(endpoint: Endpoint, agent: ::ureq::Agent) -> Client {
        let policy = Policy::none(&endpoint);
        Client::from_parts(endpoint, agent, policy)
    }

    /// A client of these parts.
    fn from_parts(endpoint: Endpoint, agent: ::ureq::Agent, policy: Policy) -> Client {
        Client {
            endpoint,
            agent,
            policy,
        }
    }

    /// The same client with other defaults (another base URL, a
    /// `mediaType.format`), sharing the agent, the rate-limit state, the
    /// cache and the credentials.
    /// The credentials still go only to the origins this client was made
    /// for (its first endpoint's base URL and servers): a request of
    /// `endpoint` to another origin that would carry them is refused.
    pub fn with_endpoint(&self, endpoint: Endpoint) -> Client {
        Client {
            endpoint,
            agent: self.agent.clone(),
            policy: self.policy.clone(),
        }
    }

    /// The same client following the rules of `policy` ([`ApiPolicy`]:
    /// how answers report and refuse rate limits, which are retried, how
    /// error bodies and lists read), sharing the agent, the rate-limit
    /// state, the cache and the credentials. Its retry, rate-limit and
    /// pagination settings stay this client's. A client made by its
    /// builder takes the policy there ([`ClientBuilder::policy`]); this is
    /// for one made from an endpoint, whose rules are the neutral ones
    /// ([`IetfPolicy`](super::IetfPolicy)) unless given others here.
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use endpoint::client::{GitHubPolicy, ureq::Client};
    /// use serde_json::json;
    ///
    /// let enterprise = Endpoint::default().defaults(json!({"baseUrl": "https://ghe.example.com/api/v3"}))?;
    /// let client = Client::new(enterprise)?.with_policy(GitHubPolicy);
    /// # let _ = client;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_policy(&self, policy: impl ApiPolicy) -> Client {
        let mut client = self.clone();
        client.policy.api = Arc::new(policy);
        client
    }

    /// The endpoint whose defaults every request gets.
    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// Sends a typed request and decodes the answer into its `Response` type
    /// (an [`Answer`](endpoint_runtime::model::Answer): by its status and media type).
    ///
    /// # Errors
    /// [`Error::Build`] when the request cannot be built, then as
    /// [`Client::execute`].
    pub fn send<R>(&self, route: &R) -> Result<Response<R::Response>, Error>
    where
        R: TypedRequest,
        R::Response: endpoint_runtime::model::Answer,
    {
        let exchange = Exchange::new(route.to_request_with(&self.endpoint)?)?
            .on_server(route_origin(&self.endpoint, R::PLAN));
        self.run(exchange)?.into_response(Operation::of::<R>())
    }

    /// Sends a request built already (by [`Endpoint::endpoint`], say) and
    /// decodes the answer into `T`.
    ///
    /// # Errors
    /// [`Error::Transport`] when the server cannot be reached,
    /// [`Error::Status`] or [`Error::RateLimited`] for an answer that is not
    /// 2xx, [`Error::Redirect`] for redirects that cannot be followed,
    /// [`Error::Decode`] when a 2xx answer does not fit `T`.
    pub fn execute<T: endpoint_runtime::model::Answer>(
        &self,
        request: Request,
    ) -> Result<Response<T>, Error> {
        self.run(Exchange::new(request)?)?
            .into_response(Operation::Dynamic)
    }

    /// Every item of every page of a typed list request, in order; see
    /// [`Pages`].
    ///
    /// The items are of the type the route's response type holds a list of
    /// ([`Paginated::Item`]): `T` for a route declared `-> Vec<T>`, the item
    /// type of a search's results. Each page is decoded straight into the
    /// response type. In a page that does not fit, each item is decoded on
    /// its own: one that does not fit is an [`Error::Decode`] whose
    /// [`DecodeError`](crate::DecodeError) names its index, its path
    /// in the page (`[3].user.login`, `items[3].id`) and the page's URL and
    /// holds its JSON, and the items after it still come. A page whose
    /// structure does not fit (not a list, nor an object holding one, or
    /// whose fields beside the list do not fit) ends the items with an
    /// [`Error::Decode`] naming the path in the page.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use endpoint::endpoint;
    /// use endpoint::model::Paginated;
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize)]
    /// struct Issue {
    ///     number: u64,
    /// }
    ///
    /// /// A page of search results: the list wrapped in `items`.
    /// #[derive(Deserialize)]
    /// struct Found {
    ///     total_count: i64,
    ///     items: Vec<Issue>,
    /// }
    ///
    /// impl Paginated for Found {
    ///     type Item = Issue;
    ///     fn into_items(self) -> Vec<Issue> {
    ///         self.items
    ///     }
    ///     fn total_count(&self) -> Option<i64> {
    ///         Some(self.total_count)
    ///     }
    /// }
    ///
    /// endpoint! {
    ///     /// Search issues.
    ///     struct SearchIssues = "GET /search/issues{?q}" -> Found;
    /// }
    ///
    /// let client = Client::github().build()?;
    /// let mut found = client.paginate(&SearchIssues { q: Some("repo:rust-lang/rust ICE".into()) });
    /// for issue in found.by_ref().take(50) {
    ///     println!("#{}", issue?.number);
    /// }
    /// println!("of {:?}", found.total_count());
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn paginate<R>(&self, route: &R) -> Pages<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        let first = route.to_request_with(&self.endpoint);
        Pages::new(
            self,
            PageState::typed::<R::Response>(first, Operation::of::<R>())
                .route_pagination(R::PLAN.pagination)
                .route_server(route_origin(&self.endpoint, R::PLAN)),
        )
    }

    /// Every item of every page, from a request built already, each item
    /// decoded into `T`.
    ///
    /// A page is a list, or an object holding exactly one list beside
    /// `total_count`, `incomplete_results` and `repository_selection` (as
    /// [`Paginated`] reads a `serde_json::Value`). An item that does not fit
    /// `T` is an [`Error::Decode`] naming its index and path in the page and
    /// holding its JSON, and the other items still come.
    pub fn paginate_request<T: DeserializeOwned>(&self, request: Request) -> Pages<'_, T> {
        Pages::new(self, PageState::dynamic(Ok(request)))
    }

    /// The items of a typed list request from `cursor` on, as
    /// [`Client::paginate`] gives them: the cursor's page is fetched first
    /// (its items already read skipped), with the headers of the route's
    /// request, built with this client's endpoint; the credentials go with
    /// it only if its URL has the same origin as that request.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use endpoint::client::Cursor;
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
    /// let client = Client::builder().base_url("https://pets.example.com/v1").bearer("s3cr3t").build()?;
    /// let route = ListPets { id: "42".into() };
    /// let mut pets = client.paginate(&route);
    /// let first: Vec<Pet> = pets.by_ref().take(10).collect::<Result<_, _>>()?;
    /// let saved = pets.cursor().map(|cursor| cursor.to_string());
    ///
    /// // Later, maybe in another process.
    /// if let Some(saved) = saved {
    ///     for pet in client.paginate_from(&route, saved.parse::<Cursor>()?) {
    ///         println!("{}", pet?.name);
    ///     }
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paginate_from<R>(
        &self,
        route: &R,
        cursor: Cursor,
    ) -> Pages<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        let first = route.to_request_with(&self.endpoint);
        Pages::new(
            self,
            PageState::typed::<R::Response>(first, Operation::of::<R>())
                .route_pagination(R::PLAN.pagination)
                .route_server(route_origin(&self.endpoint, R::PLAN))
                .resume(Some(cursor)),
        )
    }

    /// The items of a request built already from `cursor` on, as
    /// [`Client::paginate_request`] gives them and
    /// [`Client::paginate_from`] resumes them.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use serde_json::{json, Value};
    ///
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// let cursor = "https://pets.example.com/v1/stores/42/pets?page=3#skip=2".parse()?;
    /// for pet in client.paginate_request_from::<Value>(request, cursor) {
    ///     println!("{}", pet?["name"]);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paginate_request_from<T: DeserializeOwned>(
        &self,
        request: Request,
        cursor: Cursor,
    ) -> Pages<'_, T> {
        Pages::new(self, PageState::dynamic(Ok(request)).resume(Some(cursor)))
    }

    /// Every page of a typed list request, whole, in order: each a
    /// [`Page`] of the items [`Client::paginate`] gives, with its URL,
    /// status, headers, links, `total_count`, rate limit and the cursor of
    /// the page after it; see [`EachPage`].
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
    /// for page in client.pages(&ListPets { id: "42".into() }) {
    ///     let page = page?;
    ///     println!("{}: {} pets, then {:?}", page.url, page.items.len(), page.cursor);
    /// }
    /// # Ok::<(), endpoint::client::Error>(())
    /// ```
    pub fn pages<R>(&self, route: &R) -> EachPage<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        self.pages_at(route, None)
    }

    /// Every page of a typed list request from `cursor` on, as
    /// [`Client::pages`] gives them and [`Client::paginate_from`] resumes
    /// them. When the cursor counts items of its page read already, the
    /// first page holds only the items after them.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use endpoint::client::Cursor;
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
    /// let cursor: Cursor = std::fs::read_to_string("pets.cursor")?.parse()?;
    /// for page in client.pages_from(&ListPets { id: "42".into() }, cursor) {
    ///     let page = page?;
    ///     println!("{} pets", page.items.len());
    ///     if let Some(next) = &page.cursor {
    ///         std::fs::write("pets.cursor", next.to_string())?;
    ///     }
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pages_from<R>(
        &self,
        route: &R,
        cursor: Cursor,
    ) -> EachPage<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        self.pages_at(route, Some(cursor))
    }

    /// Every page, whole, from a request built already: its items each
    /// decoded into `T` on its own, as [`Client::paginate_request`] decodes
    /// them, so that an item that does not fit is one of the page's
    /// [`failures`](Page::failures) and the others are its items.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use serde_json::{json, Value};
    ///
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// for page in client.pages_request::<Value>(request) {
    ///     let page = page?;
    ///     for failure in &page.failures {
    ///         eprintln!("skipped: {failure}");
    ///     }
    ///     let pets: Vec<Value> = page.items;
    ///     println!("{} pets", pets.len());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pages_request<T: DeserializeOwned>(&self, request: Request) -> EachPage<'_, T> {
        EachPage::new(self, PageState::dynamic(Ok(request)))
    }

    /// Every page from `cursor` on, whole, from a request built already, as
    /// [`Client::pages_request`] gives them and [`Client::pages_from`]
    /// resumes them.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use serde_json::{json, Value};
    ///
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// let cursor = "https://pets.example.com/v1/stores/42/pets?page=3".parse()?;
    /// for page in client.pages_request_from::<Value>(request, cursor) {
    ///     println!("{} pets", page?.items.len());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pages_request_from<T: DeserializeOwned>(
        &self,
        request: Request,
        cursor: Cursor,
    ) -> EachPage<'_, T> {
        EachPage::new(self, PageState::dynamic(Ok(request)).resume(Some(cursor)))
    }

    /// The pages of `route`, from `cursor` on when there is one.
    fn pages_at<R>(
        &self,
        route: &R,
        cursor: Option<Cursor>,
    ) -> EachPage<'_, <R::Response as Paginated>::Item>
    where
        R: TypedRequest,
        R::Response: Paginated + DeserializeOwned,
        <R::Response as Paginated>::Item: DeserializeOwned,
    {
        let first = route.to_request_with(&self.endpoint);
        EachPage::new(
            self,
            PageState::typed::<R::Response>(first, Operation::of::<R>())
                .route_pagination(R::PLAN.pagination)
                .route_server(route_origin(&self.endpoint, R::PLAN))
                .resume(cursor),
        )
    }

    /// What `take` gives of `state`, reading the next page whenever it
    /// gives nothing, until the pages end: the loop of both page iterators.
    fn read_pages<I, O>(
        &self,
        state: &mut PageState<I>,
        take: fn(&mut PageState<I>) -> Option<O>,
    ) -> Option<O> {
        loop {
            if let Some(out) = take(state) {
                return Some(out);
            }
            let Some(exchange) = state.next_exchange() else {
                return take(state);
            };
            state.receive(self.run(exchange));
        }
    }

    /// Sends the call's requests until its final answer, sleeping through
    /// the waits of its retries and rate limits.
    fn run(&self, exchange: Exchange) -> Result<Answer, Error> {
        let mut call = Call::new(&self.policy, exchange);
        loop {
            match call.next() {
                Action::Wait(wait) => self.policy.clock.sleep(wait),
                Action::Poll(wait) => std::thread::sleep(wait),
                Action::Send(request) => {
                    let answer = self.transport(request, call.timeout());
                    call.receive(answer.map_err(Into::into));
                }
                Action::Done(result) => return result,
            }
        }
    }

    /// Sends `request`, within `timeout` when the call's deadline cuts the
    /// agent's.
    fn transport(
        &self,
        request: http::Request<Vec<u8>>,
        timeout: Option<Duration>,
    ) -> Result<http::Response<Vec<u8>>, ::ureq::Error> {
        // An empty body is sent as none: ureq says `content-length: 0` for
        // an empty one whatever the method, and the request says it itself
        // where the method gives content a meaning.
        let answer = if request.body().is_empty() {
            self.send_one(request.map(|_| ()), timeout)?
        } else {
            self.send_one(request, timeout)?
        };
        let (parts, body) = answer.into_parts();
        Ok(http::Response::from_parts(parts, read_whole(body)?))
    }

    fn send_one(
        &self,
        request: http::Request<impl ::ureq::AsSendBody>,
        timeout: Option<Duration>,
    ) -> Result<http::Response<::ureq::Body>, ::ureq::Error> {
        let mut request = self
            .agent
            .configure_request(request)
            .http_status_as_error(false)
            .max_redirects(0);
        if let Some(timeout) = timeout {
            request = request.timeout_global(Some(timeout));
        }
        self.agent.run(request.build())
    }
}

/// An answer's body, read whole up to [`MAX_ANSWER_BYTES`].
fn read_whole(mut body: ::ureq::Body) -> Result<Vec<u8>, ::ureq::Error> {
    // ureq's limit refuses a body that reaches it, not one that passes it:
    // one byte more tells a body of exactly the largest size from a larger
    // one.
    let body = match body.with_config().limit(MAX_ANSWER_BYTES + 1).read_to_vec() {
        Err(::ureq::Error::BodyExceedsLimit(_)) => {
            return Err(::ureq::Error::BodyExceedsLimit(MAX_ANSWER_BYTES));
        }
        read => read?,
    };
    if body.len() as u64 > MAX_ANSWER_BYTES {
        return Err(::ureq::Error::BodyExceedsLimit(MAX_ANSWER_BYTES));
    }
    Ok(body)
}

/// The items of every page, as an [`Iterator`]: page after page until one
/// has no `Link: <…>; rel="next"`.
///
/// An error (a page that cannot be fetched or decoded, or a refusal) is the
/// last item. An item that does not fit its type is an [`Error::Decode`]
/// naming its index and path in the page, and the others still come; it
/// counts as yielded for the cursor.
///
/// [`Pages::cursor`] says where to resume at any time, so that no item is
/// lost or yielded twice: after an error, the page that failed.
///
/// ```no_run
/// use endpoint::client::ureq::Client;
/// use serde_json::{json, Value};
///
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
/// let mut pets = client.paginate_request::<Value>(request);
/// for pet in pets.by_ref() {
///     println!("{}", pet?["name"]);
/// }
/// println!("{:?} pets in all", pets.total_count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Pages<'c, T> {
    client: &'c Client,
    state: PageState<T>,
}

impl<'c, T> Pages<'c, T> {
    fn new(client: &'c Client, state: PageState<T>) -> Self {
        let state = state.client_settings(client.policy.pagination, client.policy.max_pages);
        Pages { client, state }
    }

    /// `total_count` of the pages read so far (search results, check runs,
    /// workflow runs…).
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let mut pets = client.paginate_request::<Value>(request);
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
    /// let mut found = client.paginate_request::<Value>(request);
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
    /// let mut pets = client.paginate_request::<Value>(request);
    /// let first = pets.next();
    /// println!("{:?} requests left", pets.rate_limit().and_then(|limit| limit.remaining));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate_limit(&self) -> Option<&RateLimit> {
        self.state.rate_limit()
    }

    /// Where to resume, with [`Client::paginate_from`] (or
    /// [`Client::paginate_request_from`]), so that no item is lost or
    /// yielded twice:
    ///
    /// - after an error, the page that failed: resuming fetches it again;
    /// - in the middle of a page's items, that page, counting the items
    ///   yielded already ([`Cursor::skip`]): resuming fetches it again and
    ///   skips them;
    /// - between pages (and before the first), the page to fetch next;
    /// - after [`MAX_EMPTY_PAGES`](super::MAX_EMPTY_PAGES) empty pages in a
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
    /// let mut pets = client.paginate_request::<Value>(request);
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

    /// Follows `pagination` in this walk, instead of the route's own
    /// scheme (`#[endpoint(paginate(…))]`, or a generated crate's) and the
    /// client's ([`ClientBuilder::pagination`](crate::ClientBuilder::pagination)):
    /// the caller's setting wins, for a route whose scheme does not fit its
    /// server. Set it before the first page is read; set later, it applies
    /// from the next page on.
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
    /// walk that reaches it ends with an [`Error::Paging`] after every item
    /// of the pages read, and its cursor resumes at the page not fetched.
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// // At most 5 pages; the 6th is the cursor's.
    /// let mut pets = client.paginate_request::<Value>(request).max_pages(5);
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
}

impl<T> Iterator for Pages<'_, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.client.read_pages(&mut self.state, PageState::pop_item)
    }
}

/// Every page, whole, as an [`Iterator`] of [`Page`]s: page after page
/// until one has no `Link: <…>; rel="next"`.
///
/// An error (a page that cannot be fetched or decoded, or a refusal) is the
/// last one. The items of a page are those of the route's list for
/// [`Client::pages`], of `T` for [`Client::pages_request`]; those that do
/// not fit are the page's [`failures`](Page::failures).
/// Each page holds the cursor of the page after it; [`EachPage::cursor`]
/// says where to resume at any time, after an error the page that failed.
///
/// ```no_run
/// use endpoint::client::ureq::Client;
/// use serde_json::{json, Value};
///
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
/// let mut pages = client.pages_request::<Value>(request);
/// while let Some(page) = pages.next() {
///     match page {
///         Ok(page) => println!("{} items from {}", page.items.len(), page.url),
///         Err(error) => println!("{error}; resume at {:?}", pages.cursor()),
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct EachPage<'c, I> {
    client: &'c Client,
    state: PageState<I>,
}

impl<'c, I> EachPage<'c, I> {
    fn new(client: &'c Client, state: PageState<I>) -> Self {
        let state = state.client_settings(client.policy.pagination, client.policy.max_pages);
        EachPage { client, state }
    }

    /// Where to resume, with [`Client::pages_from`] (or
    /// [`Client::pages_request_from`]) or their `paginate` forms: after an
    /// error, the page that failed; otherwise the page after the one
    /// yielded last (the [`Page::cursor`] of that page); `None` once the
    /// last page was read, or when the pages cannot go on (as
    /// [`Pages::cursor`] says).
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let mut pages = client.pages_request::<Value>(request);
    /// let first = pages.next();
    /// println!("then {:?}", pages.cursor().map(|cursor| cursor.to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cursor(&self) -> Option<Cursor> {
        self.state.cursor()
    }

    /// Follows `pagination` in this walk, instead of the route's own
    /// scheme (`#[endpoint(paginate(…))]`, or a generated crate's) and the
    /// client's ([`ClientBuilder::pagination`](crate::ClientBuilder::pagination)):
    /// the caller's setting wins, for a route whose scheme does not fit its
    /// server. Set it before the first page is read; set later, it applies
    /// from the next page on.
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
    ///     .pages(&ListPets {})
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
    /// walk that reaches it ends with an [`Error::Paging`] after every item
    /// of the pages read, and its cursor resumes at the page not fetched.
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// // At most 5 pages; the 6th is the cursor's.
    /// let mut pets = client.pages_request::<Value>(request).max_pages(5);
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
}

impl<I> Iterator for EachPage<'_, I> {
    type Item = Result<Page<I>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.client
            .read_pages(&mut self.state, PageState::take_page)
    }
}

/// Making this client from its settings.
impl ClientBuilder<Client> {
    /// Checks every setting and makes the blocking client.
    ///
    /// # Errors
    /// [`Error::Config`] naming the first setting that is wrong.
    pub fn build(&self) -> Result<Client, Error> {
        let (endpoint, policy) = self.parts()?;
        Ok(Client::with_transport(endpoint, self.transport(), policy))
    }

    /// Checks every setting and makes the blocking client, sending with
    /// `agent` (its proxy, TLS and pool settings) rather than one made of
    /// this builder's timeouts and proxy setting. The agent's redirect and
    /// status settings do not matter: the client follows redirects itself
    /// and reads every status.
    ///
    /// # Errors
    /// [`Error::Config`] naming the first setting that is wrong.
    pub fn build_with_agent(&self, agent: ::ureq::Agent) -> Result<Client, Error> {
        let (endpoint, policy) = self.parts()?;
        Ok(Client::from_parts(endpoint, agent, policy))
    }
}
