//! Legal moves of column checkers.
//!
//! Capture is compulsory, with free choice among captures (seed 000 §1.6.1,
//! §1.6.3). A capture takes the top piece of the jumped tower at once (seed 000
//! §1.6.1), so the board changes during the move: a tower emptied by the capture
//! leaves its square free to pass or land on, a tower whose new top is an enemy
//! piece may be jumped again later in Bashni (never in Lasca), and a tower whose
//! new top is the mover's own piece blocks like any own tower. The capturing
//! tower never turns straight back over the tower it has just jumped (RULES.md
//! §3: the sample game's 8. h2:f4); when that tower was emptied by the jump, a
//! king may fly back over its free square (this reading reproduces the reference
//! perft of tests/data/bashni.perft to depth 9; forbidding every 180° turn gives 925868 instead
//! of 925945 at depth 8). A flying king (Bashni) must land where the
//! capture can go on if it can (seed 000 §1.6.3); a man reaching the last row
//! goes on as a king (Bashni, seed 000 §1.6.3) or stops (Lasca, RULES.md §4).
//!
//! The search works on the position in place: it counts the pieces taken from
//! each tower and keeps bitboards of occupied squares and of squares with an
//! enemy piece on top, and undoes each step on the way back. No allocation is
//! made per node apart from the output list.

use super::position::MAX_SQUARES;
use super::{MAX_TOWER_CAPTURES, MidCapturePromotion, TowerPosition};
use crate::rules::diagonal::{forward, keep_distinct};
use crate::rules::{Color, DiagonalPosition, Direction, Geometry, Move, Square, SquareSet};

impl TowerPosition {
    /// The directions in which a man-led tower of the side to move captures: all
    /// four in Bashni (seed 000 §1.6.2), forward only in Lasca (RULES.md §4).
    fn man_capture_directions(&self) -> &'static [Direction] {
        if self.rules.men_capture_backward {
            &Direction::ALL
        } else {
            forward(self.turn)
        }
    }

    fn all_squares(&self) -> SquareSet {
        SquareSet((1u64 << self.geometry.count) - 1)
    }

    /// The legal moves into `out` (cleared first). Captures only when a capture
    /// exists (compulsory, seed 000 §1.6.1); with `distinct_only`, sequences with
    /// the same from-square, captured squares in the same order and final square
    /// are listed once (RULES.md §3); without, every path is kept (a king's
    /// landing choices), so notation accepts whichever path is written.
    pub(super) fn generate_moves(&self, out: &mut Vec<Move>, distinct_only: bool) {
        out.clear();
        if self.has_capture() {
            self.generate_captures(out);
            if distinct_only {
                keep_distinct::<TowerPosition>(out);
            }
        }
        if out.is_empty() {
            self.generate_quiet(out);
        }
    }

    /// Whether the side to move has a capture (compulsory then, seed 000 §1.6.1),
    /// found with bitboard shifts: a man-led tower next to an enemy-topped tower
    /// with a free square behind it, or a king-led tower whose free diagonal (one
    /// square in Lasca) reaches one.
    #[must_use]
    pub fn has_capture(&self) -> bool {
        let g = self.geometry;
        let us = self.turn;
        let enemy = self.owned(us.opposite());
        let empty = self.all_squares().without(self.occupied());
        let men = self.owned(us).without(self.kings);
        for &d in self.man_capture_directions() {
            if !g.shift(g.shift(men, d).and(enemy), d).and(empty).is_empty() {
                return true;
            }
        }
        let kings = self.owned(us).and(self.kings);
        for d in Direction::ALL {
            let mut frontier = kings;
            loop {
                let next = g.shift(frontier, d);
                if !g.shift(next.and(enemy), d).and(empty).is_empty() {
                    return true;
                }
                frontier = next.and(empty);
                if frontier.is_empty() || !self.rules.flying_kings {
                    break;
                }
            }
        }
        false
    }

    /// The number of distinct legal moves; quiet moves are counted without
    /// being built.
    pub(super) fn count_moves(&self, buf: &mut Vec<Move>) -> u64 {
        if self.has_capture() {
            buf.clear();
            self.generate_captures(buf);
            keep_distinct::<TowerPosition>(buf);
            return buf.len() as u64;
        }
        let g = self.geometry;
        let us = self.turn;
        let empty = self.all_squares().without(self.occupied());
        let men = self.owned(us).without(self.kings);
        let kings = self.owned(us).and(self.kings);
        let mut n = 0;
        for &d in forward(us) {
            n += u64::from(g.shift(men, d).and(empty).count());
        }
        for d in Direction::ALL {
            let mut frontier = g.shift(kings, d).and(empty);
            while !frontier.is_empty() {
                n += u64::from(frontier.count());
                if !self.rules.flying_kings {
                    break;
                }
                frontier = g.shift(frontier, d).and(empty);
            }
        }
        n
    }

    fn generate_quiet(&self, out: &mut Vec<Move>) {
        let g = self.geometry;
        let us = self.turn;
        let occupied = self.occupied();
        // A man moves forward to a free square; reaching the last row makes the top
        // piece a king (seed 000 §1.5.2).
        for from in self.owned(us).without(self.kings) {
            for &d in forward(us) {
                if let Some(to) = g.step(from, d)
                    && !occupied.contains(to)
                {
                    out.push(Move::quiet(from, to, g.is_promotion_rank(to, us)));
                }
            }
        }
        // A king moves to any free square along a diagonal (seed 000 §1.5.3); a
        // Lasca officer one square (RULES.md §4).
        for from in self.owned(us).and(self.kings) {
            for d in Direction::ALL {
                let mut s = from;
                while let Some(to) = g.step(s, d) {
                    if occupied.contains(to) {
                        break;
                    }
                    out.push(Move::quiet(from, to, false));
                    if !self.rules.flying_kings {
                        break;
                    }
                    s = to;
                }
            }
        }
    }

    fn generate_captures(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for from in self.owned(us) {
            let mut search = Search {
                pos: self,
                g: self.geometry,
                us,
                from,
                taken: [0; MAX_SQUARES],
                occupied: self.occupied().without(SquareSet::from_square(from)),
                enemy: self.owned(us.opposite()),
                jumped: SquareSet::EMPTY,
                steps: [(Square(0), Square(0)); MAX_TOWER_CAPTURES],
                promoted_at: None,
                out,
            };
            if self.kings.contains(from) {
                search.king(from, 0, None);
            } else {
                search.man(from, 0, None);
            }
        }
    }
}

