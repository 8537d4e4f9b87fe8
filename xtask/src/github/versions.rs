//! The GitHub versions the models are written for: a field of an answer is
//! plain (required) only where every supported description requires it and
//! forbids `null`.
//!
//! The extract is written from today's api.github.com description; GitHub
//! Enterprise Server installations run releases for years after GitHub
//! stops supporting them, and earlier api.github.com answers (recorded,
//! cached, replayed) lack what was added since. [`relax`] reads one older
//! description and, wherever an answer's object schema of the extract has
//! a counterpart there (a component schema of the same name, a shared
//! answer of `components.responses` of the same name, or the same
//! operation's answer of the same status and media type), takes out of
//! `required` every property the older schema does not require, or allows
//! to be `null`. The generator then makes those fields `Option`s, and an
//! answer of that version decodes.
//!
//! The descriptions read are named in the extract's
//! `info.x-endpoint-versions`, and in `endpoint-github/openapi/README.md`.

use serde_json::Value;

/// How deeply schemas are compared; the descriptions nest far less.
const MAX_DEPTH: usize = 32;

/// What [`relax`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Relaxed {
    /// Schemas of the extract that had a counterpart in the older
    /// description.
    pub matched: usize,
    /// Properties taken out of a `required` list.
    pub fields: usize,
}

/// Relaxes the answers of `extract` by `older`, a whole OpenAPI
/// description of an earlier or other GitHub version.
pub fn relax(extract: &mut Value, older: &Value) -> Relaxed {
    let mut relaxed = Relaxed::default();
    if let Some(components) = extract
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    {
        let old_components = older.get("components").and_then(|c| c.get("schemas"));
        for (name, schema) in components.iter_mut() {
            // `nullable-X` is `X` that may be `null` (newer descriptions
            // have both, older ones only `X`): both are relaxed alike, so
            // that the generator still reads them as one type.
            let plain = name.strip_prefix("nullable-").unwrap_or(name);
            let counterpart = [name.clone(), plain.to_owned(), format!("nullable-{plain}")]
                .into_iter()
                .find_map(|name| old_components.and_then(|s| s.get(&name)));
            if let Some(old) = counterpart {
                relaxed.matched += 1;
                relax_schema(schema, old, older, 0, &mut relaxed);
            }
        }
    }
    // The shared refusals, each by the older answer of the same name.
    if let Some(responses) = extract
        .pointer_mut("/components/responses")
        .and_then(Value::as_object_mut)
    {
        let old_responses = older.get("components").and_then(|c| c.get("responses"));
        for (name, response) in responses.iter_mut() {
            if let Some(old) = old_responses.and_then(|r| r.get(name)) {
                relax_content(response, old, older, &mut relaxed);
            }
        }
    }
    let Some(paths) = extract.get_mut("paths").and_then(Value::as_object_mut) else {
        return relaxed;
    };
    for (path, item) in paths.iter_mut() {
        let Some(old_item) = older.get("paths").and_then(|p| p.get(path)) else {
            continue;
        };
        let old_item = resolve(old_item, older);
        for (method, operation) in item.as_object_mut().into_iter().flatten() {
            let Some(old_responses) = old_item.get(method).and_then(|o| o.get("responses")) else {
                continue;
            };
            let responses = operation
                .get_mut("responses")
                .and_then(Value::as_object_mut);
            for (status, response) in responses.into_iter().flatten() {
                let Some(old_response) = old_responses.get(status) else {
                    continue;
                };
                // A reference to a shared refusal is relaxed with it.
                relax_content(response, old_response, older, &mut relaxed);
            }
        }
    }
    relaxed
}

/// Relaxes each media type's schema of one answer of the extract by the
/// same media type's schema of `old`, its counterpart in `older`.
fn relax_content(response: &mut Value, old: &Value, older: &Value, relaxed: &mut Relaxed) {
    let old_content = resolve(old, older).get("content");
    let content = response.get_mut("content").and_then(Value::as_object_mut);
    for (media_type, entry) in content.into_iter().flatten() {
        let old_schema = old_content
            .and_then(|c| c.get(media_type))
            .and_then(|e| e.get("schema"));
        if let (Some(schema), Some(old)) = (entry.get_mut("schema"), old_schema) {
            relaxed.matched += 1;
            relax_schema(schema, old, older, 0, relaxed);
        }
    }
}

