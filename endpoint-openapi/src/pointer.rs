//! JSON pointers (RFC 6901): a key as a segment and back.

/// A key as a JSON pointer segment (`~` → `~0`, `/` → `~1`).
pub(crate) fn escape(key: &str) -> String {
    if key.contains(['~', '/']) {
        key.replace('~', "~0").replace('/', "~1")
    } else {
        key.to_owned()
    }
}

/// A JSON pointer segment as the key it names.
pub(crate) fn unescape(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_read_back_as_their_keys() {
        for key in ["plain", "a/b", "~0", "~/1", "/~", ""] {
            assert_eq!(unescape(&escape(key)), key);
        }
        assert_eq!(escape("application/json"), "application~1json");
        assert_eq!(escape("~1"), "~01");
    }
}
