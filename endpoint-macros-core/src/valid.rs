//! The item form's checks: the declared fields against the route's
//! placeholders and method, each field's wire name and role, and a generated
//! field for every placeholder nobody declared.
//!
//! The result, a [`CheckedItem`], is everything `expand` needs besides the
//! item as written. Every problem is recorded in the [`Ctxt`], so that a
//! struct with several mistakes reports all of them.

use std::collections::{HashMap, HashSet};

use endpoint_runtime::__private::{FieldName, is_option_key};
use endpoint_runtime::template::Template;
use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{Attribute, Ident, LitStr, Type, Visibility};

use crate::ast::{FieldDef, ItemDef, option_inner};
use crate::attr::{FieldAttrs, ItemAttrs};
use crate::ctxt::Ctxt;
use crate::route::{self, Checked, CheckedRoute, Placeholder, field_ident, option_key_list};

/// A struct definition after the checks: its fields are generated ones
/// first (in template order), then the declared ones (in declaration order).
pub(crate) type CheckedItem = Checked<Field>;

/// A field of the generated struct.
pub(crate) struct Field {
    /// Attributes passed through (doc comments and the like).
    pub attrs: Vec<Attribute>,
    /// Visibility.
    pub vis: Visibility,
    /// The Rust name.
    pub ident: Ident,
    /// The type.
    pub ty: Type,
    /// The parameter name on the wire.
    pub wire: String,
    /// Template variable or remaining parameter.
    pub role: Role,
    /// `Option<T>`: `None` leaves the parameter out.
    pub optional: bool,
    /// Written by the user (its type is checked to be `Serialize`), as
    /// opposed to generated for a placeholder.
    pub declared: bool,
    /// `#[endpoint(multi_segment)]`: a path placeholder whose value keeps
    /// its `/`.
    pub multi_segment: bool,
}

/// Where a field's value goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// It fills the template variable of its wire name (with
    /// `#[endpoint(query)]` on a route with a body, a variable of the `{?…}`
    /// expression added to the template).
    Template,
    /// It is a remaining parameter: query on GET/HEAD, body otherwise. On a
    /// route with a body, the one named `data` is the body itself.
    Remaining,
}

/// What the field checks need to know about the route.
struct Scope<'a> {
    /// The route literal, where route-wide errors point.
    lit: &'a LitStr,
    /// The route, checked.
    route: &'a CheckedRoute,
    /// Its placeholders, in order of first appearance.
    vars: &'a [Placeholder],
}

impl Scope<'_> {
    /// Whether `wire` is a placeholder of the route.
    fn is_var(&self, wire: &str) -> bool {
        self.vars.iter().any(|var| var.name == wire)
    }

    /// Whether `wire` is a placeholder in the route's path.
    fn is_path_var(&self, wire: &str) -> bool {
        self.vars.iter().any(|var| var.name == wire && var.in_path)
    }
}

/// Checks a struct definition and works out its fields.
pub(crate) fn check_item(cx: &mut Ctxt, item: &ItemDef) -> CheckedItem {
    let route = route::check_route(cx, &item.route);
    let vars = route.placeholders();
    for var in &vars {
        route::check_placeholder_key(cx, &item.route, &var.name);
    }
    let scope = Scope {
        lit: &item.route,
        route: &route,
        vars: &vars,
    };
    let mut idents = HashSet::new();
    let declared: Vec<Field> = item
        .fields
        .iter()
        .map(|def| declared_field(cx, &scope, def, &mut idents))
        .collect();
    check_parameters_once(cx, &declared);
    check_data_alone(cx, &declared, route.is_query_method());
    let mut fields = generated_fields(cx, &scope, &declared);
    fields.extend(declared);

    // Declared fields in the template that are not its placeholders are the
    // query parameters of a route with a body.
    let query: Vec<String> = fields
        .iter()
        .filter(|f| f.declared && f.role == Role::Template && !scope.is_var(&f.wire))
        .map(|f| f.wire.clone())
        .collect();
    let (template_text, mut template) = if query.is_empty() {
        (route.url, route.template)
    } else {
        with_query(cx, &route, &query, &fields)
    };
    for field in fields.iter().filter(|f| f.multi_segment) {
        template = template.map(|t| t.clone().with_multi_segment(&field.wire).unwrap_or(t));
    }
    let uploads = uploads(cx, item, &template_text);
    Checked {
        method: route.method,
        template_text,
        template,
        fields,
        uploads,
    }
}

