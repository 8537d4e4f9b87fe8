//! The async client, on reqwest 0.13 (feature `reqwest`).
//!
//! The clients this module builds speak TLS through rustls with ring's
//! cryptography (the provider the `ureq` client uses too; a default one the
//! program installed is used instead) and check certificates with the
//! platform's verifier, so that `https://` URLs work as they are.
//! [`Client::with_client`] takes a reqwest client built another way: the
//! feature turns on reqwest's `rustls-no-provider`, so such a client needs
//! a crypto provider of its own — reqwest's `rustls` feature (aws-lc-rs),
//! or one installed before it is built
//! (`rustls::crypto::ring::default_provider().install_default()`).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use futures_core::Stream;
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

/// The TLS settings of the reqwest clients this module builds: rustls with
/// the program's default crypto provider if it installed one, else ring's;
/// certificates checked by the platform's verifier; HTTP/1.1 offered by
/// ALPN, the one version these clients speak.
fn tls_config() -> Result<rustls::ClientConfig, Error> {
    use rustls_platform_verifier::BuilderVerifierExt;
    let provider = rustls::crypto::CryptoProvider::get_default()
        .cloned()
        .unwrap_or_else(|| Arc::new(ring_provider()));
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(|builder| builder.with_platform_verifier())
        .map_err(|err| Error::Setup(err.into()))?
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}

/// ring's crypto provider, the one the `ureq` client's rustls uses too.
///
/// rustls 0.23.48 deprecates it for lacking post-quantum key exchange,
/// which only aws-lc-rs offers (a C library of minutes to build): a program
/// that wants it installs aws-lc-rs's provider as the process default,
/// which [`tls_config`] takes before this one. The warning is the
/// client's own choice, not its user's, so it is not passed on.
#[allow(deprecated)]
fn ring_provider() -> rustls::crypto::CryptoProvider {
    rustls::crypto::ring::default_provider()
}

/// An async client: an [`Endpoint`] and a reqwest client.
///
/// Made by [`Client::builder`] (any API) or [`Client::github`]; cloning is
/// cheap: the endpoint and reqwest's connection pool are shared. `Debug`
/// shows no credential.
///
/// ```no_run
/// use endpoint::client::reqwest::Client;
/// use serde_json::{json, Value};
///
/// # async fn run() -> Result<(), endpoint::client::Error> {
/// let client = Client::github().token("ghp_…").build()?;
/// let request = client.endpoint().endpoint(
///     "GET /repos/{owner}/{repo}",
///     json!({"owner": "rust-lang", "repo": "rust"}),
/// )?;
/// let repo = client.execute::<Value>(request).await?.body;
/// println!("{}", repo["full_name"]);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Client {
    endpoint: Endpoint,
    client: ::reqwest::Client,
    policy: Policy,
}

impl Client {
    /// A builder for a client of any API: set its
    /// [`base_url`](ClientBuilder::base_url) (or call
    /// [`github`](ClientBuilder::github)), credentials and headers, then
    /// [`build`](ClientBuilder::build).
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::Client;
    /// use serde_json::{json, Value};
    ///
    /// # async fn run() -> Result<(), endpoint::client::Error> {
    /// let pets = Client::builder().base_url("https://pets.example.com/v1").bearer("s3cr3t").build()?;
    /// let request = pets.endpoint().endpoint("GET /stores/{id}", json!({"id": 42}))?;
    /// let store: Value = pets.execute(request).await?.body;
    /// # Ok(())
    /// # }
    /// ```
    pub fn builder() -> ClientBuilder<Client> {
        ClientBuilder::new()
    }

    /// A client for `endpoint` with a reqwest client of default settings
    /// (rustls, [`DEFAULT_CONNECT_TIMEOUT`] and [`DEFAULT_TIMEOUT`]) that
    /// follows no redirect itself (this client does), and sends each
    /// request once, as it is: no retry, no wait for a rate limit, no
    /// cache. [`Client::builder`] and [`Client::github`] make clients that
    /// do those.
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
    /// [`Error::Setup`] when reqwest cannot set up its client.
    pub fn new(endpoint: Endpoint) -> Result<Client, Error> {
        let policy = Policy::none(&endpoint);
        Client::with_transport(endpoint, &Transport::default(), policy)
    }

