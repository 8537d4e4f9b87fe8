//! What requests send and answers hold: every model a request holds is
//! built by `new(…)` of its required fields (and `Default` when it has
//! none), a `readOnly` property is never sent and a `writeOnly` one never
//! answered, a schema both use planned once for each when they differ.
//!
//! The models are `request_bodies/models.rs`, emitted from the description
//! below; the first test says when the file is not what the generator
//! writes today (`ENDPOINT_OPENAPI_WRITE=1` rewrites it).

use super::emitted;
use super::file;
use crate::operations::{self, Modules};
use crate::package::{Dependency, Generated, Options, generate_read};
use crate::read::read_value;
use serde_json::{Value, json};

// Kept as the emitter writes it, which the first test compares.
#[rustfmt::skip]
#[allow(dead_code)]
#[path = "request_bodies/models.rs"]
mod models;

const MODELS: &str = "src/tests/request_bodies/models.rs";

fn schema(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

fn answer(schema: Value) -> Value {
    json!({"description": "Done.", "content": {"application/json": {"schema": schema}}})
}

fn description() -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Cloud", "version": "1"},
        "servers": [{"url": "https://cloud.example.com/v1"}],
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                // Two required properties beside three optional ones, in
                // two parts of an `allOf`; a required `id` that only the
                // server sends.
                "ServerFields": {"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "integer", "readOnly": true},
                    "label": {"type": "string"},
                    "tags": {"type": "array", "items": {"type": "string"}},
                    "backups": {"type": "boolean"}
                }},
                "Size": {"type": "string", "enum": ["small", "large"]},
                // Sent and answered: planned for each.
                "Server": {"type": "object", "required": ["id", "name", "password", "created"],
                           "properties": {
                    "id": {"type": "integer", "readOnly": true},
                    "name": {"type": "string"},
                    "password": {"type": "string", "writeOnly": true},
                    "created": {"type": "string", "readOnly": true},
                    "ports": {"type": "array", "items": schema("Port")},
                    "size": schema("Size")
                }},
                // A `readOnly` property of a list's item.
                "Port": {"type": "object", "required": ["number", "id"], "properties": {
                    "number": {"type": "integer", "format": "int32"},
                    "id": {"type": "string", "readOnly": true}
                }},
                // Only answered: its `writeOnly` property is left out.
                "Session": {"type": "object", "required": ["token", "secret"], "properties": {
                    "token": {"type": "string"},
                    "secret": {"type": "string", "writeOnly": true}
                }},
                // Only sent, every property optional.
                "Settings": {"type": "object", "properties": {
                    "theme": {"type": "string"},
                    "new": {"type": "boolean"},
                    "updated": {"type": "string", "readOnly": true}
                }}
            }
        },
        "security": [{"bearer": []}],
        "paths": {
            "/servers": {"post": {
                "operationId": "createServer",
                "tags": ["servers"],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "allOf": [
                        schema("ServerFields"),
                        {"type": "object", "required": ["region", "size"], "properties": {
                            "region": {"type": "string"},
                            "size": schema("Size")
                        }}
                    ]
                }}}},
                "responses": {"201": answer(schema("Server"))}
            }},
            "/servers/{id}": {
                "parameters": [{"name": "id", "in": "path", "required": true,
                                "schema": {"type": "string"}}],
                "put": {
                    "operationId": "replaceServer",
                    "tags": ["servers"],
                    "requestBody": {"required": true, "content": {"application/json": {
                        "schema": {"allOf": [schema("Server")]}
                    }}},
                    "responses": {"200": answer(schema("Server"))}
                },
                "get": {
                    "operationId": "getServer",
                    "tags": ["servers"],
                    "responses": {"200": answer(schema("Server"))}
                }
            },
            // A body of properties, each a field of the struct: the
            // `readOnly` one, required, is not.
            "/servers/{id}/actions": {"post": {
                "operationId": "startAction",
                "tags": ["servers"],
                "parameters": [{"name": "id", "in": "path", "required": true,
                                "schema": {"type": "string"}}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["type", "started"], "properties": {
                        "type": {"type": "string"},
                        "started": {"type": "string", "readOnly": true}
                    }
                }}}},
                "responses": {"204": {"description": "Started."}}
            }},
            "/settings": {"patch": {
                "operationId": "updateSettings",
                "tags": ["settings"],
                "requestBody": {"content": {"application/json": {"schema": {
                    "allOf": [schema("Settings")]
                }}}},
                "responses": {"204": {"description": "Saved."}}
            }},
            "/sessions": {"post": {
                "operationId": "createSession",
                "tags": ["sessions"],
                "responses": {"201": answer(schema("Session"))}
            }}
        }
    })
}

