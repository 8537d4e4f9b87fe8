//! Where the next page is, by each scheme of [`Pagination`], and what a
//! message says of it.

use endpoint_runtime::model::{Next as Scheme, Pagination};
use http::HeaderMap;
use serde_json::Value;

use super::read::list_key;
use crate::link::next_page;

/// Whether the next page `pagination` names after a page with items is a
/// guess of the client's: a page number or an offset, with no end known
/// (no number of pages in `json`, the page read last).
pub(super) fn end_unknown(pagination: &Pagination, json: Option<&Value>) -> bool {
    match pagination.next {
        Scheme::Offset { .. } | Scheme::PageNumber { total: None, .. } => true,
        Scheme::PageNumber {
            total: Some(pointer),
            ..
        } => json
            .and_then(|json| json.pointer(pointer))
            .is_none_or(Value::is_null),
        _ => false,
    }
}

/// What names the next page in `pagination`, for a message.
pub(super) fn what_points_next(pagination: &Pagination) -> String {
    match pagination.next {
        Scheme::Link => "the page's `next` link".to_owned(),
        Scheme::NextUrl { pointer } => format!("the next page URL at `{pointer}`"),
        Scheme::Cursor { pointer, param } => {
            format!("the cursor at `{pointer}`, sent as `{param}`,")
        }
        Scheme::AfterLastItem { param, .. } => format!("the last item's key, sent as `{param}`,"),
        Scheme::Offset { param, .. } => format!("the offset `{param}`"),
        Scheme::PageNumber { param, .. } => format!("the page number `{param}`"),
    }
}

/// Why a page may repeat the one before, by `pagination`, and what to set.
pub(super) fn repeat_hint(pagination: &Pagination) -> String {
    match pagination.next {
        Scheme::Link => "the server's `next` link leads to the same items".to_owned(),
        Scheme::NextUrl { pointer } => {
            format!("the next page URL at `{pointer}` leads to the same items")
        }
        Scheme::PageNumber { param, .. } => format!(
            "the server ignores the query parameter `{param}`, or answers the last page for \
             any number past it; give the pages an end, the answer's number of pages \
             (`Pagination::page_number(\"{param}\").total_pages(\"/…\")`), with the route's \
             `paginate(…)` or the walk's `.pagination(…)`"
        ),
        Scheme::Offset { param, .. }
        | Scheme::Cursor { param, .. }
        | Scheme::AfterLastItem { param, .. } => format!(
            "the server ignores the query parameter `{param}`; set the scheme it follows with \
             the walk's `.pagination(…)`"
        ),
    }
}

/// Where the page after the one at `url` is, by `pagination`: its URL
/// (absolute, or relative to `url`), `None` after the last page, or why it
/// cannot be told. `json` is the page as JSON (`None` when it is not
/// JSON), `length` its number of items, `page_keys` the members beside a
/// wrapped list (the API's policy's, [`list_key`]).
pub(super) fn next_of(
    pagination: &Pagination,
    url: &str,
    headers: &HeaderMap,
    json: Option<&Value>,
    length: usize,
    page_keys: &[&str],
) -> Result<Option<String>, String> {
    use endpoint_runtime::sibling::{query_param, with_query_param};
    let at = |pointer: &str| json.and_then(|json| json.pointer(pointer));
    let text = |pointer: &str, what: &str| match at(pointer) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.is_empty() => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(Value::Number(number)) if number.is_i64() || number.is_u64() => {
            Ok(Some(number.to_string()))
        }
        Some(_) => Err(format!(
            "the answer's {what} at `{pointer}` is neither a string nor an integer"
        )),
    };
    let number = |param: &str, default: u64| match query_param(url, param) {
        None => Ok(default),
        Some(value) => value.parse::<u64>().map_err(|_| {
            format!("the page's query parameter `{param}` is not a number of items or pages")
        }),
    };
    Ok(match pagination.next {
        Scheme::Link => next_page(headers),
        Scheme::Cursor { pointer, param } => {
            text(pointer, "cursor")?.map(|cursor| with_query_param(url, param, &cursor))
        }
        Scheme::NextUrl { pointer } => match at(pointer) {
            Some(Value::Number(_)) => {
                return Err(format!(
                    "the answer's next page URL at `{pointer}` is not a string"
                ));
            }
            _ => text(pointer, "next page URL")?,
        },
        Scheme::AfterLastItem { param, key, more } => {
            if length == 0 || at(more) != Some(&Value::Bool(true)) {
                return Ok(None);
            }
            let list = json.and_then(|json| match pagination.items {
                Some(items) => json.pointer(items)?.as_array(),
                None => match json {
                    Value::Array(list) => Some(list),
                    Value::Object(object) => {
                        let list = list_key(object, page_keys).ok()?;
                        object.get(list)?.as_array()
                    }
                    _ => None,
                },
            });
            let Some(last) = list.and_then(|list| list.last()) else {
                return Err(
                    "the answer says more items follow, but holds no list to take the last item's key from"
                        .to_owned(),
                );
            };
            let value = match last.pointer(key) {
                Some(Value::String(text)) if !text.is_empty() => text.clone(),
                Some(Value::Number(number)) if number.is_i64() || number.is_u64() => {
                    number.to_string()
                }
                _ => {
                    return Err(format!(
                        "the last item's key at `{key}` is neither a string nor an integer"
                    ));
                }
            };
            Some(with_query_param(url, param, &value))
        }
        Scheme::Offset { param, limit } => {
            let offset = number(param, 0)?;
            let limit = query_param(url, limit).and_then(|limit| limit.parse::<u64>().ok());
            let length = u64::try_from(length).unwrap_or(u64::MAX);
            if length == 0 || limit.is_some_and(|limit| length < limit) {
                None
            } else {
                let next = offset.saturating_add(length);
                Some(with_query_param(url, param, &next.to_string()))
            }
        }
        Scheme::PageNumber { param, total } => {
            let page = number(param, 1)?;
            let last = match total {
                Some(pointer) => match at(pointer) {
                    None | Some(Value::Null) => None,
                    Some(value) => Some(value.as_u64().ok_or_else(|| {
                        format!("the answer's number of pages at `{pointer}` is not a number")
                    })?),
                },
                None => None,
            };
            if length == 0 || last.is_some_and(|last| page >= last) {
                None
            } else {
                Some(with_query_param(
                    url,
                    param,
                    &page.saturating_add(1).to_string(),
                ))
            }
        }
    })
}
