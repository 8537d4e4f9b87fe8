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

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use crate::api::{Api, Encoding, MediaContent, Operation, ParamIn, Parameter, Server};
use crate::conventions::Conventions;
use crate::diag::Diagnostics;
use crate::docs::{self, Links};
use crate::ident;
use crate::paging;
use crate::schema::{Kind, Object, Property, Schema};
use crate::types::{Policy, Type, TypeDef, TypeSpace};
use endpoint_runtime::model::Pagination;
/// Where a field is sent: the runtime's locations, which the field's
/// `#[endpoint(…)]` option names ([`Location::option_name`]). A field of
/// a path parameter is [`Location::Path`], a whole body
/// [`Location::Content`]; the generator writes no [`Location::Default`].
pub use endpoint_runtime::sibling::Location;
use endpoint_runtime::sibling::{
    BodyKind, Origin, PAGE_KEYS, is_token, redact_userinfo, server_error,
};

/// The names and documentation of a generated crate's models: names as
/// [`ident`] makes them, descriptions as rustdoc ([`docs::rustdoc`]).
#[derive(Debug, Default, Clone, Copy)]
pub struct Described;

impl Policy for Described {
    fn doc(&self, text: &str) -> String {
        docs::rustdoc(text, Links::default())
    }
}

/// [`Described`], with the names of an API's [`Conventions`]: a component
/// whose name starts with one of [`Conventions::twin_prefixes`] is named
/// without it, so that it is its twin's type (an `Option` where the twin
/// is nullable).
pub(crate) struct Conventional<'c>(pub(crate) &'c Conventions);

impl Policy for Conventional<'_> {
    fn type_name(&self, component: &str) -> String {
        let bare = self
            .0
            .twin_prefixes
            .iter()
            .find_map(|prefix| component.strip_prefix(prefix.as_str()))
            .filter(|bare| !bare.is_empty())
            .unwrap_or(component);
        ident::pascal(bare)
    }

    fn doc(&self, text: &str) -> String {
        Described.doc(text)
    }
}

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

/// Answers by status as written (`"200"`, `"4XX"`, `"default"`), each by
/// media type: the type of that body, `None` when it has none.
pub type ByStatus<T> = Vec<(String, Vec<(String, Option<T>)>)>;

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
    pub style: Option<String>,
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
    ByStatus(Vec<(String, Option<Ty>)>),
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
    /// The method, upper case.
    pub method: String,
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
    pub statuses: Vec<(String, String)>,
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
    /// by `Link` headers ([`crate::paging`]): the struct's
    /// `paginate(…)`, its answer a page of the list.
    pub paging: Option<Pagination<String>>,
    /// The struct's documentation (rustdoc Markdown).
    pub doc: String,
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

/// Whether `name` is a version segment of a path (`v1`, `v1beta2`,
/// `2010-04-01`).
fn is_version(segment: &str) -> bool {
    let mut chars = segment.chars();
    let v = chars.next() == Some('v') && chars.next().is_some_and(|c| c.is_ascii_digit());
    v || (!segment.is_empty()
        && segment
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '.'))
}

/// The first path segment that is not a version or a placeholder, without
/// an extension (`/2010-04-01/Accounts.json` → `Accounts`).
fn path_group(path: &str) -> String {
    path.split('/')
        .filter(|s| !s.is_empty() && !s.contains('{') && !is_version(s))
        .map(|s| s.split('.').next().unwrap_or(s))
        .find(|s| !s.is_empty())
        .unwrap_or("root")
        .to_owned()
}

fn group_of(operation: &Operation, modules: &Modules) -> String {
    match modules {
        Modules::Tags => operation
            .tags
            .first()
            .filter(|tag| !tag.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| path_group(&operation.path)),
        Modules::OperationIdPrefix { separator } => operation
            .operation_id
            .as_deref()
            .filter(|_| !separator.is_empty())
            .and_then(|id| id.split_once(separator.as_str()))
            .map(|(prefix, _)| prefix.to_owned())
            .filter(|prefix| !prefix.is_empty())
            .unwrap_or_else(|| path_group(&operation.path)),
        Modules::PathSegment => path_group(&operation.path),
    }
}

/// A module's Rust name: snake case, never raw, never a file of the crate
/// (`lib`, `models`) or `default` (a feature of its own).
fn module_name(group: &str) -> String {
    let name = ident::snake(group);
    let mut name = name
        .strip_prefix("r#")
        .map_or(name.clone(), |raw| format!("{raw}_"));
    if matches!(
        name.as_str(),
        "lib"
            | "models"
            | "default"
            | "main"
            | "std"
            | "core"
            | "alloc"
            | "endpoint"
            | "serde"
            | "serde_json"
    ) {
        name.push('_');
    }
    name
}

/// Each group's module name, without the words that every module name
/// starts with (Twilio's `Api20100401Call`, `Api20100401Account`: `call`,
/// `account`) when what is left still tells them apart.
fn module_names(groups: &[String]) -> BTreeMap<String, String> {
    let mut names: BTreeMap<String, String> = groups
        .iter()
        .map(|group| (group.clone(), module_name(group)))
        .collect();
    let distinct: BTreeSet<&String> = names.values().collect();
    if distinct.len() < 2 {
        return names;
    }
    let split: Vec<Vec<&str>> = distinct
        .iter()
        .map(|name| name.split('_').collect())
        .collect();
    let common = (0..)
        .take_while(|&i| {
            split[0].get(i).is_some_and(|word| {
                !word.is_empty() && split.iter().all(|words| words.get(i) == Some(word))
            })
        })
        .count();
    for k in (1..=common).rev() {
        let stripped: BTreeMap<String, String> = names
            .iter()
            .map(|(group, name)| {
                let words: Vec<&str> = name.split('_').skip(k).collect();
                (group.clone(), module_name(&words.join("_")))
            })
            .collect();
        let fine = stripped.values().all(|name| {
            !name.is_empty()
                && name != "empty"
                && !name.starts_with(|c: char| c.is_ascii_digit() || c == '_')
        }) && stripped.values().collect::<BTreeSet<_>>().len() == distinct.len();
        if fine {
            names = stripped;
            break;
        }
    }
    names
}

/// The struct's name before it is shortened: the `operationId`, or the
/// method and path.
fn full_name(operation: &Operation) -> String {
    match &operation.operation_id {
        Some(id) if !ident::words(id).is_empty() => ident::pascal(id),
        _ => ident::pascal(&format!(
            "{} {}",
            operation.method.to_ascii_lowercase(),
            operation.path
        )),
    }
}

/// Articles, which name nothing alone.
const ARTICLES: [&str; 3] = ["a", "an", "the"];

