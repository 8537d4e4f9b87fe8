//! JSON text of parameter values, as `JSON.stringify` writes it and, byte
//! for byte, as `serde_json` does: compact, strings escaped with the short
//! escapes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`) and `\u00xx` for the
//! other control characters, numbers as JavaScript writes them (`1e+21`, `0`
//! for `-0`), `null` for a number that is not finite.
//!
//! A request body is written straight into its `String` by these functions:
//! no serializer, no intermediate bytes to check for UTF-8 afterwards.

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::number;
use crate::scan::{self, any_below, any_equal};
use crate::value::{Items, MAX_DEPTH, Param, json_param};

/// Appends `text` as a JSON string.
#[inline]
pub(crate) fn push_str(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let first = next_escape(bytes, 0);
    out.reserve(bytes.len() + 2);
    out.push('"');
    // Most strings need no escape: they are copied whole.
    if first == bytes.len() {
        out.push_str(text);
    } else {
        push_escaped(out, text, first);
    }
    out.push('"');
}

/// Appends `text`, whose first byte to escape is at `first`, escaped.
#[inline(never)]
fn push_escaped(out: &mut String, text: &str, first: usize) {
    let bytes = text.as_bytes();
    // Start of the run of bytes copied as they are, not yet written.
    let mut run = 0;
    let mut i = first;
    while let Some(&byte) = bytes.get(i) {
        // Bytes that need an escape are ASCII: both ends of the run are
        // character boundaries.
        out.push_str(text.get(run..i).unwrap_or_default());
        push_escape(out, byte);
        run = i + 1;
        i = next_escape(bytes, run);
    }
    out.push_str(text.get(run..).unwrap_or_default());
}

/// Appends `value` as JSON.
///
/// # Errors
/// [`Error::TooDeep`], naming `key`, for lists and objects nested deeper than
/// [`MAX_DEPTH`] (values that reach the builder have been checked already;
/// this keeps the recursion bounded whatever the caller passes);
/// [`Error::Value`] for bytes, a file or a choice of body, which JSON text
/// cannot hold.
#[inline]
pub(crate) fn push_value(out: &mut String, key: &str, value: &Param<'_>) -> Result<()> {
    // The error is built apart, so that the call stays small enough to be
    // inlined into the builder's loop over the parameters.
    write(out, value, 1).map_err(|refused| refused_error(key, refused))
}

/// The error of a value that [`write`] refused, naming `key`.
#[cold]
#[inline(never)]
fn refused_error(key: &str, refused: Refused) -> Error {
    match refused {
        Refused::TooDeep => Error::TooDeep {
            key: key.to_owned(),
            limit: MAX_DEPTH,
        },
        Refused::BodyOnly => Error::value(
            key,
            "bytes, a file or a choice of body cannot be written as JSON",
        ),
    }
}

/// `value` as JSON text.
///
/// # Errors
/// As [`push_value`].
pub(crate) fn to_string(key: &str, value: &Param<'_>) -> Result<String> {
    let mut out = String::new();
    push_value(&mut out, key, value)?;
    Ok(out)
}

/// Why a value has no JSON text.
enum Refused {
    /// A list or object nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// Bytes, a file or a choice of body.
    BodyOnly,
}

/// Writes `value`, found at `depth` (a parameter's own value is at 1).
fn write(out: &mut String, value: &Param<'_>, depth: usize) -> Result<(), Refused> {
    let value = value.resolve();
    if let Some(items) = value.items() {
        return write_items(out, items, depth);
    }
    match value {
        Param::Null => out.push_str("null"),
        Param::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Param::U64(n) => number::push_u64(out, n),
        Param::I64(n) => number::push_i64(out, n),
        Param::F64(x) if x.is_finite() => number::push_f64(out, x),
        Param::F64(_) => out.push_str("null"),
        Param::Str(text) => push_str(out, text),
        Param::Json(Value::Object(map)) => write_object(out, map, depth)?,
        // `resolve` leaves only lists and objects as JSON values.
        Param::List(_) | Param::Json(_) => out.push_str("null"),
        Param::Bytes(_) | Param::File(_) | Param::Content(_) => return Err(Refused::BodyOnly),
    }
    Ok(())
}

