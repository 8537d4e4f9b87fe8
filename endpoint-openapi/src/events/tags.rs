//! How the events of a description tell themselves apart, as the
//! description says: by a header whose schema is a one-value `enum` (or a
//! `const`), the same header in each event (GitHub's `X-GitHub-Event`,
//! with the body's `action` among the values its schema lists), or else
//! by a property of the body whose schema is a `const` or a one-value
//! `enum`, the same key in each event, no value in two events (`type`,
//! `event_type`). Never by trying one payload after another.
//!
//! The conventions may name the header and where each event's operation
//! writes its value (GitHub's `X-GitHub-Event`, a plain string, its value
//! in `x-github.subcategory`): that value counts as the header's one value
//! where its schema lists none.

use std::collections::BTreeMap;

use crate::api::{Event, Operation, ParamIn};
use crate::conventions::EventConventions;
use crate::diag::Diagnostics;
use crate::pointer::unescape;
use crate::schema::{Kind, Schema};

/// The body's key whose values an event named by a header lists: another
/// value is an action the description does not know.
pub(crate) const ACTION: &str = "action";

/// How deep references and `allOf` are followed to a property.
const MAX_DEPTH: usize = 16;

/// What tells the events apart.
pub(crate) struct Found {
    /// The body's key, when some events have one.
    pub(crate) tag: Option<String>,
    /// The header, when some events have one.
    pub(crate) header: Option<String>,
    /// Each event's values, in order.
    pub(crate) events: Vec<Told>,
}

/// How one event is told apart (nothing, when it is not).
#[derive(Default)]
pub(crate) struct Told {
    /// The values of [`Found::tag`] that name it.
    pub(crate) values: Vec<String>,
    /// The value of [`Found::header`] that names it.
    pub(crate) named: Option<String>,
    /// The values its body's [`ACTION`] may have, when a header names it.
    pub(crate) actions: Vec<String>,
}

/// The tags of `events`, each with its body's schema; an event whose
/// value of the header `conventions` name is not where they say is a
/// diagnostic.
pub(crate) fn find<'a>(
    components: &BTreeMap<String, Schema>,
    events: impl Iterator<Item = (&'a Event, Option<&'a Schema>)>,
    conventions: &EventConventions,
    diagnostics: &mut Diagnostics,
) -> Found {
    let events: Vec<_> = events.collect();
    let mut told: Vec<Told> = events.iter().map(|_| Told::default()).collect();

    // A header of one value, with the body's actions where several
    // events share a value (`issues`, told apart by `opened`, `closed`).
    let actions: Vec<Vec<String>> = events
        .iter()
        .map(|(_, schema)| {
            let property = schema.and_then(|schema| {
                properties(components, schema, 0)
                    .into_iter()
                    .find(|(key, ..)| key == ACTION)
            });
            property.map(|(_, values, _)| values).unwrap_or_default()
        })
        .collect();
    let headers: Vec<Vec<(String, String, bool)>> = events
        .iter()
        .map(|(event, _)| {
            let headers = event.operation.parameters.iter();
            let mut found: Vec<(String, String, bool)> = headers
                .filter(|p| p.location == ParamIn::Header)
                .filter_map(
                    |p| match string_values(components, &p.schema, 0).as_slice() {
                        [value] => Some((p.name.to_ascii_lowercase(), value.clone(), p.required)),
                        _ => None,
                    },
                )
                .collect();
            found.extend(conventional(components, event, conventions, diagnostics));
            found
        })
        .collect();
    let header = best(&with_actions(&headers, &actions));
    if let Some(name) = &header {
        for (at, candidates) in headers.iter().enumerate() {
            if let Some((_, value, _)) = candidates.iter().find(|(key, ..)| key == name) {
                told[at].named = Some(value.clone());
                told[at].actions = actions[at].clone();
            }
        }
    }
    // The header's spelling as the first event writes it.
    let header = header.and_then(|name| {
        events.iter().find_map(|(event, _)| {
            event
                .operation
                .parameters
                .iter()
                .find(|p| p.location == ParamIn::Header && p.name.eq_ignore_ascii_case(&name))
                .map(|p| p.name.clone())
        })
    });

    // A property of the body, for the events no header names.
    let bodies: Vec<Vec<(String, Vec<String>, bool)>> = events
        .iter()
        .zip(&told)
        .map(|((_, schema), told)| match schema {
            Some(schema) if told.named.is_none() => {
                let mut found = properties(components, schema, 0);
                // A tag of one value: a property of several (a `status`)
                // says what the payload holds, not which event it is.
                found.retain(|(_, values, _)| values.len() == 1);
                found
            }
            _ => Vec::new(),
        })
        .collect();
    let tag = best(&bodies);
    if let Some(key) = &tag {
        for (at, candidates) in bodies.iter().enumerate() {
            if let Some((_, values, _)) = candidates.iter().find(|(name, ..)| name == key) {
                told[at].values = values.clone();
            }
        }
    }
    Found {
        tag,
        header,
        events: told,
    }
}

