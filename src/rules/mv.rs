//! A move of the diagonal games (draughts and column checkers) as plain data.

use crate::rules::{Square, SquareSet};

/// The most pieces one move can capture on any board here (20 on 10x10; a side
/// of column checkers has 12 pieces at most, so 12 there).
pub const MAX_CAPTURES: usize = 20;

/// A move of a piece (draughts) or a tower (column checkers): the from-square,
/// every landing square in order and the captured squares in capture order
/// (RULES.md §0, "move identity").
///
/// A quiet move has one landing square and no capture. A capture of `n` pieces
/// has `n` landing squares; `captured()[i]` is the piece (the top piece of the
/// tower) jumped on the way to `landings()[i]`. In column checkers a square may
/// stand several times among the captured squares (Bashni: a tower jumped again
/// later in the move, seed 000 §1.6.1). Which moves count as one move differs by
/// family ([`crate::rules::DiagonalPosition::same_result`]). Only `notation/`
/// turns a move into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    len: u8,
    capture: bool,
    /// Index of the landing where a man became a king, or `u8::MAX`.
    promoted_at: u8,
    landings: [Square; MAX_CAPTURES],
    captured: [Square; MAX_CAPTURES],
    captured_set: SquareSet,
}

impl Move {
    /// A quiet (non-capturing) move; `promotes` when the man reaches the last
    /// row (seed 002 §1.4.1, seed 000 §1.5.2).
    #[must_use]
    pub fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        let mut landings = [Square(0); MAX_CAPTURES];
        landings[0] = to;
        Move {
            from,
            len: 1,
            capture: false,
            promoted_at: if promotes { 0 } else { u8::MAX },
            landings,
            captured: [Square(0); MAX_CAPTURES],
            captured_set: SquareSet::EMPTY,
        }
    }

    /// A capture from its steps, `(captured square, landing square)` in order,
    /// and the index of the step whose landing made the man a king, if any (in
    /// the middle of the capture in Russian checkers and Bashni, seed 002
    /// §1.5.15, seed 000 §1.6.3; at its end elsewhere).
    ///
    /// # Panics
    /// If `steps` is empty or longer than [`MAX_CAPTURES`].
    #[must_use]
    pub fn capture(from: Square, steps: &[(Square, Square)], promoted_at: Option<usize>) -> Move {
        assert!(!steps.is_empty() && steps.len() <= MAX_CAPTURES);
        let mut m = Move::quiet(from, steps[0].1, false);
        m.capture = true;
        m.len = steps.len() as u8;
        m.promoted_at = promoted_at.map_or(u8::MAX, |i| i as u8);
        for (i, &(c, l)) in steps.iter().enumerate() {
            m.captured[i] = c;
            m.landings[i] = l;
            m.captured_set.insert(c);
        }
        m
    }

    /// The square the piece starts from.
    #[must_use]
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    #[must_use]
    pub fn to(&self) -> Square {
        self.landings[usize::from(self.len) - 1]
    }

    /// The landing squares in order (one for a quiet move; one per captured piece).
    #[must_use]
    pub fn landings(&self) -> &[Square] {
        &self.landings[..usize::from(self.len)]
    }

    /// The captured squares in capture order (empty for a quiet move).
    #[must_use]
    pub fn captured(&self) -> &[Square] {
        if self.capture {
            &self.captured[..usize::from(self.len)]
        } else {
            &[]
        }
    }

    /// The captured squares as a set.
    #[must_use]
    pub fn captured_set(&self) -> SquareSet {
        self.captured_set
    }

    /// Whether the move captures.
    #[must_use]
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// Whether a man becomes a king by this move (at its end or on the way).
    #[must_use]
    pub fn promotes(&self) -> bool {
        self.promoted_at != u8::MAX
    }

    /// The index into [`Move::landings`] of the landing where the man became a
    /// king (Bashni writes `D` after that square, seed 000 §1.10).
    #[must_use]
    pub fn promoted_at(&self) -> Option<usize> {
        self.promotes().then_some(usize::from(self.promoted_at))
    }
}
