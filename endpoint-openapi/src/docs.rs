//! A description's Markdown as rustdoc: the same text, with what rustdoc
//! would misread or warn about rewritten.
//!
//! - links relative to the site of the documentation (`(/rest/…)`, when the
//!   caller names its base), to the operation's page (`(#anchor)`) and to
//!   its directory (`(authentication)`) become absolute, and are their
//!   label alone when nothing they are relative to is named (rustdoc
//!   would read them as its own pages or as paths of Rust);
//! - bare URLs become autolinks (`<https://…>`), in parentheses too;
//! - tabs are spaces, and a list item's paragraph continued with more
//!   indentation than its text is indented as its text;
//! - brackets that are not links are escaped (`\[]`), and the alert
//!   markers of GitHub's Markdown (`> [!NOTE]`) become bold labels;
//! - the simplest HTML (`<p>`, `<code>`, `<strong>`, `<em>`, `<br>`,
//!   `<a href>`, lists, headings) is Markdown, the tags of other HTML
//!   elements are dropped (their text stays), the indentation of text
//!   written in HTML blocks is no code block, and any other `<` outside
//!   code is `&lt;` (`<branch>` is a placeholder, not a tag);
//! - a fenced code block without a language, or whose info string rustdoc
//!   would read as Rust (`rust`, `ignore`, `no_run`, …), is `text`, and so
//!   is an indented code block, so that rustdoc does not compile it as Rust;
//! - a line that continues a list item lazily is indented under it.

use std::borrow::Cow;

use html::{has_html_blocks, html_attribute, html_dedented, html_link, html_markdown, html_tag};

mod html;

/// The alert markers of GitHub's Markdown and their labels.
const ALERTS: [(&str, &str); 5] = [
    ("[!NOTE]", "**Note:**"),
    ("[!TIP]", "**Tip:**"),
    ("[!IMPORTANT]", "**Important:**"),
    ("[!WARNING]", "**Warning:**"),
    ("[!CAUTION]", "**Caution:**"),
];

/// Where a description's relative links point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Links<'a> {
    /// The site that links starting with `/` are relative to
    /// (`https://docs.github.com`); such links stay as written without one.
    pub base: Option<&'a str>,
    /// The page of the text, for links to its anchors (`#anchor`).
    pub page: Option<&'a str>,
}

/// `text` as rustdoc Markdown, its relative links resolved by `links`:
/// `Use [1, 2] or <id>, see https://example.com.` is
/// `Use \\[1, 2\\] or &lt;id>, see <https://example.com>.`.
pub fn rustdoc(text: &str, links: Links<'_>) -> String {
    // A tab is four spaces: clippy refuses tabs in documentation.
    let text = plain_lines(text).replace('\t', "    ");
    let text = if has_html_blocks(&text) {
        html_dedented(&text)
    } else {
        text
    };
    let text = indented_code(&text);
    let mut out = String::new();
    let mut prose = String::new();
    let mut fence: Option<String> = None;
    for line in text.split('\n') {
        let line = line.trim_end();
        let trimmed = line.trim_start();
        match &fence {
            Some(marker) => {
                out.push_str(line);
                out.push('\n');
                if trimmed.starts_with(marker.as_str()) && trimmed.trim_matches('`').is_empty() {
                    fence = None;
                }
            }
            None if trimmed.starts_with("```") => {
                out.push_str(&inline(&lists(&prose), links));
                prose.clear();
                let marker: String = trimmed.chars().take_while(|c| *c == '`').collect();
                let info = trimmed[marker.len()..].trim();
                let indent = &line[..line.len() - trimmed.len()];
                if !names_a_language(info) {
                    out.push_str(&format!("{indent}{marker}text\n"));
                } else {
                    out.push_str(line);
                    out.push('\n');
                }
                fence = Some(marker);
            }
            None => {
                prose.push_str(line);
                prose.push('\n');
            }
        }
    }
    out.push_str(&inline(&lists(&prose), links));
    if fence.is_some() {
        out.push_str("```\n");
    }
    single_blank_lines(&out).trim().to_owned()
}

