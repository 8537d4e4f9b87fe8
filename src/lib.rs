//! Typed clients for any REST API, generated from its OpenAPI description
//! and checked at compile time; GitHub's REST API ready-made.
//!
//! # Any API, from its OpenAPI description
//!
//! One generator turns an OpenAPI description (3.0, 3.1, 3.2 or Swagger
//! 2.0; JSON or YAML) into typed requests and models: an
//! [`endpoint!`](macro@endpoint) struct per operation, a type per schema,
//! answers and refusals typed by status, each list's pagination scheme. It
//! has three front ends, which give the same code: `cargo endpoint
//! generate api.yaml --out api-crate` writes a crate, a build script's
//! `endpoint_openapi::Generator` writes a file to include, and `openapi!`
//! (feature `openapi`) expands the client in place.
//!
//! `every-api` is the crate `cargo endpoint generate` writes for the
//! description of this crate's tests (`tests/fixtures/openapi/every/`). A
//! struct builds its request for the API's own server, with no client and
//! no network:
//!
//! ```
//! use every_api::pets;
//!
//! let request = pets::GetPet::new("7").to_request()?;
//! assert_eq!(request.method, "get");
//! assert_eq!(request.url, "http://localhost:8080/v1/pets/7");
//! # Ok::<(), endpoint::Error>(())
//! ```
//!
//! With the `ureq` or `reqwest` feature, [`client`] sends requests and reads
//! their answers: typed decoding, errors by status, pagination, rate limits,
//! retries, streamed downloads and uploads.
//!
//! ```no_run
//! # #[cfg(feature = "ureq")] {
//! use endpoint::client::ureq::Client;
//! use every_api::{BASE_URL, pets};
//!
//! let client = Client::builder().base_url(BASE_URL).bearer(std::env::var("EVERY_API_TOKEN")?).build()?;
//! let pet = client.send(&pets::GetPet::new("7"))?.body; // an every_api::models::Pet
//! println!("pet 7 is {}", pet.name);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A request can also be written by hand with `endpoint!`, and checked
//! against a description with `#[endpoint(spec = "api.yaml")]` (feature
//! `openapi`).
//!
//! # GitHub, and routes built at run time
//!
//! With the `github` feature, `endpoint::github` has every operation of GitHub's
//! REST API as a typed struct. Underneath is a port of `@octokit/endpoint`:
//! the same request is built by an `endpoint!` struct, checked at compile
//! time, or by the [`Endpoint`] runtime from a route and JSON options at run
//! time, with GitHub's defaults unless told otherwise.
//!
//! ```
//! use endpoint::{endpoint, Endpoint};
//! use serde_json::json;
//!
//! endpoint! {
//!     /// Get a repository.
//!     pub struct GetRepo = "GET /repos/<owner>/<repo>";
//! }
//!
//! let typed = GetRepo { owner: "octocat".into(), repo: "hello-world".into() }.to_request()?;
//! let dynamic = Endpoint::default()
//!     .endpoint("GET /repos/<owner>/<repo>", json!({"owner": "octocat", "repo": "hello-world"}))?;
//! assert_eq!(typed, dynamic);
//! assert_eq!(typed.url, "https://api.github.com/repos/octocat/hello-world");
//! # Ok::<(), endpoint::Error>(())
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(any(feature = "ureq", feature = "reqwest"))]
#[doc(inline)]
pub use endpoint_client as client;

