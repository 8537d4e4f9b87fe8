//! What the tests of the modules of `types` share: small descriptions
//! planned with or without the rules.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use super::{Body, Type, TypeDef, TypeSpace};
use crate::conventions::{Conventions, Docs, Rules};
use crate::schema::Schema;

pub(super) fn components(value: serde_json::Value) -> BTreeMap<String, Schema> {
    value
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, schema)| (name.clone(), Schema::read(schema, name).unwrap()))
        .collect()
}

pub(super) fn named<'s>(types: &'s [TypeDef], name: &str) -> &'s TypeDef {
    types.iter().find(|t| t.name == name).unwrap()
}

pub(super) fn fields(def: &TypeDef) -> Vec<(&str, &Type)> {
    let Body::Struct(fields) = &def.body else {
        panic!("{} is not a struct", def.name)
    };
    fields.iter().map(|f| (f.name.as_str(), &f.ty)).collect()
}

/// GitHub's names: a `nullable-` component is its twin's type.
pub(super) static GITHUB: LazyLock<Conventions> = LazyLock::new(|| Conventions {
    twin_prefixes: vec!["nullable-".to_owned()],
    ..PLAIN.clone()
});

/// Descriptions as written, every rule.
pub(super) static PLAIN: LazyLock<Conventions> = LazyLock::new(|| Conventions {
    docs: Docs::AsWritten,
    ..Conventions::default()
});

/// None of the rules.
pub(super) static ANSWERS_ONLY: LazyLock<Conventions> = LazyLock::new(|| Conventions {
    rules: Rules::ANSWERS_ONLY,
    ..PLAIN.clone()
});

pub(super) fn plan(conventions: &Conventions, schemas: serde_json::Value) -> Vec<TypeDef> {
    let components = components(schemas);
    let mut space = TypeSpace::new(&components, conventions);
    space.all_components(None).unwrap();
    assert_eq!(space.problems(), [] as [String; 0]);
    space.finish()
}

pub(super) fn fields_of(def: &TypeDef) -> Vec<(&str, Type)> {
    fields(def)
        .into_iter()
        .map(|(n, t)| (n, t.clone()))
        .collect()
}
