//! The requests an API sends rather than receives ([`Api::events`]: its
//! webhooks and the callbacks of its operations), in the generated crate.
//!
//! The crate types the requests it sends and the answers it reads; an
//! event's payload is not generated yet, so that each event the
//! description declares is a diagnostic naming it, never left out in
//! silence (a description of webhooks alone is not an empty crate
//! without a word, and `--strict` refuses it).

use crate::api::{Api, EventSource};
use crate::diag::Diagnostics;

/// What a diagnostic says was generated for an event.
pub const LEFT_OUT: &str = "left out: no type of its payload (decode it with a type of your own)";

/// A diagnostic for each event of `api`, in order: at the event's
/// operation (`#/webhooks/petAdded/post`), a callback's under the
/// operation that declares it.
///
/// ```
/// use endpoint_openapi::{diag::Diagnostics, read::read_value, webhooks};
/// use serde_json::json;
///
/// let read = read_value(json!({
///     "openapi": "3.1.0",
///     "webhooks": {"petAdded": {"post": {"responses": {"200": {"description": "Received."}}}}}
/// }), None, &[]).unwrap();
/// let mut diagnostics = Diagnostics::new();
/// webhooks::left_out(&read.api, &mut diagnostics);
/// assert_eq!(
///     diagnostics.iter().next().unwrap().to_string(),
///     "#/webhooks/petAdded/post: webhook `petAdded` (POST): a request the API sends \
///      is not generated; left out: no type of its payload (decode it with a type of your own)"
/// );
/// ```
pub fn left_out(api: &Api, diagnostics: &mut Diagnostics) {
    for event in &api.events {
        let operation = match &event.source {
            EventSource::Webhook => None,
            EventSource::Callback { operation, .. } => Some(operation.as_str()),
        };
        diagnostics.push(
            &event.operation.pointer,
            operation,
            format!(
                "{}: a request the API sends is not generated",
                event.label()
            ),
            LEFT_OUT,
        );
    }
}
