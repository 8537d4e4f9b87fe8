//! Expandable fields: a field of an answer that holds an object's id, or
//! the object itself when the request asks for it to be expanded (Stripe's
//! `expand[]=customer`, the `$expand` of OData-like APIs).
//!
//! A description writes such a field as a union of a string and objects
//! that have an `id` property (`anyOf: [{type: string}, {$ref: customer}]`,
//! `oneOf` alike, nullable or not). Planned as written, every such field
//! reaches the model of the object it may expand to, and through it most of
//! a large API's models: an `openapi!` of five operations would compile
//! hundreds of types. Unless it is named to be expanded
//! ([`Filter::expand`](crate::filter::Filter::expand)), an expandable field
//! is planned as an [`Expandable`](EXPANDABLE) instead: one shared union of
//! the id (a `String`) and any object (kept as JSON), so that an answer
//! decodes whichever form the server sent, and the models reachable only
//! through expansions are not generated.
//!
//! Which fields are expanded is a list of names:
//!
//! - `*`: every expandable field, as the description writes it;
//! - `none`: no expandable field;
//! - a component schema the fields may expand to (`customer`): every field
//!   that may expand to it;
//! - a field, by the component that holds it and its property names, `.`
//!   between them (`charge.customer`, `charge.transfer_data.destination`):
//!   that field.
//!
//! An empty list is the default: every expandable field when every
//! operation is generated (the crate then holds every model anyway), none
//! when only some operations are.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::api::Api;
use crate::schema::{Additional, Kind, Object, Schema};

/// The name [`Filter::expand`](crate::filter::Filter::expand) gives to
/// expand every expandable field.
pub const ALL: &str = "*";

/// The name that expands no expandable field.
pub const NONE: &str = "none";

/// The component schema an expandable field that is not expanded refers
/// to (numbered when the description has a component of that name).
pub const EXPANDABLE: &str = "Expandable";

/// What to expand, from a filter's names and whether it keeps every
/// operation.
pub(crate) enum Expand<'a> {
    /// Every expandable field.
    All,
    /// The fields named (by field or by component), none else.
    Only(&'a [String]),
}

impl<'a> Expand<'a> {
    /// The choice `names` make (see [the module](self)); `every_operation`
    /// when the filter keeps every operation.
    pub(crate) fn of(names: &'a [String], every_operation: bool) -> Expand<'a> {
        if names.iter().any(|name| name == ALL) || (names.is_empty() && every_operation) {
            Expand::All
        } else {
            Expand::Only(names)
        }
    }
}

/// An expandable field found in a description.
struct Found {
    /// `component.property.property`, when it is in a component schema.
    path: Option<String>,
    /// The components it may expand to.
    targets: Vec<String>,
}

/// Whether each component describes objects with an `id` property
/// (directly, through `allOf`, or as an alias of another).
fn identified(schemas: &BTreeMap<String, Schema>) -> HashMap<String, bool> {
    let mut identified = Identified {
        schemas,
        known: HashMap::new(),
    };
    for key in schemas.keys() {
        identified.component(key, 0);
    }
    identified
        .known
        .into_iter()
        .map(|(key, known)| (key.to_owned(), known))
        .collect()
}

/// The components whose objects have an `id` property, memoised.
struct Identified<'a> {
    schemas: &'a BTreeMap<String, Schema>,
    known: HashMap<&'a str, bool>,
}

impl<'a> Identified<'a> {
    /// Whether `schema` describes objects with an `id` property.
    fn schema(&mut self, schema: &'a Schema, depth: usize) -> bool {
        if depth > 16 {
            return false;
        }
        match &schema.kind {
            Kind::Ref(name) => self.component(name, depth + 1),
            Kind::Object(object) => object.properties.iter().any(|p| p.name == "id"),
            Kind::AllOf(parts) => parts.iter().any(|part| self.schema(part, depth + 1)),
            _ => false,
        }
    }

