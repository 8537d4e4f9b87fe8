//! OpenAPI's parameter styles: one parameter value written as its
//! [`Placement`] says, in the query string here, and (with the rules written
//! here) in a header and the `cookie` header in
//! [`header`](crate::wire::header).
//!
//! The styles follow the Style Examples table of OpenAPI 3.2 (and 3.1.1,
//! which agree), which follow RFC 6570 where it defines them; `docs/styles.md`
//! shows the table and what this module writes for each row.
//!
//! | style | explode | list `[a, b]` | object `{R: 1, G: 2}` |
//! |---|---|---|---|
//! | `form` (query) | true | `n=a&n=b` | `R=1&G=2` |
//! | `form` (query) | false | `n=a,b` | `n=R,1,G,2` |
//! | `spaceDelimited` | false | `n=a%20b` | `n=R%201%20G%202` |
//! | `pipeDelimited` | false | `n=a%7Cb` | `n=R%7C1%7CG%7C2` |
//! | `deepObject` | — | `n%5B%5D=a&n%5B%5D=b` (or `n%5B0%5D=a`) | `n%5BR%5D=1&n%5BG%5D=2` |
//! | `simple` (header) | false | `a,b` | `R,1,G,2` |
//! | `simple` (header) | true | `a,b` | `R=1,G=2` |
//! | `form` (cookie) | true | `n=a; n=b` | `R=1; G=2` |
//! | `form` (cookie) | false | `n=a,b` | `n=R,1,G,2` |
//!
//! Names and values of the query and of cookies are percent-encoded: every
//! byte but RFC 3986's unreserved characters (`A–Z a–z 0–9 - . _ ~`), as
//! RFC 6570's form expansion does; with `allowReserved`, a query value keeps
//! what RFC 3986 allows in a query and `%XX` triplets (`#`, `[`, `]` are
//! still encoded), a cookie value keeps RFC 6265's cookie octets and `%XX`
//! triplets. The delimiters (`=`, `&`, `,`, and `%20`, `%7C`, `%5B`, `%5D`)
//! are written by the style, so that a value's own `=`, `&` and `,` (`%3D`,
//! `%26`, `%2C`) stay apart from them; a value's own space and `|` are sent
//! as `%20` and `%7C`, the bytes of the delimited styles' delimiters, which
//! is why OpenAPI (Appendix E) leaves such values to the caller to escape
//! otherwise. A header value is written as it
//! is, with no percent-encoding (OpenAPI 3.2: the caller quotes or escapes
//! it), and the builder refuses CR, LF and NUL in it.
//!
//! What nothing, empty and `null` send (the same rule as the template
//! engine's): `null` and an absent field send nothing — no pair, no header,
//! no cookie; `""` sends the name with an empty value (`n=`, an empty
//! header, `n=` in the cookie header); an empty list or object, or one whose
//! items are all `null`, sends nothing (RFC 6570's undefined); `null` items
//! of a list and `null` members of an object are left out. A list or object
//! inside a list or object is an error, except in `deepObject`, which nests
//! them in brackets.
//!
//! [`Style::Joined`] is the dynamic layer's rule (the reference implementation's),
//! and [`Style::Default`] that of a typed field declared with no style: its
//! scalars are written as the joined style writes them, its lists and objects as
//! `form` exploded.

use crate::encode::{self, Set};
use crate::error::{Error, Result};
use crate::number;
use crate::scan;
use crate::value::{MAX_DEPTH, Param, json_param};
use crate::wire::plan::{Arrays, Placement, Style};

use serde_json::{Map, Value};

/// A query string being appended to a URL: each pair starts with `?` when
/// the URL has no query yet, `&` after that.
pub(crate) struct Query<'u> {
    url: &'u mut String,
    /// Whether no pair was written yet (the URL is then searched for a `?`).
    first: bool,
}

impl<'u> Query<'u> {
    /// Appends to `url`.
    pub(crate) fn new(url: &'u mut String) -> Self {
        Query { url, first: true }
    }

    /// Writes the separator of a new pair and returns the URL to write it to.
    #[inline]
    fn pair(&mut self) -> &mut String {
        // Whether the URL has a query string already is asked once, and
        // only when there is a pair to add.
        let separator = if self.first && scan::position(self.url.as_bytes(), b'?').is_none() {
            '?'
        } else {
            '&'
        };
        self.first = false;
        self.url.push(separator);
        self.url
    }

    /// Writes `key=value` by the joined style: the name as it is, the value
    /// by [`write_joined_value`].
    #[inline]
    fn joined_pair(&mut self, key: &str, value: &Param<'_>) -> Result<()> {
        let url = self.pair();
        url.push_str(key);
        url.push('=');
        write_joined_value(url, key, value)
    }

