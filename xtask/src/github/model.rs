//! The operations of the extract, read into plain types: each parameter's
//! place, whether it is required, and its schema simplified to one type.
//!
//! The simplification follows the rules of the route corpus
//! (`tests/fixtures/github-routes/README.md`), so that the two agree; the
//! generator checks that they do ([`super::corpus`]):
//!
//! - a `type` keyword is used directly; `oneOf`/`anyOf` give the common type
//!   of their alternatives, or `any` with the distinct alternatives; `allOf`
//!   gives the first concrete type; an `enum` without `type` the type of its
//!   values; `properties`/`additionalProperties` give `object`, `items`
//!   `array`, anything else `any`;
//! - body parameters are the properties of the `application/json` schema,
//!   merged over `allOf`, `oneOf` and `anyOf`; a property is required when
//!   the schema's `required` names it or every alternative requires it; when
//!   the body itself is optional, so are its properties;
//! - a body that is not a JSON object with named properties is raw: one
//!   `data` parameter.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

/// Where a parameter goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Location {
    Path,
    Query,
    /// A property of the JSON body.
    Body,
    /// The whole body, raw.
    Data,
}

impl Location {
    /// The corpus's name of the location.
    pub fn corpus_name(self) -> &'static str {
        match self {
            Location::Path => "path",
            Location::Query => "query",
            Location::Body | Location::Data => "body",
        }
    }
}

/// A simplified schema type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    String,
    Integer,
    Number,
    Boolean,
    Array,
    Object,
    Any,
}

impl Kind {
    /// The name the corpus uses.
    pub fn name(self) -> &'static str {
        match self {
            Kind::String => "string",
            Kind::Integer => "integer",
            Kind::Number => "number",
            Kind::Boolean => "boolean",
            Kind::Array => "array",
            Kind::Object => "object",
            Kind::Any => "any",
        }
    }

    fn of_name(name: &str) -> Kind {
        match name {
            "string" => Kind::String,
            "integer" => Kind::Integer,
            "number" => Kind::Number,
            "boolean" => Kind::Boolean,
            "array" => Kind::Array,
            "object" => Kind::Object,
            _ => Kind::Any,
        }
    }

    /// The kind of a JSON value, for an `enum` without `type`.
    fn of_value(value: &Value) -> Kind {
        match value {
            Value::String(_) => Kind::String,
            Value::Number(n) if n.is_i64() || n.is_u64() => Kind::Integer,
            Value::Number(_) => Kind::Number,
            Value::Bool(_) => Kind::Boolean,
            Value::Array(_) => Kind::Array,
            Value::Object(_) => Kind::Object,
            Value::Null => Kind::Any,
        }
    }
}

/// A schema simplified to one type.
#[derive(Clone, PartialEq, Debug)]
pub struct Schema {
    pub kind: Kind,
    /// The item type of an array (or of an `any` with an array alternative).
    pub items: Option<Box<Schema>>,
    /// The enum values (of the non-array alternatives of a union), `null` left out.
    pub enum_values: Vec<Value>,
    /// The distinct alternatives of a union that has no common type.
    pub one_of: Vec<Kind>,
}

impl Schema {
    /// The string values of a string enum: the values of a Rust enum.
    pub fn string_enum(&self) -> Option<Vec<String>> {
        if self.kind != Kind::String || self.enum_values.is_empty() {
            return None;
        }
        self.enum_values
            .iter()
            .map(|value| value.as_str().map(str::to_owned))
            .collect()
    }
}

/// One parameter of an operation.
#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub location: Location,
    /// Required as the description says (for a body property, by the body's
    /// schema: an optional body makes every property optional, see
    /// [`Operation::body_required`]).
    pub required: bool,
    pub description: String,
    pub deprecated: bool,
    /// `x-multi-segment`: the value may hold `/`.
    pub multi_segment: bool,
    pub schema: Schema,
}

/// A renamed operation, from `x-octokit.changes`.
#[derive(Clone, Debug)]
pub struct Rename {
    pub date: String,
    /// The former operationId, or the former parameter name.
    pub before: String,
    /// For a renamed parameter, its current name.
    pub parameter: Option<String>,
}