/// `full` without the words of its module `group` where they say nothing
/// the module's name does not (every other word carries meaning and is
/// kept), when what is left starts with a letter and is not an article:
///
/// - the module's words start the `operationId`, a namespace written
///   before the verb (`issues/list-for-repo` in `issues` → `ListForRepo`,
///   `orders_list` → `List`);
/// - they follow its verb and name a versioned group, a namespace rather
///   than a thing (`listCoreV1NamespacedPod` in `core_v1` →
///   `ListNamespacedPod`);
/// - they follow its verb and the next word names the same thing
///   (`GetAccountsAccountPeople` in `accounts` → `GetAccountPeople`).
///
/// Anywhere else they qualify another word, or are the object of the verb
/// and say whether it acts on a list or on one item, and the name keeps
/// them: `save-orders-user` in `orders`, `get-a-categories-products` in
/// `products`, `get-an-invoices-lines` in `invoices`, `getDomains` (a list)
/// and `getDomain` (one item) in `domains`, `getAccount` in `account`, are
/// named in full; a name is never its verb alone unless its
/// `operationId` says only that after its namespace.
fn shortened(operation: &Operation, group: &str) -> Option<String> {
    let source = match &operation.operation_id {
        Some(id) if !ident::words(id).is_empty() => id.clone(),
        _ => return None,
    };
    let words: Vec<String> = ident::words(&source)
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let module: Vec<String> = ident::words(group)
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let n = module.len();
    if n == 0 || n >= words.len() {
        return None;
    }
    let last = &module[n - 1];
    let rest: Vec<&String> = if words[..n] == module[..] {
        words[n..].iter().collect()
    } else if words[1..=n] == module[..]
        && (is_version(last) || words.get(n + 1).is_some_and(|next| same_noun(last, next)))
    {
        words[..1].iter().chain(&words[n + 1..]).collect()
    } else {
        return None;
    };
    let meaningful = rest.iter().any(|w| !ARTICLES.contains(&w.as_str()))
        && !ARTICLES.contains(&rest[0].as_str());
    let leading_digit = rest[0].starts_with(|c: char| c.is_ascii_digit());
    let rest: Vec<&str> = rest.iter().map(|w| w.as_str()).collect();
    (meaningful && !leading_digit).then(|| ident::pascal(&rest.join("_")))
}

/// Whether `one` (a module's last word, lower case) and `other` name the
/// same thing: the same word, or `other` its singular (`accounts` and
/// `account`, `addresses` and `address`, `categories` and `category`).
fn same_noun(one: &str, other: &str) -> bool {
    one == other
        || one.strip_suffix('s') == Some(other)
        || one.strip_suffix("es") == Some(other)
        || one
            .strip_suffix("ies")
            .is_some_and(|stem| other.strip_suffix('y') == Some(stem))
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
    let policy = Conventional(conventions);
    let mut space = TypeSpace::new(&api.schemas, &policy);

    // Modules.
    let groups: Vec<String> = api
        .operations
        .iter()
        .map(|op| group_of(op, modules))
        .collect();
    let module_names = module_names(&groups);
    let mut by_name: BTreeMap<String, String> = BTreeMap::new();
    for group in &groups {
        by_name
            .entry(module_names[group].clone())
            .or_insert_with(|| group.clone());
    }
    let module_list: Vec<Module> = by_name
        .iter()
        .map(|(name, group)| Module {
            name: name.clone(),
            feature: name
                .trim_end_matches('_')
                .replace('_', "-")
                .trim_start_matches('-')
                .to_owned()
                + if name.ends_with('_') { "_" } else { "" },
            group: group.clone(),
            doc: api
                .tags
                .iter()
                .find(|tag| &tag.name == group)
                .and_then(|tag| tag.description.as_deref())
                .map(|text| docs::rustdoc(text, Links::default()))
                .filter(|text| !text.is_empty()),
        })
        .collect();
    let module_of: Vec<usize> = groups
        .iter()
        .map(|group| {
            let name = &module_names[group];
            module_list
                .iter()
                .position(|m| &m.name == name)
                .unwrap_or(0)
        })
        .collect();

    // Names: shortened where still unique in the module, then unique.
    let fulls: Vec<String> = api.operations.iter().map(full_name).collect();
    let shorts: Vec<Option<String>> = api
        .operations
        .iter()
        .zip(&module_of)
        .map(|(op, &m)| shortened(op, &module_list[m].name))
        .collect();
    let mut counts: HashMap<(usize, String), usize> = HashMap::new();
    for (i, &m) in module_of.iter().enumerate() {
        *counts.entry((m, fulls[i].clone())).or_default() += 1;
        if let Some(short) = &shorts[i]
            && short != &fulls[i]
        {
            *counts.entry((m, short.clone())).or_default() += 1;
        }
    }
    let mut taken: BTreeSet<(usize, String)> = BTreeSet::new();
    let mut names = Vec::with_capacity(fulls.len());
    for (i, &m) in module_of.iter().enumerate() {
        let preferred = match &shorts[i] {
            Some(short) if counts[&(m, short.clone())] == 1 => short.clone(),
            _ => fulls[i].clone(),
        };
        // A struct named `Option` or `String` would shadow the type its
        // module's fields name without a path.
        let name = ident::unique(ident::not_unqualified(preferred), |candidate| {
            taken.contains(&(m, candidate.to_owned()))
        });
        taken.insert((m, name.clone()));
        names.push(name);
    }

    let mut operations = Vec::with_capacity(api.operations.len());
    for (index, operation) in api.operations.iter().enumerate() {
        let module = module_of[index];
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
        let mut op = planner.plan(index, module, names[index].clone());
        if conventions.link_pages {
            mark_wrapped_page(&op, &mut space);
        } else {
            op.paging = list_paging(operation, &op, &api.schemas, &mut space, diagnostics);
        }
        // A choice's name, unique in the module beside the structs.
        if let Some(choice) = &mut op.choice {
            choice.name = ident::unique(format!("{}Body", op.name), |candidate| {
                taken.contains(&(module, candidate.to_owned()))
            });
            taken.insert((module, choice.name.clone()));
        }
        for (differs, suffix) in [
            (matches!(op.success, Success::ByStatus(_)), "Answer"),
            (matches!(op.error, Success::ByStatus(_)), "Error"),
        ] {
            if differs {
                let name = ident::unique(format!("{}{suffix}", op.name), |candidate| {
                    taken.contains(&(module, candidate.to_owned()))
                });
                taken.insert((module, name.clone()));
                if suffix == "Answer" {
                    op.answer_name = name;
                } else {
                    op.error_name = name;
                }
            }
        }
        operations.push(op);
    }
    let answers = name_shared_answers(api, &operations, &fulls, &mut space);
    // Any other type that several places share, by what it is; the words
    // naming an answer (its status, `Response`) or a whole body (`Body`)
    // say only where a type stands.
    let reasons: BTreeSet<String> = (100..600)
        .map(|status: u16| status.to_string())
        .chain(["1XX", "2XX", "3XX", "4XX", "5XX", "default"].map(str::to_owned))
        .map(|status| status_variant(&status))
        .chain(["Response", "Body"].map(str::to_owned))
        .collect();
    space.name_shared(&answers, &|words| reasons.contains(words));
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
        .collect();
    let twins = space.directions(&requests, &answered);
    if !twins.is_empty() {
        for field in operations.iter_mut().flat_map(|op| &mut op.fields) {
            if let Ty::Planned(ty) = &mut field.ty {
                *ty = ty.with_twins(&twins);
            }
        }
    }
    let types = space.finish();
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
    }
}

