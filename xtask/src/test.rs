//! `cargo xtask test`: the whole test suite on a machine that has only the
//! Rust toolchain, Node.js and npm.
//!
//! Two tests need programs that are not Rust crates: the `redis` feature's
//! tests start a real `redis-server`, and `apis/tests/tests/prism.rs` sends a
//! generated crate's requests to Prism, a validating mock server on Node.js.
//! This task provides both before any test runs, then hands over to
//! `cargo test --workspace --all-features` with the arguments it was given:
//!
//! - `redis-server`: the one in `REDIS_SERVER`, else the one on `PATH`, else
//!   Debian's package, installed with `apt-get` (as root, or through
//!   `sudo -n`).
//! - Prism: the one in `PRISM`, else the version `tests/prism/package-lock.json`
//!   pins, installed by `npm ci` into `tests/prism/node_modules` when what is
//!   there is missing or another version.
//!
//! The programs found are passed to the tests in `REDIS_SERVER` and `PRISM`,
//! so that every test uses the same ones. The set-up happens once, before
//! the tests start (they run in parallel and only start the programs); two
//! runs at once take turns through a lock file in the target directory, so
//! that neither sees the other's half-made `node_modules`.

use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use serde_json::Value;

use crate::tools::{cargo, version};

use crate::workspace::read_json;

/// The npm package of Prism, as `tests/prism/package.json` names it.
const PRISM_PACKAGE: &str = "@stoplight/prism-cli";

/// Where the lock file pins what Prism's installation is made of.
const PRISM_DIR: &str = "tests/prism";

/// `cargo xtask test [ARGS…]`: provides the programs, then runs
/// `cargo test --workspace --all-features ARGS…` and exits as it does.
pub(crate) fn run(root: &Path, args: &[String]) -> Result<ExitCode, String> {
    let env = prepare(root)?;
    eprintln!(
        "test: cargo test --workspace --all-features {}",
        args.join(" ")
    );
    let status = cargo()
        .current_dir(root)
        .args(["test", "--workspace", "--all-features"])
        .args(args)
        .envs(env)
        .status()
        .map_err(|err| format!("cargo test could not be started: {err}"))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// `cargo xtask test-setup`: provides the programs and says where they are,
/// for running a part of the suite with `cargo test` afterwards.
pub(crate) fn setup(root: &Path) -> Result<(), String> {
    for (name, value) in prepare(root)? {
        println!("{name}={}", value.to_string_lossy());
    }
    Ok(())
}

/// Provides both programs, one run at a time, and returns the environment
/// that names them for the tests.
fn prepare(root: &Path) -> Result<Vec<(&'static str, OsString)>, String> {
    let _turn = Turn::take(&root.join("target"))?;
    let redis = redis_server()?;
    let prism = prism(root)?;
    Ok(vec![
        ("REDIS_SERVER", redis.into_os_string()),
        ("PRISM", prism.into_os_string()),
    ])
}

/// This run's turn at the set-up: an exclusive lock on a file in the target
/// directory, released when dropped (or when the process ends).
struct Turn {
    _locked: File,
}

impl Turn {
    fn take(target: &Path) -> Result<Turn, String> {
        std::fs::create_dir_all(target)
            .map_err(|err| format!("creating {}: {err}", target.display()))?;
        let path = target.join("xtask-test-setup.lock");
        let file = File::create(&path).map_err(|err| format!("{}: {err}", path.display()))?;
        if file.try_lock().is_err() {
            eprintln!(
                "test: waiting for another run's set-up to finish ({})",
                path.display()
            );
            file.lock()
                .map_err(|err| format!("locking {}: {err}", path.display()))?;
        }
        Ok(Turn { _locked: file })
    }
}

/// The `redis-server` the tests start: `REDIS_SERVER`, the one on `PATH`, or
/// Debian's package, installed now.
fn redis_server() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("REDIS_SERVER") {
        let path = PathBuf::from(path);
        let version = version(&path.to_string_lossy())
            .ok_or_else(|| format!("REDIS_SERVER is {}, which does not run", path.display()))?;
        eprintln!(
            "test: redis-server from REDIS_SERVER: {} ({version})",
            path.display()
        );
        return Ok(path);
    }
    if let Some(path) = on_path("redis-server") {
        let version =
            version(&path.to_string_lossy()).unwrap_or_else(|| "version unknown".to_owned());
        eprintln!("test: redis-server: {} ({version})", path.display());
        return Ok(path);
    }
    eprintln!("test: redis-server is not installed: installing Debian's package redis-server");
    install_debian_package("redis-server")?;
    let path = on_path("redis-server").ok_or(
        "apt-get installed redis-server, but no `redis-server` is on the PATH: set \
         REDIS_SERVER to its path",
    )?;
    let version = version(&path.to_string_lossy()).unwrap_or_else(|| "version unknown".to_owned());
    eprintln!("test: redis-server: {} ({version})", path.display());
    Ok(path)
}

