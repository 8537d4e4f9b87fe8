//! GitHub's defaults: what `Endpoint::default()` sends when the options
//! say nothing else.

use crate::headers::{Entry, JSON_CONTENT_TYPE, entry};
pub use crate::names::USER_AGENT;

/// The default base URL.
pub const DEFAULT_BASE_URL: &str = "https://api.github.com";

/// GitHub's server for release assets, which their route declares as its
/// own (`#[endpoint(server = "https://uploads.github.com")]`), and which
/// [`Endpoint::with_server`](crate::Endpoint::with_server) sends elsewhere.
pub const DEFAULT_UPLOADS_URL: &str = "https://uploads.github.com";

/// The default `accept` header.
pub const DEFAULT_ACCEPT: &str = "application/vnd.github.v3+json";

/// The headers of `Endpoint::default()`.
static DEFAULTS: [Entry; 2] = [
    entry("accept", DEFAULT_ACCEPT),
    entry("user-agent", USER_AGENT),
];
/// The default headers with [`BodyHeader::Json`] added.
static DEFAULTS_JSON: [Entry; 3] = [
    entry("accept", DEFAULT_ACCEPT),
    entry("user-agent", USER_AGENT),
    entry("content-type", JSON_CONTENT_TYPE),
];
/// The default headers with [`BodyHeader::Empty`] added.
static DEFAULTS_EMPTY: [Entry; 3] = [
    entry("accept", DEFAULT_ACCEPT),
    entry("user-agent", USER_AGENT),
    entry("content-length", "0"),
];

/// Headers that most endpoints prepare (those of `Endpoint::default()`):
/// shared as statics ([`Headers::into_shared_among`](crate::headers::Headers::into_shared_among)),
/// so that handing them to a request costs no atomic reference count, here
/// or when the request is dropped.
pub(crate) static STATIC_SETS: [&[Entry]; 3] = [&DEFAULTS, &DEFAULTS_JSON, &DEFAULTS_EMPTY];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headers::{BodyHeader, BodyHeaders, Headers};

    #[test]
    fn default_headers_are_shared_as_statics() {
        let mut headers = Headers::new();
        headers.insert("accept", DEFAULT_ACCEPT).unwrap();
        headers.insert("user-agent", USER_AGENT).unwrap();
        let shared = headers.clone().into_shared_among(&STATIC_SETS);
        assert!(shared.is_static());
        assert!(shared.same_shared(&shared.clone()));
        assert_eq!(shared, headers);
        let prepared = BodyHeaders::among(headers.clone(), &STATIC_SETS);
        let json = BodyHeaders::add(Some(&prepared), shared.clone(), BodyHeader::Json);
        assert!(json.is_static());
        assert_eq!(json.get("content-type"), Some(JSON_CONTENT_TYPE));
        // A change copies them; the statics stay as they are.
        let mut changed = shared.clone();
        changed.insert("accept", "text/plain").unwrap();
        assert_eq!(changed.get("accept"), Some("text/plain"));
        assert_eq!(shared.get("accept"), Some(DEFAULT_ACCEPT));
        // Other headers are counted shares.
        headers.insert("x-other", "1").unwrap();
        assert!(headers.into_shared_among(&STATIC_SETS).is_counted());
    }
}
