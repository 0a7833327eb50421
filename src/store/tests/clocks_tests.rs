//! Store unit tests: clocks, reminders and leave periods.

use super::*;

#[test]
fn clocks_are_stored_and_running_ones_found_by_deadline() {
    let (mut store, _, _, game) = store_with_game();
    let mut white = Clock::new(game, Color::White, t(1, 10));
    white.running = true;
    white.last_started_at = Some(t(1, 10));
    white.deadline = Some(t(6, 10));
    white.used_seconds = 3600;
    let black = Clock::new(game, Color::Black, t(1, 10));
    run(&mut store, |tx| {
        clocks::put(tx, &white)?;
        clocks::put(tx, &black)
    })
    .expect("put");
    store
        .read(|tx| {
            assert_eq!(clocks::list(tx, game)?, vec![white.clone(), black.clone()]);
            assert_eq!(clocks::get(tx, game, Color::Black)?, Some(black.clone()));
            assert!(clocks::running_due(tx, t(6, 9))?.is_empty());
            assert_eq!(clocks::running_due(tx, t(6, 10))?, vec![white.clone()]);
            Ok::<_, StoreError>(())
        })
        .expect("read");
    let mut bad = black.clone();
    bad.running = true;
    let err = run(&mut store, |tx| clocks::put(tx, &bad)).expect_err("running needs a start");
    assert!(matches!(err, StoreError::Invalid { .. }));
}

#[test]
fn a_reminder_is_recorded_only_once() {
    let (mut store, _, _, game) = store_with_game();
    let r = Reminder {
        game_id: game,
        side: Color::White,
        kind: "deadline-3d".to_owned(),
        due_at: t(10, 0),
        sent_at: t(7, 0),
    };
    assert!(run(&mut store, |tx| clocks::record_reminder(tx, &r)).expect("first"));
    assert!(!run(&mut store, |tx| clocks::record_reminder(tx, &r)).expect("second"));
    let moved = Reminder {
        due_at: t(12, 0),
        ..r.clone()
    };
    assert!(run(&mut store, |tx| clocks::record_reminder(tx, &moved)).expect("new deadline"));
    assert_eq!(
        store
            .read(|tx| clocks::reminders(tx, game))
            .expect("list")
            .len(),
        2
    );
}

#[test]
fn leave_periods_are_found_by_overlap_and_can_be_cancelled() {
    let (mut store, ivan, _, _) = store_with_game();
    let leave = run(&mut store, |tx| {
        clocks::add_leave(
            tx,
            &NewLeave {
                player_id: ivan,
                starts_at: t(10, 0),
                ends_at: t(15, 0),
                days: 5,
                created_at: t(3, 0),
            },
        )
    })
    .expect("leave");
    store
        .read(|tx| {
            assert_eq!(
                clocks::leaves(tx, ivan, t(14, 0), t(20, 0))?,
                vec![leave.clone()]
            );
            assert!(clocks::leaves(tx, ivan, t(15, 0), t(20, 0))?.is_empty());
            Ok::<_, StoreError>(())
        })
        .expect("read");
    run(&mut store, |tx| clocks::cancel_leave(tx, leave.id, t(4, 0))).expect("cancel");
    assert!(
        store
            .read(|tx| clocks::leaves(tx, ivan, t(1, 0), t(30, 0)))
            .expect("read")
            .is_empty()
    );
    let err = run(&mut store, |tx| {
        clocks::add_leave(
            tx,
            &NewLeave {
                player_id: ivan,
                starts_at: t(10, 0),
                ends_at: t(10, 0),
                days: 1,
                created_at: t(3, 0),
            },
        )
    })
    .expect_err("empty period");
    assert!(matches!(err, StoreError::Invalid { .. }));
}
