//! The route as data: the `Plan` constant of a struct (method, packed
//! template, the other parameters' placements, body, server, accept,
//! pagination).

use endpoint_runtime::model::{Next, Pagination};
use endpoint_runtime::template::Template;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::route::BodyDef;
use crate::valid::Placed;

/// `Plan { method, template, params, server, body, accept, pagination }`: the route as data, the
/// template in its packed form (a string and a list of numbers), which costs
/// the least to compile; multi-segment variables are marked in it.
pub(super) fn plan(
    method: &str,
    template: &Template<'_>,
    params: &[TokenStream],
    server: Option<&str>,
    body: Option<&BodyDef>,
    accept: Option<&str>,
    paginate: Option<&Pagination<String>>,
) -> TokenStream {
    // A method with a constant of its own, else (`TRACE`, `QUERY`, an
    // extension method) made of its lowercase name.
    let method = match endpoint_runtime::sibling::METHODS.contains(&method) {
        true => {
            let constant = format_ident!("{method}");
            quote!(::endpoint::__private::Method::#constant)
        }
        false => {
            let lowercase = method.to_ascii_lowercase();
            quote!(::endpoint::__private::Method::from_checked(#lowercase))
        }
    };
    let (text, code) = template.packed();
    let code = code
        .iter()
        .map(|&word| proc_macro2::Literal::u32_unsuffixed(word));
    let body = match body {
        Some(BodyDef {
            media_type,
            kind,
            required,
        }) => {
            let kind = format_ident!("{kind:?}");
            quote! {
                ::core::option::Option::Some(::endpoint::__private::BodyPlan {
                    media_type: #media_type,
                    kind: ::endpoint::__private::BodyKind::#kind,
                    required: #required,
                })
            }
        }
        None => quote!(::core::option::Option::None),
    };
    let pagination = pagination(paginate);
    let server = match server {
        Some(server) => quote!(::core::option::Option::Some(#server)),
        None => quote!(::core::option::Option::None),
    };
    let accept = match accept {
        Some(accept) => quote!(::core::option::Option::Some(#accept)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        ::endpoint::__private::Plan {
            method: #method,
            template: ::endpoint::__private::static_template(#text, &[#(#code),*]),
            params: &[#(#params),*],
            server: #server,
            body: #body,
            accept: #accept,
            pagination: #pagination,
        }
    }
}

/// The `Pagination` of `paginate(…)`: calls of its `const` constructors.
fn pagination(paginate: Option<&Pagination<String>>) -> TokenStream {
    let Some(Pagination { next, items }) = paginate else {
        return quote!(::core::option::Option::None);
    };
    let scheme = match next {
        Next::Link => quote!(link()),
        Next::Cursor { pointer, param } => quote!(cursor(#pointer, #param)),
        Next::AfterLastItem { key, param, more } => {
            quote!(after_last_item(#param, #key, #more))
        }
        Next::NextUrl { pointer } => quote!(next_url(#pointer)),
        Next::Offset { param, limit } => quote!(offset(#param, #limit)),
        Next::PageNumber { param, total } => match total {
            Some(total) => quote!(page_number(#param).total_pages(#total)),
            None => quote!(page_number(#param)),
        },
    };
    let items = items.as_ref().map(|items| quote!(.items(#items)));
    quote!(::core::option::Option::Some(::endpoint::__private::Pagination::#scheme #items))
}

/// A remaining parameter's `ParamPlan`: `ParamPlan::new(name)` for the
/// default placement, `ParamPlan::at(name, location, style)` for a location
/// and style with every other option at its default (most of a generated
/// crate's fields), the least to compile; else the whole literal.
pub(super) fn param_plan(name: &str, placed: &Placed) -> TokenStream {
    if *placed == Placed::DEFAULT {
        return quote!(::endpoint::__private::ParamPlan::new(#name));
    }
    let defaults = Placed {
        location: placed.location,
        style: placed.style,
        ..Placed::DEFAULT
    };
    if *placed == defaults {
        let location = format_ident!("{}", format!("{:?}", placed.location));
        let style = format_ident!("{}", format!("{:?}", placed.style));
        return quote!(::endpoint::__private::ParamPlan::at(
            #name,
            ::endpoint::__private::Location::#location,
            ::endpoint::__private::Style::#style,
        ));
    }
    let Placed {
        location,
        style,
        explode,
        allow_reserved,
        indices,
        content_type,
    } = placed;
    let location = format_ident!("{location:?}");
    let style = format_ident!("{style:?}");
    let arrays = if *indices {
        format_ident!("Indices")
    } else {
        format_ident!("Brackets")
    };
    let content_type = match content_type {
        Some(media_type) => quote!(::core::option::Option::Some(#media_type)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        ::endpoint::__private::ParamPlan {
            name: #name,
            placement: ::endpoint::__private::Placement {
                location: ::endpoint::__private::Location::#location,
                style: ::endpoint::__private::Style::#style,
                explode: #explode,
                allow_reserved: #allow_reserved,
                arrays: ::endpoint::__private::Arrays::#arrays,
                content_type: #content_type,
            },
        }
    }
}
