//! `cargo run -p xtask -- build-time [--runs N] [--before REV] [--octocrab VERSION] [--webhooks] [--dry-run]`:
//! how long `endpoint-github` takes to build from nothing, with every
//! feature and with one scope, next to octocrab's crate built the same way
//! in the same run.
//!
//! Every build is cold and debug: a fresh target directory under
//! `target/build-time/`, `CARGO_INCREMENTAL=0`, dependencies included, as a
//! user's first `cargo build` after adding the crate. The configurations:
//!
//! - `endpoint-github` of this checkout: its default features (every
//!   REST module); `repos` alone; `issues` alone; with `--webhooks`, its
//!   default features and `webhooks` (GitHub's webhook payloads, which
//!   octocrab's crate always builds);
//! - with `--before REV`, the same three of the crate at `REV` (its tree
//!   exported with `git archive`), for a before/after comparison;
//! - octocrab (`--octocrab`, 0.54.9 by default) in a generated package that
//!   depends on it, built with `cargo build -p octocrab`: its crate and its
//!   dependencies, as `cargo build -p endpoint-github` builds this one and
//!   its own. It needs the crates.io registry.
//!
//! The configurations are built in turn, `--runs` times (1 by default),
//! and the table gives the median wall time and user + system CPU time of
//! each, with its ratio to octocrab's. `--dry-run` prints each build's
//! command and builds nothing.

use std::path::{Path, PathBuf};

use crate::{report, tools, workspace};

const USAGE: &str = "usage: cargo run -p xtask -- build-time [--runs N] [--before REV] [--octocrab VERSION] [--webhooks] [--dry-run]\n  \
     --runs N          cold builds per configuration (1 by default); the median is reported\n  \
     --before REV      also build endpoint-github as it was at the git revision REV\n  \
     --octocrab VER    the octocrab version to compare with (0.54.9 by default)\n  \
     --webhooks        also build endpoint-github with its feature `webhooks`\n  \
     --dry-run         print each build's command, build nothing";

/// The octocrab release compared with by default.
const OCTOCRAB: &str = "0.54.9";

/// One configuration to build.
struct Config {
    label: String,
    /// The workspace (or package) directory to build in.
    dir: PathBuf,
    package: &'static str,
    features: Option<&'static str>,
    /// With `features`, the default features too (else none of them).
    defaults: bool,
}

