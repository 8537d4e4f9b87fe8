//! [`Timestamp`]: a `date-time` as the server wrote it.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// A `date-time` value, kept as the text the server sent: it decodes from
/// any JSON string, and from a number (some answers send Unix seconds where
/// their schema says `date-time`), and encodes back exactly as it was read,
/// a string as a string and a number as a number.
///
/// [`Timestamp::to_system_time`] reads the time itself, on demand. A
/// [`SystemTime`] converts into the types of the date libraries: chrono's
/// `DateTime<Utc>` (`From<SystemTime>`), time's `OffsetDateTime`
/// (`From<SystemTime>`), jiff's `Timestamp` (`TryFrom<SystemTime>`).
///
/// Timestamps compare and sort by their text, which is chronological for
/// texts of one form and one offset, as the API writes them (UTC, `Z`).
///
/// ```
/// use endpoint::model::Timestamp;
/// use std::time::{Duration, UNIX_EPOCH};
///
/// let created: Timestamp = serde_json::from_str(r#""2011-01-26T19:01:12Z""#)?;
/// assert_eq!(created.as_str(), "2011-01-26T19:01:12Z");
/// assert_eq!(created.to_system_time()?, UNIX_EPOCH + Duration::from_secs(1_296_068_472));
///
/// // Unix seconds, written back as a number.
/// let pushed: Timestamp = serde_json::from_str("1296068472")?;
/// assert_eq!(pushed.to_system_time()?, created.to_system_time()?);
/// assert_eq!(serde_json::to_string(&pushed)?, "1296068472");
///
/// // Any text decodes; only reading the time can fail.
/// let odd = Timestamp::from("yesterday");
/// assert_eq!(
///     odd.to_system_time().unwrap_err().to_string(),
///     "`yesterday` is not a date-time (RFC 3339): the year is not 4 digits"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp {
    /// The text as sent, or the number's decimal text.
    text: String,
    /// Whether it was sent as a JSON number.
    number: bool,
}

impl Timestamp {
    /// The text as it was sent; for a number, its decimal text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the server sent a number (Unix seconds) rather than text.
    pub fn is_number(&self) -> bool {
        self.number
    }

    /// The time itself.
    ///
    /// Text is read as RFC 3339 (the `date-time` of JSON Schema and OpenAPI),
    /// as the API writes it: `2011-01-26T19:01:12Z`,
    /// `2011-01-26T19:01:12.123Z`, `2011-01-26T11:01:12-08:00`; also with a
    /// space or a lowercase `t` between date and time, an offset without its
    /// colon (`+0000`) or of hours alone (`+01`), and `UTC` or `GMT` for the
    /// zone (`2011-01-26 19:01:12 UTC`). Fractions of a second are kept to the
    /// nanosecond. A second of 60 (a leap second) is read as the first second
    /// of the next minute. A number is Unix seconds (a fraction is kept).
    ///
    /// # Errors
    /// A [`TimestampError`] naming the text, when it is not a date-time of
    /// these forms, a field is out of range (a 13th month, a 30 February, an
    /// hour 24, an offset of 24 hours), there is no time zone, or the time is
    /// out of the range of [`SystemTime`].
    pub fn to_system_time(&self) -> Result<SystemTime, TimestampError> {
        let (seconds, nanos) = if self.number {
            unix_seconds(&self.text)
        } else {
            rfc3339(&self.text)
        }
        .map_err(|reason| TimestampError {
            text: self.text.clone(),
            reason,
        })?;
        let magnitude = Duration::from_secs(seconds.unsigned_abs());
        let whole = if seconds >= 0 {
            UNIX_EPOCH.checked_add(magnitude)
        } else {
            UNIX_EPOCH.checked_sub(magnitude)
        };
        whole
            .and_then(|time| time.checked_add(Duration::from_nanos(u64::from(nanos))))
            .ok_or_else(|| TimestampError {
                text: self.text.clone(),
                reason: "the time is out of the range of this system's clock",
            })
    }
}

