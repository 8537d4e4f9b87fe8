//! An OpenAPI 3.x document (Swagger 2.0 converted already) into the read
//! model: info, servers, tags, component schemas, security, and every
//! operation with its parameters, body and answers.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::status::Status;
use endpoint_runtime::sibling::is_token;
use serde_json::Value;

use crate::api::{
    Api, Encoding, InnerExample, MediaContent, Operation, ParamIn, Parameter, RequestBody,
    Response, SecurityScheme, Server, ServerVariable, TagInfo,
};
use crate::diag::Diagnostics;
use crate::schema::Schema;

use super::refs::{Documents, Located};
use crate::pointer::escape;

/// The methods of a path item, in the order operations are listed.
pub(super) const METHODS: [&str; 9] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace", "query",
];

/// What a diagnostic says was generated for a value that could not be read.
const ANY: &str = "any value (`serde_json::Value`)";

/// Reads the description of `docs` (OpenAPI 3.x) into an [`Api`].
pub(crate) fn read(
    docs: &mut Documents,
    spec_version: String,
    diagnostics: &mut Diagnostics,
) -> Api {
    let mut reader = Reader {
        docs,
        diagnostics,
        callbacks: Callbacks::default(),
    };
    reader.api(spec_version)
}

pub(super) struct Reader<'a> {
    pub(super) docs: &'a mut Documents,
    pub(super) diagnostics: &'a mut Diagnostics,
    /// The callbacks of the operations read so far.
    pub(super) callbacks: Callbacks,
}

/// The callbacks of the operations read so far.
#[derive(Default)]
pub(super) struct Callbacks {
    /// The events, in the order read (the callbacks of a callback's
    /// operation before it).
    pub(super) events: Vec<crate::api::Event>,
    /// How many callbacks' operations are being read, one in another.
    pub(super) depth: usize,
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn flag(value: &Value, key: &str) -> bool {
    value.get(key).and_then(Value::as_bool) == Some(true)
}

/// Where a Path Item is read, and how its diagnostics name it.
pub(super) struct ItemPlace<'a> {
    /// The document it is written in.
    pub(super) doc: usize,
    /// Its JSON pointer there.
    pub(super) pointer: &'a str,
    /// The path its operations are read with (a path's template).
    pub(super) path: &'a str,
    /// How the diagnostics of the Path Item name it.
    pub(super) label: &'a str,
    /// How the diagnostics of its shared parameters name it, if they do.
    pub(super) parameters_label: Option<&'a str>,
    /// What becomes of it when its `$ref` leads nowhere.
    pub(super) left_out: &'a str,
}

/// A Path Item read: where it is (its `$ref` followed), whether it
/// declares any operation, and the operations read.
pub(super) struct PathItem {
    /// The document it is written in.
    pub(super) doc: usize,
    /// Its JSON pointer there.
    pub(super) pointer: String,
    /// Whether it has a method's key or an additional operation.
    pub(super) declared: bool,
    /// Its operations, in the order written (methods first).
    pub(super) operations: Vec<Operation>,
}

pub(super) fn entries(value: Option<&Value>) -> impl Iterator<Item = (&String, &Value)> {
    value.and_then(Value::as_object).into_iter().flatten()
}

fn items(value: Option<&Value>) -> impl Iterator<Item = (usize, &Value)> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
}

