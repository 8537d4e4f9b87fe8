//! The checks of a struct's fields against its operation: each field's
//! parameter or body property, and each required one's field.

use endpoint_runtime::sibling::BodyKind;

use super::declared::{Declared, DeclaredField};
use super::findings::{At, Findings, did_you_mean};
use super::fits::MAX_DEPTH;
use crate::api::{Api, MediaContent, Operation, ParamIn};
use crate::operations::{Location, essence};
use crate::schema::{Additional, Kind, Schema};

/// The headers OpenAPI says a parameter cannot describe: the request's
/// media types and credentials are not parameters.
const IGNORED_HEADERS: [&str; 3] = ["accept", "content-type", "authorization"];

/// The checks of a struct's fields against its operation.
pub(super) struct Checker<'a> {
    pub(super) findings: &'a mut Findings,
    pub(super) declared: &'a Declared,
    pub(super) api: &'a Api,
    pub(super) op: &'a Operation,
    /// How messages name the operation: `` `GET /pets` (pets.yaml) ``.
    pub(super) name: String,
}

/// The properties of a body's object schema.
#[derive(Default)]
struct Properties {
    /// Name, schema, and whether it is required.
    properties: Vec<(String, Schema, bool)>,
    /// Whether other properties are allowed (`additionalProperties`).
    open: bool,
}

impl<'a> Checker<'a> {
    pub(super) fn run(mut self) {
        let declared = self.declared;
        for (index, field) in declared.fields.iter().enumerate() {
            match field.location {
                Location::Body => self.property(index, field),
                Location::Content => self.whole_body(index, field),
                _ => self.parameter(index, field),
            }
        }
        self.required_parameters();
        self.required_properties();
    }

    /// Where a finding about a field is: `at`, or the route for a field
    /// generated for a placeholder.
    fn field_at(field: &DeclaredField, at: At) -> At {
        if field.declared { at } else { At::Route }
    }

    /// A path, query, header or cookie parameter: the description has it,
    /// there, and its schema fits the field.
    fn parameter(&mut self, index: usize, param: &DeclaredField) {
        let location = match param.location {
            Location::Path => ParamIn::Path,
            Location::Query => ParamIn::Query,
            Location::Header => ParamIn::Header,
            _ => ParamIn::Cookie,
        };
        let same_name = |name: &str| {
            if location == ParamIn::Header {
                name.eq_ignore_ascii_case(&param.name)
            } else {
                name == param.name
            }
        };
        let found = self
            .op
            .parameters
            .iter()
            .find(|p| p.location == location && same_name(&p.name));
        let Some(described) = found else {
            let elsewhere = self.op.parameters.iter().find(|p| same_name(&p.name));
            let message = match elsewhere {
                Some(other) => format!(
                    "`{}` is a {} parameter of {}, not a {} one: `#[endpoint({})]`",
                    param.name,
                    other.location.as_str(),
                    self.name,
                    location.as_str(),
                    option_name(other.location),
                ),
                None if self.is_body_property(&param.name) => format!(
                    "`{}` is a property of the request body of {}, not a {} parameter: \
                     remove `#[endpoint({})]`",
                    param.name,
                    self.name,
                    location.as_str(),
                    option_name(location),
                ),
                None => {
                    let names = self
                        .op
                        .parameters
                        .iter()
                        .filter(|p| p.location == location)
                        .map(|p| p.name.clone());
                    format!(
                        "no {} parameter `{}` in {}{}",
                        location.as_str(),
                        param.name,
                        self.name,
                        did_you_mean(&param.name, names)
                    )
                }
            };
            let misplaced = elsewhere.is_some() || self.is_body_property(&param.name);
            let at = if misplaced && param.location_written {
                At::Location(index)
            } else {
                Self::field_at(param, At::Name(index))
            };
            self.findings.at(at, message);
            return;
        };
        if described.required && param.optional {
            self.findings.at(
                Self::field_at(param, At::Option(index)),
                format!(
                    "the {} parameter `{}` is required by {}: its field cannot be an `Option`",
                    location.as_str(),
                    param.name,
                    self.name
                ),
            );
        }
        let what = format!("`{}`", param.name);
        self.fits(index, param, &described.schema, true, &what);
    }

