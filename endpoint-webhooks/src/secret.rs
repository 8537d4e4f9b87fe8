//! Secrets, kept out of `Debug` texts.

use std::fmt;

use base64::Engine as _;

use crate::error::WebhookError;

/// A signing secret: the bytes the HMAC is keyed with.
///
/// Its `Debug` text is redacted, so that a verifier can be logged or kept
/// in a `#[derive(Debug)]` state without printing it.
///
/// ```
/// use endpoint_webhooks::Secret;
///
/// let secret = Secret::from("It's a Secret to Everybody");
/// assert_eq!(format!("{secret:?}"), "Secret(<redacted, 26 bytes>)");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

/// The prefix of Standard Webhooks' and Svix's secrets.
pub(crate) const WHSEC: &str = "whsec_";

impl Secret {
    /// A secret of these bytes, as the provider shows it (GitHub, Stripe,
    /// Slack and Twilio key their HMAC with the secret's text itself,
    /// `whsec_` prefix included for Stripe).
    pub fn new(bytes: impl Into<Vec<u8>>) -> Self {
        Self(bytes.into())
    }

    /// A Standard Webhooks (or Svix) secret, `whsec_` followed by the key in
    /// base64; the prefix may be left out.
    ///
    /// # Errors
    ///
    /// [`WebhookError::BadSecret`] when the rest is not base64 or is empty;
    /// the text never names the secret.
    ///
    /// ```
    /// use endpoint_webhooks::{Secret, WebhookError};
    ///
    /// assert!(Secret::from_whsec("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").is_ok());
    /// assert_eq!(
    ///     Secret::from_whsec("whsec_not*base64").unwrap_err(),
    ///     WebhookError::BadSecret { reason: "a whsec_ secret is base64 after its prefix" },
    /// );
    /// ```
    pub fn from_whsec(text: &str) -> Result<Self, WebhookError> {
        let encoded = text.strip_prefix(WHSEC).unwrap_or(text);
        let key = base64::engine::general_purpose::STANDARD
            .decode(encoded.trim())
            .map_err(|_| WebhookError::BadSecret {
                reason: "a whsec_ secret is base64 after its prefix",
            })?;
        if key.is_empty() {
            return Err(WebhookError::BadSecret {
                reason: "a whsec_ secret has a key after its prefix",
            });
        }
        Ok(Self(key))
    }

    /// The secret's bytes.
    #[must_use]
    pub fn expose(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secret(<redacted, {} bytes>)", self.0.len())
    }
}

impl From<&str> for Secret {
    fn from(text: &str) -> Self {
        Self(text.as_bytes().to_vec())
    }
}

impl From<String> for Secret {
    fn from(text: String) -> Self {
        Self(text.into_bytes())
    }
}

impl From<&[u8]> for Secret {
    fn from(bytes: &[u8]) -> Self {
        Self(bytes.to_vec())
    }
}

impl From<Vec<u8>> for Secret {
    fn from(bytes: Vec<u8>) -> Self {
        Self(bytes)
    }
}