impl Reader<'_> {
    pub(super) fn diag(
        &mut self,
        at: String,
        operation: Option<&str>,
        message: String,
        fallback: &str,
    ) {
        self.diagnostics.push(at, operation, message, fallback);
    }

    fn api(&mut self, spec_version: String) -> Api {
        let main = self.docs.main();
        let info = main.get("info").cloned().unwrap_or(Value::Null);
        let mut api = Api {
            title: text(&info, "title").unwrap_or_default(),
            version: text(&info, "version").unwrap_or_default(),
            description: text(&info, "description"),
            external_docs: main.get("externalDocs").and_then(|docs| text(docs, "url")),
            spec_version,
            ..Api::default()
        };
        api.servers = self.servers(0, "/servers", main.get("servers"));
        api.tags = items(main.get("tags"))
            .filter_map(|(_, tag)| {
                Some(TagInfo {
                    name: text(tag, "name")?,
                    description: text(tag, "description"),
                })
            })
            .collect();
        let components = main.get("components").unwrap_or(&Value::Null);
        let schemas: Vec<(&String, &Value)> = entries(components.get("schemas")).collect();
        for (name, _) in &schemas {
            self.docs.reserve(name);
        }
        let adopted: Vec<Option<(usize, String)>> = schemas
            .iter()
            .map(|(name, value)| self.docs.adopt(name, value))
            .collect();
        for ((name, value), adopted) in schemas.into_iter().zip(adopted) {
            let (doc, pointer, value) = match adopted {
                Some((doc, pointer)) => {
                    let value = self.docs.get(doc, &pointer).cloned().unwrap_or_default();
                    (doc, pointer, Cow::Owned(value))
                }
                None => (
                    0,
                    format!("/components/schemas/{}", escape(name)),
                    Cow::Borrowed(value),
                ),
            };
            let schema = self
                .docs
                .schema(doc, &pointer, &value, None, self.diagnostics);
            let examples = schema_examples(&value)
                .map(|(at, example)| (self.docs.at(doc, &format!("{pointer}{at}")), example))
                .collect::<Vec<_>>();
            if !examples.is_empty() {
                api.schema_examples.insert(name.clone(), examples);
            }
            let inner = self.inner_examples(doc, &pointer, &value);
            if !inner.is_empty() {
                api.inner_examples.insert(name.clone(), inner);
            }
            let extensions: BTreeMap<String, Value> = entries(Some(&value))
                .filter(|(key, _)| key.starts_with("x-"))
                .map(|(key, extension)| (key.clone(), extension.clone()))
                .collect();
            if !extensions.is_empty() {
                api.schema_extensions.insert(name.clone(), extensions);
            }
            api.schemas.insert(name.clone(), schema);
            api.schema_pointers
                .insert(name.clone(), self.docs.at(doc, &pointer));
        }
        for (name, value) in entries(components.get("securitySchemes")) {
            let pointer = format!("/components/securitySchemes/{}", escape(name));
            if let Some(scheme) = self.security_scheme(&pointer, value) {
                api.security_schemes.insert(name.clone(), scheme);
            }
        }
        api.security = self
            .security(0, "/security", main.get("security"), None)
            .unwrap_or_default();
        for key in ["paths", "components", "webhooks"] {
            if main.get(key).is_some_and(|value| !value.is_object()) {
                let at = self.docs.at(0, &format!("/{key}"));
                self.diag(at, None, format!("`{key}` is not an object"), "ignored");
            }
        }
        // `x-…` keys of `paths` and `responses` are extensions.
        for (path, item) in entries(main.get("paths")).filter(|(key, _)| !key.starts_with("x-")) {
            let pointer = format!("/paths/{}", escape(path));
            self.path_item(path, &pointer, item, &mut api.operations);
        }
        api.events = self.webhooks(&main);
        api.events.append(&mut self.callbacks.events);
        self.docs
            .finish_hoisted(&mut api.schemas, &mut api.schema_pointers, self.diagnostics);
        api
    }

    /// Follows `value`'s references; a broken one is a diagnostic.
    pub(super) fn deref<'v>(
        &mut self,
        doc: usize,
        pointer: &str,
        value: &'v Value,
        operation: Option<&str>,
        fallback: &str,
    ) -> Option<Located<'v>> {
        match self.docs.deref(doc, pointer, value) {
            Ok(located) if located.value.is_object() => Some(located),
            Ok(located) => {
                let at = self.docs.at(located.doc, &located.pointer);
                self.diag(at, operation, "not an object".to_owned(), fallback);
                None
            }
            Err(err) => {
                let at = self.docs.at(doc, pointer);
                self.diag(at, operation, err, fallback);
                None
            }
        }
    }

    fn servers(&mut self, doc: usize, pointer: &str, value: Option<&Value>) -> Vec<Server> {
        let mut servers = Vec::new();
        for (i, server) in items(value) {
            let Some(url) = text(server, "url") else {
                let at = self.docs.at(doc, &format!("{pointer}/{i}"));
                self.diag(at, None, "a server without a `url`".into(), "left out");
                continue;
            };
            let variables = entries(server.get("variables"))
                .map(|(name, variable)| ServerVariable {
                    name: name.clone(),
                    default: match variable.get("default") {
                        Some(Value::String(text)) => text.clone(),
                        Some(Value::Null) | None => String::new(),
                        Some(other) => other.to_string(),
                    },
                    values: items(variable.get("enum"))
                        .map(|(_, value)| match value {
                            Value::String(text) => text.clone(),
                            other => other.to_string(),
                        })
                        .collect(),
                    description: text(variable, "description"),
                })
                .collect();
            servers.push(Server {
                url,
                description: text(server, "description"),
                variables,
            });
        }
        servers
    }

    fn security_scheme(&mut self, pointer: &str, value: &Value) -> Option<SecurityScheme> {
        let located = self.deref(0, pointer, value, None, "left out")?;
        let scheme = &located.value;
        let at = self.docs.at(located.doc, &located.pointer);
        let kind = text(scheme, "type").unwrap_or_default();
        let result = match kind.as_str() {
            "apiKey" => {
                let location = match scheme.get("in").and_then(Value::as_str) {
                    Some("header") => Some(ParamIn::Header),
                    Some("query") => Some(ParamIn::Query),
                    Some("cookie") => Some(ParamIn::Cookie),
                    _ => None,
                };
                match (text(scheme, "name"), location) {
                    (Some(name), Some(location)) => Ok(SecurityScheme::ApiKey { name, location }),
                    _ => Err("an `apiKey` scheme needs a `name` and an `in` of `header`, `query` or `cookie`".to_owned()),
                }
            }
            "http" => match text(scheme, "scheme") {
                Some(name) => Ok(SecurityScheme::Http {
                    scheme: name.to_ascii_lowercase(),
                    bearer_format: text(scheme, "bearerFormat"),
                }),
                None => Err("an `http` scheme without `scheme`".to_owned()),
            },
            "oauth2" => Ok(SecurityScheme::OAuth2 {
                flows: scheme.get("flows").cloned().unwrap_or(Value::Null),
            }),
            "openIdConnect" => match text(scheme, "openIdConnectUrl") {
                Some(url) => Ok(SecurityScheme::OpenIdConnect { url }),
                None => Err("an `openIdConnect` scheme without `openIdConnectUrl`".to_owned()),
            },
            "mutualTLS" => Ok(SecurityScheme::MutualTls),
            other => Err(format!("unknown security scheme type `{other}`")),
        };
        match result {
            Ok(scheme) => Some(scheme),
            Err(err) => {
                self.diag(at, None, err, "left out");
                None
            }
        }
    }

    /// Security requirements: `None` when `value` is absent.
    fn security(
        &mut self,
        doc: usize,
        pointer: &str,
        value: Option<&Value>,
        operation: Option<&str>,
    ) -> Option<Vec<Vec<String>>> {
        let value = value?;
        let Some(list) = value.as_array() else {
            let at = self.docs.at(doc, pointer);
            self.diag(at, operation, "`security` is not a list".into(), "ignored");
            return None;
        };
        Some(
            list.iter()
                .filter_map(Value::as_object)
                .map(|requirement| requirement.keys().cloned().collect())
                .collect(),
        )
    }

    /// The operations of the Path Item of `path` at `pointer` (under
    /// `paths`), added to `out`.
    fn path_item(&mut self, path: &str, pointer: &str, item: &Value, out: &mut Vec<Operation>) {
        let place = ItemPlace {
            doc: 0,
            pointer,
            path,
            label: path,
            parameters_label: None,
            left_out: "its operations left out",
        };
        if let Some(read) = self.read_path_item(&place, item) {
            out.extend(read.operations);
        }
    }

    /// Reads the Path Item `item` at `place` (a path's, a webhook's, a
    /// callback's): its `$ref` followed, its shared `parameters` and
    /// `servers`, then each operation of a method (`get`, …) and of
    /// `additionalOperations` (OpenAPI 3.2; a name that is a method of the
    /// Path Item itself, or no HTTP method name, a diagnostic), each read
    /// as [`Reader::operation`] with what the Path Item shares. `None`
    /// when its `$ref` leads to no object (a diagnostic).
    pub(super) fn read_path_item(
        &mut self,
        place: &ItemPlace<'_>,
        item: &Value,
    ) -> Option<PathItem> {
        let path = place.path;
        let located = self.deref(
            place.doc,
            place.pointer,
            item,
            Some(place.label),
            place.left_out,
        )?;
        let (doc, base, item) = (located.doc, located.pointer, located.value);
        let shared = self.parameter_list(
            doc,
            &format!("{base}/parameters"),
            item.get("parameters"),
            place.parameters_label,
        );
        let servers = self.servers(doc, &format!("{base}/servers"), item.get("servers"));
        let mut operations = Vec::new();
        let mut declared = false;
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                declared = true;
                let op_pointer = format!("{base}/{method}");
                let op =
                    self.operation(path, method, doc, &op_pointer, operation, &shared, &servers);
                operations.extend(op);
            }
        }
        for (method, operation) in entries(item.get("additionalOperations")) {
            declared = true;
            let op_pointer = format!("{base}/additionalOperations/{}", escape(method));
            let lower = method.to_ascii_lowercase();
            if METHODS.contains(&lower.as_str()) || !is_token(method) {
                let at = self.docs.at(doc, &op_pointer);
                let why = if METHODS.contains(&lower.as_str()) {
                    format!("`{method}` is a method of the path item itself, not an additional one")
                } else {
                    format!("`{method}` is not an HTTP method name")
                };
                self.diag(at, Some(&format!("{method} {path}")), why, "left out");
                continue;
            }
            let op = self.operation(path, method, doc, &op_pointer, operation, &shared, &servers);
            operations.extend(op);
        }
        Some(PathItem {
            doc,
            pointer: base,
            declared,
            operations,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn operation(
        &mut self,
        path: &str,
        method: &str,
        doc: usize,
        pointer: &str,
        value: &Value,
        shared: &[Parameter],
        servers: &[Server],
    ) -> Option<Operation> {
        let method = method.to_ascii_uppercase();
        // An operation written as a `$ref` to another file (OpenAPI has no
        // such reference here, but split descriptions such as DigitalOcean's
        // use it, and bundlers resolve it): read where it leads.
        let located;
        let (doc, pointer, value) = if value.get("$ref").is_some() {
            let label = format!("{method} {path}");
            located = self.deref(doc, pointer, value, Some(&label), "left out")?;
            (
                located.doc,
                located.pointer.as_str(),
                located.value.as_ref(),
            )
        } else {
            (doc, pointer, value)
        };
        let at = self.docs.at(doc, pointer);
        if !value.is_object() {
            let label = format!("{method} {path}");
            self.diag(
                at,
                Some(&label),
                "the operation is not an object".into(),
                "left out",
            );
            return None;
        }
        let mut operation = Operation {
            pointer: at,
            operation_id: text(value, "operationId"),
            method,
            path: path.to_owned(),
            summary: text(value, "summary"),
            description: text(value, "description"),
            tags: items(value.get("tags"))
                .filter_map(|(_, tag)| tag.as_str().map(str::to_owned))
                .collect(),
            deprecated: flag(value, "deprecated"),
            extensions: extensions(value),
            external_docs: value.get("externalDocs").and_then(|docs| text(docs, "url")),
            ..Operation::default()
        };
        let label = operation.label();
        let own = self.parameter_list(
            doc,
            &format!("{pointer}/parameters"),
            value.get("parameters"),
            Some(&label),
        );
        let mut parameters = shared.to_vec();
        for parameter in own {
            match parameters
                .iter_mut()
                .find(|p| p.name == parameter.name && p.location == parameter.location)
            {
                Some(existing) => *existing = parameter,
                None => parameters.push(parameter),
            }
        }
        operation.parameters = self.match_template(path, &operation.pointer, parameters, &label);
        if let Some(body) = value.get("requestBody") {
            operation.body = self.body(doc, &format!("{pointer}/requestBody"), body, &label);
        }
        for (status, response) in
            entries(value.get("responses")).filter(|(key, _)| !key.starts_with("x-"))
        {
            let response_pointer = format!("{pointer}/responses/{}", escape(status));
            if let Err(not) = status.parse::<Status>() {
                let at = self.docs.at(doc, &response_pointer);
                self.diag(at, Some(&label), not.to_string(), "the answer left out");
                continue;
            }
            if let Some(response) = self.response(doc, &response_pointer, status, response, &label)
            {
                operation.responses.push(response);
            }
        }
        operation.servers = self.servers(doc, &format!("{pointer}/servers"), value.get("servers"));
        if operation.servers.is_empty() {
            operation.servers = servers.to_vec();
        }
        operation.security = self.security(
            doc,
            &format!("{pointer}/security"),
            value.get("security"),
            Some(&label),
        );
        self.callbacks(doc, pointer, value, &label);
        Some(operation)
    }

    /// The path parameters as the path's template has them
    /// ([`match_template`]), each change a diagnostic.
    fn match_template(
        &mut self,
        path: &str,
        at: &str,
        parameters: Vec<Parameter>,
        label: &str,
    ) -> Vec<Parameter> {
        let (parameters, mismatches) = match_template(path, at, parameters);
        for mismatch in mismatches {
            let (pointer, message, fallback) = mismatch.diagnostic(path);
            self.diag(pointer, Some(label), message, fallback);
        }
        parameters
    }

    pub(super) fn parameter_list(
        &mut self,
        doc: usize,
        pointer: &str,
        value: Option<&Value>,
        operation: Option<&str>,
    ) -> Vec<Parameter> {
        let mut out: Vec<Parameter> = Vec::new();
        if let Some(value) = value
            && !value.is_array()
        {
            let at = self.docs.at(doc, pointer);
            self.diag(
                at,
                operation,
                "`parameters` is not a list".into(),
                "no parameters",
            );
        }
        for (i, parameter) in items(value) {
            let Some(parameter) =
                self.parameter(doc, &format!("{pointer}/{i}"), parameter, operation)
            else {
                continue;
            };
            match out
                .iter_mut()
                .find(|p| p.name == parameter.name && p.location == parameter.location)
            {
                Some(existing) => {
                    self.diagnostics.push(
                        parameter.pointer.clone(),
                        operation,
                        format!(
                            "parameter `{}` ({}) is given twice",
                            parameter.name,
                            parameter.location.as_str()
                        ),
                        "the last one",
                    );
                    *existing = parameter;
                }
                None => out.push(parameter),
            }
        }
        out
    }

    fn parameter(
        &mut self,
        doc: usize,
        pointer: &str,
        value: &Value,
        operation: Option<&str>,
    ) -> Option<Parameter> {
        let located = self.deref(doc, pointer, value, operation, "the parameter left out")?;
        let (doc, pointer, value) = (located.doc, located.pointer, located.value);
        let at = self.docs.at(doc, &pointer);
        let Some(name) = text(&value, "name") else {
            self.diag(
                at,
                operation,
                "a parameter without a `name`".into(),
                "left out",
            );
            return None;
        };
        let location = match value.get("in").and_then(Value::as_str) {
            Some("path") => ParamIn::Path,
            Some("query") => ParamIn::Query,
            Some("querystring") => ParamIn::QueryString,
            Some("header") => ParamIn::Header,
            Some("cookie") => ParamIn::Cookie,
            other => {
                let message = match other {
                    Some(other) => format!("parameter `{name}`: unknown location `in: {other}`"),
                    None => format!("parameter `{name}` has no `in`"),
                };
                self.diag(at, operation, message, "left out");
                return None;
            }
        };
        if location == ParamIn::Header
            && ["accept", "content-type", "authorization"]
                .contains(&name.to_ascii_lowercase().as_str())
        {
            self.diag(
                at,
                operation,
                format!(
                    "header parameter `{name}` is ignored, as OpenAPI says (the client sets it)"
                ),
                "left out",
            );
            return None;
        }
        if location == ParamIn::Path && value.get("required") == Some(&Value::Bool(false)) {
            self.diag(
                at.clone(),
                operation,
                format!(
                    "path parameter `{name}` is marked optional (`required: false`), which OpenAPI \
                     does not allow: a path needs its every segment"
                ),
                "required",
            );
        }
        let mut parameter = Parameter {
            pointer: at.clone(),
            required: location == ParamIn::Path || flag(&value, "required"),
            deprecated: flag(&value, "deprecated"),
            description: text(&value, "description"),
            style: text(&value, "style"),
            explode: value.get("explode").and_then(Value::as_bool),
            allow_reserved: flag(&value, "allowReserved"),
            allow_empty_value: flag(&value, "allowEmptyValue"),
            extensions: extensions(&value),
            name,
            location,
            ..Parameter::default()
        };
        if let Some(schema) = value.get("schema") {
            parameter.schema = self.docs.schema(
                doc,
                &format!("{pointer}/schema"),
                schema,
                operation,
                self.diagnostics,
            );
        } else if let Some(content) = value.get("content").and_then(Value::as_object) {
            let mut media = content.iter();
            match media.next() {
                Some((media_type, media_value)) => {
                    if media.next().is_some() {
                        self.diag(
                            at.clone(),
                            operation,
                            format!(
                                "parameter `{}`: `content` has more than one media type",
                                parameter.name
                            ),
                            &format!("the first, `{media_type}`"),
                        );
                    }
                    parameter.content_type = Some(media_type.clone());
                    if let Some(schema) = media_value.get("schema") {
                        let schema_pointer =
                            format!("{pointer}/content/{}/schema", escape(media_type));
                        parameter.schema = self.docs.schema(
                            doc,
                            &schema_pointer,
                            schema,
                            operation,
                            self.diagnostics,
                        );
                    }
                }
                None => self.diag(
                    at.clone(),
                    operation,
                    format!("parameter `{}`: `content` is empty", parameter.name),
                    ANY,
                ),
            }
        } else if value.get("type").is_some() {
            // Swagger 2.0's, in a file the description refers to.
            let schema = super::swagger::parameter_schema(&value);
            parameter.schema =
                self.docs
                    .schema(doc, &pointer, &schema, operation, self.diagnostics);
        } else {
            self.diag(
                at,
                operation,
                format!(
                    "parameter `{}` has neither `schema` nor `content`",
                    parameter.name
                ),
                ANY,
            );
        }
        Some(parameter)
    }

    fn body(
        &mut self,
        doc: usize,
        pointer: &str,
        value: &Value,
        operation: &str,
    ) -> Option<RequestBody> {
        let located = self.deref(doc, pointer, value, Some(operation), "no body")?;
        let (doc, pointer, value) = (located.doc, located.pointer, located.value);
        Some(RequestBody {
            pointer: self.docs.at(doc, &pointer),
            required: flag(&value, "required"),
            description: text(&value, "description"),
            contents: self.contents(
                doc,
                &format!("{pointer}/content"),
                value.get("content"),
                operation,
            ),
        })
    }

    fn response(
        &mut self,
        doc: usize,
        pointer: &str,
        status: &str,
        value: &Value,
        operation: &str,
    ) -> Option<Response> {
        let located = self.deref(doc, pointer, value, Some(operation), "the answer left out")?;
        let (doc, pointer, value) = (located.doc, located.pointer, located.value);
        let mut headers = Vec::new();
        for (name, header) in entries(value.get("headers")) {
            let header_pointer = format!("{pointer}/headers/{}", escape(name));
            let Some(header) =
                self.deref(doc, &header_pointer, header, Some(operation), "left out")
            else {
                continue;
            };
            let schema = if let Some(schema) = header.value.get("schema") {
                let at = format!("{}/schema", header.pointer);
                self.docs
                    .schema(header.doc, &at, schema, Some(operation), self.diagnostics)
            } else if let Some((media_type, media)) = header
                .value
                .get("content")
                .and_then(Value::as_object)
                .and_then(|content| content.iter().next())
            {
                let at = format!("{}/content/{}/schema", header.pointer, escape(media_type));
                match media.get("schema") {
                    Some(schema) => {
                        self.docs
                            .schema(header.doc, &at, schema, Some(operation), self.diagnostics)
                    }
                    None => Schema::default(),
                }
            } else {
                Schema::default()
            };
            headers.push((name.clone(), schema));
        }
        Some(Response {
            pointer: self.docs.at(doc, &pointer),
            status: status.to_owned(),
            description: text(&value, "description"),
            contents: self.contents(
                doc,
                &format!("{pointer}/content"),
                value.get("content"),
                operation,
            ),
            headers,
        })
    }

    /// The examples of the media type `media`: its `example`, then the
    /// `value` of each of its `examples`, references followed (a broken one
    /// is a diagnostic); one with an `externalValue` only, or that is no
    /// Example Object, is not read.
    fn examples(&mut self, media: &Located<'_>, operation: &str) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        if let Some(example) = media.value.get("example") {
            let at = self
                .docs
                .at(media.doc, &format!("{}/example", media.pointer));
            out.push((at, example.clone()));
        }
        for (name, example) in entries(media.value.get("examples")) {
            let pointer = format!("{}/examples/{}", media.pointer, escape(name));
            // An entry that is no Example Object is not read: what it
            // shows is not known.
            let example = match self.docs.deref(media.doc, &pointer, example) {
                Ok(example) => example,
                Err(err) => {
                    let at = self.docs.at(media.doc, &pointer);
                    self.diag(at, Some(operation), err, "the example left out");
                    continue;
                }
            };
            if let Some(value) = example.value.get("value") {
                let at = self
                    .docs
                    .at(example.doc, &format!("{}/value", example.pointer));
                out.push((at, value.clone()));
            }
        }
        out
    }

    fn contents(
        &mut self,
        doc: usize,
        pointer: &str,
        value: Option<&Value>,
        operation: &str,
    ) -> Vec<MediaContent> {
        let mut out = Vec::new();
        for (media_type, media) in entries(value) {
            let media_pointer = format!("{pointer}/{}", escape(media_type));
            let Some(media) = self.deref(doc, &media_pointer, media, Some(operation), "left out")
            else {
                continue;
            };
            let schema_of = |key: &str, reader: &mut Self| {
                media.value.get(key).map(|schema| {
                    let at = format!("{}/{key}", media.pointer);
                    reader
                        .docs
                        .schema(media.doc, &at, schema, Some(operation), reader.diagnostics)
                })
            };
            let schema = schema_of("schema", self);
            let item_schema = schema_of("itemSchema", self);
            let examples = self.examples(&media, operation);
            let inner_examples = match media.value.get("schema") {
                Some(schema) => {
                    self.inner_examples(media.doc, &format!("{}/schema", media.pointer), schema)
                }
                None => Vec::new(),
            };
            let media_type = match lenient_media_type(media_type) {
                Some((read, dropped)) if dropped.is_empty() => read,
                Some((read, dropped)) => {
                    let at = self.docs.at(doc, &media_pointer);
                    self.diag(
                        at,
                        Some(operation),
                        format!(
                            "the media type `{media_type}` has {} that is not `name=value`: {}",
                            if dropped.len() == 1 {
                                "a parameter"
                            } else {
                                "parameters"
                            },
                            dropped
                                .iter()
                                .map(|parameter| format!("`{parameter}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        &format!("read as `{read}`"),
                    );
                    read
                }
                None => media_type.clone(),
            };
            out.push(MediaContent {
                media_type,
                schema,
                item_schema,
                encoding: encodings(media.value.get("encoding")),
                examples,
                inner_examples,
            });
        }
        out
    }

    /// The examples written inside the schema `schema` (at `pointer` of
    /// document `doc`), of its parts, each with its pointer.
    fn inner_examples(&self, doc: usize, pointer: &str, schema: &Value) -> Vec<InnerExample> {
        let mut found = Vec::new();
        inner_examples(schema, &mut Vec::new(), &mut found);
        found
            .into_iter()
            .map(|(path, at, value)| {
                let relative: String = path.iter().map(|key| format!("/{}", escape(key))).collect();
                InnerExample {
                    pointer: self.docs.at(doc, &format!("{pointer}{relative}{at}")),
                    path,
                    value,
                }
            })
            .collect()
    }
}

/// How deeply [`inner_examples`] looks into a schema.
const INNER_DEPTH: usize = 32;

/// How many examples [`inner_examples`] reads of one schema.
const INNER_EXAMPLES: usize = 1_000;

/// The examples of the parts of `schema` (which is at `path` below the
/// schema read), each with its path, the place of the example below the
/// part (`/example`, `/examples/0`) and the example.
fn inner_examples(
    schema: &Value,
    path: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, String, Value)>,
) {
    if path.len() > INNER_DEPTH || out.len() >= INNER_EXAMPLES || schema.get("$ref").is_some() {
        return;
    }
    let mut below = |key: &[&str], part: &Value, out: &mut Vec<(Vec<String>, String, Value)>| {
        let depth = path.len();
        path.extend(key.iter().map(|k| (*k).to_owned()));
        if part.is_object() && part.get("$ref").is_none() {
            out.extend(schema_examples(part).map(|(at, example)| (path.clone(), at, example)));
        }
        inner_examples(part, path, out);
        path.truncate(depth);
    };
    for (name, property) in entries(schema.get("properties")) {
        below(&["properties", name], property, out);
    }
    if let Some(items) = schema.get("items").filter(|items| items.is_object()) {
        below(&["items"], items, out);
    }
    if let Some(values) = schema
        .get("additionalProperties")
        .filter(|values| values.is_object())
    {
        below(&["additionalProperties"], values, out);
    }
    for (i, part) in items(schema.get("allOf")) {
        below(&["allOf", &i.to_string()], part, out);
    }
}

/// A schema's own examples: `example`, and each of `examples` when it is
/// a list (OpenAPI 3.1), each with its pointer below the schema's.
fn schema_examples(schema: &Value) -> impl Iterator<Item = (String, Value)> + '_ {
    schema
        .get("example")
        .map(|example| ("/example".to_owned(), example.clone()))
        .into_iter()
        .chain(
            items(schema.get("examples"))
                .map(|(i, example)| (format!("/examples/{i}"), example.clone())),
        )
}

/// A media type whose essence is `type/subtype` (RFC 9110 tokens) but
/// some of whose parameters are not `name=value` (a token, then a token or
/// a quoted string), as descriptions write `text/plain; utf-8`: the media
/// type read leniently, its essence and good parameters kept, with the
/// malformed parameters dropped (empty ones, `text/plain;`, dropped
/// without a word). `None` when there is nothing to drop, or when the
/// essence itself is no media type (left as written).
pub(crate) fn lenient_media_type(media_type: &str) -> Option<(String, Vec<String>)> {
    let mut pieces = media_type.split(';');
    let essence = pieces.next().unwrap_or_default().trim();
    let (kind, subtype) = essence.split_once('/')?;
    if !is_token(kind) || !is_token(subtype) {
        return None;
    }
    let mut kept = vec![essence.to_owned()];
    let mut dropped = Vec::new();
    let mut changed = false;
    for parameter in pieces {
        let parameter = parameter.trim();
        let good = parameter.split_once('=').is_some_and(|(name, value)| {
            let quoted = value.len() >= 2
                && value.starts_with('"')
                && value.ends_with('"')
                && !value[1..value.len() - 1].contains(['"', '\r', '\n', '\0']);
            is_token(name) && (is_token(value) || quoted)
        });
        if good {
            kept.push(parameter.to_owned());
        } else {
            changed = true;
            if !parameter.is_empty() {
                dropped.push(parameter.to_owned());
            }
        }
    }
    changed.then(|| (kept.join("; "), dropped))
}

fn encodings(value: Option<&Value>) -> Vec<(String, Encoding)> {
    entries(value)
        .map(|(name, encoding)| {
            (
                name.clone(),
                Encoding {
                    content_type: text(encoding, "contentType"),
                    style: text(encoding, "style"),
                    explode: encoding.get("explode").and_then(Value::as_bool),
                    allow_reserved: flag(encoding, "allowReserved"),
                },
            )
        })
        .collect()
}

/// The variables of a path template (`/pets/{id}` → `id`), each once, in
/// order: the one scanner of placeholders of the reader, the planner and
/// the check of a struct ([`check`](crate::check)).
pub(crate) fn template_variables(path: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
        rest = &after[close + 1..];
    }
    out
}

