//! Names and types: the operations grouped into scopes, each operation a
//! struct, each parameter a field, each string enum a Rust enum.
//!
//! - A scope is the part of the operationId before `/` (`code-scanning`):
//!   module `code_scanning`, feature `code-scanning`.
//! - A struct is named after the rest, in PascalCase
//!   (`list-alerts-for-repo` → `ListAlertsForRepo`).
//! - A field is named by [`FieldName::of`], as `endpoint!` names
//!   placeholders; a body property that has the name of a path parameter is
//!   `new_<name>` (`#[endpoint(body, rename = "name")]`), a query parameter
//!   of a method with a body `#[endpoint(query)]`, a query list
//!   `#[endpoint(style = "form", explode = false)]` (GitHub reads `a,b`), a
//!   path parameter marked
//!   `x-multi-segment` `#[endpoint(multi_segment)]` (its `/` are sent as
//!   they are).
//! - A body of text (`markdown/render-raw`) is a `#[endpoint(request_body)]`
//!   field of a struct `#[endpoint(content_type = "…; charset=utf-8")]`, a
//!   body of bytes (`repos/upload-release-asset`) an `endpoint::body::File`
//!   of a struct `#[endpoint(content_type = "application/octet-stream")]`.
//! - An operation whose server is GitHub's uploads host has a path as its
//!   route and `#[endpoint(uploads)]`: it goes to the endpoint's uploads URL.
//! - A string enum is named after the struct and the field
//!   (`ListForRepoState`), or after the field alone (`Direction`) when every
//!   parameter of that name in the scope has the same values and several
//!   structs share it.
//! - A renamed operation (`x-octokit.changes`) keeps its former name as a
//!   deprecated alias in the former scope, unless the former name now
//!   stands for several operations.

use std::collections::{BTreeMap, BTreeSet};

use endpoint_openapi::ident;
use endpoint_openapi::ident::FieldName;
use endpoint_runtime::DEFAULT_UPLOADS_URL;
use endpoint_runtime::sibling::{BodyKind, OPTION_KEYS};

use super::model::{Kind, Location, Operation, Rename, Schema};
use crate::field_type::Ty;

/// One field of a struct.
#[derive(Clone, Debug)]
pub struct Field<'a> {
    /// The identifier as written (`r#ref`, `new_name`).
    pub ident: String,
    /// The parameter's name on the wire.
    pub wire: String,
    pub location: Location,
    pub ty: Ty,
    pub optional: bool,
    /// The arguments of `#[endpoint(...)]`, if any.
    pub attrs: Vec<String>,
    pub description: &'a str,
    pub deprecated: bool,
    /// `x-multi-segment`: the value may hold `/`.
    pub multi_segment: bool,
    pub schema: &'a Schema,
    /// The parameter's former name, from `x-octokit.changes`.
    pub renamed_from: Option<&'a Rename>,
}

/// One operation as a struct.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    pub op: &'a Operation,
    pub struct_name: String,
    /// The route of the `endpoint!` definition (a full URL for an operation
    /// with its own server, unless that is the uploads host).
    pub route: String,
    /// `#[endpoint(uploads)]`: the operation's server is GitHub's uploads
    /// host, which the endpoint's uploads URL stands for.
    pub uploads: bool,
    /// `#[endpoint(content_type = "…")]`: the media type of a body of text
    /// or bytes, which its `request_body` field is.
    pub content_type: Option<String>,
    pub fields: Vec<Field<'a>>,
    /// Former names kept as aliases (in this scope or another one).
    pub aliases: Vec<Alias>,
}

