//! Percent-encoding, with the byte sets the builder needs:
//!
//! - [`Set::Unreserved`]: RFC 3986 unreserved characters (`A–Z a–z 0–9 - . _ ~`),
//!   what RFC 6570 simple expansion and the `.`, `/`, `;`, `?`, `&`
//!   operators keep;
//! - [`Set::Segments`]: unreserved characters and `/`, what those operators
//!   keep of a multi-segment variable's value (its `/` separate segments);
//! - [`Set::Reserved`]: unreserved and reserved characters, and `%XX`
//!   triplets, what `{+var}`, `{#var}` and literal template text keep;
//! - [`Set::Component`]: JavaScript's `encodeURIComponent` (`A–Z a–z 0–9
//!   - _ . ! ~ * ' ( )`), what a query parameter appended by the builder keeps;
//! - [`Set::Query`]: what RFC 3986 allows in a query (unreserved characters,
//!   sub-delimiters, `:`, `@`, `/`, `?`) and `%XX` triplets, what a query
//!   value with OpenAPI's `allowReserved` keeps (`#`, `[`, `]` are encoded:
//!   they would end the query or break the URL);
//! - [`Set::Cookie`]: RFC 6265's cookie octets (printable ASCII but space,
//!   `"`, `,`, `;`, `\`) and `%XX` triplets, what a cookie value with
//!   `allowReserved` keeps.
//! - [`Set::Form`]: the `application/x-www-form-urlencoded` serializer of the
//!   URL Standard (`A–Z a–z 0–9 * - . _`, and a space written as `+`), what
//!   a form body keeps.
//!
//! Every other byte becomes `%XX` with uppercase hex.

/// A set of bytes copied as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Set {
    /// RFC 3986 unreserved characters.
    Unreserved,
    /// Unreserved characters and `/`.
    Segments,
    /// Unreserved and reserved characters, and `%XX` triplets.
    Reserved,
    /// `encodeURIComponent`'s characters.
    Component,
    /// The characters RFC 3986 allows in a query, and `%XX` triplets.
    Query,
    /// RFC 6265's cookie octets, and `%XX` triplets.
    Cookie,
    /// A form body's characters; a space becomes `+`.
    Form,
}

impl Set {
    const fn bit(self) -> u8 {
        match self {
            Set::Unreserved => UNRESERVED,
            Set::Segments => SEGMENTS,
            Set::Reserved => RESERVED,
            Set::Component => COMPONENT,
            Set::Query => QUERY,
            Set::Cookie => COOKIE,
            Set::Form => FORM,
        }
    }

    /// Whether the set keeps `%XX` triplets as they are.
    const fn keeps_triplets(self) -> bool {
        matches!(self, Set::Reserved | Set::Query | Set::Cookie)
    }
}

const UNRESERVED: u8 = 1;
const RESERVED: u8 = 2;
const COMPONENT: u8 = 4;
/// `.` and `%`, the bytes of a dot segment (`.`, `%2E`), which [`encode`]
/// reports.
const DOT: u8 = 8;
const SEGMENTS: u8 = 16;
const QUERY: u8 = 32;
const COOKIE: u8 = 64;
const FORM: u8 = 128;

/// For every byte, the sets that keep it.
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let unreserved = c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~');
        let reserved = matches!(
            c,
            b':' | b'/'
                | b'?'
                | b'#'
                | b'['
                | b']'
                | b'@'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
        );
        let component = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
            );
        if unreserved {
            table[b] |= UNRESERVED | RESERVED | SEGMENTS;
        }
        if c == b'/' {
            table[b] |= SEGMENTS;
        }
        if reserved {
            table[b] |= RESERVED;
        }
        if component {
            table[b] |= COMPONENT;
        }
        if unreserved || reserved && !matches!(c, b'#' | b'[' | b']') {
            table[b] |= QUERY;
        }
        if c > b' ' && c < 0x7F && !matches!(c, b'"' | b',' | b';' | b'\\' | b'%') {
            table[b] |= COOKIE;
        }
        if c.is_ascii_alphanumeric() || matches!(c, b'*' | b'-' | b'.' | b'_') {
            table[b] |= FORM;
        }
        if c == b'.' || c == b'%' {
            table[b] |= DOT;
        }
        b += 1;
    }
    table
};

/// Uppercase hexadecimal digits.
const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Whether `bytes[i]` starts a `%XX` triplet.
fn is_triplet(bytes: &[u8], i: usize) -> bool {
    bytes.get(i) == Some(&b'%')
        && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// Whether [`encode`] would change `text`.
pub(crate) fn needs_encoding(text: &str, set: Set) -> bool {
    let bit = set.bit();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if CLASS[usize::from(b)] & bit != 0 {
            i += 1;
        } else if set.keeps_triplets() && is_triplet(bytes, i) {
            i += 3;
        } else {
            return true;
        }
    }
    false
}

