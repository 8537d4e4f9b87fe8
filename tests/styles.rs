//! OpenAPI's parameter styles through the public API: compiled routes whose
//! parameters go to the query, a header or a cookie in a style, built as
//! generated code builds them (`tests/support/plans.rs`),
//! and the path styles through the template engine.
//!
//! The tables are OpenAPI 3.2's Style Examples, cell by cell (see
//! `docs/styles.md`); the first column is the empty string.

use crate::plans;

use endpoint::__private::{Arrays, Location, ParamPlan, Placement, Style, ToParam};
use endpoint::template::Template;
use endpoint::{Endpoint, Error, TypedRequest, endpoint};
use proptest::prelude::*;
use serde_json::{Value, json};

use plans::{X, at, one};

#[test]
fn the_packed_template_is_the_parsers() {
    assert_eq!(Template::parse("/x").unwrap().packed(), X);
}

/// OpenAPI's values, in the table's column order.
fn columns() -> [Value; 4] {
    [
        json!(""),
        json!("blue"),
        json!(["blue", "black", "brown"]),
        json!({"R": 100, "G": 200, "B": 150}),
    ]
}

use Location::{Cookie, Header, Query};
use Style::{DeepObject, Form, PipeDelimited, Simple, SpaceDelimited};

route!(QueryGet = GET [
    at("color", Query, Form, false),
    at("color", Query, Form, true),
    at("color", Query, SpaceDelimited, false),
    at("color", Query, PipeDelimited, false),
    at("color", Query, DeepObject, true),
]);
route!(QueryPost = POST [
    at("color", Query, Form, false),
    at("color", Query, Form, true),
    at("color", Query, SpaceDelimited, false),
    at("color", Query, PipeDelimited, false),
    at("color", Query, DeepObject, true),
]);

