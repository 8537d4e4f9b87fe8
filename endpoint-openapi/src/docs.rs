//! A description's Markdown as rustdoc: the same text, with what rustdoc
//! would misread or warn about rewritten.
//!
//! - links relative to the site of the documentation (`(/rest/…)`, when the
//!   caller names its base) and to the operation's page (`(#anchor)`)
//!   become absolute;
//! - bare URLs become autolinks (`<https://…>`);
//! - brackets that are not links are escaped (`\[]`), and the alert
//!   markers of GitHub's Markdown (`> [!NOTE]`) become bold labels;
//! - `<` outside code is `&lt;` (`<branch>` is a placeholder, not a tag);
//! - a fenced code block without a language, or whose info string rustdoc
//!   would read as Rust (`rust`, `ignore`, `no_run`, …), is `text`, and so
//!   is an indented code block, so that rustdoc does not compile it as Rust;
//! - a line that continues a list item lazily is indented under it.

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

/// `text` as rustdoc Markdown, its relative links resolved by `links`.
///
/// ```
/// use endpoint_openapi::docs::{Links, rustdoc};
///
/// assert_eq!(
///     rustdoc("Use [1, 2] or <id>, see https://example.com.", Links::default()),
///     "Use \\[1, 2\\] or &lt;id>, see <https://example.com>."
/// );
/// ```
pub fn rustdoc(text: &str, links: Links<'_>) -> String {
    let text = indented_code(&text.replace("\r\n", "\n"));
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
    out.trim_end().to_owned()
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
                Some(width) if leading < width && !starts_block(line.trim_start()) => {
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
    Some(leading + marker + if spaces > 4 { 1 } else { spaces })
}

/// Whether a line starts a block of its own (not a lazy continuation).
fn starts_block(line: &str) -> bool {
    line.starts_with('#') || line.starts_with('>') || line.starts_with('|')
}

/// Rewrites the inline markup of prose (no fenced code inside).
fn inline(text: &str, links: Links<'_>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            let run = rest.len() - rest.trim_start_matches('`').len();
            let marker = &rest[..run];
            match rest[run..].find(marker) {
                Some(close) => {
                    let end = run + close + run;
                    out.push_str(&rest[..end]);
                    rest = &rest[end..];
                }
                None => {
                    out.push_str(marker);
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
            if let Some((label, url, len)) = link(rest) {
                out.push('[');
                out.push_str(&inline(label, links));
                out.push_str("](");
                out.push_str(&absolute(url, links));
                out.push(')');
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
            } else {
                out.push_str("&lt;");
                rest = &rest[1..];
            }
            continue;
        }
        if (rest.starts_with("https://") || rest.starts_with("http://"))
            && !out.ends_with(['(', '<', '"', '\''])
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

/// A link `[label](url)` at the start of `text`: its label, URL and length.
fn link(text: &str) -> Option<(&str, &str, usize)> {
    let mut depth = 0;
    let mut close = None;
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(i);
                    break;
                }
            }
            '\n' if text[..i].ends_with('\n') => return None,
            _ => {}
        }
    }
    let close = close?;
    let after = &text[close + 1..];
    let target = after.strip_prefix('(')?;
    let end = target.find(')')?;
    let url = &target[..end];
    if url.contains(char::is_whitespace) {
        return None;
    }
    Some((&text[1..close], url, close + 1 + 1 + end + 1))
}

/// The length of an autolink `<scheme://…>` at the start of `text`.
fn autolink(text: &str) -> Option<usize> {
    let inner = &text[1..];
    if !(inner.starts_with("https://") || inner.starts_with("http://")) {
        return None;
    }
    let end = inner.find(|c: char| c == '>' || c.is_whitespace() || c == '<')?;
    inner[end..].starts_with('>').then_some(end + 2)
}

/// A link target made absolute: paths of the base site and the page's
/// anchors.
fn absolute(url: &str, links: Links<'_>) -> String {
    match (links.base, links.page) {
        (Some(base), _) if url.starts_with('/') => format!("{base}{url}"),
        (base, page) if url.starts_with('#') => match page.or(base) {
            Some(page) => {
                let page = page.split('#').next().unwrap_or(page);
                format!("{page}{url}")
            }
            None => url.to_owned(),
        },
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GITHUB: Links<'static> = Links {
        base: Some("https://docs.github.com"),
        page: None,
    };

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
        // Anchors and root-relative links stay as written without a base.
        assert_eq!(
            rustdoc("[a](#b) [c](/d)", Links::default()),
            "[a](#b) [c](/d)"
        );
    }
}