    /// Whether the body the struct sends has a property `name`.
    fn is_body_property(&self, name: &str) -> bool {
        self.sent_content()
            .and_then(|content| content.schema.as_ref())
            .and_then(|schema| self.properties(schema))
            .is_some_and(|object| object.properties.iter().any(|(p, ..)| p == name))
    }

    /// A property of the body: the body's schema has it (or takes any
    /// property), and its schema fits the field.
    fn property(&mut self, index: usize, param: &DeclaredField) {
        let Some(content) = self.content(index, param) else {
            return;
        };
        let Some(schema) = &content.schema else {
            return;
        };
        let Some(object) = self.properties(schema) else {
            return;
        };
        match object
            .properties
            .iter()
            .find(|(name, ..)| *name == param.name)
        {
            Some((_, schema, required)) => {
                if *required && param.optional {
                    self.findings.at(
                        Self::field_at(param, At::Option(index)),
                        format!(
                            "the body property `{}` is required by {}: its field cannot be an \
                             `Option`",
                            param.name, self.name
                        ),
                    );
                }
                let text = !is_json(&content.media_type);
                let what = format!("the body property `{}`", param.name);
                self.fits(index, param, schema, text, &what);
            }
            None if object.open => {}
            None => {
                let names = object.properties.iter().map(|(name, ..)| name.clone());
                self.findings.at(
                    Self::field_at(param, At::Name(index)),
                    format!(
                        "no property `{}` in the request body of {}{}",
                        param.name,
                        self.name,
                        did_you_mean(&param.name, names)
                    ),
                );
            }
        }
    }

    /// The whole body: the operation has one, and its JSON schema fits the
    /// field.
    fn whole_body(&mut self, index: usize, param: &DeclaredField) {
        if let Some(content) = self.content(index, param)
            && is_json(&content.media_type)
            && let Some(schema) = &content.schema
        {
            self.fits(index, param, schema, false, "the request body");
        }
    }

