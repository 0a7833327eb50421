//! The daemon's wall clock: the current UTC instant, or, when `serve` was
//! started with `--now T` (`ZAOCHKA_NOW`), the instant T plus the real time
//! elapsed since the start — so a test or a director replaying a backlog sees
//! the daemon act at that time, with its clocks still moving forward (a
//! frozen instant would make every wait and retry of a long run meaningless).
//!
//! Every instant the daemon records or acts on (processing, ticks, sends,
//! alerts) comes from [`now`]; only the instants the world gives it (a file's
//! time in the Maildir, IMAP INTERNALDATE, Date headers) do not, except that
//! a Maildir file stamped by the real clock while the daemon's clock runs
//! ahead of it is carried onto the daemon's clock ([`arrival`]).

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

/// The instant on the daemon's clock of a mail this machine's clock stamped
/// `stamp` (a Maildir file's time). Under a clock started ahead of the real
/// one (`serve --now T`, T in the future: a trial of the weeks to come), a
/// stamp nearer the real instant than the daemon's is a reading of the real
/// clock: it is carried forward by the same shift (and never past the
/// daemon's now), so that every act of the mail (a move's clock, a
/// withdrawal code's day) happens on the daemon's day. A stamp already on
/// the daemon's timeline (nearer its instant), a clock started in the past
/// (replaying a backlog, whose mails keep their own arrival) and an
/// unshifted clock give the stamp as it is.
#[must_use]
pub fn arrival(stamp: DateTime<Utc>) -> DateTime<Utc> {
    match SHIFT.get() {
        Some(&shift) if shift > Duration::zero() => {
            let real = Utc::now();
            if stamp < real + shift / 2 {
                (stamp + shift).min(real + shift)
            } else {
                stamp
            }
        }
        _ => stamp,
    }
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
