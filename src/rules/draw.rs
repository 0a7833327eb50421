//! Automatic draw rules of the draughts family as data, each with its counter.
//!
//! Counts in the rules are moves of each side (RULES.md §0: 15 moves = 30 plies)
//! except for the Russian lone-king rules, which count the stronger side's own
//! moves ("своим 15-м ходом", seed 001 §1.9.1.3, §1.9.1.5); the FMJD lone-king
//! rules count the moves of each player (FMJD art. 6.3, 6.4: "after each player
//! has made 16 moves"), see [`LoneKingCount`].

use crate::rules::{Citation, Color, DiagonalPosition, Move, Position, Role, Termination};

/// A material pattern of the stronger side in a lone-king ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Material {
    /// At least this many kings, any number of men.
    AtLeastKings(u8),
    /// Exactly these pieces.
    Exactly {
        /// Kings.
        kings: u8,
        /// Men.
        men: u8,
    },
}

impl Material {
    /// The pieces of the material, `None` for "at least" (no upper bound).
    #[must_use]
    pub fn pieces(self) -> Option<u8> {
        match self {
            Material::AtLeastKings(_) => None,
            Material::Exactly { kings, men } => Some(kings + men),
        }
    }

    fn matches(self, kings: u32, men: u32) -> bool {
        match self {
            Material::AtLeastKings(k) => kings >= u32::from(k),
            Material::Exactly { kings: k, men: m } => kings == u32::from(k) && men == u32::from(m),
        }
    }
}

/// Whose moves a lone-king rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoneKingCount {
    /// The stronger side's own moves: the rule is reached on its `moves`-th move
    /// (seed 001 §1.9.1.3, §1.9.1.5: "своим 15-м ходом").
    StrongerSide,
    /// The moves of each player: the rule is reached when both have made `moves`
    /// moves, that is after `2 × moves` plies (FMJD art. 6.3, 6.4).
    EachSide,
}

/// One automatic draw rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// One side has a lone king (and nothing else), the other side has one of the
    /// `strong` materials, and the stronger side has made `moves` moves since that
    /// material arose without capturing the king.
    LoneKing {
        /// Materials of the stronger side to which the rule applies.
        strong: &'static [Material],
        /// The rule applies only while the lone king stands on the main road (a1-h8).
        main_road_only: bool,
        /// Moves counted (whose: `count`).
        moves: u16,
        /// Whose moves are counted.
        count: LoneKingCount,
        /// The rule's article.
        clause: Citation,
    },
    /// Both sides have kings and `pieces.0..=pieces.1` pieces are on the board, and
    /// for `moves` moves of each side there has been no capture and no promotion.
    UnchangedMaterial {
        /// Inclusive range of the total number of pieces on the board.
        pieces: (u8, u8),
        /// Moves of each side.
        moves: u16,
        /// The rule's article.
        clause: Citation,
    },
    /// For `moves` moves of each side only kings moved and nothing was captured.
    KingsOnly {
        /// Moves of each side.
        moves: u16,
        /// The rule's article.
        clause: Citation,
    },
}

impl DrawRule {
    /// The article that states the rule (for replies quoting it); the prose
    /// layer words the rule itself ([`crate::words::moves`]).
    #[must_use]
    pub fn clause(&self) -> Citation {
        match self {
            DrawRule::LoneKing { clause, .. }
            | DrawRule::UnchangedMaterial { clause, .. }
            | DrawRule::KingsOnly { clause, .. } => *clause,
        }
    }

    /// How a game this rule draws ended, as the store keeps it: one name per
    /// rule of the rulebooks (a variant has at most one rule of each name,
    /// but for the rows of one table, seed 001 §1.9.1.4).
    #[must_use]
    pub fn termination(&self) -> Termination {
        match self {
            DrawRule::KingsOnly { .. } => Termination::KingsOnly,
            DrawRule::UnchangedMaterial { .. } => Termination::UnchangedMaterial,
            DrawRule::LoneKing {
                main_road_only: true,
                ..
            } => Termination::LoneKingMainRoad,
            // FMJD art. 6.4: at most two pieces against the lone king.
            DrawRule::LoneKing { strong, .. }
                if strong.iter().all(|m| m.pieces().is_some_and(|n| n <= 2)) =>
            {
                Termination::LoneKingTwoPieces
            }
            DrawRule::LoneKing { .. } => Termination::LoneKing,
        }
    }

