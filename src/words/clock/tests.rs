//! The clock's values in words, checked against the sentences a person reads.

use super::*;

fn p(text: &str) -> TimeControl {
    TimeControl::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn date(y: i32, m: u32, d: u32) -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
}

#[test]
fn error_messages_are_clear_in_both_languages() {
    let e = TimeControl::parse("0d/move").expect_err("zero days");
    assert_eq!(
        e.message(Language::En),
        "a time control needs at least one day: days per move is 0"
    );
    assert_eq!(
        e.message(Language::Ru),
        "в контроле времени нужен хотя бы один день: дней на ход = 0"
    );
    let e = TimeControl::parse("fischer 30+3 cap 21").expect_err("cap");
    assert_eq!(
        e.message(Language::Ru),
        "потолок 21 день меньше основного времени 30 дней"
    );
}

#[test]
fn descriptions_use_russian_plurals() {
    assert_eq!(p("1d/move").describe(Language::Ru), "1 день на ход");
    assert_eq!(p("3d/move").describe(Language::Ru), "3 дня на ход");
    assert_eq!(p("11d/move").describe(Language::Ru), "11 дней на ход");
    assert_eq!(p("21d/move").describe(Language::Ru), "21 день на ход");
    assert_eq!(p("10/50").describe(Language::Ru), "10 ходов за 50 дней");
    assert_eq!(p("1d/move").describe(Language::En), "1 day per move");
    assert_eq!(
        p("10/50 iccf").describe(Language::En),
        "10 moves in 50 days (whole days, a reply within 24 hours costs no day; \
             days beyond 20 on one move count double)"
    );
    assert_eq!(
        p("fischer 30+3 cap 60").describe(Language::En),
        "Fischer: 30 days + 3 days per move, at most 60 days"
    );
}

#[test]
fn messages_are_clear_in_english_and_russian() {
    let e = LeaveError::BeyondAllowance {
        year: 2026,
        requested: 16,
        taken: 30,
        left: 15,
        allowance: 45,
    };
    assert_eq!(
        e.message(Language::En),
        "the leave needs 16 days of 2026, but only 15 of the 45 days of 2026 are left (30 taken)"
    );
    assert_eq!(
        e.message(Language::Ru),
        "отпуску нужно 16 дней 2026 года, но из 45 дней 2026 года осталось 15 (использовано 30)"
    );
    let e = LeaveError::InPast {
        first: date(2026, 5, 9),
        today: date(2026, 5, 10),
    };
    assert_eq!(
        e.message(Language::En),
        "the leave starts on 2026-05-09, in the past: today is 2026-05-10"
    );
    assert_eq!(
        e.message(Language::Ru),
        "отпуск начинается 2026-05-09, в прошлом: сегодня 2026-05-10"
    );
    assert_eq!(
        LeaveError::NotPositive(0).message(Language::Ru),
        "отпуск должен быть не короче одного дня, а не 0"
    );
}

#[test]
fn zone_errors_name_an_iana_zone_in_both_languages() {
    let e = ZoneError("X".into());
    assert!(e.message(Language::Ru).contains("часовой пояс"));
    assert!(e.message(Language::En).contains("IANA"));
}

#[test]
fn durations_in_days_and_hours() {
    assert_eq!(
        days_hours(3 * DAY + 4 * HOUR + 59 * 60, Language::En),
        "3 d 4 h"
    );
    assert_eq!(days_hours(26 * DAY, Language::Ru), "26 дн. 0 ч");
    assert_eq!(days_hours(-5, Language::En), "0 d 0 h");
    assert_eq!(days_hours(-2 * DAY - 3 * HOUR, Language::En), "-2 d 3 h");
    assert_eq!(days_hours(-2 * DAY, Language::Ru), "-2 дн. 0 ч");
}

#[test]
fn a_move_on_leave_is_refused_in_russian_with_the_last_day() {
    let e = LeaveError::OnLeave {
        last: date(2026, 2, 5),
    };
    assert_eq!(
        e.message(Language::Ru),
        "вы в отпуске по 2026-02-05 включительно: во время отпуска ходы не принимаются"
    );
}
