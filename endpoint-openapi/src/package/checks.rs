//! The decisions the writer follows, made before it writes a line: whether
//! an operation's parameters keep their styles (decided from the plan,
//! [`styles::refusal`]), whether `endpoint!` takes its struct as it will
//! be written (the macro's own expansion, without documentation, which the
//! macro only passes on: what keeps a generated crate compiling whatever
//! the description holds), and which operations of a module share an enum
//! by status (decided from the plan).

use std::collections::HashMap;

use endpoint_macros_core::ItemDef;
use quote::ToTokens;

use super::items::{EnumShare, Shares, Writer, status_doc};
use super::styles;
use crate::operations::{OperationPlan, Plan, Status, Success, Ty};
use crate::types::Type;

/// Whether `endpoint!` takes an operation's struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// As planned.
    Taken,
    /// Only without its parameters' styles: the rule of the macro they
    /// break, in its words.
    WithoutStyles(String),
    /// Not at all: the macro's first error (or what else keeps the
    /// operation's items from being written).
    Refused(String),
}

impl Verdict {
    /// Whether the operation is written.
    pub(super) fn taken(&self) -> bool {
        !matches!(self, Verdict::Refused(_))
    }

    /// Whether the operation is written with its parameters' styles.
    pub(super) fn styles(&self) -> bool {
        matches!(self, Verdict::Taken)
    }
}

/// The verdict on `op`'s struct: its parameters' styles kept unless the
/// plan's styles break a rule of the macro ([`styles::refusal`]), then the
/// macro's expansion of the struct as it will be written, which refuses
/// it or not; an operation whose enums by status do not build is refused
/// too.
pub(super) fn verdict(writer: &Writer<'_>, op: &OperationPlan) -> Verdict {
    let checked = || -> Result<Verdict, String> {
        let verdict = styles::refusal(op).map_or(Verdict::Taken, Verdict::WithoutStyles);
        if let Some(error) = refusal(&writer.item(op, verdict.styles(), false)?) {
            return Ok(Verdict::Refused(error));
        }
        for by_status in [&op.success, &op.error] {
            if let Success::ByStatus(by_status) = by_status {
                writer.variants(op, by_status)?;
            }
        }
        Ok(verdict)
    };
    checked().unwrap_or_else(Verdict::Refused)
}

/// The first error the macro reports for `item`, if any: the message of
/// its first `compile_error!`.
fn refusal(item: &ItemDef) -> Option<String> {
    first_error(endpoint_macros_core::expand_item(item))
}

/// The message of the first `compile_error!` of the macro's `expanded`
/// output, if any.
pub(super) fn first_error(expanded: proc_macro2::TokenStream) -> Option<String> {
    use proc_macro2::TokenTree;
    let expanded: Vec<TokenTree> = expanded.into_iter().collect();
    expanded.windows(3).find_map(|window| match window {
        [
            TokenTree::Ident(name),
            TokenTree::Punct(bang),
            TokenTree::Group(group),
        ] if name == "compile_error" && bang.as_char() == '!' => {
            let message = group.stream().into_iter().find_map(|token| match token {
                TokenTree::Literal(literal) => {
                    syn::parse2::<syn::LitStr>(literal.into_token_stream()).ok()
                }
                _ => None,
            });
            Some(message.map_or_else(|| "an error".to_owned(), |m| m.value()))
        }
        _ => None,
    })
}

/// What makes two enums by status the same Rust enum: their module,
/// whether they are answers or refusals, and per status (in order) its
/// documentation's lines and the planned type of its body.
type EnumKey = (
    usize,
    &'static str,
    Vec<(Status, Vec<String>, Option<BodyKey>)>,
);

/// The planned type of a status's body, as the key of an enum by status.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum BodyKey {
    /// A type of the type space.
    Planned(Type),
    /// A file.
    File,
    /// Bytes.
    Bytes,
    /// The operation's choice of media types, by its name.
    Choice(String),
}

impl BodyKey {
    fn of(ty: &Ty, op: &OperationPlan) -> BodyKey {
        match ty {
            Ty::Planned(ty) => BodyKey::Planned(ty.clone()),
            Ty::File => BodyKey::File,
            Ty::Bytes => BodyKey::Bytes,
            Ty::Choice => BodyKey::Choice(
                op.choice
                    .as_ref()
                    .map_or_else(String::new, |choice| choice.name.clone()),
            ),
        }
    }
}

/// How each written operation (`taken`, by the plan's index) writes its
/// enums by status: the first of a module's operations whose enum has the
/// same statuses, documentation and types writes it, naming every
/// operation that uses it, and the others alias it.
pub(super) fn share_enums(plan: &Plan, taken: &[bool]) -> Vec<Shares> {
    let mut groups: HashMap<EnumKey, Vec<usize>> = HashMap::new();
    let mut keys: Vec<[Option<EnumKey>; 2]> = vec![[None, None]; plan.operations.len()];
    for (at, op) in plan.operations.iter().enumerate() {
        if !taken[at] {
            continue;
        }
        for (slot, (by_status, what)) in [(&op.success, "answers"), (&op.error, "refusals")]
            .into_iter()
            .enumerate()
        {
            if let Success::ByStatus(by_status) = by_status {
                let key = enum_key(op, what, by_status);
                groups.entry(key.clone()).or_default().push(at);
                keys[at][slot] = Some(key);
            }
        }
    }
    keys.into_iter()
        .enumerate()
        .map(|(at, [answers, refusals])| {
            let share = |key: Option<EnumKey>, name: fn(&OperationPlan) -> &String| {
                let users = &groups[&key?];
                let first = &plan.operations[users[0]];
                Some(if users[0] == at {
                    EnumShare::Writes {
                        users: users
                            .iter()
                            .map(|&user| plan.operations[user].name.clone())
                            .collect(),
                    }
                } else {
                    EnumShare::Aliases {
                        name: name(first).clone(),
                        first: first.name.clone(),
                    }
                })
            };
            Shares {
                answers: share(answers, |op| &op.answer_name),
                refusals: share(refusals, |op| &op.error_name),
            }
        })
        .collect()
}

/// The key of an operation's enum by status ([`EnumKey`]).
fn enum_key(op: &OperationPlan, what: &'static str, by_status: &[(Status, Option<Ty>)]) -> EnumKey {
    let statuses = by_status
        .iter()
        .map(|(status, ty)| {
            (
                *status,
                crate::docs::lines(&status_doc(op, *status)),
                ty.as_ref().map(|ty| BodyKey::of(ty, op)),
            )
        })
        .collect();
    (op.module, what, statuses)
}
