//! Chess move words in mail: the mail reader asks the one chess move reader
//! ([`crate::notation::chess_move::parse_chess_move`], also the referee's) whether a
//! word is a move; this module only bounds the work and tells how sure the
//! form is. No rules are consulted: the referee resolves the same text against
//! the position later.
//!
//! What counts as a move is therefore exactly what the referee reads (see the
//! reader's module doc for every form). Whether it counts in prose is
//! [`is_unmistakable`]: a bare pawn advance (`e4`) or castling written without
//! a dash (`OO`, `ООО`) could as well be a square or an abbreviation named in
//! passing, so they count only in a clause of moves and command words.

use crate::notation::chess_move::{WrittenChessMove, is_chess_suffix, parse_chess_move};

/// The longest word (in bytes) tried as a chess move: no chess move with its
/// marks comes near it.
pub const MAX_CHESS_WORD_BYTES: usize = 64;

/// Reads a word (or a few words joined by the mail reader: `Кр e1-f1`,
/// `exd6 e.p.`) as a chess move; `None` when the chess move reader refuses it
/// or it is longer than [`MAX_CHESS_WORD_BYTES`].
///
/// # Examples
/// ```
/// use zaochka::mail::chess_token::parse;
/// assert_eq!(parse("Nf3").unwrap().canonical(), "Nf3");
/// assert_eq!(parse("Кр e1-f1").unwrap().canonical(), "Ke1-f1");
/// assert_eq!(parse("0-0-0+").unwrap().canonical(), "O-O-O");
/// assert_eq!(parse("Ф:h2Х").unwrap().canonical(), "Qxh2");
/// assert!(parse("h-file").is_none());
/// ```
#[must_use]
pub fn parse(word: &str) -> Option<WrittenChessMove> {
    if word.len() > MAX_CHESS_WORD_BYTES {
        return None;
    }
    parse_chess_move(word).ok()
}

/// Whether a move read from `text` has a form that counts even in prose: a
/// piece letter, a from-square or file, a capture sign, a promotion, or
/// castling written with a dash.
#[must_use]
pub fn is_unmistakable(text: &str, m: &WrittenChessMove) -> bool {
    match m {
        WrittenChessMove::Castle(_) => text
            .chars()
            .any(|c| matches!(c, '-' | '\u{2010}'..='\u{2014}' | '\u{2212}')),
        WrittenChessMove::Normal { .. } => !m.is_bare_pawn_push(),
    }
}

/// Whether a word after a move belongs to it: a check or mate sign, an
/// annotation or an en passant mark standing after a space (`exd6 e.p.`,
/// `Qh7 †`, `e4 ?!`).
#[must_use]
pub fn is_suffix_word(word: &str) -> bool {
    is_chess_suffix(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(w: &str) -> Option<String> {
        parse(w).map(|t| t.canonical())
    }

    #[test]
    fn standard_algebraic_moves_are_read() {
        assert_eq!(canon("Nf3").as_deref(), Some("Nf3"));
        assert_eq!(canon("exd5").as_deref(), Some("exd5"));
        assert_eq!(canon("Nbd7").as_deref(), Some("Nbd7"));
        assert_eq!(canon("R1e2").as_deref(), Some("R1e2"));
        assert_eq!(canon("e8=Q+").as_deref(), Some("e8=Q"));
        assert_eq!(canon("Qh4+").as_deref(), Some("Qh4"));
        assert_eq!(canon("d5").as_deref(), Some("d5"));
        assert_eq!(canon("O-O").as_deref(), Some("O-O"));
        assert_eq!(canon("0-0-0").as_deref(), Some("O-O-O"));
    }

    #[test]
    fn long_algebraic_and_russian_letters_are_read() {
        assert_eq!(canon("e2-e4").as_deref(), Some("e2-e4"));
        assert_eq!(canon("Ng1-f3").as_deref(), Some("Ng1-f3"));
        assert_eq!(canon("Кр e1-f1").as_deref(), Some("Ke1-f1"));
        assert_eq!(canon("Крe1–f1").as_deref(), Some("Ke1-f1"));
        assert_eq!(canon("Кр.e1-f1").as_deref(), Some("Ke1-f1"));
        assert_eq!(canon("Кg1-f3").as_deref(), Some("Ng1-f3"));
        assert_eq!(canon("Фd1:d7").as_deref(), Some("Qd1xd7"));
        assert_eq!(canon("Сc4").as_deref(), Some("Bc4"));
        assert_eq!(canon("е4").as_deref(), Some("e4"));
        assert_eq!(canon("пe4").as_deref(), Some("e4"));
        assert_eq!(canon("e4:d5").as_deref(), Some("e4xd5"));
    }

    #[test]
    fn check_mate_and_en_passant_marks_are_read() {
        assert_eq!(canon("Фh7†").as_deref(), Some("Qh7"));
        assert_eq!(canon("Qh7‡").as_deref(), Some("Qh7"));
        assert_eq!(canon("Ф:h2Х").as_deref(), Some("Qxh2"));
        assert_eq!(canon("exd6e.p.").as_deref(), Some("exd6"));
        assert_eq!(canon("exd6 в.п.").as_deref(), Some("exd6"));
        assert!(is_suffix_word("e.p."));
        assert!(is_suffix_word("в.п"));
        assert!(is_suffix_word("†"));
        assert!(!is_suffix_word("ход"));
    }

    #[test]
    fn bare_pawn_pushes_and_undashed_castling_are_not_unmistakable() {
        let sure = |w: &str| is_unmistakable(w, &parse(w).unwrap());
        assert!(!sure("e4"));
        assert!(!sure("пe4"));
        assert!(!sure("ООО"));
        assert!(!sure("OO"));
        assert!(sure("O-O"));
        assert!(sure("0–0–0"));
        assert!(sure("Nf3"));
        assert!(sure("exd5"));
        assert!(sure("e8=Q"));
    }

    #[test]
    fn words_that_are_not_moves_are_refused() {
        for w in [
            "", "h-file", "draw", "Kf9", "i4", "e", "e4-", "e4-e", "N", "e2--e4", "1-0", "10-15",
            "2025", "ход", "O-O-O-O",
        ] {
            assert!(parse(w).is_none(), "{w}");
        }
        assert!(parse(&"e4".repeat(40)).is_none());
    }
}
