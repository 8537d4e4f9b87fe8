//! Events declared as component schemas marked by an extension (the
//! conventions' `[events] schema-extension`, Stripe's `x-stripeEvent`):
//! each an event arriving in the envelope, told apart by its type.

use std::path::{Path, PathBuf};

use endpoint_openapi::Generator;
use endpoint_openapi::conventions::Conventions;
use endpoint_openapi::generator::Output;
use endpoint_openapi::package::{self, Dependency, Modules, Options};
use endpoint_openapi::read::read_value;
use serde_json::{Value, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/webhooks")
        .join(name)
}

fn generate(conventions: Option<&str>) -> Output {
    let generator = Generator::new(fixture("schema_events.yaml")).name("shop-api");
    let generator = match conventions {
        Some(name) => generator.conventions_file(fixture(name)),
        None => generator,
    };
    generator.generate().unwrap()
}

fn diagnostics(output: &Output) -> Vec<String> {
    output.diagnostics.iter().map(ToString::to_string).collect()
}

/// `text` without its documentation, its whitespace one space.
fn code(text: &str) -> String {
    let lines = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"));
    lines
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
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

/// Whether the code of `module` holds `expected` (whitespace aside).
fn holds(module: &str, expected: &str) -> bool {
    code(module).contains(&code(expected))
}

#[test]
fn each_marked_schema_is_an_event_in_the_envelope_told_apart_by_its_type() {
    let output = generate(Some("schema_events.toml"));
    assert_eq!(diagnostics(&output), Vec::<String>::new());
    let module = webhooks_module(&output.source);
    for expected in [
        "pub const TAG: &'static str = \"type\";",
        "pub enum Event {",
        "AccountExternalAccountCreated(Box<AccountExternalAccountCreated>),",
        "CustomerCreated(Box<CustomerCreated>),",
        "CustomerDeleted(Box<CustomerDeleted>),",
        "CustomerUpdated(Box<CustomerUpdated>),",
        // The type chooses the payload: none is tried.
        "Some(\"customer.created\") => Self::CustomerCreated(R::boxed(body)?),",
        "Some(\"customer.deleted\") => Self::CustomerDeleted(R::boxed(body)?),",
        "Some(\"account.external_account.created\") => { \
         Self::AccountExternalAccountCreated(R::boxed(body)?) }",
        // The payload is the envelope, its type fixed, its object typed.
        "pub struct CustomerCreated { pub id: String,",
        "pub r#type: CustomerCreatedType, pub data: CustomerCreatedData, pub created: i64,",
        "pub enum CustomerCreatedType { CustomerCreated = \"customer.created\", }",
        "pub struct CustomerCreatedData { pub object: Customer,",
        // Two events of one resource: one data type, two payloads.
        "pub r#type: CustomerDeletedType, pub data: CustomerCreatedData,",
        // The schema's `previous_attributes` beside the object.
        "pub struct CustomerUpdatedData { pub object: Customer, \
         #[serde(skip_serializing_if = \"Option::is_none\")] \
         pub previous_attributes: Option<Box<CustomerUpdatedDataPreviousAttributes>>,",
        // An object of several resources is a union of them.
        "pub struct AccountExternalAccountCreatedData { pub object: AccountExternalAccountCreatedDataObject,",
        "BankAccount(BankAccount), Card(Card), Other(::serde_json::Value),",
    ] {
        assert!(holds(module, expected), "no {expected:?} in\n{module}");
    }
    // The marked schema's description is the payload's.
    assert!(
        module.contains(
            "/// Occurs whenever a new customer is created.\n#[derive(Debug, Clone, PartialEq, \
             ::serde::Serialize)]\npub struct CustomerCreated {"
        ),
        "{module}"
    );
    // The envelope's type is no string of any value in a payload.
    assert!(!holds(module, "pub r#type: String"), "{module}");
}

#[test]
fn without_the_convention_a_marked_schema_is_a_model_and_no_event() {
    let output = generate(None);
    assert_eq!(diagnostics(&output), Vec::<String>::new());
    assert!(
        !output.source.contains("pub mod webhooks {"),
        "{}",
        output.source
    );
}

/// The diagnostics and `webhooks` module of `description` generated with
/// the conventions `toml`.
fn generate_value(description: Value, toml: &str) -> (Vec<String>, Option<String>) {
    let read = read_value(description, None, &[]).unwrap();
    let options = Options {
        name: "shop-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Conventions::from_toml(toml).unwrap(),
    };
    let generated = package::generate_read(&read, &options).unwrap();
    let module = generated
        .files
        .iter()
        .find(|file| file.path == Path::new("src/webhooks.rs"))
        .map(|file| file.text.clone());
    let diagnostics = generated.diagnostics.iter().map(ToString::to_string);
    (diagnostics.collect(), module)
}

fn description(schemas: Value) -> Value {
    let mut components = json!({
        "customer": {"type": "object", "properties": {"id": {"type": "string"}}},
        "event": {
            "type": "object",
            "required": ["type", "data"],
            "properties": {
                "type": {"type": "string"},
                "data": {"type": "object", "properties": {"object": {"type": "object"}}}
            }
        }
    });
    for (name, schema) in schemas.as_object().unwrap() {
        components[name] = schema.clone();
    }
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Shop", "version": "1"},
        "paths": {},
        "components": {"schemas": components}
    })
}

