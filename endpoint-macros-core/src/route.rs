//! The route string: its method and URL (split as the runtime splits them,
//! by `Route::parse`), the URL template (parsed by the runtime's own parser)
//! and `<name>` placeholders; then the placeholders, with the Rust field name
//! of each.
//!
//! Stable Rust cannot point inside a string literal, so every error here is
//! spanned on the whole route literal, and its message quotes the fragment
//! and says at which column of the route it is.

use endpoint_runtime::route::Route;
use endpoint_runtime::sibling::{
    BodyKind, METHODS, OPTION_KEYS, is_absolute, is_identifier, is_option_key, is_token,
    sends_query,
};
use endpoint_runtime::template::{Template, TemplateError, TemplateErrorKind};
use proc_macro2::Span;
use syn::{Ident, LitStr};

use crate::ctxt::Ctxt;
use crate::ident::FieldName;

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
        sends_query(&self.method)
    }

    /// The distinct variables of the template, in order of first appearance
    /// (none when the template did not parse).
    pub(crate) fn placeholders(&self) -> Vec<Placeholder> {
        let Some(template) = &self.template else {
            return Vec::new();
        };
        template
            .names()
            .map(|name| Placeholder {
                name: name.to_owned(),
                in_path: template.path_variables().any(|path| path == name),
            })
            .collect()
    }
}

/// A route after the checks, with the fields that fill it: what `expand`
/// generates from, for the item form ([`CheckedItem`](crate::valid::CheckedItem))
/// and the expression form ([`CheckedExpr`](crate::capture::CheckedExpr)).
pub(crate) struct Checked<F> {
    /// The method, uppercase.
    pub method: String,
    /// The template the runtime sees: the URL as written (for the item form,
    /// plus a `{?…}` / `{&…}` expression for fields placed in the query of a
    /// route with a body).
    pub template_text: String,
    /// That template, parsed (`None` when the route has errors).
    pub template: Option<Template<'static>>,
    /// The fields, in the order the form gives them.
    pub fields: Vec<F>,
    /// The route's own server, which its requests go to instead of the
    /// base URL (`#[endpoint(server = "…")]`, or GitHub's uploads host for
    /// `#[endpoint(uploads)]`; only in the item form).
    pub server: Option<String>,
    /// The body's media type, when the item names one (`content_type`).
    pub body: Option<BodyDef>,
    /// How the route's lists page, when the item names a scheme
    /// (`paginate(…)`).
    pub paginate: Option<endpoint_runtime::model::Pagination<String>>,
    /// The type of the body of an answer that is not a success, when the
    /// item names one (`error = Type`).
    pub error: Option<syn::Type>,
    /// The route's `accept` header, when the item names one
    /// (`accept = "…"`).
    pub accept: Option<String>,
    /// The function whose endpoint `to_request()` uses, when the item
    /// names one (`api = path`).
    pub api: Option<syn::Path>,
    /// The description the item is checked against and its operation's
    /// `operationId`, when it names one (`spec = "…"`, `operation = "…"`;
    /// only in the item form).
    pub spec: Option<(LitStr, Option<LitStr>)>,
}

/// The media type of a request body and how it is written: the runtime's
/// `BodyPlan`, as the macro emits it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BodyDef {
    /// The media type, as written.
    pub media_type: String,
    /// Its kind, by the runtime's rule.
    pub kind: BodyKind,
    /// Whether a body is always sent (`body_required`).
    pub required: bool,
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

/// Checks a route literal: method, URL form, template syntax, `<…>`
/// placeholders. Every error is recorded, spanned on the literal.
pub(crate) fn check_route(cx: &mut Ctxt, lit: &LitStr) -> CheckedRoute {
    let (route, errors) = check_route_text(&lit.value());
    for message in errors {
        cx.error(lit, message);
    }
    route
}

