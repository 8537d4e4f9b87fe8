//! Models emitted for a description of requests and answers compile, and
//! write back every value they read: for values generated at random from
//! each schema, decoding and then serializing gives the same JSON.
//!
//! The models are `round_trip/models.rs`, emitted from
//! `round_trip/schemas.json`; the first test says when the file is not what
//! the emitter writes today (`ENDPOINT_OPENAPI_WRITE=1` rewrites it).

use std::collections::BTreeMap;

use crate::{emit, schema::Schema, types};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

#[allow(dead_code)]
#[path = "round_trip/models.rs"]
mod models;

const SCHEMAS: &str = include_str!("round_trip/schemas.json");
const MODELS: &str = "src/tests/round_trip/models.rs";

fn schemas() -> Map<String, Value> {
    serde_json::from_str(SCHEMAS).expect("the schemas are JSON")
}

fn emitted() -> String {
    let components: BTreeMap<String, Schema> = schemas()
        .iter()
        .map(|(name, schema)| (name.clone(), Schema::read(schema, name).unwrap()))
        .collect();
    let plain = crate::conventions::Conventions {
        docs: crate::conventions::Docs::AsWritten,
        ..Default::default()
    };
    let mut space = types::TypeSpace::new(&components, &plain);
    space.all_components(None).unwrap();
    assert_eq!(space.problems(), [] as [String; 0]);
    let types = space.finish();
    let paths = emit::Paths {
        support: "::endpoint_runtime".parse().unwrap(),
        ..emit::Paths::default()
    };
    let header = "// Emitted by `endpoint_openapi::emit` from `schemas.json` (the test\n\
                  // `round_trip` checks it and rewrites it with ENDPOINT_OPENAPI_WRITE=1).\n\n";
    emit::module(header, &types, &paths).unwrap()
}

#[test]
fn the_models_are_the_emitted_ones() {
    let emitted = emitted();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(MODELS);
    if std::env::var_os("ENDPOINT_OPENAPI_WRITE").is_some() {
        std::fs::write(&path, &emitted).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == emitted,
        "{MODELS} is not what the emitter writes (ENDPOINT_OPENAPI_WRITE=1 rewrites it):\n{emitted}"
    );
    // What the file shows of the rules.
    for expected in [
        "#[derive(Debug, Clone, PartialEq, Default, ::serde::Serialize)]\npub struct Update {",
        "pub milestone: ::endpoint_runtime::model::Nullable<i64>,",
        "#[serde(skip_serializing_if = \"Option::is_none\")]\n    pub age: Option<u32>,",
        "#[serde(rename = \"DateSent<\")]",
        "pub date_sent_after: Option<String>,",
        "#[serde(flatten)]\n    pub additional_properties: ::std::collections::BTreeMap<String, ::serde_json::Value>,",
        "..additional_properties: ::std::collections::BTreeMap<String,::serde_json::Value>",
        "decode_tagged_union! {\n    Shape [\"type\"] {\n        Circle: Circle = \"c\",\n        Square: Square = \"square\",",
    ] {
        assert!(
            emitted.contains(expected),
            "missing {expected:?} in\n{emitted}"
        );
    }
    assert!(!emitted.contains("non_exhaustive"), "{emitted}");
}

#[test]
fn a_request_body_is_built_and_sends_null_apart_from_absent() {
    use endpoint_runtime::model::Nullable;
    let keep = models::Update {
        name: Some("v2".into()),
        ..Default::default()
    };
    assert_eq!(serde_json::to_value(&keep).unwrap(), json!({"name": "v2"}));
    let clear = models::Update {
        milestone: Nullable::Null,
        ..Default::default()
    };
    assert_eq!(
        serde_json::to_value(&clear).unwrap(),
        json!({"milestone": null})
    );
    let read: models::Update = serde_json::from_value(json!({"milestone": null})).unwrap();
    assert_eq!(read, clear);
    let read: models::Update = serde_json::from_value(json!({"milestone": 3})).unwrap();
    assert_eq!(read.milestone, Nullable::Value(3));
}

