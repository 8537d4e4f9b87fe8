//! One parameter value, as the template expander, the query encoder and the
//! body writer read it.
//!
//! A [`Param`] is a borrowed view, so that a typed struct's `String` field,
//! its `Vec<String>` and a dynamic `serde_json::Value` reach the builder the
//! same way, without being copied or converted to JSON first.

use std::borrow::Cow;
use std::fmt;

use serde_json::{Number, Value};

use serde::Serialize;

use crate::error::{Error, Result};
use crate::file::File;
use crate::number;

/// How deeply option values may nest (objects and lists inside each other)
/// before a call is refused with [`Error::TooDeep`](crate::Error::TooDeep).
///
/// The limit keeps every recursive step (merging, writing a body) far from
/// the stack's end; it is below `serde_json`'s own parsing limit of 128.
pub const MAX_DEPTH: usize = 100;

/// One parameter value: a borrowed view, three words long and `Copy`, so
/// that reading one is a copy and not a match on its kind.
///
/// `to_json` of a value only a body can hold (bytes, a file, a choice of
/// body) is its bytes as text when they are UTF-8, else a list of numbers;
/// its `Debug` shows no bytes.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub enum Param<'a> {
    /// `null`: undefined in a template, left out of a query, kept in a body.
    Null,
    /// A boolean.
    Bool(bool),
    /// An unsigned integer.
    U64(u64),
    /// A signed integer.
    I64(i64),
    /// A floating-point number.
    F64(f64),
    /// A string.
    Str(&'a str),
    /// A list of values that are not JSON yet (a typed `Vec<String>`).
    List(&'a dyn List),
    /// Any JSON value.
    Json(&'a Value),
    /// Bytes, sent as they are: a whole body, or a multipart part. Nothing
    /// else can hold them: a URL, a header or JSON text refuses them with an
    /// error naming the parameter.
    Bytes(&'a [u8]),
    /// A file ([`body::File`](crate::body::File)): its bytes, name, media
    /// type and part headers; a whole body or a multipart part, as
    /// [`Param::Bytes`].
    File(&'a File),
    /// A whole body of one of several media types, as chosen
    /// ([`body::Content`](crate::body::Content)); a whole body or a
    /// multipart part, as [`Param::Bytes`].
    Content(&'a Contents<'a>),
}

/// A value and the media type it is written as: what a
/// [`body::Content`](crate::body::Content) type offers as its body.
///
/// ```
/// use endpoint::body::Contents;
/// use endpoint::__private::ToParam;
///
/// let yaml = "kind: Pod\n";
/// let contents = Contents::new("application/apply-patch+yaml", yaml.to_param());
/// assert_eq!(contents.media_type, "application/apply-patch+yaml");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Contents<'a> {
    /// The media type (`application/merge-patch+json`): the request's
    /// `content-type`, and how the value is written (see
    /// [`Content`](crate::body::Content)).
    pub media_type: Cow<'a, str>,
    /// The value.
    pub value: Param<'a>,
}

impl<'a> Contents<'a> {
    /// `value` as `media_type`.
    pub fn new(media_type: impl Into<Cow<'a, str>>, value: Param<'a>) -> Self {
        Contents {
            media_type: media_type.into(),
            value,
        }
    }
}

/// A list whose items are read one by one, without building a JSON array.
pub trait List {
    /// How many items there are.
    fn len(&self) -> usize;

    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The item at `index` (below [`List::len`]).
    fn item(&self, index: usize) -> Param<'_>;
}

/// Types whose parameter value is read directly, without serde: strings,
/// integers, `f64`, booleans, JSON values, and lists and options of those.
pub trait ToParam {
    /// The value.
    fn to_param(&self) -> Param<'_>;
}

/// The items of a list value, JSON or not.
#[derive(Clone, Copy)]
pub(crate) enum Items<'a> {
    Json(&'a [Value]),
    List(&'a dyn List),
}

impl<'a> Items<'a> {
    pub(crate) fn len(&self) -> usize {
        match self {
            Items::Json(items) => items.len(),
            Items::List(list) => list.len(),
        }
    }

    /// The item at `index`, JSON scalars seen through.
    pub(crate) fn get(&self, index: usize) -> Param<'a> {
        match *self {
            Items::Json(items) => items.get(index).map_or(Param::Null, json_param),
            Items::List(list) => list.item(index).resolve(),
        }
    }

    pub(crate) fn iter(self) -> impl Iterator<Item = Param<'a>> {
        (0..self.len()).map(move |i| self.get(i))
    }
}

/// A JSON value as a parameter, scalars seen through.
pub(crate) fn json_param(value: &Value) -> Param<'_> {
    match value {
        Value::Null => Param::Null,
        Value::Bool(b) => Param::Bool(*b),
        Value::String(s) => Param::Str(s),
        Value::Number(n) => number_param(n),
        Value::Array(_) | Value::Object(_) => Param::Json(value),
    }
}

fn number_param(n: &Number) -> Param<'static> {
    if let Some(u) = n.as_u64() {
        Param::U64(u)
    } else if let Some(i) = n.as_i64() {
        Param::I64(i)
    } else {
        Param::F64(n.as_f64().unwrap_or(f64::NAN))
    }
}

