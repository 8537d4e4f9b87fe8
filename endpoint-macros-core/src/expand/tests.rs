//! The expansion, on inputs written for each rule.

use super::*;

/// What the macro emits for `tokens`, parsed as the entry point parses
/// them (input of neither form is a `compile_error!`).
fn expand(tokens: TokenStream) -> String {
    crate::expand(tokens).to_string()
}

#[test]
fn spec_needs_a_check() {
    let out = expand(quote! {
        #[endpoint(spec = "api.yaml")]
        pub struct GetPet = "GET /pets/{id}";
    });
    assert!(
        out.contains("needs the `openapi` feature of `endpoint`"),
        "{out}"
    );
    // The struct is still defined, with the methods of a struct with
    // errors.
    assert!(out.contains("pub struct GetPet"), "{out}");
    assert!(
        !out.contains(":: endpoint :: __private :: Route for"),
        "{out}"
    );
}

#[test]
fn a_check_gives_its_settings_to_a_struct_that_names_none() {
    let check = &mut |declared: &crate::declared::Declaration| {
        let names_api = declared.names_api;
        Ok(crate::Checked {
            tokens: quote!(
                fn spec_api() -> &'static ::endpoint::__private::Api {
                    todo!()
                }
            ),
            api: (!names_api).then(|| syn::parse_quote!(spec_api)),
        })
    };
    let out = crate::expand_with(
        quote!(#[endpoint(spec = "api.yaml")] pub struct GetPet = "GET /pets/{id}";),
        check,
    )
    .to_string();
    assert!(out.contains("const API"), "{out}");
    assert!(out.contains("= spec_api ;"), "{out}");
    // A struct's own `api = path` wins.
    let out = crate::expand_with(
        quote!(#[endpoint(spec = "api.yaml", api = shop)] pub struct GetPet = "GET /pets/{id}";),
        check,
    )
    .to_string();
    assert!(out.contains("= shop ;"), "{out}");
    assert!(!out.contains("= spec_api ;"), "{out}");
}

#[test]
fn a_check_adds_tokens_or_errors() {
    let input = quote! {
        #[endpoint(spec = "api.yaml")]
        pub struct GetPet = "GET /pets/{id}";
    };
    let out = crate::expand_with(input.clone(), &mut |_| {
        Ok(quote!(
            const CHECKED: () = ();
        )
        .into())
    })
    .to_string();
    assert!(out.contains("const CHECKED"), "{out}");
    assert!(
        out.contains(":: endpoint :: __private :: Route for GetPet"),
        "{out}"
    );
    assert!(!out.contains("compile_error"), "{out}");
    let out = crate::expand_with(input, &mut |declared| {
        Err(syn::Error::new(
            declared.route.span(),
            "not in the description",
        ))
    })
    .to_string();
    assert!(
        out.contains("compile_error ! { \"not in the description\" }"),
        "{out}"
    );
    assert!(
        !out.contains(":: endpoint :: __private :: Route for"),
        "{out}"
    );
    // A struct with mistakes of its own is not checked.
    let out = crate::expand_with(
        quote!(#[endpoint(spec = "api.yaml")] pub struct S = "GTE /x";),
        &mut |_| panic!("checked"),
    )
    .to_string();
    assert!(out.contains("did you mean `GET`?"), "{out}");
}

#[test]
fn form_one() {
    let out = expand(quote! {
        /// Get a repository.
        #[derive(Debug, Clone)]
        pub struct GetRepo = "GET /repos/<owner>/<repo>";
    });
    assert!(!out.contains("compile_error"), "{out}");
    assert!(out.contains("pub struct GetRepo"), "{out}");
    assert!(
        out.contains("pub owner : :: std :: string :: String"),
        "{out}"
    );
    assert!(
        out.contains("pub repo : :: std :: string :: String"),
        "{out}"
    );
    assert!(
        out.contains("pub const METHOD : & 'static str = \"GET\""),
        "{out}"
    );
    assert!(
        out.contains("pub const TEMPLATE : & 'static str = \"/repos/<owner>/<repo>\""),
        "{out}"
    );
    // The parsed form, packed, never the route text to parse.
    assert!(out.contains(&packed("/repos/<owner>/<repo>")), "{out}");
    // Fields by position, in one array, strings without serde.
    assert!(
        out.contains(
            "build (& [:: core :: option :: Option :: Some (:: endpoint :: __private :: ToParam :: to_param (& self . owner)) , \
             :: core :: option :: Option :: Some (:: endpoint :: __private :: ToParam :: to_param (& self . repo))])"
        ),
        "{out}"
    );
    assert!(
        out.contains("method : :: endpoint :: __private :: Method :: GET"),
        "{out}"
    );
    assert!(
        out.contains("type Response = :: endpoint :: __private :: serde_json :: Value"),
        "{out}"
    );
    assert!(
        !out.contains("parse"),
        "the route must not be parsed at run time: {out}"
    );
}

/// The `static_template(…)` call that the packed form of `route` makes.
fn packed(route: &str) -> String {
    let template = Template::parse(route).unwrap();
    let (text, code) = template.packed();
    let code = code
        .iter()
        .map(|&word| proc_macro2::Literal::u32_unsuffixed(word));
    quote!(::endpoint::__private::static_template(#text, &[#(#code),*])).to_string()
}

#[test]
fn unit_struct_and_response() {
    let out = expand(quote!(pub struct GetUser = "GET /user" -> User;));
    assert!(out.contains("pub struct GetUser ;"), "{out}");
    assert!(out.contains("type Response = User"), "{out}");
    assert!(
        out.contains("type Error = :: endpoint :: __private :: serde_json :: Value"),
        "{out}"
    );
    assert!(out.contains("params : & []"), "{out}");
    assert!(out.contains("build (& [])"), "{out}");
    let out = expand(quote! {
        #[endpoint(error = crate::models::BasicError)]
        pub struct GetUser = "GET /user" -> User;
    });
    assert!(
        out.contains("type Error = crate :: models :: BasicError"),
        "{out}"
    );
    assert!(
        out.contains("its errors by `crate::models::BasicError`"),
        "{out}"
    );
}

#[test]
fn modifiers_and_operators() {
    let out = expand(quote!(struct S = "GET /x{/segments*}{?q,sort}{&page}/{var:3}{+path}";));
    assert!(!out.contains("compile_error"), "{out}");
    assert!(
        out.contains(&packed("/x{/segments*}{?q,sort}{&page}/{var:3}{+path}")),
        "{out}"
    );
    assert!(out.contains("pub q : :: core :: option :: Option"), "{out}");
    assert!(
        out.contains("pub segments : :: std :: string :: String"),
        "{out}"
    );
}

#[test]
fn declared_parameters() {
    let out = expand(quote! {
        pub struct ListIssues = "GET /repos/{owner}/{repo}/issues{?state}" {
            state: Option<String>,
            per_page: Option<u32>,
            labels: Vec<String>,
        }
    });
    assert!(!out.contains("compile_error"), "{out}");
    // The variables by slot, then the other parameters as declared.
    let positions: Vec<usize> = [
        "build (& [",
        "to_param (& self . owner)",
        "to_param (& self . repo)",
        "match & self . state",
        "match & self . per_page",
        "to_param (& self . labels)",
    ]
    .iter()
    .map(|text| out.find(text).unwrap_or_else(|| panic!("{text} in {out}")))
    .collect();
    assert!(positions.is_sorted(), "{out}");
    assert!(
        out.contains(
            "params : & [:: endpoint :: __private :: ParamPlan :: new (\"per_page\") , \
             :: endpoint :: __private :: ParamPlan :: new (\"labels\")]"
        ),
        "{out}"
    );
    // Lists of strings and integers are read directly, not serialized.
    assert!(!out.contains("serialize"), "{out}");
    let out = expand(quote!(pub struct S = "POST /x" { extra: my::Thing }));
    assert!(
        out.contains("let __serialized0 = :: endpoint :: __private :: serialize (& self . extra , \"extra\") ? ; \
             build (& [:: core :: option :: Option :: Some (:: endpoint :: __private :: Param :: Json (& __serialized0))])"),
        "{out}"
    );
}

#[test]
fn api_accept_and_body_required() {
    let out = expand(quote! {
        #[endpoint(api = crate::api, accept = "text/plain")]
        #[endpoint(content_type = "application/json", body_required)]
        pub struct Create = "POST /orders" { note: Option<String> }
    });
    assert!(!out.contains("compile_error"), "{out}");
    assert!(
        out.contains(
            "const API : fn () -> & 'static :: endpoint :: __private :: Api = crate :: api ;"
        ),
        "{out}"
    );
    assert!(
        out.contains("accept : :: core :: option :: Option :: Some (\"text/plain\")"),
        "{out}"
    );
    assert!(out.contains("required : true"), "{out}");

    // Without the options: the global endpoint, the endpoint's accept.
    let out = expand(quote!(pub struct Get = "GET /orders";));
    assert!(!out.contains("const API"), "{out}");
    assert!(
        out.contains("accept : :: core :: option :: Option :: None"),
        "{out}"
    );

    let out = expand(quote!(#[endpoint(body_required)] pub struct Create = "POST /orders";));
    assert!(
        out.contains("`body_required` sends the body's empty form when no body field is set"),
        "{out}"
    );
}

#[test]
fn errors_keep_the_struct() {
    let out = expand(quote!(pub struct S = "GTE /x/{=y}";));
    assert!(out.contains("pub struct S"), "{out}");
    assert!(out.contains("did you mean `GET`?"), "{out}");
    assert!(
        out.contains("reserved operator `=` in `{=y}` at column 8 of the route"),
        "{out}"
    );
    assert!(out.contains("unreachable"), "{out}");
    assert!(!out.contains("Fields for"), "{out}");
}

#[test]
fn malformed_input_is_an_error() {
    let out = expand(quote!(42));
    assert!(out.contains("compile_error"), "{out}");
}

#[test]
fn expression_form() {
    let out = expand(quote!("GET /repos/<owner>/<repo>", owner = "octocat"));
    assert!(!out.contains("compile_error"), "{out}");
    assert!(out.contains("struct __Endpoint {"), "{out}");
    assert!(
        out.contains("owner : :: endpoint :: __private :: serialize (& (\"octocat\") , \"owner\")"),
        "{out}"
    );
    assert!(
        out.contains("repo : :: endpoint :: __private :: serialize (& (repo) , \"repo\")"),
        "{out}"
    );
    let out = expand(quote!("GET /repos/<owner>", owner = format!("x")));
    assert!(
        out.contains("serialize (& (format ! (\"x\")) , \"owner\")"),
        "{out}"
    );

    let out = expand(quote!("GET /user"));
    assert!(out.contains("struct __Endpoint ;"), "{out}");

    let out = expand(quote!("GET /x/{type}", nope = 1));
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("struct __Endpoint ;"), "{out}");
}

#[test]
fn never_panics_on_odd_routes() {
    for route in [
        "",
        " ",
        "GET",
        "GET ",
        " GET",
        "GET  /x",
        "/",
        "GET /{",
        "GET /}",
        "GET /{}",
        "GET /<",
        "GET />",
        "GET /<>",
        "GET /{a,}",
        "GET /{,a}",
        "GET /{a:}",
        "GET /{a:0}",
        "GET /{a:10000}",
        "GET /{a:3*}",
        "GET /{a**}",
        "GET /é/{é}",
        "GET /{%}",
        "GET /{%zz}",
        "GET /{a.}",
        "GET /{.a.}",
        "GET /\u{0}",
        "GET /{{a}}",
        "get /x",
        "PÖST /x",
        "GET /x\ty",
        "GET http://",
        "GET /{_}/{self}/{Self}/{crate}/{1}",
    ] {
        let lit = syn::LitStr::new(route, Span::call_site());
        let _ = expand(quote!(pub struct S = #lit;));
        let _ = expand(
            quote!(pub struct S = #lit { a: u32, #[endpoint(query)] b: u32, #[endpoint(body)] c: u32 }),
        );
        let _ = expand(quote!(#lit, a = 1));
        let _ = expand(quote!(#lit));
    }
}

#[test]
fn never_panics_on_random_routes() {
    // A small linear congruential generator: deterministic, no dependency.
    let mut state: u64 = 0x5eed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let alphabet: Vec<char> = "GETPOSgetHEAD /{}<>:?&#=,!|*+.;%09azAZ-_é\t"
        .chars()
        .collect();
    for _ in 0..3000 {
        let len = next() % 24;
        let route: String = (0..len)
            .map(|_| alphabet[next() % alphabet.len()])
            .collect();
        let lit = syn::LitStr::new(&route, Span::call_site());
        let _ = expand(
            quote!(pub struct S = #lit { a: Option<u32>, #[endpoint(query)] b: u32, #[endpoint(body, rename = "a")] c: u32 }),
        );
        let _ = expand(quote!(#lit, a = 1, b = x));
    }
}

#[test]
fn never_panics_on_any_pair_of_options() {
    let options = [
        quote!(path),
        quote!(query),
        quote!(header),
        quote!(cookie),
        quote!(body),
        quote!(request_body),
        quote!(style = "label"),
        quote!(style = "deepObject"),
        quote!(style = "pipeDelimited"),
        quote!(explode),
        quote!(explode = false),
        quote!(allow_reserved),
        quote!(arrays = "indices"),
        quote!(content_type = "text/plain"),
        quote!(content_type = "multipart/form-data"),
        quote!(multi_segment),
        quote!(rename = "a"),
    ];
    let structs = [
        quote!(),
        quote!(#[endpoint(content_type = "application/x-www-form-urlencoded")]),
        quote!(#[endpoint(content_type = "multipart/form-data")]),
        quote!(#[endpoint(content_type = "application/octet-stream")]),
    ];
    for route in ["GET /x/{a}{?q}", "POST /x/{a}", "PUT /x/:a/<b>"] {
        let lit = syn::LitStr::new(route, Span::call_site());
        for item in &structs {
            for first in &options {
                for second in &options {
                    let out = expand(quote! {
                        #item
                        pub struct S = #lit {
                            #[endpoint(#first, #second)] a: Vec<String>,
                            #[endpoint(#second)] b: Option<File>,
                            #[endpoint(#first)] q: Option<u32>,
                        }
                    });
                    assert!(out.contains("pub struct S"), "{out}");
                }
            }
        }
    }
}

#[test]
fn odd_attributes_are_errors() {
    for attr in [
        quote!(#[endpoint]),
        quote!(#[endpoint = "x"]),
        quote!(#[endpoint()]),
        quote!(#[endpoint(rename)]),
    ] {
        let out = expand(quote!(pub struct S = "POST /x" { #attr a: u32 }));
        let _ = out;
    }
    let out = expand(quote!(pub struct S = "POST /x" { #[endpoint] a: u32 }));
    assert!(out.contains("compile_error"), "{out}");
}

#[test]
fn placements_and_bodies() {
    let out = expand(quote! {
        pub struct S = "GET /a/{id}" {
            #[endpoint(style = "label", explode)] id: Vec<u32>,
            q: Option<String>,
            #[endpoint(header)] x_trace: String,
        }
    });
    assert!(!out.contains("compile_error"), "{out}");
    assert!(out.contains(&packed("/a/{.id*}")), "{out}");
    assert!(
        out.contains("pub const TEMPLATE : & 'static str = \"/a/{.id*}\""),
        "{out}"
    );
    assert!(
        out.contains(
            "params : & [:: endpoint :: __private :: ParamPlan :: new (\"q\") , \
             :: endpoint :: __private :: ParamPlan { name : \"x-trace\" , placement : \
             :: endpoint :: __private :: Placement { \
             location : :: endpoint :: __private :: Location :: Header , \
             style : :: endpoint :: __private :: Style :: Simple , explode : false , \
             allow_reserved : false , arrays : :: endpoint :: __private :: Arrays :: Brackets , \
             content_type : :: core :: option :: Option :: None , } , }]"
        ),
        "{out}"
    );
    assert!(
        out.contains("body : :: core :: option :: Option :: None"),
        "{out}"
    );

    // A location named, every other option its default: the short
    // constructor, as generated crates name every field's location.
    let out = expand(quote! {
        pub struct Named = "GET /a" {
            #[endpoint(query)] q: Option<String>,
        }
    });
    assert!(!out.contains("compile_error"), "{out}");
    assert!(
        out.contains(
            "params : & [:: endpoint :: __private :: ParamPlan :: at (\"q\" , \
             :: endpoint :: __private :: Location :: Query , \
             :: endpoint :: __private :: Style :: Form ,)]"
        ),
        "{out}"
    );

    let out = expand(quote! {
        #[endpoint(content_type = "multipart/form-data")]
        pub struct Upload = "POST /upload" {
            #[endpoint(body, content_type = "image/png")] file: endpoint::body::File,
            title: String,
        }
    });
    assert!(!out.contains("compile_error"), "{out}");
    assert!(
        out.contains(
            "body : :: core :: option :: Option :: Some (:: endpoint :: __private :: BodyPlan { \
             media_type : \"multipart/form-data\" , \
             kind : :: endpoint :: __private :: BodyKind :: Multipart , required : false , })"
        ),
        "{out}"
    );
    assert!(
        out.contains("content_type : :: core :: option :: Option :: Some (\"image/png\")"),
        "{out}"
    );
    // A file is read directly, not serialized.
    assert!(out.contains("ToParam :: to_param (& self . file)"), "{out}");

    let out = expand(quote! {
        pub struct Raw = "POST /raw" {
            #[endpoint(request_body, content_type = "application/octet-stream")]
            bytes: Option<Vec<u8>>,
        }
    });
    assert!(
        out.contains(
            "match & self . bytes { :: core :: option :: Option :: Some (value) => \
             :: core :: option :: Option :: Some (:: endpoint :: __private :: Param :: Bytes \
             (:: core :: convert :: AsRef :: < [u8] > :: as_ref (value))) ,"
        ),
        "{out}"
    );
    assert!(out.contains("Location :: Content"), "{out}");
    assert!(
        out.contains("media_type : \"application/octet-stream\""),
        "{out}"
    );

    let out = expand(quote! {
        pub struct Text = "POST /markdown" {
            #[endpoint(request_body, content_type = "text/plain")] text: String,
        }
    });
    assert!(
        out.contains(
            ":: endpoint :: __private :: Param :: Str (:: core :: convert :: AsRef :: < str > :: as_ref (& self . text))"
        ),
        "{out}"
    );
    assert!(out.contains("BodyKind :: Text"), "{out}");

    let out = expand(quote! {
        pub struct Put = "PUT /doc" { #[endpoint(request_body)] doc: Document }
    });
    assert!(
        out.contains(
            "let __content0 = :: endpoint :: __private :: Content :: content (& self . doc) ; \
             build (& [:: core :: option :: Option :: Some (:: endpoint :: __private :: Param :: Content (& __content0))])"
        ),
        "{out}"
    );
    assert!(
        out.contains("body : :: core :: option :: Option :: None"),
        "{out}"
    );
}
