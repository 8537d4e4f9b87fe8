//! `cargo run -p xtask -- bench [--quick] [--iterations N]`: the reference and
//! the Rust benchmarks of the five workloads, run one after the other, printed
//! as one markdown table of nanoseconds per call and ratios.
//!
//! 1. The reference, `node reference-bench.js N` in `benches/reference/`
//!    (`@octokit/endpoint` 6.0.12; `npm ci` first when `node_modules/` is
//!    missing), run R times (3 by default); each workload's figure is the
//!    fastest of the runs, so that load on the machine while the reference
//!    ran can only make the ratios smaller, never larger. Without `node` the
//!    reference column stays empty and the task says why.
//! 2. `cargo bench --bench requests` filtered to `dynamic/…`, `options/…`
//!    (the `json!` options of a dynamic call alone), `typed/…` and
//!    `handwritten/…` of the five workloads; the median of each comes from
//!    criterion's `target/criterion/<kind>/<workload>/new/estimates.json`,
//!    which must have been written by this run.
//!
//! Criterion's output and the reference's go to standard error; the table
//! goes to standard output.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

use serde_json::Value;

use crate::{report, tools, workspace};

/// The workloads of `benches/reference/reference-bench.js` and
/// `benches/support/workloads.rs`, in their order.
pub(crate) const WORKLOADS: [&str; 5] = [
    "get_path",
    "get_query",
    "post_body",
    "defaults_preview",
    "template_ops",
];

/// The benchmark groups the table reads: the three ways the Rust benchmarks
/// build each workload's request, and the `json!` options of a dynamic call
/// alone (built and dropped), whose difference from `dynamic` is the
/// runtime's own share of a dynamic call.
pub(crate) const GROUPS: [&str; 4] = ["dynamic", "options", "typed", "handwritten"];

/// The reference's default number of timed calls per workload.
const ITERATIONS: u64 = 200_000;

/// The reference's number of calls with `--quick`.
const QUICK_ITERATIONS: u64 = 50_000;

/// How many times the reference runs by default (once with `--quick`).
const REFERENCE_RUNS: u32 = 3;

const USAGE: &str = "usage: cargo run -p xtask -- bench [--quick] [--iterations N] [--reference-runs R]\n  \
     --quick             criterion measures 1 s per benchmark (after 1 s of warm-up) instead of 3 s,\n                      \
     and the reference runs once, making 50,000 calls per workload\n  \
     --iterations N      the reference's number of calls per workload (200,000 by default)\n  \
     --reference-runs R  how many times the reference runs (3 by default); the table shows\n                      \
     each workload's fastest run";

/// The options of the task.
struct Options {
    quick: bool,
    iterations: u64,
    reference_runs: u32,
}

impl Options {
    fn parse(args: &[String]) -> Result<Self, String> {
        let mut quick = false;
        let mut iterations = None;
        let mut reference_runs = None;
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--quick" => quick = true,
                flag @ "--reference-runs" => {
                    let value = args.next().ok_or(USAGE)?;
                    reference_runs = Some(workspace::positive(flag, value)?);
                }
                flag @ "--iterations" => {
                    let value = args.next().ok_or(USAGE)?;
                    iterations = Some(workspace::positive(flag, value)?);
                }
                _ => return Err(USAGE.to_owned()),
            }
        }
        let (default_iterations, default_runs) = if quick {
            (QUICK_ITERATIONS, 1)
        } else {
            (ITERATIONS, REFERENCE_RUNS)
        };
        Ok(Options {
            quick,
            iterations: iterations.unwrap_or(default_iterations),
            reference_runs: reference_runs.unwrap_or(default_runs),
        })
    }
}

