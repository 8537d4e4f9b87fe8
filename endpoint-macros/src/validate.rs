//! The checks: the route (method, URL, template), then the fields against
//! the template's placeholders and the method.
//!
//! Every problem is collected in a [`Ctxt`] and reported at once. Stable Rust
//! cannot point inside a string literal, so route errors are spanned on the
//! whole literal and their message quotes the fragment and its column.

use std::collections::{HashMap, HashSet};
use std::fmt::Display;

use endpoint_runtime::__private::{FieldName, METHODS, OPTION_KEYS, is_identifier, is_option_key};
use endpoint_runtime::route::Route;
use endpoint_runtime::template::{Template, TemplateError, TemplateErrorKind};
use proc_macro2::Span;
use quote::ToTokens;
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Attribute, Ident, LitStr, Type, Visibility};

use crate::ast::{ExprDef, ItemDef};

/// Collects errors, like serde_derive's `Ctxt`: every check runs, and all the
/// problems are reported together.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: Vec<syn::Error>,
}

impl Ctxt {
    /// Records an error spanned on `tokens`.
    pub(crate) fn error(&mut self, tokens: impl ToTokens, message: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records an error at `span`.
    pub(crate) fn error_at(&mut self, span: Span, message: impl Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// Records a ready-made error.
    pub(crate) fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    /// All the errors, combined into one (or `Ok` if there were none).
    pub(crate) fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_iter();
        match errors.next() {
            None => Ok(()),
            Some(mut first) => {
                first.extend(errors);
                Err(first)
            }
        }
    }
}

/// A route that passed the checks it could: the method, the URL and, when it
/// parsed, the template.
pub(crate) struct CheckedRoute {
    /// The method, uppercase (`GET` when the route is only a URL).
    pub method: String,
    /// The URL template as written.
    pub url: String,
    /// The parsed template, if it parsed.
    pub template: Option<Template<'static>>,
}

impl CheckedRoute {
    /// Whether parameters go to the query string (GET, HEAD) rather than a body.
    pub(crate) fn is_query_method(&self) -> bool {
        matches!(self.method.as_str(), "GET" | "HEAD")
    }
}

/// A template variable: its name and whether it sits in the path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Placeholder {
    /// The name as written, which is also the parameter key.
    pub name: String,
    /// Whether some occurrence is in the path (before the query and the
    /// fragment, not in a `{?…}`, `{&…}` or `{#…}` expression). A placeholder
    /// that is only in the query or the fragment may be left out.
    pub in_path: bool,
}

/// The distinct variables of a template, in order of first appearance.
pub(crate) fn placeholders(template: &Template<'_>) -> Vec<Placeholder> {
    template
        .names()
        .map(|name| Placeholder {
            name: name.to_owned(),
            in_path: template.path_variables().any(|path| path == name),
        })
        .collect()
}

/// Where a field's value goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// It fills the template variable of its wire name.
    Template,
    /// It is a remaining parameter: query on GET/HEAD, body otherwise.
    Remaining,
}

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
}

/// A struct definition after the checks.
pub(crate) struct CheckedItem {
    /// The method, uppercase.
    pub method: String,
    /// The template the runtime sees: the URL as written, plus a `{?…}` /
    /// `{&…}` expression for fields placed in the query of a route with a body.
    pub template_text: String,
    /// That template, parsed (`None` when the route has errors).
    pub template: Option<Template<'static>>,
    /// The fields, generated ones first (in template order), then the
    /// declared ones (in declaration order).
    pub fields: Vec<Field>,
}

