//! Webhooks and callbacks: the requests an API sends, read from
//! `webhooks` (OpenAPI 3.1), `x-webhooks` (OpenAPI 3.0) and operations'
//! `callbacks` into `Api::events`, and never left out of a generated crate
//! without a diagnostic.

use std::path::{Path, PathBuf};

use endpoint_openapi::Generator;
use endpoint_openapi::api::{Event, EventSource, ParamIn};
use endpoint_openapi::filter::Filter;
use endpoint_openapi::package::{self, Dependency, Modules, Options};
use endpoint_openapi::read::{Read, read_file, read_value};
use endpoint_openapi::schema::Kind;
use serde_json::json;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/webhooks")
        .join(name)
}

fn read(name: &str) -> Read {
    read_file(&fixture(name), &[]).unwrap()
}

fn event<'a>(read: &'a Read, name: &str) -> &'a Event {
    read.api
        .events
        .iter()
        .find(|event| event.name == name)
        .unwrap_or_else(|| panic!("no event {name}: {:?}", read.api.events))
}

fn diagnostics(read: &Read) -> Vec<String> {
    read.diagnostics.iter().map(ToString::to_string).collect()
}

/// The names of the headers the event declares.
fn headers(event: &Event) -> Vec<&str> {
    let parameters = &event.operation.parameters;
    let headers = parameters.iter().filter(|p| p.location == ParamIn::Header);
    headers.map(|p| p.name.as_str()).collect()
}

fn generated_diagnostics(read: &Read) -> Vec<String> {
    let options = Options {
        name: "hooks-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    let generated = package::generate_read(read, &options).unwrap();
    generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn openapi_3_1_webhooks_are_read_as_events() {
    let read = read("webhooks31.yaml");
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    assert!(read.api.operations.is_empty());
    let names: Vec<_> = read.api.events.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["invoicePaid", "invoiceVoided", "issues"]);

    let paid = event(&read, "invoicePaid");
    assert_eq!(paid.source, EventSource::Webhook);
    assert_eq!(paid.operation.method, "POST");
    assert_eq!(paid.operation.pointer, "#/webhooks/invoicePaid/post");
    assert_eq!(paid.operation.path, "");
    assert_eq!(
        paid.operation.summary.as_deref(),
        Some("An invoice was paid.")
    );
    assert_eq!(
        paid.operation.description.as_deref(),
        Some("Sent once the payment is settled.")
    );
    assert!(!paid.operation.deprecated);
    let body = paid.operation.body.as_ref().expect("a body");
    assert!(body.required);
    let media = &body.contents[0];
    assert_eq!(media.media_type, "application/json");
    assert_eq!(
        media.schema.as_ref().unwrap().kind,
        Kind::Ref("InvoicePaid".into())
    );
    assert_eq!(media.examples.len(), 1);
    assert_eq!(media.examples[0].1["type"], "invoice.paid");
    assert_eq!(paid.operation.responses[0].status, "200");
    assert_eq!(paid.label(), "webhook `invoicePaid` (POST)");

    let voided = event(&read, "invoiceVoided");
    assert!(voided.operation.deprecated);
    let examples = &voided.operation.body.as_ref().unwrap().contents[0].examples;
    assert_eq!(
        examples[0].0,
        "#/webhooks/invoiceVoided/post/requestBody/content/application~1json/examples/voided/value"
    );

    // The path item's header and the operation's.
    let issues = event(&read, "issues");
    assert_eq!(headers(issues), ["X-Delivery", "X-GitHub-Event"]);
    let github_event = &issues.operation.parameters[1];
    assert!(github_event.required);
    assert!(matches!(
        &github_event.schema.kind,
        Kind::String { values: Some(values), .. } if values == &["issues"]
    ));
}

#[test]
fn openapi_3_0_x_webhooks_are_read_as_events() {
    let read = read("x-webhooks30.yaml");
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    assert_eq!(read.api.operations.len(), 1);
    let [shipped] = read.api.events.as_slice() else {
        panic!("one event: {:?}", read.api.events)
    };
    assert_eq!(shipped.name, "orderShipped");
    assert_eq!(shipped.source, EventSource::Webhook);
    assert_eq!(shipped.operation.pointer, "#/x-webhooks/orderShipped/post");
    assert_eq!(
        shipped.operation.operation_id.as_deref(),
        Some("orderShipped")
    );
    let media = &shipped.operation.body.as_ref().unwrap().contents[0];
    assert!(matches!(
        media.schema.as_ref().unwrap().kind,
        Kind::Object(_)
    ));
}

#[test]
fn callbacks_of_operations_are_read_as_events_of_their_operation() {
    let read = read("callbacks30.yaml");
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    assert_eq!(read.api.operations.len(), 2);
    let names: Vec<_> = read.api.events.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["jobDone", "progress"]);

    let done = event(&read, "jobDone");
    assert_eq!(
        done.source,
        EventSource::Callback {
            operation: "startJob".into(),
            expression: "{$request.body#/callbackUrl}".into(),
        }
    );
    assert_eq!(done.operation.path, "{$request.body#/callbackUrl}");
    // The expression's braces are no path template: no path parameter.
    assert_eq!(headers(done), ["X-Signature"]);
    assert_eq!(done.operation.parameters.len(), 1);
    assert_eq!(
        done.operation.pointer,
        "#/paths/~1jobs/post/callbacks/jobDone/{$request.body#~1callbackUrl}/post"
    );
    let media = &done.operation.body.as_ref().unwrap().contents[0];
    assert_eq!(
        media.examples[0].1,
        json!({"event_type": "job.done", "job_id": "j_1"})
    );
    assert_eq!(done.label(), "callback `jobDone` of `startJob` (POST)");

    // A callback by reference is read where it leads.
    let progress = event(&read, "progress");
    assert_eq!(
        progress.operation.pointer,
        "#/components/callbacks/Progress/{$request.query.url}~1progress/post"
    );
    assert_eq!(
        progress.source,
        EventSource::Callback {
            operation: "subscribe".into(),
            expression: "{$request.query.url}/progress".into(),
        }
    );
}

