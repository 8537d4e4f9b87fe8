//! What generated decoders share: the key of an object as they read it, borrowed from the
//! input where the input allows (`serde_json::from_str` of a key without
//! escapes), so that reading a key allocates nothing; and the error of a
//! missing required field.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// A key of a JSON object. Not a public API: generated models match on
/// [`Key::as_str`] in their `Deserialize` impls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key<'de>(Cow<'de, str>);

impl Key<'_> {
    /// The key's text.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Key<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_identifier(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Key<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Borrowed(key)))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(key.to_owned())))
    }

    #[inline]
    fn visit_string<E: de::Error>(self, key: String) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(key)))
    }
}

/// The value of a required field, or serde's "missing field" error naming
/// its key. Not a public API: generated `Deserialize` impls call it.
#[inline]
pub fn required<T, E: de::Error>(value: Option<T>, key: &'static str) -> Result<T, E> {
    value.ok_or_else(|| E::missing_field(key))
}

/// `Deserialize` for a generated model struct, as a derive would write it
/// for JSON but leaner: one visitor with `visit_map` alone, keys read as
/// borrowed text and matched as strings, unknown keys skipped, a missing
/// required field an error naming its key, an `Option` field `None` when its
/// key is missing or `null` (a [`Nullable`](crate::model::Nullable) field
/// tells the two apart). Each field is written with its type (of the
/// struct's field, `Option` included), which spares the compiler inferring
/// it. A last block `{ ..extra: Map }` names a map field that keeps every
/// other key and its value, instead of skipping them. A field written
/// `data: Data = "data" by kind` is a union whose alternative the value of
/// the field `kind` beside it names (`{"type": "card", "data": {…}}`): its
/// value is read whole and decoded, once the object is read, by
/// [`DecodeBy`] with the text of `kind` (any order of the two keys).
///
/// ```
/// #[derive(Debug, PartialEq)]
/// struct Label {
///     name: String,
///     description: Option<String>,
/// }
///
/// endpoint::__private::decode_struct! {
///     Label {
///         name: String = "name",
///     } {
///         description: Option<String> = "description",
///     }
/// }
///
/// let label: Label = serde_json::from_str(r#"{"name": "bug", "color": "f29513"}"#)?;
/// assert_eq!(label, Label { name: "bug".into(), description: None });
/// let err = serde_json::from_str::<Label>(r#"{"description": null}"#).unwrap_err();
/// assert_eq!(err.to_string(), "missing field `name` at line 1 column 21");
///
/// #[derive(Debug, PartialEq)]
/// struct Tags {
///     name: String,
///     extra: std::collections::BTreeMap<String, serde_json::Value>,
/// }
///
/// endpoint::__private::decode_struct! {
///     Tags {
///         name: String = "name",
///     } {
///     } {
///         ..extra: std::collections::BTreeMap<String, serde_json::Value>
///     }
/// }
///
/// let tags: Tags = serde_json::from_str(r#"{"name": "a", "color": "red"}"#)?;
/// assert_eq!(tags.extra["color"], "red");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! __decode_struct {
    // A key no field names: skipped, or kept in the map of other keys.
    (@other $map:ident $key:ident) => {
        $map.next_value::<$crate::__private::serde::de::IgnoredAny>()?;
    };
    (@other $map:ident $key:ident $extra:ident) => {
        $extra.insert(
            ::core::convert::From::from($key.as_str()),
            $map.next_value()?,
        );
    };
    // What a field's key is read into: its type, or the value whole for a
    // field decoded by another's value once the object is read.
    (@slot $type:ty) => { $type };
    (@slot $type:ty, $by:ident) => { $crate::__private::serde_json::Value };
    (@by $field:ident: $type:ty) => {};
    (@by $field:ident: $type:ty, $by:ident) => {
        let $field: ::core::option::Option<$type> = $field.map(|value| {
            <$type as $crate::__private::DecodeBy>::decode_by(
                $crate::__private::tag_text(&$by).as_deref(),
                value,
            )
        });
    };
    (
        $(#[$attr:meta])*
        $name:ident {
            $($required:ident: $required_type:ty = $required_key:literal $(by $required_by:ident)?),* $(,)?
        } {
            $($optional:ident: $optional_type:ty = $optional_key:literal $(by $optional_by:ident)?),* $(,)?
        } $({
            ..$extra:ident: $extra_type:ty
        })?
    ) => {
        $(#[$attr])*
        #[allow(deprecated)]
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<__D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: __D,
            ) -> ::core::result::Result<Self, __D::Error> {
                // The macro's own names start with `__`: `$name` and the
                // fields' types are the caller's.
                struct __Visitor;
                impl<'de> $crate::__private::serde::de::Visitor<'de> for __Visitor {
                    type Value = $name;
                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str(::core::concat!("an object (", ::core::stringify!($name), ")"))
                    }
                    fn visit_map<__A: $crate::__private::serde::de::MapAccess<'de>>(
                        self,
                        mut map: __A,
                    ) -> ::core::result::Result<$name, __A::Error> {
                        $(let mut $required: ::core::option::Option<
                            $crate::__decode_struct!(@slot $required_type $(, $required_by)?)
                        > = ::core::option::Option::None;)*
                        $(let mut $optional: ::core::option::Option<
                            $crate::__decode_struct!(@slot $optional_type $(, $optional_by)?)
                        > = ::core::option::Option::None;)*
                        $(let mut $extra: $extra_type = ::core::default::Default::default();)?
                        while let ::core::option::Option::Some(key) =
                            map.next_key::<$crate::__private::Key<'de>>()?
                        {
                            match key.as_str() {
                                $($required_key => $required = ::core::option::Option::Some(map.next_value()?),)*
                                $($optional_key => $optional = ::core::option::Option::Some(map.next_value()?),)*
                                _ => {
                                    $crate::__decode_struct!(@other map key $($extra)?);
                                }
                            }
                        }
                        $($crate::__decode_struct!(@by $required: $required_type $(, $required_by)?);)*
                        $($crate::__decode_struct!(@by $optional: $optional_type $(, $optional_by)?);)*
                        ::core::result::Result::Ok($name {
                            $($required: $crate::__private::required($required, $required_key)?,)*
                            $($optional: <$optional_type as $crate::__private::OptionalField>::or_absent($optional),)*
                            $($extra,)?
                        })
                    }
                }
                deserializer.deserialize_map(__Visitor)
            }
        }
    };
}

