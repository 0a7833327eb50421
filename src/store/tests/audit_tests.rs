//! Store unit tests: the audit log.

use super::*;

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
