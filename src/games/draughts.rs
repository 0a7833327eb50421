//! The draughts family (Russian checkers, international draughts) in the one
//! diagonal adapter ([`DiagonalAnyGame`]), and its records, which may be
//! written in either square numbering.

use super::diagonal::{DiagonalAnyGame, DiagonalFamily, move_error};
use super::reading::{AmbiguousMove, AmbiguousNumbering, NumberingReading, ReadingNote};
use super::{
    AnyGame, EndRule, Illegal, MoveError, MoveErrorKind, Record, RecordError, RecordFailure,
    SetupError, UnreadableMove,
};
use crate::notation::record::{self, Ambiguity, PlyError};
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
        Some(f) => fen::read_default(variant, f)?,
    };
    Ok(Box::new(DiagonalAnyGame::new(start)))
}

pub(super) fn open_record(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
    first_move_number: u32,
) -> Result<Record, SetupError> {
    let replay = record::replay(variant, fen_text, plies).map_err(SetupError::Fen)?;
    Ok(record_of(replay, first_move_number).record)
}

/// A record read from a file, with what the rest of the record said at its
/// ambiguous plies ([`Ambiguity::ByTheRest`]).
pub(super) struct WrittenRecord {
    /// The record, each ambiguous ply played as the rest of the record reads it.
    pub(super) record: Record,
    /// The plies the rest of the record decided ([`ReadingNote::DecidedByTheRest`]).
    pub(super) decided: Vec<ReadingNote>,
    /// The plies it leaves ambiguous: several moves go on as far (a fault).
    pub(super) ambiguous: Vec<AmbiguousMove>,
}

/// As [`open_record`], for a record read from a file. A ply whose text fits
/// several moves is read by the rest of the record ([`Ambiguity::ByTheRest`]):
/// the move after which the record goes on (to its end) is played, and when
/// several do, the first is played and the ply is listed as ambiguous. A
/// numeric record that replays whole in two square numberings is refused as
/// ambiguous, with both readings of its first differing ply.
pub(super) fn open_written_record(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
    first_move_number: u32,
) -> Result<WrittenRecord, RecordError> {
    let readings = record::replay_each(variant, fen_text, plies, Ambiguity::ByTheRest)
        .map_err(SetupError::Fen)?;
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

/// The games' record of a replay, and its ambiguous plies in the record's
/// notation: a note for each the rest of the record decided, a fault for each
/// it leaves ambiguous.
fn record_of(replay: record::Replay, first_move_number: u32) -> WrittenRecord {
    let variant = replay.game.start().variant();
    let style = match fen::default_style(variant) {
        SquareStyle::Numeric(_) => SquareStyle::Numeric(replay.numbering),
        s => s,
    };
    let naming = Naming {
        numbering: replay.numbering,
        style,
    };
    let first_side = replay.game.start().turn();
    let (mut decided, mut ambiguous) = (Vec::new(), Vec::new());
    for a in &replay.ambiguous {
        let full = |m| write::full_in(&a.position, m, naming.style);
        let played = full(&a.going_on[0]);
        if a.going_on.len() == 1 {
            decided.push(ReadingNote::DecidedByTheRest {
                ply: a.ply,
                written: a.written.clone(),
                played,
            });
            continue;
        }
        let (move_number, side) = record::move_number_of(a.ply, first_side, first_move_number);
        let mut candidates: Vec<String> = a.going_on.iter().map(full).collect();
        crate::notation::order::sort_moves(&mut candidates);
        ambiguous.push(AmbiguousMove {
            ply: a.ply,
            move_number,
            side,
            written: a.written.clone(),
            candidates,
            played,
            to_end: replay.failure.is_none(),
            fen_before: fen::write(&a.position, naming.style),
        });
    }
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
    WrittenRecord {
        record: Record {
            game: Box::new(DiagonalAnyGame {
                game: replay.game,
                naming,
            }),
            failure,
        },
        decided,
        ambiguous,
    }
}
