//! Chess moves as players write them, read in two stages as shakmaty's SAN
//! (STYLE.md "two-stage notation"): [`parse_chess_move`] checks the form and
//! gives a [`WrittenChessMove`], then [`WrittenChessMove::resolve`] finds the
//! legal move it names in a position, or says why there is none (in English and
//! Russian) or lists the candidates when several fit. The canonical writers are
//! [`full`] (long algebraic, `Ng1-f3`) and [`short`] (SAN, `Nf3`).
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
//!   written as the king's move), with or without the piece letter.
//! - UCI: `e2e4`, `e7e8q`, `e1g1` (castling).
//! - Russian piece letters: `Кр` king, `Ф` queen, `Л` rook, `С` bishop, `К`
//!   knight (`Кр e1-f1`, `Сc4:d5`, `e8Ф`, `e8=Ф`); also `Kp` for `Кр` and a
//!   Latin `C` for `С` typed on a Latin keyboard. A Latin `K` is always the king,
//!   a Cyrillic `К` always the knight.
//! - Capture signs `x`, `X`, `:`, `×`, Cyrillic `х`; dashes `-`, en-dash,
//!   em-dash, minus sign. The capture sign need not match the move (`e2xe4`,
//!   `Ng1:f3` and a capture written with `-` are read as the move they name),
//!   except that a pawn written without the file it comes from (`d5`) only
//!   advances, as in SAN.
//! - Cyrillic look-alikes `а`, `с`, `е` for the files `a`, `c`, `e`; `l`, `I`
//!   and `|` for the rank `1`.
//! - Check and mate signs `+`, `++`, `#`, `†`, `‡`, and the Russian mate sign
//!   `х`/`x`/`×` after the move (`Фh7х`); annotations `!`, `?`, `!!`, `??`,
//!   `!?`, `?!`; `e.p.`, `ep` or `е.п.` after an en passant capture.
//! - A move number before the move (`12.`, `12...`, `12. ...`, `12…`), and
//!   spaces anywhere inside the move (`Кр e1 - f1`).
//!
//! A piece letter not written with a full from-square means a pawn (SAN); a
//! full from-square without a letter (`g1f3`, `e2-e4`) means whatever piece
//! stands there.

use shakmaty::attacks;
use shakmaty::san::SanPlus;
use shakmaty::{
    Bitboard, CastlingSide, Chess, EnPassantMode, File, Move, Position, Rank, Role, Square,
};

use crate::lang::Language;

/// A chess move as written, checked for form only (stage one): a move as
/// seed 003 art. 5-6 define it, in the notation of the record each player
/// keeps (art. 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// Why a text is not a chess move at all (stage one failed); an unclear
/// written move is no move (seed 003 art. 17в).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{en}")]
pub struct ParseChessMoveError {
    /// The reason in English.
    pub en: &'static str,
    /// The reason in Russian.
    pub ru: &'static str,
}

impl ParseChessMoveError {
    /// The reason in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> &'static str {
        match lang {
            Language::En => self.en,
            Language::Ru => self.ru,
        }
    }
}

const EMPTY: ParseChessMoveError = ParseChessMoveError {
    en: "it is empty",
    ru: "пустой текст",
};
const NO_DESTINATION: ParseChessMoveError = ParseChessMoveError {
    en: "it names no destination square (write e.g. Nf3, e2-e4 or O-O)",
    ru: "не указано поле, куда идёт фигура (пишите, например, Кf3, e2-e4 или 0-0)",
};
const BAD_CASTLING: ParseChessMoveError = ParseChessMoveError {
    en: "castling is written O-O (king side) or O-O-O (queen side)",
    ru: "рокировка пишется 0-0 (короткая) или 0-0-0 (длинная)",
};
const BAD_PROMOTION: ParseChessMoveError = ParseChessMoveError {
    en: "a pawn is promoted to Q, R, B or N (Ф, Л, С, К)",
    ru: "пешка превращается в Ф, Л, С или К (Q, R, B, N)",
};
const UNEXPECTED: ParseChessMoveError = ParseChessMoveError {
    en: "it has characters that are no part of a chess move",
    ru: "в записи есть знаки, которых не бывает в записи хода",
};

