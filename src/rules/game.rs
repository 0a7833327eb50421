//! How a game ends (result, termination, the rule that ended it) and the game
//! of draughts in progress ([`Game`], the one diagonal record).

use crate::rules::{Color, DiagonalGame, Position};

named_enum! {
    /// The result of a game. Its name is the PGN/PDN result text, as the store
    /// keeps it.
    pub enum GameResult {
        /// White won: `1-0` (`2-0` in some PDN).
        WhiteWins => "1-0",
        /// Black won: `0-1` (`0-2`).
        BlackWins => "0-1",
        /// A draw: `1/2-1/2` (`1-1`).
        Draw => "1/2-1/2",
    }
}

impl GameResult {
    /// The win for a side.
    #[must_use]
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The PDN/PGN result text: `1-0`, `0-1`, `1/2-1/2`.
    #[must_use]
    pub fn pdn(self) -> &'static str {
        self.as_str()
    }

    /// The winner, `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

named_enum! {
    /// Why a game ended, by the rules, a claim, an agreement, the clock or a
    /// referee. The name is what the store keeps (the column is free text, so
    /// a new reason needs only a new variant here); the prose layer words it.
    pub enum Termination {
        /// A player resigned (seed 001 §1.8.1).
        Resignation => "resignation",
        /// The side to move had no legal move (seed 001 §1.8.1, seed 000 §1.11).
        NoMoves => "no_moves",
        /// The side to move had no pieces left (seed 001 §1.8.1, seed 000 §1.11).
        NoPieces => "no_pieces",
        /// A draw offer was accepted.
        Agreement => "agreement",
        /// The same position for the third time, by claim (seed 001 §1.9.2,
        /// seed 000 §1.13.2, FIDE art. 9.2).
        Repetition => "repetition",
        /// Chess: the same position for the fifth time (FIDE art. 9.6.1).
        FivefoldRepetition => "fivefold_repetition",
        /// Draughts: only kings moved, without a capture, for the variant's
        /// count of moves (seed 001 §1.9.1.6: 15; FMJD art. 6.2: 25).
        KingsOnly => "kings_only",
        /// Draughts: a lone king held out against three or more pieces
        /// (seed 001 §1.9.1.3: three kings or more, 15 moves; FMJD art. 6.3:
        /// three pieces, 16 moves).
        LoneKing => "lone_king",
        /// Russian draughts: three pieces against a lone king on the main
        /// road, no win by the fifth move (seed 001 §1.9.1.5).
        LoneKingMainRoad => "lone_king_main_road",
        /// International draughts: two pieces or one against a lone king,
        /// 5 moves (FMJD art. 6.4).
        LoneKingTwoPieces => "lone_king_two_pieces",
        /// The material unchanged: automatically with kings on both sides
        /// (seed 001 §1.9.1.4), by claim in Bashni (seed 000 §1.13.1).
        UnchangedMaterial => "unchanged_material",
        /// Chess: 50 moves of each side without a capture or a pawn move, by
        /// claim (FIDE art. 9.3).
        FiftyMoves => "fifty_moves",
        /// Chess: 75 moves of each side without a capture or a pawn move
        /// (FIDE art. 9.6.2).
        SeventyFiveMoves => "seventy_five_moves",
        /// A draw rule not told apart: games finished before the rules above
        /// had names of their own keep it.
        DrawRule => "draw_rule",
        /// A referee decided the result.
        Adjudication => "adjudication",
        /// Both players claimed the same result for a game frozen at the end
        /// of a tournament's playing period: it ends so without a ruling.
        AgreedClaims => "agreed_claims",
        /// A player was forfeited (no-show, unclear sealed move, misconduct).
        Forfeit => "forfeit",
        /// The result as recorded in an imported game file (`zaochka import`).
        Recorded => "recorded",
        /// An unclear or illegal sealed move loses (seed 003 art. 17c).
        SealedMove => "sealed_move",
        /// A player ran out of time.
        Time => "time",
        /// Chess: checkmate.
        Checkmate => "checkmate",
        /// Chess: stalemate.
        Stalemate => "stalemate",
        /// Chess: neither side can mate.
        InsufficientMaterial => "insufficient_material",
    }
}

/// A text that names no value of an enumeration (`"white"` is a side, `"grey"` is not).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind}: {value:?}")]
pub struct UnknownValue {
    /// The enumeration's Rust name, e.g. `"Side"`.
    pub kind: &'static str,
    /// The rejected text.
    pub value: String,
}

/// How the rules alone end a draughts game (no claim, no agreement): the
/// detail behind a [`Termination`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The side to move has no pieces (seed 001 §1.8.1).
    NoPieces,
    /// The side to move has no legal move (seed 001 §1.8.1).
    NoMoves,
    /// An automatic draw rule; the index is into the variant's `draw_rules`.
    DrawRule(usize),
}

impl End {
    /// The termination the store keeps; a draw rule is named by the rule
    /// itself, from the variant's `draw_rules` ([`crate::rules::DrawRule::termination`]).
    #[must_use]
    pub fn termination(self, draw_rules: &[crate::rules::DrawRule]) -> Termination {
        match self {
            End::NoPieces => Termination::NoPieces,
            End::NoMoves => Termination::NoMoves,
            End::DrawRule(i) => draw_rules
                .get(i)
                .map_or(Termination::DrawRule, crate::rules::DrawRule::termination),
        }
    }
}

/// A finished game's result and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why.
    pub end: End,
}

/// A game of draughts in progress: the start position, every ply, the
/// position hashes and the counters of the variant's draw rules (one per rule
/// of `draw_rules`; see [`crate::rules::DrawRule`]).
pub type Game = DiagonalGame<Position>;
