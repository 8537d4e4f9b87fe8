//! Where a field goes and how it is written: a remaining parameter's
//! location and OpenAPI style (`place`) with the options each location
//! takes, a whole body's value, and a path placeholder's style written into
//! the route's template (`path_style`, `restyled`).

use endpoint_runtime::sibling::{BodyKind, Location, Modifier, Operator, Part, Style};
use endpoint_runtime::template::Template;
use proc_macro2::Span;
use syn::{Ident, Type};

use super::{Placed, Scope, ValueKind};
use crate::ast::{Shape, is_file, shape};
use crate::attr::FieldAttrs;
use crate::ctxt::Ctxt;
use crate::styles::{PATH_STYLES, QUERY_STYLES, style_list};

/// A path placeholder's style, written into the template as an RFC 6570
/// operator and modifier.
pub(super) struct PathStyle {
    /// The placeholder.
    wire: String,
    /// `simple` → none, `label` → `.`, `matrix` → `;`.
    operator: Operator,
    /// `explode = …`, when written: the `*` modifier.
    explode: Option<bool>,
    /// Where the errors about it point.
    span: Span,
}

/// Where a remaining parameter goes and how it is written, checked against
/// its location, the body's media type and its type (`ty`, without its
/// `Option`).
pub(super) fn place(
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
    let (what, styles, form_field) = location(cx, scope, attrs, ident, ty, &mut placed, &mut value);
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
    options(
        cx,
        scope,
        attrs,
        what,
        form_field,
        multipart_part,
        &mut placed,
    );
    (placed, value)
}

/// Where a remaining parameter goes by its location (`placed.location`,
/// `placed.style` and `value` set for it): what it is, for the messages;
/// the styles it allows; whether it is a field of a form body (`arrays`,
/// `allow_reserved` and the encoding's `content_type` apply).
fn location(
    cx: &mut Ctxt,
    scope: &Scope<'_>,
    attrs: &FieldAttrs,
    ident: &Ident,
    ty: &Type,
    placed: &mut Placed,
    value: &mut ValueKind,
) -> (&'static str, &'static [Style], bool) {
    let loc = attrs.location.map_or(Location::Default, |(loc, _)| loc);
    let kind = scope.body.map(|body| body.kind);
    // What the field is, for the messages; the styles it allows; whether it
    // is a field of a form body (`arrays`, `allow_reserved` and the
    // encoding's `content_type` apply).
    match loc {
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
            *value = whole_body(cx, scope, attrs, ty);
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
    }
}

/// The options of a remaining parameter that only some locations take
/// (`allow_reserved`, `arrays`, a field's `content_type`), set in `placed`
/// or refused for `what` the parameter is.
fn options(
    cx: &mut Ctxt,
    scope: &Scope<'_>,
    attrs: &FieldAttrs,
    what: &str,
    form_field: bool,
    multipart_part: bool,
    placed: &mut Placed,
) {
    let loc = attrs.location.map_or(Location::Default, |(loc, _)| loc);
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
pub(super) fn path_style(
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
pub(super) fn restyled(
    template: &Template<'_>,
    styles: &[PathStyle],
) -> Result<String, (Span, String)> {
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
