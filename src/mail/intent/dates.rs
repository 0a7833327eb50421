//! Dates as players write them in a mail: the first and the last day of a
//! leave ([`leave_dates`]).
//!
//! The reader takes the words of a leave request and passes over every word
//! that is no date (`отпуск`, `прошу`, `с`, `from`, `the`, `of`, `года`). It
//! reads:
//! - whole dates: `2026-12-10` (ISO; also `2026/12/10`), and day first
//!   `10.12.2026`, `10.12.26`, `10/12/2026` (two-digit years are 20xx);
//! - a day and a month: `10.12`, `10/12` (day first), `10 декабря` (every
//!   month in the genitive, the nominative or cut short: `дек`, `дек.`,
//!   `сент.`), `10 Dec`, `Dec 10`, `December 10th`, `10th of December`, with
//!   an optional year after it (`10 декабря 2026 г.`, `December 10, 2026`);
//! - a range: `с 10 по 20 декабря`, `10-20.12`, `10–20 декабря` (the first
//!   day takes the month of the last; `с 30 по 5 января` starts on 30
//!   December), `с 10 декабря по 5 января`, `Dec 10 - Dec 20`,
//!   `10 Dec – 20 Dec`, `December 10 to 20`, `from 10 to 20 December`;
//!   `с 10 по 20` and `from the 10th to the 20th` name days of the month;
//! - a first day and a count of days: `с 10.12 на 14 дней`,
//!   `Dec 10 for 14 days`.
//!
//! Days and months that are numbers alone are read day first in Russian. In
//! English `10/12` or `10.12.2026` may be written either way round, so there
//! they are [`LeaveDates::Unreadable`] and the player is asked for a month
//! name or the ISO form.
//!
//! A first day without a year is the next such day on or after today (the
//! latest such day on or before the last day, when only the last day has a
//! year); a last day without a year is the first such day on or after the
//! first. Whether the leave is too long or in the past is the referee's to
//! say.

use chrono::{Datelike, Days, Months, NaiveDate};

use crate::clock::lexicon::DAY_WORDS;
use crate::vocabulary::Language;

/// The dates of a leave request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LeaveDates {
    /// The first and the last day, as written (the last may come first).
    Read(NaiveDate, NaiveDate),
    /// Words that look like dates, but not two days that can be read.
    Unreadable,
    /// No word that looks like a date.
    None,
}

/// The first and the last day of a leave in `words` (as written, punctuation
/// included), read as a player writing `lang` means them on `today`.
pub(super) fn leave_dates(words: &[&str], today: NaiveDate, lang: Language) -> LeaveDates {
    let mut atoms = Vec::new();
    for w in words {
        lex(w, &mut atoms);
    }
    if !atoms.iter().any(Atom::looks_like_date) {
        return LeaveDates::None;
    }
    match pieces(&atoms, lang).and_then(|(parts, days)| resolve(&parts, days, today)) {
        Some((from, to)) => LeaveDates::Read(from, to),
        None => LeaveDates::Unreadable,
    }
}

/// What a word is to the leave reader: it says a date, it links dates or
/// fills between them, or it is something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DateWord {
    /// A date or part of one, read without doubt (`10.12`, `декабря`,
    /// `2026-12-10`, `10–20`); a day number alone is [`DateWord::Part`].
    Date,
    /// A day number or a year alone, a link or a filler between dates
    /// (`20`, `по`, `-`, `to`, `the`, `года`).
    Part,
    /// Anything else.
    Other,
}

/// What a word is to the leave reader (see [`DateWord`]).
pub(super) fn date_word(word: &str) -> DateWord {
    let mut atoms = Vec::new();
    lex(word, &mut atoms);
    if atoms.iter().any(|a| matches!(a, Atom::Bad | Atom::Gap)) {
        return DateWord::Other;
    }
    // `may` is a month only next to a day.
    let strong = bare_lower(word) != "may"
        && atoms.iter().any(|a| {
            matches!(
                a,
                Atom::Date { .. } | Atom::DayMonth { .. } | Atom::Month(_)
            )
        });
    let nums = atoms
        .iter()
        .filter(|a| matches!(a, Atom::Num { .. }))
        .count();
    if strong || (nums > 1 && atoms.iter().any(|a| matches!(a, Atom::Link))) {
        DateWord::Date
    } else if !atoms.is_empty() || FILLER.contains(&bare_lower(word).as_str()) {
        DateWord::Part
    } else {
        DateWord::Other
    }
}

