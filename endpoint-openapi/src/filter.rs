//! Which operations of a description to generate: a selection by route
//! (`GET /v1/customers/{customer}`), `operationId` (`PostCustomers`) or tag,
//! applied to a description as [`read`](crate::read) gave it, before
//! anything is planned, so that the types only the other operations reach
//! are never planned.
//!
//! A name the description does not have is an error naming it and the
//! nearest one it has (by [`edit_distance`]), never an empty crate.

use endpoint_macros_core::edit_distance;

use crate::api::{EventSource, Operation};
use crate::diag::Diagnostics;
use crate::expand::{self, Expand};
use crate::read::Read;

/// The operations to keep: those named in [`operations`](Filter::operations)
/// and those tagged with one of [`tags`](Filter::tags). Empty, it keeps
/// them all.
///
/// ```
/// use endpoint_openapi::filter::Filter;
/// use endpoint_openapi::read::read_value;
/// use serde_json::json;
///
/// let mut read = read_value(json!({
///     "openapi": "3.1.0",
///     "paths": {
///         "/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "Pets."}}}},
///         "/pets/{id}": {"get": {"operationId": "getPet", "parameters": [
///             {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}
///         ], "responses": {"200": {"description": "A pet."}}}}
///     }
/// }), None, &[])?;
/// Filter::default().operation("GET /pets/{id}").apply(&mut read, "pets.yaml")?;
/// assert_eq!(read.api.operations.len(), 1);
/// assert_eq!(read.api.operations[0].operation_id.as_deref(), Some("getPet"));
///
/// let err = Filter::default().operation("GET /pet/{id}").apply(&mut read, "pets.yaml");
/// assert_eq!(
///     err.unwrap_err(),
///     "no operation `GET /pet/{id}` in pets.yaml: did you mean `GET /pets/{id}`?"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Operations by route (`METHOD /path` as the description writes the
    /// path; the method in any case) or by `operationId`.
    pub operations: Vec<String>,
    /// Operations by tag (any of their tags).
    pub tags: Vec<String>,
    /// The expandable fields of answers to plan as the objects they may
    /// expand to: `*` for every one,
    /// `none` for none, a component schema (`customer`: every field that
    /// may expand to it) or a field (`charge.customer`). Empty, every one
    /// when the filter keeps every operation and none when it keeps some:
    /// a field not expanded is the shared `Expandable` type, an id or the
    /// object as JSON.
    pub expand: Vec<String>,
}

impl Filter {
    /// Keeps the operation of this route (`GET /pets/{id}`) or
    /// `operationId` (`getPet`) too.
    #[must_use]
    pub fn operation(mut self, name: impl Into<String>) -> Self {
        self.operations.push(name.into());
        self
    }

    /// Keeps the operations tagged `tag` too.
    #[must_use]
    pub fn tag(mut self, tag: impl Into<String>) -> Self {
        self.tags.push(tag.into());
        self
    }

    /// Plans the expandable fields that `name` names as the objects they
    /// may expand to (see [`expand`](Filter::expand)).
    #[must_use]
    pub fn expand(mut self, name: impl Into<String>) -> Self {
        self.expand.push(name.into());
        self
    }

    /// Whether it keeps every operation (it names none).
    pub fn is_all(&self) -> bool {
        self.operations.is_empty() && self.tags.is_empty()
    }

    /// Leaves in `read` only the operations this filter keeps, in the
    /// description's order, and reading's diagnostics of those (and of no
    /// operation). `source` names the description in the errors
    /// (`stripe.yaml`).
    ///
    /// # Errors
    /// Each name that is no operation's route or `operationId`, and each
    /// tag no operation has, one per line, with the nearest the
    /// description has: ``no operation `GET /v1/customer/{customer}` in
    /// stripe.yaml: did you mean `GET /v1/customers/{customer}`?``.
    pub fn apply(&self, read: &mut Read, source: &str) -> Result<(), String> {
        let expand = Expand::of(&self.expand, self.is_all());
        if self.is_all() && matches!(expand, Expand::All) {
            return Ok(());
        }
        let errors = self.unknown(read, source);
        if !errors.is_empty() {
            let lines: Vec<String> = errors.into_iter().map(|unknown| unknown.message).collect();
            return Err(lines.join("\n"));
        }
        if self.is_all() {
            expand::apply(&mut read.api, &expand);
            return Ok(());
        }
        let operations = &read.api.operations;
        let keep: Vec<bool> = operations
            .iter()
            .map(|op| {
                self.operations.iter().any(|name| names(op, name))
                    || self.tags.iter().any(|tag| op.tags.contains(tag))
            })
            .collect();
        let all = std::mem::take(&mut read.api.operations);
        let mut dropped = Vec::new();
        for (op, keep) in all.into_iter().zip(keep) {
            if keep {
                read.api.operations.push(op);
            } else {
                dropped.push(op.label());
            }
        }
        // A callback goes with the operation that declares it.
        read.api.events.retain(|event| match &event.source {
            EventSource::Callback { operation, .. } => !dropped.contains(operation),
            EventSource::Webhook => true,
        });
        let mut diagnostics = Diagnostics::new();
        for diagnostic in std::mem::take(&mut read.diagnostics) {
            if diagnostic
                .operation
                .as_ref()
                .is_some_and(|operation| dropped.contains(operation))
            {
                continue;
            }
            diagnostics.push(
                diagnostic.pointer,
                diagnostic.operation.as_deref(),
                diagnostic.message,
                diagnostic.fallback,
            );
        }
        read.diagnostics = diagnostics;
        expand::apply(&mut read.api, &expand);
        Ok(())
    }
}

