//! The HTTP clients of `endpoint`, re-exported by its facade as
//! `endpoint::client`: this crate builds with the features `ureq` and
//! `reqwest` (at least one; without either it is empty), `redis` and `app`,
//! on `endpoint-runtime` alone.
//!
//! Sending requests and reading their answers: a blocking client on ureq
//! (feature `ureq`) and an async one on reqwest (feature `reqwest`, with
//! rustls: `https://` works as it is).
//!
//! A client is made by its [`ClientBuilder`]: `Client::builder()` for any
//! API (its base URL must be given), `Client::github()` for GitHub, with
//! typed settings checked at `build()`: credentials ([`token`], `bearer`,
//! `basic`, an [`ApiKey`] in a header, the query or a cookie, the tokens
//! of an [`OAuth2`] client or of a [`TokenSource`]), the base URL or a
//! description's [`Server`] with its variables, `user_agent`, `accept`,
//! `api_version`, `header`, timeouts. Credentials stay on the origins
//! (scheme, host, port) of the API's servers (the base URL, the servers
//! the routes declare and where `operation_server` sends them), and `Debug`
//! shows none; a key in the query is added to each request as it leaves,
//! and no URL an error or event shows holds it (docs/client.md,
//! "Authentication").
//!
//! A client's credentials are its `authorization` and every header but the
//! shown ones (`accept`, `user-agent`, `content-type`, `content-length`,
//! `x-github-api-version`, `accept-encoding`, `accept-language`,
//! `cache-control`, `connection`, `if-modified-since`, `if-none-match`,
//! `idempotency-key`): a
//! key set with `header("x-api-key", …)` is one. They go only to the
//! origins the client was made for, whatever endpoint a request is built
//! with: a request to another origin that would carry them (an `http://`
//! URL on the API's host, a `baseUrl` given later with
//! [`Endpoint::defaults`](endpoint_runtime::Endpoint::defaults) or `with_endpoint`, a
//! full URL) is refused with an [`Error::Build`] holding
//! [`endpoint_runtime::Error::CredentialsHost`]. A client made from an endpoint
//! (`Client::new`, `with_agent`, `with_client`) takes its base URL and
//! servers ([`Endpoint::with_server`](endpoint_runtime::Endpoint::with_server))
//! as its origins; a typed route's declared server is one too.
//!
//! [`token`]: ClientBuilder::token
//!
//! With the feature `app`, a client authenticates as a GitHub App
//! installation: `ClientBuilder::github_app(GitHubApp::new(app_id, key,
//! installation_id))` signs the App's JSON Web Tokens (RS256, with ring, which
//! the `ureq` feature builds already), trades them for installation tokens
//! at the client's base URL (GitHub, GitHub Enterprise Server, or any other
//! `base_url`), and keeps one token for all the client's calls and clones,
//! fetching the next shortly before it expires, one call at a time. A token
//! GitHub will not give is an [`Error::Authentication`] naming the status and
//! GitHub's message.
//!
//! Both clients take any [`TypedRequest`](endpoint_runtime::TypedRequest) (a struct declared
//! with `endpoint!`) or a dynamic [`Request`](endpoint_runtime::Request), send it with
//! the defaults of their [`Endpoint`](endpoint_runtime::Endpoint) (base URL, headers,
//! previews), and decode the answer:
//!
//! - a 2xx answer becomes a [`Response`] whose body is the route's
//!   `Response` type (`serde_json::Value` unless the struct declares
//!   `-> Type`), any [`Answer`](endpoint_runtime::model::Answer). An empty answer
//!   (204) decodes as `()`, `Option` or `Null`; a `mediaType.format` answer
//!   (`raw`, `html`, `diff`) as text (`String`, or a `Value` string) or as
//!   [`Bytes`] (the body as it came); an enum of
//!   [`answers!`](endpoint_runtime::answers) by the answer's status;
//! - any other status is an [`Error::Status`] holding the status, the
//!   headers and the body, which [`ApiError::body_as`] decodes as any
//!   `Answer` and [`Error::error_body`] as the route's `Error` type
//!   (`#[endpoint(error = Type)]`), and the server's explanation as the
//!   API's policy reads it ([`Explanation`]: GitHub's `message`,
//!   `documentation_url` and `errors`, RFC 9457's `detail`, Stripe's
//!   `error.message`…), or an [`Error::RateLimited`] that says when to
//!   retry; a failure to reach the server is an [`Error::Transport`] whose
//!   message gives every cause;
//! - redirects are followed by this module, alike for both backends: 301,
//!   302 and 303 as a GET, 307 and 308 with the same method and body, at
//!   most [`MAX_REDIRECTS`] in a row, and credentials (`authorization`,
//!   `proxy-authorization`, `cookie` and every other header but the shown
//!   ones) are never sent to another origin than the first request's, which
//!   the endpoint built (and checked, with
//!   [`Endpoint::with_credential_host_check`](endpoint_runtime::Endpoint::with_credential_host_check)),
//!   on a redirect or a next page's `Link`;
//! - a 2xx answer that does not fit is an [`Error::Decode`]: its
//!   [`DecodeError`] names the operation (`GET /repos/{owner}/{repo}/issues`),
//!   the JSON path of the value that does not fit (`[1].user.login`) and what
//!   serde expected, and keeps the body. An answer is decoded once, straight
//!   into its type; only one that fails is decoded again to find the path.
//!   `send` and `execute` fail whole; a page of a walk (`paginate`) that
//!   fails is read again item by item, so that an item that does not fit
//!   loses only itself: its [`DecodeError`] names its
//!   [`index`](DecodeError::index) in the page's list and its path in the
//!   page (`[3].user.login`, `items[3].user.login`), and keeps its JSON
//!   alone;
//! - `paginate` returns a walk ([`walk::Pages`]: where it starts, its
//!   pagination and bound on pages, then its items, its pages or all its
//!   items at once) that follows the API's [`Pagination`] from page to page
//!   (`Link: <…>; rel="next"` unless told) and yields
//!   every item of every page, of the type the route's response holds a list
//!   of ([`Paginated`](endpoint_runtime::model::Paginated)): `T` for `-> Vec<T>`, the
//!   items of a search's results, of `check_runs`, `workflow_runs`,
//!   `repositories`, …, keeping `total_count` readable. `paginate_request`
//!   does the same for a request built already, with items of any type. An
//!   item that does not fit is an [`Error::Decode`] in its place, and the
//!   items after it still come (a cursor counts it as read); a page whose
//!   structure does not fit (not a list, nor an object holding one) ends
//!   the items with its error. A
//!   link, or a next URL in the answer, is used as given (resolved against
//!   the page's URL); every other scheme sets one query parameter of the
//!   page's URL, so every page is a GET of a URL its [`Cursor`] names. A
//!   cursor in the answer that is neither a string nor an integer ends the
//!   pages with an error naming its JSON pointer. A status the API's policy
//!   reads as an empty list for the first page
//!   ([`ApiPolicy::empty_list`]: e.g. `Client::github()`'s 409 for the
//!   commits of an empty repository) is one; any other is an
//!   [`Error::Status`]. A walk never loops: a link back to a page
//!   requested already (a cursor the server sends again), a page that holds
//!   the same items as the page before it (a server that ignores the page
//!   parameter), [`MAX_EMPTY_PAGES`] empty pages in a row that point on,
//!   and [`DEFAULT_MAX_PAGES`] requests (`max_pages`, on the builder or the
//!   walk) each end it with an [`Error::Paging`] saying what happened, after
//!   every item read before. A page number (or offset) past a page with
//!   items, with no end known, that the server refuses with a 400, 404,
//!   416 or 422 ends the walk quietly, as an empty page does. The parameter
//!   a scheme sets replaces the page's own of that name however either is
//!   percent-encoded (`page[number]`, `page%5Bnumber%5D`);
//! - a walk's `pages()` reads the same pages whole: each a [`Page`]
//!   with its items (those that fit; the others are its
//!   [`failures`](Page::failures)), URL, status, headers, links (`next`,
//!   `prev`, `first`, `last`), `total_count`, rate limit, and the cursor of
//!   the page after it;
//! - every answer's rate-limit headers (`x-ratelimit-*`, the IETF's
//!   `RateLimit` fields, `retry-after`) are readable as a [`RateLimit`];
//! - what differs between APIs is an [`ApiPolicy`]
//!   ([`ClientBuilder::policy`]): how answers report and refuse rate
//!   limits, which quota a request counts against, which answers may be
//!   retried, the idempotency header, how error bodies and lists read, the
//!   headers every request carries and those a cache's keys vary on.
//!   [`IetfPolicy`] unless set; [`GitHubPolicy`] for a client made by
//!   `Client::github()`; [`StripePolicy`] for Stripe's. A policy is chosen
//!   one way: by the builder (`Client::github()`, `policy(…)`), never by
//!   the base URL;
//! - the time is read, and waits are slept, on the client's [`Clock`]
//!   ([`ClientBuilder::clock`]): the system's, or a manual one for tests
//!   that never sleep;
//! - `stream` and `stream_request` give a 2xx answer's body unread, once
//!   its head came through the rules above: an `io::Read` (ureq) or a
//!   `Stream` of chunks (reqwest), with no size limit, whose `lines::<T>()`
//!   decodes JSON lines one by one (a Kubernetes `watch`), a line that does
//!   not fit an [`Error::Decode`] naming its
//!   [`line`](DecodeError::line) while the lines after it still come;
//!   whose `events()` reads server-sent events (`text/event-stream`) as
//!   [`ServerSentEvent`]s, keeping the last event id to resume with;
//!   `upload` and `upload_request` send a body read as it is sent, from a
//!   reader or stream (sent once: no retry) or a file (opened again for
//!   each try). `docs/client.md` ("Streams") says more.
//!
//! # What a client does on its own
//!
//! A client made by its builder is meant for programs that run for hours:
//!
//! | | by default | change it with |
//! |---|---|---|
//! | retries | connection failures, timeouts, answers cut short, `408`/`500`/`502`/`503`/`504`: 3 retries, exponential backoff from 1 s with jitter; never `400`/`401`/`403`/`404`/`410`/`422`/`451`. Only for `GET`, `HEAD`, `OPTIONS`, `TRACE`, `PUT`, `DELETE`: a `POST` or `PATCH` the server may have applied is sent once, unless it carries an `Idempotency-Key`; one whose connection was refused is retried. No key made | [`ClientBuilder::retry`]: [`Retry`], [`Retry::never`], [`Retry::idempotency_header`]; [`Retry::generate_idempotency_keys`]: a random key (a UUID v4) for each call of a write without one, the same on its every try, so that writes are retried too (for an API that honours the header: Stripe's, not GitHub's) |
//! | rate limits | a spent quota waited for until its reset (`x-ratelimit-reset`, the IETF's `RateLimit`), a refusal until `retry-after` (a `429` that names no time: 1 s, doubled at each new refusal; `Client::github()`'s secondary limit: a minute, doubled), when that is under 5 minutes, else [`Error::RateLimited`] at once; the quota counted down by every thread of the client, so that they wait together; the policy's quotas and spacing (for `Client::github()`: quotas per resource, writes 1 s apart, 3 s for those that notify people, searches 2 s apart) | [`ClientBuilder::rate_limits`]: [`RateLimits`], [`RateLimits::off`], [`RateLimits::spacing`]; a [`RateLimitStore`] shared by processes; [`ClientBuilder::policy`]: what a refusal is, which quota, which lane |
//! | conditional requests | off | [`ClientBuilder::cache`]: [`MemoryCache`] or a [`Cache`] of one's own |
//! | timeouts | 10 s to connect, 60 s for each request | [`ClientBuilder::connect_timeout`], [`ClientBuilder::timeout`] |
//! | a call's deadline | 5 minutes for all one call does ([`DEFAULT_DEADLINE`]): no wait or retry is started that would end past it, and each request's timeout is cut to the time left | [`ClientBuilder::deadline`] |
//! | what it did | nothing said | [`ClientBuilder::on_event`]: each wait and retry as an [`Event`] |
//! | pagination | `Link: <…>; rel="next"` headers (GitHub's); a page's list is the answer, or its one list beside `total_count`, `incomplete_results` and `repository_selection` ([`ApiPolicy::page_keys`]) | [`ClientBuilder::pagination`]: a [`Pagination`] (a cursor at a JSON pointer, the last item's id, a next URL in the answer, offsets, page numbers; the list at a JSON pointer); a route's own `#[endpoint(paginate(…))]` wins over it, and a walk's own `.pagination(…)` over both |
//! | pages a walk requests | [`DEFAULT_MAX_PAGES`] (10,000), then an [`Error::Paging`] resumable at the page not fetched | [`ClientBuilder::max_pages`]: another bound, or `None`; a walk's own `.max_pages(…)` wins |
//!
//! What one call (a `send`, an `execute`, a page of a walk)
//! costs at most in time, with the defaults: a server that accepts the
//! connection and never answers would hold it for 4 tries of 60 s and
//! backoffs of at most 1 + 2 + 4 s, 247 s; a rate limit, for up to 3
//! waits of up to 5 minutes each (a GitHub refusal that names no time: 60
//! s, then 120 s, then 240 s, 420 s and the requests). The deadline ends every
//! call within 5 minutes (300 s): a wait or a retry that would end past it
//! is not started, and the call returns the error or the refusal it has
//! as an [`Error::GaveUp`], which says how many retries and waits it took
//! and how long it lasted (the refusal above: after the waits of
//! 60 s and 120 s, some 3 minutes, saying to retry 4 minutes later). An
//! error after retries or waits is an [`Error::GaveUp`] too;
//! [`Error::last`] gives the error inside.
//!
//! Clients made from an endpoint (`Client::new`, `with_agent`,
//! `with_client`) send each request once, as it is, with no deadline but
//! each request's timeout. The state behind the
//! rate limits and the cache is shared by a client's clones and threads.
//!
//! A program walking every issue of an organisation's repositories needs
//! no loop of its own around the client: failures that pass are retried,
//! a spent quota is waited for, and what happens is logged.
//!
//! ```no_run
//! # #[cfg(feature = "ureq")] {
//! use endpoint::client::{MemoryCache, RateLimits, ureq::Client};
//! use endpoint::github::{issues, models, repos};
//! use std::time::Duration;
//!
//! let client = Client::github()
//!     .token(std::env::var("GITHUB_TOKEN")?)
//!     .user_agent("issue-census/1.0")
//!     // Wait for a spent quota however long it takes (GitHub's window is an hour),
//!     // which a call's deadline must leave room for.
//!     .rate_limits(RateLimits::default().max_wait(Duration::from_secs(3600)))
//!     .deadline(Duration::from_secs(3900))
//!     // A second run asks only what changed; a 304 costs no quota.
//!     .cache(MemoryCache::new(256 << 20))
//!     .on_event(|event| eprintln!("{event}"))
//!     .build()?;
//!
//! let org = repos::ListForOrg { per_page: Some(100), ..repos::ListForOrg::new("rust-lang") };
//! for repo in client.paginate(&org) {
//!     let repo = repo?;
//!     let owner = repo.owner.login.clone();
//!     let route = issues::ListForRepo {
//!         state: Some(models::OpenOrClosedOrAll::All),
//!         per_page: Some(100),
//!         ..issues::ListForRepo::new(owner, repo.name.clone())
//!     };
//!     let count = client.paginate(&route).items().filter(Result::is_ok).count();
//!     println!("{}: {count} issues and pull requests", repo.full_name);
//! }
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The structs of `endpoint::github` (the facade's feature `github`) declare
//! their answers, models of `github::models`: no type to write, for the
//! body nor for the items of the pages.
//!
//! ```no_run
//! # #[cfg(feature = "ureq")] {
//! use endpoint::client::ureq::Client;
//! use endpoint::github::{issues, repos};
//!
//! let client = Client::github().token("ghp_…").build()?;
//!
//! // A `models::FullRepository`.
//! let repo = client.send(&repos::Get { owner: "rust-lang".into(), repo: "rust".into() })?.body;
//! println!("{} stars", repo.stargazers_count);
//!
//! // The first page, a `Vec<models::Issue>`, and the rate limit.
//! let route = issues::ListForRepo {
//!     per_page: Some(100),
//!     ..issues::ListForRepo::new("rust-lang", "rust")
//! };
//! let page = client.send(&route)?;
//! println!("{} issues, {:?} requests left", page.body.len(), page.rate_limit().remaining);
//!
//! // Every page: the items are `models::Issue`s, as the route's answer holds.
//! for issue in client.paginate(&route) {
//!     let issue = issue?;
//!     println!("#{} {}", issue.number, issue.title);
//! }
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Another API is configured the same way, and gets no GitHub header. A
//! struct declared with `endpoint!` reads its answer into the type it names
//! after `->`:
//!
//! ```no_run
//! # #[cfg(feature = "ureq")] {
//! use endpoint::client::ureq::Client;
//! use endpoint::endpoint;
//! use serde::Deserialize;
//! use serde_json::{json, Value};
//!
//! #[derive(Debug, Deserialize)]
//! struct Pet {
//!     name: String,
//! }
//!
//! endpoint! {
//!     /// The pets of a store.
//!     struct ListPets = "GET /stores/{id}/pets" -> Vec<Pet>;
//! }
//!
//! let pets = Client::builder()
//!     .base_url("https://pets.example.com/v1")
//!     .bearer("s3cr3t")
//!     .user_agent("pet-shop/2.1")
//!     .build()?;
//! for pet in pets.paginate(&ListPets { id: "42".into() }) {
//!     println!("{}", pet?.name);
//! }
//! // Or built at run time, read as JSON.
//! let request = pets.endpoint().endpoint("GET /stores/{id}/pets", json!({"id": 42}))?;
//! for pet in pets.paginate_request::<Value>(request) {
//!     println!("{}", pet?["name"]);
//! }
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A list read in several runs, or after a failure, is resumed from a
//! [`Cursor`]: `cursor()` of a walk's items or pages names the page to
//! fetch next by its absolute URL, with the number of its items yielded
//! already; after an error, the page that failed. It is saved as text
//! (`Display`, and read back by `FromStr`, which says what is wrong with a
//! text that is not one: [`CursorError`]; or with serde), and a walk's
//! [`from`](walk::Pages::from) goes on from it, with the route's headers, and its credentials only if the cursor
//! has the same origin: no item is lost, none is yielded twice (as long as
//! the server's pages hold the same items when fetched again).
//!
//! ```no_run
//! # #[cfg(feature = "ureq")] {
//! use endpoint::client::ureq::Client;
//! use endpoint::client::Cursor;
//! use endpoint::endpoint;
//! use serde_json::Value;
//!
//! endpoint! {
//!     /// The pets of a store.
//!     struct ListPets = "GET /stores/{id}/pets" -> Vec<Value>;
//! }
//!
//! let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
//! let route = ListPets { id: "42".into() };
//! let mut pets = match std::fs::read_to_string("pets.cursor") {
//!     Ok(saved) => client.paginate(&route).from(saved.parse::<Cursor>()?).items(),
//!     Err(_) => client.paginate(&route).items(),
//! };
//! for pet in pets.by_ref() {
//!     let Ok(pet) = pet else { break };
//!     println!("{}", pet["name"]);
//! }
//! if let Some(cursor) = pets.cursor() {
//!     // An error: the next run starts at the page that failed, or after
//!     // the item that did not fit.
//!     std::fs::write("pets.cursor", cursor.to_string())?;
//! }
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Rate limits are honoured before requests leave ([`RateLimits`], on
//! unless turned off), in a state that a client shares with its clones and
//! their threads. Processes sending with the same token share it through a
//! [`RateLimitStore`] given to [`RateLimits::store`]: with the `redis`
//! feature, `RedisStore::open(url, namespace)`, one namespace per token or
//! App installation. Each step of the store is one Lua script that Redis
//! runs at once, so that processes on several machines count down one
//! quota, wait out one pause and space their writes as the threads of one
//! process do; its keys expire once their window or pause is over.
//!
//! The async client has the same methods, `async`, and the items and pages
//! of its walks are a `futures_core::Stream`, read with `StreamExt::next` of
//! `futures-util` (or `futures`): `while let Some(item) = items.next().await`. [`Endpoint::defaults`](endpoint_runtime::Endpoint::defaults)
//! stays what the specification says: default parameters (an unknown key
//! is one, sent in URLs and bodies, but for one named like a credential,
//! `token`, `access_token`, `password`…, which is sent nowhere unless the
//! route's template names it), headers and previews; configure the base
//! URL and credentials with the builder.

#![cfg(any(feature = "ureq", feature = "reqwest"))]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod api;
#[cfg(feature = "app")]
mod app;
mod auth;
mod base64;
mod builder;
mod cache;
mod call;
mod chunks;
mod clock;
mod decode;
mod error;
mod event;
mod exchange;
mod github;
mod limits;
mod link;
mod page;
mod paginate;
mod policy;
mod rate_limit;
#[cfg(feature = "redis")]
mod redis_store;
#[cfg(feature = "reqwest")]
pub mod reqwest;
mod response;
mod retry;
mod server;
mod sse;
mod stream;
mod stripe;
mod throttle;
#[cfg(feature = "ureq")]
pub mod ureq;
pub mod walk;

#[cfg(feature = "app")]
pub use app::GitHubApp;
pub use auth::{ApiKey, OAuth2, Secret, Token, TokenSource};
pub use builder::{
    ClientBuilder, DEFAULT_CONNECT_TIMEOUT, DEFAULT_DEADLINE, DEFAULT_TIMEOUT, DEFAULT_USER_AGENT,
};
pub use cache::{Cache, CachedAnswer, MemoryCache};
pub use clock::Clock;
pub use endpoint_runtime::body::Bytes;
pub use endpoint_runtime::model::{Next, Pagination};
pub use error::{
    ApiError, DecodeError, Error, Explanation, FieldError, MAX_PRINTED_BODY, MAX_PRINTED_TEXT,
};
pub use event::{Event, RetryReason, WaitReason};
pub use github::{DEFAULT_GITHUB_API_VERSION, GitHubPolicy};
pub use limits::{DEFAULT_MAX_PAGES, MAX_ANSWER_BYTES, MAX_EMPTY_PAGES, MAX_REDIRECTS};
pub use link::Link;
pub use page::{Cursor, CursorError, Page};
pub use policy::{ApiPolicy, DEFAULT_JSON_ACCEPT, IetfPolicy, Refusal, Refused};
pub use rate_limit::{RateLimit, RateLimitKind};
#[cfg(feature = "redis")]
pub use redis_store::RedisStore;
pub use response::Response;
pub use retry::Retry;
pub use server::Server;
pub use sse::ServerSentEvent;
pub use stripe::StripePolicy;
pub use throttle::{Admission, Lane, MemoryStore, RateLimitStore, RateLimits, StoreError};
