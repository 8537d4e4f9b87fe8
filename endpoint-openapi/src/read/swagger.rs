//! Swagger 2.0 to OpenAPI 3.0, on the raw document, before it is read:
//!
//! - `schemes` × `host` + `basePath` → `servers`;
//! - `definitions`, `parameters`, `responses`, `securityDefinitions` →
//!   `components.schemas`, `.parameters`, `.responses`, `.securitySchemes`,
//!   and every `$ref` to them with them;
//! - a parameter's `type`, `format`, `items`, `enum`, … → its `schema`, its
//!   `collectionFormat` → `style` and `explode`;
//! - `in: body` → `requestBody` of each `consumes` media type; `in:
//!   formData` → a form body (`multipart/form-data` when `consumes` says
//!   so, `application/x-www-form-urlencoded` otherwise) of an object with a
//!   property per parameter, `type: file` a binary string;
//! - an answer's `schema` → `content` of each `produces` media type, its
//!   headers' types → schemas;
//! - in schemas, `type: file` → a binary string, `x-nullable` → `nullable`.

use serde_json::{Map, Value, json};

use crate::diag::Diagnostics;

use crate::pointer::{escape, unescape};

/// The media type of bodies and answers when `consumes` or `produces`
/// says none.
const JSON: &str = "application/json";

/// The keywords of a Swagger 2.0 non-body parameter that are its value's
/// schema.
const SCHEMA_KEYS: [&str; 18] = [
    "type",
    "format",
    "items",
    "enum",
    "default",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "x-nullable",
    "example",
];

const METHODS: [&str; 7] = ["get", "put", "post", "delete", "options", "head", "patch"];

/// Rewrites the Swagger 2.0 document `description` as OpenAPI 3.0.
pub(crate) fn convert(description: &mut Value, diagnostics: &mut Diagnostics) {
    let Some(root) = description.as_object_mut() else {
        return;
    };
    let consumes = media_types(root.get("consumes"));
    let produces = media_types(root.get("produces"));
    let shared_parameters = root
        .get("parameters")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();

    let mut components = Map::new();
    if let Some(Value::Object(mut definitions)) = root.shift_remove("definitions") {
        for schema in definitions.values_mut() {
            convert_schema(schema);
        }
        components.insert("schemas".into(), Value::Object(definitions));
    }
    let mut parameters = Map::new();
    for (name, parameter) in &shared_parameters {
        if !is_body(parameter) {
            let mut parameter = parameter.clone();
            convert_parameter(
                &mut parameter,
                &format!("#/parameters/{}", escape(name)),
                diagnostics,
            );
            parameters.insert(name.clone(), parameter);
        }
    }
    root.shift_remove("parameters");
    if !parameters.is_empty() {
        components.insert("parameters".into(), Value::Object(parameters));
    }
    if let Some(Value::Object(mut responses)) = root.shift_remove("responses") {
        for response in responses.values_mut() {
            convert_response(response, &produces);
        }
        components.insert("responses".into(), Value::Object(responses));
    }
    if let Some(Value::Object(schemes)) = root.shift_remove("securityDefinitions") {
        let schemes = schemes
            .into_iter()
            .map(|(name, scheme)| (name, convert_security_scheme(scheme)))
            .collect();
        components.insert("securitySchemes".into(), Value::Object(schemes));
    }
    root.insert("components".into(), Value::Object(components));

    let servers = servers(root);
    root.insert("servers".into(), Value::Array(servers));

    if let Some(Value::Object(paths)) = root.get_mut("paths") {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            let at = format!("#/paths/{}", escape(path));
            let shared = take_parameters(item.get_mut("parameters"), &shared_parameters);
            for method in METHODS {
                let Some(Value::Object(operation)) = item.get_mut(method) else {
                    continue;
                };
                let at = format!("{at}/{method}");
                let own = take_parameters(operation.get_mut("parameters"), &shared_parameters);
                let mut body_parameters = shared.clone();
                for parameter in own {
                    let same = |p: &Value| {
                        p.get("name") == parameter.get("name") && p.get("in") == parameter.get("in")
                    };
                    body_parameters.retain(|p| !same(p));
                    body_parameters.push(parameter);
                }
                let consumes = media_types(operation.get("consumes")).or_else(|| consumes.clone());
                let produces = media_types(operation.get("produces")).or_else(|| produces.clone());
                if let Some(body) = request_body(&body_parameters, consumes, &at, diagnostics) {
                    operation.insert("requestBody".into(), body);
                }
                if let Some(Value::Array(list)) = operation.get_mut("parameters") {
                    for (i, parameter) in list.iter_mut().enumerate() {
                        convert_parameter(parameter, &format!("{at}/parameters/{i}"), diagnostics);
                    }
                }
                if let Some(Value::Object(responses)) = operation.get_mut("responses") {
                    for response in responses.values_mut() {
                        convert_response(response, &produces);
                    }
                }
                operation.shift_remove("consumes");
                operation.shift_remove("produces");
                operation.shift_remove("schemes");
            }
            if let Some(Value::Array(list)) = item.get_mut("parameters") {
                for (i, parameter) in list.iter_mut().enumerate() {
                    convert_parameter(parameter, &format!("{at}/parameters/{i}"), diagnostics);
                }
            }
        }
    }
    rewrite_refs(description);
}

