//! URL scanning: the one set of rules for where a URL's scheme, authority,
//! path, query and fragment are, and for the path segments that a parameter
//! must not turn into `.` or `..`.
//!
//! Only `http://` and `https://` URLs (any letter case) count as absolute;
//! anything else is a path. The authority ends at `/`, `\`, `?` or `#`: WHATWG
//! URL parsers, which most HTTP clients use, end it at a backslash too, so
//! treating `\` the same way everywhere keeps the host this crate checks the
//! host a client connects to.

/// The length of a leading `http://` or `https://` (any case), or `None`.
pub(crate) fn scheme_len(url: &str) -> Option<usize> {
    let starts = |prefix: &str| {
        url.get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    if starts("http://") {
        Some(7)
    } else if starts("https://") {
        Some(8)
    } else {
        None
    }
}

/// Whether `url` starts with `http://` or `https://`, in any letter case.
pub fn is_absolute(url: &str) -> bool {
    scheme_len(url).is_some()
}

/// Where the authority that starts at `start` ends.
fn authority_end(url: &str, start: usize) -> usize {
    let rest = url.as_bytes().get(start..).unwrap_or_default();
    start
        + rest
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(rest.len())
}

/// The host (and port) of an absolute URL, without user information.
pub fn url_host(url: &str) -> Option<&str> {
    let start = scheme_len(url)?;
    let authority = url.get(start..authority_end(url, start)).unwrap_or("");
    Some(
        authority
            .rsplit_once('@')
            .map_or(authority, |(_, host)| host),
    )
}

/// The origin of an absolute `http(s)` URL: its scheme, its host
/// (lowercase) and its port (80 for `http`, 443 for `https` when the URL
/// names none): where a credential meant for one URL may go as well.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    scheme: &'static str,
    host: String,
    port: u16,
}

impl Origin {
    /// The origin of `url`; `None` when it is not an absolute `http(s)` URL
    /// with a host and a valid port (or none).
    pub fn of(url: &str) -> Option<Origin> {
        let (scheme, default_port) = match scheme_len(url)? {
            7 => ("http", 80),
            _ => ("https", 443),
        };
        let authority = url_host(url)?;
        let (host, port) = match authority.strip_prefix('[') {
            // An IPv6 address: `[::1]` or `[::1]:8080`.
            Some(inside) => {
                let (address, rest) = inside.split_once(']')?;
                (&authority[..address.len() + 2], rest.strip_prefix(':'))
            }
            None => match authority.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (authority, None),
            },
        };
        if host.is_empty() || host.contains(['[', ']', ':']) && !host.starts_with('[') {
            return None;
        }
        let port = match port {
            None | Some("") => default_port,
            Some(port) if port.bytes().all(|b| b.is_ascii_digit()) => port.parse().ok()?,
            Some(_) => return None,
        };
        Some(Origin {
            scheme,
            host: host.to_ascii_lowercase(),
            port,
        })
    }

    fn default_port(&self) -> u16 {
        if self.scheme == "http" { 80 } else { 443 }
    }
}

/// `scheme://host`, with `:port` when it is not the scheme's default.
impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        if self.port != self.default_port() {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

/// `url` with its user information (`user:password@`, `token@`) replaced
/// by `<redacted>`, for messages and `Debug`: a secret written into a URL
/// is shown nowhere. Any other text is returned as it is.
///
/// The authority is where [`url_host`] finds it (it ends at `/`, `\`, `?`
/// or `#`), and the user information is all of it up to its last `@`.
pub fn redact_userinfo(url: &str) -> std::borrow::Cow<'_, str> {
    // After any scheme; a URL written without one may start with its
    // user information too (`token@host/path`).
    let start = scheme_len(url)
        .or_else(|| url.find("://").map(|at| at + 3))
        .unwrap_or(0);
    let end = authority_end(url, start);
    match url
        .get(start..end)
        .and_then(|authority| authority.rfind('@'))
    {
        Some(at) => std::borrow::Cow::Owned(format!(
            "{}{}{}",
            &url[..start],
            crate::names::REDACTED,
            &url[start + at..]
        )),
        None => std::borrow::Cow::Borrowed(url),
    }
}