    /// A client for `endpoint` with a reqwest client of `transport`'s
    /// settings.
    fn with_transport(
        endpoint: Endpoint,
        transport: &Transport,
        policy: Policy,
    ) -> Result<Client, Error> {
        let mut builder = ::reqwest::Client::builder()
            .redirect(::reqwest::redirect::Policy::none())
            .timeout(transport.timeout)
            .connect_timeout(transport.connect_timeout);
        if transport.no_proxy {
            builder = builder.no_proxy();
        }
        let client = builder
            .tls_backend_preconfigured(tls_config()?)
            .build()
            .map_err(|err| Error::Setup(err.into()))?;
        Ok(Client {
            endpoint,
            client,
            policy,
        })
    }

    /// A client for `endpoint` sending with `client` (for its timeouts,
    /// proxy, TLS settings; it needs a TLS crypto provider of its own, see
    /// the [module](self)'s documentation), sending each request once as
    /// [`Client::new`] does; [`ClientBuilder::build_with_client`] gives it
    /// the builder's settings. Build it with
    /// `redirect(reqwest::redirect::Policy::none())`, so that redirects are
    /// followed by this client's rules (reqwest's own policy would also drop
    /// credentials on the way to another host).
    pub fn with_client(endpoint: Endpoint, client: ::reqwest::Client) -> Client {
        let policy = Policy::none(&endpoint);
        Client::from_parts(endpoint, client, policy)
    }

    /// A client of these parts.
    fn from_parts(endpoint: Endpoint, client: ::reqwest::Client, policy: Policy) -> Client {
        Client {
            endpoint,
            client,
            policy,
        }
    }

    /// The same client with other defaults (another base URL, a
    /// `mediaType.format`), sharing the reqwest client, the rate-limit
    /// state, the cache and the credentials.
    /// The credentials still go only to the origins this client was made
    /// for (its first endpoint's base URL and servers): a request of
    /// `endpoint` to another origin that would carry them is refused.
    pub fn with_endpoint(&self, endpoint: Endpoint) -> Client {
        Client {
            endpoint,
            client: self.client.clone(),
            policy: self.policy.clone(),
        }
    }

    /// The same client following the rules of `policy` ([`ApiPolicy`]:
    /// how answers report and refuse rate limits, which are retried, how
    /// error bodies and lists read), sharing the reqwest client, the rate-limit
    /// state, the cache and the credentials. Its retry, rate-limit and
    /// pagination settings stay this client's. A client made by its
    /// builder takes the policy there ([`ClientBuilder::policy`]); this is
    /// for one made from an endpoint, whose rules are the neutral ones
    /// ([`IetfPolicy`](super::IetfPolicy)) unless given others here.
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use endpoint::client::{GitHubPolicy, reqwest::Client};
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
    pub async fn send<R>(&self, route: &R) -> Result<Response<R::Response>, Error>
    where
        R: TypedRequest,
        R::Response: endpoint_runtime::model::Answer,
    {
        let exchange = Exchange::new(route.to_request_with(&self.endpoint)?)?
            .on_server(route_origin(&self.endpoint, R::PLAN));
        self.run(exchange)
            .await?
            .into_response(Operation::of::<R>())
    }

    /// Sends a request built already (by [`Endpoint::endpoint`], say) and
    /// decodes the answer into `T`.
    ///
    /// # Errors
    /// [`Error::Transport`] when the server cannot be reached,
    /// [`Error::Status`] or [`Error::RateLimited`] for an answer that is not
    /// 2xx, [`Error::Redirect`] for redirects that cannot be followed,
    /// [`Error::Decode`] when a 2xx answer does not fit `T`.
    pub async fn execute<T: endpoint_runtime::model::Answer>(
        &self,
        request: Request,
    ) -> Result<Response<T>, Error> {
        self.run(Exchange::new(request)?)
            .await?
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
    /// The stream is a `futures_core::Stream`: `StreamExt::next` of
    /// `futures-util` (or of `futures`) takes its items one by one.
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::Client;
    /// use futures_util::StreamExt;
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
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").bearer("s3cr3t").build()?;
    /// let route = ListPets { id: "42".into() };
    /// let saved = std::fs::read_to_string("pets.cursor")?;
    /// let mut pets = client.paginate_from(&route, saved.parse()?);
    /// while let Some(pet) = pets.next().await {
    ///     match pet {
    ///         Ok(pet) => println!("{}", pet.name),
    ///         Err(error) => {
    ///             eprintln!("{error}");
    ///             break;
    ///         }
    ///     }
    /// }
    /// match pets.cursor() {
    ///     Some(cursor) => std::fs::write("pets.cursor", cursor.to_string())?,
    ///     None => std::fs::remove_file("pets.cursor")?,
    /// }
    /// # Ok(())
    /// # }
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
    /// use endpoint::client::reqwest::Client;
    /// use serde_json::{json, Value};
    ///
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// let cursor = "https://pets.example.com/v1/stores/42/pets?page=3#skip=2".parse()?;
    /// let pets = client.paginate_request_from::<Value>(request, cursor);
    /// # Ok(())
    /// # }
    /// ```
    pub fn paginate_request_from<T: DeserializeOwned>(
        &self,
        request: Request,
        cursor: Cursor,
    ) -> Pages<'_, T> {
        Pages::new(self, PageState::dynamic(Ok(request)).resume(Some(cursor)))
    }

