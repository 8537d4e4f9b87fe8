//! The item form's checks: the declared fields against the route's
//! placeholders, method and body, each field's wire name, role and
//! placement (location and OpenAPI style), and a generated field for every
//! placeholder nobody declared.
//!
//! The result, a [`CheckedItem`], is everything `expand` needs besides the
//! item as written. Every problem is recorded in the [`Ctxt`], so that a
//! struct with several mistakes reports all of them; each error about an
//! option points at the option.

use std::collections::{HashMap, HashSet};

use endpoint_runtime::sibling::{BodyKind, Location, Style, is_option_key, is_token};
use endpoint_runtime::template::Template;
use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{Attribute, Ident, LitStr, Type, Visibility};

use crate::ast::{FieldDef, ItemDef, option_inner};
use crate::attr::{FieldAttrs, ItemAttrs, location_name};
use crate::ctxt::Ctxt;
use crate::ident::FieldName;
use crate::route::{
    self, BodyDef, Checked, CheckedRoute, Placeholder, field_ident, option_key_list,
};

mod place;
#[cfg(test)]
mod tests;

use place::{PathStyle, path_style, place, restyled};

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
    /// Where and how a remaining parameter is written.
    pub placement: Placed,
    /// How the value is handed to the runtime.
    pub value: ValueKind,
    /// Where its location (`#[endpoint(query)]`…) is written, if it is.
    pub location_span: Option<Span>,
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
    /// It is a remaining parameter, written as its [`Placed`] says: by
    /// default, query on GET/HEAD, body otherwise (on a route with no body
    /// media type, the one named `data` is the body itself).
    Remaining,
}

/// The runtime's `Placement` of a remaining parameter, as the macro emits it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Placed {
    /// Where it goes.
    pub location: Location,
    /// How it is written.
    pub style: Style,
    /// OpenAPI's `explode`.
    pub explode: bool,
    /// OpenAPI's `allowReserved`.
    pub allow_reserved: bool,
    /// `arrays = "indices"`: lists in brackets are written `a[0]=`.
    pub indices: bool,
    /// The encoding's `contentType`.
    pub content_type: Option<String>,
}

impl Placed {
    /// A field declared with no location or style: the runtime's
    /// `Placement::DEFAULT`.
    pub(crate) const DEFAULT: Placed = Placed {
        location: Location::Default,
        style: Style::Default,
        explode: true,
        allow_reserved: false,
        indices: false,
        content_type: None,
    };
}

/// How a field's value is handed to the runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ValueKind {
    /// Directly (`ToParam`) for the types the runtime reads, else through
    /// serde; a file of a body (`File`) is read directly.
    Param,
    /// The bytes of a whole body of bytes (`AsRef<[u8]>`).
    Bytes,
    /// The text of a whole text body (`AsRef<str>`).
    Text,
    /// A whole body that offers several media types (`Content`).
    Choice,
}

/// What the field checks need to know about the route.
struct Scope<'a> {
    /// The route literal, where route-wide errors point.
    lit: &'a LitStr,
    /// The route, checked.
    route: &'a CheckedRoute,
    /// Its placeholders, in order of first appearance.
    vars: &'a [Placeholder],
    /// The body's media type, when the struct or its `request_body` names one.
    body: Option<&'a BodyDef>,
    /// Whether the struct names its API's settings (`api = path`).
    own_api: bool,
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

    /// Whether the route follows the octokit rules: no body media type, so
    /// that `data` is the raw body and option names are reserved.
    fn is_octokit(&self) -> bool {
        self.body.is_none()
    }

    /// Whether the option names are reserved: an octokit route
    /// ([`Scope::is_octokit`]) of no API of its own. A struct that names its
    /// API's settings (`api = path`, as every struct of a generated crate
    /// does) is built from its fields alone, which no option key is read
    /// from: its placeholders and parameters may have any name (an
    /// operation's `{url}`, a query's `method`).
    fn reserves_option_names(&self) -> bool {
        self.is_octokit() && !self.own_api
    }
}

