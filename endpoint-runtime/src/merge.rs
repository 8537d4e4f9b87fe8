//! `merge`: defaults, route and call options combined into merged options,
//! without parsing (reference behaviour, section 4).

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::headers;
use crate::params::{Param, Params};
use crate::parse::{self, Input};
use crate::request::Request;
use crate::route::Route;
use crate::template::Template;

pub(crate) use crate::names::is_option_key as is_reserved;

/// `map.get(key)`, by a scan of the keys when the map is small: options
/// objects hold a handful of keys, where comparing a few short strings is
/// much cheaper than hashing one.
pub(crate) fn lookup<'m>(map: &'m Map<String, Value>, key: &str) -> Option<&'m Value> {
    const SCAN_LIMIT: usize = 12;
    if map.len() <= SCAN_LIMIT {
        map.iter().find_map(|(k, v)| (k == key).then_some(v))
    } else {
        map.get(key)
    }
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

/// A call's object deep-merged over a default object, as `merge` merges
/// one key whose values are both objects.
pub(crate) fn merged_objects(default: &Map<String, Value>, call: &Map<String, Value>) -> Value {
    let mut merged = default.clone();
    for (key, value) in call {
        merge_value(&mut merged, key, value.clone());
    }
    Value::Object(merged)
}

/// `mediaType.previews` after the deep merge (reference behaviour 4.3): the
/// defaults' previews the call does not repeat, then the call's own; then the
/// first `-preview` of every name removed.
fn merge_previews(
    defaults: &Map<String, Value>,
    merged: &mut Map<String, Value>,
    call_previews: Option<&Value>,
) -> Result<()> {
    let Some(Value::Object(media_type)) = merged.get_mut("mediaType") else {
        return Err(media_type_error());
    };
    let previews = combined_previews(defaults, call_previews)?
        .map(|name| Value::String(strip_preview(name).into_owned()))
        .collect();
    media_type.insert("previews".into(), Value::Array(previews));
    Ok(())
}

fn media_type_error() -> Error {
    Error::Option {
        key: "mediaType".into(),
        reason: "must be an object",
    }
}

/// The merged preview names before stripping: the defaults' previews that
/// the call's list does not contain, followed by the call's list (or the
/// defaults' list again when the call gives none).
fn combined_previews<'v>(
    defaults: &'v Map<String, Value>,
    call_previews: Option<&'v Value>,
) -> Result<impl Iterator<Item = &'v str>> {
    let default_list = match lookup(defaults, "mediaType").and_then(|m| m.get("previews")) {
        Some(Value::Array(list)) => list.as_slice(),
        _ => &[],
    };
    let call_list = match call_previews {
        Some(Value::Array(list)) => Some(list.as_slice()),
        Some(_) => return Err(previews_error()),
        None => None,
    };
    let (kept, call): (&[Value], &[Value]) = match call_list {
        Some(call) if !default_list.is_empty() => (default_list, call),
        Some(call) => (&[], call),
        None => (&[], default_list),
    };
    let all = kept
        .iter()
        .filter(move |preview| !call.contains(preview))
        .chain(call);
    if all.clone().any(|preview| !preview.is_string()) {
        return Err(previews_error());
    }
    Ok(all.filter_map(Value::as_str))
}

fn previews_error() -> Error {
    Error::Option {
        key: "mediaType.previews".into(),
        reason: "must be a list of strings",
    }
}

/// Removes the first occurrence of `-preview`.
fn strip_preview(name: &str) -> Cow<'_, str> {
    match name.find("-preview") {
        Some(at) => Cow::Owned([&name[..at], &name[at + "-preview".len()..]].concat()),
        None => Cow::Borrowed(name),
    }
}

/// `parse(merge(defaults, route, options))` without building the merged
/// options: every merged value is looked up where it lives, in the call or
/// in the defaults, so a call copies nothing it does not send.
pub(crate) struct View<'a> {
    defaults: &'a Map<String, Value>,
    /// The same defaults, read once.
    prepared: &'a crate::typed::Prepared,
    route: Option<Route<'a>>,
    options: Option<&'a Map<String, Value>>,
}

impl<'a> View<'a> {
    pub(crate) fn new(
        defaults: &'a Map<String, Value>,
        prepared: &'a crate::typed::Prepared,
        route: Option<Route<'a>>,
        options: Option<&'a Map<String, Value>>,
    ) -> Self {
        View {
            defaults,
            prepared,
            route,
            options,
        }
    }

