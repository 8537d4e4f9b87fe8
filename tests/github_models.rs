//! The answer models of `endpoint-github` against JSON GitHub wrote:
//!
//! - every example of every operation's 2xx answers in the description
//!   (`endpoint-github/openapi/api.github.com.json`) decodes into the
//!   operation's `TypedRequest::Response`, and written back with `Serialize`
//!   keeps every value the type models;
//! - every JSON answer of the recordings of `@octokit/fixtures`
//!   (`tests/fixtures/octokit-fixtures/`) decodes into the answer type of the
//!   operation whose method and path template match the recorded request.
//!
//! `github_models/operations.rs` (one entry per operation) is generated with
//! the crate by `cargo run -p xtask -- github`; regenerate it instead of
//! editing it. A test lists every failure (operation, example or exchange,
//! JSON path, serde's message), not only the first, and prints its totals.
//! Set `GITHUB_MODELS_NOT_MODELED=1` to list each key the models drop.
//!
//! A failure is either corrected where it comes from (the description, by
//! an action of `endpoint-github/openapi/overlay.json`; the generator) or,
//! when the example is wrong in a way GitHub's answers are not, listed in
//! [`ALLOWED`] with its reason.

#[path = "github_models/operations.rs"]
mod operations;
#[path = "github_models/support.rs"]
mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use operations::OPERATIONS;
use support::{Answer, Failure, Operation, Outcome, is_json};

/// The examples that are known not to decode, each with the reason: the
/// operationId, the media type and the example's name.
const ALLOWED: &[(&str, &str, &str, &str)] = &[];

/// The description's extract.
fn extract() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/endpoint-github/openapi/api.github.com.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// The totals of the decoded answers.
#[derive(Default)]
struct Totals {
    decoded: usize,
    compared: usize,
    keys: usize,
    not_modeled: BTreeMap<String, usize>,
}

impl Totals {
    /// Adds an outcome; its failures, prefixed with `what`, go to `failures`.
    fn add(&mut self, what: &str, outcome: Outcome, failures: &mut Vec<String>) {
        if outcome.failures.is_empty() {
            self.decoded += 1;
        }
        self.compared += outcome.compared;
        self.keys += outcome.keys;
        for path in outcome.not_modeled {
            *self.not_modeled.entry(format!("{what} {path}")).or_default() += 1;
        }
        failures.extend(outcome.failures.iter().map(|Failure { path, message }| {
            format!("{what}: at {path}: {message}")
        }));
    }

    fn report(&self, label: &str) {
        let dropped: usize = self.not_modeled.values().sum();
        eprintln!(
            "{label}: {} decoded, {} values compared, {dropped} of {} keys not modeled ({:.2} %)",
            self.decoded,
            self.compared,
            self.keys,
            100.0 * dropped as f64 / self.keys.max(1) as f64
        );
        if std::env::var_os("GITHUB_MODELS_NOT_MODELED").is_some() {
            for (path, count) in &self.not_modeled {
                eprintln!("  not modeled: {path} ({count})");
            }
        }
    }
}

