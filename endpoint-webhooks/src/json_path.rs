//! The path of the value a JSON decoding error stands at, read from the
//! error's line and column: one scan of the body up to that place, so that
//! a payload type is decoded by `serde_json` alone (its decoder compiled
//! once, whatever reads it) and still names the field that failed.

/// A container open at the place scanned to.
enum Frame {
    /// An object, and the key of the member being read (none between a
    /// `{` or `,` and the next key).
    Object(Option<String>),
    /// An array, and the index of the element being read.
    Array(usize),
}

/// The path of the value that holds, or ends at, `line`:`column` (as
/// `serde_json::Error` counts them: lines from 1, the column the count of
/// bytes read on that line) of the JSON text `body`, as
/// `serde_path_to_error` writes paths (`data.object.items[2].id`); `.` at
/// the top level. A place past the end is the end.
pub(crate) fn path_at(body: &[u8], line: usize, column: usize) -> String {
    let end = offset(body, line, column);
    let mut stack: Vec<Frame> = Vec::new();
    let mut at = 0;
    while at < end {
        match body[at] {
            b'{' => stack.push(Frame::Object(None)),
            b'[' => stack.push(Frame::Array(0)),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array(index)) => *index += 1,
                Some(Frame::Object(key)) => *key = None,
                None => {}
            },
            b'"' => {
                let start = at;
                at += 1;
                while at < body.len() && body[at] != b'"' {
                    // An escape's next byte is never the string's end.
                    at += if body[at] == b'\\' { 2 } else { 1 };
                }
                if let Some(Frame::Object(key @ None)) = stack.last_mut() {
                    let quoted = &body[start..(at + 1).min(body.len())];
                    *key = Some(serde_json::from_slice(quoted).unwrap_or_else(|_| {
                        String::from_utf8_lossy(&quoted[1..])
                            .trim_end_matches('"')
                            .to_owned()
                    }));
                }
            }
            _ => {}
        }
        at += 1;
    }
    let mut path = String::new();
    for frame in &stack {
        match frame {
            Frame::Object(Some(key)) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Object(None) => {}
            Frame::Array(index) => {
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
            }
        }
    }
    if path.is_empty() {
        path.push('.');
    }
    path
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
        let ours = path_at(body.as_bytes(), error.line(), error.column());
        let mut json = serde_json::Deserializer::from_str(body);
        let theirs = match serde_path_to_error::deserialize::<_, Charge>(&mut json) {
            Err(error) => error.path().to_string(),
            Ok(_) => ".".to_owned(),
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
            r#"{"data": {"object": {"amount": 1, "currency": "\"quoted\" \\ usd", "x": [}}}"#,
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
                b"{}[],:\"\\ab1\n".to_vec()), 0..48),
            line in 0usize..4,
            column in 0usize..64,
        ) {
            let path = path_at(&body, line, column);
            proptest::prop_assert!(!path.is_empty());
        }
    }

    #[test]
    fn a_place_outside_the_body_is_its_end_or_the_top() {
        assert_eq!(path_at(br#"{"a": {"b": "#, 9, 99), "a.b");
        assert_eq!(path_at(b"", 1, 0), ".");
        assert_eq!(path_at(br#"{"a": 1} x"#, 1, 10), ".");
        // An unterminated key, its escape the body's last byte.
        assert_eq!(path_at(br#"{"a": {"b\"#, 1, 99), "a.b\\");
    }
}
