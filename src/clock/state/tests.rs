use super::*;
use crate::clock::charge::HOUR;
use crate::clock::control::Counting;
use crate::vocabulary::GameId;
use chrono::TimeZone;

fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, 0, 0)
        .single()
        .expect("valid instant")
}

fn pair(control: &TimeControl, start_at: DateTime<Utc>) -> (Clock, Clock) {
    let mut w = Clock::new(GameId(1), Color::White, start_at);
    let b = Clock::new(GameId(1), Color::Black, start_at);
    start(control, &mut w, start_at, &[]);
    (w, b)
}

/// White and Black alternate; each move is received at the given instant.
fn play(
    control: &TimeControl,
    w: &mut Clock,
    b: &mut Clock,
    receipts: &[DateTime<Utc>],
) -> Vec<MoveCharge> {
    receipts
        .iter()
        .map(|&t| {
            let (m, o) = if w.running {
                (&mut *w, &mut *b)
            } else {
                (&mut *b, &mut *w)
            };
            apply_move(control, m, o, t, &[], &[]).expect("in time")
        })
        .collect()
}

#[test]
fn days_per_move_deadline_crosses_month_end_and_leap_day() {
    let c = TimeControl::days_per_move(3).expect("valid");
    // Leap year: Feb 27 + 3 days = Mar 1.
    let (w, _) = pair(&c, at(2028, 2, 27, 12));
    assert_eq!(w.deadline, Some(at(2028, 3, 1, 12)));
    // Common year: Feb 27 + 3 days = Mar 2.
    let (w, _) = pair(&c, at(2027, 2, 27, 12));
    assert_eq!(w.deadline, Some(at(2027, 3, 2, 12)));
    // Month end: Jan 30 + 3 days = Feb 2; Dec 30 + 3 = Jan 2 next year.
    let (w, _) = pair(&c, at(2026, 1, 30, 8));
    assert_eq!(w.deadline, Some(at(2026, 2, 2, 8)));
    let (w, _) = pair(&c, at(2026, 12, 30, 23));
    assert_eq!(w.deadline, Some(at(2027, 1, 2, 23)));
    // On the leap day itself.
    let (w, _) = pair(&c, at(2028, 2, 29, 0));
    assert_eq!(w.deadline, Some(at(2028, 3, 3, 0)));
}

#[test]
fn days_per_move_resets_after_each_move_and_extra_is_per_move() {
    let c = TimeControl::days_per_move(3).expect("valid");
    let (mut w, mut b) = pair(&c, at(2026, 1, 1, 0));
    add_time(&c, &mut w, 2 * DAY, &[], at(2026, 1, 1, 1));
    assert_eq!(w.deadline, Some(at(2026, 1, 6, 0)));
    let m = play(&c, &mut w, &mut b, &[at(2026, 1, 5, 0)]);
    assert_eq!(m[0].charged_seconds, 4 * DAY);
    assert_eq!(
        m[0].left_seconds,
        3 * DAY,
        "the grant was for that move only"
    );
    assert_eq!(w.extra_seconds, 0);
    assert_eq!(w.used_seconds, 4 * DAY);
    assert_eq!(b.deadline, Some(at(2026, 1, 8, 0)));
    // Black answers at the last second; then White again has 3 days.
    let m = play(
        &c,
        &mut w,
        &mut b,
        &[at(2026, 1, 8, 0) - TimeDelta::seconds(1)],
    );
    assert_eq!(m[0].charged_seconds, 3 * DAY - 1);
    assert_eq!(w.deadline, Some(at(2026, 1, 11, 0) - TimeDelta::seconds(1)));
}

#[test]
fn a_move_at_the_deadline_is_late_and_changes_nothing() {
    let c = TimeControl::days_per_move(3).expect("valid");
    let (mut w, mut b) = pair(&c, at(2026, 1, 1, 0));
    let before = (w.clone(), b.clone());
    let err = apply_move(&c, &mut w, &mut b, at(2026, 1, 4, 0), &[], &[]);
    assert_eq!(
        err,
        Err(MoveClockError::Late {
            side: Color::White,
            received_at: at(2026, 1, 4, 0),
            deadline: at(2026, 1, 4, 0)
        })
    );
    assert_eq!((w.clone(), b.clone()), before);
    assert_eq!(
        apply_move(&c, &mut b, &mut w, at(2026, 1, 2, 0), &[], &[]),
        Err(MoveClockError::NotRunning { side: Color::Black })
    );
    assert!(matches!(
        apply_move(&c, &mut w, &mut b, at(2025, 12, 31, 0), &[], &[]),
        Err(MoveClockError::BeforeStart { .. })
    ));
}

