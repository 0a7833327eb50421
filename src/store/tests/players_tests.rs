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

#[test]
fn a_mailbox_with_an_international_domain_is_one_player_in_either_form() {
    let mut store = Store::open_in_memory().expect("store");
    let ivan = run(&mut store, |tx| {
        players::add(tx, &new_player("Иван", "ivan@Пример.РФ"))
    })
    .expect("registered");
    assert_eq!(
        ivan.email, "ivan@xn--e1afmkfd.xn--p1ai",
        "stored in ASCII form"
    );
    let err = run(&mut store, |tx| {
        players::add(tx, &new_player("Двойник", "ivan@xn--e1afmkfd.xn--p1ai"))
    })
    .expect_err("the punycode twin is the same mailbox");
    assert!(
        matches!(
            err,
            StoreError::Duplicate {
                what: "player email",
                ..
            }
        ),
        "{err}"
    );
    for form in [
        "ivan@пример.рф",
        "IVAN@XN--E1AFMKFD.XN--P1AI",
        " ivan@ПРИМЕР.рф ",
    ] {
        let found = store
            .read(|tx| players::find_by_email(tx, form))
            .expect("query");
        assert_eq!(found.map(|p| p.id), Some(ivan.id), "{form}");
    }
}

#[test]
fn addresses_stored_in_unicode_form_are_brought_to_ascii_by_the_upgrade() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("z.db");
    let id = {
        let mut store = Store::open(&path).expect("store");
        let p = run(&mut store, |tx| {
            players::add(tx, &new_player("Иван", "ivan@example.org"))
        })
        .expect("registered");
        // As an earlier version stored it, in a database of the schema
        // before the conversion (21 migrations).
        store
            .transaction(|tx| -> Result<_, StoreError> {
                tx.sql().execute(
                    "UPDATE players SET email = 'ivan@пример.рф' WHERE id = ?1",
                    [p.id],
                )?;
                Ok(())
            })
            .expect("set");
        store
            .transaction(|tx| -> Result<_, StoreError> {
                // Without the tables and columns of the later migrations
                // (0023 to 0031).
                tx.sql().execute_batch(
                    "DROP TABLE shell_commands; DROP TABLE cancelled_clock_steps;
                     DROP INDEX outbox_unaddressed;
                     ALTER TABLE outbox DROP COLUMN from_address;
                     ALTER TABLE outbox DROP COLUMN reply_to;
                     DROP TABLE tournament_bulletin_games; DROP TABLE tournament_bulletins;
                     DROP TABLE bulletin_opt_outs;
                     DROP TABLE rating_lists;
                     ALTER TABLE games DROP COLUMN rated;
                     ALTER TABLE tournaments DROP COLUMN rated;
                     DROP TABLE signed_receipts;
                     DROP TABLE player_digests_sent; DROP TABLE player_digests;
                     DROP TABLE director_digests_sent; DROP TABLE director_events;
                     DROP TABLE director_mail;
                     DROP TABLE xfcc_failures; DROP TABLE xfcc_passwords;
                     DROP TABLE xfcc_messages;",
                )?;
                tx.sql().pragma_update(None, "user_version", 21)?;
                Ok(())
            })
            .expect("an earlier schema version");
        p.id
    };
    let mut store = Store::open(&path).expect("reopened");
    let found = store
        .read(|tx| players::find_by_email(tx, "ivan@xn--e1afmkfd.xn--p1ai"))
        .expect("query");
    assert_eq!(
        found.map(|p| (p.id, p.email)),
        Some((id, "ivan@xn--e1afmkfd.xn--p1ai".to_string()))
    );
}

#[test]
fn a_name_of_101_characters_is_refused_with_the_limit() {
    let mut store = Store::open_in_memory().expect("store");
    let long = "Я".repeat(101);
    let err = run(&mut store, |tx| {
        players::add(tx, &new_player(&long, "long@example.org"))
    })
    .expect_err("too long");
    assert!(
        matches!(
            err,
            StoreError::TooLong {
                what: "name",
                length: 101,
                limit: 100
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "name too long: 101 characters, at most 100"
    );
    let p = run(&mut store, |tx| {
        players::add(tx, &new_player(&"Я".repeat(100), "long@example.org"))
    })
    .expect("100 characters are a name");
    let err =
        run(&mut store, |tx| players::set_name(tx, p.id, &long)).expect_err("renamed too long");
    assert!(matches!(err, StoreError::TooLong { .. }), "{err}");
}
