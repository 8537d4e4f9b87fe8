//! Parameters: the fields of path, query, header and cookie parameters,
//! and the route's template, each placeholder named as its field and
//! written in its style.

use std::fmt::Write as _;

use super::doc::field_doc;
use super::{FieldPlan, OperationPlanner, Ty};
use crate::api::{ParamIn, Parameter};
use crate::ident;
use crate::schema::Kind;
use crate::types::Type;
use endpoint_runtime::sibling::{Location, Style, is_token};

impl OperationPlanner<'_, '_> {
    /// The style and explode of a field written as `(style, explode)`,
    /// each `None` when it is the default (`default` the location's style):
    /// a style OpenAPI does not define is the default, with a diagnostic
    /// at `pointer` naming `what` has it.
    pub(super) fn style(
        &mut self,
        (written, explode): (Option<&str>, Option<bool>),
        default: Style,
        pointer: &str,
        what: &str,
    ) -> (Option<Style>, Option<bool>) {
        let style = written.and_then(|name| {
            let style = Style::from_openapi(name);
            if style.is_none() {
                self.diagnose(
                    pointer,
                    format!("{what} has the style `{name}`, which OpenAPI does not define"),
                    "written in its location's default style",
                );
            }
            style
        });
        let style = style.filter(|&style| style != default);
        let effective = style.unwrap_or(default);
        let explode = explode.filter(|&explode| {
            explode != (effective == Style::Form) && effective != Style::DeepObject
        });
        (style, explode)
    }

    /// The fields of the path's parameters, in the order of the path (a
    /// placeholder without a parameter is a `String` field), and the
    /// route's template: each placeholder named as its field and written in
    /// its style.
    pub(super) fn path_fields(&mut self) -> String {
        let operation = self.operation;
        // A fragment tells apart operations of one path (Box writes
        // `/files/{file_id}#remove_shared_link`); it is never sent, and the
        // query must not follow it, so the route ends before it.
        let path = operation
            .path
            .split_once('#')
            .map_or(operation.path.as_str(), |(path, _)| path);
        let mut template = literal_path(path);
        let white = |text: &str| text.chars().filter(char::is_ascii_whitespace).count();
        if white(&template) < white(path) {
            let pointer = operation.pointer.clone();
            self.diagnose(
                &pointer,
                format!("the path `{path}` holds white space, which no URL holds"),
                "the white space percent-encoded (`%20`)",
            );
        }
        // Path parameters first, in the order of the path.
        let mut path_params: Vec<&Parameter> = operation
            .parameters
            .iter()
            .filter(|p| p.location == ParamIn::Path)
            .collect();
        path_params.sort_by_key(|p| {
            operation
                .path
                .find(&format!("{{{}}}", p.name))
                .unwrap_or(usize::MAX)
        });
        for placeholder in placeholders(&operation.path) {
            if !path_params.iter().any(|p| p.name == placeholder) {
                self.diagnose(
                    &operation.pointer,
                    format!("the path placeholder `{placeholder}` has no parameter"),
                    "a `String` field",
                );
                let (field, name) = path_names(self.field_name(&placeholder, Location::Path));
                template = replace_placeholder(&template, &placeholder, &name, None, None);
                self.fields.push(FieldPlan {
                    name: field,
                    wire: name,
                    location: Location::Path,
                    required: true,
                    ty: Ty::Planned(Type::String),
                    optional: false,
                    doc: format!("The `{placeholder}` path parameter."),
                    style: None,
                    explode: None,
                    allow_reserved: false,
                    multi_segment: false,
                    content_type: None,
                });
            }
        }
        for param in path_params {
            if !operation.path.contains(&format!("{{{}}}", param.name)) {
                self.diagnose(
                    &param.pointer,
                    format!("the path parameter `{}` is not in the path", param.name),
                    "left out",
                );
                continue;
            }
            // A parameter of another location with the same name keeps it:
            // the placeholder's name is never sent.
            let elsewhere = operation.parameters.iter().any(|p| {
                p.location != ParamIn::Path && ident::snake(&p.name) == ident::snake(&param.name)
            });
            let wire = if elsewhere {
                format!("path_{}", param.name)
            } else {
                param.name.clone()
            };
            let (field, placeholder) = path_names(self.field_name(&wire, Location::Path));
            template = replace_placeholder(
                &template,
                &param.name,
                &placeholder,
                param.style.as_deref(),
                param.explode,
            );
            let mut plan = self.parameter(param, field, Location::Path);
            // A path has no `null`, nor a way to leave a segment out.
            if let Ty::Planned(Type::Option(inner)) = &plan.ty {
                let inner = Ty::Planned((**inner).clone());
                self.diagnose(
                    &param.pointer,
                    format!(
                        "the path parameter `{}` may be `null`, which no path can hold \
                         (OpenAPI requires path parameters)",
                        param.name
                    ),
                    "a required field, its `null` left out",
                );
                plan.ty = inner;
            }
            plan.multi_segment = self.conventions.is_multi_segment(&param.extensions);
            plan.wire = placeholder;
            plan.style = None;
            plan.explode = None;
            plan.optional = false;
            self.fields.push(plan);
        }
        template
    }

