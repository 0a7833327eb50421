//! Outbound faults: a refusal of the relay the daemon sends through is
//! retried, never turned into a lost reply, unless it names one recipient.
//! Real daemon (`serve --once` on a Maildir inbox, real SQLite file) sending
//! to a loopback SMTP sink (tests/it/common/smtp_sink.rs) switched between
//! faults while the daemon runs:
//!
//! - 550 to MAIL FROM, or 535 to AUTH, during a load of 200 mails: every
//!   mail applied meanwhile, no reply failed, each delivered exactly once
//!   after the relay recovers, the referees alerted exactly once, `status`
//!   showing the fault meanwhile;
//! - the same 554 5.7.1 to every RCPT: a fault of the relay too;
//! - 550 5.1.1 to one recipient: that reply alone failed, the address marked
//!   unreachable, the referees alerted, the player's clock stopped;
//! - a move notice held by a relay fault charges its player no time;
//! - `outbox list --failed` and `outbox retry ROW|--all-failed` through the
//!   binary, the relay's text printed escaped.

use crate::common;

use std::collections::HashMap;
use std::time::Duration;

use common::cli::SEED_001;
use common::daemon::{Bot, Mailing, mail, two_players};
use common::smtp_sink::{Fault, SmtpSink};

/// Retries during a relay fault wait 1 second, so a test sees several.
const FAST_RETRY: &str = "relay-retry-first-seconds = 1\nrelay-retry-max-seconds = 1\n";

/// Points the bot's `[outbox]` at the sink with the lines `extra`.
fn set_outbox(bot: &Bot, sink: &SmtpSink, extra: &str) {
    let text = std::fs::read_to_string(&bot.config).unwrap();
    let start = text.find("[outbox]").unwrap();
    let end = start + text[start..].find("[authentication]").unwrap();
    let text = format!(
        "{}{}{}",
        &text[..start],
        sink.outbox_toml(extra),
        &text[end..]
    );
    std::fs::write(&bot.config, text).unwrap();
}

/// `games` Russian games of alice against bob and, in the Maildir, the first
/// `plies` moves of seed 001 in each; the outbox sends to `sink`.
fn games_by_mail(games: usize, plies: usize, sink: &SmtpSink, extra: &str) -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.more_games(games - 1);
    let mut seq = 0;
    for (k, (mv, who)) in SEED_001.iter().take(plies).enumerate() {
        for game in 1..=games as i64 {
            let white = who.starts_with("ivanov");
            let (from, token) = if white {
                ("Alice <alice@example.test>", bot.token(game, "white"))
            } else {
                ("Bob <bob@example.test>", bot.token(game, "black"))
            };
            let number = k / 2 + 1;
            let text = if white {
                format!("{number}. {mv}")
            } else {
                format!("{number}... {mv}")
            };
            seq += 1;
            bot.deliver(
                seq,
                &mail(
                    from,
                    &format!("bot+{game}.{token}@example.test"),
                    &format!("Re: [zaochka #{game}] russian"),
                    &format!("ply{k}.g{game}@example.test"),
                    &text,
                ),
            );
        }
    }
    set_outbox(&bot, sink, extra);
    bot
}

fn count(bot: &Bot, sql: &str) -> i64 {
    bot.db().query_row(sql, [], |r| r.get(0)).unwrap()
}

fn by_status(bot: &Bot, status: &str) -> i64 {
    bot.db()
        .query_row(
            "SELECT count(*) FROM outbox WHERE status = ?1",
            [status],
            |r| r.get(0),
        )
        .unwrap()
}

/// `serve --once` with the daemon's log at `info`; asserts success, returns the log.
fn serve_once_logged(bot: &Bot) -> String {
    let out = bot
        .command()
        .env("RUST_LOG", "info")
        .args(["serve", "--once"])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "serve --once: {log}");
    log
}

/// Waits out the fault's backoff (1 s) and runs one more cycle.
fn after_backoff(bot: &Bot) -> String {
    std::thread::sleep(Duration::from_millis(1200));
    serve_once_logged(bot)
}

