//! Leave requests in a line: each clause that asks for leave is read for its
//! dates ([`leave_dates`]) and taken out of the line before its moves and
//! commands are read, so that `отпуск 10-20 декабря` holds no move `10-20`.
//!
//! A clause asks for leave when it holds a leave word (`leave`, `vacation`,
//! `holiday`, `holidays`, `отпуск`) and either
//! - the leave word comes first, after lead words (`ok`, `я`, `please`) and
//!   words that ask (`прошу отпуск`, `хочу в отпуск`, `I'd like to take a
//!   vacation`); after words that ask, `leave` must be the noun (`take leave`,
//!   `on leave`, not `I want to leave`), or
//! - the clause holds a date (`С 10 по 20 декабря прошу отпуск`).
//!
//! The clauses before and after it that hold nothing but dates belong to it:
//! the full stop of `дек.` or `г.` and a comma end a clause, not a request
//! (`отпуск с 10 дек. по 20 дек.`). A leave clause holds no move. Its dates
//! are read day first when the player writes Russian or the leave word is
//! `отпуск`.

use std::borrow::Cow;
use std::ops::Range;

use super::dates::{DateWord, LeaveDates, date_word, leave_dates};
use super::lexicon::{LEAD, LEAVE};
use super::lines::excerpt;
use super::merge::ItemKind;
use super::tokens::{core_lower, words};
use super::types::Context;
use crate::vocabulary::Language;

/// Words that ask for leave before the leave word, besides [`BEFORE_THE_NOUN`] (`прошу`, `хочу в`,
/// `would like to take`).
const ASKING: &[&str] = &[
    "прошу",
    "хочу",
    "хотел",
    "хотела",
    "хотелось",
    "бы",
    "мне",
    "нужен",
    "нужно",
    "надо",
    "беру",
    "возьму",
    "взять",
    "ухожу",
    "уйду",
    "уйти",
    "иду",
    "пойду",
    "уезжаю",
    "оформите",
    "оформить",
    "предоставьте",
    "предоставить",
    "дайте",
    "дать",
    "запрашиваю",
    "в",
    "на",
    "мой",
    "свой",
    "want",
    "wanted",
    "would",
    "like",
    "i'd",
    "i'm",
    "am",
    "will",
    "be",
    "to",
    "need",
    "go",
    "going",
];

/// The words after which `leave` is the noun (`take leave`, `on leave`).
const BEFORE_THE_NOUN: &[&str] = &[
    "take",
    "taking",
    "request",
    "requesting",
    "on",
    "a",
    "an",
    "my",
    "some",
    "annual",
    "for",
    "of",
];

/// Takes the leave requests out of a line: hands each to `push` (as
/// [`ItemKind::Leave`] or, when its dates do not read, [`ItemKind::BadLeave`]
/// with its words) and returns the rest of the line.
pub(super) fn take_leave<'t>(
    text: &'t str,
    cx: &Context<'_>,
    push: &mut dyn FnMut(ItemKind),
) -> Cow<'t, str> {
    let lower = text.to_lowercase();
    if !LEAVE.iter().any(|w| lower.contains(w)) {
        return Cow::Borrowed(text);
    }
    let ws = words(text);
    let mut clauses: Vec<Range<usize>> = Vec::new();
    let mut start = 0;
    for (k, (_, ends)) in ws.iter().enumerate() {
        if *ends {
            clauses.push(start..k + 1);
            start = k + 1;
        }
    }
    if start < ws.len() {
        clauses.push(start..ws.len());
    }
    let kinds: Vec<DateWord> = ws.iter().map(|(w, _)| date_word(w)).collect();
    let only_dates = |c: &Range<usize>| {
        let ks = &kinds[c.clone()];
        ks.contains(&DateWord::Date) && !ks.contains(&DateWord::Other)
    };
    let mut taken = vec![false; ws.len()];
    // Clauses before `floor` belong to a request already taken.
    let mut floor = 0;
    let mut c = 0;
    while c < clauses.len() {
        let clause = clauses[c].clone();
        let lowers: Vec<String> = ws[clause.clone()]
            .iter()
            .map(|(w, _)| core_lower(w))
            .collect();
        let Some(leave_word) = lowers.iter().find(|w| LEAVE.contains(&w.as_str())) else {
            c += 1;
            continue;
        };
        if !(asks(&lowers) || kinds[clause].contains(&DateWord::Date)) {
            c += 1;
            continue;
        }
        let mut first = c;
        while first > floor && only_dates(&clauses[first - 1]) {
            first -= 1;
        }
        let mut last = c;
        while last + 1 < clauses.len() && only_dates(&clauses[last + 1]) {
            last += 1;
        }
        let span = clauses[first].start..clauses[last].end;
        let raws: Vec<&str> = ws[span.clone()].iter().map(|(w, _)| *w).collect();
        let lang = if leave_word == "отпуск" {
            Language::Ru
        } else {
            cx.language
        };
        push(match leave_dates(&raws, cx.today, lang) {
            LeaveDates::Read(from, to) => ItemKind::Leave(from, to),
            LeaveDates::Unreadable | LeaveDates::None => {
                ItemKind::BadLeave(excerpt(&raws.join(" ")).to_string())
            }
        });
        taken[span].fill(true);
        floor = last + 1;
        c = last + 1;
    }
    if !taken.contains(&true) {
        return Cow::Borrowed(text);
    }
    let rest: Vec<&str> = ws
        .iter()
        .zip(&taken)
        .filter(|(_, t)| !**t)
        .map(|((w, _), _)| *w)
        .collect();
    Cow::Owned(rest.join(" "))
}

