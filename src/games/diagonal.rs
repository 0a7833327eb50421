//! [`AnyGame`] once for the diagonal games: draughts (Russian checkers,
//! international draughts, `draughts.rs`) and column checkers (Bashni, Lasca,
//! `towers.rs`). A family adds only what [`DiagonalFamily`] asks: its FEN, what
//! stands on a square, and how its ends and claims are cited.

use super::{
    AnyGame, BoardView, ClaimKind, ClaimableDraw, EndRule, Finish, Illegal, MoveError,
    MoveErrorKind, MoveView, PlayedMove, SquareView, UnreadableMove, repetition_citation,
};
use crate::notation::{
    IllegalReason, Naming, ResolveError, SquareStyle, parse_move, parse_record_move, write,
};
use crate::rules::{
    Citation, Color, DiagonalGame, DiagonalPosition, Move, Outcome, Square, Variant,
};

/// What a family of diagonal games adds to the one [`AnyGame`] adapter.
pub(super) trait DiagonalFamily: DiagonalPosition {
    /// The position as FEN with squares in `style` (PDN 3.0; the tower FEN of
    /// column checkers).
    fn write_fen(&self, style: SquareStyle) -> String;
    /// The pieces on an occupied square, top to bottom, as diagrams draw them:
    /// `m` a man, `k` a king.
    fn pieces_on(&self, sq: Square) -> Vec<(Color, char)>;
    /// An illegal move's reason as the family's prose words it (pieces or towers).
    fn illegal(reason: IllegalReason) -> Illegal;
    /// The rule that ended a game by the rules alone, and its citation.
    fn end_rule(game: &DiagonalGame<Self>, outcome: Outcome) -> (EndRule, Citation);
    /// The draw claims of the family's rules besides threefold repetition.
    fn other_claims(_game: &DiagonalGame<Self>) -> Vec<ClaimableDraw> {
        Vec::new()
    }
}

/// Whose move is read: a player's, or a record's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    Play,
    Record,
}

/// A diagonal game with the square naming its record uses.
#[derive(Clone, Debug)]
pub(super) struct DiagonalAnyGame<P: DiagonalFamily> {
    pub(super) game: DiagonalGame<P>,
    pub(super) naming: Naming,
}

impl<P: DiagonalFamily> DiagonalAnyGame<P> {
    /// A new game from `start`, named as its game usually is.
    pub(super) fn new(start: P) -> DiagonalAnyGame<P> {
        DiagonalAnyGame {
            game: DiagonalGame::new(start),
            naming: Naming::of(&start),
        }
    }

    /// The legal move `written` names. A player's move (`Reading::Play`)
    /// is refused for a promotion mark on a move that makes no king; a
    /// record's (`Reading::Record`) passes it, and must write where the move
    /// starts.
    fn resolve(&self, written: &str, reading: Reading) -> Result<Move, MoveError> {
        let pos = self.game.position();
        let parsed = match reading {
            Reading::Play => parse_move(written),
            Reading::Record => parse_record_move(written),
        };
        let w = parsed.map_err(|e| MoveError {
            written: written.trim().to_string(),
            kind: MoveErrorKind::Unreadable(UnreadableMove::Draughts(e.reason)),
        })?;
        // Reasons and candidates name squares as the player wrote them:
        // letters for `c5-d6` even where records number the squares, numbers
        // for `22-18` even where they use letters.
        let naming = Naming {
            style: if w.names_a_coordinate() {
                SquareStyle::Alphanumeric
            } else {
                SquareStyle::Numeric(self.naming.numbering)
            },
            ..self.naming
        };
        let m = w
            .resolve(pos, naming)
            .map_err(|e| move_error(pos, naming, e))?;
        if reading == Reading::Play && w.promotion_mark && !m.promotes() {
            let played = write::full_in(pos, &m, naming.style);
            return Err(MoveError {
                written: written.trim().to_string(),
                kind: MoveErrorKind::Illegal(P::illegal(IllegalReason::MarkWithoutPromotion {
                    played,
                })),
            });
        }
        Ok(m)
    }

