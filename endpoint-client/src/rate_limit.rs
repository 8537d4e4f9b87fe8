//! GitHub's rate-limit headers, and when a refusal says to retry.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use endpoint_runtime::__private::{civil_from_days, days_from_civil};
use http::{HeaderMap, StatusCode};

/// The rate-limit headers of an answer. Every field is `None` when its
/// header is missing or unreadable.
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
    /// `x-ratelimit-limit`: requests allowed per window.
    pub limit: Option<u64>,
    /// `x-ratelimit-remaining`: requests left in the window.
    pub remaining: Option<u64>,
    /// `x-ratelimit-used`: requests made in the window.
    pub used: Option<u64>,
    /// `x-ratelimit-reset`: when the window resets (the header holds Unix
    /// seconds).
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
    pub fn from_headers(headers: &HeaderMap) -> RateLimit {
        let text = |name: &str| {
            headers
                .get(name)
                .and_then(|value| value.to_str().ok())
                .map(str::trim)
        };
        let number = |name: &str| text(name).and_then(|value| value.parse::<u64>().ok());
        RateLimit {
            limit: number("x-ratelimit-limit"),
            remaining: number("x-ratelimit-remaining"),
            used: number("x-ratelimit-used"),
            reset: number("x-ratelimit-reset")
                .and_then(|seconds| UNIX_EPOCH.checked_add(Duration::from_secs(seconds))),
            resource: text("x-ratelimit-resource").map(str::to_owned),
            retry_after: text("retry-after")
                .and_then(|value| retry_after(value, text("date").and_then(http_date))),
        }
    }
}

/// Which rate limit refused a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateLimitKind {
    /// The primary limit: no request left in the window
    /// (`x-ratelimit-remaining: 0`) until `x-ratelimit-reset`.
    Primary,
    /// A secondary limit (too many requests at once, or too fast), with a
    /// `retry-after` or GitHub's message saying so.
    Secondary,
}

/// How long GitHub asks to wait after a secondary limit that names no
/// time: at least a minute.
pub(crate) const SECONDARY_WAIT: Duration = Duration::from_secs(60);

/// When an answer is a rate-limit refusal (any 429; a 403 with no request
/// left, a `retry-after`, or a message naming a secondary limit): which
/// limit, and when to retry (measured from `received`).
pub(crate) fn refusal(
    status: StatusCode,
    limit: &RateLimit,
    message: Option<&str>,
    received: SystemTime,
) -> Option<(RateLimitKind, Option<SystemTime>)> {
    if status != StatusCode::FORBIDDEN && status != StatusCode::TOO_MANY_REQUESTS {
        return None;
    }
    if let Some(wait) = limit.retry_after {
        return Some((RateLimitKind::Secondary, received.checked_add(wait)));
    }
    if limit.remaining == Some(0) {
        return Some((RateLimitKind::Primary, limit.reset));
    }
    // A 429 is a rate limit by its definition, whatever else it says.
    let secondary =
        status == StatusCode::TOO_MANY_REQUESTS || message.is_some_and(names_secondary_limit);
    secondary.then(|| {
        (
            RateLimitKind::Secondary,
            received.checked_add(SECONDARY_WAIT),
        )
    })
}

/// `retry-after`: delay-seconds, or an HTTP-date measured from `now`
/// (the answer's date when known).
fn retry_after(value: &str, date: Option<SystemTime>) -> Option<Duration> {
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
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

/// A rate limit as refusals and waits name it: GitHub's by its kind, and
/// its resource when known (`secondary rate limit of `core``); another
/// API's, which has no kinds nor resources, as `rate limit`.
pub(crate) fn limit_text(kind: Option<RateLimitKind>, resource: Option<&str>) -> String {
    match (kind, resource) {
        (Some(kind), Some(resource)) => format!("{kind} rate limit of `{resource}`"),
        (Some(kind), None) => format!("{kind} rate limit"),
        (None, _) => "rate limit".to_owned(),
    }
}

/// Whether an answer comes from GitHub, whose limits have names (primary,
/// secondary) and resources (`core`, `search`): it names its rate-limit
/// resource or its request id, as GitHub's answers all do, or its message
/// names one of GitHub's secondary limits.
pub(crate) fn is_github(headers: &HeaderMap, message: Option<&str>) -> bool {
    headers.contains_key("x-ratelimit-resource")
        || headers.contains_key("x-github-request-id")
        || message.is_some_and(names_secondary_limit)
}

/// Whether GitHub's `message` names a secondary limit.
fn names_secondary_limit(message: &str) -> bool {
    let message = message.to_ascii_lowercase();
    // "abuse detection" is the older name, still sent by older GitHub
    // Enterprise Server versions.
    message.contains("secondary rate limit") || message.contains("abuse detection")
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

    #[test]
    fn refusals() {
        let received = UNIX_EPOCH + Duration::from_secs(1_000);
        let primary = RateLimit {
            remaining: Some(0),
            reset: Some(UNIX_EPOCH + Duration::from_secs(2_000)),
            ..RateLimit::default()
        };
        assert_eq!(
            refusal(StatusCode::FORBIDDEN, &primary, None, received),
            Some((RateLimitKind::Primary, primary.reset))
        );
        assert_eq!(
            refusal(StatusCode::NOT_FOUND, &primary, None, received),
            None
        );
        let secondary = RateLimit {
            retry_after: Some(Duration::from_secs(5)),
            remaining: Some(10),
            ..RateLimit::default()
        };
        assert_eq!(
            refusal(StatusCode::TOO_MANY_REQUESTS, &secondary, None, received),
            Some((
                RateLimitKind::Secondary,
                Some(UNIX_EPOCH + Duration::from_secs(1_005))
            ))
        );
        let message = "You have exceeded a secondary rate limit. Please wait.";
        assert_eq!(
            refusal(
                StatusCode::FORBIDDEN,
                &RateLimit::default(),
                Some(message),
                received
            ),
            Some((
                RateLimitKind::Secondary,
                Some(UNIX_EPOCH + Duration::from_secs(1_060))
            ))
        );
        let older = "You have triggered an abuse detection mechanism. Please wait a few minutes.";
        assert_eq!(
            refusal(
                StatusCode::FORBIDDEN,
                &RateLimit::default(),
                Some(older),
                received
            ),
            Some((
                RateLimitKind::Secondary,
                Some(UNIX_EPOCH + Duration::from_secs(1_060))
            ))
        );
        // A plain 403 is no rate limit.
        assert_eq!(
            refusal(
                StatusCode::FORBIDDEN,
                &RateLimit {
                    remaining: Some(4999),
                    ..RateLimit::default()
                },
                Some("Resource not accessible by integration"),
                received
            ),
            None
        );
    }
}
