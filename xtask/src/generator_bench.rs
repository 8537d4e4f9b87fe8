//! `cargo run -p xtask -- generator-bench [--only NAME]… [--no-check]`:
//! this workspace's generator (`endpoint-openapi`) beside ploidy 0.15.0 and
//! openapi-to-rust 0.23.0, on the same descriptions, in one run.
//!
//! The descriptions: `tests/fixtures/openapi/{stripe,kubernetes,twilio}.json`
//! and GitHub's whole description, `generated/api.github.com.json` of the npm
//! package `@octokit/openapi` 23.0.2, fetched with `npm pack` into
//! `target/generator-bench/octokit-openapi/` and checked against its
//! SHA-256 ([`GITHUB_SHA256`]). The other two generators are installed with
//! `cargo install --locked --version …` into `target/generator-bench/tools/`
//! (skipped when the right version is there); they are programs of their
//! own, not dependencies of the workspace.
//!
//! For each description and generator:
//!
//! - **generation**: the wall time of reading the description and writing
//!   the crate, in release builds (ours in this process, which the task
//!   builds with `--release`; theirs as the installed programs);
//! - **operations**: how many operations the crate exposes, counted in the
//!   written crate: ours `Generated::operations`, ploidy's the `pub async
//!   fn` methods of its `src/client/`, one per operation
//!   ([`operation_methods`]); openapi-to-rust's the distinct operations its
//!   client's methods document, several methods for some of them
//!   ([`documented_operations`]); beside the operations of the description
//!   (as `endpoint_openapi::read` reads it);
//! - **diagnostics**: ours read + generate diagnostics; theirs the lines of
//!   their standard error that say `warning`, plus openapi-to-rust's summary
//!   warning;
//! - **`cargo check`**: the user + system CPU seconds of checking the crate
//!   itself, dependencies excluded, with its default features (every module)
//!   and, for ours, with the largest module alone. Each generator has a
//!   target directory of its own (`target/generator-bench/check/<generator>/`,
//!   `CARGO_INCREMENTAL=0`), kept between runs so that dependencies are
//!   built once; the crate is first checked with an empty `src/lib.rs`,
//!   which builds its dependencies and nothing of its own, then with its
//!   own `src/lib.rs`, which is the measured check: cargo compiles that
//!   crate alone, whatever an earlier run left there. The CPU time is that of the waited-for
//!   children (`getrusage`, as `/proc/self/stat` reports it).
//!
//! A generator that fails is recorded with the first line of its message.
//! The table goes to standard output and, for a run of everything (no
//! `--only`), into `docs/generator.md` between its two markers.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use endpoint_openapi::package::{self, Dependency, Modules};
use endpoint_openapi::read;
use sha2::{Digest, Sha256};

use crate::{report, tools, workspace};

const USAGE: &str = "usage: cargo run -p xtask -- generator-bench [--only NAME]… [--no-check]\n  \
     --only NAME   only this description (stripe, kubernetes, twilio, github) or generator\n                \
     (endpoint-openapi, ploidy, openapi-to-rust); may be repeated. docs/generator.md\n                \
     is written only by a run of everything\n  \
     --no-check    generate only, without `cargo check` of the crates";

/// A generator installed from crates.io.
struct Tool {
    /// The crate, which is also the program's name.
    krate: &'static str,
    version: &'static str,
}

/// ploidy, at the version compared with.
const PLOIDY: Tool = Tool {
    krate: "ploidy",
    version: "0.15.0",
};

/// openapi-to-rust, at the version compared with.
const OPENAPI_TO_RUST: Tool = Tool {
    krate: "openapi-to-rust",
    version: "0.23.0",
};

/// The npm package GitHub's description comes from.
const GITHUB_PACKAGE: &str = "@octokit/openapi@23.0.2";

/// The file `npm pack` names the package's tarball.
const GITHUB_TARBALL: &str = "octokit-openapi-23.0.2.tgz";

/// The description in the package.
const GITHUB_FILE: &str = "generated/api.github.com.json";

/// The SHA-256 of [`GITHUB_FILE`] in [`GITHUB_PACKAGE`].
pub(crate) const GITHUB_SHA256: &str =
    "829b4bebb19a53133289f7b0bc819f4f1118115821db2ca9f25e9ee995a7da2a";

