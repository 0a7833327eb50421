use super::*;

fn outbox_of(toml_text: &str) -> crate::config::OutboxConfig {
    let c: Config = toml::from_str(toml_text).unwrap();
    c.outbox
}

#[test]
fn the_smtp_outbox_reads_its_connections_and_caps_and_defaults_to_four_uncapped() {
    let base = "[outbox]\nkind = \"smtp\"\nhost = \"h\"\nport = 25\nsecurity = \"plain\"\n";
    assert_eq!(outbox_of(base).limits(), SendLimits::default());
    assert_eq!(SendLimits::default().connections(), 4);
    let set = outbox_of(&format!(
        "{base}connections = 8\nper-minute = 5\nper-day = 100\n\
         relay-retry-first-seconds = 2\nrelay-retry-max-seconds = 9\n"
    ));
    assert_eq!(
        set.limits(),
        SendLimits {
            connections: 8,
            per_minute: Some(5),
            per_day: Some(100),
            relay_retry_first_seconds: 2,
            relay_retry_max_seconds: 9,
        }
    );
    let files = outbox_of("[outbox]\nkind = \"files\"\npath = \"x\"\n");
    assert_eq!(files.limits().connections(), 1);
}

#[test]
fn a_cap_is_reached_counting_the_replies_in_flight() {
    let b = Budget {
        limits: SendLimits {
            connections: 4,
            per_minute: Some(5),
            per_day: Some(7),
            ..SendLimits::default()
        },
        minute: 3,
        day: 3,
        oldest_minute: None,
        oldest_day: None,
    };
    assert_eq!(b.reached(0), None);
    assert_eq!(b.reached(1), None);
    assert_eq!(b.reached(2), Some(Cap::Minute));
    let b = Budget { day: 6, ..b };
    assert_eq!(b.reached(1), Some(Cap::Day));
}

/// The workers' logic against the recording transport (no socket): three
/// connections, six replies in three chains of two, the second call
/// deferred (421 4.7.0). Every reply is accepted exactly once, none is
/// dropped, and each chain keeps its order.
#[test]
fn a_deferred_reply_is_sent_again_once_and_chains_keep_their_order() {
    use super::super::transport::recording::Recording;
    use crate::store::StoreError;
    use crate::store::outbox::{self, NewOutgoing, OutboxStatus};

    let mut c: Config = toml::from_str(
        "[outbox]\nkind = \"smtp\"\nhost = \"h\"\nport = 25\nsecurity = \"plain\"\nconnections = 3\n",
    )
    .unwrap();
    c.address.local = "bot".into();
    c.address.domain = "example.test".into();
    let mut store = Store::open_in_memory().unwrap();
    let now = Utc::now();
    store
        .transaction(|tx| {
            for k in 0..3 {
                for n in 0..2 {
                    outbox::enqueue(
                        tx,
                        &NewOutgoing::sample(
                            &format!("p{k}@example.test"),
                            &format!("m{k}.{n}@example.test"),
                            now,
                        ),
                    )?;
                }
            }
            Ok::<_, StoreError>(())
        })
        .unwrap();
    let transport = Recording::answering(|call, _| {
        if call == 1 {
            Err(SendError::Deferred("421 4.7.0 slow down".into()))
        } else {
            Ok(())
        }
    });
    let stop = AtomicBool::new(false);
    let sent = super::super::sender::send_due(&mut store, &transport, &c, now, &stop).unwrap();
    assert_eq!(sent, 6);
    assert_eq!(
        transport.calls(),
        7,
        "six replies and the one deferred call"
    );
    let accepted = transport.accepted();
    assert_eq!(accepted.len(), 6, "{accepted:?}");
    let place = |id: &str| {
        let hits: Vec<usize> = (0..accepted.len())
            .filter(|&i| accepted[i].contains(id))
            .collect();
        assert_eq!(hits.len(), 1, "{id} accepted once: {accepted:?}");
        hits[0]
    };
    for k in 0..3 {
        assert!(
            place(&format!("m{k}.0@")) < place(&format!("m{k}.1@")),
            "chain {k} in order: {accepted:?}"
        );
    }
    let pending = store
        .read(|tx| outbox::list(tx, Some(OutboxStatus::Pending), None))
        .unwrap();
    assert!(pending.is_empty(), "{pending:?}");
}

/// The pump hands over and marks while the caller's work goes on: a row
/// queued by the work is on the wire (accepted and marked sent) before
/// the work returns, and a row queued after the last pump is sent by the
/// finish; each exactly once.
#[test]
fn rows_queued_during_the_work_are_sent_before_it_ends() {
    use super::super::transport::recording::Recording;
    use crate::store::outbox::{self, NewOutgoing, OutboxStatus};

    let mut c: Config = toml::from_str(
        "[outbox]\nkind = \"smtp\"\nhost = \"h\"\nport = 25\nsecurity = \"plain\"\nconnections = 2\n",
    )
    .unwrap();
    c.address.local = "bot".into();
    c.address.domain = "example.test".into();
    let mut store = Store::open_in_memory().unwrap();
    let now = Utc::now();
    let transport = Recording::answering(|_, _| Ok(()));
    let stop = AtomicBool::new(false);
    let queue = |store: &mut Store, id: &str| {
        store
            .transaction(|tx| outbox::enqueue(tx, &NewOutgoing::sample("p@example.test", id, now)))
            .unwrap();
    };
    let pending = |store: &mut Store| {
        store
            .read(|tx| outbox::list(tx, Some(OutboxStatus::Pending), None))
            .unwrap()
            .len()
    };
    let (during, sent) = send_while(
        &mut store,
        &transport,
        &c,
        &ReturnPath::new(
            &c,
            crate::store::secrets::SecretKey::from_bytes(&[7u8; 32]).unwrap(),
        ),
        now,
        &stop,
        |store, pump| {
            queue(store, "first@example.test");
            let start = Instant::now();
            while pending(store) > 0 && start.elapsed() < Duration::from_secs(10) {
                pump(store);
                std::thread::sleep(Duration::from_millis(5));
            }
            let during = (transport.accepted().len(), pending(store));
            queue(store, "second@example.test");
            during
        },
    );
    assert_eq!(
        during,
        (1, 0),
        "the first row sent and marked during the work"
    );
    assert_eq!(sent.unwrap(), 2);
    let accepted = transport.accepted();
    assert_eq!(accepted.len(), 2, "{accepted:?}");
    assert!(accepted[0].contains("first@") && accepted[1].contains("second@"));
    assert_eq!(pending(&mut store), 0);
}