#[test]
fn moves_in_days_carries_unused_time_over() {
    // 2 moves in 10 days, exact: White uses 1 + 2 days, then has 7 + 10.
    let c = TimeControl::moves_in_days(2, 10, Counting::EXACT).expect("valid");
    let (mut w, mut b) = pair(&c, at(2026, 1, 31, 0));
    assert_eq!(w.deadline, Some(at(2026, 2, 10, 0)));
    let receipts = [
        at(2026, 2, 1, 0), // W 1 day
        at(2026, 2, 2, 0), // B 1 day
        at(2026, 2, 4, 0), // W 2 days: period 1 done with 3 used
        at(2026, 2, 5, 0), // B
    ];
    let m = play(&c, &mut w, &mut b, &receipts);
    assert_eq!(m[2].left_seconds, 17 * DAY);
    assert_eq!(w.deadline, Some(at(2026, 2, 22, 0)));
    assert_eq!(allowance(&c, &w), 17 * DAY);
}

#[test]
fn moves_in_days_deadline_is_reached_with_the_whole_period_used() {
    // 10/50, exact: a fresh clock started on Jan 31 may use all 50 days
    // on the first move: deadline Mar 22 (Jan 31 + 50 days).
    let c = TimeControl::moves_in_days(10, 50, Counting::EXACT).expect("valid");
    let (w, _) = pair(&c, at(2026, 1, 31, 10));
    assert_eq!(w.deadline, Some(at(2026, 3, 22, 10)));
    // In a leap year the same start gives Mar 21.
    let (w, _) = pair(&c, at(2028, 1, 31, 10));
    assert_eq!(w.deadline, Some(at(2028, 3, 21, 10)));
}

#[test]
fn iccf_10_in_50_counts_whole_days_and_doubles_after_20() {
    let c = TimeControl::moves_in_days(10, 50, Counting::ICCF).expect("valid");
    let (mut w, mut b) = pair(&c, at(2026, 1, 1, 12));
    // 50 days left: 35 whole days cost 50 (20 + 2 * 15): late on day 36.
    assert_eq!(w.deadline, Some(at(2026, 2, 6, 12)));
    // White answers in 23 h: no day charged.
    let m = play(&c, &mut w, &mut b, &[at(2026, 1, 2, 11)]);
    assert_eq!(m[0].charged_seconds, 0);
    // Black thinks 23 days and 5 hours: charged 26 days.
    let m = play(&c, &mut w, &mut b, &[at(2026, 1, 25, 16)]);
    assert_eq!(m[0].reflection_seconds, 23 * DAY + 5 * HOUR);
    assert_eq!(m[0].charged_seconds, 26 * DAY);
    assert_eq!(b.used_seconds, 26 * DAY);
    assert_eq!(m[0].left_seconds, 24 * DAY);
    assert_eq!(allowance(&c, &b), 24 * DAY);
    // White still has all 50 days: deadline 36 days after Jan 25 16:00.
    assert_eq!(w.deadline, Some(at(2026, 3, 2, 16)));
}

#[test]
fn iccf_zero_days_left_still_allows_the_current_24_hours() {
    let c = TimeControl::moves_in_days(1, 5, Counting::ICCF).expect("valid");
    let (mut w, mut b) = pair(&c, at(2026, 3, 1, 0));
    // 5 whole days used on move 1 (5 days 20 hours): 0 days left.
    let m = play(&c, &mut w, &mut b, &[at(2026, 3, 6, 20)]);
    assert_eq!(m[0].charged_seconds, 5 * DAY);
    assert_eq!(m[0].left_seconds, 5 * DAY, "next period adds 5 days");
}

