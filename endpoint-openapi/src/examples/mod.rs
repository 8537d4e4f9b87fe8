//! The description against its own examples: where an example of an
//! answer (a media type's `example` or `examples`, Swagger 2.0's
//! `examples`), of a component schema, or of a part of either (a
//! property's `example` or `examples`, `items.example`, …) contradicts the
//! schema it illustrates, the schema is relaxed so that what the
//! description shows the API sending decodes, each relaxation a
//! [`diag`](crate::diag) diagnostic naming the example and the field.
//!
//! An example is walked against its schema (references followed, every
//! part of an `allOf`; a `oneOf`/`anyOf` holds when any alternative does,
//! else the alternative its discriminator names for the value is relaxed,
//! and it is left alone when none is named); an answer's example written
//! as the text of a JSON object or list, where the schema admits no
//! string, is read as that JSON:
//!
//! - a required property the example leaves out becomes optional;
//! - `null` where the schema does not allow it makes the value nullable;
//! - a value of another JSON type widens the field to the narrowest type
//!   that holds both: a number where the schema says integer is a number
//!   (`f64`), an integer beyond the integer's format (`int32`, unsigned)
//!   an integer of any size (`i64`), anything else (a number where it says
//!   string, a decimal's text where it says integer, an object where it
//!   says a list, a list as the example of a list's items) any JSON value;
//! - an object or a list at the top of an answer's example where the
//!   schema says another type (an object where it says a list) widens that
//!   operation's answer alone: its schema there (a reference to a
//!   component replaced, the component kept for the others) is any JSON
//!   value;
//! - any other value of another type at the top of an example (text where
//!   an answer says an object, more often a misplaced part of the
//!   description than what the API sends; the top of a component's own
//!   example), where no field can be widened, keeps the schema as written
//!   (a diagnostic says so).
//!
//! A field is widened where it is (the property, the list's items), not in
//! the component it refers to. A relaxation stays with the example that
//! shows it: in a component schema that only the example's operation uses
//! (or only the users of the component whose example it is), the
//! component itself is relaxed; in one that other operations use too, a
//! copy of it of the operation's own (named `{operation}-answer-{component}`,
//! `GetAccountAnswerError`), reached by the operation's references, is,
//! and the others keep it as written. Copies that come out the same are
//! one.
//! Requests' examples are not read for this: what a request may leave out
//! is the schema's to say. The work is bounded: [`MAX_EXAMPLES`] examples
//! of an operation's answers, [`MAX_DEPTH`] levels of an example,
//! [`MAX_NODES`] values and schemas visited an example.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::api::Api;
use crate::diag::Diagnostics;
use crate::schema::{Additional, Kind, Object, Schema};

/// How many examples of an operation's answers are read.
pub const MAX_EXAMPLES: usize = 64;

/// How deeply an example is read (values in values, references and
/// `allOf`s followed).
pub const MAX_DEPTH: usize = 32;

/// How many values and schemas one example may visit before the rest of it
/// is left unread.
pub const MAX_NODES: usize = 20_000;

/// Where a schema to relax is: its root, and the steps below it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Place {
    root: Root,
    steps: Vec<Step>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Root {
    /// A component schema.
    Component(String),
    /// The schema of an operation's answer's media type, by indexes.
    Answer(usize, usize, usize),
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Property(String),
    Items,
    Additional,
    Part(usize),
    /// An alternative of a `oneOf`/`anyOf`.
    Alternative(usize),
    /// Into the component schema a reference names.
    Ref(String),
}

/// Whose example shows a contradiction: what a relaxation of a component
/// that others use too is kept to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Owner {
    /// A component's own example (or one of its parts').
    Component(String),
    /// An example of an operation's answer, by index.
    Operation(usize),
}

/// Where a relaxation is made.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Target {
    /// In a component schema itself.
    Component(String),
    /// In the schema of an operation's answer's media type, by indexes.
    Answer(usize, usize, usize),
    /// In an owner's copy of a component schema that others use too.
    Copy(Owner, String),
}

/// What a relaxation changes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Change {
    /// The object's property of this name is not required.
    Optional(String),
    /// The schema allows `null`.
    Nullable,
    /// The schema is an integer of any size (`i64`).
    AnyInteger,
    /// The schema is a number (`f64`).
    Number,
    /// The schema is any JSON value.
    Any,
}

impl Change {
    /// What the field becomes, for a diagnostic.
    fn fallback(&self) -> String {
        match self {
            Change::Optional(name) => format!("`{name}` optional"),
            Change::Nullable => "optional (`null` allowed)".to_owned(),
            Change::AnyInteger => "an integer of any size (`i64`)".to_owned(),
            Change::Number => "a number (`f64`)".to_owned(),
            Change::Any => "any JSON value (`serde_json::Value`)".to_owned(),
        }
    }
}

/// One contradiction found: where to relax, how, and what the example
/// showed (its path in the example, and the message).
struct Found {
    place: Option<Place>,
    change: Change,
    message: String,
}

