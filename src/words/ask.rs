//! The referee's answers to questions, in the reader's
//! language: the legal moves of the side to move (`moves`, `ходы`), and the
//! verdict on one written move with the rule and its citation (`why`,
//! `почему`). The rules summary is [`super::rules_summary`].

use super::game::side_name;
use super::rulebook::cite;
use crate::games::{Finish, MoveError};
use crate::rules::clauses::Rule;
use crate::rules::{Citation, Color, DrawRule, Variant};
use crate::vocabulary::Language;

/// Who asks about which game: the game, its variant, the side to move and
/// whether the asker is that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The game number.
    pub game: i64,
    /// The game played.
    pub variant: Variant,
    /// The side to move.
    pub to_move: Color,
    /// Whether it is the asker's move.
    pub yours: bool,
}

/// A rule with the clause of the rulebook that states it; `rule: None` when
/// the reason already says the rule (chess: "a bishop moves along diagonals").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cited {
    /// The rule, if it is to be said.
    pub rule: Option<Rule>,
    /// Where it stands.
    pub citation: Citation,
}

/// A piece a capture takes: its square (as the game names it), whether it
/// is a king, and for column checkers how many pieces of the tower jumped
/// stay under it (the capture takes only the top piece, seed 000 §1.6.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The square of the piece taken (`d4`, `28`).
    pub square: String,
    /// Whether the piece is a king.
    pub king: bool,
    /// Pieces under it that stay on the square (0 for a single piece).
    pub under: usize,
}

/// One legal move as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove {
    /// Full notation: every square of a capture path (`c3:e5:g3`); chess in
    /// long form (`Ng1-f3`), in the reader's piece letters.
    pub full: String,
    /// Short notation (`cd4`, `c:g3`; chess SAN).
    pub short: String,
    /// Whether the short form names this move only (else it is not shown).
    pub short_unique: bool,
    /// The pieces taken, in capture order (draughts and towers).
    pub taken: Vec<Taken>,
    /// Whether the moving man becomes a king.
    pub promotes: bool,
}

/// The legal moves of the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalList {
    /// The captures.
    pub captures: Vec<ListedMove>,
    /// The other moves.
    pub quiet: Vec<ListedMove>,
    /// When capture is compulsory (draughts with a capture on the board), the
    /// clause that says so.
    pub compulsory: Option<Citation>,
}

/// The verdict on a written move in the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move is legal.
    Legal {
        /// What it plays, in full notation.
        full: String,
        /// Its short form.
        short: String,
        /// The pieces it takes.
        taken: Vec<Taken>,
        /// Whether the man becomes a king.
        promotes: bool,
        /// How the game would end with it, if it would.
        finish: Option<Finish>,
    },
    /// The move would be refused: the referee's reason and the rules it breaks.
    Refused {
        /// The refusal a played move would get (unreadable, illegal, ambiguous).
        error: MoveError,
        /// The rules broken, with their clauses.
        rules: Vec<Cited>,
    },
}

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

/// The rules of a game as a summary gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesSummary {
    /// The game.
    pub variant: Variant,
    /// Its rules with their clauses, in order.
    pub rules: Vec<Cited>,
    /// Its automatic draw rules (draughts), each with its clause.
    pub draw_rules: Vec<DrawRule>,
    /// Bashni's draw claim on unchanged material: moves of each side, clause.
    pub material_claim: Option<(u16, Citation)>,
    /// The game's time control, if it has one.
    pub time_control: Option<crate::clock::TimeControl>,
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
