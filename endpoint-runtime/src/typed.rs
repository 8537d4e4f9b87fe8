//! Typed requests: a route planned at compile time by `endpoint!` and a
//! struct's fields read by position, written by the builder.
//!
//! The macro knows which field fills which template variable, and which
//! fields remain for the query or the body. It emits that as a [`Plan`] and
//! one function, [`Fields::with_fields`], that hands the builder every field
//! in one array; nothing is looked up by name and nothing is parsed when a
//! request is built.

use serde::Serialize;
use serde_json::Value;

use crate::build::{Compose, Input, Resolved, build};
use crate::error::Result;
use crate::headers::BodyHeaders;
use crate::model::Pagination;
use crate::params::Params;
use crate::request::{Method, Request};
use crate::template::{Template, Vars};
use crate::value::Param;
use crate::wire::plan::{BodyPlan, ParamPlan, Placement};

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
    /// dynamic layer's rule (a JSON object of the body's fields, or `data` as the
    /// whole body).
    pub body: Option<BodyPlan>,
    /// The route's `accept` header (`#[endpoint(accept = "…")]`): the media
    /// types of its answers, sent instead of the settings' `accept` when
    /// that is a default (`application/json`, or the one the settings were
    /// made with); another the caller chose, and a header field of the
    /// route, win. `None`: the settings'.
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
    crate::value::to_value(value, key)
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

/// The request of a typed route on an API's base URL (or the URL of the
/// route's own server) with its headers; inlined, as [`build`] is.
#[inline(always)]
pub(crate) fn request<'a>(
    base_url: &str,
    headers: &'a BodyHeaders,
    default_accept: Option<&'a str>,
    plan: &Plan,
    fields: &[Option<Param<'_>>],
) -> Result<Request> {
    let options: Resolved<'_> = Resolved {
        headers: headers.base().clone(),
        default_accept,
        compose: None,
        body_headers: Some(headers),
        request: None,
    };
    build_with(base_url, options, plan, &TypedParams { plan, fields })
}

/// The request of a typed route on `base_url` with the `options` its
/// settings resolved to, its fields read through `params`; inlined, as
/// [`build`] is.
#[inline(always)]
pub(crate) fn build_with<C: Compose>(
    base_url: &str,
    options: Resolved<'_, C>,
    plan: &Plan,
    params: &(impl Params + ?Sized),
) -> Result<Request> {
    let input = Input {
        method: plan.method.clone(),
        base_url,
        template: &plan.template,
        body: plan.body,
        accept: plan.accept,
        options,
    };
    build(input, params)
}

/// A struct's fields as parameters.
pub(crate) struct TypedParams<'a, 'v> {
    pub(crate) plan: &'a Plan,
    pub(crate) fields: &'a [Option<Param<'v>>],
}

impl<'v> TypedParams<'_, 'v> {
    /// The value of the variable at `slot`.
    pub(crate) fn typed_var(&self, slot: usize) -> Option<Param<'v>> {
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