/// Checks a struct definition and works out its fields.
pub(crate) fn check_item(cx: &mut Ctxt, item: &ItemDef) -> CheckedItem {
    let route = route::check_route(cx, &item.route);
    let item_attrs = ItemAttrs::from_attrs(cx, &item.options);
    let field_attrs: Vec<FieldAttrs> = item
        .fields
        .iter()
        .map(|def| FieldAttrs::from_attrs(cx, &def.options))
        .collect();
    let body = body_def(cx, &route, &item_attrs, &field_attrs);
    let vars = route.placeholders();
    let scope = Scope {
        lit: &item.route,
        route: &route,
        vars: &vars,
        body: body.as_ref(),
        own_api: item_attrs.api.is_some(),
    };
    if scope.reserves_option_names() {
        for var in &vars {
            route::check_placeholder_key(cx, &item.route, &var.name);
        }
    }
    let mut idents = HashSet::new();
    let mut path_styles = Vec::new();
    let declared: Vec<Field> = item
        .fields
        .iter()
        .zip(&field_attrs)
        .map(|(def, attrs)| declared_field(cx, &scope, def, attrs, &mut idents, &mut path_styles))
        .collect();
    check_parameters_once(cx, &declared);
    if scope.is_octokit() {
        check_data_alone(cx, &declared, route.is_query_method());
    }
    check_whole_body(cx, &scope, &declared);
    let mut fields = generated_fields(cx, &scope, &declared);
    fields.extend(declared);

    // Declared fields in the template that are not its placeholders are the
    // query parameters of a route with a body.
    let query: Vec<String> = fields
        .iter()
        .filter(|f| f.declared && f.role == Role::Template && !scope.is_var(&f.wire))
        .map(|f| f.wire.clone())
        .collect();
    let (mut template_text, mut template) = if query.is_empty() {
        (route.url.clone(), route.template.clone())
    } else {
        with_query(cx, &route, &query, &fields)
    };
    if !path_styles.is_empty()
        && let Some(parsed) = &template
    {
        match restyled(parsed, &path_styles) {
            Ok(text) => match Template::parse_all(&text) {
                Ok(restyled) => {
                    template = Some(restyled.into_owned());
                    template_text = text;
                }
                Err(errors) => {
                    for error in errors {
                        cx.error(
                            &item.route,
                            format!("the styled template `{text}`: {error}"),
                        );
                    }
                    template = None;
                }
            },
            Err((span, message)) => {
                cx.error_at(span, message);
                template = None;
            }
        }
    }
    for field in fields.iter().filter(|f| f.multi_segment) {
        template = template.map(|t| t.clone().with_multi_segment(&field.wire).unwrap_or(t));
    }
    let server = server(cx, &item_attrs, &template_text);
    Checked {
        method: route.method,
        template_text,
        template,
        fields,
        server,
        body,
        paginate: item_attrs.paginate.clone(),
        error: item_attrs.error.clone(),
        accept: item_attrs.accept.as_ref().map(|(accept, _)| accept.clone()),
        api: item_attrs.api.clone(),
        spec: item_attrs
            .spec
            .clone()
            .map(|spec| (spec, item_attrs.operation.clone())),
    }
}

