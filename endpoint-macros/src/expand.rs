//! Code generation: the checked input turned into a struct, its inherent
//! `to_request` / `to_request_with`, and the runtime's `Params` and
//! `TypedRequest` traits.
//!
//! Generated code names everything through `::endpoint::__private`, so it
//! works whatever the user imported. The template is emitted in parsed form
//! (`Template::from_static`): the generated code never parses the route.

use endpoint_runtime::template::{Modifier, Operator, Part, Template};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use crate::ast::{ExprDef, Input, ItemDef};
use crate::validate::{self, CheckedExpr, CheckedItem, Ctxt, Field, Role};

/// Expands one `endpoint!` invocation. Never panics: malformed input and
/// invalid routes become `compile_error!`s.
pub(crate) fn endpoint(input: TokenStream) -> TokenStream {
    match syn::parse2::<Input>(input) {
        Err(err) => err.to_compile_error(),
        Ok(Input::Items(items)) => items.iter().map(item).collect(),
        Ok(Input::Expr(def)) => expression(&def),
    }
}

fn item(def: &ItemDef) -> TokenStream {
    let mut cx = Ctxt::default();
    let checked = validate::check_item(&mut cx, def);
    match (cx.check(), &checked.template) {
        (Ok(()), Some(template)) => item_impl(def, &checked, template),
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
    let method = &checked.method;
    let template = &checked.template_text;
    quote! {
        #definition
        #[allow(dead_code, unused_variables, clippy::all)]
        impl #impl_generics #ident #ty_generics #where_clause {
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
}

fn item_impl(def: &ItemDef, checked: &CheckedItem, template: &Template<'_>) -> TokenStream {
    let definition = struct_definition(def, &checked.fields);
    let ident = &def.ident;
    let (impl_generics, ty_generics, where_clause) = def.generics.split_for_impl();
    let route = route_static(&checked.method, template);
    let methods = inherent_items(&checked.method, &checked.template_text, &route);
    let params = params_impl(&checked.fields);
    let probe_fallback = probe_fallback();
    let response = match &def.response {
        Some(ty) => quote!(#ty),
        None => quote!(::endpoint::__private::serde_json::Value),
    };
    let typed = typed_request_items(&checked.method, &checked.template_text, &response);
    let assertions = checked
        .fields
        .iter()
        .filter(|field| field.declared)
        .map(|field| {
            let ty = &field.ty;
            quote_spanned!(ty.span()=> ::endpoint::__private::assert_serialize::<#ty>();)
        });
    quote! {
        #definition

        impl #impl_generics #ident #ty_generics #where_clause {
            #methods
        }

        const _: () = {
            #[allow(unused_imports)]
            use ::endpoint::__private::{ViaFast as _, ViaSerialize as _};

            #probe_fallback

            impl #impl_generics ::endpoint::__private::Params for #ident #ty_generics #where_clause {
                #params
            }

            impl #impl_generics ::endpoint::__private::TypedRequest for #ident #ty_generics #where_clause {
                #typed
            }

            // Each declared type must be `Serialize`; the error points at the field.
            #[allow(dead_code, clippy::all)]
            fn __endpoint_assert_serialize #impl_generics () #where_clause {
                #(#assertions)*
            }
        };
    }
}

/// The last resort of the autoref probe, below `ViaFast` and `ViaSerialize`:
/// it only applies to a type that is not `Serialize`, which the
/// `assert_serialize` check already refuses with an error at the field. Without
/// it, that one mistake would also give a second, confusing error at the probe.
fn probe_fallback() -> TokenStream {
    quote! {
        #[allow(dead_code)]
        trait __EndpointNotSerialize<'a> {
            fn endpoint_param(self, key: &str) -> ::endpoint::__private::Result<::endpoint::__private::Param<'a>>;
        }
        impl<'a, T: ?::core::marker::Sized> __EndpointNotSerialize<'a> for ::endpoint::__private::Probe<'a, T> {
            fn endpoint_param(self, _key: &str) -> ::endpoint::__private::Result<::endpoint::__private::Param<'a>> {
                ::core::result::Result::Ok(::endpoint::__private::Param::Null)
            }
        }
    }
}