/// How the extract names a description it read: its file's stem (which
/// `@octokit/openapi` names after the GitHub version: `api.github.com`,
/// `ghec`, `ghes-3.9`) and the package version it was published in
/// (`info.version`): `ghes-3.9 12.0.0`.
pub fn name(file: &std::path::Path, description: &Value) -> Option<String> {
    let stem = file.file_stem()?.to_str()?;
    let package = description.pointer("/info/version")?.as_str()?;
    Some(format!("{stem} {package}"))
}

/// Follows `$ref`s inside `spec` until a value that is not one (or one
/// that does not resolve, returned as it is).
fn resolve<'v>(mut value: &'v Value, spec: &'v Value) -> &'v Value {
    for _ in 0..MAX_DEPTH {
        let Some(pointer) = value
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|reference| reference.strip_prefix('#'))
        else {
            return value;
        };
        match spec.pointer(pointer) {
            Some(target) => value = target,
            None => return value,
        }
    }
    value
}

/// An object schema's properties and required names, with those of its
/// `allOf` parts.
#[derive(Default)]
struct Object<'v> {
    /// Each property's name and schema.
    properties: Vec<(&'v str, &'v Value)>,
    required: Vec<&'v str>,
}

fn flatten<'v>(schema: &'v Value, spec: &'v Value, depth: usize, out: &mut Object<'v>) {
    if depth > MAX_DEPTH {
        return;
    }
    let schema = resolve(schema, spec);
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        out.properties.extend(
            properties
                .iter()
                .map(|(name, property)| (name.as_str(), property)),
        );
    }
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        out.required
            .extend(required.iter().filter_map(Value::as_str));
    }
    for part in schema
        .get("allOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        flatten(part, spec, depth + 1, out);
    }
}

/// Whether `schema` allows `null`: `nullable: true`, a type list with
/// `null`, or an alternative that allows it.
fn allows_null(schema: &Value, spec: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let schema = resolve(schema, spec);
    if schema.get("nullable") == Some(&Value::Bool(true)) {
        return true;
    }
    match schema.get("type") {
        Some(Value::String(kind)) if kind == "null" => return true,
        Some(Value::Array(kinds)) if kinds.iter().any(|k| k == "null") => return true,
        _ => {}
    }
    ["oneOf", "anyOf"].iter().any(|key| {
        schema
            .get(*key)
            .and_then(Value::as_array)
            .is_some_and(|list| list.iter().any(|s| allows_null(s, spec, depth + 1)))
    })
}

