//! `merge`: defaults, route and call options combined into merged options,
//! without parsing (reference behaviour, section 4).

use serde_json::{Map, Value};

use super::layers::{combined_previews, lookup, lowercase_object, merge_value, strip_preview};
use crate::error::{Error, Result};
use crate::route::Route;

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
                        Value::Object(headers) => lowercase_object(headers),
                        _ => return Err(Error::option("headers", "must be an object")),
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

/// `mediaType.previews` after the deep merge (reference behaviour 4.3): the
/// defaults' previews the call does not repeat, then the call's own; then the
/// first `-preview` of every name removed.
fn merge_previews(
    defaults: &Map<String, Value>,
    merged: &mut Map<String, Value>,
    call_previews: Option<&Value>,
) -> Result<()> {
    let default_previews = lookup(defaults, "mediaType").and_then(|m| m.get("previews"));
    let Some(Value::Object(media_type)) = merged.get_mut("mediaType") else {
        return Err(Error::option("mediaType", "must be an object"));
    };
    let previews = combined_previews(default_previews, call_previews)?
        .map(|name| Value::String(strip_preview(name).into_owned()))
        .collect();
    media_type.insert("previews".into(), Value::Array(previews));
    Ok(())
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
            &crate::octokit::defaults::initial(),
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
            &crate::octokit::defaults::initial(),
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
            &crate::octokit::defaults::initial(),
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
            &crate::octokit::defaults::initial(),
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
        let defaults = crate::octokit::defaults::initial();
        let defaults_before = defaults.clone();
        merge(&defaults, None, Some(&options)).unwrap();
        assert_eq!(options, before);
        assert_eq!(defaults, defaults_before);
    }
}
