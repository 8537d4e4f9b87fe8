//! [`Paginated`]: an answer that is a page of a list.

use serde_json::{Map, Value};

/// An answer that is one page of a list: the list itself (`Vec<T>`), or an
/// object holding it beside counts (a search's `total_count`,
/// `incomplete_results` and `items`; `check_runs`, `workflow_runs`,
/// `repositories` beside `total_count`).
///
/// A client's `paginate` reads the item type from the route's response
/// type through this trait, and yields the items of every page.
///
/// ```
/// use endpoint::model::Paginated;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct CheckRuns {
///     total_count: i64,
///     check_runs: Vec<CheckRun>,
/// }
///
/// #[derive(Debug, PartialEq, Deserialize)]
/// struct CheckRun {
///     id: u64,
/// }
///
/// impl Paginated for CheckRuns {
///     type Item = CheckRun;
///
///     fn into_items(self) -> Vec<CheckRun> {
///         self.check_runs
///     }
///
///     fn total_count(&self) -> Option<i64> {
///         Some(self.total_count)
///     }
/// }
///
/// let page: CheckRuns = serde_json::from_str(r#"{"total_count": 3, "check_runs": [{"id": 1}]}"#)?;
/// assert_eq!(page.total_count(), Some(3));
/// assert_eq!(page.into_items(), [CheckRun { id: 1 }]);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "the route's answer, `{Self}`, is not a page of a list: `paginate` cannot read its items",
    label = "`{Self}` does not implement `Paginated`",
    note = "a route's answer is a page when it is a list (`-> Vec<T>`), `serde_json::Value`, or a \
            type that implements `endpoint::model::Paginated` (a generated model of a page does)",
    note = "declare the route's answer as such a type, and how its pages follow one another with \
            `#[endpoint(paginate(…))]` (`cursor = \"/next\", param = \"cursor\"`, \
            `next_url = \"/next\"`, …, and `items = \"/data\"`); or send it once with `send`"
)]
pub trait Paginated {
    /// The type of one item of the list.
    type Item;

    /// The items of the page, in order.
    fn into_items(self) -> Vec<Self::Item>;

    /// The number of items of all pages, when the page says it
    /// (`total_count`).
    fn total_count(&self) -> Option<i64> {
        None
    }

    /// Whether a search timed out before finding every match, when the page
    /// says it (`incomplete_results`).
    fn incomplete_results(&self) -> Option<bool> {
        None
    }

    /// The items of the page, or why the page holds no list: what clients
    /// call, for the types that can hold something else than a page
    /// ([`serde_json::Value`]). The others need not implement it.
    ///
    /// # Errors
    /// A sentence saying why the page is not a list, nor an object holding
    /// one.
    fn try_into_items(self) -> Result<Vec<Self::Item>, String>
    where
        Self: Sized,
    {
        Ok(self.into_items())
    }
}

impl<T> Paginated for Vec<T> {
    type Item = T;

    fn into_items(self) -> Vec<T> {
        self
    }
}

/// A page as JSON: a list is its own items; an object whose one member is
/// a list holds those; `null` (an empty answer) has no items. Which other
/// members may sit beside the list is the API's to say: a client's policy
/// reads GitHub's `total_count`, `incomplete_results` and
/// `repository_selection` beside it, and a pagination may name where the
/// list is (`items`).
///
/// [`Paginated::into_items`] of any other value is that value alone;
/// [`Paginated::try_into_items`] refuses it.
///
/// ```
/// use endpoint::model::Paginated;
/// use serde_json::json;
///
/// let wrapped = json!({"items": [1, 2]});
/// assert_eq!(wrapped.try_into_items(), Ok(vec![json!(1), json!(2)]));
///
/// let search = json!({"total_count": 2, "incomplete_results": false, "items": [1, 2]});
/// assert_eq!(search.total_count(), Some(2));
/// assert_eq!(search.incomplete_results(), Some(false));
/// assert!(search.try_into_items().is_err());
///
/// let commit = json!({"sha": "abc"});
/// assert!(commit.clone().try_into_items().is_err());
/// assert_eq!(commit.clone().into_items(), [commit]);
/// ```
impl Paginated for Value {
    type Item = Value;