#[test]
fn every_example_decodes_into_its_operation_answer() {
    let spec = extract();
    let mut totals = Totals::default();
    let mut with_examples = 0;
    let mut skipped: Vec<String> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    let mut allowed_hit: BTreeSet<(&str, &str, &str)> = BTreeSet::new();
    for operation in &OPERATIONS {
        let Operation { id, method, path, answer, .. } = operation;
        let responses = spec["paths"][path][method.to_ascii_lowercase()]["responses"]
            .as_object()
            .unwrap_or_else(|| panic!("{id}: no `{method} {path}` with responses in the extract"));
        let mut any = false;
        for (status, response) in responses {
            let Some(content) = response.get("content").and_then(Value::as_object) else {
                continue;
            };
            for (media_type, entry) in content {
                let Some(examples) = entry.get("examples").and_then(Value::as_object) else {
                    continue;
                };
                for (name, example) in examples {
                    any = true;
                    let what = format!("{id} {status} {media_type} example `{name}`");
                    let outcome = match answer {
                        Answer::Json(check) => check(example),
                        Answer::Text if !is_json(media_type) => {
                            skipped.push(format!("{what}: text, the answer type is `String`"));
                            continue;
                        }
                        Answer::Text | Answer::Empty => Outcome {
                            failures: vec![Failure {
                                path: ".".into(),
                                message: format!(
                                    "an example of a body, the answer type is `{}`",
                                    if matches!(answer, Answer::Text) { "String" } else { "()" }
                                ),
                            }],
                            ..Outcome::default()
                        },
                    };
                    let allowed = ALLOWED
                        .iter()
                        .find(|(op, media, example, _)| {
                            op == id && media == media_type && example == name
                        });
                    match allowed {
                        Some(&(op, media, example, reason)) if !outcome.failures.is_empty() => {
                            allowed_hit.insert((op, media, example));
                            eprintln!(
                                "allowed: {what}: {reason}: {}",
                                outcome.failures[0]
                            );
                            totals.compared += outcome.compared;
                        }
                        _ => totals.add(&what, outcome, &mut failures),
                    }
                }
            }
        }
        with_examples += usize::from(any);
    }
    for (op, media, example, _) in ALLOWED {
        if !allowed_hit.contains(&(*op, *media, *example)) {
            failures.push(format!(
                "{op} {media} example `{example}` is allowed to fail but decodes, or is gone: \
                 remove it from ALLOWED"
            ));
        }
    }
    for line in &skipped {
        eprintln!("skipped: {line}");
    }
    eprintln!(
        "examples: {} operations in the table, {with_examples} with examples; {} skipped \
         (text answers), {} allowed to fail",
        OPERATIONS.len(),
        skipped.len(),
        allowed_hit.len()
    );
    totals.report("examples");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_recorded_json_answer_decodes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/octokit-fixtures/api.github.com");
    let mut scenarios: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|err| panic!("{}: {err}", root.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    scenarios.sort();
    assert_eq!(scenarios.len(), 22, "the scenarios of @octokit/fixtures");
    let mut totals = Totals::default();
    let mut unmatched: Vec<String> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    let mut exchanges = 0;
    for scenario in &scenarios {
        let name = scenario.file_name().unwrap_or_default().to_string_lossy();
        let file = scenario.join("normalized-fixture.json");
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|err| panic!("{}: {err}", file.display()));
        let records: Vec<Value> = serde_json::from_str(&text)
            .unwrap_or_else(|err| panic!("{}: {err}", file.display()));
        for (index, record) in records.iter().enumerate() {
            let status = record["status"].as_u64().unwrap_or_default();
            let content_type = record["headers"]["content-type"].as_str().unwrap_or_default();
            let response = &record["response"];
            if !(200..300).contains(&status)
                || !is_json(content_type)
                || !(response.is_object() || response.is_array())
            {
                continue;
            }
            exchanges += 1;
            let method = record["method"].as_str().unwrap_or_default();
            let full_path = record["path"].as_str().unwrap_or_default();
            let path = full_path.split('?').next().unwrap_or_default();
            let what = format!("{name} #{index} {} {full_path} ({status})", method.to_ascii_uppercase());
            let found = OPERATIONS
                .iter()
                .filter_map(|op| op.matches(method, path).map(|score| (score, op)))
                .max_by_key(|(score, _)| *score);
            let Some((_, operation)) = found else {
                unmatched.push(format!(
                    "{what}: no operation of the description has this method and path"
                ));
                continue;
            };
            let what = format!("{what} as {}", operation.id);
            match operation.answer {
                Answer::Json(check) => totals.add(&what, check(response), &mut failures),
                Answer::Text | Answer::Empty => {
                    failures.push(format!("{what}: a JSON answer, the answer type has no JSON"));
                }
            }
        }
    }
    for line in &unmatched {
        eprintln!("unmatched: {line}");
    }
    eprintln!(
        "recordings: {exchanges} JSON answers of 2xx exchanges, {} matched, {} unmatched",
        exchanges - unmatched.len(),
        unmatched.len()
    );
    totals.report("recordings");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