/// The `bench` task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args)?;
    let root = workspace::root();
    let target = tools::target_dir(&root)?;

    let iterations = options.iterations.to_string();
    let node_args = ["reference-bench.js", iterations.as_str()];
    let runs = options.reference_runs;
    let (reference, reference_run) = match reference(&root, &node_args, runs) {
        Ok((figures, node)) => (figures, format!(", node {node}")),
        Err(message) => {
            eprintln!("note: {message}");
            (BTreeMap::new(), format!("; not run: {message}"))
        }
    };

    let filter = format!("^({})/({})$", GROUPS.join("|"), WORKLOADS.join("|"));
    let mut bench_args = vec!["bench", "--bench", "requests", "--", filter.as_str()];
    if options.quick {
        bench_args.extend(["--warm-up-time", "1", "--measurement-time", "1"]);
    }
    bench_args.push("--noplot");
    let started = SystemTime::now();
    eprintln!("running {}", tools::shell_words("cargo", &bench_args));
    tools::run(
        tools::cargo().args(&bench_args).current_dir(&root),
        "cargo bench --bench requests",
    )?;
    let criterion = target.join("criterion");
    let pairs = GROUPS
        .iter()
        .flat_map(|&kind| WORKLOADS.iter().map(move |&workload| (kind, workload)));
    let (rust, missing) = medians(pairs, started, "", |kind, workload| {
        criterion
            .join(kind)
            .join(workload)
            .join("new/estimates.json")
    });

    let rows: Vec<Vec<String>> = WORKLOADS
        .iter()
        .map(|&workload| {
            let reference = reference.get(workload).copied();
            let [dynamic, options, typed, handwritten] =
                GROUPS.map(|kind| rust.get(&(kind, workload)).copied());
            vec![
                format!("`{workload}`"),
                report::whole(reference),
                report::whole(dynamic),
                report::whole(options),
                report::whole(typed),
                report::whole(handwritten),
                report::ratio(reference, dynamic),
                report::ratio(reference, typed),
                report::ratio(reference, handwritten),
                report::ratio(typed, handwritten),
            ]
        })
        .collect();
    println!(
        "{}, {}, {}: median ns per call; first the reference, `cd benches/reference && {}` \
         {} (`@octokit/endpoint` 6.0.12{reference_run}), then `{}`.\n",
        report::machine(),
        report::now(),
        tools::rustc_version(),
        tools::shell_words("node", &node_args),
        if runs == 1 {
            "once".to_owned()
        } else {
            format!("{runs} times, the fastest run of each workload")
        },
        tools::shell_words("cargo", &bench_args),
    );
    print!(
        "{}",
        report::markdown(
            &[
                "workload",
                "reference",
                "dynamic",
                "its `json!` options",
                "typed",
                "handwritten",
                "reference ÷ dynamic",
                "reference ÷ typed",
                "reference ÷ handwritten",
                "typed ÷ handwritten",
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

/// Runs the reference benchmark `runs` times (installing its dependencies
/// first when needed) and returns the fewest nanoseconds per call of each
/// workload, with the version of `node`.
fn reference(
    root: &Path,
    node_args: &[&str],
    runs: u32,
) -> Result<(BTreeMap<String, f64>, String), String> {
    let node = tools::version("node")
        .ok_or("`node` is not on PATH, so the reference was not run (the Rust columns were)")?;
    let dir = root.join("benches/reference");
    if !dir.join("node_modules").is_dir() {
        if tools::version("npm").is_none() {
            return Err(format!(
                "`npm` is not on PATH, so the reference's dependencies in {} could not be \
                 installed (`npm ci`)",
                dir.display()
            ));
        }
        eprintln!("running npm ci in {}", dir.display());
        tools::run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&dir),
            "npm ci in benches/reference",
        )?;
    }
    let mut fastest = BTreeMap::<String, f64>::new();
    for run in 1..=runs {
        eprintln!(
            "running {} ({run} of {runs})",
            tools::shell_words("node", node_args)
        );
        let output = tools::output(
            Command::new("node").args(node_args).current_dir(&dir),
            "node reference-bench.js",
        )?;
        let text = String::from_utf8_lossy(&output.stdout);
        eprint!("{text}");
        let figures = reference_figures(&text)?;
        for (workload, ns) in figures {
            let best = fastest.entry(workload).or_insert(ns);
            *best = best.min(ns);
        }
    }
    Ok((fastest, node))
}

/// The nanoseconds per call of each workload in one run's output.
fn reference_figures(text: &str) -> Result<BTreeMap<String, f64>, String> {
    let mut figures = BTreeMap::new();
    for line in text.lines().filter(|line| line.starts_with('{')) {
        let record: Value = serde_json::from_str(line)
            .map_err(|err| format!("reference output `{line}`: {err}"))?;
        let workload = record.get("workload").and_then(Value::as_str);
        let ns = record.get("ns_per_call").and_then(Value::as_f64);
        if let (Some(workload), Some(ns)) = (workload, ns) {
            figures.insert(workload.to_owned(), ns);
        }
    }
    if let Some(workload) = WORKLOADS.iter().find(|w| !figures.contains_key(**w)) {
        return Err(format!("the reference printed no figure for `{workload}`"));
    }
    Ok(figures)
}

/// The medians (ns) of a grid of benchmarks run since `started`, by pair
/// (group, function), each read from the `estimates.json` that `path`
/// names; and a message for each one missing or left over from an earlier
/// run (`<prefix><group>/<function>: …`).
pub(crate) fn medians<'k>(
    pairs: impl IntoIterator<Item = (&'k str, &'k str)>,
    started: SystemTime,
    prefix: &str,
    path: impl Fn(&str, &str) -> std::path::PathBuf,
) -> (BTreeMap<(&'k str, &'k str), f64>, Vec<String>) {
    let mut found = BTreeMap::new();
    let mut missing = Vec::new();
    for (group, function) in pairs {
        match median_ns(&path(group, function), started) {
            Ok(median) => {
                found.insert((group, function), median);
            }
            Err(message) => missing.push(format!("{prefix}{group}/{function}: {message}")),
        }
    }
    (found, missing)
}