/// The descriptions, in the table's order; all but `github` are
/// `tests/fixtures/openapi/<name>.json`.
const DESCRIPTIONS: [&str; 4] = ["stripe", "kubernetes", "twilio", "github"];

/// The first and last line of the generated part of `docs/generator.md`.
const BEGIN: &str = "<!-- generator-bench: begin -->";
const END: &str = "<!-- generator-bench: end -->";

/// The generators compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Generator {
    Ours,
    Ploidy,
    OpenapiToRust,
}

impl Generator {
    const ALL: [Generator; 3] = [Generator::Ours, Generator::Ploidy, Generator::OpenapiToRust];

    fn name(self) -> &'static str {
        match self {
            Generator::Ours => "endpoint-openapi",
            Generator::Ploidy => PLOIDY.krate,
            Generator::OpenapiToRust => OPENAPI_TO_RUST.krate,
        }
    }

    /// The generator and its version, as the table names it.
    fn label(self) -> String {
        match self {
            Generator::Ours => "endpoint-openapi (this checkout)".to_owned(),
            Generator::Ploidy => format!("ploidy {}", PLOIDY.version),
            Generator::OpenapiToRust => format!("openapi-to-rust {}", OPENAPI_TO_RUST.version),
        }
    }
}

/// What the command line asks for.
#[derive(Debug, Default, PartialEq, Eq)]
struct Args {
    /// `--only` names; empty: everything.
    only: Vec<String>,
    check: bool,
}

impl Args {
    fn parse(args: &[String]) -> Result<Args, String> {
        let mut parsed = Args {
            only: Vec::new(),
            check: true,
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--only" => {
                    let name = args
                        .next()
                        .ok_or_else(|| format!("`--only` needs a name\n{USAGE}"))?;
                    let known = DESCRIPTIONS.contains(&name.as_str())
                        || Generator::ALL.iter().any(|g| g.name() == name);
                    if !known {
                        return Err(format!(
                            "`--only {name}`: no such description or generator\n{USAGE}"
                        ));
                    }
                    parsed.only.push(name.clone());
                }
                "--no-check" => parsed.check = false,
                other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
            }
        }
        Ok(parsed)
    }

    /// Whether the run includes `description` with `generator`: each kind of
    /// `--only` name narrows its own kind.
    fn includes(&self, description: &str, generator: Generator) -> bool {
        let descriptions: Vec<&String> = self
            .only
            .iter()
            .filter(|name| DESCRIPTIONS.contains(&name.as_str()))
            .collect();
        let generators: Vec<&String> = self
            .only
            .iter()
            .filter(|name| !DESCRIPTIONS.contains(&name.as_str()))
            .collect();
        (descriptions.is_empty() || descriptions.iter().any(|name| *name == description))
            && (generators.is_empty() || generators.iter().any(|name| *name == generator.name()))
    }
}

/// One crate written by one generator.
#[derive(Debug, Default)]
struct Generation {
    /// Seconds of wall time.
    wall: f64,
    operations: usize,
    diagnostics: usize,
    /// The crate's directory.
    dir: PathBuf,
    /// Ours: the feature of the largest module, checked alone.
    module: Option<String>,
}

/// The checks of one crate: CPU seconds, or the first line of the error.
#[derive(Debug, Default)]
struct Checks {
    all: Option<Result<f64, String>>,
    module: Option<Result<f64, String>>,
}

/// One row of the table.
struct Row {
    description: &'static str,
    generator: Generator,
    /// The description's operations, as read by `endpoint_openapi::read`.
    described: Option<usize>,
    generation: Result<Generation, String>,
    checks: Checks,
}

