//! The first stage of reading a move: text as players write it, turned into a
//! [`WrittenMove`] without looking at any position.
//!
//! Accepted quirks (the lenient reader):
//! - full form `c3-d4`, `e3:c5:e7`; short form `cd4`, `ed4` (from-file and
//!   destination), `e:e7`, `a:c3` (from-file, capture, destination); numeric
//!   `32-28`, `28x19`, `47x38x24x13x36`; squares run together `c3d4`;
//! - `:`, `x`, `X`, `×` and Cyrillic `х` for a capture; `-`, en-dash, em-dash,
//!   minus sign, hyphen for a quiet move;
//! - Cyrillic look-alikes `а с е` for `a c e`, `Ь` for `b`, `З` for `3`; `l`, `I`,
//!   `|`, `і` for `1` where a rank digit is due; upper-case file letters;
//! - spaces inside a move (`c3 - d4`), a leading move number (`15.`, `15...`,
//!   `15…`), trailing annotations (`!`, `?`, `!?`, `+`, `#`), and a trailing
//!   promotion mark `D`, `Д`, `K`, `К`, `=D`;
//! - a promotion mark `D` or `Д` right after a square inside a capture path, as
//!   column checkers write it where the man becomes a king on the way
//!   (`b2:d4:f6:d8D:a5:d2:h6`, seed 000 §1.10).
//!
//! A line may hold several plies (`15. c3-d4 d6-c5`): see [`parse_line`].

/// A square as written: a coordinate (file and rank from 0, possibly a light
/// square or off the board; checked later) or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenSquare {
    /// `c3`: file 2, rank 2.
    Coordinate {
        /// File from 0 (a).
        file: u8,
        /// Rank from 0 (rank 1).
        rank: u8,
    },
    /// `22`.
    Number(u32),
}

/// Where a written move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenOrigin {
    /// A whole square.
    Square(WrittenSquare),
    /// Only the file, as in the short form `cd4`, `e:e7` (file from 0).
    File(u8),
    /// Not written: the text is one square, where a piece goes (`d4`, `28`);
    /// it fits every legal move that ends there.
    Unwritten,
}

/// A move as written, before it is resolved against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The start: a square or a file.
    pub origin: WrittenOrigin,
    /// Squares written between the start and the end (turning points of a capture).
    pub via: Vec<WrittenSquare>,
    /// The end square.
    pub dest: WrittenSquare,
    /// Whether a capture sign (`:` or `x`) was written.
    pub capture: bool,
    /// Whether a quiet-move sign (`-` or a dash) was written.
    pub quiet_sign: bool,
    /// Whether a promotion mark (`D`, `Д`) was written.
    pub promotion_mark: bool,
    /// The text as written (trimmed).
    pub text: String,
}

impl WrittenMove {
    /// Whether a square is written as a coordinate (`c3`, or a file alone),
    /// not as a number.
    #[must_use]
    pub fn names_a_coordinate(&self) -> bool {
        let coordinate = |s: &WrittenSquare| matches!(s, WrittenSquare::Coordinate { .. });
        matches!(
            self.origin,
            WrittenOrigin::File(_) | WrittenOrigin::Square(WrittenSquare::Coordinate { .. })
        ) || coordinate(&self.dest)
            || self.via.iter().any(coordinate)
    }
}

/// Why a text cannot be read as a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?} as a move: {reason}")]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub reason: Unreadable,
}

/// Why a text is not a draughts move in any written form (stage one failed).
/// The prose layer words it ([`crate::words::moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Nothing was written.
    Empty,
    /// It holds characters that are not squares or move signs.
    StrayCharacters,
    /// It does not start with a square or a file.
    NoStart,
    /// Two move signs in a row (`c3--d4`).
    TwoSigns,
    /// A file letter without a rank inside the move.
    BareFile,
    /// It ends with a move sign (`c3-`).
    EndsWithSign,
    /// It names no destination square.
    NoDestination,
}

/// Short English for logs; [`crate::words::moves`] words the reason for a
/// player.
impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unreadable::Empty => "empty",
            Unreadable::StrayCharacters => "stray characters",
            Unreadable::NoStart => "no start square",
            Unreadable::TwoSigns => "two move signs in a row",
            Unreadable::BareFile => "a file without a rank",
            Unreadable::EndsWithSign => "ends with a move sign",
            Unreadable::NoDestination => "no destination square",
        })
    }
}