impl Request<'_> {
    /// Whether a body property cannot be a plain option of the dynamic API:
    /// it shares its name with a path parameter or with an option key.
    pub fn body_via_data(&self) -> bool {
        self.fields.iter().any(|field| {
            field.location == Location::Body
                && (field.attrs.iter().any(|attr| attr == "body")
                    || OPTION_KEYS.contains(&field.wire.as_str()))
        })
    }

    /// The route the dynamic runtime is given for the same request: query
    /// parameters of a method with a body are a `{?…}` expression there, a
    /// multi-segment path parameter `/{name}` is `{/name*}` (its value split
    /// at `/` into a list, see [`Field::dynamic_pieces`]), and an operation
    /// on the uploads URL names the default one.
    pub fn dynamic_route(&self) -> String {
        let mut route = if self.uploads {
            format!("{} {DEFAULT_UPLOADS_URL}{}", self.op.method, self.op.path)
        } else {
            self.route.clone()
        };
        for field in self.fields.iter().filter(|field| field.dynamic_pieces()) {
            let wire = &field.wire;
            route = route.replace(&format!("/{{{wire}}}"), &format!("{{/{wire}*}}"));
        }
        // The query parameters that the typed side writes in an OpenAPI
        // style (with a list, all of them, in declaration order, which is
        // the order the typed side writes them in), and those of a method
        // with a body, go into a `{?…}` expression: RFC 6570 joins a list
        // with `,` as the `form` style does, where octokit would encode it.
        let styled = self.fields.iter().any(Field::styled_list);
        let query: Vec<&str> = self
            .fields
            .iter()
            .filter(|field| {
                field.attrs.iter().any(|attr| attr == "query")
                    || styled && field.location == Location::Query
            })
            .map(|field| field.wire.as_str())
            .collect();
        if query.is_empty() {
            route
        } else {
            format!("{route}{{?{}}}", query.join(","))
        }
    }
}

/// The style of GitHub's query lists.
const LIST_STYLE: &str = "style = \"form\"";

impl Field<'_> {
    /// Whether the field is a query list in the `form` style, unexploded.
    pub fn styled_list(&self) -> bool {
        self.attrs.iter().any(|attr| attr == LIST_STYLE)
    }

    /// Whether the field is a multi-segment path parameter whose value the
    /// dynamic runtime gets as a list of its `/`-separated pieces, for a
    /// `{/name*}` expression.
    pub fn dynamic_pieces(&self) -> bool {
        self.multi_segment && self.location == Location::Path
    }
}

/// A former name of an operation, kept as a deprecated type alias.
#[derive(Clone, Debug)]
pub struct Alias {
    /// The scope the alias is defined in (the former operationId's).
    pub scope: String,
    pub name: String,
    /// The former operationId.
    pub former_id: String,
    pub date: String,
}

/// A string enum of a scope.
#[derive(Clone, Debug)]
pub struct EnumType {
    pub name: String,
    /// `(variant, wire value)`, in the description's order.
    pub variants: Vec<(String, String)>,
    /// `(struct, wire name)` of every field of this type.
    pub users: Vec<(String, String)>,
}

/// One scope: a module and a feature.
#[derive(Clone, Debug)]
pub struct Scope<'a> {
    /// The scope as in the operationIds, also the feature's name.
    pub name: String,
    pub module: String,
    pub requests: Vec<Request<'a>>,
    pub enums: Vec<EnumType>,
    /// Aliases defined in this module, with the struct they stand for and
    /// that struct's scope.
    pub aliases: Vec<(Alias, String, String)>,
    /// Former operationIds of this scope that now stand for several
    /// operations, so that no alias can keep them.
    pub split: Vec<(String, Vec<String>)>,
}

/// Groups the operations into scopes and names everything.
pub fn plan(operations: &[Operation]) -> Result<Vec<Scope<'_>>, String> {
    let mut scopes: BTreeMap<&str, Vec<&Operation>> = BTreeMap::new();
    for op in operations {
        scopes.entry(op.scope()).or_default().push(op);
    }
    let mut planned = Vec::new();
    for (name, ops) in scopes {
        let module = FieldName::of(name);
        if module.raw {
            return Err(format!("the scope `{name}` is a Rust keyword"));
        }
        let mut requests = Vec::new();
        for op in ops {
            requests.push(request(op).map_err(|err| format!("{}: {err}", op.id))?);
        }
        let mut scope = Scope {
            name: name.to_owned(),
            module: module.ident,
            requests,
            enums: Vec::new(),
            aliases: Vec::new(),
            split: Vec::new(),
        };
        name_enums(&mut scope)?;
        planned.push(scope);
    }
    place_aliases(&mut planned)?;
    for scope in &planned {
        check_names(scope)?;
    }
    Ok(planned)
}

