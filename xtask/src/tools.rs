//! The programs the measuring commands run (`cargo`, `node`, `npm`,
//! `valgrind`): finding them, running them with their output kept apart from
//! the printed tables, and asking `cargo` where the build output goes.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

use serde_json::Value;

/// `cargo`: the one that runs this task (`$CARGO`), else the one on `PATH`.
pub(crate) fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo")))
}

/// The first line `program --version` prints, or `None` when the program
/// cannot be run (not on `PATH`).
pub(crate) fn version(program: &str) -> Option<String> {
    let output = Command::new(program)
        .arg("--version")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&output.stdout);
    Some(text.lines().next().unwrap_or_default().trim().to_owned())
}

/// What `rustc --version` prints (`$RUSTC` when set).
pub(crate) fn rustc_version() -> String {
    Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc")))
        .arg("--version")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_else(|| "rustc (version unknown)".to_owned())
}

/// Runs `command`, its standard output sent to standard error so that only
/// the tables reach standard output; an error names `what` failed.
pub(crate) fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command
        .stdin(Stdio::null())
        .stdout(std::io::stderr())
        .status()
        .map_err(|err| format!("{what}: {err}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// Runs `command` and returns what it printed; its standard error passes
/// through to this program's.
pub(crate) fn output(command: &mut Command, what: &str) -> Result<Output, String> {
    let output = command
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|err| format!("{what}: {err}"))?;
    if output.status.success() {
        Ok(output)
    } else {
        Err(format!("{what} failed ({})", output.status))
    }
}

/// The workspace's target directory, as `cargo metadata` reports it (so that
/// `CARGO_TARGET_DIR` and configuration are honoured).
pub(crate) fn target_dir(root: &Path) -> Result<PathBuf, String> {
    let output = output(
        cargo()
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .current_dir(root),
        "cargo metadata",
    )?;
    let metadata: Value = serde_json::from_slice(&output.stdout)
        .map_err(|err| format!("cargo metadata output: {err}"))?;
    metadata
        .get("target_directory")
        .and_then(Value::as_str)
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata has no target_directory".to_owned())
}

/// `program args…` as one would type it, arguments with shell-special
/// characters in single quotes.
pub(crate) fn shell_words(program: &str, args: &[&str]) -> String {
    let mut line = program.to_owned();
    for arg in args {
        line.push(' ');
        if arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,".contains(c))
        {
            line.push_str(arg);
        } else {
            line.push('\'');
            line.push_str(&arg.replace('\'', r"'\''"));
            line.push('\'');
        }
    }
    line
}

/// One measured build.
pub(crate) struct Build {
    pub(crate) wall: f64,
    /// User + system CPU seconds of cargo and the compilers it ran (`None`
    /// where `/proc/self/stat` cannot be read).
    pub(crate) cpu: Option<f64>,
    /// The packages cargo compiled.
    pub(crate) compiled: Vec<String>,
}

/// Touches `touched` and measures `command`, which rebuilds the crate that
/// holds it: one measured build of a crate alone.
pub(crate) fn rebuild(touched: &Path, command: &mut Command, name: &str) -> Result<Build, String> {
    touch(touched)?;
    measure(command, name)
}

/// A measured build as the tasks' progress lines show it.
impl std::fmt::Display for Build {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cpu = self.cpu.map_or("?".to_owned(), |cpu| format!("{cpu:.2}"));
        write!(
            f,
            "wall {:7.2} s  user+sys {cpu:>7} s  compiled: {}",
            self.wall,
            self.compiled.join(" ")
        )
    }
}

/// Runs one build and measures it: wall time, the CPU time of the child
/// processes (which include the compilers cargo waited for), and the packages
/// cargo reports compiling.
pub(crate) fn measure(command: &mut std::process::Command, name: &str) -> Result<Build, String> {
    let cpu_before = children_cpu_seconds();
    let start = Instant::now();
    let output = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|err| format!("cargo build -p {name}: {err}"))?;
    let wall = start.elapsed().as_secs_f64();
    let cpu = children_cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    let log = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("cargo build -p {name} failed:\n{log}"));
    }
    let compiled = log
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("Compiling "))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_owned)
        .collect();
    Ok(Build {
        wall,
        cpu,
        compiled,
    })
}

/// User + system CPU seconds of this process's waited-for children and their
/// descendants (`cutime` + `cstime` of `/proc/self/stat`, in clock ticks of
/// 1/100 s, the `USER_HZ` of Linux's `/proc`).
pub(crate) fn children_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may
    // hold spaces: state is field 3, cutime 16, cstime 17.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |field: usize| fields.get(field - 3)?.parse::<u64>().ok();
    Some((ticks(16)? + ticks(17)?) as f64 / 100.0)
}

/// The tree of the git revision `rev` in `dir` (replaced).
pub(crate) fn export(root: &Path, rev: &str, dir: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|err| format!("{}: {err}", dir.display()))?;
    let archive = dir.with_extension("tar");
    run(
        Command::new("git")
            .args(["archive", "--format=tar", "-o"])
            .arg(&archive)
            .arg(rev)
            .current_dir(root),
        &format!("git archive {rev}"),
    )?;
    run(
        Command::new("tar")
            .arg("-xf")
            .arg(&archive)
            .current_dir(dir),
        "tar -xf",
    )
}

/// Sets the modification time of `path` to now, so that cargo rebuilds its crate.
pub(crate) fn touch(path: &Path) -> Result<(), String> {
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|file| file.set_modified(std::time::SystemTime::now()))
        .map_err(|err| format!("touching {}: {err}", path.display()))
}

/// Writes `contents` to `path` unless it holds them already, creating the
/// directories.
pub(crate) fn write(path: &Path, contents: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|current| current == contents) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|err| format!("creating {}: {err}", parent.display()))?;
    }
    std::fs::write(path, contents).map_err(|err| format!("writing {}: {err}", path.display()))
}

/// A TOML basic string.
pub(crate) fn toml_string(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}
