use chrono::TimeZone;

use super::*;

fn at(h: u32, m: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, h, m, 0).unwrap()
}

fn undeliverable() -> Alert {
    Alert::Undeliverable {
        address: "bob@x.org".into(),
        game: Some(GameId(3)),
        reporting_mta: Some("mx.x.org\u{1b}[31m".into()),
        since: at(10, 0),
    }
}

fn skipped(n: usize) -> Alert {
    Alert::InboxEntrySkipped {
        entry: format!("entry{n}"),
        why: EntrySkip::Fifo,
    }
}

#[test]
fn an_undeliverable_address_is_told_with_its_game_in_each_language() {
    let a = undeliverable();
    assert_eq!(
        a.subject(Language::Ru),
        "[zaochka] письма на bob@x.org не доставляются"
    );
    assert_eq!(
        a.subject(Language::En),
        "[zaochka] mail to bob@x.org cannot be delivered"
    );
    let ru = a.body(Language::Ru);
    assert!(
        ru.starts_with("Письмо по партии №3, отправленное zaochka на адрес bob@x.org, не доставлено. Почтовый сервер mx.x.org\\u{1b}[31m сообщил"),
        "{ru}"
    );
    assert!(ru.contains("недоступный с 2026-12-01 10:00 UTC"), "{ru}");
    let en = a.body(Language::En);
    assert!(
        en.starts_with("A mail about game #3 that zaochka sent to bob@x.org could not be delivered. The mail server mx.x.org\\u{1b}[31m reported"),
        "{en}"
    );
    assert!(!en.contains('\u{1b}') && !ru.contains('\u{1b}'));
}

#[test]
fn a_held_alert_is_one_line_naming_the_entry_and_what_it_is() {
    assert_eq!(
        skipped(4).summary_line(Language::En),
        "entry4: it is a named pipe"
    );
    assert_eq!(
        skipped(4).summary_line(Language::Ru),
        "entry4: это именованный канал"
    );
}

#[test]
fn the_body_lists_thirty_held_alerts_counts_the_rest_and_signs() {
    let mut held: Vec<Option<Alert>> = (0..32).map(|n| Some(skipped(n))).collect();
    held[1] = None;
    let en = mail_body(&undeliverable(), &held, 10, Language::En);
    assert!(en.starts_with(&undeliverable().body(Language::En)));
    assert!(
        en.contains(
            "\n\n32 earlier alerts were held because of the limit of 10 alert mails per hour:\n- entry0: it is a named pipe\n- an alert of another zaochka version\n- entry2:"
        ),
        "{en}"
    );
    assert!(
        en.contains("\n- entry29: it is a named pipe\n- and 2 more\n"),
        "{en}"
    );
    assert!(!en.contains("entry30"));
    assert!(en.ends_with("\n\n-- \nzaochka (an automatic message to the referees)\n"));
    let ru = mail_body(&undeliverable(), &held, 10, Language::Ru);
    assert!(
        ru.contains("Предыдущие оповещения (32) были задержаны из-за ограничения в 10 писем-оповещений в час:\n- entry0: это именованный канал\n- оповещение другой версии zaochka\n"),
        "{ru}"
    );
    assert!(ru.contains("\n- и ещё 2\n"), "{ru}");
    assert!(ru.ends_with("\n\n-- \nzaochka (автоматическое сообщение судьям)\n"));
}

#[test]
fn with_nothing_held_the_body_is_the_alert_and_the_signature() {
    let a = skipped(1);
    assert_eq!(
        mail_body(&a, &[], 10, Language::En),
        format!(
            "{}\n\n-- \nzaochka (an automatic message to the referees)\n",
            a.body(Language::En)
        )
    );
}
