//! Reading a description: a file (JSON or YAML, any OpenAPI 3.x or Swagger
//! 2.0), its local files, its overlays, into the read model [`Api`] and the
//! [`Diagnostics`] of what could not be read as written.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::api::Api;
use crate::diag::Diagnostics;

/// A description, read, with what could not be read as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Read {
    /// The description.
    pub api: Api,
    /// What was read otherwise than written, with its fallback.
    pub diagnostics: Diagnostics,
}

/// Why a description could not be read at all: a file that is missing, is
/// neither JSON nor YAML, or is not an OpenAPI or Swagger description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The file (or `<input>`), and the JSON pointer or line where it went
    /// wrong when there is one.
    pub at: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for ReadError {}

/// Reads the description in `path`, then applies the Overlay documents of
/// `overlays` in order, before anything else is read: the corrections hold
/// for requests and answers alike.
///
/// # Errors
/// A file that cannot be read or parsed, or that is not a description.
pub fn read_file(path: &Path, overlays: &[PathBuf]) -> Result<Read, ReadError> {
    let _ = (path, overlays);
    Err(ReadError {
        at: path.display().to_string(),
        message: "reading is not implemented".to_owned(),
    })
}

/// Reads a description already parsed; `base` is the directory its local
/// `$ref`s to other files are relative to (`None`: no other file is read).
///
/// # Errors
/// As [`read_file`].
pub fn read_value(
    description: Value,
    base: Option<&Path>,
    overlays: &[Value],
) -> Result<Read, ReadError> {
    let _ = (description, base, overlays);
    Err(ReadError {
        at: "<input>".to_owned(),
        message: "reading is not implemented".to_owned(),
    })
}
