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

/// The local day (zone `tz`) whose digest is due at `now` for a player who
/// asked at `since` for one at `hour`: today's once the hour has come and
/// the hour of today came after `since`, else none. The caller sends it once
/// per day (the store keeps the days sent).
#[must_use]
pub fn due_day(hour: u8, tz: Tz, since: DateTime<Utc>, now: DateTime<Utc>) -> Option<NaiveDate> {
    let day = super::zone::local_date(now, tz);
    let at = at_hour(day, hour, tz);
    (at <= now && at >= since).then_some(day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_is_due_from_its_hour_of_the_players_day() {
        let tz: Tz = "Europe/Moscow".parse().unwrap();
        let since = Utc.with_ymd_and_hms(2027, 3, 1, 0, 0, 0).unwrap();
        // 08:00 in Moscow is 05:00 UTC.
        let before = Utc.with_ymd_and_hms(2027, 3, 2, 4, 59, 0).unwrap();
        let after = Utc.with_ymd_and_hms(2027, 3, 2, 5, 0, 0).unwrap();
        assert_eq!(due_day(8, tz, since, before), None);
        assert_eq!(
            due_day(8, tz, since, after),
            Some(NaiveDate::from_ymd_opt(2027, 3, 2).unwrap())
        );
    }

    #[test]
    fn no_digest_is_due_for_the_hour_that_passed_before_it_was_asked_for() {
        let tz = Tz::UTC;
        let since = Utc.with_ymd_and_hms(2027, 3, 2, 9, 0, 0).unwrap();
        let now = Utc.with_ymd_and_hms(2027, 3, 2, 10, 0, 0).unwrap();
        assert_eq!(due_day(8, tz, since, now), None);
        let next = Utc.with_ymd_and_hms(2027, 3, 3, 8, 0, 0).unwrap();
        assert_eq!(
            due_day(8, tz, since, next),
            Some(NaiveDate::from_ymd_opt(2027, 3, 3).unwrap())
        );
    }
}
