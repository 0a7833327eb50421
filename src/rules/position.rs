//! A position of the draughts family: pieces, kings, side to move, as a
//! [`DiagonalPosition`]; its moves are generated in `movegen`.
//!
//! Move generation follows the variant's [`DraughtsRules`]: quiet moves, compulsory
//! capture (seed 002 §1.5.1) with free choice or the majority rule, the Turkish
//! strike (captured pieces stay on the board until the move ends and may not be
//! jumped twice, seed 002 §1.5.9, §1.5.12), flying kings that must land where the
//! capture can go on if it can (RULES.md §2, FMJD-64 art. 4.6), and promotion in
//! the middle of a capture (seed 002 §1.5.15).

use crate::rules::diagonal::keep_distinct;
use crate::rules::{
    Color, DiagonalPosition, DraughtsRules, Geometry, Move, Numbering, Piece, Role, Square,
    SquareSet, Variant, zobrist,
};

/// Any arrangement of pieces, not yet checked against the rules (from a FEN).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// White's pieces.
    pub white: SquareSet,
    /// Black's pieces.
    pub black: SquareSet,
    /// Squares holding kings (of either side).
    pub kings: SquareSet,
    /// The side to move.
    pub turn: Color,
}

/// Why a setup of a diagonal game (a draughts [`Setup`], a
/// [`crate::rules::towers::TowerSetup`]) is not a legal position. Squares are
/// the core's indexes; the notation names them
/// ([`crate::notation::placement`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The variant is not of the position's family (a tower setup for
    /// Russian checkers).
    #[error("{0} is not a game of this family")]
    OtherFamily(Variant),
    /// A square holds a white and a black piece.
    #[error("square index {0} holds pieces of both sides")]
    Overlap(u8),
    /// Two towers are given for one square.
    #[error("square index {0} is given twice")]
    Twice(u8),
    /// A tower with no piece.
    #[error("square index {0} holds an empty tower")]
    EmptyTower(u8),
    /// A square index lies outside the board.
    #[error("square index {0} is off the board")]
    OffBoard(u8),
    /// A man (a tower topped by a man) stands on the rank where it would
    /// already have been promoted (its side, the square index).
    #[error("a {0:?} man stands on its promotion rank (square index {1})")]
    ManOnPromotionRank(Color, u8),
    /// More pieces than a side starts with.
    #[error("{0:?} has {1} pieces, more than the {2} a side starts with")]
    TooManyPieces(Color, u32, u32),
    /// A king marked on an empty square.
    #[error("a king is marked on empty square index {0}")]
    KingOnEmptySquare(u8),
}

/// A legal position of a draughts-family game: pieces, kings, side to move.
/// Small and `Copy`; playing a move returns a new position. Two positions are
/// equal when the variant, the pieces and the side to move are.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(super) variant: Variant,
    pub(super) rules: &'static DraughtsRules,
    pub(super) geometry: &'static Geometry,
    pub(super) pieces: [SquareSet; 2],
    pub(super) kings: SquareSet,
    pub(super) turn: Color,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant == other.variant
            && self.pieces == other.pieces
            && self.kings == other.kings
            && self.turn == other.turn
    }
}

impl Eq for Position {}

impl Position {
    /// The initial position of a variant (seed 000 §1.10 for 8x8; RULES.md §1).
    #[must_use]
    pub fn initial(variant: Variant) -> Position {
        let rules = variant.rules();
        let g = Geometry::of(rules.board);
        let n = rules.initial_ranks;
        let white = g.squares().filter(|&s| g.rank(s) < n).collect();
        let black = g.squares().filter(|&s| g.rank(s) >= g.side - n).collect();
        Position {
            variant,
            rules,
            geometry: g,
            pieces: [white, black],
            kings: SquareSet::EMPTY,
            turn: Color::White,
        }
    }

