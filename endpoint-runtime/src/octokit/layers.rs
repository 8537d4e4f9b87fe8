//! The options of a call, read where they live: the one reader of merged
//! options.
//!
//! A call's merged options are the defaults with the route and the call's
//! options merged over them. Rather than building that merged object,
//! [`Layers`] reads each option from the layer that holds it, and reads it
//! the way `merge` would have merged it (objects deeply, `headers` by
//! lowercase name, `mediaType.previews` as lists). With a single layer that
//! is already merged, it is `parse(merged)`; the endpoint's defaults read
//! once through it are the cache that typed and dynamic calls start from.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::github::{DEFAULT_ACCEPT, USER_AGENT};
use crate::error::{Error, Result};
use crate::headers::{Headers, JSON_CONTENT_TYPE, check_value, is_token, lowercase_name};
use crate::names::{is_credential_param, is_option_key};
use crate::number::number_text;
use crate::params::{Params, is_remaining};
use crate::route::Route;
use crate::template::{NameSet, Template, Vars};
use crate::value::Param;
use crate::wire::plan::Placement;

/// The layers of one call's options.
#[derive(Clone, Copy)]
pub(crate) struct Layers<'a> {
    /// The bottom layer: an endpoint's defaults, or the whole merged options.
    defaults: &'a Map<String, Value>,
    route: Option<Route<'a>>,
    call: Option<&'a Map<String, Value>>,
    /// Whether the call's options hold any option key: most hold parameters
    /// only, and then no option needs to be looked up in them.
    call_has_options: bool,
    /// Whether the layers are merged here (a call on an endpoint), rather
    /// than `defaults` being options merged already (`parse(merged)`).
    merging: bool,
    /// Whether `defaults` may hold parameters besides the options; when it
    /// does not, a parameter is looked up in the call alone.
    default_params: bool,
}

/// `mediaType`, read: the format (not yet checked) and the previews.
pub(crate) struct Media<'a> {
    pub format: Option<&'a Value>,
    pub previews: Cow<'a, [Cow<'a, str>]>,
}

impl<'a> Layers<'a> {
    /// Options merged already: what `parse(merged)` reads.
    pub(crate) fn merged(merged: &'a Map<String, Value>) -> Self {
        Layers {
            defaults: merged,
            route: None,
            call: None,
            call_has_options: false,
            merging: false,
            default_params: true,
        }
    }

    /// A call: `defaults`, with `route` and `call` merged over them.
    pub(crate) fn call(
        defaults: &'a Map<String, Value>,
        route: Option<Route<'a>>,
        call: Option<&'a Map<String, Value>>,
    ) -> Self {
        Layers {
            defaults,
            route,
            call,
            call_has_options: call.is_some_and(|call| call.keys().any(|key| is_option_key(key))),
            merging: true,
            default_params: true,
        }
    }

    /// The same layers, told whether the defaults hold parameters (an
    /// endpoint knows it from reading them once).
    pub(crate) fn with_default_params(self, default_params: bool) -> Self {
        Layers {
            default_params,
            ..self
        }
    }

