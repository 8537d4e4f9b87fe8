//! YAML documents to JSON values, by the YAML 1.2 core schema: `yes`, `on`
//! and `no` are strings; `null`, `~` and nothing are null; integer and
//! other scalar mapping keys (`200:`) are strings, as JSON's keys are.
//!
//! The document is built from the parser's events rather than its own
//! tree, so that an alias is expanded here within a bound: a document whose
//! aliases would expand to far more than it holds (the "billion laughs")
//! is refused, not loaded until memory runs out. Mapping order is kept;
//! a merge key (`<<: *base`) adds the keys the mapping does not have.

use std::collections::HashMap;

use serde_json::{Map, Number, Value};
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// How many nodes aliases may add beyond the document's own.
const ALIAS_NODES: usize = 1_000_000;

/// How deeply collections may nest in the text (as `serde_json` allows for
/// JSON).
pub(crate) const MAX_DEPTH: usize = 128;

/// The first YAML document of `text` as a JSON value.
///
/// # Errors
/// Text that is not YAML, a mapping key that is not a scalar, nesting
/// deeper than 128, an unknown alias or aliases that expand too far; the
/// message gives the line.
pub(crate) fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser::new_from_str(text);
    let mut builder = Builder::default();
    loop {
        let (event, mark) = parser
            .next_token()
            .map_err(|err| format!("not valid YAML: {err}"))?;
        match event {
            Event::StreamEnd | Event::DocumentEnd => break,
            event => {
                if let Some(done) = builder.event(event).map_err(|err| at(mark, &err))? {
                    return Ok(done);
                }
            }
        }
    }
    Ok(builder.root.take().unwrap_or(Value::Null))
}

fn at(mark: Marker, message: &str) -> String {
    format!("YAML line {}: {message}", mark.line())
}

/// A collection being read.
enum Frame {
    Sequence {
        items: Vec<Value>,
        anchor: usize,
    },
    Mapping {
        map: Map<String, Value>,
        key: Option<String>,
        anchor: usize,
    },
}

#[derive(Default)]
struct Builder {
    stack: Vec<Frame>,
    /// Anchored values with their node counts.
    anchors: HashMap<usize, (Value, usize)>,
    /// Node counts of the collections being read, parallel to `stack`.
    counts: Vec<usize>,
    /// Nodes added by aliases so far.
    aliased: usize,
    root: Option<Value>,
}

impl Builder {
    /// Takes one event; the document once it is complete.
    fn event(&mut self, event: Event) -> Result<Option<Value>, String> {
        match event {
            Event::Scalar(text, style, anchor, tag) => {
                let value = scalar(text, style, tag.as_ref());
                self.value(value, 1, anchor)
            }
            Event::Alias(anchor) => {
                let (value, nodes) = self
                    .anchors
                    .get(&anchor)
                    .cloned()
                    .ok_or("an alias to an unknown anchor")?;
                self.aliased += nodes;
                if self.aliased > ALIAS_NODES {
                    return Err(format!("aliases expand to more than {ALIAS_NODES} values"));
                }
                self.value(value, nodes, 0)
            }
            Event::SequenceStart(anchor, _) => {
                self.open(Frame::Sequence {
                    items: Vec::new(),
                    anchor,
                })?;
                Ok(None)
            }
            Event::MappingStart(anchor, _) => {
                self.open(Frame::Mapping {
                    map: Map::new(),
                    key: None,
                    anchor,
                })?;
                Ok(None)
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (frame, nodes) = match (self.stack.pop(), self.counts.pop()) {
                    (Some(frame), Some(nodes)) => (frame, nodes),
                    _ => return Err("a collection closed that was not open".to_owned()),
                };
                let (value, anchor) = match frame {
                    Frame::Sequence { items, anchor } => (Value::Array(items), anchor),
                    Frame::Mapping { map, anchor, .. } => (Value::Object(map), anchor),
                };
                self.value(value, nodes, anchor)
            }
            _ => Ok(None),
        }
    }

    fn open(&mut self, frame: Frame) -> Result<(), String> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} levels"));
        }
        self.stack.push(frame);
        self.counts.push(1);
        Ok(())
    }

    /// Places a complete value (of `nodes` nodes) in the collection being
    /// read, or as the document.
    fn value(
        &mut self,
        value: Value,
        nodes: usize,
        anchor: usize,
    ) -> Result<Option<Value>, String> {
        if anchor != 0 {
            self.anchors.insert(anchor, (value.clone(), nodes));
        }
        if let Some(count) = self.counts.last_mut() {
            *count += nodes;
        }
        match self.stack.last_mut() {
            None => Ok(Some(value)),
            Some(Frame::Sequence { items, .. }) => {
                items.push(value);
                Ok(None)
            }
            Some(Frame::Mapping { map, key, .. }) => {
                match key.take() {
                    None => *key = Some(key_text(value)?),
                    Some(name) if name == "<<" && !map.contains_key("<<") => merge(map, value),
                    Some(name) => {
                        map.insert(name, value);
                    }
                }
                Ok(None)
            }
        }
    }
}

