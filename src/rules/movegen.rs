//! Legal moves of the draughts family: quiet moves, compulsory capture (seed
//! 002 §1.5.1), the Turkish strike (captured pieces stay on the board until the
//! move ends and may not be jumped twice, seed 002 §1.5.9, §1.5.12), flying
//! kings that must land where the capture can go on if it can (RULES.md §2,
//! FMJD-64 art. 4.6), and promotion in the middle of a capture (seed 002
//! §1.5.15). [`DiagonalPosition::generate`] puts them together.

use crate::rules::diagonal::forward;
use crate::rules::mv::MAX_CAPTURES;
use crate::rules::{
    DiagonalPosition, Direction, Geometry, Move, Position, Role, Square, SquareSet,
};

impl Position {
    /// The number of distinct legal moves; quiet moves are counted without
    /// being built.
    pub(super) fn count_moves(&self, buf: &mut Vec<Move>) -> u64 {
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
        for &d in forward(us) {
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
            if !backward && !forward(us).contains(&d) {
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

    pub(super) fn generate_quiet(&self, out: &mut Vec<Move>) {
        let g = self.geometry;
        let us = self.turn;
        let empty_test = self.occupied();
        for from in self.pieces_of(us, Role::Man) {
            for &d in forward(us) {
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

    pub(super) fn generate_captures(&self, out: &mut Vec<Move>) {
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
                search.king(from, 0, SquareSet::EMPTY, None, None);
            } else {
                search.man(from, 0, SquareSet::EMPTY);
            }
        }
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
    /// Writes the capture of the first `depth` steps, if any; `promoted_at` is
    /// the step whose landing made the man a king.
    fn emit(&mut self, depth: usize, promoted_at: Option<usize>) {
        if depth > 0 {
            self.out
                .push(Move::capture(self.from, &self.steps[..depth], promoted_at));
        }
    }

    fn man(&mut self, at: Square, depth: usize, captured: SquareSet) {
        let us = self.pos.turn;
        let rules = self.pos.rules;
        let mut any = false;
        for d in Direction::ALL {
            if !rules.men_capture_backward && !forward(us).contains(&d) {
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
                self.king(land, depth + 1, taken, Some(d), Some(depth));
            } else {
                self.man(land, depth + 1, taken);
            }
        }
        if !any {
            // A man that ends its capture on the last row becomes a king there.
            let promoted_at = self
                .g
                .is_promotion_rank(at, us)
                .then(|| depth.saturating_sub(1));
            self.emit(depth, promoted_at);
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
        promoted_at: Option<usize>,
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
                    self.king(l, depth + 1, taken, Some(d), promoted_at);
                } else {
                    self.emit(depth + 1, promoted_at);
                }
            }
        }
        if !any {
            self.emit(depth, promoted_at);
        }
    }
}
