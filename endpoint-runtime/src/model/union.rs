//! Untagged unions (a `oneOf`/`anyOf` without a tag) decoded from the
//! answer's own text: the value is captured once, as the JSON text the
//! input lends when it can (serde_json reading a `&str` or bytes), and each
//! alternative is tried on that text in order. serde's `#[serde(untagged)]`
//! instead buffers the value into a tree of its own first, which costs as
//! much again as decoding it.
//!
//! A union whose first alternative is a struct of text, integer and boolean
//! fields (a commit's `author`: a user, or an empty object) skips even the
//! capture: that struct is decoded in one pass ([`DecodeOrValue`],
//! written by `decode_struct_or_value!`), each field's value read as whatever
//! JSON it is and converted, and only a value that does not fit is rebuilt
//! as the JSON value it was, for the other alternatives to be tried on.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{
    self, Deserialize, DeserializeOwned, DeserializeSeed, Deserializer, IgnoredAny, MapAccess,
    SeqAccess, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Number, Value};

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

/// A struct decoded in one pass, or, when the value does not fit it, that
/// value as JSON, the same as it would have decoded into a `Value`. Not a
/// public API: written by `decode_struct_or_value!` for the first alternative
/// of a union, which `decode_union!` then decodes without capturing it.
pub trait DecodeOrValue: Sized {
    /// The struct, `Ok(Err(value))` when the value does not fit it.
    ///
    /// # Errors
    /// The deserializer's, when the input is not JSON.
    fn decode_or_value<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Result<Self, Value>, D::Error>;
}

/// The part of a struct's one-pass decoder that reads an object: its
/// `visit_map`. Any other value is kept as it is, by [`decode_or_value`].
pub trait ObjectOrValue<'de> {
    /// What the object decodes into.
    type Out;

    /// The object, or it as JSON when it does not fit.
    ///
    /// # Errors
    /// The map's, when the input is not JSON.
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Result<Self::Out, Value>, A::Error>;
}

/// Reads the next value of `deserializer` with `object` when it is an object,
/// and as a `Value` when it is anything else.
///
/// # Errors
/// The deserializer's, when the input is not JSON.
pub fn decode_or_value<'de, D: Deserializer<'de>, O: ObjectOrValue<'de>>(
    deserializer: D,
    object: O,
) -> Result<Result<O::Out, Value>, D::Error> {
    deserializer.deserialize_any(Whole(object))
}

struct Whole<O>(O);

impl<'de, O: ObjectOrValue<'de>> Visitor<'de> for Whole<O> {
    type Value = Result<O::Out, Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.visit_map(map)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq)).map(Err)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Err(Scalar::Bool(v).into_value()))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Err(Scalar::I64(v).into_value()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Err(Scalar::U64(v).into_value()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Err(Scalar::F64(v).into_value()))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Err(Scalar::Str(v).into_value()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Err(Value::Null))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Err(Value::Null))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// The value of a field of a struct decoded in one pass: `T`, or the value
/// as JSON when it is not a `T`. For the types whose JSON value
/// `serde_json::to_value` gives back exactly (text, integers, booleans and
/// `Option`s of them), so that a struct that does not fit is rebuilt as it
/// was sent.
pub struct FieldOrValue<T>(PhantomData<T>);

impl<T> FieldOrValue<T> {
    /// The seed of one field's value.
    #[inline]
    pub fn new() -> Self {
        FieldOrValue(PhantomData)
    }
}

