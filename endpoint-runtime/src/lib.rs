//! The request-options builder behind [`endpoint`](https://docs.rs/endpoint): it turns a REST
//! route plus parameters into request options that any HTTP client can send.
//!
//! ```
//! use endpoint_runtime::Endpoint;
//! use serde_json::json;
//!
//! let request = Endpoint::default().endpoint(
//!     "GET /repos/{owner}/{repo}/issues",
//!     json!({"owner": "octocat", "repo": "hello-world", "state": "open", "per_page": 100}),
//! )?;
//! assert_eq!(request.method, "get");
//! assert_eq!(
//!     request.url,
//!     "https://api.github.com/repos/octocat/hello-world/issues?state=open&per_page=100"
//! );
//! assert_eq!(request.headers.get("accept"), Some("application/vnd.github.v3+json"));
//! # Ok::<(), endpoint_runtime::Error>(())
//! ```
//!
//! The pieces, named after the specification:
//!
//! - [`route`]: `"<METHOD> <url>"` strings;
//! - [`template`]: RFC 6570 URL templates plus `:name` and `<name>` placeholders;
//! - [`merge`](Endpoint::merge): defaults and call options combined, unparsed;
//! - [`parse`](Endpoint::parse): merged options turned into a [`Request`];
//! - [`headers`](Headers): lowercase names, validated values, the composed `accept` header;
//! - [`Request`]: the result.
//!
//! It makes no network calls. With the `http` feature (on by default) a
//! [`Request`] converts into an `http::Request<Vec<u8>>`.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod endpoint;
mod error;
mod headers;
#[cfg(feature = "http")]
mod http;
mod merge;
mod names;
mod options;
pub mod params;
mod parse;
mod request;
pub mod route;
pub mod template;
#[doc(hidden)]
pub mod typed;

/// What the `endpoint!` macro, its generated code and the project's code
/// generators share with the runtime. Not a public API.
///
/// Generated code names these items as `::endpoint::__private::…`: the
/// facade re-exports this module, and so does any crate of generated
/// requests that depends on the runtime directly (`endpoint-github`).
#[doc(hidden)]
pub mod __private {
    pub use crate::names::*;
    pub use crate::params::{Param, Params};
    pub use crate::template::{Expression, Modifier, Operator, Part, Template, VarSpec};
    pub use crate::typed::*;
    pub use crate::{Endpoint, Error, Request, Result};
    pub use std::borrow::Cow;
}

pub use crate::endpoint::{Endpoint, endpoint};
pub use crate::error::{Error, Result, TemplateError, TemplateErrorKind};
pub use crate::headers::Headers;
pub use crate::options::Options;
pub use crate::request::{Body, Request};

/// How deeply option values may nest (objects and lists inside each other)
/// before a call is refused with [`Error::TooDeep`].
///
/// The limit keeps every recursive step (merging, writing a body) far from
/// the stack's end; it is below `serde_json`'s own parsing limit of 128.
pub const MAX_DEPTH: usize = 100;

/// The crate's default `user-agent`: `endpoint-runtime/<version>`.
pub const USER_AGENT: &str = concat!(env!("CARGO_PKG_NAME"), "/", env!("CARGO_PKG_VERSION"));

/// The default base URL.
pub const DEFAULT_BASE_URL: &str = "https://api.github.com";

/// The default `accept` header.
pub const DEFAULT_ACCEPT: &str = "application/vnd.github.v3+json";