    /// Every page of a typed list request, whole, in order, as a
    /// `futures_core::Stream`: each a [`Page`] of the items
    /// [`Client::paginate`] gives, with its URL, status, headers, links,
    /// `total_count`, rate limit and the cursor of the page after it; see
    /// [`EachPage`].
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::Client;
    /// use futures_util::StreamExt;
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
    /// # async fn run() -> Result<(), endpoint::client::Error> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let mut pages = client.pages(&ListPets { id: "42".into() });
    /// while let Some(page) = pages.next().await {
    ///     let page = page?;
    ///     println!("{}: {} pets, then {:?}", page.url, page.items.len(), page.cursor);
    /// }
    /// # Ok(())
    /// # }
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
    /// use endpoint::client::reqwest::Client;
    /// use futures_util::StreamExt;
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
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let cursor = std::fs::read_to_string("pets.cursor")?.parse()?;
    /// let mut pages = client.pages_from(&ListPets { id: "42".into() }, cursor);
    /// while let Some(page) = pages.next().await {
    ///     let page = page?;
    ///     println!("{} pets", page.items.len());
    ///     if let Some(next) = &page.cursor {
    ///         std::fs::write("pets.cursor", next.to_string())?;
    ///     }
    /// }
    /// # Ok(())
    /// # }
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
    /// use endpoint::client::reqwest::Client;
    /// use futures_util::StreamExt;
    /// use serde_json::{json, Value};
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// let mut pages = client.pages_request::<Value>(request);
    /// while let Some(page) = pages.next().await {
    ///     let page = page?;
    ///     for failure in &page.failures {
    ///         eprintln!("skipped: {failure}");
    ///     }
    ///     let pets: Vec<Value> = page.items;
    ///     println!("{} pets", pets.len());
    /// }
    /// # Ok(())
    /// # }
    /// ```
    pub fn pages_request<T: DeserializeOwned>(&self, request: Request) -> EachPage<'_, T> {
        EachPage::new(self, PageState::dynamic(Ok(request)))
    }

    /// Every page from `cursor` on, whole, from a request built already, as
    /// [`Client::pages_request`] gives them and [`Client::pages_from`]
    /// resumes them.
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::Client;
    /// use serde_json::{json, Value};
    ///
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// let cursor = "https://pets.example.com/v1/stores/42/pets?page=3".parse()?;
    /// let pages = client.pages_request_from::<Value>(request, cursor);
    /// # Ok(())
    /// # }
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

    /// Sends the call's requests until its final answer, awaiting the
    /// waits of its retries and rate limits on tokio's timer (the runtime
    /// reqwest runs on).
    async fn run(&self, exchange: Exchange) -> Result<Answer, Error> {
        let mut call = Call::new(&self.policy, exchange);
        loop {
            match call.next() {
                Action::Wait(wait) => self.policy.clock.sleep_async(wait).await,
                Action::Poll(wait) => tokio::time::sleep(wait).await,
                Action::Send(request) => {
                    let answer = self.transport(request, call.timeout()).await;
                    call.receive(answer);
                }
                Action::Done(result) => return result,
            }
        }
    }

    /// Sends `request`, within `timeout` when the call's deadline cuts the
    /// client's.
    async fn transport(
        &self,
        request: http::Request<Vec<u8>>,
        timeout: Option<Duration>,
    ) -> Result<http::Response<Vec<u8>>, Box<dyn std::error::Error + Send + Sync>> {
        let empty = request.body().is_empty();
        let mut request = ::reqwest::Request::try_from(request)?;
        if empty {
            // Sent as no body: the request says `content-length: 0` itself
            // where the method gives content a meaning.
            *request.body_mut() = None;
        }
        if timeout.is_some() {
            *request.timeout_mut() = timeout;
        }
        read_whole(self.client.execute(request).await?).await
    }
}

