//! Tournaments: the lot, pairings, standings and tie-breaks, played by mail
//! and directed from the command line.

mod bulletins;
mod by_mail;
mod cli;
mod published;
mod ratings;
mod tables;
mod whole_event;