/// Where an operation's path parameters and its path's template disagree
/// ([`match_template`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TemplateMismatch {
    /// A path parameter that is no variable of the path, left out: its
    /// pointer and name.
    NotInPath { pointer: String, name: String },
    /// A variable of the path without a path parameter, given a required
    /// string one: where the operation is, and the variable.
    NoParameter { at: String, variable: String },
}

impl TemplateMismatch {
    /// The diagnostic that says it: where, what, and what was done
    /// instead, for an operation on `path`.
    pub(crate) fn diagnostic(self, path: &str) -> (String, String, &'static str) {
        match self {
            TemplateMismatch::NotInPath { pointer, name } => (
                pointer,
                format!("path parameter `{name}` is not in the path `{path}`"),
                "left out",
            ),
            TemplateMismatch::NoParameter { at, variable } => (
                at,
                format!("the path's `{{{variable}}}` has no path parameter"),
                "a required string path parameter",
            ),
        }
    }
}

/// The path parameters of an operation on `path` (at `at`) as the path's
/// template has them: a parameter without a variable is left out, a
/// variable without a parameter gets a required string one; and what was
/// changed, in that order. The one fallback of the reader and the
/// planner (which plans operations an [`Api`](crate::api::Api) built by
/// hand may hold).
pub(crate) fn match_template(
    path: &str,
    at: &str,
    mut parameters: Vec<Parameter>,
) -> (Vec<Parameter>, Vec<TemplateMismatch>) {
    let variables = template_variables(path);
    let mut mismatches = Vec::new();
    parameters.retain(|parameter| {
        let keep =
            parameter.location != ParamIn::Path || variables.contains(&parameter.name.as_str());
        if !keep {
            mismatches.push(TemplateMismatch::NotInPath {
                pointer: parameter.pointer.clone(),
                name: parameter.name.clone(),
            });
        }
        keep
    });
    for variable in variables {
        if !parameters
            .iter()
            .any(|p| p.location == ParamIn::Path && p.name == variable)
        {
            mismatches.push(TemplateMismatch::NoParameter {
                at: at.to_owned(),
                variable: variable.to_owned(),
            });
            parameters.push(Parameter {
                pointer: at.to_owned(),
                name: variable.to_owned(),
                location: ParamIn::Path,
                required: true,
                schema: Schema::read(&serde_json::json!({"type": "string"}), at)
                    .unwrap_or_default(),
                ..Parameter::default()
            });
        }
    }
    (parameters, mismatches)
}

/// The `x-…` keys of an object, as written.
fn extensions(value: &Value) -> BTreeMap<String, Value> {
    value
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(key, _)| key.starts_with("x-"))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect()
}
