//! What the tasks share about where they run and what they are given: the
//! workspace root, its JSON files, and numeric command-line options.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The workspace root: the parent of this crate's directory.
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// Reads a JSON file.
pub(crate) fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|err| format!("reading {}: {err}", path.display()))?;
    serde_json::from_str(&text).map_err(|err| format!("{}: {err}", path.display()))
}

/// The value of a numeric option (`--runs 3`), which must be positive.
pub(crate) fn positive<T: std::str::FromStr + PartialOrd + Default>(
    flag: &str,
    value: &str,
) -> Result<T, String> {
    value
        .parse::<T>()
        .ok()
        .filter(|n| *n > T::default())
        .ok_or_else(|| format!("{flag} {value}: not a positive number"))
}