    fn into_items(self) -> Vec<Value> {
        items_of(self).unwrap_or_else(|(page, _)| vec![page])
    }

    fn total_count(&self) -> Option<i64> {
        self.get("total_count").and_then(Value::as_i64)
    }

    fn incomplete_results(&self) -> Option<bool> {
        self.get("incomplete_results").and_then(Value::as_bool)
    }

    fn try_into_items(self) -> Result<Vec<Value>, String> {
        items_of(self).map_err(|(_, reason)| reason)
    }
}

/// The items of a page, or the page back with why it is none.
fn items_of(page: Value) -> Result<Vec<Value>, (Value, String)> {
    let object = match page {
        Value::Array(items) => return Ok(items),
        Value::Null => return Ok(Vec::new()),
        Value::Object(object) => object,
        other => {
            let kind = match other {
                Value::Bool(_) => "a boolean",
                Value::Number(_) => "a number",
                _ => "a string",
            };
            return Err((
                other,
                format!("a page is a list or an object holding one, not {kind}"),
            ));
        }
    };
    match list_key(&object).map(str::to_owned) {
        Ok(key) => match object.into_iter().find(|(name, _)| *name == key) {
            Some((_, Value::Array(items))) => Ok(items),
            _ => Ok(Vec::new()),
        },
        Err(reason) => Err((Value::Object(object), reason)),
    }
}

/// The key of the one list of a wrapped page, its one member, or why
/// there is none.
fn list_key(object: &Map<String, Value>) -> Result<&str, String> {
    let mut members = object.iter();
    match (members.next(), members.next()) {
        (Some((key, Value::Array(_))), None) => Ok(key),
        _ => {
            let keys: Vec<String> = object.keys().map(|key| format!("`{key}`")).collect();
            Err(format!(
                "a wrapped page holds exactly one member, its list (an API's page with \
                 other members needs the list's place named: `items` of its pagination); \
                 this one holds [{}]",
                keys.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_and_wrapped_lists() {
        assert_eq!(vec![1, 2].into_items(), [1, 2]);
        assert_eq!(Vec::<u8>::new().total_count(), None);
        assert_eq!(vec![1].try_into_items(), Ok(vec![1]));
        let counts = json!({"total_count": 3, "incomplete_results": true});
        assert_eq!(counts.total_count(), Some(3));
        assert_eq!(counts.incomplete_results(), Some(true));

        for (page, items, total, incomplete) in [
            (json!([1, 2]), vec![json!(1), json!(2)], None, None),
            (json!(null), vec![], None, None),
            (json!({"items": [1]}), vec![json!(1)], None, None),
            (
                json!({"check_runs": [{"id": 1}]}),
                vec![json!({"id": 1})],
                None,
                None,
            ),
        ] {
            assert_eq!(page.total_count(), total, "{page}");
            assert_eq!(page.incomplete_results(), incomplete, "{page}");
            assert_eq!(page.clone().into_items(), items, "{page}");
            assert_eq!(page.try_into_items(), Ok(items));
        }
    }

    #[test]
    fn other_values_are_not_pages() {
        for (page, reason) in [
            (
                json!({"items": [], "other": []}),
                "this one holds [`items`, `other`]",
            ),
            (json!({"sha": "abc"}), "this one holds [`sha`]"),
            (json!({}), "this one holds []"),
            // Which members sit beside the list is the API's to say (a
            // client's policy), not this rule's.
            (
                json!({"total_count": 3, "incomplete_results": true, "items": [1]}),
                "this one holds [`total_count`, `incomplete_results`, `items`]",
            ),
            (json!("text"), "not a string"),
            (json!(1), "not a number"),
            (json!(false), "not a boolean"),
        ] {
            let error = page.clone().try_into_items().unwrap_err();
            assert!(error.ends_with(reason), "{error}");
            assert_eq!(page.clone().into_items(), [page]);
        }
    }
}
