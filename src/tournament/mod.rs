//! Tournaments: the pure part, no I/O — the store and the referee
//! carry it out.
//!
//! - [`berger`]: the table of playing order (Berger tables, single and double
//!   cycle);
//! - [`system`]: the systems (round robin, double round robin, micro-match)
//!   and the list of games a section plays;
//! - [`lots`]: personal numbers by a re-checkable lot;
//! - [`settings`]: what a tournament's games use and its invitation shows;
//! - [`standings`]: the crosstable with standings and tie-breaks;
//! - [`rating`]: rating lists per variant (ICCF/IECG Elo, Glicko-2);
//! - [`director_mail`]: how a director hears of events (each at once or a
//!   daily digest) and the digest's groups.

pub mod ballot;
pub mod berger;
pub mod director_mail;
pub mod lots;
pub mod rating;
pub mod settings;
pub mod standings;
pub mod system;

pub use settings::Settings;
pub use system::System;

/// The result a player claims for a game frozen at the end of the playing
/// period, from the claimant's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultClaim {
    /// The claimant wins.
    Win,
    /// A draw.
    Draw,
    /// The claimant loses (admits the loss).
    Loss,
}

impl ResultClaim {
    /// The game's result this claim means for a claimant playing `colour`.
    #[must_use]
    pub fn result(self, colour: crate::rules::Color) -> crate::rules::GameResult {
        use crate::rules::GameResult;
        match self {
            ResultClaim::Draw => GameResult::Draw,
            ResultClaim::Win => GameResult::win_for(colour),
            ResultClaim::Loss => GameResult::win_for(colour.opposite()),
        }
    }
}