/// One operation.
#[derive(Clone, Debug)]
pub struct Operation {
    pub id: String,
    /// Uppercase.
    pub method: String,
    pub path: String,
    /// The operation's own server, when it has one.
    pub server: Option<String>,
    pub summary: String,
    pub description: String,
    pub docs_url: Option<String>,
    pub deprecated: bool,
    pub params: Vec<Param>,
    /// `requestBody.required`, when there is a body.
    pub body_required: Option<bool>,
    /// The media type of a body that is one raw value of another media type
    /// than JSON (`text/plain` of `markdown/render-raw`).
    pub body_media_type: Option<String>,
    /// Former operationIds.
    pub renamed_from: Vec<Rename>,
    /// Former parameter names.
    pub renamed_params: Vec<Rename>,
}

impl Operation {
    /// The scope of the operationId (`repos` of `repos/get`).
    pub fn scope(&self) -> &str {
        self.id.split_once('/').map_or(self.id.as_str(), |(s, _)| s)
    }

    /// The name within the scope (`get` of `repos/get`).
    pub fn name(&self) -> &str {
        self.id.split_once('/').map_or(self.id.as_str(), |(_, n)| n)
    }
}

/// The extract, read.
pub struct Api {
    /// `info.version`: the version of the npm package.
    pub version: String,
    /// The description of each tag (scope).
    pub tags: BTreeMap<String, String>,
    /// Every operation, sorted by path, then method.
    pub operations: Vec<Operation>,
    /// The extract itself, for what is read from it later (the answers).
    pub spec: Value,
}

/// Reads the extract.
pub fn load(root: &Path) -> Result<Api, String> {
    let path = root.join(super::extract::EXTRACT);
    let spec = crate::workspace::read_json(&path)?;
    let paths = spec
        .get("paths")
        .and_then(Value::as_object)
        .ok_or("the extract has no `paths`")?;
    let mut operations = Vec::new();
    for (path, methods) in paths {
        for (method, operation) in methods.as_object().into_iter().flatten() {
            let operation = read_operation(path, method, operation)
                .map_err(|err| format!("{method} {path}: {err}"))?;
            operations.push(operation);
        }
    }
    operations.sort_by(|a, b| (&a.path, &a.method).cmp(&(&b.path, &b.method)));
    let tags = spec
        .get("tags")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|tag| (text(tag, "name"), text(tag, "description")))
        .collect();
    Ok(Api {
        version: spec
            .pointer("/info/version")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        tags,
        operations,
        spec,
    })
}

fn text(object: &Value, key: &str) -> String {
    object
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// The former `key` of an `x-octokit` change (`before.operationId`,
/// `before.name`).
fn before(change: &Value, key: &str) -> Result<String, String> {
    change
        .get("before")
        .and_then(|before| before.get(key))
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| format!("an x-octokit change without before.{key}: {change}"))
}

fn flag(object: &Value, key: &str) -> bool {
    object.get(key).and_then(Value::as_bool) == Some(true)
}

fn read_operation(path: &str, method: &str, operation: &Value) -> Result<Operation, String> {
    let id = text(operation, "operationId");
    if id.is_empty() {
        return Err("no operationId".into());
    }
    let mut params = Vec::new();
    for parameter in operation
        .get("parameters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let location = match text(parameter, "in").as_str() {
            "path" => Location::Path,
            "query" => Location::Query,
            other => return Err(format!("a parameter in `{other}`")),
        };
        params.push(Param {
            name: text(parameter, "name"),
            location,
            required: location == Location::Path || flag(parameter, "required"),
            description: text(parameter, "description"),
            deprecated: flag(parameter, "deprecated"),
            multi_segment: flag(parameter, "x-multi-segment"),
            schema: simplify(parameter.get("schema").unwrap_or(&Value::Null)),
        });
    }
    let mut body_required = None;
    let mut body_media_type = None;
    if let Some(body) = operation.get("requestBody") {
        let required = flag(body, "required");
        body_required = Some(required);
        let (body, media_type) = body_params(body, required)?;
        params.extend(body);
        body_media_type = media_type;
    }
    let changes = operation
        .pointer("/x-octokit/changes")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut renamed_from = Vec::new();
    let mut renamed_params = Vec::new();
    for change in changes {
        let date = text(change, "date");
        match text(change, "type").as_str() {
            "OPERATION" => renamed_from.push(Rename {
                date,
                before: before(change, "operationId")?,
                parameter: None,
            }),
            "PARAMETER" => renamed_params.push(Rename {
                date,
                before: before(change, "name")?,
                parameter: Some(text(change, "parameter")),
            }),
            other => return Err(format!("an x-octokit change of type {other:?}")),
        }
    }
    let server = match operation.get("servers").and_then(Value::as_array) {
        Some(servers) => Some(
            servers
                .first()
                .and_then(|server| server.get("url"))
                .and_then(Value::as_str)
                .ok_or("`servers` without a URL")?
                .trim_end_matches('/')
                .to_owned(),
        ),
        None => None,
    };
    Ok(Operation {
        id,
        method: method.to_ascii_uppercase(),
        path: path.to_owned(),
        server,
        summary: text(operation, "summary"),
        description: text(operation, "description"),
        docs_url: operation
            .pointer("/externalDocs/url")
            .and_then(Value::as_str)
            .map(str::to_owned),
        deprecated: flag(operation, "deprecated"),
        params,
        body_required,
        body_media_type,
        renamed_from,
        renamed_params,
    })
}

