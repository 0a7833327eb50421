//! Why a written chess move names no legal move: the typed reason, as precise
//! as the position tells (which piece, which square, which rule of the FIDE
//! Laws it breaks). The reasons are plain data; [`crate::words::chess`] words
//! them in the reader's language.
//!
//! The order of the checks follows the Laws: the piece's movement first
//! (seed 003 art. 5-6; FIDE art. 3), then promotion (FIDE art. 3.7.5), then
//! the own king's safety (seed 003 art. 10; FIDE art. 3.9), then castling
//! (seed 003 art. 6; FIDE art. 3.8.2).

use shakmaty::attacks;
use shakmaty::{Bitboard, CastlingSide, Chess, EnPassantMode, File, Position, Rank, Role, Square};

/// Why no legal move fits a written chess move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessIllegal {
    /// The from-square written holds no piece of the side to move;
    /// `opponents` when an opponent's piece stands there.
    NoPieceOn {
        /// The from-square written.
        from: Square,
        /// Whether the opponent's piece stands there.
        opponents: bool,
    },
    /// The piece letter written is not the piece on the from-square.
    WrongPiece {
        /// The from-square written.
        from: Square,
        /// The piece written.
        written: Role,
        /// The piece that stands there.
        there: Role,
    },
    /// The destination is the from-square.
    SameSquare(Role),
    /// The destination holds a piece of the side to move.
    OwnPieceOn(Square),
    /// A bishop, rook or queen would pass over a piece.
    Blocked {
        /// The piece.
        role: Role,
        /// From-square.
        from: Square,
        /// Destination.
        to: Square,
        /// The first occupied square on the way.
        on: Square,
    },
    /// The piece does not move so (FIDE art. 3.2-3.7): how it moves.
    Movement(Role),
    /// A pawn written to move backward or sideways.
    PawnBackward,
    /// A pawn written to advance more than one square (two from its initial
    /// square).
    PawnAdvance,
    /// A pawn's double step passes over a piece.
    PawnBlocked {
        /// Destination.
        to: Square,
        /// The occupied square on the way.
        on: Square,
    },
    /// A pawn written to capture straight ahead.
    PawnStraightCapture(Square),
    /// An en passant capture of a pawn that did not just advance two squares.
    EnPassantTooLate {
        /// The pawn that would be taken.
        pawn: Square,
    },
    /// A pawn written to go diagonally to an empty square.
    PawnDiagonalToEmpty(Square),
    /// A pawn promoted to a king or a pawn.
    PromotionPiece,
    /// A promotion written for a pawn that does not reach the last rank.
    PromotionRank,
    /// A promotion written for a piece other than a pawn.
    PromotionNotPawn,
    /// The king would stand in check on its destination.
    KingInCheckOn(Square),
    /// The side to move is in check and the move does not parry it.
    CheckNotParried,
    /// The piece is pinned to its king.
    Pinned {
        /// The piece.
        role: Role,
        /// Where it stands.
        from: Square,
    },
    /// A pawn move written without its file where only a capture fits: the
    /// capture in SAN (to be written in the reader's letters).
    CaptureNamesFile {
        /// The capture in SAN (`exd5`).
        san: String,
    },
    /// No pawn can advance to the square.
    NoPawnTo(Square),
    /// The side to move has no piece of that kind (on the file or rank written).
    NoSuchPiece {
        /// The piece.
        role: Role,
        /// The file or rank written.
        place: Option<Place>,
    },
    /// No piece of that kind (on the file or rank written) can go there.
    NoneCanReach {
        /// The piece.
        role: Role,
        /// The file or rank written.
        place: Option<Place>,
        /// Destination.
        to: Square,
    },
    /// Castling is not allowed now (FIDE art. 3.8.2).
    Castling {
        /// King side (`O-O`) or queen side (`O-O-O`).
        side: CastlingSide,
        /// What prevents it.
        bar: CastlingBar,
    },
    /// No more precise reason was found.
    NotLegal,
}

impl ChessIllegal {
    /// Whether the reason is the own king's safety (FIDE art. 3.9): it wins
    /// over the other reasons when several pieces were tried.
    #[must_use]
    pub fn is_king_safety(&self) -> bool {
        matches!(
            self,
            ChessIllegal::KingInCheckOn(_)
                | ChessIllegal::CheckNotParried
                | ChessIllegal::Pinned { .. }
        )
    }
}

