//! A tower (башня, column): a stack of pieces on one square, top to bottom
//! (seed 000 §1.2.3: a single piece is a one-piece tower).
//!
//! The whole stack is kept, each piece with its colour and rank, bit-packed into
//! one `u64` so that a position stays small and `Copy`: bit `i` of the colour mask
//! is set when the `i`-th piece from the top is Black, bit `i` of the king mask
//! when it is a king, and the height sits above both masks.

use crate::rules::{Color, Piece, Role};

/// The most pieces one tower can hold: every piece of both sides on the 8x8 board
/// (12 + 12, seed 000 §1.2.1; Lasca has 11 + 11, seed 000 §2.2.1).
pub const MAX_HEIGHT: usize = 24;

const MASK: u64 = (1 << MAX_HEIGHT) - 1;
const KINGS_SHIFT: u32 = 24;
const HEIGHT_SHIFT: u32 = 48;

/// A stack of pieces, top to bottom. The empty tower stands for an empty square.
///
/// A tower belongs to the owner of its top piece and moves with the rights of that
/// piece (seed 000 §1.5.1). Capturing it takes only its top piece (seed 000 §1.6.1).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Tower(u64);

impl Tower {
    /// No piece: an empty square.
    pub const EMPTY: Tower = Tower(0);

    /// A one-piece tower (seed 000 §1.2.3).
    #[must_use]
    pub fn single(piece: Piece) -> Tower {
        Tower::EMPTY.with_bottom(piece)
    }

    /// A tower of the given pieces, top first; `None` when there are more than
    /// [`MAX_HEIGHT`].
    #[must_use]
    pub fn from_pieces(pieces: impl IntoIterator<Item = Piece>) -> Option<Tower> {
        let mut t = Tower::EMPTY;
        for p in pieces {
            if t.height() >= MAX_HEIGHT {
                return None;
            }
            t = t.with_bottom(p);
        }
        Some(t)
    }

    /// The number of pieces in the tower.
    #[inline]
    #[must_use]
    pub fn height(self) -> usize {
        (self.0 >> HEIGHT_SHIFT) as usize
    }

    /// Whether the tower has no piece (the square is empty).
    #[inline]
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The `i`-th piece from the top (0 is the top), if the tower is that high.
    #[inline]
    #[must_use]
    pub fn piece(self, i: usize) -> Option<Piece> {
        if i >= self.height() {
            return None;
        }
        let color = if self.0 >> i & 1 == 1 {
            Color::Black
        } else {
            Color::White
        };
        let role = if self.0 >> (KINGS_SHIFT as usize + i) & 1 == 1 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// The top piece, which gives the tower its owner and its rights (seed 000 §1.5.1).
    #[inline]
    #[must_use]
    pub fn top(self) -> Option<Piece> {
        self.piece(0)
    }

    /// The owner: the colour of the top piece (seed 000 §1.5.1).
    #[inline]
    #[must_use]
    pub fn owner(self) -> Option<Color> {
        self.top().map(|p| p.color)
    }

    /// The pieces from top to bottom.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        (0..self.height()).filter_map(move |i| self.piece(i))
    }

    /// The tower with `piece` put at the bottom: where a captured piece goes, at
    /// once, in capture order (seed 000 §1.6.1).
    ///
    /// # Panics
    /// In debug builds, if the tower already holds [`MAX_HEIGHT`] pieces.
    #[inline]
    #[must_use]
    pub fn with_bottom(self, piece: Piece) -> Tower {
        let h = self.height();
        debug_assert!(h < MAX_HEIGHT, "a tower holds at most {MAX_HEIGHT} pieces");
        let mut bits = self.0 & !(0xFF << HEIGHT_SHIFT);
        if piece.color == Color::Black {
            bits |= 1 << h;
        }
        if piece.role == Role::King {
            bits |= 1 << (KINGS_SHIFT as usize + h);
        }
        Tower(bits | ((h as u64 + 1) << HEIGHT_SHIFT))
    }

