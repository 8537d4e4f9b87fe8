//! `github`: the `endpoint-github` crate, GitHub's REST API as typed
//! requests, and the checks that compare each of its structs with the
//! dynamic runtime.
//!
//! The input is the extract of GitHub's OpenAPI description kept in
//! `endpoint-github/openapi/` ([`extract`] writes it from the npm package).
//! [`model`] reads it, [`corpus`] checks it against the route corpus,
//! [`plan`] names the modules, structs, fields and enums, [`render`] writes
//! the crate's sources and [`checks`] the test's checks.

pub mod checks;
pub mod corpus;
pub mod extract;
pub mod markdown;
pub mod model;
pub mod plan;
pub mod render;

use std::path::Path;

use crate::EXPECTED_OPERATIONS;
use crate::generated::{File, Output};

/// The crate's directory, relative to the workspace root.
const CRATE: &str = "endpoint-github";

/// The hand-written files of the crate's `src/`.
const HAND_WRITTEN: &[&str] = &["string_enum.rs"];

/// Everything the `github` task writes.
pub fn generate(root: &Path) -> Result<Output, String> {
    let api = model::load(root)?;
    if api.operations.len() != EXPECTED_OPERATIONS {
        return Err(format!(
            "the extract has {} operations, expected {EXPECTED_OPERATIONS}",
            api.operations.len()
        ));
    }
    corpus::check(root, &api.operations)?;
    let scopes = plan::plan(&api.operations)?;
    let src = Path::new(CRATE).join("src");
    let mut files = vec![
        File::text(
            Path::new(CRATE).join("Cargo.toml"),
            render::manifest(&scopes, &api.tags),
        ),
        File::rust(
            root,
            src.join("lib.rs"),
            &render::lib(&scopes, &api.tags, &api.version),
        )?,
    ];
    for scope in &scopes {
        files.push(File::rust(
            root,
            src.join(format!("{}.rs", scope.module)),
            &render::scope(scope, &api.tags),
        )?);
    }
    files.push(File::rust(
        root,
        "tests/github_routes/checks.rs",
        &checks::render(&scopes),
    )?);
    Ok(Output {
        files,
        owned: vec![(src, HAND_WRITTEN)],
    })
}