/// What a step of the search changed, to undo it.
#[derive(Clone, Copy)]
struct Saved {
    occupied: SquareSet,
    enemy: SquareSet,
    jumped: SquareSet,
}

/// Depth-first search of the capture sequences of one tower.
struct Search<'a> {
    pos: &'a TowerPosition,
    g: &'static Geometry,
    us: Color,
    from: Square,
    /// Pieces taken so far from the tower on each square.
    taken: [u8; MAX_SQUARES],
    /// Occupied squares now: the mover lifted off its square, emptied towers gone.
    occupied: SquareSet,
    /// Squares whose tower has an enemy piece on top now.
    enemy: SquareSet,
    /// Squares of the towers jumped so far.
    jumped: SquareSet,
    steps: [(Square, Square); MAX_TOWER_CAPTURES],
    promoted_at: Option<usize>,
    out: &'a mut Vec<Move>,
}

impl Search<'_> {
    fn emit(&mut self, depth: usize) {
        if depth > 0 {
            self.out.push(Move::capture(
                self.from,
                &self.steps[..depth],
                self.promoted_at,
            ));
        }
    }

    /// Whether the tower on `v` may be jumped now: its top is an enemy piece, and in
    /// Lasca it has not been jumped yet in this move (RULES.md §4).
    #[inline]
    fn can_jump(&self, v: Square) -> bool {
        self.enemy.contains(v) && (self.pos.rules.rejump_towers || !self.jumped.contains(v))
    }

    /// Takes the top piece of the tower on `v` (seed 000 §1.6.1).
    #[inline]
    fn take(&mut self, v: Square) -> Saved {
        let saved = Saved {
            occupied: self.occupied,
            enemy: self.enemy,
            jumped: self.jumped,
        };
        self.taken[v.index()] += 1;
        self.jumped.insert(v);
        match self.pos.towers[v.index()].piece(usize::from(self.taken[v.index()])) {
            None => {
                self.occupied.remove(v);
                self.enemy.remove(v);
            }
            Some(p) if p.color == self.us => self.enemy.remove(v),
            Some(_) => {}
        }
        saved
    }

    #[inline]
    fn untake(&mut self, v: Square, saved: Saved) {
        self.taken[v.index()] -= 1;
        self.occupied = saved.occupied;
        self.enemy = saved.enemy;
        self.jumped = saved.jumped;
    }

    /// Captures of a man-led tower standing on `at` after `depth` captures, the last
    /// one over the tower on `last`.
    fn man(&mut self, at: Square, depth: usize, last: Option<Square>) {
        let mut any = false;
        for &d in self.pos.man_capture_directions() {
            let Some(victim) = self.g.step(at, d) else {
                continue;
            };
            if !self.can_jump(victim) || last == Some(victim) {
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
            let saved = self.take(victim);
            if self.g.is_promotion_rank(land, self.us) {
                self.promoted_at = Some(depth);
                match self.pos.rules.mid_capture_promotion {
                    MidCapturePromotion::ContinueAsKing => self.king(land, depth + 1, Some(victim)),
                    MidCapturePromotion::Stop => self.emit(depth + 1),
                }
                self.promoted_at = None;
            } else {
                self.man(land, depth + 1, Some(victim));
            }
            self.untake(victim, saved);
        }
        if !any {
            self.emit(depth);
        }
    }

    /// The tower a king on `at` would jump along `d`: the first occupied square,
    /// if it may be jumped, is not the tower just jumped (`last`: no straight
    /// turn back over it) and the square behind it is free.
    #[inline]
    fn king_target(&self, at: Square, d: Direction, last: Option<Square>) -> Option<Square> {
        let mut s = self.g.step(at, d)?;
        if self.pos.rules.flying_kings {
            while !self.occupied.contains(s) {
                s = self.g.step(s, d)?;
            }
        }
        if !self.can_jump(s) || last == Some(s) {
            return None;
        }
        let land = self.g.step(s, d)?;
        (!self.occupied.contains(land)).then_some(s)
    }

    fn king_can_capture(&self, at: Square, last: Square) -> bool {
        Direction::ALL
            .into_iter()
            .any(|d| self.king_target(at, d, Some(last)).is_some())
    }

    /// Captures of a king-led tower standing on `at` after `depth` captures, the
    /// last one over the tower on `last`.
    fn king(&mut self, at: Square, depth: usize, last: Option<Square>) {
        let mut any = false;
        for d in Direction::ALL {
            let Some(victim) = self.king_target(at, d, last) else {
                continue;
            };
            any = true;
            let saved = self.take(victim);
            // Landing squares: the free squares behind the victim (only the first
            // for a Lasca officer).
            let mut landings = [Square(0); 8];
            let mut n = 0;
            let mut s = victim;
            while let Some(next) = self.g.step(s, d) {
                if self.occupied.contains(next) {
                    break;
                }
                landings[n] = next;
                n += 1;
                if !self.pos.rules.flying_kings {
                    break;
                }
                s = next;
            }
            // Where the capture can go on, the king must land there (seed 000 §1.6.3).
            let mut continuing = [Square(0); 8];
            let mut k = 0;
            for &l in &landings[..n] {
                if self.king_can_capture(l, victim) {
                    continuing[k] = l;
                    k += 1;
                }
            }
            if k > 0 {
                for &l in &continuing[..k] {
                    self.steps[depth] = (victim, l);
                    self.king(l, depth + 1, Some(victim));
                }
            } else {
                for &l in &landings[..n] {
                    self.steps[depth] = (victim, l);
                    self.emit(depth + 1);
                }
            }
            self.untake(victim, saved);
        }
        if !any {
            self.emit(depth);
        }
    }
}
