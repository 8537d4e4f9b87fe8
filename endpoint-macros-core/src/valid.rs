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

use endpoint_runtime::sibling::{
    BodyKind, Location, Modifier, Operator, Part, Style, is_option_key, is_token,
};
use endpoint_runtime::template::Template;
use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{Attribute, Ident, LitStr, Type, Visibility};

use crate::ast::{FieldDef, ItemDef, Shape, is_file, option_inner, shape};
use crate::attr::{FieldAttrs, ItemAttrs, location_name, style_list};
use crate::ctxt::Ctxt;
use crate::ident::FieldName;
use crate::route::{
    self, BodyDef, Checked, CheckedRoute, Placeholder, field_ident, option_key_list,
};

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

/// A path placeholder's style, written into the template as an RFC 6570
/// operator and modifier.
struct PathStyle {
    /// The placeholder.
    wire: String,
    /// `simple` → none, `label` → `.`, `matrix` → `;`.
    operator: Operator,
    /// `explode = …`, when written: the `*` modifier.
    explode: Option<bool>,
    /// Where the errors about it point.
    span: Span,
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

/// The styles OpenAPI allows in the query string and in the fields of a
/// form body.
const QUERY_STYLES: &[Style] = &[
    Style::Form,
    Style::SpaceDelimited,
    Style::PipeDelimited,
    Style::DeepObject,
];

/// The styles of a path placeholder.
const PATH_STYLES: &[Style] = &[Style::Simple, Style::Label, Style::Matrix];

/// Where a remaining parameter goes and how it is written, checked against
/// its location, the body's media type and its type (`ty`, without its
/// `Option`).
fn place(
    cx: &mut Ctxt,
    scope: &Scope<'_>,
    attrs: &FieldAttrs,
    ident: &Ident,
    ty: &Type,
) -> (Placed, ValueKind) {
    let loc = attrs.location.map_or(Location::Default, |(loc, _)| loc);
    let kind = scope.body.map(|body| body.kind);
    let mut placed = Placed::DEFAULT;
    let mut value = ValueKind::Param;
    // What the field is, for the messages; the styles it allows; whether it
    // is a field of a form body (`arrays`, `allow_reserved` and the
    // encoding's `content_type` apply).
    let (what, styles, form_field): (&str, &[Style], bool) = match loc {
        Location::Header => {
            placed.location = Location::Header;
            placed.style = Style::Simple;
            ("a header", &[Style::Simple], false)
        }
        Location::Cookie => {
            placed.location = Location::Cookie;
            placed.style = Style::Form;
            ("a cookie", &[Style::Form], false)
        }
        Location::Query => {
            placed.location = Location::Query;
            placed.style = Style::Form;
            ("a query parameter", QUERY_STYLES, false)
        }
        Location::Default if scope.route.is_query_method() => {
            if attrs.styled().is_some() {
                placed.location = Location::Query;
                placed.style = Style::Form;
            }
            ("a query parameter", QUERY_STYLES, false)
        }
        Location::Content => {
            placed.location = Location::Content;
            value = whole_body(cx, scope, attrs, ty);
            let form = attrs
                .content_type
                .as_ref()
                .map(|(media_type, _)| BodyKind::of(media_type))
                .or(kind)
                == Some(BodyKind::Form);
            ("the whole body", &[], form)
        }
        Location::Default | Location::Body | Location::Path => {
            // A field of a body of a named media type is written by its
            // placement as soon as it has one; else by the default rule.
            if kind.is_some()
                && (loc == Location::Body
                    || attrs.styled().is_some()
                    || attrs.content_type.is_some())
            {
                placed.location = Location::Body;
            }
            match kind {
                None | Some(BodyKind::Json) => ("a field of a JSON body", &[], false),
                Some(BodyKind::Form) => {
                    // `explode` alone qualifies OpenAPI's default style of
                    // a form body's field: `form`.
                    if attrs.style.is_none() && attrs.explode.is_some() {
                        placed.style = Style::Form;
                    }
                    ("a field of a form body", QUERY_STYLES, true)
                }
                Some(BodyKind::Multipart) => ("a part of a multipart body", &[], false),
                Some(BodyKind::Text | BodyKind::Bytes) => {
                    let media_type = scope.body.map_or("", |body| body.media_type.as_str());
                    let span = attrs.location.map_or(ident.span(), |(_, span)| span);
                    cx.error_at(
                        span,
                        format!(
                            "the field `{ident}` would be a field of the body, but a \
                             `{media_type}` body is one value: declare that value \
                             `#[endpoint(request_body)]`, and put `{ident}` in the query, a \
                             header or a cookie"
                        ),
                    );
                    ("", &[], false)
                }
            }
        }
    };
    let multipart_part = kind == Some(BodyKind::Multipart)
        && matches!(loc, Location::Default | Location::Body)
        && !scope.route.is_query_method();
    if let Some((style, span)) = attrs.style {
        if styles.contains(&style) {
            placed.style = style;
        } else if styles.is_empty() {
            cx.error_at(
                span,
                format!(
                    "`style` does not apply to {what}: styles are for query, header and cookie \
                     parameters, path placeholders and the fields of a form body \
                     (`content_type = \"application/x-www-form-urlencoded\"` on the struct)"
                ),
            );
        } else {
            cx.error_at(
                span,
                format!(
                    "`style = \"{}\"` is not a style of {what}: expected {}",
                    style.openapi_name().unwrap_or_default(),
                    style_list(styles)
                ),
            );
        }
    }
    explode(
        cx,
        attrs,
        &mut placed,
        what,
        styles.is_empty(),
        ty,
        form_field,
    );
    if let Some(span) = attrs.allow_reserved {
        let query = matches!(placed.location, Location::Query)
            || placed.location == Location::Default && scope.route.is_query_method();
        if query || form_field && loc != Location::Content {
            placed.allow_reserved = true;
        } else {
            cx.error_at(
                span,
                format!(
                    "`allow_reserved` does not apply to {what}: it keeps RFC 3986's reserved \
                     characters unencoded in a query parameter or a field of a form body"
                ),
            );
        }
    }
    if let Some((indices, span)) = attrs.arrays {
        if placed.style == Style::DeepObject || form_field {
            placed.indices = indices;
        } else {
            cx.error_at(
                span,
                format!(
                    "`arrays` does not apply to {what}: it is the bracket rule of the \
                     `deepObject` style and of the nested lists of a form body"
                ),
            );
        }
    }
    if let Some((media_type, span)) = &attrs.content_type {
        if loc == Location::Content {
            // The body's media type: `body_def` has read it.
        } else if form_field || multipart_part {
            placed.content_type = Some(media_type.clone());
            placed.location = Location::Body;
        } else {
            cx.error_at(
                *span,
                format!(
                    "`content_type` does not apply to {what}: it is the media type of a \
                     `request_body` field, or the encoding of a field of a form or multipart \
                     body"
                ),
            );
        }
    }
    (placed, value)
}

/// `explode`: OpenAPI's default (true for `form`, false otherwise;
/// `deepObject` is always exploded), or as written, checked against the
/// style and the field's type.
fn explode(
    cx: &mut Ctxt,
    attrs: &FieldAttrs,
    placed: &mut Placed,
    what: &str,
    unstyled: bool,
    ty: &Type,
    form_field: bool,
) {
    let shape = shape(ty);
    let composite = matches!(shape, Shape::List | Shape::Object);
    let style_span = attrs.style.map(|(_, span)| span);
    placed.explode = matches!(
        placed.style,
        Style::Form | Style::Default | Style::DeepObject
    );
    let Some((explode, span)) = attrs.explode else {
        if form_field && placed.style == Style::Form && placed.explode && composite {
            cx.error_at(
                style_span.unwrap_or_else(Span::call_site),
                form_body_explode_message(),
            );
        }
        return;
    };
    if unstyled && !form_field {
        cx.error_at(
            span,
            format!(
                "`explode` does not apply to {what}: it is for query, header and cookie \
                 parameters, path placeholders and the fields of a form body"
            ),
        );
        return;
    }
    placed.explode = explode;
    match placed.style {
        Style::DeepObject if !explode => cx.error_at(
            span,
            "`deepObject` is always exploded (`name[key]=value`): remove `explode = false`",
        ),
        Style::SpaceDelimited | Style::PipeDelimited if explode && shape == Shape::Object => {
            cx.error_at(
                span,
                "an object cannot be exploded in the `spaceDelimited` or `pipeDelimited` style, \
                 which OpenAPI defines only unexploded: remove `explode`, or use `deepObject` or \
                 `form`",
            );
        }
        Style::Form if placed.location == Location::Cookie && !explode && composite => {
            cx.error_at(
                span,
                "a list or an object in a cookie is written exploded, one `name=value` a cookie: \
                 `explode = false` would join its items with `,`, which RFC 6265 does not allow \
                 in a cookie value; remove `explode = false`",
            );
        }
        Style::Form if form_field && explode && composite => {
            cx.error_at(span, form_body_explode_message());
        }
        _ => {}
    }
}

/// The message for a list or object written in the exploded `form` style
/// inside a form body.
fn form_body_explode_message() -> &'static str {
    "in a form body, `style = \"form\"` exploded would write a list or an object as fields of \
     the body itself, beside the others: write `explode = false` (items joined with `,`) or use \
     `style = \"deepObject\"` (`name[]=…`, `name[key]=…`)"
}

