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

const TERMINATIONS: [Termination; 15] = [
    Termination::Resignation,
    Termination::NoMoves,
    Termination::NoPieces,
    Termination::Agreement,
    Termination::Repetition,
    Termination::DrawRule,
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
        Termination::Adjudication => 6,
        Termination::Forfeit => 7,
        Termination::Recorded => 8,
        Termination::SealedMove => 9,
        Termination::Time => 10,
        Termination::Checkmate => 11,
        Termination::Stalemate => 12,
        Termination::InsufficientMaterial => 13,
        Termination::AgreedClaims => 14,
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
            let en = finished_line(r, *t, Language::En);
            let ru = finished_line(r, *t, Language::Ru);
            assert!(en.starts_with("The game is over."), "{en}");
            assert!(no_latin_words(&ru), "{ru}");
            assert!(!ru.contains('_') && !en.contains('_'), "{en} / {ru}");
        }
    }
    for s in [
        GameStatus::Active,
        GameStatus::Paused,
        GameStatus::Adjourned,
        GameStatus::Finished,
        GameStatus::Annulled,
    ] {
        assert!(no_latin_words(status_line(s, Language::Ru)));
        assert!(no_latin_words(status_word(s, Language::Ru)));
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
        board: "board".into(),
        score: "1. c3-d4 *".into(),
        phase: Phase::Finished {
            result: GameResult::BlackWins,
            termination: Termination::Resignation,
        },
        clocks: Some(Clocks {
            control: Some("5 дн. на ход".into()),
            sides: vec![ClockLine {
                side: Color::White,
                used_seconds: 3600,
                left_seconds: 7200,
                deadline: Some("2026-12-04 18:00 UTC".into()),
                stopped: false,
            }],
            leave_left: 30,
            next_reminder: Some((
                ActionKind::SilenceReminder { days: 14 },
                "2026-12-10 UTC".into(),
            )),
        }),
        offer: Some((Color::White, false)),
    };
    let ru = render(&v, Language::Ru);
    assert!(
        ru.contains("Партия окончена. Чёрные выиграли (0-1): белые сдались."),
        "{ru}"
    );
    for banned in ["срок", "напоминание", "ходят", "отпуск", "предлагают"]
    {
        assert!(!ru.contains(banned), "{banned} in {ru}");
    }
    let en = render(&v, Language::En);
    for banned in ["due", "reminder", "to move", "leave", "offer"] {
        assert!(!en.contains(banned), "{banned} in {en}");
    }
}
