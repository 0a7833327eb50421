//! What the mail queue itself says to a verified player (a mail too large, a
//! line for a game that is not theirs), as typed notices that become words only
//! here, in the player's language.

use crate::lang::Language;
use crate::mail::LimitKind;
use crate::store::GameId;

/// A notice from the mail queue to the verified sender of a mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The mail was larger than the bot reads; nothing in it was applied.
    TooLarge {
        /// The game whose address the mail was sent to.
        game: GameId,
        /// The mail's size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// A part of the mail was over a bound of what the bot reads (`[limits]`);
    /// nothing in it was applied.
    OverLimit {
        /// The game whose address the mail was sent to.
        game: GameId,
        /// Which bound.
        limit: LimitKind,
        /// What the mail held (in the bound's unit).
        found: u64,
        /// The bound.
        allowed: u64,
    },
    /// Lines addressed to games that do not exist or that the sender does not
    /// play in (the same words either way); the rest of the mail was applied.
    NotYourGames {
        /// The first such lines: the game each named, and the line as written
        /// (trimmed, a bounded excerpt).
        lines: Vec<(GameId, String)>,
        /// How many more such lines the mail held.
        more: usize,
    },
}

/// A size in bytes for a reader: KiB below one MiB, else MiB with one decimal.
fn size_text(bytes: u64, lang: Language) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * 1024;
    if bytes < MIB {
        let k = bytes.div_ceil(KIB);
        match lang {
            Language::Ru => format!("{k} КБ"),
            Language::En => format!("{k} KB"),
        }
    } else {
        let tenths = (bytes * 10).div_ceil(MIB);
        let (whole, frac) = (tenths / 10, tenths % 10);
        match lang {
            Language::Ru => format!("{whole},{frac} МБ"),
            Language::En => format!("{whole}.{frac} MB"),
        }
    }
}

/// What a bound measures, as a Russian phrase with its unit.
fn what_ru(limit: LimitKind) -> &'static str {
    match limit {
        LimitKind::MimeDepth => "слишком глубокая вложенность частей письма (уровней)",
        LimitKind::MimeParts => "слишком много частей и вложений",
        LimitKind::Headers => "слишком много строк заголовка",
        LimitKind::HeaderBytes => "слишком длинный заголовок, например тема (байт)",
        LimitKind::TextBytes => "слишком много текста (байт)",
        LimitKind::LineBytes => "слишком длинная строка текста (байт)",
        LimitKind::WordsPerLine => "слишком много слов в одной строке",
    }
}

/// What a bound measures, as an English phrase with its unit.
fn what_en(limit: LimitKind) -> &'static str {
    match limit {
        LimitKind::MimeDepth => "its parts are nested too deep (levels)",
        LimitKind::MimeParts => "it has too many parts and attachments",
        LimitKind::Headers => "it has too many header lines",
        LimitKind::HeaderBytes => "a header, such as the subject, is too long (bytes)",
        LimitKind::TextBytes => "it holds too much text (bytes)",
        LimitKind::LineBytes => "a line of its text is too long (bytes)",
        LimitKind::WordsPerLine => "a line of its text has too many words",
    }
}

impl Notice {
    /// The notice as the body of a reply, in the reader's language.
    #[must_use]
    pub fn text(&self, lang: Language) -> String {
        match (self, lang) {
            (Notice::TooLarge { game, size, limit }, Language::Ru) => format!(
                "Партия #{game} - ваше письмо слишком велико ({}; бот читает письма до {}), поэтому оно не прочитано и ничего не изменено. Пожалуйста, пришлите ход коротким письмом без вложений.",
                size_text(*size, lang),
                size_text(*limit, lang)
            ),
            (Notice::TooLarge { game, size, limit }, Language::En) => format!(
                "Game #{game} - your mail is too large ({}; the bot reads mails of up to {}), so it was not read and nothing was changed. Please send your move in a short mail without attachments.",
                size_text(*size, lang),
                size_text(*limit, lang)
            ),
            (
                Notice::OverLimit {
                    game,
                    limit,
                    found,
                    allowed,
                },
                Language::Ru,
            ) => format!(
                "Партия #{game} - ваше письмо слишком велико: {} ({found}; бот читает не больше {allowed}), поэтому оно не прочитано и ничего не изменено. Пожалуйста, пришлите ход коротким письмом.",
                what_ru(*limit)
            ),
            (
                Notice::OverLimit {
                    game,
                    limit,
                    found,
                    allowed,
                },
                Language::En,
            ) => format!(
                "Game #{game} - your mail is too large: {} ({found}; the bot reads at most {allowed}), so it was not read and nothing was changed. Please send your move in a short mail.",
                what_en(*limit)
            ),
            (Notice::NotYourGames { lines, more }, Language::Ru) => {
                let mut t =
                    String::from("Не приняты строки для партий, которых среди ваших партий нет:\n");
                for (game, line) in lines {
                    t.push_str(&format!("  #{game}: «{line}»\n"));
                }
                if *more > 0 {
                    t.push_str(&format!("  и ещё таких строк: {more}\n"));
                }
                t.push_str("Остальное в письме учтено.");
                t
            }
            (Notice::NotYourGames { lines, more }, Language::En) => {
                let mut t =
                    String::from("Not accepted: lines for games that are not among your games:\n");
                for (game, line) in lines {
                    t.push_str(&format!("  #{game}: \"{line}\"\n"));
                }
                if *more > 0 {
                    t.push_str(&format!("  and {more} more such line(s)\n"));
                }
                t.push_str("The rest of your mail was handled.");
                t
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size_text(300, Language::En), "1 KB");
        assert_eq!(size_text(256 * 1024, Language::Ru), "256 КБ");
        assert_eq!(size_text(10 * 1024 * 1024, Language::Ru), "10,0 МБ");
        assert_eq!(size_text(9_500_000, Language::En), "9.1 MB");
    }

    #[test]
    fn a_russian_notice_holds_no_english_word() {
        let n = Notice::TooLarge {
            game: GameId(3),
            size: 11 << 20,
            limit: 10 << 20,
        };
        let t = n.text(Language::Ru);
        assert!(t.starts_with("Партия #3 - "), "{t}");
        assert!(!t.chars().any(|c| c.is_ascii_alphabetic()), "{t}");
    }
}
