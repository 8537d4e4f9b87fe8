//! The time a client reads and waits by: the system's, or a clock that
//! moves only when told (for tests of waits, resets and expiry that never
//! sleep).

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

/// The clock a client reads the time of day and measures waits by, and
/// sleeps on: [`Clock::system`] unless the builder is given another
/// ([`ClientBuilder::clock`](super::ClientBuilder::clock)).
///
/// Everything a client decides by the time reads it here: when an answer
/// was received (a `retry-after`, a refusal's doubled wait), whether a
/// quota's window has passed, how long a call has taken against its
/// deadline, whether a token has expired, when the spacing of a lane
/// ends. Its waits (backoffs, rate limits, spacing, another call's token
/// refresh) sleep on it too.
///
/// A [`Clock::manual`] clock moves only when [`advanced`](Clock::advance)
/// or slept on, and a sleep on it returns at once, having moved it by the
/// wait: a test of a one-hour reset takes no time, and its waits are
/// exactly what the client decided, whatever the machine's load.
/// The network is not on it: a request's timeouts are the transport's,
/// in real time, and so is a wait for another call's progress (a token
/// refresh under way). An answer without a `date` header is dated by it,
/// so that what the answer counts from now (a reset in seconds) counts
/// from its time. The waits of threads or tasks sleeping on it together
/// add up.
///
/// Cloning is cheap; the clones read and move the same time.
///
/// ```
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::{Clock, ureq::Client};
/// use std::time::Duration;
///
/// let clock = Clock::manual();
/// let client = Client::builder()
///     .base_url("http://127.0.0.1:8080")
///     .clock(clock.clone())
///     .build()?;
/// // … calls whose rate-limit waits move `clock` on, and no real time:
/// let before = clock.now();
/// clock.sleep(Duration::from_secs(3600));
/// assert_eq!(clock.now().duration_since(before)?, Duration::from_secs(3600));
/// assert_eq!(clock.elapsed(), Duration::from_secs(3600));
/// # let _ = client;
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct Clock(Option<Arc<Manual>>);

/// The state of a manual clock.
#[derive(Debug)]
struct Manual {
    /// The time of day and the instant it started at.
    start: (SystemTime, Instant),
    /// How far it was moved since.
    moved: Mutex<Duration>,
}

impl Clock {
    /// The system's clock ([`SystemTime::now`], [`Instant::now`]), whose
    /// sleeps sleep the thread or await a timer: the default.
    pub fn system() -> Clock {
        Clock(None)
    }

    /// A clock that stands still at the system's time of now until
    /// [`advance`](Self::advance)d or slept on.
    pub fn manual() -> Clock {
        Clock::manual_at(SystemTime::now())
    }

    /// A clock that stands still at `start` until
    /// [`advance`](Self::advance)d or slept on.
    pub fn manual_at(start: SystemTime) -> Clock {
        Clock(Some(Arc::new(Manual {
            start: (start, Instant::now()),
            moved: Mutex::new(Duration::ZERO),
        })))
    }

    /// Whether it moves only when told ([`Clock::manual`]).
    pub fn is_manual(&self) -> bool {
        self.0.is_some()
    }

    /// The time of day.
    pub fn now(&self) -> SystemTime {
        match &self.0 {
            None => SystemTime::now(),
            Some(manual) => manual.start.0 + manual.moved(),
        }
    }

    /// A monotonic instant, for measuring how long things take.
    pub fn instant(&self) -> Instant {
        match &self.0 {
            None => Instant::now(),
            Some(manual) => manual.start.1 + manual.moved(),
        }
    }

    /// How long since `earlier`, an [`instant`](Self::instant) of this
    /// clock (zero for one after it).
    pub fn since(&self, earlier: Instant) -> Duration {
        self.instant().saturating_duration_since(earlier)
    }

    /// How far a manual clock was moved since it was made; for the
    /// system's clock, zero.
    pub fn elapsed(&self) -> Duration {
        match &self.0 {
            None => Duration::ZERO,
            Some(manual) => manual.moved(),
        }
    }

    /// Moves a manual clock forward by `by`; the system's clock moves on
    /// its own, and this does nothing to it.
    pub fn advance(&self, by: Duration) {
        if let Some(manual) = &self.0 {
            let mut moved = manual.moved.lock().unwrap_or_else(PoisonError::into_inner);
            *moved = moved.saturating_add(by);
        }
    }

    /// Blocks the thread for `wait`: sleeps it on the system's clock;
    /// moves a manual clock forward by `wait` and returns at once.
    pub fn sleep(&self, wait: Duration) {
        match &self.0 {
            None => std::thread::sleep(wait),
            Some(_) => self.advance(wait),
        }
    }

    /// Waits `wait` in a task: a tokio timer on the system's clock (within
    /// a tokio runtime); a manual clock is moved forward by `wait`, and
    /// the task goes on at once.
    #[cfg(feature = "reqwest")]
    pub async fn sleep_async(&self, wait: Duration) {
        match &self.0 {
            None => tokio::time::sleep(wait).await,
            Some(_) => self.advance(wait),
        }
    }
}

impl Manual {
    fn moved(&self) -> Duration {
        *self.moved.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("Clock::system"),
            Some(manual) => f
                .debug_struct("Clock::manual")
                .field("start", &manual.start.0)
                .field("moved", &manual.moved())
                .finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    #[test]
    fn a_manual_clock_moves_when_told_and_sleeps_at_once() {
        let start = UNIX_EPOCH + Duration::from_secs(1_000);
        let clock = Clock::manual_at(start);
        let began = clock.instant();
        assert_eq!(clock.now(), start);
        let shared = clock.clone();
        shared.sleep(Duration::from_secs(3_600));
        clock.advance(Duration::from_millis(500));
        assert_eq!(clock.now(), start + Duration::from_millis(3_600_500));
        assert_eq!(clock.since(began), Duration::from_millis(3_600_500));
        assert_eq!(clock.elapsed(), Duration::from_millis(3_600_500));
        assert!(clock.is_manual() && !Clock::system().is_manual());
        // The system's clock is not moved by being told.
        let system = Clock::system();
        system.advance(Duration::from_secs(3_600));
        assert!(system.now() < SystemTime::now() + Duration::from_secs(60));
        assert_eq!(system.elapsed(), Duration::ZERO);
    }
}
