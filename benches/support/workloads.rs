//! The five benchmark workloads of `benches/reference/reference-bench.js`, with the
//! same inputs, built three ways: `dynamic` (the runtime's `endpoint(route,
//! options)`, the options value built on every call as the reference's loop
//! does), `typed` (a struct from `endpoint!` filled in and turned into a
//! request) and `handwritten` (the fastest correct code for that one call,
//! building the same `Request` directly: the practical floor).
//!
//! Shared by `benches/requests.rs`, `benches/instructions.rs` and
//! `tests/allocations.rs` through `#[path = "…/support/workloads.rs"] mod
//! workloads;`, together with the inputs of the `scaling` benchmarks. It lives
//! in `benches/support/` so that Cargo does not take it for a benchmark of its
//! own.
#![allow(
    dead_code,
    reason = "included by the benchmarks and the allocation test, which each use a part"
)]

use std::borrow::Cow;
use std::hint::black_box;

use endpoint::octokit::DEFAULT_ACCEPT;
use endpoint::{Body, Endpoint, Error, Headers, Request, Result, USER_AGENT};
use serde_json::{Value, json};

/// The inputs of `reference-bench.js`.
pub mod inputs {
    pub const OWNER: &str = "octocat";
    pub const REPO: &str = "hello-world";
    pub const STATE: &str = "open";
    pub const LABELS_TEXT: &str = "bug,ui";
    pub const PER_PAGE: u32 = 100;
    pub const TITLE: &str = "Found a bug";
    pub const BODY: &str = "I'm having a problem with this.";
    pub const LABELS: [&str; 1] = ["bug"];
    pub const ASSIGNEES: [&str; 1] = ["octocat"];
    /// The defaults layer of `defaults_preview`.
    pub const GHE_BASE_URL: &str = "https://ghe.example.com/api/v3";
    pub const AUTHORIZATION: &str = "token abc123";
    pub const PREVIEW: &str = "mercy";
    pub const ORG: &str = "octokit";
    pub const TYPE: &str = "private";
    pub const PAGE: u32 = 2;
    pub const FORMAT: &str = "raw";
    /// `template_ops`.
    pub const PATH: &str = "a/b c";
    pub const SEGMENTS: [&str; 2] = ["x", "y z"];
    pub const Q: &str = "tetris language:assembly";
    pub const SORT: &str = "stars";
    pub const SEARCH_PAGE: u32 = 3;
}

use inputs::*;

/// The workload names, in the order of `reference-bench.js`.
pub const WORKLOADS: [&str; 5] = [
    "get_path",
    "get_query",
    "post_body",
    "defaults_preview",
    "template_ops",
];

/// The three ways of building a request.
pub const KINDS: [&str; 3] = ["dynamic", "typed", "handwritten"];

/// What the calls need that is made once, before the loop, as the reference
/// makes `withDefaults` once.
pub struct Fixture {
    /// `Endpoint::default()`.
    pub base: Endpoint,
    /// The reference's `endpoint.defaults({baseUrl, headers: {authorization}, mediaType: {previews}})`.
    pub layered: Endpoint,
    /// `layered` with `mediaType.format: raw`: what a typed struct, which has
    /// no per-call `mediaType`, uses for `defaults_preview`.
    pub layered_raw: Endpoint,
}

impl Fixture {
    pub fn new() -> Self {
        let base = Endpoint::default();
        let layered = base
            .defaults(json!({
                "baseUrl": GHE_BASE_URL,
                "headers": {"authorization": AUTHORIZATION},
                "mediaType": {"previews": [PREVIEW]},
            }))
            .expect("the defaults layer is valid");
        let layered_raw = layered
            .defaults(json!({"mediaType": {"format": FORMAT}}))
            .expect("the format layer is valid");
        Fixture {
            base,
            layered,
            layered_raw,
        }
    }
}

impl Default for Fixture {
    fn default() -> Self {
        Self::new()
    }
}

/// One call of one workload built one way.
pub type Call = fn(&Fixture) -> Result<Request>;

