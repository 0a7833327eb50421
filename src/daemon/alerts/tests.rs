use super::*;
use crate::store::Store;
use crate::store::outbox::NewOutgoing;
use crate::store::players::Role;
use crate::store::players::{Language as StoredLanguage, NewPlayer};
use crate::vocabulary::GameId;
use crate::vocabulary::Language;
use chrono::TimeZone;

fn at(h: u32, m: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, h, m, 0).unwrap()
}

fn person(tx: &Tx<'_>, email: &str, role: Role, lang: StoredLanguage) -> Player {
    players::add(
        tx,
        &NewPlayer {
            name: email.split('@').next().unwrap().into(),
            email: email.into(),
            language: lang,
            time_zone: "UTC".into(),
            role,
            created_at: at(0, 0),
        },
    )
    .unwrap()
}

fn skipped(n: usize) -> Alert {
    Alert::InboxEntrySkipped {
        entry: format!("entry{n}"),
        why: EntrySkip::Fifo,
    }
}

fn alert_mails(tx: &Tx<'_>, to: &str) -> Vec<outbox::OutgoingMail> {
    outbox::list(tx, None, None)
        .unwrap()
        .into_iter()
        .filter(|m| m.to_address == to)
        .collect()
}

#[test]
fn an_alert_goes_once_to_each_referee_in_their_language() {
    let mut store = Store::open_in_memory().unwrap();
    let config = Config::default();
    store
        .transaction(|tx| {
            person(tx, "ref@x.org", Role::Referee, StoredLanguage::Ru);
            person(tx, "admin@x.org", Role::Admin, StoredLanguage::En);
            person(tx, "pl@x.org", Role::Player, StoredLanguage::En);
            let a = Alert::Undeliverable {
                address: "bob@x.org".into(),
                game: Some(GameId(3)),
                reporting_mta: Some("mx.x.org\u{1b}[31m".into()),
                since: at(10, 0),
            };
            assert!(raise(tx, &config, &a, at(10, 0))?);
            assert!(!raise(tx, &config, &a, at(10, 5))?);
            let ru = alert_mails(tx, "ref@x.org");
            let en = alert_mails(tx, "admin@x.org");
            assert_eq!((ru.len(), en.len()), (1, 1));
            assert!(alert_mails(tx, "pl@x.org").is_empty());
            // Each in the referee's own language (the words: words::alerts).
            assert_eq!(ru[0].subject, a.subject(Language::Ru));
            assert_ne!(ru[0].subject, a.subject(Language::En));
            assert!(ru[0].body_text.starts_with(&a.body(Language::Ru)));
            assert_eq!(en[0].subject, a.subject(Language::En));
            assert!(en[0].body_text.starts_with(&a.body(Language::En)));
            assert!(
                en[0].body_text.contains("mx.x.org\\u{1b}[31m"),
                "{}",
                en[0].body_text
            );
            assert!(!en[0].body_text.contains('\u{1b}'));
            assert!(!en[0].body_text.contains("Some("), "no debug text");
            Ok::<_, StoreError>(())
        })
        .unwrap();
}

#[test]
fn alerts_over_the_hourly_limit_are_held_and_listed_in_the_next_mail() {
    let mut store = Store::open_in_memory().unwrap();
    let mut config = Config::default();
    config.alerts.per_referee_per_hour = 2;
    store
        .transaction(|tx| {
            person(tx, "ref@x.org", Role::Referee, StoredLanguage::En);
            for n in 0..5 {
                assert!(raise(tx, &config, &skipped(n), at(10, n as u32))?);
            }
            assert_eq!(alert_mails(tx, "ref@x.org").len(), 2, "two within the hour");
            let held = records::deliveries(tx)?
                .iter()
                .filter(|d| d.status == DeliveryStatus::Held)
                .count();
            assert_eq!(held, 3);
            // An hour after the first two, the next alert carries the three held ones.
            assert!(raise(tx, &config, &skipped(9), at(11, 2))?);
            let mails = alert_mails(tx, "ref@x.org");
            assert_eq!(mails.len(), 3);
            // The held ones listed below it, oldest first (the words:
            // words::alerts::mail_body).
            let listed: Vec<Option<Alert>> = (2..5).map(|n| Some(skipped(n))).collect();
            assert_eq!(
                mails[2].body_text,
                crate::words::alerts::mail_body(&skipped(9), &listed, 2, Language::En)
            );
            assert!(
                records::deliveries(tx)?
                    .iter()
                    .all(|d| d.status != DeliveryStatus::Held)
            );
            Ok::<_, StoreError>(())
        })
        .unwrap();
}

#[test]
fn unreachable_or_bounced_referees_get_no_alert() {
    let mut store = Store::open_in_memory().unwrap();
    let config = Config::default();
    store
        .transaction(|tx| {
            let gone = person(tx, "gone@x.org", Role::Referee, StoredLanguage::En);
            players::set_unreachable(tx, gone.id, Some(at(9, 0)))?;
            person(tx, "bounced@x.org", Role::Admin, StoredLanguage::En);
            person(tx, "ok@x.org", Role::Referee, StoredLanguage::En);
            let row = outbox::enqueue(
                tx,
                &NewOutgoing::sample("Bounced@X.org", "m1@x.org", at(9, 0)),
            )?;
            records::record_bounce(
                tx,
                &records::NewBounce {
                    outbox_id: row,
                    address: "Bounced@X.org".into(),
                    matched_by: records::MatchedBy::Verp,
                    reporting_mta: None,
                    status: None,
                    diagnostic: None,
                    received_at: at(9, 30),
                },
            )?;
            assert!(raise(tx, &config, &skipped(1), at(10, 0))?);
            assert!(alert_mails(tx, "gone@x.org").is_empty());
            assert_eq!(alert_mails(tx, "bounced@x.org").len(), 0);
            assert_eq!(alert_mails(tx, "ok@x.org").len(), 1);
            let st: Vec<DeliveryStatus> =
                records::deliveries(tx)?.iter().map(|d| d.status).collect();
            assert_eq!(
                st,
                [
                    DeliveryStatus::Unreachable,
                    DeliveryStatus::Bounced,
                    DeliveryStatus::Queued
                ]
            );
            Ok::<_, StoreError>(())
        })
        .unwrap();
}

#[test]
fn keys_tell_alerts_apart() {
    let a = Alert::Quarantined {
        inbox_key: "k1".into(),
        sender: None,
        attempts: 3,
    };
    let b = Alert::Quarantined {
        inbox_key: "k2".into(),
        sender: None,
        attempts: 3,
    };
    assert_ne!(a.key(), b.key());
    let f = Alert::FaultPersists {
        since: at(1, 0),
        detail: "database is locked".into(),
    };
    assert_eq!(f.key(), "fault-persists:2026-12-01T01:00:00.000Z");
    let json = serde_json::to_value(&f).unwrap();
    assert_eq!(json["kind"], "fault-persists");
    assert_eq!(serde_json::from_value::<Alert>(json).unwrap(), f);
}
