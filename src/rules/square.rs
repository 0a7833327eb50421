//! Squares and board geometry of the diagonal boards (7x7, 8x8, 10x10).
//!
//! Only the dark (playing) squares exist for the rules core. They are indexed
//! `0..count` row by row from White's side: rank 1 first, files a→ within a rank.
//! On every board here a1 is dark, so a square (file, rank), both counted from
//! zero, is dark when `file + rank` is even (RULES.md §1). Names (`c3`, `22`) are
//! the business of `notation/`.

use std::sync::LazyLock;

/// A playing square: an index into the dark squares of a [`Geometry`], `0..count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The index as `usize`, for tables.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A diagonal direction, seen from White's side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards higher files and higher ranks.
    NorthEast = 0,
    /// Towards lower files and higher ranks.
    NorthWest = 1,
    /// Towards higher files and lower ranks.
    SouthEast = 2,
    /// Towards lower files and lower ranks.
    SouthWest = 3,
}

impl Direction {
    /// All four diagonal directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The opposite direction (NE↔SW, NW↔SE).
    #[must_use]
    pub fn opposite(self) -> Direction {
        Direction::ALL[3 - self as usize]
    }

    /// (file step, rank step).
    #[must_use]
    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }
}

/// The size of a square diagonal board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSize {
    /// 7x7, 25 playing squares (Lasca).
    Seven,
    /// 8x8, 32 playing squares (Russian checkers, Bashni).
    Eight,
    /// 10x10, 50 playing squares (international draughts).
    Ten,
}

impl BoardSize {
    /// Files (= ranks) on the board.
    #[must_use]
    pub fn side(self) -> u8 {
        match self {
            BoardSize::Seven => 7,
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        }
    }
}

/// Marks "no square" in the neighbour tables.
const NONE: u8 = u8::MAX;

/// Precomputed geometry of one board size: coordinates of every playing square and
/// the neighbour of every square in every direction.
#[derive(Debug)]
pub struct Geometry {
    /// Which board this is.
    pub size: BoardSize,
    /// Files and ranks on the board (7, 8 or 10).
    pub side: u8,
    /// Number of playing squares (25, 32 or 50).
    pub count: u8,
    file: Vec<u8>,
    rank: Vec<u8>,
    at: Vec<u8>,
    step: [Vec<u8>; 4],
    /// Per direction, up to three (source mask, index delta) groups: the neighbours of
    /// a set are the union of each group's squares shifted by its delta.
    shifts: [[(u64, i8); 3]; 4],
    main_road: crate::rules::SquareSet,
}

static SEVEN: LazyLock<Geometry> = LazyLock::new(|| Geometry::build(BoardSize::Seven));
static EIGHT: LazyLock<Geometry> = LazyLock::new(|| Geometry::build(BoardSize::Eight));
static TEN: LazyLock<Geometry> = LazyLock::new(|| Geometry::build(BoardSize::Ten));