    /// The call's own value for `key`.
    pub(crate) fn call_value(&self, key: &str) -> Option<&'a Value> {
        self.call.and_then(|options| lookup(options, key))
    }

    /// Whether the call's options hold any option key.
    pub(crate) fn call_has_options(&self) -> bool {
        self.call_has_options
    }

    /// The call's own value for the option key `key`.
    pub(crate) fn call_option(&self, key: &str) -> Option<&'a Value> {
        if self.call_has_options {
            self.call_value(key)
        } else {
            None
        }
    }

    fn default_value(&self, key: &str) -> Option<&'a Value> {
        lookup(self.defaults, key)
    }

    /// The value of a plain option: the call's, else the defaults'.
    fn value(&self, key: &str) -> Option<&'a Value> {
        self.call_option(key).or_else(|| self.default_value(key))
    }

    /// `method`: the call's option, else the route's, else the defaults'.
    /// The text is checked to be a method when the request is built.
    pub(crate) fn method(&self) -> Result<&'a str> {
        match (
            self.call_option("method"),
            self.route.and_then(|r| r.method),
        ) {
            (None, Some(method)) => Ok(method),
            (call, _) => method_text(call.or_else(|| self.default_value("method"))),
        }
    }

    /// `url`: the call's option, else the route's, else the defaults'.
    /// Missing, `null` or empty means `/`.
    pub(crate) fn url(&self) -> Result<&'a str> {
        let url = match (self.call_option("url"), self.route) {
            (None, Some(route)) => return Ok(if route.url.is_empty() { "/" } else { route.url }),
            (call, _) => call.or_else(|| self.default_value("url")),
        };
        match url {
            None | Some(Value::Null) => Ok("/"),
            Some(Value::String(url)) if url.is_empty() => Ok("/"),
            Some(Value::String(url)) => Ok(url),
            Some(_) => Err(Error::option("url", "must be a string")),
        }
    }

    /// `baseUrl`: missing means none.
    pub(crate) fn base_url(&self) -> Result<&'a str> {
        match self.value("baseUrl") {
            None => Ok(""),
            Some(Value::String(base_url)) => Ok(base_url),
            Some(_) => Err(Error::option("baseUrl", "must be a string")),
        }
    }

    /// The `headers` objects of the defaults and of the call, each checked
    /// to be an object (or `null`, or missing).
    pub(crate) fn header_layers(&self) -> Result<[Option<&'a Map<String, Value>>; 2]> {
        let object = |value: Option<&'a Value>| match value {
            Some(Value::Object(headers)) => Ok(Some(headers)),
            None | Some(Value::Null) => Ok(None),
            Some(_) => Err(Error::option("headers", "must be an object")),
        };
        Ok([
            object(self.default_value("headers"))?,
            object(self.call_option("headers"))?,
        ])
    }

    /// The headers: the defaults', then the call's over them by lowercase
    /// name (a later spelling wins and keeps the first position), checked.
    pub(crate) fn headers(&self) -> Result<Headers> {
        let [defaults, call] = self.header_layers()?;
        let capacity = defaults.map_or(0, Map::len) + call.map_or(0, Map::len);
        let entries = defaults
            .into_iter()
            .flatten()
            .chain(call.into_iter().flatten());
        from_json(entries, capacity)
    }

    /// `mediaType`, with the previews as `merge` leaves them: on a call, the
    /// defaults' previews that the call does not repeat, then the call's,
    /// each without its first `-preview`; for merged options, as they are.
    ///
    /// # Errors
    /// `mediaType` or the call's `mediaType` is not an object, or the
    /// previews are not a list of strings.
    pub(crate) fn media(&self) -> Result<Media<'a>> {
        self.media_over(None)
    }

    /// [`Layers::media`], given the defaults' previews as `media` returns
    /// them for a call that sets none (an endpoint keeps them read), which
    /// are then borrowed rather than read again.
    pub(crate) fn media_over(
        &self,
        default_previews: Option<&'a [Cow<'static, str>]>,
    ) -> Result<Media<'a>> {
        let media_type_error = || Error::option("mediaType", "must be an object");
        let defaults = match self.default_value("mediaType") {
            Some(Value::Object(media_type)) => Some(media_type),
            None if !self.merging => None,
            _ => return Err(media_type_error()),
        };
        if !self.merging {
            let format = defaults.and_then(|m| m.get("format"));
            // `parse` reads the format before the previews.
            format_text(format)?;
            let previews = match defaults.and_then(|m| m.get("previews")) {
                None => Vec::new(),
                Some(Value::Array(list)) if list.iter().all(Value::is_string) => list
                    .iter()
                    .filter_map(Value::as_str)
                    .map(Cow::Borrowed)
                    .collect(),
                Some(_) => return Err(previews_error()),
            };
            let previews = Cow::Owned(previews);
            return Ok(Media { format, previews });
        }
        let defaults = defaults.ok_or_else(media_type_error)?;
        let (format, call_previews) = match self.call_option("mediaType") {
            None => (lookup(defaults, "format"), None),
            Some(Value::Object(call)) => (
                lookup(call, "format").or_else(|| lookup(defaults, "format")),
                lookup(call, "previews"),
            ),
            Some(_) => return Err(media_type_error()),
        };
        let previews = match (call_previews, default_previews) {
            (None, Some(previews)) => Cow::Borrowed(previews),
            _ => Cow::Owned(
                combined_previews(lookup(defaults, "previews"), call_previews)?
                    .map(strip_preview)
                    .collect(),
            ),
        };
        Ok(Media { format, previews })
    }

    /// `request`: objects in both layers merge deeply; `null` means none.
    /// Boxed, as a [`Request`](crate::Request) holds it.
    pub(crate) fn request(&self) -> Option<Box<Value>> {
        match (self.default_value("request"), self.call_option("request")) {
            (Some(Value::Object(default)), Some(Value::Object(call))) => {
                Some(Box::new(Value::Object(merged_objects(default, call))))
            }
            (default, call) => match call.or(default) {
                None | Some(Value::Null) => None,
                Some(request) => Some(Box::new(request.clone())),
            },
        }
    }

    /// The parameters: every key that is not an option key, for expanding
    /// `template` and sending the rest.
    pub(crate) fn params(&self, template: &Template<'_>) -> LayerParams<'a, JsonCall<'_, 'a>> {
        let call = JsonCall {
            layers: self,
            call_vars: CallVars::new(self.call, template),
        };
        let defaults = self.default_params.then_some(self.defaults);
        LayerParams::new(defaults, self.merging, template, call)
    }
}