/// How the value of a `request_body` field is handed to the runtime, by the
/// body's media type: JSON and form bodies from any value, text as a
/// string, bytes as bytes or a file, and with no media type anywhere, a
/// choice of media types (`Content`).
fn whole_body(cx: &mut Ctxt, scope: &Scope<'_>, attrs: &FieldAttrs, ty: &Type) -> ValueKind {
    for span in [
        attrs.style.map(|(_, span)| span),
        attrs.explode.map(|(_, span)| span),
        attrs.allow_reserved,
    ]
    .into_iter()
    .flatten()
    {
        cx.error_at(
            span,
            "a `request_body` field is the whole body, written as its media type says: \
             `style`, `explode` and `allow_reserved` are for parameters and the fields of a form \
             body",
        );
    }
    let kind = attrs
        .content_type
        .as_ref()
        .map(|(media_type, _)| BodyKind::of(media_type))
        .or(scope.body.map(|body| body.kind));
    match kind {
        None => ValueKind::Choice,
        Some(BodyKind::Json | BodyKind::Form) => ValueKind::Param,
        Some(BodyKind::Text) => ValueKind::Text,
        Some(BodyKind::Bytes) if is_file(ty) => ValueKind::Param,
        Some(BodyKind::Bytes) => ValueKind::Bytes,
        Some(BodyKind::Multipart) => {
            let span = attrs
                .location
                .map_or_else(Span::call_site, |(_, span)| span);
            cx.error_at(
                span,
                "a multipart body is made of parts: declare each part as a `body` field (a \
                 `File` is a file part), not one `request_body`",
            );
            ValueKind::Param
        }
    }
}

