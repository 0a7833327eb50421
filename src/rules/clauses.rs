//! The rules a player may ask about (`why`, `rules`), as
//! data: which rules each game has, in the order a summary gives them, and the
//! clause of the game's own rulebook that states each one. The prose layer
//! ([`crate::words::rules_summary`]) words a rule for its game; a player sees
//! the rulebook by its own name ([`crate::words::rulebook::cite`]).
//!
//! Sources: seed 002 §1.4-1.5 and seed 001 §1.8-1.9 (Russian checkers), seed
//! 000 §1.4-1.13 (Bashni), the FMJD rules (international draughts; articles 3,
//! 4 and 6), Lasker's Lasca rules (cited whole), the FIDE Laws of Chess that
//! seed 003 follows (articles 1, 3, 5, 9).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::{Citation, Rulebook, Variant};

/// A rule of a game, as the summary and the answer to `why` name it; in
/// `clauses.toml` by its name in snake case (`turn_order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
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
/// The crosswalk of rules and clauses is data, `clauses.toml` beside this
/// file (one table a game, one line a rule), read once.
#[must_use]
pub fn clause(variant: Variant, rule: Rule) -> Option<Citation> {
    let book = &crosswalk()[variant.name()];
    let clause = book.clauses.get(&rule)?;
    Some(Citation::new(book.book, clause))
}

/// One game's table in `clauses.toml`: its rulebook and the clause of each
/// rule it has.
#[derive(serde::Deserialize)]
struct GameClauses {
    book: Rulebook,
    #[serde(flatten)]
    clauses: HashMap<Rule, String>,
}

/// `clauses.toml`, read on first use: every game's table by the game's name.
///
/// # Panics
/// If the file, compiled into the program, does not read (the tests below
/// read it, so a build that passes them cannot).
fn crosswalk() -> &'static HashMap<String, GameClauses> {
    static CROSSWALK: OnceLock<HashMap<String, GameClauses>> = OnceLock::new();
    CROSSWALK.get_or_init(|| {
        toml::from_str(include_str!("clauses.toml")).expect("src/rules/clauses.toml reads")
    })
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
    fn the_crosswalk_holds_each_game_and_just_the_rules_of_its_summary() {
        let tables = crosswalk();
        assert_eq!(tables.len(), Variant::ALL.len());
        for v in Variant::ALL {
            let listed: std::collections::HashSet<Rule> = rules_of(v).iter().copied().collect();
            let written: std::collections::HashSet<Rule> =
                tables[v.name()].clauses.keys().copied().collect();
            assert_eq!(listed, written, "{v}");
        }
        assert_eq!(
            clause(Variant::Lasca, Rule::Prisoners),
            Some(Citation::lasca())
        );
        assert_eq!(
            clause(Variant::Bashni, Rule::Repetition),
            Some(Citation::column("1.13.2"))
        );
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
