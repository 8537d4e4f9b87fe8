//! Writing one planned item: an operation's `endpoint!` struct, its enums
//! by status and choice of bodies, its constructor, and the aliases of
//! its former names.

use std::cell::RefCell;
use std::collections::HashMap;

use endpoint_macros_core::{FieldDef, ItemDef};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::parse_quote;

use super::text::{doc_indent, one_line, toml_string};
use crate::emit::{self, Paths};
use crate::ident;
use crate::operations::{
    self, ChoiceValue, FieldPlan, Location, OperationPlan, Plan, Status, Success, Ty,
    status_variant,
};
use crate::types::Type;
use endpoint_runtime::sibling::Style;

/// `#[doc = "…"]` attributes, one per line of `text` (built, not parsed:
/// descriptions are long).
fn doc_attrs(text: &str) -> Vec<syn::Attribute> {
    let span = Span::call_site();
    crate::docs::lines(text)
        .into_iter()
        .map(|line| {
            let line = if line.is_empty() {
                String::new()
            } else {
                format!(" {line}")
            };
            syn::Attribute {
                pound_token: syn::token::Pound(span),
                style: syn::AttrStyle::Outer,
                bracket_token: syn::token::Bracket(span),
                meta: syn::Meta::NameValue(syn::MetaNameValue {
                    path: syn::Ident::new("doc", span).into(),
                    eq_token: syn::token::Eq(span),
                    value: syn::Expr::Lit(syn::ExprLit {
                        attrs: Vec::new(),
                        lit: syn::Lit::Str(syn::LitStr::new(&line, span)),
                    }),
                }),
            }
        })
        .collect()
}

/// The documentation of an operation's answer of `status`: the
/// description's, else the status.
pub(super) fn status_doc(op: &OperationPlan, status: Status) -> String {
    op.statuses
        .iter()
        .find(|(s, _)| *s == status)
        .map_or_else(|| format!("`{status}`."), |(_, doc)| doc.clone())
}

/// Operations' names as a documentation links them: `` [`A`] ``,
/// `` [`A`] and [`B`] ``, `` [`A`], [`B`] and [`C`] ``.
fn names_list(names: &[String]) -> String {
    let links: Vec<String> = names.iter().map(|name| format!("[`{name}`]")).collect();
    match links.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((only, _)) => only.clone(),
        None => String::new(),
    }
}

/// An enum of answers or refusals by status, as an operation writes it:
/// its own, or an alias of the same enum that an operation before it in
/// its module writes, so that the crate compiles one enum and its impls
/// where it would compile one per operation. Decided before writing
/// ([`super::checks::share_enums`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum EnumShare {
    /// The operation writes the enum, which `users` use (itself first;
    /// the enum's documentation names them all).
    Writes {
        /// The operations that use the enum, in order.
        users: Vec<String>,
    },
    /// The operation names the enum `name` that `first` writes by an
    /// alias (`pub type`).
    Aliases {
        /// The enum's name (`first`'s).
        name: String,
        /// The operation that writes it.
        first: String,
    },
}

/// How each of an operation's enums by status is written; `None` for an
/// answer or refusal that is not by status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Shares {
    /// Its answers' enum.
    pub answers: Option<EnumShare>,
    /// Its refusals' enum.
    pub refusals: Option<EnumShare>,
}

/// Writes the items of a plan.
pub(super) struct Writer<'p> {
    plan: &'p Plan,
    paths: &'p Paths,
    /// Each Rust type written so far, parsed.
    parsed: RefCell<HashMap<String, syn::Type>>,
}

impl<'p> Writer<'p> {
    /// A writer of `plan`'s items, its types named by `paths`.
    pub(super) fn new(plan: &'p Plan, paths: &'p Paths) -> Self {
        Writer {
            plan,
            paths,
            parsed: RefCell::default(),
        }
    }