/// The body's media type: the struct's `content_type`, or else that of its
/// `request_body` field. A route with a body media type is not read by the
/// octokit rules.
fn body_def(
    cx: &mut Ctxt,
    route: &CheckedRoute,
    item: &ItemAttrs,
    fields: &[FieldAttrs],
) -> Option<BodyDef> {
    let whole = fields
        .iter()
        .filter(|attrs| attrs.at(Location::Content).is_some())
        .find_map(|attrs| attrs.content_type.clone());
    let (media_type, span) = match (&item.content_type, whole) {
        (Some(named), Some((_, field_span))) => {
            cx.error_at(
                field_span,
                "the struct's `content_type` names the body's media type already: give it once, \
                 on the struct or on its `request_body` field",
            );
            named.clone()
        }
        (Some(named), None) => named.clone(),
        (None, Some(named)) => named,
        (None, None) => {
            if let Some(span) = item.body_required {
                cx.error_at(
                    span,
                    "`body_required` sends the body's empty form when no body field is set: it \
                     needs the body's media type, `content_type = \"…\"` on the struct",
                );
            }
            return None;
        }
    };
    if route.is_query_method() {
        cx.error_at(
            span,
            format!(
                "`content_type = \"{media_type}\"` on a {} route: GET and HEAD requests have no \
                 body",
                route.method
            ),
        );
        return None;
    }
    Some(BodyDef {
        kind: BodyKind::of(&media_type),
        media_type,
        required: item.body_required.is_some(),
    })
}

/// The route's own server: `#[endpoint(server = "…")]`. The route must
/// then be a path, which is joined to the server.
fn server(cx: &mut Ctxt, attrs: &ItemAttrs, template_text: &str) -> Option<String> {
    let (server, span) = attrs.server.as_ref()?;
    if !template_text.starts_with('/') {
        cx.error_at(
            *span,
            format!(
                "`#[endpoint(server = \"…\")]` sends the request to the route's server, which \
                 the route's path is joined to: the route `{template_text}` must be a path \
                 starting with `/`, not a full URL"
            ),
        );
        return None;
    }
    Some(server.clone())
}

/// Checks a declared field and works out its wire name, role and placement.
/// `idents` holds the names of the fields before it; a path placeholder's
/// style is added to `path_styles`.
fn declared_field(
    cx: &mut Ctxt,
    scope: &Scope<'_>,
    def: &FieldDef,
    attrs: &FieldAttrs,
    idents: &mut HashSet<String>,
    path_styles: &mut Vec<PathStyle>,
) -> Field {
    let ident_name = def.ident.unraw().to_string();
    if !idents.insert(ident_name.clone()) {
        cx.error(
            &def.ident,
            format!("the field `{}` is declared twice", def.ident),
        );
    }
    let inner = option_inner(&def.ty);
    if let Some(span) = attrs.nullable
        && inner.is_none()
    {
        cx.error_at(
            span,
            format!(
                "`nullable` is for an `Option` field (its `None` sent as `null`), and `{}` is not one",
                def.ident
            ),
        );
    }
    // A `nullable` field is always sent: its `None` is `null`.
    let optional = inner.is_some() && attrs.nullable.is_none();
    let inner = inner.unwrap_or(&def.ty);
    let wire = wire_name(scope, attrs, &ident_name);
    let role = role(cx, scope, attrs, &def.ident, &wire);
    let wire_span = attrs
        .rename
        .as_ref()
        .map_or(def.ident.span(), |(_, span)| *span);
    let (placement, value) = match role {
        Role::Remaining => place(cx, scope, attrs, &def.ident, inner),
        Role::Template => {
            path_styles.extend(path_style(cx, scope, attrs, &wire));
            (Placed::DEFAULT, ValueKind::Param)
        }
    };
    check_wire_name(cx, scope, role, &placement, &wire, wire_span);
    let multi_segment = match attrs.multi_segment {
        // With another location, `attr` has said what is wrong.
        Some(_) if attrs.location.is_some_and(|(loc, _)| loc != Location::Path) => false,
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
        Some(span) => {
            if attrs.style.is_some_and(|(style, _)| style != Style::Simple)
                || attrs.explode.is_some_and(|(explode, _)| explode)
            {
                cx.error_at(
                    span,
                    "`multi_segment` keeps the `/` of a value written in the `simple` style, \
                     unexploded: it cannot go with another style or `explode`",
                );
            }
            true
        }
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
        placement,
        value,
        location_span: attrs.location.map(|(_, span)| span),
        optional,
        declared: true,
        multi_segment,
    }
}

