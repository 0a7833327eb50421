//! How the rules alone end a game (automatic draws, end rules, results) and
//! which draw a player may claim, with the rule's citation.

use crate::games::{ClaimKind, ClaimableDraw, EndRule, Finish};
use crate::rules::{Citation, DrawRule, GameResult, LoneKingCount, Material};
use crate::rules::{Termination, Variant};
use crate::vocabulary::Language;
use crate::words::rulebook::cite;

/// A small count in words: "two" / «две» (feminine, as «дамки», «простые»).
fn count_words(n: u8, lang: Language) -> String {
    match (n, lang) {
        (1, Language::En) => "a".into(),
        (2, Language::En) => "two".into(),
        (3, Language::En) => "three".into(),
        (1, Language::Ru) => String::new(),
        (2, Language::Ru) => "две".into(),
        (3, Language::Ru) => "три".into(),
        (n, _) => n.to_string(),
    }
}

/// Kings or men of a count: "a king", "two men" / «дамка», «две простые».
fn pieces_words(n: u8, king: bool, lang: Language) -> String {
    let plural_ru = |one, few, many| super::super::plural::plural_ru(u64::from(n), one, few, many);
    let noun = match (lang, king, n) {
        (Language::En, true, 1) => "king",
        (Language::En, true, _) => "kings",
        (Language::En, false, 1) => "man",
        (Language::En, false, _) => "men",
        (Language::Ru, true, _) => plural_ru("дамка", "дамки", "дамок"),
        (Language::Ru, false, _) => plural_ru("простая", "простые", "простых"),
    };
    let count = count_words(n, lang);
    if count.is_empty() {
        noun.to_string()
    } else {
        format!("{count} {noun}")
    }
}

/// One material of the stronger side: "two kings and a man" / «две дамки и
/// простая», "three kings or more" / «три дамки или больше».
fn material_words(m: Material, lang: Language) -> String {
    match m {
        Material::AtLeastKings(k) => match lang {
            Language::En => format!("{} or more", pieces_words(k, true, lang)),
            Language::Ru => format!("{} или больше", pieces_words(k, true, lang)),
        },
        Material::Exactly { kings, men } => {
            let parts: Vec<String> = [(kings, true), (men, false)]
                .into_iter()
                .filter(|&(n, _)| n > 0)
                .map(|(n, king)| pieces_words(n, king, lang))
                .collect();
            parts.join(lang.pick(" and ", " и "))
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
        return match lang {
            Language::En => format!("{} pieces", count_words(n, lang)),
            Language::Ru => format!(
                "{} {}",
                count_words(n, lang),
                super::super::plural::plural_ru(u64::from(n), "фигура", "фигуры", "фигур")
            ),
        };
    }
    let mut words: Vec<String> = strong.iter().map(|&m| material_words(m, lang)).collect();
    let last = words.pop().unwrap_or_default();
    match (words.is_empty(), lang) {
        (true, _) => last,
        (false, Language::En) => format!("{}, or {last}", words.join(", ")),
        (false, Language::Ru) => format!("{} или {last}", words.join(", ")),
    }
}

/// "15 moves" / «15 ходов», with whose moves they are.
fn moves_counted(moves: u16, count: LoneKingCount, lang: Language) -> String {
    let word = super::super::plural::moves_word_ru(u64::from(moves));
    match (count, lang) {
        (LoneKingCount::StrongerSide, Language::En) => {
            format!("{moves} moves of the stronger side")
        }
        (LoneKingCount::StrongerSide, Language::Ru) => {
            format!("{moves} {word} сильнейшей стороны")
        }
        (LoneKingCount::EachSide, Language::En) => format!("{moves} moves of each player"),
        (LoneKingCount::EachSide, Language::Ru) => format!("{moves} {word} каждой стороны"),
    }
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
            let strong = materials_words(strong, lang);
            let counted = moves_counted(moves, count, lang);
            match (main_road_only, lang) {
                (true, Language::En) => format!(
                    "{strong} against a lone king on the main road: no win within {counted}"
                ),
                (true, Language::Ru) => format!(
                    "{strong} против одинокой дамки на большой дороге: нет выигрыша за {counted}"
                ),
                (false, Language::En) => {
                    format!("{strong} against a lone king: no win within {counted}")
                }
                (false, Language::Ru) => {
                    format!("{strong} против одинокой дамки: нет выигрыша за {counted}")
                }
            }
        }
        DrawRule::UnchangedMaterial {
            pieces: (lo, hi),
            moves,
            ..
        } => match lang {
            Language::En => format!(
                "both sides have kings, {lo}-{hi} pieces, material unchanged for {moves} moves"
            ),
            Language::Ru => format!(
                "у обеих сторон дамки, {lo}-{hi} фигур, соотношение сил не менялось {moves} {}",
                super::super::plural::moves_word_ru(u64::from(moves))
            ),
        },
        DrawRule::KingsOnly { moves, .. } => match lang {
            Language::En => format!("{moves} moves with only kings moving and no capture"),
            Language::Ru => format!(
                "{moves} {} делались только дамками, без взятий",
                super::super::plural::moves_word_ru(u64::from(moves))
            ),
        },
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
            } => Some(match lang {
                Language::En => format!("{moves} moves with {lo}-{hi} pieces"),
                Language::Ru => format!(
                    "{moves} {} при {lo}-{hi} фигурах",
                    super::super::plural::moves_word_ru(u64::from(moves))
                ),
            }),
            _ => None,
        })
        .collect();
    match lang {
        Language::En => format!(
            "both sides have kings and the material has not changed for {}",
            cells.join(", ")
        ),
        Language::Ru => format!(
            "у обеих сторон дамки, и соотношение сил не менялось {}",
            cells.join(", ")
        ),
    }
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
    let s = match (rule, lang) {
        (EndRule::DrawRule(r), _) => return draw_rule(r, lang),
        (EndRule::NoPieces, Language::En) => "the side to move has no pieces left",
        (EndRule::NoPieces, Language::Ru) => "у стороны, чей ход, не осталось шашек",
        (EndRule::NoTowers, Language::En) => "the side to move has no tower left",
        (EndRule::NoTowers, Language::Ru) => "у стороны, чей ход, не осталось башен",
        (EndRule::NoMoves | EndRule::TowersNoMoves, Language::En) => {
            "the side to move has no legal move"
        }
        (EndRule::NoMoves | EndRule::TowersNoMoves, Language::Ru) => {
            "у стороны, чей ход, нет ходов"
        }
        (EndRule::Checkmate, Language::En) => {
            "checkmate: the king is in check and no move parries it"
        }
        (EndRule::Checkmate, Language::Ru) => "мат: королю объявлен шах, и от него нет защиты",
        (EndRule::Stalemate, Language::En) => {
            "stalemate: the side to move is not in check and has no legal move"
        }
        (EndRule::Stalemate, Language::Ru) => "пат: король не под шахом, а сделать ход нельзя",
        (EndRule::DeadPosition, Language::En) => {
            "dead position: neither side can checkmate with the material left"
        }
        (EndRule::DeadPosition, Language::Ru) => {
            "мёртвая позиция: ни одна сторона не может поставить мат оставшимися фигурами"
        }
        (EndRule::FivefoldRepetition, Language::En) => "the same position has appeared five times",
        (EndRule::FivefoldRepetition, Language::Ru) => "одна и та же позиция возникла пять раз",
        (EndRule::SeventyFiveMoves, Language::En) => {
            "75 moves by each player without a pawn move or a capture"
        }
        (EndRule::SeventyFiveMoves, Language::Ru) => {
            "75 ходов каждой стороны без хода пешкой и без взятия"
        }
    };
    s.to_string()
}

