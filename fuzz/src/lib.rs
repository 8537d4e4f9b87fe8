//! What the fuzz targets run, shared with `tests/fuzz_regressions.rs` (which
//! includes this file with `#[path]`), so that every saved input replays in
//! the normal test suite through exactly the code the fuzzer ran.
//!
//! Each function takes the fuzzer's bytes, drives the public API and asserts
//! the crate's guarantees: no panic, errors instead of bad output, identical
//! results for identical calls, `endpoint(o) == parse(merge(o))`, inputs
//! left unchanged, and output that cannot carry an injected header or leave
//! the URI character set.

#[path = "answers.rs"]
pub mod answers;

use endpoint::template::{Param, Template, Vars};
use endpoint::{Endpoint, Error, Request};
use serde_json::{Map, Value};

/// Values that every template variable the fuzzer invents can take: picked
/// by a hash of the variable's name, so that any name is defined (or
/// undefined, for `null` and the empty list) and the hostile values reach
/// every operator.
fn interesting_values() -> Vec<Value> {
    use serde_json::json;
    vec![
        json!("value"),
        json!("."),
        json!(".."),
        json!("%2e%2E"),
        json!("../admin"),
        json!("a/b?c#d%e"),
        json!("%"),
        json!("%4"),
        json!("%41%C3%A9"),
        json!(""),
        json!("é😀\u{0}\r\n \t"),
        json!("a,b;c=d&e+f"),
        json!(null),
        json!([]),
        json!(["a", "..", null, "b/c"]),
        json!({"k": "v", "..": ".", "n": null}),
        json!({}),
        json!([["nested"]]),
        json!({"k": ["nested"]}),
        json!(42),
        json!(-7),
        json!(-0.0),
        json!(1e308),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(true),
    ]
}

/// Variables for the `template` target: every name has a value.
struct AnyName(Vec<Value>);

impl AnyName {
    fn value(&self, name: &str) -> &Value {
        // FNV-1a: stable across runs and platforms.
        let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let index = usize::try_from(hash % self.0.len() as u64).unwrap_or(0);
        &self.0[index]
    }
}

impl Vars for AnyName {
    fn var(&self, _slot: usize, name: &str) -> endpoint::Result<Option<Param<'_>>> {
        Ok(Some(Param::Json(self.value(name))))
    }
}

/// Characters an expanded template may hold: RFC 3986 unreserved and
/// reserved characters, and `%` (which must start a `%XX` triplet).
fn is_uri_char(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&byte)
}

/// Asserts that `text` (the output of an expansion) only holds URI
/// characters and that every `%` starts a triplet of two hex digits.
fn assert_uri_text(text: &str, template: &str) {
    let bytes = text.as_bytes();
    for (i, &byte) in bytes.iter().enumerate() {
        assert!(
            is_uri_char(byte),
            "expanding {template:?} gave {text:?}: byte {byte:#04x} at {i} is not a URI character"
        );
        if byte == b'%' {
            let triplet = bytes
                .get(i + 1..i + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
            assert!(
                triplet,
                "expanding {template:?} gave {text:?}: `%` at {i} does not start a triplet"
            );
        }
    }
}

/// The `template` fuzz target.
///
/// The bytes before the first `0xFF` (a byte that never occurs in UTF-8) are
/// the template, read as UTF-8 with invalid sequences replaced. The bytes
/// after it are the variables when they parse as a JSON object; otherwise
/// every variable name gets a value from a fixed list of hostile values.
pub fn template(data: &[u8]) {
    let (src, rest) = match data.iter().position(|&b| b == 0xFF) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let src = String::from_utf8_lossy(src);
    let src: &str = &src;
    let json_vars = match serde_json::from_slice::<Value>(rest) {
        Ok(Value::Object(map)) => Some(map),
        _ => None,
    };
    let any_name = AnyName(interesting_values());

    let first = Template::parse(src);
    let all = Template::parse_all(src);
    match (&first, &all) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "parse and parse_all disagree on {src:?}"),
        (Err(first), Err(all)) => {
            assert!(
                !all.is_empty(),
                "parse_all of {src:?} failed without errors"
            );
            assert_eq!(
                first, &all[0],
                "parse's error is not parse_all's first on {src:?}"
            );
            for err in all {
                check_template_error(src, err);
            }
        }
        _ => panic!("parse and parse_all disagree on whether {src:?} is valid"),
    }
    let Ok(template) = first else { return };
    assert_eq!(
        Template::parse(src),
        Ok(template.clone()),
        "parsing {src:?} twice differs"
    );
    assert_eq!(
        format!("{:?}", template.clone().into_owned()),
        format!("{template:?}"),
        "into_owned changed {src:?}"
    );
    for name in template.names() {
        assert!(template.has_variable(name));
    }
    for name in template.path_variables() {
        assert!(template.has_variable(name));
    }
    let _ = template.has_query();

    match &json_vars {
        Some(vars) => check_expansion(src, &template, vars),
        None => check_expansion(src, &template, &any_name),
    }
}

