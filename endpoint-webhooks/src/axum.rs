//! Receiving webhooks with axum (feature `axum`): the [`Webhook`]
//! extractor.

use std::marker::PhantomData;

use axum::extract::{FromRef, FromRequest, OriginalUri, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;

use crate::decode::Decode;
use crate::error::WebhookError;
use crate::verified::{SharedVerifier, Verified, Verifier};

/// A verified, decoded delivery: the extractor reads the raw body (before
/// any JSON parsing, within axum's body limit), verifies it with the
/// verifier `V` of the application's state (a [`SharedVerifier`] by
/// default, any [`Verifier`] that is `FromRef` the state), and decodes it
/// into `T` ([`Decode`]: any `DeserializeOwned` type, or
/// [`serde_json::Value`]).
///
/// A delivery that fails authentication is refused with `401
/// Unauthorized`, an authentic one that does not decode with `400 Bad
/// Request`, each with the [`WebhookError`]'s text (never a secret nor the
/// signature expected); see [`WebhookRejection`].
///
/// Twilio's verifier is given the URI of the request before any nesting of
/// routers (`OriginalUri`).
///
/// ```
/// use axum::{Router, routing::post};
/// use endpoint_webhooks::axum::Webhook;
/// use endpoint_webhooks::{GitHub, SharedVerifier};
///
/// async fn github(Webhook { delivery, value, .. }: Webhook<serde_json::Value>) -> String {
///     format!("{} {}", delivery.event.unwrap_or_default(), value["zen"])
/// }
///
/// let app: Router = Router::new()
///     .route("/webhooks/github", post(github))
///     .with_state(SharedVerifier::new(GitHub::new("It's a Secret to Everybody")));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Webhook<T, V = SharedVerifier> {
    /// What the verifier read from the signed headers.
    pub delivery: Verified,
    /// The decoded body.
    pub value: T,
    /// The verifier's type.
    pub verifier: PhantomData<fn() -> V>,
}

/// Why the [`Webhook`] extractor refused a request.
#[derive(Debug)]
#[non_exhaustive]
pub enum WebhookRejection {
    /// The body could not be read (too large, cut short): axum's own
    /// rejection, answered as axum answers it (`413`, `400`).
    Body(axum::extract::rejection::BytesRejection),
    /// The delivery failed a check (`401`), its body did not decode (`400`),
    /// or the verifier lacks what it needs (`500`).
    Webhook(WebhookError),
}

impl WebhookRejection {
    /// The status the rejection is answered with.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Body(rejection) => rejection.status(),
            Self::Webhook(error) if error.is_unauthenticated() => StatusCode::UNAUTHORIZED,
            Self::Webhook(WebhookError::Decode { .. }) => StatusCode::BAD_REQUEST,
            Self::Webhook(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<WebhookError> for WebhookRejection {
    fn from(error: WebhookError) -> Self {
        Self::Webhook(error)
    }
}

impl IntoResponse for WebhookRejection {
    fn into_response(self) -> Response {
        let status = self.status();
        match self {
            Self::Body(rejection) => rejection.into_response(),
            Self::Webhook(error) => (status, error.to_string()).into_response(),
        }
    }
}

impl<S, T, V> FromRequest<S> for Webhook<T, V>
where
    S: Send + Sync,
    T: Decode,
    V: Verifier + FromRef<S>,
{
    type Rejection = WebhookRejection;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let headers = request.headers().clone();
        let uri = match request.extensions().get::<OriginalUri>() {
            Some(OriginalUri(uri)) => uri.clone(),
            None => request.uri().clone(),
        };
        let body = Bytes::from_request(request, state)
            .await
            .map_err(WebhookRejection::Body)?;
        let delivery = V::from_ref(state).verify_request(&uri, &headers, &body)?;
        let value = T::decode(&headers, &body)?;
        Ok(Self {
            delivery,
            value,
            verifier: PhantomData,
        })
    }
}
