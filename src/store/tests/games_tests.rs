//! Store unit tests: games (tokens, chosen ids, status and result, filters).

use super::*;

#[test]
fn new_game_gets_two_distinct_secret_tokens() {
    let (mut store, ivan, anna, game) = store_with_game();
    let g = store.read(|tx| games::get(tx, game)).expect("game");
    assert_eq!(g.status, GameStatus::Active);
    assert_eq!(g.result, None);
    assert_eq!(g.side_of(ivan), Some(Color::White));
    assert_eq!(g.side_of(anna), Some(Color::Black));
    assert_eq!(g.side_of(PlayerId(99)), None);
    let (w, b) = (g.token(Color::White), g.token(Color::Black));
    assert_ne!(w, b);
    assert_eq!(w.as_str().len(), games::TOKEN_LENGTH);
    assert!(w.matches(w.as_str()));
    assert!(!w.matches(&w.as_str().to_uppercase()));
    assert!(!w.matches(b.as_str()));
    assert!(!format!("{g:?}").contains(w.as_str()));
}

/// The tokens of a mail's transaction are numbered from 0 in each
/// transaction: a transaction rolled back (a fault of the machine) and run
/// again for the same mail draws the same tokens; the tokens of one
/// transaction differ from each other.
#[test]
fn a_mail_transaction_run_again_after_a_rollback_draws_the_same_tokens() {
    let (mut store, ivan, anna, _) = store_with_game();
    // The database's secret, as every database that has sent a mail holds.
    store
        .transaction(|tx| super::super::secrets::verp_key(tx, t(1, 9)))
        .expect("secret");
    let key = "maildir/1740819600.M7P7.host:2,";
    let tokens = |tx: &Tx<'_>| -> Result<(String, String), StoreError> {
        let g = games::create(tx, &NewGame::new(Variant::Russian, anna, ivan, t(2, 9)))?;
        Ok((
            g.white_token.as_str().to_owned(),
            g.black_token.as_str().to_owned(),
        ))
    };
    let mut rolled_back = None;
    let refused: Result<(), StoreError> = store.transaction_for_mail(key, t(2, 9), |tx| {
        rolled_back = Some(tokens(tx)?);
        Err(StoreError::Invalid {
            what: "test",
            value: "a fault after the draws".into(),
        })
    });
    assert!(refused.is_err());
    let again = store
        .transaction_for_mail(key, t(2, 9), tokens)
        .expect("tokens");
    assert_eq!(Some(&again), rolled_back.as_ref());
    assert_ne!(again.0, again.1);
    let other = store
        .transaction_for_mail("maildir/1740819601.M8P8.host:2,", t(2, 9), tokens)
        .expect("tokens");
    assert!(other.0 != again.0 && other.1 != again.1);
}

#[test]
fn game_can_be_created_with_a_chosen_id_and_tokens() {
    let (mut store, ivan, anna, _) = store_with_game();
    let g = run(&mut store, |tx| {
        let mut new = NewGame::new(Variant::Russian, ivan, anna, t(3, 0));
        new.id = Some(GameId(12));
        new.white_token = Some(Token::new("k7q2m9")?);
        new.black_token = Some(Token::new("r4t8x1")?);
        new.time_control = Some(TimeControl::parse("5d/move").expect("control"));
        new.tournament = Some("Кубок 2025".to_owned());
        games::create(tx, &new)
    })
    .expect("created");
    assert_eq!(g.id, GameId(12));
    assert!(g.white_token.matches("k7q2m9"));
    assert_eq!(
        g.time_control.map(|c| c.to_json()),
        Some(json!({"type": "days_per_move", "days": 5}))
    );
    let err = run(&mut store, |tx| {
        let mut new = NewGame::new(Variant::Russian, ivan, anna, t(3, 0));
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
        games::create(tx, &NewGame::new(Variant::Russian, ivan, ivan, t(3, 0)))
    })
    .expect_err("same player");
    assert!(matches!(err, StoreError::Invalid { .. }));
    let err = run(&mut store, |tx| {
        games::create(
            tx,
            &NewGame::new(Variant::Russian, ivan, PlayerId(77), t(3, 0)),
        )
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
        let g2 = games::create(
            tx,
            &NewGame::new(Variant::International, anna, olga.id, t(2, 10)),
        )?;
        let g3 = games::create(tx, &NewGame::new(Variant::Russian, olga.id, ivan, t(3, 10)))?;
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
                    variant: Some(Variant::Russian),
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
