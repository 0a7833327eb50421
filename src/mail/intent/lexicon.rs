//! The English and Russian words of commands, the lead words before them and
//! the filler a bare command clause may hold.

use super::tokens::core_lower;

/// Whether a word (any case, punctuation around it allowed) is a command word.
#[must_use]
pub fn is_command_word(word: &str) -> bool {
    let w = core_lower(word);
    [
        ACCEPT, DECLINE, RESIGN, CLAIM, OFFER, DRAW, STATUS, HISTORY, HELP, LEAVE,
    ]
    .iter()
    .any(|set| set.contains(&w.as_str()))
        || crate::mail::ask_words::is_query_word(&w)
}

pub(super) const ACCEPT: &[&str] = &[
    "accept",
    "accepted",
    "accepting",
    "agree",
    "agreed",
    "согласен",
    "согласна",
    "согласны",
    "принимаю",
    "принято",
    "принята",
    "принимается",
];
pub(super) const DECLINE: &[&str] = &[
    "decline",
    "declined",
    "declining",
    "reject",
    "rejected",
    "refuse",
    "refused",
    "отказ",
    "отказываюсь",
    "отклоняю",
    "отклонено",
    "отклоняется",
];
pub(super) const RESIGN: &[&str] = &[
    "resign",
    "resigned",
    "resigning",
    "resigns",
    "сдаюсь",
    "сдался",
    "сдалась",
];
pub(super) const CLAIM: &[&str] = &["claim", "claiming", "требую", "заявляю"];
pub(super) const OFFER: &[&str] = &[
    "offer",
    "offering",
    "propose",
    "proposing",
    "suggest",
    "предлагаю",
];
pub(super) const DRAW: &[&str] = &[
    "draw",
    "ничья",
    "ничью",
    "ничьей",
    "ничьи",
    "remis",
    "ремиз",
];
pub(super) const STATUS: &[&str] = &["status", "статус"];
pub(super) const STANDINGS: &[&str] = &[
    "standings",
    "crosstable",
    "таблица",
    "таблицу",
    "турнирная",
    "турнирную",
];
pub(super) const WIN: &[&str] = &["win", "победу", "победа", "выигрыш"];
pub(super) const LOSS: &[&str] = &["loss", "defeat", "поражение", "проигрыш"];
pub(super) const ADMIT: &[&str] = &["признаю", "accept"];
pub(super) const HISTORY: &[&str] = &["history", "история", "историю"];
pub(super) const HELP: &[&str] = &["help", "помощь", "справка"];
pub(super) const LEAVE: &[&str] = &["leave", "vacation", "holiday", "holidays", "отпуск"];
pub(super) const NEGATIONS: &[&str] = &["не", "not", "don't", "dont"];

/// Words skipped before a command word at the start of a clause.
pub(super) const LEAD: &[&str] = &[
    "i",
    "я",
    "ok",
    "okay",
    "ок",
    "ну",
    "итак",
    "тогда",
    "well",
    "so",
    "then",
    "and",
    "и",
    "also",
    "также",
    "а",
    "please",
    "пожалуйста",
    "yes",
    "да",
    "hereby",
    "hi",
    "hello",
    "привет",
    "здравствуйте",
    "+",
    "&",
];

/// Words a clause may hold besides moves and command words and still count as
/// a bare command clause.
pub(super) const FILLER: &[&str] = &[
    "my",
    "move",
    "moves",
    "is",
    "play",
    "i'll",
    "now",
    "a",
    "the",
    "here",
    "here's",
    "it",
    "on",
    "to",
    "with",
    "мой",
    "моя",
    "ход",
    "ходом",
    "хожу",
    "играю",
    "вот",
    "так",
    "на",
    "от",
    "с",
    "-",
    "—",
    "–",
];
