//! Steps of the system clock: the rule that tells a forward step from time
//! passing, and a director's answer to one (`zaochka clock confirm-step`,
//! `cancel-step`).
//!
//! The daemon trusts the instant of each clock tick and keeps the latest
//! (`store::clock_trust`), with where the machine's count since boot stood
//! then. A tick that reads more than `[clock] max-step-hours` past where the
//! wall clock should be is a forward step: on the same boot, past the trusted
//! instant plus the real time the count says has passed (so a daemon stopped
//! for days is not a step); after a reboot, or without a count, past the
//! trusted instant itself (a machine that boots with a wrong clock and one
//! that was down that long look the same). A step executes no time-out, and
//! none is executed until a director answers:
//!
//! - **confirm**: the new time is right and the stepped span is charged:
//!   the clocks run on the new time (time-outs it causes happen at the next
//!   tick);
//! - **cancel**: the stepped span is not charged: every running clock that
//!   started before the step starts that much later (its deadline moves with
//!   it), so the step causes no time-out, and the span stays a stop of every
//!   clock (`store::clock_trust::step_stops`).
//!
//! While a step waits its span is a stop of every clock too: a move received
//! then is charged its reflection time without the span, so no game is lost
//! on time because of the step; the charge stands whatever the answer (the
//! mover answered in time by the last trusted instant).
//!
//! A step back needs no answer: the trusted instant never moves back, and a
//! mail's receipt instant is never earlier than it, so no move is dated
//! before the clock it answers started.

use chrono::{DateTime, Duration, Utc};

use crate::store::clock_trust::{self, BootMark, Step};
use crate::store::{StoreError, Tx, clocks};

/// What a tick at some instant may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TickGuard {
    /// The clock is trusted: act on what is due.
    Run,
    /// A forward step was seen at this tick: act on nothing; alert once.
    Stepped(Step),
    /// A step seen earlier still waits for a director: act on nothing.
    Waiting(Step),
}

/// Judges the tick at `now` (UTC), with the machine's count since boot read
/// at the same moment (`boot`, if it could be read), against the stored
/// trust, and records the outcome: the trusted instant and its boot mark
/// move forward to `now` (never back: a tick earlier than the trusted
/// instant keeps both), or a step larger than `max_step` is recorded.
/// `max_step` zero: no guard.
///
/// # Errors
/// Database failures.
pub fn judge_tick(
    tx: &Tx<'_>,
    now: DateTime<Utc>,
    boot: Option<&BootMark>,
    max_step: Duration,
) -> Result<TickGuard, StoreError> {
    let trust = clock_trust::get(tx)?;
    if let Some(step) = trust.step {
        return Ok(TickGuard::Waiting(step));
    }
    let Some(t) = trust.trusted_at else {
        clock_trust::put(tx, now, boot, None)?;
        return Ok(TickGuard::Run);
    };
    // Where the wall clock should read now: the trusted instant plus the
    // real time passed, when one boot's count measures it.
    let expected = match (&trust.boot, boot) {
        (Some(then), Some(here)) if then.id == here.id && here.uptime_ms >= then.uptime_ms => {
            t + Duration::milliseconds(here.uptime_ms - then.uptime_ms)
        }
        _ => t,
    };
    if max_step > Duration::zero() && now - expected > max_step {
        let step = Step {
            from: expected,
            to: now,
        };
        clock_trust::put(tx, t, trust.boot.as_ref(), Some(step))?;
        return Ok(TickGuard::Stepped(step));
    }
    if now >= t {
        clock_trust::put(tx, now, boot, None)?;
    }
    Ok(TickGuard::Run)
}

/// The instant a mail stamped `received_at` (by this machine's clock) is
/// taken as received at `now` (UTC): while the clock reads earlier than the
/// trusted instant (it stepped back), no receipt is earlier than the trusted
/// instant; otherwise the stamp stands (a mail that waited in an inbox the
/// daemon could not read keeps its arrival instant).
///
/// # Errors
/// Database failures.
pub fn receipt(
    tx: &Tx<'_>,
    received_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, StoreError> {
    Ok(match clock_trust::get(tx)?.trusted_at {
        Some(t) if now < t => received_at.max(t),
        _ => received_at,
    })
}

/// A director's answer to a waiting step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAnswer {
    /// The new time stands and the span is charged.
    Confirm,
    /// The span is not charged.
    Cancel,
}

