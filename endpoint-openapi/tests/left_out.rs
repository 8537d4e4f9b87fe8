//! Operations the specification allows, or that a description gets wrong
//! in a way that can be read leniently, are generated: each class of shape
//! that once left an operation out, on a small description written for it,
//! with the diagnostic that says what was read otherwise.

use endpoint_openapi::package::{self, Dependency, Generated, Modules, Options};
use serde_json::{Value, json};

/// The crate of a description of `paths` (OpenAPI 3.2, one server), its
/// modules by tag, and `components`.
fn generate(paths: Value, components: Value) -> Generated {
    let description = json!({
        "openapi": "3.2.0",
        "info": {"title": "Kept", "version": "1"},
        "servers": [{"url": "https://api.kept.example"}],
        "components": components,
        "paths": paths
    });
    let read = endpoint_openapi::read::read_value(description, None, &[]).unwrap();
    let options = Options {
        name: "kept-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    package::generate_read(&read, &options).unwrap()
}

fn ok() -> Value {
    json!({"200": {"description": "OK"}})
}

/// The module `src/t.rs`, with every operation of the description
/// generated and every `endpoint!` of it taken by the macro.
fn module(generated: &Generated) -> &str {
    for op in &generated.operations {
        assert!(
            !op.rust.is_empty(),
            "{:?} left out: {:?}",
            op.operation_id,
            generated.diagnostics
        );
    }
    let text = &generated
        .files
        .iter()
        .find(|f| f.path.to_str() == Some("src/t.rs"))
        .expect("the module t")
        .text;
    let file = syn::parse_file(text).expect("a module parses");
    for item in file.items {
        if let syn::Item::Macro(mac) = item
            && mac.mac.path.is_ident("endpoint")
        {
            let out = endpoint_macros_core::expand(mac.mac.tokens.clone()).to_string();
            assert!(!out.contains("compile_error"), "{out}");
        }
    }
    text
}

/// The `endpoint!` item of the struct `name` in `text`.
fn item<'t>(text: &'t str, name: &str) -> &'t str {
    let at = text
        .find(&format!("pub struct {name} "))
        .unwrap_or_else(|| panic!("no {name} in {text}"));
    let start = text[..at].rfind("endpoint! {").unwrap();
    let end = text[at..].find("\n}\n").map_or(text.len(), |end| at + end);
    &text[start..end]
}

/// The one diagnostic of the operation `id` that holds `needle`.
fn diagnostic(generated: &Generated, id: &str, needle: &str) -> String {
    generated
        .diagnostics
        .iter()
        .find(|d| d.operation.as_deref() == Some(id) && d.message.contains(needle))
        .unwrap_or_else(|| {
            panic!(
                "no diagnostic of {id} with {needle:?}: {:?}",
                generated.diagnostics
            )
        })
        .to_string()
}

#[test]
fn a_path_parameter_marked_optional_or_nullable_is_required() {
    let parameter = |schema: Value, required: bool| json!([{"name": "id", "in": "path", "required": required, "schema": schema}]);
    let generated = generate(
        json!({
            "/a/{id}": {"get": {"operationId": "optional", "tags": ["t"], "responses": ok(),
                "parameters": parameter(json!({"type": "string"}), false)}},
            "/b/{id}": {"get": {"operationId": "nullable30", "tags": ["t"], "responses": ok(),
                "parameters": parameter(json!({"type": "integer", "nullable": true}), true)}},
            "/c/{id}": {"get": {"operationId": "nullable31", "tags": ["t"], "responses": ok(),
                "parameters": parameter(json!({"type": ["string", "null"]}), true)}}
        }),
        json!({}),
    );
    let text = module(&generated);
    assert!(item(text, "Optional").contains("pub id: String"), "{text}");
    assert!(item(text, "Nullable30").contains("pub id: i64"), "{text}");
    assert!(
        item(text, "Nullable31").contains("pub id: String"),
        "{text}"
    );
    assert!(diagnostic(&generated, "optional", "`required: false`").contains("; required"));
    for id in ["nullable30", "nullable31"] {
        let line = diagnostic(&generated, id, "may be `null`");
        assert!(
            line.ends_with("a required field, its `null` left out"),
            "{line}"
        );
    }
}

