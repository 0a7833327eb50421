//! Russian checkers (русские шашки): seed 002 §1.4-1.5, seed 001 §1.6-1.10, RULES.md §2.

use super::{DraughtsRules, DrawRule, LoneKingCount, Material, Numbering};
use crate::rules::{BoardSize, Citation};

/// The rules of Russian checkers.
pub static RULES: DraughtsRules = DraughtsRules {
    board: BoardSize::Eight,
    initial_ranks: 3,
    // Men capture forwards and backwards (seed 002 §1.5.3).
    men_capture_backward: true,
    // Free choice among captures regardless of their size (seed 002 §1.5.14).
    majority_capture: false,
    // A man reaching the last rank in a capture continues as a king (seed 002 §1.5.15).
    promote_mid_capture: true,
    // lidraughts numbers from b8; pydraughts from a1 (RULES.md §1).
    numberings: &[Numbering::FromTopLeft, Numbering::FromBottomLeft],
    numeric_by_default: false,
    draw_rules: &[
        // Three kings or more against a lone king, not captured by the 15th move (seed 001 §1.9.1.3).
        DrawRule::LoneKing {
            strong: &[Material::AtLeastKings(3)],
            main_road_only: false,
            count: LoneKingCount::StrongerSide,
            moves: 15,
            clause: Citation::russian("1.9.1.3"),
        },
        // Both sides have kings, material unchanged: 5 moves in 2-3-piece endings,
        // 30 in 4-5-piece, 60 in 6-7-piece endings (seed 001 §1.9.1.4).
        DrawRule::UnchangedMaterial {
            pieces: (2, 3),
            moves: 5,
            clause: Citation::russian("1.9.1.4"),
        },
        DrawRule::UnchangedMaterial {
            pieces: (4, 5),
            moves: 30,
            clause: Citation::russian("1.9.1.4"),
        },
        DrawRule::UnchangedMaterial {
            pieces: (6, 7),
            moves: 60,
            clause: Citation::russian("1.9.1.4"),
        },
        // Three pieces against a lone king on the main road, no win by the 5th move (seed 001 §1.9.1.5).
        DrawRule::LoneKing {
            strong: &[
                Material::Exactly { kings: 3, men: 0 },
                Material::Exactly { kings: 2, men: 1 },
                Material::Exactly { kings: 1, men: 2 },
                Material::Exactly { kings: 0, men: 3 },
            ],
            main_road_only: true,
            count: LoneKingCount::StrongerSide,
            moves: 5,
            clause: Citation::russian("1.9.1.5"),
        },
        // 15 moves of kings only, no man moved, no capture (seed 001 §1.9.1.6).
        DrawRule::KingsOnly {
            moves: 15,
            clause: Citation::russian("1.9.1.6"),
        },
    ],
};