/// `response` with its body read whole, up to [`MAX_ANSWER_BYTES`].
async fn read_whole(
    mut response: ::reqwest::Response,
) -> Result<http::Response<Vec<u8>>, Box<dyn std::error::Error + Send + Sync>> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if (body.len() + chunk.len()) as u64 > MAX_ANSWER_BYTES {
            return Err(format!("the answer is larger than {MAX_ANSWER_BYTES} bytes").into());
        }
        body.extend_from_slice(&chunk);
    }
    let mut answer = http::Response::new(body);
    *answer.status_mut() = response.status();
    *answer.headers_mut() = std::mem::take(response.headers_mut());
    Ok(answer)
}

/// The page being fetched.
type PageFuture<'c> = Pin<Box<dyn Future<Output = Result<Answer, Error>> + Send + 'c>>;

/// The items of every page, as a [`Stream`]: page after page until one has
/// no `Link: <…>; rel="next"`.
///
/// An error (a page that cannot be fetched or decoded, or a refusal) is the
/// last item. An item that does not fit its type is an [`Error::Decode`]
/// naming its index and path in the page, and the others still come; it
/// counts as yielded for the cursor.
///
/// [`Pages::cursor`] says where to resume at any time, so that no item is
/// lost or yielded twice: after an error, the page that failed; while a
/// page is being fetched (or when the stream is dropped then), that page.
///
/// ```no_run
/// use endpoint::client::reqwest::Client;
/// use futures_util::StreamExt;
/// use serde_json::{json, Value};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
/// let mut pets = client.paginate_request::<Value>(request);
/// while let Some(pet) = pets.next().await {
///     println!("{}", pet?["name"]);
/// }
/// println!("{:?} pets in all", pets.total_count());
/// # Ok(())
/// # }
/// ```
pub struct Pages<'c, T> {
    client: &'c Client,
    state: PageState<T>,
    fetching: Option<PageFuture<'c>>,
}

impl<'c, T> Pages<'c, T> {
    fn new(client: &'c Client, state: PageState<T>) -> Self {
        let state = state.client_settings(client.policy.pagination, client.policy.max_pages);
        Pages {
            client,
            state,
            fetching: None,
        }
    }

    /// `total_count` of the pages read so far (search results, check runs,
    /// workflow runs…).
    ///
    /// ```no_run
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let pets = client.paginate_request::<Value>(request);
    /// // `None` until a page that says it was read.
    /// assert_eq!(pets.total_count(), None);
    /// # Ok(())
    /// # }
    /// ```
    pub fn total_count(&self) -> Option<i64> {
        self.state.total_count()
    }

    /// `incomplete_results` of the pages read so far (search results).
    ///
    /// ```no_run
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::github().build()?;
    /// # let request = client.endpoint().endpoint("GET /search/issues", json!({"q": "ICE"}))?;
    /// let found = client.paginate_request::<Value>(request);
    /// if found.incomplete_results() == Some(true) {
    ///     println!("the search timed out: some results are missing");
    /// }
    /// # Ok(())
    /// # }
    /// ```
    pub fn incomplete_results(&self) -> Option<bool> {
        self.state.incomplete_results()
    }

    /// The rate-limit headers of the page read last.
    ///
    /// ```no_run
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let pets = client.paginate_request::<Value>(request);
    /// println!("{:?} requests left", pets.rate_limit().and_then(|limit| limit.remaining));
    /// # Ok(())
    /// # }
    /// ```
    pub fn rate_limit(&self) -> Option<&RateLimit> {
        self.state.rate_limit()
    }

