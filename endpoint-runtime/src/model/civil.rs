//! Dates of the proleptic Gregorian calendar as days from 1970-01-01
//! (Howard Hinnant's `days_from_civil` and `civil_from_days`): the one
//! calendar of the workspace, for RFC 3339 timestamps, HTTP dates and the
//! times people read in errors and reports.
//!
//! Both take any numbers a server or a file may hold: a result that does
//! not fit is `None`, never an overflow.

/// Days from 1970-01-01 (negative before it) to `year`-`month`-`day`;
/// `None` when the count does not fit an `i64`. `month` is 1 to 12.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> Option<i64> {
    let year = if month <= 2 {
        year.checked_sub(1)?
    } else {
        year
    };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let month_from_march = i64::from((month + 9) % 12);
    let day_of_year = (153 * month_from_march + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era.checked_mul(146_097)?
        .checked_add(day_of_era)?
        .checked_sub(719_468)
}

/// The date (year, month 1–12, day 1–31) of the day `days` after
/// 1970-01-01 (before it, when negative); `None` for counts so large
/// that the year does not fit an `i64`.
pub fn civil_from_days(days: i64) -> Option<(i64, u32, u32)> {
    let days = days.checked_add(719_468)?;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = era
        .checked_mul(400)?
        .checked_add(year_of_era + i64::from(month <= 2))?;
    // Both are within their ranges by construction (1–12, 1–31).
    Some((year, month as u32, day as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_days() {
        assert_eq!(days_from_civil(1970, 1, 1), Some(0));
        assert_eq!(days_from_civil(2000, 3, 1), Some(11_017));
        assert_eq!(days_from_civil(1969, 12, 31), Some(-1));
        assert_eq!(days_from_civil(2024, 2, 29), Some(19_782));
        assert_eq!(civil_from_days(19_782), Some((2024, 2, 29)));
        assert_eq!(civil_from_days(-1), Some((1969, 12, 31)));
        assert_eq!(civil_from_days(11_016), Some((2000, 2, 29)));
        assert_eq!(civil_from_days(19_753), Some((2024, 1, 31)));
        assert_eq!(civil_from_days(20_513), Some((2026, 3, 1)));
    }

    #[test]
    fn round_trips_and_never_overflows() {
        for days in (-800_000..800_000).step_by(997) {
            let (year, month, day) = civil_from_days(days).unwrap();
            assert_eq!(days_from_civil(year, month, day), Some(days), "{days}");
        }
        assert_eq!(days_from_civil(i64::MAX, 12, 31), None);
        assert_eq!(days_from_civil(i64::MIN, 1, 1), None);
        assert_eq!(civil_from_days(i64::MAX), None);
        assert!(civil_from_days(i64::MIN / 2).is_some());
    }
}
