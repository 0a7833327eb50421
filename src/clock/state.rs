//! Per-side clock state and what a move does to it.
//!
//! The state is the store's [`Clock`] row (time used and referee time in
//! seconds, moves made, running, the start instant of the current move, the
//! deadline); the functions here compute with it and never read the system
//! clock: every instant is passed in (UTC).
//!
//! # The allowance
//!
//! [`allowance`] is the most a side may be charged for its current (or next)
//! move, in seconds, given its control:
//!
//! | control | allowance |
//! |---|---|
//! | `D` days per move | `D days + extra` (a referee's extra time counts for the current move only and is cleared by the move) |
//! | `N` moves in `D` days | `k * D days + extra - used`, with `k = moves_made / N + 1`, the period the current move belongs to; unused time carries over |
//! | Fischer `B + I`, cap `C` | `B days + moves_made * I days + extra - used`; after a move the time left is cut to `C days` by lowering `extra` |
//!
//! `extra` is the clock's `extra_seconds`: time a referee added (or removed)
//! and, under a capped Fischer control, minus the time cut off by the cap.
//!
//! The deadline of a running clock is the instant its reflection time reaches
//! [`late_at`]`(counting, allowance)`, the stops (leave, pauses) left out; a
//! move received before it is in time, at or after it the side has lost on
//! time. See [`crate::clock::charge`] for the counting.

use chrono::{DateTime, SubsecRound, TimeDelta, Utc};

use super::charge::DAY;
use super::charge::{Stop, charge, instant_after, late_at, reflection_seconds};
use super::control::{Limit, TimeControl};
use super::types::Clock;
use crate::vocabulary::Color;

/// What a move cannot do to the clocks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveClockError {
    /// The mover's clock was not running: it is not this side's turn (or the
    /// game is paused).
    #[error("the {side} clock is not running")]
    NotRunning {
        /// The side that tried to move.
        side: Color,
    },
    /// The move reached the bot at or after the deadline: the side has lost
    /// on time (the caller decides the result; nothing was changed).
    #[error("the {side} move received at {received_at} is late: the deadline was {deadline}")]
    Late {
        /// The late side.
        side: Color,
        /// When the move was received (UTC).
        received_at: DateTime<Utc>,
        /// The deadline it missed (UTC).
        deadline: DateTime<Utc>,
    },
    /// The move's receipt instant is before the mover's clock started.
    #[error("the {side} move received at {received_at} precedes the clock start {started_at}")]
    BeforeStart {
        /// The side that moved.
        side: Color,
        /// When the move was received (UTC).
        received_at: DateTime<Utc>,
        /// When the clock started (UTC).
        started_at: DateTime<Utc>,
    },
}

/// What one move cost, returned by [`apply_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCharge {
    /// The side that moved.
    pub side: Color,
    /// Reflection time of the move in seconds (stops left out).
    pub reflection_seconds: i64,
    /// Time charged for it in seconds (after whole-day rounding and doubling).
    pub charged_seconds: i64,
    /// The mover's time for its next move, in seconds, after any increment
    /// and cap (for days per move: the fresh limit).
    pub left_seconds: i64,
    /// The opponent's new deadline (UTC), if it has a limit.
    pub opponent_deadline: DateTime<Utc>,
}

/// The most `clock`'s side may be charged for its current (or, if stopped,
/// next) move, in seconds; negative if a referee took away more than was
/// left. See the module documentation.
#[must_use]
pub fn allowance(control: &TimeControl, clock: &Clock) -> i64 {
    match control.limit() {
        Limit::DaysPerMove { days } => i64::from(days) * DAY + clock.extra_seconds,
        Limit::MovesInDays { moves, days } => {
            let period = i64::from(clock.moves_made / moves) + 1;
            period * i64::from(days) * DAY + clock.extra_seconds - clock.used_seconds
        }
        Limit::Fischer {
            base_days,
            increment_days,
            ..
        } => {
            i64::from(base_days) * DAY
                + i64::from(clock.moves_made) * i64::from(increment_days) * DAY
                + clock.extra_seconds
                - clock.used_seconds
        }
    }
}

/// Reflection seconds of the current move at `now` (stops left out); 0 if
/// the clock is not running.
#[must_use]
pub fn reflection_now(clock: &Clock, stops: &[Stop], now: DateTime<Utc>) -> i64 {
    match (clock.running, clock.last_started_at) {
        (true, Some(start)) => reflection_seconds(start, now, stops),
        _ => 0,
    }
}

