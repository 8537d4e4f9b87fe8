//! `application/x-www-form-urlencoded` bodies: `name=value` pairs joined by
//! `&`, names and values encoded as the URL Standard's serializer encodes
//! them (a space as `+`).
//!
//! A field of a form body is written in its OpenAPI `encoding` style:
//! `form` (exploded by default: `tag=a&tag=b`; not exploded: `tag=a,b`),
//! `spaceDelimited` (`tag=a+b`), `pipeDelimited` (`tag=a%7Cb`) or
//! `deepObject` (`metadata[order_id]=6735`); an encoding whose
//! `contentType` is JSON writes the field as JSON text. Values nested
//! deeper than a style can write (an object inside an exploded object, a
//! list of objects) and a whole body that is an object are written by the
//! bracket rule ([`write_brackets`]), as Rails, PHP, `qs` and Stripe read
//! them: `metadata[order_id]=6735`, `expand[]=customer`,
//! `items[0][price]=p_1`.

use crate::encode::{self, Set};
use crate::error::{Error, Result};
use crate::json;
use crate::value::{Items, MAX_DEPTH, Param, json_param};
use crate::wire::plan::{Arrays, BodyKind, Placement, Style};

/// `name=value` pairs joined by `&`, appended to a string: the pairs of a
/// form body, or (with another byte set) of a query string.
pub(crate) struct Pairs<'o> {
    out: &'o mut String,
    set: Set,
    /// What goes before the next pair: nothing before a form's first.
    separator: Option<char>,
}

impl<'o> Pairs<'o> {
    /// Pairs appended to `out`, encoded with `set`, the first one preceded
    /// by `first` (a query's `?`, or nothing).
    pub(crate) fn new(out: &'o mut String, set: Set, first: Option<char>) -> Self {
        Pairs {
            out,
            set,
            separator: first,
        }
    }

    /// Starts a pair: the separator, then the name, already encoded.
    fn start(&mut self, encoded_name: &str) {
        if let Some(separator) = self.separator {
            self.out.push(separator);
        }
        self.separator = Some('&');
        self.out.push_str(encoded_name);
        self.out.push('=');
    }

    /// Writes `name=value`, the name already encoded, the value text to
    /// encode.
    fn pair(&mut self, encoded_name: &str, value: &str) {
        self.start(encoded_name);
        encode::encode(self.out, value, self.set);
    }

    /// Writes `name=scalar`; `false` (and nothing written) when `value` is
    /// not a scalar.
    fn scalar(&mut self, encoded_name: &str, value: &Param<'_>) -> bool {
        match value.resolve() {
            Param::Str(text) => self.pair(encoded_name, text),
            other => {
                let mut text = String::new();
                if !other.write_scalar(&mut text) {
                    return false;
                }
                self.pair(encoded_name, &text);
            }
        }
        true
    }

    /// The name `key`, encoded for these pairs.
    fn name(&self, key: &str) -> String {
        let mut name = String::with_capacity(key.len());
        encode::encode(&mut name, key, self.set);
        name
    }
}

/// A form body, written field by field.
pub(crate) struct Form {
    out: String,
}

impl Form {
    pub(crate) fn new() -> Self {
        Form { out: String::new() }
    }

    /// Writes a field in its encoding's style.
    ///
    /// # Errors
    /// [`Error::Value`] for bytes, a file or a choice of body, and for a
    /// value nested deeper than a delimited style can write;
    /// [`Error::TooDeep`] past [`MAX_DEPTH`].
    pub(crate) fn field(
        &mut self,
        key: &str,
        value: &Param<'_>,
        placement: &Placement,
    ) -> Result<()> {
        let mut pairs = Pairs::new(&mut self.out, Set::Form, None);
        if !pairs.out.is_empty() {
            pairs.separator = Some('&');
        }
        write_field(&mut pairs, key, value, placement)
    }