    /// The top piece taken off and the tower that remains ("freed", owned by its new
    /// top; empty when nothing remains), as a capture does (seed 000 §1.6.1).
    /// `None` for the empty tower.
    #[inline]
    #[must_use]
    pub fn take_top(self) -> Option<(Piece, Tower)> {
        let top = self.top()?;
        let h = self.height() as u64;
        let colors = (self.0 & MASK) >> 1;
        let kings = (self.0 >> KINGS_SHIFT & MASK) >> 1;
        let rest = Tower(colors | kings << KINGS_SHIFT | (h - 1) << HEIGHT_SHIFT);
        Some((top, rest))
    }

    /// The tower with its top piece made a king; the pieces below stay as they are
    /// (seed 000 §1.5.2).
    #[inline]
    #[must_use]
    pub fn promote_top(self) -> Tower {
        if self.is_empty() {
            self
        } else {
            Tower(self.0 | 1 << KINGS_SHIFT)
        }
    }

    /// How many pieces of a colour the tower holds.
    #[must_use]
    pub fn count(self, color: Color) -> usize {
        let black = (self.0 & MASK).count_ones() as usize;
        match color {
            Color::Black => black,
            Color::White => self.height() - black,
        }
    }

    /// The number of pieces of the owner's colour on top (the first run); the rest
    /// are prisoners. A tower built by the rules has at most two runs (RULES.md §3).
    #[must_use]
    pub fn owner_run(self) -> usize {
        let Some(owner) = self.owner() else {
            return 0;
        };
        self.pieces().take_while(|p| p.color == owner).count()
    }

    /// Whether the tower is the owner's pieces over prisoners of the other colour
    /// (at most two runs), the only form the composition notation can write
    /// (seed 000 §1.10).
    #[must_use]
    pub fn has_two_runs_at_most(self) -> bool {
        let run = self.owner_run();
        let Some(owner) = self.owner() else {
            return true;
        };
        self.pieces().skip(run).all(|p| p.color != owner)
    }

    /// The packed bits (for hashing).
    #[inline]
    #[must_use]
    pub fn bits(self) -> u64 {
        self.0
    }
}

impl std::fmt::Debug for Tower {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tower(")?;
        for p in self.pieces() {
            let c = match (p.color, p.role) {
                (Color::White, Role::Man) => 'w',
                (Color::White, Role::King) => 'W',
                (Color::Black, Role::Man) => 'b',
                (Color::Black, Role::King) => 'B',
            };
            write!(f, "{c}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WM: Piece = Piece {
        color: Color::White,
        role: Role::Man,
    };
    const BK: Piece = Piece {
        color: Color::Black,
        role: Role::King,
    };

    #[test]
    fn captured_pieces_go_to_the_bottom_and_the_top_comes_off() {
        let t = Tower::single(WM).with_bottom(BK).with_bottom(BK);
        assert_eq!(t.height(), 3);
        assert_eq!(t.owner(), Some(Color::White));
        assert_eq!(t.owner_run(), 1);
        let (top, rest) = t.take_top().unwrap();
        assert_eq!(top, WM);
        assert_eq!(rest.owner(), Some(Color::Black));
        assert_eq!(rest.top(), Some(BK), "a buried king is a king again on top");
        assert_eq!(rest.height(), 2);
        let (_, rest) = rest.take_top().unwrap();
        let (_, rest) = rest.take_top().unwrap();
        assert!(rest.is_empty());
    }

    #[test]
    fn promotion_changes_only_the_top_piece() {
        let t = Tower::single(WM).with_bottom(WM).promote_top();
        assert_eq!(t.piece(0).unwrap().role, Role::King);
        assert_eq!(t.piece(1).unwrap().role, Role::Man);
    }

    #[test]
    fn a_tower_holds_every_piece_of_both_sides() {
        let t = Tower::from_pieces((0..24).map(|i| if i < 12 { WM } else { BK })).unwrap();
        assert_eq!(t.height(), 24);
        assert_eq!(t.count(Color::Black), 12);
        assert!(t.has_two_runs_at_most());
        assert!(Tower::from_pieces((0..25).map(|_| WM)).is_none());
    }
}
