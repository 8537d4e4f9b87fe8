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

#[cfg(feature = "openapi")]
mod openapi;

/// The client of an OpenAPI description, generated in place at compile
/// time: what `cargo endpoint generate` writes as a crate, here as items
/// of the crate that calls it (feature `openapi`).
///
/// ```
/// // At the crate's root: the items name one another `crate::models::…`.
/// endpoint_macros::openapi!("tests/openapi/pets.yaml", operations = ["GET /pets/{petId}"]);
///
/// fn main() -> Result<(), endpoint::Error> {
///     let request = pets::GetPet { pet_id: 7 }.to_request()?;
///     assert_eq!(request.url, "https://petstore.example.com/v1/pets/7");
///     let pet: models::Pet = serde_json::from_str(r#"{"id": 7, "name": "Rex"}"#).unwrap();
///     assert_eq!(pet.name, "Rex");
///     Ok(())
/// }
/// ```
///
/// It expands to the items of the file a build script's
/// `endpoint_openapi::Generator` writes, from the same generator, so the
/// three give the same code: `BASE_URL` when the description names a
/// server, `api()`, `endpoint()`, `pub mod models` and a `pub mod` per
/// group of operations (by tag), each operation an `endpoint!` struct. The
/// crate calling it depends on `endpoint`, `serde` (feature `derive`) and
/// `serde_json`, and calls it at its root (the items name one another
/// `crate::models::…`); a large description may need
/// `#![recursion_limit = "256"]`.
///
/// # Input
///
/// ```text
/// openapi!("stripe.json",                      // relative to the package's directory
///     operations = ["GET /v1/customers/{customer}", "PostCustomers"],
///     tags = ["invoices"],                     // or `tag = "invoices"`, repeatable
///     overlays = ["stripe-fixes.yaml"],        // Overlay 1.0 documents, in order
///     expand = ["charge.customer"],            // expandable fields planned as their objects
///     conventions = "stripe.toml",             // the API's conventions
///     strict,                                  // diagnostics are errors
/// )
/// ```
///
/// - the path (JSON or YAML; OpenAPI 3.0, 3.1, 3.2 or Swagger 2.0) is
///   relative to `CARGO_MANIFEST_DIR`, the calling package's directory;
/// - `operations` (or `operation = "…"`, repeatable): routes (`METHOD
///   /path` as the description writes the path) or `operationId`s;
///   `tags` (or `tag = "…"`): the operations with that tag. When any is
///   named, only the operations named or tagged, and the types they reach,
///   are generated; a name the description does not have is an error at
///   that name, with the nearest it has: ``no operation
///   `GET /v1/customer/{customer}` in stripe.json: did you mean `GET
///   /v1/customers/{customer}`?``;
/// - `overlays` (or `overlay = "…"`): applied in order before reading;
/// - `expand` (a list or one string): the expandable fields of answers (an
///   id, or the object itself when the request asks to expand it: a union
///   of a string and objects with an `id`) planned as those objects: `"*"`
///   for every one, a schema (`"customer"`) or a field
///   (`"charge.customer"`). By default, when operations or tags are named,
///   none is: such a field is `models::Expandable`, the id or the object as
///   JSON, and the models reachable only through expansions are not
///   generated; with neither, every one is, as `cargo endpoint generate`
///   and a build script do;
/// - `conventions`: the API's conventions, a TOML file relative to the
///   package's directory (`endpoint_openapi::conventions` lists its keys);
///   a file that cannot be read, or a key that is no convention, is an
///   error at that path;
/// - `strict`: each diagnostic of the description (what could not be
///   generated as written) is a compile error.
///
/// # Diagnostics, errors and rebuilds
///
/// A file that cannot be read or is no description is an error at its
/// path. Without `strict`, the diagnostics are one warning in the build
/// output, naming the description and where the macro names it and
/// listing the first ten (``warning: the description `api.yaml` has 3
/// diagnostics: …``; stable Rust lets a procedural macro raise no lint of
/// its own, so `-D warnings` leaves it a warning: `strict` makes the
/// diagnostics errors; `cargo endpoint generate` writes them all to
/// `DIAGNOSTICS.md`).
///
/// The expansion holds `include_bytes!` of every file read (the
/// description, its overlays, each file a `$ref` names), so that cargo
/// rebuilds the crate when one changes. A description is read once per
/// process while its files do not change: once per compilation however
/// many calls name it, and once in an editor's long-lived macro server.
#[cfg(feature = "openapi")]
#[proc_macro]
pub fn openapi(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    openapi::expand(input.into()).into()
}