/// The struct of one operation.
fn request(op: &Operation) -> Result<Request<'_>, String> {
    let path_names: BTreeSet<&str> = op
        .params
        .iter()
        .filter(|param| param.location == Location::Path)
        .map(|param| param.name.as_str())
        .collect();
    let has_body = !matches!(op.method.as_str(), "GET" | "HEAD");
    // A text body is the `request_body` of its media type, whose text is
    // UTF-8 (a Rust string); a body of bytes a `File`, whose own media type
    // is sent when it has one. A raw JSON body is the `data` option.
    let body_kind = op.body_media_type.as_deref().map(BodyKind::of);
    let content_type = match (op.body_media_type.as_deref(), body_kind) {
        (Some(media_type), Some(BodyKind::Text)) if !media_type.contains("charset") => {
            Some(format!("{media_type}; charset=utf-8"))
        }
        (Some(media_type), Some(BodyKind::Text | BodyKind::Bytes)) => Some(media_type.to_owned()),
        _ => None,
    };
    let mut fields = Vec::new();
    for param in &op.params {
        let name = FieldName::of(&param.name);
        let mut ident = name.to_string();
        let mut attrs = Vec::new();
        let mut optional = !param.required;
        match param.location {
            Location::Path => {
                if param.multi_segment {
                    attrs.push("multi_segment".to_owned());
                }
            }
            Location::Query => {
                if has_body {
                    attrs.push("query".to_owned());
                }
                // GitHub reads a list as one comma-joined value, as octokit
                // sends it; OpenAPI's default would repeat the name.
                let schema = &param.schema;
                if schema.kind == Kind::Array || schema.one_of.contains(&Kind::Array) {
                    attrs.push(LIST_STYLE.to_owned());
                    attrs.push("explode = false".to_owned());
                }
            }
            Location::Body | Location::Data => {
                // A body that may be left out makes its properties optional.
                optional |= op.body_required == Some(false);
                if param.location == Location::Data && content_type.is_some() {
                    attrs.push("request_body".to_owned());
                }
                if param.location == Location::Body && path_names.contains(param.name.as_str()) {
                    ident = format!("new_{}", name.ident);
                    attrs.push("body".to_owned());
                }
            }
        }
        if ident.trim_start_matches("r#") != param.name {
            attrs.push(format!("rename = {:?}", param.name));
        }
        let renamed_from = op
            .renamed_params
            .iter()
            .find(|rename| rename.parameter.as_deref() == Some(param.name.as_str()));
        let ty = if param.location == Location::Data && body_kind == Some(BodyKind::Bytes) {
            Ty::File
        } else {
            base_type(&param.schema)
        };
        fields.push(Field {
            ident,
            wire: param.name.clone(),
            location: param.location,
            ty,
            optional,
            attrs,
            description: &param.description,
            deprecated: param.deprecated,
            multi_segment: param.multi_segment,
            schema: &param.schema,
            renamed_from,
        });
    }
    let mut seen = BTreeSet::new();
    for field in &fields {
        if !seen.insert(field.ident.as_str()) {
            return Err(format!("two fields named `{}`", field.ident));
        }
    }
    let uploads = op.server.as_deref() == Some(DEFAULT_UPLOADS_URL);
    let route = match &op.server {
        Some(server) if !uploads => format!("{} {server}{}", op.method, op.path),
        _ => format!("{} {}", op.method, op.path),
    };
    Ok(Request {
        op,
        struct_name: ident::pascal_as_written(op.name()),
        route,
        uploads,
        content_type,
        fields,
        aliases: Vec::new(),
    })
}

