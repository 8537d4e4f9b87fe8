//! `cargo run -p xtask -- compile-time [--runs N]`: what
//! `endpoint!` costs at compile time, next to the same routes written by hand
//! with `format!`.
//!
//! It generates crates into `target/compile-time/` (a workspace of their own,
//! not part of this one). From `tests/fixtures/github-routes/routes.json`,
//! four crates of flat structs:
//!
//! - `routes-path-macro`: the path-only operations as `endpoint!` structs.
//!   Path-only means at least one parameter and every parameter in the path;
//!   the first [`PATH_ONLY`] of them in corpus order (all of them, and the
//!   report says how many, if there are fewer);
//! - `routes-path-format`: the same operations as hand-written structs whose
//!   `to_request()` builds the URL with `format!` and percent-encoding;
//! - `routes-all-macro` and `routes-all-format`: the same for all 1,223
//!   operations (not built with `--path-only`).
//!
//! Each crate's `use_all` builds the request of every struct once, so that
//! what a program that sends a struct's request compiles for it is
//! measured, not only its declaration.
//!
//! The `endpoint!` crates depend on this repository's crates by path; the
//! `format!` crates on `serde` and `serde_json` only, with the hand-written
//! helpers of `xtask/baseline/format/`. Both sides of a pair come from the
//! same plans, so they have the same structs and fields. (`endpoint-github`
//! itself, written by `endpoint-openapi`, is measured by `build-time`.)
//!
//! The measurement: debug builds with `CARGO_INCREMENTAL=0`, every crate and
//! its dependencies built once first (each crate alone, with the dependency
//! features it asks for); then, `--runs` times (3 by default), for
//! each crate in turn: touch `src/lib.rs` and `cargo build -p <crate>`, which
//! compiles that crate alone, from scratch. The report gives the median wall
//! time and the median user + system CPU time of each crate and the ratios
//! `endpoint!` ÷ `format!`. A run that compiled anything besides the touched
//! crate is flagged.

use std::path::Path;

use crate::{report, routes, tools, workspace};

/// How many path-only operations the small pair of crates holds.
const PATH_ONLY: usize = 400;

/// The default number of measured builds per crate.
const RUNS: usize = 3;

/// The hand-written crate root of the `format!` crates.
const FORMAT_LIB: &str = include_str!("../baseline/format/lib.rs");

/// The hand-written helpers of the `format!` crates.
const FORMAT_SUPPORT: &str = include_str!("../baseline/format/support.rs");

const USAGE: &str = "usage: cargo run -p xtask -- compile-time [--runs N] [--path-only]\n  \
     --runs N     measured builds per crate (3 by default); the median is reported\n  \
     --path-only  only the crates of the path-only operations";

/// How a crate writes its routes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Macro,
    Format,
}

/// Which operations a crate holds, and how.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Operations {
    /// The path-only operations of the corpus, flat.
    PathOnly,
    /// Every operation of the corpus, flat.
    All,
}

/// One generated crate.
struct Crate {
    name: &'static str,
    style: Style,
    operations: Operations,
}

/// The crates of the route corpus, measured in this order in every run: an
/// `endpoint!` crate, then its `format!` twin.
const ROUTE_CRATES: [Crate; 4] = [
    Crate {
        name: "routes-path-macro",
        style: Style::Macro,
        operations: Operations::PathOnly,
    },
    Crate {
        name: "routes-path-format",
        style: Style::Format,
        operations: Operations::PathOnly,
    },
    Crate {
        name: "routes-all-macro",
        style: Style::Macro,
        operations: Operations::All,
    },
    Crate {
        name: "routes-all-format",
        style: Style::Format,
        operations: Operations::All,
    },
];

