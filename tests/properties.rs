//! Properties of the builder, checked on random input (proptest, bounded so
//! that the file runs in seconds in a debug build):
//!
//! - `endpoint(o) == parse(merge(o))` (and, for templates and calls past the
//!   builder's one-pass limits, on fixed input);
//! - a typed request equals the dynamic one for random parameter values;
//! - the defaults and the call's options are never changed;
//! - `defaults(a).defaults(b)` equals one layer holding the merged options;
//! - expanding a string with any operator and percent-decoding the result
//!   gives the string back;
//! - no input panics.

use endpoint::template::Template;
use endpoint::{Endpoint, endpoint};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::{Map, Value, json};

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------

/// Text with the characters that matter: delimiters, dots, `%`, non-ASCII,
/// control characters.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9]{0,6}",
        "[ -~]{0,10}",
        "[./%2eE]{0,6}",
        "(?s).{0,10}",
        Just(".".to_owned()),
        Just("..".to_owned()),
        Just("%2e%2E".to_owned()),
        Just("../admin".to_owned()),
        Just("a/b?c#d%e".to_owned()),
        Just("é😀".to_owned()),
    ]
}

fn param_key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_owned()),
        Just("b".to_owned()),
        Just("owner".to_owned()),
        Just("repo".to_owned()),
        Just("path".to_owned()),
        Just("list".to_owned()),
        Just("q".to_owned()),
        Just("data".to_owned()),
        Just("per-page".to_owned()),
        "[a-z]{1,3}",
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        text().prop_map(Value::from),
        text().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(Value::Array),
            vec((param_key(), inner), 0..4)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

fn header_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => Just("accept".to_owned()),
        4 => Just("Authorization".to_owned()),
        4 => Just("content-type".to_owned()),
        4 => "[A-Za-z][A-Za-z0-9-]{0,6}",
        1 => "(?s).{0,4}",
    ]
}

fn header_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => "[ -~]{0,12}".prop_map(Value::from),
        1 => text().prop_map(Value::from),
        1 => Just(Value::Null),
        1 => any::<u32>().prop_map(Value::from),
        1 => any::<bool>().prop_map(Value::from),
        1 => Just(json!("application/vnd.github.v3+json")),
        1 => Just(json!("application/octet-stream")),
    ]
}

/// Preview names as `mediaType.previews` takes them. Names hold `-preview`
/// at most once: the reference strips the first occurrence on every merge,
/// so `x-preview-preview` would differ between one layer and two.
fn preview() -> impl Strategy<Value = String> {
    ("[a-z]{1,6}", any::<bool>()).prop_map(|(name, suffix)| {
        if suffix {
            format!("{name}-preview")
        } else {
            name
        }
    })
}

/// An options object: parameters plus, sometimes, each reserved key.
fn options() -> impl Strategy<Value = Value> {
    (
        vec((param_key(), json_value()), 0..5),
        proptest::option::of(vec((header_name(), header_value()), 0..4)),
        proptest::option::of((
            proptest::option::of(prop_oneof![
                Just("raw".to_owned()),
                Just("html".to_owned()),
                "[a-z+]{0,5}"
            ]),
            proptest::option::of(vec(
                prop_oneof![
                    12 => preview().prop_map(Value::from),
                    1 => Just(json!(1)),
                    1 => Just(json!(null)),
                ],
                0..3,
            )),
        )),
        proptest::option::of(prop_oneof![
            Just("https://api.github.com".to_owned()),
            Just("https://ghe.example.com/api/v3/".to_owned()),
            Just(String::new()),
            "[ -~]{0,12}",
        ]),
        proptest::option::of(prop_oneof![
            Just(json!({"timeout": 5})),
            Just(json!({"nested": {"a": [1, 2]}})),
            Just(Value::Null),
        ]),
    )
        .prop_map(|(params, headers, media_type, base_url, request)| {
            let mut map: Map<String, Value> = params.into_iter().collect();
            if let Some(headers) = headers {
                map.insert(
                    "headers".into(),
                    Value::Object(headers.into_iter().collect()),
                );
            }
            if let Some((format, previews)) = media_type {
                let mut media_type = Map::new();
                if let Some(format) = format {
                    media_type.insert("format".into(), format.into());
                }
                if let Some(previews) = previews {
                    media_type.insert("previews".into(), previews.into());
                }
                map.insert("mediaType".into(), Value::Object(media_type));
            }
            if let Some(base_url) = base_url {
                map.insert("baseUrl".into(), base_url.into());
            }
            if let Some(request) = request {
                map.insert("request".into(), request);
            }
            Value::Object(map)
        })
}