/// The median of a criterion `estimates.json`, in nanoseconds, refusing a
/// file older than `since` (left over from an earlier run).
fn median_ns(path: &Path, since: SystemTime) -> Result<f64, String> {
    let modified = std::fs::metadata(path)
        .and_then(|metadata| metadata.modified())
        .map_err(|err| format!("{}: {err}", path.display()))?;
    if modified < since {
        return Err(format!("{} is from an earlier run", path.display()));
    }
    let text = std::fs::read_to_string(path).map_err(|err| format!("{}: {err}", path.display()))?;
    let estimates: Value =
        serde_json::from_str(&text).map_err(|err| format!("{}: {err}", path.display()))?;
    estimates
        .pointer("/median/point_estimate")
        .and_then(Value::as_f64)
        .ok_or_else(|| format!("{}: no median.point_estimate", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_reference_output() {
        let text = WORKLOADS
            .iter()
            .enumerate()
            .map(|(i, w)| format!("{{\"workload\":\"{w}\",\"ns_per_call\":{}}}\n", 1000 + i))
            .collect::<String>();
        let figures = reference_figures(&format!("npm notice\n{text}")).unwrap();
        assert_eq!(figures.len(), WORKLOADS.len());
        assert_eq!(figures["template_ops"], 1004.0);
        let short = text.lines().take(4).collect::<Vec<_>>().join("\n");
        assert_eq!(
            reference_figures(&short).unwrap_err(),
            "the reference printed no figure for `template_ops`"
        );
    }

    #[test]
    fn the_reference_runs_three_times_unless_quick() {
        let parse = |args: &[&str]| {
            Options::parse(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>()).unwrap()
        };
        assert_eq!(parse(&[]).reference_runs, 3);
        assert_eq!(parse(&["--quick"]).reference_runs, 1);
        assert_eq!(parse(&["--reference-runs", "5"]).reference_runs, 5);
        assert!(Options::parse(&["--reference-runs".into(), "0".into()]).is_err());
    }
}