fn write_items(out: &mut String, items: Items<'_>, depth: usize) -> Result<(), Refused> {
    if depth > MAX_DEPTH {
        return Err(Refused::TooDeep);
    }
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, &item, depth + 1)?;
    }
    out.push(']');
    Ok(())
}

fn write_object(out: &mut String, map: &Map<String, Value>, depth: usize) -> Result<(), Refused> {
    if depth > MAX_DEPTH {
        return Err(Refused::TooDeep);
    }
    out.push('{');
    for (i, (key, value)) in map.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_str(out, key);
        out.push(':');
        write(out, &json_param(value), depth + 1)?;
    }
    out.push('}');
    Ok(())
}

/// Whether a JSON string must escape a byte, for every byte: one load per
/// byte where three comparisons would do.
static ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b < 0x20 || b == b'"' as usize || b == b'\\' as usize;
        b += 1;
    }
    table
};

/// Whether a JSON string must escape `byte`.
fn needs_escape(byte: u8) -> bool {
    ESCAPED[usize::from(byte)]
}

/// The index of the first byte at or after `from` that needs an escape, or
/// the length.
fn next_escape(bytes: &[u8], from: usize) -> usize {
    let word_hit = |word| any_below(word, 0x20) || any_equal(word, b'"') || any_equal(word, b'\\');
    scan::find(bytes, from, word_hit, needs_escape)
}

/// Appends the escape of a byte that [`needs_escape`].
fn push_escape(out: &mut String, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let short = match byte {
        b'"' => "\\\"",
        b'\\' => "\\\\",
        0x08 => "\\b",
        0x0C => "\\f",
        b'\n' => "\\n",
        b'\r' => "\\r",
        b'\t' => "\\t",
        _ => {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0x0F)]));
            return;
        }
    };
    out.push_str(short);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn text(value: &Value) -> String {
        to_string("key", &Param::Json(value)).unwrap()
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let every_ascii: String = (0u8..0x80).map(char::from).collect();
        let long = format!("{}\"{}", "x".repeat(300), "y".repeat(17));
        for text in [
            "",
            "plain",
            "eight!!!",
            "a\"b",
            "back\\slash",
            "tab\t",
            "\u{1}",
            "\u{7f}",
            "é日😀",
            "é\"日\n😀\\",
            "\u{2028}",
            &every_ascii,
            &long,
        ] {
            let mut out = String::new();
            push_str(&mut out, text);
            assert_eq!(out, serde_json::to_string(text).unwrap(), "{text:?}");
        }
        // Every escape at every position of a word.
        for at in 0..17 {
            for byte in (0u8..0x20).chain([b'"', b'\\', b'a', 0x7f]) {
                let mut text = "x".repeat(16);
                text.insert(at, char::from(byte));
                let mut out = String::new();
                push_str(&mut out, &text);
                assert_eq!(out, serde_json::to_string(&text).unwrap(), "{text:?}");
            }
        }
    }

    #[test]
    fn values_are_written_compactly() {
        let value = json!({
            "s": "x\"y", "n": [1, -2, 1.5, 1e21, 0.1, null, true, false],
            "o": {"a": {}, "b": [], "c": [[1], {"d": "e"}]}, "u": u64::MAX, "i": i64::MIN,
        });
        assert_eq!(
            text(&value),
            serde_json::to_string(&value)
                .unwrap()
                .replace("1e21", "1e+21")
        );
        assert_eq!(text(&json!(-0.0)), "0");
        assert_eq!(text(&json!(100.0)), "100");
        let mut out = String::new();
        push_value(&mut out, "k", &Param::F64(f64::NAN)).unwrap();
        push_value(&mut out, "k", &Param::F64(f64::NEG_INFINITY)).unwrap();
        assert_eq!(out, "nullnull");
    }

    #[test]
    fn nesting_is_bounded() {
        let mut deep = json!(1);
        for _ in 0..MAX_DEPTH {
            deep = json!([deep]);
        }
        assert!(to_string("k", &Param::Json(&deep)).is_ok());
        let deeper = json!({ "x": deep });
        assert_eq!(
            to_string("k", &Param::Json(&deeper)),
            Err(Error::TooDeep {
                key: "k".into(),
                limit: MAX_DEPTH
            })
        );
    }
}
