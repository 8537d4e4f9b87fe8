//! `github`: the `endpoint-github` crate, GitHub's REST API as typed
//! requests, and the test tables that check each of its structs.
//!
//! The input is the extract of GitHub's OpenAPI description kept in
//! `endpoint-github/openapi/` ([`extract`] writes it from the npm package,
//! [`versions`] relaxes its answers by the other supported versions). The
//! crate is written by `endpoint-openapi`, the generator of `cargo endpoint
//! generate`, with GitHub's [`policy`] and the corrections of
//! `endpoint-github/openapi/overlay.json`; [`checks`] writes the checks of
//! its structs against the dynamic runtime and [`examples`] the table of
//! answer types the models' test decodes with, both from the plan the
//! crate is written from.

pub mod checks;
pub mod examples;
pub mod extract;
pub mod policy;
pub mod versions;
pub mod webhooks;

use std::path::Path;

use crate::generated::{File, Output};
use crate::routes::EXPECTED_OPERATIONS;

use checks::Planned;

/// Everything the `github` task writes.
pub fn generate(root: &Path) -> Result<Output, String> {
    let mut generated = policy::generate(root)?;
    if generated.operations.len() != EXPECTED_OPERATIONS {
        return Err(format!(
            "the extract has {} operations, expected {EXPECTED_OPERATIONS}",
            generated.operations.len()
        ));
    }
    if let Some(left_out) = generated.operations.iter().find(|op| op.rust.is_empty()) {
        return Err(format!(
            "{} {}: left out of the crate ({})",
            left_out.method,
            left_out.path,
            generated.diagnostics.len()
        ));
    }
    webhooks::add(root, &mut generated)?;
    println!(
        "endpoint-github: {} operations, {} types, {} diagnostics",
        generated.operations.len(),
        generated.types,
        generated.diagnostics.len()
    );
    let (read, plan) = policy::plan(root)?;
    let mut operations: Vec<Planned<'_>> = plan
        .operations
        .iter()
        .map(|op| Planned {
            operation: &read.api.operations[op.index],
            op,
            module: &plan.modules[op.module].name,
        })
        .collect();
    // The order of the route corpus: by path, then method.
    operations.sort_by(|a, b| {
        (&a.operation.path, &a.operation.method).cmp(&(&b.operation.path, &b.operation.method))
    });
    let crate_dir = Path::new(policy::CRATE);
    let mut files: Vec<File> = generated
        .files
        .into_iter()
        .map(|file| File::text(crate_dir.join(&file.path), file.text))
        .collect();
    files.push(File::rust(
        root,
        "tests/github_routes/checks.rs",
        &checks::render(&plan, &operations),
    )?);
    files.push(File::rust(
        root,
        "tests/github_models/operations.rs",
        &examples::render(&operations, &policy::conventions(root)?),
    )?);
    Ok(Output {
        files,
        owned: vec![(crate_dir.join("src"), &[][..])],
    })
}
