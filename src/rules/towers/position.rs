//! A position of column checkers: a tower on every square, the side to move.
//! Move generation is in `movegen.rs`; the position is a [`DiagonalPosition`].

use super::{Tower, TowersRules, zobrist};
use crate::rules::{
    Color, DiagonalPosition, Geometry, Move, Numbering, Piece, PositionError, Role, Square,
    SquareSet, Variant,
};

/// The most playing squares of a column-checkers board (32 on 8x8; Lasca has 25).
pub(super) const MAX_SQUARES: usize = 32;

/// Any arrangement of towers, not yet checked against the rules (from a FEN).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TowerSetup {
    /// The towers by square, in any order.
    pub towers: Vec<(Square, Tower)>,
    /// The side to move.
    pub turn: Color,
}

/// A legal position of Bashni or Lasca. Small and `Copy`: playing a move returns a
/// new position. Besides the towers it keeps bitboards of the squares owned by each
/// side and of the squares whose top piece is a king, for fast move generation.
#[derive(Clone, Copy, Debug)]
pub struct TowerPosition {
    pub(super) variant: Variant,
    pub(super) rules: &'static TowersRules,
    pub(super) geometry: &'static Geometry,
    pub(super) towers: [Tower; MAX_SQUARES],
    /// Squares whose top piece is White's / Black's.
    pub(super) owned: [SquareSet; 2],
    /// Squares whose top piece is a king.
    pub(super) kings: SquareSet,
    pub(super) turn: Color,
}

impl PartialEq for TowerPosition {
    fn eq(&self, other: &TowerPosition) -> bool {
        self.variant == other.variant && self.towers == other.towers && self.turn == other.turn
    }
}

impl Eq for TowerPosition {}

fn rules_of(variant: Variant) -> Result<&'static TowersRules, PositionError> {
    variant.towers().ok_or(PositionError::OtherFamily(variant))
}

impl TowerPosition {
    fn empty(variant: Variant, rules: &'static TowersRules, turn: Color) -> TowerPosition {
        TowerPosition {
            variant,
            rules,
            geometry: Geometry::of(rules.board),
            towers: [Tower::EMPTY; MAX_SQUARES],
            owned: [SquareSet::EMPTY; 2],
            kings: SquareSet::EMPTY,
            turn,
        }
    }

    /// The initial position: one-piece towers of men on the first three rows of each
    /// side, White to move (seed 000 §1.2.1, §1.7, §2.2.1).
    ///
    /// # Errors
    /// [`PositionError::OtherFamily`] for a variant of another family.
    pub fn initial(variant: Variant) -> Result<TowerPosition, PositionError> {
        let rules = rules_of(variant)?;
        let mut p = TowerPosition::empty(variant, rules, Color::White);
        let g = p.geometry;
        let n = rules.initial_ranks;
        for sq in g.squares() {
            let color = if g.rank(sq) < n {
                Color::White
            } else if g.rank(sq) >= g.side - n {
                Color::Black
            } else {
                continue;
            };
            p.set(
                sq,
                Tower::single(Piece {
                    color,
                    role: Role::Man,
                }),
            );
        }
        Ok(p)
    }

    /// Checks a setup and makes it a position.
    ///
    /// # Errors
    /// [`PositionError`] naming what is wrong: a square off the board or given
    /// twice, an empty tower, a man on top of a tower on its promotion row, more
    /// pieces of a side than it starts with.
    pub fn from_setup(
        variant: Variant,
        setup: &TowerSetup,
    ) -> Result<TowerPosition, PositionError> {
        let rules = rules_of(variant)?;
        let mut p = TowerPosition::empty(variant, rules, setup.turn);
        let g = p.geometry;
        let mut counts = [0usize; 2];
        for &(sq, tower) in &setup.towers {
            if sq.0 >= g.count {
                return Err(PositionError::OffBoard(sq.0));
            }
            if !p.towers[sq.index()].is_empty() {
                return Err(PositionError::Twice(sq.0));
            }
            let Some(top) = tower.top() else {
                return Err(PositionError::EmptyTower(sq.0));
            };
            if top.role == Role::Man && g.is_promotion_rank(sq, top.color) {
                return Err(PositionError::ManOnPromotionRank(top.color, sq.0));
            }
            for c in [Color::White, Color::Black] {
                counts[c.index()] += tower.count(c);
            }
            p.set(sq, tower);
        }
        let max = rules.pieces_per_side();
        for c in [Color::White, Color::Black] {
            if counts[c.index()] > max {
                return Err(PositionError::TooManyPieces(
                    c,
                    counts[c.index()] as u32,
                    max as u32,
                ));
            }
        }
        Ok(p)
    }