impl<'a> Param<'a> {
    /// The value as JSON, borrowed where it already is JSON.
    pub fn to_json(&self) -> Cow<'_, Value> {
        match self {
            Param::Null => Cow::Owned(Value::Null),
            Param::Bool(b) => Cow::Owned(Value::Bool(*b)),
            Param::U64(n) => Cow::Owned(Value::from(*n)),
            Param::I64(n) => Cow::Owned(Value::from(*n)),
            Param::F64(n) => Cow::Owned(Value::from(*n)),
            Param::Str(s) => Cow::Owned(Value::String((*s).to_owned())),
            Param::List(list) => Cow::Owned(Value::Array(
                (0..list.len())
                    .map(|i| list.item(i).to_json().into_owned())
                    .collect(),
            )),
            Param::Json(v) => Cow::Borrowed(*v),
            Param::Bytes(bytes) => Cow::Owned(bytes_json(bytes)),
            Param::File(file) => Cow::Owned(bytes_json(file.bytes())),
            Param::Content(contents) => Cow::Owned(contents.value.to_json().into_owned()),
        }
    }

    /// Whether the value is one that only a body can hold: bytes, a file, a
    /// choice of body.
    pub fn is_body_only(&self) -> bool {
        matches!(self, Param::Bytes(_) | Param::File(_) | Param::Content(_))
    }

    /// The same value with JSON scalars seen through: `Json(Value::String(s))`
    /// becomes `Str(s)`, a JSON number becomes `U64`, `I64` or `F64`, and so
    /// on. Lists and objects stay as they are.
    pub fn resolve(&self) -> Param<'a> {
        match *self {
            Param::Json(v) => json_param(v),
            other => other,
        }
    }

    /// Whether the value is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self.resolve(), Param::Null)
    }

    /// The items, when the value is a list.
    pub(crate) fn items(&self) -> Option<Items<'_>> {
        match self {
            Param::List(list) => Some(Items::List(*list)),
            Param::Json(Value::Array(items)) => Some(Items::Json(items)),
            _ => None,
        }
    }

    /// Appends the text of a scalar (string, number, boolean) to `out` and
    /// returns `true`; returns `false` for `null`, lists and objects.
    pub fn write_scalar(&self, out: &mut String) -> bool {
        match self.resolve() {
            Param::Str(s) => out.push_str(s),
            Param::Bool(b) => out.push_str(if b { "true" } else { "false" }),
            Param::U64(n) => number::push_u64(out, n),
            Param::I64(n) => number::push_i64(out, n),
            Param::F64(n) => number::push_f64(out, n),
            Param::Null
            | Param::List(_)
            | Param::Json(_)
            | Param::Bytes(_)
            | Param::File(_)
            | Param::Content(_) => return false,
        }
        true
    }
}

impl fmt::Debug for Param<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Null => f.write_str("Null"),
            Param::Bool(b) => f.debug_tuple("Bool").field(b).finish(),
            Param::U64(n) => f.debug_tuple("U64").field(n).finish(),
            Param::I64(n) => f.debug_tuple("I64").field(n).finish(),
            Param::F64(n) => f.debug_tuple("F64").field(n).finish(),
            Param::Str(s) => f.debug_tuple("Str").field(s).finish(),
            Param::List(_) => f.debug_tuple("List").field(&self.to_json()).finish(),
            Param::Json(v) => f.debug_tuple("Json").field(v).finish(),
            // The length only: the bytes may be large, or a secret.
            Param::Bytes(bytes) => write!(f, "Bytes(<{} bytes>)", bytes.len()),
            Param::File(file) => f.debug_tuple("File").field(file).finish(),
            Param::Content(contents) => f.debug_tuple("Content").field(contents).finish(),
        }
    }
}

/// Bytes as JSON: the text when they are UTF-8, else a list of numbers.
pub(crate) fn bytes_json(bytes: &[u8]) -> Value {
    match std::str::from_utf8(bytes) {
        Ok(text) => Value::String(text.to_owned()),
        Err(_) => Value::Array(bytes.iter().map(|&b| Value::from(b)).collect()),
    }
}

