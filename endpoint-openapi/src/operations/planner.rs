//! The planner of one operation: its fields, body, answers and server,
//! each planned by the submodule of its concern.

use std::collections::BTreeMap;

use super::answers::accept;
use super::doc::operation_doc;
use super::{FieldPlan, OperationPlan};
use crate::api::Operation;
use crate::conventions::Conventions;
use crate::diag::Diagnostics;
use crate::ident;
use crate::schema::Schema;
use crate::status::Status;
use crate::types::{Type, TypeSpace};
use endpoint_runtime::sibling::{Location, Method, Origin, redact_userinfo, server_error};

/// Whether the operation's `server` is the API's `api`: the same URL, or
/// the same but for the scheme when the API's is written without one
/// (`//kubernetes.local`, which names the host for either scheme).
pub(super) fn same_server(api: &str, server: &str) -> bool {
    if api == server {
        return true;
    }
    let without_scheme = server.split_once(':').map_or(server, |(_, rest)| rest);
    api.starts_with("//") && api == without_scheme
}

/// The path of the absolute `server` (`/` for none, without a trailing
/// `/`) when it is on the origin (scheme, host, port) of the absolute
/// `api`, the API's first server: a path server, which follows the origin
/// of the base URL a request is built with. `None` on another origin.
pub(super) fn path_on_origin_of(api: &str, server: &str) -> Option<String> {
    let origin = Origin::of(server)?;
    if Origin::of(api)? != origin {
        return None;
    }
    let authority = server.find("://")? + 3;
    let path = server[authority..]
        .find('/')
        .map_or("", |start| &server[authority + start..]);
    let path = path.trim_end_matches('/');
    Some(if path.is_empty() { "/" } else { path }.to_owned())
}

/// The planner of one operation: the fields it has planned so far, and
/// what planning them reaches (the type space, the diagnostics).
pub(super) struct OperationPlanner<'s, 'a> {
    pub(super) space: &'s mut TypeSpace<'a>,
    pub(super) components: &'a BTreeMap<String, Schema>,
    pub(super) diagnostics: &'s mut Diagnostics,
    pub(super) operation: &'s Operation,
    /// The API's first server, its variables at their defaults.
    pub(super) api_server: Option<String>,
    pub(super) feature: String,
    /// The API's conventions.
    pub(super) conventions: &'s Conventions,
    /// The operation's full name, the prefix of its inline types' names.
    pub(super) full: String,
    pub(super) fields: Vec<FieldPlan>,
    pub(super) statuses: Vec<(Status, String)>,
}

impl OperationPlanner<'_, '_> {
    pub(super) fn label(&self) -> String {
        self.operation.label()
    }

    pub(super) fn diagnose(
        &mut self,
        pointer: &str,
        message: impl Into<String>,
        fallback: impl Into<String>,
    ) {
        let label = self.label();
        self.diagnostics
            .push(pointer, Some(&label), message, fallback);
    }

    /// The type of `schema`, its inline types named `name`; a JSON value
    /// and a diagnostic when it cannot be planned. What planning it found
    /// it could not plan as written (the plan's problems, in the types it
    /// reached first from here) is a diagnostic at `pointer` too.
    pub(super) fn root(&mut self, schema: &Schema, name: &str, doc: &str, pointer: &str) -> Type {
        let before = self.space.problems().len();
        let ty = match self.space.root(schema, name, doc, Some(&self.feature)) {
            Ok(ty) => ty,
            Err(err) => {
                self.diagnose(pointer, err, "`serde_json::Value`");
                Type::Json
            }
        };
        let problems = self.space.problems()[before..].to_vec();
        for problem in problems {
            let (message, fallback) = problem.rsplit_once("; ").unwrap_or((&problem, ""));
            self.diagnose(pointer, message, fallback);
        }
        ty
    }

    /// A field name not yet taken in the struct: `name`, else with the
    /// location's prefix, else numbered.
    pub(super) fn field_name(&self, wire: &str, location: Location) -> String {
        let taken = |candidate: &str| self.fields.iter().any(|f| f.name == candidate);
        let name = ident::snake(wire);
        if !taken(&name) {
            return name;
        }
        let prefix = match location {
            Location::Path => "path",
            Location::Query => "query",
            Location::Header => "header",
            Location::Cookie => "cookie",
            Location::Body | Location::Content | Location::Default => {
                self.conventions.body_prefix.as_deref().unwrap_or("body")
            }
        };
        ident::unique(ident::snake(&format!("{prefix}_{wire}")), taken)
    }

    pub(super) fn plan(
        &mut self,
        index: usize,
        module: usize,
        method: Method,
        name: String,
    ) -> OperationPlan {
        let operation = self.operation;
        let template = self.path_fields();
        self.located_fields();
        let (content_type, choice) = self.body();
        let body_required = content_type.is_some()
            && operation.body.as_ref().is_some_and(|body| body.required)
            && self.fields.iter().any(|f| f.location == Location::Body)
            && self
                .fields
                .iter()
                .filter(|f| matches!(f.location, Location::Body | Location::Content))
                .all(FieldPlan::may_be_left_out);
        let (success, error, answers) = self.answers();
        let server = self.server();
        let accept = accept(&answers, self.conventions);
        OperationPlan {
            index,
            module,
            name,
            method,
            template,
            content_type,
            body_required,
            accept,
            server,
            fields: std::mem::take(&mut self.fields),
            choice,
            success,
            error,
            answers,
            statuses: std::mem::take(&mut self.statuses),
            answer_name: String::new(),
            error_name: String::new(),
            paging: None,
            doc: operation_doc(operation, self.conventions),
        }
    }

