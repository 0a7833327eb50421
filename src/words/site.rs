//! The words of the tournament site ([`crate::site`]): headings, labels and
//! links of its pages, and the caption of each position ("Position after 12.
//! c3-d4"). Names, results and crosstable cells come from the caller as text.

use crate::rules::Color;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// A heading, label or link of the tournament site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// The heading of the crosstable.
    Crosstable,
    /// The summary over the crosstable as monospace text.
    CrosstableText,
    /// The heading of the list of games.
    Games,
    /// A game (column header of the list of games).
    Game,
    /// White's player (label).
    White,
    /// Black's player (label).
    Black,
    /// The result (label).
    Result,
    /// The result of a game still being played.
    InProgress,
    /// The opening drawn by ballot (label).
    Ballot,
    /// The heading of the game score.
    Score,
    /// The position before the first ply (caption and link).
    StartPosition,
    /// The link to the position one ply back.
    Previous,
    /// The link to the position one ply on.
    Next,
    /// The link to the position after the last ply.
    LastPosition,
    /// The link from a position back to its game.
    BackToGame,
    /// The link from a page back to the tournament's front page.
    BackToTournament,
    /// How the game ended (label).
    Ending,
    /// The heading of the board after the last ply of a finished game.
    FinalPosition,
    /// The link to the crosstable as CSV.
    CrosstableCsv,
}

impl Word {
    /// Every word, for tests.
    pub const ALL: [Word; 19] = [
        Word::Ending,
        Word::FinalPosition,
        Word::CrosstableCsv,
        Word::Crosstable,
        Word::CrosstableText,
        Word::Games,
        Word::Game,
        Word::White,
        Word::Black,
        Word::Result,
        Word::InProgress,
        Word::Ballot,
        Word::Score,
        Word::StartPosition,
        Word::Previous,
        Word::Next,
        Word::LastPosition,
        Word::BackToGame,
        Word::BackToTournament,
    ];
}

/// A word of the site in a language: "Crosstable" / «Турнирная таблица».
#[must_use]
pub fn word(w: Word, lang: Language) -> String {
    let id = match w {
        Word::Crosstable => "site-crosstable",
        Word::CrosstableText => "site-crosstable-text",
        Word::Games => "site-games",
        Word::Game => "site-game",
        Word::White => "site-white",
        Word::Black => "site-black",
        Word::Result => "site-result",
        Word::InProgress => "site-in-progress",
        Word::Ballot => "site-ballot",
        Word::Score => "site-score",
        Word::StartPosition => "site-start-position",
        Word::Previous => "site-previous",
        Word::Next => "site-next",
        Word::LastPosition => "site-last-position",
        Word::BackToGame => "site-back-to-game",
        Word::BackToTournament => "site-back-to-tournament",
        Word::Ending => "site-ending",
        Word::FinalPosition => "site-final-position",
        Word::CrosstableCsv => "site-crosstable-csv",
    };
    Message::new(id).render(lang)
}

/// A round of the tournament: "Round 3" / «Тур 3».
#[must_use]
pub fn round(n: u32, lang: Language) -> String {
    Message::new("site-round")
        .arg("round", n.to_string())
        .render(lang)
}

/// The title of a game page: "Game 3-7: Ivanov – Petrov" / «Партия 3-7:
/// Иванов – Петров» (White first).
#[must_use]
pub fn game_title(label: &str, white: &str, black: &str, lang: Language) -> String {
    Message::new("site-game-title")
        .arg("label", label)
        .arg("white", white)
        .arg("black", black)
        .render(lang)
}

/// Which record a download link offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Download {
    /// The game's record: "Download PDN" / «Скачать PDN».
    Game,
    /// The whole event's record: "Download all games (PDN)" / «Скачать все
    /// партии (PDN)».
    Event,
}

/// The link to a record, as [`Download`] names it ("PGN" for chess).
#[must_use]
pub fn download(record: Download, chess: bool, lang: Language) -> String {
    let id = match (record, chess) {
        (Download::Game, true) => "site-download-pgn",
        (Download::Game, false) => "site-download-pdn",
        (Download::Event, true) => "site-download-event-pgn",
        (Download::Event, false) => "site-download-event-pdn",
    };
    Message::new(id).render(lang)
}

/// How a game ended, for its page and the title of its result in the list:
/// "Black resigned", "lost on time" / «чёрные сдались».
#[must_use]
pub fn ending(
    termination: crate::rules::Termination,
    result: crate::rules::GameResult,
    variant: crate::rules::Variant,
    lang: Language,
) -> String {
    super::state::termination_words(termination, result, variant, lang)
}

