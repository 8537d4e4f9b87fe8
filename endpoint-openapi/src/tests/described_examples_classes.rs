//! Every answer a description's own examples show decodes into the
//! generated models, whatever the examples contradict: a property's own
//! `example` of another type (a number where the schema says string, a
//! decimal's text where it says integer, an object where it says a list, a
//! list as the example of a list's items), a required property an answer's
//! example leaves out of a component other operations use too (relaxed in
//! that operation's own copy, the component kept as written for the
//! others), an example written as the text of its JSON, and a union whose
//! alternatives are named by a property beside it (`{"type": "bank",
//! "data": {…}}`), which decodes each value as the alternative that
//! property names.
//!
//! The models are `described_examples_classes/models.rs`, emitted from the
//! description below; the first test says when the file is not what the
//! generator writes today (`ENDPOINT_OPENAPI_WRITE=1` rewrites it).

use super::emitted;
use crate::diag::Diagnostics;
use serde_json::{Value, json};

#[allow(dead_code)]
#[path = "described_examples_classes/models.rs"]
mod models;

const MODELS: &str = "src/tests/described_examples_classes/models.rs";

fn payments() -> Value {
    json!([
        {"type": "credit_card", "data": {"number": "4242", "expiry": "12/30"}},
        {"type": "bank", "data": {"iban": "DE00 1234"}}
    ])
}

fn no_account() -> Value {
    json!({"message": "no such account", "source": 7})
}

/// An account as a mock server answers it, from each property's own
/// example.
fn account() -> Value {
    json!({
        "id": "a_1",
        "number": 1111,
        "balance": "120.50",
        "tags": {"vip": true},
        "aliases": [["x", "y"]]
    })
}

const LEDGER: &str = r#"{"entries": [{"amount": 5}, {"amount": 7, "currency": "EUR"}]}"#;

fn description() -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Bank", "version": "1"},
        "paths": {
            "/payments": {"get": {
                "operationId": "listPayments",
                "tags": ["bank"],
                "responses": {
                    "200": {"description": "The payments.", "content": {"application/json": {
                        "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Payment"}},
                        "example": payments()
                    }}},
                    "404": {"description": "None.", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Error"},
                        "examples": {"none": {"value": {"code": "none", "message": "no payments"}}}
                    }}}
                }
            }},
            "/accounts/{id}": {"get": {
                "operationId": "getAccount",
                "tags": ["bank"],
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {
                    "200": {"description": "The account.", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Account"}
                    }}},
                    "404": {"description": "No such account.", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Error"},
                        "example": no_account()
                    }}}
                }
            }},
            "/ledger": {"get": {
                "operationId": "getLedger",
                "tags": ["bank"],
                "responses": {"200": {"description": "The ledger.", "content": {"application/json": {
                    "schema": {"type": "object", "title": "Ledger", "properties": {
                        "entries": {"type": "array", "items": {"$ref": "#/components/schemas/Entry"}}
                    }},
                    // The example written as the text of its JSON.
                    "example": LEDGER
                }}}}
            }}
        },
        "components": {"schemas": {
            "Payment": {"type": "object", "required": ["type", "data"], "properties": {
                "type": {"type": "string", "enum": ["credit_card", "bank"]},
                "data": {
                    "oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}],
                    // Names `type` beside `data`, which no alternative has.
                    "discriminator": {"propertyName": "type", "mapping": {
                        "credit_card": "#/components/schemas/Card",
                        "bank": "#/components/schemas/Bank"
                    }}
                }
            }},
            "Card": {"type": "object", "required": ["number", "expiry"], "properties": {
                "number": {"type": "string"}, "expiry": {"type": "string"}
            }},
            "Bank": {"type": "object", "required": ["iban"], "properties": {
                "iban": {"type": "string"}, "bic": {"type": "string"}
            }},
            "Account": {"type": "object", "required": ["id", "number", "balance"], "properties": {
                "id": {"type": "string"},
                "number": {"type": "string", "example": 1111},
                "balance": {"type": "integer", "example": "120.50"},
                "tags": {"type": "array", "items": {"type": "string"}, "example": {"vip": true}},
                "aliases": {"type": "array", "items": {"type": "string", "example": ["x", "y"]}}
            }},
            "Entry": {"type": "object", "required": ["amount", "currency"], "properties": {
                "amount": {"type": "integer"}, "currency": {"type": "string"}
            }},
            "Error": {"type": "object", "required": ["code", "message"], "properties": {
                "code": {"type": "string"},
                "message": {"type": "string"},
                "source": {"type": "string"}
            }}
        }}
    })
}

