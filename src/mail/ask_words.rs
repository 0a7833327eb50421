//! The words of questions to the referee and of a sealed move,
//! read from one line of a mail (after its game prefix) by
//! [`crate::mail::intent`]. A question takes the whole line:
//!
//! - the legal moves: the line is `moves`, `legal`, `legal moves`, `list
//!   moves`, `ходы`, `возможные ходы`, `допустимые ходы`, `какие ходы`, `мои
//!   ходы` (any case, a `?`, `!` or `.` after it);
//! - the verdict on a move: `why c3-d4`, `why not c3-d4`, `почему c3-d4`,
//!   `почему нельзя c3-d4`, `почему не c3-d4` (a `?` after the move is
//!   dropped);
//! - the rules: `rules`, `the rules`, `game rules`, `правила`, `правила игры`;
//! - a sealed move: `seal e7-e5`, `seal move e7-e5`, `sealed move: e7-e5`,
//!   `записываю ход e7-e5`, `запечатываю ход e7-e5`, `секретный ход e7-e5`
//!   (a move number before the move, `23...`, is dropped).
//!
//! The move after `why` or `seal` is kept as written: the referee reads it
//! against the position (and says why when it cannot).

/// A question or a sealed move read from a line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    /// The legal moves of the side to move.
    LegalMoves,
    /// The verdict on the move written.
    Why(String),
    /// The rules summary of the game.
    Rules,
    /// A move sealed in an adjourned game.
    Seal(String),
}

const LEGAL: &[&str] = &[
    "moves",
    "legal",
    "legal moves",
    "list moves",
    "list of moves",
    "show moves",
    "ходы",
    "возможные ходы",
    "допустимые ходы",
    "какие ходы",
    "мои ходы",
    "список ходов",
];
const RULES: &[&str] = &[
    "rules",
    "the rules",
    "game rules",
    "правила",
    "правила игры",
];
const WHY: &[&str] = &["why", "почему"];
const WHY_NOT: &[&str] = &["not", "нельзя", "не", "is", "isn't", "can't", "cannot"];
const SEAL: &[&str] = &[
    "seal",
    "sealed",
    "sealing",
    "записываю",
    "запечатываю",
    "секретный",
    "записанный",
];
const SEAL_MORE: &[&str] = &["move", "my", "ход", "мой", "в", "конверт", "конверте"];

/// Whether a word (lowercase, without punctuation) starts a question or a
/// sealed move.
#[must_use]
pub fn is_query_word(word: &str) -> bool {
    LEGAL.contains(&word) || RULES.contains(&word) || WHY.contains(&word) || SEAL.contains(&word)
}

/// Reads a line as a question or a sealed move; `None` when it is neither.
#[must_use]
pub fn read_query(line: &str) -> Option<Query> {
    let bare = line.trim().trim_end_matches(['?', '!', '.', ' ']);
    let lower: String = bare
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    if LEGAL.contains(&lower.as_str()) {
        return Some(Query::LegalMoves);
    }
    if RULES.contains(&lower.as_str()) {
        return Some(Query::Rules);
    }
    let mut words = line.split_whitespace();
    let first = words
        .next()?
        .trim_end_matches([':', ',', '?', '!', '.'])
        .to_lowercase();
    if WHY.contains(&first.as_str()) {
        let rest = after(line, 1, WHY_NOT);
        let text = rest.trim().trim_end_matches(['?', '!', '.', ' ']);
        // `почему` / `why not` alone: a question without its move (the
        // referee answers how to ask it).
        return (text.is_empty() || looks_like_move(text)).then(|| Query::Why(text.to_string()));
    }
    if SEAL.contains(&first.as_str()) {
        let rest = after(line, 1, SEAL_MORE);
        let text = without_number(rest.trim())
            .trim_end_matches(['.', ',', ';', ' '])
            .to_string();
        return looks_like_move(&text).then_some(Query::Seal(text));
    }
    None
}

/// Whether a text can be a move at all: every move names a square (a digit)
/// but castling written with letters (`O-O`). A chatty "why did you ...?" is
/// not a question to the referee.
fn looks_like_move(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_digit()) || text.to_uppercase().starts_with("O-O")
}

