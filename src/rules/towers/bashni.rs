//! Russian column checkers, Bashni (русские столбовые шашки): seed 000 §1,
//! RULES.md §3. Movement as in Russian checkers; towers as in seed 000 §1.6.

use super::{MidCapturePromotion, TowersRules};
use crate::rules::{BoardSize, Citation, Numbering};

/// The rules of Bashni.
pub static RULES: TowersRules = TowersRules {
    // The 8x8 board with 12 pieces each on the first three rows (seed 000 §1.1, §1.2.1).
    board: BoardSize::Eight,
    initial_ranks: 3,
    // A man captures backward as well as forward (seed 000 §1.6.2).
    men_capture_backward: true,
    // A king moves and captures at any distance (seed 000 §1.5.3, §1.6.3).
    flying_kings: true,
    // A man reaching the last row in a capture goes on as a king (seed 000 §1.6.3).
    mid_capture_promotion: MidCapturePromotion::ContinueAsKing,
    // "Several pieces from the same tower in one strike" (seed 000 §1.6.1).
    rejump_towers: true,
    // Numbers as in Russian PDN (lidraughts); the seed writes squares as a1..h8.
    numbering: Numbering::FromTopLeft,
    numeric_by_default: false,
    // `d8D` in the seed's sample game (seed 000 §1.10).
    promotion_mark: true,
    // 15 moves with the number of towers and their composition unchanged (seed 000 §1.13.1).
    unchanged_material_claim: Some(15),
    // seed 000 §1.13.1
    unchanged_material_clause: Citation::column("1.13.1"),
    // seed 000 §1.13.1, §1.13.2
    repetition_clause: Citation::column("1.13.2"),
    // seed 000 §1.11, §1.12
    loss_clause: Citation::column("1.11, 1.12"),
};
