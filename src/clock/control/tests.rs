//! Tests of time controls: text, JSON, validation and descriptions.

use super::*;
use serde_json::json;

fn p(text: &str) -> TimeControl {
    TimeControl::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

#[test]
fn days_per_move_is_read_in_english_and_russian() {
    let three = TimeControl::days_per_move(3).expect("valid");
    for text in [
        "3d/move",
        "3 d / move",
        "3 days/move",
        "3 days per move",
        "3 DAYS PER MOVE",
        "3/move",
        "3д/ход",
        "3 дня на ход",
        "3 дн. на ход",
        "3 суток на ход",
    ] {
        assert_eq!(p(text), three, "{text}");
    }
}

#[test]
fn moves_in_days_is_read_with_and_without_iccf() {
    let plain = TimeControl::moves_in_days(10, 50, Counting::EXACT).expect("valid");
    let iccf = TimeControl::moves_in_days(10, 50, Counting::ICCF).expect("valid");
    for text in [
        "10/50",
        "10/50d",
        "10 / 50 days",
        "10 moves in 50 days",
        "10 ходов за 50 дней",
        "10 ходов в 50 дней",
    ] {
        assert_eq!(p(text), plain, "{text}");
    }
    for text in ["10/50 iccf", "10/50 ICCF", "10 ходов за 50 дней икчф"] {
        assert_eq!(p(text), iccf, "{text}");
    }
}

#[test]
fn fischer_is_read_with_and_without_cap() {
    assert_eq!(
        p("fischer 30+3"),
        TimeControl::fischer(30, 3, None).expect("valid")
    );
    let capped = TimeControl::fischer(30, 3, Some(60)).expect("valid");
    for text in [
        "fischer 30+3 cap 60",
        "Fischer 30d + 3d per move cap 60 days",
        "фишер 30+3 макс 60",
        "фишер 30 + 3 за ход потолок 60",
    ] {
        assert_eq!(p(text), capped, "{text}");
    }
    assert_eq!(
        p("fischer 30+3 iccf"),
        TimeControl::fischer(30, 3, None)
            .and_then(|c| c.with_counting(Counting::ICCF))
            .expect("valid")
    );
}

#[test]
fn separate_counting_modifiers_are_read() {
    let c = p("10/50 whole-days");
    assert_eq!(
        c.counting(),
        Counting {
            whole_days: true,
            double_after_days: None
        }
    );
    let c = p("10/50 double-after 30");
    assert_eq!(
        c.counting(),
        Counting {
            whole_days: false,
            double_after_days: Some(30)
        }
    );
}

#[test]
fn canonical_text_parses_back_to_the_same_control() {
    let controls = [
        TimeControl::days_per_move(1),
        TimeControl::days_per_move(60),
        TimeControl::moves_in_days(10, 50, Counting::EXACT),
        TimeControl::moves_in_days(10, 50, Counting::ICCF),
        TimeControl::moves_in_days(
            5,
            30,
            Counting {
                whole_days: true,
                double_after_days: None,
            },
        ),
        TimeControl::moves_in_days(
            5,
            30,
            Counting {
                whole_days: false,
                double_after_days: Some(25),
            },
        ),
        TimeControl::fischer(30, 3, None),
        TimeControl::fischer(30, 3, Some(60)),
        TimeControl::fischer(10, 0, Some(10)),
    ];
    for c in controls {
        let c = c.expect("valid");
        assert_eq!(p(&c.to_string()), c, "{c}");
    }
    assert_eq!(p("3 дня на ход").to_string(), "3d/move");
    assert_eq!(p("10 ходов за 50 дней икчф").to_string(), "10/50 iccf");
    assert_eq!(p("фишер 30+3 макс 60").to_string(), "fischer 30+3 cap 60");
}

#[test]
fn bad_controls_are_refused_with_the_reason() {
    assert_eq!(
        TimeControl::parse("0d/move"),
        Err(ControlError::ZeroDays {
            field: ControlField::DaysPerMove
        })
    );
    assert_eq!(
        TimeControl::parse("61d/move"),
        Err(ControlError::TooManyDays {
            field: ControlField::DaysPerMove,
            days: 61,
            max: 60
        })
    );
    assert_eq!(TimeControl::parse("0/50"), Err(ControlError::ZeroMoves));
    assert_eq!(
        TimeControl::parse("10/0"),
        Err(ControlError::ZeroDays {
            field: ControlField::DaysPerPeriod
        })
    );
    assert_eq!(
        TimeControl::parse("fischer 0+3"),
        Err(ControlError::ZeroDays {
            field: ControlField::BaseDays
        })
    );
    assert_eq!(
        TimeControl::parse("fischer 30+3 cap 20"),
        Err(ControlError::CapBelowBase { cap: 20, base: 30 })
    );
    assert_eq!(
        TimeControl::parse("10/50 double-after 0"),
        Err(ControlError::ZeroDoubleAfter)
    );
    for text in [
        "",
        "fast",
        "3d",
        "3 days",
        "10/",
        "/50",
        "fischer 30",
        "fischer 30+",
        "fischer 30+3 cap",
        "10/50 please",
        "3d/50",
        "-3d/move",
        "10/50 double-after",
    ] {
        assert!(
            matches!(TimeControl::parse(text), Err(ControlError::Syntax { .. })),
            "{text:?} gave {:?}",
            TimeControl::parse(text)
        );
    }
}

#[test]
fn json_round_trips_and_is_validated() {
    let c = TimeControl::moves_in_days(10, 50, Counting::ICCF).expect("valid");
    let j = c.to_json();
    assert_eq!(
        j,
        json!({"type": "moves_in_days", "moves": 10, "days": 50,
                   "counting": {"whole_days": true, "double_after_days": 20}})
    );
    assert_eq!(TimeControl::from_json(&j), Ok(c));
    let c = TimeControl::days_per_move(3).expect("valid");
    assert_eq!(c.to_json(), json!({"type": "days_per_move", "days": 3}));
    let c = TimeControl::fischer(30, 3, Some(60)).expect("valid");
    assert_eq!(
        c.to_json(),
        json!({"type": "fischer", "base_days": 30, "increment_days": 3, "cap_days": 60})
    );
    assert_eq!(TimeControl::from_json(&c.to_json()), Ok(c));
    let bad = TimeControl::from_json(&json!({"type": "days_per_move", "days": 0}));
    assert!(
        matches!(&bad, Err(ControlError::Json(e)) if e.contains("at least one day")),
        "{bad:?}"
    );
    assert!(TimeControl::from_json(&json!({"type": "hourglass"})).is_err());
}
