//! `cargo run -p xtask -- decode-compile-time [--models N] [--runs N] [--before REV]`:
//! what a program pays at compile time for the answers it decodes.
//!
//! A model's decoder is generic, so it is compiled in the crate that
//! decodes it, not in `endpoint-github`: a user's program compiles the
//! decoders of every answer type it reads. This task writes a program that
//! decodes the first `--models` (400 by default) models of
//! `endpoint-github/src/models.rs` through `Answer::decode`, as a client's
//! typed send does, into `target/decode-compile-time/now/`, and with
//! `--before REV` the same program against the workspace at `REV` (its
//! tree exported with `git archive`) into `target/decode-compile-time/before/`.
//!
//! The measurement: debug builds with `CARGO_INCREMENTAL=0`, each program
//! and its dependencies built once first (a target directory each); then,
//! `--runs` times (3 by default), each program in turn: touch `src/main.rs`
//! and `cargo build`, which compiles the program alone. The table gives
//! the median wall and user + system CPU time and the size of the binary.

use std::path::{Path, PathBuf};

use crate::{report, tools, workspace};

const USAGE: &str = "usage: cargo run -p xtask -- decode-compile-time [--models N] [--runs N] [--before REV]\n  \
     --models N    the models decoded (the first N of endpoint-github/src/models.rs; 400 by default)\n  \
     --runs N      measured builds per program (3 by default); the median is reported\n  \
     --before REV  also the same program against the workspace at the git revision REV";

/// The default number of models decoded.
const MODELS: usize = 400;

/// The default number of measured builds per program.
const RUNS: usize = 3;

/// One program to measure.
struct Program {
    label: String,
    dir: PathBuf,
}

/// The `decode-compile-time` task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut models = MODELS;
    let mut runs = RUNS;
    let mut before = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = args.next().ok_or_else(|| USAGE.to_owned())?;
        match arg.as_str() {
            flag @ "--models" => models = workspace::positive(flag, value)?,
            flag @ "--runs" => runs = workspace::positive(flag, value)?,
            "--before" => before = Some(value.clone()),
            _ => return Err(USAGE.to_owned()),
        }
    }
    let root = workspace::root();
    let dir = tools::target_dir(&root)?.join("decode-compile-time");
    let names = model_names(&root, models)?;
    let main = program(&names);
    let lock = std::fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|err| format!("reading Cargo.lock: {err}"))?;

    let mut programs = vec![Program {
        label: "this checkout".to_owned(),
        dir: dir.join("now"),
    }];
    let mut workspaces = vec![root.clone()];
    if let Some(rev) = &before {
        let tree = dir.join("before-tree");
        eprintln!("exporting {rev} into {}", tree.display());
        tools::export(&root, rev, &tree)?;
        programs.push(Program {
            label: format!("at {rev}"),
            dir: dir.join("before"),
        });
        workspaces.push(tree);
    }
    for (program, workspace) in programs.iter().zip(&workspaces) {
        tools::write(&program.dir.join("Cargo.toml"), &manifest(workspace))?;
        tools::write(&program.dir.join("Cargo.lock"), &lock)?;
        tools::write(&program.dir.join("src/main.rs"), &main)?;
    }

    let cargo = |program: &Program| {
        let mut command = tools::cargo();
        command
            .arg("build")
            .current_dir(&program.dir)
            .env("CARGO_INCREMENTAL", "0")
            .env("CARGO_TARGET_DIR", program.dir.join("target"));
        command
    };
    for program in &programs {
        eprintln!(
            "building {} and its dependencies once",
            program.dir.display()
        );
        tools::run(&mut cargo(program), "cargo build")?;
    }
    let mut builds: Vec<Vec<tools::Build>> = programs.iter().map(|_| Vec::new()).collect();
    for run in 1..=runs {
        for (program, builds) in programs.iter().zip(&mut builds) {
            let build = tools::rebuild(
                &program.dir.join("src/main.rs"),
                &mut cargo(program),
                "decode-models",
            )?;
            eprintln!("run {run}/{runs} {:<16} {build}", program.label);
            if build.compiled != ["decode-models"] {
                return Err(format!(
                    "{}: the build compiled {}, not the program alone",
                    program.label,
                    build.compiled.join(" ")
                ));
            }
            builds.push(build);
        }
    }

    let rows: Vec<Vec<String>> = programs
        .iter()
        .zip(&builds)
        .map(|(program, builds)| {
            let wall = report::median(&builds.iter().map(|b| b.wall).collect::<Vec<_>>());
            let cpu: Option<Vec<f64>> = builds.iter().map(|b| b.cpu).collect();
            let cpu = cpu.and_then(|cpu| report::median(&cpu));
            let binary = std::fs::metadata(program.dir.join("target/debug/decode-models"))
                .map(|meta| format!("{:.1} MB", meta.len() as f64 / 1e6))
                .unwrap_or_else(|_| "?".to_owned());
            vec![program.label.clone(), seconds(wall), seconds(cpu), binary]
        })
        .collect();
    println!(
        "{}, {}, {}: a program decoding the first {} models of endpoint-github through \
         `Answer::decode`; debug builds, `touch src/main.rs && CARGO_INCREMENTAL=0 cargo build` \
         in `{}`, dependencies built first, the programs in turn in each run; median of {runs}.\n",
        report::machine(),
        report::now(),
        tools::rustc_version(),
        names.len(),
        report::relative(&dir, &root),
    );
    print!(
        "{}",
        report::markdown(&["program", "wall", "user+sys", "binary"], &rows)
    );
    Ok(())
}

/// The names of the first `count` models of `endpoint-github/src/models.rs`.
fn model_names(root: &Path, count: usize) -> Result<Vec<String>, String> {
    let path = root.join("endpoint-github/src/models.rs");
    let text =
        std::fs::read_to_string(&path).map_err(|err| format!("{}: {err}", path.display()))?;
    Ok(text
        .lines()
        .filter_map(|line| line.strip_prefix("pub struct "))
        .filter_map(|rest| rest.split([' ', '{', '<', '(']).next())
        .take(count)
        .map(str::to_owned)
        .collect())
}

/// The program: every model decoded once from a body it reads at run time.
fn program(names: &[String]) -> String {
    let mut text = String::from(
        "//! Generated by `cargo run -p xtask -- decode-compile-time`: decodes\n\
         //! models of endpoint-github as a client's typed send does.\n\n\
         use endpoint::github::models as m;\nuse endpoint::model::Answer;\n\n\
         fn main() {\n    \
         let body = std::hint::black_box(b\"{}\".as_slice());\n    \
         let mut decoded = 0usize;\n",
    );
    for name in names {
        text.push_str(&format!(
            "    decoded += usize::from(<m::{name} as Answer>::decode(200, None, body).is_ok());\n"
        ));
    }
    text.push_str("    println!(\"{decoded}\");\n}\n");
    text
}

/// The program's manifest, depending on the facade of `workspace`.
fn manifest(workspace: &Path) -> String {
    let path = tools::toml_string(&workspace.display().to_string());
    format!(
        "# Generated by `cargo run -p xtask -- decode-compile-time`.\n\
         [package]\nname = \"decode-models\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         publish = false\n\n[dependencies]\nendpoint = {{ path = {path}, features = [\"github\"] }}\n\n\
         [workspace]\n"
    )
}

fn seconds(value: Option<f64>) -> String {
    value.map_or_else(|| "–".to_owned(), |v| format!("{v:.2} s"))
}
