//! Whether an operation's parameters keep the styles the plan gives them,
//! decided from the plan: each field's location, style, `explode`,
//! `allowReserved` and the shape of its type (a list, an object), against
//! the rules `endpoint!` enforces on these options, with the macro's own
//! words. A struct whose styles break one of them is written with every
//! parameter in its location's default style.

use endpoint_runtime::sibling::{BodyKind, Style};

use endpoint_macros_core::styles::{PATH_STYLES, QUERY_STYLES, style_list};

use crate::operations::{FieldPlan, Location, OperationPlan, Ty};
use crate::types::Type;

/// What a field's value is, as far as its style is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// A list (`Vec`).
    List,
    /// An object of arbitrary keys (a map, a JSON object).
    Object,
    /// Anything else: a scalar, or a named type the macro does not look
    /// into.
    Other,
}

/// The shape of a field's type as the macro sees the Rust type the writer
/// writes for it: through `Option` and `Box`, a `Vec` is a list, a map
/// and a JSON object are objects.
fn shape(ty: &Ty) -> Shape {
    fn planned(ty: &Type) -> Shape {
        match ty {
            Type::Vec(_) | Type::Bytes => Shape::List,
            Type::Map(_) | Type::JsonObject => Shape::Object,
            Type::Option(inner) | Type::Box(inner) => planned(inner),
            _ => Shape::Other,
        }
    }
    match ty {
        Ty::Planned(ty) => planned(ty),
        Ty::File | Ty::Bytes | Ty::Choice => Shape::Other,
    }
}

/// Why `endpoint!` would refuse `op`'s struct with its parameters' styles
/// (the first reason, in the fields' order), or `None` when it takes them.
pub(super) fn refusal(op: &OperationPlan) -> Option<String> {
    let body = op.content_type.as_deref().map(BodyKind::of);
    op.fields
        .iter()
        .find_map(|field| field_refusal(field, body))
}

/// Why the macro would refuse `field`'s style options, in a struct whose
/// body is of the kind `body`.
fn field_refusal(field: &FieldPlan, body: Option<BodyKind>) -> Option<String> {
    if field.location == Location::Path {
        return path_refusal(field);
    }
    let style = written_style(field);
    let form_field = match field.location {
        Location::Content => {
            return (style.is_some() || field.explode.is_some() || field.allow_reserved).then(
                || {
                    "a `request_body` field is the whole body, written as its media type says: \
                 `style`, `explode` and `allow_reserved` are for parameters and the fields of a \
                 form body"
                        .to_owned()
                },
            );
        }
        Location::Body | Location::Default => body == Some(BodyKind::Form),
        _ => false,
    };
    let (what, styles, default): (&str, &[Style], Style) = match field.location {
        Location::Header => ("a header", &[Style::Simple], Style::Simple),
        Location::Cookie => ("a cookie", &[Style::Form], Style::Form),
        Location::Query => ("a query parameter", QUERY_STYLES, Style::Form),
        _ if form_field => ("a field of a form body", QUERY_STYLES, Style::Default),
        _ if body == Some(BodyKind::Multipart) => {
            ("a part of a multipart body", &[], Style::Default)
        }
        _ => ("a field of a JSON body", &[], Style::Default),
    };
    let mut placed = default;
    if let Some(style) = style {
        if styles.contains(&style) {
            placed = style;
        } else if styles.is_empty() {
            return Some(format!(
                "`style` does not apply to {what}: styles are for query, header and cookie \
                 parameters, path placeholders and the fields of a form body \
                 (`content_type = \"application/x-www-form-urlencoded\"` on the struct)"
            ));
        } else {
            return Some(format!(
                "`style = \"{}\"` is not a style of {what}: expected {}",
                style.openapi_name().unwrap_or_default(),
                style_list(styles)
            ));
        }
    } else if form_field && field.explode.is_some() {
        // `explode` alone qualifies OpenAPI's default style of a form
        // body's field: `form`.
        placed = Style::Form;
    }
    if let Some(reason) = explode_refusal(field, placed, what, styles.is_empty(), form_field) {
        return Some(reason);
    }
    if field.allow_reserved && !(field.location == Location::Query || form_field) {
        return Some(format!(
            "`allow_reserved` does not apply to {what}: it keeps RFC 3986's reserved characters \
             unencoded in a query parameter or a field of a form body"
        ));
    }
    None
}