    /// The fields of the query, `querystring`, header and cookie
    /// parameters, in that order; a header OpenAPI ignores, or that no
    /// header name can send, is left out with a diagnostic.
    pub(super) fn located_fields(&mut self) {
        let operation = self.operation;
        for location in [
            ParamIn::Query,
            ParamIn::QueryString,
            ParamIn::Header,
            ParamIn::Cookie,
        ] {
            for param in operation
                .parameters
                .iter()
                .filter(|p| p.location == location)
            {
                match location {
                    ParamIn::QueryString => self.query_string(param),
                    ParamIn::Header
                        if ["accept", "content-type", "authorization"]
                            .contains(&param.name.to_ascii_lowercase().as_str()) =>
                    {
                        self.diagnose(
                            &param.pointer,
                            format!(
                                "the header parameter `{}` is ignored, as OpenAPI says",
                                param.name
                            ),
                            "left out",
                        );
                    }
                    ParamIn::Header if !is_token(&param.name) => {
                        // No header has that name: one that is a header's
                        // name but for the white space around it is sent
                        // by that name, another cannot be sent.
                        let trimmed = param.name.trim();
                        if is_token(trimmed) {
                            self.diagnose(
                                &param.pointer,
                                format!(
                                    "the header parameter `{}` has white space around its name",
                                    param.name
                                ),
                                format!("sent as `{trimmed}`"),
                            );
                            let param = Parameter {
                                name: trimmed.to_owned(),
                                ..param.clone()
                            };
                            let field = self.field_name(&param.name, Location::Header);
                            let plan = self.parameter(&param, field, Location::Header);
                            self.fields.push(plan);
                        } else {
                            self.diagnose(
                                &param.pointer,
                                format!(
                                    "the header parameter `{}` is no header name (letters, digits \
                                     and ``!#$%&'*+-.^_`|~``), and cannot be sent",
                                    param.name
                                ),
                                "left out of the request",
                            );
                        }
                    }
                    _ => {
                        let at = match location {
                            ParamIn::Header => Location::Header,
                            ParamIn::Cookie => Location::Cookie,
                            _ => Location::Query,
                        };
                        let field = self.field_name(&param.name, at);
                        let plan = self.parameter(param, field, at);
                        self.fields.push(plan);
                    }
                }
            }
        }
    }

    pub(super) fn parameter(
        &mut self,
        param: &Parameter,
        field: String,
        location: Location,
    ) -> FieldPlan {
        let type_name = format!("{}{}", self.full, ident::pascal(&param.name));
        let (text, doc) = field_doc(
            self.components,
            param.description.as_deref(),
            &param.schema,
            param.deprecated,
            || {
                format!(
                    "The `{}` {} parameter.",
                    param.name,
                    param.location.as_str()
                )
            },
        );
        let ty = self.root(&param.schema, &type_name, &text, &param.pointer);
        if let Some(media_type) = &param.content_type {
            self.diagnose(
                &param.pointer,
                format!(
                    "the parameter `{}` is described as `{media_type}`",
                    param.name
                ),
                "written in its location's default style",
            );
        }
        let default_style = match location {
            Location::Query | Location::Cookie => Style::Form,
            _ => Style::Simple,
        };
        let what = format!("the parameter `{}`", param.name);
        let pointer = format!("{}/style", param.pointer);
        let (style, explode) = self.style(
            (param.style.as_deref(), param.explode),
            default_style,
            &pointer,
            &what,
        );
        FieldPlan {
            wire: param.name.clone(),
            name: field,
            location,
            optional: !param.required && !matches!(ty, Type::Option(_)),
            required: param.required,
            ty: Ty::Planned(ty),
            doc,
            style,
            explode,
            allow_reserved: param.allow_reserved && location == Location::Query,
            multi_segment: false,
            content_type: None,
        }
    }

