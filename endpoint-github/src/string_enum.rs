//! The string enums of the API: each value a variant, written on the wire,
//! by `Display` and by serde as the description spells it.
//!
//! [`string_enum!`] defines one such enum: the variants with their wire
//! values, `Default` (the first value), `Display`, `FromStr`, `Serialize`
//! and `Deserialize`. The conversions share the functions below, so that
//! each enum adds little code.

use std::fmt;

/// The error of parsing one of the crate's enums from text that is none of
/// its values.
///
/// ```
/// use endpoint::github::issues::State;
///
/// assert_eq!("open".parse::<State>(), Ok(State::Open));
/// let err = "opened".parse::<State>().unwrap_err();
/// assert_eq!(err.value(), "opened");
/// assert_eq!(err.to_string(), "`opened` is not a value of `State`: expected `open`, `closed` or `all`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownValue {
    type_name: &'static str,
    values: &'static [&'static str],
    value: String,
}

impl UnknownValue {
    /// The text that was given.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The name of the enum.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The values the enum accepts.
    pub fn expected(&self) -> &'static [&'static str] {
        self.values
    }
}

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a value of `{}`: expected ",
            self.value, self.type_name
        )?;
        for (i, value) in self.values.iter().enumerate() {
            let separator = match i {
                0 => "",
                i if i + 1 == self.values.len() => " or ",
                _ => ", ",
            };
            write!(f, "{separator}`{value}`")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownValue {}

/// The index of `text` among `values`.
pub(crate) fn position(
    text: &str,
    values: &'static [&'static str],
    type_name: &'static str,
) -> Result<usize, UnknownValue> {
    values
        .iter()
        .position(|value| *value == text)
        .ok_or_else(|| UnknownValue {
            type_name,
            values,
            value: text.to_owned(),
        })
}

/// Deserializes an enum from its wire value.
pub(crate) fn deserialize<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr<Err = UnknownValue>,
{
    struct Visitor<T>(std::marker::PhantomData<T>);

    impl<T: std::str::FromStr<Err = UnknownValue>> serde::de::Visitor<'_> for Visitor<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string value")
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
            text.parse().map_err(E::custom)
        }
    }

    deserializer.deserialize_str(Visitor(std::marker::PhantomData))
}

/// Defines a string enum: `Name = "wire value"` per variant, the first one
/// the default.
macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $(#[$first_meta:meta])*
            $first:ident = $first_value:literal,
            $(
                $(#[$variant_meta:meta])*
                $variant:ident = $value:literal,
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            $(#[$first_meta])*
            #[default]
            $first,
            $(
                $(#[$variant_meta])*
                $variant,
            )*
        }

        impl $name {
            /// Every value, in the order of GitHub's description.
            pub const ALL: &'static [Self] = &[Self::$first, $(Self::$variant,)*];

            /// The wire values, in the same order.
            pub const VALUES: &'static [&'static str] = &[$first_value, $($value,)*];

            /// The value as sent.
            pub const fn as_str(self) -> &'static str {
                Self::VALUES[self as usize]
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::UnknownValue;

            fn from_str(text: &str) -> ::core::result::Result<Self, Self::Err> {
                $crate::string_enum::position(text, Self::VALUES, stringify!($name))
                    .map(|index| Self::ALL[index])
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::string_enum::deserialize(deserializer)
            }
        }
    };
}

pub(crate) use string_enum;
