//! Emitting: planned types as tokens, formatted by `prettyplease`.
//!
//! Every type derives `Debug`, `Clone`, `PartialEq` and `Serialize`; its
//! `Deserialize` is written by the support crate's macros (no
//! `deny_unknown_fields`: a key the plan does not know is skipped): a
//! struct's by `decode_struct!`, and a struct is `#[non_exhaustive]`, so
//! that a field added later is not a breaking change. An open enum goes
//! through `open_enum!`; a union decodes through `decode_union!` (each variant
//! tried in order on the value captured once; a first alternative that is a
//! struct of text, integers and booleans decoded in one pass, by
//! `decode_struct_or_value!`, without capturing) or `decode_tagged_union!`,
//! with a last `Other` variant that keeps any other JSON value.
//!
//! A type planned to write back what it read
//! ([`Rules::write_back`](crate::types::Rules::write_back)) is also built by
//! its users, as a request body: its struct is not `#[non_exhaustive]` and
//! derives `Default` when every field may be left out; an `Option` field of
//! a property that may be left out is not written when `None`
//! (`skip_serializing_if`), a [`Type::Nullable`] field not when absent; the
//! map of other keys is `#[serde(flatten)]`, and `decode_struct!` fills it.
//! A struct that a request holds ([`TypeDef::request`]) is built by its
//! users too: it has `new(…)` of its required fields (every other `None`,
//! absent or empty), and derives `Default` when it has none.
//!
//! How each [`Type`] is written: `i64`, `f64`, `i32`, `u32`, `u64`, `f32`,
//! `bool`, `String` (also for [`Type::Base64`]), `Vec<u8>` ([`Type::Bytes`]),
//! the support crate's `model::Timestamp`, `model::Uri` and
//! `model::Nullable<T>`, `serde_json::Value` and `Map`, `Vec<T>`,
//! `BTreeMap<String, T>`, `Option<T>`, `Box<T>`, `()`.

use std::fmt::Write as _;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::ident::ident;
use crate::types::{Body, Field, Page, Tag, Type, TypeDef, UnionVariant};

/// Where the emitted code finds what it names.
#[derive(Clone, Debug)]
pub struct Paths {
    /// The crate with the `model` module (`Timestamp`, `Uri`, `Paginated`)
    /// and `__private::open_enum!`: `::endpoint_runtime` or `::endpoint`.
    pub support: TokenStream,
    /// The `serde` crate.
    pub serde: TokenStream,
    /// The `serde_json` crate.
    pub serde_json: TokenStream,
}

impl Paths {
    /// The support crate's path as text (`::endpoint`), for the macro
    /// invocations written as text.
    fn support_text(&self) -> String {
        self.support.to_string().replace(' ', "")
    }
}

impl Default for Paths {
    fn default() -> Self {
        Paths {
            support: quote!(::endpoint),
            serde: quote!(::serde),
            serde_json: quote!(::serde_json),
        }
    }
}

/// The source of a module holding `types`: `header` (comments, inner
/// docs) then every type, formatted.
///
/// # Errors
/// Tokens that do not parse as a file (a bug of this crate).
#[cfg(test)]
pub fn module(header: &str, types: &[TypeDef], paths: &Paths) -> Result<String, String> {
    module_part(header, types, &|_| true, paths)
}

/// The source of a module holding the types of `types` that `written`
/// takes (by id): `header` then each of them, formatted; the others are
/// another module's, in scope by their names.
///
/// # Errors
/// Tokens that do not parse as a file (a bug of this crate).
pub fn module_part(
    header: &str,
    types: &[TypeDef],
    written: &dyn Fn(usize) -> bool,
    paths: &Paths,
) -> Result<String, String> {
    let mut out = header.to_owned();
    let support = paths.support_text();
    let first_in_one_pass = first_in_one_pass(types);
    for (id, def) in types.iter().enumerate().filter(|&(id, _)| written(id)) {
        if !out.is_empty() && !out.ends_with("\n\n") {
            out.push('\n');
        }
        match &def.body {
            // A macro's body is not formatted by `prettyplease`: the enum
            // inside is formatted as an item (its `Name = "value"` variants
            // parse as discriminants), then wrapped.
            Body::Enum(_) => {
                out.push_str(&format!("{support}::__private::open_enum! {{\n"));
                for line in format_def(def, open_enum_body(def))?.lines() {
                    if !line.is_empty() {
                        out.push_str("    ");
                    }
                    out.push_str(line);
                    out.push('\n');
                }
                out.push_str("}\n");
            }
            Body::Struct(fields) => {
                out.push_str(&format_def(def, item(def, types, paths))?);
                out.push('\n');
                if def.request {
                    out.push_str(&model_constructor(def, fields, types, paths));
                    out.push('\n');
                }
                out.push_str(&decode_struct(def, types, paths, "decode_struct"));
                if first_in_one_pass[id] {
                    out.push_str(&decode_struct(def, types, paths, "decode_struct_or_value"));
                }
            }
            Body::Union(variants) => {
                out.push_str(&format_def(def, item(def, types, paths))?);
                out.push('\n');
                out.push_str(&match &def.tag {
                    Some(tag) => decode_tagged_union(def, variants, (tag, true), types, paths),
                    None => decode_union(def, variants, &first_in_one_pass, types, paths),
                });
                if let Some(beside) = &def.beside {
                    out.push_str(&decode_tagged_union(
                        def,
                        variants,
                        (beside, false),
                        types,
                        paths,
                    ));
                }
            }
            _ => out.push_str(&format_def(def, item(def, types, paths))?),
        }
    }
    Ok(out)
}

