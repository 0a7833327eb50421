//! The canonical writers: long algebraic ([`full`]) and SAN ([`short`]).

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position, Role};

use super::resolve::{promotion_of, squares_of};

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
