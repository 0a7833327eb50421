//! The players' daily digest: how a player wants to hear of the opponents'
//! moves ([`MoveMails`]) and when a day's digest is due. A digest player gets
//! one mail a day, at an hour of their own time zone, listing every game
//! where it is their move; draw offers, claims and game ends still come at
//! once.

use chrono::{DateTime, LocalResult, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

/// The hour of the player's day a digest is sent at when they name none:
/// 8 (08:00 local time).
pub const DEFAULT_HOUR: u8 = 8;

/// How a player hears of the opponents' moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MoveMails {
    /// A mail for every move of an opponent (the default).
    #[default]
    EveryMove,
    /// One mail a day at `hour` (0-23) of the player's time zone, listing
    /// every game where it is their move.
    Daily {
        /// The hour of the player's day, 0-23.
        hour: u8,
    },
}

/// The first instant (UTC) of `hour` on local day `day` in zone `tz`; where
/// that hour does not exist (a DST gap) the first minute after it that does.
#[must_use]
pub fn at_hour(day: NaiveDate, hour: u8, tz: Tz) -> DateTime<Utc> {
    let start =
        day.and_time(chrono::NaiveTime::MIN) + chrono::Duration::hours(i64::from(hour.min(23)));
    for minutes in 0..(3 * 60) {
        match tz.from_local_datetime(&(start + chrono::Duration::minutes(minutes))) {
            LocalResult::Single(t) => return t.with_timezone(&Utc),
            LocalResult::Ambiguous(earliest, _) => return earliest.with_timezone(&Utc),
            LocalResult::None => {}
        }
    }
    Utc.from_utc_datetime(&start)
}

/// The first digest instant at or after `from`: `hour` of the player's day
/// (zone `tz`), today's if it has not passed, else tomorrow's.
#[must_use]
pub fn first_slot_from(hour: u8, tz: Tz, from: DateTime<Utc>) -> DateTime<Utc> {
    let today = super::zone::local_date(from, tz);
    let at = at_hour(today, hour, tz);
    if at >= from {
        at
    } else {
        at_hour(today + chrono::Duration::days(1), hour, tz)
    }
}

/// The player's local day of the latest digest instant at or before `now`:
/// today once `hour` has come, else yesterday. A digest due at `now` is that
/// day's (a daemon that was down sends the latest day's only).
#[must_use]
pub fn latest_slot_day(hour: u8, tz: Tz, now: DateTime<Utc>) -> NaiveDate {
    let today = super::zone::local_date(now, tz);
    if at_hour(today, hour, tz) <= now {
        today
    } else {
        today - chrono::Duration::days(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_is_due_from_its_hour_of_the_players_day() {
        let tz: Tz = "Europe/Moscow".parse().unwrap();
        // 08:00 in Moscow is 05:00 UTC.
        let before = Utc.with_ymd_and_hms(2027, 3, 2, 4, 59, 0).unwrap();
        let at = Utc.with_ymd_and_hms(2027, 3, 2, 5, 0, 0).unwrap();
        assert_eq!(first_slot_from(8, tz, before), at);
        assert_eq!(first_slot_from(8, tz, at), at);
        assert_eq!(
            latest_slot_day(8, tz, before),
            NaiveDate::from_ymd_opt(2027, 3, 1).unwrap()
        );
        assert_eq!(
            latest_slot_day(8, tz, at),
            NaiveDate::from_ymd_opt(2027, 3, 2).unwrap()
        );
    }

    #[test]
    fn a_digest_asked_for_after_its_hour_is_first_due_the_next_day() {
        let tz = Tz::UTC;
        let asked = Utc.with_ymd_and_hms(2027, 3, 2, 9, 0, 0).unwrap();
        assert_eq!(
            first_slot_from(8, tz, asked),
            Utc.with_ymd_and_hms(2027, 3, 3, 8, 0, 0).unwrap()
        );
    }
}