/// Checks a route literal: method, URL form, template syntax, `<…>` placeholders.
pub(crate) fn check_route(cx: &mut Ctxt, lit: &LitStr) -> CheckedRoute {
    let route = lit.value();
    let split = Route::parse(&route);
    let mut method = "GET".to_owned();
    let url_start = match split.method {
        Some(m) => {
            method = m.to_owned();
            if let Err(msg) = check_method(m) {
                cx.error(lit, msg);
            }
            m.len() + 1
        }
        None => 0,
    };
    let url = split.url;
    let column_offset = route[..url_start].chars().count();

    let mut url_ok = true;
    if split.method.is_none() {
        if route.is_empty() {
            cx.error(
                lit,
                "the route is empty: expected `METHOD /path`, such as `GET /user`",
            );
            url_ok = false;
        } else if let Some((first, rest)) = route.split_once(' ') {
            url_ok = false;
            if rest.trim_start_matches(' ').is_empty() {
                cx.error(
                    lit,
                    format!("the route `{route}` has no URL after the method `{first}`: expected `{first} /path`"),
                );
            } else {
                let spaces = rest.len() - rest.trim_start_matches(' ').len() + 1;
                cx.error(
                    lit,
                    format!(
                        "expected one space between the method and the URL, found {spaces} at column {}",
                        first.chars().count() + 1
                    ),
                );
            }
        } else if looks_like_method(url) {
            cx.error(
                lit,
                format!("the route `{route}` has a method but no URL: expected `{url} /path`"),
            );
            url_ok = false;
        }
    } else {
        // Pieces after the URL are ignored by the runtime; here they are a mistake.
        let after = url_start + url.len();
        if after < route.len() {
            let rest = &route[after..];
            cx.error(
                lit,
                format!(
                    "unexpected `{}` after the URL at column {}: the URL ends at the first space \
                     (write spaces inside it as `%20`)",
                    rest.trim_start_matches(' '),
                    route[..after].chars().count()
                        + 1
                        + (rest.len() - rest.trim_start_matches(' ').len())
                ),
            );
        }
    }
    if url_ok && !is_url_form(url) {
        cx.error(
            lit,
            format!(
                "the URL `{url}` at column {} must be a path starting with `/` or a full `http://` or \
                 `https://` URL",
                column_offset + 1
            ),
        );
    }

    // Errors inside the URL, in the order they appear in it.
    let mut in_url: Vec<(usize, String)> = angle_placeholder_errors(url)
        .into_iter()
        .map(|(message, column, hint)| {
            let column = column + column_offset;
            (
                column,
                format!("{message} at column {column} of the route{hint}"),
            )
        })
        .collect();
    let template = match Template::parse_all(url) {
        Ok(template) => Some(template.into_owned()),
        Err(errors) => {
            in_url.extend(errors.iter().map(|err| {
                (
                    err.column() + column_offset,
                    template_error_message(err, column_offset),
                )
            }));
            None
        }
    };
    in_url.sort_by_key(|(column, _)| *column);
    for (_, message) in in_url {
        cx.error(lit, message);
    }
    CheckedRoute {
        method,
        url: url.to_owned(),
        template,
    }
}

/// The message of a template error, with the column counted in the route.
pub(crate) fn template_error_message(err: &TemplateError, column_offset: usize) -> String {
    let hint = match err.kind {
        TemplateErrorKind::UnclosedExpression => ": expected `}`",
        TemplateErrorKind::StrayClosingBrace => ": a literal `}` is written `%7D`",
        TemplateErrorKind::NestedBrace => ": expressions do not nest",
        TemplateErrorKind::EmptyExpression => ": a placeholder needs a name",
        TemplateErrorKind::ReservedOperator(_) => {
            ": RFC 6570 reserves `=`, `,`, `!`, `@` and `|`; the operators are `+`, `#`, `.`, `/`, `;`, `?` and `&`"
        }
        TemplateErrorKind::InvalidVariableName => {
            ": a name is made of letters, digits, `_`, `-` and `%XX` escapes, with single dots between them"
        }
        _ => "",
    };
    format!(
        "{} in `{}` at column {} of the route{hint}",
        err.kind,
        err.fragment,
        err.column() + column_offset
    )
}

fn looks_like_method(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphabetic())
        && METHODS.contains(&s.to_ascii_uppercase().as_str())
}

/// A path starting with `/`, or an absolute `http(s)://` URL (any letter case,
/// as the runtime recognises it).
fn is_url_form(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    url.starts_with('/') || lower.starts_with("http://") || lower.starts_with("https://")
}

