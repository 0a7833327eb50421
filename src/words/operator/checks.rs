//! Console lines of `zaochka check` and `zaochka import`: how a record file
//! and each of its games read (plies counted from 1, move times in UTC).

use std::fmt::Display;

use chrono::{DateTime, Utc};

use crate::games::AmbiguousMove;
use crate::rules::Color;

use super::super::game::count_en;

/// A record file that cannot be read (`why` printable): skipped.
#[must_use]
pub fn file_skipped(why: &str) -> String {
    format!("zaochka: {why}; file skipped")
}

/// A fault partway through the file `name`: the rest skipped.
#[must_use]
pub fn rest_skipped(name: &str, why: impl Display) -> String {
    format!("zaochka: {name}: {why}; the rest of the file skipped")
}

/// A game (`head` names it) with an ambiguous move (`what`, as
/// [`ambiguous`] words it), read on with `played`; `fen` the position
/// before it.
#[must_use]
pub fn ambiguous_line(head: &str, what: &str, played: impl Display, fen: impl Display) -> String {
    format!("{head}: AMBIGUOUS {what}; read on with {played}\n  position before it: {fen}\n")
}

/// The end of a game's OK line when its moves stop being recorded at
/// `ply`.
#[must_use]
pub fn unrecorded_from(ply: impl Display) -> String {
    format!(", moves not recorded from ply {ply}")
}

/// A game with no GameType tag read as Russian checkers: `replays` when it
/// also replays as international draughts.
#[must_use]
pub fn default_reading(replays: bool) -> String {
    let read = "read as Russian checkers by default (no GameType tag)";
    if replays {
        format!("{read}; it replays as international draughts: add [GameType \"20\"]")
    } else {
        format!(
            "{read}; a GameType tag names the game (25 Russian checkers, 20 international draughts)"
        )
    }
}

/// Ply `ply` written `text` has a move time before the previous ply's.
#[must_use]
pub fn time_before_previous(ply: usize, text: &str, time: DateTime<Utc>) -> String {
    format!(
        "ply {ply} `{text}`: its time {} is before the time of the ply before it",
        time.format("%Y.%m.%d,%H:%M:%S")
    )
}

/// The move times of a record: on `timed` of `plies` plies, `first` to
/// `last`.
#[must_use]
pub fn move_times(timed: usize, plies: usize, first: DateTime<Utc>, last: DateTime<Utc>) -> String {
    format!(
        "move times (%ccsnt) on {timed} of {plies} plies, {} to {} UTC",
        first.format("%Y.%m.%d,%H:%M"),
        last.format("%Y.%m.%d,%H:%M")
    )
}

/// The final position ends the game by `rule`, with `result` (both worded).
#[must_use]
pub fn final_position_ends(rule: &str, result: &str) -> String {
    format!("the final position ends the game: {rule}; {result}")
}

/// A draw that could be claimed in the final position, and by which rule.
#[must_use]
pub fn claimable_draw(rule: &str) -> String {
    format!("a draw could be claimed in the final position: {rule}")
}

/// A ply that fits several moves each going on as far: `at move 1.
/// "32x14": it fits 2 moves that each let the record go on to its end:
/// 32x23x34x25x14 or 32x43x34x25x14`.
#[must_use]
pub fn ambiguous(a: &AmbiguousMove) -> String {
    let dots = if a.side == Color::Black { "..." } else { "." };
    let how_far = if a.to_end { "to its end" } else { "as far" };
    let candidates = match a.candidates.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => a.candidates.join(""),
    };
    format!(
        "at move {}{dots} {:?}: it fits {} moves that each let the record go on {how_far}: {candidates}",
        a.move_number,
        a.written,
        a.candidates.len()
    )
}

/// A game (`head`) stopped by a move fault of `kind` (upper case) at move
/// `number` (`dots` after it) written `written`, for `reason`; `fen` the
/// position before it. The board follows.
#[must_use]
pub fn move_fault(
    head: &str,
    kind: &str,
    number: impl Display,
    dots: &str,
    written: &str,
    reason: &str,
    fen: impl Display,
) -> String {
    format!(
        "{head}: {kind} at move {number}{dots} {written:?}: {reason}\n  position before it ({fen}):\n"
    )
}

/// `import`'s summary: games imported, refused and skipped as duplicates,
/// then `unreadable` (already worded, empty when none).
#[must_use]
pub fn imported(
    games: usize,
    refused: impl Display,
    duplicates: impl Display,
    unreadable: &str,
) -> String {
    format!(
        "{} imported, {refused} refused, {duplicates} skipped as duplicates{unreadable}",
        count_en(games, "game", "games")
    )
}

/// How an imported game's result was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultTaken {
    /// Unfinished, archived as annulled.
    Unfinished,
    /// The result the rules give the final position.
    ByTheRules,
    /// The Result tag's result.
    AsTagged,
}

/// `import`: the game at `at` imported as game `id`, its result taken
/// `how`.
#[must_use]
pub fn imported_as(at: &str, id: impl Display, how: Option<ResultTaken>) -> String {
    let how = match how {
        Some(ResultTaken::Unfinished) => " (unfinished, archived as annulled)",
        Some(ResultTaken::ByTheRules) => " (result by the rules)",
        Some(ResultTaken::AsTagged) => " (result as tagged)",
        None => "",
    };
    format!("{at}: imported as game #{id}{how}")
}

/// `import`: the game at `at` was imported before as game `id`.
#[must_use]
pub fn imported_before(at: &str, id: impl Display) -> String {
    format!("{at}: skipped: the same game was imported before as game #{id}")
}

/// `import --trust-result`: the game at `at` keeps its Result tag against
/// `against` (the rules' verdict, worded).
#[must_use]
pub fn result_trusted(at: &str, against: &str) -> String {
    format!("{at}: result kept as the Result tag says (--trust-result) against: {against}")
}

/// A refusal of a game's result that `--trust-result` overrides.
#[must_use]
pub fn trust_result_hint(why: &str) -> String {
    format!("{why} (--trust-result imports it with the Result tag's result)")
}

/// An unfinished game (its Result tag `result`) that `--unfinished` would
/// archive.
#[must_use]
pub fn unfinished(result: &str) -> String {
    format!("unfinished (result {result:?}); --unfinished archives it as an unfinished game")
}

/// `import`: the `side` player `name` linked to registered player `id`
/// (`registered`, their name), `how` (already worded, may be empty).
#[must_use]
pub fn linked(side: &str, name: &str, id: impl Display, registered: &str, how: &str) -> String {
    format!("{side} {name} linked to registered player #{id} {registered}{how}")
}

/// `import`: several registered players (`ids`, listed) have the name.
#[must_use]
pub fn several_named(side: &str, name: &str, ids: &str) -> String {
    format!("{side} {name}: several registered players have this name ({ids}), none linked")
}