    /// `text` as a type, parsed once.
    fn parse_type(&self, text: &str) -> Result<syn::Type, String> {
        if let Some(ty) = self.parsed.borrow().get(text) {
            return Ok(ty.clone());
        }
        let ty: syn::Type =
            syn::parse_str(text).map_err(|err| format!("the type `{text}`: {err}"))?;
        self.parsed.borrow_mut().insert(text.to_owned(), ty.clone());
        Ok(ty)
    }

    /// The Rust spelling of a type, planned types under `prefix`.
    pub(super) fn ty(&self, ty: &Ty, op: &OperationPlan, prefix: &str) -> String {
        match ty {
            Ty::Planned(ty) => emit::type_text(ty, &self.plan.types, prefix, self.paths),
            Ty::File => "::endpoint::body::File".to_owned(),
            Ty::Bytes => "::endpoint::body::Bytes".to_owned(),
            Ty::Choice => op
                .choice
                .as_ref()
                .map_or_else(|| "::serde_json::Value".to_owned(), |c| c.name.clone()),
        }
    }

    /// The type a successful call decodes.
    fn answer(&self, op: &OperationPlan) -> String {
        match &op.success {
            Success::Unit => "()".to_owned(),
            Success::One(ty) => self.ty(ty, op, "crate::models::"),
            Success::ByStatus(_) => op.answer_name.clone(),
        }
    }

    /// The type of a refusal's body, if the operation names one.
    fn error(&self, op: &OperationPlan) -> Option<String> {
        match &op.error {
            Success::Unit => None,
            Success::One(ty) => Some(self.ty(ty, op, "crate::models::")),
            Success::ByStatus(_) => Some(op.error_name.clone()),
        }
    }

