//! `github-extract`: the part of GitHub's OpenAPI description that the
//! `github` generator reads, taken from the published npm package.
//!
//! `cargo run -p xtask -- github-extract <dir>` reads
//! `<dir>/23.0.2/package/generated/api.github.com.json` of an unpacked
//! `@octokit/openapi` tarball (`npm pack @octokit/openapi@23.0.2`, then
//! `tar xzf` into `<dir>/23.0.2/`) and writes [`EXTRACT`], its answers
//! relaxed by the descriptions of the other supported GitHub versions
//! ([`VERSIONS`], unpacked beside it the same way; see [`versions`]):
//!
//! ```sh
//! for v in 10.0.0 12.0.0 16.0.0 19.0.0 20.0.0 23.0.2; do
//!   mkdir -p /tmp/octokit/$v && (cd /tmp/octokit/$v && npm pack @octokit/openapi@$v && tar xzf *.tgz)
//! done
//! cargo run -p xtask -- github-extract /tmp/octokit
//! ```
//!
//! The extract keeps the description's shape (`openapi`,
//! `info`, `servers`, `tags` with their names and descriptions, then
//! `paths`, methods and operations) with every `$ref` resolved (but the
//! answers' references to components, below) and only these keys:
//!
//! - operations: `operationId`, `summary`, `description`, `externalDocs.url`,
//!   `deprecated`, `servers`, `parameters`, `requestBody`, `x-octokit`;
//! - parameters: `name`, `in`, `description`, `required`, `deprecated`,
//!   `x-multi-segment`, `schema`;
//! - request bodies: `required` and, per media type, the schema;
//! - schemas: `type`, `enum`, `nullable`, `items`, `oneOf`, `anyOf`,
//!   `allOf`, `additionalProperties` (as `true`) everywhere; `properties`
//!   and `required` only for a request body (and its `oneOf`/`anyOf`/`allOf`
//!   alternatives), whose properties also keep `description` and
//!   `deprecated`. Nested objects are reduced to `type: object`.
//!
//! Path-level parameters are merged into each operation (an operation's own
//! parameter wins over a path-level one of the same name and location).
//!
//! The answers, for the response models: each operation's 2xx `responses`
//! (a `$ref` to a shared response resolved), each with its media types'
//! `schema` and `examples` (each example's `value`, with the references to
//! component examples in it, whole or in part, replaced by their values);
//! and `components.schemas`, the component schemas those answers reach.
//! Answer schemas keep their `$ref`s to component schemas (a model is
//! named after its component) and the keys a model needs: `type`,
//! `format`, `enum`, `nullable`, `items`, `properties`, `required`,
//! `additionalProperties`, `oneOf`, `anyOf`, `allOf`, `discriminator`,
//! `title`, `description` and `deprecated`.
//!
//! The refusals, for the routes' error types: each operation's `4xx`, `5xx`
//! and `default` answers, with their `description` (the documentation of
//! the status) and, per media type, their `schema`, reduced as the
//! successes' are (no examples). A refusal that references a shared answer
//! of `components.responses` (`not_found`, `validation_failed`) keeps its
//! `$ref`, and `components.responses` holds those answers, once each: the
//! generator then plans one type per shared body (`BasicError` for all, an
//! inline body such as `service_unavailable`'s once), and the extract stays
//! small. `3xx` answers are left out, as the generator has no use for them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::{Map, Value};

use super::versions;

/// The extract, relative to the workspace root.
pub const EXTRACT: &str = "endpoint-github/openapi/api.github.com.json";

/// The package the extract comes from, and the file inside it.
pub const PACKAGE: &str = "@octokit/openapi";
/// The version of [`PACKAGE`] the generated crate is built from.
pub const VERSION: &str = "23.0.2";
/// The description inside the unpacked package.
const SPEC_FILE: &str = "generated/api.github.com.json";

/// How deeply schemas are followed; the description nests far less.
const MAX_DEPTH: usize = 32;

/// The keys an answer's schema keeps (besides `$ref`, `properties`,
/// `items`, `additionalProperties` and the alternatives, followed).
const MODEL_KEYS: [&str; 9] = [
    "type",
    "format",
    "enum",
    "nullable",
    "required",
    "discriminator",
    "title",
    "description",
    "deprecated",
];

/// Where component schemas are referenced from.
const COMPONENT_SCHEMAS: &str = "#/components/schemas/";