/// `[dynamic, typed, handwritten]` for a workload.
pub fn calls(workload: &str) -> [Call; 3] {
    match workload {
        "get_path" => [dynamic::get_path, typed::get_path, handwritten::get_path],
        "get_query" => [dynamic::get_query, typed::get_query, handwritten::get_query],
        "post_body" => [dynamic::post_body, typed::post_body, handwritten::post_body],
        "defaults_preview" => [
            dynamic::defaults_preview,
            typed::defaults_preview,
            handwritten::defaults_preview,
        ],
        "template_ops" => [
            dynamic::template_ops,
            typed::template_ops,
            handwritten::template_ops,
        ],
        other => panic!("unknown workload {other}"),
    }
}

/// Runs every workload every way once and panics unless the three requests
/// of each workload are equal (and the URL is the expected one).
pub fn assert_all_equal(fixture: &Fixture) {
    for workload in WORKLOADS {
        let [dynamic, typed, handwritten] = calls(workload)
            .map(|call| call(fixture).unwrap_or_else(|err| panic!("{workload} failed: {err}")));
        assert_eq!(dynamic, typed, "{workload}: dynamic != typed");
        assert_eq!(dynamic, handwritten, "{workload}: dynamic != handwritten");
        assert_eq!(dynamic.url, expected_url(workload), "{workload}: url");
        let owned = owned_call(workload)(fixture)
            .unwrap_or_else(|err| panic!("{workload} (typed, owned fields) failed: {err}"));
        assert_eq!(
            dynamic, owned,
            "{workload}: dynamic != typed with owned fields"
        );
    }
}

/// The URL each workload must produce (the reference's, except that
/// `{/segments*}` explodes into path segments as RFC 6570 says).
pub fn expected_url(workload: &str) -> &'static str {
    match workload {
        "get_path" => "https://api.github.com/repos/octocat/hello-world",
        "get_query" => {
            "https://api.github.com/repos/octocat/hello-world/issues?state=open&labels=bug%2Cui&per_page=100"
        }
        "post_body" => "https://api.github.com/repos/octocat/hello-world/issues",
        "defaults_preview" => {
            "https://ghe.example.com/api/v3/orgs/octokit/repos?type=private&page=2"
        }
        "template_ops" => {
            "https://api.github.com/search/a/b%20c/x/y%20z?q=tetris%20language%3Aassembly&sort=stars&page=3"
        }
        other => panic!("unknown workload {other}"),
    }
}

/// The runtime's `endpoint(route, options)`; the options value is built on
/// every call, as the reference's loop builds its object literal.
pub mod dynamic {
    use super::*;

    pub fn get_path_options() -> Value {
        json!({"owner": OWNER, "repo": REPO})
    }

    pub fn get_path(f: &Fixture) -> Result<Request> {
        f.base
            .endpoint("GET /repos/{owner}/{repo}", get_path_options())
    }

    pub fn get_query_options() -> Value {
        json!({
            "owner": OWNER, "repo": REPO, "state": STATE, "labels": LABELS_TEXT,
            "per_page": PER_PAGE,
        })
    }

    pub fn get_query(f: &Fixture) -> Result<Request> {
        f.base
            .endpoint("GET /repos/{owner}/{repo}/issues", get_query_options())
    }

    pub fn post_body_options() -> Value {
        json!({
            "owner": OWNER, "repo": REPO, "title": TITLE, "body": BODY,
            "labels": LABELS, "assignees": ASSIGNEES,
        })
    }

    pub fn post_body(f: &Fixture) -> Result<Request> {
        f.base
            .endpoint("POST /repos/{owner}/{repo}/issues", post_body_options())
    }

    pub fn defaults_preview_options() -> Value {
        json!({"org": ORG, "type": TYPE, "page": PAGE, "mediaType": {"format": FORMAT}})
    }

    pub fn defaults_preview(f: &Fixture) -> Result<Request> {
        f.layered.endpoint(
            "GET /orgs/{org}/repos{?type,page}",
            defaults_preview_options(),
        )
    }

    pub fn template_ops_options() -> Value {
        json!({
            "path": PATH, "segments": SEGMENTS, "q": Q, "sort": SORT, "page": SEARCH_PAGE,
        })
    }

    pub fn template_ops(f: &Fixture) -> Result<Request> {
        f.base.endpoint(
            "GET /search/{+path}{/segments*}{?q,sort}{&page}",
            template_ops_options(),
        )
    }

