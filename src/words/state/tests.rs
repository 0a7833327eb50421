use super::*;

#[test]
fn english_reminders_say_1_day_and_1_hour() {
    let words = |kind| reminder_words(kind, Language::En);
    assert_eq!(
        words(ActionKind::DeadlineReminder { hours: 24 }),
        "1 day before the deadline"
    );
    assert_eq!(
        words(ActionKind::DeadlineReminder { hours: 1 }),
        "1 hour before the deadline"
    );
    assert_eq!(
        words(ActionKind::SilenceReminder { days: 1 }),
        "after 1 day without a move"
    );
    assert_eq!(
        words(ActionKind::DeadlineReminder { hours: 72 }),
        "3 days before the deadline"
    );
}

const TERMINATIONS: [Termination; 23] = [
    Termination::Resignation,
    Termination::NoMoves,
    Termination::NoPieces,
    Termination::Agreement,
    Termination::Repetition,
    Termination::DrawRule,
    Termination::FivefoldRepetition,
    Termination::KingsOnly,
    Termination::LoneKing,
    Termination::LoneKingMainRoad,
    Termination::LoneKingTwoPieces,
    Termination::UnchangedMaterial,
    Termination::FiftyMoves,
    Termination::SeventyFiveMoves,
    Termination::Adjudication,
    Termination::Forfeit,
    Termination::Recorded,
    Termination::SealedMove,
    Termination::Time,
    Termination::Checkmate,
    Termination::Stalemate,
    Termination::InsufficientMaterial,
    Termination::AgreedClaims,
];

/// Fails to compile when a termination is added without being listed above.
fn listed(t: Termination) -> usize {
    match t {
        Termination::Resignation => 0,
        Termination::NoMoves => 1,
        Termination::NoPieces => 2,
        Termination::Agreement => 3,
        Termination::Repetition => 4,
        Termination::DrawRule => 5,
        Termination::FivefoldRepetition => 6,
        Termination::KingsOnly => 7,
        Termination::LoneKing => 8,
        Termination::LoneKingMainRoad => 9,
        Termination::LoneKingTwoPieces => 10,
        Termination::UnchangedMaterial => 11,
        Termination::FiftyMoves => 12,
        Termination::SeventyFiveMoves => 13,
        Termination::Adjudication => 14,
        Termination::Forfeit => 15,
        Termination::Recorded => 16,
        Termination::SealedMove => 17,
        Termination::Time => 18,
        Termination::Checkmate => 19,
        Termination::Stalemate => 20,
        Termination::InsufficientMaterial => 21,
        Termination::AgreedClaims => 22,
    }
}

fn no_latin_words(ru: &str) -> bool {
    // Results (1-0) and square names are fine; a Latin word of 3+ letters is not.
    ru.split(|c: char| !c.is_ascii_alphabetic())
        .all(|w| w.len() < 3)
}

#[test]
fn every_ending_is_worded_in_both_languages() {
    for (i, t) in TERMINATIONS.iter().enumerate() {
        assert_eq!(listed(*t), i);
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            for v in Variant::ALL {
                let en = finished_line(r, *t, v, Language::En);
                let ru = finished_line(r, *t, v, Language::Ru);
                assert!(en.starts_with("The game is over."), "{en}");
                assert!(no_latin_words(&ru), "{ru}");
                assert!(!ru.contains('_') && !en.contains('_'), "{en} / {ru}");
            }
        }
    }
    for s in [
        GameStatus::Active,
        GameStatus::Paused,
        GameStatus::Adjourned,
        GameStatus::Finished,
        GameStatus::Annulled,
    ] {
        assert!(no_latin_words(&status_line(s, Language::Ru)));
        assert!(no_latin_words(&status_word(s, Language::Ru)));
    }
    for k in [
        ActionKind::DeadlineReminder { hours: 72 },
        ActionKind::DeadlineReminder { hours: 36 },
        ActionKind::SilenceReminder { days: 14 },
        ActionKind::TimeOut {
            policy: TimeoutPolicy::LoseOnTime,
        },
        ActionKind::TimeOut {
            policy: TimeoutPolicy::ReportToReferee,
        },
    ] {
        let ru = reminder_words(k, Language::Ru);
        assert!(no_latin_words(&ru), "{ru}");
        assert!(!ru.contains("silence") && !ru.contains('-'), "{ru}");
    }
    for own in [true, false] {
        for to_move in [true, false] {
            assert!(no_latin_words(&offer_line(
                Color::White,
                own,
                to_move,
                Language::Ru
            )));
        }
    }
}