/// The `generator-bench` task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let parsed = Args::parse(args)?;
    if cfg!(debug_assertions) {
        // The generation is timed in release builds, as the other two are
        // installed.
        let mut command = tools::cargo();
        command
            .args([
                "run",
                "--release",
                "--quiet",
                "-p",
                "xtask",
                "--",
                "generator-bench",
            ])
            .args(args)
            .current_dir(workspace::root());
        let status = command
            .status()
            .map_err(|err| format!("cargo run --release -p xtask: {err}"))?;
        return if status.success() {
            Ok(())
        } else {
            Err(format!(
                "cargo run --release -p xtask -- generator-bench failed ({status})"
            ))
        };
    }
    let started = Instant::now();
    let root = workspace::root();
    let bench = tools::target_dir(&root)?.join("generator-bench");
    create_dir(&bench)?;
    let wanted = |generator| {
        DESCRIPTIONS
            .iter()
            .any(|description| parsed.includes(description, generator))
    };
    let tools_dir = bench.join("tools");
    let mut programs = BTreeMap::new();
    for (generator, tool) in [
        (Generator::Ploidy, &PLOIDY),
        (Generator::OpenapiToRust, &OPENAPI_TO_RUST),
    ] {
        if wanted(generator) {
            programs.insert(generator, install(tool, &tools_dir, &bench)?);
        }
    }
    let github = if Generator::ALL
        .iter()
        .any(|&generator| parsed.includes("github", generator))
    {
        Some(github_description(&bench.join("octokit-openapi"))?)
    } else {
        None
    };
    let check_targets = bench.join("check");

    let load_before = report::load_average();
    let measured = Instant::now();
    let mut rows = Vec::new();
    for description in DESCRIPTIONS {
        let spec = match description {
            "github" => match &github {
                Some(path) => path.clone(),
                None => continue,
            },
            name => root.join(format!("tests/fixtures/openapi/{name}.json")),
        };
        // As this workspace reads it; not timed.
        let described = read::read_file(&spec, &[])
            .ok()
            .map(|read| read.api.operations.len());
        for generator in Generator::ALL {
            if !parsed.includes(description, generator) {
                continue;
            }
            let dir = bench
                .join("crates")
                .join(description)
                .join(generator.name());
            let name = format!("{description}-{}", generator.name());
            eprintln!("{name}: generating");
            let generation = match generator {
                Generator::Ours => generate_ours(&root, &spec, &dir, &name),
                Generator::Ploidy => generate_ploidy(&programs[&generator], &spec, &dir, &name),
                Generator::OpenapiToRust => {
                    generate_openapi_to_rust(&programs[&generator], &spec, &dir, &name)
                }
            };
            let mut checks = Checks::default();
            if let (Ok(generation), true) = (&generation, parsed.check) {
                let target = check_targets.join(generator.name());
                eprintln!("{name}: cargo check");
                checks.all = Some(check(&generation.dir, &target, None));
                if let (Some(module), Some(Ok(_))) = (&generation.module, &checks.all) {
                    eprintln!("{name}: cargo check, `{module}` alone");
                    checks.module = Some(check(&generation.dir, &target, Some(module)));
                }
            }
            let row = Row {
                description,
                generator,
                described,
                generation,
                checks,
            };
            // Each row as it is measured, so that a long run that is cut
            // short still says what it found.
            eprint!("{}", table(std::slice::from_ref(&row), parsed.check));
            rows.push(row);
        }
    }
    let load_after = report::load_average();
    let seconds = measured.elapsed().as_secs_f64();

    let command = if args.is_empty() {
        "cargo run -p xtask -- generator-bench".to_owned()
    } else {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        tools::shell_words(
            "cargo",
            &[&["run", "-p", "xtask", "--", "generator-bench"], &args[..]].concat(),
        )
    };
    let text = format!(
        "`{command}` on {}, {}, {}; load average {load_before} before, {load_after} after; \
         the generations and checks took {seconds:.0} s (the whole task {:.0} s).\n\n{}",
        report::machine(),
        report::now(),
        tools::rustc_version(),
        started.elapsed().as_secs_f64(),
        table(&rows, parsed.check),
    );
    print!("{text}");
    if parsed.only.is_empty() {
        let path = root.join("docs/generator.md");
        let doc =
            std::fs::read_to_string(&path).map_err(|err| format!("{}: {err}", path.display()))?;
        let doc = replace_section(&doc, &text)
            .ok_or_else(|| format!("{}: no `{BEGIN}` … `{END}` section", path.display()))?;
        std::fs::write(&path, doc).map_err(|err| format!("{}: {err}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// The table of the run.
fn table(rows: &[Row], checked: bool) -> String {
    let seconds = |value: Option<&Result<f64, String>>| match value {
        Some(Ok(cpu)) => format!("{cpu:.1}"),
        Some(Err(_)) => "fails".to_owned(),
        None => "—".to_owned(),
    };
    let mut notes = String::new();
    let lines: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            let described = row
                .described
                .map_or_else(|| "—".to_owned(), |n| report::grouped(n as u64));
            let mut line = vec![format!("{} · {}", row.description, row.generator.label())];
            match &row.generation {
                Ok(generation) => {
                    line.push(format!("{:.2}", generation.wall));
                    line.push(format!(
                        "{} / {described}",
                        report::grouped(generation.operations as u64)
                    ));
                    line.push(report::grouped(generation.diagnostics as u64));
                }
                Err(message) => {
                    line.extend([
                        "fails".to_owned(),
                        format!("— / {described}"),
                        "—".to_owned(),
                    ]);
                    let _ = writeln!(
                        notes,
                        "- {} · {}: generation fails: {message}",
                        row.description,
                        row.generator.label()
                    );
                }
            }
            if checked {
                line.push(seconds(row.checks.all.as_ref()));
                let module = match (&row.generation, &row.checks.module) {
                    (
                        Ok(Generation {
                            module: Some(module),
                            ..
                        }),
                        Some(_),
                    ) => {
                        format!("{} (`{module}`)", seconds(row.checks.module.as_ref()))
                    }
                    _ => "—".to_owned(),
                };
                line.push(module);
            }
            for (what, check) in [
                ("with every module", &row.checks.all),
                ("of one module", &row.checks.module),
            ] {
                if let Some(Err(message)) = check {
                    let _ = writeln!(
                        notes,
                        "- {} · {}: `cargo check` {what} fails: {message}",
                        row.description,
                        row.generator.label()
                    );
                }
            }
            line
        })
        .collect();
    let mut header = vec![
        "description · generator",
        "generation (s)",
        "operations / described",
        "diagnostics",
    ];
    if checked {
        header.extend(["`cargo check` CPU s", "one module alone, CPU s"]);
    }
    let mut out = report::markdown(&header, &lines);
    if !notes.is_empty() {
        out.push('\n');
        out.push_str(&notes);
    }
    out
}

/// `doc` with the text between [`BEGIN`] and [`END`] replaced by `text`;
/// `None` when the markers are missing.
fn replace_section(doc: &str, text: &str) -> Option<String> {
    let (before, rest) = doc.split_once(BEGIN)?;
    let (_, after) = rest.split_once(END)?;
    Some(format!(
        "{before}{BEGIN}\n{}\n{END}{after}",
        text.trim_end()
    ))
}

/// The installed program of `tool`: `cargo install`ed into `root` unless
/// the version there already is `tool.version`.
fn install(tool: &Tool, root: &Path, bench: &Path) -> Result<PathBuf, String> {
    let program = root.join("bin").join(tool.krate);
    let installed = tools::version(&program.to_string_lossy());
    if installed.as_deref() == Some(&format!("{} {}", tool.krate, tool.version)) {
        return Ok(program);
    }
    let root_arg = root.to_string_lossy();
    let target_arg = bench.join("install").to_string_lossy().into_owned();
    let args = [
        "install",
        "--locked",
        "--version",
        tool.version,
        tool.krate,
        "--root",
        &root_arg,
        "--target-dir",
        &target_arg,
    ];
    eprintln!("running {}", tools::shell_words("cargo", &args));
    tools::run(
        tools::cargo().args(args),
        &format!("cargo install {}", tool.krate),
    )?;
    Ok(program)
}

/// GitHub's description in `dir`, fetched with `npm pack` and checked
/// against [`GITHUB_SHA256`].
fn github_description(dir: &Path) -> Result<PathBuf, String> {
    let file = dir.join(GITHUB_FILE);
    if file.is_file() && sha256_file(&file)? == GITHUB_SHA256 {
        return Ok(file);
    }
    create_dir(dir)?;
    if tools::version("npm").is_none() {
        return Err(format!("`npm` is not on PATH: it fetches {GITHUB_PACKAGE}"));
    }
    eprintln!("running npm pack {GITHUB_PACKAGE}");
    tools::output(
        Command::new("npm")
            .args(["pack", GITHUB_PACKAGE, "--pack-destination"])
            .arg(dir)
            .current_dir(dir),
        &format!("npm pack {GITHUB_PACKAGE}"),
    )?;
    let tarball = dir.join(GITHUB_TARBALL);
    tools::run(
        Command::new("tar")
            .arg("-xzf")
            .arg(&tarball)
            .arg("-C")
            .arg(dir)
            .args(["--strip-components=1", &format!("package/{GITHUB_FILE}")]),
        &format!("tar -xzf {GITHUB_TARBALL}"),
    )?;
    let _ = std::fs::remove_file(&tarball);
    let sum = sha256_file(&file)?;
    if sum != GITHUB_SHA256 {
        return Err(format!(
            "{}: SHA-256 {sum}, not the recorded {GITHUB_SHA256}",
            file.display()
        ));
    }
    Ok(file)
}

/// The SHA-256 of a file, in lower-case hex.
fn sha256_file(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|err| format!("{}: {err}", path.display()))?;
    Ok(sha256_hex(&bytes))
}

