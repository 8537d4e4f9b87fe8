//! What [`check`](super::check) finds: each mistake and where it is
//! written.

use crate::filter::nearest;

/// Where a [`Finding`] is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The route.
    Route,
    /// The `operation = "…"` the struct names.
    OperationId,
    /// The struct's name.
    Struct,
    /// The name of the field of this index.
    Name(usize),
    /// The type of the field of this index, in its `Option`.
    Type(usize),
    /// The whole type of the field of this index, `Option<…>`.
    Option(usize),
    /// The location written on the field of this index
    /// (`#[endpoint(header)]`).
    Location(usize),
}

/// A mistake of a struct: where it is written, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Where.
    pub at: At,
    /// What, in one sentence naming the operation and the description.
    pub message: String,
}

/// The findings, in the order found.
#[derive(Default)]
pub(super) struct Findings(pub(super) Vec<Finding>);

impl Findings {
    pub(super) fn at(&mut self, at: At, message: impl Into<String>) {
        self.0.push(Finding {
            at,
            message: message.into(),
        });
    }
}

/// `: did you mean `…`?` with the nearest of `candidates`, else nothing.
pub(super) fn did_you_mean(name: &str, candidates: impl IntoIterator<Item = String>) -> String {
    nearest(name, candidates)
        .map(|near| format!(": did you mean `{near}`?"))
        .unwrap_or_default()
}
