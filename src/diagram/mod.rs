//! Diagrams of positions for players and referees.

pub mod text;
pub mod towers;
