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

use self::copies::Local;
use self::walk::walk;

mod copies;
#[cfg(test)]
mod tests;
mod walk;

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
pub fn relax(api: &Api, diagnostics: &mut Diagnostics) -> Option<Api> {
    let all = contradictions(api);
    let crosses = all.iter().any(|(.., one)| {
        one.place
            .as_ref()
            .is_some_and(|place| place.steps.iter().any(|s| matches!(s, Step::Ref(_))))
    });
    let mut local = Local::new(api, crosses);
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
    let names = copies::add(api, &mut relaxed, &local, &changes);
    for (target, steps, change) in changes {
        if let Some(schema) = schema_at(&mut relaxed, &target, &steps, &names) {
            apply(schema, &change);
        }
    }
    copies::merge_copies(&mut relaxed, &names);
    Some(relaxed)
}

/// A contradiction of an example with its schema: whose example shows it,
/// where the example is, which operation's (its label), and what it shows.
type Shown = (Owner, String, Option<String>, Found);

/// Every contradiction of the examples of `api` with their schemas, in the
/// order of the examples: the components' own examples, their parts',
/// then each operation's answers' (at most [`MAX_EXAMPLES`] of each).
fn contradictions(api: &Api) -> Vec<Shown> {
    let mut all: Vec<Shown> = Vec::new();
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
    all
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