/// The candidate of the header the conventions name, for an event whose
/// declaration of it lists no value: the string at the conventions'
/// pointer into its operation (a diagnostic naming that pointer when there
/// is none), required unless the event declares the header optional.
fn conventional(
    components: &BTreeMap<String, Schema>,
    event: &Event,
    conventions: &EventConventions,
    diagnostics: &mut Diagnostics,
) -> Option<(String, String, bool)> {
    let (Some(header), Some(pointer)) = (&conventions.header, &conventions.header_value) else {
        return None;
    };
    let declared = event
        .operation
        .parameters
        .iter()
        .find(|p| p.location == ParamIn::Header && p.name.eq_ignore_ascii_case(header));
    if declared.is_some_and(|p| !string_values(components, &p.schema, 0).is_empty()) {
        // Its schema says its values.
        return None;
    }
    let Some(value) = operation_value(&event.operation, pointer) else {
        let operation = match &event.source {
            crate::api::EventSource::Webhook => None,
            crate::api::EventSource::Callback { operation, .. } => Some(operation.as_str()),
        };
        diagnostics.push(
            format!("{}{pointer}", event.operation.pointer),
            operation,
            format!(
                "{}: no string at `{pointer}` (the conventions' `[events] header-value`), \
                 the value of its header `{header}`",
                event.label()
            ),
            "not told apart by that header",
        );
        return None;
    };
    let required = declared.is_none_or(|p| p.required);
    Some((header.to_ascii_lowercase(), value, required))
}

/// The string at the JSON pointer `pointer` into an operation object:
/// its `operationId`, `summary`, `description`, or in one of its `x-…`
/// extensions.
fn operation_value(operation: &Operation, pointer: &str) -> Option<String> {
    let rest = pointer.strip_prefix('/')?;
    let (first, rest) = rest
        .split_once('/')
        .map_or((rest, ""), |(first, rest)| (first, rest));
    let first = unescape(first);
    let text = |value: &Option<String>| value.clone().filter(|_| rest.is_empty());
    match first.as_str() {
        "operationId" => text(&operation.operation_id),
        "summary" => text(&operation.summary),
        "description" => text(&operation.description),
        key => {
            let value = operation.extensions.get(key)?;
            let value = if rest.is_empty() {
                value
            } else {
                value.pointer(&format!("/{rest}"))?
            };
            value.as_str().map(str::to_owned)
        }
    }
}

/// The headers' candidates of [`best`]: each value with each of the
/// event's actions, where several events share the value (each must then
/// have actions); a header whose value two events share, one of them
/// without actions, is none.
fn with_actions(
    headers: &[Vec<(String, String, bool)>],
    actions: &[Vec<String>],
) -> Vec<Vec<(String, Vec<String>, bool)>> {
    let shared = |name: &str, value: &str| {
        let holding = headers.iter().zip(actions).filter(|(candidates, _)| {
            candidates
                .iter()
                .any(|(key, other, _)| key == name && other == value)
        });
        let holding: Vec<_> = holding.collect();
        (holding.len() > 1).then(|| holding.iter().all(|(_, actions)| !actions.is_empty()))
    };
    headers
        .iter()
        .zip(actions)
        .map(|(candidates, actions)| {
            candidates
                .iter()
                .filter_map(|(name, value, required)| {
                    let values = match shared(name, value) {
                        None => vec![value.clone()],
                        Some(true) => actions.iter().map(|a| format!("{value}\u{0}{a}")).collect(),
                        Some(false) => return None,
                    };
                    Some((name.clone(), values, *required))
                })
                .collect()
        })
        .collect()
}

