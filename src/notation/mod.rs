//! Notation: square names, moves as players write them (read in two stages:
//! [`written::parse_move`] then [`WrittenMove::resolve`]), canonical writers,
//! FEN and PDN; for column checkers, tower compositions, the tower FEN and
//! tower moves; chess moves in [`chess_move`] (the one chess move reader) and
//! why a chess move is illegal in [`chess_illegal`].

pub mod chess_illegal;
pub mod chess_move;
pub mod composition;
pub mod fen;
pub mod order;
pub mod pdn;
pub mod record;
pub mod resolve;
pub mod square_name;
pub mod tower_fen;
pub mod tower_moves;
pub mod write;
pub mod written;

pub use resolve::{IllegalReason, Naming, ResolveError};
pub use square_name::SquareStyle;
pub use written::{WrittenMove, parse_line, parse_move};