/// The former names of renamed operations ([`Conventions::renames`]), each
/// in the module its `operationId` groups into, named as a struct of that
/// module would be. A former name that several operations had, that groups
/// into no module of the crate, or whose name is taken in its module is
/// left out, with a diagnostic.
#[allow(clippy::too_many_arguments)]
fn aliases(
    api: &Api,
    modules: &Modules,
    conventions: &Conventions,
    module_list: &[Module],
    module_names: &BTreeMap<String, String>,
    operations: &[OperationPlan],
    taken: &mut BTreeSet<(usize, String)>,
    diagnostics: &mut Diagnostics,
) -> Vec<Alias> {
    let mut former: BTreeMap<String, Vec<(usize, Option<String>)>> = BTreeMap::new();
    for (at, op) in operations.iter().enumerate() {
        for rename in conventions.renames(&api.operations[op.index].extensions) {
            former
                .entry(rename.before)
                .or_default()
                .push((at, rename.date));
        }
    }
    let mut aliases = Vec::new();
    for (before, targets) in former {
        let first = &api.operations[operations[targets[0].0].index];
        let mut diagnose = |message: String| {
            diagnostics.push(
                &first.pointer,
                Some(&first.label()),
                message,
                "no alias keeps the former name",
            );
        };
        let [(at, date)] = targets.as_slice() else {
            diagnose(format!(
                "the former operationId `{before}` is now {} operations",
                targets.len()
            ));
            continue;
        };
        let as_written = Operation {
            operation_id: Some(before.clone()),
            ..first.clone()
        };
        let group = group_of(&as_written, modules);
        let Some(module) = module_names
            .get(&group)
            .or_else(|| module_names.get(&module_name(&group)))
            .and_then(|name| module_list.iter().position(|m| &m.name == name))
            .or_else(|| {
                module_list
                    .iter()
                    .position(|m| m.name == module_name(&group))
            })
        else {
            diagnose(format!(
                "the former operationId `{before}` groups into `{group}`, no module of the crate"
            ));
            continue;
        };
        let name = shortened(&as_written, &module_list[module].name)
            .unwrap_or_else(|| full_name(&as_written));
        let name = ident::not_unqualified(name);
        if taken.contains(&(module, name.clone())) {
            // The struct's own name (a rename that changed nothing the
            // struct's name shows), or another item's.
            if !(operations[*at].module == module && operations[*at].name == name) {
                diagnose(format!(
                    "the former name `{before}` is `{name}`, which another item of `{}` has",
                    module_list[module].name
                ));
            }
            continue;
        }
        taken.insert((module, name.clone()));
        aliases.push(Alias {
            module,
            name,
            operation: *at,
            before,
            date: date.clone(),
        });
    }
    aliases
}

/// Names each inline type of answers that several operations share (an
/// error body that every operation answers) after what it is rather than
/// after the first operation that planned it: its schema's `title`, else,
/// for a refusal, the reason phrase of its status (`Unauthorized`,
/// `NotFound`; `Error` for `default`), when no other type has that name.
/// A component's type keeps its component's name, and a success without a
/// title the first operation's (`Ok` would say less). Returns the inline
/// answer types it considered.
fn name_shared_answers(
    api: &Api,
    operations: &[OperationPlan],
    fulls: &[String],
    space: &mut TypeSpace<'_>,
) -> BTreeSet<usize> {
    /// The planned type an answer is, and whether it is the answer itself
    /// (not an item of it).
    fn named(ty: &Type) -> Option<(usize, bool)> {
        match ty {
            Type::Named(id) => Some((*id, true)),
            Type::Option(inner) | Type::Box(inner) => named(inner),
            Type::Vec(inner) => named(inner).map(|(id, _)| (id, false)),
            _ => None,
        }
    }
    // Each inline answer type: the operations that answer it, in order; the
    // status of its first use; its schema's title when it is the answer.
    let mut uses: BTreeMap<usize, (Vec<usize>, String, Option<String>)> = BTreeMap::new();
    for op in operations {
        let operation = &api.operations[op.index];
        for (status, by_media) in &op.answers {
            let Some(response) = operation.responses.iter().find(|r| &r.status == status) else {
                continue;
            };
            for (media_type, ty) in by_media {
                let schema = response
                    .contents
                    .iter()
                    .find(|content| &content.media_type == media_type)
                    .and_then(|content| content.schema.as_ref());
                let (Some(schema), Some(Ty::Planned(ty))) = (schema, ty) else {
                    continue;
                };
                if matches!(schema.kind, Kind::Ref(_)) {
                    continue;
                }
                let Some((id, whole)) = named(ty) else {
                    continue;
                };
                let (ops, _, _) = uses.entry(id).or_insert_with(|| {
                    (
                        Vec::new(),
                        status.clone(),
                        schema.title.clone().filter(|_| whole),
                    )
                });
                if !ops.contains(&op.index) {
                    ops.push(op.index);
                }
            }
        }
    }
    let answers = uses.keys().copied().collect();
    for (id, (ops, status, title)) in uses {
        let name = &space.types[id].name;
        let Some(suffix) = name.strip_prefix(fulls[ops[0]].as_str()) else {
            // Named otherwise already (after a title, a component).
            continue;
        };
        if ops.len() < 2 || suffix.is_empty() {
            continue;
        }
        let base = match title.as_deref().map(ident::pascal) {
            Some(title) if !title.is_empty() => title,
            // A success's reason (`Ok`) tells nothing of what it is: the
            // first operation's name says more.
            _ if status.starts_with('2') => continue,
            _ => match suffix.strip_prefix("Other") {
                Some(rest) if status == "default" => format!("Error{rest}"),
                _ => suffix.to_owned(),
            },
        };
        let before = name.clone();
        let after = space.rename(id, &base);
        // Documentation that names the first operation names them all.
        let label = format!("`{}`", api.operations[ops[0]].label());
        let def = &mut space.types[id];
        if before != after && def.doc.as_deref().is_some_and(|doc| doc.contains(&label)) {
            def.doc = Some(format!(
                "The `{status}` answer of {} operations.",
                ops.len()
            ));
        }
    }
    answers
}

/// The paging of a list operation whose one success is a list, or a struct
/// that holds one (then marked as a page of it, its items that list), or
/// holds, in a field, a struct that does (`{"orders": {"items": […]}}`:
/// both marked, the outer a page of the inner's items); `None` when the
/// answer is of another shape, or the operation pages by `Link` headers.
/// A list whose paging parameters complete no scheme, or whose page's
/// list is no field of its answer's type, is a diagnostic.
fn list_paging(
    operation: &Operation,
    op: &OperationPlan,
    schemas: &BTreeMap<String, Schema>,
    space: &mut TypeSpace<'_>,
    diagnostics: &mut Diagnostics,
) -> Option<Pagination<String>> {
    let Success::One(Ty::Planned(ty)) = &op.success else {
        return None;
    };
    let answer = operation
        .responses
        .iter()
        .filter(|response| response.status.starts_with('2'))
        .flat_map(|response| &response.contents)
        .find(|content| media_kind(&content.media_type) == BodyKind::Json)
        .and_then(|content| content.schema.as_ref());
    let paging = match paging::find(operation, answer, schemas) {
        Ok(paging) => paging?,
        Err(unpaged) => {
            diagnostics.push(
                &operation.pointer,
                Some(&operation.label()),
                unpaged.message,
                unpaged.fallback,
            );
            return None;
        }
    };
    let Some(members) = paging::items_members(&paging) else {
        return matches!(ty, Type::Vec(_)).then_some(paging);
    };
    let &Type::Named(mut id) = ty else {
        return None;
    };
    // Each struct on the way holds the next in a field (plain, or an
    // `Option` of one); the last holds the list: a `Vec`, or an `Option`
    // of one.
    let mut pages = Vec::with_capacity(members.len());
    for (at, member) in members.iter().enumerate() {
        let crate::types::Body::Struct(fields) = &space.types[id].body else {
            return None;
        };
        let field = fields.iter().find(|field| &field.key == member)?;
        let last = at + 1 == members.len();
        let inner = match &field.ty {
            Type::Option(inner) => &**inner,
            Type::Nullable(inner) if !last => &**inner,
            other => other,
        };
        pages.push((id, member));
        match inner {
            Type::Vec(_) if last => {}
            Type::Named(next) if !last && pages.iter().all(|(id, _)| id != next) => id = *next,
            _ => return None,
        }
    }
    for (id, member) in pages.into_iter().rev() {
        space.mark_page(id, member).ok()?;
    }
    Some(paging)
}

