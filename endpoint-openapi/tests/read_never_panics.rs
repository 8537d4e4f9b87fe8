//! Reading never panics, whatever the document: random JSON documents,
//! the samples and a fixture with random parts replaced, and random YAML
//! text. What is read keeps its invariants: every variable of an
//! operation's path has exactly one path parameter, and no other path
//! parameter is left; every schema reference names a component schema.
//! Generating a crate from what is read never panics either.

use std::path::{Path, PathBuf};

use endpoint_openapi::api::{Api, ParamIn};
use endpoint_openapi::package::{Dependency, Modules, Options, generate_read};
use endpoint_openapi::read::{parse, read_value};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Value};

const KEYS: &[&str] = &[
    "openapi",
    "swagger",
    "info",
    "paths",
    "components",
    "schemas",
    "parameters",
    "responses",
    "requestBody",
    "requestBodies",
    "content",
    "schema",
    "$ref",
    "in",
    "name",
    "type",
    "items",
    "properties",
    "allOf",
    "oneOf",
    "anyOf",
    "required",
    "get",
    "post",
    "put",
    "query",
    "additionalOperations",
    "servers",
    "url",
    "variables",
    "security",
    "securitySchemes",
    "definitions",
    "consumes",
    "produces",
    "collectionFormat",
    "headers",
    "encoding",
    "itemSchema",
    "additionalProperties",
    "enum",
    "nullable",
    "style",
    "explode",
    "tags",
    "pathItems",
    "$defs",
    "host",
    "basePath",
    "schemes",
    "flows",
    "scheme",
    "200",
    "default",
    "/a/{id}",
    "/b",
    "A",
    "B",
    "description",
    "summary",
    "title",
    "String",
    "Option",
];