/// Short English for logs, pieces by their SAN letter (`P` for a pawn);
/// [`crate::words::chess::illegal`] words the reason for a player.
impl std::fmt::Display for ChessIllegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use ChessIllegal as I;
        let letter = |r: &Role| r.upper_char();
        match self {
            I::NoPieceOn { from, opponents } => {
                write!(f, "no piece of the side to move on {from}")?;
                if *opponents {
                    f.write_str(" (an opponent's piece)")?;
                }
                Ok(())
            }
            I::WrongPiece {
                from,
                written,
                there,
            } => write!(
                f,
                "{} written, {} on {from}",
                letter(written),
                letter(there)
            ),
            I::SameSquare(role) => write!(f, "{} to its own square", letter(role)),
            I::OwnPieceOn(to) => write!(f, "own piece on {to}"),
            I::Blocked { role, from, to, on } => {
                write!(f, "{} {from}-{to} blocked on {on}", letter(role))
            }
            I::Movement(role) => write!(f, "{} does not move so", letter(role)),
            I::PawnBackward => f.write_str("pawn backward or sideways"),
            I::PawnAdvance => f.write_str("pawn advances too far"),
            I::PawnBlocked { to, on } => write!(f, "pawn to {to} blocked on {on}"),
            I::PawnStraightCapture(to) => write!(f, "pawn captures straight on {to}"),
            I::EnPassantTooLate { pawn } => write!(f, "en passant too late on {pawn}"),
            I::PawnDiagonalToEmpty(to) => write!(f, "pawn diagonally to empty {to}"),
            I::PromotionPiece => f.write_str("promotion to a king or a pawn"),
            I::PromotionRank => f.write_str("promotion before the last rank"),
            I::PromotionNotPawn => f.write_str("promotion of a piece"),
            I::KingInCheckOn(to) => write!(f, "king in check on {to}"),
            I::CheckNotParried => f.write_str("check not parried"),
            I::Pinned { role, from } => write!(f, "{} on {from} pinned", letter(role)),
            I::CaptureNamesFile { san } => write!(f, "pawn capture without its file ({san})"),
            I::NoPawnTo(to) => write!(f, "no pawn advances to {to}"),
            I::NoSuchPiece { role, .. } => write!(f, "no {} of the side to move", letter(role)),
            I::NoneCanReach { role, to, .. } => write!(f, "no {} reaches {to}", letter(role)),
            I::Castling { side, bar } => write!(f, "{side:?} castling barred: {bar:?}"),
            I::NotLegal => f.write_str("not legal"),
        }
    }
}

impl std::error::Error for ChessIllegal {}

/// A file or a rank written to tell one piece from another (`Rae1`, `R1e2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// On a file.
    File(File),
    /// On a rank.
    Rank(Rank),
}

/// What prevents castling (FIDE art. 3.8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingBar {
    /// The king has moved (art. 3.8.2.1.1).
    KingMoved,
    /// That rook has moved (art. 3.8.2.1.2).
    RookMoved,
    /// No rook of the side to move on its initial square.
    NoRook(Square),
    /// The right was lost before the game's start position (its FEN).
    RightLostBeforeStart,
    /// A square between the king and the rook is occupied (art. 3.8.2.2.2).
    Between(Square),
    /// The king is in check (art. 3.8.2.2.1).
    InCheck,
    /// The king would cross an attacked square (art. 3.8.2.2.1).
    Crosses(Square),
    /// The king would stand in check on its destination.
    IntoCheck(Square),
}

/// The parts of a written normal move the reasons need.
pub(crate) struct Written {
    pub(crate) role: Option<Role>,
    pub(crate) from_file: Option<File>,
    pub(crate) from_rank: Option<Rank>,
    pub(crate) to: Square,
    pub(crate) promotion: Option<Role>,
}

/// Why castling on `side` is not legal. `moved_from` holds every square a piece
/// has left during the game.
pub(crate) fn castling_reason(
    pos: &Chess,
    side: CastlingSide,
    moved_from: Bitboard,
) -> ChessIllegal {
    let us = pos.turn();
    let board = pos.board();
    let home_rank = us.fold_wb(Rank::First, Rank::Eighth);
    let king_home = Square::from_coords(File::E, home_rank);
    let rook_file = match side {
        CastlingSide::KingSide => File::H,
        CastlingSide::QueenSide => File::A,
    };
    let rook_home = Square::from_coords(rook_file, home_rank);
    let no = |bar| ChessIllegal::Castling { side, bar };
    let castles = pos.castles();
    if !castles.has(us, side) {
        let king_there = board.king_of(us) == Some(king_home);
        if !king_there || moved_from.contains(king_home) {
            return no(CastlingBar::KingMoved);
        }
        if moved_from.contains(rook_home) {
            return no(CastlingBar::RookMoved);
        }
        if board.piece_at(rook_home) != Some(Role::Rook.of(us)) {
            return no(CastlingBar::NoRook(rook_home));
        }
        return no(CastlingBar::RightLostBeforeStart);
    }
    let occupied = board.occupied();
    if let Some(blocker) = (castles.path(us, side) & occupied).first() {
        return no(CastlingBar::Between(blocker));
    }
    if pos.is_check() {
        return no(CastlingBar::InCheck);
    }
    let king_to = side.king_to(us);
    for sq in attacks::between(king_home, king_to) {
        if board.attacks_to(sq, !us, occupied).any() {
            return no(CastlingBar::Crosses(sq));
        }
    }
    no(CastlingBar::IntoCheck(king_to))
}