/// The `compile-time` task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut runs = RUNS;
    let mut crates: &[Crate] = &ROUTE_CRATES;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            flag @ "--runs" => {
                let value = args.next().ok_or_else(|| USAGE.to_owned())?;
                runs = workspace::positive(flag, value)?;
            }
            "--path-only" => crates = &ROUTE_CRATES[..2],
            _ => return Err(USAGE.to_owned()),
        }
    }
    let root = workspace::root();
    let dir = tools::target_dir(&root)?.join("compile-time");
    let path_only = generate(&root, &dir, crates)?;

    let target = dir.join("target");
    let cargo = |args: &[&str]| {
        let mut command = tools::cargo();
        command
            .args(args)
            .current_dir(&dir)
            .env("CARGO_INCREMENTAL", "0")
            .env("CARGO_TARGET_DIR", &target);
        command
    };
    // Each crate alone, as it is measured: its dependencies' features are
    // those it asks for, not the union of all the crates'.
    eprintln!(
        "building the crates and their dependencies once in {}",
        dir.display()
    );
    for krate in crates {
        tools::run(
            &mut cargo(&["build", "-p", krate.name]),
            &format!("cargo build -p {}", krate.name),
        )?;
    }

    let mut builds: Vec<Vec<tools::Build>> = crates.iter().map(|_| Vec::new()).collect();
    for run in 1..=runs {
        for (krate, builds) in crates.iter().zip(&mut builds) {
            let build = tools::rebuild(
                &dir.join(krate.name).join("src/lib.rs"),
                &mut cargo(&["build", "-p", krate.name]),
                krate.name,
            )?;
            eprintln!("run {run}/{runs} {:<20} {build}", krate.name);
            builds.push(build);
        }
    }

    let unclean: Vec<String> = crates
        .iter()
        .zip(&builds)
        .flat_map(|(krate, builds)| {
            builds
                .iter()
                .filter(|build| build.compiled != [krate.name])
                .map(|build| format!("{}: compiled {}", krate.name, build.compiled.join(" ")))
        })
        .collect();
    let wall = |i: usize| report::median(&builds[i].iter().map(|b| b.wall).collect::<Vec<_>>());
    let cpu = |i: usize| {
        let cpu: Option<Vec<f64>> = builds[i].iter().map(|b| b.cpu).collect();
        cpu.and_then(|cpu| report::median(&cpu))
    };
    let seconds = |value: Option<f64>| value.map_or("—".to_owned(), |s| format!("{s:.2}"));
    // The crates come in pairs: an `endpoint!` crate, then its `format!` twin.
    let rows: Vec<Vec<String>> = (0..crates.len() / 2)
        .map(|pair| {
            let (macro_crate, format_crate) = (2 * pair, 2 * pair + 1);
            let all = report::grouped(routes::EXPECTED_OPERATIONS as u64);
            let label = match crates[macro_crate].operations {
                Operations::PathOnly => format!("{path_only} path-only operations"),
                Operations::All => format!("all {all} operations"),
            };
            vec![
                label,
                seconds(wall(macro_crate)),
                seconds(wall(format_crate)),
                report::ratio(wall(macro_crate), wall(format_crate)),
                seconds(cpu(macro_crate)),
                seconds(cpu(format_crate)),
                report::ratio(cpu(macro_crate), cpu(format_crate)),
            ]
        })
        .collect();

    let runs_text = if runs == 1 {
        "one build".to_owned()
    } else {
        format!("median of {runs} builds")
    };
    println!(
        "{}, {}, {}: debug builds, `touch src/lib.rs && CARGO_INCREMENTAL=0 cargo build -p \
         <crate>` in `{}`, dependencies built first, the crates in turn in each run; \
         {runs_text} per crate, in seconds.\n",
        report::machine(),
        report::now(),
        tools::rustc_version(),
        report::relative(&dir, &root),
    );
    let path_only_measured = crates.iter().any(|c| c.operations == Operations::PathOnly);
    if path_only_measured && path_only < PATH_ONLY {
        println!(
            "The corpus has only {path_only} path-only operations (at least one parameter, \
             all in the path), fewer than {PATH_ONLY}: all of them are used.\n"
        );
    }
    print!(
        "{}",
        report::markdown(
            &[
                "routes",
                "`endpoint!` wall",
                "`format!` wall",
                "wall ratio",
                "`endpoint!` user+sys",
                "`format!` user+sys",
                "user+sys ratio",
            ],
            &rows,
        )
    );
    if unclean.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "some builds compiled more than their crate, so they are not clean measurements:\n  {}",
            unclean.join("\n  ")
        ))
    }
}

