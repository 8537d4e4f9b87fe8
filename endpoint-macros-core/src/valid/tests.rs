//! The checks of the item form, on structs written for each rule.

use super::*;
use crate::ctxt::{assert_reported, check_tokens};
use quote::{ToTokens, quote};

fn item(tokens: proc_macro2::TokenStream) -> (CheckedItem, Vec<String>) {
    check_tokens(tokens, check_item)
}

fn item_errors(tokens: proc_macro2::TokenStream) -> Vec<String> {
    item(tokens).1
}

#[test]
fn multi_segment_fields() {
    let (checked, errors) = item(quote! {
        struct S = "GET /repos/{owner}/git/ref/{ref}" {
            #[endpoint(multi_segment)] r#ref: String,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    let field = checked.fields.iter().find(|f| f.wire == "ref").unwrap();
    assert!(field.multi_segment);
    let template = checked.template.unwrap();
    let marked = Template::parse("/repos/{owner}/git/ref/{ref}")
        .unwrap()
        .with_multi_segment("ref")
        .unwrap();
    assert_eq!(template, marked);

    let errors = item_errors(quote! {
        struct S = "GET /x/{a}{?q}" {
            #[endpoint(multi_segment)] q: Option<String>,
            #[endpoint(multi_segment)] other: String,
        }
    });
    assert_reported(
        &errors,
        &[
            "`#[endpoint(multi_segment)]` on `q`, which is not a placeholder in the URL's path",
            "`#[endpoint(multi_segment)]` on `other`, which is not a placeholder",
        ],
    );
    let errors = item_errors(quote! {
        struct S = "PATCH /x/{a}" {
            #[endpoint(multi_segment, body, rename = "a")] new_a: String,
        }
    });
    assert_reported(&errors, &["both `multi_segment` and `body`"]);
    assert_eq!(errors.len(), 1, "{errors:?}");
}

#[test]
fn field_option_errors() {
    let errors = item_errors(quote! {
        struct S = "POST /x" {
            #[endpoint(query, body)] a: u32,
            #[endpoint(frobnicate = 1, rename = "b")] b: u32,
            #[endpoint(rename = 3)] c: u32,
        }
    });
    assert_reported(
        &errors,
        &[
            "both `query` and `body`",
            "unknown option `frobnicate`",
            "expected string literal",
        ],
    );
}

#[test]
fn reserved_and_duplicates() {
    let errors = item_errors(quote! {
        struct S = "GET /x/{url}" {
            method: String,
            #[endpoint(rename = "baseUrl")] base_url: String,
            a: u32,
            a: u32,
            b: u32,
            #[endpoint(rename = "b")] c: u32,
        }
    });
    assert_reported(
        &errors,
        &[
            "placeholder `url` uses the reserved",
            "`method` is a reserved option name",
            "`baseUrl` is a reserved option name",
            "the field `a` is declared twice",
            "parameter `b` is declared twice",
        ],
    );
    assert_eq!(errors.len(), 5, "{errors:?}");
}

#[test]
fn a_struct_of_its_own_api_may_name_parameters_like_options() {
    // Built from its fields alone, with its API's settings: no option
    // key is read from it, and an operation's `{url}` or `method` is a
    // parameter like any.
    let (checked, errors) = item(quote! {
        #[endpoint(api = crate::api)]
        struct S = "GET /x/{url}/{request}" {
            #[endpoint(query)] method: String,
            #[endpoint(query, rename = "baseUrl")] base_url: String,
            headers: Option<String>,
            #[endpoint(rename = "mediaType")] media_type: Option<String>,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    let wires: Vec<&str> = checked.fields.iter().map(|f| f.wire.as_str()).collect();
    for wire in [
        "url",
        "request",
        "method",
        "baseUrl",
        "headers",
        "mediaType",
    ] {
        assert!(wires.contains(&wire), "{wire}: {wires:?}");
    }
}

#[test]
fn body_properties_may_be_named_like_options() {
    let (checked, errors) = item(quote! {
        struct S = "PATCH /hooks/{id}" {
            url: Option<String>,
            #[endpoint(body, rename = "headers")] extra: String,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert!(
        checked.fields[1..]
            .iter()
            .all(|f| f.role == Role::Remaining)
    );
    let errors = item_errors(quote! {
        struct S = "PATCH /hooks/{id}" { #[endpoint(query)] url: String }
    });
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("(a body property can)"), "{errors:?}");
}

#[test]
fn a_query_name_that_can_be_no_template_variable_goes_to_the_query_writer() {
    let (checked, errors) = item(quote! {
        struct S = "POST /threads/{thread_id}/runs" {
            #[endpoint(query, rename = "include[]")] include: Option<Vec<String>>,
            #[endpoint(query, rename = "a b")] spaced: Option<bool>,
            #[endpoint(query)] page: u32,
            assistant_id: String,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(checked.template_text, "/threads/{thread_id}/runs{?page*}");
    for wire in ["include[]", "a b"] {
        let field = checked.fields.iter().find(|f| f.wire == wire).unwrap();
        assert_eq!(field.role, Role::Remaining, "{wire}");
        assert_eq!(field.placement.location, Location::Query, "{wire}");
    }
    let page = checked.fields.iter().find(|f| f.wire == "page").unwrap();
    assert_eq!(page.role, Role::Template);
}

#[test]
fn data_is_allowed_but_alone() {
    assert!(item_errors(quote!(struct S = "POST /x" { data: String })).is_empty());
    assert!(item_errors(quote!(struct S = "GET /x" { data: String, a: u32 })).is_empty());
    let errors = item_errors(quote!(struct S = "POST /x" { data: String, a: u32 }));
    assert!(errors[0].contains("is the whole body"), "{errors:?}");
    assert!(
        item_errors(quote!(struct S = "POST /x" { data: String, #[endpoint(query)] a: u32 }))
            .is_empty()
    );
}

#[test]
fn placement() {
    let (checked, errors) = item(quote! {
        struct S = "PATCH /repos/{owner}/{repo}/actions/variables/{name}" {
            #[endpoint(body, rename = "name")] new_name: Option<String>,
            value: String,
            #[endpoint(query)] page: u32,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    let summary: Vec<_> = checked
        .fields
        .iter()
        .map(|f| {
            (
                f.ident.to_string(),
                f.wire.clone(),
                f.role,
                f.optional,
                f.declared,
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("owner".into(), "owner".into(), Role::Template, false, false),
            ("repo".into(), "repo".into(), Role::Template, false, false),
            ("name".into(), "name".into(), Role::Template, false, false),
            (
                "new_name".into(),
                "name".into(),
                Role::Remaining,
                true,
                true
            ),
            ("value".into(), "value".into(), Role::Remaining, false, true),
            ("page".into(), "page".into(), Role::Template, false, true),
        ]
    );
    assert_eq!(
        checked.template_text,
        "/repos/{owner}/{repo}/actions/variables/{name}{?page*}"
    );

    let (checked, errors) = item(quote! {
        struct S = "POST /search?x=1" { #[endpoint(query)] a: u32, #[endpoint(query)] b: Option<u32> }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(checked.template_text, "/search?x=1{&a*,b*}");

    let (checked, errors) = item(quote! {
        struct S = "GET /x{?q}" { #[endpoint(query)] per_page: u32 }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(checked.template_text, "/x{?q}");
    assert_eq!(
        checked.fields[0].ty.to_token_stream().to_string(),
        ":: core :: option :: Option < :: std :: string :: String >"
    );
    assert_eq!(checked.fields[1].role, Role::Remaining);
}

#[test]
fn placement_errors() {
    let errors = item_errors(quote!(struct S = "GET /x" { #[endpoint(body)] a: u32 }));
    assert!(
        errors[0].contains("`#[endpoint(body)]` on a GET route"),
        "{errors:?}"
    );
    assert!(errors[0].contains("the field `a`"), "{errors:?}");
    let errors = item_errors(quote!(struct S = "HEAD /x" { #[endpoint(body)] r#type: u32 }));
    assert!(
        errors[0].contains("on a HEAD route: the field `r#type` cannot go to a body"),
        "{errors:?}"
    );
    let errors = item_errors(quote!(struct S = "GET /x/{a}" { #[endpoint(query)] a: u32 }));
    assert!(
        errors[0].contains("cannot also be a query parameter"),
        "{errors:?}"
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    let errors = item_errors(quote!(struct S = "GET /x/{a}" { a: Option<String> }));
    assert!(
        errors[0].contains("path parameter `a` cannot be an `Option`"),
        "{errors:?}"
    );
    assert!(item_errors(quote!(struct S = "GET /x{?a}" { a: Option<String> })).is_empty());
    assert!(item_errors(quote!(struct S = "GET /x?a=<a>" { a: Option<String> })).is_empty());
    let errors =
        item_errors(quote!(struct S = "POST /x/{name}" { #[endpoint(body)] name: String }));
    assert!(
        errors[0].contains("also needs a field of that name"),
        "{errors:?}"
    );
    let errors = item_errors(quote!(struct S = "GET /x/{a-b}/{a_b}";));
    assert!(
        errors[0].contains("would both be the field `a_b`"),
        "{errors:?}"
    );
}

#[test]
fn generated_names_can_be_restated() {
    let (checked, errors) = item(quote! {
        struct S = "GET /enterprises/{enterprise}/teams/{enterprise-team}/{type}" {
            enterprise_team: u64,
            r#type: String,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    let names: Vec<_> = checked
        .fields
        .iter()
        .map(|f| (f.ident.to_string(), f.wire.clone()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("enterprise".into(), "enterprise".into()),
            ("enterprise_team".into(), "enterprise-team".into()),
            ("r#type".into(), "type".into()),
        ]
    );
}

/// `(wire, location, style, explode, allow_reserved, indices, content_type)`.
type Placement = (String, Location, Style, bool, bool, bool, Option<String>);

/// The [`Placement`] of each remaining parameter.
fn placements(checked: &CheckedItem) -> Vec<Placement> {
    checked
        .fields
        .iter()
        .filter(|f| f.role == Role::Remaining)
        .map(|f| {
            let p = &f.placement;
            (
                f.wire.clone(),
                p.location,
                p.style,
                p.explode,
                p.allow_reserved,
                p.indices,
                p.content_type.clone(),
            )
        })
        .collect()
}

#[test]
fn parameter_styles() {
    let (checked, errors) = item(quote! {
        struct S = "GET /pets" {
            kind: Vec<String>,
            #[endpoint(query, style = "form", explode = false)] tags: Vec<String>,
            #[endpoint(style = "pipeDelimited")] ids: Vec<u32>,
            #[endpoint(query, style = "spaceDelimited")] names: Vec<String>,
            #[endpoint(query, style = "deepObject", arrays = "indices")] filter: Filter,
            #[endpoint(query, allow_reserved)] path: String,
            #[endpoint(header)] x_request_id: String,
            #[endpoint(header, rename = "If-None-Match", explode)] etags: Vec<String>,
            #[endpoint(cookie)] session: Option<String>,
            #[endpoint(cookie, style = "form")] prefs: HashMap<String, String>,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    use Location::*;
    assert_eq!(
        placements(&checked),
        vec![
            (
                "kind".into(),
                Default,
                Style::Default,
                true,
                false,
                false,
                None
            ),
            ("tags".into(), Query, Style::Form, false, false, false, None),
            (
                "ids".into(),
                Query,
                Style::PipeDelimited,
                false,
                false,
                false,
                None
            ),
            (
                "names".into(),
                Query,
                Style::SpaceDelimited,
                false,
                false,
                false,
                None
            ),
            (
                "filter".into(),
                Query,
                Style::DeepObject,
                true,
                false,
                true,
                None
            ),
            ("path".into(), Query, Style::Form, true, true, false, None),
            (
                "x-request-id".into(),
                Header,
                Style::Simple,
                false,
                false,
                false,
                None
            ),
            (
                "If-None-Match".into(),
                Header,
                Style::Simple,
                true,
                false,
                false,
                None
            ),
            (
                "session".into(),
                Cookie,
                Style::Form,
                true,
                false,
                false,
                None
            ),
            (
                "prefs".into(),
                Cookie,
                Style::Form,
                true,
                false,
                false,
                None
            ),
        ]
    );
    assert!(checked.body.is_none());
    assert_eq!(checked.template_text, "/pets");

    // On a route with a body, a styled query parameter is a parameter of
    // the query location, an unstyled one a variable of the template.
    let (checked, errors) = item(quote! {
        struct S = "POST /x" {
            #[endpoint(query)] a: Vec<String>,
            #[endpoint(query, style = "form", explode = false)] b: Vec<String>,
            #[endpoint(header)] url: String,
            title: String,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(checked.template_text, "/x{?a*}");
    let placed = placements(&checked);
    assert_eq!(
        placed[0],
        ("b".into(), Query, Style::Form, false, false, false, None)
    );
    assert_eq!(placed[1].1, Header);
    assert_eq!(placed[2].1, Default);
}

#[test]
fn path_styles() {
    let (checked, errors) = item(quote! {
        struct S = "GET /a/{label}/:matrix/<plain>/{x:3}{?q}" {
            #[endpoint(style = "label", explode)] label: Vec<String>,
            #[endpoint(path, style = "matrix")] matrix: Vec<String>,
            #[endpoint(style = "simple", explode)] plain: Vec<String>,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        checked.template_text,
        "/a/{.label*}/{;matrix}/{plain*}/{x:3}{?q}"
    );
    assert_eq!(
        checked.template.unwrap(),
        Template::parse("/a/{.label*}/{;matrix}/{plain*}/{x:3}{?q}").unwrap()
    );
    // Written with its style already: kept.
    let (checked, errors) = item(quote! {
        struct S = "GET /a/{.label}" { #[endpoint(style = "label", explode)] label: Vec<String> }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(checked.template_text, "/a/{.label*}");
    // Unstyled routes keep their text as written.
    let (checked, errors) = item(quote!(struct S = "GET /a/:b/<c>";));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(checked.template_text, "/a/:b/<c>");
}

#[test]
fn path_style_errors() {
    let errors = item_errors(quote! {
        struct S = "GET /a/{b,c}/{+d}/{e}/{f*}/{g}{?q}" {
            #[endpoint(style = "label")] b: String,
            #[endpoint(style = "matrix")] d: String,
            #[endpoint(style = "form")] e: String,
            #[endpoint(explode = false)] f: Vec<String>,
            #[endpoint(explode)] q: Option<String>,
            #[endpoint(path)] nowhere: String,
            #[endpoint(header)] c: String,
            #[endpoint(allow_reserved, arrays = "indices", content_type = "text/plain")] g: String,
        }
    });
    assert_reported(
        &errors,
        &[
            "`style = \"form\"` is not a style of a path placeholder: expected `\"simple\"`, `\"label\"` or `\"matrix\"`",
            "`q` is a placeholder of the URL's query or fragment",
            "`#[endpoint(path)]` on `nowhere`, but `nowhere` is not a placeholder in the URL's path",
            "`c` is the placeholder `{c}` of the URL; it cannot also be a header",
            "`allow_reserved` does not apply to the placeholder `g`",
            "`arrays` does not apply to the placeholder `g`",
            "`content_type` does not apply to the placeholder `g`",
        ],
    );
    // The template's own mistakes come one at a time, the first in order.
    assert_reported(
        &item_errors(quote! {
            struct S = "GET /a/{b,c}" { #[endpoint(style = "label")] b: String }
        }),
        &["the placeholder `b` shares its expression with other variables"],
    );
    assert_reported(
        &item_errors(quote! {
            struct S = "GET /a/{+d}" { #[endpoint(style = "matrix")] d: String }
        }),
        &["the route writes the placeholder `d` with the operator `+`"],
    );
    assert_reported(
        &item_errors(quote! {
            struct S = "GET /a/{f*}" { #[endpoint(explode = false)] f: Vec<String> }
        }),
        &["`explode` contradicts the placeholder `f` as the route writes it"],
    );
    assert_reported(
        &item_errors(quote! {
            struct S = "GET /a/{f}" { #[endpoint(multi_segment, style = "label")] f: String }
        }),
        &["`multi_segment` keeps the `/` of a value written in the `simple` style"],
    );
}

#[test]
fn parameter_style_errors() {
    let errors = item_errors(quote! {
        struct S = "GET /x" {
            #[endpoint(header, style = "deepObject")] a: String,
            #[endpoint(query, style = "label")] b: String,
            #[endpoint(cookie, style = "simple")] c: String,
            #[endpoint(query, style = "deepObject", explode = false)] d: Filter,
            #[endpoint(query, style = "pipeDelimited", explode = true)] e: HashMap<String, u32>,
            #[endpoint(cookie, explode = false)] f: Vec<String>,
            #[endpoint(query, arrays = "indices")] g: Vec<String>,
            #[endpoint(header, allow_reserved)] h: String,
            #[endpoint(query, content_type = "text/plain")] i: String,
            #[endpoint(header, rename = "bad header")] j: String,
            #[endpoint(request_body)] k: String,
        }
    });
    assert_reported(
        &errors,
        &[
            "`style = \"deepObject\"` is not a style of a header: expected `\"simple\"`",
            "`style = \"label\"` is not a style of a query parameter: expected `\"form\"`, `\"spaceDelimited\"`, `\"pipeDelimited\"` or `\"deepObject\"`",
            "`style = \"simple\"` is not a style of a cookie: expected `\"form\"`",
            "`deepObject` is always exploded",
            "an object cannot be exploded in the `spaceDelimited` or `pipeDelimited` style",
            "a list or an object in a cookie is written exploded",
            "`arrays` does not apply to a query parameter",
            "`allow_reserved` does not apply to a header",
            "`content_type` does not apply to a query parameter",
            "`bad header` is not a header name",
            "`#[endpoint(request_body)]` on a GET route: the field `k` cannot go to a body",
        ],
    );
    assert_eq!(errors.len(), 11, "{errors:?}");
    // A style needs a location on a route with a body.
    let errors = item_errors(quote! {
        struct S = "POST /x" { #[endpoint(style = "form")] a: Vec<String> }
    });
    assert_reported(
        &errors,
        &["`style` does not apply to a field of a JSON body"],
    );
}

#[test]
fn bodies() {
    let (checked, errors) = item(quote! {
        #[endpoint(content_type = "application/x-www-form-urlencoded")]
        struct S = "POST /token" {
            grant_type: String,
            #[endpoint(body, arrays = "indices")] items: Vec<Item>,
            #[endpoint(body, style = "form", explode = false)] scopes: Vec<String>,
            #[endpoint(style = "deepObject")] meta: Meta,
            #[endpoint(header)] data: String,
            url: String,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        checked.body,
        Some(BodyDef {
            media_type: "application/x-www-form-urlencoded".into(),
            kind: BodyKind::Form,
            required: false,
        })
    );
    use Location::*;
    assert_eq!(
        placements(&checked),
        vec![
            (
                "grant_type".into(),
                Default,
                Style::Default,
                true,
                false,
                false,
                None
            ),
            (
                "items".into(),
                Body,
                Style::Default,
                true,
                false,
                true,
                None
            ),
            (
                "scopes".into(),
                Body,
                Style::Form,
                false,
                false,
                false,
                None
            ),
            (
                "meta".into(),
                Body,
                Style::DeepObject,
                true,
                false,
                false,
                None
            ),
            (
                "data".into(),
                Header,
                Style::Simple,
                false,
                false,
                false,
                None
            ),
            (
                "url".into(),
                Default,
                Style::Default,
                true,
                false,
                false,
                None
            ),
        ]
    );

    let (checked, errors) = item(quote! {
        #[endpoint(content_type = "multipart/form-data")]
        struct S = "POST /upload/{id}" {
            #[endpoint(body, content_type = "image/png")] file: File,
            title: String,
            data: Vec<u8>,
        }
    });
    assert!(errors.is_empty(), "{errors:?}");
    let placed = placements(&checked);
    assert_eq!(placed[0].1, Body);
    assert_eq!(placed[0].6.as_deref(), Some("image/png"));
    assert_eq!(checked.body.unwrap().kind, BodyKind::Multipart);

    // A whole body: its value by the media type.
    let whole = |tokens| {
        let (checked, errors): (CheckedItem, _) = item(tokens);
        assert!(errors.is_empty(), "{errors:?}");
        let field = checked.fields.iter().find(|f| f.ident == "body").unwrap();
        assert_eq!(field.placement.location, Content);
        (field.value, checked.body.map(|body| body.media_type))
    };
    assert_eq!(
        whole(
            quote!(struct S = "POST /x" { #[endpoint(request_body, content_type = "text/markdown")] body: String })
        ),
        (ValueKind::Text, Some("text/markdown".into()))
    );
    assert_eq!(
        whole(
            quote!(#[endpoint(content_type = "application/octet-stream")] struct S = "POST /x" { #[endpoint(request_body)] body: Vec<u8> })
        ),
        (ValueKind::Bytes, Some("application/octet-stream".into()))
    );
    assert_eq!(
        whole(
            quote!(#[endpoint(content_type = "application/octet-stream")] struct S = "POST /x" { #[endpoint(request_body)] body: Option<endpoint::body::File> })
        ),
        (ValueKind::Param, Some("application/octet-stream".into()))
    );
    assert_eq!(
        whole(
            quote!(struct S = "PATCH /x" { #[endpoint(request_body, content_type = "application/merge-patch+json")] body: Patch })
        ),
        (
            ValueKind::Param,
            Some("application/merge-patch+json".into())
        )
    );
    assert_eq!(
        whole(
            quote!(struct S = "PUT /x" { #[endpoint(request_body)] body: Document, #[endpoint(query)] a: u32 })
        ),
        (ValueKind::Choice, None)
    );
}

#[test]
fn body_errors() {
    let errors = item_errors(quote! {
        #[endpoint(content_type = "text/plain")]
        struct S = "POST /x" {
            #[endpoint(request_body, content_type = "text/markdown")] text: String,
            #[endpoint(request_body)] again: String,
            #[endpoint(body)] extra: String,
            #[endpoint(query, style = "form", explode = false)] fine: Vec<String>,
        }
    });
    assert_reported(
        &errors,
        &[
            "the struct's `content_type` names the body's media type already",
            "a second `request_body` field, `again`: a request has one body, and `text` is it",
            "the field `extra` would be a field of the body, but a `text/plain` body is one value",
            "the field `extra` would go to the body, but `text` is the whole body",
        ],
    );
    let errors = item_errors(quote! {
        #[endpoint(content_type = "application/x-www-form-urlencoded")]
        struct S = "GET /x" { a: u32 }
    });
    assert_reported(
        &errors,
        &["`content_type = \"application/x-www-form-urlencoded\"` on a GET route"],
    );
    let errors = item_errors(quote! {
        #[endpoint(content_type = "application/x-www-form-urlencoded")]
        struct S = "POST /x" {
            #[endpoint(body, style = "form")] tags: Vec<String>,
            #[endpoint(body, style = "form", explode)] map: BTreeMap<String, String>,
            #[endpoint(body, style = "label")] c: String,
            #[endpoint(request_body, style = "form")] whole: Form,
        }
    });
    assert_reported(
        &errors,
        &[
            "in a form body, `style = \"form\"` exploded would write a list or an object as fields",
            "`style = \"label\"` is not a style of a field of a form body",
            "a `request_body` field is the whole body, written as its media type says",
        ],
    );
    assert_eq!(
        errors
            .iter()
            .filter(|e| e.contains("in a form body"))
            .count(),
        2,
        "{errors:?}"
    );
    let errors = item_errors(quote! {
        #[endpoint(content_type = "multipart/form-data")]
        struct S = "POST /x" {
            #[endpoint(body, style = "form")] a: String,
            #[endpoint(body, arrays = "indices")] b: Vec<String>,
            #[endpoint(request_body)] c: Parts,
        }
    });
    assert_reported(
        &errors,
        &[
            "`style` does not apply to a part of a multipart body",
            "`arrays` does not apply to a part of a multipart body",
            "a multipart body is made of parts",
        ],
    );
    let errors = item_errors(quote! {
        struct S = "POST /x" { #[endpoint(body, content_type = "text/plain")] a: String }
    });
    assert_reported(
        &errors,
        &["`content_type` does not apply to a field of a JSON body"],
    );
}

#[test]
fn octokit_rules_only_without_a_media_type() {
    // `data` is a field like any other, and option names are free, once
    // the body has a media type.
    let (checked, errors) = item(quote! {
        #[endpoint(content_type = "application/x-www-form-urlencoded")]
        struct S = "POST /x/{url}" { data: String, method: String, #[endpoint(query, style = "form")] headers: String }
    });
    assert!(errors.is_empty(), "{errors:?}");
    assert!(
        checked
            .fields
            .iter()
            .any(|f| f.wire == "data" && f.role == Role::Remaining)
    );
    let errors = item_errors(quote! {
        struct S = "POST /x/{url}" { data: String, #[endpoint(query)] method: String, a: u32 }
    });
    assert_reported(
        &errors,
        &[
            "placeholder `url` uses the reserved",
            "`method` is a reserved option name",
            "`data` is the whole body",
        ],
    );
}
