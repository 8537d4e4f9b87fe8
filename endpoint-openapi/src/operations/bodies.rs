//! Bodies: the fields of a request body's properties (JSON, form,
//! multipart), a whole body of another kind, and the choice of a body of
//! several media types.

use std::collections::BTreeMap;

use super::doc::field_doc;
use super::{
    Choice, ChoiceValue, FieldPlan, OperationPlanner, Ty, essence, is_binary, is_range,
    is_read_only, media_kind,
};
use crate::api::{Encoding, MediaContent};
use crate::docs::{self, Links};
use crate::ident;
use crate::schema::{Kind, Object, Property, Schema};
use crate::types::Type;
use endpoint_runtime::sibling::{BodyKind, Location, Style};

impl OperationPlanner<'_, '_> {
    /// The body: its fields, the struct's media type, a choice.
    pub(super) fn body(&mut self) -> (Option<String>, Option<Choice>) {
        let Some(body) = &self.operation.body else {
            return (None, None);
        };
        if matches!(
            self.operation.method.to_ascii_uppercase().as_str(),
            "GET" | "HEAD"
        ) {
            // A body of nothing (an object without properties) is no body.
            let empty = body.contents.iter().all(|content| {
                match content.schema.as_ref().map(|s| &s.kind) {
                    None | Some(Kind::Any) => true,
                    Some(Kind::Object(object)) => object.properties.is_empty(),
                    Some(_) => false,
                }
            });
            if !empty {
                let pointer = body.pointer.clone();
                self.diagnose(
                    &pointer,
                    "a GET or HEAD request with a body",
                    "the body left out",
                );
            }
            return (None, None);
        }
        let contents: Vec<&MediaContent> = body.contents.iter().collect();
        let required = body.required;
        let pointer = body.pointer.clone();
        match contents.as_slice() {
            [] => (None, None),
            [one] => (
                self.one_body(one, required, &pointer, body.description.as_deref()),
                None,
            ),
            many => {
                let json = many.iter().position(|c| {
                    media_kind(&c.media_type) == BodyKind::Json && !is_range(&c.media_type)
                });
                if let Some(at) = json {
                    let same = many.iter().enumerate().all(|(i, c)| {
                        i == at
                            || (matches!(
                                media_kind(&c.media_type),
                                BodyKind::Form | BodyKind::Multipart
                            ) && c.schema == many[at].schema)
                    });
                    if same {
                        let others: Vec<&str> = many
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != at)
                            .map(|(_, c)| c.media_type.as_str())
                            .collect();
                        self.diagnose(
                            &pointer,
                            format!("the body is also described as {}", others.join(", ")),
                            format!("sent as `{}`", many[at].media_type),
                        );
                        return (
                            self.one_body(
                                many[at],
                                required,
                                &pointer,
                                body.description.as_deref(),
                            ),
                            None,
                        );
                    }
                }
                (
                    None,
                    Some(self.choice(many, required, body.description.as_deref())),
                )
            }
        }
    }

    pub(super) fn one_body(
        &mut self,
        content: &MediaContent,
        required: bool,
        pointer: &str,
        description: Option<&str>,
    ) -> Option<String> {
        let kind = media_kind(&content.media_type);
        let schema = content.schema.clone().unwrap_or_default();
        let media_type = self
            .conventions
            .request_media_type(if is_range(&content.media_type) {
                if is_binary(&schema) {
                    "application/octet-stream".to_owned()
                } else {
                    "application/json".to_owned()
                }
            } else {
                content.media_type.clone()
            });
        let kind = if is_range(&content.media_type) && is_binary(&schema) {
            BodyKind::Bytes
        } else {
            kind
        };
        if matches!(kind, BodyKind::Json | BodyKind::Form | BodyKind::Multipart) {
            let object = match &schema.kind {
                Kind::Object(object) => Some(object.clone()),
                Kind::Ref(name) => match self.space_component(name) {
                    Some(Kind::Object(object)) => Some(object),
                    _ => None,
                },
                _ => None,
            };
            // A multipart body is made of parts: those of an object written
            // as an `allOf` are its parts too, and one that names none has
            // none (rather than one whole value, which is no multipart body).
            let object = object.filter(|o| !o.properties.is_empty()).or_else(|| {
                (kind == BodyKind::Multipart).then(|| self.multipart_parts(&schema, pointer))
            });
            if let Some(object) = object {
                // A `readOnly` property is the server's: never sent.
                for property in object.properties.iter().filter(|p| !is_read_only(p)) {
                    let location = Location::Body;
                    let field = self.field_name(&property.name, location);
                    let (text, doc) =
                        field_doc(self.components, None, &property.schema, false, || {
                            format!("The `{}` property of the body.", property.name)
                        });
                    let encoding: Option<Encoding> = content
                        .encoding
                        .iter()
                        .find(|(name, _)| name == &property.name)
                        .map(|(_, e)| e.clone());
                    let ty = if kind == BodyKind::Multipart && is_binary(&property.schema) {
                        Ty::File
                    } else if kind == BodyKind::Multipart
                        && matches!(&property.schema.kind, Kind::Array(items) if is_binary(items))
                    {
                        Ty::Planned(Type::Vec(Box::new(Type::Json)))
                    } else {
                        let name = format!("{}{}", self.full, ident::pascal(&property.name));
                        Ty::Planned(self.root(&property.schema, &name, &text, pointer))
                    };
                    let ty = match ty {
                        Ty::Planned(Type::Vec(inner))
                            if kind == BodyKind::Multipart && *inner == Type::Json =>
                        {
                            Ty::Planned(Type::Json)
                        }
                        other => other,
                    };
                    let nullable = matches!(ty, Ty::Planned(Type::Option(_)));
                    let (style, explode, allow_reserved, content_type) = match (kind, encoding) {
                        (BodyKind::Form, Some(e)) => {
                            let what = format!("the encoding of the body's `{}`", property.name);
                            let (style, explode) = self.style(
                                (e.style.as_deref(), e.explode),
                                Style::Form,
                                pointer,
                                &what,
                            );
                            (style, explode, e.allow_reserved, None)
                        }
                        (BodyKind::Multipart, Some(e)) => (None, None, false, e.content_type),
                        _ => (None, None, false, None),
                    };
                    self.fields.push(FieldPlan {
                        name: field,
                        wire: property.name.clone(),
                        location,
                        ty,
                        // A required property stays required when the
                        // body is optional: a body sent must hold it.
                        optional: !(nullable || property.required),
                        required: property.required,
                        doc,
                        style,
                        explode,
                        allow_reserved,
                        multi_segment: false,
                        content_type,
                    });
                }
                return Some(media_type);
            }
        }
        let ty = match kind {
            BodyKind::Text => Ty::Planned(Type::String),
            BodyKind::Bytes => Ty::File,
            _ => {
                let name = format!("{}Body", self.full);
                let doc = description.unwrap_or("The body of the request.");
                Ty::Planned(self.root(&schema, &name, doc, pointer))
            }
        };
        let name = self.field_name("body", Location::Content);
        let nullable = matches!(ty, Ty::Planned(Type::Option(_)));
        self.fields.push(FieldPlan {
            name,
            wire: "body".to_owned(),
            location: Location::Content,
            ty,
            optional: !required && !nullable,
            required,
            doc: description
                .map(|text| docs::rustdoc(text.trim(), Links::default()))
                .filter(|text| !text.is_empty())
                .unwrap_or_else(|| format!("The body, as `{media_type}`.")),
            style: None,
            explode: None,
            allow_reserved: false,
            multi_segment: false,
            content_type: None,
        });
        Some(media_type)
    }

    /// The parts of a multipart body whose schema is no object of
    /// properties: the properties of its `allOf` parts (and of the
    /// components they name), each required when a part requires it. None,
    /// with a diagnostic, when it names none (an object of
    /// `additionalProperties` only, a schema of no object).
    pub(super) fn multipart_parts(&mut self, schema: &Schema, pointer: &str) -> Object {
        let mut parts = Object::default();
        let mut required = Vec::new();
        collect_parts(
            self.components,
            schema,
            &mut parts.properties,
            &mut required,
            0,
        );
        for part in &mut parts.properties {
            part.required = required.contains(&part.name);
        }
        if parts.properties.is_empty() {
            self.diagnose(
                pointer,
                "the multipart body names no parts: its schema is no object of `properties`",
                "a request of no part fields, its body sent with no parts",
            );
        }
        parts
    }

    pub(super) fn choice(
        &mut self,
        contents: &[&MediaContent],
        required: bool,
        description: Option<&str>,
    ) -> Choice {
        let mut variants: Vec<(String, String, ChoiceValue)> = Vec::new();
        for content in contents {
            let schema = content.schema.clone().unwrap_or_default();
            let value = match media_kind(&content.media_type) {
                _ if is_binary(&schema) => ChoiceValue::File,
                BodyKind::Json | BodyKind::Form | BodyKind::Multipart => ChoiceValue::Json,
                BodyKind::Text => ChoiceValue::Text,
                BodyKind::Bytes => ChoiceValue::File,
            };
            let media_type =
                self.conventions
                    .request_media_type(if is_range(&content.media_type) {
                        match value {
                            ChoiceValue::File => "application/octet-stream",
                            _ => "application/json",
                        }
                        .to_owned()
                    } else {
                        content.media_type.clone()
                    });
            let name = ident::unique(variant_name(&media_type), |candidate| {
                variants.iter().any(|(name, ..)| name == candidate)
            });
            if variants.iter().any(|(_, m, _)| m == &media_type) {
                continue;
            }
            variants.push((name, media_type, value));
        }
        let name = self.field_name("body", Location::Content);
        self.fields.push(FieldPlan {
            name,
            wire: "body".to_owned(),
            location: Location::Content,
            ty: Ty::Choice,
            optional: !required,
            required,
            doc: description
                .map(|text| docs::rustdoc(text.trim(), Links::default()))
                .filter(|text| !text.is_empty())
                .unwrap_or_else(|| "The body, in one of its media types.".to_owned()),
            style: None,
            explode: None,
            allow_reserved: false,
            multi_segment: false,
            content_type: None,
        });
        Choice {
            name: String::new(),
            variants,
        }
    }
}

