//! GitHub's descriptions as rustdoc: the same markdown, with what rustdoc
//! would misread or warn about rewritten.
//!
//! - links relative to docs.github.com (`(/rest/…)`) and to the operation's
//!   page (`(#anchor)`) become absolute;
//! - bare URLs become autolinks (`<https://…>`);
//! - brackets that are not links are escaped (`\[]`), and GitHub's alert
//!   markers (`> [!NOTE]`) become bold labels;
//! - `<` outside code is `&lt;` (`<branch>` is a placeholder, not a tag);
//! - a fenced code block without a language is `text`, so that rustdoc does
//!   not compile it as Rust;
//! - a line that continues a list item lazily is indented under it.

/// docs.github.com, the base of the descriptions' relative links.
const DOCS: &str = "https://docs.github.com";

/// The alert markers of GitHub's markdown and their labels.
const ALERTS: [(&str, &str); 5] = [
    ("[!NOTE]", "**Note:**"),
    ("[!TIP]", "**Tip:**"),
    ("[!IMPORTANT]", "**Important:**"),
    ("[!WARNING]", "**Warning:**"),
    ("[!CAUTION]", "**Caution:**"),
];

/// `text` as rustdoc markdown; `page` is the operation's documentation, for
/// links to its anchors.
pub fn rustdoc(text: &str, page: Option<&str>) -> String {
    let text = text.replace("\r\n", "\n");
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
                out.push_str(&inline(&lists(&prose), page));
                prose.clear();
                let marker: String = trimmed.chars().take_while(|c| *c == '`').collect();
                let info = trimmed[marker.len()..].trim();
                let indent = &line[..line.len() - trimmed.len()];
                if info.is_empty() {
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
    out.push_str(&inline(&lists(&prose), page));
    if fence.is_some() {
        out.push_str("```\n");
    }
    out.trim_end().to_owned()
}

/// The first sentence of the first paragraph of `text`, as rustdoc markdown.
pub fn first_sentence(text: &str, page: Option<&str>) -> String {
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
    rustdoc(&sentence, page)
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
fn inline(text: &str, page: Option<&str>) -> String {
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
                out.push_str(&inline(label, page));
                out.push_str("](");
                out.push_str(&absolute(url, page));
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

/// A link target made absolute: docs.github.com paths and the page's anchors.
fn absolute(url: &str, page: Option<&str>) -> String {
    if url.starts_with('/') {
        format!("{DOCS}{url}")
    } else if let Some(anchor) = url.strip_prefix('#') {
        let page = page.unwrap_or(DOCS);
        let page = page.split('#').next().unwrap_or(page);
        format!("{page}#{anchor}")
    } else {
        url.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_brackets() {
        assert_eq!(
            rustdoc(
                "See [the docs](/rest/x) and [y](#z).",
                Some("https://d/p#a")
            ),
            "See [the docs](https://docs.github.com/rest/x) and [y](https://d/p#z)."
        );
        assert_eq!(
            rustdoc("Use [] or [1, 2].", None),
            "Use \\[\\] or \\[1, 2\\]."
        );
        assert_eq!(rustdoc("`[x]` and `<b>`", None), "`[x]` and `<b>`");
        assert_eq!(
            rustdoc("refs/heads/<branch>", None),
            "refs/heads/&lt;branch>"
        );
        assert_eq!(rustdoc("> [!NOTE]\n> Text.", None), "> **Note:**\n> Text.");
        assert_eq!(
            rustdoc("Go to https://github.com/x. Or <https://a.b>.", None),
            "Go to <https://github.com/x>. Or <https://a.b>."
        );
    }

    #[test]
    fn fences_and_lists() {
        assert_eq!(
            rustdoc("a\n```\n[x] <y>\n```\nb", None),
            "a\n```text\n[x] <y>\n```\nb"
        );
        assert_eq!(rustdoc("```json\n{}\n```", None), "```json\n{}\n```");
        assert_eq!(
            rustdoc("- one\ntwo\n\nthree", None),
            "- one\n  two\n\nthree"
        );
    }

    #[test]
    fn sentences() {
        assert_eq!(first_sentence("The owner. More text.", None), "The owner.");
        assert_eq!(
            first_sentence("Names, e.g. `a.b`, of [x. y](/z). Next", None),
            "Names, e.g. `a.b`, of [x. y](https://docs.github.com/z)."
        );
        assert_eq!(first_sentence("No period\n\nSecond", None), "No period");
        assert_eq!(
            first_sentence("Version 1.2 is fine. Next", None),
            "Version 1.2 is fine."
        );
    }
}
