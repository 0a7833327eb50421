//! Time zones: deadlines shown in each player's IANA zone (chrono-tz), local
//! calendar days for leave, and durations in days and hours.
//!
//! Instants are kept in UTC everywhere; a zone only changes how an instant is
//! read. chrono-tz carries the IANA database, so daylight-saving changes and
//! historical rules (Moscow's permanent UTC+4 from 2011-03-27 to
//! 2014-10-26) are applied for the date in question.

use chrono::{DateTime, Duration, LocalResult, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

/// A time zone name that is not in the IANA database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown time zone {0:?}: expected an IANA name such as Europe/Moscow")]
pub struct ZoneError(pub String);

/// The zone named `name` (`Europe/Moscow`, `America/New_York`, `UTC`;
/// surrounding spaces ignored).
///
/// # Errors
/// [`ZoneError`] if the name is not an IANA zone.
pub fn parse_zone(name: &str) -> Result<Tz, ZoneError> {
    name.trim()
        .parse::<Tz>()
        .map_err(|_| ZoneError(name.trim().to_owned()))
}

/// IANA zones a director may have meant by a name that is not one, best first:
/// - the name in another case (`europe/moscow` → `Europe/Moscow`);
/// - for a UTC offset (`GMT+3`, `UTC+03:00`, `+3`), the `Etc` zone of that
///   offset, `Etc/GMT-3` for UTC+3 (the IANA `Etc` names invert the sign, so
///   `Etc/GMT+3` would be UTC−3);
/// - a zone whose last part it is, ignoring case and spaces for underscores
///   (`Moscow` → `Europe/Moscow`, `new york` → `America/New_York`);
/// - otherwise, names within two typing errors of a zone or its last part
///   (`Europe/Moskow` → `Europe/Moscow`; Levenshtein distance, strsim).
///
/// Empty when nothing is close.
#[must_use]
pub fn zones_named(name: &str) -> Vec<&'static str> {
    let key = name.trim().replace(' ', "_").to_lowercase();
    if key.is_empty() {
        return Vec::new();
    }
    let names = || chrono_tz::TZ_VARIANTS.iter().map(|tz| tz.name());
    let last = |n: &'static str| n.rsplit('/').next().unwrap_or(n).to_lowercase();
    let exact: Vec<&'static str> = names().filter(|n| n.to_lowercase() == key).collect();
    if !exact.is_empty() {
        return exact;
    }
    // Before the last parts: `GMT+3` is also the last part of `Etc/GMT+3` (UTC−3).
    if let Some(etc) = etc_zone_of_offset(&key) {
        return vec![etc];
    }
    let by_last: Vec<&'static str> = names().filter(|n| last(n) == key).collect();
    if !by_last.is_empty() {
        return by_last;
    }
    if key.chars().count() < 5 {
        return Vec::new();
    }
    let mut close: Vec<(usize, &'static str)> = names()
        .filter_map(|n| {
            let d = strsim::levenshtein(&n.to_lowercase(), &key)
                .min(strsim::levenshtein(&last(n), &key));
            (d <= 2).then_some((d, n))
        })
        .collect();
    close.sort();
    close.into_iter().map(|(_, n)| n).take(3).collect()
}

/// The `Etc` zone of a whole-hour UTC offset written `GMT+3`, `UTC-5`,
/// `UTC+03:00` or `+3` (lowercase): `Etc/GMT-3` for UTC+3.
fn etc_zone_of_offset(key: &str) -> Option<&'static str> {
    let rest = key
        .strip_prefix("utc")
        .or_else(|| key.strip_prefix("gmt"))
        .unwrap_or(key);
    let (sign, digits) = match rest.split_at_checked(1)? {
        ("+", d) => ('+', d),
        ("-" | "−", d) => ('-', d),
        _ => return None,
    };
    let hours = digits.strip_suffix(":00").unwrap_or(digits);
    let hours: u8 = hours.parse().ok()?;
    if hours == 0 {
        return Some("Etc/UTC");
    }
    let inverted = if sign == '+' { '-' } else { '+' };
    let wanted = format!("Etc/GMT{inverted}{hours}");
    chrono_tz::TZ_VARIANTS
        .iter()
        .map(|tz| tz.name())
        .find(|n| *n == wanted)
}