#[test]
fn a_finished_game_shows_no_move_due_deadline_or_reminder() {
    let v = StateView {
        game: 3,
        variant: Variant::Russian,
        white: "Иванов".into(),
        black: "Петров".into(),
        board: board(),
        score: score(&["c3-d4"]),
        phase: Phase::Finished {
            result: GameResult::BlackWins,
            termination: Termination::Resignation,
        },
        clocks: Some(Clocks {
            control: Some(control("5 дн. на ход")),
            sides: vec![ClockLine {
                side: Color::White,
                used_seconds: 3600,
                left_seconds: 7200,
                this_move_seconds: None,
                running: true,
                deadline: Some("2026-12-04 18:00 UTC".into()),
                stopped: false,
            }],
            leave_left: 30,
            next_reminder: Some(NextReminder {
                kind: ActionKind::SilenceReminder { days: 14 },
                on: chrono::NaiveDate::from_ymd_opt(2026, 12, 10).unwrap(),
                deadline: chrono::NaiveDate::from_ymd_opt(2026, 12, 20).unwrap(),
            }),
        }),
        offer: Some((Color::White, false)),
    };
    let ru = render_text(&v, Language::Ru);
    assert!(
        ru.contains("Партия окончена. Чёрные выиграли (0-1): белые сдались."),
        "{ru}"
    );
    for banned in ["срок", "напоминание", "ходят", "отпуск", "предлагают"]
    {
        assert!(!ru.contains(banned), "{banned} in {ru}");
    }
    let en = render_text(&v, Language::En);
    for banned in ["due", "reminder", "to move", "leave", "offer"] {
        assert!(!en.contains(banned), "{banned} in {en}");
    }
}

/// A tester read «ничья по правилам о ничьей»: each draw is named by its rule,
/// with the game's own count and citation.
#[test]
fn a_draw_names_the_rule_that_made_it() {
    let ru = |t, v| finished_line(GameResult::Draw, t, v, Language::Ru);
    let en = |t, v| finished_line(GameResult::Draw, t, v, Language::En);
    assert_eq!(
        ru(Termination::KingsOnly, Variant::Russian),
        "Партия окончена. Ничья (1/2-1/2): 15 ходов делались только дамками, без взятий (Правила вида спорта «шашки», п. 1.9.1.6)."
    );
    assert!(
        en(Termination::KingsOnly, Variant::International).contains("25 moves"),
        "{}",
        en(Termination::KingsOnly, Variant::International)
    );
    let sixteen = en(Termination::LoneKing, Variant::International);
    assert!(
        sixteen.contains("three kings") && sixteen.contains("16 moves"),
        "{sixteen}"
    );
    let five = en(Termination::LoneKingTwoPieces, Variant::International);
    assert!(
        five.contains("two kings") && five.contains("5 moves"),
        "{five}"
    );
    assert!(
        ru(Termination::LoneKingMainRoad, Variant::Russian).contains("большой дороге"),
        "{}",
        ru(Termination::LoneKingMainRoad, Variant::Russian)
    );
    let table = ru(Termination::UnchangedMaterial, Variant::Russian);
    assert!(
        table.contains("5 ходов при 2-3 фигурах") && table.contains("60 ходов при 6-7 фигурах"),
        "{table}"
    );
    assert!(
        en(Termination::UnchangedMaterial, Variant::Bashni).contains("15 moves"),
        "{}",
        en(Termination::UnchangedMaterial, Variant::Bashni)
    );
    assert!(en(Termination::FiftyMoves, Variant::Chess).contains("50 moves"));
    assert!(en(Termination::SeventyFiveMoves, Variant::Chess).contains("75 moves"));
    assert!(ru(Termination::FivefoldRepetition, Variant::Chess).contains("пять раз"));
    for &t in &TERMINATIONS {
        for v in Variant::ALL {
            assert!(!ru(t, v).contains("по правилам о ничьей"), "{}", ru(t, v));
        }
    }
}

fn playing(clocks: Clocks) -> StateView {
    StateView {
        game: 3,
        variant: Variant::Russian,
        white: "Иванов".into(),
        black: "Петров".into(),
        board: board(),
        score: score(&[]),
        phase: Phase::Playing {
            to_move: Color::White,
            mover: "Иванов".into(),
            number: 2,
        },
        clocks: Some(clocks),
        offer: None,
    }
}

const DAY: i64 = 86_400;

