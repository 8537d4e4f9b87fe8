//! The parsed form of a template, packed: all its text in one string and its
//! structure in one list of numbers.
//!
//! A parsed template is data that the `endpoint!` macro writes into the
//! program as two constants, so it is kept in the form that costs the least
//! to compile: a string and an array of integers, rather than nested lists
//! of structs. The engine reads it through the borrowed views [`Part`],
//! [`Expression`] and [`VarSpec`]. These types are public (through the
//! crate's hidden `__private` module) for the macro, not part of the API.
//!
//! # The code
//!
//! `code[0]` is the length of the literal text and `code[1]` the number `n`
//! of distinct variable names; `n` pairs follow, each name's start and
//! length in the text, in slot order; then come the parts, in order. The
//! text holds each literal's (encoded) text and each variable's name, in the
//! order the parts mention them, so a part gives only its length.
//!
//! | item | words |
//! | --- | --- |
//! | literal | `len << 2` |
//! | expression | `variables << 6 \| in_path << 5 \| operator << 2 \| 1`, the length of its names, then its variables |
//! | variable | `name_len << 2 \| 2`, then `slot << 16 \| multi_segment << 15 \| modifier` (0 none, 1 explode, 2 + N prefix N) |
//!
//! `multi_segment` is 0 as parsed; [`Template::with_multi_segment`] sets it.

use std::borrow::Cow;

use super::Template;

const LITERAL: u32 = 0;
const EXPRESSION: u32 = 1;
const VARIABLE: u32 = 2;
const TAG: u32 = 3;

/// The words before the names' index.
const HEADER: usize = 2;

/// The bit of a variable's second word that marks it multi-segment; the
/// modifier takes the bits below it (at most `2 + 9999`).
const MULTI_SEGMENT: u32 = 1 << 15;

/// One piece of a [`Template`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'t> {
    /// Literal text, already percent-encoded where RFC 6570 section 3.1 requires.
    Literal(&'t str),
    /// An expression such as `{?q,sort}`.
    Expression(Expression<'t>),
}

/// An expression: an operator and one or more variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expression<'t> {
    /// The operator (`+`, `#`, `.`, `/`, `;`, `?`, `&`, or none).
    pub operator: Operator,
    /// Whether the expression writes into the URL's path: it comes before
    /// any literal `?` or `#` and is not `{?…}`, `{&…}` or `{#…}`.
    pub in_path: bool,
    /// The variables, in order.
    pub variables: Variables<'t>,
}

/// The variables of an [`Expression`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variables<'t> {
    text: &'t str,
    code: &'t [u32],
}

impl<'t> Variables<'t> {
    /// The variables, in order.
    #[inline]
    pub fn iter(&self) -> Variables<'t> {
        *self
    }

    /// How many variables there are.
    pub fn len(&self) -> usize {
        self.code.len() / 2
    }

    /// Whether there are none (never, in a parsed template).
    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }
}

impl<'t> Iterator for Variables<'t> {
    type Item = VarSpec<'t>;

    #[inline]
    fn next(&mut self) -> Option<VarSpec<'t>> {
        let [word, slot_word, rest @ ..] = self.code else {
            return None;
        };
        let (name, text) = self.text.split_at_checked((word >> 2) as usize)?;
        (self.text, self.code) = (text, rest);
        Some(VarSpec {
            name,
            slot: slot_word >> 16,
            modifier: Modifier::decode(slot_word & (MULTI_SEGMENT - 1)),
            multi_segment: slot_word & MULTI_SEGMENT != 0,
        })
    }
}

/// A variable of an expression, with its modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VarSpec<'t> {
    /// The name as written; it is also the parameter key.
    pub name: &'t str,
    /// The index of the name in the template's distinct names.
    pub slot: u32,
    /// Prefix, explode, or neither.
    pub modifier: Modifier,
    /// Whether a string value keeps its `/` as segment separators (see
    /// [`Template::with_multi_segment`]).
    pub multi_segment: bool,
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

impl Modifier {
    const fn encode(self) -> u32 {
        match self {
            Modifier::None => 0,
            Modifier::Explode => 1,
            Modifier::Prefix(n) => 2 + n as u32,
        }
    }

    const fn decode(word: u32) -> Self {
        match word {
            0 => Modifier::None,
            1 => Modifier::Explode,
            // A prefix is at most 9999, so the value fits.
            n => Modifier::Prefix((n - 2) as u16),
        }
    }
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
    const ALL: [Operator; 8] = [
        Self::Simple,
        Self::Reserved,
        Self::Fragment,
        Self::Label,
        Self::PathSegment,
        Self::PathParameter,
        Self::Query,
        Self::QueryContinuation,
    ];

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

/// A template known at compile time: what the `endpoint!` macro emits, the
/// [`Template::packed`] form of its route.
pub const fn static_template(text: &'static str, code: &'static [u32]) -> Template<'static> {
    Template {
        text: Cow::Borrowed(text),
        code: Cow::Borrowed(code),
    }
}

/// Writes the packed form while the parser reads the template.
#[derive(Default)]
pub(super) struct Packer {
    text: String,
    code: Vec<u32>,
    literal_len: usize,
    /// Where each name first appears in the text, and its length, by slot.
    names: Vec<[u32; 2]>,
    /// The code index of the literal just pushed, which more text extends.
    open_literal: Option<usize>,
}

impl Packer {
    /// Appends literal text, which `write` writes (already encoded); it
    /// joins the literal just before it when nothing came between them.
    pub(super) fn literal(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(&mut self.text);
        let added = self.text.len() - start;
        if added == 0 {
            return;
        }
        self.literal_len += added;
        match self.open_literal.and_then(|at| self.code.get_mut(at)) {
            Some(word) => *word += (added as u32) << 2,
            None => {
                self.open_literal = Some(self.code.len());
                self.code.push((added as u32) << 2 | LITERAL);
            }
        }
    }