    /// A whole body: the fields of an object, by the bracket rule; a string
    /// is taken as a form already written.
    ///
    /// # Errors
    /// [`Error::Value`] for any other value, and for bytes, a file or a
    /// choice of body among the object's values; [`Error::TooDeep`] past
    /// [`MAX_DEPTH`].
    pub(crate) fn whole(key: &str, value: &Param<'_>, arrays: Arrays) -> Result<String> {
        let mut out = String::new();
        match value.resolve() {
            Param::Str(text) => out.push_str(text),
            Param::Json(serde_json::Value::Object(map)) => {
                let mut pairs = Pairs::new(&mut out, Set::Form, None);
                for (name, value) in map {
                    let mut name = pairs.name(name);
                    write_brackets(&mut pairs, key, &mut name, &json_param(value), arrays, 1)?;
                }
            }
            _ => {
                return Err(Error::value(
                    key,
                    "a form body is an object of fields (or its text)",
                ));
            }
        }
        Ok(out)
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }
}

/// Writes one field of a form body (or, with a query's byte set, of a query
/// string) in the style of its placement.
pub(crate) fn write_field(
    pairs: &mut Pairs<'_>,
    key: &str,
    value: &Param<'_>,
    placement: &Placement,
) -> Result<()> {
    let value = value.resolve();
    if value.is_body_only() {
        return Err(Error::value(
            key,
            "bytes, a file or a choice of body cannot be written into a form",
        ));
    }
    if value.is_null() {
        return Ok(());
    }
    let name = pairs.name(key);
    if placement
        .content_type
        .is_some_and(|media_type| BodyKind::of(media_type) == BodyKind::Json)
    {
        let text = json::to_string(key, &value)?;
        pairs.pair(&name, &text);
        return Ok(());
    }
    if pairs.scalar(&name, &value) {
        return Ok(());
    }
    let (explode, delimiter) = match placement.style {
        Style::DeepObject => {
            let mut name = name;
            return write_brackets(pairs, key, &mut name, &value, placement.arrays, 1);
        }
        Style::SpaceDelimited => (placement.explode, ' '),
        Style::PipeDelimited => (placement.explode, '|'),
        Style::Default | Style::Octokit => (true, ','),
        Style::Form | Style::Simple | Style::Label | Style::Matrix => (placement.explode, ','),
    };
    if explode {
        write_exploded(pairs, key, &name, &value, placement.arrays)
    } else {
        write_delimited(pairs, key, &name, &value, delimiter)
    }
}

/// An exploded list (`tag=a&tag=b`) or object (`R=100&G=200`); what is
/// nested in them by the bracket rule (`tag[0][a]=1`, `R[x]=1`).
fn write_exploded(
    pairs: &mut Pairs<'_>,
    key: &str,
    name: &str,
    value: &Param<'_>,
    arrays: Arrays,
) -> Result<()> {
    if let Some(items) = value.items() {
        for (index, item) in items.iter().enumerate() {
            if item.is_null() || pairs.scalar(name, &item) {
                continue;
            }
            let mut nested = format!("{name}[{index}]");
            write_brackets(pairs, key, &mut nested, &item, arrays, 2)?;
        }
    } else if let Param::Json(serde_json::Value::Object(map)) = value {
        for (field, item) in map {
            let mut nested = pairs.name(field);
            write_brackets(pairs, key, &mut nested, &json_param(item), arrays, 2)?;
        }
    }
    Ok(())
}

/// A list or object in one pair, its items joined by `delimiter`
/// (`tag=a,b`, `color=R,100,G,200`).
fn write_delimited(
    pairs: &mut Pairs<'_>,
    key: &str,
    name: &str,
    value: &Param<'_>,
    delimiter: char,
) -> Result<()> {
    let nested = || {
        Error::value(
            key,
            "a list or object inside a delimited value cannot be written",
        )
    };
    let mut text = String::new();
    let mut first = true;
    let mut push = |text: &mut String, item: &Param<'_>| {
        if !first {
            text.push(delimiter);
        }
        first = false;
        item.write_scalar(text) || item.is_null()
    };
    if let Some(items) = value.items() {
        for item in items.iter() {
            if !push(&mut text, &item) {
                return Err(nested());
            }
        }
    } else if let Param::Json(serde_json::Value::Object(map)) = value {
        for (field, item) in map {
            push(&mut text, &Param::Str(field));
            if !push(&mut text, &json_param(item)) {
                return Err(nested());
            }
        }
    }
    pairs.pair(name, &text);
    Ok(())
}

