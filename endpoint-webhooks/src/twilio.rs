//! Twilio: `X-Twilio-Signature`, the base64 HMAC-SHA1 of the URL followed
//! by the form's fields, sorted by name.
//!
//! <https://www.twilio.com/docs/usage/webhooks/webhooks-security>

use http::{HeaderMap, Uri};
use ring::{digest, hmac};

use crate::codec::{base64, hex, unbase64};
use crate::error::WebhookError;
use crate::header::{insert_ascii, optional, required};
use crate::mac;
use crate::secret::Secret;
use crate::verified::{Scheme, Verified, Verifier};

const SIGNATURE: &str = "x-twilio-signature";
const SETTINGS: &str = "x-twilio-webhooks-signature-settings";
const IDEMPOTENCY: &str = "i-twilio-idempotency-token";
const BODY_SHA256: &str = "bodySHA256";

/// Where the URL Twilio called comes from.
#[derive(Clone, Debug)]
enum Location {
    /// The whole URL, fixed.
    Url(String),
    /// The server's public origin, the request's path and query appended.
    Origin(String),
}

/// Twilio's request signatures.
///
/// `X-Twilio-Signature` is the base64 HMAC-SHA1, under the account's Auth
/// Token, of the full URL Twilio called followed by each field of the form
/// body (`application/x-www-form-urlencoded`), name then value, sorted by
/// name (then value). A JSON body is signed through its URL instead: the
/// URL carries `bodySHA256=<hex>`, the body's SHA-256, and the fields are
/// none. As Twilio's libraries do, the URL is tried with and without its
/// port (`:443`, `:80`). A request with
/// `X-Twilio-Webhooks-Signature-Settings: …,algorithm=HMAC_SHA256` (a
/// SharedKey webhook) is an HMAC-SHA256 under that key.
///
/// Twilio signs the URL as it called it, which a server behind a proxy does
/// not see: give the verifier the URL ([`Twilio::url`]), the server's
/// public origin ([`Twilio::origin`], the request's path and query are
/// appended by [`Verifier::verify_request`]), or call
/// [`Twilio::verify_url`].
///
/// ```
/// use endpoint_webhooks::{Twilio, Verifier};
///
/// let twilio = Twilio::new("12345").origin("https://mycompany.com");
/// let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
/// let body = b"CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=1234&From=%2B12349013030&To=%2B18005551212";
/// let headers = twilio.sign(url, body);
///
/// let uri: http::Uri = "/myapp.php?foo=1&bar=2".parse()?;
/// assert!(twilio.verify_request(&uri, &headers, body).is_ok());
/// assert!(twilio.verify_url(url, &headers, b"CallSid=forged").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Twilio {
    secrets: Vec<Secret>,
    location: Option<Location>,
}

impl Twilio {
    /// A verifier of the account's Auth Token (or a SharedKey's secret).
    pub fn new(token: impl Into<Secret>) -> Self {
        Self {
            secrets: vec![token.into()],
            location: None,
        }
    }

    /// Also accepts signatures of another token (the secondary Auth Token,
    /// while the primary is changed). Signing uses the first.
    #[must_use]
    pub fn with_secret(mut self, token: impl Into<Secret>) -> Self {
        self.secrets.push(token.into());
        self
    }

    /// The URL Twilio calls, whole (scheme, host, path, query), for a
    /// verifier of one webhook.
    #[must_use]
    pub fn url(mut self, url: impl Into<String>) -> Self {
        self.location = Some(Location::Url(url.into()));
        self
    }

    /// The server's public origin (`https://example.com`, a port if any),
    /// to which [`Verifier::verify_request`] appends the request's path and
    /// query.
    #[must_use]
    pub fn origin(mut self, origin: impl Into<String>) -> Self {
        let origin: String = origin.into();
        self.location = Some(Location::Origin(origin.trim_end_matches('/').to_owned()));
        self
    }

    /// `url` with the `bodySHA256` of a JSON body appended to its query:
    /// the URL Twilio signs for a body that is not a form.
    #[must_use]
    pub fn body_hash_url(url: &str, body: &[u8]) -> String {
        let separator = if url.contains('?') { '&' } else { '?' };
        let hash = hex(digest::digest(&digest::SHA256, body).as_ref());
        format!("{url}{separator}{BODY_SHA256}={hash}")
    }

    /// The `X-Twilio-Signature` value of a request of this body to `url`
    /// (HMAC-SHA1, base64): the body's form fields are signed, or none when
    /// the URL carries a `bodySHA256` ([`Twilio::body_hash_url`]).
    #[must_use]
    pub fn signature(&self, url: &str, body: &[u8]) -> String {
        let message = message(url, signed_fields(url, body));
        base64(&mac::tag(
            hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY,
            &self.secrets[0],
            &message,
        ))
    }

    /// The headers of a request of this body to `url`, for testing a
    /// handler.
    #[must_use]
    pub fn sign(&self, url: &str, body: &[u8]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        insert_ascii(&mut headers, SIGNATURE, &self.signature(url, body));
        headers
    }

