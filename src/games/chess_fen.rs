//! Why a chess FEN cannot start a game, as a director reads it: the reasons
//! of shakmaty's FEN reader and of its check of the position (FIDE Laws
//! art. 3: one king a side, no pawn on the first or last rank, the side not
//! to move not in check), with the squares they concern named.

use shakmaty::fen::ParseFenError;
use shakmaty::{Bitboard, Color, PositionErrorKinds, Setup};

/// Which field of the FEN does not read, and what it must hold.
pub(super) fn unreadable(e: &ParseFenError) -> &'static str {
    match e {
        ParseFenError::InvalidBoard => {
            "its board (the first field) must be eight ranks of pieces (KQRBNP for White, kqrbnp for Black) and digits for empty squares, separated by /"
        }
        ParseFenError::InvalidTurn => "the side to move (the second field) must be w or b",
        ParseFenError::InvalidCastling => {
            "the castling field (the third) must be - or some of the letters KQkq"
        }
        ParseFenError::InvalidEpSquare => {
            "the en passant field (the fourth) must be - or a square on rank 3 or 6"
        }
        ParseFenError::InvalidHalfmoveClock => {
            "the halfmove clock (the fifth field) must be a number"
        }
        ParseFenError::InvalidFullmoves => {
            "the move number (the sixth field) must be a number from 1"
        }
        _ => "it must be a board, the side to move, castling, en passant and the two counters",
    }
}

/// Why the pieces of a FEN that reads form no legal chess position, naming
/// the squares concerned.
pub(super) fn illegal(kinds: PositionErrorKinds, setup: &Setup) -> String {
    let board = &setup.board;
    let side = |c: Color| if c == Color::White { "White" } else { "Black" };
    let kings = |c: Color| (board.kings() & board.by_color(c)).count();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        return "the board is empty".into();
    }
    for c in [Color::White, Color::Black] {
        match kings(c) {
            0 => return format!("{} has no king", side(c)),
            1 => {}
            n => return format!("{} has {n} kings", side(c)),
        }
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK)
        && let Some(sq) = (board.pawns() & Bitboard::BACKRANKS).first()
    {
        return format!("a pawn stands on {sq}, on the first or last rank");
    }
    let resting = !setup.turn;
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK)
        && let Some(k) = board.king_of(resting)
    {
        return format!(
            "{}'s king on {k} is in check, though it is {}'s move",
            side(resting),
            side(setup.turn)
        );
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK)
        && let Some(k) = board.king_of(setup.turn)
    {
        return format!("the king on {k} is in a check that no legal move can have given");
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        let ep = setup
            .ep_square
            .map_or_else(String::new, |s| format!("{s} "));
        return format!("the en passant square {ep}does not follow a pawn's double step");
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        return "castling rights are given for a king or rook that is not on its initial square"
            .into();
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        return "a side has more pieces than a game can give it".into();
    }
    "the pieces form no legal position".into()
}

#[cfg(test)]
mod tests {
    use super::super::new_game;
    use crate::rules::Variant;

    fn refusal(fen: &str) -> String {
        match new_game(Variant::Chess, Some(fen)) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{fen} was taken"),
        }
    }

    #[test]
    fn a_bad_chess_fen_names_its_field_or_its_squares() {
        let board = refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQXBNR w KQkq - 0 1");
        assert!(board.contains("its board (the first field)"), "{board}");
        let check = refusal("kQ6/8/8/8/8/8/8/7K w - - 0 1");
        assert!(check.contains("Black's king on a8 is in check"), "{check}");
        let pawn = refusal("P6k/8/8/8/8/8/8/7K w - - 0 1");
        assert!(pawn.contains("a pawn stands on a8"), "{pawn}");
        let ep = refusal("k7/8/8/8/8/8/8/K7 w - e3 0 1");
        assert!(ep.contains("en passant square e3"), "{ep}");
        let kings = refusal("k7/8/8/8/8/8/8/8 w - - 0 1");
        assert!(kings.contains("White has no king"), "{kings}");
    }
}
