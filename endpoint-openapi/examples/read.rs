//! Reads a description and prints what came out: operations, component
//! schemas, diagnostics, and how long reading took.
//!
//! ```text
//! cargo run --release -p endpoint-openapi --example read -- tests/fixtures/openapi/kubernetes.json
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let Some(path) = args.next() else {
        eprintln!("usage: read DESCRIPTION [OVERLAY…]");
        return ExitCode::from(2);
    };
    let overlays: Vec<PathBuf> = args.collect();
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("{}: {err}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let parsed = endpoint_openapi::read::parse(&text);
    let parsing = start.elapsed();
    let read = parsed.and_then(|description| {
        let base = path.parent().unwrap_or(std::path::Path::new("."));
        let overlays = overlays
            .iter()
            .map(|overlay| {
                let text = std::fs::read_to_string(overlay).map_err(|err| {
                    endpoint_openapi::read::ReadError {
                        at: overlay.display().to_string(),
                        message: err.to_string(),
                    }
                })?;
                endpoint_openapi::read::parse(&text)
            })
            .collect::<Result<Vec<_>, _>>()?;
        endpoint_openapi::read::read_value(description, Some(base), &overlays)
    });
    let elapsed = start.elapsed();
    let read = match read {
        Ok(read) => read,
        Err(err) => {
            eprintln!("{}: {err}", path.display());
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{}: {} operations, {} schemas, {} diagnostics, parsed in {:.0?}, read in {:.0?} in all",
        path.display(),
        read.api.operations.len(),
        read.api.schemas.len(),
        read.diagnostics.len(),
        parsing,
        elapsed
    );
    for diagnostic in read.diagnostics.iter() {
        println!("  {diagnostic}");
    }
    ExitCode::SUCCESS
}