/// Every outbox row was sent, and the sink took each exactly once and
/// nothing else.
fn each_reply_delivered_once(bot: &Bot, sink: &SmtpSink) {
    let db = bot.db();
    let mut st = db
        .prepare("SELECT message_id, status FROM outbox ORDER BY id")
        .unwrap();
    let rows: Vec<(String, String)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let accepted = sink.accepted();
    let mut times: HashMap<&str, usize> = HashMap::new();
    for a in &accepted {
        *times.entry(a.message_id.as_str()).or_default() += 1;
    }
    for (id, status) in &rows {
        assert_eq!(status, "sent", "{id}");
        assert_eq!(times.get(id.as_str()), Some(&1), "{id} delivered once");
    }
    assert_eq!(
        accepted.len(),
        rows.len(),
        "nothing but the outbox was sent"
    );
}

/// The run of a relay fault during a load of 200 mails (25 games, 8 plies):
/// the fault from the first cycle, two cycles in it, then the relay takes
/// mail again.
fn a_fault_during_a_load(fault: Fault, extra: &str, stage: &str) {
    let sink = SmtpSink::start(None);
    let bot = games_by_mail(
        25,
        8,
        &sink,
        &format!("connections = 4\n{FAST_RETRY}{extra}"),
    );
    sink.set_fault(fault);
    serve_once_logged(&bot);
    assert_eq!(
        count(&bot, "SELECT count(*) FROM moves"),
        200,
        "inbound mail goes on during the fault"
    );
    let rows = count(&bot, "SELECT count(*) FROM outbox");
    assert_eq!(rows, 450, "50 invitations, 400 move replies");
    assert_eq!(by_status(&bot, "failed"), 0, "nothing failed");
    assert_eq!(by_status(&bot, "pending"), rows);
    assert_eq!(
        count(&bot, "SELECT coalesce(sum(attempts), 0) FROM outbox"),
        0,
        "a relay fault counts no attempt"
    );
    let status = bot.ok(&["status"]);
    assert!(status.contains("relay: FAULT since"), "{status}");
    assert!(status.contains(&format!("refused at {stage}")), "{status}");
    let json: serde_json::Value = serde_json::from_str(&bot.ok(&["status", "--json"])).unwrap();
    assert_eq!(json["relay_fault"]["stage"], stage, "{json:#}");
    assert_eq!(json["pending"], 450);
    // Still refused after the backoff: tried again, still nothing failed.
    let seen = sink.fault_refusals();
    assert!(seen >= 1);
    after_backoff(&bot);
    assert!(
        sink.fault_refusals() > seen,
        "tried again after the backoff"
    );
    assert_eq!(by_status(&bot, "failed"), 0);
    assert_eq!(
        count(&bot, "SELECT count(*) FROM relay_faults"),
        1,
        "one fault"
    );
    assert_eq!(bot.alerts_of("relay-recovered"), 0, "told when it is over");
    assert!(sink.accepted().is_empty());
    // The relay takes mail again.
    sink.set_fault(Fault::None);
    let mut runs = 0;
    while bot.pending_outbox() > 0 && runs < 4 {
        after_backoff(&bot);
        runs += 1;
    }
    assert_eq!(
        bot.alerts_of("relay-recovered"),
        1,
        "the referees alerted once"
    );
    assert_eq!(bot.alerts_of("reply-failed"), 0);
    assert_eq!(
        count(
            &bot,
            "SELECT count(*) FROM outbox WHERE to_address = 'referee@example.test' \
             AND subject LIKE '%relay refused mail%' AND status = 'sent'"
        ),
        1
    );
    each_reply_delivered_once(&bot, &sink);
    assert_eq!(
        count(
            &bot,
            "SELECT count(*) FROM relay_faults WHERE ended_at IS NULL"
        ),
        0
    );
    let status = bot.ok(&["status"]);
    assert!(status.contains("relay: takes mail"), "{status}");
    assert!(status.contains("last relay fault:"), "{status}");
    // One more cycle sends nothing again.
    let before = sink.accepted().len();
    serve_once_logged(&bot);
    assert_eq!(sink.accepted().len(), before);
}

#[test]
fn relay_550_at_mail_from_during_a_load_of_200_mails_loses_no_reply_and_alerts_once() {
    a_fault_during_a_load(Fault::MailFrom550, "", "mail-from");
}

