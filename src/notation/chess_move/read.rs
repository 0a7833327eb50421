//! Stage one: reading a chess move as written, without a position.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::{ChessUnreadable, WrittenChessMove};

use ChessUnreadable::{BadCastling, BadPromotion, Empty, NoDestination, Unexpected};

/// Reads a chess move as written, without a position (stage one). See the
/// module doc for every form accepted.
///
/// # Errors
/// [`ChessUnreadable`] when the text is empty, names no square, or holds
/// characters that no form of chess notation has.
///
/// ```
/// use zaochka::notation::chess_move::{parse_chess_move, WrittenChessMove};
/// use shakmaty::{Role, Square};
/// let m = parse_chess_move("12. Кр e1-f1+").unwrap();
/// assert!(matches!(m, WrittenChessMove::Normal { role: Some(Role::King), to: Square::F1, .. }));
/// assert!(parse_chess_move("пe4").unwrap().is_bare_pawn_push());
/// ```
pub fn parse_chess_move(text: &str) -> Result<WrittenChessMove, ChessUnreadable> {
    let body = strip_move_number(text.trim());
    let mut chars: Vec<char> = body
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(normalize)
        .collect();
    strip_suffixes(&mut chars);
    if chars.is_empty() {
        return Err(Empty);
    }
    if chars.iter().all(|&c| c == 'O' || c == '-') && chars.contains(&'O') {
        return match chars.iter().filter(|&&c| c == 'O').count() {
            2 => Ok(WrittenChessMove::Castle(CastlingSide::KingSide)),
            3 => Ok(WrittenChessMove::Castle(CastlingSide::QueenSide)),
            _ => Err(BadCastling),
        };
    }
    let (role, rest) = piece_prefix(&chars);
    let mut rest = rest.to_vec();
    let promotion = take_promotion(&mut rest)?;
    // The destination: the last two characters.
    let n = rest.len();
    if n < 2 {
        return Err(NoDestination);
    }
    let (Some(file), Some(rank)) = (file_of(rest[n - 2]), rank_of(rest[n - 1])) else {
        return Err(if rest.iter().all(|c| c.is_alphanumeric()) {
            NoDestination
        } else {
            Unexpected
        });
    };
    let to = Square::from_coords(file, rank);
    let mut head = &rest[..n - 2];
    let mut capture = false;
    if let Some((&last, before)) = head.split_last()
        && (last == 'x' || last == '-')
    {
        capture = last == 'x';
        head = before;
    }
    let mut from_file = None;
    let mut from_rank = None;
    match head {
        [] => {}
        [c] => {
            if let Some(f) = file_of(*c) {
                from_file = Some(f);
            } else if let Some(r) = rank_of(*c) {
                from_rank = Some(r);
            } else {
                return Err(Unexpected);
            }
        }
        [f, r] => match (file_of(*f), rank_of(*r)) {
            (Some(f), Some(r)) => {
                from_file = Some(f);
                from_rank = Some(r);
            }
            _ => return Err(Unexpected),
        },
        _ => return Err(Unexpected),
    }
    let full_from = from_file.is_some() && from_rank.is_some();
    let role = match role {
        Some(r) => Some(r),
        None if full_from => None,
        None => Some(Role::Pawn),
    };
    Ok(WrittenChessMove::Normal {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

/// Drops a move number (`12.`, `12...`, `12…`, `12. ...`) or lone dots before
/// the move.
pub(super) fn strip_move_number(s: &str) -> &str {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &s[digits..];
    let dots = after.trim_start_matches(['.', '…']);
    if dots.len() == after.len() {
        return s; // `0-0`, `e4`: no number
    }
    let rest = dots.trim_start();
    let more = rest.trim_start_matches(['.', '…']);
    more.trim_start()
}

/// One character mapped to the reader's alphabet: dashes to `-`, capture
/// signs to `x`, Cyrillic look-alikes of files to Latin, the castling letters
/// to `O`.
pub(super) fn normalize(c: char) -> char {
    match c {
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
        'x' | 'X' | '×' | 'х' | 'Х' | ':' => 'x',
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        'o' | '0' | 'О' | 'о' => 'O',
        c => c,
    }
}

/// The en passant marks, normalized (`е` read as `e`), longest first: `e.p.`,
/// `ep`, Russian `е.п.` and `в.п.` ("взятие на проходе"), with or without the
/// dots.
pub(super) const EN_PASSANT_MARKS: [&str; 10] = [
    "e.p.", "e.п.", "в.п.", "e.p", "e.п", "в.п", "ep.", "ep", "eп", "вп",
];

/// Takes check and mate signs, annotations and `e.p.` off the end.
pub(super) fn strip_suffixes(chars: &mut Vec<char>) {
    loop {
        let n = chars.len();
        match chars.last() {
            Some('+' | '#' | '!' | '?' | '†' | '‡') => {
                chars.pop();
            }
            // The Soviet mate sign after a complete move: a rank digit or a
            // promotion letter before it.
            Some('x') if n >= 3 && !matches!(chars[n - 2], 'x' | '-') => {
                chars.pop();
            }
            _ => {
                let tail: String = chars[n.saturating_sub(4)..].iter().collect();
                let cut = EN_PASSANT_MARKS
                    .iter()
                    .find(|s| tail.ends_with(*s) && n > s.chars().count() + 1)
                    .map(|s| s.chars().count());
                match cut {
                    Some(k) => chars.truncate(n - k),
                    None => return,
                }
            }
        }
    }
}

/// Whether a word is one the reader takes off the end of a move when it stands
/// after a space: a check or mate sign (`+`, `#`, `†`, `‡`, `++`), an
/// annotation (`!`, `?!` ...) or an en passant mark (`e.p.`, `в.п.`). The
/// mail reader joins such a word to the move before it (`exd6 e.p.`).
///
/// ```
/// use zaochka::notation::chess_move::is_chess_suffix;
/// assert!(is_chess_suffix("e.p."));
/// assert!(is_chess_suffix("?!"));
/// assert!(!is_chess_suffix("e4"));
/// ```
#[must_use]
pub fn is_chess_suffix(word: &str) -> bool {
    let chars: Vec<char> = word.chars().map(normalize).collect();
    if chars.is_empty() {
        return false;
    }
    if chars
        .iter()
        .all(|c| matches!(c, '+' | '#' | '!' | '?' | '†' | '‡'))
    {
        return true;
    }
    let s: String = chars.iter().collect();
    EN_PASSANT_MARKS.contains(&s.as_str())
}

/// Whether a word is an en passant mark (`e.p.`, `ep`, `е.п.`, `в.п.`, with
/// or without the dots), which may follow an en passant capture after a space.
#[must_use]
pub fn is_en_passant_mark(word: &str) -> bool {
    // Called on every word of every record: compared without allocating, and
    // only words of a mark's length that start as one do.
    if word.len() > 8 || !word.starts_with(['e', 'е', 'в']) {
        return false;
    }
    EN_PASSANT_MARKS
        .iter()
        .any(|m| word.chars().map(normalize).eq(m.chars()))
}

/// The length in bytes of an en passant mark glued to the end of a move
/// (`exd6e.p.`: 4), if there is one after at least two characters.
#[must_use]
pub fn en_passant_mark_len(word: &str) -> Option<usize> {
    // Called on every move of every record: compared from the end, char by char
    // (`е` read as `e`), without allocating, and only when the move ends as a
    // mark does.
    if !word.ends_with(['.', 'p', 'п']) {
        return None;
    }
    EN_PASSANT_MARKS
        .iter()
        .filter_map(|m| {
            let k = m.chars().count();
            let tail_start = word.char_indices().rev().nth(k - 1)?.0;
            let tail = &word[tail_start..];
            (tail.chars().map(normalize).eq(m.chars()) && tail_start > 1).then_some(tail.len())
        })
        .max()
}

/// A piece letter at the start: English `K Q R B N P`, Russian `Кр Ф Л С К п`.
pub(super) fn piece_prefix(chars: &[char]) -> (Option<Role>, &[char]) {
    // `Кр` (also typed `Kp` with Latin look-alikes) is the king; `Кр.` too.
    if let [a, b, ..] = chars
        && matches!(a, 'К' | 'к' | 'K')
        && matches!(b, 'р' | 'Р' | 'p' | 'P')
    {
        let skip = if chars.get(2) == Some(&'.') { 3 } else { 2 };
        return (Some(Role::King), &chars[skip..]);
    }
    let role = match chars.first() {
        Some('K') => Role::King,
        Some('Q' | 'Ф' | 'ф') => Role::Queen,
        Some('R' | 'Л' | 'л') => Role::Rook,
        Some('B' | 'С' | 'C') => Role::Bishop,
        Some('N' | 'К' | 'к') => Role::Knight,
        Some('P' | 'П' | 'п') => Role::Pawn,
        _ => return (None, chars),
    };
    (Some(role), &chars[1..])
}

pub(super) fn promotion_letter(c: char, uci: bool) -> Option<Role> {
    Some(match c {
        'Q' | 'Ф' | 'ф' => Role::Queen,
        'R' | 'Л' | 'л' => Role::Rook,
        'B' | 'С' | 'C' => Role::Bishop,
        'N' | 'К' | 'к' => Role::Knight,
        'K' => Role::King,
        'q' if uci => Role::Queen,
        'r' if uci => Role::Rook,
        'b' if uci => Role::Bishop,
        'n' if uci => Role::Knight,
        _ => return None,
    })
}

/// Takes a promotion (`=Q`, `Q`, `/Q`, `(Q)`, UCI `q`) off the end.
pub(super) fn take_promotion(rest: &mut Vec<char>) -> Result<Option<Role>, ChessUnreadable> {
    let mut paren = false;
    if rest.last() == Some(&')') {
        rest.pop();
        paren = true;
    }
    let n = rest.len();
    let Some(&last) = rest.last() else {
        return if paren { Err(Unexpected) } else { Ok(None) };
    };
    let after_digit = n >= 2 && rank_of(rest[n - 2]).is_some();
    let marked = n >= 2 && matches!(rest[n - 2], '=' | '/' | '(');
    let Some(role) = promotion_letter(last, after_digit && !marked) else {
        if paren || last == '=' {
            return Err(BadPromotion);
        }
        return Ok(None);
    };
    if !(after_digit || marked) {
        return Err(Unexpected);
    }
    rest.pop();
    if marked {
        let mark = rest.pop();
        if paren != (mark == Some('(')) {
            return Err(Unexpected);
        }
    } else if paren {
        return Err(Unexpected);
    }
    Ok(Some(role))
}

pub(super) fn file_of(c: char) -> Option<File> {
    match c {
        'a'..='h' => File::from_char(c),
        _ => None,
    }
}

pub(super) fn rank_of(c: char) -> Option<Rank> {
    match c {
        '1'..='8' => Rank::from_char(c),
        'l' | 'I' | '|' => Some(Rank::First),
        _ => None,
    }
}
