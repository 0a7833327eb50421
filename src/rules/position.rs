//! A position of the draughts family and its legal moves.
//!
//! Move generation follows the variant's [`DraughtsRules`]: quiet moves, compulsory
//! capture (seed 002 §1.5.1) with free choice or the majority rule, the Turkish
//! strike (captured pieces stay on the board until the move ends and may not be
//! jumped twice, seed 002 §1.5.9, §1.5.12), flying kings that must land where the
//! capture can go on if it can (RULES.md §2, FMJD-64 art. 4.6), and promotion in
//! the middle of a capture (seed 002 §1.5.15).

use crate::rules::mv::MAX_CAPTURES;
use crate::rules::{
    Color, Direction, DraughtsRules, Geometry, Move, Piece, Role, Square, SquareSet, Variant,
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

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A square holds a white and a black piece.
    #[error("square index {0} holds pieces of both sides")]
    Overlap(u8),
    /// A square index lies outside the board.
    #[error("square index {0} is off the board")]
    OffBoard(u8),
    /// A man stands on the rank where it would already have been promoted.
    #[error("a {0:?} man stands on its promotion rank")]
    ManOnPromotionRank(Color),
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
    variant: Variant,
    rules: &'static DraughtsRules,
    geometry: &'static Geometry,
    pieces: [SquareSet; 2],
    kings: SquareSet,
    turn: Color,
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
            if set
                .without(setup.kings)
                .any(|s| g.is_promotion_rank(s, color))
            {
                return Err(PositionError::ManOnPromotionRank(color));
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

    /// The variant being played.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The variant's rules.
    #[must_use]
    pub fn rules(&self) -> &'static DraughtsRules {
        self.rules
    }

    /// The board geometry.
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
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

    /// All kings on the board.
    #[must_use]
    pub fn kings(&self) -> SquareSet {
        self.kings
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

    /// The legal moves, captures only when a capture exists (compulsory capture).
    /// Capture sequences that lead to the same position (same from-square, end
    /// square, captured set and promotion) are listed once (RULES.md §0).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(16);
        self.generate(&mut out, true);
        out
    }

    /// Appends the legal moves to `out` (cleared first). With `distinct_only` false,
    /// every capture sequence is kept even when several lead to the same position:
    /// notation uses this to accept any of the equivalent paths a player writes.
    pub fn generate(&self, out: &mut Vec<Move>, distinct_only: bool) {
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
            let mut i = 0;
            while i < out.len() {
                let m = out[i];
                let mut j = i + 1;
                while j < out.len() {
                    if out[j].same_result(&m) {
                        out.swap_remove(j);
                    } else {
                        j += 1;
                    }
                }
                i += 1;
            }
        }
    }

    /// The number of legal moves; quiet moves are counted without being built.
    fn count_legal(&self, buf: &mut Vec<Move>) -> u64 {
        if self.has_capture() {
            self.generate(buf, true);
            if buf.first().is_some_and(Move::is_capture) {
                return buf.len() as u64;
            }
        }
        let g = self.geometry;
        let us = self.turn;
        let empty = SquareSet((1u64 << g.count) - 1).without(self.occupied());
        let men = self.pieces_of(us, Role::Man);
        let mut n = 0;
        for d in self.forward(us) {
            n += u64::from(g.shift(men, d).and(empty).count());
        }
        for from in self.pieces_of(us, Role::King) {
            for d in Direction::ALL {
                let mut s = from;
                while let Some(to) = g.step(s, d) {
                    if !empty.contains(to) {
                        break;
                    }
                    n += 1;
                    s = to;
                }
            }
        }
        n
    }

    /// Whether the side to move has a capture (compulsory then, seed 002 §1.5.1),
    /// found with bitboard shifts: a man next to an enemy piece with an empty square
    /// behind it, or a king whose free diagonal reaches such a piece.
    #[must_use]
    pub fn has_capture(&self) -> bool {
        let g = self.geometry;
        let us = self.turn;
        let enemy = self.pieces(us.opposite());
        let empty = SquareSet((1u64 << g.count) - 1).without(self.occupied());
        let men = self.pieces_of(us, Role::Man);
        let backward = self.rules.men_capture_backward;
        for d in Direction::ALL {
            if !backward && !self.forward(us).contains(&d) {
                continue;
            }
            if !g.shift(g.shift(men, d).and(enemy), d).and(empty).is_empty() {
                return true;
            }
        }
        let kings = self.pieces_of(us, Role::King);
        // Flood each diagonal from the kings over empty squares; an enemy piece
        // reached with an empty square behind it means a capture.
        for d in Direction::ALL {
            let mut frontier = kings;
            loop {
                let next = g.shift(frontier, d);
                if !g.shift(next.and(enemy), d).and(empty).is_empty() {
                    return true;
                }
                frontier = next.and(empty);
                if frontier.is_empty() {
                    break;
                }
            }
        }
        false
    }

    fn forward(&self, color: Color) -> [Direction; 2] {
        match color {
            Color::White => [Direction::NorthEast, Direction::NorthWest],
            Color::Black => [Direction::SouthEast, Direction::SouthWest],
        }
    }

    fn generate_quiet(&self, out: &mut Vec<Move>) {
        let g = self.geometry;
        let us = self.turn;
        let empty_test = self.occupied();
        for from in self.pieces_of(us, Role::Man) {
            for d in self.forward(us) {
                if let Some(to) = g.step(from, d)
                    && !empty_test.contains(to)
                {
                    out.push(Move::quiet(from, to, g.is_promotion_rank(to, us)));
                }
            }
        }
        for from in self.pieces_of(us, Role::King) {
            for d in Direction::ALL {
                let mut s = from;
                while let Some(to) = g.step(s, d) {
                    if empty_test.contains(to) {
                        break;
                    }
                    out.push(Move::quiet(from, to, false));
                    s = to;
                }
            }
        }
    }

    fn generate_captures(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for from in self.pieces(us) {
            let mut search = CaptureSearch {
                pos: self,
                g: self.geometry,
                from,
                enemy: self.pieces(us.opposite()),
                occupied: self.occupied().without(SquareSet::from_square(from)),
                steps: [(Square(0), Square(0)); MAX_CAPTURES],
                out,
            };
            if self.kings.contains(from) {
                search.king(from, 0, SquareSet::EMPTY, None, false);
            } else {
                search.man(from, 0, SquareSet::EMPTY);
            }
        }
    }

    /// Plays a move assumed legal here (from [`Position::legal_moves`]) and returns
    /// the new position. Captured pieces leave the board when the move ends (seed 002 §1.5.12).
    #[must_use]
    pub fn play(&self, m: &Move) -> Position {
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

    /// Counts the leaf nodes of the legal-move tree `depth` plies deep (perft),
    /// counting capture sequences that lead to the same position once
    /// (../shared/cases/perft.txt).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(32)).collect();
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
        if depth == 1 {
            return self.count_legal(buf);
        }
        self.generate(buf, true);
        let mut nodes = 0;
        for m in buf.iter() {
            nodes += self.play(m).perft_with(depth - 1, rest);
        }
        nodes
    }
}