/// Whether `role` moving from `from` to `to` follows the piece's movement on
/// this board (seed 003 art. 6), ignoring whether the own king is left in check.
fn geometry(
    pos: &Chess,
    role: Role,
    from: Square,
    to: Square,
    moved_from: Bitboard,
) -> Result<(), ChessIllegal> {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    if from == to {
        return Err(ChessIllegal::SameSquare(role));
    }
    if board.color_at(to) == Some(us) {
        return Err(ChessIllegal::OwnPieceOn(to));
    }
    let blocked = |path: Bitboard| match (path & occupied).first() {
        None => Ok(()),
        Some(on) => Err(ChessIllegal::Blocked { role, from, to, on }),
    };
    let df = to.file().distance(from.file());
    let dr = to.rank().distance(from.rank());
    let ok = match role {
        Role::Knight => {
            return if attacks::knight_attacks(from).contains(to) {
                Ok(())
            } else {
                Err(ChessIllegal::Movement(role))
            };
        }
        Role::Bishop => df == dr,
        Role::Rook => df == 0 || dr == 0,
        Role::Queen => df == 0 || dr == 0 || df == dr,
        Role::King => {
            let home_rank = us.fold_wb(Rank::First, Rank::Eighth);
            let castling_like = from == Square::from_coords(File::E, home_rank)
                && to.rank() == home_rank
                && matches!(to.file(), File::G | File::C | File::H | File::A);
            if castling_like {
                let side = CastlingSide::from_king_side(to.file() > File::E);
                return Err(castling_reason(pos, side, moved_from));
            }
            return if df <= 1 && dr <= 1 {
                Ok(())
            } else {
                Err(ChessIllegal::Movement(role))
            };
        }
        Role::Pawn => return pawn_geometry(pos, from, to),
    };
    if ok {
        blocked(attacks::between(from, to))
    } else {
        Err(ChessIllegal::Movement(role))
    }
}

fn pawn_geometry(pos: &Chess, from: Square, to: Square) -> Result<(), ChessIllegal> {
    let board = pos.board();
    let us = pos.turn();
    let forward: i32 = us.fold_wb(1, -1);
    let steps = (i32::from(to.rank()) - i32::from(from.rank())) * forward;
    let df = to.file().distance(from.file());
    if steps <= 0 {
        return Err(ChessIllegal::PawnBackward);
    }
    if df == 0 {
        let start_rank = us.fold_wb(Rank::Second, Rank::Seventh);
        if steps > 2 || (steps == 2 && from.rank() != start_rank) {
            return Err(ChessIllegal::PawnAdvance);
        }
        if steps == 2
            && let Some(on) = (attacks::between(from, to) & board.occupied()).first()
        {
            return Err(ChessIllegal::PawnBlocked { to, on });
        }
        if board.piece_at(to).is_some() {
            return Err(ChessIllegal::PawnStraightCapture(to));
        }
        return Ok(());
    }
    if df == 1 && steps == 1 {
        if board.color_at(to) == Some(!us)
            || pos.ep_square(EnPassantMode::Legal) == Some(to)
            || pos.ep_square(EnPassantMode::Always) == Some(to)
        {
            return Ok(());
        }
        let behind = Square::from_coords(to.file(), from.rank());
        if board.piece_at(behind) == Some(Role::Pawn.of(!us)) {
            return Err(ChessIllegal::EnPassantTooLate { pawn: behind });
        }
        return Err(ChessIllegal::PawnDiagonalToEmpty(to));
    }
    Err(ChessIllegal::Movement(Role::Pawn))
}

/// Why a piece on `from` cannot make the written move: geometry first, then
/// promotion, then the safety of the own king (seed 003 art. 6, 10).
fn piece_reason(
    pos: &Chess,
    role: Role,
    from: Square,
    w: &Written,
    moved_from: Bitboard,
) -> ChessIllegal {
    if let Err(e) = geometry(pos, role, from, w.to, moved_from) {
        return e;
    }
    let last_rank = pos.turn().fold_wb(Rank::Eighth, Rank::First);
    match (role, w.promotion) {
        (Role::Pawn, Some(Role::King | Role::Pawn)) => return ChessIllegal::PromotionPiece,
        (Role::Pawn, Some(_)) if w.to.rank() != last_rank => return ChessIllegal::PromotionRank,
        (r, Some(_)) if r != Role::Pawn => return ChessIllegal::PromotionNotPawn,
        _ => {}
    }
    // The move follows the piece's movement but is not legal: the own king
    // would stand in check after it (art. 6 king, art. 10).
    if role == Role::King {
        return ChessIllegal::KingInCheckOn(w.to);
    }
    if pos.is_check() {
        return ChessIllegal::CheckNotParried;
    }
    ChessIllegal::Pinned { role, from }
}

