//! The model of a time control: the limits, the [`Limit`] kinds, the
//! [`Counting`] rules and the validated [`TimeControl`] with its constructors.

use serde::{Deserialize, Serialize};

use super::error::{ControlError, ControlField};
use super::json::RawControl;

/// The longest ControlField::DaysPerMove limit: 60 days.
pub const MAX_DAYS_PER_MOVE: u32 = 60;

/// The longest period of a cumulative control, and the largest Fischer base
/// or cap: 1000 days.
pub const MAX_TOTAL_DAYS: u32 = 1000;

/// The most days a director may give to or take from one clock at once
/// (`referee add-days`): one year, 365 days. More is a typing slip (a
/// deadline in 2300), never a decision.
pub const MAX_ADD_DAYS: u32 = 365;

/// The most moves in one period of a cumulative control: 100.
pub const MAX_MOVES_PER_PERIOD: u32 = 100;

/// The largest Fischer increment: 60 days per move.
pub const MAX_INCREMENT_DAYS: u32 = 60;

/// ICCF's doubling threshold: days beyond 20 on one move count double.
pub const ICCF_DOUBLE_AFTER_DAYS: u32 = 20;

/// How much time a side has, in days.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Limit {
    /// The same limit for every move, in days (1 to [`MAX_DAYS_PER_MOVE`]);
    /// it starts afresh after each move.
    DaysPerMove {
        /// Days for each move.
        days: u32,
    },
    /// `moves` moves in `days` days, cumulative: by its `k * moves`th move a
    /// side may have used at most `k * days` days in all.
    MovesInDays {
        /// Moves per period (1 to [`MAX_MOVES_PER_PERIOD`]).
        moves: u32,
        /// Days per period (1 to [`MAX_TOTAL_DAYS`]).
        days: u32,
    },
    /// Fischer in days: `base_days` at the start, `increment_days` added after
    /// each of the side's moves; with a cap, the time left after a move is
    /// cut to `cap_days`.
    Fischer {
        /// Starting bank in days (1 to [`MAX_TOTAL_DAYS`]).
        base_days: u32,
        /// Days added after each move (0 to [`MAX_INCREMENT_DAYS`]).
        increment_days: u32,
        /// Most days a side may have left after a move; at least `base_days`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cap_days: Option<u32>,
    },
}

/// How reflection time is turned into charged time: the optional ICCF rules.
///
/// The default counts exact seconds with no doubling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counting {
    /// Charge whole 24-hour periods, rounded down (ICCF Playing Rules art.
    /// 2.4.2: time is accounted in whole days, and a player has 24 hours to
    /// answer before one day is charged). A move answered within 24 hours
    /// then costs no day.
    #[serde(default)]
    pub whole_days: bool,
    /// Days of one move beyond this many count double (ICCF: 20). At least 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_after_days: Option<u32>,
}

impl Counting {
    /// Exact seconds, no doubling.
    pub const EXACT: Counting = Counting {
        whole_days: false,
        double_after_days: None,
    };

    /// Both ICCF rules: whole days, doubling after 20 days.
    pub const ICCF: Counting = Counting {
        whole_days: true,
        double_after_days: Some(ICCF_DOUBLE_AFTER_DAYS),
    };

    /// True for exact counting with no doubling (the default).
    #[must_use]
    pub fn is_exact(&self) -> bool {
        *self == Counting::EXACT
    }
}

/// A validated time control: a [`Limit`] and a [`Counting`] rule.
///
/// Serialises to the JSON stored in `games.time_control` (see the module
/// documentation); deserialising validates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawControl", into = "RawControl")]
pub struct TimeControl {
    pub(super) limit: Limit,
    pub(super) counting: Counting,
}

fn check_days(field: ControlField, days: u32, max: u32) -> Result<(), ControlError> {
    if days == 0 {
        return Err(ControlError::ZeroDays { field });
    }
    if days > max {
        return Err(ControlError::TooManyDays { field, days, max });
    }
    Ok(())
}

