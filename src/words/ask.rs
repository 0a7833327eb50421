//! The referee's answers to questions, in the reader's
//! language: the legal moves of the side to move (`moves`, `ходы`), and the
//! verdict on one written move with the rule and its citation (`why`,
//! `почему`). The rules summary is [`super::rules_summary`].

use super::game::side_name;
use super::rulebook::cite;
use crate::rules::Variant;
use crate::vocabulary::Language;

pub use crate::referee::told::{Asked, Cited, LegalList, ListedMove, RulesSummary, Taken, Verdict};

/// The answer to `why` / `почему` written without a move: write the move
/// after the word; `example` is a legal move of the position in the game's
/// notation (empty when there is none).
#[must_use]
pub fn why_without_move(a: &Asked, example: &str, lang: Language) -> String {
    let mut out = match lang {
        Language::En => format!(
            "Game #{}: to ask why a move is or is not allowed, write the move after the word",
            a.game
        ),
        Language::Ru => format!(
            "Партия №{}: чтобы спросить, почему ход можно или нельзя сделать, напишите ход после слова",
            a.game
        ),
    };
    if !example.is_empty() {
        out.push_str(&match lang {
            Language::En => format!(", for example: why {example}"),
            Language::Ru => format!(", например: почему {example}"),
        });
    }
    out.push('.');
    out
}

/// "White (your move)" / «белые (ваш ход)».
fn whose(a: &Asked, lang: Language) -> String {
    let side = side_name(a.to_move, lang);
    match (a.yours, lang) {
        (true, Language::En) => format!("{side} (your move)"),
        (false, Language::En) => format!("{side} (your opponent's move)"),
        (true, Language::Ru) => format!("{side} (ваш ход)"),
        (false, Language::Ru) => format!("{side} (ход соперника)"),
    }
}

/// "takes d4, f6 (king)" / «бьёт d4, f6 (дамка)».
fn taken_text(taken: &[Taken], lang: Language) -> String {
    let list: Vec<String> = taken
        .iter()
        .map(|t| match (t.under, t.king, lang) {
            (0, true, Language::En) => format!("{} (king)", t.square),
            (0, true, Language::Ru) => format!("{} (дамка)", t.square),
            (0, false, _) => t.square.clone(),
            (n, king, Language::En) => format!(
                "{} (the {} on top of a tower of {})",
                t.square,
                if king { "king" } else { "man" },
                n + 1
            ),
            (n, king, Language::Ru) => format!(
                "{} (верхнюю {} башни из {})",
                t.square,
                if king { "дамку" } else { "простую" },
                n + 1
            ),
        })
        .collect();
    match lang {
        Language::En => format!("takes {}", list.join(", ")),
        Language::Ru => format!("бьёт {}", list.join(", ")),
    }
}

/// One listed move: `c3:e5:g3 — short c:g3 — takes d4, f4; becomes a king`.
fn move_line(m: &ListedMove, lang: Language) -> String {
    let mut parts = vec![m.full.clone()];
    if m.short_unique && m.short != m.full {
        parts.push(match lang {
            Language::En => format!("short {}", m.short),
            Language::Ru => format!("кратко {}", m.short),
        });
    }
    if !m.taken.is_empty() {
        parts.push(taken_text(&m.taken, lang));
    }
    if m.promotes {
        parts.push(
            match lang {
                Language::En => "becomes a king",
                Language::Ru => "становится дамкой",
            }
            .to_string(),
        );
    }
    format!("  {}", parts.join(" — "))
}

