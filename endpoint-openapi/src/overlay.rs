//! Overrides of a description in the OpenAPI Initiative's Overlay format
//! (version 1.0): a document of `actions`, each an `update` merged into the
//! values its `target` selects, or their `remove`, with a `description`
//! that says why.
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
//! A target is a JSONPath query (RFC 9535, read by `serde_json_path`):
//! names (`.name`, `['name']`), indexes and slices (`[0]`, `[-1]`,
//! `[1:3]`), wildcards (`.*`, `[*]`), descendants (`..name`) and filters
//! (`[?@.name == 'filter']`, `[?(@.in == 'query' && @.required)]`), with
//! the function extensions `length`, `count` and `value` (not `match` and
//! `search`). An action applies to every node its target selects: an
//! `update` is merged into each as the specification says (objects key by
//! key, recursively; an array gets the update's items appended, those it
//! does not hold yet; anything else is replaced), and `remove: true`
//! removes each from the object or array that holds it. A target that is
//! not JSONPath is an error naming the action and the position, and one
//! that names nothing is an error too, so that an override cannot
//! outlive what it overrides unnoticed.

use serde_json::{Map, Value};
use serde_json_path::{JsonPath, PathElement};

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
/// without an `update` or `remove`, a target that is not JSONPath (RFC
/// 9535), one that selects nothing in `description`, or a `remove` of the
/// whole description (`$`).
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
        check_size(target).map_err(|why| format!("action {i}: target `{target}` {why}"))?;
        let path = JsonPath::parse(target).map_err(|err| {
            format!(
                "action {i}: target `{target}` is not JSONPath (RFC 9535): {} at position {}{}",
                err.message(),
                err.position(),
                hint(target),
            )
        })?;
        let mut selected: Vec<Vec<Step>> = path
            .query_located(description)
            .locations()
            .map(|location| location.iter().map(Step::of).collect())
            .collect();
        let remove = action.get("remove").and_then(Value::as_bool) == Some(true);
        if selected.is_empty() {
            let what = if remove { " to remove" } else { "" };
            return Err(format!("action {i}: `{target}` names nothing{what}"));
        }
        if remove {
            // Removed last first: a node after another in the same array,
            // or inside another, is removed before it, so that every path
            // still names its node when its turn comes.
            selected.sort();
            selected.dedup();
            for steps in selected.iter().rev() {
                let Some((last, parent)) = steps.split_last() else {
                    return Err(format!(
                        "action {i}: `{target}` selects the whole description, which cannot be removed"
                    ));
                };
                if let Some(parent) = walk(description, parent) {
                    match (last, parent) {
                        (Step::Key(key), Value::Object(map)) => {
                            map.shift_remove(key);
                        }
                        (Step::Index(n), Value::Array(list)) if *n < list.len() => {
                            list.remove(*n);
                        }
                        _ => {}
                    }
                }
            }
        } else {
            let update = action
                .get("update")
                .ok_or_else(|| format!("action {i} has neither `update` nor `remove`"))?;
            for steps in &selected {
                if let Some(value) = walk(description, steps) {
                    merge(value, update);
                }
            }
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

/// The longest target read.
const MAX_TARGET: usize = 4096;
/// The deepest nesting of brackets and parentheses in a target read: the
/// parser's time doubles with each filter nested in a filter, and a real
/// target nests two or three.
const MAX_NESTING: usize = 10;

/// Refuses a target the parser would take too long on, or overflow its
/// stack with.
fn check_size(target: &str) -> Result<(), String> {
    if target.len() > MAX_TARGET {
        return Err(format!("is longer than {MAX_TARGET} bytes"));
    }
    let (mut depth, mut deepest, mut quote, mut escaped) = (0usize, 0, None, false);
    for c in target.chars() {
        match (quote, c) {
            (Some(_), _) if escaped => escaped = false,
            (Some(_), '\\') => escaped = true,
            (Some(open), c) if c == open => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '[' | '(') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (None, ']' | ')') => depth = depth.saturating_sub(1),
            (None, _) => {}
        }
    }
    if deepest > MAX_NESTING {
        return Err(format!(
            "nests brackets and parentheses {deepest} deep, more than {MAX_NESTING}"
        ));
    }
    Ok(())
}

