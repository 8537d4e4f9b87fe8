//! Where a relaxation of a component that other operations use too is
//! made: in its owner's copy of the component, reached by the references
//! that lead there, copies that come out the same merged into one.

use std::collections::{BTreeMap, BTreeSet};

use super::{Change, MAX_DEPTH, Owner, Place, Root, Step, Target, root_at};
use crate::api::Api;
use crate::schema::{Additional, Kind, Schema};

/// Which relaxations stay in their owner's copy of a component, and the
/// references that lead to the copies.
pub(super) struct Local {
    /// The operations that reach each component schema (by their
    /// parameters, bodies or answers, through other components).
    users: BTreeMap<String, BTreeSet<usize>>,
    /// Where references to a component are made references to a copy:
    /// the schema holding them, the component, the copy.
    redirects: BTreeSet<(Target, String, Target)>,
}

impl Local {
    /// No relaxation placed yet; `crosses`: whether any is below a
    /// reference (only then are the components' users needed).
    pub(super) fn new(api: &Api, crosses: bool) -> Local {
        Local {
            users: if crosses { users(api) } else { BTreeMap::new() },
            redirects: BTreeSet::new(),
        }
    }

    /// Where a relaxation at `place`, shown by `owner`'s example, is made:
    /// a component schema that only the owner's operations use is relaxed
    /// itself, one that others use too in the owner's copy of it (the
    /// references leading there made references to the copy).
    pub(super) fn resolve(&mut self, owner: &Owner, place: &Place) -> (Target, Vec<Step>) {
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
pub(super) fn merge_copies(api: &mut Api, names: &BTreeMap<Target, String>) {
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

/// Adds to `relaxed` the copies of components that the relaxations
/// (`changes`) and the references leading to them (`local`'s redirects)
/// name, each a component of its own (`api`'s, as written), and makes those
/// references references to the copies; the copies' names.
pub(super) fn add(
    api: &Api,
    relaxed: &mut Api,
    local: &Local,
    changes: &[(Target, Vec<Step>, Change)],
) -> BTreeMap<Target, String> {
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
        if let (Some(to), Some(schema)) = (names.get(copy), root_at(relaxed, holder, &names)) {
            rename(schema, from, to, 0);
        }
    }
    names
}