/// The SHA-256 of `bytes`, in lower-case hex.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::new(), |mut out, byte| {
            let _ = write!(out, "{byte:02x}");
            out
        })
}

/// Ours: `read_file`, `generate` (modules by tag), the files written.
fn generate_ours(root: &Path, spec: &Path, dir: &Path, name: &str) -> Result<Generation, String> {
    let start = Instant::now();
    let read = read::read_file(spec, &[]).map_err(|err| first_line(&err.to_string()))?;
    let options = package::Options {
        name: name.to_owned(),
        endpoint: Dependency::Path(root.to_path_buf()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    let generated =
        package::generate(&read.api, &options).map_err(|message| first_line(&message))?;
    let written = (|| {
        let _ = std::fs::remove_dir_all(dir);
        for file in &generated.files {
            let path = dir.join(&file.path);
            if let Some(parent) = path.parent() {
                create_dir(parent)?;
            }
            std::fs::write(&path, &file.text)
                .map_err(|err| format!("{}: {err}", path.display()))?;
        }
        Ok::<(), String>(())
    })();
    let wall = start.elapsed().as_secs_f64();
    written?;
    standalone(dir)?;
    Ok(Generation {
        wall,
        operations: generated.operations.len(),
        diagnostics: read.diagnostics.len() + generated.diagnostics.len(),
        dir: dir.to_path_buf(),
        module: largest_module(generated.operations.iter().map(|op| op.rust.as_str()))
            .and_then(|module| feature_of(dir, &module)),
    })
}

/// ploidy: `ploidy generate rust <spec> -o <dir> --name <name>`.
fn generate_ploidy(
    program: &Path,
    spec: &Path,
    dir: &Path,
    name: &str,
) -> Result<Generation, String> {
    let _ = std::fs::remove_dir_all(dir);
    let mut command = Command::new(program);
    command
        .args(["generate", "rust"])
        .arg(spec)
        .arg("-o")
        .arg(dir)
        .args(["--name", name]);
    let (wall, stderr, _) = timed(&mut command)?;
    standalone(dir)?;
    Ok(Generation {
        wall,
        operations: count_in_files(&dir.join("src/client"), operation_methods)?,
        diagnostics: warnings(&stderr),
        dir: dir.to_path_buf(),
        module: None,
    })
}

/// openapi-to-rust: `openapi-to-rust generate` of the description with
/// `--output-dir` the crate's `src/generated`, `--module-name api` and
/// `--json`, in a crate of its own: the dependencies it
/// lists in `REQUIRED_DEPS.toml` and a `src/lib.rs` of `pub mod generated;`.
fn generate_openapi_to_rust(
    program: &Path,
    spec: &Path,
    dir: &Path,
    name: &str,
) -> Result<Generation, String> {
    let _ = std::fs::remove_dir_all(dir);
    let generated = dir.join("src/generated");
    let mut command = Command::new(program);
    command
        .arg("generate")
        .arg(spec)
        .arg("--output-dir")
        .arg(&generated)
        .args(["--module-name", "api", "--json"]);
    let (wall, stderr, stdout) = timed(&mut command)?;
    let summary: serde_json::Value = serde_json::from_str(&stdout)
        .map_err(|err| format!("openapi-to-rust --json output: {err}"))?;
    let summary_warning = summary
        .get("warning")
        .is_some_and(|warning| !warning.is_null());
    let deps_path = generated.join("REQUIRED_DEPS.toml");
    let deps = std::fs::read_to_string(&deps_path)
        .map_err(|err| format!("{}: {err}", deps_path.display()))?;
    write_file(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [workspace]\n\n{}\n",
            dependencies_table(&deps)
        ),
    )?;
    write_file(&dir.join("src/lib.rs"), "pub mod generated;\n")?;
    Ok(Generation {
        wall,
        operations: count_in_files(&generated.join("client.rs"), documented_operations)?,
        diagnostics: warnings(&stderr) + usize::from(summary_warning),
        dir: dir.to_path_buf(),
        module: None,
    })
}

/// The `[dependencies]` table of a `REQUIRED_DEPS.toml`: the file itself
/// when it has the header, else its lines under one.
fn dependencies_table(deps: &str) -> String {
    if deps.lines().any(|line| line.trim() == "[dependencies]") {
        deps.to_owned()
    } else {
        format!("[dependencies]\n{deps}")
    }
}

/// Runs a generator: its wall time, standard error and output; an error is
/// the first line of what it said.
fn timed(command: &mut Command) -> Result<(f64, String, String), String> {
    let start = Instant::now();
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|err| format!("{}: {err}", command.get_program().to_string_lossy()))?;
    let wall = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.status.success() {
        let said = if stderr.trim().is_empty() {
            &stdout
        } else {
            &stderr
        };
        return Err(first_error(said).unwrap_or_else(|| format!("exit {}", output.status)));
    }
    Ok((wall, stderr, stdout))
}

