//! The `Link` header (RFC 8288), which GitHub uses to point at the next page.

use http::HeaderMap;

/// One link of a `Link` header: its target and its parameters.
///
/// ```
/// use endpoint::client::Link;
///
/// let links = Link::parse(
///     r#"<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel=last"#,
/// );
/// assert_eq!(links.len(), 2);
/// assert_eq!(links[0].target, "https://api.github.com/repositories/1/issues?page=2");
/// assert!(links[0].has_rel("next"));
/// assert_eq!(links[1].param("rel"), Some("last"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The URI between `<` and `>`, as written.
    pub target: String,
    /// The parameters in order: names lowercased, values unquoted (a
    /// parameter without a value has an empty one).
    pub params: Vec<(String, String)>,
}

impl Link {
    /// Every link of one `Link` header value, in order.
    ///
    /// The grammar is RFC 8288's: a comma-separated list of
    /// `<URI> *( ";" name [ "=" ( token / quoted-string ) ] )`, with optional
    /// whitespace around the separators, empty list elements, and commas or
    /// semicolons inside quoted values or inside the URI. A malformed element
    /// is skipped up to the next comma outside quotes; the others are kept.
    pub fn parse(value: &str) -> Vec<Link> {
        let mut links = Vec::new();
        let mut scanner = Scanner {
            bytes: value.as_bytes(),
            text: value,
            at: 0,
        };
        loop {
            scanner.skip_while(|b| b == b',' || is_whitespace(b));
            if scanner.at_end() {
                return links;
            }
            match scanner.link() {
                Some(link) => links.push(link),
                None => scanner.skip_element(),
            }
        }
    }

    /// Every link of every `Link` header in `headers`, in order.
    pub fn from_headers(headers: &HeaderMap) -> Vec<Link> {
        headers
            .get_all(http::header::LINK)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(Link::parse)
            .collect()
    }

    /// The value of the first parameter called `name` (case-insensitive),
    /// as RFC 8288 says to read a parameter given twice.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(param, _)| param.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// Whether the `rel` parameter holds the relation type `rel`
    /// (case-insensitive; `rel` may hold several, separated by spaces).
    pub fn has_rel(&self, rel: &str) -> bool {
        self.param("rel").is_some_and(|rels| {
            rels.split(|c: char| c.is_ascii_whitespace())
                .any(|one| one.eq_ignore_ascii_case(rel))
        })
    }
}

/// The target of the first link with relation `next` in `headers`.
pub(crate) fn next_page(headers: &HeaderMap) -> Option<String> {
    Link::from_headers(headers)
        .into_iter()
        .find(|link| link.has_rel("next"))
        .map(|link| link.target)
}

fn is_whitespace(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// RFC 9110 `tchar`.
fn is_tchar(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&byte)
}