    /// The operation's own server: the first of its `servers` (or its path
    /// item's), unless it is the API's first server. One that is no
    /// server of a route (a query, user information, a relative URL that
    /// is not a path) is left out, with a diagnostic: the operation goes
    /// to the API's server.
    pub(super) fn server(&mut self) -> Option<String> {
        let server = self.operation.servers.first()?.default_url();
        if self
            .api_server
            .as_deref()
            .is_some_and(|api| same_server(api, &server))
        {
            return None;
        }
        if let Some(reason) = server_error(&server) {
            let pointer = self.operation.pointer.clone();
            self.diagnose(
                &pointer,
                format!(
                    "the operation's server `{}` {reason}",
                    redact_userinfo(&server)
                ),
                "the API's server",
            );
            return None;
        }
        let on_api_origin = self
            .api_server
            .as_deref()
            .and_then(|api| path_on_origin_of(api, &server));
        Some(on_api_origin.unwrap_or(server))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{planned, planned_with};
    use super::*;
    use serde_json::json;

    #[test]
    fn a_server_is_the_apis_by_url_or_without_a_scheme() {
        assert!(same_server(
            "https://api.example/v1",
            "https://api.example/v1"
        ));
        assert!(same_server("//api.example/v1", "http://api.example/v1"));
        assert!(!same_server(
            "https://api.example/v1",
            "http://api.example/v1"
        ));
        assert!(!same_server(
            "https://api.example/v1",
            "https://api.example/v2"
        ));
    }

    #[test]
    fn a_server_on_the_apis_origin_is_its_path() {
        let api = "https://api.example/v1";
        assert_eq!(
            path_on_origin_of(api, "https://api.example/uploads/"),
            Some("/uploads".to_owned())
        );
        assert_eq!(
            path_on_origin_of(api, "https://api.example"),
            Some("/".to_owned())
        );
        assert_eq!(path_on_origin_of(api, "https://uploads.example/v1"), None);
        assert_eq!(path_on_origin_of(api, "https://api.example:8443/v1"), None);
        assert_eq!(path_on_origin_of("/v1", "https://api.example/v1"), None);
    }

    #[test]
    fn an_operations_own_server_is_kept_unless_it_is_the_apis_or_no_route() {
        let ok = json!({"200": {"description": "ok"}});
        let (plan, diagnostics) = planned(json!({
            "/same": {"get": {"operationId": "same", "responses": ok,
                "servers": [{"url": "https://api.example/v1"}]}},
            "/path": {"get": {"operationId": "path", "responses": ok,
                "servers": [{"url": "https://api.example/uploads"}]}},
            "/other": {"get": {"operationId": "other", "responses": ok,
                "servers": [{"url": "https://uploads.example/v1"}]}},
            "/query": {"get": {"operationId": "query", "responses": ok,
                "servers": [{"url": "https://uploads.example/v1?token=1"}]}}
        }));
        let servers: Vec<_> = plan
            .operations
            .iter()
            .map(|op| (op.name.as_str(), op.server.as_deref()))
            .collect();
        assert_eq!(
            servers,
            [
                ("Same", None),
                ("Path", Some("/uploads")),
                ("Other", Some("https://uploads.example/v1")),
                ("Query", None),
            ]
        );
        let messages: Vec<_> = diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(
            messages[0].starts_with("the operation's server `https://uploads.example/v1?token=1`"),
            "{messages:?}"
        );
    }

    #[test]
    fn a_taken_field_name_takes_its_locations_prefix() {
        let paths = json!({"/pets/{id}": {"put": {
            "operationId": "putPet",
            "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "id", "in": "query", "schema": {"type": "string"}}
            ],
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "properties": {"id": {"type": "string"}}}}}},
            "responses": {"204": {"description": "done"}}
        }}});
        let names = |conventions: &Conventions| {
            let (plan, _) = planned_with(paths.clone(), conventions);
            plan.operations[0]
                .fields
                .iter()
                .map(|f| (f.name.clone(), f.location))
                .collect::<Vec<_>>()
        };
        // The query parameter keeps the name; the path's and the body's
        // take their prefixes.
        let fields = names(&Conventions::default());
        assert_eq!(
            fields,
            [
                ("path_id".to_owned(), Location::Path),
                ("id".to_owned(), Location::Query),
                ("body_id".to_owned(), Location::Body)
            ]
        );
        let prefixed = Conventions {
            body_prefix: Some("new".to_owned()),
            ..Conventions::default()
        };
        let fields = names(&prefixed);
        assert!(
            fields.contains(&("new_id".to_owned(), Location::Body)),
            "{fields:?}"
        );
    }
}
