//! Store unit tests: draw offers and claims.

use super::*;

#[test]
fn a_game_has_at_most_one_pending_draw_offer() {
    let (mut store, _, _, game) = store_with_game();
    let offer = NewOffer {
        game_id: game,
        ply: 5,
        side: Color::White,
        source_message: Some("m1@example.org".to_owned()),
        created_at: t(3, 0),
    };
    let first = run(&mut store, |tx| offers::offer(tx, &offer)).expect("offer");
    assert_eq!(first.status, OfferStatus::Pending);
    let err = run(&mut store, |tx| {
        offers::offer(
            tx,
            &NewOffer {
                side: Color::Black,
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
                side: Color::Black,
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