/// Whether a clause (its words lowercased) starts by asking for leave.
fn asks(lowers: &[String]) -> bool {
    let mut asked_with: Option<&str> = None;
    for w in lowers {
        let w = w.as_str();
        if LEAVE.contains(&w) {
            return w != "leave" || asked_with.is_none_or(|b| BEFORE_THE_NOUN.contains(&b));
        }
        if ASKING.contains(&w) || BEFORE_THE_NOUN.contains(&w) {
            asked_with = Some(w);
        } else if !LEAD.contains(&w) {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::mail::intent::{Intent, MoveSyntax, Unrecognised, read_intents};
    use crate::vocabulary::GameId;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a date")
    }

    fn read(text: &str, lang: Language, syntax: MoveSyntax) -> Vec<Intent> {
        let cx = Context::single(Some(GameId(3)), syntax).on(date(2026, 11, 1), lang);
        read_intents(text, "", &cx)
            .into_iter()
            .map(|a| a.intent)
            .collect()
    }

    fn dec_10_to_20() -> Intent {
        Intent::Leave {
            from: date(2026, 12, 10),
            to: date(2026, 12, 20),
        }
    }

    fn unreadable(words: &str) -> Intent {
        Intent::Unrecognised(Unrecognised::LeaveDates(words.into()))
    }

    #[test]
    fn a_request_anywhere_in_its_clause_is_read() {
        for text in [
            "прошу отпуск с 10.12 по 20.12",
            "Здравствуйте!\nотпуск с 10.12 по 20.12\nСпасибо.",
            "С 10 по 20 декабря прошу отпуск.",
            "Хочу в отпуск с 10 дек. по 20 дек.",
            "отпуск, с 10 по 20 декабря",
        ] {
            assert_eq!(
                read(text, Language::Ru, MoveSyntax::Draughts),
                [dec_10_to_20()],
                "{text}"
            );
        }
        for text in [
            "I'd like to take leave from Dec 10 to Dec 20.",
            "I am on holiday 10 Dec – 20 Dec",
            "Vacation: December 10 to 20",
        ] {
            assert_eq!(
                read(text, Language::En, MoveSyntax::Chess),
                [dec_10_to_20()],
                "{text}"
            );
        }
    }

    #[test]
    fn a_request_without_dates_is_still_a_request() {
        assert_eq!(
            read("Хочу в отпуск", Language::Ru, MoveSyntax::Draughts),
            [unreadable("Хочу в отпуск")]
        );
        assert_eq!(
            read("прошу отпуск.", Language::Ru, MoveSyntax::Draughts),
            [unreadable("прошу отпуск.")]
        );
        assert_eq!(
            read("leave 10/12 - 20/12", Language::En, MoveSyntax::Draughts),
            [unreadable("leave 10/12 - 20/12")]
        );
    }

    #[test]
    fn the_numbers_of_a_leave_are_no_moves() {
        // `10-20` is a move in numeric draughts notation.
        assert_eq!(
            read(
                "отпуск 10-20 декабря, ход 32-28",
                Language::Ru,
                MoveSyntax::Draughts
            ),
            [
                dec_10_to_20(),
                Intent::Move {
                    mv: crate::mail::intent::MoveText {
                        text: "32-28".into(),
                        number: None,
                        black: false,
                        syntax: MoveSyntax::Draughts,
                    },
                    offer_draw: false,
                }
            ]
        );
    }

    #[test]
    fn leave_in_prose_is_no_request() {
        for (text, lang) in [
            ("Я в отпуске до 24 марта", Language::Ru),
            ("Как прошёл отпуск?", Language::Ru),
            ("I'll leave it to you.", Language::En),
            ("I want to leave", Language::En),
            ("Happy holidays! See you on Dec 28.", Language::En),
        ] {
            assert_eq!(
                read(text, lang, MoveSyntax::Draughts),
                [Intent::Unrecognised(Unrecognised::NoCommand)],
                "{text}"
            );
        }
    }

    #[test]
    fn a_leave_word_takes_the_reader_to_russian_dates() {
        // An English player writing `отпуск` means day first.
        assert_eq!(
            read(
                "отпуск с 10.12 по 20.12",
                Language::En,
                MoveSyntax::Draughts
            ),
            [dec_10_to_20()]
        );
    }
}