/// A zone's name with its UTC offset at `at`: `Europe/Moscow (UTC+03:00)`.
#[must_use]
pub fn name_with_offset(name: &str, at: DateTime<Utc>) -> String {
    match parse_zone(name) {
        Ok(tz) => format!("{name} (UTC{})", at.with_timezone(&tz).format("%:z")),
        Err(_) => name.to_owned(),
    }
}

/// The calendar date of instant `at` in zone `tz`.
#[must_use]
pub fn local_date(at: DateTime<Utc>, tz: Tz) -> NaiveDate {
    at.with_timezone(&tz).date_naive()
}

/// The first instant (UTC) of calendar day `date` in zone `tz`: local
/// midnight, or where midnight does not exist (a DST gap at 00:00, as in
/// some American zones), the first local time that does.
#[must_use]
pub fn start_of_day(date: NaiveDate, tz: Tz) -> DateTime<Utc> {
    let midnight = date.and_time(chrono::NaiveTime::MIN);
    for minutes in 0..(24 * 60) {
        match tz.from_local_datetime(&(midnight + Duration::minutes(minutes))) {
            LocalResult::Single(t) => return t.with_timezone(&Utc),
            LocalResult::Ambiguous(earliest, _) => return earliest.with_timezone(&Utc),
            LocalResult::None => {}
        }
    }
    // No zone skips a whole day at midnight; fall back to UTC midnight.
    Utc.from_utc_datetime(&midnight)
}

/// An instant in a zone: `2026-03-31 13:00 CEST` (the zone's abbreviation,
/// or its UTC offset where it has none).
#[must_use]
pub fn format_local(at: DateTime<Utc>, tz: Tz) -> String {
    let local = at.with_timezone(&tz);
    format!("{} {}", local.format("%Y-%m-%d %H:%M"), local.format("%Z"))
}

/// An instant in UTC: `2026-03-31 11:00 UTC`.
#[must_use]
pub fn format_utc(at: DateTime<Utc>) -> String {
    format!("{} UTC", at.format("%Y-%m-%d %H:%M"))
}

