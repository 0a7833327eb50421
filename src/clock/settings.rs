//! Clock settings of a tournament (or of a single game): leave allowance,
//! moving on leave, reminder points, and what happens at a time-out.
//!
//! Serialised with serde so that a tournament can keep them as JSON; every
//! field has a default, so `{}` reads as [`Settings::default`].

use serde::{Deserialize, Serialize};

/// What the scheduler does when a side's deadline passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeoutPolicy {
    /// The side loses on time at once (or the game is drawn if the opponent
    /// cannot win; the caller decides that from the material).
    #[default]
    LoseOnTime,
    /// The referee is told and decides; the game stays as it is.
    ReportToReferee,
}

/// The clock settings of a tournament or game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Leave days each player may take per calendar year (in the player's
    /// zone). Default 45.
    pub leave_days_per_year: u32,
    /// Whether a player may send moves while on leave (the clock stays
    /// stopped for the rest of the leave either way). Default `true`.
    pub may_move_on_leave: bool,
    /// Reminders before a deadline, in hours of clock time left (default
    /// 72 and 24: three days and one day before).
    pub remind_hours_before_deadline: Vec<u32>,
    /// Silence reminders after this many days of clock time without a move
    /// (default ICCF-style 14, 28, 35).
    pub silence_reminder_days: Vec<u32>,
    /// Warnings to the tournament's directors this many days of clock time
    /// before a side's deadline (a tournament's default 10 and 5; empty
    /// here: a game outside a tournament has no director).
    pub director_warn_days: Vec<u32>,
    /// Warnings to the tournament's directors after this many days of clock
    /// time without a move (a tournament's default 14, 28, 35; empty here).
    pub director_silence_days: Vec<u32>,
    /// What happens at a deadline.
    pub on_timeout: TimeoutPolicy,
}

/// The default yearly leave allowance: 45 days.
pub const DEFAULT_LEAVE_DAYS_PER_YEAR: u32 = 45;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            leave_days_per_year: DEFAULT_LEAVE_DAYS_PER_YEAR,
            may_move_on_leave: true,
            remind_hours_before_deadline: vec![72, 24],
            silence_reminder_days: vec![14, 28, 35],
            director_warn_days: Vec::new(),
            director_silence_days: Vec::new(),
            on_timeout: TimeoutPolicy::LoseOnTime,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_json_gives_the_defaults_and_fields_override() {
        let s: Settings = serde_json::from_str("{}").expect("json");
        assert_eq!(s, Settings::default());
        let s: Settings =
            serde_json::from_str(r#"{"on_timeout":"report_to_referee","leave_days_per_year":30}"#)
                .expect("json");
        assert_eq!(s.on_timeout, TimeoutPolicy::ReportToReferee);
        assert_eq!(s.leave_days_per_year, 30);
        assert_eq!(s.silence_reminder_days, vec![14, 28, 35]);
    }
}