    fn component(&mut self, name: &'a str, depth: usize) -> bool {
        if let Some(&known) = self.known.get(name) {
            return known;
        }
        // A cycle of references is no object.
        self.known.insert(name, false);
        let identified = self
            .schemas
            .get(name)
            .is_some_and(|schema| self.schema(schema, depth));
        self.known.insert(name, identified);
        identified
    }
}

/// Calls `visit` with each schema of `schema` (itself first, then what it
/// holds) and the path of property names that leads there, `None` once it
/// is no field of a component; stops going down where `visit` says.
fn walk<'a>(
    schema: &'a Schema,
    path: Option<&str>,
    visit: &mut dyn FnMut(&'a Schema, Option<&str>) -> bool,
) {
    if !visit(schema, path) {
        return;
    }
    match &schema.kind {
        Kind::Array(items) => walk(items, path, visit),
        Kind::Object(object) => walk_object(object, path, visit),
        Kind::OneOf(parts) | Kind::AllOf(parts) => {
            for part in parts {
                walk(part, path, visit);
            }
        }
        _ => {}
    }
}

fn walk_object<'a>(
    object: &'a Object,
    path: Option<&str>,
    visit: &mut dyn FnMut(&'a Schema, Option<&str>) -> bool,
) {
    for property in &object.properties {
        let inner = path.map(|path| format!("{path}.{}", property.name));
        walk(&property.schema, inner.as_deref(), visit);
    }
    if let Additional::Typed(values) = &object.additional {
        walk(values, None, visit);
    }
}

/// The schemas of answers of `api`, each with no path.
fn answer_schemas(api: &Api) -> impl Iterator<Item = &Schema> {
    api.operations
        .iter()
        .flat_map(|op| &op.responses)
        .flat_map(|response| &response.contents)
        .flat_map(|content| content.schema.iter().chain(&content.item_schema))
}

/// Every expandable field of `api`'s component schemas and answers.
fn find(api: &Api) -> Vec<Found> {
    let identified = identified(&api.schemas);
    let mut found = Vec::new();
    let mut visit = |schema: &Schema, path: Option<&str>| match expandable(schema, &identified) {
        Some(targets) => {
            found.push(Found {
                path: path.map(str::to_owned),
                targets,
            });
            false
        }
        None => true,
    };
    for (name, schema) in &api.schemas {
        walk(schema, Some(name), &mut visit);
    }
    for schema in answer_schemas(api) {
        walk(schema, None, &mut visit);
    }
    found
}

/// The names that name expandable fields of `api`: each field in a
/// component schema (`charge.customer`) and each component one may expand
/// to (`customer`).
pub(crate) fn names(api: &Api) -> BTreeSet<String> {
    let mut known = BTreeSet::new();
    for found in find(api) {
        known.extend(found.path);
        known.extend(found.targets);
    }
    known
}

/// Plans each expandable field of `api` that `expand` does not name as
/// the shared [`EXPANDABLE`] component: its schema becomes a reference to
/// it (keeping its description, `nullable` and `deprecated`), and the
/// component is added when some field refers to it.
pub(crate) fn apply(api: &mut Api, expand: &Expand<'_>) {
    let Expand::Only(names) = *expand else {
        return;
    };
    let names: BTreeSet<&str> = names.iter().map(String::as_str).collect();
    let name = unused_name(&api.schemas);
    let identified = identified(&api.schemas);
    let mut rewritten = 0usize;
    let mut rewrite = |schema: &mut Schema, path: Option<&str>| {
        rewrite_tree(schema, path, &names, &identified, &name, &mut rewritten);
    };
    for (key, schema) in &mut api.schemas {
        rewrite(schema, Some(key));
    }
    for content in api
        .operations
        .iter_mut()
        .flat_map(|op| &mut op.responses)
        .flat_map(|response| &mut response.contents)
    {
        for schema in content.schema.iter_mut().chain(&mut content.item_schema) {
            rewrite(schema, None);
        }
    }
    if rewritten > 0 {
        api.schemas.insert(name, expandable_schema());
    }
}