#[test]
fn a_relay_fault_waits_as_long_as_it_has_lasted_within_its_bounds() {
    let l = SendLimits {
        relay_retry_first_seconds: 30,
        relay_retry_max_seconds: 600,
        ..SendLimits::default()
    };
    let t = Utc::now();
    assert_eq!(l.relay_retry_seconds(t, t), 30);
    assert_eq!(l.relay_retry_seconds(t, t + TimeDelta::seconds(100)), 100);
    assert_eq!(l.relay_retry_seconds(t, t + TimeDelta::hours(5)), 600);
}

#[test]
fn a_refusal_code_keeps_the_codes_and_leaves_the_recipient_out() {
    assert_eq!(
        refusal_code("permanent error (550): 5.7.1 <a@b.test>: Relaying denied"),
        "550 5.7.1"
    );
    assert_eq!(refusal_code("permanent error (554): no such user"), "554");
    assert!(is_policy("554 5.7.1"));
    assert!(!is_policy("550 5.1.1"));
    assert!(!is_policy("550"));
}

/// One call of the pool over `to` (one row each) answered by `answer` per
/// recipient; returns each row's status and the relay faults recorded.
fn refusals_sorted(
    to: &[&str],
    answer: impl Fn(&str) -> Result<(), SendError> + Send + Sync + 'static,
) -> (Vec<crate::store::outbox::OutboxStatus>, usize) {
    use super::super::transport::recording::Recording;
    use crate::store::StoreError;
    use crate::store::outbox::{self, NewOutgoing};

    let mut c: Config = toml::from_str(
        "[outbox]\nkind = \"smtp\"\nhost = \"h\"\nport = 25\nsecurity = \"plain\"\nconnections = 1\n",
    )
    .unwrap();
    c.address.local = "bot".into();
    c.address.domain = "example.test".into();
    let mut store = Store::open_in_memory().unwrap();
    let now = Utc::now();
    store
        .transaction(|tx| {
            for (k, t) in to.iter().enumerate() {
                outbox::enqueue(
                    tx,
                    &NewOutgoing::sample(t, &format!("m{k}@example.test"), now),
                )?;
            }
            Ok::<_, StoreError>(())
        })
        .unwrap();
    let transport = Recording::answering(move |_, m| {
        let rcpt = m.envelope().to()[0].to_string();
        answer(&rcpt)
    });
    let stop = AtomicBool::new(false);
    super::super::sender::send_due(&mut store, &transport, &c, now, &stop).unwrap();
    store
        .read(|tx| {
            let rows = outbox::list(tx, None, None)?;
            let faults = relay_faults::recent(tx, 10)?.len();
            Ok::<_, StoreError>((
                rows.iter()
                    .filter(|r| !r.message_id.starts_with("zaochka.alert."))
                    .map(|r| r.status)
                    .collect(),
                faults,
            ))
        })
        .unwrap()
}

#[test]
fn a_refusal_at_rcpt_is_the_recipients_once_the_relay_took_another() {
    use crate::store::outbox::OutboxStatus::{Failed, Sent};
    let refuse_b = |to: &str| {
        if to.starts_with('b') {
            Err(SendError::Recipient(
                "permanent error (550): 5.1.1 <b@example.test>: user unknown".into(),
            ))
        } else {
            Ok(())
        }
    };
    // Refused first, then the relay takes the next: the refusal is b's.
    assert_eq!(
        refusals_sorted(&["b@example.test", "a@example.test"], refuse_b),
        (vec![Failed, Sent], 0)
    );
    // Alone, and not a policy refusal: b's too.
    assert_eq!(
        refusals_sorted(&["b@example.test"], refuse_b),
        (vec![Failed], 0)
    );
}

#[test]
fn the_same_refusal_for_two_recipients_or_a_lone_policy_refusal_is_the_relays() {
    use crate::store::outbox::OutboxStatus::Pending;
    let deny = |to: &str| {
        Err(SendError::Recipient(format!(
            "permanent error (554): 5.7.1 <{to}>: Relay access denied"
        )))
    };
    assert_eq!(
        refusals_sorted(&["a@example.test", "b@example.test"], deny),
        (vec![Pending, Pending], 1)
    );
    assert_eq!(
        refusals_sorted(&["a@example.test"], deny),
        (vec![Pending], 1)
    );
}
