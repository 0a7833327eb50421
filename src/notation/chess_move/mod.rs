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
//! reasons are words only in [`crate::words::chess`]. The canonical writers are
//! [`full`] (long algebraic, `Ng1-f3`) and [`short`] (SAN, `Nf3`);
//! [`san_for`] writes SAN in Russian piece letters.
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

mod letters;
mod read;
mod resolve;
mod write;

use shakmaty::{CastlingSide, File, Rank, Role, Square};

pub use super::chess_illegal::{CastlingBar, ChessIllegal, Place};
pub use letters::{piece_letter, san_for};
pub use read::{en_passant_mark_len, is_chess_suffix, is_en_passant_mark, parse_chess_move};
pub use resolve::ChessResolveError;
pub use write::{full, short};

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
/// [`crate::words::chess::unreadable`].
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

/// Short English for logs; [`crate::words::chess::unreadable`] words the
/// reason for a player.
impl std::fmt::Display for ChessUnreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ChessUnreadable::Empty => "empty",
            ChessUnreadable::NoDestination => "no destination square",
            ChessUnreadable::BadCastling => "castling miswritten",
            ChessUnreadable::BadPromotion => "promotion to no piece",
            ChessUnreadable::Unexpected => "characters of no chess move",
        })
    }
}

impl std::error::Error for ChessUnreadable {}
