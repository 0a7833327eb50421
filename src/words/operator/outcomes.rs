//! The outcome line of a processed mail, as the daemon records it and
//! `mail-log` and `history` print it: what was done with the mail, in
//! English for the operator (the mail's sender reads their own reply, worded
//! in `words::mail`). Instants in UTC, written `YYYY-MM-DD HH:MM UTC`.

use std::fmt::Display;

use chrono::{DateTime, Utc};

use crate::mail::SenderProblem;
use crate::mail::intent::Unrecognised;
use crate::vocabulary::GameId;

/// An instant as an outcome line writes it.
fn at(t: DateTime<Utc>) -> impl Display {
    t.format("%Y-%m-%d %H:%M UTC")
}

/// A move or act `line` of game `game` (if named) arrived after its
/// deadline: not played, the game lost on time.
#[must_use]
pub fn late(game: Option<GameId>, line: &str, deadline: DateTime<Utc>) -> String {
    match game {
        Some(g) => format!(
            "late #{g}: {line} (after the deadline {}: not played, lost on time)",
            at(deadline)
        ),
        None => format!(
            "late: {line} (after the deadline {}: not played, lost on time)",
            at(deadline)
        ),
    }
}

/// A `line` of game `game` arrived after the game was lost on time at
/// `ended`: not played.
#[must_use]
pub fn late_after_time_loss(game: GameId, line: &str, ended: DateTime<Utc>) -> String {
    format!(
        "late #{game}: {line} (the game was lost on time at {}: not played)",
        at(ended)
    )
}

/// A `line` of game `game` (if named) applied.
#[must_use]
pub fn applied(game: Option<GameId>, line: &str) -> String {
    match game {
        Some(g) => format!("applied #{g}: {line}"),
        None => format!("applied: {line}"),
    }
}

/// A line of game `game` (if named) refused by the referee for `why`.
#[must_use]
pub fn refused(game: Option<GameId>, why: impl Display) -> String {
    match game {
        Some(g) => format!("refused #{g}: {why}"),
        None => format!("refused: {why}"),
    }
}

/// A move numbered `written` arrived while move `due` is due: an old move.
#[must_use]
pub fn stale(written: impl Display, due: impl Display) -> String {
    format!("stale: {written} while {due} is due")
}

/// A move numbered `written` ahead of the move `due`: refused.
#[must_use]
pub fn ahead(written: impl Display, due: impl Display) -> String {
    format!("refused: move {written} written while {due} is due")
}

/// The sender named the other side as resigning: not taken.
#[must_use]
pub fn other_side_named_resigning() -> &'static str {
    "not taken: the other side named as resigning"
}

/// Words that name an act or a move without making it.
#[must_use]
pub fn no_act_named() -> &'static str {
    "not taken: words that name no act"
}

/// A mail whose text the reader could not read as a command, and why.
#[must_use]
pub fn unrecognised(why: &Unrecognised) -> String {
    match why {
        Unrecognised::SeveralMoves(m) => format!("unrecognised: {} moves", m.len()),
        Unrecognised::NoText => "unrecognised: no text".into(),
        Unrecognised::NoCommand => "unrecognised".into(),
        Unrecognised::LeaveDates(_) => "unrecognised: leave dates".into(),
        Unrecognised::DigestHour(_) => "unrecognised: digest hour".into(),
    }
}

/// Words that say the game goes on, with no move.
#[must_use]
pub fn goes_on_no_move() -> &'static str {
    "unrecognised: the game goes on, no move"
}

/// A line for game `game`, which is over.
#[must_use]
pub fn game_over(game: GameId) -> String {
    format!("refused #{game}: the game is over")
}

/// Why a director's commands were not answered.
#[derive(Debug, Clone, Copy)]
pub enum DirectorSilence<'a> {
    /// The mail carried no token of the sender's own.
    NoOwnToken,
    /// The sender is unknown; the outcome of the identity check.
    UnknownSender(&'a str),
    /// The mail carried a game's token, not the director's personal one.
    GameToken,
}

/// A director's commands not answered, and why.
#[must_use]
pub fn director_unanswered(why: DirectorSilence<'_>) -> String {
    let why = match why {
        DirectorSilence::NoOwnToken => "without the sender's own token".to_string(),
        DirectorSilence::UnknownSender(outcome) => format!("from an unknown sender ({outcome})"),
        DirectorSilence::GameToken => {
            "with a game's token, not the director's personal token".to_string()
        }
    };
    format!("rejected: director commands {why} (not answered)")
}