/// Words that fill between dates and are read as nothing.
const FILLER: &[&str] = &[
    "с",
    "со",
    "от",
    "на",
    "from",
    "the",
    "of",
    "on",
    "for",
    "between",
    "г",
    "года",
    "год",
    "year",
    "включительно",
    "inclusive",
    "числа",
];

/// Words that link a first day to a last one (dashes link too).
const LINKS: &[&str] = &[
    "по", "до", "и", "to", "till", "til", "until", "through", "thru", "and",
];

/// Month names, each with its number: English full and short, Russian in the
/// genitive (`декабря`), the nominative (`декабрь`) and cut short (`дек`).
const MONTHS: &[(&str, u32)] = &[
    ("january", 1),
    ("jan", 1),
    ("января", 1),
    ("январь", 1),
    ("янв", 1),
    ("february", 2),
    ("feb", 2),
    ("февраля", 2),
    ("февраль", 2),
    ("фев", 2),
    ("февр", 2),
    ("march", 3),
    ("mar", 3),
    ("марта", 3),
    ("март", 3),
    ("мар", 3),
    ("april", 4),
    ("apr", 4),
    ("апреля", 4),
    ("апрель", 4),
    ("апр", 4),
    ("may", 5),
    ("мая", 5),
    ("май", 5),
    ("june", 6),
    ("jun", 6),
    ("июня", 6),
    ("июнь", 6),
    ("июн", 6),
    ("july", 7),
    ("jul", 7),
    ("июля", 7),
    ("июль", 7),
    ("июл", 7),
    ("august", 8),
    ("aug", 8),
    ("августа", 8),
    ("август", 8),
    ("авг", 8),
    ("september", 9),
    ("sep", 9),
    ("sept", 9),
    ("сентября", 9),
    ("сентябрь", 9),
    ("сен", 9),
    ("сент", 9),
    ("october", 10),
    ("oct", 10),
    ("октября", 10),
    ("октябрь", 10),
    ("окт", 10),
    ("november", 11),
    ("nov", 11),
    ("ноября", 11),
    ("ноябрь", 11),
    ("ноя", 11),
    ("нояб", 11),
    ("december", 12),
    ("dec", 12),
    ("декабря", 12),
    ("декабрь", 12),
    ("дек", 12),
];

/// Endings of ordinal numbers, glued (`10th`, `10го`) or after a hyphen
/// (`10-го`, `20-е`).
const ORDINALS: &[&str] = &[
    "th", "st", "nd", "rd", "го", "ого", "е", "ое", "й", "ый", "ий", "г",
];

/// One piece of a word, as the leave reader sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Atom {
    /// A number alone (`10`, `10th`, `10-го`, `2026`, `2026г`), with its
    /// count of digits.
    Num { n: u32, digits: usize },
    /// A day and a month in numbers (`10.12`, `10/12`); `either_way` when
    /// it could also be read month first.
    DayMonth {
        day: u32,
        month: u32,
        either_way: bool,
    },
    /// A whole date (`2026-12-10`, `10.12.2026`); `either_way` as above.
    Date { date: NaiveDate, either_way: bool },
    /// A month name.
    Month(u32),
    /// A dash or a word that links two dates (`по`, `to`).
    Link,
    /// A word for days after a count (`дней`, `days`).
    DayWord,
    /// Digits that are no date (`32.13`, `10:00`, the `4` of `e4`).
    Bad,
    /// Another word: a month and a day pair only next to each other
    /// (`may` in `I may be away 10-20 Dec` is no month).
    Gap,
}

