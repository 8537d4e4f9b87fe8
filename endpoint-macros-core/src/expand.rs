//! Code generation: the checked input turned into a struct, its inherent
//! `to_request` / `to_request_with`, and the runtime's `Fields` and
//! `TypedRequest` traits.
//!
//! What the macro knows is emitted as data: the route's plan (method, parsed
//! template, the names of the other parameters) is a constant, and the one
//! function per struct, `Fields::with_fields`, hands the runtime every field
//! at once, by position, in one array. Generated code names everything
//! through `::endpoint`, so it works whatever the user imported, and never
//! parses the route.

use endpoint_runtime::template::Template;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::Type;
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use crate::SpecCheck;
use crate::ast::{ExprDef, Input, ItemDef, is_file, option_inner, single_type_argument};
use crate::capture::{CheckedExpr, check_expr};
use crate::ctxt::Ctxt;
use crate::declared::declaration;
use crate::route::BodyDef;
use crate::valid::{CheckedItem, Field, Placed, Role, ValueKind, check_item};
use endpoint_runtime::model::{Next, Pagination};

/// Expands one `endpoint!` invocation. Never panics: invalid routes and
/// fields become `compile_error!`s.
/// A struct that names a description is checked against it by `check`,
/// whose tokens are added to the struct's expansion.
pub(crate) fn endpoint(input: &Input, check: &mut SpecCheck<'_>) -> TokenStream {
    match input {
        Input::Items(items) => items.iter().map(|def| item(def, check)).collect(),
        Input::Expr(def) => expression(def),
    }
}

pub(crate) fn item(def: &ItemDef, check: &mut SpecCheck<'_>) -> TokenStream {
    let mut cx = Ctxt::default();
    let checked = check_item(&mut cx, def);
    match (cx.check(), &checked.template) {
        (Ok(()), Some(template)) => match declaration(def, &checked, template).map(|d| check(&d)) {
            None => item_impl(def, &checked, None, template),
            Some(Ok(extra)) => {
                let mut out = item_impl(def, &checked, extra.api.as_ref(), template);
                out.extend(extra.tokens);
                out
            }
            Some(Err(err)) => {
                let mut out = item_fallback(def, &checked);
                out.extend(err.to_compile_error());
                out
            }
        },
        (Err(err), _) => {
            let mut out = item_fallback(def, &checked);
            out.extend(err.to_compile_error());
            out
        }
        // A template that did not parse comes with its own error; this is
        // only a safety net.
        (Ok(()), None) => {
            let mut out = item_fallback(def, &checked);
            out.extend(
                syn::Error::new_spanned(&def.route, "the URL template cannot be parsed")
                    .to_compile_error(),
            );
            out
        }
    }
}

/// The struct definition itself.
fn struct_definition(def: &ItemDef, fields: &[Field]) -> TokenStream {
    let ItemDef {
        attrs,
        vis,
        ident,
        generics,
        ..
    } = def;
    let where_clause = &generics.where_clause;
    // With errors, two fields may share a name; keep the first, so that the
    // macro's message is the only one.
    let mut seen = std::collections::HashSet::new();
    let fields: Vec<&Field> = fields
        .iter()
        .filter(|field| seen.insert(field.ident.unraw()))
        .collect();
    if fields.is_empty() {
        return quote! {
            #(#attrs)*
            #vis struct #ident #generics #where_clause;
        };
    }
    let fields = fields.iter().map(|field| {
        let Field {
            attrs,
            vis,
            ident,
            ty,
            ..
        } = field;
        quote!(#(#attrs)* #vis #ident: #ty)
    });
    quote! {
        #(#attrs)*
        #vis struct #ident #generics #where_clause {
            #(#fields,)*
        }
    }
}

/// What is emitted for a struct with errors: the struct and its methods,
/// with no body, so that the errors are the only messages.
fn item_fallback(def: &ItemDef, checked: &CheckedItem) -> TokenStream {
    let definition = struct_definition(def, &checked.fields);
    let ident = &def.ident;
    let (impl_generics, ty_generics, where_clause) = def.generics.split_for_impl();
    let items = fallback_items(&checked.method, &checked.template_text);
    quote! {
        #definition
        #[allow(dead_code, unused_variables, clippy::all)]
        impl #impl_generics #ident #ty_generics #where_clause {
            #items
        }
    }
}

