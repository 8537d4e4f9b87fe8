//! The path of the value a JSON decoding error stands at, read from the
//! error's line and column: one scan of the body up to that place, so that
//! a type is decoded by `serde_json` alone (its decoder compiled once,
//! whatever reads it; no second decoder that tracks its path, as
//! `serde_path_to_error` would compile for every type) and still names the
//! field that failed. Answers ([`Answer`](crate::model::Answer)) and
//! webhook payloads (`endpoint-webhooks`) read their errors' paths here.

use std::fmt::Write as _;

/// A container open at the place scanned to.
enum Frame {
    /// An object, and the key of the member being read (none between a
    /// `{` or `,` and the next key).
    Object(Option<String>),
    /// An array, and the index of the element being read.
    Array(usize),
}

/// The path of the value the decoding error `error` of the JSON text `body`
/// stands at, as `serde_path_to_error` writes paths
/// (`data.object.items[2].id`, `[3].id`); empty at the top level.
///
/// An error of serde's data model (an invalid type or value, a missing
/// field) stands where the value that does not fit ends (its line and
/// column, as `serde_json::Error` counts them: lines from 1, the column
/// the count of bytes read on that line; a place past the end is the
/// end). An error of the text (a syntax
/// error, the end of the body) stands where the text breaks: in the value
/// being read there (`a.b` in `{"a": {"b": tru`, `[1]` in `[1, ]`), or,
/// right after a whole value, in its container (the list in `[1` that
/// does not go on, not its first item). An error that names no place
/// (line 0, one made outside a decoding) stands at the top level.
pub fn error_path(body: &[u8], error: &serde_json::Error) -> String {
    use serde_json::error::Category;
    match error.line() {
        0 => String::new(),
        line => {
            let end = offset(body, line, error.column());
            match error.classify() {
                // The column of a syntax error counts the byte that breaks
                // the text: the place is before it.
                Category::Syntax => scan(body, end.saturating_sub(1), true),
                Category::Eof => scan(body, end, true),
                Category::Data | Category::Io => scan(body, end, false),
            }
        }
    }
}

/// The path at byte `end` of `body`: the containers open there, with the
/// member or item each is reading, but that of the innermost container
/// when `between` and the value before `end` is whole.
fn scan(body: &[u8], end: usize, between: bool) -> String {
    let mut stack: Vec<Frame> = Vec::new();
    // Whether a whole value ends just before `at`.
    let mut whole = false;
    let mut at = 0;
    while at < end {
        match body[at] {
            b'{' => {
                stack.push(Frame::Object(None));
                whole = false;
            }
            b'[' => {
                stack.push(Frame::Array(0));
                whole = false;
            }
            b'}' | b']' => {
                stack.pop();
                whole = true;
            }
            b',' => {
                match stack.last_mut() {
                    Some(Frame::Array(index)) => *index += 1,
                    Some(Frame::Object(key)) => *key = None,
                    None => {}
                }
                whole = false;
            }
            b':' => whole = false,
            b'"' => {
                let start = at;
                at += 1;
                while at < end && body[at] != b'"' {
                    // An escape's next byte is never the string's end.
                    at += if body[at] == b'\\' { 2 } else { 1 };
                }
                whole = at < end;
                if let Some(Frame::Object(key @ None)) = stack.last_mut() {
                    let quoted = &body[start..(at + 1).min(end)];
                    *key = Some(serde_json::from_slice(quoted).unwrap_or_else(|_| {
                        String::from_utf8_lossy(&quoted[1..])
                            .trim_end_matches('"')
                            .to_owned()
                    }));
                    // A key is no value.
                    whole = false;
                }
            }
            b' ' | b'\t' | b'\n' | b'\r' => {}
            // A number, `true`, `false`, `null`: whole once it ends.
            _ => {
                let start = at;
                while at + 1 < end && !is_delimiter(body[at + 1]) {
                    at += 1;
                }
                whole = is_whole_scalar(&body[start..=at]);
            }
        }
        at += 1;
    }
    let inner = match between && whole {
        true => stack.len().saturating_sub(1),
        false => stack.len(),
    };
    let mut path = String::new();
    for (depth, frame) in stack.iter().enumerate() {
        match frame {
            _ if depth >= inner => {}
            Frame::Object(Some(key)) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Object(None) => {}
            Frame::Array(index) => {
                let _ = write!(path, "[{index}]");
            }
        }
    }
    path
}

/// Whether `byte` ends a number or a literal.
fn is_delimiter(byte: u8) -> bool {
    matches!(
        byte,
        b',' | b':' | b'{' | b'}' | b'[' | b']' | b'"' | b' ' | b'\t' | b'\n' | b'\r'
    )
}

/// Whether `token` is a whole number or literal, not one the body ends
/// inside (`tru`, `1.`, `-`).
fn is_whole_scalar(token: &[u8]) -> bool {
    match token.first() {
        Some(b't' | b'f' | b'n') => matches!(token, b"true" | b"false" | b"null"),
        _ => token.last().is_some_and(u8::is_ascii_digit),
    }
}

