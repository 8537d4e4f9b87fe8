//! Files to values: JSON or YAML, told apart by their content (a document
//! whose first character after white space and a byte order mark is `{`
//! is JSON), not by the file's name.

use std::path::Path;

use serde_json::Value;

/// The document in the file at `path`.
///
/// # Errors
/// A file that cannot be read, or is neither JSON nor YAML; the message
/// gives the line of a parse error, not the file, which the caller names
/// (once).
pub(crate) fn file(path: &Path) -> Result<Value, String> {
    let metadata = std::fs::metadata(path).map_err(|err| err.to_string())?;
    // Not a device, a pipe or a directory: reading one could take
    // without end.
    if !metadata.is_file() {
        return Err("not a file".to_owned());
    }
    let bytes = std::fs::read(path).map_err(|err| err.to_string())?;
    let text = String::from_utf8(bytes).map_err(|err| format!("not UTF-8 text: {err}"))?;
    text_value(&text)
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
        let value = super::yaml::parse(text)?;
        // Aliases can nest what they repeat deeper than the text does.
        if depth(&value) > MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} levels"));
        }
        Ok(value)
    }
}

/// How deeply a description or an overlay may nest (as deeply as
/// `serde_json` and the YAML reader read): the reader's walks through a
/// value are recursive.
pub(crate) use super::yaml::MAX_DEPTH;

/// How deeply `value` nests (a scalar: 0), found without recursion.
pub(crate) fn depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0)];
    while let Some((value, level)) = stack.pop() {
        deepest = deepest.max(level);
        match value {
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, level + 1))),
            Value::Object(map) => stack.extend(map.values().map(|item| (item, level + 1))),
            _ => {}
        }
    }
    deepest
}