    /// The counter after `mv` was played from `before`, giving `after`.
    #[must_use]
    pub fn advance(&self, counter: u16, before: &Position, mv: &Move, after: &Position) -> u16 {
        let material_changed = mv.is_capture() || mv.promotes();
        match *self {
            DrawRule::LoneKing {
                strong,
                main_road_only,
                count,
                ..
            } => match lone_king_strong_side(after, strong, main_road_only) {
                Some(side) if !material_changed => {
                    if count == LoneKingCount::EachSide || before.turn() == side {
                        counter.saturating_add(1)
                    } else {
                        counter
                    }
                }
                _ => 0,
            },
            DrawRule::UnchangedMaterial {
                pieces: (lo, hi), ..
            } => {
                let n = after.occupied().count();
                let both_kings = [Color::White, Color::Black]
                    .iter()
                    .all(|&c| !after.pieces_of(c, Role::King).is_empty());
                if !material_changed && both_kings && (u32::from(lo)..=u32::from(hi)).contains(&n) {
                    counter.saturating_add(1)
                } else {
                    0
                }
            }
            DrawRule::KingsOnly { .. } => {
                let king_moved = before.kings().contains(mv.from());
                if king_moved && !mv.is_capture() {
                    counter.saturating_add(1)
                } else {
                    0
                }
            }
        }
    }

    /// Whether a counter has reached the rule's limit.
    #[must_use]
    pub fn is_reached(&self, counter: u16) -> bool {
        match *self {
            DrawRule::LoneKing {
                moves,
                count: LoneKingCount::StrongerSide,
                ..
            } => counter >= moves,
            DrawRule::LoneKing {
                moves,
                count: LoneKingCount::EachSide,
                ..
            }
            | DrawRule::UnchangedMaterial { moves, .. }
            | DrawRule::KingsOnly { moves, .. } => counter >= 2 * moves,
        }
    }
}

/// The stronger side if `pos` is a lone-king ending of the given kind.
fn lone_king_strong_side(
    pos: &Position,
    strong: &[Material],
    main_road_only: bool,
) -> Option<Color> {
    for weak in [Color::White, Color::Black] {
        let weak_pieces = pos.pieces(weak);
        let weak_kings = pos.pieces_of(weak, Role::King);
        if weak_pieces.count() != 1 || weak_kings.count() != 1 {
            continue;
        }
        if main_road_only && weak_kings.and(pos.geometry().main_road()).is_empty() {
            continue;
        }
        let s = weak.opposite();
        let kings = pos.pieces_of(s, Role::King).count();
        let men = pos.pieces_of(s, Role::Man).count();
        if strong.iter().any(|m| m.matches(kings, men)) {
            return Some(s);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// A tester read «ничья по правилам о ничьей»: a game a draw rule ended
    /// keeps which rule it was. Each rule of a variant has a name of its own
    /// (the rows of the Russian material table, §1.9.1.4, are one rule).
    #[test]
    fn each_draw_rule_of_a_variant_has_its_own_termination() {
        for v in [Variant::Russian, Variant::International] {
            let rules = v.rules().draw_rules;
            for (i, a) in rules.iter().enumerate() {
                assert_ne!(a.termination(), Termination::DrawRule, "{a:?}");
                for b in &rules[i + 1..] {
                    if a.termination() == b.termination() {
                        assert_eq!(a.clause(), b.clause(), "{a:?} and {b:?}");
                    }
                }
            }
        }
        let fmjd: Vec<Termination> = Variant::International
            .rules()
            .draw_rules
            .iter()
            .map(DrawRule::termination)
            .collect();
        assert_eq!(
            fmjd,
            [
                Termination::KingsOnly,
                Termination::LoneKing,
                Termination::LoneKingTwoPieces
            ]
        );
    }
}
