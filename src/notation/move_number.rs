//! The move number a player writes before a move: `12.` (White's move 12, or
//! Black's when Black sends it: many players write it so), `12...` or
//! `12…` (Black's move 12), glued to the move (`12.c3-d4`) or apart
//! (`12. c3-d4`). The one reader of it for the mail, the command line and
//! the referee; what a number other than the one due means is the referee's
//! decision ([`crate::referee::intake`]).
//!
//! Accepted: 1 to 3 digits, then one to three dots or an ellipsis (`…`, in
//! any mix); the number is Black's when written with two dots or more, or
//! with an ellipsis.

/// A move number as written before a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number (the move number of the score, counted from 1 or from a
    /// FEN's own number).
    pub number: u32,
    /// Written as Black's (`12...`, `12…`).
    pub black: bool,
}

/// The move number at the start of `text` (space before it is skipped), and
/// the rest of the text after it with its leading space taken off; `None`
/// when `text` starts with no move number.
///
/// ```
/// use zaochka::notation::move_number::{MoveNumber, read_move_number};
/// assert_eq!(
///     read_move_number("12... d6-c5"),
///     Some((MoveNumber { number: 12, black: true }, "d6-c5"))
/// );
/// assert_eq!(
///     read_move_number("5.c3-d4"),
///     Some((MoveNumber { number: 5, black: false }, "c3-d4"))
/// );
/// assert_eq!(read_move_number("c3-d4"), None);
/// ```
#[must_use]
pub fn read_move_number(text: &str) -> Option<(MoveNumber, &str)> {
    let t = text.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let after = &t[digits..];
    let marks_len = after.find(|c| c != '.' && c != '…').unwrap_or(after.len());
    let marks = &after[..marks_len];
    let dots = marks.chars().filter(|&c| c == '.').count();
    let ellipsis = marks.contains('…');
    if marks.is_empty() || dots > 3 {
        return None;
    }
    let number = t[..digits].parse().ok()?;
    Some((
        MoveNumber {
            number,
            black: ellipsis || dots >= 2,
        },
        after[marks_len..].trim_start(),
    ))
}

/// The move number a word is made of (`19.`, `7...`, `7…`), nothing after
/// it; `None` for any other word.
#[must_use]
pub fn move_number_word(word: &str) -> Option<MoveNumber> {
    match read_move_number(word) {
        Some((n, "")) if !word.starts_with(char::is_whitespace) => Some(n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(number: u32, black: bool) -> MoveNumber {
        MoveNumber { number, black }
    }

    #[test]
    fn whites_and_blacks_numbers_glued_or_apart() {
        assert_eq!(read_move_number("5. c3-d4"), Some((n(5, false), "c3-d4")));
        assert_eq!(read_move_number("5.c3-d4"), Some((n(5, false), "c3-d4")));
        assert_eq!(read_move_number("5... d6-c5"), Some((n(5, true), "d6-c5")));
        assert_eq!(read_move_number("5…d6-c5"), Some((n(5, true), "d6-c5")));
        assert_eq!(read_move_number("5.. d6-c5"), Some((n(5, true), "d6-c5")));
    }

    #[test]
    fn a_move_without_a_number_or_with_too_many_digits_or_dots_has_none() {
        assert_eq!(read_move_number("c3-d4"), None);
        assert_eq!(read_move_number("22-18"), None);
        assert_eq!(read_move_number("1234. c3-d4"), None);
        assert_eq!(read_move_number("5.... c3-d4"), None);
        assert_eq!(read_move_number("0-0"), None);
    }

    #[test]
    fn a_word_is_a_move_number_only_when_nothing_follows() {
        assert_eq!(move_number_word("19."), Some(n(19, false)));
        assert_eq!(move_number_word("7…"), Some(n(7, true)));
        assert_eq!(move_number_word("7.c3-d4"), None);
        assert_eq!(move_number_word("7"), None);
    }
}
