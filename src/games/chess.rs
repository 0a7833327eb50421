//! [`AnyGame`] for orthodox chess under the FIDE Laws, which seed 003 (the
//! school chess code) follows; RULES.md §6. Moves, check, mate and the FEN
//! format come from shakmaty: this file keeps the game record, the repetition
//! count and the draw rules, and turns moves into text through
//! [`crate::notation::chess_move`].
//!
//! Ends of the game and draws:
//! - checkmate wins (seed 003 art. 10, 11; FIDE art. 5.1.1);
//! - stalemate (seed 003 art. 12б; FIDE art. 5.2.1) and a dead position
//!   (seed 003 art. 12а; FIDE art. 5.2.2) draw at once. A dead position is
//!   recognised as shakmaty recognises insufficient material: king against
//!   king, king and one minor piece against king, kings and bishops all on
//!   squares of one colour;
//! - fivefold repetition (FIDE art. 9.6.1) and 75 moves of each side without a
//!   capture or a pawn move (FIDE art. 9.6.2; checkmate on the last move takes
//!   precedence) draw at once;
//! - threefold repetition (seed 003 art. 12г; FIDE art. 9.2) and 50 moves of
//!   each side without a capture or a pawn move (seed 003 art. 12д; FIDE
//!   art. 9.3) are draws only when claimed: see [`AnyGame::claimable_draws`].
//!   A claim with a written move (FIDE art. 9.2.1.1, 9.3.1) is checked by
//!   playing the move on a copy (`clone_box`, `play`) and asking the copy.
//!
//! FEN is standard chess FEN, read by shakmaty (CastlingMode::Standard) and
//! checked to be a legal position; it is written with the en passant square
//! only when an en passant capture is legal (as lichess and python-chess do).
//!
//! Positions are the same for repetition when the same side is to move, the
//! same pieces stand on the same squares, and the castling rights and the
//! en passant capture possible are the same (FIDE art. 9.2.3): the Zobrist hash
//! of shakmaty over exactly that (en passant counted only when legal).

use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, CastlingMode, Chess, EnPassantMode, Move, Position, Square};

use super::ChessFenError;
use super::{
    AnyGame, BoardView, ClaimKind, ClaimableDraw, EndRule, Finish, Illegal, MoveError,
    MoveErrorKind, MoveView, PlayedMove, Record, SetupError, SquareView, UnreadableMove,
};
use crate::notation::chess_move::{self, ChessResolveError, parse_chess_move};
use crate::rules::{Citation, Color, GameResult, Termination, Variant};

/// A chess game: the start position, the moves played and the positions
/// reached (their hashes, for repetition).
#[derive(Clone, Debug)]
struct ChessGame {
    start: Chess,
    pos: Chess,
    moves: Vec<Move>,
    /// `hashes[i]`: the position after `i` plies (`hashes[0]` the start).
    hashes: Vec<u64>,
    /// Every square a piece has left during the game (castling reasons).
    moved_from: Bitboard,
}

/// The colour of zaochka for a shakmaty colour.
fn color(c: shakmaty::Color) -> Color {
    match c {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    }
}

