//! Typed requests: a route planned at compile time by `endpoint!` and a
//! struct's fields read by position, written by the builder.
//!
//! The macro knows which field fills which template variable, and which
//! fields remain for the query or the body. It emits that as a [`Plan`] and
//! one function, [`Fields::with_fields`], that hands the builder every field
//! in one array; nothing is looked up by name and nothing is parsed when a
//! request is built.

use serde::Serialize;

use serde_json::{Map, Value};

use crate::build::{Input, build};
use crate::defaults::{CallOptions, Prepared};
use crate::error::Result;
use crate::layers::{Layers, for_each_default_param, layer, lookup, merged_vars};
use crate::model::Pagination;
use crate::names::is_option_key;
use crate::params::Params;
use crate::request::{Method, Request};
use crate::template::{Template, Vars};
use crate::value::Param;
use crate::wire::plan::{BodyPlan, Location, ParamPlan, Placement};

/// A route checked and planned at compile time.
#[derive(Debug)]
pub struct Plan {
    /// The method.
    pub method: Method,
    /// The URL template, parsed.
    pub template: Template<'static>,
    /// The parameters that are not template variables, in declaration
    /// order, each with its wire name and placement. The field of
    /// `params[i]` is at position `template.names().len() + i`.
    pub params: &'static [ParamPlan],
    /// The route's own server (`#[endpoint(server = "…")]`), which the
    /// request goes to instead of the endpoint's base URL: an absolute
    /// `http(s)` URL, or a path (`/v2`) resolved against the base URL. An
    /// endpoint may send it elsewhere
    /// ([`Endpoint::with_server`](crate::Endpoint::with_server)). `None`:
    /// the base URL.
    pub server: Option<&'static str>,
    /// The body's media type, when the route names one; `None` for the
    /// octokit rule (a JSON object of the body's fields, or `data` as the
    /// whole body).
    pub body: Option<BodyPlan>,
    /// The route's `accept` header (`#[endpoint(accept = "…")]`): the media
    /// types of its answers, sent instead of the endpoint's `accept` when
    /// that is a default (`application/json`, GitHub's); another the caller
    /// chose, and a header field of the route, win. `None`: the endpoint's.
    pub accept: Option<&'static str>,
    /// How the route's lists page, when the route names its own scheme
    /// (`#[endpoint(paginate(…))]`), which wins over a client's; `None` for
    /// the client's.
    pub pagination: Option<Pagination>,
}

/// A struct's fields, by position: first the template's variables (in the
/// order of [`Template::names`]), then the other parameters (in the order of
/// [`Plan::params`]).
pub trait Fields {
    /// Calls `build` with every field's value, in that order; `None` for an
    /// absent (`None`) optional field and for a variable without a field.
    ///
    /// The values are written once, into one array, and read by position:
    /// the builder asks no accessor, field by field, for them.
    ///
    /// # Errors
    /// What `build` returns, or [`Error::Serialize`](crate::Error::Serialize)
    /// or [`Error::TooDeep`](crate::Error::TooDeep) when a field of a type
    /// without a direct conversion cannot be serialized.
    fn with_fields(&self, build: &mut FieldsBuild<'_>) -> Result<Request>;
}

/// What [`Fields::with_fields`] hands the fields to.
pub type FieldsBuild<'b> = dyn FnMut(&[Option<Param<'_>>]) -> Result<Request> + 'b;

/// A field of a type without a direct conversion, through serde
/// (depth-limited), into a local of [`Fields::with_fields`] that the field's
/// [`Param::Json`] borrows.
///
/// # Errors
/// As [`Fields::with_fields`].
pub fn serialize<T: Serialize + ?Sized>(value: &T, key: &str) -> Result<Value> {
    crate::options::to_value(value, key)
}

/// A value of the expression form (`endpoint!("GET /x/{a}", a = …)`),
/// serialized where the macro is used.
pub type Argument = Result<Value>;

/// An [`Argument`], borrowed for the builder.
///
/// # Errors
/// The argument's own serialization error.
pub fn argument(argument: &Argument) -> Result<Param<'_>> {
    argument.as_ref().map(Param::Json).map_err(Clone::clone)
}

/// The request of a typed route on an endpoint's defaults; with `server`,
/// on the URL it makes of the defaults' base URL (the route's own server)
/// instead of that base URL.
pub(crate) fn request(
    defaults: &Map<String, Value>,
    prepared: &Prepared,
    server: Option<&dyn Fn(&str) -> String>,
    plan: &Plan,
    fields: &[Option<Param<'_>>],
) -> Result<Request> {
    let typed = TypedParams { plan, fields };
    let (base_url, options) = match prepared.ready() {
        Some(ready) => (ready.base_url.as_str(), ready.resolved()),
        None => {
            // Invalid defaults: read them as a call that sets nothing, which
            // reports their errors in order.
            let call = CallOptions::begin(Layers::call(defaults, None, None), prepared)?;
            let base_url = call.layers().base_url()?;
            (base_url, call.finish()?)
        }
    };
    let server_url = server.map(|server| server(base_url));
    let base_url = server_url.as_deref().unwrap_or(base_url);
    // The input is written where each call of `build` takes it.
    let input = || Input {
        method: plan.method.clone(),
        base_url,
        template: &plan.template,
        body: plan.body,
        accept: plan.accept,
        options,
    };
    if prepared.has_params() {
        let layered = Layered::new(defaults, &plan.template, &typed)?;
        build(input(), &layered)
    } else {
        build(input(), &typed)
    }
}

/// A struct's fields as parameters.
struct TypedParams<'a, 'v> {
    plan: &'a Plan,
    fields: &'a [Option<Param<'v>>],
}

