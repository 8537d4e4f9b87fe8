//! Keeping credentials on the base URL's origin:
//! `Endpoint::with_credential_host_check(true)`.
//!
//! Without the check (the default, as in the reference) an absolute URL is
//! used as given and every header goes with it. With the check on, a request
//! that carries `authorization`, `proxy-authorization`, `cookie` or any other
//! header but the shown ones (`accept`, `user-agent`, `content-type`…) and
//! whose URL's origin (scheme, host, effective port) differs from the origin
//! of the endpoint's `baseUrl` fails with `Error::CredentialsHost`, whichever
//! way the URL got there: a full URL in the route, a `url` option, a `{+url}`
//! parameter, a call that overrides `baseUrl`.

use endpoint::{Endpoint, Error, Request, endpoint};
use serde_json::{Value, json};

const TOKEN: &str = "token s3cr3t";

fn checked() -> Endpoint {
    Endpoint::default()
        .defaults(json!({"headers": {"authorization": TOKEN}}))
        .unwrap()
        .with_credential_host_check(true)
}

#[track_caller]
fn assert_refused(result: Result<Request, Error>, header: &str, host: &str, base_host: &str) {
    match result {
        Err(Error::CredentialsHost {
            header: h,
            host: got,
            base_host: base,
        }) => {
            assert_eq!(h, header);
            assert_eq!(got, host);
            assert_eq!(base, base_host);
        }
        other => panic!("expected CredentialsHost({header}, {host}, {base_host}), got {other:?}"),
    }
}

#[test]
fn off_by_default_as_in_the_reference() {
    let ep = Endpoint::default()
        .defaults(json!({"headers": {"authorization": TOKEN}}))
        .unwrap();
    let request = ep.endpoint("GET https://evil.example/x", ()).unwrap();
    assert_eq!(request.url, "https://evil.example/x");
    assert_eq!(request.headers.get("authorization"), Some(TOKEN));
    let request = ep
        .with_credential_host_check(true)
        .with_credential_host_check(false)
        .endpoint("GET https://evil.example/x", ())
        .unwrap();
    assert_eq!(request.headers.get("authorization"), Some(TOKEN));
}

#[test]
fn same_host_is_allowed() {
    let ep = checked();
    let request = ep.endpoint("GET /user", ()).unwrap();
    assert_eq!(request.url, "https://api.github.com/user");
    assert_eq!(request.headers.get("authorization"), Some(TOKEN));
    for url in [
        "https://api.github.com/x",
        "HTTPS://API.GITHUB.COM/x",
        "https://api.github.com",
        "https://api.github.com?x=1",
    ] {
        assert!(ep.endpoint(&format!("GET {url}"), ()).is_ok(), "{url}");
    }
}

#[test]
fn absolute_url_in_the_route() {
    assert_refused(
        checked().endpoint("GET https://evil.example/collect", ()),
        "authorization",
        "https://evil.example",
        "https://api.github.com",
    );
    assert_refused(
        checked().endpoint("POST http://evil.example:8080/x", json!({"a": 1})),
        "authorization",
        "http://evil.example:8080",
        "https://api.github.com",
    );
}

#[test]
fn url_option() {
    assert_refused(
        checked().endpoint_options(json!({"method": "GET", "url": "https://evil.example/x"})),
        "authorization",
        "https://evil.example",
        "https://api.github.com",
    );
    assert_refused(
        checked().endpoint("GET /user", json!({"url": "https://evil.example/x"})),
        "authorization",
        "https://evil.example",
        "https://api.github.com",
    );
}

#[test]
fn reserved_url_parameter() {
    assert_refused(
        checked().endpoint(
            "GET {+next}",
            json!({"next": "https://evil.example/page/2"}),
        ),
        "authorization",
        "https://evil.example",
        "https://api.github.com",
    );
    let request = checked()
        .endpoint(
            "GET {+next}",
            json!({"next": "https://api.github.com/page/2"}),
        )
        .unwrap();
    assert_eq!(request.url, "https://api.github.com/page/2");
}

