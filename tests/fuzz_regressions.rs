//! Replays the saved fuzz inputs: every file of
//! `tests/fixtures/fuzz/<target>/` goes through the code its fuzz target runs
//! (`fuzz/src/lib.rs`, included below), which panics on any broken
//! guarantee. Each test runs every file of its target and fails once,
//! naming every input that panicked.

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod targets;

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fuzz")
        .join(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

fn replay(target: &str, run: fn(&[u8])) {
    let files = inputs(target);
    assert!(!files.is_empty(), "no saved inputs for {target}");
    let mut failures = Vec::new();
    for file in &files {
        let data = fs::read(file).expect("readable input");
        if let Err(panic) = panic::catch_unwind(AssertUnwindSafe(|| run(&data))) {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)");
            failures.push(format!("{}: {message}", file.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} saved {target} inputs fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn template_inputs() {
    replay("template", targets::template);
}

#[test]
fn endpoint_json_inputs() {
    replay("endpoint_json", targets::endpoint_json);
}

#[test]
fn answers_inputs() {
    replay("answers", targets::answers::answers);
}

#[test]
fn client_host_reads_urls_as_clients_do() {
    use targets::client_host;
    assert_eq!(
        client_host("https://api.github.com/x").as_deref(),
        Some("api.github.com")
    );
    assert_eq!(
        client_host("HTTPS://API.github.com:8443?x").as_deref(),
        Some("api.github.com:8443")
    );
    assert_eq!(
        client_host("https://api.github.com@evil.example/").as_deref(),
        Some("evil.example")
    );
    assert_eq!(
        client_host("https://evil.example\\@api.github.com/").as_deref(),
        Some("evil.example")
    );
    assert_eq!(client_host("/relative"), None);
    assert_eq!(client_host("ftp://example.com/"), None);
}
