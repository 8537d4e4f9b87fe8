//! `github`: the `endpoint-github` crate, GitHub's REST API as typed
//! requests, and the checks that compare each of its structs with the
//! dynamic runtime.
//!
//! The input is the extract of GitHub's OpenAPI description kept in
//! `endpoint-github/openapi/` ([`extract`] writes it from the npm package).
//! [`model`] reads it, [`corpus`] checks it against the route corpus,
//! [`plan`] names the modules, structs, fields and enums, [`answers`] plans
//! the answer models (GitHub's layer over `endpoint-openapi`, with the
//! corrections of `endpoint-github/openapi/overlay.json`), [`render`] writes
//! the crate's sources, [`checks`] the test's checks and [`examples`]
//! the table of answer types the models' test decodes with.

pub mod answers;
pub mod checks;
pub mod corpus;
pub mod examples;
pub mod extract;
pub mod markdown;
pub mod model;
pub mod plan;
pub mod render;
pub mod versions;

use std::path::Path;

use crate::generated::{File, Output};
use crate::routes::EXPECTED_OPERATIONS;

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
    let answers = answers::plan(root, &api.spec, &scopes)?;
    let (plain, fields) = answers::plain_fields(&answers.types);
    println!(
        "models: {} types, {plain} of {fields} fields plain ({:.1} %), {} corrections",
        answers.types.len(),
        100.0 * plain as f64 / fields.max(1) as f64,
        answers.corrections
    );
    let src = Path::new(CRATE).join("src");
    let mut files = vec![
        File::text(
            Path::new(CRATE).join("Cargo.toml"),
            render::manifest(&scopes, &api.tags),
        ),
        File::rust(
            root,
            src.join("lib.rs"),
            &render::lib(&scopes, &api.tags, &api.version, &answers),
        )?,
    ];
    for scope in &scopes {
        files.push(File::rust(
            root,
            src.join(format!("{}.rs", scope.module)),
            &render::scope(
                scope,
                &api.tags,
                render::Style::Macro,
                &answers.by_operation,
            ),
        )?);
    }
    files.push(File::rust(
        root,
        src.join("models.rs"),
        &answers::models(&answers)?,
    )?);
    files.push(File::rust(
        root,
        "tests/github_routes/checks.rs",
        &checks::render(&scopes),
    )?);
    files.push(File::rust(
        root,
        "tests/github_models/operations.rs",
        &examples::render(&scopes, &answers.by_operation)?,
    )?);
    Ok(Output {
        files,
        owned: vec![(src, HAND_WRITTEN)],
    })
}

/// The `format!` twin of the crate, for `compile-time --github`.
pub struct FormatTwin {
    /// The generated sources, by file name under `src/`: the crate root and
    /// one module per scope (the hand-written `string_enum.rs` and
    /// `support.rs` are copied besides).
    pub files: Vec<(String, String)>,
    /// The `[features]` entries, the same as the crate's.
    pub features: String,
}

/// The same modules, structs, enums and aliases as the crate, from the same
/// plan, each struct with a hand-written `to_request()` using `format!`.
pub fn format_twin(root: &Path) -> Result<FormatTwin, String> {
    let api = model::load(root)?;
    let scopes = plan::plan(&api.operations)?;
    let mut files = vec![("lib.rs".to_owned(), render::format_lib(&scopes))];
    for scope in &scopes {
        files.push((
            format!("{}.rs", scope.module),
            render::scope(scope, &api.tags, render::Style::Format, &Default::default()),
        ));
    }
    Ok(FormatTwin {
        files,
        features: render::features(&scopes, &api.tags),
    })
}
