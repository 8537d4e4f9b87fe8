//! What every scheme answers: the [`Verifier`] trait and a [`Verified`]
//! delivery.

use http::{HeaderMap, Uri};

use crate::error::WebhookError;

/// The scheme a delivery was verified with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scheme {
    /// GitHub's `X-Hub-Signature-256` (or `X-Hub-Signature`).
    GitHub,
    /// Stripe's `Stripe-Signature`.
    Stripe,
    /// Standard Webhooks' `webhook-signature`.
    StandardWebhooks,
    /// The same scheme under Svix's header names, `svix-signature`.
    Svix,
    /// Slack's `X-Slack-Signature`.
    Slack,
    /// Twilio's `X-Twilio-Signature`.
    Twilio,
}

/// An authentic delivery: what its signed (or, for GitHub's delivery id
/// and event, accompanying) headers say.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Verified {
    /// The scheme that verified it.
    pub scheme: Scheme,
    /// The delivery's id, where the scheme sends one in a header:
    /// `X-GitHub-Delivery`, `webhook-id`/`svix-id`,
    /// `I-Twilio-Idempotency-Token`. Stripe's and Slack's are in the body.
    pub id: Option<String>,
    /// The event's name, where the scheme sends one in a header:
    /// `X-GitHub-Event`. The others name it in the body.
    pub event: Option<String>,
    /// The signed timestamp, in Unix seconds (Stripe, Standard Webhooks,
    /// Svix, Slack).
    pub timestamp: Option<u64>,
}

impl Verified {
    pub(crate) fn new(scheme: Scheme) -> Self {
        Self {
            scheme,
            id: None,
            event: None,
            timestamp: None,
        }
    }
}

/// A webhook verifier: the headers and the raw body of a delivery in, a
/// [`Verified`] delivery or the [`WebhookError`] saying which check failed
/// out. Every scheme of the crate implements it, and so do references,
/// boxes and `Arc`s of a verifier, so that a server can hold a
/// `Box<dyn Verifier + Send + Sync>` chosen at run time.
///
/// ```
/// use endpoint_webhooks::{Slack, Stripe, Verifier};
///
/// let verifiers: Vec<Box<dyn Verifier + Send + Sync>> = vec![
///     Box::new(Slack::new("8f742231b10e8888abcd99yyyzzz85a5")),
///     Box::new(Stripe::new("whsec_test_secret")),
/// ];
/// let headers = http::HeaderMap::new();
/// assert!(verifiers.iter().all(|verifier| verifier.verify(&headers, b"{}").is_err()));
/// ```
pub trait Verifier {
    /// Verifies a delivery from its headers and its body, byte for byte as
    /// received (before any JSON parsing).
    ///
    /// # Errors
    ///
    /// The [`WebhookError`] of the first check that fails.
    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError>;

    /// Verifies a delivery knowing the URI the request was sent to, for the
    /// schemes that sign the URL (Twilio). The others ignore it.
    ///
    /// # Errors
    ///
    /// The [`WebhookError`] of the first check that fails.
    fn verify_request(
        &self,
        uri: &Uri,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<Verified, WebhookError> {
        let _ = uri;
        self.verify(headers, body)
    }
}

/// A verifier behind a reference or a pointer verifies as the verifier
/// itself.
macro_rules! forward {
    ($($pointer:ty),*) => {$(
        impl<V: Verifier + ?Sized> Verifier for $pointer {
            fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError> {
                (**self).verify(headers, body)
            }

            fn verify_request(
                &self,
                uri: &Uri,
                headers: &HeaderMap,
                body: &[u8],
            ) -> Result<Verified, WebhookError> {
                (**self).verify_request(uri, headers, body)
            }
        }
    )*};
}

forward!(&V, Box<V>, std::sync::Arc<V>);

/// A verifier of any scheme, cheap to clone and shared by threads: what a
/// server keeps in its state (the axum extractor's default).
///
/// ```
/// use endpoint_webhooks::{GitHub, SharedVerifier, Verifier};
///
/// let verifier = SharedVerifier::new(GitHub::new("It's a Secret to Everybody"));
/// let headers = GitHub::new("It's a Secret to Everybody").sign("ping", "1", b"{}")?;
/// assert!(verifier.clone().verify(&headers, b"{}").is_ok());
/// # Ok::<(), endpoint_webhooks::WebhookError>(())
/// ```
#[derive(Clone)]
pub struct SharedVerifier(std::sync::Arc<dyn Verifier + Send + Sync>);

impl SharedVerifier {
    /// Shares a verifier.
    pub fn new(verifier: impl Verifier + Send + Sync + 'static) -> Self {
        Self(std::sync::Arc::new(verifier))
    }
}

impl std::fmt::Debug for SharedVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedVerifier(..)")
    }
}

impl Verifier for SharedVerifier {
    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<Verified, WebhookError> {
        self.0.verify(headers, body)
    }

    fn verify_request(
        &self,
        uri: &Uri,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<Verified, WebhookError> {
        self.0.verify_request(uri, headers, body)
    }
}
