//! The directors' mail about a bounce: when the notice of a tournament
//! player's move bounces and that player's clock stops, each director of the
//! tournament is told once, in their language and in the tournament's
//! director thread, who the player is, which address bounced and which of
//! the player's games of the tournament are unfinished.

use super::clock_warnings::{JUDGE, REFEREE, t0, winter};
use crate::common::daemon::{ALICE, Bot, Mailing};
use crate::daemon::bounces::{DAEMON, dsn, return_path};

#[test]
fn the_directors_are_told_once_when_a_players_move_notice_bounces() {
    let bot = Bot::new(Mailing::Local);
    let g = winter(&bot, &[]);
    let (row, id) = bot.notice_row(g, ALICE);
    let report = dsn(
        DAEMON,
        &return_path(&bot, row),
        "report-1@mail.example.test",
        ALICE,
        &id,
    );
    bot.deliver(1, &report);
    bot.serve_once_at(t0() + chrono::TimeDelta::hours(2));
    assert_eq!(bot.pauses(g).len(), 1, "the clock stopped");
    // The same report again changes nothing and tells nobody again.
    bot.deliver(2, &report.replace("report-1@", "report-2@"));
    bot.serve_once_at(t0() + chrono::TimeDelta::hours(3));
    let told = |address: &str, text: &str| -> Vec<String> {
        bot.outbox_to(address)
            .into_iter()
            .filter(|b| b.contains(text))
            .collect()
    };
    let en = told(REFEREE, "The mail to Alice");
    assert_eq!(en.len(), 1, "{:?}", bot.outbox_to(REFEREE));
    assert!(
        en[0].contains(&format!(
            "The mail to Alice ({ALICE}) bounced: their clock in game #{g} is stopped until \
             they write again. Their unfinished game in Winter: #{g}."
        )),
        "{}",
        en[0]
    );
    let ru = told(JUDGE, "Письмо участнику");
    assert_eq!(ru.len(), 1, "{:?}", bot.outbox_to(JUDGE));
    assert!(
        ru[0].contains(&format!(
            "Письмо участнику Alice ({ALICE}) не доставлено: часы участника в партии №{g} \
             остановлены, пока он не напишет снова. Неоконченная партия участника в турнире \
             «Winter»: №{g}."
        )),
        "{}",
        ru[0]
    );
}

#[test]
fn a_director_on_the_digest_gets_no_alert_of_the_bounce_and_reads_it_in_the_next_digest() {
    let bot = Bot::new(Mailing::Local);
    let g = winter(&bot, &[]);
    bot.ok(&[
        "tournament",
        "directors",
        "mail",
        "Winter",
        REFEREE,
        "digest",
        "--as",
        REFEREE,
    ]);
    let before = bot.outbox_to(REFEREE).len();
    let (row, id) = bot.notice_row(g, ALICE);
    let report = dsn(
        DAEMON,
        &return_path(&bot, row),
        "report-1@mail.example.test",
        ALICE,
        &id,
    );
    // The report arrives at 10:55 UTC (13:55 in Moscow), after the day's
    // digest hour.
    let arrived = t0() + chrono::TimeDelta::minutes(115);
    bot.deliver_at(1, &report, u64::try_from(arrived.timestamp()).unwrap());
    bot.serve_once_at(t0() + chrono::TimeDelta::hours(2));
    assert_eq!(bot.pauses(g).len(), 1, "the clock stopped");
    // Neither the referees' alerts (the address, the stopped clock) nor the
    // tournament's mail reach the digest director at once.
    let at_once = bot.outbox_to(REFEREE)[before..].to_vec();
    assert!(at_once.is_empty(), "{at_once:#?}");
    // The other director, on each event, gets them.
    let judge = bot.outbox_to(JUDGE);
    assert!(judge.iter().any(|b| b.contains("Письмо участнику Alice")));
    assert!(judge.iter().any(|b| b.contains("остановлены")));
    // The next morning's digest tells the bounce.
    bot.serve_once_at(t0() + chrono::TimeDelta::days(1));
    let digest = bot.outbox_to(REFEREE)[before..].to_vec();
    assert_eq!(digest.len(), 1, "{digest:#?}");
    assert!(
        digest[0].contains(&format!(
            "The mail to Alice ({ALICE}) bounced: their clock in game #{g} is stopped"
        )),
        "{}",
        digest[0]
    );
}