/// Checks the method of a route; the error suggests the right spelling.
pub(crate) fn check_method(method: &str) -> Result<(), String> {
    if METHODS.contains(&method) {
        return Ok(());
    }
    if method.is_empty() {
        return Err(
            "the route starts with a space: expected `METHOD /path`, such as `GET /user`"
                .to_owned(),
        );
    }
    let upper = method.to_ascii_uppercase();
    if METHODS.contains(&upper.as_str()) {
        return Err(format!(
            "the method `{method}` must be uppercase: did you mean `{upper}`?"
        ));
    }
    let best = METHODS
        .iter()
        .map(|candidate| (edit_distance(&upper, candidate), *candidate))
        .min_by_key(|(distance, _)| *distance);
    match best {
        Some((distance, candidate)) if distance <= 2 => Err(format!(
            "unknown method `{method}` at column 1: did you mean `{candidate}`?"
        )),
        _ => Err(format!(
            "unknown method `{method}` at column 1: expected one of {}",
            METHODS.map(|m| format!("`{m}`")).join(", ")
        )),
    }
}

/// Optimal string alignment distance: insertions, deletions, substitutions
/// and swaps of neighbours (`GTE` is one step from `GET`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// `<` and `>` that are not part of a `<name>` placeholder. The runtime keeps
/// them as literal text (percent-encoded), which a route never means; so here
/// they are errors: unterminated `<`, stray `>`, `<>`, `<bad-name>`.
/// Returns the message, the 1-based column in the URL and a hint.
pub(crate) fn angle_placeholder_errors(url: &str) -> Vec<(String, usize, &'static str)> {
    let chars: Vec<(usize, char)> = url.char_indices().collect();
    let mut errors = Vec::new();
    let mut in_expression = false;
    let mut i = 0;
    while i < chars.len() {
        let (byte, c) = chars[i];
        match c {
            '{' => in_expression = true,
            '}' => in_expression = false,
            '<' if !in_expression => {
                // The placeholder ends at the next `>`, unless something that
                // cannot be inside one comes first.
                let end = chars[i + 1..]
                    .iter()
                    .position(|&(_, c)| {
                        matches!(c, '>' | '<' | '{' | '}' | '/' | '?' | '#' | '&' | '=' | ' ')
                    })
                    .map(|offset| i + 1 + offset);
                match end {
                    Some(end) if chars[end].1 == '>' => {
                        let name = &url[byte + 1..chars[end].0];
                        let fragment = &url[byte..=chars[end].0];
                        if name.is_empty() {
                            errors.push((
                                format!("empty placeholder `{fragment}`"),
                                i + 1,
                                ": a placeholder needs a name",
                            ));
                        } else if !is_identifier(name) {
                            errors.push((
                                format!("invalid placeholder name in `{fragment}`"),
                                i + 1,
                                ": a `<name>` placeholder is a letter or `_` followed by letters, \
                                 digits and `_`",
                            ));
                        }
                        i = end + 1;
                        continue;
                    }
                    _ => {
                        let stop = end.map_or(url.len(), |end| chars[end].0);
                        errors.push((
                            format!("unterminated placeholder `{}`", &url[byte..stop]),
                            i + 1,
                            ": expected `>`",
                        ));
                    }
                }
            }
            '>' if !in_expression => {
                let start = url[..byte].rfind('/').map_or(0, |slash| slash + 1);
                errors.push((
                    format!("stray `>` in `{}`", &url[start..=byte]),
                    i + 1,
                    ": a placeholder is written `<name>`",
                ));
            }
            _ => {}
        }
        i += 1;
    }
    errors
}

/// The Rust field of a placeholder or parameter: [`FieldName::of`] its wire
/// name, as an identifier at `span` (raw for a keyword).
pub(crate) fn field_ident(name: &FieldName, span: Span) -> Ident {
    if name.raw {
        Ident::new_raw(&name.ident, span)
    } else {
        Ident::new(&name.ident, span)
    }
}