/// [`check_route`] on the route's text: the route and the error messages,
/// the method's and the URL's shape first, then those inside the URL in the
/// order they appear in it.
fn check_route_text(route: &str) -> (CheckedRoute, Vec<String>) {
    let split = Route::parse(route);
    let mut errors = Vec::new();
    let (method, url_start) = match split.method {
        Some(method) => {
            errors.extend(check_method(method).err());
            (method.to_owned(), method.len() + 1)
        }
        None => ("GET".to_owned(), 0),
    };
    let (url, url_ok) = match split.method {
        None => {
            let error = missing_url(route, split.url);
            let ok = error.is_none();
            errors.extend(error);
            (split.url, ok)
        }
        Some(_) => {
            let url_end = url_end(route, url_start);
            errors.extend(text_after_url(route, url_end));
            (&route[url_start..url_end], true)
        }
    };
    let column_offset = route[..url_start].chars().count();
    if url_ok && !is_url_form(url) {
        errors.push(format!(
            "the URL `{url}` at column {} must be a path starting with `/` or a full `http://` or \
             `https://` URL",
            column_offset + 1
        ));
    }
    let (template, in_url) = check_template(url, column_offset);
    errors.extend(in_url);
    let route = CheckedRoute {
        method,
        url: url.to_owned(),
        template,
    };
    (route, errors)
}

/// For a route that `Route::parse` finds no method in: why there is no URL
/// (an empty route, more than one space after the method, a method alone).
fn missing_url(route: &str, url: &str) -> Option<String> {
    if route.is_empty() {
        return Some("the route is empty: expected `METHOD /path`, such as `GET /user`".to_owned());
    }
    if let Some((first, rest)) = route.split_once(' ') {
        let after_spaces = rest.trim_start_matches(' ');
        if after_spaces.is_empty() {
            return Some(format!(
                "the route `{route}` has no URL after the method `{first}`: expected `{first} /path`"
            ));
        }
        let spaces = rest.len() - after_spaces.len() + 1;
        return Some(format!(
            "expected one space between the method and the URL, found {spaces} at column {}",
            first.chars().count() + 1
        ));
    }
    looks_like_method(url)
        .then(|| format!("the route `{route}` has a method but no URL: expected `{url} /path`"))
}

/// Where the URL that starts at `start` ends: at the first space, as the
/// runtime splits a route, unless that space is inside a `{…}` or `<…>`
/// placeholder that closes after it. Such a space is a mistake in the
/// placeholder's name, which is reported as such rather than as text after a
/// URL cut in the middle of a placeholder.
fn url_end(route: &str, start: usize) -> usize {
    let mut open: Option<char> = None;
    for (offset, c) in route[start..].char_indices() {
        let at = start + offset;
        match (c, open) {
            (' ', Some(open)) if closes_after(&route[at..], open) => {}
            (' ', _) => return at,
            ('{', _) => open = Some('{'),
            ('}', _) => open = None,
            ('<', None) => open = Some('<'),
            ('>', Some('<')) => open = None,
            _ => {}
        }
    }
    route.len()
}

/// Whether the placeholder opened by `open` (`{` or `<`) closes in `rest`
/// before anything that would end it otherwise: another brace for `{`;
/// a character that cannot be in a `<name>` for `<`. Spaces do not end it.
fn closes_after(rest: &str, open: char) -> bool {
    let ends: &[char] = match open {
        '{' => &['{', '}'],
        _ => &['<', '>', '{', '}', '/', '?', '#', '&', '='],
    };
    let close = if open == '{' { '}' } else { '>' };
    rest.find(ends)
        .is_some_and(|at| rest[at..].starts_with(close))
}

/// Text after the URL, which ends at `url_end`: the runtime ignores it, so
/// here it is a mistake.
fn text_after_url(route: &str, url_end: usize) -> Option<String> {
    let rest = route.get(url_end..).filter(|rest| !rest.is_empty())?;
    let text = rest.trim_start_matches(' ');
    let column = route[..url_end].chars().count() + 1 + (rest.len() - text.len());
    Some(format!(
        "unexpected `{text}` after the URL at column {column}: the URL ends at the first space \
         (write spaces inside it as `%20`)"
    ))
}