fn planned() -> (operations::Plan, String) {
    let emitted = emitted::models("request_bodies", description());
    assert!(emitted.diagnostics.is_empty(), "{:?}", emitted.diagnostics);
    (emitted.plan, emitted.source)
}

fn generated(description: Value) -> Generated {
    let read = read_value(description, None, &[]).expect("a description");
    let options = Options {
        name: "cloud-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    generate_read(&read, &options).expect("a crate")
}

/// The text of the item that starts with `head` (up to its closing line).
fn item<'t>(text: &'t str, head: &str) -> &'t str {
    let start = text
        .find(head)
        .unwrap_or_else(|| panic!("no `{head}` in\n{text}"));
    let end = text[start..]
        .find("\n}\n")
        .map_or(text.len(), |end| start + end + 3);
    &text[start..end]
}

/// The keys of the struct `name`'s fields, as the emitted models write them.
fn fields(source: &str, name: &str) -> Vec<String> {
    item(source, &format!("pub struct {name} {{"))
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub "))
        .filter_map(|rest| rest.split_once(':').map(|(name, _)| name.to_owned()))
        .collect()
}

#[test]
fn the_models_are_the_emitted_ones() {
    let (_, emitted) = planned();
    emitted::check_file(MODELS, &emitted);
}

#[test]
fn a_whole_body_of_required_and_optional_properties_is_built_by_new() {
    let (_, emitted) = planned();
    assert!(
        emitted.contains(
            "    pub fn new(region: impl Into<String>, size: Size) -> Self {\n        \
             Self {\n            label: None,\n            tags: None,\n            \
             backups: None,\n            region: region.into(),\n            size,\n        }\n"
        ),
        "{emitted}"
    );
    let body = models::CreateServerBody {
        label: Some("web".into()),
        ..models::CreateServerBody::new("fra1", models::Size::Small)
    };
    assert_eq!(
        serde_json::to_value(&body).unwrap(),
        json!({"label": "web", "region": "fra1", "size": "small"})
    );
    // The `readOnly` `id` the first part requires is neither a field nor
    // an argument.
    assert_eq!(
        fields(&emitted, "CreateServerBody"),
        ["label", "tags", "backups", "region", "size"]
    );
    // Every property optional: `Default` and `new()` alike.
    let settings = models::Settings {
        theme: Some("dark".into()),
        ..Default::default()
    };
    let same = models::Settings {
        theme: Some("dark".into()),
        ..models::Settings::new()
    };
    assert_eq!(settings, same);
    assert_eq!(
        serde_json::to_value(&settings).unwrap(),
        json!({"theme": "dark"})
    );
    // A property named `new` is a field beside the constructor.
    let fresh = models::Settings {
        new: Some(true),
        ..models::Settings::new()
    };
    assert_eq!(serde_json::to_value(&fresh).unwrap(), json!({"new": true}));
    // A model only answered has no constructor.
    assert!(!item(&emitted, "pub struct Session {").contains("fn new"));
    assert!(!emitted.contains("impl Session {"), "{emitted}");
}

#[test]
fn read_only_is_not_sent_and_write_only_not_answered() {
    let (plan, emitted) = planned();
    // Answered: without the password.
    assert_eq!(
        fields(&emitted, "Server"),
        ["id", "name", "created", "ports", "size"]
    );
    assert_eq!(fields(&emitted, "Port"), ["number", "id"]);
    assert_eq!(fields(&emitted, "Session"), ["token"]);
    // Sent: without what the server sets, the lists' items too.
    assert_eq!(
        fields(&emitted, "ServerRequest"),
        ["name", "password", "ports", "size"]
    );
    assert!(
        emitted.contains("pub ports: Option<Vec<PortRequest>>,"),
        "{emitted}"
    );
    assert_eq!(fields(&emitted, "PortRequest"), ["number"]);
    assert_eq!(fields(&emitted, "Settings"), ["theme", "new"]);
    let server = models::ServerRequest {
        ports: Some(vec![models::PortRequest::new(443)]),
        ..models::ServerRequest::new("web", "s3cret")
    };
    assert_eq!(
        serde_json::to_value(&server).unwrap(),
        json!({"name": "web", "password": "s3cret", "ports": [{"number": 443}]})
    );
    let answered = json!({"id": 7, "name": "web", "created": "today", "password": "leaked",
                          "ports": [{"number": 443, "id": "p1"}]});
    let server: models::Server = serde_json::from_value(answered).unwrap();
    assert_eq!(server.id, 7);
    assert_eq!(server.ports.as_ref().unwrap()[0].id, "p1");
    // The request's struct holds the request's type.
    let servers = plan
        .operations
        .iter()
        .find(|op| op.name == "ReplaceServer")
        .unwrap();
    let body = servers
        .fields
        .iter()
        .find(|field| field.name == "body")
        .unwrap();
    let request = plan
        .types
        .iter()
        .position(|def| def.name == "ServerRequest")
        .unwrap();
    assert_eq!(
        body.ty,
        operations::Ty::Planned(crate::types::Type::Named(request))
    );
}

