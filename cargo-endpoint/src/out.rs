//! Writing a generated crate into its directory: its files, and nothing
//! else but the removal of the `.rs` files under `src/` that an earlier run
//! generated (their first line says `@generated`) and this one does not.

use std::collections::BTreeSet;
use std::io::{BufRead as _, BufReader, Read as _};
use std::path::{Component, Path, PathBuf};

use endpoint_openapi::package::GeneratedFile;

/// What [`write()`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Files written (new or changed).
    pub written: usize,
    /// Files that already held their text.
    pub unchanged: usize,
    /// Stale generated files removed.
    pub removed: usize,
}

/// Writes `files` under `dir` (created if missing), then removes the stale
/// generated `.rs` files of `dir/src`.
///
/// # Errors
/// `dir` is not a directory, a file's path leaves `dir`, or a file cannot be
/// written or removed: the message names the file.
pub fn write(dir: &Path, files: &[GeneratedFile]) -> Result<Written, String> {
    if dir.exists() && !dir.is_dir() {
        return Err(format!("--out {} is not a directory", dir.display()));
    }
    let mut done = Written::default();
    let mut paths = BTreeSet::new();
    for file in files {
        let inside = file
            .path
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        if !inside || file.path.as_os_str().is_empty() {
            return Err(format!(
                "the generated file {} is not a path inside the crate",
                file.path.display()
            ));
        }
        paths.insert(dir.join(&file.path));
    }
    for file in files {
        let path = dir.join(&file.path);
        if std::fs::read(&path).is_ok_and(|text| text == file.text.as_bytes()) {
            done.unchanged += 1;
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|err| format!("creating {}: {err}", parent.display()))?;
        }
        std::fs::write(&path, &file.text)
            .map_err(|err| format!("writing {}: {err}", path.display()))?;
        done.written += 1;
    }
    let mut stale = Vec::new();
    rust_files(&dir.join("src"), &mut stale)?;
    for path in stale {
        if !paths.contains(&path) && generated_before(&path) {
            std::fs::remove_file(&path)
                .map_err(|err| format!("removing {}: {err}", path.display()))?;
            done.removed += 1;
        }
    }
    Ok(done)
}

/// The `.rs` files under `dir`, at any depth, not following links; none
/// when `dir` does not exist.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(err) => return Err(format!("reading {}: {err}", dir.display())),
    };
    for entry in entries {
        let entry = entry.map_err(|err| format!("reading {}: {err}", dir.display()))?;
        let kind = entry
            .file_type()
            .map_err(|err| format!("reading {}: {err}", entry.path().display()))?;
        let path = entry.path();
        if kind.is_dir() {
            rust_files(&path, found)?;
        } else if kind.is_file() && path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
    Ok(())
}

/// Whether the first line of the file at `path` says `@generated`.
fn generated_before(path: &Path) -> bool {
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut first = Vec::new();
    // A line of its own, read up to a bound: a file that is not ours may be
    // one long line.
    let mut reader = BufReader::new(file.take(4096));
    reader.read_until(b'\n', &mut first).is_ok() && first.windows(10).any(|w| w == b"@generated")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory of this test process alone.
    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("cargo-endpoint-{}-{name}", std::process::id()))
    }

    fn file(path: &str, text: &str) -> GeneratedFile {
        GeneratedFile {
            path: path.into(),
            text: text.into(),
        }
    }

    #[test]
    fn writes_the_files_and_removes_only_stale_generated_ones() {
        let dir = scratch("unit");
        let _ = std::fs::remove_dir_all(&dir);
        let first = [
            file("Cargo.toml", "[package]\n"),
            file("src/lib.rs", "// @generated\npub mod a;\n"),
            file("src/a.rs", "// @generated\n"),
            file("src/models/b.rs", "// @generated\n"),
        ];
        assert_eq!(
            write(&dir, &first),
            Ok(Written {
                written: 4,
                ..Written::default()
            })
        );
        std::fs::write(dir.join("src/mine.rs"), "fn mine() {}\n").unwrap();
        std::fs::write(dir.join("notes.md"), "// @generated\n").unwrap();
        let second = [first[0].clone(), file("src/lib.rs", "// @generated\n")];
        assert_eq!(
            write(&dir, &second),
            Ok(Written {
                written: 1,
                unchanged: 1,
                removed: 2,
            })
        );
        assert!(!dir.join("src/a.rs").exists());
        assert!(!dir.join("src/models/b.rs").exists());
        assert!(dir.join("src/mine.rs").exists());
        assert!(dir.join("notes.md").exists());
        assert_eq!(
            std::fs::read_to_string(dir.join("src/lib.rs")).unwrap(),
            "// @generated\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_paths_outside_the_crate() {
        let dir = scratch("outside");
        for path in ["../x.rs", "/tmp/x.rs", "", "src/../../x.rs"] {
            let err = write(&dir, &[file(path, "")]).unwrap_err();
            assert!(err.contains("not a path inside the crate"), "{path}: {err}");
        }
        assert!(!dir.exists());
    }
}
