//! A move through [`super::AnyGame`]: the move played ([`PlayedMove`]) and why
//! a written move was not ([`MoveError`]), as plain data.

use crate::notation::IllegalReason;
use crate::notation::written::Unreadable;

#[cfg(doc)]
use super::AnyGame;

/// A move played (or checked) through [`AnyGame`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Canonical full notation (`c3:e5:g7`, `Ng1-f3` style per game).
    pub full: String,
    /// Canonical short notation (`c:g7`, SAN `Nf3`).
    pub short: String,
    /// Whether the move captured.
    pub capture: bool,
    /// The hash of the position after the move (for repetition).
    pub hash_after: u64,
}

/// Why a written move was not played. Plain data: the prose layer words it
/// ([`MoveError::message`] is in [`crate::words::moves`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{written}: {kind}")]
pub struct MoveError {
    /// The move as written.
    pub written: String,
    /// What is wrong.
    pub kind: MoveErrorKind,
}

/// The kind of a [`MoveError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// The text is not a move in any form of the game's notation.
    Unreadable(UnreadableMove),
    /// The move is illegal here.
    Illegal(Illegal),
    /// Several legal moves fit; their full notation, sorted.
    Ambiguous(Vec<String>),
    /// Several legal chess moves fit; their SAN, sorted (shown in the
    /// reader's piece letters).
    AmbiguousChess(Vec<String>),
}

/// Short English for logs; [`crate::words::moves`] words the error for a
/// player ([`MoveError::message`]).
impl std::fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveErrorKind::Unreadable(UnreadableMove::Draughts(u)) => write!(f, "unreadable: {u}"),
            MoveErrorKind::Unreadable(UnreadableMove::Chess(u)) => write!(f, "unreadable: {u}"),
            MoveErrorKind::Illegal(Illegal::Draughts(r) | Illegal::Towers(r)) => {
                write!(f, "illegal: {r}")
            }
            MoveErrorKind::Illegal(Illegal::Chess(r)) => write!(f, "illegal: {r}"),
            MoveErrorKind::Ambiguous(c) | MoveErrorKind::AmbiguousChess(c) => {
                write!(f, "ambiguous: {}", c.join(", "))
            }
        }
    }
}

/// Why a text is not a move of the game at all (the first stage of reading).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnreadableMove {
    /// Draughts and column checkers share one move syntax.
    Draughts(Unreadable),
    /// Chess.
    Chess(crate::notation::chess_move::ChessUnreadable),
}

/// Why a written move is illegal in the position, per family of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Russian checkers, international draughts.
    Draughts(IllegalReason),
    /// Column checkers (Bashni, Lasca): the same reasons, worded for towers.
    Towers(IllegalReason),
    /// Chess.
    Chess(crate::notation::chess_illegal::ChessIllegal),
}
