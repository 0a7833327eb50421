//! Console lines of the game commands: `game new`, `game show`, `play`,
//! `referee receipts` and `referee bounce-clear` (games by number, instants
//! as text, durations already worded).

use std::fmt::Display;

use super::super::game::count_en;

/// `game new`: game `game` of `variant` made between `white` and `black`.
#[must_use]
pub fn made(
    game: impl Display,
    variant: impl Display,
    white: impl Display,
    black: impl Display,
) -> String {
    format!("game #{game} {variant}: {white} (white) – {black} (black)")
}

/// `game show --ply N` past the end: game `game` has `plies` plies.
#[must_use]
pub fn no_such_ply(game: impl Display, plies: usize, asked: usize) -> String {
    format!(
        "game #{game} has {}; there is no ply {asked}",
        count_en(plies, "ply", "plies")
    )
}

/// `game show`: the board below shows the position after `ply` of `plies`.
#[must_use]
pub fn position_after(ply: impl Display, plies: impl Display) -> String {
    format!("Position after ply {ply} of {plies}:")
}

/// A game with no move yet.
#[must_use]
pub fn no_move_yet() -> &'static str {
    "No move has been played yet."
}

/// `game show`: a draw offer by `side` waits for an answer.
#[must_use]
pub fn pending_offer(side: impl Display) -> String {
    format!("Pending draw offer by {side}")
}

/// The end of a clock's line when the clock is stopped.
#[must_use]
pub fn clock_stopped_no_deadline() -> &'static str {
    "; clock stopped, no deadline"
}

/// The end of a clock's line with its deadline `due` (UTC as text).
#[must_use]
pub fn move_due_by(due: &str) -> String {
    format!("; move due by {due}")
}

/// `referee receipts`: the head of the list of game `game`'s receipts.
#[must_use]
pub fn receipts_head(game: impl Display) -> String {
    format!(
        "Game #{game}: receipts (the clock charges from the clock's start to the arrival; the Date header is evidence only)"
    )
}

/// A receipt's times, each a worded duration: the reflection and the
/// part charged, the time in transit and stopped (not charged).
#[must_use]
pub fn reflection(reflection: &str, charged: &str, transit: &str, stood: &str) -> String {
    format!(
        "  reflection {reflection} (charged {charged}); in transit {transit}, clock stopped {stood} (not charged)"
    )
}

/// Where a ply was given: by the mail `message_id` at `at`.
#[must_use]
pub fn given_by_mail(message_id: &str, at: &str) -> String {
    format!("by mail <{message_id}> at {at}")
}

/// Where a ply was given: on the command line at `at`.
#[must_use]
pub fn given_at_the_console(at: &str) -> String {
    format!("on the command line at {at}")
}

/// A ply played from a conditional line given `by` (where and when).
#[must_use]
pub fn conditional_reply(by: &str) -> String {
    format!(
        "conditional reply: played by the referee at once from the line given {by}; no reflection time charged"
    )
}

/// A sealed move revealed at resumption, sealed `by` (where and when).
#[must_use]
pub fn sealed_revealed(by: &str) -> String {
    format!("sealed move revealed at resumption: sealed {by}")
}

/// `referee bounce-clear`: `player`'s clock in game `game` is not stopped
/// by a bounce.
#[must_use]
pub fn not_stopped_by_a_bounce(player: &str, game: impl Display) -> String {
    format!("zaochka: refused: the clock of {player} in game #{game} is not stopped by a bounce")
}

/// `referee bounce-clear`: `player`'s clock in game `game` runs again.
#[must_use]
pub fn clock_runs_again(player: &str, game: impl Display) -> String {
    format!("game #{game}: the clock of {player} runs again")
}
