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

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use futures_core::Stream;
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
use super::walk::{self, sealed::Pending};
use endpoint_runtime::model::{Paginated, Pagination};
use endpoint_runtime::{Api, Endpoint, Request, TypedRequest};

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
    api: ClientApi,
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
        let policy = Policy::none(endpoint.api());
        Client::with_transport(
            ClientApi::of_endpoint(endpoint),
            &Transport::default(),
            policy,
        )
    }

    /// A client for `endpoint` with a reqwest client of `transport`'s
    /// settings.
    fn with_transport(
        api: ClientApi,
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
            api,
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
        let policy = Policy::none(endpoint.api());
        Client::from_parts(ClientApi::of_endpoint(endpoint), client, policy)
    }

    /// A client of these parts.
    fn from_parts(api: ClientApi, client: ::reqwest::Client, policy: Policy) -> Client {
        Client {
            api,
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
            api: ClientApi::of_endpoint(endpoint),
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
    pub async fn send<R>(&self, route: &R) -> Result<Response<R::Response>, Error>
    where
        R: TypedRequest,
        R::Response: endpoint_runtime::model::Answer,
    {
        let exchange = Exchange::typed(route.to_http_request_with(self.api.settings())?);
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

    /// A walk through the pages of a typed list request ([`Pages`]): set
    /// where it starts ([`from`](Pages::from)), its pagination and bound on
    /// pages, then read its items ([`items`](Pages::items), a [`Stream`]),
    /// its pages whole ([`pages`](Pages::pages), a [`Stream`]) or all its
    /// items at once ([`collect`](Pages::collect)).
    ///
    /// The items are of the type the route's response type holds a list of
    /// ([`Paginated::Item`]): `T` for a route declared `-> Vec<T>`, the item
    /// type of a search's results.
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::Client;
    /// use endpoint::endpoint;
    /// use futures_util::StreamExt;
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
    /// let mut pets = client.paginate(&ListPets { id: "42".into() }).items();
    /// while let Some(pet) = pets.next().await {
    ///     println!("{}", pet?.name);
    /// }
    /// # Ok(())
    /// # }
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
    /// use endpoint::client::reqwest::Client;
    /// use futures_util::StreamExt;
    /// use serde_json::{json, Value};
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// let request = client.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
    /// let cursor = "https://pets.example.com/v1/stores/42/pets?page=3".parse()?;
    /// let mut pages = client.paginate_request::<Value>(request).from(cursor).pages();
    /// while let Some(page) = pages.next().await {
    ///     println!("{} pets", page?.items.len());
    /// }
    /// # Ok(())
    /// # }
    /// ```
    pub fn paginate_request<T: DeserializeOwned>(&self, request: Request) -> Pages<'_, T> {
        Pages::new(self, PageState::dynamic(Ok(request)))
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

/// A walk through a list's pages with the async client: see
/// [`walk::Pages`].
pub type Pages<'c, I> = walk::Pages<'c, Client, I>;

/// The items of a walk, a [`Stream`]: see [`walk::Items`].
pub type Items<'c, I> = walk::Items<'c, Client, I>;

/// The pages of a walk, whole, a [`Stream`]: see
/// [`walk::EachPage`].
pub type EachPage<'c, I> = walk::EachPage<'c, Client, I>;

impl walk::sealed::Sealed for Client {}

impl walk::Backend for Client {
    type Fetching<'c> = Pending<'c>;

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
    /// # use endpoint::client::reqwest::Client;
    /// # use serde_json::{json, Value};
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// # let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
    /// # let request = client.endpoint().endpoint("GET /pets", json!({}))?;
    /// let pets: Vec<Value> = client.paginate_request(request).max_pages(10).collect().await?;
    /// # Ok(())
    /// # }
    /// ```
    pub async fn collect(self) -> Result<Vec<I>, Error> {
        let mut items = self.items();
        let mut all = Vec::new();
        while let Some(item) = std::future::poll_fn(|cx| Pin::new(&mut items).poll_next(cx)).await {
            all.push(item?);
        }
        Ok(all)
    }
}

impl<I> Stream for walk::Items<'_, Client, I> {
    type Item = Result<I, Error>;

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

impl<I> Stream for walk::EachPage<'_, Client, I> {
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
    fetching: &mut Option<Pending<'c>>,
    cx: &mut Context<'_>,
    take: fn(&mut PageState<I>) -> Option<O>,
) -> Poll<Option<O>> {
    loop {
        if let Some(Pending(page)) = fetching.as_mut() {
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
        *fetching = Some(Pending(Box::pin(client.run(exchange))));
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
        let (api, policy) = self.parts()?;
        Client::with_transport(ClientApi::of_api(api), self.transport(), policy)
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
        let (api, policy) = self.parts()?;
        Ok(Client::from_parts(ClientApi::of_api(api), client, policy))
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
