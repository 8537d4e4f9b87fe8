//! The HTML that descriptions write in their Markdown (Stripe's `<p>`, a
//! provider's `<h2>`, `<ul>`, `<a href>`): which elements' tags are
//! Markdown and which are dropped, the tags and links read at a position,
//! and text of HTML blocks dedented.

/// The Markdown of an HTML element's tag (`closing`: `</…>`), for the
/// elements descriptions written in HTML use (Stripe's `<p>`, a provider's
/// introduction of `<h2>`, `<ul>`, `<a href>`); `None` for a name that is
/// no HTML element (`<branch>`, a placeholder, is text). Elements of
/// blocks are paragraph breaks, a list item a Markdown item, a heading
/// bold (the crate's own headings stay above it), code, strong and
/// emphasis their marks, and the rest (`<span>`, `<img>`, `<table>`'s
/// cells) nothing: their text stays.
pub(super) fn html_markdown(name: &str, closing: bool) -> Option<&'static str> {
    Some(match name {
        "p" | "div" | "section" | "article" | "header" | "footer" | "nav" | "aside" | "main"
        | "blockquote" | "pre" | "table" | "thead" | "tbody" | "tfoot" | "tr" | "ul" | "ol"
        | "dl" | "dt" | "dd" | "hr" | "br" | "details" | "summary" | "figure" | "figcaption"
        | "center" | "caption" => "\n\n",
        "li" if closing => "",
        "li" => "\n- ",
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" if closing => "**\n\n",
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => "\n\n**",
        "code" | "tt" | "kbd" | "samp" => "`",
        "strong" | "b" => "**",
        "em" | "i" => "*",
        "td" | "th" => " ",
        "a" | "span" | "font" | "small" | "big" | "sup" | "sub" | "u" | "s" | "del" | "ins"
        | "mark" | "abbr" | "cite" | "q" | "var" | "dfn" | "label" | "img" | "picture"
        | "source" | "time" | "wbr" | "colgroup" | "col" | "strike" | "nobr" => "",
        _ => return None,
    })
}

/// An HTML tag at the start of `text` (`<p>`, `</li>`, `<br/>`,
/// `<a href="…" target="_blank">`) of an element [`html_markdown`] knows:
/// its name in lower case, whether it closes, its attributes and its
/// length. Its attributes end at the first `>` outside quotes, within a
/// paragraph.
pub(super) fn html_tag(text: &str) -> Option<(String, bool, &str, usize)> {
    let inner = text.strip_prefix('<')?;
    let (closing, inner) = match inner.strip_prefix('/') {
        Some(inner) => (true, inner),
        None => (false, inner),
    };
    let name_len = inner
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(inner.len());
    if name_len == 0 || !inner.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let name = inner[..name_len].to_ascii_lowercase();
    html_markdown(&name, closing)?;
    let after = &inner[name_len..];
    if !after.starts_with(['>', '/', ' ', '\t', '\n']) {
        return None;
    }
    let mut quote: Option<char> = None;
    let mut newlines = 0;
    for (i, c) in after.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => {
                let attrs = after[..i].trim_end_matches('/');
                let len = 1 + usize::from(closing) + name_len + i + 1;
                return Some((name, closing, attrs, len));
            }
            (None, '<') => return None,
            _ => {}
        }
        if c == '\n' {
            newlines += 1;
            if newlines > 1 || i > 2000 {
                return None;
            }
        }
    }
    None
}

/// The value of the attribute `name` among a tag's `attrs`, quoted or not.
pub(super) fn html_attribute<'t>(attrs: &'t str, name: &str) -> Option<&'t str> {
    let lower = attrs.to_ascii_lowercase();
    let mut from = 0;
    while let Some(found) = lower[from..].find(name) {
        let at = from + found;
        from = at + name.len();
        let before_ok = at == 0 || lower[..at].ends_with(|c: char| c.is_whitespace());
        let rest = attrs[at + name.len()..].trim_start();
        let Some(value) = rest.strip_prefix('=').map(str::trim_start) else {
            continue;
        };
        if !before_ok {
            continue;
        }
        return match value.chars().next() {
            Some(q @ ('"' | '\'')) => value[1..].find(q).map(|end| &value[1..1 + end]),
            Some(_) => Some(value.split(char::is_whitespace).next().unwrap_or(value)),
            None => None,
        };
    }
    None
}

/// Whether `text` is written in HTML blocks (a `<p>`, `<div>`, `<ul>`,
/// `<li>`, `<br>`, `<table>` or heading tag outside code), where the
/// indentation of a line means nothing.
pub(super) fn has_html_blocks(text: &str) -> bool {
    text.match_indices('<').any(|(at, _)| {
        html_tag(&text[at..]).is_some_and(|(name, ..)| {
            matches!(
                name.as_str(),
                "p" | "div"
                    | "ul"
                    | "ol"
                    | "li"
                    | "br"
                    | "table"
                    | "tr"
                    | "h1"
                    | "h2"
                    | "h3"
                    | "h4"
                    | "h5"
                    | "h6"
            )
        })
    })
}

/// The lines of `text` outside fenced code without their indentation, for
/// text written in HTML, whose indentation is no Markdown (a paragraph
/// indented under its `<p>` is no code block).
pub(super) fn html_dedented(text: &str) -> String {
    let mut fence = false;
    let mut out: Vec<&str> = Vec::new();
    for line in text.split('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fence = !fence;
            out.push(trimmed);
        } else if fence {
            out.push(line);
        } else {
            out.push(trimmed);
        }
    }
    out.join("\n")
}

/// An HTML link `<a href="url">label</a>` (with any other attributes)
/// at the start of `text`: its label, URL and length. The label ends at
/// the first `</a>`; a bracket, a line's end or another link's start
/// before it make this no link.
pub(super) fn html_link(text: &str) -> Option<(&str, &str, usize)> {
    let (name, closing, attrs, open_len) = html_tag(text)?;
    if name != "a" || closing {
        return None;
    }
    let url = html_attribute(attrs, "href")?.trim();
    let rest = &text[open_len..];
    let bytes = rest.as_bytes();
    let mut from = 0;
    let label_end = loop {
        let i = from + rest[from..].find(['<', '[', ']', '\n'])?;
        if rest[i..]
            .get(..4)
            .is_some_and(|end| end.eq_ignore_ascii_case("</a>"))
        {
            break i;
        }
        let another = matches!(bytes.get(i + 1), Some(b'a' | b'A'))
            && bytes.get(i + 2).is_some_and(u8::is_ascii_whitespace);
        if bytes[i] != b'<' || another {
            return None;
        }
        from = i + 1;
    };
    let label = &rest[..label_end];
    let valid = !url.is_empty() && !url.contains(['(', ')', ' ', '<', '>']);
    valid.then_some((label, url, open_len + label_end + "</a>".len()))
}
