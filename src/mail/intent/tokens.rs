//! The tokenizer: words, punctuation around them, move numbers (alone or
//! glued to a move) and clauses of numbers, moves and words.

use super::moves::{move_at, read_move};
use super::types::{MoveSyntax, MoveText};

#[derive(Clone, Debug)]
pub(super) enum Tok {
    Number { n: u32, black: bool },
    Move { mv: MoveText, strong: bool },
    Word { lower: String },
}

/// Characters stripped from the front of a word.
pub(super) const OPENERS: &[char] = &['(', '[', '{', '"', '\'', '«', '“', '„', '‘', '*', '_'];
/// Characters stripped from the back of a word before looking at its end.
pub(super) const CLOSERS: &[char] = &[')', ']', '}', '"', '\'', '»', '”', '’', '*', '_'];
/// Punctuation that ends a clause.
pub(super) const CLAUSE_ENDS: &[char] = &['.', '!', '?', ';', ':', ','];

/// A word lowercased without the punctuation around it.
pub(super) fn core_lower(word: &str) -> String {
    word.trim_start_matches(OPENERS)
        .trim_end_matches(CLOSERS)
        .trim_end_matches(CLAUSE_ENDS)
        .trim_end_matches(CLOSERS)
        .to_lowercase()
}

/// A move number word: `19.`, `7...`, `7…` (1 to 3 digits).
pub(super) fn move_number(word: &str) -> Option<(u32, bool)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let rest = &word[digits..];
    let dots = rest.chars().filter(|&c| c == '.').count();
    let ellipsis = rest.contains('…');
    if rest.is_empty() || !rest.chars().all(|c| c == '.' || c == '…') || dots > 3 {
        return None;
    }
    let n = word[..digits].parse().ok()?;
    Some((n, ellipsis || dots >= 2))
}

/// Splits `19.g3-h4` into the number `19.` and the move, when the rest is a move.
pub(super) fn glued_number(word: &str, syntax: MoveSyntax) -> Option<((u32, bool), String)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let after_digits = &word[digits..];
    let rest = after_digits.trim_start_matches(['.', '…']);
    if rest.len() == after_digits.len() || rest.is_empty() {
        return None;
    }
    let number = move_number(&word[..word.len() - rest.len()])?;
    read_move(rest, syntax)?;
    Some((number, rest.to_string()))
}

/// The words of a text, as (raw word, clause ends after it).
pub(super) fn words(text: &str) -> Vec<(&str, bool)> {
    text.split_whitespace()
        .map(|w| {
            let end = w.trim_end_matches(CLOSERS);
            let ends = move_number(w).is_none() && end.ends_with(CLAUSE_ENDS);
            (w, ends)
        })
        .collect()
}

/// Tokenises a text into clauses of numbers, moves and words, handing each
/// non-empty clause to `each` as soon as it ends (only one clause is held).
pub(super) fn clauses(text: &str, syntax: MoveSyntax, each: &mut dyn FnMut(&[Tok])) {
    let ws = words(text);
    let mut clause: Vec<Tok> = Vec::new();
    let mut out = |clause: &mut Vec<Tok>| {
        if !clause.is_empty() {
            each(clause);
            clause.clear();
        }
    };
    let mut i = 0;
    while i < ws.len() {
        let (w, ends) = ws[i];
        let bare = w.trim_start_matches(OPENERS).trim_end_matches(CLOSERS);
        if let Some((n, black)) = move_number(bare) {
            clause.push(Tok::Number { n, black });
            i += 1;
            continue;
        }
        if let Some(((n, black), rest)) = glued_number(strip_word(bare), syntax) {
            clause.push(Tok::Number { n, black });
            let (mv, strong) = read_move(&rest, syntax).expect("checked by glued_number");
            push_move(&mut clause, mv, strong);
            if ends {
                out(&mut clause);
            }
            i += 1;
            continue;
        }
        if let Some((used, text, mv, strong)) = move_at(&ws, i, syntax) {
            debug_assert!(text == mv.text);
            push_move(&mut clause, mv, strong);
            let last_ends = ws[i + used - 1].1;
            i += used;
            if last_ends {
                out(&mut clause);
            }
            continue;
        }
        if matches!(bare, "—" | "–") {
            out(&mut clause);
            i += 1;
            continue;
        }
        clause.push(Tok::Word {
            lower: core_lower(w),
        });
        if ends {
            out(&mut clause);
        }
        i += 1;
    }
    out(&mut clause);
}

/// A word without trailing clause punctuation (`e3-d4,` -> `e3-d4`, a final
/// full stop too, but not the one of `e.p.`, `е.п.`, `в.п.`); move annotations
/// `!?` are left to the move readers.
pub(super) fn strip_word(w: &str) -> &str {
    // A closing parenthesis that closes one inside the word stays: `e8(Q)`.
    if let Some(inner) = w.strip_suffix(')')
        && inner.contains('(')
        && !inner.contains(')')
    {
        return w;
    }
    let w = w
        .trim_end_matches(CLOSERS)
        .trim_end_matches([',', ';', ':'])
        .trim_end_matches(CLOSERS);
    if w.ends_with(".p.") || w.ends_with(".п.") {
        w
    } else {
        w.strip_suffix('.').unwrap_or(w)
    }
}

/// Pushes a move; a number right before it becomes its number.
pub(super) fn push_move(clause: &mut Vec<Tok>, mut mv: MoveText, mut strong: bool) {
    if let Some(Tok::Number { n, black }) = clause.last() {
        mv.number = Some(*n);
        mv.black = *black;
        strong = true;
        clause.pop();
    }
    clause.push(Tok::Move { mv, strong });
}