const ROUTES: &[&str] = &[
    "GET /repos/{owner}/{repo}",
    "POST /repos/{owner}/{repo}/issues",
    "GET /x/{a}{?b,q}",
    "PUT /x/{+path}",
    "GET /x{/list*}",
    "DELETE /x{.a}{;b}",
    "HEAD /h",
    "PATCH /p/:owner/<repo>",
    "GET https://example.com/{a}",
    "GET /x{#a}",
    "GET /x?fixed=1{&a,b}",
    "GET {+path}",
    "POST /x/{a:2}",
    "/orgs/{owner}/repos",
    "GET /x/{per-page}",
    "OPTIONS /search{?q*}",
];

fn route() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => proptest::sample::select(ROUTES).prop_map(str::to_owned),
        1 => "[A-Z]{0,4} /[{}+#./;?&*:<>%a-c ,=!@|-]{0,16}",
    ]
}

/// An endpoint with random defaults, or `None` when the defaults are refused.
fn with_defaults(defaults: &Option<Value>) -> Option<Endpoint> {
    match defaults {
        Some(defaults) => Endpoint::default().defaults(defaults).ok(),
        None => Some(Endpoint::default()),
    }
}

// ---------------------------------------------------------------------------
// endpoint(o) == parse(merge(o))
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn endpoint_is_parse_of_merge(
        defaults in proptest::option::of(options()),
        route in route(),
        options in options(),
    ) {
        let Some(ep) = with_defaults(&defaults) else { return Ok(()) };
        let built = ep.endpoint(&route, &options);
        let parsed = ep.merge(&route, &options).and_then(|merged| ep.parse(&merged));
        prop_assert_eq!(built, parsed);

        // The options-only form, with the route's method and url as options.
        let mut with_route = options.as_object().cloned().unwrap_or_default();
        let (method, url) = route.split_once(' ').unwrap_or(("GET", &route));
        with_route.insert("method".into(), method.into());
        with_route.insert("url".into(), url.into());
        let built = ep.endpoint_options(&with_route);
        let parsed = ep.merge_options(&with_route).and_then(|merged| ep.parse(&merged));
        prop_assert_eq!(built, parsed);
    }
}

/// Templates past the eight variables, and calls past the 64 keys, that the
/// builder finds in one pass (it looks them up by name then) agree with
/// `parse(merge(..))` as the small ones do.
#[test]
fn many_variables_and_many_keys() {
    let ep = Endpoint::default()
        .defaults(json!({"v3": "d3", "x1": "default"}))
        .unwrap();
    for variables in [2, 8, 9, 12] {
        for extra in [0, 3, 70] {
            let path: String = (0..variables).map(|i| format!("/{{v{i}}}")).collect();
            let route = format!("GET /x{path}");
            let mut options = Map::new();
            for i in (0..variables).rev().step_by(2) {
                options.insert(format!("v{i}"), json!(format!("value {i}")));
            }
            for i in 0..extra {
                options.insert(format!("x{i}"), json!(i));
            }
            options.insert("headers".into(), json!({"x-a": "b"}));
            let context = format!("{variables} variables, {extra} other keys");
            let built = ep.endpoint(&route, &options);
            let parsed = ep.merge(&route, &options).and_then(|m| ep.parse(&m));
            assert_eq!(built, parsed, "{context}");
            let request = built.unwrap();
            let last = variables - 1;
            assert!(
                request.url.contains(&format!("/value%20{last}")),
                "{context}: {}",
                request.url
            );
            let v3 = if variables > 3 && last % 2 == 0 {
                "/d3"
            } else {
                ""
            };
            assert!(request.url.contains(v3), "{context}: {}", request.url);
            let x1 = if extra > 1 { "x1=1" } else { "x1=default" };
            assert!(request.url.contains(x1), "{context}: {}", request.url);
            assert!(
                !request.url.contains("headers"),
                "{context}: {}",
                request.url
            );
            assert_eq!(request.headers.get("x-a"), Some("b"), "{context}");
        }
    }
}

