//! Why the pieces a FEN places form no legal position, with every square named
//! as records name it (`c3`, `22`), never by the core's internal index: the
//! setup error of the diagonal core ([`PositionError`], draughts and towers)
//! read with the board's names.

use crate::notation::square_name::{self, SquareStyle};
use crate::rules::{Color, Geometry, PositionError, Square};

/// What is wrong with the pieces a FEN places.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// A square outside the board.
    #[error("a square is off the board")]
    OffBoard,
    /// A square named in both the White and the Black list.
    #[error("{0} is in both the White and the Black list")]
    BothSides(String),
    /// A square named twice.
    #[error("{0} is given twice")]
    Twice(String),
    /// A tower with no piece in it.
    #[error("the tower on {0} has no piece")]
    EmptyTower(String),
    /// A king marked on a square no list places a piece on.
    #[error("a king is marked on {0}, where there is no piece")]
    KingOnEmptySquare(String),
    /// A man (or a tower topped by a man) on the rank where it would already
    /// have become a king.
    #[error("the {side} man on {square} stands on its promotion rank: it would be a king")]
    ManOnPromotionRank {
        /// Whose man.
        side: WrittenSide,
        /// Where.
        square: String,
    },
    /// More pieces of a side than it starts the game with.
    #[error("{side} has {count} pieces, more than the {most} a side starts with")]
    TooManyPieces {
        /// Whose pieces.
        side: WrittenSide,
        /// How many the FEN places.
        count: u32,
        /// How many a side starts with.
        most: u32,
    },
    /// The game is not of the FEN's family (a tower FEN for Russian
    /// checkers).
    #[error("{0} is not a game of column checkers")]
    NotTowers(crate::rules::Variant),
}

/// A side as written in a placement error: `White`, `Black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenSide(pub Color);

impl std::fmt::Display for WrittenSide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.0 {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A diagonal core's setup error ([`PositionError`]: draughts or towers)
/// with its squares named in `style`.
#[must_use]
pub fn named(e: PositionError, g: &Geometry, style: SquareStyle) -> PlacementError {
    let name = |i: u8| square_name::name(g, Square(i), style);
    match e {
        PositionError::OtherFamily(v) => PlacementError::NotTowers(v),
        PositionError::OffBoard(_) => PlacementError::OffBoard,
        PositionError::Overlap(i) => PlacementError::BothSides(name(i)),
        PositionError::Twice(i) => PlacementError::Twice(name(i)),
        PositionError::EmptyTower(i) => PlacementError::EmptyTower(name(i)),
        PositionError::KingOnEmptySquare(i) => PlacementError::KingOnEmptySquare(name(i)),
        PositionError::ManOnPromotionRank(c, i) => PlacementError::ManOnPromotionRank {
            side: WrittenSide(c),
            square: name(i),
        },
        PositionError::TooManyPieces(c, count, most) => PlacementError::TooManyPieces {
            side: WrittenSide(c),
            count,
            most,
        },
    }
}