pub use endpoint_macros::endpoint;
/// A description's client generated in place (feature `openapi`): at the
/// crate's root, all of its operations or those named, by route,
/// `operationId` or tag, and the types they reach.
///
/// ```
/// endpoint::openapi!(
///     "examples/openapi-macro/petstore.yaml",
///     operations = ["GET /pets/{petId}"],
///     tags = ["stores"],
/// );
///
/// fn main() -> Result<(), endpoint::Error> {
///     let request = pets::GetPet { pet_id: 7 }.to_request()?;
///     assert_eq!(request.url, format!("{BASE_URL}/pets/7"));
///     let stores: Vec<models::Store> = serde_json::from_str(r#"[{"address": "1 Main St"}]"#)
///         .expect("the model of the answer");
///     assert_eq!(stores[0].address.as_deref(), Some("1 Main St"));
///     assert_eq!(stores::ListStores {}.to_request()?.url, format!("{BASE_URL}/stores"));
///     Ok(())
/// }
/// ```
#[cfg(feature = "openapi")]
pub use endpoint_macros::openapi;
/// A typed route's request as the `http` crate holds one (feature `http`).
#[cfg(feature = "http")]
pub use endpoint_runtime::HttpRequest;
pub use endpoint_runtime::answers;
pub use endpoint_runtime::{
    Api, Body, Endpoint, Error, Headers, MAX_DEPTH, Options, Request, Result, Settings, Source,
    TemplateError, TemplateErrorKind, TypedRequest, USER_AGENT, body, endpoint, model, octokit,
    route, template,
};
/// Verification and signing of webhook deliveries: the `endpoint-webhooks`
/// crate (feature `webhooks`; its axum extractor with `webhooks-axum`).
#[cfg(feature = "webhooks")]
#[doc(inline)]
pub use endpoint_webhooks as webhooks;

/// GitHub's REST API as typed requests: the `endpoint-github` crate, one
/// struct per operation (feature `github`).
///
/// ```
/// use endpoint::github::repos;
///
/// let request = repos::Get { owner: "octocat".into(), repo: "hello-world".into() }.to_request()?;
/// assert_eq!(request.url, "https://api.github.com/repos/octocat/hello-world");
/// # Ok::<(), endpoint::Error>(())
/// ```
///
/// Each struct names its answer, a model of `github::models`, which the
/// clients of `endpoint::client` decode: no answer type to write, for a body nor for
/// the items of the pages.
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::ureq::Client;
/// use endpoint::github::{issues, repos};
///
/// let client = Client::github().build()?;
/// let repo = client.send(&repos::Get { owner: "rust-lang".into(), repo: "rust".into() })?.body;
/// println!("{} stars", repo.stargazers_count);
/// let bugs = issues::ListForRepo {
///     labels: Some("C-bug".into()),
///     ..issues::ListForRepo::new("rust-lang", "rust")
/// };
/// for issue in client.paginate(&bugs) {
///     let issue = issue?;
///     println!("#{} {}", issue.number, issue.title);
/// }
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// To build only some of its modules, depend on `endpoint-github` with
/// `default-features = false` and the features of those modules instead.
///
/// With the feature `github-webhooks`, `github::webhooks` types the
/// deliveries of GitHub's webhooks: a payload per webhook and
/// `github::webhooks::Event`, chosen by the `X-GitHub-Event` header and the
/// body's `action` (`Event::decode_named(event, body)`), each payload boxed.
/// With `webhooks` too, `Event` is `webhooks::Decode`: one call,
/// `webhooks::verify_and_decode::<github::webhooks::Event>(&verifier,
/// &headers, &body)`, verifies and decodes a delivery.
#[cfg(feature = "github")]
#[doc(inline)]
pub use endpoint_github as github;

/// What code generated by `endpoint!` names. Not a public API.
#[doc(hidden)]
pub use endpoint_runtime::__private;

/// `README.md`, whose `rust` blocks are compiled (and run, unless marked
/// `no_run`) as doctests of this crate, so that its examples keep working:
/// with the features its examples use, as `cargo test --workspace
/// --all-features` has them.
#[cfg(all(doctest, feature = "github", feature = "ureq"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The documents of `docs/`, whose `rust` blocks are compiled as the
/// README's are.
#[cfg(all(doctest, feature = "github", feature = "ureq"))]
pub mod docs_doctests {
    #[doc = include_str!("../docs/client.md")]
    pub struct Client;
    #[doc = include_str!("../docs/macro.md")]
    pub struct Macro;
    #[doc = include_str!("../docs/github.md")]
    pub struct GitHub;
    #[doc = include_str!("../docs/openapi.md")]
    pub struct OpenApi;
    #[doc = include_str!("../docs/internals.md")]
    pub struct Internals;
    #[doc = include_str!("../docs/testing.md")]
    pub struct Testing;
    #[doc = include_str!("../docs/benchmarks.md")]
    pub struct Benchmarks;
}