/// The line after its first `skip` words and then any of `more` (a colon
/// after a word is part of it).
fn after<'a>(line: &'a str, skip: usize, more: &[&str]) -> &'a str {
    let mut rest = line.trim_start();
    let mut n = 0;
    loop {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = rest[..end]
            .trim_end_matches([':', ',', '?', '!', '.'])
            .to_lowercase();
        let skip_it = n < skip || (!word.is_empty() && more.contains(&word.as_str()));
        if !skip_it {
            return rest;
        }
        rest = rest[end..].trim_start();
        n += 1;
        if rest.is_empty() {
            return rest;
        }
    }
}

/// A move without the move number written before it (`23... e7-e5`, `23.e4`).
fn without_number(text: &str) -> &str {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return text;
    }
    let rest = &text[digits..];
    let after_dots = rest.trim_start_matches(['.', '…']);
    if after_dots.len() == rest.len() {
        return text;
    }
    after_dots.trim_start()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_take_the_whole_line() {
        for line in ["ходы", "Ходы?", "moves", "Legal moves", "возможные ходы."]
        {
            assert_eq!(read_query(line), Some(Query::LegalMoves), "{line}");
        }
        for line in ["rules", "Правила", "правила игры?"] {
            assert_eq!(read_query(line), Some(Query::Rules), "{line}");
        }
        assert_eq!(read_query("my moves are good"), None);
        assert_eq!(read_query("c3-d4"), None);
    }

    #[test]
    fn why_keeps_the_move_as_written() {
        for (line, mv) in [
            ("why c3-d4", "c3-d4"),
            ("почему нельзя c3-d4?", "c3-d4"),
            ("Почему не 32x21", "32x21"),
            ("why not Nf3?", "Nf3"),
            ("почему: Кр e1-f1", "Кр e1-f1"),
        ] {
            assert_eq!(read_query(line), Some(Query::Why(mv.into())), "{line}");
        }
        assert_eq!(read_query("why?"), Some(Query::Why(String::new())));
        assert_eq!(
            read_query("Почему нельзя?"),
            Some(Query::Why(String::new()))
        );
        assert_eq!(read_query("Почему вы так долго думали?"), None);
        assert_eq!(read_query("why not O-O"), Some(Query::Why("O-O".into())));
    }

    #[test]
    fn a_sealed_move_is_read_without_its_number() {
        for (line, mv) in [
            ("seal e7-e5", "e7-e5"),
            ("Sealed move: 23... e7-e5", "e7-e5"),
            ("записываю ход e7-e5", "e7-e5"),
            ("Запечатываю ход 12. dc5.", "dc5"),
            ("секретный ход Кр e1-f1", "Кр e1-f1"),
            ("записываю в конверт ход g3-h4", "g3-h4"),
        ] {
            assert_eq!(read_query(line), Some(Query::Seal(mv.into())), "{line}");
        }
        assert_eq!(read_query("seal"), None);
    }

    #[test]
    fn a_question_or_a_seal_is_its_own_intent_never_a_move() {
        use crate::mail::intent::{Context, Intent, MoveSyntax, read_intents};
        use crate::vocabulary::GameId;
        let cx = Context::single(Some(GameId(3)), MoveSyntax::Draughts);
        let got: Vec<(Option<GameId>, Intent)> = read_intents(
            "почему c3-d4\nseal e3-f4\n#7: ходы",
            "Re: [zaochka #3] правила",
            &cx,
        )
        .into_iter()
        .map(|a| (a.game, a.intent))
        .collect();
        assert_eq!(
            got,
            [
                (
                    Some(GameId(3)),
                    Intent::Why {
                        text: "c3-d4".into()
                    }
                ),
                (
                    Some(GameId(3)),
                    Intent::Seal {
                        text: "e3-f4".into()
                    }
                ),
                (Some(GameId(3)), Intent::Rules),
                (Some(GameId(7)), Intent::LegalMoves),
            ]
        );
    }
}