impl Unreadable {
    /// Every reason, in declaration order.
    pub const ALL: [Unreadable; 7] = [
        Unreadable::Empty,
        Unreadable::StrayCharacters,
        Unreadable::NoStart,
        Unreadable::TwoSigns,
        Unreadable::BareFile,
        Unreadable::EndsWithSign,
        Unreadable::NoDestination,
    ];
}

/// One ply of a written line, with the move number written before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenPly {
    /// The move number written before this ply (`15.` or `15...`), if any.
    pub number: Option<u32>,
    /// Whether the number was written with `...` (Black's ply).
    pub black_marker: bool,
    /// The move.
    pub mv: WrittenMove,
}

/// Normalises one character: look-alikes to their ASCII meaning, dashes to `-`,
/// capture signs to `:`. Returns `None` for characters that are dropped.
fn normalise(c: char) -> Option<char> {
    Some(match c {
        '–' | '—' | '−' | '‐' | '‑' | '‒' => '-',
        ':' | 'x' | 'X' | '×' | 'х' | 'Х' => ':',
        'а' | 'А' => 'a',
        'с' | 'С' => 'c',
        'е' | 'Е' => 'e',
        'Ь' | 'ь' => 'b',
        'З' | 'з' => '3',
        'Д' | 'д' => 'D',
        'К' => 'K',
        '|' | 'і' | 'І' => '1',
        c if c.is_whitespace() => return None,
        c => c,
    })
}

enum Token {
    Square(WrittenSquare),
    File(u8),
    Sep(char),
}

/// Parses one move (a leading move number and trailing annotations allowed).
///
/// # Errors
/// [`ParseMoveError`] when the text is not a move in any accepted form.
pub fn parse_move(text: &str) -> Result<WrittenMove, ParseMoveError> {
    let err = |reason| ParseMoveError {
        text: text.trim().to_string(),
        reason,
    };
    let mut s: Vec<char> = text.chars().filter_map(normalise).collect();
    // Leading move number: digits followed by one or more dots (or an ellipsis).
    let dots = s.iter().position(|&c| c == '.' || c == '…');
    if let Some(d) = dots
        && d > 0
        && s[..d].iter().all(char::is_ascii_digit)
    {
        let mut e = d;
        while e < s.len() && (s[e] == '.' || s[e] == '…') {
            e += 1;
        }
        s.drain(..e);
    }
    // Trailing annotations.
    while let Some(&c) = s.last() {
        if matches!(c, '!' | '?' | '+' | '#' | '.') {
            s.pop();
        } else {
            break;
        }
    }
    // Trailing promotion mark: D or K (after normalising Д, К), maybe after '='.
    let mut promotion_mark = false;
    if let Some(&c) = s.last()
        && (c == 'D' || c == 'K')
        && s.len() > 2
    {
        s.pop();
        promotion_mark = true;
        if s.last() == Some(&'=') {
            s.pop();
        }
    }
    if s.is_empty() {
        return Err(err(Unreadable::Empty));
    }
    let (tokens, marked_inside) = tokenize(&s).ok_or_else(|| err(Unreadable::StrayCharacters))?;
    build(tokens, promotion_mark || marked_inside, text.trim()).map_err(err)
}

/// Parses one move as a record or a line of plies writes it: like
/// [`parse_move`], but the start must be written (a number or a square alone
/// is a move number or a stray word there, never the move to that square).
///
/// # Errors
/// As [`parse_move`]; [`Unreadable::NoDestination`] for a square alone.
pub fn parse_record_move(text: &str) -> Result<WrittenMove, ParseMoveError> {
    let w = parse_move(text)?;
    if w.origin == WrittenOrigin::Unwritten {
        return Err(ParseMoveError {
            text: text.trim().to_string(),
            reason: Unreadable::NoDestination,
        });
    }
    Ok(w)
}

