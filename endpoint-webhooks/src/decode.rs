//! Verified, then decoded: [`Decode`] and [`verify_and_decode`].

use http::HeaderMap;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::WebhookError;
use crate::verified::{Verified, Verifier};

/// A value read from an authentic delivery: its headers and its body.
///
/// Every `serde::de::DeserializeOwned` type is one: a JSON body is decoded
/// as it is, and a form body (`Content-Type:
/// application/x-www-form-urlencoded`, Slack's commands, Twilio's
/// callbacks) as an object of its fields, each a string (an array of
/// strings when the field repeats). A type that needs the headers to
/// decode (an enum of events named by `X-GitHub-Event`) implements it
/// instead of `Deserialize`.
pub trait Decode: Sized {
    /// Decodes the delivery.
    ///
    /// # Errors
    ///
    /// [`WebhookError::Decode`], naming the path of the value that failed.
    fn decode(headers: &HeaderMap, body: &[u8]) -> Result<Self, WebhookError>;
}

impl<T: DeserializeOwned> Decode for T {
    fn decode(headers: &HeaderMap, body: &[u8]) -> Result<Self, WebhookError> {
        if is_form(headers) {
            return serde_path_to_error::deserialize(form(body)).map_err(error);
        }
        decode_json(body)
    }
}

/// Decodes the JSON text `body` as `T` with `serde_json` alone; an error
/// names the path of the value it stands at (`data.object.amount`), read
/// from the error's line and column, and text after the value is refused
/// (path `.`).
///
/// This is what [`Decode`] does with a JSON body. A type that decodes
/// its events itself (a generated `webhooks::Event`) reads each payload
/// with it: the payload's decoder is then the very one `serde_json::
/// from_slice` compiles, not a second one that tracks its path.
///
/// # Errors
///
/// [`WebhookError::Decode`], naming the path of the value that failed.
///
/// ```
/// use endpoint_webhooks::{decode_json, WebhookError};
///
/// #[derive(Debug, serde::Deserialize)]
/// struct Issue {
///     number: u64,
/// }
/// #[derive(Debug, serde::Deserialize)]
/// struct Opened {
///     issue: Issue,
/// }
///
/// let error = decode_json::<Opened>(br#"{"issue": {"number": "7"}}"#).unwrap_err();
/// let WebhookError::Decode { path, .. } = error else { unreachable!() };
/// assert_eq!(path, "issue.number");
/// ```
pub fn decode_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, WebhookError> {
    serde_json::from_slice(body).map_err(|error| WebhookError::Decode {
        // `.`, as `serde_path_to_error` writes it, at the top level.
        path: match endpoint_runtime::sibling::json_error_path(body, &error) {
            path if path.is_empty() => ".".to_owned(),
            path => path,
        },
        message: error.to_string(),
    })
}

/// Verifies a delivery, then decodes it: the one call a handler makes.
///
/// # Errors
///
/// The verifier's [`WebhookError`], or [`WebhookError::Decode`] for an
/// authentic body that does not decode into `T`.
///
/// ```
/// use endpoint_webhooks::{verify_and_decode, GitHub, WebhookError};
///
/// #[derive(Debug, serde::Deserialize)]
/// struct Ping {
///     zen: String,
/// }
///
/// let github = GitHub::new("It's a Secret to Everybody");
/// let body = br#"{"zen": "Keep it logically awesome."}"#;
/// let headers = github.sign("ping", "72d3162e-cc78-11e3-81ab-4c9367dc0958", body)?;
///
/// let (delivery, ping) = verify_and_decode::<Ping>(&github, &headers, body)?;
/// assert_eq!(delivery.event.as_deref(), Some("ping"));
/// assert_eq!(ping.zen, "Keep it logically awesome.");
///
/// let error = verify_and_decode::<Ping>(&github, &headers, b"{}").unwrap_err();
/// assert_eq!(error, WebhookError::WrongSignature { name: "x-hub-signature-256" });
/// # Ok::<(), WebhookError>(())
/// ```
pub fn verify_and_decode<T: Decode>(
    verifier: &(impl Verifier + ?Sized),
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(Verified, T), WebhookError> {
    let verified = verifier.verify(headers, body)?;
    Ok((verified, T::decode(headers, body)?))
}

fn error<E: std::fmt::Display>(error: serde_path_to_error::Error<E>) -> WebhookError {
    WebhookError::Decode {
        path: error.path().to_string(),
        message: error.inner().to_string(),
    }
}

fn is_form(headers: &HeaderMap) -> bool {
    headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| {
            essence
                .trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        })
}

/// A form body as a JSON object of strings (arrays of strings for the
/// fields that repeat).
fn form(body: &[u8]) -> Value {
    let mut fields = Map::new();
    for (name, value) in form_urlencoded::parse(body) {
        let value = Value::String(value.into_owned());
        match fields.get_mut(name.as_ref()) {
            None => {
                fields.insert(name.into_owned(), value);
            }
            Some(Value::Array(values)) => values.push(value),
            Some(first) => *first = Value::Array(vec![first.take(), value]),
        }
    }
    Value::Object(fields)
}