/// The parameters of a request body: its JSON properties, or one raw `data`,
/// with its media type when that is not JSON.
fn body_params(body: &Value, body_required: bool) -> Result<(Vec<Param>, Option<String>), String> {
    let content = body
        .get("content")
        .and_then(Value::as_object)
        .ok_or("a request body without content")?;
    let json = content
        .get("application/json")
        .and_then(|entry| entry.get("schema"));
    if let Some(schema) = json {
        let properties = merged_properties(schema);
        if !properties.is_empty() {
            let properties = properties
                .into_iter()
                .map(|(name, property, required)| Param {
                    required,
                    description: text(&property, "description"),
                    deprecated: flag(&property, "deprecated"),
                    multi_segment: false,
                    schema: simplify(&property),
                    location: Location::Body,
                    name,
                })
                .collect();
            return Ok((properties, None));
        }
    }
    // A raw body: the JSON schema without named properties, or the first
    // other media type's.
    let media_type = (json.is_none())
        .then(|| content.keys().next().cloned())
        .flatten();
    let schema = json
        .or_else(|| content.values().find_map(|entry| entry.get("schema")))
        .unwrap_or(&Value::Null);
    let data = vec![Param {
        name: "data".into(),
        location: Location::Data,
        required: body_required,
        description: text(body, "description"),
        deprecated: false,
        multi_segment: false,
        schema: simplify(schema),
    }];
    Ok((data, media_type))
}

/// The properties of a body schema, with whether each is required, in
/// order: the schema's own, then those of `allOf`, `oneOf` and `anyOf`
/// alternatives. A property in several alternatives with different types
/// becomes `any`, with the enums unioned.
fn merged_properties(schema: &Value) -> Vec<(String, Value, bool)> {
    let mut out: Vec<(String, Value, bool)> = Vec::new();
    let required_in = |schema: &Value, name: &str| {
        schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|list| list.iter().any(|item| item == name))
    };
    let add = |out: &mut Vec<(String, Value, bool)>, properties: &Map<String, Value>| {
        for (name, property) in properties {
            match out.iter_mut().find(|(known, _, _)| known == name) {
                Some((_, known, _)) => merge_property(known, property),
                None => out.push((name.clone(), property.clone(), false)),
            }
        }
    };
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        add(&mut out, properties);
    }
    let all_of = alternatives(schema, "allOf");
    for alternative in all_of {
        if let Some(properties) = alternative.get("properties").and_then(Value::as_object) {
            add(&mut out, properties);
        }
    }
    let unions: Vec<&[Value]> = ["oneOf", "anyOf"]
        .iter()
        .map(|key| alternatives(schema, key))
        .filter(|list| !list.is_empty())
        .collect();
    for list in &unions {
        for alternative in *list {
            if let Some(properties) = alternative.get("properties").and_then(Value::as_object) {
                add(&mut out, properties);
            }
        }
    }
    for (name, _, required) in &mut out {
        *required = required_in(schema, name)
            || all_of.iter().any(|alt| required_in(alt, name))
            || unions
                .iter()
                .any(|list| list.iter().all(|alt| required_in(alt, name)));
    }
    out
}

