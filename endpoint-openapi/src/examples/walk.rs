//! An example walked against its schema: the contradictions it shows,
//! each where it is (a place in the schema) and what relaxes it.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{Change, Found, MAX_DEPTH, MAX_NODES, Place, Step};
use crate::api::Api;
use crate::schema::{Additional, Kind, Object, Schema};

/// The contradictions of `example` with `schema`, which is at `place`.
/// `site`, when given, is the field `example` is of (a property's own
/// example).
pub(super) fn walk(
    api: &Api,
    example: &Value,
    schema: &Schema,
    place: Place,
    site: Option<&Place>,
) -> Vec<Found> {
    let mut walker = Walker {
        schemas: &api.schemas,
        nodes: 0,
        found: Vec::new(),
    };
    // An example written as the text of a JSON value (`'{"id": 7}'`)
    // where the schema says no string is that value.
    // (Not a part's own example, which a server that answers with the
    // examples sends as the string it is.)
    let parsed = match example {
        Value::String(text) if site.is_none() && !walker.may_be_string(schema, 0) => {
            serde_json::from_str::<Value>(text)
                .ok()
                .filter(|value| value.is_object() || value.is_array())
        }
        _ => None,
    };
    walker.check(
        parsed.as_ref().unwrap_or(example),
        schema,
        &place,
        site,
        "",
        0,
    );
    walker.found
}

struct Walker<'a> {
    schemas: &'a BTreeMap<String, Schema>,
    nodes: usize,
    found: Vec<Found>,
}

