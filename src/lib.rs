//! zaochka: a referee for correspondence games.
#[macro_use]
mod names;

pub mod cli;
pub mod clock;
pub mod config;
pub mod daemon;
pub mod diagram;
pub mod games;
pub mod lang;
pub mod mail;
pub mod notation;
pub mod printable;
pub mod referee;
pub mod rules;
pub mod store;
