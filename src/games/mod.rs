//! One interface for every game: a variant plus a position. [`new_game`] and
//! [`open_record`] are the registry: the only place that branches on the game.
//! The referee, the store, the mail front end and the CLI use only [`AnyGame`].
//!
//! Moves cross this interface as text: a written move goes in, the canonical full
//! and short notation come out. Everything else crosses it as typed data (move
//! errors, endings, claims with their citations), never as sentences: the prose
//! layer [`crate::words`] words them. Each family (draughts, towers, chess) implements
//! [`AnyGame`] in its own file here.
//!
//! The registry, [`Record`] and the [`AnyGame`] trait stay in this file; the
//! rest goes one concept per file: `records` (PDN/PGN records read, replayed
//! and written), `moves` (a move played and why one was not), `endings`
//! (ends by the rules and draw claims), `views` (what diagrams draw),
//! `reading` and `verdict` (what a record leaves unsaid, the referee's
//! verdict on it).

mod chess;
mod chess_fen;
mod diagonal;
mod draughts;
mod endings;
mod moves;
pub mod random_play;
mod reading;
pub mod receipts;
mod records;
mod towers;
mod verdict;
mod views;

pub use chess_fen::{ChessFenError, FenField, FenIllegal};
pub use endings::{ClaimKind, ClaimableDraw, EndRule, Finish, repetition_citation};
pub use moves::{Illegal, MoveError, MoveErrorKind, PlayedMove, UnreadableMove};
pub use reading::{
    AmbiguousMove, AmbiguousNumbering, NumberingReading, ReadingNote, VariantClue,
    international_clue, sign_notes, untagged_variant,
};
pub use records::{
    CheckedGame, FileClues, Reading, RecordError, looks_like_chess, readings_of_file, replay_file,
    replay_pdn, replay_pgn, replay_reading, variant_of, write_record, write_record_commented,
    write_record_timed,
};
pub use verdict::{Contradiction, PlayedAfterEnd, RecordVerdict, StatedResult, judge, read_result};
pub use views::{BoardView, MoveView, SquareView, square_number};

use crate::rules::{Color, Variant};

