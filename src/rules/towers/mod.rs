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
mod lasca;
mod movegen;
mod position;
mod tower;
pub mod zobrist;

pub use position::{TowerPosition, TowerSetup};
pub use tower::{MAX_HEIGHT, Tower};

use crate::rules::{BoardSize, Citation, DiagonalGame, Geometry, Move, Numbering};

/// A move of a tower: the one move of the diagonal games ([`Move`]), whose
/// captured squares go under the capturing tower in capture order (seed 000
/// §1.6.1), so that the same squares taken in another order make another move.
pub type TowerMove = Move;

/// A game of column checkers in progress (the one diagonal game record): the
/// start position, the plies, the position hashes and the count of plies
/// without a change of material (seed 000 §1.13.1).
pub type TowerGame = DiagonalGame<TowerPosition>;

/// The most captures one move can make: each capture takes one enemy piece, and a
/// side has at most 12 (seed 000 §1.2.1).
pub const MAX_TOWER_CAPTURES: usize = 12;

impl TowerGame {
    /// Plies played since the number of towers or their composition last changed
    /// (since the last capture or promotion, or the start).
    #[must_use]
    pub fn unchanged_material_plies(&self) -> u32 {
        *self.counters()
    }

    /// Whether the side to move may claim a draw because the material has not
    /// changed for the variant's number of moves of each side (seed 000 §1.13.1:
    /// 15 moves in Bashni; RULES.md §0: 15 moves = 30 plies). Always `false` in
    /// Lasca, which has no such rule.
    #[must_use]
    pub fn unchanged_material_claimable(&self) -> bool {
        self.position()
            .rules()
            .unchanged_material_claim
            .is_some_and(|moves| *self.counters() >= 2 * u32::from(moves))
    }
}

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
