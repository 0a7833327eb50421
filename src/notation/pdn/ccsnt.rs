//! Move times in comments, as correspondence chess records write them: the
//! command `[%ccsnt 2019.04.02,21:27]` inside the `{...}` comment after a ply
//! gives the time (UTC) the move was sent, that is received by the referee.
//!
//! Forms read: `YYYY.MM.DD` (midnight), `YYYY.MM.DD,HH:MM` (ICCF's form) and
//! `YYYY.MM.DD,HH:MM:SS`, with optional spaces after the comma. Written: the
//! ICCF form, with `:SS` only when the seconds are not zero.

use chrono::{DateTime, NaiveDate, NaiveTime, Timelike, Utc};

/// The command name inside the comment's brackets.
const COMMAND: &str = "%ccsnt";

/// A `%ccsnt` command whose value is not a date and time of the forms read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("%ccsnt `{value}` is not a time of the form YYYY.MM.DD,HH:MM")]
pub struct CcsntError {
    /// The command's value as written.
    pub value: String,
}

/// The comment text (without braces) that records `time`:
/// `[%ccsnt 2019.04.02,21:27]`, or `[%ccsnt 2019.04.02,21:27:05]` when the
/// seconds are not zero. Fractions of a second are dropped.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use zaochka::notation::pdn::ccsnt_comment;
/// let t = Utc.with_ymd_and_hms(2019, 4, 2, 21, 27, 0).unwrap();
/// assert_eq!(ccsnt_comment(t), "[%ccsnt 2019.04.02,21:27]");
/// ```
#[must_use]
pub fn ccsnt_comment(time: DateTime<Utc>) -> String {
    if time.second() == 0 {
        format!("[{COMMAND} {}]", time.format("%Y.%m.%d,%H:%M"))
    } else {
        format!("[{COMMAND} {}]", time.format("%Y.%m.%d,%H:%M:%S"))
    }
}

/// The time given by the first `[%ccsnt ...]` command of a ply's comment:
/// `None` when the comment has none, an error when its value is not a time.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use zaochka::notation::pdn::read_ccsnt;
/// let t = Utc.with_ymd_and_hms(2019, 4, 2, 21, 27, 0).unwrap();
/// assert_eq!(read_ccsnt("good move [%ccsnt 2019.04.02,21:27]"), Some(Ok(t)));
/// assert_eq!(read_ccsnt("good move"), None);
/// assert!(read_ccsnt("[%ccsnt yesterday]").unwrap().is_err());
/// ```
#[must_use]
pub fn read_ccsnt(comment: &str) -> Option<Result<DateTime<Utc>, CcsntError>> {
    let at = comment.find(&format!("[{COMMAND}"))?;
    let rest = &comment[at + 1 + COMMAND.len()..];
    let value = rest.split(']').next().unwrap_or(rest).trim();
    Some(parse_value(value).ok_or_else(|| CcsntError {
        value: value.to_string(),
    }))
}

/// `YYYY.MM.DD[,HH:MM[:SS]]` as a UTC time.
fn parse_value(value: &str) -> Option<DateTime<Utc>> {
    let (date, time) = match value.split_once(',') {
        Some((d, t)) => (d.trim(), Some(t.trim())),
        None => (value, None),
    };
    let date = NaiveDate::parse_from_str(date, "%Y.%m.%d").ok()?;
    let time = match time {
        None => NaiveTime::MIN,
        Some(t) if t.len() == 5 => NaiveTime::parse_from_str(t, "%H:%M").ok()?,
        Some(t) if t.len() == 8 => NaiveTime::parse_from_str(t, "%H:%M:%S").ok()?,
        Some(_) => return None,
    };
    Some(date.and_time(time).and_utc())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_time_with_seconds_is_written_with_them_and_read_back() {
        let t = Utc.with_ymd_and_hms(2026, 12, 5, 9, 3, 7).unwrap();
        let c = ccsnt_comment(t);
        assert_eq!(c, "[%ccsnt 2026.12.05,09:03:07]");
        assert_eq!(read_ccsnt(&c), Some(Ok(t)));
    }

    #[test]
    fn a_date_alone_and_a_space_after_the_comma_are_read() {
        assert_eq!(
            read_ccsnt("[%ccsnt 2011.06.16]"),
            Some(Ok(Utc.with_ymd_and_hms(2011, 6, 16, 0, 0, 0).unwrap()))
        );
        assert_eq!(
            read_ccsnt("x [%ccsnt 2011.06.16, 17:53:02] y"),
            Some(Ok(Utc.with_ymd_and_hms(2011, 6, 16, 17, 53, 2).unwrap()))
        );
    }

    #[test]
    fn a_value_that_is_not_a_time_is_an_error_naming_it() {
        for bad in [
            "[%ccsnt 2019.13.02,21:27]",
            "[%ccsnt 2019.04.02,25:00]",
            "[%ccsnt ]",
        ] {
            assert!(matches!(read_ccsnt(bad), Some(Err(_))), "{bad}");
        }
        assert_eq!(
            read_ccsnt("[%ccsnt 2019.04.02,2127]")
                .unwrap()
                .unwrap_err()
                .value,
            "2019.04.02,2127"
        );
    }
}
