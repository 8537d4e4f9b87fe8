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
//! 6. `expand`: the generated code.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod ast;
mod attr;
mod capture;
mod ctxt;
mod expand;
pub mod ident;
mod route;
mod valid;

use proc_macro2::TokenStream;

pub use ast::{ExprDef, FieldDef, Input, ItemDef, NamedArg};
pub use attr::paginate_words;
pub use route::edit_distance;

/// Expands the tokens of one `endpoint!` invocation into the code the macro
/// emits. Never panics: input of neither form, invalid routes and invalid
/// fields become `compile_error!`s, spanned where the mistake is.
pub fn expand(input: TokenStream) -> TokenStream {
    match syn::parse2::<Input>(input) {
        Ok(input) => expand::endpoint(&input),
        Err(err) => err.to_compile_error(),
    }
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
    expand::item(item)
}
