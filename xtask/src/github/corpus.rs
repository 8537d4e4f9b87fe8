//! The extract against the route corpus: both come from `@octokit/openapi`
//! 23.0.2, derived independently; the generator refuses to run when they
//! disagree on an operation's method, path, parameters (name, place,
//! whether required, simplified type, enum values) or flags.

use std::path::Path;

use serde_json::Value;

use super::model::{Kind, Location, Operation, Schema};

use crate::routes::{self, CORPUS};

/// Compares `operations` with the corpus, operation by operation.
pub fn check(root: &Path, operations: &[Operation]) -> Result<(), String> {
    let corpus = routes::read_corpus(root)?;
    let corpus = corpus
        .as_array()
        .ok_or_else(|| format!("{CORPUS} is not an array"))?;
    if corpus.len() != operations.len() {
        return Err(format!(
            "the extract has {} operations, the corpus {}",
            operations.len(),
            corpus.len()
        ));
    }
    let mut differences = Vec::new();
    for (expected, operation) in corpus.iter().zip(operations) {
        let actual = describe(operation);
        let mut expected = expected.clone();
        // The media types are the model's business, not the comparison's.
        if let Some(object) = expected.as_object_mut() {
            object.remove("body_content_types");
        }
        if actual != expected {
            differences.push(format!(
                "{}:\n  extract: {actual}\n  corpus:  {expected}",
                operation.id
            ));
        }
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} operations differ between the extract and {CORPUS}:\n{}",
            differences.len(),
            differences.join("\n")
        ))
    }
}

/// An operation in the corpus's format.
fn describe(operation: &Operation) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("operationId".into(), operation.id.clone().into());
    out.insert("method".into(), operation.method.clone().into());
    out.insert("url".into(), operation.path.clone().into());
    let params: Vec<Value> = operation
        .params
        .iter()
        .map(|param| {
            let mut out = serde_json::Map::new();
            out.insert("name".into(), param.name.clone().into());
            out.insert("in".into(), param.location.corpus_name().into());
            out.insert("required".into(), param.required.into());
            describe_schema(&param.schema, &mut out);
            if param.multi_segment {
                out.insert("multi_segment".into(), true.into());
            }
            // The corpus records deprecation of path and query parameters only.
            if param.deprecated && param.location != Location::Body {
                out.insert("deprecated".into(), true.into());
            }
            Value::Object(out)
        })
        .collect();
    out.insert("params".into(), params.into());
    let raw = operation
        .params
        .iter()
        .any(|param| param.location == Location::Data);
    out.insert("raw_body".into(), raw.into());
    out.insert("deprecated".into(), operation.deprecated.into());
    if let Some(required) = operation.body_required {
        out.insert("body_required".into(), required.into());
    }
    if let Some(server) = &operation.server {
        out.insert("server".into(), server.clone().into());
    }
    Value::Object(out)
}

fn describe_schema(schema: &Schema, out: &mut serde_json::Map<String, Value>) {
    out.insert("type".into(), schema.kind.name().into());
    if let Some(items) = &schema.items {
        out.insert("items".into(), items.kind.name().into());
        if !items.enum_values.is_empty() {
            out.insert("items_enum".into(), strings(&items.enum_values));
        }
    }
    if !schema.enum_values.is_empty() {
        out.insert("enum".into(), strings(&schema.enum_values));
    }
    if schema.kind == Kind::Any && !schema.one_of.is_empty() {
        let kinds: Vec<Value> = schema.one_of.iter().map(|k| k.name().into()).collect();
        out.insert("one_of_types".into(), kinds.into());
    }
}

/// Enum values as the corpus writes them: strings as they are, others as JSON.
fn strings(values: &[Value]) -> Value {
    values
        .iter()
        .map(|value| match value {
            Value::String(_) => value.clone(),
            other => Value::String(other.to_string()),
        })
        .collect::<Vec<Value>>()
        .into()
}