/// Installs a Debian package with `apt-get`: directly as root, else through
/// `sudo -n` (which fails rather than asking for a password).
fn install_debian_package(package: &str) -> Result<(), String> {
    if on_path("apt-get").is_none() {
        return Err(format!(
            "{package} is needed and this machine has no apt-get: install {package} \
             yourself, or set REDIS_SERVER to the path of a redis-server"
        ));
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == "0");
    let apt = |args: &[&str]| {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            let mut sudo = Command::new("sudo");
            sudo.args(["-n", "apt-get"]);
            sudo
        };
        command
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdin(Stdio::null())
            .stdout(Stdio::null());
        let shown = format!(
            "{}apt-get {}",
            if root { "" } else { "sudo -n " },
            args.join(" ")
        );
        eprintln!("test: {shown}");
        match command.status() {
            Ok(status) if status.success() => Ok(()),
            Ok(status) => Err(format!(
                "`{shown}` failed ({status}){}: install {package} yourself, or set \
                 REDIS_SERVER to the path of a redis-server",
                if root {
                    ""
                } else {
                    " (not root, and sudo asked for a password?)"
                }
            )),
            Err(err) => Err(format!("`{shown}` could not be started: {err}")),
        }
    };
    apt(&["update", "-qq"])?;
    apt(&["install", "-y", "-qq", "--no-install-recommends", package])
}

/// The Prism the tests start: `PRISM`, or the pinned version in
/// `tests/prism/node_modules`, installed now when missing or another
/// version.
fn prism(root: &Path) -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("PRISM") {
        let path = PathBuf::from(path);
        if !path.is_file() {
            return Err(format!("PRISM is {}, which is no file", path.display()));
        }
        eprintln!("test: Prism from PRISM: {}", path.display());
        return Ok(path);
    }
    let dir = root.join(PRISM_DIR);
    let pinned = pinned_version(&read_json(&dir.join("package-lock.json"))?)?;
    let program = dir.join("node_modules/.bin/prism");
    match installed_version(&dir)? {
        Some(installed) if installed == pinned && program.is_file() => {
            eprintln!("test: Prism {pinned}: {}", program.display());
            return Ok(program);
        }
        Some(installed) => eprintln!(
            "test: Prism {installed} is in {PRISM_DIR}/node_modules, the lock file pins \
             {pinned}: installing it (npm ci)"
        ),
        None => eprintln!(
            "test: Prism is not installed: installing {PRISM_PACKAGE} {pinned} into \
             {PRISM_DIR}/node_modules as package-lock.json pins it (npm ci)"
        ),
    }
    if on_path("npm").is_none() {
        return Err(format!(
            "Prism is needed and npm is not on the PATH: install Node.js and npm, or set PRISM \
             to the path of a `prism` {pinned}"
        ));
    }
    let status = Command::new("npm")
        .args([
            "ci",
            "--no-audit",
            "--no-fund",
            "--ignore-scripts",
            "--loglevel=error",
        ])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .map_err(|err| format!("npm ci in {PRISM_DIR} could not be started: {err}"))?;
    if !status.success() {
        return Err(format!("npm ci in {PRISM_DIR} failed ({status})"));
    }
    match installed_version(&dir)? {
        Some(installed) if installed == pinned && program.is_file() => {
            eprintln!("test: Prism {pinned}: {}", program.display());
            Ok(program)
        }
        other => Err(format!(
            "npm ci in {PRISM_DIR} left {} where the lock file pins {pinned}",
            other.map_or_else(|| "no Prism".to_owned(), |v| format!("Prism {v}"))
        )),
    }
}