impl fmt::Debug for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.number {
            write!(f, "Timestamp({})", self.text)
        } else {
            write!(f, "Timestamp({:?})", self.text)
        }
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.text)
    }
}

impl From<String> for Timestamp {
    fn from(text: String) -> Timestamp {
        Timestamp {
            text,
            number: false,
        }
    }
}

impl From<&str> for Timestamp {
    fn from(text: &str) -> Timestamp {
        Timestamp::from(text.to_owned())
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.number {
            if let Ok(number) = self.text.parse::<i64>() {
                return serializer.serialize_i64(number);
            }
            if let Ok(number) = self.text.parse::<u64>() {
                return serializer.serialize_u64(number);
            }
            if let Ok(number) = self.text.parse::<f64>() {
                return serializer.serialize_f64(number);
            }
        }
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Timestamp, D::Error> {
        struct TimestampVisitor;

        impl Visitor<'_> for TimestampVisitor {
            type Value = Timestamp;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a date-time: a string, or a number of seconds")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Timestamp, E> {
                Ok(Timestamp::from(text))
            }

            fn visit_string<E: de::Error>(self, text: String) -> Result<Timestamp, E> {
                Ok(Timestamp::from(text))
            }

            fn visit_i64<E: de::Error>(self, number: i64) -> Result<Timestamp, E> {
                Ok(number_text(number.to_string()))
            }

            fn visit_u64<E: de::Error>(self, number: u64) -> Result<Timestamp, E> {
                Ok(number_text(number.to_string()))
            }

            fn visit_f64<E: de::Error>(self, number: f64) -> Result<Timestamp, E> {
                Ok(number_text(number.to_string()))
            }
        }

        deserializer.deserialize_any(TimestampVisitor)
    }
}

fn number_text(text: String) -> Timestamp {
    Timestamp { text, number: true }
}

/// Why a [`Timestamp`] is not a time: its text, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimestampError {
    text: String,
    reason: &'static str,
}

impl TimestampError {
    /// The timestamp's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What is wrong with it.
    pub fn reason(&self) -> &str {
        self.reason
    }
}

impl fmt::Display for TimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a date-time (RFC 3339): {}",
            self.text, self.reason
        )
    }
}

impl std::error::Error for TimestampError {}

/// Seconds and nanoseconds since the Unix epoch, from a JSON number's text.
fn unix_seconds(text: &str) -> Result<(i64, u32), &'static str> {
    if let Ok(seconds) = text.parse::<i64>() {
        return Ok((seconds, 0));
    }
    let number = text
        .parse::<f64>()
        .map_err(|_| "the number is not a number of seconds")?;
    // Beyond ±2^63 seconds (and for NaN) there is no time.
    if !number.is_finite() || number.abs() >= 9.2e18 {
        return Err("the time is out of the range of this system's clock");
    }
    let whole = number.floor();
    let nanos = ((number - whole) * 1e9) as u32;
    Ok((whole as i64, nanos.min(999_999_999)))
}

/// A cursor over the bytes of a date-time.
struct Cursor<'t> {
    bytes: &'t [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Takes `byte` if it is next.
    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    /// Takes `word` (any case) if it is next.
    fn eat_word(&mut self, word: &str) -> bool {
        let end = self.at + word.len();
        let found = self
            .bytes
            .get(self.at..end)
            .is_some_and(|next| next.eq_ignore_ascii_case(word.as_bytes()));
        if found {
            self.at = end;
        }
        found
    }

    /// `count` decimal digits as a number.
    fn digits(&mut self, count: usize, error: &'static str) -> Result<u32, &'static str> {
        let end = self.at + count;
        let digits = self.bytes.get(self.at..end).ok_or(error)?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(error);
        }
        self.at = end;
        Ok(digits
            .iter()
            .fold(0, |number, digit| number * 10 + u32::from(digit - b'0')))
    }

    fn expect(&mut self, byte: u8, error: &'static str) -> Result<(), &'static str> {
        if self.eat(byte) { Ok(()) } else { Err(error) }
    }
}

