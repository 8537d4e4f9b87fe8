//! What a struct of the item form declares, once its own checks have
//! passed: its route in OpenAPI's terms (method and path) and, for each
//! field, the parameter it is (name on the wire, location, type). This is
//! what a check against an OpenAPI description compares
//! (`#[endpoint(spec = "…")]`); the check itself is the caller's
//! ([`expand_with`](crate::expand_with)), so that this crate reads no
//! description.

pub use endpoint_runtime::sibling::Location;
use endpoint_runtime::sibling::{Operator, Part};
use endpoint_runtime::template::Template;
use proc_macro2::Span;
use syn::{Ident, LitStr, Type};

use crate::ast::ItemDef;
use crate::valid::{CheckedItem, Role};

/// A struct that names a description to be checked against
/// (`#[endpoint(spec = "…")]`), as its checks understood it.
#[derive(Clone)]
pub struct Declaration {
    /// The struct's name.
    pub ident: Ident,
    /// The route literal, where errors about the route point.
    pub route: LitStr,
    /// The `spec = "…"` literal: the description's path, relative to the
    /// crate's directory.
    pub spec: LitStr,
    /// The `operation = "…"` literal, when the struct names its operation's
    /// `operationId`.
    pub operation: Option<LitStr>,
    /// The method, upper case.
    pub method: String,
    /// The route's path as OpenAPI writes it: each placeholder of the path
    /// `{name}` whatever its operator or modifier (`{.shape*}`, `<owner>`
    /// and `:owner` are `{shape}` and `{owner}`), the query and the
    /// fragment left out. `None` for a route that is a full URL.
    pub path: Option<String>,
    /// The body's media type, when the struct (or its `request_body` field)
    /// names one.
    pub media_type: Option<String>,
    /// Every field of the struct, generated ones (placeholders nobody
    /// declared) first.
    pub parameters: Vec<Parameter>,
    /// Whether the struct names its API's settings (`api = path`); a check
    /// may give one that does not the description's
    /// ([`Checked::api`](crate::Checked::api)).
    pub names_api: bool,
}

/// One field of a [`Declaration`].
#[derive(Clone)]
pub struct Parameter {
    /// The field's name (for a generated field, spanned on the route).
    pub ident: Ident,
    /// The field's type, as written (`Option<T>` included).
    pub ty: Type,
    /// The parameter's name on the wire.
    pub name: String,
    /// Where it goes.
    pub location: Location,
    /// Whether it may be left out (an `Option` that is not `nullable`).
    pub optional: bool,
    /// Whether it is written in the struct (else generated for a
    /// placeholder of the route).
    pub declared: bool,
    /// Where its location is written (`#[endpoint(header)]`), if it is.
    pub location_span: Option<Span>,
}

/// The declaration of `item`, checked as `checked`, when it names a
/// description.
pub(crate) fn declaration(
    item: &ItemDef,
    checked: &CheckedItem,
    template: &Template<'_>,
) -> Option<Declaration> {
    let (spec, operation) = checked.spec.clone()?;
    let in_path: Vec<&str> = template.path_variables().collect();
    let is_query_method = endpoint_runtime::sibling::sends_query(&checked.method);
    let parameters = checked
        .fields
        .iter()
        .map(|field| {
            let location = match field.role {
                Role::Template if in_path.contains(&field.wire.as_str()) => Location::Path,
                Role::Template => Location::Query,
                Role::Remaining => match field.placement.location {
                    Location::Default if is_query_method => Location::Query,
                    // The octokit rule: `data` is the raw body.
                    Location::Default if checked.body.is_none() && field.wire == "data" => {
                        Location::Content
                    }
                    Location::Default => Location::Body,
                    placed => placed,
                },
            };
            Parameter {
                ident: field.ident.clone(),
                ty: field.ty.clone(),
                name: field.wire.clone(),
                location,
                optional: field.optional,
                declared: field.declared,
                location_span: field.location_span,
            }
        })
        .collect();
    Some(Declaration {
        ident: item.ident.clone(),
        route: item.route.clone(),
        spec,
        operation,
        method: checked.method.clone(),
        path: openapi_path(template),
        media_type: checked.body.as_ref().map(|body| body.media_type.clone()),
        parameters,
        names_api: checked.api.is_some(),
    })
}

/// The path of `template` as OpenAPI writes it (see
/// [`Declaration::path`]); `None` when it is not a path.
fn openapi_path(template: &Template<'_>) -> Option<String> {
    let mut path = String::new();
    for part in template.parts() {
        match part {
            Part::Literal(literal) => {
                let end = literal.find(['?', '#']).unwrap_or(literal.len());
                path.push_str(&literal[..end]);
                if end < literal.len() {
                    break;
                }
            }
            Part::Expression(expr) if expr.in_path => {
                for var in expr.variables.iter() {
                    if expr.operator == Operator::PathSegment {
                        path.push('/');
                    }
                    path.push('{');
                    path.push_str(var.name);
                    path.push('}');
                }
            }
            Part::Expression(_) => break,
        }
    }
    path.starts_with('/').then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_as_openapi_writes_them() {
        let path = |route: &str| openapi_path(&Template::parse(route).unwrap());
        assert_eq!(
            path("/pets/{petId}{?fields}").as_deref(),
            Some("/pets/{petId}")
        );
        assert_eq!(
            path("/repos/<owner>/:repo/x").as_deref(),
            Some("/repos/{owner}/{repo}/x")
        );
        assert_eq!(
            path("/shapes/{.shape*}/{;colors}").as_deref(),
            Some("/shapes/{shape}/{colors}")
        );
        assert_eq!(path("/files{/path}").as_deref(), Some("/files/{path}"));
        assert_eq!(path("/search?q=1&{page}").as_deref(), Some("/search"));
        assert_eq!(path("https://example.com/x"), None);
    }
}
