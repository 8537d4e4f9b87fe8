//! Hostile input: values that try to change where a request goes or what
//! headers it carries, or to crash the builder. One test per input; each
//! asserts the exact output (the reference's, where the reference is sane)
//! or the exact error variant. The rules are listed in the README's
//! "Guarantees" section and in `tests/fixtures/conformance/README.md`
//! (rules e, g, i, m).

use std::process::Command;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use endpoint::template::Template;
use endpoint::{Body, Endpoint, Error, MAX_DEPTH, Options, Request, TemplateErrorKind};
use serde_json::{Map, Value, json};

const BASE: &str = "https://api.github.com";
const MIB: usize = 1 << 20;

fn build(route: &str, options: Value) -> Result<Request, Error> {
    Endpoint::default().endpoint(route, options)
}

#[track_caller]
fn url(route: &str, options: Value) -> String {
    match build(route, options) {
        Ok(request) => request.url,
        Err(err) => panic!("{route}: {err}"),
    }
}

/// Asserts an [`Error::UnsafePath`] for `segment`.
#[track_caller]
fn assert_unsafe(result: Result<Request, Error>, segment: &str) {
    match result {
        Err(Error::UnsafePath { segment: got, .. }) => assert_eq!(got, segment),
        other => panic!("expected UnsafePath for {segment:?}, got {other:?}"),
    }
}

#[track_caller]
fn assert_header_value_error(result: Result<Request, Error>, header: &str) {
    match result {
        Err(Error::HeaderValue { name, .. }) => assert_eq!(name, header),
        other => panic!("expected HeaderValue for {header:?}, got {other:?}"),
    }
}

