//! Store unit tests: moves (append at the next ply, rollback, sealed moves).

use super::*;

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
    assert_eq!(score[1].side, Color::Black);
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
fn a_sealed_move_stays_hidden_until_revealed() {
    let (mut store, _, _, game) = store_with_game();
    let new = NewSealedMove {
        game_id: game,
        side: Color::White,
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