    /// Where to resume, with [`Client::paginate_from`] (or
    /// [`Client::paginate_request_from`]), so that no item is lost or
    /// yielded twice:
    ///
    /// - after an error, or while a page is being fetched, that page:
    ///   resuming fetches it (again);
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
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let pets = client.paginate_request::<Value>(request);
    /// // Before anything is read: the first page.
    /// let cursor = pets.cursor().expect("a GET can be resumed");
    /// assert_eq!(cursor.to_string(), "https://pets.example.com/v1/pets");
    /// # Ok(())
    /// # }
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
    /// use endpoint::client::reqwest::Client;
    /// use endpoint::client::Pagination;
    /// use endpoint::endpoint;
    /// use futures_util::StreamExt;
    ///
    /// endpoint! {
    ///     /// The pets, a page at a time (the route says `?page=N`).
    ///     #[endpoint(paginate(page = "page", items = "/data"))]
    ///     struct ListPets = "GET /pets" -> serde_json::Value;
    /// }
    ///
    /// # async fn run() -> Result<(), endpoint::client::Error> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// // The server's pages say how many there are: this walk stops there.
    /// let mut pets = client
    ///     .paginate(&ListPets {})
    ///     .pagination(Pagination::page_number("page").total_pages("/pages").items("/data"));
    /// while let Some(pet) = pets.next().await {
    ///     let _ = pet?;
    /// }
    /// # Ok(())
    /// # }
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
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # use futures_util::StreamExt;
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// // At most 5 pages; the 6th is the cursor's.
    /// let mut pets = client.paginate_request::<Value>(request).max_pages(5);
    /// while let Some(pet) = pets.next().await {
    ///     if let Err(error) = pet {
    ///         eprintln!("{error}; resume at {:?}", pets.cursor());
    ///     }
    /// }
    /// # Ok(())
    /// # }
    /// ```
    #[must_use]
    pub fn max_pages(mut self, max_pages: impl Into<Option<usize>>) -> Self {
        self.state.set_max_pages(max_pages.into());
        self
    }
}

impl<T> fmt::Debug for Pages<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pages")
            .field("client", &self.client)
            .field("state", &self.state)
            .field("fetching", &self.fetching.is_some())
            .finish()
    }
}

// Nothing of `Pages` is pinned: the page being fetched is boxed.
impl<T> Unpin for Pages<'_, T> {}

impl<T> Stream for Pages<'_, T> {
    type Item = Result<T, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        poll_pages(
            this.client,
            &mut this.state,
            &mut this.fetching,
            cx,
            PageState::pop_item,
        )
    }
}

/// Every page, whole, as a [`Stream`] of [`Page`]s: page after page until
/// one has no `Link: <…>; rel="next"`.
///
/// An error (a page that cannot be fetched or decoded, or a refusal) is the
/// last one. The items of a page are those of the route's list for
/// [`Client::pages`], of `T` for [`Client::pages_request`]; those that do
/// not fit are the page's [`failures`](Page::failures).
/// Each page holds the cursor of the page after it; [`EachPage::cursor`]
/// says where to resume at any time, after an error the page that failed.
///
/// ```no_run
/// use endpoint::client::reqwest::Client;
/// use futures_util::StreamExt;
/// use serde_json::{json, Value};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
/// let mut pages = client.pages_request::<Value>(request);
/// while let Some(page) = pages.next().await {
///     match page {
///         Ok(page) => println!("{} items from {}", page.items.len(), page.url),
///         Err(error) => println!("{error}; resume at {:?}", pages.cursor()),
///     }
/// }
/// # Ok(())
/// # }
/// ```
pub struct EachPage<'c, I> {
    client: &'c Client,
    state: PageState<I>,
    fetching: Option<PageFuture<'c>>,
}

impl<'c, I> EachPage<'c, I> {
    fn new(client: &'c Client, state: PageState<I>) -> Self {
        let state = state.client_settings(client.policy.pagination, client.policy.max_pages);
        EachPage {
            client,
            state,
            fetching: None,
        }
    }

