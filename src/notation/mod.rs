//! Notation: turning games and moves into text and back (PDN files first).

pub mod pdn;