/// The version of Prism a lock file (npm's `lockfileVersion` 2 or 3) pins.
fn pinned_version(lock: &Value) -> Result<String, String> {
    let key = format!("node_modules/{PRISM_PACKAGE}");
    lock.pointer("/packages")
        .and_then(|packages| packages.get(&key))
        .and_then(|package| package.get("version"))
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| format!("{PRISM_DIR}/package-lock.json pins no {PRISM_PACKAGE} ({key})"))
}

/// The version of Prism installed in `dir/node_modules`, if any.
fn installed_version(dir: &Path) -> Result<Option<String>, String> {
    let manifest = dir
        .join("node_modules")
        .join(PRISM_PACKAGE)
        .join("package.json");
    if !manifest.is_file() {
        return Ok(None);
    }
    let version = read_json(&manifest)?
        .get("version")
        .and_then(Value::as_str)
        .map(str::to_owned);
    Ok(version)
}

/// Where `program` is on the `PATH`, if anywhere.
fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_pinned_version_is_read_from_the_lock_file() {
        let lock = json!({
            "lockfileVersion": 3,
            "packages": {
                "": {"dependencies": {PRISM_PACKAGE: "5.16.0"}},
                "node_modules/@stoplight/prism-cli": {"version": "5.16.0"},
                "node_modules/@stoplight/prism-core": {"version": "5.8.0"}
            }
        });
        assert_eq!(pinned_version(&lock).unwrap(), "5.16.0");
    }

    #[test]
    fn a_lock_file_without_prism_is_an_error_naming_the_key() {
        let error = pinned_version(&json!({"packages": {}})).unwrap_err();
        assert!(
            error.contains("node_modules/@stoplight/prism-cli"),
            "{error}"
        );
    }

    #[test]
    fn the_workspace_lock_file_pins_the_version_package_json_names() {
        let dir = crate::workspace::root().join(PRISM_DIR);
        let lock = read_json(&dir.join("package-lock.json")).unwrap();
        let manifest = read_json(&dir.join("package.json")).unwrap();
        let named = manifest
            .pointer("/dependencies")
            .and_then(|deps| deps.get(PRISM_PACKAGE))
            .and_then(Value::as_str)
            .unwrap();
        assert_eq!(pinned_version(&lock).unwrap(), named);
    }

    #[test]
    fn an_installation_is_read_from_node_modules() {
        let dir = std::env::temp_dir().join(format!("xtask-prism-{}", std::process::id()));
        let package = dir.join("node_modules").join(PRISM_PACKAGE);
        std::fs::create_dir_all(&package).unwrap();
        assert_eq!(installed_version(&dir).unwrap(), None);
        std::fs::write(package.join("package.json"), r#"{"version": "5.15.0"}"#).unwrap();
        assert_eq!(installed_version(&dir).unwrap().as_deref(), Some("5.15.0"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_program_is_found_on_the_path_only_when_executable() {
        // `sh` is on every PATH this task runs on; a name no program has is not.
        assert!(on_path("sh").is_some());
        assert!(on_path("no-such-program-endpoint-xtask").is_none());
    }
}
