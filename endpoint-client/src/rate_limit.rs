//! The rate-limit headers of answers — `x-ratelimit-*`, the
//! IETF's `RateLimit` and `RateLimit-Policy` (every published form of
//! draft-ietf-httpapi-ratelimit-headers), `retry-after` (RFC 9110) — and
//! the texts that tell a person when to retry.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use endpoint_runtime::model::Timestamp;
use endpoint_runtime::sibling::{civil_from_days, days_from_civil};
use http::HeaderMap;
use sfparse::{Parser, Value};

/// The rate-limit headers of an answer. Every field is `None` when its
/// header is missing or unreadable.
///
/// Read from, in this order (the first that gives a field gives it):
///
/// - `x-ratelimit-limit`, `-remaining`, `-used`, `-reset`, `-resource`
///   (the most common), and `x-rate-limit-*`; a count may be a
///   decimal (`99.0`, Reddit's), rounded down. A reset is Unix seconds (a
///   decimal too: `1700000000.250`), Unix milliseconds when it is that
///   large, seconds from now when it is too small to be a time of this
///   century (`x-ratelimit-reset: 42`, Reddit's), or a date-time (RFC 3339
///   or an HTTP-date);
/// - the IETF's fields (draft-ietf-httpapi-ratelimit-headers), in each
///   form its drafts published: `RateLimit: "default";r=50;t=30` with
///   `RateLimit-Policy: "default";q=100;w=60` (drafts 08 and later: the
///   policy whose remaining quota is the lowest counts),
///   `RateLimit: limit=100, remaining=50, reset=30` (draft 07), and
///   `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (drafts
///   up to 06); their reset is seconds from now, or Unix seconds when it
///   is that large (as GitLab sends `RateLimit-Reset`);
/// - `retry-after` (RFC 9110): delay-seconds (a decimal too, as Shopify
///   sends `2.0`) or an HTTP-date.
///
/// "Now" is the answer's `date` when it has one (so that a reset or a
/// date is measured by the server's clock, which the client then maps
/// onto its own), this machine's clock otherwise.
///
/// ```
/// use endpoint::client::RateLimit;
/// use std::time::{Duration, UNIX_EPOCH};
///
/// let mut headers = http::HeaderMap::new();
/// headers.insert("x-ratelimit-limit", "5000".parse()?);
/// headers.insert("x-ratelimit-remaining", "4999".parse()?);
/// headers.insert("x-ratelimit-reset", "1507651200".parse()?);
/// headers.insert("x-ratelimit-resource", "core".parse()?);
/// let limit = RateLimit::from_headers(&headers);
/// assert_eq!(limit.remaining, Some(4999));
/// assert_eq!(limit.reset, Some(UNIX_EPOCH + Duration::from_secs(1507651200)));
/// assert_eq!(limit.retry_after, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RateLimit {
    /// `x-ratelimit-limit`, or the IETF quota (`q`, `limit`): requests
    /// allowed per window.
    pub limit: Option<u64>,
    /// `x-ratelimit-remaining`, or the IETF remaining quota (`r`,
    /// `remaining`): requests left in the window.
    pub remaining: Option<u64>,
    /// `x-ratelimit-used`: requests made in the window.
    pub used: Option<u64>,
    /// `x-ratelimit-reset`, or the IETF reset (`t`, `reset`): when the
    /// window resets.
    pub reset: Option<SystemTime>,
    /// `x-ratelimit-resource`: the limit's pool (`core`, `search`, …).
    pub resource: Option<String>,
    /// `retry-after`: how long to wait, from delay-seconds, or from an
    /// HTTP-date measured from the answer's `date` header (or from now when
    /// it has none).
    pub retry_after: Option<Duration>,
}

