//! The `endpoint!` macro of [`endpoint`](https://docs.rs/endpoint): REST
//! routes checked at compile time, typed parameter structs.
//!
//! Use it through the `endpoint` crate (`use endpoint::endpoint;`): the
//! generated code names the runtime as `::endpoint`. The macro's
//! documentation, with the three forms, is on [`endpoint!`](macro@endpoint).
//!
//! The work is done on `proc_macro2` token streams, in three steps: `ast`
//! (the input, as written), `validate` (route, template, fields; every error
//! collected) and `expand` (the generated code).
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod ast;
mod expand;
mod validate;

#[doc = include_str!("../README.md")]
#[proc_macro]
pub fn endpoint(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::endpoint(input.into()).into()
}
