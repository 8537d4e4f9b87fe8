//! A description whose own example contradicts its schemas (a required
//! property left out, an integer where the schema says string): the
//! generated models are relaxed so that the example decodes and is written
//! back unchanged, each relaxation a diagnostic naming the example. The
//! answer is a page wrapped in an object, read through the wrapping; its
//! `Order` and `OrderPage`, which other operations use too, are relaxed in
//! copies of the operation's own.
//!
//! The models are `described_examples/models.rs`, emitted from the
//! description below; the first test says when the file is not what the
//! generator writes today (`ENDPOINT_OPENAPI_WRITE=1` rewrites it).

use super::emitted;
use crate::diag::Diagnostics;
use serde_json::{Value, json};

#[allow(dead_code)]
#[path = "described_examples/models.rs"]
mod models;

const MODELS: &str = "src/tests/described_examples/models.rs";

const EXAMPLE: &str = "#/paths/~1orders/get/responses/200/content/application~1json/example";

fn example() -> Value {
    json!({
        "orders": {
            "items": [
                {"id": 17, "total": 300, "lines": [{"sku": "a", "quantity": 2}]},
                {"id": "o_2", "lines": []}
            ],
            "next_cursor": "c_2"
        },
        "request_id": "r_1"
    })
}

fn description() -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Shop", "version": "1"},
        "paths": {"/orders": {"get": {
            "operationId": "listOrders",
            "tags": ["orders"],
            "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "A page of orders.", "content": {
                "application/json": {
                    "schema": {"$ref": "#/components/schemas/OrderList"},
                    "example": example()
                }
            }}}
        }},
        // The same page wrapped in a member that may be left out, or be
        // `null`.
        "/returns": {"get": {
            "operationId": "listReturns",
            "tags": ["orders"],
            "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "A page of returns.", "content": {
                "application/json": {"schema": {"type": "object", "title": "Returns", "properties": {
                    "returns": {"$ref": "#/components/schemas/OrderPage"}
                }}}
            }}}
        }},
        "/refunds": {"get": {
            "operationId": "listRefunds",
            "tags": ["orders"],
            "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "A page of refunds.", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Refunds"}}
            }}}
        }}},
        "components": {"schemas": {
            "Refunds": {"type": "object", "properties": {
                "refunds": {"allOf": [{"$ref": "#/components/schemas/OrderPage"}], "nullable": true}
            }},
            "OrderList": {"type": "object", "required": ["orders", "request_id"], "properties": {
                "orders": {"$ref": "#/components/schemas/OrderPage"},
                "request_id": {"type": "string"}
            }},
            "OrderPage": {"type": "object", "required": ["items"], "properties": {
                "items": {"type": "array", "items": {"$ref": "#/components/schemas/Order"}},
                "next_cursor": {"type": "string", "nullable": true}
            }},
            "Order": {"type": "object", "required": ["id", "total", "lines"], "properties": {
                "id": {"type": "string"},
                "total": {"type": "integer"},
                "lines": {"type": "array", "items": {"$ref": "#/components/schemas/Line"}}
            }},
            "Line": {
                "type": "object",
                "required": ["sku", "quantity"],
                "properties": {
                    "sku": {"type": "string"},
                    "quantity": {"type": "integer", "format": "int32"}
                },
                // A component's own example, with a quantity beyond `int32`.
                "example": {"sku": "b", "quantity": 5_000_000_000_i64}
            }
        }}
    })
}

fn planned() -> (String, Diagnostics) {
    let emitted = emitted::models("described_examples", description());
    (emitted.source, emitted.diagnostics)
}

#[test]
fn the_models_are_the_emitted_ones() {
    let (emitted, _) = planned();
    emitted::check_file(MODELS, &emitted);
}

#[test]
fn the_fields_an_example_contradicts_are_relaxed() {
    let (emitted, diagnostics) = planned();
    let compact = emitted.split_whitespace().collect::<String>();
    for expected in [
        // An integer where the schema says string: any JSON value.
        "pubid:::serde_json::Value,",
        // Left out of the second order: optional.
        "pubtotal:Option<i64>,",
        // Beyond `int32` in the component's example: an `i64`.
        "pubquantity:i64,",
        // The page wrapped in the answer is read through it.
        "typeItem=<ListOrdersAnswerOrderPageas::endpoint_runtime::model::Paginated>::Item;",
    ] {
        assert!(compact.contains(expected), "{expected} in\n{emitted}");
    }
    let relaxations: Vec<(String, String, String)> = diagnostics
        .iter()
        .map(|d| (d.pointer.clone(), d.message.clone(), d.fallback.clone()))
        .collect();
    let expected = |pointer: &str, message: &str, fallback: &str| {
        (pointer.to_owned(), message.to_owned(), fallback.to_owned())
    };
    assert_eq!(
        relaxations,
        [
            expected(
                "#/components/schemas/Line/example",
                "`quantity` is 5000000000 in the example, beyond the schema's `int32`",
                "an integer of any size (`i64`)",
            ),
            expected(
                EXAMPLE,
                "`orders.items[0].id` is an integer in the example, where the schema says a string",
                "any JSON value (`serde_json::Value`), in a copy of `Order` of this operation's \
                 own (its other users keep `Order` as written)",
            ),
            expected(
                EXAMPLE,
                "`orders.items[1].total` is missing from the example, where the schema requires it",
                "`total` optional, in a copy of `Order` of this operation's own (its other users \
                 keep `Order` as written)",
            ),
        ]
    );
    assert!(
        diagnostics
            .iter()
            .all(|d| d.operation.as_deref() != Some("")),
        "{relaxations:?}"
    );
}

#[test]
fn the_example_decodes_and_is_written_back_unchanged() {
    use endpoint_runtime::model::Paginated;
    let page: models::OrderList = serde_json::from_value(example()).unwrap();
    assert_eq!(serde_json::to_value(&page).unwrap(), example());
    let items = page.into_items();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].id, json!(17));
    assert_eq!(items[1].total, None);
    // A wrapped page that is left out, or `null`, has no items.
    let page = json!({"items": [{"id": "o_3", "total": 1, "lines": []}]});
    let returns: models::ListReturnsResponse =
        serde_json::from_value(json!({"returns": page})).unwrap();
    assert_eq!(returns.into_items().len(), 1);
    let returns: models::ListReturnsResponse = serde_json::from_value(json!({})).unwrap();
    assert!(returns.into_items().is_empty());
    let refunds: models::Refunds = serde_json::from_value(json!({"refunds": page})).unwrap();
    assert_eq!(refunds.into_items().len(), 1);
    let refunds: models::Refunds = serde_json::from_value(json!({"refunds": null})).unwrap();
    assert!(refunds.into_items().is_empty());
    let line: models::Line =
        serde_json::from_value(json!({"sku": "b", "quantity": 5_000_000_000_i64})).unwrap();
    assert_eq!(line.quantity, 5_000_000_000);
}
