//! A tournament's settings: what the games it creates use and what its
//! invitation shows. Kept as JSON in `tournaments.settings`; every field has a
//! default, so `{}` reads as [`Settings::default`].

use serde::{Deserialize, Serialize};

use super::standings::{Preset, Scoring, SettingError, TieBreak, WithdrawalPolicy};
use crate::clock::{TimeControl, TimeoutPolicy};

/// The tournament's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The time control of every game (in JSON the clock module's form,
    /// [`crate::clock::TimeControl::to_json`], validated when read); `None`:
    /// no clocks.
    pub time_control: Option<TimeControl>,
    /// Leave days each player may take per calendar year. Default 45.
    pub leave_days_per_year: u32,
    /// Draw offers are refused before this move number (e.g. 20: no offer
    /// in moves 1-19); `None`: offers at any time.
    pub no_draw_offers_before_move: Option<u32>,
    /// What happens at a deadline: loss at once, or a report to the director.
    pub on_timeout: TimeoutPolicy,
    /// The tie-breaks in the organiser's order (stored by their codes `WIN`,
    /// `SB`, `DE`, `KS`, `BH`, `BPG`, `LOT`). Default: the Russian practice,
    /// SB, WIN, DE, then lots.
    pub tie_breaks: Vec<TieBreak>,
    /// How points are printed: 1/½/0 (`classic`) or 2/1/0 (`fmjd`).
    pub scoring: Scoring,
    /// What a withdrawal does to the standings (`fide`, the default, `lss`,
    /// `fmjd`; TOURNAMENTS.md, "Withdrawals and unplayed games").
    pub withdrawals: WithdrawalPolicy,
    /// The ballot of openings, if the games start from drawn openings.
    pub ballot: Option<Ballot>,
    /// The playing period, in days from the start; when it ends, unfinished
    /// games go to adjudication. `None`: no limit.
    pub playing_period_days: Option<u32>,
    /// Days the players have to send their claims for an unfinished game
    /// after the playing period ends. Default 14 (the Russian correspondence
    /// chess rules' term for adjudication material).
    pub claim_days: u32,
    /// A bulletin is mailed to every entrant after every this many finished
    /// games, and the final one when every game is over; `None`: bulletins
    /// only when the director sends one.
    pub bulletin_every: Option<u32>,
    /// The directors are warned when a player is this many days of clock
    /// time from losing on time (E-Dama's practice; default 10 and 5; empty:
    /// no warnings).
    pub director_warn_days: Vec<u32>,
    /// The directors are warned when a player has not moved for this many
    /// days of clock time while it is their move (ICCF's reminder days;
    /// default 14, 28, 35; empty: no warnings).
    pub director_silence_days: Vec<u32>,
    /// A player on leave may move (the default); `false`: a move sent during
    /// the player's leave is refused, by mail and through Xfcc
    /// (`YouAreOnLeave`).
    pub moves_on_leave: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            time_control: None,
            leave_days_per_year: crate::clock::settings::DEFAULT_LEAVE_DAYS_PER_YEAR,
            no_draw_offers_before_move: None,
            on_timeout: TimeoutPolicy::LoseOnTime,
            tie_breaks: TieBreak::preset(Preset::Russian),
            scoring: Scoring::Classic,
            withdrawals: WithdrawalPolicy::Fide,
            ballot: None,
            playing_period_days: None,
            claim_days: 14,
            bulletin_every: None,
            director_warn_days: vec![10, 5],
            director_silence_days: vec![14, 28, 35],
            moves_on_leave: true,
        }
    }
}

/// Which openings are drawn, and how often.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ballot {
    /// The list drawn from.
    pub list: BallotSource,
    /// One opening per micro-match (or game), or one per round.
    pub per: BallotPer,
}

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BallotSource {
    /// A drawing table built in: `idf64`, `fmjd64`, `idf64-basic`.
    Table(String),
    /// The director's own list, kept whole in the settings so that the
    /// tournament does not depend on the file afterwards: its name and its
    /// text (see [`super::ballot::BallotList`]).
    Own {
        /// The list's name (the file name without its directory).
        name: String,
        /// The list's text.
        text: String,
    },
}

/// How often an opening is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BallotPer {
    /// One opening for each micro-match (both games), or each game.
    Match,
    /// One opening for every game of a round.
    Round,
}

impl Settings {
    /// The clock settings of the tournament's games.
    #[must_use]
    pub fn clock(&self) -> crate::clock::Settings {
        crate::clock::Settings {
            leave_days_per_year: self.leave_days_per_year,
            on_timeout: self.on_timeout,
            director_warn_days: self.director_warn_days.clone(),
            director_silence_days: self.director_silence_days.clone(),
            may_move_on_leave: self.moves_on_leave,
            ..crate::clock::Settings::default()
        }
    }
}

/// Reads a tie-break list (`wins,sb,de`) or a preset name (`iccf`, `fide`,
/// `russian`).
///
/// # Errors
/// The text that names no tie-break or preset, or names one twice.
pub fn parse_tie_breaks(text: &str) -> Result<Vec<TieBreak>, SettingError> {
    match text.parse::<Preset>() {
        Ok(p) => Ok(TieBreak::preset(p)),
        Err(_) => TieBreak::parse_list(text),
    }
}