/// A finished game's result as the list of games prints it: `+/−` (`−/+`)
/// for a win by forfeit, White's sign first (no game was played); the
/// result followed by `⏱` for a loss on time and `⚖` for a result decided at
/// adjudication (the director's ruling, or both players' agreeing claims);
/// otherwise the result (`1-0`, `1/2-1/2`). [`legend`] explains the signs.
#[must_use]
pub fn result_sign(
    result: crate::rules::GameResult,
    termination: crate::rules::Termination,
) -> String {
    use crate::rules::{GameResult, Termination};
    match (termination, result) {
        (Termination::Forfeit, GameResult::WhiteWins) => "+/−".into(),
        (Termination::Forfeit, GameResult::BlackWins) => "−/+".into(),
        (Termination::Time, r) => format!("{} ⏱", r.as_str()),
        (Termination::Adjudication | Termination::AgreedClaims, r) => format!("{} ⚖", r.as_str()),
        (_, r) => r.as_str().to_string(),
    }
}

/// The legend of every sign the site's tables use: the crosstable's `+ −`,
/// `·`, `( )`, `*`, `×` and the list's `+/−`, `⏱`, `⚖`.
#[must_use]
pub fn legend(lang: Language) -> String {
    Message::new("site-legend").render(lang)
}

/// A ply's move number as scores write it: `12.` before White's ply, `12...`
/// before Black's.
#[must_use]
pub fn move_number(number: u32, side: Color) -> String {
    match side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

/// The caption of the position after a ply: "Position after 12. c3-d4" /
/// «Позиция после 12... f6-g5» (the move as the page writes it).
#[must_use]
pub fn after_ply(number: u32, side: Color, mv: &str, lang: Language) -> String {
    Message::new("site-after-ply")
        .arg("number", move_number(number, side))
        .arg("move", mv)
        .render(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_site_word_is_worded_in_both_languages() {
        for w in Word::ALL {
            // Fails to compile when a word is added without a case here.
            match w {
                Word::Crosstable
                | Word::CrosstableText
                | Word::Games
                | Word::Game
                | Word::White
                | Word::Black
                | Word::Result
                | Word::InProgress
                | Word::Ballot
                | Word::Score
                | Word::StartPosition
                | Word::Previous
                | Word::Next
                | Word::LastPosition
                | Word::BackToGame
                | Word::BackToTournament
                | Word::Ending
                | Word::FinalPosition
                | Word::CrosstableCsv => {}
            }
            let (en, ru) = (word(w, Language::En), word(w, Language::Ru));
            assert!(en.is_ascii(), "{en}");
            assert!(ru.chars().all(|c| !c.is_ascii_alphabetic()), "{ru}");
        }
        let mut en: Vec<String> = Word::ALL.iter().map(|&w| word(w, Language::En)).collect();
        en.sort_unstable();
        en.dedup();
        assert_eq!(en.len(), Word::ALL.len(), "two words read the same");
    }

    #[test]
    fn captions_name_the_move_with_its_number() {
        assert_eq!(
            after_ply(12, Color::White, "c3-d4", Language::En),
            "Position after 12. c3-d4"
        );
        assert_eq!(
            after_ply(12, Color::Black, "f6-g5", Language::Ru),
            "Позиция после 12... f6-g5"
        );
        assert_eq!(
            game_title("3-7", "Иванов", "Петров", Language::Ru),
            "Партия 3-7: Иванов – Петров"
        );
        assert_eq!(round(3, Language::Ru), "Тур 3");
        assert_eq!(download(Download::Game, true, Language::En), "Download PGN");
        assert_eq!(download(Download::Game, false, Language::Ru), "Скачать PDN");
        assert_eq!(
            download(Download::Event, true, Language::En),
            "Download all games (PGN)"
        );
    }

    #[test]
    fn forfeits_time_losses_and_adjudications_carry_their_signs() {
        use crate::rules::{GameResult, Termination};
        assert_eq!(
            result_sign(GameResult::WhiteWins, Termination::Forfeit),
            "+/−"
        );
        assert_eq!(
            result_sign(GameResult::BlackWins, Termination::Forfeit),
            "−/+"
        );
        assert_eq!(
            result_sign(GameResult::BlackWins, Termination::Time),
            "0-1 ⏱"
        );
        assert_eq!(
            result_sign(GameResult::Draw, Termination::Adjudication),
            "1/2-1/2 ⚖"
        );
        assert_eq!(
            result_sign(GameResult::WhiteWins, Termination::Resignation),
            "1-0"
        );
        for lang in [Language::En, Language::Ru] {
            let l = legend(lang);
            for sign in ["+ −", "+/−", "·", "( )", "*", "×", "⏱", "⚖", "3-4"] {
                assert!(l.contains(sign), "{sign} missing from {l}");
            }
        }
    }
}
