//! The plain text helpers of the writer: lines of documentation, TOML
//! strings, text in one line or wrapped.

use std::fmt::Write as _;

/// A line of documentation comment (`///`, `//!`), without trailing space.
pub(super) fn doc_line(marker: &str, line: &str) -> String {
    if line.is_empty() {
        format!("{marker}\n")
    } else {
        format!("{marker} {line}\n")
    }
}

/// A line indented by four spaces (an empty line stays empty), ending with
/// a newline.
pub(super) fn doc_indent(line: &str) -> String {
    if line.is_empty() {
        "\n".to_owned()
    } else {
        format!("    {line}\n")
    }
}

/// The text of a TOML basic string.
pub(super) fn toml_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Plain text in lines of at most about 90 characters, cut between words.
pub(super) fn wrap(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + word.len() < 90 => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// One line of plain text: whitespace runs as one space.
pub(super) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(
            toml_string("a \"b\" \\ c\nd\u{7}"),
            "\"a \\\"b\\\" \\\\ c\\nd\\u0007\""
        );
    }

    #[test]
    fn wrapped_lines_are_cut_between_words_under_ninety_characters() {
        let text = "word ".repeat(60);
        let lines = wrap(&text);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|line| line.len() < 95), "{lines:?}");
        assert_eq!(lines.join(" "), one_line(&text));
    }

    #[test]
    fn lines_of_documentation_and_indented_lines_have_no_trailing_space() {
        assert_eq!(doc_line("///", ""), "///\n");
        assert_eq!(doc_line("//!", "a b"), "//! a b\n");
        assert_eq!(doc_indent(""), "\n");
        assert_eq!(doc_indent("x"), "    x\n");
        assert_eq!(one_line(" a\n\t b  "), "a b");
    }
}