    /// The options value alone, as each dynamic call builds it.
    pub fn options(workload: &str) -> fn() -> Value {
        match workload {
            "get_path" => get_path_options,
            "get_query" => get_query_options,
            "post_body" => post_body_options,
            "defaults_preview" => defaults_preview_options,
            "template_ops" => template_ops_options,
            other => panic!("unknown workload {other}"),
        }
    }
}

/// Structs from `endpoint!`, filled in on every call and turned into
/// requests. Their fields borrow the inputs (`&'a str`, `&'a [&'a str]`), as
/// the handwritten code does; [`typed_owned`] has the same calls with the
/// macro's default field types (`String`, `Option<String>`) and `Vec`s.
pub mod typed {
    use super::*;
    use endpoint::endpoint;

    endpoint! {
        /// `get_path`.
        pub struct GetPath<'a> = "GET /repos/{owner}/{repo}" {
            owner: &'a str,
            repo: &'a str,
        }

        /// `get_query`.
        pub struct GetQuery<'a> = "GET /repos/{owner}/{repo}/issues" {
            owner: &'a str,
            repo: &'a str,
            state: &'a str,
            labels: &'a str,
            per_page: u32,
        }

        /// `post_body`.
        pub struct PostBody<'a> = "POST /repos/{owner}/{repo}/issues" {
            owner: &'a str,
            repo: &'a str,
            title: &'a str,
            body: &'a str,
            labels: &'a [&'a str],
            assignees: &'a [&'a str],
        }

        /// `defaults_preview`.
        pub struct DefaultsPreview<'a> = "GET /orgs/{org}/repos{?type,page}" {
            org: &'a str,
            r#type: &'a str,
            page: u32,
        }

        /// `template_ops`.
        pub struct TemplateOps<'a> = "GET /search/{+path}{/segments*}{?q,sort}{&page}" {
            path: &'a str,
            segments: &'a [&'a str],
            q: &'a str,
            sort: &'a str,
            page: u32,
        }
    }

    pub fn get_path(_: &Fixture) -> Result<Request> {
        GetPath {
            owner: OWNER,
            repo: REPO,
        }
        .to_request()
    }

    pub fn get_query(_: &Fixture) -> Result<Request> {
        GetQuery {
            owner: OWNER,
            repo: REPO,
            state: STATE,
            labels: LABELS_TEXT,
            per_page: PER_PAGE,
        }
        .to_request()
    }

    pub fn post_body(_: &Fixture) -> Result<Request> {
        PostBody {
            owner: OWNER,
            repo: REPO,
            title: TITLE,
            body: BODY,
            labels: &LABELS,
            assignees: &ASSIGNEES,
        }
        .to_request()
    }

    /// A typed struct has no per-call `mediaType`: the format is a layer of
    /// defaults over the reference's, made once (`Fixture::layered_raw`).
    pub fn defaults_preview(f: &Fixture) -> Result<Request> {
        DefaultsPreview {
            org: ORG,
            r#type: TYPE,
            page: PAGE,
        }
        .to_request_with(&f.layered_raw)
    }

    pub fn template_ops(_: &Fixture) -> Result<Request> {
        TemplateOps {
            path: PATH,
            segments: &SEGMENTS,
            q: Q,
            sort: SORT,
            page: SEARCH_PAGE,
        }
        .to_request()
    }
}

/// The typed calls with owned fields: the macro's generated `String` (path)
/// and `Option<String>` (query) placeholders, `Vec<String>` lists, filled in
/// from the inputs on every call. Not one of the benchmark's three ways; it
/// shows what owning the inputs costs.
pub mod typed_owned {
    use super::*;
    use endpoint::endpoint;