/// The struct and its implementations; `checked_api` is the settings a
/// check against a description gives a struct that names none.
fn item_impl(
    def: &ItemDef,
    checked: &CheckedItem,
    checked_api: Option<&syn::Path>,
    template: &Template<'_>,
) -> TokenStream {
    let definition = struct_definition(def, &checked.fields);
    let ident = &def.ident;
    let (impl_generics, ty_generics, where_clause) = def.generics.split_for_impl();
    let response = match &def.response {
        Some(ty) => quote!(#ty),
        None => quote!(::endpoint::__private::serde_json::Value),
    };
    let error = match &checked.error {
        Some(ty) => quote!(#ty),
        None => quote!(::endpoint::__private::serde_json::Value),
    };
    let params: Vec<TokenStream> = checked
        .fields
        .iter()
        .filter(|field| field.role == Role::Remaining)
        .map(|field| param_plan(&field.wire, &field.placement))
        .collect();
    let plan = plan(
        &checked.method,
        template,
        &params,
        checked.server.as_deref(),
        checked.body.as_ref(),
        checked.accept.as_deref(),
        checked.paginate.as_ref(),
    );
    let field = with_fields_fn(&field_values(checked, template));
    let api = default_api(checked.api.as_ref().or(checked_api));
    let (method, template_text) = (&checked.method, &checked.template_text);
    let inherent = inherent_items(method, template_text);
    let mut answer_doc = format!(
        " `{method} {template_text}`, answered by `{}` (its `TypedRequest::Response`).",
        type_text(&response)
    );
    if checked.error.is_some() {
        answer_doc = format!(
            "{}; its errors by `{}` (its `TypedRequest::Error`).",
            answer_doc.trim_end_matches('.'),
            type_text(&error)
        );
    }
    quote! {
        #definition

        #[doc = #answer_doc]
        impl #impl_generics #ident #ty_generics #where_clause {
            #inherent
        }

        impl #impl_generics ::endpoint::__private::Fields for #ident #ty_generics #where_clause {
            #field
        }

        impl #impl_generics ::endpoint::__private::Route for #ident #ty_generics #where_clause {
            type Response = #response;
            type Error = #error;
            const METHOD: &'static str = #method;
            const TEMPLATE: &'static str = #template_text;
            const PLAN: &'static ::endpoint::__private::Plan = &#plan;
            #api
        }
    }
}

/// The route's `default_api` when it names its API's (`api = path`): the
/// named function's settings, checked by the compiler to be a
/// `fn() -> &'static Api` where the path is written.
fn default_api(api: Option<&syn::Path>) -> TokenStream {
    let Some(api) = api else {
        return TokenStream::new();
    };
    let function = quote_spanned! {api.span()=>
        let api: fn() -> &'static ::endpoint::__private::Api = #api;
    };
    quote! {
        #[inline]
        fn default_api() -> &'static ::endpoint::__private::Api {
            #function
            api()
        }
    }
}

/// A type as written, without the spaces tokens print between its parts
/// (`crate::models::Issue`, `Vec<Issue>`).
fn type_text(ty: &TokenStream) -> String {
    let mut text = ty.to_string();
    for (spaced, tight) in [
        (" :: ", "::"),
        (":: ", "::"),
        (" <", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" ,", ","),
    ] {
        text = text.replace(spaced, tight);
    }
    text
}

/// A field's value for `Fields::with_fields`: an `Option<Param>`, and the
/// statement that makes what it borrows, for a value serialized through serde.
struct FieldValue {
    serialized: Option<TokenStream>,
    value: TokenStream,
}

impl FieldValue {
    fn direct(value: TokenStream) -> Self {
        FieldValue {
            serialized: None,
            value,
        }
    }
}