    /// A `querystring` parameter: the properties of its object schema, each
    /// a query parameter.
    pub(super) fn query_string(&mut self, param: &Parameter) {
        let object = match &param.schema.kind {
            Kind::Object(object) => Some(object.clone()),
            Kind::Ref(name) => match self.space_component(name) {
                Some(Kind::Object(object)) => Some(object),
                _ => None,
            },
            _ => None,
        };
        let Some(object) = object.filter(|o| !o.properties.is_empty()) else {
            self.diagnose(
                &param.pointer,
                format!(
                    "the querystring parameter `{}` is not an object of properties",
                    param.name
                ),
                "left out",
            );
            return;
        };
        for property in &object.properties {
            let field = self.field_name(&property.name, Location::Query);
            let as_param = Parameter {
                pointer: param.pointer.clone(),
                name: property.name.clone(),
                location: ParamIn::Query,
                required: property.required,
                description: property.schema.description.clone(),
                schema: property.schema.clone(),
                ..Parameter::default()
            };
            let plan = self.parameter(&as_param, field, Location::Query);
            self.fields.push(plan);
        }
    }

    pub(super) fn space_component(&self, name: &str) -> Option<Kind> {
        self.components.get(name).map(|schema| schema.kind.clone())
    }
}

/// `path` as the literal text of a route: the runtime reads `<name>`, and
/// `:name` after a `/`, as placeholders, where OpenAPI has only `{name}`;
/// so `<`, `>` and such a `:` are percent-encoded (`/<upload_url>` is
/// `/%3Cupload_url%3E`), as the request would send them anyway. White
/// space outside a `{placeholder}` (`/files list/{id}`), which no URL holds
/// and which would end the route, is percent-encoded as text
/// (`/files%20list/{id}`).
pub(super) fn literal_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut previous = None;
    let mut in_placeholder = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_placeholder = true;
                out.push(c);
            }
            '}' => {
                in_placeholder = false;
                out.push(c);
            }
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            ':' if previous == Some('/') => out.push_str("%3A"),
            c if c.is_ascii_whitespace() && !in_placeholder => {
                let _ = write!(out, "%{:02X}", c as u32);
            }
            c => out.push(c),
        }
        previous = Some(c);
    }
    out
}

/// The placeholders of a path, in order (`/a/{x}/{y}` → `x`, `y`).
pub(super) fn placeholders(path: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = after[..close].to_owned();
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
        rest = &after[close + 1..];
    }
    out
}

/// The placeholder of a path field: the field's name, raw or not, never an
/// option key of the runtime.
pub(super) fn path_field(field: &str) -> String {
    let name = field.trim_start_matches("r#");
    if matches!(name, "method" | "url" | "headers" | "request") {
        format!("path_{name}")
    } else {
        name.to_owned()
    }
}

/// A path field's name and its placeholder's: the same (but `r#`), the
/// placeholder never an option key of the runtime (`url` → `path_url`).
pub(super) fn path_names(field: String) -> (String, String) {
    let placeholder = path_field(&field);
    if placeholder == field.trim_start_matches("r#") {
        (field, placeholder)
    } else {
        (placeholder.clone(), placeholder)
    }
}

