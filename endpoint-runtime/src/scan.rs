//! Finding bytes in text eight at a time: the scans that most text passes
//! without a hit (a JSON string without escapes, a header value without CR,
//! LF or NUL, a URL without `?`, a route's one space) test a whole word per
//! step and look at single bytes only around a hit.

/// Eight ones, one per byte of a word.
const ONES: u64 = u64::from_ne_bytes([1; 8]);
/// The high bit of every byte of a word.
const HIGHS: u64 = ONES * 0x80;

/// Whether any byte of `word` is below `n` (at most 128): the classic
/// borrow test, exact about whether there is one.
pub(crate) const fn any_below(word: u64, n: u8) -> bool {
    word.wrapping_sub(ONES * n as u64) & !word & HIGHS != 0
}

/// Whether any byte of `word` is `byte`.
pub(crate) const fn any_equal(word: u64, byte: u8) -> bool {
    any_below(word ^ (ONES * byte as u64), 1)
}

/// The index of the first byte of `bytes`, at or after `from`, for which
/// `hit` holds, or the length when there is none. `word_hit` must hold for
/// every word that holds such a byte (it may hold for others too): words for
/// which it does not are passed over whole.
#[inline]
pub(crate) fn find(
    bytes: &[u8],
    from: usize,
    word_hit: impl Fn(u64) -> bool,
    hit: impl Fn(u8) -> bool,
) -> usize {
    let mut i = from;
    for chunk in bytes.get(from..).unwrap_or_default().chunks_exact(8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        if word_hit(u64::from_ne_bytes(word)) {
            break;
        }
        i += 8;
    }
    while let Some(&byte) = bytes.get(i) {
        if hit(byte) {
            break;
        }
        i += 1;
    }
    i
}

/// The index of the first `byte` in `bytes`.
#[inline]
pub(crate) fn position(bytes: &[u8], byte: u8) -> Option<usize> {
    let at = find(bytes, 0, |word| any_equal(word, byte), |b| b == byte);
    (at < bytes.len()).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_tests_are_exact() {
        let word = |bytes: [u8; 8]| u64::from_ne_bytes(bytes);
        assert!(!any_below(word([0x20; 8]), 0x20));
        assert!(!any_below(word([0xFF; 8]), 0x20));
        for at in 0..8 {
            for byte in [0u8, 0x1F, b'.', b'?', 0x80, 0xFF] {
                let mut bytes = [b'a'; 8];
                bytes[at] = byte;
                assert_eq!(any_below(word(bytes), 0x20), byte < 0x20, "{bytes:?}");
                assert!(any_equal(word(bytes), byte), "{bytes:?}");
                assert!(!any_equal(word(bytes), b'b'), "{bytes:?}");
            }
        }
    }

    #[test]
    fn finds_the_first_hit_at_any_position() {
        for len in 0..20 {
            for at in 0..=len {
                let mut text = vec![b'x'; len];
                if at < len {
                    text[at] = b'?';
                }
                assert_eq!(position(&text, b'?'), (at < len).then_some(at));
                let found = find(&text, 0, |w| any_equal(w, b'?'), |b| b == b'?');
                assert_eq!(found, at.min(len));
                assert_eq!(
                    find(&text, at.min(len), |w| any_equal(w, b'?'), |b| b == b'?'),
                    at.min(len)
                );
                // A second hit after the first: the first is the one found.
                if at + 1 < len {
                    text[len - 1] = b'?';
                    assert_eq!(position(&text, b'?'), Some(at));
                }
            }
        }
    }
}