    /// The position as an unchecked setup (towers in square order).
    #[must_use]
    pub fn to_setup(&self) -> TowerSetup {
        TowerSetup {
            towers: self
                .geometry
                .squares()
                .map(|s| (s, self.tower(s)))
                .filter(|(_, t)| !t.is_empty())
                .collect(),
            turn: self.turn,
        }
    }

    /// Puts a tower on a square (the empty tower empties it) and updates the bitboards.
    #[inline]
    pub(super) fn set(&mut self, sq: Square, tower: Tower) {
        self.towers[sq.index()] = tower;
        for side in &mut self.owned {
            side.remove(sq);
        }
        self.kings.remove(sq);
        if let Some(top) = tower.top() {
            self.owned[top.color.index()].insert(sq);
            if top.role == Role::King {
                self.kings.insert(sq);
            }
        }
    }

    /// The variant's rules.
    #[must_use]
    pub fn rules(&self) -> &'static TowersRules {
        self.rules
    }

    /// The tower on a square (empty for an empty square).
    #[must_use]
    pub fn tower(&self, sq: Square) -> Tower {
        self.towers[sq.index()]
    }

    /// All occupied squares.
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.owned[0].or(self.owned[1])
    }
}

impl DiagonalPosition for TowerPosition {
    /// Plies since the material (number of towers and their composition) last
    /// changed. Only a capture or a promotion changes it: a quiet move carries a
    /// tower whole, and a capture always changes the capturing tower.
    type Counters = u32;

    diagonal_fields!(owned);

    fn numbering(&self) -> Numbering {
        self.rules.numbering
    }

    fn promotion_mark(&self) -> bool {
        self.rules.promotion_mark
    }

    fn generate(&self, out: &mut Vec<Move>, distinct_only: bool) {
        self.generate_moves(out, distinct_only);
    }

    fn count_legal(&self, buf: &mut Vec<Move>) -> u64 {
        self.count_moves(buf)
    }

    /// Each jumped tower loses its top piece, which goes under the capturing
    /// tower in capture order (seed 000 §1.6.1); a promotion makes the top
    /// piece a king (seed 000 §1.5.2).
    fn play(&self, m: &Move) -> TowerPosition {
        let mut p = *self;
        let mut mover = p.tower(m.from());
        p.set(m.from(), Tower::EMPTY);
        for &v in m.captured() {
            if let Some((piece, rest)) = p.tower(v).take_top() {
                p.set(v, rest);
                mover = mover.with_bottom(piece);
            }
        }
        if m.promotes() {
            mover = mover.promote_top();
        }
        p.set(m.to(), mover);
        p.turn = self.turn.opposite();
        p
    }

    fn hash(&self) -> u64 {
        zobrist::hash(self)
    }

    /// The landing squares of a king may differ between two moves that are one.
    fn same_result(a: &Move, b: &Move) -> bool {
        a.from() == b.from() && a.to() == b.to() && a.captured() == b.captured()
    }

    fn start_counters(&self) -> u32 {
        0
    }

    fn advance_counters(&self, unchanged_plies: &mut u32, m: &Move, _after: &TowerPosition) {
        if m.is_capture() || m.promotes() {
            *unchanged_plies = 0;
        } else {
            *unchanged_plies += 1;
        }
    }

    /// Column checkers have no automatic draw: draws are by agreement or claim.
    fn automatic_draw(&self, _unchanged_plies: &u32) -> Option<usize> {
        None
    }
}