/// With [`Conventions::link_pages`], marks the answer of `op` a page of
/// its list when it wraps one: a struct whose one list stands beside a
/// `total_count` (or, beside lists of its own that say how it searched,
/// whose one required list does), or beside only the keys of
/// [`PAGE_KEYS`] (`incomplete_results`, `repository_selection`).
fn mark_wrapped_page(op: &OperationPlan, space: &mut TypeSpace<'_>) {
    let Success::One(Ty::Planned(Type::Named(id))) = op.success else {
        return;
    };
    let crate::types::Body::Struct(fields) = &space.types[id].body else {
        return;
    };
    let (lists, others): (Vec<_>, Vec<_>) = fields
        .iter()
        .filter(|f| !PAGE_KEYS.contains(&f.key.as_str()))
        .partition(|f| matches!(f.ty.core(), Type::Vec(_)));
    let counted = fields.iter().any(|f| f.key == "total_count");
    let required: Vec<_> = lists
        .iter()
        .filter(|f| !matches!(f.ty, Type::Option(_)))
        .collect();
    let items = match (lists.as_slice(), required.as_slice()) {
        ([list], _) if counted || (others.is_empty() && fields.len() > 1) => list.key.clone(),
        (_, [list]) if counted => list.key.clone(),
        _ => return,
    };
    // A page already (another operation's answer) stays as it is.
    if space.types[id].page.is_none() {
        let _ = space.mark_page(id, &items);
    }
}

/// Whether the operation's `server` is the API's `api`: the same URL, or
/// the same but for the scheme when the API's is written without one
/// (`//kubernetes.local`, which names the host for either scheme).
fn same_server(api: &str, server: &str) -> bool {
    if api == server {
        return true;
    }
    let without_scheme = server.split_once(':').map_or(server, |(_, rest)| rest);
    api.starts_with("//") && api == without_scheme
}

/// The properties of `schema` into `out` (a later one of a name replacing
/// an earlier), through component references and `allOf` parts, and the
/// names they require into `required`; nothing of other kinds, nor deeper
/// than 64 references.
fn collect_parts(
    components: &BTreeMap<String, Schema>,
    schema: &Schema,
    out: &mut Vec<Property>,
    required: &mut Vec<String>,
    depth: usize,
) {
    if depth > 64 {
        return;
    }
    match &schema.kind {
        Kind::Object(object) => {
            for property in &object.properties {
                if property.required {
                    required.push(property.name.clone());
                }
                match out.iter_mut().find(|known| known.name == property.name) {
                    Some(known) => *known = property.clone(),
                    None => out.push(property.clone()),
                }
            }
            required.extend(object.required.iter().cloned());
        }
        Kind::Ref(name) => {
            if let Some(target) = components.get(name) {
                collect_parts(components, target, out, required, depth + 1);
            }
        }
        Kind::AllOf(parts) => {
            for part in parts {
                collect_parts(components, part, out, required, depth + 1);
            }
        }
        _ => {}
    }
}

/// The path of the absolute `server` (`/` for none, without a trailing
/// `/`) when it is on the origin (scheme, host, port) of the absolute
/// `api`, the API's first server: a path server, which follows the origin
/// of the base URL a request is built with. `None` on another origin.
fn path_on_origin_of(api: &str, server: &str) -> Option<String> {
    let origin = Origin::of(server)?;
    if Origin::of(api)? != origin {
        return None;
    }
    let authority = server.find("://")? + 3;
    let path = server[authority..]
        .find('/')
        .map_or("", |start| &server[authority + start..]);
    let path = path.trim_end_matches('/');
    Some(if path.is_empty() { "/" } else { path }.to_owned())
}

struct OperationPlanner<'s, 'a> {
    space: &'s mut TypeSpace<'a>,
    components: &'a BTreeMap<String, Schema>,
    diagnostics: &'s mut Diagnostics,
    operation: &'s Operation,
    /// The API's first server, its variables at their defaults.
    api_server: Option<String>,
    feature: String,
    /// The API's conventions.
    conventions: &'s Conventions,
    /// The operation's full name, the prefix of its inline types' names.
    full: String,
    fields: Vec<FieldPlan>,
    statuses: Vec<(String, String)>,
}

impl OperationPlanner<'_, '_> {
    fn label(&self) -> String {
        self.operation.label()
    }

    fn diagnose(&mut self, pointer: &str, message: impl Into<String>, fallback: impl Into<String>) {
        let label = self.label();
        self.diagnostics
            .push(pointer, Some(&label), message, fallback);
    }

    /// The type of `schema`, its inline types named `name`; a JSON value
    /// and a diagnostic when it cannot be planned. What planning it found
    /// it could not plan as written (the plan's problems, in the types it
    /// reached first from here) is a diagnostic at `pointer` too.
    fn root(&mut self, schema: &Schema, name: &str, doc: &str, pointer: &str) -> Type {
        let before = self.space.problems().len();
        let ty = match self.space.root(schema, name, doc, Some(&self.feature)) {
            Ok(ty) => ty,
            Err(err) => {
                self.diagnose(pointer, err, "`serde_json::Value`");
                Type::Json
            }
        };
        let problems = self.space.problems()[before..].to_vec();
        for problem in problems {
            let (message, fallback) = problem.rsplit_once("; ").unwrap_or((&problem, ""));
            self.diagnose(pointer, message, fallback);
        }
        ty
    }

    /// A field name not yet taken in the struct: `name`, else with the
    /// location's prefix, else numbered.
    fn field_name(&self, wire: &str, location: Location) -> String {
        let taken = |candidate: &str| self.fields.iter().any(|f| f.name == candidate);
        let name = ident::snake(wire);
        if !taken(&name) {
            return name;
        }
        let prefix = match location {
            Location::Path => "path",
            Location::Query => "query",
            Location::Header => "header",
            Location::Cookie => "cookie",
            Location::Body | Location::Content | Location::Default => {
                self.conventions.body_prefix.as_deref().unwrap_or("body")
            }
        };
        ident::unique(ident::snake(&format!("{prefix}_{wire}")), taken)
    }

