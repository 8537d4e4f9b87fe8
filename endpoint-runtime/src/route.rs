//! Route strings: `"<METHOD> <url>"`, or just a URL.

use crate::scan;

/// A route string split into its method and URL, as `@octokit/endpoint` splits it.
///
/// The string is split at single spaces. When there is a second piece and it
/// is not empty, the first piece is the method and the second the URL (later
/// pieces are ignored); otherwise the first piece is the URL and the method
/// comes from the defaults.
///
/// ```
/// use endpoint::route::Route;
///
/// assert_eq!(Route::parse("GET /repos/{owner}"), Route { method: Some("GET"), url: "/repos/{owner}" });
/// assert_eq!(Route::parse("/user"), Route { method: None, url: "/user" });
/// assert_eq!(Route::parse("GET  /x"), Route { method: None, url: "GET" });
/// assert_eq!(Route::parse(" /x"), Route { method: Some(""), url: "/x" });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route<'a> {
    /// The method as written, if the route has one.
    pub method: Option<&'a str>,
    /// The URL or URL template.
    pub url: &'a str,
}

impl<'a> Route<'a> {
    /// Splits a route string. Any string is accepted; the method is checked
    /// only when a request is built.
    pub fn parse(route: &'a str) -> Self {
        // A scan a word at a time: cheaper than `split(' ')` on route-sized text.
        let piece = |text: &'a str| match scan::position(text.as_bytes(), b' ') {
            Some(end) => (text.get(..end).unwrap_or(text), text.get(end + 1..)),
            None => (text, None),
        };
        let (first, rest) = piece(route);
        match rest.map(piece) {
            Some((url, _)) if !url.is_empty() => Route {
                method: Some(first),
                url,
            },
            _ => Route {
                method: None,
                url: first,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_the_reference() {
        assert_eq!(
            Route::parse("GET /x y z"),
            Route {
                method: Some("GET"),
                url: "/x"
            }
        );
        assert_eq!(
            Route::parse("GET"),
            Route {
                method: None,
                url: "GET"
            }
        );
        assert_eq!(
            Route::parse("GET\t/x"),
            Route {
                method: None,
                url: "GET\t/x"
            }
        );
        assert_eq!(
            Route::parse(""),
            Route {
                method: None,
                url: ""
            }
        );
        assert_eq!(
            Route::parse("delete /x"),
            Route {
                method: Some("delete"),
                url: "/x"
            }
        );
    }
}
