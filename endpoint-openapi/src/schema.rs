//! Reading: a JSON schema of an OpenAPI description into plain data.
//!
//! References to component schemas stay references (by component name), so
//! that a component becomes one named type; everything else is read whole.
//! Nothing is decided here beyond what the schema says.

use serde_json::{Map, Value};

/// Where component schemas are referenced from.
pub const COMPONENT_SCHEMAS: &str = "#/components/schemas/";

/// How deeply a schema may nest before it is refused.
const MAX_DEPTH: usize = 64;

/// One schema.
#[derive(Clone, Debug, PartialEq)]
pub struct Schema {
    /// What values it describes.
    pub kind: Kind,
    /// Whether `null` is allowed too (`nullable: true`, `null` in `type`
    /// or `enum`).
    pub nullable: bool,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `deprecated`.
    pub deprecated: bool,
}

/// What values a schema describes.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A component schema, by name.
    Ref(String),
    /// A string, with its `format` and, for an `enum`, its values.
    String {
        /// `format` (`date-time`, `uri`, …).
        format: Option<String>,
        /// The values of `enum`, when there is one.
        values: Option<Vec<String>>,
    },
    /// An integer.
    Integer,
    /// A number.
    Number,
    /// A boolean.
    Boolean,
    /// An array of items.
    Array(Box<Schema>),
    /// An object.
    Object(Object),
    /// `oneOf` or `anyOf`: one of these (alternatives that only constrain,
    /// with no type of their own, are left out).
    OneOf(Vec<Schema>),
    /// `allOf`: all of these at once.
    AllOf(Vec<Schema>),
    /// Any value.
    Any,
}

/// An object's properties.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Object {
    /// The named properties, in the description's order.
    pub properties: Vec<Property>,
    /// What other keys may hold.
    pub additional: Additional,
}

/// `additionalProperties`.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Additional {
    /// None said (or `false`).
    #[default]
    None,
    /// `true` or `{}`: any value.
    Any,
    /// Values of this schema.
    Typed(Box<Schema>),
}

/// A named property of an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    /// The key, as the JSON spells it.
    pub name: String,
    /// Its schema.
    pub schema: Schema,
    /// Whether `required` names it.
    pub required: bool,
}

impl Schema {
    /// Reads a schema. `at` names where it is, for errors.
    ///
    /// # Errors
    /// A reference that is not to a component schema, or nesting deeper
    /// than 64 levels.
    pub fn read(value: &Value, at: &str) -> Result<Schema, String> {
        read(value, at, 0)
    }

    /// A schema of `kind` with nothing else said.
    pub fn of(kind: Kind) -> Schema {
        Schema {
            kind,
            nullable: false,
            title: None,
            description: None,
            deprecated: false,
        }
    }

    /// Whether the schema only constrains (no type, properties, items,
    /// reference or alternatives): an alternative that says "this key is
    /// required" and nothing else.
    pub fn is_constraint(&self) -> bool {
        matches!(self.kind, Kind::Any) && !self.nullable
    }
}

impl Default for Schema {
    /// Any value, nothing else said.
    fn default() -> Self {
        Schema::of(Kind::Any)
    }
}

