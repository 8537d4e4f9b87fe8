//! Expandable fields (an id, or the object itself when the request asks
//! for it to be expanded): which are planned as their objects, through the
//! `Generator` of build scripts and the `Filter` the CLI and `openapi!`
//! build.

use endpoint_openapi::Generator;
use endpoint_openapi::filter::{Filter, Named};
use endpoint_openapi::read::{Read, read_value};
use serde_json::json;

/// A charge whose `customer` is an id or a customer, a customer whose
/// `account` is an id or an account, a refund whose `charge` is an id or a
/// charge (`oneOf`), and unions that are not expandable: a string or an
/// object without an `id`, a string or an integer.
fn description() -> Read {
    let get = |schema: &str, id: &str| {
        json!({"get": {
            "operationId": id,
            "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "It.", "content": {"application/json": {
                "schema": {"$ref": format!("#/components/schemas/{schema}")}}}}}
        }})
    };
    read_value(
        json!({
            "openapi": "3.0.3",
            "info": {"title": "Shop", "version": "1"},
            "paths": {
                "/charges/{id}": get("charge", "getCharge"),
                "/customers/{id}": get("customer", "getCustomer"),
                "/refunds/{id}": get("refund", "getRefund"),
            },
            "components": {"schemas": {
                "charge": {"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "string"},
                    "customer": {
                        "description": "The customer charged.",
                        "nullable": true,
                        "anyOf": [{"type": "string", "maxLength": 5000},
                                  {"$ref": "#/components/schemas/customer"}]
                    },
                    "note": {"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/note"}]},
                    "amount": {"anyOf": [{"type": "string"}, {"type": "integer"}]}
                }},
                "customer": {"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "string"},
                    "account": {"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/account"}]}
                }},
                "account": {"type": "object", "properties": {"id": {"type": "string"}, "email": {"type": "string"}}},
                "refund": {"type": "object", "properties": {
                    "id": {"type": "string"},
                    "charge": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/charge"}]}
                }},
                "note": {"type": "object", "properties": {"text": {"type": "string"}}}
            }}
        }),
        None,
        &[],
    )
    .unwrap()
}

fn generate(generator: Generator) -> Result<String, String> {
    generator
        .name("shop")
        .generate_read(description())
        .map(|output| output.source)
        .map_err(String::from)
}

fn shop() -> Generator {
    Generator::new("shop.yaml")
}

#[test]
fn some_operations_keep_expandable_fields_as_ids() {
    let source = generate(shop().operation("getCharge")).unwrap();
    assert!(source.contains("pub enum Expandable"), "{source}");
    assert!(
        source.contains("pub customer: ::endpoint::model::Nullable<Expandable>")
            || source.contains("pub customer: ::endpoint::model::Nullable<Box<Expandable>>"),
        "{source}"
    );
    // Reached only through expansions: not generated.
    assert!(!source.contains("pub struct Customer"), "{source}");
    assert!(!source.contains("pub struct Account"), "{source}");
    // Not expandable: a string or an object without an `id`, a string or
    // an integer.
    assert!(source.contains("pub struct Note"), "{source}");
    assert!(
        source.contains("StringOrI64") || source.contains("Amount"),
        "{source}"
    );
}

#[test]
fn a_field_or_schema_named_is_expanded_and_no_other() {
    for name in ["charge.customer", "customer"] {
        let source = generate(shop().operation("getCharge").expand(name)).unwrap();
        assert!(source.contains("pub struct Customer"), "{name}: {source}");
        // The customer's own expandable field is not named.
        assert!(!source.contains("pub struct Account"), "{name}: {source}");
        assert!(source.contains("pub enum Expandable"), "{name}: {source}");
    }
    let source = generate(shop().operation("getCharge").expand("*")).unwrap();
    assert!(source.contains("pub struct Account"), "{source}");
    assert!(!source.contains("pub enum Expandable"), "{source}");
    // Nested: the refund's charge, and that charge's customer.
    let source = generate(
        shop()
            .operation("getRefund")
            .expand("refund.charge")
            .expand("charge.customer"),
    )
    .unwrap();
    assert!(source.contains("pub struct Charge"), "{source}");
    assert!(source.contains("pub struct Customer"), "{source}");
    assert!(!source.contains("pub struct Account"), "{source}");
}

#[test]
fn every_operation_expands_every_field_unless_told() {
    let whole = generate(shop()).unwrap();
    assert!(!whole.contains("pub enum Expandable"), "{whole}");
    assert!(whole.contains("pub struct Account"), "{whole}");
    assert_eq!(generate(shop().expand("*")).unwrap(), whole);

    let ids = generate(shop().expand("none")).unwrap();
    assert!(ids.contains("pub enum Expandable"), "{ids}");
    // Still the answer of an operation of its own.
    assert!(ids.contains("pub struct Customer"), "{ids}");
    assert!(!ids.contains("pub struct Account"), "{ids}");
}

#[test]
fn an_unknown_name_is_an_error_with_the_nearest() {
    let err = generate(shop().operation("getCharge").expand("charge.custome")).unwrap_err();
    assert_eq!(
        err,
        "no expandable field `charge.custome` in shop.yaml, nor a schema one may expand to: \
         did you mean `charge.customer`?"
    );
    // A field that is no union of an id and an object is not expandable.
    let filter = Filter::default()
        .operation("getCharge")
        .expand("charge.note");
    let unknown = filter.unknown(&description(), "shop.yaml");
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].name, Named::Expand(0));
}

#[test]
fn the_shared_type_takes_a_name_the_description_leaves_free() {
    let mut read = description();
    let mut taken = read.api.schemas["note"].clone();
    taken.description = Some("The description's own.".into());
    read.api.schemas.insert("Expandable".into(), taken);
    let source = shop()
        .name("shop")
        .operation("getCharge")
        .generate_read(read)
        .unwrap()
        .source;
    assert!(source.contains("pub enum Expandable2"), "{source}");
}
