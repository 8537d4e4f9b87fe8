//! The plan of a description's operations: which module (and cargo
//! feature) each is in, its struct's name, a field for each parameter and
//! for the body with where and how it is sent, and the types of its answers,
//! all in one [`TypeSpace`] with the models.
//!
//! The rules:
//!
//! - a module per group of [`Modules`] (the first tag, else the first path
//!   segment after a version segment), named in snake case, its feature the
//!   same in kebab case;
//! - a struct named after the `operationId` in `UpperCamelCase`, without the
//!   words of its module where they say nothing the module's name does not
//!   (a prefix, `issues/list-for-repo` in `issues` is `ListForRepo`; a
//!   versioned group after the verb, `listCoreV1NamespacedPod` in `core_v1`
//!   is `ListNamespacedPod`; see `shortened`) and the rest is still unique
//!   in the module, every word that qualifies another kept
//!   (`save-orders-user` in `orders` is `SaveOrdersUser`), or after the
//!   method and path when there is no `operationId`;
//! - an inline type of answers that several operations share is named
//!   after its `title`, else a refusal's after its status's reason
//!   (`Unauthorized`), not after the first operation that answers it; any
//!   other inline type that places of several operations share, after what
//!   it is (`IssuesCreateTitle` and a secret's `SelectedRepositoryIdsItem`,
//!   both a string or an integer, are `StringOrInteger`);
//! - a field's documentation is the parameter's `description`, else its
//!   schema's `description` or `title`, then what the schema constrains
//!   (default, bounds, lengths, pattern, values, format) and whether it is
//!   deprecated;
//! - a field per parameter of every location, named in snake case (a name
//!   taken by another location gets the location's prefix: `body_name`),
//!   plain when required, else an `Option`; a path placeholder is renamed to
//!   its field (a path parameter's name is never sent); `Accept`,
//!   `Content-Type` and `Authorization` headers are left out, as OpenAPI
//!   says;
//! - a `querystring` parameter of an object schema is its properties, each
//!   a query parameter;
//! - a body of one media type whose schema is an object with properties
//!   (JSON, form, multipart) is one field per property but its `readOnly`
//!   ones; any other schema is one `request_body` field (a `File` for
//!   bytes, a `String` for text);
//! - a `readOnly` property is left out of what requests send and a
//!   `writeOnly` one out of what answers hold, a type that both hold
//!   planned once for each when they differ
//!   ([`TypeSpace::directions`]: `Server` answered, `ServerRequest`
//!   sent);
//! - a body of several media types: when one is JSON and the others are
//!   form or multipart encodings of the same schema, the JSON one (with a
//!   diagnostic naming the others); otherwise a choice, an enum with a
//!   variant per media type that implements `endpoint::body::Content`;
//! - a media range (`*/*`, `application/*`) is sent as `application/json`,
//!   unless its schema is binary;
//! - the answer: the one type of every `2xx` body when they agree, `()`
//!   when none has a body, else an `endpoint::answers!` enum of a variant
//!   per status; the refusals (`4xx`, `5xx`, `default`) alike, the route's
//!   `error` type; the first JSON media type of a status, else its first,
//!   a text one a `String`, a binary one `endpoint::body::Bytes`; a
//!   `204`, `205` or `304` has no body, whatever it declares;
//! - the `accept` header: the media type of every answer that the crate
//!   decodes, JSON first (`*/*` when none declares one), when that is not
//!   `application/json`;
//! - a required property of the body is a plain field even when the body
//!   is optional; a required body whose fields may all be left out is
//!   sent empty (`{}`) then;
//! - a list operation that pages otherwise than by `Link` headers (Stripe's
//!   `has_more`, Kubernetes' `continue`, a next URL, a cursor, an offset, a
//!   page number: [`crate::paging`]) names its scheme (`paginate(…)`), and
//!   its answer's struct is a page of its list.

use std::collections::BTreeSet;

use crate::api::{Api, Server};
use crate::conventions::Conventions;
use crate::diag::Diagnostics;
use crate::schema::{Kind, Schema};
use crate::types::{Type, TypeDef, TypeSpace};
use endpoint_runtime::model::Pagination;

mod answers;
mod bodies;
mod doc;
mod naming;
mod parameters;
mod planner;