#[test]
fn a_property_of_the_body_that_is_read_only_is_no_field() {
    let generated = generated(description());
    let servers = file(&generated, "src/servers.rs");
    let action = item(servers, "pub struct StartAction");
    assert!(action.contains("pub r#type: String,"), "{action}");
    assert!(!action.contains("started"), "{action}");
    assert!(
        servers.contains("pub fn new(id: impl Into<String>, r#type: impl Into<String>) -> Self {"),
        "{servers}"
    );
    let replace = item(servers, "pub struct ReplaceServer");
    assert!(
        replace.contains("pub body: crate::models::ServerRequest,"),
        "{replace}"
    );
}

#[test]
fn the_first_call_shows_a_write_built_by_new() {
    let generated = generated(description());
    let lib = file(&generated, "src/lib.rs");
    let create = "//! let created = client.send(&servers::CreateServer::new(\
                  cloud_api::models::CreateServerBody { label: Some(\"label\".into()), \
                  ..cloud_api::models::CreateServerBody::new(\"region\", \
                  cloud_api::models::Size::Small) }))?.body; // its answer, decoded\n";
    assert!(lib.contains(create), "{lib}");
    assert!(
        lib.contains("//! use cloud_api::{BASE_URL, servers};\n"),
        "{lib}"
    );
    let readme = file(&generated, "README.md");
    assert!(
        readme.contains(create.trim_start_matches("//! ")),
        "{readme}"
    );
}

#[test]
fn read_only_beside_a_reference_holds_from_openapi_3_1() {
    let mut description = description();
    description["openapi"] = json!("3.1.0");
    // `readOnly` beside `$ref`, alone and with a description and a
    // default, which make it an `allOf` of the two.
    description["components"]["schemas"]["Server"]["properties"]["size"] =
        json!({"$ref": "#/components/schemas/Size", "readOnly": true});
    description["components"]["schemas"]["Server"]["properties"]["owner"] = json!({
        "$ref": "#/components/schemas/Port", "readOnly": true, "default": {"number": 1}
    });
    // And in a part of an `allOf`, as a description may write it itself.
    description["components"]["schemas"]["Server"]["properties"]["mirror"] = json!({
        "allOf": [{"$ref": "#/components/schemas/Port"}, {"readOnly": true}]
    });
    let generated = generated(description);
    let models = file(&generated, "src/models.rs");
    assert_eq!(
        fields(models, "Server"),
        ["id", "name", "created", "ports", "size", "owner", "mirror"]
    );
    assert_eq!(
        fields(models, "ServerRequest"),
        ["name", "password", "ports"]
    );
}

#[test]
fn read_only_holds_in_swagger_2() {
    let description = json!({
        "swagger": "2.0",
        "info": {"title": "Cloud", "version": "1"},
        "host": "cloud.example.com",
        "paths": {"/servers": {"post": {
            "operationId": "createServer",
            "tags": ["servers"],
            "parameters": [{"name": "body", "in": "body", "required": true, "schema": {
                "allOf": [{"$ref": "#/definitions/Server"}]
            }}],
            "responses": {"201": {"description": "Created.",
                                  "schema": {"$ref": "#/definitions/Server"}}}
        }}},
        "definitions": {"Server": {"type": "object", "required": ["id", "name"], "properties": {
            "id": {"type": "integer", "readOnly": true},
            "name": {"type": "string"}
        }}}
    });
    let generated = generated(description);
    let models = file(&generated, "src/models.rs");
    assert_eq!(fields(models, "Server"), ["id", "name"]);
    assert_eq!(fields(models, "ServerRequest"), ["name"]);
    assert!(
        models.contains("pub fn new(name: impl Into<String>) -> Self {"),
        "{models}"
    );
}
