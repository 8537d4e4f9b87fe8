//! A struct of `endpoint!` checked against an OpenAPI description: what
//! `#[endpoint(spec = "api.yaml")]` compares, as a function of plain data
//! that needs no compiler plugin ([`check`]).
//!
//! The struct is given as what it declares ([`Declared`]): its operation
//! (by method and path, or by `operationId`), and each field's parameter
//! (name on the wire, location, and its type as
//! [`TypeShape`](endpoint_macros_core::shape::TypeShape), the reading of
//! types the macro's own checks use). The check finds each mistake
//! ([`Finding`]): an operation or a parameter the description does not
//! have (with the nearest name it has), a parameter in another location, a
//! required parameter or body property without a field, an `Option` where
//! one is required, a body of another media type, a type that cannot hold
//! its schema's values. Each says where it is written ([`At`]), so that the
//! macro makes it a compile error there.
//!
//! ```
//! use endpoint_openapi::check::{At, Declared, DeclaredField, Location, check};
//! use endpoint_macros_core::shape::TypeShape;
//! use serde_json::json;
//!
//! let read = endpoint_openapi::read::read_value(json!({
//!     "openapi": "3.1.0",
//!     "info": {"title": "Pets", "version": "1"},
//!     "paths": {"/pets": {"get": {
//!         "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}],
//!         "responses": {"200": {"description": "The pets."}}
//!     }}}
//! }), None, &[])?;
//! let declared = Declared {
//!     name: "ListPets".into(),
//!     method: "GET".into(),
//!     path: Some("/pets".into()),
//!     fields: vec![DeclaredField {
//!         ty: TypeShape::of(&syn::parse_quote!(bool)),
//!         ..DeclaredField::new("limit", Location::Query)
//!     }],
//!     ..Declared::default()
//! };
//! let findings = check(&read.api, "pets.yaml", &declared);
//! assert_eq!(findings.len(), 1);
//! assert_eq!(findings[0].at, At::Type(0));
//! assert_eq!(
//!     findings[0].message,
//!     "`limit` is an integer in `GET /pets` (pets.yaml), which `bool` cannot hold"
//! );
//! # Ok::<(), endpoint_openapi::read::ReadError>(())
//! ```

use crate::api::{Api, Operation};
use crate::filter::nearest;
/// Where a declared field is sent (the runtime's own).
pub use crate::operations::Location;
use crate::read::template_variables;

mod declared;
mod fields;
mod findings;
mod fits;
#[cfg(test)]
mod tests;

pub use declared::{Declared, DeclaredField};
pub use findings::{At, Finding};
use findings::{Findings, did_you_mean};

/// The mistakes of `declared` against `api`, the description `source`
/// names (as messages name it); none when the struct is the operation as
/// the description has it.
pub fn check(api: &Api, source: &str, declared: &Declared) -> Vec<Finding> {
    let mut findings = Findings::default();
    if let Some(op) = operation(&mut findings, declared, api, source) {
        fields::Checker {
            findings: &mut findings,
            declared,
            api,
            op,
            name: format!("`{} {}` ({source})", op.method, op.path),
        }
        .run();
    }
    findings.0
}

/// A path with the names of its placeholders left out (`/pets/{}`): two
/// paths of the same operation compare equal.
fn normalised(path: &str) -> String {
    template_variables(path)
        .into_iter()
        .fold(path.to_owned(), |out, name| {
            out.replace(&format!("{{{name}}}"), "{}")
        })
}

/// The operation of the description the struct is: by `operationId` when
/// it names one, else by method and path. `None` after recording why there
/// is none.
fn operation<'a>(
    findings: &mut Findings,
    declared: &Declared,
    api: &'a Api,
    source: &str,
) -> Option<&'a Operation> {
    let Some(path) = &declared.path else {
        findings.at(
            At::Route,
            format!(
                "a route checked against {source} is a path, such as `/pets/{{petId}}`, as the \
                 description's paths are: the base URL is the API's"
            ),
        );
        return None;
    };
    let written = format!("{} {path}", declared.method);
    if let Some(wanted) = &declared.operation_id {
        let Some(op) = api
            .operations
            .iter()
            .find(|op| op.operation_id.as_deref() == Some(wanted.as_str()))
        else {
            let ids = api
                .operations
                .iter()
                .filter_map(|op| op.operation_id.clone());
            findings.at(
                At::OperationId,
                format!(
                    "no operation `{wanted}` in {source}{}",
                    did_you_mean(wanted, ids)
                ),
            );
            return None;
        };
        if !op.method.eq_ignore_ascii_case(&declared.method) || op.path != *path {
            findings.at(
                At::Route,
                format!(
                    "the operation `{wanted}` of {source} is `{} {}`, not `{written}`",
                    op.method, op.path
                ),
            );
            return None;
        }
        return Some(op);
    }
    let same = |op: &&Operation| op.method.eq_ignore_ascii_case(&declared.method);
    if let Some(op) = api
        .operations
        .iter()
        .filter(same)
        .find(|op| op.path == *path)
    {
        return Some(op);
    }
    let shape = normalised(path);
    if let Some(op) = api
        .operations
        .iter()
        .filter(same)
        .find(|op| normalised(&op.path) == shape)
    {
        findings.at(
            At::Route,
            format!(
                "the placeholders of `{written}` are not named as in {source}: write the \
                 operation's path, `{} {}`",
                op.method, op.path
            ),
        );
        return None;
    }
    // Near by shape, so that a placeholder's other name does not count.
    let routes: Vec<(String, String)> = api
        .operations
        .iter()
        .map(|op| {
            let route = format!("{} {}", op.method, op.path);
            (format!("{} {}", op.method, normalised(&op.path)), route)
        })
        .collect();
    let near = nearest(
        &format!("{} {shape}", declared.method),
        routes.iter().map(|(shape, _)| shape.clone()),
    )
    .and_then(|shape| routes.iter().find(|(s, _)| *s == shape))
    .map(|(_, route)| format!(": did you mean `{route}`?"))
    .unwrap_or_default();
    let methods: Vec<String> = api
        .operations
        .iter()
        .filter(|op| op.path == *path)
        .map(|op| format!("`{}`", op.method))
        .collect();
    let near = if near.is_empty() && !methods.is_empty() {
        format!(": its path has {}", methods.join(", "))
    } else {
        near
    };
    findings.at(
        At::Route,
        format!("no operation `{written}` in {source}{near}"),
    );
    None
}
