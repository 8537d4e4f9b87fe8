//! Reading a page's items: a typed page decoded whole (or, when it does
//! not fit, item by item), a page of a request built already item by
//! item, the list at a JSON pointer.

use std::collections::VecDeque;

use endpoint_runtime::model::Paginated;
use serde::de::{DeserializeOwned, Error as _};
use serde_json::{Map, Value};

use crate::decode::{Failure, Operation, decode, decode_located};
use crate::error::{DecodeError, Error};
use crate::exchange::Answer;

/// One page read: its items in order, each decoded or the error of one
/// that does not fit, and what the page said about the whole.
pub(super) struct Read<I> {
    pub(super) items: VecDeque<Result<I, Box<DecodeError>>>,
    pub(super) total_count: Option<i64>,
    pub(super) incomplete_results: Option<bool>,
}

/// A page of a typed request, decoded straight into `P`. An empty body (a
/// 204) has no items. A page that does not fit is read again item by item
/// ([`item_by_item`]), only then: a page that fits is decoded once. When
/// the pagination names where the list is (`items`), the list at that JSON
/// pointer is read instead, item by item, as a dynamic page's is: the
/// response type's own rule could not find it beside other members (a
/// `serde_json::Value` of Stripe's `{"object", "data", "has_more", "url"}`).
pub(super) fn typed_page<P>(
    operation: Operation,
    answer: Answer,
    items: Option<&str>,
) -> Result<Read<P::Item>, Error>
where
    P: Paginated + DeserializeOwned,
    P::Item: DeserializeOwned,
{
    if items.is_some() && !answer.body.is_empty() {
        return dynamic_page::<P::Item>(operation, answer, items);
    }
    if answer.body.is_empty() {
        return Ok(Read {
            items: VecDeque::new(),
            total_count: None,
            incomplete_results: None,
        });
    }
    let type_name = std::any::type_name::<P>();
    let page: P = match decode(answer.status, &answer.headers, &answer.body) {
        Ok(page) => page,
        Err(failure) => {
            return match item_by_item::<P>(operation, &answer, &failure.path) {
                Some(read) => Ok(read),
                None => Err(answer.into_decode_error(operation, type_name, failure)),
            };
        }
    };
    let total_count = page.total_count();
    let incomplete_results = page.incomplete_results();
    match page.try_into_items() {
        Ok(items) => Ok(Read {
            items: items.into_iter().map(Ok).collect(),
            total_count,
            incomplete_results,
        }),
        // A page decoded as JSON, whose list sits beside members the API's
        // policy names (GitHub's counts): read by that rule.
        Err(_) if !answer.api.page_keys().is_empty() => {
            dynamic_page::<P::Item>(operation, answer, None)
        }
        Err(reason) => {
            let failure = Failure::at_root(serde_json::Error::custom(reason));
            Err(answer.into_decode_error(operation, type_name, failure))
        }
    }
}

/// A page that does not decode whole into `P`, failing at `path`, read
/// item by item: each item of its list decoded as `P` decodes it (the page
/// holding that item alone), an item that does not fit kept as its error,
/// with its index, its path in the page and its JSON.
///
/// The list is the page itself, or the member of the page whose item
/// `path` names (`items` for `items[3].user.login`). `None` when the
/// page's structure does not fit `P`, and so fails whole: it is not JSON,
/// `path` is not in an item of its list, or what is beside the list does
/// not fit (or holds the items); and when every item fits alone.
#[cold]
pub(super) fn item_by_item<P>(
    operation: Operation,
    answer: &Answer,
    path: &str,
) -> Option<Read<P::Item>>
where
    P: Paginated + DeserializeOwned,
{
    let mut page: Value = decode(answer.status, &answer.headers, &answer.body).ok()?;
    let key = match &page {
        Value::Array(_) if path.starts_with('[') => None,
        Value::Object(object) => Some(
            object
                .iter()
                .find(|(key, value)| {
                    value.is_array()
                        && path
                            .strip_prefix(key.as_str())
                            .is_some_and(|rest| rest.starts_with('['))
                })?
                .0
                .clone(),
        ),
        _ => return None,
    };
    let values = std::mem::take(list_of(&mut page, key.as_deref())?);
    // The page without its items says whether the rest fits.
    let rest = P::deserialize(&page).ok()?;
    let total_count = rest.total_count();
    let incomplete_results = rest.incomplete_results();
    if !rest.try_into_items().ok()?.is_empty() {
        return None;
    }
    let prefix = format!("{}[0]", key.as_deref().unwrap_or_default());
    let type_name = std::any::type_name::<P::Item>();
    let mut items = VecDeque::with_capacity(values.len());
    let mut failed = false;
    for (index, value) in values.into_iter().enumerate() {
        let list = list_of(&mut page, key.as_deref())?;
        *list = vec![value];
        let error = match decode_located::<P>(&page) {
            Ok(alone) => match alone.try_into_items() {
                Ok(alone) => {
                    items.extend(alone.into_iter().map(Ok));
                    continue;
                }
                Err(reason) => Failure::at_root(serde_json::Error::custom(reason)),
            },
            Err(Failure { path, source }) => match path.strip_prefix(&prefix) {
                Some(inner) => Failure {
                    path: inner.trim_start_matches('.').to_owned(),
                    source,
                }
                .in_item(key.as_deref(), index),
                None => Failure { path, source },
            },
        };
        failed = true;
        let value = list_of(&mut page, key.as_deref())?
            .pop()
            .unwrap_or_default();
        items.push_back(Err(
            answer.item_decode_error(operation, type_name, error, index, &value)
        ));
    }
    failed.then_some(Read {
        items,
        total_count,
        incomplete_results,
    })
}

