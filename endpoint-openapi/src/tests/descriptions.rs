//! The component schemas of real descriptions (Stripe's, Kubernetes',
//! Twilio's, in `tests/fixtures/openapi/`) are read, planned and emitted
//! without a panic or a problem, into Rust that parses, with readable names.

use std::collections::BTreeMap;

use crate::conventions::{Conventions, Docs};
use crate::types::{Body, TypeDef, TypeSpace};
use crate::{emit, schema::Schema};
use serde_json::Value;

fn plan(name: &str) -> Vec<TypeDef> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/openapi")
        .join(format!("{name}.json"));
    let description: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let components: BTreeMap<String, Schema> = description["components"]["schemas"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, schema)| (name.clone(), Schema::read(schema, name).unwrap()))
        .collect();
    let plain = Conventions {
        docs: Docs::AsWritten,
        ..Conventions::default()
    };
    let mut space = TypeSpace::new(&components, &plain);
    space.all_components(None).unwrap();
    assert_eq!(space.problems(), [] as [String; 0], "{name}");
    let types = space.finish();
    let source = emit::module("", &types, &emit::Paths::default()).unwrap();
    syn::parse_file(&source).unwrap_or_else(|err| panic!("{name}: {err}"));
    for def in &types {
        assert!(
            !def.name.contains("Self_") || def.name == "Self_",
            "{name}: {}",
            def.name
        );
    }
    types
}

fn field_names<'a>(types: &'a [TypeDef], name: &str) -> Vec<&'a str> {
    let def = types.iter().find(|t| t.name == name).unwrap();
    let Body::Struct(fields) = &def.body else {
        panic!("{name} is not a struct")
    };
    fields.iter().map(|f| f.name.as_str()).collect()
}

#[test]
fn stripe() {
    let types = plan("stripe");
    assert!(types.len() > 775, "{}", types.len());
}

#[test]
fn kubernetes() {
    let types = plan("kubernetes");
    assert!(types.len() >= 547, "{}", types.len());
}

#[test]
fn twilio() {
    let types = plan("twilio");
    assert!(types.len() >= 149, "{}", types.len());
    let names = field_names(&types, "ApiV2010AccountCall");
    for expected in ["start_time", "end_time", "date_created"] {
        assert!(names.contains(&expected), "{names:?}");
    }
}
