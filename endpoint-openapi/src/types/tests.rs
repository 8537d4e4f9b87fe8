use super::cycles::strongly_connected;
use super::shape::variants;
use super::*;
use crate::conventions::Docs;
use serde_json::json;
use std::sync::LazyLock;

fn components(value: serde_json::Value) -> BTreeMap<String, Schema> {
    value
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, schema)| (name.clone(), Schema::read(schema, name).unwrap()))
        .collect()
}

fn named<'s>(types: &'s [TypeDef], name: &str) -> &'s TypeDef {
    types.iter().find(|t| t.name == name).unwrap()
}

fn fields(def: &TypeDef) -> Vec<(&str, &Type)> {
    let Body::Struct(fields) = &def.body else {
        panic!("{} is not a struct", def.name)
    };
    fields.iter().map(|f| (f.name.as_str(), &f.ty)).collect()
}

#[test]
fn required_and_nullable_decide_option() {
    let components = components(json!({
        "simple-user": {"type": "object", "required": ["login"], "properties": {
            "login": {"type": "string"}, "name": {"type": "string", "nullable": true}}},
        "nullable-simple-user": {"type": "object", "nullable": true, "required": ["login"], "properties": {
            "login": {"type": "string"}, "name": {"type": "string", "nullable": true}}},
        "issue": {"type": "object", "required": ["id", "user", "assignee", "created_at"], "properties": {
            "id": {"type": "integer", "format": "int64"},
            "user": {"$ref": "#/components/schemas/simple-user"},
            "assignee": {"$ref": "#/components/schemas/nullable-simple-user"},
            "created_at": {"type": "string", "format": "date-time"},
            "html_url": {"type": "string", "format": "uri"},
            "state": {"type": "string", "enum": ["open", "closed"]},
            "pull_request": {"type": "object", "properties": {"url": {"type": "string"}}}}}
    }));
    let mut space = TypeSpace::new(&components, &GITHUB);
    let issue = space.component("issue").unwrap();
    let types = space.finish();
    assert_eq!(types.len(), 4, "{types:#?}");
    let user = types.iter().position(|t| t.name == "SimpleUser").unwrap();
    let state = types.iter().position(|t| t.name == "IssueState").unwrap();
    let pr = types
        .iter()
        .position(|t| t.name == "IssuePullRequest")
        .unwrap();
    assert_eq!(
        issue,
        Type::Named(types.iter().position(|t| t.name == "Issue").unwrap())
    );
    assert_eq!(
        fields(named(&types, "Issue")),
        [
            ("id", &Type::Integer),
            ("user", &Type::Named(user)),
            (
                "assignee",
                &Type::Box(Box::new(Type::Named(user))).optional()
            ),
            ("created_at", &Type::Timestamp),
            ("html_url", &Type::Uri.optional()),
            ("state", &Type::Named(state).optional()),
            (
                "pull_request",
                &Type::Box(Box::new(Type::Named(pr))).optional()
            ),
        ]
    );
    assert_eq!(
        named(&types, "IssueState").body,
        Body::Enum(vec![
            Variant {
                name: "Open".into(),
                value: "open".into()
            },
            Variant {
                name: "Closed".into(),
                value: "closed".into()
            },
        ])
    );
}

/// GitHub's names: a `nullable-` component is its twin's type.
static GITHUB: LazyLock<Conventions> = LazyLock::new(|| Conventions {
    twin_prefixes: vec!["nullable-".to_owned()],
    ..PLAIN.clone()
});

/// Descriptions as written, every rule.
static PLAIN: LazyLock<Conventions> = LazyLock::new(|| Conventions {
    docs: Docs::AsWritten,
    ..Conventions::default()
});

#[test]
fn nullable_twins_are_one_type_and_different_schemas_two() {
    let components = components(json!({
        "milestone": {"type": "object", "properties": {"id": {"type": "integer"}}},
        "nullable-milestone": {"type": "object", "nullable": true, "properties": {"id": {"type": "integer"}}},
        "team": {"type": "object", "properties": {"id": {"type": "integer"}}},
        "nullable-team": {"type": "object", "nullable": true, "properties": {"slug": {"type": "string"}}}
    }));
    let mut space = TypeSpace::new(&components, &GITHUB);
    assert_eq!(space.component("milestone").unwrap(), Type::Named(0));
    assert_eq!(
        space.component("nullable-milestone").unwrap(),
        Type::Named(0).optional()
    );
    space.component("team").unwrap();
    assert_eq!(
        space.component("nullable-team").unwrap(),
        Type::Named(2).optional()
    );
    let names: Vec<_> = space.finish().into_iter().map(|t| t.name).collect();
    assert_eq!(names, ["Milestone", "Team", "Team2"]);
}