#[test]
fn parameters_named_like_the_octokit_options_are_parameters() {
    let string = json!({"type": "string"});
    let generated = generate(
        json!({
            "/proxy/{url}/{request}": {"get": {"operationId": "proxy", "tags": ["t"], "responses": ok(),
                "parameters": [
                    {"name": "url", "in": "path", "required": true, "schema": string},
                    {"name": "request", "in": "path", "required": true, "schema": string},
                    {"name": "method", "in": "query", "schema": string},
                    {"name": "baseUrl", "in": "query", "schema": string},
                    {"name": "headers", "in": "query", "schema": string},
                    {"name": "mediaType", "in": "query", "schema": string}
                ]}},
            "/hooks/{url}": {"delete": {"operationId": "unhook", "tags": ["t"], "responses": ok(),
                "parameters": [{"name": "url", "in": "path", "required": true, "schema": string}]}}
        }),
        json!({}),
    );
    let text = module(&generated);
    let proxy = item(text, "Proxy");
    assert!(
        proxy.contains("\"GET /proxy/{path_url}/{path_request}\""),
        "{proxy}"
    );
    for field in [
        "pub method:",
        "pub base_url:",
        "pub headers:",
        "pub media_type:",
    ] {
        assert!(proxy.contains(field), "{field} {proxy}");
    }
    assert!(proxy.contains("rename = \"baseUrl\""), "{proxy}");
    assert!(
        item(text, "Unhook").contains("\"DELETE /hooks/{path_url}\""),
        "{text}"
    );
    assert!(
        generated.diagnostics.is_empty(),
        "{:?}",
        generated.diagnostics
    );
}

#[test]
fn a_media_type_with_a_malformed_parameter_is_read_by_its_essence() {
    let text_body =
        |media_type: &str| json!({"content": {media_type: {"schema": {"type": "string"}}}});
    let generated = generate(
        json!({
            "/notes": {"post": {"operationId": "note", "tags": ["t"], "responses": ok(),
                "requestBody": text_body("text/plain; utf-8")}},
            "/marks": {"post": {"operationId": "mark", "tags": ["t"], "responses": ok(),
                "requestBody": text_body("text/markdown; charset=utf-8; flavour;")}}
        }),
        json!({}),
    );
    let text = module(&generated);
    assert!(
        item(text, "Note").contains("content_type = \"text/plain\""),
        "{text}"
    );
    assert!(
        item(text, "Mark").contains("content_type = \"text/markdown; charset=utf-8\""),
        "{text}"
    );
    let line = diagnostic(&generated, "note", "`text/plain; utf-8`");
    assert!(
        line.contains("`utf-8`") && line.ends_with("read as `text/plain`"),
        "{line}"
    );
    diagnostic(&generated, "mark", "`flavour`");
}