#[test]
fn fischer_adds_the_increment_and_cuts_at_the_cap() {
    let c = TimeControl::fischer(10, 3, Some(12)).expect("valid");
    let (mut w, mut b) = pair(&c, at(2026, 2, 27, 0));
    assert_eq!(w.deadline, Some(at(2026, 3, 9, 0)));
    // White answers in 1 day: 10 - 1 + 3 = 12, at the cap.
    let m = play(&c, &mut w, &mut b, &[at(2026, 2, 28, 0)]);
    assert_eq!(m[0].left_seconds, 12 * DAY);
    assert_eq!(w.extra_seconds, 0);
    // Black answers at once: 10 + 3 = 13, cut to 12.
    let m = play(&c, &mut w, &mut b, &[at(2026, 2, 28, 1)]);
    assert_eq!(m[0].left_seconds, 12 * DAY);
    assert_eq!(b.extra_seconds, -(DAY - HOUR));
    // White now: 12 days from Feb 28 01:00 = Mar 12 01:00 (not a leap year).
    assert_eq!(w.deadline, Some(at(2026, 3, 12, 1)));
    // Uncapped: the bank grows.
    let c = TimeControl::fischer(10, 3, None).expect("valid");
    let (mut w, mut b) = pair(&c, at(2028, 2, 27, 0));
    let m = play(
        &c,
        &mut w,
        &mut b,
        &[at(2028, 2, 27, 1), at(2028, 2, 27, 2)],
    );
    assert_eq!(m[0].left_seconds, 13 * DAY - HOUR);
    // 13 days less an hour from Feb 27 02:00 in a leap year: Mar 11 01:00.
    assert_eq!(w.deadline, Some(at(2028, 3, 11, 1)));
}

#[test]
fn a_stop_moves_the_deadline_by_its_length() {
    let c = TimeControl::days_per_move(3).expect("valid");
    let mut w = Clock::new(GameId(1), Color::White, at(2026, 1, 1, 0));
    let stops = [Stop::new(at(2026, 1, 2, 0), at(2026, 1, 12, 0))];
    start(&c, &mut w, at(2026, 1, 1, 0), &stops);
    assert_eq!(w.deadline, Some(at(2026, 1, 14, 0)));
    let v = view(&c, &w, &stops, at(2026, 1, 10, 0));
    assert_eq!(v.left_seconds, 2 * DAY);
    assert_eq!(v.used_seconds, DAY);
}

/// A clock started at local noon the day before a DST change: the
/// deadline is whole 24-hour days later in UTC and reads an hour later
/// (spring) or earlier (autumn) on the local clock.
#[test]
fn every_control_counts_24_hour_days_across_dst_changes() {
    use crate::clock::zone::{format_local, parse_zone};
    let controls = [
        (TimeControl::days_per_move(3), 3),
        (TimeControl::moves_in_days(10, 3, Counting::EXACT), 3),
        (TimeControl::fischer(3, 1, None), 3),
        // ICCF with 2 days: late when the 3rd whole day is complete.
        (TimeControl::moves_in_days(10, 2, Counting::ICCF), 3),
    ];
    let cases = [
        // zone, local noon before the change (as UTC), local reading at the deadline
        (
            "Europe/Berlin",
            at(2026, 3, 28, 11),
            "2026-03-31 13:00 CEST",
        ),
        (
            "Europe/Berlin",
            at(2026, 10, 24, 10),
            "2026-10-27 11:00 CET",
        ),
        (
            "America/New_York",
            at(2026, 3, 7, 17),
            "2026-03-10 13:00 EDT",
        ),
        (
            "America/New_York",
            at(2026, 10, 31, 16),
            "2026-11-03 11:00 EST",
        ),
        // Moscow kept UTC+3 through 2026 ...
        ("Europe/Moscow", at(2026, 3, 28, 9), "2026-03-31 12:00 MSK"),
        // ... but moved to UTC+4 on 2011-03-27 and back on 2014-10-26.
        ("Europe/Moscow", at(2011, 3, 26, 9), "2011-03-29 13:00 MSK"),
        ("Europe/Moscow", at(2014, 10, 25, 8), "2014-10-28 11:00 MSK"),
    ];
    for (control, days) in controls {
        let control = control.expect("valid");
        for (zone, start_at, local) in cases {
            let (w, _) = pair(&control, start_at);
            let due = w.deadline.expect("running");
            assert_eq!(due - start_at, TimeDelta::days(days), "{control} {zone}");
            let tz = parse_zone(zone).expect("zone");
            assert_eq!(format_local(due, tz), local, "{control} {zone}");
        }
    }
}