/// Writes the workspace of `crates` into `dir` and returns how many
/// path-only operations the small pair of the route corpus holds.
fn generate(root: &Path, dir: &Path, crates: &[Crate]) -> Result<usize, String> {
    let operations = routes::corpus_operations(root)?;
    let all = operations
        .iter()
        .map(routes::plan)
        .collect::<Result<Vec<_>, _>>()?;
    routes::check_unique(&all)?;
    let path_only = operations
        .iter()
        .filter(|op| op.is_path_only())
        .take(PATH_ONLY)
        .map(routes::plan)
        .collect::<Result<Vec<_>, _>>()?;

    let members: Vec<String> = crates.iter().map(|c| format!("{:?}", c.name)).collect();
    tools::write(
        &dir.join("Cargo.toml"),
        &format!(
            "# Generated by `cargo run -p xtask -- compile-time`: the crates of the\n\
             # compile-time comparison, a workspace of their own.\n\
             [workspace]\nmembers = [{}]\nresolver = \"3\"\n",
            members.join(", ")
        ),
    )?;
    // The versions of the main workspace's lock file; cargo drops the rest.
    let lock = std::fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|err| format!("reading Cargo.lock: {err}"))?;
    tools::write(&dir.join("Cargo.lock"), &lock)?;

    for krate in crates {
        let src = dir.join(krate.name).join("src");
        let plans = match krate.operations {
            Operations::PathOnly => &path_only,
            Operations::All => &all,
        };
        match krate.style {
            Style::Macro => {
                let what = match krate.operations {
                    Operations::PathOnly => format!("{} path-only operations", plans.len()),
                    _ => format!("all {} operations", plans.len()),
                };
                let endpoint = tools::toml_string(&root.display().to_string());
                tools::write(
                    &dir.join(krate.name).join("Cargo.toml"),
                    &manifest(
                        krate.name,
                        &format!("endpoint = {{ path = {endpoint} }}\n"),
                        "",
                    ),
                )?;
                tools::write(
                    &src.join("lib.rs"),
                    &format!(
                        "//! The GitHub REST API's {what} as `endpoint!` structs, for the \
                         compile-time\n//! comparison with `{}`. Generated by \
                         `cargo run -p xtask -- compile-time`.\n\n\
                         mod routes;\nmod uses;\n\npub use routes::*;\npub use uses::use_all;\n",
                        krate.name.replace("macro", "format")
                    ),
                )?;
                tools::write(&src.join("routes.rs"), &routes::render_routes(plans))?;
                tools::write(&src.join("uses.rs"), &routes::render_uses(plans, true))?;
            }
            Style::Format => {
                let features = if krate.operations == Operations::All {
                    "[features]\ndefault = [\"all-operations\"]\nall-operations = []\n"
                } else {
                    "[features]\nall-operations = []\n"
                };
                tools::write(
                    &dir.join(krate.name).join("Cargo.toml"),
                    &manifest(krate.name, "serde = \"1.0.200\"\n", features),
                )?;
                tools::write(&src.join("lib.rs"), FORMAT_LIB)?;
                tools::write(&src.join("support.rs"), FORMAT_SUPPORT)?;
                tools::write(&src.join("routes.rs"), &routes::render_baseline(plans))?;
                tools::write(&src.join("uses.rs"), &routes::render_uses(plans, false))?;
            }
        }
    }
    Ok(path_only.len())
}

/// The manifest of a generated crate: `serde_json` as the main workspace has
/// it, plus `dependencies` and `extra` sections.
fn manifest(name: &str, dependencies: &str, extra: &str) -> String {
    format!(
        "# Generated by `cargo run -p xtask -- compile-time`.\n\
         [package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\n{dependencies}\
         serde_json = {{ version = \"1.0.120\", features = [\"preserve_order\"] }}\n\n{extra}"
    )
}
