//! Store unit tests: processed messages and the mailbox position.

use super::*;

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

#[test]
fn the_newest_receipt_of_a_mailbox_counts_only_the_keys_of_that_mailbox() {
    let (mut store, _, _, _) = store_with_game();
    let record = |store: &mut Store, key: &str, at| {
        let m = NewProcessedMessage {
            message_id: None,
            inbox_key: key.to_owned(),
            game_id: None,
            sender: None,
            verified: false,
            outcome: "ignored: stranger".to_owned(),
            processed_at: at,
        };
        assert!(run(store, |tx| messages::record(tx, &m)).expect("recorded"));
    };
    record(&mut store, "maildir/1.M1.host", t(4, 0));
    record(&mut store, "maildir/2.M2.host", t(5, 0));
    record(&mut store, "INBOX/7/3", t(6, 0));
    record(&mut store, "INBOX/70/4", t(7, 0));
    store
        .read(|tx| {
            assert_eq!(messages::newest_receipt(tx, "maildir/")?, Some(t(5, 0)));
            assert_eq!(messages::newest_receipt(tx, "INBOX/7/")?, Some(t(6, 0)));
            assert_eq!(messages::newest_receipt(tx, "INBOX/70/")?, Some(t(7, 0)));
            assert_eq!(messages::newest_receipt(tx, "INBOX/8/")?, None);
            assert!(messages::knows_key(tx, "maildir/1.M1.host")?);
            assert!(!messages::knows_key(tx, "maildir/3.M3.host")?);
            Ok::<_, StoreError>(())
        })
        .expect("read");
}