/// Why a game cannot be set up (a FEN that cannot be read or is no legal
/// position). [`crate::words::setup::refusal`] words it for a director.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A draughts position: why its FEN reader refused it.
    #[error(transparent)]
    Fen(#[from] crate::notation::fen::FenError),
    /// A column-checkers position: why its tower FEN reader refused it.
    #[error(transparent)]
    TowerFen(#[from] crate::notation::tower_fen::TowerFenError),
    /// A chess FEN.
    #[error(transparent)]
    ChessFen(#[from] ChessFenError),
}

/// A new game of a variant from a FEN (the initial position when `None`).
///
/// # Errors
/// [`SetupError`] when the FEN cannot be read or is no legal position.
pub fn new_game(variant: Variant, fen: Option<&str>) -> Result<Box<dyn AnyGame>, SetupError> {
    match variant {
        Variant::Russian | Variant::International => draughts::new_game(variant, fen),
        Variant::Bashni | Variant::Lasca => towers::new_game(variant, fen),
        Variant::Chess => chess::new_game(fen),
    }
}

/// The first ply of a record that could not be played.
#[derive(Clone, Debug)]
pub struct RecordFailure {
    /// Index of the ply in the record, from 0.
    pub ply: usize,
    /// Its move number.
    pub move_number: u32,
    /// Whose ply it is.
    pub side: Color,
    /// Why it was not played.
    pub error: MoveError,
}

/// A written record replayed: the game as far as it went and the first failure.
#[derive(Clone, Debug)]
pub struct Record {
    /// The game up to the last legal ply: with a failure, it stands in the
    /// position where the failing ply was tried.
    pub game: Box<dyn AnyGame>,
    /// The first ply that failed, if any.
    pub failure: Option<RecordFailure>,
}

/// Replays a written record (plies as written) from a FEN (or the initial
/// position). Draughts records written with numbers are tried in each square
/// numbering the game knows, keeping the one that replays furthest; column
/// checkers have one numbering each and replay with [`replay_on`].
///
/// # Errors
/// [`SetupError`] when the start position cannot be set up.
pub fn open_record(
    variant: Variant,
    fen: Option<&str>,
    plies: &[&str],
    first_move_number: u32,
) -> Result<Record, SetupError> {
    match variant {
        Variant::Russian | Variant::International => {
            draughts::open_record(variant, fen, plies, first_move_number)
        }
        Variant::Bashni | Variant::Lasca => {
            towers::open_record(variant, fen, plies, first_move_number)
        }
        Variant::Chess => chess::open_record(fen, plies, first_move_number),
    }
}

/// Replays plies one by one on a game (for families with one notation).
#[must_use]
pub fn replay_on(mut game: Box<dyn AnyGame>, plies: &[&str], first_move_number: u32) -> Record {
    let first_side = game.turn();
    for (i, text) in plies.iter().enumerate() {
        if let Err(error) = game.play_record(text) {
            let (move_number, side) =
                crate::notation::record::move_number_of(i, first_side, first_move_number);
            return Record {
                game,
                failure: Some(RecordFailure {
                    ply: i,
                    move_number,
                    side,
                    error,
                }),
            };
        }
    }
    Record {
        game,
        failure: None,
    }
}

/// A game in progress of any variant: the start position, the plies played and
/// the current position, behind one object-safe interface.
pub trait AnyGame: Send + Sync + std::fmt::Debug {
    /// The game played.
    fn variant(&self) -> Variant;
    /// The start position as FEN.
    fn start_fen(&self) -> String;
    /// The current position as FEN.
    fn fen(&self) -> String;
    /// The side to move.
    fn turn(&self) -> Color;
    /// Plies played so far.
    fn plies(&self) -> usize;
    /// The plies played, in canonical full notation.
    fn score(&self) -> Vec<String>;
    /// Whether each ply played was a capture, without writing the score.
    fn captures(&self) -> Vec<bool> {
        self.score()
            .iter()
            .map(|s| s.contains(['x', ':']))
            .collect()
    }
    /// The plies played as a game record writes them: SAN for chess (PGN), the
    /// full notation for the others (PDN).
    fn record_moves(&self) -> Vec<String> {
        self.score()
    }
    /// The move number of the first ply (1 unless a FEN start says otherwise).
    fn first_move_number(&self) -> u32 {
        1
    }
    /// Reads a written move, checks it against the rules and plays it.
    ///
    /// # Errors
    /// [`MoveError`]: unreadable, illegal (with the reason) or ambiguous (with
    /// the candidates). The game is unchanged then.
    fn play(&mut self, written: &str) -> Result<PlayedMove, MoveError>;
    /// Plays a move of a record being read: as [`AnyGame::play`], but as
    /// records are read (a draughts promotion mark on a move that makes no
    /// king is passed over, and a square alone is not a move).
    ///
    /// # Errors
    /// As [`AnyGame::play`].
    fn play_record(&mut self, written: &str) -> Result<PlayedMove, MoveError> {
        self.play(written)
    }
    /// Reads a written move and checks it without playing it.
    ///
    /// # Errors
    /// As [`AnyGame::play`].
    fn check(&self, written: &str) -> Result<PlayedMove, MoveError>;
    /// The legal moves in canonical full notation, sorted.
    fn legal_moves(&self) -> Vec<String>;
    /// The result if the rules end the game now (no pieces, no move, checkmate,
    /// an automatic draw rule).
    fn outcome(&self) -> Option<Finish>;
    /// The draws the side to move may claim now (threefold repetition and the
    /// game's claim rules), checked from the record.
    fn claimable_draws(&self) -> Vec<ClaimableDraw>;
    /// The first ply played after the rules had ended the game (an automatic
    /// end of [`AnyGame::outcome`] standing before it): its index from 0 and how
    /// the game had ended; `None` when no ply follows an end. The referee's
    /// verdict on a record asks it ([`judge`]). The default
    /// replays the score; the families replay their own moves.
    fn played_after_end(&self) -> Option<(usize, Finish)> {
        let mut board = new_game(self.variant(), Some(&self.start_fen())).ok()?;
        for (i, full) in self.score().iter().enumerate() {
            if let Some(f) = board.outcome() {
                return Some((i, f));
            }
            board.play(full).ok()?;
        }
        None
    }
    /// How often the current position has occurred (same pieces, same side to move).
    fn repetitions(&self) -> usize;
    /// The hash of the current position.
    fn hash(&self) -> u64;
    /// The current board for image diagrams.
    fn board_view(&self) -> BoardView;
    /// The last ply played, for marking it on diagrams; `None` before the first ply.
    fn last_move(&self) -> Option<MoveView>;
    /// Leaf count of the legal-move tree `depth` plies deep (perft).
    fn perft(&self, depth: u32) -> u64;
    /// A copy of the game (to try a move without playing it).
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The PDN `GameType` value (or `None` for chess, written as PGN).
    fn pdn_game_type(&self) -> Option<&'static str>;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
