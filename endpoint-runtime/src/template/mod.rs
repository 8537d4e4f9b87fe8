//! URL templates: RFC 6570 (all four levels) plus `:name` and `<name>` placeholders.
//!
//! A template is parsed once into a [`Template`], a list of [`Part`]s, and
//! expanded as often as needed. The same parser runs in the `endpoint!` macro
//! at compile time; the macro emits the parsed parts as constants
//! ([`Template::from_static`]), so a typed request never parses its route.
//!
//! ```
//! use endpoint_runtime::template::Template;
//! use serde_json::json;
//!
//! let template = Template::parse("/repos/:owner/<repo>/issues{?state,labels}")?;
//! let vars = json!({"owner": "octocat", "repo": "hello world", "labels": ["bug", "ui"]});
//! let mut url = String::new();
//! template.expand(vars.as_object().unwrap(), &mut url)?;
//! assert_eq!(url, "/repos/octocat/hello%20world/issues?labels=bug,ui");
//! # Ok::<(), endpoint_runtime::Error>(())
//! ```

mod cache;
mod expand;
mod parse;

pub(crate) use cache::with_parsed;

use std::borrow::Cow;

pub use crate::error::{TemplateError, TemplateErrorKind};

/// The names of a template's variables (see [`Template::variable_set`]).
pub(crate) enum VariableSet<'t, 'a> {
    Scan(&'t Template<'a>),
    Hashed(std::collections::HashSet<&'t str>),
}

impl VariableSet<'_, '_> {
    /// Whether a variable of that name appears in the template.
    pub(crate) fn contains(&self, name: &str) -> bool {
        match self {
            VariableSet::Scan(template) => template.has_variable(name),
            VariableSet::Hashed(names) => names.contains(name),
        }
    }
}

/// A parsed URL template.
///
/// Literal text is stored already encoded as RFC 6570 section 3.1 prescribes,
/// and `:name` / `<name>` placeholders are stored as the simple expression
/// `{name}` they stand for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Template<'a> {
    parts: Cow<'a, [Part<'a>]>,
}

/// One piece of a [`Template`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Part<'a> {
    /// Literal text, already percent-encoded where RFC 6570 section 3.1 requires.
    Literal(Cow<'a, str>),
    /// An expression such as `{?q,sort}`.
    Expression(Expression<'a>),
}

/// An expression: an operator and one or more variables.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Expression<'a> {
    /// The operator (`+`, `#`, `.`, `/`, `;`, `?`, `&`, or none).
    pub operator: Operator,
    /// The variables, in order.
    pub variables: Cow<'a, [VarSpec<'a>]>,
}

/// A variable of an expression, with its modifier.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VarSpec<'a> {
    /// The name as written; it is also the parameter key.
    pub name: Cow<'a, str>,
    /// Prefix, explode, or neither.
    pub modifier: Modifier,
}

/// The value modifier of a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No modifier.
    None,
    /// `{var:N}`: at most `N` (1 to 9999) code points of the value.
    Prefix(u16),
    /// `{var*}`: lists and maps are exploded.
    Explode,
}

/// The operator of an expression (RFC 6570 section 3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operator {
    /// `{var}`: simple string expansion.
    Simple,
    /// `{+var}`: reserved expansion, reserved characters kept.
    Reserved,
    /// `{#var}`: fragment expansion.
    Fragment,
    /// `{.var}`: label expansion with dot prefix.
    Label,
    /// `{/var}`: path segments.
    PathSegment,
    /// `{;var}`: path-style parameters.
    PathParameter,
    /// `{?var}`: form-style query.
    Query,
    /// `{&var}`: form-style query continuation.
    QueryContinuation,
}

impl Operator {
    /// The operator character, `None` for simple expansion.
    pub const fn symbol(self) -> Option<char> {
        match self {
            Self::Simple => None,
            Self::Reserved => Some('+'),
            Self::Fragment => Some('#'),
            Self::Label => Some('.'),
            Self::PathSegment => Some('/'),
            Self::PathParameter => Some(';'),
            Self::Query => Some('?'),
            Self::QueryContinuation => Some('&'),
        }
    }

    /// Whether this operator writes into the query string (`?` or `&`).
    pub const fn is_query(self) -> bool {
        matches!(self, Self::Query | Self::QueryContinuation)
    }
}

impl<'a> Template<'a> {
    /// Parses a template, borrowing from `src` where it can.
    ///
    /// # Errors
    /// The first [`TemplateError`] found. Use [`Template::parse_all`] to get
    /// every error.
    pub fn parse(src: &'a str) -> Result<Self, TemplateError> {
        parse::parse(src, false).map_err(|mut errors| errors.swap_remove(0))
    }

    /// Parses a template and reports every error, not just the first.
    ///
    /// # Errors
    /// All the [`TemplateError`]s, in the order they occur (never empty).
    pub fn parse_all(src: &'a str) -> Result<Self, Vec<TemplateError>> {
        parse::parse(src, true)
    }

