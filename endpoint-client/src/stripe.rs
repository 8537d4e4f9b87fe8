//! Stripe's rules ([`StripePolicy`]): idempotency keys on every write,
//! `Stripe-Should-Retry`, its error bodies and its lists.

use http::{HeaderMap, HeaderName, StatusCode};

use super::policy::ApiPolicy;
use endpoint_runtime::model::Pagination;

/// Stripe's API: every write gets an `Idempotency-Key` (so that a `POST`
/// answered `500` is sent again with the same key, and applied once),
/// `Stripe-Should-Retry` is obeyed (`true`: a `409` on a key in use or a
/// lock timeout is retried; `false`: a `5xx` is not), its error body's
/// `error.message` and `error.doc_url` explain an error, and lists page by
/// `has_more` and `starting_after` (searches, whose operations say so
/// themselves, by `next_page`). Rate limits as any API's ([`IetfPolicy`](super::IetfPolicy)).
///
/// ```
/// use endpoint::client::{ApiPolicy, StripePolicy};
///
/// assert_eq!(StripePolicy.idempotency_header().map(|name| name.to_string()), Some("idempotency-key".into()));
/// let explained = StripePolicy.explain(br#"{"error": {"message": "No such customer: 'cus_1'", "doc_url": "https://stripe.com/docs/error-codes/resource-missing"}}"#);
/// assert_eq!(explained.message.as_deref(), Some("No such customer: 'cus_1'"));
/// assert_eq!(explained.documentation_url.as_deref(), Some("https://stripe.com/docs/error-codes/resource-missing"));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct StripePolicy;

impl ApiPolicy for StripePolicy {
    fn idempotency_header(&self) -> Option<HeaderName> {
        Some(HeaderName::from_static("idempotency-key"))
    }

    fn retry_advice(&self, _: StatusCode, headers: &HeaderMap) -> Option<bool> {
        match headers.get("stripe-should-retry")?.to_str().ok()?.trim() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        }
    }

    fn pagination(&self) -> Pagination {
        Pagination::after_last_item("starting_after", "/id", "/has_more").items("/data")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripe_advice() {
        let mut headers = HeaderMap::new();
        assert_eq!(
            StripePolicy.retry_advice(StatusCode::CONFLICT, &headers),
            None
        );
        headers.insert("stripe-should-retry", "true".parse().unwrap());
        assert_eq!(
            StripePolicy.retry_advice(StatusCode::CONFLICT, &headers),
            Some(true)
        );
        headers.insert("stripe-should-retry", "false".parse().unwrap());
        assert_eq!(
            StripePolicy.retry_advice(StatusCode::SERVICE_UNAVAILABLE, &headers),
            Some(false)
        );
    }
}
