//! Template expansion (RFC 6570 section 3.2, level 4) and the path-safety
//! check of rule i.

use serde_json::{Map, Value};

use super::{Expression, Modifier, Operator, Part, Template};
use crate::error::{Error, Result};
use crate::params::{Param, Params};

impl Template<'_> {
    /// Expands the template with `params`, appending to `out` (RFC 6570).
    ///
    /// A variable that is missing or `null` is undefined, as is an empty list
    /// or map, a list whose items are all `null` and a map whose values are
    /// all `null`; undefined variables produce nothing, not even a separator.
    /// `null` items and values are skipped; numbers and booleans expand as
    /// their text.
    ///
    /// ```
    /// use endpoint_runtime::template::Template;
    /// use serde_json::json;
    ///
    /// let template = Template::parse("/x{/list*}{?a,b,c}")?;
    /// let vars = json!({"list": ["red", "green"], "a": 1, "c": "x y"});
    /// let mut url = String::new();
    /// template.expand(vars.as_object().unwrap(), &mut url)?;
    /// assert_eq!(url, "/x/red/green?a=1&c=x%20y");
    /// # Ok::<(), endpoint_runtime::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Expansion`] for values RFC 6570 cannot expand: a list or map
    /// inside a list or map, or a prefix modifier (`{x:3}`) on a list or map.
    /// Whatever `params` fails with when it produces a value.
    pub fn expand(&self, params: &(impl Params + ?Sized), out: &mut String) -> Result<()> {
        let estimate = self
            .parts
            .iter()
            .map(|part| match part {
                Part::Literal(text) => text.len(),
                Part::Expression(_) => 16,
            })
            .sum();
        out.reserve(estimate);
        for part in self.parts.iter() {
            match part {
                Part::Literal(text) => out.push_str(text),
                Part::Expression(expression) => expand_expression(expression, params, out)?,
            }
        }
        Ok(())
    }

    /// [`Template::expand`] for a request URL: the appended text is also
    /// checked for path segments that parameters turn into `.` or `..`.
    ///
    /// The path is the appended text before the first `?` or `#`, after the
    /// `scheme://authority` of an `http://` or `https://` URL. A segment of it
    /// that holds at least one character written by an expression (`:name`
    /// and `<name>` included) and whose percent-decoded text is `.` or `..` is
    /// refused; segments written entirely in the template (`/a/../b`) are not.
    ///
    /// ```
    /// use endpoint_runtime::{Error, template::Template};
    /// use serde_json::json;
    ///
    /// let template = Template::parse("/repos/{owner}/{repo}")?;
    /// let vars = json!({"owner": "..", "repo": "r"});
    /// let err = template.expand_url(vars.as_object().unwrap(), &mut String::new()).unwrap_err();
    /// assert_eq!(err, Error::UnsafePath { segment: "..".into(), path: "/repos/../r".into() });
    /// # Ok::<(), endpoint_runtime::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Template::expand`], and [`Error::UnsafePath`].
    pub fn expand_url(&self, params: &(impl Params + ?Sized), out: &mut String) -> Result<()> {
        let start = out.len();
        self.expand(params, out)?;
        if has_dot_segment(out.get(start..).unwrap_or_default()) {
            self.check_dot_segments(params)
        } else {
            Ok(())
        }
    }

    /// The slow path of [`Template::expand_url`]: expands again, this time
    /// recording which bytes the expressions wrote, and refuses a dot segment
    /// that holds any of them.
    fn check_dot_segments(&self, params: &(impl Params + ?Sized)) -> Result<()> {
        let mut text = String::new();
        let mut spans = Vec::new();
        for part in self.parts.iter() {
            match part {
                Part::Literal(literal) => text.push_str(literal),
                Part::Expression(expression) => {
                    let from = text.len();
                    expand_expression(expression, params, &mut text)?;
                    if text.len() > from {
                        spans.push((from, text.len()));
                    }
                }
            }
        }
        let path = path_range(&text);
        for (a, b) in segments(&text, path) {
            let segment = text.get(a..b).unwrap_or_default();
            if is_dot_segment(segment.as_bytes())
                && spans.iter().any(|&(from, to)| from < b && a < to)
            {
                return Err(Error::UnsafePath {
                    segment: segment.to_owned(),
                    path: text.get(path.0..path.1).unwrap_or_default().to_owned(),
                });
            }
        }
        Ok(())
    }
}

