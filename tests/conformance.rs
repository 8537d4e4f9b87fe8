//! Conformance with `@octokit/endpoint` 6.0.12 plus the port's rules.
//!
//! Every record of `tests/fixtures/conformance/cases.jsonl` and
//! `rfc6570-cases.jsonl` goes through the public API (dispatch in
//! `support/ops.rs`) and is compared with its `expected`: an expected error
//! must be an `Err` (the message is not compared); an expected value must be
//! equal, objects compared as unordered maps and strings (the `url` among
//! them) exactly, after the crate's own user-agent has been replaced by the
//! fixtures' `"<user-agent>"` marker. Each test runs every record and then
//! fails once, listing every mismatch. `informational.jsonl` only has to run
//! without panicking.

use crate::ops;

use std::cell::RefCell;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use serde_json::Value;

use ops::Call;

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/conformance/cases.jsonl"
);
const RFC6570_CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/conformance/rfc6570-cases.jsonl"
);
const INFORMATIONAL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/conformance/informational.jsonl"
);

/// A printed value is cut after this many characters (the `ReDoS` records
/// hold strings of 100,000 characters).
const SHOWN_CHARS: usize = 1_500;

#[test]
fn cases() {
    check(CASES, 500);
}

#[test]
fn rfc6570_cases() {
    check(RFC6570_CASES, 270);
}

#[test]
fn informational_cases_do_not_panic() {
    let records = read_records(INFORMATIONAL);
    let mut panicked = Vec::new();
    for (line, record) in &records {
        let call =
            Call::from_record(record).unwrap_or_else(|err| panic!("{INFORMATIONAL}:{line}: {err}"));
        if let Err(message) = run_catching(&call) {
            panicked.push(format!("{}: {message}", id_of(record)));
        }
    }
    assert_eq!(records.len(), 9, "{INFORMATIONAL}: number of records");
    assert!(panicked.is_empty(), "panicked:\n{}", panicked.join("\n"));
}

/// Runs every record of `path`, then fails with the list of mismatches.
fn check(path: &str, expected_records: usize) {
    let records = read_records(path);
    let mut failures = Vec::new();
    for (line, record) in &records {
        if let Err(failure) = check_record(record) {
            failures.push(format!("{} (line {line}){failure}", id_of(record)));
        }
    }
    let passed = records.len() - failures.len();
    eprintln!(
        "{path}: {} records, {passed} passed, {} failed",
        records.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} records failed:\n\n{}",
        failures.len(),
        records.len(),
        failures.join("\n\n")
    );
    assert_eq!(records.len(), expected_records, "{path}: number of records");
}

/// Checks one record; the error describes the mismatch.
fn check_record(record: &Value) -> Result<(), String> {
    let call = Call::from_record(record).map_err(|err| format!(": malformed record: {err}"))?;
    let expected = &record["expected"];
    let actual = run_catching(&call).map_err(|message| describe(record, &message))?;
    match (expected.get("ok"), expected.get("error"), actual) {
        (Some(expected), None, Ok(mut actual)) => {
            mark_user_agent(&mut actual);
            if actual == *expected {
                Ok(())
            } else {
                Err(describe(record, &shown(&actual)))
            }
        }
        (Some(_), None, Err(err)) => Err(describe(record, &format!("error: {err}"))),
        (None, Some(_), Err(_)) => Ok(()),
        (None, Some(_), Ok(mut actual)) => {
            mark_user_agent(&mut actual);
            Err(describe(record, &shown(&actual)))
        }
        _ => Err(": malformed record: `expected` must be {\"ok\": …} or {\"error\": …}".into()),
    }
}

/// The rules involved, the expected outcome and the actual one.
fn describe(record: &Value, actual: &str) -> String {
    let mut text = String::new();
    if let Some(rules) = record.get("differs_because") {
        let _ = write!(text, " {rules}");
    }
    let _ = write!(
        text,
        "\n  expected: {}\n  actual:   {actual}",
        shown(&record["expected"])
    );
    text
}

/// Replaces every string equal to the crate's default user-agent by the
/// fixtures' marker.
fn mark_user_agent(value: &mut Value) {
    match value {
        Value::String(text) if text == endpoint::USER_AGENT => *text = "<user-agent>".into(),
        Value::Array(items) => items.iter_mut().for_each(mark_user_agent),
        Value::Object(map) => map.values_mut().for_each(mark_user_agent),
        _ => {}
    }
}

/// Compact JSON, cut after [`SHOWN_CHARS`] characters.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((end, _)) => format!("{}… ({} characters)", &text[..end], text.chars().count()),
        None => text,
    }
}

thread_local! {
    /// Inside [`run_catching`]: where the current record's panic happened.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs a call; a panic becomes its location and message. The panic hook
/// stays quiet for it (one line in the failure list rather than a backtrace
/// per record) and prints every other panic as before.
fn run_catching(call: &Call<'_>) -> Result<endpoint::Result<Value>, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let caught = PANIC.with_borrow_mut(|slot| match slot {
                Some(message) => {
                    *message = info.to_string().replace('\n', " ");
                    true
                }
                None => false,
            });
            if !caught {
                previous(info);
            }
        }));
    });
    PANIC.set(Some(String::new()));
    let result = panic::catch_unwind(AssertUnwindSafe(|| call.run()));
    let message = PANIC.take().unwrap_or_default();
    result.map_err(|_| message)
}

fn id_of(record: &Value) -> String {
    match &record["id"] {
        Value::String(id) => id.clone(),
        other => other.to_string(),
    }
}

/// The records of a JSON Lines file with their line numbers. Key order is
/// kept (`serde_json`'s `preserve_order`): it is part of the input.
fn read_records(path: &str) -> Vec<(usize, Value)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let record = serde_json::from_str(line)
                .unwrap_or_else(|err| panic!("{path}:{}: {err}", index + 1));
            (index + 1, record)
        })
        .collect()
}