    /// A template made of parts known at compile time; this is what the
    /// `endpoint!` macro emits.
    pub const fn from_static(parts: &'static [Part<'static>]) -> Template<'static> {
        Template {
            parts: Cow::Borrowed(parts),
        }
    }

    /// The parts, in order.
    pub fn parts(&self) -> &[Part<'a>] {
        &self.parts
    }

    /// Every variable of every expression, in order (repeats included).
    pub fn variables(&self) -> impl Iterator<Item = &VarSpec<'a>> {
        self.parts.iter().flat_map(|part| match part {
            Part::Expression(expr) => expr.variables.iter(),
            Part::Literal(_) => [].iter(),
        })
    }

    /// Whether a variable of that name appears anywhere in the template.
    pub fn has_variable(&self, name: &str) -> bool {
        self.variables().any(|var| var.name == name)
    }

    /// The variables' names, for many membership tests in a row: a scan of
    /// the parts for a template with few variables, a hash set otherwise.
    pub(crate) fn variable_set(&self) -> VariableSet<'_, 'a> {
        const SCAN_LIMIT: usize = 16;
        if self.variables().nth(SCAN_LIMIT).is_none() {
            VariableSet::Scan(self)
        } else {
            VariableSet::Hashed(self.variables().map(|var| &*var.name).collect())
        }
    }

    /// The variables of the path, in order (repeats included): those before
    /// the query and the fragment, which start at a literal `?` or `#` or at a
    /// `{?…}`, `{&…}` or `{#…}` expression.
    ///
    /// Without a value, a path variable leaves a gap in the URL's path (an
    /// empty segment); the other variables may simply be left out. The
    /// `endpoint!` macro makes the former required fields.
    ///
    /// ```
    /// use endpoint_runtime::template::Template;
    ///
    /// let template = Template::parse("/repos/{owner}/{repo}/issues{?state}{#top}")?;
    /// assert_eq!(template.path_variables().collect::<Vec<_>>(), ["owner", "repo"]);
    /// # Ok::<(), endpoint_runtime::TemplateError>(())
    /// ```
    pub fn path_variables(&self) -> impl Iterator<Item = &str> {
        let path_end = self
            .parts
            .iter()
            .position(|part| match part {
                Part::Literal(text) => text.contains(['?', '#']),
                Part::Expression(expr) => {
                    expr.operator.is_query() || expr.operator == Operator::Fragment
                }
            })
            .unwrap_or(self.parts.len());
        self.parts[..path_end]
            .iter()
            .flat_map(|part| match part {
                Part::Expression(expr) => expr.variables.iter(),
                Part::Literal(_) => [].iter(),
            })
            .map(|var| &*var.name)
    }

    /// Whether the template writes a query string (a literal `?` or a `{?…}`
    /// expression), so that more query parameters continue with `&`.
    pub fn has_query(&self) -> bool {
        self.parts.iter().any(|part| match part {
            Part::Literal(text) => text.contains('?'),
            Part::Expression(expr) => expr.operator == Operator::Query,
        })
    }

    /// A template that owns all its data.
    pub fn into_owned(self) -> Template<'static> {
        let parts = self
            .parts
            .iter()
            .map(|part| match part {
                Part::Literal(text) => Part::Literal(Cow::Owned(text.clone().into_owned())),
                Part::Expression(expr) => Part::Expression(Expression {
                    operator: expr.operator,
                    variables: expr
                        .variables
                        .iter()
                        .map(|var| VarSpec {
                            name: Cow::Owned(var.name.clone().into_owned()),
                            modifier: var.modifier,
                        })
                        .collect::<Vec<_>>()
                        .into(),
                }),
            })
            .collect::<Vec<_>>();
        Template {
            parts: Cow::Owned(parts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_variables(src: &str) -> Vec<String> {
        let template = Template::parse(src).unwrap();
        template.path_variables().map(str::to_owned).collect()
    }

    #[test]
    fn path_variables_stop_at_the_query_and_the_fragment() {
        assert_eq!(
            path_variables("/repos/{owner}/:repo/<n>"),
            ["owner", "repo", "n"]
        );
        assert_eq!(
            path_variables("/x{/a,b}{.c}{;d}{+e}/{a}"),
            ["a", "b", "c", "d", "e", "a"]
        );
        assert_eq!(path_variables("/x/{a}?b={b}"), ["a"]);
        assert_eq!(path_variables("/x/{a}#{b}"), ["a"]);
        assert_eq!(path_variables("/x/{a}{?b}/{c}"), ["a"]);
        assert_eq!(path_variables("/x/{a}{&b}"), ["a"]);
        assert_eq!(path_variables("/x/{a}{#b}/{c}"), ["a"]);
        assert!(path_variables("{?a}/{b}").is_empty());
        assert!(path_variables("/user").is_empty());
    }
}
