//! Slack: `X-Slack-Signature: v0=<hex>`, the HMAC-SHA256 of
//! `v0:{X-Slack-Request-Timestamp}:{body}`.
//!
//! <https://api.slack.com/authentication/verifying-requests-from-slack>

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

const SIGNATURE: &str = "x-slack-signature";
const TIMESTAMP: &str = "x-slack-request-timestamp";

/// Slack's request signatures.
///
/// `X-Slack-Signature: v0=<hex>` is the HMAC-SHA256 of
/// `v0:{timestamp}:{body}` under the app's signing secret, the timestamp
/// being `X-Slack-Request-Timestamp`, which must be within five minutes of
/// now, either way.
///
/// ```
/// use endpoint_webhooks::{FixedClock, Slack, Verifier};
///
/// let slack = Slack::new("8f742231b10e8888abcd99yyyzzz85a5").clock(FixedClock(1_531_420_618));
/// let body = b"token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fweather";
/// let headers = slack.sign(1_531_420_618, body);
///
/// assert_eq!(slack.verify(&headers, body)?.timestamp, Some(1_531_420_618));
/// assert!(slack.verify(&headers, b"token=forged").is_err());
/// # Ok::<(), endpoint_webhooks::WebhookError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Slack {
    secrets: Vec<Secret>,
    window: Window,
}

impl Slack {
    /// A verifier of the app's signing secret, with the system's clock and a
    /// tolerance of five minutes.
    pub fn new(secret: impl Into<Secret>) -> Self {
        Self {
            secrets: vec![secret.into()],
            window: Window::five_minutes(),
        }
    }

    /// Also accepts signatures of another secret (while the app's signing
    /// secret is regenerated). Signing uses the first.
    #[must_use]
    pub fn with_secret(mut self, secret: impl Into<Secret>) -> Self {
        self.secrets.push(secret.into());
        self
    }

    /// How far the signed timestamp may be from now, either way (300 s by
    /// default, Slack's).
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

    /// The `X-Slack-Signature` value of a body sent at `timestamp`:
    /// `v0=<hex>`.
    #[must_use]
    pub fn signature(&self, timestamp: u64, body: &[u8]) -> String {
        let message = mac::concat(&[b"v0:", timestamp.to_string().as_bytes(), b":", body]);
        format!(
            "v0={}",
            hex(&mac::tag(hmac::HMAC_SHA256, &self.secrets[0], &message))
        )
    }

    /// The headers of a request of this body sent at `timestamp` (Unix
    /// seconds), for testing a handler.
    #[must_use]
    pub fn sign(&self, timestamp: u64, body: &[u8]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        insert_ascii(&mut headers, TIMESTAMP, &timestamp.to_string());
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
        let time = required(headers, TIMESTAMP)?;
        let seconds = timestamp(TIMESTAMP, time)?;
        let value = required(headers, SIGNATURE)?;
        let Some(digits) = value.strip_prefix("v0=") else {
            return Err(WebhookError::Malformed {
                name: SIGNATURE,
                reason: "it does not start with v0=",
            });
        };
        let Some(signature) = unhex(digits).filter(|bytes| bytes.len() == 32) else {
            return Err(WebhookError::Malformed {
                name: SIGNATURE,
                reason: "the signature is not 64 lower-case hex digits",
            });
        };
        let message = mac::concat(&[b"v0:", time.as_bytes(), b":", body]);
        if !mac::matches(hmac::HMAC_SHA256, &self.secrets, &message, &signature) {
            return Err(WebhookError::WrongSignature { name: SIGNATURE });
        }
        self.window.check(TIMESTAMP, seconds, now)?;
        let mut verified = Verified::new(Scheme::Slack);
        verified.timestamp = Some(seconds);
        Ok(verified)
    }
}

impl Verifier for Slack {
    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError> {
        self.verify_at(headers, body, self.window.clock.now())
    }
}