/// The byte offset of `line`:`column` in `body`, at most its length.
fn offset(body: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match body[start..].iter().position(|&b| b == b'\n') {
            Some(newline) => start += newline + 1,
            None => return body.len(),
        }
    }
    (start + column).min(body.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path at `line`:`column` of an error of the data model.
    fn path_at(body: &[u8], line: usize, column: usize) -> String {
        scan(body, offset(body, line, column), false)
    }
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Charge {
        data: Data,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Data {
        object: Object,
        #[serde(default)]
        items: Vec<Item>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Object {
        amount: u64,
        currency: String,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Item {
        id: u64,
    }

    /// The path this module gives and the one `serde_path_to_error` gives.
    fn both(body: &str) -> (String, String) {
        let error = serde_json::from_str::<Charge>(body).expect_err("an error");
        let ours = error_path(body.as_bytes(), &error);
        let mut json = serde_json::Deserializer::from_str(body);
        let theirs = match serde_path_to_error::deserialize::<_, Charge>(&mut json) {
            // `.` is its top level, where this module's path is empty.
            Err(error) => error.path().to_string().trim_start_matches('.').to_owned(),
            Ok(_) => String::new(),
        };
        (ours, theirs)
    }

    #[test]
    fn the_path_is_the_one_serde_path_to_error_gives() {
        for body in [
            r#"{"data": {"object": {"amount": "twelve", "currency": "usd"}}}"#,
            r#"{"data": {"object": {"currency": "usd", "amount": -1}}}"#,
            "{\n  \"data\": {\n    \"object\": {\"amount\": 1, \"currency\": 7}\n  }\n}",
            r#"{"data": {"object": {"amount": 1, "currency": "usd"}, "items": [{"id": 1}, {"id": "2"}]}}"#,
            r#"{"data": {"object": {"amount": 1, "currency": "usd"}, "items": [{"id": 1}, {}]}}"#,
            r#"{"data": {"object": {"amount": 1}}}"#,
            r#"{"data": {"obj\"ect": 1, "object": {"amount": true, "currency": "usd"}}}"#,
            r#"{"data": 3}"#,
            r#"[]"#,
        ] {
            let (ours, theirs) = both(body);
            assert_eq!(ours, theirs, "{body}");
        }
    }

    proptest::proptest! {
        #[test]
        fn no_body_and_no_place_panics(
            body in proptest::collection::vec(proptest::sample::select(
                b"{}[],:\"\\ab1tn\n".to_vec()), 0..48),
            line in 0usize..4,
            column in 0usize..64,
        ) {
            let path = path_at(&body, line, column);
            proptest::prop_assert!(!path.starts_with('.'), "{}", path);
            let between = scan(&body, offset(&body, line, column), true);
            proptest::prop_assert!(path.starts_with(&between), "{} {}", path, between);
            if let Err(error) = serde_json::from_slice::<serde_json::Value>(&body) {
                error_path(&body, &error);
            }
        }
    }

    /// An error of the text stands where the text breaks: in the value
    /// read there, or in the container of a whole value. (There
    /// `serde_path_to_error` writes `?` for a member whose key is not read
    /// yet, and does not enter a value the type ignores.)
    #[test]
    fn an_error_of_the_text_is_where_the_text_breaks() {
        for (body, expected) in [
            (r#"{"data": {"object": {"amount": 1"#, "data.object"),
            (
                r#"{"data": {"object": {"amount": 1, "currency": "usd"}"#,
                "data",
            ),
            (
                r#"{"data": {"object": {"amount": 1 "currency": "usd"}}}"#,
                "data.object",
            ),
            (r#"{"data": {"object": {"amount": "#, "data.object.amount"),
            (
                r#"{"data": {"object": {"amount": tru"#,
                "data.object.amount",
            ),
            (
                r#"{"data": {"object": {"amount": 1, "currency": "us"#,
                "data.object.currency",
            ),
            (
                r#"{"data": {"object": {"amount": 1, "currency": "usd"}, "items": [{"id": 1}"#,
                "data.items",
            ),
            (
                r#"{"data": {"object": {"amount": 1, "currency": "usd"}, "items": [{"id": 1},"#,
                "data.items[1]",
            ),
            (
                r#"{"data": {"object": {"amount": 1, "currency": "usd"}, "items": [{"id": 1} {"#,
                "data.items",
            ),
            (
                r#"{"data": {"object": {"amount": 1, "currency": "usd"}}} x"#,
                "",
            ),
        ] {
            let error = serde_json::from_str::<Charge>(body).expect_err("an error");
            assert_eq!(
                error_path(body.as_bytes(), &error),
                expected,
                "{body}: {error}"
            );
        }
        let body =
            r#"{"data": {"object": {"amount": 1, "currency": "\"quoted\" \\ usd", "x": [}}}"#;
        let error = serde_json::from_str::<Charge>(body).expect_err("an error");
        assert_eq!(error_path(body.as_bytes(), &error), "data.object.x[0]");
        let error = serde_json::from_str::<Vec<u8>>("[1, ]").expect_err("an error");
        assert_eq!(error_path(b"[1, ]", &error), "[1]");
        let error = serde_json::from_str::<Vec<u8>>("[1").expect_err("an error");
        assert_eq!(error_path(b"[1", &error), "");
    }

    #[test]
    fn a_place_outside_the_body_is_its_end_or_the_top() {
        assert_eq!(path_at(br#"{"a": {"b": "#, 9, 99), "a.b");
        assert_eq!(path_at(b"", 1, 0), "");
        assert_eq!(path_at(br#"{"a": 1} x"#, 1, 10), "");
        // An unterminated key, its escape the body's last byte.
        assert_eq!(path_at(br#"{"a": {"b\"#, 1, 99), "a.b\\");
    }
}