/// Where shared answers are referenced from.
const COMPONENT_RESPONSES: &str = "#/components/responses/";

/// Whether an answer of `status` is a refusal, whose body is the route's
/// error type: `4xx`, `5xx` (or a range of them) and `default`.
fn is_refusal(status: &str) -> bool {
    status.starts_with(['4', '5']) || status == "default"
}

/// The HTTP methods of path items, in the order they are kept.
const METHODS: [&str; 7] = ["get", "put", "post", "delete", "options", "head", "patch"];

/// The descriptions of the other GitHub versions the models are written
/// for ([`versions`]): each as the `@octokit/openapi` version that
/// publishes it and its file in `generated/`. Every GitHub Enterprise
/// Server release from 3.4 (March 2022) on, GitHub Enterprise Cloud, and
/// api.github.com as described since 2022.
pub const VERSIONS: [(&str, &str); 21] = [
    ("23.0.2", "ghec"),
    ("23.0.2", "ghes-3.19"),
    ("23.0.2", "ghes-3.18"),
    ("23.0.2", "ghes-3.17"),
    ("20.0.0", "ghes-3.16"),
    ("20.0.0", "ghes-3.15"),
    ("20.0.0", "ghes-3.14"),
    ("19.0.0", "ghes-3.13"),
    ("16.0.0", "ghes-3.12"),
    ("16.0.0", "ghes-3.11"),
    ("16.0.0", "ghes-3.10"),
    ("12.0.0", "ghes-3.9"),
    ("12.0.0", "ghes-3.8"),
    ("12.0.0", "ghes-3.7"),
    ("12.0.0", "ghes-3.6"),
    ("10.0.0", "ghes-3.5"),
    ("10.0.0", "ghes-3.4"),
    ("20.0.0", "api.github.com"),
    ("16.0.0", "api.github.com"),
    ("12.0.0", "api.github.com"),
    ("10.0.0", "api.github.com"),
];

/// Runs the task: `args` is a directory holding each version of the
/// package unpacked in a folder named after it (`<dir>/23.0.2/package/`).
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let [packages] = args else {
        return Err(
            "usage: cargo run -p xtask -- github-extract <dir of unpacked @octokit/openapi \
             packages, <dir>/<version>/package/>"
                .into(),
        );
    };
    let packages = Path::new(packages);
    let path = packages.join(VERSION).join("package").join(SPEC_FILE);
    let spec = crate::workspace::read_json(&path)?;
    let version = spec
        .pointer("/info/version")
        .and_then(Value::as_str)
        .unwrap_or("");
    if version != VERSION {
        return Err(format!(
            "{} is version {version:?}; the generator is written for {PACKAGE} {VERSION}",
            path.display()
        ));
    }
    let mut extract = Extractor {
        spec: &spec,
        components: Default::default(),
        responses: Default::default(),
    }
    .extract()?;
    let mut read = Vec::new();
    for (package, file) in VERSIONS {
        let path = packages
            .join(package)
            .join("package/generated")
            .join(format!("{file}.json"));
        let description = crate::workspace::read_json(&path)?;
        let name = versions::name(&path, &description)
            .ok_or_else(|| format!("{}: no `info.version`", path.display()))?;
        let relaxed = versions::relax(&mut extract, &description);
        println!(
            "{name}: {} schemas matched, {} fields no longer required",
            relaxed.matched, relaxed.fields
        );
        read.push(Value::from(name));
    }
    if let Some(info) = extract.get_mut("info").and_then(Value::as_object_mut) {
        info.insert("x-endpoint-versions".into(), Value::Array(read));
    }
    let mut out = serde_json::to_string_pretty(&extract).map_err(|err| err.to_string())?;
    out.push('\n');
    let target = root.join(EXTRACT);
    std::fs::write(&target, out).map_err(|err| format!("writing {}: {err}", target.display()))?;
    let operations: usize = extract["paths"]
        .as_object()
        .map(|paths| {
            paths
                .values()
                .filter_map(Value::as_object)
                .map(Map::len)
                .sum()
        })
        .unwrap_or(0);
    println!("wrote {} ({operations} operations)", target.display());
    Ok(())
}

/// What a schema is part of: decides which keys it keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    /// A request body's schema, or one of its alternatives.
    Body,
    /// A property of a request body.
    Property,
    /// Anything else: a parameter's schema, items, alternatives.
    Nested,
}