    endpoint! {
        pub struct GetPath = "GET /repos/{owner}/{repo}";

        pub struct GetQuery = "GET /repos/{owner}/{repo}/issues" {
            state: String,
            labels: String,
            per_page: u32,
        }

        pub struct PostBody = "POST /repos/{owner}/{repo}/issues" {
            title: String,
            body: String,
            labels: Vec<String>,
            assignees: Vec<String>,
        }

        pub struct DefaultsPreview = "GET /orgs/{org}/repos{?type,page}" {
            page: Option<u32>,
        }

        pub struct TemplateOps = "GET /search/{+path}{/segments*}{?q,sort}{&page}" {
            segments: Vec<String>,
            page: Option<u32>,
        }
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|&s| s.to_owned()).collect()
    }

    pub fn get_path(_: &Fixture) -> Result<Request> {
        GetPath {
            owner: OWNER.into(),
            repo: REPO.into(),
        }
        .to_request()
    }

    pub fn get_query(_: &Fixture) -> Result<Request> {
        GetQuery {
            owner: OWNER.into(),
            repo: REPO.into(),
            state: STATE.into(),
            labels: LABELS_TEXT.into(),
            per_page: PER_PAGE,
        }
        .to_request()
    }

    pub fn post_body(_: &Fixture) -> Result<Request> {
        PostBody {
            owner: OWNER.into(),
            repo: REPO.into(),
            title: TITLE.into(),
            body: BODY.into(),
            labels: strings(&LABELS),
            assignees: strings(&ASSIGNEES),
        }
        .to_request()
    }

    pub fn defaults_preview(f: &Fixture) -> Result<Request> {
        DefaultsPreview {
            org: ORG.into(),
            r#type: Some(TYPE.into()),
            page: Some(PAGE),
        }
        .to_request_with(&f.layered_raw)
    }

    pub fn template_ops(_: &Fixture) -> Result<Request> {
        TemplateOps {
            path: PATH.into(),
            segments: strings(&SEGMENTS),
            q: Some(Q.into()),
            sort: Some(SORT.into()),
            page: Some(SEARCH_PAGE),
        }
        .to_request()
    }
}

/// `[get_path, …, template_ops]` of [`typed_owned`].
pub fn owned_call(workload: &str) -> Call {
    match workload {
        "get_path" => typed_owned::get_path,
        "get_query" => typed_owned::get_query,
        "post_body" => typed_owned::post_body,
        "defaults_preview" => typed_owned::defaults_preview,
        "template_ops" => typed_owned::template_ops,
        other => panic!("unknown workload {other}"),
    }
}

/// Percent-encoding in one pass over the bytes, with a table per character set.
pub mod encode {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";

    const fn is_unreserved(b: u8) -> bool {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
    }

    const fn is_reserved(b: u8) -> bool {
        matches!(
            b,
            b':' | b'/'
                | b'?'
                | b'#'
                | b'['
                | b']'
                | b'@'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
        )
    }

    /// `encodeURIComponent`'s set: what a query value appended by the builder keeps.
    const fn is_component(b: u8) -> bool {
        b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
            )
    }

    /// The characters of [`UNRESERVED`], [`RESERVED`] or [`COMPONENT`].
    #[derive(Clone, Copy)]
    enum Set {
        Unreserved,
        Reserved,
        Component,
    }

    const fn table(set: Set) -> [bool; 256] {
        let mut table = [false; 256];
        let mut i = 0;
        while i < 256 {
            let b = i as u8;
            table[i] = match set {
                Set::Unreserved => is_unreserved(b),
                Set::Reserved => is_unreserved(b) || is_reserved(b),
                Set::Component => is_component(b),
            };
            i += 1;
        }
        table
    }

    /// RFC 6570 simple expansion (and `/`, `?`, `&`): unreserved characters only.
    pub static UNRESERVED: [bool; 256] = table(Set::Unreserved);
    /// RFC 6570 reserved expansion (`+`, `#`): unreserved and reserved characters.
    pub static RESERVED: [bool; 256] = table(Set::Reserved);
    /// A query value the builder appends (`encodeURIComponent`).
    pub static COMPONENT: [bool; 256] = table(Set::Component);

    /// Appends `text`, percent-encoding every byte that `keep` does not keep.
    /// With `triplets`, `%XX` sequences are copied as they are (reserved expansion).
    #[inline]
    pub fn push(out: &mut String, text: &str, keep: &[bool; 256], triplets: bool) {
        let bytes = text.as_bytes();
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if keep[usize::from(b)] {
                i += 1;
                continue;
            }
            if triplets
                && b == b'%'
                && i + 2 < bytes.len()
                && bytes[i + 1].is_ascii_hexdigit()
                && bytes[i + 2].is_ascii_hexdigit()
            {
                i += 3;
                continue;
            }
            out.push_str(&text[start..i]);
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xF)]));
            i += 1;
            start = i;
        }
        out.push_str(&text[start..]);
    }

    /// Appends a number in decimal.
    #[inline]
    pub fn push_u64(out: &mut String, mut n: u64) {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &digit in &buf[i..] {
            out.push(char::from(digit));
        }
    }
}

