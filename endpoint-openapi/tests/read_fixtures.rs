//! The three fixture descriptions, read whole: every operation with its
//! method and path, and no diagnostic where the description is sound.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use endpoint_openapi::read::{Read, read_file};
use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../tests/fixtures/openapi/{name}.json"))
}

/// Every `(METHOD, path)` of the raw description, in its order.
fn raw_operations(path: &Path) -> Vec<(String, String)> {
    let value: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let methods = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ];
    let mut out = Vec::new();
    for (path, item) in value["paths"].as_object().unwrap() {
        for method in methods {
            if item.get(method).is_some() {
                out.push((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    out
}

fn check(name: &str, count: usize) -> Read {
    let path = fixture(name);
    let read = read_file(&path, &[]).unwrap();
    let diagnostics: Vec<String> = read.diagnostics.iter().map(ToString::to_string).collect();
    assert!(diagnostics.is_empty(), "{name}: {diagnostics:#?}");
    let got: Vec<(String, String)> = read
        .api
        .operations
        .iter()
        .map(|op| (op.method.clone(), op.path.clone()))
        .collect();
    assert_eq!(got.len(), count, "{name}");
    assert_eq!(got, raw_operations(&path), "{name}");
    let ids: BTreeSet<_> = read
        .api
        .operations
        .iter()
        .map(|op| op.operation_id.clone())
        .collect();
    assert_eq!(
        ids.len(),
        count,
        "{name}: every operation has its own operationId"
    );
    for op in &read.api.operations {
        assert!(
            !op.responses.is_empty(),
            "{name}: {} has answers",
            op.label()
        );
        for variable in op
            .path
            .split('{')
            .skip(1)
            .map(|rest| rest.split('}').next().unwrap())
        {
            assert!(
                op.parameters
                    .iter()
                    .any(|p| p.name == variable && p.required),
                "{name}: {} has its path parameter {variable}",
                op.label()
            );
        }
    }
    read
}

#[test]
fn stripe() {
    let read = check("stripe", 452);
    let api = &read.api;
    assert!(api.schemas.contains_key("customer"));
    assert!(api.tags.is_empty());
    let create = api
        .operations
        .iter()
        .find(|op| op.operation_id.as_deref() == Some("PostCustomers"))
        .unwrap();
    let body = create.body.as_ref().unwrap();
    assert_eq!(
        body.contents[0].media_type,
        "application/x-www-form-urlencoded"
    );
    assert!(
        body.contents[0]
            .encoding
            .iter()
            .any(|(_, e)| e.style.as_deref() == Some("deepObject"))
    );
    let statuses: Vec<_> = create.responses.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(statuses, ["200", "default"]);
    assert!(!api.security_schemes.is_empty());
}

#[test]
fn kubernetes() {
    let read = check("kubernetes", 845);
    let api = &read.api;
    assert_eq!(api.spec_version, "3.0.0");
    let tags: BTreeSet<_> = api
        .operations
        .iter()
        .flat_map(|op| op.tags.clone())
        .collect();
    assert_eq!(tags.len(), 56);
    assert!(
        api.schemas
            .keys()
            .any(|name| name == "io.k8s.api.core.v1.Pod")
    );
}

#[test]
fn twilio() {
    let read = check("twilio", 195);
    let api = &read.api;
    assert_eq!(api.servers[0].url, "https://api.twilio.com");
    let tags: BTreeSet<_> = api
        .operations
        .iter()
        .flat_map(|op| op.tags.clone())
        .collect();
    assert_eq!(tags.len(), 66);
    let list = api
        .operations
        .iter()
        .find(|op| op.operation_id.as_deref() == Some("ListMessage"))
        .unwrap();
    let names: Vec<_> = list.parameters.iter().map(|p| p.name.as_str()).collect();
    assert!(
        names.contains(&"DateSent<") && names.contains(&"DateSent>"),
        "{names:?}"
    );
}