/// Inputs the fuzzer found where `endpoint` and `parse(merge(..))` disagreed.
#[test]
fn endpoint_is_parse_of_merge_regressions() {
    let ep = Endpoint::default();
    // Two errors in one call: both paths must report the same one.
    let options = json!({"headers": {"a=b": "x"}, "mediaType": {"previews": [1]}});
    assert_eq!(
        ep.endpoint("GET /x", &options),
        ep.merge("GET /x", &options)
            .and_then(|merged| ep.parse(&merged))
    );
    assert_eq!(
        ep.endpoint_options(&options),
        ep.merge_options(&options)
            .and_then(|merged| ep.parse(&merged))
    );
}

// ---------------------------------------------------------------------------
// Typed == dynamic
// ---------------------------------------------------------------------------

endpoint! {
    struct ListIssues = "GET /repos/{owner}/{repo}/issues" {
        state: Option<String>,
        per_page: Option<u64>,
        labels: Option<Vec<String>>,
    }
}

endpoint! {
    struct CreateIssue = "POST /repos/{owner}/{repo}/issues" {
        title: String,
        body: Option<String>,
        assignees: Option<Vec<String>>,
    }
}

endpoint! {
    struct SearchIssues = "GET /search/issues{?q,sort}";
}

endpoint! {
    struct GetContent = "GET /repos/<owner>/<repo>/contents/{+path}";
}

/// A typed GET request and the dynamic one of the same parameters are the
/// same but for a list of the query: the dynamic (octokit) layer joins it
/// with `,` under one name, a typed field of no style writes it as OpenAPI's
/// default, `form` exploded, one `labels=` pair per item (none for an empty
/// list). So the two agree on everything else, and the typed request's
/// `labels` pairs are the call's items, or, without them, the default's.
fn same_but_lists(
    typed: &endpoint::Request,
    dynamic: &endpoint::Request,
    labels: Option<&[String]>,
) {
    assert_eq!(
        (&typed.method, &typed.headers, &typed.body),
        (&dynamic.method, &dynamic.headers, &dynamic.body)
    );
    let split = |url: &str| {
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        (path.to_owned(), pairs)
    };
    let (typed_path, typed_pairs) = split(&typed.url);
    let (dynamic_path, dynamic_pairs) = split(&dynamic.url);
    assert_eq!(typed_path, dynamic_path);
    let others = |pairs: &[(String, String)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .filter(|(k, _)| k != "labels")
            .cloned()
            .collect()
    };
    assert_eq!(
        others(&typed_pairs),
        others(&dynamic_pairs),
        "{} / {}",
        typed.url,
        dynamic.url
    );
    let typed_labels: Vec<&str> = typed_pairs
        .iter()
        .filter(|(k, _)| k == "labels")
        .map(|(_, v)| v.as_str())
        .collect();
    match labels {
        Some(labels) => assert_eq!(typed_labels, labels, "{}", typed.url),
        // The default's list, written by the octokit rule (one item here).
        None => {
            let dynamic_labels: Vec<&str> = dynamic_pairs
                .iter()
                .filter(|(k, _)| k == "labels")
                .map(|(_, v)| v.as_str())
                .collect();
            assert_eq!(typed_labels, dynamic_labels, "{}", typed.url);
        }
    }
}

/// `{"key": value}` entries for the fields that are `Some`.
fn present(entries: Vec<(&str, Option<Value>)>) -> Value {
    Value::Object(
        entries
            .into_iter()
            .filter_map(|(key, value)| value.map(|value| (key.to_owned(), value)))
            .collect(),
    )
}

