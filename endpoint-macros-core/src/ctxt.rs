//! The error collector the checks write to, like serde_derive's `Ctxt`: every
//! check runs to the end, and all the problems of an item are reported
//! together rather than one per compilation.

use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// The errors found so far.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: Vec<syn::Error>,
}

impl Ctxt {
    /// Records an error spanned on `tokens`.
    pub(crate) fn error(&mut self, tokens: impl ToTokens, message: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records an error at `span`.
    pub(crate) fn error_at(&mut self, span: Span, message: impl Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// Records a ready-made error.
    pub(crate) fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    /// How many errors were found so far.
    pub(crate) fn error_count(&self) -> usize {
        self.errors.len()
    }

    /// All the errors, combined into one (or `Ok` if there were none).
    pub(crate) fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_iter();
        match errors.next() {
            None => Ok(()),
            Some(mut first) => {
                first.extend(errors);
                Err(first)
            }
        }
    }

    /// The messages, in the order they were recorded.
    #[cfg(test)]
    pub(crate) fn messages(&self) -> Vec<String> {
        self.errors.iter().map(ToString::to_string).collect()
    }
}

/// Parses `tokens` as a `T` and checks it with `check`: the result and the
/// messages recorded.
#[cfg(test)]
pub(crate) fn check_tokens<T: syn::parse::Parse, R>(
    tokens: proc_macro2::TokenStream,
    check: impl FnOnce(&mut Ctxt, &T) -> R,
) -> (R, Vec<String>) {
    let input: T = match syn::parse2(tokens) {
        Ok(input) => input,
        Err(err) => panic!("the test input does not parse: {err}"),
    };
    let mut cx = Ctxt::default();
    let result = check(&mut cx, &input);
    (result, cx.messages())
}

/// Asserts that each of `needles` is in one of the `messages`.
#[cfg(test)]
pub(crate) fn assert_reported(messages: &[String], needles: &[&str]) {
    for needle in needles {
        assert!(
            messages.iter().any(|message| message.contains(needle)),
            "{needle}: {messages:?}"
        );
    }
}