/// The `build-time` task.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 1;
    let mut before = None;
    let mut octocrab = OCTOCRAB.to_owned();
    let mut webhooks = false;
    let mut dry_run = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("`{arg}` needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--runs" => runs = workspace::positive("--runs", value()?)?,
            "--before" => before = Some(value()?.clone()),
            "--octocrab" => octocrab = value()?.clone(),
            "--webhooks" => webhooks = true,
            "--dry-run" => dry_run = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    let root = workspace::root();
    let out = tools::target_dir(&root)?.join("build-time");
    std::fs::create_dir_all(&out).map_err(|err| format!("{}: {err}", out.display()))?;
    let mut configs = github_configs("now", &root);
    if webhooks {
        configs.push(Config {
            label: "endpoint-github now, default features + `webhooks`".to_owned(),
            dir: root.clone(),
            package: "endpoint-github",
            features: Some("webhooks"),
            defaults: true,
        });
    }
    if let Some(rev) = &before {
        let dir = out.join("before");
        tools::export(&root, rev, &dir)?;
        configs.extend(github_configs(&format!("at {rev}"), &dir));
    }
    let octocrab_dir = out.join("octocrab");
    if dry_run {
        dry(&configs, octocrab_dir, &octocrab);
        return Ok(());
    }
    tools::write(
        &octocrab_dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"octocrab-build-time\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[workspace]\n\n[dependencies]\noctocrab = \"={octocrab}\"\n"
        ),
    )?;
    tools::write(&octocrab_dir.join("src/lib.rs"), "")?;
    tools::run(
        tools::cargo().arg("fetch").current_dir(&octocrab_dir),
        "cargo fetch (octocrab)",
    )?;
    configs.push(Config {
        label: format!("octocrab {octocrab}"),
        dir: octocrab_dir,
        package: "octocrab",
        features: None,
        defaults: true,
    });

    let mut builds: Vec<Vec<tools::Build>> = configs.iter().map(|_| Vec::new()).collect();
    for run in 0..runs {
        for (config, builds) in configs.iter().zip(&mut builds) {
            let target = out.join(format!("target-{}", builds.len()));
            let _ = std::fs::remove_dir_all(&target);
            let mut command = tools::cargo();
            command
                .args(build_args(config))
                .current_dir(&config.dir)
                .env("CARGO_TARGET_DIR", &target)
                .env("CARGO_INCREMENTAL", "0");
            let build = tools::measure(&mut command, config.package)?;
            eprintln!(
                "run {}: {} {:.1} s ({} crates)",
                run + 1,
                config.label,
                build.wall,
                build.compiled.len()
            );
            builds.push(build);
            let _ = std::fs::remove_dir_all(&target);
        }
    }

    let medians: Vec<(Option<f64>, Option<f64>, usize)> = builds
        .iter()
        .map(|builds| {
            let wall: Vec<f64> = builds.iter().map(|b| b.wall).collect();
            let cpu: Vec<f64> = builds.iter().filter_map(|b| b.cpu).collect();
            let crates = builds.first().map_or(0, |b| b.compiled.len());
            (report::median(&wall), report::median(&cpu), crates)
        })
        .collect();
    let (octo_wall, octo_cpu, _) = *medians.last().expect("octocrab is measured");
    let rows: Vec<Vec<String>> = configs
        .iter()
        .zip(&medians)
        .map(|(config, (wall, cpu, crates))| {
            vec![
                config.label.clone(),
                crates.to_string(),
                seconds(*wall),
                seconds(*cpu),
                report::ratio(*wall, octo_wall),
                report::ratio(*cpu, octo_cpu),
            ]
        })
        .collect();
    println!(
        "Cold debug builds, dependencies included, {} ({}), {}, median of {runs}:\n",
        report::machine(),
        tools::rustc_version(),
        report::now()
    );
    print!(
        "{}",
        report::markdown(
            &[
                "build",
                "crates compiled",
                "wall",
                "user + system",
                "wall ÷ octocrab",
                "CPU ÷ octocrab",
            ],
            &rows,
        )
    );
    Ok(())
}

/// Prints the command of each build, octocrab's last, building nothing.
fn dry(configs: &[Config], octocrab_dir: PathBuf, octocrab: &str) {
    let octocrab = Config {
        label: format!("octocrab {octocrab}"),
        dir: octocrab_dir,
        package: "octocrab",
        features: None,
        defaults: true,
    };
    for config in configs.iter().chain(std::iter::once(&octocrab)) {
        println!(
            "{}: (in {}) cargo {}",
            config.label,
            config.dir.display(),
            build_args(config).join(" ")
        );
    }
}

/// The arguments of `cargo` that build `config`.
fn build_args(config: &Config) -> Vec<&'static str> {
    let mut args = vec!["build", "-p", config.package];
    if let Some(features) = config.features {
        if !config.defaults {
            args.push("--no-default-features");
        }
        args.extend(["--features", features]);
    }
    args
}

/// The three builds of `endpoint-github` in the workspace at `dir`.
fn github_configs(when: &str, dir: &Path) -> Vec<Config> {
    [
        (None, "default features"),
        (Some("repos"), "`repos` alone"),
        (Some("issues"), "`issues` alone"),
    ]
    .into_iter()
    .map(|(features, what)| Config {
        label: format!("endpoint-github {when}, {what}"),
        dir: dir.to_owned(),
        package: "endpoint-github",
        features,
        defaults: false,
    })
    .collect()
}

fn seconds(value: Option<f64>) -> String {
    value.map_or_else(|| "–".to_owned(), |v| format!("{v:.1} s"))
}