/// Why no legal move fits a written normal (not castling) move.
pub(crate) fn normal_reason(pos: &Chess, w: &Written, moved_from: Bitboard) -> ChessIllegal {
    let board = pos.board();
    let us = pos.turn();
    if let (Some(f), Some(r)) = (w.from_file, w.from_rank) {
        let from = Square::from_coords(f, r);
        let Some(piece) = board.piece_at(from).filter(|p| p.color == us) else {
            return ChessIllegal::NoPieceOn {
                from,
                opponents: board.color_at(from).is_some(),
            };
        };
        if let Some(role) = w.role
            && role != piece.role
        {
            return ChessIllegal::WrongPiece {
                from,
                written: role,
                there: piece.role,
            };
        }
        return piece_reason(pos, piece.role, from, w, moved_from);
    }
    let role = w.role.unwrap_or(Role::Pawn);
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
        // A pawn that could take on the square: the writer forgot the file.
        if let Some(&m) = pos
            .legal_moves()
            .iter()
            .find(|m| m.role() == Role::Pawn && m.is_capture() && m.to() == w.to)
        {
            return ChessIllegal::CaptureNamesFile {
                san: super::chess_move::short(pos, m),
            };
        }
    }
    let place = match (w.from_file, w.from_rank) {
        (Some(f), None) => Some(Place::File(f)),
        (None, Some(r)) => Some(Place::Rank(r)),
        _ => None,
    };
    if pieces.is_empty() {
        return if pawn_push_only {
            ChessIllegal::NoPawnTo(w.to)
        } else {
            ChessIllegal::NoSuchPiece { role, place }
        };
    }
    let mut reasons: Vec<ChessIllegal> = pieces
        .into_iter()
        .map(|from| piece_reason(pos, role, from, w, moved_from))
        .collect();
    if reasons.len() == 1 {
        return reasons.pop().unwrap_or(ChessIllegal::NotLegal);
    }
    if let Some(r) = reasons.iter().find(|e| e.is_king_safety()) {
        return r.clone();
    }
    ChessIllegal::NoneCanReach {
        role,
        place,
        to: w.to,
    }
}

/// Every kind of reason once, for tests that word them all.
#[doc(hidden)]
#[must_use]
pub fn every_kind() -> Vec<ChessIllegal> {
    use ChessIllegal as I;
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    let mut v = vec![
        I::NoPieceOn {
            from: Square::E5,
            opponents: false,
        },
        I::NoPieceOn {
            from: Square::E7,
            opponents: true,
        },
        I::OwnPieceOn(Square::A2),
        I::PawnBackward,
        I::PawnAdvance,
        I::PawnBlocked {
            to: Square::E4,
            on: Square::E3,
        },
        I::PawnStraightCapture(Square::E4),
        I::EnPassantTooLate { pawn: Square::D5 },
        I::PawnDiagonalToEmpty(Square::D3),
        I::PromotionPiece,
        I::PromotionRank,
        I::PromotionNotPawn,
        I::KingInCheckOn(Square::D2),
        I::CheckNotParried,
        I::CaptureNamesFile { san: "exd5".into() },
        I::NoPawnTo(Square::E5),
        I::NotLegal,
    ];
    for role in roles {
        v.push(I::WrongPiece {
            from: Square::G1,
            written: role,
            there: Role::Knight,
        });
        v.push(I::SameSquare(role));
        v.push(I::Blocked {
            role,
            from: Square::F1,
            to: Square::B5,
            on: Square::E2,
        });
        v.push(I::Movement(role));
        v.push(I::Pinned {
            role,
            from: Square::D2,
        });
        for place in [
            None,
            Some(Place::File(File::A)),
            Some(Place::Rank(Rank::Second)),
        ] {
            v.push(I::NoSuchPiece { role, place });
            v.push(I::NoneCanReach {
                role,
                place,
                to: Square::D4,
            });
        }
    }
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        for bar in [
            CastlingBar::KingMoved,
            CastlingBar::RookMoved,
            CastlingBar::NoRook(Square::H1),
            CastlingBar::RightLostBeforeStart,
            CastlingBar::Between(Square::F1),
            CastlingBar::InCheck,
            CastlingBar::Crosses(Square::D1),
            CastlingBar::IntoCheck(Square::C1),
        ] {
            v.push(I::Castling { side, bar });
        }
    }
    v
}