/// Relaxes one schema of the extract by its counterpart `old` in `spec`.
fn relax_schema(cur: &mut Value, old: &Value, spec: &Value, depth: usize, out: &mut Relaxed) {
    if depth > MAX_DEPTH || cur.get("$ref").is_some() {
        // A component is relaxed by its own counterpart.
        return;
    }
    let old = resolve(old, spec);
    let mut object = Object::default();
    flatten(old, spec, 0, &mut object);
    if let Some(parts) = cur.get_mut("allOf").and_then(Value::as_array_mut) {
        for part in parts {
            relax_schema(part, old, spec, depth + 1, out);
        }
    }
    if !object.properties.is_empty()
        && let Some(Value::Object(properties)) = cur.get("properties")
    {
        let old_schema = |name: &str| {
            object
                .properties
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, s)| *s)
        };
        let names: Vec<String> = properties.keys().cloned().collect();
        if let Some(required) = cur.get_mut("required").and_then(Value::as_array_mut) {
            let before = required.len();
            required.retain(|name| {
                let Some(name) = name.as_str() else {
                    return true;
                };
                object.required.contains(&name)
                    && old_schema(name).is_some_and(|s| !allows_null(s, spec, 0))
            });
            out.fields += before - required.len();
        }
        if let Some(Value::Object(properties)) = cur.get_mut("properties") {
            for name in names {
                if let (Some(property), Some(old)) = (properties.get_mut(&name), old_schema(&name))
                {
                    relax_schema(property, old, spec, depth + 1, out);
                }
            }
        }
    }
    for key in ["items", "additionalProperties"] {
        if let (Some(nested @ Value::Object(_)), Some(old_nested @ Value::Object(_))) =
            (cur.get_mut(key), old.get(key))
        {
            relax_schema(nested, old_nested, spec, depth + 1, out);
        }
    }
    for key in ["oneOf", "anyOf"] {
        if let (Some(Value::Array(list)), Some(Value::Array(old_list))) =
            (cur.get_mut(key), old.get(key))
            && list.len() == old_list.len()
        {
            for (alternative, old_alternative) in list.iter_mut().zip(old_list) {
                relax_schema(alternative, old_alternative, spec, depth + 1, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_field_an_older_version_lacks_or_nulls_is_not_required() {
        let mut extract = json!({
            "paths": {"/runs/{id}": {"get": {"responses": {"200": {"content": {"application/json": {
                "schema": {"type": "object", "properties": {
                    "id": {"type": "integer"}, "path": {"type": "string"}, "title": {"type": "string"},
                    "actor": {"$ref": "#/components/schemas/user"}
                }, "required": ["id", "path", "title", "actor"]}
            }}}}}}},
            "components": {"schemas": {"user": {"type": "object", "properties": {
                "login": {"type": "string"}, "followers_url": {"type": "string"}
            }, "required": ["login", "followers_url"]}}}
        });
        let older = json!({
            "paths": {"/runs/{id}": {"get": {"responses": {"200": {"$ref": "#/components/responses/run"}}}}},
            "components": {
                "responses": {"run": {"content": {"application/json": {"schema": {"allOf": [
                    {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]},
                    {"type": "object", "properties": {
                        "title": {"type": "string", "nullable": true},
                        "actor": {"$ref": "#/components/schemas/user"}
                    }, "required": ["title", "actor"]}
                ]}}}}},
                "schemas": {"user": {"type": "object", "properties": {"login": {"type": "string"}}, "required": ["login"]}}
            }
        });
        let relaxed = relax(&mut extract, &older);
        assert_eq!(
            relaxed,
            Relaxed {
                matched: 2,
                fields: 3
            }
        );
        let run = &extract["paths"]["/runs/{id}"]["get"]["responses"]["200"]["content"]["application/json"]
            ["schema"];
        // `path` is not in the older answer, `title` may be null there.
        assert_eq!(run["required"], json!(["id", "actor"]));
        assert_eq!(
            extract["components"]["schemas"]["user"]["required"],
            json!(["login"])
        );
    }

    #[test]
    fn a_shared_refusal_is_relaxed_by_the_older_one_of_its_name() {
        let unavailable = json!({"content": {"application/json": {"schema": {
            "type": "object",
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
            "required": ["code", "message"]
        }}}});
        let mut extract = json!({
            "paths": {"/x": {"get": {"responses": {
                "503": {"$ref": "#/components/responses/service_unavailable"}
            }}}},
            "components": {"responses": {"service_unavailable": unavailable}, "schemas": {}}
        });
        let older = json!({
            "paths": {"/x": {"get": {"responses": {
                "503": {"$ref": "#/components/responses/service_unavailable"}
            }}}},
            "components": {"responses": {"service_unavailable": {"content": {"application/json": {
                "schema": {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]}
            }}}}}
        });
        let relaxed = relax(&mut extract, &older);
        assert_eq!(
            relaxed,
            Relaxed {
                matched: 1,
                fields: 1
            }
        );
        assert_eq!(
            extract.pointer("/components/responses/service_unavailable/content/application~1json/schema/required"),
            Some(&json!(["message"]))
        );
        // The operation's reference is left as it is.
        assert_eq!(
            extract["paths"]["/x"]["get"]["responses"]["503"],
            json!({"$ref": "#/components/responses/service_unavailable"})
        );
    }

    #[test]
    fn what_an_older_version_does_not_describe_is_left_alone() {
        let mut extract = json!({
            "paths": {"/new": {"get": {"responses": {"200": {"content": {"application/json": {
                "schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
            }}}}}}},
            "components": {"schemas": {"thing": {"type": "object", "properties": {"a": {}}, "required": ["a"]}}}
        });
        let before = extract.clone();
        let older = json!({"paths": {}, "components": {"schemas": {"thing": {"type": "object"}}}});
        let relaxed = relax(&mut extract, &older);
        assert_eq!(
            relaxed,
            Relaxed {
                matched: 1,
                fields: 0
            }
        );
        assert_eq!(extract, before);
    }
}
