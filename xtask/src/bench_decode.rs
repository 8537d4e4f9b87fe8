//! `cargo run -p xtask -- bench-decode [--measurement-time S]`: the `decode/…`
//! benchmarks of `benches/decode.rs`, run once, printed as one markdown table.
//!
//! Each of the five inputs of `benches/fixtures/decode/` is decoded three ways
//! in the same run: into the answer type of `endpoint-github` (`generated`),
//! into `serde_json::Value` (`value`) and into the hand-written floor
//! (`handwritten`). The median of each comes from criterion's
//! `target/criterion/decode_<input>/<way>/new/estimates.json`, which must have
//! been written by this run. The goals the table shows: `generated ÷
//! handwritten` at most 1.2, `value ÷ generated` at least 2.
//!
//! Criterion's output goes to standard error; the table goes to standard
//! output.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::SystemTime;

use crate::bench::medians;
use crate::{report, tools, workspace};

/// The inputs, in the order of `NAMES` in `benches/support/decode_inputs.rs`:
/// each is `benches/fixtures/decode/<input>.json` and the criterion group
/// `decode/<input>`.
pub(crate) const INPUTS: [&str; 5] = [
    "issues_page",
    "repositories_page",
    "commits_page",
    "full_repository",
    "search_issues_page",
];

/// The three ways each input is decoded: the functions of each group.
const WAYS: [&str; 3] = ["generated", "value", "handwritten"];

/// Criterion's default measurement time for this task, in seconds.
const MEASUREMENT_TIME: u64 = 3;

/// Criterion's warm-up time, in seconds.
const WARM_UP_TIME: u64 = 1;

const USAGE: &str = "usage: cargo run -p xtask -- bench-decode [--measurement-time S]\n  \
     --measurement-time S  criterion measures S seconds per benchmark (3 by default),\n                        \
     after 1 s of warm-up";

/// The `bench-decode` task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let measurement_time = match args {
        [] => MEASUREMENT_TIME,
        [flag, value] if flag == "--measurement-time" => workspace::positive::<u64>(flag, value)?,
        _ => return Err(USAGE.to_owned()),
    };
    let root = workspace::root();
    let target = tools::target_dir(&root)?;
    let fixtures = root.join("benches/fixtures/decode");
    let mut bytes = BTreeMap::new();
    for input in INPUTS {
        let path = fixtures.join(format!("{input}.json"));
        let metadata =
            std::fs::metadata(&path).map_err(|err| format!("{}: {err}", path.display()))?;
        bytes.insert(input, metadata.len());
    }

    let filter = format!("^decode/({})/({})$", INPUTS.join("|"), WAYS.join("|"));
    let warm_up = WARM_UP_TIME.to_string();
    let measurement = measurement_time.to_string();
    let bench_args = [
        "bench",
        "--bench",
        "decode",
        "--",
        filter.as_str(),
        "--warm-up-time",
        warm_up.as_str(),
        "--measurement-time",
        measurement.as_str(),
        "--noplot",
    ];
    let load_before = report::load_average();
    let started = SystemTime::now();
    eprintln!("running {}", tools::shell_words("cargo", &bench_args));
    tools::run(
        tools::cargo().args(bench_args).current_dir(&root),
        "cargo bench --bench decode",
    )?;
    let load_after = report::load_average();

    let criterion = target.join("criterion");
    let pairs = INPUTS
        .iter()
        .flat_map(|&input| WAYS.iter().map(move |&way| (input, way)));
    let (figures, missing) = medians(pairs, started, "decode/", |input, way| {
        estimates(&criterion, input, way)
    });

    let rows: Vec<Vec<String>> = INPUTS
        .iter()
        .map(|&input| {
            let [generated, value, handwritten] =
                WAYS.map(|way| figures.get(&(input, way)).copied());
            vec![
                format!("`{input}`"),
                report::grouped(bytes[input]),
                report::whole(generated),
                report::whole(value),
                report::whole(handwritten),
                report::ratio_hundredths(generated, handwritten),
                report::ratio_hundredths(value, generated),
            ]
        })
        .collect();
    println!(
        "{}, {}, {}: median ns per decoding (`std::str::from_utf8`, then \
         `serde_json::from_str`, the value dropped), all from one run of `{}`; \
         load average {} before, {} after.\n",
        report::machine(),
        report::now(),
        tools::rustc_version(),
        tools::shell_words("cargo", &bench_args),
        load_before,
        load_after,
    );
    print!(
        "{}",
        report::markdown(
            &[
                "input",
                "bytes",
                "generated",
                "`Value`",
                "handwritten",
                "generated ÷ handwritten",
                "`Value` ÷ generated",
            ],
            &rows,
        )
    );
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "no figure from this run for:\n  {}",
            missing.join("\n  ")
        ))
    }
}

/// Criterion's estimates of one benchmark: the group `decode/<input>` is the
/// directory `decode_<input>` (criterion replaces `/` in directory names).
fn estimates(criterion: &Path, input: &str, way: &str) -> std::path::PathBuf {
    criterion
        .join(format!("decode_{input}"))
        .join(way)
        .join("new/estimates.json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inputs_are_those_of_the_benchmark() {
        let root = workspace::root();
        let source = std::fs::read_to_string(root.join("benches/support/decode_inputs.rs"))
            .expect("benches/support/decode_inputs.rs");
        let names = source
            .split_once("pub const NAMES")
            .and_then(|(_, rest)| rest.split_once("];"))
            .map(|(names, _)| names)
            .expect("NAMES in decode_inputs.rs");
        let listed: Vec<&str> = names.split('"').skip(1).step_by(2).collect();
        assert_eq!(listed, INPUTS);
        for input in INPUTS {
            assert!(
                root.join(format!("benches/fixtures/decode/{input}.json"))
                    .is_file()
            );
        }
    }

    #[test]
    fn arguments() {
        assert!(run(&["--runs".to_owned()]).is_err());
        assert!(run(&["--measurement-time".to_owned(), "0".to_owned()]).is_err());
    }
}