const STRIPE: &str = "[events]\nschema-extension = \"x-stripeEvent\"\n";

fn marked(extension: Value, properties: Value) -> Value {
    json!({"type": "object", "properties": properties, "x-stripeEvent": extension})
}

#[test]
fn a_marked_schema_without_a_type_or_an_object_is_a_diagnostic_naming_it() {
    let object = json!({"object": {"$ref": "#/components/schemas/customer"}});
    let (diagnostics, module) = generate_value(
        description(json!({
            "customer.created": marked(json!({"type": "customer.created"}), object.clone()),
            "customer~odd/one": marked(json!({"kind": "snapshot"}), object.clone()),
            "customer.named": marked(json!("customer.named"), object.clone()),
            "customer.empty": marked(json!({"type": " "}), object.clone()),
            "customer.thin": marked(json!({"type": "customer.thin"}), json!({"id": {"type": "string"}})),
            "customer.listed": {"type": "array", "items": {}, "x-stripeEvent": {"type": "customer.listed"}},
            "customer.twice": marked(json!({"type": "customer.created"}), object.clone()),
        })),
        STRIPE,
    );
    assert_eq!(
        diagnostics,
        [
            "#/components/schemas/customer.empty/x-stripeEvent: `x-stripeEvent` has no `type` \
             (a string naming the event); the schema is no event",
            "#/components/schemas/customer.listed: the event `customer.listed`: the schema is no \
             object; the schema is no event",
            "#/components/schemas/customer.named/x-stripeEvent: `x-stripeEvent` has no `type` \
             (a string naming the event); the schema is no event",
            "#/components/schemas/customer.thin/properties: the event `customer.thin`: the schema \
             has no property `object` (the event's object); the schema is no event",
            "#/components/schemas/customer.twice/x-stripeEvent/type: the event `customer.created` \
             is the schema `customer.created`'s already; the schema is no event",
            "#/components/schemas/customer~0odd~1one/x-stripeEvent: `x-stripeEvent` has no `type` \
             (a string naming the event); the schema is no event",
        ]
    );
    // The one event is still typed (alone, it needs no enum).
    let module = module.expect("a webhooks module");
    assert!(
        holds(
            &module,
            "pub struct CustomerCreatedData { pub object: Customer,"
        ),
        "{module}"
    );
}

