use super::*;
use crate::rules::Color;

fn one(text: &str) -> DirectorLine {
    let mut v = read(text).unwrap_or_else(|| panic!("no command in {text:?}"));
    assert_eq!(v.len(), 1, "{text:?}");
    v.remove(0)
}

fn direct(game: i64, action: DirectorAction) -> Result<DirectorOrder, DirectorLineError> {
    Ok(DirectorOrder::Direct {
        game: GameId(game),
        action,
    })
}

#[test]
fn english_and_russian_forms_read_the_same() {
    use DirectorAction::*;
    let cases = [
        (
            "adjudicate #15 1-0",
            direct(15, Adjudicate(GameResult::WhiteWins)),
        ),
        (
            "Присудить №15 ничья",
            direct(15, Adjudicate(GameResult::Draw)),
        ),
        (
            "присудить #15 1/2",
            direct(15, Adjudicate(GameResult::Draw)),
        ),
        (
            "ПРИСУДИТЬ #15 победа чёрных",
            direct(15, Adjudicate(GameResult::BlackWins)),
        ),
        (
            "adjudicate #15 0–1",
            direct(15, Adjudicate(GameResult::BlackWins)),
        ),
        ("forfeit #15 white", direct(15, Forfeit(Color::White))),
        ("поражение #15 черным", direct(15, Forfeit(Color::Black))),
        ("неявка #15 чёрные", direct(15, Forfeit(Color::Black))),
        (
            "add days #15 black 3",
            direct(15, AddDays(Color::Black, 3, false)),
        ),
        (
            "добавить #15 чёрным 3 дня",
            direct(15, AddDays(Color::Black, 3, false)),
        ),
        (
            "add days #15 white -2",
            direct(15, AddDays(Color::White, -2, false)),
        ),
        ("pause #15", direct(15, Pause)),
        ("Пауза № 15", direct(15, Pause)),
        ("resume #15", direct(15, Resume)),
        ("возобновить #15", direct(15, Resume)),
        (
            "add days #15 black -5 force",
            direct(15, AddDays(Color::Black, -5, true)),
        ),
        (
            "добавить #15 белым -4 дня принудительно",
            direct(15, AddDays(Color::White, -4, true)),
        ),
        ("adjourn #15", direct(15, Adjourn)),
        ("Отложить №15", direct(15, Adjourn)),
        ("annul #15", direct(15, Annul)),
        ("аннулировать #15", direct(15, Annul)),
        ("resend #15", direct(15, Resend(None))),
        (
            "переслать #15 Bob@Example.test",
            direct(15, Resend(Some("bob@example.test".into()))),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(one(text).order, want, "{text}");
    }
}

#[test]
fn rollbacks_say_plies_or_moves_exactly() {
    let to = |t: &str| match one(t).order {
        Ok(DirectorOrder::Rollback { to, .. }) => to,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(to("rollback #15 24"), RollbackTo::Ply(24));
    assert_eq!(to("откат #15 полуход 24"), RollbackTo::Ply(24));
    let white12 = RollbackTo::Move {
        number: 12,
        black: false,
    };
    let black12 = RollbackTo::Move {
        number: 12,
        black: true,
    };
    assert_eq!(to("rollback #15 move 12"), white12);
    assert_eq!(to("откат #15 ход 12..."), black12);
    assert_eq!(to("откат #15 12."), white12);
    assert_eq!(white12.plies(Color::White, 1), Some(22));
    assert_eq!(black12.plies(Color::White, 1), Some(23));
    assert_eq!(black12.plies(Color::Black, 1), Some(22));
    assert_eq!(
        RollbackTo::Move {
            number: 0,
            black: false
        }
        .plies(Color::White, 1),
        None
    );
    assert_eq!(
        RollbackTo::Move {
            number: 1,
            black: false
        }
        .plies(Color::Black, 1),
        None
    );
    // A chess game from a FEN at move 30, White to move: 31. is two plies on.
    let white31 = RollbackTo::Move {
        number: 31,
        black: false,
    };
    assert_eq!(white31.plies(Color::White, 30), Some(2));
    assert_eq!(white12.plies(Color::White, 30), None);
}

#[test]
fn leave_claims_and_release() {
    assert_eq!(
        one("leave Player@x.test 2026-12-20 2027-01-05").order,
        Ok(DirectorOrder::Leave {
            player: "player@x.test".into(),
            from: NaiveDate::from_ymd_opt(2026, 12, 20).unwrap(),
            to: NaiveDate::from_ymd_opt(2027, 1, 5).unwrap(),
        })
    );
    assert!(matches!(
        one("отпуск p@x 20.12.2026 05.01.2027").order,
        Ok(DirectorOrder::Leave { .. })
    ));
    assert_eq!(
        one("отпуск p@x 20.12.2026").order,
        Err(DirectorLineError::Dates)
    );
    assert_eq!(
        one("accept claim #3 white").order,
        Ok(DirectorOrder::Claim {
            game: GameId(3),
            side: Some(Color::White),
            accept: true
        })
    );
    assert_eq!(
        one("отклонить заявку #3").order,
        Ok(DirectorOrder::Claim {
            game: GameId(3),
            side: None,
            accept: false
        })
    );
    assert_eq!(
        one("release 1764000000.M3P1.Test").order,
        Ok(DirectorOrder::Release {
            key: "1764000000.M3P1.Test".into()
        })
    );
}

#[test]
fn reasons_follow_their_command_or_share_its_line() {
    let v = read(
            "Hello,\n\npause #4\nReason: the player is in hospital\n\nadjudicate #5 1-0 причина — позиция выиграна\nresume #6\n\n-- \nThe director",
        )
        .unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(v[0].reason.as_deref(), Some("the player is in hospital"));
    assert_eq!(v[1].line, "adjudicate #5 1-0");
    assert_eq!(v[1].reason.as_deref(), Some("позиция выиграна"));
    assert_eq!(v[2].reason, None);
}

#[test]
fn a_players_lines_are_no_director_commands() {
    for text in [
        "c3-d4",
        "отпуск 20.12.2026 05.01.2027",
        "leave 2026-12-20 2026-12-30",
        "pause, I am travelling",
        "I will release my book soon",
        "adjudicate please",
    ] {
        assert_eq!(read(text), None, "{text}");
    }
}

#[test]
fn a_wrong_part_is_named() {
    assert_eq!(
        one("adjudicate #15 2-5").order,
        Err(DirectorLineError::Result)
    );
    assert_eq!(one("forfeit #15 grey").order, Err(DirectorLineError::Color));
    assert_eq!(
        one("add days #15 black 0").order,
        Err(DirectorLineError::Days)
    );
    assert_eq!(
        one("rollback #15 twelve").order,
        Err(DirectorLineError::Rollback)
    );
    assert_eq!(one("pause #15 now").order, Err(DirectorLineError::Extra));
}

#[test]
fn again_before_or_after_a_command_is_read_apart_from_it() {
    for text in [
        "add days #15 black 3 again",
        "повторно добавить №15 чёрным 3",
        "добавить #15 чёрным 3 ещё раз",
        "Again: add days #15 black 3",
    ] {
        let l = one(text);
        assert!(l.again, "{text:?}");
        assert_eq!(
            l.order,
            direct(15, DirectorAction::AddDays(Color::Black, 3, false)),
            "{text:?}"
        );
    }
    let plain = one("add days #15 black 3");
    assert!(!plain.again);
    assert_eq!(plain.order, one("add days #15 black 3 again").order);
}

#[test]
fn again_alone_on_a_line_asks_every_command_of_the_mail_again() {
    let lines =
        read("Повторно!\nдобавить #15 чёрным 3\nпричина: потеря почты\nпауза #16\nпричина: сбой")
            .unwrap();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l.again));
    let lines = read("добавить #15 чёрным 3\nпричина: потеря почты").unwrap();
    assert!(!lines[0].again);
}

#[test]
fn a_command_key_forgets_case_spacing_reason_and_again() {
    let a = one("Add  Days #15 BLACK 3 reason: lost mail");
    let b = one("add days #15 black 3 again\nreason: lost mail again");
    assert_eq!(a.key(), "add days #15 black 3");
    assert_eq!(a.key(), b.key());
    assert_ne!(a.key(), one("add days #15 black 4").key());
    // A quarantine key keeps its case in the order.
    assert_eq!(
        one("release Inbox/ABC again").order,
        Ok(DirectorOrder::Release {
            key: "Inbox/ABC".into()
        })
    );
}