impl Atom {
    fn looks_like_date(&self) -> bool {
        !matches!(self, Atom::Link | Atom::DayWord | Atom::Gap)
    }

    /// A day of the month (1 to 31, one or two digits).
    fn day(self) -> Option<u32> {
        match self {
            Atom::Num { n, digits } if digits <= 2 && (1..=31).contains(&n) => Some(n),
            _ => None,
        }
    }
}

/// A word lowercased without the punctuation around it.
fn bare_lower(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '−')
}

/// Splits a word into atoms (nothing for a word that is no date).
fn lex(word: &str, out: &mut Vec<Atom>) {
    let lower = word.to_lowercase();
    let mut rest = lower.as_str();
    let mut after_letter = false;
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_digit() {
            let (atom, used) = number(rest);
            // Digits glued to letters before them are no date (`e4`, `h8`).
            out.push(if after_letter { Atom::Bad } else { atom });
            rest = &rest[used..];
            after_letter = false;
        } else if is_dash(c) {
            out.push(Atom::Link);
            rest = &rest[c.len_utf8()..];
            after_letter = false;
        } else if c.is_alphabetic() {
            let end = rest
                .find(|c: char| !c.is_alphabetic())
                .unwrap_or(rest.len());
            let letters = &rest[..end];
            if let Some(&(_, m)) = MONTHS.iter().find(|(name, _)| *name == letters) {
                out.push(Atom::Month(m));
            } else if LINKS.contains(&letters) {
                out.push(Atom::Link);
            } else if DAY_WORDS.contains(&letters) {
                out.push(Atom::DayWord);
            } else if !FILLER.contains(&letters) {
                out.push(Atom::Gap);
            }
            rest = &rest[end..];
            after_letter = true;
        } else {
            rest = &rest[c.len_utf8()..];
            after_letter = false;
        }
    }
}

/// Reads the number at the start of `s` (which starts with a digit): the atom
/// and the bytes used, an ordinal ending included.
fn number(s: &str) -> (Atom, usize) {
    let digits = |from: usize| s[from..].bytes().take_while(u8::is_ascii_digit).count();
    // Groups of digits joined by one separator: `10`, `10.12`, `10/12/2026`,
    // `2026-12-10` (a hyphen joins only an ISO date: `10-20` is a range).
    let mut groups = vec![(0, digits(0))];
    let mut sep = None;
    loop {
        let (at, len) = *groups.last().expect("one group");
        let end = at + len;
        let Some(c) = s[end..].chars().next() else {
            break;
        };
        let allowed = match sep {
            None => c == '.' || c == '/' || (c == '-' && len == 4),
            Some(sc) => c == sc,
        };
        // Every separator is one ASCII byte.
        if !allowed {
            break;
        }
        let next = digits(end + 1);
        if next == 0 {
            break;
        }
        sep = Some(c);
        groups.push((end + 1, next));
    }
    let (at, len) = *groups.last().expect("one group");
    let mut used = at + len;
    let value = |(at, len): (usize, usize)| s[at..at + len].parse::<u32>().ok();
    let atom = match (groups.as_slice(), sep) {
        ([one], _) => match value(*one) {
            Some(n) if one.1 <= 4 => Atom::Num { n, digits: one.1 },
            _ => Atom::Bad,
        },
        ([d, m], Some('.' | '/')) if d.1 <= 2 && m.1 <= 2 => match (value(*d), value(*m)) {
            (Some(day), Some(month)) if (1..=31).contains(&day) && (1..=12).contains(&month) => {
                Atom::DayMonth {
                    day,
                    month,
                    either_way: true,
                }
            }
            _ => Atom::Bad,
        },
        ([a, b, c], Some(sep)) => {
            let (a_len, c_len) = (a.1, c.1);
            let (a, b, c) = (value(*a), value(*b), value(*c));
            let ymd = |y: Option<u32>, m: Option<u32>, d: Option<u32>| {
                NaiveDate::from_ymd_opt(i32::try_from(y?).ok()?, m?, d?)
            };
            let date = if a_len == 4 {
                ymd(a, b, c).map(|date| (date, false))
            } else if sep != '-' && a_len <= 2 && (c_len == 2 || c_len == 4) {
                let year = if c_len == 2 { c.map(|y| 2000 + y) } else { c };
                ymd(year, b, a).map(|date| (date, true))
            } else {
                None
            };
            date.map_or(Atom::Bad, |(date, either_way)| Atom::Date {
                date,
                either_way,
            })
        }
        _ => Atom::Bad,
    };
    // An ordinal ending: `10th`, `10го`, `10-го`, `2026г`.
    let letters = |from: usize| {
        s[from..]
            .find(|c: char| !c.is_alphabetic())
            .map_or(s.len(), |k| from + k)
    };
    let glued = letters(used);
    if ORDINALS.contains(&&s[used..glued]) {
        used = glued;
    } else if s[used..].starts_with('-') {
        let end = letters(used + 1);
        if end > used + 1 && ORDINALS.contains(&&s[used + 1..end]) {
            used = end;
        }
    }
    (atom, used)
}