/// The properties of `schema` into `out` (a later one of a name replacing
/// an earlier), through component references and `allOf` parts, and the
/// names they require into `required`; nothing of other kinds, nor deeper
/// than 64 references.
pub(super) fn collect_parts(
    components: &BTreeMap<String, Schema>,
    schema: &Schema,
    out: &mut Vec<Property>,
    required: &mut Vec<String>,
    depth: usize,
) {
    if depth > 64 {
        return;
    }
    match &schema.kind {
        Kind::Object(object) => {
            for property in &object.properties {
                if property.required {
                    required.push(property.name.clone());
                }
                match out.iter_mut().find(|known| known.name == property.name) {
                    Some(known) => *known = property.clone(),
                    None => out.push(property.clone()),
                }
            }
            required.extend(object.required.iter().cloned());
        }
        Kind::Ref(name) => {
            if let Some(target) = components.get(name) {
                collect_parts(components, target, out, required, depth + 1);
            }
        }
        Kind::AllOf(parts) => {
            for part in parts {
                collect_parts(components, part, out, required, depth + 1);
            }
        }
        _ => {}
    }
}

/// A variant's name for a media type (`application/merge-patch+json` →
/// `MergePatchJson`, `application/json` → `Json`).
pub(super) fn variant_name(media_type: &str) -> String {
    let essence = essence(media_type);
    let (top, sub) = essence.split_once('/').unwrap_or(("", essence.as_str()));
    let name = match (top, sub) {
        ("application", "x-www-form-urlencoded") => "form".to_owned(),
        ("multipart", "form-data") => "multipart".to_owned(),
        ("application", sub) => sub.to_owned(),
        (top, sub) => format!("{top} {sub}"),
    };
    ident::variant(&name.replace("vnd.", "").replace('+', " "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations::planned;
    use serde_json::json;

    fn post(body: serde_json::Value) -> super::super::OperationPlan {
        let (plan, _) = planned(json!({
            "/items": {"post": {
                "operationId": "create",
                "requestBody": body,
                "responses": {"204": {"description": "done"}}
            }}
        }));
        plan.operations.into_iter().next().expect("one operation")
    }

    #[test]
    fn a_variants_name_is_its_media_types_subtype() {
        assert_eq!(
            variant_name("application/merge-patch+json"),
            "MergePatchJson"
        );
        assert_eq!(variant_name("application/json"), "Json");
        assert_eq!(variant_name("application/x-www-form-urlencoded"), "Form");
        assert_eq!(variant_name("text/plain; charset=utf-8"), "TextPlain");
    }

    #[test]
    fn a_json_object_body_is_a_field_per_property_but_read_only_ones() {
        let op = post(json!({"content": {"application/json": {"schema": {
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {"type": "string"},
                "id": {"type": "integer", "readOnly": true},
                "note": {"type": "string"}
            }
        }}}}));
        assert_eq!(op.content_type.as_deref(), Some("application/json"));
        let fields: Vec<_> = op
            .fields
            .iter()
            .map(|f| (f.name.as_str(), f.location, f.optional))
            .collect();
        assert_eq!(
            fields,
            [
                ("name", Location::Body, false),
                ("note", Location::Body, true)
            ]
        );
    }

    #[test]
    fn a_multipart_file_is_a_file_and_a_text_body_a_string() {
        let op = post(json!({"content": {"multipart/form-data": {
            "schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}},
            "encoding": {"file": {"contentType": "image/png"}}
        }}}));
        assert_eq!(op.fields[0].ty, Ty::File);
        assert_eq!(op.fields[0].content_type.as_deref(), Some("image/png"));
        let op = post(
            json!({"required": true, "content": {"text/plain": {"schema": {"type": "string"}}}}),
        );
        assert_eq!(op.fields[0].location, Location::Content);
        assert_eq!(op.fields[0].ty, Ty::Planned(Type::String));
        assert!(!op.fields[0].optional);
    }

    #[test]
    fn a_body_of_several_media_types_is_a_choice() {
        let op = post(json!({"content": {
            "application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}},
            "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}
        }}));
        let choice = op.choice.expect("a choice");
        assert_eq!(choice.name, "CreateBody");
        let variants: Vec<_> = choice
            .variants
            .iter()
            .map(|(name, media_type, value)| (name.as_str(), media_type.as_str(), *value))
            .collect();
        assert_eq!(
            variants,
            [
                ("Json", "application/json", ChoiceValue::Json),
                ("OctetStream", "application/octet-stream", ChoiceValue::File)
            ]
        );
        assert_eq!(op.fields[0].ty, Ty::Choice);
    }

    #[test]
    fn multipart_parts_come_from_all_of() {
        let mut out = Vec::new();
        let mut required = Vec::new();
        let schema: Schema = Schema {
            kind: Kind::AllOf(vec![
                Schema {
                    kind: Kind::Object(Object {
                        properties: vec![Property {
                            name: "a".to_owned(),
                            schema: Schema::default(),
                            required: true,
                        }],
                        ..Object::default()
                    }),
                    ..Schema::default()
                },
                Schema {
                    kind: Kind::Ref("missing".to_owned()),
                    ..Schema::default()
                },
            ]),
            ..Schema::default()
        };
        collect_parts(&BTreeMap::new(), &schema, &mut out, &mut required, 0);
        assert_eq!(out.len(), 1);
        assert_eq!(required, ["a"]);
    }
}
