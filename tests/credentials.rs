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

endpoint! {
    /// A route on a server of its own.
    #[endpoint(server = "https://files.example.com/v2")]
    struct PutFile = "PUT /files/{name}";

    /// A route on a path of the base URL's host.
    #[endpoint(server = "/v2")]
    struct GetStatus = "GET /status";

    /// A route on GitHub's uploads host.
    #[endpoint(server = "https://uploads.github.com")]
    struct Upload = "POST /assets";
}

/// An endpoint of the API at `https://api.example.com/v1`, with a token and
/// the credential host check.
fn api() -> Endpoint {
    Endpoint::default()
        .defaults(json!({
            "baseUrl": "https://api.example.com/v1",
            "headers": {"authorization": TOKEN},
        }))
        .unwrap()
        .with_credential_host_check(true)
}

#[test]
fn a_route_s_own_server_is_its_base_url_and_gets_the_credentials() {
    let file = PutFile {
        name: "a.txt".into(),
    };
    // Built on the declared server, with the credentials: a server the
    // code names is one of the API's.
    let request = file.to_request_with(&api()).unwrap();
    assert_eq!(request.url, "https://files.example.com/v2/files/a.txt");
    assert_eq!(request.headers.get("authorization"), Some(TOKEN));
    // A path is resolved against the base URL, as a URL reference.
    let request = GetStatus.to_request_with(&api()).unwrap();
    assert_eq!(request.url, "https://api.example.com/v2/status");

    // Redirected: the request and the credentials go to the URL set, and
    // the endpoints made from it keep it.
    let local = api()
        .with_server(
            "https://files.example.com/v2/",
            "http://127.0.0.1:8080/files/",
        )
        .unwrap();
    let request = file.to_request_with(&local).unwrap();
    assert_eq!(request.url, "http://127.0.0.1:8080/files/files/a.txt");
    assert_eq!(request.headers.get("authorization"), Some(TOKEN));
    let derived = local.defaults(json!({"per_page": 2})).unwrap();
    let request = file.to_request_with(&derived).unwrap();
    assert_eq!(request.url, "http://127.0.0.1:8080/files/files/a.txt");
    let relative = api().with_server("/v2", "/v3").unwrap();
    let request = GetStatus.to_request_with(&relative).unwrap();
    assert_eq!(request.url, "https://api.example.com/v3/status");
    // Other routes keep the base URL, and a dynamic request is no route
    // that declares a server: the check holds it to the base URL's origin.
    assert_eq!(
        local.endpoint("GET /user", ()).unwrap().url,
        "https://api.example.com/v1/user"
    );
    for (url, origin) in [
        (
            "https://files.example.com/v2/x",
            "https://files.example.com",
        ),
        ("http://127.0.0.1:8080/files/x", "http://127.0.0.1:8080"),
    ] {
        assert_refused(
            local.endpoint(&format!("GET {url}"), ()),
            "authorization",
            origin,
            "https://api.example.com",
        );
    }
    let shown = format!("{local:?}");
    assert!(shown.contains("http://127.0.0.1:8080/files"), "{shown}");
}

#[test]
fn github_s_uploads_host_is_a_declared_server_and_keeps_its_rule() {
    let github = checked();
    let request = Upload.to_request_with(&github).unwrap();
    assert_eq!(request.url, "https://uploads.github.com/assets");
    assert_eq!(request.headers.get("authorization"), Some(TOKEN));
    // A GitHub Enterprise token never goes to github.com's uploads host.
    let ghe = checked()
        .defaults(json!({"baseUrl": "https://ghe.example.com/api/v3"}))
        .unwrap();
    assert_refused(
        Upload.to_request_with(&ghe),
        "authorization",
        "https://uploads.github.com",
        "https://ghe.example.com",
    );
    // The uploads host sent elsewhere, as any declared server.
    let ghe = ghe
        .with_server(
            "https://uploads.github.com",
            "https://ghe.example.com/api/uploads",
        )
        .unwrap();
    let request = Upload.to_request_with(&ghe).unwrap();
    assert_eq!(request.url, "https://ghe.example.com/api/uploads/assets");
    assert_eq!(request.headers.get("authorization"), Some(TOKEN));
}

#[test]
fn a_server_that_is_no_server_is_an_error_naming_it() {
    for (declared, url, key) in [
        (
            "files.example.com",
            "http://127.0.0.1:8080",
            "servers.declared",
        ),
        (
            "https://files.example.com?a=1",
            "http://127.0.0.1:8080",
            "servers.declared",
        ),
        ("https://files.example.com", "", "servers.url"),
        ("https://files.example.com", "127.0.0.1:8080", "servers.url"),
        (
            "https://files.example.com",
            "http://127.0.0.1:8080/#x",
            "servers.url",
        ),
        (
            "https://files.example.com",
            "ftp://files.example.com",
            "servers.url",
        ),
        (
            "https://files.example.com",
            "//files.example.com",
            "servers.url",
        ),
    ] {
        match api().with_server(declared, url) {
            Err(Error::Option { key: got, .. }) => assert_eq!(got, key, "{declared} {url}"),
            other => panic!("{declared} {url}: {other:?}"),
        }
    }
    // User information would put a secret in every URL: refused, and not shown.
    let error = api()
        .with_server(
            "https://files.example.com",
            "https://user:pa55@files.example.com",
        )
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("user information") && !error.contains("pa55"),
        "{error}"
    );
    assert!(
        api()
            .with_server(
                "https://uploads.github.com",
                "https://user:pa55@up.example.com"
            )
            .is_err()
    );
}
