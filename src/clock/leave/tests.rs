use super::*;
use crate::clock::types::LeaveId;
use crate::clock::zone::parse_zone;
use chrono::TimeZone;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
}

fn utc(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, 0, 0)
        .single()
        .expect("valid instant")
}

fn req(text: &str) -> LeaveRequest {
    LeaveRequest::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// A stored leave made from a plan, as the store would return it.
fn stored(p: &PlannedLeave, id: i64) -> Leave {
    Leave {
        id: LeaveId(id),
        player_id: PlayerId(1),
        starts_at: p.starts_at,
        ends_at: p.ends_at,
        days: p.days,
        created_at: p.starts_at,
        cancelled_at: None,
    }
}

fn moscow() -> Tz {
    parse_zone("Europe/Moscow").expect("zone")
}

#[test]
fn requests_are_read_in_several_forms() {
    let want = LeaveRequest::new(date(2026, 12, 20), date(2027, 1, 3)).expect("valid");
    for text in [
        "leave 2026-12-20 2027-01-03",
        "Leave: 2026-12-20 - 2027-01-03",
        "leave from 2026-12-20 to 2027-01-03",
        "2026-12-20..2027-01-03",
        "отпуск 2026-12-20 2027-01-03",
        "отпуск с 20.12.2026 по 03.01.2027",
        "leave 2026-12-20 15",
        "leave 2026-12-20 15 days",
        "отпуск 2026-12-20 15 дней",
        "отпуск 2026-12-20 15д",
    ] {
        assert_eq!(req(text), want, "{text}");
    }
    assert_eq!(want.days(), 15);
    assert_eq!(want.days_per_year(), vec![(2026, 12), (2027, 3)]);
    assert_eq!(req("leave 2028-02-28 2028-03-01").days(), 3, "leap year");
    assert_eq!(req("leave 2027-02-28 2027-03-01").days(), 2);
    assert_eq!(req("leave 2026-05-01 2026-05-01").days(), 1);
}

#[test]
fn malformed_zero_and_negative_requests_are_refused() {
    assert_eq!(
        LeaveRequest::parse("leave 2027-01-03 2026-12-20"),
        Err(LeaveError::EndBeforeStart {
            first: date(2027, 1, 3),
            last: date(2026, 12, 20)
        })
    );
    assert_eq!(
        LeaveRequest::parse("leave 2026-12-20 0"),
        Err(LeaveError::NotPositive(0))
    );
    assert_eq!(
        LeaveRequest::parse("leave 2026-12-20 -3"),
        Err(LeaveError::NotPositive(-3))
    );
    assert_eq!(
        LeaveRequest::parse("leave 2026-02-30 2026-03-02"),
        Err(LeaveError::BadDate("2026-02-30".into()))
    );
    assert_eq!(
        LeaveRequest::parse("leave 2027-02-29 3"),
        Err(LeaveError::BadDate("2027-02-29".into()))
    );
    for text in [
        "leave",
        "leave 2026-12-20",
        "leave soon please",
        "leave 2026-12-20 x",
    ] {
        assert!(
            matches!(
                LeaveRequest::parse(text),
                Err(LeaveError::Syntax(_) | LeaveError::BadDate(_))
            ),
            "{text}"
        );
    }
}

#[test]
fn leave_runs_from_local_midnight_to_local_midnight() {
    let tz = moscow();
    let p = plan(
        &req("leave 2026-12-20 2027-01-03"),
        tz,
        &[],
        &Settings::default(),
        utc(2026, 12, 1, 9),
    )
    .expect("allowed");
    assert_eq!(p.starts_at, utc(2026, 12, 19, 21));
    assert_eq!(p.ends_at, utc(2027, 1, 3, 21));
    assert_eq!(p.days, 15);
}

#[test]
fn leave_days_over_dst_changes_are_23_or_25_hours() {
    let now = utc(2026, 1, 1, 0);
    let s = Settings::default();
    let hours = |zone: &str, d: &str| {
        let p = plan(&req(d), parse_zone(zone).expect("zone"), &[], &s, now).expect("ok");
        (p.ends_at - p.starts_at).num_hours()
    };
    assert_eq!(hours("Europe/Berlin", "leave 2026-03-29 1"), 23);
    assert_eq!(hours("Europe/Berlin", "leave 2026-10-25 1"), 25);
    assert_eq!(hours("America/New_York", "leave 2026-03-08 1"), 23);
    assert_eq!(hours("America/New_York", "leave 2026-11-01 1"), 25);
    assert_eq!(hours("Europe/Moscow", "leave 2026-03-29 1"), 24);
    assert_eq!(hours("America/New_York", "leave 2026-03-07 3"), 71);
    // Historical Moscow: 2011-03-27 had 23 hours, 2014-10-26 had 25.
    let then = utc(2011, 1, 1, 0);
    let p = plan(&req("leave 2011-03-27 1"), moscow(), &[], &s, then).expect("ok");
    assert_eq!((p.ends_at - p.starts_at).num_hours(), 23);
    let then = utc(2014, 1, 1, 0);
    let p = plan(&req("leave 2014-10-26 1"), moscow(), &[], &s, then).expect("ok");
    assert_eq!((p.ends_at - p.starts_at).num_hours(), 25);
}

#[test]
fn leave_in_the_past_is_refused_and_today_starts_now() {
    let tz = moscow();
    let s = Settings::default();
    // 2026-05-10 01:00 in Moscow is still May 9 in UTC.
    let now = utc(2026, 5, 9, 22);
    assert_eq!(
        plan(&req("leave 2026-05-09 3"), tz, &[], &s, now),
        Err(LeaveError::InPast {
            first: date(2026, 5, 9),
            today: date(2026, 5, 10)
        })
    );
    let p = plan(&req("leave 2026-05-10 3"), tz, &[], &s, now).expect("today is fine");
    assert_eq!(p.starts_at, now, "not retroactive to midnight");
    assert_eq!(p.ends_at, utc(2026, 5, 12, 21));
    assert_eq!(p.days, 3);
}

#[test]
fn overlapping_leave_is_refused() {
    let tz = moscow();
    let s = Settings::default();
    let now = utc(2026, 1, 1, 0);
    let first = plan(&req("leave 2026-07-01 2026-07-10"), tz, &[], &s, now).expect("ok");
    let existing = [stored(&first, 1)];
    for text in [
        "leave 2026-07-10 2026-07-12",
        "leave 2026-06-25 2026-07-01",
        "leave 2026-07-03 2026-07-04",
        "leave 2026-06-01 2026-08-01",
    ] {
        assert_eq!(
            plan(&req(text), tz, &existing, &s, now),
            Err(LeaveError::Overlaps {
                first: date(2026, 7, 1),
                last: date(2026, 7, 10)
            }),
            "{text}"
        );
    }
    // Adjacent days are fine.
    let next = plan(&req("leave 2026-07-11 2026-07-12"), tz, &existing, &s, now).expect("ok");
    assert_eq!(next.starts_at, first.ends_at);
    // A cancelled leave no longer blocks.
    let mut cancelled = stored(&first, 1);
    cancelled.cancelled_at = Some(now);
    assert!(plan(&req("leave 2026-07-05 2"), tz, &[cancelled], &s, now).is_ok());
}

#[test]
fn leave_beyond_the_yearly_allowance_is_refused() {
    let tz = moscow();
    let s = Settings::default();
    let now = utc(2026, 1, 1, 0);
    let a = plan(&req("leave 2026-03-01 30"), tz, &[], &s, now).expect("30 of 45");
    let existing = [stored(&a, 1)];
    let e = plan(&req("leave 2026-06-01 16"), tz, &existing, &s, now);
    assert_eq!(
        e,
        Err(LeaveError::BeyondAllowance {
            year: 2026,
            requested: 16,
            taken: 30,
            left: 15,
            allowance: 45
        })
    );
    assert!(plan(&req("leave 2026-06-01 15"), tz, &existing, &s, now).is_ok());
    // Over New Year: 10 days of 2026 (Dec 22-31) exceed the 15 left?
    // No: 10 fit in 2026, 20 fall in 2027's fresh allowance.
    let over = plan(&req("leave 2026-12-22 30"), tz, &existing, &s, now).expect("fits");
    assert_eq!(over.days, 30);
    assert_eq!(
        plan(&req("leave 2026-12-16 20"), tz, &existing, &s, now),
        Err(LeaveError::BeyondAllowance {
            year: 2026,
            requested: 16,
            taken: 30,
            left: 15,
            allowance: 45
        })
    );
    assert_eq!(days_taken(&existing, tz, 2026), 30);
    assert_eq!(days_left(&existing, tz, 2026, &s), 15);
    assert_eq!(days_left(&existing, tz, 2027, &s), 45);
    // A single request longer than the allowance.
    assert!(matches!(
        plan(&req("leave 2027-01-01 46"), tz, &[], &s, now),
        Err(LeaveError::BeyondAllowance {
            year: 2027,
            requested: 46,
            ..
        })
    ));
}

#[test]
fn moving_on_leave_follows_the_setting() {
    let tz = moscow();
    let now = utc(2026, 1, 1, 0);
    let p = plan(
        &req("leave 2026-02-01 5"),
        tz,
        &[],
        &Settings::default(),
        now,
    )
    .expect("ok");
    let leaves = [stored(&p, 1)];
    let during = utc(2026, 2, 3, 12);
    assert_eq!(
        check_may_move(&Settings::default(), &leaves, tz, during),
        Ok(())
    );
    let strict = Settings {
        may_move_on_leave: false,
        ..Settings::default()
    };
    let e = check_may_move(&strict, &leaves, tz, during).expect_err("on leave");
    assert_eq!(
        e,
        LeaveError::OnLeave {
            last: date(2026, 2, 5)
        }
    );
    assert_eq!(check_may_move(&strict, &leaves, tz, p.ends_at), Ok(()));
}