/// Whether the struct says `#[endpoint(uploads)]`, whose route must be a
/// path: the endpoint's uploads URL comes before it.
fn uploads(cx: &mut Ctxt, item: &ItemDef, template_text: &str) -> bool {
    let Some(span) = ItemAttrs::from_attrs(cx, &item.options).uploads else {
        return false;
    };
    if !template_text.starts_with('/') {
        cx.error_at(
            span,
            format!(
                "`#[endpoint(uploads)]` sends the request to the endpoint's uploads URL, which \
                 the route's path is joined to: the route `{template_text}` must be a path \
                 starting with `/`, not a full URL"
            ),
        );
        return false;
    }
    true
}

/// Checks a declared field and works out its wire name and role.
/// `idents` holds the names of the fields before it.
fn declared_field(
    cx: &mut Ctxt,
    scope: &Scope<'_>,
    def: &FieldDef,
    idents: &mut HashSet<String>,
) -> Field {
    let attrs = FieldAttrs::from_attrs(cx, &def.options);
    let ident_name = def.ident.unraw().to_string();
    if !idents.insert(ident_name.clone()) {
        cx.error(
            &def.ident,
            format!("the field `{}` is declared twice", def.ident),
        );
    }
    let optional = option_inner(&def.ty).is_some();
    let wire = wire_name(scope, &attrs, &ident_name);
    let role = role(cx, scope, &attrs, &def.ident, &wire);
    let wire_span = attrs
        .rename
        .as_ref()
        .map_or(def.ident.span(), |(_, span)| *span);
    check_wire_name(cx, scope, role, &wire, wire_span);
    let multi_segment = match attrs.multi_segment {
        // With `query` or `body`, `attr` has said what is wrong.
        Some(_) if attrs.query.is_some() || attrs.body.is_some() => false,
        Some(span) if !(role == Role::Template && scope.is_path_var(&wire)) => {
            cx.error_at(
                span,
                format!(
                    "`#[endpoint(multi_segment)]` on `{}`, which is not a placeholder in the \
                     URL's path: only a path parameter's value is made of segments",
                    def.ident
                ),
            );
            false
        }
        Some(_) => true,
        None => false,
    };
    if role == Role::Template && optional && scope.is_path_var(&wire) {
        cx.error(
            &def.ty,
            format!(
                "the path parameter `{wire}` cannot be an `Option`: without a value the URL would \
                 lose a path segment; make it required, or move it to the query"
            ),
        );
    }
    Field {
        attrs: def.attrs.clone(),
        vis: def.vis.clone(),
        ident: def.ident.clone(),
        ty: def.ty.clone(),
        wire,
        role,
        optional,
        declared: true,
        multi_segment,
    }
}

/// The wire name of a declared field: its `rename`, or else its own name; a
/// field named like a placeholder's generated field stands for that
/// placeholder (`enterprise_team` for `{enterprise-team}`), unless it is
/// `body`.
fn wire_name(scope: &Scope<'_>, attrs: &FieldAttrs, ident_name: &str) -> String {
    if let Some((wire, _)) = &attrs.rename {
        return wire.clone();
    }
    if scope.is_var(ident_name) || attrs.body.is_some() {
        return ident_name.to_owned();
    }
    scope
        .vars
        .iter()
        .find(|var| FieldName::of(&var.name).ident == ident_name)
        .map_or_else(|| ident_name.to_owned(), |var| var.name.clone())
}

/// A path or query parameter cannot be named like an option key: the
/// runtime would read it as that option. A body property may: the typed path
/// writes it into the JSON body, where no option is read.
fn check_wire_name(cx: &mut Ctxt, scope: &Scope<'_>, role: Role, wire: &str, span: Span) {
    let to_body = role == Role::Remaining && !scope.route.is_query_method();
    if is_option_key(wire) && !to_body {
        cx.error_at(
            span,
            format!(
                "`{wire}` is a reserved option name, not a parameter: a path or query parameter \
                 cannot be called {} (a body property can)",
                option_key_list()
            ),
        );
    }
}

/// Where the declared field `ident` goes: the attributes decide, then
/// whether its wire name is a placeholder.
fn role(cx: &mut Ctxt, scope: &Scope<'_>, attrs: &FieldAttrs, ident: &Ident, wire: &str) -> Role {
    let is_var = scope.is_var(wire);
    let is_query_method = scope.route.is_query_method();
    if let Some(body) = attrs.body {
        if is_query_method {
            cx.error_at(
                body,
                format!(
                    "`#[endpoint(body)]` on a {} route: the field `{ident}` cannot go to a body, \
                     as GET and HEAD requests have none; without `body`, it goes to the query \
                     string",
                    scope.route.method
                ),
            );
        }
        Role::Remaining
    } else if let Some(query) = attrs.query {
        if is_var {
            cx.error_at(
                query,
                format!(
                    "`{wire}` is the placeholder `{{{wire}}}` of the URL; it cannot also be a query \
                     parameter"
                ),
            );
            Role::Template
        } else if is_query_method {
            Role::Remaining
        } else {
            Role::Template
        }
    } else if is_var {
        Role::Template
    } else {
        Role::Remaining
    }
}

