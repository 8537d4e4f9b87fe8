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
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use crate::SpecCheck;
use crate::ast::{ExprDef, Input, ItemDef};
use crate::capture::{CheckedExpr, check_expr};
use crate::ctxt::Ctxt;
use crate::declared::declaration;
use crate::valid::{CheckedItem, Field, Role, check_item};

mod plan;
#[cfg(test)]
mod tests;
mod values;

use plan::{param_plan, plan};
use values::{FieldValue, field_values, with_fields_fn};

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

/// The route's `API` when it names its API's (`api = path`): the named
/// function, checked by the compiler to be a `fn() -> &'static Api` where
/// the path is written. A constant, not a function of each route.
fn default_api(api: Option<&syn::Path>) -> TokenStream {
    let Some(api) = api else {
        return TokenStream::new();
    };
    quote_spanned! {api.span()=>
        const API: fn() -> &'static ::endpoint::__private::Api = #api;
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

/// `METHOD`, `TEMPLATE`, `to_request` and `to_request_with`, so that using
/// a struct needs no import.
fn inherent_items(method: &str, template_text: &str) -> TokenStream {
    // Each text in one attribute, not one a line: the same page, less for
    // the compiler to read and store for every struct.
    const TO_REQUEST_DOC: &str = " Builds the request with the settings of the route's API (its\n \
         `TypedRequest::default_api`: those of `Endpoint::default()` unless\n the route names \
         its API's).\n\n # Errors\n A value that cannot be expanded into the URL or written \
         into the\n query string, or a parameter whose serialization fails.";
    const TO_REQUEST_WITH_DOC: &str = " Builds the request with `settings`: an `Api`'s (base \
         URL,\n headers, servers), or an `Endpoint`'s defaults (which may add\n previews and \
         default parameters).\n\n # Errors\n As `to_request`, and whatever the defaults make \
         invalid.";
    let method_doc = format!(" The HTTP method of the route: `{method}`.");
    let template_doc = format!(" The URL template of the route: `{template_text}`.");
    quote! {
        #[doc = #method_doc]
        pub const METHOD: &'static str = #method;
        #[doc = #template_doc]
        pub const TEMPLATE: &'static str = #template_text;

        #[doc = #TO_REQUEST_DOC]
        #[inline]
        pub fn to_request(&self) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            ::endpoint::__private::default_request(
                <Self as ::endpoint::__private::Route>::PLAN,
                <Self as ::endpoint::__private::Route>::API,
                self,
            )
        }

        #[doc = #TO_REQUEST_WITH_DOC]
        #[inline]
        pub fn to_request_with<S: ::endpoint::__private::Settings + ?::core::marker::Sized>(
            &self,
            settings: &S,
        ) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            ::endpoint::__private::route_request(
                <Self as ::endpoint::__private::Route>::PLAN,
                <Self as ::endpoint::__private::Route>::API,
                settings,
                self,
            )
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