/// The instant (UTC) at which a running clock's side loses on time, given its
/// stops (leaves, pauses); `None` if the clock is not running.
#[must_use]
pub fn deadline(control: &TimeControl, clock: &Clock, stops: &[Stop]) -> Option<DateTime<Utc>> {
    let start = clock.last_started_at.filter(|_| clock.running)?;
    let late = late_at(control.counting(), allowance(control, clock));
    Some(instant_after(start, late, stops))
}

/// The side's time left at `now` in seconds: the allowance minus what the
/// current move would be charged if it arrived now. Never negative before
/// the deadline; whether the side has lost is decided by the deadline, not
/// by this number (with whole-day counting 0 days left still leaves the
/// rest of the current 24 hours). For a stopped clock, the time for its
/// next move.
#[must_use]
pub fn time_left(control: &TimeControl, clock: &Clock, stops: &[Stop], now: DateTime<Utc>) -> i64 {
    allowance(control, clock) - charge(control.counting(), reflection_now(clock, stops, now))
}

/// Starts `clock` at `at` (UTC): the receipt of the opponent's move, or the
/// start of the game for the first mover. Sets the deadline from the stops.
///
/// `at` is cut to whole milliseconds, as the store keeps instants, so that
/// a deadline computed now equals the one computed later from the stored row
/// (the reminder keys depend on it).
pub fn start(control: &TimeControl, clock: &mut Clock, at: DateTime<Utc>, stops: &[Stop]) {
    let at = at.trunc_subsecs(3);
    clock.running = true;
    clock.last_started_at = Some(at);
    clock.deadline = deadline(control, clock, stops);
    clock.updated_at = at;
}

/// Recomputes a clock's stored deadline after its stops changed (a leave was
/// taken or cancelled) or a referee changed its time; `at` (UTC) becomes
/// `updated_at`.
pub fn refresh_deadline(
    control: &TimeControl,
    clock: &mut Clock,
    stops: &[Stop],
    at: DateTime<Utc>,
) {
    clock.deadline = deadline(control, clock, stops);
    clock.updated_at = at;
}

/// Charges the mover for a move received at `received_at` (UTC), applies the
/// control's after-move rule (per-move extra cleared, Fischer increment and
/// cap), stops the mover and starts the opponent at the same instant.
///
/// `mover_stops` and `opponent_stops` are each side's stops (leaves of the
/// player, pauses); only those touching the current moves matter.
///
/// # Errors
/// [`MoveClockError::NotRunning`] if the mover's clock is not running,
/// [`MoveClockError::BeforeStart`] if `received_at` precedes its start,
/// [`MoveClockError::Late`] if `received_at` is at or after its deadline.
/// On error neither clock is changed.
pub fn apply_move(
    control: &TimeControl,
    mover: &mut Clock,
    opponent: &mut Clock,
    received_at: DateTime<Utc>,
    mover_stops: &[Stop],
    opponent_stops: &[Stop],
) -> Result<MoveCharge, MoveClockError> {
    let side = mover.side;
    let started_at = match (mover.running, mover.last_started_at) {
        (true, Some(s)) => s,
        _ => return Err(MoveClockError::NotRunning { side }),
    };
    if received_at < started_at {
        return Err(MoveClockError::BeforeStart {
            side,
            received_at,
            started_at,
        });
    }
    let due = deadline(control, mover, mover_stops).unwrap_or(started_at);
    if received_at >= due {
        return Err(MoveClockError::Late {
            side,
            received_at,
            deadline: due,
        });
    }
    let reflection = reflection_seconds(started_at, received_at, mover_stops);
    let charged = charge(control.counting(), reflection);
    mover.used_seconds += charged;
    mover.moves_made += 1;
    match control.limit() {
        Limit::DaysPerMove { .. } => mover.extra_seconds = 0,
        Limit::MovesInDays { .. } => {}
        Limit::Fischer { cap_days, .. } => {
            if let Some(cap) = cap_days {
                let over = allowance(control, mover) - i64::from(cap) * DAY;
                if over > 0 {
                    mover.extra_seconds -= over;
                }
            }
        }
    }
    mover.running = false;
    mover.deadline = None;
    mover.updated_at = received_at;
    start(control, opponent, received_at, opponent_stops);
    Ok(MoveCharge {
        side,
        reflection_seconds: reflection,
        charged_seconds: charged,
        left_seconds: allowance(control, mover),
        opponent_deadline: opponent.deadline.unwrap_or(received_at),
    })
}

