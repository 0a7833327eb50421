//! The charging rule: from reflection time to charged time, and back from a
//! time allowance to the reflection time at which a move becomes late.
//!
//! # Reflection time
//!
//! A side's reflection time for a move runs from the instant the opponent's
//! move reached the bot (its recorded receipt instant, not the sender's
//! `Date:` header) to the instant the side's own move reached it, both UTC.
//! Periods in which the side's clock stands ([`Stop`]: the player's leave, a
//! paused game, a forward step of the system clock that waits for a director
//! or was cancelled) are left out. It is counted in whole seconds, rounded down.
//!
//! A day is always 24 hours (86 400 s) of real time: the clock never depends
//! on a time zone, so a daylight-saving change moves the *local* reading of a
//! deadline by an hour but not the deadline itself. (Leave is different: it is
//! taken in whole calendar days of the player's zone, so a leave day over a
//! DST change stops the clock for 23 or 25 hours; see [`crate::clock::leave`].)
//!
//! # Charged time
//!
//! With exact counting (the default) the charge equals the reflection time.
//! The optional ICCF rules ([`Counting`]) follow the ICCF Playing Rules, art.
//! 2.4.2 (as quoted for the ICCF webserver): playing time is accounted in
//! whole days, which are 24-hour periods; a player has 24 hours to answer a
//! move before one day is charged; the charge for one move is the whole
//! number of days used up to 20, plus twice the whole number of days used
//! beyond 20, so that a player who used at least 23 but not 24 days is
//! charged 26 days. In code, for `r` seconds of reflection:
//!
//! - whole days: `d = floor(r / 86400)`; a partial day is not charged at all
//!   (23 h 59 min costs 0 days, 47 h 59 min costs 1 day);
//! - doubling after `k` days: `charged = d` if `d <= k`, else `k + 2 (d - k)`
//!   (with exact counting the same formula applies to seconds).
//!
//! # Late moves and the deadline
//!
//! A side may be charged at most its *allowance* `A` for the current move
//! (what its control leaves it; see [`crate::clock::state`]). The move becomes
//! late at the reflection time [`late_at`] `= inf { r : charge(r) > A }`: a
//! move that arrives with less reflection time is in time, and its charge is
//! at most `A`, so the time left is never negative; from that point on the
//! side has lost on time. With whole-day counting a side with 0 days left
//! still has until the end of the current 24-hour period; with exact counting
//! the flag falls when the time left reaches zero.

use chrono::{DateTime, TimeDelta, Utc};

use super::control::Counting;

/// Seconds in a day of the clock: 86 400 (24 hours, whatever the time zone).
pub const DAY: i64 = 86_400;

/// Seconds in an hour: 3 600.
pub const HOUR: i64 = 3_600;

/// A period `[start, end)` (UTC) during which a side's clock stands: a leave
/// of the player, or a pause of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stop {
    /// First instant of the stop (UTC).
    pub start: DateTime<Utc>,
    /// First instant after the stop (UTC, exclusive).
    pub end: DateTime<Utc>,
}

impl Stop {
    /// The stop `[start, end)`.
    #[must_use]
    pub fn new(start: DateTime<Utc>, end: DateTime<Utc>) -> Stop {
        Stop { start, end }
    }

    /// True if `at` lies in `[start, end)`.
    #[must_use]
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        self.start <= at && at < self.end
    }
}

/// The stops sorted by start with overlapping or touching ones merged and
/// empty ones dropped.
#[must_use]
pub fn merge_stops(stops: &[Stop]) -> Vec<Stop> {
    let mut sorted: Vec<Stop> = stops.iter().copied().filter(|s| s.start < s.end).collect();
    sorted.sort();
    let mut merged: Vec<Stop> = Vec::with_capacity(sorted.len());
    for s in sorted {
        match merged.last_mut() {
            Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
            _ => merged.push(s),
        }
    }
    merged
}

/// Milliseconds of clock time in `[from, to)` outside the stops (0 if `to <=
/// from`).
fn running_millis(from: DateTime<Utc>, to: DateTime<Utc>, stops: &[Stop]) -> i64 {
    if to <= from {
        return 0;
    }
    let mut total = (to - from).num_milliseconds();
    for s in merge_stops(stops) {
        let a = s.start.max(from);
        let b = s.end.min(to);
        if a < b {
            total -= (b - a).num_milliseconds();
        }
    }
    total
}

/// Reflection time in whole seconds (rounded down) between `from` and `to`
/// (UTC), leaving out the stops; 0 if `to` is not after `from`.
#[must_use]
pub fn reflection_seconds(from: DateTime<Utc>, to: DateTime<Utc>, stops: &[Stop]) -> i64 {
    running_millis(from, to, stops).div_euclid(1000)
}