    /// The variants of an `answers!` enum of types by status: a variant
    /// per status, documented by the status's description.
    ///
    /// # Errors
    /// A type that does not parse (a bug of this crate).
    pub(super) fn variants(
        &self,
        op: &OperationPlan,
        by_status: &[(Status, Option<Ty>)],
    ) -> Result<Vec<TokenStream>, String> {
        let mut variants: Vec<String> = Vec::new();
        let mut tokens = Vec::new();
        for (status, ty) in by_status {
            let variant = ident::unique(status_variant(*status), |candidate| {
                variants.iter().any(|v| v == candidate)
            });
            variants.push(variant.clone());
            let docs = doc_attrs(&status_doc(op, *status));
            let status = status.to_string();
            let variant = ident::ident(&variant);
            let ty = match ty {
                Some(ty) => {
                    let ty = self.parse_type(&self.ty(ty, op, "crate::models::"))?;
                    quote!((#ty))
                }
                None => quote!(),
            };
            tokens.push(quote!(#(#docs)* #variant #ty = #status,));
        }
        Ok(tokens)
    }

    /// The `answers!` enum of types by status named `name`, formatted, or
    /// the alias of the same enum that another operation of the module
    /// writes, as `share` says.
    fn answers_enum(
        &self,
        op: &OperationPlan,
        name: &str,
        what: &'static str,
        by_status: &[(Status, Option<Ty>)],
        share: Option<&EnumShare>,
    ) -> Result<String, String> {
        let ident = ident::ident(name);
        let users = match share {
            Some(EnumShare::Aliases {
                name: shared,
                first,
            }) => {
                let first_ident = ident::ident(shared);
                let doc = format!(
                    " The {what} of [`{}`], by status: [`{shared}`], which [`{first}`] shares.",
                    op.name
                );
                let file: syn::File = syn::parse2(quote! {
                    #[doc = #doc]
                    pub type #ident = #first_ident;
                })
                .map_err(|err| format!("the alias `{name}`: {err}"))?;
                return Ok(prettyplease::unparse(&file));
            }
            Some(EnumShare::Writes { users }) => users.as_slice(),
            None => std::slice::from_ref(&op.name),
        };
        let tokens = self.variants(op, by_status)?;
        let doc = format!(" The {what} of {}, by status.", names_list(users));
        let file: syn::File = syn::parse2(quote! {
            #[doc = #doc]
            #[derive(Debug, Clone, PartialEq)]
            pub enum #ident { #(#tokens)* }
        })
        .map_err(|err| format!("the enum `{name}`: {err}"))?;
        let mut out = String::from("::endpoint::answers! {\n");
        for line in prettyplease::unparse(&file).lines() {
            out.push_str(&doc_indent(line));
        }
        out.push_str("}\n");
        Ok(out)
    }

    /// The text of an operation's items: its choice of bodies, its enums
    /// by status as `shares` says, the `endpoint!` invocation (with the
    /// parameters' styles when `styles`) and its constructor.
    ///
    /// # Errors
    /// A type that does not parse (a bug of this crate).
    pub(super) fn operation(
        &self,
        op: &OperationPlan,
        styles: bool,
        shares: &Shares,
    ) -> Result<String, String> {
        let item = self.item(op, styles, true)?;
        let mut text = String::new();
        if let Some(choice) = self.choice(op) {
            text.push_str(&choice);
            text.push('\n');
        }
        for (by_status, name, what, share) in [
            (&op.success, &op.answer_name, "answers", &shares.answers),
            (&op.error, &op.error_name, "refusals", &shares.refusals),
        ] {
            if let Success::ByStatus(by_status) = by_status {
                text.push_str(&self.answers_enum(op, name, what, by_status, share.as_ref())?);
                text.push('\n');
            }
        }
        text.push_str(&item_text(&item)?);
        if let Some(constructor) = constructor(self, op) {
            text.push('\n');
            text.push_str(&constructor);
        }
        Ok(text)
    }
    /// The choice of media types of the body, an enum and its `Content`.
    fn choice(&self, op: &OperationPlan) -> Option<String> {
        let choice = op.choice.as_ref()?;
        let name = ident::ident(&choice.name);
        let doc = format!(" The body of [`{}`], in one of its media types.", op.name);
        let variants = choice.variants.iter().map(|(variant, media_type, value)| {
            let variant = ident::ident(variant);
            let doc = doc_attrs(&format!("As `{media_type}`."));
            let ty = match value {
                ChoiceValue::Json => quote!(::serde_json::Value),
                ChoiceValue::Text => quote!(String),
                ChoiceValue::File => quote!(::endpoint::body::File),
            };
            quote!(#(#doc)* #variant(#ty),)
        });
        let arms = choice.variants.iter().map(|(variant, media_type, _)| {
            let variant = ident::ident(variant);
            quote!(#name::#variant(value) => ::endpoint::body::Contents::new(#media_type, value.to_param()),)
        });
        let tokens = quote! {
            #[doc = #doc]
            #[derive(Debug, Clone, PartialEq)]
            pub enum #name { #(#variants)* }

            impl ::endpoint::body::Content for #name {
                fn content(&self) -> ::endpoint::body::Contents<'_> {
                    use ::endpoint::__private::ToParam;
                    match self { #(#arms)* }
                }
            }
        };
        let file: syn::File = syn::parse2(tokens).ok()?;
        Some(prettyplease::unparse(&file))
    }

    /// The `endpoint!` item of an operation; with `styles` false, without
    /// the parameters' styles, with `docs` false without documentation.
    pub(super) fn item(
        &self,
        op: &OperationPlan,
        styles: bool,
        docs: bool,
    ) -> Result<ItemDef, String> {
        let default = op.fields.iter().all(FieldPlan::may_be_left_out);
        let api: syn::Path = parse_quote!(crate::api);
        let derive: syn::Attribute = if default {
            parse_quote!(#[derive(Debug, Clone, PartialEq, Default)])
        } else {
            parse_quote!(#[derive(Debug, Clone, PartialEq)])
        };
        let mut attrs = if docs { doc_attrs(&op.doc) } else { Vec::new() };
        attrs.push(derive);
        // The options of this project's rules first, in one attribute: the
        // crate's endpoint, a body always sent, the answers' media types.
        let mut words = vec![quote!(api = #api)];
        if op.body_required {
            words.push(quote!(body_required));
        }
        if let Some(accept) = &op.accept {
            words.push(quote!(accept = #accept));
        }
        let mut options: Vec<syn::Attribute> = vec![parse_quote!(#[endpoint(#(#words),*)])];
        options.extend(
            op.content_type
                .iter()
                .map(|media_type| parse_quote!(#[endpoint(content_type = #media_type)])),
        );
        if let Some(error) = self.error(op) {
            let error = self.parse_type(&error)?;
            options.push(parse_quote!(#[endpoint(error = #error)]));
        }
        if let Some(paging) = &op.paging {
            let words = endpoint_macros_core::paginate_words(paging);
            options.push(parse_quote!(#[endpoint(paginate(#words))]));
        }
        if let Some(server) = &op.server {
            options.push(parse_quote!(#[endpoint(server = #server)]));
        }
        let response = self.parse_type(&self.answer(op))?;
        let fields = op
            .fields
            .iter()
            .map(|field| self.field(op, field, styles, docs))
            .collect::<Result<_, _>>()?;
        Ok(ItemDef {
            attrs,
            options,
            vis: parse_quote!(pub),
            ident: ident::ident(&op.name),
            generics: syn::Generics::default(),
            route: syn::LitStr::new(
                &format!("{} {}", op.method_name(), op.template),
                Span::call_site(),
            ),
            response: Some(response),
            fields,
        })
    }

    fn field(
        &self,
        op: &OperationPlan,
        field: &FieldPlan,
        styles: bool,
        docs: bool,
    ) -> Result<FieldDef, String> {
        let mut ty = self.ty(&field.ty, op, "crate::models::");
        if field.optional {
            ty = format!("Option<{ty}>");
        }
        let ty = self.parse_type(&ty)?;
        let bare = field.name.trim_start_matches("r#");
        let mut words = Vec::new();
        if let Some(word) = field.location.option_name()
            && field.location != Location::Path
        {
            words.push(word.to_owned());
        }
        if field.multi_segment {
            words.push("multi_segment".to_owned());
        }
        // A required property whose value may be null: `None` is sent as
        // `null`, never left out (the API refuses a body without it).
        if field.location == Location::Body
            && field.required
            && matches!(field.ty, Ty::Planned(Type::Option(_)))
        {
            words.push("nullable".to_owned());
        }
        let renamed = match field.location {
            Location::Path | Location::Content => false,
            Location::Header => field.wire != bare.replace('_', "-"),
            _ => field.wire != bare,
        };
        if renamed {
            words.push(format!("rename = {:?}", field.wire));
        }
        if styles {
            if let Some(style) = field.style.and_then(Style::openapi_name) {
                words.push(format!("style = {style:?}"));
            }
            match field.explode {
                Some(true) => words.push("explode".to_owned()),
                Some(false) => words.push("explode = false".to_owned()),
                None => {}
            }
            if field.allow_reserved {
                words.push("allow_reserved".to_owned());
            }
        }
        if let Some(media_type) = &field.content_type {
            words.push(format!("content_type = {media_type:?}"));
        }
        let options = if words.is_empty() {
            Vec::new()
        } else {
            let tokens: proc_macro2::TokenStream = words
                .join(", ")
                .parse()
                .map_err(|err| format!("the options of `{}`: {err}", field.name))?;
            vec![parse_quote!(#[endpoint(#tokens)])]
        };
        Ok(FieldDef {
            attrs: if docs {
                doc_attrs(&field.doc)
            } else {
                Vec::new()
            },
            options,
            vis: parse_quote!(pub),
            ident: ident::ident(&field.name),
            ty,
        })
    }
}

/// `new`, the constructor of a request that has required fields (and so no
/// `Default`): one argument per required field ([`emit::constructor`]),
/// every other field `None`. `None` for a struct that derives `Default`.
fn constructor(writer: &Writer<'_>, op: &OperationPlan) -> Option<String> {
    if op.fields.iter().all(FieldPlan::may_be_left_out) {
        return None;
    }
    let slots: Vec<emit::Slot<'_>> = op
        .fields
        .iter()
        .map(|field| emit::Slot {
            name: &field.name,
            argument: (!field.may_be_left_out())
                .then(|| writer.ty(&field.ty, op, "crate::models::")),
            empty: "None",
        })
        .collect();
    Some(emit::constructor(&op.name, None, &slots))
}

/// An `endpoint!` invocation of `item`, formatted: the struct formatted as a
/// plain struct by `prettyplease`, the route put back after its name.
fn item_text(item: &ItemDef) -> Result<String, String> {
    let fields: Vec<syn::Field> = item
        .fields
        .iter()
        .map(|field| {
            let attrs = field.attrs.iter().chain(&field.options);
            let (vis, name, ty) = (&field.vis, &field.ident, &field.ty);
            parse_quote!(#(#attrs)* #vis #name: #ty)
        })
        .collect();
    let attrs = item.attrs.iter().chain(&item.options);
    let (vis, name) = (&item.vis, &item.ident);
    let plain: syn::ItemStruct = if fields.is_empty() {
        parse_quote!(#(#attrs)* #vis struct #name;)
    } else {
        parse_quote!(#(#attrs)* #vis struct #name { #(#fields,)* })
    };
    let text = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![syn::Item::Struct(plain)],
    });
    let response = match &item.response {
        Some(ty) => {
            let alias: syn::File = parse_quote!(type T = #ty;);
            let alias = prettyplease::unparse(&alias);
            let ty = alias
                .trim()
                .strip_prefix("type T = ")
                .and_then(|rest| rest.strip_suffix(';'))
                .ok_or("an answer type that does not format")?;
            format!(" -> {ty}")
        }
        None => String::new(),
    };
    let route = item.route.to_token_stream().to_string();
    let head = format!("pub struct {}", item.ident);
    let mut out = String::from("endpoint! {\n");
    let mut done = false;
    for line in text.lines() {
        let line = if !done && (line == format!("{head} {{") || line == format!("{head};")) {
            done = true;
            format!("{head} = {route}{response}{}", &line[head.len()..])
        } else {
            line.to_owned()
        };
        out.push_str(&doc_indent(&line));
    }
    out.push_str("}\n");
    if !done {
        return Err(format!("`{}` does not format as a struct", item.ident));
    }
    Ok(out)
}

/// A former name of an operation: a deprecated alias of its struct, built
/// with the struct's feature when it is in another module and `features`
/// (a crate of its own; one file has no features).
pub(super) fn alias_item(
    plan: &Plan,
    alias: &operations::Alias,
    op: &OperationPlan,
    features: bool,
) -> String {
    let target = &plan.modules[op.module];
    let (path, cfg) = if op.module == alias.module {
        (op.name.clone(), String::new())
    } else if !features {
        (
            format!("crate::{}::{}", target.name, op.name),
            String::new(),
        )
    } else {
        (
            format!("crate::{}::{}", target.name, op.name),
            format!("#[cfg(feature = {})]\n", toml_string(&target.feature)),
        )
    };
    let when = alias
        .date
        .as_deref()
        .map(|date| format!(" on {}", one_line(date).replace(['`', '"', '\\'], "")))
        .unwrap_or_default();
    let before = alias.before.replace('`', "'");
    let name = &op.name;
    let alias_name = &alias.name;
    let link = if op.module == alias.module {
        format!("[`{name}`]")
    } else {
        format!("[`{name}`]({path})")
    };
    format!(
        "/// The former name of {link}: the operation `{before}` was renamed{when}.\n\
         {cfg}#[deprecated(note = \"renamed to `{name}`{when}\")]\n\
         pub type {alias_name} = {path};\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_listed_with_and_before_the_last() {
        let names = |list: &[&str]| {
            names_list(
                &list
                    .iter()
                    .map(|name| (*name).to_owned())
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(names(&["A"]), "[`A`]");
        assert_eq!(names(&["A", "B"]), "[`A`] and [`B`]");
        assert_eq!(names(&["A", "B", "C"]), "[`A`], [`B`] and [`C`]");
        assert_eq!(names(&[]), "");
    }
}
