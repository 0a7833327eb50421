//! Moves typed with the Russian keyboard layout switched on: `у7-а6` is
//! `e7-f6` typed on the keys of the Russian ЙЦУКЕН layout. Such a word is
//! never played unasked; the reply names the move it would be.

use super::moves::read_move;
use super::tokens::{OPENERS, move_number, strip_word};
use super::types::MoveSyntax;

/// The Latin letter on the key of a Russian letter (ЙЦУКЕН over QWERTY).
fn latin_key(c: char) -> Option<char> {
    let lower = c.to_lowercase().next()?;
    let key = match lower {
        'й' => 'q',
        'ц' => 'w',
        'у' => 'e',
        'к' => 'r',
        'е' => 't',
        'н' => 'y',
        'г' => 'u',
        'ш' => 'i',
        'щ' => 'o',
        'з' => 'p',
        'ф' => 'a',
        'ы' => 's',
        'в' => 'd',
        'а' => 'f',
        'п' => 'g',
        'р' => 'h',
        'о' => 'j',
        'л' => 'k',
        'д' => 'l',
        'я' => 'z',
        'ч' => 'x',
        'с' => 'c',
        'м' => 'v',
        'и' => 'b',
        'т' => 'n',
        'ь' => 'm',
        _ => return None,
    };
    Some(if c.is_uppercase() {
        key.to_ascii_uppercase()
    } else {
        key
    })
}

/// The first word of a line (or three words around a dash: `у7 - а6`)
/// that holds Russian letters, reads as no move, and reads as an
/// unmistakable move once each Russian letter is put back on its Latin key:
/// the word as written and the move meant.
pub(super) fn other_layout(line: &str, syntax: MoveSyntax) -> Option<(String, String)> {
    let words: Vec<&str> = line
        .split_whitespace()
        .map(|w| strip_word(w.trim_start_matches(OPENERS)))
        .filter(|w| move_number(w).is_none())
        .collect();
    let mut candidates: Vec<String> = words.iter().map(|w| (*w).to_string()).collect();
    for k in 0..words.len().saturating_sub(2) {
        if matches!(words[k + 1], "-" | "–" | "—" | ":" | "x" | "х") {
            candidates.push(format!("{}{}{}", words[k], words[k + 1], words[k + 2]));
        }
    }
    candidates.into_iter().find_map(|word| {
        let word = word
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '…')
            .to_string();
        if !word.chars().any(|c| latin_key(c).is_some()) || read_move(&word, syntax).is_some() {
            return None;
        }
        let meant: String = word.chars().map(|c| latin_key(c).unwrap_or(c)).collect();
        match read_move(&meant, syntax) {
            Some((_, true)) => Some((word, meant)),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draughts_move_typed_in_the_russian_layout_is_named_in_latin() {
        assert_eq!(
            other_layout("3... у7-а6", MoveSyntax::Draughts),
            Some(("у7-а6".to_string(), "e7-f6".to_string()))
        );
        assert_eq!(
            other_layout("с3 - в4", MoveSyntax::Draughts),
            Some(("с3-в4".to_string(), "c3-d4".to_string()))
        );
    }

    #[test]
    fn russian_words_are_not_moves_in_another_layout() {
        assert_eq!(other_layout("привет, как дела", MoveSyntax::Draughts), None);
        assert_eq!(other_layout("Спасибо за партию", MoveSyntax::Chess), None);
    }
}