/// Makes the crate in `dir` a workspace of its own (an empty `[workspace]`
/// table), so that cargo does not look for one above it.
fn standalone(dir: &Path) -> Result<(), String> {
    let path = dir.join("Cargo.toml");
    let text =
        std::fs::read_to_string(&path).map_err(|err| format!("{}: {err}", path.display()))?;
    if text.lines().any(|line| line.trim() == "[workspace]") {
        return Ok(());
    }
    write_file(&path, &format!("{}\n\n[workspace]\n", text.trim_end()))
}

/// The feature of the crate's `Cargo.toml` that enables `module`: the one
/// of that name, `_` or `-` between words.
fn feature_of(dir: &Path, module: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
    features(&text)
        .into_iter()
        .find(|feature| feature.replace('-', "_") == module)
}

/// The names of the `[features]` table of a `Cargo.toml`.
fn features(manifest: &str) -> Vec<String> {
    manifest
        .split_once("\n[features]")
        .map(|(_, table)| {
            table
                .lines()
                .take_while(|line| !line.starts_with('['))
                .filter_map(|line| line.split_once('='))
                .map(|(key, _)| key.trim().trim_matches('"').to_owned())
                .filter(|key| !key.is_empty() && !key.starts_with('#'))
                .collect()
        })
        .unwrap_or_default()
}

