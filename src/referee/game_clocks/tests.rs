//! The clocks on the store, on an in-memory database with the full schema.

use super::*;
use crate::rules::Variant;
use crate::store::Store;
use crate::store::games::NewGame;
use crate::store::players::{Language as StoreLanguage, NewPlayer, Role};

fn at(d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 6, d, h, 0, 0)
        .single()
        .expect("valid instant")
}

/// A store with two players (Moscow) and one game under `control`.
fn setup(control: Option<&str>) -> (Store, GameId, PlayerId) {
    let mut store = Store::open_in_memory().expect("store");
    let ids = store
        .transaction(|tx| {
            let add = |name: &str, email: &str| {
                players::add(
                    tx,
                    &NewPlayer {
                        name: name.to_owned(),
                        email: email.to_owned(),
                        language: StoreLanguage::Ru,
                        time_zone: "Europe/Moscow".to_owned(),
                        role: Role::Player,
                        created_at: at(1, 0),
                    },
                )
            };
            let w = add("Иван", "ivan@example.org")?;
            let b = add("Анна", "anna@example.org")?;
            let mut new = NewGame::new(Variant::Russian, w.id, b.id, at(1, 0));
            new.time_control = control.map(|c| TimeControl::parse(c).expect("control"));
            Ok::<_, StoreError>((games::create(tx, &new)?.id, b.id))
        })
        .expect("setup");
    (store, ids.0, ids.1)
}

#[test]
fn a_late_move_is_refused_and_nothing_is_written() {
    let (mut store, game, _) = setup(Some("2d/move"));
    store
        .transaction(|tx| start_game(tx, game, Color::White, at(1, 0)).map(|_| ()))
        .expect("start");
    let r = store.transaction(|tx| record_move(tx, game, Color::White, at(3, 0)));
    assert!(
        matches!(r, Err(ClockError::Move(MoveClockError::Late { deadline, .. })) if deadline == at(3, 0))
    );
    let clocks = store.read(|tx| clocks::list(tx, game)).expect("clocks");
    assert!(clocks[0].running && clocks[0].moves_made == 0);
    let m = store
        .transaction(|tx| record_move(tx, game, Color::White, at(2, 23)))
        .expect("in time");
    assert_eq!(m.charged_seconds, 47 * 3600);
    assert_eq!(m.opponent_deadline, at(4, 23));
}

#[test]
fn starting_twice_or_without_a_control_is_refused() {
    let (mut store, game, _) = setup(Some("10/50 iccf"));
    store
        .transaction(|tx| start_game(tx, game, Color::White, at(1, 0)).map(|_| ()))
        .expect("start");
    let again = store.transaction(|tx| start_game(tx, game, Color::White, at(1, 0)));
    assert!(matches!(again, Err(ClockError::AlreadyStarted(g)) if g == game));
    let (mut store, game, _) = setup(None);
    let r = store.transaction(|tx| start_game(tx, game, Color::White, at(1, 0)));
    assert!(matches!(r, Err(ClockError::NoTimeControl(_))));
    let r = store.transaction(|tx| record_move(tx, game, Color::White, at(1, 1)));
    assert!(matches!(r, Err(ClockError::NoTimeControl(_))));
}

#[test]
fn a_stored_control_with_zero_days_is_refused_when_the_game_is_read() {
    let (mut store, game, _) = setup(None);
    let r = store.transaction(|tx| {
        // Written behind the store's back: the typed API cannot store it.
        tx.sql()
            .execute(
                "UPDATE games SET time_control = ?1 WHERE id = ?2",
                rusqlite::params![r#"{"type": "days_per_move", "days": 0}"#, game],
            )
            .map_err(StoreError::from)?;
        start_game(tx, game, Color::White, at(1, 0))
    });
    match r {
        Err(e @ ClockError::Store(_)) => {
            assert!(format!("{e:?}").contains("at least one day"), "{e:?}");
        }
        other => panic!("expected the stored control refused, got {other:?}"),
    }
}

#[test]
fn extra_time_leave_and_moving_on_leave() {
    let (mut store, game, anna) = setup(Some("5d/move"));
    store
        .transaction(|tx| start_game(tx, game, Color::White, at(1, 0)).map(|_| ()))
        .expect("start");
    let c = store
        .transaction(|tx| add_time(tx, game, Color::White, 2 * 86_400, at(1, 1)))
        .expect("grant");
    assert_eq!(c.deadline, Some(at(8, 0)));
    store
        .transaction(|tx| record_move(tx, game, Color::White, at(2, 0)).map(|_| ()))
        .expect("move");
    // Anna (Moscow) goes on leave June 3-4: her deadline moves by 48 h.
    let request = LeaveRequest::parse("отпуск 2026-06-03 2026-06-04").expect("request");
    let (leave, moved) = store
        .transaction(|tx| take_leave(tx, anna, &request, &Settings::default(), at(2, 12)))
        .expect("leave");
    assert_eq!(leave.starts_at, at(2, 21));
    assert_eq!(moved[0].deadline, Some(at(9, 0)));
    let strict = Settings {
        may_move_on_leave: false,
        ..Settings::default()
    };
    let r = store.read(|tx| check_may_move(tx, anna, &strict, at(3, 12)));
    assert!(matches!(
        r,
        Err(ClockError::Leave(LeaveError::OnLeave { .. }))
    ));
    let ok = store.read(|tx| check_may_move(tx, anna, &Settings::default(), at(3, 12)));
    assert!(ok.is_ok());
    let left = store
        .read(|tx| leave_days_left(tx, anna, &Settings::default(), at(3, 12)))
        .expect("left");
    assert_eq!(left, 43);
    // The next reminder for Anna: 3 days of clock time before June 9 is
    // 21 h before her leave and 27 h after it.
    let next = store
        .read(|tx| {
            Ok::<_, ClockError>(load(tx, game)?.expect("clocks").next_after(
                Color::Black,
                &Settings::default(),
                at(3, 12),
            ))
        })
        .expect("next")
        .expect("a reminder");
    assert_eq!(
        (next.key(), next.due_at),
        ("deadline-3d".to_owned(), at(6, 0))
    );
}
