//! How the rules alone end a game (automatic draws, end rules, results) and
//! which draw a player may claim, with the rule's citation.

use crate::games::{ClaimKind, ClaimableDraw, EndRule, Finish};
use crate::lang::Language;
use crate::lang::rulebook::cite;
use crate::rules::{Citation, DrawRule, GameResult, LoneKingCount};

/// An automatic draw rule of draughts as one clause.
#[must_use]
pub fn draw_rule(rule: &DrawRule, lang: Language) -> String {
    match (*rule, lang) {
        (
            DrawRule::LoneKing {
                moves,
                main_road_only: true,
                ..
            },
            Language::En,
        ) => format!(
            "three pieces against a lone king on the main road: no win within {moves} moves"
        ),
        (
            DrawRule::LoneKing {
                moves,
                main_road_only: true,
                ..
            },
            Language::Ru,
        ) => format!(
            "три фигуры против одинокой дамки на большой дороге: нет выигрыша за {moves} ходов"
        ),
        (
            DrawRule::LoneKing {
                moves,
                count: LoneKingCount::EachSide,
                ..
            },
            Language::En,
        ) => format!("stronger side against a lone king: no win within {moves} moves each"),
        (
            DrawRule::LoneKing {
                moves,
                count: LoneKingCount::EachSide,
                ..
            },
            Language::Ru,
        ) => format!(
            "сильнейшая сторона против одинокой дамки: нет выигрыша за {moves} ходов каждой стороны"
        ),
        (DrawRule::LoneKing { moves, .. }, Language::En) => {
            format!("stronger side against a lone king: no win within {moves} moves")
        }
        (DrawRule::LoneKing { moves, .. }, Language::Ru) => {
            format!("сильнейшая сторона против одинокой дамки: нет выигрыша за {moves} ходов")
        }
        (
            DrawRule::UnchangedMaterial {
                pieces: (lo, hi),
                moves,
                ..
            },
            Language::En,
        ) => {
            format!("both sides have kings, {lo}-{hi} pieces, material unchanged for {moves} moves")
        }
        (
            DrawRule::UnchangedMaterial {
                pieces: (lo, hi),
                moves,
                ..
            },
            Language::Ru,
        ) => format!(
            "у обеих сторон дамки, {lo}-{hi} фигур, соотношение сил не менялось {moves} ходов"
        ),
        (DrawRule::KingsOnly { moves, .. }, Language::En) => {
            format!("{moves} moves with only kings moving and no capture")
        }
        (DrawRule::KingsOnly { moves, .. }, Language::Ru) => {
            format!("{moves} ходов делались только дамками, без взятий")
        }
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