impl RateLimit {
    /// Reads the rate-limit headers of an answer.
    ///
    /// ```
    /// use endpoint::client::RateLimit;
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// // An API following the IETF's fields.
    /// let mut headers = http::HeaderMap::new();
    /// headers.insert("date", "Tue, 10 Oct 2017 16:00:00 GMT".parse()?);
    /// headers.insert("ratelimit", r#""default";r=0;t=30"#.parse()?);
    /// headers.insert("ratelimit-policy", r#""default";q=100;w=60"#.parse()?);
    /// let limit = RateLimit::from_headers(&headers);
    /// assert_eq!(limit.limit, Some(100));
    /// assert_eq!(limit.remaining, Some(0));
    /// assert_eq!(limit.reset, Some(UNIX_EPOCH + Duration::from_secs(1507651230)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_headers(headers: &HeaderMap) -> RateLimit {
        let text = |name: &str| {
            headers
                .get(name)
                .and_then(|value| value.to_str().ok())
                .map(str::trim)
        };
        let date = text("date").and_then(http_date);
        let now = || date.unwrap_or_else(SystemTime::now);
        let number = |names: [&str; 2]| names.into_iter().find_map(|name| count(text(name)?));
        let ietf = ietf(headers);
        RateLimit {
            limit: number(["x-ratelimit-limit", "x-rate-limit-limit"]).or(ietf.limit),
            remaining: number(["x-ratelimit-remaining", "x-rate-limit-remaining"])
                .or(ietf.remaining),
            used: number(["x-ratelimit-used", "x-rate-limit-used"]),
            reset: ["x-ratelimit-reset", "x-rate-limit-reset"]
                .into_iter()
                .find_map(|name| reset_text(text(name)?, now))
                .or_else(|| reset_time(ietf.reset? as f64, now)),
            resource: text("x-ratelimit-resource").map(str::to_owned),
            retry_after: text("retry-after").and_then(|value| retry_after(value, date)),
        }
    }
}

/// A count: a whole number, or a decimal one rounded down (Reddit sends
/// `x-ratelimit-remaining: 99.0`).
fn count(text: &str) -> Option<u64> {
    if let Ok(whole) = text.parse::<u64>() {
        return Some(whole);
    }
    // A float beyond u64 saturates: no quota is that large anyway.
    Some(decimal(text)? as u64)
}

/// A number written with digits and a decimal point alone (no sign, no
/// exponent, no `inf`): `2.0`, `99.5`.
fn decimal(text: &str) -> Option<f64> {
    if !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    text.parse::<f64>().ok().filter(|n| n.is_finite())
}

/// An `x-ratelimit-reset` as sent: a number ([`reset_time`]), or a
/// date-time (RFC 3339, as Atlassian's APIs send it; an HTTP-date).
fn reset_text(text: &str, now: impl Fn() -> SystemTime) -> Option<SystemTime> {
    if let Ok(number) = text.parse::<f64>() {
        return reset_time(number, now);
    }
    Timestamp::from(text)
        .to_system_time()
        .ok()
        .or_else(|| http_date(text))
}

/// The Unix seconds a reset may be: from 2001-09-09 (a smaller number is
/// seconds from now, as no window resets in the past) to the year 5138.
const UNIX_SECONDS: std::ops::Range<f64> = 1e9..1e11;

/// The Unix milliseconds a reset may be: the same years. A number between
/// the two ranges, or above, is no time a server means.
const UNIX_MILLIS: std::ops::Range<f64> = 1e12..1e14;

/// An `x-ratelimit-reset`: Unix seconds (or milliseconds, when that large;
/// a decimal too), or seconds from `now` when too small to be a time; no
/// time when too large for either.
fn reset_time(number: f64, now: impl Fn() -> SystemTime) -> Option<SystemTime> {
    if !number.is_finite() || number < 0.0 {
        return None;
    }
    let (from, seconds) = match number {
        n if n < UNIX_SECONDS.start => (now(), n),
        n if UNIX_SECONDS.contains(&n) => (UNIX_EPOCH, n),
        n if UNIX_MILLIS.contains(&n) => (UNIX_EPOCH, n / 1000.0),
        _ => return None,
    };
    from.checked_add(Duration::try_from_secs_f64(seconds).ok()?)
}

/// What the IETF's fields say: the quota, what is left of it, and the
/// seconds until it resets.
#[derive(Default)]
struct Ietf {
    limit: Option<u64>,
    remaining: Option<u64>,
    reset: Option<u64>,
}

