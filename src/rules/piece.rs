//! Pieces of the draughts family.

use crate::rules::Color;

/// The rank of a draughts piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A man (простая шашка): moves forward one square.
    Man,
    /// A king (дамка): flies along diagonals in Russian and international draughts,
    /// steps one square in any direction in Lasca (officer).
    King,
}

/// A piece: its side and its rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}
