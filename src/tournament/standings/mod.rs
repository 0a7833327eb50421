//! The crosstable of a round robin and its standings with tie-breaks, as
//! `../shared/TOURNAMENTS.md` defines them (FIDE C.07 names): WIN, SB, DE, KS,
//! BH, BPG and the lot, applied in the organiser's order and only while a tie
//! persists; forfeits, double forfeits, games not played yet, and the three
//! withdrawal rules (FIDE, LSS, FMJD).
//!
//! Scores are counted in half-points (a classic win is 2, a draw 1), which is
//! also the FMJD print (2/1/0); [`Scoring`] says how to print them. Every value
//! is an exact integer: SB in quarter-points, the others in half-points or
//! counts ([`Unit`]).
//!
//! - [`crosstable`]: the fixtures and their outcomes, the cells of the table
//!   ([`Mark`], [`Cell`]) and the scores.
//! - [`tiebreak`]: the tie-breaks, their codes and presets, and the standings.
//! - [`withdrawal`]: what becomes of a withdrawn player's games.
//!
//! Only [`crate::words::tournament`] turns these values into words.

/// Serde as the setting's code (`"SB"`, `"fide"`), read back with `FromStr`,
/// so a tournament stores its settings as text or JSON.
macro_rules! code_serde {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.code())
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub mod crosstable;
pub mod tiebreak;
pub mod withdrawal;

pub use crosstable::{Cell, Crosstable, Fixture, Mark, Outcome};
pub use tiebreak::{Preset, TieBreak, Unit, lots};
pub use withdrawal::{Treatment, WithdrawalPolicy};

use crate::rules::GameResult;
use std::str::FromStr;

/// How points are printed: 1/½/0 (FIDE, seed 003 art. 21) or 2/1/0 (FMJD events).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Win 1, draw ½, loss 0.
    #[default]
    Classic,
    /// Win 2, draw 1, loss 0.
    Fmjd,
}

impl Scoring {
    /// A score of `half` half-points as this scoring prints it: `3½`, `7`.
    #[must_use]
    pub fn print(self, half: u32) -> String {
        match self {
            Scoring::Fmjd => half.to_string(),
            Scoring::Classic if half.is_multiple_of(2) => (half / 2).to_string(),
            Scoring::Classic if half == 1 => "½".to_string(),
            Scoring::Classic => format!("{}½", half / 2),
        }
    }

    /// The setting's code: `classic`, `fmjd`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Scoring::Classic => "classic",
            Scoring::Fmjd => "fmjd",
        }
    }
}

code_serde!(Scoring);

impl FromStr for Scoring {
    type Err = SettingError;

    /// `classic` (also `fide`, `1`) or `fmjd` (also `2`), case-insensitive.
    fn from_str(s: &str) -> Result<Scoring, SettingError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" | "fide" | "1" => Ok(Scoring::Classic),
            "fmjd" | "2" => Ok(Scoring::Fmjd),
            _ => Err(SettingError::unknown("scoring", s, "classic, fmjd")),
        }
    }
}

/// A finished game of the tournament between two personal numbers (from 1).
/// [`Fixture`] says more (double forfeits, games not played yet); a `Played`
/// converts into one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// White's number.
    pub white: u32,
    /// Black's number.
    pub black: u32,
    /// The result.
    pub result: GameResult,
    /// Won by forfeit (scored, but not a game played over the board). A drawn
    /// result cannot be forfeited: with `result` a draw this flag is ignored.
    pub forfeit: bool,
}

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Standing {
    /// The personal number.
    pub player: u32,
    /// Score in half-points.
    pub score: u32,
    /// The tie-break values, in the order asked, each in its [`Unit`] (SB in
    /// quarter-points, DE, KS and BH in half-points, WIN and BPG counts, the
    /// lot the rank drawn: 1 is best).
    pub tiebreaks: Vec<u64>,
    /// How many of the tie-breaks were computed while this player was still
    /// tied: `tiebreaks[..needed]` decided his place (0 when the score alone
    /// did; all of them when the place stays shared). DE and the lot depend on
    /// the group tied at their turn, so only these values mean something.
    pub needed: usize,
    /// Places shared: (first, last), equal when the place is the player's alone.
    pub place: (u32, u32),
}

/// A setting that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// Not one of the codes.
    #[error("unknown {what} {value:?}, expected one of {expected}")]
    Unknown {
        /// Which setting.
        what: &'static str,
        /// The text given.
        value: String,
        /// The codes accepted.
        expected: &'static str,
    },
    /// A tie-break named twice in one order.
    #[error("tie-break {0} is listed twice")]
    Repeated(TieBreak),
}

impl SettingError {
    fn unknown(what: &'static str, value: &str, expected: &'static str) -> SettingError {
        SettingError::Unknown {
            what,
            value: value.to_string(),
            expected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_as_each_federation_prints_them() {
        assert_eq!(Scoring::Classic.print(7), "3½");
        assert_eq!(Scoring::Classic.print(1), "½");
        assert_eq!(Scoring::Classic.print(6), "3");
        assert_eq!(Scoring::Classic.print(0), "0");
        assert_eq!(Scoring::Fmjd.print(7), "7");
    }

    #[test]
    fn scoring_reads_its_codes() {
        for s in [Scoring::Classic, Scoring::Fmjd] {
            assert_eq!(s.code().parse::<Scoring>(), Ok(s));
        }
        assert_eq!(" FMJD ".parse::<Scoring>(), Ok(Scoring::Fmjd));
        assert!(matches!(
            "draughts".parse::<Scoring>(),
            Err(SettingError::Unknown {
                what: "scoring",
                ..
            })
        ));
    }
}