/// A rule with its citation: "the side to move has no legal move (Russian
/// Draughts Rules (2010), §1.8.1)".
#[must_use]
pub fn rule_with_citation(rule: &str, citation: Citation, lang: Language) -> String {
    format!("{rule} ({})", cite(citation, lang))
}

/// The result as a sentence start: "White won", «Белые выиграли», "Draw", «Ничья».
#[must_use]
pub fn result(r: GameResult, lang: Language) -> &'static str {
    match r {
        GameResult::WhiteWins => lang.pick("White won", "Белые выиграли"),
        GameResult::BlackWins => lang.pick("Black won", "Чёрные выиграли"),
        GameResult::Draw => lang.pick("Draw", "Ничья"),
    }
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
    match lang {
        Language::En => format!("Game over: {rule}. {result}."),
        Language::Ru => format!("Партия окончена: {rule}. {result}."),
    }
}

/// A claimable draw's rule as one clause (without its citation).
#[must_use]
pub fn claim_rule(kind: ClaimKind, lang: Language) -> String {
    match (kind, lang) {
        (ClaimKind::Repetition, Language::En) => {
            "the same position with the same side to move has occurred three times".into()
        }
        (ClaimKind::Repetition, Language::Ru) => {
            "одна и та же позиция при той же очереди хода повторилась три раза".into()
        }
        (ClaimKind::FiftyMoves, Language::En) => {
            "the last 50 moves by each player were made without a pawn move or a capture".into()
        }
        (ClaimKind::FiftyMoves, Language::Ru) => {
            "последние 50 ходов каждой стороны сделаны без хода пешкой и без взятия".into()
        }
        (ClaimKind::UnchangedMaterial { moves }, Language::En) => format!(
            "for the last {moves} moves the material (number of towers and their composition) has not changed"
        ),
        (ClaimKind::UnchangedMaterial { moves }, Language::Ru) => format!(
            "за последние {moves} ходов материальное соотношение сил (количество башен и их состав) не изменилось"
        ),
    }
}

/// A claimable draw with its citation.
#[must_use]
pub fn claimable(c: &ClaimableDraw, lang: Language) -> String {
    rule_with_citation(&claim_rule(c.kind, lang), c.citation, lang)
}

/// "3 times", «3 раза», «5 раз».
pub(super) fn times(n: usize, lang: Language) -> String {
    match lang {
        Language::En if n == 1 => "once".into(),
        Language::En => format!("{n} times"),
        Language::Ru => {
            let word = match (n % 10, n % 100) {
                (2..=4, d) if !(12..=14).contains(&d) => "раза",
                _ => "раз",
            };
            format!("{n} {word}")
        }
    }
}

/// Why a draw claim fails: the position has not occurred three times and no
/// other claim rule applies; `citation` is the game's repetition rule.
#[must_use]
pub fn claim_fails(repetitions: usize, citation: Citation, lang: Language) -> String {
    let n = times(repetitions, lang);
    let c = cite(citation, lang);
    match lang {
        Language::En => format!(
            "the position has occurred {n}; a draw needs the same position three times with the same side to move ({c}), and no other claim rule applies"
        ),
        Language::Ru => format!(
            "позиция встречалась {n}; для ничьей нужна трижды повторившаяся позиция при той же очереди хода ({c}), другие основания не выполнены"
        ),
    }
}
