//! Base64 (RFC 4648): the standard form for `Basic` credentials, the URL
//! form without padding for the JSON Web Tokens of GitHub Apps.

const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Standard base64 with padding (section 4).
pub(crate) fn standard(bytes: &[u8]) -> String {
    encode(bytes, STANDARD, true)
}

/// Base64url without padding (section 5), as JWTs are written.
#[cfg_attr(not(feature = "app"), allow(dead_code))]
pub(crate) fn url_safe(bytes: &[u8]) -> String {
    encode(bytes, URL_SAFE, false)
}

fn encode(bytes: &[u8], alphabet: &[u8; 64], pad: bool) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(alphabet[(n >> shift) as usize & 63]));
            } else if pad {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_pads() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("Aladdin:open sesame", "QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        ] {
            assert_eq!(standard(input.as_bytes()), expected);
        }
    }

    #[test]
    fn url_safe_has_no_padding() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("\u{fb}\u{ff}", "w7vDvw"),
        ] {
            assert_eq!(url_safe(input.as_bytes()), expected);
        }
        assert_eq!(url_safe(&[0xfb, 0xff, 0xbf]), "-_-_");
        assert_eq!(standard(&[0xfb, 0xff, 0xbf]), "+/+/");
    }
}