/// The URL template, parsed by the runtime's parser if it can be, and the
/// errors inside the URL (of the template and of `<…>` placeholders), in the
/// order they appear, with columns counted in the route.
fn check_template(url: &str, column_offset: usize) -> (Option<Template<'static>>, Vec<String>) {
    let mut errors: Vec<(usize, String)> = angle_placeholder_errors(url)
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
        Err(template_errors) => {
            errors.extend(template_errors.iter().map(|err| {
                (
                    err.column() + column_offset,
                    template_error_message(err, column_offset),
                )
            }));
            None
        }
    };
    errors.sort_by_key(|(column, _)| *column);
    (
        template,
        errors.into_iter().map(|(_, message)| message).collect(),
    )
}

/// What RFC 6570 (with `-` allowed) accepts as a variable name.
const VARIABLE_NAME_HINT: &str = ": a name is made of letters, digits, `_`, `-` and `%XX` escapes, \
                                  with single dots between them";

/// What a `<name>` placeholder accepts as a name.
const ANGLE_NAME_HINT: &str =
    ": a `<name>` placeholder is a letter or `_` followed by letters, digits and `_`";

/// The message of a template error, with the column counted in the route.
fn template_error_message(err: &TemplateError, column_offset: usize) -> String {
    let column = err.column() + column_offset;
    let hint = match err.kind {
        TemplateErrorKind::UnclosedExpression => ": expected `}`",
        TemplateErrorKind::StrayClosingBrace => ": a literal `}` is written `%7D`",
        TemplateErrorKind::NestedBrace => ": expressions do not nest",
        TemplateErrorKind::EmptyExpression => ": a placeholder needs a name",
        TemplateErrorKind::ReservedOperator(_) => {
            ": RFC 6570 reserves `=`, `,`, `!`, `@` and `|`; the operators are `+`, `#`, `.`, `/`, `;`, `?` and `&`"
        }
        TemplateErrorKind::InvalidVariableName => {
            if let Some(space) = err.fragment.find(' ') {
                return format!(
                    "{} at column {} of the route{VARIABLE_NAME_HINT}",
                    space_in_name("variable", &err.fragment),
                    column + err.fragment[..space].chars().count()
                );
            }
            VARIABLE_NAME_HINT
        }
        _ => "",
    };
    format!(
        "{} in `{}` at column {column} of the route{hint}",
        err.kind, err.fragment
    )
}

/// That the name of the placeholder `fragment` (a `variable` in `{…}`, a
/// `placeholder` in `<…>`) has a space in it. A route's URL ends at its first
/// space; one inside a placeholder that closes after it is taken for a
/// typing mistake in the name.
fn space_in_name(what: &str, fragment: &str) -> String {
    format!("the {what} name in `{fragment}` contains a space")
}

fn looks_like_method(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphabetic())
        && METHODS.contains(&s.to_ascii_uppercase().as_str())
}

/// A path starting with `/`, or an absolute `http(s)://` URL (any letter case,
/// as the runtime recognises it).
fn is_url_form(url: &str) -> bool {
    url.starts_with('/') || is_absolute(url)
}

/// The methods a route may use besides [`METHODS`]: `TRACE` (RFC 9110) and
/// `QUERY` (a safe method with a body, which OpenAPI 3.2 describes).
const MORE_METHODS: [&str; 2] = ["TRACE", "QUERY"];

