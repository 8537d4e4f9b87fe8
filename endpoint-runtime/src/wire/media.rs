//! One value written as a body of a media type: JSON text, a form, text,
//! bytes. Multipart bodies, made of such values, are written by
//! [`multipart`](super::multipart).

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::json;
use crate::value::Param;
use crate::wire::form::Form;
use crate::wire::plan::{Arrays, BodyKind};

/// A value written as a body.
#[derive(Debug, PartialEq)]
pub(crate) enum Encoded<'v> {
    /// JSON text.
    Json(String),
    /// Text: a form, or a string as it is.
    Text(Cow<'v, str>),
    /// Bytes as they are.
    Bytes(&'v [u8]),
}

impl Encoded<'_> {
    /// The bytes of the body.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        match self {
            Encoded::Json(text) => text.as_bytes(),
            Encoded::Text(text) => text.as_bytes(),
            Encoded::Bytes(bytes) => bytes,
        }
    }
}

/// `value` (the parameter `key`) written as a body of `kind`: bytes and a
/// file's bytes as they are whatever the kind; for a JSON kind, JSON text;
/// for a form, an object's fields by the bracket rule of `arrays` (or a
/// string as a form already written); for text, a string or a scalar's
/// text; for bytes, a string's bytes.
///
/// # Errors
/// [`Error::Value`] for a value the kind cannot hold (an object as text, a
/// number as bytes, a choice of body: its choice is made before), and for
/// [`BodyKind::Multipart`], which is made of parts; as [`json::push_value`]
/// and [`Form::whole`].
pub(crate) fn encode<'v>(
    key: &str,
    kind: BodyKind,
    value: &Param<'v>,
    arrays: Arrays,
) -> Result<Encoded<'v>> {
    let value = value.resolve();
    match value {
        Param::Bytes(bytes) => return Ok(Encoded::Bytes(bytes)),
        Param::File(file) => return Ok(Encoded::Bytes(file.bytes())),
        Param::Content(_) => {
            return Err(Error::value(
                key,
                "a choice of body cannot be written inside another body",
            ));
        }
        _ => {}
    }
    match kind {
        BodyKind::Json => json::to_string(key, &value).map(Encoded::Json),
        BodyKind::Form => Form::whole(key, &value, arrays).map(|text| Encoded::Text(text.into())),
        BodyKind::Text => match value {
            Param::Str(text) => Ok(Encoded::Text(Cow::Borrowed(text))),
            other => {
                let mut text = String::new();
                if other.write_scalar(&mut text) {
                    Ok(Encoded::Text(Cow::Owned(text)))
                } else {
                    Err(Error::value(
                        key,
                        "a text body is a string (or a number or boolean)",
                    ))
                }
            }
        },
        BodyKind::Bytes => match value {
            Param::Str(text) => Ok(Encoded::Bytes(text.as_bytes())),
            _ => Err(Error::value(
                key,
                "a body of bytes is bytes, a file or a string",
            )),
        },
        BodyKind::Multipart => Err(Error::value(
            key,
            "a multipart body is written from fields or an object of them",
        )),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::file::File;

    #[test]
    fn values_by_kind() {
        let object = json!({"a": [1, {"b": "c"}]});
        let text = |kind, value: &Param<'_>| {
            encode("k", kind, value, Arrays::Brackets).map(|e| e.as_bytes().to_vec())
        };
        assert_eq!(
            text(BodyKind::Json, &Param::Json(&object)).unwrap(),
            br#"{"a":[1,{"b":"c"}]}"#
        );
        assert_eq!(text(BodyKind::Json, &Param::Str("s")).unwrap(), br#""s""#);
        assert_eq!(
            text(BodyKind::Form, &Param::Json(&object)).unwrap(),
            b"a[]=1&a[1][b]=c"
        );
        assert_eq!(
            text(BodyKind::Text, &Param::Str("kind: Pod")).unwrap(),
            b"kind: Pod"
        );
        assert_eq!(text(BodyKind::Text, &Param::U64(7)).unwrap(), b"7");
        assert_eq!(
            text(BodyKind::Bytes, &Param::Str("é")).unwrap(),
            "é".as_bytes()
        );
        let file = File::new(vec![0xff, 0]);
        for kind in [
            BodyKind::Json,
            BodyKind::Form,
            BodyKind::Text,
            BodyKind::Bytes,
        ] {
            assert_eq!(text(kind, &Param::File(&file)).unwrap(), [0xff, 0]);
            assert_eq!(text(kind, &Param::Bytes(&[1, 2])).unwrap(), [1, 2]);
        }
        for (kind, value) in [
            (BodyKind::Text, Param::Json(&object)),
            (BodyKind::Bytes, Param::U64(1)),
            (BodyKind::Multipart, Param::Json(&object)),
        ] {
            let err = text(kind, &value).unwrap_err();
            assert!(
                matches!(&err, Error::Value { key, .. } if key == "k"),
                "{err}"
            );
        }
    }
}
