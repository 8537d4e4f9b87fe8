//! Open string enums: [`Unknown`], the `open_enum!` macro that defines
//! them, and the functions their conversions share.
//!
//! The macro is expanded once per enum of a whole API (hundreds of times),
//! so each enum gets only what must know its variants: `as_str` and
//! `From<&str>` as plain `match`es, the other impls calling those. The
//! non-generic impls are `#[inline]`, so that an enum a program never
//! converts costs no machine code, and deserializing shares one visitor.

use std::fmt;

use serde::Deserializer;
use serde::de::{self, Visitor};

/// The text of an enum value that this version of the crate does not know:
/// the value of an open enum's `Unknown` variant.
///
/// It has no public constructor, so that no code matches a particular
/// unknown value by accident: once a later version knows the value, it
/// decodes as its own variant. Compare [`as_str`](Unknown::as_str) (or the
/// enum's `as_str`) with the text instead.
///
/// ```
/// # endpoint::__private::open_enum! {
/// #     /// The state of an issue.
/// #     pub enum IssueState {
/// #         /// `open`
/// #         Open = "open",
/// #         /// `closed`
/// #         Closed = "closed",
/// #     }
/// # }
/// let state: IssueState = serde_json::from_str(r#""draft""#)?;
/// match &state {
///     IssueState::Open => println!("open"),
///     IssueState::Closed => println!("closed"),
///     IssueState::Unknown(unknown) => assert_eq!(unknown.as_str(), "draft"),
///     _ => {}
/// }
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unknown(String);

impl Unknown {
    /// The value's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Unknown({:?})", self.0)
    }
}

impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

/// An [`Unknown`] holding `text`.
pub fn unknown(text: impl Into<String>) -> Unknown {
    Unknown(text.into())
}

/// Deserializes an open enum from a string: `from_text` turns the text into
/// the enum (a known variant, or `Unknown`); anything but a string is a type
/// error.
pub fn deserialize<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    from_text: fn(&str) -> T,
) -> Result<T, D::Error> {
    struct Text<T>(fn(&str) -> T);

    impl<T> Visitor<'_> for Text<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
            Ok((self.0)(text))
        }
    }

    deserializer.deserialize_str(Text(from_text))
}

