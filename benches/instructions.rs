//! One workload call, repeated: the program that `cargo run -p xtask --
//! instructions` runs under callgrind to count instructions per call, and
//! natively to count allocations per call.
//!
//! `instructions <kind> <workload> <calls>` builds the fixture, makes one
//! warm-up call, then makes `<calls>` calls of `<kind>/<workload>` (the kinds
//! and workloads of `benches/requests.rs`, and `options`, the `json!` options
//! of a dynamic call alone), each result through [`std::hint::black_box`],
//! and prints one line:
//! `calls <n> allocations <count> bytes <bytes>`, the heap allocations of those
//! calls. Run for two numbers of calls, the difference of the two instruction
//! counts divided by the difference of the calls is the cost of one call:
//! start-up, the fixture and the warm-up cancel out.
//!
//! The counting allocator (`support/counting.rs`) adds a few instructions per
//! allocation to every kind alike.
//!
//! Run by `cargo bench` without arguments, it makes each call once and says
//! how to use it.

#[path = "support/workloads.rs"]
mod workloads;

#[path = "support/counting.rs"]
mod counting;

use std::hint::black_box;
use std::process::ExitCode;

use workloads::{Fixture, KINDS, WORKLOADS, calls};

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

const USAGE: &str = "usage: instructions <kind> <workload> <calls>\n\
                     (run by `cargo run -p xtask -- instructions`)";

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; any other flag is not ours either.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .collect();
    match args.as_slice() {
        [] => {
            let fixture = Fixture::new();
            workloads::assert_all_equal(&fixture);
            println!("every call builds the expected request\n{USAGE}");
            ExitCode::SUCCESS
        }
        [kind, workload, count] => match run(kind, workload, count) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// What `kind` may be besides the three ways of building a request: the
/// `json!` options of a dynamic call alone, built and dropped (as in the
/// `options/…` group of `benches/requests.rs`).
const OPTIONS: &str = "options";

/// Makes `count` calls of `kind/workload` after one warm-up call and prints
/// the allocations of those calls.
fn run(kind: &str, workload: &str, count: &str) -> Result<(), String> {
    if !WORKLOADS.contains(&workload) {
        return Err(format!(
            "unknown workload `{workload}` (one of {})",
            WORKLOADS.join(", ")
        ));
    }
    let count: u64 = count
        .parse()
        .map_err(|_| format!("`{count}` is not a number of calls"))?;
    let (allocations, bytes) = if kind == OPTIONS {
        let options = workloads::dynamic::options(workload);
        drop(options());
        counted(count, || drop(black_box(options())))
    } else {
        let index = KINDS
            .iter()
            .position(|known| *known == kind)
            .ok_or_else(|| {
                format!(
                    "unknown kind `{kind}` (one of {}, {OPTIONS})",
                    KINDS.join(", ")
                )
            })?;
        let call = calls(workload)[index];
        let fixture = Fixture::new();
        let request = call(&fixture).map_err(|err| format!("{kind}/{workload}: {err}"))?;
        if request.url != workloads::expected_url(workload) {
            return Err(format!("{kind}/{workload}: unexpected URL {}", request.url));
        }
        drop(request);
        counted(count, || drop(black_box(call(black_box(&fixture)))))
    };
    println!("calls {count} allocations {allocations} bytes {bytes}");
    Ok(())
}

/// Calls `f` `count` times; returns the allocations and bytes of those calls.
fn counted(count: u64, f: impl Fn()) -> (u64, u64) {
    counting::count(|| {
        for _ in 0..count {
            f();
        }
    })
    .0
}
