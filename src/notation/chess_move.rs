//! Chess moves as players write them: the one chess move reader of zaochka,
//! used by the referee, the CLI, PGN import and the mail front end alike
//! (the mail reader asks [`parse_chess_move`] whether a word is a move).
//!
//! Two stages as shakmaty's SAN (STYLE.md "two-stage notation"):
//! [`parse_chess_move`] checks the form and gives a [`WrittenChessMove`] or a
//! [`ChessUnreadable`]; then [`WrittenChessMove::resolve`] finds the legal move
//! it names in a position, or says why there is none
//! ([`ChessResolveError::Illegal`] with a typed [`ChessIllegal`], see
//! [`super::chess_illegal`]) or lists the candidates when several fit. The
//! reasons are words only in [`crate::lang::chess`]. The canonical writers are
//! [`full`] (long algebraic, `Ng1-f3`) and [`short`] (SAN, `Nf3`);
//! [`crate::lang::chess::san_for`] writes SAN in Russian piece letters.
//!
//! Moves are those of the FIDE Laws, which seed 003 follows: art. 5-6 (moves of
//! the pieces, castling, en passant, promotion), art. 10 (check must be parried).
//! shakmaty generates them; this module only reads and writes text.
//!
//! # What the reader accepts
//! - SAN: `Nf3`, `exd5`, `Nbd7`, `R1e2`, `Qh4e1`, `e8=Q`, `e8Q`, `e8/Q`,
//!   `e8(Q)`, `O-O`, `O-O-O`, also written with zeros (`0-0`, `0-0-0`), lower
//!   case `o-o`, Cyrillic `О-О` or without dashes (`OO`).
//! - Long algebraic: `e2-e4`, `Ng1-f3`, `e7:d6`, `e7xd6`, `Ke1-g1` (castling
//!   written as the king's move), with or without the piece letter; a dash
//!   after the piece letter alone (`N-f3`).
//! - UCI: `e2e4`, `e7e8q`, `e1g1` (castling).
//! - Russian piece letters: `Кр` king (also `Кр.`), `Ф` queen, `Л` rook, `С`
//!   bishop, `К` knight, `п` or `П` pawn (`Кр e1-f1`, `Сc4:d5`, `пe4`, `e8Ф`,
//!   `e8=Ф`); also `Kp` for `Кр` and a Latin `C` for `С` typed on a Latin
//!   keyboard. A Latin `K` is always the king, a Cyrillic `К` always the knight.
//! - Capture signs `x`, `X`, `:`, `×`, Cyrillic `х`, `Х`; dashes `-`, en-dash,
//!   em-dash, minus sign. The capture sign need not match the move (`e2xe4`,
//!   `Ng1:f3` and a capture written with `-` are read as the move they name),
//!   except that a pawn written without the file it comes from (`d5`) only
//!   advances, as in SAN.
//! - Cyrillic look-alikes `а`, `с`, `е` for the files `a`, `c`, `e`; `l`, `I`
//!   and `|` for the rank `1`.
//! - Check and mate signs `+`, `++`, `#`, `†`, `‡`, and the Soviet mate sign
//!   `Х`/`х`/`x`/`×` after the move (`Фh7х`, `Ф:h2Х`); annotations `!`, `?`,
//!   `!!`, `??`, `!?`, `?!`; `e.p.`, `ep`, `е.п.` or `в.п.` after an en passant
//!   capture. Each may stand glued to the move or after a space
//!   ([`is_chess_suffix`] tells such a word).
//! - A move number before the move (`12.`, `12...`, `12. ...`, `12…`), and
//!   spaces anywhere inside the move (`Кр e1 - f1`).
//!
//! A piece letter not written with a full from-square means a pawn (SAN); a
//! full from-square without a letter (`g1f3`, `e2-e4`) means whatever piece
//! stands there.

use shakmaty::san::SanPlus;
use shakmaty::{Bitboard, CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

pub use super::chess_illegal::{CastlingBar, ChessIllegal, Place};
use super::chess_illegal::{Written, castling_reason, normal_reason};
use crate::lang::Language;

/// A chess move as written, checked for form only (stage one): a move as
/// seed 003 art. 5-6 define it, in the notation of the record each player
/// keeps (art. 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WrittenChessMove {
    /// Castling, `O-O` (king side) or `O-O-O` (queen side), seed 003 art. 6.
    Castle(CastlingSide),
    /// Any other move (seed 003 art. 5-6): the destination and whatever else
    /// was written.
    Normal {
        /// The piece letter written; `None` when a full from-square was written
        /// without one (`e2-e4`, UCI `g1f3`): the piece standing there.
        role: Option<Role>,
        /// The from-file written (`e` in `exd5`, `Nbd7`, `e2-e4`).
        from_file: Option<File>,
        /// The from-rank written (`1` in `R1e2`, `e2-e4`).
        from_rank: Option<Rank>,
        /// Whether a capture sign was written.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The piece a pawn is promoted to, if written (`e8=Q`).
        promotion: Option<Role>,
    },
}