/// `Deserialize` for a generated union whose alternatives tell themselves
/// apart by the value of one key (`{"type": "creation", …}`): the answer is
/// read whole, the key's value picks the alternative, and a value no
/// alternative has, no key, or an answer its alternative does not decode is
/// kept whole as the union's `Other` (as an untagged union keeps what none of
/// its alternatives decodes).
///
/// ```
/// #[derive(Debug, PartialEq, serde::Deserialize)]
/// struct Creation { r#type: String }
/// #[derive(Debug, PartialEq, serde::Deserialize)]
/// struct Update { r#type: String, parameters: Option<serde_json::Value> }
///
/// #[derive(Debug, PartialEq)]
/// enum Rule { Creation(Creation), Update(Update), Other(serde_json::Value) }
///
/// endpoint::__private::decode_tagged_union! {
///     Rule ["type"] {
///         Creation: Creation = "creation",
///         Update: Update = "update" | "update_v2",
///     }
/// }
///
/// let rule: Rule = serde_json::from_str(r#"{"type": "update_v2", "parameters": {}}"#)?;
/// assert!(matches!(rule, Rule::Update(_)));
/// let rule: Rule = serde_json::from_str(r#"{"type": "from_tomorrow"}"#)?;
/// assert_eq!(rule, Rule::Other(serde_json::json!({"type": "from_tomorrow"})));
/// let rule: Rule = serde_json::from_str(r#"{"type": "update", "parameters": 1}"#)?;
/// assert!(matches!(rule, Rule::Update(_)));
/// let rule: Rule = serde_json::from_str(r#"{"type": 7}"#)?;
/// assert_eq!(rule, Rule::Other(serde_json::json!({"type": 7})));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! __decode_tagged_union {
    (
        $(#[$attr:meta])*
        $name:ident [$key:literal] {
            $($variant:ident: $type:ty = $($value:literal)|+),* $(,)?
        }
    ) => {
        $crate::__impl_deserialize!($(#[$attr])* $name, deserializer => {
            let value = <$crate::__private::serde_json::Value as $crate::__private::serde::Deserialize>::deserialize(deserializer)?;
            match value.get($key).and_then($crate::__private::serde_json::Value::as_str) {
                $(
                    ::core::option::Option::Some($($value)|+) => {
                        if let ::core::result::Result::Ok(decoded) =
                            <$type as $crate::__private::serde::Deserialize>::deserialize(&value)
                        {
                            return ::core::result::Result::Ok($name::$variant(decoded));
                        }
                    }
                )*
                _ => {}
            }
            ::core::result::Result::Ok($name::Other(value))
        });
    };
}

