//! The input of `endpoint!`, as written: syn `Parse` implementations for the
//! item form (one or more struct definitions) and the expression form
//! (`"ROUTE", name = value, …`).
//!
//! Nothing here looks inside the route string or the `#[endpoint(…)]`
//! attributes (`route` and `attr` do, and `valid` reports every problem at
//! once). Only input that is not shaped like either form at all is refused
//! here.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Generics, Ident, LitStr, Token, Type, Visibility, braced};

/// Everything one `endpoint!` invocation holds.
pub enum Input {
    /// `pub struct Name = "ROUTE" …;`, once or more.
    Items(Vec<ItemDef>),
    /// `"ROUTE", name = value, …`.
    Expr(ExprDef),
}

/// One struct definition of the item form.
pub struct ItemDef {
    /// Attributes of the struct (doc comments, derives), passed through.
    pub attrs: Vec<Attribute>,
    /// The `#[endpoint(…)]` attributes of the struct (`server = "…"`,
    /// `content_type = "…"`).
    pub options: Vec<Attribute>,
    /// Visibility of the struct.
    pub vis: Visibility,
    /// The struct's name.
    pub ident: Ident,
    /// Generic parameters and `where` clause, as written.
    pub generics: Generics,
    /// The route, e.g. `"GET /repos/{owner}/{repo}"`.
    pub route: LitStr,
    /// The type after `->`, if any.
    pub response: Option<Type>,
    /// The declared fields, in order (empty for `… = "ROUTE";`).
    pub fields: Vec<FieldDef>,
}

/// A declared field.
pub struct FieldDef {
    /// Attributes other than `#[endpoint(…)]`, passed through.
    pub attrs: Vec<Attribute>,
    /// The `#[endpoint(…)]` attributes of the field (`rename = "…"`,
    /// `query`, `body`…).
    pub options: Vec<Attribute>,
    /// Visibility, as declared.
    pub vis: Visibility,
    /// The field's name.
    pub ident: Ident,
    /// The field's type.
    pub ty: Type,
}

/// The expression form: a route and named arguments.
pub struct ExprDef {
    /// The route.
    pub route: LitStr,
    /// `name = value` arguments, in order.
    pub args: Vec<NamedArg>,
}

/// A `name = value` argument of the expression form.
pub struct NamedArg {
    /// The name: a placeholder's field name.
    pub name: Ident,
    /// The value.
    pub value: Expr,
}

const ROUTE_EXAMPLE: &str = "\"GET /repos/<owner>/<repo>\"";

impl Parse for Input {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(input.error(format!(
                "expected a route such as `endpoint!({ROUTE_EXAMPLE})` or a struct such as \
                 `endpoint! {{ pub struct GetRepo = {ROUTE_EXAMPLE}; }}`"
            )));
        }
        if input.peek(Token![#]) || input.peek(Token![pub]) || input.peek(Token![struct]) {
            let mut items = Vec::new();
            while !input.is_empty() {
                items.push(input.parse()?);
            }
            Ok(Input::Items(items))
        } else {
            input.parse().map(Input::Expr)
        }
    }
}

/// Parses the route literal, with a message that says what is expected.
fn parse_route(input: ParseStream<'_>) -> syn::Result<LitStr> {
    if input.peek(LitStr) {
        return input.parse();
    }
    let what = if input.is_empty() {
        "nothing".to_owned()
    } else if input.peek(syn::Lit) {
        "a literal that is not a string".to_owned()
    } else {
        "a token that is not a string literal".to_owned()
    };
    Err(input.error(format!(
        "expected the route as a string literal, such as {ROUTE_EXAMPLE}, found {what}: \
         the route is checked at compile time, so it must be written out"
    )))
}