/// `static ROUTE: Route = …;` with the parsed template.
fn route_static(method: &str, template: &Template<'_>) -> TokenStream {
    let parts = template.parts().iter().map(part_tokens);
    quote! {
        static ROUTE: ::endpoint::__private::Route = ::endpoint::__private::Route {
            method: #method,
            template: ::endpoint::__private::Template::from_static(&[#(#parts),*]),
        };
    }
}

fn part_tokens(part: &Part<'_>) -> TokenStream {
    match part {
        Part::Literal(text) => {
            let text: &str = text;
            quote!(::endpoint::__private::Part::Literal(::endpoint::__private::Cow::Borrowed(#text)))
        }
        Part::Expression(expr) => {
            let operator = match expr.operator {
                Operator::Simple => quote!(Simple),
                Operator::Reserved => quote!(Reserved),
                Operator::Fragment => quote!(Fragment),
                Operator::Label => quote!(Label),
                Operator::PathSegment => quote!(PathSegment),
                Operator::PathParameter => quote!(PathParameter),
                Operator::Query => quote!(Query),
                Operator::QueryContinuation => quote!(QueryContinuation),
            };
            let variables = expr.variables.iter().map(|var| {
                let name: &str = &var.name;
                let modifier = match var.modifier {
                    Modifier::None => quote!(::endpoint::__private::Modifier::None),
                    Modifier::Explode => quote!(::endpoint::__private::Modifier::Explode),
                    Modifier::Prefix(n) => quote!(::endpoint::__private::Modifier::Prefix(#n)),
                };
                quote! {
                    ::endpoint::__private::VarSpec {
                        name: ::endpoint::__private::Cow::Borrowed(#name),
                        modifier: #modifier,
                    }
                }
            });
            quote! {
                ::endpoint::__private::Part::Expression(::endpoint::__private::Expression {
                    operator: ::endpoint::__private::Operator::#operator,
                    variables: ::endpoint::__private::Cow::Borrowed(&[#(#variables),*]),
                })
            }
        }
    }
}

/// `METHOD`, `TEMPLATE`, `to_request` and `to_request_with`.
fn inherent_items(method: &str, template_text: &str, route: &TokenStream) -> TokenStream {
    let method_doc = format!(" The HTTP method of the route: `{method}`.");
    let template_doc = format!(" The URL template of the route: `{template_text}`.");
    quote! {
        #[doc = #method_doc]
        pub const METHOD: &'static str = #method;
        #[doc = #template_doc]
        pub const TEMPLATE: &'static str = #template_text;

        /// Builds the request with the global defaults (those of `Endpoint::default()`).
        ///
        /// # Errors
        /// A value that cannot be expanded into the URL or written into the
        /// query string, or a parameter whose serialization fails.
        #[inline]
        pub fn to_request(&self) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            self.to_request_with(::endpoint::__private::global())
        }

        /// Builds the request with the defaults of `endpoint` (base URL,
        /// headers, previews, default parameters).
        ///
        /// # Errors
        /// As `to_request`, and whatever the defaults make invalid.
        pub fn to_request_with(
            &self,
            endpoint: &::endpoint::__private::Endpoint,
        ) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            #route
            ::endpoint::__private::to_request(endpoint, &ROUTE, self)
        }
    }
}

/// The body of `impl TypedRequest`, delegating to the inherent methods.
fn typed_request_items(method: &str, template_text: &str, response: &TokenStream) -> TokenStream {
    quote! {
        type Response = #response;
        const METHOD: &'static str = #method;
        const TEMPLATE: &'static str = #template_text;
        #[inline]
        fn to_request_with(
            &self,
            endpoint: &::endpoint::__private::Endpoint,
        ) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
            <Self>::to_request_with(self, endpoint)
        }
    }
}

/// The value of a field for the runtime, through the autoref probe: a
/// `Result<Param>`.
fn probe_call(value: TokenStream, wire: &str) -> TokenStream {
    quote!((&&::endpoint::__private::Probe(#value)).endpoint_param(#wire))
}

/// [`probe_call`], with its error returned.
fn probe(value: TokenStream, wire: &str) -> TokenStream {
    let call = probe_call(value, wire);
    quote!(#call?)
}

/// The body of `impl Params`: `get` for the template variables,
/// `for_each_remaining` for the others, in declaration order.
fn params_impl(fields: &[Field]) -> TokenStream {
    let field_ref = |ident: &syn::Ident| quote!(&self.#ident);
    let arms: Vec<TokenStream> = fields
        .iter()
        .filter(|field| field.role == Role::Template)
        .map(|field| {
            let ident = &field.ident;
            let wire = &field.wire;
            let value = if field.optional {
                let probe = probe(quote!(value), wire);
                quote! {
                    match &self.#ident {
                        ::core::option::Option::Some(value) => ::core::option::Option::Some(#probe),
                        ::core::option::Option::None => ::core::option::Option::None,
                    }
                }
            } else {
                let probe = probe(field_ref(ident), wire);
                quote!(::core::option::Option::Some(#probe))
            };
            quote!(#wire => #value)
        })
        .collect();
    let get_body = if arms.is_empty() {
        quote! {
            let _ = name;
            ::core::result::Result::Ok(::core::option::Option::None)
        }
    } else {
        quote! {
            ::core::result::Result::Ok(match name {
                #(#arms,)*
                _ => ::core::option::Option::None,
            })
        }
    };
    let remaining = fields
        .iter()
        .filter(|field| field.role == Role::Remaining)
        .map(|field| {
            let ident = &field.ident;
            let wire = &field.wire;
            if field.optional {
                let probe = probe(quote!(value), wire);
                quote! {
                    if let ::core::option::Option::Some(value) = &self.#ident {
                        f(#wire, #probe)?;
                    }
                }
            } else {
                let probe = probe(field_ref(ident), wire);
                quote!(f(#wire, #probe)?;)
            }
        });
    quote! {
        fn get(
            &self,
            name: &str,
        ) -> ::endpoint::__private::Result<::core::option::Option<::endpoint::__private::Param<'_>>> {
            #get_body
        }

        fn for_each_remaining(
            &self,
            _template: &::endpoint::__private::Template<'_>,
            f: &mut dyn ::core::ops::FnMut(&str, ::endpoint::__private::Param<'_>) -> ::endpoint::__private::Result<()>,
        ) -> ::endpoint::__private::Result<()> {
            let _ = &f;
            #(#remaining)*
            ::core::result::Result::Ok(())
        }
    }
}

fn expression(def: &ExprDef) -> TokenStream {
    let mut cx = Ctxt::default();
    let checked = validate::check_expr(&mut cx, def);
    match (cx.check(), &checked.template) {
        (Ok(()), Some(template)) => expression_impl(&checked, template),
        (result, _) => {
            let errors = result.err().map(|err| err.to_compile_error());
            expression_fallback(def, &checked, errors)
        }
    }
}

/// A value of a hidden struct that holds each placeholder's value, ready
/// for the runtime: variables, other places and literals are borrowed (with
/// the fast path for strings and numbers), other values are taken and
/// serialized at once, so that the value holds no borrow of a temporary and
/// can be kept in a `let` or used at once. A serialization error is kept and
/// returned by `to_request`.
fn expression_impl(checked: &CheckedExpr, template: &Template<'_>) -> TokenStream {
    let ident = format_ident!("__Endpoint");
    let route = route_static(&checked.method, template);
    let methods = inherent_items(&checked.method, &checked.template_text, &route);
    let typed = typed_request_items(
        &checked.method,
        &checked.template_text,
        &quote!(::endpoint::__private::serde_json::Value),
    );
    let probe_fallback = probe_fallback();
    let names: Vec<_> = checked.fields.iter().map(|field| &field.ident).collect();
    let wires: Vec<_> = checked.fields.iter().map(|field| &field.wire).collect();
    let values = checked.fields.iter().map(|field| {
        let value = &field.value;
        let wire = &field.wire;
        let span = value.span();
        if field.by_ref {
            let check = quote_spanned!(span=> __endpoint_serialize(__value););
            let probe = probe_call(quote!(__value), wire);
            quote! {{
                let __value = &(#value);
                #check
                #probe
            }}
        } else {
            let to_value = quote_spanned!(span=> ::endpoint::__private::serde_json::to_value(&__value));
            quote! {{
                let __value = #value;
                match #to_value {
                    ::core::result::Result::Ok(json) => ::core::result::Result::Ok(::endpoint::__private::Param::Owned(json)),
                    ::core::result::Result::Err(err) => ::core::result::Result::Err(::endpoint::__private::Error::Serialize {
                        key: ::std::string::String::from(#wire),
                        message: ::std::string::ToString::to_string(&err),
                    }),
                }
            }}
        }
    });
    let (lifetime, struct_fields, construct) = if names.is_empty() {
        (quote!(), quote!(;), quote!(#ident))
    } else {
        (
            quote!(<'__a>),
            quote!({ #(#names: ::endpoint::__private::Result<::endpoint::__private::Param<'__a>>,)* }),
            quote!(#ident { #(#names: #values,)* }),
        )
    };
    let get_body = if names.is_empty() {
        quote! {
            let _ = name;
            ::core::result::Result::Ok(::core::option::Option::None)
        }
    } else {
        quote! {
            let value = match name {
                #(#wires => &self.#names,)*
                _ => return ::core::result::Result::Ok(::core::option::Option::None),
            };
            match value {
                ::core::result::Result::Ok(::endpoint::__private::Param::Owned(json)) => {
                    ::core::result::Result::Ok(::core::option::Option::Some(::endpoint::__private::Param::Json(json)))
                }
                ::core::result::Result::Ok(param) => ::core::result::Result::Ok(::core::option::Option::Some(param.clone())),
                ::core::result::Result::Err(err) => ::core::result::Result::Err(err.clone()),
            }
        }
    };
    quote! {
        {
            struct #ident #lifetime #struct_fields

            impl #lifetime #ident #lifetime {
                #methods
            }

            impl #lifetime ::endpoint::__private::Params for #ident #lifetime {
                fn get(
                    &self,
                    name: &str,
                ) -> ::endpoint::__private::Result<::core::option::Option<::endpoint::__private::Param<'_>>> {
                    #get_body
                }

                fn for_each_remaining(
                    &self,
                    _template: &::endpoint::__private::Template<'_>,
                    _f: &mut dyn ::core::ops::FnMut(&str, ::endpoint::__private::Param<'_>) -> ::endpoint::__private::Result<()>,
                ) -> ::endpoint::__private::Result<()> {
                    ::core::result::Result::Ok(())
                }
            }

            impl #lifetime ::endpoint::__private::TypedRequest for #ident #lifetime {
                #typed
            }

            #[allow(unused_imports)]
            use ::endpoint::__private::{ViaFast as _, ViaSerialize as _};
            #probe_fallback
            // The error for a value that is not `Serialize` points at it.
            #[allow(dead_code)]
            fn __endpoint_serialize<T: ?::core::marker::Sized + ::endpoint::__private::serde::Serialize>(_: &T) {}

            #construct
        }
    }
}

fn expression_fallback(
    def: &ExprDef,
    checked: &CheckedExpr,
    errors: Option<TokenStream>,
) -> TokenStream {
    let method = &checked.method;
    let template = &checked.template_text;
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
                pub const METHOD: &'static str = #method;
                pub const TEMPLATE: &'static str = #template;
                pub fn to_request(&self) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
                    ::core::unreachable!()
                }
                pub fn to_request_with(
                    &self,
                    endpoint: &::endpoint::__private::Endpoint,
                ) -> ::endpoint::__private::Result<::endpoint::__private::Request> {
                    ::core::unreachable!()
                }
            }
            __Endpoint
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(tokens: TokenStream) -> String {
        endpoint(tokens).to_string()
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
        // Parsed form: literal parts and expressions, never the route text to parse.
        assert!(
            out.contains(
                "Part :: Literal (:: endpoint :: __private :: Cow :: Borrowed (\"/repos/\"))"
            ),
            "{out}"
        );
        assert!(out.contains("Operator :: Simple"), "{out}");
        assert!(
            out.contains("name : :: endpoint :: __private :: Cow :: Borrowed (\"owner\")"),
            "{out}"
        );
        assert!(
            out.contains("\"owner\" => :: core :: option :: Option :: Some"),
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

    #[test]
    fn unit_struct_and_response() {
        let out = expand(quote!(pub struct GetUser = "GET /user" -> User;));
        assert!(out.contains("pub struct GetUser ;"), "{out}");
        assert!(out.contains("type Response = User"), "{out}");
        assert!(out.contains("let _ = name ;"), "{out}");
    }

    #[test]
    fn modifiers_and_operators() {
        let out = expand(quote!(struct S = "GET /x{/segments*}{?q,sort}{&page}/{var:3}{+path}";));
        assert!(!out.contains("compile_error"), "{out}");
        for needle in [
            "Operator :: PathSegment",
            "Modifier :: Explode",
            "Operator :: Query",
            "Operator :: QueryContinuation",
            "Modifier :: Prefix (3u16)",
            "Operator :: Reserved",
        ] {
            assert!(out.contains(needle), "{needle}: {out}");
        }
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
        assert!(out.contains("\"state\" => match & self . state"), "{out}");
        assert!(
            out.contains("if let :: core :: option :: Option :: Some (value) = & self . per_page"),
            "{out}"
        );
        assert!(out.contains("f (\"labels\" ,"), "{out}");
        assert!(
            out.contains("assert_serialize :: < Vec < String > >"),
            "{out}"
        );
        // Generated fields are not checked: they are `String`s.
        assert!(!out.contains("assert_serialize :: < :: std"), "{out}");
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
        assert!(!out.contains("Params for"), "{out}");
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
        assert!(out.contains("struct __Endpoint < '__a >"), "{out}");
        assert!(out.contains("let __value = & (\"octocat\")"), "{out}");
        assert!(out.contains("let __value = & (repo)"), "{out}");
        assert!(out.contains("Probe (__value)"), "{out}");
        let out = expand(quote!("GET /repos/<owner>", owner = format!("x")));
        assert!(out.contains("let __value = format ! (\"x\")"), "{out}");
        assert!(out.contains("serde_json :: to_value (& __value)"), "{out}");

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
}
