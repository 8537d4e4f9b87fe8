//! `merge`: defaults, route and call options combined into merged options,
//! without parsing (reference behaviour, section 4).

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::headers;
use crate::route::Route;

/// The six option keys that are never parameters.
pub(crate) const RESERVED: [&str; 6] = [
    "method",
    "baseUrl",
    "url",
    "headers",
    "request",
    "mediaType",
];

/// Whether `key` is one of the six reserved option keys.
pub(crate) fn is_reserved(key: &str) -> bool {
    RESERVED.contains(&key)
}

/// The initial defaults: `method`, `baseUrl`, `headers`, `mediaType`, in that order.
pub(crate) fn initial_defaults() -> Map<String, Value> {
    let mut headers = Map::with_capacity(2);
    headers.insert("accept".into(), crate::DEFAULT_ACCEPT.into());
    headers.insert("user-agent".into(), crate::USER_AGENT.into());
    let mut media_type = Map::with_capacity(2);
    media_type.insert("format".into(), "".into());
    media_type.insert("previews".into(), Value::Array(Vec::new()));
    let mut defaults = Map::with_capacity(4);
    defaults.insert("method".into(), "GET".into());
    defaults.insert("baseUrl".into(), crate::DEFAULT_BASE_URL.into());
    defaults.insert("headers".into(), Value::Object(headers));
    defaults.insert("mediaType".into(), Value::Object(media_type));
    defaults
}

/// `merge(defaults, route, options)`: the call object (route pieces, then the
/// options over them) deep-merged over the defaults, with header names
/// lowercased and `mediaType.previews` merged as lists.
///
/// `defaults` are merged options themselves (they always hold `headers` and
/// `mediaType`); nothing the caller passed is changed.
pub(crate) fn merge(
    defaults: &Map<String, Value>,
    route: Option<Route<'_>>,
    options: Option<&Map<String, Value>>,
) -> Result<Map<String, Value>> {
    let mut merged = defaults.clone();
    if let Some(route) = route {
        if let Some(method) = route.method {
            merged.insert("method".into(), method.into());
        }
        merged.insert("url".into(), route.url.into());
    }
    let mut call_previews = None;
    if let Some(options) = options {
        for (key, value) in options {
            match key.as_str() {
                "headers" => {
                    let lowered = match value {
                        Value::Null => continue,
                        Value::Object(headers) => headers::lowercase_object(headers),
                        _ => {
                            return Err(Error::Option {
                                key: "headers".into(),
                                reason: "must be an object",
                            });
                        }
                    };
                    merge_value(&mut merged, key, Value::Object(lowered));
                }
                "mediaType" => {
                    if let Value::Object(media_type) = value
                        && let Some(previews) = media_type.get("previews")
                    {
                        call_previews = Some(previews);
                    }
                    merge_value(&mut merged, key, value.clone());
                }
                _ => merge_value(&mut merged, key, value.clone()),
            }
        }
    }
    merge_previews(defaults, &mut merged, call_previews)?;
    Ok(merged)
}

/// Deep merge of one call value into the merged options: objects merge key
/// by key, recursively; anything else replaces (lists included). A key the
/// call overrides keeps its position.
pub(crate) fn merge_value(merged: &mut Map<String, Value>, key: &str, value: Value) {
    match (merged.get_mut(key), value) {
        (Some(Value::Object(existing)), Value::Object(incoming)) => {
            for (k, v) in incoming {
                merge_value(existing, &k, v);
            }
        }
        (Some(slot), value) => *slot = value,
        (None, value) => {
            merged.insert(key.to_owned(), value);
        }
    }
}