/// A deadline as a reply states it: UTC and the recipient's zone, e.g.
/// `2026-03-31 11:00 UTC (2026-03-31 13:00 CEST, Europe/Berlin)`; only the
/// UTC form for the zone `UTC`.
#[must_use]
pub fn format_deadline(at: DateTime<Utc>, tz: Tz) -> String {
    if tz == Tz::UTC || tz == Tz::Etc__UTC {
        return format_utc(at);
    }
    format!(
        "{} ({}, {})",
        format_utc(at),
        format_local(at, tz),
        tz.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .expect("valid instant")
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
    }

    fn zone(name: &str) -> Tz {
        parse_zone(name).expect("known zone")
    }

    #[test]
    fn names_that_are_no_zone_get_the_zones_they_may_mean() {
        assert_eq!(zones_named("Moscow"), ["Europe/Moscow"]);
        assert_eq!(zones_named("europe/moscow"), ["Europe/Moscow"]);
        assert_eq!(zones_named("Europe/Moskow"), ["Europe/Moscow"]);
        // IANA's Etc names invert the sign: UTC+3 is Etc/GMT-3.
        assert_eq!(zones_named("GMT+3"), ["Etc/GMT-3"]);
        assert_eq!(zones_named("UTC+03:00"), ["Etc/GMT-3"]);
        assert_eq!(zones_named("utc-5"), ["Etc/GMT+5"]);
        assert!(zones_named("xyz").is_empty());
        let at = Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap();
        assert_eq!(name_with_offset("Etc/GMT-3", at), "Etc/GMT-3 (UTC+03:00)");
    }

    #[test]
    fn zones_are_parsed_by_iana_name() {
        assert_eq!(zone(" Europe/Moscow "), Tz::Europe__Moscow);
        assert_eq!(
            parse_zone("Mars/Olympus"),
            Err(ZoneError("Mars/Olympus".to_owned()))
        );
    }

    #[test]
    fn berlin_deadline_reads_an_hour_later_after_the_spring_change() {
        // 3 days after 2026-03-27 11:00 UTC (12:00 CET) is 2026-03-30 11:00
        // UTC, which Berlin reads as 13:00 CEST after the change of Mar 29.
        let berlin = zone("Europe/Berlin");
        let start = utc(2026, 3, 27, 11, 0);
        assert_eq!(format_local(start, berlin), "2026-03-27 12:00 CET");
        let deadline = start + Duration::days(3);
        assert_eq!(
            format_deadline(deadline, berlin),
            "2026-03-30 11:00 UTC (2026-03-30 13:00 CEST, Europe/Berlin)"
        );
        // And back in autumn (Oct 25): 12:00 CEST reads 11:00 CET.
        let start = utc(2026, 10, 23, 10, 0);
        assert_eq!(format_local(start, berlin), "2026-10-23 12:00 CEST");
        assert_eq!(
            format_local(start + Duration::days(3), berlin),
            "2026-10-26 11:00 CET"
        );
    }

    #[test]
    fn new_york_deadline_across_both_2026_changes() {
        let ny = zone("America/New_York");
        // Mar 8: EST -> EDT.
        let start = utc(2026, 3, 6, 22, 0);
        assert_eq!(format_local(start, ny), "2026-03-06 17:00 EST");
        assert_eq!(
            format_deadline(start + Duration::days(3), ny),
            "2026-03-09 22:00 UTC (2026-03-09 18:00 EDT, America/New_York)"
        );
        // Nov 1: EDT -> EST.
        let start = utc(2026, 10, 30, 21, 0);
        assert_eq!(format_local(start, ny), "2026-10-30 17:00 EDT");
        assert_eq!(
            format_local(start + Duration::days(3), ny),
            "2026-11-02 16:00 EST"
        );
    }

    #[test]
    fn moscow_has_no_dst_now_but_the_history_is_kept() {
        let msk = zone("Europe/Moscow");
        // 2026: UTC+3 all year.
        assert_eq!(
            format_local(utc(2026, 1, 15, 9, 0), msk),
            "2026-01-15 12:00 MSK"
        );
        assert_eq!(
            format_local(utc(2026, 7, 15, 9, 0), msk),
            "2026-07-15 12:00 MSK"
        );
        // 2011-03-27: the last spring change, to UTC+4 for good (until 2014).
        assert_eq!(
            format_local(utc(2011, 3, 26, 9, 0), msk),
            "2011-03-26 12:00 MSK"
        );
        assert_eq!(
            format_local(utc(2011, 3, 28, 9, 0), msk),
            "2011-03-28 13:00 MSK"
        );
        // 2014-10-26: back to UTC+3.
        assert_eq!(
            format_local(utc(2014, 10, 25, 9, 0), msk),
            "2014-10-25 13:00 MSK"
        );
        assert_eq!(
            format_local(utc(2014, 10, 27, 9, 0), msk),
            "2014-10-27 12:00 MSK"
        );
    }

    #[test]
    fn local_days_are_23_or_25_hours_on_change_days() {
        let len = |tz: Tz, d: NaiveDate| {
            (start_of_day(d.succ_opt().expect("next day"), tz) - start_of_day(d, tz)).num_hours()
        };
        let berlin = zone("Europe/Berlin");
        assert_eq!(len(berlin, date(2026, 3, 29)), 23);
        assert_eq!(len(berlin, date(2026, 10, 25)), 25);
        assert_eq!(len(berlin, date(2026, 6, 1)), 24);
        let ny = zone("America/New_York");
        assert_eq!(len(ny, date(2026, 3, 8)), 23);
        assert_eq!(len(ny, date(2026, 11, 1)), 25);
        let msk = zone("Europe/Moscow");
        assert_eq!(len(msk, date(2026, 3, 29)), 24);
        assert_eq!(len(msk, date(2011, 3, 27)), 23);
        assert_eq!(len(msk, date(2014, 10, 26)), 25);
        assert_eq!(
            start_of_day(date(2026, 3, 29), berlin),
            utc(2026, 3, 28, 23, 0)
        );
        assert_eq!(
            start_of_day(date(2026, 3, 30), berlin),
            utc(2026, 3, 29, 22, 0)
        );
        assert_eq!(
            start_of_day(date(2028, 2, 29), msk),
            utc(2028, 2, 28, 21, 0)
        );
    }

    #[test]
    fn a_zone_without_midnight_starts_the_day_at_one() {
        // America/Havana springs forward at 00:00: 2026-03-08 starts at 01:00 CDT.
        let havana = zone("America/Havana");
        let start = start_of_day(date(2026, 3, 8), havana);
        assert_eq!(format_local(start, havana), "2026-03-08 01:00 CDT");
    }

    #[test]
    fn deadlines_in_utc_read_as_utc() {
        assert_eq!(
            format_deadline(utc(2026, 1, 1, 0, 0), Tz::UTC),
            "2026-01-01 00:00 UTC"
        );
    }
}