/// `Option<T>`, by its last path segment (so `std::option::Option<T>` too).
pub(crate) fn is_option(ty: &Type) -> bool {
    let ty = match ty {
        Type::Group(group) => &*group.elem,
        Type::Paren(paren) => &*paren.elem,
        ty => ty,
    };
    let Type::Path(path) = ty else { return false };
    if path.qself.is_some() {
        return false;
    }
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return false;
    };
    last.ident == "Option"
        && args.args.len() == 1
        && matches!(args.args.first(), Some(syn::GenericArgument::Type(_)))
}

/// What `#[endpoint(…)]` says about a field.
#[derive(Default)]
struct FieldOptions {
    rename: Option<(String, Span)>,
    query: Option<Span>,
    body: Option<Span>,
}

fn field_options(cx: &mut Ctxt, attrs: &[Attribute]) -> FieldOptions {
    let mut options = FieldOptions::default();
    for attr in attrs {
        let result = attr.parse_nested_meta(|meta| {
            let span = meta.path.span();
            if meta.path.is_ident("rename") {
                let lit: LitStr = meta.value()?.parse()?;
                if options.rename.is_some() {
                    cx.error_at(span, "`rename` is given twice");
                }
                options.rename = Some((lit.value(), lit.span()));
            } else if meta.path.is_ident("query") {
                if options.query.is_some() {
                    cx.error_at(span, "`query` is given twice");
                }
                options.query = Some(span);
            } else if meta.path.is_ident("body") {
                if options.body.is_some() {
                    cx.error_at(span, "`body` is given twice");
                }
                options.body = Some(span);
            } else {
                let name = meta.path.to_token_stream().to_string().replace(' ', "");
                cx.error_at(
                    span,
                    format!("unknown option `{name}` in `#[endpoint(…)]`: expected `rename = \"…\"`, `query` or `body`"),
                );
                // Skip its value, if any, so that the next options are read.
                if meta.input.peek(syn::Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                }
            }
            Ok(())
        });
        if let Err(err) = result {
            cx.push(err);
        }
    }
    if let (Some(_), Some(body)) = (options.query, options.body) {
        cx.error_at(body, "a field cannot be both `query` and `body`");
    }
    options
}