    /// Where to resume, with [`Client::pages_from`] (or
    /// [`Client::pages_request_from`]) or their `paginate` forms: after an
    /// error, or while a page is being fetched, that page; otherwise the
    /// page after the one yielded last (the [`Page::cursor`] of that page);
    /// `None` once the last page was read, or when the pages cannot go on
    /// (as [`Pages::cursor`] says).
    ///
    /// ```no_run
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let pages = client.pages_request::<Value>(request);
    /// println!("starting at {:?}", pages.cursor().map(|cursor| cursor.to_string()));
    /// # Ok(())
    /// # }
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
    /// use endpoint::client::reqwest::Client;
    /// use endpoint::client::Pagination;
    /// use endpoint::endpoint;
    /// use futures_util::StreamExt;
    ///
    /// endpoint! {
    ///     /// The pets, a page at a time (the route says `?page=N`).
    ///     #[endpoint(paginate(page = "page", items = "/data"))]
    ///     struct ListPets = "GET /pets" -> serde_json::Value;
    /// }
    ///
    /// # async fn run() -> Result<(), endpoint::client::Error> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// // The server's pages say how many there are: this walk stops there.
    /// let mut pets = client
    ///     .pages(&ListPets {})
    ///     .pagination(Pagination::page_number("page").total_pages("/pages").items("/data"));
    /// while let Some(pet) = pets.next().await {
    ///     let _ = pet?;
    /// }
    /// # Ok(())
    /// # }
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
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # use futures_util::StreamExt;
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// // At most 5 pages; the 6th is the cursor's.
    /// let mut pets = client.pages_request::<Value>(request).max_pages(5);
    /// while let Some(pet) = pets.next().await {
    ///     if let Err(error) = pet {
    ///         eprintln!("{error}; resume at {:?}", pets.cursor());
    ///     }
    /// }
    /// # Ok(())
    /// # }
    /// ```
    #[must_use]
    pub fn max_pages(mut self, max_pages: impl Into<Option<usize>>) -> Self {
        self.state.set_max_pages(max_pages.into());
        self
    }
}

impl<I> fmt::Debug for EachPage<'_, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EachPage")
            .field("client", &self.client)
            .field("state", &self.state)
            .field("fetching", &self.fetching.is_some())
            .finish()
    }
}

// Nothing of `EachPage` is pinned: the page being fetched is boxed.
impl<I> Unpin for EachPage<'_, I> {}

impl<I> Stream for EachPage<'_, I> {
    type Item = Result<Page<I>, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        poll_pages(
            this.client,
            &mut this.state,
            &mut this.fetching,
            cx,
            PageState::take_page,
        )
    }
}

/// What `take` gives of `state`, fetching the next page whenever it gives
/// nothing, until the pages end: the loop of both page streams.
fn poll_pages<'c, I, O>(
    client: &'c Client,
    state: &mut PageState<I>,
    fetching: &mut Option<PageFuture<'c>>,
    cx: &mut Context<'_>,
    take: fn(&mut PageState<I>) -> Option<O>,
) -> Poll<Option<O>> {
    loop {
        if let Some(page) = fetching.as_mut() {
            let answer = ready!(page.as_mut().poll(cx));
            *fetching = None;
            state.receive(answer);
        }
        if let Some(out) = take(state) {
            return Poll::Ready(Some(out));
        }
        let Some(exchange) = state.next_exchange() else {
            return Poll::Ready(take(state));
        };
        *fetching = Some(Box::pin(client.run(exchange)));
    }
}

/// Making this client from its settings.
impl ClientBuilder<Client> {
    /// Checks every setting and makes the async client.
    ///
    /// # Errors
    /// [`Error::Config`] naming the first setting that is wrong;
    /// [`Error::Setup`] when reqwest cannot set up its client.
    pub fn build(&self) -> Result<Client, Error> {
        let (endpoint, policy) = self.parts()?;
        Client::with_transport(endpoint, self.transport(), policy)
    }

    /// Checks every setting and makes the async client, sending with
    /// `client` (its proxy, TLS and pool settings) rather than one made of
    /// this builder's timeouts and proxy setting. Build it with
    /// `redirect(reqwest::redirect::Policy::none())`: the client follows
    /// redirects itself.
    ///
    /// # Errors
    /// [`Error::Config`] naming the first setting that is wrong.
    pub fn build_with_client(&self, client: ::reqwest::Client) -> Result<Client, Error> {
        let (endpoint, policy) = self.parts()?;
        Ok(Client::from_parts(endpoint, client, policy))
    }
}

#[cfg(test)]
mod tests {
    use super::Client;

    /// The client brings its TLS provider (ring's) itself: it builds with
    /// none installed for the process, and installs none there.
    #[test]
    fn builds_with_its_own_tls_provider_and_installs_none() {
        assert!(rustls::crypto::CryptoProvider::get_default().is_none());
        let client = Client::builder()
            .base_url("https://api.example.com/v1")
            .build();
        assert!(client.is_ok(), "{:?}", client.err());
        let config = super::tls_config().expect("TLS settings");
        assert_eq!(config.alpn_protocols, [b"http/1.1".to_vec()]);
        assert!(rustls::crypto::CryptoProvider::get_default().is_none());
    }
}