/// The module with the most operations, from the structs' paths
/// (`charges::PostCharges`); the first in name order among equals.
fn largest_module<'a>(paths: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for path in paths {
        if let Some((module, _)) = path.rsplit_once("::") {
            *counts
                .entry(module.rsplit("::").next().unwrap_or(module))
                .or_default() += 1;
        }
    }
    let most = counts.values().copied().max()?;
    counts
        .into_iter()
        .find(|&(_, count)| count == most)
        .map(|(module, _)| module.to_owned())
}

/// Sums `count` over the text of the `.rs` file `path`, or of every one
/// under the directory `path`.
fn count_in_files(path: &Path, count: fn(&str) -> usize) -> Result<usize, String> {
    if !path.is_dir() {
        let text =
            std::fs::read_to_string(path).map_err(|err| format!("{}: {err}", path.display()))?;
        return Ok(count(&text));
    }
    let mut total = 0;
    let entries = std::fs::read_dir(path).map_err(|err| format!("{}: {err}", path.display()))?;
    for entry in entries {
        let entry = entry
            .map_err(|err| format!("{}: {err}", path.display()))?
            .path();
        if entry.is_dir() || entry.extension().is_some_and(|ext| ext == "rs") {
            total += count_in_files(&entry, count)?;
        }
    }
    Ok(total)
}

/// The operations of ploidy's client: one `pub async fn` method each; the
/// client's own methods (`new`, `with_header`, `request`…) are not
/// `async`.
fn operation_methods(text: &str) -> usize {
    text.lines()
        .filter(|line| line.trim_start().starts_with("pub async fn "))
        .count()
}