/// The same parameter twice in the same role.
fn check_parameters_once(cx: &mut Ctxt, declared: &[Field]) {
    for (i, field) in declared.iter().enumerate() {
        if let Some(other) = declared[..i].iter().find(|other| {
            other.wire == field.wire && other.role == field.role && other.ident != field.ident
        }) {
            cx.error(
                &field.ident,
                format!(
                    "the parameter `{}` is declared twice, by the fields `{}` and `{}`",
                    field.wire, other.ident, field.ident
                ),
            );
        }
    }
}

/// `data` is the whole body: other body parameters would be dropped.
fn check_data_alone(cx: &mut Ctxt, declared: &[Field], is_query_method: bool) {
    if is_query_method {
        return;
    }
    let Some(data) = declared
        .iter()
        .find(|f| f.role == Role::Remaining && f.wire == "data")
    else {
        return;
    };
    let data_field = if data.ident == "data" {
        "`data`".to_owned()
    } else {
        format!("`{}` (the `data` parameter)", data.ident)
    };
    for field in declared
        .iter()
        .filter(|f| f.role == Role::Remaining && f.wire != "data")
    {
        cx.error(
            &field.ident,
            format!(
                "the field `{}` would go to the body, but {data_field} is the whole body and \
                 replaces the other body parameters; put `{}` inside it, or in the query with \
                 `#[endpoint(query)]`",
                field.ident, field.ident
            ),
        );
    }
}

/// A field for each placeholder that no declared field fills, in template
/// order.
fn generated_fields(cx: &mut Ctxt, scope: &Scope<'_>, declared: &[Field]) -> Vec<Field> {
    let span = scope.lit.span();
    let mut fields = Vec::new();
    let mut generated_names: HashMap<String, String> = HashMap::new();
    for var in scope.vars {
        if declared
            .iter()
            .any(|f| f.role == Role::Template && f.wire == var.name)
        {
            continue;
        }
        let ident = field_ident(&FieldName::of(&var.name), span);
        let key = ident.unraw().to_string();
        if let Some(other) = generated_names.insert(key.clone(), var.name.clone()) {
            cx.error(
                scope.lit,
                format!(
                    "the placeholders `{other}` and `{}` would both be the field `{ident}`; declare one \
                     of them under another name with `#[endpoint(rename = \"{}\")] other_name: String`",
                    var.name, var.name
                ),
            );
        }
        if let Some(clash) = declared.iter().find(|f| f.ident.unraw() == key) {
            cx.error(
                &clash.ident,
                format!(
                    "the field `{}` is a {} parameter, but the placeholder `{}` also needs a field of \
                     that name; declare the placeholder's field under another name with \
                     `#[endpoint(rename = \"{}\")] path_{key}: String`",
                    clash.ident,
                    if scope.route.is_query_method() {
                        "query"
                    } else {
                        "body"
                    },
                    var.name,
                    var.name
                ),
            );
        }
        fields.push(generated_field(var, ident, span));
    }
    fields
}

