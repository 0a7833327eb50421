//! Why a chess FEN cannot start a game, as typed data: the reasons
//! of shakmaty's FEN reader and of its check of the position (FIDE Laws
//! art. 3: one king a side, no pawn on the first or last rank, the side not
//! to move not in check), with the squares they concern named.

use shakmaty::fen::ParseFenError;
use shakmaty::{Bitboard, PositionErrorKinds, Setup, Square};

use crate::rules::Color;

/// Why a chess FEN cannot start a game: the FEN as given, and which field
/// does not read or why its pieces form no legal position.
/// [`crate::words::setup::refusal`] words it for a director.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChessFenError {
    /// A field does not read.
    #[error("unreadable chess FEN {fen:?}: its {field}")]
    Unreadable {
        /// The FEN as given.
        fen: String,
        /// The field that does not read.
        field: FenField,
    },
    /// The FEN reads, and its pieces form no legal position.
    #[error("chess FEN {fen:?} is no legal position: {why}")]
    Illegal {
        /// The FEN as given.
        fen: String,
        /// What is wrong with the position.
        why: FenIllegal,
    },
}

/// The field of a chess FEN that does not read (shakmaty's reader).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The first: eight ranks of piece letters and digits.
    Board,
    /// The second: `w` or `b`.
    Turn,
    /// The third: `-` or some of `KQkq`.
    Castling,
    /// The fourth: `-` or a square on rank 3 or 6.
    EnPassant,
    /// The fifth: the halfmove clock, a number.
    HalfmoveClock,
    /// The sixth: the move number, a number from 1.
    Fullmoves,
    /// The fields themselves: not six of them in order.
    Fields,
}

/// Why the pieces of a FEN that reads form no legal chess position (FIDE
/// Laws art. 3), naming the squares concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenIllegal {
    /// No piece at all.
    EmptyBoard,
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king (how many).
    Kings(Color, u32),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side not to move is in check (the side, its king's square).
    RestingInCheck(Color, Square),
    /// The side to move is in a check no legal move can have given (its
    /// king's square).
    ImpossibleCheck(Square),
    /// The en passant square (if written) follows no pawn's double step.
    EnPassant(Option<Square>),
    /// Castling rights for a king or rook off its initial square.
    CastlingRights,
    /// More pieces than a game can give a side.
    TooMuchMaterial,
    /// No more precise reason.
    NotLegal,
}

/// Short English for logs: the field's name.
impl std::fmt::Display for FenField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Turn => "side to move",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::Fullmoves => "move number",
            FenField::Fields => "fields",
        })
    }
}

/// Short English for logs, sides as `white` and `black`.
impl std::fmt::Display for FenIllegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |c: &Color| match c {
            Color::White => "white",
            Color::Black => "black",
        };
        match self {
            FenIllegal::EmptyBoard => f.write_str("empty board"),
            FenIllegal::NoKing(c) => write!(f, "no {} king", side(c)),
            FenIllegal::Kings(c, n) => write!(f, "{n} {} kings", side(c)),
            FenIllegal::PawnOnBackRank(sq) => write!(f, "pawn on {sq}, a back rank"),
            FenIllegal::RestingInCheck(c, k) => {
                write!(f, "{} king on {k} in check, not to move", side(c))
            }
            FenIllegal::ImpossibleCheck(k) => write!(f, "impossible check on {k}"),
            FenIllegal::EnPassant(_) => f.write_str("en passant square after no double step"),
            FenIllegal::CastlingRights => f.write_str("castling rights off the initial squares"),
            FenIllegal::TooMuchMaterial => f.write_str("too much material"),
            FenIllegal::NotLegal => f.write_str("not legal"),
        }
    }
}

/// Which field of the FEN does not read.
pub(super) fn unreadable(e: &ParseFenError) -> FenField {
    match e {
        ParseFenError::InvalidBoard => FenField::Board,
        ParseFenError::InvalidTurn => FenField::Turn,
        ParseFenError::InvalidCastling => FenField::Castling,
        ParseFenError::InvalidEpSquare => FenField::EnPassant,
        ParseFenError::InvalidHalfmoveClock => FenField::HalfmoveClock,
        ParseFenError::InvalidFullmoves => FenField::Fullmoves,
        _ => FenField::Fields,
    }
}

fn color(c: shakmaty::Color) -> Color {
    match c {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    }
}

/// Why the pieces of a FEN that reads form no legal chess position, naming
/// the squares concerned.
pub(super) fn illegal(kinds: PositionErrorKinds, setup: &Setup) -> FenIllegal {
    let board = &setup.board;
    let kings = |c: shakmaty::Color| (board.kings() & board.by_color(c)).count();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        return FenIllegal::EmptyBoard;
    }
    for c in [shakmaty::Color::White, shakmaty::Color::Black] {
        match kings(c) {
            0 => return FenIllegal::NoKing(color(c)),
            1 => {}
            n => return FenIllegal::Kings(color(c), u32::try_from(n).unwrap_or(u32::MAX)),
        }
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK)
        && let Some(sq) = (board.pawns() & Bitboard::BACKRANKS).first()
    {
        return FenIllegal::PawnOnBackRank(sq);
    }
    let resting = !setup.turn;
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK)
        && let Some(k) = board.king_of(resting)
    {
        return FenIllegal::RestingInCheck(color(resting), k);
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK)
        && let Some(k) = board.king_of(setup.turn)
    {
        return FenIllegal::ImpossibleCheck(k);
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        return FenIllegal::EnPassant(setup.ep_square);
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        return FenIllegal::CastlingRights;
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        return FenIllegal::TooMuchMaterial;
    }
    FenIllegal::NotLegal
}

#[cfg(test)]
mod tests {
    use super::super::{SetupError, new_game};
    use super::{ChessFenError, FenField, FenIllegal};
    use crate::rules::{Color, Variant};
    use shakmaty::Square;

    fn refusal(fen: &str) -> ChessFenError {
        match new_game(Variant::Chess, Some(fen)) {
            Err(SetupError::ChessFen(e)) => e,
            Err(e) => panic!("{fen}: {e}"),
            Ok(_) => panic!("{fen} was taken"),
        }
    }

    fn why(fen: &str) -> FenIllegal {
        match refusal(fen) {
            ChessFenError::Illegal { why, .. } => why,
            e => panic!("{fen}: {e}"),
        }
    }

    #[test]
    fn a_bad_chess_fen_names_its_field_or_its_squares() {
        assert!(matches!(
            refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQXBNR w KQkq - 0 1"),
            ChessFenError::Unreadable {
                field: FenField::Board,
                ..
            }
        ));
        assert_eq!(
            why("kQ6/8/8/8/8/8/8/7K w - - 0 1"),
            FenIllegal::RestingInCheck(Color::Black, Square::A8)
        );
        assert_eq!(
            why("P6k/8/8/8/8/8/8/7K w - - 0 1"),
            FenIllegal::PawnOnBackRank(Square::A8)
        );
        assert_eq!(
            why("k7/8/8/8/8/8/8/K7 w - e3 0 1"),
            FenIllegal::EnPassant(Some(Square::E3))
        );
        assert_eq!(
            why("k7/8/8/8/8/8/8/8 w - - 0 1"),
            FenIllegal::NoKing(Color::White)
        );
    }
}