/// Splits a normalised move into tokens; the flag tells whether a promotion mark
/// stood right after a square inside the path (`d8D:a5`).
fn tokenize(s: &[char]) -> Option<(Vec<Token>, bool)> {
    let mut out = Vec::new();
    let mut marked = false;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let after_square = matches!(out.last(), Some(Token::Square(_)));
        let next_is_sign = matches!(s.get(i + 1), Some('-' | ':'));
        if c == 'D' && after_square && next_is_sign {
            marked = true;
            i += 1;
        } else if c == '-' || c == ':' {
            out.push(Token::Sep(c));
            i += 1;
        } else if c.is_ascii_alphabetic() {
            let file = c.to_ascii_lowercase() as u8 - b'a';
            if file > 9 && c != 'l' && c != 'I' {
                return None;
            }
            // Rank digits; `l` and `I` stand for `1` where a digit is due.
            let mut j = i + 1;
            let mut rank = 0u32;
            while j < s.len() {
                let d = match s[j] {
                    d @ '0'..='9' => d as u32 - '0' as u32,
                    'l' | 'I' => 1,
                    _ => break,
                };
                rank = rank * 10 + d;
                j += 1;
                if rank > 99 {
                    return None;
                }
            }
            if file > 9 {
                return None;
            }
            if j == i + 1 {
                out.push(Token::File(file));
            } else if rank == 0 {
                return None;
            } else {
                out.push(Token::Square(WrittenSquare::Coordinate {
                    file,
                    rank: (rank - 1) as u8,
                }));
            }
            i = j;
        } else if c.is_ascii_digit() {
            let mut j = i;
            let mut n = 0u32;
            while j < s.len() && s[j].is_ascii_digit() {
                n = n
                    .saturating_mul(10)
                    .saturating_add(s[j] as u32 - '0' as u32);
                j += 1;
            }
            out.push(Token::Square(WrittenSquare::Number(n)));
            i = j;
        } else {
            return None;
        }
    }
    Some((out, marked))
}

fn build(tokens: Vec<Token>, promotion_mark: bool, text: &str) -> Result<WrittenMove, Unreadable> {
    let mut iter = tokens.into_iter().peekable();
    let origin = match iter.next() {
        Some(Token::Square(sq)) => WrittenOrigin::Square(sq),
        Some(Token::File(f)) => WrittenOrigin::File(f),
        _ => return Err(Unreadable::NoStart),
    };
    let mut squares = Vec::new();
    let mut capture = false;
    let mut quiet_sign = false;
    let mut last_was_sep = false;
    for t in iter {
        match t {
            Token::Sep(c) => {
                if last_was_sep {
                    return Err(Unreadable::TwoSigns);
                }
                capture |= c == ':';
                quiet_sign |= c == '-';
                last_was_sep = true;
            }
            Token::Square(sq) => {
                squares.push(sq);
                last_was_sep = false;
            }
            Token::File(_) => return Err(Unreadable::BareFile),
        }
    }
    if last_was_sep {
        return Err(Unreadable::EndsWithSign);
    }
    let (origin, dest) = match (squares.pop(), origin) {
        (Some(dest), origin) => (origin, dest),
        // One square alone: where a piece goes.
        (None, WrittenOrigin::Square(dest)) => (WrittenOrigin::Unwritten, dest),
        (None, _) => return Err(Unreadable::NoDestination),
    };
    Ok(WrittenMove {
        origin,
        via: squares,
        dest,
        capture,
        quiet_sign,
        promotion_mark,
        text: text.to_string(),
    })
}

/// Parses a line of plies such as `15. c3-d4 d6-c5`, `15... d6-c5`, `1. ed4 dc5 2. fe3`.
/// Move numbers apply to the plies after them; spaces inside a move are allowed
/// (`c3 - d4`).
///
/// # Errors
/// The first ply that cannot be read.
pub fn parse_line(text: &str) -> Result<Vec<WrittenPly>, ParseMoveError> {
    let mut plies = Vec::new();
    let mut number = None;
    let mut black_marker = false;
    for word in join_split_moves(text) {
        // A bare move number, possibly glued to the move: `15.`, `15...`, `15.c3-d4`.
        if let Some((n, rest)) = super::move_number::read_move_number(&word) {
            number = Some(n.number);
            black_marker = n.black;
            if rest.is_empty() {
                continue;
            }
            plies.push(WrittenPly {
                number,
                black_marker,
                mv: parse_record_move(rest)?,
            });
        } else {
            plies.push(WrittenPly {
                number,
                black_marker,
                mv: parse_record_move(&word)?,
            });
        }
        number = None;
        black_marker = false;
    }
    Ok(plies)
}

