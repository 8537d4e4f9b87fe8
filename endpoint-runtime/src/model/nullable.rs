//! [`Nullable`]: a field that may be absent, `null`, or a value, the three
//! told apart.

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

/// The value of a property that may be left out and may also be `null`,
/// where the two mean different things (in a request, leaving a property
/// out keeps what the server has; `null` clears it).
///
/// A generated model's field of this type is not written when
/// [`Absent`](Nullable::Absent), and a key read as `null` stays
/// [`Null`](Nullable::Null), so that a model writes back what it read.
///
/// ```
/// use endpoint::model::Nullable;
///
/// #[derive(serde::Serialize, serde::Deserialize, Default)]
/// struct Patch {
///     #[serde(default, skip_serializing_if = "Nullable::is_absent")]
///     milestone: Nullable<u32>,
/// }
///
/// assert_eq!(serde_json::to_string(&Patch::default())?, "{}");
/// let clear = Patch { milestone: Nullable::Null };
/// assert_eq!(serde_json::to_string(&clear)?, r#"{"milestone":null}"#);
/// let read: Patch = serde_json::from_str(r#"{"milestone":null}"#)?;
/// assert_eq!(read.milestone, Nullable::Null);
/// let read: Patch = serde_json::from_str(r#"{"milestone":7}"#)?;
/// assert_eq!(read.milestone.value(), Some(&7));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Nullable<T> {
    /// Not written at all.
    #[default]
    Absent,
    /// Written as `null`.
    Null,
    /// Written as the value.
    Value(T),
}

impl<T> Nullable<T> {
    /// Whether it is [`Absent`](Nullable::Absent) (for
    /// `skip_serializing_if`).
    pub fn is_absent(&self) -> bool {
        matches!(self, Nullable::Absent)
    }

    /// The value, when there is one.
    pub fn value(&self) -> Option<&T> {
        match self {
            Nullable::Value(value) => Some(value),
            Nullable::Absent | Nullable::Null => None,
        }
    }

    /// The value, when there is one, taken.
    pub fn into_value(self) -> Option<T> {
        match self {
            Nullable::Value(value) => Some(value),
            Nullable::Absent | Nullable::Null => None,
        }
    }
}

impl<T> From<Option<T>> for Nullable<T> {
    /// `Some` is the value, `None` is `null`.
    fn from(value: Option<T>) -> Self {
        value.map_or(Nullable::Null, Nullable::Value)
    }
}

impl<T: Serialize> Serialize for Nullable<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Nullable::Value(value) => serializer.serialize_some(value),
            Nullable::Absent | Nullable::Null => serializer.serialize_none(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Nullable<T> {
    /// A key that is present reads as `null` or the value; an absent one is
    /// the field's default, [`Absent`](Nullable::Absent).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<T>::deserialize(deserializer).map(Nullable::from)
    }
}

/// How a generated decoder finishes an optional field from what it read:
/// `None` when its key was missing. Not a public API: `decode_struct!`
/// calls it.
pub trait OptionalField: Sized {
    /// The field's value when its key was read as `read` (`None`: missing).
    fn or_absent(read: Option<Self>) -> Self;
}

impl<T> OptionalField for Option<T> {
    #[inline]
    fn or_absent(read: Option<Self>) -> Self {
        read.flatten()
    }
}

impl<T> OptionalField for Nullable<T> {
    #[inline]
    fn or_absent(read: Option<Self>) -> Self {
        read.unwrap_or(Nullable::Absent)
    }
}