fn check_template_error(src: &str, err: &endpoint::TemplateError) {
    let message = err.to_string();
    assert!(!message.is_empty());
    assert_eq!(err.template, src, "the error names another template");
    assert!(
        src.is_char_boundary(err.position),
        "error position {} in {src:?} is not a character boundary",
        err.position
    );
    assert!(
        src[err.position..].starts_with(&err.fragment),
        "error fragment {:?} is not at byte {} of {src:?}",
        err.fragment,
        err.position
    );
    assert!(err.column() <= src.chars().count() + 1);
}

fn check_expansion(src: &str, template: &Template<'_>, vars: &(impl Vars + ?Sized)) {
    const PREFIX: &str = "https://example.com/base";
    let mut plain = String::from(PREFIX);
    let plain_result = template.expand(vars, &mut plain);
    let mut url = String::from(PREFIX);
    let url_result = template.expand_url(vars, &mut url);
    if let Ok(()) = plain_result {
        assert!(
            plain.starts_with(PREFIX),
            "expansion of {src:?} changed what it appended to"
        );
        assert_uri_text(&plain[PREFIX.len()..], src);
        let mut again = String::from(PREFIX);
        assert_eq!(template.expand(vars, &mut again), Ok(()));
        assert_eq!(again, plain, "expanding {src:?} twice differs");
    }
    match (&plain_result, &url_result) {
        (Ok(()), Ok(())) => assert_eq!(plain, url, "expand and expand_url differ on {src:?}"),
        (Ok(()), Err(Error::UnsafePath { .. })) => {}
        (Ok(()), Err(other)) => {
            panic!("expand_url of {src:?} failed with {other:?} although expand succeeded")
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "expand and expand_url fail differently on {src:?}"),
        (Err(err), Ok(())) => {
            panic!("expand_url of {src:?} succeeded although expand failed with {err:?}")
        }
    }
}

/// The credential headers that `with_credential_host_check` keeps on the
/// base URL's host.
const CREDENTIAL_HEADERS: [&str; 3] = ["authorization", "proxy-authorization", "cookie"];

/// The host (and port) an HTTP client following the WHATWG URL standard
/// would connect to, lowercased; `None` for a URL that is not absolute
/// `http(s)`. The authority ends at `/`, `?`, `#` or `\` (which WHATWG reads
/// as `/` in http(s) URLs); user info ends at the last `@` before that.
pub fn client_host(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
        return None;
    }
    let authority = rest.split(['/', '?', '#', '\\']).next().unwrap_or("");
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    Some(host.to_ascii_lowercase())
}

/// Whether `text` holds a character that must never reach a request line.
fn has_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control())
}

/// Asserts what every built request guarantees.
fn check_request(request: &Request) {
    assert!(!request.method.is_empty());
    assert!(
        request
            .method
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b.is_ascii_uppercase()),
        "method {:?} is not a lowercase token",
        request.method
    );
    let mut names: Vec<&str> = Vec::new();
    for (name, value) in request.headers.iter() {
        assert!(!name.is_empty(), "empty header name");
        assert!(
            name.bytes().all(|b| b.is_ascii_graphic()
                && !b.is_ascii_uppercase()
                && !b"\"(),/:;<=>?@[\\]{}".contains(&b)),
            "header name {name:?} is not a lowercase token"
        );
        assert!(
            !value.bytes().any(|b| matches!(b, b'\r' | b'\n' | 0)),
            "header {name} has the value {value:?}"
        );
        assert!(!names.contains(&name), "header {name} appears twice");
        names.push(name);
    }
    let json = request.to_json();
    assert_eq!(json["url"], Value::String(request.url.clone()));
    if let Some(body) = &request.body {
        let _ = body.to_json();
        assert_eq!(body.as_bytes(), body.as_str().as_bytes());
    }
    let _ = http::Request::<Vec<u8>>::try_from(request.clone());
}