/// The fastest correct code for each one call: the URL written with the right
/// percent-encoding into a pre-sized string, static header strings, the body
/// serialized from a struct. The inputs pass through `black_box` so that
/// nothing is computed at compile time.
pub mod handwritten {
    use super::encode::{self, COMPONENT, RESERVED, UNRESERVED};
    use super::*;

    /// The runtime's path-safety rule for a segment that an expression wrote
    /// entirely: its percent-decoded text must not be `.` or `..`.
    fn check_segment(segment: &str, url: &str) -> Result<()> {
        let decoded_dots = match segment.as_bytes() {
            b"." | b".." => true,
            bytes if bytes.len() <= 6 && bytes.contains(&b'%') => ["%2e", "%2e%2e", ".%2e", "%2e."]
                .iter()
                .any(|dots| segment.eq_ignore_ascii_case(dots)),
            _ => false,
        };
        if decoded_dots {
            return Err(Error::UnsafePath {
                segment: segment.to_owned(),
                path: url.to_owned(),
            });
        }
        Ok(())
    }

    fn default_headers(capacity: usize) -> Headers {
        let mut headers = Headers::with_capacity(capacity);
        headers
            .insert("accept", DEFAULT_ACCEPT)
            .expect("a valid header");
        headers
            .insert("user-agent", USER_AGENT)
            .expect("a valid header");
        headers
    }

    fn get(url: String, headers: Headers) -> Request {
        Request {
            method: Cow::Borrowed("get"),
            url,
            headers,
            body: None,
            request: None,
        }
    }

    /// Room for `text` percent-encoded in the worst case.
    fn worst(text: &str) -> usize {
        3 * text.len()
    }

    pub fn get_path(_: &Fixture) -> Result<Request> {
        repo_url(black_box(OWNER), black_box(REPO), "", 0).map(|url| get(url, default_headers(2)))
    }

    /// `https://api.github.com/repos/{owner}/{repo}` followed by `rest`, with
    /// room for `extra` more bytes.
    fn repo_url(owner: &str, repo: &str, rest: &str, extra: usize) -> Result<String> {
        const PREFIX: &str = "https://api.github.com/repos/";
        let mut url = String::with_capacity(
            PREFIX.len() + 1 + worst(owner) + worst(repo) + rest.len() + extra,
        );
        url.push_str(PREFIX);
        encode::push(&mut url, owner, &UNRESERVED, false);
        check_segment(owner, &url)?;
        url.push('/');
        encode::push(&mut url, repo, &UNRESERVED, false);
        check_segment(repo, &url)?;
        url.push_str(rest);
        Ok(url)
    }

    pub fn get_query(_: &Fixture) -> Result<Request> {
        let (state, labels, per_page) = (
            black_box(STATE),
            black_box(LABELS_TEXT),
            black_box(PER_PAGE),
        );
        let extra = 32 + worst(state) + worst(labels);
        let mut url = repo_url(black_box(OWNER), black_box(REPO), "/issues", extra)?;
        url.push_str("?state=");
        encode::push(&mut url, state, &COMPONENT, false);
        url.push_str("&labels=");
        encode::push(&mut url, labels, &COMPONENT, false);
        url.push_str("&per_page=");
        encode::push_u64(&mut url, per_page.into());
        Ok(get(url, default_headers(2)))
    }

