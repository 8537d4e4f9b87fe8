//! `cargo run -p xtask -- instructions [--calls K]`: instructions and heap
//! allocations per call of every workload built every way, and of the
//! `json!` options of its dynamic call alone, figures that do not depend on
//! the machine's load. A dynamic call less its options is the runtime's own
//! share, the figure to set beside the typed call, which builds the same
//! request from no options at all.
//!
//! The bench target `benches/instructions.rs` (built with the bench profile)
//! makes one warm-up call of one `<kind>/<workload>` and then a given number
//! of calls. Run under `valgrind --tool=callgrind` for 1 and for 1 + K calls,
//! the difference of the two instruction totals divided by K is the cost of
//! one call: start-up, the fixture and the warm-up cancel out. The
//! allocations come from one run without valgrind, which counts those of its
//! K calls. Without valgrind only the allocations are printed.
//!
//! The callgrind output files stay in `target/instructions/` for
//! `callgrind_annotate`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::bench::{GROUPS, WORKLOADS};
use crate::{report, tools, workspace};

/// The default number of calls whose cost is measured (K).
const CALLS: u64 = 1_000;

const USAGE: &str = "usage: cargo run -p xtask -- instructions [--calls K]\n  \
     --calls K  the calls measured beyond the first one (1,000 by default)";

/// The `instructions` task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let calls = match args {
        [] => CALLS,
        [flag, value] if flag == "--calls" => workspace::positive(flag, value)?,
        _ => return Err(USAGE.to_owned()),
    };
    let root = workspace::root();
    let target = tools::target_dir(&root)?;
    let program = build(&root)?;
    let out_dir = target.join("instructions");
    std::fs::create_dir_all(&out_dir)
        .map_err(|err| format!("creating {}: {err}", out_dir.display()))?;

    let valgrind = tools::version("valgrind");
    if valgrind.is_none() {
        eprintln!(
            "note: `valgrind` is not on PATH, so instructions are not counted (allocations are)"
        );
    }
    let mut instructions = Vec::new();
    let mut allocations = Vec::new();
    for workload in WORKLOADS {
        let mut instruction_row = vec![format!("`{workload}`")];
        let mut allocation_row = vec![format!("`{workload}`")];
        let mut per_call = [None; GROUPS.len()];
        for (kind, figure) in GROUPS.into_iter().zip(&mut per_call) {
            eprintln!("measuring {kind}/{workload}");
            let (count, bytes) = allocations_of(&program, kind, workload, calls)?;
            allocation_row.push(format!(
                "{} ({} B)",
                per_call_text(count, calls),
                report::whole(Some(bytes as f64 / calls as f64))
            ));
            let ir = match valgrind {
                Some(_) => Some(instructions_per_call(
                    &program, &out_dir, kind, workload, calls,
                )?),
                None => None,
            };
            instruction_row.push(report::whole(ir));
            *figure = ir;
        }
        // `dynamic` less its `json!` options: the runtime's own share.
        let [dynamic, options, typed, handwritten] = per_call;
        let runtime = dynamic
            .zip(options)
            .map(|(dynamic, options)| dynamic - options);
        instruction_row.insert(3, report::whole(runtime));
        instruction_row.push(report::ratio(runtime, typed));
        instruction_row.push(report::ratio(typed, handwritten));
        instructions.push(instruction_row);
        allocations.push(allocation_row);
    }

    let program_line = tools::shell_words(
        &report::relative(&program, &root),
        &["KIND", "WORKLOAD", "N"],
    );
    let calls_text = report::grouped(calls);
    let total_text = report::grouped(calls + 1);
    println!(
        "{}, {}, {}: `cargo bench --bench instructions --no-run`, then \
         `valgrind --tool=callgrind {program_line}` for N = 1 and N = {total_text}; \
         instructions per call = (Ir(N = {total_text}) − Ir(N = 1)) ÷ {calls_text}; \
         allocations per call from one run of `{program_line}` with N = {calls_text} \
         without valgrind.\n",
        report::machine(),
        report::now(),
        tools::rustc_version(),
    );
    match valgrind {
        Some(valgrind) => {
            println!("Instructions per call ({valgrind}):\n");
            print!(
                "{}",
                report::markdown(
                    &[
                        "workload",
                        "dynamic",
                        "its `json!` options",
                        "dynamic − options",
                        "typed",
                        "handwritten",
                        "(dynamic − options) ÷ typed",
                        "typed ÷ handwritten",
                    ],
                    &instructions,
                )
            );
        }
        None => println!("Instructions per call: not counted, `valgrind` is not on PATH."),
    }
    println!("\nAllocations per call (bytes allocated per call):\n");
    print!(
        "{}",
        report::markdown(
            &[
                "workload",
                "dynamic",
                "its `json!` options",
                "typed",
                "handwritten"
            ],
            &allocations
        )
    );
    Ok(())
}