    fn call(&self, key: &str) -> Option<&'a Value> {
        self.options.and_then(|options| lookup(options, key))
    }

    /// The request, equal to `parse(merge(…))` of the same arguments.
    ///
    /// Errors come in the order `parse(merge(…))` finds them: first what
    /// `merge` refuses (the shapes of `headers` and `mediaType`), then what
    /// `parse` refuses.
    pub(crate) fn build(&self) -> Result<Request> {
        let [default_headers, call_headers] = self.header_objects()?;
        let media = match (
            call_headers,
            self.call("mediaType"),
            self.prepared.request_headers(),
        ) {
            (None, None, Some(headers)) => Media::Prepared(headers),
            _ => {
                let (format, previews) = self.media_type()?;
                Media::Merged(format, previews)
            }
        };
        let method = match (self.call("method"), self.route.and_then(|r| r.method)) {
            (Some(method), _) => parse::method_of(Some(method))?,
            (None, Some(method)) => method,
            (None, None) => parse::method_of(lookup(self.defaults, "method"))?,
        };
        let url = match (self.call("url"), self.route) {
            (Some(url), _) => parse::url_of(Some(url))?,
            (None, Some(route)) if route.url.is_empty() => "/",
            (None, Some(route)) => route.url,
            (None, None) => parse::url_of(lookup(self.defaults, "url"))?,
        };
        let base_url = parse::base_url_of(
            self.call("baseUrl")
                .or_else(|| lookup(self.defaults, "baseUrl")),
        )?;
        let (headers, format, previews) = match media {
            Media::Prepared(headers) => (headers.clone_for_request(), "", Vec::new()),
            Media::Merged(format, previews) => {
                let capacity =
                    default_headers.map_or(0, Map::len) + call_headers.map_or(0, Map::len);
                let entries = default_headers
                    .into_iter()
                    .flatten()
                    .chain(call_headers.into_iter().flatten());
                let headers = headers::from_json(entries, capacity)?;
                (headers, parse::format_of(format)?, previews)
            }
        };
        let request = match (lookup(self.defaults, "request"), self.call("request")) {
            (Some(Value::Object(default)), Some(Value::Object(call))) => {
                Some(merged_objects(default, call))
            }
            (default, call) => parse::request_of(call.or(default)),
        };
        crate::template::with_parsed(url, |template| {
            let input = Input {
                method,
                base_url,
                template,
                headers,
                format,
                previews,
                request,
            };
            parse::build(input, &ViewParams(self))
        })?
    }

    /// The `headers` objects of the defaults and of the call, merged later
    /// by name: the defaults', then the call's with names lowercased (a
    /// later spelling wins and keeps the first position).
    fn header_objects(&self) -> Result<[Option<&'a Map<String, Value>>; 2]> {
        let default = match lookup(self.defaults, "headers") {
            Some(Value::Object(headers)) => Some(headers),
            None | Some(Value::Null) => None,
            Some(_) => return Err(parse::option_error("headers", "must be an object")),
        };
        let call = match self.call("headers") {
            Some(Value::Object(headers)) => Some(headers),
            None | Some(Value::Null) => None,
            Some(_) => return Err(parse::option_error("headers", "must be an object")),
        };
        Ok([default, call])
    }

    /// The merged `mediaType.format` (not yet checked) and `mediaType.previews`.
    fn media_type(&self) -> Result<(Option<&'a Value>, Vec<Cow<'a, str>>)> {
        let Some(Value::Object(default)) = lookup(self.defaults, "mediaType") else {
            return Err(media_type_error());
        };
        let (format, call_previews) = match self.call("mediaType") {
            None => (lookup(default, "format"), None),
            Some(Value::Object(call)) => (
                lookup(call, "format").or_else(|| lookup(default, "format")),
                lookup(call, "previews"),
            ),
            Some(_) => return Err(media_type_error()),
        };
        let previews = combined_previews(self.defaults, call_previews)?
            .map(strip_preview)
            .collect();
        Ok((format, previews))
    }
}

/// Where a [`View`]'s headers and media type come from.
enum Media<'a> {
    /// The call sets neither: the endpoint's prepared headers, `accept`
    /// already composed.
    Prepared(&'a crate::headers::Headers),
    /// Merged per call: the format (not yet checked) and the previews.
    Merged(Option<&'a Value>, Vec<Cow<'a, str>>),
}

/// The parameters of a [`View`]: the defaults' keys first, with the call's
/// values over them, then the call's own keys.
struct ViewParams<'v, 'a>(&'v View<'a>);

impl ViewParams<'_, '_> {
    fn merged<'p>(default: Option<&'p Value>, call: &'p Value) -> Param<'p> {
        match (default, call) {
            (Some(Value::Object(default)), Value::Object(incoming)) => {
                Param::Owned(merged_objects(default, incoming))
            }
            _ => Param::Json(call),
        }
    }
}

impl Params for ViewParams<'_, '_> {
    fn get(&self, name: &str) -> Result<Option<Param<'_>>> {
        if is_reserved(name) {
            return Ok(None);
        }
        let default = lookup(self.0.defaults, name);
        Ok(match self.0.call(name) {
            Some(call) => Some(Self::merged(default, call)),
            None => default.map(Param::Json),
        })
    }

    fn for_each_remaining(
        &self,
        template: &Template<'_>,
        f: &mut dyn FnMut(&str, Param<'_>) -> Result<()>,
    ) -> Result<()> {
        let variables = template.variable_set();
        let skip = |key: &str| is_reserved(key) || variables.contains(key);
        for (key, default) in self.0.defaults {
            if skip(key) {
                continue;
            }
            match self.0.call(key) {
                Some(call) => f(key, Self::merged(Some(default), call))?,
                None => f(key, Param::Json(default))?,
            }
        }
        for (key, call) in self.0.options.into_iter().flatten() {
            if !skip(key) && lookup(self.0.defaults, key).is_none() {
                f(key, Param::Json(call))?;
            }
        }
        Ok(())
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