fn alternatives<'v>(schema: &'v Value, key: &str) -> &'v [Value] {
    schema
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// Merges a property seen again in another alternative into the first one:
/// the enums are unioned; different types give `any`, arrays of different
/// items arrays of `any`.
fn merge_property(known: &mut Value, other: &Value) {
    let (known_schema, other_schema) = (simplify(known), simplify(other));
    if known_schema.kind == other_schema.kind {
        let Some(object) = known.as_object_mut() else {
            return;
        };
        for value in other
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let values = object
                .entry("enum")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Some(values) = values.as_array_mut()
                && !values.contains(value)
            {
                values.push(value.clone());
            }
        }
        if known_schema.items != other_schema.items {
            object.insert("items".into(), Value::Object(Map::new()));
        }
        return;
    }
    let mut values: Vec<Value> = Vec::new();
    for schema in [&*known, other] {
        for value in schema
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !values.contains(value) {
                values.push(value.clone());
            }
        }
    }
    let description = known.get("description").cloned();
    let mut merged = Map::new();
    if let Some(description) = description {
        merged.insert("description".into(), description);
    }
    merged.insert(
        "anyOf".into(),
        Value::Array(vec![known.clone(), other.clone()]),
    );
    if !values.is_empty() {
        merged.insert("x-merged-enum".into(), Value::Array(values));
    }
    *known = Value::Object(merged);
}

/// Simplifies a schema to one type.
pub fn simplify(schema: &Value) -> Schema {
    let enum_values = |schema: &Value| -> Vec<Value> {
        schema
            .get("enum")
            .or_else(|| schema.get("x-merged-enum"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|value| !value.is_null())
            .cloned()
            .collect()
    };
    let items = |schema: &Value| schema.get("items").map(|items| Box::new(simplify(items)));
    if let Some(kind) = schema.get("type").and_then(Value::as_str) {
        let kind = Kind::of_name(kind);
        return Schema {
            kind,
            items: if kind == Kind::Array {
                Some(items(schema).unwrap_or_else(|| Box::new(simplify(&Value::Null))))
            } else {
                None
            },
            enum_values: enum_values(schema),
            one_of: Vec::new(),
        };
    }
    for key in ["oneOf", "anyOf"] {
        let list = alternatives(schema, key);
        if list.is_empty() {
            continue;
        }
        let simplified: Vec<Schema> = list.iter().map(simplify).collect();
        let mut kinds: Vec<Kind> = simplified.iter().map(|alt| alt.kind).collect();
        kinds.sort_by_key(|kind| kind.name());
        kinds.dedup();
        let mut values = enum_values(schema);
        for alternative in simplified.iter().filter(|alt| alt.kind != Kind::Array) {
            for value in &alternative.enum_values {
                if !values.contains(value) {
                    values.push(value.clone());
                }
            }
        }
        let items = simplified
            .iter()
            .find(|alternative| alternative.kind == Kind::Array)
            .and_then(|alternative| alternative.items.clone());
        return if let [kind] = kinds.as_slice() {
            Schema {
                kind: *kind,
                items,
                enum_values: values,
                one_of: Vec::new(),
            }
        } else {
            Schema {
                kind: Kind::Any,
                items,
                enum_values: values,
                one_of: kinds,
            }
        };
    }
    let all_of = alternatives(schema, "allOf");
    if !all_of.is_empty() {
        let simplified: Vec<Schema> = all_of.iter().map(simplify).collect();
        if let Some(concrete) = simplified.iter().find(|alt| alt.kind != Kind::Any) {
            return concrete.clone();
        }
    }
    let values = enum_values(schema);
    let kind = if let Some(first) = values.first() {
        Kind::of_value(first)
    } else if schema.get("properties").is_some() || schema.get("additionalProperties").is_some() {
        Kind::Object
    } else if schema.get("items").is_some() {
        Kind::Array
    } else {
        Kind::Any
    };
    Schema {
        kind,
        items: if kind == Kind::Array {
            items(schema)
        } else {
            None
        },
        enum_values: values,
        one_of: Vec::new(),
    }
}