/// Resolves references against the whole description.
struct Extractor<'a> {
    spec: &'a Value,
    /// The component schemas the answers reference, found while reading
    /// them.
    components: std::cell::RefCell<BTreeSet<String>>,
    /// The shared answers of `components.responses` the refusals
    /// reference, found while reading them.
    responses: std::cell::RefCell<BTreeSet<String>>,
}

impl Extractor<'_> {
    /// The extract: `openapi`, `info`, `servers` and the reduced `paths`.
    fn extract(&self) -> Result<Value, String> {
        let mut out = Map::new();
        for key in ["openapi", "info", "servers"] {
            if let Some(value) = self.spec.get(key) {
                out.insert(key.into(), value.clone());
            }
        }
        let tags: Vec<Value> = self
            .spec
            .get("tags")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|tag| {
                let mut kept = Map::new();
                for key in ["name", "description"] {
                    if let Some(value) = tag.get(key) {
                        kept.insert(key.into(), value.clone());
                    }
                }
                Value::Object(kept)
            })
            .collect();
        out.insert("tags".into(), Value::Array(tags));
        let paths = self
            .spec
            .get("paths")
            .and_then(Value::as_object)
            .ok_or("the description has no `paths`")?;
        let mut reduced = Map::new();
        for (path, item) in paths {
            let item = self.resolve(item)?;
            let shared = item
                .get("parameters")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default();
            let mut methods = Map::new();
            for method in METHODS {
                if let Some(operation) = item.get(method) {
                    let operation = self
                        .operation(operation, shared)
                        .map_err(|err| format!("{method} {path}: {err}"))?;
                    methods.insert(method.into(), operation);
                }
            }
            reduced.insert(path.clone(), Value::Object(methods));
        }
        out.insert("paths".into(), Value::Object(reduced));
        out.insert("components".into(), self.components()?);
        Ok(Value::Object(out))
    }

    /// Follows `$ref`s until a value that is not a reference.
    fn resolve<'v>(&'v self, mut value: &'v Value) -> Result<&'v Value, String> {
        for _ in 0..MAX_DEPTH {
            let Some(reference) = value.get("$ref").and_then(Value::as_str) else {
                return Ok(value);
            };
            let pointer = reference
                .strip_prefix('#')
                .ok_or_else(|| format!("external reference {reference}"))?;
            value = self
                .spec
                .pointer(pointer)
                .ok_or_else(|| format!("unresolved reference {reference}"))?;
        }
        Err("a reference cycle".into())
    }

    /// One operation with the kept keys.
    fn operation(&self, operation: &Value, shared: &[Value]) -> Result<Value, String> {
        let mut out = Map::new();
        for key in ["operationId", "summary", "description"] {
            if let Some(value) = operation.get(key) {
                out.insert(key.into(), value.clone());
            }
        }
        if let Some(url) = operation.pointer("/externalDocs/url") {
            out.insert(
                "externalDocs".into(),
                Value::Object(Map::from_iter([("url".into(), url.clone())])),
            );
        }
        for key in ["deprecated", "servers"] {
            if let Some(value) = operation.get(key) {
                out.insert(key.into(), value.clone());
            }
        }
        let own = operation
            .get("parameters")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let mut parameters = Vec::new();
        let key =
            |parameter: &Value| (parameter.get("name").cloned(), parameter.get("in").cloned());
        let own_resolved = own
            .iter()
            .map(|p| self.resolve(p))
            .collect::<Result<Vec<_>, _>>()?;
        for parameter in shared {
            let parameter = self.resolve(parameter)?;
            if !own_resolved.iter().any(|p| key(p) == key(parameter)) {
                parameters.push(self.parameter(parameter)?);
            }
        }
        for parameter in own_resolved {
            parameters.push(self.parameter(parameter)?);
        }
        if !parameters.is_empty() {
            out.insert("parameters".into(), Value::Array(parameters));
        }
        if let Some(body) = operation.get("requestBody") {
            out.insert(
                "requestBody".into(),
                self.request_body(self.resolve(body)?)?,
            );
        }
        if let Some(responses) = operation.get("responses").and_then(Value::as_object) {
            let mut kept = Map::new();
            for (status, response) in responses {
                if status.starts_with('2') {
                    kept.insert(status.clone(), self.response(self.resolve(response)?)?);
                } else if is_refusal(status) {
                    kept.insert(status.clone(), self.refusal_or_ref(response)?);
                }
            }
            out.insert("responses".into(), Value::Object(kept));
        }
        if let Some(octokit) = operation.get("x-octokit")
            && octokit.as_object().is_some_and(|map| !map.is_empty())
        {
            out.insert("x-octokit".into(), octokit.clone());
        }
        Ok(Value::Object(out))
    }

    /// One parameter with the kept keys.
    fn parameter(&self, parameter: &Value) -> Result<Value, String> {
        let mut out = Map::new();
        for key in [
            "name",
            "in",
            "description",
            "required",
            "deprecated",
            "x-multi-segment",
        ] {
            if let Some(value) = parameter.get(key) {
                out.insert(key.into(), value.clone());
            }
        }
        if let Some(schema) = parameter.get("schema") {
            out.insert("schema".into(), self.schema(schema, Level::Nested, 0)?);
        }
        Ok(Value::Object(out))
    }

    /// A request body: `required` and each media type's schema.
    fn request_body(&self, body: &Value) -> Result<Value, String> {
        let mut out = Map::new();
        if let Some(required) = body.get("required") {
            out.insert("required".into(), required.clone());
        }
        let mut content = Map::new();
        for (media_type, entry) in body
            .get("content")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let mut reduced = Map::new();
            if let Some(schema) = entry.get("schema") {
                reduced.insert("schema".into(), self.schema(schema, Level::Body, 0)?);
            }
            content.insert(media_type.clone(), Value::Object(reduced));
        }
        out.insert("content".into(), Value::Object(content));
        Ok(Value::Object(out))
    }

    /// A schema with the keys its level keeps.
    fn schema(&self, schema: &Value, level: Level, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err("a schema nested too deeply".into());
        }
        let schema = self.resolve(schema)?;
        let mut out = Map::new();
        let has_properties = schema.get("properties").is_some();
        match schema.get("type") {
            Some(kind) => {
                out.insert("type".into(), kind.clone());
            }
            None if has_properties && level != Level::Body => {
                out.insert("type".into(), Value::from("object"));
            }
            None => {}
        }
        if level == Level::Property {
            for key in ["description", "deprecated"] {
                if let Some(value) = schema.get(key) {
                    out.insert(key.into(), value.clone());
                }
            }
        }
        for key in ["enum", "nullable"] {
            if let Some(value) = schema.get(key) {
                out.insert(key.into(), value.clone());
            }
        }
        if let Some(items) = schema.get("items") {
            out.insert(
                "items".into(),
                self.schema(items, Level::Nested, depth + 1)?,
            );
        }
        let alternatives = if level == Level::Body {
            Level::Body
        } else {
            Level::Nested
        };
        for key in ["oneOf", "anyOf", "allOf"] {
            if let Some(list) = schema.get(key).and_then(Value::as_array) {
                let list = list
                    .iter()
                    .map(|alternative| self.schema(alternative, alternatives, depth + 1))
                    .collect::<Result<Vec<_>, _>>()?;
                out.insert(key.into(), Value::Array(list));
            }
        }
        if level == Level::Body {
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                let mut reduced = Map::new();
                for (name, property) in properties {
                    reduced.insert(
                        name.clone(),
                        self.schema(property, Level::Property, depth + 1)?,
                    );
                }
                out.insert("properties".into(), Value::Object(reduced));
            }
            if let Some(required) = schema.get("required") {
                out.insert("required".into(), required.clone());
            }
        }
        if schema
            .get("additionalProperties")
            .is_some_and(|value| value != &Value::Bool(false))
        {
            out.insert("additionalProperties".into(), Value::Bool(true));
        }
        Ok(Value::Object(out))
    }

    /// A 2xx answer: per media type, its schema and its examples' values.
    fn response(&self, response: &Value) -> Result<Value, String> {
        let mut content = Map::new();
        for (media_type, entry) in response
            .get("content")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let mut kept = Map::new();
            if let Some(schema) = entry.get("schema") {
                kept.insert("schema".into(), self.model_schema(schema, 0)?);
            }
            let mut examples = Map::new();
            for (name, example) in entry
                .get("examples")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                if let Some(value) = self.resolve(example)?.get("value") {
                    examples.insert(name.clone(), self.example_value(value, 0)?);
                }
            }
            if !examples.is_empty() {
                kept.insert("examples".into(), Value::Object(examples));
            }
            content.insert(media_type.clone(), Value::Object(kept));
        }
        let mut out = Map::new();
        if !content.is_empty() {
            out.insert("content".into(), Value::Object(content));
        }
        Ok(Value::Object(out))
    }

    /// A refusal as the operation writes it: a reference to a shared
    /// answer of `components.responses` kept (and the answer noted), an
    /// answer of its own reduced by [`Self::refusal`].
    fn refusal_or_ref(&self, response: &Value) -> Result<Value, String> {
        if let Some(reference) = response.get("$ref").and_then(Value::as_str)
            && let Some(name) = reference.strip_prefix(COMPONENT_RESPONSES)
        {
            self.responses.borrow_mut().insert(name.to_owned());
            return Ok(Value::Object(Map::from_iter([(
                "$ref".into(),
                Value::from(reference),
            )])));
        }
        self.refusal(self.resolve(response)?)
    }

    /// A refusal (`4xx`, `5xx`, `default`): its `description` and, per
    /// media type, its schema (no examples: the models' test decodes the
    /// successes' only).
    fn refusal(&self, response: &Value) -> Result<Value, String> {
        let mut out = Map::new();
        if let Some(description) = response.get("description") {
            out.insert("description".into(), description.clone());
        }
        let mut content = Map::new();
        for (media_type, entry) in response
            .get("content")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let mut kept = Map::new();
            if let Some(schema) = entry.get("schema") {
                kept.insert("schema".into(), self.model_schema(schema, 0)?);
            }
            content.insert(media_type.clone(), Value::Object(kept));
        }
        if !content.is_empty() {
            out.insert("content".into(), Value::Object(content));
        }
        Ok(Value::Object(out))
    }

    /// An example's value with every `{"$ref": "#/components/examples/…"}`
    /// in it replaced by that example's value (the description writes some
    /// examples so, as a whole or in part).
    fn example_value(&self, value: &Value, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err("an example nested too deeply".into());
        }
        Ok(match value {
            Value::Object(map) => {
                if let Some(reference) = map.get("$ref").and_then(Value::as_str)
                    && reference.starts_with("#/components/examples/")
                {
                    let example = self.resolve(value)?;
                    let inner = example.get("value").unwrap_or(&Value::Null);
                    return self.example_value(inner, depth + 1);
                }
                Value::Object(
                    map.iter()
                        .map(|(k, v)| Ok((k.clone(), self.example_value(v, depth + 1)?)))
                        .collect::<Result<_, String>>()?,
                )
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|v| self.example_value(v, depth + 1))
                    .collect::<Result<_, String>>()?,
            ),
            other => other.clone(),
        })
    }

    /// An answer's schema with the keys a model needs; a reference to a
    /// component schema is kept (and the component noted).
    fn model_schema(&self, schema: &Value, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err("a schema nested too deeply".into());
        }
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str)
            && let Some(name) = reference.strip_prefix(COMPONENT_SCHEMAS)
        {
            self.components.borrow_mut().insert(name.to_owned());
            return Ok(Value::Object(Map::from_iter([(
                "$ref".into(),
                Value::from(reference),
            )])));
        }
        let schema = self.resolve(schema)?;
        let mut out = Map::new();
        for key in MODEL_KEYS {
            if let Some(value) = schema.get(key) {
                out.insert(key.into(), value.clone());
            }
        }
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            let mut kept = Map::new();
            for (name, property) in properties {
                kept.insert(name.clone(), self.model_schema(property, depth + 1)?);
            }
            out.insert("properties".into(), Value::Object(kept));
        }
        for key in ["items", "additionalProperties"] {
            match schema.get(key) {
                Some(nested @ Value::Object(_)) => {
                    out.insert(key.into(), self.model_schema(nested, depth + 1)?);
                }
                Some(other) => {
                    out.insert(key.into(), other.clone());
                }
                None => {}
            }
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            if let Some(list) = schema.get(key).and_then(Value::as_array) {
                let list = list
                    .iter()
                    .map(|alternative| self.model_schema(alternative, depth + 1))
                    .collect::<Result<Vec<_>, _>>()?;
                out.insert(key.into(), Value::Array(list));
            }
        }
        Ok(Value::Object(out))
    }

    /// `components.responses`, the shared refusals the operations
    /// reference, and `components.schemas`, every component the answers
    /// reach, directly or through other components; each in name order.
    fn components(&self) -> Result<Value, String> {
        let mut responses = Map::new();
        for name in self.responses.borrow().iter() {
            let response = self
                .spec
                .pointer(&format!("/components/responses/{name}"))
                .ok_or_else(|| format!("unresolved component response `{name}`"))?;
            let kept = self
                .refusal(self.resolve(response)?)
                .map_err(|err| format!("component response `{name}`: {err}"))?;
            responses.insert(name.clone(), kept);
        }
        let mut done = BTreeMap::new();
        loop {
            let pending: Vec<String> = self
                .components
                .borrow()
                .iter()
                .filter(|name| !done.contains_key(*name))
                .cloned()
                .collect();
            if pending.is_empty() {
                break;
            }
            for name in pending {
                let schema = self
                    .spec
                    .pointer(&format!("/components/schemas/{name}"))
                    .ok_or_else(|| format!("unresolved component schema `{name}`"))?;
                let kept = self.model_schema(schema, 0)?;
                done.insert(name, kept);
            }
        }
        let schemas: Map<String, Value> = done.into_iter().collect();
        let mut out = Map::new();
        if !responses.is_empty() {
            out.insert("responses".into(), Value::Object(responses));
        }
        out.insert("schemas".into(), Value::Object(schemas));
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn extract(spec: &Value) -> Value {
        Extractor {
            spec,
            components: Default::default(),
            responses: Default::default(),
        }
        .extract()
        .unwrap()
    }

    #[test]
    fn the_refusals_are_kept_a_shared_one_by_reference_and_once() {
        let spec = json!({
            "openapi": "3.0.3",
            "paths": {
                "/issues/{n}": {"get": {"operationId": "issues/get", "responses": {
                    "200": {"description": "Response", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/issue"}
                    }}},
                    "301": {"$ref": "#/components/responses/moved_permanently"},
                    "404": {"$ref": "#/components/responses/not_found"},
                    "422": {"description": "Validation failed", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/validation-error"},
                        "examples": {"default": {"value": {"message": "no"}}}
                    }}},
                    "default": {"description": "Anything else"}
                }}},
                "/gists": {"get": {"operationId": "gists/list", "responses": {
                    "200": {"description": "Response"},
                    "404": {"$ref": "#/components/responses/not_found"}
                }}}
            },
            "components": {
                "responses": {
                    "not_found": {"description": "Resource not found", "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/basic-error"}}
                    }},
                    "moved_permanently": {"description": "Moved permanently", "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/moved"}}
                    }},
                    "unused": {"description": "Unused"}
                },
                "schemas": {
                    "issue": {"type": "object", "properties": {"id": {"type": "integer", "example": 1}}},
                    "basic-error": {"title": "Basic Error", "type": "object", "properties": {
                        "message": {"type": "string"}, "status": {"type": "string"}
                    }},
                    "validation-error": {"type": "object", "required": ["message"], "properties": {
                        "message": {"type": "string"},
                        "errors": {"type": "array", "items": {"type": "object", "properties": {
                            "code": {"type": "string"}
                        }}}
                    }},
                    "moved": {"type": "object"}
                }
            }
        });
        let out = extract(&spec);
        let responses = &out["paths"]["/issues/{n}"]["get"]["responses"];
        assert_eq!(
            responses["404"],
            json!({"$ref": "#/components/responses/not_found"})
        );
        assert_eq!(
            responses["422"],
            json!({"description": "Validation failed", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/validation-error"}
            }}})
        );
        assert_eq!(
            responses["default"],
            json!({"description": "Anything else"})
        );
        // A redirection is no refusal: left out, and what only it reaches.
        assert!(responses.get("301").is_none());
        assert_eq!(
            out["components"]["responses"],
            json!({"not_found": {"description": "Resource not found", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/basic-error"}}
            }}})
        );
        let schemas = out["components"]["schemas"].as_object().unwrap();
        assert_eq!(
            schemas.keys().collect::<Vec<_>>(),
            ["basic-error", "issue", "validation-error"]
        );
        assert_eq!(
            schemas["validation-error"]["properties"]["errors"]["items"]["properties"]["code"],
            json!({"type": "string"})
        );
    }

    #[test]
    fn a_broken_shared_refusal_is_an_error_naming_it() {
        let spec = json!({
            "paths": {"/x": {"get": {"responses": {
                "404": {"$ref": "#/components/responses/nowhere"}
            }}}},
            "components": {}
        });
        let err = Extractor {
            spec: &spec,
            components: Default::default(),
            responses: Default::default(),
        }
        .extract()
        .unwrap_err();
        assert!(err.contains("`nowhere`"), "{err}");
    }
}