/// Depth-first search of capture sequences from one square.
struct CaptureSearch<'a> {
    pos: &'a Position,
    g: &'static Geometry,
    from: Square,
    enemy: SquareSet,
    /// Occupied squares with the moving piece lifted off its from-square; captured
    /// pieces stay in it (Turkish strike).
    occupied: SquareSet,
    steps: [(Square, Square); MAX_CAPTURES],
    out: &'a mut Vec<Move>,
}

impl CaptureSearch<'_> {
    fn emit(&mut self, depth: usize, promotes: bool) {
        if depth > 0 {
            self.out
                .push(Move::capture(self.from, &self.steps[..depth], promotes));
        }
    }

    fn man(&mut self, at: Square, depth: usize, captured: SquareSet) {
        let us = self.pos.turn;
        let rules = self.pos.rules;
        let mut any = false;
        for d in Direction::ALL {
            if !rules.men_capture_backward && !self.pos.forward(us).contains(&d) {
                continue;
            }
            let Some(victim) = self.g.step(at, d) else {
                continue;
            };
            if !self.enemy.contains(victim) || captured.contains(victim) {
                continue;
            }
            let Some(land) = self.g.step(victim, d) else {
                continue;
            };
            if self.occupied.contains(land) {
                continue;
            }
            any = true;
            self.steps[depth] = (victim, land);
            let mut taken = captured;
            taken.insert(victim);
            if rules.promote_mid_capture && self.g.is_promotion_rank(land, us) {
                self.king(land, depth + 1, taken, Some(d), true);
            } else {
                self.man(land, depth + 1, taken);
            }
        }
        if !any {
            self.emit(depth, self.g.is_promotion_rank(at, us));
        }
    }

    /// The first piece met from `at` along `d` and the empty squares behind it, if it
    /// is an enemy piece not yet captured.
    fn king_target(&self, at: Square, d: Direction, captured: SquareSet) -> Option<Square> {
        let mut s = self.g.step(at, d)?;
        while !self.occupied.contains(s) {
            s = self.g.step(s, d)?;
        }
        if !self.enemy.contains(s) || captured.contains(s) {
            return None;
        }
        let land = self.g.step(s, d)?;
        (!self.occupied.contains(land)).then_some(s)
    }

    fn king_can_capture(&self, at: Square, captured: SquareSet, came: Direction) -> bool {
        Direction::ALL
            .into_iter()
            .filter(|&d| d != came.opposite())
            .any(|d| self.king_target(at, d, captured).is_some())
    }

    fn king(
        &mut self,
        at: Square,
        depth: usize,
        captured: SquareSet,
        came: Option<Direction>,
        promoted: bool,
    ) {
        let mut any = false;
        for d in Direction::ALL {
            if came.is_some_and(|c| c.opposite() == d) {
                continue;
            }
            let Some(victim) = self.king_target(at, d, captured) else {
                continue;
            };
            any = true;
            let mut taken = captured;
            taken.insert(victim);
            // Landing squares: the empty squares behind the victim up to the next piece.
            let mut landings = [Square(0); 9];
            let mut n = 0;
            let mut s = victim;
            while let Some(next) = self.g.step(s, d) {
                if self.occupied.contains(next) {
                    break;
                }
                landings[n] = next;
                n += 1;
                s = next;
            }
            // Where the capture can go on, the king must land there (RULES.md §2).
            let mut continuing = [Square(0); 9];
            let mut k = 0;
            for &l in &landings[..n] {
                if self.king_can_capture(l, taken, d) {
                    continuing[k] = l;
                    k += 1;
                }
            }
            let chosen: &[Square] = if k > 0 {
                &continuing[..k]
            } else {
                &landings[..n]
            };
            for &l in chosen {
                self.steps[depth] = (victim, l);
                if k > 0 {
                    self.king(l, depth + 1, taken, Some(d), promoted);
                } else {
                    self.emit(depth + 1, promoted);
                }
            }
        }
        if !any {
            self.emit(depth, promoted);
        }
    }
}
