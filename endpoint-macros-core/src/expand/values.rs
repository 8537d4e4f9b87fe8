//! The body of `Fields::with_fields`: each field's value for the runtime,
//! converted by its type as written and its placement.

use endpoint_runtime::template::Template;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use crate::ast::{is_file, option_inner, single_type_argument};
use crate::valid::{CheckedItem, Field, Role, ValueKind};

/// A field's value for `Fields::with_fields`: an `Option<Param>`, and the
/// statement that makes what it borrows, for a value serialized through serde.
pub(super) struct FieldValue {
    pub(super) serialized: Option<TokenStream>,
    pub(super) value: TokenStream,
}

impl FieldValue {
    pub(super) fn direct(value: TokenStream) -> Self {
        FieldValue {
            serialized: None,
            value,
        }
    }
}

/// `Fields::with_fields`, with the value of each position.
pub(super) fn with_fields_fn(values: &[FieldValue]) -> TokenStream {
    let serialized = values.iter().filter_map(|value| value.serialized.as_ref());
    let values = values.iter().map(|value| &value.value);
    quote! {
        #[inline]
        fn with_fields(
            &self,
            build: &mut ::endpoint::__private::FieldsBuild<'_>,
        ) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            #(#serialized)*
            build(&[#(#values),*])
        }
    }
}

/// The values of `Fields::with_fields`: the template's variables by slot
/// (`None` for a variable without a field), then the other parameters in
/// declaration order.
pub(super) fn field_values(checked: &CheckedItem, template: &Template<'_>) -> Vec<FieldValue> {
    let by_slot = template.names().map(|name| {
        checked
            .fields
            .iter()
            .find(|field| field.role == Role::Template && field.wire == name)
    });
    let remaining = checked
        .fields
        .iter()
        .filter(|field| field.role == Role::Remaining)
        .map(Some);
    by_slot
        .chain(remaining)
        .enumerate()
        .map(|(index, field)| match field {
            Some(field) => field_value(field, index),
            None => FieldValue::direct(quote!(::core::option::Option::None)),
        })
        .collect()
}

/// A field's value for the runtime: strings, numbers, booleans, JSON values,
/// files and lists of them directly, other types through serde, into a
/// local (`__serialized{index}`) that the value borrows; the bytes or the
/// text of a whole body as such; a choice of media types through its
/// `Content`, into a local (`__content{index}`). The conversion is chosen
/// from the type as written and the field's placement.
fn field_value(field: &Field, index: usize) -> FieldValue {
    let ident = &field.ident;
    let wire = &field.wire;
    let optional = field.optional;
    let ty = if optional {
        option_inner(&field.ty).unwrap_or(&field.ty)
    } else {
        &field.ty
    };
    let span = ty.span();
    let place = quote_spanned!(span=> &self.#ident);
    match field.value {
        ValueKind::Bytes => {
            let bytes = |value| {
                quote_spanned!(span=> ::endpoint::__private::Param::Bytes(
                    ::core::convert::AsRef::<[u8]>::as_ref(#value)
                ))
            };
            return FieldValue::direct(option_value(place, optional, span, bytes));
        }
        ValueKind::Text => {
            let text = |value| {
                quote_spanned!(span=> ::endpoint::__private::Param::Str(
                    ::core::convert::AsRef::<str>::as_ref(#value)
                ))
            };
            return FieldValue::direct(option_value(place, optional, span, text));
        }
        ValueKind::Choice => {
            let content =
                |value| quote_spanned!(span=> ::endpoint::__private::Content::content(#value));
            let contents = map_optional(place, optional, span, content);
            let local = format_ident!("__content{index}");
            let param = |value| quote!(::endpoint::__private::Param::Content(#value));
            return FieldValue {
                serialized: Some(quote!(let #local = #contents;)),
                value: option_value(quote!(&#local), optional, span, param),
            };
        }
        ValueKind::Param => {}
    }
    if is_direct(ty) || is_file(ty) {
        let to_param =
            |value| quote_spanned!(span=> ::endpoint::__private::ToParam::to_param(#value));
        return FieldValue::direct(option_value(place, optional, span, to_param));
    }
    // A type error (not `Serialize`) points at the field's type.
    let serialize = |value| quote_spanned!(span=> ::endpoint::__private::serialize(#value, #wire)?);
    let serialized = map_optional(place, optional, span, serialize);
    let local = format_ident!("__serialized{index}");
    let json = |value| quote!(::endpoint::__private::Param::Json(#value));
    FieldValue {
        serialized: Some(quote!(let #local = #serialized;)),
        value: option_value(quote!(&#local), optional, span, json),
    }
}

/// `convert` applied to the value at `place` (a reference to a field, or to
/// its `Option` when `optional`, converted inside it).
fn map_optional(
    place: TokenStream,
    optional: bool,
    span: Span,
    convert: impl Fn(TokenStream) -> TokenStream,
) -> TokenStream {
    if !optional {
        return convert(place);
    }
    let value = convert(quote_spanned!(span=> value));
    quote! {
        match #place {
            ::core::option::Option::Some(value) => ::core::option::Option::Some(#value),
            ::core::option::Option::None => ::core::option::Option::None,
        }
    }
}

/// [`map_optional`] as an `Option` in every case: the array's element.
fn option_value(
    place: TokenStream,
    optional: bool,
    span: Span,
    convert: impl Fn(TokenStream) -> TokenStream,
) -> TokenStream {
    let value = map_optional(place, optional, span, convert);
    if optional {
        value
    } else {
        quote!(::core::option::Option::Some(#value))
    }
}

/// Whether the runtime converts values of `ty` directly (`ToParam`): the
/// string types, the integers, `f64`, `bool`, `serde_json::Value`, and
/// references, `Option`s, `Vec`s, arrays and slice references of those.
fn is_direct(ty: &Type) -> bool {
    const SCALARS: [&str; 14] = [
        "String", "str", "bool", "f64", "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32",
        "i64", "isize",
    ];
    match ty {
        Type::Group(group) => is_direct(&group.elem),
        Type::Paren(paren) => is_direct(&paren.elem),
        Type::Array(array) => is_direct(&array.elem),
        Type::Reference(reference) => match &*reference.elem {
            Type::Slice(slice) => is_direct(&slice.elem),
            elem => is_direct(elem),
        },
        Type::Path(path) if path.qself.is_none() => {
            let segments = &path.path.segments;
            let Some(last) = segments.last() else {
                return false;
            };
            let name = last.ident.to_string();
            match (&last.arguments, name.as_str()) {
                (syn::PathArguments::None, name) if SCALARS.contains(&name) => true,
                (syn::PathArguments::None, "Value") => {
                    segments.len() == 2 && segments[0].ident == "serde_json"
                }
                (args, "Option" | "Vec" | "Box") => single_type_argument(args)
                    .is_some_and(|inner| !matches!(inner, Type::Slice(_)) && is_direct(inner)),
                (args, "Cow" | "Arc") => {
                    matches!(single_type_argument(args), Some(Type::Path(inner)) if inner.path.is_ident("str"))
                }
                _ => false,
            }
        }
        _ => false,
    }
}