    fn plan(&mut self, index: usize, module: usize, name: String) -> OperationPlan {
        let operation = self.operation;
        // A fragment tells apart operations of one path (Box writes
        // `/files/{file_id}#remove_shared_link`); it is never sent, and the
        // query must not follow it, so the route ends before it.
        let path = operation
            .path
            .split_once('#')
            .map_or(operation.path.as_str(), |(path, _)| path);
        let mut template = literal_path(path);
        let white = |text: &str| text.chars().filter(char::is_ascii_whitespace).count();
        if white(&template) < white(path) {
            let pointer = operation.pointer.clone();
            self.diagnose(
                &pointer,
                format!("the path `{path}` holds white space, which no URL holds"),
                "the white space percent-encoded (`%20`)",
            );
        }
        // Path parameters first, in the order of the path.
        let mut path_params: Vec<&Parameter> = operation
            .parameters
            .iter()
            .filter(|p| p.location == ParamIn::Path)
            .collect();
        path_params.sort_by_key(|p| {
            operation
                .path
                .find(&format!("{{{}}}", p.name))
                .unwrap_or(usize::MAX)
        });
        for placeholder in placeholders(&operation.path) {
            if !path_params.iter().any(|p| p.name == placeholder) {
                self.diagnose(
                    &operation.pointer,
                    format!("the path placeholder `{placeholder}` has no parameter"),
                    "a `String` field",
                );
                let (field, name) = path_names(self.field_name(&placeholder, Location::Path));
                template = replace_placeholder(&template, &placeholder, &name, None, None);
                self.fields.push(FieldPlan {
                    name: field,
                    wire: name,
                    location: Location::Path,
                    required: true,
                    ty: Ty::Planned(Type::String),
                    optional: false,
                    doc: format!("The `{placeholder}` path parameter."),
                    style: None,
                    explode: None,
                    allow_reserved: false,
                    multi_segment: false,
                    content_type: None,
                });
            }
        }
        for param in path_params {
            if !operation.path.contains(&format!("{{{}}}", param.name)) {
                self.diagnose(
                    &param.pointer,
                    format!("the path parameter `{}` is not in the path", param.name),
                    "left out",
                );
                continue;
            }
            // A parameter of another location with the same name keeps it:
            // the placeholder's name is never sent.
            let elsewhere = operation.parameters.iter().any(|p| {
                p.location != ParamIn::Path && ident::snake(&p.name) == ident::snake(&param.name)
            });
            let wire = if elsewhere {
                format!("path_{}", param.name)
            } else {
                param.name.clone()
            };
            let (field, placeholder) = path_names(self.field_name(&wire, Location::Path));
            template = replace_placeholder(
                &template,
                &param.name,
                &placeholder,
                param.style.as_deref(),
                param.explode,
            );
            let mut plan = self.parameter(param, field, Location::Path);
            // A path has no `null`, nor a way to leave a segment out.
            if let Ty::Planned(Type::Option(inner)) = &plan.ty {
                let inner = Ty::Planned((**inner).clone());
                self.diagnose(
                    &param.pointer,
                    format!(
                        "the path parameter `{}` may be `null`, which no path can hold \
                         (OpenAPI requires path parameters)",
                        param.name
                    ),
                    "a required field, its `null` left out",
                );
                plan.ty = inner;
            }
            plan.multi_segment = self.conventions.is_multi_segment(&param.extensions);
            plan.wire = placeholder;
            plan.style = None;
            plan.explode = None;
            plan.optional = false;
            self.fields.push(plan);
        }
        for location in [
            ParamIn::Query,
            ParamIn::QueryString,
            ParamIn::Header,
            ParamIn::Cookie,
        ] {
            for param in operation
                .parameters
                .iter()
                .filter(|p| p.location == location)
            {
                match location {
                    ParamIn::QueryString => self.query_string(param),
                    ParamIn::Header
                        if ["accept", "content-type", "authorization"]
                            .contains(&param.name.to_ascii_lowercase().as_str()) =>
                    {
                        self.diagnose(
                            &param.pointer,
                            format!(
                                "the header parameter `{}` is ignored, as OpenAPI says",
                                param.name
                            ),
                            "left out",
                        );
                    }
                    ParamIn::Header if !is_token(&param.name) => {
                        // No header has that name: one that is a header's
                        // name but for the white space around it is sent
                        // by that name, another cannot be sent.
                        let trimmed = param.name.trim();
                        if is_token(trimmed) {
                            self.diagnose(
                                &param.pointer,
                                format!(
                                    "the header parameter `{}` has white space around its name",
                                    param.name
                                ),
                                format!("sent as `{trimmed}`"),
                            );
                            let param = Parameter {
                                name: trimmed.to_owned(),
                                ..param.clone()
                            };
                            let field = self.field_name(&param.name, Location::Header);
                            let plan = self.parameter(&param, field, Location::Header);
                            self.fields.push(plan);
                        } else {
                            self.diagnose(
                                &param.pointer,
                                format!(
                                    "the header parameter `{}` is no header name (letters, digits \
                                     and ``!#$%&'*+-.^_`|~``), and cannot be sent",
                                    param.name
                                ),
                                "left out of the request",
                            );
                        }
                    }
                    _ => {
                        let at = match location {
                            ParamIn::Header => Location::Header,
                            ParamIn::Cookie => Location::Cookie,
                            _ => Location::Query,
                        };
                        let field = self.field_name(&param.name, at);
                        let plan = self.parameter(param, field, at);
                        self.fields.push(plan);
                    }
                }
            }
        }
        let (content_type, choice) = self.body();
        let body_required = content_type.is_some()
            && operation.body.as_ref().is_some_and(|body| body.required)
            && self.fields.iter().any(|f| f.location == Location::Body)
            && self
                .fields
                .iter()
                .filter(|f| matches!(f.location, Location::Body | Location::Content))
                .all(FieldPlan::may_be_left_out);
        let (success, error, answers) = self.answers();
        let server = self.server();
        let accept = accept(&answers, self.conventions);
        OperationPlan {
            index,
            module,
            name,
            method: operation.method.to_ascii_uppercase(),
            template,
            content_type,
            body_required,
            accept,
            server,
            fields: std::mem::take(&mut self.fields),
            choice,
            success,
            error,
            answers,
            statuses: std::mem::take(&mut self.statuses),
            answer_name: String::new(),
            error_name: String::new(),
            paging: None,
            doc: operation_doc(operation, self.conventions),
        }
    }

    /// The operation's own server: the first of its `servers` (or its path
    /// item's), unless it is the API's first server. One that is no
    /// server of a route (a query, user information, a relative URL that
    /// is not a path) is left out, with a diagnostic: the operation goes
    /// to the API's server.
    fn server(&mut self) -> Option<String> {
        let server = self.operation.servers.first()?.default_url();
        if self
            .api_server
            .as_deref()
            .is_some_and(|api| same_server(api, &server))
        {
            return None;
        }
        if let Some(reason) = server_error(&server) {
            let pointer = self.operation.pointer.clone();
            self.diagnose(
                &pointer,
                format!(
                    "the operation's server `{}` {reason}",
                    redact_userinfo(&server)
                ),
                "the API's server",
            );
            return None;
        }
        let on_api_origin = self
            .api_server
            .as_deref()
            .and_then(|api| path_on_origin_of(api, &server));
        Some(on_api_origin.unwrap_or(server))
    }

    fn parameter(&mut self, param: &Parameter, field: String, location: Location) -> FieldPlan {
        let type_name = format!("{}{}", self.full, ident::pascal(&param.name));
        let (text, doc) = field_doc(
            self.components,
            param.description.as_deref(),
            &param.schema,
            param.deprecated,
            || {
                format!(
                    "The `{}` {} parameter.",
                    param.name,
                    param.location.as_str()
                )
            },
        );
        let ty = self.root(&param.schema, &type_name, &text, &param.pointer);
        if let Some(media_type) = &param.content_type {
            self.diagnose(
                &param.pointer,
                format!(
                    "the parameter `{}` is described as `{media_type}`",
                    param.name
                ),
                "written in its location's default style",
            );
        }
        let default_style = match location {
            Location::Query | Location::Cookie => "form",
            _ => "simple",
        };
        let style = param.style.clone().filter(|style| style != default_style);
        let style_name = style.as_deref().unwrap_or(default_style);
        let explode = param
            .explode
            .filter(|&explode| explode != (style_name == "form") && style_name != "deepObject");
        FieldPlan {
            wire: param.name.clone(),
            name: field,
            location,
            optional: !param.required && !matches!(ty, Type::Option(_)),
            required: param.required,
            ty: Ty::Planned(ty),
            doc,
            style,
            explode,
            allow_reserved: param.allow_reserved && location == Location::Query,
            multi_segment: false,
            content_type: None,
        }
    }

