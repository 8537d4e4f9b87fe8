//! `application/x-www-form-urlencoded` bodies: `name=value` pairs joined by
//! `&`, names and values encoded as the URL Standard's serializer encodes
//! them (a space as `+`).
//!
//! A field of a form body is written in its OpenAPI `encoding` style, as
//! the query string writes it ([`style`]): `form` (exploded by default:
//! `tag=a&tag=b`; not exploded: `tag=a,b`, the delimiter as it is and a
//! value's own `,` encoded), `spaceDelimited` (`tag=a%20b`),
//! `pipeDelimited` (`tag=a%7Cb`) or `deepObject`
//! (`metadata[order_id]=6735`); an encoding whose `contentType` is JSON
//! writes the field as JSON text. Values nested deeper than a style can
//! write (an object inside an exploded object, a list of objects) and a
//! whole body that is an object are written by the bracket rule
//! ([`style::write_brackets`]), as Rails, PHP, `qs` and Stripe read them:
//! `metadata[order_id]=6735`, `expand[]=customer`, `items[0][price]=p_1`;
//! the brackets are written as they are, the names inside them encoded.

use crate::encode::{self, Set};
use crate::error::{Error, Result};
use crate::json;
use crate::value::{Param, json_param};
use crate::wire::style::{self, BracketPairs};
use crate::wire::{
    self, Fields,
    plan::{Arrays, Placement, Style},
};

/// The `name=value` pairs of a form body, joined by `&`.
pub(crate) struct Pairs<'o> {
    out: &'o mut String,
}

impl Pairs<'_> {
    /// Starts a pair: the `&` of any pair before, the name (encoded), `=`.
    fn start(&mut self, encoded_name: &str) {
        if !self.out.is_empty() {
            self.out.push('&');
        }
        self.out.push_str(encoded_name);
        self.out.push('=');
    }

    /// Writes `name=text`, the name already encoded, the text encoded here.
    fn pair(&mut self, encoded_name: &str, text: &str) {
        self.start(encoded_name);
        encode::encode(self.out, text, Set::Form);
    }

    /// Writes `name=scalar`; `false` (and nothing written) when `value` is
    /// not a scalar.
    fn scalar(&mut self, encoded_name: &str, value: &Param<'_>) -> bool {
        let mut text = String::new();
        if !style::push_scalar(&mut text, value, Some(Set::Form)) {
            return false;
        }
        self.start(encoded_name);
        self.out.push_str(&text);
        true
    }

    /// `key`, encoded as a name of a form.
    fn name(&self, key: &str) -> String {
        let mut name = String::with_capacity(key.len() + 16);
        self.push_name(&mut name, key);
        name
    }
}

impl BracketPairs for Pairs<'_> {
    fn push_name(&self, name: &mut String, key: &str) {
        encode::encode(name, key, Set::Form);
    }

    fn push_member(&self, name: &mut String, member: &str) {
        encode::encode(name, member, Set::Form);
    }

    fn scalar_pair(&mut self, key: &str, name: &str, value: &Param<'_>) -> Result<()> {
        if self.scalar(name, value) {
            Ok(())
        } else {
            Err(form_error(key, BODY_ONLY))
        }
    }
}

/// Why bytes, a file or a choice of body are refused.
const BODY_ONLY: &str = "bytes, a file or a choice of body cannot be written into a form";

fn form_error(key: &str, reason: &'static str) -> Error {
    Error::value(key, reason)
}

/// A form body, written field by field.
pub(crate) struct Form {
    out: String,
}

impl Form {
    pub(crate) fn new() -> Self {
        Form { out: String::new() }
    }

    /// A whole body: the fields of an object, by the bracket rule; a string
    /// is taken as a form already written.
    ///
    /// # Errors
    /// [`Error::Value`] for any other value, and for bytes, a file or a
    /// choice of body among the object's values; [`Error::TooDeep`] past
    /// [`MAX_DEPTH`](crate::MAX_DEPTH).
    pub(crate) fn whole(key: &str, value: &Param<'_>, arrays: Arrays) -> Result<String> {
        if let Param::Str(text) = value.resolve() {
            return Ok(text.to_owned());
        }
        let mut out = String::new();
        let mut pairs = Pairs { out: &mut out };
        let fields = wire::object_fields(
            key,
            value,
            "a form body is an object of fields (or its text)",
        )?;
        for (field, value) in fields {
            let mut name = pairs.name(field);
            style::write_brackets(&mut pairs, key, &mut name, &value, arrays, 1)?;
        }
        Ok(out)
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }
}

impl Fields for Form {
    fn field(&mut self, key: &str, value: &Param<'_>, placement: &Placement) -> Result<()> {
        write_field(&mut Pairs { out: &mut self.out }, key, value, placement)
    }
}

/// Writes one field of a form body in the style of its placement.
fn write_field(
    pairs: &mut Pairs<'_>,
    key: &str,
    value: &Param<'_>,
    placement: &Placement,
) -> Result<()> {
    let value = value.resolve();
    if value.is_body_only() {
        return Err(form_error(key, BODY_ONLY));
    }
    if value.is_null() {
        return Ok(());
    }
    let name = pairs.name(key);
    if wire::json_encoded(placement.content_type) {
        let text = json::to_string(key, &value)?;
        pairs.pair(&name, &text);
        return Ok(());
    }
    if pairs.scalar(&name, &value) {
        return Ok(());
    }
    let delimiter = match placement.style {
        Style::DeepObject => {
            let mut name = name;
            return style::write_brackets(pairs, key, &mut name, &value, placement.arrays, 0);
        }
        Style::Default | Style::Joined => None,
        _ if placement.explode => None,
        Style::SpaceDelimited => Some("%20"),
        Style::PipeDelimited => Some("%7C"),
        Style::Form | Style::Simple | Style::Label | Style::Matrix => Some(","),
    };
    match delimiter {
        None => write_exploded(pairs, key, &name, &value, placement.arrays),
        Some(delimiter) => {
            let mut text = String::new();
            if style::joined(
                &mut text,
                key,
                &value,
                delimiter,
                Some(Set::Form),
                form_error,
            )? {
                pairs.start(&name);
                pairs.out.push_str(&text);
            }
            Ok(())
        }
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
            style::write_brackets(pairs, key, &mut nested, &item, arrays, 1)?;
        }
    } else if let Param::Json(serde_json::Value::Object(map)) = value {
        for (member, item) in map {
            let mut nested = pairs.name(member);
            style::write_brackets(pairs, key, &mut nested, &json_param(item), arrays, 1)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::value::MAX_DEPTH;
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
            (&list, Style::Form, false, "f=a+b,1,true"),
            (&list, Style::SpaceDelimited, false, "f=a+b%201%20true"),
            (&list, Style::PipeDelimited, false, "f=a+b%7C1%7Ctrue"),
            (&list, Style::DeepObject, true, "f[]=a+b&f[]=1&f[]=true"),
            (&object, Style::Form, true, "R=100&G=2+0"),
            (&object, Style::Form, false, "f=R,100,G,2+0"),
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