fn hash_of(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// A new chess game from a standard FEN (the initial position when `None`).
pub(super) fn new_game(fen: Option<&str>) -> Result<Box<dyn AnyGame>, SetupError> {
    let start = match fen {
        None => Chess::default(),
        Some(text) => read_fen(text)?,
    };
    Ok(Box::new(ChessGame::new(start)))
}

/// Reads a standard chess FEN (shakmaty, standard castling) and checks that
/// it is a legal position.
fn read_fen(text: &str) -> Result<Chess, SetupError> {
    let fen = Fen::from_ascii(text.trim().as_bytes()).map_err(|e| {
        SetupError::ChessFen(ChessFenError::Unreadable {
            fen: text.to_owned(),
            field: super::chess_fen::unreadable(&e),
        })
    })?;
    let setup = shakmaty::Setup::from(fen.clone());
    fen.into_position(CastlingMode::Standard).map_err(|e| {
        SetupError::ChessFen(ChessFenError::Illegal {
            fen: text.to_owned(),
            why: super::chess_fen::illegal(e.kinds(), &setup),
        })
    })
}

/// Replays a chess record (plies as written) from a FEN or the initial position.
pub(super) fn open_record(
    fen: Option<&str>,
    plies: &[&str],
    first_move_number: u32,
) -> Result<Record, SetupError> {
    Ok(super::replay_on(new_game(fen)?, plies, first_move_number))
}

impl ChessGame {
    fn new(start: Chess) -> Self {
        let hash = hash_of(&start);
        ChessGame {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            hashes: vec![hash],
            moved_from: Bitboard::EMPTY,
        }
    }

    fn resolve(&self, written: &str) -> Result<Move, MoveError> {
        let w = parse_chess_move(written).map_err(|e| MoveError {
            written: written.trim().to_string(),
            kind: MoveErrorKind::Unreadable(UnreadableMove::Chess(e)),
        })?;
        w.resolve(&self.pos, self.moved_from)
            .map_err(|e| MoveError {
                written: written.trim().to_string(),
                kind: match e {
                    ChessResolveError::Illegal(why) => MoveErrorKind::Illegal(Illegal::Chess(why)),
                    ChessResolveError::Ambiguous(moves) => {
                        let mut list: Vec<String> = moves
                            .into_iter()
                            .map(|m| chess_move::short(&self.pos, m))
                            .collect();
                        crate::notation::order::sort_moves(&mut list);
                        MoveErrorKind::AmbiguousChess(list)
                    }
                },
            })
    }

    fn describe(&self, m: Move) -> PlayedMove {
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        PlayedMove {
            full: chess_move::full(&self.pos, m),
            short: chess_move::short(&self.pos, m),
            capture: m.is_capture(),
            hash_after: hash_of(&after),
        }
    }

    fn push(&mut self, m: Move) {
        if let Some(from) = m.from() {
            self.moved_from.add(from);
        }
        self.pos.play_unchecked(m);
        self.moves.push(m);
        self.hashes.push(hash_of(&self.pos));
    }

    fn positions_from_start(&self) -> impl Iterator<Item = (Chess, Move)> + '_ {
        let mut pos = self.start.clone();
        self.moves.iter().map(move |&m| {
            let before = pos.clone();
            pos.play_unchecked(m);
            (before, m)
        })
    }
}

fn at(sq: Square) -> (u8, u8) {
    (u8::from(sq.file()), u8::from(sq.rank()))
}

impl AnyGame for ChessGame {
    fn variant(&self) -> Variant {
        Variant::Chess
    }

    fn start_fen(&self) -> String {
        fen_of(&self.start)
    }

    fn fen(&self) -> String {
        fen_of(&self.pos)
    }

    fn turn(&self) -> Color {
        color(self.pos.turn())
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn score(&self) -> Vec<String> {
        self.positions_from_start()
            .map(|(pos, m)| chess_move::full(&pos, m))
            .collect()
    }

    fn record_moves(&self) -> Vec<String> {
        self.positions_from_start()
            .map(|(pos, m)| chess_move::short(&pos, m))
            .collect()
    }

    fn first_move_number(&self) -> u32 {
        self.start.fullmoves().get()
    }

    fn play(&mut self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written)?;
        let played = self.describe(m);
        self.push(m);
        Ok(played)
    }

