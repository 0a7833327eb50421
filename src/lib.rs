//! zaochka: a referee for correspondence games.
pub mod cli;
pub mod diagram;
pub mod games;
pub mod lang;
pub mod mail;
pub mod notation;
pub mod rules;
pub mod store;
