//! What diagrams draw: the board ([`BoardView`]), its squares and the last move.

use crate::rules::Color;

/// What stands on one square, for diagrams: pieces from top to bottom (one for a
/// plain piece, several for a tower).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SquareView {
    /// File from 0 (a).
    pub file: u8,
    /// Rank from 0 (rank 1).
    pub rank: u8,
    /// Pieces top to bottom: (colour, letter): `m` man, `k` king for draughts;
    /// `K Q R B N P` for chess.
    pub pieces: Vec<(Color, char)>,
}

/// A board as diagrams need it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardView {
    /// Files (= ranks) on the board.
    pub side: u8,
    /// Whether only the dark squares are used (draughts) or all (chess).
    pub dark_squares_only: bool,
    /// Whether squares are named by numbers on this board (international, Lasca).
    pub numbered: bool,
    /// Occupied squares.
    pub squares: Vec<SquareView>,
    /// The side to move.
    pub turn: Color,
}

/// The last move as diagrams draw it: the squares the piece went through (from,
/// then each landing square) and the squares of captured pieces, as (file, rank)
/// from 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveView {
    /// From-square, then every landing square.
    pub path: Vec<(u8, u8)>,
    /// Squares of the captured pieces, in capture order.
    pub captured: Vec<(u8, u8)>,
}
