//! OpenAPI schemas to Rust types, in three stages that can each be used and
//! tested alone:
//!
//! 0. [`read`] reads a description (JSON or YAML; OpenAPI 3.0, 3.1, 3.2 or
//!    Swagger 2.0; its local files and overlays) into the read model of
//!    [`api`], with the [`diag`]nostics of what it could not read as
//!    written;
//! 1. [`schema`] reads a JSON schema of a description into plain data, with
//!    references to component schemas kept by name; [`overlay`] first
//!    applies a checked-in Overlay document of corrections to the
//!    description;
//! 2. [`types`] turns schemas into a [`TypeSpace`](types::TypeSpace) of named
//!    types, where every decision is made: names (by the caller's
//!    [`Conventions`](conventions::Conventions)), which fields are `Option`,
//!    which are boxed, which enums stay open, which features enable a type,
//!    and which [`Rules`](conventions::Rules) apply (types that are also sent
//!    and write back what they read, integer formats, shared inline types);
//! 3. [`emit`] writes the planned types as tokens and formats them with
//!    `prettyplease`.
//!
//! Nothing here is specific to one API: a description's own choices (names,
//! corrections) are the caller's policy and overlay.
//!
//! A whole crate of requests is made in the same stages: [`read`] reads a
//! description (any OpenAPI 3.x or Swagger 2.0, JSON or YAML) into the read
//! model of [`api`]; [`operations`] plans its operations (modules and
//! features, struct names, a field per parameter, bodies, answers) in the
//! same [`TypeSpace`](types::TypeSpace) as the models; [`package`] writes the
//! crate's files, its requests as `endpoint!` items. [`docs`] makes a
//! description's Markdown rustdoc, and what cannot be expressed as written
//! is a [`diag`] diagnostic with its fallback, never a panic.
//!
//! Each module imports only from the ones before it in this list:
//! `pointer`, `diag`, `docs`, `ident`, `schema`, `api`, `conventions`,
//! `overlay`, `read`, `expand`, `filter`, `examples`, `types`, `emit`, `paging`, `operations`, `check`,
//! `package`, `generator`; [`check`] compares a struct of `endpoint!` with
//! the description it names (what `#[endpoint(spec = …)]` checks); [`paging`] chooses how a list operation pages, [`examples`]
//! relaxes the schemas a description's own examples contradict, before
//! planning, [`filter`] keeps only the operations asked for, and [`expand`]
//! which expandable fields are planned as the objects they expand to.
//!
//! A build script generates a client into `OUT_DIR` with [`Generator`]
//! (the [`generator`] module says how a crate includes it); `cargo
//! endpoint` writes a crate of its own.
//!
//! ```
//! use std::collections::BTreeMap;
//! use endpoint_openapi::{conventions::Conventions, emit, schema::Schema, types};
//! use serde_json::json;
//!
//! let components: BTreeMap<String, Schema> = [(
//!     "pet".to_owned(),
//!     Schema::read(&json!({
//!         "type": "object",
//!         "required": ["id", "name"],
//!         "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "tag": {"type": "string"}}
//!     }), "pet")?,
//! )].into();
//! let conventions = Conventions::default();
//! let mut space = types::TypeSpace::new(&components, &conventions);
//! space.component("pet")?;
//! let defs = space.finish();
//! let source = emit::module("", &defs, &emit::Paths::default())?;
//! assert!(source.contains("pub struct Pet {\n    /// The `id` property.\n    pub id: i64,"));
//! assert!(source.contains("    pub tag: Option<String>,\n}"));
//! # Ok::<(), String>(())
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod api;
pub mod check;
pub mod conventions;
pub mod diag;
pub mod docs;
pub mod emit;
mod events;
pub mod examples;
pub mod expand;
pub mod filter;
pub mod generator;
pub mod ident;
pub mod operations;
pub mod overlay;
pub mod package;
pub mod paging;
mod pointer;
pub mod read;
pub mod schema;
mod status;
pub mod types;
pub mod webhooks;

pub use generator::Generator;
