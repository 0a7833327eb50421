//! A player's clock stops in one game (gathered on the store by
//! `referee::game_clocks::game_stops`): the player's leaves (whole local days,
//! [`crate::clock::leave`]) and the pauses of the game's bounced move notices
//! and the wait of each
//! move notice at the bot (from the clock's start to the notice's sending:
//! the daemon down or behind, the notice in the outbox). All are [`Stop`](super::Stop)s:
//! reflection time leaves them out, the deadline moves by their length, and
//! the scheduler's reminders and time-outs (computed from the same stops) do
//! not fall inside them. An open bounce pause runs to the far future, so the
//! stopped side has no deadline until it ends.
//!
//! A bounce pause stops only the bounced player's clock, and only counts while
//! that clock runs (their turn); the opponent's stops are their own.

use chrono::{DateTime, Datelike, Utc};

/// True if `deadline` (UTC) is no deadline at all: the clock stands with no
/// end in sight (an open bounce pause, a move notice still waiting in the
/// outbox), which the stops express as running to the far future (year 9000
/// and later). Such an instant is never shown to anybody: every place that
/// shows a deadline says "the clock is stopped, no deadline" instead.
#[must_use]
pub fn stands_open(deadline: DateTime<Utc>) -> bool {
    deadline.year() >= 9000
}