/// Seconds and nanoseconds since the Unix epoch, from an RFC 3339 text.
fn rfc3339(text: &str) -> Result<(i64, u32), &'static str> {
    let mut cursor = Cursor {
        bytes: text.as_bytes(),
        at: 0,
    };
    let year = cursor.digits(4, "the year is not 4 digits")?;
    cursor.expect(b'-', "no `-` after the year")?;
    let month = cursor.digits(2, "the month is not 2 digits")?;
    cursor.expect(b'-', "no `-` after the month")?;
    let day = cursor.digits(2, "the day is not 2 digits")?;
    if !(1..=12).contains(&month) {
        return Err("the month is out of range (01 to 12)");
    }
    if day == 0 || day > days_in_month(year, month) {
        return Err("the day is out of range for its month");
    }
    if !(cursor.eat(b'T') || cursor.eat(b't') || cursor.eat(b' ')) {
        return Err("no `T` between the date and the time");
    }
    let hour = cursor.digits(2, "the hour is not 2 digits")?;
    cursor.expect(b':', "no `:` after the hour")?;
    let minute = cursor.digits(2, "the minute is not 2 digits")?;
    cursor.expect(b':', "no `:` after the minute")?;
    let second = cursor.digits(2, "the second is not 2 digits")?;
    if hour > 23 {
        return Err("the hour is out of range (00 to 23)");
    }
    if minute > 59 {
        return Err("the minute is out of range (00 to 59)");
    }
    if second > 60 {
        return Err("the second is out of range (00 to 60)");
    }
    let mut nanos = 0;
    if cursor.eat(b'.') || cursor.eat(b',') {
        let start = cursor.at;
        while let Some(digit) = cursor.peek().filter(u8::is_ascii_digit) {
            let place = cursor.at - start;
            if place < 9 {
                nanos += u32::from(digit - b'0') * 10u32.pow(8 - place as u32);
            }
            cursor.at += 1;
        }
        if cursor.at == start {
            return Err("no digits after the decimal point of the seconds");
        }
    }
    let offset = zone(&mut cursor)?;
    if cursor.at != cursor.bytes.len() {
        return Err("unexpected text after the time zone");
    }
    // A four-digit year: the count fits.
    let days = super::civil::days_from_civil(i64::from(year), month, day).unwrap_or_default();
    let seconds = days * 86_400 + i64::from(hour * 3_600 + minute * 60 + second) - offset;
    Ok((seconds, nanos))
}

/// The offset from UTC in seconds: `Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM` or
/// `±HH`, after at most one space.
fn zone(cursor: &mut Cursor<'_>) -> Result<i64, &'static str> {
    let spaced = cursor.eat(b' ');
    if cursor.eat(b'Z') || cursor.eat(b'z') || cursor.eat_word("UTC") || cursor.eat_word("GMT") {
        return Ok(0);
    }
    let sign = match cursor.peek() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        None if !spaced => return Err("no time zone (`Z` or an offset like `+01:00`)"),
        _ => return Err("the time zone is not `Z` or an offset like `+01:00`"),
    };
    cursor.at += 1;
    let hours = cursor.digits(2, "the offset's hours are not 2 digits")?;
    // `±HH:MM`, `±HHMM`, or `±HH` at the end.
    let minutes = if cursor.eat(b':') || cursor.peek().is_some() {
        cursor.digits(2, "the offset's minutes are not 2 digits")?
    } else {
        0
    };
    if hours > 23 || minutes > 59 {
        return Err("the offset is out of range (at most 23:59)");
    }
    Ok(sign * i64::from(hours * 3_600 + minutes * 60))
}