/// `consumes` or `produces`, when it is a list.
fn media_types(value: Option<&Value>) -> Option<Vec<String>> {
    let list = value?.as_array()?;
    Some(
        list.iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
    )
}

fn is_body(parameter: &Value) -> bool {
    matches!(
        parameter.get("in").and_then(Value::as_str),
        Some("body" | "formData")
    )
}

/// Takes the body and form parameters out of a parameter list (following
/// `#/parameters/…` references to see which they are), leaving the others.
fn take_parameters(list: Option<&mut Value>, shared: &Map<String, Value>) -> Vec<Value> {
    let Some(Value::Array(list)) = list else {
        return Vec::new();
    };
    let resolved = |parameter: &Value| -> Option<Value> {
        let reference = parameter.get("$ref")?.as_str()?;
        let name = reference.strip_prefix("#/parameters/")?;
        shared.get(&unescape(name)).cloned()
    };
    let mut taken = Vec::new();
    list.retain(|parameter| {
        let parameter = resolved(parameter).unwrap_or_else(|| parameter.clone());
        if is_body(&parameter) {
            taken.push(parameter);
            false
        } else {
            true
        }
    });
    taken
}

/// The request body of an operation's `in: body` or `in: formData`
/// parameters.
fn request_body(
    parameters: &[Value],
    consumes: Option<Vec<String>>,
    at: &str,
    diagnostics: &mut Diagnostics,
) -> Option<Value> {
    let consumes = consumes.filter(|list| !list.is_empty());
    if let Some(body) = parameters
        .iter()
        .find(|p| p.get("in").and_then(Value::as_str) == Some("body"))
    {
        let mut schema = body.get("schema").cloned().unwrap_or(json!({}));
        convert_schema(&mut schema);
        let media: Map<String, Value> = consumes
            .unwrap_or_else(|| vec![JSON.to_owned()])
            .into_iter()
            .map(|media_type| (media_type, json!({"schema": schema})))
            .collect();
        let mut out = json!({"content": media, "required": body.get("required").and_then(Value::as_bool).unwrap_or(false)});
        if let Some(description) = body.get("description") {
            out["description"] = description.clone();
        }
        if parameters
            .iter()
            .any(|p| p.get("in").and_then(Value::as_str) == Some("formData"))
        {
            diagnostics.push(
                at,
                None,
                "both `in: body` and `in: formData` parameters",
                "the body parameter",
            );
        }
        return Some(out);
    }
    let fields: Vec<&Value> = parameters
        .iter()
        .filter(|p| p.get("in").and_then(Value::as_str) == Some("formData"))
        .collect();
    if fields.is_empty() {
        return None;
    }
    let multipart = consumes
        .as_ref()
        .is_some_and(|list| list.iter().any(|m| m.starts_with("multipart/form-data")))
        || fields
            .iter()
            .any(|p| p.get("type").and_then(Value::as_str) == Some("file"));
    let media_type = if multipart {
        "multipart/form-data"
    } else {
        "application/x-www-form-urlencoded"
    };
    let mut properties = Map::new();
    let mut required = Vec::new();
    for field in fields {
        let Some(name) = field.get("name").and_then(Value::as_str) else {
            continue;
        };
        let mut schema = parameter_schema(field);
        if let Some(description) = field.get("description") {
            schema["description"] = description.clone();
        }
        properties.insert(name.to_owned(), schema);
        if field.get("required").and_then(Value::as_bool) == Some(true) {
            required.push(Value::String(name.to_owned()));
        }
    }
    let any_required = !required.is_empty();
    let mut schema = json!({"type": "object", "properties": properties});
    if any_required {
        schema["required"] = Value::Array(required);
    }
    Some(json!({"content": {media_type: {"schema": schema}}, "required": any_required}))
}