struct Scanner<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl Scanner<'_> {
    fn at_end(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_while(&mut self, keep: impl Fn(u8) -> bool) {
        while self.peek().is_some_and(&keep) {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// `<URI> *( OWS ";" OWS link-param )`, ending before a `,` or the end.
    fn link(&mut self) -> Option<Link> {
        if !self.eat(b'<') {
            return None;
        }
        let start = self.at;
        let length = self.bytes[start..].iter().position(|&b| b == b'>')?;
        let target = self.text.get(start..start + length)?.trim().to_owned();
        self.at = start + length + 1;
        let mut params = Vec::new();
        loop {
            self.skip_while(is_whitespace);
            match self.peek() {
                None | Some(b',') => return Some(Link { target, params }),
                Some(b';') => {
                    self.at += 1;
                    self.skip_while(is_whitespace);
                    // `<x>;` and `<x>; ;` carry empty parameters: skip them.
                    if matches!(self.peek(), None | Some(b',' | b';')) {
                        continue;
                    }
                    params.push(self.param()?);
                }
                Some(_) => return None,
            }
        }
    }

    /// `token BWS [ "=" BWS ( token / quoted-string ) ]`.
    fn param(&mut self) -> Option<(String, String)> {
        let name = self.token()?.to_ascii_lowercase();
        self.skip_while(is_whitespace);
        if !self.eat(b'=') {
            return Some((name, String::new()));
        }
        self.skip_while(is_whitespace);
        let value = if self.peek() == Some(b'"') {
            self.quoted()?
        } else {
            self.token()?.to_owned()
        };
        Some((name, value))
    }

    fn token(&mut self) -> Option<&str> {
        let start = self.at;
        self.skip_while(is_tchar);
        (self.at > start).then(|| &self.text[start..self.at])
    }

    /// A quoted-string, its `\` escapes undone.
    fn quoted(&mut self) -> Option<String> {
        self.at += 1;
        let mut value = Vec::new();
        loop {
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return String::from_utf8(value).ok();
                }
                b'\\' => {
                    self.at += 1;
                    value.push(self.peek()?);
                    self.at += 1;
                }
                byte => {
                    value.push(byte);
                    self.at += 1;
                }
            }
        }
    }

    /// Skips to the next `,` that is outside a quoted string and outside
    /// `<…>`, or to the end.
    fn skip_element(&mut self) {
        let (mut quoted, mut bracketed) = (false, false);
        while let Some(byte) = self.peek() {
            match byte {
                b'\\' if quoted => self.at += 1,
                b'"' if !bracketed => quoted = !quoted,
                b'<' if !quoted => bracketed = true,
                b'>' if !quoted => bracketed = false,
                b',' if !quoted && !bracketed => return,
                _ => {}
            }
            self.at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(value: &str, rel: &str) -> Vec<String> {
        Link::parse(value)
            .into_iter()
            .filter(|link| link.has_rel(rel))
            .map(|link| link.target)
            .collect()
    }

    #[test]
    fn github_pages() {
        let value = r#"<https://api.github.com/repositories/1000/issues?per_page=3&page=1>; rel="prev", <https://api.github.com/repositories/1000/issues?per_page=3&page=3>; rel="next", <https://api.github.com/repositories/1000/issues?per_page=3&page=5>; rel="last", <https://api.github.com/repositories/1000/issues?per_page=3&page=1>; rel="first""#;
        let links = Link::parse(value);
        assert_eq!(links.len(), 4);
        assert_eq!(
            targets(value, "next"),
            ["https://api.github.com/repositories/1000/issues?per_page=3&page=3"]
        );
        assert_eq!(links[3].param("rel"), Some("first"));
    }

    #[test]
    fn whitespace_quotes_and_several_relations() {
        let value = "  <https://x.example/a,b;c>  ;  rel = \"next  last\" ;title=\"a, \\\"b\\\"; c\",\t<https://x.example/2>;REL=Next";
        let links = Link::parse(value);
        assert_eq!(links.len(), 2, "{links:?}");
        assert_eq!(links[0].target, "https://x.example/a,b;c");
        assert!(links[0].has_rel("next") && links[0].has_rel("LAST"));
        assert_eq!(links[0].param("title"), Some("a, \"b\"; c"));
        assert_eq!(links[1].params, [("rel".to_owned(), "Next".to_owned())]);
        assert!(links[1].has_rel("next"));
    }

    #[test]
    fn the_first_rel_counts_and_flags_have_no_value() {
        let links = Link::parse("<a>; rel=prev; rel=next; crossorigin");
        assert!(links[0].has_rel("prev"));
        assert!(!links[0].has_rel("next"));
        assert_eq!(links[0].param("crossorigin"), Some(""));
    }

    #[test]
    fn malformed_elements_are_skipped() {
        let value =
            r#"garbage; rel="next", <https://ok.example/>; rel="next", <unterminated; rel=next"#;
        assert_eq!(targets(value, "next"), ["https://ok.example/"]);
        let value = r#"<https://a.example/>; rel="next, <https://b.example/>; rel=next"#;
        assert!(targets(value, "next").is_empty());
        let value = r#"<https://a.example/>; =x, <https://b.example/>; rel=next, , ,"#;
        assert_eq!(targets(value, "next"), ["https://b.example/"]);
        assert!(Link::parse("").is_empty());
        assert!(Link::parse(" , ,").is_empty());
        let value = "<https://a.example/> junk, <https://b.example/>;;rel=next;";
        assert_eq!(targets(value, "next"), ["https://b.example/"]);
    }

    #[test]
    fn several_header_fields() {
        let mut headers = HeaderMap::new();
        headers.append(
            "link",
            r#"<https://a.example/1>; rel="prev""#.parse().unwrap(),
        );
        headers.append(
            "link",
            r#"<https://a.example/3>; rel="next""#.parse().unwrap(),
        );
        assert_eq!(next_page(&headers).as_deref(), Some("https://a.example/3"));
        assert_eq!(next_page(&HeaderMap::new()), None);
    }
}