#[test]
fn a_callback_goes_with_its_operation_through_the_filter() {
    let generator = Generator::new(fixture("callbacks30.yaml"))
        .filter(Filter::default().operation("subscribe"));
    let output = generator.generate().unwrap();
    assert_eq!(diagnostics_of(&output), Vec::<String>::new());
    let module = webhooks_module(&output.source);
    assert!(
        module.contains("SubscribeProgress(SubscribeProgress)"),
        "{module}"
    );
    assert!(!module.contains("StartJobJobDone"), "{module}");
}

fn diagnostics_of(output: &endpoint_openapi::generator::Output) -> Vec<String> {
    output.diagnostics.iter().map(ToString::to_string).collect()
}

/// The `webhooks` module of a generated source.
fn webhooks_module(source: &str) -> &str {
    let start = source
        .find("pub mod webhooks {")
        .unwrap_or_else(|| panic!("no webhooks module:\n{source}"));
    let rest = &source[start..];
    let end = rest[1..]
        .find("\npub mod ")
        .map_or(rest.len(), |end| end + 1);
    &rest[..end]
}

fn generated_file(read: &Read, path: &str) -> Option<String> {
    let options = Options {
        name: "hooks-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    let generated = package::generate_read(read, &options).unwrap();
    generated
        .files
        .iter()
        .find(|file| file.path == Path::new(path))
        .map(|file| file.text.clone())
}

#[test]
fn each_event_told_apart_by_its_tag_is_a_variant_of_event() {
    let billing = read("webhooks31.yaml");
    assert_eq!(generated_diagnostics(&billing), Vec::<String>::new());
    let lib = generated_file(&billing, "src/lib.rs").unwrap();
    assert!(
        lib.contains("pub mod models;\npub mod webhooks;\n"),
        "{lib}"
    );
    let module = generated_file(&billing, "src/webhooks.rs").unwrap();
    for expected in [
        "pub struct InvoicePaid {",
        "pub struct InvoiceVoided {",
        "pub struct Issues {",
        "pub enum IssuesAction {",
        "pub enum Event {",
        "    InvoicePaid(InvoicePaid),",
        "    InvoiceVoided(InvoiceVoided),",
        "    Issues(Issues),",
        "pub const TAG: &'static str = \"type\";",
        "pub const HEADER: &'static str = \"X-GitHub-Event\";",
        // The tag's value chooses the payload: no payload is tried.
        "Some(\"invoice.paid\") => { Self::InvoicePaid(::serde_json::from_slice(body)?) }",
        "Some(\"invoice.voided\") => { Self::InvoiceVoided(::serde_json::from_slice(body)?) }",
        "\"issues\" => { match skim(body, \"action\")?.as_deref() {",
        "None | Some(\"opened\") | Some(\"closed\") => { Self::Issues(::serde_json::from_slice(body)?) }",
    ] {
        assert!(
            module
                .replace("\n", " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains(
                    expected
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .as_str()
                ),
            "no {expected:?} in\n{module}"
        );
    }
    // No `serde_json::Value` is built to find the tag.
    assert!(!module.contains("Value>"), "{module}");
    assert!(!module.contains("serde_json::Value"), "{module}");

    let module = generated_file(&read("callbacks30.yaml"), "src/webhooks.rs").unwrap();
    assert!(module.contains("pub struct StartJobJobDone {"), "{module}");
    assert!(
        module.contains("pub struct SubscribeProgress {"),
        "{module}"
    );
    assert!(
        module.contains("pub const TAG: &'static str = \"event_type\";"),
        "{module}"
    );
    assert!(!module.contains("decode_named"), "{module}");

    let module = generated_file(&read("x-webhooks30.yaml"), "src/webhooks.rs").unwrap();
    assert!(module.contains("OrderShipped(OrderShipped),"), "{module}");
}

#[test]
fn a_payload_of_a_component_is_another_name_for_its_type() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "webhooks": {
                "petAdded": {"post": {
                    "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                    "responses": {"200": {"description": "OK"}}
                }},
                "petsCounted": {"post": {
                    "requestBody": {"content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}},
                    "responses": {"200": {"description": "OK"}}
                }}
            },
            "components": {"schemas": {"Pet": {
                "type": "object",
                "required": ["kind"],
                "properties": {"kind": {"const": "pet"}, "name": {"type": "string"}}
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    assert!(module.contains("pub struct Pet {"), "{module}");
    assert!(
        module.contains("/// The payload of the webhook `petAdded`.\npub type PetAdded = Pet;"),
        "{module}"
    );
    assert!(
        module.contains("pub type PetsCounted = Vec<Pet>;"),
        "{module}"
    );
    assert!(module.contains("    PetAdded(PetAdded),"), "{module}");
    // A list has no tag: typed, outside the enum, said so.
    assert!(!module.contains("PetsCounted(PetsCounted)"), "{module}");
    let found = generated_diagnostics(&read);
    assert_eq!(
        found,
        [
            "#/webhooks/petsCounted/post: webhook `petsCounted` (POST): no `kind` of one value (a \
          `const` or a one-value `enum`) that other events do not have; its payload typed as \
          `webhooks::PetsCounted`, not a variant of `webhooks::Event` (its deliveries decode as \
          `Other`)"
        ]
    );
}

#[test]
fn events_no_tag_tells_apart_are_typed_with_no_enum_and_a_diagnostic() {
    // The same value of `type` in two events, and no header.
    let object = |value: &str| {
        json!({"post": {
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object",
                "properties": {"type": {"type": "string", "enum": [value]}, "id": {"type": "string"}}
            }}}},
            "responses": {"200": {"description": "OK"}}
        }})
    };
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "webhooks": {"created": object("change"), "deleted": object("change")},
        }),
        None,
        &[],
    )
    .unwrap();
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    assert!(module.contains("pub struct Created {"), "{module}");
    // The same schema is one type.
    assert!(module.contains("pub type Deleted = Created;"), "{module}");
    assert!(!module.contains("pub enum Event"), "{module}");
    let found = generated_diagnostics(&read);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(
        found[0],
        "#/webhooks/created/post: webhook `created` (POST): no tag tells the events apart (a \
         body property or header whose schema is a `const` or a one-value `enum`, the same name \
         in every event); its payload typed as `webhooks::Created`; no enum of events"
    );
}

