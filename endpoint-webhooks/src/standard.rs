//! Standard Webhooks (and Svix, its origin, under `svix-` header names):
//! `webhook-signature: v1,<base64> …`, the HMAC-SHA256 of
//! `{id}.{timestamp}.{body}`.
//!
//! <https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md>

use std::sync::Arc;
use std::time::Duration;

use http::HeaderMap;
use ring::hmac;

use crate::clock::{Clock, Window};
use crate::codec::{base64, unbase64};
use crate::error::WebhookError;
use crate::header::{insert, optional, required, timestamp};
use crate::mac;
use crate::secret::Secret;
use crate::verified::{Scheme, Verified, Verifier};

/// The three headers of the scheme, under one of its two sets of names.
struct Names {
    id: &'static str,
    timestamp: &'static str,
    signature: &'static str,
    scheme: Scheme,
}

const STANDARD: Names = Names {
    id: "webhook-id",
    timestamp: "webhook-timestamp",
    signature: "webhook-signature",
    scheme: Scheme::StandardWebhooks,
};

const SVIX: Names = Names {
    id: "svix-id",
    timestamp: "svix-timestamp",
    signature: "svix-signature",
    scheme: Scheme::Svix,
};

/// Standard Webhooks' signatures, and Svix's.
///
/// `webhook-signature` holds space-separated `v1,<base64>` entries, each
/// the HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under a
/// secret of the sender (several while a secret is rotated): any of them
/// matching under any of the verifier's secrets is enough; entries of other
/// versions (`v1a`, asymmetric) are skipped. A delivery without
/// `webhook-id` is read under Svix's names, `svix-id`, `svix-timestamp`,
/// `svix-signature`. Secrets are `whsec_<base64>` ([`Secret::from_whsec`]).
/// The timestamp must be within five minutes of now, either way.
///
/// ```
/// use endpoint_webhooks::{FixedClock, Scheme, StandardWebhooks, Verifier};
///
/// let verifier = StandardWebhooks::from_whsec("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")?
///     .clock(FixedClock(1_614_265_330));
/// let body = br#"{"test": 2432232314}"#;
/// let headers = verifier.sign("msg_p5jXN8AQM9LWM0D4loKWxJek", 1_614_265_330, body)?;
///
/// let delivery = verifier.verify(&headers, body)?;
/// assert_eq!(delivery.scheme, Scheme::StandardWebhooks);
/// assert_eq!(delivery.id.as_deref(), Some("msg_p5jXN8AQM9LWM0D4loKWxJek"));
/// assert!(verifier.verify(&headers, b"{}").is_err());
/// # Ok::<(), endpoint_webhooks::WebhookError>(())
/// ```
#[derive(Clone, Debug)]
pub struct StandardWebhooks {
    secrets: Vec<Secret>,
    window: Window,
    svix: bool,
}

impl StandardWebhooks {
    /// A verifier of this secret's key (the bytes after `whsec_`, decoded:
    /// see [`Secret::from_whsec`]), with the system's clock and a tolerance
    /// of five minutes.
    pub fn new(key: Secret) -> Self {
        Self {
            secrets: vec![key],
            window: Window::five_minutes(),
            svix: false,
        }
    }

    /// A verifier of a `whsec_<base64>` secret.
    ///
    /// # Errors
    ///
    /// [`WebhookError::BadSecret`] when the secret is not base64 after its
    /// prefix.
    pub fn from_whsec(secret: &str) -> Result<Self, WebhookError> {
        Ok(Self::new(Secret::from_whsec(secret)?))
    }

    /// Also accepts signatures of another key, while the secret is rotated.
    /// Signing uses the first.
    #[must_use]
    pub fn with_secret(mut self, key: Secret) -> Self {
        self.secrets.push(key);
        self
    }

    /// Signs with Svix's header names (`svix-id`, `svix-timestamp`,
    /// `svix-signature`) rather than the standard's. Verification reads
    /// either.
    #[must_use]
    pub fn svix(mut self, svix: bool) -> Self {
        self.svix = svix;
        self
    }

    /// How far the signed timestamp may be from now, either way (300 s by
    /// default).
    #[must_use]
    pub fn tolerance(mut self, tolerance: Duration) -> Self {
        self.window.tolerance = tolerance;
        self
    }

    /// The clock now is read from (the system's by default).
    #[must_use]
    pub fn clock(mut self, clock: impl Clock + 'static) -> Self {
        self.window.clock = Arc::new(clock);
        self
    }

    /// The signature header's value for a message: `v1,<base64>`.
    #[must_use]
    pub fn signature(&self, id: &str, timestamp: u64, body: &[u8]) -> String {
        let message = mac::concat(&[
            id.as_bytes(),
            b".",
            timestamp.to_string().as_bytes(),
            b".",
            body,
        ]);
        format!(
            "v1,{}",
            base64(&mac::tag(hmac::HMAC_SHA256, &self.secrets[0], &message))
        )
    }

    /// The headers of a delivery of this body, with this message id, signed
    /// at `timestamp` (Unix seconds), for testing a handler.
    ///
    /// # Errors
    ///
    /// [`WebhookError::Malformed`] when `id` cannot be a header's value.
    pub fn sign(&self, id: &str, timestamp: u64, body: &[u8]) -> Result<HeaderMap, WebhookError> {
        let names = if self.svix { &SVIX } else { &STANDARD };
        let mut headers = HeaderMap::new();
        insert(&mut headers, names.id, id)?;
        insert(&mut headers, names.timestamp, &timestamp.to_string())?;
        insert(
            &mut headers,
            names.signature,
            &self.signature(id, timestamp, body),
        )?;
        Ok(headers)
    }

    /// [`Verifier::verify`] with now given, in Unix seconds.
    ///
    /// # Errors
    ///
    /// The [`WebhookError`] of the first check that fails.
    pub fn verify_at(
        &self,
        headers: &HeaderMap,
        body: &[u8],
        now: u64,
    ) -> Result<Verified, WebhookError> {
        let names = if optional(headers, STANDARD.id)?.is_none() && headers.contains_key(SVIX.id) {
            &SVIX
        } else {
            &STANDARD
        };
        let id = required(headers, names.id)?;
        let time = required(headers, names.timestamp)?;
        let seconds = timestamp(names.timestamp, time)?;
        let value = required(headers, names.signature)?;
        let message = mac::concat(&[id.as_bytes(), b".", time.as_bytes(), b".", body]);
        let (mut versioned, mut well_formed) = (false, false);
        for entry in value.split(' ').filter(|entry| !entry.is_empty()) {
            let Some(("v1", signature)) = entry.split_once(',') else {
                continue;
            };
            versioned = true;
            let Some(signature) = unbase64(signature).filter(|bytes| bytes.len() == 32) else {
                continue;
            };
            well_formed = true;
            if mac::matches(hmac::HMAC_SHA256, &self.secrets, &message, &signature) {
                self.window.check(names.timestamp, seconds, now)?;
                let mut verified = Verified::new(names.scheme);
                verified.id = Some(id.to_owned());
                verified.timestamp = Some(seconds);
                return Ok(verified);
            }
        }
        let reason = match (versioned, well_formed) {
            (_, true) => {
                return Err(WebhookError::WrongSignature {
                    name: names.signature,
                });
            }
            (true, false) => "no v1 signature is the base64 of 32 bytes",
            (false, _) => "it has no v1,<base64> signature",
        };
        Err(WebhookError::Malformed {
            name: names.signature,
            reason,
        })
    }
}

impl Verifier for StandardWebhooks {
    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError> {
        self.verify_at(headers, body, self.window.clock.now())
    }
}
