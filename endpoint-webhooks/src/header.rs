//! Reading a scheme's headers: once, as visible ASCII, or a clear error.

use http::HeaderMap;

use crate::error::WebhookError;

/// The value of a header the scheme reads once. `name` is lower case.
pub(crate) fn required<'h>(
    headers: &'h HeaderMap,
    name: &'static str,
) -> Result<&'h str, WebhookError> {
    optional(headers, name)?.ok_or(WebhookError::MissingHeader { name })
}

/// The value of a header that may be absent, refused when repeated or not
/// visible ASCII.
pub(crate) fn optional<'h>(
    headers: &'h HeaderMap,
    name: &'static str,
) -> Result<Option<&'h str>, WebhookError> {
    let mut values = headers.get_all(name).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(WebhookError::RepeatedHeader { name });
    }
    let text = value.to_str().map_err(|_| WebhookError::Malformed {
        name,
        reason: "not visible ASCII",
    })?;
    Ok(Some(text.trim()))
}

/// A Unix timestamp in seconds, as every scheme writes it: decimal digits.
pub(crate) fn timestamp(name: &'static str, text: &str) -> Result<u64, WebhookError> {
    let malformed = WebhookError::Malformed {
        name,
        reason: "the timestamp is not a number of seconds",
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed);
    }
    text.parse().map_err(|_| malformed)
}

/// Inserts a header of a signed request; refuses a value that cannot be a
/// header's (a control character).
pub(crate) fn insert(
    headers: &mut HeaderMap,
    name: &'static str,
    value: &str,
) -> Result<(), WebhookError> {
    let value = http::HeaderValue::from_str(value).map_err(|_| WebhookError::Malformed {
        name,
        reason: "not visible ASCII",
    })?;
    headers.insert(name, value);
    Ok(())
}

/// Inserts a header the crate writes itself: a signature or a timestamp,
/// always visible ASCII.
pub(crate) fn insert_ascii(headers: &mut HeaderMap, name: &'static str, value: &str) {
    if let Ok(value) = http::HeaderValue::from_str(value) {
        headers.insert(name, value);
    }
}
