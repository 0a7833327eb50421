//! zaochka: a referee for correspondence games.
//!
//! Invariant of the prose: every sentence a player or a director reads is
//! written in [`lang`], from typed values (move errors, endings, claims, clock
//! and director events, notices); the other modules pass enums, never words.
//! Every mail to a person is composed in [`referee::letters`] (From, Reply-To,
//! Subject, threading).
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
pub mod site;
pub mod store;
pub mod tournament;
pub mod vocabulary;
