//! International draughts on the 10x10 board under the FMJD rules (RULES.md §5).

use super::{DraughtsRules, DrawRule, LoneKingCount, Material, Numbering};
use crate::rules::{BoardSize, Citation};

/// The rules of international draughts.
pub static RULES: DraughtsRules = DraughtsRules {
    board: BoardSize::Ten,
    initial_ranks: 4,
    // Men capture backwards too (FMJD art. 4.2).
    men_capture_backward: true,
    // The greatest number of pieces must be taken (FMJD art. 4.13).
    majority_capture: true,
    // Promotion only when the move ends on the last rank (FMJD art. 4.15).
    promote_mid_capture: false,
    numberings: &[Numbering::FromTopLeft],
    numeric_by_default: true,
    draw_rules: &[
        // 25 moves each with only kings moving and no capture (FMJD art. 6.2).
        DrawRule::KingsOnly {
            moves: 25,
            clause: Citation::fmjd("6.2"),
        },
        // Three kings, two kings and a man, or a king and two men against one king: 16 moves (FMJD art. 6.3).
        DrawRule::LoneKing {
            strong: &[
                Material::Exactly { kings: 3, men: 0 },
                Material::Exactly { kings: 2, men: 1 },
                Material::Exactly { kings: 1, men: 2 },
            ],
            main_road_only: false,
            count: LoneKingCount::EachSide,
            moves: 16,
            clause: Citation::fmjd("6.3"),
        },
        // Two kings, a king and a man, or one king against one king: 5 moves (FMJD art. 6.4).
        DrawRule::LoneKing {
            strong: &[
                Material::Exactly { kings: 2, men: 0 },
                Material::Exactly { kings: 1, men: 1 },
                Material::Exactly { kings: 1, men: 0 },
            ],
            main_road_only: false,
            count: LoneKingCount::EachSide,
            moves: 5,
            clause: Citation::fmjd("6.4"),
        },
    ],
};