/// `api` with the schemas its examples contradict relaxed, with a
/// diagnostic for each relaxation; `None` when no example contradicts its
/// schema (the description is planned as it is).
///
/// ```
/// use endpoint_openapi::{diag::Diagnostics, examples, read::read_value};
/// use serde_json::json;
///
/// let read = read_value(json!({
///     "openapi": "3.0.3",
///     "paths": {"/orders": {"get": {"responses": {"200": {
///         "description": "The orders.",
///         "content": {"application/json": {
///             "schema": {"type": "object", "required": ["id", "total"], "properties": {
///                 "id": {"type": "string"}, "total": {"type": "integer"}
///             }},
///             "example": {"id": 7}
///         }}
///     }}}}}
/// }), None, &[])?;
/// let mut diagnostics = Diagnostics::new();
/// let relaxed = examples::relax(&read.api, &mut diagnostics).unwrap();
/// let schema = relaxed.operations[0].responses[0].contents[0].schema.as_ref().unwrap();
/// let endpoint_openapi::schema::Kind::Object(object) = &schema.kind else { unreachable!() };
/// assert!(!object.properties[1].required);
/// let messages: Vec<String> = diagnostics.iter().map(|d| d.message.clone()).collect();
/// assert_eq!(messages, [
///     "`id` is an integer in the example, where the schema says a string",
///     "`total` is missing from the example, where the schema requires it",
/// ]);
/// # Ok::<(), endpoint_openapi::read::ReadError>(())
/// ```
pub fn relax(api: &Api, diagnostics: &mut Diagnostics) -> Option<Api> {
    // Every contradiction, in the order of the examples: whose example,
    // where it is, which operation's, and what it shows.
    let mut all: Vec<(Owner, String, Option<String>, Found)> = Vec::new();
    for (name, examples) in &api.schema_examples {
        let Some(schema) = api.schemas.get(name) else {
            continue;
        };
        for (at, example) in examples.iter().take(MAX_EXAMPLES) {
            let place = Place {
                root: Root::Component(name.clone()),
                steps: Vec::new(),
            };
            for one in walk(api, example, schema, place, None) {
                all.push((Owner::Component(name.clone()), at.clone(), None, one));
            }
        }
    }
    for (name, examples) in &api.inner_examples {
        let Some(schema) = api.schemas.get(name) else {
            continue;
        };
        for example in examples {
            let Some((steps, part)) = locate(schema, &example.path) else {
                continue;
            };
            let place = Place {
                root: Root::Component(name.clone()),
                steps,
            };
            for one in walk(api, &example.value, part, place.clone(), Some(&place)) {
                all.push((
                    Owner::Component(name.clone()),
                    example.pointer.clone(),
                    None,
                    one,
                ));
            }
        }
    }
    for (o, operation) in api.operations.iter().enumerate() {
        let label = operation.label();
        let mut read = 0;
        for (r, response) in operation.responses.iter().enumerate() {
            for (c, content) in response.contents.iter().enumerate() {
                let Some(schema) = &content.schema else {
                    continue;
                };
                if !decodes_json(&content.media_type) {
                    continue;
                }
                let root = Place {
                    root: Root::Answer(o, r, c),
                    steps: Vec::new(),
                };
                for (at, example) in &content.examples {
                    if read == MAX_EXAMPLES {
                        break;
                    }
                    read += 1;
                    for mut one in walk(api, example, schema, root.clone(), None) {
                        // The whole answer of another type, an object or a
                        // list: the answer's schema of this operation is
                        // what is widened. (Text where the schema says an
                        // object is more often a misplaced part of the
                        // description, `{"value": "octocat", "name": …}`
                        // as the Example Object, than what the API sends.)
                        if one.place.is_none() && one.change == Change::Any && structured(example) {
                            one.place = Some(root.clone());
                        }
                        all.push((Owner::Operation(o), at.clone(), Some(label.clone()), one));
                    }
                }
                for example in &content.inner_examples {
                    let Some((steps, part)) = locate(schema, &example.path) else {
                        continue;
                    };
                    let place = Place {
                        root: Root::Answer(o, r, c),
                        steps,
                    };
                    for one in walk(api, &example.value, part, place.clone(), Some(&place)) {
                        all.push((
                            Owner::Operation(o),
                            example.pointer.clone(),
                            Some(label.clone()),
                            one,
                        ));
                    }
                }
            }
        }
    }
    let crosses = all.iter().any(|(.., one)| {
        one.place
            .as_ref()
            .is_some_and(|place| place.steps.iter().any(|s| matches!(s, Step::Ref(_))))
    });
    let mut local = Local {
        users: if crosses { users(api) } else { BTreeMap::new() },
        redirects: BTreeSet::new(),
    };
    let mut found: BTreeSet<(Target, Vec<Step>, Change)> = BTreeSet::new();
    // What examples say that no relaxation follows (the top of an example
    // of another type), each once.
    let mut kept: BTreeSet<(String, String)> = BTreeSet::new();
    let mut notes = Vec::new();
    for (owner, at, operation, one) in all {
        // Each relaxation once, named by the first example that shows it.
        let fallback = match &one.place {
            Some(place) => {
                let (target, steps) = local.resolve(&owner, place);
                let fallback = match &target {
                    Target::Copy(_, component) => format!(
                        "{}, in a copy of `{component}` of {} own (its other users keep `{component}` as written)",
                        one.change.fallback(),
                        match &owner {
                            Owner::Operation(_) => "this operation's".to_owned(),
                            Owner::Component(name) => format!("`{name}`'s"),
                        }
                    ),
                    Target::Answer(..) if steps.is_empty() => {
                        format!("{}, as this operation's answer", one.change.fallback())
                    }
                    _ => one.change.fallback(),
                };
                if !found.insert((target, steps, one.change.clone())) {
                    continue;
                }
                fallback
            }
            None => {
                if !kept.insert((at.clone(), one.message.clone())) {
                    continue;
                }
                "the schema as written".to_owned()
            }
        };
        notes.push((at, operation, one.message, fallback));
    }
    for (at, operation, message, fallback) in notes {
        diagnostics.push(at, operation.as_deref(), message, fallback);
    }
    let mut changes: Vec<(Target, Vec<Step>, Change)> = found.into_iter().collect();
    if changes.is_empty() {
        return None;
    }
    // Properties made optional and nullable first, then the widest
    // schemas, deepest first: a schema widened does not hide a change
    // below it.
    changes.sort_by_key(|(_, steps, change)| {
        (
            !matches!(change, Change::Optional(_) | Change::Nullable),
            std::cmp::Reverse(steps.len()),
        )
    });
    let mut relaxed = api.clone();
    // The copies, each a component of its own.
    let mut names: BTreeMap<Target, String> = BTreeMap::new();
    let copies = local
        .redirects
        .iter()
        .map(|(_, _, copy)| copy)
        .chain(changes.iter().map(|(target, ..)| target));
    for copy in copies {
        let Target::Copy(owner, component) = copy else {
            continue;
        };
        if names.contains_key(copy) {
            continue;
        }
        let Some(schema) = api.schemas.get(component) else {
            continue;
        };
        // Named by its owner first, so that the inline types the copy
        // shares with the component keep the names their places end with.
        let base = match owner {
            Owner::Operation(o) => format!("{}-answer-{component}", api.operations[*o].label()),
            Owner::Component(name) => format!("{name}-{component}"),
        };
        let mut name = base.clone();
        let mut n = 1;
        while relaxed.schemas.contains_key(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        let mut schema = schema.clone();
        if schema.description.is_none() {
            schema.description = Some(format!(
                "The `{component}` schema, relaxed where the examples of the answers it is \
                 used in here contradict it."
            ));
        }
        relaxed.schemas.insert(name.clone(), schema);
        if let Some(pointer) = api.schema_pointers.get(component) {
            relaxed
                .schema_pointers
                .insert(name.clone(), pointer.clone());
        }
        names.insert(copy.clone(), name);
    }
    for (holder, from, copy) in &local.redirects {
        if let (Some(to), Some(schema)) = (names.get(copy), root_at(&mut relaxed, holder, &names)) {
            rename(schema, from, to, 0);
        }
    }
    for (target, steps, change) in changes {
        if let Some(schema) = schema_at(&mut relaxed, &target, &steps, &names) {
            apply(schema, &change);
        }
    }
    merge_copies(&mut relaxed, &names);
    Some(relaxed)
}

/// Whether an example is an object or a list, or the text of one.
fn structured(example: &Value) -> bool {
    match example {
        Value::Object(_) | Value::Array(_) => true,
        Value::String(text) => serde_json::from_str::<Value>(text)
            .is_ok_and(|value| value.is_object() || value.is_array()),
        _ => false,
    }
}

/// Whether an answer of `media_type` is decoded as JSON (a JSON media
/// type, or any).
fn decodes_json(media_type: &str) -> bool {
    media_type.contains("json") || media_type.trim() == "*/*"
}

/// The steps from `schema` to its part at `path` (JSON keys: `properties`
/// and a name, `items`, `additionalProperties`, `allOf` and an index), and
/// that part; `None` where the schema read has no such part.
fn locate<'a>(schema: &'a Schema, path: &[String]) -> Option<(Vec<Step>, &'a Schema)> {
    let mut steps = Vec::new();
    let mut at = schema;
    let mut keys = path.iter();
    while let Some(key) = keys.next() {
        match (key.as_str(), &at.kind) {
            ("properties", kind) => {
                let name = keys.next()?;
                let of = |object: &'a Object| object.properties.iter().find(|p| &p.name == name);
                let property = match kind {
                    Kind::Object(object) => of(object)?,
                    // Properties beside an `allOf`: its last part that has
                    // the property.
                    Kind::AllOf(parts) => {
                        let (i, property) =
                            parts.iter().enumerate().rev().find_map(|(i, part)| {
                                match &part.kind {
                                    Kind::Object(object) => of(object).map(|p| (i, p)),
                                    _ => None,
                                }
                            })?;
                        steps.push(Step::Part(i));
                        property
                    }
                    _ => return None,
                };
                steps.push(Step::Property(name.clone()));
                at = &property.schema;
            }
            ("items", Kind::Array(items)) => {
                steps.push(Step::Items);
                at = items;
            }
            ("additionalProperties", Kind::Object(object)) => {
                let Additional::Typed(values) = &object.additional else {
                    return None;
                };
                steps.push(Step::Additional);
                at = values;
            }
            ("allOf", Kind::AllOf(parts)) => {
                let i: usize = keys.next()?.parse().ok()?;
                steps.push(Step::Part(i));
                at = parts.get(i)?;
            }
            _ => return None,
        }
    }
    Some((steps, at))
}

