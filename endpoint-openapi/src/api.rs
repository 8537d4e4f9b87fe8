//! The read model of a description: every operation with its parameters,
//! body, answers and servers, and the component schemas, as plain data in
//! OpenAPI 3.x terms whatever the description's version (Swagger 2.0 is
//! converted on reading, OpenAPI 3.2's `QUERY` and `additionalOperations`
//! are operations like any other).
//!
//! Every `$ref` other than a reference to a schema is resolved on reading
//! (parameters, bodies, answers, headers, path items, pointers into
//! `#/paths`, local files); a schema reference stays a [`Kind::Ref`] to a
//! component of [`Api::schemas`], so that a component becomes one named type.
//! A schema reached by a pointer that is not a component (`#/paths/…/schema`,
//! `$defs`, another file) is given a component name of its own there.
//!
//! Nothing is decided here beyond what the description says: names, types
//! and modules are the plan's.
//!
//! [`Kind::Ref`]: crate::schema::Kind::Ref

use std::collections::BTreeMap;

use serde_json::Value;

use crate::schema::Schema;

/// A description, read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Api {
    /// `info.title`.
    pub title: String,
    /// `info.version`.
    pub version: String,
    /// `info.description`.
    pub description: Option<String>,
    /// The URL of the description's own `externalDocs` (the API's
    /// documentation), which the links of its texts to paths of a site
    /// are relative to.
    pub external_docs: Option<String>,
    /// The version of the specification it was written in, as written
    /// (`"3.1.0"`, `"2.0"`).
    pub spec_version: String,
    /// The API's servers (`servers`; Swagger 2.0's `schemes` × `host` +
    /// `basePath`), in order; empty when none is given.
    pub servers: Vec<Server>,
    /// The tags declared at the top (`tags`), in order.
    pub tags: Vec<TagInfo>,
    /// Every operation, in the order of `paths` and, in a path item, of
    /// `get`, `put`, `post`, `delete`, `options`, `head`, `patch`, `trace`,
    /// `query`, then `additionalOperations`; webhooks and callbacks are
    /// not operations (they are [`events`](Self::events)).
    pub operations: Vec<Operation>,
    /// The requests the API sends rather than receives: the webhooks
    /// (`webhooks`, `x-webhooks`), in the description's order, then the
    /// callbacks of the operations (`callbacks`), in the operations' order.
    /// Generating adds after them the events of the component schemas the
    /// conventions' `[events] schema-extension` marks (Stripe's
    /// `x-stripeEvent`, [`Events`](crate::conventions::EventConventions)).
    pub events: Vec<Event>,
    /// Component schemas by name (`components.schemas`, Swagger 2.0's
    /// `definitions`, and the schemas given a name on reading).
    pub schemas: BTreeMap<String, Schema>,
    /// Where each component schema is in the description (its JSON
    /// pointer), for diagnostics.
    pub schema_pointers: BTreeMap<String, String>,
    /// The extensions (`x-…` keys) of component schemas, by component
    /// name (only those that have some), for conventions that read them
    /// (the `[events]` table's `schema-extension`).
    pub schema_extensions: BTreeMap<String, BTreeMap<String, Value>>,
    /// The examples of component schemas (`example`; OpenAPI 3.1's
    /// `examples`, a list), by component name, each with its JSON pointer.
    pub schema_examples: BTreeMap<String, Vec<(String, Value)>>,
    /// The examples written inside component schemas, of one of their
    /// parts (a property's `example`, `items.example`, …), by component
    /// name.
    pub inner_examples: BTreeMap<String, Vec<InnerExample>>,
    /// Security schemes by name (`components.securitySchemes`).
    pub security_schemes: BTreeMap<String, SecurityScheme>,
    /// The security requirements that apply where an operation says none
    /// (top-level `security`): alternatives, each a list of scheme names.
    pub security: Vec<Vec<String>>,
}

/// A request the API sends to a receiver of the caller's: a webhook, or a
/// callback of an operation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Event {
    /// The webhook's name (the key of `webhooks`), or the callback's (the
    /// key of the operation's `callbacks`).
    pub name: String,
    /// Where the description declares it.
    pub source: EventSource,
    /// The request as an operation of the path item: its `method`,
    /// `summary`, `description`, `deprecated`, the parameters it declares
    /// (its headers are those `in: header`), its `body` (each media type
    /// with its schema and examples) and the answers it expects. Its `path`
    /// is the callback's runtime expression
    /// (`{$request.body#/callbackUrl}`), or empty for a webhook (the
    /// receiver chooses its URL).
    pub operation: Operation,
}

