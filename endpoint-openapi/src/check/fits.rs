//! Whether a field's type can hold the values of a schema.

use std::collections::BTreeMap;

use endpoint_macros_core::shape::{Holds, TypeShape};

use crate::schema::{Additional, Kind, Schema};

/// What `schema` is, when `ty` cannot hold it; `None` when it can, or
/// may. `schemas`: the components references name; `text`: the value is
/// written as text (a parameter, a field of a form or multipart body),
/// where a string holds any scalar.
/// How deep references and nested schemas are followed.
pub(super) const MAX_DEPTH: usize = 32;

pub(super) fn misfit(
    schemas: &BTreeMap<String, Schema>,
    ty: &TypeShape,
    schema: &Schema,
    text: bool,
    depth: usize,
) -> Option<String> {
    if depth > MAX_DEPTH {
        return None;
    }
    let held = &ty.holds;
    // Not looked into: an `Option` below the field's own, and any value.
    if matches!(held, Holds::Any | Holds::Optional(_)) {
        return None;
    }
    let is_text = matches!(held, Holds::Text);
    let again = |ty: &TypeShape, schema: &Schema| misfit(schemas, ty, schema, text, depth + 1);
    match &schema.kind {
        Kind::Any => None,
        Kind::Ref(name) => {
            let target = schemas.get(name)?;
            again(ty, target).map(|described| format!("`{name}`, {described}"))
        }
        // One alternative it holds is enough: the field sends that one.
        Kind::OneOf(alternatives) => {
            let misfits: Vec<String> = alternatives.iter().map_while(|a| again(ty, a)).collect();
            (misfits.len() == alternatives.len() && !misfits.is_empty())
                .then(|| format!("one of {}", misfits.join(", ")))
        }
        Kind::AllOf(parts) => parts.iter().find_map(|part| again(ty, part)),
        Kind::String { .. } => {
            let bytes = matches!(schema.format.as_deref(), Some("binary" | "byte"))
                && matches!(held, Holds::List(Some(item)) if item.name == "u8");
            (!is_text && !bytes).then(|| "a string".to_owned())
        }
        Kind::Integer => {
            let holds = matches!(held, Holds::Int | Holds::Float) || text && is_text;
            (!holds).then(|| "an integer".to_owned())
        }
        Kind::Number => {
            let holds = matches!(held, Holds::Float) || text && is_text;
            (!holds).then(|| "a number".to_owned())
        }
        Kind::Boolean => {
            let holds = matches!(held, Holds::Bool) || text && is_text;
            (!holds).then(|| "a boolean".to_owned())
        }
        Kind::Array(items) => match held {
            Holds::List(Some(item)) => again(item, items)
                .map(|described| format!("an array of which each item is {described}")),
            Holds::List(None) => None,
            _ => Some("an array".to_owned()),
        },
        Kind::Object(object) => match (held, &object.additional) {
            (Holds::Map(Some(value)), Additional::Typed(values)) => again(value, values)
                .map(|described| format!("an object of which each value is {described}")),
            (Holds::Map(_), _) => None,
            _ => Some("an object".to_owned()),
        },
    }
}