/// Where a field is sent: the runtime's locations, which the field's
/// `#[endpoint(…)]` option names ([`Location::option_name`]). A field of
/// a path parameter is [`Location::Path`], a whole body
/// [`Location::Content`]; the generator writes no [`Location::Default`].
pub use crate::status::Status;
pub(crate) use answers::status_variant;
use answers::{list_paging, mark_wrapped_page, name_shared_answers};
use endpoint_runtime::sibling::BodyKind;
pub use endpoint_runtime::sibling::{Location, Method, Style};
use naming::aliases;
use planner::OperationPlanner;

/// How operations are grouped into modules, each module a cargo feature.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Modules {
    /// By the operation's first tag; by the first path segment (after a
    /// version segment such as `v1`) for a description without tags.
    #[default]
    Tags,
    /// By the part of the `operationId` before the first `separator`
    /// (`repos/get` → `repos`).
    OperationIdPrefix {
        /// The separator (`/`, `.`, `_`).
        separator: String,
    },
    /// By the first path segment (after a version segment).
    PathSegment,
}

/// Answers by status (`200`, `4XX`, `default`), each by media type: the
/// type of that body, `None` when it has none.
pub type ByStatus<T> = Vec<(Status, Vec<(String, Option<T>)>)>;

/// Every operation of a description, planned.
#[derive(Debug)]
pub struct Plan {
    /// The modules, sorted by name.
    pub modules: Vec<Module>,
    /// The operations, in the description's order.
    pub operations: Vec<OperationPlan>,
    /// The types of the whole crate: models, inline types of parameters,
    /// bodies and answers.
    pub types: Vec<TypeDef>,
    /// The former names of renamed operations ([`Conventions::renames`]),
    /// each a deprecated alias of its struct.
    pub aliases: Vec<Alias>,
    /// The events the API sends (webhooks, callbacks), their payloads
    /// planned in [`Plan::types`] with the operations' types.
    pub(crate) events: Option<crate::events::Events>,
    /// The feature that enables the types more than
    /// [`SHARED_AFTER`](crate::types::SHARED_AFTER) modules reach, when a
    /// type is reached by so many.
    pub(crate) shared: Option<SharedFeature>,
}

/// A feature that stands for many: the types that more than
/// [`SHARED_AFTER`](crate::types::SHARED_AFTER) modules' features reach are
/// built with it alone, and each of those features enables it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SharedFeature {
    /// Its name (`shared-models`).
    pub(crate) name: String,
    /// The features that enable it, sorted.
    pub(crate) enabled_by: BTreeSet<String>,
}

/// A former name of an operation, kept as a deprecated alias of its struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The module it is defined in (the former name's), an index in
    /// [`Plan::modules`].
    pub module: usize,
    /// Its name, unique in its module.
    pub name: String,
    /// The operation it stands for, an index in [`Plan::operations`].
    pub operation: usize,
    /// The former `operationId`.
    pub before: String,
    /// When it was renamed, as written, if said.
    pub date: Option<String>,
}

/// A module of the generated crate, and its cargo feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    /// Its Rust name (`core_v1`).
    pub name: String,
    /// Its feature (`core-v1`).
    pub feature: String,
    /// The tag or path segment it groups by, as written.
    pub group: String,
    /// The tag's description, as rustdoc.
    pub doc: Option<String>,
}

/// The Rust type of a field or an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A type of the type space.
    Planned(Type),
    /// A file of a body (`endpoint::body::File`).
    File,
    /// Bytes (`Vec<u8>`).
    Bytes,
    /// The choice of media types of the operation's body, an enum beside
    /// the struct.
    Choice,
}

/// One field of a request struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldPlan {
    /// The Rust name (`r#type`), unique in the struct.
    pub name: String,
    /// The name as sent (the path placeholder's name for a path field).
    pub wire: String,
    /// Where it goes.
    pub location: Location,
    /// Its type, without the `Option` of an optional field.
    pub ty: Ty,
    /// Whether it is an `Option` (not required).
    pub optional: bool,
    /// Whether the description requires it (with `ty` an `Option`: a
    /// required value that may be null, sent as `null` when `None`).
    pub required: bool,
    /// Its documentation.
    pub doc: String,
    /// `style`, when not the location's default.
    pub style: Option<Style>,
    /// `explode`, when not the style's default.
    pub explode: Option<bool>,
    /// `allowReserved`.
    pub allow_reserved: bool,
    /// A path parameter whose value may hold `/`, sent as it is
    /// ([`Conventions::multi_segment`]).
    pub multi_segment: bool,
    /// The media type of a parameter described by `content`, or of a part
    /// of a multipart body.
    pub content_type: Option<String>,
}

