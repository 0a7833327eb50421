//! How a game ends by the rules alone ([`Finish`], [`EndRule`]) and the draws
//! a player may claim ([`ClaimableDraw`]), with the rule's citation.

use crate::rules::{Citation, DrawRule, GameResult, Termination, Variant};

/// The rule that ended a game by itself (no claim, no agreement), worded by
/// [`crate::words::moves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// Draughts: the side to move has no pieces left (seed 001 §1.8.1).
    NoPieces,
    /// Draughts: the side to move has no legal move (seed 001 §1.8.1).
    NoMoves,
    /// Column checkers: the side to move has no tower left (seed 000 §1.11).
    NoTowers,
    /// Column checkers: the side to move has no legal move (seed 000 §1.12).
    TowersNoMoves,
    /// Draughts: an automatic draw rule of the variant (seed 001 §1.9.1, FMJD art. 6).
    DrawRule(DrawRule),
    /// Chess: checkmate (seed 003 art. 10, 11; FIDE art. 5.1.1).
    Checkmate,
    /// Chess: stalemate (seed 003 art. 12b; FIDE art. 5.2.1).
    Stalemate,
    /// Chess: a dead position (seed 003 art. 12a; FIDE art. 5.2.2).
    DeadPosition,
    /// Chess: fivefold repetition (FIDE art. 9.6.1).
    FivefoldRepetition,
    /// Chess: 75 moves of each side without a capture or a pawn move (FIDE art. 9.6.2).
    SeventyFiveMoves,
}

/// Why a game ended by the rules alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Who won, or a draw.
    pub result: GameResult,
    /// How it ended, as the store keeps it.
    pub termination: Termination,
    /// The rule that ended it.
    pub rule: EndRule,
    /// Where the rule stands in the game's rulebook.
    pub citation: Citation,
}

/// A draw that a player may claim (by claim, not automatic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    /// The same position with the same side to move for the third time
    /// (seed 001 §1.9.1.7, seed 000 §1.13.2, seed 003 art. 12g).
    Repetition,
    /// Chess: 50 moves of each side without a capture or a pawn move
    /// (seed 003 art. 12d; FIDE art. 9.3).
    FiftyMoves,
    /// Bashni: the material has not changed for this many moves (seed 000 §1.13.1).
    UnchangedMaterial {
        /// Moves of each side.
        moves: u16,
    },
}

impl ClaimKind {
    /// The name the store keeps for a claim: `repetition`, `fifty_moves`,
    /// `unchanged_material`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Repetition => "repetition",
            ClaimKind::FiftyMoves => "fifty_moves",
            ClaimKind::UnchangedMaterial { .. } => "unchanged_material",
        }
    }

    /// How a game drawn by this claim ended, as the store keeps it.
    #[must_use]
    pub fn termination(self) -> Termination {
        match self {
            ClaimKind::Repetition => Termination::Repetition,
            ClaimKind::FiftyMoves => Termination::FiftyMoves,
            ClaimKind::UnchangedMaterial { .. } => Termination::UnchangedMaterial,
        }
    }
}

/// A draw that a player may claim now, with the rule's citation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimableDraw {
    /// Which draw.
    pub kind: ClaimKind,
    /// Where the rule stands in the game's rulebook.
    pub citation: Citation,
}

/// The rule of a repetition claim in a variant's rulebook (quoted when a claim
/// is rejected): seed 001 §1.9.2, FMJD art. 6.1, seed 000 §1.13.2, FIDE art. 9.2.
#[must_use]
pub fn repetition_citation(variant: Variant) -> Citation {
    match variant {
        Variant::Russian => Citation::russian("1.9.2"),
        Variant::International => Citation::fmjd("6.1"),
        Variant::Bashni => crate::rules::towers::BASHNI.repetition_clause,
        Variant::Lasca => crate::rules::towers::LASCA.repetition_clause,
        Variant::Chess => Citation::fide("9.2"),
    }
}
