//! GitHub's defaults: what `Endpoint::default()` sends when the options
//! say nothing else.

pub use crate::names::USER_AGENT;

/// The default base URL.
pub const DEFAULT_BASE_URL: &str = "https://api.github.com";

/// GitHub's server for release assets, which their route declares as its
/// own (`#[endpoint(server = "https://uploads.github.com")]`), and which
/// [`Endpoint::with_server`](crate::Endpoint::with_server) sends elsewhere.
pub const DEFAULT_UPLOADS_URL: &str = "https://uploads.github.com";

/// The default `accept` header.
pub const DEFAULT_ACCEPT: &str = "application/vnd.github.v3+json";