/// `Fields::with_fields`, with the value of each position.
fn with_fields_fn(values: &[FieldValue]) -> TokenStream {
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
fn field_values(checked: &CheckedItem, template: &Template<'_>) -> Vec<FieldValue> {
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

/// `Plan { method, template, params, server, body, accept, pagination }`: the route as data, the
/// template in its packed form (a string and a list of numbers), which costs
/// the least to compile; multi-segment variables are marked in it.
fn plan(
    method: &str,
    template: &Template<'_>,
    params: &[TokenStream],
    server: Option<&str>,
    body: Option<&BodyDef>,
    accept: Option<&str>,
    paginate: Option<&Pagination<String>>,
) -> TokenStream {
    // A method with a constant of its own, else (`TRACE`, `QUERY`, an
    // extension method) made of its lowercase name.
    let method = match endpoint_runtime::sibling::METHODS.contains(&method) {
        true => {
            let constant = format_ident!("{method}");
            quote!(::endpoint::__private::Method::#constant)
        }
        false => {
            let lowercase = method.to_ascii_lowercase();
            quote!(::endpoint::__private::Method::from_checked(#lowercase))
        }
    };
    let (text, code) = template.packed();
    let code = code
        .iter()
        .map(|&word| proc_macro2::Literal::u32_unsuffixed(word));
    let body = match body {
        Some(BodyDef {
            media_type,
            kind,
            required,
        }) => {
            let kind = format_ident!("{kind:?}");
            quote! {
                ::core::option::Option::Some(::endpoint::__private::BodyPlan {
                    media_type: #media_type,
                    kind: ::endpoint::__private::BodyKind::#kind,
                    required: #required,
                })
            }
        }
        None => quote!(::core::option::Option::None),
    };
    let pagination = pagination(paginate);
    let server = match server {
        Some(server) => quote!(::core::option::Option::Some(#server)),
        None => quote!(::core::option::Option::None),
    };
    let accept = match accept {
        Some(accept) => quote!(::core::option::Option::Some(#accept)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        ::endpoint::__private::Plan {
            method: #method,
            template: ::endpoint::__private::static_template(#text, &[#(#code),*]),
            params: &[#(#params),*],
            server: #server,
            body: #body,
            accept: #accept,
            pagination: #pagination,
        }
    }
}

/// The `Pagination` of `paginate(…)`: calls of its `const` constructors.
fn pagination(paginate: Option<&Pagination<String>>) -> TokenStream {
    let Some(Pagination { next, items }) = paginate else {
        return quote!(::core::option::Option::None);
    };
    let scheme = match next {
        Next::Link => quote!(link()),
        Next::Cursor { pointer, param } => quote!(cursor(#pointer, #param)),
        Next::AfterLastItem { key, param, more } => {
            quote!(after_last_item(#param, #key, #more))
        }
        Next::NextUrl { pointer } => quote!(next_url(#pointer)),
        Next::Offset { param, limit } => quote!(offset(#param, #limit)),
        Next::PageNumber { param, total } => match total {
            Some(total) => quote!(page_number(#param).total_pages(#total)),
            None => quote!(page_number(#param)),
        },
    };
    let items = items.as_ref().map(|items| quote!(.items(#items)));
    quote!(::core::option::Option::Some(::endpoint::__private::Pagination::#scheme #items))
}

/// A remaining parameter's `ParamPlan`: `ParamPlan::new(name)` for the
/// default placement, `ParamPlan::at(name, location, style)` for a location
/// and style with every other option at its default (most of a generated
/// crate's fields), the least to compile; else the whole literal.
fn param_plan(name: &str, placed: &Placed) -> TokenStream {
    if *placed == Placed::DEFAULT {
        return quote!(::endpoint::__private::ParamPlan::new(#name));
    }
    let defaults = Placed {
        location: placed.location,
        style: placed.style,
        ..Placed::DEFAULT
    };
    if *placed == defaults {
        let location = format_ident!("{}", format!("{:?}", placed.location));
        let style = format_ident!("{}", format!("{:?}", placed.style));
        return quote!(::endpoint::__private::ParamPlan::at(
            #name,
            ::endpoint::__private::Location::#location,
            ::endpoint::__private::Style::#style,
        ));
    }
    let Placed {
        location,
        style,
        explode,
        allow_reserved,
        indices,
        content_type,
    } = placed;
    let location = format_ident!("{location:?}");
    let style = format_ident!("{style:?}");
    let arrays = if *indices {
        format_ident!("Indices")
    } else {
        format_ident!("Brackets")
    };
    let content_type = match content_type {
        Some(media_type) => quote!(::core::option::Option::Some(#media_type)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        ::endpoint::__private::ParamPlan {
            name: #name,
            placement: ::endpoint::__private::Placement {
                location: ::endpoint::__private::Location::#location,
                style: ::endpoint::__private::Style::#style,
                explode: #explode,
                allow_reserved: #allow_reserved,
                arrays: ::endpoint::__private::Arrays::#arrays,
                content_type: #content_type,
            },
        }
    }
}

/// `METHOD`, `TEMPLATE`, `to_request` and `to_request_with`, so that using
/// a struct needs no import.
fn inherent_items(method: &str, template_text: &str) -> TokenStream {
    let method_doc = format!(" The HTTP method of the route: `{method}`.");
    let template_doc = format!(" The URL template of the route: `{template_text}`.");
    quote! {
        #[doc = #method_doc]
        pub const METHOD: &'static str = #method;
        #[doc = #template_doc]
        pub const TEMPLATE: &'static str = #template_text;

        /// Builds the request with the settings of the route's API (its
        /// `TypedRequest::default_api`: those of `Endpoint::default()` unless
        /// the route names its API's).
        ///
        /// # Errors
        /// A value that cannot be expanded into the URL or written into the
        /// query string, or a parameter whose serialization fails.
        #[inline]
        pub fn to_request(&self) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            ::endpoint::__private::TypedRequest::to_request(self)
        }

        /// Builds the request with `settings`: an `Api`'s (base URL,
        /// headers, servers), or an `Endpoint`'s defaults (which may add
        /// previews and default parameters).
        ///
        /// # Errors
        /// As `to_request`, and whatever the defaults make invalid.
        #[inline]
        pub fn to_request_with<S: ::endpoint::__private::Settings + ?::core::marker::Sized>(
            &self,
            settings: &S,
        ) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            ::endpoint::__private::TypedRequest::to_request_with(self, settings)
        }
    }
}

fn expression(def: &ExprDef) -> TokenStream {
    let mut cx = Ctxt::default();
    let checked = check_expr(&mut cx, def);
    match (cx.check(), &checked.template) {
        (Ok(()), Some(template)) => expression_impl(&checked, template),
        (result, _) => {
            let errors = result.err().map(|err| err.to_compile_error());
            expression_fallback(def, &checked, errors)
        }
    }
}

/// A value of a hidden struct that holds each placeholder's value,
/// serialized where the macro is used: a variable or another place, or a
/// literal, is borrowed for that (as `format!` does); anything else is
/// evaluated there. The value holds no borrow and can be kept in a `let`; a
/// serialization error is kept and returned by `to_request`.
fn expression_impl(checked: &CheckedExpr, template: &Template<'_>) -> TokenStream {
    let ident = format_ident!("__Endpoint");
    let plan = plan(&checked.method, template, &[], None, None, None, None);
    let (method, template_text) = (&checked.method, &checked.template_text);
    let inherent = inherent_items(method, template_text);
    let fields: Vec<_> = checked.fields.iter().map(|field| &field.ident).collect();
    let values = checked.fields.iter().map(|field| {
        let value = &field.value;
        let wire = &field.wire;
        // A value that is not `Serialize` gets its error here, at the value.
        quote_spanned!(value.span()=> ::endpoint::__private::serialize(&(#value), #wire))
    });
    let by_slot: Vec<_> = template
        .names()
        .map(|name| match checked.fields.iter().find(|field| field.wire == name) {
            Some(field) => {
                let ident = &field.ident;
                FieldValue::direct(quote!(::core::option::Option::Some(::endpoint::__private::argument(&self.#ident)?)))
            }
            None => FieldValue::direct(quote!(::core::option::Option::None)),
        })
        .collect();
    let field = with_fields_fn(&by_slot);
    let definition = if fields.is_empty() {
        quote!(struct #ident;)
    } else {
        quote!(struct #ident { #(#fields: ::endpoint::__private::Argument,)* })
    };
    let construct = if fields.is_empty() {
        quote!(#ident)
    } else {
        quote!(#ident { #(#fields: #values,)* })
    };
    quote! {
        {
            #definition

            impl #ident {
                #inherent
            }

            impl ::endpoint::__private::Fields for #ident {
                #field
            }

            impl ::endpoint::__private::Route for #ident {
                type Response = ::endpoint::__private::serde_json::Value;
                type Error = ::endpoint::__private::serde_json::Value;
                const METHOD: &'static str = #method;
                const TEMPLATE: &'static str = #template_text;
                const PLAN: &'static ::endpoint::__private::Plan = &#plan;
            }

            #construct
        }
    }
}

/// The items of a request type whose route has errors: its constants, and
/// methods that are never reached, since the crate does not compile.
fn fallback_items(method: &str, template: &str) -> TokenStream {
    quote! {
        /// The HTTP method of the route.
        pub const METHOD: &'static str = #method;
        /// The URL template of the route.
        pub const TEMPLATE: &'static str = #template;
        /// Not available: the route has errors.
        pub fn to_request(&self) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            ::core::unreachable!()
        }
        /// Not available: the route has errors.
        pub fn to_request_with(
            &self,
            endpoint: &::endpoint::__private::Endpoint,
        ) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            ::core::unreachable!()
        }
    }
}

fn expression_fallback(
    def: &ExprDef,
    checked: &CheckedExpr,
    errors: Option<TokenStream>,
) -> TokenStream {
    let items = fallback_items(&checked.method, &checked.template_text);
    // Use the arguments, so that an error in the route is the only message.
    let values = def.args.iter().map(|arg| &arg.value);
    let span = Span::call_site();
    quote_spanned! {span=>
        {
            #errors
            let _ = (#(&(#values),)*);
            struct __Endpoint;
            #[allow(dead_code, unused_variables, clippy::all)]
            impl __Endpoint {
                #items
            }
            __Endpoint
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the macro emits for `tokens`, parsed as the entry point parses
    /// them (input of neither form is a `compile_error!`).
    fn expand(tokens: TokenStream) -> String {
        crate::expand(tokens).to_string()
    }

    #[test]
    fn spec_needs_a_check() {
        let out = expand(quote! {
            #[endpoint(spec = "api.yaml")]
            pub struct GetPet = "GET /pets/{id}";
        });
        assert!(
            out.contains("needs the `openapi` feature of `endpoint`"),
            "{out}"
        );
        // The struct is still defined, with the methods of a struct with
        // errors.
        assert!(out.contains("pub struct GetPet"), "{out}");
        assert!(
            !out.contains(":: endpoint :: __private :: Route for"),
            "{out}"
        );
    }

    #[test]
    fn a_check_gives_its_settings_to_a_struct_that_names_none() {
        let check = &mut |declared: &crate::declared::Declaration| {
            let names_api = declared.names_api;
            Ok(crate::Checked {
                tokens: quote!(
                    fn spec_api() -> &'static ::endpoint::__private::Api {
                        todo!()
                    }
                ),
                api: (!names_api).then(|| syn::parse_quote!(spec_api)),
            })
        };
        let out = crate::expand_with(
            quote!(#[endpoint(spec = "api.yaml")] pub struct GetPet = "GET /pets/{id}";),
            check,
        )
        .to_string();
        assert!(out.contains("fn default_api"), "{out}");
        assert!(out.contains("= spec_api ;"), "{out}");
        // A struct's own `api = path` wins.
        let out = crate::expand_with(
            quote!(#[endpoint(spec = "api.yaml", api = shop)] pub struct GetPet = "GET /pets/{id}";),
            check,
        )
        .to_string();
        assert!(out.contains("= shop ;"), "{out}");
        assert!(!out.contains("= spec_api ;"), "{out}");
    }

    #[test]
    fn a_check_adds_tokens_or_errors() {
        let input = quote! {
            #[endpoint(spec = "api.yaml")]
            pub struct GetPet = "GET /pets/{id}";
        };
        let out = crate::expand_with(input.clone(), &mut |_| {
            Ok(quote!(
                const CHECKED: () = ();
            )
            .into())
        })
        .to_string();
        assert!(out.contains("const CHECKED"), "{out}");
        assert!(
            out.contains(":: endpoint :: __private :: Route for GetPet"),
            "{out}"
        );
        assert!(!out.contains("compile_error"), "{out}");
        let out = crate::expand_with(input, &mut |declared| {
            Err(syn::Error::new(
                declared.route.span(),
                "not in the description",
            ))
        })
        .to_string();
        assert!(
            out.contains("compile_error ! { \"not in the description\" }"),
            "{out}"
        );
        assert!(
            !out.contains(":: endpoint :: __private :: Route for"),
            "{out}"
        );
        // A struct with mistakes of its own is not checked.
        let out = crate::expand_with(
            quote!(#[endpoint(spec = "api.yaml")] pub struct S = "GTE /x";),
            &mut |_| panic!("checked"),
        )
        .to_string();
        assert!(out.contains("did you mean `GET`?"), "{out}");
    }

    #[test]
    fn form_one() {
        let out = expand(quote! {
            /// Get a repository.
            #[derive(Debug, Clone)]
            pub struct GetRepo = "GET /repos/<owner>/<repo>";
        });
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("pub struct GetRepo"), "{out}");
        assert!(
            out.contains("pub owner : :: std :: string :: String"),
            "{out}"
        );
        assert!(
            out.contains("pub repo : :: std :: string :: String"),
            "{out}"
        );
        assert!(
            out.contains("pub const METHOD : & 'static str = \"GET\""),
            "{out}"
        );
        assert!(
            out.contains("pub const TEMPLATE : & 'static str = \"/repos/<owner>/<repo>\""),
            "{out}"
        );
        // The parsed form, packed, never the route text to parse.
        assert!(out.contains(&packed("/repos/<owner>/<repo>")), "{out}");
        // Fields by position, in one array, strings without serde.
        assert!(
            out.contains(
                "build (& [:: core :: option :: Option :: Some (:: endpoint :: __private :: ToParam :: to_param (& self . owner)) , \
                 :: core :: option :: Option :: Some (:: endpoint :: __private :: ToParam :: to_param (& self . repo))])"
            ),
            "{out}"
        );
        assert!(
            out.contains("method : :: endpoint :: __private :: Method :: GET"),
            "{out}"
        );
        assert!(
            out.contains("type Response = :: endpoint :: __private :: serde_json :: Value"),
            "{out}"
        );
        assert!(
            !out.contains("parse"),
            "the route must not be parsed at run time: {out}"
        );
    }

    /// The `static_template(…)` call that the packed form of `route` makes.
    fn packed(route: &str) -> String {
        let template = Template::parse(route).unwrap();
        let (text, code) = template.packed();
        let code = code
            .iter()
            .map(|&word| proc_macro2::Literal::u32_unsuffixed(word));
        quote!(::endpoint::__private::static_template(#text, &[#(#code),*])).to_string()
    }

    #[test]
    fn unit_struct_and_response() {
        let out = expand(quote!(pub struct GetUser = "GET /user" -> User;));
        assert!(out.contains("pub struct GetUser ;"), "{out}");
        assert!(out.contains("type Response = User"), "{out}");
        assert!(
            out.contains("type Error = :: endpoint :: __private :: serde_json :: Value"),
            "{out}"
        );
        assert!(out.contains("params : & []"), "{out}");
        assert!(out.contains("build (& [])"), "{out}");
        let out = expand(quote! {
            #[endpoint(error = crate::models::BasicError)]
            pub struct GetUser = "GET /user" -> User;
        });
        assert!(
            out.contains("type Error = crate :: models :: BasicError"),
            "{out}"
        );
        assert!(
            out.contains("its errors by `crate::models::BasicError`"),
            "{out}"
        );
    }

    #[test]
    fn modifiers_and_operators() {
        let out = expand(quote!(struct S = "GET /x{/segments*}{?q,sort}{&page}/{var:3}{+path}";));
        assert!(!out.contains("compile_error"), "{out}");
        assert!(
            out.contains(&packed("/x{/segments*}{?q,sort}{&page}/{var:3}{+path}")),
            "{out}"
        );
        assert!(out.contains("pub q : :: core :: option :: Option"), "{out}");
        assert!(
            out.contains("pub segments : :: std :: string :: String"),
            "{out}"
        );
    }

    #[test]
    fn declared_parameters() {
        let out = expand(quote! {
            pub struct ListIssues = "GET /repos/{owner}/{repo}/issues{?state}" {
                state: Option<String>,
                per_page: Option<u32>,
                labels: Vec<String>,
            }
        });
        assert!(!out.contains("compile_error"), "{out}");
        // The variables by slot, then the other parameters as declared.
        let positions: Vec<usize> = [
            "build (& [",
            "to_param (& self . owner)",
            "to_param (& self . repo)",
            "match & self . state",
            "match & self . per_page",
            "to_param (& self . labels)",
        ]
        .iter()
        .map(|text| out.find(text).unwrap_or_else(|| panic!("{text} in {out}")))
        .collect();
        assert!(positions.is_sorted(), "{out}");
        assert!(
            out.contains(
                "params : & [:: endpoint :: __private :: ParamPlan :: new (\"per_page\") , \
                 :: endpoint :: __private :: ParamPlan :: new (\"labels\")]"
            ),
            "{out}"
        );
        // Lists of strings and integers are read directly, not serialized.
        assert!(!out.contains("serialize"), "{out}");
        let out = expand(quote!(pub struct S = "POST /x" { extra: my::Thing }));
        assert!(
            out.contains("let __serialized0 = :: endpoint :: __private :: serialize (& self . extra , \"extra\") ? ; \
                 build (& [:: core :: option :: Option :: Some (:: endpoint :: __private :: Param :: Json (& __serialized0))])"),
            "{out}"
        );
    }

    #[test]
    fn api_accept_and_body_required() {
        let out = expand(quote! {
            #[endpoint(api = crate::api, accept = "text/plain")]
            #[endpoint(content_type = "application/json", body_required)]
            pub struct Create = "POST /orders" { note: Option<String> }
        });
        assert!(!out.contains("compile_error"), "{out}");
        assert!(
            out.contains(
                "fn default_api () -> & 'static :: endpoint :: __private :: Api { \
                 let api : fn () -> & 'static :: endpoint :: __private :: Api = crate :: api ; \
                 api () }"
            ),
            "{out}"
        );
        assert!(
            out.contains("accept : :: core :: option :: Option :: Some (\"text/plain\")"),
            "{out}"
        );
        assert!(out.contains("required : true"), "{out}");

        // Without the options: the global endpoint, the endpoint's accept.
        let out = expand(quote!(pub struct Get = "GET /orders";));
        assert!(!out.contains("fn default_api"), "{out}");
        assert!(
            out.contains("accept : :: core :: option :: Option :: None"),
            "{out}"
        );

        let out = expand(quote!(#[endpoint(body_required)] pub struct Create = "POST /orders";));
        assert!(
            out.contains("`body_required` sends the body's empty form when no body field is set"),
            "{out}"
        );
    }

    #[test]
    fn errors_keep_the_struct() {
        let out = expand(quote!(pub struct S = "GTE /x/{=y}";));
        assert!(out.contains("pub struct S"), "{out}");
        assert!(out.contains("did you mean `GET`?"), "{out}");
        assert!(
            out.contains("reserved operator `=` in `{=y}` at column 8 of the route"),
            "{out}"
        );
        assert!(out.contains("unreachable"), "{out}");
        assert!(!out.contains("Fields for"), "{out}");
    }

    #[test]
    fn malformed_input_is_an_error() {
        let out = expand(quote!(42));
        assert!(out.contains("compile_error"), "{out}");
    }

    #[test]
    fn expression_form() {
        let out = expand(quote!("GET /repos/<owner>/<repo>", owner = "octocat"));
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("struct __Endpoint {"), "{out}");
        assert!(
            out.contains(
                "owner : :: endpoint :: __private :: serialize (& (\"octocat\") , \"owner\")"
            ),
            "{out}"
        );
        assert!(
            out.contains("repo : :: endpoint :: __private :: serialize (& (repo) , \"repo\")"),
            "{out}"
        );
        let out = expand(quote!("GET /repos/<owner>", owner = format!("x")));
        assert!(
            out.contains("serialize (& (format ! (\"x\")) , \"owner\")"),
            "{out}"
        );

        let out = expand(quote!("GET /user"));
        assert!(out.contains("struct __Endpoint ;"), "{out}");

        let out = expand(quote!("GET /x/{type}", nope = 1));
        assert!(out.contains("compile_error"), "{out}");
        assert!(out.contains("struct __Endpoint ;"), "{out}");
    }

    #[test]
    fn never_panics_on_odd_routes() {
        for route in [
            "",
            " ",
            "GET",
            "GET ",
            " GET",
            "GET  /x",
            "/",
            "GET /{",
            "GET /}",
            "GET /{}",
            "GET /<",
            "GET />",
            "GET /<>",
            "GET /{a,}",
            "GET /{,a}",
            "GET /{a:}",
            "GET /{a:0}",
            "GET /{a:10000}",
            "GET /{a:3*}",
            "GET /{a**}",
            "GET /é/{é}",
            "GET /{%}",
            "GET /{%zz}",
            "GET /{a.}",
            "GET /{.a.}",
            "GET /\u{0}",
            "GET /{{a}}",
            "get /x",
            "PÖST /x",
            "GET /x\ty",
            "GET http://",
            "GET /{_}/{self}/{Self}/{crate}/{1}",
        ] {
            let lit = syn::LitStr::new(route, Span::call_site());
            let _ = expand(quote!(pub struct S = #lit;));
            let _ = expand(
                quote!(pub struct S = #lit { a: u32, #[endpoint(query)] b: u32, #[endpoint(body)] c: u32 }),
            );
            let _ = expand(quote!(#lit, a = 1));
            let _ = expand(quote!(#lit));
        }
    }

    #[test]
    fn never_panics_on_random_routes() {
        // A small linear congruential generator: deterministic, no dependency.
        let mut state: u64 = 0x5eed;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let alphabet: Vec<char> = "GETPOSgetHEAD /{}<>:?&#=,!|*+.;%09azAZ-_é\t"
            .chars()
            .collect();
        for _ in 0..3000 {
            let len = next() % 24;
            let route: String = (0..len)
                .map(|_| alphabet[next() % alphabet.len()])
                .collect();
            let lit = syn::LitStr::new(&route, Span::call_site());
            let _ = expand(
                quote!(pub struct S = #lit { a: Option<u32>, #[endpoint(query)] b: u32, #[endpoint(body, rename = "a")] c: u32 }),
            );
            let _ = expand(quote!(#lit, a = 1, b = x));
        }
    }

    #[test]
    fn never_panics_on_any_pair_of_options() {
        let options = [
            quote!(path),
            quote!(query),
            quote!(header),
            quote!(cookie),
            quote!(body),
            quote!(request_body),
            quote!(style = "label"),
            quote!(style = "deepObject"),
            quote!(style = "pipeDelimited"),
            quote!(explode),
            quote!(explode = false),
            quote!(allow_reserved),
            quote!(arrays = "indices"),
            quote!(content_type = "text/plain"),
            quote!(content_type = "multipart/form-data"),
            quote!(multi_segment),
            quote!(rename = "a"),
        ];
        let structs = [
            quote!(),
            quote!(#[endpoint(content_type = "application/x-www-form-urlencoded")]),
            quote!(#[endpoint(content_type = "multipart/form-data")]),
            quote!(#[endpoint(content_type = "application/octet-stream")]),
        ];
        for route in ["GET /x/{a}{?q}", "POST /x/{a}", "PUT /x/:a/<b>"] {
            let lit = syn::LitStr::new(route, Span::call_site());
            for item in &structs {
                for first in &options {
                    for second in &options {
                        let out = expand(quote! {
                            #item
                            pub struct S = #lit {
                                #[endpoint(#first, #second)] a: Vec<String>,
                                #[endpoint(#second)] b: Option<File>,
                                #[endpoint(#first)] q: Option<u32>,
                            }
                        });
                        assert!(out.contains("pub struct S"), "{out}");
                    }
                }
            }
        }
    }

    #[test]
    fn odd_attributes_are_errors() {
        for attr in [
            quote!(#[endpoint]),
            quote!(#[endpoint = "x"]),
            quote!(#[endpoint()]),
            quote!(#[endpoint(rename)]),
        ] {
            let out = expand(quote!(pub struct S = "POST /x" { #attr a: u32 }));
            let _ = out;
        }
        let out = expand(quote!(pub struct S = "POST /x" { #[endpoint] a: u32 }));
        assert!(out.contains("compile_error"), "{out}");
    }

    #[test]
    fn placements_and_bodies() {
        let out = expand(quote! {
            pub struct S = "GET /a/{id}" {
                #[endpoint(style = "label", explode)] id: Vec<u32>,
                q: Option<String>,
                #[endpoint(header)] x_trace: String,
            }
        });
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains(&packed("/a/{.id*}")), "{out}");
        assert!(
            out.contains("pub const TEMPLATE : & 'static str = \"/a/{.id*}\""),
            "{out}"
        );
        assert!(
            out.contains(
                "params : & [:: endpoint :: __private :: ParamPlan :: new (\"q\") , \
                 :: endpoint :: __private :: ParamPlan { name : \"x-trace\" , placement : \
                 :: endpoint :: __private :: Placement { \
                 location : :: endpoint :: __private :: Location :: Header , \
                 style : :: endpoint :: __private :: Style :: Simple , explode : false , \
                 allow_reserved : false , arrays : :: endpoint :: __private :: Arrays :: Brackets , \
                 content_type : :: core :: option :: Option :: None , } , }]"
            ),
            "{out}"
        );
        assert!(
            out.contains("body : :: core :: option :: Option :: None"),
            "{out}"
        );

        // A location named, every other option its default: the short
        // constructor, as generated crates name every field's location.
        let out = expand(quote! {
            pub struct Named = "GET /a" {
                #[endpoint(query)] q: Option<String>,
            }
        });
        assert!(!out.contains("compile_error"), "{out}");
        assert!(
            out.contains(
                "params : & [:: endpoint :: __private :: ParamPlan :: at (\"q\" , \
                 :: endpoint :: __private :: Location :: Query , \
                 :: endpoint :: __private :: Style :: Form ,)]"
            ),
            "{out}"
        );

        let out = expand(quote! {
            #[endpoint(content_type = "multipart/form-data")]
            pub struct Upload = "POST /upload" {
                #[endpoint(body, content_type = "image/png")] file: endpoint::body::File,
                title: String,
            }
        });
        assert!(!out.contains("compile_error"), "{out}");
        assert!(
            out.contains(
                "body : :: core :: option :: Option :: Some (:: endpoint :: __private :: BodyPlan { \
                 media_type : \"multipart/form-data\" , \
                 kind : :: endpoint :: __private :: BodyKind :: Multipart , required : false , })"
            ),
            "{out}"
        );
        assert!(
            out.contains("content_type : :: core :: option :: Option :: Some (\"image/png\")"),
            "{out}"
        );
        // A file is read directly, not serialized.
        assert!(out.contains("ToParam :: to_param (& self . file)"), "{out}");

        let out = expand(quote! {
            pub struct Raw = "POST /raw" {
                #[endpoint(request_body, content_type = "application/octet-stream")]
                bytes: Option<Vec<u8>>,
            }
        });
        assert!(
            out.contains(
                "match & self . bytes { :: core :: option :: Option :: Some (value) => \
                 :: core :: option :: Option :: Some (:: endpoint :: __private :: Param :: Bytes \
                 (:: core :: convert :: AsRef :: < [u8] > :: as_ref (value))) ,"
            ),
            "{out}"
        );
        assert!(out.contains("Location :: Content"), "{out}");
        assert!(
            out.contains("media_type : \"application/octet-stream\""),
            "{out}"
        );

        let out = expand(quote! {
            pub struct Text = "POST /markdown" {
                #[endpoint(request_body, content_type = "text/plain")] text: String,
            }
        });
        assert!(
            out.contains(
                ":: endpoint :: __private :: Param :: Str (:: core :: convert :: AsRef :: < str > :: as_ref (& self . text))"
            ),
            "{out}"
        );
        assert!(out.contains("BodyKind :: Text"), "{out}");

        let out = expand(quote! {
            pub struct Put = "PUT /doc" { #[endpoint(request_body)] doc: Document }
        });
        assert!(
            out.contains(
                "let __content0 = :: endpoint :: __private :: Content :: content (& self . doc) ; \
                 build (& [:: core :: option :: Option :: Some (:: endpoint :: __private :: Param :: Content (& __content0))])"
            ),
            "{out}"
        );
        assert!(
            out.contains("body : :: core :: option :: Option :: None"),
            "{out}"
        );
    }
}
