//! Heap allocations per call for the five benchmark workloads, built the three
//! ways of `benches/requests.rs` (`dynamic`, `typed`, `handwritten`), counted by
//! a counting global allocator around one call after a warm-up call.
//!
//! `cargo test --test allocations -- --nocapture` prints the table. The counts
//! are deterministic, so they are asserted, each cell at the count it has
//! now, so that any regression fails; the dynamic counts include the options
//! value that `json!` builds on every call (its share is printed too). Typed
//! requests make at most one allocation more than the hand-written code. A
//! reallocation (a `String` or `Vec` growing) counts as an allocation; frees
//! are not counted (`benches/support/counting.rs`).

#[path = "../benches/support/workloads.rs"]
mod workloads;

#[path = "../benches/support/counting.rs"]
mod counting;

use counting::count;
use workloads::{Fixture, KINDS, WORKLOADS, calls, owned_call};

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

/// Allocations and bytes of one call, after a warm-up call (lazy statics,
/// thread-locals). The result is dropped outside the counted region.
fn measure(call: workloads::Call, fixture: &Fixture) -> (u64, u64) {
    drop(call(fixture).expect("warm-up call"));
    let (counted, request) = count(|| call(fixture));
    drop(request.expect("measured call"));
    counted
}

/// Upper bounds per workload: `[dynamic, typed, handwritten, typed_owned]`
/// (the options value alone is printed, not bounded).
const LIMITS: [(&str, [u64; 4]); 5] = [
    ("get_path", [7, 1, 2, 3]),
    ("get_query", [14, 1, 2, 5]),
    ("post_body", [20, 2, 3, 10]),
    ("defaults_preview", [15, 1, 2, 3]),
    ("template_ops", [16, 1, 2, 7]),
];

#[test]
fn allocations_per_call() {
    let fixture = Fixture::new();
    workloads::assert_all_equal(&fixture);

    let kinds = [KINDS[0], KINDS[1], KINDS[2], "typed_owned", "(json! only)"];
    let mut table = format!("\n{:<18}", "allocations (bytes)");
    for kind in kinds {
        table.push_str(&format!(" {kind:>14}"));
    }
    table.push('\n');
    let mut failures = Vec::new();
    for workload in WORKLOADS {
        let limits = LIMITS
            .iter()
            .find(|(name, _)| *name == workload)
            .map(|(_, limits)| *limits)
            .expect("every workload has limits");
        table.push_str(&format!("{workload:<19}"));
        let [dynamic, typed, handwritten] = calls(workload);
        let all = [dynamic, typed, handwritten, owned_call(workload)];
        let mut measured = [0; 4];
        for (((kind, call), limit), counted) in
            kinds.into_iter().zip(all).zip(limits).zip(&mut measured)
        {
            let (allocations, bytes) = measure(call, &fixture);
            *counted = allocations;
            table.push_str(&format!(" {:>14}", format!("{allocations} ({bytes} B)")));
            if allocations > limit {
                failures.push(format!(
                    "{kind}/{workload}: {allocations} allocations, at most {limit} allowed"
                ));
            }
        }
        let [_, typed, handwritten, _] = measured;
        if typed > handwritten + 1 {
            failures.push(format!(
                "typed/{workload}: {typed} allocations, more than hand-written code's {handwritten} + 1"
            ));
        }
        // How much of `dynamic` is the options value built by `json!`.
        let ((allocations, bytes), options) = count(workloads::dynamic::options(workload));
        drop(options);
        table.push_str(&format!(" {:>14}", format!("{allocations} ({bytes} B)")));
        table.push('\n');
    }
    println!("{table}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