/// The raw (still percent-encoded) value of the first query parameter
/// called `name` in `url`; an empty one for `name` without `=`. A name is
/// compared percent-decoded: `page%5Bnumber%5D` is `page[number]`.
///
/// Names are compared percent-decoded, both the URL's and `name`:
/// `page[number]`, `page%5Bnumber%5D` and `page%5bnumber%5d` are one name
/// ([`same_param_name`]).
pub fn query_param<'u>(url: &'u str, name: &str) -> Option<&'u str> {
    let (_, end) = path_range(url);
    let rest = &url[end..];
    let query = rest.strip_prefix('?')?;
    let query = query.split_once('#').map_or(query, |(query, _)| query);
    query
        .split('&')
        .find_map(|pair| match pair.split_once('=') {
            Some((key, value)) if same_param_name(key, name) => Some(value),
            None if same_param_name(pair, name) => Some(""),
            _ => None,
        })
}

/// `url` with the query parameter `name` set to `value`
/// (percent-encoded as `encodeURIComponent` does): every parameter called
/// `name` (as written, or percent-encoded) is dropped, and one is
/// appended; the fragment is dropped.
///
/// A parameter is replaced, never added beside one of the same name, however
/// either is written: names are compared percent-decoded
/// ([`same_param_name`]), so that `page%5Bnumber%5D=1` or `page[number]=1`
/// in `url` is replaced by `page%5Bnumber%5D=2` for the name `page[number]`
/// (or `page%5Bnumber%5D`: a name given percent-encoded is not encoded twice).
pub fn with_query_param(url: &str, name: &str, value: &str) -> String {
    let (_, end) = path_range(url);
    let rest = &url[end..];
    let rest = rest.split_once('#').map_or(rest, |(kept, _)| kept);
    let mut out = String::with_capacity(url.len() + name.len() + value.len() + 2);
    out.push_str(&url[..end]);
    let mut separator = '?';
    for pair in rest.strip_prefix('?').unwrap_or_default().split('&') {
        let key = pair.split_once('=').map_or(pair, |(key, _)| key);
        if pair.is_empty() || same_param_name(key, name) {
            continue;
        }
        out.push(separator);
        out.push_str(pair);
        separator = '&';
    }
    out.push(separator);
    let name = percent_encoding::percent_decode_str(name).decode_utf8_lossy();
    crate::encode::encode(&mut out, &name, crate::encode::Set::Component);
    out.push('=');
    crate::encode::encode(&mut out, value, crate::encode::Set::Component);
    out
}

/// Whether the query parameter names `a` and `b` are one name once
/// percent-decoded: `page[number]`, `page%5Bnumber%5D`, `page%5bnumber%5d`
/// and `page%5Bnumber]` are. `+` is kept as it is (not read as a space).
pub fn same_param_name(a: &str, b: &str) -> bool {
    a == b || percent_encoding::percent_decode_str(a).eq(percent_encoding::percent_decode_str(b))
}

/// `text` encoded as a name or value of an `application/x-www-form-urlencoded`
/// body is (the URL Standard's serializer: a space as `+`), for a form
/// written outside a route (the token request of an OAuth 2 client).
pub fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    crate::encode::encode(&mut out, text, crate::encode::Set::Form);
    out
}

/// Why `server` is no server of an operation: `None` when it is one, an
/// absolute `http(s)` URL with a host (`https://uploads.example.com`) or a
/// path (`/v2`, resolved against the base URL by [`resolve_server`]), with
/// no query, fragment, user information, `{variable}`, white space or
/// control character. The macro checks a route's server with it at compile
/// time, and an endpoint the servers it is given.
pub fn server_error(server: &str) -> Option<&'static str> {
    if server.is_empty() {
        return Some("is empty");
    }
    if server.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Some("holds white space or a control character");
    }
    if server.contains('?') {
        return Some("has a query (`?…`)");
    }
    if server.contains('#') {
        return Some("has a fragment (`#…`)");
    }
    if server.contains(['{', '}']) {
        return Some("holds a `{variable}` (write its value)");
    }
    if server.contains('\\') {
        return Some("holds a backslash");
    }
    match scheme_len(server) {
        Some(start) => {
            let authority = server
                .get(start..authority_end(server, start))
                .unwrap_or("");
            if authority.contains('@') {
                Some("has user information (`user@`), which would put a secret in every URL")
            } else if Origin::of(server).is_none() {
                Some("has no host, or a port that is not a number")
            } else {
                None
            }
        }
        None if server.starts_with("//") => {
            Some("is a URL without a scheme: write it `https://host/path` (or `http://`)")
        }
        None if server.starts_with('/') => None,
        None => {
            Some("is neither an absolute `http://` or `https://` URL nor a path starting with `/`")
        }
    }
}