/// Which relaxations stay in their owner's copy of a component, and the
/// references that lead to the copies.
struct Local {
    /// The operations that reach each component schema (by their
    /// parameters, bodies or answers, through other components).
    users: BTreeMap<String, BTreeSet<usize>>,
    /// Where references to a component are made references to a copy:
    /// the schema holding them, the component, the copy.
    redirects: BTreeSet<(Target, String, Target)>,
}

impl Local {
    /// Where a relaxation at `place`, shown by `owner`'s example, is made:
    /// a component schema that only the owner's operations use is relaxed
    /// itself, one that others use too in the owner's copy of it (the
    /// references leading there made references to the copy).
    fn resolve(&mut self, owner: &Owner, place: &Place) -> (Target, Vec<Step>) {
        let mut target = match &place.root {
            Root::Component(name) => Target::Component(name.clone()),
            Root::Answer(o, r, c) => Target::Answer(*o, *r, *c),
        };
        let mut steps = Vec::new();
        for step in &place.steps {
            let Step::Ref(component) = step else {
                steps.push(step.clone());
                continue;
            };
            let next = if self.private(owner, component) {
                Target::Component(component.clone())
            } else {
                let copy = Target::Copy(owner.clone(), component.clone());
                self.redirects
                    .insert((target.clone(), component.clone(), copy.clone()));
                copy
            };
            target = next;
            steps.clear();
        }
        (target, steps)
    }

    /// Whether only `owner`'s operations use `component` (a component
    /// used by no operation too, and any component when the owner is
    /// one that no operation uses).
    fn private(&self, owner: &Owner, component: &str) -> bool {
        let empty = BTreeSet::new();
        let users = self.users.get(component).unwrap_or(&empty);
        match owner {
            Owner::Operation(o) => users.iter().all(|user| user == o),
            Owner::Component(name) => {
                let mine = self.users.get(name).unwrap_or(&empty);
                mine.is_empty() || users.is_subset(mine)
            }
        }
    }
}

/// The operations that reach each component schema.
fn users(api: &Api) -> BTreeMap<String, BTreeSet<usize>> {
    let direct: BTreeMap<&str, BTreeSet<String>> = api
        .schemas
        .iter()
        .map(|(name, schema)| {
            let mut out = BTreeSet::new();
            refs(schema, &mut out, 0);
            (name.as_str(), out)
        })
        .collect();
    let mut users: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for (o, operation) in api.operations.iter().enumerate() {
        let mut start = BTreeSet::new();
        for parameter in &operation.parameters {
            refs(&parameter.schema, &mut start, 0);
        }
        let bodies = operation.body.iter().flat_map(|body| &body.contents);
        let answers = operation.responses.iter().flat_map(|r| &r.contents);
        for content in bodies.chain(answers) {
            for schema in content.schema.iter().chain(&content.item_schema) {
                refs(schema, &mut start, 0);
            }
        }
        for response in &operation.responses {
            for (_, schema) in &response.headers {
                refs(schema, &mut start, 0);
            }
        }
        let mut stack: Vec<String> = start.into_iter().collect();
        let mut seen: BTreeSet<String> = BTreeSet::new();
        while let Some(name) = stack.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            if let Some(next) = direct.get(name.as_str()) {
                stack.extend(next.iter().filter(|n| !seen.contains(*n)).cloned());
            }
            users.entry(name).or_default().insert(o);
        }
    }
    users
}

/// The components `schema` refers to, itself (not through them).
fn refs(schema: &Schema, out: &mut BTreeSet<String>, depth: usize) {
    if depth > MAX_DEPTH * 2 {
        return;
    }
    match &schema.kind {
        Kind::Ref(name) => {
            out.insert(name.clone());
        }
        Kind::Array(items) => refs(items, out, depth + 1),
        Kind::Object(object) => {
            for property in &object.properties {
                refs(&property.schema, out, depth + 1);
            }
            if let Additional::Typed(values) = &object.additional {
                refs(values, out, depth + 1);
            }
        }
        Kind::OneOf(parts) | Kind::AllOf(parts) => {
            for part in parts {
                refs(part, out, depth + 1);
            }
        }
        _ => {}
    }
}

