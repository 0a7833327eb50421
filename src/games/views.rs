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

/// The number of a dark square on a numbered board, `None` for a light square.
///
/// 7x7 (Lasca): 1 is a1, numbers run left to right, rank by rank away from White
/// (RULES.md §1). Other sides: 1 is the far-left dark square seen from White, numbers
/// run left to right, rank by rank towards White (FMJD: 1 = b10, 46 = a1).
pub fn square_number(n: u8, file: u8, rank: u8) -> Option<u32> {
    if !is_dark(file, rank) {
        return None;
    }
    let from_bottom = n == 7;
    let before = (0..n)
        .flat_map(|r| (0..n).map(move |f| (f, r)))
        .filter(|&(f, r)| is_dark(f, r))
        .filter(|&(f, r)| {
            let earlier_rank = if from_bottom { r < rank } else { r > rank };
            earlier_rank || (r == rank && f < file)
        })
        .count();
    u32::try_from(before + 1).ok()
}

/// Whether a square is dark (a1 is dark).
fn is_dark(file: u8, rank: u8) -> bool {
    (file + rank).is_multiple_of(2)
}

impl BoardView {
    /// The name of a square as the game writes it: `c3`, or `22` on numbered
    /// boards.
    #[must_use]
    pub fn square_name(&self, (file, rank): (u8, u8)) -> String {
        match square_number(self.side, file, rank).filter(|_| self.numbered) {
            Some(num) => num.to_string(),
            None => format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1),
        }
    }
}
