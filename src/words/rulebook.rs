//! Rule citations as players can look them up: the rulebook's own name and
//! clause («Правила вида спорта «шашки», п. 1.9.2», "FIDE Laws of Chess,
//! art. 9.2"), never a project file (table: `../shared/RULES.md` §9).

use crate::rules::{Citation, Rulebook};
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// The rulebook's name as it is cited: "Russian Draughts Rules (2010)" /
/// «Правила вида спорта «шашки»».
#[must_use]
pub fn book_name(book: Rulebook, lang: Language) -> String {
    let id = match book {
        Rulebook::RussianDraughts2010 => "rulebook-russian-draughts",
        Rulebook::ColumnCheckersCode => "rulebook-column-checkers",
        Rulebook::FideLaws => "rulebook-fide-laws",
        Rulebook::FmjdRules => "rulebook-fmjd-rules",
        Rulebook::LaskerLasca => "rulebook-lasker-lasca",
    };
    Message::new(id).render(lang)
}

/// The message citing a clause: `§` / `п.` for the draughts codes, `art.` /
/// `ст.` for the FIDE Laws and the FMJD rules.
fn clause_message(book: Rulebook) -> &'static str {
    match book {
        Rulebook::RussianDraughts2010 | Rulebook::ColumnCheckersCode => "rulebook-cite-section",
        Rulebook::FideLaws | Rulebook::FmjdRules | Rulebook::LaskerLasca => "rulebook-cite-article",
    }
}

/// A citation as players read it: «Правила вида спорта «шашки», п. 1.9.2»,
/// "Column Checkers Code, §1.13.2", "FIDE Laws of Chess, art. 9.2",
/// «Правила ФМЖД, ст. 6.3», "Lasker's Lasca rules (1911)" (no clause).
#[must_use]
pub fn cite(c: Citation, lang: Language) -> String {
    let book = book_name(c.book, lang);
    if c.clause.is_empty() {
        book
    } else {
        Message::new(clause_message(c.book))
            .arg("book", book)
            .arg("clause", c.clause)
            .render(lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One citation of every rulebook; a new rulebook is a compile error here.
    fn sample(book: Rulebook) -> Citation {
        match book {
            Rulebook::RussianDraughts2010 => Citation::russian("1.9.2"),
            Rulebook::ColumnCheckersCode => Citation::column("1.13.2"),
            Rulebook::FideLaws => Citation::fide("9.2"),
            Rulebook::FmjdRules => Citation::fmjd("6.3"),
            Rulebook::LaskerLasca => Citation::lasca(),
        }
    }

    #[test]
    fn citations_name_the_rulebooks_as_rules_md_section_9_does() {
        let want = [
            (
                "Russian Draughts Rules (2010), §1.9.2",
                "Правила вида спорта «шашки», п. 1.9.2",
            ),
            (
                "Column Checkers Code, §1.13.2",
                "Кодекс столбовых шашек, п. 1.13.2",
            ),
            (
                "FIDE Laws of Chess, art. 9.2",
                "Правила игры в шахматы ФИДЕ, ст. 9.2",
            ),
            ("FMJD Rules, art. 6.3", "Правила ФМЖД, ст. 6.3"),
            (
                "Lasker's Lasca rules (1911)",
                "правила Ласки (Ласкер, 1911)",
            ),
        ];
        for (book, (en, ru)) in Rulebook::ALL.into_iter().zip(want) {
            assert_eq!(cite(sample(book), Language::En), en);
            assert_eq!(cite(sample(book), Language::Ru), ru);
        }
    }

    #[test]
    fn russian_citations_hold_no_latin_words_or_project_files() {
        for book in Rulebook::ALL {
            let ru = cite(sample(book), Language::Ru);
            assert!(!ru.chars().any(|c| c.is_ascii_alphabetic()), "{ru}");
            for en in [cite(sample(book), Language::En), ru] {
                assert!(!en.contains("seed") && !en.contains("RULES"), "{en}");
            }
        }
    }
}
