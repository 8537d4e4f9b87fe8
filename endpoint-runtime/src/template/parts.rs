//! The parsed form of a template. The `endpoint!` macro emits it as
//! constants, which is why these types are public (through the crate's
//! hidden `__private` module) but not part of the crate's API.

use std::borrow::Cow;

use super::Template;

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
    /// Whether the expression writes into the URL's path: it comes before
    /// any literal `?` or `#` and is not `{?…}`, `{&…}` or `{#…}`.
    pub in_path: bool,
    /// The variables, in order.
    pub variables: Cow<'a, [VarSpec<'a>]>,
}

/// A variable of an expression, with its modifier.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VarSpec<'a> {
    /// The name as written; it is also the parameter key.
    pub name: Cow<'a, str>,
    /// The index of the name in the template's distinct names.
    pub slot: u32,
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

    /// Whether this operator ends the path (`?`, `&` and `#`).
    pub const fn ends_path(self) -> bool {
        matches!(self, Self::Query | Self::QueryContinuation | Self::Fragment)
    }
}

/// A template made of parts known at compile time: what the `endpoint!`
/// macro emits, from the parsed form of its route.
pub const fn static_template(
    parts: &'static [Part<'static>],
    names: &'static [Cow<'static, str>],
    literal_len: usize,
) -> Template<'static> {
    Template {
        parts: Cow::Borrowed(parts),
        names: Cow::Borrowed(names),
        literal_len,
    }
}

impl<'a> Template<'a> {
    /// The parts, in order.
    #[doc(hidden)]
    pub fn parts(&self) -> &[Part<'a>] {
        &self.parts
    }

    /// The length of the literal text.
    #[doc(hidden)]
    pub fn literal_len(&self) -> usize {
        self.literal_len
    }
}
