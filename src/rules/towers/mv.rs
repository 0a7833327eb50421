//! A move of column checkers as plain data.

use crate::rules::Square;

/// The most captures one move can make: each capture takes one enemy piece, and a
/// side has at most 12 (seed 000 §1.2.1).
pub const MAX_TOWER_CAPTURES: usize = 12;

/// A move of a tower: the from-square, every landing square in order and the
/// squares of the towers jumped, in capture order (RULES.md §0, §3).
///
/// The order of captures matters: the captured pieces go under the capturing tower
/// in that order (seed 000 §1.6.1), so the same squares taken in another order make
/// another tower, hence another move. A square may appear several times among the
/// captured squares in Bashni (a tower jumped again later in the move). A quiet
/// move has one landing square and no capture; a capture of `n` pieces has `n`
/// landing squares, `captured()[i]` jumped on the way to `landings()[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TowerMove {
    from: Square,
    len: u8,
    capture: bool,
    /// Index of the landing where the top man became a king, or `u8::MAX`.
    promoted_at: u8,
    landings: [Square; MAX_TOWER_CAPTURES],
    captured: [Square; MAX_TOWER_CAPTURES],
}

impl TowerMove {
    /// A quiet move; `promotes` when the top man reaches the last row (seed 000 §1.5.2).
    #[must_use]
    pub fn quiet(from: Square, to: Square, promotes: bool) -> TowerMove {
        let mut landings = [Square(0); MAX_TOWER_CAPTURES];
        landings[0] = to;
        TowerMove {
            from,
            len: 1,
            capture: false,
            promoted_at: if promotes { 0 } else { u8::MAX },
            landings,
            captured: [Square(0); MAX_TOWER_CAPTURES],
        }
    }

    /// A capture from its steps, `(jumped square, landing square)` in order, and the
    /// index of the step whose landing promoted the top man, if any.
    ///
    /// # Panics
    /// If `steps` is empty or longer than [`MAX_TOWER_CAPTURES`].
    #[must_use]
    pub fn capture(
        from: Square,
        steps: &[(Square, Square)],
        promoted_at: Option<usize>,
    ) -> TowerMove {
        assert!(!steps.is_empty() && steps.len() <= MAX_TOWER_CAPTURES);
        let mut m = TowerMove::quiet(from, steps[0].1, false);
        m.capture = true;
        m.len = steps.len() as u8;
        m.promoted_at = promoted_at.map_or(u8::MAX, |i| i as u8);
        for (i, &(c, l)) in steps.iter().enumerate() {
            m.captured[i] = c;
            m.landings[i] = l;
        }
        m
    }

    /// The square the tower starts from.
    #[must_use]
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the tower ends on.
    #[must_use]
    pub fn to(&self) -> Square {
        self.landings[usize::from(self.len) - 1]
    }

    /// The landing squares in order.
    #[must_use]
    pub fn landings(&self) -> &[Square] {
        &self.landings[..usize::from(self.len)]
    }

    /// The squares of the jumped towers in capture order (empty for a quiet move).
    #[must_use]
    pub fn captured(&self) -> &[Square] {
        if self.capture {
            &self.captured[..usize::from(self.len)]
        } else {
            &[]
        }
    }

    /// Whether the move captures.
    #[must_use]
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// Whether the top man becomes a king by this move (seed 000 §1.5.2, §1.6.3).
    #[must_use]
    pub fn promotes(&self) -> bool {
        self.promoted_at != u8::MAX
    }

    /// The index into [`TowerMove::landings`] of the landing where the top man became
    /// a king.
    #[must_use]
    pub fn promoted_at(&self) -> Option<usize> {
        self.promotes().then_some(usize::from(self.promoted_at))
    }

    /// Whether two moves lead to the same position: same from-square, end square and
    /// captured squares in the same order (RULES.md §3: the count of perft). The
    /// landing squares of a king may differ between them.
    #[must_use]
    pub fn same_result(&self, other: &TowerMove) -> bool {
        self.from == other.from && self.to() == other.to() && self.captured() == other.captured()
    }
}
