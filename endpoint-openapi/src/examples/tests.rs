use super::*;
use crate::api::{MediaContent, Operation, Response};
use serde_json::json;

fn schema(value: Value) -> Schema {
    Schema::read(&value, "test").unwrap()
}

/// An API of one operation whose `200` answer is `answer`, with these
/// examples, and these components.
fn api(answer: Value, examples: &[Value], components: Value) -> Api {
    let contents = vec![MediaContent {
        media_type: "application/json".into(),
        schema: Some(schema(answer)),
        examples: examples
            .iter()
            .enumerate()
            .map(|(i, example)| (format!("#/example/{i}"), example.clone()))
            .collect(),
        ..MediaContent::default()
    }];
    Api {
        operations: vec![Operation {
            operation_id: Some("get".into()),
            method: "GET".into(),
            path: "/x".into(),
            responses: vec![Response {
                status: "200".into(),
                contents,
                ..Response::default()
            }],
            ..Operation::default()
        }],
        schemas: components
            .as_object()
            .into_iter()
            .flatten()
            .map(|(name, value)| (name.clone(), schema(value.clone())))
            .collect(),
        ..Api::default()
    }
}

fn said(diagnostics: &Diagnostics) -> Vec<String> {
    diagnostics.iter().map(ToString::to_string).collect()
}

fn answer(api: &Api) -> &Schema {
    api.operations[0].responses[0].contents[0]
        .schema
        .as_ref()
        .unwrap()
}

fn property<'a>(schema: &'a Schema, name: &str) -> &'a crate::schema::Property {
    let Kind::Object(object) = &schema.kind else {
        panic!("{schema:?}")
    };
    object.properties.iter().find(|p| p.name == name).unwrap()
}

#[test]
fn null_numbers_and_maps_widen_where_they_are() {
    let api = api(
        json!({"type": "object", "properties": {
            "count": {"type": "integer"},
            "owner": {"$ref": "#/components/schemas/Owner"},
            "tags": {"type": "object", "additionalProperties": {"type": "boolean"}},
            "note": {"type": "string"}
        }}),
        &[
            json!({"count": 2.5, "owner": "u_1", "tags": {"a": true, "b": "yes"}, "note": null}),
            // The same relaxations again: said once.
            json!({"count": 1.5, "owner": "u_2"}),
        ],
        json!({"Owner": {"type": "object", "properties": {"id": {"type": "string"}}}}),
    );
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    let answer = answer(&relaxed);
    assert_eq!(property(answer, "count").schema.kind, Kind::Number);
    // The owner is any value where it is; its component is kept.
    assert_eq!(property(answer, "owner").schema.kind, Kind::Any);
    assert!(matches!(relaxed.schemas["Owner"].kind, Kind::Object(_)));
    let Kind::Object(tags) = &property(answer, "tags").schema.kind else {
        panic!()
    };
    assert_eq!(tags.additional, Additional::Typed(Box::default()));
    assert!(property(answer, "note").schema.nullable);
    assert_eq!(
        said(&diagnostics),
        [
            "#/example/0 (get): `count` is a number in the example, where the schema says an integer; a number (`f64`)",
            "#/example/0 (get): `owner` is a string in the example, where the schema says an object; any JSON value (`serde_json::Value`)",
            "#/example/0 (get): `tags.b` is a string in the example, where the schema says a boolean; any JSON value (`serde_json::Value`)",
            "#/example/0 (get): `note` is `null` in the example, where the schema does not allow `null`; optional (`null` allowed)",
        ]
    );
}

#[test]
fn an_integer_beyond_i64_says_so_and_is_a_number() {
    let api = api(
        json!({"type": "object", "properties": {"flush_ms": {"type": "integer"}}}),
        &[json!({"flush_ms": 9_223_372_036_854_776_000_u64})],
        json!({}),
    );
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    assert_eq!(
        property(answer(&relaxed), "flush_ms").schema.kind,
        Kind::Number
    );
    assert_eq!(
        said(&diagnostics),
        [
            "#/example/0 (get): `flush_ms` is 9223372036854776000 in the example, beyond an `i64`; a number (`f64`)"
        ]
    );
}

