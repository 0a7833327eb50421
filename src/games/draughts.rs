//! [`AnyGame`] for the draughts family (Russian checkers, international draughts).

use super::reading::{AmbiguousNumbering, NumberingReading};
use super::{
    AnyGame, BoardView, ClaimKind, ClaimableDraw, EndRule, Finish, Illegal, MoveError,
    MoveErrorKind, MoveView, PlayedMove, Record, RecordError, RecordFailure, SetupError,
    SquareView, UnreadableMove,
};
use crate::notation::record::{self, PlyError};
use crate::notation::{Naming, ResolveError, SquareStyle, fen, parse_move, write};
use crate::rules::{Citation, Color, End, Game, Move, Position, Role, Variant, zobrist};

/// A draughts game with the square naming its record uses.
#[derive(Clone, Debug)]
struct DraughtsGame {
    game: Game,
    naming: Naming,
}

impl DraughtsGame {
    /// The rule that a player with no piece or no move loses: seed 001 §1.8.1;
    /// for international draughts the FMJD rules, cited whole (no seed gives
    /// the article).
    fn loss_citation(&self) -> Citation {
        match self.variant() {
            Variant::International => Citation::fmjd(""),
            _ => Citation::russian("1.8.1"),
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
    let naming = Naming::of(&start);
    Ok(Box::new(DraughtsGame {
        game: Game::new(start),
        naming,
    }))
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
        game: Box::new(DraughtsGame {
            game: replay.game,
            naming,
        }),
        failure,
    }
}

fn move_error(pos: &Position, naming: Naming, e: ResolveError) -> MoveError {
    match e {
        ResolveError::Illegal { written, reason } => MoveError {
            written,
            kind: MoveErrorKind::Illegal(Illegal::Draughts(reason)),
        },
        ResolveError::Ambiguous {
            written,
            candidates,
        } => {
            let mut list: Vec<String> = candidates
                .iter()
                .map(|m| write::full(pos.geometry(), m, naming.style))
                .collect();
            crate::notation::order::sort_moves(&mut list);
            MoveError {
                written,
                kind: MoveErrorKind::Ambiguous(list),
            }
        }
    }
}

impl DraughtsGame {
    fn resolve(&self, written: &str) -> Result<Move, MoveError> {
        let pos = self.game.position();
        let w = parse_move(written).map_err(|e| MoveError {
            written: written.trim().to_string(),
            kind: MoveErrorKind::Unreadable(UnreadableMove::Draughts(e.reason)),
        })?;
        w.resolve(pos, self.naming)
            .map_err(|e| move_error(pos, self.naming, e))
    }

    fn describe(&self, m: &Move) -> PlayedMove {
        let pos = self.game.position();
        let g = pos.geometry();
        let short = write::short(g, m, self.naming.style);
        let short_reads_back = parse_move(&short)
            .ok()
            .and_then(|w| w.resolve(pos, self.naming).ok())
            .is_some_and(|b| b.same_result(m));
        PlayedMove {
            full: write::full(g, m, self.naming.style),
            short: if short_reads_back {
                short
            } else {
                write::unambiguous(pos, m, self.naming.style)
            },
            capture: m.is_capture(),
            hash_after: zobrist::hash(&pos.play(m)),
        }
    }
}

impl AnyGame for DraughtsGame {
    fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    fn start_fen(&self) -> String {
        fen::write(self.game.start(), self.naming.style)
    }

    fn fen(&self) -> String {
        fen::write(self.game.position(), self.naming.style)
    }

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    fn plies(&self) -> usize {
        self.game.moves().len()
    }

    fn captures(&self) -> Vec<bool> {
        self.game.moves().iter().map(|m| m.is_capture()).collect()
    }

    fn score(&self) -> Vec<String> {
        let mut pos = *self.game.start();
        self.game
            .moves()
            .iter()
            .map(|m| {
                let s = write::full(pos.geometry(), m, self.naming.style);
                pos = pos.play(m);
                s
            })
            .collect()
    }

    fn play(&mut self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written)?;
        let played = self.describe(&m);
        self.game.play(m);
        Ok(played)
    }

    fn check(&self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written)?;
        Ok(self.describe(&m))
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.game.position();
        let mut v: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| write::full(pos.geometry(), m, self.naming.style))
            .collect();
        crate::notation::order::sort_moves(&mut v);
        v
    }

    fn outcome(&self) -> Option<Finish> {
        let out = self.game.outcome()?;
        let (rule, citation) = match out.end {
            End::NoPieces => (EndRule::NoPieces, self.loss_citation()),
            End::NoMoves => (EndRule::NoMoves, self.loss_citation()),
            End::DrawRule(i) => {
                let rule = self.game.position().rules().draw_rules[i];
                (EndRule::DrawRule(rule), rule.clause())
            }
        };
        Some(Finish {
            result: out.result,
            termination: out.end.termination(),
            rule,
            citation,
        })
    }

    fn played_after_end(&self) -> Option<(usize, Finish)> {
        let mut board = DraughtsGame {
            game: Game::new(*self.game.start()),
            naming: self.naming,
        };
        for (i, m) in self.game.moves().iter().enumerate() {
            if let Some(f) = board.outcome() {
                return Some((i, f));
            }
            board.game.play(*m);
        }
        None
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        // seed 001 §1.9.1.7, §1.9.2; FMJD art. 6.1
        if self.game.repetitions() >= 3 {
            vec![ClaimableDraw {
                kind: ClaimKind::Repetition,
                citation: super::repetition_citation(self.variant()),
            }]
        } else {
            Vec::new()
        }
    }

    fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    fn hash(&self) -> u64 {
        self.game.hash()
    }

    fn board_view(&self) -> BoardView {
        let pos = self.game.position();
        let g = pos.geometry();
        let squares = g
            .squares()
            .filter_map(|sq| {
                let p = pos.piece_at(sq)?;
                let letter = if p.role == Role::King { 'k' } else { 'm' };
                Some(SquareView {
                    file: g.file(sq),
                    rank: g.rank(sq),
                    pieces: vec![(p.color, letter)],
                })
            })
            .collect();
        BoardView {
            side: g.side,
            dark_squares_only: true,
            numbered: matches!(self.naming.style, SquareStyle::Numeric(_)),
            squares,
            turn: pos.turn(),
        }
    }

    fn last_move(&self) -> Option<MoveView> {
        let m = self.game.moves().last()?;
        let g = self.game.position().geometry();
        let at = |sq| (g.file(sq), g.rank(sq));
        let mut path = vec![at(m.from())];
        path.extend(m.landings().iter().map(|&s| at(s)));
        Some(MoveView {
            path,
            captured: m.captured().iter().map(|&s| at(s)).collect(),
        })
    }

    fn perft(&self, depth: u32) -> u64 {
        self.game.position().perft(depth)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn pdn_game_type(&self) -> Option<&'static str> {
        self.variant().pdn_game_type()
    }
}