impl<T> Default for FieldOrValue<T> {
    fn default() -> Self {
        FieldOrValue::new()
    }
}

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for FieldOrValue<T> {
    type Value = Result<T, Value>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<T: DeserializeOwned> FieldOrValue<T> {
    #[inline]
    fn scalar(scalar: Scalar<'_>) -> Result<T, Value> {
        T::deserialize(scalar).map_err(|_| scalar.into_value())
    }

    fn tree(value: Value) -> Result<T, Value> {
        T::deserialize(&value).map_err(|_| value)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for FieldOrValue<T> {
    type Value = Result<T, Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Self::scalar(Scalar::Bool(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Self::scalar(Scalar::I64(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Self::scalar(Scalar::U64(v)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Self::scalar(Scalar::F64(v)))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Self::scalar(Scalar::Str(v)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Self::scalar(Scalar::Null))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Self::scalar(Scalar::Null))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(MapAccessDeserializer::new(map)).map(Self::tree)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq)).map(Self::tree)
    }
}

/// A JSON value that is not an object or a list, as serde_json's
/// deserializer hands it to a visitor, read again as a field's type: `null`
/// is `None` for an `Option`, anything else `Some` of it.
#[derive(Clone, Copy)]
enum Scalar<'a> {
    Null,
    Bool(bool),
    I64(i64),
    U64(u64),
    F64(f64),
    Str(&'a str),
}

impl Scalar<'_> {
    /// The value as `Value` holds it, as serde_json's own visitor builds it.
    fn into_value(self) -> Value {
        match self {
            Scalar::Null => Value::Null,
            Scalar::Bool(v) => Value::Bool(v),
            Scalar::I64(v) => Value::Number(v.into()),
            Scalar::U64(v) => Value::Number(v.into()),
            Scalar::F64(v) => Number::from_f64(v).map_or(Value::Null, Value::Number),
            Scalar::Str(v) => Value::String(v.to_owned()),
        }
    }
}

impl<'de> Deserializer<'de> for Scalar<'de> {
    type Error = de::value::Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Scalar::Null => visitor.visit_unit(),
            Scalar::Bool(v) => visitor.visit_bool(v),
            Scalar::I64(v) => visitor.visit_i64(v),
            Scalar::U64(v) => visitor.visit_u64(v),
            Scalar::F64(v) => visitor.visit_f64(v),
            Scalar::Str(v) => visitor.visit_borrowed_str(v),
        }
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Scalar::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The order in which an object's keys came, for rebuilding the object when
/// it does not fit its struct: the struct's own keys (each once, where it
/// first came) and, between them, any other key with its value. Not a public
/// API: `decode_struct_or_value!` writes it.
pub struct Seen<const N: usize> {
    known: [&'static str; N],
    count: usize,
    /// Other keys: how many known keys came before each, the key, its value.
    other: Vec<(usize, String, Value)>,
}

impl<const N: usize> Seen<N> {
    /// None yet.
    #[inline]
    pub fn new() -> Self {
        Seen {
            known: [""; N],
            count: 0,
            other: Vec::new(),
        }
    }

    /// One of the struct's keys, the first time it comes.
    #[inline]
    pub fn known(&mut self, key: &'static str) {
        if let Some(slot) = self.known.get_mut(self.count) {
            *slot = key;
            self.count += 1;
        }
    }

    /// A key the struct does not have, with its value.
    pub fn other(&mut self, key: &str, value: Value) {
        self.other.push((self.count, key.to_owned(), value));
    }

    /// The object as it came so far: each key of the struct with `value` of
    /// it, and the other keys with theirs, in their order.
    pub fn into_object(self, value: impl Fn(&str) -> Value) -> Map<String, Value> {
        let mut object = Map::new();
        let mut other = self.other.into_iter().peekable();
        for (at, key) in self.known[..self.count].iter().enumerate() {
            while let Some((_, key, value)) = other.next_if(|(before, ..)| *before == at) {
                object.insert(key, value);
            }
            object.insert((*key).to_owned(), value(key));
        }
        for (_, key, value) in other {
            object.insert(key, value);
        }
        object
    }
}

impl<const N: usize> Default for Seen<N> {
    fn default() -> Self {
        Seen::new()
    }
}

/// [`DecodeOrValue`] for a generated model struct whose fields are all text,
/// integers, booleans or `Option`s of them (the first alternative of a
/// union), with the fields as `decode_struct!` takes them: the object read
/// once, each value read as whatever JSON it is and converted to its field's
/// type; what does not fit (a value of another type, a required key
/// missing, not an object) is the value as JSON, rebuilt from the fields
/// read and the rest of the object.
///
/// ```
/// # use endpoint::__private::{DecodeOrValue, serde_json::{self, json}};
/// #[derive(Debug, PartialEq, serde::Serialize)]
/// struct User { login: String, id: Option<i64> }
///
/// endpoint::__private::decode_struct_or_value! {
///     User { login: String = "login" } { id: Option<i64> = "id" }
/// }
///
/// let decode = |text| User::decode_or_value(&mut serde_json::Deserializer::from_str(text));
/// assert_eq!(decode(r#"{"login": "octocat", "id": 1}"#)?, Ok(User { login: "octocat".into(), id: Some(1) }));
/// assert_eq!(decode(r#"{"id": 1, "x": [], "login": 7}"#)?, Err(json!({"id": 1, "x": [], "login": 7})));
/// assert_eq!(decode(r#"{"id": null}"#)?, Err(json!({"id": null})));
/// assert_eq!(decode(r#""ghost""#)?, Err(json!("ghost")));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! __decode_struct_or_value {
    // One field's value, required or optional alike: kept when it fits the
    // field's type, else the loop over the object ends with the key and the
    // value as JSON.
    (@field $map:ident $seen:ident $key:ident $field:ident: $type:ty = $wire:literal) => {
        match $map.next_value_seed($crate::__private::FieldOrValue::<$type>::new())? {
            ::core::result::Result::Ok(value) => {
                if $field.is_none() {
                    $seen.known($wire);
                }
                $field = ::core::option::Option::Some(value);
            }
            ::core::result::Result::Err(value) => break ::core::option::Option::Some(($key, value)),
        }
    };
    (
        $(#[$attr:meta])*
        $name:ident {
            $($required:ident: $required_type:ty = $required_key:literal),* $(,)?
        } {
            $($optional:ident: $optional_type:ty = $optional_key:literal),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[allow(deprecated, irrefutable_let_patterns)]
        impl $crate::__private::DecodeOrValue for $name {
            fn decode_or_value<'de, __D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: __D,
            ) -> ::core::result::Result<
                ::core::result::Result<Self, $crate::__private::serde_json::Value>,
                __D::Error,
            > {
                // The macro's own names start with `__`, and the prelude's
                // are written with their paths: `$name` (`Value`, `Result`,
                // `Object`, `None`) is the caller's.
                use $crate::__private::serde_json::Value as __Value;
                struct __Object;
                impl<'de> $crate::__private::ObjectOrValue<'de> for __Object {
                    type Out = $name;
                    fn visit_map<__A: $crate::__private::serde::de::MapAccess<'de>>(
                        self,
                        mut map: __A,
                    ) -> ::core::result::Result<::core::result::Result<$name, __Value>, __A::Error> {
                        $(let mut $required: ::core::option::Option<$required_type> = ::core::option::Option::None;)*
                        $(let mut $optional: ::core::option::Option<$optional_type> = ::core::option::Option::None;)*
                        const KEYS: usize = <[&str]>::len(&[$($required_key,)* $($optional_key,)*]);
                        let mut seen = $crate::__private::Seen::<KEYS>::new();
                        let failed = loop {
                            let ::core::option::Option::Some(key) = map.next_key::<$crate::__private::Key<'de>>()? else {
                                break ::core::option::Option::None;
                            };
                            match key.as_str() {
                                $($required_key => $crate::__decode_struct_or_value!(
                                    @field map seen key $required: $required_type = $required_key
                                ),)*
                                $($optional_key => $crate::__decode_struct_or_value!(
                                    @field map seen key $optional: $optional_type = $optional_key
                                ),)*
                                other => {
                                    let value = map.next_value::<__Value>()?;
                                    seen.other(other, value);
                                }
                            }
                        };
                        let required = ($($required,)*);
                        if failed.is_none() {
                            if let ($(::core::option::Option::Some($required),)*) = required {
                                return ::core::result::Result::Ok(::core::result::Result::Ok($name {
                                    $($required,)*
                                    $($optional: ::core::option::Option::flatten($optional),)*
                                }));
                            }
                        }
                        let ($($required,)*) = required;
                        let value = |key: &str| -> __Value {
                            let value = match key {
                                $($required_key => $crate::__private::serde_json::to_value(&$required),)*
                                $($optional_key => $crate::__private::serde_json::to_value(&$optional),)*
                                _ => ::core::result::Result::Ok(__Value::Null),
                            };
                            value.unwrap_or(__Value::Null)
                        };
                        let mut object = seen.into_object(value);
                        if let ::core::option::Option::Some((key, value)) = failed {
                            object.insert(key.as_str().to_owned(), value);
                            while let ::core::option::Option::Some(key) = map.next_key::<::std::string::String>()? {
                                let value = map.next_value::<__Value>()?;
                                object.insert(key, value);
                            }
                        }
                        ::core::result::Result::Ok(::core::result::Result::Err(__Value::Object(object)))
                    }
                }
                $crate::__private::decode_or_value(deserializer, __Object)
            }
        }
    };
}