    /// A `querystring` parameter: the properties of its object schema, each
    /// a query parameter.
    fn query_string(&mut self, param: &Parameter) {
        let object = match &param.schema.kind {
            Kind::Object(object) => Some(object.clone()),
            Kind::Ref(name) => match self.space_component(name) {
                Some(Kind::Object(object)) => Some(object),
                _ => None,
            },
            _ => None,
        };
        let Some(object) = object.filter(|o| !o.properties.is_empty()) else {
            self.diagnose(
                &param.pointer,
                format!(
                    "the querystring parameter `{}` is not an object of properties",
                    param.name
                ),
                "left out",
            );
            return;
        };
        for property in &object.properties {
            let field = self.field_name(&property.name, Location::Query);
            let as_param = Parameter {
                pointer: param.pointer.clone(),
                name: property.name.clone(),
                location: ParamIn::Query,
                required: property.required,
                description: property.schema.description.clone(),
                schema: property.schema.clone(),
                ..Parameter::default()
            };
            let plan = self.parameter(&as_param, field, Location::Query);
            self.fields.push(plan);
        }
    }

    fn space_component(&self, name: &str) -> Option<Kind> {
        self.components.get(name).map(|schema| schema.kind.clone())
    }

    /// The body: its fields, the struct's media type, a choice.
    fn body(&mut self) -> (Option<String>, Option<Choice>) {
        let Some(body) = &self.operation.body else {
            return (None, None);
        };
        if matches!(
            self.operation.method.to_ascii_uppercase().as_str(),
            "GET" | "HEAD"
        ) {
            // A body of nothing (an object without properties) is no body.
            let empty = body.contents.iter().all(|content| {
                match content.schema.as_ref().map(|s| &s.kind) {
                    None | Some(Kind::Any) => true,
                    Some(Kind::Object(object)) => object.properties.is_empty(),
                    Some(_) => false,
                }
            });
            if !empty {
                let pointer = body.pointer.clone();
                self.diagnose(
                    &pointer,
                    "a GET or HEAD request with a body",
                    "the body left out",
                );
            }
            return (None, None);
        }
        let contents: Vec<&MediaContent> = body.contents.iter().collect();
        let required = body.required;
        let pointer = body.pointer.clone();
        match contents.as_slice() {
            [] => (None, None),
            [one] => (
                self.one_body(one, required, &pointer, body.description.as_deref()),
                None,
            ),
            many => {
                let json = many.iter().position(|c| {
                    media_kind(&c.media_type) == BodyKind::Json && !is_range(&c.media_type)
                });
                if let Some(at) = json {
                    let same = many.iter().enumerate().all(|(i, c)| {
                        i == at
                            || (matches!(
                                media_kind(&c.media_type),
                                BodyKind::Form | BodyKind::Multipart
                            ) && c.schema == many[at].schema)
                    });
                    if same {
                        let others: Vec<&str> = many
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != at)
                            .map(|(_, c)| c.media_type.as_str())
                            .collect();
                        self.diagnose(
                            &pointer,
                            format!("the body is also described as {}", others.join(", ")),
                            format!("sent as `{}`", many[at].media_type),
                        );
                        return (
                            self.one_body(
                                many[at],
                                required,
                                &pointer,
                                body.description.as_deref(),
                            ),
                            None,
                        );
                    }
                }
                (
                    None,
                    Some(self.choice(many, required, body.description.as_deref())),
                )
            }
        }
    }

    fn one_body(
        &mut self,
        content: &MediaContent,
        required: bool,
        pointer: &str,
        description: Option<&str>,
    ) -> Option<String> {
        let kind = media_kind(&content.media_type);
        let schema = content.schema.clone().unwrap_or_default();
        let media_type = self
            .conventions
            .request_media_type(if is_range(&content.media_type) {
                if is_binary(&schema) {
                    "application/octet-stream".to_owned()
                } else {
                    "application/json".to_owned()
                }
            } else {
                content.media_type.clone()
            });
        let kind = if is_range(&content.media_type) && is_binary(&schema) {
            BodyKind::Bytes
        } else {
            kind
        };
        if matches!(kind, BodyKind::Json | BodyKind::Form | BodyKind::Multipart) {
            let object = match &schema.kind {
                Kind::Object(object) => Some(object.clone()),
                Kind::Ref(name) => match self.space_component(name) {
                    Some(Kind::Object(object)) => Some(object),
                    _ => None,
                },
                _ => None,
            };
            // A multipart body is made of parts: those of an object written
            // as an `allOf` are its parts too, and one that names none has
            // none (rather than one whole value, which is no multipart body).
            let object = object.filter(|o| !o.properties.is_empty()).or_else(|| {
                (kind == BodyKind::Multipart).then(|| self.multipart_parts(&schema, pointer))
            });
            if let Some(object) = object {
                // A `readOnly` property is the server's: never sent.
                for property in object.properties.iter().filter(|p| !is_read_only(p)) {
                    let location = Location::Body;
                    let field = self.field_name(&property.name, location);
                    let (text, doc) =
                        field_doc(self.components, None, &property.schema, false, || {
                            format!("The `{}` property of the body.", property.name)
                        });
                    let encoding: Option<Encoding> = content
                        .encoding
                        .iter()
                        .find(|(name, _)| name == &property.name)
                        .map(|(_, e)| e.clone());
                    let ty = if kind == BodyKind::Multipart && is_binary(&property.schema) {
                        Ty::File
                    } else if kind == BodyKind::Multipart
                        && matches!(&property.schema.kind, Kind::Array(items) if is_binary(items))
                    {
                        Ty::Planned(Type::Vec(Box::new(Type::Json)))
                    } else {
                        let name = format!("{}{}", self.full, ident::pascal(&property.name));
                        Ty::Planned(self.root(&property.schema, &name, &text, pointer))
                    };
                    let ty = match ty {
                        Ty::Planned(Type::Vec(inner))
                            if kind == BodyKind::Multipart && *inner == Type::Json =>
                        {
                            Ty::Planned(Type::Json)
                        }
                        other => other,
                    };
                    let nullable = matches!(ty, Ty::Planned(Type::Option(_)));
                    let (style, explode, allow_reserved, content_type) = match (kind, encoding) {
                        (BodyKind::Form, Some(e)) => {
                            let style = e.style.filter(|s| s != "form");
                            let style_name = style.clone().unwrap_or_else(|| "form".to_owned());
                            let explode = e.explode.filter(|&x| {
                                x != (style_name == "form") && style_name != "deepObject"
                            });
                            (style, explode, e.allow_reserved, None)
                        }
                        (BodyKind::Multipart, Some(e)) => (None, None, false, e.content_type),
                        _ => (None, None, false, None),
                    };
                    self.fields.push(FieldPlan {
                        name: field,
                        wire: property.name.clone(),
                        location,
                        ty,
                        // A required property stays required when the
                        // body is optional: a body sent must hold it.
                        optional: !(nullable || property.required),
                        required: property.required,
                        doc,
                        style,
                        explode,
                        allow_reserved,
                        multi_segment: false,
                        content_type,
                    });
                }
                return Some(media_type);
            }
        }
        let ty = match kind {
            BodyKind::Text => Ty::Planned(Type::String),
            BodyKind::Bytes => Ty::File,
            _ => {
                let name = format!("{}Body", self.full);
                let doc = description.unwrap_or("The body of the request.");
                Ty::Planned(self.root(&schema, &name, doc, pointer))
            }
        };
        let name = self.field_name("body", Location::Content);
        let nullable = matches!(ty, Ty::Planned(Type::Option(_)));
        self.fields.push(FieldPlan {
            name,
            wire: "body".to_owned(),
            location: Location::Content,
            ty,
            optional: !required && !nullable,
            required,
            doc: description
                .map(|text| docs::rustdoc(text.trim(), Links::default()))
                .filter(|text| !text.is_empty())
                .unwrap_or_else(|| format!("The body, as `{media_type}`.")),
            style: None,
            explode: None,
            allow_reserved: false,
            multi_segment: false,
            content_type: None,
        });
        Some(media_type)
    }

    /// The parts of a multipart body whose schema is no object of
    /// properties: the properties of its `allOf` parts (and of the
    /// components they name), each required when a part requires it. None,
    /// with a diagnostic, when it names none (an object of
    /// `additionalProperties` only, a schema of no object).
    fn multipart_parts(&mut self, schema: &Schema, pointer: &str) -> Object {
        let mut parts = Object::default();
        let mut required = Vec::new();
        collect_parts(
            self.components,
            schema,
            &mut parts.properties,
            &mut required,
            0,
        );
        for part in &mut parts.properties {
            part.required = required.contains(&part.name);
        }
        if parts.properties.is_empty() {
            self.diagnose(
                pointer,
                "the multipart body names no parts: its schema is no object of `properties`",
                "a request of no part fields, its body sent with no parts",
            );
        }
        parts
    }

    fn choice(
        &mut self,
        contents: &[&MediaContent],
        required: bool,
        description: Option<&str>,
    ) -> Choice {
        let mut variants: Vec<(String, String, ChoiceValue)> = Vec::new();
        for content in contents {
            let schema = content.schema.clone().unwrap_or_default();
            let value = match media_kind(&content.media_type) {
                _ if is_binary(&schema) => ChoiceValue::File,
                BodyKind::Json | BodyKind::Form | BodyKind::Multipart => ChoiceValue::Json,
                BodyKind::Text => ChoiceValue::Text,
                BodyKind::Bytes => ChoiceValue::File,
            };
            let media_type =
                self.conventions
                    .request_media_type(if is_range(&content.media_type) {
                        match value {
                            ChoiceValue::File => "application/octet-stream",
                            _ => "application/json",
                        }
                        .to_owned()
                    } else {
                        content.media_type.clone()
                    });
            let name = ident::unique(variant_name(&media_type), |candidate| {
                variants.iter().any(|(name, ..)| name == candidate)
            });
            if variants.iter().any(|(_, m, _)| m == &media_type) {
                continue;
            }
            variants.push((name, media_type, value));
        }
        let name = self.field_name("body", Location::Content);
        self.fields.push(FieldPlan {
            name,
            wire: "body".to_owned(),
            location: Location::Content,
            ty: Ty::Choice,
            optional: !required,
            required,
            doc: description
                .map(|text| docs::rustdoc(text.trim(), Links::default()))
                .filter(|text| !text.is_empty())
                .unwrap_or_else(|| "The body, in one of its media types.".to_owned()),
            style: None,
            explode: None,
            allow_reserved: false,
            multi_segment: false,
            content_type: None,
        });
        Choice {
            name: String::new(),
            variants,
        }
    }

    /// The answers by status and media type, and the success type.
    fn answers(&mut self) -> (Success, Success, ByStatus<Ty>) {
        let operation = self.operation;
        let successes = operation
            .responses
            .iter()
            .filter(|r| r.status.starts_with('2'))
            .count();
        let mut answers = Vec::new();
        let mut success: Vec<(String, Option<Ty>)> = Vec::new();
        let mut errors: Vec<(String, Option<Ty>)> = Vec::new();
        for response in &operation.responses {
            let is_success = response.status.starts_with('2');
            // An inline type is named after its status: `Response` for the
            // one success, else the status's reason phrase (`NotFound`).
            let suffix = if is_success && successes == 1 {
                "Response".to_owned()
            } else {
                status_variant(&response.status)
            };
            let name = format!("{}{}", self.full, suffix);
            let doc = response
                .description
                .clone()
                .filter(|d| !d.trim().is_empty())
                .unwrap_or_else(|| {
                    format!(
                        "The `{}` answer of `{}`.",
                        response.status,
                        operation.label()
                    )
                });
            // `204`, `205` and `304` have no body (RFC 9110): one declared
            // is not planned, and the answer decodes without it.
            let bodiless = matches!(response.status.as_str(), "204" | "205" | "304");
            if bodiless && !response.contents.is_empty() {
                self.diagnose(
                    &response.pointer,
                    format!(
                        "a `{}` answer is declared with a body, which it never has",
                        response.status
                    ),
                    "no body",
                );
            }
            let mut by_media = Vec::new();
            for content in &response.contents {
                let ty = match (&content.schema, media_kind(&content.media_type)) {
                    _ if bodiless => None,
                    (None, _) => None,
                    (Some(schema), _) if is_binary(schema) => Some(Ty::Bytes),
                    (Some(schema), BodyKind::Json) => Some(Ty::Planned(self.root(
                        schema,
                        &name,
                        &doc,
                        &response.pointer,
                    ))),
                    (Some(_), BodyKind::Text) => Some(Ty::Planned(Type::String)),
                    (Some(_), _) => Some(Ty::Bytes),
                };
                by_media.push((content.media_type.clone(), ty));
            }
            let is_error = response.status.starts_with(['4', '5']) || response.status == "default";
            if is_success || is_error {
                let chosen = by_media
                    .iter()
                    .find(|(media, ty)| ty.is_some() && media_kind(media) == BodyKind::Json)
                    .or_else(|| by_media.iter().find(|(_, ty)| ty.is_some()))
                    .and_then(|(_, ty)| ty.clone())
                    .or_else(|| {
                        // A body without a schema: any JSON value.
                        (!bodiless && !response.contents.is_empty())
                            .then_some(Ty::Planned(Type::Json))
                    });
                if is_success {
                    success.push((response.status.clone(), chosen));
                } else {
                    errors.push((response.status.clone(), chosen));
                }
                let text = response.description.as_deref().unwrap_or_default();
                let text = docs::first_sentence(text, Links::default());
                self.statuses.push((
                    response.status.clone(),
                    if text.is_empty() {
                        format!("`{}`.", response.status)
                    } else {
                        format!("`{}`: {text}", response.status)
                    },
                ));
            }
            answers.push((response.status.clone(), by_media));
        }
        (by_status(success), by_status(errors), answers)
    }
}