/// Where an [`Event`] is declared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EventSource {
    /// The top-level `webhooks` (OpenAPI 3.1, 3.2) or `x-webhooks` (the
    /// same, in an OpenAPI 3.0 description).
    #[default]
    Webhook,
    /// `callbacks` of an operation.
    Callback {
        /// The operation's label ([`Operation::label`]: its `operationId`,
        /// or `METHOD /path`).
        operation: String,
        /// The runtime expression of the URL the request goes to, as
        /// written (`{$request.body#/callbackUrl}`).
        expression: String,
    },
}

impl Event {
    /// How a diagnostic names the event: ``webhook `petAdded` (POST)``, or
    /// ``callback `onEvent` of `subscribe` (POST)``.
    pub fn label(&self) -> String {
        let method = &self.operation.method;
        match &self.source {
            EventSource::Webhook => format!("webhook `{}` ({method})", self.name),
            EventSource::Callback { operation, .. } => {
                format!("callback `{}` of `{operation}` ({method})", self.name)
            }
        }
    }
}

/// A server.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Server {
    /// The URL, variables as written (`https://{region}.example.com/v1`).
    pub url: String,
    /// `description`.
    pub description: Option<String>,
    /// Its variables, in the description's order.
    pub variables: Vec<ServerVariable>,
}

impl Server {
    /// The URL with each variable at its default
    /// (`https://{region}.example.com/v1` → `https://us.example.com/v1`),
    /// without surrounding white space or a trailing `/`.
    pub fn default_url(&self) -> String {
        let mut url = self.url.trim().to_owned();
        for variable in &self.variables {
            url = url.replace(&format!("{{{}}}", variable.name), &variable.default);
        }
        url.trim_end_matches('/').to_owned()
    }
}

/// A server variable.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ServerVariable {
    /// Its name, as in the URL's `{name}`.
    pub name: String,
    /// `default`.
    pub default: String,
    /// `enum`, empty when any value is allowed.
    pub values: Vec<String>,
    /// `description`.
    pub description: Option<String>,
}

/// A tag declared at the top of the description.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TagInfo {
    /// `name`.
    pub name: String,
    /// `description`.
    pub description: Option<String>,
}

/// One operation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Operation {
    /// Its JSON pointer (`#/paths/~1pets~1{id}/get`).
    pub pointer: String,
    /// `operationId`, if any.
    pub operation_id: Option<String>,
    /// The method, upper case (`GET`, `QUERY`, or an
    /// `additionalOperations` method as written, upper-cased).
    pub method: String,
    /// The path, as written in the description (`/pets/{id}`).
    pub path: String,
    /// `summary`.
    pub summary: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `tags`, in order.
    pub tags: Vec<String>,
    /// `deprecated`.
    pub deprecated: bool,
    /// The parameters: the path item's, overridden by the operation's of the
    /// same name and location, in that order (path item's first).
    pub parameters: Vec<Parameter>,
    /// `requestBody` (Swagger 2.0: the `body` or `formData` parameters).
    pub body: Option<RequestBody>,
    /// The answers, in the description's order, `default` included.
    pub responses: Vec<Response>,
    /// The operation's own servers (or its path item's); empty for the
    /// API's.
    pub servers: Vec<Server>,
    /// The security requirements (`security`): `None` when the operation
    /// says nothing (the API's apply), `Some(vec![])` for none at all.
    pub security: Option<Vec<Vec<String>>>,
    /// The operation's `x-…` extensions, as written (pagination hints and
    /// the like).
    pub extensions: BTreeMap<String, Value>,
    /// `externalDocs.url`: where the operation is documented.
    pub external_docs: Option<String>,
}

impl Operation {
    /// How a diagnostic names the operation: its `operationId`, or
    /// `METHOD /path`.
    pub fn label(&self) -> String {
        match &self.operation_id {
            Some(id) => id.clone(),
            None => format!("{} {}", self.method, self.path),
        }
    }
}

/// Where a parameter goes (`in`), as the description writes it: a word of
/// the document, read before anything is placed. The generator places each
/// parameter in a field's [`Location`](crate::operations::Location), the
/// runtime's; `querystring` has no location of its own there (a query
/// field is made of each property of its object), and a body is no
/// parameter here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ParamIn {
    /// `path`.
    #[default]
    Path,
    /// `query`.
    Query,
    /// `querystring` (OpenAPI 3.2): the whole query string, of the
    /// parameter's `content` media type.
    QueryString,
    /// `header`.
    Header,
    /// `cookie`.
    Cookie,
}

impl ParamIn {
    /// The OpenAPI spelling (`"query"`).
    pub fn as_str(self) -> &'static str {
        match self {
            ParamIn::Path => "path",
            ParamIn::Query => "query",
            ParamIn::QueryString => "querystring",
            ParamIn::Header => "header",
            ParamIn::Cookie => "cookie",
        }
    }
}