fn is_leap(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(text: &str) -> Result<i64, String> {
        let time = Timestamp::from(text)
            .to_system_time()
            .map_err(|err| err.to_string())?;
        Ok(match time.duration_since(UNIX_EPOCH) {
            Ok(after) => after.as_secs() as i64,
            Err(before) => -(before.duration().as_secs() as i64),
        })
    }

    #[test]
    fn github_forms() {
        assert_eq!(seconds("2011-01-26T19:01:12Z"), Ok(1_296_068_472));
        assert_eq!(seconds("2011-01-26T11:01:12-08:00"), Ok(1_296_068_472));
        assert_eq!(seconds("2011-01-27T00:31:12+05:30"), Ok(1_296_068_472));
        assert_eq!(seconds("2011-01-26T19:01:12+0000"), Ok(1_296_068_472));
        assert_eq!(seconds("2011-01-26T20:01:12+01"), Ok(1_296_068_472));
        assert_eq!(seconds("2011-01-26 19:01:12 UTC"), Ok(1_296_068_472));
        assert_eq!(seconds("2011-01-26 19:01:12 +0000"), Ok(1_296_068_472));
        assert_eq!(seconds("2011-01-26t19:01:12z"), Ok(1_296_068_472));
        assert_eq!(seconds("1970-01-01T00:00:00Z"), Ok(0));
        assert_eq!(seconds("1969-12-31T23:59:59Z"), Ok(-1));
        assert_eq!(seconds("0000-03-01T00:00:00Z"), Ok(-62_162_035_200));
        assert_eq!(seconds("9999-12-31T23:59:59Z"), Ok(253_402_300_799));
        // A leap second is the next minute's first.
        assert_eq!(
            seconds("2016-12-31T23:59:60Z"),
            seconds("2017-01-01T00:00:00Z")
        );

        let precise = Timestamp::from("2011-01-26T19:01:12.123456789123Z")
            .to_system_time()
            .unwrap();
        assert_eq!(
            precise,
            UNIX_EPOCH + Duration::new(1_296_068_472, 123_456_789)
        );
        let millis = Timestamp::from("2011-01-26T19:01:12.5Z")
            .to_system_time()
            .unwrap();
        assert_eq!(
            millis,
            UNIX_EPOCH + Duration::new(1_296_068_472, 500_000_000)
        );
    }

    #[test]
    fn leap_years() {
        assert_eq!(seconds("2024-02-29T00:00:00Z"), Ok(1_709_164_800));
        assert_eq!(seconds("2000-02-29T00:00:00Z"), Ok(951_782_400));
        assert_eq!(seconds("2024-03-01T00:00:00Z"), Ok(1_709_251_200));
        for not_leap in [
            "2023-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z",
            "2100-02-29T00:00:00Z",
        ] {
            assert_eq!(
                seconds(not_leap),
                Err(format!(
                    "`{not_leap}` is not a date-time (RFC 3339): the day is out of range for its month"
                ))
            );
        }
        assert!(seconds("2024-02-30T00:00:00Z").is_err());
        assert!(seconds("2024-04-31T00:00:00Z").is_err());
        assert!(seconds("2024-12-31T00:00:00Z").is_ok());
    }

    #[test]
    fn out_of_range_and_malformed_are_refused() {
        for (text, reason) in [
            (
                "2011-13-01T00:00:00Z",
                "the month is out of range (01 to 12)",
            ),
            (
                "2011-00-01T00:00:00Z",
                "the month is out of range (01 to 12)",
            ),
            (
                "2011-01-00T00:00:00Z",
                "the day is out of range for its month",
            ),
            (
                "2011-01-32T00:00:00Z",
                "the day is out of range for its month",
            ),
            (
                "2011-01-26T24:00:00Z",
                "the hour is out of range (00 to 23)",
            ),
            (
                "2011-01-26T19:60:00Z",
                "the minute is out of range (00 to 59)",
            ),
            (
                "2011-01-26T19:01:61Z",
                "the second is out of range (00 to 60)",
            ),
            (
                "2011-01-26T19:01:12+24:00",
                "the offset is out of range (at most 23:59)",
            ),
            (
                "2011-01-26T19:01:12+01:60",
                "the offset is out of range (at most 23:59)",
            ),
            (
                "2011-01-26T19:01:12",
                "no time zone (`Z` or an offset like `+01:00`)",
            ),
            (
                "2011-01-26T19:01:12 PST",
                "the time zone is not `Z` or an offset like `+01:00`",
            ),
            (
                "2011-01-26T19:01:12.Z",
                "no digits after the decimal point of the seconds",
            ),
            (
                "2011-01-26T19:01:12Zjunk",
                "unexpected text after the time zone",
            ),
            ("2011-01-26T19:01Z", "no `:` after the minute"),
            ("2011-01-26", "no `T` between the date and the time"),
            ("2011-1-26T19:01:12Z", "the month is not 2 digits"),
            ("", "the year is not 4 digits"),
            ("+2011-01-26T19:01:12Z", "the year is not 4 digits"),
            ("２０１１-01-26T19:01:12Z", "the year is not 4 digits"),
            (
                "2011-01-26T19:01:12+1",
                "the offset's hours are not 2 digits",
            ),
            (
                "2011-01-26T19:01:12+01:0",
                "the offset's minutes are not 2 digits",
            ),
        ] {
            assert_eq!(
                seconds(text),
                Err(format!("`{text}` is not a date-time (RFC 3339): {reason}")),
                "{text}"
            );
        }
        let error = Timestamp::from("2011-13-01T00:00:00Z")
            .to_system_time()
            .unwrap_err();
        assert_eq!(error.text(), "2011-13-01T00:00:00Z");
        assert_eq!(error.reason(), "the month is out of range (01 to 12)");
    }

    #[test]
    fn numbers_are_unix_seconds_and_stay_numbers() {
        for (json, text, secs) in [
            ("1296068472", "1296068472", 1_296_068_472i64),
            ("-1", "-1", -1),
            ("0", "0", 0),
        ] {
            let stamp: Timestamp = serde_json::from_str(json).unwrap();
            assert!(stamp.is_number());
            assert_eq!(stamp.as_str(), text);
            assert_eq!(stamp.to_string(), text);
            assert_eq!(serde_json::to_string(&stamp).unwrap(), json);
            let time = stamp.to_system_time().unwrap();
            let expected = if secs >= 0 {
                UNIX_EPOCH + Duration::from_secs(secs as u64)
            } else {
                UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs())
            };
            assert_eq!(time, expected);
        }
        let big: Timestamp = serde_json::from_str("18446744073709551615").unwrap();
        assert_eq!(serde_json::to_string(&big).unwrap(), "18446744073709551615");
        assert!(big.to_system_time().is_err());
        let fraction: Timestamp = serde_json::from_str("1.5").unwrap();
        assert_eq!(serde_json::to_string(&fraction).unwrap(), "1.5");
        assert_eq!(
            fraction.to_system_time().unwrap(),
            UNIX_EPOCH + Duration::from_millis(1_500)
        );
        let huge: Timestamp = serde_json::from_str("1e300").unwrap();
        assert!(huge.to_system_time().is_err());
        assert_eq!(format!("{big:?}"), "Timestamp(18446744073709551615)");
    }

    #[test]
    fn text_is_kept_exactly() {
        for text in [
            "2011-01-26T19:01:12Z",
            "not a date",
            "",
            "2011-01-26T19:01:12.000+00:00",
        ] {
            let json = serde_json::to_string(text).unwrap();
            let stamp: Timestamp = serde_json::from_str(&json).unwrap();
            assert!(!stamp.is_number());
            assert_eq!(stamp.as_str(), text);
            assert_eq!(stamp, Timestamp::from(text));
            assert_eq!(serde_json::to_string(&stamp).unwrap(), json);
        }
        assert_eq!(format!("{:?}", Timestamp::from("x")), r#"Timestamp("x")"#);
        assert_eq!(format!("{:>4}", Timestamp::from("x")), "   x");
        // Other JSON types are type errors.
        for json in ["true", "null", "[]", "{}"] {
            let error = serde_json::from_str::<Timestamp>(json).unwrap_err();
            assert!(
                error.to_string().contains("expected a date-time"),
                "{error}"
            );
        }
        // Text order is time order for one form.
        assert!(Timestamp::from("2011-01-26T19:01:12Z") < Timestamp::from("2012-01-01T00:00:00Z"));
    }
}
