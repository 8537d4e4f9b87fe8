//! Overlays whose targets are JSONPath as RFC 9535 writes it: filters,
//! wildcards, descendants and slices, each action applied to every node
//! its target selects.

use endpoint_openapi::api::ParamIn;
use endpoint_openapi::overlay::apply;
use endpoint_openapi::read::read_value;
use serde_json::{Value, json};

/// Two operations with parameters of every kind, and schemas nested in
/// schemas.
fn description() -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Records", "version": "1"},
        "servers": [{"url": "https://a.example.com"}, {"url": "https://b.example.com"}, {"url": "https://c.example.com"}],
        "paths": {
            "/detail_records": {"get": {
                "operationId": "listDetailRecords",
                "parameters": [
                    {"name": "x-trace", "in": "header", "schema": {"type": "string"}},
                    {"name": "filter", "in": "query", "schema": {"type": "string"}},
                    {"name": "x-tenant", "in": "header", "schema": {"type": "string"}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                    {"name": "x-debug", "in": "header", "schema": {"type": "boolean"}}
                ],
                "responses": {"200": {"description": "ok"}}
            }},
            "/summaries": {"get": {
                "operationId": "listSummaries",
                "parameters": [
                    {"name": "filter", "in": "query", "schema": {"type": "string"}},
                    {"name": "x-trace", "in": "header", "schema": {"type": "string"}}
                ],
                "responses": {"200": {"description": "ok"}}
            }}
        },
        "components": {"schemas": {
            "Record": {"type": "object", "properties": {
                "id": {"type": "integer", "format": "int64"},
                "owner": {"type": "object", "properties": {"id": {"type": "integer", "format": "int64"}}}
            }}
        }}
    })
}

fn overlay(actions: Value) -> Value {
    json!({"overlay": "1.0.0", "info": {"title": "fixes", "version": "1"}, "actions": actions})
}

#[test]
fn a_filter_selects_the_parameter_it_names() {
    let fixes = overlay(json!([{
        "target": "$.paths['/detail_records'].get.parameters[?(@.name == 'filter')]",
        "description": "the filter is required",
        "update": {"required": true, "description": "A filter expression."}
    }]));
    let read = read_value(description(), None, &[fixes]).unwrap();
    let operation = read
        .api
        .operations
        .iter()
        .find(|op| op.operation_id.as_deref() == Some("listDetailRecords"))
        .unwrap();
    let filter = operation
        .parameters
        .iter()
        .find(|p| p.name == "filter")
        .unwrap();
    assert!(filter.required);
    assert_eq!(filter.description.as_deref(), Some("A filter expression."));
    // The other operation's parameter of that name is left alone.
    let other = read
        .api
        .operations
        .iter()
        .find(|op| op.operation_id.as_deref() == Some("listSummaries"))
        .unwrap();
    assert!(!other.parameters.iter().any(|p| p.required));
}

#[test]
fn a_remove_takes_out_every_array_item_it_selects() {
    // Three header parameters of one list (first, middle, last) and one of
    // another: each removed, the others kept in order.
    let fixes = overlay(json!([{
        "target": "$.paths.*.get.parameters[?@.in == 'header']",
        "remove": true
    }]));
    let read = read_value(description(), None, &[fixes]).unwrap();
    for operation in &read.api.operations {
        assert!(
            operation
                .parameters
                .iter()
                .all(|p| p.location != ParamIn::Header),
            "{:?}",
            operation.parameters
        );
    }
    let names: Vec<&str> = read.api.operations[0]
        .parameters
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["filter", "limit"]);

    let mut spec = description();
    apply(
        &mut spec,
        &overlay(json!([{"target": "$.servers[1:]", "remove": true}])),
    )
    .unwrap();
    assert_eq!(spec["servers"], json!([{"url": "https://a.example.com"}]));
}

#[test]
fn wildcards_and_descendants_update_every_node_they_select() {
    let mut spec = description();
    let applied = apply(
        &mut spec,
        &overlay(json!([
            {"target": "$.paths.*.get", "update": {"tags": ["records"]}},
            {"target": "$.components..[?@.format == 'int64']", "update": {"format": "int32"}},
            {"target": "$..parameters[?@.name == 'limit' && @.in == 'query'].schema", "update": {"maximum": 100}}
        ])),
    )
    .unwrap();
    assert_eq!(applied.len(), 3);
    assert_eq!(
        spec["paths"]["/detail_records"]["get"]["tags"],
        json!(["records"])
    );
    assert_eq!(
        spec["paths"]["/summaries"]["get"]["tags"],
        json!(["records"])
    );
    let record = &spec["components"]["schemas"]["Record"]["properties"];
    assert_eq!(record["id"]["format"], "int32");
    assert_eq!(record["owner"]["properties"]["id"]["format"], "int32");
    assert_eq!(
        spec["paths"]["/detail_records"]["get"]["parameters"][3]["schema"],
        json!({"type": "integer", "maximum": 100})
    );
}

#[test]
fn a_target_that_is_not_jsonpath_names_the_action_and_the_position() {
    let mut spec = description();
    let err = apply(
        &mut spec,
        &overlay(json!([
            {"target": "$.info", "update": {"title": "Fixed"}},
            {"target": "$.paths[?(@.name == )]", "update": {}}
        ])),
    )
    .unwrap_err();
    assert!(
        err.starts_with("action 1: target `$.paths[?(@.name == )]` is not JSONPath (RFC 9535): "),
        "{err}"
    );
    assert!(err.contains(" at position "), "{err}");
    // A filter that selects nothing names nothing: an error, as a plain
    // path that names nothing is.
    let err = apply(
        &mut spec,
        &overlay(
            json!([{"target": "$.paths.*.get.parameters[?@.name == 'gone']", "remove": true}]),
        ),
    )
    .unwrap_err();
    assert_eq!(
        err,
        "action 0: `$.paths.*.get.parameters[?@.name == 'gone']` names nothing to remove"
    );
}
