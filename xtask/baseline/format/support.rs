//! The helpers a hand-written client would have: percent-encoding, a query
//! string writer and a JSON body writer.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

/// A request: method, URL and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The method, lowercase.
    pub method: &'static str,
    /// The full URL.
    pub url: String,
    /// The body, if any.
    pub body: Option<Body>,
}

impl Request {
    /// A request.
    pub fn new(method: &'static str, url: String, body: Option<Body>) -> Self {
        Request { method, url, body }
    }
}

/// A request body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// JSON text.
    Json(String),
    /// Text sent as it is.
    Text(String),
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Percent-encodes every byte of `text` that `keep` refuses.
fn encode(out: &mut String, text: &str, keep: fn(u8) -> bool) {
    for &byte in text.as_bytes() {
        if keep(byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xF)]));
        }
    }
}

/// RFC 3986 unreserved characters: what a path segment keeps.
fn unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

/// What JavaScript's `encodeURIComponent` keeps.
fn component(byte: u8) -> bool {
    unreserved(byte) || matches!(byte, b'!' | b'*' | b'\'' | b'(' | b')')
}

/// A path segment, percent-encoded.
pub fn segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    encode(&mut out, text, unreserved);
    out
}

/// A path segment from a JSON value (a string or a number).
pub fn segment_value(value: &Value) -> String {
    match value {
        Value::String(text) => segment(text),
        other => segment(&other.to_string()),
    }
}

/// A value that can be written into a query string.
pub trait QueryValue {
    /// Appends the value, not yet encoded.
    fn write(&self, out: &mut String);
}

impl QueryValue for String {
    fn write(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl QueryValue for i64 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl QueryValue for f64 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl QueryValue for bool {
    fn write(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl<T: QueryValue> QueryValue for Vec<T> {
    fn write(&self, out: &mut String) {
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            item.write(out);
        }
    }
}

impl QueryValue for Value {
    fn write(&self, out: &mut String) {
        match self {
            Value::Null => {}
            Value::String(text) => out.push_str(text),
            Value::Array(items) => items.write(out),
            other => {
                let _ = write!(out, "{other}");
            }
        }
    }
}

/// Appends `key=value` pairs to a URL.
pub struct Query<'a> {
    url: &'a mut String,
    separator: char,
}

impl<'a> Query<'a> {
    /// A writer appending to `url`.
    pub fn new(url: &'a mut String) -> Self {
        let separator = if url.contains('?') { '&' } else { '?' };
        Query { url, separator }
    }

    /// Appends one parameter. `q` keeps its `+` signs.
    pub fn push<T: QueryValue>(&mut self, key: &str, value: &T) {
        let mut text = String::new();
        value.write(&mut text);
        self.url.push(self.separator);
        self.separator = '&';
        self.url.push_str(key);
        self.url.push('=');
        if key == "q" {
            for (i, part) in text.split('+').enumerate() {
                if i > 0 {
                    self.url.push('+');
                }
                encode(self.url, part, component);
            }
        } else {
            encode(self.url, &text, component);
        }
    }

    /// Appends one parameter when it is set.
    pub fn opt<T: QueryValue>(&mut self, key: &str, value: &Option<T>) {
        if let Some(value) = value {
            self.push(key, value);
        }
    }
}

/// Writes a JSON object, one property at a time.
#[derive(Default)]
pub struct JsonBody {
    text: String,
}

impl JsonBody {
    /// An empty object.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one property.
    pub fn field<T: Serialize>(&mut self, key: &str, value: &T) {
        self.text.push(if self.text.is_empty() { '{' } else { ',' });
        self.text.push_str(&Value::from(key).to_string());
        self.text.push(':');
        self.text
            .push_str(&serde_json::to_string(value).unwrap_or_else(|_| "null".into()));
    }

    /// Adds one property when it is set.
    pub fn opt<T: Serialize>(&mut self, key: &str, value: &Option<T>) {
        if let Some(value) = value {
            self.field(key, value);
        }
    }

    /// The body: `None` when no property was added.
    pub fn finish(mut self) -> Option<Body> {
        if self.text.is_empty() {
            None
        } else {
            self.text.push('}');
            Some(Body::Json(self.text))
        }
    }
}
