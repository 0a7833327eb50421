//! The diagonal games' one core: what a position of draughts (Russian checkers,
//! international draughts) and of column checkers (Bashni, Lasca) offers, as
//! one trait, [`DiagonalPosition`], as shakmaty's `Position` does for chess.
//! Over it stand one game record ([`DiagonalGame`]), one perft and one
//! deduplication of capture paths; `notation` writes and resolves moves of
//! either family through it, and `games` adapts either to `AnyGame` once.
//!
//! A family overrides only what differs: how moves are generated and played
//! (a piece, or a tower that takes the top piece of what it jumps), which
//! capture paths are one move, and the draw counters its rules keep.

mod game;

pub use game::DiagonalGame;

/// The accessors of [`DiagonalPosition`] that a position answers from its
/// own fields of the same names — `variant`, `geometry`, `turn`, `kings` —
/// and from `$owned`, the squares of each side by [`Color::index`] (the
/// draughts pieces; the towers whose top piece is the side's, seed 000
/// §1.5.1). Written once for both families, inlined as hand-written getters
/// would be.
macro_rules! diagonal_fields {
    ($owned:ident) => {
        fn variant(&self) -> Variant {
            self.variant
        }

        fn geometry(&self) -> &'static Geometry {
            self.geometry
        }

        fn turn(&self) -> Color {
            self.turn
        }

        fn owned(&self, color: Color) -> SquareSet {
            self.$owned[color.index()]
        }

        fn kings(&self) -> SquareSet {
            self.kings
        }
    };
}

use crate::rules::{Color, Geometry, Move, Numbering, SquareSet, Variant};

/// A position of a diagonal game: the board, the pieces (or towers) on it and
/// the side to move. Positions are small `Copy` values; [`DiagonalPosition::play`]
/// returns a new one.
pub trait DiagonalPosition: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// What the family's automatic draw rules count along a game (draughts: one
    /// counter per draw rule of the variant; column checkers: plies without a
    /// change of material, for the claim of seed 000 §1.13.1).
    type Counters: Clone + std::fmt::Debug + Send + Sync;

    /// The game played.
    fn variant(&self) -> Variant;
    /// The board.
    fn geometry(&self) -> &'static Geometry;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The squares whose piece (the top piece of whose tower) is `color`'s.
    fn owned(&self, color: Color) -> SquareSet;
    /// The squares whose piece (top piece) is a king, either colour.
    fn kings(&self) -> SquareSet;
    /// The square numbering records of this game use by default.
    fn numbering(&self) -> Numbering;
    /// Whether the full move text marks a promotion with `D` after the square
    /// where it happens (Bashni, seed 000 §1.10).
    fn promotion_mark(&self) -> bool {
        false
    }

    /// Writes the legal moves into `out` (cleared first): captures only when a
    /// capture exists (compulsory capture, seed 002 §1.5.1, seed 000 §1.6.1).
    /// With `distinct_only`, capture paths that are one move
    /// ([`DiagonalPosition::same_result`]) are listed once; without, every path
    /// is kept, so that notation accepts whichever one a player writes.
    fn generate(&self, out: &mut Vec<Move>, distinct_only: bool);
    /// The number of distinct legal moves, using `buf` as scratch; a family may
    /// count quiet moves without building them.
    fn count_legal(&self, buf: &mut Vec<Move>) -> u64 {
        self.generate(buf, true);
        buf.len() as u64
    }
    /// Plays a move assumed legal here (one of [`DiagonalPosition::generate`]'s)
    /// and returns the new position.
    #[must_use]
    fn play(&self, m: &Move) -> Self;
    /// The Zobrist hash of the position (pieces and side to move), for repetition.
    fn hash(&self) -> u64;
    /// Whether two legal moves of this position lead to the same position, so
    /// are one move: draughts compare the from-square, end square, captured set
    /// and promotion (RULES.md §0); column checkers the from-square, end square
    /// and captured squares in order, since prisoners go under the capturer in
    /// capture order (RULES.md §3).
    fn same_result(a: &Move, b: &Move) -> bool;

    /// The draw counters at the start of a game from this position.
    fn start_counters(&self) -> Self::Counters;
    /// Advances the draw counters over a ply `m` from `self` to `after`.
    fn advance_counters(&self, counters: &mut Self::Counters, m: &Move, after: &Self);
    /// The automatic draw rule the counters have reached, as an index into the
    /// variant's draw rules (`None` for families without automatic draws).
    fn automatic_draw(&self, counters: &Self::Counters) -> Option<usize>;

    /// The legal moves, each distinct move once.
    #[must_use]
    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(16);
        self.generate(&mut out, true);
        out
    }

    /// Counts the leaf nodes of the legal-move tree `depth` plies deep (perft),
    /// each distinct move once (../shared/cases/perft.txt, RULES.md §3).
    #[must_use]
    fn perft(&self, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(32)).collect();
        perft_with(self, depth, &mut buffers)
    }
}

/// Perft with one move buffer per remaining ply (no allocation per node).
fn perft_with<P: DiagonalPosition>(pos: &P, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((buf, rest)) = buffers.split_first_mut() else {
        return 0;
    };
    if depth == 1 {
        return pos.count_legal(buf);
    }
    pos.generate(buf, true);
    let mut nodes = 0;
    for m in buf.iter() {
        nodes += perft_with(&pos.play(m), depth - 1, rest);
    }
    nodes
}

/// Keeps one move of each group that [`DiagonalPosition::same_result`] calls
/// one move, the first of each in order.
pub(crate) fn keep_distinct<P: DiagonalPosition>(out: &mut Vec<Move>) {
    let mut i = 0;
    while i < out.len() {
        let m = out[i];
        let mut j = i + 1;
        while j < out.len() {
            if P::same_result(&out[j], &m) {
                out.swap_remove(j);
            } else {
                j += 1;
            }
        }
        i += 1;
    }
}

/// The directions in which `color`'s men move (and, where men capture only
/// forward, capture): toward the opponent's side.
#[must_use]
pub(crate) fn forward(color: Color) -> &'static [crate::rules::Direction; 2] {
    use crate::rules::Direction;
    match color {
        Color::White => &[Direction::NorthEast, Direction::NorthWest],
        Color::Black => &[Direction::SouthEast, Direction::SouthWest],
    }
}