/// A placeholder's style options: only path placeholders have a style,
/// `simple`, `label` or `matrix`, with or without `explode`; none of the
/// other options applies.
fn path_style(
    cx: &mut Ctxt,
    scope: &Scope<'_>,
    attrs: &FieldAttrs,
    wire: &str,
) -> Option<PathStyle> {
    let misplaced = [
        (
            attrs.allow_reserved,
            "`allow_reserved`",
            "write `{+name}` in the route to keep reserved characters",
        ),
        (
            attrs.arrays.map(|(_, span)| span),
            "`arrays`",
            "it is the bracket rule of `deepObject` and form bodies",
        ),
        (
            attrs.content_type.as_ref().map(|(_, span)| *span),
            "`content_type`",
            "it is for bodies",
        ),
    ];
    for (span, name, why) in misplaced {
        if let Some(span) = span {
            cx.error_at(
                span,
                format!("{name} does not apply to the placeholder `{wire}` of the URL: {why}"),
            );
        }
    }
    let span = attrs
        .style
        .map(|(_, span)| span)
        .or(attrs.explode.map(|(_, span)| span))?;
    if !scope.is_path_var(wire) {
        cx.error_at(
            span,
            format!(
                "`{wire}` is a placeholder of the URL's query or fragment: its operator in the \
                 route decides how it is written (`{{?{wire}*}}` explodes it); styles are for path \
                 placeholders"
            ),
        );
        return None;
    }
    let operator = match attrs.style.map(|(style, _)| style) {
        None | Some(Style::Simple) => Operator::Simple,
        Some(Style::Label) => Operator::Label,
        Some(Style::Matrix) => Operator::PathParameter,
        Some(style) => {
            cx.error_at(
                span,
                format!(
                    "`style = \"{}\"` is not a style of a path placeholder: expected {}",
                    style.openapi_name().unwrap_or_default(),
                    style_list(PATH_STYLES)
                ),
            );
            return None;
        }
    };
    Some(PathStyle {
        wire: wire.to_owned(),
        operator,
        explode: attrs.explode.map(|(explode, _)| explode),
        span,
    })
}