impl Parse for ItemDef {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let all = input.call(Attribute::parse_outer)?;
        let (options, attrs) = all
            .into_iter()
            .partition(|attr| attr.path().is_ident("endpoint"));
        let vis: Visibility = input.parse()?;
        if !input.peek(Token![struct]) {
            return Err(input.error(format!(
                "expected `struct`: each item of `endpoint! {{ … }}` is written \
                 `pub struct Name = {ROUTE_EXAMPLE};`"
            )));
        }
        input.parse::<Token![struct]>()?;
        let ident: Ident = input.parse()?;
        let mut generics: Generics = input.parse()?;
        if !input.peek(Token![=]) {
            return Err(input.error(format!(
                "expected `=` and the route after the struct name: `struct {ident} = {ROUTE_EXAMPLE};`"
            )));
        }
        input.parse::<Token![=]>()?;
        let route = parse_route(input)?;
        let response = if input.peek(Token![->]) {
            input.parse::<Token![->]>()?;
            Some(input.parse::<Type>()?)
        } else {
            None
        };
        if input.peek(Token![where]) {
            generics.where_clause = Some(input.parse()?);
        }
        let fields = if input.peek(syn::token::Brace) {
            let content;
            braced!(content in input);
            let fields = content.parse_terminated(FieldDef::parse, Token![,])?;
            // A `;` after the braces is accepted, as after a unit struct.
            if input.peek(Token![;]) {
                input.parse::<Token![;]>()?;
            }
            fields.into_iter().collect()
        } else if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
            Vec::new()
        } else if input.is_empty() {
            return Err(syn::Error::new(
                route.span(),
                "expected `;` or `{ fields }` after the route",
            ));
        } else {
            return Err(input.error(
                "unexpected tokens after the route: expected `;`, `{ fields }` or `-> ResponseType`",
            ));
        };
        Ok(ItemDef {
            attrs,
            options,
            vis,
            ident,
            generics,
            route,
            response,
            fields,
        })
    }
}

impl Parse for FieldDef {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let all = input.call(Attribute::parse_outer)?;
        let (options, attrs) = all
            .into_iter()
            .partition(|attr| attr.path().is_ident("endpoint"));
        let vis: Visibility = input.parse()?;
        let ident = input
            .call(syn::ext::IdentExt::parse_any)
            .and_then(|ident: Ident| {
                // `parse_any` also takes `self`, `Self`, `crate`, `super`, `_`; none is a field name.
                if matches!(
                    ident.to_string().as_str(),
                    "self" | "Self" | "crate" | "super" | "_"
                ) {
                    Err(syn::Error::new(
                        ident.span(),
                        format!("`{ident}` cannot be a field name"),
                    ))
                } else {
                    Ok(ident)
                }
            })?;
        if !input.peek(Token![:]) {
            return Err(input.error(format!("expected `:` and a type after field `{ident}`")));
        }
        input.parse::<Token![:]>()?;
        let ty: Type = input.parse()?;
        Ok(FieldDef {
            attrs,
            options,
            vis,
            ident,
            ty,
        })
    }
}