/// Defines an open string enum, for generated response models: a variant
/// per known value (`Name = "text"`), and `Unknown` for any other text.
///
/// The enum is `#[non_exhaustive]` and derives `Debug`, `Clone`,
/// `PartialEq`, `Eq` and `Hash`; it has `as_str` (the text, also of an
/// unknown value) and implements `Display`, `FromStr` (never failing),
/// `From<&str>`, `Serialize` (the text) and `Deserialize` (from a string: an
/// unknown value is never an error). The attributes before `enum` go on the
/// enum; its `cfg` attributes also go on its impls.
///
/// ```
/// endpoint::__private::open_enum! {
///     /// The state of the issue.
///     #[cfg(not(any()))]
///     pub enum IssueState {
///         /// `open`
///         Open = "open",
///         /// `closed`
///         Closed = "closed",
///     }
/// }
///
/// assert_eq!(serde_json::from_str::<IssueState>(r#""open""#)?, IssueState::Open);
/// let draft: IssueState = serde_json::from_str(r#""draft""#)?;
/// assert_eq!(draft.as_str(), "draft");
/// assert_eq!(serde_json::to_string(&draft)?, r#""draft""#);
/// assert_eq!("closed".parse::<IssueState>(), Ok(IssueState::Closed));
/// assert_eq!(IssueState::from("closed").to_string(), "closed");
/// assert!(serde_json::from_str::<IssueState>("1").is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! __open_enum {
    // The attributes, one by one: `cfg` ones go on the enum and its impls,
    // the others on the enum alone.
    (@attrs [$($cfg:tt)*] [$($other:tt)*] #[cfg $($condition:tt)*] $($rest:tt)*) => {
        $crate::__open_enum! { @attrs [$($cfg)* #[cfg $($condition)*]] [$($other)*] $($rest)* }
    };
    (@attrs [$($cfg:tt)*] [$($other:tt)*] #[$($attr:tt)*] $($rest:tt)*) => {
        $crate::__open_enum! { @attrs [$($cfg)*] [$($other)* #[$($attr)*]] $($rest)* }
    };
    (@attrs [$($cfg:tt)*] [$($other:tt)*]
        $vis:vis enum $name:ident {
            $($(#[$variant_attr:meta])* $variant:ident = $text:literal),* $(,)?
        }
    ) => {
        $($cfg)*
        $($other)*
        #[non_exhaustive]
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$variant_attr])* $variant,)*
            /// A value not known to this version of the crate, with its text.
            Unknown($crate::model::Unknown),
        }

        $($cfg)*
        const _: () = {
            impl $name {
                /// The value's text, as the API writes it.
                #[inline]
                pub fn as_str(&self) -> &str {
                    match self {
                        $(Self::$variant => $text,)*
                        Self::Unknown(unknown) => unknown.as_str(),
                    }
                }
            }

            impl ::core::fmt::Display for $name {
                #[inline]
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.pad(self.as_str())
                }
            }

            impl ::core::convert::From<&str> for $name {
                #[inline]
                fn from(text: &str) -> Self {
                    match text {
                        $($text => Self::$variant,)*
                        _ => Self::Unknown($crate::__private::open_enum_unknown(text)),
                    }
                }
            }

            impl ::core::str::FromStr for $name {
                type Err = ::core::convert::Infallible;

                #[inline]
                fn from_str(text: &str) -> ::core::result::Result<Self, Self::Err> {
                    ::core::result::Result::Ok(Self::from(text))
                }
            }

            impl $crate::__private::serde::Serialize for $name {
                fn serialize<S: $crate::__private::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.as_str())
                }
            }

            impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
                fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    $crate::__private::open_enum_deserialize(deserializer, |text: &str| {
                        Self::from(text)
                    })
                }
            }
        };
    };
    ($($input:tt)*) => {
        $crate::__open_enum! { @attrs [] [] $($input)* }
    };
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    crate::__open_enum! {
        /// The state of the issue.
        #[derive(PartialOrd)]
        #[cfg(all())]
        pub enum IssueState {
            /// `open`
            Open = "open",
            /// `closed`
            Closed = "closed",
            /// A value with a dash.
            NotPlanned = "not-planned"
        }
    }

    crate::__open_enum! {
        #[cfg(any())]
        pub enum Missing {
            Value = "value",
        }
    }

    crate::__open_enum! {
        pub(crate) enum Empty {}
    }

    #[test]
    fn known_and_unknown_values() {
        for (text, state) in [
            ("open", IssueState::Open),
            ("closed", IssueState::Closed),
            ("not-planned", IssueState::NotPlanned),
        ] {
            assert_eq!(state.as_str(), text);
            assert_eq!(state.to_string(), text);
            assert_eq!(IssueState::from(text), state);
            assert_eq!(text.parse::<IssueState>(), Ok(state.clone()));
            let json = json!(text);
            assert_eq!(
                serde_json::from_value::<IssueState>(json.clone()).unwrap(),
                state
            );
            assert_eq!(
                serde_json::from_str::<IssueState>(&json.to_string()).unwrap(),
                state
            );
            assert_eq!(serde_json::to_value(&state).unwrap(), json);
        }
        for text in ["draft", "", "Open", "open ", "\u{e9}t\u{e9}"] {
            let from_str = IssueState::from(text);
            let from_json: IssueState = serde_json::from_value(json!(text)).unwrap();
            let from_text: IssueState =
                serde_json::from_str(&serde_json::to_string(text).unwrap()).unwrap();
            for state in [&from_str, &from_json, &from_text] {
                let IssueState::Unknown(unknown) = state else {
                    panic!("{text:?} is known: {state:?}");
                };
                assert_eq!(unknown.as_str(), text);
                assert_eq!(unknown.to_string(), text);
                assert_eq!(state.as_str(), text);
                assert_eq!(state.to_string(), text);
                assert_eq!(serde_json::to_value(state).unwrap(), json!(text));
            }
            assert_eq!(from_str, from_json);
            assert_eq!(from_json, from_text);
        }
        assert_eq!(
            format!("{:?}", IssueState::from("draft")),
            r#"Unknown(Unknown("draft"))"#
        );
        assert_eq!(format!("{:>7}", IssueState::Open), "   open");
        assert!(IssueState::Open < IssueState::Closed);
        assert_eq!(Empty::from("x").as_str(), "x");
    }

    #[test]
    fn other_types_are_type_errors() {
        for json in ["1", "null", "true", "[]", "{}"] {
            let error = serde_json::from_str::<IssueState>(json).unwrap_err();
            assert!(error.to_string().contains("expected a string"), "{error}");
        }
        #[derive(Debug, serde::Deserialize)]
        struct Issue {
            #[allow(dead_code)]
            state: Option<IssueState>,
        }
        assert!(
            serde_json::from_str::<Issue>(r#"{"state": null}"#)
                .unwrap()
                .state
                .is_none()
        );
    }
}
