//! The key of an answer in a description: a status code (`404`), a range
//! of them (`4XX`) or `default`; what the reader accepts and the plan keys
//! its answers by.

use std::fmt;
use std::str::FromStr;

/// An answer's status as OpenAPI writes it: a code, a range, `default`.
/// Read from its key (a range's `X` in either case); written back as
/// OpenAPI spells it (`404`, `4XX`, `default`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// One status code, `100` to `599`.
    Code(u16),
    /// Every code of a class: its first digit, `1` to `5` (`4XX`).
    Range(u8),
    /// Every status the others do not name.
    Default,
}

impl Status {
    /// Whether it is a success: a `2xx` code or `2XX`.
    pub fn is_success(self) -> bool {
        match self {
            Status::Code(code) => code / 100 == 2,
            Status::Range(class) => class == 2,
            Status::Default => false,
        }
    }

    /// Whether it is a refusal: a `4xx` or `5xx` code or range, or
    /// `default`.
    pub fn is_error(self) -> bool {
        match self {
            Status::Code(code) => matches!(code / 100, 4 | 5),
            Status::Range(class) => matches!(class, 4 | 5),
            Status::Default => true,
        }
    }

    /// Whether its answer never has a body: `204`, `205`, `304` (RFC 9110).
    pub fn is_bodiless(self) -> bool {
        matches!(self, Status::Code(204 | 205 | 304))
    }
}

/// A key that is no status: what it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAStatus(pub String);

impl fmt::Display for NotAStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a status code, a range like `4XX`, or `default`",
            self.0
        )
    }
}

impl std::error::Error for NotAStatus {}

impl FromStr for Status {
    type Err = NotAStatus;

    fn from_str(key: &str) -> Result<Self, NotAStatus> {
        if key == "default" {
            return Ok(Status::Default);
        }
        let bytes = key.as_bytes();
        match bytes {
            [class @ b'1'..=b'5', rest @ ..] if rest.len() == 2 => {
                if rest.iter().all(u8::is_ascii_digit) {
                    Ok(Status::Code(
                        u16::from(class - b'0') * 100
                            + u16::from(rest[0] - b'0') * 10
                            + u16::from(rest[1] - b'0'),
                    ))
                } else if rest.iter().all(|b| b.eq_ignore_ascii_case(&b'X')) {
                    Ok(Status::Range(class - b'0'))
                } else {
                    Err(NotAStatus(key.to_owned()))
                }
            }
            _ => Err(NotAStatus(key.to_owned())),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Code(code) => write!(f, "{code}"),
            Status::Range(class) => write!(f, "{class}XX"),
            Status::Default => f.write_str("default"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Status;

    #[test]
    fn codes_ranges_and_default_read_and_write_back() {
        for (key, status) in [
            ("200", Status::Code(200)),
            ("599", Status::Code(599)),
            ("100", Status::Code(100)),
            ("4XX", Status::Range(4)),
            ("default", Status::Default),
        ] {
            assert_eq!(key.parse::<Status>(), Ok(status));
            assert_eq!(status.to_string(), key);
        }
        assert_eq!("4xx".parse::<Status>(), Ok(Status::Range(4)));
        assert_eq!(Status::Range(4).to_string(), "4XX");
    }

    #[test]
    fn anything_else_is_no_status() {
        for key in [
            "",
            "600",
            "099",
            "20",
            "2000",
            "2X0",
            "4Xx0",
            "Default",
            "+20",
            "２００",
        ] {
            let err = key.parse::<Status>().unwrap_err();
            assert_eq!(err.0, key);
            assert!(err.to_string().contains("is not a status code"), "{err}");
        }
    }

    #[test]
    fn classes() {
        assert!(Status::Code(201).is_success() && Status::Range(2).is_success());
        assert!(!Status::Default.is_success() && !Status::Code(304).is_success());
        assert!(Status::Code(404).is_error() && Status::Range(5).is_error());
        assert!(Status::Default.is_error() && !Status::Range(3).is_error());
        assert!(Status::Code(204).is_bodiless() && !Status::Code(200).is_bodiless());
    }
}
