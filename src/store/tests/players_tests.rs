//! Store unit tests: players (unique address, language, role, zone).

use super::*;

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
