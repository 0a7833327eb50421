//! zaochka: a referee for correspondence games.
pub mod rules;
