//! Objects: `allOf` merged into one object, an object's fields, and a
//! string enum's variants.

use super::*;
use crate::ident;
use crate::schema::{Additional, Discriminator, Kind, Object, Property, Schema};

impl TypeSpace<'_> {
    /// The object of every part of an `allOf`, or `None` when a part is not
    /// an object. Properties of the same key are one: required when a part
    /// requires it (whichever part defines it), of the last part's schema
    /// that says more than "any value". A part that does not exist or leads
    /// back to an `allOf` being merged is left out (a problem).
    pub(super) fn merge(&mut self, parts: &[Schema], at: &str) -> Option<Object> {
        let components = self.components;
        let mut merged = Object::default();
        for part in parts {
            // A referenced part is merged as its component's schema.
            let (kind, component) = match &part.kind {
                Kind::Ref(component) => {
                    let Some(schema) = components.get(component) else {
                        self.problems.push(format!(
                            "`{at}`: no component schema `{component}` to merge; left out"
                        ));
                        continue;
                    };
                    if self.merging.contains(component) {
                        self.problems.push(format!(
                            "`{at}`: the `allOf` of `{component}` includes itself; left out"
                        ));
                        continue;
                    }
                    (&schema.kind, Some(component.clone()))
                }
                kind => (kind, None),
            };
            let object = match kind {
                Kind::Object(object) => object.clone(),
                Kind::AllOf(inner) => {
                    self.merging.extend(component.clone());
                    let inner = self.merge(inner, at);
                    if component.is_some() {
                        self.merging.pop();
                    }
                    inner?
                }
                _ => return None,
            };
            for property in object.properties {
                match merged
                    .properties
                    .iter_mut()
                    .find(|p| p.name == property.name)
                {
                    Some(existing) => {
                        existing.required |= property.required;
                        if !matches!(property.schema.kind, Kind::Any) {
                            existing.schema = property.schema;
                        }
                    }
                    None => merged.properties.push(property),
                }
            }
            if merged.additional == Additional::None {
                merged.additional = object.additional;
            }
            merged.required.extend(object.required);
        }
        // A key one part requires and another defines.
        let Object {
            properties,
            required,
            ..
        } = &mut merged;
        for property in properties.iter_mut() {
            property.required |= required.contains(&property.name);
        }
        required.retain(|key| !properties.iter().any(|p| &p.name == key));
        Some(merged)
    }

    pub(super) fn object(
        &mut self,
        object: &Object,
        discriminator: Option<&Discriminator>,
        name: &str,
    ) -> Result<Defined, String> {
        if object.properties.is_empty() {
            return Ok(Defined::Type(match &object.additional {
                Additional::Typed(values) => {
                    Type::Map(Box::new(self.resolve(values, &format!("{name}Value"))?))
                }
                _ => Type::JsonObject,
            }));
        }
        let write_back = self.rules.write_back;
        let mut fields: Vec<Field> = Vec::new();
        for Property {
            name: key,
            schema,
            required,
        } in &object.properties
        {
            let mut ty = self.resolve(schema, &format!("{name}{}", ident::pascal_part(key)))?;
            if !required {
                ty = match ty {
                    // Missing and `null` told apart.
                    Type::Option(inner) if write_back => Type::Nullable(inner),
                    ty => ty.optional(),
                };
            }
            let field_name = ident::unique(self.conventions.field_name(key), |candidate| {
                fields.iter().any(|f| f.name == candidate)
            });
            // A reference without text of its own reads as the schema it
            // names.
            let component = match &schema.kind {
                Kind::Ref(component) => self.components.get(component),
                _ => None,
            };
            let mut doc = self
                .doc_of(schema)
                .or_else(|| component.and_then(|c| self.doc_of(c)))
                .unwrap_or_else(|| format!("The `{key}` property."));
            let constraints = schema
                .constraints_doc()
                .or_else(|| component.and_then(Schema::constraints_doc));
            if write_back && let Some(constraints) = constraints {
                doc.push_str("\n\n");
                doc.push_str(&constraints);
            }
            fields.push(Field {
                name: field_name,
                key: key.clone(),
                ty,
                doc: Some(doc),
                deprecated: schema.deprecated,
                required: *required,
                read_only: schema.read_only,
                write_only: schema.write_only,
                additional: false,
            });
        }
        let values = match &object.additional {
            Additional::None => None,
            Additional::Any => Some(Type::Json),
            Additional::Typed(values) => Some(self.resolve(values, &format!("{name}Value"))?),
        };
        if write_back && let Some(values) = values {
            // The other keys, kept.
            let field_name = ident::unique("additional_properties".to_owned(), |candidate| {
                fields.iter().any(|f| f.name == candidate)
            });
            fields.push(Field {
                name: field_name,
                key: String::new(),
                ty: Type::Map(Box::new(values)),
                doc: Some("The keys no other field names, with their values.".to_owned()),
                deprecated: false,
                required: false,
                read_only: false,
                write_only: false,
                additional: true,
            });
        }
        if write_back {
            for (property, field) in object.properties.iter().zip(&fields) {
                self.find_beside(object, discriminator, property, field, &fields, name);
            }
        }
        Ok(Defined::Body(Body::Struct(fields), None, None))
    }
}

/// The variants of an open enum: each value's name in `UpperCamelCase`,
/// made unique (`approved` and `APPROVED` are `Approved` and
/// `ApprovedUpper`).
pub(super) fn variants(values: &[String]) -> Vec<Variant> {
    let mut out: Vec<Variant> = Vec::new();
    for value in values {
        if out.iter().any(|v| &v.value == value) {
            continue;
        }
        let mut name = ident::variant(value);
        if out.iter().any(|v| v.name == name) && value.chars().any(|c| c.is_ascii_uppercase()) {
            name.push_str("Upper");
        }
        let name = ident::unique(name, |c| out.iter().any(|v| v.name == c) || c == "Unknown");
        out.push(Variant {
            name,
            value: value.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use serde_json::json;

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
    fn enum_values_in_two_cases() {
        let names: Vec<_> = variants(&["approved".into(), "APPROVED".into(), "unknown".into()])
            .into_iter()
            .map(|v| v.name)
            .collect();
        assert_eq!(names, ["Approved", "ApprovedUpper", "Unknown2"]);
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
}