    /// The media type of the operation's body that the struct sends: the
    /// one it names (`content_type`), else the JSON one.
    fn sent_content(&self) -> Option<&'a MediaContent> {
        let op: &'a Operation = self.op;
        let body = op.body.as_ref()?;
        match self.declared.media_type.as_deref().map(essence) {
            Some(sent) => body
                .contents
                .iter()
                .find(|c| essence(&c.media_type) == sent),
            None => body.contents.iter().find(|c| is_json(&c.media_type)),
        }
    }

    /// [`sent_content`](Self::sent_content), or `None` after recording why
    /// there is none, at `param`.
    fn content(&mut self, index: usize, param: &DeclaredField) -> Option<&'a MediaContent> {
        let op: &'a Operation = self.op;
        let Some(body) = &op.body else {
            self.findings.at(
                Self::field_at(param, At::Name(index)),
                format!(
                    "{} has no request body, which `{}` would be part of",
                    self.name, param.ident
                ),
            );
            return None;
        };
        let found = self.sent_content();
        if found.is_none() && !body.contents.is_empty() {
            let described: Vec<String> = body
                .contents
                .iter()
                .map(|c| format!("`{}`", c.media_type))
                .collect();
            let sent = self.declared.media_type.as_deref().map_or_else(
                || "a JSON body (no `content_type` on the struct)".to_owned(),
                |sent| format!("`{}`", essence(sent)),
            );
            self.findings.at(
                At::Route,
                format!(
                    "{} takes a body of {}, and the struct sends {sent}: name one with \
                     `#[endpoint(content_type = \"…\")]`",
                    self.name,
                    described.join(", ")
                ),
            );
        }
        found
    }

    /// Each required parameter of the operation has a field, in its
    /// location.
    fn required_parameters(&mut self) {
        for described in self.op.parameters.iter().filter(|p| p.required) {
            let location = match described.location {
                ParamIn::Path => Location::Path,
                ParamIn::Query => Location::Query,
                ParamIn::Header => Location::Header,
                ParamIn::Cookie => Location::Cookie,
                ParamIn::QueryString => continue,
            };
            if location == Location::Header
                && IGNORED_HEADERS
                    .iter()
                    .any(|h| described.name.eq_ignore_ascii_case(h))
            {
                continue;
            }
            let has = self.declared.fields.iter().any(|p| {
                p.location == location
                    && if location == Location::Header {
                        p.name.eq_ignore_ascii_case(&described.name)
                    } else {
                        p.name == described.name
                    }
            });
            if !has {
                self.findings.at(
                    At::Struct,
                    format!(
                        "{} requires the {} parameter `{}`, and `{}` has no field for it{}",
                        self.name,
                        described.location.as_str(),
                        described.name,
                        self.declared.name,
                        attribute_hint(described.location)
                    ),
                );
            }
        }
    }

    /// When the struct has fields of the body, each required property of
    /// the body (that the client sends) has one.
    fn required_properties(&mut self) {
        let declared = self.declared;
        if !declared.fields.iter().any(|p| p.location == Location::Body) {
            return;
        }
        let Some(schema) = self.sent_content().and_then(|c| c.schema.as_ref()) else {
            return;
        };
        let Some(object) = self.properties(schema) else {
            return;
        };
        for (name, schema, required) in &object.properties {
            if !required || schema.read_only {
                continue;
            }
            let has = declared
                .fields
                .iter()
                .any(|p| p.location == Location::Body && p.name == *name);
            if !has {
                self.findings.at(
                    At::Struct,
                    format!(
                        "{} requires the body property `{name}`, and `{}` has no field for it",
                        self.name, declared.name
                    ),
                );
            }
        }
    }

    /// The properties of an object schema (through references and
    /// `allOf`), or `None` when the schema does not say which it has.
    fn properties(&self, schema: &Schema) -> Option<Properties> {
        let mut out = Properties::default();
        self.collect(schema, &mut out, 0).then_some(out)
    }

    fn collect(&self, schema: &Schema, out: &mut Properties, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match &schema.kind {
            Kind::Ref(name) => self
                .api
                .schemas
                .get(name)
                .is_some_and(|schema| self.collect(schema, out, depth + 1)),
            Kind::AllOf(parts) => parts.iter().all(|part| self.collect(part, out, depth + 1)),
            Kind::Object(object) => {
                for property in &object.properties {
                    out.properties.push((
                        property.name.clone(),
                        property.schema.clone(),
                        property.required,
                    ));
                }
                for name in &object.required {
                    for property in out.properties.iter_mut().filter(|p| p.0 == *name) {
                        property.2 = true;
                    }
                }
                out.open |= !matches!(object.additional, Additional::None);
                true
            }
            _ => false,
        }
    }

    /// Records a finding when the field's type cannot hold `schema`'s
    /// values; `text`: the value is written as text (a parameter, a field
    /// of a form or multipart body), where a string holds any scalar.
    fn fits(
        &mut self,
        index: usize,
        param: &DeclaredField,
        schema: &Schema,
        text: bool,
        what: &str,
    ) {
        let ty = param.ty.required();
        if let Some(described) = super::fits::misfit(&self.api.schemas, ty, schema, text, 0) {
            self.findings.at(
                Self::field_at(param, At::Type(index)),
                format!(
                    "{what} is {described} in {}, which `{}` cannot hold",
                    self.name, ty.name
                ),
            );
        }
    }
}

/// The field option (`#[endpoint(…)]`) of a parameter's location.
fn option_name(location: ParamIn) -> &'static str {
    match location {
        ParamIn::Path => "path",
        ParamIn::Query | ParamIn::QueryString => "query",
        ParamIn::Header => "header",
        ParamIn::Cookie => "cookie",
    }
}

/// The option that puts a field where a parameter of `location` goes, as
/// a hint.
fn attribute_hint(location: ParamIn) -> &'static str {
    match location {
        ParamIn::Header => " (`#[endpoint(header)]`)",
        ParamIn::Cookie => " (`#[endpoint(cookie)]`)",
        _ => "",
    }
}

/// Whether `media_type` is JSON (`application/json`, `…+json`), as the
/// runtime writes bodies.
fn is_json(media_type: &str) -> bool {
    BodyKind::of(media_type) == BodyKind::Json
}