/// The field generated for a placeholder: a `String`, optional unless the
/// placeholder is in the path.
fn generated_field(var: &Placeholder, ident: Ident, span: Span) -> Field {
    let (ty, doc): (Type, String) = if var.in_path {
        (
            syn::parse_quote_spanned!(span=> ::std::string::String),
            format!(" The placeholder `{}` of the URL.", var.name),
        )
    } else {
        (
            syn::parse_quote_spanned!(span=> ::core::option::Option<::std::string::String>),
            format!(
                " The placeholder `{}` of the URL; `None` leaves it out.",
                var.name
            ),
        )
    };
    Field {
        attrs: vec![syn::parse_quote!(#[doc = #doc])],
        vis: syn::parse_quote!(pub),
        ident,
        ty,
        wire: var.name.clone(),
        role: Role::Template,
        optional: !var.in_path,
        declared: false,
        multi_segment: false,
    }
}

/// The template with the query parameters of a route with a body added as a
/// `{?…}` expression (`{&…}` when the URL has a query already), and parsed.
fn with_query(
    cx: &mut Ctxt,
    route: &CheckedRoute,
    query: &[String],
    fields: &[Field],
) -> (String, Option<Template<'static>>) {
    let Some(parsed) = &route.template else {
        return (route.url.clone(), None);
    };
    let operator = if parsed.has_query() { '&' } else { '?' };
    let text = format!("{}{{{operator}{}}}", route.url, query.join(","));
    if let Ok(template) = Template::parse_all(&text) {
        let template = template.into_owned();
        return (text, Some(template));
    }
    for field in fields
        .iter()
        .filter(|f| f.declared && query.contains(&f.wire))
    {
        if Template::parse(&format!("{{?{}}}", field.wire)).is_err() {
            cx.error(
                &field.ident,
                format!(
                    "`{}` cannot be a query parameter of a {} route: it is added to the URL \
                     template as `{{?{}}}`, and it is not a valid template variable name",
                    field.wire, route.method, field.wire
                ),
            );
        }
    }
    (text, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctxt::{assert_reported, check_tokens};
    use quote::{ToTokens, quote};

    fn item(tokens: proc_macro2::TokenStream) -> (CheckedItem, Vec<String>) {
        check_tokens(tokens, check_item)
    }

    fn item_errors(tokens: proc_macro2::TokenStream) -> Vec<String> {
        item(tokens).1
    }

    #[test]
    fn multi_segment_fields() {
        let (checked, errors) = item(quote! {
            struct S = "GET /repos/{owner}/git/ref/{ref}" {
                #[endpoint(multi_segment)] r#ref: String,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        let field = checked.fields.iter().find(|f| f.wire == "ref").unwrap();
        assert!(field.multi_segment);
        let template = checked.template.unwrap();
        let marked = Template::parse("/repos/{owner}/git/ref/{ref}")
            .unwrap()
            .with_multi_segment("ref")
            .unwrap();
        assert_eq!(template, marked);

        let errors = item_errors(quote! {
            struct S = "GET /x/{a}{?q}" {
                #[endpoint(multi_segment)] q: Option<String>,
                #[endpoint(multi_segment)] other: String,
            }
        });
        assert_reported(
            &errors,
            &[
                "`#[endpoint(multi_segment)]` on `q`, which is not a placeholder in the URL's path",
                "`#[endpoint(multi_segment)]` on `other`, which is not a placeholder",
            ],
        );
        let errors = item_errors(quote! {
            struct S = "PATCH /x/{a}" {
                #[endpoint(multi_segment, body, rename = "a")] new_a: String,
            }
        });
        assert_reported(&errors, &["both `multi_segment` and `body`"]);
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn field_option_errors() {
        let errors = item_errors(quote! {
            struct S = "POST /x" {
                #[endpoint(query, body)] a: u32,
                #[endpoint(frobnicate = 1, rename = "b")] b: u32,
                #[endpoint(rename = 3)] c: u32,
            }
        });
        assert_reported(
            &errors,
            &[
                "both `query` and `body`",
                "unknown option `frobnicate`",
                "expected string literal",
            ],
        );
    }

    #[test]
    fn reserved_and_duplicates() {
        let errors = item_errors(quote! {
            struct S = "GET /x/{url}" {
                method: String,
                #[endpoint(rename = "baseUrl")] base_url: String,
                a: u32,
                a: u32,
                b: u32,
                #[endpoint(rename = "b")] c: u32,
            }
        });
        assert_reported(
            &errors,
            &[
                "placeholder `url` uses the reserved",
                "`method` is a reserved option name",
                "`baseUrl` is a reserved option name",
                "the field `a` is declared twice",
                "parameter `b` is declared twice",
            ],
        );
        assert_eq!(errors.len(), 5, "{errors:?}");
    }

    #[test]
    fn body_properties_may_be_named_like_options() {
        let (checked, errors) = item(quote! {
            struct S = "PATCH /hooks/{id}" {
                url: Option<String>,
                #[endpoint(body, rename = "headers")] extra: String,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert!(
            checked.fields[1..]
                .iter()
                .all(|f| f.role == Role::Remaining)
        );
        let errors = item_errors(quote! {
            struct S = "PATCH /hooks/{id}" { #[endpoint(query)] url: String }
        });
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("(a body property can)"), "{errors:?}");
    }

    #[test]
    fn data_is_allowed_but_alone() {
        assert!(item_errors(quote!(struct S = "POST /x" { data: String })).is_empty());
        assert!(item_errors(quote!(struct S = "GET /x" { data: String, a: u32 })).is_empty());
        let errors = item_errors(quote!(struct S = "POST /x" { data: String, a: u32 }));
        assert!(errors[0].contains("is the whole body"), "{errors:?}");
        assert!(
            item_errors(quote!(struct S = "POST /x" { data: String, #[endpoint(query)] a: u32 }))
                .is_empty()
        );
    }

    #[test]
    fn placement() {
        let (checked, errors) = item(quote! {
            struct S = "PATCH /repos/{owner}/{repo}/actions/variables/{name}" {
                #[endpoint(body, rename = "name")] new_name: Option<String>,
                value: String,
                #[endpoint(query)] page: u32,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        let summary: Vec<_> = checked
            .fields
            .iter()
            .map(|f| {
                (
                    f.ident.to_string(),
                    f.wire.clone(),
                    f.role,
                    f.optional,
                    f.declared,
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                ("owner".into(), "owner".into(), Role::Template, false, false),
                ("repo".into(), "repo".into(), Role::Template, false, false),
                ("name".into(), "name".into(), Role::Template, false, false),
                (
                    "new_name".into(),
                    "name".into(),
                    Role::Remaining,
                    true,
                    true
                ),
                ("value".into(), "value".into(), Role::Remaining, false, true),
                ("page".into(), "page".into(), Role::Template, false, true),
            ]
        );
        assert_eq!(
            checked.template_text,
            "/repos/{owner}/{repo}/actions/variables/{name}{?page}"
        );

        let (checked, errors) = item(quote! {
            struct S = "POST /search?x=1" { #[endpoint(query)] a: u32, #[endpoint(query)] b: Option<u32> }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(checked.template_text, "/search?x=1{&a,b}");

        let (checked, errors) = item(quote! {
            struct S = "GET /x{?q}" { #[endpoint(query)] per_page: u32 }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(checked.template_text, "/x{?q}");
        assert_eq!(
            checked.fields[0].ty.to_token_stream().to_string(),
            ":: core :: option :: Option < :: std :: string :: String >"
        );
        assert_eq!(checked.fields[1].role, Role::Remaining);
    }

    #[test]
    fn placement_errors() {
        let errors = item_errors(quote!(struct S = "GET /x" { #[endpoint(body)] a: u32 }));
        assert!(
            errors[0].contains("`#[endpoint(body)]` on a GET route"),
            "{errors:?}"
        );
        assert!(errors[0].contains("the field `a`"), "{errors:?}");
        let errors = item_errors(quote!(struct S = "HEAD /x" { #[endpoint(body)] r#type: u32 }));
        assert!(
            errors[0].contains("on a HEAD route: the field `r#type` cannot go to a body"),
            "{errors:?}"
        );
        let errors = item_errors(quote!(struct S = "GET /x/{a}" { #[endpoint(query)] a: u32 }));
        assert!(
            errors[0].contains("cannot also be a query parameter"),
            "{errors:?}"
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        let errors = item_errors(quote!(struct S = "GET /x/{a}" { a: Option<String> }));
        assert!(
            errors[0].contains("path parameter `a` cannot be an `Option`"),
            "{errors:?}"
        );
        assert!(item_errors(quote!(struct S = "GET /x{?a}" { a: Option<String> })).is_empty());
        assert!(item_errors(quote!(struct S = "GET /x?a=<a>" { a: Option<String> })).is_empty());
        let errors =
            item_errors(quote!(struct S = "POST /x/{name}" { #[endpoint(body)] name: String }));
        assert!(
            errors[0].contains("also needs a field of that name"),
            "{errors:?}"
        );
        let errors = item_errors(quote!(struct S = "GET /x/{a-b}/{a_b}";));
        assert!(
            errors[0].contains("would both be the field `a_b`"),
            "{errors:?}"
        );
        let errors =
            item_errors(quote!(struct S = "POST /x" { #[endpoint(query, rename = "a b")] a: u32 }));
        assert!(
            errors[0].contains("not a valid template variable name"),
            "{errors:?}"
        );
    }

    #[test]
    fn generated_names_can_be_restated() {
        let (checked, errors) = item(quote! {
            struct S = "GET /enterprises/{enterprise}/teams/{enterprise-team}/{type}" {
                enterprise_team: u64,
                r#type: String,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        let names: Vec<_> = checked
            .fields
            .iter()
            .map(|f| (f.ident.to_string(), f.wire.clone()))
            .collect();
        assert_eq!(
            names,
            vec![
                ("enterprise".into(), "enterprise".into()),
                ("enterprise_team".into(), "enterprise-team".into()),
                ("r#type".into(), "type".into()),
            ]
        );
    }
}
