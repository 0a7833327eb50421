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
pub mod record;
pub mod resolve;
pub mod square_name;
pub mod tower_fen;
pub mod write;
pub mod written;

pub use resolve::{IllegalReason, Naming, ResolveError};
pub use square_name::SquareStyle;
pub use written::{WrittenMove, parse_line, parse_move, parse_record_move};