/// The struct definition as macro input (`pub struct Name = "ROUTE" { … }`),
/// which parses back into the same definition: how a generator writes out an
/// item it built as a value.
impl ToTokens for ItemDef {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let ItemDef {
            attrs,
            options,
            vis,
            ident,
            generics,
            route,
            response,
            fields,
        } = self;
        let response = response.as_ref().map(|ty| quote!(-> #ty));
        let where_clause = &generics.where_clause;
        let body = if fields.is_empty() {
            quote!(;)
        } else {
            quote!({ #(#fields,)* })
        };
        tokens.extend(quote! {
            #(#attrs)*
            #(#options)*
            #vis struct #ident #generics = #route #response #where_clause #body
        });
    }
}

/// The field as macro input (`#[endpoint(…)] pub name: Type`).
impl ToTokens for FieldDef {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let FieldDef {
            attrs,
            options,
            vis,
            ident,
            ty,
        } = self;
        tokens.extend(quote!(#(#attrs)* #(#options)* #vis #ident: #ty));
    }
}

impl Parse for ExprDef {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let route = parse_route(input)?;
        let mut args = Vec::new();
        if input.is_empty() {
            return Ok(ExprDef { route, args });
        }
        if !input.peek(Token![,]) {
            return Err(input.error(
                "unexpected tokens after the route: expected `,` and named arguments such as `owner = \"octocat\"`",
            ));
        }
        input.parse::<Token![,]>()?;
        let rest = Punctuated::<NamedArg, Token![,]>::parse_terminated(input)?;
        args.extend(rest);
        Ok(ExprDef { route, args })
    }
}

impl Parse for NamedArg {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let named = (input.peek(Ident) || input.peek(Token![type]) || input.peek(Token![ref]))
            && input.peek2(Token![=])
            && !input.peek2(Token![==]);
        if !named {
            // Report the whole positional argument, then stop.
            let start: Span = input.span();
            let expr: syn::Result<Expr> = input.parse();
            let span = expr.as_ref().map_or(start, |expr| expr.span());
            return Err(syn::Error::new(
                span,
                "expected a named argument `name = value`: arguments fill the placeholder of the \
                 same name, so they cannot be positional",
            ));
        }
        let name = input.call(syn::ext::IdentExt::parse_any)?;
        input.parse::<Token![=]>()?;
        let value: Expr = input.parse()?;
        Ok(NamedArg { name, value })
    }
}

pub(crate) use crate::shape::{Shape, option_inner, shape, single_type_argument};

/// Whether `ty` is a file of a body (`endpoint::body::File`, by its last path
/// segment `File`), or a reference, `Option`, `Box` or `Vec` of files.
pub(crate) fn is_file(ty: &Type) -> bool {
    match ty {
        Type::Group(group) => is_file(&group.elem),
        Type::Paren(paren) => is_file(&paren.elem),
        Type::Reference(reference) => is_file(&reference.elem),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            match &last.arguments {
                syn::PathArguments::None => last.ident == "File",
                args if ["Option", "Box", "Vec"]
                    .iter()
                    .any(|name| last.ident == name) =>
                {
                    single_type_argument(args).is_some_and(is_file)
                }
                _ => false,
            }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn shapes_and_files() {
        let of = |ty: Type| shape(&ty);
        assert_eq!(of(syn::parse_quote!(u32)), Shape::Scalar);
        assert_eq!(of(syn::parse_quote!(&'a str)), Shape::Scalar);
        assert_eq!(of(syn::parse_quote!(Cow<'a, str>)), Shape::Scalar);
        assert_eq!(of(syn::parse_quote!(Vec<String>)), Shape::List);
        assert_eq!(of(syn::parse_quote!(&[u32])), Shape::List);
        assert_eq!(of(syn::parse_quote!([u8; 4])), Shape::List);
        assert_eq!(of(syn::parse_quote!(Option<BTreeSet<u8>>)), Shape::List);
        assert_eq!(of(syn::parse_quote!(HashMap<String, u32>)), Shape::Object);
        assert_eq!(
            of(syn::parse_quote!(serde_json::Map<String, Value>)),
            Shape::Object
        );
        assert_eq!(of(syn::parse_quote!(Filter)), Shape::Unknown);
        assert_eq!(of(syn::parse_quote!(serde_json::Value)), Shape::Unknown);
        let file = |ty: Type| is_file(&ty);
        assert!(file(syn::parse_quote!(File)));
        assert!(file(syn::parse_quote!(endpoint::body::File)));
        assert!(file(syn::parse_quote!(Vec<File>)));
        assert!(file(syn::parse_quote!(Option<Box<File>>)));
        assert!(!file(syn::parse_quote!(Vec<u8>)));
        assert!(!file(syn::parse_quote!(FileName)));
        assert!(!file(syn::parse_quote!(File<u8>)));
    }

    #[test]
    fn options() {
        let is_option = |ty: Type| option_inner(&ty).is_some();
        assert!(is_option(syn::parse_quote!(Option<u32>)));
        assert!(is_option(syn::parse_quote!(
            std::option::Option<Vec<String>>
        )));
        assert!(!is_option(syn::parse_quote!(Vec<Option<u32>>)));
        assert!(!is_option(syn::parse_quote!(Option)));
        assert!(!is_option(syn::parse_quote!(u32)));
        let inner = option_inner(&syn::parse_quote!((Option<Vec<u8>>)))
            .map(quote::ToTokens::to_token_stream);
        assert_eq!(
            inner.map(|ty| ty.to_string()).as_deref(),
            Some("Vec < u8 >")
        );
    }

    fn parse(tokens: proc_macro2::TokenStream) -> syn::Result<Input> {
        syn::parse2(tokens)
    }

    fn error(tokens: proc_macro2::TokenStream) -> String {
        match parse(tokens) {
            Ok(_) => panic!("expected a parse error"),
            Err(err) => err.to_string(),
        }
    }

    #[test]
    fn item_forms() {
        let Input::Items(items) = parse(quote! {
            /// Docs.
            #[derive(Debug)]
            pub struct GetRepo = "GET /repos/<owner>/<repo>";
            struct ListIssues = "GET /repos/{owner}/{repo}/issues{?state}" {
                /// Per page.
                #[endpoint(rename = "per-page")]
                pub per_page: Option<u32>,
                labels: Vec<String>,
            }
            pub(crate) struct WithResponse<'a> = "GET /user" -> serde_json::Value where 'a: 'a { login: &'a str };
        })
        .unwrap() else {
            panic!("item form expected")
        };
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].ident, "GetRepo");
        assert_eq!(items[0].attrs.len(), 2);
        assert!(items[0].options.is_empty());
        assert_eq!(items[0].route.value(), "GET /repos/<owner>/<repo>");
        assert!(items[0].fields.is_empty());
        assert_eq!(items[1].fields.len(), 2);
        assert_eq!(items[1].fields[0].options.len(), 1);
        assert_eq!(items[1].fields[0].attrs.len(), 1);
        assert!(items[2].response.is_some());
        assert_eq!(items[2].generics.params.len(), 1);
        assert!(items[2].generics.where_clause.is_some());
    }

    #[test]
    fn items_written_out_parse_back() {
        let Input::Items(items) = parse(quote! {
            /// Docs.
            #[endpoint(server = "https://uploads.example.com")]
            pub struct Upload<'a> = "POST /x/{id}" -> Answer where 'a: 'a {
                /// The name.
                #[endpoint(query, rename = "n")]
                pub(crate) name: &'a str,
                data: Vec<u8>,
            }
            struct Unit = "GET /user";
        })
        .unwrap() else {
            panic!("item form expected")
        };
        for item in &items {
            let written = item.to_token_stream();
            let again: ItemDef = syn::parse2(written.clone()).unwrap();
            assert_eq!(again.to_token_stream().to_string(), written.to_string());
            assert_eq!(again.fields.len(), item.fields.len());
            assert_eq!(again.options.len(), item.options.len());
            assert_eq!(again.attrs.len(), item.attrs.len());
            assert_eq!(again.response.is_some(), item.response.is_some());
            assert_eq!(again.generics, item.generics);
        }
        let written = items[0].to_token_stream().to_string();
        assert!(
            written.contains("= \"POST /x/{id}\" -> Answer where 'a : 'a {"),
            "{written}"
        );
        assert!(
            items[1]
                .to_token_stream()
                .to_string()
                .ends_with("\"GET /user\" ;")
        );
    }

    #[test]
    fn keyword_field_names() {
        let Input::Items(items) = parse(quote! {
            struct S = "GET /x" { r#type: String, r#ref: String }
        })
        .unwrap() else {
            panic!()
        };
        assert_eq!(items[0].fields[0].ident, "r#type");
    }

    #[test]
    fn expression_form() {
        let Input::Expr(expr) = parse(quote!(
            "GET /repos/<owner>/<repo>",
            owner = "octocat",
            repo = name,
        ))
        .unwrap() else {
            panic!("expression form expected")
        };
        assert_eq!(expr.args.len(), 2);
        assert_eq!(expr.args[1].name, "repo");
        let Input::Expr(expr) = parse(quote!("GET /user")).unwrap() else {
            panic!()
        };
        assert!(expr.args.is_empty());
    }

    #[test]
    fn malformed_input() {
        assert!(error(quote!()).contains("expected a route"));
        assert!(error(quote!(GET)).contains("expected the route as a string literal"));
        assert!(error(quote!(42)).contains("a literal that is not a string"));
        assert!(error(quote!("GET /x" trailing)).contains("unexpected tokens after the route"));
        assert!(error(quote!("GET /x", "positional")).contains("named argument"));
        assert!(error(quote!(pub struct S = GET;)).contains("string literal"));
        assert!(error(quote!(pub struct S = "GET /x" trailing;)).contains("unexpected tokens"));
        assert!(error(quote!(pub struct S = "GET /x")).contains("expected `;`"));
        assert!(error(quote!(pub struct S = "GET /x"; extra)).contains("expected `struct`"));
        assert!(error(quote!(pub enum S = "GET /x";)).contains("expected `struct`"));
        assert!(error(quote!(pub struct S "GET /x";)).contains("expected `=`"));
        assert!(error(quote!(struct S = "GET /x" { a u32 })).contains("expected `:`"));
    }
}
