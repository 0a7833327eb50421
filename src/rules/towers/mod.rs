//! Column checkers (столбовые шашки): Bashni (seed 000 §1, RULES.md §3) and Lasca
//! (seed 000 §2, RULES.md §4).
//!
//! Every square holds a [`Tower`], a stack of pieces owned by its top piece. A
//! capture takes only the top piece of the jumped tower and puts it under the
//! capturing tower at once; what remains of the jumped tower stays, owned by its
//! new top (seed 000 §1.6.1). The two games differ only in the data of
//! [`TowersRules`], one small file each (STYLE.md: "variants override only what
//! differs"): board, kings that fly or step, men that capture backward or not,
//! what promotion in the middle of a capture does, whether a tower may be jumped
//! twice in one move, and the claimable draw of unchanged material.

mod bashni;
mod game;
mod lasca;
mod movegen;
mod mv;
mod position;
mod tower;
pub mod zobrist;

pub use game::TowerGame;
pub use mv::{MAX_TOWER_CAPTURES, TowerMove};
pub use position::{TowerPosition, TowerPositionError, TowerSetup};
pub use tower::{MAX_HEIGHT, Tower};

use crate::rules::{BoardSize, Citation, Geometry, Numbering};

/// The rules of Bashni (seed 000 §1).
pub static BASHNI: &TowersRules = &bashni::RULES;

/// The rules of Lasca (seed 000 §2).
pub static LASCA: &TowersRules = &lasca::RULES;

/// What a man-led tower does when it reaches the last row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidCapturePromotion {
    /// It becomes a king at once and goes on capturing as a king (seed 000 §1.6.3).
    ContinueAsKing,
    /// It becomes a king and the move ends there (Lasca, RULES.md §4).
    Stop,
}

/// The rules of one game of column checkers as data.
#[derive(Debug)]
pub struct TowersRules {
    /// The board.
    pub board: BoardSize,
    /// Ranks filled with men at the start, on each side.
    pub initial_ranks: u8,
    /// Whether a man-led tower may capture backwards.
    pub men_capture_backward: bool,
    /// Whether a king-led tower flies along free diagonals (Bashni) or steps one
    /// square (Lasca's officers).
    pub flying_kings: bool,
    /// What reaching the last row during a capture does.
    pub mid_capture_promotion: MidCapturePromotion,
    /// Whether the same tower may be jumped again later in the same move while its
    /// top is an enemy piece. The capturing tower never turns straight back over the
    /// tower it has just jumped, in either game.
    pub rejump_towers: bool,
    /// How squares are numbered when numbers are written.
    pub numbering: Numbering,
    /// Whether records of this game are written with numbers by default.
    pub numeric_by_default: bool,
    /// Whether the canonical move text marks a promotion with `D` after the square
    /// where it happens (seed 000 §1.10: `d8D`).
    pub promotion_mark: bool,
    /// Moves of each side without a change of material (number of towers and their
    /// composition) after which a player may claim a draw; `None` when the game has
    /// no such rule.
    pub unchanged_material_claim: Option<u16>,
    /// The article of the unchanged-material rule, for replies quoting it.
    pub unchanged_material_clause: Citation,
    /// The article of the repetition claim.
    pub repetition_clause: Citation,
    /// The article of the rule that a player with no tower or no move loses.
    pub loss_clause: Citation,
}

impl TowersRules {
    /// Pieces each side starts with: 12 in Bashni, 11 in Lasca (the dark squares of
    /// the first `initial_ranks` rows, seed 000 §1.2.1, §2.2.1).
    #[must_use]
    pub fn pieces_per_side(&self) -> usize {
        let g = Geometry::of(self.board);
        g.squares()
            .filter(|&s| g.rank(s) < self.initial_ranks)
            .count()
    }
}