/// Why the macro would refuse `field`'s `explode` (or its default) in the
/// style `placed`.
fn explode_refusal(
    field: &FieldPlan,
    placed: Style,
    what: &str,
    unstyled: bool,
    form_field: bool,
) -> Option<String> {
    let shape = shape(&field.ty);
    let composite = shape != Shape::Other;
    let form_body_explode = "in a form body, `style = \"form\"` exploded would write a list or an \
                             object as fields of the body itself, beside the others: write \
                             `explode = false` (items joined with `,`) or use `style = \
                             \"deepObject\"` (`name[]=…`, `name[key]=…`)";
    let Some(explode) = field.explode else {
        return (form_field && placed == Style::Form && composite)
            .then(|| form_body_explode.to_owned());
    };
    if unstyled && !form_field {
        return Some(format!(
            "`explode` does not apply to {what}: it is for query, header and cookie parameters, \
             path placeholders and the fields of a form body"
        ));
    }
    let reason = match placed {
        Style::DeepObject if !explode => {
            "`deepObject` is always exploded (`name[key]=value`): remove `explode = false`"
        }
        Style::SpaceDelimited | Style::PipeDelimited if explode && shape == Shape::Object => {
            "an object cannot be exploded in the `spaceDelimited` or `pipeDelimited` style, which \
             OpenAPI defines only unexploded: remove `explode`, or use `deepObject` or `form`"
        }
        Style::Form if field.location == Location::Cookie && !explode && composite => {
            "a list or an object in a cookie is written exploded, one `name=value` a cookie: \
             `explode = false` would join its items with `,`, which RFC 6265 does not allow in a \
             cookie value; remove `explode = false`"
        }
        Style::Form if form_field && explode && composite => form_body_explode,
        _ => return None,
    };
    Some(reason.to_owned())
}

/// Why the macro would refuse the style options of the path placeholder
/// `field`: a style other than a path's, a style on a placeholder that
/// may hold `/`, or `allowReserved`.
fn path_refusal(field: &FieldPlan) -> Option<String> {
    let wire = &field.wire;
    if field.allow_reserved {
        return Some(format!(
            "`allow_reserved` does not apply to the placeholder `{wire}` of the URL: write \
             `{{+name}}` in the route to keep reserved characters"
        ));
    }
    let style = match written_style(field) {
        None => Style::Simple,
        Some(style) if PATH_STYLES.contains(&style) => style,
        Some(style) => {
            let name = style.openapi_name().unwrap_or_default();
            return Some(format!(
                "`style = \"{name}\"` is not a style of a path placeholder: expected {}",
                style_list(PATH_STYLES)
            ));
        }
    };
    (field.multi_segment && (style != Style::Simple || field.explode == Some(true))).then(|| {
        "`multi_segment` keeps the `/` of a value written in the `simple` style, unexploded: it \
         cannot go with another style or `explode`"
            .to_owned()
    })
}