fn typed_defaults() -> impl Strategy<Value = Option<Value>> {
    proptest::option::of(prop_oneof![
        Just(json!({"per_page": 50})),
        Just(
            json!({"baseUrl": "https://ghe.example.com/api/v3", "headers": {"authorization": "token t"}})
        ),
        Just(json!({"owner": "default-owner", "state": "all"})),
        Just(json!({"mediaType": {"previews": ["squirrel-girl"], "format": "raw"}})),
        Just(json!({"labels": ["x"], "title": "t"})),
    ])
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn typed_equals_dynamic(
        defaults in typed_defaults(),
        owner in text(),
        repo in text(),
        state in proptest::option::of(text()),
        per_page in proptest::option::of(any::<u64>()),
        // One label: a typed list of others is sent as OpenAPI's `form`
        // exploded (`labels=a&labels=b`; `[]` sends nothing), where the
        // dynamic layer joins the items as octokit does (tests/styles.rs).
        labels in proptest::option::of(vec(text(), 1..2)),
    ) {
        let Some(ep) = with_defaults(&defaults) else { return Ok(()) };
        let typed = ListIssues {
            owner: owner.clone(),
            repo: repo.clone(),
            state: state.clone(),
            per_page,
            labels: labels.clone(),
        };
        let list = labels.clone();
        let dynamic = present(vec![
            ("owner", Some(owner.into())),
            ("repo", Some(repo.into())),
            ("state", state.map(Value::from)),
            ("per_page", per_page.map(Value::from)),
            ("labels", labels.map(Value::from)),
        ]);
        let compare = |typed: endpoint::Result<endpoint::Request>, dynamic: endpoint::Result<endpoint::Request>| {
            match (typed, dynamic) {
                (Ok(typed), Ok(dynamic)) => same_but_lists(&typed, &dynamic, list.as_deref()),
                (typed, dynamic) => prop_assert_eq!(typed, dynamic),
            }
            Ok(())
        };
        compare(
            typed.to_request_with(&ep),
            ep.endpoint("GET /repos/{owner}/{repo}/issues", &dynamic),
        )?;
        if defaults.is_none() {
            compare(
                typed.to_request(),
                Endpoint::default().endpoint("GET /repos/{owner}/{repo}/issues", &dynamic),
            )?;
        }
    }

    #[test]
    fn typed_body_equals_dynamic(
        defaults in typed_defaults(),
        owner in text(),
        repo in text(),
        title in text(),
        body in proptest::option::of(text()),
        assignees in proptest::option::of(vec(text(), 0..3)),
    ) {
        let Some(ep) = with_defaults(&defaults) else { return Ok(()) };
        let typed = CreateIssue {
            owner: owner.clone(),
            repo: repo.clone(),
            title: title.clone(),
            body: body.clone(),
            assignees: assignees.clone(),
        };
        let dynamic = present(vec![
            ("owner", Some(owner.into())),
            ("repo", Some(repo.into())),
            ("title", Some(title.into())),
            ("body", body.map(Value::from)),
            ("assignees", assignees.map(Value::from)),
        ]);
        prop_assert_eq!(
            typed.to_request_with(&ep),
            ep.endpoint("POST /repos/{owner}/{repo}/issues", &dynamic)
        );
    }

    #[test]
    fn typed_query_and_reserved_equal_dynamic(
        q in proptest::option::of(text()),
        sort in proptest::option::of(text()),
        owner in text(),
        repo in text(),
        path in text(),
    ) {
        let typed = SearchIssues { q: q.clone(), sort: sort.clone() };
        let dynamic = present(vec![("q", q.map(Value::from)), ("sort", sort.map(Value::from))]);
        prop_assert_eq!(
            typed.to_request(),
            Endpoint::default().endpoint("GET /search/issues{?q,sort}", &dynamic)
        );
        let typed = GetContent {
            owner: owner.clone(),
            repo: repo.clone(),
            path: path.clone(),
        };
        let dynamic = json!({"owner": owner, "repo": repo, "path": path});
        prop_assert_eq!(
            typed.to_request(),
            Endpoint::default().endpoint("GET /repos/<owner>/<repo>/contents/{+path}", &dynamic)
        );
    }
}

