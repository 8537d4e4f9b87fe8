//! The decisions the writer follows, made before it writes a line:
//! whether `endpoint!` takes an operation's struct as planned, without its
//! parameters' styles, or not at all (a trial expansion through the
//! macro's own code, without documentation, which the macro only passes
//! on), and which operations of a module share an enum by status.

use std::collections::HashMap;

use endpoint_macros_core::ItemDef;
use quote::ToTokens;

use super::items::{EnumShare, Shares, Writer, status_doc};
use crate::operations::{OperationPlan, Plan, Success, Ty};

/// Whether `endpoint!` takes an operation's struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// As planned.
    Taken,
    /// Only without its parameters' styles: the macro's first error with
    /// them.
    WithoutStyles(String),
    /// Not even without styles: the macro's first error (or what else
    /// keeps the operation's items from being written).
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

/// The macro's verdict on `op`'s struct, expanded with and, when refused,
/// without the parameters' styles; an operation whose enums by status do
/// not build is refused too.
pub(super) fn verdict(writer: &Writer<'_>, op: &OperationPlan) -> Verdict {
    let checked = || -> Result<Verdict, String> {
        let mut verdict = Verdict::Taken;
        if let Some(error) = refusal(&writer.item(op, true, false)?) {
            if refusal(&writer.item(op, false, false)?).is_some() {
                return Ok(Verdict::Refused(error));
            }
            verdict = Verdict::WithoutStyles(error);
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
    use proc_macro2::TokenTree;
    let expanded: Vec<TokenTree> = endpoint_macros_core::expand_item(item)
        .into_iter()
        .collect();
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
/// documentation's lines and the Rust type of its body.
type EnumKey = (
    usize,
    &'static str,
    Vec<(String, Vec<String>, Option<String>)>,
);

/// How each written operation (`taken`, by the plan's index) writes its
/// enums by status: the first of a module's operations whose enum has the
/// same statuses, documentation and types writes it, naming every
/// operation that uses it, and the others alias it.
pub(super) fn share_enums(writer: &Writer<'_>, plan: &Plan, taken: &[bool]) -> Vec<Shares> {
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
                let key = enum_key(writer, op, what, by_status);
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
fn enum_key(
    writer: &Writer<'_>,
    op: &OperationPlan,
    what: &'static str,
    by_status: &[(String, Option<Ty>)],
) -> EnumKey {
    let statuses = by_status
        .iter()
        .map(|(status, ty)| {
            (
                status.clone(),
                crate::docs::lines(&status_doc(op, status)),
                ty.as_ref().map(|ty| writer.ty(ty, op, "crate::models::")),
            )
        })
        .collect();
    (op.module, what, statuses)
}