/// Splits a line into words, joining a move written with spaces around its signs.
fn join_split_moves(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let is_sign = |c: char| matches!(normalise(c), Some('-' | ':'));
    for w in text.split_whitespace() {
        let joins_previous = w.starts_with(is_sign);
        let previous_open = words.last().is_some_and(|p| p.ends_with(is_sign));
        if (joins_previous || previous_open) && !words.is_empty() {
            words.last_mut().expect("checked non-empty").push_str(w);
        } else {
            words.push(w.to_string());
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(f: char, r: u8) -> WrittenSquare {
        WrittenSquare::Coordinate {
            file: f as u8 - b'a',
            rank: r - 1,
        }
    }

    #[test]
    fn full_form_with_turning_points() {
        let m = parse_move("e3:c5:e7").unwrap();
        assert_eq!(m.origin, WrittenOrigin::Square(sq('e', 3)));
        assert_eq!(m.via, vec![sq('c', 5)]);
        assert_eq!(m.dest, sq('e', 7));
        assert!(m.capture);
    }

    #[test]
    fn short_form_with_file_origin() {
        let m = parse_move("e:e7").unwrap();
        assert_eq!(m.origin, WrittenOrigin::File(4));
        assert!(m.capture);
        let m = parse_move("cd4").unwrap();
        assert_eq!(m.origin, WrittenOrigin::File(2));
        assert_eq!(m.dest, sq('d', 4));
        assert!(!m.capture);
    }

    #[test]
    fn cyrillic_lookalikes_dashes_and_l_for_one() {
        let m = parse_move("с3 – d4").unwrap();
        assert_eq!(m.origin, WrittenOrigin::Square(sq('c', 3)));
        let m = parse_move("el:g3").unwrap();
        assert_eq!(m.origin, WrittenOrigin::Square(sq('e', 1)));
        let m = parse_move("сЗ—Ь4").unwrap();
        assert_eq!(m.dest, sq('b', 4));
        let m = parse_move("15... h6хg5!?").unwrap();
        assert!(m.capture);
    }

    #[test]
    fn promotion_mark_is_read() {
        let m = parse_move("b2:d4:f6:d8D").unwrap();
        assert!(m.promotion_mark);
        assert_eq!(m.via.len(), 2);
        let m = parse_move("c7-d8Д").unwrap();
        assert!(m.promotion_mark);
    }

    #[test]
    fn promotion_mark_inside_a_capture_path_is_read() {
        let m = parse_move("11.b2:d4:f6:d8D:a5:d2:h6").unwrap();
        assert!(m.promotion_mark);
        assert_eq!(
            m.via,
            vec![sq('d', 4), sq('f', 6), sq('d', 8), sq('a', 5), sq('d', 2)]
        );
        assert_eq!(m.dest, sq('h', 6));
        let m = parse_move("b2:d4:f6:d8Д:a5").unwrap();
        assert!(m.promotion_mark);
    }

    #[test]
    fn numeric_moves() {
        let m = parse_move("47x38x24x13x36").unwrap();
        assert_eq!(m.origin, WrittenOrigin::Square(WrittenSquare::Number(47)));
        assert_eq!(m.via.len(), 3);
    }

    #[test]
    fn a_line_with_move_numbers_and_both_plies() {
        let plies = parse_line("15. c3-d4 d6-c5 16.ed4 17... c:h4").unwrap();
        assert_eq!(plies.len(), 4);
        assert_eq!(plies[0].number, Some(15));
        assert_eq!(plies[1].number, None);
        assert_eq!(plies[2].number, Some(16));
        assert!(plies[3].black_marker);
        let plies = parse_line("1- 7 47x 9 c3 - d4").unwrap();
        assert_eq!(plies.len(), 3);
    }

    #[test]
    fn garbage_is_refused() {
        assert!(parse_move("").is_err());
        assert!(parse_move("hello").is_err());
        assert!(parse_move("c3-").is_err());
        assert!(parse_move("c3--d4").is_err());
    }
}