#[test]
fn unions_parts_and_the_top_of_an_example() {
    let api = api(
        json!({"allOf": [
            {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
            {"type": "object", "properties": {"value": {"oneOf": [
                {"type": "string"}, {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}
            ]}}}
        ]}),
        &[
            // An alternative fits: nothing to relax.
            json!({"id": "a", "value": {"n": 1}}),
            json!({"id": "b", "value": "text"}),
            // None fits: the union keeps the value, nothing relaxed.
            json!({"id": "c", "value": {"m": 1}}),
            // A part's required property left out.
            json!({"value": "text"}),
        ],
        json!({}),
    );
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    let Kind::AllOf(parts) = &answer(&relaxed).kind else {
        panic!()
    };
    assert!(!property(&parts[0], "id").required);
    assert_eq!(
        property(&parts[1], "value").schema,
        property(
            match &answer(&api).kind {
                Kind::AllOf(parts) => &parts[1],
                _ => unreachable!(),
            },
            "value"
        )
        .schema
    );
    assert_eq!(
        said(&diagnostics),
        [
            "#/example/3 (get): `id` is missing from the example, where the schema requires it; `id` optional",
        ]
    );
}

#[test]
fn an_answer_s_example_of_another_type_widens_that_answer_alone() {
    // An object where the schema says a list, of a component another
    // answer uses too.
    let list = json!({"type": "array", "items": {"type": "string"}});
    let mut api = api(
        json!({"$ref": "#/components/schemas/names"}),
        &[json!({"names": ["a"]})],
        json!({"names": list}),
    );
    let mut other = api.operations[0].clone();
    other.responses[0].contents[0].examples.clear();
    api.operations.push(other);
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    assert_eq!(answer(&relaxed).kind, Kind::Any);
    assert_eq!(
        relaxed.operations[1].responses[0].contents[0].schema,
        api.operations[1].responses[0].contents[0].schema
    );
    assert_eq!(relaxed.schemas["names"], api.schemas["names"]);
    assert_eq!(
        said(&diagnostics),
        [
            "#/example/0 (get): the example is an object, where the schema says a list; \
                 any JSON value (`serde_json::Value`), as this operation's answer"
        ]
    );
    // Text where the answer says an object (the Example Object's
    // `value` of a description that wrote the example beside it):
    // kept as written.
    let text = self::api(
        json!({"type": "object", "properties": {"name": {"type": "string"}}}),
        &[json!("octocat")],
        json!({}),
    );
    let mut diagnostics = Diagnostics::new();
    assert_eq!(relax(&text, &mut diagnostics), None);
    assert_eq!(
        said(&diagnostics),
        [
            "#/example/0 (get): the example is a string, where the schema says an object; \
              the schema as written"
        ]
    );
}

#[test]
fn examples_that_agree_change_nothing_and_the_work_is_bounded() {
    let order = json!({"type": "object", "required": ["id"], "properties": {
        "id": {"type": "string"},
        "at": {"type": "string", "format": "date-time"},
        "size": {"type": "integer", "format": "int64", "minimum": 0}
    }});
    let fits = [json!({"id": "a", "at": 1_700_000_000, "size": u64::MAX})];
    let mut diagnostics = Diagnostics::new();
    assert_eq!(
        relax(&api(order.clone(), &fits, json!({})), &mut diagnostics),
        None
    );
    assert!(diagnostics.is_empty());
    // Only the first examples of an operation are read.
    let mut examples = vec![json!({"id": "a"}); MAX_EXAMPLES];
    examples.push(json!({}));
    assert_eq!(
        relax(&api(order, &examples, json!({})), &mut diagnostics),
        None
    );
    // A list deeper than read: left unread, no panic.
    let mut deep = json!("leaf");
    let mut nested = json!({"type": "integer"});
    for _ in 0..MAX_DEPTH * 2 {
        deep = json!([deep]);
        nested = json!({"type": "array", "items": nested});
    }
    assert_eq!(
        relax(&api(nested, &[deep], json!({})), &mut diagnostics),
        None
    );
    // A component that refers to itself, and an example as deep.
    let mut chain = json!({});
    for _ in 0..MAX_DEPTH * 2 {
        chain = json!({"next": chain});
    }
    let api = api(
        json!({"$ref": "#/components/schemas/Node"}),
        &[chain],
        json!({"Node": {"type": "object", "required": ["next", "id"], "properties": {
            "next": {"$ref": "#/components/schemas/Node"}, "id": {"type": "string"}
        }}}),
    );
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    assert!(!property(&relaxed.schemas["Node"], "id").required);
    assert_eq!(diagnostics.len(), 1, "{:?}", said(&diagnostics));
}

#[test]
fn a_component_other_operations_use_is_relaxed_in_copies_of_their_own() {
    // Three operations answer a `Node` (a list that refers to itself):
    // the examples of `a` and `b` leave out `id` and `next` deep in the
    // list, `c` has none.
    let mut chain = json!({"id": "n_3"});
    for _ in 0..3 {
        chain = json!({"next": chain});
    }
    let mut api = api(
        json!({"$ref": "#/components/schemas/Node"}),
        &[chain.clone()],
        json!({"Node": {"type": "object", "required": ["next", "id"], "properties": {
            "next": {"$ref": "#/components/schemas/Node"}, "id": {"type": "string"}
        }}}),
    );
    let first = api.operations[0].clone();
    for id in ["b", "c"] {
        let mut operation = first.clone();
        operation.operation_id = Some(id.into());
        if id == "c" {
            operation.responses[0].contents[0].examples.clear();
        }
        api.operations.push(operation);
    }
    api.operations[0].operation_id = Some("a".into());
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    // `Node` as written, for `c`.
    assert!(property(&relaxed.schemas["Node"], "id").required);
    assert_eq!(
        answer(&relaxed).kind,
        Kind::Ref("a-answer-Node".into()),
        "{relaxed:#?}"
    );
    // One copy for `a` and `b`, which say the same, that refers to
    // itself.
    let copy = &relaxed.schemas["a-answer-Node"];
    assert!(!property(copy, "id").required);
    assert_eq!(
        property(copy, "next").schema.kind,
        Kind::Ref("a-answer-Node".into())
    );
    assert!(!relaxed.schemas.contains_key("b-answer-Node"));
    let answers: Vec<&Kind> = relaxed
        .operations
        .iter()
        .map(|operation| {
            &operation.responses[0].contents[0]
                .schema
                .as_ref()
                .unwrap()
                .kind
        })
        .collect();
    assert_eq!(
        answers,
        [
            &Kind::Ref("a-answer-Node".into()),
            &Kind::Ref("a-answer-Node".into()),
            &Kind::Ref("Node".into())
        ]
    );
    // Each relaxation once an operation, named by the first place of
    // the example that shows it.
    let copy =
        "in a copy of `Node` of this operation's own (its other users keep `Node` as written)";
    assert_eq!(
        said(&diagnostics),
        [
            format!(
                "#/example/0 (a): `next.next.next.next` is missing from the example, where the schema requires it; `next` optional, {copy}"
            ),
            format!(
                "#/example/0 (a): `next.next.id` is missing from the example, where the schema requires it; `id` optional, {copy}"
            ),
            format!(
                "#/example/0 (b): `next.next.next.next` is missing from the example, where the schema requires it; `next` optional, {copy}"
            ),
            format!(
                "#/example/0 (b): `next.next.id` is missing from the example, where the schema requires it; `id` optional, {copy}"
            ),
        ]
    );
}

#[test]
fn a_property_another_part_requires_is_relaxed_where_it_is_required() {
    let api = api(
        json!({"allOf": [
            {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}},
            {"required": ["id", "name"]}
        ]}),
        &[json!({"name": "a"})],
        json!({}),
    );
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    let Kind::AllOf(parts) = &answer(&relaxed).kind else {
        panic!("{relaxed:?}")
    };
    let Kind::Object(second) = &parts[1].kind else {
        panic!("{parts:?}")
    };
    assert_eq!(second.required, ["name"]);
    assert_eq!(
        said(&diagnostics),
        [
            "#/example/0 (get): `id` is missing from the example, where the schema requires it; `id` optional"
        ]
    );
}