impl TimeControl {
    /// A validated control.
    ///
    /// # Errors
    /// [`ControlError::ZeroDays`] for a zero day count (days per move, days
    /// per period, Fischer base); [`ControlError::TooManyDays`] beyond
    /// [`MAX_DAYS_PER_MOVE`] per move, [`MAX_TOTAL_DAYS`] per period, base or
    /// cap, [`MAX_INCREMENT_DAYS`] increment; [`ControlError::ZeroMoves`] /
    /// [`ControlError::TooManyMoves`] for the moves per period;
    /// [`ControlError::CapBelowBase`]; [`ControlError::ZeroDoubleAfter`].
    pub fn new(limit: Limit, counting: Counting) -> Result<TimeControl, ControlError> {
        match limit {
            Limit::DaysPerMove { days } => {
                check_days(ControlField::DaysPerMove, days, MAX_DAYS_PER_MOVE)?
            }
            Limit::MovesInDays { moves, days } => {
                if moves == 0 {
                    return Err(ControlError::ZeroMoves);
                }
                if moves > MAX_MOVES_PER_PERIOD {
                    return Err(ControlError::TooManyMoves {
                        moves,
                        max: MAX_MOVES_PER_PERIOD,
                    });
                }
                check_days(ControlField::DaysPerPeriod, days, MAX_TOTAL_DAYS)?;
            }
            Limit::Fischer {
                base_days,
                increment_days,
                cap_days,
            } => {
                check_days(ControlField::BaseDays, base_days, MAX_TOTAL_DAYS)?;
                if increment_days > MAX_INCREMENT_DAYS {
                    return Err(ControlError::TooManyDays {
                        field: ControlField::IncrementDays,
                        days: increment_days,
                        max: MAX_INCREMENT_DAYS,
                    });
                }
                if let Some(cap) = cap_days {
                    if cap < base_days {
                        return Err(ControlError::CapBelowBase {
                            cap,
                            base: base_days,
                        });
                    }
                    check_days(ControlField::CapDays, cap, MAX_TOTAL_DAYS)?;
                }
            }
        }
        match counting.double_after_days {
            Some(0) => return Err(ControlError::ZeroDoubleAfter),
            Some(d) => check_days(ControlField::DoubleAfterDays, d, MAX_TOTAL_DAYS)?,
            None => {}
        }
        Ok(TimeControl { limit, counting })
    }

    /// `days` days per move, exact counting.
    ///
    /// # Errors
    /// As [`TimeControl::new`]: zero or more than 60 days.
    pub fn days_per_move(days: u32) -> Result<TimeControl, ControlError> {
        TimeControl::new(Limit::DaysPerMove { days }, Counting::EXACT)
    }

    /// `moves` moves in `days` days, cumulative, with the given counting.
    ///
    /// # Errors
    /// As [`TimeControl::new`].
    pub fn moves_in_days(
        moves: u32,
        days: u32,
        counting: Counting,
    ) -> Result<TimeControl, ControlError> {
        TimeControl::new(Limit::MovesInDays { moves, days }, counting)
    }

    /// Fischer: `base_days`, plus `increment_days` after each move, cut to
    /// `cap_days` if given; exact counting.
    ///
    /// # Errors
    /// As [`TimeControl::new`].
    pub fn fischer(
        base_days: u32,
        increment_days: u32,
        cap_days: Option<u32>,
    ) -> Result<TimeControl, ControlError> {
        TimeControl::new(
            Limit::Fischer {
                base_days,
                increment_days,
                cap_days,
            },
            Counting::EXACT,
        )
    }

    /// The limit.
    #[must_use]
    pub fn limit(&self) -> Limit {
        self.limit
    }

    /// The counting rule.
    #[must_use]
    pub fn counting(&self) -> Counting {
        self.counting
    }

    /// The same limit with another counting rule.
    ///
    /// # Errors
    /// [`ControlError::ZeroDoubleAfter`] or [`ControlError::TooManyDays`] for
    /// a bad doubling threshold.
    pub fn with_counting(self, counting: Counting) -> Result<TimeControl, ControlError> {
        TimeControl::new(self.limit, counting)
    }
}