#[test]
fn unknown_values_are_kept() {
    let shape: models::Shape = serde_json::from_value(json!({"type": "hexagon", "n": 6})).unwrap();
    assert_eq!(
        shape,
        models::Shape::Other(json!({"type": "hexagon", "n": 6}))
    );
    let shape: models::Shape = serde_json::from_value(json!({"type": "c", "radius": 1.5})).unwrap();
    assert!(matches!(shape, models::Shape::Circle(_)));
    let pet: models::Pet =
        serde_json::from_value(json!({"id": 1, "name": "a", "kind": "bird", "x-color": [1]}))
            .unwrap();
    assert_eq!(pet.kind.as_str(), "bird");
    assert_eq!(pet.additional_properties["x-color"], json!([1]));
    let err = serde_json::from_value::<models::Pet>(json!({"id": 1, "kind": "cat"})).unwrap_err();
    assert!(err.to_string().contains("missing field `name`"), "{err}");
}

#[test]
fn a_discriminator_without_mapping_decodes_the_values_sent() {
    let card = json!({"type": "card", "last4": "4242"});
    let source: models::PaymentSource = serde_json::from_value(card.clone()).unwrap();
    assert!(
        matches!(&source, models::PaymentSource::CardObject(c) if c.last4 == "4242"),
        "{source:?}"
    );
    assert_eq!(serde_json::to_value(&source).unwrap(), card);
    let bank = json!({"type": "bank_account", "bank_name": "B"});
    let source: models::PaymentSource = serde_json::from_value(bank.clone()).unwrap();
    assert!(
        matches!(source, models::PaymentSource::BankAccountObject(_)),
        "{source:?}"
    );
    assert_eq!(serde_json::to_value(&source).unwrap(), bank);
    // OpenAPI's implicit value, the component's name, is read too.
    let named = json!({"type": "card-object", "last4": "1"});
    let source: models::PaymentSource = serde_json::from_value(named).unwrap();
    assert!(matches!(source, models::PaymentSource::CardObject(_)));
}

#[test]
fn a_float_is_written_back_as_read() {
    for text in [
        r#"{"unit_amount":0.00743999984115362}"#,
        r#"{"unit_amount":2.36}"#,
    ] {
        let price: models::Price = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&price).unwrap(), text);
    }
}

#[test]
fn a_schema_of_no_type_keeps_any_value() {
    let loose = json!({"list": "not a list", "either": 3});
    assert_eq!(written_back::<models::Loose>(&loose), Ok(loose));
    let loose = json!({"list": [1], "either": null});
    assert_eq!(written_back::<models::Loose>(&loose), Ok(loose));
    let loose = json!({"list": {"a": null}, "either": {"login": "octocat"}});
    assert_eq!(written_back::<models::Loose>(&loose), Ok(loose));
}

/// A small deterministic generator of values valid for a schema.
struct Values<'a> {
    seed: u64,
    components: &'a Map<String, Value>,
}