impl Walker<'_> {
    /// Checks `value`, at `path` of the example, against `schema`, which is
    /// at `place`; `site` is where the field holding the value is (a
    /// property's or items' schema), what a value of another type widens.
    fn check(
        &mut self,
        value: &Value,
        schema: &Schema,
        place: &Place,
        site: Option<&Place>,
        path: &str,
        depth: usize,
    ) {
        self.nodes += 1;
        if depth > MAX_DEPTH || self.nodes > MAX_NODES {
            return;
        }
        let shown = if path.is_empty() {
            "the example".to_owned()
        } else {
            format!("`{path}`")
        };
        let within = if path.is_empty() {
            ""
        } else {
            " in the example"
        };
        if value.is_null() {
            if !self.allows_null(schema, 0) {
                self.found.push(Found {
                    place: site.cloned(),
                    change: Change::Nullable,
                    message: format!(
                        "{shown} is `null`{within}, where the schema does not allow `null`"
                    ),
                });
            }
            return;
        }
        let widen = |this: &mut Self, change: Change, says: &str| {
            this.found.push(Found {
                place: site.cloned(),
                change,
                message: format!(
                    "{shown} is {}{within}, where the schema says {says}",
                    json_type(value)
                ),
            });
        };
        match &schema.kind {
            Kind::Ref(name) => {
                if let Some(target) = self.schemas.get(name) {
                    let place = place.below(Step::Ref(name.clone()));
                    self.check(value, target, &place, site, path, depth + 1);
                }
            }
            Kind::Any => {}
            Kind::String { format, .. } => {
                let timestamp = format.as_deref() == Some("date-time") && value.is_number();
                if !value.is_string() && !timestamp {
                    widen(self, Change::Any, "a string");
                }
            }
            Kind::Integer => match value {
                Value::Number(n) if n.is_i64() || n.is_u64() => {
                    if fits(n, schema) {
                    } else if n.is_i64() {
                        self.found.push(Found {
                            place: site.cloned(),
                            change: Change::AnyInteger,
                            message: format!(
                                "{shown} is {n}{within}, beyond the schema's {}",
                                integer_format(schema)
                            ),
                        });
                    } else {
                        self.found.push(Found {
                            place: site.cloned(),
                            change: Change::Number,
                            message: format!("{shown} is {n}{within}, beyond an `i64`"),
                        });
                    }
                }
                Value::Number(_) => widen(self, Change::Number, "an integer"),
                _ => widen(self, Change::Any, "an integer"),
            },
            Kind::Number => {
                if !value.is_number() {
                    widen(self, Change::Any, "a number");
                }
            }
            Kind::Boolean => {
                if !value.is_boolean() {
                    widen(self, Change::Any, "a boolean");
                }
            }
            Kind::Array(items) => {
                let Some(list) = value.as_array() else {
                    widen(self, Change::Any, "a list");
                    return;
                };
                let place = place.below(Step::Items);
                for (i, item) in list.iter().enumerate() {
                    let path = format!("{path}[{i}]");
                    self.check(item, items, &place, Some(&place), &path, depth + 1);
                }
            }
            Kind::Object(object) => {
                if !self.check_object(value, object, place, path, depth) {
                    widen(self, Change::Any, "an object");
                }
            }
            Kind::AllOf(parts) => {
                for (i, part) in parts.iter().enumerate() {
                    let place = place.below(Step::Part(i));
                    self.check(value, part, &place, site, path, depth + 1);
                }
            }
            Kind::OneOf(alternatives) => {
                // Any alternative the value fits is the one; none: the
                // union keeps the value as it is, nothing is relaxed.
                let before = self.found.len();
                let mut fits_one = false;
                for alternative in alternatives {
                    self.check(value, alternative, place, None, path, depth + 1);
                    fits_one |= self.found.len() == before;
                    self.found.truncate(before);
                    if fits_one {
                        break;
                    }
                }
                // None fits, but the discriminator names the one the value
                // is: that one is relaxed (a value of another alternative
                // is not decoded by it).
                if !fits_one && let Some(i) = self.chosen(schema, alternatives, value) {
                    let place = place.below(Step::Alternative(i));
                    self.check(value, &alternatives[i], &place, None, path, depth + 1);
                }
            }
        }
    }

    /// Checks the object `value` against `object`, the schema at `place`:
    /// its properties, those `required` lists, and the values of other
    /// keys; `false` when the value is no object.
    fn check_object(
        &mut self,
        value: &Value,
        object: &Object,
        place: &Place,
        path: &str,
        depth: usize,
    ) -> bool {
        let Some(map) = value.as_object() else {
            return false;
        };
        for property in &object.properties {
            let path = member(path, &property.name);
            match map.get(&property.name) {
                None if property.required => self.found.push(Found {
                    place: Some(place.clone()),
                    change: Change::Optional(property.name.clone()),
                    message: format!(
                        "`{path}` is missing from the example, where the schema requires it"
                    ),
                }),
                None => {}
                Some(inner) => {
                    let place = place.below(Step::Property(property.name.clone()));
                    self.check(
                        inner,
                        &property.schema,
                        &place,
                        Some(&place),
                        &path,
                        depth + 1,
                    );
                }
            }
        }
        // What `required` lists of another part's properties (in
        // an `allOf`), left out.
        for name in &object.required {
            if !map.contains_key(name) {
                self.found.push(Found {
                    place: Some(place.clone()),
                    change: Change::Optional(name.clone()),
                    message: format!(
                        "`{}` is missing from the example, where the schema requires it",
                        member(path, name)
                    ),
                });
            }
        }
        if let Additional::Typed(values) = &object.additional {
            let place = place.below(Step::Additional);
            for (key, inner) in map {
                if object.properties.iter().any(|p| &p.name == key) {
                    continue;
                }
                let path = member(path, key);
                self.check(inner, values, &place, Some(&place), &path, depth + 1);
            }
        }
        true
    }

    /// The alternative of the union `schema` that its discriminator names
    /// for `value`: by `mapping`, by the component's name, or by the one
    /// value an alternative pins the property to.
    fn chosen(&self, schema: &Schema, alternatives: &[Schema], value: &Value) -> Option<usize> {
        let discriminator = schema.discriminator.as_ref()?;
        let key = &discriminator.property_name;
        let tag = value.get(key)?.as_str()?;
        let target = discriminator
            .mapping
            .iter()
            .find(|(value, _)| value == tag)
            .map_or(tag, |(_, target)| target.as_str());
        alternatives
            .iter()
            .position(|a| matches!(&a.kind, Kind::Ref(name) if name == target))
            .or_else(|| alternatives.iter().position(|a| self.pins(a, key, tag, 0)))
    }

    /// Whether `schema` pins its property `key` to `tag` (a string `enum`
    /// of that one value), through references and `allOf` parts.
    fn pins(&self, schema: &Schema, key: &str, tag: &str, depth: usize) -> bool {
        match &schema.kind {
            _ if depth > MAX_DEPTH => false,
            Kind::Ref(name) => self
                .schemas
                .get(name)
                .is_some_and(|target| self.pins(target, key, tag, depth + 1)),
            Kind::Object(object) => object.properties.iter().any(|property| {
                property.name == key
                    && matches!(&property.schema.kind, Kind::String { values: Some(values), .. } if values.len() == 1 && values[0] == tag)
            }),
            Kind::AllOf(parts) => parts.iter().any(|part| self.pins(part, key, tag, depth + 1)),
            _ => false,
        }
    }

    /// Whether a value of `schema` may be a string: a string, any value,
    /// or a union or reference that may be.
    fn may_be_string(&self, schema: &Schema, depth: usize) -> bool {
        match &schema.kind {
            _ if depth > MAX_DEPTH => true,
            Kind::String { .. } | Kind::Any => true,
            Kind::Ref(name) => self
                .schemas
                .get(name)
                .is_none_or(|target| self.may_be_string(target, depth + 1)),
            Kind::OneOf(parts) => parts.iter().any(|part| self.may_be_string(part, depth + 1)),
            Kind::AllOf(parts) => parts.iter().all(|part| self.may_be_string(part, depth + 1)),
            _ => false,
        }
    }

    /// Whether `schema` allows `null`: nullable itself, or a reference to
    /// one that does, or any value.
    fn allows_null(&self, schema: &Schema, depth: usize) -> bool {
        schema.nullable
            || match &schema.kind {
                Kind::Any => true,
                Kind::Ref(name) if depth < MAX_DEPTH => self
                    .schemas
                    .get(name)
                    .is_none_or(|target| self.allows_null(target, depth + 1)),
                Kind::OneOf(alternatives) => alternatives
                    .iter()
                    .any(|alternative| self.allows_null(alternative, depth + 1)),
                Kind::AllOf(parts) => {
                    !parts.is_empty() && parts.iter().all(|part| self.allows_null(part, depth + 1))
                }
                _ => false,
            }
    }
}