    #[derive(serde::Serialize)]
    struct IssueBody<'a> {
        title: &'a str,
        body: &'a str,
        labels: &'a [&'a str],
        assignees: &'a [&'a str],
    }

    pub fn post_body(_: &Fixture) -> Result<Request> {
        let url = repo_url(black_box(OWNER), black_box(REPO), "/issues", 0)?;
        let issue = IssueBody {
            title: black_box(TITLE),
            body: black_box(BODY),
            labels: black_box(&LABELS),
            assignees: black_box(&ASSIGNEES),
        };
        let strings = |list: &[&str]| list.iter().map(|s| s.len() + 3).sum::<usize>();
        let mut body = Vec::with_capacity(
            64 + issue.title.len()
                + issue.body.len()
                + strings(issue.labels)
                + strings(issue.assignees),
        );
        serde_json::to_writer(&mut body, &issue).map_err(|err| Error::Serialize {
            key: "body".into(),
            message: err.to_string(),
        })?;
        let body = String::from_utf8(body).expect("serde_json writes UTF-8");
        let mut headers = default_headers(3);
        headers
            .insert("content-type", "application/json; charset=utf-8")
            .expect("a valid header");
        Ok(Request {
            method: Cow::Borrowed("post"),
            url,
            headers,
            body: Some(Body::Json(body)),
            request: None,
        })
    }

    pub fn defaults_preview(_: &Fixture) -> Result<Request> {
        const PREFIX: &str = "https://ghe.example.com/api/v3/orgs/";
        let (org, kind, page) = (black_box(ORG), black_box(TYPE), black_box(PAGE));
        let mut url = String::with_capacity(PREFIX.len() + 32 + worst(org) + worst(kind));
        url.push_str(PREFIX);
        encode::push(&mut url, org, &UNRESERVED, false);
        check_segment(org, &url)?;
        url.push_str("/repos?type=");
        encode::push(&mut url, kind, &UNRESERVED, false);
        url.push_str("&page=");
        encode::push_u64(&mut url, page.into());
        let mut headers = Headers::with_capacity(3);
        headers
            .insert("accept", "application/vnd.github.mercy-preview.raw")
            .expect("a valid header");
        headers
            .insert("user-agent", USER_AGENT)
            .expect("a valid header");
        headers
            .insert("authorization", AUTHORIZATION)
            .expect("a valid header");
        Ok(get(url, headers))
    }

    pub fn template_ops(_: &Fixture) -> Result<Request> {
        const PREFIX: &str = "https://api.github.com/search/";
        let (path, segments) = (black_box(PATH), black_box(&SEGMENTS));
        let (q, sort, page) = (black_box(Q), black_box(SORT), black_box(SEARCH_PAGE));
        let mut url = String::with_capacity(
            PREFIX.len()
                + 40
                + worst(path)
                + segments.iter().map(|s| 1 + worst(s)).sum::<usize>()
                + worst(q)
                + worst(sort),
        );
        url.push_str(PREFIX);
        let start = url.len();
        encode::push(&mut url, path, &RESERVED, true);
        for segment in url[start..].split('/') {
            check_segment(segment, &url)?;
        }
        for segment in segments {
            url.push('/');
            encode::push(&mut url, segment, &UNRESERVED, false);
            check_segment(segment, &url)?;
        }
        url.push_str("?q=");
        encode::push(&mut url, q, &UNRESERVED, false);
        url.push_str("&sort=");
        encode::push(&mut url, sort, &UNRESERVED, false);
        url.push_str("&page=");
        encode::push_u64(&mut url, page.into());
        Ok(get(url, default_headers(2)))
    }
}

/// Inputs of the `scaling` benchmarks: three sizes each, so that the time per
/// element (or byte) can be compared.
pub mod scaling {
    use super::encode::{self, COMPONENT, UNRESERVED};
    use super::*;

    pub const QUERY_SIZES: [usize; 3] = [10, 100, 1000];
    pub const BODY_SIZES: [usize; 3] = [16 << 10, 128 << 10, 1 << 20];
    pub const TEMPLATE_SIZES: [usize; 3] = [20, 100, 200];

    /// `GET /search/things` with `n` query parameters `p0=value 0`, ...
    pub const QUERY_ROUTE: &str = "GET /search/things";

    pub fn query_options(n: usize) -> Value {
        Value::Object(
            (0..n)
                .map(|i| (format!("p{i}"), Value::String(format!("value {i}"))))
                .collect(),
        )
    }

    pub fn query_pairs(n: usize) -> Vec<(String, String)> {
        (0..n)
            .map(|i| (format!("p{i}"), format!("value {i}")))
            .collect()
    }

    pub fn query_handwritten(pairs: &[(String, String)]) -> Request {
        const PREFIX: &str = "https://api.github.com/search/things";
        let size = pairs
            .iter()
            .map(|(k, v)| 2 + k.len() + 3 * v.len())
            .sum::<usize>();
        let mut url = String::with_capacity(PREFIX.len() + size);
        url.push_str(PREFIX);
        let mut separator = '?';
        for (key, value) in pairs {
            url.push(separator);
            separator = '&';
            url.push_str(key);
            url.push('=');
            encode::push(&mut url, value, &COMPONENT, false);
        }
        let mut headers = Headers::with_capacity(2);
        headers
            .insert("accept", DEFAULT_ACCEPT)
            .expect("a valid header");
        headers
            .insert("user-agent", USER_AGENT)
            .expect("a valid header");
        Request {
            method: Cow::Borrowed("get"),
            url,
            headers,
            body: None,
            request: None,
        }
    }

