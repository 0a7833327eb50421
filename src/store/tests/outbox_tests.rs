//! Store unit tests: the outbox (due rows, retries, permanent failures).

use super::*;

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
    // The addresses the sender puts in From and Reply-To come back as written.
    assert_eq!(
        due[0].from_address.as_deref(),
        Some("zaochka+1.Tok3n@example.org")
    );
    assert_eq!(
        due[0].reply_to.as_deref(),
        Some("zaochka+1.Tok3n@example.org")
    );
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
