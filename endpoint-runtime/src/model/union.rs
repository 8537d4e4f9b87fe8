//! Untagged unions (a `oneOf`/`anyOf` without a tag) decoded from the
//! answer's own text: the value is captured once, as the JSON text the
//! input lends when it can (serde_json reading a `&str` or bytes), and each
//! alternative is tried on that text in order. serde's `#[serde(untagged)]`
//! instead buffers the value into a tree of its own first, which costs as
//! much again as decoding it.

use serde::de::{self, DeserializeOwned, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

/// The name under which serde_json hands out a value's raw text (the
/// token of its `RawValue`, feature `raw_value`). Any other deserializer
/// takes it for a newtype struct's name, and is read as a `Value`.
const RAW_VALUE: &str = "$serde_json::private::RawValue";

/// A union's value, captured to be decoded once per alternative.
#[derive(Debug)]
pub enum Captured<'de> {
    /// The value's JSON text, lent by the input.
    Borrowed(&'de str),
    /// The value's JSON text, copied (a reader, or a `Value` written out).
    Owned(String),
    /// The value, from a deserializer that cannot give its text.
    Value(Value),
}

impl<'de> Captured<'de> {
    /// Captures the next value of `deserializer`.
    ///
    /// # Errors
    /// The deserializer's, when the input is not a value.
    pub fn capture<D: Deserializer<'de>>(deserializer: D) -> Result<Captured<'de>, D::Error> {
        deserializer.deserialize_newtype_struct(RAW_VALUE, CaptureVisitor)
    }

    /// The value as `T`, or `None` when it does not fit.
    pub fn decode<T: DeserializeOwned>(&self) -> Option<T> {
        match self {
            Captured::Borrowed(text) => serde_json::from_str(text).ok(),
            Captured::Owned(text) => serde_json::from_str(text).ok(),
            Captured::Value(value) => T::deserialize(value).ok(),
        }
    }

    /// The value itself, for a union's `Other` variant.
    ///
    /// # Errors
    /// When captured text is not JSON (it always is, from serde_json).
    pub fn into_value(self) -> Result<Value, serde_json::Error> {
        match self {
            Captured::Borrowed(text) => serde_json::from_str(text),
            Captured::Owned(text) => serde_json::from_str(&text),
            Captured::Value(value) => Ok(value),
        }
    }
}

struct CaptureVisitor;

impl<'de> Visitor<'de> for CaptureVisitor {
    type Value = Captured<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    /// serde_json's raw text: a map of one entry, its token → the text.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Captured<'de>, A::Error> {
        if map.next_key::<IgnoredAny>()?.is_none() {
            return Err(de::Error::invalid_length(0, &"a value's raw text"));
        }
        map.next_value::<Text<'de>>().map(|text| text.0)
    }

    /// Any other deserializer: the value as a `Value`.
    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Captured<'de>, D::Error> {
        <Value as de::Deserialize>::deserialize(deserializer).map(Captured::Value)
    }
}

/// The raw text of serde_json's entry, borrowed when it is.
struct Text<'de>(Captured<'de>);

impl<'de> de::Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text<'de>, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a value's raw text")
            }
            fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Captured::Borrowed(text)))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Text<'de>, E> {
                Ok(Text(Captured::Owned(text.to_owned())))
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<Text<'de>, E> {
                Ok(Text(Captured::Owned(text)))
            }
        }
        deserializer.deserialize_str(TextVisitor)
    }
}

/// `Deserialize` for an untagged union: each variant's type tried in
/// order on the value captured once ([`Captured`]), then `Other` with the
/// value as it was. Written by the generator after each untagged union.
///
/// ```
/// # use endpoint::__private::serde_json::{self, json, Value};
/// #[derive(Debug, PartialEq, serde::Deserialize)]
/// struct User { login: String }
///
/// #[derive(Debug, PartialEq)]
/// enum Author { User(User), Other(Value) }
///
/// endpoint::__private::decode_union! {
///     Author { User: User }
/// }
///
/// let author: Author = serde_json::from_str(r#"{"login": "octocat"}"#)?;
/// assert_eq!(author, Author::User(User { login: "octocat".into() }));
/// let author: Author = serde_json::from_str("{}")?;
/// assert_eq!(author, Author::Other(json!({})));
/// // From a `Value` too, and inside serde's own buffers.
/// let author: Author = serde_json::from_value(json!({"login": "hubot"}))?;
/// assert_eq!(author, Author::User(User { login: "hubot".into() }));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! __decode_union {
    (
        $(#[$attr:meta])*
        $name:ident {
            $($variant:ident: $type:ty),* $(,)?
        }
    ) => {
        $(#[$attr])*
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let value = $crate::__private::Captured::capture(deserializer)?;
                $(
                    if let ::core::option::Option::Some(decoded) = value.decode::<$type>() {
                        return ::core::result::Result::Ok($name::$variant(decoded));
                    }
                )*
                value
                    .into_value()
                    .map($name::Other)
                    .map_err(<D::Error as $crate::__private::serde::de::Error>::custom)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, PartialEq, Deserialize)]
    struct User {
        login: String,
    }

    #[derive(Debug, PartialEq)]
    enum Author {
        User(User),
        Empty(serde_json::Map<String, Value>),
        Other(Value),
    }

    crate::__decode_union! {
        Author { User: User, Empty: serde_json::Map<String, Value> }
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(untagged)]
    enum Outer {
        Authors(Vec<Author>),
        Other(Value),
    }

    #[test]
    fn every_deserializer_and_every_alternative() {
        let user = Author::User(User {
            login: "octocat".into(),
        });
        // Borrowed from text, copied from a reader, written out from a Value.
        let text = r#"{"login": "octocat", "id": 1}"#;
        assert_eq!(serde_json::from_str::<Author>(text).unwrap(), user);
        assert!(matches!(
            Captured::capture(&mut serde_json::Deserializer::from_str(text)).unwrap(),
            Captured::Borrowed(_)
        ));
        assert_eq!(
            serde_json::from_reader::<_, Author>(text.as_bytes()).unwrap(),
            user
        );
        assert_eq!(
            serde_json::from_value::<Author>(json!({"login": "octocat"})).unwrap(),
            user
        );
        assert_eq!(
            serde_json::from_str::<Author>("{}").unwrap(),
            Author::Empty(serde_json::Map::new())
        );
        assert_eq!(
            serde_json::from_str::<Author>(r#""ghost""#).unwrap(),
            Author::Other(json!("ghost"))
        );
        // Inside serde's own buffer (an untagged enum of serde's).
        assert_eq!(
            serde_json::from_str::<Outer>(r#"[{"login": "octocat"}, 7]"#).unwrap(),
            Outer::Authors(vec![user, Author::Other(json!(7))])
        );
        // Through the path finder the client uses on a failure.
        let mut deserializer = serde_json::Deserializer::from_str(r#"[{"login": "a"}]"#);
        let authors: Vec<Author> = serde_path_to_error::deserialize(&mut deserializer).unwrap();
        assert_eq!(authors.len(), 1);
        assert!(serde_json::from_str::<Author>("{").is_err());
    }
}