/// A merge key's value (`<<: *base` or `<<: [*a, *b]`): its keys that the
/// mapping does not have yet.
fn merge(map: &mut Map<String, Value>, value: Value) {
    let sources = match value {
        Value::Array(items) => items,
        other => vec![other],
    };
    for source in sources {
        if let Value::Object(source) = source {
            for (key, value) in source {
                if !map.contains_key(&key) {
                    map.insert(key, value);
                }
            }
        }
    }
}

/// A mapping key as JSON's string key (`200` → `"200"`).
fn key_text(value: Value) -> Result<String, String> {
    match value {
        Value::String(text) => Ok(text),
        Value::Number(number) => Ok(number.to_string()),
        Value::Bool(flag) => Ok(flag.to_string()),
        Value::Null => Ok("null".to_owned()),
        Value::Array(_) | Value::Object(_) => {
            Err("a mapping key that is a collection, not a scalar".to_owned())
        }
    }
}

/// A scalar by the core schema: a plain scalar may be null, a boolean or a
/// number; a quoted or block one is a string; a `!!str`, `!!int`,
/// `!!float`, `!!bool` or `!!null` tag says which.
fn scalar(text: String, style: TScalarStyle, tag: Option<&Tag>) -> Value {
    let core = tag
        .filter(|tag| tag.handle == "!!" || tag.handle == "tag:yaml.org,2002:")
        .map(|tag| tag.suffix.as_str());
    match core {
        Some("str") => return Value::String(text),
        Some("int" | "float" | "bool" | "null") => {
            return resolve(&text).unwrap_or(Value::String(text));
        }
        _ => {}
    }
    if style != TScalarStyle::Plain || tag.is_some() {
        return Value::String(text);
    }
    resolve(&text).unwrap_or(Value::String(text))
}

/// A plain scalar's null, boolean or number, if it is one.
fn resolve(text: &str) -> Option<Value> {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Some(Value::Null),
        "true" | "True" | "TRUE" => return Some(Value::Bool(true)),
        "false" | "False" | "FALSE" => return Some(Value::Bool(false)),
        _ => {}
    }
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let radix = |prefix: &str, radix: u32| -> Option<Value> {
        let digits = text.strip_prefix(prefix)?;
        let value = u64::from_str_radix(digits, radix).ok()?;
        Some(Value::Number(value.into()))
    };
    if let Some(value) = radix("0x", 16).or_else(|| radix("0o", 8)) {
        return Some(value);
    }
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let number = if negative {
            text.parse::<i64>().ok().map(Number::from)
        } else {
            digits.parse::<u64>().ok().map(Number::from)
        };
        if let Some(number) = number {
            return Some(Value::Number(number));
        }
    }
    if is_float(digits) {
        return text
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map(Value::Number);
    }
    None
}

/// `[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?` or `\.[0-9]+(…)?`.
fn is_float(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = digits(whole)
        && fraction.is_none_or(digits)
        && (!whole.is_empty() || fraction.is_some_and(|f| !f.is_empty()));
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    mantissa_ok && exponent_ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn core_schema_scalars_and_keys() {
        let value = parse(
            "openapi: 3.1.0\nnumber: 3.5\non: yes\noff: no\nnothing: ~\nempty:\n\
             quoted: '12'\nhex: 0x1F\nneg: -4\nexp: 1e3\nflag: True\nver: 1.2.3\n\
             responses:\n  200: {description: ok}\n  4XX: {description: bad}\n",
        )
        .unwrap();
        assert_eq!(
            value,
            json!({
                "openapi": "3.1.0", "number": 3.5, "on": "yes", "off": "no",
                "nothing": null, "empty": null, "quoted": "12", "hex": 31, "neg": -4,
                "exp": 1000.0, "flag": true, "ver": "1.2.3",
                "responses": {"200": {"description": "ok"}, "4XX": {"description": "bad"}}
            })
        );
        let keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys[..4], ["openapi", "number", "on", "off"], "order kept");
    }

    #[test]
    fn anchors_aliases_and_merge_keys() {
        let value = parse(
            "base: &base {type: string, format: uuid}\nid: *base\n\
             named:\n  <<: *base\n  format: email\n  title: Name\n",
        )
        .unwrap();
        assert_eq!(value["id"], json!({"type": "string", "format": "uuid"}));
        assert_eq!(
            value["named"],
            json!({"format": "email", "title": "Name", "type": "string"})
        );
    }

    #[test]
    fn billion_laughs_is_refused() {
        let mut text = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for i in 1..10 {
            let previous = format!("*a{}", i - 1);
            let list = [previous.as_str(); 10].join(", ");
            text.push_str(&format!("a{i}: &a{i} [{list}]\n"));
        }
        let err = parse(&text).unwrap_err();
        assert!(err.contains("aliases expand to more than"), "{err}");
        assert!(err.starts_with("YAML line "), "{err}");
    }

    #[test]
    fn errors_name_the_line() {
        let err = parse("a: 1\nb: [1, 2\n").unwrap_err();
        assert!(err.starts_with("not valid YAML"), "{err}");
        assert!(
            parse("? [a, b]\n: 1\n")
                .unwrap_err()
                .contains("not a scalar")
        );
        assert_eq!(parse("").unwrap(), Value::Null);
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        assert!(parse(&deep).unwrap_err().contains("nested more than"));
    }
}