/// Writes `value` under `name` (already encoded) by the bracket rule, one
/// pair per scalar: an object's fields as `name[field]`, a list's items as
/// `name[]` (scalars, with [`Arrays::Brackets`]) or `name[0]` (with
/// [`Arrays::Indices`], and for lists and objects in a list, which `name[]`
/// cannot tell apart), recursively; `null` and empty lists and objects write
/// nothing. The brackets are written as they are, as servers that read
/// them expect; the field names inside them are encoded.
///
/// `depth` is that of `value` (a parameter's own value is at 1).
///
/// # Errors
/// [`Error::Value`], naming `key`, for bytes, a file or a choice of body;
/// [`Error::TooDeep`] past [`MAX_DEPTH`].
pub(crate) fn write_brackets(
    pairs: &mut Pairs<'_>,
    key: &str,
    name: &mut String,
    value: &Param<'_>,
    arrays: Arrays,
    depth: usize,
) -> Result<()> {
    let value = value.resolve();
    if value.is_null() || pairs.scalar(name, &value) {
        return Ok(());
    }
    if value.is_body_only() {
        return Err(Error::value(
            key,
            "bytes, a file or a choice of body cannot be written as a bracketed value",
        ));
    }
    if depth > MAX_DEPTH {
        return Err(Error::TooDeep {
            key: key.to_owned(),
            limit: MAX_DEPTH,
        });
    }
    let len = name.len();
    if let Some(items) = value.items() {
        write_bracket_items(pairs, key, name, items, arrays, depth)?;
    } else if let Param::Json(serde_json::Value::Object(map)) = value {
        for (field, item) in map {
            name.push('[');
            encode::encode(name, field, pairs.set);
            name.push(']');
            write_brackets(pairs, key, name, &json_param(item), arrays, depth + 1)?;
            name.truncate(len);
        }
    }
    Ok(())
}