/// Reads a chess move as written, without a position (stage one). See the
/// module doc for every form accepted.
///
/// # Errors
/// [`ParseChessMoveError`] when the text is empty, names no square, or holds
/// characters that no form of chess notation has.
///
/// ```
/// use zaochka::notation::chess_move::{parse_chess_move, WrittenChessMove};
/// use shakmaty::{Role, Square};
/// let m = parse_chess_move("12. Кр e1-f1+").unwrap();
/// assert!(matches!(m, WrittenChessMove::Normal { role: Some(Role::King), to: Square::F1, .. }));
/// ```
pub fn parse_chess_move(text: &str) -> Result<WrittenChessMove, ParseChessMoveError> {
    let body = strip_move_number(text.trim());
    let mut chars: Vec<char> = body
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(normalize)
        .collect();
    strip_suffixes(&mut chars);
    if chars.is_empty() {
        return Err(EMPTY);
    }
    if chars.iter().all(|&c| c == 'O' || c == '-') && chars.contains(&'O') {
        return match chars.iter().filter(|&&c| c == 'O').count() {
            2 => Ok(WrittenChessMove::Castle(CastlingSide::KingSide)),
            3 => Ok(WrittenChessMove::Castle(CastlingSide::QueenSide)),
            _ => Err(BAD_CASTLING),
        };
    }
    let (role, rest) = piece_prefix(&chars);
    let mut rest = rest.to_vec();
    let promotion = take_promotion(&mut rest)?;
    // The destination: the last two characters.
    let n = rest.len();
    if n < 2 {
        return Err(NO_DESTINATION);
    }
    let (Some(file), Some(rank)) = (file_of(rest[n - 2]), rank_of(rest[n - 1])) else {
        return Err(if rest.iter().all(|c| c.is_alphanumeric()) {
            NO_DESTINATION
        } else {
            UNEXPECTED
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
                return Err(UNEXPECTED);
            }
        }
        [f, r] => match (file_of(*f), rank_of(*r)) {
            (Some(f), Some(r)) => {
                from_file = Some(f);
                from_rank = Some(r);
            }
            _ => return Err(UNEXPECTED),
        },
        _ => return Err(UNEXPECTED),
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

/// Takes check and mate signs, annotations and `e.p.` off the end.
fn strip_suffixes(chars: &mut Vec<char>) {
    loop {
        let n = chars.len();
        match chars.last() {
            Some('+' | '#' | '!' | '?' | '†' | '‡') => {
                chars.pop();
            }
            // The Russian mate sign after a complete move: a rank digit or a
            // promotion letter before it.
            Some('x') if n >= 3 && !matches!(chars[n - 2], 'x' | '-') => {
                chars.pop();
            }
            _ => {
                let tail: String = chars[n.saturating_sub(4)..].iter().collect();
                // `e` and `е` are both `e` here; `п` stays Cyrillic.
                let cut = ["e.p.", "e.п.", "ep.", "ep", "eп"]
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

/// A piece letter at the start: English `K Q R B N P`, Russian `Кр Ф Л С К`.
fn piece_prefix(chars: &[char]) -> (Option<Role>, &[char]) {
    // `Кр` (also typed `Kp` with Latin look-alikes) is the king.
    if let [a, b, ..] = chars
        && matches!(a, 'К' | 'к' | 'K')
        && matches!(b, 'р' | 'Р' | 'p' | 'P')
    {
        return (Some(Role::King), &chars[2..]);
    }
    let role = match chars.first() {
        Some('K') => Role::King,
        Some('Q' | 'Ф' | 'ф') => Role::Queen,
        Some('R' | 'Л' | 'л') => Role::Rook,
        Some('B' | 'С' | 'C') => Role::Bishop,
        Some('N' | 'К' | 'к') => Role::Knight,
        Some('P' | 'П') => Role::Pawn,
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
fn take_promotion(rest: &mut Vec<char>) -> Result<Option<Role>, ParseChessMoveError> {
    let mut paren = false;
    if rest.last() == Some(&')') {
        rest.pop();
        paren = true;
    }
    let n = rest.len();
    let Some(&last) = rest.last() else {
        return if paren { Err(UNEXPECTED) } else { Ok(None) };
    };
    let after_digit = n >= 2 && rank_of(rest[n - 2]).is_some();
    let marked = n >= 2 && matches!(rest[n - 2], '=' | '/' | '(');
    let Some(role) = promotion_letter(last, after_digit && !marked) else {
        if paren || last == '=' {
            return Err(BAD_PROMOTION);
        }
        return Ok(None);
    };
    if !(after_digit || marked) {
        return Err(UNEXPECTED);
    }
    rest.pop();
    if marked {
        let mark = rest.pop();
        if paren != (mark == Some('(')) {
            return Err(UNEXPECTED);
        }
    } else if paren {
        return Err(UNEXPECTED);
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
    /// No legal move fits; the reason in English and Russian, as precise as
    /// the position tells ("there is no piece of yours on e5", "the king would
    /// be in check", "castling is not allowed: the king has moved").
    Illegal {
        /// English reason.
        en: String,
        /// Russian reason.
        ru: String,
    },
    /// Several legal moves fit (SAN candidates are listed by the caller).
    Ambiguous(Vec<Move>),
}

impl ChessResolveError {
    fn illegal(en: impl Into<String>, ru: impl Into<String>) -> Self {
        ChessResolveError::Illegal {
            en: en.into(),
            ru: ru.into(),
        }
    }
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
            [] => Err(match *self {
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
            }),
            _ => Err(ChessResolveError::Ambiguous(fits)),
        }
    }
}

/// The parts of a written normal move the reasons need.
struct Written {
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

/// Names of a piece for messages: English, Russian nominative, and Russian
/// "your ..." in the genitive ("на g1 нет вашего слона").
fn names(role: Role) -> (&'static str, &'static str, &'static str) {
    match role {
        Role::Pawn => ("pawn", "пешка", "вашей пешки"),
        Role::Knight => ("knight", "конь", "вашего коня"),
        Role::Bishop => ("bishop", "слон", "вашего слона"),
        Role::Rook => ("rook", "ладья", "вашей ладьи"),
        Role::Queen => ("queen", "ферзь", "вашего ферзя"),
        Role::King => ("king", "король", "вашего короля"),
    }
}

fn castling_reason(pos: &Chess, side: CastlingSide, moved_from: Bitboard) -> ChessResolveError {
    let us = pos.turn();
    let board = pos.board();
    let home_rank = us.fold_wb(Rank::First, Rank::Eighth);
    let king_home = Square::from_coords(File::E, home_rank);
    let (rook_file, side_en, side_ru) = match side {
        CastlingSide::KingSide => (File::H, "king side", "короткая"),
        CastlingSide::QueenSide => (File::A, "queen side", "длинная"),
    };
    let rook_home = Square::from_coords(rook_file, home_rank);
    let no = |en: &str, ru: &str| {
        ChessResolveError::illegal(
            format!("castling is not allowed: {en}"),
            format!("рокировка ({side_ru}) невозможна: {ru}"),
        )
    };
    let castles = pos.castles();
    if !castles.has(us, side) {
        let king_there = board.king_of(us) == Some(king_home);
        if !king_there || moved_from.contains(king_home) {
            return no("the king has moved", "король уже ходил");
        }
        if moved_from.contains(rook_home) {
            return no(
                &format!("the rook on the {side_en} has moved"),
                "эта ладья уже ходила",
            );
        }
        if board.piece_at(rook_home) != Some(Role::Rook.of(us)) {
            return no(
                &format!("there is no rook of yours on {rook_home}"),
                &format!("на {rook_home} нет вашей ладьи"),
            );
        }
        return no(
            &format!(
                "the right to castle on the {side_en} was lost before the game's start position (its FEN)"
            ),
            "право на эту рокировку было утрачено ещё до начальной позиции партии (её FEN)",
        );
    }
    let occupied = board.occupied();
    if let Some(blocker) = (castles.path(us, side) & occupied).first() {
        return no(
            &format!("{blocker} between the king and the rook is not empty"),
            &format!("поле {blocker} между королём и ладьёй занято"),
        );
    }
    if pos.is_check() {
        return no("the king is in check", "король под шахом");
    }
    let king_to = side.king_to(us);
    let crossed = attacks::between(king_home, king_to);
    for sq in crossed {
        if board.attacks_to(sq, !us, occupied).any() {
            return no(
                &format!("the king would cross {sq}, which is attacked"),
                &format!("король прошёл бы через битое поле {sq}"),
            );
        }
    }
    ChessResolveError::illegal(
        format!("castling is not allowed: the king would be in check on {king_to}"),
        format!("рокировка ({side_ru}) невозможна: король оказался бы под шахом на {king_to}"),
    )
}

/// Whether `role` moving from `from` to `to` follows the piece's movement on
/// this board (seed 003 art. 6), ignoring whether the own king is left in check.
/// `Err` carries the reason it does not.
fn geometry(
    pos: &Chess,
    role: Role,
    from: Square,
    to: Square,
    moved_from: Bitboard,
) -> Result<(), ChessResolveError> {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let (en, ru_nom, _) = names(role);
    if from == to {
        return Err(ChessResolveError::illegal(
            format!("the {en} must move to another square"),
            format!("{ru_nom}: нужно пойти на другое поле"),
        ));
    }
    if board.color_at(to) == Some(us) {
        return Err(ChessResolveError::illegal(
            format!("{to} is occupied by your own piece"),
            format!("поле {to} занято вашей фигурой"),
        ));
    }
    let blocked = |path: Bitboard| -> Result<(), ChessResolveError> {
        match (path & occupied).first() {
            None => Ok(()),
            Some(b) => Err(ChessResolveError::illegal(
                format!("the way of the {en} from {from} to {to} is blocked on {b}"),
                format!("путь ({ru_nom}) с {from} на {to} прегражден на {b}"),
            )),
        }
    };
    let df = to.file().distance(from.file());
    let dr = to.rank().distance(from.rank());
    match role {
        Role::Knight => {
            if attacks::knight_attacks(from).contains(to) {
                Ok(())
            } else {
                Err(ChessResolveError::illegal(
                    "a knight moves two squares one way and one square to the side (an L)",
                    "конь ходит буквой «Г»: на два поля в одну сторону и на одно вбок",
                ))
            }
        }
        Role::Bishop => {
            if df == dr {
                blocked(attacks::between(from, to))
            } else {
                Err(ChessResolveError::illegal(
                    "a bishop moves along diagonals",
                    "слон ходит по диагоналям",
                ))
            }
        }
        Role::Rook => {
            if df == 0 || dr == 0 {
                blocked(attacks::between(from, to))
            } else {
                Err(ChessResolveError::illegal(
                    "a rook moves along ranks and files",
                    "ладья ходит по горизонталям и вертикалям",
                ))
            }
        }
        Role::Queen => {
            if df == 0 || dr == 0 || df == dr {
                blocked(attacks::between(from, to))
            } else {
                Err(ChessResolveError::illegal(
                    "a queen moves along ranks, files and diagonals",
                    "ферзь ходит по горизонталям, вертикалям и диагоналям",
                ))
            }
        }
        Role::King => {
            let home_rank = us.fold_wb(Rank::First, Rank::Eighth);
            let castling_like = from == Square::from_coords(File::E, home_rank)
                && to.rank() == home_rank
                && matches!(to.file(), File::G | File::C | File::H | File::A);
            if castling_like {
                let side = CastlingSide::from_king_side(to.file() > File::E);
                return Err(castling_reason(pos, side, moved_from));
            }
            if df <= 1 && dr <= 1 {
                Ok(())
            } else {
                Err(ChessResolveError::illegal(
                    "a king moves one square",
                    "король ходит на одно поле",
                ))
            }
        }
        Role::Pawn => pawn_geometry(pos, from, to),
    }
}

fn pawn_geometry(pos: &Chess, from: Square, to: Square) -> Result<(), ChessResolveError> {
    let board = pos.board();
    let us = pos.turn();
    let forward: i32 = us.fold_wb(1, -1);
    let steps = (i32::from(to.rank()) - i32::from(from.rank())) * forward;
    let df = to.file().distance(from.file());
    if steps <= 0 {
        return Err(ChessResolveError::illegal(
            "a pawn moves only forward",
            "пешка ходит только вперёд",
        ));
    }
    if df == 0 {
        let start_rank = us.fold_wb(Rank::Second, Rank::Seventh);
        if steps > 2 || (steps == 2 && from.rank() != start_rank) {
            return Err(ChessResolveError::illegal(
                "a pawn advances one square (two from its initial square)",
                "пешка ходит на одно поле вперёд (с начального поля — на два)",
            ));
        }
        if steps == 2 {
            let between = attacks::between(from, to);
            if let Some(b) = (between & board.occupied()).first() {
                return Err(ChessResolveError::illegal(
                    format!("the pawn's way to {to} is blocked on {b}"),
                    format!("путь пешки на {to} прегражден на {b}"),
                ));
            }
        }
        if board.piece_at(to).is_some() {
            return Err(ChessResolveError::illegal(
                format!("a pawn does not capture straight ahead: {to} is occupied"),
                format!("пешка не бьёт прямо: поле {to} занято"),
            ));
        }
        return Ok(());
    }
    if df == 1 && steps == 1 {
        if board.color_at(to) == Some(!us) {
            return Ok(());
        }
        if pos.ep_square(EnPassantMode::Legal) == Some(to)
            || pos.ep_square(EnPassantMode::Always) == Some(to)
        {
            return Ok(());
        }
        let behind = Square::from_coords(to.file(), from.rank());
        if board.piece_at(behind) == Some(Role::Pawn.of(!us)) {
            return Err(ChessResolveError::illegal(
                format!(
                    "the pawn on {behind} can be taken en passant only right after it has advanced two squares"
                ),
                format!(
                    "пешку {behind} можно взять на проходе только сразу после её хода через поле"
                ),
            ));
        }
        return Err(ChessResolveError::illegal(
            format!("a pawn moves diagonally only to capture, and {to} is empty"),
            format!("пешка ходит наискосок только со взятием, а поле {to} пусто"),
        ));
    }
    Err(ChessResolveError::illegal(
        "a pawn moves straight forward and captures one square diagonally forward",
        "пешка ходит прямо вперёд, а бьёт на одно поле вперёд наискосок",
    ))
}

/// Why a piece on `from` cannot make the written move: geometry first, then
/// promotion, then the safety of the own king (seed 003 art. 6, 10).
fn piece_reason(
    pos: &Chess,
    role: Role,
    from: Square,
    w: &Written,
    moved_from: Bitboard,
) -> ChessResolveError {
    if let Err(e) = geometry(pos, role, from, w.to, moved_from) {
        return e;
    }
    let us = pos.turn();
    let last_rank = us.fold_wb(Rank::Eighth, Rank::First);
    match (role, w.promotion) {
        (Role::Pawn, Some(Role::King | Role::Pawn)) => {
            return ChessResolveError::illegal(
                "a pawn is promoted to a queen, rook, bishop or knight",
                "пешка превращается в ферзя, ладью, слона или коня",
            );
        }
        (Role::Pawn, Some(_)) if w.to.rank() != last_rank => {
            return ChessResolveError::illegal(
                "only a pawn reaching the last rank is promoted",
                "превращается только пешка, дошедшая до последней горизонтали",
            );
        }
        (r, Some(_)) if r != Role::Pawn => {
            return ChessResolveError::illegal(
                "only a pawn is promoted",
                "превращается только пешка",
            );
        }
        _ => {}
    }
    // The move follows the piece's movement but is not legal: the own king
    // would stand in check after it (art. 6 king, art. 10).
    if role == Role::King {
        return ChessResolveError::illegal(
            format!("the king would be in check on {}", w.to),
            format!("король оказался бы под шахом на {}", w.to),
        );
    }
    if pos.is_check() {
        return ChessResolveError::illegal(
            "the king would be in check: this move does not parry the check",
            "король оказался бы под шахом: этот ход не защищает от шаха",
        );
    }
    let (en, _, _) = names(role);
    let (your, feminine) = your_ru(role);
    let pinned = if feminine {
        "связана"
    } else {
        "связан"
    };
    ChessResolveError::illegal(
        format!("the king would be in check: the {en} on {from} is pinned"),
        format!("король оказался бы под шахом: {your} на {from} {pinned}"),
    )
}

/// "ваш конь", "ваша ладья": the piece with "your" in the nominative, and
/// whether the word is feminine.
fn your_ru(role: Role) -> (&'static str, bool) {
    match role {
        Role::Pawn => ("ваша пешка", true),
        Role::Rook => ("ваша ладья", true),
        Role::Knight => ("ваш конь", false),
        Role::Bishop => ("ваш слон", false),
        Role::Queen => ("ваш ферзь", false),
        Role::King => ("ваш король", false),
    }
}

fn normal_reason(pos: &Chess, w: &Written, moved_from: Bitboard) -> ChessResolveError {
    let board = pos.board();
    let us = pos.turn();
    if let (Some(f), Some(r)) = (w.from_file, w.from_rank) {
        let from = Square::from_coords(f, r);
        let Some(piece) = board.piece_at(from).filter(|p| p.color == us) else {
            let note = match board.color_at(from) {
                Some(_) => (
                    " (the piece there is your opponent's)",
                    " (там фигура соперника)",
                ),
                None => ("", ""),
            };
            return ChessResolveError::illegal(
                format!("there is no piece of yours on {from}{}", note.0),
                format!("на {from} нет вашей фигуры{}", note.1),
            );
        };
        if let Some(role) = w.role
            && role != piece.role
        {
            let (en, _, ru_gen) = names(role);
            let (there_en, there_ru, _) = names(piece.role);
            return ChessResolveError::illegal(
                format!("there is no {en} of yours on {from} (a {there_en} stands there)"),
                format!("на {from} нет {ru_gen} (там стоит {there_ru})"),
            );
        }
        return piece_reason(pos, piece.role, from, w, moved_from);
    }
    let role = w.role.unwrap_or(Role::Pawn);
    let (en, _, ru_gen) = names(role);
    let mut pieces = board.by_piece(role.of(us));
    if let Some(f) = w.from_file {
        pieces &= Bitboard::from_file(f);
    }
    if let Some(r) = w.from_rank {
        pieces &= Bitboard::from_rank(r);
    }
    let pawn_push_only = role == Role::Pawn && w.from_file.is_none() && w.from_rank.is_none();
    if pawn_push_only {
        pieces &= Bitboard::from_file(w.to.file());
    }
    let place = match (w.from_file, w.from_rank) {
        (Some(f), None) => (format!(" on the {f}-file"), format!(" на вертикали {f}")),
        (None, Some(r)) => (format!(" on rank {r}"), format!(" на {r}-й горизонтали")),
        _ => (String::new(), String::new()),
    };
    if pawn_push_only {
        // A pawn that could take on the square: the writer forgot the file.
        let takers: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.role() == Role::Pawn && m.is_capture() && m.to() == w.to)
            .collect();
        if let Some(m) = takers.first() {
            let san = short(pos, *m);
            return ChessResolveError::illegal(
                format!("a pawn captures diagonally and the capture names its file: write {san}"),
                format!("пешка бьёт наискосок, и во взятии указывают её вертикаль: пишите {san}"),
            );
        }
    }
    if pieces.is_empty() {
        return if pawn_push_only {
            ChessResolveError::illegal(
                format!("no pawn of yours can move to {}", w.to),
                format!("ни одна ваша пешка не может пойти на {}", w.to),
            )
        } else {
            ChessResolveError::illegal(
                format!("you have no {en}{}", place.0),
                format!(
                    "у вас нет {}{}",
                    ru_gen
                        .trim_start_matches("вашего ")
                        .trim_start_matches("вашей "),
                    place.1
                ),
            )
        };
    }
    let reasons: Vec<ChessResolveError> = pieces
        .into_iter()
        .map(|from| piece_reason(pos, role, from, w, moved_from))
        .collect();
    let is_check_reason = |e: &ChessResolveError| matches!(e, ChessResolveError::Illegal { en, .. } if en.starts_with("the king would be in check"));
    if reasons.len() == 1 {
        return reasons
            .into_iter()
            .next()
            .unwrap_or_else(unreachable_reason);
    }
    if let Some(r) = reasons.iter().find(|e| is_check_reason(e)) {
        return r.clone();
    }
    let (your, feminine) = your_ru(role);
    let none = if feminine {
        "ни одна"
    } else {
        "ни один"
    };
    ChessResolveError::illegal(
        format!("no {en} of yours{} can move to {}", place.0, w.to),
        format!("{none} {your}{} не может пойти на {}", place.1, w.to),
    )
}

fn unreachable_reason() -> ChessResolveError {
    ChessResolveError::illegal("the move is not legal here", "этот ход здесь невозможен")
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
