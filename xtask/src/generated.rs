//! Generated files: a generator returns the files it writes; they are
//! written, or, with `--check`, compared with the working tree, so that a
//! committed file that differs from what its generator writes is an error.
//!
//! A generator may also own a directory: a file there that it does not
//! write (and that is not one of the directory's hand-written files) is
//! stale, and removed when writing.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One generated file, by its path relative to the workspace root.
pub struct File {
    pub path: PathBuf,
    pub text: String,
}

impl File {
    /// A Rust source file, formatted by `rustfmt`.
    pub fn rust(root: &Path, path: impl Into<PathBuf>, source: &str) -> Result<File, String> {
        let path = path.into();
        let text = rustfmt(source, &root.join(&path))?;
        Ok(File { path, text })
    }

    /// Any other file, as it is.
    pub fn text(path: impl Into<PathBuf>, text: String) -> File {
        File {
            path: path.into(),
            text,
        }
    }
}

/// What a generator writes: its files, and the directories it owns with
/// the hand-written files they may hold besides.
#[derive(Default)]
pub struct Output {
    pub files: Vec<File>,
    pub owned: Vec<(PathBuf, &'static [&'static str])>,
}

impl Output {
    /// Adds another generator's output.
    pub fn extend(&mut self, other: Output) {
        self.files.extend(other.files);
        self.owned.extend(other.owned);
    }
}

/// Writes `output` under `root`, or with `check` only compares it; fails
/// listing the files that are not up to date.
pub fn apply(root: &Path, output: &Output, check: bool) -> Result<(), String> {
    let mut stale = Vec::new();
    for file in &output.files {
        let path = root.join(&file.path);
        let current = std::fs::read_to_string(&path).ok();
        if current.as_deref() == Some(file.text.as_str()) {
            continue;
        }
        if check {
            stale.push(file.path.display().to_string());
            continue;
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|err| format!("creating {}: {err}", dir.display()))?;
        }
        std::fs::write(&path, &file.text)
            .map_err(|err| format!("writing {}: {err}", path.display()))?;
        println!("wrote {}", file.path.display());
    }
    for (dir, hand_written) in &output.owned {
        let entries = std::fs::read_dir(root.join(dir))
            .map_err(|err| format!("reading {}: {err}", dir.display()))?;
        // A directory inside is owned only when a generator names it.
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter(|entry| !entry.file_type().is_ok_and(|kind| kind.is_dir()))
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            let relative = dir.join(&name);
            let generated = output.files.iter().any(|file| file.path == relative);
            if generated || hand_written.contains(&name.as_str()) {
                continue;
            }
            if check {
                stale.push(format!("{} (not generated)", relative.display()));
            } else {
                std::fs::remove_file(root.join(&relative))
                    .map_err(|err| format!("removing {}: {err}", relative.display()))?;
                println!("removed {}", relative.display());
            }
        }
    }
    if stale.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "generated files are not up to date (run `cargo run -p xtask -- generate`):\n  {}",
            stale.join("\n  ")
        ))
    }
}

/// Formats Rust source with `rustfmt` (edition 2024), reading the
/// configuration that applies at `path`.
pub fn rustfmt(source: &str, path: &Path) -> Result<String, String> {
    let dir = path
        .ancestors()
        .skip(1)
        .find(|dir| dir.is_dir())
        .unwrap_or_else(|| Path::new("."));
    let mut child = Command::new(std::env::var("RUSTFMT").unwrap_or_else(|_| "rustfmt".into()))
        .args(["--edition", "2024"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| format!("running rustfmt: {err}"))?;
    let mut stdin = child.stdin.take().ok_or("rustfmt stdin")?;
    let input = source.to_owned();
    // Written from another thread: rustfmt may fill its output pipe before
    // it has read all of a large input.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child
        .wait_with_output()
        .map_err(|err| format!("running rustfmt: {err}"))?;
    writer
        .join()
        .map_err(|_| "writing to rustfmt panicked".to_owned())?
        .map_err(|err| format!("writing to rustfmt: {err}"))?;
    if !output.status.success() {
        return Err(format!(
            "rustfmt failed on {}: {}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8(output.stdout).map_err(|err| format!("rustfmt output: {err}"))
}