/// The first instant (UTC) at or after `from` at which `seconds` of clock
/// time have run, the stops left out. `seconds <= 0` gives `from`.
#[must_use]
pub fn instant_after(from: DateTime<Utc>, seconds: i64, stops: &[Stop]) -> DateTime<Utc> {
    let mut left = TimeDelta::seconds(seconds.max(0));
    let mut t = from;
    for s in merge_stops(stops) {
        if s.end <= t {
            continue;
        }
        if s.start > t {
            let gap = s.start - t;
            if left <= gap {
                return t + left;
            }
            left -= gap;
        }
        t = s.end;
    }
    t + left
}

/// The time charged (seconds) for `reflection` seconds on one move under
/// `counting` (see the module documentation). Negative input counts as 0.
///
/// ```
/// use zaochka::clock::{Counting, charge::{DAY, HOUR, charge}};
/// // ICCF: 23 days (and a few hours) on one move, doubling after 20: 26 days.
/// assert_eq!(charge(Counting::ICCF, 23 * DAY + 5 * HOUR), 26 * DAY);
/// // A reply within 24 hours costs no day.
/// assert_eq!(charge(Counting::ICCF, 23 * HOUR), 0);
/// ```
#[must_use]
pub fn charge(counting: Counting, reflection: i64) -> i64 {
    let r = reflection.max(0);
    let base = if counting.whole_days {
        r / DAY * DAY
    } else {
        r
    };
    match counting.double_after_days {
        Some(k) => {
            let ks = i64::from(k) * DAY;
            if base > ks {
                ks + 2 * (base - ks)
            } else {
                base
            }
        }
        None => base,
    }
}

