//! Notation: square names, moves as players write them (read in two stages:
//! [`written::parse_move`] then [`WrittenMove::resolve`]), canonical writers,
//! FEN and PDN; for column checkers, tower compositions and the tower FEN
//! (their moves are read and written as those of draughts, over
//! [`crate::rules::DiagonalPosition`]); chess moves in [`chess_move`] (the one chess move reader) and
//! why a chess move is illegal in [`chess_illegal`].

pub mod chess_illegal;
pub mod chess_move;
pub mod composition;
pub mod fen;
pub mod move_number;
pub mod order;
pub mod pdn;
pub mod placement;
pub mod receipt;
pub mod record;
pub mod resolve;
pub mod square_name;
pub mod tower_fen;
pub mod write;
pub mod written;

pub use resolve::{IllegalReason, Naming, ResolveError};
pub use square_name::SquareStyle;
pub use written::{ParseMoveError, WrittenMove, parse_line, parse_move, parse_record_move};

/// A move written in the game's own notation, for examples in replies
/// (`c3-d4`, `32-28`, `e2-e4`).
#[must_use]
pub fn example_move(variant: crate::rules::Variant) -> &'static str {
    match variant {
        crate::rules::Variant::Russian
        | crate::rules::Variant::Bashni
        | crate::rules::Variant::Lasca => "c3-d4",
        crate::rules::Variant::International => "32-28",
        crate::rules::Variant::Chess => "e2-e4",
    }
}