/// Makes every reference of `schema` to `from` a reference to `to` (not
/// through the components it refers to).
fn rename(schema: &mut Schema, from: &str, to: &str, depth: usize) {
    if depth > MAX_DEPTH * 2 {
        return;
    }
    match &mut schema.kind {
        Kind::Ref(name) if name == from => *name = to.to_owned(),
        Kind::Array(items) => rename(items, from, to, depth + 1),
        Kind::Object(object) => {
            for property in &mut object.properties {
                rename(&mut property.schema, from, to, depth + 1);
            }
            if let Additional::Typed(values) = &mut object.additional {
                rename(values, from, to, depth + 1);
            }
        }
        Kind::OneOf(parts) | Kind::AllOf(parts) => {
            for part in parts {
                rename(part, from, to, depth + 1);
            }
        }
        _ => {}
    }
    if let Some(discriminator) = &mut schema.discriminator {
        for (_, target) in &mut discriminator.mapping {
            if target == from {
                *target = to.to_owned();
            }
        }
    }
}

/// One copy for the copies of a component that came out the same (the
/// same relaxations, through the same references), named by the first:
/// operations whose examples say the same share it.
fn merge_copies(api: &mut Api, names: &BTreeMap<Target, String>) {
    let mut by_component: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (target, name) in names {
        if let Target::Copy(_, component) = target {
            by_component.entry(component).or_default().push(name);
        }
    }
    // A merge can make the copies that refer to them the same: again,
    // until none is left (each round removes one copy at least).
    for _ in 0..names.len() {
        let mut merged: Vec<(String, String)> = Vec::new();
        for copies in by_component.values() {
            let present: Vec<&str> = copies
                .iter()
                .copied()
                .filter(|name| api.schemas.contains_key(*name))
                .collect();
            for (i, later) in present.iter().enumerate() {
                // The same, a reference of the later to itself as one of
                // the first to itself.
                let same = |first: &str| {
                    let (Some(first_schema), Some(later_schema)) =
                        (api.schemas.get(first), api.schemas.get(*later))
                    else {
                        return false;
                    };
                    let mut later_schema = later_schema.clone();
                    rename(&mut later_schema, later, first, 0);
                    &later_schema == first_schema
                };
                if let Some(first) = present[..i].iter().find(|first| same(first))
                    && !merged.iter().any(|(gone, _)| gone == first)
                {
                    merged.push(((*later).to_owned(), (*first).to_owned()));
                }
            }
        }
        if merged.is_empty() {
            return;
        }
        for (gone, kept) in &merged {
            api.schemas.remove(gone);
            api.schema_pointers.remove(gone);
            for schema in api.schemas.values_mut() {
                rename(schema, gone, kept, 0);
            }
            for operation in &mut api.operations {
                for response in &mut operation.responses {
                    for content in &mut response.contents {
                        if let Some(schema) = &mut content.schema {
                            rename(schema, gone, kept, 0);
                        }
                    }
                }
            }
        }
    }
}

/// The contradictions of `example` with `schema`, which is at `place`.
/// `site`, when given, is the field `example` is of (a property's own
/// example).
fn walk(
    api: &Api,
    example: &Value,
    schema: &Schema,
    place: Place,
    site: Option<&Place>,
) -> Vec<Found> {
    let mut walker = Walker {
        schemas: &api.schemas,
        nodes: 0,
        found: Vec::new(),
    };
    // An example written as the text of a JSON value (`'{"id": 7}'`)
    // where the schema says no string is that value.
    // (Not a part's own example, which a server that answers with the
    // examples sends as the string it is.)
    let parsed = match example {
        Value::String(text) if site.is_none() && !walker.may_be_string(schema, 0) => {
            serde_json::from_str::<Value>(text)
                .ok()
                .filter(|value| value.is_object() || value.is_array())
        }
        _ => None,
    };
    walker.check(
        parsed.as_ref().unwrap_or(example),
        schema,
        &place,
        site,
        "",
        0,
    );
    walker.found
}

struct Walker<'a> {
    schemas: &'a BTreeMap<String, Schema>,
    nodes: usize,
    found: Vec<Found>,
}

