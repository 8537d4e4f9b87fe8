//! The `endpoint!` macro of [`endpoint`](https://docs.rs/endpoint): REST
//! routes checked at compile time, typed parameter structs.
//!
//! Use it through the `endpoint` crate (`use endpoint::endpoint;`): the
//! generated code names the runtime as `::endpoint`. The macro's
//! documentation, with the three forms, is on [`endpoint!`](macro@endpoint).
//!
//! # Layers
//!
//! The work is done on `proc_macro2` token streams. Each module imports only
//! from the ones above it in this list:
//!
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
mod route;
mod valid;

#[doc = include_str!("../README.md")]
#[proc_macro]
pub fn endpoint(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = syn::parse_macro_input!(input as ast::Input);
    expand::endpoint(&input).into()
}