/// Whether a key of an options object (or of `defaults`), or a `baseUrl`,
/// holds a control character: query parameter names and the base URL are
/// written into the URL as given (reference behaviour 5.5 and 5.8), so only
/// then may the URL hold one.
fn raw_text_has_control(options: &Value) -> bool {
    let Value::Object(map) = options else {
        return false;
    };
    map.iter().any(|(key, value)| {
        has_control(key) || (key == "baseUrl" && value.as_str().is_some_and(has_control))
    })
}

/// The `endpoint_json` fuzz target.
///
/// The bytes are a JSON document shaped like a conformance record:
/// `{"route": string|null, "options": any, "defaults": [any...], "check": bool}`.
/// Anything else is used as the options of `GET /x`. The endpoint is built
/// with `defaults` applied in order (and the credential host check when
/// `check` is true); then `endpoint`, `merge` and `parse` are called and
/// compared.
pub fn endpoint_json(data: &[u8]) {
    let Ok(document) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let empty = Map::new();
    let record = match &document {
        Value::Object(record) if record.contains_key("options") || record.contains_key("route") => {
            record
        }
        _ => {
            let _ = Endpoint::default().endpoint("GET /x", &document);
            let _ = Endpoint::default().endpoint_options(&document);
            let _ = Endpoint::default().defaults(&document);
            let _ = Endpoint::default().parse(&document);
            &empty
        }
    };
    if record.is_empty() {
        return;
    }
    let before = document.clone();
    let route = record.get("route").and_then(Value::as_str);
    let options = record.get("options").unwrap_or(&Value::Null);
    let check = record
        .get("check")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let defaults: &[Value] = match record.get("defaults") {
        Some(Value::Array(list)) => list,
        _ => &[],
    };

    let mut ep = Endpoint::default();
    for layer in defaults {
        let parent_defaults = ep.default_options().clone();
        match ep.defaults(layer) {
            Ok(next) => {
                assert_eq!(
                    ep.default_options(),
                    &parent_defaults,
                    "defaults() changed its parent"
                );
                ep = next;
            }
            Err(_) => return,
        }
    }
    if check {
        ep = ep.with_credential_host_check(true);
    }

    let built = match route {
        Some(route) => ep.endpoint(route, options),
        None => ep.endpoint_options(options),
    };
    let merged = match route {
        Some(route) => ep.merge(route, options),
        None => ep.merge_options(options),
    };
    let again = match route {
        Some(route) => ep.endpoint(route, options),
        None => ep.endpoint_options(options),
    };
    assert_eq!(built, again, "the same call gave two results");

    match &merged {
        Ok(merged) => {
            let parsed = ep.parse(merged);
            if !check {
                assert_eq!(built, parsed, "endpoint(o) != parse(merge(o))");
            } else if let Ok(request) = &built {
                assert_eq!(
                    Ok(request),
                    parsed.as_ref(),
                    "endpoint(o) != parse(merge(o))"
                );
            }
        }
        Err(err) => assert_eq!(
            built.as_ref().err(),
            Some(err),
            "merge failed but endpoint did not fail the same way"
        ),
    }

    if let Ok(request) = &built {
        check_request(request);
        let raw_control =
            raw_text_has_control(options) || defaults.iter().any(raw_text_has_control);
        assert!(
            raw_control || !has_control(&request.url),
            "url {:?} holds a control character",
            request.url
        );
        if check
            && let Some(header) = CREDENTIAL_HEADERS
                .iter()
                .find(|name| request.headers.contains(name))
        {
            let base = ep.default_options()["baseUrl"].as_str().unwrap_or("");
            assert_eq!(
                client_host(&request.url),
                client_host(base),
                "`{header}` is sent to {:?}, off the base URL {base:?}",
                request.url
            );
        }
    }
    assert_eq!(document, before, "the call changed its options");
}
