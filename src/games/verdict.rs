//! The referee's verdict on a replayed record: a record is
//! judged as the referee judges a game played by mail.
//!
//! - Every automatic end of the variant applies ([`super::AnyGame::outcome`]: no
//!   pieces, no legal move, the draughts draw rules, checkmate, stalemate, a
//!   dead position, fivefold repetition, 75 moves): a ply written after the
//!   rules had ended the game is a fault ([`PlayedAfterEnd`]).
//! - The `Result` tag and the result token closing the move text must agree
//!   ([`Contradiction::TagAndToken`]), and a stated result must be the one the
//!   final position gives when the rules end the game there
//!   ([`Contradiction::Position`]). A decisive result in a position that does
//!   not end the game is a resignation or a loss on time, and a draw there is an
//!   agreement or a claim: no fault.
//! - A draw that could be claimed in the final position is kept as a note
//!   ([`RecordVerdict::claimable`]), not a fault.
//!
//! Results are read in both scoring styles: `2-0`, `1-1`, `0-2` (FMJD events)
//! are `1-0`, a draw and `0-1` ([`read_result`]).
//!
//! Plain data only: `zaochka check` and `zaochka import` word it.

use crate::notation::pdn::PdnGame;
use crate::rules::{Color, GameResult};

use super::{CheckedGame, ClaimableDraw, Finish};

/// What a result text of a record states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatedResult {
    /// A result: `1-0`, `0-1`, `1/2-1/2` and their other spellings.
    Decided(GameResult),
    /// `*`: the game was not finished.
    Unfinished,
}

impl StatedResult {
    /// The result, or `None` for an unfinished game.
    #[must_use]
    pub fn result(self) -> Option<GameResult> {
        match self {
            StatedResult::Decided(r) => Some(r),
            StatedResult::Unfinished => None,
        }
    }
}

/// Reads a result as PGN and PDN files write it: `1-0` / `2-0`, `0-1` / `0-2`,
/// `1/2-1/2` / `1-1` / `½-½` / `0.5-0.5`, the same with `:` (`1:0`, as Russian
/// tables write it), `=` for a draw, and `*` for an unfinished game.
/// `None` for anything else (`?`, an empty tag).
#[must_use]
pub fn read_result(text: &str) -> Option<StatedResult> {
    match text.trim() {
        "1-0" | "2-0" | "1:0" | "2:0" => Some(StatedResult::Decided(GameResult::WhiteWins)),
        "0-1" | "0-2" | "0:1" | "0:2" => Some(StatedResult::Decided(GameResult::BlackWins)),
        "1/2-1/2" | "1-1" | "½-½" | "0.5-0.5" | "1/2:1/2" | "1:1" | "½:½" | "=" => {
            Some(StatedResult::Decided(GameResult::Draw))
        }
        "*" => Some(StatedResult::Unfinished),
        _ => None,
    }
}

/// A ply written after the rules had ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedAfterEnd {
    /// Index (from 0) of the first ply written after the end; the game ended
    /// after `ply` plies.
    pub ply: usize,
    /// The move number of that ply.
    pub move_number: u32,
    /// Whose ply it is.
    pub side: Color,
    /// How the rules had ended the game, with the rule and its citation.
    pub finish: Finish,
}

/// A result the record states that cannot stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// The `Result` tag and the closing result token of the move text differ.
    TagAndToken {
        /// The tag's value as written.
        tag: String,
        /// The token as written.
        token: String,
    },
    /// The rules end the game in its final position with another result.
    Position {
        /// The result the record states.
        stated: StatedResult,
        /// How the rules end the game.
        finish: Finish,
    },
}

