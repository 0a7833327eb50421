//! A move of the draughts family as plain data.

use crate::rules::{Square, SquareSet};

/// The most pieces one move can capture on any board here (20 on 10x10).
pub const MAX_CAPTURES: usize = 20;

/// A draughts move: the from-square, every landing square in order and the
/// captured squares in capture order (RULES.md §0, "move identity").
///
/// A quiet move has one landing square and no capture. A capture of `n` pieces has
/// `n` landing squares; `captured()[i]` is the piece jumped on the way to
/// `landings()[i]`. Only `notation/` turns a move into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    len: u8,
    capture: bool,
    promotes: bool,
    landings: [Square; MAX_CAPTURES],
    captured: [Square; MAX_CAPTURES],
    captured_set: SquareSet,
}

impl Move {
    /// A quiet (non-capturing) move.
    #[must_use]
    pub fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        let mut landings = [Square(0); MAX_CAPTURES];
        landings[0] = to;
        Move {
            from,
            len: 1,
            capture: false,
            promotes,
            landings,
            captured: [Square(0); MAX_CAPTURES],
            captured_set: SquareSet::EMPTY,
        }
    }

    /// A capture from its steps: `(captured square, landing square)` in order.
    ///
    /// # Panics
    /// If `steps` is empty or longer than [`MAX_CAPTURES`].
    #[must_use]
    pub fn capture(from: Square, steps: &[(Square, Square)], promotes: bool) -> Move {
        assert!(!steps.is_empty() && steps.len() <= MAX_CAPTURES);
        let mut m = Move::quiet(from, steps[0].1, promotes);
        m.capture = true;
        m.len = steps.len() as u8;
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

    /// Whether a man becomes a king by this move (at its end or, in Russian
    /// checkers, on the way: seed 002 §1.5.15).
    #[must_use]
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Whether two moves lead to the same position: same from-square, end square,
    /// captured set and promotion (RULES.md §0). Paths may differ.
    #[must_use]
    pub fn same_result(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to() == other.to()
            && self.captured_set == other.captured_set
            && self.promotes == other.promotes
    }
}
