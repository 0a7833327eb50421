//! Unit tests of the store on a private in-memory database. The tests on real
//! files (migrations, triggers, two processes) are in `tests/store.rs`.

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
use super::{GameId, PlayerId, Side, Store, StoreError, Tx, instant_text, parse_instant};
use super::{GameResult, GameStatus, Termination};

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
            let game = games::create(tx, &NewGame::new("russian", ivan.id, anna.id, t(1, 10)))?;
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
            Side::White
        } else {
            Side::Black
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
fn player_email_is_unique_ignoring_case() {
    let (mut store, ivan, _, _) = store_with_game();
    let err = run(&mut store, |tx| {
        players::add(tx, &new_player("Someone", "  IVAN.Petrov@Example.ORG "))
    })
    .expect_err("same address in other case");
    assert!(matches!(
        err,
        StoreError::Duplicate {
            what: "player email",
            ..
        }
    ));
    let found = store
        .read(|tx| players::find_by_email(tx, "Ivan.Petrov@EXAMPLE.org "))
        .expect("query");
    assert_eq!(found.map(|p| p.id), Some(ivan));
    let stranger = store
        .read(|tx| players::find_by_email(tx, "eve@example.com"))
        .expect("query");
    assert_eq!(stranger, None);
}

#[test]
fn player_with_an_address_without_at_sign_is_refused() {
    let mut store = Store::open_in_memory().expect("store");
    let err = run(&mut store, |tx| {
        players::add(tx, &new_player("X", "not-an-address"))
    })
    .expect_err("refused");
    assert!(matches!(err, StoreError::Invalid { what: "email", .. }));
}

#[test]
fn player_language_role_zone_and_reachability_can_change() {
    let (mut store, ivan, _, _) = store_with_game();
    let p = run(&mut store, |tx| {
        players::set_language(tx, ivan, Language::En)?;
        players::set_role(tx, ivan, Role::Referee)?;
        players::set_time_zone(tx, ivan, "Europe/Berlin")?;
        players::set_unreachable(tx, ivan, Some(t(5, 0)))
    })
    .expect("updates");
    assert_eq!(p.language, Language::En);
    assert_eq!(p.role, Role::Referee);
    assert_eq!(p.time_zone, "Europe/Berlin");
    assert_eq!(p.unreachable_since, Some(t(5, 0)));
    let all = store.read(players::list).expect("list");
    assert_eq!(all.len(), 2);
    let err = run(&mut store, |tx| {
        players::set_language(tx, PlayerId(99), Language::Ru)
    })
    .expect_err("no such player");
    assert!(matches!(err, StoreError::NotFound { what: "player", .. }));
}

#[test]
fn text_enums_round_trip_through_their_text() {
    for s in Side::ALL {
        assert_eq!(s.as_str().parse::<Side>(), Ok(*s));
    }
    for r in GameResult::ALL {
        assert_eq!(r.as_str().parse::<GameResult>(), Ok(*r));
    }
    for t in Termination::ALL {
        assert_eq!(t.as_str().parse::<Termination>(), Ok(*t));
    }
    assert!("grey".parse::<Side>().is_err());
    // The side is the rules' colour; its stored and JSON text is unchanged.
    assert_eq!(Side::White, crate::rules::Color::White);
    assert_eq!(Side::White.as_str(), "white");
    assert_eq!(Side::Black.as_str(), "black");
    assert_eq!(
        serde_json::to_value(Side::Black).expect("json"),
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
fn new_game_gets_two_distinct_secret_tokens() {
    let (mut store, ivan, anna, game) = store_with_game();
    let g = store.read(|tx| games::get(tx, game)).expect("game");
    assert_eq!(g.status, GameStatus::Active);
    assert_eq!(g.result, None);
    assert_eq!(g.side_of(ivan), Some(Side::White));
    assert_eq!(g.side_of(anna), Some(Side::Black));
    assert_eq!(g.side_of(PlayerId(99)), None);
    let (w, b) = (g.token(Side::White), g.token(Side::Black));
    assert_ne!(w, b);
    assert_eq!(w.as_str().len(), games::TOKEN_LENGTH);
    assert!(w.matches(w.as_str()));
    assert!(!w.matches(&w.as_str().to_uppercase()));
    assert!(!w.matches(b.as_str()));
    assert!(!format!("{g:?}").contains(w.as_str()));
}

#[test]
fn game_can_be_created_with_a_chosen_id_and_tokens() {
    let (mut store, ivan, anna, _) = store_with_game();
    let g = run(&mut store, |tx| {
        let mut new = NewGame::new("russian", ivan, anna, t(3, 0));
        new.id = Some(GameId(12));
        new.white_token = Some(Token::new("k7q2m9")?);
        new.black_token = Some(Token::new("r4t8x1")?);
        new.time_control = Some(json!({"kind": "days_per_move", "days": 5}));
        new.tournament = Some("Кубок 2025".to_owned());
        games::create(tx, &new)
    })
    .expect("created");
    assert_eq!(g.id, GameId(12));
    assert!(g.white_token.matches("k7q2m9"));
    assert_eq!(
        g.time_control,
        Some(json!({"kind": "days_per_move", "days": 5}))
    );
    let err = run(&mut store, |tx| {
        let mut new = NewGame::new("russian", ivan, anna, t(3, 0));
        new.id = Some(GameId(12));
        games::create(tx, &new)
    })
    .expect_err("id taken");
    assert!(matches!(err, StoreError::Duplicate { what: "game", .. }));
    assert!(Token::new("ab").is_err());
    assert!(Token::new("abc-def").is_err());
}

#[test]
fn game_against_oneself_or_a_missing_player_is_refused() {
    let (mut store, ivan, _, _) = store_with_game();
    let err = run(&mut store, |tx| {
        games::create(tx, &NewGame::new("russian", ivan, ivan, t(3, 0)))
    })
    .expect_err("same player");
    assert!(matches!(err, StoreError::Invalid { .. }));
    let err = run(&mut store, |tx| {
        games::create(tx, &NewGame::new("russian", ivan, PlayerId(77), t(3, 0)))
    })
    .expect_err("missing player");
    assert!(matches!(err, StoreError::NotFound { what: "player", .. }));
}

#[test]
fn finishing_reopening_and_annulling_keep_status_and_result_consistent() {
    let (mut store, _, _, game) = store_with_game();
    let g = run(&mut store, |tx| {
        games::set_result(
            tx,
            game,
            GameResult::BlackWins,
            Termination::Resignation,
            t(9, 12),
        )
    })
    .expect("finished");
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.result, Some(GameResult::BlackWins));
    assert_eq!(g.termination, Some(Termination::Resignation));
    assert_eq!(g.finished_at, Some(t(9, 12)));

    let g = run(&mut store, |tx| {
        games::set_status(tx, game, GameStatus::Active, t(10, 0))
    })
    .expect("reopened");
    assert_eq!(
        (g.status, g.result, g.termination, g.finished_at),
        (GameStatus::Active, None, None, None)
    );

    let g = run(&mut store, |tx| {
        games::set_status(tx, game, GameStatus::Annulled, t(11, 0))
    })
    .expect("annulled");
    assert_eq!(g.status, GameStatus::Annulled);
    assert_eq!(g.finished_at, Some(t(11, 0)));

    let err = run(&mut store, |tx| {
        games::set_status(tx, game, GameStatus::Finished, t(11, 0))
    })
    .expect_err("finished needs a result");
    assert!(matches!(err, StoreError::Invalid { .. }));
    let err = run(&mut store, |tx| games::get(tx, GameId(404))).expect_err("unknown");
    assert!(matches!(err, StoreError::NotFound { what: "game", .. }));
}

#[test]
fn games_are_filtered_sorted_and_paged() {
    let (mut store, ivan, anna, first) = store_with_game();
    run(&mut store, |tx| {
        let olga = players::add(tx, &new_player("Ольга", "olga@example.net"))?;
        let g2 = games::create(tx, &NewGame::new("international", anna, olga.id, t(2, 10)))?;
        let g3 = games::create(tx, &NewGame::new("russian", olga.id, ivan, t(3, 10)))?;
        games::set_result(
            tx,
            first,
            GameResult::BlackWins,
            Termination::Resignation,
            t(5, 0),
        )?;
        games::set_result(tx, g3.id, GameResult::Draw, Termination::Agreement, t(4, 0))?;
        let _ = g2;
        Ok(())
    })
    .expect("setup");
    store
        .read(|tx| {
            let ivans = games::list(
                tx,
                &GameFilter {
                    player: Some(ivan),
                    ..GameFilter::default()
                },
            )?;
            assert_eq!(ivans.iter().map(|g| g.id.0).collect::<Vec<_>>(), [1, 3]);

            let russian_newest = games::list(
                tx,
                &GameFilter {
                    variant: Some("russian".to_owned()),
                    order: GameOrder::CreatedDesc,
                    ..GameFilter::default()
                },
            )?;
            assert_eq!(
                russian_newest.iter().map(|g| g.id.0).collect::<Vec<_>>(),
                [3, 1]
            );

            let draws = games::list(
                tx,
                &GameFilter {
                    result: Some(GameResult::Draw),
                    ..GameFilter::default()
                },
            )?;
            assert_eq!(draws.len(), 1);

            let active = GameFilter {
                status: Some(GameStatus::Active),
                ..GameFilter::default()
            };
            assert_eq!(games::count(tx, &active)?, 1);

            let by_finish = games::list(
                tx,
                &GameFilter {
                    order: GameOrder::FinishedDesc,
                    ..GameFilter::default()
                },
            )?;
            assert_eq!(
                by_finish.iter().map(|g| g.id.0).collect::<Vec<_>>(),
                [1, 3, 2]
            );

            let window = GameFilter {
                created_from: Some(t(2, 0)),
                created_until: Some(t(3, 10)),
                ..GameFilter::default()
            };
            assert_eq!(
                games::list(tx, &window)?
                    .iter()
                    .map(|g| g.id.0)
                    .collect::<Vec<_>>(),
                [2]
            );

            let finished_window = GameFilter {
                finished_from: Some(t(4, 0)),
                finished_until: Some(t(5, 0)),
                ..GameFilter::default()
            };
            assert_eq!(
                games::list(tx, &finished_window)?
                    .iter()
                    .map(|g| g.id.0)
                    .collect::<Vec<_>>(),
                [3]
            );

            let page2 = games::list(
                tx,
                &GameFilter {
                    limit: Some(2),
                    offset: 2,
                    ..GameFilter::default()
                },
            )?;
            assert_eq!(page2.iter().map(|g| g.id.0).collect::<Vec<_>>(), [3]);
            assert_eq!(games::count(tx, &GameFilter::default())?, 3);
            Ok::<_, StoreError>(())
        })
        .expect("queries");
}

#[test]
fn moves_are_appended_only_at_the_next_ply() {
    let (mut store, _, _, game) = store_with_game();
    run(&mut store, |tx| {
        moves::append(tx, &mv(game, 1, "c3-d4"))?;
        moves::append(tx, &mv(game, 2, "h6-g5"))
    })
    .expect("two plies");
    let err =
        run(&mut store, |tx| moves::append(tx, &mv(game, 2, "f6-g5"))).expect_err("duplicate ply");
    assert!(matches!(err, StoreError::DuplicatePly { ply: 2, .. }));
    let err = run(&mut store, |tx| moves::append(tx, &mv(game, 4, "g3-f4"))).expect_err("gap");
    assert!(matches!(
        err,
        StoreError::PlyGap {
            ply: 4,
            next: 3,
            ..
        }
    ));
    let err = run(&mut store, |tx| {
        moves::append(tx, &mv(GameId(404), 1, "c3-d4"))
    })
    .expect_err("unknown game");
    assert!(matches!(err, StoreError::NotFound { what: "game", .. }));

    let score = store.read(|tx| moves::list(tx, game)).expect("list");
    assert_eq!(
        score
            .iter()
            .map(|m| m.notation.as_str())
            .collect::<Vec<_>>(),
        ["c3-d4", "h6-g5"]
    );
    assert_eq!(score[1].side, Side::Black);
    assert_eq!(score[1].position_hash, -2);
    assert_eq!(score[0].received_at, t(2, 1));
}

#[test]
fn the_schema_refuses_a_gap_in_plies_from_any_writer() {
    let (mut store, _, _, game) = store_with_game();
    let err = run(&mut store, |tx| {
        tx.sql().execute(
            "INSERT INTO moves (game_id, ply, side, notation, written, received_at, position_hash)
             VALUES (?1, 3, 'white', 'c3-d4', 'c3-d4', '2025-03-02T00:00:00.000Z', 0)",
            [game],
        )?;
        Ok(())
    })
    .expect_err("trigger");
    assert!(err.to_string().contains("ply out of sequence"), "{err}");
}

#[test]
fn rollback_truncates_the_score_to_its_first_plies() {
    let (mut store, _, _, game) = store_with_game();
    let removed = run(&mut store, |tx| {
        for (i, n) in ["c3-d4", "h6-g5", "g3-f4", "g7-h6", "a3-b4"]
            .iter()
            .enumerate()
        {
            moves::append(tx, &mv(game, i as u32 + 1, n))?;
        }
        moves::truncate(tx, game, 2)
    })
    .expect("truncate");
    assert_eq!(removed, 3);
    store
        .read(|tx| {
            assert_eq!(moves::last_ply(tx, game)?, 2);
            assert_eq!(
                moves::get(tx, game, 2)?.map(|m| m.notation),
                Some("h6-g5".to_owned())
            );
            assert_eq!(moves::get(tx, game, 3)?, None);
            Ok::<_, StoreError>(())
        })
        .expect("read");
    run(&mut store, |tx| moves::append(tx, &mv(game, 3, "c3-b4"))).expect("replay from ply 3");
}

#[test]
fn a_game_has_at_most_one_pending_draw_offer() {
    let (mut store, _, _, game) = store_with_game();
    let offer = NewOffer {
        game_id: game,
        ply: 5,
        side: Side::White,
        source_message: Some("m1@example.org".to_owned()),
        created_at: t(3, 0),
    };
    let first = run(&mut store, |tx| offers::offer(tx, &offer)).expect("offer");
    assert_eq!(first.status, OfferStatus::Pending);
    let err = run(&mut store, |tx| {
        offers::offer(
            tx,
            &NewOffer {
                side: Side::Black,
                ..offer.clone()
            },
        )
    })
    .expect_err("second pending");
    assert!(matches!(err, StoreError::OfferPending { .. }));

    let declined = run(&mut store, |tx| {
        offers::resolve(tx, first.id, OfferStatus::Declined, t(4, 0))
    })
    .expect("declined");
    assert_eq!(declined.resolved_at, Some(t(4, 0)));
    let err = run(&mut store, |tx| {
        offers::resolve(tx, first.id, OfferStatus::Accepted, t(4, 1))
    })
    .expect_err("answered already");
    assert!(matches!(
        err,
        StoreError::OfferNotPending {
            status: OfferStatus::Declined,
            ..
        }
    ));
    let err = run(&mut store, |tx| {
        offers::resolve(tx, first.id, OfferStatus::Pending, t(4, 1))
    })
    .expect_err("pending is not an answer");
    assert!(matches!(err, StoreError::Invalid { .. }));

    let again = run(&mut store, |tx| {
        offers::offer(
            tx,
            &NewOffer {
                ply: 8,
                ..offer.clone()
            },
        )
    })
    .expect("new offer after the answer");
    store
        .read(|tx| {
            assert_eq!(offers::pending(tx, game)?.map(|o| o.id), Some(again.id));
            assert_eq!(offers::list(tx, game)?.len(), 2);
            Ok::<_, StoreError>(())
        })
        .expect("read");
}

#[test]
fn draw_claims_are_kept_with_verdict_and_rule() {
    let (mut store, _, _, game) = store_with_game();
    let claim = run(&mut store, |tx| {
        offers::claim(
            tx,
            &NewClaim {
                game_id: game,
                ply: 40,
                side: Side::Black,
                kind: "repetition".to_owned(),
                written_move: Some("d8-c7".to_owned()),
                verdict: ClaimVerdict::Rejected,
                rule: "Russian Draughts Rules (2010), §1.9.2".to_owned(),
                source_message: None,
                created_at: t(6, 0),
            },
        )
    })
    .expect("claim");
    assert_eq!(claim.verdict, ClaimVerdict::Rejected);
    let all = store.read(|tx| offers::claims(tx, game)).expect("claims");
    assert_eq!(all, vec![claim]);
}

#[test]
fn a_sealed_move_stays_hidden_until_revealed() {
    let (mut store, _, _, game) = store_with_game();
    let new = NewSealedMove {
        game_id: game,
        side: Side::White,
        ply: 31,
        text: "16. c3-d4".to_owned(),
        source_message: None,
        sealed_at: t(7, 0),
    };
    let sealed = run(&mut store, |tx| moves::seal(tx, &new)).expect("sealed");
    let err = run(&mut store, |tx| moves::seal(tx, &new)).expect_err("one at a time");
    assert!(matches!(
        err,
        StoreError::Duplicate {
            what: "sealed move",
            ..
        }
    ));
    let shown = run(&mut store, |tx| moves::reveal(tx, sealed.id, t(8, 0))).expect("revealed");
    assert_eq!(shown.revealed_at, Some(t(8, 0)));
    let err = run(&mut store, |tx| moves::reveal(tx, sealed.id, t(8, 1))).expect_err("twice");
    assert!(matches!(err, StoreError::NotFound { .. }));
    store
        .read(|tx| {
            assert_eq!(moves::sealed(tx, game)?, None);
            assert_eq!(moves::sealed_moves(tx, game)?.len(), 1);
            Ok::<_, StoreError>(())
        })
        .expect("read");
}

#[test]
fn clocks_are_stored_and_running_ones_found_by_deadline() {
    let (mut store, _, _, game) = store_with_game();
    let mut white = Clock::new(game, Side::White, t(1, 10));
    white.running = true;
    white.last_started_at = Some(t(1, 10));
    white.deadline = Some(t(6, 10));
    white.used_seconds = 3600;
    let black = Clock::new(game, Side::Black, t(1, 10));
    run(&mut store, |tx| {
        clocks::put(tx, &white)?;
        clocks::put(tx, &black)
    })
    .expect("put");
    store
        .read(|tx| {
            assert_eq!(clocks::list(tx, game)?, vec![white.clone(), black.clone()]);
            assert_eq!(clocks::get(tx, game, Side::Black)?, Some(black.clone()));
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
        side: Side::White,
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

#[test]
fn audit_entries_are_listed_by_game_actor_and_action() {
    let (mut store, ivan, _, game) = store_with_game();
    run(&mut store, |tx| {
        audit::append(
            tx,
            &NewAuditEntry {
                at: t(5, 0),
                actor: Some(ivan),
                action: "rollback".to_owned(),
                game_id: Some(game),
                reason: Some("illegal move at ply 7".to_owned()),
                details: Some(json!({"to_ply": 6, "removed": 3})),
            },
        )?;
        audit::append(
            tx,
            &NewAuditEntry {
                at: t(5, 1),
                actor: None,
                action: "mail_rejected".to_owned(),
                game_id: None,
                reason: Some("no token".to_owned()),
                details: None,
            },
        )?;
        Ok(())
    })
    .expect("append");
    store
        .read(|tx| {
            let for_game = audit::list(
                tx,
                &AuditFilter {
                    game: Some(game),
                    ..AuditFilter::default()
                },
            )?;
            assert_eq!(for_game.len(), 1);
            assert_eq!(for_game[0].actor, Some(ivan));
            assert_eq!(
                for_game[0].details,
                Some(json!({"to_ply": 6, "removed": 3}))
            );
            let newest = audit::list(
                tx,
                &AuditFilter {
                    newest_first: true,
                    limit: Some(1),
                    ..AuditFilter::default()
                },
            )?;
            assert_eq!(newest[0].action, "mail_rejected");
            let by_action = audit::list(
                tx,
                &AuditFilter {
                    action: Some("rollback".into()),
                    ..AuditFilter::default()
                },
            )?;
            assert_eq!(by_action.len(), 1);
            Ok::<_, StoreError>(())
        })
        .expect("list");
}

#[test]
fn a_message_is_recorded_once_by_inbox_key_or_verified_message_id() {
    let (mut store, _, _, game) = store_with_game();
    let m = NewProcessedMessage {
        message_id: Some("<3c1f6f0e@example.org>".to_owned()),
        inbox_key: "INBOX/1741000000/42".to_owned(),
        game_id: Some(game),
        sender: Some("Ivan.Petrov@example.org".to_owned()),
        verified: true,
        outcome: "applied".to_owned(),
        processed_at: t(4, 0),
    };
    assert!(run(&mut store, |tx| messages::record(tx, &m)).expect("new"));
    let same_id = NewProcessedMessage {
        inbox_key: "INBOX/1741000000/43".to_owned(),
        message_id: Some("3c1f6f0e@example.org".to_owned()),
        ..m.clone()
    };
    assert!(!run(&mut store, |tx| messages::record(tx, &same_id)).expect("dup id"));
    let same_key = NewProcessedMessage {
        message_id: Some("other@example.org".to_owned()),
        ..m.clone()
    };
    assert!(!run(&mut store, |tx| messages::record(tx, &same_key)).expect("dup key"));
    // A stranger's mail with the same Message-ID, unverified: recorded, and it
    // pre-empts nothing.
    let stranger = NewProcessedMessage {
        inbox_key: "INBOX/1741000000/44".to_owned(),
        sender: Some("mallory@example.net".to_owned()),
        verified: false,
        ..m.clone()
    };
    assert!(run(&mut store, |tx| messages::record(tx, &stranger)).expect("stranger"));
    let no_id = NewProcessedMessage {
        message_id: None,
        inbox_key: "cur/1741.M1.host".to_owned(),
        ..m.clone()
    };
    assert!(run(&mut store, |tx| messages::record(tx, &no_id)).expect("no id"));
    let no_id2 = NewProcessedMessage {
        inbox_key: "cur/1741.M2.host".to_owned(),
        ..no_id.clone()
    };
    assert!(run(&mut store, |tx| messages::record(tx, &no_id2)).expect("no id again"));
    store
        .read(|tx| {
            let seen = messages::find_verified(
                tx,
                Some("3c1f6f0e@example.org"),
                "ivan.petrov@EXAMPLE.org",
            )?;
            assert_eq!(
                seen.map(|s| s.inbox_key),
                Some("INBOX/1741000000/42".to_owned())
            );
            assert!(
                messages::find_verified(tx, Some("<3c1f6f0e@example.org>"), "mallory@example.net")?
                    .is_none()
            );
            assert!(messages::find_verified(tx, None, "ivan.petrov@example.org")?.is_none());
            assert!(messages::find_key(tx, "INBOX/1741000000/42")?.is_some());
            assert!(messages::find_key(tx, "INBOX/1/1")?.is_none());
            assert_eq!(messages::list(tx, Some(game), None)?.len(), 4);
            assert_eq!(messages::list(tx, None, Some(1))?.len(), 1);
            Ok::<_, StoreError>(())
        })
        .expect("read");
    assert_eq!(
        messages::normalize_message_id(" <a@b> "),
        Some("a@b".to_owned())
    );
    assert_eq!(messages::normalize_message_id("<>"), None);
}

#[test]
fn mailbox_position_is_kept() {
    let mut store = Store::open_in_memory().expect("store");
    let state = MailboxState {
        name: "INBOX".to_owned(),
        uid_validity: 1_741_000_000,
        last_uid: 42,
        updated_at: t(4, 0),
    };
    run(&mut store, |tx| messages::set_mailbox(tx, &state)).expect("set");
    let read = store
        .read(|tx| messages::mailbox(tx, "INBOX"))
        .expect("get");
    assert_eq!(read, Some(state));
}

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
        game_id: None,
        created_at: at,
    }
}

#[test]
fn outbox_rows_are_due_sent_once_and_retried_with_backoff() {
    let mut store = Store::open_in_memory().expect("store");
    let policy = RetryPolicy {
        first_delay_seconds: 60,
        max_delay_seconds: 600,
        max_attempts: 3,
    };
    let (a, b) = run(&mut store, |tx| {
        Ok((
            outbox::enqueue(tx, &outgoing("<r1@zaochka.test>", t(4, 0)))?,
            outbox::enqueue(tx, &outgoing("r2@zaochka.test", t(4, 1)))?,
        ))
    })
    .expect("enqueue");
    let due = store.read(|tx| outbox::due(tx, t(4, 0), 10)).expect("due");
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].id, a);
    assert_eq!(due[0].message_id, "r1@zaochka.test");
    assert_eq!(due[0].in_reply_to.as_deref(), Some("3c1f6f0e@example.org"));
    assert_eq!(
        due[0].attachments[0].content,
        vec![0x89, b'P', b'N', b'G', 0, 255]
    );

    run(&mut store, |tx| outbox::mark_sent(tx, a, t(4, 0))).expect("sent");
    let err = run(&mut store, |tx| outbox::mark_sent(tx, a, t(4, 0))).expect_err("sent twice");
    assert!(matches!(err, StoreError::NotFound { .. }));

    let s = run(&mut store, |tx| {
        outbox::mark_failed(tx, b, "421 try later", Failure::Transient, t(4, 1), &policy)
    })
    .expect("fail 1");
    assert_eq!(s, OutboxStatus::Pending);
    let row = store.read(|tx| outbox::get(tx, b)).expect("get");
    assert_eq!(
        (row.attempts, row.next_attempt_at),
        (1, t(4, 1) + TimeDelta::seconds(60))
    );
    assert!(
        store
            .read(|tx| outbox::due(tx, t(4, 1), 10))
            .expect("due")
            .is_empty()
    );
    run(&mut store, |tx| {
        outbox::mark_failed(tx, b, "421", Failure::Transient, t(4, 2), &policy)
    })
    .expect("fail 2");
    let row = store.read(|tx| outbox::get(tx, b)).expect("get");
    assert_eq!(row.next_attempt_at, t(4, 2) + TimeDelta::seconds(120));
    let s = run(&mut store, |tx| {
        outbox::mark_failed(tx, b, "421", Failure::Transient, t(4, 3), &policy)
    })
    .expect("fail 3");
    assert_eq!(s, OutboxStatus::Failed);
    let failed = store
        .read(|tx| outbox::list(tx, Some(OutboxStatus::Failed), None))
        .expect("list");
    assert_eq!(failed.iter().map(|m| m.id).collect::<Vec<_>>(), [b]);
    assert_eq!(failed[0].last_error.as_deref(), Some("421"));

    assert_eq!(policy.delay_seconds(1), 60);
    assert_eq!(policy.delay_seconds(4), 480);
    assert_eq!(policy.delay_seconds(5), 600);
    assert_eq!(policy.delay_seconds(100), 600);
}

#[test]
fn a_permanent_send_failure_gives_up_at_once() {
    let mut store = Store::open_in_memory().expect("store");
    let id = run(&mut store, |tx| {
        outbox::enqueue(tx, &outgoing("p@zaochka.test", t(4, 0)))
    })
    .expect("enqueue");
    let s = run(&mut store, |tx| {
        outbox::mark_failed(
            tx,
            id,
            "550 5.1.1 no such user",
            Failure::Permanent,
            t(4, 0),
            &RetryPolicy::default(),
        )
    })
    .expect("failed");
    assert_eq!(s, OutboxStatus::Failed);
}

#[test]
fn an_outbox_message_id_is_used_once() {
    let mut store = Store::open_in_memory().expect("store");
    run(&mut store, |tx| {
        outbox::enqueue(tx, &outgoing("<same@zaochka.test>", t(4, 0)))
    })
    .expect("first");
    let err = run(&mut store, |tx| {
        outbox::enqueue(tx, &outgoing("same@zaochka.test", t(4, 1)))
    })
    .expect_err("duplicate");
    assert!(matches!(
        err,
        StoreError::Duplicate {
            what: "outbox message id",
            ..
        }
    ));
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