#[test]
fn an_event_without_a_json_body_is_a_diagnostic() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "webhooks": {
                "ping": {"post": {"responses": {"200": {"description": "OK"}}}},
                "sms": {"post": {
                    "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object"}}}},
                    "responses": {"200": {"description": "OK"}}
                }}
            }
        }),
        None,
        &[],
    )
    .unwrap();
    assert_eq!(
        generated_diagnostics(&read),
        [
            "#/webhooks/ping/post: webhook `ping` (POST) has no body; no type of its payload \
             (decode it with a type of your own)",
            "#/webhooks/sms/post: webhook `sms` (POST) has no JSON body \
             (`application/x-www-form-urlencoded`); no type of its payload (decode it with a \
             type of your own)",
        ]
    );
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    assert!(!module.contains("pub enum Event"), "{module}");
}

#[test]
fn the_events_module_takes_another_name_when_operations_have_webhooks() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "paths": {"/hooks": {"get": {
                "operationId": "listHooks",
                "tags": ["webhooks"],
                "responses": {"200": {"description": "OK"}}
            }}},
            "webhooks": {"ping": {"post": {
                "requestBody": {"content": {"application/json": {"schema": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {"type": {"const": "ping"}}
                }}}},
                "responses": {"200": {"description": "OK"}}
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let lib = generated_file(&read, "src/lib.rs").unwrap();
    assert!(lib.contains("pub mod webhooks;"), "{lib}");
    assert!(lib.contains("pub mod models;\npub mod events;\n"), "{lib}");
    let module = generated_file(&read, "src/events.rs").unwrap();
    assert!(module.contains("    Ping(Ping),"), "{module}");
}

#[test]
fn strict_takes_events_told_apart_and_refuses_the_others() {
    Generator::new(fixture("webhooks31.yaml"))
        .strict(true)
        .generate()
        .unwrap();
    let err = Generator::new(fixture("webhooks31.yaml"))
        .overlay(fixture("untagged.overlay.yaml"))
        .strict(true)
        .generate()
        .unwrap_err();
    assert!(
        err.message().starts_with(
            "1 diagnostics (strict):\n  #/webhooks/invoicePaid/post: webhook `invoicePaid` (POST): no `type`"
        ),
        "{err}"
    );
}

#[test]
fn an_event_that_cannot_be_read_is_a_diagnostic() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "paths": {"/a": {"post": {
                "operationId": "a",
                "responses": {"200": {"description": "OK"}},
                "callbacks": {
                    "broken": {"$ref": "#/components/callbacks/Missing"},
                    "empty": {},
                    "bare": {"{$request.body#/url}": {"summary": "no operation"}}
                }
            }}},
            "webhooks": {"lost": {"$ref": "#/components/pathItems/Missing"}},
            "x-webhooks": ["not", "a", "map"]
        }),
        None,
        &[],
    )
    .unwrap();
    assert!(read.api.events.is_empty(), "{:?}", read.api.events);
    let found = diagnostics(&read);
    let expected = [
        "#/paths/~1a/post/callbacks/broken (a): ",
        "#/paths/~1a/post/callbacks/empty (a): the callback `empty` has no URL expression; left out",
        "#/paths/~1a/post/callbacks/bare/{$request.body#~1url} (callback bare of a): the callback has no operation; left out",
        "#/webhooks/lost (lost): ",
        "#/x-webhooks: `x-webhooks` is not an object; ignored",
    ];
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for (found, expected) in found.iter().zip(expected) {
        assert!(
            found.starts_with(expected),
            "{found:?} is not {expected:?}…"
        );
    }
}

