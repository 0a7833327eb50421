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