#[test]
fn a_roots_text_documents_its_new_types_whatever_its_first_letter() {
    let components = components(json!({}));
    let mut space = TypeSpace::new(&components, &PLAIN);
    for (name, doc) in [
        ("Empty", ""),
        ("Accented", "Éléments listés."),
        ("Wide", "漢字"),
    ] {
        // A list of objects, each its own (a property named after the
        // root).
        let list = json!({"type": "array", "items": {"type": "object", "properties": {name: {"type": "integer"}}}});
        space
            .root(&Schema::read(&list, name).unwrap(), name, doc, None)
            .unwrap();
    }
    let types = space.finish();
    let doc = |name: &str| named(&types, name).doc.clone();
    assert_eq!(doc("EmptyItem"), None);
    assert_eq!(
        doc("AccentedItem").as_deref(),
        Some("An item of éléments listés.")
    );
    assert_eq!(doc("WideItem").as_deref(), Some("An item of 漢字"));
}

#[test]
fn many_inline_types_are_documented_by_their_places_in_one_pass() {
    // 2 000 components of 10 properties, each a list of objects of
    // their own: 20 000 types documented by where they stand.
    let component = |c: usize| {
        let properties: serde_json::Map<String, serde_json::Value> = (0..10)
                .map(|i| {
                    let inline = json!({"type": "object", "properties": {format!("p{c}_{i}"): {"type": "integer"}}});
                    (format!("f{i}"), json!({"type": "array", "items": inline}))
                })
                .collect();
        (
            format!("c{c}"),
            json!({"type": "object", "properties": properties}),
        )
    };
    let components = components((0..2_000).map(component).collect());
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    let types = space.finish();
    assert_eq!(types.len(), 22_000);
    assert_eq!(
        named(&types, "C1999F9Item").doc.as_deref(),
        Some("An item of the `f9` of [`C1999`].")
    );
}

#[test]
fn strongly_connected_components() {
    // 0 → 1 → 2 → 0, 2 → 3, 4 → 4, 5 alone.
    let edges = vec![vec![1], vec![2], vec![0, 3], vec![], vec![4], vec![]];
    let component = strongly_connected(&edges);
    assert!(component[0] == component[1] && component[1] == component[2]);
    let others = [component[3], component[4], component[5], component[0]];
    assert!((0..4).all(|i| (i + 1..4).all(|j| others[i] != others[j])));
    // A ring too long for a recursive search: one component.
    let ring: Vec<Vec<usize>> = (0..1_000_000).map(|i| vec![(i + 1) % 1_000_000]).collect();
    assert!(strongly_connected(&ring).iter().all(|&c| c == 0));
}

#[test]
fn a_long_ring_of_references_is_boxed_once_each() {
    let ring: serde_json::Map<String, serde_json::Value> = (0..10_000)
            .map(|i| {
                let next = format!("#/components/schemas/r{}", (i + 1) % 10_000);
                (
                    format!("r{i}"),
                    json!({"type": "object", "required": ["next"], "properties": {"next": {"$ref": next}}}),
                )
            })
            .collect();
    let components = components(ring.into());
    // Planning follows the ring depth first (as `package::generate`
    // does, on a deep stack).
    let plan = move || {
        let mut space = TypeSpace::new(&components, &PLAIN);
        space.all_components(None).unwrap();
        space.finish()
    };
    let types = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(plan)
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(types.len(), 10_000);
    for def in &types {
        let Body::Struct(fields) = &def.body else {
            panic!("{} is not a struct", def.name);
        };
        assert!(matches!(fields[0].ty, Type::Box(_)), "{:?}", fields[0].ty);
    }
}

