//! What the tests whose models are emitted into a file of their own and
//! compiled into the test share (`described_examples`,
//! `described_examples_classes`, `described_unions`, `request_bodies`): a
//! description planned into one module of models, as the emitter writes it,
//! and the check that the committed file is that module.

use crate::diag::Diagnostics;
use crate::operations::{self, Modules};
use crate::{emit, read::read_value};
use serde_json::Value;

/// A description's plan, its models as one module (whatever the features),
/// and the diagnostics of reading and planning it.
pub struct Emitted {
    pub plan: operations::Plan,
    pub source: String,
    pub diagnostics: Diagnostics,
}

/// Plans `description` and emits its models, with a header naming `test`.
pub fn models(test: &str, description: Value) -> Emitted {
    let read = read_value(description, None, &[]).unwrap();
    let mut diagnostics = read.diagnostics.clone();
    let mut plan = operations::plan(
        &read.api,
        &Modules::Tags,
        &Default::default(),
        &mut diagnostics,
    );
    // One module of models, whatever the features.
    for def in &mut plan.types {
        def.features.clear();
    }
    let paths = emit::Paths {
        support: "::endpoint_runtime".parse().unwrap(),
        ..emit::Paths::default()
    };
    let header = format!(
        "// Emitted by `endpoint_openapi::emit` from the description of the test\n\
         // `{test}` (which checks it and rewrites it with\n\
         // ENDPOINT_OPENAPI_WRITE=1).\n\n"
    );
    let source = emit::module(&header, &plan.types, &paths).unwrap();
    Emitted {
        plan,
        source,
        diagnostics,
    }
}

/// Fails unless the file `models` (relative to the package) is `emitted`;
/// with `ENDPOINT_OPENAPI_WRITE` set, writes it first.
pub fn check_file(models: &str, emitted: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(models);
    if std::env::var_os("ENDPOINT_OPENAPI_WRITE").is_some() {
        std::fs::write(&path, emitted).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == emitted,
        "{models} is not what the emitter writes (ENDPOINT_OPENAPI_WRITE=1 rewrites it):\n{emitted}"
    );
}
