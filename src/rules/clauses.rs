//! The rules a player may ask about (`why`, `rules`, issue 15 item 2), as
//! data: which rules each game has, in the order a summary gives them, and the
//! clause of the game's own rulebook that states each one. The prose layer
//! ([`crate::lang::rules_summary`]) words a rule for its game; a player sees
//! the rulebook by its own name ([`crate::lang::rulebook::cite`]).
//!
//! Sources: seed 002 §1.4-1.5 and seed 001 §1.8-1.9 (Russian checkers), seed
//! 000 §1.4-1.13 (Bashni), the FMJD rules (international draughts; articles 3,
//! 4 and 6), Lasker's Lasca rules (cited whole), the FIDE Laws of Chess that
//! seed 003 follows (articles 1, 3, 5, 9).

use super::{Citation, Variant};

/// A rule of a game, as the summary and the answer to `why` name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The players move in turn, each with their own pieces only.
    TurnOrder,
    /// Column checkers: a tower moves with the rights of its top piece.
    TowerTop,
    /// How a man (a soldier in Lasca) moves.
    ManMove,
    /// How a king (an officer in Lasca) moves.
    KingMove,
    /// Capture is compulsory.
    CaptureCompulsory,
    /// How a man captures (forward only, or backward too).
    ManCapture,
    /// How a king captures.
    KingCapture,
    /// A capture goes on while it can: the whole sequence is one move.
    CaptureContinues,
    /// Captured pieces leave the board only after the move and cannot be
    /// jumped twice (the "Turkish strike").
    TurkishStrike,
    /// Column checkers: a captured top piece goes under the capturing tower.
    Prisoners,
    /// Which capture may be chosen: free choice, or the greatest number.
    CaptureChoice,
    /// How a man becomes a king, on a quiet move and during a capture.
    Promotion,
    /// Who wins and who loses.
    GameEnd,
    /// A draw by agreement, offered with a move.
    DrawAgreement,
    /// A draw by threefold repetition, on a claim.
    Repetition,
    /// Chess: how each piece moves and captures.
    ChessPieces,
    /// Chess: castling.
    Castling,
    /// Chess: the en passant capture.
    EnPassant,
    /// Chess: a pawn's promotion.
    PawnPromotion,
    /// Chess: the own king may not be left in check.
    Check,
    /// Chess: checkmate wins.
    Checkmate,
    /// Chess: stalemate and a dead position are draws.
    DeadDraws,
    /// Chess: 50 moves without a capture or a pawn move, on a claim.
    FiftyMoves,
    /// Chess: fivefold repetition and 75 moves end the game by themselves.
    AutomaticDraws,
}

/// The rules of a game in the order its summary gives them.
#[must_use]
pub fn rules_of(variant: Variant) -> &'static [Rule] {
    use Rule as R;
    match variant {
        Variant::Russian | Variant::International => &[
            R::TurnOrder,
            R::ManMove,
            R::KingMove,
            R::CaptureCompulsory,
            R::ManCapture,
            R::KingCapture,
            R::CaptureContinues,
            R::TurkishStrike,
            R::CaptureChoice,
            R::Promotion,
            R::GameEnd,
            R::DrawAgreement,
            R::Repetition,
        ],
        Variant::Bashni | Variant::Lasca => &[
            R::TurnOrder,
            R::TowerTop,
            R::ManMove,
            R::KingMove,
            R::CaptureCompulsory,
            R::Prisoners,
            R::ManCapture,
            R::KingCapture,
            R::CaptureContinues,
            R::CaptureChoice,
            R::Promotion,
            R::GameEnd,
            R::DrawAgreement,
            R::Repetition,
        ],
        Variant::Chess => &[
            R::TurnOrder,
            R::ChessPieces,
            R::Castling,
            R::EnPassant,
            R::PawnPromotion,
            R::Check,
            R::Checkmate,
            R::DeadDraws,
            R::DrawAgreement,
            R::Repetition,
            R::FiftyMoves,
            R::AutomaticDraws,
        ],
    }
}

/// Where a rule stands in the game's rulebook; `None` for a rule the game
/// does not have (a tower rule in Russian checkers, castling in draughts).
#[must_use]
pub fn clause(variant: Variant, rule: Rule) -> Option<Citation> {
    match variant {
        Variant::Russian => russian(rule),
        Variant::International => international(rule),
        Variant::Bashni => bashni(rule),
        Variant::Lasca => lasca(rule),
        Variant::Chess => chess(rule),
    }
}

