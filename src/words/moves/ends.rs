//! How the rules alone end a game (automatic draws, end rules, results) and
//! which draw a player may claim, with the rule's citation.

use crate::games::{ClaimKind, ClaimableDraw, EndRule, Finish};
use crate::rules::{Citation, DrawRule, GameResult, LoneKingCount, Material};
use crate::rules::{Termination, Variant};
use crate::vocabulary::Language;
use crate::words::catalog::Message;
use crate::words::rulebook::cite;

/// Kings or men of a count: "a king", "two men" / «дамка», «две простые».
fn pieces_words(n: u8, king: bool, lang: Language) -> String {
    let id = if king { "ends-kings" } else { "ends-men" };
    Message::new(id).arg("n", n).render(lang)
}

/// One material of the stronger side: "two kings and a man" / «две дамки и
/// простая», "three kings or more" / «три дамки или больше».
fn material_words(m: Material, lang: Language) -> String {
    match m {
        Material::AtLeastKings(k) => Message::new("ends-or-more")
            .arg("pieces", pieces_words(k, true, lang))
            .render(lang),
        Material::Exactly { kings, men } => {
            let parts: Vec<String> = [(kings, true), (men, false)]
                .into_iter()
                .filter(|&(n, _)| n > 0)
                .map(|(n, king)| pieces_words(n, king, lang))
                .collect();
            match parts.as_slice() {
                [first, second] => Message::new("ends-and")
                    .arg("first", first.as_str())
                    .arg("second", second.as_str())
                    .render(lang),
                _ => parts.concat(),
            }
        }
    }
}

/// The stronger side's materials of a lone-king rule: "three pieces" when
/// they are every split of one count, else each: "two kings, a king and a
/// man, or a king" / «две дамки, дамка и простая или дамка».
fn materials_words(strong: &[Material], lang: Language) -> String {
    let counts: Vec<Option<u8>> = strong.iter().map(|m| m.pieces()).collect();
    if let Some(&Some(n)) = counts.first()
        && n > 1
        && counts.iter().all(|&c| c == Some(n))
        && strong.len() == usize::from(n) + 1
    {
        return Message::new("ends-pieces").arg("n", n).render(lang);
    }
    let mut words: Vec<String> = strong.iter().map(|&m| material_words(m, lang)).collect();
    let last = words.pop().unwrap_or_default();
    if words.is_empty() {
        return last;
    }
    Message::new("ends-either")
        .arg("list", words.join(", "))
        .arg("last", last)
        .render(lang)
}

/// "15 moves" / «15 ходов», with whose moves they are.
fn moves_counted(moves: u16, count: LoneKingCount, lang: Language) -> String {
    let id = match count {
        LoneKingCount::StrongerSide => "ends-moves-of-stronger-side",
        LoneKingCount::EachSide => "ends-moves-of-each-side",
    };
    Message::new(id).arg("moves", moves).render(lang)
}

/// An automatic draw rule of draughts as one clause, by its condition: the
/// stronger side's material against a lone king (FMJD art. 6.3: "three
/// kings, two kings and a man, or a king and two men"; art. 6.4: "two kings,
/// a king and a man, or a king"), the pieces on the board, the moves counted.
#[must_use]
pub fn draw_rule(rule: &DrawRule, lang: Language) -> String {
    match *rule {
        DrawRule::LoneKing {
            strong,
            main_road_only,
            moves,
            count,
            ..
        } => {
            let id = if main_road_only {
                "ends-lone-king-main-road"
            } else {
                "ends-lone-king"
            };
            Message::new(id)
                .arg("strong", materials_words(strong, lang))
                .arg("counted", moves_counted(moves, count, lang))
                .render(lang)
        }
        DrawRule::UnchangedMaterial {
            pieces: (lo, hi),
            moves,
            ..
        } => Message::new("ends-unchanged-material")
            .arg("lo", lo.to_string())
            .arg("hi", hi.to_string())
            .arg("moves", moves)
            .render(lang),
        DrawRule::KingsOnly { moves, .. } => Message::new("ends-kings-only")
            .arg("moves", moves)
            .render(lang),
    }
}

/// The rows of one material table as one clause (seed 001 §1.9.1.4): "both
/// sides have kings and the material has not changed for 5 moves with 2-3
/// pieces, 30 with 4-5, 60 with 6-7".
fn material_table(rows: &[&DrawRule], lang: Language) -> String {
    let cells: Vec<String> = rows
        .iter()
        .filter_map(|r| match **r {
            DrawRule::UnchangedMaterial {
                pieces: (lo, hi),
                moves,
                ..
            } => Some(
                Message::new("ends-material-table-cell")
                    .arg("moves", moves)
                    .arg("lo", lo.to_string())
                    .arg("hi", hi.to_string())
                    .render(lang),
            ),
            _ => None,
        })
        .collect();
    Message::new("ends-material-table")
        .arg("cells", cells.join(", "))
        .render(lang)
}

