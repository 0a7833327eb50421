//! Move recognition: a move over one to three words, in the game's syntax,
//! and whether its form is unmistakable.

use super::tokens::{OPENERS, strip_word};
use super::types::{MAX_MOVE_WORD_BYTES, MoveSyntax, MoveText};
use crate::mail::chess_token;
use crate::notation::parse_move;
use crate::notation::written::{WrittenMove, WrittenOrigin, WrittenSquare};

/// A move starting at word `i`, possibly over several words: the number of
/// words used, the text, the move and whether its form is unmistakable.
/// `first` stands for word `i` when given (the word without the move number
/// glued to it: `c3` of `1.c3 - d4`).
pub(super) fn move_at(
    ws: &[(&str, bool)],
    i: usize,
    syntax: MoveSyntax,
    first: Option<&str>,
) -> Option<(usize, String, MoveText, bool)> {
    let word = |k: usize| match (k == i, first) {
        (true, Some(f)) => Some(f),
        _ => ws
            .get(k)
            .map(|(w, _)| strip_word(w.trim_start_matches(OPENERS))),
    };
    let is_sign = |s: &str| matches!(s, "-" | "–" | "—" | "−" | ":" | "x" | "х" | "×");
    let mut candidates: Vec<(usize, String)> = Vec::new();
    let w0 = word(i)?;
    // A dash or a capture sign alone starts no move (`ход — d4`).
    if is_sign(w0) {
        return None;
    }
    if w0.len() > MAX_MOVE_WORD_BYTES {
        // Every candidate holds `w0`: none can be a move.
        return None;
    }
    // Three words: `c3 - d4`.
    if !ws[i].1
        && let (Some(w1), Some(w2)) = (word(i + 1), word(i + 2))
        && is_sign(w1)
        && !ws[i + 1].1
    {
        candidates.push((3, format!("{w0} {w1} {w2}")));
    }
    // Two words: `c3- d4`, `c3 -d4`, chess `Кр e1-f1`, `Кр. e1-f1` (the full
    // stop of the abbreviation ends no clause).
    let king_abbreviation =
        syntax == MoveSyntax::Chess && first.is_none() && matches!(ws[i].0, "Кр." | "кр.");
    if (!ws[i].1 || king_abbreviation)
        && let Some(w1) = word(i + 1)
    {
        let signs = |c: char| matches!(c, '-' | '–' | '—' | '−' | ':');
        let piece_word = match syntax {
            MoveSyntax::Chess => matches!(
                w0.trim_end_matches('.'),
                "Кр" | "К" | "Ф" | "Л" | "С" | "п" | "K" | "Q" | "R" | "B" | "N"
            ),
            MoveSyntax::Draughts => king_mark(w0).is_some_and(str::is_empty),
        };
        // `exd6 e.p.`, `Qh7 †`, `e4 ?!`: the mark belongs to the move.
        let chess_mark = syntax == MoveSyntax::Chess && chess_token::is_suffix_word(w1);
        if !is_sign(w1)
            && (w0.ends_with(signs) || w1.starts_with(signs) || piece_word || chess_mark)
        {
            candidates.push((2, format!("{w0} {w1}")));
        }
    }
    candidates.push((1, w0.to_string()));
    for (used, text) in candidates {
        if let Some((mv, strong)) = read_move(&text, syntax) {
            return Some((used, text, mv, strong));
        }
    }
    None
}

