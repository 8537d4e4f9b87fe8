//! Call options: a JSON object, borrowed or owned, or nothing.

use std::borrow::Cow;
use std::cell::Cell;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::value::{MAX_DEPTH, to_value};

/// The options of a call: a JSON object (borrowed or owned), or none.
///
/// Every method of [`Endpoint`](crate::Endpoint) that takes options accepts
/// anything that converts into this: a `serde_json::Value` or `Map` (by value
/// or by reference), `()` or `Option::None` for no options, and any
/// `Serialize` type through [`Options::serialize`].
///
/// ```
/// use endpoint::{Endpoint, Options};
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Params<'a> { owner: &'a str, repo: &'a str }
///
/// let options = Options::serialize(&Params { owner: "octocat", repo: "hello-world" })?;
/// let request = Endpoint::default().endpoint("GET /repos/{owner}/{repo}", options)?;
/// assert_eq!(request.url, "https://api.github.com/repos/octocat/hello-world");
/// # Ok::<(), endpoint::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options<'a>(Repr<'a>, DeepFlag);

/// Set when the options were found nested deeper than
/// [`MAX_DEPTH`]: they are then taken apart without
/// recursion when dropped, since `serde_json::Value`'s own drop recurses.
#[derive(Debug, Clone, Default, PartialEq)]
struct DeepFlag(Cell<bool>);

#[derive(Debug, Clone, Default, PartialEq)]
enum Repr<'a> {
    #[default]
    None,
    Value(Cow<'a, Value>),
    Map(Cow<'a, Map<String, Value>>),
}

impl Options<'static> {
    /// Options from any `Serialize` value that serializes to a JSON object.
    ///
    /// # Errors
    /// [`Error::Serialize`] when serialization fails; the value is checked to
    /// be an object when it is used.
    pub fn serialize<T: Serialize + ?Sized>(value: &T) -> Result<Self> {
        to_value(value, "options").map(Options::from)
    }
}

impl<'a> Options<'a> {
    /// The options object, `None` for no options (or `null`).
    ///
    /// # Errors
    /// [`Error::Option`] when the options are not an object, or
    /// [`Error::TooDeep`] when a value nests deeper than
    /// [`MAX_DEPTH`].
    pub(crate) fn as_map(&self) -> Result<Option<&Map<String, Value>>> {
        let map = match &self.0 {
            Repr::None => return Ok(None),
            Repr::Map(map) => &**map,
            Repr::Value(value) => match &**value {
                Value::Null => return Ok(None),
                Value::Object(map) => map,
                _ => return Err(Error::option("options", "must be an object")),
            },
        };
        check_depth(map).inspect_err(|_| self.1.0.set(true))?;
        Ok(Some(map))
    }
}

impl Drop for Options<'_> {
    fn drop(&mut self) {
        if !self.1.0.get() {
            return;
        }
        match &mut self.0 {
            Repr::Value(Cow::Owned(value)) => dismantle(std::mem::take(value)),
            Repr::Map(Cow::Owned(map)) => dismantle(Value::Object(std::mem::take(map))),
            _ => {}
        }
    }
}

/// Drops a value of any depth without recursing.
pub(crate) fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(mut value) = stack.pop() {
        match &mut value {
            Value::Array(items) => stack.append(items),
            Value::Object(fields) => {
                stack.extend(std::mem::take(fields).into_iter().map(|(_, v)| v))
            }
            _ => {}
        }
    }
}

/// Refuses values nested deeper than [`MAX_DEPTH`], so
/// that every later recursive step is safe. The walk itself recurses at most
/// `MAX_DEPTH` levels, however deep the value is.
pub(crate) fn check_depth(map: &Map<String, Value>) -> Result<()> {
    for (key, value) in map {
        // Most values are scalars: no call for them.
        let nested = matches!(value, Value::Array(_) | Value::Object(_));
        if nested && !within_depth(value, 1) {
            return Err(Error::TooDeep {
                key: key.clone(),
                limit: MAX_DEPTH,
            });
        }
    }
    Ok(())
}

/// Whether `value`, found at `depth`, nests no deeper than the limit.
fn within_depth(value: &Value, depth: usize) -> bool {
    let below = |child: &Value| within_depth(child, depth + 1);
    match value {
        Value::Array(items) => depth <= MAX_DEPTH && items.iter().all(below),
        Value::Object(fields) => depth <= MAX_DEPTH && fields.values().all(below),
        _ => true,
    }
}

impl From<()> for Options<'_> {
    fn from((): ()) -> Self {
        Options(Repr::None, DeepFlag::default())
    }
}

impl From<Value> for Options<'_> {
    fn from(value: Value) -> Self {
        Options(Repr::Value(Cow::Owned(value)), DeepFlag::default())
    }
}

impl<'a> From<&'a Value> for Options<'a> {
    fn from(value: &'a Value) -> Self {
        Options(Repr::Value(Cow::Borrowed(value)), DeepFlag::default())
    }
}

impl From<Map<String, Value>> for Options<'_> {
    fn from(map: Map<String, Value>) -> Self {
        Options(Repr::Map(Cow::Owned(map)), DeepFlag::default())
    }
}

impl<'a> From<&'a Map<String, Value>> for Options<'a> {
    fn from(map: &'a Map<String, Value>) -> Self {
        Options(Repr::Map(Cow::Borrowed(map)), DeepFlag::default())
    }
}

impl<'a, T: Into<Options<'a>>> From<Option<T>> for Options<'a> {
    fn from(options: Option<T>) -> Self {
        options.map_or(Options(Repr::None, DeepFlag::default()), Into::into)
    }
}
