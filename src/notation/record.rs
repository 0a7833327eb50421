//! Replaying a written game record (a list of plies as written) from a start
//! position, stopping at the first ply that cannot be read or is illegal. Used
//! by `zaochka check`, PDN import and the referee.
//!
//! A ply whose text fits several moves (`36x16` where two capture paths from 36
//! end on 16 and take different pieces) either stops the replay
//! ([`Ambiguity::Stop`]) or is read by the rest of the record
//! ([`Ambiguity::ByTheRest`]): each candidate is tried, and the one after which
//! the record goes on furthest, to its end when it can, is played. Only
//! ambiguous plies branch; the search of one record tries at most
//! [`LOOKAHEAD_BUDGET`] plies ahead, and a ply still open when it runs out stops
//! the replay as ambiguous.

use crate::notation::fen::{self, FenError};
use crate::notation::resolve::{Naming, ResolveError};
use crate::notation::square_name::SquareStyle;
use crate::notation::written::{ParseMoveError, WrittenMove, parse_record_move};
use crate::rules::{Color, DiagonalPosition, Game, Move, Numbering, Position, Variant};

/// The most plies the replay of one record tries ahead of ambiguous plies
/// ([`Ambiguity::ByTheRest`]), over all its ambiguous plies. A game of 200
/// plies with 100 ambiguous plies of two candidates each needs some 20,000;
/// a hostile record (ambiguous plies whose candidates all fail late, so that
/// every line is tried) stops here, a fraction of a second of work.
pub const LOOKAHEAD_BUDGET: usize = 100_000;

/// What the replay does at a ply whose text fits several moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ambiguity {
    /// Stop there: the ply fails as ambiguous, with its candidates.
    Stop,
    /// Let the rest of the record decide: play the candidate after which the
    /// record goes on furthest (the first such candidate when several go on as
    /// far, each listed in [`Replay::ambiguous`]).
    ByTheRest,
}

/// Why a ply of a record was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlyError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is illegal or ambiguous in the position.
    #[error(transparent)]
    Resolve(#[from] ResolveError),
}

/// The first ply of a record that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Index of the ply in the record, from 0.
    pub ply: usize,
    /// The move number of that ply (seed 001 §1.6.2).
    pub move_number: u32,
    /// The side whose ply it is.
    pub side: Color,
    /// The ply as written.
    pub written: String,
    /// Why it was not played.
    pub error: PlyError,
    /// The position before the ply.
    pub position: Position,
}

/// A ply whose text fits several moves, read by the rest of the record
/// ([`Ambiguity::ByTheRest`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbiguousPly {
    /// Index of the ply in the record, from 0.
    pub ply: usize,
    /// The ply as written.
    pub written: String,
    /// The position before the ply.
    pub position: Position,
    /// The moves after which the record goes on furthest (to its end when it
    /// replays whole), in the resolver's order; the first is the one played.
    /// One move: the rest of the record decided the ply; several: the record
    /// does not tell which of them was played.
    pub going_on: Vec<Move>,
}

/// The result of replaying a record: the game as far as it went, and the failure
/// that stopped it, if any.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game up to the last legal ply.
    pub game: Game,
    /// The first ply that failed, if the record did not replay to its end.
    pub failure: Option<Failure>,
    /// The numbering under which numeric squares were read.
    pub numbering: Numbering,
    /// The ambiguous plies the rest of the record was asked about, in order
    /// (empty with [`Ambiguity::Stop`]).
    pub ambiguous: Vec<AmbiguousPly>,
}

/// The move number and side of the ply with index `ply` (from 0) when the first
/// ply is `first_side`'s and carries move number `first_number`.
#[must_use]
pub fn move_number_of(ply: usize, first_side: Color, first_number: u32) -> (u32, Color) {
    let offset = usize::from(first_side == Color::Black);
    let k = ply + offset;
    let side = if k.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    (first_number + (k / 2) as u32, side)
}