/// The draw rule behind a stored termination, in a variant, as one clause
/// with its citation: the words of [`draw_rule`], [`claim_rule`] or
/// [`end_rule`] for the variant's own rule ("15 moves with only kings moving
/// and no capture (seed 001 §1.9.1.6)"); the rows of one table (seed 001
/// §1.9.1.4) together. `None` for a termination that is not a draw rule, or
/// a rule the variant does not have.
#[must_use]
pub fn termination_rule(
    termination: Termination,
    variant: Variant,
    lang: Language,
) -> Option<String> {
    match termination {
        Termination::FiftyMoves => Some(claimable(
            &ClaimableDraw {
                kind: ClaimKind::FiftyMoves,
                citation: Citation::fide("9.3"),
            },
            lang,
        )),
        Termination::SeventyFiveMoves => Some(rule_with_citation(
            &end_rule(&EndRule::SeventyFiveMoves, lang),
            Citation::fide("9.6.2"),
            lang,
        )),
        Termination::FivefoldRepetition => Some(rule_with_citation(
            &end_rule(&EndRule::FivefoldRepetition, lang),
            Citation::fide("9.6.1"),
            lang,
        )),
        Termination::UnchangedMaterial if variant.towers().is_some() => {
            let t = variant.towers()?;
            let kind = ClaimKind::UnchangedMaterial {
                moves: t.unchanged_material_claim?,
            };
            Some(rule_with_citation(
                &claim_rule(kind, lang),
                t.unchanged_material_clause,
                lang,
            ))
        }
        Termination::KingsOnly
        | Termination::LoneKing
        | Termination::LoneKingMainRoad
        | Termination::LoneKingTwoPieces
        | Termination::UnchangedMaterial => {
            let rules: Vec<&DrawRule> = variant
                .draughts()?
                .draw_rules
                .iter()
                .filter(|r| r.termination() == termination)
                .collect();
            let first = rules.first()?;
            let words = match rules.as_slice() {
                [one] => draw_rule(one, lang),
                rows => material_table(rows, lang),
            };
            Some(rule_with_citation(&words, first.clause(), lang))
        }
        _ => None,
    }
}

/// The rule that ended a game, as one clause (without its citation).
#[must_use]
pub fn end_rule(rule: &EndRule, lang: Language) -> String {
    let id = match rule {
        EndRule::DrawRule(r) => return draw_rule(r, lang),
        EndRule::NoPieces => "end-no-pieces",
        EndRule::NoTowers => "end-no-towers",
        EndRule::NoMoves | EndRule::TowersNoMoves => "end-no-moves",
        EndRule::Checkmate => "end-checkmate",
        EndRule::Stalemate => "end-stalemate",
        EndRule::DeadPosition => "end-dead-position",
        EndRule::FivefoldRepetition => "end-fivefold-repetition",
        EndRule::SeventyFiveMoves => "end-seventy-five-moves",
    };
    Message::new(id).render(lang)
}

/// A rule with its citation: "the side to move has no legal move (Russian
/// Draughts Rules (2010), §1.8.1)".
#[must_use]
pub fn rule_with_citation(rule: &str, citation: Citation, lang: Language) -> String {
    format!("{rule} ({})", cite(citation, lang))
}

/// The result as a sentence start: "White won", «Белые выиграли», "Draw", «Ничья».
#[must_use]
pub fn result(r: GameResult, lang: Language) -> String {
    let id = match r {
        GameResult::WhiteWins => "result-white-won",
        GameResult::BlackWins => "result-black-won",
        GameResult::Draw => "result-draw",
    };
    Message::new(id).render(lang)
}

/// The result with its score: "White won (1-0)", «Ничья (1/2-1/2)».
#[must_use]
pub fn result_with_score(r: GameResult, lang: Language) -> String {
    format!("{} ({})", result(r, lang), r.pdn())
}

/// The rule behind a finish with its citation.
#[must_use]
pub fn finish_rule(f: &Finish, lang: Language) -> String {
    rule_with_citation(&end_rule(&f.rule, lang), f.citation, lang)
}

/// The sentence announcing that the rules ended a game: "Game over: the side
/// to move has no legal move (Russian Draughts Rules (2010), §1.8.1). White
/// won (1-0)."
#[must_use]
pub fn finish(f: &Finish, lang: Language) -> String {
    let rule = finish_rule(f, lang);
    let result = result_with_score(f.result, lang);
    Message::new("ends-game-over")
        .arg("rule", rule)
        .arg("result", result)
        .render(lang)
}

/// A claimable draw's rule as one clause (without its citation).
#[must_use]
pub fn claim_rule(kind: ClaimKind, lang: Language) -> String {
    match kind {
        ClaimKind::Repetition => Message::new("claim-rule-repetition"),
        ClaimKind::FiftyMoves => Message::new("claim-rule-fifty-moves"),
        ClaimKind::UnchangedMaterial { moves } => {
            Message::new("claim-rule-unchanged-material").arg("moves", moves.to_string())
        }
    }
    .render(lang)
}

/// A claimable draw with its citation.
#[must_use]
pub fn claimable(c: &ClaimableDraw, lang: Language) -> String {
    rule_with_citation(&claim_rule(c.kind, lang), c.citation, lang)
}

/// "3 times", «3 раза», «5 раз».
pub(super) fn times(n: usize, lang: Language) -> String {
    Message::new("ends-times").arg("n", n).render(lang)
}

/// Why a draw claim fails: the position has not occurred three times and no
/// other claim rule applies; `citation` is the game's repetition rule.
#[must_use]
pub fn claim_fails(repetitions: usize, citation: Citation, lang: Language) -> String {
    Message::new("claim-fails")
        .arg("times", times(repetitions, lang))
        .arg("citation", cite(citation, lang))
        .render(lang)
}
