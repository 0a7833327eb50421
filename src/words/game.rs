//! The words of a game: variant names, sides, the one Subject of a game's
//! mails, and the example move of each game's notation.

use crate::rules::{Color, Variant};
use crate::vocabulary::Language;

/// The variant's name as players call it: "Russian checkers" / «Русские шашки».
#[must_use]
pub fn variant_name(variant: Variant, lang: Language) -> &'static str {
    match variant {
        Variant::Russian => lang.pick("Russian checkers", "Русские шашки"),
        Variant::International => lang.pick("International draughts", "Международные шашки"),
        Variant::Bashni => lang.pick("Column checkers (Bashni)", "Столбовые шашки"),
        Variant::Lasca => lang.pick("Lasca", "Ласка"),
        Variant::Chess => lang.pick("Chess", "Шахматы"),
    }
}

/// The side's name: "White" / «белые».
#[must_use]
pub fn side_name(side: Color, lang: Language) -> &'static str {
    match side {
        Color::White => lang.pick("White", "белые"),
        Color::Black => lang.pick("Black", "чёрные"),
    }
}

/// The side's name at the start of a sentence: "White" / «Белые».
#[must_use]
pub fn side_name_capital(side: Color, lang: Language) -> String {
    let mut c = side_name(side, lang).chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A move named in plain words, for sentences about move numbers: "White's
/// move 12" / «ход 12 белых» (scores write it `12.` and `12...`:
/// [`super::site::move_number`]).
#[must_use]
pub fn move_words(number: u32, side: Color, lang: Language) -> String {
    match (side, lang) {
        (Color::White, Language::En) => format!("White's move {number}"),
        (Color::Black, Language::En) => format!("Black's move {number}"),
        (Color::White, Language::Ru) => format!("ход {number} белых"),
        (Color::Black, Language::Ru) => format!("ход {number} чёрных"),
    }
}

/// A number of days in English: "1 day", "3 days".
#[must_use]
pub fn days_en(n: u32) -> String {
    count_en(n, "day", "days")
}

/// A number and an English noun agreeing with it: `count_en(1, "line",
/// "lines")` is "1 line", any other number takes the plural ("0 lines",
/// "3 lines").
#[must_use]
pub fn count_en<N>(n: N, one: &str, many: &str) -> String
where
    N: TryInto<u64> + std::fmt::Display + Copy,
{
    if n.try_into().ok() == Some(1) {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A number of days in a language, the word agreeing with the number
/// ([`days_en`], [`days_ru`]).
#[must_use]
pub fn days(n: u32, lang: Language) -> String {
    match lang {
        Language::En => days_en(n),
        Language::Ru => days_ru(n),
    }
}

/// A number of days in Russian with the word agreeing: «1 день», «3 дня»,
/// «5 дней».
#[must_use]
pub fn days_ru(n: u32) -> String {
    super::catalog::Message::new("days-count")
        .arg("days", n)
        .render(Language::Ru)
}

/// The one Subject of every mail about a game to a reader:
/// `[zaochka #42] Русские шашки: Иванов – Петров` (White first). Mail clients
/// thread a game's mails by it; it never changes with the kind of mail.
#[must_use]
pub fn subject(game: i64, variant: Variant, white: &str, black: &str, lang: Language) -> String {
    format!(
        "[zaochka #{game}] {}: {white} – {black}",
        variant_name(variant, lang)
    )
}

pub use crate::notation::example_move;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_name_in_both_languages_and_an_example_move() {
        for v in [
            Variant::Russian,
            Variant::International,
            Variant::Bashni,
            Variant::Lasca,
            Variant::Chess,
        ] {
            let ru = variant_name(v, Language::Ru);
            assert!(ru.chars().all(|c| !c.is_ascii_alphabetic()), "{ru}");
            assert_ne!(variant_name(v, Language::En), v.name(), "the internal name");
            // The example is a legal first move of the game.
            let game = crate::games::new_game(v, None).unwrap();
            assert!(game.check(example_move(v)).is_ok(), "{v:?}");
        }
    }

    #[test]
    fn russian_day_counts_agree_with_their_number() {
        let got: Vec<String> = [1, 2, 5, 11, 21, 22, 112].map(days_ru).to_vec();
        assert_eq!(
            got,
            [
                "1 день",
                "2 дня",
                "5 дней",
                "11 дней",
                "21 день",
                "22 дня",
                "112 дней"
            ]
        );
    }

    #[test]
    fn subjects_name_the_variant_in_the_readers_language() {
        assert_eq!(
            subject(42, Variant::Russian, "Иванов", "Петров", Language::Ru),
            "[zaochka #42] Русские шашки: Иванов – Петров"
        );
        assert_eq!(
            subject(7, Variant::Chess, "Ann", "Bob", Language::En),
            "[zaochka #7] Chess: Ann – Bob"
        );
    }
}
