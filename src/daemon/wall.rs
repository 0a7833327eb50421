//! The daemon's wall clock: the current UTC instant, or, when `serve` was
//! started with `--now T` (`ZAOCHKA_NOW`), the instant T plus the real time
//! elapsed since the start — so a test or a director replaying a backlog sees
//! the daemon act at that time, with its clocks still moving forward (a
//! frozen instant would make every wait and retry of a long run meaningless).
//!
//! Every instant the daemon records or acts on (processing, ticks, sends,
//! alerts) comes from [`now`]; only the instants the world gives it (a file's
//! time in the Maildir, IMAP INTERNALDATE, Date headers) do not.

use std::sync::OnceLock;

use chrono::{DateTime, Duration, Utc};

/// `--now` minus the real instant at the start; unset: the real clock.
static SHIFT: OnceLock<Duration> = OnceLock::new();

/// Makes [`now`] read `at` at this moment and run on from there; once per
/// process (a second call is ignored, the first start instant stays).
pub fn start_at(at: DateTime<Utc>) {
    let _ = SHIFT.set(at - Utc::now());
}

/// The daemon's current instant (UTC).
#[must_use]
pub fn now() -> DateTime<Utc> {
    let real = Utc::now();
    SHIFT.get().map_or(real, |shift| real + *shift)
}

/// True if the daemon runs on a shifted clock (`serve --now`).
#[must_use]
pub fn shifted() -> bool {
    SHIFT.get().is_some()
}

// Tested through the binary (tests/it/clocks/receipts.rs,
// `serve_acts_at_the_instant_it_is_given`): setting the process-wide shift in
// a unit test would move the clock of every other test in the same binary.

/// Where the machine's count since boot stands now (Linux:
/// `/proc/sys/kernel/random/boot_id` and the first figure of `/proc/uptime`,
/// which counts suspended time too); `None` where they cannot be read.
#[must_use]
pub fn boot_mark() -> Option<crate::store::clock_trust::BootMark> {
    let id = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let uptime = std::fs::read_to_string("/proc/uptime").ok()?;
    let seconds: f64 = uptime.split_whitespace().next()?.parse().ok()?;
    #[allow(clippy::cast_possible_truncation)]
    let uptime_ms = (seconds * 1000.0) as i64;
    Some(crate::store::clock_trust::BootMark {
        id: id.trim().to_owned(),
        uptime_ms,
    })
}
