//! The draughts family (Russian checkers, international draughts) in the one
//! diagonal adapter ([`DiagonalAnyGame`]), and its records, which may be
//! written in either square numbering.

use super::diagonal::{DiagonalAnyGame, DiagonalFamily, move_error};
use super::reading::{AmbiguousNumbering, NumberingReading};
use super::{
    AnyGame, EndRule, Illegal, MoveError, MoveErrorKind, Record, RecordError, RecordFailure,
    SetupError, UnreadableMove,
};
use crate::notation::record::{self, PlyError};
use crate::notation::{IllegalReason, Naming, SquareStyle, fen, write};
use crate::rules::{
    Citation, Color, DiagonalGame, DiagonalPosition, End, Outcome, Position, Role, Square, Variant,
};

impl DiagonalFamily for Position {
    fn write_fen(&self, style: SquareStyle) -> String {
        fen::write(self, style)
    }

    fn pieces_on(&self, sq: Square) -> Vec<(Color, char)> {
        self.piece_at(sq)
            .map(|p| (p.color, if p.role == Role::King { 'k' } else { 'm' }))
            .into_iter()
            .collect()
    }

    fn illegal(reason: IllegalReason) -> Illegal {
        Illegal::Draughts(reason)
    }

    /// A player with no piece or no move loses: seed 001 §1.8.1; for
    /// international draughts the FMJD rules, cited whole (no seed gives the
    /// article). An automatic draw cites its own rule.
    fn end_rule(game: &DiagonalGame<Position>, outcome: Outcome) -> (EndRule, Citation) {
        let loss = match game.position().variant() {
            Variant::International => Citation::fmjd(""),
            _ => Citation::russian("1.8.1"),
        };
        match outcome.end {
            End::NoPieces => (EndRule::NoPieces, loss),
            End::NoMoves => (EndRule::NoMoves, loss),
            End::DrawRule(i) => {
                let rule = game.position().rules().draw_rules[i];
                (EndRule::DrawRule(rule), rule.clause())
            }
        }
    }
}

pub(super) fn new_game(
    variant: Variant,
    fen_text: Option<&str>,
) -> Result<Box<dyn AnyGame>, SetupError> {
    let start = match fen_text {
        None => Position::initial(variant),
        Some(f) => fen::read_default(variant, f).map_err(|e| SetupError(e.to_string()))?,
    };
    Ok(Box::new(DiagonalAnyGame::new(start)))
}

pub(super) fn open_record(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
    first_move_number: u32,
) -> Result<Record, SetupError> {
    let replay = record::replay(variant, fen_text, plies).map_err(|e| SetupError(e.to_string()))?;
    Ok(record_of(replay, first_move_number))
}

/// As [`open_record`], for a record read from a file: a numeric record that
/// replays whole in two square numberings is refused as ambiguous, with both
/// readings of its first differing ply (issue 14, item 5).
pub(super) fn open_written_record(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
    first_move_number: u32,
) -> Result<Record, RecordError> {
    let readings =
        record::replay_each(variant, fen_text, plies).map_err(|e| SetupError(e.to_string()))?;
    let complete: Vec<&record::Replay> = readings.iter().filter(|r| r.failure.is_none()).collect();
    if let [a, b, ..] = complete.as_slice()
        && let Some(ambiguity) = first_difference(variant, plies, a, b, first_move_number)
    {
        return Err(RecordError::AmbiguousNumbering(ambiguity));
    }
    let mut best: Option<record::Replay> = None;
    for r in readings {
        if best
            .as_ref()
            .is_none_or(|b| r.game.moves().len() > b.game.moves().len())
        {
            best = Some(r);
        }
    }
    let best = best.expect("replay_each gives at least one reading");
    Ok(record_of(best, first_move_number))
}

/// The first ply two complete readings play differently, each in the
/// variant's usual (alphanumeric for Russian) full notation; `None` when they
/// play the same game.
fn first_difference(
    variant: Variant,
    plies: &[&str],
    a: &record::Replay,
    b: &record::Replay,
    first_move_number: u32,
) -> Option<AmbiguousNumbering> {
    let style = fen::default_style(variant);
    let (mut pa, mut pb) = (*a.game.start(), *b.game.start());
    for (ply, (ma, mb)) in a.game.moves().iter().zip(b.game.moves()).enumerate() {
        let fa = write::full(pa.geometry(), ma, style);
        let fb = write::full(pb.geometry(), mb, style);
        if fa != fb || (ply == 0 && fen::write(&pa, style) != fen::write(&pb, style)) {
            let (move_number, side) =
                record::move_number_of(ply, a.game.start().turn(), first_move_number);
            let reading = |r: &record::Replay, full: String| NumberingReading {
                numbering: r.numbering,
                start_fen: fen::write(r.game.start(), style),
                full,
            };
            return Some(AmbiguousNumbering {
                ply,
                move_number,
                side,
                written: plies[ply].to_string(),
                readings: vec![reading(a, fa), reading(b, fb)],
            });
        }
        pa = pa.play(ma);
        pb = pb.play(mb);
    }
    None
}

fn record_of(replay: record::Replay, first_move_number: u32) -> Record {
    let variant = replay.game.start().variant();
    let style = match fen::default_style(variant) {
        SquareStyle::Numeric(_) => SquareStyle::Numeric(replay.numbering),
        s => s,
    };
    let naming = Naming {
        numbering: replay.numbering,
        style,
    };
    let failure = replay.failure.map(|f| {
        let (move_number, side) =
            record::move_number_of(f.ply, replay.game.start().turn(), first_move_number);
        let error = match f.error {
            PlyError::Parse(e) => MoveError {
                written: f.written.clone(),
                kind: MoveErrorKind::Unreadable(UnreadableMove::Draughts(e.reason)),
            },
            PlyError::Resolve(e) => move_error(&f.position, naming, e),
        };
        RecordFailure {
            ply: f.ply,
            move_number,
            side,
            error,
        }
    });
    Record {
        game: Box::new(DiagonalAnyGame {
            game: replay.game,
            naming,
        }),
        failure,
    }
}
