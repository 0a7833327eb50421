//! The clock's own state: one side's clock in one game, a leave period, a
//! reminder sent. The clock module computes on these values; the store keeps
//! them row for row (it maps its columns to these types) and does no time
//! arithmetic of its own.
//!
//! Durations are whole seconds; instants are UTC.

use chrono::{DateTime, Utc};

use crate::vocabulary::{Color, GameId, PlayerId};

/// One side's clock in one game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Clock {
    /// The game.
    pub game_id: GameId,
    /// Whose clock.
    pub side: Color,
    /// Reflection time charged so far, in seconds (after any doubling or free
    /// days the time control applies); never negative.
    pub used_seconds: i64,
    /// Adjustment of the time budget in seconds: time a referee added
    /// (positive) or removed (negative), and under a capped Fischer control
    /// minus the increment cut off by the cap. Under "days per move" it
    /// counts for the current move only and the clock module clears it after
    /// the move (see `crate::clock::state`).
    pub extra_seconds: i64,
    /// Moves this side has completed (for "N moves in D days").
    pub moves_made: u32,
    /// True while this side is to move and its time runs.
    pub running: bool,
    /// When the clock last started (UTC): the receipt of the opponent's move.
    /// Required while running; kept after it stops.
    pub last_started_at: Option<DateTime<Utc>>,
    /// When this side's time runs out if it keeps running (UTC); `None` if no limit.
    pub deadline: Option<DateTime<Utc>>,
    /// When this row was last written (UTC).
    pub updated_at: DateTime<Utc>,
}

impl Clock {
    /// A stopped clock with no time used, as at the start of a game.
    #[must_use]
    pub fn new(game_id: GameId, side: Color, at: DateTime<Utc>) -> Clock {
        Clock {
            game_id,
            side,
            used_seconds: 0,
            extra_seconds: 0,
            moves_made: 0,
            running: false,
            last_started_at: None,
            deadline: None,
            updated_at: at,
        }
    }
}

/// A reminder that has been sent (or a time-out report made), recorded so
/// that it is never sent twice.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Reminder {
    /// The game.
    pub game_id: GameId,
    /// The side reminded.
    pub side: Color,
    /// Which reminder, named by the clock module: `deadline-3d`, `silence-14d`, ...
    pub kind: String,
    /// The deadline (or other instant) it is about (UTC); a moved deadline
    /// makes a new reminder.
    pub due_at: DateTime<Utc>,
    /// When it was sent (UTC).
    pub sent_at: DateTime<Utc>,
}

id_type! {
    /// A leave period's row id.
    LeaveId
}

/// A leave (vacation) period of a player: `[starts_at, ends_at)` in UTC.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Leave {
    /// Row id.
    pub id: LeaveId,
    /// Whose leave.
    pub player_id: PlayerId,
    /// First instant of the leave (UTC; midnight of the first day in the
    /// player's zone, as the clock module computes it).
    pub starts_at: DateTime<Utc>,
    /// First instant after the leave (UTC, exclusive).
    pub ends_at: DateTime<Utc>,
    /// Whole days charged against the yearly allowance.
    pub days: u32,
    /// When it was taken (UTC).
    pub created_at: DateTime<Utc>,
    /// When it was cancelled (UTC), if it was.
    pub cancelled_at: Option<DateTime<Utc>>,
}

/// A leave period to record (the store checks it and gives it an id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLeave {
    /// Whose leave.
    pub player_id: PlayerId,
    /// First instant (UTC).
    pub starts_at: DateTime<Utc>,
    /// First instant after (UTC, exclusive); after `starts_at`.
    pub ends_at: DateTime<Utc>,
    /// Whole days charged; at least 1.
    pub days: u32,
    /// When it is taken (UTC).
    pub created_at: DateTime<Utc>,
}

/// What the clock charged for a move, as computed in the move's transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ChargeRecord {
    /// When the mover's clock started for this move (UTC).
    pub clock_started_at: DateTime<Utc>,
    /// Reflection time in seconds (stops left out).
    pub reflection_seconds: i64,
    /// Time charged in seconds (after ICCF whole days and doubling).
    pub charged_seconds: i64,
    /// Seconds from the clock's start until the notice of the opponent's
    /// move left the bot (the daemon behind, the outbox): not charged.
    pub transit_seconds: i64,
    /// Seconds of the other stops (leave, bounce pauses): not charged.
    pub stood_seconds: i64,
}