impl Walker<'_> {
    /// Checks `value`, at `path` of the example, against `schema`, which is
    /// at `place`; `site` is where the field holding the value is (a
    /// property's or items' schema), what a value of another type widens.
    fn check(
        &mut self,
        value: &Value,
        schema: &Schema,
        place: &Place,
        site: Option<&Place>,
        path: &str,
        depth: usize,
    ) {
        self.nodes += 1;
        if depth > MAX_DEPTH || self.nodes > MAX_NODES {
            return;
        }
        let shown = if path.is_empty() {
            "the example".to_owned()
        } else {
            format!("`{path}`")
        };
        let within = if path.is_empty() {
            ""
        } else {
            " in the example"
        };
        if value.is_null() {
            if !self.allows_null(schema, 0) {
                self.found.push(Found {
                    place: site.cloned(),
                    change: Change::Nullable,
                    message: format!(
                        "{shown} is `null`{within}, where the schema does not allow `null`"
                    ),
                });
            }
            return;
        }
        let widen = |this: &mut Self, change: Change, says: &str| {
            this.found.push(Found {
                place: site.cloned(),
                change,
                message: format!(
                    "{shown} is {}{within}, where the schema says {says}",
                    json_type(value)
                ),
            });
        };
        match &schema.kind {
            Kind::Ref(name) => {
                if let Some(target) = self.schemas.get(name) {
                    let place = place.below(Step::Ref(name.clone()));
                    self.check(value, target, &place, site, path, depth + 1);
                }
            }
            Kind::Any => {}
            Kind::String { format, .. } => {
                let timestamp = format.as_deref() == Some("date-time") && value.is_number();
                if !value.is_string() && !timestamp {
                    widen(self, Change::Any, "a string");
                }
            }
            Kind::Integer => match value {
                Value::Number(n) if n.is_i64() || n.is_u64() => {
                    if fits(n, schema) {
                    } else if n.is_i64() {
                        self.found.push(Found {
                            place: site.cloned(),
                            change: Change::AnyInteger,
                            message: format!(
                                "{shown} is {n}{within}, beyond the schema's {}",
                                integer_format(schema)
                            ),
                        });
                    } else {
                        self.found.push(Found {
                            place: site.cloned(),
                            change: Change::Number,
                            message: format!("{shown} is {n}{within}, beyond an `i64`"),
                        });
                    }
                }
                Value::Number(_) => widen(self, Change::Number, "an integer"),
                _ => widen(self, Change::Any, "an integer"),
            },
            Kind::Number => {
                if !value.is_number() {
                    widen(self, Change::Any, "a number");
                }
            }
            Kind::Boolean => {
                if !value.is_boolean() {
                    widen(self, Change::Any, "a boolean");
                }
            }
            Kind::Array(items) => {
                let Some(list) = value.as_array() else {
                    widen(self, Change::Any, "a list");
                    return;
                };
                let place = place.below(Step::Items);
                for (i, item) in list.iter().enumerate() {
                    let path = format!("{path}[{i}]");
                    self.check(item, items, &place, Some(&place), &path, depth + 1);
                }
            }
            Kind::Object(object) => {
                let Some(map) = value.as_object() else {
                    widen(self, Change::Any, "an object");
                    return;
                };
                for property in &object.properties {
                    let path = member(path, &property.name);
                    match map.get(&property.name) {
                        None if property.required => self.found.push(Found {
                            place: Some(place.clone()),
                            change: Change::Optional(property.name.clone()),
                            message: format!(
                                "`{path}` is missing from the example, where the schema requires it"
                            ),
                        }),
                        None => {}
                        Some(inner) => {
                            let place = place.below(Step::Property(property.name.clone()));
                            self.check(
                                inner,
                                &property.schema,
                                &place,
                                Some(&place),
                                &path,
                                depth + 1,
                            );
                        }
                    }
                }
                // What `required` lists of another part's properties (in
                // an `allOf`), left out.
                for name in &object.required {
                    if !map.contains_key(name) {
                        self.found.push(Found {
                            place: Some(place.clone()),
                            change: Change::Optional(name.clone()),
                            message: format!(
                                "`{}` is missing from the example, where the schema requires it",
                                member(path, name)
                            ),
                        });
                    }
                }
                if let Additional::Typed(values) = &object.additional {
                    let place = place.below(Step::Additional);
                    for (key, inner) in map {
                        if object.properties.iter().any(|p| &p.name == key) {
                            continue;
                        }
                        let path = member(path, key);
                        self.check(inner, values, &place, Some(&place), &path, depth + 1);
                    }
                }
            }
            Kind::AllOf(parts) => {
                for (i, part) in parts.iter().enumerate() {
                    let place = place.below(Step::Part(i));
                    self.check(value, part, &place, site, path, depth + 1);
                }
            }
            Kind::OneOf(alternatives) => {
                // Any alternative the value fits is the one; none: the
                // union keeps the value as it is, nothing is relaxed.
                let before = self.found.len();
                let mut fits_one = false;
                for alternative in alternatives {
                    self.check(value, alternative, place, None, path, depth + 1);
                    fits_one |= self.found.len() == before;
                    self.found.truncate(before);
                    if fits_one {
                        break;
                    }
                }
                // None fits, but the discriminator names the one the value
                // is: that one is relaxed (a value of another alternative
                // is not decoded by it).
                if !fits_one && let Some(i) = self.chosen(schema, alternatives, value) {
                    let place = place.below(Step::Alternative(i));
                    self.check(value, &alternatives[i], &place, None, path, depth + 1);
                }
            }
        }
    }

    /// The alternative of the union `schema` that its discriminator names
    /// for `value`: by `mapping`, by the component's name, or by the one
    /// value an alternative pins the property to.
    fn chosen(&self, schema: &Schema, alternatives: &[Schema], value: &Value) -> Option<usize> {
        let discriminator = schema.discriminator.as_ref()?;
        let key = &discriminator.property_name;
        let tag = value.get(key)?.as_str()?;
        let target = discriminator
            .mapping
            .iter()
            .find(|(value, _)| value == tag)
            .map_or(tag, |(_, target)| target.as_str());
        alternatives
            .iter()
            .position(|a| matches!(&a.kind, Kind::Ref(name) if name == target))
            .or_else(|| alternatives.iter().position(|a| self.pins(a, key, tag, 0)))
    }

    /// Whether `schema` pins its property `key` to `tag` (a string `enum`
    /// of that one value), through references and `allOf` parts.
    fn pins(&self, schema: &Schema, key: &str, tag: &str, depth: usize) -> bool {
        match &schema.kind {
            _ if depth > MAX_DEPTH => false,
            Kind::Ref(name) => self
                .schemas
                .get(name)
                .is_some_and(|target| self.pins(target, key, tag, depth + 1)),
            Kind::Object(object) => object.properties.iter().any(|property| {
                property.name == key
                    && matches!(&property.schema.kind, Kind::String { values: Some(values), .. } if values.len() == 1 && values[0] == tag)
            }),
            Kind::AllOf(parts) => parts.iter().any(|part| self.pins(part, key, tag, depth + 1)),
            _ => false,
        }
    }

    /// Whether a value of `schema` may be a string: a string, any value,
    /// or a union or reference that may be.
    fn may_be_string(&self, schema: &Schema, depth: usize) -> bool {
        match &schema.kind {
            _ if depth > MAX_DEPTH => true,
            Kind::String { .. } | Kind::Any => true,
            Kind::Ref(name) => self
                .schemas
                .get(name)
                .is_none_or(|target| self.may_be_string(target, depth + 1)),
            Kind::OneOf(parts) => parts.iter().any(|part| self.may_be_string(part, depth + 1)),
            Kind::AllOf(parts) => parts.iter().all(|part| self.may_be_string(part, depth + 1)),
            _ => false,
        }
    }

    /// Whether `schema` allows `null`: nullable itself, or a reference to
    /// one that does, or any value.
    fn allows_null(&self, schema: &Schema, depth: usize) -> bool {
        schema.nullable
            || match &schema.kind {
                Kind::Any => true,
                Kind::Ref(name) if depth < MAX_DEPTH => self
                    .schemas
                    .get(name)
                    .is_none_or(|target| self.allows_null(target, depth + 1)),
                Kind::OneOf(alternatives) => alternatives
                    .iter()
                    .any(|alternative| self.allows_null(alternative, depth + 1)),
                Kind::AllOf(parts) => {
                    !parts.is_empty() && parts.iter().all(|part| self.allows_null(part, depth + 1))
                }
                _ => false,
            }
    }
}

