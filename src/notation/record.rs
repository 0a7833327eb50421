//! Replaying a written game record (a list of plies as written) from a start
//! position, stopping at the first ply that cannot be read, is illegal or is
//! ambiguous. Used by `zaochka check`, PDN import and the referee.

use crate::notation::fen::{self, FenError};
use crate::notation::resolve::{Naming, ResolveError};
use crate::notation::square_name::SquareStyle;
use crate::notation::written::{ParseMoveError, parse_record_move};
use crate::rules::{Color, DiagonalPosition, Game, Numbering, Position, Variant};

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

/// Replays written plies from `start`, reading numeric squares in `naming`.
#[must_use]
pub fn replay_from(start: Position, plies: &[&str], naming: Naming, first_number: u32) -> Replay {
    let mut game = Game::new(start);
    let first_side = start.turn();
    for (i, text) in plies.iter().enumerate() {
        let pos = *game.position();
        let played = parse_record_move(text)
            .map_err(PlyError::from)
            .and_then(|w| w.resolve(&pos, naming).map_err(PlyError::from));
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
                };
            }
        }
    }
    Replay {
        game,
        failure: None,
        numbering: naming.numbering,
    }
}

/// Replays a record of a variant from its FEN (the initial position if `None`).
/// When the variant knows several square numberings and the record uses numbers,
/// each numbering is tried and the one that replays furthest is kept (the usual
/// one on a tie).
///
/// # Errors
/// [`FenError`] if the FEN cannot be read in any numbering.
pub fn replay(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
) -> Result<Replay, FenError> {
    let mut best: Option<Replay> = None;
    for r in replay_each(variant, fen_text, plies)? {
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
/// only. Two complete replays mean the record is ambiguous (issue 14, item 5).
///
/// # Errors
/// [`FenError`] if the FEN cannot be read in any numbering.
pub fn replay_each(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
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
        readings.push(replay_from(start, plies, naming, 1));
    }
    match first_error {
        Some(e) if readings.is_empty() => Err(e),
        _ => Ok(readings),
    }
}
