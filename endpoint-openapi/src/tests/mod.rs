//! The tests that inspect the generator's plan (its types, its operations,
//! the models emitted from them), which is the crate's own: each module
//! plans a small description and checks the plan or the emitted models,
//! some of them compiled here as modules of their own.
//!
//! A module runs alone by its name: `cargo test -p endpoint-openapi --lib
//! tests::round_trip::`.

use crate::package::Generated;

mod described_examples;
mod described_examples_classes;
mod described_unions;
mod descriptions;
mod emitted;
mod request_bodies;
mod round_trip;
mod std_names;

/// The text of the generated file at `path`.
fn file<'g>(generated: &'g Generated, path: &str) -> &'g str {
    &generated
        .files
        .iter()
        .find(|f| f.path.to_str() == Some(path))
        .unwrap_or_else(|| panic!("no {path}"))
        .text
}
