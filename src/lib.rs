//! zaochka: a referee for correspondence games.
pub mod notation;
pub mod rules;
