//! Call options: a JSON object, borrowed or owned, or nothing.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// The options of a call: a JSON object (borrowed or owned), or none.
///
/// Every method of [`Endpoint`](crate::Endpoint) that takes options accepts
/// anything that converts into this: a `serde_json::Value` or `Map` (by value
/// or by reference), `()` or `Option::None` for no options, and any
/// `Serialize` type through [`Options::serialize`].
///
/// ```
/// use endpoint_runtime::{Endpoint, Options};
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Params<'a> { owner: &'a str, repo: &'a str }
///
/// let options = Options::serialize(&Params { owner: "octocat", repo: "hello-world" })?;
/// let request = Endpoint::default().endpoint("GET /repos/{owner}/{repo}", options)?;
/// assert_eq!(request.url, "https://api.github.com/repos/octocat/hello-world");
/// # Ok::<(), endpoint_runtime::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options<'a>(Repr<'a>);

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
        serde_json::to_value(value)
            .map(|value| Options(Repr::Value(Cow::Owned(value))))
            .map_err(|err| Error::Serialize {
                key: "options".into(),
                message: err.to_string(),
            })
    }
}

impl<'a> Options<'a> {
    /// The options object, `None` for no options (or `null`).
    ///
    /// # Errors
    /// [`Error::Option`] when the options are not an object, or
    /// [`Error::TooDeep`] when a value nests deeper than
    /// [`MAX_DEPTH`](crate::MAX_DEPTH).
    pub(crate) fn as_map(&self) -> Result<Option<&Map<String, Value>>> {
        let map = match &self.0 {
            Repr::None => return Ok(None),
            Repr::Map(map) => &**map,
            Repr::Value(value) => match &**value {
                Value::Null => return Ok(None),
                Value::Object(map) => map,
                _ => {
                    return Err(Error::Option {
                        key: "options".into(),
                        reason: "must be an object",
                    });
                }
            },
        };
        check_depth(map)?;
        Ok(Some(map))
    }
}

/// Refuses values nested deeper than [`MAX_DEPTH`](crate::MAX_DEPTH), without
/// recursing, so that every later recursive step is safe.
pub(crate) fn check_depth(map: &Map<String, Value>) -> Result<()> {
    let mut stack: Vec<(&Value, usize)> = Vec::new();
    for (key, value) in map {
        if !matches!(value, Value::Array(_) | Value::Object(_)) {
            continue;
        }
        stack.push((value, 1));
        while let Some((value, depth)) = stack.pop() {
            if depth > crate::MAX_DEPTH {
                return Err(Error::TooDeep {
                    key: key.clone(),
                    limit: crate::MAX_DEPTH,
                });
            }
            match value {
                Value::Array(items) => stack.extend(
                    items
                        .iter()
                        .filter(|v| matches!(v, Value::Array(_) | Value::Object(_)))
                        .map(|v| (v, depth + 1)),
                ),
                Value::Object(fields) => stack.extend(
                    fields
                        .values()
                        .filter(|v| matches!(v, Value::Array(_) | Value::Object(_)))
                        .map(|v| (v, depth + 1)),
                ),
                _ => {}
            }
        }
    }
    Ok(())
}

impl From<()> for Options<'_> {
    fn from((): ()) -> Self {
        Options(Repr::None)
    }
}

impl From<Value> for Options<'_> {
    fn from(value: Value) -> Self {
        Options(Repr::Value(Cow::Owned(value)))
    }
}

impl<'a> From<&'a Value> for Options<'a> {
    fn from(value: &'a Value) -> Self {
        Options(Repr::Value(Cow::Borrowed(value)))
    }
}

impl From<Map<String, Value>> for Options<'_> {
    fn from(map: Map<String, Value>) -> Self {
        Options(Repr::Map(Cow::Owned(map)))
    }
}

impl<'a> From<&'a Map<String, Value>> for Options<'a> {
    fn from(map: &'a Map<String, Value>) -> Self {
        Options(Repr::Map(Cow::Borrowed(map)))
    }
}

impl<'a, T: Into<Options<'a>>> From<Option<T>> for Options<'a> {
    fn from(options: Option<T>) -> Self {
        options.map_or(Options(Repr::None), Into::into)
    }
}
