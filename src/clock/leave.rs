//! Leave (vacation): whole calendar days in the player's zone, a yearly
//! allowance, and the request `leave 2026-12-20 2027-01-03`.
//!
//! # Day boundaries
//!
//! A leave is a run of whole calendar days in the player's time zone, both
//! end dates included: `leave 2026-12-20 2027-01-03` is 15 days, from local
//! midnight starting 20 December to local midnight ending 3 January, stored
//! as the UTC interval `[starts_at, ends_at)`. A leave day over a DST change
//! is 23 or 25 hours long, as the player lives it. A leave that starts
//! today starts *now* (`starts_at = now`), not at the past midnight: a clock
//! is never stopped retroactively. It still counts as a whole day.
//!
//! # Allowance
//!
//! Each player may take [`Settings::leave_days_per_year`] days (45 by
//! default) per calendar year of the player's zone. A leave over New Year
//! counts its days in the year each falls in (12 days of 2026 and 3 of 2027
//! for the example). The days of a stored leave are counted from the local
//! date of its `starts_at` and its `days`, so a later change of the player's
//! zone does not change the days already taken.
//!
//! # Refusals
//!
//! A request is refused, with nothing changed, when its end is before its
//! start, its day count is zero or negative, it starts before today (in the
//! player's zone), it overlaps a leave already taken, or it would take the
//! player beyond the year's allowance. [`LeaveError::message`] words each in
//! English and Russian.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use chrono_tz::Tz;

use super::charge::Stop;
use super::lexicon::{DAY_WORDS, read_date};
use super::settings::Settings;
use super::types::{Leave, NewLeave};
use super::zone::{local_date, start_of_day};
use crate::vocabulary::PlayerId;

/// A requested leave: local calendar days of the player, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LeaveRequest {
    /// First day of leave (player's zone).
    pub first_day: NaiveDate,
    /// Last day of leave (player's zone), included.
    pub last_day: NaiveDate,
}

/// Why a leave request (or a move on leave) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LeaveError {
    /// The text is not a leave request.
    #[error(
        "cannot read the leave request {0:?}: write e.g. `leave 2026-12-20 2027-01-03` or `leave 2026-12-20 14`"
    )]
    Syntax(String),
    /// A date that does not exist or is not written `YYYY-MM-DD` / `DD.MM.YYYY`.
    #[error("{0:?} is not a date: write YYYY-MM-DD, e.g. 2026-12-20")]
    BadDate(String),
    /// The last day is before the first.
    #[error("the leave ends on {last} before it starts on {first}")]
    EndBeforeStart {
        /// First day as given.
        first: NaiveDate,
        /// Last day as given.
        last: NaiveDate,
    },
    /// A day count of zero or less.
    #[error("a leave must be at least one day, not {0}")]
    NotPositive(i64),
    /// The first day is before today (in the player's zone).
    #[error("the leave starts on {first}, in the past: today is {today}")]
    InPast {
        /// First day requested.
        first: NaiveDate,
        /// Today in the player's zone.
        today: NaiveDate,
    },
    /// The request overlaps a leave already taken.
    #[error("the leave overlaps your leave from {first} to {last}")]
    Overlaps {
        /// First day of the existing leave.
        first: NaiveDate,
        /// Last day of the existing leave.
        last: NaiveDate,
    },
    /// The request would exceed the allowance of a calendar year.
    #[error(
        "the leave needs {requested} days of {year}, but only {left} of the {allowance} days \
         of {year} are left ({taken} taken)"
    )]
    BeyondAllowance {
        /// The calendar year.
        year: i32,
        /// Days of this request falling in that year.
        requested: u32,
        /// Days already taken in that year.
        taken: u32,
        /// Days left in that year before this request.
        left: u32,
        /// The yearly allowance.
        allowance: u32,
    },
    /// A move while on leave, which the tournament does not allow.
    #[error("you are on leave until {last} inclusive: moves are not accepted during leave")]
    OnLeave {
        /// Last day of the leave (player's zone).
        last: NaiveDate,
    },
}

const KEYWORDS: &[&str] = &["leave", "vacation", "holiday", "отпуск", "каникулы"];
const FILLERS: &[&str] = &[
    "from", "to", "until", "till", "-", "–", "—", "..", "с", "со", "по", "до",
];
/// Reads `2026-12-20` or `20.12.2026`.
fn parse_date(text: &str) -> Result<NaiveDate, LeaveError> {
    read_date(text).ok_or_else(|| LeaveError::BadDate(text.to_owned()))
}

