//! The work of the `endpoint!` macro of [`endpoint`](https://docs.rs/endpoint)
//! as a plain library: the macro's input as a syntax tree, the reading of its
//! `#[endpoint(…)]` attributes, the checks of the route and the fields, and
//! the expansion into the code the macro emits.
//!
//! The `endpoint-macros` crate is a thin procedural macro around
//! [`expand`]. Being a library, this crate can also be used where a
//! procedural macro cannot: unit tests of the expansion, and code generators
//! that build an [`ItemDef`] as a value and expand it ([`expand_item`]) or
//! write it out as macro input (its [`ToTokens`](quote::ToTokens)).
//!
//! ```
//! use quote::quote;
//!
//! let out = endpoint_macros_core::expand(quote! {
//!     pub struct GetRepo = "GET /repos/{owner}/{repo}";
//! });
//! assert!(out.to_string().contains("pub struct GetRepo"));
//!
//! // A route that cannot work expands to `compile_error!`s that say why.
//! let out = endpoint_macros_core::expand(quote!(pub struct S = "GTE /x";));
//! assert!(out.to_string().contains("did you mean `GET`?"));
//! ```
//!
//! The generated code names the runtime as `::endpoint`: it compiles in a
//! crate that depends on the `endpoint` facade.
//!
//! # Layers
//!
//! The work is done on `proc_macro2` token streams. Each module imports only
//! from the ones above it in this list:
//!
//! 0. [`ident`]: the workspace's rules for Rust names of wire names, which
//!    the code generators use too;
//! 1. `ast`: the input, as written (the item form and the expression form);
//! 2. `ctxt`: the collector of errors, so that every problem is reported at
//!    once;
//! 3. `attr`: the `#[endpoint(…)]` attributes of a field and of a struct;
//! 4. `route`: the route string (method, URL, template, `<name>`
//!    placeholders) and its placeholders' field names;
//! 5. `valid`, `capture`: the item form's fields against the route, and the
//!    expression form's arguments and captured variables;
//! 6. [`declared`]: what a checked struct declares, in OpenAPI's terms, for
//!    a check against a description (`#[endpoint(spec = "…")]`);
//! 7. `expand`: the generated code.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod ast;
mod attr;
mod capture;
mod ctxt;
pub mod declared;
mod expand;
pub mod ident;
mod route;
pub mod shape;
pub mod styles;
mod valid;

use proc_macro2::TokenStream;

pub use ast::{ExprDef, FieldDef, Input, ItemDef, NamedArg};
pub use attr::paginate_words;
use declared::Declaration;
pub use route::edit_distance;

/// A check of a struct against the OpenAPI description it names
/// (`#[endpoint(spec = "…")]`): what to add to the struct's expansion
/// ([`Checked`]), or the mistakes found, each spanned where it is.
pub type SpecCheck<'a> = dyn FnMut(&Declaration) -> syn::Result<Checked> + 'a;

/// What a check against a description adds to a struct's expansion.
#[derive(Default)]
pub struct Checked {
    /// Items beside the struct (what makes the crate rebuild when the
    /// description changes, the function [`Checked::api`] names).
    pub tokens: TokenStream,
    /// For a struct that names no API's settings (`api = path`): a
    /// function `fn() -> &'static Api`, defined in [`Checked::tokens`],
    /// whose settings (the description's server and media types) its
    /// `to_request()` builds with, instead of the octokit defaults. Ignored
    /// for a struct that names its own.
    pub api: Option<syn::Path>,
}

impl From<TokenStream> for Checked {
    /// Tokens alone, and no settings.
    fn from(tokens: TokenStream) -> Checked {
        Checked { tokens, api: None }
    }
}

/// Expands the tokens of one `endpoint!` invocation into the code the macro
/// emits. Never panics: input of neither form, invalid routes and invalid
/// fields become `compile_error!`s, spanned where the mistake is.
///
/// A struct that names a description (`#[endpoint(spec = "…")]`) is an
/// error here, which says that checking it needs the `openapi` feature of
/// `endpoint`: [`expand_with`] checks it.
pub fn expand(input: TokenStream) -> TokenStream {
    expand_with(input, &mut unchecked)
}

/// [`expand`], with each struct that names a description (`#[endpoint(spec
/// = "…")]`) checked by `check` once its own checks have passed: the tokens
/// `check` returns are added to the struct's expansion (a struct that names
/// no API built with the settings it gives, if any), and its errors replace
/// the struct's methods.
///
/// ```
/// use endpoint_macros_core::declared::Location;
/// use quote::quote;
///
/// let input = quote! {
///     #[endpoint(spec = "pets.yaml")]
///     pub struct GetPet = "GET /pets/{petId}{?fields}";
/// };
/// let out = endpoint_macros_core::expand_with(input, &mut |declared| {
///     assert_eq!(declared.spec.value(), "pets.yaml");
///     assert_eq!((declared.method.as_str(), declared.path.as_deref()), ("GET", Some("/pets/{petId}")));
///     let places: Vec<_> = declared.parameters.iter().map(|p| (p.name.as_str(), p.location)).collect();
///     assert_eq!(places, [("petId", Location::Path), ("fields", Location::Query)]);
///     Ok(quote!(const CHECKED: bool = true;).into())
/// });
/// assert!(out.to_string().contains("const CHECKED"));
/// ```
pub fn expand_with(input: TokenStream, check: &mut SpecCheck<'_>) -> TokenStream {
    match syn::parse2::<Input>(input) {
        Ok(input) => expand::endpoint(&input, check),
        Err(err) => err.to_compile_error(),
    }
}

/// The check of [`expand`]: a struct that names a description is refused,
/// at the description's name.
fn unchecked(declared: &Declaration) -> syn::Result<Checked> {
    Err(syn::Error::new(
        declared.spec.span(),
        format!(
            "`spec = {:?}` checks the struct against an OpenAPI description, which needs the \
             `openapi` feature of `endpoint`: `endpoint = {{ version = \"0.1\", features = \
             [\"openapi\"] }}`",
            declared.spec.value()
        ),
    ))
}

/// Expands one struct definition, as [`expand`] expands it in an invocation:
/// the struct, its methods and its trait implementations, or the struct and
/// `compile_error!`s when it has mistakes.
///
/// ```
/// let item: endpoint_macros_core::ItemDef =
///     syn::parse_quote!(pub struct GetUser = "GET /users/{username}";);
/// let out = endpoint_macros_core::expand_item(&item).to_string();
/// assert!(out.contains("pub username : :: std :: string :: String"));
/// ```
pub fn expand_item(item: &ItemDef) -> TokenStream {
    expand::item(item, &mut unchecked)
}
