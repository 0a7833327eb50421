//! The program's own words read back: a director may type a result or a
//! status on the command line the way the mails word it, in either language
//! (`ничья`, `белые выиграли`, `победа белых`, `окончена`), besides the
//! stored names (`1-0`, `finished`). The words are those of the rest of the
//! prose layer ([`super::moves::result`], [`super::game::side_name`],
//! [`super::state::status_word`] and its synonyms), so that a word changed
//! there is read here too.

use super::game::side_name;
use super::state::status_word;
use crate::rules::Color;
use crate::vocabulary::Language;
use crate::vocabulary::{GameResult, GameStatus};

/// Other words a director may type for a status (read back by
/// [`status_named`] beside [`status_word`]).
#[must_use]
fn status_synonyms(status: GameStatus, lang: Language) -> &'static [&'static str] {
    match (status, lang) {
        (GameStatus::Active, Language::En) => &["playing", "running"],
        (GameStatus::Active, Language::Ru) => &["активна", "активная", "активные", "играется"],
        (GameStatus::Paused, Language::En) => &[],
        (GameStatus::Paused, Language::Ru) => &["приостановлены", "пауза"],
        (GameStatus::Adjourned, Language::En) => &[],
        (GameStatus::Adjourned, Language::Ru) => &["отложенные"],
        (GameStatus::Finished, Language::En) => &["over", "done"],
        (GameStatus::Finished, Language::Ru) => &["завершена", "завершённые", "оконченные"],
        (GameStatus::Annulled, Language::En) => &[],
        (GameStatus::Annulled, Language::Ru) => &["аннулированные"],
    }
}

/// The genitive of a side («белых», «чёрных») for Russian phrases.
fn side_genitive(side: Color) -> &'static str {
    match side {
        Color::White => "белых",
        Color::Black => "чёрных",
    }
}

/// Lowercase, `ё` read as `е`, spaces collapsed, a final full stop dropped.
fn folded(text: &str) -> String {
    text.trim()
        .trim_end_matches('.')
        .to_lowercase()
        .replace('ё', "е")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The winner of a decisive result.
fn winner(r: GameResult) -> Option<Color> {
    match r {
        GameResult::WhiteWins => Some(Color::White),
        GameResult::BlackWins => Some(Color::Black),
        GameResult::Draw => None,
    }
}

/// Every way the prose layer words `r`: the score (`1-0`), the sentence
/// («Белые выиграли», "Draw"), the winner's side («белые», "White") and
/// «победа белых»; `½-½` for a draw.
fn result_words(r: GameResult) -> Vec<String> {
    let mut words = vec![r.as_str().to_string()];
    if r == GameResult::Draw {
        words.push("½-½".into());
    }
    for lang in [Language::En, Language::Ru] {
        words.push(super::moves::result(r, lang));
        if let Some(w) = winner(r) {
            words.push(side_name(w, lang).to_string());
        }
    }
    if let Some(w) = winner(r) {
        words.push(format!("победа {}", side_genitive(w)));
    }
    words
}

/// The result `text` names, in either language, or `None`.
///
/// ```
/// use zaochka::words::reverse::result_named;
/// use zaochka::vocabulary::GameResult;
/// assert_eq!(result_named("Ничья"), Some(GameResult::Draw));
/// assert_eq!(result_named("победа чёрных"), Some(GameResult::BlackWins));
/// assert_eq!(result_named("белые"), Some(GameResult::WhiteWins));
/// assert_eq!(result_named("1-0"), Some(GameResult::WhiteWins));
/// assert_eq!(result_named("победа"), None);
/// ```
#[must_use]
pub fn result_named(text: &str) -> Option<GameResult> {
    let t = folded(text);
    GameResult::ALL
        .iter()
        .copied()
        .find(|r| result_words(*r).iter().any(|w| folded(w) == t))
}

/// The status `text` names, in either language, or `None`.
///
/// ```
/// use zaochka::words::reverse::status_named;
/// use zaochka::vocabulary::GameStatus;
/// assert_eq!(status_named("окончена"), Some(GameStatus::Finished));
/// assert_eq!(status_named("Завершена"), Some(GameStatus::Finished));
/// assert_eq!(status_named("активна"), Some(GameStatus::Active));
/// assert_eq!(status_named("adjourned"), Some(GameStatus::Adjourned));
/// assert_eq!(status_named("идёт"), Some(GameStatus::Active));
/// ```
#[must_use]
pub fn status_named(text: &str) -> Option<GameStatus> {
    let t = folded(text);
    GameStatus::ALL.iter().copied().find(|s| {
        folded(s.as_str()) == t
            || [Language::En, Language::Ru].into_iter().any(|lang| {
                folded(&status_word(*s, lang)) == t
                    || status_synonyms(*s, lang).iter().any(|w| folded(w) == t)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_and_status_reads_back_from_its_own_words() {
        for r in GameResult::ALL {
            for lang in [Language::En, Language::Ru] {
                assert_eq!(
                    result_named(&super::super::moves::result(*r, lang)),
                    Some(*r)
                );
            }
            assert_eq!(result_named(r.as_str()), Some(*r));
        }
        for s in GameStatus::ALL {
            for lang in [Language::En, Language::Ru] {
                assert_eq!(status_named(&status_word(*s, lang)), Some(*s));
            }
            assert_eq!(status_named(s.as_str()), Some(*s));
        }
        assert_eq!(result_named("ничья"), Some(GameResult::Draw));
        // A director's `adjudicate` by mail reads the same words.
        for r in GameResult::ALL {
            for w in result_words(*r) {
                let by_mail = crate::mail::director::result_word(&w)
                    .or_else(|| crate::games::read_result(&w).and_then(|s| s.result()));
                assert_eq!(by_mail, Some(*r), "{w:?}");
            }
        }
        assert_eq!(result_named("Победа белых"), Some(GameResult::WhiteWins));
        assert_eq!(status_named("завершена"), Some(GameStatus::Finished));
        assert_eq!(status_named("активна"), Some(GameStatus::Active));
        assert_eq!(status_named("сыграна"), None);
    }
}