/// The verdict on one replayed record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordVerdict {
    /// The first ply written after the rules had ended the game, if any.
    pub played_after_end: Option<PlayedAfterEnd>,
    /// How the rules end the game in the position where the record stops
    /// (after the last legal ply, or where the rules ended it); `None` when the
    /// position does not end the game or the moves were not all recorded.
    pub finish: Option<Finish>,
    /// The result the record states: the closing token, else the `Result` tag;
    /// `None` when neither states one.
    pub stated: Option<StatedResult>,
    /// What the `Result` tag states, as read.
    pub tag: Option<StatedResult>,
    /// Stated results that contradict each other or the final position.
    pub contradictions: Vec<Contradiction>,
    /// Draws the side to move could claim in the final position (a note).
    pub claimable: Vec<ClaimableDraw>,
}

impl RecordVerdict {
    /// The result the game has by its record and the rules, when it is
    /// finished: the rules' result when they end it, else the stated one.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.finish
            .map(|f| f.result)
            .or_else(|| self.stated.and_then(StatedResult::result))
    }
}

/// Judges a replayed record ([`super::replay_pdn`], [`super::replay_pgn`]) as
/// the referee would: finds the first ply played after an automatic end
/// ([`super::AnyGame::played_after_end`], or the failing ply of a record that
/// fails in a position the rules had ended), then compares the stated results with
/// each other and with the final position.
pub fn judge(checked: &CheckedGame, game: &PdnGame) -> RecordVerdict {
    let replayed = checked.record.game.as_ref();
    let first_side = if replayed.plies().is_multiple_of(2) {
        replayed.turn()
    } else {
        replayed.turn().opposite()
    };
    // A ply that fails where the rules had already ended the game (a king move
    // after mate) was played after the end, whatever makes it fail.
    let ended_before_failure = || {
        checked.record.failure.as_ref()?;
        replayed.outcome().map(|f| (replayed.plies(), f))
    };
    let played_after_end = replayed
        .played_after_end()
        .or_else(ended_before_failure)
        .map(|(ply, finish)| {
            let (move_number, side) = crate::notation::record::move_number_of(
                ply,
                first_side,
                replayed.first_move_number(),
            );
            PlayedAfterEnd {
                ply,
                move_number,
                side,
                finish,
            }
        });
    let complete = checked.unrecorded_from.is_none();
    let finish = match played_after_end {
        Some(p) => Some(p.finish),
        None if complete && checked.record.failure.is_none() => replayed.outcome(),
        None => None,
    };
    let tag_text = game.tag("Result");
    let tag = tag_text.and_then(read_result);
    let token = game.result.as_deref().and_then(read_result);
    let mut contradictions = Vec::new();
    if let (Some(t), Some(k)) = (tag, token)
        && t != k
    {
        contradictions.push(Contradiction::TagAndToken {
            tag: tag_text.unwrap_or_default().to_string(),
            token: game.result.clone().unwrap_or_default(),
        });
    }
    let stated = token.or(tag);
    if let Some(f) = finish {
        for s in [tag, token].into_iter().flatten() {
            let c = Contradiction::Position {
                stated: s,
                finish: f,
            };
            if matches!(s, StatedResult::Decided(r) if r != f.result)
                && !contradictions.contains(&c)
            {
                contradictions.push(c);
            }
        }
    }
    let claimable = if finish.is_none() && complete && checked.record.failure.is_none() {
        replayed.claimable_draws()
    } else {
        Vec::new()
    };
    RecordVerdict {
        played_after_end,
        finish,
        stated,
        tag,
        contradictions,
        claimable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_of_both_scoring_styles_read_alike() {
        let d = |r| Some(StatedResult::Decided(r));
        assert_eq!(read_result("2-0"), d(GameResult::WhiteWins));
        assert_eq!(read_result("1-0"), d(GameResult::WhiteWins));
        assert_eq!(read_result("0-2"), d(GameResult::BlackWins));
        assert_eq!(read_result("1-1"), d(GameResult::Draw));
        assert_eq!(read_result("1/2-1/2"), d(GameResult::Draw));
        assert_eq!(read_result("*"), Some(StatedResult::Unfinished));
        assert_eq!(read_result("?"), None);
    }
}
