//! Documentation: of an operation's struct and of its fields.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::api::Operation;
use crate::conventions::Conventions;
use crate::docs::{self, Links};
use crate::schema::{Kind, Schema};

/// A field's documentation, and the text of it that documents the field's
/// own inline type: the `description` given (a parameter's own), else its
/// schema's `description`, else its schema's `title` (a reference's own, else
/// its component's), else `fallback`; then what the schema constrains
/// ([`Schema::constraints_doc`]) and whether it is deprecated.
pub(super) fn field_doc(
    components: &BTreeMap<String, Schema>,
    description: Option<&str>,
    schema: &Schema,
    deprecated: bool,
    fallback: impl FnOnce() -> String,
) -> (String, String) {
    let component = match &schema.kind {
        Kind::Ref(name) => components.get(name),
        _ => None,
    };
    let text = [
        description,
        schema.description.as_deref(),
        schema.title.as_deref(),
        component.and_then(|c| c.description.as_deref()),
        component.and_then(|c| c.title.as_deref()),
    ]
    .into_iter()
    .flatten()
    .map(|text| docs::rustdoc(text.trim(), Links::default()))
    .find(|text| !text.is_empty())
    .unwrap_or_else(fallback);
    let mut doc = text.clone();
    let constraints = schema
        .constraints_doc()
        .or_else(|| component.and_then(Schema::constraints_doc));
    if let Some(constraints) = constraints {
        doc.push_str("\n\n");
        doc.push_str(&constraints);
    }
    if deprecated || schema.deprecated || component.is_some_and(|c| c.deprecated) {
        doc.push_str("\n\nDeprecated by the description.");
    }
    (text, doc)
}

/// An operation's documentation: its summary, `METHOD /path` (with a link
/// to its `externalDocs` when the conventions label one), its description;
/// links relative to the operation's `externalDocs` page made absolute.
pub(super) fn operation_doc(operation: &Operation, conventions: &Conventions) -> String {
    // Its texts' relative links are relative to its page, when it names one.
    let base = operation.external_docs.as_deref().and_then(docs::origin);
    let links = Links {
        base: base.as_deref(),
        page: operation
            .external_docs
            .as_deref()
            .filter(|_| base.is_some()),
    };
    let mut parts = Vec::new();
    if let Some(summary) = operation
        .summary
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        parts.push(docs::rustdoc(summary, links));
    }
    let mut route = format!(
        "`{} {}`",
        operation.method.to_ascii_uppercase(),
        operation.path.replace('`', "'")
    );
    if let (Some(label), Some(url)) = (&conventions.docs_link, &operation.external_docs)
        && !url.contains([' ', ')', '<', '>'])
    {
        let _ = write!(route, " ([{}]({url}))", label.replace(['[', ']'], ""));
    }
    parts.push(route);
    if let Some(description) = operation
        .description
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty() && Some(*d) != operation.summary.as_deref().map(str::trim))
    {
        parts.push(docs::rustdoc(description, links));
    }
    if operation.deprecated {
        parts.push("Deprecated by the description.".to_owned());
    }
    parts.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operations_doc_is_its_summary_route_and_description() {
        let operation = Operation {
            method: "get".to_owned(),
            path: "/pets/{id}".to_owned(),
            summary: Some("Get a pet".to_owned()),
            description: Some("Any pet.".to_owned()),
            deprecated: true,
            external_docs: Some("https://docs.example/pets".to_owned()),
            ..Operation::default()
        };
        assert_eq!(
            operation_doc(&operation, &Conventions::default()),
            "Get a pet\n\n`GET /pets/{id}`\n\nAny pet.\n\nDeprecated by the description."
        );
        let linked = Conventions {
            docs_link: Some("API [docs]".to_owned()),
            ..Conventions::default()
        };
        assert!(
            operation_doc(&operation, &linked)
                .contains("`GET /pets/{id}` ([API docs](https://docs.example/pets))")
        );
    }

    #[test]
    fn a_fields_doc_is_the_first_text_said_and_its_constraints() {
        let mut components = BTreeMap::new();
        components.insert(
            "Id".to_owned(),
            Schema {
                title: Some("An id".to_owned()),
                deprecated: true,
                ..Schema::default()
            },
        );
        let reference = Schema {
            kind: Kind::Ref("Id".to_owned()),
            ..Schema::default()
        };
        let (text, doc) = field_doc(&components, None, &reference, false, || {
            "fallback".to_owned()
        });
        assert_eq!(text, "An id");
        assert_eq!(doc, "An id\n\nDeprecated by the description.");
        let (text, _) = field_doc(&components, Some("  Own. "), &reference, false, String::new);
        assert_eq!(text, "Own.");
        let (text, doc) = field_doc(&BTreeMap::new(), None, &Schema::default(), false, || {
            "fallback".to_owned()
        });
        assert_eq!((text.as_str(), doc.as_str()), ("fallback", "fallback"));
    }
}
