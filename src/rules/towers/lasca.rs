//! Lasca (международные столбовые шашки, Lasker's game): seed 000 §2, RULES.md §4,
//! Lasker's 1911 rules where the seed is cut off.

use super::{MidCapturePromotion, TowersRules};
use crate::rules::{BoardSize, Citation, Numbering};

/// The rules of Lasca.
pub static RULES: TowersRules = TowersRules {
    // 7x7, 25 dark squares, 11 pieces each on the three nearest rows (seed 000 §2.1, §2.2.1).
    board: BoardSize::Seven,
    initial_ranks: 3,
    // Soldiers capture forward only (RULES.md §4).
    men_capture_backward: false,
    // Officers step and capture one square in any direction; they do not fly (RULES.md §4).
    flying_kings: false,
    // A soldier-led column reaching the last row in a capture is promoted and stops (RULES.md §4).
    mid_capture_promotion: MidCapturePromotion::Stop,
    // A column may be jumped only once per move (RULES.md §4).
    rejump_towers: false,
    // Squares 1-25 from a1, row by row (seed 000 §2.3, RULES.md §1).
    numbering: Numbering::FromBottomLeft,
    numeric_by_default: true,
    promotion_mark: false,
    // No draw rule of its own beyond agreement and repetition (RULES.md §4).
    unchanged_material_claim: None,
    // Never cited: Lasca has no such rule.
    unchanged_material_clause: Citation::lasca(),
    // Threefold repetition by claim, as in column checkers (seed 000 §1.13.2; RULES.md §4).
    repetition_clause: Citation::column("1.13.2"),
    // A player who cannot move or has no column loses (Lasker 1911; RULES.md §4).
    loss_clause: Citation::lasca(),
};