/// Rewrites the expandable fields of one schema tree (see [`apply`]).
fn rewrite_tree(
    schema: &mut Schema,
    path: Option<&str>,
    names: &BTreeSet<&str>,
    identified: &HashMap<String, bool>,
    expandable_name: &str,
    rewritten: &mut usize,
) {
    if let Some(targets) = expandable(schema, identified) {
        let named = path.is_some_and(|path| names.contains(path))
            || targets.iter().any(|target| names.contains(target.as_str()));
        if !named {
            let mut replacement = Schema::of(Kind::Ref(expandable_name.to_owned()));
            replacement.nullable = schema.nullable;
            replacement.deprecated = schema.deprecated;
            replacement.description = schema.description.take();
            replacement.title = schema.title.take();
            *schema = replacement;
            *rewritten += 1;
        }
        return;
    }
    let mut down = |schema: &mut Schema, path: Option<&str>| {
        rewrite_tree(schema, path, names, identified, expandable_name, rewritten);
    };
    match &mut schema.kind {
        Kind::Array(items) => down(items, path),
        Kind::Object(object) => {
            for property in &mut object.properties {
                let inner = path.map(|path| format!("{path}.{}", property.name));
                down(&mut property.schema, inner.as_deref());
            }
            if let Additional::Typed(values) = &mut object.additional {
                down(values, None);
            }
        }
        Kind::OneOf(parts) | Kind::AllOf(parts) => {
            for part in parts {
                down(part, path);
            }
        }
        _ => {}
    }
}

/// When `schema` is an expandable union (one string, and objects that
/// have an `id`: components of `identified`, or inline), the components it
/// may expand to (empty when its objects are inline).
fn expandable(schema: &Schema, identified: &HashMap<String, bool>) -> Option<Vec<String>> {
    let Kind::OneOf(alternatives) = &schema.kind else {
        return None;
    };
    let is_string = |alt: &Schema| matches!(alt.kind, Kind::String { values: None, .. });
    if alternatives.len() < 2 || alternatives.iter().filter(|alt| is_string(alt)).count() != 1 {
        return None;
    }
    let mut targets = Vec::new();
    for alt in alternatives {
        match &alt.kind {
            _ if is_string(alt) => {}
            Kind::Ref(name) if identified.get(name).copied().unwrap_or(false) => {
                targets.push(name.clone());
            }
            Kind::Object(object) if object.properties.iter().any(|p| p.name == "id") => {}
            _ => return None,
        }
    }
    Some(targets)
}

/// A component name the description does not use: [`EXPANDABLE`], else
/// numbered.
fn unused_name(schemas: &BTreeMap<String, Schema>) -> String {
    let taken = |name: &str| {
        schemas
            .keys()
            .any(|key| key.eq_ignore_ascii_case(name) || crate::ident::pascal(key) == name)
    };
    let mut name = EXPANDABLE.to_owned();
    let mut n = 2;
    while taken(&name) {
        name = format!("{EXPANDABLE}{n}");
        n += 1;
    }
    name
}

/// The shared type of the expandable fields not expanded.
fn expandable_schema() -> Schema {
    let mut id = Schema::of(Kind::String {
        format: None,
        values: None,
    });
    id.description = Some("The object's id.".to_owned());
    let mut object = Schema::of(Kind::Object(Object {
        properties: Vec::new(),
        additional: Additional::Any,
        required: Vec::new(),
    }));
    object.description = Some(
        "The object itself, as JSON, when the request asked for it to be expanded.".to_owned(),
    );
    let mut schema = Schema::of(Kind::OneOf(vec![id, object]));
    schema.description = Some(
        "An object's id or, when the request asked for it to be expanded, the object itself \
         (kept as JSON): a field the description lets a request expand, generated without \
         the object's model unless named to be expanded."
            .to_owned(),
    );
    schema
}