/// The legal moves of the side to move, captures first, one per line.
#[must_use]
pub fn legal(a: &Asked, list: &LegalList, lang: Language) -> String {
    let n = list.captures.len() + list.quiet.len();
    let mut out = match lang {
        Language::En => format!(
            "Game #{}: the legal moves of {}, {n} in all.",
            a.game,
            whose(a, lang)
        ),
        Language::Ru => format!(
            "Партия №{}: возможные ходы — {}, всего {n}.",
            a.game,
            whose(a, lang)
        ),
    };
    if n == 0 {
        out.push('\n');
        out.push_str(match lang {
            Language::En => "There is no legal move.",
            Language::Ru => "Ходов нет.",
        });
        return out;
    }
    if !list.captures.is_empty() {
        out.push('\n');
        out.push_str(&match (list.compulsory, lang) {
            (Some(c), Language::En) => format!(
                "Capture is compulsory ({}); every capture path:",
                cite(c, lang)
            ),
            (Some(c), Language::Ru) => {
                format!("Бить обязательно ({}); все пути взятия:", cite(c, lang))
            }
            (None, Language::En) => "Captures:".into(),
            (None, Language::Ru) => "Взятия:".into(),
        });
        for m in &list.captures {
            out.push('\n');
            out.push_str(&move_line(m, lang));
        }
    }
    if !list.quiet.is_empty() {
        out.push('\n');
        out.push_str(match (list.captures.is_empty(), lang) {
            (true, Language::En) => "Moves:",
            (true, Language::Ru) => "Ходы:",
            (false, Language::En) => "Other moves:",
            (false, Language::Ru) => "Другие ходы:",
        });
        for m in &list.quiet {
            out.push('\n');
            out.push_str(&move_line(m, lang));
        }
    }
    out
}

/// One broken rule: "Rule: a man moves ... (Russian Draughts Rules (2010),
/// §1.4.3)." / «Правило: ...».
fn cited_line(variant: Variant, c: &Cited, lang: Language) -> String {
    let book = cite(c.citation, lang);
    match (c.rule, lang) {
        (Some(r), Language::En) => format!(
            "Rule: {} ({book}).",
            super::rules_summary::rule_text(variant, r, lang)
        ),
        (Some(r), Language::Ru) => format!(
            "Правило: {} ({book}).",
            super::rules_summary::rule_text(variant, r, lang)
        ),
        (None, Language::En) => format!("Rule: {book}."),
        (None, Language::Ru) => format!("Правило: {book}."),
    }
}

/// The verdict on `written` in the current position.
#[must_use]
pub fn verdict(a: &Asked, written: &str, v: &Verdict, lang: Language) -> String {
    let mut out = match lang {
        Language::En => format!(
            "Game #{}: the verdict on \"{written}\" in the current position; to move: {}.",
            a.game,
            whose(a, lang)
        ),
        Language::Ru => format!(
            "Партия №{}: разбор хода «{written}» в текущей позиции; очередь хода — {}.",
            a.game,
            whose(a, lang)
        ),
    };
    out.push('\n');
    match v {
        Verdict::Legal {
            full,
            short,
            taken,
            promotes,
            finish,
        } => {
            out.push_str(&match lang {
                Language::En => format!("The move is legal: it plays {full} (short {short})"),
                Language::Ru => format!("Ход возможен: это {full} (кратко {short})"),
            });
            if !taken.is_empty() {
                out.push_str(", ");
                out.push_str(&taken_text(taken, lang));
            }
            if *promotes {
                out.push_str(match lang {
                    Language::En => ", and the man becomes a king",
                    Language::Ru => ", и шашка становится дамкой",
                });
            }
            out.push('.');
            if let Some(f) = finish {
                out.push(' ');
                out.push_str(&match lang {
                    Language::En => format!(
                        "It would end the game: {}.",
                        super::moves::finish_rule(f, lang)
                    ),
                    Language::Ru => format!(
                        "Этим ходом партия закончилась бы: {}.",
                        super::moves::finish_rule(f, lang)
                    ),
                });
            }
            if !a.yours {
                out.push(' ');
                out.push_str(match lang {
                    Language::En => "It is not your move now.",
                    Language::Ru => "Сейчас не ваш ход.",
                });
            }
        }
        Verdict::Refused { error, rules } => {
            out.push_str(&match lang {
                Language::En => format!("The move is not allowed: {}.", error.message(lang)),
                Language::Ru => format!("Так ходить нельзя: {}.", error.message(lang)),
            });
            for c in rules {
                out.push('\n');
                out.push_str(&cited_line(a.variant, c, lang));
            }
        }
    }
    out
}