impl Place {
    fn below(&self, step: Step) -> Place {
        let mut steps = self.steps.clone();
        steps.push(step);
        Place {
            root: self.root.clone(),
            steps,
        }
    }
}

/// The path of `key` in the object at `path` (`orders[0].id`).
fn member(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// `an integer`, `a string`, … of a JSON value.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "`null`",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Whether the integer `n` fits the type its schema's format and minimum
/// plan (`int32` an `i32`, unsigned formats or `minimum: 0` unsigned).
fn fits(n: &serde_json::Number, schema: &Schema) -> bool {
    let (i, u) = (n.as_i64(), n.as_u64());
    match (schema.format.as_deref(), schema.unsigned) {
        (Some("int32" | "int16" | "int8"), false) => i.is_some_and(|i| i32::try_from(i).is_ok()),
        (Some("int32" | "int16" | "int8" | "uint32" | "uint16" | "uint8"), _) => {
            u.is_some_and(|u| u32::try_from(u).is_ok())
        }
        (Some("int64"), true) | (Some("uint64"), _) => u.is_some(),
        _ => i.is_some(),
    }
}

/// The format of an integer schema, for a diagnostic.
fn integer_format(schema: &Schema) -> String {
    match (schema.format.as_deref(), schema.unsigned) {
        (Some(format), true) => format!("`{format}` of `minimum: 0`"),
        (Some(format), false) => format!("`{format}`"),
        (None, _) => "`minimum: 0`".to_owned(),
    }
}