/// A day as written: its month and year when written with it, and whether a
/// link (`по`, `to`, a dash) comes before it.
#[derive(Clone, Copy, Debug)]
struct Part {
    day: u32,
    month: Option<u32>,
    year: Option<i32>,
    linked: bool,
}

/// The days written (with the count of days, if any) from the atoms, or
/// `None` when they do not read.
fn pieces(atoms: &[Atom], lang: Language) -> Option<(Vec<Part>, Option<u32>)> {
    // `Dec 10 Dec 20` pairs a month with the day after it, `10 Dec 20 Dec`
    // with the day before it: the first such pair written decides.
    let month_first = atoms
        .windows(2)
        .find_map(|w| match (w[0], w[1]) {
            (Atom::Month(_), d) if d.day().is_some() => Some(true),
            (d, Atom::Month(_)) if d.day().is_some() => Some(false),
            _ => None,
        })
        .unwrap_or(false);
    let either_way_refused = lang == Language::En;
    let mut parts: Vec<Part> = Vec::new();
    let mut days = None;
    let mut linked = false;
    let mut i = 0;
    while i < atoms.len() {
        let next = atoms.get(i + 1).copied();
        let mut part = |day, month, year| {
            parts.push(Part {
                day,
                month,
                year,
                linked,
            });
        };
        match atoms[i] {
            Atom::Link => {
                linked = true;
                i += 1;
                continue;
            }
            Atom::Bad => return None,
            Atom::Gap => {
                i += 1;
                continue;
            }
            Atom::DayWord => {}
            Atom::Date { date, either_way } => {
                if either_way && either_way_refused {
                    return None;
                }
                part(date.day(), Some(date.month()), Some(date.year()));
            }
            Atom::DayMonth {
                day,
                month,
                either_way,
            } => {
                if either_way && either_way_refused {
                    return None;
                }
                part(day, Some(month), None);
            }
            Atom::Num { n, .. } if next == Some(Atom::DayWord) => {
                if days.is_some() || n == 0 {
                    return None;
                }
                days = Some(n);
                i += 1;
            }
            Atom::Num { n, digits: 4 } => {
                // A year after a day and its month.
                let last = parts.last_mut()?;
                if last.year.is_some() || last.month.is_none() || linked {
                    return None;
                }
                last.year = Some(i32::try_from(n).ok()?);
            }
            a @ Atom::Num { .. } => {
                let day = a.day()?;
                let day_after_month = atoms.get(i + 2).and_then(|a| a.day()).is_some();
                match next {
                    Some(Atom::Month(m)) if !(month_first && day_after_month) => {
                        part(day, Some(m), None);
                        i += 1;
                    }
                    _ => part(day, None, None),
                }
            }
            // A month without a day next to it says no day: passed over.
            Atom::Month(m) => {
                if let Some(day) = next.and_then(Atom::day)
                    && atoms.get(i + 2) != Some(&Atom::DayWord)
                {
                    part(day, Some(m), None);
                    i += 1;
                }
            }
        }
        linked = false;
        i += 1;
    }
    Some((parts, days))
}