    /// A body string of `bytes` bytes, with quotes, newlines and non-ASCII
    /// text among plain words, so that JSON escaping has work to do.
    pub fn body_text(bytes: usize) -> String {
        const LINE: &str =
            "Steps to reproduce: run \"cargo test\" twice; caf\u{e9} \u{2603} expected ok.\n";
        let mut text = String::with_capacity(bytes + LINE.len());
        while text.len() < bytes {
            text.push_str(LINE);
        }
        while text.len() > bytes {
            text.pop();
        }
        text
    }

    pub const BODY_ROUTE: &str = "POST /repos/{owner}/{repo}/issues";

    pub fn body_options(body: &str) -> Value {
        json!({"owner": OWNER, "repo": REPO, "title": TITLE, "body": body})
    }

    endpoint::endpoint! {
        /// The `body_bytes` route, typed.
        pub struct CreateIssue<'a> = "POST /repos/{owner}/{repo}/issues" {
            owner: &'a str,
            repo: &'a str,
            title: &'a str,
            body: &'a str,
        }
    }

    pub fn body_typed(body: &str) -> Result<Request> {
        CreateIssue {
            owner: OWNER,
            repo: REPO,
            title: TITLE,
            body,
        }
        .to_request()
    }

    #[derive(serde::Serialize)]
    struct TitleBody<'a> {
        title: &'a str,
        body: &'a str,
    }

    pub fn body_handwritten(body: &str) -> Request {
        let mut url = String::with_capacity(64);
        url.push_str("https://api.github.com/repos/");
        encode::push(&mut url, OWNER, &UNRESERVED, false);
        url.push('/');
        encode::push(&mut url, REPO, &UNRESERVED, false);
        url.push_str("/issues");
        let mut text = Vec::with_capacity(body.len() + body.len() / 8 + 64);
        serde_json::to_writer(&mut text, &TitleBody { title: TITLE, body })
            .expect("strings serialize");
        let mut headers = Headers::with_capacity(3);
        headers
            .insert("accept", DEFAULT_ACCEPT)
            .expect("a valid header");
        headers
            .insert("user-agent", USER_AGENT)
            .expect("a valid header");
        headers
            .insert("content-type", "application/json; charset=utf-8")
            .expect("a valid header");
        Request {
            method: Cow::Borrowed("post"),
            url,
            headers,
            body: Some(Body::Json(String::from_utf8(text).expect("JSON is UTF-8"))),
            request: None,
        }
    }

    /// `GET /t/{v0}/{v1}/…` with `n` expressions, and its options.
    pub fn template_route(n: usize) -> String {
        let mut route = String::from("GET /t");
        for i in 0..n {
            route.push_str(&format!("/{{v{i}}}"));
        }
        route
    }

    pub fn template_values(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("value {i}")).collect()
    }

    pub fn template_options(values: &[String]) -> Value {
        Value::Object(
            values
                .iter()
                .enumerate()
                .map(|(i, v)| (format!("v{i}"), Value::String(v.clone())))
                .collect(),
        )
    }

    pub fn template_handwritten(values: &[String]) -> Request {
        const PREFIX: &str = "https://api.github.com/t";
        let mut url = String::with_capacity(
            PREFIX.len() + values.iter().map(|v| 1 + 3 * v.len()).sum::<usize>(),
        );
        url.push_str(PREFIX);
        for value in values {
            url.push('/');
            encode::push(&mut url, value, &UNRESERVED, false);
            assert!(value != "." && value != "..", "unsafe path segment");
        }
        let mut headers = Headers::with_capacity(2);
        headers
            .insert("accept", DEFAULT_ACCEPT)
            .expect("a valid header");
        headers
            .insert("user-agent", USER_AGENT)
            .expect("a valid header");
        Request {
            method: Cow::Borrowed("get"),
            url,
            headers,
            body: None,
            request: None,
        }
    }
}