/// `text` with lines of white space empty and no two empty lines in a row
/// outside fenced code (HTML's blocks leave runs of them).
fn single_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fence = false;
    let mut blank = false;
    for line in text.split('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            fence = !fence;
        }
        if !fence && trimmed.is_empty() {
            if !blank {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        blank = false;
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `text` with `\n` as its only line ending (a `\r\n` or a bare `\r` is
/// one: rustc refuses a bare carriage return in a doc comment), and
/// without the characters that change the direction of the text around
/// them (U+202A to U+202E, U+2066 to U+2069), which rustc refuses in
/// comments and literals.
pub(crate) fn plain_lines(text: &str) -> Cow<'_, str> {
    // Most texts hold none of these: borrowed as they are.
    let plain = |c: char| !matches!(c, '\r' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if text.chars().all(plain) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push('\n');
            }
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {}
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The lines of documentation `text` as they are written in doc comments:
/// split at `\n`, `\r\n` and a bare `\r` alike, and without the
/// characters [`rustdoc`] leaves out, so that any text (a key quoted in a
/// sentence too) makes valid doc comments.
pub fn lines(text: &str) -> Vec<String> {
    plain_lines(text).lines().map(str::to_owned).collect()
}

/// The words of a fence's info string that rustdoc reads as a Rust block
/// (and its attributes): a block whose info has only these is compiled.
const RUST_WORDS: [&str; 9] = [
    "rust",
    "ignore",
    "no_run",
    "should_panic",
    "compile_fail",
    "test_harness",
    "standalone_crate",
    "allow_fail",
    "custom",
];

/// Whether a fence's info string names a language other than Rust (`json`,
/// `yaml`), which rustdoc leaves uncompiled and unchecked.
fn names_a_language(info: &str) -> bool {
    let mut words = info.split([',', ' ', '\t']).filter(|word| !word.is_empty());
    words.next().is_some_and(|first| {
        first
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+'))
            && !RUST_WORDS.contains(&first)
            && !first.starts_with("edition")
    }) && words.next().is_none()
}

/// Indented code blocks (four spaces after a blank line, outside a list and
/// a fence) as fenced `text` blocks: rustdoc would compile them as Rust.
fn indented_code(text: &str) -> String {
    let indented = |line: &str| line.starts_with("    ") || line.starts_with('\t');
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut fence = false;
    let mut in_list = false;
    let mut previous_blank = true;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if !fence && previous_blank && indented(line) && !in_list && !trimmed.is_empty() {
            let mut block = Vec::new();
            while i < lines.len() && (lines[i].trim().is_empty() || indented(lines[i])) {
                let line = lines[i];
                block.push(
                    line.strip_prefix("    ")
                        .or_else(|| line.strip_prefix('\t'))
                        .unwrap_or(line.trim_start()),
                );
                i += 1;
            }
            while block.last().is_some_and(|line| line.trim().is_empty()) {
                block.pop();
            }
            // A fence longer than any run of backticks inside.
            let longest = block
                .iter()
                .flat_map(|line| line.split(|c| c != '`'))
                .map(str::len)
                .max()
                .unwrap_or(0);
            let marker = "`".repeat(longest.max(2) + 1);
            out.push(format!("{marker}text"));
            out.extend(block.into_iter().map(str::to_owned));
            out.push(marker);
            out.push(String::new());
            continue;
        }
        if trimmed.starts_with("```") {
            fence = !fence;
        }
        if !fence && !trimmed.is_empty() {
            if list_marker(line).is_some() {
                in_list = true;
            } else if !indented(line) && !line.starts_with(' ') && previous_blank {
                in_list = false;
            }
        }
        previous_blank = trimmed.is_empty();
        out.push(line.to_owned());
        i += 1;
    }
    out.join("\n")
}

/// The first sentence of the first paragraph of `text`, as rustdoc Markdown.
pub fn first_sentence(text: &str, links: Links<'_>) -> String {
    let text = plain_lines(text);
    let text = text.trim();
    let paragraph = text.split("\n\n").next().unwrap_or_default();
    let bytes = paragraph.as_bytes();
    let mut depth = 0i32;
    let mut code = false;
    let mut end = paragraph.len();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'`' => code = !code,
            b'[' | b'(' if !code => depth += 1,
            b']' | b')' if !code => depth -= 1,
            b'.' if !code && depth <= 0 => {
                let next = bytes.get(i + 1).copied();
                let after = bytes.get(i + 2).copied();
                let boundary = match next {
                    None => true,
                    Some(b' ' | b'\n') => !after.is_some_and(|c| c.is_ascii_lowercase()),
                    _ => false,
                };
                if boundary && !abbreviation(&paragraph[..i]) {
                    end = i + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    let sentence = paragraph[..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    rustdoc(&sentence, links)
}

/// Whether the text before a `.` ends with an abbreviation.
fn abbreviation(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or_default();
    matches!(
        word.to_ascii_lowercase().as_str(),
        "e.g" | "i.e" | "etc" | "vs" | "cf" | "approx" | "no"
    )
}

/// Indents lines that continue a list item lazily, under the item's text.
fn lists(prose: &str) -> String {
    let mut out = String::new();
    let mut indent: Option<usize> = None;
    for line in prose.lines() {
        if line.trim().is_empty() {
            indent = None;
            out.push('\n');
            continue;
        }
        if let Some(width) = list_marker(line) {
            indent = Some(width);
            out.push_str(line);
        } else {
            let leading = line.len() - line.trim_start().len();
            match indent {
                // The item's paragraph continued, lazily or indented more
                // than its text (a paragraph's line never starts a code
                // block): under the item's text.
                Some(width) if leading != width && !starts_block(line.trim_start()) => {
                    out.push_str(&" ".repeat(width));
                    out.push_str(line.trim_start());
                }
                _ => {
                    if leading == 0 {
                        indent = None;
                    }
                    out.push_str(line);
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The column where a list item's text starts (`  - a` → 4, `*   a` → 4),
/// if the line starts a list item.
fn list_marker(line: &str) -> Option<usize> {
    let leading = line.len() - line.trim_start().len();
    let rest = &line[leading..];
    let marker = if rest.starts_with(['-', '*', '+']) {
        1
    } else {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[digits..].starts_with(['.', ')']) {
            digits + 1
        } else {
            return None;
        }
    };
    let after = &rest[marker..];
    let spaces = after.len() - after.trim_start_matches(' ').len();
    if spaces == 0 || spaces == after.len() {
        return None;
    }
    // More than four spaces start indented code inside the item: the text
    // then starts one space after the marker.
    let width = leading + marker + if spaces > 4 { 1 } else { spaces };
    // Each line that continues the item is indented by the width: a line
    // indented further than any list nests is not an item.
    (width <= MAX_LIST_WIDTH).then_some(width)
}

/// The widest indentation of a list item's text (eight levels of nesting
/// and more).
const MAX_LIST_WIDTH: usize = 48;

/// Whether a line starts a block of its own (not a lazy continuation).
fn starts_block(line: &str) -> bool {
    line.starts_with('#') || line.starts_with('>') || line.starts_with('|')
}

/// Rewrites the inline markup of prose (no fenced code inside).
fn inline(text: &str, links: Links<'_>) -> String {
    inline_nested(text, links, 0)
}

/// How deep the labels of links are read for links of their own (an image
/// in a link's label); deeper, brackets are text.
const LINK_NESTING: usize = 2;

/// [`inline`] of a text that is the label of `nesting` links. Each scan
/// that could run to the end of the text is done once for the whole text
/// ([`Marks`]) or remembered ([`NextStop`]), so that the time is linear in
/// the text's length.
fn inline_nested(text: &str, links: Links<'_>, nesting: usize) -> String {
    let marks = Marks::new(text);
    let mut target_end = NextStop::default();
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let at = text.len() - rest.len();
        if c == '`' {
            let run = rest.len() - rest.trim_start_matches('`').len();
            match marks.code_end(at) {
                Some(end) => {
                    out.push_str(&text[at..end]);
                    rest = &text[end..];
                }
                None => {
                    out.push_str(&rest[..run]);
                    rest = &rest[run..];
                }
            }
            continue;
        }
        if c == '[' {
            if let Some((marker, label)) =
                ALERTS.iter().find(|(marker, _)| rest.starts_with(marker))
            {
                out.push_str(label);
                rest = &rest[marker.len()..];
                continue;
            }
            let found = marks
                .closes
                .get(&at)
                .filter(|_| nesting < LINK_NESTING)
                .and_then(|&close| link(text, at, close, &mut target_end));
            if let Some((label, url, len)) = found {
                push_link(
                    &mut out,
                    &inline_nested(label, links, nesting + 1),
                    url,
                    links,
                );
                rest = &rest[len..];
                continue;
            }
            out.push_str("\\[");
            rest = &rest[1..];
            continue;
        }
        if c == ']' {
            out.push_str("\\]");
            rest = &rest[1..];
            continue;
        }
        if c == '<' {
            if let Some(end) = autolink(rest) {
                out.push_str(&rest[..end]);
                rest = &rest[end..];
            } else if let Some((label, url, len)) = html_link(rest) {
                push_link(
                    &mut out,
                    &inline_nested(label, links, nesting + 1),
                    url,
                    links,
                );
                rest = &rest[len..];
            } else if let Some((name, closing, _, len)) =
                html_tag(rest).filter(|(name, closing, attrs, _)| {
                    // `<a>` alone is text (the element named in prose); an
                    // anchor of a name is dropped.
                    name != "a"
                        || *closing
                        || ["href", "name", "id"]
                            .iter()
                            .any(|attr| html_attribute(attrs, attr).is_some())
                })
            {
                out.push_str(html_markdown(&name, closing).unwrap_or(""));
                rest = &rest[len..];
            } else {
                out.push_str("&lt;");
                rest = &rest[1..];
            }
            continue;
        }
        if (rest.starts_with("https://") || rest.starts_with("http://"))
            && !out.ends_with("](")
            && !out.ends_with(['<', '"', '\''])
        {
            let end = rest
                .find(|c: char| c.is_whitespace() || matches!(c, ')' | '"' | '\'' | '<' | '>'))
                .unwrap_or(rest.len());
            let url = rest[..end].trim_end_matches(['.', ',', ';', ':']);
            out.push('<');
            out.push_str(url);
            out.push('>');
            rest = &rest[url.len()..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Where the code spans and the bracket pairs of a text are, found in one
/// pass each.
struct Marks {
    /// Each run of backticks: its offset, and where the code span it opens
    /// ends (after the next run of the same length), if one does.
    runs: Vec<(usize, Option<usize>)>,
    /// The `]` that closes each `[` (by their offsets) within a paragraph.
    closes: std::collections::HashMap<usize, usize>,
}

impl Marks {
    fn new(text: &str) -> Marks {
        let bytes = text.as_bytes();
        let mut starts: Vec<(usize, usize)> = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'`' {
                let len = bytes[i..].iter().take_while(|&&b| b == b'`').count();
                starts.push((i, len));
                i += len;
            } else {
                i += 1;
            }
        }
        // From the last run back: the next run of each length.
        let mut next_of_length = std::collections::HashMap::new();
        let mut runs = vec![(0, None); starts.len()];
        for (k, &(start, len)) in starts.iter().enumerate().rev() {
            runs[k] = (start, next_of_length.get(&len).copied());
            next_of_length.insert(len, start + len);
        }
        let mut closes = std::collections::HashMap::new();
        let mut open = Vec::new();
        let mut after_newline = false;
        for (i, c) in text.char_indices() {
            match c {
                '[' => open.push(i),
                ']' => {
                    if let Some(start) = open.pop() {
                        closes.insert(start, i);
                    }
                }
                // A blank line ends the paragraph, and its open brackets.
                '\n' if after_newline => open.clear(),
                _ => {}
            }
            after_newline = c == '\n';
        }
        Marks { runs, closes }
    }

    /// The end of the code span that the run of backticks at `at` opens.
    fn code_end(&self, at: usize) -> Option<usize> {
        let k = self.runs.binary_search_by_key(&at, |run| run.0).ok()?;
        self.runs[k].1
    }
}

/// The first character at or after an offset that ends a link's target
/// (`)` or white space), remembered: the offsets asked for grow, and each
/// answer holds for every offset up to it.
#[derive(Default)]
struct NextStop {
    asked: Option<(usize, Option<usize>)>,
}

impl NextStop {
    fn find(&mut self, text: &str, from: usize) -> Option<usize> {
        if let Some((asked, found)) = self.asked
            && asked <= from
            && found.is_none_or(|found| from <= found)
        {
            return found;
        }
        let found = text[from..]
            .find(|c: char| c == ')' || c.is_whitespace())
            .map(|i| from + i);
        self.asked = Some((from, found));
        found
    }
}

/// The link `[label](url)` whose `[` is at `at` in `text` and its `]` at
/// `close`: its label, URL and length.
fn link<'t>(
    text: &'t str,
    at: usize,
    close: usize,
    target_end: &mut NextStop,
) -> Option<(&'t str, &'t str, usize)> {
    let target = close + 2;
    if !text[close + 1..].starts_with('(') {
        return None;
    }
    // A target with white space is no link, but for a title after it
    // (`(url "title")`, GitHub's emoji images), which is left out.
    let end = target_end.find(text, target)?;
    if text[end..].starts_with(')') {
        return Some((&text[at + 1..close], &text[target..end], end + 1 - at));
    }
    let title = text[end..].strip_prefix(" \"")?;
    let title_end = title.find("\")")?;
    if title[..title_end].contains(['\n', '"']) || end == target {
        return None;
    }
    let len = end + 2 + title_end + 2 - at;
    Some((&text[at + 1..close], &text[target..end], len))
}

/// A link of `label` (rustdoc already) to `url`, made absolute by
/// `links`; only the label when it cannot be (a path of a site or an
/// anchor of a page that no one named), which rustdoc would otherwise
/// resolve against the crate's own pages, or take for a path of Rust.
fn push_link(out: &mut String, label: &str, url: &str, links: Links<'_>) {
    match absolute(url, links) {
        Some(url) if !label.trim().is_empty() => {
            out.push('[');
            out.push_str(label);
            out.push_str("](");
            out.push_str(&url);
            out.push(')');
        }
        Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
            out.push('<');
            out.push_str(&url);
            out.push('>');
        }
        _ => out.push_str(label),
    }
}

/// The length of an autolink `<scheme://…>` at the start of `text`.
fn autolink(text: &str) -> Option<usize> {
    let inner = text.strip_prefix('<')?;
    if !(inner.starts_with("https://") || inner.starts_with("http://")) {
        return None;
    }
    let end = inner.find(|c: char| c == '>' || c.is_whitespace() || c == '<')?;
    inner[end..].starts_with('>').then_some(end + 2)
}

/// A link target made absolute: a URL with a scheme as it is, a path of
/// the base site (`/rest/…`) on it, a page's anchor (`#…`) on the page,
/// any other relative path (`authentication`, `../x.html`) on
/// the page's directory (or the site); `None` when nothing it is relative
/// to was named.
fn absolute(url: &str, links: Links<'_>) -> Option<String> {
    let scheme = url.split_once(':').is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    if scheme {
        return Some(url.to_owned());
    }
    if let Some(rest) = url.strip_prefix("//") {
        return Some(format!("https://{rest}"));
    }
    let base = links.base.map(|base| base.trim_end_matches('/'));
    if url.starts_with('/') {
        return base.map(|base| format!("{base}{url}"));
    }
    if url.starts_with('#') {
        let page = links.page?;
        let page = page.split('#').next().unwrap_or(page);
        return Some(format!("{page}{url}"));
    }
    match links.page {
        Some(page) => {
            let page = page.split(['#', '?']).next().unwrap_or(page);
            let dir = page.rfind('/').map_or(page, |end| &page[..=end]);
            Some(format!("{dir}{url}"))
        }
        None => base.map(|base| format!("{base}/{url}")),
    }
}

/// The origin (`https://docs.example.com`) of an absolute `http(s)` URL,
/// the base a description's links to its site's paths are relative to.
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("https") && !scheme.eq_ignore_ascii_case("http") {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    (!host.is_empty() && !host.contains(['{', '}', ' ', '@']))
        .then(|| format!("{}://{host}", scheme.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn rustdoc_escapes_what_rustdoc_would_read_otherwise() {
        assert_eq!(
            rustdoc(
                "Use [1, 2] or <id>, see https://example.com.",
                Links::default()
            ),
            "Use \\[1, 2\\] or &lt;id>, see <https://example.com>."
        );
    }

    #[test]
    fn lines_split_at_every_line_ending() {
        assert_eq!(lines("a\r\nb\rc\n\nd"), ["a", "b", "c", "", "d"]);
    }

    #[test]
    fn origin_is_the_scheme_and_host_of_an_absolute_url() {
        assert_eq!(
            origin("https://docs.example.com/api/v1#x").as_deref(),
            Some("https://docs.example.com")
        );
        assert_eq!(origin("/v1"), None);
    }

    const GITHUB: Links<'static> = Links {
        base: Some("https://docs.github.com"),
        page: None,
    };

    #[test]
    fn a_link_s_title_is_left_out() {
        assert_eq!(
            rustdoc(
                "the emoji ![:strawberry:](https://e.test/1f353.png \":strawberry:\"). Next",
                Links::default()
            ),
            "the emoji ![:strawberry:](https://e.test/1f353.png). Next"
        );
        // Not a title: escaped as before.
        assert_eq!(rustdoc("[a](b c)", Links::default()), "\\[a\\](b c)");
    }

    #[test]
    fn links_and_brackets() {
        assert_eq!(
            rustdoc(
                "See [the docs](/rest/x) and [y](#z).",
                Links {
                    base: Some("https://docs.github.com"),
                    page: Some("https://d/p#a")
                }
            ),
            "See [the docs](https://docs.github.com/rest/x) and [y](https://d/p#z)."
        );
        assert_eq!(
            rustdoc("Use [] or [1, 2].", Links::default()),
            "Use \\[\\] or \\[1, 2\\]."
        );
        assert_eq!(
            rustdoc("`[x]` and `<b>`", Links::default()),
            "`[x]` and `<b>`"
        );
        assert_eq!(
            rustdoc("refs/heads/<branch>", Links::default()),
            "refs/heads/&lt;branch>"
        );
        assert_eq!(
            rustdoc("> [!NOTE]\n> Text.", Links::default()),
            "> **Note:**\n> Text."
        );
        assert_eq!(
            rustdoc(
                "Go to https://github.com/x. Or <https://a.b>.",
                Links::default()
            ),
            "Go to <https://github.com/x>. Or <https://a.b>."
        );
    }

    #[test]
    fn fences_and_lists() {
        assert_eq!(
            rustdoc("a\n```\n[x] <y>\n```\nb", Links::default()),
            "a\n```text\n[x] <y>\n```\nb"
        );
        assert_eq!(
            rustdoc("```json\n{}\n```", Links::default()),
            "```json\n{}\n```"
        );
        assert_eq!(
            rustdoc("- one\ntwo\n\nthree", Links::default()),
            "- one\n  two\n\nthree"
        );
    }

    #[test]
    fn sentences() {
        assert_eq!(
            first_sentence("The owner. More text.", Links::default()),
            "The owner."
        );
        assert_eq!(
            first_sentence("Names, e.g. `a.b`, of [x. y](/z). Next", GITHUB),
            "Names, e.g. `a.b`, of [x. y](https://docs.github.com/z)."
        );
        assert_eq!(
            first_sentence("No period\n\nSecond", Links::default()),
            "No period"
        );
        assert_eq!(
            first_sentence("Version 1.2 is fine. Next", Links::default()),
            "Version 1.2 is fine."
        );
    }

    #[test]
    fn what_rustdoc_would_compile_is_text() {
        assert_eq!(
            rustdoc(
                "```ignore\nx\n```\n```rust,no_run\ny\n```",
                Links::default()
            ),
            "```text\nx\n```\n```text\ny\n```"
        );
        assert_eq!(
            rustdoc(
                "An example:\n\n    kubectl get [pods]\n    <none>\n\nAfter.",
                Links::default()
            ),
            "An example:\n\n```text\nkubectl get [pods]\n<none>\n```\n\nAfter."
        );
        // Inside a list, indentation continues the item.
        assert_eq!(
            rustdoc("- one\n\n    more of one", Links::default()),
            "- one\n\n    more of one"
        );
        // Tabs, over-indented items, URLs in parentheses.
        assert_eq!(
            rustdoc(
                "1) `atomic`:\n     whole.\n\ta (https://a.b/c).\n              b",
                Links::default()
            ),
            "1) `atomic`:\n   whole.\n   a (<https://a.b/c>).\n   b"
        );
        // HTML as Markdown.
        assert_eq!(
            rustdoc(
                "<p>Creates a <code>customer</code>.</p><p>Then <strong>x</strong> <a>.</p>",
                Links::default()
            ),
            "Creates a `customer`.\n\nThen **x** &lt;a>."
        );
        assert_eq!(
            rustdoc(
                "Use the <a href=\"https://d.s.com/a\">Dashboard</a>.",
                Links::default()
            ),
            "Use the [Dashboard](https://d.s.com/a)."
        );
        // Anchors and root-relative links without a base are their labels.
        assert_eq!(rustdoc("[a](#b) [c](/d)", Links::default()), "a c");
    }

    #[test]
    fn a_cut_inside_a_character_is_text() {
        // Each HTML tag's length falls inside the `é`, `漢` or emoji.
        assert_eq!(rustdoc("<a hré", Links::default()), "&lt;a hré");
        assert_eq!(rustdoc("<a href=\"漢", Links::default()), "&lt;a href=\"漢");
        assert_eq!(rustdoc("<pé>", Links::default()), "&lt;pé>");
        assert_eq!(rustdoc("<br /🦀", Links::default()), "&lt;br /🦀");
        assert_eq!(rustdoc("<strong漢", Links::default()), "&lt;strong漢");
        assert_eq!(rustdoc("é<", Links::default()), "é&lt;");
        assert_eq!(
            rustdoc("<a href=\"https://é.x\">漢</a>", Links::default()),
            "[漢](https://é.x)"
        );
        assert_eq!(
            first_sentence("Émile’s <é. Then", Links::default()),
            "Émile’s &lt;é."
        );
    }

    #[test]
    fn carriage_returns_are_line_ends() {
        assert_eq!(rustdoc("a\rb\r\nc\n\rd", Links::default()), "a\nb\nc\n\nd");
        assert_eq!(
            rustdoc("```\rx\r```\r\rafter", Links::default()),
            "```text\nx\n```\n\nafter"
        );
        assert_eq!(first_sentence("One\r\rTwo", Links::default()), "One");
        assert_eq!(first_sentence("One.\rTwo.", Links::default()), "One.");
        // Characters that turn the text around are left out.
        assert_eq!(rustdoc("a\u{202e}b\u{2066}c", Links::default()), "abc");
        assert_eq!(lines("a\r\nb\rc\n\nd"), ["a", "b", "c", "", "d"]);
    }

    #[test]
    fn html_of_every_element_is_markdown_or_dropped() {
        assert_eq!(
            rustdoc(
                "<h2 id=\"x\">Intro</h2>\n<div class=\"a\">\n    <p>One<br/>two</p>\n    <ul>\n      <li>A <span>b</span></li>\n      <li><a href='https://x.test/a' target=\"_blank\">c</a></li>\n    </ul>\n</div>\n<img src=\"/i.png\"> <branch> <a>",
                Links::default()
            ),
            "**Intro**\n\nOne\n\ntwo\n\n- A b\n\n- [c](https://x.test/a)\n\n &lt;branch> &lt;a>"
        );
        // Indented HTML is no code block; indented Markdown still is.
        assert_eq!(
            rustdoc("Text\n\n    let x = 1;", Links::default()),
            "Text\n\n```text\nlet x = 1;\n```"
        );
    }

    #[test]
    fn relative_links_are_absolute_or_their_label() {
        let page = Links {
            base: Some("https://docs.example.com"),
            page: Some("https://docs.example.com/api/intro#top"),
        };
        let text = "[a](/x) [b](#y) [c](z.html) [d](https://e.test/) [e](//f.test/g)";
        assert_eq!(
            rustdoc(text, page),
            "[a](https://docs.example.com/x) [b](https://docs.example.com/api/intro#y) \
             [c](https://docs.example.com/api/z.html) [d](https://e.test/) [e](https://f.test/g)"
        );
        // Relative to nothing named: rustdoc would take `z` for a path of
        // Rust, `/x` for a page of its own.
        assert_eq!(
            rustdoc(text, Links::default()),
            "a b c [d](https://e.test/) [e](https://f.test/g)"
        );
        assert_eq!(
            rustdoc(
                "<a href=\"/x\">a</a> [<https://g.test>](#)",
                Links::default()
            ),
            "a <https://g.test>"
        );
    }

    #[test]
    fn links_nest_no_deeper_than_an_image_in_a_link() {
        assert_eq!(
            rustdoc("[![logo](/l.png)](/home)", GITHUB),
            "[![logo](https://docs.github.com/l.png)](https://docs.github.com/home)"
        );
        let deep = format!("{}x{}", "[".repeat(100_000), "](u:)".repeat(100_000));
        let doc = rustdoc(&deep, Links::default());
        assert!(doc.starts_with("[[\\[\\[\\["), "{}", &doc[..40]);
        assert!(
            doc.ends_with("\\](u:)](u:)](u:)"),
            "{}",
            &doc[doc.len() - 40..]
        );
    }

    /// About a megabyte of text made of `piece`.
    fn megabyte(piece: &str) -> String {
        piece.repeat((1 << 20) / piece.len())
    }

    /// Texts that a scan from each of their marks to the text's end made
    /// quadratic: each is read in time linear in its length (about a
    /// second in a debug build), and its documentation is no more than a
    /// few times longer.
    #[test]
    fn long_texts_take_linear_time() {
        let mut texts: Vec<String> = [
            "[",
            "[a](x",
            "[a] ",
            "<a href=\"x\">",
            "<a href=\"x",
            "<http://x",
            "`` ` ",
            "é<",
            "<p",
            "x\n",
            "e.g. ",
        ]
        .iter()
        .map(|piece| megabyte(piece))
        .collect();
        // Runs of backticks, each longer than all that follow.
        texts.push((1..1400).rev().map(|n| "`".repeat(n) + " ").collect());
        // A list item far to the right, continued on every line.
        texts.push(format!(
            "x\n{}- a\n{}",
            " ".repeat(1 << 19),
            megabyte("b\n")
        ));
        // One digit short of a list item's marker, the same.
        texts.push(format!(
            "x\n{}. a\n{}",
            "1".repeat(1 << 19),
            megabyte("b\n")
        ));
        for text in &texts {
            let doc = rustdoc(text, Links::default());
            assert!(doc.len() <= 8 * text.len(), "{}", doc.len());
            let sentence = first_sentence(text, Links::default());
            assert!(sentence.len() <= 8 * text.len(), "{}", sentence.len());
        }
    }

    /// Text made of pieces that mean something in Markdown and in HTML, of
    /// characters of several bytes and of line ends of every kind; or any
    /// text at all.
    fn markdown() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            4 => proptest::sample::select(&[
                "<", ">", "[", "]", "](", "(", ")", "`", "``", "```", "*", "_", "\r", "\n",
                "\r\n", "\n\n", "    ", "\t", "- ", "1. ", "> ", "[!NOTE]", "<a href=\"",
                "\">", "</a>", "<p>", "</p>", "<code>", "<br", "<a hr", "http://",
                "https://x.y/", "#", ".", ". ", "e.g.", "é", "漢", "🦀", "e\u{301}",
                "\u{202e}", "\u{2028}", " ", "|",
            ][..])
            .prop_map(str::to_owned),
            1 => any::<char>().prop_map(String::from),
        ];
        prop_oneof![
            3 => prop::collection::vec(piece, 0..48).prop_map(|pieces| pieces.concat()),
            1 => any::<String>(),
        ]
    }

    /// `doc` written as `///` lines before an item parses as Rust.
    fn valid_doc(doc: &str) -> Result<(), TestCaseError> {
        prop_assert!(!doc.contains('\r'), "{doc:?}");
        let mut file = String::new();
        for line in doc.lines() {
            file.push_str(&format!("/// {line}\n"));
        }
        file.push_str("pub struct Documented;\n");
        prop_assert!(syn::parse_file(&file).is_ok(), "{file:?}");
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

        /// Whatever the text, its documentation is made without a panic and
        /// is valid doc comments.
        #[test]
        fn any_text_makes_valid_doc_comments(text in markdown()) {
            valid_doc(&rustdoc(&text, Links::default()))?;
            valid_doc(&rustdoc(&text, GITHUB))?;
            valid_doc(&first_sentence(&text, Links::default()))?;
            for line in lines(&text) {
                prop_assert!(!line.contains(['\r', '\n']), "{line:?}");
            }
        }
    }
}
