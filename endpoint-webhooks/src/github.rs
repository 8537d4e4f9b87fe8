//! GitHub: `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the raw
//! body.
//!
//! <https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries>

use http::HeaderMap;
use ring::hmac;

use crate::codec::{hex, unhex};
use crate::error::WebhookError;
use crate::header::{insert, optional};
use crate::mac;
use crate::secret::Secret;
use crate::verified::{Scheme, Verified, Verifier};

const SIGNATURE_256: &str = "x-hub-signature-256";
const SIGNATURE_1: &str = "x-hub-signature";
const DELIVERY: &str = "x-github-delivery";
const EVENT: &str = "x-github-event";

/// GitHub's webhook signatures.
///
/// `X-Hub-Signature-256: sha256=<hex>` is the HMAC-SHA256 of the raw body
/// under the webhook's secret; the older `X-Hub-Signature: sha1=<hex>` is
/// read only with [`GitHub::allow_sha1`] and only when the SHA-256 header is
/// absent. The delivery's `X-GitHub-Delivery` and `X-GitHub-Event` (not
/// signed) are the [`Verified`] id and event.
///
/// ```
/// use endpoint_webhooks::{GitHub, Scheme, Verifier};
///
/// let github = GitHub::new("It's a Secret to Everybody");
/// let body = br#"{"zen": "Design for failure."}"#;
/// let headers = github.sign("ping", "72d3162e-cc78-11e3-81ab-4c9367dc0958", body)?;
///
/// let delivery = github.verify(&headers, body)?;
/// assert_eq!(delivery.scheme, Scheme::GitHub);
/// assert_eq!(delivery.event.as_deref(), Some("ping"));
/// assert_eq!(delivery.id.as_deref(), Some("72d3162e-cc78-11e3-81ab-4c9367dc0958"));
/// assert!(github.verify(&headers, br#"{"zen": "Forged."}"#).is_err());
/// # Ok::<(), endpoint_webhooks::WebhookError>(())
/// ```
#[derive(Clone, Debug)]
pub struct GitHub {
    secrets: Vec<Secret>,
    sha1: bool,
}

impl GitHub {
    /// A verifier of the webhook's secret.
    pub fn new(secret: impl Into<Secret>) -> Self {
        Self {
            secrets: vec![secret.into()],
            sha1: false,
        }
    }

    /// Also accepts signatures of another secret, while the webhook's secret
    /// is being changed. Signing uses the first secret.
    #[must_use]
    pub fn with_secret(mut self, secret: impl Into<Secret>) -> Self {
        self.secrets.push(secret.into());
        self
    }

    /// Accepts the legacy `X-Hub-Signature: sha1=<hex>` when a delivery has
    /// no `X-Hub-Signature-256` (GitHub Enterprise Server before 3.0 sends
    /// only it). Off by default.
    #[must_use]
    pub fn allow_sha1(mut self, allow: bool) -> Self {
        self.sha1 = allow;
        self
    }

    /// The `X-Hub-Signature-256` value of a body: `sha256=<hex>`.
    #[must_use]
    pub fn signature(&self, body: &[u8]) -> String {
        format!(
            "sha256={}",
            hex(&mac::tag(hmac::HMAC_SHA256, &self.secrets[0], body))
        )
    }

    /// The headers GitHub sends with a delivery of this body:
    /// `X-Hub-Signature-256`, `X-Hub-Signature` (SHA-1, which GitHub still
    /// sends), `X-GitHub-Event` and `X-GitHub-Delivery`, for testing a
    /// handler.
    ///
    /// # Errors
    ///
    /// [`WebhookError::Malformed`] when `event` or `delivery` cannot be a
    /// header's value (a control character).
    pub fn sign(
        &self,
        event: &str,
        delivery: &str,
        body: &[u8],
    ) -> Result<HeaderMap, WebhookError> {
        let mut headers = HeaderMap::new();
        insert(&mut headers, SIGNATURE_256, &self.signature(body))?;
        let sha1 = mac::tag(hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, &self.secrets[0], body);
        insert(&mut headers, SIGNATURE_1, &format!("sha1={}", hex(&sha1)))?;
        insert(&mut headers, EVENT, event)?;
        insert(&mut headers, DELIVERY, delivery)?;
        Ok(headers)
    }
}

impl Verifier for GitHub {
    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError> {
        let (name, algorithm, prefix, length) = match optional(headers, SIGNATURE_256)? {
            Some(_) => (SIGNATURE_256, hmac::HMAC_SHA256, "sha256=", 32),
            None if self.sha1 && headers.contains_key(SIGNATURE_1) => (
                SIGNATURE_1,
                hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY,
                "sha1=",
                20,
            ),
            None => {
                return Err(WebhookError::MissingHeader {
                    name: SIGNATURE_256,
                });
            }
        };
        let value = optional(headers, name)?.unwrap_or_default();
        let Some(digits) = value.strip_prefix(prefix) else {
            return Err(WebhookError::Malformed {
                name,
                reason: if length == 32 {
                    "it does not start with sha256="
                } else {
                    "it does not start with sha1="
                },
            });
        };
        match unhex(digits) {
            Some(signature) if signature.len() == length => {
                if !mac::matches(algorithm, &self.secrets, body, &signature) {
                    return Err(WebhookError::WrongSignature { name });
                }
            }
            _ => {
                return Err(WebhookError::Malformed {
                    name,
                    reason: if length == 32 {
                        "the signature is not 64 lower-case hex digits"
                    } else {
                        "the signature is not 40 lower-case hex digits"
                    },
                });
            }
        }
        let mut verified = Verified::new(Scheme::GitHub);
        verified.id = optional(headers, DELIVERY)?.map(str::to_owned);
        verified.event = optional(headers, EVENT)?.map(str::to_owned);
        Ok(verified)
    }
}