impl<'v> TypedParams<'_, 'v> {
    /// The value of the variable at `slot`.
    fn typed_var(&self, slot: usize) -> Option<Param<'v>> {
        self.fields.get(slot).copied().flatten()
    }
}

impl Vars for TypedParams<'_, '_> {
    #[inline]
    fn var(&self, slot: usize, _name: &str) -> Result<Option<Param<'_>>> {
        Ok(self.typed_var(slot))
    }
}

impl Params for TypedParams<'_, '_> {
    fn for_each_remaining(
        &self,
        _template: &Template<'_>,
        f: &mut dyn FnMut(&str, Param<'_>, &Placement) -> Result<()>,
    ) -> Result<()> {
        let first = self.plan.template.name_count();
        let values = self.fields.get(first..).unwrap_or_default();
        for (param, value) in self.plan.params.iter().zip(values) {
            if let Some(value) = *value {
                f(param.name, value, &param.placement)?;
            }
        }
        Ok(())
    }
}

/// Default parameters under a typed call's parameters, merged as `merge`
/// merges them: the defaults' keys first, a key the call sets keeps its
/// position, objects merge deeply, an absent (`None`) field leaves the
/// default in place.
struct Layered<'a> {
    defaults: &'a Map<String, Value>,
    call: &'a TypedParams<'a, 'a>,
    /// The call's remaining parameters of the default location (those the
    /// defaults' parameters merge with, see [`merges`]), owned: this path
    /// runs only for endpoints whose defaults hold parameters. The others (a
    /// header, a query parameter of a route with a body, a body of bytes…)
    /// are the call's own and pass as they are.
    remaining: Vec<(String, Value, Placement)>,
    /// The names of the call's other parameters: a default parameter of
    /// one of these names is the call's, and is not sent.
    own: Vec<String>,
    /// The template variables merged from two objects (see [`merged_vars`]).
    merged: Vec<(usize, Value)>,
}

impl<'a> Layered<'a> {
    fn new(
        defaults: &'a Map<String, Value>,
        template: &Template<'_>,
        call: &'a TypedParams<'a, 'a>,
    ) -> Result<Self> {
        let mut remaining = Vec::new();
        let mut own = Vec::new();
        call.for_each_remaining(template, &mut |key, value, placement| {
            if merges(&value, placement) {
                remaining.push((key.to_owned(), value.to_json().into_owned(), *placement));
            } else {
                own.push(key.to_owned());
            }
            Ok(())
        })?;
        let merged = merged_vars(template, |slot, name| {
            (call.typed_var(slot), default_param(defaults, name))
        });
        Ok(Layered {
            defaults,
            call,
            remaining,
            own,
            merged,
        })
    }

    fn default(&self, key: &str) -> Option<&'a Value> {
        default_param(self.defaults, key)
    }
}

/// Whether a call's parameter merges with the defaults' parameters: one of
/// the default location, unless it is bytes, a file or a choice of body,
/// which no default can hold and which pass as they are.
fn merges(value: &Param<'_>, placement: &Placement) -> bool {
    placement.location == Location::Default && !value.is_body_only()
}

/// The defaults' value of a parameter (not an option key).
fn default_param<'v>(defaults: &'v Map<String, Value>, key: &str) -> Option<&'v Value> {
    if is_option_key(key) {
        None
    } else {
        lookup(defaults, key)
    }
}

impl Vars for Layered<'_> {
    fn var(&self, slot: usize, name: &str) -> Result<Option<Param<'_>>> {
        Ok(layer(
            slot,
            self.call.typed_var(slot),
            self.default(name),
            &self.merged,
        ))
    }
}

impl Params for Layered<'_> {
    fn for_each_remaining(
        &self,
        template: &Template<'_>,
        f: &mut dyn FnMut(&str, Param<'_>, &Placement) -> Result<()>,
    ) -> Result<()> {
        let variables = template.name_set();
        let call = |key: &str| self.remaining.iter().find(|(k, _, _)| k == key);
        for_each_default_param(
            self.defaults,
            true,
            &variables,
            |key| call(key).map(|(_, value, _)| value),
            &mut |key, value| {
                if self.own.iter().any(|own| own == key) {
                    return Ok(());
                }
                // A default the call sets is written as the call's field is.
                let placement = call(key).map_or(&Placement::OCTOKIT, |(_, _, p)| p);
                f(key, value, placement)
            },
        )?;
        for (key, value, placement) in &self.remaining {
            if self.default(key).is_none() || variables.contains(key) {
                f(key, Param::Json(value), placement)?;
            }
        }
        self.call
            .for_each_remaining(template, &mut |key, value, placement| {
                if merges(&value, placement) {
                    return Ok(());
                }
                f(key, value, placement)
            })
    }
}