fn looks_like_date(text: &str) -> bool {
    text.len() >= 8
        && text.chars().any(|c| c == '-' || c == '.')
        && text.chars().filter(char::is_ascii_digit).count() >= 6
}

impl LeaveRequest {
    /// The leave `first_day ..= last_day`.
    ///
    /// # Errors
    /// [`LeaveError::EndBeforeStart`] if `last_day < first_day`.
    pub fn new(first_day: NaiveDate, last_day: NaiveDate) -> Result<LeaveRequest, LeaveError> {
        if last_day < first_day {
            return Err(LeaveError::EndBeforeStart {
                first: first_day,
                last: last_day,
            });
        }
        Ok(LeaveRequest {
            first_day,
            last_day,
        })
    }

    /// Reads a request: an optional keyword (`leave`, `vacation`, `отпуск`),
    /// the first day, then the last day or a number of days, with optional
    /// fillers between (`from`, `to`, `-`, `..`, `с`, `по`, `до`). Dates are
    /// `YYYY-MM-DD` or `DD.MM.YYYY`; a count may carry `d`, `days`, `дней`.
    ///
    /// `leave 2026-12-20 2027-01-03`, `отпуск с 20.12.2026 по 03.01.2027`,
    /// `leave 2026-12-20 14` (14 days: to 2027-01-02).
    ///
    /// # Errors
    /// [`LeaveError::Syntax`], [`LeaveError::BadDate`],
    /// [`LeaveError::EndBeforeStart`], [`LeaveError::NotPositive`].
    pub fn parse(text: &str) -> Result<LeaveRequest, LeaveError> {
        let syntax = || LeaveError::Syntax(text.trim().to_owned());
        let spaced = text.replace("..", " .. ").to_lowercase();
        let mut tokens: Vec<&str> = spaced
            .split_whitespace()
            .map(|t| t.trim_end_matches([',', ';']))
            .filter(|t| !t.is_empty())
            .collect();
        if tokens
            .first()
            .is_some_and(|t| KEYWORDS.contains(&t.trim_end_matches(':')))
        {
            tokens.remove(0);
        }
        tokens.retain(|t| !FILLERS.contains(t) && !DAY_WORDS.contains(&t.trim_end_matches('.')));
        let [first, second] = tokens[..] else {
            return Err(syntax());
        };
        let first_day = parse_date(first)?;
        if looks_like_date(second) {
            return LeaveRequest::new(first_day, parse_date(second)?);
        }
        let count = second.trim_end_matches(|c: char| c.is_alphabetic() || c == '.');
        let days: i64 = count.parse().map_err(|_| syntax())?;
        if days < 1 {
            return Err(LeaveError::NotPositive(days));
        }
        let last_day = u64::try_from(days - 1)
            .ok()
            .and_then(|d| first_day.checked_add_days(chrono::Days::new(d)))
            .ok_or_else(syntax)?;
        LeaveRequest::new(first_day, last_day)
    }

    /// Number of days, both ends included.
    #[must_use]
    pub fn days(&self) -> u32 {
        u32::try_from((self.last_day - self.first_day).num_days() + 1).unwrap_or(u32::MAX)
    }

    /// The days of the request falling in each calendar year, earliest first.
    #[must_use]
    pub fn days_per_year(&self) -> Vec<(i32, u32)> {
        days_per_year(self.first_day, self.days())
    }
}

fn days_per_year(first: NaiveDate, days: u32) -> Vec<(i32, u32)> {
    let mut out: Vec<(i32, u32)> = Vec::new();
    let mut left = days;
    let mut day = first;
    while left > 0 {
        let year = day.year();
        let next_year = NaiveDate::from_ymd_opt(year + 1, 1, 1);
        let in_year = next_year.map_or(left, |n| {
            u32::try_from((n - day).num_days())
                .unwrap_or(u32::MAX)
                .min(left)
        });
        out.push((year, in_year));
        left -= in_year;
        match next_year {
            Some(n) => day = n,
            None => break,
        }
    }
    out
}

/// The local first and last day of a stored leave.
#[must_use]
pub fn leave_days(leave: &Leave, tz: Tz) -> (NaiveDate, NaiveDate) {
    let first = local_date(leave.starts_at, tz);
    let last = first
        .checked_add_days(chrono::Days::new(u64::from(leave.days.max(1) - 1)))
        .unwrap_or(first);
    (first, last)
}