/// A non-body parameter's value schema (its type keywords), as OpenAPI 3
/// writes it.
pub(crate) fn parameter_schema(parameter: &Value) -> Value {
    let mut schema = Map::new();
    for key in SCHEMA_KEYS {
        if let Some(value) = parameter.get(key) {
            schema.insert(key.to_owned(), value.clone());
        }
    }
    let mut schema = Value::Object(schema);
    convert_schema(&mut schema);
    schema
}

/// A Swagger 2.0 non-body parameter as OpenAPI 3.0's.
fn convert_parameter(parameter: &mut Value, at: &str, diagnostics: &mut Diagnostics) {
    let Some(object) = parameter.as_object_mut() else {
        return;
    };
    if object.contains_key("$ref") || object.contains_key("schema") {
        return;
    }
    let schema = parameter_schema(&Value::Object(object.clone()));
    let is_array = object.get("type").and_then(Value::as_str) == Some("array");
    for key in SCHEMA_KEYS {
        object.shift_remove(key);
    }
    let location = object
        .get("in")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let format = object
        .shift_remove("collectionFormat")
        .and_then(|format| format.as_str().map(str::to_owned));
    if is_array {
        let (style, explode) = match (format.as_deref().unwrap_or("csv"), location.as_str()) {
            ("csv", "query" | "cookie") => ("form", false),
            ("csv", _) => ("simple", false),
            ("multi", _) => ("form", true),
            ("ssv", _) => ("spaceDelimited", false),
            ("pipes", _) => ("pipeDelimited", false),
            (other, _) => {
                diagnostics.push(
                    at,
                    None,
                    format!("`collectionFormat: {other}` has no OpenAPI 3 style"),
                    "comma-separated values",
                );
                ("form", false)
            }
        };
        object.insert("style".into(), style.into());
        object.insert("explode".into(), explode.into());
    }
    object.insert("schema".into(), schema);
}

/// The example of `media_type` among a Swagger 2.0 answer's `examples`:
/// the one of that media type, else of the same type without its
/// parameters or case (`application/json; charset=utf-8`), else, for a
/// JSON media type, the one JSON example when there is one.
fn example_of<'a>(examples: &'a Value, media_type: &str) -> Option<&'a Value> {
    let examples = examples.as_object()?;
    if let Some(example) = examples.get(media_type) {
        return Some(example);
    }
    let bare = |media: &str| {
        media
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase()
    };
    let wanted = bare(media_type);
    if let Some((_, example)) = examples.iter().find(|(media, _)| bare(media) == wanted) {
        return Some(example);
    }
    let json = |media: &str| bare(media).contains("json");
    let mut json_examples = examples.iter().filter(|(media, _)| json(media));
    match (json(media_type), json_examples.next(), json_examples.next()) {
        (true, Some((_, example)), None) => Some(example),
        _ => None,
    }
}

/// A Swagger 2.0 answer as OpenAPI 3.0's.
fn convert_response(response: &mut Value, produces: &Option<Vec<String>>) {
    let Some(object) = response.as_object_mut() else {
        return;
    };
    if object.contains_key("$ref") {
        return;
    }
    // `examples` by media type: each media type's `example`.
    let examples = object.shift_remove("examples");
    if let Some(mut schema) = object.shift_remove("schema") {
        convert_schema(&mut schema);
        let media: Map<String, Value> = produces
            .clone()
            .filter(|list| !list.is_empty())
            .unwrap_or_else(|| vec![JSON.to_owned()])
            .into_iter()
            .map(|media_type| {
                let mut media = json!({"schema": schema});
                if let Some(example) = examples.as_ref().and_then(|e| example_of(e, &media_type)) {
                    media["example"] = example.clone();
                }
                (media_type, media)
            })
            .collect();
        object.insert("content".into(), Value::Object(media));
    }
    if let Some(Value::Object(headers)) = object.get_mut("headers") {
        for header in headers.values_mut() {
            if header.get("schema").is_some() || header.get("$ref").is_some() {
                continue;
            }
            let schema = parameter_schema(header);
            let mut converted = json!({"schema": schema});
            if let Some(description) = header.get("description") {
                converted["description"] = description.clone();
            }
            *header = converted;
        }
    }
}