/// Builds `benches/instructions.rs` with the bench profile and returns the
/// path of the program.
fn build(root: &Path) -> Result<PathBuf, String> {
    eprintln!("running cargo bench --bench instructions --no-run");
    let output = tools::output(
        tools::cargo()
            .args([
                "bench",
                "--bench",
                "instructions",
                "--no-run",
                "--message-format=json-render-diagnostics",
            ])
            .current_dir(root),
        "cargo bench --bench instructions --no-run",
    )?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|message| {
            message.get("reason").and_then(Value::as_str) == Some("compiler-artifact")
                && message.pointer("/target/name").and_then(Value::as_str) == Some("instructions")
        })
        .find_map(|message| message.get("executable")?.as_str().map(PathBuf::from))
        .ok_or_else(|| "cargo did not report the instructions program".to_owned())
}

/// The allocations and bytes of `calls` calls of `kind/workload`, from the
/// program's own count.
fn allocations_of(
    program: &Path,
    kind: &str,
    workload: &str,
    calls: u64,
) -> Result<(u64, u64), String> {
    let what = format!("instructions {kind} {workload} {calls}");
    let output = tools::output(
        Command::new(program).args([kind, workload, &calls.to_string()]),
        &what,
    )?;
    let text = String::from_utf8_lossy(&output.stdout);
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["calls", _, "allocations", count, "bytes", bytes] => {
            match (count.parse(), bytes.parse()) {
                (Ok(count), Ok(bytes)) => Ok((count, bytes)),
                _ => Err(format!("{what}: unexpected output `{}`", text.trim())),
            }
        }
        _ => Err(format!("{what}: unexpected output `{}`", text.trim())),
    }
}

/// Instructions per call of `kind/workload`: callgrind's totals for 1 and
/// `1 + calls` calls, their difference divided by `calls`.
fn instructions_per_call(
    program: &Path,
    out_dir: &Path,
    kind: &str,
    workload: &str,
    calls: u64,
) -> Result<f64, String> {
    let once = callgrind_total(program, out_dir, kind, workload, 1)?;
    let many = callgrind_total(program, out_dir, kind, workload, calls + 1)?;
    Ok(many.saturating_sub(once) as f64 / calls as f64)
}

/// The total instruction count (`Ir`) of the program under callgrind.
fn callgrind_total(
    program: &Path,
    out_dir: &Path,
    kind: &str,
    workload: &str,
    calls: u64,
) -> Result<u64, String> {
    let out_file = out_dir.join(format!("callgrind.{kind}.{workload}.{calls}.out"));
    let mut out_arg = std::ffi::OsString::from("--callgrind-out-file=");
    out_arg.push(&out_file);
    tools::run(
        Command::new("valgrind")
            .args(["--tool=callgrind", "--quiet"])
            .arg(out_arg)
            .arg(program)
            .args([kind, workload, &calls.to_string()]),
        &format!("valgrind --tool=callgrind instructions {kind} {workload} {calls}"),
    )?;
    let text = std::fs::read_to_string(&out_file)
        .map_err(|err| format!("{}: {err}", out_file.display()))?;
    text.lines()
        .find_map(|line| {
            line.strip_prefix("summary:")
                .or_else(|| line.strip_prefix("totals:"))
        })
        .and_then(|counts| counts.split_whitespace().next())
        .and_then(|ir| ir.parse().ok())
        .ok_or_else(|| format!("{}: no summary or totals line", out_file.display()))
}

/// Allocations per call: a whole number when the count divides evenly.
fn per_call_text(count: u64, calls: u64) -> String {
    if count.is_multiple_of(calls) {
        report::grouped(count / calls)
    } else {
        format!("{:.2}", count as f64 / calls as f64)
    }
}