#[test]
fn callbacks_in_a_circle_are_read_to_a_depth_with_a_diagnostic() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "paths": {"/a": {"post": {
                "operationId": "a",
                "responses": {"200": {"description": "OK"}},
                "callbacks": {"again": {"$ref": "#/components/callbacks/Again"}}
            }}},
            "components": {"callbacks": {"Again": {"{$request.body#/url}": {"post": {
                "responses": {"200": {"description": "OK"}},
                "callbacks": {"again": {"$ref": "#/components/callbacks/Again"}}
            }}}}}
        }),
        None,
        &[],
    )
    .unwrap();
    assert_eq!(read.api.events.len(), 4);
    let found = diagnostics(&read);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].ends_with("callbacks nested more than 4 deep (a circle?); left out"),
        "{found:#?}"
    );
}

/// A webhook of an inline object schema with the properties `properties`.
fn webhook_of(properties: serde_json::Value) -> serde_json::Value {
    json!({"post": {
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object",
            "properties": properties
        }}}},
        "responses": {"200": {"description": "OK"}}
    }})
}

#[test]
fn a_property_of_several_values_is_no_tag() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "webhooks": {
                "opened": webhook_of(json!({"status": {"enum": ["new", "open"]}})),
                "closed": webhook_of(json!({"status": {"enum": ["done", "gone"]}}))
            }
        }),
        None,
        &[],
    )
    .unwrap();
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    assert!(module.contains("pub struct Opened {"), "{module}");
    assert!(!module.contains("pub enum Event"), "{module}");
    let found = generated_diagnostics(&read);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[1].contains("no tag tells the events apart"),
        "{found:#?}"
    );
}