fn planned() -> (String, Diagnostics) {
    let emitted = emitted::models("described_examples_classes", description());
    (emitted.source, emitted.diagnostics)
}

#[test]
fn the_models_are_the_emitted_ones() {
    let (emitted, _) = planned();
    emitted::check_file(MODELS, &emitted);
}

#[test]
fn each_contradiction_is_relaxed_where_its_example_is() {
    let (emitted, diagnostics) = planned();
    let said: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
    for expected in [
        "#/components/schemas/Account/properties/number/example: the example is an integer, \
         where the schema says a string; any JSON value (`serde_json::Value`)",
        "#/components/schemas/Account/properties/balance/example: the example is a string, \
         where the schema says an integer; any JSON value (`serde_json::Value`)",
        "#/components/schemas/Account/properties/tags/example: the example is an object, \
         where the schema says a list; any JSON value (`serde_json::Value`)",
        "#/components/schemas/Account/properties/aliases/items/example: the example is a list, \
         where the schema says a string; any JSON value (`serde_json::Value`)",
        // `Error` is listPayments' too: relaxed in getAccount's copy.
        "#/paths/~1accounts~1{id}/get/responses/404/content/application~1json/example \
         (getAccount): `code` is missing from the example, where the schema requires it; \
         `code` optional, in a copy of `Error` of this operation's own (its other users keep \
         `Error` as written)",
        "#/paths/~1accounts~1{id}/get/responses/404/content/application~1json/example \
         (getAccount): `source` is an integer in the example, where the schema says a string; \
         any JSON value (`serde_json::Value`), in a copy of `Error` of this operation's own \
         (its other users keep `Error` as written)",
        // `Entry` is getLedger's only: relaxed itself.
        "#/paths/~1ledger/get/responses/200/content/application~1json/example (getLedger): \
         `entries[0].currency` is missing from the example, where the schema requires it; \
         `currency` optional",
    ] {
        assert!(
            said.contains(&expected.to_owned()),
            "{expected} in {said:#?}"
        );
    }
    assert!(
        said.iter().any(|line| line.contains(
            "`Payment`: the alternative of `PaymentData` (its `data`) is named by `type` beside \
             it (its discriminator); decoded by that value"
        )),
        "{said:#?}"
    );
    // The fields each type decodes, required then optional.
    let compact = emitted.split_whitespace().collect::<String>();
    for expected in [
        // The shared `Error` as written, for listPayments.
        r#"Error{code:String="code",message:String="message",}{source:Option<String>="source",}"#,
        // getAccount's own copy.
        r#"GetAccountAnswerError{message:String="message",}{code:Option<String>="code",source:Option<::serde_json::Value>="source",}"#,
        // Each property's own example.
        r#"Account{id:String="id",number:::serde_json::Value="number",balance:::serde_json::Value="balance",}{tags:Option<::serde_json::Value>="tags",aliases:Option<Vec<::serde_json::Value>>="aliases",}"#,
        // The example written as text.
        r#"Entry{amount:i64="amount",}{currency:Option<String>="currency",}"#,
    ] {
        assert!(compact.contains(expected), "{expected} in\n{emitted}");
    }
}

#[test]
fn every_example_decodes_and_is_written_back_unchanged() {
    fn round_trip<T: serde::de::DeserializeOwned + serde::Serialize>(example: Value) -> T {
        let decoded: T = serde_json::from_value(example.clone()).unwrap();
        assert_eq!(serde_json::to_value(&decoded).unwrap(), example);
        decoded
    }
    let payments: Vec<models::Payment> = round_trip(payments());
    assert!(
        matches!(&payments[0].data, models::PaymentData::Card(card) if card.number == "4242"),
        "{payments:?}"
    );
    assert!(
        matches!(&payments[1].data, models::PaymentData::Bank(bank) if bank.iban == "DE00 1234"),
        "{payments:?}"
    );
    let error: models::Error = round_trip(json!({"code": "none", "message": "no payments"}));
    assert_eq!(error.code, "none");
    let error: models::GetAccountAnswerError = round_trip(no_account());
    assert_eq!(error.code, None);
    assert_eq!(error.source, Some(json!(7)));
    let account: models::Account = round_trip(account());
    assert_eq!(account.number, json!(1111));
    let ledger: models::GetLedgerResponse = round_trip(serde_json::from_str(LEDGER).unwrap());
    assert_eq!(ledger.entries.map(|entries| entries.len()), Some(2));
}
