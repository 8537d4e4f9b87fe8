//! A union whose alternatives a property beside it names, in the object
//! holding it (`{"type": "bank", "data": {…}}`), decodes each value as the
//! alternative that property names, and writes it back unchanged, even
//! where trying each alternative in order would take the first for every
//! value (alternatives of optional fields alone). The property is found by
//! the union's discriminator (by its `mapping`, or by the alternatives'
//! component names), by the discriminator of the object holding it, or as
//! a string enum whose values are the alternatives' names in order. Any
//! other value of that property keeps the value as JSON (`Other`).
//!
//! The models are `described_unions/models.rs`, emitted from the
//! description below; the first test says when the file is not what the
//! generator writes today (`ENDPOINT_OPENAPI_WRITE=1` rewrites it).

use super::emitted;
use crate::diag::Diagnostics;
use serde_json::{Value, json};

#[allow(dead_code)]
#[path = "described_unions/models.rs"]
mod models;

const MODELS: &str = "src/tests/described_unions/models.rs";

/// The answer's example: each union's alternatives in the order that
/// trying them in order gets wrong, and values no alternative is named by.
fn feed() -> Value {
    json!({
        "payments": [
            {"type": "bank", "data": {"iban": "DE00 1234"}},
            {"type": "credit_card", "data": {"number": "4242"}},
            {"data": {"iban": "NL00 5678"}, "type": "bank"},
            {"type": "cash", "data": {"amount": 5}}
        ],
        "transfers": [{"kind": "Sepa", "detail": {"bic": "ABCDEF"}}],
        "events": [
            {"event": "closed", "payload": {"reason": "done"}},
            {"event": "reopened", "payload": {"reason": "oops"}}
        ],
        "shapes": [{"shape": "square", "geometry": {"side": 2.5}}]
    })
}

/// Objects whose properties are all optional: any of them takes any object.
fn optional(properties: &[(&str, &str)]) -> Value {
    let properties: serde_json::Map<String, Value> = properties
        .iter()
        .map(|(key, ty)| ((*key).to_owned(), json!({"type": ty})))
        .collect();
    json!({"type": "object", "properties": properties})
}

fn description() -> Value {
    let list = |component: &str| json!({"type": "array", "items": {"$ref": format!("#/components/schemas/{component}")}});
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Feed", "version": "1"},
        "paths": {"/feed": {"get": {
            "operationId": "getFeed",
            "responses": {"200": {"description": "The feed.", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Feed"},
                "example": feed()
            }}}}
        }}},
        "components": {"schemas": {
            "Feed": {"type": "object", "properties": {
                "payments": list("Payment"),
                "transfers": list("Transfer"),
                "events": list("Event"),
                "shapes": list("Shape")
            }},
            // The union's discriminator, a property beside it, by mapping.
            "Payment": {"type": "object", "required": ["type", "data"], "properties": {
                "type": {"type": "string"},
                "data": {
                    "oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}],
                    "discriminator": {"propertyName": "type", "mapping": {
                        "credit_card": "#/components/schemas/Card",
                        "bank": "#/components/schemas/Bank"
                    }}
                }
            }},
            "Card": optional(&[("number", "string"), ("expiry", "string")]),
            "Bank": optional(&[("iban", "string"), ("bic", "string")]),
            // … by the alternatives' component names.
            "Transfer": {"type": "object", "properties": {
                "kind": {"type": "string", "enum": ["Wire", "Sepa"]},
                "detail": {
                    "oneOf": [{"$ref": "#/components/schemas/Wire"}, {"$ref": "#/components/schemas/Sepa"}],
                    "discriminator": {"propertyName": "kind"}
                }
            }},
            "Wire": optional(&[("swift", "string")]),
            "Sepa": optional(&[("bic", "string")]),
            // The discriminator of the object holding the union.
            "Event": {
                "type": "object",
                "discriminator": {"propertyName": "event", "mapping": {
                    "opened": "#/components/schemas/Opened",
                    "closed": "#/components/schemas/Closed"
                }},
                "properties": {
                    "event": {"type": "string"},
                    "payload": {"oneOf": [{"$ref": "#/components/schemas/Opened"},
                                          {"$ref": "#/components/schemas/Closed"}]}
                }
            },
            "Opened": optional(&[("by", "string")]),
            "Closed": optional(&[("reason", "string")]),
            // No discriminator: an enum of the alternatives' names, in order.
            "Shape": {"type": "object", "properties": {
                "shape": {"type": "string", "enum": ["circle", "square"]},
                "geometry": {"oneOf": [{"$ref": "#/components/schemas/Circle"},
                                       {"$ref": "#/components/schemas/Square"}]}
            }},
            "Circle": optional(&[("radius", "number")]),
            "Square": optional(&[("side", "number")])
        }}
    })
}