#[test]
fn all_of_merges_and_one_of_unites() {
    let components = components(json!({
        "base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}},
        "full": {"allOf": [{"$ref": "#/components/schemas/base"},
                           {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}]},
        "label": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/base"}]},
        "same": {"anyOf": [{"type": "string"}, {"type": "string", "nullable": true}]}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    let types = space.finish();
    assert_eq!(
        fields(named(&types, "Full")),
        [("id", &Type::Integer), ("name", &Type::String)]
    );
    let Body::Union(variants) = &named(&types, "Label").body else {
        panic!()
    };
    let names: Vec<_> = variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["String", "Base"]);
    assert_eq!(
        named(&types, "Same").body,
        Body::Alias(Type::String.optional())
    );
}

#[test]
fn cycles_are_boxed_and_lists_are_not() {
    let components = components(json!({
        "node": {"type": "object", "properties": {
            "parent": {"$ref": "#/components/schemas/node"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/node"}}}}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.component("node").unwrap();
    let types = space.finish();
    assert_eq!(
        fields(&types[0]),
        [
            (
                "parent",
                &Type::Option(Box::new(Type::Box(Box::new(Type::Named(0)))))
            ),
            ("children", &Type::Vec(Box::new(Type::Named(0))).optional()),
        ]
    );
}

#[test]
fn features_spread_from_roots() {
    let components = components(json!({
        "a": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/b"}}},
        "b": {"type": "object", "properties": {"x": {"type": "integer"}}}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    let a = Schema::read(&json!({"$ref": "#/components/schemas/a"}), "r").unwrap();
    let b = Schema::read(
        &json!({"type": "array", "items": {"$ref": "#/components/schemas/b"}}),
        "r",
    )
    .unwrap();
    space.root(&a, "GetA", "", Some("alpha")).unwrap();
    space.root(&b, "ListB", "", Some("beta")).unwrap();
    let types = space.finish();
    assert_eq!(
        named(&types, "A").features,
        BTreeSet::from(["alpha".to_owned()])
    );
    assert_eq!(
        named(&types, "B").features,
        BTreeSet::from(["alpha".to_owned(), "beta".to_owned()])
    );
}

#[test]
fn a_union_told_apart_by_a_key_is_tagged() {
    let components = components(json!({
        "rule": {"oneOf": [
            {"$ref": "#/components/schemas/creation"},
            {"$ref": "#/components/schemas/update"}]},
        "creation": {"type": "object", "required": ["type"], "properties": {
            "type": {"type": "string", "enum": ["creation"]}}},
        "update": {"type": "object", "required": ["type"], "properties": {
            "type": {"type": "string", "enum": ["update", "update_v2"]},
            "parameters": {"type": "object", "properties": {"x": {"type": "integer"}}}}},
        "loose": {"oneOf": [
            {"$ref": "#/components/schemas/creation"},
            {"type": "object", "properties": {"type": {"type": "string", "enum": ["creation"]}}}]}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    let types = space.finish();
    assert_eq!(
        named(&types, "Rule").tag,
        Some(Tag {
            key: "type".into(),
            values: vec![
                vec!["creation".into()],
                vec!["update".into(), "update_v2".into()]
            ],
        })
    );
    // The same value in two alternatives, or a key that may be missing:
    // tried in order.
    assert_eq!(named(&types, "Loose").tag, None);
}

#[test]
fn enum_values_in_two_cases() {
    let names: Vec<_> = variants(&["approved".into(), "APPROVED".into(), "unknown".into()])
        .into_iter()
        .map(|v| v.name)
        .collect();
    assert_eq!(names, ["Approved", "ApprovedUpper", "Unknown2"]);
}

/// None of the rules.
static ANSWERS_ONLY: LazyLock<Conventions> = LazyLock::new(|| Conventions {
    rules: Rules::ANSWERS_ONLY,
    ..PLAIN.clone()
});

fn plan(conventions: &Conventions, schemas: serde_json::Value) -> Vec<TypeDef> {
    let components = components(schemas);
    let mut space = TypeSpace::new(&components, conventions);
    space.all_components(None).unwrap();
    assert_eq!(space.problems(), [] as [String; 0]);
    space.finish()
}

#[test]
fn formats_have_their_types() {
    let schemas = json!({"numbers": {"type": "object", "required": [
            "a", "b", "c", "d", "e", "f", "g", "h", "i"], "properties": {
            "a": {"type": "integer", "format": "int32"},
            "b": {"type": "integer", "format": "int32", "minimum": 0},
            "c": {"type": "integer", "format": "int64", "minimum": 1},
            "d": {"type": "integer", "format": "uint64"},
            "e": {"type": "number", "format": "float"},
            "f": {"type": "number", "format": "double"},
            "g": {"type": "string", "format": "binary"},
            "h": {"type": "string", "format": "byte"},
            "i": {"type": "integer"}}}});
    let types = plan(&PLAIN, schemas.clone());
    let tys: Vec<_> = fields(&types[0])
        .into_iter()
        .map(|(_, ty)| ty.clone())
        .collect();
    use Type::{Base64, Bytes, F32, I32, Integer, Number, U32, U64};
    // A JSON number is a double: `float` too is an `f64`, unless the
    // conventions say otherwise.
    assert_eq!(
        tys,
        [I32, U32, U64, U64, Number, Number, Bytes, Base64, Integer]
    );
    let floats = Conventions {
        rules: Rules {
            float_f32: true,
            ..Rules::default()
        },
        ..PLAIN.clone()
    };
    let types = plan(&floats, schemas.clone());
    assert_eq!(fields(&types[0])[4].1, &F32);
    let types = plan(&ANSWERS_ONLY, schemas);
    let tys: Vec<_> = fields(&types[0])
        .into_iter()
        .map(|(_, ty)| ty.clone())
        .collect();
    assert_eq!(
        tys,
        [
            Integer,
            Integer,
            Integer,
            Integer,
            Number,
            Number,
            Type::String,
            Type::String,
            Integer
        ]
    );
}

#[test]
fn field_names_are_unique_and_readable() {
    let types = plan(
        &PLAIN,
        json!({"messages": {"type": "object", "properties": {
                "DateSent": {"type": "string"}, "DateSent<": {"type": "string"},
                "DateSent>": {"type": "string"}, "+1": {"type": "integer"},
                "-1": {"type": "integer"}, "type": {"type": "string"},
                "self": {"type": "string"}, "a-b": {"type": "string"},
                "a_b": {"type": "string"}}}}),
    );
    let names: Vec<_> = fields(&types[0])
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(
        names,
        [
            "date_sent",
            "date_sent_before",
            "date_sent_after",
            "plus_1",
            "minus_1",
            "r#type",
            "self_",
            "a_b",
            "a_b_2"
        ]
    );
}

#[test]
fn equal_inline_schemas_are_one_type() {
    let address = json!({"type": "object", "properties": {"city": {"type": "string"}}});
    let mut other = address.clone();
    other["description"] = json!("Where it is sent.");
    let schemas = json!({
        "order": {"type": "object", "properties": {"billing": address, "shipping": other}}
    });
    let types = plan(&PLAIN, schemas.clone());
    let order = fields(named(&types, "Order"));
    assert_eq!(order[0].1, order[1].1, "one type for both addresses");
    assert_eq!(types.len(), 2);
    // One that allows `null` too: an `Option` of the same type.
    let mut nullable = schemas.clone();
    nullable["order"]["required"] = json!(["billing", "shipping"]);
    nullable["order"]["properties"]["shipping"]["nullable"] = json!(true);
    let types = plan(&PLAIN, nullable);
    let order = fields(named(&types, "Order"));
    assert_eq!(order[1].1.core(), order[0].1, "{order:?}");
    assert!(matches!(order[1].1, Type::Option(_)), "{order:?}");
    assert_eq!(types.len(), 2);
    let types = plan(&ANSWERS_ONLY, schemas);
    let order = fields(named(&types, "Order"));
    assert_ne!(order[0].1, order[1].1, "GitHub's: one type per place");
}

#[test]
fn a_taken_name_gives_way_to_the_title() {
    let components = components(json!({
        "pet-tag": {"type": "object", "properties": {"x": {"type": "integer"}}},
        "pet-owner": {"type": "object", "properties": {"y": {"type": "integer"}}},
        "pet": {"type": "object", "properties": {
            "tag": {"type": "object", "title": "Pet label",
                    "properties": {"name": {"type": "string"}}},
            "owner": {"type": "object", "properties": {"id": {"type": "integer"}}}}}
    }));
    for conventions in [&*PLAIN, &*ANSWERS_ONLY] {
        let mut space = TypeSpace::new(&components, conventions);
        space.component("pet-tag").unwrap();
        space.component("pet-owner").unwrap();
        space.component("pet").unwrap();
        let names: Vec<_> = space.finish().into_iter().map(|t| t.name).collect();
        let label = if conventions.rules.titles {
            "PetLabel"
        } else {
            "PetTag2"
        };
        assert_eq!(names, ["PetTag", "PetOwner", "Pet", label, "PetOwner2"]);
    }
}

#[test]
fn request_types_tell_absent_from_null() {
    let types = plan(
        &PLAIN,
        json!({"patch": {"type": "object", "required": ["id", "milestone"], "properties": {
                "id": {"type": "integer", "readOnly": true},
                "milestone": {"type": "integer", "nullable": true},
                "title": {"type": "string", "writeOnly": true},
                "assignee": {"type": ["string", "null"]}},
                "additionalProperties": {"type": "integer"}}}),
    );
    let Body::Struct(fields) = &types[0].body else {
        panic!()
    };
    let tys: Vec<_> = fields.iter().map(|f| (f.name.as_str(), &f.ty)).collect();
    assert_eq!(
        tys,
        [
            ("id", &Type::Integer),
            ("milestone", &Type::Integer.optional()),
            ("title", &Type::String.optional()),
            ("assignee", &Type::Nullable(Box::new(Type::String))),
            ("additional_properties", &Type::Map(Box::new(Type::Integer))),
        ]
    );
    assert!(fields[0].read_only && fields[0].required && !fields[0].write_only);
    assert!(fields[2].write_only && !fields[2].required);
    assert!(fields[4].additional && fields[4].key.is_empty());
    assert!(types[0].write_back);
    // Answers only: `null` and absent are both `None`, other keys skipped.
    let types = plan(
        &ANSWERS_ONLY,
        json!({"patch": {"type": "object", "properties": {
                "assignee": {"type": ["string", "null"]}}, "additionalProperties": true}}),
    );
    assert_eq!(
        fields_of(&types[0]),
        [("assignee", Type::String.optional())]
    );
    assert!(!types[0].write_back);
}

fn fields_of(def: &TypeDef) -> Vec<(&str, Type)> {
    fields(def)
        .into_iter()
        .map(|(n, t)| (n, t.clone()))
        .collect()
}

#[test]
fn a_discriminator_tags_its_union() {
    let types = plan(
        &PLAIN,
        json!({
            "pet": {"oneOf": [{"$ref": "#/components/schemas/cat"},
                              {"$ref": "#/components/schemas/dog"}],
                    "discriminator": {"propertyName": "kind",
                                      "mapping": {"c": "#/components/schemas/cat",
                                                  "kitty": "#/components/schemas/cat"}}},
            "cat": {"type": "object", "properties": {"kind": {"type": "string"}}},
            "dog": {"type": "object", "properties": {"kind": {"type": "string"}}}
        }),
    );
    assert_eq!(
        named(&types, "Pet").tag,
        Some(Tag {
            key: "kind".into(),
            values: vec![vec!["c".into(), "kitty".into()], vec!["dog".into()]],
        })
    );
}

#[test]
fn a_discriminator_of_a_union_holding_a_list_does_not_tag_it() {
    let components = components(json!({
        "content": {"oneOf": [{"$ref": "#/components/schemas/directory"},
                              {"$ref": "#/components/schemas/file"}],
                    "discriminator": {"propertyName": "type",
                                      "mapping": {"array": "#/components/schemas/directory",
                                                  "file": "#/components/schemas/file"}}},
        "directory": {"type": "array", "items": {"$ref": "#/components/schemas/file"}},
        "file": {"type": "object", "properties": {"type": {"type": "string"}}}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    assert_eq!(
        space.problems(),
        [
            "`Content`: its discriminator `type` is a property, but an alternative is not an \
              object; decoded by trying each alternative in order"
        ]
    );
    let types = space.finish();
    let content = named(&types, "Content");
    assert_eq!(content.tag, None);
    assert!(matches!(&content.body, Body::Union(variants) if variants.len() == 2));
}

#[test]
fn a_discriminator_without_mapping_tags_by_the_values_sent() {
    let components = components(json!({
        "source": {"oneOf": [{"$ref": "#/components/schemas/card-object"},
                             {"$ref": "#/components/schemas/bank-account-object"},
                             {"$ref": "#/components/schemas/wallet"},
                             {"type": "object", "title": "cash", "properties": {
                                 "type": {"type": "string", "const": "cash"}}}],
                   "discriminator": {"propertyName": "type",
                                     "mapping": {"w": "#/components/schemas/wallet"}}},
        // A one-value `enum`.
        "card-object": {"type": "object", "properties": {
            "type": {"type": "string", "enum": ["card"]},
            "last4": {"type": "string"}}},
        // `const`, through `allOf` and a reference.
        "bank-account-object": {"allOf": [
            {"$ref": "#/components/schemas/base"},
            {"type": "object", "properties": {
                "type": {"$ref": "#/components/schemas/bank-account-type"}}}]},
        "bank-account-type": {"const": "bank_account"},
        "base": {"type": "object", "properties": {"id": {"type": "string"},
                                                  "type": {"type": "string"}}},
        // Named by the mapping: its own value is not added.
        "wallet": {"type": "object", "properties": {
            "type": {"type": "string", "enum": ["wallet"]}}},
        // Every alternative's key of one shared enum: the names.
        "event": {"oneOf": [{"$ref": "#/components/schemas/created"},
                            {"$ref": "#/components/schemas/deleted"}],
                  "discriminator": {"propertyName": "kind"}},
        "created": {"type": "object", "properties": {
            "kind": {"$ref": "#/components/schemas/kind"}}},
        "deleted": {"type": "object", "properties": {
            "kind": {"$ref": "#/components/schemas/kind"}}},
        "kind": {"type": "string", "enum": ["created", "deleted"]}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    assert_eq!(space.problems(), [] as [String; 0]);
    let types = space.finish();
    let tag = |values: &[&[&str]], key: &str| Tag {
        key: key.into(),
        values: values
            .iter()
            .map(|v| v.iter().map(|s| (*s).to_owned()).collect())
            .collect(),
    };
    assert_eq!(
        named(&types, "Source").tag,
        Some(tag(
            &[
                &["card", "card-object"],
                &["bank_account", "bank-account-object"],
                &["w"],
                &["cash"]
            ],
            "type"
        ))
    );
    assert_eq!(
        named(&types, "Event").tag,
        Some(tag(&[&["created"], &["deleted"]], "kind"))
    );
}

#[test]
fn a_discriminator_that_cannot_tell_is_a_problem() {
    let components = components(json!({
        "no-value": {"oneOf": [{"$ref": "#/components/schemas/a"},
                               {"type": "object", "properties": {"t": {"type": "string"}}}],
                     "discriminator": {"propertyName": "t"}},
        "same-value": {"oneOf": [{"$ref": "#/components/schemas/a"},
                                 {"$ref": "#/components/schemas/b"}],
                       "discriminator": {"propertyName": "t",
                                         "mapping": {"x": "#/components/schemas/a"}}},
        "a": {"type": "object", "properties": {"t": {"type": "string"}}},
        "b": {"type": "object", "properties": {"t": {"type": "string", "enum": ["x"]},
                                               "n": {"type": "integer"}}}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    assert_eq!(
        space.problems(),
        [
            "`NoValue`: its discriminator `t` gives alternative number 2 no value; \
                 decoded by trying each alternative in order",
            "`SameValue`: its discriminator `t` gives the value `x` to alternative `a` \
                 and another; decoded by trying each alternative in order"
        ]
    );
    let types = space.finish();
    assert_eq!(named(&types, "NoValue").tag, None);
    assert_eq!(named(&types, "SameValue").tag, None);
}

#[test]
fn a_discriminator_the_alternatives_do_not_have_is_the_property_beside_the_union() {
    // The alternatives of `data` are named by `type` beside it, in the
    // object holding it: their values have no `type`.
    let components = components(json!({
        "payment": {"type": "object", "required": ["type", "data"], "properties": {
            "type": {"type": "string", "enum": ["credit_card", "bank"]},
            "data": {"oneOf": [{"$ref": "#/components/schemas/card"},
                               {"$ref": "#/components/schemas/bank"}],
                     "discriminator": {"propertyName": "type", "mapping": {
                         "credit_card": "#/components/schemas/card",
                         "bank": "#/components/schemas/bank"}}}
        }},
        "card": {"type": "object", "required": ["number"],
                 "properties": {"number": {"type": "string"}}},
        "bank": {"type": "object", "required": ["iban"],
                 "properties": {"iban": {"type": "string"}}},
        // Through `allOf`, an alternative has it: tagged.
        "pet": {"oneOf": [{"$ref": "#/components/schemas/dog"},
                          {"$ref": "#/components/schemas/cat"}],
                "discriminator": {"propertyName": "kind"}},
        "base": {"type": "object", "properties": {"kind": {"type": "string"}}},
        "dog": {"allOf": [{"$ref": "#/components/schemas/base"},
                          {"type": "object", "properties": {"bark": {"type": "string"}}}]},
        "cat": {"allOf": [{"$ref": "#/components/schemas/base"}]},
        // Nothing beside it has the discriminator's name.
        "refund": {"type": "object", "properties": {
            "reason": {"type": "string"},
            "data": {"oneOf": [{"$ref": "#/components/schemas/card"},
                               {"$ref": "#/components/schemas/bank"}],
                     "discriminator": {"propertyName": "method"}}
        }}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    assert_eq!(
        space.problems(),
        [
            "`Payment`: the alternative of `PaymentData` (its `data`) is named by `type` \
                 beside it (its discriminator); decoded by that value, any other kept as JSON \
                 (`Other`)",
            "`Refund`: the discriminator `method` of `RefundData` (its `data`) is no \
                 property of its alternatives, and no property beside it names them; decoded \
                 by trying each alternative in order"
        ]
    );
    let types = space.finish();
    assert_eq!(named(&types, "PaymentData").tag, None);
    assert_eq!(
        named(&types, "PaymentData").beside,
        Some(Tag {
            key: "type".into(),
            values: vec![vec!["credit_card".into()], vec!["bank".into()]],
        })
    );
    assert_eq!(named(&types, "RefundData").beside, None);
    assert_eq!(named(&types, "Pet").beside, None);
    assert_eq!(
        named(&types, "Pet")
            .tag
            .as_ref()
            .map(|tag| tag.key.as_str()),
        Some("kind")
    );
}

#[test]
fn alternatives_that_pin_a_key_tag_their_union() {
    // No discriminator: a required key of one value in each, through
    // a reference, `allOf` or `const`.
    let types = plan(
        &PLAIN,
        json!({
            "payment": {"oneOf": [{"$ref": "#/components/schemas/card"},
                                  {"$ref": "#/components/schemas/transfer"}]},
            "card": {"type": "object", "required": ["object"], "properties": {
                "object": {"$ref": "#/components/schemas/card-kind"}}},
            "card-kind": {"type": "string", "enum": ["card"]},
            "transfer": {"allOf": [
                {"type": "object", "required": ["object"], "properties": {
                    "object": {"const": "transfer"}}},
                {"type": "object", "properties": {"amount": {"type": "integer"}}}]}
        }),
    );
    assert_eq!(
        named(&types, "Payment").tag,
        Some(Tag {
            key: "object".into(),
            values: vec![vec!["card".into()], vec!["transfer".into()]],
        })
    );
}

#[test]
fn required_in_one_all_of_part_applies_to_another() {
    let types = plan(
        &PLAIN,
        json!({
            "page": {"type": "object", "properties": {
                "items": {"type": "array", "items": {}},
                "next": {"type": "string"}}},
            "base": {"type": "object", "properties": {"id": {"type": "integer"},
                                                      "name": {"type": "string"}}},
            "order-page": {"allOf": [
                {"$ref": "#/components/schemas/page"},
                {"required": ["items"], "properties": {
                    "items": {"type": "array", "items": {"type": "string"}}}}]},
            "order": {"allOf": [{"$ref": "#/components/schemas/base"},
                                {"required": ["id"]}]},
            "named": {"type": "object", "required": ["name", "age"],
                      "properties": {"age": {"type": "integer"}},
                      "allOf": [{"$ref": "#/components/schemas/base"}]}
        }),
    );
    let strings = Type::Vec(Box::new(Type::String));
    assert_eq!(
        fields_of(named(&types, "OrderPage")),
        [("items", strings), ("next", Type::String.optional())]
    );
    assert_eq!(
        fields_of(named(&types, "Order")),
        [("id", Type::Integer), ("name", Type::String.optional())]
    );
    assert_eq!(
        fields_of(named(&types, "Named")),
        [
            ("id", Type::Integer.optional()),
            ("name", Type::String),
            ("age", Type::Integer)
        ]
    );
}

#[test]
fn schemas_of_no_type_admit_any_value() {
    let types = plan(
        &PLAIN,
        json!({"thing": {"type": "object", "required": ["a", "b", "c", "d", "e"],
                             "properties": {
                // `items` applies to arrays only.
                "a": {"items": {"type": "string"}},
                // An alternative of no type admits any value.
                "b": {"anyOf": [{"$ref": "#/components/schemas/x"}, {"nullable": true}]},
                "c": {"oneOf": [{"type": "string"}, {"items": {"type": "string"}}]},
                // Only `null` besides: nullable.
                "d": {"anyOf": [{"$ref": "#/components/schemas/x"}, {"type": "null"}]},
                "e": {"oneOf": [{"$ref": "#/components/schemas/x"}, {"enum": [null]}]},
                "f": {"type": "array", "items": {"type": "string"}}}},
                   "x": {"type": "object", "properties": {"id": {"type": "integer"}}}}),
    );
    let x = Type::Named(types.iter().position(|t| t.name == "X").unwrap());
    let boxed = || Type::Box(Box::new(x.clone())).optional();
    assert_eq!(
        fields_of(named(&types, "Thing")),
        [
            ("a", Type::Json),
            ("b", Type::Json.optional()),
            ("c", Type::Json),
            ("d", boxed()),
            ("e", boxed()),
            ("f", Type::Vec(Box::new(Type::String)).optional())
        ]
    );
}

#[test]
fn unplannable_schemas_are_json_and_problems() {
    let components = components(json!({
        "a": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/missing"}}},
        "loop": {"allOf": [{"$ref": "#/components/schemas/loop"},
                           {"type": "object", "properties": {"x": {"type": "integer"}}}]},
        "empty": {},
        "sort": {"type": "string", "enum": ["ASC", "asc", "Asc"]},
        "codes": {"type": "integer", "enum": [1, 2, 3]},
        "mixed": {"enum": [1, "one", true]}
    }));
    let mut space = TypeSpace::new(&components, &PLAIN);
    space.all_components(None).unwrap();
    let problems = space.problems().to_vec();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("no component schema `missing`"))
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("`allOf` of `loop` includes itself"))
    );
    let types = space.finish();
    assert_eq!(
        fields_of(named(&types, "A")),
        [("b", Type::Json.optional())]
    );
    assert_eq!(
        fields_of(named(&types, "Loop")),
        [("x", Type::Integer.optional())]
    );
    assert_eq!(named(&types, "Empty").body, Body::Alias(Type::Json));
    assert_eq!(named(&types, "Codes").body, Body::Alias(Type::Integer));
    assert_eq!(named(&types, "Mixed").body, Body::Alias(Type::Json));
    let Body::Enum(sort) = &named(&types, "Sort").body else {
        panic!()
    };
    let names: Vec<_> = sort.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Asc", "Asc2", "AscUpper"]);
}

#[test]
fn a_huge_union_and_a_deep_recursion_plan() {
    let alternatives: Vec<_> = (0..500)
        .map(|i| {
            json!({"type": "object", "title": format!("form {i}"),
                            "properties": {format!("k{i}"): {"type": "integer"}}})
        })
        .collect();
    let types = plan(
        &PLAIN,
        json!({"many": {"anyOf": alternatives},
                   "tree": {"type": "object", "properties": {
                       "left": {"$ref": "#/components/schemas/tree"},
                       "right": {"$ref": "#/components/schemas/tree"}}}}),
    );
    let Body::Union(variants) = &named(&types, "Many").body else {
        panic!()
    };
    assert_eq!(variants.len(), 500);
    assert_eq!(variants[499].name, "Form499");
    assert_eq!(
        fields_of(named(&types, "Tree"))[0].1,
        Type::Option(Box::new(Type::Box(Box::new(Type::Named(
            types.iter().position(|t| t.name == "Tree").unwrap()
        )))))
    );
}

#[test]
fn a_union_named_after_its_own_alternative_says_or() {
    let schemas = json!({
        "subscription": {"type": "object", "properties": {
            "schedule": {"anyOf": [{"type": "string"},
                                   {"$ref": "#/components/schemas/subscription-schedule"}]},
            "options": {"anyOf": [
                {"$ref": "#/components/schemas/subscription-options"},
                {"$ref": "#/components/schemas/subscription-type-specific-client"}]}}},
        "subscription-schedule": {"type": "object", "properties": {"id": {"type": "string"}}},
        "subscription-options": {"type": "object", "properties": {"a": {"type": "string"}}},
        "subscription-type-specific-client": {"type": "object", "properties": {
            "b": {"type": "string"}}}
    });
    let types = plan(&PLAIN, schemas.clone());
    let names: Vec<_> = types.iter().map(|t| t.name.as_str()).collect();
    assert!(names.contains(&"SubscriptionScheduleOrString"), "{names:?}");
    assert!(
        names.contains(&"SubscriptionOptionsOrTypeSpecificClient"),
        "{names:?}"
    );
    let types = plan(&ANSWERS_ONLY, schemas);
    let names: Vec<_> = types.iter().map(|t| t.name.as_str()).collect();
    assert!(names.contains(&"SubscriptionSchedule2"), "{names:?}");
}