/// `type: file` → a binary string, `x-nullable` → `nullable`, throughout
/// a schema.
pub(crate) fn convert_schema(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            if object.get("type").and_then(Value::as_str) == Some("file") {
                object.insert("type".into(), "string".into());
                object.insert("format".into(), "binary".into());
            }
            if let Some(nullable) = object.shift_remove("x-nullable") {
                object.insert("nullable".into(), nullable);
            }
            for (key, value) in object.iter_mut() {
                if !matches!(key.as_str(), "enum" | "default" | "example" | "required") {
                    convert_schema(value);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(convert_schema),
        _ => {}
    }
}

/// `securityDefinitions` entry → `securitySchemes` entry.
fn convert_security_scheme(scheme: Value) -> Value {
    match scheme.get("type").and_then(Value::as_str) {
        Some("basic") => {
            let mut out = json!({"type": "http", "scheme": "basic"});
            if let Some(description) = scheme.get("description") {
                out["description"] = description.clone();
            }
            out
        }
        Some("oauth2") => {
            let flow = match scheme.get("flow").and_then(Value::as_str) {
                Some("accessCode") => "authorizationCode",
                Some("application") => "clientCredentials",
                Some("password") => "password",
                _ => "implicit",
            };
            let mut details = Map::new();
            for key in ["authorizationUrl", "tokenUrl"] {
                if let Some(value) = scheme.get(key) {
                    details.insert(key.to_owned(), value.clone());
                }
            }
            details.insert(
                "scopes".into(),
                scheme.get("scopes").cloned().unwrap_or(json!({})),
            );
            json!({"type": "oauth2", "flows": {flow: details}})
        }
        _ => scheme,
    }
}

/// `schemes` × `host` + `basePath`.
fn servers(root: &mut Map<String, Value>) -> Vec<Value> {
    let host = root.shift_remove("host");
    let base_path = root.shift_remove("basePath");
    let schemes = root.shift_remove("schemes");
    let base_path = base_path
        .as_ref()
        .and_then(Value::as_str)
        .unwrap_or("")
        .trim_end_matches('/');
    let Some(host) = host.as_ref().and_then(Value::as_str) else {
        let url = if base_path.is_empty() { "/" } else { base_path };
        return vec![json!({"url": url})];
    };
    let schemes = media_types(schemes.as_ref())
        .filter(|list| !list.is_empty())
        .unwrap_or_else(|| vec!["https".to_owned()]);
    schemes
        .into_iter()
        .map(|scheme| json!({"url": format!("{scheme}://{host}{base_path}")}))
        .collect()
}

/// The Swagger 2.0 places and their OpenAPI 3.0 places.
const PLACES: [(&str, &str); 3] = [
    ("/definitions/", "/components/schemas/"),
    ("/parameters/", "/components/parameters/"),
    ("/responses/", "/components/responses/"),
];

/// A JSON pointer into a Swagger 2.0 document, into the document
/// converted.
pub(crate) fn place(pointer: &str) -> String {
    for (from, to) in PLACES {
        if let Some(rest) = pointer.strip_prefix(from) {
            return format!("{to}{rest}");
        }
    }
    pointer.to_owned()
}

/// Every `$ref` to the Swagger 2.0 places, to their OpenAPI 3.0 places.
fn rewrite_refs(value: &mut Value) {
    match value {
        Value::Object(object) => {
            if let Some(Value::String(reference)) = object.get_mut("$ref")
                && let Some(pointer) = reference.strip_prefix('#')
            {
                *reference = format!("#{}", place(pointer));
            }
            object.values_mut().for_each(rewrite_refs);
        }
        Value::Array(items) => items.iter_mut().for_each(rewrite_refs),
        _ => {}
    }
}