/// What an operator writes (RFC 6570 appendix A).
struct Style {
    /// Written before the first defined variable.
    first: &'static str,
    /// Written between defined variables and exploded items.
    separator: char,
    /// Whether the variable name is written (`name=value`).
    named: bool,
    /// Written after the name when the value is empty.
    if_empty: &'static str,
    /// Whether reserved characters and `%XX` triplets are kept.
    reserved: bool,
}

const fn style(operator: Operator) -> Style {
    let (first, separator, named, if_empty, reserved) = match operator {
        Operator::Simple => ("", ',', false, "", false),
        Operator::Reserved => ("", ',', false, "", true),
        Operator::Fragment => ("#", ',', false, "", true),
        Operator::Label => (".", '.', false, "", false),
        Operator::PathSegment => ("/", '/', false, "", false),
        Operator::PathParameter => (";", ';', true, "", false),
        Operator::Query => ("?", '&', true, "=", false),
        Operator::QueryContinuation => ("&", '&', true, "=", false),
    };
    Style {
        first,
        separator,
        named,
        if_empty,
        reserved,
    }
}

const NESTED: &str = "a list or map inside a list or map cannot be expanded";
const PREFIX_ON_COMPOSITE: &str = "a prefix modifier cannot apply to a list or map";

fn expansion_error(variable: &str, reason: &'static str) -> Error {
    Error::Expansion {
        variable: variable.to_owned(),
        reason,
    }
}

fn expand_expression(
    expression: &Expression<'_>,
    params: &(impl Params + ?Sized),
    out: &mut String,
) -> Result<()> {
    let style = style(expression.operator);
    let mut first = true;
    for var in expression.variables.iter() {
        let name: &str = &var.name;
        let Some(param) = params.get(name)? else {
            continue;
        };
        let value = param.resolve();
        match value {
            Param::Null => {}
            Param::Json(Value::Array(items)) => {
                if !composite_defined(name, items.iter())? {
                    continue;
                }
                if let Modifier::Prefix(_) = var.modifier {
                    return Err(expansion_error(name, PREFIX_ON_COMPOSITE));
                }
                start_variable(&style, &mut first, out);
                let items = items.iter().filter(|item| !item.is_null());
                if var.modifier == Modifier::Explode {
                    for (i, item) in items.enumerate() {
                        if i > 0 {
                            out.push(style.separator);
                        }
                        if style.named {
                            write_name(&style, name, is_empty(item), out);
                        }
                        write_json(item, style.reserved, out);
                    }
                } else {
                    if style.named {
                        write_name(&style, name, false, out);
                    }
                    for (i, item) in items.enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        write_json(item, style.reserved, out);
                    }
                }
            }
            Param::Json(Value::Object(map)) => {
                if !composite_defined(name, map.values())? {
                    continue;
                }
                if let Modifier::Prefix(_) = var.modifier {
                    return Err(expansion_error(name, PREFIX_ON_COMPOSITE));
                }
                start_variable(&style, &mut first, out);
                expand_map(&style, name, map, var.modifier == Modifier::Explode, out);
            }
            scalar => {
                start_variable(&style, &mut first, out);
                let prefix = match var.modifier {
                    Modifier::Prefix(n) => Some(usize::from(n)),
                    Modifier::None | Modifier::Explode => None,
                };
                if let Param::Str(s) = scalar {
                    if style.named {
                        write_name(&style, name, s.is_empty(), out);
                    }
                    let s = match prefix {
                        Some(n) => truncate_chars(s, n),
                        None => s,
                    };
                    encode_into(out, s, style.reserved);
                } else {
                    if style.named {
                        write_name(&style, name, false, out);
                    }
                    write_number_or_bool(&scalar, prefix, style.reserved, out);
                }
            }
        }
    }
    Ok(())
}

fn expand_map(
    style: &Style,
    name: &str,
    map: &Map<String, Value>,
    explode: bool,
    out: &mut String,
) {
    let entries = map.iter().filter(|(_, value)| !value.is_null());
    if explode {
        for (i, (key, value)) in entries.enumerate() {
            if i > 0 {
                out.push(style.separator);
            }
            encode_into(out, key, style.reserved);
            if style.named && is_empty(value) {
                out.push_str(style.if_empty);
            } else {
                out.push('=');
            }
            write_json(value, style.reserved, out);
        }
    } else {
        if style.named {
            write_name(style, name, false, out);
        }
        for (i, (key, value)) in entries.enumerate() {
            if i > 0 {
                out.push(',');
            }
            encode_into(out, key, style.reserved);
            out.push(',');
            write_json(value, style.reserved, out);
        }
    }
}