/// The style `field` is written with: the plan's, when OpenAPI names it
/// (the runtime's rules for a parameter declared with no style are not
/// written).
fn written_style(field: &FieldPlan) -> Option<Style> {
    field.style.filter(|style| style.openapi_name().is_some())
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::*;

    /// A field of `location` whose type is `ty`, with these style options.
    fn field(
        location: Location,
        ty: Type,
        style: Option<&str>,
        explode: Option<bool>,
    ) -> FieldPlan {
        FieldPlan {
            name: "value".into(),
            wire: "value".into(),
            location,
            ty: Ty::Planned(ty),
            optional: true,
            required: false,
            doc: String::new(),
            style: style.map(|name| Style::from_openapi(name).expect("an OpenAPI style")),
            explode,
            allow_reserved: false,
            multi_segment: false,
            content_type: None,
        }
    }

    /// What `endpoint!` says of a struct holding `field` alone, in a
    /// struct whose body is `media_type`: its first error, if any.
    fn macro_says(field: &FieldPlan, media_type: Option<&str>) -> Option<String> {
        let ty: syn::Type = match &field.ty {
            Ty::Planned(Type::Vec(_)) => syn::parse_quote!(Vec<String>),
            Ty::Planned(Type::Map(_)) => {
                syn::parse_quote!(::std::collections::BTreeMap<String, String>)
            }
            Ty::Planned(Type::Json) => syn::parse_quote!(::serde_json::Value),
            _ => syn::parse_quote!(String),
        };
        let mut words = Vec::new();
        if field.location != Location::Path {
            words.extend(field.location.option_name().map(str::to_owned));
        }
        if field.multi_segment {
            words.push("multi_segment".to_owned());
        }
        if let Some(style) = written_style(field).and_then(Style::openapi_name) {
            words.push(format!("style = {style:?}"));
        }
        match field.explode {
            Some(true) => words.push("explode".to_owned()),
            Some(false) => words.push("explode = false".to_owned()),
            None => {}
        }
        if field.allow_reserved {
            words.push("allow_reserved".to_owned());
        }
        let words: proc_macro2::TokenStream = words.join(", ").parse().unwrap();
        let content_type =
            media_type.map(|media_type| quote!(#[endpoint(content_type = #media_type)]));
        let route = if media_type.is_some() {
            "POST /things/{value}"
        } else {
            "GET /things/{value}"
        };
        let route = if field.location == Location::Path {
            route.to_owned()
        } else {
            route.replace("/{value}", "")
        };
        let required = field.location == Location::Path || field.location == Location::Content;
        let ty = if required {
            quote!(#ty)
        } else {
            quote!(Option<#ty>)
        };
        let attrs = if words.is_empty() {
            quote!()
        } else {
            quote!(#[endpoint(#words)])
        };
        super::super::checks::first_error(endpoint_macros_core::expand(quote! {
            #[endpoint(api = crate::api)]
            #content_type
            pub struct Thing = #route -> () {
                #attrs
                pub value: #ty,
            }
        }))
    }

    /// Every location, style and `explode` the plan may give a field of a
    /// list, an object or a scalar: the plan's decision is the macro's,
    /// with its message.
    #[test]
    fn the_plan_refuses_the_styles_the_macro_refuses() {
        let styles = [
            None,
            Some("form"),
            Some("simple"),
            Some("label"),
            Some("matrix"),
            Some("spaceDelimited"),
            Some("pipeDelimited"),
            Some("deepObject"),
        ];
        let types = || {
            [
                Type::Vec(Box::new(Type::String)),
                Type::Map(Box::new(Type::String)),
                Type::String,
                Type::Json,
            ]
        };
        let places = [
            (Location::Query, None),
            (Location::Header, None),
            (Location::Cookie, None),
            (Location::Path, None),
            (Location::Body, Some("application/x-www-form-urlencoded")),
            (Location::Body, Some("application/json")),
            (Location::Body, Some("multipart/form-data")),
            (Location::Content, Some("application/json")),
        ];
        let (mut checked, mut refused) = (0, 0);
        for (location, media_type) in places {
            for ty in types() {
                for style in styles {
                    for explode in [None, Some(true), Some(false)] {
                        for (allow_reserved, multi_segment) in
                            [(false, false), (true, false), (false, true)]
                        {
                            if multi_segment && location != Location::Path {
                                continue;
                            }
                            let mut field = field(location, ty.clone(), style, explode);
                            field.allow_reserved = allow_reserved;
                            field.multi_segment = multi_segment;
                            let body = media_type.map(BodyKind::of);
                            let decided = field_refusal(&field, body);
                            assert_eq!(
                                decided,
                                macro_says(&field, media_type),
                                "{field:?} in a {media_type:?} body"
                            );
                            checked += 1;
                            refused += usize::from(decided.is_some());
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
        assert!(
            refused > 300 && checked - refused > 100,
            "{refused} of {checked}"
        );
    }

    #[test]
    fn shapes_look_through_options_and_boxes() {
        let list = Type::Option(Box::new(Type::Box(Box::new(Type::Vec(Box::new(
            Type::Integer,
        ))))));
        assert_eq!(shape(&Ty::Planned(list)), Shape::List);
        assert_eq!(shape(&Ty::Planned(Type::JsonObject)), Shape::Object);
        // The macro does not look into a named or nullable type.
        assert_eq!(shape(&Ty::Planned(Type::Named(0))), Shape::Other);
        let nullable = Type::Nullable(Box::new(Type::Vec(Box::new(Type::String))));
        assert_eq!(shape(&Ty::Planned(nullable)), Shape::Other);
        assert_eq!(shape(&Ty::File), Shape::Other);
    }
}