    fn describe(&self, m: &Move) -> PlayedMove {
        let pos = self.game.position();
        PlayedMove {
            full: write::full_in(pos, m, self.naming.style),
            short: write::unambiguous(pos, m, self.naming),
            capture: m.is_capture(),
            hash_after: pos.play(m).hash(),
        }
    }
}

/// A move that was not resolved, as the games' one [`MoveError`]: the reason,
/// or the candidates in full notation, sorted.
pub(super) fn move_error<P: DiagonalFamily>(pos: &P, naming: Naming, e: ResolveError) -> MoveError {
    match e {
        ResolveError::Illegal { written, reason } => MoveError {
            written,
            kind: MoveErrorKind::Illegal(P::illegal(reason)),
        },
        ResolveError::Ambiguous {
            written,
            candidates,
        } => {
            let mut list: Vec<String> = candidates
                .iter()
                .map(|m| write::full_in(pos, m, naming.style))
                .collect();
            crate::notation::order::sort_moves(&mut list);
            MoveError {
                written,
                kind: MoveErrorKind::Ambiguous(list),
            }
        }
    }
}

impl<P: DiagonalFamily> AnyGame for DiagonalAnyGame<P> {
    fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    fn start_fen(&self) -> String {
        self.game.start().write_fen(self.naming.style)
    }

    fn fen(&self) -> String {
        self.game.position().write_fen(self.naming.style)
    }

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    fn plies(&self) -> usize {
        self.game.moves().len()
    }

    fn captures(&self) -> Vec<bool> {
        self.game.moves().iter().map(Move::is_capture).collect()
    }

    fn score(&self) -> Vec<String> {
        let mut pos = *self.game.start();
        self.game
            .moves()
            .iter()
            .map(|m| {
                let s = write::full_in(&pos, m, self.naming.style);
                pos = pos.play(m);
                s
            })
            .collect()
    }

    fn play(&mut self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written, Reading::Play)?;
        let played = self.describe(&m);
        self.game.play(m);
        Ok(played)
    }

    fn play_record(&mut self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written, Reading::Record)?;
        let played = self.describe(&m);
        self.game.play(m);
        Ok(played)
    }

    fn check(&self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written, Reading::Play)?;
        Ok(self.describe(&m))
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.game.position();
        let mut v: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| write::full_in(pos, m, self.naming.style))
            .collect();
        crate::notation::order::sort_moves(&mut v);
        v
    }

    fn outcome(&self) -> Option<Finish> {
        let out = self.game.outcome()?;
        let (rule, citation) = P::end_rule(&self.game, out);
        // A draw rule is kept by its own name (the 15-move king rule, ...).
        let termination = match rule {
            EndRule::DrawRule(r) => r.termination(),
            _ => out.end.termination(&[]),
        };
        Some(Finish {
            result: out.result,
            termination,
            rule,
            citation,
        })
    }

    fn played_after_end(&self) -> Option<(usize, Finish)> {
        let mut board = DiagonalAnyGame {
            game: DiagonalGame::new(*self.game.start()),
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

    /// Threefold repetition (seed 001 §1.9.1.7, §1.9.2; FMJD art. 6.1; seed
    /// 000 §1.13.2), then the family's other claims.
    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        let mut out = Vec::new();
        if self.game.repetitions() >= 3 {
            out.push(ClaimableDraw {
                kind: ClaimKind::Repetition,
                citation: repetition_citation(self.variant()),
            });
        }
        out.extend(P::other_claims(&self.game));
        out
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
        let occupied = pos.owned(Color::White).or(pos.owned(Color::Black));
        let squares = occupied
            .map(|sq| SquareView {
                file: g.file(sq),
                rank: g.rank(sq),
                pieces: pos.pieces_on(sq),
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