fn format(tokens: TokenStream) -> Result<String, String> {
    let file: syn::File = syn::parse2(tokens).map_err(|err| format!("emitted tokens: {err}"))?;
    Ok(prettyplease::unparse(&file))
}

/// The Rust spelling of a type expression, with planned types under
/// `prefix` (`crate::models::`), for code written as text.
pub fn type_text(ty: &Type, types: &[TypeDef], prefix: &str, paths: &Paths) -> String {
    let tokens = type_tokens(ty, types, paths);
    let text = tokens.to_string();
    // The planned names `ty` holds (a few), rather than every type's name
    // for each token.
    let mut planned = Vec::new();
    planned_names(ty, types, &mut planned);
    // Token spacing (`Vec < Issue >`) to the usual spelling, and planned
    // names under the prefix.
    let mut out = String::new();
    for token in text.split(' ') {
        // A name after `::` is a path's (`::serde_json::Value`), not a
        // planned type of the same name.
        let is_planned = !out.ends_with("::") && planned.contains(&token);
        if is_planned {
            out.push_str(prefix);
        }
        out.push_str(token);
    }
    out
}

/// The items of the page `value`, of the type `ty` (a page, maybe boxed,
/// optional or nullable): none when it is absent or `null`.
fn wrapped_items(value: TokenStream, ty: &Type, paginated: &TokenStream) -> TokenStream {
    match ty {
        Type::Box(inner) => wrapped_items(quote!(*#value), inner, paginated),
        Type::Option(inner) => {
            let page = wrapped_items(quote!(page), inner, paginated);
            quote!(#value.map(|page| #page).unwrap_or_default())
        }
        Type::Nullable(inner) => {
            let page = wrapped_items(quote!(page), inner, paginated);
            quote!(#value.into_value().map(|page| #page).unwrap_or_default())
        }
        _ => quote!(#paginated::into_items(#value)),
    }
}

/// The names of the planned types that `ty` names.
fn planned_names<'t>(ty: &Type, types: &'t [TypeDef], out: &mut Vec<&'t str>) {
    match ty {
        Type::Named(id) => out.push(&types[*id].name),
        Type::Vec(inner)
        | Type::Map(inner)
        | Type::Option(inner)
        | Type::Nullable(inner)
        | Type::Box(inner) => planned_names(inner, types, out),
        _ => {}
    }
}

fn type_tokens(ty: &Type, types: &[TypeDef], paths: &Paths) -> TokenStream {
    let Paths {
        support,
        serde_json,
        ..
    } = paths;
    match ty {
        Type::Named(id) => {
            let name = ident(&types[*id].name);
            quote!(#name)
        }
        Type::String => quote!(String),
        Type::Timestamp => quote!(#support::model::Timestamp),
        Type::Uri => quote!(#support::model::Uri),
        Type::Integer => quote!(i64),
        Type::Number => quote!(f64),
        Type::I32 => quote!(i32),
        Type::U32 => quote!(u32),
        Type::U64 => quote!(u64),
        Type::F32 => quote!(f32),
        Type::Bytes => quote!(Vec<u8>),
        Type::Base64 => quote!(String),
        Type::Boolean => quote!(bool),
        Type::Json => quote!(#serde_json::Value),
        Type::JsonObject => quote!(#serde_json::Map<String, #serde_json::Value>),
        Type::Vec(inner) => {
            let inner = type_tokens(inner, types, paths);
            quote!(Vec<#inner>)
        }
        Type::Map(inner) => {
            let inner = type_tokens(inner, types, paths);
            quote!(::std::collections::BTreeMap<String, #inner>)
        }
        Type::Option(inner) => {
            let inner = type_tokens(inner, types, paths);
            quote!(Option<#inner>)
        }
        Type::Nullable(inner) => {
            let inner = type_tokens(inner, types, paths);
            quote!(#support::model::Nullable<#inner>)
        }
        Type::Box(inner) => {
            let inner = type_tokens(inner, types, paths);
            quote!(Box<#inner>)
        }
        Type::Unit => quote!(()),
    }
}

/// How a union variant's documentation names what it holds.
fn variant_doc(ty: &Type, types: &[TypeDef]) -> String {
    match ty {
        Type::Named(id) => format!("[`{}`]", types[*id].name),
        Type::Option(inner) | Type::Nullable(inner) | Type::Box(inner) => variant_doc(inner, types),
        Type::String | Type::Base64 => "a string".into(),
        Type::Bytes => "bytes".into(),
        Type::I32 | Type::U32 | Type::U64 => "an integer".into(),
        Type::F32 => "a number".into(),
        Type::Timestamp => "a date and time".into(),
        Type::Uri => "a URI".into(),
        Type::Integer => "an integer".into(),
        Type::Number => "a number".into(),
        Type::Boolean => "a boolean".into(),
        Type::Vec(_) => "a list".into(),
        Type::Map(_) | Type::JsonObject => "an object".into(),
        Type::Json | Type::Unit => "JSON".into(),
    }
}

fn docs(doc: Option<&str>) -> TokenStream {
    let Some(doc) = doc else {
        return TokenStream::new();
    };
    // Any line end of a text quoted in a sentence (a key) is one too.
    let plain = crate::docs::plain_lines(doc);
    let lines = plain.lines().map(|line| {
        let line = if line.is_empty() {
            String::new()
        } else {
            format!(" {line}")
        };
        quote!(#[doc = #line])
    });
    quote!(#(#lines)*)
}

/// The `#[cfg(…)]` of a type built only with some features, as text.
fn cfg_text(def: &TypeDef) -> Option<String> {
    let mut out = String::new();
    for feature in &def.features {
        if !out.is_empty() {
            out.push_str(", ");
        }
        push_feature(&mut out, feature);
    }
    match def.features.len() {
        0 => None,
        1 => Some(format!("#[cfg({out})]")),
        _ => Some(format!("#[cfg(any({out}))]")),
    }
}

/// `feature = "name"`, the name quoted as its `Debug` text quotes it.
fn push_feature(out: &mut String, feature: &str) {
    out.push_str("feature = ");
    // A feature is a name (letters, digits, `-`, `_`): quoted as it is.
    if feature
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        out.push('"');
        out.push_str(feature);
        out.push('"');
    } else {
        let _ = write!(out, "{feature:?}");
    }
}

/// The attribute that stands for a type's `#[cfg(…)]` in the tokens
/// formatted by `prettyplease`, replaced by the attribute laid out as
/// `prettyplease` lays it out ([`cfg_laid_out`]) in the text it writes
/// ([`format_def`]): a type enabled by thousands of features would
/// otherwise have its attribute parsed and printed token by token, in every
/// item of the type.
const CFG_STAND_IN: &str = "#[cfg(__endpoint_openapi_features)]";

fn cfg(def: &TypeDef) -> TokenStream {
    if def.features.is_empty() {
        return TokenStream::new();
    }
    CFG_STAND_IN.parse().expect("a cfg attribute parses")
}

/// [`format`] of the tokens of `def`, with its `#[cfg(…)]` written in.
fn format_def(def: &TypeDef, tokens: TokenStream) -> Result<String, String> {
    let text = format(tokens)?;
    Ok(match cfg_text(def) {
        Some(cfg) => text.replace(CFG_STAND_IN, &cfg_laid_out(def, cfg)?),
        None => text,
    })
}

/// The attribute `cfg` (the [`cfg_text`] of `def`) as `prettyplease` writes
/// it before an item at the start of a line: on one line when it fits in
/// its margin; otherwise broken after `cfg(`, and, when the `any(…)`
/// inside does not fit either, one feature a line. The lengths between
/// surely fitting and surely not are formatted by `prettyplease` itself.
fn cfg_laid_out(def: &TypeDef, cfg: String) -> Result<String, String> {
    // `prettyplease`'s margin is 89 columns; a margin of error each side.
    const FITS: usize = 80;
    const OVERFLOWS: usize = 100;
    if cfg.is_ascii() && cfg.len() <= FITS {
        return Ok(cfg);
    }
    // `#[cfg(any(` … `))]`, the `any(…)` indented by 4.
    if cfg.is_ascii()
        && def.features.len() > 1
        && cfg.len() - "#[cfg(".len() - ")]".len() + 4 > OVERFLOWS
    {
        let mut out = String::with_capacity(cfg.len() + 9 * def.features.len() + 20);
        out.push_str("#[cfg(\n    any(\n");
        for (at, feature) in def.features.iter().enumerate() {
            out.push_str("        ");
            push_feature(&mut out, feature);
            out.push_str(if at + 1 < def.features.len() {
                ",\n"
            } else {
                "\n"
            });
        }
        out.push_str("    )\n)]");
        return Ok(out);
    }
    let attribute: TokenStream = cfg.parse().expect("a cfg attribute parses");
    let text = format(quote!(#attribute struct S;))?;
    Ok(text
        .trim_end()
        .trim_end_matches("struct S;")
        .trim_end()
        .to_owned())
}

/// Which types are decoded in one pass as the first alternative of an
/// untagged union (`decode_struct_or_value!`, and `=> one_pass` in the
/// union's `decode_union!`): a struct whose every field is text, an integer
/// or a boolean, or an `Option` of one, the values that
/// `serde_json::to_value` gives back as they were sent, so that a value that
/// does not fit is rebuilt exactly for the other alternatives.
fn first_in_one_pass(types: &[TypeDef]) -> Vec<bool> {
    let scalar = |ty: &Type| matches!(ty, Type::String | Type::Uri | Type::Integer | Type::Boolean);
    let mut out = vec![false; types.len()];
    for def in types {
        if def.tag.is_some() {
            continue;
        }
        let Body::Union(variants) = &def.body else {
            continue;
        };
        let Some(Type::Named(first)) = variants.first().map(|v| &v.ty) else {
            continue;
        };
        if let Body::Struct(fields) = &types[*first].body
            && fields.iter().all(|field| match &field.ty {
                Type::Option(inner) => scalar(inner),
                other => scalar(other),
            })
        {
            out[*first] = true;
        }
    }
    out
}

/// A field as a constructor ([`constructor`]) sets it: from an argument of
/// this type (text as `impl Into<String>`), or to its empty value.
pub(crate) struct Slot<'a> {
    /// The field's Rust name.
    pub name: &'a str,
    /// The argument's type, when the constructor takes one.
    pub argument: Option<String>,
    /// The value of a field without an argument (`None`).
    pub empty: &'static str,
}

/// `new`, the constructor of the struct `name`, written as text as rustfmt
/// writes it (a generated crate has one per request, and parsing and
/// printing each again would cost a tenth of the generation): one argument
/// per field that has one, in the struct's order (`String` as `impl
/// Into<String>`), every other field its empty value, so that a call reads
/// `GetOrder { expand: Some(..), ..GetOrder::new("ord_1") }`. A struct
/// without arguments is its `Default` (which it derives). `cfg` is the
/// struct's own `#[cfg(…)]`. The constructor of operations and of models
/// alike.
pub(crate) fn constructor(name: &str, cfg: Option<&str>, slots: &[Slot<'_>]) -> String {
    let cfg = cfg.map(|cfg| format!("{cfg}\n")).unwrap_or_default();
    let mut arguments = Vec::new();
    let mut values = String::new();
    let mut required = Vec::new();
    for slot in slots {
        let name = slot.name;
        match &slot.argument {
            Some(ty) if ty == "String" => {
                arguments.push(format!("{name}: impl Into<String>"));
                values.push_str(&format!("            {name}: {name}.into(),\n"));
            }
            Some(ty) => {
                arguments.push(format!("{name}: {ty}"));
                values.push_str(&format!("            {name},\n"));
            }
            None => values.push_str(&format!("            {name}: {},\n", slot.empty)),
        }
        if slot.argument.is_some() {
            required.push(format!("`{}`", name.trim_start_matches("r#")));
        }
    }
    if arguments.is_empty() {
        return format!(
            "{cfg}impl {name} {{\n    \
             /// A `{name}` with every field left out, as `Default` makes it.\n    \
             #[must_use]\n    \
             pub fn new() -> Self {{\n        Self::default()\n    }}\n}}\n"
        );
    }
    let lint = if arguments.len() > 7 {
        "    #[allow(clippy::too_many_arguments)]\n"
    } else {
        ""
    };
    let one_line = format!("    pub fn new({}) -> Self {{", arguments.join(", "));
    let signature = if one_line.len() <= 100 {
        one_line
    } else {
        let mut vertical = String::from("    pub fn new(\n");
        for argument in &arguments {
            vertical.push_str(&format!("        {argument},\n"));
        }
        vertical.push_str("    ) -> Self {");
        vertical
    };
    let others = if slots
        .iter()
        .all(|slot| slot.argument.is_some() || slot.empty == "None")
    {
        "`None`"
    } else {
        "left out"
    };
    format!(
        "{cfg}impl {name} {{\n    \
         /// A `{name}` of its required fields ({required}), every other field {others}.\n\
         {lint}    #[must_use]\n\
         {signature}\n        Self {{\n{values}        }}\n    }}\n}}\n",
        required = required.join(", "),
    )
}

/// The [`constructor`] of a model a request holds: an argument per
/// [`Field::is_argument`], every other field `None`, absent or empty.
fn model_constructor(def: &TypeDef, fields: &[Field], types: &[TypeDef], paths: &Paths) -> String {
    let slots: Vec<Slot<'_>> = fields
        .iter()
        .map(|field| Slot {
            name: &field.name,
            argument: field
                .is_argument()
                .then(|| type_text(&field.ty, types, "", paths)),
            empty: match field.ty {
                Type::Option(_) => "None",
                _ => "Default::default()",
            },
        })
        .collect();
    constructor(&def.name, cfg_text(def).as_deref(), &slots)
}

/// A struct's `Deserialize` as the support crate's `decode_struct!` writes
/// it (instead of the derive, at about a third of its compile time): the
/// required fields, then the `Option` ones, each with its key. With `macro`
/// `decode_struct_or_value`, the same fields for its one-pass decoder as a
/// union's first alternative.
fn decode_struct(def: &TypeDef, types: &[TypeDef], paths: &Paths, macro_name: &str) -> String {
    let support = paths.support_text();
    let Body::Struct(fields) = &def.body else {
        return String::new();
    };
    let mut out = format!("{support}::__private::{macro_name}! {{\n");
    if let Some(cfg) = cfg_text(def) {
        out.push_str(&format!("    {cfg}\n"));
    }
    out.push_str(&format!("    {} {{\n", def.name));
    let all = fields;
    let (additional, fields): (Vec<_>, Vec<_>) = fields.iter().partition(|f| f.additional);
    let (optional, required): (Vec<_>, Vec<_>) = fields
        .into_iter()
        .partition(|f| matches!(f.ty, Type::Option(_) | Type::Nullable(_)));
    let field = |field: &Field| {
        let ty = type_text(&field.ty, types, "", paths);
        let by = beside(field, all, types).map_or_else(String::new, |by| format!(" by {by}"));
        format!("        {}: {ty} = {:?}{by},\n", field.name, field.key)
    };
    out.extend(required.into_iter().map(field));
    out.push_str("    } {\n");
    out.extend(optional.into_iter().map(field));
    out.push_str("    }");
    if let Some(additional) = additional.first()
        && macro_name == "decode_struct"
    {
        let ty = type_text(&additional.ty, types, "", paths);
        out.push_str(&format!(" {{\n        ..{}: {ty}\n    }}", additional.name));
    }
    out.push_str("\n}\n");
    out
}

/// The field beside `field` whose value names the alternative of the union
/// it holds ([`TypeDef::beside`]): a text, string enum or JSON field of that
/// key.
fn beside<'a>(field: &Field, fields: &'a [Field], types: &[TypeDef]) -> Option<&'a str> {
    let Type::Named(id) = field.ty.core() else {
        return None;
    };
    let key = &types[*id].beside.as_ref()?.key;
    let sibling = fields
        .iter()
        .find(|f| &f.key == key && !f.additional && f.key != field.key)?;
    let text = match sibling.ty.core() {
        Type::String | Type::Json => true,
        Type::Named(held) => matches!(types[*held].body, Body::Enum(_)),
        _ => false,
    };
    text.then_some(sibling.name.as_str())
}

/// A tagged union's `Deserialize` as `decode_tagged_union!` writes it: the
/// key, then each variant with its type and values; with `inside` false,
/// the union whose tag is a field beside it, as `decode_union_by!` writes
/// it: each variant with its type and values, the key being its parent's.
fn decode_tagged_union(
    def: &TypeDef,
    variants: &[UnionVariant],
    (tag, inside): (&Tag, bool),
    types: &[TypeDef],
    paths: &Paths,
) -> String {
    let support = paths.support_text();
    let name = if inside {
        "decode_tagged_union"
    } else {
        "decode_union_by"
    };
    let mut out = format!("{support}::__private::{name}! {{\n");
    if let Some(cfg) = cfg_text(def) {
        out.push_str(&format!("    {cfg}\n"));
    }
    if inside {
        out.push_str(&format!("    {} [{:?}] {{\n", def.name, tag.key));
    } else {
        out.push_str(&format!("    {} {{\n", def.name));
    }
    for (variant, values) in variants.iter().zip(&tag.values) {
        let ty = type_text(&variant.ty, types, "", paths);
        let values: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
        out.push_str(&format!(
            "        {}: {ty} = {},\n",
            variant.name,
            values.join(" | ")
        ));
    }
    out.push_str("    }\n}\n");
    out
}

/// An untagged union's `Deserialize` as `decode_union!` writes it: each
/// variant with its type, tried in order on the value captured once; the
/// first `=> one_pass` when it is decoded without capturing the value.
fn decode_union(
    def: &TypeDef,
    variants: &[UnionVariant],
    one_pass: &[bool],
    types: &[TypeDef],
    paths: &Paths,
) -> String {
    let support = paths.support_text();
    let mut out = format!("{support}::__private::decode_union! {{\n");
    if let Some(cfg) = cfg_text(def) {
        out.push_str(&format!("    {cfg}\n"));
    }
    out.push_str(&format!("    {} {{\n", def.name));
    for (at, variant) in variants.iter().enumerate() {
        let ty = type_text(&variant.ty, types, "", paths);
        let how = match variant.ty {
            Type::Named(id) if at == 0 && one_pass[id] => " => one_pass",
            _ => "",
        };
        out.push_str(&format!("        {}: {ty}{how},\n", variant.name));
    }
    out.push_str("    }\n}\n");
    out
}

/// What `open_enum!` takes: the enum with each value as its variant's
/// "discriminant".
fn open_enum_body(def: &TypeDef) -> TokenStream {
    let Body::Enum(variants) = &def.body else {
        return TokenStream::new();
    };
    let name = ident(&def.name);
    let doc = docs(def.doc.as_deref());
    let cfg = cfg(def);
    let deprecated = def.deprecated.then(|| quote!(#[deprecated]));
    let variants = variants.iter().map(|variant| {
        let name = ident(&variant.name);
        let value = &variant.value;
        let doc = docs(Some(&format!("`{value}`")));
        quote!(#doc #name = #value,)
    });
    quote! {
        #doc #cfg #deprecated
        pub enum #name { #(#variants)* }
    }
}

/// The `Paginated` impl of a page: its items, and its counts when the
/// page has them.
fn page_impl(def: &TypeDef, page: &Page, types: &[TypeDef], paths: &Paths) -> TokenStream {
    let name = ident(&def.name);
    let cfg = cfg(def);
    let support = &paths.support;
    let items_field = match &def.body {
        Body::Struct(fields) => fields.iter().find(|f| f.name == page.items),
        _ => None,
    }
    .expect("a page's items field is one of its fields");
    let items = ident(&page.items);
    let (item, into_items) = match items_field.ty.core() {
        // A page wrapped in the field (`{"orders": {"items": […]}}`):
        // its items.
        Type::Named(inner) if types[*inner].page.is_some() => {
            let inner = type_tokens(&Type::Named(*inner), types, paths);
            let paginated = quote!(#support::model::Paginated);
            (
                quote!(<#inner as #paginated>::Item),
                wrapped_items(quote!(self.#items), &items_field.ty, &paginated),
            )
        }
        _ => {
            let (item, into_items) = match &items_field.ty {
                Type::Option(inner) => (inner.as_ref(), quote!(self.#items.unwrap_or_default())),
                other => (other, quote!(self.#items)),
            };
            let item = match item {
                Type::Vec(inner) => type_tokens(inner, types, paths),
                other => type_tokens(other, types, paths),
            };
            (item, into_items)
        }
    };
    let counted = |field: &Option<String>, method: &str, ty: TokenStream| {
        field.as_ref().map(|field| {
            let found = match &def.body {
                Body::Struct(fields) => fields.iter().find(|f| &f.name == field),
                _ => None,
            }
            .expect("a page's field is one of its fields");
            let field = ident(field);
            let method = format_ident!("{method}");
            // A count the description calls a `number` is
            // still a count.
            // A count of another width is converted.
            let cast = |ty: &Type| {
                if matches!(ty, Type::Integer | Type::Boolean) {
                    TokenStream::new()
                } else {
                    quote!(as i64)
                }
            };
            let value = match &found.ty {
                Type::Option(inner) if **inner == Type::Number => {
                    quote!(self.#field.map(|n| n as i64))
                }
                Type::Option(inner) => {
                    let cast = cast(inner);
                    if cast.is_empty() {
                        quote!(self.#field)
                    } else {
                        quote!(self.#field.map(|n| n #cast))
                    }
                }
                Type::Nullable(inner) => {
                    let cast = cast(inner);
                    quote!(self.#field.value().map(|n| *n #cast))
                }
                Type::Number => quote!(Some(self.#field as i64)),
                other => {
                    let cast = cast(other);
                    quote!(Some(self.#field #cast))
                }
            };
            quote!(fn #method(&self) -> Option<#ty> { #value })
        })
    };
    let total = counted(&page.total_count, "total_count", quote!(i64));
    let incomplete = counted(&page.incomplete_results, "incomplete_results", quote!(bool));
    quote! {
        #cfg
        impl #support::model::Paginated for #name {
            type Item = #item;
            fn into_items(self) -> Vec<Self::Item> { #into_items }
            #total
            #incomplete
        }
    }
}

fn item(def: &TypeDef, types: &[TypeDef], paths: &Paths) -> TokenStream {
    let name = ident(&def.name);
    let doc = docs(def.doc.as_deref());
    let cfg = cfg(def);
    let deprecated = def.deprecated.then(|| quote!(#[deprecated]));
    let Paths { support, serde, .. } = paths;
    let serde_str = serde.to_string().replace(' ', "");
    let serde_crate = (serde_str != "::serde").then(|| {
        let path = serde_str.trim_start_matches("::");
        quote!(#[serde(crate = #path)])
    });
    // Decoding is written by the support crate's macros, after each item.
    let derive = quote!(#[derive(Debug, Clone, PartialEq, #serde::Serialize)]);
    match &def.body {
        Body::Struct(fields) => {
            // A struct that writes back what it read is built by its users
            // (a request body): no `#[non_exhaustive]`, and `Default` when
            // every field may be left out.
            let non_exhaustive = (!def.write_back).then(|| quote!(#[non_exhaustive]));
            // A request's model, built by `new(…)`, too when `new` takes
            // nothing.
            let default = (def.write_back && fields.iter().all(|f| !f.required))
                || (def.request && !fields.iter().any(Field::is_argument));
            let derive = if default {
                quote!(#[derive(Debug, Clone, PartialEq, Default, #serde::Serialize)])
            } else {
                derive.clone()
            };
            let absent = format!("{}::model::Nullable::is_absent", paths.support_text());
            let fields = fields.iter().map(|field| {
                let name = ident(&field.name);
                let ty = type_tokens(&field.ty, types, paths);
                let doc = docs(field.doc.as_deref());
                let deprecated = field.deprecated.then(|| quote!(#[deprecated]));
                let key = &field.key;
                let rename = (field.name.trim_start_matches("r#") != key && !field.additional)
                    .then(|| quote!(#[serde(rename = #key)]));
                let skip = match &field.ty {
                    _ if field.additional => Some(quote!(#[serde(flatten)])),
                    Type::Option(_) if def.write_back && !field.required => {
                        Some(quote!(#[serde(skip_serializing_if = "Option::is_none")]))
                    }
                    Type::Nullable(_) => Some(quote!(#[serde(skip_serializing_if = #absent)])),
                    _ => None,
                };
                quote!(#doc #deprecated #rename #skip pub #name: #ty,)
            });
            let page = def
                .page
                .as_ref()
                .map(|page| page_impl(def, page, types, paths));
            quote! {
                #doc #cfg #deprecated
                #derive
                #serde_crate
                #non_exhaustive
                pub struct #name { #(#fields)* }
                #page
            }
        }
        Body::Enum(_) => {
            let body = open_enum_body(def);
            quote!(#support::__private::open_enum! { #body })
        }
        Body::Union(variants) => {
            let variants = variants.iter().map(|variant| {
                let name = ident(&variant.name);
                let ty = type_tokens(&variant.ty, types, paths);
                let doc = format!(" The value as {}.", variant_doc(&variant.ty, types));
                quote!(#[doc = #doc] #name(#ty),)
            });
            let serde_json = &paths.serde_json;
            // A union decodes through `decode_tagged_union!` or
            // `decode_union!`, written after it by `module`; `untagged`
            // is for `Serialize`, which writes the variant's value.
            quote! {
                #doc #cfg #deprecated
                #derive
                #serde_crate
                // A union holds one answer's form, decoded once: its variants
                // are not boxed to make them the same size.
                #[allow(clippy::large_enum_variant)]
                #[serde(untagged)]
                pub enum #name {
                    #(#variants)*
                    /// Any other value, kept as it was.
                    Other(#serde_json::Value),
                }
            }
        }
        Body::Alias(ty) => {
            let ty = type_tokens(ty, types, paths);
            quote!(#doc #cfg pub type #name = #ty;)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use super::*;
    use crate::conventions::{Conventions, Docs, Rules};
    use crate::schema::Schema;
    use crate::types::TypeSpace;
    use serde_json::json;

    /// Descriptions as written, every rule.
    fn plain() -> Conventions {
        Conventions {
            docs: Docs::AsWritten,
            ..Conventions::default()
        }
    }

    /// A type's `#[cfg(…)]`, laid out without `prettyplease`, is the
    /// attribute as `prettyplease` writes it, whatever its length: on one
    /// line, broken once, or one feature a line.
    #[test]
    fn a_cfg_is_laid_out_as_prettyplease_writes_it() {
        let lengths = [1, 3, 6, 9, 12, 15, 20, 30, 40, 60, 75, 80, 85, 90];
        let shapes = (1..14)
            .flat_map(|count| lengths.map(|length| (count, length)))
            .chain([(200, 4), (2000, 9)]);
        for (count, length) in shapes {
            let def = TypeDef {
                name: "Thing".to_owned(),
                doc: None,
                deprecated: false,
                body: Body::Alias(Type::Json),
                features: (0..count)
                    .map(|k| Arc::from(format!("f{}-{k}", "x".repeat(length))))
                    .collect(),
                page: None,
                tag: None,
                beside: None,
                write_back: false,
                request: false,
            };
            let cfg = cfg_text(&def).unwrap();
            let attribute: TokenStream = cfg.parse().unwrap();
            let written = format(quote!(#attribute struct S;)).unwrap();
            assert_eq!(
                format!("{}\nstruct S;\n", cfg_laid_out(&def, cfg).unwrap()),
                written,
                "{count} features of {length} letters"
            );
        }
    }

    #[test]
    fn a_struct_an_enum_and_a_page() {
        let components: BTreeMap<String, Schema> = [(
            "issue".to_owned(),
            Schema::read(
                &json!({"type": "object", "description": "An issue.", "required": ["id"], "properties": {
                    "id": {"type": "integer"}, "type": {"type": "string"},
                    "+1": {"type": "integer"},
                    "state": {"type": "string", "enum": ["open"]}}}),
                "issue",
            )
            .unwrap(),
        )]
        .into();
        // Answers that are only decoded.
        let answers_only = Conventions {
            rules: Rules::ANSWERS_ONLY,
            ..plain()
        };
        let mut space = TypeSpace::new(&components, &answers_only);
        let page = Schema::read(
            &json!({"type": "object", "required": ["total_count", "items"], "properties": {
                "total_count": {"type": "integer"},
                "items": {"type": "array", "items": {"$ref": "#/components/schemas/issue"}}}}),
            "page",
        )
        .unwrap();
        let Type::Named(id) = space
            .root(&page, "SearchIssues", "A page.", Some("search"))
            .unwrap()
        else {
            panic!()
        };
        space.mark_page(id, "items").unwrap();
        let types = space.finish();
        let source = module("// header\n", &types, &Paths::default()).unwrap();
        for expected in [
            "// header\n",
            "/// An issue.\n#[cfg(feature = \"search\")]\n#[derive(Debug, Clone, PartialEq, ::serde::Serialize)]\n#[non_exhaustive]\npub struct Issue {",
            "::endpoint::__private::decode_struct! {\n    #[cfg(feature = \"search\")]\n    Issue {\n        id: i64 = \"id\",\n    } {\n        r#type: Option<String> = \"type\",\n        plus_1: Option<i64> = \"+1\",\n        state: Option<IssueState> = \"state\",\n    }\n}\n",
            "    /// The `id` property.\n    pub id: i64,\n",
            "    pub r#type: Option<String>,\n",
            "    #[serde(rename = \"+1\")]\n    pub plus_1: Option<i64>,\n",
            "::endpoint::__private::open_enum! {",
            "Open = \"open\"",
            "impl ::endpoint::model::Paginated for SearchIssues {\n    type Item = Issue;\n    fn into_items(self) -> Vec<Self::Item> {\n        self.items\n    }\n    fn total_count(&self) -> Option<i64> {\n        Some(self.total_count)\n    }\n}",
        ] {
            assert!(
                source.contains(expected),
                "missing {expected:?} in\n{source}"
            );
        }
        let page = Type::Vec(Box::new(Type::Named(0)).clone());
        assert_eq!(
            type_text(&page, &types, "crate::models::", &Paths::default()),
            "Vec<crate::models::Issue>"
        );
    }

    #[test]
    fn a_union_of_a_flat_struct_decodes_it_in_one_pass() {
        let components: BTreeMap<String, Schema> = [
            (
                "user",
                json!({"type": "object", "required": ["login"], "properties": {
                    "login": {"type": "string"}, "id": {"type": "integer"},
                    "url": {"type": "string", "format": "uri"}, "admin": {"type": "boolean"}}}),
            ),
            (
                "repo",
                json!({"type": "object", "required": ["name"], "properties": {
                    "name": {"type": "string"}, "owner": {"$ref": "#/components/schemas/user"}}}),
            ),
            ("empty", json!({"type": "object", "properties": {}})),
        ]
        .into_iter()
        .map(|(name, schema)| (name.to_owned(), Schema::read(&schema, name).unwrap()))
        .collect();
        let plain = plain();
        let mut space = TypeSpace::new(&components, &plain);
        for (name, first) in [("Author", "user"), ("Origin", "repo")] {
            let union = Schema::read(
                &json!({"anyOf": [
                    {"$ref": format!("#/components/schemas/{first}")},
                    {"$ref": "#/components/schemas/empty"}]}),
                name,
            )
            .unwrap();
            space.root(&union, name, "A union.", None).unwrap();
        }
        let types = space.finish();
        let source = module("", &types, &Paths::default()).unwrap();
        assert!(
            source.contains("::endpoint::__private::decode_struct_or_value! {\n    User {\n"),
            "{source}"
        );
        assert!(
            source.contains("        User: User => one_pass,\n"),
            "{source}"
        );
        // A struct holding another struct is tried on the captured text.
        assert!(
            !source.contains("decode_struct_or_value! {\n    Repo {"),
            "{source}"
        );
        assert!(source.contains("        Repo: Repo,\n"), "{source}");
    }

    #[test]
    fn a_model_that_writes_back_is_built_by_its_users() {
        let components: BTreeMap<String, Schema> = [
            (
                "patch",
                json!({"type": "object", "properties": {
                    "title": {"type": "string"},
                    "milestone": {"type": "integer", "format": "int32", "nullable": true},
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}}},
                    "additionalProperties": true}),
            ),
            (
                "page",
                json!({"type": "object", "required": ["items", "total_count"], "properties": {
                    "items": {"type": "array", "items": {"type": "string", "format": "binary"}},
                    "total_count": {"type": "integer", "format": "int32"}}}),
            ),
        ]
        .into_iter()
        .map(|(name, schema)| (name.to_owned(), Schema::read(&schema, name).unwrap()))
        .collect();
        let plain = plain();
        let mut space = TypeSpace::new(&components, &plain);
        space.component("patch").unwrap();
        let Type::Named(page) = space.component("page").unwrap() else {
            panic!()
        };
        space.mark_page(page, "items").unwrap();
        let types = space.finish();
        let source = module("", &types, &Paths::default()).unwrap();
        let file = syn::parse_file(&source).unwrap();
        let structs: Vec<&syn::ItemStruct> = file
            .items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Struct(item) => Some(item),
                _ => None,
            })
            .collect();
        let derives = |item: &syn::ItemStruct| {
            item.attrs
                .iter()
                .map(|attr| quote!(#attr).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let patch = structs.iter().find(|s| s.ident == "Patch").unwrap();
        assert!(derives(patch).contains("Default"), "{source}");
        assert!(!derives(patch).contains("non_exhaustive"), "{source}");
        let page = structs.iter().find(|s| s.ident == "Page").unwrap();
        assert!(!derives(page).contains("Default"), "{source}");
        for expected in [
            "    #[serde(skip_serializing_if = \"Option::is_none\")]\n    pub title: Option<String>,\n",
            "    #[serde(skip_serializing_if = \"::endpoint::model::Nullable::is_absent\")]\n    pub milestone: ::endpoint::model::Nullable<i32>,\n",
            "    #[serde(flatten)]\n    pub additional_properties: ::std::collections::BTreeMap<String, ::serde_json::Value>,\n",
            "    } {\n        ..additional_properties: ::std::collections::BTreeMap<String,::serde_json::Value>\n    }\n}\n",
            "    pub items: Vec<Vec<u8>>,\n",
            // A count of another width is converted.
            "Some(self.total_count as i64)",
        ] {
            assert!(
                source.contains(expected),
                "missing {expected:?} in\n{source}"
            );
        }
    }
}
