//! YAML documents to JSON values.

use serde_json::Value;

/// The YAML document `text` as a JSON value.
///
/// # Errors
/// Not YAML.
pub(crate) fn parse(text: &str) -> Result<Value, String> {
    let _ = text;
    Err("YAML is not read yet".to_owned())
}