impl FieldPlan {
    /// Whether the caller may leave the field out: it is optional, or a
    /// required nullable value (`None`, which the description allows). Any
    /// other field (a required parameter, a required property of the body)
    /// is the caller's to give: its struct has no `Default` but `new(…)`.
    pub fn may_be_left_out(&self) -> bool {
        self.optional || matches!(self.ty, Ty::Planned(Type::Option(_)))
    }
}

/// A body of several media types: an enum with a variant per media type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The enum's name, unique in the module.
    pub name: String,
    /// Each variant: its name, media type and what it holds.
    pub variants: Vec<(String, String, ChoiceValue)>,
}

/// What a variant of a [`Choice`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceValue {
    /// A JSON value (JSON, form and multipart media types).
    Json,
    /// Text (`text/*`, YAML, XML).
    Text,
    /// A file of bytes.
    File,
}

/// What a successful call answers, or a refused one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Success {
    /// No body (`()`).
    Unit,
    /// One type for every successful status.
    One(Ty),
    /// Different types by status: by status as written, the type (`None`
    /// for no body).
    ByStatus(Vec<(Status, Option<Ty>)>),
}

/// One operation, planned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OperationPlan {
    /// Its index in [`Api::operations`].
    pub index: usize,
    /// Its module, an index in [`Plan::modules`].
    pub module: usize,
    /// The struct's name, unique in its module.
    pub name: String,
    /// The method (lower case, as the runtime has it; the crate writes it
    /// upper case: [`OperationPlan::method_name`]).
    pub method: Method,
    /// The URL template: the description's path with each placeholder
    /// named as its field and written in its style.
    pub template: String,
    /// The body's media type (the struct's `content_type`).
    pub content_type: Option<String>,
    /// Whether the description requires a body (`requestBody.required`)
    /// whose fields may all be left out: the struct's `body_required`,
    /// which sends the body's empty form (`{}`) then.
    pub body_required: bool,
    /// The media types of the operation's answers that the crate decodes
    /// (of each answer, its JSON one, else its first), JSON first, when they
    /// are not just `application/json` (the crate's default `accept`): the
    /// struct's `accept = "…"`; `*/*` when it declares none.
    pub accept: Option<String>,
    /// The operation's own server (the struct's `server = "…"`): the
    /// first of the operation's or its path item's `servers`, its
    /// variables at their defaults; `None` when it has none, or when it is
    /// the API's first server. A server on the origin of the API's first
    /// server (`https://api.example/beta` beside `https://api.example/v2`)
    /// is its path (`/beta`): it follows the origin of whatever base URL a
    /// request is built with (a mock, a proxy), as the API's server does.
    pub server: Option<String>,
    /// The fields, in order: path, query, header, cookie, body.
    pub fields: Vec<FieldPlan>,
    /// The body's choice of media types, when it has several.
    pub choice: Option<Choice>,
    /// What a successful call answers.
    pub success: Success,
    /// What a refusal's body is (`4xx`, `5xx`, `default`): `Unit` when
    /// none has a body.
    pub error: Success,
    /// The documentation of each status of `success` and `error`.
    pub statuses: Vec<(Status, String)>,
    /// The name of the enum of the answers by status, when `success`
    /// differs by status; unique in the module.
    pub answer_name: String,
    /// The name of the enum of the refusals by status, when `error`
    /// differs by status; unique in the module.
    pub error_name: String,
    /// By status as written, in the description's order: by media type,
    /// the type of that body, `None` when it has no schema.
    pub answers: ByStatus<Ty>,
    /// How its lists page, when it is a list operation that does not page
    /// by `Link` headers (`crate::paging`): the struct's
    /// `paginate(…)`, its answer a page of the list.
    pub paging: Option<Pagination<String>>,
    /// The struct's documentation (rustdoc Markdown).
    pub doc: String,
}