// ---------------------------------------------------------------------------
// Nothing given is changed
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn defaults_and_options_are_never_mutated(
        defaults in options(),
        route in route(),
        options in options(),
    ) {
        let defaults_before = defaults.clone();
        let options_before = options.clone();
        let Ok(ep) = Endpoint::default().defaults(&defaults) else { return Ok(()) };
        prop_assert_eq!(&defaults, &defaults_before);
        let stored = ep.default_options().clone();

        let _ = ep.endpoint(&route, &options);
        let _ = ep.endpoint_options(&options);
        let _ = ep.merge_options(&options);
        let _ = ep.defaults(&options);
        let _ = ep.endpoint(&route, options.as_object().expect("object"));
        if let Ok(merged) = ep.merge(&route, &options) {
            let merged_before = merged.clone();
            let _ = ep.parse(&merged);
            prop_assert_eq!(&merged, &merged_before);
        }
        let _ = ep.clone().with_credential_host_check(true).endpoint(&route, &options);

        prop_assert_eq!(&options, &options_before);
        prop_assert_eq!(ep.default_options(), &stored);
        let (global, new) = (Endpoint::default(), Endpoint::new());
        prop_assert_eq!(global.default_options(), new.default_options());
    }
}

// ---------------------------------------------------------------------------
// Cascading defaults
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn cascading_defaults_equal_one_layer(
        a in options(),
        b in options(),
        route in route(),
        call in options(),
    ) {
        let base = Endpoint::default();
        let Ok(first) = base.defaults(&a) else { return Ok(()) };
        let cascade = first.defaults(&b);
        let merged = first.merge_options(&b);
        match (cascade, merged) {
            (Ok(cascade), Ok(merged)) => {
                prop_assert_eq!(cascade.default_options(), &merged);
                let one = base.defaults(&merged).expect("merged options are valid defaults");
                prop_assert_eq!(one.default_options(), cascade.default_options());
                prop_assert_eq!(cascade.endpoint(&route, &call), one.endpoint(&route, &call));
                prop_assert_eq!(cascade.merge(&route, &call), one.merge(&route, &call));
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (cascade, merged) => prop_assert!(
                false,
                "defaults() gave {:?} but merge_options() gave {:?}",
                cascade.map(|ep| ep.default_options().clone()),
                merged
            ),
        }
    }
}

// ---------------------------------------------------------------------------
// Expansion decodes back to the value
// ---------------------------------------------------------------------------