impl WrittenChessMove {
    /// Whether the move is a bare pawn advance such as `e4` (no letter, no
    /// from-square, no capture sign, no promotion), which in prose could as
    /// well be a square named in passing.
    #[must_use]
    pub fn is_bare_pawn_push(&self) -> bool {
        matches!(
            self,
            WrittenChessMove::Normal {
                role: Some(Role::Pawn),
                from_file: None,
                from_rank: None,
                capture: false,
                promotion: None,
                ..
            }
        )
    }

    /// The move in canonical Latin letters as written (`Nf3`, `exd5`,
    /// `Ke1-f1`, `e2-e4`, `e8=Q`, `O-O`): equal for two writings of one move
    /// (`Кр e1-f1` and `Ke1–f1`), without a position.
    ///
    /// ```
    /// use zaochka::notation::chess_move::parse_chess_move;
    /// assert_eq!(parse_chess_move("Кр e1–f1+").unwrap().canonical(), "Ke1-f1");
    /// assert_eq!(parse_chess_move("Ф:h2Х").unwrap().canonical(), "Qxh2");
    /// ```
    #[must_use]
    pub fn canonical(&self) -> String {
        match *self {
            WrittenChessMove::Castle(CastlingSide::KingSide) => "O-O".into(),
            WrittenChessMove::Castle(CastlingSide::QueenSide) => "O-O-O".into(),
            WrittenChessMove::Normal {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
            } => {
                let mut s = String::new();
                if let Some(r) = role.filter(|&r| r != Role::Pawn) {
                    s.push(r.upper_char());
                }
                if let Some(f) = from_file {
                    s.push(f.char());
                }
                if let Some(r) = from_rank {
                    s.push(r.char());
                }
                if capture {
                    s.push('x');
                } else if from_file.is_some() && from_rank.is_some() {
                    s.push('-');
                }
                s.push_str(&to.to_string());
                if let Some(p) = promotion {
                    s.push('=');
                    s.push(p.upper_char());
                }
                s
            }
        }
    }
}

/// Why a text is not a chess move at all (stage one failed); an unclear
/// written move is no move (seed 003 art. 17в). Worded by
/// [`crate::lang::chess::unreadable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessUnreadable {
    /// Nothing but space, a move number or marks.
    Empty,
    /// No destination square.
    NoDestination,
    /// Castling written with a wrong number of `O`.
    BadCastling,
    /// A promotion to something that is not a piece letter.
    BadPromotion,
    /// Characters that no form of chess notation has.
    Unexpected,
}

impl ChessUnreadable {
    /// Every kind, for tests that word them all.
    pub const ALL: [ChessUnreadable; 5] = [
        ChessUnreadable::Empty,
        ChessUnreadable::NoDestination,
        ChessUnreadable::BadCastling,
        ChessUnreadable::BadPromotion,
        ChessUnreadable::Unexpected,
    ];
}

impl std::fmt::Display for ChessUnreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(crate::lang::chess::unreadable(*self, Language::En))
    }
}