impl OperationPlan {
    /// The method as the crate writes it: upper case (`GET`, `M-SEARCH`).
    pub fn method_name(&self) -> String {
        self.method.as_str().to_ascii_uppercase()
    }
}

/// The media type without parameters, lower case: `text/plain` of
/// `Text/Plain; charset=utf-8`.
pub fn essence(media_type: &str) -> String {
    media_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// Whether a media type is a range (`*/*`, `application/*`).
fn is_range(media_type: &str) -> bool {
    essence(media_type).contains('*')
}

/// The kind of body a media type is written as, by the runtime's rule
/// ([`BodyKind::of`]); a media range (`*/*`, `application/*`) is JSON.
pub(crate) fn media_kind(media_type: &str) -> BodyKind {
    if is_range(media_type) {
        BodyKind::Json
    } else {
        BodyKind::of(media_type)
    }
}

/// Whether a schema is binary (`format: binary`), looking into nothing
/// else.
fn is_binary(schema: &Schema) -> bool {
    matches!(&schema.kind, Kind::String { format: Some(f), .. } if f == "binary")
}

/// Whether a property is `readOnly` (and not `writeOnly` too, which says
/// nothing).
fn is_read_only(property: &crate::schema::Property) -> bool {
    property.schema.read_only && !property.schema.write_only
}

/// Plans every operation of `api`, grouped by `modules`, with the API's
/// `conventions`.
pub fn plan(
    api: &Api,
    modules: &Modules,
    conventions: &Conventions,
    diagnostics: &mut Diagnostics,
) -> Plan {
    // The schemas the description's own examples contradict, relaxed.
    let relaxed = crate::examples::relax(api, diagnostics);
    let api = relaxed.as_ref().unwrap_or(api);
    // And those the events' examples contradict, the relaxations in the
    // events' own copies of what operations use too.
    let relaxed = crate::events::relax(api, diagnostics);
    let api = relaxed.as_ref().unwrap_or(api);
    let mut space = TypeSpace::new(&api.schemas, conventions);

    let (module_list, module_of, module_names) = naming::modules(api, modules);
    let (fulls, names, mut taken) = naming::struct_names(api, &module_of, &module_list);

    let mut operations = Vec::with_capacity(api.operations.len());
    for (index, operation) in api.operations.iter().enumerate() {
        let module = module_of[index];
        let Ok(method) = operation.method.parse::<Method>() else {
            diagnostics.push(
                &operation.pointer,
                Some(&operation.label()),
                format!("`{}` is not an HTTP method name", operation.method),
                "the operation left out",
            );
            continue;
        };
        let mut planner = OperationPlanner {
            space: &mut space,
            components: &api.schemas,
            diagnostics: &mut *diagnostics,
            operation,
            api_server: api.servers.first().map(Server::default_url),
            feature: module_list[module].feature.clone(),
            conventions,
            full: fulls[index].clone(),
            fields: Vec::new(),
            statuses: Vec::new(),
        };
        let mut op = planner.plan(index, module, method, names[index].clone());
        if conventions.link_pages {
            mark_wrapped_page(&op, &mut space, &conventions.page_keys);
        } else {
            op.paging = list_paging(operation, &op, &api.schemas, &mut space, diagnostics);
        }
        naming::name_beside(&mut op, module, &mut taken);
        operations.push(op);
    }
    let answers = name_shared_answers(api, &operations, &fulls, &mut space);
    // Any other type that several places share, by what it is; the words
    // naming an answer (its status, `Response`) or a whole body (`Body`)
    // say only where a type stands.
    let reasons: BTreeSet<String> = (100..600)
        .map(Status::Code)
        .chain((1..=5).map(Status::Range))
        .chain([Status::Default])
        .map(status_variant)
        .chain(["Response", "Body"].map(str::to_owned))
        .collect();
    space.name_shared(&answers, &|words| reasons.contains(words));
    // The events' payloads, after the operations' types are named: the
    // models they reach are what answers hold too.
    let events = crate::events::roots(api, &mut space, diagnostics);
    // What requests send and answers hold: each direction's shape, and the
    // request's twin of a type whose shape differs by direction.
    let requests: Vec<Type> = operations
        .iter()
        .flat_map(|op| &op.fields)
        .filter_map(|field| match &field.ty {
            Ty::Planned(ty) => Some(ty.clone()),
            _ => None,
        })
        .collect();
    let answered: Vec<Type> = operations
        .iter()
        .flat_map(|op| &op.answers)
        .flat_map(|(_, by_media)| by_media)
        .filter_map(|(_, ty)| match ty {
            Some(Ty::Planned(ty)) => Some(ty.clone()),
            _ => None,
        })
        .chain(events.iter().flat_map(|events| events.models(&space.types)))
        .collect();
    let twins = space.directions(&requests, &answered);
    if !twins.is_empty() {
        for field in operations.iter_mut().flat_map(|op| &mut op.fields) {
            if let Ty::Planned(ty) = &mut field.ty {
                *ty = ty.with_twins(&twins);
            }
        }
    }
    let shared_name = shared_feature_name(&module_list);
    let (mut types, sharing) = space.finish_sharing(&shared_name);
    let shared = (!sharing.is_empty()).then(|| SharedFeature {
        name: shared_name,
        enabled_by: sharing.iter().map(|feature| feature.to_string()).collect(),
    });
    let events = events.map(|events| {
        let taken = |name: &str| module_list.iter().any(|module| module.name == name);
        crate::events::finish(
            api,
            events,
            &mut types,
            (&taken, &conventions.events),
            diagnostics,
        )
    });
    let aliases = aliases(
        api,
        modules,
        conventions,
        &module_list,
        &module_names,
        &operations,
        &mut taken,
        diagnostics,
    );
    Plan {
        modules: module_list,
        operations,
        types,
        aliases,
        events,
        shared,
    }
}

/// The name of the feature that enables the models most modules reach:
/// `shared-models`, numbered when a module's feature is named so.
fn shared_feature_name(modules: &[Module]) -> String {
    crate::ident::unique("shared-models".into(), |name| {
        modules.iter().any(|module| module.feature == name)
    })
}

/// The plan of a description of `paths` (OpenAPI 3.1, no components),
/// with `conventions`, and its diagnostics: for the tests of each concern.
#[cfg(test)]
fn planned_with(paths: serde_json::Value, conventions: &Conventions) -> (Plan, Diagnostics) {
    let description = serde_json::json!({
        "openapi": "3.1.0",
        "info": {"title": "Test", "version": "1"},
        "servers": [{"url": "https://api.example/v1"}],
        "paths": paths,
    });
    let read = crate::read::read_value(description, None, &[]).expect("a description");
    let mut diagnostics = read.diagnostics.clone();
    let plan = plan(&read.api, &Modules::Tags, conventions, &mut diagnostics);
    (plan, diagnostics)
}

/// [`planned_with`] the default conventions.
#[cfg(test)]
fn planned(paths: serde_json::Value) -> (Plan, Diagnostics) {
    planned_with(paths, &Conventions::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_media_types_essence_is_its_type_in_lower_case() {
        assert_eq!(essence("Text/Plain; charset=utf-8"), "text/plain");
        assert_eq!(essence("application/json"), "application/json");
        assert!(is_range("application/*") && is_range("*/*"));
        assert!(!is_range("application/json"));
    }

    #[test]
    fn a_media_range_is_written_as_json() {
        assert_eq!(media_kind("*/*"), BodyKind::Json);
        assert_eq!(media_kind("text/plain"), BodyKind::Text);
        assert_eq!(media_kind("multipart/form-data"), BodyKind::Multipart);
    }

    #[test]
    fn a_plan_has_its_modules_and_operations_in_order() {
        let (plan, diagnostics) = planned(serde_json::json!({
            "/pets": {
                "get": {"operationId": "listPets", "tags": ["pets"], "responses": {"200": {"description": "ok"}}},
                "post": {"operationId": "createPet", "tags": ["pets"], "responses": {"201": {"description": "ok"}}}
            },
            "/stores": {"get": {"operationId": "listStores", "tags": ["stores"], "responses": {"200": {"description": "ok"}}}}
        }));
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let modules: Vec<_> = plan.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(modules, ["pets", "stores"]);
        let names: Vec<_> = plan
            .operations
            .iter()
            .map(|op| (op.module, op.name.as_str()))
            .collect();
        assert_eq!(
            names,
            [(0, "ListPets"), (0, "CreatePet"), (1, "ListStores")]
        );
    }
}