/// A referee gives (`seconds > 0`) or takes (`< 0`) time at `at` (UTC).
/// Under days per move it counts for the current (or next) move only.
pub fn add_time(
    control: &TimeControl,
    clock: &mut Clock,
    seconds: i64,
    stops: &[Stop],
    at: DateTime<Utc>,
) {
    clock.extra_seconds += seconds;
    refresh_deadline(control, clock, stops, at);
}

/// Stops a running clock for a pause of the game at `at` (UTC), keeping its
/// start so that [`resume`] can continue the same move. Returns `false` (and
/// changes nothing) if the clock was not running.
pub fn pause(clock: &mut Clock, at: DateTime<Utc>) -> bool {
    if !clock.running {
        return false;
    }
    clock.running = false;
    clock.deadline = None;
    clock.updated_at = at;
    true
}

/// Restarts a clock paused at `paused_at` at `resumed_at` (both UTC): the
/// start of the current move moves forward by the length of the pause, so
/// the pause costs no time.
pub fn resume(
    control: &TimeControl,
    clock: &mut Clock,
    paused_at: DateTime<Utc>,
    resumed_at: DateTime<Utc>,
    stops: &[Stop],
) {
    let start = clock.last_started_at.unwrap_or(paused_at);
    let shift = (resumed_at - paused_at).max(TimeDelta::zero());
    clock.running = true;
    clock.last_started_at = Some(start + shift);
    clock.deadline = deadline(control, clock, stops);
    clock.updated_at = resumed_at;
}

/// Stops `clock` for good at the end of the game at `at` (UTC), keeping its
/// balance: the side to move is charged for its current move up to `at` (a
/// running clock) or up to the instant a pause or adjournment stopped it
/// (`updated_at` of a stopped clock with a start), its stops left out, and at
/// most what it had left, so that a loss on time leaves 0 and [`view`] reads
/// used and left as they stood at the end. Under days per move the charge is
/// also taken from the move's allowance (through `extra_seconds`), since the
/// limit there is per move. Returns the seconds charged.
///
/// Called once, for the side to move, when the result is set; the other
/// side's clock already stands.
pub fn stop_at_end(
    control: &TimeControl,
    clock: &mut Clock,
    at: DateTime<Utc>,
    stops: &[Stop],
) -> i64 {
    let charged = match clock.last_started_at {
        Some(start) => {
            let until = if clock.running { at } else { clock.updated_at };
            let reflection = reflection_seconds(start, until.max(start), stops);
            charge(control.counting(), reflection).min(allowance(control, clock).max(0))
        }
        None => 0,
    };
    clock.used_seconds += charged;
    if let Limit::DaysPerMove { .. } = control.limit() {
        clock.extra_seconds -= charged;
    }
    clock.running = false;
    clock.deadline = None;
    clock.updated_at = at;
    charged
}

/// One side's clock as shown in a reply or `game show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ClockView {
    /// Whose clock.
    pub side: Color,
    /// True if this side is to move and its time runs.
    pub running: bool,
    /// Time charged so far in seconds, including what the current move would
    /// cost if it arrived now.
    pub used_seconds: i64,
    /// What the current move would cost if it arrived now, in seconds (part
    /// of `used_seconds`; 0 for a clock that stands).
    pub move_seconds: i64,
    /// Time left in seconds at `now` (see [`time_left`]): the true balance,
    /// negative when a director took more than was left.
    pub left_seconds: i64,
    /// Moves made by this side.
    pub moves_made: u32,
    /// When this side loses on time (UTC), if it is to move.
    pub deadline: Option<DateTime<Utc>>,
}

/// The view of one clock at `now` (UTC).
#[must_use]
pub fn view(control: &TimeControl, clock: &Clock, stops: &[Stop], now: DateTime<Utc>) -> ClockView {
    let running_charge = charge(control.counting(), reflection_now(clock, stops, now));
    ClockView {
        side: clock.side,
        running: clock.running,
        used_seconds: clock.used_seconds + running_charge,
        move_seconds: running_charge,
        left_seconds: time_left(control, clock, stops, now),
        moves_made: clock.moves_made,
        deadline: deadline(control, clock, stops),
    }
}

#[cfg(test)]
mod tests;