/// The template's text with each styled path placeholder written with its
/// operator and modifier (`{id}` in the `label` style, exploded: `{.id*}`),
/// or where a placeholder cannot take its style, and why. The other parts
/// are written as they were parsed (`<name>` and `:name` as `{name}`).
fn restyled(template: &Template<'_>, styles: &[PathStyle]) -> Result<String, (Span, String)> {
    let mut text = String::new();
    for part in template.parts() {
        let expr = match part {
            Part::Literal(literal) => {
                text.push_str(literal);
                continue;
            }
            Part::Expression(expr) => expr,
        };
        let style = expr
            .variables
            .iter()
            .find_map(|var| styles.iter().find(|style| style.wire == var.name));
        let mut operator = expr.operator;
        if let Some(style) = style {
            let name = &style.wire;
            if expr.variables.len() != 1 {
                return Err((
                    style.span,
                    format!(
                        "the placeholder `{name}` shares its expression with other variables: \
                         write it alone, `{{{name}}}`, to give it a style"
                    ),
                ));
            }
            if operator != Operator::Simple && operator != style.operator {
                return Err((
                    style.span,
                    format!(
                        "the route writes the placeholder `{name}` with the operator `{}`, which \
                         is its style already: write it `{{{name}}}` to give it a style",
                        operator.symbol().unwrap_or(' ')
                    ),
                ));
            }
            operator = style.operator;
        }
        text.push('{');
        text.extend(operator.symbol());
        for (i, var) in expr.variables.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(var.name);
            let modifier = match (style.and_then(|style| style.explode), var.modifier) {
                (Some(true), Modifier::None | Modifier::Explode) => Modifier::Explode,
                (Some(false), Modifier::Explode) | (Some(true), Modifier::Prefix(_)) => {
                    let style = style.map_or_else(Span::call_site, |style| style.span);
                    return Err((
                        style,
                        format!(
                            "`explode` contradicts the placeholder `{}` as the route writes it: \
                             remove its modifier from the route",
                            var.name
                        ),
                    ));
                }
                (_, modifier) => modifier,
            };
            match modifier {
                Modifier::None => {}
                Modifier::Explode => text.push('*'),
                Modifier::Prefix(length) => text.push_str(&format!(":{length}")),
            }
        }
        text.push('}');
    }
    Ok(text)
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
    fn a_struct_of_its_own_api_may_name_parameters_like_options() {
        // Built from its fields alone, with its API's settings: no option
        // key is read from it, and an operation's `{url}` or `method` is a
        // parameter like any.
        let (checked, errors) = item(quote! {
            #[endpoint(api = crate::api)]
            struct S = "GET /x/{url}/{request}" {
                #[endpoint(query)] method: String,
                #[endpoint(query, rename = "baseUrl")] base_url: String,
                headers: Option<String>,
                #[endpoint(rename = "mediaType")] media_type: Option<String>,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        let wires: Vec<&str> = checked.fields.iter().map(|f| f.wire.as_str()).collect();
        for wire in [
            "url",
            "request",
            "method",
            "baseUrl",
            "headers",
            "mediaType",
        ] {
            assert!(wires.contains(&wire), "{wire}: {wires:?}");
        }
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
    fn a_query_name_that_can_be_no_template_variable_goes_to_the_query_writer() {
        let (checked, errors) = item(quote! {
            struct S = "POST /threads/{thread_id}/runs" {
                #[endpoint(query, rename = "include[]")] include: Option<Vec<String>>,
                #[endpoint(query, rename = "a b")] spaced: Option<bool>,
                #[endpoint(query)] page: u32,
                assistant_id: String,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(checked.template_text, "/threads/{thread_id}/runs{?page*}");
        for wire in ["include[]", "a b"] {
            let field = checked.fields.iter().find(|f| f.wire == wire).unwrap();
            assert_eq!(field.role, Role::Remaining, "{wire}");
            assert_eq!(field.placement.location, Location::Query, "{wire}");
        }
        let page = checked.fields.iter().find(|f| f.wire == "page").unwrap();
        assert_eq!(page.role, Role::Template);
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
            "/repos/{owner}/{repo}/actions/variables/{name}{?page*}"
        );

        let (checked, errors) = item(quote! {
            struct S = "POST /search?x=1" { #[endpoint(query)] a: u32, #[endpoint(query)] b: Option<u32> }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(checked.template_text, "/search?x=1{&a*,b*}");

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

    /// `(wire, location, style, explode, allow_reserved, indices, content_type)`.
    type Placement = (String, Location, Style, bool, bool, bool, Option<String>);

    /// The [`Placement`] of each remaining parameter.
    fn placements(checked: &CheckedItem) -> Vec<Placement> {
        checked
            .fields
            .iter()
            .filter(|f| f.role == Role::Remaining)
            .map(|f| {
                let p = &f.placement;
                (
                    f.wire.clone(),
                    p.location,
                    p.style,
                    p.explode,
                    p.allow_reserved,
                    p.indices,
                    p.content_type.clone(),
                )
            })
            .collect()
    }

    #[test]
    fn parameter_styles() {
        let (checked, errors) = item(quote! {
            struct S = "GET /pets" {
                kind: Vec<String>,
                #[endpoint(query, style = "form", explode = false)] tags: Vec<String>,
                #[endpoint(style = "pipeDelimited")] ids: Vec<u32>,
                #[endpoint(query, style = "spaceDelimited")] names: Vec<String>,
                #[endpoint(query, style = "deepObject", arrays = "indices")] filter: Filter,
                #[endpoint(query, allow_reserved)] path: String,
                #[endpoint(header)] x_request_id: String,
                #[endpoint(header, rename = "If-None-Match", explode)] etags: Vec<String>,
                #[endpoint(cookie)] session: Option<String>,
                #[endpoint(cookie, style = "form")] prefs: HashMap<String, String>,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        use Location::*;
        assert_eq!(
            placements(&checked),
            vec![
                (
                    "kind".into(),
                    Default,
                    Style::Default,
                    true,
                    false,
                    false,
                    None
                ),
                ("tags".into(), Query, Style::Form, false, false, false, None),
                (
                    "ids".into(),
                    Query,
                    Style::PipeDelimited,
                    false,
                    false,
                    false,
                    None
                ),
                (
                    "names".into(),
                    Query,
                    Style::SpaceDelimited,
                    false,
                    false,
                    false,
                    None
                ),
                (
                    "filter".into(),
                    Query,
                    Style::DeepObject,
                    true,
                    false,
                    true,
                    None
                ),
                ("path".into(), Query, Style::Form, true, true, false, None),
                (
                    "x-request-id".into(),
                    Header,
                    Style::Simple,
                    false,
                    false,
                    false,
                    None
                ),
                (
                    "If-None-Match".into(),
                    Header,
                    Style::Simple,
                    true,
                    false,
                    false,
                    None
                ),
                (
                    "session".into(),
                    Cookie,
                    Style::Form,
                    true,
                    false,
                    false,
                    None
                ),
                (
                    "prefs".into(),
                    Cookie,
                    Style::Form,
                    true,
                    false,
                    false,
                    None
                ),
            ]
        );
        assert!(checked.body.is_none());
        assert_eq!(checked.template_text, "/pets");

        // On a route with a body, a styled query parameter is a parameter of
        // the query location, an unstyled one a variable of the template.
        let (checked, errors) = item(quote! {
            struct S = "POST /x" {
                #[endpoint(query)] a: Vec<String>,
                #[endpoint(query, style = "form", explode = false)] b: Vec<String>,
                #[endpoint(header)] url: String,
                title: String,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(checked.template_text, "/x{?a*}");
        let placed = placements(&checked);
        assert_eq!(
            placed[0],
            ("b".into(), Query, Style::Form, false, false, false, None)
        );
        assert_eq!(placed[1].1, Header);
        assert_eq!(placed[2].1, Default);
    }

    #[test]
    fn path_styles() {
        let (checked, errors) = item(quote! {
            struct S = "GET /a/{label}/:matrix/<plain>/{x:3}{?q}" {
                #[endpoint(style = "label", explode)] label: Vec<String>,
                #[endpoint(path, style = "matrix")] matrix: Vec<String>,
                #[endpoint(style = "simple", explode)] plain: Vec<String>,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            checked.template_text,
            "/a/{.label*}/{;matrix}/{plain*}/{x:3}{?q}"
        );
        assert_eq!(
            checked.template.unwrap(),
            Template::parse("/a/{.label*}/{;matrix}/{plain*}/{x:3}{?q}").unwrap()
        );
        // Written with its style already: kept.
        let (checked, errors) = item(quote! {
            struct S = "GET /a/{.label}" { #[endpoint(style = "label", explode)] label: Vec<String> }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(checked.template_text, "/a/{.label*}");
        // Unstyled routes keep their text as written.
        let (checked, errors) = item(quote!(struct S = "GET /a/:b/<c>";));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(checked.template_text, "/a/:b/<c>");
    }

    #[test]
    fn path_style_errors() {
        let errors = item_errors(quote! {
            struct S = "GET /a/{b,c}/{+d}/{e}/{f*}/{g}{?q}" {
                #[endpoint(style = "label")] b: String,
                #[endpoint(style = "matrix")] d: String,
                #[endpoint(style = "form")] e: String,
                #[endpoint(explode = false)] f: Vec<String>,
                #[endpoint(explode)] q: Option<String>,
                #[endpoint(path)] nowhere: String,
                #[endpoint(header)] c: String,
                #[endpoint(allow_reserved, arrays = "indices", content_type = "text/plain")] g: String,
            }
        });
        assert_reported(
            &errors,
            &[
                "`style = \"form\"` is not a style of a path placeholder: expected `\"simple\"`, `\"label\"` or `\"matrix\"`",
                "`q` is a placeholder of the URL's query or fragment",
                "`#[endpoint(path)]` on `nowhere`, but `nowhere` is not a placeholder in the URL's path",
                "`c` is the placeholder `{c}` of the URL; it cannot also be a header",
                "`allow_reserved` does not apply to the placeholder `g`",
                "`arrays` does not apply to the placeholder `g`",
                "`content_type` does not apply to the placeholder `g`",
            ],
        );
        // The template's own mistakes come one at a time, the first in order.
        assert_reported(
            &item_errors(quote! {
                struct S = "GET /a/{b,c}" { #[endpoint(style = "label")] b: String }
            }),
            &["the placeholder `b` shares its expression with other variables"],
        );
        assert_reported(
            &item_errors(quote! {
                struct S = "GET /a/{+d}" { #[endpoint(style = "matrix")] d: String }
            }),
            &["the route writes the placeholder `d` with the operator `+`"],
        );
        assert_reported(
            &item_errors(quote! {
                struct S = "GET /a/{f*}" { #[endpoint(explode = false)] f: Vec<String> }
            }),
            &["`explode` contradicts the placeholder `f` as the route writes it"],
        );
        assert_reported(
            &item_errors(quote! {
                struct S = "GET /a/{f}" { #[endpoint(multi_segment, style = "label")] f: String }
            }),
            &["`multi_segment` keeps the `/` of a value written in the `simple` style"],
        );
    }

    #[test]
    fn parameter_style_errors() {
        let errors = item_errors(quote! {
            struct S = "GET /x" {
                #[endpoint(header, style = "deepObject")] a: String,
                #[endpoint(query, style = "label")] b: String,
                #[endpoint(cookie, style = "simple")] c: String,
                #[endpoint(query, style = "deepObject", explode = false)] d: Filter,
                #[endpoint(query, style = "pipeDelimited", explode = true)] e: HashMap<String, u32>,
                #[endpoint(cookie, explode = false)] f: Vec<String>,
                #[endpoint(query, arrays = "indices")] g: Vec<String>,
                #[endpoint(header, allow_reserved)] h: String,
                #[endpoint(query, content_type = "text/plain")] i: String,
                #[endpoint(header, rename = "bad header")] j: String,
                #[endpoint(request_body)] k: String,
            }
        });
        assert_reported(
            &errors,
            &[
                "`style = \"deepObject\"` is not a style of a header: expected `\"simple\"`",
                "`style = \"label\"` is not a style of a query parameter: expected `\"form\"`, `\"spaceDelimited\"`, `\"pipeDelimited\"` or `\"deepObject\"`",
                "`style = \"simple\"` is not a style of a cookie: expected `\"form\"`",
                "`deepObject` is always exploded",
                "an object cannot be exploded in the `spaceDelimited` or `pipeDelimited` style",
                "a list or an object in a cookie is written exploded",
                "`arrays` does not apply to a query parameter",
                "`allow_reserved` does not apply to a header",
                "`content_type` does not apply to a query parameter",
                "`bad header` is not a header name",
                "`#[endpoint(request_body)]` on a GET route: the field `k` cannot go to a body",
            ],
        );
        assert_eq!(errors.len(), 11, "{errors:?}");
        // A style needs a location on a route with a body.
        let errors = item_errors(quote! {
            struct S = "POST /x" { #[endpoint(style = "form")] a: Vec<String> }
        });
        assert_reported(
            &errors,
            &["`style` does not apply to a field of a JSON body"],
        );
    }

    #[test]
    fn bodies() {
        let (checked, errors) = item(quote! {
            #[endpoint(content_type = "application/x-www-form-urlencoded")]
            struct S = "POST /token" {
                grant_type: String,
                #[endpoint(body, arrays = "indices")] items: Vec<Item>,
                #[endpoint(body, style = "form", explode = false)] scopes: Vec<String>,
                #[endpoint(style = "deepObject")] meta: Meta,
                #[endpoint(header)] data: String,
                url: String,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            checked.body,
            Some(BodyDef {
                media_type: "application/x-www-form-urlencoded".into(),
                kind: BodyKind::Form,
                required: false,
            })
        );
        use Location::*;
        assert_eq!(
            placements(&checked),
            vec![
                (
                    "grant_type".into(),
                    Default,
                    Style::Default,
                    true,
                    false,
                    false,
                    None
                ),
                (
                    "items".into(),
                    Body,
                    Style::Default,
                    true,
                    false,
                    true,
                    None
                ),
                (
                    "scopes".into(),
                    Body,
                    Style::Form,
                    false,
                    false,
                    false,
                    None
                ),
                (
                    "meta".into(),
                    Body,
                    Style::DeepObject,
                    true,
                    false,
                    false,
                    None
                ),
                (
                    "data".into(),
                    Header,
                    Style::Simple,
                    false,
                    false,
                    false,
                    None
                ),
                (
                    "url".into(),
                    Default,
                    Style::Default,
                    true,
                    false,
                    false,
                    None
                ),
            ]
        );

        let (checked, errors) = item(quote! {
            #[endpoint(content_type = "multipart/form-data")]
            struct S = "POST /upload/{id}" {
                #[endpoint(body, content_type = "image/png")] file: File,
                title: String,
                data: Vec<u8>,
            }
        });
        assert!(errors.is_empty(), "{errors:?}");
        let placed = placements(&checked);
        assert_eq!(placed[0].1, Body);
        assert_eq!(placed[0].6.as_deref(), Some("image/png"));
        assert_eq!(checked.body.unwrap().kind, BodyKind::Multipart);

        // A whole body: its value by the media type.
        let whole = |tokens| {
            let (checked, errors): (CheckedItem, _) = item(tokens);
            assert!(errors.is_empty(), "{errors:?}");
            let field = checked.fields.iter().find(|f| f.ident == "body").unwrap();
            assert_eq!(field.placement.location, Content);
            (field.value, checked.body.map(|body| body.media_type))
        };
        assert_eq!(
            whole(
                quote!(struct S = "POST /x" { #[endpoint(request_body, content_type = "text/markdown")] body: String })
            ),
            (ValueKind::Text, Some("text/markdown".into()))
        );
        assert_eq!(
            whole(
                quote!(#[endpoint(content_type = "application/octet-stream")] struct S = "POST /x" { #[endpoint(request_body)] body: Vec<u8> })
            ),
            (ValueKind::Bytes, Some("application/octet-stream".into()))
        );
        assert_eq!(
            whole(
                quote!(#[endpoint(content_type = "application/octet-stream")] struct S = "POST /x" { #[endpoint(request_body)] body: Option<endpoint::body::File> })
            ),
            (ValueKind::Param, Some("application/octet-stream".into()))
        );
        assert_eq!(
            whole(
                quote!(struct S = "PATCH /x" { #[endpoint(request_body, content_type = "application/merge-patch+json")] body: Patch })
            ),
            (
                ValueKind::Param,
                Some("application/merge-patch+json".into())
            )
        );
        assert_eq!(
            whole(
                quote!(struct S = "PUT /x" { #[endpoint(request_body)] body: Document, #[endpoint(query)] a: u32 })
            ),
            (ValueKind::Choice, None)
        );
    }

    #[test]
    fn body_errors() {
        let errors = item_errors(quote! {
            #[endpoint(content_type = "text/plain")]
            struct S = "POST /x" {
                #[endpoint(request_body, content_type = "text/markdown")] text: String,
                #[endpoint(request_body)] again: String,
                #[endpoint(body)] extra: String,
                #[endpoint(query, style = "form", explode = false)] fine: Vec<String>,
            }
        });
        assert_reported(
            &errors,
            &[
                "the struct's `content_type` names the body's media type already",
                "a second `request_body` field, `again`: a request has one body, and `text` is it",
                "the field `extra` would be a field of the body, but a `text/plain` body is one value",
                "the field `extra` would go to the body, but `text` is the whole body",
            ],
        );
        let errors = item_errors(quote! {
            #[endpoint(content_type = "application/x-www-form-urlencoded")]
            struct S = "GET /x" { a: u32 }
        });
        assert_reported(
            &errors,
            &["`content_type = \"application/x-www-form-urlencoded\"` on a GET route"],
        );
        let errors = item_errors(quote! {
            #[endpoint(content_type = "application/x-www-form-urlencoded")]
            struct S = "POST /x" {
                #[endpoint(body, style = "form")] tags: Vec<String>,
                #[endpoint(body, style = "form", explode)] map: BTreeMap<String, String>,
                #[endpoint(body, style = "label")] c: String,
                #[endpoint(request_body, style = "form")] whole: Form,
            }
        });
        assert_reported(
            &errors,
            &[
                "in a form body, `style = \"form\"` exploded would write a list or an object as fields",
                "`style = \"label\"` is not a style of a field of a form body",
                "a `request_body` field is the whole body, written as its media type says",
            ],
        );
        assert_eq!(
            errors
                .iter()
                .filter(|e| e.contains("in a form body"))
                .count(),
            2,
            "{errors:?}"
        );
        let errors = item_errors(quote! {
            #[endpoint(content_type = "multipart/form-data")]
            struct S = "POST /x" {
                #[endpoint(body, style = "form")] a: String,
                #[endpoint(body, arrays = "indices")] b: Vec<String>,
                #[endpoint(request_body)] c: Parts,
            }
        });
        assert_reported(
            &errors,
            &[
                "`style` does not apply to a part of a multipart body",
                "`arrays` does not apply to a part of a multipart body",
                "a multipart body is made of parts",
            ],
        );
        let errors = item_errors(quote! {
            struct S = "POST /x" { #[endpoint(body, content_type = "text/plain")] a: String }
        });
        assert_reported(
            &errors,
            &["`content_type` does not apply to a field of a JSON body"],
        );
    }

    #[test]
    fn octokit_rules_only_without_a_media_type() {
        // `data` is a field like any other, and option names are free, once
        // the body has a media type.
        let (checked, errors) = item(quote! {
            #[endpoint(content_type = "application/x-www-form-urlencoded")]
            struct S = "POST /x/{url}" { data: String, method: String, #[endpoint(query, style = "form")] headers: String }
        });
        assert!(errors.is_empty(), "{errors:?}");
        assert!(
            checked
                .fields
                .iter()
                .any(|f| f.wire == "data" && f.role == Role::Remaining)
        );
        let errors = item_errors(quote! {
            struct S = "POST /x/{url}" { data: String, #[endpoint(query)] method: String, a: u32 }
        });
        assert_reported(
            &errors,
            &[
                "placeholder `url` uses the reserved",
                "`method` is a reserved option name",
                "`data` is the whole body",
            ],
        );
    }
}