/// `Deserialize` for an untagged union: each variant's type tried in
/// order on the value captured once ([`Captured`]), then `Other` with the
/// value as it was. Written by the generator after each untagged union.
/// A first variant written `First: Type => one_pass` is decoded without
/// capturing, by its [`DecodeOrValue`] (`decode_struct_or_value!`), the
/// others tried on the value it gives back when it does not fit.
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
    // The variants after the first, each tried on the captured `value`,
    // then `Other` with the value as it was.
    (@others $name:ident, $value:ident, $error:ty, $($variant:ident: $type:ty),*) => {{
        $(
            if let ::core::option::Option::Some(decoded) = $value.decode::<$type>() {
                return ::core::result::Result::Ok($name::$variant(decoded));
            }
        )*
        $value
            .into_value()
            .map($name::Other)
            .map_err(<$error as $crate::__private::serde::de::Error>::custom)
    }};
    (
        $(#[$attr:meta])*
        $name:ident {
            $first:ident: $first_type:ty => one_pass,
            $($variant:ident: $type:ty),* $(,)?
        }
    ) => {
        $crate::__impl_deserialize!($(#[$attr])* $name, deserializer => {
            let value = match <$first_type as $crate::__private::DecodeOrValue>::decode_or_value(deserializer)? {
                ::core::result::Result::Ok(decoded) => {
                    return ::core::result::Result::Ok($name::$first(decoded));
                }
                ::core::result::Result::Err(value) => $crate::__private::Captured::Value(value),
            };
            $crate::__decode_union!(@others $name, value, __D::Error, $($variant: $type),*)
        });
    };
    (
        $(#[$attr:meta])*
        $name:ident {
            $($variant:ident: $type:ty),* $(,)?
        }
    ) => {
        $crate::__impl_deserialize!($(#[$attr])* $name, deserializer => {
            let value = $crate::__private::Captured::capture(deserializer)?;
            $crate::__decode_union!(@others $name, value, __D::Error, $($variant: $type),*)
        });
    };
}

/// `impl Deserialize<'de> for $name` (with the attributes before it) whose
/// `deserialize` is `$body`, its deserializer named `$deserializer` and of
/// type `__D`: the one header of the decoding macros' impls.
#[macro_export]
#[doc(hidden)]
macro_rules! __impl_deserialize {
    ($(#[$attr:meta])* $name:ident, $deserializer:ident => $body:block) => {
        $(#[$attr])*
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<__D: $crate::__private::serde::Deserializer<'de>>(
                $deserializer: __D,
            ) -> ::core::result::Result<Self, __D::Error> $body
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

    /// A user as the models have it: text, integers, booleans, `Option`s.
    #[derive(Debug, PartialEq, serde::Serialize)]
    struct Person {
        login: String,
        id: i64,
        site_admin: Option<bool>,
        name: Option<String>,
    }

    crate::__decode_struct! {
        Person { login: String = "login", id: i64 = "id" } {
            site_admin: Option<bool> = "site_admin",
            name: Option<String> = "name",
        }
    }

    crate::__decode_struct_or_value! {
        Person { login: String = "login", id: i64 = "id" } {
            site_admin: Option<bool> = "site_admin",
            name: Option<String> = "name",
        }
    }

    /// An enum of a person, an empty object or any other value, decoded by
    /// `__decode_union!` with the person's alternative as written.
    macro_rules! person_union {
        ($(#[$attr:meta])* $name:ident { $($person:tt)* }) => {
            $(#[$attr])*
            #[derive(Debug, PartialEq)]
            enum $name {
                Person(Person),
                Empty(serde_json::Map<String, Value>),
                Other(Value),
            }

            crate::__decode_union! {
                $name { $($person)*, Empty: serde_json::Map<String, Value> }
            }
        };
    }

    person_union! {
        /// The same union, its first alternative tried on the captured text.
        ByText { Person: Person }
    }

    person_union! {
        /// … and decoded in one pass.
        OnePass { Person: Person => one_pass }
    }

    /// The form and the JSON text of each (keys in order).
    fn shown(captured: ByText) -> String {
        match captured {
            ByText::Person(person) => format!("person {person:?}"),
            ByText::Empty(object) => format!("empty {}", Value::Object(object)),
            ByText::Other(value) => format!("other {value}"),
        }
    }

    fn shown_one_pass(one_pass: OnePass) -> String {
        shown(match one_pass {
            OnePass::Person(person) => ByText::Person(person),
            OnePass::Empty(object) => ByText::Empty(object),
            OnePass::Other(value) => ByText::Other(value),
        })
    }

    #[test]
    fn one_pass_decodes_as_the_captured_text_does() {
        let cases = [
            (r#"{"login": "octocat", "id": 1}"#, "person"),
            (
                r#"{"id": 1, "x": [1, {"y": 2}], "login": "a", "name": null}"#,
                "person",
            ),
            (
                r#"{"login": "a\"b\u00e9", "id": 1, "site_admin": false, "name": "\n"}"#,
                "person",
            ),
            (r#"{"login": "a", "id": 1, "login": "b"}"#, "person"),
            (
                r#"{"login": "a", "id": -1, "site_admin": "yes", "z": 1}"#,
                "empty",
            ),
            (
                r#"{"login": "a", "x": 1, "id": 1, "login": 2, "w": [3]}"#,
                "empty",
            ),
            (
                r#"{"q": 1, "login": "a", "r": {}, "id": "x", "s": null}"#,
                "empty",
            ),
            (r#"{"login": "a"}"#, "empty"),
            (r#"{"name": null, "site_admin": true}"#, "empty"),
            (r#"{}"#, "empty"),
            (r#"{"login": "a", "id": 1.0}"#, "empty"),
            (r#"{"login": "a", "id": 18446744073709551615}"#, "empty"),
            (r#"{"login": "a", "id": 1, "name": 5}"#, "empty"),
            (r#"{"login": {"a": [1]}, "id": 1}"#, "empty"),
            (r#"{"id": 2, "login": ["a"], "id": 3}"#, "empty"),
            (r#""ghost""#, "other"),
            ("7", "other"),
            ("-3", "other"),
            ("1.5", "other"),
            ("true", "other"),
            ("null", "other"),
            ("[1, {}]", "other"),
        ];
        for (text, form) in cases {
            let captured = shown(serde_json::from_str::<ByText>(text).unwrap());
            assert!(captured.starts_with(form), "{text}: {captured}");
            let one_pass = serde_json::from_str::<OnePass>(text).unwrap();
            assert_eq!(shown_one_pass(one_pass), captured, "{text}");
            // From a reader and from a `Value` too.
            let one_pass = serde_json::from_reader::<_, OnePass>(text.as_bytes()).unwrap();
            assert_eq!(shown_one_pass(one_pass), captured, "{text}");
            let value: Value = serde_json::from_str(text).unwrap();
            let one_pass = serde_json::from_value::<OnePass>(value).unwrap();
            assert_eq!(shown_one_pass(one_pass), captured, "{text}");
        }
        for text in [
            r#"{"login": "a","#,
            r#"{"login": "a", "x": [}"#,
            r#"{"id": x}"#,
            "{",
        ] {
            assert!(serde_json::from_str::<ByText>(text).is_err(), "{text}");
            assert!(serde_json::from_str::<OnePass>(text).is_err(), "{text}");
        }
    }
}