/// Reads a text as a move in a syntax: the move and whether its form is
/// unmistakable (so it counts even in prose).
pub(super) fn read_move(text: &str, syntax: MoveSyntax) -> Option<(MoveText, bool)> {
    if text.len() > MAX_MOVE_WORD_BYTES {
        return None;
    }
    let mut kept = text;
    let strong = match syntax {
        MoveSyntax::Draughts => {
            // A king's move marked as in chess: `Kc1-b2`, `Д c1-b2` (the
            // mark is tried first: `Д` alone also reads as the file d).
            let marked = king_mark(text)
                .map(str::trim_start)
                .filter(|rest| rest.starts_with(|c: char| c.is_alphabetic()))
                .and_then(|rest| Some((rest, draughts_move(rest)?)))
                .filter(|(_, w)| matches!(w.origin, WrittenOrigin::Square(_)));
            let w = match marked {
                Some((rest, w)) => {
                    kept = rest;
                    w
                }
                None => draughts_move(text)?,
            };
            matches!(
                w.origin,
                WrittenOrigin::Square(WrittenSquare::Coordinate { .. })
            ) && matches!(w.dest, WrittenSquare::Coordinate { .. })
        }
        MoveSyntax::Chess => {
            let c = chess_token::parse(text)?;
            chess_token::is_unmistakable(text, &c)
        }
    };
    Some((
        MoveText {
            text: kept.to_string(),
            number: None,
            black: false,
            syntax,
        },
        strong,
    ))
}

/// The rest of a draughts word after a king's mark as players borrow it
/// from chess (`K`, `К`, `Кр`, `Д`, `D`, with or without a full stop):
/// `Kc1-b2` gives `c1-b2`, `Д.` gives the empty rest.
pub(super) fn king_mark(word: &str) -> Option<&str> {
    ["Кр.", "Кр", "K.", "К.", "Д.", "D.", "K", "К", "Д", "D"]
        .iter()
        .find_map(|m| word.strip_prefix(m))
}

/// A draughts move, with checks `parse_move` leaves to the position: squares
/// on a board of at most 10x10, numbers 1 to 50 without a leading zero, no
/// clock time (`10:15`), no move number inside.
pub(super) fn draughts_move(text: &str) -> Option<WrittenMove> {
    if !text.chars().next().is_some_and(|c| c.is_alphanumeric()) {
        return None;
    }
    // Digit runs: no leading zero.
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    let mut runs: Vec<String> = Vec::new();
    while k < chars.len() {
        if chars[k].is_ascii_digit() {
            let start = k;
            while k < chars.len() && chars[k].is_ascii_digit() {
                k += 1;
            }
            let run: String = chars[start..k].iter().collect();
            if run.starts_with('0') {
                return None;
            }
            runs.push(run);
        } else {
            k += 1;
        }
    }
    if text.contains('.') || text.contains('…') {
        return None;
    }
    let w = parse_move(text).ok()?;
    // A square alone (`c5`: the move there) is a weak move, counted only on a
    // line of its own or after `ход`/`move`, as a chess `e4` is; a number
    // alone (`15`) never: prose is full of numbers.
    let squares = std::iter::once(match w.origin {
        WrittenOrigin::Square(s) => Some(s),
        WrittenOrigin::File(_) => None,
        WrittenOrigin::Unwritten if matches!(w.dest, WrittenSquare::Coordinate { .. }) => None,
        WrittenOrigin::Unwritten => return None,
    })
    .flatten()
    .chain(w.via.iter().copied())
    .chain(std::iter::once(w.dest));
    let mut numeric = 0;
    let mut count = 0;
    for s in squares {
        count += 1;
        match s {
            WrittenSquare::Coordinate { file, rank } if file <= 9 && rank <= 9 => {}
            WrittenSquare::Number(n) if (1..=50).contains(&n) => numeric += 1,
            _ => return None,
        }
    }
    if let WrittenOrigin::File(f) = w.origin
        && f > 9
    {
        return None;
    }
    // `10:15` is a time of day, not a capture.
    if numeric == 2
        && count == 2
        && text.contains(':')
        && runs.len() == 2
        && runs[1].len() == 2
        && runs[0].parse::<u32>().is_ok_and(|h| h <= 23)
        && runs[1].parse::<u32>().is_ok_and(|m| m <= 59)
    {
        return None;
    }
    Some(w)
}
