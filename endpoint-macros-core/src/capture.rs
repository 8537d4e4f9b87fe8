//! The expression form's checks, as `format!` checks its arguments: each
//! placeholder takes the named argument of its (field) name, or else captures
//! the variable of that name in scope; an argument no placeholder takes is an
//! error. `expand` serializes each value where the macro is used, so the
//! result holds no borrow.
//!
//! The result, a [`CheckedExpr`], is everything `expand` needs besides the
//! arguments as written.

use std::collections::HashSet;

use crate::ident::FieldName;
use syn::ext::IdentExt;
use syn::{Expr, Ident, LitStr};

use crate::ast::{ExprDef, NamedArg};
use crate::ctxt::Ctxt;
use crate::route::{self, Checked, Placeholder, field_ident};

/// The expression form after the checks: one field per placeholder, in
/// template order.
pub(crate) type CheckedExpr = Checked<ExprField>;

/// A placeholder of the expression form, with its value.
pub(crate) struct ExprField {
    /// The field name in the hidden struct.
    pub ident: Ident,
    /// The placeholder.
    pub wire: String,
    /// The value: the argument, or the captured variable.
    pub value: Expr,
}

/// Checks the expression form: the route, then arguments against placeholders.
pub(crate) fn check_expr(cx: &mut Ctxt, def: &ExprDef) -> CheckedExpr {
    let route = route::check_route(cx, &def.route);
    check_arguments_once(cx, &def.args);
    let mut fields = Vec::new();
    for var in route.placeholders() {
        route::check_placeholder_key(cx, &def.route, &var.name);
        fields.extend(placeholder_value(cx, &def.route, &def.args, &var));
    }
    // Without a template, the placeholders are unknown.
    if route.template.is_some() {
        check_arguments_known(cx, &def.route, &def.args, &fields);
    }
    Checked {
        method: route.method,
        template_text: route.url,
        template: route.template,
        fields,
        server: None,
        body: None,
        paginate: None,
        error: None,
        accept: None,
        api: None,
        spec: None,
    }
}

fn check_arguments_once(cx: &mut Ctxt, args: &[NamedArg]) {
    let mut seen = HashSet::new();
    for arg in args {
        let name = arg.name.unraw().to_string();
        if !seen.insert(name.clone()) {
            cx.error(&arg.name, format!("the argument `{name}` is given twice"));
        }
    }
}

/// The value of a placeholder: the argument of its name or of its field's
/// name, or else the variable of its name in scope when that is a Rust
/// identifier. `None` (with an error) when there is neither.
fn placeholder_value(
    cx: &mut Ctxt,
    lit: &LitStr,
    args: &[NamedArg],
    var: &Placeholder,
) -> Option<ExprField> {
    let span = lit.span();
    let name = FieldName::of(&var.name);
    let ident = field_ident(&name, span);
    let key = ident.unraw().to_string();
    let arg = args
        .iter()
        .find(|arg| arg.name.unraw() == key || arg.name.unraw() == var.name);
    let value = match arg {
        Some(arg) => arg.value.clone(),
        None if name.same_as_wire => {
            let variable = Ident::new(&var.name, span);
            syn::parse_quote_spanned!(span=> #variable)
        }
        None => {
            cx.error(
                lit,
                format!(
                    "the placeholder `{}` needs a value: pass it as `{ident} = …` (only placeholders \
                     named like a Rust variable are taken from the variables in scope)",
                    var.name
                ),
            );
            return None;
        }
    };
    Some(ExprField {
        ident,
        wire: var.name.clone(),
        value,
    })
}

/// Arguments that no placeholder takes.
fn check_arguments_known(cx: &mut Ctxt, lit: &LitStr, args: &[NamedArg], fields: &[ExprField]) {
    for arg in args {
        let name = arg.name.unraw().to_string();
        if !fields
            .iter()
            .any(|f| f.ident.unraw() == name || f.wire == name)
        {
            cx.error(
                &arg.name,
                format!(
                    "unknown argument `{name}`: the route `{}` has no placeholder `{name}`",
                    lit.value()
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctxt::{assert_reported, check_tokens};
    use quote::{ToTokens, quote};

    fn check(tokens: proc_macro2::TokenStream) -> (CheckedExpr, Vec<String>) {
        check_tokens(tokens, check_expr)
    }

    #[test]
    fn expression_arguments() {
        let (checked, errors) = check(quote!(
            "GET /x/<owner>/{type}/{a-b}",
            r#type = 1,
            a_b = 2,
            extra = 3
        ));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("unknown argument `extra`"), "{errors:?}");
        assert_eq!(checked.fields.len(), 3);
        assert_eq!(
            checked.fields[0].value.to_token_stream().to_string(),
            "owner"
        );

        let errors = check(quote!("GET /x/{type}/{a-b}", a = 1, a = 2)).1;
        assert_reported(
            &errors,
            &[
                "`a` is given twice",
                "placeholder `type` needs a value",
                "pass it as `a_b = …`",
            ],
        );
    }

    #[test]
    fn arguments_are_matched_by_wire_or_field_name() {
        let (checked, errors) = check(quote!("GET /x/{per-page}/{id}", per_page = n, id = f()));
        assert!(errors.is_empty(), "{errors:?}");
        // Field, placeholder, value.
        let fields: Vec<String> = checked
            .fields
            .iter()
            .map(|f| format!("{} {} {}", f.ident, f.wire, f.value.to_token_stream()))
            .collect();
        assert_eq!(fields, ["per_page per-page n", "id id f ()"]);
        // Without a template, the placeholders are unknown: no argument is refused.
        let errors = check(quote!("GET /x/{", anything = 1)).1;
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("unclosed expression"), "{errors:?}");
    }
}
