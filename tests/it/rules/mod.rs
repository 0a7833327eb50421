//! Moves and rules: the exact legal move sets of rule positions, perft of
//! every game, the rules of column checkers and of chess through the one game
//! interface, and a differential check against an independent implementation.

mod chess;
mod column_checkers;
mod column_perft;
mod differential;
mod perft;
mod positions;