#[test]
fn the_alternative_a_discriminator_names_is_relaxed() {
    let api = api(
        json!({"type": "array", "items": {
            "oneOf": [
                {"$ref": "#/components/schemas/Card"},
                {"type": "object", "required": ["kind", "iban"], "properties": {
                    "kind": {"type": "string", "enum": ["bank"]}, "iban": {"type": "string"}
                }}
            ],
            "discriminator": {"propertyName": "kind", "mapping": {"card": "#/components/schemas/Card"}}
        }}),
        &[json!([{"kind": "card"}, {"kind": "bank", "iban": 7}, {"kind": "cash"}])],
        json!({"Card": {"type": "object", "required": ["kind", "number"], "properties": {
            "kind": {"type": "string"}, "number": {"type": "string"}
        }}}),
    );
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    assert!(!property(&relaxed.schemas["Card"], "number").required);
    let Kind::Array(items) = &answer(&relaxed).kind else {
        panic!()
    };
    let Kind::OneOf(alternatives) = &items.kind else {
        panic!()
    };
    assert_eq!(property(&alternatives[1], "iban").schema.kind, Kind::Any);
    // No alternative is `cash`: the union keeps it as it is.
    assert_eq!(
        said(&diagnostics),
        [
            "#/example/0 (get): `[0].number` is missing from the example, where the schema requires it; `number` optional",
            "#/example/0 (get): `[1].iban` is an integer in the example, where the schema says a string; any JSON value (`serde_json::Value`)",
        ]
    );
}