/// The Rust type of a schema, with `Ty::Enum(usize::MAX)` standing for a
/// string enum until [`name_enums`] gives it its place.
fn base_type(schema: &Schema) -> Ty {
    match schema.kind {
        Kind::String if schema.string_enum().is_some() => Ty::Enum(usize::MAX),
        Kind::String => Ty::Str,
        Kind::Integer => Ty::Int,
        Kind::Number => Ty::Num,
        Kind::Boolean => Ty::Bool,
        Kind::Array => Ty::Vec(Box::new(schema.items.as_deref().map_or(
            Ty::Json,
            |items| match base_type(items) {
                Ty::Vec(_) => Ty::Json,
                ty => ty,
            },
        ))),
        Kind::Object | Kind::Any => Ty::Json,
    }
}

/// The enum values of a field's type (of its items, for a `Vec`).
fn enum_values(field: &Field<'_>) -> Option<Vec<String>> {
    match &field.ty {
        Ty::Enum(_) => field.schema.string_enum(),
        Ty::Vec(item) if **item == Ty::Enum(usize::MAX) => {
            field.schema.items.as_deref().and_then(Schema::string_enum)
        }
        _ => None,
    }
}

/// The values of an enum field, and the requests (by index) that have a
/// field of that name with these values.
type ValueList<'a> = (&'a [String], Vec<usize>);