/// The reflection time (seconds) from which a move is late when the side may
/// be charged at most `allowance` seconds: `inf { r : charge(r) > allowance }`,
/// rounded up to a whole second. A negative allowance gives 0 (late at once).
///
/// Every `r < late_at(c, a)` has `charge(c, r) <= a`; with whole-day
/// counting every `r >= late_at(c, a)` has `charge(c, r) > a`, with exact
/// counting `charge(c, r) >= a`.
///
/// ```
/// use zaochka::clock::{Counting, charge::{DAY, late_at}};
/// // 10/50 ICCF, fresh clock: 35 whole days cost 20 + 2 * 15 = 50 days, in
/// // time; day 36 would cost 52.
/// assert_eq!(late_at(Counting::ICCF, 50 * DAY), 36 * DAY);
/// // 3 days per move counted exactly: late at 72 hours.
/// assert_eq!(late_at(Counting::EXACT, 3 * DAY), 3 * DAY);
/// ```
#[must_use]
pub fn late_at(counting: Counting, allowance: i64) -> i64 {
    if allowance < 0 {
        return 0;
    }
    let a = allowance;
    let ks = counting.double_after_days.map(|k| i64::from(k) * DAY);
    if counting.whole_days {
        // Smallest whole number of days d with charge(d days) > a.
        let d = a / DAY + 1;
        match ks {
            Some(ks) if d * DAY > ks => {
                let k = ks / DAY;
                (k + (a - ks).div_euclid(2 * DAY) + 1) * DAY
            }
            _ => d * DAY,
        }
    } else {
        match ks {
            Some(ks) if a > ks => ks + (a - ks + 1) / 2,
            _ => a,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, 0, 0)
            .single()
            .expect("valid instant")
    }

    #[test]
    fn iccf_worked_example_23_days_with_doubling_after_20_charges_26() {
        for extra in [0, HOUR, 23 * HOUR + 59 * 60 + 59] {
            assert_eq!(charge(Counting::ICCF, 23 * DAY + extra), 26 * DAY);
        }
        assert_eq!(charge(Counting::ICCF, 24 * DAY), 28 * DAY);
        assert_eq!(charge(Counting::ICCF, 20 * DAY + 23 * HOUR), 20 * DAY);
        assert_eq!(charge(Counting::ICCF, 21 * DAY), 22 * DAY);
    }

    #[test]
    fn iccf_reply_within_24_hours_costs_no_day_and_partial_days_are_dropped() {
        assert_eq!(charge(Counting::ICCF, 0), 0);
        assert_eq!(charge(Counting::ICCF, DAY - 1), 0);
        assert_eq!(charge(Counting::ICCF, DAY), DAY);
        assert_eq!(charge(Counting::ICCF, 2 * DAY - 1), DAY);
        assert_eq!(charge(Counting::ICCF, 2 * DAY), 2 * DAY);
    }

    #[test]
    fn exact_counting_charges_every_second() {
        assert_eq!(charge(Counting::EXACT, 0), 0);
        assert_eq!(charge(Counting::EXACT, 90_061), 90_061);
        let doubling = Counting {
            whole_days: false,
            double_after_days: Some(20),
        };
        assert_eq!(charge(doubling, 20 * DAY + HOUR), 20 * DAY + 2 * HOUR);
    }

    #[test]
    fn late_at_for_the_usual_controls() {
        // 3 days per move exact: late at 72 h; with whole days at 96 h.
        assert_eq!(late_at(Counting::EXACT, 3 * DAY), 3 * DAY);
        let whole = Counting {
            whole_days: true,
            double_after_days: None,
        };
        assert_eq!(late_at(whole, 3 * DAY), 4 * DAY);
        // 0 days left with whole-day counting: the rest of the 24 hours.
        assert_eq!(late_at(whole, 0), DAY);
        assert_eq!(late_at(Counting::EXACT, 0), 0);
        assert_eq!(late_at(Counting::ICCF, -1), 0);
        // ICCF 50 days: 35 days cost 50, day 36 costs 52.
        assert_eq!(late_at(Counting::ICCF, 50 * DAY), 36 * DAY);
        assert_eq!(late_at(Counting::ICCF, 51 * DAY), 36 * DAY);
        assert_eq!(late_at(Counting::ICCF, 52 * DAY), 37 * DAY);
        assert_eq!(late_at(Counting::ICCF, 20 * DAY), 21 * DAY);
        assert_eq!(late_at(Counting::ICCF, 19 * DAY + HOUR), 20 * DAY);
        // Referee seconds on top of whole days.
        assert_eq!(late_at(Counting::ICCF, 3 * DAY + 5 * HOUR), 4 * DAY);
    }

    #[test]
    fn stops_are_left_out_of_reflection_time() {
        let from = at(2026, 1, 30, 12);
        let stops = [
            Stop::new(at(2026, 2, 1, 0), at(2026, 2, 3, 0)),
            // overlapping and touching ones merge
            Stop::new(at(2026, 2, 2, 0), at(2026, 2, 4, 0)),
            Stop::new(at(2026, 2, 4, 0), at(2026, 2, 5, 0)),
            // before the start: no effect
            Stop::new(at(2026, 1, 1, 0), at(2026, 1, 2, 0)),
        ];
        assert_eq!(merge_stops(&stops).len(), 2);
        // Jan 30 12:00 .. Feb 6 12:00 is 7 days, 4 of them stopped.
        assert_eq!(
            reflection_seconds(from, at(2026, 2, 6, 12), &stops),
            3 * DAY
        );
        // Inside the stop the clock stands.
        assert_eq!(
            reflection_seconds(from, at(2026, 2, 3, 0), &stops),
            DAY + 12 * HOUR
        );
        assert_eq!(
            reflection_seconds(from, at(2026, 2, 5, 0), &stops),
            DAY + 12 * HOUR
        );
        // 3 days of clock time are reached on Feb 6 at 12:00.
        assert_eq!(instant_after(from, 3 * DAY, &stops), at(2026, 2, 6, 12));
        // Exactly 1.5 days: reached as the stop begins.
        assert_eq!(
            instant_after(from, DAY + 12 * HOUR, &stops),
            at(2026, 2, 1, 0)
        );
        // A clock started inside a stop waits for its end.
        assert_eq!(
            instant_after(at(2026, 2, 2, 0), HOUR, &stops),
            at(2026, 2, 5, 1)
        );
        assert_eq!(reflection_seconds(from, from, &stops), 0);
        assert_eq!(reflection_seconds(from, from - TimeDelta::hours(1), &[]), 0);
    }

    #[test]
    fn partial_seconds_are_rounded_down() {
        let from = at(2026, 1, 1, 0);
        let to = from + TimeDelta::milliseconds(2_999);
        assert_eq!(reflection_seconds(from, to, &[]), 2);
    }

    proptest! {
        #[test]
        fn late_at_is_the_first_late_second(
            allowance in -DAY..200 * DAY,
            whole in any::<bool>(),
            double in prop::option::of(1u32..40),
            probe in 0i64..400 * DAY,
        ) {
            let c = Counting { whole_days: whole, double_after_days: double };
            let late = late_at(c, allowance);
            prop_assert!(late >= 0);
            if late > 0 {
                prop_assert!(charge(c, late - 1) <= allowance.max(0));
            }
            if probe < late {
                prop_assert!(charge(c, probe) <= allowance);
            } else if whole {
                prop_assert!(charge(c, probe) > allowance);
            } else {
                prop_assert!(charge(c, probe) >= allowance);
            }
        }

        #[test]
        fn instant_after_inverts_reflection_seconds(
            start_h in 0i64..2000,
            secs in 0i64..100 * DAY,
            stops in prop::collection::vec((0i64..3000, 1i64..500), 0..5),
        ) {
            let base = at(2026, 1, 1, 0);
            let from = base + TimeDelta::hours(start_h);
            let stops: Vec<Stop> = stops
                .into_iter()
                .map(|(s, len)| Stop::new(base + TimeDelta::hours(s), base + TimeDelta::hours(s + len)))
                .collect();
            let t = instant_after(from, secs, &stops);
            prop_assert_eq!(reflection_seconds(from, t, &stops), secs);
            // and it is the first such instant
            if secs > 0 {
                prop_assert!(reflection_seconds(from, t - TimeDelta::seconds(1), &stops) < secs);
            }
        }
    }
}
