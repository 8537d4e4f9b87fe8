//! The blocking client, on ureq 3 (feature `ureq`).

use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;

use super::api::ClientApi;
use super::builder::{ClientBuilder, Transport};
use super::call::{Action, Call, Policy};
use super::decode::Operation;
use super::error::Error;
use super::exchange::{Answer, Exchange};
use super::limits::MAX_ANSWER_BYTES;
use super::page::Page;
use super::paginate::PageState;
use super::policy::ApiPolicy;
use super::response::Response;
use super::walk;
use endpoint_runtime::model::{Paginated, Pagination};
use endpoint_runtime::{Api, Endpoint, Request, TypedRequest};

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
    api: ClientApi,
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
        let policy = Policy::none(endpoint.api());
        Ok(Client::with_transport(
            ClientApi::of_endpoint(endpoint),
            &Transport::default(),
            policy,
        ))
    }

    /// A client for `endpoint` with an agent of `transport`'s settings.
    fn with_transport(api: ClientApi, transport: &Transport, policy: Policy) -> Client {
        let mut config = ::ureq::Agent::config_builder()
            .timeout_global(Some(transport.timeout))
            .timeout_connect(Some(transport.connect_timeout));
        if transport.no_proxy {
            config = config.proxy(None);
        }
        Client {
            api,
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
        let policy = Policy::none(endpoint.api());
        Client::from_parts(ClientApi::of_endpoint(endpoint), agent, policy)
    }

    /// A client of these parts.
    fn from_parts(api: ClientApi, agent: ::ureq::Agent, policy: Policy) -> Client {
        Client { api, agent, policy }
    }

    /// The same client with other defaults (another base URL, a
    /// `mediaType.format`), sharing the agent, the rate-limit state, the
    /// cache and the credentials.
    /// The credentials still go only to the origins this client was made
    /// for (its first endpoint's base URL and servers): a request of
    /// `endpoint` to another origin that would carry them is refused.
    pub fn with_endpoint(&self, endpoint: Endpoint) -> Client {
        Client {
            api: ClientApi::of_endpoint(endpoint),
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

    /// The octokit endpoint of the requests built already
    /// ([`Endpoint::endpoint`], [`Client::execute`],
    /// [`Client::paginate_request`]): the one the client was given
    /// ([`Client::new`], [`Client::with_endpoint`]), or one made of its
    /// [`Api`] ([`Endpoint::from_api`]: its base URL, headers and servers,
    /// nothing of GitHub's underneath) the first time it is asked for.
    pub fn endpoint(&self) -> &Endpoint {
        self.api.endpoint()
    }

    /// The API's settings typed requests are built with: base URL,
    /// servers, credential origins, default headers (those of the
    /// endpoint the client was given, if any).
    pub fn api(&self) -> &Api {
        self.api.api()
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
        let exchange = Exchange::typed(route.to_http_request_with(self.api.settings())?);
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

    /// A walk through the pages of a typed list request ([`Pages`]): set
    /// where it starts ([`from`](Pages::from)), its pagination and bound on
    /// pages, then read its items (`for item in client.paginate(&route)`,
    /// or [`items`](Pages::items)), its pages whole ([`pages`](Pages::pages))
    /// or all its items at once ([`collect`](Pages::collect)).
    ///
    /// The items are of the type the route's response type holds a list of
    /// ([`Paginated::Item`]): `T` for a route declared `-> Vec<T>`, the item
    /// type of a search's results.
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
    /// let mut found = client.paginate(&SearchIssues { q: Some("repo:rust-lang/rust ICE".into()) }).items();
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
        Pages::new(self, walk::of_route(self.api.settings(), route))
    }

    /// A walk through the pages of a request built already ([`Pages`]),
    /// each item decoded into `T`.
    ///
    /// A page is a list, or an object holding exactly one list beside the
    /// members the API's policy names ([`ApiPolicy::page_keys`]: GitHub's
    /// `total_count`, `incomplete_results` and `repository_selection`;
    /// none for another API, whose wrapped lists the pagination's `items`
    /// finds). An item that does not fit
    /// `T` is an [`Error::Decode`] naming its index and path in the page and
    /// holding its JSON, and the other items still come.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use serde_json::{json, Value};
    ///
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// for page in client.paginate_request::<Value>(request).pages() {
    ///     let page = page?;
    ///     for failure in &page.failures {
    ///         eprintln!("skipped: {failure}");
    ///     }
    ///     println!("{} pets", page.items.len());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paginate_request<T: DeserializeOwned>(&self, request: Request) -> Pages<'_, T> {
        Pages::new(self, PageState::dynamic(Ok(request)))
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

/// A walk through a list's pages with the blocking client: see
/// [`walk::Pages`].
pub type Pages<'c, I> = walk::Pages<'c, Client, I>;

/// The items of a walk, an [`Iterator`]: see [`walk::Items`].
pub type Items<'c, I> = walk::Items<'c, Client, I>;

/// The pages of a walk, whole, an [`Iterator`]: see
/// [`walk::EachPage`].
pub type EachPage<'c, I> = walk::EachPage<'c, Client, I>;

impl walk::sealed::Sealed for Client {}

impl walk::Backend for Client {
    type Fetching<'c> = std::convert::Infallible;

    fn walk_settings(&self) -> (Pagination, Option<usize>) {
        (self.policy.pagination, self.policy.max_pages)
    }
}

impl<I> walk::Pages<'_, Client, I> {
    /// Every item of every page, or the first error.
    ///
    /// # Errors
    /// The first error of [`items`](walk::Pages::items): a page that cannot
    /// be fetched, a refusal, an item that does not fit.
    ///
    /// ```no_run
    /// # use endpoint::client::ureq::Client;
    /// # use serde_json::{json, Value};
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let pets: Vec<Value> = client.paginate_request(request).max_pages(10).collect()?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn collect(self) -> Result<Vec<I>, Error> {
        self.items().collect()
    }
}

impl<'c, I> IntoIterator for walk::Pages<'c, Client, I> {
    type Item = Result<I, Error>;
    type IntoIter = Items<'c, I>;

    /// Every item of every page: [`items`](walk::Pages::items).
    fn into_iter(self) -> Items<'c, I> {
        self.items()
    }
}

impl<I> Iterator for walk::Items<'_, Client, I> {
    type Item = Result<I, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.client.read_pages(&mut self.state, PageState::pop_item)
    }
}

impl<I> Iterator for walk::EachPage<'_, Client, I> {
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
        let (api, policy) = self.parts()?;
        Ok(Client::with_transport(
            ClientApi::of_api(api),
            self.transport(),
            policy,
        ))
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
        let (api, policy) = self.parts()?;
        Ok(Client::from_parts(ClientApi::of_api(api), agent, policy))
    }
}