#[test]
fn a_multipart_body_of_one_object_schema_is_sent_by_its_parts() {
    let generated = generate(
        json!({
            "/uploads": {"post": {"operationId": "upload", "tags": ["t"], "responses": ok(),
                "requestBody": {"required": true, "content": {"multipart/form-data": {"schema":
                    {"allOf": [{"$ref": "#/components/schemas/Upload"},
                               {"type": "object", "required": ["note"], "properties": {"note": {"type": "string"}}}]}}}}}},
            "/any": {"post": {"operationId": "anyParts", "tags": ["t"], "responses": ok(),
                "requestBody": {"content": {"multipart/form-data": {"schema":
                    {"type": "object", "additionalProperties": {"type": "string"}}}}}}}
        }),
        json!({"schemas": {"Upload": {"type": "object", "required": ["file"], "properties": {
            "file": {"type": "string", "format": "binary"},
            "tag": {"type": "string"}
        }}}}),
    );
    let text = module(&generated);
    let upload = item(text, "Upload");
    assert!(
        upload.contains("content_type = \"multipart/form-data\""),
        "{upload}"
    );
    assert!(
        upload.contains("pub file: ::endpoint::body::File"),
        "{upload}"
    );
    assert!(upload.contains("pub tag: Option<String>"), "{upload}");
    assert!(upload.contains("pub note: String"), "{upload}");
    assert!(!upload.contains("request_body"), "{upload}");
    let any = item(text, "AnyParts");
    assert!(
        any.contains("content_type = \"multipart/form-data\""),
        "{any}"
    );
    assert!(!any.contains("request_body"), "{any}");
    diagnostic(&generated, "anyParts", "names no parts");
}

#[test]
fn trace_query_and_additional_operations_are_generated() {
    let generated = generate(
        json!({
            "/echo": {
                "trace": {"operationId": "echo", "tags": ["t"], "responses": ok()},
                "query": {"operationId": "search", "tags": ["t"], "responses": ok(),
                    "requestBody": {"content": {"application/json": {"schema":
                        {"type": "object", "properties": {"q": {"type": "string"}}}}}}},
                "additionalOperations": {
                    "PURGE": {"operationId": "purge", "tags": ["t"], "responses": ok()},
                    "VERSION-CONTROL": {"operationId": "control", "tags": ["t"], "responses": ok()}
                }
            }
        }),
        json!({}),
    );
    let text = module(&generated);
    assert!(item(text, "Echo").contains("\"TRACE /echo\""), "{text}");
    let search = item(text, "Search");
    assert!(search.contains("\"QUERY /echo\""), "{search}");
    assert!(
        search.contains("content_type = \"application/json\""),
        "{search}"
    );
    assert!(search.contains("pub q: Option<String>"), "{search}");
    assert!(item(text, "Purge").contains("\"PURGE /echo\""), "{text}");
    assert!(
        item(text, "Control").contains("\"VERSION-CONTROL /echo\""),
        "{text}"
    );
}

#[test]
fn white_space_in_a_path_is_percent_encoded() {
    let generated = generate(
        json!({
            "/saved searches/{id}": {"get": {"operationId": "saved", "tags": ["t"], "responses": ok(),
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}]}}
        }),
        json!({}),
    );
    let text = module(&generated);
    assert!(
        item(text, "Saved").contains("\"GET /saved%20searches/{id}\""),
        "{text}"
    );
    let line = diagnostic(&generated, "saved", "white space");
    assert!(
        line.ends_with("the white space percent-encoded (`%20`)"),
        "{line}"
    );
}

#[test]
fn a_header_parameter_of_no_header_name_is_trimmed_or_left_out_of_the_request() {
    let string = json!({"type": "string"});
    let generated = generate(
        json!({
            "/h": {"get": {"operationId": "headers", "tags": ["t"], "responses": ok(),
                "parameters": [
                    {"name": "X Request Tag", "in": "header", "schema": string},
                    {"name": " X-Trace ", "in": "header", "schema": string},
                    {"name": "q", "in": "query", "schema": string}
                ]}}
        }),
        json!({}),
    );
    let text = module(&generated);
    let headers = item(text, "Headers");
    assert!(headers.contains("pub x_trace: Option<String>"), "{headers}");
    assert!(headers.contains("pub q: Option<String>"), "{headers}");
    assert!(!headers.contains("Request Tag"), "{headers}");
    let line = diagnostic(&generated, "headers", "`X Request Tag`");
    assert!(line.ends_with("left out of the request"), "{line}");
    let line = diagnostic(&generated, "headers", "` X-Trace `");
    assert!(line.ends_with("sent as `X-Trace`"), "{line}");
}