    /// Appends an expression; each variable's slot must be set.
    pub(super) fn expression<'v>(
        &mut self,
        operator: Operator,
        in_path: bool,
        variables: impl ExactSizeIterator<Item = VarSpec<'v>>,
    ) {
        self.open_literal = None;
        self.code.push(
            (variables.len() as u32) << 6
                | u32::from(in_path) << 5
                | (operator as u32) << 2
                | EXPRESSION,
        );
        let names_len = self.code.len();
        self.code.push(0);
        let names_start = self.text.len();
        for var in variables {
            if var.slot as usize == self.names.len() {
                self.names
                    .push([self.text.len() as u32, var.name.len() as u32]);
            }
            self.text.push_str(var.name);
            self.code.push((var.name.len() as u32) << 2 | VARIABLE);
            let multi_segment = if var.multi_segment { MULTI_SEGMENT } else { 0 };
            self.code
                .push(var.slot << 16 | multi_segment | var.modifier.encode());
        }
        if let Some(word) = self.code.get_mut(names_len) {
            *word = (self.text.len() - names_start) as u32;
        }
    }

    pub(super) fn finish(mut self) -> Template<'static> {
        let mut code = Vec::with_capacity(HEADER + 2 * self.names.len() + self.code.len());
        code.extend([self.literal_len as u32, self.names.len() as u32]);
        code.extend(self.names.iter().flatten());
        code.append(&mut self.code);
        Template {
            text: Cow::Owned(self.text),
            code: Cow::Owned(code),
        }
    }
}

impl<'a> Template<'a> {
    /// The parts, in order.
    #[doc(hidden)]
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            text: &self.text,
            code: self
                .code
                .get(HEADER + 2 * self.name_count()..)
                .unwrap_or_default(),
        }
    }

    /// The packed form, `(text, code)`, that [`static_template`] takes.
    #[doc(hidden)]
    pub fn packed(&self) -> (&str, &[u32]) {
        (&self.text, &self.code)
    }

    /// The length of the literal text.
    #[doc(hidden)]
    pub fn literal_len(&self) -> usize {
        self.code.first().map_or(0, |&len| len as usize)
    }

    /// Sets the multi-segment bit of every occurrence of the variable at
    /// `slot`.
    pub(super) fn mark_multi_segment(&mut self, slot: usize) {
        let start = HEADER + 2 * self.name_count();
        let code = self.code.to_mut();
        let mut at = start;
        while let Some(&word) = code.get(at) {
            if word & TAG != EXPRESSION {
                at += 1;
                continue;
            }
            // The expression's word, the length of its names, its variables.
            let variables = (word >> 6) as usize;
            let first = at + 2;
            for i in 0..variables {
                if let Some(slot_word) = code.get_mut(first + 2 * i + 1)
                    && (*slot_word >> 16) as usize == slot
                {
                    *slot_word |= MULTI_SEGMENT;
                }
            }
            at = first + 2 * variables;
        }
    }

    /// The number of distinct variable names.
    pub(crate) fn name_count(&self) -> usize {
        self.code.get(1).map_or(0, |&count| count as usize)
    }

    /// The distinct variable names, in slot order.
    pub(crate) fn name_list(&self) -> Names<'_> {
        let index = self.code.get(HEADER..HEADER + 2 * self.name_count());
        Names {
            text: &self.text,
            index: index.unwrap_or_default(),
        }
    }
}

/// The distinct variable names of a [`Template`], in slot order.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Names<'t> {
    text: &'t str,
    /// `[start, len]` pairs.
    index: &'t [u32],
}

impl<'t> Names<'t> {
    pub(crate) fn len(&self) -> usize {
        self.index.len() / 2
    }

    pub(crate) fn get(&self, slot: usize) -> Option<&'t str> {
        let [start, len] = *self.index.get(2 * slot..2 * slot + 2)? else {
            return None;
        };
        self.text.get(start as usize..(start + len) as usize)
    }

    pub(crate) fn iter(self) -> impl ExactSizeIterator<Item = &'t str> {
        (0..self.len()).map(move |slot| self.get(slot).unwrap_or_default())
    }

    /// The slot of `name`.
    pub(crate) fn position(&self, name: &str) -> Option<usize> {
        let text = self.text.as_bytes();
        self.index.chunks_exact(2).position(|pair| {
            let (start, len) = (pair[0] as usize, pair[1] as usize);
            len == name.len() && text.get(start..start + len) == Some(name.as_bytes())
        })
    }
}

/// The parts of a [`Template`], in order.
#[derive(Debug, Clone)]
pub struct Parts<'t> {
    text: &'t str,
    code: &'t [u32],
}

impl<'t> Iterator for Parts<'t> {
    type Item = Part<'t>;

    #[inline]
    fn next(&mut self) -> Option<Part<'t>> {
        let (&word, rest) = self.code.split_first()?;
        if word & TAG == EXPRESSION {
            let (&names_len, rest) = rest.split_first()?;
            let words = 2 * (word >> 6) as usize;
            let (variables, rest) = rest.split_at_checked(words)?;
            let (names, text) = self.text.split_at_checked(names_len as usize)?;
            (self.text, self.code) = (text, rest);
            Some(Part::Expression(Expression {
                operator: *Operator::ALL.get(((word >> 2) & 7) as usize)?,
                in_path: word & (1 << 5) != 0,
                variables: Variables {
                    text: names,
                    code: variables,
                },
            }))
        } else {
            let (literal, text) = self.text.split_at_checked((word >> 2) as usize)?;
            (self.text, self.code) = (text, rest);
            Some(Part::Literal(literal))
        }
    }
}