/// Names the string enums of a scope and points the fields at them.
fn name_enums(scope: &mut Scope<'_>) -> Result<(), String> {
    // Every enum field: (request, field, values).
    let mut uses: Vec<(usize, usize, Vec<String>)> = Vec::new();
    for (r, request) in scope.requests.iter().enumerate() {
        for (f, field) in request.fields.iter().enumerate() {
            if let Some(values) = enum_values(field) {
                uses.push((r, f, values));
            }
        }
    }
    // Per wire name, the distinct value lists and the structs that use
    // each, in order of first use.
    let mut by_wire: BTreeMap<&str, Vec<ValueList<'_>>> = BTreeMap::new();
    for (r, f, values) in &uses {
        let wire = scope.requests[*r].fields[*f].wire.as_str();
        let lists = by_wire.entry(wire).or_default();
        match lists
            .iter_mut()
            .find(|(known, _)| *known == values.as_slice())
        {
            Some((_, users)) => users.push(*r),
            None => lists.push((values, vec![*r])),
        }
    }
    let struct_names: BTreeSet<&str> = scope
        .requests
        .iter()
        .map(|request| request.struct_name.as_str())
        .collect();
    // The name of each (wire, values): the list most structs use is named
    // after the field when several do; another list that several structs
    // use after its first struct; the others after their struct.
    let mut names: BTreeMap<(&str, &[String]), String> = BTreeMap::new();
    for (wire, lists) in &by_wire {
        let plain = ident::pascal_as_written(wire);
        let most = lists
            .iter()
            .enumerate()
            .max_by_key(|(i, (_, users))| (users.len(), std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        for (i, (values, users)) in lists.iter().enumerate() {
            if users.len() > 1 && Some(i) == most && !struct_names.contains(plain.as_str()) {
                names.insert((wire, values), plain.clone());
            } else if users.len() > 1 {
                let first = &scope.requests[users[0]].struct_name;
                names.insert((wire, values), format!("{first}{plain}"));
            }
        }
    }
    let mut enums: Vec<EnumType> = Vec::new();
    let mut assignments = Vec::new();
    for (r, f, values) in &uses {
        let request = &scope.requests[*r];
        let wire = request.fields[*f].wire.clone();
        let name = names
            .get(&(wire.as_str(), values.as_slice()))
            .cloned()
            .unwrap_or_else(|| {
                format!("{}{}", request.struct_name, ident::pascal_as_written(&wire))
            });
        let index = match enums.iter().position(|e| e.name == name) {
            Some(index) => index,
            None => {
                let mut variants = Vec::new();
                for value in values {
                    let variant = ident::not_prelude(ident::pascal_as_written(value));
                    if variants.iter().any(|(known, _)| *known == variant) {
                        return Err(format!(
                            "{name}: two values are the variant `{variant}` ({values:?})"
                        ));
                    }
                    variants.push((variant, value.clone()));
                }
                enums.push(EnumType {
                    name,
                    variants,
                    users: Vec::new(),
                });
                enums.len() - 1
            }
        };
        enums[index]
            .users
            .push((request.struct_name.clone(), wire.clone()));
        assignments.push((*r, *f, index));
    }
    for (r, f, index) in assignments {
        let field = &mut scope.requests[r].fields[f];
        field.ty = match &field.ty {
            Ty::Vec(_) => Ty::Vec(Box::new(Ty::Enum(index))),
            _ => Ty::Enum(index),
        };
    }
    scope.enums = enums;
    Ok(())
}

/// Puts each former operationId in its scope as an alias, or records it as
/// split when several operations had that name.
fn place_aliases(scopes: &mut [Scope<'_>]) -> Result<(), String> {
    let mut former: BTreeMap<String, Vec<(usize, usize, &Rename)>> = BTreeMap::new();
    let operations: Vec<(usize, usize, &Operation)> = scopes
        .iter()
        .enumerate()
        .flat_map(|(s, scope)| {
            scope
                .requests
                .iter()
                .enumerate()
                .map(move |(r, request)| (s, r, request.op))
        })
        .collect();
    for (s, r, op) in &operations {
        for rename in &op.renamed_from {
            former
                .entry(rename.before.clone())
                .or_default()
                .push((*s, *r, rename));
        }
    }
    for (former_id, targets) in former {
        let (former_scope, former_name) = former_id
            .split_once('/')
            .ok_or_else(|| format!("the former operationId `{former_id}` has no scope"))?;
        let home = scopes
            .iter()
            .position(|scope| scope.name == former_scope)
            .ok_or_else(|| format!("`{former_id}`: no scope `{former_scope}` to keep it in"))?;
        if let [(s, r, rename)] = targets.as_slice() {
            let alias = Alias {
                scope: former_scope.to_owned(),
                name: ident::pascal_as_written(former_name),
                former_id: former_id.clone(),
                date: rename.date.clone(),
            };
            let target = (
                scopes[*s].requests[*r].struct_name.clone(),
                scopes[*s].name.clone(),
            );
            scopes[*s].requests[*r].aliases.push(alias.clone());
            scopes[home].aliases.push((alias, target.0, target.1));
        } else {
            let now: Vec<String> = targets
                .iter()
                .map(|(s, r, _)| scopes[*s].requests[*r].op.id.clone())
                .collect();
            scopes[home].split.push((former_id.clone(), now));
        }
    }
    Ok(())
}

/// Names the prelude, the crate's macros or another item of the module
/// already stand for.
const TAKEN: [&str; 12] = [
    "Option", "Some", "None", "Result", "Ok", "Err", "String", "Vec", "Box", "Default", "Clone",
    "Debug",
];

/// Refuses a scope whose type names collide.
fn check_names(scope: &Scope<'_>) -> Result<(), String> {
    let mut names = BTreeSet::new();
    let all = scope
        .requests
        .iter()
        .map(|request| &request.struct_name)
        .chain(scope.enums.iter().map(|e| &e.name))
        .chain(scope.aliases.iter().map(|(alias, _, _)| &alias.name));
    for name in all {
        if TAKEN.contains(&name.as_str()) || !names.insert(name.as_str()) {
            return Err(format!("{}: the name `{name}` is taken", scope.name));
        }
    }
    Ok(())
}