/// The query rows of the table, in `QueryGet`'s order; `None` where OpenAPI
/// says n/a.
const QUERY_ROWS: [[Option<&str>; 4]; 5] = [
    [
        Some("color="),
        Some("color=blue"),
        Some("color=blue,black,brown"),
        Some("color=R,100,G,200,B,150"),
    ],
    [
        Some("color="),
        Some("color=blue"),
        Some("color=blue&color=black&color=brown"),
        Some("R=100&G=200&B=150"),
    ],
    [
        None,
        None,
        Some("color=blue%20black%20brown"),
        Some("color=R%20100%20G%20200%20B%20150"),
    ],
    [
        None,
        None,
        Some("color=blue%7Cblack%7Cbrown"),
        Some("color=R%7C100%7CG%7C200%7CB%7C150"),
    ],
    [
        None,
        None,
        None,
        Some("color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
    ],
];

#[test]
fn the_openapi_table_in_the_query_of_any_method() {
    for (row, cells) in QUERY_ROWS.iter().enumerate() {
        for (value, cell) in columns().into_iter().zip(cells) {
            let Some(cell) = cell else { continue };
            let expected = format!("https://api.github.com/x?{cell}");
            let get = QueryGet(one(5, row, value.clone())).to_request().unwrap();
            assert_eq!(get.url, expected, "row {row}, {value}");
            let post = QueryPost(one(5, row, value.clone())).to_request().unwrap();
            assert_eq!(post.url, expected, "row {row}, {value}");
            assert_eq!(post.body, None, "a query parameter is not in the body");
        }
    }
    // Nothing for `null`, an empty list or object.
    for value in [json!(null), json!([]), json!({})] {
        for row in 0..5 {
            let request = QueryGet(one(5, row, value.clone())).to_request().unwrap();
            assert_eq!(
                request.url, "https://api.github.com/x",
                "row {row}, {value}"
            );
        }
    }
}

route!(Headers = GET [
    at("X-Color", Header, Simple, false),
    at("x-color", Header, Simple, true),
]);

#[test]
fn the_openapi_table_in_a_header() {
    let rows = [
        ["", "blue", "blue,black,brown", "R,100,G,200,B,150"],
        ["", "blue", "blue,black,brown", "R=100,G=200,B=150"],
    ];
    for (row, cells) in rows.iter().enumerate() {
        for (value, cell) in columns().into_iter().zip(cells) {
            let request = Headers(one(2, row, value.clone())).to_request().unwrap();
            assert_eq!(request.headers.get("x-color"), Some(*cell), "{value}");
            assert_eq!(request.url, "https://api.github.com/x");
        }
    }
    let request = Headers(one(2, 0, json!(null))).to_request().unwrap();
    assert!(!request.headers.contains("x-color"));
}

#[test]
fn a_header_parameter_replaces_the_defaults_header() {
    let ep = Endpoint::default()
        .defaults(json!({"headers": {"X-Color": "red", "x-other": "1"}}))
        .unwrap();
    let request = Headers(one(2, 0, json!("blue")))
        .to_request_with(&ep)
        .unwrap();
    assert_eq!(request.headers.get("x-color"), Some("blue"));
    assert_eq!(request.headers.get("x-other"), Some("1"));
    // Without the parameter, the default stays.
    let request = Headers(vec![None, None]).to_request_with(&ep).unwrap();
    assert_eq!(request.headers.get("x-color"), Some("red"));
}

#[test]
fn a_header_that_would_break_the_line_is_refused() {
    for value in ["a\r\nx-evil: 1", "a\nb", "a\rb", "a\0b"] {
        let err = Headers(one(2, 0, json!(value))).to_request().unwrap_err();
        assert!(
            matches!(&err, Error::HeaderValue { name, .. } if name == "x-color"),
            "{value:?}: {err:?}"
        );
        let err = Headers(one(2, 1, json!(["ok", value])))
            .to_request()
            .unwrap_err();
        assert!(matches!(&err, Error::HeaderValue { name, .. } if name == "x-color"));
    }
}

proptest! {
    #[test]
    fn no_header_value_breaks_the_line(
        value in prop_oneof![any::<String>(), "[a-z\r\n\u{0} :,]{0,10}"],
        explode in any::<bool>(),
    ) {
        let fields = one(2, usize::from(explode), json!([value, format!("k={value}")]));
        match Headers(fields).to_request() {
            Ok(request) => {
                prop_assert!(!value.contains(['\r', '\n', '\0']));
                for (_, text) in request.headers.iter() {
                    prop_assert!(!text.contains(['\r', '\n', '\0']));
                }
            }
            Err(Error::HeaderValue { name, .. }) => {
                prop_assert_eq!(name, "x-color");
                prop_assert!(value.contains(['\r', '\n', '\0']));
            }
            Err(err) => prop_assert!(false, "{err:?}"),
        }
    }
}

route!(Cookies = GET [
    at("color", Cookie, Form, false),
    at("color", Cookie, Form, true),
    at("session id", Cookie, Form, true),
]);

#[test]
fn the_openapi_table_in_the_cookie_header() {
    let rows = [
        [
            "color=",
            "color=blue",
            "color=blue,black,brown",
            "color=R,100,G,200,B,150",
        ],
        [
            "color=",
            "color=blue",
            "color=blue; color=black; color=brown",
            "R=100; G=200; B=150",
        ],
    ];
    for (row, cells) in rows.iter().enumerate() {
        for (value, cell) in columns().into_iter().zip(cells) {
            let request = Cookies(one(3, row, value.clone())).to_request().unwrap();
            assert_eq!(request.headers.get("cookie"), Some(*cell), "{value}");
        }
    }
}

#[test]
fn cookies_are_one_header_after_the_defaults_cookies() {
    let fields = || -> Vec<Option<Box<dyn ToParam>>> {
        vec![
            Some(Box::new(json!(["a", "b c"]))),
            None,
            Some(Box::new("x;y".to_owned())),
        ]
    };
    let request = Cookies(fields()).to_request().unwrap();
    assert_eq!(
        request.headers.get("cookie"),
        Some("color=a,b%20c; session%20id=x%3By")
    );
    let ep = Endpoint::default()
        .defaults(json!({"headers": {"Cookie": "theme=dark"}}))
        .unwrap();
    let request = Cookies(fields()).to_request_with(&ep).unwrap();
    assert_eq!(
        request.headers.get("cookie"),
        Some("theme=dark; color=a,b%20c; session%20id=x%3By")
    );
    // No cookie parameter: the defaults' header as it is.
    let request = Cookies(vec![None, None, None])
        .to_request_with(&ep)
        .unwrap();
    assert_eq!(request.headers.get("cookie"), Some("theme=dark"));
    let request = Cookies(vec![None, None, None]).to_request().unwrap();
    assert!(!request.headers.contains("cookie"));
}

// Stripe's shapes: `metadata`, `expand` (brackets) and `items` (indices),
// all `deepObject`.
route!(Stripe = GET [
    at("metadata", Query, DeepObject, true),
    at("expand", Query, DeepObject, true),
    ParamPlan {
        name: "items",
        placement: Placement {
            location: Query,
            style: DeepObject,
            explode: true,
            arrays: Arrays::Indices,
            ..Placement::DEFAULT
        },
    },
]);

#[test]
fn deep_objects_in_stripes_shapes() {
    let request = Stripe(vec![
        Some(Box::new(json!({"order_id": "6735", "note": "a&b=c"}))),
        Some(Box::new(vec![
            "customer".to_owned(),
            "invoice.subscription".to_owned(),
        ])),
        Some(Box::new(
            json!([{"price": "p_1", "quantity": 2}, {"price": "p_2"}]),
        )),
    ])
    .to_request()
    .unwrap();
    assert_eq!(
        request.url,
        "https://api.github.com/x?metadata%5Border_id%5D=6735&metadata%5Bnote%5D=a%26b%3Dc\
         &expand%5B%5D=customer&expand%5B%5D=invoice.subscription\
         &items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&items%5B1%5D%5Bprice%5D=p_2"
    );
    let (_, query) = request.url.split_once('?').unwrap();
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect();
    let pair = |name: &str, value: &str| (name.to_owned(), value.to_owned());
    assert_eq!(
        pairs,
        [
            pair("metadata[order_id]", "6735"),
            pair("metadata[note]", "a&b=c"),
            pair("expand[]", "customer"),
            pair("expand[]", "invoice.subscription"),
            pair("items[0][price]", "p_1"),
            pair("items[0][quantity]", "2"),
            pair("items[1][price]", "p_2"),
        ]
    );
    // `serde_qs`, a reader of the bracket notation, reads the same values.
    let read: Value = serde_qs::Config::new()
        .use_form_encoding(true)
        .deserialize_str(query)
        .unwrap();
    assert_eq!(
        read,
        json!({
            "metadata": {"order_id": "6735", "note": "a&b=c"},
            "expand": ["customer", "invoice.subscription"],
            "items": [{"price": "p_1", "quantity": "2"}, {"price": "p_2"}],
        })
    );
}

route!(Reserved = GET [
    ParamPlan {
        name: "path",
        placement: Placement {
            location: Query,
            style: Form,
            explode: true,
            allow_reserved: true,
            ..Placement::DEFAULT
        },
    },
    at("plain", Query, Form, true),
]);

#[test]
fn allow_reserved_keeps_what_a_query_allows() {
    let value = "a/b?c=d&e+f:g@h!%2F#i[j] k";
    let request = Reserved(vec![
        Some(Box::new(value.to_owned())),
        Some(Box::new(value.to_owned())),
    ])
    .to_request()
    .unwrap();
    assert_eq!(
        request.url,
        "https://api.github.com/x?path=a/b?c=d&e+f:g@h!%2F%23i%5Bj%5D%20k\
         &plain=a%2Fb%3Fc%3Dd%26e%2Bf%3Ag%40h%21%252F%23i%5Bj%5D%20k"
    );
}

endpoint! {
    /// A typed route with a list and no style.
    struct ListPets = "GET /pets" {
        kind: Vec<String>,
        limit: Option<u32>,
    }
}

#[test]
fn a_typed_list_of_no_style_is_form_exploded() {
    let pets = ListPets {
        kind: vec!["cat".into(), "dog fish".into()],
        limit: Some(5),
    };
    assert_eq!(
        pets.to_request().unwrap().url,
        "https://api.github.com/pets?kind=cat&kind=dog%20fish&limit=5"
    );
    let none = ListPets {
        kind: Vec::new(),
        limit: None,
    };
    assert_eq!(
        none.to_request().unwrap().url,
        "https://api.github.com/pets"
    );
    // The dynamic layer keeps octokit's rule.
    let dynamic = Endpoint::default()
        .endpoint("GET /pets", json!({"kind": ["cat", "dog fish"]}))
        .unwrap();
    assert_eq!(
        dynamic.url,
        "https://api.github.com/pets?kind=cat%2Cdog%20fish"
    );
}

/// The path rows of the table: the template a route's `simple`, `label` or
/// `matrix` placeholder is written as, with `*` for explode, and its cells.
const PATH_ROWS: [(&str, [&str; 4]); 6] = [
    (
        "{;color}",
        [
            ";color",
            ";color=blue",
            ";color=blue,black,brown",
            ";color=R,100,G,200,B,150",
        ],
    ),
    (
        "{;color*}",
        [
            ";color",
            ";color=blue",
            ";color=blue;color=black;color=brown",
            ";R=100;G=200;B=150",
        ],
    ),
    (
        "{.color}",
        [".", ".blue", ".blue,black,brown", ".R,100,G,200,B,150"],
    ),
    (
        "{.color*}",
        [".", ".blue", ".blue.black.brown", ".R=100.G=200.B=150"],
    ),
    (
        "{color}",
        ["", "blue", "blue,black,brown", "R,100,G,200,B,150"],
    ),
    (
        "{color*}",
        ["", "blue", "blue,black,brown", "R=100,G=200,B=150"],
    ),
];

#[test]
fn the_openapi_table_in_the_path_through_the_template() {
    // After a literal `c`: a label's lone `.` would be a dot segment, which
    // the builder refuses.
    let ep = Endpoint::default();
    for (placeholder, cells) in PATH_ROWS {
        let route = format!("GET /x/c{placeholder}");
        for (value, cell) in columns().into_iter().zip(cells) {
            let request = ep.endpoint(&route, json!({"color": value})).unwrap();
            assert_eq!(
                request.url,
                format!("https://api.github.com/x/c{cell}"),
                "{placeholder} {value}"
            );
        }
        // Undefined: nothing at all.
        for value in [json!(null), json!([]), json!({})] {
            let request = ep.endpoint(&route, json!({"color": value})).unwrap();
            assert_eq!(request.url, "https://api.github.com/x/c", "{placeholder}");
        }
    }
    assert!(matches!(
        ep.endpoint("GET /x/{.color}", json!({"color": ""})),
        Err(Error::UnsafePath { .. })
    ));
}

route!(Mixed = POST [
    ParamPlan::new("title"),
    at("page", Query, Form, true),
    at("x-trace", Header, Simple, false),
    at("sid", Cookie, Form, true),
]);

#[test]
fn only_the_default_location_goes_to_the_body_of_a_post() {
    let request = Mixed(vec![
        Some(Box::new("t".to_owned())),
        Some(Box::new(2u32)),
        Some(Box::new("abc".to_owned())),
        Some(Box::new("s1".to_owned())),
    ])
    .to_request()
    .unwrap();
    assert_eq!(request.url, "https://api.github.com/x?page=2");
    assert_eq!(
        request.body.as_ref().map(endpoint::Body::to_json),
        Some(json!({"title": "t"}))
    );
    assert_eq!(request.headers.get("x-trace"), Some("abc"));
    assert_eq!(request.headers.get("cookie"), Some("sid=s1"));
}

// ---------------------------------------------------------------------------
// The same tables, with the styles declared in `endpoint!`'s grammar
// ---------------------------------------------------------------------------

endpoint! {
    struct PathMatrix = "GET /x/c{color}" {
        #[endpoint(style = "matrix")]
        color: Value,
    }
    struct PathMatrixExploded = "GET /x/c{color}" {
        #[endpoint(style = "matrix", explode)]
        color: Value,
    }
    struct PathLabel = "GET /x/c{color}" {
        #[endpoint(style = "label")]
        color: Value,
    }
    struct PathLabelExploded = "GET /x/c{color}" {
        #[endpoint(style = "label", explode)]
        color: Value,
    }
    struct PathSimple = "GET /x/c{color}" {
        #[endpoint(style = "simple")]
        color: Value,
    }
    struct PathSimpleExploded = "GET /x/c{color}" {
        #[endpoint(style = "simple", explode)]
        color: Value,
    }

    struct QueryForm = "GET /x" {
        #[endpoint(query, style = "form", explode = false)]
        color: Value,
    }
    struct QueryFormExploded = "GET /x" {
        #[endpoint(query, style = "form")]
        color: Value,
    }
    struct QuerySpaceDelimited = "POST /x" {
        #[endpoint(query, style = "spaceDelimited")]
        color: Value,
    }
    struct QueryPipeDelimited = "GET /x" {
        #[endpoint(query, style = "pipeDelimited")]
        color: Value,
    }
    struct QueryDeepObject = "GET /x" {
        #[endpoint(query, style = "deepObject")]
        color: Value,
    }

    struct HeaderSimple = "GET /x" {
        #[endpoint(header, rename = "X-Color")]
        color: Value,
    }
    struct HeaderSimpleExploded = "GET /x" {
        #[endpoint(header, explode)]
        x_color: Value,
    }

    struct CookieForm = "GET /x" {
        #[endpoint(cookie, explode = false)]
        color: Value,
    }
    struct CookieFormExploded = "GET /x" {
        #[endpoint(cookie)]
        color: Value,
    }
}

#[test]
fn the_macros_path_styles_write_the_table() {
    type Build = fn(Value) -> endpoint::Result<endpoint::Request>;
    let routes: [(&str, Build); 6] = [
        ("{;color}", |color| PathMatrix { color }.to_request()),
        ("{;color*}", |color| {
            PathMatrixExploded { color }.to_request()
        }),
        ("{.color}", |color| PathLabel { color }.to_request()),
        ("{.color*}", |color| {
            PathLabelExploded { color }.to_request()
        }),
        ("{color}", |color| PathSimple { color }.to_request()),
        ("{color*}", |color| {
            PathSimpleExploded { color }.to_request()
        }),
    ];
    let templates = [
        PathMatrix::TEMPLATE,
        PathMatrixExploded::TEMPLATE,
        PathLabel::TEMPLATE,
        PathLabelExploded::TEMPLATE,
        PathSimple::TEMPLATE,
        PathSimpleExploded::TEMPLATE,
    ];
    for (((placeholder, build), (row, cells)), template) in
        routes.into_iter().zip(PATH_ROWS).zip(templates)
    {
        assert_eq!(placeholder, row);
        assert_eq!(template, format!("/x/c{placeholder}"));
        for (value, cell) in columns().into_iter().zip(cells) {
            let request = build(value.clone()).unwrap();
            assert_eq!(
                request.url,
                format!("https://api.github.com/x/c{cell}"),
                "{placeholder} {value}"
            );
        }
    }
}

#[test]
fn the_macros_query_styles_write_the_table() {
    type Build = fn(Value) -> endpoint::Result<endpoint::Request>;
    // In `QueryGet`'s order, so in `QUERY_ROWS`' order.
    let routes: [Build; 5] = [
        |color| QueryForm { color }.to_request(),
        |color| QueryFormExploded { color }.to_request(),
        |color| QuerySpaceDelimited { color }.to_request(),
        |color| QueryPipeDelimited { color }.to_request(),
        |color| QueryDeepObject { color }.to_request(),
    ];
    for (row, (build, cells)) in routes.into_iter().zip(QUERY_ROWS).enumerate() {
        for (value, cell) in columns().into_iter().zip(cells) {
            let Some(cell) = cell else { continue };
            let request = build(value.clone()).unwrap();
            assert_eq!(
                request.url,
                format!("https://api.github.com/x?{cell}"),
                "row {row}, {value}"
            );
            // As the hand-placed plan writes it.
            let placed = QueryGet(one(5, row, value.clone())).to_request().unwrap();
            assert_eq!(request.url, placed.url);
        }
    }
    let post = QuerySpaceDelimited {
        color: json!(["a", "b"]),
    }
    .to_request()
    .unwrap();
    assert_eq!(post.body, None, "a query parameter is not in the body");
}

#[test]
fn the_macros_header_and_cookie_styles_write_the_table() {
    let headers = [
        ["", "blue", "blue,black,brown", "R,100,G,200,B,150"],
        ["", "blue", "blue,black,brown", "R=100,G=200,B=150"],
    ];
    for (value, cell) in columns().into_iter().zip(headers[0]) {
        let request = HeaderSimple { color: value }.to_request().unwrap();
        assert_eq!(request.headers.get("x-color"), Some(cell));
    }
    for (value, cell) in columns().into_iter().zip(headers[1]) {
        let request = HeaderSimpleExploded { x_color: value }
            .to_request()
            .unwrap();
        assert_eq!(request.headers.get("x-color"), Some(cell));
    }
    let cookies = [
        [
            "color=",
            "color=blue",
            "color=blue,black,brown",
            "color=R,100,G,200,B,150",
        ],
        [
            "color=",
            "color=blue",
            "color=blue; color=black; color=brown",
            "R=100; G=200; B=150",
        ],
    ];
    for (value, cell) in columns().into_iter().zip(cookies[0]) {
        let request = CookieForm { color: value }.to_request().unwrap();
        assert_eq!(request.headers.get("cookie"), Some(cell));
    }
    for (value, cell) in columns().into_iter().zip(cookies[1]) {
        let request = CookieFormExploded { color: value }.to_request().unwrap();
        assert_eq!(request.headers.get("cookie"), Some(cell));
    }
}