/// Replays written plies from `start`, reading numeric squares in `naming`;
/// `ambiguity` says what an ambiguous ply does.
#[must_use]
pub fn replay_from(
    start: Position,
    plies: &[&str],
    naming: Naming,
    first_number: u32,
    ambiguity: Ambiguity,
) -> Replay {
    let mut game = Game::new(start);
    let first_side = start.turn();
    let mut ahead = Lookahead {
        parsed: plies.iter().map(|p| parse_record_move(p)).collect(),
        naming,
        budget: LOOKAHEAD_BUDGET,
    };
    let mut ambiguous = Vec::new();
    for (i, text) in plies.iter().enumerate() {
        let pos = *game.position();
        let played = match ahead.resolve(i, &pos) {
            Err(PlyError::Resolve(ResolveError::Ambiguous {
                written,
                candidates,
            })) if ambiguity == Ambiguity::ByTheRest => {
                match ahead.going_on(&pos, i, &candidates) {
                    Some(going_on) => {
                        let m = going_on[0];
                        ambiguous.push(AmbiguousPly {
                            ply: i,
                            written,
                            position: pos,
                            going_on,
                        });
                        Ok(m)
                    }
                    // The search ran out: the ply stays ambiguous.
                    None => Err(PlyError::Resolve(ResolveError::Ambiguous {
                        written,
                        candidates,
                    })),
                }
            }
            other => other,
        };
        match played {
            Ok(m) => game.play(m),
            Err(error) => {
                let (move_number, side) = move_number_of(i, first_side, first_number);
                let failure = Failure {
                    ply: i,
                    move_number,
                    side,
                    written: (*text).to_string(),
                    error,
                    position: pos,
                };
                return Replay {
                    game,
                    failure: Some(failure),
                    numbering: naming.numbering,
                    ambiguous,
                };
            }
        }
    }
    Replay {
        game,
        failure: None,
        numbering: naming.numbering,
        ambiguous,
    }
}

/// The plies of a record read ahead of an ambiguous ply, with what is left of
/// the search's budget.
struct Lookahead {
    /// Every ply, parsed once.
    parsed: Vec<Result<WrittenMove, ParseMoveError>>,
    naming: Naming,
    /// Plies that may still be tried ahead.
    budget: usize,
}

/// A branch of the search still to try: the position before an ambiguous ply,
/// the index of the ply after it, and its candidates not yet tried.
type Branch = (Position, usize, std::vec::IntoIter<Move>);

impl Lookahead {
    /// The move ply `i` names in `pos`.
    fn resolve(&self, i: usize, pos: &Position) -> Result<Move, PlyError> {
        match &self.parsed[i] {
            Ok(w) => w.resolve(pos, self.naming).map_err(PlyError::from),
            Err(e) => Err(PlyError::from(e.clone())),
        }
    }

    /// The candidates of ambiguous ply `i` in `pos` after which the record
    /// goes on furthest, in their order; `None` when the budget runs out.
    fn going_on(&mut self, pos: &Position, i: usize, candidates: &[Move]) -> Option<Vec<Move>> {
        let mut reach = Vec::with_capacity(candidates.len());
        for c in candidates {
            reach.push(self.reach(pos.play(c), i + 1)?);
        }
        let furthest = reach.iter().copied().max()?;
        Some(
            candidates
                .iter()
                .zip(&reach)
                .filter(|&(_, &r)| r == furthest)
                .map(|(c, _)| *c)
                .collect(),
        )
    }

    /// How far the record replays from ply `i` in `pos`: the index of the
    /// first ply that does not replay, the record's length when it replays to
    /// its end. At an ambiguous ply every candidate is tried (depth first, on
    /// a stack of its own, not the thread's), keeping the furthest; the search
    /// stops as soon as one line reaches the end. `None` when the budget runs
    /// out.
    fn reach(&mut self, mut pos: Position, mut i: usize) -> Option<usize> {
        let end = self.parsed.len();
        let mut branches: Vec<Branch> = Vec::new();
        let mut furthest = i;
        loop {
            // One line, played until it stops or branches.
            while i < end {
                self.budget = self.budget.checked_sub(1)?;
                match self.resolve(i, &pos) {
                    Ok(m) => pos = pos.play(&m),
                    Err(PlyError::Resolve(ResolveError::Ambiguous { candidates, .. })) => {
                        let mut rest = candidates.into_iter();
                        let Some(first) = rest.next() else { break };
                        branches.push((pos, i + 1, rest));
                        pos = pos.play(&first);
                    }
                    Err(_) => break,
                }
                i += 1;
            }
            furthest = furthest.max(i);
            if furthest == end {
                return Some(end);
            }
            // The next candidate not yet tried, latest branch first.
            loop {
                let Some((before, next, rest)) = branches.last_mut() else {
                    return Some(furthest);
                };
                if let Some(c) = rest.next() {
                    pos = before.play(&c);
                    i = *next;
                    break;
                }
                branches.pop();
            }
        }
    }
}

