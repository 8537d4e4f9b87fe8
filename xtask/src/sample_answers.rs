//! `tests/fixtures/openapi/answers/`: large answers of the fixture
//! descriptions, built from the answer's schema, for the decode benchmark
//! of the generated crates (the descriptions hold no examples of these
//! answers).
//!
//! Each answer is one list operation's `200` JSON answer with its list
//! filled with many items ([`ANSWERS`]), written compact, as the APIs send
//! them. A value is built from its schema
//! alone, the same every time:
//!
//! - `$ref` followed; `allOf` merged; `anyOf`/`oneOf` the first choice that
//!   does not lead back into a schema being built (Stripe's expandable
//!   fields are their ID string);
//! - an object has every property down to [`OPTIONAL_DEPTH`] objects deep,
//!   below that its required ones only; `additionalProperties` with a
//!   schema gives one entry;
//! - a list has one item (the answer's own list has the count asked for);
//! - a string is its first `enum` value, else a value of its `format`
//!   (`date-time`, `date`, `uri`, `byte`…), else the property's name and
//!   the item's index; an integer is the item's index (at least `minimum`),
//!   a number the index and a half, a boolean whether the index is even;
//!   `nullable` values are given.

use std::path::Path;

use serde_json::{Map, Value, json};

use crate::generated::{File, Output};
use crate::workspace;

/// Where the answers are written.
pub(crate) const DIR: &str = "tests/fixtures/openapi/answers";

/// One answer: `(file, description, path, list property, items)`; the
/// answer is the `200` JSON answer of the path's `get`.
pub(crate) const ANSWERS: [(&str, &str, &str, &str, usize); 3] = [
    ("stripe_charges", "stripe", "/v1/charges", "data", 100),
    (
        "kubernetes_pods",
        "kubernetes",
        "/api/v1/pods",
        "items",
        200,
    ),
    (
        "twilio_messages",
        "twilio",
        "/2010-04-01/Accounts/{AccountSid}/Messages.json",
        "messages",
        100,
    ),
];

/// How many objects deep optional properties are still given.
const OPTIONAL_DEPTH: usize = 4;

/// Below this many objects, only `{}` (a guard; required properties do not
/// nest this deep in the fixtures).
const MAX_DEPTH: usize = 12;

/// The answers, as generated files.
pub(crate) fn generate(root: &Path) -> Result<Output, String> {
    let mut output = Output::default();
    for (file, description, path, list, count) in ANSWERS {
        let doc =
            workspace::read_json(&root.join(format!("tests/fixtures/openapi/{description}.json")))?;
        let answer = answer(&doc, path, list, count)
            .map_err(|err| format!("{description} {path}: {err}"))?;
        let mut text = serde_json::to_string(&answer).map_err(|err| format!("{file}: {err}"))?;
        text.push('\n');
        output
            .files
            .push(File::text(format!("{DIR}/{file}.json"), text));
    }
    Ok(output)
}

/// The `200` JSON answer of `GET path`, its `list` property holding `count`
/// items.
fn answer(doc: &Value, path: &str, list: &str, count: usize) -> Result<Value, String> {
    let schema = doc
        .pointer(&format!(
            "/paths/{}/get/responses/200/content/application~1json/schema",
            path.replace('~', "~0").replace('/', "~1")
        ))
        .ok_or("no `200` JSON answer")?;
    let mut builder = Builder {
        doc,
        stack: Vec::new(),
    };
    let mut value = builder.value(schema, "answer", 0, 0)?;
    let schema = builder.resolve(schema)?;
    let item = schema
        .pointer(&format!("/properties/{list}/items"))
        .ok_or_else(|| format!("no list property `{list}`"))?;
    let items = (0..count)
        .map(|index| builder.value(item, list, 1, index))
        .collect::<Result<Vec<_>, _>>()?;
    let object = value.as_object_mut().ok_or("the answer is not an object")?;
    object.insert(list.to_owned(), Value::Array(items));
    Ok(value)
}

/// Builds values of the schemas of one description.
struct Builder<'a> {
    doc: &'a Value,
    /// The `$ref`s being built, outermost first.
    stack: Vec<&'a str>,
}

impl<'a> Builder<'a> {
    /// The schema a `$ref` points at (the schema itself when it has none).
    fn resolve(&self, schema: &'a Value) -> Result<&'a Value, String> {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(reference) => {
                let pointer = reference
                    .strip_prefix('#')
                    .ok_or_else(|| format!("`{reference}` is not local"))?;
                self.doc
                    .pointer(pointer)
                    .ok_or_else(|| format!("`{reference}` points at nothing"))
            }
            None => Ok(schema),
        }
    }

    /// Whether `schema` is, or is a `$ref` to, a schema being built.
    fn recursive(&self, schema: &Value) -> bool {
        schema
            .get("$ref")
            .and_then(Value::as_str)
            .is_some_and(|reference| self.stack.contains(&reference))
    }

