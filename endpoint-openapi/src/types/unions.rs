//! Unions: `oneOf`/`anyOf` planned as a union, and how it is told apart
//! (a discriminator, a key its alternatives pin, a property beside it).

use std::collections::BTreeSet;

use super::*;
use crate::ident;
use crate::schema::{Additional, Discriminator, Kind, Object, Property, Schema};

impl TypeSpace<'_> {
    pub(super) fn union(
        &mut self,
        alternatives: &[Schema],
        schema: &Schema,
        name: &str,
    ) -> Result<Defined, String> {
        if alternatives.iter().any(|a| a.kind == Kind::Any) {
            // An alternative of no type (`{"nullable": true}`) admits any
            // value, and so does the union (`null` told apart from absent
            // where a model writes back what it read).
            let json = Type::Json;
            return Ok(Defined::Type(if alternatives.iter().any(|a| a.nullable) {
                json.optional()
            } else {
                json
            }));
        }
        // Each alternative with the name of its variant: a component's type
        // name, else its title, else its kind (`Object`, `String`, …); an
        // inline type is named after the union and that label.
        let mut types: Vec<(Type, String)> = Vec::new();
        let mut nullable = false;
        for alternative in alternatives {
            let label = match (&alternative.kind, &alternative.title) {
                (Kind::Ref(_), _) => None,
                (_, Some(title)) => Some(ident::pascal_part(title)),
                (kind, None) => Some(schema_kind_name(kind).to_owned()),
            };
            let hint = format!("{name}{}", label.as_deref().unwrap_or_default());
            let mut ty = self.resolve(alternative, &hint)?;
            if let Type::Option(inner) = ty {
                nullable = true;
                ty = *inner;
            }
            let label = match (&ty, label) {
                (Type::Named(id), None) => self.types[*id].name.clone(),
                (_, Some(label)) => label,
                (other, None) => kind_name(other).to_owned(),
            };
            if !types.iter().any(|(seen, _)| seen == &ty) {
                types.push((ty, label));
            }
        }
        let wrap = |ty: Type| if nullable { ty.optional() } else { ty };
        if let [(one, _)] = types.as_slice() {
            return Ok(Defined::Type(wrap(one.clone())));
        }
        let mut variants: Vec<UnionVariant> = Vec::new();
        for (ty, label) in types {
            let variant = ident::unique(label, |c| {
                variants.iter().any(|v| v.name == c) || c == "Other"
            });
            variants.push(UnionVariant { name: variant, ty });
        }
        let tag = match &schema.discriminator {
            // A discriminator is a property of objects: a union that also
            // holds a list (GitHub's contents, a directory's list or a
            // file, whose mapping names the list `array`) is decoded by
            // trying each alternative in order.
            Some(discriminator)
                if self.rules.write_back
                    && alternatives.len() == variants.len()
                    && !variants.iter().all(|v| self.may_be_object(&v.ty)) =>
            {
                self.problems.push(format!(
                    "`{name}`: its discriminator `{}` is a property, but an alternative is not an object; decoded by trying each alternative in order",
                    discriminator.property_name
                ));
                None
            }
            // A discriminator that names no property of an alternative (a
            // property of the object holding the union, beside it: `{"type":
            // "card", "data": {…}}`) tells nothing from the value itself:
            // never decoded by a key its values do not have, but by the
            // value beside it (or by trying each alternative in order), as
            // the object holding it finds ([`TypeSpace::find_beside`]).
            Some(discriminator)
                if self.rules.write_back
                    && alternatives.len() == variants.len()
                    && alternatives
                        .iter()
                        .any(|a| !self.may_have(a, &discriminator.property_name, 0)) =>
            {
                None
            }
            Some(discriminator)
                if self.rules.write_back && alternatives.len() == variants.len() =>
            {
                self.discriminated(alternatives, discriminator, name)
            }
            _ => None,
        };
        Ok(Defined::Body(Body::Union(variants), None, tag))
    }

    /// When `field` of the object `name` (of `property`) holds a union that
    /// a property beside it names the alternative of, records that property
    /// and its values on the union ([`TypeDef::beside`]), and says so (a
    /// problem, for the diagnostics). The property is, first found: the
    /// union's discriminator, when it is no property of an alternative but
    /// one of the object (values by its `mapping`, else the alternatives'
    /// component names); the object's own discriminator, when its mapping
    /// names alternatives of the union (or, without one, its values are the
    /// alternatives' component names); a string enum whose values are, in
    /// order, the alternatives' names or titles. A union whose discriminator
    /// is no property of an alternative, with none of those, is decoded by
    /// trying each alternative in order, and says so too.
    pub(super) fn find_beside(
        &mut self,
        object: &Object,
        discriminator: Option<&Discriminator>,
        property: &Property,
        field: &Field,
        fields: &[Field],
        name: &str,
    ) {
        let Type::Named(id) = field.ty.core() else {
            return;
        };
        let id = *id;
        let variants = match &self.types[id].body {
            Body::Union(variants) if self.types[id].tag.is_none() => variants.clone(),
            _ => return,
        };
        let mut schema = &property.schema;
        for _ in 0..MAX_LOOK {
            match &schema.kind {
                Kind::Ref(component) => match self.components.get(component) {
                    Some(target) => schema = target,
                    None => return,
                },
                Kind::AllOf(parts) if parts.len() == 1 => schema = &parts[0],
                _ => break,
            }
        }
        let Kind::OneOf(alternatives) = &schema.kind else {
            return;
        };
        if alternatives.len() != variants.len() {
            return;
        }
        let key = &property.name;
        let text = |wanted: &str| self.is_text_field(fields, wanted);
        let sibling = |wanted: &str| {
            object
                .properties
                .iter()
                .find(|p| p.name == wanted && &p.name != key && text(wanted))
        };
        let components: Vec<Option<&String>> = alternatives
            .iter()
            .map(|a| match &a.kind {
                Kind::Ref(component) => Some(component),
                _ => None,
            })
            .collect();
        let by_mapping = |mapping: &[(String, String)]| values_by_mapping(&components, mapping);
        let own = schema.discriminator.as_ref().filter(|d| {
            alternatives
                .iter()
                .any(|a| !self.may_have(a, &d.property_name, 0))
        });
        let mut found: Option<(Tag, &str)> = None;
        if let Some(d) = own
            && sibling(&d.property_name).is_some()
            && let Some(values) = by_mapping(&d.mapping)
        {
            found = Some((
                Tag {
                    key: d.property_name.clone(),
                    values,
                },
                "its discriminator",
            ));
        }
        if found.is_none()
            && let Some(d) = discriminator
            && let Some(p) = sibling(&d.property_name)
            && let Some(values) = by_mapping(&d.mapping)
        {
            let names_one = d
                .mapping
                .iter()
                .any(|(_, target)| components.contains(&Some(target)));
            let enumerated = self.string_values(&p.schema, 0);
            let named = names_one
                || (d.mapping.is_empty()
                    && values
                        .iter()
                        .flatten()
                        .all(|value| enumerated.contains(value)));
            if named {
                found = Some((
                    Tag {
                        key: d.property_name.clone(),
                        values,
                    },
                    "the discriminator of the object holding it",
                ));
            }
        }
        if found.is_none() {
            found = self
                .tag_by_names(object, key, fields, &variants, alternatives)
                .map(|tag| (tag, "its values, the names of the alternatives"));
        }
        let union = self.types[id].name.clone();
        match found {
            Some((tag, how)) => {
                self.problems.push(format!(
                    "`{name}`: the alternative of `{union}` (its `{key}`) is named by `{}` beside it ({how}); decoded by that value, any other kept as JSON (`Other`)",
                    tag.key
                ));
                if self.types[id].beside.is_none() {
                    self.types[id].beside = Some(tag);
                }
            }
            None => {
                if let Some(d) = own {
                    self.problems.push(format!(
                        "`{name}`: the discriminator `{}` of `{union}` (its `{key}`) is no property of its alternatives, and no property beside it names them; decoded by trying each alternative in order",
                        d.property_name
                    ));
                }
            }
        }
    }

    /// Whether `wanted` is a field of `fields` whose value is text (a
    /// string, an enum of strings, any value), and not the map of other
    /// keys.
    fn is_text_field(&self, fields: &[Field], wanted: &str) -> bool {
        fields.iter().any(|f| {
            f.key == wanted
                && !f.additional
                && match f.ty.core() {
                    Type::String | Type::Json => true,
                    Type::Named(held) => matches!(self.types[*held].body, Body::Enum(_)),
                    _ => false,
                }
        })
    }

    /// A property of `object` beside the union's `key`, of text, whose
    /// string enum's values are, in order, the names the alternatives go
    /// by (their variants' names, components' names or titles, compared
    /// without case or punctuation).
    fn tag_by_names(
        &self,
        object: &Object,
        key: &str,
        fields: &[Field],
        variants: &[UnionVariant],
        alternatives: &[Schema],
    ) -> Option<Tag> {
        let normal = |text: &str| -> String {
            text.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        // The names an alternative goes by.
        let names = |i: usize| -> Vec<String> {
            let mut names = vec![normal(&variants[i].name)];
            let mut alternative = &alternatives[i];
            if let Kind::Ref(component) = &alternative.kind {
                names.push(normal(component));
                if let Some(target) = self.components.get(component) {
                    alternative = target;
                }
            }
            names.extend(alternative.title.as_deref().map(normal));
            names
        };
        object
            .properties
            .iter()
            .filter(|p| p.name != key && self.is_text_field(fields, &p.name))
            .find_map(|p| {
                let values = self.string_values(&p.schema, 0);
                let fits = values.len() == alternatives.len()
                    && values
                        .iter()
                        .enumerate()
                        .all(|(i, value)| names(i).contains(&normal(value)));
                fits.then(|| Tag {
                    key: p.name.clone(),
                    values: values.into_iter().map(|value| vec![value]).collect(),
                })
            })
    }

    /// Whether a value of `ty` may be a JSON object: a struct, a union, a
    /// type still being planned, or an alias of one; not a list, a map's
    /// scalar, a string or a number.
    pub(super) fn may_be_object(&self, ty: &Type) -> bool {
        match ty.core() {
            Type::Named(id) => match &self.types[*id].body {
                Body::Enum(_) => false,
                Body::Alias(inner) => self.may_be_object(inner),
                Body::Struct(_) | Body::Union(_) => true,
            },
            Type::Json | Type::JsonObject | Type::Map(_) => true,
            _ => false,
        }
    }

    /// The [`Tag`] of a union by its `discriminator`, each alternative
    /// (each its own variant) with the values that `mapping` gives it, else
    /// the values its own schema pins the property to (when no other
    /// alternative has one of them) and its component's name (OpenAPI's
    /// implicit value, left out when another alternative has it). `None`,
    /// and a problem, when an alternative has no value or a value names two.
    pub(super) fn discriminated(
        &mut self,
        alternatives: &[Schema],
        discriminator: &Discriminator,
        name: &str,
    ) -> Option<Tag> {
        let key = &discriminator.property_name;
        let own: Vec<Vec<String>> = alternatives
            .iter()
            .map(|alternative| self.pinned(alternative, key, 0))
            .collect();
        // Each alternative's values, each with whether it is implicit.
        let mut values: Vec<Vec<(String, bool)>> = Vec::new();
        for (i, alternative) in alternatives.iter().enumerate() {
            let component = match &alternative.kind {
                Kind::Ref(component) => Some(component),
                _ => None,
            };
            let mapped: Vec<(String, bool)> = discriminator
                .mapping
                .iter()
                .filter(|(_, target)| Some(target) == component)
                .map(|(value, _)| (value.clone(), false))
                .collect();
            if !mapped.is_empty() {
                values.push(mapped);
                continue;
            }
            let shared = own[i].iter().any(|value| {
                own.iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.contains(value))
            });
            let mut mine: Vec<(String, bool)> = Vec::new();
            if !shared {
                mine.extend(own[i].iter().map(|value| (value.clone(), false)));
            }
            if let Some(component) = component
                && !mine.iter().any(|(value, _)| value == component)
            {
                mine.push((component.clone(), true));
            }
            values.push(mine);
        }
        let elsewhere = |values: &[Vec<(String, bool)>], i: usize, value: &str| {
            values
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && other.iter().any(|(v, _)| v == value))
        };
        let snapshot = values.clone();
        for (i, mine) in values.iter_mut().enumerate() {
            mine.retain(|(value, implicit)| !implicit || !elsewhere(&snapshot, i, value));
        }
        let label = |i: usize| match &alternatives[i].kind {
            Kind::Ref(component) => format!("`{component}`"),
            _ => format!("number {}", i + 1),
        };
        let problem = if let Some(i) = values.iter().position(Vec::is_empty) {
            Some(format!(
                "`{name}`: its discriminator `{key}` gives alternative {} no value",
                label(i)
            ))
        } else {
            values.iter().enumerate().find_map(|(i, mine)| {
                let (value, _) = mine.iter().find(|(v, _)| elsewhere(&values, i, v))?;
                Some(format!(
                    "`{name}`: its discriminator `{key}` gives the value `{value}` to alternative {} and another",
                    label(i)
                ))
            })
        };
        if let Some(problem) = problem {
            self.problems.push(format!(
                "{problem}; decoded by trying each alternative in order"
            ));
            return None;
        }
        Some(Tag {
            key: key.clone(),
            values: values
                .into_iter()
                .map(|mine| mine.into_iter().map(|(value, _)| value).collect())
                .collect(),
        })
    }

    /// Whether a value of `schema` may have the property `key`: an object
    /// that defines or requires it, or admits other keys, through
    /// references, `allOf` parts (any of them) and unions (any
    /// alternative); not an object whose properties are all named and
    /// `key` not among them, nor a value that is no object.
    pub(super) fn may_have(&self, schema: &Schema, key: &str, depth: usize) -> bool {
        match &schema.kind {
            _ if depth > MAX_LOOK => true,
            Kind::Ref(component) => self
                .components
                .get(component)
                .is_none_or(|schema| self.may_have(schema, key, depth + 1)),
            Kind::Object(object) => {
                object.properties.iter().any(|p| p.name == key)
                    || object.required.iter().any(|r| r == key)
                    || !matches!(object.additional, Additional::None)
            }
            Kind::AllOf(parts) | Kind::OneOf(parts) => {
                parts.iter().any(|part| self.may_have(part, key, depth + 1))
            }
            Kind::Any => true,
            _ => false,
        }
    }

    /// The string values `schema` pins its property `key` to (a string
    /// `enum` or `const` of the property's own), through references and
    /// `allOf` parts (the last that says); none when it does not.
    pub(super) fn pinned(&self, schema: &Schema, key: &str, depth: usize) -> Vec<String> {
        match &schema.kind {
            _ if depth > MAX_LOOK => Vec::new(),
            Kind::Ref(component) => self
                .components
                .get(component)
                .map(|schema| self.pinned(schema, key, depth + 1))
                .unwrap_or_default(),
            Kind::Object(object) => object
                .properties
                .iter()
                .find(|property| property.name == key)
                .map(|property| self.string_values(&property.schema, depth + 1))
                .unwrap_or_default(),
            Kind::AllOf(parts) => parts
                .iter()
                .rev()
                .map(|part| self.pinned(part, key, depth + 1))
                .find(|values| !values.is_empty())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The values of a string `enum` (or `const`), through references and
    /// `allOf` parts.
    pub(super) fn string_values(&self, schema: &Schema, depth: usize) -> Vec<String> {
        match &schema.kind {
            _ if depth > MAX_LOOK => Vec::new(),
            Kind::String {
                values: Some(values),
                ..
            } => values.clone(),
            Kind::Ref(component) => self
                .components
                .get(component)
                .map(|schema| self.string_values(schema, depth + 1))
                .unwrap_or_default(),
            Kind::AllOf(parts) => parts
                .iter()
                .rev()
                .map(|part| self.string_values(part, depth + 1))
                .find(|values| !values.is_empty())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Finds the [`Tag`] of every union that has one.
    pub(super) fn find_tags(&mut self) {
        for id in 0..self.types.len() {
            let Body::Union(variants) = &self.types[id].body else {
                continue;
            };
            if self.types[id].tag.is_some() {
                // Told by its discriminator.
                continue;
            }
            let structs: Option<Vec<&Vec<Field>>> = variants
                .iter()
                .map(|variant| match variant.ty.core() {
                    Type::Named(held) => match &self.types[*held].body {
                        Body::Struct(fields) => Some(fields),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            let Some(structs) = structs else { continue };
            let enum_values = |fields: &Vec<Field>, key: &str| -> Option<Vec<String>> {
                let field = fields.iter().find(|f| f.key == key)?;
                match &field.ty {
                    Type::Named(held) => match &self.types[*held].body {
                        Body::Enum(values) => {
                            Some(values.iter().map(|v| v.value.clone()).collect())
                        }
                        _ => None,
                    },
                    _ => None,
                }
            };
            let tag = structs[0].iter().find_map(|candidate| {
                let values: Vec<Vec<String>> = structs
                    .iter()
                    .map(|fields| enum_values(fields, &candidate.key))
                    .collect::<Option<_>>()?;
                let mut seen = BTreeSet::new();
                let disjoint = values.iter().flatten().all(|value| seen.insert(value));
                disjoint.then(|| Tag {
                    key: candidate.key.clone(),
                    values,
                })
            });
            self.types[id].tag = tag;
        }
    }
}

/// How many references and `allOf` parts a union's discriminator is
/// looked for through (a reference that leads back to itself stops there).
pub(super) const MAX_LOOK: usize = 16;

/// The label of an inline alternative of a union, by its kind.
pub(super) fn schema_kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Object(_) | Kind::AllOf(_) => "Object",
        Kind::String { .. } => "String",
        Kind::Integer => "Integer",
        Kind::Number => "Number",
        Kind::Boolean => "Boolean",
        Kind::Array(_) => "List",
        Kind::OneOf(_) | Kind::Any | Kind::Ref(_) => "Value",
    }
}

/// The name of a union variant holding `ty`.
pub(super) fn kind_name(ty: &Type) -> &'static str {
    match ty {
        Type::String => "String",
        Type::Timestamp => "Timestamp",
        Type::Uri => "Uri",
        Type::Integer | Type::I32 | Type::U32 | Type::U64 => "Integer",
        Type::Number | Type::F32 => "Number",
        Type::Bytes => "Bytes",
        Type::Base64 => "Base64",
        Type::Boolean => "Boolean",
        Type::Vec(_) => "List",
        Type::Map(_) | Type::JsonObject => "Object",
        Type::Json => "Json",
        Type::Unit => "Empty",
        Type::Named(_) | Type::Option(_) | Type::Nullable(_) | Type::Box(_) => "Value",
    }
}

/// Each alternative's values (of its component, an entry of
/// `components`) by a discriminator's `mapping`, else its component's name;
/// `None` when one has no component or two share a value.
fn values_by_mapping(
    components: &[Option<&String>],
    mapping: &[(String, String)],
) -> Option<Vec<Vec<String>>> {
    let values: Vec<Vec<String>> = components
        .iter()
        .map(|component| {
            let component = (*component)?;
            let mapped: Vec<String> = mapping
                .iter()
                .filter(|(_, target)| target == component)
                .map(|(value, _)| value.clone())
                .collect();
            Some(if mapped.is_empty() {
                vec![component.clone()]
            } else {
                mapped
            })
        })
        .collect::<Option<_>>()?;
    let mut seen = BTreeSet::new();
    values
        .iter()
        .flatten()
        .all(|value| seen.insert(value))
        .then_some(values)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use serde_json::json;

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
}