/// Appends `text` to `out`, percent-encoding every byte that `set` does not
/// keep.
pub(crate) fn encode(out: &mut String, text: &str, set: Set) {
    write(out, text, set, false);
}

/// [`encode`], for a value written into a URL's path: also returns whether
/// `text` holds a `.` or a `%`, the bytes that can make a dot segment (`.`,
/// `..`, `%2E`), found in the same pass.
pub(crate) fn encode_noting_dots(out: &mut String, text: &str, set: Set) -> bool {
    write(out, text, set, true)
}

#[inline(always)]
fn write(out: &mut String, text: &str, set: Set, note_dots: bool) -> bool {
    let bit = set.bit();
    let bytes = text.as_bytes();
    // Most values need no escape (and hold no dot): find the first byte that
    // may, in a tight loop.
    let mask = if note_dots { bit | DOT } else { bit };
    let Some(first) = bytes
        .iter()
        .position(|&b| CLASS[usize::from(b)] & mask != bit)
    else {
        out.push_str(text);
        return false;
    };
    out.reserve(bytes.len() + 8);
    // Start of the run of bytes copied as they are, not yet written.
    let mut run = 0;
    let mut i = first;
    let mut dotted = false;
    while let Some(&b) = bytes.get(i) {
        let class = CLASS[usize::from(b)];
        if note_dots {
            dotted |= class & DOT != 0;
        }
        if class & bit != 0 {
            i += 1;
            continue;
        }
        if set.keeps_triplets() && is_triplet(bytes, i) {
            i += 3;
            continue;
        }
        if run < i {
            // Kept bytes are ASCII, so both ends of the run are character boundaries.
            out.push_str(text.get(run..i).unwrap_or_default());
        }
        if set == Set::Form && b == b' ' {
            out.push('+');
            i += 1;
            run = i;
            continue;
        }
        // Three ASCII characters: cheaper pushed one by one than copied.
        out.push('%');
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 0x0F)]));
        i += 1;
        run = i;
    }
    if run < bytes.len() {
        out.push_str(text.get(run..).unwrap_or_default());
    }
    dotted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(text: &str, set: Set) -> String {
        let mut out = String::new();
        encode(&mut out, text, set);
        assert_eq!(needs_encoding(text, set), out != text, "{text:?}");
        out
    }

    #[test]
    fn the_four_sets() {
        assert_eq!(encoded("a b/c%2F!", Set::Unreserved), "a%20b%2Fc%252F%21");
        assert_eq!(
            encoded("a b/c%2F!?#[]./~", Set::Segments),
            "a%20b/c%252F%21%3F%23%5B%5D./~"
        );
        assert_eq!(encoded("a b/c%2F!%", Set::Reserved), "a%20b/c%2F!%25");
        assert_eq!(encoded("a b/c!*'()~", Set::Component), "a%20b%2Fc!*'()~");
        assert_eq!(encoded("Jyväskylä", Set::Component), "Jyv%C3%A4skyl%C3%A4");
        assert_eq!(
            encoded("a b/?:@!$&'()*+,;=#[]%41%|^", Set::Query),
            "a%20b/?:@!$&'()*+,;=%23%5B%5D%41%25%7C%5E"
        );
        assert_eq!(
            encoded("a b/?:@!$&'()*+,;=#[]%41%\"\\\r\n", Set::Cookie),
            "a%20b/?:@!$&'()*+%2C%3B=#[]%41%25%22%5C%0D%0A"
        );
    }

    #[test]
    fn form_bodies_as_the_url_standard_writes_them() {
        assert_eq!(
            encoded("a b+c&d=e*-._~!'()[]é", Set::Form),
            "a+b%2Bc%26d%3De*-._%7E%21%27%28%29%5B%5D%C3%A9"
        );
        assert_eq!(encoded(" ", Set::Form), "+");
    }

    #[test]
    fn encoding_table() {
        let mut out = String::new();
        encode(
            &mut out,
            "aZ09-._~ :/?#[]@!$&'()*+,;=%é\u{0}",
            Set::Unreserved,
        );
        assert_eq!(
            out,
            "aZ09-._~%20%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%C3%A9%00"
        );
        out.clear();
        encode(
            &mut out,
            "aZ09-._~ :/?#[]@!$&'()*+,;=%é%41%4",
            Set::Reserved,
        );
        assert_eq!(out, "aZ09-._~%20:/?#[]@!$&'()*+,;=%25%C3%A9%41%254");
        assert!(!needs_encoding("abc/def", Set::Reserved));
        assert!(needs_encoding("abc/def", Set::Unreserved));
        assert!(needs_encoding("%", Set::Reserved));
        assert!(!needs_encoding("%41", Set::Reserved));
    }
}