    /// A value of `schema`, for the property `name`, `depth` objects deep,
    /// in the list's item `index`.
    fn value(
        &mut self,
        schema: &'a Value,
        name: &str,
        depth: usize,
        index: usize,
    ) -> Result<Value, String> {
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            let target = self.resolve(schema)?;
            self.stack.push(reference);
            let value = self.value(target, name, depth, index);
            self.stack.pop();
            return value;
        }
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            let mut merged = Map::new();
            for part in parts {
                match self.value(part, name, depth, index)? {
                    Value::Object(object) => merged.extend(object),
                    other if parts.len() == 1 => return Ok(other),
                    _ => {}
                }
            }
            return Ok(Value::Object(merged));
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(choices) = schema.get(key).and_then(Value::as_array) {
                let choice = choices
                    .iter()
                    .find(|choice| !self.recursive(choice))
                    .or(choices.first())
                    .ok_or_else(|| format!("`{name}`: an empty `{key}`"))?;
                return self.value(choice, name, depth, index);
            }
        }
        if let Some(first) = schema
            .get("enum")
            .and_then(Value::as_array)
            .and_then(|e| e.first())
        {
            return Ok(first.clone());
        }
        let kind = match schema.get("type") {
            Some(Value::String(kind)) => kind.as_str(),
            Some(Value::Array(kinds)) => kinds
                .iter()
                .filter_map(Value::as_str)
                .find(|kind| *kind != "null")
                .unwrap_or("null"),
            _ if schema.get("properties").is_some() => "object",
            _ if schema.get("items").is_some() => "array",
            _ => "string",
        };
        Ok(match kind {
            "object" => self.object(schema, depth, index)?,
            "array" => match schema.get("items") {
                Some(items) if !self.recursive(items) && depth < MAX_DEPTH => {
                    json!([self.value(items, name, depth, index)?])
                }
                _ => json!([]),
            },
            "integer" => {
                let minimum = schema.get("minimum").and_then(Value::as_i64).unwrap_or(0);
                json!(minimum.max(index as i64 + 1))
            }
            "number" => json!(index as f64 + 1.5),
            "boolean" => json!(index.is_multiple_of(2)),
            "null" => Value::Null,
            _ => json!(string(schema, name, index)),
        })
    }

    /// An object of `schema`: every property while shallow, the required
    /// ones below.
    fn object(&mut self, schema: &'a Value, depth: usize, index: usize) -> Result<Value, String> {
        let mut object = Map::new();
        if depth >= MAX_DEPTH {
            return Ok(Value::Object(object));
        }
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            for (property, subschema) in properties {
                let wanted = required.contains(&property.as_str())
                    || (depth < OPTIONAL_DEPTH && !self.recursive(subschema));
                if wanted {
                    let value = self.value(subschema, property, depth + 1, index)?;
                    object.insert(property.clone(), value);
                }
            }
        }
        if let Some(extra) = schema
            .get("additionalProperties")
            .filter(|extra| extra.is_object())
            && depth < OPTIONAL_DEPTH
            && !self.recursive(extra)
        {
            let value = self.value(extra, "value", depth + 1, index)?;
            object.insert("key".to_owned(), value);
        }
        Ok(Value::Object(object))
    }
}

/// A string of `schema` for the property `name` of item `index`.
fn string(schema: &Value, name: &str, index: usize) -> String {
    match schema.get("format").and_then(Value::as_str) {
        Some("date-time") => format!("2026-01-{:02}T10:{:02}:00Z", index % 28 + 1, index % 60),
        Some("date") => format!("2026-01-{:02}", index % 28 + 1),
        Some("uri" | "url") => format!("https://example.com/{name}/{index}"),
        Some("byte") => "aGVsbG8=".to_owned(),
        Some("uuid") => format!("00000000-0000-4000-8000-{index:012}"),
        Some("email") => format!("user{index}@example.com"),
        _ => format!("{name}_{index}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        json!({
            "paths": {"/pets": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {
                "type": "object",
                "required": ["data"],
                "properties": {
                    "data": {"type": "array", "items": {"$ref": "#/components/schemas/pet"}},
                    "object": {"type": "string", "enum": ["list"]}
                }
            }}}}}}}},
            "components": {"schemas": {
                "pet": {
                    "type": "object",
                    "required": ["id", "owner"],
                    "properties": {
                        "id": {"type": "integer", "minimum": 0},
                        "born": {"type": "string", "format": "date"},
                        "owner": {"anyOf": [{"$ref": "#/components/schemas/pet"}, {"type": "string"}]},
                        "parent": {"$ref": "#/components/schemas/pet"},
                        "tags": {"type": "array", "items": {"type": "string"}},
                        "extra": {"type": "object", "additionalProperties": {"type": "boolean"}}
                    }
                }
            }}
        })
    }

    #[test]
    fn the_list_is_filled_and_each_item_follows_its_schema() {
        let doc = doc();
        let answer = answer(&doc, "/pets", "data", 3).unwrap();
        assert_eq!(answer["object"], "list");
        let data = answer["data"].as_array().unwrap();
        assert_eq!(data.len(), 3);
        assert_eq!(
            data[1],
            json!({
                "id": 2,
                "born": "2026-01-02",
                "owner": "owner_1",
                "tags": ["tags_1"],
                "extra": {"key": false}
            })
        );
    }

    #[test]
    fn missing_answers_and_lists_are_errors() {
        let doc = doc();
        assert_eq!(
            answer(&doc, "/cats", "data", 1).unwrap_err(),
            "no `200` JSON answer"
        );
        assert_eq!(
            answer(&doc, "/pets", "items", 1).unwrap_err(),
            "no list property `items`"
        );
    }

    #[test]
    fn the_committed_answers_are_the_generated_ones() {
        let root = workspace::root();
        for file in generate(&root).unwrap().files {
            let committed = std::fs::read_to_string(root.join(&file.path)).unwrap();
            assert!(committed == file.text, "{} differs", file.path.display());
        }
    }
}
