//! The port of `@octokit/endpoint` 6.0.12, the JavaScript library behind
//! Octokit, over the crate's neutral request core: [`Endpoint`], JSON
//! options layered over an endpoint's defaults, their merge rule, the
//! `accept` header composed from `mediaType.format` and
//! `mediaType.previews`, and GitHub's defaults, which `Endpoint::default()`
//! holds and the typed routes that name no API of their own are built with.
//!
//! GitHub's default values are here, not at the crate's root: they are
//! those of this port's defaults.
//!
//! ```
//! use endpoint::octokit::{DEFAULT_ACCEPT, DEFAULT_BASE_URL, USER_AGENT};
//!
//! let defaults = endpoint::Endpoint::default();
//! assert_eq!(defaults.default_options()["baseUrl"], DEFAULT_BASE_URL);
//! assert_eq!(defaults.default_options()["headers"]["accept"], DEFAULT_ACCEPT);
//! assert_eq!(defaults.default_options()["headers"]["user-agent"], USER_AGENT);
//! ```
//!
//! The facade's root names none of them (the user agent aside, which is
//! the crate's own):
//!
//! ```compile_fail
//! let _ = (endpoint::DEFAULT_BASE_URL, endpoint::DEFAULT_ACCEPT);
//! ```
//!
//! Modules, each importing only from those above it:
//!
//! 1. `github`: GitHub's default values and headers;
//! 2. `options`: call options;
//! 3. `previews`: the `accept` header composed from a media type;
//! 4. `layers`: the one reader of merged options, and the merge rule of
//!    their parameters;
//! 5. `merge`: merged options as an object;
//! 6. `defaults`: an endpoint's defaults, read once;
//! 7. `dynamic`: the entry point for JSON options;
//! 8. `endpoint`: [`Endpoint`], the layer of JSON defaults over an
//!    [`Api`](crate::Api).

pub(crate) mod defaults;
pub(crate) mod dynamic;
pub(crate) mod endpoint;
pub(crate) mod github;
pub(crate) mod layers;
pub(crate) mod merge;
pub(crate) mod options;
pub(crate) mod previews;

pub(crate) use endpoint::global_api;
pub use endpoint::{Endpoint, endpoint};
pub use github::{DEFAULT_ACCEPT, DEFAULT_BASE_URL, DEFAULT_UPLOADS_URL, USER_AGENT};
pub use options::Options;