/// Replays a record of a variant from its FEN (the initial position if `None`).
/// When the variant knows several square numberings and the record uses numbers,
/// each numbering is tried and the one that replays furthest is kept (the usual
/// one on a tie). An ambiguous ply stops the replay ([`Ambiguity::Stop`]).
///
/// # Errors
/// [`FenError`] if the FEN cannot be read in any numbering.
pub fn replay(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
) -> Result<Replay, FenError> {
    let mut best: Option<Replay> = None;
    for r in replay_each(variant, fen_text, plies, Ambiguity::Stop)? {
        if best
            .as_ref()
            .is_none_or(|b| r.game.moves().len() > b.game.moves().len())
        {
            best = Some(r);
        }
    }
    Ok(best.expect("replay_each gives at least one reading"))
}

/// Replays a record in every square numbering it can be read in: one [`Replay`]
/// per numbering whose FEN could be read, the usual numbering first. A record
/// without numbers (and without a numeric FEN) is read in the usual numbering
/// only. Two complete replays mean the record is ambiguous. `ambiguity` says
/// what a ply that fits several moves does.
///
/// # Errors
/// [`FenError`] if the FEN cannot be read in any numbering.
pub fn replay_each(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
    ambiguity: Ambiguity,
) -> Result<Vec<Replay>, FenError> {
    let rules = variant.rules();
    let numeric_fen = fen_text.is_some_and(|f| !f.chars().skip(1).any(|c| c.is_ascii_lowercase()));
    let numeric_moves = plies
        .first()
        .is_some_and(|p| p.trim_start().starts_with(|c: char| c.is_ascii_digit()));
    let uses_numbers = numeric_moves || (plies.is_empty() && numeric_fen);
    let numberings: &[Numbering] = if numeric_moves || numeric_fen {
        rules.numberings
    } else {
        &rules.numberings[..1]
    };
    let mut readings = Vec::new();
    let mut first_error = None;
    for &numbering in numberings {
        let start = match fen_text {
            None => Position::initial(variant),
            Some(f) => match fen::read(variant, f, numbering) {
                Ok(p) => p,
                Err(e) => {
                    first_error.get_or_insert(e);
                    continue;
                }
            },
        };
        let style = if uses_numbers {
            SquareStyle::Numeric(numbering)
        } else {
            fen::default_style(variant)
        };
        let naming = Naming { numbering, style };
        readings.push(replay_from(start, plies, naming, 1, ambiguity));
    }
    match first_error {
        Some(e) if readings.is_empty() => Err(e),
        _ => Ok(readings),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::write;

    /// International draughts, White to move: the man on 32 takes four men
    /// either way round, `32x23x34x25x14` (28, 29, 30, 20) or `32x43x34x25x14`
    /// (38, 39, 30, 20), so `32x14` fits both.
    const TWO_PATHS_32_14: &str = "W:W32,47,49:B20,28,29,30,38,39";

    /// Russian checkers, White to move: `cd2` fits the man c1-d2 and the king
    /// c3-d2, `gh2` the man g1-h2 and the king g3-h2.
    const TWO_FILES: &str = "W:Wc1,Kc3,g1,Kg3:BKe7";

    fn read(variant: Variant, fen_text: &str, moves: &str, ambiguity: Ambiguity) -> Replay {
        let start = fen::read_default(variant, fen_text).expect("the test position");
        let plies: Vec<&str> = moves.split_whitespace().collect();
        replay_from(start, &plies, Naming::of(&start), 1, ambiguity)
    }

    /// The plies played, in full notation.
    fn score(r: &Replay) -> Vec<String> {
        let mut pos = *r.game.start();
        let style = crate::notation::fen::default_style(pos.variant());
        r.game
            .moves()
            .iter()
            .map(|m| {
                let s = write::full(pos.geometry(), m, style);
                pos = pos.play(m);
                s
            })
            .collect()
    }

    #[test]
    fn an_ambiguous_capture_is_read_as_the_path_after_which_the_record_goes_on() {
        // 28-33 needs the man on 28: only the path by 43 leaves it.
        let r = read(
            Variant::International,
            TWO_PATHS_32_14,
            "32x14 28-33 14-10",
            Ambiguity::ByTheRest,
        );
        assert_eq!(r.failure, None);
        assert_eq!(score(&r), ["32x43x34x25x14", "28-33", "14-10"]);
        assert_eq!(r.ambiguous.len(), 1);
        assert_eq!(r.ambiguous[0].going_on, [r.game.moves()[0]]);
    }

    #[test]
    fn a_replay_that_stops_fails_at_the_ambiguous_capture() {
        let r = read(
            Variant::International,
            TWO_PATHS_32_14,
            "32x14 28-33",
            Ambiguity::Stop,
        );
        let f = r.failure.expect("stops at ply 1");
        assert_eq!(f.ply, 0);
        assert!(
            matches!(&f.error, PlyError::Resolve(ResolveError::Ambiguous { candidates, .. }) if candidates.len() == 2),
            "{f:?}"
        );
        assert!(r.ambiguous.is_empty());
    }

    #[test]
    fn captures_that_both_go_on_to_the_end_are_both_kept_and_the_first_is_played() {
        let r = read(
            Variant::International,
            "W:W32,47,49:B6,20,28,29,30,38,39",
            "32x14 6-11 14-10 11-16",
            Ambiguity::ByTheRest,
        );
        assert_eq!(r.failure, None);
        assert_eq!(r.ambiguous.len(), 1);
        assert_eq!(r.ambiguous[0].going_on.len(), 2);
        assert_eq!(r.game.moves()[0], r.ambiguous[0].going_on[0]);
        assert_eq!(r.game.moves().len(), 4);
    }

    #[test]
    fn when_no_candidate_reaches_the_end_the_one_going_furthest_is_played() {
        // The record fails at its third ply after either path; 28-33 only
        // after the path by 43.
        let r = read(
            Variant::International,
            TWO_PATHS_32_14,
            "32x14 28-33 14-20",
            Ambiguity::ByTheRest,
        );
        assert_eq!(r.failure.as_ref().map(|f| f.ply), Some(2));
        assert_eq!(score(&r), ["32x43x34x25x14", "28-33"]);
        assert_eq!(r.ambiguous[0].going_on.len(), 1);
    }

    #[test]
    fn several_ambiguous_plies_are_each_read_by_the_rest_of_the_record() {
        // c1-b2 and g1-f2 need the men on c1 and g1: the kings moved.
        let r = read(
            Variant::Russian,
            TWO_FILES,
            "cd2 e7-f8 gh2 f8-e7 c1-b2 e7-d8 g1-f2",
            Ambiguity::ByTheRest,
        );
        assert_eq!(r.failure, None);
        let s = score(&r);
        assert_eq!((s[0].as_str(), s[2].as_str()), ("c3-d2", "g3-h2"));
        let kept: Vec<usize> = r.ambiguous.iter().map(|a| a.going_on.len()).collect();
        assert_eq!(kept, [1, 1]);

        let open = read(
            Variant::Russian,
            TWO_FILES,
            "cd2 e7-f8 gh2 f8-e7",
            Ambiguity::ByTheRest,
        );
        let kept: Vec<usize> = open.ambiguous.iter().map(|a| a.going_on.len()).collect();
        assert_eq!(kept, [2, 2]);
    }

    #[test]
    fn a_record_whose_every_line_fails_late_gives_up_within_the_budget() {
        // Two white kings on the c-file: `cd4` fits both every 8 plies and
        // the lines meet again 4 plies later; the last ply fails on every
        // line, so without a budget all 2^40 lines would be tried.
        let cycle = "cd4 h6-g5 cb4 g5-h6 b4-c3 h6-g5 d4-c5 g5-h6 ";
        let moves = format!("{} c5-a1", cycle.repeat(40));
        let r = read(
            Variant::Russian,
            "W:WKc3,Kc5:BKh6",
            &moves,
            Ambiguity::ByTheRest,
        );
        let f = r.failure.expect("gives up");
        assert_eq!(f.ply, 0);
        assert!(
            matches!(f.error, PlyError::Resolve(ResolveError::Ambiguous { .. })),
            "{f:?}"
        );
    }
}
