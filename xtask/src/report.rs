//! What the measuring commands print around their figures: the machine and
//! the date for the header line, numbers with thousands separators, ratios,
//! medians, paths and markdown tables.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The machine: the number of cores this process may use and the CPU model
/// of `/proc/cpuinfo` (`2 cores, Intel(R) Xeon(R) Processor`).
pub(crate) fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "CPU model unknown".to_owned());
    let plural = if cores == 1 { "" } else { "s" };
    format!("{cores} core{plural}, {model}")
}

/// The current date and time in UTC (`2025-01-31 14:05 UTC`).
pub(crate) fn now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let days = i64::try_from(seconds / 86_400).unwrap_or_default();
    let (year, month, day) =
        endpoint_runtime::sibling::civil_from_days(days).unwrap_or((1970, 1, 1));
    let minutes = seconds % 86_400 / 60;
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        minutes / 60,
        minutes % 60
    )
}

/// The load averages over 1, 5 and 15 minutes (`/proc/loadavg`), or `unknown`.
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|load| !load.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// A whole number with `,` between groups of three digits (`11,708`).
pub(crate) fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A measured value rounded to a whole number and grouped, `—` when missing.
pub(crate) fn whole(value: Option<f64>) -> String {
    match value {
        Some(value) if value.is_finite() && value >= 0.0 => grouped(value.round() as u64),
        _ => "—".to_owned(),
    }
}

/// `numerator ÷ denominator` to one decimal (`18.8×`), `—` when either is missing.
pub(crate) fn ratio(numerator: Option<f64>, denominator: Option<f64>) -> String {
    match (numerator, denominator) {
        (Some(numerator), Some(denominator)) if denominator > 0.0 => {
            format!("{:.1}×", numerator / denominator)
        }
        _ => "—".to_owned(),
    }
}

/// `numerator ÷ denominator` to two decimals (`1.07×`), `—` when either is
/// missing: for ratios close to 1.
pub(crate) fn ratio_hundredths(numerator: Option<f64>, denominator: Option<f64>) -> String {
    match (numerator, denominator) {
        (Some(numerator), Some(denominator)) if denominator > 0.0 => {
            format!("{:.2}×", numerator / denominator)
        }
        _ => "—".to_owned(),
    }
}

/// The median of `values` (the mean of the middle two for an even count),
/// `None` when there are none.
pub(crate) fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    match sorted.len() {
        0 => None,
        n if n % 2 == 1 => Some(sorted[middle]),
        _ => Some((sorted[middle - 1] + sorted[middle]) / 2.0),
    }
}

/// `path` relative to `root` when it lies inside, for printed commands.
pub(crate) fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A markdown table: the first column left-aligned, the others (figures)
/// right-aligned.
pub(crate) fn markdown(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n|", header.join(" | "));
    for i in 0..header.len() {
        out.push_str(if i == 0 { " --- |" } else { " ---: |" });
    }
    out.push('\n');
    for row in rows {
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(11_708), "11,708");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(whole(Some(622.6)), "623");
        assert_eq!(whole(None), "—");
        assert_eq!(ratio(Some(11_708.0), Some(623.0)), "18.8×");
        assert_eq!(ratio(None, Some(1.0)), "—");
        assert_eq!(ratio_hundredths(Some(1_070.0), Some(1_000.0)), "1.07×");
        assert_eq!(ratio_hundredths(Some(1.0), None), "—");
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn table() {
        let rows = vec![vec!["`a`".to_owned(), "1".to_owned()]];
        assert_eq!(
            markdown(&["workload", "n"], &rows),
            "| workload | n |\n| --- | ---: |\n| `a` | 1 |\n"
        );
    }
}