impl Place {
    fn below(&self, step: Step) -> Place {
        let mut steps = self.steps.clone();
        steps.push(step);
        Place {
            root: self.root.clone(),
            steps,
        }
    }
}

/// The path of `key` in the object at `path` (`orders[0].id`).
fn member(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// `an integer`, `a string`, … of a JSON value.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "`null`",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Whether the integer `n` fits the type its schema's format and minimum
/// plan (`int32` an `i32`, unsigned formats or `minimum: 0` unsigned).
fn fits(n: &serde_json::Number, schema: &Schema) -> bool {
    let (i, u) = (n.as_i64(), n.as_u64());
    match (schema.format.as_deref(), schema.unsigned) {
        (Some("int32" | "int16" | "int8"), false) => i.is_some_and(|i| i32::try_from(i).is_ok()),
        (Some("int32" | "int16" | "int8" | "uint32" | "uint16" | "uint8"), _) => {
            u.is_some_and(|u| u32::try_from(u).is_ok())
        }
        (Some("int64"), true) | (Some("uint64"), _) => u.is_some(),
        _ => i.is_some(),
    }
}

/// The format of an integer schema, for a diagnostic.
fn integer_format(schema: &Schema) -> String {
    match (schema.format.as_deref(), schema.unsigned) {
        (Some(format), true) => format!("`{format}` of `minimum: 0`"),
        (Some(format), false) => format!("`{format}`"),
        (None, _) => "`minimum: 0`".to_owned(),
    }
}

/// The schema where `target` starts in `api` (`names`: the copies'
/// names), when it is still there.
fn root_at<'a>(
    api: &'a mut Api,
    target: &Target,
    names: &BTreeMap<Target, String>,
) -> Option<&'a mut Schema> {
    match target {
        Target::Component(name) => api.schemas.get_mut(name),
        Target::Copy(..) => api.schemas.get_mut(names.get(target)?),
        Target::Answer(o, r, c) => api
            .operations
            .get_mut(*o)?
            .responses
            .get_mut(*r)?
            .contents
            .get_mut(*c)?
            .schema
            .as_mut(),
    }
}

