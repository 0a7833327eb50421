//! zaochka: a referee for correspondence games.
pub mod rules;
pub mod store;