/// A one-day leave on a change day stops the clock for 23 or 25 hours.
#[test]
fn leave_on_a_dst_change_day_stops_the_clock_for_that_days_hours() {
    use crate::clock::leave::{LeaveRequest, plan, stops};
    use crate::clock::settings::Settings;
    use crate::clock::types::{Leave, LeaveId};
    use crate::clock::zone::parse_zone;
    use crate::vocabulary::PlayerId;
    let control = TimeControl::days_per_move(5).expect("valid");
    let cases = [
        (
            "Europe/Berlin",
            "leave 2026-03-29 1",
            at(2026, 3, 27, 12),
            23,
        ),
        (
            "Europe/Berlin",
            "leave 2026-10-25 1",
            at(2026, 10, 23, 12),
            25,
        ),
        (
            "America/New_York",
            "leave 2026-03-08 1",
            at(2026, 3, 6, 12),
            23,
        ),
        (
            "America/New_York",
            "leave 2026-11-01 1",
            at(2026, 10, 30, 12),
            25,
        ),
        (
            "Europe/Moscow",
            "leave 2026-03-29 1",
            at(2026, 3, 27, 12),
            24,
        ),
        (
            "Europe/Moscow",
            "leave 2011-03-27 1",
            at(2011, 3, 25, 12),
            23,
        ),
        (
            "Europe/Moscow",
            "leave 2014-10-26 1",
            at(2014, 10, 24, 12),
            25,
        ),
    ];
    for (zone, text, start_at, hours) in cases {
        let tz = parse_zone(zone).expect("zone");
        let request = LeaveRequest::parse(text).expect("request");
        let p = plan(&request, tz, &[], &Settings::default(), start_at).expect("granted");
        let leave = Leave {
            id: LeaveId(1),
            player_id: PlayerId(1),
            starts_at: p.starts_at,
            ends_at: p.ends_at,
            days: p.days,
            created_at: start_at,
            cancelled_at: None,
        };
        let mut w = Clock::new(GameId(1), Color::White, start_at);
        start(&control, &mut w, start_at, &stops(&[leave]));
        assert_eq!(
            w.deadline,
            Some(start_at + TimeDelta::days(5) + TimeDelta::hours(hours)),
            "{zone} {text}"
        );
    }
}

#[test]
fn fischer_and_cumulative_deadlines_over_the_leap_day() {
    // Fischer 30+3 from 2028-02-10: 30 days -> Mar 11 (Feb has 29 days).
    let c = TimeControl::fischer(30, 3, None).expect("valid");
    let (w, _) = pair(&c, at(2028, 2, 10, 6));
    assert_eq!(w.deadline, Some(at(2028, 3, 11, 6)));
    // The same in 2027 -> Mar 12.
    let (w, _) = pair(&c, at(2027, 2, 10, 6));
    assert_eq!(w.deadline, Some(at(2027, 3, 12, 6)));
    // 10/50 ICCF from 2028-01-31 12:00: late after 36 whole days -> Mar 7.
    let c = TimeControl::moves_in_days(10, 50, Counting::ICCF).expect("valid");
    let (w, _) = pair(&c, at(2028, 1, 31, 12));
    assert_eq!(w.deadline, Some(at(2028, 3, 7, 12)));
    // ICCF charge of a move spanning Feb 29: 2028-02-28 12:00 to
    // 2028-03-01 11:59 is 1 whole day (47 h 59 min).
    let (mut w, mut b) = pair(&c, at(2028, 2, 28, 12));
    let m = apply_move(
        &c,
        &mut w,
        &mut b,
        at(2028, 3, 1, 11) + TimeDelta::minutes(59),
        &[],
        &[],
    )
    .expect("in time");
    assert_eq!(m.charged_seconds, DAY);
}

#[test]
fn start_instants_are_cut_to_the_millisecond_like_the_store() {
    let c = TimeControl::days_per_move(1).expect("valid");
    let t = at(2026, 1, 1, 0) + TimeDelta::nanoseconds(1_234_567);
    let (w, _) = pair(&c, t);
    assert_eq!(
        w.last_started_at,
        Some(at(2026, 1, 1, 0) + TimeDelta::milliseconds(1))
    );
}

#[test]
fn pause_and_resume_cost_no_time() {
    let c = TimeControl::days_per_move(3).expect("valid");
    let (mut w, _) = pair(&c, at(2026, 1, 1, 0));
    assert!(pause(&mut w, at(2026, 1, 2, 0)));
    assert!(!pause(&mut w, at(2026, 1, 2, 0)));
    assert_eq!(w.deadline, None);
    resume(&c, &mut w, at(2026, 1, 2, 0), at(2026, 1, 9, 0), &[]);
    assert_eq!(w.deadline, Some(at(2026, 1, 11, 0)));
}