/// A name of a [`Filter`] that no operation of a description has, with the
/// message [`Filter::apply`] gives for it, so that a caller can point at
/// the name itself (the `openapi!` macro spans it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// Which name.
    pub name: Named,
    /// ``no operation `GET /pet/{id}` in pets.yaml: did you mean `GET /pets/{id}`?``
    pub message: String,
}

/// Where an [`Unknown`] name is in its [`Filter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// `operations[i]`.
    Operation(usize),
    /// `tags[i]`.
    Tag(usize),
    /// `expand[i]`.
    Expand(usize),
}

impl Filter {
    /// Each name of this filter that `read` has no operation of (or no
    /// operation tagged with, or no expandable field of), in the filter's
    /// order, operations, tags then expansions, each with the nearest name
    /// the description has.
    ///
    /// ```
    /// use endpoint_openapi::filter::{Filter, Named};
    /// use endpoint_openapi::read::read_value;
    /// use serde_json::json;
    ///
    /// let read = read_value(json!({
    ///     "openapi": "3.1.0",
    ///     "paths": {"/pets": {"get": {"operationId": "listPets", "tags": ["pets"],
    ///         "responses": {"200": {"description": "Pets."}}}}}
    /// }), None, &[])?;
    /// let unknown = Filter::default().operation("listPets").tag("pet").unknown(&read, "pets.yaml");
    /// assert_eq!(unknown.len(), 1);
    /// assert_eq!(unknown[0].name, Named::Tag(0));
    /// assert_eq!(unknown[0].message, "no operation tagged `pet` in pets.yaml: did you mean `pets`?");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unknown(&self, read: &Read, source: &str) -> Vec<Unknown> {
        let operations = &read.api.operations;
        let mut errors = Vec::new();
        for (index, name) in self.operations.iter().enumerate() {
            if !operations.iter().any(|op| names(op, name)) {
                let candidates = operations
                    .iter()
                    .flat_map(|op| std::iter::once(route(op)).chain(op.operation_id.clone()));
                errors.push(Unknown {
                    name: Named::Operation(index),
                    message: format!(
                        "no operation `{name}` in {source}{}",
                        suggestion(name, candidates)
                    ),
                });
            }
        }
        for (index, tag) in self.tags.iter().enumerate() {
            if !operations.iter().any(|op| op.tags.contains(tag)) {
                let candidates = operations.iter().flat_map(|op| op.tags.iter().cloned());
                errors.push(Unknown {
                    name: Named::Tag(index),
                    message: format!(
                        "no operation tagged `{tag}` in {source}{}",
                        suggestion(tag, candidates)
                    ),
                });
            }
        }
        let named = |name: &String| name != expand::ALL && name != expand::NONE;
        if self.expand.iter().any(named) {
            let known = expand::names(&read.api);
            for (index, name) in self.expand.iter().enumerate() {
                if named(name) && !known.contains(name) {
                    errors.push(Unknown {
                        name: Named::Expand(index),
                        message: format!(
                            "no expandable field `{name}` in {source}, nor a schema one may \
                             expand to{}",
                            suggestion(name, known.iter().cloned())
                        ),
                    });
                }
            }
        }
        errors
    }
}

/// `METHOD /path` of an operation, as a filter names it.
fn route(op: &Operation) -> String {
    format!("{} {}", op.method, op.path)
}

/// Whether `name` is `op`'s route (its method in any case) or its
/// `operationId`.
fn names(op: &Operation, name: &str) -> bool {
    if op.operation_id.as_deref() == Some(name) {
        return true;
    }
    match name.split_once(' ') {
        Some((method, path)) => method.eq_ignore_ascii_case(&op.method) && path == op.path,
        None => false,
    }
}

/// `: did you mean `…`?` with the [`nearest`] candidate, else nothing.
fn suggestion(name: &str, candidates: impl Iterator<Item = String>) -> String {
    nearest(name, candidates)
        .map(|candidate| format!(": did you mean `{candidate}`?"))
        .unwrap_or_default()
}

/// The candidate nearest to `name` (by [`edit_distance`]), when one is
/// near enough to be a misspelling of it: two edits, or a quarter of the
/// name; of two as near, the first in sort order.
pub(crate) fn nearest(name: &str, candidates: impl IntoIterator<Item = String>) -> Option<String> {
    let near = 2.max(name.chars().count() / 4);
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(name, &candidate), candidate))
        .filter(|(distance, _)| *distance <= near)
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)))
        .map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_is_a_near_enough_candidate() {
        let names = || ["GET /pets".to_owned(), "listPets".to_owned()].into_iter();
        assert_eq!(nearest("GET /pet", names()).as_deref(), Some("GET /pets"));
        assert_eq!(nearest("deleteEverything", names()), None);
    }

    #[test]
    fn suggests_only_what_is_near() {
        let candidates = || ["GET /pets".to_owned(), "listPets".to_owned()].into_iter();
        assert_eq!(
            suggestion("GET /pet", candidates()),
            ": did you mean `GET /pets`?"
        );
        assert_eq!(
            suggestion("listpets", candidates()),
            ": did you mean `listPets`?"
        );
        assert_eq!(suggestion("deleteEverything", candidates()), "");
    }
}