/// Whether a list's items or a map's values hold anything but `null`;
/// a list or map among them is an error.
fn composite_defined<'v>(name: &str, values: impl Iterator<Item = &'v Value>) -> Result<bool> {
    let mut defined = false;
    for value in values {
        match value {
            Value::Null => {}
            Value::Array(_) | Value::Object(_) => return Err(expansion_error(name, NESTED)),
            Value::Bool(_) | Value::Number(_) | Value::String(_) => defined = true,
        }
    }
    Ok(defined)
}

fn start_variable(style: &Style, first: &mut bool, out: &mut String) {
    if *first {
        out.push_str(style.first);
        *first = false;
    } else {
        out.push(style.separator);
    }
}

/// Writes `name` and then `=`, or the operator's text for an empty value.
fn write_name(style: &Style, name: &str, empty: bool, out: &mut String) {
    // A variable name is made of characters that need no encoding.
    out.push_str(name);
    if empty {
        out.push_str(style.if_empty);
    } else {
        out.push('=');
    }
}

fn is_empty(value: &Value) -> bool {
    matches!(value, Value::String(s) if s.is_empty())
}

/// Writes a scalar item of a list or map.
fn write_json(value: &Value, reserved: bool, out: &mut String) {
    match value {
        Value::String(s) => encode_into(out, s, reserved),
        Value::Number(_) | Value::Bool(_) => {
            write_number_or_bool(&Param::Json(value), None, reserved, out);
        }
        Value::Null | Value::Array(_) | Value::Object(_) => {}
    }
}

/// Writes a number or boolean, whose text is ASCII, cut to `prefix` characters.
fn write_number_or_bool(
    value: &Param<'_>,
    prefix: Option<usize>,
    reserved: bool,
    out: &mut String,
) {
    let at = out.len();
    let mut float = false;
    match value.resolve() {
        Param::U64(n) => push_u64(out, n),
        Param::I64(n) => {
            if n < 0 {
                out.push('-');
            }
            push_u64(out, n.unsigned_abs());
        }
        Param::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        other => float = other.write_scalar(out),
    }
    if let Some(n) = prefix {
        out.truncate(at + n.min(out.len() - at));
    }
    // Only the `+` of a float's exponent (`1e+21`) may need encoding.
    if float
        && out
            .get(at..)
            .is_some_and(|text| needs_encoding(text, reserved))
    {
        let text = out.split_off(at);
        encode_into(out, &text, reserved);
    }
}

/// Writes an integer without going through `fmt`, which is slow on this path.
fn push_u64(out: &mut String, mut n: u64) {
    // Least significant digit first; `u64::MAX` has 20 digits.
    let mut digits = [0u8; 20];
    let mut len = 0;
    loop {
        if let Some(digit) = digits.get_mut(len) {
            // `n % 10` is below 10.
            *digit = b'0' + (n % 10) as u8;
        }
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.reserve(len);
    for &digit in digits.iter().take(len).rev() {
        out.push(char::from(digit));
    }
}

/// The first `n` Unicode code points of `s`.
fn truncate_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((end, _)) => s.get(..end).unwrap_or(s),
        None => s,
    }
}

/// Bit set for bytes copied as they are by every expansion (RFC 3986 unreserved).
const UNRESERVED: u8 = 1;
/// Bit set for bytes that `+`, `#` and literal text also copy (RFC 3986 reserved).
const RESERVED: u8 = 2;

/// Bit set for `.` and `%`, the bytes a dot segment is written with.
const DOT_OR_PERCENT: u8 = 4;
/// Bit set for `?` and `#`, where a URL's path ends.
const QUERY_OR_FRAGMENT: u8 = 8;

/// The class of every byte; bytes of neither [`UNRESERVED`] nor [`RESERVED`]
/// are percent-encoded.
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            table[b] = UNRESERVED;
        } else if matches!(
            c,
            b':' | b'/'
                | b'?'
                | b'#'
                | b'['
                | b']'
                | b'@'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
        ) {
            table[b] = RESERVED;
        }
        if matches!(c, b'.' | b'%') {
            table[b] |= DOT_OR_PERCENT;
        }
        if matches!(c, b'?' | b'#') {
            table[b] |= QUERY_OR_FRAGMENT;
        }
        b += 1;
    }
    table
};