    /// Verifies a request to `url`, the full URL Twilio called.
    ///
    /// # Errors
    ///
    /// The [`WebhookError`] of the first check that fails;
    /// [`WebhookError::BodyHashMismatch`] when the body is not the one the
    /// URL's `bodySHA256` names.
    pub fn verify_url(
        &self,
        url: &str,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<Verified, WebhookError> {
        let (algorithm, length) = match algorithm(optional(headers, SETTINGS)?) {
            Some(name) if name.eq_ignore_ascii_case("HMAC_SHA1") => {
                (hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, 20)
            }
            None => (hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, 20),
            Some(name) if name.eq_ignore_ascii_case("HMAC_SHA256") => (hmac::HMAC_SHA256, 32),
            Some(_) => {
                return Err(WebhookError::Malformed {
                    name: SETTINGS,
                    reason: "its algorithm is neither HMAC_SHA1 nor HMAC_SHA256",
                });
            }
        };
        let value = required(headers, SIGNATURE)?;
        let Some(signature) = unbase64(value).filter(|bytes| bytes.len() == length) else {
            return Err(WebhookError::Malformed {
                name: SIGNATURE,
                reason: "the signature is not the base64 of an HMAC",
            });
        };
        if let Some(expected) = query_value(url, BODY_SHA256) {
            let hash = hex(digest::digest(&digest::SHA256, body).as_ref());
            if !expected.eq_ignore_ascii_case(&hash) {
                return Err(WebhookError::BodyHashMismatch);
            }
        }
        let fields = signed_fields(url, body);
        let authentic = with_and_without_port(url).iter().any(|url| {
            let message = message(url, fields.clone());
            mac::matches(algorithm, &self.secrets, &message, &signature)
        });
        if !authentic {
            return Err(WebhookError::WrongSignature { name: SIGNATURE });
        }
        let mut verified = Verified::new(Scheme::Twilio);
        verified.id = optional(headers, IDEMPOTENCY)?.map(str::to_owned);
        Ok(verified)
    }
}

impl Verifier for Twilio {
    /// Verifies a request to the URL of [`Twilio::url`];
    /// [`WebhookError::UnknownUrl`] without one.
    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError> {
        match &self.location {
            Some(Location::Url(url)) => self.verify_url(url, headers, body),
            _ => Err(WebhookError::UnknownUrl),
        }
    }

    /// Verifies a request to the URL of [`Twilio::url`], else to `uri` when
    /// it is absolute, else to the origin of [`Twilio::origin`] followed by
    /// `uri`'s path and query.
    fn verify_request(
        &self,
        uri: &Uri,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<Verified, WebhookError> {
        let path = uri.path_and_query().map_or("/", |path| path.as_str());
        let url = match &self.location {
            Some(Location::Url(url)) => url.clone(),
            _ if uri.scheme().is_some() && uri.authority().is_some() => uri.to_string(),
            Some(Location::Origin(origin)) => format!("{origin}{path}"),
            None => return Err(WebhookError::UnknownUrl),
        };
        self.verify_url(&url, headers, body)
    }
}

/// The algorithm a signature-settings header names, if any.
fn algorithm(settings: Option<&str>) -> Option<&str> {
    settings?.split(',').find_map(|part| {
        let (name, value) = part.split_once('=')?;
        (name.trim() == "algorithm" && !value.trim().is_empty()).then(|| value.trim())
    })
}

/// The first value of a query parameter of `url`.
fn query_value(url: &str, name: &str) -> Option<String> {
    let query = url.split_once('?')?.1;
    let query = query.split_once('#').map_or(query, |(query, _)| query);
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

/// The form fields Twilio signs, sorted by name then value, each pair once:
/// none when the URL carries a body hash.
fn signed_fields(url: &str, body: &[u8]) -> Vec<(String, String)> {
    if query_value(url, BODY_SHA256).is_some() {
        return Vec::new();
    }
    let mut fields: Vec<(String, String)> = form_urlencoded::parse(body).into_owned().collect();
    fields.sort();
    fields.dedup();
    fields
}

fn message(url: &str, fields: Vec<(String, String)>) -> Vec<u8> {
    let mut message = url.as_bytes().to_vec();
    for (name, value) in fields {
        message.extend_from_slice(name.as_bytes());
        message.extend_from_slice(value.as_bytes());
    }
    message
}

/// `url` without its port and with it (the scheme's default one added when
/// it has none): Twilio has signed either.
fn with_and_without_port(url: &str) -> Vec<String> {
    let Some((scheme, rest)) = url.split_once("://") else {
        return vec![url.to_owned()];
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let host = authority.rfind('@').map_or(0, |at| at + 1);
    let port = authority.rfind(':').filter(|&colon| {
        colon >= host
            && colon + 1 < authority.len()
            && authority[colon + 1..].bytes().all(|b| b.is_ascii_digit())
    });
    match port {
        Some(colon) => vec![
            format!("{scheme}://{}{tail}", &authority[..colon]),
            url.to_owned(),
        ],
        None => {
            let default = if scheme.eq_ignore_ascii_case("https") {
                443
            } else {
                80
            };
            vec![
                url.to_owned(),
                format!("{scheme}://{authority}:{default}{tail}"),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_are_added_and_removed() {
        assert_eq!(
            with_and_without_port("https://example.com/sms?x=1"),
            [
                "https://example.com/sms?x=1",
                "https://example.com:443/sms?x=1"
            ]
        );
        assert_eq!(
            with_and_without_port("http://user:pw@example.com:8080"),
            [
                "http://user:pw@example.com",
                "http://user:pw@example.com:8080"
            ]
        );
        assert_eq!(
            with_and_without_port("https://[::1]/a"),
            ["https://[::1]/a", "https://[::1]:443/a"]
        );
        assert_eq!(with_and_without_port("no scheme"), ["no scheme"]);
    }

    #[test]
    fn the_algorithm_is_read_from_the_settings() {
        assert_eq!(
            algorithm(Some("key=webhooks_sharedkey_1,algorithm=HMAC_SHA256")),
            Some("HMAC_SHA256")
        );
        assert_eq!(algorithm(Some("key=k")), None);
        assert_eq!(algorithm(None), None);
    }
}