/// What a target that is not JSONPath may have meant: a name after `.`
/// that RFC 9535 reads only in brackets (one with `-`, or starting with a
/// digit).
fn hint(target: &str) -> &'static str {
    let shorthand_name = |name: &str| {
        name.chars().next().is_some_and(|first| {
            (first.is_alphabetic() || first == '_' || !first.is_ascii())
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
        })
    };
    let mut names_after_dots = target
        .split(['[', ']'])
        .step_by(2)
        .flat_map(|outside| outside.split('.').skip(1))
        .filter(|name| !name.is_empty() && *name != "*");
    if names_after_dots.any(|name| !shorthand_name(name)) {
        "; a name with other characters than letters, digits and `_`, or one starting with a digit, is written `['name']`"
    } else {
        ""
    }
}

/// One step of the path to a selected node.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Key(String),
    Index(usize),
}

impl Step {
    fn of(element: &PathElement<'_>) -> Step {
        match element {
            PathElement::Name(name) => Step::Key((*name).to_owned()),
            PathElement::Index(n) => Step::Index(*n),
        }
    }
}

/// The node `steps` lead to from `value`.
fn walk<'v>(mut value: &'v mut Value, steps: &[Step]) -> Option<&'v mut Value> {
    for step in steps {
        value = match step {
            Step::Key(key) => value.as_object_mut()?.get_mut(key)?,
            Step::Index(n) => value.as_array_mut()?.get_mut(*n)?,
        };
    }
    Some(value)
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
    fn a_target_that_selects_nothing_or_is_not_jsonpath_is_an_error() {
        let mut spec = description();
        let overlay = json!({"overlay": "1.0.0", "actions": [
            {"target": "$.components.schemas.gone.properties.x", "update": {"nullable": true}}
        ]});
        assert_eq!(
            apply(&mut spec, &overlay).unwrap_err(),
            "action 0: `$.components.schemas.gone.properties.x` names nothing"
        );
        let overlay = json!({"overlay": "1.0.0", "actions": [
            {"target": "$.info", "update": {}},
            {"target": "$.components.schemas.pull-request", "update": {}}
        ]});
        let mut spec = json!({"info": {}});
        let err = apply(&mut spec, &overlay).unwrap_err();
        assert!(
            err.starts_with(
                "action 1: target `$.components.schemas.pull-request` is not JSONPath (RFC 9535): "
            ),
            "{err}"
        );
        assert!(err.contains("at position 25;"), "{err}");
        assert!(err.ends_with("is written `['name']`"), "{err}");
        // A target the parser would take too long on is refused first.
        let deep = format!("$[?@{}]", "[?@".repeat(12) + &"]".repeat(12));
        let overlay = json!({"overlay": "1.0.0", "actions": [{"target": deep, "update": {}}]});
        let err = apply(&mut spec, &overlay).unwrap_err();
        assert!(
            err.ends_with("nests brackets and parentheses 13 deep, more than 10"),
            "{err}"
        );
        let long = format!("$.a{}", "['b']".repeat(1000));
        let overlay = json!({"overlay": "1.0.0", "actions": [{"target": long, "update": {}}]});
        let err = apply(&mut spec, &overlay).unwrap_err();
        assert!(err.ends_with("is longer than 4096 bytes"), "{err}");
        let quoted = format!("$['{}']", "[".repeat(20));
        let overlay = json!({"overlay": "1.0.0", "actions": [{"target": quoted, "update": {}}]});
        assert!(
            apply(&mut spec, &overlay)
                .unwrap_err()
                .ends_with("names nothing")
        );
        let overlay = json!({"overlay": "1.0.0", "actions": [{"target": "$", "remove": true}]});
        assert!(
            apply(&mut spec, &overlay)
                .unwrap_err()
                .contains("whole description")
        );
        assert!(apply(&mut spec, &json!({"overlay": "2.0"})).is_err());
    }
}