/// The first and the last day from the days written, on `today`.
fn resolve(parts: &[Part], days: Option<u32>, today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    match (parts, days) {
        ([first, last], None) => {
            // The last day without a month is a day of the month after the
            // first one (`December 10 to 20`, `с 10 по 20`): only after a link.
            if last.month.is_none() && !last.linked {
                return None;
            }
            let last_known = last
                .year
                .zip(last.month)
                .and_then(|(y, m)| NaiveDate::from_ymd_opt(y, m, last.day));
            let first = match (first.month, last.month) {
                (Some(m), _) => match (first.year, last_known) {
                    (Some(y), _) => NaiveDate::from_ymd_opt(y, m, first.day)?,
                    (None, Some(end)) => latest_on_or_before(m, first.day, end)?,
                    (None, None) => next_on_or_after(m, first.day, today)?,
                },
                // The first day takes the month of the last (`10-20.12`), the
                // month before when its day is later (`с 30 по 5 января`).
                (None, Some(lm)) => {
                    let m = if first.day > last.day {
                        if lm == 1 { 12 } else { lm - 1 }
                    } else {
                        lm
                    };
                    match last_known {
                        Some(end) => latest_on_or_before(m, first.day, end)?,
                        None => next_on_or_after(m, first.day, today)?,
                    }
                }
                (None, None) => next_day_of_month(first.day, today)?,
            };
            let last = match (last_known, last.month) {
                (Some(end), _) => end,
                (None, Some(m)) => next_on_or_after(m, last.day, first)?,
                (None, None) => next_day_of_month(last.day, first)?,
            };
            Some((first, last))
        }
        ([first], Some(n)) => {
            let (first, _) = resolve(&[*first, *first], None, today)?;
            let last = first.checked_add_days(Days::new(u64::from(n) - 1))?;
            Some((first, last))
        }
        _ => None,
    }
}

/// The first `day` of `month` on or after `from`.
fn next_on_or_after(month: u32, day: u32, from: NaiveDate) -> Option<NaiveDate> {
    // Eight years hold a 29 February.
    (from.year()..from.year() + 8)
        .filter_map(|y| NaiveDate::from_ymd_opt(y, month, day))
        .find(|d| *d >= from)
}

/// The last `day` of `month` on or before `until`.
fn latest_on_or_before(month: u32, day: u32, until: NaiveDate) -> Option<NaiveDate> {
    (until.year() - 8..=until.year())
        .rev()
        .filter_map(|y| NaiveDate::from_ymd_opt(y, month, day))
        .find(|d| *d <= until)
}