#[test]
fn a_part_s_own_example_relaxes_the_part() {
    let mut api = api(
        json!({"$ref": "#/components/schemas/Account"}),
        &[],
        json!({"Account": {"type": "object", "properties": {
            "number": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string"}}
        }}}),
    );
    let inner = |pointer: &str, path: &[&str], value: Value| crate::api::InnerExample {
        pointer: pointer.into(),
        path: path.iter().map(|key| (*key).to_owned()).collect(),
        value,
    };
    api.inner_examples.insert(
        "Account".into(),
        vec![
            inner("#/number", &["properties", "number"], json!(1111)),
            inner("#/tags", &["properties", "tags", "items"], json!(["a"])),
            // A part the schema read has not: not read.
            inner("#/nothing", &["properties", "nothing"], json!(1)),
        ],
    );
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&api, &mut diagnostics).unwrap();
    let account = &relaxed.schemas["Account"];
    assert_eq!(property(account, "number").schema.kind, Kind::Any);
    assert_eq!(
        property(account, "tags").schema.kind,
        Kind::Array(Box::new(Schema::of(Kind::Any)))
    );
    assert_eq!(
        said(&diagnostics),
        [
            "#/number: the example is an integer, where the schema says a string; any JSON value (`serde_json::Value`)",
            "#/tags: the example is a list, where the schema says a string; any JSON value (`serde_json::Value`)",
        ]
    );
}

#[test]
fn relax_makes_the_schema_hold_the_example() {
    let read = crate::read::read_value(
        json!({
            "openapi": "3.0.3",
            "paths": {"/orders": {"get": {"responses": {"200": {
                "description": "The orders.",
                "content": {"application/json": {
                    "schema": {"type": "object", "required": ["id", "total"], "properties": {
                        "id": {"type": "string"}, "total": {"type": "integer"}
                    }},
                    "example": {"id": 7}
                }}
            }}}}}
        }),
        None,
        &[],
    )
    .unwrap();
    let mut diagnostics = Diagnostics::new();
    let relaxed = relax(&read.api, &mut diagnostics).unwrap();
    let schema = relaxed.operations[0].responses[0].contents[0]
        .schema
        .as_ref()
        .unwrap();
    let crate::schema::Kind::Object(object) = &schema.kind else {
        unreachable!()
    };
    assert!(!object.properties[1].required);
    let messages: Vec<String> = diagnostics.iter().map(|d| d.message.clone()).collect();
    assert_eq!(
        messages,
        [
            "`id` is an integer in the example, where the schema says a string",
            "`total` is missing from the example, where the schema requires it",
        ]
    );
}
