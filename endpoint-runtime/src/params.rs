//! Parameter sources: a [`Params`] fills the template through
//! [`Vars`](crate::template::Vars) and lists the rest, which goes to the
//! query string or the body.

use crate::error::Result;
use crate::names::is_option_key;
use crate::template::{NameSet, Template, Vars};
use crate::value::Param;
use crate::wire::plan::Placement;

/// A source of parameters: the template's variables, and the others.
pub(crate) trait Params: Vars {
    /// Calls `f` for every parameter that `template` does not name, in order,
    /// skipping absent ones, with where and how it is written.
    ///
    /// # Errors
    /// Whatever `f` returns, or a failure to produce a value.
    fn for_each_remaining(
        &self,
        template: &Template<'_>,
        f: &mut dyn FnMut(&str, Param<'_>, &Placement) -> Result<()>,
    ) -> Result<()>;
}

/// Whether an options key is a parameter that the template leaves over: not
/// an option key, not a template variable.
pub(crate) fn is_remaining(key: &str, variables: &NameSet<'_>) -> bool {
    !is_option_key(key) && !variables.contains(key)
}