/// A parameter.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parameter {
    /// Its JSON pointer (where it is defined, after `$ref`s).
    pub pointer: String,
    /// `name`, as sent.
    pub name: String,
    /// `in`.
    pub location: ParamIn,
    /// `required` (always true for a path parameter).
    pub required: bool,
    /// `deprecated`.
    pub deprecated: bool,
    /// `description`.
    pub description: Option<String>,
    /// `style`, as written (`"form"`, `"deepObject"`); `None` for the
    /// location's default.
    pub style: Option<String>,
    /// `explode`; `None` for the style's default.
    pub explode: Option<bool>,
    /// `allowReserved`.
    pub allow_reserved: bool,
    /// `allowEmptyValue`.
    pub allow_empty_value: bool,
    /// The value's schema (`schema`, or the schema of its one `content`
    /// media type); `Any` when it has none.
    pub schema: Schema,
    /// The media type of `content`, when the parameter is described by one
    /// (`application/json` for a JSON-encoded query parameter).
    pub content_type: Option<String>,
    /// The parameter's `x-…` extensions, as written.
    pub extensions: BTreeMap<String, Value>,
}

/// A request body.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RequestBody {
    /// Its JSON pointer.
    pub pointer: String,
    /// `required`.
    pub required: bool,
    /// `description`.
    pub description: Option<String>,
    /// Its media types, in the description's order.
    pub contents: Vec<MediaContent>,
}

/// One media type of a body or an answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MediaContent {
    /// The media type (or range) as written (`application/json`, `text/*`).
    pub media_type: String,
    /// `schema`, if any.
    pub schema: Option<Schema>,
    /// `itemSchema` (OpenAPI 3.2): each item of a streamed body (JSON
    /// lines, server-sent events), if any.
    pub item_schema: Option<Schema>,
    /// `encoding`, by property name, in the description's order (form and
    /// multipart bodies).
    pub encoding: Vec<(String, Encoding)>,
    /// Its examples, each with its JSON pointer: `example`, then the
    /// `value` of each of `examples` (references followed; an example given
    /// by `externalValue` only is not read), in the description's order.
    pub examples: Vec<(String, Value)>,
    /// The examples written inside `schema`, of one of its parts (a
    /// property's `example`, `items.example`, …).
    pub inner_examples: Vec<InnerExample>,
}

/// An example written inside a schema, of one of its parts: a property's
/// `example` (or each of OpenAPI 3.1's `examples`), `items.example`, and
/// so on through `properties`, `items`, `additionalProperties` and
/// `allOf` (not through a `$ref`, or the alternatives of a
/// `oneOf`/`anyOf`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InnerExample {
    /// Its JSON pointer.
    pub pointer: String,
    /// The keys from the schema to the part it is an example of
    /// (`["properties", "id"]`, `["items"]`).
    pub path: Vec<String>,
    /// The example, as written.
    pub value: Value,
}

/// How one property of a form or multipart body is written (`encoding`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Encoding {
    /// `contentType`.
    pub content_type: Option<String>,
    /// `style`, as written.
    pub style: Option<String>,
    /// `explode`.
    pub explode: Option<bool>,
    /// `allowReserved`.
    pub allow_reserved: bool,
}

/// One answer of an operation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Response {
    /// Its JSON pointer.
    pub pointer: String,
    /// The status as written in the description: `"200"`, `"4XX"`,
    /// `"default"`.
    pub status: String,
    /// `description`.
    pub description: Option<String>,
    /// Its media types, in order; empty for an answer without a body.
    pub contents: Vec<MediaContent>,
    /// Its headers by name, in order.
    pub headers: Vec<(String, Schema)>,
}

/// A security scheme (`components.securitySchemes`).
#[derive(Clone, Debug, PartialEq)]
pub enum SecurityScheme {
    /// `apiKey`: a key in a header, the query or a cookie.
    ApiKey {
        /// The parameter's name.
        name: String,
        /// Where it goes (`Header`, `Query` or `Cookie`).
        location: ParamIn,
    },
    /// `http`: `basic`, `bearer` or another scheme of `Authorization`.
    Http {
        /// The scheme, lower case (`basic`, `bearer`).
        scheme: String,
        /// `bearerFormat`.
        bearer_format: Option<String>,
    },
    /// `oauth2`, with its flows as written.
    OAuth2 {
        /// `flows`.
        flows: Value,
    },
    /// `openIdConnect`.
    OpenIdConnect {
        /// `openIdConnectUrl`.
        url: String,
    },
    /// `mutualTLS`.
    MutualTls,
}
