//! Evidence of timing on the embedded default (Maildir
//! inbox, `.eml` outbox): each move that came by mail keeps its Date header,
//! its arrival instant and its processing instant; `referee receipts` lists
//! them with the reflection time charged apart from the time not charged; a
//! daemon that started late charges nobody for its delay; the mover's reply
//! states both figures.

use crate::common;

use chrono::{DateTime, Duration, Utc};
use common::daemon::{Bot, Mailing, mail, two_players};

fn unix(t: DateTime<Utc>) -> u64 {
    u64::try_from(t.timestamp()).unwrap()
}

fn instant(v: &serde_json::Value) -> DateTime<Utc> {
    v.as_str().unwrap().parse().unwrap()
}

#[test]
fn a_daemon_that_started_late_charges_nobody_for_its_delay_and_receipts_show_every_instant() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    // Game #2, 5 days per move, started two days ago; the daemon was down
    // since: nothing is sent yet.
    let started = Utc::now() - Duration::days(2);
    bot.russian_game_at("bob@example.test", "5d/move", Some(started), None);
    let (wt, bt) = (bot.token(2, "white"), bot.token(2, "black"));
    // Alice's move reached the bot's mailbox a day ago; the daemon only
    // processes it now.
    let arrived = Utc::now() - Duration::days(1) + Duration::seconds(30);
    bot.deliver_at(
        1,
        &mail(
            "alice@example.test",
            &format!("bot+2.{wt}@example.test"),
            "Re: [zaochka #2]",
            "w1@x",
            "1. c3-d4",
        ),
        unix(arrived),
    );
    bot.serve_once();
    assert_eq!(bot.plies(2), 1);
    // Bob was told only now: the day the daemon was down is not his. He
    // answers two hours after this (the mail reaches the bot then).
    let bob_arrives = Utc::now() + Duration::hours(2) + Duration::seconds(30);
    bot.deliver_at(
        2,
        &mail(
            "bob@example.test",
            &format!("bot+2.{bt}@example.test"),
            "Re: [zaochka #2]",
            "b1@x",
            "1... f6-g5",
        ),
        unix(bob_arrives),
    );
    bot.serve_once();
    assert_eq!(bot.plies(2), 2);

    let json: serde_json::Value =
        serde_json::from_str(&bot.ok(&["referee", "receipts", "2", "--json"])).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{json:#}");
    let (w, b) = (&rows[0], &rows[1]);
    // The Date header as written and in UTC (evidence only).
    assert_eq!(w["date_header"], "Sun, 29 Nov 2026 12:00:00 +0000");
    assert_eq!(
        instant(&w["date_utc"]).to_rfc3339(),
        "2026-11-29T12:00:00+00:00"
    );
    // Arrival as the file time, processing about a day later.
    assert_eq!(instant(&w["arrived_at"]).timestamp(), arrived.timestamp());
    let waited = instant(&w["processed_at"]) - instant(&w["arrived_at"]);
    assert!(waited > Duration::hours(23), "{w:#}");
    // Alice is charged from the game's start to her mail's arrival: one day,
    // not the two until it was processed.
    let charged = w["charged_seconds"].as_i64().unwrap();
    assert!((86_400 + 28..=86_400 + 90).contains(&charged), "{w:#}");
    // Bob's clock started when Alice's mail arrived, but the day until the
    // bot sent him the notice is transit, not charged; his two hours are.
    let transit = b["transit_seconds"].as_i64().unwrap();
    assert!(transit > 23 * 3600, "{b:#}");
    let charged = b["charged_seconds"].as_i64().unwrap();
    assert!(
        (2 * 3600..=2 * 3600 + 90).contains(&charged),
        "two hours and the seconds since the notice left: {b:#}"
    );
    assert_eq!(
        instant(&b["clock_started_at"]).timestamp(),
        arrived.timestamp()
    );
    // The clock itself agrees: Bob used what the receipt says.
    let used: i64 = bot
        .db()
        .query_row(
            "SELECT used_seconds FROM clocks WHERE game_id = 2 AND side = 'black'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(used, charged);
    // Bob's reply (in Russian) states both figures.
    let to_bob = bot.outbox_to("bob@example.test");
    let reply = to_bob.last().unwrap();
    assert!(
        reply.contains("время на обдумывание: 2 ч 0 мин (засчитано)"),
        "{reply}"
    );
    assert!(
        reply.contains("(засчитано); время в пути: 23 ч 59 мин (не засчитано)"),
        "{reply}"
    );
    // Alice's reply says her mail waited at the bot, not charged.
    let to_alice = bot.outbox_to("alice@example.test");
    let first = to_alice
        .iter()
        .find(|b| b.contains("reflection time"))
        .expect("Alice's reply to her move");
    assert!(
        first.contains("reflection time: 1 d 0 h (charged); your mail waited at the bot: 23 h 59 min (not charged)"),
        "{first}"
    );
    // The text form lists the same instants.
    let text = bot.ok(&["referee", "receipts", "2"]);
    assert!(
        text.contains("Date header: Sun, 29 Nov 2026 12:00:00 +0000 (2026-11-29 12:00 UTC)"),
        "{text}"
    );
    assert!(
        text.contains("arrived:") && text.contains("processed:"),
        "{text}"
    );
}

#[test]
fn a_move_entered_on_the_command_line_has_no_mail_instants() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.ok(&["play", "1", "c3-d4", "--as", "alice@example.test"]);
    let json: serde_json::Value =
        serde_json::from_str(&bot.ok(&["referee", "receipts", "1", "--json"])).unwrap();
    let row = &json[0];
    assert_eq!(row["source"], "command line", "{json:#}");
    assert!(row["arrived_at"].is_null() && row["date_header"].is_null());
    assert!(row["processed_at"].is_string());
}

