//! A set of playing squares as a bitboard (bit i = square index i; at most 64 squares).

use crate::rules::Square;

/// A set of playing squares (a bitboard). Boards here have at most 50 playing squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// A set holding one square.
    #[inline]
    #[must_use]
    pub fn from_square(sq: Square) -> SquareSet {
        SquareSet(1u64 << sq.0)
    }

    /// Whether the square is in the set.
    #[inline]
    #[must_use]
    pub fn contains(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u64 << sq.0;
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u64 << sq.0);
    }

    /// Number of squares in the set.
    #[inline]
    #[must_use]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Squares in both sets.
    #[inline]
    #[must_use]
    pub fn and(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// Squares in either set.
    #[inline]
    #[must_use]
    pub fn or(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// Squares of `self` not in `other`.
    #[inline]
    #[must_use]
    pub fn without(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(i))
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}
