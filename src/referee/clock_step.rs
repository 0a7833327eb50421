//! Steps of the system clock: the rule that tells a forward step from time
//! passing, and a director's answer to one (`zaochka clock confirm-step`,
//! `cancel-step`).
//!
//! The daemon trusts the instant of each clock tick and keeps the latest
//! (`store::clock_trust`). A tick that reads more than `[clock]
//! max-step-hours` past the trusted instant is a forward step: it executes
//! no time-out, and none is executed until a director answers:
//!
//! - **confirm**: the new time is right and the stepped span is charged:
//!   the clocks run on the new time (time-outs it causes happen at the next
//!   tick);
//! - **cancel**: the stepped span is not charged: every running clock that
//!   started before the step starts that much later (its deadline moves with
//!   it), so the step causes no time-out.
//!
//! A step back needs no answer: the trusted instant never moves back, and a
//! mail's receipt instant is never earlier than it, so no move is dated
//! before the clock it answers started.

use chrono::{DateTime, Duration, Utc};

use crate::store::clock_trust::{self, Step};
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

/// Judges the tick at `now` (UTC) against the stored trust and records the
/// outcome: the trusted instant moves forward to `now` (never back), or a
/// step larger than `max_step` is recorded. `max_step` zero: no guard.
///
/// # Errors
/// Database failures.
pub fn judge_tick(
    tx: &Tx<'_>,
    now: DateTime<Utc>,
    max_step: Duration,
) -> Result<TickGuard, StoreError> {
    let trust = clock_trust::get(tx)?;
    if let Some(step) = trust.step {
        return Ok(TickGuard::Waiting(step));
    }
    match trust.trusted_at {
        Some(t) if max_step > Duration::zero() && now - t > max_step => {
            let step = Step { from: t, to: now };
            clock_trust::put(tx, t, Some(step))?;
            Ok(TickGuard::Stepped(step))
        }
        Some(t) => {
            clock_trust::put(tx, t.max(now), None)?;
            Ok(TickGuard::Run)
        }
        None => {
            clock_trust::put(tx, now, None)?;
            Ok(TickGuard::Run)
        }
    }
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
    }
    clock_trust::put(tx, step.to.max(now), None)?;
    Ok(Some(Answered {
        step,
        clocks_moved: moved,
    }))
}