/// The IETF's fields of `headers`, in the form of the latest drafts
/// (`RateLimit: "name";r=…;t=…` and `RateLimit-Policy: "name";q=…`), of
/// draft 07 (`RateLimit: limit=…, remaining=…, reset=…`) or of the drafts
/// before (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`).
/// A field that is no Structured Field Value (RFC 9651) says nothing.
fn ietf(headers: &HeaderMap) -> Ietf {
    let field = |name: &str| -> Option<Vec<u8>> {
        let mut lines = headers.get_all(name).iter();
        let mut joined = lines.next()?.as_bytes().to_vec();
        // Lines of one field are one list (RFC 9110, section 5.3).
        for line in lines {
            joined.extend_from_slice(b", ");
            joined.extend_from_slice(line.as_bytes());
        }
        Some(joined)
    };
    let mut found = Ietf::default();
    if let Some(value) = field("ratelimit") {
        found = ietf_policies(&value, field("ratelimit-policy").as_deref())
            .or_else(|| ietf_dictionary(&value))
            .unwrap_or_default();
    }
    let first_integer = |name: &str| -> Option<u64> {
        let value = field(name)?;
        let mut parser = Parser::new(&value);
        match parser.parse_list() {
            Ok(Some(Value::Integer(n))) => u64::try_from(n).ok(),
            _ => None,
        }
    };
    Ietf {
        limit: found.limit.or_else(|| first_integer("ratelimit-limit")),
        remaining: found
            .remaining
            .or_else(|| first_integer("ratelimit-remaining")),
        reset: found.reset.or_else(|| first_integer("ratelimit-reset")),
    }
}

/// `RateLimit: "name";r=…;t=…, …` with its `RateLimit-Policy`: the
/// policy with the least left (of equals, the one resetting last), and its
/// quota from the policy of the same name.
fn ietf_policies(value: &[u8], policies: Option<&[u8]>) -> Option<Ietf> {
    // (name, remaining, reset) of the policy that counts.
    let mut counts: Option<(Vec<u8>, u64, Option<u64>)> = None;
    let mut parser = Parser::new(value);
    while let Some(member) = parser.parse_list().ok()? {
        if matches!(member, Value::InnerList) {
            continue;
        }
        let name = item_name(value, &member);
        let (mut remaining, mut reset) = (None, None);
        while let Some((key, param)) = parser.parse_param().ok()? {
            match (key, param) {
                ("r", Value::Integer(n)) => remaining = u64::try_from(n).ok(),
                ("t", Value::Integer(n)) => reset = u64::try_from(n).ok(),
                _ => {}
            }
        }
        let (Some(name), Some(remaining)) = (name, remaining) else {
            continue;
        };
        let counts_more = counts.as_ref().is_none_or(|(_, least, last)| {
            remaining < *least || (remaining == *least && reset > *last)
        });
        if counts_more {
            counts = Some((name.to_vec(), remaining, reset));
        }
    }
    let (name, remaining, reset) = counts?;
    Some(Ietf {
        limit: policies.and_then(|policies| quota(policies, &name)),
        remaining: Some(remaining),
        reset,
    })
}

/// The quota (`q`) of the policy `name` in a `RateLimit-Policy`.
fn quota(policies: &[u8], name: &[u8]) -> Option<u64> {
    let mut parser = Parser::new(policies);
    let mut quota = None;
    // Every parameter is read, and a field that fails to parse says
    // nothing (the parser is not asked again after an error).
    while let Some(member) = parser.parse_list().ok()? {
        let same = item_name(policies, &member) == Some(name);
        if matches!(member, Value::InnerList) {
            continue;
        }
        while let Some((key, param)) = parser.parse_param().ok()? {
            if let ("q", Value::Integer(n), true) = (key, param, same) {
                quota = u64::try_from(n).ok();
            }
        }
    }
    quota
}

/// The name of a list member: a string (`"default"`) or a token.
fn item_name<'v>(value: &'v [u8], member: &Value) -> Option<&'v [u8]> {
    match member {
        Value::String { range, .. } | Value::Token(range) => value.get(range.clone()),
        _ => None,
    }
}

/// `RateLimit: limit=…, remaining=…, reset=…` (draft 07).
fn ietf_dictionary(value: &[u8]) -> Option<Ietf> {
    let mut found = Ietf::default();
    let mut parser = Parser::new(value);
    while let Some((key, member)) = parser.parse_dict().ok()? {
        let Value::Integer(n) = member else { continue };
        let n = u64::try_from(n).ok();
        match key {
            "limit" => found.limit = n,
            "remaining" => found.remaining = n,
            "reset" => found.reset = n,
            _ => {}
        }
    }
    Some(found)
}