#[test]
fn the_envelope_and_where_it_holds_the_type_and_object_are_conventions() {
    let schemas = json!({
        "notification": {
            "type": "object",
            "properties": {
                "kind": {"type": "string"},
                "id": {"type": "string"}
            }
        },
        "customer.created": marked(
            json!({"type": "customer.created"}),
            json!({"object": {"$ref": "#/components/schemas/customer"}})
        ),
        "customer.deleted": marked(
            json!({"type": "customer.deleted"}),
            json!({"object": {"$ref": "#/components/schemas/customer"}})
        ),
    });
    let toml = "[events]\nschema-extension = \"x-stripeEvent\"\nenvelope = \"notification\"\n\
                envelope-type = \"/kind\"\nenvelope-object = \"/pay~1load/resource\"\n";
    let (diagnostics, module) = generate_value(description(schemas.clone()), toml);
    assert_eq!(diagnostics, Vec::<String>::new());
    let module = module.expect("a webhooks module");
    for expected in [
        "pub const TAG: &'static str = \"kind\";",
        "Some(\"customer.deleted\") => Self::CustomerDeleted(R::boxed(body)?),",
        "pub kind: CustomerCreatedKind,",
        "\"pay/load\"",
        "pub struct CustomerCreatedPayLoad { pub resource: Customer, }",
    ] {
        assert!(holds(&module, expected), "no {expected:?} in\n{module}");
    }

    // An envelope that is not there, or a pointer that is none.
    let (diagnostics, module) = generate_value(
        description(schemas.clone()),
        "[events]\nschema-extension = \"x-stripeEvent\"\nenvelope = \"envelope\"\n",
    );
    assert_eq!(
        diagnostics,
        [
            "#/components/schemas: the events' envelope `envelope` is no component schema; \
          no event of the schemas marked `x-stripeEvent`"
        ]
    );
    assert_eq!(module, None);
    let (diagnostics, _) = generate_value(
        description(schemas.clone()),
        "[events]\nschema-extension = \"x-stripeEvent\"\nenvelope-object = \"data\"\n",
    );
    assert_eq!(
        diagnostics,
        [
            "#/components/schemas/event: the events' `envelope-object` `data` is no JSON pointer \
          to a key of the envelope; no event of the schemas marked `x-stripeEvent`"
        ]
    );
    // A type inside a value that is no object.
    let (diagnostics, _) = generate_value(
        description(schemas),
        "[events]\nschema-extension = \"x-stripeEvent\"\nenvelope-type = \"/type/name\"\n",
    );
    assert_eq!(diagnostics.len(), 2, "{diagnostics:#?}");
    assert!(
        diagnostics[0].starts_with(
            "#/components/schemas/event: the event `customer.created`: the value holding the \
             event's type or object is no object; the schema is no event"
        ),
        "{diagnostics:#?}"
    );
}

#[test]
fn an_unknown_key_of_the_events_table_is_an_error_naming_it() {
    let error =
        Conventions::from_toml("[events]\nschema-extensions = \"x-stripeEvent\"\n").unwrap_err();
    assert!(error.contains("schema-extensions"), "{error}");
}

#[test]
fn an_api_built_by_hand_whose_marked_schema_is_missing_is_a_diagnostic() {
    use endpoint_openapi::api::Api;
    use endpoint_openapi::schema::{Kind, Schema};

    let read = read_value(description(json!({})), None, &[]).unwrap();
    let mut api = Api {
        title: "Shop".into(),
        ..read.api
    };
    api.schema_extensions.insert(
        "customer.gone".into(),
        [("x-stripeEvent".to_owned(), json!({"type": "customer.gone"}))].into(),
    );
    api.schemas
        .insert("customer.listed".into(), Schema::of(Kind::Integer));
    api.schema_extensions.insert(
        "customer.listed".into(),
        [(
            "x-stripeEvent".to_owned(),
            json!({"type": "customer.listed"}),
        )]
        .into(),
    );
    let options = Options {
        name: "shop-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Conventions::from_toml(STRIPE).unwrap(),
    };
    let generated = package::generate(&api, &options).unwrap();
    let diagnostics: Vec<String> = generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        diagnostics,
        [
            "#/components/schemas/customer.gone: the event `customer.gone`: no such component \
             schema; the schema is no event",
            "#/components/schemas/customer.listed: the event `customer.listed`: the schema is no \
             object; the schema is no event",
        ]
    );
}
