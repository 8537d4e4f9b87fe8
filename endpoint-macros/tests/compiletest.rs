//! Compile-time checks of `endpoint!`: every route or input it must refuse
//! (`tests/ui/*.rs`, each with its expected message in a `.stderr` file next
//! to it) and the inputs it must accept (`tests/ui/pass/*.rs`).
//!
//! After a deliberate change of a message, regenerate the snapshots with
//! `TRYBUILD=overwrite cargo test -p endpoint-macros --test compiletest` and read them
//! (`--features openapi` for those of `tests/ui/spec`).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
    // Without the feature, a struct that names a description is refused.
    #[cfg(not(feature = "openapi"))]
    t.compile_fail("tests/ui/no-openapi/*.rs");
}

/// The checks of structs against an OpenAPI description
/// (`#[endpoint(spec = "…")]`, feature `openapi`): `tests/ui/spec/*.rs`
/// against `tests/ui/spec/petstore.yaml`.
///
/// trybuild builds the cases as a crate of its own, in the target
/// directory, and `spec` paths are relative to that crate's directory
/// (`CARGO_MANIFEST_DIR`): the description is copied there first.
#[cfg(feature = "openapi")]
#[test]
fn spec() {
    use std::path::Path;

    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory holds `tmp`");
    let project = target.join("tests/trybuild/endpoint-macros");
    std::fs::create_dir_all(&project).expect("the directory of trybuild's crate");
    std::fs::copy("tests/ui/spec/petstore.yaml", project.join("petstore.yaml"))
        .expect("the description copied next to trybuild's crate");
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/spec/*.rs");
}

/// The same for `openapi!` (`tests/ui/openapi/`), with the descriptions of
/// `tests/openapi/`. The cases are built in a package of their own under
/// the target directory, whose directory their paths are relative to: the
/// descriptions are copied there first.
#[cfg(feature = "openapi")]
#[test]
fn ui_openapi() {
    let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory");
    let copy = target.join("tests/trybuild/endpoint-macros/openapi");
    std::fs::create_dir_all(&copy).unwrap();
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/openapi")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), copy.join(entry.file_name())).unwrap();
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/openapi/*.rs");
    t.pass("tests/ui/openapi/pass/*.rs");
}
