//! Files to values: JSON or YAML, told apart by their content (a document
//! whose first character after white space and a byte order mark is `{`
//! is JSON), not by the file's name.

use std::path::Path;

use serde_json::Value;

/// The document in the file at `path`.
///
/// # Errors
/// A file that cannot be read, or is neither JSON nor YAML; the message
/// names the file and, for a parse error, the line.
pub(crate) fn file(path: &Path) -> Result<Value, String> {
    let bytes = std::fs::read(path).map_err(|err| format!("{}: {err}", path.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|err| format!("{}: not UTF-8 text: {err}", path.display()))?;
    text_value(&text).map_err(|err| format!("{}: {err}", path.display()))
}

/// The document `text`, JSON or YAML.
///
/// # Errors
/// Text that is neither; the message gives the line.
pub(crate) fn text_value(text: &str) -> Result<Value, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).map_err(|err| format!("not valid JSON: {err}"))
    } else {
        super::yaml::parse(text)
    }
}