#[test]
fn a_single_event_needs_no_tag() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "webhooks": {"changed": webhook_of(json!({"status": {"enum": ["new", "open"]}}))}
        }),
        None,
        &[],
    )
    .unwrap();
    assert_eq!(generated_diagnostics(&read), Vec::<String>::new());
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    assert!(module.contains("pub struct Changed {"), "{module}");
    assert!(!module.contains("pub enum Event"), "{module}");
}

#[test]
fn events_of_any_name_are_rust_names() {
    let tagged =
        |value: &str| webhook_of(json!({"type": {"const": value}, "self": {"type": "string"}}));
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "webhooks": {
                "self": tagged("a"),
                "123": tagged("b"),
                "type": tagged("c"),
                "Event": tagged("d"),
                "Option": tagged("e"),
                "": tagged("f"),
                "ünïcode ☃": tagged("g\"quoted\\"),
                "r#x": tagged("h")
            }
        }),
        None,
        &[],
    )
    .unwrap();
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    let file = syn::parse_file(&module).unwrap_or_else(|err| panic!("{err}\n{module}"));
    let variants = file
        .items
        .iter()
        .find_map(|item| match item {
            syn::Item::Enum(item) if item.ident.to_string().starts_with("Event") => {
                Some(item.variants.len())
            }
            _ => None,
        })
        .expect("an enum of events");
    assert_eq!(variants, 9, "{module}");
}

#[test]
fn a_payload_is_relaxed_where_its_examples_contradict_its_schema() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "webhooks": {"counted": {"post": {
                "requestBody": {"content": {"application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["id", "total"],
                        "properties": {"id": {"type": "string"}, "total": {"type": "integer"}}
                    },
                    "example": {"id": 7}
                }}},
                "responses": {"200": {"description": "OK"}}
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let found = generated_diagnostics(&read);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with(
            "#/webhooks/counted/post/requestBody/content/application~1json/example: webhook \
             `counted` (POST): `id` is an integer in the example, where the schema says a string"
        ),
        "{found:#?}"
    );
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    assert!(module.contains("pub total: Option<i64>,"), "{module}");
    assert!(!module.contains("pub id: String,"), "{module}");
}

#[test]
fn events_of_one_header_value_are_told_apart_by_their_action() {
    let read = read("headers31.yaml");
    assert_eq!(generated_diagnostics(&read), Vec::<String>::new());
    let module = generated_file(&read, "src/webhooks.rs").unwrap();
    let flat = module.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        "\"issues\" => { match skim(body, \"action\")?.as_deref() { Some(\"opened\") => { \
         Self::IssuesOpened(::serde_json::from_slice(body)?) } Some(\"closed\") => { \
         Self::IssuesClosed(::serde_json::from_slice(body)?) } _ => { Self::Other {",
        "\"ping\" => Self::Ping(::serde_json::from_slice(body)?),",
    ] {
        assert!(flat.contains(expected), "no {expected:?} in\n{module}");
    }
    assert!(!module.contains("pub const TAG"), "{module}");
}

/// The text of the struct `name` of the module `text`, to its closing brace.
fn struct_text<'a>(text: &'a str, name: &str) -> &'a str {
    let start = text
        .find(&format!("pub struct {name} {{"))
        .unwrap_or_else(|| panic!("no struct {name} in {text}"));
    let rest = &text[start..];
    &rest[..rest.find("\n}").unwrap_or(rest.len())]
}

/// The generated crate's `models` and `webhooks` modules.
fn models_and_webhooks(read: &Read) -> (String, String) {
    let models = generated_file(read, "src/models.rs").unwrap();
    let webhooks = generated_file(read, "src/webhooks.rs").unwrap();
    (models, webhooks)
}