/// A field's documentation, and the text of it that documents the field's
/// own inline type: the `description` given (a parameter's own), else its
/// schema's `description`, else its schema's `title` (a reference's own, else
/// its component's), else `fallback`; then what the schema constrains
/// ([`Schema::constraints_doc`]) and whether it is deprecated.
fn field_doc(
    components: &BTreeMap<String, Schema>,
    description: Option<&str>,
    schema: &Schema,
    deprecated: bool,
    fallback: impl FnOnce() -> String,
) -> (String, String) {
    let component = match &schema.kind {
        Kind::Ref(name) => components.get(name),
        _ => None,
    };
    let text = [
        description,
        schema.description.as_deref(),
        schema.title.as_deref(),
        component.and_then(|c| c.description.as_deref()),
        component.and_then(|c| c.title.as_deref()),
    ]
    .into_iter()
    .flatten()
    .map(|text| docs::rustdoc(text.trim(), Links::default()))
    .find(|text| !text.is_empty())
    .unwrap_or_else(fallback);
    let mut doc = text.clone();
    let constraints = schema
        .constraints_doc()
        .or_else(|| component.and_then(Schema::constraints_doc));
    if let Some(constraints) = constraints {
        doc.push_str("\n\n");
        doc.push_str(&constraints);
    }
    if deprecated || schema.deprecated || component.is_some_and(|c| c.deprecated) {
        doc.push_str("\n\nDeprecated by the description.");
    }
    (text, doc)
}