/// Two values are equal when their JSON is.
impl PartialEq for Param<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.to_json() == other.to_json()
    }
}

impl<T: ToParam, const N: usize> List for [T; N] {
    fn len(&self) -> usize {
        N
    }

    fn item(&self, index: usize) -> Param<'_> {
        self.get(index).map_or(Param::Null, ToParam::to_param)
    }
}

impl<T: ToParam> List for Vec<T> {
    fn len(&self) -> usize {
        self.as_slice().len()
    }

    fn item(&self, index: usize) -> Param<'_> {
        self.as_slice()
            .get(index)
            .map_or(Param::Null, ToParam::to_param)
    }
}

impl<T: ToParam> List for &[T] {
    fn len(&self) -> usize {
        <[T]>::len(self)
    }

    fn item(&self, index: usize) -> Param<'_> {
        self.get(index).map_or(Param::Null, ToParam::to_param)
    }
}

/// `ToParam` impls that wrap the value in one variant: `by_ref` passes
/// `self`, `by_copy` passes `*self`; generic parameters go in brackets.
macro_rules! to_param {
    ($($variant:ident $how:ident: $([$($generics:tt)*] $ty:ty),* ;)*) => {$($(
        impl<$($generics)*> ToParam for $ty {
            #[inline]
            fn to_param(&self) -> Param<'_> {
                Param::$variant(to_param!(@$how self))
            }
        }
    )*)*};
    (@by_ref $self:ident) => { $self };
    (@by_copy $self:ident) => { *$self };
}

to_param! {
    List by_ref: [T: ToParam, const N: usize] [T; N], [T: ToParam] Vec<T>, [T: ToParam] &[T];
    Str by_ref: [] str, [] String, [] Cow<'_, str>, [] std::sync::Arc<str>;
    Bool by_copy: [] bool;
    F64 by_copy: [] f64;
    Json by_ref: [] Value;
}

impl<T: ToParam + ?Sized> ToParam for &T {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        (**self).to_param()
    }
}

impl<T: ToParam + ?Sized> ToParam for Box<T> {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        (**self).to_param()
    }
}

/// `None` inside a list is `null`; an absent optional field is left out
/// before it gets here.
impl<T: ToParam> ToParam for Option<T> {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        self.as_ref().map_or(Param::Null, ToParam::to_param)
    }
}

macro_rules! to_param_integers {
    ($variant:ident as $wide:ty: $($ty:ty)*) => {$(
        impl ToParam for $ty {
            #[inline]
            fn to_param(&self) -> Param<'_> {
                Param::$variant(<$wide>::from(*self))
            }
        }
    )*};
}

to_param_integers!(U64 as u64: u8 u16 u32 u64);
to_param_integers!(I64 as i64: i8 i16 i32 i64);

impl ToParam for usize {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        // `usize` is at most 64 bits on every supported target.
        Param::U64(*self as u64)
    }
}

impl ToParam for isize {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        Param::I64(*self as i64)
    }
}

/// `serde_json::to_value`, refusing values nested deeper than
/// [`MAX_DEPTH`] while they are being serialized, before
/// serde's recursion can reach the end of the stack.
pub(crate) fn to_value<T: Serialize + ?Sized>(value: &T, key: &str) -> Result<Value> {
    let mut text = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut text, DepthLimit(0));
    value.serialize(&mut serializer).map_err(|err| {
        if err.is_io() {
            Error::TooDeep {
                key: key.to_owned(),
                limit: MAX_DEPTH,
            }
        } else {
            Error::Serialize {
                key: key.to_owned(),
                message: err.to_string(),
            }
        }
    })?;
    serde_json::from_slice(&text).map_err(|err| Error::Serialize {
        key: key.to_owned(),
        message: err.to_string(),
    })
}

/// A JSON formatter that fails past [`MAX_DEPTH`] + 1
/// open containers (the options object itself is one).
struct DepthLimit(usize);

impl DepthLimit {
    fn open(&mut self) -> std::io::Result<()> {
        self.0 += 1;
        if self.0 > MAX_DEPTH + 1 {
            return Err(std::io::Error::other("nested too deeply"));
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for DepthLimit {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open()?;
        writer.write_all(b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.0 -= 1;
        writer.write_all(b"]")
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open()?;
        writer.write_all(b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.0 -= 1;
        writer.write_all(b"}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_param_is_three_words() {
        // Parameters are read, resolved and passed by value on every
        // variable of every request.
        assert_eq!(
            std::mem::size_of::<Param<'_>>(),
            3 * std::mem::size_of::<usize>()
        );
    }
}