    /// Writes one `name=value` pair: the name encoded as names are, the value
    /// by `value`.
    fn write_pair(&mut self, name: &str, value: impl FnOnce(&mut String)) {
        let url = self.pair();
        encode::encode(url, name, Set::Unreserved);
        url.push('=');
        value(url);
    }
}

/// The set a value of a query parameter is encoded with.
fn query_set(placement: &Placement) -> Set {
    if placement.allow_reserved {
        Set::Query
    } else {
        Set::Unreserved
    }
}

/// Appends one query parameter, in its style, to the query string.
///
/// # Errors
/// [`Error::Query`] naming `key` for a value the style cannot write (an
/// object in the joined style, a list or object inside a list or object
/// but in `deepObject`, a value that is not text); [`Error::TooDeep`] for a
/// `deepObject` value nested deeper than [`MAX_DEPTH`].
#[inline]
pub(crate) fn write_query(
    query: &mut Query<'_>,
    key: &str,
    value: Param<'_>,
    placement: &Placement,
) -> Result<()> {
    let value = value.resolve();
    match value {
        Param::Null => Ok(()),
        // Most query parameters: a scalar, which both styles write as one
        // pair of its name as it is and its text.
        Param::Str(_) | Param::U64(_) | Param::I64(_) | Param::Bool(_)
            if matches!(placement.style, Style::Default | Style::Joined) =>
        {
            query.joined_pair(key, &value)
        }
        _ => write_styled(query, key, &value, placement),
    }
}

/// [`write_query`] of a value that is not `null`, in any style.
fn write_styled(
    query: &mut Query<'_>,
    key: &str,
    value: &Param<'_>,
    placement: &Placement,
) -> Result<()> {
    match placement.style {
        Style::Joined => query.joined_pair(key, value),
        Style::Default => write_default(query, key, value),
        Style::DeepObject => write_deep(query, key, value, placement),
        Style::SpaceDelimited if !placement.explode => {
            write_joined(query, key, value, "%20", placement)
        }
        Style::PipeDelimited if !placement.explode => {
            write_joined(query, key, value, "%7C", placement)
        }
        // `form`, and the styles OpenAPI does not define for the query
        // (exploded delimited styles, the path and header styles) written as
        // `form` is.
        _ if placement.explode => write_exploded(query, key, value, placement),
        _ => write_joined(query, key, value, ",", placement),
    }
}

/// Writes one query value of the joined style: text conversion (lists
/// joined with `,`, `null` items empty, nested lists flattened), then
/// percent-encoding as `encodeURIComponent` does. `q` keeps its `+` signs.
pub(crate) fn write_joined_value(url: &mut String, key: &str, value: &Param<'_>) -> Result<()> {
    match value {
        Param::Str(text) if key != "q" => encode::encode(url, text, Set::Component),
        Param::U64(n) => number::push_u64(url, *n),
        Param::I64(n) => number::push_i64(url, *n),
        Param::Bool(b) => url.push_str(if *b { "true" } else { "false" }),
        _ => {
            let mut text = String::new();
            joined_text(&mut text, key, value)?;
            if key == "q" {
                for (i, part) in text.split('+').enumerate() {
                    if i > 0 {
                        url.push('+');
                    }
                    encode::encode(url, part, Set::Component);
                }
            } else {
                encode::encode(url, &text, Set::Component);
            }
        }
    }
    Ok(())
}

/// The text of a joined-style query value before encoding.
fn joined_text(out: &mut String, key: &str, value: &Param<'_>) -> Result<()> {
    if value.write_scalar(out) {
        return Ok(());
    }
    let value = value.resolve();
    if let Some(items) = value.items() {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            joined_text(out, key, &item)?;
        }
        return Ok(());
    }
    match value {
        Param::Null => Ok(()),
        _ => Err(query_error(
            key,
            "an object cannot be written into a query string",
        )),
    }
}

/// A typed field of no style: a scalar as the joined style writes it (its
/// name as it is), a list as repeated pairs of the joined style's items, an
/// object as one pair per member.
fn write_default(query: &mut Query<'_>, key: &str, value: &Param<'_>) -> Result<()> {
    if let Some(items) = value.items() {
        for item in items.iter() {
            if !matches!(item, Param::Null) {
                query.joined_pair(key, &item)?;
            }
        }
        return Ok(());
    }
    if let Some(map) = object(value) {
        for (name, member) in map {
            let member = json_param(member);
            if !matches!(member, Param::Null) {
                let url = query.pair();
                encode::encode(url, name, Set::Component);
                url.push('=');
                write_joined_value(url, key, &member)?;
            }
        }
        return Ok(());
    }
    query.joined_pair(key, value)
}