const TEXTS: &[&str] = &[
    "#/components/schemas/A",
    "#/components/schemas/B",
    "#/components/parameters/P",
    "#/components/responses/R",
    "#/paths/~1a~1{id}/get",
    "#/paths/~1b/get/responses/200",
    "#/definitions/A",
    "#/parameters/P",
    "#/components/schemas/A/properties/b",
    "#/components/schemas/A/$defs/C",
    "openapi31.json#/components/schemas/Book",
    "openapi32.yaml#/paths",
    "missing.yaml#/A",
    "http://example.com/a.json",
    "#",
    "",
    "#/",
    "#/%zz",
    "path",
    "query",
    "querystring",
    "header",
    "cookie",
    "body",
    "formData",
    "string",
    "integer",
    "array",
    "object",
    "file",
    "null",
    "/a/{id}",
    "{",
    "}",
    "{id}",
    "3.1.0",
    "3.0.0",
    "2.0",
    "application/json",
    "multipart/form-data",
    "apiKey",
    "http",
    "oauth2",
    "multi",
    "tsv",
    // Text where a tag's or a link's length ends inside a character, line
    // ends of every kind, and the names of std types.
    "<a hré <pé <br /🦀 [漢](x)",
    "É\r\nline\rbare\n\ncr",
    "e\u{301}\u{202e}漢\r",
    "#/components/schemas/String",
    "#/definitions/String",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::sample::select(TEXTS).prop_map(str::to_owned),
        1 => "[a-z{}/~#%0-9.]{0,12}",
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(KEYS).prop_map(str::to_owned),
        1 => "[a-zA-Z{}/$~0-9]{0,8}",
    ]
}

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(6, 96, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec((key(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn descriptions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/descriptions")
}

fn sample(name: &str) -> Value {
    parse(&std::fs::read_to_string(descriptions().join(name)).unwrap()).unwrap()
}

/// Every JSON pointer of `value` (the root included).
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                let key = key.replace('~', "~0").replace('/', "~1");
                pointers(item, format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers(item, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// `value` with the value at its `index`th pointer replaced (or, when
/// `replacement` is `None`, removed from its object or array).
fn mutate(mut value: Value, index: &Index, replacement: Option<Value>) -> Value {
    let mut all = Vec::new();
    pointers(&value, String::new(), &mut all);
    let pointer = all[index.index(all.len())].clone();
    match replacement {
        Some(replacement) => {
            if let Some(slot) = value.pointer_mut(&pointer) {
                *slot = replacement;
            }
        }
        None => {
            if let Some((parent, last)) = pointer.rsplit_once('/') {
                let last = last.replace("~1", "/").replace("~0", "~");
                match value.pointer_mut(parent) {
                    Some(Value::Object(map)) => {
                        map.shift_remove(&last);
                    }
                    Some(Value::Array(items)) => {
                        if let Ok(i) = last.parse::<usize>()
                            && i < items.len()
                        {
                            items.remove(i);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    value
}

/// The path parameters of every operation are its path's variables.
fn check(api: &Api) {
    for op in &api.operations {
        let mut variables: Vec<&str> = op
            .path
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .filter(|name| !name.is_empty())
            .collect();
        variables.sort_unstable();
        variables.dedup();
        let mut parameters: Vec<&str> = op
            .parameters
            .iter()
            .filter(|p| p.location == ParamIn::Path)
            .map(|p| {
                assert!(
                    p.required,
                    "{}: path parameter {} is required",
                    op.label(),
                    p.name
                );
                p.name.as_str()
            })
            .collect();
        parameters.sort_unstable();
        assert_eq!(parameters, variables, "{} {}", op.method, op.path);
    }
}

/// Every `Kind::Ref` of the read model names one of its component schemas
/// (found in the model's `Debug` text, so that it holds whatever else a
/// schema comes to have).
fn references_resolve(api: &Api) {
    let names: std::collections::HashSet<String> =
        api.schemas.keys().map(|name| format!("{name:?}")).collect();
    let text = format!("{:?} {:?}", api.operations, api.schemas);
    let mut rest = text.as_str();
    while let Some(i) = rest.find("Ref(\"") {
        let standalone = !rest[..i].ends_with(|c: char| c.is_alphanumeric());
        rest = &rest[i + 4..];
        // The name's literal: up to the first quote not escaped.
        let mut end = 1;
        let bytes = rest.as_bytes();
        while end < bytes.len() && bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        let literal = &rest[..(end + 1).min(rest.len())];
        if standalone {
            assert!(
                names.contains(literal),
                "a reference to {literal}, not a component"
            );
        }
        rest = &rest[(end + 1).min(rest.len())..];
    }
}

fn read(document: Value) {
    if let Ok(read) = read_value(document, Some(&descriptions()), &[]) {
        check(&read.api);
        references_resolve(&read.api);
        let options = Options {
            name: "any-api".into(),
            endpoint: Dependency::Path("../endpoint".into()),
            modules: Modules::default(),
            conventions: Default::default(),
        };
        let generated = generate_read(&read, &options).expect("a crate, whatever was read");
        assert_eq!(generated.operations.len(), read.api.operations.len());
    }
}

#[test]
fn references_are_found_in_the_debug_text() {
    let read = read_value(sample("openapi31.json"), None, &[]).unwrap();
    references_resolve(&read.api);
    let mut api = read.api.clone();
    api.schemas.remove("Shelf");
    let missing = std::panic::catch_unwind(|| references_resolve(&api));
    assert!(
        missing.is_err(),
        "a reference to a schema that is gone is found"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_documents(version in proptest::sample::select(&["3.0.3", "3.1.0", "3.2.0", "2.0"][..]),
                        paths in json(), components in json(), extra in json()) {
        let mut document = Map::new();
        let key = if version == "2.0" { "swagger" } else { "openapi" };
        document.insert(key.into(), version.into());
        document.insert("paths".into(), paths);
        document.insert(if version == "2.0" { "definitions" } else { "components" }.into(), components);
        document.insert("x".into(), extra.clone());
        read(Value::Object(document));
        read(extra);
    }

    #[test]
    fn mutated_samples(which in 0usize..3, index in any::<Index>(), replacement in proptest::option::weighted(0.8, json()),
                       second in any::<Index>(), text in text()) {
        let name = ["swagger2.yaml", "openapi31.json", "openapi32.yaml"][which];
        let document = mutate(sample(name), &index, replacement);
        let document = mutate(document, &second, Some(Value::String(text)));
        read(document);
    }

    #[test]
    fn random_yaml_text(text in "[a-z0-9 :{}\\[\\],'\"&*!<>|#?\\-\n]{0,80}") {
        if let Ok(value) = parse(&text) {
            read(value);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn mutated_fixture(index in any::<Index>(), replacement in json()) {
        static TWILIO: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
        let twilio = TWILIO.get_or_init(|| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/openapi/twilio.json");
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
        });
        read(mutate(twilio.clone(), &index, Some(replacement)));
    }
}