/// A tester read «израсходовано 0 дн. 0 ч, осталось 4 дн. 23 ч» on a 5-day
/// move: the used and the left time of a clock add up to the time allowed
/// (of the move, for a control per move), in the whole hours shown.
#[test]
fn clock_lines_add_up_to_the_time_allowed() {
    let per_move = Clocks {
        control: Some(control("5 дней на ход")),
        sides: vec![
            ClockLine {
                side: Color::White,
                used_seconds: 2 * DAY + 1800,
                left_seconds: 5 * DAY - 1800,
                this_move_seconds: Some(1800),
                running: true,
                deadline: Some("2026-12-04 18:00 UTC".into()),
                stopped: false,
            },
            ClockLine {
                side: Color::Black,
                used_seconds: 5400,
                left_seconds: 5 * DAY,
                this_move_seconds: Some(0),
                running: false,
                deadline: None,
                stopped: false,
            },
        ],
        leave_left: 45,
        next_reminder: None,
    };
    let ru = render_text(&playing(per_move.clone()), Language::Ru);
    assert!(
        ru.contains("белые: на этот ход израсходовано 0 дн. 1 ч, осталось 4 дн. 23 ч"),
        "{ru}"
    );
    assert!(
        ru.contains("всего за партию израсходовано 2 дн. 1 ч"),
        "{ru}"
    );
    assert!(ru.contains("чёрные: на следующий ход 5 дн. 0 ч"), "{ru}");
    let en = render_text(&playing(per_move), Language::En);
    assert!(
        en.contains("White: this move used 0 d 1 h, left 4 d 23 h"),
        "{en}"
    );
    // 10 moves in 50 days: used and left add up to the 50 days.
    let cumulative = Clocks {
        control: Some(control("10 ходов за 50 дней")),
        sides: vec![ClockLine {
            side: Color::White,
            used_seconds: 3 * DAY + 5 * 3600 + 1800,
            left_seconds: 47 * DAY - 5 * 3600 - 1800,
            this_move_seconds: None,
            running: true,
            deadline: None,
            stopped: false,
        }],
        leave_left: 45,
        next_reminder: None,
    };
    let ru = render_text(&playing(cumulative), Language::Ru);
    assert!(
        ru.contains("белые: израсходовано 3 дн. 6 ч, осталось 46 дн. 18 ч"),
        "{ru}"
    );
}

/// A tester read the reminder's date after a leave as a date two weeks early
/// (3 days of the clock before a deadline that the leave had moved): a
/// reminder is worded by the deadline, after any leave.
#[test]
fn a_reminder_names_the_deadline_it_is_counted_from() {
    let day = |m, d| chrono::NaiveDate::from_ymd_opt(2026, m, d).unwrap();
    let with = |kind, on, deadline| Clocks {
        control: Some(control("5 дней на ход")),
        sides: Vec::new(),
        leave_left: 31,
        next_reminder: Some(NextReminder { kind, on, deadline }),
    };
    let three = ActionKind::DeadlineReminder { hours: 72 };
    let ru = render_text(&playing(with(three, day(12, 3), day(12, 20))), Language::Ru);
    assert!(
        ru.contains("следующее напоминание: за 3 дня до срока (20.12)"),
        "{ru}"
    );
    let en = render_text(&playing(with(three, day(12, 3), day(12, 20))), Language::En);
    assert!(
        en.contains("next reminder: 3 days before the deadline (20 Dec)"),
        "{en}"
    );
    let silence = ActionKind::SilenceReminder { days: 14 };
    let ru = render_text(
        &playing(with(silence, day(12, 17), day(12, 30))),
        Language::Ru,
    );
    assert!(
        ru.contains("следующее напоминание: после 14 дней без хода (17.12)"),
        "{ru}"
    );
}

/// A board for a state text (its drawing is letters' work).
fn board() -> Board {
    let game = crate::games::new_game(Variant::Russian, None).expect("start");
    Board {
        view: game.board_view(),
        last: None,
        side: Color::White,
    }
}

/// A score of draughts plies from the start.
fn score(plies: &[&str]) -> Score {
    Score {
        plies: plies.iter().map(|p| (*p).to_string()).collect(),
        chess: false,
        letters: Language::Ru,
        first: Color::White,
        first_number: 1,
    }
}

/// A time control read from its text.
fn control(text: &str) -> crate::clock::TimeControl {
    crate::clock::TimeControl::parse(text).expect("control")
}

/// The state text with the board drawn as `board`.
fn render_text(v: &StateView, lang: Language) -> String {
    render(v, "board", lang)
}