/// `%00%01…%FF`: the escape of byte `b` is `PERCENT[3 * b..3 * b + 3]`.
const PERCENT: &str = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    const BYTES: [u8; 768] = {
        let mut bytes = [0u8; 768];
        let mut b = 0;
        while b < 256 {
            bytes[3 * b] = b'%';
            bytes[3 * b + 1] = HEX[b >> 4];
            bytes[3 * b + 2] = HEX[b & 0x0F];
            b += 1;
        }
        bytes
    };
    match std::str::from_utf8(&BYTES) {
        Ok(text) => text,
        Err(_) => panic!("the escapes are ASCII"),
    }
};

const fn mask(reserved: bool) -> u8 {
    if reserved {
        UNRESERVED | RESERVED
    } else {
        UNRESERVED
    }
}

/// Whether `bytes[i]` starts a `%XX` triplet.
fn is_triplet(bytes: &[u8], i: usize) -> bool {
    bytes.get(i) == Some(&b'%')
        && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// Whether [`encode_into`] would change `s`.
pub(super) fn needs_encoding(s: &str, reserved: bool) -> bool {
    let mask = mask(reserved);
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if CLASS[usize::from(b)] & mask != 0 {
            i += 1;
        } else if reserved && is_triplet(bytes, i) {
            i += 3;
        } else {
            return true;
        }
    }
    false
}

/// Appends `s` percent-encoded: unreserved characters are copied, and with
/// `reserved` also reserved characters and `%XX` triplets; every other byte
/// becomes `%XX` with uppercase hex (so a lone `%` becomes `%25`).
///
/// This is the encoding of simple expansion (`reserved == false`), and of
/// `+`, `#` and literal template text (`reserved == true`).
pub(super) fn encode_into(out: &mut String, s: &str, reserved: bool) {
    let mask = mask(reserved);
    let bytes = s.as_bytes();
    out.reserve(bytes.len());
    // Start of the run of bytes copied as they are, not yet written.
    let mut run = 0;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if CLASS[usize::from(b)] & mask != 0 {
            i += 1;
            continue;
        }
        if reserved && is_triplet(bytes, i) {
            i += 3;
            continue;
        }
        if run < i {
            // The run is ASCII, so both ends are character boundaries.
            out.push_str(s.get(run..i).unwrap_or_default());
        }
        let escape = 3 * usize::from(b);
        out.push_str(PERCENT.get(escape..escape + 3).unwrap_or_default());
        i += 1;
        run = i;
    }
    if run < bytes.len() {
        out.push_str(s.get(run..).unwrap_or_default());
    }
}

/// The byte range of the path in an expanded URL: before the first `?` or
/// `#`, after the `scheme://authority` of an `http://` or `https://` URL.
fn path_range(url: &str) -> (usize, usize) {
    let bytes = url.as_bytes();
    let scheme_len = if starts_with_ignore_case(bytes, b"http://") {
        7
    } else if starts_with_ignore_case(bytes, b"https://") {
        8
    } else {
        0
    };
    let start = if scheme_len == 0 {
        0
    } else {
        let authority = bytes.get(scheme_len..).unwrap_or_default();
        scheme_len
            + authority
                .iter()
                .position(|&b| matches!(b, b'/' | b'?' | b'#'))
                .unwrap_or(authority.len())
    };
    let path = bytes.get(start..).unwrap_or_default();
    let end = start
        + path
            .iter()
            .position(|&b| matches!(b, b'?' | b'#'))
            .unwrap_or(path.len());
    (start, end)
}