#[test]
fn call_that_overrides_the_base_url() {
    assert_refused(
        checked().endpoint("GET /user", json!({"baseUrl": "https://evil.example"})),
        "authorization",
        "https://evil.example",
        "https://api.github.com",
    );
}

#[test]
fn look_alike_hosts() {
    for (url, host) in [
        (
            "https://api.github.com.evil.example/x",
            "https://api.github.com.evil.example",
        ),
        (
            "https://api.github.com@evil.example/x",
            "https://evil.example",
        ),
        ("https://user:pw@evil.example/x", "https://evil.example"),
        (
            "https://api.github.com:8443/x",
            "https://api.github.com:8443",
        ),
        (
            "https://evil-api.github.com/x",
            "https://evil-api.github.com",
        ),
    ] {
        assert_refused(
            checked().endpoint(&format!("GET {url}"), ()),
            "authorization",
            host,
            "https://api.github.com",
        );
    }
}

#[test]
fn backslash_in_a_base_url_override() {
    // WHATWG URL parsers (browsers, the `url` crate behind reqwest) read `\`
    // as `/` in http(s) URLs: this URL goes to evil.example, whatever the
    // text after the `@` says.
    let result = checked().endpoint(
        "GET /user",
        json!({"baseUrl": "https://evil.example\\@api.github.com"}),
    );
    assert!(
        matches!(result, Err(Error::CredentialsHost { .. })),
        "credentials sent to {:?}",
        result.map(|request| request.url)
    );
}

#[test]
fn other_host_without_credentials_is_allowed() {
    let ep = Endpoint::default().with_credential_host_check(true);
    let request = ep.endpoint("GET https://uploads.example/x", ()).unwrap();
    assert_eq!(request.url, "https://uploads.example/x");
    // A call that removes the default credential may go anywhere.
    let request = checked()
        .endpoint(
            "GET https://evil.example/x",
            json!({"headers": {"authorization": null}}),
        )
        .unwrap();
    assert_eq!(request.headers.get("authorization"), None);
}

#[test]
fn every_credential_header() {
    let ep = Endpoint::default().with_credential_host_check(true);
    for name in ["authorization", "proxy-authorization", "cookie"] {
        for given in [name.to_owned(), name.to_ascii_uppercase()] {
            let mut headers = serde_json::Map::new();
            headers.insert(given.clone(), Value::String("secret".into()));
            assert_refused(
                ep.endpoint("GET https://evil.example/x", json!({"headers": headers})),
                name,
                "https://evil.example",
                "https://api.github.com",
            );
        }
    }
}

#[test]
fn origins_are_the_scheme_the_host_and_the_effective_port() {
    let ep = checked();
    // Clear text on the base URL's host is another origin, port 443 or not.
    for (url, origin) in [
        ("http://api.github.com/user", "http://api.github.com"),
        (
            "HTTP://API.github.com:443/user",
            "http://api.github.com:443",
        ),
        (
            "https://api.github.com:80/user",
            "https://api.github.com:80",
        ),
    ] {
        assert_refused(
            ep.endpoint(&format!("GET {url}"), ()),
            "authorization",
            origin,
            "https://api.github.com",
        );
    }
    // The port the scheme implies, written or not, is the same origin.
    assert!(
        ep.endpoint("GET https://API.github.com:443/user", ())
            .is_ok()
    );
    let http = Endpoint::default()
        .defaults(json!({"baseUrl": "http://h.example:80/v1", "headers": {"authorization": TOKEN}}))
        .unwrap()
        .with_credential_host_check(true);
    assert!(http.endpoint("GET http://H.example/x", ()).is_ok());
    assert_refused(
        http.endpoint("GET https://h.example/x", ()),
        "authorization",
        "https://h.example",
        "http://h.example",
    );
}