/// Checks a struct definition and works out its fields.
pub(crate) fn check_item(cx: &mut Ctxt, item: &ItemDef) -> CheckedItem {
    let route = check_route(cx, &item.route);
    let is_query_method = route.is_query_method();
    let lit = &item.route;
    let vars = route
        .template
        .as_ref()
        .map(placeholders)
        .unwrap_or_default();
    let var_names: HashSet<&str> = vars.iter().map(|v| v.name.as_str()).collect();
    let span = lit.span();

    for var in &vars {
        if is_option_key(&var.name) {
            cx.error(
                lit,
                format!(
                    "the placeholder `{}` uses the reserved option name `{}`, which never expands; \
                     a parameter cannot be called {}",
                    var.name,
                    var.name,
                    reserved_list()
                ),
            );
        }
    }

    // Declared fields: wire names and roles.
    let mut declared = Vec::new();
    let mut query_appended: Vec<String> = Vec::new();
    let mut seen_idents: HashMap<String, Span> = HashMap::new();
    for def in &item.fields {
        let options = field_options(cx, &def.options);
        let ident_name = def.ident.unraw().to_string();
        if seen_idents
            .insert(ident_name.clone(), def.ident.span())
            .is_some()
        {
            cx.error(
                &def.ident,
                format!("the field `{}` is declared twice", def.ident),
            );
        }
        let optional = is_option(&def.ty);
        let (wire, explicit_wire) = match &options.rename {
            Some((wire, _)) => (wire.clone(), true),
            None => (ident_name.clone(), false),
        };
        // A field named like a placeholder's generated field stands for it
        // (`enterprise_team` for `{enterprise-team}`).
        let wire = if explicit_wire || var_names.contains(wire.as_str()) || options.body.is_some() {
            wire
        } else {
            vars.iter()
                .find(|var| FieldName::of(&var.name).ident == ident_name)
                .map_or(wire, |var| var.name.clone())
        };
        let wire_span = options
            .rename
            .as_ref()
            .map_or(def.ident.span(), |(_, span)| *span);

        let is_var = var_names.contains(wire.as_str());
        let role = if let Some(body) = options.body {
            if is_query_method {
                cx.error_at(
                    body,
                    format!(
                        "`#[endpoint(body)]` on a {} route: GET and HEAD requests have no body, their \
                         parameters go to the query string",
                        route.method
                    ),
                );
            }
            Role::Remaining
        } else if let Some(query) = options.query {
            if is_var {
                cx.error_at(
                    query,
                    format!("`{wire}` is the placeholder `{{{wire}}}` of the URL; it cannot also be a query parameter"),
                );
                Role::Template
            } else if is_query_method {
                Role::Remaining
            } else {
                query_appended.push(wire.clone());
                Role::Template
            }
        } else if is_var {
            Role::Template
        } else {
            Role::Remaining
        };

        // A body property may have an option's name: the typed path writes
        // it into the JSON body, where no option is read.
        let to_body = role == Role::Remaining && !is_query_method;
        if is_option_key(&wire) && !to_body {
            cx.error_at(
                wire_span,
                format!(
                    "`{wire}` is a reserved option name, not a parameter: a path or query parameter \
                     cannot be called {} (a body property can)",
                    reserved_list()
                ),
            );
        }

        if role == Role::Template && optional && vars.iter().any(|v| v.name == wire && v.in_path) {
            cx.error(
                &def.ty,
                format!(
                    "the path parameter `{wire}` cannot be an `Option`: without a value the URL would \
                     lose a path segment; make it required, or move it to the query"
                ),
            );
        }

        declared.push(Field {
            attrs: def.attrs.clone(),
            vis: def.vis.clone(),
            ident: def.ident.clone(),
            ty: def.ty.clone(),
            wire,
            role,
            optional,
            declared: true,
        });
    }

    // The same parameter twice in the same role.
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

    // `data` is the whole body: other body parameters would be dropped.
    if !is_query_method
        && let Some(data) = declared
            .iter()
            .find(|f| f.role == Role::Remaining && f.wire == "data")
    {
        for field in declared
            .iter()
            .filter(|f| f.role == Role::Remaining && f.wire != "data")
        {
            let data_field = if data.ident == "data" {
                "`data`".to_owned()
            } else {
                format!("`{}` (the `data` parameter)", data.ident)
            };
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

    // Placeholders nobody declared get a generated field.
    let mut fields = Vec::new();
    let mut generated_names: HashMap<String, String> = HashMap::new();
    for var in &vars {
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
                lit,
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
                    if is_query_method { "query" } else { "body" },
                    var.name,
                    var.name
                ),
            );
        }
        let ty: Type = if var.in_path {
            syn::parse_quote_spanned!(span=> ::std::string::String)
        } else {
            syn::parse_quote_spanned!(span=> ::core::option::Option<::std::string::String>)
        };
        let doc = if var.in_path {
            format!(" The placeholder `{}` of the URL.", var.name)
        } else {
            format!(
                " The placeholder `{}` of the URL; `None` leaves it out.",
                var.name
            )
        };
        fields.push(Field {
            attrs: vec![syn::parse_quote!(#[doc = #doc])],
            vis: syn::parse_quote!(pub),
            ident,
            ty,
            wire: var.name.clone(),
            role: Role::Template,
            optional: !var.in_path,
            declared: false,
        });
    }
    fields.extend(declared);

    // Query parameters of a route with a body become a query expression.
    let mut template_text = route.url.clone();
    let mut template = route.template;
    if !query_appended.is_empty()
        && let Some(parsed) = &template
    {
        let operator = if parsed.has_query() { '&' } else { '?' };
        template_text = format!("{}{{{operator}{}}}", route.url, query_appended.join(","));
        template = match Template::parse_all(&template_text) {
            Ok(t) => Some(t.into_owned()),
            Err(_) => {
                for field in fields
                    .iter()
                    .filter(|f| query_appended.contains(&f.wire) && f.declared)
                {
                    if Template::parse(&format!("{{?{}}}", field.wire)).is_err() {
                        cx.error(
                                &field.ident,
                                format!(
                                    "`{}` cannot be a query parameter of a {} route: it is added to the \
                                     URL template as `{{?{}}}`, and it is not a valid template variable name",
                                    field.wire, route.method, field.wire
                                ),
                            );
                    }
                }
                None
            }
        };
    }

    CheckedItem {
        method: route.method,
        template_text,
        template,
        fields,
    }
}

fn reserved_list() -> String {
    let names = OPTION_KEYS.map(|name| format!("`{name}`"));
    format!(
        "{} or {}",
        names[..names.len() - 1].join(", "),
        names[names.len() - 1]
    )
}

/// An argument of the expression form, matched to its placeholder.
pub(crate) struct ExprField {
    /// The field name in the hidden struct.
    pub ident: Ident,
    /// The placeholder.
    pub wire: String,
    /// The value: the argument, or the captured variable.
    pub value: syn::Expr,
}

/// The expression form after the checks.
pub(crate) struct CheckedExpr {
    /// The method, uppercase.
    pub method: String,
    /// The URL as written.
    pub template_text: String,
    /// The parsed template (`None` when the route has errors).
    pub template: Option<Template<'static>>,
    /// One field per placeholder, in template order.
    pub fields: Vec<ExprField>,
}

/// Checks the expression form: the route, then arguments against placeholders.
pub(crate) fn check_expr(cx: &mut Ctxt, def: &ExprDef) -> CheckedExpr {
    let route = check_route(cx, &def.route);
    let lit = &def.route;
    let span = lit.span();
    let vars = route
        .template
        .as_ref()
        .map(placeholders)
        .unwrap_or_default();

    let mut seen: HashMap<String, &Ident> = HashMap::new();
    for arg in &def.args {
        let name = arg.name.unraw().to_string();
        if seen.insert(name.clone(), &arg.name).is_some() {
            cx.error(&arg.name, format!("the argument `{name}` is given twice"));
        }
    }

    let mut fields = Vec::new();
    for var in &vars {
        if is_option_key(&var.name) {
            cx.error(
                lit,
                format!(
                    "the placeholder `{}` uses the reserved option name `{}`, which never expands; \
                     a parameter cannot be called {}",
                    var.name,
                    var.name,
                    reserved_list()
                ),
            );
        }
        let name = FieldName::of(&var.name);
        let ident = field_ident(&name, span);
        let key = ident.unraw().to_string();
        let arg = def
            .args
            .iter()
            .find(|arg| arg.name.unraw() == key || arg.name.unraw() == var.name);
        let value = match arg {
            Some(arg) => arg.value.clone(),
            None if name.same_as_wire => {
                let ident = Ident::new(&var.name, span);
                syn::parse_quote_spanned!(span=> #ident)
            }
            None => {
                cx.error(
                    lit,
                    format!(
                        "the placeholder `{}` needs a value: pass it as `{ident} = …` (only placeholders \
                         named like a Rust variable are taken from the variables in scope)",
                        var.name
                    ),
                );
                continue;
            }
        };
        fields.push(ExprField {
            ident,
            wire: var.name.clone(),
            value,
        });
    }
    if route.template.is_some() {
        for arg in &def.args {
            let name = arg.name.unraw().to_string();
            if !fields
                .iter()
                .any(|f| f.ident.unraw() == name || f.wire == name)
            {
                cx.error(
                    &arg.name,
                    format!(
                        "unknown argument `{name}`: the route `{}` has no placeholder `{name}`",
                        lit.value()
                    ),
                );
            }
        }
    }
    CheckedExpr {
        method: route.method,
        template_text: route.url,
        template: route.template,
        fields,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn route_errors(route: &str) -> Vec<String> {
        let mut cx = Ctxt::default();
        check_route(&mut cx, &LitStr::new(route, Span::call_site()));
        cx.errors.iter().map(ToString::to_string).collect()
    }

    fn item(tokens: proc_macro2::TokenStream) -> (CheckedItem, Vec<String>) {
        let item: ItemDef = syn::parse2(tokens).unwrap();
        let mut cx = Ctxt::default();
        let checked = check_item(&mut cx, &item);
        let errors = cx.errors.iter().map(ToString::to_string).collect();
        (checked, errors)
    }

    fn item_errors(tokens: proc_macro2::TokenStream) -> Vec<String> {
        item(tokens).1
    }

    #[test]
    fn methods() {
        assert!(check_method("GET").is_ok());
        assert!(check_method("OPTIONS").is_ok());
        assert_eq!(
            check_method("get").unwrap_err(),
            "the method `get` must be uppercase: did you mean `GET`?"
        );
        assert_eq!(
            check_method("GTE").unwrap_err(),
            "unknown method `GTE` at column 1: did you mean `GET`?"
        );
        assert!(
            check_method("PTACH")
                .unwrap_err()
                .contains("did you mean `PATCH`?")
        );
        assert!(
            check_method("FROBNICATE")
                .unwrap_err()
                .contains("expected one of `GET`, `HEAD`")
        );
        assert!(
            check_method("")
                .unwrap_err()
                .contains("starts with a space")
        );
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("GTE", "GET"), 1);
        assert_eq!(edit_distance("GET", "GET"), 0);
        assert_eq!(edit_distance("PSOT", "POST"), 1);
        assert_eq!(edit_distance("", "PUT"), 3);
    }

    #[test]
    fn route_shapes() {
        assert!(route_errors("GET /repos/{owner}/{repo}").is_empty());
        assert!(route_errors("/user").is_empty());
        assert!(route_errors("GET https://uploads.github.com/x").is_empty());
        assert!(route_errors("GET HTTP://example.com/a").is_empty());
        assert!(route_errors("GET")[0].contains("has a method but no URL"));
        assert!(route_errors("GET ")[0].contains("has no URL after the method `GET`"));
        assert!(route_errors("GET  /x")[0].contains("one space"));
        assert!(route_errors("")[0].contains("empty"));
        assert!(route_errors("GET x/y")[0].contains("must be a path starting with `/`"));
        assert!(route_errors("GET /x y")[0].contains("unexpected `y` after the URL at column 8"));
        assert!(route_errors(" /x")[0].contains("starts with a space"));
    }

    #[test]
    fn angle_placeholders() {
        assert!(angle_placeholder_errors("/repos/<owner>/<repo>").is_empty());
        assert!(angle_placeholder_errors("/x{?a}").is_empty());
        assert_eq!(
            angle_placeholder_errors("/repos/<owner/x"),
            vec![(
                "unterminated placeholder `<owner`".to_owned(),
                8,
                ": expected `>`"
            )]
        );
        assert_eq!(
            angle_placeholder_errors("/repos/owner>"),
            vec![(
                "stray `>` in `owner>`".to_owned(),
                13,
                ": a placeholder is written `<name>`"
            )]
        );
        assert_eq!(
            angle_placeholder_errors("/x/<>"),
            vec![(
                "empty placeholder `<>`".to_owned(),
                4,
                ": a placeholder needs a name"
            )]
        );
        assert!(
            angle_placeholder_errors("/x/<a-b>")[0]
                .0
                .contains("invalid placeholder name in `<a-b>`")
        );
        assert!(
            angle_placeholder_errors("/x/<1a>")[0]
                .0
                .contains("invalid placeholder name")
        );
        assert_eq!(angle_placeholder_errors("/x/<a/<b>").len(), 1);
    }

    #[test]
    fn field_idents() {
        // The identifier, and whether a variable of the placeholder's own name
        // may be captured.
        let field_ident = |wire: &str, span: Span| {
            let name = FieldName::of(wire);
            (field_ident(&name, span), name.same_as_wire)
        };
        let span = Span::call_site();
        assert_eq!(field_ident("owner", span).0.to_string(), "owner");
        assert!(field_ident("owner", span).1);
        assert_eq!(field_ident("type", span).0.to_string(), "r#type");
        assert_eq!(field_ident("ref", span).0.to_string(), "r#ref");
        assert!(!field_ident("type", span).1);
        assert_eq!(field_ident("self", span).0.to_string(), "self_");
        assert_eq!(field_ident("_", span).0.to_string(), "__");
        assert_eq!(
            field_ident("enterprise-team", span).0.to_string(),
            "enterprise_team"
        );
        assert_eq!(field_ident("a.b", span).0.to_string(), "a_b");
        assert_eq!(field_ident("%2Fx", span).0.to_string(), "_2fx");
        assert_eq!(field_ident("1", span).0.to_string(), "_1");
        assert_eq!(field_ident("-a", span).0.to_string(), "a");
        assert_eq!(field_ident("type-", span).0.to_string(), "r#type");
        assert_eq!(field_ident("-self", span).0.to_string(), "self_");
        assert_eq!(field_ident("Per-Page", span).0.to_string(), "per_page");
        assert_eq!(field_ident("perPage", span).0.to_string(), "per_page");
        assert!(!field_ident("perPage", span).1);
        assert_eq!(field_ident("Owner", span).0.to_string(), "owner");
        assert_eq!(field_ident("Self", span).0.to_string(), "self_");
        assert_eq!(field_ident("--", span).0.to_string(), "__");
    }

    #[test]
    fn options() {
        assert!(is_option(&syn::parse_quote!(Option<u32>)));
        assert!(is_option(&syn::parse_quote!(
            std::option::Option<Vec<String>>
        )));
        assert!(!is_option(&syn::parse_quote!(Vec<Option<u32>>)));
        assert!(!is_option(&syn::parse_quote!(Option)));
        assert!(!is_option(&syn::parse_quote!(u32)));
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
        assert!(
            errors.iter().any(|e| e.contains("both `query` and `body`")),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("unknown option `frobnicate`")),
            "{errors:?}"
        );
        assert!(
            errors.iter().any(|e| e.contains("expected string literal")),
            "{errors:?}"
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
        assert!(
            errors
                .iter()
                .any(|e| e.contains("placeholder `url` uses the reserved")),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("`method` is a reserved option name")),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("`baseUrl` is a reserved option name")),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("the field `a` is declared twice")),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("parameter `b` is declared twice")),
            "{errors:?}"
        );
        assert_eq!(errors.len(), 5, "{errors:?}");
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

    #[test]
    fn several_template_errors_are_all_reported() {
        let errors = route_errors("GTE /x/<c/{=a}/{b:0}/>");
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors[0].contains("did you mean `GET`"));
        // In the order they appear in the route.
        for (error, column) in errors[1..].iter().zip([8, 11, 16, 22]) {
            assert!(
                error.contains(&format!("at column {column} ")),
                "{errors:?}"
            );
        }
    }

    #[test]
    fn expression_arguments() {
        let def: ExprDef = syn::parse2(quote!(
            "GET /x/<owner>/{type}/{a-b}",
            r#type = 1,
            a_b = 2,
            extra = 3
        ))
        .unwrap();
        let mut cx = Ctxt::default();
        let checked = check_expr(&mut cx, &def);
        let errors: Vec<_> = cx.errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("unknown argument `extra`"), "{errors:?}");
        assert_eq!(checked.fields.len(), 3);
        assert_eq!(
            checked.fields[0].value.to_token_stream().to_string(),
            "owner"
        );

        let def: ExprDef = syn::parse2(quote!("GET /x/{type}/{a-b}", a = 1, a = 2)).unwrap();
        let mut cx = Ctxt::default();
        check_expr(&mut cx, &def);
        let errors: Vec<_> = cx.errors.iter().map(ToString::to_string).collect();
        assert!(
            errors.iter().any(|e| e.contains("`a` is given twice")),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("placeholder `type` needs a value")),
            "{errors:?}"
        );
        assert!(
            errors.iter().any(|e| e.contains("pass it as `a_b = …`")),
            "{errors:?}"
        );
    }
}