/// The members of an object value.
pub(crate) fn object<'v>(value: &Param<'v>) -> Option<&'v Map<String, Value>> {
    match *value {
        Param::Json(Value::Object(map)) => Some(map),
        _ => None,
    }
}

/// `form` exploded: a pair per list item (under the parameter's name) or
/// per object member (under the member's name).
fn write_exploded(
    query: &mut Query<'_>,
    key: &str,
    value: &Param<'_>,
    placement: &Placement,
) -> Result<()> {
    let set = query_set(placement);
    if let Some(items) = value.items() {
        for item in items.iter() {
            if !matches!(item, Param::Null) {
                let mut result = Ok(());
                query.write_pair(key, |url| result = push_item(url, key, &item, set));
                result?;
            }
        }
        return Ok(());
    }
    if let Some(map) = object(value) {
        for (name, member) in map {
            let member = json_param(member);
            if !matches!(member, Param::Null) {
                let mut result = Ok(());
                query.write_pair(name, |url| result = push_item(url, key, &member, set));
                result?;
            }
        }
        return Ok(());
    }
    let mut result = Ok(());
    query.write_pair(key, |url| result = push_item(url, key, value, set));
    result
}

/// One pair of a list's items or an object's names and values, joined by
/// `delimiter` (`,` for `form` not exploded, `%20` for `spaceDelimited`,
/// `%7C` for `pipeDelimited`); nothing for an empty list or object.
fn write_joined(
    query: &mut Query<'_>,
    key: &str,
    value: &Param<'_>,
    delimiter: &str,
    placement: &Placement,
) -> Result<()> {
    let set = query_set(placement);
    let mut text = String::new();
    if joined(&mut text, key, value, delimiter, Some(set), query_error)? {
        query.write_pair(key, |url| url.push_str(&text));
    }
    Ok(())
}