/// `mediaType.format`: missing or `null` means none.
pub(crate) fn format_text(format: Option<&Value>) -> Result<&str> {
    match format {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(format)) => Ok(format),
        Some(_) => Err(Error::option("mediaType.format", "must be a string")),
    }
}

pub(crate) fn previews_error() -> Error {
    Error::option("mediaType.previews", "must be a list of strings")
}

/// The `method` option: a string is required.
fn method_text(method: Option<&Value>) -> Result<&str> {
    match method {
        Some(Value::String(method)) => Ok(method),
        Some(other) => Err(Error::Method {
            method: other.to_string(),
            reason: "the method must be a string",
        }),
        None => Err(Error::Method {
            method: String::new(),
            reason: "no method was given",
        }),
    }
}

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
pub(crate) fn merged_objects(
    default: &Map<String, Value>,
    call: &Map<String, Value>,
) -> Map<String, Value> {
    let mut merged = default.clone();
    for (key, value) in call {
        merge_value(&mut merged, key, value.clone());
    }
    merged
}

/// The merged preview names before stripping: the defaults' previews that
/// the call's list does not contain, followed by the call's list (or the
/// defaults' list again when the call gives none).
pub(crate) fn combined_previews<'v>(
    default_previews: Option<&'v Value>,
    call_previews: Option<&'v Value>,
) -> Result<impl Iterator<Item = &'v str>> {
    let default_list = match default_previews {
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

/// Removes the first occurrence of `-preview`.
pub(crate) fn strip_preview(name: &str) -> Cow<'_, str> {
    match name.find("-preview") {
        Some(at) => Cow::Owned([&name[..at], &name[at + "-preview".len()..]].concat()),
        None => Cow::Borrowed(name),
    }
}

/// A call's parameters over default ones, merged as `merge` merges them:
/// the defaults' keys first, with the call's values over them (objects
/// merged deeply), then the call's own keys. The call is JSON options
/// ([`JsonCall`]) or a typed route's fields.
pub(crate) struct LayerParams<'a, C> {
    /// The default parameters (besides the options), when there may be any.
    defaults: Option<&'a Map<String, Value>>,
    /// Whether `defaults` are an endpoint's (see [`for_each_default_param`]).
    endpoint_defaults: bool,
    /// The template variables merged from two objects (see [`merged_vars`]).
    merged: Vec<(usize, Value)>,
    call: C,
}

/// A call's own parameters, under which [`LayerParams`] puts the defaults'.
pub(crate) trait CallParams {
    /// The call's value of the template variable at `slot`, `name`.
    fn var(&self, slot: usize, name: &str) -> Option<Param<'_>>;

    /// The call's value of the remaining parameter `key` that merges with
    /// a default of that name, and where it is written.
    fn merging(&self, key: &str) -> Option<(&Value, &Placement)>;

    /// Whether `key` is a parameter of the call that no default merges
    /// with: a default of that name is the call's, and is not sent.
    fn owns(&self, key: &str) -> bool;