fn read(value: &Value, at: &str, depth: usize) -> Result<Schema, String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at}: nested more than {MAX_DEPTH} levels"));
    }
    let Some(object) = value.as_object() else {
        // `true` / `{}`-like schemas.
        return Ok(Schema::of(Kind::Any));
    };
    let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_owned);
    let mut schema = Schema {
        kind: Kind::Any,
        nullable: object.get("nullable").and_then(Value::as_bool) == Some(true),
        title: text("title"),
        description: text("description"),
        deprecated: object.get("deprecated").and_then(Value::as_bool) == Some(true),
    };
    if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
        let name = reference
            .strip_prefix(COMPONENT_SCHEMAS)
            .ok_or_else(|| format!("{at}: `{reference}` is not a component schema"))?;
        schema.kind = Kind::Ref(name.to_owned());
        return Ok(schema);
    }
    let mut types: Vec<&str> = match object.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if let Some(null) = types.iter().position(|t| *t == "null") {
        types.remove(null);
        schema.nullable = true;
    }
    let nested = |key: &str, value: &Value| read(value, &format!("{at}.{key}"), depth + 1);
    let alternatives = |key: &str| -> Result<Option<Vec<Schema>>, String> {
        let Some(list) = object.get(key).and_then(Value::as_array) else {
            return Ok(None);
        };
        let mut out = Vec::new();
        for (i, alternative) in list.iter().enumerate() {
            let alternative = nested(&format!("{key}[{i}]"), alternative)?;
            if !alternative.is_constraint() {
                out.push(alternative);
            }
        }
        Ok(Some(out))
    };
    if let Some(parts) = alternatives("allOf")? {
        schema.kind = Kind::AllOf(parts);
        return Ok(schema);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(list) = alternatives(key)?
            && !list.is_empty()
        {
            schema.kind = Kind::OneOf(list);
            return Ok(schema);
        }
    }
    let is_object = types.contains(&"object")
        || (types.is_empty()
            && (object.contains_key("properties") || object.contains_key("additionalProperties")));
    schema.kind = if is_object {
        Kind::Object(read_object(object, at, depth)?)
    } else {
        match types.first().copied() {
            Some("string") => {
                let values = object.get("enum").and_then(Value::as_array).map(|values| {
                    if values.iter().any(Value::is_null) {
                        schema.nullable = true;
                    }
                    values
                        .iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                });
                Kind::String {
                    format: text("format"),
                    values,
                }
            }
            Some("integer") => Kind::Integer,
            Some("number") => Kind::Number,
            Some("boolean") => Kind::Boolean,
            Some("array") => Kind::Array(Box::new(match object.get("items") {
                Some(items) => nested("items", items)?,
                None => Schema::of(Kind::Any),
            })),
            _ if object.contains_key("items") => {
                Kind::Array(Box::new(nested("items", &object["items"])?))
            }
            _ => Kind::Any,
        }
    };
    Ok(schema)
}

fn read_object(object: &Map<String, Value>, at: &str, depth: usize) -> Result<Object, String> {
    let required: Vec<&str> = object
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let mut properties = Vec::new();
    for (name, value) in object
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        properties.push(Property {
            name: name.clone(),
            schema: read(value, &format!("{at}.{name}"), depth + 1)?,
            required: required.contains(&name.as_str()),
        });
    }
    let additional = match object.get("additionalProperties") {
        None | Some(Value::Bool(false)) => Additional::None,
        Some(Value::Bool(true)) => Additional::Any,
        Some(Value::Object(map)) if map.is_empty() => Additional::Any,
        Some(value) => Additional::Typed(Box::new(read(
            value,
            &format!("{at}.additionalProperties"),
            depth + 1,
        )?)),
    };
    Ok(Object {
        properties,
        additional,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_references_objects_and_nulls() {
        let schema = Schema::read(
            &json!({
                "type": "object",
                "required": ["id"],
                "properties": {
                    "id": {"type": "integer"},
                    "user": {"$ref": "#/components/schemas/simple-user"},
                    "state": {"type": "string", "enum": ["open", "closed", null]},
                    "labels": {"type": "array", "items": {"type": "string"}},
                    "extra": {"type": ["string", "null"], "format": "uri"}
                }
            }),
            "issue",
        )
        .unwrap();
        let Kind::Object(object) = schema.kind else {
            panic!("an object")
        };
        let names: Vec<_> = object.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["id", "user", "state", "labels", "extra"]);
        assert!(object.properties[0].required && !object.properties[1].required);
        assert_eq!(
            object.properties[1].schema.kind,
            Kind::Ref("simple-user".into())
        );
        assert!(object.properties[2].schema.nullable);
        assert!(object.properties[4].schema.nullable);
        assert_eq!(
            object.properties[4].schema.kind,
            Kind::String {
                format: Some("uri".into()),
                values: None
            }
        );
    }

    #[test]
    fn constraint_only_alternatives_are_left_out() {
        let schema = Schema::read(
            &json!({"oneOf": [{"required": ["a"]}, {"type": "string"}]}),
            "x",
        )
        .unwrap();
        assert_eq!(
            schema.kind,
            Kind::OneOf(vec![Schema::of(Kind::String {
                format: None,
                values: None
            })])
        );
    }

    #[test]
    fn refuses_other_references() {
        let err = Schema::read(&json!({"$ref": "#/components/responses/x"}), "a.b").unwrap_err();
        assert_eq!(
            err,
            "a.b: `#/components/responses/x` is not a component schema"
        );
    }
}