    /// Checks a setup and makes it a position.
    ///
    /// # Errors
    /// [`PositionError`] naming what is wrong: overlapping pieces, squares off the
    /// board, a man on its promotion rank, more pieces than a side starts with, a
    /// king marked on an empty square.
    pub fn from_setup(variant: Variant, setup: Setup) -> Result<Position, PositionError> {
        let rules = variant.rules();
        let g = Geometry::of(rules.board);
        let all = setup.white.or(setup.black).or(setup.kings);
        if let Some(sq) = all.clone().find(|s| s.0 >= g.count) {
            return Err(PositionError::OffBoard(sq.0));
        }
        if let Some(sq) = setup.white.and(setup.black).next() {
            return Err(PositionError::Overlap(sq.0));
        }
        if let Some(sq) = setup.kings.without(setup.white.or(setup.black)).next() {
            return Err(PositionError::KingOnEmptySquare(sq.0));
        }
        let max = u32::from(rules.initial_ranks) * u32::from(g.side) / 2;
        for (color, set) in [(Color::White, setup.white), (Color::Black, setup.black)] {
            if set.count() > max {
                return Err(PositionError::TooManyPieces(color, set.count(), max));
            }
            if let Some(sq) = set
                .without(setup.kings)
                .find(|&s| g.is_promotion_rank(s, color))
            {
                return Err(PositionError::ManOnPromotionRank(color, sq.0));
            }
        }
        Ok(Position {
            variant,
            rules,
            geometry: g,
            pieces: [setup.white, setup.black],
            kings: setup.kings,
            turn: setup.turn,
        })
    }

    /// The position as an unchecked setup.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            white: self.pieces[0],
            black: self.pieces[1],
            kings: self.kings,
            turn: self.turn,
        }
    }

    /// The variant's rules.
    #[must_use]
    pub fn rules(&self) -> &'static DraughtsRules {
        self.rules
    }

    /// All pieces of a side.
    #[must_use]
    pub fn pieces(&self, color: Color) -> SquareSet {
        self.pieces[color.index()]
    }

    /// The men or the kings of a side.
    #[must_use]
    pub fn pieces_of(&self, color: Color, role: Role) -> SquareSet {
        match role {
            Role::King => self.pieces[color.index()].and(self.kings),
            Role::Man => self.pieces[color.index()].without(self.kings),
        }
    }

    /// All occupied squares.
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.pieces[0].or(self.pieces[1])
    }

    /// The piece on a square, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.pieces[0].contains(sq) {
            Color::White
        } else if self.pieces[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }
}

impl DiagonalPosition for Position {
    /// One counter per rule of the variant's `draw_rules` (plies or moves, per
    /// rule; see [`crate::rules::DrawRule`]).
    type Counters = Vec<u16>;

    diagonal_fields!(pieces);

    fn numbering(&self) -> Numbering {
        self.rules.numberings[0]
    }

    /// Captures first (the majority rule keeps only the longest where the
    /// variant has it, FMJD art. 4.13), then quiet moves when there is none.
    fn generate(&self, out: &mut Vec<Move>, distinct_only: bool) {
        out.clear();
        if self.has_capture() {
            self.generate_captures(out);
        }
        if out.is_empty() {
            self.generate_quiet(out);
            return;
        }
        if self.rules.majority_capture {
            let best = out.iter().map(|m| m.captured().len()).max().unwrap_or(0);
            out.retain(|m| m.captured().len() == best);
        }
        if distinct_only {
            keep_distinct::<Position>(out);
        }
    }

    fn count_legal(&self, buf: &mut Vec<Move>) -> u64 {
        self.count_moves(buf)
    }

    /// Captured pieces leave the board when the move ends (seed 002 §1.5.12).
    fn play(&self, m: &Move) -> Position {
        let us = self.turn.index();
        let them = 1 - us;
        let mut p = *self;
        let was_king = p.kings.contains(m.from());
        p.pieces[us].remove(m.from());
        p.kings.remove(m.from());
        p.pieces[them] = p.pieces[them].without(m.captured_set());
        p.kings = p.kings.without(m.captured_set());
        p.pieces[us].insert(m.to());
        if was_king || m.promotes() {
            p.kings.insert(m.to());
        }
        p.turn = self.turn.opposite();
        p
    }

    fn hash(&self) -> u64 {
        zobrist::hash(self)
    }

    fn same_result(a: &Move, b: &Move) -> bool {
        a.from() == b.from()
            && a.to() == b.to()
            && a.captured_set() == b.captured_set()
            && a.promotes() == b.promotes()
    }

    fn start_counters(&self) -> Vec<u16> {
        vec![0; self.rules.draw_rules.len()]
    }

    fn advance_counters(&self, counters: &mut Vec<u16>, m: &Move, after: &Position) {
        for (counter, rule) in counters.iter_mut().zip(self.rules.draw_rules) {
            *counter = rule.advance(*counter, self, m, after);
        }
    }

    fn automatic_draw(&self, counters: &Vec<u16>) -> Option<usize> {
        self.rules
            .draw_rules
            .iter()
            .zip(counters)
            .position(|(r, &c)| r.is_reached(c))
    }
}