/// The wire name of a declared field: its `rename`, or else its own name (a
/// header's with `_` written `-`); a field named like a placeholder's
/// generated field stands for that placeholder (`enterprise_team` for
/// `{enterprise-team}`), unless it has a location of its own.
fn wire_name(scope: &Scope<'_>, attrs: &FieldAttrs, ident_name: &str) -> String {
    if let Some((wire, _)) = &attrs.rename {
        return wire.clone();
    }
    match attrs.location.map(|(loc, _)| loc) {
        Some(Location::Header) => return ident_name.replace('_', "-"),
        Some(Location::Body | Location::Content | Location::Cookie) => {
            return ident_name.to_owned();
        }
        _ => {}
    }
    if scope.is_var(ident_name) {
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
/// writes it into the JSON body, where no option is read; and so may every
/// parameter of a route with a body media type, and a header or a cookie,
/// which the octokit rules do not read. A header's name is an RFC 9110
/// token.
fn check_wire_name(
    cx: &mut Ctxt,
    scope: &Scope<'_>,
    role: Role,
    placement: &Placed,
    wire: &str,
    span: Span,
) {
    if role == Role::Remaining && placement.location == Location::Header && !is_token(wire) {
        cx.error_at(
            span,
            format!(
                "`{wire}` is not a header name: a header's name is made of letters, digits and \
                 ``!#$%&'*+-.^_`|~``"
            ),
        );
    }
    let to_body = role == Role::Remaining && !scope.route.is_query_method();
    let read_as_option = scope.reserves_option_names()
        && !to_body
        && (role == Role::Template || placement.location == Location::Default);
    if read_as_option && is_option_key(wire) {
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
    // No location option: the runtime's default location.
    let (loc, span) = attrs
        .location
        .unwrap_or((Location::Default, Span::call_site()));
    match loc {
        Location::Default if is_var => Role::Template,
        Location::Default => Role::Remaining,
        Location::Body | Location::Content => {
            if is_query_method {
                cx.error_at(
                    span,
                    format!(
                        "`#[endpoint({})]` on a {} route: the field `{ident}` cannot go to a \
                         body, as GET and HEAD requests have none; without `{}`, it goes to the \
                         query string",
                        location_name(loc),
                        scope.route.method,
                        location_name(loc)
                    ),
                );
            }
            Role::Remaining
        }
        Location::Query if is_var => {
            cx.error_at(
                span,
                format!(
                    "`{wire}` is the placeholder `{{{wire}}}` of the URL; it cannot also be a query \
                     parameter"
                ),
            );
            Role::Template
        }
        // On a route with a body, an unstyled query parameter is a variable
        // of the `{?…}` expression added to the template, when its name can
        // be one; another (`include[]`, `a b`) is written by the
        // query writer, as a GET route's is.
        Location::Query
            if !is_query_method && attrs.styled().is_none() && is_template_variable(wire) =>
        {
            Role::Template
        }
        Location::Query => Role::Remaining,
        Location::Header | Location::Cookie => {
            if is_var {
                cx.error_at(
                    span,
                    format!(
                        "`{wire}` is the placeholder `{{{wire}}}` of the URL; it cannot also be a \
                         {}: a placeholder's field fills the URL",
                        location_name(loc)
                    ),
                );
            }
            Role::Remaining
        }
        Location::Path => {
            if !scope.is_path_var(wire) {
                cx.error_at(
                    span,
                    format!(
                        "`#[endpoint(path)]` on `{ident}`, but `{wire}` is not a placeholder in \
                         the URL's path: write `{{{wire}}}` in the route"
                    ),
                );
            }
            Role::Template
        }
    }
}

/// Whether `name` can be the variable of a `{?…}` expression, as the
/// runtime's template parser reads one (RFC 6570's `varname`: letters,
/// digits, `_`, percent-encoded octets and inner dots, and `-` as
/// `@octokit/endpoint` accepts it).
fn is_template_variable(name: &str) -> bool {
    Template::parse(&format!("{{?{name}}}")).is_ok()
}

/// The same parameter twice in the same role.
fn check_parameters_once(cx: &mut Ctxt, declared: &[Field]) {
    for (i, field) in declared.iter().enumerate() {
        if let Some(other) = declared[..i].iter().find(|other| {
            other.wire == field.wire
                && other.role == field.role
                && other.placement.location == field.placement.location
                && other.ident != field.ident
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
    let in_body =
        |f: &Field| f.role == Role::Remaining && f.placement.location == Location::Default;
    let Some(data) = declared.iter().find(|f| in_body(f) && f.wire == "data") else {
        return;
    };
    let data_field = if data.ident == "data" {
        "`data`".to_owned()
    } else {
        format!("`{}` (the `data` parameter)", data.ident)
    };
    for field in declared.iter().filter(|f| in_body(f) && f.wire != "data") {
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

/// A `request_body` field is the whole body: one a struct, and no field of
/// the body beside it.
fn check_whole_body(cx: &mut Ctxt, scope: &Scope<'_>, declared: &[Field]) {
    let mut wholes = declared
        .iter()
        .filter(|f| f.role == Role::Remaining && f.placement.location == Location::Content);
    let Some(whole) = wholes.next() else {
        return;
    };
    for other in wholes {
        cx.error_at(
            other.location_span.unwrap_or_else(|| other.ident.span()),
            format!(
                "a second `request_body` field, `{}`: a request has one body, and `{}` is it",
                other.ident, whole.ident
            ),
        );
    }
    if scope.route.is_query_method() {
        return;
    }
    for field in declared.iter().filter(|f| {
        f.role == Role::Remaining
            && matches!(f.placement.location, Location::Default | Location::Body)
    }) {
        cx.error_at(
            field.location_span.unwrap_or_else(|| field.ident.span()),
            format!(
                "the field `{}` would go to the body, but `{}` is the whole body \
                 (`request_body`): put `{}` inside it, or in the query, a header or a cookie",
                field.ident, whole.ident, field.ident
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
        // A header or cookie named like the placeholder has its error.
        if let Some(clash) = declared.iter().find(|f| {
            f.ident.unraw() == key
                && !(f.wire == var.name
                    && matches!(f.placement.location, Location::Header | Location::Cookie))
        }) {
            cx.error(
                &clash.ident,
                format!(
                    "the field `{}` is a {} parameter, but the placeholder `{}` also needs a field of \
                     that name; declare the placeholder's field under another name with \
                     `#[endpoint(rename = \"{}\")] path_{key}: String`",
                    clash.ident,
                    match clash.placement.location {
                        Location::Header => "header",
                        Location::Cookie => "cookie",
                        Location::Query => "query",
                        Location::Body | Location::Content => "body",
                        Location::Path => "path",
                        Location::Default if scope.route.is_query_method() => "query",
                        Location::Default => "body",
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
        placement: Placed::DEFAULT,
        value: ValueKind::Param,
        location_span: None,
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
    // Exploded, so that a list is written as OpenAPI's default for the
    // query (`a=x&a=y`).
    let exploded: Vec<String> = query.iter().map(|name| format!("{name}*")).collect();
    let text = format!("{}{{{operator}{}}}", route.url, exploded.join(","));
    match Template::parse_all(&text) {
        Ok(template) => {
            let template = template.into_owned();
            (text, Some(template))
        }
        // Each name is a template variable (`role`), so this is a defect of
        // the macro, reported at the first of the fields rather than lost.
        Err(errors) => {
            if let Some(field) = fields.iter().find(|f| query.contains(&f.wire)) {
                for error in errors {
                    cx.error(
                        &field.ident,
                        format!("the template `{text}` of the query parameters: {error}"),
                    );
                }
            }
            (text, None)
        }
    }
}
