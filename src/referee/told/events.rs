//! What the referee did, as typed events: a director's action on a game and
//! a player's leave ([`crate::words::events`] words them).

use chrono::NaiveDate;

use crate::rules::Color;
use crate::vocabulary::GameResult;

/// A director's action on one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectorEvent {
    /// The referee decided the result.
    Adjudicated(GameResult),
    /// The referee forfeited a side.
    Forfeited(Color),
    /// A side withdrew from the tournament by their own confirmed mail:
    /// the game is lost by forfeit.
    Withdrew(Color),
    /// The referee annulled the game.
    Annulled,
    /// The game was taken back to the position after ply `to`.
    RolledBack {
        /// The ply kept last.
        to: u32,
        /// Plies removed.
        removed: usize,
    },
    /// Days added to (or, negative, taken from) a side's clock.
    DaysAdded {
        /// Whose clock.
        side: Color,
        /// Days.
        days: i32,
    },
    /// The game was paused (clocks stand).
    Paused,
    /// The game was adjourned (the player to move may seal a move).
    Adjourned,
    /// The game was resumed.
    Resumed,
    /// The invitation was sent again, with the current position (to one
    /// player or both).
    Resent,
}

/// A player's leave, as they and their opponents are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaveEvent {
    /// The player's own leave is recorded.
    Recorded {
        /// First day of leave.
        from: NaiveDate,
        /// Last day of leave.
        to: NaiveDate,
        /// Days taken.
        days: u32,
        /// Days left this year.
        left: u32,
    },
    /// A director entered the reader's leave (asked for by phone, ...).
    ByReferee {
        /// The director's reason.
        reason: String,
    },
    /// The opponent takes leave.
    Opponent {
        /// The opponent's name.
        name: String,
        /// First day of leave.
        from: NaiveDate,
        /// Last day of leave.
        to: NaiveDate,
    },
}

/// What the clock did, as the players (and, for a time-out reported to the
/// director, the referees) are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// The reader's deadline is near.
    DeadlineNear {
        /// Hours left.
        hours: u32,
        /// The deadline in the reader's zone.
        deadline: String,
    },
    /// The reader has not moved for some days.
    Silent {
        /// Days without a move.
        days: u32,
        /// The deadline in the reader's zone.
        deadline: String,
    },
    /// A player lost on time.
    LostOnTime {
        /// The player who did not move.
        name: String,
        /// The deadline missed (UTC).
        deadline: String,
        /// The result now standing.
        result: GameResult,
    },
    /// A player's time ran out; the referee decides.
    TimeOutReported {
        /// The game.
        game: i64,
        /// The player who did not move.
        name: String,
        /// The deadline missed (UTC).
        deadline: String,
    },
}