#[test]
fn a_component_of_operations_and_webhooks_is_one_model_the_webhooks_use() {
    let read = read("shared31.yaml");
    let (models, webhooks) = models_and_webhooks(&read);
    // Written once, in `models`, and used from there.
    assert_eq!(models.matches("pub struct Pet {").count(), 1, "{models}");
    assert!(!webhooks.contains("pub struct Pet {"), "{webhooks}");
    assert!(!webhooks.contains("pub struct Owner {"), "{webhooks}");
    assert!(
        webhooks.contains("use crate::models::{Owner, Pet};\n"),
        "{webhooks}"
    );
    assert!(webhooks.contains("pub pet: Pet,"), "{webhooks}");
    // Built whatever the features: the module has none.
    let pet = &models[models.find("pub struct Pet {").unwrap() - 200..];
    assert!(!pet[..200].contains("#[cfg("), "{models}");
    // Reached only by a webhook: the module's own.
    assert!(webhooks.contains("pub struct PetRemoved {"), "{webhooks}");
    assert!(!models.contains("PetRemoved"), "{models}");
    // The operation sends `Owner` and the webhook sends it back: the
    // answer's shape (with `since`) is the model, the request its twin.
    let owner = struct_text(&models, "Owner");
    assert!(owner.contains("pub since: Option<String>,"), "{models}");
    assert!(models.contains("pub struct OwnerRequest {"), "{models}");
    let options = Options {
        name: "hooks-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    let generated = package::generate_read(&read, &options).unwrap();
    let add_owner = generated
        .files
        .iter()
        .find(|file| file.text.contains("pub struct AddOwner"))
        .expect("the operation addOwner");
    assert!(
        add_owner.text.contains("crate::models::OwnerRequest"),
        "{}",
        add_owner.text
    );
}

#[test]
fn an_event_named_like_a_component_takes_another_name() {
    let read = read("shared31.yaml");
    let (_, webhooks) = models_and_webhooks(&read);
    syn::parse_file(&webhooks).unwrap_or_else(|err| panic!("{err}\n{webhooks}"));
    // The webhook `Owner`'s payload is not the model `Owner`.
    assert!(webhooks.contains("pub struct Owner2 {"), "{webhooks}");
    assert!(webhooks.contains("    Owner2(Owner2),"), "{webhooks}");
    assert!(webhooks.contains("pub owner: Owner,"), "{webhooks}");
    assert_eq!(generated_diagnostics(&read), Vec::<String>::new());
}

#[test]
fn a_webhooks_example_relaxes_its_own_copy_of_a_model_not_the_model() {
    let pet = json!({"$ref": "#/components/schemas/Pet"});
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "info": {"title": "Pets", "version": "1"},
            "paths": {"/pets": {"get": {
                "operationId": "getPet",
                "responses": {"200": {
                    "description": "The pet.",
                    "content": {"application/json": {"schema": pet}}
                }}
            }}},
            "webhooks": {"petRemoved": {"post": {
                "requestBody": {"content": {"application/json": {
                    "schema": {"type": "object", "properties": {"pet": pet}},
                    "example": {"pet": {"name": "Rex"}}
                }}},
                "responses": {"200": {"description": "OK"}}
            }}},
            "components": {"schemas": {"Pet": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let found = generated_diagnostics(&read);
    assert_eq!(
        found,
        [
            "#/webhooks/petRemoved/post/requestBody/content/application~1json/example: webhook \
             `petRemoved` (POST): `pet.id` is missing from the example, where the schema \
             requires it; `id` optional, in a copy of `Pet` of this event's own (its other \
             users keep `Pet` as written)"
        ]
    );
    let (models, webhooks) = models_and_webhooks(&read);
    let model = struct_text(&models, "Pet");
    assert!(model.contains("pub id: i64,"), "{models}");
    // The copy, the webhook's own, named after it.
    assert!(
        webhooks.contains("pub struct PetRemovedAnswerPet {"),
        "{webhooks}"
    );
    assert!(webhooks.contains("pub id: Option<i64>,"), "{webhooks}");
    assert!(!models.contains("pub id: Option<i64>,"), "{models}");
}

#[test]
fn a_component_of_an_operation_and_its_callback_is_one_model() {
    let job = json!({"$ref": "#/components/schemas/Job"});
    let read = read_value(
        json!({
            "openapi": "3.0.3",
            "info": {"title": "Jobs", "version": "1"},
            "paths": {"/jobs": {"post": {
                "operationId": "startJob",
                "responses": {"202": {
                    "description": "Started.",
                    "content": {"application/json": {"schema": job}}
                }},
                "callbacks": {
                    "jobDone": {"{$request.body#/url}": {"post": {
                        "requestBody": {"content": {"application/json": {"schema": job}}},
                        "responses": {"200": {"description": "OK"}}
                    }}},
                    "jobFailed": {"{$request.body#/url}": {"post": {
                        "requestBody": {"content": {"application/json": {"schema": {
                            "$ref": "#/components/schemas/Failure"
                        }}}},
                        "responses": {"200": {"description": "OK"}}
                    }}}
                }
            }}},
            "components": {"schemas": {
                "Job": {
                    "type": "object",
                    "required": ["id", "state"],
                    "properties": {"id": {"type": "string"}, "state": {"type": "string"}}
                },
                "Failure": {
                    "type": "object",
                    "properties": {"job": job, "reason": {"$ref": "#/components/schemas/Reason"}}
                },
                "Reason": {"type": "object", "properties": {"code": {"type": "integer"}}}
            }}
        }),
        None,
        &[],
    )
    .unwrap();
    let (models, webhooks) = models_and_webhooks(&read);
    syn::parse_file(&webhooks).unwrap_or_else(|err| panic!("{err}\n{webhooks}"));
    assert_eq!(models.matches("pub struct Job {").count(), 1, "{models}");
    assert!(!webhooks.contains("pub struct Job {"), "{webhooks}");
    assert!(
        webhooks.contains(
            "/// The payload of the callback `jobDone` of `startJob`.\npub type StartJobJobDone = \
             crate::models::Job;"
        ),
        "{webhooks}"
    );
    // What only the callbacks reach is generated, in the module.
    for only in ["pub struct Failure {", "pub struct Reason {"] {
        assert!(webhooks.contains(only), "{webhooks}");
        assert!(!models.contains(only), "{models}");
    }
    assert!(webhooks.contains("use crate::models::Job;\n"), "{webhooks}");
}

#[test]
fn a_webhook_of_a_models_name_uses_the_model_under_it() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "info": {"title": "Pets", "version": "1"},
            "paths": {"/pets": {"get": {
                "operationId": "getPet",
                "responses": {"200": {
                    "description": "The pet.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
                }}
            }}},
            "webhooks": {"pet": {"post": {
                "requestBody": {"content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/Pet"
                }}}},
                "responses": {"200": {"description": "OK"}}
            }}},
            "components": {"schemas": {"Pet": {
                "type": "object",
                "required": ["kind"],
                "properties": {"kind": {"const": "pet"}}
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let (models, webhooks) = models_and_webhooks(&read);
    syn::parse_file(&webhooks).unwrap_or_else(|err| panic!("{err}\n{webhooks}"));
    assert_eq!(models.matches("pub struct Pet {").count(), 1, "{models}");
    assert!(
        webhooks.contains("/// The payload of the webhook `pet`.\npub use crate::models::Pet;"),
        "{webhooks}"
    );
    assert!(webhooks.contains("    Pet(Pet),"), "{webhooks}");
}

#[test]
fn an_events_path_item_is_read_as_a_paths_is() {
    // The same Path Item under `paths` and as a webhook: an additional
    // operation of a method of its own is left out of both, said so, and
    // the shared parameters and servers are read alike.
    let item = json!({
        "parameters": [{"name": "X-Delivery", "in": "header", "schema": {"type": "string"}}],
        "servers": [{"url": "https://hooks.example.com"}],
        "post": {
            "operationId": "ping",
            "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {"200": {"description": "OK"}}
        },
        "additionalOperations": {"GET": {
            "operationId": "again",
            "responses": {"200": {"description": "OK"}}
        }}
    });
    let read = read_value(
        json!({"openapi": "3.2.0", "paths": {"/ping": item}, "webhooks": {"ping": item}}),
        None,
        &[],
    )
    .unwrap();
    let found = diagnostics(&read);
    assert_eq!(
        found,
        [
            "#/paths/~1ping/additionalOperations/GET (GET /ping): `GET` is a method of the path \
             item itself, not an additional one; left out",
            "#/webhooks/ping/additionalOperations/GET (GET ping): `GET` is a method of the path \
             item itself, not an additional one; left out",
        ]
    );
    let [event] = read.api.events.as_slice() else {
        panic!("one event: {:?}", read.api.events)
    };
    assert_eq!(read.api.operations.len(), 1);
    let (operation, event) = (&read.api.operations[0], &event.operation);
    assert_eq!(event.method, "POST");
    assert_eq!(headers_of(event), headers_of(operation));
    assert_eq!(event.servers, operation.servers);
    assert_eq!(event.servers.len(), 1);
}

fn headers_of(operation: &endpoint_openapi::api::Operation) -> Vec<&str> {
    let headers = operation.parameters.iter();
    headers
        .filter(|p| p.location == ParamIn::Header)
        .map(|p| p.name.as_str())
        .collect()
}
