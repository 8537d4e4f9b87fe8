//! Compile-time checks of `endpoint!`: every route or input it must refuse
//! (`tests/ui/*.rs`, each with its expected message in a `.stderr` file next
//! to it) and the inputs it must accept (`tests/ui/pass/*.rs`).
//!
//! After a deliberate change of a message, regenerate the snapshots with
//! `TRYBUILD=overwrite cargo test -p endpoint-macros --test compiletest` and read them.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