#[test]
fn relay_535_at_auth_during_a_load_of_200_mails_loses_no_reply_and_alerts_once() {
    a_fault_during_a_load(
        Fault::Auth535,
        "user = \"bot\"\npassword-command = \"echo secret\"\n",
        "auth",
    );
}

#[test]
fn the_same_554_for_every_recipient_is_a_fault_of_the_relay() {
    let sink = SmtpSink::start(None);
    let bot = games_by_mail(3, 2, &sink, &format!("connections = 2\n{FAST_RETRY}"));
    sink.set_fault(Fault::RcptAll554);
    serve_once_logged(&bot);
    assert_eq!(count(&bot, "SELECT count(*) FROM moves"), 6);
    assert_eq!(by_status(&bot, "failed"), 0, "no recipient is blamed");
    assert_eq!(
        count(
            &bot,
            "SELECT count(*) FROM players WHERE unreachable_since IS NOT NULL"
        ),
        0
    );
    assert_eq!(bot.alerts_of("undeliverable"), 0);
    let stage: String = bot
        .db()
        .query_row("SELECT stage FROM relay_faults", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stage, "rcpt-all");
    sink.set_fault(Fault::None);
    let mut runs = 0;
    while bot.pending_outbox() > 0 && runs < 4 {
        after_backoff(&bot);
        runs += 1;
    }
    each_reply_delivered_once(&bot, &sink);
    assert_eq!(bot.alerts_of("relay-recovered"), 1);
}

/// Game #2 (3 days per move, started two days ago), its invitations sent
/// through `sink`.
fn timed_game(sink: &SmtpSink) -> Bot {
    use chrono::{Duration as Days, Utc};
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.russian_game_at(
        "bob@example.test",
        "3d/move",
        Some(Utc::now() - Days::days(2)),
        None,
    );
    set_outbox(&bot, sink, &format!("connections = 2\n{FAST_RETRY}"));
    bot.serve_once();
    assert_eq!(bot.pending_outbox(), 0);
    bot
}

/// Alice's first move in game #2 arrives.
fn alice_moves(bot: &Bot) {
    let wt = bot.token(2, "white");
    bot.deliver(
        1,
        &mail(
            "alice@example.test",
            &format!("bot+2.{wt}@example.test"),
            "Re: [zaochka #2]",
            "w1@x",
            "1. c3-d4",
        ),
    );
}

#[test]
fn a_recipient_refused_550_fails_that_reply_alone_alerts_and_stops_the_players_clock() {
    one_mail_refused(Fault::Rcpt550("bob@example.test".into(), String::new()));
}

#[test]
fn a_content_filter_refusing_one_mail_fails_that_reply_alone_and_holds_back_no_other() {
    one_mail_refused(Fault::Content554("bob@example.test".into()));
}