/// The URL of the server `server` (one [`server_error`] accepts) for an API
/// whose base URL is `base_url`: an absolute server as it is, a path on the
/// base URL's scheme and authority (`/v2` on `https://api.example.com/v1`
/// is `https://api.example.com/v2`, as a URL reference resolves); a
/// trailing `/` is dropped.
pub fn resolve_server(base_url: &str, server: &str) -> String {
    let server = server.trim_end_matches('/');
    if is_absolute(server) {
        return server.to_owned();
    }
    let origin =
        scheme_len(base_url).map_or("", |start| &base_url[..authority_end(base_url, start)]);
    format!("{origin}{server}")
}

/// The byte range of the path: before the first `?` or `#`, after the
/// `scheme://authority` of an absolute URL.
pub(crate) fn path_range(url: &str) -> (usize, usize) {
    let start = scheme_len(url).map_or(0, |scheme| authority_end(url, scheme));
    let path = url.as_bytes().get(start..).unwrap_or_default();
    let end = start
        + path
            .iter()
            .position(|&b| matches!(b, b'?' | b'#'))
            .unwrap_or(path.len());
    (start, end)
}

/// Whether a path segment decodes to `.` or `..` (each dot written `.`,
/// `%2E` or `%2e`).
pub(crate) fn is_dot_segment(segment: &[u8]) -> bool {
    let mut dots = 0;
    let mut rest = segment;
    while !rest.is_empty() {
        rest = match rest {
            [b'.', tail @ ..] => tail,
            [b'%', b'2', b'E' | b'e', tail @ ..] => tail,
            _ => return false,
        };
        dots += 1;
        if dots > 2 {
            return false;
        }
    }
    dots > 0
}

