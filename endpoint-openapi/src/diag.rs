//! Diagnostics: what a description holds that the generator cannot express
//! as written, each located by JSON pointer (and operation, when it is in
//! one) and saying what was generated instead.
//!
//! A diagnostic is never a panic and never stops the generator: the
//! construct gets its documented fallback (`serde_json::Value`, bytes, the
//! operation left out) and generation goes on. `--strict` turns them into
//! errors ([`Diagnostics::strict`]).

use std::fmt;

/// One thing the generator could not express as the description wrote it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    /// The JSON pointer of the construct in the description as read (after
    /// overlays; a local file's pointer is prefixed by the file's path).
    pub pointer: String,
    /// The operation it belongs to (`operationId`, or `METHOD /path`), if
    /// any.
    pub operation: Option<String>,
    /// What is wrong, in one line.
    pub message: String,
    /// What was generated instead, in one line (`serde_json::Value`, …).
    pub fallback: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pointer)?;
        if let Some(operation) = &self.operation {
            write!(f, " ({operation})")?;
        }
        write!(f, ": {}; {}", self.message, self.fallback)
    }
}

/// The diagnostics of one run, in the order they were found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// No diagnostics yet.
    pub fn new() -> Self {
        Diagnostics::default()
    }

    /// Records one.
    pub fn push(
        &mut self,
        pointer: impl Into<String>,
        operation: Option<&str>,
        message: impl Into<String>,
        fallback: impl Into<String>,
    ) {
        self.list.push(Diagnostic {
            pointer: pointer.into(),
            operation: operation.map(str::to_owned),
            message: message.into(),
            fallback: fallback.into(),
        });
    }

    /// Every diagnostic, in the order found.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.list.iter()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Moves every diagnostic of `other` here.
    pub fn extend(&mut self, other: Diagnostics) {
        self.list.extend(other.list);
    }

    /// `Ok` when there are none; otherwise every diagnostic, one per line,
    /// as the error of a strict run.
    ///
    /// # Errors
    /// Any diagnostic.
    pub fn strict(&self) -> Result<(), String> {
        if self.list.is_empty() {
            return Ok(());
        }
        let mut text = format!("{} diagnostics (strict):", self.list.len());
        for diagnostic in &self.list {
            text.push_str("\n  ");
            text.push_str(&diagnostic.to_string());
        }
        Err(text)
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}
