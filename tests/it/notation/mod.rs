//! Notation: moves as players write them (draughts, column checkers, chess)
//! and what they are told when one is illegal or ambiguous, the PDN and PGN
//! readers and writers, the sample games of the seeds in their printed forms,
//! and readers that never panic on any input.

mod bashni_sample_game;
mod chess;
mod chess_tokens;
mod column_fuzz;
mod fuzz;
mod messages;
mod pdn;
mod pgn;
mod russian_sample_game;