    /// The call's parameters that are not its template's variables
    /// (`variables`), in order, each with where it is written and whether
    /// it merges with a default of its name; [`LayerParams`] sends those the
    /// defaults' did not send ([`sent_merged`]).
    ///
    /// # Errors
    /// Whatever `f` returns.
    fn for_each_call(&self, variables: &NameSet<'_>, f: &mut CallParam<'_>) -> Result<()>;
}

/// What [`CallParams::for_each_call`] calls for each parameter: its name,
/// its value, where it is written, whether it merges with a default.
pub(crate) type CallParam<'f> = dyn FnMut(&str, Param<'_>, &Placement, bool) -> Result<()> + 'f;

impl<'a, C: CallParams> LayerParams<'a, C> {
    /// `call` over `defaults` (`None`: the defaults hold no parameter), for
    /// expanding `template` and sending the rest.
    pub(crate) fn new(
        defaults: Option<&'a Map<String, Value>>,
        endpoint_defaults: bool,
        template: &Template<'_>,
        call: C,
    ) -> Self {
        let mut params = LayerParams {
            defaults,
            endpoint_defaults,
            merged: Vec::new(),
            call,
        };
        if defaults.is_some() {
            params.merged = merged_vars(template, |slot, name| {
                (params.call.var(slot, name), params.default(name))
            });
        }
        params
    }

    /// The defaults' value of a parameter (not an option key).
    fn default(&self, key: &str) -> Option<&'a Value> {
        let defaults = self.defaults?;
        if is_option_key(key) {
            None
        } else {
            lookup(defaults, key)
        }
    }
}

impl<C: CallParams> Vars for LayerParams<'_, C> {
    fn var(&self, slot: usize, name: &str) -> Result<Option<Param<'_>>> {
        let call = self.call.var(slot, name);
        if self.defaults.is_none() {
            return Ok(call);
        }
        Ok(layer(slot, call, self.default(name), &self.merged))
    }
}

impl<C: CallParams> Params for LayerParams<'_, C> {
    fn for_each_remaining(
        &self,
        template: &Template<'_>,
        f: &mut dyn FnMut(&str, Param<'_>, &Placement) -> Result<()>,
    ) -> Result<()> {
        let variables = template.name_set();
        if let Some(defaults) = self.defaults {
            for_each_default_param(
                defaults,
                self.endpoint_defaults,
                &variables,
                |key| self.call.merging(key).map(|(value, _)| value),
                &mut |key, value| {
                    if self.call.owns(key) {
                        return Ok(());
                    }
                    // A default the call sets is written as the call's is.
                    let placement = self
                        .call
                        .merging(key)
                        .map_or(&Placement::DYNAMIC, |(_, placement)| placement);
                    f(key, value, placement)
                },
            )?;
        }
        self.call
            .for_each_call(&variables, &mut |key, value, placement, merges| {
                if merges && sent_merged(key, &variables, self.default(key).is_some()) {
                    return Ok(());
                }
                f(key, value, placement)
            })
    }
}

/// `@octokit/endpoint`'s merge rule for a call's parameter `key` that
/// merges with the defaults': whether it went out in the place of a default
/// of its name (`has_default`), with its value over the default's
/// ([`for_each_default_param`]), and is not sent again among the call's own.
/// A template variable's default is expanded, never sent, so a call's
/// parameter of that name is its own.
fn sent_merged(key: &str, variables: &NameSet<'_>, has_default: bool) -> bool {
    has_default && !variables.contains(key)
}

/// The parameters of JSON options: a call's, on [`Layers`].
pub(crate) struct JsonCall<'l, 'a> {
    layers: &'l Layers<'a>,
    call_vars: CallVars<'a>,
}

impl CallParams for JsonCall<'_, '_> {
    #[inline]
    fn var(&self, slot: usize, name: &str) -> Option<Param<'_>> {
        if is_option_key(name) {
            return None;
        }
        self.call_vars
            .value(self.layers, slot, name)
            .map(Param::Json)
    }

    fn merging(&self, key: &str) -> Option<(&Value, &Placement)> {
        self.layers
            .call_value(key)
            .map(|value| (value, &Placement::DYNAMIC))
    }

    fn owns(&self, _key: &str) -> bool {
        false
    }

    fn for_each_call(&self, variables: &NameSet<'_>, f: &mut CallParam<'_>) -> Result<()> {
        // A call without option keys needs no key checked for being one.
        let options = self.layers.call_has_options;
        for (index, (key, call)) in self.layers.call.into_iter().flatten().enumerate() {
            let left_out = self.call_vars.is_variable(index, key, variables)
                || (options && is_option_key(key));
            if !left_out {
                f(key, Param::Json(call), &Placement::DYNAMIC, true)?;
            }
        }
        Ok(())
    }
}

