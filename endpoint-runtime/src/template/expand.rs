//! Template expansion (RFC 6570 section 3.2, level 4).

use serde_json::{Map, Value};

use super::Template;
use super::Vars;
use super::parts::{Expression, Modifier, Operator, Part, VarSpec};
use crate::encode::{self, Set};
use crate::error::{Error, Result};
use crate::url;
use crate::value::{Items, Param, json_param};

impl Template<'_> {
    /// Expands the template with `vars`, appending to `out` (RFC 6570).
    ///
    /// A variable that is missing or `null` is undefined, as is an empty list
    /// or map, a list whose items are all `null` and a map whose values are
    /// all `null`; undefined variables produce nothing, not even a separator.
    /// `null` items and values are skipped; numbers and booleans expand as
    /// their text.
    ///
    /// ```
    /// use endpoint::template::Template;
    /// use serde_json::json;
    ///
    /// let template = Template::parse("/x{/list*}{?a,b,c}")?;
    /// let vars = json!({"list": ["red", "green"], "a": 1, "c": "x y"});
    /// let mut url = String::new();
    /// template.expand(vars.as_object().unwrap(), &mut url)?;
    /// assert_eq!(url, "/x/red/green?a=1&c=x%20y");
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Expansion`] for values RFC 6570 cannot expand: a list or map
    /// inside a list or map, or a prefix modifier (`{x:3}`) on a list or map.
    /// Whatever `vars` fails with when it produces a value.
    pub fn expand(&self, vars: &(impl Vars + ?Sized), out: &mut String) -> Result<()> {
        out.reserve(self.expanded_len_hint());
        self.expand_parts(vars, out, None).map(drop)
    }

    /// [`Template::expand`] for a request URL, which also refuses path
    /// segments that parameters turn into `.` or `..`.
    ///
    /// The path is the appended text before the first `?` or `#`, after the
    /// `scheme://authority` of an `http://` or `https://` URL. A segment of it
    /// that holds at least one character written by an expression (`:name`
    /// and `<name>` included) and whose percent-decoded text is `.` or `..` is
    /// refused; segments written entirely in the template (`/a/../b`) are not.
    ///
    /// ```
    /// use endpoint::{Error, template::Template};
    /// use serde_json::json;
    ///
    /// let template = Template::parse("/repos/{owner}/{repo}")?;
    /// let vars = json!({"owner": "..", "repo": "r"});
    /// let err = template.expand_url(vars.as_object().unwrap(), &mut String::new()).unwrap_err();
    /// assert_eq!(err, Error::UnsafePath { segment: "..".into(), path: "/repos/../r".into() });
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Template::expand`], and [`Error::UnsafePath`].
    pub fn expand_url(&self, vars: &(impl Vars + ?Sized), out: &mut String) -> Result<()> {
        out.reserve(self.expanded_len_hint());
        if self.expand_parts(vars, out, None)? {
            self.check_path(vars)
        } else {
            Ok(())
        }
    }

    /// Expands every part; returns whether an expression in the path may have
    /// written a `.`, a `%2E` or a `%` that may start one with the text after
    /// it, without which no segment it touches can be a dot segment. With
    /// `spans`, records the byte ranges that expressions wrote.
    fn expand_parts(
        &self,
        vars: &(impl Vars + ?Sized),
        out: &mut String,
        mut spans: Option<&mut Vec<(usize, usize)>>,
    ) -> Result<bool> {
        let mut dots = false;
        for part in self.parts() {
            match part {
                Part::Literal(text) => out.push_str(text),
                Part::Expression(expression) => {
                    let from = out.len();
                    if expand_expression(&expression, vars, out)? {
                        dots = true;
                    }
                    let written = out.as_bytes().get(from..).unwrap_or_default();
                    if let Some(spans) = spans.as_deref_mut()
                        && !written.is_empty()
                    {
                        spans.push((from, out.len()));
                    }
                }
            }
        }
        Ok(dots)
    }

    /// The slow path of [`Template::expand_url`]: expands again, recording
    /// which bytes the expressions wrote, and refuses a dot segment that
    /// holds any of them.
    fn check_path(&self, vars: &(impl Vars + ?Sized)) -> Result<()> {
        let mut text = String::new();
        let mut spans = Vec::new();
        self.expand_parts(vars, &mut text, Some(&mut spans))?;
        match url::unsafe_segment(&text, &spans) {
            Some((segment, path)) => Err(Error::UnsafePath {
                segment: segment.to_owned(),
                path: path.to_owned(),
            }),
            None => Ok(()),
        }
    }
}

/// Whether expanded text can be part of a dot segment: it holds a `.`, or
/// a `%` that is not the start of an escape other than `%2E`.
fn may_write_dot(written: &[u8]) -> bool {
    // Most values hold neither byte: a tight loop finds that out first.
    if !written.iter().any(|&b| b == b'.' || b == b'%') {
        return false;
    }
    written.iter().enumerate().any(|(i, &b)| match b {
        b'.' => true,
        b'%' => !matches!(
            (written.get(i + 1), written.get(i + 2)),
            (Some(a), Some(b)) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit()
                && !(*a == b'2' && b.eq_ignore_ascii_case(&b'e'))
        ),
        _ => false,
    })
}

/// What an operator writes (RFC 6570 appendix A).
struct Style {
    /// Written before the first defined variable.
    first: Option<char>,
    /// Written between defined variables and exploded items.
    separator: char,
    /// Whether the variable name is written (`name=value`).
    named: bool,
    /// Written after the name when the value is empty.
    if_empty: Option<char>,
    /// What values keep unencoded.
    set: Set,
    /// Whether the operator writes text of its own that may hold a `.` or a
    /// `%` (the `.` of `{.x}`, the names of `{;x}`).
    writes_dots: bool,
}

/// The [`Style`] of each operator, by its position in [`Operator`].
static STYLES: [Style; 8] = [
    style(Operator::Simple),
    style(Operator::Reserved),
    style(Operator::Fragment),
    style(Operator::Label),
    style(Operator::PathSegment),
    style(Operator::PathParameter),
    style(Operator::Query),
    style(Operator::QueryContinuation),
];

const fn style(operator: Operator) -> Style {
    let (first, separator, named, if_empty, reserved) = match operator {
        Operator::Simple => (None, ',', false, None, false),
        Operator::Reserved => (None, ',', false, None, true),
        Operator::Fragment => (Some('#'), ',', false, None, true),
        Operator::Label => (Some('.'), '.', false, None, false),
        Operator::PathSegment => (Some('/'), '/', false, None, false),
        Operator::PathParameter => (Some(';'), ';', true, None, false),
        Operator::Query => (Some('?'), '&', true, Some('='), false),
        Operator::QueryContinuation => (Some('&'), '&', true, Some('='), false),
    };
    Style {
        first,
        separator,
        named,
        if_empty,
        writes_dots: matches!(operator, Operator::Label | Operator::PathParameter),
        set: if reserved {
            Set::Reserved
        } else {
            Set::Unreserved
        },
    }
}

const NESTED: &str = "a list or map inside a list or map cannot be expanded";
const DOT_SEGMENT: &str = "a multi-segment value cannot hold a `.` or `..` segment";
const EMPTY_SEGMENT: &str =
    "a multi-segment value cannot hold an empty segment (a leading, trailing or doubled `/`)";
const PREFIX_ON_COMPOSITE: &str = "a prefix modifier cannot apply to a list or map";
const BODY_ONLY: &str = "bytes, a file or a choice of body cannot be expanded into a URL";

fn expansion_error(variable: &str, reason: &'static str) -> Error {
    Error::Expansion {
        variable: variable.to_owned(),
        reason,
    }
}

/// The set that a string value of `var` (`text`, after any prefix
/// modifier) is encoded with: the operator's, which keeps `/` when the
/// variable is multi-segment. A multi-segment value's `/`-separated pieces
/// must be neither `.`, `..` nor empty (an empty value is no piece at all).
fn value_set(style: &Style, var: VarSpec<'_>, text: &str) -> Result<Set> {
    if !var.multi_segment {
        return Ok(style.set);
    }
    if !text.is_empty() {
        for piece in text.split('/') {
            match piece {
                "" => return Err(expansion_error(var.name, EMPTY_SEGMENT)),
                "." | ".." => return Err(expansion_error(var.name, DOT_SEGMENT)),
                _ => {}
            }
        }
    }
    Ok(match style.set {
        Set::Unreserved => Set::Segments,
        set => set,
    })
}

/// Expands one expression; returns whether it is in the path and may have
/// written a piece of a dot segment (see [`may_write_dot`]).
fn expand_expression(
    expression: &Expression<'_>,
    vars: &(impl Vars + ?Sized),
    out: &mut String,
) -> Result<bool> {
    let style = &STYLES[expression.operator as usize];
    let mut first = true;
    let mut dots = false;
    for var in expression.variables.iter() {
        let name: &str = var.name;
        let Some(param) = vars.var(var.slot as usize, name)? else {
            continue;
        };
        let value = param.resolve();
        let from = out.len();
        // The common case first: a string without a prefix modifier. The
        // encoder tells whether it holds a `.` or a `%`; for the operators
        // that write nothing else that could, that answers the question
        // without a second look at the text.
        let prefix = matches!(var.modifier, Modifier::Prefix(_));
        match value {
            Param::Str(text) if !prefix => {
                let set = if var.multi_segment {
                    value_set(style, var, text)?
                } else {
                    style.set
                };
                start_variable(style, &mut first, out);
                if style.named {
                    write_name(style, name, text.is_empty(), out);
                }
                if !expression.in_path {
                    encode::encode(out, text, set);
                } else if encode::encode_noting_dots(out, text, set) | style.writes_dots {
                    dots |= may_write_dot(out.as_bytes().get(from..).unwrap_or_default());
                }
                continue;
            }
            // An integer: its digits (and `-`) are unreserved characters,
            // written as they are, and hold no `.` or `%`.
            Param::U64(_) | Param::I64(_) if !prefix => {
                start_variable(style, &mut first, out);
                if style.named {
                    write_name(style, name, false, out);
                }
                value.write_scalar(out);
                if expression.in_path && style.writes_dots {
                    dots |= may_write_dot(out.as_bytes().get(from..).unwrap_or_default());
                }
                continue;
            }
            _ => {}
        }
        expand_value(style, var, value, &mut first, out)?;
        if expression.in_path {
            dots |= may_write_dot(out.as_bytes().get(from..).unwrap_or_default());
        }
    }
    Ok(dots)
}

/// Expands a variable's value other than a plain string.
#[inline]
fn expand_value(
    style: &Style,
    var: VarSpec<'_>,
    value: Param<'_>,
    first: &mut bool,
    out: &mut String,
) -> Result<()> {
    let name = var.name;
    if let Some(items) = value.items() {
        if let Modifier::Prefix(_) = var.modifier {
            // An error unless the list is undefined; which error, the
            // whole list decides.
            if items_defined(name, items)? {
                return Err(expansion_error(name, PREFIX_ON_COMPOSITE));
            }
            return Ok(());
        }
        let explode = var.modifier == Modifier::Explode;
        return expand_list(style, name, items, explode, first, out);
    }
    match value {
        Param::Null => {}
        Param::Bytes(_) | Param::File(_) | Param::Content(_) => {
            return Err(expansion_error(name, BODY_ONLY));
        }
        Param::Json(Value::Object(map)) => {
            if !values_defined(name, map)? {
                return Ok(());
            }
            if let Modifier::Prefix(_) = var.modifier {
                return Err(expansion_error(name, PREFIX_ON_COMPOSITE));
            }
            start_variable(style, first, out);
            expand_map(style, name, map, var.modifier == Modifier::Explode, out);
        }
        scalar => {
            let prefix = match var.modifier {
                Modifier::Prefix(n) => Some(usize::from(n)),
                Modifier::None | Modifier::Explode => None,
            };
            let set = match scalar {
                Param::Str(text) => {
                    value_set(style, var, prefix.map_or(text, |n| truncate_chars(text, n)))?
                }
                _ => style.set,
            };
            start_variable(style, first, out);
            if style.named {
                let empty = matches!(scalar, Param::Str(s) if s.is_empty());
                write_name(style, name, empty, out);
            }
            write_scalar(&scalar, prefix, set, out);
        }
    }
    Ok(())
}

/// Writes a list's items, in one pass: nothing at all for a list whose
/// items are all `null` (it is undefined), an error for a list or map among
/// them.
fn expand_list(
    style: &Style,
    name: &str,
    items: Items<'_>,
    explode: bool,
    first: &mut bool,
    out: &mut String,
) -> Result<()> {
    let mut defined = false;
    // What comes between two items.
    let between = if explode { style.separator } else { ',' };
    let mut write = |item: Param<'_>| -> Result<()> {
        match item {
            Param::Null => return Ok(()),
            // Strings and other scalars, the items of almost every list.
            Param::Str(_) | Param::Bool(_) | Param::U64(_) | Param::I64(_) | Param::F64(_) => {}
            Param::Bytes(_) | Param::File(_) | Param::Content(_) => {
                return Err(expansion_error(name, BODY_ONLY));
            }
            Param::List(_) | Param::Json(_) => return Err(expansion_error(name, NESTED)),
        }
        if defined {
            out.push(between);
        } else {
            start_variable(style, first, out);
            if style.named && !explode {
                write_name(style, name, false, out);
            }
            defined = true;
        }
        if explode && style.named {
            write_name(style, name, matches!(item, Param::Str("")), out);
        }
        // Strings first, as in `expand_expression`: no prefix to cut.
        match item {
            Param::Str(text) => encode::encode(out, text, style.set),
            scalar => write_scalar(&scalar, None, style.set, out),
        }
        Ok(())
    };
    // Each kind of list read in a loop of its own: no dispatch on the kind
    // per item.
    match items {
        Items::Json(values) => values.iter().try_for_each(|value| write(json_param(value))),
        Items::List(list) => (0..list.len()).try_for_each(|i| write(list.item(i).resolve())),
    }
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
            encode::encode(out, key, style.set);
            if style.named && matches!(value, Value::String(s) if s.is_empty()) {
                out.extend(style.if_empty);
            } else {
                out.push('=');
            }
            write_scalar(&json_param(value), None, style.set, out);
        }
    } else {
        if style.named {
            write_name(style, name, false, out);
        }
        for (i, (key, value)) in entries.enumerate() {
            if i > 0 {
                out.push(',');
            }
            encode::encode(out, key, style.set);
            out.push(',');
            write_scalar(&json_param(value), None, style.set, out);
        }
    }
}

/// Whether a list holds anything but `null`; a list or map among its items
/// is an error.
fn items_defined(name: &str, items: Items<'_>) -> Result<bool> {
    let mut defined = false;
    for item in items.iter() {
        match item {
            Param::Null => {}
            item if is_composite(&item) => return Err(expansion_error(name, NESTED)),
            item if item.is_body_only() => return Err(expansion_error(name, BODY_ONLY)),
            _ => defined = true,
        }
    }
    Ok(defined)
}

/// Whether a list's item is a list or a map itself, which cannot be expanded.
fn is_composite(item: &Param<'_>) -> bool {
    item.items().is_some() || matches!(item, Param::Json(_))
}

/// Whether a map's values hold anything but `null`; a list or map among
/// them is an error.
fn values_defined(name: &str, map: &Map<String, Value>) -> Result<bool> {
    let mut defined = false;
    for value in map.values() {
        match value {
            Value::Null => {}
            Value::Array(_) | Value::Object(_) => return Err(expansion_error(name, NESTED)),
            Value::Bool(_) | Value::Number(_) | Value::String(_) => defined = true,
        }
    }
    Ok(defined)
}

#[inline]
fn start_variable(style: &Style, first: &mut bool, out: &mut String) {
    if *first {
        if let Some(first) = style.first {
            out.push(first);
        }
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
        out.extend(style.if_empty);
    } else {
        out.push('=');
    }
}

/// Writes a scalar (string, number, boolean), cut to `prefix` code points.
fn write_scalar(value: &Param<'_>, prefix: Option<usize>, set: Set, out: &mut String) {
    if let Param::Str(s) = value {
        let s = match prefix {
            Some(n) => truncate_chars(s, n),
            None => s,
        };
        encode::encode(out, s, set);
        return;
    }
    // Numbers and booleans: ASCII text, where only the `+` of a float's
    // exponent (`1e+21`) may need encoding.
    let at = out.len();
    let float = matches!(value, Param::F64(_));
    value.write_scalar(out);
    if let Some(n) = prefix {
        out.truncate(at + n.min(out.len() - at));
    }
    if float
        && out
            .get(at..)
            .is_some_and(|text| encode::needs_encoding(text, set))
    {
        let text = out.split_off(at);
        encode::encode(out, &text, set);
    }
}

/// The first `n` Unicode code points of `s`.
fn truncate_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((end, _)) => s.get(..end).unwrap_or(s),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn each_operator_has_its_style() {
        let operators = [
            Operator::Simple,
            Operator::Reserved,
            Operator::Fragment,
            Operator::Label,
            Operator::PathSegment,
            Operator::PathParameter,
            Operator::Query,
            Operator::QueryContinuation,
        ];
        for operator in operators {
            let (listed, expected) = (&STYLES[operator as usize], style(operator));
            assert_eq!(listed.first, expected.first, "{operator:?}");
            assert_eq!(listed.separator, expected.separator, "{operator:?}");
            assert_eq!(listed.named, expected.named, "{operator:?}");
            assert_eq!(listed.set, expected.set, "{operator:?}");
        }
    }

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
            ("/x{/list}", json!({"list": [".."]}), "..", "/x/.."),
            (
                "/x/{+list}",
                json!({"list": ["%2E%2E"]}),
                "%2E%2E",
                "/x/%2E%2E",
            ),
            ("/x{/list*}", json!({"list": [1, "."]}), ".", "/x/1/."),
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
                "/x{/list*}",
                json!({"list": ["a", "%2E%2E"]}),
                "/x/a/%252E%252E",
            ),
            (
                "/x{/list*}",
                json!({"list": ["a", 1.5, true]}),
                "/x/a/1.5/true",
            ),
            ("/x/{list}", json!({"list": [".", "."]}), "/x/.,."),
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

    /// `src` with the variable `name` multi-segment, expanded as a URL.
    fn expand_multi(src: &str, name: &str, params: Value) -> Result<String> {
        let template = Template::parse(src)?
            .with_multi_segment(name)
            .expect("a variable of the template");
        let mut out = String::new();
        template.expand_url(&vars(params), &mut out)?;
        Ok(out)
    }

    #[test]
    fn multi_segment_values_keep_their_slashes_only() {
        let cases = [
            ("/r/{ref}", "heads/feature-a", "/r/heads/feature-a"),
            ("/c/{ref}/x", "docs/a b?.md", "/c/docs/a%20b%3F.md/x"),
            ("/c/{ref}", "a/%2F/#[]/ü", "/c/a/%252F/%23%5B%5D/%C3%BC"),
            ("/c/{ref}", "", "/c/"),
            ("/c/{ref}", "...", "/c/..."),
            ("/c/{ref}", ".a/b.", "/c/.a/b."),
            ("/c/{ref:7}", "heads/feature", "/c/heads/f"),
            ("/c{/ref}", "a b/c", "/c/a%20b/c"),
            ("/c/{+ref}", "a/b?c", "/c/a/b?c"),
            ("/c/{ref}", "a/b", "/c/a/b"),
        ];
        for (src, value, expected) in cases {
            assert_eq!(
                expand_multi(src, "ref", json!({ "ref": value })).unwrap(),
                expected,
                "{src} {value:?}"
            );
        }
        // Every occurrence of the variable; other variables as always.
        assert_eq!(
            expand_multi(
                "/{ref}/{other}/{ref}",
                "ref",
                json!({"ref": "a/b", "other": "c/d"})
            )
            .unwrap(),
            "/a/b/c%2Fd/a/b"
        );
        // Values that are not strings, as always.
        assert_eq!(
            expand_multi("/c/{ref}", "ref", json!({"ref": ["a/b", "c"]})).unwrap(),
            "/c/a%2Fb,c"
        );
        assert_eq!(
            expand_multi("/c/{ref}", "ref", json!({"ref": 12})).unwrap(),
            "/c/12"
        );
        // Without the mark, one segment.
        assert_eq!(
            expand("/r/{ref}", json!({"ref": "heads/a"})).unwrap(),
            "/r/heads%2Fa"
        );
    }

    #[test]
    fn multi_segment_values_cannot_hold_dot_or_empty_segments() {
        for value in [".", "..", "a/..", "../a", "a/./b", "a/.."] {
            let err = expand_multi("/c/{path}", "path", json!({ "path": value })).unwrap_err();
            assert_eq!(err, expansion_error("path", DOT_SEGMENT), "{value:?}");
        }
        for value in ["/", "/a", "a/", "a//b"] {
            let err = expand_multi("/c/{path}", "path", json!({ "path": value })).unwrap_err();
            assert_eq!(err, expansion_error("path", EMPTY_SEGMENT), "{value:?}");
        }
        // After the prefix modifier: the piece the URL would get.
        let err = expand_multi("/c/{path:4}", "path", json!({"path": "a/../b"})).unwrap_err();
        assert_eq!(err, expansion_error("path", DOT_SEGMENT));
        assert_eq!(
            expand_multi("/c/{path:2}", "path", json!({"path": "ab/../b"})).unwrap(),
            "/c/ab"
        );
        // An escaped dot is text, not a dot segment.
        assert_eq!(
            expand_multi("/c/{path}", "path", json!({"path": "%2E%2E/a"})).unwrap(),
            "/c/%252E%252E/a"
        );
    }

    #[test]
    fn multi_segment_needs_a_variable() {
        let template = Template::parse("/x/{a}").unwrap();
        assert!(template.clone().with_multi_segment("b").is_none());
        let marked = template.clone().with_multi_segment("a").unwrap();
        assert_ne!(marked, template);
        let Some(Part::Expression(expression)) = marked.parts().nth(1) else {
            panic!("an expression");
        };
        let var = expression.variables.iter().next().unwrap();
        assert!(var.multi_segment);
        assert_eq!(var.modifier, Modifier::None);
        // The mark survives the packed form.
        let (text, code) = marked.packed();
        let copy = Template {
            text: std::borrow::Cow::Owned(text.to_owned()),
            code: std::borrow::Cow::Owned(code.to_vec()),
        };
        assert_eq!(copy, marked);
        let prefixed = Template::parse("/x/{a:9999}")
            .unwrap()
            .with_multi_segment("a")
            .unwrap();
        let Some(Part::Expression(expression)) = prefixed.parts().nth(1) else {
            panic!("an expression");
        };
        let var = expression.variables.iter().next().unwrap();
        assert_eq!(
            (var.modifier, var.multi_segment),
            (Modifier::Prefix(9999), true)
        );
    }

    /// The operators, each as a template of one expression in the path
    /// (`/x{…v}`) and one in the query (`/x?{…v}`), with and without `*`.
    fn one_variable_templates() -> Vec<String> {
        let mut templates = Vec::new();
        for operator in ["", "+", "#", ".", "/", ";", "?", "&"] {
            for explode in ["", "*"] {
                templates.push(format!("/x{{{operator}v{explode}}}"));
                templates.push(format!("/x?{{{operator}v{explode}}}"));
            }
        }
        templates
    }

    /// `v` as a list that is not JSON, as a typed `Vec<String>` field is.
    struct ListVar<'a>(&'a Vec<Option<String>>);

    impl Vars for ListVar<'_> {
        fn var(&self, _slot: usize, _name: &str) -> Result<Option<Param<'_>>> {
            Ok(Some(Param::List(self.0)))
        }
    }

    fn text() -> impl proptest::strategy::Strategy<Value = String> {
        proptest::string::string_regex("[a-z0-9 ./%~:é?#\\[\\]-]{0,8}").expect("a valid pattern")
    }

    proptest::proptest! {
        /// An integer is written by its own path, never encoded: the same
        /// text as its decimal string through the general one, by every
        /// operator, in the path (the dot-segment check included) and in
        /// the query.
        #[test]
        fn an_integer_expands_as_its_text(n in proptest::prelude::any::<i64>(), unsigned in proptest::prelude::any::<u64>()) {
            for template in one_variable_templates() {
                for number in [json!(n), json!(unsigned)] {
                    let text = json!(number.to_string());
                    proptest::prop_assert_eq!(
                        expand_url(&template, json!({"v": number})),
                        expand_url(&template, json!({"v": text})),
                        "{}", template
                    );
                }
            }
        }

        /// A list that is not JSON is read item by item as a JSON array is:
        /// the same text, or the same error, by every operator.
        #[test]
        fn a_typed_list_expands_as_a_json_array(
            items in proptest::collection::vec(proptest::option::of(text()), 0..4)
        ) {
            for src in one_variable_templates() {
                let template = Template::parse(&src).expect("a valid template");
                let mut typed = String::new();
                let typed = template.expand_url(&ListVar(&items), &mut typed).map(|()| typed);
                proptest::prop_assert_eq!(typed, expand_url(&src, json!({"v": items})), "{}", src);
            }
        }
    }
}