/// The operations of openapi-to-rust's client: the distinct ``/// `GET
/// /path` `` lines of its methods' documentation. An operation may have
/// several methods (`…_with_content_type` for each request media type,
/// `…_text` for a text answer), each documented with the operation's
/// method and path.
fn documented_operations(text: &str) -> usize {
    let mut operations = std::collections::BTreeSet::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("/// `") else {
            continue;
        };
        let Some((operation, "")) = rest.split_once('`') else {
            continue;
        };
        let is_operation = operation.split_once(" /").is_some_and(|(method, _)| {
            !method.is_empty() && method.bytes().all(|b| b.is_ascii_uppercase())
        });
        if is_operation {
            operations.insert(operation);
        }
    }
    operations.len()
}

/// The number of lines of a generator's standard error that are warnings.
fn warnings(stderr: &str) -> usize {
    stderr
        .lines()
        .filter(|line| line.to_ascii_lowercase().contains("warning"))
        .count()
}

/// The first line of an error message that says what failed: the first
/// that starts with `error` (any case, after any symbol), else the first
/// that is not empty.
fn first_error(text: &str) -> Option<String> {
    let lines = || text.lines().map(str::trim).filter(|line| !line.is_empty());
    lines()
        .find(|line| {
            line.trim_start_matches(|c: char| !c.is_ascii_alphabetic())
                .to_ascii_lowercase()
                .starts_with("error")
        })
        .or_else(|| lines().next())
        .map(str::to_owned)
}

/// The first line of a message.
fn first_line(message: &str) -> String {
    first_error(message).unwrap_or_else(|| message.to_owned())
}

/// `cargo check` of the crate in `dir` with its default features or with
/// `module` alone: its own CPU seconds, dependencies built first with an
/// empty `src/lib.rs` and not counted.
fn check(dir: &Path, target: &Path, module: Option<&str>) -> Result<f64, String> {
    let cargo = |quiet: bool| {
        let mut command = tools::cargo();
        command
            .arg("check")
            .current_dir(dir)
            .env("CARGO_TARGET_DIR", target)
            .env("CARGO_INCREMENTAL", "0");
        if let Some(module) = module {
            command.args(["--no-default-features", "--features", module]);
        }
        if quiet {
            command.arg("--quiet");
        }
        command
    };
    let lib = dir.join("src/lib.rs");
    let source =
        std::fs::read_to_string(&lib).map_err(|err| format!("{}: {err}", lib.display()))?;
    write_file(&lib, "")?;
    let dependencies = run_check(&mut cargo(true));
    write_file(&lib, &source)?;
    dependencies.map_err(|message| format!("its dependencies: {message}"))?;
    let cpu_before = tools::children_cpu_seconds();
    run_check(&mut cargo(false))?;
    let cpu = tools::children_cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before)
        .ok_or_else(|| "no CPU time (/proc/self/stat)".to_owned())?;
    Ok(cpu)
}

/// Runs a `cargo check`: an error is its first error line and how many
/// errors it counted.
fn run_check(command: &mut Command) -> Result<(), String> {
    let output = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .map_err(|err| format!("cargo check: {err}"))?;
    if output.status.success() {
        return Ok(());
    }
    let log = String::from_utf8_lossy(&output.stderr);
    let errors = log.lines().filter(|line| line.starts_with("error")).count();
    let first = first_error(&log).unwrap_or_else(|| format!("exit {}", output.status));
    Err(format!("{first} ({errors} error lines)"))
}