impl Geometry {
    /// The shared geometry of a board size.
    #[must_use]
    pub fn of(size: BoardSize) -> &'static Geometry {
        match size {
            BoardSize::Seven => &SEVEN,
            BoardSize::Eight => &EIGHT,
            BoardSize::Ten => &TEN,
        }
    }

    fn build(size: BoardSize) -> Geometry {
        let side = size.side();
        let mut file = Vec::new();
        let mut rank = Vec::new();
        let mut at = vec![NONE; usize::from(side) * usize::from(side)];
        for r in 0..side {
            for f in 0..side {
                if (f + r) % 2 == 0 {
                    at[usize::from(r) * usize::from(side) + usize::from(f)] = file.len() as u8;
                    file.push(f);
                    rank.push(r);
                }
            }
        }
        let count = file.len() as u8;
        let step: [Vec<u8>; 4] = Direction::ALL.map(|d| {
            let (df, dr) = d.delta();
            (0..usize::from(count))
                .map(|i| {
                    let f = file[i] as i8 + df;
                    let r = rank[i] as i8 + dr;
                    if f < 0 || r < 0 || f >= side as i8 || r >= side as i8 {
                        NONE
                    } else {
                        at[r as usize * usize::from(side) + f as usize]
                    }
                })
                .collect()
        });
        let shifts = std::array::from_fn(|d| {
            let mut groups = [(0u64, 0i8); 3];
            let mut used = 0;
            for i in 0..count {
                let n = step[d][usize::from(i)];
                if n == NONE {
                    continue;
                }
                let delta = n as i8 - i as i8;
                let k = (0..used)
                    .find(|&k| groups[k].1 == delta)
                    .unwrap_or_else(|| {
                        used += 1;
                        assert!(used <= 3, "a diagonal board has at most three shift groups");
                        used - 1
                    });
                groups[k] = (groups[k].0 | 1u64 << i, delta);
            }
            groups
        });
        let main_road = (0..count)
            .filter(|&i| file[usize::from(i)] == rank[usize::from(i)])
            .map(Square)
            .collect();
        Geometry {
            size,
            side,
            count,
            file,
            rank,
            at,
            step,
            shifts,
            main_road,
        }
    }

    /// The neighbours in direction `dir` of every square of a set (a bitboard shift).
    #[inline]
    #[must_use]
    pub fn shift(&self, set: crate::rules::SquareSet, dir: Direction) -> crate::rules::SquareSet {
        let mut out = 0u64;
        for &(mask, delta) in &self.shifts[dir as usize] {
            let b = set.0 & mask;
            out |= if delta >= 0 { b << delta } else { b >> -delta };
        }
        crate::rules::SquareSet(out)
    }

    /// The file of a square, from 0 (a).
    #[must_use]
    pub fn file(&self, sq: Square) -> u8 {
        self.file[sq.index()]
    }

    /// The rank of a square, from 0 (rank 1, White's side).
    #[must_use]
    pub fn rank(&self, sq: Square) -> u8 {
        self.rank[sq.index()]
    }

    /// The playing square at (file, rank), both from 0, or `None` for a light
    /// square or a coordinate off the board.
    #[must_use]
    pub fn at(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.side || rank >= self.side {
            return None;
        }
        let i = self.at[usize::from(rank) * usize::from(self.side) + usize::from(file)];
        (i != NONE).then_some(Square(i))
    }

    /// The neighbouring square in a direction, or `None` at the edge.
    #[inline]
    #[must_use]
    pub fn step(&self, sq: Square, dir: Direction) -> Option<Square> {
        let n = self.step[dir as usize][sq.index()];
        (n != NONE).then_some(Square(n))
    }

    /// All playing squares, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        (0..self.count).map(Square)
    }

    /// Whether a square lies on the last rank for a side (where its men promote).
    #[must_use]
    pub fn is_promotion_rank(&self, sq: Square, color: crate::rules::Color) -> bool {
        match color {
            crate::rules::Color::White => self.rank(sq) == self.side - 1,
            crate::rules::Color::Black => self.rank(sq) == 0,
        }
    }

    /// The squares on the long diagonal a1-h8 (the "main road", большая дорога) of
    /// an 8x8 board, or a1 to the far corner of a 7x7 or 10x10 board.
    #[must_use]
    pub fn main_road(&self) -> crate::rules::SquareSet {
        self.main_road
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playing_square_counts_match_the_boards() {
        assert_eq!(Geometry::of(BoardSize::Seven).count, 25);
        assert_eq!(Geometry::of(BoardSize::Eight).count, 32);
        assert_eq!(Geometry::of(BoardSize::Ten).count, 50);
    }

    #[test]
    fn lasca_numbering_runs_row_by_row_from_a1() {
        let g = Geometry::of(BoardSize::Seven);
        // RULES.md §1: 1=a1, 2=c1, 3=e1, 4=g1, 5=b2 ... 25=g7.
        assert_eq!(g.at(0, 0), Some(Square(0)));
        assert_eq!(g.at(6, 0), Some(Square(3)));
        assert_eq!(g.at(1, 1), Some(Square(4)));
        assert_eq!(g.at(6, 6), Some(Square(24)));
        assert_eq!(g.at(1, 0), None);
    }

    #[test]
    fn bitboard_shifts_agree_with_the_neighbour_table() {
        for size in [BoardSize::Seven, BoardSize::Eight, BoardSize::Ten] {
            let g = Geometry::of(size);
            for sq in g.squares() {
                for d in Direction::ALL {
                    let shifted = g.shift(crate::rules::SquareSet::from_square(sq), d);
                    let expected: crate::rules::SquareSet = g.step(sq, d).into_iter().collect();
                    assert_eq!(shifted, expected, "{size:?} {sq:?} {d:?}");
                }
            }
        }
    }

    #[test]
    fn neighbours_stop_at_the_edge() {
        let g = Geometry::of(BoardSize::Eight);
        let a1 = g.at(0, 0).unwrap();
        assert_eq!(g.step(a1, Direction::NorthEast), g.at(1, 1));
        assert_eq!(g.step(a1, Direction::NorthWest), None);
        assert_eq!(g.step(a1, Direction::SouthWest), None);
    }
}
