//! How the SMTP outbox may send (`[outbox]` keys `connections`,
//! `per-minute`, `per-day`, `relay-retry-first-seconds`,
//! `relay-retry-max-seconds`): plain settings, read by the daemon's send pool.

use chrono::{DateTime, Utc};
use serde::Deserialize;

/// How the SMTP outbox may send (`[outbox]` keys `connections`, `per-minute`,
/// `per-day`, `relay-retry-first-seconds`, `relay-retry-max-seconds`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct SendLimits {
    /// SMTP connections used at once, each kept open while replies flow
    /// (default 4; 0 counts as 1).
    pub connections: usize,
    /// At most this many replies accepted in any 60 seconds; none: no cap.
    pub per_minute: Option<u32>,
    /// At most this many replies accepted in any 24 hours; none: no cap.
    pub per_day: Option<u32>,
    /// While the relay refuses all mail (a fault of the relay, not of a
    /// recipient), the first wait before trying again, in seconds (default
    /// 30); each later wait is as long as the fault has lasted so far,
    /// between this and `relay_retry_max_seconds`.
    pub relay_retry_first_seconds: u32,
    /// The longest wait between two tries during a relay fault, in seconds
    /// (default 600).
    pub relay_retry_max_seconds: u32,
}

impl Default for SendLimits {
    fn default() -> Self {
        SendLimits {
            connections: 4,
            per_minute: None,
            per_day: None,
            relay_retry_first_seconds: 30,
            relay_retry_max_seconds: 600,
        }
    }
}

impl SendLimits {
    /// One connection, no caps (the file outbox).
    #[must_use]
    pub fn one_at_a_time() -> Self {
        SendLimits {
            connections: 1,
            ..SendLimits::default()
        }
    }

    /// The wait after a relay refusal at `at` (UTC) in a fault that began at
    /// `since`: as long as the fault has lasted, at least
    /// `relay_retry_first_seconds` and at most `relay_retry_max_seconds`
    /// (so the waits about double), in seconds.
    #[must_use]
    pub fn relay_retry_seconds(&self, since: DateTime<Utc>, at: DateTime<Utc>) -> i64 {
        let first = i64::from(self.relay_retry_first_seconds.max(1));
        let max = i64::from(self.relay_retry_max_seconds).max(first);
        (at - since).num_seconds().clamp(first, max)
    }

    /// The number of sending workers: `connections`, at least 1.
    #[must_use]
    pub fn connections(&self) -> usize {
        self.connections.max(1)
    }
}