    fn check(&self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written)?;
        Ok(self.describe(m))
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|&m| chess_move::full(&self.pos, m))
            .collect();
        crate::notation::order::sort_moves(&mut v);
        v
    }

    fn outcome(&self) -> Option<Finish> {
        let pos = &self.pos;
        let draw = |termination, rule, citation| Finish {
            result: GameResult::Draw,
            termination,
            rule,
            citation,
        };
        if pos.is_checkmate() {
            // seed 003 art. 10, 11; FIDE art. 5.1.1
            return Some(Finish {
                result: GameResult::win_for(color(!pos.turn())),
                termination: Termination::Checkmate,
                rule: EndRule::Checkmate,
                citation: Citation::fide("5.1.1"),
            });
        }
        if pos.is_stalemate() {
            // seed 003 art. 12b; FIDE art. 5.2.1
            return Some(draw(
                Termination::Stalemate,
                EndRule::Stalemate,
                Citation::fide("5.2.1"),
            ));
        }
        if pos.is_insufficient_material() {
            // seed 003 art. 12a; FIDE art. 5.2.2
            return Some(draw(
                Termination::InsufficientMaterial,
                EndRule::DeadPosition,
                Citation::fide("5.2.2"),
            ));
        }
        if self.repetitions() >= 5 {
            return Some(draw(
                Termination::FivefoldRepetition,
                EndRule::FivefoldRepetition,
                Citation::fide("9.6.1"),
            ));
        }
        if pos.halfmoves() >= 150 {
            return Some(draw(
                Termination::SeventyFiveMoves,
                EndRule::SeventyFiveMoves,
                Citation::fide("9.6.2"),
            ));
        }
        None
    }

    fn played_after_end(&self) -> Option<(usize, Finish)> {
        let mut board = ChessGame::new(self.start.clone());
        for (i, &m) in self.moves.iter().enumerate() {
            if let Some(f) = board.outcome() {
                return Some((i, f));
            }
            board.push(m);
        }
        None
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        if self.pos.is_checkmate() {
            return Vec::new();
        }
        let mut v = Vec::new();
        // seed 003 art. 12g; FIDE art. 9.2
        if self.repetitions() >= 3 {
            v.push(ClaimableDraw {
                kind: ClaimKind::Repetition,
                citation: Citation::fide("9.2"),
            });
        }
        // seed 003 art. 12d; FIDE art. 9.3
        if self.pos.halfmoves() >= 100 {
            v.push(ClaimableDraw {
                kind: ClaimKind::FiftyMoves,
                citation: Citation::fide("9.3"),
            });
        }
        v
    }

    fn repetitions(&self) -> usize {
        let now = hash_of(&self.pos);
        self.hashes.iter().filter(|&&h| h == now).count()
    }

    fn hash(&self) -> u64 {
        hash_of(&self.pos)
    }

    fn board_view(&self) -> BoardView {
        let squares = self
            .pos
            .board()
            .iter()
            .map(|(sq, piece)| {
                let (file, rank) = at(sq);
                SquareView {
                    file,
                    rank,
                    pieces: vec![(color(piece.color), piece.role.upper_char())],
                }
            })
            .collect();
        BoardView {
            side: 8,
            dark_squares_only: false,
            numbered: false,
            squares,
            turn: color(self.pos.turn()),
        }
    }

    fn last_move(&self) -> Option<MoveView> {
        let &m = self.moves.last()?;
        let (path, captured) = match m {
            Move::Normal {
                from, to, capture, ..
            } => (
                vec![at(from), at(to)],
                if capture.is_some() {
                    vec![at(to)]
                } else {
                    Vec::new()
                },
            ),
            Move::EnPassant { from, to } => (
                vec![at(from), at(to)],
                vec![at(Square::from_coords(to.file(), from.rank()))],
            ),
            Move::Castle { king, rook } => {
                let file = if rook.file() > king.file() {
                    shakmaty::File::G
                } else {
                    shakmaty::File::C
                };
                (
                    vec![at(king), at(Square::from_coords(file, king.rank()))],
                    Vec::new(),
                )
            }
            Move::Put { to, .. } => (vec![at(to)], Vec::new()),
        };
        Some(MoveView { path, captured })
    }

    fn perft(&self, depth: u32) -> u64 {
        shakmaty::perft(&self.pos, depth)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn pdn_game_type(&self) -> Option<&'static str> {
        None
    }
}