/// The call's values of a template's variables, by slot, and which of the
/// call's keys they are, found in one pass over the call's keys: a variable
/// is then not looked up by name, nor is every other key compared with each
/// variable's name again.
enum CallVars<'a> {
    /// A template of up to [`CallVars::SLOTS`] variables, a call of up to 64
    /// keys (bit `i` of `keys` is set when the call's `i`-th key is a
    /// variable).
    Found {
        values: [Option<&'a Value>; CallVars::SLOTS],
        keys: u64,
    },
    /// Anything larger: variables are looked up by name.
    ByName,
}

impl<'a> CallVars<'a> {
    const SLOTS: usize = 8;

    fn new(call: Option<&'a Map<String, Value>>, template: &Template<'_>) -> Self {
        let names = template.name_list();
        let mut values = [None; Self::SLOTS];
        let mut keys = 0;
        match call {
            Some(call) if names.len() > Self::SLOTS || call.len() > 64 => return CallVars::ByName,
            Some(call) => {
                for (i, (key, value)) in call.iter().enumerate() {
                    if let Some(slot) = names.position(key) {
                        values[slot] = Some(value);
                        keys |= 1 << i;
                    }
                }
            }
            None => {}
        }
        CallVars::Found { values, keys }
    }

    /// The call's value of the variable at `slot`, named `name`.
    fn value(&self, layers: &Layers<'a>, slot: usize, name: &str) -> Option<&'a Value> {
        match self {
            CallVars::Found { values, .. } => values.get(slot).copied().flatten(),
            CallVars::ByName => layers.call_value(name),
        }
    }

    /// Whether the call's `index`-th key, `key`, is a variable of the template.
    fn is_variable(&self, index: usize, key: &str, variables: &NameSet<'_>) -> bool {
        match self {
            CallVars::Found { keys, .. } => keys >> index & 1 == 1,
            CallVars::ByName => variables.contains(key),
        }
    }
}

/// A call's value over a default one, as `merge` merges one key: two
/// objects merge deeply; otherwise the call's value replaces the default.
pub(crate) fn layered<'v>(default: &'v Value, call: &'v Value) -> Cow<'v, Value> {
    match (default, call) {
        (Value::Object(default), Value::Object(call)) => {
            Cow::Owned(Value::Object(merged_objects(default, call)))
        }
        _ => Cow::Borrowed(call),
    }
}

/// The variables of `template` whose value in the call and in the defaults
/// (`values(slot, name)`) are both objects, deep-merged, by slot: the only
/// variables whose value is neither layer's own, made once per call.
pub(crate) fn merged_vars<'p>(
    template: &Template<'_>,
    mut values: impl FnMut(usize, &str) -> (Option<Param<'p>>, Option<&'p Value>),
) -> Vec<(usize, Value)> {
    let mut merged = Vec::new();
    for (slot, name) in template.names().enumerate() {
        if let (Some(Param::Json(call @ Value::Object(_))), Some(default)) = values(slot, name)
            && let Cow::Owned(value) = layered(default, call)
        {
            merged.push((slot, value));
        }
    }
    merged
}

/// A call's variable over the defaults' one: the call's value, or else the
/// default's, unless both are objects, which [`merged_vars`] merged.
pub(crate) fn layer<'p>(
    slot: usize,
    call: Option<Param<'p>>,
    default: Option<&'p Value>,
    merged: &'p [(usize, Value)],
) -> Option<Param<'p>> {
    if let Some((_, value)) = merged.iter().find(|(at, _)| *at == slot) {
        return Some(Param::Json(value));
    }
    call.or(default.map(Param::Json))
}

