//! Overrides of a description in the OpenAPI Initiative's Overlay format
//! (version 1.0): a document of `actions`, each an `update` merged into the
//! value its `target` names, with a `description` that says why.
//!
//! ```json
//! {
//!   "overlay": "1.0.0",
//!   "info": {"title": "…", "version": "1"},
//!   "actions": [{
//!     "target": "$.components.schemas['pull-request'].properties.head.properties.repo",
//!     "description": "null for a deleted fork: https://…",
//!     "update": {"nullable": true}
//!   }]
//! }
//! ```
//!
//! Targets are JSONPath without wildcards or filters: `$`, then `.name` or
//! `['name']` steps (and `[n]` for an array index), naming exactly one
//! value. A target that names nothing is an error, so that an override
//! cannot outlive what it overrides unnoticed. `update` is merged as the
//! specification says: objects key by key, recursively; an array target
//! gets the update's items appended (those it does not hold yet); anything
//! else is replaced. `remove: true` removes the target.

use serde_json::{Map, Value};

/// One action, as applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    /// The JSONPath of the value it changes.
    pub target: String,
    /// Why: the action's `description`.
    pub description: String,
}

/// Applies `overlay` to `description`; returns the actions applied.
///
/// # Errors
/// An overlay that is not version 1.x, an action without a `target` or
/// without an `update` or `remove`, a target that is not a plain path, or
/// one that names nothing in `description`.
pub fn apply(description: &mut Value, overlay: &Value) -> Result<Vec<Action>, String> {
    let version = overlay.get("overlay").and_then(Value::as_str).unwrap_or("");
    if !version.starts_with("1.") {
        return Err(format!("overlay version {version:?}: expected 1.x"));
    }
    let actions = overlay
        .get("actions")
        .and_then(Value::as_array)
        .ok_or("the overlay has no `actions` list")?;
    let mut applied = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        let target = action
            .get("target")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("action {i} has no `target`"))?;
        let steps = parse_target(target).map_err(|err| format!("action {i}: {err}"))?;
        let (parent_steps, last) = match steps.split_last() {
            Some((last, parent)) => (parent, Some(last)),
            None => (&steps[..], None),
        };
        let mut value = &mut *description;
        for step in parent_steps {
            value = step
                .get_mut(value)
                .ok_or_else(|| format!("action {i}: `{target}` names nothing"))?;
        }
        if action.get("remove").and_then(Value::as_bool) == Some(true) {
            let removed = match (last, value) {
                (Some(Step::Key(key)), Value::Object(map)) => map.shift_remove(key).is_some(),
                (Some(Step::Index(n)), Value::Array(list)) if *n < list.len() => {
                    list.remove(*n);
                    true
                }
                _ => false,
            };
            if !removed {
                return Err(format!("action {i}: `{target}` names nothing to remove"));
            }
        } else {
            let update = action
                .get("update")
                .ok_or_else(|| format!("action {i} has neither `update` nor `remove`"))?;
            if let Some(last) = last {
                value = last
                    .get_mut(value)
                    .ok_or_else(|| format!("action {i}: `{target}` names nothing"))?;
            }
            merge(value, update);
        }
        applied.push(Action {
            target: target.to_owned(),
            description: action
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
        });
    }
    Ok(applied)
}

/// One step of a target.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

impl Step {
    fn get_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match self {
            Step::Key(key) => value.as_object_mut()?.get_mut(key),
            Step::Index(n) => value.as_array_mut()?.get_mut(*n),
        }
    }
}

/// `$.a.b['c-d'][0]` → `a`, `b`, `c-d`, `0`.
fn parse_target(target: &str) -> Result<Vec<Step>, String> {
    let bad = |why: &str| format!("target `{target}`: {why}");
    let mut rest = target
        .strip_prefix('$')
        .ok_or_else(|| bad("does not start with `$`"))?;
    let mut steps = Vec::new();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            let key = &after[..end];
            if key.is_empty() || key == "*" {
                return Err(bad("an empty or wildcard name"));
            }
            steps.push(Step::Key(key.to_owned()));
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix("['") {
            let end = after.find("']").ok_or_else(|| bad("an unclosed `['`"))?;
            steps.push(Step::Key(after[..end].to_owned()));
            rest = &after[end + 2..];
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']').ok_or_else(|| bad("an unclosed `[`"))?;
            let index = after[..end]
                .parse()
                .map_err(|_| bad("only names and indexes are supported"))?;
            steps.push(Step::Index(index));
            rest = &after[end + 1..];
        } else {
            return Err(bad("expected `.name`, `['name']` or `[index]`"));
        }
    }
    Ok(steps)
}

/// Merges `update` into `target` as the Overlay specification says.
fn merge(target: &mut Value, update: &Value) {
    match (target, update) {
        (Value::Object(target), Value::Object(update)) => {
            for (key, value) in update {
                match target.get_mut(key) {
                    Some(existing) => merge(existing, value),
                    None => {
                        target.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (Value::Array(target), Value::Array(update)) => {
            for item in update {
                if !target.contains(item) {
                    target.push(item.clone());
                }
            }
        }
        (Value::Array(target), item) => {
            if !target.contains(item) {
                target.push(item.clone());
            }
        }
        (target, update) => *target = update.clone(),
    }
}

/// An empty overlay object, for tests and callers that build one.
pub fn empty() -> Value {
    let mut map = Map::new();
    map.insert("overlay".into(), "1.0.0".into());
    map.insert("actions".into(), Value::Array(Vec::new()));
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn description() -> Value {
        json!({"components": {"schemas": {
            "pull-request": {"properties": {"head": {"properties": {"repo": {"$ref": "r"}}}}},
            "review": {"properties": {"state": {"type": "string", "enum": ["approved"]}}, "required": ["state", "body"]}
        }}})
    }

    #[test]
    fn updates_merge_and_append() {
        let mut spec = description();
        let overlay = json!({"overlay": "1.0.0", "actions": [
            {"target": "$.components.schemas['pull-request'].properties.head.properties.repo",
             "description": "deleted forks", "update": {"nullable": true}},
            {"target": "$.components.schemas.review.properties.state.enum",
             "description": "both cases", "update": ["APPROVED", "approved"]},
            {"target": "$.components.schemas.review.required[1]", "description": "optional", "remove": true}
        ]});
        let applied = apply(&mut spec, &overlay).unwrap();
        assert_eq!(applied.len(), 3);
        assert_eq!(applied[0].description, "deleted forks");
        assert_eq!(
            spec.pointer("/components/schemas/pull-request/properties/head/properties/repo"),
            Some(&json!({"$ref": "r", "nullable": true}))
        );
        assert_eq!(
            spec.pointer("/components/schemas/review/properties/state/enum"),
            Some(&json!(["approved", "APPROVED"]))
        );
        assert_eq!(
            spec.pointer("/components/schemas/review/required"),
            Some(&json!(["state"]))
        );
    }

    #[test]
    fn a_target_that_names_nothing_is_an_error() {
        let mut spec = description();
        let overlay = json!({"overlay": "1.0.0", "actions": [
            {"target": "$.components.schemas.gone.properties.x", "update": {"nullable": true}}
        ]});
        assert_eq!(
            apply(&mut spec, &overlay).unwrap_err(),
            "action 0: `$.components.schemas.gone.properties.x` names nothing"
        );
        let overlay = json!({"overlay": "1.0.0", "actions": [{"target": "$..x", "update": {}}]});
        assert!(apply(&mut spec, &overlay).unwrap_err().contains("wildcard"));
        assert!(apply(&mut spec, &json!({"overlay": "2.0"})).is_err());
    }
}
