//! Names shared by the runtime, the `endpoint!` macro and the code generators:
//! the option keys that are never parameters, the methods a checked route may
//! use and which of them send parameters in the query string.

/// The crate's default `user-agent`: `endpoint-runtime/<version>`.
pub const USER_AGENT: &str = concat!(env!("CARGO_PKG_NAME"), "/", env!("CARGO_PKG_VERSION"));

/// The option keys that are never parameters: `merge` and `parse` read them
/// as options, so a parameter of that name cannot travel in the options.
///
/// In the order the `endpoint!` macro's documentation and messages name them.
pub const OPTION_KEYS: [&str; 6] = [
    "method",
    "url",
    "baseUrl",
    "headers",
    "mediaType",
    "request",
];

/// Whether `key` is one of [`OPTION_KEYS`].
pub fn is_option_key(key: &str) -> bool {
    // A `match` compares the length first; kept equal to `OPTION_KEYS` by a test.
    matches!(
        key,
        "method" | "baseUrl" | "url" | "headers" | "request" | "mediaType"
    )
}

/// The headers whose values are not secret: `Debug` texts show them, and
/// they go with a request wherever it goes. Every other header's value may
/// be a credential (`authorization`, `cookie`, `x-api-key`,
/// `private-token`…): it is redacted in every `Debug` text, dropped by the
/// clients on a redirect or a next page's link to another origin, and
/// refused by [`Endpoint::with_credential_host_check`](crate::Endpoint::with_credential_host_check)
/// on the way to another origin.
///
/// They are the headers this crate and its clients set themselves, and the
/// standard ones that never carry a credential. `idempotency-key` names one
/// write, so that a server applies it once however many times it is sent:
/// shown, it tells which tries were the same write, and it goes with the
/// write wherever it goes.
pub const SHOWN_HEADERS: [&str; 12] = [
    "accept",
    "user-agent",
    "content-type",
    "content-length",
    "x-github-api-version",
    "accept-encoding",
    "accept-language",
    "cache-control",
    "connection",
    "if-modified-since",
    "if-none-match",
    "idempotency-key",
];

/// Whether the value of header `name` (any letter case) is not secret: one
/// of [`SHOWN_HEADERS`].
pub fn is_shown_header(name: &str) -> bool {
    SHOWN_HEADERS
        .iter()
        .any(|shown| shown.eq_ignore_ascii_case(name))
}

/// What a `Debug` text or a message shows in place of a secret.
pub const REDACTED: &str = "<redacted>";

/// The value a `Debug` text shows of header `name`: `value` when the
/// header is shown ([`is_shown_header`]), [`REDACTED`] otherwise.
pub fn shown_header_value<'v>(name: &str, value: &'v str) -> &'v str {
    if is_shown_header(name) {
        value
    } else {
        REDACTED
    }
}

/// The parameter names that are credentials (compared in any letter
/// case): an endpoint's *default* parameter of one of these names is sent
/// nowhere, neither in the query string nor in the body, unless the
/// route's template names it (`GET /verify{?token}`). A call's own
/// parameters are sent as the specification says, whatever their names
/// (GitHub's `POST /applications/{client_id}/token` takes an
/// `access_token` in its body).
///
/// `key` is not one: GitHub's SSH and deploy keys are public keys sent as
/// `key`.
pub const CREDENTIAL_PARAMS: [&str; 10] = [
    "token",
    "access_token",
    "refresh_token",
    "auth",
    "password",
    "secret",
    "client_secret",
    "api_key",
    "apikey",
    "private_token",
];

/// Whether `name` is one of [`CREDENTIAL_PARAMS`], in any letter case.
pub fn is_credential_param(name: &str) -> bool {
    CREDENTIAL_PARAMS
        .iter()
        .any(|credential| credential.eq_ignore_ascii_case(name))
}

/// The methods a route checked at compile time may use, uppercase.
pub const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/// Whether a request of `method` (in any letter case) sends its parameters
/// in the query string: GET and HEAD, which have no body. The other methods
/// send them in a JSON body.
pub fn sends_query(method: &str) -> bool {
    method.eq_ignore_ascii_case("get") || method.eq_ignore_ascii_case("head")
}

/// `[A-Za-z_][A-Za-z0-9_]*`: the names `:name` and `<name>` placeholders take.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_keys_are_the_listed_ones() {
        for key in OPTION_KEYS {
            assert!(is_option_key(key), "{key}");
        }
        for key in ["data", "Method", "url ", "", "owner", "mediatype"] {
            assert!(!is_option_key(key), "{key}");
        }
    }

    #[test]
    fn is_shown_header_as_documented() {
        assert!(is_shown_header("Accept") && is_shown_header("x-github-api-version"));
        assert!(is_shown_header("Idempotency-Key"));
        assert!(!is_shown_header("authorization") && !is_shown_header("x-api-key"));
    }

    #[test]
    fn is_credential_param_as_documented() {
        assert!(is_credential_param("Access_Token") && is_credential_param("apikey"));
        assert!(!is_credential_param("key") && !is_credential_param("per_page"));
    }

    #[test]
    fn sends_query_as_documented() {
        assert!(sends_query("GET") && sends_query("head"));
        assert!(!sends_query("POST") && !sends_query("DELETE"));
    }
}