/// Leave days taken in calendar `year` (player's zone) by the leaves given;
/// cancelled leaves do not count.
#[must_use]
pub fn days_taken(leaves: &[Leave], tz: Tz, year: i32) -> u32 {
    leaves
        .iter()
        .filter(|l| l.cancelled_at.is_none())
        .flat_map(|l| days_per_year(local_date(l.starts_at, tz), l.days))
        .filter(|(y, _)| *y == year)
        .map(|(_, d)| d)
        .sum()
}

/// Leave days left in calendar `year` (player's zone), never below 0.
#[must_use]
pub fn days_left(leaves: &[Leave], tz: Tz, year: i32, settings: &Settings) -> u32 {
    settings
        .leave_days_per_year
        .saturating_sub(days_taken(leaves, tz, year))
}

/// A leave request checked and placed in time, ready to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlannedLeave {
    /// First day (player's zone).
    pub first_day: NaiveDate,
    /// Last day, included (player's zone).
    pub last_day: NaiveDate,
    /// When the clock stops (UTC): local midnight of the first day, or `now`
    /// for a leave starting today.
    pub starts_at: DateTime<Utc>,
    /// When the clock runs again (UTC): local midnight after the last day.
    pub ends_at: DateTime<Utc>,
    /// Whole days charged against the allowance.
    pub days: u32,
}

impl PlannedLeave {
    /// The leave to record (the store gives it an id).
    #[must_use]
    pub fn to_new_leave(&self, player: PlayerId, created_at: DateTime<Utc>) -> NewLeave {
        NewLeave {
            player_id: player,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            days: self.days,
            created_at,
        }
    }
}

/// Checks a request against the player's leaves (`existing`, cancelled ones
/// ignored) and the settings at `now` (UTC), in the player's zone `tz`.
///
/// # Errors
/// [`LeaveError::InPast`], [`LeaveError::Overlaps`],
/// [`LeaveError::BeyondAllowance`] (the first year that would overflow).
pub fn plan(
    request: &LeaveRequest,
    tz: Tz,
    existing: &[Leave],
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<PlannedLeave, LeaveError> {
    let today = local_date(now, tz);
    if request.first_day < today {
        return Err(LeaveError::InPast {
            first: request.first_day,
            today,
        });
    }
    for leave in existing.iter().filter(|l| l.cancelled_at.is_none()) {
        let (first, last) = leave_days(leave, tz);
        if first <= request.last_day && request.first_day <= last {
            return Err(LeaveError::Overlaps { first, last });
        }
    }
    for (year, requested) in request.days_per_year() {
        let taken = days_taken(existing, tz, year);
        let left = settings.leave_days_per_year.saturating_sub(taken);
        if requested > left {
            return Err(LeaveError::BeyondAllowance {
                year,
                requested,
                taken,
                left,
                allowance: settings.leave_days_per_year,
            });
        }
    }
    let after = request.last_day.succ_opt().unwrap_or(request.last_day);
    Ok(PlannedLeave {
        first_day: request.first_day,
        last_day: request.last_day,
        starts_at: start_of_day(request.first_day, tz).max(now),
        ends_at: start_of_day(after, tz),
        days: request.days(),
    })
}

/// The leave (not cancelled) in force at `at` (UTC), if any.
#[must_use]
pub fn on_leave(leaves: &[Leave], at: DateTime<Utc>) -> Option<&Leave> {
    leaves
        .iter()
        .find(|l| l.cancelled_at.is_none() && l.starts_at <= at && at < l.ends_at)
}

/// Whether a player may move at `at` (UTC) given the settings.
///
/// # Errors
/// [`LeaveError::OnLeave`] if the player is on leave and the settings do not
/// allow moves on leave.
pub fn check_may_move(
    settings: &Settings,
    leaves: &[Leave],
    tz: Tz,
    at: DateTime<Utc>,
) -> Result<(), LeaveError> {
    if settings.may_move_on_leave {
        return Ok(());
    }
    match on_leave(leaves, at) {
        Some(l) => Err(LeaveError::OnLeave {
            last: leave_days(l, tz).1,
        }),
        None => Ok(()),
    }
}

/// The clock stops of the leaves (cancelled ones left out).
#[must_use]
pub fn stops(leaves: &[Leave]) -> Vec<Stop> {
    leaves
        .iter()
        .filter(|l| l.cancelled_at.is_none())
        .map(|l| Stop::new(l.starts_at, l.ends_at))
        .collect()
}

#[cfg(test)]
mod tests;