fn planned() -> (String, Diagnostics) {
    let emitted = emitted::models("described_unions", description());
    (emitted.source, emitted.diagnostics)
}

#[test]
fn the_models_are_the_emitted_ones() {
    let (emitted, _) = planned();
    emitted::check_file(MODELS, &emitted);
}

#[test]
fn each_union_says_what_names_its_alternative() {
    let (emitted, diagnostics) = planned();
    let said: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
    for (union, key, how) in [
        ("PaymentData", "type", "its discriminator"),
        ("TransferDetail", "kind", "its discriminator"),
        (
            "EventPayload",
            "event",
            "the discriminator of the object holding it",
        ),
        (
            "ShapeGeometry",
            "shape",
            "its values, the names of the alternatives",
        ),
    ] {
        let expected = format!(
            "the alternative of `{union}` (its `{}`) is named by `{key}` beside it ({how}); \
             decoded by that value, any other kept as JSON (`Other`)",
            match union {
                "PaymentData" => "data",
                "TransferDetail" => "detail",
                "EventPayload" => "payload",
                _ => "geometry",
            }
        );
        assert!(
            said.iter().any(|line| line.contains(&expected)),
            "{expected} in {said:#?}"
        );
    }
    let compact = emitted.split_whitespace().collect::<String>();
    for expected in [
        r#"data:PaymentData="data"byr#type,"#,
        r#"PaymentData{Card:Card="credit_card",Bank:Bank="bank",}"#,
        r#"detail:Option<Box<TransferDetail>>="detail"bykind,"#,
        r#"TransferDetail{Wire:Wire="Wire",Sepa:Sepa="Sepa",}"#,
        r#"payload:Option<Box<EventPayload>>="payload"byevent,"#,
        r#"geometry:Option<Box<ShapeGeometry>>="geometry"byshape,"#,
        r#"ShapeGeometry{Circle:Circle="circle",Square:Square="square",}"#,
    ] {
        assert!(compact.contains(expected), "{expected} in\n{emitted}");
    }
}

#[test]
fn each_value_decodes_as_the_alternative_beside_it_names_and_writes_back_unchanged() {
    let example = feed();
    let feed: models::Feed = serde_json::from_value(example.clone()).unwrap();
    assert_eq!(serde_json::to_value(&feed).unwrap(), example);
    let payments = feed.payments.unwrap();
    assert!(
        matches!(&payments[0].data, models::PaymentData::Bank(bank)
            if bank.iban.as_deref() == Some("DE00 1234")),
        "{payments:?}"
    );
    assert!(
        matches!(&payments[1].data, models::PaymentData::Card(card)
            if card.number.as_deref() == Some("4242")),
        "{payments:?}"
    );
    // The key naming it after the union.
    assert!(
        matches!(&payments[2].data, models::PaymentData::Bank(bank)
            if bank.iban.as_deref() == Some("NL00 5678")),
        "{payments:?}"
    );
    // A value no alternative is named by: the value as it was.
    assert_eq!(
        payments[3].data,
        models::PaymentData::Other(json!({"amount": 5}))
    );
    let transfers = feed.transfers.unwrap();
    assert!(
        matches!(transfers[0].detail.as_deref(), Some(models::TransferDetail::Sepa(sepa))
            if sepa.bic.as_deref() == Some("ABCDEF")),
        "{transfers:?}"
    );
    let events = feed.events.unwrap();
    assert!(
        matches!(events[0].payload.as_deref(), Some(models::EventPayload::Closed(closed))
            if closed.reason.as_deref() == Some("done")),
        "{events:?}"
    );
    assert_eq!(
        events[1].payload.as_deref(),
        Some(&models::EventPayload::Other(json!({"reason": "oops"})))
    );
    let shapes = feed.shapes.unwrap();
    assert!(
        matches!(shapes[0].geometry.as_deref(), Some(models::ShapeGeometry::Square(square))
            if square.side == Some(2.5)),
        "{shapes:?}"
    );
    // Alone, tried in order, the first alternative takes any object: what
    // each value above would have been without the property beside it.
    let alone: models::PaymentData = serde_json::from_value(json!({"iban": "x"})).unwrap();
    assert!(matches!(alone, models::PaymentData::Card(_)), "{alone:?}");
    // No value beside it: `Other`, never an error.
    let transfer: models::Transfer =
        serde_json::from_value(json!({"detail": {"bic": "x"}})).unwrap();
    assert_eq!(
        transfer.detail.as_deref(),
        Some(&models::TransferDetail::Other(json!({"bic": "x"})))
    );
}
