//! An OpenAPI description (3.0, 3.1, 3.2 or Swagger 2.0; JSON or YAML; its
//! local `$ref` files and Overlay documents) to Rust: a crate of
//! `endpoint!` requests and typed answers, or one file a build script
//! includes. What cannot be expressed as written is a [`diag`]nostic with
//! its fallback, never a panic.
//!
//! # Where to start
//!
//! - [`Generator`]: a build script's client in `OUT_DIR`, or one file of
//!   source ([`Generator::generate`]); its options are the operations and
//!   tags to keep ([`filter`]), the [`Conventions`](conventions::Conventions)
//!   of an API, overlays, how operations group into modules
//!   ([`package::Modules`]). The [`generator`] module says how a crate
//!   includes the file.
//! - [`package`]: a whole crate's files ([`package::generate_read`], in a
//!   [`package::Layout`]), as `cargo endpoint generate` writes it, with
//!   each operation as [`package::OperationInfo`].
//! - [`read`]: a description to its read model ([`api::Api`], with the
//!   JSON [`schema`]s of its components), after [`overlay`]s are applied.
//! - [`check`]: a struct of `endpoint!` against the operation it names, as
//!   `#[endpoint(spec = …)]` checks it.
//! - [`conventions`]: what the generator is told about one API (names,
//!   headers, documentation), read from TOML; [`webhooks`]: what a
//!   generated crate's `webhooks` module holds.
//!
//! Between reading and writing, the generator plans one Rust type per
//! schema an operation reaches and one struct per operation; that plan is
//! internal (it changes with the planner) and shows only as the generated
//! source, the [`package::Generated`] crate and its diagnostics.
//!
//! ```
//! use endpoint_openapi::{Generator, read};
//! use serde_json::json;
//!
//! let description = json!({
//!     "openapi": "3.1.0",
//!     "info": {"title": "Pets", "version": "1"},
//!     "paths": {"/pets/{id}": {"get": {
//!         "operationId": "getPet",
//!         "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
//!         "responses": {"200": {"description": "A pet", "content": {"application/json": {
//!             "schema": {"$ref": "#/components/schemas/pet"}
//!         }}}}
//!     }}},
//!     "components": {"schemas": {"pet": {
//!         "type": "object",
//!         "required": ["id", "name"],
//!         "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "tag": {"type": "string"}}
//!     }}}
//! });
//! let read = read::read_value(description, None, &[])?;
//! let output = Generator::new("pets.json").name("pets").generate_read(read)?;
//! assert!(output.source.contains("pub struct Pet {"), "{}", output.source);
//! assert!(output.source.contains("    pub tag: Option<String>,\n"), "{}", output.source);
//! assert!(output.diagnostics.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Inside
//!
//! A description goes through these modules, each importing only from the
//! ones before it: `pointer`, `diag`, `docs` (Markdown to rustdoc),
//! `ident`, `schema`, `api`, `conventions`, `overlay`, `read`, `expand`
//! (expandable fields planned as the objects they expand to), `filter`,
//! `examples` (schemas relaxed where the description's own examples
//! contradict them), `types` (schemas to named types), `emit` (types as
//! formatted tokens), `paging`, `operations` (the plan of each operation),
//! `check`, `package` (the writer), `generator`. `docs/internals.md` of the
//! repository is the map.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod api;
pub mod check;
pub mod conventions;
pub mod diag;
pub(crate) mod docs;
pub(crate) mod emit;
mod events;
pub(crate) mod examples;
pub(crate) mod expand;
pub mod filter;
pub mod generator;
pub(crate) mod ident;
pub(crate) mod operations;
pub mod overlay;
pub mod package;
pub(crate) mod paging;
mod pointer;
pub mod read;
pub mod schema;
mod status;
#[cfg(test)]
mod tests;
pub(crate) mod types;
pub mod webhooks;

pub use generator::Generator;

/// What only the workspace's own tools read of the generator's plan
/// (`xtask` writes `endpoint-github`'s route checks and answer table from
/// it): not part of the API, and free to change with the planner.
#[doc(hidden)]
pub mod sibling {
    pub use crate::operations::{
        Choice, ChoiceValue, FieldPlan, Location, Method, OperationPlan, Plan, Success, Ty, plan,
    };
    pub use crate::types::{Body, Type, TypeDef};
}