/// The relay refuses the notice of Alice's move to Bob (`fault`) and takes
/// every other mail: that reply alone fails, the referees are told, Bob's
/// clock stands.
fn one_mail_refused(fault: Fault) {
    let sink = SmtpSink::start(None);
    let bot = timed_game(&sink);
    sink.set_fault(fault);
    alice_moves(&bot);
    bot.serve_once();
    assert_eq!(bot.plies(2), 1);
    let (row, _) = bot.notice_row(2, "bob@example.test");
    let status: String = bot
        .db()
        .query_row("SELECT status FROM outbox WHERE id = ?1", [row], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(status, "failed", "the notice to Bob failed for good");
    assert_eq!(by_status(&bot, "failed"), 1, "that reply alone");
    assert_eq!(bot.pending_outbox(), 0, "the others went out");
    assert_eq!(count(&bot, "SELECT count(*) FROM relay_faults"), 0);
    let unreachable: Option<String> = bot
        .db()
        .query_row(
            "SELECT unreachable_since FROM players WHERE email = 'bob@example.test'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(unreachable.is_some(), "Bob's address marked unreachable");
    assert_eq!(bot.alerts_of("undeliverable"), 1);
    assert_eq!(bot.alerts_of("clock-stopped"), 1);
    assert_eq!(bot.pauses(2).len(), 1, "Bob's clock stands");
    let shown = bot.show_json("2");
    assert_eq!(
        shown["clock_pauses"][0]["player"], "bob@example.test",
        "{shown:#}"
    );
    // The referee's alerts went out through the same relay.
    let to_referee = sink
        .accepted()
        .iter()
        .filter(|a| a.to == ["referee@example.test"])
        .count();
    assert_eq!(to_referee, 2, "undeliverable and clock stopped");
    // Ten days on, Bob has not lost on time.
    bot.serve_once_at(chrono::Utc::now() + chrono::Duration::days(10));
    assert_eq!(bot.result(2), None);
}

#[test]
fn a_move_notice_held_by_a_relay_fault_charges_its_player_no_time() {
    use chrono::{Duration as Days, Utc};
    let sink = SmtpSink::start(None);
    let bot = timed_game(&sink);
    sink.set_fault(Fault::MailFrom550);
    alice_moves(&bot);
    bot.serve_once();
    assert_eq!(bot.plies(2), 1);
    // Ten days of relay fault: past Bob's 3 days, and he was never told.
    let t = Utc::now() + Days::days(10);
    bot.serve_once_at(t);
    assert_eq!(bot.result(2), None, "no time-out while the notice waits");
    assert_eq!(by_status(&bot, "failed"), 0);
    // The relay recovers; the notice goes out and Bob's 3 days start then.
    sink.set_fault(Fault::None);
    let sent = t + Days::hours(1);
    bot.serve_once_at(sent);
    assert_eq!(bot.pending_outbox(), 0);
    assert_eq!(bot.alerts_of("relay-recovered"), 1);
    bot.serve_once_at(sent + Days::days(2));
    assert_eq!(bot.result(2), None, "two of Bob's three days used");
    bot.serve_once_at(sent + Days::days(4));
    assert!(
        bot.result(2).is_some(),
        "after his three days from the notice, Bob's time is out"
    );
}

#[test]
fn outbox_list_failed_and_retry_through_the_cli() {
    let sink = SmtpSink::start(None);
    let bot = timed_game(&sink);
    // The relay's answer carries an escape sequence: printed escaped.
    sink.set_fault(Fault::Rcpt550(
        "bob@example.test".into(),
        " \u{1b}[31mred".into(),
    ));
    alice_moves(&bot);
    bot.serve_once();
    let (row, message_id) = bot.notice_row(2, "bob@example.test");
    let listed = bot.ok(&["outbox", "list", "--failed"]);
    assert_eq!(listed.lines().count(), 1, "{listed}");
    assert!(
        listed.starts_with(&format!("{row}  failed  bob@example.test")),
        "{listed}"
    );
    assert!(listed.contains("5.1.1"), "{listed}");
    assert!(!listed.contains('\u{1b}'), "no raw escape: {listed:?}");
    assert!(listed.contains("\\u{1b}[31mred"), "{listed}");
    let json = bot.ok(&["outbox", "list", "--failed", "--json"]);
    let line: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(line["id"], row);
    assert_eq!(line["status"], "failed");
    // An unknown row is refused, nothing changed.
    let out = bot.run(&["outbox", "retry", "9999"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no failed reply has the id 9999"));
    // Retried while Bob is still refused: failed again, told again.
    let retried = bot.ok(&["outbox", "retry", &row.to_string()]);
    assert!(retried.contains(&row.to_string()), "{retried}");
    assert_eq!(by_status(&bot, "failed"), 0);
    bot.serve_once();
    assert_eq!(by_status(&bot, "failed"), 1);
    // Bob's mailbox works again: --all-failed puts it back and it goes out,
    // with the same Message-ID.
    sink.set_fault(Fault::None);
    let retried = bot.ok(&["outbox", "retry", "--all-failed", "--json"]);
    let retried: serde_json::Value = serde_json::from_str(&retried).unwrap();
    assert_eq!(retried["retried"], serde_json::json!([row]));
    bot.serve_once();
    assert_eq!(by_status(&bot, "failed"), 0);
    assert_eq!(
        sink.accepted()
            .iter()
            .filter(|a| a.message_id == message_id)
            .count(),
        1
    );
    assert_eq!(
        bot.ok(&["outbox", "list", "--failed"]).trim(),
        "No failed reply."
    );
}