/// Director commands from a player who directs nothing: told so.
#[must_use]
pub fn not_a_director() -> &'static str {
    "rejected: director commands from a player who is not a director (told)"
}

/// A mail from an address no player has (`sender` printable).
#[must_use]
pub fn unknown_sender(sender: &str) -> String {
    format!("rejected: unknown sender {sender}")
}

/// A registered player's mail without a valid token: `foreign` when it
/// carried a token that is not the player's, else none at all.
#[must_use]
pub fn tokenless(foreign: bool) -> String {
    if foreign {
        "rejected: a token that is not the player's".into()
    } else {
        "rejected: no token".into()
    }
}

/// What the registered address of a tokenless mail's sender was told:
/// `answered` now, or already within the last 24 hours.
#[must_use]
pub fn tokenless_note(answered: bool) -> &'static str {
    if answered {
        " (the registered address was told, with the list of games)"
    } else {
        " (the registered address was told already in the last 24 hours)"
    }
}

/// A mail of `size` bytes above the `limit`.
#[must_use]
pub fn too_large(size: impl Display, limit: impl Display) -> String {
    format!("rejected: too large ({size} bytes, limit {limit})")
}

/// A mail over the limit named `key`: `found`, `allowed` at most.
#[must_use]
pub fn over_limit(key: &str, found: impl Display, allowed: impl Display) -> String {
    format!("rejected: over {key} ({found}, limit {allowed})")
}

/// A mail whose sender is not one readable address.
#[must_use]
pub fn sender_refused(problem: &SenderProblem) -> String {
    let why = match problem {
        SenderProblem::Several => "several senders",
        SenderProblem::Unreadable => "a sender that is not one address",
    };
    format!("rejected: {why}")
}

/// A mail that does not read as a mail, `why` printable.
#[must_use]
pub fn unreadable_mail(why: &str) -> String {
    format!("rejected: unreadable mail ({why})")
}

/// An automatic reply (out of office and the like).
#[must_use]
pub fn automatic_reply() -> &'static str {
    "ignored: automatic reply"
}

/// A mail with no sender.
#[must_use]
pub fn no_sender() -> &'static str {
    "rejected: no sender"
}

/// An unrecognised line naming no game.
#[must_use]
pub fn unrecognised_no_game() -> &'static str {
    "unrecognised (no game)"
}

/// `lines` lines refused for games the sender does not play.
#[must_use]
pub fn foreign_lines(lines: usize) -> String {
    format!(
        "refused {} for games not the sender's",
        super::super::game::count_en(lines, "line", "lines")
    )
}

/// `lines` lines refused because they name no game.
#[must_use]
pub fn unplaced_lines(lines: usize) -> String {
    format!(
        "refused {} naming no game",
        super::super::game::count_en(lines, "line", "lines")
    )
}

/// The start of the outcome of a verified mail refused because its
/// authentication checks stayed unsettled (temperror) for the whole wait.
pub const UNSETTLED: &str = "rejected: authentication checks ended in temperror";

/// A verified mail refused for its checks unsettled for `minutes`.
#[must_use]
pub fn unsettled(minutes: impl Display) -> String {
    format!("{UNSETTLED} for {minutes} minutes, not applied")
}

/// A mail failing its From domain's refusing DMARC policy: the `result`,
/// the `domain` (printable) and its `policy`.
#[must_use]
pub fn dmarc_refused(result: &str, domain: &str, policy: &str) -> String {
    format!("rejected: DMARC {result} for {domain} (policy {policy}), not answered")
}

/// A delivery report with no failure (a delay).
#[must_use]
pub fn bounce_delayed() -> &'static str {
    "bounce: delayed (logged only)"
}

/// A delivery report that answers no mail the bot sent, and why (a code).
#[must_use]
pub fn unverified_report(code: &str) -> String {
    format!("ignored: unverified delivery report ({code})")
}

/// A reply to `to` (printable), outbox row `outbox`, failed, matched `by`;
/// `clock_stopped` when the player's clock stopped with it.
#[must_use]
pub fn bounce_failed(
    to: &str,
    outbox: impl Display,
    by: impl Display,
    clock_stopped: bool,
) -> String {
    format!(
        "bounce: failed {to} (outbox {outbox}, by {by}){}",
        if clock_stopped { "; clock stopped" } else { "" }
    )
}
