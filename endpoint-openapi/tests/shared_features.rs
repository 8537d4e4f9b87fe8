//! A model most of a crate's modules reach is enabled by one shared
//! feature, which each of those modules' features enables: a description of
//! thousands of tags writes its common models once with a short `#[cfg]`,
//! not with every module's feature listed at each of them.

use crate::generate::file;
use endpoint_openapi::package::{Dependency, Modules, Options, generate_read};
use endpoint_openapi::read::read_value;
use serde_json::{Map, Value, json};

/// A description whose `tags` tags each list `Common`, and whose first tag
/// alone reads `Rare`.
fn tagged(tags: usize) -> Value {
    let mut paths = Map::new();
    for n in 0..tags {
        paths.insert(
            format!("/t{n:03}"),
            json!({"get": {
                "operationId": format!("list-t{n:03}"),
                "tags": [format!("t{n:03}")],
                "responses": {"200": {"description": "ok", "content": {"application/json":
                    {"schema": {"$ref": "#/components/schemas/Common"}}}}}
            }}),
        );
    }
    paths.insert(
        "/rare".into(),
        json!({"get": {
            "operationId": "get-rare",
            "tags": ["t000"],
            "responses": {"200": {"description": "ok", "content": {"application/json":
                {"schema": {"$ref": "#/components/schemas/Rare"}}}}}
        }}),
    );
    json!({
        "openapi": "3.1.0",
        "info": {"title": "Many", "version": "1"},
        "servers": [{"url": "https://many.example/v1"}],
        "paths": paths,
        "components": {"schemas": {
            "Common": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Rare": {"type": "object", "properties": {"n": {"type": "integer"}}}
        }}
    })
}

fn crate_of(tags: usize) -> (String, String) {
    let read = read_value(tagged(tags), None, &[]).expect("a description");
    let options = Options {
        name: "many-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    let generated = generate_read(&read, &options).expect("a crate");
    (
        file(&generated, "Cargo.toml").to_owned(),
        file(&generated, "src/models.rs").to_owned(),
    )
}

/// The `#[cfg(…)]` above `pub struct {name}`'s other attributes, on one
/// line.
fn cfg_of(models: &str, name: &str) -> String {
    let lines: Vec<&str> = models.lines().collect();
    let at = lines
        .iter()
        .position(|line| line.starts_with(&format!("pub struct {name} ")))
        .unwrap_or_else(|| panic!("no struct {name} in {models}"));
    let start = lines[..at]
        .iter()
        .rposition(|line| line.starts_with("#[cfg("))
        .unwrap_or_else(|| panic!("no cfg above {name}"));
    let mut cfg = String::new();
    for line in &lines[start..at] {
        cfg.push_str(line.trim());
        if line.ends_with(")]") {
            break;
        }
    }
    cfg
}

#[test]
fn a_model_more_than_64_modules_reach_is_enabled_by_the_shared_feature() {
    let (cargo, models) = crate_of(65);
    assert_eq!(
        cfg_of(&models, "Common"),
        "#[cfg(feature = \"shared-models\")]"
    );
    assert_eq!(cfg_of(&models, "Rare"), "#[cfg(feature = \"t000\")]");
    for n in 0..65 {
        assert!(
            cargo.contains(&format!("\"t{n:03}\" = [\"shared-models\"]\n")),
            "t{n:03} does not enable shared-models: {cargo}"
        );
    }
    assert!(cargo.contains("\n\"shared-models\" = []\n"), "{cargo}");
    // The shared feature is not a module's: not among the defaults twice.
    assert_eq!(cargo.matches("\"shared-models\" = []").count(), 1);
}

#[test]
fn a_model_64_modules_reach_lists_them() {
    let (cargo, models) = crate_of(64);
    let common = cfg_of(&models, "Common");
    assert!(
        common.starts_with("#[cfg(any(feature = \"t000\","),
        "{common}"
    );
    assert_eq!(common.matches("feature = ").count(), 64);
    assert!(!cargo.contains("shared-models"), "{cargo}");
    assert!(cargo.contains("\"t000\" = []\n"), "{cargo}");
}