impl std::error::Error for ChessUnreadable {}

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
fn strip_move_number(s: &str) -> &str {
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
fn normalize(c: char) -> char {
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
const EN_PASSANT_MARKS: [&str; 10] = [
    "e.p.", "e.п.", "в.п.", "e.p", "e.п", "в.п", "ep.", "ep", "eп", "вп",
];

/// Takes check and mate signs, annotations and `e.p.` off the end.
fn strip_suffixes(chars: &mut Vec<char>) {
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
fn piece_prefix(chars: &[char]) -> (Option<Role>, &[char]) {
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

fn promotion_letter(c: char, uci: bool) -> Option<Role> {
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
fn take_promotion(rest: &mut Vec<char>) -> Result<Option<Role>, ChessUnreadable> {
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

fn file_of(c: char) -> Option<File> {
    match c {
        'a'..='h' => File::from_char(c),
        _ => None,
    }
}

fn rank_of(c: char) -> Option<Rank> {
    match c {
        '1'..='8' => Rank::from_char(c),
        'l' | 'I' | '|' => Some(Rank::First),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Stage two: against a position.

/// Why a written move names no single legal move (stage two failed): it breaks
/// the moves of the pieces (seed 003 art. 5-6), leaves the king in check
/// (art. 10), or fits several legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessResolveError {
    /// No legal move fits; the typed reason, as precise as the position tells
    /// (worded by [`crate::lang::chess::illegal`]).
    Illegal(ChessIllegal),
    /// Several legal moves fit (SAN candidates are listed by the caller).
    Ambiguous(Vec<Move>),
}

/// The squares a move touches as `(from, to)` for matching written text: the
/// king's squares for castling.
fn squares_of(m: Move) -> Option<(Square, Square)> {
    match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => Some((from, to)),
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook.file() > king.file());
            let file = side.king_to_file();
            Some((king, Square::from_coords(file, king.rank())))
        }
        Move::Put { .. } => None,
    }
}

fn promotion_of(m: Move) -> Option<Role> {
    match m {
        Move::Normal { promotion, .. } => promotion,
        _ => None,
    }
}

impl WrittenChessMove {
    /// Whether a legal move fits what is written.
    fn fits(&self, m: Move) -> bool {
        match *self {
            WrittenChessMove::Castle(side) => {
                matches!(m, Move::Castle { .. }) && m.castling_side() == Some(side)
            }
            WrittenChessMove::Normal {
                role,
                from_file,
                from_rank,
                to,
                promotion,
                ..
            } => {
                let Some((from, king_to)) = squares_of(m) else {
                    return false;
                };
                let to_fits = king_to == to || (m.is_castle() && m.to() == to);
                let pawn_push_only =
                    role == Some(Role::Pawn) && from_file.is_none() && from_rank.is_none();
                to_fits
                    && role.is_none_or(|r| r == m.role())
                    && from_file.is_none_or(|f| f == from.file())
                    && from_rank.is_none_or(|r| r == from.rank())
                    && promotion.is_none_or(|p| promotion_of(m) == Some(p))
                    && !(pawn_push_only && m.is_capture())
            }
        }
    }

    /// Finds the legal move written (stage two). `moved_from` holds every square
    /// a piece has left during the game so far: it tells whether the king or a
    /// rook has moved when castling is refused.
    ///
    /// # Errors
    /// [`ChessResolveError::Illegal`] with the reason, or
    /// [`ChessResolveError::Ambiguous`] with the legal moves that fit.
    pub fn resolve(&self, pos: &Chess, moved_from: Bitboard) -> Result<Move, ChessResolveError> {
        let legal = pos.legal_moves();
        let fits: Vec<Move> = legal.iter().copied().filter(|&m| self.fits(m)).collect();
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(ChessResolveError::Illegal(match *self {
                WrittenChessMove::Castle(side) => castling_reason(pos, side, moved_from),
                WrittenChessMove::Normal {
                    role,
                    from_file,
                    from_rank,
                    to,
                    promotion,
                    ..
                } => normal_reason(
                    pos,
                    &Written {
                        role,
                        from_file,
                        from_rank,
                        to,
                        promotion,
                    },
                    moved_from,
                ),
            })),
            _ => Err(ChessResolveError::Ambiguous(fits)),
        }
    }
}

// ---------------------------------------------------------------------------
// Writers.

/// Long algebraic notation with the piece letter, the canonical full form of the
/// record (seed 003 art. 13):
/// `Ng1-f3`, `e2-e4`, `e7xd6` (also en passant), `e7-e8=Q`, `O-O`, `O-O-O`,
/// with `+` after a check and `#` after checkmate (seed 003 art. 10). `m` must
/// be legal in `pos`.
///
/// ```
/// use shakmaty::{Chess, Move, Role, Square};
/// use zaochka::notation::chess_move::full;
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(full(&Chess::default(), m), "Ng1-f3");
/// ```
#[must_use]
pub fn full(pos: &Chess, m: Move) -> String {
    let mut s = String::new();
    match m {
        Move::Castle { king, rook } => {
            s.push_str(if rook.file() > king.file() {
                "O-O"
            } else {
                "O-O-O"
            });
        }
        Move::Put { role, to } => {
            s.push(role.upper_char());
            s.push('@');
            s.push_str(&to.to_string());
        }
        Move::Normal { .. } | Move::EnPassant { .. } => {
            let (from, to) = squares_of(m).unwrap_or((m.to(), m.to()));
            if m.role() != Role::Pawn {
                s.push(m.role().upper_char());
            }
            s.push_str(&from.to_string());
            s.push(if m.is_capture() { 'x' } else { '-' });
            s.push_str(&to.to_string());
            if let Some(p) = promotion_of(m) {
                s.push('=');
                s.push(p.upper_char());
            }
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        s.push('#');
    } else if after.is_check() {
        s.push('+');
    }
    s
}

/// Standard Algebraic Notation, the canonical short form of the record (seed
/// 003 art. 13) and of PGN: `Nf3`, `exd5`,
/// `Nbd7`, `e8=Q`, `O-O`, with `+` or `#`. `m` must be legal in `pos`.
#[must_use]
pub fn short(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}