/// Checks the method of a route; the error suggests the right spelling.
/// Besides the methods of [`METHODS`] and [`MORE_METHODS`], any other
/// method token in capitals (`PURGE`, `LOCK`, `VERSION-CONTROL`: OpenAPI
/// 3.2's `additionalOperations`, RFC 9110's extension methods) is accepted,
/// unless it is within two edits of a known one, which is taken for a
/// typing mistake (`GTE`, `PTACH`).
fn check_method(method: &str) -> Result<(), String> {
    if METHODS.contains(&method) || MORE_METHODS.contains(&method) {
        return Ok(());
    }
    if method.is_empty() {
        return Err(
            "the route starts with a space: expected `METHOD /path`, such as `GET /user`"
                .to_owned(),
        );
    }
    let upper = method.to_ascii_uppercase();
    if METHODS.contains(&upper.as_str()) || MORE_METHODS.contains(&upper.as_str()) {
        return Err(format!(
            "the method `{method}` must be uppercase: did you mean `{upper}`?"
        ));
    }
    let best = METHODS
        .iter()
        .chain(&MORE_METHODS)
        .map(|candidate| (edit_distance(&upper, candidate), *candidate))
        .min_by_key(|(distance, _)| *distance);
    let extension =
        is_token(method) && method == upper && method.bytes().any(|b| b.is_ascii_alphabetic());
    match best {
        Some((distance, candidate)) if distance <= 2 => Err(format!(
            "unknown method `{method}` at column 1: did you mean `{candidate}`?"
        )),
        _ if extension => Ok(()),
        _ => Err(format!(
            "unknown method `{method}` at column 1: expected one of {}, or another method \
             token in capitals",
            METHODS
                .iter()
                .chain(&MORE_METHODS)
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Optimal string alignment distance: insertions, deletions, substitutions
/// and swaps of neighbours (`GTE` is one step from `GET`), counted in
/// characters. The "did you mean" of every name the workspace checks
/// (methods here, a description's operations in `endpoint-openapi`) is the
/// candidate nearest by it.
///
/// ```
/// assert_eq!(endpoint_macros_core::edit_distance("GTE", "GET"), 1);
/// assert_eq!(endpoint_macros_core::edit_distance("/v1/customer", "/v1/customers"), 1);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
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
fn angle_placeholder_errors(url: &str) -> Vec<(String, usize, &'static str)> {
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
                let (error, next) = angle_placeholder(url, &chars, i);
                errors.extend(error);
                i = next;
                continue;
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

/// The `<name>` placeholder whose `<` is `chars[i]`: its error, if any, and
/// the index of the character to look at next.
fn angle_placeholder(
    url: &str,
    chars: &[(usize, char)],
    i: usize,
) -> (Option<(String, usize, &'static str)>, usize) {
    let byte = chars[i].0;
    // The placeholder ends at the next `>`, unless something that cannot be
    // inside one comes first. (A space can be inside one only when the URL
    // was read past it, for the placeholder closes after it; see `url_end`.)
    let end = chars[i + 1..]
        .iter()
        .position(|&(_, c)| matches!(c, '>' | '<' | '{' | '}' | '/' | '?' | '#' | '&' | '='))
        .map(|offset| i + 1 + offset);
    match end {
        Some(end) if chars[end].1 == '>' => {
            let name = &url[byte + 1..chars[end].0];
            let fragment = &url[byte..=chars[end].0];
            let error = if name.is_empty() {
                Some((
                    format!("empty placeholder `{fragment}`"),
                    i + 1,
                    ": a placeholder needs a name",
                ))
            } else if let Some(space) = name.find(' ') {
                Some((
                    space_in_name("placeholder", fragment),
                    i + 2 + name[..space].chars().count(),
                    ANGLE_NAME_HINT,
                ))
            } else if !is_identifier(name) {
                Some((
                    format!("invalid placeholder name in `{fragment}`"),
                    i + 1,
                    ANGLE_NAME_HINT,
                ))
            } else {
                None
            };
            (error, end + 1)
        }
        _ => {
            let stop = end.map_or(url.len(), |end| chars[end].0);
            let fragment = url[byte..stop].split(' ').next().unwrap_or_default();
            let error = (
                format!("unterminated placeholder `{fragment}`"),
                i + 1,
                ": expected `>`",
            );
            (Some(error), i + 1)
        }
    }
}

/// A placeholder named like an option key never expands: the runtime reads
/// that key as an option.
pub(crate) fn check_placeholder_key(cx: &mut Ctxt, lit: &LitStr, name: &str) {
    if is_option_key(name) {
        cx.error(
            lit,
            format!(
                "the placeholder `{name}` uses the reserved option name `{name}`, which never \
                 expands; a parameter cannot be called {}",
                option_key_list()
            ),
        );
    }
}

/// The option keys, for a message: `` `method`, `url`, … or `request` ``.
pub(crate) fn option_key_list() -> String {
    let names = OPTION_KEYS.map(|name| format!("`{name}`"));
    format!(
        "{} or {}",
        names[..names.len() - 1].join(", "),
        names[names.len() - 1]
    )
}

/// The Rust field of a placeholder or parameter: its [`FieldName`], as an
/// identifier at `span` (raw for a keyword).
pub(crate) fn field_ident(name: &FieldName, span: Span) -> Ident {
    if name.raw {
        Ident::new_raw(&name.ident, span)
    } else {
        Ident::new(&name.ident, span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route_errors(route: &str) -> Vec<String> {
        let mut cx = Ctxt::default();
        check_route(&mut cx, &LitStr::new(route, Span::call_site()));
        cx.messages()
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
        // TRACE, QUERY and other method tokens in capitals (OpenAPI 3.2's
        // `additionalOperations`) are methods; one near a known method is a
        // typing mistake, and lowercase is refused as for any.
        for method in ["TRACE", "QUERY", "PURGE", "LOCK", "VERSION-CONTROL"] {
            assert_eq!(check_method(method), Ok(()), "{method}");
        }
        assert_eq!(
            check_method("QEURY").unwrap_err(),
            "unknown method `QEURY` at column 1: did you mean `QUERY`?"
        );
        assert_eq!(
            check_method("trace").unwrap_err(),
            "the method `trace` must be uppercase: did you mean `TRACE`?"
        );
        assert!(
            check_method("Frobnicate")
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
    fn spaces_in_placeholder_names() {
        assert_eq!(
            route_errors("GET /repos/{own er}/x"),
            [
                "the variable name in `{own er}` contains a space at column 16 of the route: a name \
                 is made of letters, digits, `_`, `-` and `%XX` escapes, with single dots between them"
            ]
        );
        assert_eq!(
            route_errors("GET /repos/<own er>/x"),
            [
                "the placeholder name in `<own er>` contains a space at column 16 of the route: a \
                 `<name>` placeholder is a letter or `_` followed by letters, digits and `_`"
            ]
        );
        // Each error in turn contains its needle.
        for (route, needles) in [
            (
                "GET /x{?a, b}/{c d} y",
                &[
                    "unexpected `y` after the URL at column 21",
                    "name in `{?a, b}` contains a space at column 11 ",
                    "name in `{c d}` contains a space at column 17 ",
                ][..],
            ),
            // A placeholder that does not close after the space: the URL ends there.
            (
                "GET /x/{a b",
                &[
                    "unexpected `b` after the URL",
                    "unclosed expression in `{a`",
                ],
            ),
            (
                "GET /x/<a b/c>",
                &[
                    "unexpected `b/c>` after the URL",
                    "unterminated placeholder `<a`",
                ],
            ),
        ] {
            let errors = route_errors(route);
            assert_eq!(errors.len(), needles.len(), "{errors:?}");
            for (error, needle) in errors.iter().zip(needles) {
                assert!(error.contains(needle), "{needle}: {errors:?}");
            }
        }
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
        assert_eq!(field_ident("_", span).0.to_string(), "empty");
        assert_eq!(
            field_ident("enterprise-team", span).0.to_string(),
            "enterprise_team"
        );
        assert_eq!(field_ident("a.b", span).0.to_string(), "a_b");
        assert_eq!(field_ident("%2Fx", span).0.to_string(), "_2_fx");
        assert_eq!(field_ident("1", span).0.to_string(), "_1");
        assert_eq!(field_ident("-a", span).0.to_string(), "minus_a");
        assert_eq!(field_ident("type-", span).0.to_string(), "r#type");
        assert_eq!(field_ident("-self", span).0.to_string(), "minus_self");
        assert_eq!(field_ident("Per-Page", span).0.to_string(), "per_page");
        assert_eq!(field_ident("perPage", span).0.to_string(), "per_page");
        assert!(!field_ident("perPage", span).1);
        assert_eq!(field_ident("Owner", span).0.to_string(), "owner");
        assert_eq!(field_ident("Self", span).0.to_string(), "self_");
        assert_eq!(field_ident("--", span).0.to_string(), "minus");
    }
}