/// Seed 002 §1.4-1.5, seed 001 §1.8-1.9.
fn russian(rule: Rule) -> Option<Citation> {
    use Rule as R;
    let c = match rule {
        R::TurnOrder => "1.4.1",
        R::ManMove => "1.4.3",
        R::KingMove => "1.4.5",
        R::CaptureCompulsory => "1.5.3",
        R::ManCapture => "1.5.1, 1.5.3",
        R::KingCapture => "1.5.2",
        R::CaptureContinues => "1.5.5, 1.5.6",
        R::TurkishStrike => "1.5.9, 1.5.12",
        R::CaptureChoice => "1.5.14",
        R::Promotion => "1.4.4, 1.5.15, 1.5.16",
        R::GameEnd => "1.8.1",
        R::DrawAgreement => "1.9.1.1, 1.9.3",
        R::Repetition => "1.9.1.7, 1.9.2",
        _ => return None,
    };
    Some(Citation::russian(c))
}

/// The FMJD rules: article 3 (moves; 3.9 the king), 4 (capture; 4.13 the
/// majority rule, 4.15 promotion), 6 (draws).
fn international(rule: Rule) -> Option<Citation> {
    use Rule as R;
    let c = match rule {
        R::TurnOrder | R::ManMove => "3",
        R::KingMove => "3.9",
        R::CaptureCompulsory => "4.2, 4.3",
        R::ManCapture => "4.1, 4.2",
        R::KingCapture => "4.3",
        R::CaptureContinues => "4.5, 4.6",
        R::TurkishStrike => "4",
        R::CaptureChoice => "4.13",
        R::Promotion => "4.15",
        R::GameEnd | R::DrawAgreement => "",
        R::Repetition => "6.1",
        _ => return None,
    };
    Some(Citation::fmjd(c))
}

/// Seed 000 §1.4-1.13 (the code numbers two clauses 1.6.3; both are cited so).
fn bashni(rule: Rule) -> Option<Citation> {
    use Rule as R;
    let c = match rule {
        R::TurnOrder => "1.4",
        R::TowerTop => "1.5.1",
        R::ManMove => "1.5.2",
        R::KingMove => "1.5.3",
        R::CaptureCompulsory | R::Prisoners => "1.6.1",
        R::ManCapture => "1.6.2",
        R::KingCapture | R::CaptureContinues | R::CaptureChoice => "1.6.3",
        R::Promotion => "1.5.2, 1.6.3",
        R::GameEnd => "1.11, 1.12",
        R::DrawAgreement => "1.13.1, 1.13.3",
        R::Repetition => "1.13.2",
        _ => return None,
    };
    Some(Citation::column(c))
}

/// Lasker's rules of Lasca (1911), cited whole (seed 000 §2 is cut off).
fn lasca(rule: Rule) -> Option<Citation> {
    use Rule as R;
    match rule {
        R::TurkishStrike
        | R::ChessPieces
        | R::Castling
        | R::EnPassant
        | R::PawnPromotion
        | R::Check
        | R::Checkmate
        | R::DeadDraws
        | R::FiftyMoves
        | R::AutomaticDraws => None,
        _ => Some(Citation::lasca()),
    }
}

/// The FIDE Laws of Chess (seed 003 art. 4-12 follow them).
fn chess(rule: Rule) -> Option<Citation> {
    use Rule as R;
    let c = match rule {
        R::TurnOrder => "1.1",
        R::ChessPieces => "3.1-3.8",
        R::Castling => "3.8.2",
        R::EnPassant => "3.7.4",
        R::PawnPromotion => "3.7.5",
        R::Check => "3.9",
        R::Checkmate => "5.1.1",
        R::DeadDraws => "5.2.1, 5.2.2",
        R::DrawAgreement => "5.2.3",
        R::Repetition => "9.2",
        R::FiftyMoves => "9.3",
        R::AutomaticDraws => "9.6",
        _ => return None,
    };
    Some(Citation::fide(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_of_a_summary_has_its_clause() {
        for v in Variant::ALL {
            for &r in rules_of(v) {
                assert!(clause(v, r).is_some(), "{v}: {r:?}");
            }
        }
    }

    #[test]
    fn free_choice_in_russian_majority_in_international() {
        assert_eq!(
            clause(Variant::Russian, Rule::CaptureChoice),
            Some(Citation::russian("1.5.14"))
        );
        assert_eq!(
            clause(Variant::International, Rule::CaptureChoice),
            Some(Citation::fmjd("4.13"))
        );
        assert_eq!(clause(Variant::Russian, Rule::Castling), None);
    }
}