/// The defaults' remaining parameters, in order, each with the call's
/// value (`call_value`) over it: the first part of a layered call's
/// remaining parameters, which `merge` puts before the call's own. When
/// `defaults` are an endpoint's defaults (not options merged already), a
/// default named like a credential ([`is_credential_param`]) is left out:
/// only the call's own value of it is sent.
pub(crate) fn for_each_default_param<'v>(
    defaults: &'v Map<String, Value>,
    endpoint_defaults: bool,
    variables: &NameSet<'_>,
    call_value: impl Fn(&str) -> Option<&'v Value>,
    f: &mut dyn FnMut(&str, Param<'_>) -> Result<()>,
) -> Result<()> {
    for (key, default) in defaults {
        if is_remaining(key, variables) {
            let withheld = endpoint_defaults && is_credential_param(key);
            let value = match call_value(key) {
                Some(call) if withheld => Cow::Borrowed(call),
                Some(call) => layered(default, call),
                None if withheld => continue,
                None => Cow::Borrowed(default),
            };
            f(key, Param::Json(&value))?;
        }
    }
    Ok(())
}
/// Lowercases the names of a `headers` option object. When two names differ
/// only in case, the later value wins and the name keeps the first position.
pub(crate) fn lowercase_object(headers: &Map<String, Value>) -> Map<String, Value> {
    let mut lowered = Map::with_capacity(headers.len());
    for (name, value) in headers {
        match lowercase_name(name) {
            Cow::Borrowed(name) => lowered.insert(name.to_owned(), value.clone()),
            Cow::Owned(name) => lowered.insert(name, value.clone()),
        };
    }
    lowered
}

/// Headers from `headers` option entries, in order: names lowercased, a
/// later entry for a name replaces the value of the earlier one in its
/// position, names checked, numbers and booleans turned into text, `null`s
/// dropped, objects and lists refused.
pub(crate) fn from_json<'v>(
    entries: impl Iterator<Item = (&'v String, &'v Value)>,
    capacity: usize,
) -> Result<Headers> {
    /// Past this many headers, names are found through a hash map.
    const SCAN_LIMIT: usize = 16;
    let mut merged: Vec<(Cow<'v, str>, &'v Value)> = Vec::with_capacity(capacity);
    let mut index: Option<std::collections::HashMap<Cow<'v, str>, usize>> = None;
    for (name, value) in entries {
        let name = lowercase_name(name);
        let found = match &index {
            Some(index) => index.get(&name).copied(),
            None => merged.iter().position(|(n, _)| *n == name),
        };
        match found {
            Some(i) => merged[i].1 = value,
            None => {
                if let Some(index) = &mut index {
                    index.insert(name.clone(), merged.len());
                }
                merged.push((name, value));
                if index.is_none() && merged.len() > SCAN_LIMIT {
                    index = Some(
                        merged
                            .iter()
                            .enumerate()
                            .map(|(i, (n, _))| (n.clone(), i))
                            .collect(),
                    );
                }
            }
        }
    }
    let mut headers = Headers::with_capacity(merged.len() + 2);
    for (name, value) in merged {
        if !is_token(&name) {
            return Err(Error::HeaderName {
                name: name.into_owned(),
            });
        }
        let text: Cow<'static, str> = match value {
            Value::Null => continue,
            Value::String(s) => shared_text(s),
            Value::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
            Value::Number(n) => Cow::Owned(number_text(n)),
            Value::Array(_) | Value::Object(_) => {
                return Err(Error::HeaderValue {
                    name: name.into_owned(),
                    reason: "the value is an object or a list, not text",
                });
            }
        };
        check_value(&name, &text)?;
        // Names are unique here, so no lookup is needed.
        headers.push_new(shared_text(&name), text);
    }
    Ok(headers)
}

/// Text that is one of the crate's own header names or values is borrowed
/// from a `'static` string instead of copied, so default headers cost no
/// allocation per request.
fn shared_text(text: &str) -> Cow<'static, str> {
    const KNOWN: [&str; 7] = [
        "accept",
        "user-agent",
        "authorization",
        "content-type",
        DEFAULT_ACCEPT,
        USER_AGENT,
        JSON_CONTENT_TYPE,
    ];
    match KNOWN.iter().find(|known| **known == text) {
        Some(known) => Cow::Borrowed(known),
        None => Cow::Owned(text.to_owned()),
    }
}