/// The key (of each event's candidates: key, values, required) that
/// tells apart the most events: one no value of which two events share;
/// of as many, one every event requires, then the first written.
fn best(candidates: &[Vec<(String, Vec<String>, bool)>]) -> Option<String> {
    let mut keys: Vec<&str> = Vec::new();
    for (key, ..) in candidates.iter().flatten() {
        if !keys.contains(&key.as_str()) {
            keys.push(key);
        }
    }
    let mut best: Option<(usize, bool, &str)> = None;
    for key in keys {
        let holding: Vec<&(String, Vec<String>, bool)> = candidates
            .iter()
            .filter_map(|event| event.iter().find(|(name, ..)| name == key))
            .collect();
        let mut seen: Vec<&str> = Vec::new();
        let disjoint = holding.iter().all(|(_, values, _)| {
            values.iter().all(|value| {
                let fresh = !seen.contains(&value.as_str());
                seen.push(value);
                fresh
            })
        });
        if !disjoint {
            continue;
        }
        let required = holding.iter().all(|(.., required)| *required);
        let better = match best {
            None => true,
            Some((count, was_required, _)) => {
                holding.len() > count || (holding.len() == count && required && !was_required)
            }
        };
        if better {
            best = Some((holding.len(), required, key));
        }
    }
    best.map(|(_, _, key)| key.to_owned())
}

/// The properties of the object `schema` whose values are strings of a
/// few values (a `const`, an `enum`): key, values, required. Through
/// references and each part of an `allOf`.
fn properties(
    components: &BTreeMap<String, Schema>,
    schema: &Schema,
    depth: usize,
) -> Vec<(String, Vec<String>, bool)> {
    if depth > MAX_DEPTH {
        return Vec::new();
    }
    match &schema.kind {
        Kind::Ref(component) => components
            .get(component)
            .map(|schema| properties(components, schema, depth + 1))
            .unwrap_or_default(),
        Kind::Object(object) => {
            let mut found = Vec::new();
            for property in &object.properties {
                let values = string_values(components, &property.schema, depth + 1);
                if !values.is_empty() {
                    let required = property.required || object.required.contains(&property.name);
                    found.push((property.name.clone(), values, required));
                }
            }
            found
        }
        Kind::AllOf(parts) => {
            let mut found: Vec<(String, Vec<String>, bool)> = Vec::new();
            let mut required: Vec<String> = Vec::new();
            for part in parts {
                if let Kind::Object(object) = &part.kind {
                    required.extend(object.required.iter().cloned());
                }
                for (key, values, is_required) in properties(components, part, depth + 1) {
                    // A later part says more of the same key.
                    found.retain(|(name, ..)| name != &key);
                    found.push((key, values, is_required));
                }
            }
            for (key, _, is_required) in &mut found {
                *is_required |= required.contains(key);
            }
            found
        }
        // The keys every alternative has, with the values of all of them
        // (a payload of two shapes, each with `action: review_requested`).
        Kind::OneOf(alternatives) => {
            let mut each = alternatives
                .iter()
                .map(|alternative| properties(components, alternative, depth + 1));
            let Some(mut found) = each.next() else {
                return Vec::new();
            };
            for other in each {
                found.retain_mut(|(key, values, required)| {
                    let Some((_, more, also)) = other.iter().find(|(name, ..)| name == key) else {
                        return false;
                    };
                    for value in more {
                        if !values.contains(value) {
                            values.push(value.clone());
                        }
                    }
                    *required &= *also;
                    true
                });
            }
            found
        }
        _ => Vec::new(),
    }
}

/// The values a string schema allows, when it lists them (`enum`,
/// `const`).
fn string_values(
    components: &BTreeMap<String, Schema>,
    schema: &Schema,
    depth: usize,
) -> Vec<String> {
    match &schema.kind {
        _ if depth > MAX_DEPTH => Vec::new(),
        Kind::String {
            values: Some(values),
            ..
        } => values.clone(),
        Kind::Ref(component) => components
            .get(component)
            .map(|schema| string_values(components, schema, depth + 1))
            .unwrap_or_default(),
        Kind::AllOf(parts) => parts
            .iter()
            .rev()
            .map(|part| string_values(components, part, depth + 1))
            .find(|values| !values.is_empty())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}