fn starts_with_ignore_case(bytes: &[u8], prefix: &[u8]) -> bool {
    bytes
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// Whether some path segment of `url` decodes to `.` or `..`, wherever its
/// characters come from. Cheap, and false for nearly every URL.
fn has_dot_segment(url: &str) -> bool {
    let bytes = url.as_bytes();
    // A dot segment needs a `.` or a `%` before the first `?` or `#`; most
    // URLs are ruled out by this one scan.
    let first = bytes
        .iter()
        .find(|&&b| CLASS[usize::from(b)] & (DOT_OR_PERCENT | QUERY_OR_FRAGMENT) != 0);
    if first.is_none_or(|&b| CLASS[usize::from(b)] & DOT_OR_PERCENT == 0) {
        return false;
    }
    let (start, end) = path_range(url);
    bytes
        .get(start..end)
        .unwrap_or_default()
        .split(|&b| b == b'/')
        .any(is_dot_segment)
}

/// The byte ranges of the `/`-separated segments of `url[path.0..path.1]`.
fn segments(url: &str, path: (usize, usize)) -> impl Iterator<Item = (usize, usize)> + '_ {
    let (start, end) = path;
    let bytes = url.as_bytes().get(start..end).unwrap_or_default();
    let mut from = start;
    bytes.split(|&b| b == b'/').map(move |segment| {
        let range = (from, from + segment.len());
        from += segment.len() + 1;
        range
    })
}

