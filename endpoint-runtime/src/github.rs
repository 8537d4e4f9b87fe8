//! GitHub's defaults: what `Endpoint::default()` sends when the options
//! say nothing else.

pub use crate::names::USER_AGENT;

/// The default base URL.
pub const DEFAULT_BASE_URL: &str = "https://api.github.com";

/// The default uploads URL, where typed routes planned for uploads go (see
/// [`Endpoint::uploads_url`](crate::Endpoint::uploads_url)): GitHub's
/// server for release assets.
pub const DEFAULT_UPLOADS_URL: &str = "https://uploads.github.com";

/// The default `accept` header.
pub const DEFAULT_ACCEPT: &str = "application/vnd.github.v3+json";