/// The list of a page: the page itself, or its member `key`.
pub(super) fn list_of<'a>(page: &'a mut Value, key: Option<&str>) -> Option<&'a mut Vec<Value>> {
    match key {
        None => page.as_array_mut(),
        Some(key) => page.get_mut(key)?.as_array_mut(),
    }
}

/// A page of a request built already, decoded as JSON, each item of its list
/// decoded as `T` on its own: an item that does not fit is kept as its
/// error (naming its index, its path in the page, and its JSON), and the
/// others still come.
pub(super) fn dynamic_page<T: DeserializeOwned>(
    operation: Operation,
    answer: Answer,
    pointer: Option<&str>,
) -> Result<Read<T>, Error> {
    let page: Value = match decode(answer.status, &answer.headers, &answer.body) {
        Ok(page) => page,
        Err(failure) => return Err(answer.into_decode_error(operation, "list", failure)),
    };
    let total_count = page.total_count();
    let incomplete_results = page.incomplete_results();
    let page_keys = answer.api.page_keys();
    let key = match (&page, pointer) {
        (_, Some(pointer)) => Some(pointer_path(pointer)),
        (Value::Object(object), None) => list_key(object, page_keys).ok().map(str::to_owned),
        _ => None,
    };
    let values = match items_at(page, pointer, page_keys) {
        Ok(values) => values,
        Err(reason) => {
            let failure = Failure::at_root(serde_json::Error::custom(reason));
            return Err(answer.into_decode_error(operation, "list", failure));
        }
    };
    // Decoding takes each item by value, as fast as it goes; for an item
    // that does not fit, the page is read again (only then) to find the
    // path and keep the item's JSON.
    let mut again: Option<Vec<Value>> = None;
    let items = values
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            serde_json::from_value::<T>(value).map_err(|first| {
                let items = again.get_or_insert_with(|| {
                    decode::<Value>(answer.status, &answer.headers, &answer.body)
                        .ok()
                        .and_then(|page| items_at(page, pointer, page_keys).ok())
                        .unwrap_or_default()
                });
                let value = items.get_mut(index).map(std::mem::take).unwrap_or_default();
                let failure = match decode_located::<T>(&value) {
                    Err(failure) => failure,
                    Ok(_) => Failure::at_root(first),
                };
                answer.item_decode_error(
                    operation,
                    std::any::type_name::<T>(),
                    failure.in_item(key.as_deref(), index),
                    index,
                    &value,
                )
            })
        })
        .collect();
    Ok(Read {
        items,
        total_count,
        incomplete_results,
    })
}

/// The list of a page: at the JSON pointer `pointer` (`null` there is an
/// empty list), or by the rule of [`Paginated`] for a JSON page, the
/// members `page_keys` (the API's policy's) read past in an object.
pub(super) fn items_at(
    page: Value,
    pointer: Option<&str>,
    page_keys: &[&str],
) -> Result<Vec<Value>, String> {
    let Some(pointer) = pointer else {
        return match page {
            Value::Object(mut object) => {
                let key = list_key(&object, page_keys)?.to_owned();
                match object.remove(&key) {
                    Some(Value::Array(items)) => Ok(items),
                    _ => Ok(Vec::new()),
                }
            }
            page => page.try_into_items(),
        };
    };
    let mut page = page;
    match page.pointer_mut(pointer).map(Value::take) {
        Some(Value::Array(items)) => Ok(items),
        Some(Value::Null) => Ok(Vec::new()),
        Some(_) => Err(format!("the answer's `{pointer}` is not a list")),
        None => Err(format!("the answer has no list at `{pointer}`")),
    }
}

/// The key of the one list of a wrapped page, beside the members
/// `page_keys` (the API's policy's, e.g. GitHub's `total_count`), or why
/// there is none.
pub(super) fn list_key<'a>(
    object: &'a Map<String, Value>,
    page_keys: &[&str],
) -> Result<&'a str, String> {
    let mut others = object
        .iter()
        .filter(|(key, _)| !page_keys.contains(&key.as_str()));
    match (others.next(), others.next()) {
        (Some((key, Value::Array(_))), None) => Ok(key),
        (first, second) => {
            let keys: Vec<String> = first
                .into_iter()
                .chain(second)
                .chain(others)
                .map(|(key, _)| format!("`{key}`"))
                .collect();
            let holds = keys.join(", ");
            let Some((last, before)) = page_keys.split_last() else {
                return Err(format!(
                    "a wrapped page holds exactly one member, its list, unless the API's policy \
                     names members beside it (`ApiPolicy::page_keys`) or the pagination the \
                     list's place (`items`); this one holds [{holds}]"
                ));
            };
            let before: Vec<String> = before.iter().map(|key| format!("`{key}`")).collect();
            let beside = match before.is_empty() {
                true => format!("`{last}`"),
                false => format!("{} and `{last}`", before.join(", ")),
            };
            Err(format!(
                "a wrapped page holds exactly one list beside {beside}; this one holds [{holds}]"
            ))
        }
    }
}

/// The path of an item error for the list at the JSON pointer `pointer`:
/// its keys joined by `.` (`/data` → `data`, `/a/b` → `a.b`).
pub(super) fn pointer_path(pointer: &str) -> String {
    pointer
        .split('/')
        .skip(1)
        .map(|key| key.replace("~1", "/").replace("~0", "~"))
        .collect::<Vec<_>>()
        .join(".")
}