/// Which kind of rate limit refused or holds back a request. APIs name
/// their limits their own way ([`ApiPolicy::limit_name`](super::ApiPolicy::limit_name):
/// GitHub's primary and secondary limits); the client knows two kinds, by
/// what they ask of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateLimitKind {
    /// A quota: no request left in the window (`x-ratelimit-remaining: 0`,
    /// the IETF's `remaining=0`) until its reset. The requests counting
    /// against the same quota wait for the reset.
    Quota,
    /// A pause the server asked for (too many requests at once, or too
    /// fast): a `retry-after`, or what the API's policy reads as one. Every
    /// request waits until it is over.
    Pause,
}

/// `retry-after`: delay-seconds (or a decimal number of them), or an
/// HTTP-date measured from `now` (the answer's date when known).
fn retry_after(value: &str, date: Option<SystemTime>) -> Option<Duration> {
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    if let Some(seconds) = decimal(value) {
        return Duration::try_from_secs_f64(seconds).ok();
    }
    let at = http_date(value)?;
    let now = date.unwrap_or_else(SystemTime::now);
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form RFC 9110
/// requires senders to use.
pub(crate) fn http_date(value: &str) -> Option<SystemTime> {
    let rest = value.split_once(", ")?.1;
    let mut parts = rest.split(' ');
    let day: u64 = parts.next()?.parse().ok()?;
    let month = parts.next()?;
    let year: u64 = parts.next()?.parse().ok()?;
    let time = parts.next()?;
    if parts.next()? != "GMT" || parts.next().is_some() {
        return None;
    }
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|name| *name == month)? as u64 + 1;
    let mut clock = time.split(':').map(|part| part.parse::<u64>().ok());
    let (hour, minute, second) = (clock.next()??, clock.next()??, clock.next()??);
    if clock.next().is_some() || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60
    {
        return None;
    }
    // A year no clock reaches (a server may send any number) is no date,
    // and so is one before 1970.
    let days = days_from_civil(i64::try_from(year).ok()?, month as u32, day as u32)?;
    let seconds = u64::try_from(days)
        .ok()?
        .checked_mul(86_400)?
        .checked_add(hour * 3_600 + minute * 60 + second)?;
    UNIX_EPOCH.checked_add(Duration::from_secs(seconds))
}

/// `time` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form of
/// a `date` header; a time before 1970 as 1970's first second.
pub(crate) fn imf_fixdate(time: SystemTime) -> String {
    const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let days = seconds / 86_400;
    let (year, month, day) =
        civil_from_days(i64::try_from(days).unwrap_or(i64::MAX)).unwrap_or((9999, 12, 31));
    let second_of_day = seconds % 86_400;
    format!(
        "{}, {day:02} {} {year:04} {:02}:{:02}:{:02} GMT",
        WEEKDAYS[(days % 7) as usize],
        MONTHS[(month as usize).clamp(1, 12) - 1],
        second_of_day / 3_600,
        second_of_day / 60 % 60,
        second_of_day % 60
    )
}

/// A time as people read it, in UTC: `2026-11-26 09:12:55 UTC` (a time
/// before 1970 reads as 1970's first second).
pub(crate) fn utc_text(time: SystemTime) -> String {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    // Any `SystemTime`'s day count fits, and so does its year.
    let (year, month, day) = civil_from_days(i64::try_from(seconds / 86_400).unwrap_or(i64::MAX))
        .unwrap_or((9999, 12, 31));
    let second_of_day = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        second_of_day / 3_600,
        second_of_day / 60 % 60,
        second_of_day % 60
    )
}

/// How long `wait` is, as people say it: `1.5 s`, `42 s`, `7 min`,
/// `3 h 5 min`, `12 days`, rounded up to its last unit, so that a wait is
/// never told shorter than it is.
pub(crate) fn duration_text(wait: Duration) -> String {
    if wait < Duration::from_secs(10) && wait.subsec_nanos() > 0 {
        return format!("{:.1} s", (wait.as_secs_f64() * 10.0).ceil() / 10.0);
    }
    let seconds = wait
        .as_secs()
        .saturating_add(u64::from(wait.subsec_nanos() > 0));
    match seconds {
        0..120 => format!("{seconds} s"),
        120..7_200 => format!("{} min", seconds.div_ceil(60)),
        7_200..172_800 => {
            let minutes = seconds.div_ceil(60);
            match minutes % 60 {
                0 => format!("{} h", minutes / 60),
                rest => format!("{} h {rest} min", minutes / 60),
            }
        }
        _ => format!("{} days", seconds.div_ceil(86_400)),
    }
}

