//! The clock timestamps are checked against.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::WebhookError;

/// The current time in Unix seconds, as a verifier reads it: the system's
/// clock by default ([`SystemClock`]), a fixed time in tests
/// ([`FixedClock`]), or any function returning seconds.
///
/// ```
/// use endpoint_webhooks::{Clock, FixedClock};
///
/// assert_eq!(FixedClock(1_700_000_000).now(), 1_700_000_000);
/// let clock = || 42;
/// assert_eq!(clock.now(), 42);
/// ```
pub trait Clock: Send + Sync {
    /// Seconds since the Unix epoch.
    fn now(&self) -> u64;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())
    }
}

/// A clock stopped at these Unix seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixedClock(pub u64);

impl Clock for FixedClock {
    fn now(&self) -> u64 {
        self.0
    }
}

impl<F: Fn() -> u64 + Send + Sync> Clock for F {
    fn now(&self) -> u64 {
        self()
    }
}

/// A clock and a tolerance, shared by the schemes with signed timestamps.
#[derive(Clone)]
pub(crate) struct Window {
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) tolerance: Duration,
}

impl Window {
    /// The system's clock and five minutes either way, every scheme's default.
    pub(crate) fn five_minutes() -> Self {
        Self {
            clock: Arc::new(SystemClock),
            tolerance: Duration::from_secs(300),
        }
    }

    /// Refuses a timestamp older or further ahead than the tolerance.
    pub(crate) fn check(
        &self,
        name: &'static str,
        timestamp: u64,
        now: u64,
    ) -> Result<(), WebhookError> {
        let tolerance = self.tolerance.as_secs();
        if now.abs_diff(timestamp) <= tolerance {
            return Ok(());
        }
        let age = i64::try_from(now.abs_diff(timestamp)).unwrap_or(i64::MAX);
        let age = if timestamp > now { -age } else { age };
        Err(WebhookError::Timestamp {
            name,
            age,
            tolerance,
        })
    }
}

impl fmt::Debug for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Window")
            .field("now", &self.clock.now())
            .field("tolerance", &self.tolerance)
            .finish()
    }
}