/// `path` with `{name}` written as `{<operator><placeholder><*>}`.
pub(super) fn replace_placeholder(
    path: &str,
    name: &str,
    placeholder: &str,
    style: Option<&str>,
    explode: Option<bool>,
) -> String {
    let operator = match style {
        Some("label") => ".",
        Some("matrix") => ";",
        _ => "",
    };
    let star = if explode == Some(true) { "*" } else { "" };
    path.replace(
        &format!("{{{name}}}"),
        &format!("{{{operator}{placeholder}{star}}}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations::planned;

    #[test]
    fn a_path_is_literal_text_of_a_route() {
        assert_eq!(literal_path("/<upload_url>"), "/%3Cupload_url%3E");
        assert_eq!(literal_path("/a/:b/{c}"), "/a/%3Ab/{c}");
        assert_eq!(literal_path("/files list/{an id}"), "/files%20list/{an id}");
    }

    #[test]
    fn placeholders_are_found_once_in_order() {
        assert_eq!(placeholders("/a/{x}/{y}/{x}/{"), ["x", "y"]);
        assert_eq!(
            path_names("url".to_owned()),
            ("path_url".to_owned(), "path_url".to_owned())
        );
        assert_eq!(
            path_names("r#type".to_owned()),
            ("r#type".to_owned(), "type".to_owned())
        );
        assert_eq!(
            replace_placeholder("/a/{id}", "id", "id", Some("label"), Some(true)),
            "/a/{.id*}"
        );
        assert_eq!(
            replace_placeholder("/a/{id}", "id", "item", Some("matrix"), None),
            "/a/{;item}"
        );
    }

    #[test]
    fn parameters_are_fields_path_first_each_named_once() {
        let (plan, diagnostics) = planned(serde_json::json!({
            "/items/{id}/{missing}": {"get": {
                "operationId": "getItem",
                "parameters": [
                    {"name": "id", "in": "query", "schema": {"type": "string"}},
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                    {"name": " X-Trace ", "in": "header", "schema": {"type": "string"}},
                    {"name": "tags", "in": "query", "style": "pipeDelimited", "explode": false,
                     "schema": {"type": "array", "items": {"type": "string"}}}
                ],
                "responses": {"204": {"description": "done"}}
            }}
        }));
        let op = &plan.operations[0];
        let fields: Vec<_> = op
            .fields
            .iter()
            .map(|f| (f.name.as_str(), f.wire.as_str(), f.location))
            .collect();
        assert_eq!(
            fields,
            [
                ("path_id", "path_id", Location::Path),
                ("missing", "missing", Location::Path),
                ("id", "id", Location::Query),
                ("tags", "tags", Location::Query),
                ("x_trace", "X-Trace", Location::Header),
            ]
        );
        assert_eq!(op.template, "/items/{path_id}/{missing}");
        assert_eq!(op.fields[3].style, Some(Style::PipeDelimited));
        assert_eq!(op.fields[3].explode, None);
        let messages: Vec<_> = diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert!(
            messages.contains(&"the header parameter ` X-Trace ` has white space around its name"),
            "{messages:?}"
        );
    }

    #[test]
    fn a_style_is_typed_and_one_openapi_does_not_define_is_the_default() {
        let (plan, diagnostics) = planned(serde_json::json!({
            "/items": {"post": {
                "operationId": "postItems",
                "parameters": [
                    {"name": "a", "in": "query", "style": "deepObject", "explode": true,
                     "schema": {"type": "object"}},
                    {"name": "b", "in": "query", "style": "form", "explode": true,
                     "schema": {"type": "array", "items": {"type": "string"}}},
                    {"name": "c", "in": "query", "style": "commaDelimited", "explode": false,
                     "schema": {"type": "array", "items": {"type": "string"}}}
                ],
                "requestBody": {"content": {"application/x-www-form-urlencoded": {
                    "schema": {"type": "object", "properties": {
                        "d": {"type": "array", "items": {"type": "string"}},
                        "e": {"type": "array", "items": {"type": "string"}}}},
                    "encoding": {"d": {"style": "spaceDelimited"}, "e": {"style": "tabbed"}}}}},
                "responses": {"204": {"description": "done"}}
            }}
        }));
        let styles: Vec<_> = plan.operations[0]
            .fields
            .iter()
            .map(|f| (f.name.as_str(), f.style, f.explode))
            .collect();
        assert_eq!(
            styles,
            [
                ("a", Some(Style::DeepObject), None),
                ("b", None, None),
                ("c", None, Some(false)),
                ("d", Some(Style::SpaceDelimited), None),
                ("e", None, None),
            ]
        );
        let messages: Vec<_> = diagnostics
            .iter()
            .map(|d| (d.pointer.as_str(), d.message.as_str()))
            .collect();
        assert_eq!(
            messages,
            [
                (
                    "#/paths/~1items/post/parameters/2/style",
                    "the parameter `c` has the style `commaDelimited`, which OpenAPI does not define"
                ),
                (
                    "#/paths/~1items/post/requestBody",
                    "the encoding of the body's `e` has the style `tabbed`, which OpenAPI does not define"
                ),
            ]
        );
    }

    #[test]
    fn a_querystring_parameter_is_a_field_per_property() {
        let (plan, _) = planned(serde_json::json!({
            "/search": {"get": {
                "operationId": "search",
                "parameters": [{"name": "q", "in": "querystring", "content": {"application/x-www-form-urlencoded": {
                    "schema": {"type": "object", "required": ["term"], "properties": {
                        "term": {"type": "string"}, "limit": {"type": "integer"}
                    }}
                }}}],
                "responses": {"204": {"description": "done"}}
            }}
        }));
        let fields: Vec<_> = plan.operations[0]
            .fields
            .iter()
            .map(|f| (f.name.as_str(), f.location, f.optional))
            .collect();
        assert_eq!(
            fields,
            [
                ("term", Location::Query, false),
                ("limit", Location::Query, true)
            ]
        );
    }
}