#[track_caller]
fn assert_header_name_error(result: Result<Request, Error>, header: &str) {
    match result {
        Err(Error::HeaderName { name }) => assert_eq!(name, header),
        other => panic!("expected HeaderName for {header:?}, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// Path values (rule i)
// ---------------------------------------------------------------------------

#[test]
fn path_value_dot() {
    let err = build(
        "GET /repos/{owner}/{repo}",
        json!({"owner": ".", "repo": "r"}),
    )
    .unwrap_err();
    assert_eq!(
        err,
        Error::UnsafePath {
            segment: ".".into(),
            path: "/repos/./r".into()
        }
    );
    assert_unsafe(
        build("GET /users/<username>/repos", json!({"username": "."})),
        ".",
    );
    assert_unsafe(
        build("GET /users/:username/repos", json!({"username": "."})),
        ".",
    );
}

#[test]
fn path_value_dotdot() {
    let err = build(
        "GET /repos/{owner}/{repo}",
        json!({"owner": "..", "repo": "r"}),
    )
    .unwrap_err();
    assert_eq!(
        err,
        Error::UnsafePath {
            segment: "..".into(),
            path: "/repos/../r".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "path segment `..` of `/repos/../r` comes from a parameter and would change the path"
    );
}

#[test]
fn path_value_dotdot_through_every_path_operator() {
    let x = json!({"x": ".."});
    assert_unsafe(build("GET /a/{x}/b", x.clone()), "..");
    assert_unsafe(build("GET /a/{+x}/b", x.clone()), "..");
    assert_unsafe(build("GET /a{/x}/b", x.clone()), "..");
    assert_unsafe(build("GET /a/:x/b", x.clone()), "..");
    assert_unsafe(build("GET /a/<x>/b", x.clone()), "..");
    assert_unsafe(build("GET /a/{x,y}/b", x.clone()), "..");
    assert_unsafe(build("GET /x{/list*}", json!({"list": ["a", ".."]})), "..");
    assert_unsafe(build("GET /x{/list}", json!({"list": [".."]})), "..");
    // `{.x}` of "." writes the segment `..`.
    assert_unsafe(build("GET /x/{.x}", json!({"x": "."})), "..");
    // The operator's own `.`: `{.x}` of "" writes the segment `.`, and
    // `{.x}` of a list of empty strings writes `..`.
    assert_unsafe(build("GET /x/{.x}", json!({"x": ""})), ".");
    assert_unsafe(build("GET /x/{.x}", json!({"x": [""]})), ".");
    assert_unsafe(build("GET /x/{.x*}", json!({"x": ["", ""]})), "..");
    // A `%2E` kept by reserved expansion, among other text.
    assert_unsafe(build("GET /a/{+x}", json!({"x": "b/%2E%2e/c"})), "%2E%2e");
    // From the defaults, too.
    let ep = Endpoint::default()
        .defaults(json!({"owner": ".."}))
        .unwrap();
    assert_unsafe(
        ep.endpoint("GET /repos/{owner}/{repo}", json!({"repo": "r"})),
        "..",
    );
    // An absolute URL's path is checked as well.
    assert_unsafe(
        build(
            "GET {+base}/x",
            json!({"base": "https://example.com/api/.."}),
        ),
        "..",
    );
}

#[test]
fn path_value_dotdot_where_it_is_harmless() {
    // Not a whole segment, not in the path, or not from a parameter.
    assert_eq!(url("GET /a{v}", json!({"v": ".."})), format!("{BASE}/a.."));
    assert_eq!(
        url("GET /x/{v}", json!({"v": "..."})),
        format!("{BASE}/x/...")
    );
    assert_eq!(
        url("GET /x{?v}", json!({"v": ".."})),
        format!("{BASE}/x?v=..")
    );
    assert_eq!(
        url("GET /search?q={v}", json!({"v": ".."})),
        format!("{BASE}/search?q=..")
    );
    assert_eq!(
        url("GET /x/{#v}", json!({"v": ".."})),
        format!("{BASE}/x/#..")
    );
    assert_eq!(
        url("GET /x{;v}", json!({"v": ".."})),
        format!("{BASE}/x;v=..")
    );
    assert_eq!(url("GET /x", json!({"v": ".."})), format!("{BASE}/x?v=.."));
    assert_eq!(
        url("GET /a/../b/{v}", json!({"v": "c"})),
        format!("{BASE}/a/../b/c")
    );
    let request = build("POST /repos/{owner}", json!({"owner": "o", "name": ".."})).unwrap();
    assert_eq!(request.body, Some(Body::Json(r#"{"name":".."}"#.into())));
}

#[test]
fn path_value_dotdot_slash_admin() {
    // Simple and path-segment expansion encode the `/`: one harmless segment.
    assert_eq!(
        url("GET /x/{path}", json!({"path": "../admin"})),
        format!("{BASE}/x/..%2Fadmin")
    );
    assert_eq!(
        url("GET /x{/path}", json!({"path": "../admin"})),
        format!("{BASE}/x/..%2Fadmin")
    );
    // Reserved expansion keeps it, so the `..` segment is refused.
    assert_unsafe(build("GET /x/{+path}", json!({"path": "../admin"})), "..");
    assert_unsafe(
        build("GET /x/{+path}", json!({"path": "a/../../admin"})),
        "..",
    );
    assert_unsafe(build("GET /x/{+path}", json!({"path": "./admin"})), ".");
}

#[test]
fn path_value_percent_encoded_dots() {
    // Simple expansion encodes `%`: `%252e%252e` is not a dot segment.
    assert_eq!(
        url("GET /x/{v}/y", json!({"v": "%2e%2e"})),
        format!("{BASE}/x/%252e%252e/y")
    );
    // Reserved expansion keeps the triplets, which decode to `..`.
    assert_unsafe(build("GET /x/{+v}/y", json!({"v": "%2e%2e"})), "%2e%2e");
    assert_unsafe(build("GET /x/{+v}/y", json!({"v": "%2E%2E"})), "%2E%2E");
    assert_unsafe(build("GET /x/{+v}/y", json!({"v": "%2e"})), "%2e");
    assert_unsafe(build("GET /x/{+v}/y", json!({"v": ".%2E"})), ".%2E");
    assert_unsafe(build("GET /x/{+v}", json!({"v": "a/%2E%2E/b"})), "%2E%2E");
    // Literal template text is the route author's, not a parameter's.
    assert_eq!(
        url("GET /a/%2E%2E/b", json!({})),
        format!("{BASE}/a/%2E%2E/b")
    );
}

#[test]
fn values_with_slash_question_hash_percent() {
    let v = "a/b?c#d%e";
    let encoded = "a%2Fb%3Fc%23d%25e";
    // Path, label, path-parameter, query: every delimiter is encoded.
    assert_eq!(
        url("GET /p/{v}", json!({"v": v})),
        format!("{BASE}/p/{encoded}")
    );
    assert_eq!(
        url("GET /p{/v}{.v}{;v}{?v}", json!({"v": v})),
        format!("{BASE}/p/{encoded}.{encoded};v={encoded}?v={encoded}")
    );
    // A remaining parameter of a GET: the query encoding keeps nothing of it.
    assert_eq!(
        url("GET /p", json!({"v": v, "q": "x&y=z#f"})),
        format!("{BASE}/p?v={encoded}&q=x%26y%3Dz%23f")
    );
    // Reserved and fragment expansion keep `/ ? #` (the route author asked
    // for them) but still encode a `%` that does not start a triplet.
    assert_eq!(
        url("GET /p/{+v}", json!({"v": v})),
        format!("{BASE}/p/a/b?c#d%25e")
    );
    assert_eq!(
        url("GET /p{#v}", json!({"v": v})),
        format!("{BASE}/p#a/b?c#d%25e")
    );
    assert_eq!(
        url("GET /p/{v}", json!({"v": "%"})),
        format!("{BASE}/p/%25")
    );
    assert_eq!(
        url("GET /p/{+v}", json!({"v": "%41%"})),
        format!("{BASE}/p/%41%25")
    );
    // A body carries the value as it is.
    let request = build("POST /p", json!({"v": v})).unwrap();
    assert_eq!(request.body, Some(Body::Json(format!(r#"{{"v":"{v}"}}"#))));
}

/// A multi-segment path value: its `/` separate segments, every other
/// delimiter is encoded as in `{v}`, and a dot or empty segment is refused
/// by the parameter's name, whichever operator writes it.
#[test]
fn multi_segment_values() {
    endpoint::endpoint! {
        struct Contents = "GET /repos/{owner}/{repo}/contents/{path}" {
            #[endpoint(multi_segment)]
            path: String,
        }
    }
    let contents = |path: &str| {
        Contents {
            owner: "o".into(),
            repo: "r".into(),
            path: path.into(),
        }
        .to_request()
    };
    assert_eq!(
        contents("a/b?c#d%e [f]").unwrap().url,
        format!("{BASE}/repos/o/r/contents/a/b%3Fc%23d%25e%20%5Bf%5D")
    );
    // `%2E` is text: its `%` is encoded.
    assert_eq!(
        contents("%2E%2E/x").unwrap().url,
        format!("{BASE}/repos/o/r/contents/%252E%252E/x")
    );
    for value in ["..", ".", "../admin", "a/../../admin", "a/./b", "a/.."] {
        match contents(value) {
            Err(Error::Expansion { variable, reason }) => {
                assert_eq!(variable, "path", "{value:?}");
                assert!(reason.contains("`.` or `..`"), "{value:?}: {reason}");
            }
            other => panic!("{value:?}: {other:?}"),
        }
    }
    for value in ["/etc/passwd", "a/", "a//b", "/"] {
        match contents(value) {
            Err(Error::Expansion { variable, reason }) => {
                assert_eq!(variable, "path", "{value:?}");
                assert!(reason.contains("empty segment"), "{value:?}: {reason}");
            }
            other => panic!("{value:?}: {other:?}"),
        }
    }
    // Every operator of the path, through the template API.
    for src in ["/p/{v}", "/p{/v}", "/p{.v}", "/p{;v}", "/p/{+v}"] {
        let template = Template::parse(src)
            .unwrap()
            .with_multi_segment("v")
            .unwrap();
        let vars = json!({"v": "a/../b"});
        let err = template
            .expand_url(vars.as_object().unwrap(), &mut String::new())
            .unwrap_err();
        assert!(
            matches!(&err, Error::Expansion { variable, .. } if variable == "v"),
            "{src}: {err:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// Headers (rule g)
// ---------------------------------------------------------------------------

const CONTROL: [(&str, char); 3] = [("CR", '\r'), ("LF", '\n'), ("NUL", '\0')];

#[test]
fn cr_lf_nul_in_a_header_value() {
    for (label, c) in CONTROL {
        for value in [
            format!("token abc{c}"),
            format!("{c}x-injected: 1"),
            format!("a{c}{c}b"),
        ] {
            let result = build("GET /x", json!({"headers": {"Authorization": value}}));
            assert_header_value_error(result, "authorization");
            let _ = label;
        }
    }
    let result = build("GET /x", json!({"headers": {"x-a": "v\r\nx-b: w"}}));
    assert_header_value_error(result, "x-a");
}

#[test]
fn cr_lf_nul_in_a_default_header_value() {
    for (_, c) in CONTROL {
        // `defaults` stores values as written; the request is refused.
        let ep = Endpoint::default()
            .defaults(json!({"headers": {"x-a": format!("v{c}x: y")}}))
            .unwrap();
        assert_eq!(ep.default_options()["headers"]["x-a"], format!("v{c}x: y"));
        assert_header_value_error(ep.endpoint("GET /x", ()), "x-a");
        assert_header_value_error(ep.endpoint("POST /x", json!({"a": 1})), "x-a");
    }
}

#[test]
fn cr_lf_nul_in_format_or_preview() {
    for (_, c) in CONTROL {
        let format = json!({"mediaType": {"format": format!("raw{c}x-a: 1")}});
        assert_header_value_error(build("GET /x", format), "accept");
        let preview = json!({"mediaType": {"previews": [format!("a{c}b")]}});
        assert_header_value_error(build("GET /x", preview), "accept");
    }
}

#[test]
fn cr_lf_nul_in_a_header_name() {
    for (_, c) in CONTROL {
        let name = format!("x-a{c}x-b");
        let result = build("GET /x", json!({"headers": {name.clone(): "v"}}));
        assert_header_name_error(result, &name);
        let name = format!("{c}");
        let result = build("GET /x", json!({"headers": {name.clone(): "v"}}));
        assert_header_name_error(result, &name);
    }
}

#[test]
fn cr_lf_nul_elsewhere_are_encoded_or_refused() {
    // In URL values and literal URL text they are percent-encoded.
    assert_eq!(
        url("GET /x/{v}", json!({"v": "a\r\n\0b"})),
        format!("{BASE}/x/a%0D%0A%00b")
    );
    assert_eq!(
        url("GET /x/{+v}", json!({"v": "a\r\n\0b"})),
        format!("{BASE}/x/a%0D%0A%00b")
    );
    assert_eq!(
        url("GET /x", json!({"v": "a\r\n\0b"})),
        format!("{BASE}/x?v=a%0D%0A%00b")
    );
    assert_eq!(
        url("GET /x\r\nHost:\0y", json!({})),
        format!("{BASE}/x%0D%0AHost:%00y")
    );
    // In the method they are refused.
    for method in ["GET\r\n", "G\0ET", "GET\nX"] {
        let result = Endpoint::default().endpoint_options(json!({"method": method, "url": "/x"}));
        assert!(
            matches!(result, Err(Error::Method { .. })),
            "{method:?}: {result:?}"
        );
    }
    // A tab is allowed in header values (RFC 9110 field content).
    let request = build("GET /x", json!({"headers": {"x-a": "a\tb"}})).unwrap();
    assert_eq!(request.headers.get("x-a"), Some("a\tb"));
}

#[test]
fn non_token_header_names() {
    for name in [
        "", "x y", "x:y", "x\ty", "x(y)", "x/y", "x\"y", "x@y", "x{y}", "x=y", "x,y", "x;y",
        "x[y]", "x?y", "x\\y", "x<y>", "é", "x-\u{7f}",
    ] {
        let result = build("GET /x", json!({"headers": {name: "v"}}));
        assert_header_name_error(result, name);
    }
    // The name is lowercased before it is checked, and reported lowercased.
    assert_header_name_error(build("GET /x", json!({"headers": {"X Y": "v"}})), "x y");
    // Through defaults too (stored as given, refused when a request is built).
    let ep = Endpoint::default()
        .defaults(json!({"headers": {"bad name": "v"}}))
        .unwrap();
    assert_header_name_error(ep.endpoint("GET /x", ()), "bad name");
    // Every RFC 9110 `tchar` is accepted.
    let request = build("GET /x", json!({"headers": {"x-A1!#$%&'*+.^_`|~": "v"}})).unwrap();
    assert_eq!(request.headers.get("x-a1!#$%&'*+.^_`|~"), Some("v"));
}

#[test]
fn unicode_header_names_are_lowercased_like_the_reference() {
    // JavaScript's toLowerCase turns the Kelvin sign into an ASCII `k`; the
    // result is a token and is accepted, as in the reference.
    let request = build("GET /x", json!({"headers": {"X-\u{212A}ey": "v"}})).unwrap();
    assert_eq!(request.headers.get("x-key"), Some("v"));
    // A dotted capital I lowercases to `i` plus a combining dot: not a token.
    assert_header_name_error(
        build("GET /x", json!({"headers": {"X-\u{130}": "v"}})),
        "x-i\u{307}",
    );
}

#[test]
fn header_values_that_are_not_text() {
    for value in [json!({"a": 1}), json!(["a", "b"]), json!([])] {
        let result = build("GET /x", json!({"headers": {"x-a": value}}));
        assert_header_value_error(result, "x-a");
    }
    let request = build(
        "GET /x",
        json!({"headers": {"x-n": 14, "x-b": true, "user-agent": null}}),
    )
    .unwrap();
    assert_eq!(request.headers.get("x-n"), Some("14"));
    assert_eq!(request.headers.get("x-b"), Some("true"));
    assert_eq!(request.headers.get("user-agent"), None);
}

// ---------------------------------------------------------------------------
// baseUrl and url (rules e and m)
// ---------------------------------------------------------------------------

#[test]
fn base_url_empty_or_relative() {
    // The reference concatenates; so does the port: the result is relative.
    assert_eq!(url("GET /x", json!({"baseUrl": ""})), "/x");
    assert_eq!(url("GET /user", json!({"baseUrl": "/"})), "/user");
    assert_eq!(url("GET /x", json!({"baseUrl": "/api/v3"})), "/api/v3/x");
    assert_eq!(
        url("GET /x", json!({"baseUrl": "api.github.com"})),
        "api.github.com/x"
    );
    assert_eq!(url("GET repos/x", json!({"baseUrl": ""})), "repos/x");
}

#[test]
fn base_url_with_another_scheme() {
    // Not validated: the HTTP client decides what it can open.
    assert_eq!(
        url("GET /x", json!({"baseUrl": "ftp://example.com"})),
        "ftp://example.com/x"
    );
    assert_eq!(
        url("GET /x", json!({"baseUrl": "file:///etc"})),
        "file:///etc/x"
    );
    // Template syntax in a base URL is not expanded (reference 5.5).
    assert_eq!(
        url(
            "GET /x",
            json!({"baseUrl": "https://{host}/api", "host": "evil.example"})
        ),
        "https://{host}/api/x?host=evil.example"
    );
}

#[test]
fn base_url_that_is_not_a_string() {
    for base in [
        json!(5),
        json!(null),
        json!(true),
        json!([]),
        json!({"a": 1}),
    ] {
        let result = build("GET /x", json!({"baseUrl": base}));
        match result {
            Err(Error::Option { key, .. }) => assert_eq!(key, "baseUrl"),
            other => panic!("baseUrl {base}: {other:?}"),
        }
    }
}

#[test]
fn urls_that_would_be_glued_onto_the_base_url() {
    for (route, options, glued) in [
        ("GET .evil.example/x", json!({}), ".evil.example/x"),
        ("GET @evil.example/x", json!({}), "@evil.example/x"),
        ("GET", json!(null), "GET"),
        (
            "GET {v}/x",
            json!({"v": "https://evil.example"}),
            "https%3A%2F%2Fevil.example/x",
        ),
        ("GET {+v}", json!({"v": ".evil.example"}), ".evil.example"),
        ("GET {+v}", json!({"v": ":8080/x"}), ":8080/x"),
    ] {
        match build(route, options) {
            Err(Error::UrlForm { url, base_url }) => {
                assert_eq!(url, glued);
                assert_eq!(base_url, BASE);
            }
            other => panic!("{route}: {other:?}"),
        }
    }
    // With a base URL ending in `/` a relative url is joined as in the reference.
    assert_eq!(
        url(
            "GET repos/x",
            json!({"baseUrl": "https://ghe.example.com/api/v3/"})
        ),
        "https://ghe.example.com/api/v3/repos/x"
    );
}

#[test]
fn url_option_pointing_at_another_host_with_default_authorization() {
    // Documented behaviour, as in the reference: an absolute URL is used as
    // given, and the default headers (credentials included) go with it.
    // `Endpoint::with_credential_host_check(true)` refuses this
    // (tests/credentials.rs).
    let ep = Endpoint::default()
        .defaults(json!({"headers": {"authorization": "token secret"}}))
        .unwrap();
    let request = ep
        .endpoint("GET https://evil.example/collect", json!({"a": 1}))
        .unwrap();
    assert_eq!(request.url, "https://evil.example/collect?a=1");
    assert_eq!(request.headers.get("authorization"), Some("token secret"));
    let request = ep
        .endpoint_options(json!({"url": "https://evil.example/x"}))
        .unwrap();
    assert_eq!(request.url, "https://evil.example/x");
    assert_eq!(request.headers.get("authorization"), Some("token secret"));
    // A parameter can only do this through reserved expansion of a whole URL.
    let request = ep
        .endpoint("GET {+next}", json!({"next": "https://evil.example/p2"}))
        .unwrap();
    assert_eq!(request.url, "https://evil.example/p2");
    // Simple expansion cannot: the value is encoded and the result refused.
    assert!(matches!(
        ep.endpoint("GET {next}", json!({"next": "https://evil.example/p2"})),
        Err(Error::UrlForm { .. })
    ));
    // And a path parameter stays in the path of the base URL's host.
    assert_eq!(
        ep.endpoint("GET /x/{v}", json!({"v": "//evil.example"}))
            .unwrap()
            .url,
        format!("{BASE}/x/%2F%2Fevil.example")
    );
}

// ---------------------------------------------------------------------------
// Very long values (10 MiB)
// ---------------------------------------------------------------------------

#[test]
fn long_path_value() {
    let value = "a".repeat(10 * MIB);
    let request = build("GET /x/{v}", json!({"v": value})).unwrap();
    assert_eq!(request.url.len(), BASE.len() + 3 + 10 * MIB);
    assert!(request.url == format!("{BASE}/x/{value}"));
}

#[test]
fn long_multibyte_value() {
    let value = "é".repeat(5 * MIB);
    let request = build("GET /x/{v}", json!({"v": value})).unwrap();
    assert!(request.url == format!("{BASE}/x/{}", "%C3%A9".repeat(5 * MIB)));
}

#[test]
fn long_query_value() {
    let value = " ".repeat(10 * MIB);
    let request = build("GET /x", json!({"v": value})).unwrap();
    assert!(request.url == format!("{BASE}/x?v={}", "%20".repeat(10 * MIB)));
}

#[test]
fn long_prefix_value() {
    let value = "b".repeat(10 * MIB);
    let request = build("GET /x/{v:9999}", json!({"v": value})).unwrap();
    assert!(request.url == format!("{BASE}/x/{}", "b".repeat(9999)));
}

#[test]
fn long_header_value() {
    let value = "v".repeat(10 * MIB);
    let request = build("GET /x", json!({"headers": {"x-long": value}})).unwrap();
    assert!(request.headers.get("x-long") == Some(value.as_str()));
    let injected = format!("{value}\r\nx-b: 1");
    let result = build("GET /x", json!({"headers": {"x-long": injected}}));
    assert_header_value_error(result, "x-long");
}

#[test]
fn long_body_value() {
    let value = "d".repeat(10 * MIB);
    let request = build("POST /x", json!({"data": value})).unwrap();
    assert!(request.body == Some(Body::Text(value.clone())));
    let request = build("POST /x", json!({"v": value})).unwrap();
    assert!(request.body == Some(Body::Json(format!(r#"{{"v":"{value}"}}"#))));
}

#[test]
fn long_url_template() {
    let literal = "%".repeat(10 * MIB);
    let request = build(&format!("GET /{literal}"), json!({})).unwrap();
    assert!(request.url == format!("{BASE}/{}", "%25".repeat(10 * MIB)));
    let braces = "{".repeat(10 * MIB);
    let result = build(&format!("GET /{braces}"), json!({}));
    assert!(
        matches!(result, Err(Error::Template(_))),
        "{:?}",
        result.map(|r| r.method)
    );
    let err = Template::parse(&braces).unwrap_err();
    assert_eq!(err.kind, TemplateErrorKind::UnclosedExpression);
    assert_eq!(err.position, 0);
}

#[test]
fn long_url_of_stray_braces() {
    // Ten million template errors: reporting them must not cost memory or
    // time per error proportional to the whole template.
    isolated("long_url_of_stray_braces", || {
        let braces = "}".repeat(10 * MIB);
        let err = within(Duration::from_secs(60), move || {
            build(&format!("GET /{braces}"), json!({})).unwrap_err()
        });
        match err {
            Error::Template(err) => {
                assert_eq!(err.kind, TemplateErrorKind::StrayClosingBrace);
                assert_eq!((err.position, err.fragment.as_str()), (1, "}"));
            }
            other => panic!("{other:?}"),
        }
    });
}

#[test]
fn long_reserved_value_hiding_a_dotdot_segment() {
    let value = format!("{}..", "a/".repeat(5 * MIB));
    assert_unsafe(build("GET /x/{+v}", json!({"v": value})), "..");
    let value = "/".repeat(10 * MIB);
    let request = build("GET /x{+v}", json!({"v": value})).unwrap();
    assert!(request.url == format!("{BASE}/x{value}"));
}

/// Runs `f` on another thread and fails if it takes longer than `limit`:
/// input the size of a long value must not take quadratic time.
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let _ = send.send(f());
    });
    match receive.recv_timeout(limit) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("not done within {limit:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the worker panicked"),
    }
}

#[test]
fn many_headers() {
    // 200,000 headers, about 3 MiB of options: linear work takes well under a
    // second even in a debug build; quadratic work would take minutes.
    const COUNT: usize = 200_000;
    let request = within(Duration::from_secs(60), || {
        let headers: Map<String, Value> = (0..COUNT)
            .map(|i| (format!("X-H{i:06}"), Value::String(format!("v{i}"))))
            .collect();
        build("GET /x", json!({"headers": headers})).unwrap()
    });
    assert_eq!(request.headers.len(), COUNT + 2);
    assert_eq!(request.headers.get("x-h199999"), Some("v199999"));
}

#[test]
fn many_parameters_and_template_variables() {
    // 100,000 variables in the URL and 100,000 remaining parameters.
    const COUNT: usize = 100_000;
    let request = within(Duration::from_secs(60), || {
        let route: String = (0..COUNT).map(|i| format!("{{v{i}}}")).collect();
        let mut options = Map::new();
        for i in 0..COUNT {
            options.insert(format!("v{i}"), json!("a"));
            options.insert(format!("p{i}"), json!(i));
        }
        build(&format!("GET /{route}"), Value::Object(options)).unwrap()
    });
    assert!(request.url.starts_with(&format!("{BASE}/aaa")));
    assert!(request.url.ends_with("&p99999=99999"));
}

// ---------------------------------------------------------------------------
// Deep nesting (100,000 levels)
// ---------------------------------------------------------------------------

const DEEP: usize = 100_000;

/// A value `levels` containers deep, built without recursion.
fn deep_array(levels: usize) -> Value {
    let mut value = Value::Array(Vec::new());
    for _ in 1..levels {
        value = Value::Array(vec![value]);
    }
    value
}

fn deep_object(levels: usize) -> Value {
    let mut value = Value::Object(Map::new());
    for _ in 1..levels {
        let mut map = Map::new();
        map.insert("a".into(), value);
        value = Value::Object(map);
    }
    value
}

/// Holds a deep value and takes it apart without recursion when dropped
/// (serde_json's own drop recurses once per level).
struct Deep(Value);

impl Drop for Deep {
    fn drop(&mut self) {
        dismantle(std::mem::take(&mut self.0));
    }
}

fn dismantle(value: Value) {
    let mut stack = vec![value];
    while let Some(mut value) = stack.pop() {
        match &mut value {
            Value::Array(items) => stack.append(items),
            Value::Object(map) => stack.extend(std::mem::take(map).into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// `{key: value}` as a [`Deep`].
fn options_with(key: &str, value: Value) -> Deep {
    let mut map = Map::new();
    map.insert(key.into(), value);
    Deep(Value::Object(map))
}

const CHILD: &str = "ENDPOINT_HOSTILE_CHILD";

/// Runs `body` on a thread with a 2 MiB stack (the default of spawned
/// threads) in a child process limited to 4 GiB of address space, so that a
/// stack overflow or runaway allocation fails this one test instead of
/// aborting the whole suite (or the machine).
fn isolated(test: &str, body: fn()) {
    if std::env::var(CHILD).as_deref() == Ok(test) {
        thread::Builder::new()
            .stack_size(2 * MIB)
            .spawn(body)
            .expect("thread")
            .join()
            .unwrap_or_else(|_| panic!("{test} panicked"));
        return;
    }
    let exe = std::env::current_exe().expect("test binary");
    // The test's name in the harness: its path below the test crate.
    let name = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::{test}"),
        None => test.to_owned(),
    };
    let output = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 4194304 2>/dev/null; exec "$0" "$@""#)
        .arg(exe)
        .args([name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, test)
        .output()
        .expect("child test process");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "{test} failed in its child process ({}):\n{stdout}\n{stderr}",
        output.status
    );
}

fn too_deep(key: &str) -> Error {
    Error::TooDeep {
        key: key.into(),
        limit: MAX_DEPTH,
    }
}

#[test]
fn deep_array_parameter() {
    isolated("deep_array_parameter", || {
        let options = options_with("deep", deep_array(DEEP));
        let ep = Endpoint::default();
        assert_eq!(ep.endpoint("POST /x", &options.0), Err(too_deep("deep")));
        assert_eq!(ep.endpoint("GET /x", &options.0), Err(too_deep("deep")));
        assert_eq!(
            ep.endpoint("GET /x/{deep}", &options.0),
            Err(too_deep("deep"))
        );
    });
}

#[test]
fn deep_object_parameter() {
    isolated("deep_object_parameter", || {
        let options = options_with("deep", deep_object(DEEP));
        let ep = Endpoint::default();
        assert_eq!(ep.endpoint("POST /x", &options.0), Err(too_deep("deep")));
        assert_eq!(
            ep.endpoint("GET /x{?deep*}", &options.0),
            Err(too_deep("deep"))
        );
    });
}

#[test]
fn deep_headers_request_and_media_type() {
    isolated("deep_headers_request_and_media_type", || {
        let ep = Endpoint::default();
        for key in ["headers", "request", "mediaType", "data"] {
            let options = options_with(key, deep_object(DEEP));
            assert_eq!(
                ep.endpoint("POST /x", &options.0),
                Err(too_deep(key)),
                "{key}"
            );
        }
    });
}

#[test]
fn deep_options_through_every_entry_point() {
    isolated("deep_options_through_every_entry_point", || {
        let ep = Endpoint::default();
        let options = options_with("deep", deep_array(DEEP));
        let mut with_url = options_with("deep", deep_object(DEEP));
        if let Value::Object(map) = &mut with_url.0 {
            map.insert("url".into(), json!("/x"));
            map.insert("method".into(), json!("GET"));
            map.insert("baseUrl".into(), json!(BASE));
            map.insert("headers".into(), json!({}));
            map.insert("mediaType".into(), json!({"format": "", "previews": []}));
        }
        assert_eq!(ep.endpoint_options(&with_url.0), Err(too_deep("deep")));
        assert_eq!(ep.parse(&with_url.0), Err(too_deep("deep")));
        assert_eq!(ep.merge("GET /x", &options.0), Err(too_deep("deep")));
        assert_eq!(ep.merge_options(&options.0), Err(too_deep("deep")));
        assert_eq!(ep.defaults(&options.0).err(), Some(too_deep("deep")));
        let map = options.0.as_object().expect("object");
        assert_eq!(ep.endpoint("POST /x", map), Err(too_deep("deep")));
    });
}

#[test]
fn deep_options_passed_by_value() {
    // The crate then owns the value and drops it: that drop must not recurse.
    isolated("deep_options_passed_by_value", || {
        let mut options = options_with("deep", deep_array(DEEP));
        let owned = std::mem::take(&mut options.0);
        assert_eq!(
            Endpoint::default().endpoint("POST /x", owned),
            Err(too_deep("deep"))
        );
    });
}

#[test]
fn deep_options_through_serialize() {
    // `Options::serialize` of a deep value must not overflow the stack.
    isolated("deep_options_through_serialize", || {
        let options = options_with("deep", deep_array(DEEP));
        let result = Options::serialize(&options.0)
            .and_then(|options| Endpoint::default().endpoint("POST /x", options).map(|_| ()));
        assert!(
            matches!(result, Err(Error::TooDeep { .. } | Error::Serialize { .. })),
            "{result:?}"
        );
    });
}

#[test]
fn nesting_at_the_documented_limit() {
    let ep = Endpoint::default();
    // MAX_DEPTH containers inside each other are accepted, one more is not.
    let at_limit = options_with("deep", deep_array(MAX_DEPTH));
    let request = ep.endpoint("POST /x", &at_limit.0).unwrap();
    let body = format!(
        r#"{{"deep":{}{}}}"#,
        "[".repeat(MAX_DEPTH),
        "]".repeat(MAX_DEPTH)
    );
    assert_eq!(request.body, Some(Body::Json(body)));
    let over = options_with("deep", deep_array(MAX_DEPTH + 1));
    assert_eq!(ep.endpoint("POST /x", &over.0), Err(too_deep("deep")));
    let over = options_with("request", deep_object(MAX_DEPTH + 1));
    assert_eq!(ep.endpoint("GET /x", &over.0), Err(too_deep("request")));
    assert_eq!(MAX_DEPTH, 100);
}

// ---------------------------------------------------------------------------
// Invalid UTF-8
// ---------------------------------------------------------------------------

#[test]
fn invalid_utf8_is_not_representable() {
    // Every entry point takes `&str` or `serde_json::Value`, both valid UTF-8
    // by construction: invalid bytes are refused before they reach the API.
    let invalid: Vec<u8> = vec![b'/', b'x', 0xff];
    assert!(std::str::from_utf8(&invalid).is_err());
    assert!(String::from_utf8(invalid).is_err());
    assert!(serde_json::from_slice::<Value>(b"{\"v\": \"\xff\xfe\"}").is_err());
    assert!(serde_json::from_str::<Value>(r#"{"v": "\ud800"}"#).is_err());
    assert!(serde_json::from_str::<Value>(r#"{"v": "\udc00x"}"#).is_err());
    // What lossy decoding leaves (U+FFFD) is ordinary text.
    let lossy = String::from_utf8_lossy(b"\xff").into_owned();
    assert_eq!(
        url("GET /x/{v}", json!({"v": lossy})),
        format!("{BASE}/x/%EF%BF%BD")
    );
    // Percent-encoded bytes that are not UTF-8 stay ASCII triplets.
    assert_eq!(
        url("GET /x/{+v}", json!({"v": "%FF%FE"})),
        format!("{BASE}/x/%FF%FE")
    );
    assert_eq!(
        url("GET /x/{v}", json!({"v": "%FF"})),
        format!("{BASE}/x/%25FF")
    );
}

#[test]
fn bytes_become_numbers_not_text() {
    struct Bytes;
    impl serde::Serialize for Bytes {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let mut map = s.serialize_map(Some(1))?;
            map.serialize_entry("b", &serde_bytes_like(&[0xff, 0xfe, 0x00]))?;
            map.end()
        }
    }
    struct Raw<'a>(&'a [u8]);
    impl serde::Serialize for Raw<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    fn serde_bytes_like(bytes: &[u8]) -> Raw<'_> {
        Raw(bytes)
    }
    let options = Options::serialize(&Bytes).unwrap();
    let request = Endpoint::default().endpoint("POST /x", options).unwrap();
    assert_eq!(
        request.body,
        Some(Body::Json(r#"{"b":[255,254,0]}"#.into()))
    );
    assert!(std::str::from_utf8(request.body.as_ref().unwrap().as_bytes()).is_ok());
}

// ---------------------------------------------------------------------------
// Numbers at the limits
// ---------------------------------------------------------------------------

/// The number `n` in a path, a reserved expansion, a query, a header and a
/// body.
fn number_everywhere(n: Value) -> (String, String, String, String, String) {
    let path = url("GET /x/{n}", json!({"n": n}));
    let reserved = url("GET /x/{+n}", json!({"n": n}));
    let query = url("GET /x", json!({"n": n}));
    let header = build("GET /x", json!({"headers": {"x-n": n}}))
        .unwrap()
        .headers
        .get("x-n")
        .unwrap()
        .to_owned();
    let body = build("POST /x", json!({"n": n}))
        .unwrap()
        .body
        .unwrap()
        .into_string();
    (path, reserved, query, header, body)
}

#[test]
fn number_u64_max() {
    // Exact (the reference, with JavaScript numbers, would send 18446744073709552000).
    let text = "18446744073709551615";
    let (path, reserved, query, header, body) = number_everywhere(json!(u64::MAX));
    assert_eq!(path, format!("{BASE}/x/{text}"));
    assert_eq!(reserved, format!("{BASE}/x/{text}"));
    assert_eq!(query, format!("{BASE}/x?n={text}"));
    assert_eq!(header, text);
    assert_eq!(body, format!(r#"{{"n":{text}}}"#));
    assert_eq!(
        url("GET /x/{n:3}", json!({"n": u64::MAX})),
        format!("{BASE}/x/184")
    );
}

#[test]
fn number_i64_min() {
    let text = "-9223372036854775808";
    let (path, reserved, query, header, body) = number_everywhere(json!(i64::MIN));
    assert_eq!(path, format!("{BASE}/x/{text}"));
    assert_eq!(reserved, format!("{BASE}/x/{text}"));
    assert_eq!(query, format!("{BASE}/x?n={text}"));
    assert_eq!(header, text);
    assert_eq!(body, format!(r#"{{"n":{text}}}"#));
}

#[test]
fn number_negative_zero() {
    // Text conversion as JavaScript's String(-0): "0".
    let (path, reserved, query, header, body) = number_everywhere(json!(-0.0));
    assert_eq!(path, format!("{BASE}/x/0"));
    assert_eq!(reserved, format!("{BASE}/x/0"));
    assert_eq!(query, format!("{BASE}/x?n=0"));
    assert_eq!(header, "0");
    // The reference's body is `{"n":0}` (JSON.stringify(-0)).
    assert_eq!(body, r#"{"n":0}"#);
}

#[test]
fn number_1e308() {
    // JavaScript's text is `1e+308`; the `+` is encoded where `+` is.
    let (path, reserved, query, header, body) = number_everywhere(json!(1e308));
    assert_eq!(path, format!("{BASE}/x/1e%2B308"));
    assert_eq!(reserved, format!("{BASE}/x/1e+308"));
    assert_eq!(query, format!("{BASE}/x?n=1e%2B308"));
    assert_eq!(header, "1e+308");
    assert_eq!(body, r#"{"n":1e+308}"#);
    let parsed: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(parsed["n"].as_f64(), Some(1e308));
}

#[test]
fn number_small_and_non_finite() {
    assert_eq!(
        url("GET /x/{n}", json!({"n": 1e-7})),
        format!("{BASE}/x/1e-7")
    );
    assert_eq!(
        url("GET /x/{n}", json!({"n": 5e-324})),
        format!("{BASE}/x/5e-324")
    );
    assert_eq!(
        url("GET /x/{n}", json!({"n": 1e21})),
        format!("{BASE}/x/1e%2B21")
    );
    assert_eq!(
        url("GET /x/{n}", json!({"n": 1e20})),
        format!("{BASE}/x/100000000000000000000")
    );
    // JSON has no NaN or infinity: serde_json turns them into null, which is undefined.
    assert_eq!(
        url("GET /x/{n}", json!({"n": f64::NAN})),
        format!("{BASE}/x/")
    );
    assert_eq!(
        url("GET /x", json!({"n": f64::INFINITY})),
        format!("{BASE}/x")
    );
    assert!(serde_json::from_str::<Value>("1e400").is_err());
}