#[test]
fn every_header_but_the_shown_ones_is_a_credential() {
    let keys = Endpoint::default()
        .defaults(json!({"headers": {"x-api-key": "k3y", "PRIVATE-TOKEN": "t0k3n"}}))
        .unwrap()
        .with_credential_host_check(true);
    assert!(keys.endpoint("GET /user", ()).is_ok());
    assert_refused(
        keys.endpoint("GET https://evil.example/x", ()),
        "x-api-key",
        "https://evil.example",
        "https://api.github.com",
    );
    assert_refused(
        keys.endpoint(
            "GET https://evil.example/x",
            json!({"headers": {"x-api-key": null}}),
        ),
        "private-token",
        "https://evil.example",
        "https://api.github.com",
    );
    // The shown headers, which never carry a credential, go anywhere.
    let request = Endpoint::default()
        .with_credential_host_check(true)
        .endpoint(
            "POST https://uploads.example/x",
            json!({"headers": {"if-none-match": "\"e\"", "x-github-api-version": "2022-11-28"}}),
        )
        .unwrap();
    assert_eq!(request.headers.get("content-length"), Some("0"));
    // And `Debug` shows them, and no credential.
    let shown = format!("{:?} {keys:?}", keys.endpoint("GET /user", ()).unwrap());
    assert!(
        !shown.contains("k3y") && !shown.contains("t0k3n"),
        "{shown}"
    );
    assert!(shown.contains("application/vnd.github.v3+json"), "{shown}");
}

#[test]
fn the_setting_survives_defaults_and_follows_the_new_base_url() {
    let ghe = checked()
        .defaults(json!({"baseUrl": "https://GHE.example.com/api/v3"}))
        .unwrap();
    let request = ghe.endpoint("GET /user", ()).unwrap();
    assert_eq!(request.url, "https://GHE.example.com/api/v3/user");
    assert!(ghe.endpoint("GET https://ghe.example.com/x", ()).is_ok());
    assert_refused(
        ghe.endpoint("GET https://api.github.com/user", ()),
        "authorization",
        "https://api.github.com",
        "https://ghe.example.com",
    );
}

#[test]
fn parse_refuses_what_endpoint_refuses() {
    // endpoint(o) == parse(merge(o)) holds with the check on, too.
    let ep = checked();
    let merged = ep.merge("GET https://evil.example/x", ()).unwrap();
    assert_eq!(
        ep.parse(&merged),
        ep.endpoint("GET https://evil.example/x", ())
    );
    assert!(ep.parse(&merged).is_err());
}

#[test]
fn the_error_does_not_reveal_the_credential() {
    let err = checked()
        .endpoint("GET https://evil.example/x", ())
        .unwrap_err();
    let message = err.to_string();
    assert!(!message.contains("s3cr3t"), "{message}");
    assert!(!format!("{err:?}").contains("s3cr3t"));
    assert_eq!(
        message,
        "refusing to send credentials header `authorization` to `https://evil.example`, which is not the base URL's origin `https://api.github.com`"
    );
}

#[test]
fn typed_requests_are_checked() {
    endpoint! {
        struct Collect = "GET https://evil.example/collect/{id}";
    }
    endpoint! {
        struct GetUser = "GET /users/{username}";
    }
    let ep = checked();
    assert_refused(
        Collect { id: "1".into() }.to_request_with(&ep),
        "authorization",
        "https://evil.example",
        "https://api.github.com",
    );
    let request = GetUser {
        username: "octocat".into(),
    }
    .to_request_with(&ep)
    .unwrap();
    assert_eq!(request.url, "https://api.github.com/users/octocat");
}

#[test]
fn the_global_endpoint_is_unchecked() {
    // The free function uses the global defaults, which carry no credentials.
    let request = endpoint::endpoint("GET https://example.com/x", ()).unwrap();
    assert_eq!(request.url, "https://example.com/x");
}