/// The schema at `steps` below `target` in `api`, when it is still there.
fn schema_at<'a>(
    api: &'a mut Api,
    target: &Target,
    steps: &[Step],
    names: &BTreeMap<Target, String>,
) -> Option<&'a mut Schema> {
    let mut schema = root_at(api, target, names)?;
    for step in steps {
        schema = match (step, &mut schema.kind) {
            (Step::Property(name), Kind::Object(object)) => {
                &mut object
                    .properties
                    .iter_mut()
                    .find(|property| &property.name == name)?
                    .schema
            }
            (Step::Items, Kind::Array(items)) => items,
            (Step::Additional, Kind::Object(object)) => match &mut object.additional {
                Additional::Typed(values) => values,
                _ => return None,
            },
            (Step::Part(i), Kind::AllOf(parts)) => parts.get_mut(*i)?,
            (Step::Alternative(i), Kind::OneOf(alternatives)) => alternatives.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(schema)
}

/// Relaxes `schema` by `change`.
fn apply(schema: &mut Schema, change: &Change) {
    let widen = |schema: &mut Schema, kind: Kind| {
        schema.kind = kind;
        schema.format = None;
        schema.unsigned = false;
        schema.discriminator = None;
    };
    match change {
        Change::Optional(name) => {
            if let Kind::Object(object) = &mut schema.kind {
                if let Some(property) = object.properties.iter_mut().find(|p| &p.name == name) {
                    property.required = false;
                }
                object.required.retain(|required| required != name);
            }
        }
        Change::Nullable => schema.nullable = true,
        // A wider change at the same place wins.
        Change::AnyInteger => {
            if !matches!(schema.kind, Kind::Number | Kind::Any) {
                widen(schema, Kind::Integer);
            }
        }
        Change::Number => {
            if !matches!(schema.kind, Kind::Any) {
                widen(schema, Kind::Number);
            }
        }
        Change::Any => widen(schema, Kind::Any),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{MediaContent, Operation, Response};
    use serde_json::json;

    fn schema(value: Value) -> Schema {
        Schema::read(&value, "test").unwrap()
    }

    /// An API of one operation whose `200` answer is `answer`, with these
    /// examples, and these components.
    fn api(answer: Value, examples: &[Value], components: Value) -> Api {
        let contents = vec![MediaContent {
            media_type: "application/json".into(),
            schema: Some(schema(answer)),
            examples: examples
                .iter()
                .enumerate()
                .map(|(i, example)| (format!("#/example/{i}"), example.clone()))
                .collect(),
            ..MediaContent::default()
        }];
        Api {
            operations: vec![Operation {
                operation_id: Some("get".into()),
                method: "GET".into(),
                path: "/x".into(),
                responses: vec![Response {
                    status: "200".into(),
                    contents,
                    ..Response::default()
                }],
                ..Operation::default()
            }],
            schemas: components
                .as_object()
                .into_iter()
                .flatten()
                .map(|(name, value)| (name.clone(), schema(value.clone())))
                .collect(),
            ..Api::default()
        }
    }

    fn said(diagnostics: &Diagnostics) -> Vec<String> {
        diagnostics.iter().map(ToString::to_string).collect()
    }

    fn answer(api: &Api) -> &Schema {
        api.operations[0].responses[0].contents[0]
            .schema
            .as_ref()
            .unwrap()
    }

    fn property<'a>(schema: &'a Schema, name: &str) -> &'a crate::schema::Property {
        let Kind::Object(object) = &schema.kind else {
            panic!("{schema:?}")
        };
        object.properties.iter().find(|p| p.name == name).unwrap()
    }

    #[test]
    fn null_numbers_and_maps_widen_where_they_are() {
        let api = api(
            json!({"type": "object", "properties": {
                "count": {"type": "integer"},
                "owner": {"$ref": "#/components/schemas/Owner"},
                "tags": {"type": "object", "additionalProperties": {"type": "boolean"}},
                "note": {"type": "string"}
            }}),
            &[
                json!({"count": 2.5, "owner": "u_1", "tags": {"a": true, "b": "yes"}, "note": null}),
                // The same relaxations again: said once.
                json!({"count": 1.5, "owner": "u_2"}),
            ],
            json!({"Owner": {"type": "object", "properties": {"id": {"type": "string"}}}}),
        );
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        let answer = answer(&relaxed);
        assert_eq!(property(answer, "count").schema.kind, Kind::Number);
        // The owner is any value where it is; its component is kept.
        assert_eq!(property(answer, "owner").schema.kind, Kind::Any);
        assert!(matches!(relaxed.schemas["Owner"].kind, Kind::Object(_)));
        let Kind::Object(tags) = &property(answer, "tags").schema.kind else {
            panic!()
        };
        assert_eq!(tags.additional, Additional::Typed(Box::default()));
        assert!(property(answer, "note").schema.nullable);
        assert_eq!(
            said(&diagnostics),
            [
                "#/example/0 (get): `count` is a number in the example, where the schema says an integer; a number (`f64`)",
                "#/example/0 (get): `owner` is a string in the example, where the schema says an object; any JSON value (`serde_json::Value`)",
                "#/example/0 (get): `tags.b` is a string in the example, where the schema says a boolean; any JSON value (`serde_json::Value`)",
                "#/example/0 (get): `note` is `null` in the example, where the schema does not allow `null`; optional (`null` allowed)",
            ]
        );
    }

    #[test]
    fn an_integer_beyond_i64_says_so_and_is_a_number() {
        let api = api(
            json!({"type": "object", "properties": {"flush_ms": {"type": "integer"}}}),
            &[json!({"flush_ms": 9_223_372_036_854_776_000_u64})],
            json!({}),
        );
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        assert_eq!(
            property(answer(&relaxed), "flush_ms").schema.kind,
            Kind::Number
        );
        assert_eq!(
            said(&diagnostics),
            [
                "#/example/0 (get): `flush_ms` is 9223372036854776000 in the example, beyond an `i64`; a number (`f64`)"
            ]
        );
    }

    #[test]
    fn unions_parts_and_the_top_of_an_example() {
        let api = api(
            json!({"allOf": [
                {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
                {"type": "object", "properties": {"value": {"oneOf": [
                    {"type": "string"}, {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}
                ]}}}
            ]}),
            &[
                // An alternative fits: nothing to relax.
                json!({"id": "a", "value": {"n": 1}}),
                json!({"id": "b", "value": "text"}),
                // None fits: the union keeps the value, nothing relaxed.
                json!({"id": "c", "value": {"m": 1}}),
                // A part's required property left out.
                json!({"value": "text"}),
            ],
            json!({}),
        );
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        let Kind::AllOf(parts) = &answer(&relaxed).kind else {
            panic!()
        };
        assert!(!property(&parts[0], "id").required);
        assert_eq!(
            property(&parts[1], "value").schema,
            property(
                match &answer(&api).kind {
                    Kind::AllOf(parts) => &parts[1],
                    _ => unreachable!(),
                },
                "value"
            )
            .schema
        );
        assert_eq!(
            said(&diagnostics),
            [
                "#/example/3 (get): `id` is missing from the example, where the schema requires it; `id` optional",
            ]
        );
    }

    #[test]
    fn an_answer_s_example_of_another_type_widens_that_answer_alone() {
        // An object where the schema says a list, of a component another
        // answer uses too.
        let list = json!({"type": "array", "items": {"type": "string"}});
        let mut api = api(
            json!({"$ref": "#/components/schemas/names"}),
            &[json!({"names": ["a"]})],
            json!({"names": list}),
        );
        let mut other = api.operations[0].clone();
        other.responses[0].contents[0].examples.clear();
        api.operations.push(other);
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        assert_eq!(answer(&relaxed).kind, Kind::Any);
        assert_eq!(
            relaxed.operations[1].responses[0].contents[0].schema,
            api.operations[1].responses[0].contents[0].schema
        );
        assert_eq!(relaxed.schemas["names"], api.schemas["names"]);
        assert_eq!(
            said(&diagnostics),
            [
                "#/example/0 (get): the example is an object, where the schema says a list; \
                 any JSON value (`serde_json::Value`), as this operation's answer"
            ]
        );
        // Text where the answer says an object (the Example Object's
        // `value` of a description that wrote the example beside it):
        // kept as written.
        let text = self::api(
            json!({"type": "object", "properties": {"name": {"type": "string"}}}),
            &[json!("octocat")],
            json!({}),
        );
        let mut diagnostics = Diagnostics::new();
        assert_eq!(relax(&text, &mut diagnostics), None);
        assert_eq!(
            said(&diagnostics),
            [
                "#/example/0 (get): the example is a string, where the schema says an object; \
              the schema as written"
            ]
        );
    }

    #[test]
    fn examples_that_agree_change_nothing_and_the_work_is_bounded() {
        let order = json!({"type": "object", "required": ["id"], "properties": {
            "id": {"type": "string"},
            "at": {"type": "string", "format": "date-time"},
            "size": {"type": "integer", "format": "int64", "minimum": 0}
        }});
        let fits = [json!({"id": "a", "at": 1_700_000_000, "size": u64::MAX})];
        let mut diagnostics = Diagnostics::new();
        assert_eq!(
            relax(&api(order.clone(), &fits, json!({})), &mut diagnostics),
            None
        );
        assert!(diagnostics.is_empty());
        // Only the first examples of an operation are read.
        let mut examples = vec![json!({"id": "a"}); MAX_EXAMPLES];
        examples.push(json!({}));
        assert_eq!(
            relax(&api(order, &examples, json!({})), &mut diagnostics),
            None
        );
        // A list deeper than read: left unread, no panic.
        let mut deep = json!("leaf");
        let mut nested = json!({"type": "integer"});
        for _ in 0..MAX_DEPTH * 2 {
            deep = json!([deep]);
            nested = json!({"type": "array", "items": nested});
        }
        assert_eq!(
            relax(&api(nested, &[deep], json!({})), &mut diagnostics),
            None
        );
        // A component that refers to itself, and an example as deep.
        let mut chain = json!({});
        for _ in 0..MAX_DEPTH * 2 {
            chain = json!({"next": chain});
        }
        let api = api(
            json!({"$ref": "#/components/schemas/Node"}),
            &[chain],
            json!({"Node": {"type": "object", "required": ["next", "id"], "properties": {
                "next": {"$ref": "#/components/schemas/Node"}, "id": {"type": "string"}
            }}}),
        );
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        assert!(!property(&relaxed.schemas["Node"], "id").required);
        assert_eq!(diagnostics.len(), 1, "{:?}", said(&diagnostics));
    }

    #[test]
    fn a_component_other_operations_use_is_relaxed_in_copies_of_their_own() {
        // Three operations answer a `Node` (a list that refers to itself):
        // the examples of `a` and `b` leave out `id` and `next` deep in the
        // list, `c` has none.
        let mut chain = json!({"id": "n_3"});
        for _ in 0..3 {
            chain = json!({"next": chain});
        }
        let mut api = api(
            json!({"$ref": "#/components/schemas/Node"}),
            &[chain.clone()],
            json!({"Node": {"type": "object", "required": ["next", "id"], "properties": {
                "next": {"$ref": "#/components/schemas/Node"}, "id": {"type": "string"}
            }}}),
        );
        let first = api.operations[0].clone();
        for id in ["b", "c"] {
            let mut operation = first.clone();
            operation.operation_id = Some(id.into());
            if id == "c" {
                operation.responses[0].contents[0].examples.clear();
            }
            api.operations.push(operation);
        }
        api.operations[0].operation_id = Some("a".into());
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        // `Node` as written, for `c`.
        assert!(property(&relaxed.schemas["Node"], "id").required);
        assert_eq!(
            answer(&relaxed).kind,
            Kind::Ref("a-answer-Node".into()),
            "{relaxed:#?}"
        );
        // One copy for `a` and `b`, which say the same, that refers to
        // itself.
        let copy = &relaxed.schemas["a-answer-Node"];
        assert!(!property(copy, "id").required);
        assert_eq!(
            property(copy, "next").schema.kind,
            Kind::Ref("a-answer-Node".into())
        );
        assert!(!relaxed.schemas.contains_key("b-answer-Node"));
        let answers: Vec<&Kind> = relaxed
            .operations
            .iter()
            .map(|operation| {
                &operation.responses[0].contents[0]
                    .schema
                    .as_ref()
                    .unwrap()
                    .kind
            })
            .collect();
        assert_eq!(
            answers,
            [
                &Kind::Ref("a-answer-Node".into()),
                &Kind::Ref("a-answer-Node".into()),
                &Kind::Ref("Node".into())
            ]
        );
        // Each relaxation once an operation, named by the first place of
        // the example that shows it.
        let copy =
            "in a copy of `Node` of this operation's own (its other users keep `Node` as written)";
        assert_eq!(
            said(&diagnostics),
            [
                format!(
                    "#/example/0 (a): `next.next.next.next` is missing from the example, where the schema requires it; `next` optional, {copy}"
                ),
                format!(
                    "#/example/0 (a): `next.next.id` is missing from the example, where the schema requires it; `id` optional, {copy}"
                ),
                format!(
                    "#/example/0 (b): `next.next.next.next` is missing from the example, where the schema requires it; `next` optional, {copy}"
                ),
                format!(
                    "#/example/0 (b): `next.next.id` is missing from the example, where the schema requires it; `id` optional, {copy}"
                ),
            ]
        );
    }

    #[test]
    fn a_property_another_part_requires_is_relaxed_where_it_is_required() {
        let api = api(
            json!({"allOf": [
                {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}},
                {"required": ["id", "name"]}
            ]}),
            &[json!({"name": "a"})],
            json!({}),
        );
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        let Kind::AllOf(parts) = &answer(&relaxed).kind else {
            panic!("{relaxed:?}")
        };
        let Kind::Object(second) = &parts[1].kind else {
            panic!("{parts:?}")
        };
        assert_eq!(second.required, ["name"]);
        assert_eq!(
            said(&diagnostics),
            [
                "#/example/0 (get): `id` is missing from the example, where the schema requires it; `id` optional"
            ]
        );
    }

    #[test]
    fn the_alternative_a_discriminator_names_is_relaxed() {
        let api = api(
            json!({"type": "array", "items": {
                "oneOf": [
                    {"$ref": "#/components/schemas/Card"},
                    {"type": "object", "required": ["kind", "iban"], "properties": {
                        "kind": {"type": "string", "enum": ["bank"]}, "iban": {"type": "string"}
                    }}
                ],
                "discriminator": {"propertyName": "kind", "mapping": {"card": "#/components/schemas/Card"}}
            }}),
            &[json!([{"kind": "card"}, {"kind": "bank", "iban": 7}, {"kind": "cash"}])],
            json!({"Card": {"type": "object", "required": ["kind", "number"], "properties": {
                "kind": {"type": "string"}, "number": {"type": "string"}
            }}}),
        );
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        assert!(!property(&relaxed.schemas["Card"], "number").required);
        let Kind::Array(items) = &answer(&relaxed).kind else {
            panic!()
        };
        let Kind::OneOf(alternatives) = &items.kind else {
            panic!()
        };
        assert_eq!(property(&alternatives[1], "iban").schema.kind, Kind::Any);
        // No alternative is `cash`: the union keeps it as it is.
        assert_eq!(
            said(&diagnostics),
            [
                "#/example/0 (get): `[0].number` is missing from the example, where the schema requires it; `number` optional",
                "#/example/0 (get): `[1].iban` is an integer in the example, where the schema says a string; any JSON value (`serde_json::Value`)",
            ]
        );
    }

    #[test]
    fn a_part_s_own_example_relaxes_the_part() {
        let mut api = api(
            json!({"$ref": "#/components/schemas/Account"}),
            &[],
            json!({"Account": {"type": "object", "properties": {
                "number": {"type": "string"},
                "tags": {"type": "array", "items": {"type": "string"}}
            }}}),
        );
        let inner = |pointer: &str, path: &[&str], value: Value| crate::api::InnerExample {
            pointer: pointer.into(),
            path: path.iter().map(|key| (*key).to_owned()).collect(),
            value,
        };
        api.inner_examples.insert(
            "Account".into(),
            vec![
                inner("#/number", &["properties", "number"], json!(1111)),
                inner("#/tags", &["properties", "tags", "items"], json!(["a"])),
                // A part the schema read has not: not read.
                inner("#/nothing", &["properties", "nothing"], json!(1)),
            ],
        );
        let mut diagnostics = Diagnostics::new();
        let relaxed = relax(&api, &mut diagnostics).unwrap();
        let account = &relaxed.schemas["Account"];
        assert_eq!(property(account, "number").schema.kind, Kind::Any);
        assert_eq!(
            property(account, "tags").schema.kind,
            Kind::Array(Box::new(Schema::of(Kind::Any)))
        );
        assert_eq!(
            said(&diagnostics),
            [
                "#/number: the example is an integer, where the schema says a string; any JSON value (`serde_json::Value`)",
                "#/tags: the example is a list, where the schema says a string; any JSON value (`serde_json::Value`)",
            ]
        );
    }
}
