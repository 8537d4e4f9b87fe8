//! Numbers as JavaScript writes them, so that URLs, headers and bodies hold
//! the same text as `@octokit/endpoint`'s: `Number.prototype.toString` (which
//! `JSON.stringify` uses too).

use std::fmt::Write as _;

use serde_json::Number;

/// Appends an unsigned integer, without going through `fmt` (slow on this
/// path): two digits at a time, from the right, into a buffer that is then
/// appended whole.
pub(crate) fn push_u64(out: &mut String, mut n: u64) {
    /// `00` to `99`.
    const PAIRS: &[u8; 200] = b"\
        0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    // `u64::MAX` has 20 digits.
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    let mut put_pair = |pair: u64, start: &mut usize| {
        let at = usize::try_from(pair).unwrap_or_default() * 2;
        *start -= 2;
        digits[*start..*start + 2].copy_from_slice(&PAIRS[at..at + 2]);
    };
    while n >= 100 {
        put_pair(n % 100, &mut start);
        n /= 100;
    }
    if n >= 10 {
        put_pair(n, &mut start);
    } else {
        start -= 1;
        digits[start] = b'0' + n as u8;
    }
    // ASCII digits, pushed as `char`s: cheaper than checking them as UTF-8.
    let digits = &digits[start..];
    out.reserve(digits.len());
    out.extend(digits.iter().map(|&digit| char::from(digit)));
}

/// Appends a signed integer.
pub(crate) fn push_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_u64(out, n.unsigned_abs());
}

/// Appends `x` as JavaScript's `Number.prototype.toString` writes it: the
/// shortest text that reads back as the same number, integers without `.0`,
/// exponents only past JavaScript's thresholds (`1e+21`, `1.5e-7`), `0` for
/// `-0`.
pub(crate) fn push_f64(out: &mut String, x: f64) {
    if x.is_nan() {
        out.push_str("NaN");
        return;
    }
    if x == 0.0 {
        out.push('0');
        return;
    }
    if x.is_infinite() {
        out.push_str(if x > 0.0 { "Infinity" } else { "-Infinity" });
        return;
    }
    if x < 0.0 {
        out.push('-');
    }
    // Rust's `{:e}` is the shortest representation that reads back the same.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = digits.len() as i32;
    let n = exponent + 1;
    if k <= n && n <= 21 {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&digits[..n as usize]);
        out.push('.');
        out.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n) as usize));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let _ = write!(out, "e{}{}", if n > 0 { "+" } else { "-" }, (n - 1).abs());
    }
}

/// Appends a JSON number as JavaScript writes it.
pub(crate) fn push_number(out: &mut String, n: &Number) {
    if let Some(u) = n.as_u64() {
        push_u64(out, u);
    } else if let Some(i) = n.as_i64() {
        push_i64(out, i);
    } else {
        push_f64(out, n.as_f64().unwrap_or(f64::NAN));
    }
}

/// A JSON number's text, as JavaScript writes it.
pub(crate) fn number_text(n: &Number) -> String {
    let mut out = String::new();
    push_number(&mut out, n);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(x: f64) -> String {
        let mut out = String::new();
        push_f64(&mut out, x);
        out
    }

    #[test]
    fn numbers_are_written_like_javascript() {
        assert_eq!(text(1.5), "1.5");
        assert_eq!(text(-3.0), "-3");
        assert_eq!(text(-0.0), "0");
        assert_eq!(text(100.0), "100");
        assert_eq!(text(1234567890123.0), "1234567890123");
        assert_eq!(text(1e21), "1e+21");
        assert_eq!(text(1e308), "1e+308");
        assert_eq!(text(1.5e-7), "1.5e-7");
        assert_eq!(text(0.000001), "0.000001");
        assert_eq!(text(0.1), "0.1");
        assert_eq!(text(123.456), "123.456");
    }

    #[test]
    fn integers() {
        let mut out = String::new();
        push_i64(&mut out, i64::MIN);
        out.push(' ');
        push_u64(&mut out, u64::MAX);
        out.push(' ');
        push_u64(&mut out, 0);
        assert_eq!(out, "-9223372036854775808 18446744073709551615 0");
        for n in (0..=1000).chain([9_999, 10_000, 123_456_789, 10u64.pow(19)]) {
            let mut out = String::new();
            push_u64(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }
}