impl Values<'_> {
    fn next(&mut self, below: u64) -> u64 {
        // splitmix64
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % below.max(1)
    }

    fn text(&mut self) -> String {
        let words = ["", "a", "octocat", "é ü", "x\"y", "line\nbreak", "日本"];
        words[self.next(words.len() as u64) as usize].to_owned()
    }

    fn value(&mut self, schema: &Value, depth: usize) -> Value {
        if let Some(reference) = schema["$ref"].as_str() {
            let name = reference.trim_start_matches("#/components/schemas/");
            let components = self.components;
            return self.value(&components[name], depth + 1);
        }
        let nullable = schema["nullable"] == json!(true)
            || schema["type"]
                .as_array()
                .is_some_and(|t| t.contains(&json!("null")));
        if nullable && self.next(3) == 0 {
            return Value::Null;
        }
        if let Some(parts) = schema["allOf"].as_array() {
            let mut out = Map::new();
            for part in parts {
                if let Value::Object(part) = self.value(part, depth + 1) {
                    out.extend(part);
                }
            }
            return Value::Object(out);
        }
        if let Some(alternatives) = schema["oneOf"].as_array() {
            let at = self.next(alternatives.len() as u64) as usize;
            let mut value = self.value(&alternatives[at], depth + 1);
            if let Some(key) = schema["discriminator"]["propertyName"].as_str() {
                let target = alternatives[at]["$ref"].as_str().unwrap_or_default();
                let name = target.trim_start_matches("#/components/schemas/");
                let pinned = &self.components[name]["properties"][key];
                if pinned.get("enum").is_some() || pinned.get("const").is_some() {
                    // The alternative says its own value.
                    return value;
                }
                let mapped = schema["discriminator"]["mapping"]
                    .as_object()
                    .and_then(|m| m.iter().find(|(_, t)| *t == target))
                    .map_or(name, |(value, _)| value.as_str());
                value[key] = json!(mapped);
            }
            return value;
        }
        if let Some(value) = schema.get("const") {
            return value.clone();
        }
        if let Some(values) = schema["enum"].as_array() {
            // An open enum keeps a value it does not know.
            return match self.next(values.len() as u64 + 1) as usize {
                at if at < values.len() => values[at].clone(),
                _ => json!("unheard-of"),
            };
        }
        let ty = match &schema["type"] {
            Value::Array(types) => types
                .iter()
                .find(|t| *t != "null")
                .cloned()
                .unwrap_or_default(),
            other => other.clone(),
        };
        match (ty.as_str().unwrap_or("object"), schema["format"].as_str()) {
            ("integer", Some("int32")) => json!(self.next(1 << 31)),
            ("integer", Some("uint32")) => json!(self.next(u64::from(u32::MAX))),
            ("integer", Some("uint64")) => json!(self.next(u64::MAX)),
            ("integer", _) => json!(self.next(1 << 62) as i64 - (1 << 61)),
            // A number with a fraction (an integral one reads back as
            // `1.0`: the same number, another JSON spelling).
            ("number", _) => json!(self.next(1 << 20) as f64 + 0.5),
            ("boolean", _) => json!(self.next(2) == 1),
            ("string", Some("date-time")) => {
                json!(format!("20{:02}-01-26T19:01:12Z", self.next(100)))
            }
            ("string", Some("byte")) => json!("aGVsbG8="),
            ("string", _) => json!(self.text()),
            ("array", _) => {
                let n = if depth > 3 { 0 } else { self.next(3) };
                Value::Array(
                    (0..n)
                        .map(|_| self.value(&schema["items"], depth + 1))
                        .collect(),
                )
            }
            _ => {
                let mut out = Map::new();
                let required: Vec<&Value> = schema["required"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .collect();
                for (key, property) in schema["properties"].as_object().into_iter().flatten() {
                    let wanted = required.contains(&&json!(key));
                    if wanted || (depth < 3 && self.next(2) == 0) {
                        out.insert(key.clone(), self.value(property, depth + 1));
                    }
                }
                match &schema["additionalProperties"] {
                    Value::Bool(true) => {
                        for i in 0..self.next(3) {
                            out.insert(format!("x-extra-{i}"), json!(self.text()));
                        }
                    }
                    values @ Value::Object(_) => {
                        for i in 0..self.next(3) {
                            out.insert(format!("k{i}"), self.value(values, depth + 1));
                        }
                    }
                    _ => {}
                }
                Value::Object(out)
            }
        }
    }
}

fn written_back<T: DeserializeOwned + Serialize>(value: &Value) -> Result<Value, String> {
    let decoded: T = serde_json::from_value(value.clone()).map_err(|err| err.to_string())?;
    serde_json::to_value(&decoded).map_err(|err| err.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_value_read_is_written_back(seed in any::<u64>()) {
        let components = schemas();
        let mut values = Values { seed, components: &components };
        for name in components.keys() {
            let value = values.value(&components[name], 0);
            let back = match name.as_str() {
                "pet" => written_back::<models::Pet>(&value),
                "owner" => written_back::<models::Owner>(&value),
                "shape" => written_back::<models::Shape>(&value),
                "circle" => written_back::<models::Circle>(&value),
                "square" => written_back::<models::Square>(&value),
                "id-or-name" => written_back::<models::IdOrName>(&value),
                "full-pet" => written_back::<models::FullPet>(&value),
                "update" => written_back::<models::Update>(&value),
                "payment-source" => written_back::<models::PaymentSource>(&value),
                "card-object" => written_back::<models::CardObject>(&value),
                "bank-account-object" => written_back::<models::BankAccountObject>(&value),
                "price" => written_back::<models::Price>(&value),
                "loose" => written_back::<models::Loose>(&value),
                other => panic!("no model for `{other}`"),
            };
            prop_assert_eq!(back, Ok(value), "{}", name);
        }
    }
}
