//! The `#[endpoint(…)]` attributes of a declared field (`rename = "…"`,
//! `query`, `body` and `multi_segment`) and of a struct (`uploads`).
//!
//! Only the attributes' own mistakes are found here (an unknown or repeated
//! option, `query` with `body`, `multi_segment` with either); what they mean
//! for the route is `valid`'s business.

use proc_macro2::Span;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, LitStr};

use crate::ctxt::Ctxt;

/// What the `#[endpoint(…)]` attributes of a field say.
#[derive(Default)]
pub(crate) struct FieldAttrs {
    /// `rename = "…"`: the wire name, and the span of its literal.
    pub rename: Option<(String, Span)>,
    /// `query`, where it is written.
    pub query: Option<Span>,
    /// `body`, where it is written.
    pub body: Option<Span>,
    /// `multi_segment`, where it is written.
    pub multi_segment: Option<Span>,
}

impl FieldAttrs {
    /// Reads the `#[endpoint(…)]` attributes of a field; every mistake is
    /// recorded in `cx`, and the options that could be read are kept.
    pub(crate) fn from_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> Self {
        let mut options = FieldAttrs::default();
        for attr in attrs {
            if let Err(err) = attr.parse_nested_meta(|meta| options.option(cx, meta)) {
                cx.push(err);
            }
        }
        if let (Some(_), Some(body)) = (options.query, options.body) {
            cx.error_at(body, "a field cannot be both `query` and `body`");
        }
        if let Some(multi_segment) = options.multi_segment {
            for (other, name) in [(options.query, "query"), (options.body, "body")] {
                if other.is_some() {
                    cx.error_at(
                        multi_segment,
                        format!(
                            "a field cannot be both `multi_segment` and `{name}`: \
                             `multi_segment` is for a placeholder in the URL's path"
                        ),
                    );
                }
            }
        }
        options
    }

    /// Reads one option of an `#[endpoint(…)]` list.
    fn option(&mut self, cx: &mut Ctxt, meta: ParseNestedMeta<'_>) -> syn::Result<()> {
        let span = meta.path.span();
        if meta.path.is_ident("rename") {
            let lit: LitStr = meta.value()?.parse()?;
            if self.rename.is_some() {
                cx.error_at(span, "`rename` is given twice");
            }
            self.rename = Some((lit.value(), lit.span()));
        } else if meta.path.is_ident("query") {
            if self.query.is_some() {
                cx.error_at(span, "`query` is given twice");
            }
            self.query = Some(span);
        } else if meta.path.is_ident("body") {
            if self.body.is_some() {
                cx.error_at(span, "`body` is given twice");
            }
            self.body = Some(span);
        } else if meta.path.is_ident("multi_segment") {
            if self.multi_segment.is_some() {
                cx.error_at(span, "`multi_segment` is given twice");
            }
            self.multi_segment = Some(span);
        } else {
            let name = meta.path.to_token_stream().to_string().replace(' ', "");
            cx.error_at(
                span,
                format!(
                    "unknown option `{name}` in `#[endpoint(…)]`: expected `rename = \"…\"`, \
                     `query`, `body` or `multi_segment`"
                ),
            );
            // Skip its value, if any, so that the next options are read.
            if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            }
        }
        Ok(())
    }
}

/// What the `#[endpoint(…)]` attributes of a struct say.
#[derive(Default)]
pub(crate) struct ItemAttrs {
    /// `uploads`, where it is written.
    pub uploads: Option<Span>,
}

impl ItemAttrs {
    /// Reads the `#[endpoint(…)]` attributes of a struct; every mistake is
    /// recorded in `cx`.
    pub(crate) fn from_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> Self {
        let mut options = ItemAttrs::default();
        for attr in attrs {
            let read = attr.parse_nested_meta(|meta| {
                let span = meta.path.span();
                if meta.path.is_ident("uploads") {
                    if options.uploads.is_some() {
                        cx.error_at(span, "`uploads` is given twice");
                    }
                    options.uploads = Some(span);
                } else {
                    let name = meta.path.to_token_stream().to_string().replace(' ', "");
                    cx.error_at(
                        span,
                        format!(
                            "unknown option `{name}` in `#[endpoint(…)]` on a struct: expected \
                             `uploads` (`rename`, `query`, `body` and `multi_segment` are for \
                             fields)"
                        ),
                    );
                    if meta.input.peek(syn::Token![=]) {
                        let _: syn::Expr = meta.value()?.parse()?;
                    }
                }
                Ok(())
            });
            if let Err(err) = read {
                cx.push(err);
            }
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::FieldDef;
    use crate::ctxt::check_tokens;
    use quote::quote;

    fn read(field: proc_macro2::TokenStream) -> (FieldAttrs, Vec<String>) {
        check_tokens(field, |cx, field: &FieldDef| {
            FieldAttrs::from_attrs(cx, &field.options)
        })
    }

    #[test]
    fn options() {
        let (attrs, errors) =
            read(quote!(#[endpoint(rename = "per-page")] #[endpoint(query)] per_page: u32));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(attrs.rename.unwrap().0, "per-page");
        assert!(attrs.query.is_some());
        assert!(attrs.body.is_none());
    }

    #[test]
    fn item_options() {
        let read = |item: proc_macro2::TokenStream| {
            check_tokens(item, |cx, item: &crate::ast::ItemDef| {
                ItemAttrs::from_attrs(cx, &item.options)
            })
        };
        let (attrs, errors) = read(quote!(#[endpoint(uploads)] struct S = "POST /x";));
        assert!(errors.is_empty(), "{errors:?}");
        assert!(attrs.uploads.is_some());
        let (_, errors) = read(quote!(#[endpoint(uploads, query)] struct S = "POST /x";));
        assert!(
            errors
                .iter()
                .any(|e| e.contains("unknown option `query` in `#[endpoint(…)]` on a struct")),
            "{errors:?}"
        );
        let (_, errors) =
            read(quote!(#[endpoint(uploads)] #[endpoint(uploads)] struct S = "POST /x";));
        assert!(
            errors
                .iter()
                .any(|e| e.contains("`uploads` is given twice")),
            "{errors:?}"
        );
    }

    #[test]
    fn option_errors() {
        let errors = read(quote!(#[endpoint(query, body)] a: u32)).1;
        assert!(
            errors.iter().any(|e| e.contains("both `query` and `body`")),
            "{errors:?}"
        );
        let (attrs, errors) = read(quote!(#[endpoint(frobnicate = 1, rename = "b")] b: u32));
        assert!(
            errors
                .iter()
                .any(|e| e.contains("unknown option `frobnicate`")),
            "{errors:?}"
        );
        assert_eq!(attrs.rename.unwrap().0, "b", "the next options are read");
        let errors = read(quote!(#[endpoint(rename = 3)] c: u32)).1;
        assert!(
            errors.iter().any(|e| e.contains("expected string literal")),
            "{errors:?}"
        );
        let errors = read(quote!(#[endpoint(multi_segment, query)] c: u32)).1;
        assert!(
            errors
                .iter()
                .any(|e| e.contains("both `multi_segment` and `query`")),
            "{errors:?}"
        );
        let (attrs, errors) = read(quote!(#[endpoint(multi_segment)] c: String));
        assert!(errors.is_empty(), "{errors:?}");
        assert!(attrs.multi_segment.is_some());
        let errors = read(quote!(#[endpoint(body, body)] c: u32)).1;
        assert!(
            errors.iter().any(|e| e.contains("`body` is given twice")),
            "{errors:?}"
        );
    }
}
