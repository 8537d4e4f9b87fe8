//! Verify and sign webhook deliveries, for any server framework.
//!
//! One verifier per scheme, each written from its provider's documentation
//! and checked against the provider's own library:
//!
//! | scheme | verifier | signature |
//! | --- | --- | --- |
//! | GitHub | [`GitHub`] | `X-Hub-Signature-256: sha256=<hex>` of the body |
//! | Stripe | [`Stripe`] | `Stripe-Signature: t=…,v1=<hex>,…` of `{t}.{body}` |
//! | Standard Webhooks, Svix | [`StandardWebhooks`] | `webhook-signature: v1,<base64> …` of `{id}.{timestamp}.{body}` |
//! | Slack | [`Slack`] | `X-Slack-Signature: v0=<hex>` of `v0:{timestamp}:{body}` |
//! | Twilio | [`Twilio`] | `X-Twilio-Signature: <base64>` of the URL and the form's fields |
//!
//! Each takes the request's `http::HeaderMap` and its raw body, as
//! received: the signature is over the bytes, so verify before parsing.
//! Signatures are compared in constant time (`ring::hmac::verify`); no
//! header value panics a verifier; a [`WebhookError`] says which check
//! failed and never shows a secret or the signature expected; secrets are
//! [`Secret`]s, whose `Debug` text is redacted. Timestamps are checked
//! against a [`Clock`] the caller can give, five minutes either way by
//! default.
//!
//! ```
//! use endpoint_webhooks::{verify_and_decode, FixedClock, Stripe, WebhookError};
//!
//! #[derive(Debug, serde::Deserialize)]
//! struct Event {
//!     id: String,
//!     #[serde(rename = "type")]
//!     kind: String,
//! }
//!
//! let stripe = Stripe::new("whsec_test_secret").clock(FixedClock(1_700_000_000));
//! let body = br#"{"id": "evt_1", "type": "invoice.paid"}"#;
//! // What Stripe sends, signed here as a test of a handler would.
//! let headers = stripe.sign(1_700_000_000, body);
//!
//! let (delivery, event) = verify_and_decode::<Event>(&stripe, &headers, body)?;
//! assert_eq!((delivery.timestamp, event.id.as_str(), event.kind.as_str()), (Some(1_700_000_000), "evt_1", "invoice.paid"));
//!
//! let forged = br#"{"id": "evt_1", "type": "invoice.voided"}"#;
//! let error = verify_and_decode::<Event>(&stripe, &headers, forged).unwrap_err();
//! assert_eq!(error.to_string(), "no signature of the header stripe-signature matches the body");
//! # Ok::<(), WebhookError>(())
//! ```
//!
//! With the `axum` feature, `axum::Webhook` is an extractor that reads the
//! raw body, verifies it with the verifier of the application's state and
//! decodes it.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod clock;
mod codec;
mod decode;
mod error;
mod github;
mod header;
mod mac;
mod secret;
mod slack;
mod standard;
mod stripe;
mod twilio;
mod verified;

#[cfg(feature = "axum")]
pub mod axum;

pub use clock::{Clock, FixedClock, SystemClock};
pub use decode::{Decode, decode_json, verify_and_decode};
pub use error::WebhookError;
pub use github::GitHub;
pub use secret::Secret;
pub use slack::Slack;
pub use standard::StandardWebhooks;
pub use stripe::Stripe;
pub use twilio::Twilio;
pub use verified::{Scheme, SharedVerifier, Verified, Verifier};

/// The `http` crate, whose `HeaderMap` every verifier and [`Decode`] takes
/// (the one a generated crate's `webhooks::Event` names).
pub use http;

/// The crate's README and the guide `docs/webhooks.md`, whose `rust` blocks
/// are compiled and run as doctests, so that their examples keep working.
#[cfg(all(doctest, feature = "axum"))]
pub mod docs_doctests {
    #[doc = include_str!("../README.md")]
    pub struct Readme;
    #[doc = include_str!("../../docs/webhooks.md")]
    pub struct Guide;
}