/// The first path segment of `url` that decodes to `.` or `..` and holds a
/// byte of one of `spans` (the byte ranges that parameters wrote), with the
/// path it belongs to; segments written entirely by the route are allowed.
pub(crate) fn unsafe_segment<'u>(
    url: &'u str,
    spans: &[(usize, usize)],
) -> Option<(&'u str, &'u str)> {
    let (start, end) = path_range(url);
    let path = url.get(start..end).unwrap_or_default();
    let mut from = start;
    for segment in path.split('/') {
        let to = from + segment.len();
        if is_dot_segment(segment.as_bytes()) && spans.iter().any(|&(a, b)| a < to && from < b) {
            return Some((segment, path));
        }
        from = to + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_parameter_is_replaced_however_its_name_is_encoded() {
        for url in [
            "https://h.example/v1?page[number]=1&size=2",
            "https://h.example/v1?page%5Bnumber%5D=1&size=2",
            "https://h.example/v1?page%5bnumber%5d=1&size=2",
            "https://h.example/v1?page%5Bnumber]=1&size=2&page[number]=7",
        ] {
            for name in ["page[number]", "page%5Bnumber%5D"] {
                assert_eq!(query_param(url, name), Some("1"), "{url} {name}");
                assert_eq!(
                    with_query_param(url, name, "2"),
                    "https://h.example/v1?size=2&page%5Bnumber%5D=2",
                    "{url} {name}"
                );
            }
        }
        assert_eq!(
            with_query_param("https://h.example/v1?page.number=1", "page%2Enumber", "2"),
            "https://h.example/v1?page.number=2"
        );
        // Other names stay, `+` is not a space, and a `%` that starts no
        // escape is kept as it is.
        let url = "https://h.example/v1?page+1=a&page%=b&pages=c";
        assert_eq!(
            with_query_param(url, "page 1", "x"),
            format!("{url}&page%201=x")
        );
        assert_eq!(query_param(url, "page%"), Some("b"));
        assert!(!same_param_name("page", "pages"));
    }

    #[test]
    fn query_names_are_compared_percent_decoded() {
        // A page number under a bracketed name: the next page's URL, built
        // with the name encoded, is read back and replaced as the same
        // parameter, not a second one.
        let first = "https://h.example/v1?page[number]=1&page[size]=2";
        let second = with_query_param(first, "page[number]", "2");
        assert_eq!(
            second,
            "https://h.example/v1?page[size]=2&page%5Bnumber%5D=2"
        );
        assert_eq!(query_param(&second, "page[number]"), Some("2"));
        let third = with_query_param(&second, "page[number]", "3");
        assert_eq!(
            third,
            "https://h.example/v1?page[size]=2&page%5Bnumber%5D=3"
        );
        assert_eq!(
            query_param("https://h.example/v1?page%5bsize%5d", "page[size]"),
            Some("")
        );
        // A broken or partial escape is no other name.
        assert_eq!(query_param("https://h.example/v1?page%5=1", "page"), None);
        assert_eq!(
            query_param("https://h.example/v1?page%=1", "page%"),
            Some("1")
        );
        assert_eq!(
            query_param("https://h.example/v1?%C3%A9=1", "\u{e9}"),
            Some("1")
        );
        assert_eq!(query_param("https://h.example/v1?%E9=1", "\u{e9}"), None);
    }

    #[test]
    fn absolute_urls_and_hosts() {
        assert!(is_absolute("HTTPS://x"));
        assert!(!is_absolute("ftp://x"));
        assert_eq!(url_host("http://a.example?x"), Some("a.example"));
        assert_eq!(url_host("http://a.example#x"), Some("a.example"));
        assert_eq!(url_host("http://"), Some(""));
    }

    #[test]
    fn origins() {
        let origin = |url: &str| Origin::of(url).map(|origin| origin.to_string());
        for (url, expected) in [
            ("https://u:p@Example.com:443/x", Some("https://example.com")),
            ("HTTP://example.com:80?x", Some("http://example.com")),
            ("http://example.com:/x", Some("http://example.com")),
            ("http://example.com:8080#x", Some("http://example.com:8080")),
            ("https://[::1]:8443/x", Some("https://[::1]:8443")),
            ("https://[::1]/x", Some("https://[::1]")),
            (
                "https://evil.example\\@api.github.com/",
                Some("https://evil.example"),
            ),
            ("https://example.com:99999/x", None),
            ("https://example.com:+80/x", None),
            ("https://a:b:c/x", None),
            ("https://[::1/x", None),
            ("https://:443/x", None),
            ("http://", None),
            ("ftp://example.com", None),
            ("/x", None),
        ] {
            assert_eq!(origin(url).as_deref(), expected, "{url}");
        }
    }

    #[test]
    fn user_information_is_redacted() {
        for (url, expected) in [
            ("http://u:p@h/x@y", "http://<redacted>@h/x@y"),
            ("https://a@b@h?q=@", "https://<redacted>@h?q=@"),
            ("ftp://u@h", "ftp://<redacted>@h"),
            ("t@h", "<redacted>@h"),
            ("https://h/", "https://h/"),
            ("", ""),
        ] {
            assert_eq!(redact_userinfo(url), expected, "{url}");
        }
    }

    #[test]
    fn the_path_is_after_the_authority_and_before_the_query() {
        let url = "https://h.example/a/b?c=/d#e";
        let (a, b) = path_range(url);
        assert_eq!(&url[a..b], "/a/b");
        let url = "https://h.example\\a/b";
        let (a, b) = path_range(url);
        assert_eq!(&url[a..b], "\\a/b");
        let (a, b) = path_range("/x/y#z");
        assert_eq!((a, b), (0, 4));
    }

    #[test]
    fn dot_segments() {
        for segment in [".", "..", "%2E", "%2e", ".%2E", "%2e%2E", "%2E."] {
            assert!(is_dot_segment(segment.as_bytes()), "{segment}");
        }
        for segment in [
            "",
            "...",
            "%2E%2E%2E",
            "%2",
            "%2F",
            ".a",
            "a.",
            "%2E%2",
            "%252E",
        ] {
            assert!(!is_dot_segment(segment.as_bytes()), "{segment}");
        }
    }

    #[test]
    fn only_segments_holding_a_parameter_byte_are_unsafe() {
        let url = "/a/../b/..";
        assert_eq!(unsafe_segment(url, &[]), None);
        assert_eq!(unsafe_segment(url, &[(8, 10)]), Some(("..", "/a/../b/..")));
        assert_eq!(unsafe_segment("/a/..?x=..", &[(7, 9)]), None);
    }

    #[test]
    fn url_host_as_documented() {
        assert_eq!(
            url_host("https://user@Example.com:8443/x"),
            Some("Example.com:8443")
        );
        assert_eq!(
            url_host("https://evil.example\\@api.github.com/"),
            Some("evil.example")
        );
        assert_eq!(url_host("/repos"), None);
    }

    #[test]
    fn origin_as_documented() {
        let api = Origin::of("https://API.github.com/user").unwrap();
        assert_eq!(
            Origin::of("https://api.github.com:443/x"),
            Some(api.clone())
        );
        assert_ne!(Origin::of("http://api.github.com/user"), Some(api.clone()));
        assert_ne!(
            Origin::of("https://api.github.com:8443/user"),
            Some(api.clone())
        );
        assert_eq!(api.to_string(), "https://api.github.com");
        assert_eq!(Origin::of("/repos"), None);
    }

    #[test]
    fn redact_userinfo_as_documented() {
        assert_eq!(
            redact_userinfo("http://user:pw@h.example/v1"),
            "http://<redacted>@h.example/v1"
        );
        assert_eq!(
            redact_userinfo("https://h.example/a@b"),
            "https://h.example/a@b"
        );
        assert_eq!(redact_userinfo("TOKEN@h.example"), "<redacted>@h.example");
    }

    #[test]
    fn query_param_as_documented() {
        assert_eq!(
            query_param("https://h.example/v1?limit=20&offset=40", "offset"),
            Some("40")
        );
        assert_eq!(
            query_param("https://h.example/v1?limit=20#offset=4", "offset"),
            None
        );
        assert_eq!(
            query_param("https://h.example/v1?page%5Bnumber%5D=3", "page[number]"),
            Some("3")
        );
    }

    #[test]
    fn with_query_param_as_documented() {
        assert_eq!(
            with_query_param("https://h.example/v1?cursor=a&limit=2", "cursor", "b c/="),
            "https://h.example/v1?limit=2&cursor=b%20c%2F%3D"
        );
        assert_eq!(
            with_query_param("https://h.example/v1#top", "page", "2"),
            "https://h.example/v1?page=2"
        );
        assert_eq!(
            with_query_param(
                "https://h.example/v1?page[number]=1&page%5bsize%5d=9",
                "page[number]",
                "2"
            ),
            "https://h.example/v1?page%5bsize%5d=9&page%5Bnumber%5D=2"
        );
    }

    #[test]
    fn same_param_name_as_documented() {
        assert!(same_param_name("page%5Bnumber%5D", "page[number]"));
        assert!(same_param_name("page%5bnumber%5d", "page%5Bnumber%5D"));
        assert!(same_param_name("page.number", "page%2Enumber"));
        assert!(!same_param_name("page", "Page"));
        assert!(!same_param_name("page%20", "page+"));
    }

    #[test]
    fn form_encode_as_documented() {
        assert_eq!(form_encode("a b+c&d=é"), "a+b%2Bc%26d%3D%C3%A9");
    }

    #[test]
    fn server_error_as_documented() {
        assert_eq!(server_error("https://uploads.example.com"), None);
        assert_eq!(server_error("/v2"), None);
        assert!(
            server_error("https://user@files.example.com")
                .unwrap()
                .contains("user information")
        );
        assert!(
            server_error("uploads.example.com")
                .unwrap()
                .contains("absolute")
        );
    }

    #[test]
    fn resolve_server_as_documented() {
        assert_eq!(
            resolve_server("https://api.example.com/v1", "/v2"),
            "https://api.example.com/v2"
        );
        assert_eq!(
            resolve_server("https://api.example.com/v1", "https://files.example.com/"),
            "https://files.example.com"
        );
    }
}