/// What an answer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Answered {
    /// The step answered.
    pub step: Step,
    /// The clocks moved by the span (cancel only).
    pub clocks_moved: usize,
}

/// Answers the waiting step at `now` (UTC): `None` when no step waits.
/// Either answer trusts the later of the step's new time and `now`.
///
/// # Errors
/// Database failures.
pub fn answer(
    tx: &Tx<'_>,
    how: StepAnswer,
    now: DateTime<Utc>,
) -> Result<Option<Answered>, StoreError> {
    let Some(step) = clock_trust::get(tx)?.step else {
        return Ok(None);
    };
    let mut moved = 0;
    if how == StepAnswer::Cancel {
        let span = step.span();
        for mut c in clocks::running_started_before(tx, step.to)? {
            c.last_started_at = c.last_started_at.map(|s| s + span);
            c.deadline = c.deadline.map(|d| d + span);
            c.updated_at = now;
            clocks::put(tx, &c)?;
            moved += 1;
        }
        clock_trust::record_cancelled(tx, step, now)?;
    }
    clock_trust::put(tx, step.to.max(now), None, None)?;
    Ok(Some(Answered {
        step,
        clocks_moved: moved,
    }))
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Duration, Utc};

    use super::{TickGuard, judge_tick};
    use crate::store::Store;
    use crate::store::clock_trust::BootMark;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn mark(id: &str, hours: i64) -> BootMark {
        BootMark {
            id: id.to_owned(),
            uptime_ms: hours * 3_600_000,
        }
    }

    /// Judges ticks `(instant, boot mark)` in turn with a 6-hour guard.
    fn judged(ticks: &[(&str, Option<BootMark>)]) -> Vec<TickGuard> {
        let mut store = Store::open_in_memory().unwrap();
        ticks
            .iter()
            .map(|(now, boot)| {
                store
                    .transaction(|tx| judge_tick(tx, at(now), boot.as_ref(), Duration::hours(6)))
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn a_daemon_stopped_for_three_days_on_one_boot_sees_no_step() {
        let guards = judged(&[
            ("2026-12-01T10:00:00Z", Some(mark("b1", 5))),
            ("2026-12-04T10:00:00Z", Some(mark("b1", 77))),
        ]);
        assert_eq!(guards[1], TickGuard::Run);
    }

    #[test]
    fn a_wall_clock_that_ran_a_month_ahead_of_the_boot_count_is_a_step() {
        let guards = judged(&[
            ("2026-12-01T10:00:00Z", Some(mark("b1", 5))),
            ("2027-01-01T10:00:00Z", Some(mark("b1", 6))),
        ]);
        let TickGuard::Stepped(step) = &guards[1] else {
            panic!("{guards:?}");
        };
        assert_eq!(
            step.from,
            at("2026-12-01T11:00:00Z"),
            "an hour really passed"
        );
        assert_eq!(step.to, at("2027-01-01T10:00:00Z"));
    }

    #[test]
    fn after_a_reboot_or_without_a_count_a_long_gap_is_held_as_a_step() {
        for second in [Some(mark("b2", 1)), None] {
            let guards = judged(&[
                ("2026-12-01T10:00:00Z", Some(mark("b1", 5))),
                ("2026-12-02T10:00:00Z", second),
            ]);
            assert!(matches!(guards[1], TickGuard::Stepped(_)), "{guards:?}");
        }
    }

    #[test]
    fn a_step_back_keeps_the_trusted_instant_and_the_clock_catching_up_is_no_step() {
        let guards = judged(&[
            ("2026-12-01T10:00:00Z", Some(mark("b1", 5))),
            ("2026-12-01T09:00:00Z", Some(mark("b1", 5))),
            ("2026-12-01T16:00:00Z", Some(mark("b1", 12))),
        ]);
        assert_eq!(guards, [TickGuard::Run, TickGuard::Run, TickGuard::Run]);
    }
}
