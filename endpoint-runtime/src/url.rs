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
///
/// ```
/// use endpoint::__private::url_host;
///
/// assert_eq!(url_host("https://user@Example.com:8443/x"), Some("Example.com:8443"));
/// assert_eq!(url_host("https://evil.example\\@api.github.com/"), Some("evil.example"));
/// assert_eq!(url_host("/repos"), None);
/// ```
pub fn url_host(url: &str) -> Option<&str> {
    let start = scheme_len(url)?;
    let authority = url.get(start..authority_end(url, start)).unwrap_or("");
    Some(
        authority
            .rsplit_once('@')
            .map_or(authority, |(_, host)| host),
    )
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
    fn absolute_urls_and_hosts() {
        assert!(is_absolute("HTTPS://x"));
        assert!(!is_absolute("ftp://x"));
        assert_eq!(url_host("http://a.example?x"), Some("a.example"));
        assert_eq!(url_host("http://a.example#x"), Some("a.example"));
        assert_eq!(url_host("http://"), Some(""));
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
}
