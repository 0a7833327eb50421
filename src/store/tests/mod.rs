//! Unit tests of the store on a private in-memory database. The tests on real
//! files (migrations, triggers, two processes) are in `tests/it/store/sqlite.rs`.
//!
//! One file per aggregate (`<aggregate>_tests.rs`); the shared fixtures (`t`, `new_player`,
//! `store_with_game`, `mv`, `run`, `outgoing`) and the tests of instants, text
//! enums and transactions are here.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use serde_json::json;

use super::audit::{self, AuditFilter, NewAuditEntry};
use super::clocks::{self, Clock, NewLeave, Reminder};
use super::games::{self, GameFilter, GameOrder, NewGame, Token};
use super::messages::{self, MailboxState, NewProcessedMessage};
use super::moves::{self, NewMove, NewSealedMove};
use super::offers::{self, ClaimVerdict, NewClaim, NewOffer, OfferStatus};
use super::outbox::{self, Attachment, Failure, NewOutgoing, OutboxStatus, RetryPolicy};
use super::players::{self, Language, NewPlayer, Role};
use super::{Color, GameId, PlayerId, Store, StoreError, Tx, instant_text, parse_instant};
use super::{GameResult, GameStatus, Termination};
use crate::clock::TimeControl;
use crate::rules::Variant;

fn t(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 3, day, hour, 0, 0)
        .single()
        .expect("valid test instant")
}

fn new_player(name: &str, email: &str) -> NewPlayer {
    NewPlayer {
        name: name.to_owned(),
        email: email.to_owned(),
        language: Language::Ru,
        time_zone: "Europe/Moscow".to_owned(),
        role: Role::Player,
        created_at: t(1, 9),
    }
}

/// A store with Ivan (White) and Anna (Black) and one Russian game between them.
fn store_with_game() -> (Store, PlayerId, PlayerId, GameId) {
    let mut store = Store::open_in_memory().expect("in-memory store");
    let (ivan, anna, game) = store
        .transaction(|tx| {
            let ivan = players::add(tx, &new_player("Иван Петров", "ivan.petrov@example.org"))?;
            let anna = players::add(
                tx,
                &new_player("Анна Смирнова", "anna.smirnova@example.net"),
            )?;
            let game = games::create(
                tx,
                &NewGame::new(Variant::Russian, ivan.id, anna.id, t(1, 10)),
            )?;
            Ok::<_, StoreError>((ivan.id, anna.id, game.id))
        })
        .expect("setup");
    (store, ivan, anna, game)
}

fn mv(game: GameId, ply: u32, notation: &str) -> NewMove {
    NewMove {
        game_id: game,
        ply,
        side: if ply % 2 == 1 {
            Color::White
        } else {
            Color::Black
        },
        notation: notation.to_owned(),
        written: notation.to_owned(),
        source_message: None,
        received_at: t(2, 0) + TimeDelta::hours(i64::from(ply)),
        position_hash: -(i64::from(ply)),
    }
}

fn run<T>(
    store: &mut Store,
    f: impl FnOnce(&Tx<'_>) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    store.transaction(f)
}

mod audit_tests;
mod clocks_tests;
mod games_tests;
mod messages_tests;
mod moves_tests;
mod offers_tests;
mod outbox_tests;
mod players_tests;

fn outgoing(id: &str, at: DateTime<Utc>) -> NewOutgoing {
    NewOutgoing {
        to_address: "anna.smirnova@example.net".to_owned(),
        subject: "[zaochka #1] Ваш ход".to_owned(),
        body_text: "1. c3-d4".to_owned(),
        body_html: None,
        attachments: vec![Attachment {
            filename: "game-1.png".to_owned(),
            content_type: "image/png".to_owned(),
            content: vec![0x89, b'P', b'N', b'G', 0, 255],
        }],
        in_reply_to: Some("<3c1f6f0e@example.org>".to_owned()),
        references: Some("<3c1f6f0e@example.org>".to_owned()),
        message_id: id.to_owned(),
        from_address: Some("zaochka+1.Tok3n@example.org".to_owned()),
        reply_to: Some("zaochka+1.Tok3n@example.org".to_owned()),
        game_id: None,
        created_at: at,
    }
}

#[test]
fn instants_are_stored_as_fixed_width_utc_text() {
    let at = Utc
        .with_ymd_and_hms(2025, 3, 4, 12, 45, 0)
        .single()
        .expect("instant");
    assert_eq!(instant_text(at), "2025-03-04T12:45:00.000Z");
    assert_eq!(
        parse_instant("2025-03-04T15:45:00+03:00").expect("parses"),
        at
    );
    assert!(matches!(
        parse_instant("yesterday"),
        Err(StoreError::Corrupt { .. })
    ));
    let later = at + TimeDelta::milliseconds(5);
    assert!(instant_text(at) < instant_text(later));
}

#[test]
fn text_enums_round_trip_through_their_text() {
    for s in Color::ALL {
        assert_eq!(s.as_str().parse::<Color>(), Ok(*s));
    }
    for r in GameResult::ALL {
        assert_eq!(r.as_str().parse::<GameResult>(), Ok(*r));
    }
    for t in Termination::ALL {
        assert_eq!(t.as_str().parse::<Termination>(), Ok(*t));
    }
    assert!("grey".parse::<Color>().is_err());
    // The side is the rules' colour; its stored and JSON text is unchanged.
    assert_eq!(Color::White, crate::rules::Color::White);
    assert_eq!(Color::White.as_str(), "white");
    assert_eq!(Color::Black.as_str(), "black");
    assert_eq!(
        serde_json::to_value(Color::Black).expect("json"),
        json!("black")
    );
    assert_eq!(
        GameResult::win_for(crate::rules::Color::Black),
        GameResult::BlackWins
    );
    assert_eq!(
        serde_json::to_value(GameResult::Draw).expect("json"),
        json!("1/2-1/2")
    );
}

#[test]
fn a_failing_transaction_changes_nothing() {
    let (mut store, _, _, game) = store_with_game();
    let err = run(&mut store, |tx| {
        moves::append(tx, &mv(game, 1, "c3-d4"))?;
        outbox::enqueue(tx, &outgoing("x@zaochka.test", t(4, 0)))?;
        moves::append(tx, &mv(game, 1, "c3-b4"))
    })
    .expect_err("second append fails");
    assert!(matches!(err, StoreError::DuplicatePly { .. }));
    store
        .read(|tx| {
            assert_eq!(moves::last_ply(tx, game)?, 0);
            assert!(outbox::list(tx, None, None)?.is_empty());
            Ok::<_, StoreError>(())
        })
        .expect("read");
}

#[test]
fn a_read_discards_anything_written_inside_it() {
    let (mut store, _, _, game) = store_with_game();
    store
        .read(|tx| moves::append(tx, &mv(game, 1, "c3-d4")))
        .expect("write inside read");
    assert_eq!(store.read(|tx| moves::last_ply(tx, game)).expect("read"), 0);
}