/// The `accept` of an operation of `answers`: the media type the crate
/// decodes of each answer (its first JSON one, else its first; their
/// essence, each once), the JSON ones first; `*/*` when it declares none (`None`, the API's
/// default, when its conventions name a [`Conventions::default_accept`]);
/// `None` when that is `application/json`, the crate's default. A media
/// type that is not `type/subtype` of tokens is left out.
fn accept(answers: &ByStatus<Ty>, conventions: &Conventions) -> Option<String> {
    let mut types: Vec<String> = Vec::new();
    for (_, by_media) in answers {
        let chosen = by_media
            .iter()
            .find(|(media_type, _)| media_kind(media_type) == BodyKind::Json)
            .or_else(|| by_media.first());
        let Some((media_type, _)) = chosen else {
            continue;
        };
        let essence = essence(media_type);
        let valid = essence
            .split_once('/')
            .is_some_and(|(kind, sub)| is_token(kind) && is_token(sub));
        if valid && !types.contains(&essence) {
            types.push(essence);
        }
    }
    if types.is_empty() {
        // The API's own default, when it names one, else anything.
        return conventions
            .default_accept
            .is_none()
            .then(|| "*/*".to_owned());
    }
    types.sort_by_key(|media_type| media_kind(media_type) != BodyKind::Json);
    let accept = types.join(", ");
    (accept != "application/json").then_some(accept)
}

/// One type when every status has the same, `()` when none has a body,
/// else the types by status.
fn by_status(answers: Vec<(String, Option<Ty>)>) -> Success {
    let mut distinct: Vec<&Option<Ty>> = Vec::new();
    for (_, ty) in &answers {
        if !distinct.contains(&ty) {
            distinct.push(ty);
        }
    }
    match distinct.as_slice() {
        [] | [None] => Success::Unit,
        [Some(ty)] => Success::One(ty.clone()),
        _ => Success::ByStatus(answers),
    }
}

/// The variant of an answer of `status`: its reason phrase
/// (`404` → `NotFound`), `Success`, `ClientError` and `ServerError` for
/// the ranges, `Other` for `default`, else `Status` and the status.
pub(crate) fn status_variant(status: &str) -> String {
    let name = match status.to_ascii_uppercase().as_str() {
        "200" => "Ok",
        "201" => "Created",
        "202" => "Accepted",
        "203" => "NonAuthoritative",
        "204" => "NoContent",
        "205" => "ResetContent",
        "206" => "PartialContent",
        "207" => "MultiStatus",
        "2XX" => "Success",
        "400" => "BadRequest",
        "401" => "Unauthorized",
        "402" => "PaymentRequired",
        "403" => "Forbidden",
        "404" => "NotFound",
        "405" => "MethodNotAllowed",
        "406" => "NotAcceptable",
        "408" => "RequestTimeout",
        "409" => "Conflict",
        "410" => "Gone",
        "411" => "LengthRequired",
        "412" => "PreconditionFailed",
        "413" => "ContentTooLarge",
        "415" => "UnsupportedMediaType",
        "416" => "RangeNotSatisfiable",
        "422" => "UnprocessableContent",
        "423" => "Locked",
        "428" => "PreconditionRequired",
        "429" => "TooManyRequests",
        "4XX" => "ClientError",
        "500" => "InternalServerError",
        "501" => "NotImplemented",
        "502" => "BadGateway",
        "503" => "ServiceUnavailable",
        "504" => "GatewayTimeout",
        "5XX" => "ServerError",
        "DEFAULT" => "Other",
        _ => return ident::pascal(&format!("status {status}")),
    };
    name.to_owned()
}

/// A variant's name for a media type (`application/merge-patch+json` →
/// `MergePatchJson`, `application/json` → `Json`).
fn variant_name(media_type: &str) -> String {
    let essence = essence(media_type);
    let (top, sub) = essence.split_once('/').unwrap_or(("", essence.as_str()));
    let name = match (top, sub) {
        ("application", "x-www-form-urlencoded") => "form".to_owned(),
        ("multipart", "form-data") => "multipart".to_owned(),
        ("application", sub) => sub.to_owned(),
        (top, sub) => format!("{top} {sub}"),
    };
    ident::variant(&name.replace("vnd.", "").replace('+', " "))
}

/// `path` as the literal text of a route: the runtime reads `<name>`, and
/// `:name` after a `/`, as placeholders, where OpenAPI has only `{name}`;
/// so `<`, `>` and such a `:` are percent-encoded (`/<upload_url>` is
/// `/%3Cupload_url%3E`), as the request would send them anyway. White
/// space outside a `{placeholder}` (`/files list/{id}`), which no URL holds
/// and which would end the route, is percent-encoded as text
/// (`/files%20list/{id}`).
fn literal_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut previous = None;
    let mut in_placeholder = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_placeholder = true;
                out.push(c);
            }
            '}' => {
                in_placeholder = false;
                out.push(c);
            }
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            ':' if previous == Some('/') => out.push_str("%3A"),
            c if c.is_ascii_whitespace() && !in_placeholder => {
                let _ = write!(out, "%{:02X}", c as u32);
            }
            c => out.push(c),
        }
        previous = Some(c);
    }
    out
}

/// The placeholders of a path, in order (`/a/{x}/{y}` → `x`, `y`).
fn placeholders(path: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = after[..close].to_owned();
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
        rest = &after[close + 1..];
    }
    out
}

/// The placeholder of a path field: the field's name, raw or not, never an
/// option key of the runtime.
fn path_field(field: &str) -> String {
    let name = field.trim_start_matches("r#");
    if matches!(name, "method" | "url" | "headers" | "request") {
        format!("path_{name}")
    } else {
        name.to_owned()
    }
}

/// A path field's name and its placeholder's: the same (but `r#`), the
/// placeholder never an option key of the runtime (`url` → `path_url`).
fn path_names(field: String) -> (String, String) {
    let placeholder = path_field(&field);
    if placeholder == field.trim_start_matches("r#") {
        (field, placeholder)
    } else {
        (placeholder.clone(), placeholder)
    }
}

/// `path` with `{name}` written as `{<operator><placeholder><*>}`.
fn replace_placeholder(
    path: &str,
    name: &str,
    placeholder: &str,
    style: Option<&str>,
    explode: Option<bool>,
) -> String {
    let operator = match style {
        Some("label") => ".",
        Some("matrix") => ";",
        _ => "",
    };
    let star = if explode == Some(true) { "*" } else { "" };
    path.replace(
        &format!("{{{name}}}"),
        &format!("{{{operator}{placeholder}{star}}}"),
    )
}

/// An operation's documentation: its summary, `METHOD /path` (with a link
/// to its `externalDocs` when the conventions label one), its description;
/// links relative to the operation's `externalDocs` page made absolute.
fn operation_doc(operation: &Operation, conventions: &Conventions) -> String {
    // Its texts' relative links are relative to its page, when it names one.
    let base = operation.external_docs.as_deref().and_then(docs::origin);
    let links = Links {
        base: base.as_deref(),
        page: operation
            .external_docs
            .as_deref()
            .filter(|_| base.is_some()),
    };
    let mut parts = Vec::new();
    if let Some(summary) = operation
        .summary
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        parts.push(docs::rustdoc(summary, links));
    }
    let mut route = format!(
        "`{} {}`",
        operation.method.to_ascii_uppercase(),
        operation.path.replace('`', "'")
    );
    if let (Some(label), Some(url)) = (&conventions.docs_link, &operation.external_docs)
        && !url.contains([' ', ')', '<', '>'])
    {
        let _ = write!(route, " ([{}]({url}))", label.replace(['[', ']'], ""));
    }
    parts.push(route);
    if let Some(description) = operation
        .description
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty() && Some(*d) != operation.summary.as_deref().map(str::trim))
    {
        parts.push(docs::rustdoc(description, links));
    }
    if operation.deprecated {
        parts.push("Deprecated by the description.".to_owned());
    }
    parts.join("\n\n")
}