/// When to retry, for a person: `at 2026-11-26 09:12:55 UTC (in 42 min)`,
/// `(now)` for a time that has passed at `now`.
pub(crate) fn retry_text(at: SystemTime, now: SystemTime) -> String {
    match at.duration_since(now) {
        Ok(wait) if !wait.is_zero() => {
            format!("at {} (in {})", utc_text(at), duration_text(wait))
        }
        _ => format!("at {} (now)", utc_text(at)),
    }
}

/// A rate limit as refusals and waits name it: by the name the API's
/// policy gives it ([`ApiPolicy::limit_name`](super::ApiPolicy::limit_name)),
/// with its resource when known (`secondary rate limit of `core``); an
/// API whose limits have no names as `rate limit`.
pub(crate) fn limit_text(name: Option<&str>, resource: Option<&str>) -> String {
    match (name, resource) {
        (Some(name), Some(resource)) => format!("{name} of `{resource}`"),
        (Some(name), None) => name.to_owned(),
        (None, _) => "rate limit".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| {
                (
                    http::HeaderName::from_static(name),
                    value.parse().expect("a header value"),
                )
            })
            .collect()
    }

    #[test]
    fn dates_are_written_as_they_are_read() {
        assert_eq!(imf_fixdate(UNIX_EPOCH), "Thu, 01 Jan 1970 00:00:00 GMT");
        let time = UNIX_EPOCH + Duration::from_secs(784_111_777);
        assert_eq!(imf_fixdate(time), "Sun, 06 Nov 1994 08:49:37 GMT");
        let now = UNIX_EPOCH + Duration::from_secs(1_795_600_800);
        assert_eq!(http_date(&imf_fixdate(now)), Some(now));
    }

    #[test]
    fn every_header() {
        let limit = RateLimit::from_headers(&headers(&[
            ("x-ratelimit-limit", "5000"),
            ("x-ratelimit-remaining", "0"),
            ("x-ratelimit-used", "5000"),
            ("x-ratelimit-reset", "1700000000"),
            ("x-ratelimit-resource", "search"),
            ("retry-after", " 30 "),
        ]));
        assert_eq!(
            limit,
            RateLimit {
                limit: Some(5000),
                remaining: Some(0),
                used: Some(5000),
                reset: Some(UNIX_EPOCH + Duration::from_secs(1_700_000_000)),
                resource: Some("search".into()),
                retry_after: Some(Duration::from_secs(30)),
            }
        );
        assert_eq!(
            RateLimit::from_headers(&HeaderMap::new()),
            RateLimit::default()
        );
        let bad = RateLimit::from_headers(&headers(&[
            ("x-ratelimit-limit", "-1"),
            ("x-ratelimit-reset", "soon"),
            ("retry-after", "later"),
        ]));
        assert_eq!(bad, RateLimit::default());
    }

    #[test]
    fn resets_of_every_form() {
        let date = ("date", "Tue, 10 Oct 2017 16:00:00 GMT");
        let at = |seconds: u64| Some(UNIX_EPOCH + Duration::from_secs(seconds));
        let reset = |value: &str| {
            RateLimit::from_headers(&headers(&[date, ("x-ratelimit-reset", value)])).reset
        };
        assert_eq!(reset("1507651260"), at(1_507_651_260));
        assert_eq!(
            reset("1507651260.5"),
            Some(UNIX_EPOCH + Duration::from_millis(1_507_651_260_500))
        );
        assert_eq!(
            reset("1507651260500"),
            Some(UNIX_EPOCH + Duration::from_millis(1_507_651_260_500))
        );
        // Seconds from the answer's date.
        assert_eq!(reset("42"), at(1_507_651_242));
        for absurd in [
            "-1",
            "NaN",
            "inf",
            "500000000000",
            "1e20",
            "soon",
            "2017-13-10T16:01:00Z",
        ] {
            assert_eq!(reset(absurd), None, "{absurd}");
        }
        // Dates as text.
        assert_eq!(reset("2017-10-10T16:01:00Z"), at(1_507_651_260));
        assert_eq!(reset("Tue, 10 Oct 2017 16:01:00 GMT"), at(1_507_651_260));
        // Counts as decimals (Reddit's).
        let reddit = RateLimit::from_headers(&headers(&[
            ("x-ratelimit-remaining", "99.0"),
            ("x-ratelimit-used", "1"),
            ("x-ratelimit-reset", "420"),
        ]));
        assert_eq!((reddit.remaining, reddit.used), (Some(99), Some(1)));
        for bad in ["-1.0", "1e3", "NaN", "9.9.9"] {
            let limit = RateLimit::from_headers(&headers(&[("x-ratelimit-remaining", bad)]));
            assert_eq!(limit.remaining, None, "{bad}");
        }
        // Twitter's spelling.
        let twitter = RateLimit::from_headers(&headers(&[
            ("x-rate-limit-limit", "900"),
            ("x-rate-limit-remaining", "0"),
            ("x-rate-limit-reset", "1507651260"),
        ]));
        assert_eq!(
            (twitter.limit, twitter.remaining, twitter.reset),
            (Some(900), Some(0), at(1_507_651_260))
        );
    }

    #[test]
    fn the_ietf_fields_in_every_draft() {
        let date = ("date", "Tue, 10 Oct 2017 16:00:00 GMT");
        let read = |pairs: &[(&'static str, &str)]| {
            let limit = RateLimit::from_headers(&headers(pairs));
            (limit.limit, limit.remaining, limit.reset)
        };
        let at = |seconds: u64| Some(UNIX_EPOCH + Duration::from_secs(1_507_651_200 + seconds));
        // Drafts 08 and later: the policy with the least left counts.
        assert_eq!(
            read(&[
                date,
                ("ratelimit", r#""burst";r=3;t=5, "day";r=900;t=40000"#),
                (
                    "ratelimit-policy",
                    r#""burst";q=10;w=10, "day";q=1000;w=86400"#
                ),
            ]),
            (Some(10), Some(3), at(5))
        );
        assert_eq!(
            read(&[date, ("ratelimit", r#""default";r=0"#)]),
            (None, Some(0), None)
        );
        // Token names, a field over two lines, unknown parameters.
        let mut split = headers(&[date, ("ratelimit", "burst;r=9;t=1;pk=:YWJj:")]);
        split.append("ratelimit", "day;r=2;t=70".parse().unwrap());
        split.insert(
            "ratelimit-policy",
            "day;q=50;w=86400, burst;q=10".parse().unwrap(),
        );
        let limit = RateLimit::from_headers(&split);
        assert_eq!(
            (limit.limit, limit.remaining, limit.reset),
            (Some(50), Some(2), at(70))
        );
        // Draft 07's dictionary.
        assert_eq!(
            read(&[date, ("ratelimit", "limit=100, remaining=50, reset=30")]),
            (Some(100), Some(50), at(30))
        );
        // GitLab's `RateLimit-Reset`: Unix seconds.
        assert_eq!(
            read(&[
                date,
                ("ratelimit-remaining", "0"),
                ("ratelimit-reset", "1507651290")
            ]),
            (None, Some(0), at(90))
        );
        // The drafts before: three fields.
        assert_eq!(
            read(&[
                date,
                ("ratelimit-limit", "100, 100;w=60"),
                ("ratelimit-remaining", "0"),
                ("ratelimit-reset", "17"),
            ]),
            (Some(100), Some(0), at(17))
        );
        // The `x-ratelimit-*` headers win over the IETF's.
        assert_eq!(
            read(&[
                date,
                ("x-ratelimit-remaining", "7"),
                ("ratelimit", r#""default";r=0;t=5"#),
            ]),
            (None, Some(7), at(5))
        );
        // A parameter of another type is no value.
        assert_eq!(
            read(&[date, ("ratelimit", r#""default";r=5;t=abc"#)]),
            (None, Some(5), None)
        );
        // What is no Structured Field says nothing, and never panics.
        for bad in [
            r#""default";r=-1"#,
            "(a b);r=1",
            r#""unterminated"#,
            "limit=, remaining",
            ";;;",
            "r=1;t=2,,",
        ] {
            let (_, remaining, _) = read(&[date, ("ratelimit", bad), ("ratelimit-policy", bad)]);
            assert_eq!(remaining, None, "{bad}");
        }
    }

    #[test]
    fn decimal_retry_afters() {
        let wait =
            |value: &str| RateLimit::from_headers(&headers(&[("retry-after", value)])).retry_after;
        assert_eq!(wait("2.0"), Some(Duration::from_secs(2)));
        assert_eq!(wait("0.25"), Some(Duration::from_millis(250)));
        for bad in ["-1", "1e3", "inf", "NaN", "2.0.0", ""] {
            assert_eq!(wait(bad), None, "{bad}");
        }
    }

    #[test]
    fn http_dates() {
        assert_eq!(
            http_date("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(UNIX_EPOCH + Duration::from_secs(784_111_777))
        );
        assert_eq!(
            http_date("Tue, 10 Oct 2017 16:00:00 GMT"),
            Some(UNIX_EPOCH + Duration::from_secs(1_507_651_200))
        );
        assert_eq!(
            http_date("Thu, 29 Feb 2024 00:00:00 GMT"),
            Some(UNIX_EPOCH + Duration::from_secs(1_709_164_800))
        );
        for bad in [
            "",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:49 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
        ] {
            assert_eq!(http_date(bad), None, "{bad}");
        }
        // A date is measured from the answer's own date.
        let limit = RateLimit::from_headers(&headers(&[
            ("date", "Tue, 10 Oct 2017 16:00:00 GMT"),
            ("retry-after", "Tue, 10 Oct 2017 16:01:30 GMT"),
        ]));
        assert_eq!(limit.retry_after, Some(Duration::from_secs(90)));
    }

    #[test]
    fn absurd_dates_are_no_dates() {
        // Years no clock reaches: no date, no overflow.
        for text in [
            "Sun, 06 Nov 1000000000000 08:49:37 GMT",
            "Sun, 06 Nov 18446744073709551615 08:49:37 GMT",
            "Sun, 06 Jan 18446744073709551615 08:49:37 GMT",
        ] {
            assert_eq!(http_date(text), None, "{text}");
        }
        // Before 1970: no date either.
        assert_eq!(http_date("Wed, 31 Dec 1969 23:59:59 GMT"), None);
        let limit = RateLimit::from_headers(&headers(&[
            ("date", "Sun, 06 Nov 1000000000000 08:49:37 GMT"),
            ("retry-after", "Sun, 06 Nov 1000000000000 08:49:37 GMT"),
            ("x-ratelimit-reset", "18446744073709551615"),
        ]));
        assert_eq!(limit.retry_after, None);
        assert_eq!(limit.reset, None);
    }

    #[test]
    fn times_read_as_people_read_them() {
        let at = UNIX_EPOCH + Duration::from_secs(1_795_684_375);
        assert_eq!(utc_text(at), "2026-11-26 09:12:55 UTC");
        assert_eq!(utc_text(UNIX_EPOCH), "1970-01-01 00:00:00 UTC");
        assert_eq!(
            utc_text(UNIX_EPOCH + Duration::from_secs(1_709_164_800)),
            "2024-02-29 00:00:00 UTC"
        );
        assert_eq!(
            utc_text(UNIX_EPOCH + Duration::from_secs(32_503_680_000)),
            "3000-01-01 00:00:00 UTC"
        );
        let now = at - Duration::from_secs(42 * 60);
        assert_eq!(
            retry_text(at, now),
            "at 2026-11-26 09:12:55 UTC (in 42 min)"
        );
        assert_eq!(retry_text(at, at), "at 2026-11-26 09:12:55 UTC (now)");
        for (seconds, text) in [
            (0, "0 s"),
            (42, "42 s"),
            (119, "119 s"),
            (120, "2 min"),
            (121, "3 min"),
            (7_200, "2 h"),
            (7_260, "2 h 1 min"),
            (3 * 86_400, "3 days"),
            (u64::MAX, "213503982334602 days"),
        ] {
            assert_eq!(duration_text(Duration::from_secs(seconds)), text);
        }
        assert_eq!(duration_text(Duration::from_millis(1_500)), "1.5 s");
        assert_eq!(duration_text(Duration::from_millis(1_501)), "1.6 s");
        assert_eq!(duration_text(Duration::from_millis(41_200)), "42 s");
        assert_eq!(duration_text(Duration::MAX), "213503982334602 days");
    }
}