/// `mediaType.previews` after the deep merge (reference behaviour 4.3): the
/// defaults' previews the call does not repeat, then the call's own; then the
/// first `-preview` of every name removed.
fn merge_previews(
    defaults: &Map<String, Value>,
    merged: &mut Map<String, Value>,
    call_previews: Option<&Value>,
) -> Result<()> {
    let media_type = match merged.get_mut("mediaType") {
        Some(Value::Object(media_type)) => media_type,
        _ => {
            return Err(Error::Option {
                key: "mediaType".into(),
                reason: "must be an object",
            });
        }
    };
    let default_previews = match defaults.get("mediaType").and_then(|m| m.get("previews")) {
        Some(Value::Array(list)) => list.as_slice(),
        _ => &[],
    };
    let call_list = match call_previews {
        Some(Value::Array(list)) => Some(list.as_slice()),
        Some(_) => return Err(previews_error()),
        None => None,
    };
    let combined: Vec<&Value> = match call_list {
        Some(call) if !default_previews.is_empty() => default_previews
            .iter()
            .filter(|preview| !call.contains(preview))
            .chain(call)
            .collect(),
        Some(call) => call.iter().collect(),
        None => default_previews.iter().collect(),
    };
    let previews = combined
        .into_iter()
        .map(|preview| match preview {
            Value::String(name) => Ok(Value::String(strip_preview(name))),
            _ => Err(previews_error()),
        })
        .collect::<Result<Vec<_>>>()?;
    media_type.insert("previews".into(), Value::Array(previews));
    Ok(())
}

fn previews_error() -> Error {
    Error::Option {
        key: "mediaType.previews".into(),
        reason: "must be a list of strings",
    }
}

/// Removes the first occurrence of `-preview`.
fn strip_preview(name: &str) -> String {
    match name.find("-preview") {
        Some(at) => [&name[..at], &name[at + "-preview".len()..]].concat(),
        None => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => panic!("not an object"),
        }
    }

    #[test]
    fn route_then_options_override() {
        let merged = merge(
            &initial_defaults(),
            Some(Route::parse("GET /x")),
            Some(&object(json!({"method": "POST", "url": "/y"}))),
        )
        .unwrap();
        assert_eq!(merged["method"], "POST");
        assert_eq!(merged["url"], "/y");
    }

    #[test]
    fn deep_merge_keeps_order_and_merges_objects() {
        let defaults = merge(
            &initial_defaults(),
            None,
            Some(&object(
                json!({"a": "A", "b": "B", "request": {"a": 1, "n": {"x": 1}}}),
            )),
        )
        .unwrap();
        let merged = merge(
            &defaults,
            None,
            Some(&object(
                json!({"b": "B2", "c": "C", "request": {"b": 2, "n": {"y": 2}}}),
            )),
        )
        .unwrap();
        let keys: Vec<_> = merged.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "method",
                "baseUrl",
                "headers",
                "mediaType",
                "a",
                "b",
                "request",
                "c"
            ]
        );
        assert_eq!(
            merged["request"],
            json!({"a": 1, "n": {"x": 1, "y": 2}, "b": 2})
        );
    }

    #[test]
    fn previews_merge_and_strip() {
        let defaults = merge(
            &initial_defaults(),
            None,
            Some(&object(
                json!({"mediaType": {"previews": ["a", "c-preview"]}}),
            )),
        )
        .unwrap();
        assert_eq!(defaults["mediaType"]["previews"], json!(["a", "c"]));
        let merged = merge(
            &defaults,
            None,
            Some(&object(json!({"mediaType": {"previews": ["b", "a"]}}))),
        )
        .unwrap();
        assert_eq!(merged["mediaType"]["previews"], json!(["c", "b", "a"]));
        let merged = merge(
            &defaults,
            None,
            Some(&object(json!({"mediaType": {"format": "raw"}}))),
        )
        .unwrap();
        assert_eq!(
            merged["mediaType"],
            json!({"format": "raw", "previews": ["a", "c"]})
        );
    }

    #[test]
    fn header_names_are_lowercased_later_wins() {
        let merged = merge(
            &initial_defaults(),
            None,
            Some(&object(
                json!({"headers": {"Accept": "a", "ACCEPT": "b", "X-Y": 1}}),
            )),
        )
        .unwrap();
        assert_eq!(merged["headers"]["accept"], "b");
        assert_eq!(merged["headers"]["x-y"], 1);
    }

    #[test]
    fn the_callers_options_are_not_changed() {
        let options =
            object(json!({"headers": {"X-A": "1"}, "mediaType": {"previews": ["p-preview"]}}));
        let before = options.clone();
        let defaults = initial_defaults();
        let defaults_before = defaults.clone();
        merge(&defaults, None, Some(&options)).unwrap();
        assert_eq!(options, before);
        assert_eq!(defaults, defaults_before);
    }
}