fn write_bracket_items(
    pairs: &mut Pairs<'_>,
    key: &str,
    name: &mut String,
    items: Items<'_>,
    arrays: Arrays,
    depth: usize,
) -> Result<()> {
    let len = name.len();
    for (index, item) in items.iter().enumerate() {
        let composite = item.items().is_some() || matches!(item, Param::Json(_));
        if arrays == Arrays::Brackets && !composite {
            name.push_str("[]");
        } else {
            name.push('[');
            crate::number::push_u64(name, index as u64);
            name.push(']');
        }
        write_brackets(pairs, key, name, &item, arrays, depth + 1)?;
        name.truncate(len);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::wire::plan::Location;

    fn placement(style: Style, explode: bool) -> Placement {
        Placement {
            location: Location::Body,
            style,
            explode,
            ..Placement::DEFAULT
        }
    }

    fn field(value: Value, placement: Placement) -> Result<String> {
        let mut form = Form::new();
        form.field("before", &Param::Str("x y"), &Placement::DEFAULT)?;
        form.field("f", &Param::Json(&value), &placement)?;
        Ok(form.finish())
    }

    #[test]
    fn styles_of_a_form_field() {
        let list = json!(["a b", 1, null, true]);
        let object = json!({"R": 100, "G": "2 0"});
        for (value, style, explode, expected) in [
            (&list, Style::Form, true, "f=a+b&f=1&f=true"),
            (&list, Style::Default, false, "f=a+b&f=1&f=true"),
            (&list, Style::Form, false, "f=a+b%2C1%2C%2Ctrue"),
            (&list, Style::SpaceDelimited, false, "f=a+b+1++true"),
            (&list, Style::PipeDelimited, false, "f=a+b%7C1%7C%7Ctrue"),
            (&list, Style::DeepObject, true, "f[]=a+b&f[]=1&f[]=true"),
            (&object, Style::Form, true, "R=100&G=2+0"),
            (&object, Style::Form, false, "f=R%2C100%2CG%2C2+0"),
            (&object, Style::PipeDelimited, false, "f=R%7C100%7CG%7C2+0"),
            (&object, Style::DeepObject, true, "f[R]=100&f[G]=2+0"),
            (&json!("s&t=u"), Style::DeepObject, true, "f=s%26t%3Du"),
            (&json!(1.5), Style::Form, true, "f=1.5"),
            (&json!(null), Style::Form, true, ""),
        ] {
            let text = field(value.clone(), placement(style, explode)).unwrap();
            let expected = if expected.is_empty() {
                "before=x+y".to_owned()
            } else {
                format!("before=x+y&{expected}")
            };
            assert_eq!(text, expected, "{value} {style:?} {explode}");
        }
    }

    #[test]
    fn nested_values_by_the_bracket_rule() {
        let stripe = json!({
            "amount": 2000,
            "metadata": {"order_id": "6735", "note": "a&b"},
            "expand": ["customer", "invoice"],
            "items": [{"price": "p_1", "quantity": 2}, {"price": "p 2"}],
            "nested": [[1, 2], []],
            "empty": {},
            "skip": null,
        });
        let body = Form::whole("body", &Param::Json(&stripe), Arrays::Brackets).unwrap();
        assert_eq!(
            body,
            "amount=2000&metadata[order_id]=6735&metadata[note]=a%26b\
             &expand[]=customer&expand[]=invoice\
             &items[0][price]=p_1&items[0][quantity]=2&items[1][price]=p+2\
             &nested[0][]=1&nested[0][]=2"
        );
        let body = Form::whole("body", &Param::Json(&stripe), Arrays::Indices).unwrap();
        assert!(
            body.contains("&expand[0]=customer&expand[1]=invoice&"),
            "{body}"
        );
        assert!(body.contains("&nested[0][0]=1&nested[0][1]=2"), "{body}");
        // Field names inside brackets are encoded; the brackets are not.
        let odd = json!({"a b": {"c[d]": "e"}});
        assert_eq!(
            Form::whole("body", &Param::Json(&odd), Arrays::Brackets).unwrap(),
            "a+b[c%5Bd%5D]=e"
        );
        // An exploded form field's nested values.
        assert_eq!(
            field(json!([{"a": 1}, "b"]), placement(Style::Form, true)).unwrap(),
            "before=x+y&f[0][a]=1&f=b"
        );
    }

    #[test]
    fn json_encoded_fields() {
        let placement = Placement {
            content_type: Some("application/json"),
            ..placement(Style::Form, true)
        };
        assert_eq!(
            field(json!({"a": [1, "b"]}), placement).unwrap(),
            "before=x+y&f=%7B%22a%22%3A%5B1%2C%22b%22%5D%7D"
        );
    }

    #[test]
    fn what_a_form_cannot_hold() {
        let mut form = Form::new();
        let file = crate::file::File::new(vec![1, 2]);
        for value in [Param::Bytes(b"x"), Param::File(&file)] {
            let err = form.field("up", &value, &Placement::DEFAULT).unwrap_err();
            assert!(
                matches!(&err, Error::Value { key, .. } if key == "up"),
                "{err}"
            );
        }
        let nested = json!([[1]]);
        let err = form
            .field(
                "l",
                &Param::Json(&nested),
                &placement(Style::PipeDelimited, false),
            )
            .unwrap_err();
        assert!(
            matches!(&err, Error::Value { key, .. } if key == "l"),
            "{err}"
        );
        for whole in [json!([1]), json!(2)] {
            let err = Form::whole("body", &Param::Json(&whole), Arrays::Brackets).unwrap_err();
            assert!(
                matches!(&err, Error::Value { key, .. } if key == "body"),
                "{err}"
            );
        }
        let mut deep = json!(1);
        // The body's fields are at depth 1.
        for _ in 0..=MAX_DEPTH + 1 {
            deep = json!({ "d": deep });
        }
        assert!(matches!(
            Form::whole("body", &Param::Json(&deep), Arrays::Brackets),
            Err(Error::TooDeep { .. })
        ));
    }
}
