//! The `endpoint!` macro of [`endpoint`](https://docs.rs/endpoint): REST
//! routes checked at compile time, typed parameter structs.
//!
//! Use it through the `endpoint` crate (`use endpoint::endpoint;`): the
//! generated code names the runtime as `::endpoint`. The macro's
//! documentation, with the three forms, is on [`endpoint!`](macro@endpoint).
//!
//! This crate is only the procedural macro's entry point: the syntax tree,
//! the checks and the expansion are the `endpoint-macros-core` library, which
//! can be tested and used without a compiler plugin.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "openapi")]
mod spec;

#[doc = include_str!("../README.md")]
#[proc_macro]
pub fn endpoint(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    #[cfg(feature = "openapi")]
    let out = endpoint_macros_core::expand_with(input.into(), &mut spec::check);
    #[cfg(not(feature = "openapi"))]
    let out = endpoint_macros_core::expand(input.into());
    out.into()
}
