//! Stage two: finding the legal move a written move names in a position, or
//! why there is none.

use shakmaty::{Bitboard, CastlingSide, Chess, Move, Position, Role, Square};

use super::{ChessIllegal, WrittenChessMove};
use crate::notation::chess_illegal::{Written, castling_reason, normal_reason};

/// Why a written move names no single legal move (stage two failed): it breaks
/// the moves of the pieces (seed 003 art. 5-6), leaves the king in check
/// (art. 10), or fits several legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessResolveError {
    /// No legal move fits; the typed reason, as precise as the position tells
    /// (worded by [`crate::words::chess::illegal`]).
    Illegal(ChessIllegal),
    /// Several legal moves fit (SAN candidates are listed by the caller).
    Ambiguous(Vec<Move>),
}

/// The squares a move touches as `(from, to)` for matching written text: the
/// king's squares for castling.
pub(super) fn squares_of(m: Move) -> Option<(Square, Square)> {
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

pub(super) fn promotion_of(m: Move) -> Option<Role> {
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