/// Whether a segment decodes to `.` or `..` (each dot written `.`, `%2E` or `%2e`).
fn is_dot_segment(segment: &[u8]) -> bool {
    let mut dots = 0;
    let mut rest = segment;
    while !rest.is_empty() {
        rest = match rest {
            [b'.', tail @ ..] => tail,
            [b'%', b'2', b'E' | b'e', tail @ ..] => tail,
            _ => return false,
        };
        dots += 1;
        if dots > 2 {
            return false;
        }
    }
    dots > 0
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn vars(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            other => panic!("not an object: {other}"),
        }
    }

    fn expand(src: &str, params: Value) -> Result<String> {
        let mut out = String::new();
        Template::parse(src)?.expand(&vars(params), &mut out)?;
        Ok(out)
    }

    fn expand_url(src: &str, params: Value) -> Result<String> {
        let mut out = String::new();
        Template::parse(src)?.expand_url(&vars(params), &mut out)?;
        Ok(out)
    }

    #[test]
    fn undefined_values_write_nothing() {
        let cases = [
            ("/x{?a,b,c}", json!({"a": 1, "c": 3}), "/x?a=1&c=3"),
            ("/x{?a}", json!({}), "/x"),
            ("/x{?a,b}", json!({"a": null, "b": null}), "/x"),
            ("/x/{x,y}", json!({"x": null, "y": "768"}), "/x/768"),
            ("/x/file{.a}", json!({}), "/x/file"),
            ("/x{/a,b,c}", json!({"b": "B"}), "/x/B"),
            ("/x{;a,b}", json!({"b": "B"}), "/x;b=B"),
            ("/x{#a,b}", json!({"b": "B"}), "/x#B"),
            ("/x{&a,b}", json!({"b": "B"}), "/x&b=B"),
            ("/x{?l}", json!({"l": []}), "/x"),
            ("/x{?l*}", json!({"l": [null, null]}), "/x"),
            ("/x{.m}", json!({"m": {}}), "/x"),
            ("/x{?m*}", json!({"m": {"a": null}}), "/x"),
            ("/x{/l}{?m}", json!({"l": [], "m": {}}), "/x"),
            ("/branches/{branch}", json!({}), "/branches/"),
            // An undefined list or map may carry a prefix: there is nothing to cut.
            ("/x{l:1}", json!({"l": []}), "/x"),
        ];
        for (src, params, expected) in cases {
            assert_eq!(expand(src, params).unwrap(), expected, "{src}");
        }
    }

    #[test]
    fn nulls_inside_lists_and_maps_are_skipped() {
        let cases = [
            ("/x/{l}", json!({"l": ["a", null, "b"]}), "/x/a,b"),
            ("/x{/l*}", json!({"l": [null, "a", null, "b"]}), "/x/a/b"),
            ("/x{?l*}", json!({"l": ["a", null]}), "/x?l=a"),
            ("/x{?m*}", json!({"m": {"a": null, "b": "B"}}), "/x?b=B"),
            ("/x{?m}", json!({"m": {"a": null, "b": "B"}}), "/x?m=b,B"),
        ];
        for (src, params, expected) in cases {
            assert_eq!(expand(src, params).unwrap(), expected, "{src}");
        }
    }

    #[test]
    fn operators_and_value_kinds() {
        let list = json!(["red", "green", "blue"]);
        let keys = json!({"semi": ";", "dot": ".", "comma": ","});
        let p = json!({
            "var": "value", "hello": "Hello World!", "empty": "", "path": "/foo/bar",
            "list": list, "keys": keys, "half": "50%", "n": 42, "f": 1.5, "t": true,
            "big": 1e21, "e": ["", "a"], "em": {"k": ""}
        });
        let cases = [
            ("{var}", "value"),
            ("{hello}", "Hello%20World%21"),
            ("{half}", "50%25"),
            ("{+path}", "/foo/bar"),
            ("{+half}", "50%25"),
            ("{#hello}", "#Hello%20World!"),
            ("{list}", "red,green,blue"),
            ("{list*}", "red,green,blue"),
            ("{keys}", "semi,%3B,dot,.,comma,%2C"),
            ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
            ("{+keys*}", "semi=;,dot=.,comma=,"),
            ("{#keys}", "#semi,;,dot,.,comma,,"),
            ("X{.list}", "X.red,green,blue"),
            ("X{.list*}", "X.red.green.blue"),
            ("X{.empty}", "X."),
            ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
            ("{/keys*}", "/semi=%3B/dot=./comma=%2C"),
            ("{;list}", ";list=red,green,blue"),
            ("{;list*}", ";list=red;list=green;list=blue"),
            ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
            ("{;empty}", ";empty"),
            ("{;e*}", ";e;e=a"),
            ("{;em*}", ";k"),
            ("{?empty}", "?empty="),
            ("{?e*}", "?e=&e=a"),
            ("{?em*}", "?k="),
            ("{&list*}", "&list=red&list=green&list=blue"),
            ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
            ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
            ("{em*}", "k="),
            ("{n}/{f}/{t}", "42/1.5/true"),
            ("{?n,f,t}", "?n=42&f=1.5&t=true"),
            ("{n:1}", "4"),
            ("{t:2}", "tr"),
            ("{big}", "1e%2B21"),
            ("{+big}", "1e+21"),
        ];
        for (src, expected) in cases {
            assert_eq!(expand(src, p.clone()).unwrap(), expected, "{src}");
        }
        let integers = json!({"a": 0, "b": u64::MAX, "c": i64::MIN, "d": -7, "e": 10});
        assert_eq!(
            expand("{a,b,c,d,e}", integers).unwrap(),
            "0,18446744073709551615,-9223372036854775808,-7,10"
        );
        assert_eq!(
            expand("/x/{+l}{#l}", json!({"l": [1, 2.5, true]})).unwrap(),
            "/x/1,2.5,true#1,2.5,true"
        );
        assert_eq!(
            expand("/x{?m*}", json!({"m": {"n": 1, "t": false}})).unwrap(),
            "/x?n=1&t=false"
        );
    }

    #[test]
    fn prefix_counts_code_points() {
        let cases = [
            ("/x/{v:3}", json!({"v": "a😀bc"}), "/x/a%F0%9F%98%80b"),
            ("/x/{v:1}", json!({"v": "😀😁"}), "/x/%F0%9F%98%80"),
            ("/x/{v:2}", json!({"v": "😀x"}), "/x/%F0%9F%98%80x"),
            ("/x/{v:2}", json!({"v": 31415}), "/x/31"),
            ("/x/{v:9}", json!({"v": -3}), "/x/-3"),
            ("{+v:2}", json!({"v": "%2E%2E"}), "%252"),
            ("{?v:3}", json!({"v": ""}), "?v="),
        ];
        for (src, params, expected) in cases {
            assert_eq!(expand(src, params).unwrap(), expected, "{src}");
        }
    }

    #[test]
    fn reserved_expansion_keeps_triplets() {
        let cases = [
            ("/x/{+v}", json!({"v": "a%4g b"}), "/x/a%254g%20b"),
            ("/x{#v}", json!({"v": "a%20b c"}), "/x#a%20b%20c"),
            ("{+v}", json!({"v": "%C3%A9é%"}), "%C3%A9%C3%A9%25"),
            ("{+v}", json!({"v": "%foo"}), "%25foo"),
            ("{v}", json!({"v": "%2F"}), "%252F"),
            ("{+v}", json!({"v": "a/b?c#d[e]"}), "a/b?c#d[e]"),
            (
                "{+v}",
                json!({"v": "<\"{}|\\^`>"}),
                "%3C%22%7B%7D%7C%5C%5E%60%3E",
            ),
        ];
        for (src, params, expected) in cases {
            assert_eq!(expand(src, params).unwrap(), expected, "{src}");
        }
    }

    #[test]
    fn values_that_cannot_be_expanded() {
        let nested = Error::Expansion {
            variable: "l".into(),
            reason: NESTED,
        };
        let prefix = |variable: &str| Error::Expansion {
            variable: variable.into(),
            reason: PREFIX_ON_COMPOSITE,
        };
        let cases = [
            ("/x/{l}", json!({"l": [{"k": "v"}]}), nested.clone()),
            ("/x/{l}", json!({"l": [["a"], "b"]}), nested.clone()),
            ("/x{?l*}", json!({"l": [null, []]}), nested.clone()),
            ("/x{?l*}", json!({"l": {"k": ["a", "b"]}}), nested.clone()),
            ("/x/{l}", json!({"l": {"k": {}}}), nested),
            ("/x/{l:1}", json!({"l": {"a": "b"}}), prefix("l")),
            ("/x/{a,l:1}", json!({"a": "A", "l": ["b"]}), prefix("l")),
        ];
        for (src, params, expected) in cases {
            assert_eq!(expand(src, params).unwrap_err(), expected, "{src}");
        }
    }

    #[test]
    fn name_as_written_is_the_key() {
        let cases = [
            (
                "/lookup{?Stra%C3%9Fe}",
                json!({"Stra%C3%9Fe": "Grüner Weg"}),
                "/lookup?Stra%C3%9Fe=Gr%C3%BCner%20Weg",
            ),
            (
                "/x{?per-page,sort}",
                json!({"per-page": 2, "sort": "s"}),
                "/x?per-page=2&sort=s",
            ),
            (
                "/x/{-a}/{b-}/{c--d}",
                json!({"-a": 1, "b-": 2, "c--d": 3}),
                "/x/1/2/3",
            ),
            (
                "/x{;the-list*}",
                json!({"the-list": ["a", "b"]}),
                "/x;the-list=a;the-list=b",
            ),
            ("/x/{a.b}", json!({"a.b": "v", "a": {"b": "no"}}), "/x/v"),
        ];
        for (src, params, expected) in cases {
            assert_eq!(expand(src, params).unwrap(), expected, "{src}");
        }
    }

    #[test]
    fn expansion_appends() {
        let mut out = String::from("https://api.github.com");
        let template = Template::parse("/repos/<owner>{?q}").unwrap();
        template
            .expand_url(&vars(json!({"owner": "o", "q": "a b"})), &mut out)
            .unwrap();
        assert_eq!(out, "https://api.github.com/repos/o?q=a%20b");
    }

    #[test]
    fn path_safety_rule_i_refuses() {
        let cases = [
            (
                "/repos/{owner}/{repo}",
                json!({"owner": "..", "repo": "r"}),
                "..",
                "/repos/../r",
            ),
            (
                "/users/:username",
                json!({"username": ".."}),
                "..",
                "/users/..",
            ),
            (
                "/users/<username>/repos",
                json!({"username": "."}),
                ".",
                "/users/./repos",
            ),
            ("/a/:x/b", json!({"x": ".."}), "..", "/a/../b"),
            ("/a/<x>/b", json!({"x": ".."}), "..", "/a/../b"),
            (
                "/x/{+path}",
                json!({"path": "../admin"}),
                "..",
                "/x/../admin",
            ),
            ("/x/{+v}/y", json!({"v": "%2E%2E"}), "%2E%2E", "/x/%2E%2E/y"),
            (
                "/x/{+x}",
                json!({"x": "a/%2E%2E/b"}),
                "%2E%2E",
                "/x/a/%2E%2E/b",
            ),
            ("/x/{+x}/y", json!({"x": "%2e"}), "%2e", "/x/%2e/y"),
            ("/x/{+x}/y", json!({"x": ".%2e"}), ".%2e", "/x/.%2e/y"),
            ("/x{/v}", json!({"v": ".."}), "..", "/x/.."),
            (
                "/repos{/x}/issues",
                json!({"x": ".."}),
                "..",
                "/repos/../issues",
            ),
            ("/x{/list*}", json!({"list": ["a", ".."]}), "..", "/x/a/.."),
            ("/x/{.x}", json!({"x": "."}), "..", "/x/.."),
            ("/x/{a,b}/y", json!({"a": ".."}), "..", "/x/../y"),
            ("/x/{v}", json!({"v": "."}), ".", "/x/."),
            ("{v}", json!({"v": ".."}), "..", ".."),
            ("/x/.{v}", json!({"v": "."}), "..", "/x/.."),
            (
                "{+base}/x",
                json!({"base": "https://example.com/api/.."}),
                "..",
                "/api/../x",
            ),
            (
                "{+base}/x",
                json!({"base": "HTTP://example.com/.."}),
                "..",
                "/../x",
            ),
            ("https://h/{v}?q", json!({"v": ".."}), "..", "/.."),
        ];
        for (src, params, segment, path) in cases {
            assert_eq!(
                expand_url(src, params).unwrap_err(),
                Error::UnsafePath {
                    segment: segment.into(),
                    path: path.into()
                },
                "{src}"
            );
        }
    }

    #[test]
    fn path_safety_rule_i_allows() {
        let cases = [
            ("/x/{path}", json!({"path": "../x"}), "/x/..%2Fx"),
            ("/x/{v}", json!({"v": ".%2E"}), "/x/.%252E"),
            ("/x/{v}", json!({"v": "..."}), "/x/..."),
            ("/x/{+v}", json!({"v": "..."}), "/x/..."),
            ("/x/{+v}", json!({"v": "%2E%2E%2E"}), "/x/%2E%2E%2E"),
            ("/x/{+v}", json!({"v": "%2F.."}), "/x/%2F.."),
            ("/search?q={v}", json!({"v": ".."}), "/search?q=.."),
            ("/x{?v}", json!({"v": ".."}), "/x?v=.."),
            ("/x?a=/{v}/", json!({"v": ".."}), "/x?a=/../"),
            ("/x{#v}", json!({"v": "/../"}), "/x#/../"),
            ("/x#/{v}/", json!({"v": ".."}), "/x#/../"),
            ("/x/{+v}", json!({"v": "a?/../"}), "/x/a?/../"),
            ("/a/../b/{v}", json!({"v": "c"}), "/a/../b/c"),
            ("/a/%2E%2E/b/{v}", json!({"v": "c"}), "/a/%2E%2E/b/c"),
            ("/a/./b/.{v}", json!({"v": "c"}), "/a/./b/.c"),
            ("/x/.{v}./y", json!({"v": ""}), "/x/../y"),
            ("/x/.{v}./y", json!({}), "/x/../y"),
            ("/a{v}", json!({"v": "."}), "/a."),
            ("/{v}a", json!({"v": ".."}), "/..a"),
            ("/x/{;v}", json!({"v": ".."}), "/x/;v=.."),
            (
                "{+base}/../x",
                json!({"base": "https://example.com"}),
                "https://example.com/../x",
            ),
            ("https://h/../{v}", json!({"v": "a"}), "https://h/../a"),
            ("{+v}", json!({"v": "https://../x"}), "https://../x"),
        ];
        for (src, params, expected) in cases {
            assert_eq!(expand_url(src, params).unwrap(), expected, "{src}");
        }
        // Only the text appended by this call is looked at.
        let mut out = String::from("/../");
        Template::parse("/{v}")
            .unwrap()
            .expand_url(&vars(json!({"v": "a"})), &mut out)
            .unwrap();
        assert_eq!(out, "/..//a");
    }

    #[test]
    fn dot_segments() {
        for segment in [".", "..", "%2E", "%2e", ".%2E", "%2e%2E", "%2E."] {
            assert!(is_dot_segment(segment.as_bytes()), "{segment}");
        }
        for segment in [
            "",
            "...",
            "%2E%2E%2E",
            "%2",
            "%2F",
            ".a",
            "a.",
            "%2E%2",
            "%252E",
        ] {
            assert!(!is_dot_segment(segment.as_bytes()), "{segment}");
        }
    }

    #[test]
    fn encoding_table() {
        let mut out = String::new();
        encode_into(&mut out, "aZ09-._~ :/?#[]@!$&'()*+,;=%é\u{0}", false);
        assert_eq!(
            out,
            "aZ09-._~%20%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%C3%A9%00"
        );
        out.clear();
        encode_into(&mut out, "aZ09-._~ :/?#[]@!$&'()*+,;=%é%41%4", true);
        assert_eq!(out, "aZ09-._~%20:/?#[]@!$&'()*+,;=%25%C3%A9%41%254");
        assert!(!needs_encoding("abc/def", true));
        assert!(needs_encoding("abc/def", false));
        assert!(needs_encoding("%", true));
        assert!(!needs_encoding("%41", true));
    }
}