/// Writes the joined text of a list's items (or an object's names and
/// values) or a scalar to `out`, each encoded with `set` (`None`: as it
/// is); `false` when there is nothing to send (an empty list or object, or
/// one of `null`s only).
pub(crate) fn joined(
    out: &mut String,
    key: &str,
    value: &Param<'_>,
    delimiter: &str,
    set: Option<Set>,
    error: fn(&str, &'static str) -> Error,
) -> Result<bool> {
    joined_with(out, key, value, delimiter, delimiter, set, error)
}

/// [`joined`], with `members` as the delimiter between an object member's
/// name and its value.
pub(crate) fn joined_with(
    out: &mut String,
    key: &str,
    value: &Param<'_>,
    delimiter: &str,
    members: &str,
    set: Option<Set>,
    error: fn(&str, &'static str) -> Error,
) -> Result<bool> {
    let mut any = false;
    if let Some(items) = value.items() {
        for item in items.iter() {
            if matches!(item, Param::Null) {
                continue;
            }
            if any {
                out.push_str(delimiter);
            }
            any = true;
            if !push_scalar(out, &item, set) {
                return Err(error(key, why_not(&item)));
            }
        }
        return Ok(any);
    }
    if let Some(map) = object(value) {
        for (name, member) in map {
            let member = json_param(member);
            if matches!(member, Param::Null) {
                continue;
            }
            if any {
                out.push_str(delimiter);
            }
            any = true;
            push_text(out, name, set);
            out.push_str(members);
            if !push_scalar(out, &member, set) {
                return Err(error(key, why_not(&member)));
            }
        }
        return Ok(any);
    }
    if push_scalar(out, value, set) {
        Ok(true)
    } else {
        Err(error(key, NOT_TEXT))
    }
}

/// Why a list or object inside a list or object is refused.
const NESTED: &str = "a list or object inside a list or object cannot be written in this style";
/// Why a value that is not text is refused.
const NOT_TEXT: &str = "the value cannot be written as text";

fn query_error(key: &str, reason: &'static str) -> Error {
    Error::Query {
        key: key.to_owned(),
        reason,
    }
}

/// Why a value that is not a scalar cannot be written as one.
pub(crate) fn why_not(value: &Param<'_>) -> &'static str {
    if value.items().is_some() || object(value).is_some() {
        NESTED
    } else {
        NOT_TEXT
    }
}

/// Writes a query item that must be a scalar, or the error naming `key`.
fn push_item(url: &mut String, key: &str, item: &Param<'_>, set: Set) -> Result<()> {
    if push_scalar(url, item, Some(set)) {
        Ok(())
    } else {
        Err(query_error(key, why_not(item)))
    }
}

/// Appends `text` encoded with `set`, or as it is for `None`.
fn push_text(out: &mut String, text: &str, set: Option<Set>) {
    match set {
        Some(set) => encode::encode(out, text, set),
        None => out.push_str(text),
    }
}

/// Appends the text of a scalar encoded with `set` (`None`: as it is) and
/// returns `true`; `false` for `null`, a list, an object or any other value.
pub(crate) fn push_scalar(out: &mut String, value: &Param<'_>, set: Option<Set>) -> bool {
    match value.resolve() {
        Param::Str(text) => push_text(out, text, set),
        Param::U64(n) => number::push_u64(out, n),
        Param::I64(n) => number::push_i64(out, n),
        Param::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        other => {
            let mut text = String::new();
            if !other.write_scalar(&mut text) {
                return false;
            }
            push_text(out, &text, set);
        }
    }
    true
}

/// Where the bracket notation ([`write_brackets`]) writes its pairs: a
/// query string, or a form body. Each writes names its own way (a query
/// encodes the whole name, brackets too; a form body keeps the brackets as
/// they are, as the servers that read it expect).
pub(crate) trait BracketPairs {
    /// Appends a parameter's name to the empty `name`.
    fn push_name(&self, name: &mut String, key: &str);
    /// Appends an object member's name, inside the brackets just written.
    fn push_member(&self, name: &mut String, member: &str);
    /// Writes `name=value` for a scalar `value`, `name` as built by the
    /// two above; for any other value, the error naming `key`.
    fn scalar_pair(&mut self, key: &str, name: &str, value: &Param<'_>) -> Result<()>;
}

/// The query string as [`BracketPairs`], values encoded with `set`.
struct QueryPairs<'q, 'u> {
    query: &'q mut Query<'u>,
    set: Set,
}

impl BracketPairs for QueryPairs<'_, '_> {
    fn push_name(&self, name: &mut String, key: &str) {
        name.push_str(key);
    }

    fn push_member(&self, name: &mut String, member: &str) {
        name.push_str(member);
    }

    fn scalar_pair(&mut self, key: &str, name: &str, value: &Param<'_>) -> Result<()> {
        let set = self.set;
        let mut result = Ok(());
        self.query
            .write_pair(name, |url| result = push_item(url, key, value, set));
        result
    }
}

/// `deepObject` in the query: the bracket notation.
fn write_deep(
    query: &mut Query<'_>,
    key: &str,
    value: &Param<'_>,
    placement: &Placement,
) -> Result<()> {
    let mut pairs = QueryPairs {
        query,
        set: query_set(placement),
    };
    let mut name = String::with_capacity(key.len() + 16);
    pairs.push_name(&mut name, key);
    write_brackets(&mut pairs, key, &mut name, value, placement.arrays, 0)
}

/// The bracket notation of `deepObject` and of nested values in a form
/// body: `name[member]=value` for each member of an object, nested objects
/// adding a bracket each; list items `name[]=` or `name[0]=` by the
/// [`Arrays`] rule, and always `name[0]` for a list or object in a list,
/// whose members `name[]` could not tell apart (qs reads
/// `items[][price]=1&items[][quantity]=2` as two items); a scalar as
/// `name=value`; `null` items and members, and empty lists and objects,
/// write nothing. `name` holds the name so far, as `pairs` builds it;
/// `depth` is that of `value` (a parameter's own value is at 0).
///
/// # Errors
/// What `pairs` returns for a value that is not text (bytes, a file);
/// [`Error::TooDeep`] naming `key` past [`MAX_DEPTH`].
pub(crate) fn write_brackets(
    pairs: &mut impl BracketPairs,
    key: &str,
    name: &mut String,
    value: &Param<'_>,
    arrays: Arrays,
    depth: usize,
) -> Result<()> {
    if depth >= MAX_DEPTH {
        return Err(Error::TooDeep {
            key: key.to_owned(),
            limit: MAX_DEPTH,
        });
    }
    let value = value.resolve();
    let len = name.len();
    if let Some(items) = value.items() {
        for (i, item) in items.iter().enumerate() {
            if matches!(item, Param::Null) {
                continue;
            }
            name.push('[');
            if arrays == Arrays::Indices || item.items().is_some() || object(&item).is_some() {
                number::push_u64(name, i as u64);
            }
            name.push(']');
            write_brackets(pairs, key, name, &item, arrays, depth + 1)?;
            name.truncate(len);
        }
        return Ok(());
    }
    if let Some(map) = object(&value) {
        for (member, item) in map {
            let item = json_param(item);
            if matches!(item, Param::Null) {
                continue;
            }
            name.push('[');
            pairs.push_member(name, member);
            name.push(']');
            write_brackets(pairs, key, name, &item, arrays, depth + 1)?;
            name.truncate(len);
        }
        return Ok(());
    }
    if matches!(value, Param::Null) {
        return Ok(());
    }
    pairs.scalar_pair(key, name, &value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::header::{header_value, write_cookie};
    use crate::wire::plan::Location;
    use proptest::prelude::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    fn placement(location: Location, style: Style, explode: bool) -> Placement {
        Placement {
            location,
            style,
            explode,
            ..Placement::DEFAULT
        }
    }

    fn query_in(placement: &Placement, key: &str, value: &Value) -> Result<String> {
        let mut url = String::from("/x");
        let mut query = Query::new(&mut url);
        write_query(&mut query, key, Param::Json(value), placement)?;
        Ok(url.get(3..).unwrap_or_default().to_owned())
    }

    fn query(style: Style, explode: bool, value: &Value) -> String {
        let placement = placement(Location::Query, style, explode);
        query_in(&placement, "color", value).unwrap()
    }

    fn header(explode: bool, value: &Value) -> Option<String> {
        let placement = placement(Location::Header, Style::Simple, explode);
        header_value("color", Param::Json(value), &placement).unwrap()
    }

    fn cookie(explode: bool, value: &Value) -> String {
        let placement = placement(Location::Cookie, Style::Form, explode);
        let mut out = String::new();
        write_cookie(&mut out, "color", Param::Json(value), &placement).unwrap();
        out
    }

    /// The values of OpenAPI's Style Examples, in the table's column order:
    /// the empty string (the table's first column, see docs/styles.md),
    /// string, array, object.
    fn columns() -> [Value; 4] {
        [
            json!(""),
            json!("blue"),
            json!(["blue", "black", "brown"]),
            json!({"R": 100, "G": 200, "B": 150}),
        ]
    }

    /// OpenAPI 3.2's Style Examples, the query rows; `None` where the table
    /// says n/a.
    const QUERY_TABLE: [(Style, bool, [Option<&str>; 4]); 6] = [
        (
            Style::Form,
            false,
            [
                Some("color="),
                Some("color=blue"),
                Some("color=blue,black,brown"),
                Some("color=R,100,G,200,B,150"),
            ],
        ),
        (
            Style::Form,
            true,
            [
                Some("color="),
                Some("color=blue"),
                Some("color=blue&color=black&color=brown"),
                Some("R=100&G=200&B=150"),
            ],
        ),
        (
            Style::SpaceDelimited,
            false,
            [
                None,
                None,
                Some("color=blue%20black%20brown"),
                Some("color=R%20100%20G%20200%20B%20150"),
            ],
        ),
        (
            Style::PipeDelimited,
            false,
            [
                None,
                None,
                Some("color=blue%7Cblack%7Cbrown"),
                Some("color=R%7C100%7CG%7C200%7CB%7C150"),
            ],
        ),
        (
            Style::DeepObject,
            true,
            [
                None,
                None,
                None,
                Some("color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
            ],
        ),
        (
            Style::DeepObject,
            false,
            [
                None,
                None,
                None,
                Some("color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
            ],
        ),
    ];

    #[test]
    fn the_openapi_table_for_the_query() {
        for (style, explode, row) in QUERY_TABLE {
            for (value, expected) in columns().iter().zip(row) {
                if let Some(expected) = expected {
                    assert_eq!(
                        query(style, explode, value),
                        expected,
                        "{style:?} explode={explode} {value}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_openapi_table_for_headers_and_cookies() {
        let simple = [
            (false, ["", "blue", "blue,black,brown", "R,100,G,200,B,150"]),
            (true, ["", "blue", "blue,black,brown", "R=100,G=200,B=150"]),
        ];
        for (explode, row) in simple {
            for (value, expected) in columns().iter().zip(row) {
                assert_eq!(header(explode, value).as_deref(), Some(expected), "{value}");
            }
        }
        // `form` in a cookie: the query's cells, with `; ` between cookies
        // (OpenAPI 3.2's `cookie` row).
        let form = [
            (
                false,
                [
                    "color=",
                    "color=blue",
                    "color=blue,black,brown",
                    "color=R,100,G,200,B,150",
                ],
            ),
            (
                true,
                [
                    "color=",
                    "color=blue",
                    "color=blue; color=black; color=brown",
                    "R=100; G=200; B=150",
                ],
            ),
        ];
        for (explode, row) in form {
            for (value, expected) in columns().iter().zip(row) {
                assert_eq!(cookie(explode, value), expected, "{value}");
            }
        }
    }

    #[test]
    fn nothing_empty_and_null() {
        let undefined = [json!(null), json!([]), json!({}), json!([null, null])];
        for style in [
            Style::Form,
            Style::SpaceDelimited,
            Style::PipeDelimited,
            Style::DeepObject,
            Style::Default,
        ] {
            for explode in [false, true] {
                for value in &undefined {
                    assert_eq!(query(style, explode, value), "", "{style:?} {value}");
                }
            }
        }
        for explode in [false, true] {
            for value in &undefined {
                assert_eq!(header(explode, value), None, "{value}");
                assert_eq!(cookie(explode, value), "", "{value}");
            }
        }
        // `null` items and members are left out.
        let holes = json!(["a", null, "b"]);
        assert_eq!(query(Style::Form, true, &holes), "color=a&color=b");
        assert_eq!(query(Style::Form, false, &holes), "color=a,b");
        assert_eq!(query(Style::Default, true, &holes), "color=a&color=b");
        assert_eq!(header(false, &holes).as_deref(), Some("a,b"));
        assert_eq!(cookie(true, &holes), "color=a; color=b");
        let members = json!({"a": null, "b": "B"});
        assert_eq!(query(Style::Form, true, &members), "b=B");
        assert_eq!(query(Style::DeepObject, true, &members), "color%5Bb%5D=B");
        // The dynamic layer's rule: `[]` sends the name, `null` items are
        // empty, the comma is encoded.
        let joined = Placement::DYNAMIC;
        assert_eq!(query_in(&joined, "l", &json!([])).unwrap(), "l=");
        assert_eq!(query_in(&joined, "l", &holes).unwrap(), "l=a%2C%2Cb");
        assert_eq!(query_in(&joined, "l", &json!(null)).unwrap(), "");
    }

    #[test]
    fn the_default_style() {
        let default = Placement::DEFAULT;
        let text = |key: &str, value: Value| query_in(&default, key, &value).unwrap();
        // Scalars as the joined style writes them.
        assert_eq!(text("x", json!("a b!*'()/")), "x=a%20b!*'()%2F");
        assert_eq!(
            text("q", json!("is:open+label:bug")),
            "q=is%3Aopen+label%3Abug"
        );
        assert_eq!(text("x", json!(1e21)), "x=1e%2B21");
        assert_eq!(text("x", json!(true)), "x=true");
        // Lists and objects as `form` exploded.
        assert_eq!(text("kind", json!(["cat", "dog"])), "kind=cat&kind=dog");
        assert_eq!(text("kind", json!(["a,b", "c d"])), "kind=a%2Cb&kind=c%20d");
        assert_eq!(text("o", json!({"R": 1, "G": "x y"})), "R=1&G=x%20y");
    }

    #[test]
    fn deep_objects_nest_in_brackets() {
        let deep = |arrays: Arrays, key: &str, value: Value| {
            let placement = Placement {
                arrays,
                ..placement(Location::Query, Style::DeepObject, true)
            };
            let text = query_in(&placement, key, &value).unwrap();
            decode(&text)
        };
        let brackets = Arrays::Brackets;
        assert_eq!(
            deep(brackets, "metadata", json!({"order_id": "6735"})),
            "metadata[order_id]=6735"
        );
        assert_eq!(
            deep(
                brackets,
                "expand",
                json!(["customer", "invoice.subscription"])
            ),
            "expand[]=customer&expand[]=invoice.subscription"
        );
        assert_eq!(
            deep(
                Arrays::Indices,
                "items",
                json!([{"price": "p_1", "quantity": 2}, {"price": "p_2"}])
            ),
            "items[0][price]=p_1&items[0][quantity]=2&items[1][price]=p_2"
        );
        // A list's lists and objects by index: `items[][price]` could not
        // tell where one item ends.
        assert_eq!(
            deep(
                brackets,
                "items",
                json!([{"price": "p_1"}, {"price": "p_2"}])
            ),
            "items[0][price]=p_1&items[1][price]=p_2"
        );
        assert_eq!(
            deep(brackets, "a", json!({"b": {"c": [1, 2]}, "d": "x&y=z"})),
            "a[b][c][]=1&a[b][c][]=2&a[d]=x&y=z"
        );
        // The index is the item's position.
        assert_eq!(
            deep(Arrays::Indices, "l", json!(["a", null, "b"])),
            "l[0]=a&l[2]=b"
        );
        // A scalar has no brackets.
        assert_eq!(deep(brackets, "s", json!("v")), "s=v");
        // Too deep a value is refused, not overflowed.
        let mut value = json!("x");
        for _ in 0..MAX_DEPTH + 1 {
            value = json!([value]);
        }
        let placement = placement(Location::Query, Style::DeepObject, true);
        assert!(matches!(
            query_in(&placement, "d", &value),
            Err(Error::TooDeep { key, .. }) if key == "d"
        ));
    }

    /// The query text percent-decoded, for reading.
    fn decode(text: &str) -> String {
        form_urlencoded::parse(text.as_bytes())
            .map(|(name, value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join("&")
    }

    #[test]
    fn allow_reserved() {
        let reserved = Placement {
            allow_reserved: true,
            ..placement(Location::Query, Style::Form, true)
        };
        let value = json!("a/b?c:d@e!$&'()*+,;=f%20g#h[i] j");
        assert_eq!(
            query_in(&reserved, "r", &value).unwrap(),
            "r=a/b?c:d@e!$&'()*+,;=f%20g%23h%5Bi%5D%20j"
        );
        assert_eq!(
            query(Style::Form, true, &value),
            "color=a%2Fb%3Fc%3Ad%40e%21%24%26%27%28%29%2A%2B%2C%3B%3Df%2520g%23h%5Bi%5D%20j"
        );
        // The name is encoded either way.
        assert_eq!(query_in(&reserved, "a b", &json!("/")).unwrap(), "a%20b=/");
        let cookie = Placement {
            allow_reserved: true,
            ..placement(Location::Cookie, Style::Form, true)
        };
        let mut out = String::new();
        write_cookie(&mut out, "c", Param::Json(&value), &cookie).unwrap();
        assert_eq!(out, "c=a/b?c:d@e!$&'()*+%2C%3B=f%20g#h[i]%20j");
    }

    #[test]
    fn values_a_style_cannot_write_are_errors_naming_the_parameter() {
        let nested = json!([["a"], "b"]);
        for style in [Style::Form, Style::SpaceDelimited, Style::PipeDelimited] {
            for explode in [false, true] {
                let placement = placement(Location::Query, style, explode);
                assert!(matches!(
                    query_in(&placement, "n", &nested),
                    Err(Error::Query { key, reason: NESTED }) if key == "n"
                ));
            }
        }
        assert!(matches!(
            query_in(&Placement::DYNAMIC, "o", &json!({"a": 1})),
            Err(Error::Query { key, .. }) if key == "o"
        ));
        let simple = placement(Location::Header, Style::Simple, false);
        assert!(matches!(
            header_value("x-n", Param::Json(&json!({"a": [1]})), &simple),
            Err(Error::HeaderValue { name, reason: NESTED }) if name == "x-n"
        ));
        let form = placement(Location::Cookie, Style::Form, true);
        assert!(matches!(
            write_cookie(&mut String::new(), "c", Param::Json(&nested), &form),
            Err(Error::Cookie { key, reason: NESTED }) if key == "c"
        ));
    }

    #[test]
    fn typed_lists_are_written_as_json_arrays_are() {
        let list = vec!["a b".to_owned(), "c".to_owned()];
        let json = json!(["a b", "c"]);
        for style in [
            Style::Form,
            Style::PipeDelimited,
            Style::DeepObject,
            Style::Default,
        ] {
            for explode in [false, true] {
                let placement = placement(Location::Query, style, explode);
                let mut url = String::new();
                write_query(
                    &mut Query::new(&mut url),
                    "l",
                    Param::List(&list),
                    &placement,
                )
                .unwrap();
                assert_eq!(
                    url.get(1..).unwrap(),
                    query_in(&placement, "l", &json).unwrap()
                );
            }
        }
    }

    /// Any text, with the bytes that matter to the styles more often.
    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<String>(),
            "[a-z ,|&=+%#\\[\\];\"\\\\\r\n\u{0}é~.-]{0,12}",
        ]
    }

    proptest! {
        #[test]
        fn form_exploded_reads_back(items in proptest::collection::vec(text(), 0..6)) {
            let placement = placement(Location::Query, Style::Form, true);
            let text = query_in(&placement, "k", &json!(items)).unwrap();
            let read: Vec<(String, String)> = form_urlencoded::parse(text.as_bytes())
                .into_owned()
                .collect();
            let expected: Vec<(String, String)> =
                items.iter().map(|item| ("k".to_owned(), item.clone())).collect();
            prop_assert_eq!(read, expected);
        }

        #[test]
        fn form_objects_read_back(map in proptest::collection::btree_map(text(), text(), 0..6)) {
            let placement = placement(Location::Query, Style::Form, true);
            let text = query_in(&placement, "k", &json!(map)).unwrap();
            let read: Vec<(String, String)> = form_urlencoded::parse(text.as_bytes())
                .into_owned()
                .collect();
            let expected: Vec<(String, String)> = map.into_iter().collect();
            prop_assert_eq!(read, expected);
        }

        #[test]
        fn form_lists_read_back(items in proptest::collection::vec(text(), 1..6)) {
            // Split on the `,` before decoding, as OpenAPI says a reader must:
            // then a value may hold a comma itself (sent as `%2C`).
            let placement = placement(Location::Query, Style::Form, false);
            let text = query_in(&placement, "k", &json!(items)).unwrap();
            let value = text.strip_prefix("k=").unwrap();
            let read: Vec<String> = value
                .split(',')
                .map(|item| {
                    let pair = format!("v={item}");
                    form_urlencoded::parse(pair.as_bytes()).next().unwrap().1.into_owned()
                })
                .collect();
            prop_assert_eq!(&read, &items);
        }

        // `%20` and `%7C` are also what a value's own space and `|` are sent
        // as: a value must not hold the delimiter (OpenAPI, Appendix E).
        #[test]
        fn delimited_lists_read_back_split_after_decoding(
            items in proptest::collection::vec("[^ |]{0,8}", 1..6),
        ) {
            for (style, delimiter) in [(Style::SpaceDelimited, " "), (Style::PipeDelimited, "|")] {
                let placement = placement(Location::Query, style, false);
                let text = query_in(&placement, "k", &json!(items)).unwrap();
                let (name, value) = form_urlencoded::parse(text.as_bytes()).next().unwrap();
                prop_assert_eq!(name, "k");
                let read: Vec<&str> = value.split(delimiter).collect();
                prop_assert_eq!(read, items.iter().map(String::as_str).collect::<Vec<_>>());
            }
        }

        #[test]
        fn deep_objects_read_back(value in deep_value(true)) {
            let placement = Placement {
                arrays: Arrays::Indices,
                ..placement(Location::Query, Style::DeepObject, true)
            };
            prop_assert_eq!(read_deep(&placement, &value), tree(&value));
        }

        #[test]
        fn deep_objects_with_brackets_read_back(value in deep_value(false)) {
            // `a[][b]=` is ambiguous to any reader: the lists of this test
            // hold text only.
            let placement = placement(Location::Query, Style::DeepObject, true);
            prop_assert_eq!(read_deep(&placement, &value), tree(&value));
        }

        #[test]
        fn header_values_never_break_the_line(value in text()) {
            let placement = placement(Location::Header, Style::Simple, false);
            let written = header_value("x-v", Param::Str(&value), &placement).unwrap();
            // As it is: the builder refuses what cannot be sent.
            prop_assert_eq!(written.as_deref(), Some(value.as_str()));
        }

        #[test]
        fn cookies_never_hold_a_separator(values in proptest::collection::vec(text(), 0..4)) {
            for explode in [false, true] {
                let placement = placement(Location::Cookie, Style::Form, explode);
                let mut out = String::new();
                write_cookie(&mut out, "c", Param::Json(&json!(values)), &placement).unwrap();
                let pairs: Vec<&str> = if out.is_empty() { Vec::new() } else { out.split("; ").collect() };
                prop_assert!(out.bytes().all(|b| b.is_ascii_graphic() || b == b' '));
                let expected = if explode { values.len() } else { usize::from(!values.is_empty()) };
                prop_assert_eq!(pairs.len(), expected);
            }
        }
    }

    /// A tree of strings, as the bracket notation reads it back.
    #[derive(Debug, PartialEq, serde::Deserialize)]
    #[serde(untagged)]
    enum Tree {
        Text(String),
        List(Vec<Tree>),
        Map(BTreeMap<String, Tree>),
    }

    /// `{"k": value}` written as `deepObject` under the name `k`, read back by
    /// `serde_qs`.
    fn read_deep(placement: &Placement, value: &Value) -> BTreeMap<String, Tree> {
        let text = query_in(placement, "k", value).unwrap();
        serde_qs::Config::new()
            .max_depth(10)
            .use_form_encoding(true)
            .deserialize_str(&text)
            .unwrap()
    }

    /// `{"k": value}` as a tree.
    fn tree(value: &Value) -> BTreeMap<String, Tree> {
        fn convert(value: &Value) -> Tree {
            match value {
                Value::Array(items) => Tree::List(items.iter().map(convert).collect()),
                Value::Object(map) => Tree::Map(
                    map.iter()
                        .map(|(key, item)| (key.clone(), convert(item)))
                        .collect(),
                ),
                other => Tree::Text(other.as_str().unwrap_or_default().to_owned()),
            }
        }
        BTreeMap::from([("k".to_owned(), convert(value))])
    }

    /// Objects of text, lists and objects, with names of letters (lists of
    /// text only, unless `nested_lists`).
    fn deep_value(nested_lists: bool) -> impl Strategy<Value = Value> {
        let leaf = text().prop_map(Value::String);
        let map = |inner| {
            proptest::collection::btree_map("[a-z]{1,4}", inner, 1..4)
                .prop_map(|map| Value::Object(map.into_iter().collect()))
        };
        let texts = proptest::collection::vec(text().prop_map(Value::String), 1..4)
            .prop_map(Value::Array)
            .boxed();
        leaf.prop_recursive(3, 24, 4, move |inner| {
            if nested_lists {
                prop_oneof![
                    proptest::collection::vec(inner.clone(), 1..4).prop_map(Value::Array),
                    map(inner),
                ]
                .boxed()
            } else {
                prop_oneof![texts.clone(), map(inner)].boxed()
            }
        })
    }
}
