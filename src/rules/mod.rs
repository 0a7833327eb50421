//! The rules core: boards, pieces, moves, positions, move generation, game state
//! with draw counters, perft. No I/O. Names follow the field's terms (man, king,
//! capture, ply); every rule cites its seed clause (see ../shared/RULES.md).

pub mod citation;
pub mod clauses;
mod color;
#[macro_use]
pub mod diagonal;
pub mod draw;
pub mod game;
mod movegen;
mod mv;
mod piece;
mod position;
mod square;
mod square_set;
pub mod towers;
pub mod variant;
pub mod zobrist;

pub use citation::{Citation, Rulebook};
pub use color::Color;
pub use diagonal::{DiagonalGame, DiagonalPosition};
pub use draw::{DrawRule, LoneKingCount, Material};
pub use game::{End, Game, GameResult, Outcome, Termination, UnknownValue};
pub use mv::{MAX_CAPTURES, Move};
pub use piece::{Piece, Role};
pub use position::{Position, PositionError, Setup};
pub use square::{BoardSize, Direction, Geometry, Square};
pub use square_set::SquareSet;
pub use variant::{DraughtsRules, Numbering, Variant};
