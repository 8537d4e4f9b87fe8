//! Schemas named like the types that emitted models name without a path
//! (`String`, `Vec`, `Option`, `Box`), like the names the support crate's
//! decoding macros use inside (`Result`, `Value`, `Object`, `Visitor`, `D`,
//! `A`) or like other names of the prelude (`None`, `Some`, `Default`,
//! `Debug`, `Clone`, `PartialEq`, `Serialize`, `Deserialize`, `Map`) give
//! models that compile and decode: the first are renamed (`String_`), the
//! others keep their names.
//!
//! The models are `std_names/models.rs`; the first test says when the file
//! is not what the emitter writes today (`ENDPOINT_OPENAPI_WRITE=1` rewrites
//! it).

use std::collections::BTreeMap;

use crate::{emit, schema::Schema, types};
use serde_json::{Value, json};

#[allow(dead_code)]
#[path = "std_names/models.rs"]
mod models;

const MODELS: &str = "src/tests/std_names/models.rs";

fn schemas() -> Value {
    let scalars = json!({"type": "object", "required": ["id"],
        "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}});
    json!({
        "String": {"type": "string"},
        "Vec": {"type": "array", "items": {"$ref": "#/components/schemas/String"}},
        "Option": {"type": "object", "properties": {
            "items": {"$ref": "#/components/schemas/Vec"},
            "text": {"type": "string"}
        }},
        "Box": {"type": "object", "properties": {
            "next": {"$ref": "#/components/schemas/Box"},
            "label": {"$ref": "#/components/schemas/String"}
        }},
        "Result": scalars,
        "Value": scalars,
        "Object": scalars,
        "D": scalars,
        "A": {"type": "object", "properties": {"flag": {"type": "boolean"}}},
        "ResultOrText": {"oneOf": [{"$ref": "#/components/schemas/Result"}, {"type": "string"}]},
        "ValueOrText": {"oneOf": [{"$ref": "#/components/schemas/Value"}, {"type": "string"}]},
        "ObjectOrText": {"oneOf": [{"$ref": "#/components/schemas/Object"}, {"type": "string"}]},
        "DOrA": {"oneOf": [{"$ref": "#/components/schemas/D"}, {"$ref": "#/components/schemas/A"}]},
        "None": scalars,
        "Some": {"oneOf": [{"$ref": "#/components/schemas/None"}, {"type": "integer"}]},
        "Default": {"type": "object", "properties": {"on": {"type": "boolean"}}},
        "Debug": {"type": "string", "enum": ["on", "off"]},
        "Clone": {"type": "array", "items": {"$ref": "#/components/schemas/Debug"}},
        "PartialEq": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Default"}},
        "Serialize": scalars,
        "Deserialize": {"type": "object", "required": ["s"], "properties": {
            "s": {"$ref": "#/components/schemas/Serialize"},
            "clone": {"$ref": "#/components/schemas/Clone"},
            "eq": {"$ref": "#/components/schemas/PartialEq"},
            "some": {"$ref": "#/components/schemas/Some"}
        }},
        "Map": {"type": "object", "properties": {"d": {"$ref": "#/components/schemas/Deserialize"}}},
        "Visitor": {"type": "object", "required": ["string", "d"], "properties": {
            "string": {"$ref": "#/components/schemas/String"},
            "vec": {"$ref": "#/components/schemas/Vec"},
            "option": {"$ref": "#/components/schemas/Option"},
            "box": {"$ref": "#/components/schemas/Box"},
            "result": {"$ref": "#/components/schemas/ResultOrText"},
            "value": {"$ref": "#/components/schemas/ValueOrText"},
            "object": {"$ref": "#/components/schemas/ObjectOrText"},
            "d": {"$ref": "#/components/schemas/D"},
            "a": {"$ref": "#/components/schemas/A"},
            "either": {"$ref": "#/components/schemas/DOrA"}
        }}
    })
}

fn planned() -> Vec<types::TypeDef> {
    let components: BTreeMap<String, Schema> = schemas()
        .as_object()
        .unwrap()
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
    space.finish()
}

fn emitted() -> String {
    let paths = emit::Paths {
        support: "::endpoint_runtime".parse().unwrap(),
        ..emit::Paths::default()
    };
    let header = "// Emitted by `endpoint_openapi::emit` (the test `std_names` checks it\n\
                  // and rewrites it with ENDPOINT_OPENAPI_WRITE=1).\n\n";
    emit::module(header, &planned(), &paths).unwrap()
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
}

#[test]
fn names_the_models_write_unqualified_are_not_taken() {
    let names: Vec<String> = planned().into_iter().map(|def| def.name).collect();
    for name in ["String_", "Vec_", "Option_", "Box_"] {
        assert!(names.iter().any(|n| n == name), "no {name} in {names:?}");
    }
    for name in [
        "Result",
        "Value",
        "Object",
        "Visitor",
        "D",
        "A",
        "None",
        "Some",
        "Default",
        "Debug",
        "Clone",
        "PartialEq",
        "Serialize",
        "Deserialize",
        "Map",
    ] {
        assert!(names.iter().any(|n| n == name), "no {name} in {names:?}");
    }
    for taken in ["String", "Vec", "Option", "Box"] {
        assert!(!names.iter().any(|n| n == taken), "{taken} in {names:?}");
    }
    let emitted = emitted();
    assert!(emitted.contains("pub type String_ = String;"), "{emitted}");
    assert!(
        emitted.contains("pub type Vec_ = Vec<String_>;"),
        "{emitted}"
    );
}

#[test]
fn models_named_like_std_types_decode_and_write_back() {
    let value = json!({
        "string": "s",
        "vec": ["a", "b"],
        "option": {"items": ["c"], "text": "t"},
        "box": {"next": {"label": "inner"}, "label": "outer"},
        "result": {"id": 1, "name": "r"},
        "value": "plain",
        "object": {"id": 2},
        "d": {"id": 3},
        "a": {"flag": true},
        "either": {"flag": false}
    });
    let visitor: models::Visitor = serde_json::from_value(value.clone()).unwrap();
    assert!(matches!(
        visitor.result.as_deref(),
        Some(models::ResultOrText::Result(_))
    ));
    assert!(matches!(
        visitor.value.as_deref(),
        Some(models::ValueOrText::String(_))
    ));
    assert!(matches!(
        visitor.either.as_deref(),
        Some(models::DOrA::A(_))
    ));
    let next = visitor.r#box.as_ref().and_then(|b| b.next.as_ref());
    assert_eq!(next.and_then(|b| b.label.as_deref()), Some("inner"));
    assert_eq!(serde_json::to_value(&visitor).unwrap(), value);

    let value = json!({"d": {"s": {"id": 1}, "clone": ["on", "other"], "eq": {"k": {"on": true}}, "some": {"id": 2}}});
    let map: models::Map = serde_json::from_value(value.clone()).unwrap();
    let some = map.d.as_ref().and_then(|d| d.some.as_deref());
    assert!(matches!(some, Some(models::Some::None(_))), "{some:?}");
    assert_eq!(serde_json::to_value(&map).unwrap(), value);
}