fn create_dir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|err| format!("{}: {err}", dir.display()))
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        create_dir(parent)?;
    }
    std::fs::write(path, text).map_err(|err| format!("{}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Args, String> {
        Args::parse(&list.iter().map(|arg| (*arg).to_owned()).collect::<Vec<_>>())
    }

    #[test]
    fn arguments_narrow_descriptions_and_generators_apart() {
        let all = args(&[]).unwrap();
        assert!(all.check && all.includes("github", Generator::Ploidy));
        let one = args(&["--only", "stripe", "--only", "ploidy", "--no-check"]).unwrap();
        assert!(!one.check);
        assert!(one.includes("stripe", Generator::Ploidy));
        assert!(!one.includes("stripe", Generator::Ours));
        assert!(!one.includes("twilio", Generator::Ploidy));
        let two = args(&["--only", "twilio", "--only", "github"]).unwrap();
        assert!(two.includes("github", Generator::OpenapiToRust));
        assert!(!two.includes("stripe", Generator::OpenapiToRust));
        let err = args(&["--only", "petstore"]).unwrap_err();
        assert!(err.starts_with("`--only petstore`: no such"), "{err}");
        assert!(args(&["--only"]).unwrap_err().contains("needs a name"));
        assert!(args(&["--fast"]).unwrap_err().contains("`--fast`"));
    }

    #[test]
    fn sha256_is_the_standard_one() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn operations_are_counted_from_the_clients() {
        let ploidy = "impl Client {\n    pub fn new() -> Self {}\n    pub async fn get_account(\n        &self,\n    ) {}\n    \
                      pub async fn post_charges(&self) {}\n    // pub async fn not_code\n}\n";
        assert_eq!(operation_methods(ploidy), 2);
        let o2r = "    /// read log of the specified Pod\n    ///\n    /// `GET /api/v1/pods/{name}/log`\n    \
                   pub async fn read_log(&self) {}\n    /// `GET /api/v1/pods/{name}/log`\n    \
                   pub async fn read_log_text(&self) {}\n    /// `POST /api/v1/pods`\n    \
                   pub async fn create(&self) {}\n    /// `serde_json::Value` is kept\n    \
                   /// `Get /x` is not a method\n    pub fn new() {}\n";
        assert_eq!(documented_operations(o2r), 2);
    }

    #[test]
    fn the_largest_module_is_chosen_by_count_then_name() {
        let paths = [
            "pets::ListPets",
            "pets::CreatePet",
            "users::GetUser",
            "stores::GetStore",
            "stores::Put",
        ];
        assert_eq!(largest_module(paths.into_iter()).as_deref(), Some("pets"));
        assert_eq!(largest_module(["Flat"].into_iter()), None);
    }

    #[test]
    fn errors_are_reduced_to_their_first_line() {
        let log = "    Checking x v0.1.0\nerror[E0412]: cannot find type `Foo`\n --> src/lib.rs:1:1\nerror: could not compile `x`\n";
        assert_eq!(
            first_error(log).as_deref(),
            Some("error[E0412]: cannot find type `Foo`")
        );
        assert_eq!(
            first_error("Writing…\n  × Failed to parse OpenAPI document\n").as_deref(),
            Some("Writing…")
        );
        assert_eq!(
            first_error("\n\n Error: bad ref\n").as_deref(),
            Some("Error: bad ref")
        );
        assert_eq!(first_error(""), None);
    }

    #[test]
    fn warnings_are_lines_that_say_so() {
        assert_eq!(warnings("Warning: x\nfine\nWARNING y\n"), 2);
        assert_eq!(warnings(""), 0);
    }

    #[test]
    fn the_section_between_the_markers_is_replaced() {
        let doc = format!("# Title\n\nintro\n\n{BEGIN}\nold table\n{END}\n\nafter\n");
        assert_eq!(
            replace_section(&doc, "new\n").unwrap(),
            format!("# Title\n\nintro\n\n{BEGIN}\nnew\n{END}\n\nafter\n")
        );
        assert_eq!(replace_section("no markers", "new"), None);
        let committed =
            std::fs::read_to_string(workspace::root().join("docs/generator.md")).unwrap();
        assert!(replace_section(&committed, "x").is_some());
    }

    #[test]
    fn a_module_is_checked_through_its_feature() {
        let manifest = "[package]\nname = \"x\"\n\n[features]\ndefault = [\"pets\", \"pet-store\"]\npets = []\n\"pet-store\" = []\n\n[dependencies]\nserde = \"1\"\n";
        assert_eq!(features(manifest), ["default", "pets", "pet-store"]);
        assert_eq!(features("[package]\nname = \"x\"\n"), Vec::<String>::new());
    }

    #[test]
    fn dependencies_get_a_table_header_once() {
        assert_eq!(
            dependencies_table("serde = \"1\"\n"),
            "[dependencies]\nserde = \"1\"\n"
        );
        assert_eq!(
            dependencies_table("[dependencies]\nserde = \"1\"\n"),
            "[dependencies]\nserde = \"1\"\n"
        );
    }
}