/// The daemon was down for four days after a timed game started (3 days a
/// move): the notices waited in the outbox, so no clock may run out before
/// they go, and each clock's deadline counts from the sending.
#[test]
fn a_clock_whose_notice_waits_in_the_outbox_does_not_run_out() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let started = Utc::now() - Duration::days(4);
    let new_game = |white: &str, black: &str| {
        bot.ok_at(
            started,
            &[
                "game",
                "new",
                "--variant",
                "russian",
                "--white",
                white,
                "--black",
                black,
                "--time-control",
                "3d/move",
            ],
        );
    };
    // Game #2: White's move entered on the command line; Black's notice waits.
    new_game("alice@example.test", "bob@example.test");
    bot.ok_at(
        started + Duration::hours(1),
        &["play", "2", "c3-d4", "--as", "alice@example.test"],
    );
    // Game #3: only the invitation waits; White's clock is the one at stake.
    new_game("bob@example.test", "alice@example.test");
    bot.serve_once();
    let sent_by = Utc::now();
    for game in [2, 3] {
        assert_eq!(bot.result(game), None, "game #{game} ended on time");
        let v = bot.show_json(&game.to_string());
        let running = v["clocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["running"] == true)
            .unwrap_or_else(|| panic!("no running clock: {v:#}"))
            .clone();
        let deadline = instant(&running["deadline"]);
        assert!(
            deadline > sent_by + Duration::days(3) - Duration::minutes(5)
                && deadline <= sent_by + Duration::days(3) + Duration::minutes(1),
            "game #{game}: the deadline counts from the sending: {v:#}"
        );
    }
    for body in bot.outbox_files() {
        assert!(
            !body.contains("lost on time") && !body.contains("просроч"),
            "{body}"
        );
    }
}

/// `serve --now T` (ZAOCHKA_NOW) runs the daemon's clock from T: five days
/// on, Black's three days a move have run out and the daemon says so, at the
/// shifted instant; the real-time run before it had nothing due.
#[test]
fn serve_acts_at_the_instant_it_is_given() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.russian_game_at("bob@example.test", "3d/move", None, None);
    bot.ok(&["play", "2", "c3-d4", "--as", "alice@example.test"]);
    bot.serve_once();
    assert_eq!(bot.result(2), None);
    bot.serve_once_at(Utc::now() + Duration::days(5));
    assert_eq!(bot.result(2).as_deref(), Some("1-0"), "Black lost on time");
    let ended: String = bot
        .db()
        .query_row("SELECT finished_at FROM games WHERE id = 2", [], |r| {
            r.get(0)
        })
        .unwrap();
    let ended: DateTime<Utc> = ended.parse().unwrap();
    assert!(ended > Utc::now() + Duration::days(2), "{ended}");
    assert!(
        bot.outbox_to("alice@example.test")
            .iter()
            .any(|b| b.contains("the game is lost on time. White won (1-0)")),
        "{:?}",
        bot.outbox_to("alice@example.test")
    );
}