/// Percent-decoding, leaving a `%` that does not start a triplet as it is.
fn pct_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .filter(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        match (bytes[i], hex) {
            (b'%', Some(hex)) => {
                let hex = std::str::from_utf8(hex).expect("ASCII hex digits");
                out.push(u8::from_str_radix(hex, 16).expect("two hex digits"));
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

fn expand(template: &str, vars: &Value) -> String {
    let template = Template::parse(template).expect("valid template");
    let mut out = String::new();
    template
        .expand(vars.as_object().expect("object"), &mut out)
        .expect("expansion");
    out
}

/// The operators, with what each writes before a defined value of `x`
/// (`name_eq` is the `x=` of named operators, dropped before an empty value
/// by `;`).
const OPERATORS: [(&str, &str, bool); 8] = [
    ("", "", false),
    ("+", "", false),
    ("#", "#", false),
    (".", ".", false),
    ("/", "/", false),
    (";", ";", true),
    ("?", "?", true),
    ("&", "&", true),
];

/// The value part of one expansion `{<op>x}`.
fn value_part<'a>(op: &str, prefix: &str, named: bool, out: &'a str) -> &'a str {
    let rest = out.strip_prefix(prefix).expect("operator prefix");
    if !named {
        return rest;
    }
    match rest.strip_prefix("x=") {
        Some(value) => value,
        None => {
            assert_eq!((op, rest), (";", "x"), "a named expansion without `=`");
            ""
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn expansion_decodes_to_the_value(value in text()) {
        let vars = json!({"x": value});
        for (op, prefix, named) in OPERATORS {
            let out = expand(&format!("{{{op}x}}"), &vars);
            let decoded = pct_decode(value_part(op, prefix, named, &out));
            // Reserved and fragment expansion keep `%XX` triplets as they are,
            // so what decodes back is the value with its triplets decoded.
            let expected = if matches!(op, "+" | "#") {
                pct_decode(&value)
            } else {
                value.clone().into_bytes()
            };
            prop_assert_eq!(decoded, expected, "{{{}x}} gave {:?}", op, out);
        }
    }

    #[test]
    fn prefix_expansion_decodes_to_the_prefix(value in text(), len in 1_u16..12) {
        let vars = json!({"x": value});
        let expected: String = value.chars().take(usize::from(len)).collect();
        for (op, prefix, named) in OPERATORS {
            if matches!(op, "+" | "#") {
                continue;
            }
            let out = expand(&format!("{{{op}x:{len}}}"), &vars);
            let decoded = pct_decode(value_part(op, prefix, named, &out));
            prop_assert_eq!(decoded, expected.clone().into_bytes(), "{{{}x:{}}} gave {:?}", op, len, out);
        }
    }

    #[test]
    fn exploded_lists_decode_to_the_items(items in vec(text(), 1..4)) {
        for (op, prefix, named) in OPERATORS {
            if matches!(op, "+" | "#") {
                continue;
            }
            // `.` is the label separator and is not encoded (RFC 6570 3.2.5).
            let items: Vec<String> = if op == "." {
                items.iter().map(|item| item.replace('.', "")).collect()
            } else {
                items.clone()
            };
            let out = expand(&format!("{{{op}x*}}"), &json!({"x": items}));
            let separator = match op {
                "" => ",",
                "?" => "&",
                other => other,
            };
            let body = out.strip_prefix(prefix).expect("operator prefix");
            let decoded: Vec<Vec<u8>> = body
                .split(separator)
                .map(|part| {
                    let value = if named {
                        part.strip_prefix("x=").unwrap_or_else(|| {
                            assert_eq!(part, "x", "{out}");
                            ""
                        })
                    } else {
                        part
                    };
                    pct_decode(value)
                })
                .collect();
            let expected: Vec<Vec<u8>> = items.iter().map(|item| item.clone().into_bytes()).collect();
            prop_assert_eq!(decoded, expected, "{{{}x*}} gave {:?}", op, out);
        }
    }
}

// ---------------------------------------------------------------------------
// No input panics
// ---------------------------------------------------------------------------

fn any_route() -> impl Strategy<Value = String> {
    prop_oneof![
        route(),
        "(?s).{0,24}",
        "[A-Z]{0,3} [{}+#./;?&*:<>%0-9a-c ,=!@|~$-]{0,24}",
    ]
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn no_input_panics(
        defaults in proptest::option::of(json_value()),
        route in any_route(),
        options in prop_oneof![4 => options(), 1 => json_value()],
        check in any::<bool>(),
    ) {
        let mut ep = Endpoint::default();
        if let Some(defaults) = &defaults
            && let Ok(layered) = ep.defaults(defaults)
        {
            ep = layered;
        }
        let ep = ep.with_credential_host_check(check);
        if let Ok(request) = ep.endpoint(&route, &options) {
            let _ = request.to_json();
            let _ = http::Request::<Vec<u8>>::try_from(request);
        }
        let _ = ep.endpoint_options(&options);
        let _ = ep.merge(&route, &options);
        let _ = ep.parse(&options);
        if let Ok(template) = Template::parse(&route) {
            let mut out = String::new();
            if let Some(vars) = options.as_object() {
                let _ = template.expand(vars, &mut out);
                let _ = template.expand_url(vars, &mut out);
            }
        } else if let Err(errors) = Template::parse_all(&route) {
            for err in errors {
                let _ = (err.to_string(), err.column());
            }
        }
    }
}