/// A union decoded by the value of a key beside it, in the object holding
/// it (`{"type": "card", "data": {…}}`): the alternative that value names,
/// else (another value, none, or a value the alternative does not decode)
/// the union's `Other` with the value whole. Not a public API: written by
/// `decode_union_by!`, called by `decode_struct!` for a field written
/// `… by kind`.
pub trait DecodeBy: Sized {
    /// The value as the alternative `tag` names.
    fn decode_by(tag: Option<&str>, value: serde_json::Value) -> Self;
}

impl<T: DecodeBy> DecodeBy for Option<T> {
    fn decode_by(tag: Option<&str>, value: serde_json::Value) -> Self {
        (!value.is_null()).then(|| T::decode_by(tag, value))
    }
}

impl<T: DecodeBy> DecodeBy for crate::model::Nullable<T> {
    fn decode_by(tag: Option<&str>, value: serde_json::Value) -> Self {
        if value.is_null() {
            crate::model::Nullable::Null
        } else {
            crate::model::Nullable::Value(T::decode_by(tag, value))
        }
    }
}

impl<T: DecodeBy> DecodeBy for Box<T> {
    fn decode_by(tag: Option<&str>, value: serde_json::Value) -> Self {
        Box::new(T::decode_by(tag, value))
    }
}

/// The text of the field that names a union's alternative (a string, an
/// open enum, an `Option` of one), as it writes back; `None` when it is
/// missing or no string. Not a public API: `decode_struct!` calls it.
pub fn tag_text<T: serde::Serialize>(field: &T) -> Option<String> {
    match serde_json::to_value(field) {
        Ok(serde_json::Value::String(text)) => Some(text),
        _ => None,
    }
}

/// [`DecodeBy`] for a generated union whose alternative a key beside it
/// names: each variant with its type and the values that name it.
///
/// ```
/// # use endpoint::__private::serde_json::{self, json, Value};
/// #[derive(Debug, PartialEq, serde::Deserialize, serde::Serialize)]
/// struct Card { number: Option<String> }
/// #[derive(Debug, PartialEq, serde::Deserialize, serde::Serialize)]
/// struct Bank { iban: Option<String> }
///
/// #[derive(Debug, PartialEq)]
/// enum Data { Card(Card), Bank(Bank), Other(Value) }
///
/// endpoint::__private::decode_union_by! {
///     Data {
///         Card: Card = "credit_card",
///         Bank: Bank = "bank" | "bank_account",
///     }
/// }
///
/// #[derive(Debug, PartialEq)]
/// struct Payment { r#type: String, data: Data }
///
/// endpoint::__private::decode_struct! {
///     Payment { r#type: String = "type", data: Data = "data" by r#type } {}
/// }
///
/// // Both alternatives would take `{}`: the `type` beside it decides.
/// let payment: Payment = serde_json::from_str(r#"{"data": {}, "type": "bank"}"#)?;
/// assert_eq!(payment.data, Data::Bank(Bank { iban: None }));
/// let payment: Payment = serde_json::from_str(r#"{"type": "cash", "data": {}}"#)?;
/// assert_eq!(payment.data, Data::Other(json!({})));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! __decode_union_by {
    (
        $(#[$attr:meta])*
        $name:ident {
            $($variant:ident: $type:ty = $($value:literal)|+),* $(,)?
        }
    ) => {
        $(#[$attr])*
        impl $crate::__private::DecodeBy for $name {
            fn decode_by(
                tag: ::core::option::Option<&str>,
                value: $crate::__private::serde_json::Value,
            ) -> Self {
                match tag {
                    $(
                        ::core::option::Option::Some($($value)|+) => {
                            if let ::core::result::Result::Ok(decoded) =
                                <$type as $crate::__private::serde::Deserialize>::deserialize(&value)
                            {
                                return $name::$variant(decoded);
                            }
                        }
                    )*
                    _ => {}
                }
                $name::Other(value)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borrowed_where_the_input_allows() {
        let key: Key<'_> = serde_json::from_str(r#""login""#).unwrap();
        assert!(matches!(key.0, Cow::Borrowed("login")));
        let key: Key<'_> = serde_json::from_str(r#""lo\u0067in""#).unwrap();
        assert_eq!(key.as_str(), "login");
        assert!(matches!(key.0, Cow::Owned(_)));
        let value = serde_json::json!("id");
        let key = Key::deserialize(&value).unwrap();
        assert_eq!(key.as_str(), "id");
    }
}