/// The first `day` of a month on or after `from`.
fn next_day_of_month(day: u32, from: NaiveDate) -> Option<NaiveDate> {
    let start = from.with_day(1)?;
    (0..12)
        .filter_map(|k| start.checked_add_months(Months::new(k))?.with_day(day))
        .find(|d| *d >= from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a date")
    }

    /// 1 November 2026, a day before every December example.
    const NOV_1: (i32, u32, u32) = (2026, 11, 1);

    fn read_on(text: &str, today: (i32, u32, u32), lang: Language) -> LeaveDates {
        let words: Vec<&str> = text.split_whitespace().collect();
        leave_dates(&words, date(today.0, today.1, today.2), lang)
    }

    fn ru(text: &str) -> LeaveDates {
        read_on(text, NOV_1, Language::Ru)
    }

    fn en(text: &str) -> LeaveDates {
        read_on(text, NOV_1, Language::En)
    }

    fn dec_10_to_20() -> LeaveDates {
        LeaveDates::Read(date(2026, 12, 10), date(2026, 12, 20))
    }

    #[test]
    fn russian_numeric_dates_read_day_first() {
        for text in [
            "прошу отпуск с 10.12 по 20.12",
            "отпуск с 10.12 по 20.12",
            "отпуск 10.12.26 - 20.12.26",
            "отпуск 10.12.2026 20.12.2026",
            "отпуск с 10/12 по 20/12",
            "отпуск 10.12-20.12",
            "отпуск 10-20.12",
            "отпуск 10–20.12.2026",
            "отпуск с 10-го по 20-е декабря",
            "отпуск с 10.12.2026 г. по 20.12.2026 г.",
        ] {
            assert_eq!(ru(text), dec_10_to_20(), "{text}");
        }
    }

    #[test]
    fn iso_dates_read_in_both_languages() {
        for read in [ru, en] {
            assert_eq!(read("leave 2026-12-10 2026-12-20"), dec_10_to_20());
            assert_eq!(read("отпуск 2026-12-10 – 2026-12-20"), dec_10_to_20());
            assert_eq!(read("leave 2026/12/10 to 2026/12/20"), dec_10_to_20());
        }
    }

    #[test]
    fn russian_month_names_in_every_form() {
        for text in [
            "отпуск 10 декабря - 20 декабря",
            "с 10 по 20 декабря",
            "с 10 дек. по 20 дек.",
            "с 10 дек по 20 дек",
            "10–20 декабря",
            "10 - 20 декабря 2026 года",
            "с 10 декабря 2026 г. по 20 декабря 2026 г.",
            "отпуск с 10 по 20 Декабрь",
        ] {
            assert_eq!(ru(text), dec_10_to_20(), "{text}");
        }
        let months = [
            "января",
            "февраля",
            "марта",
            "апреля",
            "мая",
            "июня",
            "июля",
            "августа",
            "сентября",
            "октября",
            "ноября",
            "декабря",
        ];
        for (k, name) in (1..).zip(months) {
            let year = if k < 11 { 2027 } else { 2026 };
            assert_eq!(
                ru(&format!("с 1 по 2 {name}")),
                LeaveDates::Read(date(year, k, 1), date(year, k, 2)),
                "{name}"
            );
        }
        for (short, m) in [("янв.", 1), ("фев", 2), ("сент.", 9), ("нояб.", 11)] {
            let year = if m < 11 { 2027 } else { 2026 };
            assert_eq!(
                ru(&format!("3 {short} - 4 {short}")),
                LeaveDates::Read(date(year, m, 3), date(year, m, 4)),
                "{short}"
            );
        }
    }

    #[test]
    fn english_month_names_either_side_of_the_day() {
        for text in [
            "leave Dec 10 - Dec 20",
            "leave 10 Dec – 20 Dec",
            "leave 10 Dec. – 20 Dec.",
            "vacation December 10 to 20",
            "holiday from 10 to 20 December",
            "leave from the 10th to the 20th of December",
            "leave December 10th through December 20th",
            "leave December 10, 2026 until December 20, 2026",
            "leave 10-20 Dec",
        ] {
            assert_eq!(en(text), dec_10_to_20(), "{text}");
        }
    }

    #[test]
    fn a_month_name_pairs_only_with_a_day_next_to_it() {
        assert_eq!(en("I may be on holiday 10–20 Dec"), dec_10_to_20());
        assert_eq!(
            en("leave May 1 - May 3"),
            LeaveDates::Read(date(2027, 5, 1), date(2027, 5, 3))
        );
        assert_eq!(date_word("may"), DateWord::Part);
    }

    #[test]
    fn a_range_crosses_the_year() {
        let new_year = LeaveDates::Read(date(2026, 12, 28), date(2027, 1, 5));
        assert_eq!(ru("с 28 декабря по 5 января"), new_year);
        assert_eq!(ru("с 28.12 по 05.01"), new_year);
        assert_eq!(ru("с 28 по 5 января"), new_year);
        assert_eq!(en("Dec 28 to Jan 5"), new_year);
        assert_eq!(en("December 28 to 5"), new_year);
        assert_eq!(ru("с 28.12 по 05.01.2027"), new_year);
    }

    #[test]
    fn a_date_without_a_year_is_the_next_one() {
        // In December, 5 January is next January's, and a December day gone by
        // is next December's.
        let dec_15 = (2026, 12, 15);
        assert_eq!(
            read_on("с 20 декабря по 5 января", dec_15, Language::Ru),
            LeaveDates::Read(date(2026, 12, 20), date(2027, 1, 5))
        );
        assert_eq!(
            read_on("с 10 по 20 декабря", dec_15, Language::Ru),
            LeaveDates::Read(date(2027, 12, 10), date(2027, 12, 20))
        );
        // Today itself is the next such day.
        assert_eq!(
            read_on("с 15 по 20 декабря", dec_15, Language::Ru),
            LeaveDates::Read(date(2026, 12, 15), date(2026, 12, 20))
        );
        // A year on the last day only: the first is the one before it.
        assert_eq!(
            ru("с 10.12 по 20.12.2027"),
            LeaveDates::Read(date(2027, 12, 10), date(2027, 12, 20))
        );
    }

    #[test]
    fn days_of_the_month_alone_are_the_next_such_days() {
        assert_eq!(
            read_on("с 10 по 20", (2026, 11, 15), Language::Ru),
            LeaveDates::Read(date(2026, 12, 10), date(2026, 12, 20))
        );
        assert_eq!(
            read_on("from the 25th to the 3rd", (2026, 11, 15), Language::En),
            LeaveDates::Read(date(2026, 11, 25), date(2026, 12, 3))
        );
    }

    #[test]
    fn a_first_day_and_a_count_of_days() {
        assert_eq!(ru("с 10.12 на 11 дней"), dec_10_to_20());
        assert_eq!(en("Dec 10 for 11 days"), dec_10_to_20());
    }

    #[test]
    fn english_numeric_days_and_months_are_refused() {
        for text in [
            "leave 10.12 - 20.12",
            "leave 10/12 to 20/12",
            "leave 12/10/2026 12/20/2026",
            "leave 10.12.2026 20.12.2026",
            "leave 10-20.12",
        ] {
            assert_eq!(en(text), LeaveDates::Unreadable, "{text}");
        }
    }

    #[test]
    fn nonsense_is_unreadable_and_no_date_is_none() {
        for text in [
            "отпуск 32.12 - 40.12",
            "отпуск 10.13 - 20.13",
            "отпуск 31.11 - 5.12",
            "отпуск с 10.12",
            "отпуск 10 декабря",
            "отпуск в декабре 10:00",
            "отпуск на 2 недели",
            "отпуск 10.12 20.12 30.12",
            "отпуск декабрь",
            "отпуск e2-e4",
            "leave 2026-12-10 14",
            "leave 2026-13-10 2026-12-20",
        ] {
            assert_eq!(ru(text), LeaveDates::Unreadable, "{text}");
        }
        for text in [
            "хочу в отпуск",
            "прошу отпуск",
            "leave",
            "holiday next week",
        ] {
            assert_eq!(ru(text), LeaveDates::None, "{text}");
            assert_eq!(en(text), LeaveDates::None, "{text}");
        }
    }

    #[test]
    fn the_last_day_may_come_first() {
        // The referee answers that such a leave ends before it starts.
        assert_eq!(
            ru("отпуск 2026-12-20 2026-12-10"),
            LeaveDates::Read(date(2026, 12, 20), date(2026, 12, 10))
        );
    }

    #[test]
    fn words_are_told_apart() {
        assert_eq!(date_word("10.12"), DateWord::Date);
        assert_eq!(date_word("дек."), DateWord::Date);
        assert_eq!(date_word("10–20"), DateWord::Date);
        assert_eq!(date_word("20"), DateWord::Part);
        assert_eq!(date_word("по"), DateWord::Part);
        assert_eq!(date_word("–"), DateWord::Part);
        assert_eq!(date_word("года"), DateWord::Part);
        assert_eq!(date_word("e2-e4"), DateWord::Other);
        assert_eq!(date_word("ход"), DateWord::Other);
    }
}
