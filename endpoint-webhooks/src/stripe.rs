//! Stripe: `Stripe-Signature: t=<seconds>,v1=<hex>,…`, the HMAC-SHA256 of
//! `{t}.{body}`.
//!
//! <https://docs.stripe.com/webhooks#verify-manually>

use std::sync::Arc;
use std::time::Duration;

use http::HeaderMap;
use ring::hmac;

use crate::clock::{Clock, Window};
use crate::codec::{hex, unhex};
use crate::error::WebhookError;
use crate::header::{insert_ascii, required, timestamp};
use crate::mac;
use crate::secret::Secret;
use crate::verified::{Scheme, Verified, Verifier};

const SIGNATURE: &str = "stripe-signature";

/// Stripe's webhook signatures.
///
/// `Stripe-Signature: t=<seconds>,v1=<hex>,v1=<hex>` carries the signed
/// timestamp and one `v1` HMAC-SHA256 of `{t}.{body}` per secret of the
/// endpoint (two while a secret is rolled): any of them matching is enough.
/// The key is the endpoint's secret as Stripe shows it, `whsec_…` text
/// included. The timestamp must be within the tolerance of now, five
/// minutes either way by default.
///
/// ```
/// use endpoint_webhooks::{FixedClock, Stripe, Verifier, WebhookError};
///
/// let stripe = Stripe::new("whsec_test_secret").clock(FixedClock(1_700_000_000));
/// let body = br#"{"id": "evt_1", "type": "charge.succeeded"}"#;
/// let headers = stripe.sign(1_700_000_000, body);
///
/// assert_eq!(stripe.verify(&headers, body)?.timestamp, Some(1_700_000_000));
/// // The same delivery replayed ten minutes later.
/// let later = stripe.clone().clock(FixedClock(1_700_000_600));
/// assert!(matches!(later.verify(&headers, body), Err(WebhookError::Timestamp { age: 600, .. })));
/// # Ok::<(), WebhookError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Stripe {
    secrets: Vec<Secret>,
    window: Window,
}

impl Stripe {
    /// A verifier of the endpoint's signing secret (`whsec_…`), with the
    /// system's clock and a tolerance of five minutes.
    pub fn new(secret: impl Into<Secret>) -> Self {
        Self {
            secrets: vec![secret.into()],
            window: Window::five_minutes(),
        }
    }

    /// Also accepts signatures of another secret. Signing uses the first
    /// secret.
    #[must_use]
    pub fn with_secret(mut self, secret: impl Into<Secret>) -> Self {
        self.secrets.push(secret.into());
        self
    }

    /// How far the signed timestamp may be from now, either way (300 s by
    /// default, Stripe's).
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

    /// The `Stripe-Signature` value of a body signed at `timestamp` (Unix
    /// seconds): `t=<timestamp>,v1=<hex>`, as Stripe's libraries'
    /// `generateTestHeaderString` write it.
    #[must_use]
    pub fn signature(&self, timestamp: u64, body: &[u8]) -> String {
        let message = mac::concat(&[timestamp.to_string().as_bytes(), b".", body]);
        let tag = mac::tag(hmac::HMAC_SHA256, &self.secrets[0], &message);
        format!("t={timestamp},v1={}", hex(&tag))
    }

    /// The headers of a delivery of this body signed at `timestamp`, for
    /// testing a handler.
    #[must_use]
    pub fn sign(&self, timestamp: u64, body: &[u8]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        insert_ascii(&mut headers, SIGNATURE, &self.signature(timestamp, body));
        headers
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
        let value = required(headers, SIGNATURE)?;
        let malformed = |reason| WebhookError::Malformed {
            name: SIGNATURE,
            reason,
        };
        let mut time = None;
        let mut signatures = Vec::new();
        for item in value.split(',') {
            let Some((key, text)) = item.split_once('=') else {
                continue;
            };
            match key.trim() {
                "t" if time.is_some() => return Err(malformed("it has more than one t=")),
                "t" => time = Some(text.trim()),
                "v1" => signatures.push(text.trim()),
                _ => {}
            }
        }
        let time = time.ok_or_else(|| malformed("it has no t= timestamp"))?;
        let seconds = timestamp(SIGNATURE, time)?;
        if signatures.is_empty() {
            return Err(malformed("it has no v1= signature"));
        }
        let message = mac::concat(&[time.as_bytes(), b".", body]);
        let mut well_formed = false;
        for signature in signatures {
            let Some(signature) = unhex(signature).filter(|bytes| bytes.len() == 32) else {
                continue;
            };
            well_formed = true;
            if mac::matches(hmac::HMAC_SHA256, &self.secrets, &message, &signature) {
                self.window.check(SIGNATURE, seconds, now)?;
                let mut verified = Verified::new(Scheme::Stripe);
                verified.timestamp = Some(seconds);
                return Ok(verified);
            }
        }
        if well_formed {
            Err(WebhookError::WrongSignature { name: SIGNATURE })
        } else {
            Err(malformed("no v1= signature is 64 lower-case hex digits"))
        }
    }
}

impl Verifier for Stripe {
    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError> {
        self.verify_at(headers, body, self.window.clock.now())
    }
}
