//! Bounces, referee alerts and the sender on the embedded default (Maildir inbox,
//! `.eml` outbox): forged delivery reports change nothing and send nothing; a
//! report to a row's VERP return path (or naming a sent Message-ID and its
//! recipient) marks the recipient unreachable and alerts the referees once; a
//! referee whose alert bounces gets no further alerts; `serve --once` drains more
//! than one batch of replies; any bot display name is quoted correctly.

use crate::common;

use common::daemon::{Bot, Mailing, mail, two_players};
use zaochka::config::Config;
use zaochka::daemon::bounce::ReturnPath;
use zaochka::store::outbox::OutboxId;
use zaochka::store::{Store, secrets};

/// A delivery status report as Postfix writes it: a human part, the
/// `message/delivery-status` part naming `failed` as failed, and the returned
/// headers with `returned_id` as their Message-ID.
pub(crate) fn dsn(
    from: &str,
    to: &str,
    message_id: &str,
    failed: &str,
    returned_id: &str,
) -> String {
    format!(
        "Return-Path: <>\n\
Delivered-To: {to}\n\
From: {from}\n\
To: {to}\n\
Subject: Undelivered Mail Returned to Sender\n\
Message-ID: <{message_id}>\n\
Date: Tue, 01 Dec 2026 10:00:00 +0000\n\
Auto-Submitted: auto-replied\n\
MIME-Version: 1.0\n\
Content-Type: multipart/report; report-type=delivery-status; boundary=\"BB\"\n\
\n\
--BB\n\
Content-Type: text/plain; charset=us-ascii\n\
\n\
This is the mail system at host mail.example.test.\n\
I'm sorry to have to inform you that your message could not be delivered.\n\
\n\
--BB\n\
Content-Type: message/delivery-status\n\
\n\
Reporting-MTA: dns; mail.example.test\n\
X-Postfix-Queue-ID: 4Z9AbC1xyzQ\n\
\n\
Final-Recipient: rfc822; {failed}\n\
Original-Recipient: rfc822;{failed}\n\
Action: failed\n\
Status: 5.1.1\n\
Diagnostic-Code: smtp; 550 5.1.1 <{failed}>: Recipient address rejected: User unknown\n\
\n\
--BB\n\
Content-Type: text/rfc822-headers\n\
\n\
From: zaochka <bot@example.test>\n\
To: {failed}\n\
Subject: [zaochka #1] A new game\n\
Message-ID: <{returned_id}>\n\
\n\
--BB--\n"
    )
}

pub(crate) const DAEMON: &str = "MAILER-DAEMON@mail.example.test (Mail Delivery System)";

/// The VERP return path the bot gives outbox row `row`.
pub(crate) fn return_path(bot: &Bot, row: i64) -> String {
    let config = Config::load(Some(&bot.config)).unwrap();
    let mut store = Store::open(&config.database).unwrap();
    let key = store
        .transaction(|tx| secrets::verp_key(tx, chrono::Utc::now()))
        .unwrap();
    ReturnPath::new(&config, key).address(OutboxId(row))
}

/// The id and Message-ID of the first outbox row to `to`.
/// Delivers the mailer daemon's real report that the last reply to `to` bounced,
/// sent to that reply's VERP return path.
fn deliver_real_bounce(bot: &Bot, seq: usize, to: &str, report_id: &str) {
    let (row, id) = row_to(bot, to);
    bot.deliver(
        seq,
        &dsn(DAEMON, &return_path(bot, row), report_id, to, &id),
    );
}

fn row_to(bot: &Bot, to: &str) -> (i64, String) {
    bot.db()
        .query_row(
            "SELECT id, message_id FROM outbox WHERE to_address = ?1 ORDER BY id LIMIT 1",
            [to],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

fn unreachable(bot: &Bot, email: &str) -> Option<String> {
    bot.db()
        .query_row(
            "SELECT unreachable_since FROM players WHERE email = ?1",
            [email],
            |r| r.get(0),
        )
        .unwrap()
}

fn count(bot: &Bot, sql: &str) -> i64 {
    bot.db().query_row(sql, [], |r| r.get(0)).unwrap()
}

/// Subjects of the alert mails to `to`, in order.
fn alerts_to(bot: &Bot, to: &str) -> Vec<String> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT subject FROM outbox WHERE to_address = ?1 AND message_id LIKE 'zaochka.alert.%' ORDER BY id",
        )
        .unwrap();
    st.query_map([to], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn forged_delivery_reports_change_nothing_and_send_nothing() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let (alice_row, alice_id) = row_to(&bot, "alice@example.test");
    let (bob_row, _) = row_to(&bot, "bob@example.test");
    let rows_before = bot.outbox_count();
    let bob_path = return_path(&bot, bob_row);
    let wrong_mac = {
        let (head, tail) = bob_path.split_once('@').unwrap();
        let flipped = if head.ends_with('0') { '1' } else { '0' };
        format!("{}{flipped}@{tail}", &head[..head.len() - 1])
    };
    let other_row = bob_path.replacen(
        &format!("bounce.{bob_row}."),
        &format!("bounce.{alice_row}."),
        1,
    );
    let forged = [
        // A stranger's report naming bob.
        dsn(
            "carol@evil.test",
            "bot@example.test",
            "f1@evil.test",
            "bob@example.test",
            "made-up@evil.test",
        ),
        // "From" a mailer daemon, to the plain bot address.
        dsn(
            DAEMON,
            "bot@example.test",
            "f2@evil.test",
            "bob@example.test",
            "zaochka.0000000000000000.0.0@example.test",
        ),
        // Alice's real Message-ID, but bob named as the failed recipient.
        dsn(
            DAEMON,
            "bot@example.test",
            "f3@evil.test",
            "bob@example.test",
            &alice_id,
        ),
        // Bob's return path with one MAC digit changed.
        dsn(
            DAEMON,
            &wrong_mac,
            "f4@evil.test",
            "bob@example.test",
            "x@evil.test",
        ),
        // Bob's MAC on alice's row.
        dsn(
            DAEMON,
            &other_row,
            "f5@evil.test",
            "alice@example.test",
            "y@evil.test",
        ),
        // A valid return path of a row that does not exist.
        dsn(
            DAEMON,
            &return_path(&bot, 999),
            "f6@evil.test",
            "bob@example.test",
            "z@evil.test",
        ),
    ];
    for (k, m) in forged.iter().enumerate() {
        bot.deliver(k, m);
    }
    bot.serve_once();
    assert_eq!(
        bot.outcomes(),
        [
            "ignored: unverified delivery report (unknown-message-id)",
            "ignored: unverified delivery report (unknown-message-id)",
            "ignored: unverified delivery report (recipient-mismatch)",
            "ignored: unverified delivery report (bad-mac)",
            "ignored: unverified delivery report (bad-mac)",
            "ignored: unverified delivery report (unknown-row)",
        ]
    );
    for who in [
        "alice@example.test",
        "bob@example.test",
        "referee@example.test",
    ] {
        assert_eq!(unreachable(&bot, who), None, "{who}");
    }
    assert_eq!(bot.outbox_count(), rows_before, "nothing is queued");
    assert_eq!(
        bot.outbox_files().len() as i64,
        rows_before,
        "nothing is sent"
    );
    assert_eq!(count(&bot, "SELECT count(*) FROM bounces"), 0);
    assert_eq!(count(&bot, "SELECT count(*) FROM alerts"), 0);
}

#[test]
fn a_report_to_a_rows_return_path_marks_the_recipient_unreachable_and_alerts_once() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let (bob_row, bob_id) = row_to(&bot, "bob@example.test");
    let path = return_path(&bot, bob_row);
    bot.deliver(
        1,
        &dsn(
            DAEMON,
            &path,
            "b1@mail.example.test",
            "bob@example.test",
            &bob_id,
        ),
    );
    bot.serve_once();
    assert!(unreachable(&bot, "bob@example.test").is_some());
    assert_eq!(unreachable(&bot, "alice@example.test"), None);
    let alerts = alerts_to(&bot, "referee@example.test");
    assert_eq!(
        alerts,
        ["[zaochka] mail to bob@example.test cannot be delivered"]
    );
    let body = bot.outbox_to("referee@example.test").pop().unwrap();
    assert!(
        body.contains("game #1") && body.contains("mail.example.test"),
        "{body}"
    );
    assert_eq!(
        bot.pending_outbox(),
        0,
        "the alert is sent in the same cycle"
    );
    assert_eq!(
        bot.outcomes().last().unwrap(),
        &format!("bounce: failed bob@example.test (outbox {bob_row}, by verp)")
    );
    // The same report again (another Message-ID), and the very same file again:
    // no new alert.
    bot.deliver(
        2,
        &dsn(
            DAEMON,
            &path,
            "b2@mail.example.test",
            "bob@example.test",
            &bob_id,
        ),
    );
    bot.deliver(
        3,
        &dsn(
            DAEMON,
            &path,
            "b1@mail.example.test",
            "bob@example.test",
            &bob_id,
        ),
    );
    bot.serve_once();
    assert_eq!(alerts_to(&bot, "referee@example.test").len(), 1);
    assert_eq!(count(&bot, "SELECT count(*) FROM bounces"), 1);
    assert_eq!(count(&bot, "SELECT count(*) FROM alerts"), 1);
}

#[test]
fn a_report_naming_a_sent_message_id_and_its_recipient_counts() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let (_, alice_id) = row_to(&bot, "alice@example.test");
    bot.deliver(
        1,
        &dsn(
            DAEMON,
            "bot@example.test",
            "m1@mail.example.test",
            "alice@example.test",
            &alice_id,
        ),
    );
    bot.serve_once();
    assert!(unreachable(&bot, "alice@example.test").is_some());
    assert_eq!(unreachable(&bot, "bob@example.test"), None);
    assert_eq!(
        alerts_to(&bot, "referee@example.test"),
        ["[zaochka] mail to alice@example.test cannot be delivered"]
    );
    assert!(bot.outcomes().last().unwrap().ends_with("by message-id)"));
}

#[test]
fn a_referee_whose_alert_bounces_gets_no_further_alerts() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Carol",
        "--email",
        "carol@example.test",
        "--role",
        "admin",
        "--lang",
        "ru",
    ]);
    bot.serve_once();
    deliver_real_bounce(&bot, 1, "bob@example.test", "r1@mail.example.test");
    bot.serve_once();
    assert_eq!(alerts_to(&bot, "referee@example.test").len(), 1);
    assert_eq!(
        alerts_to(&bot, "carol@example.test"),
        ["[zaochka] письма на bob@example.test не доставляются"],
        "carol reads Russian"
    );
    // The alert to the referee bounces.
    let (alert_row, alert_id) = bot
        .db()
        .query_row(
            "SELECT id, message_id FROM outbox WHERE to_address = 'referee@example.test'
             AND message_id LIKE 'zaochka.alert.%'",
            [],
            |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)),
        )
        .unwrap();
    bot.deliver(
        2,
        &dsn(
            DAEMON,
            &return_path(&bot, alert_row),
            "r2@mail.example.test",
            "referee@example.test",
            &alert_id,
        ),
    );
    bot.serve_once();
    assert!(unreachable(&bot, "referee@example.test").is_some());
    assert_eq!(
        alerts_to(&bot, "referee@example.test").len(),
        1,
        "nothing more to the bounced referee"
    );
    assert_eq!(
        alerts_to(&bot, "carol@example.test").last().unwrap(),
        "[zaochka] письма на referee@example.test не доставляются"
    );
    // Later alerts skip that referee too.
    deliver_real_bounce(&bot, 3, "alice@example.test", "r3@mail.example.test");
    bot.serve_once();
    assert_eq!(alerts_to(&bot, "referee@example.test").len(), 1);
    assert_eq!(alerts_to(&bot, "carol@example.test").len(), 3);
    assert_eq!(
        count(
            &bot,
            "SELECT count(*) FROM alert_deliveries d JOIN players p ON p.id = d.referee_id
             WHERE p.email = 'referee@example.test' AND d.status = 'unreachable'"
        ),
        2
    );
    assert_eq!(bot.pending_outbox(), 0);
}

#[test]
fn serve_once_sends_every_due_reply_past_one_batch() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.more_games(59);
    assert_eq!(bot.pending_outbox(), 120, "60 games, two invitations each");
    bot.serve_once();
    assert_eq!(bot.pending_outbox(), 0);
    assert_eq!(
        count(&bot, "SELECT count(*) FROM outbox WHERE status = 'sent'"),
        120
    );
    assert_eq!(bot.outbox_files().len(), 120);
}

#[test]
fn a_display_name_with_a_comma_and_quotes_is_quoted_in_from() {
    let bot = Bot::new(Mailing::Local);
    let text = std::fs::read_to_string(&bot.config).unwrap();
    std::fs::write(
        &bot.config,
        text.replace("name = \"zaochka\"", r#"name = 'Referee, "Chief" <x>'"#),
    )
    .unwrap();
    two_players(&bot, "russian");
    let wt = bot.token(1, "white");
    bot.deliver(
        1,
        &mail(
            "Alice <alice@example.test>",
            &format!("bot+1.{wt}@example.test"),
            "Re: [zaochka #1]",
            "move1@example.test",
            "1. c3-d4",
        ),
    );
    bot.serve_once();
    assert_eq!(bot.plies(1), 1, "the move is applied");
    assert_eq!(bot.pending_outbox(), 0, "every reply is sent");
    let files = bot.outbox_files();
    assert_eq!(files.len() as i64, bot.outbox_count());
    assert!(files.len() >= 4, "two invitations and two move replies");
    for f in &files {
        let m = mail_parser::MessageParser::default()
            .parse(f.as_bytes())
            .unwrap();
        let from = m.from().and_then(|a| a.first()).unwrap();
        assert_eq!(from.name(), Some(r#"Referee, "Chief" <x>"#), "{f}");
        let address = from.address().unwrap();
        assert!(
            address.starts_with("bot+1.") && address.ends_with("@example.test"),
            "{address}"
        );
    }
}

#[test]
fn a_bot_address_that_is_not_an_address_fails_at_start_before_any_mail() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let text = std::fs::read_to_string(&bot.config).unwrap();
    let wt = bot.token(1, "white");
    std::fs::write(
        &bot.config,
        text.replace("local = \"bot\"", "local = \"bot bot\""),
    )
    .unwrap();
    bot.deliver(
        1,
        &mail(
            "Alice <alice@example.test>",
            &format!("bot+1.{wt}@example.test"),
            "Re: [zaochka #1]",
            "move1@example.test",
            "1. c3-d4",
        ),
    );
    let out = bot.run(&["serve", "--once"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a valid mail address"), "{err}");
    assert_eq!(bot.plies(1), 0, "nothing applied");
    assert_eq!(count(&bot, "SELECT count(*) FROM processed_messages"), 0);
}

/// Game #2 (3 days per move, started two days ago) in which Alice moved (her
/// mail arrived a day ago) and the bot sent Bob the notice; Alice's token.
fn alice_moved_in_a_timed_game(bot: &Bot) -> String {
    use chrono::{Duration, Utc};
    two_players(bot, "russian");
    bot.russian_game_at(
        "bob@example.test",
        "3d/move",
        Some(Utc::now() - Duration::days(2)),
        None,
    );
    bot.serve_once();
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
    bot.serve_once();
    assert_eq!(bot.plies(2), 1);
    wt
}

/// Bounce-aware clocks on the embedded default: the notice of Alice's move to
/// Bob hard-bounces, so Bob's clock stands from the notice's sending (his
/// balance frozen over simulated days, no deadline); the game and every mail
/// about it say so; the referee is alerted once however often the report
/// comes; a director's `bounce-clear` starts the clock again; Alice's clock
/// is never touched.
#[test]
fn a_bounced_move_notice_stops_that_players_clock_until_a_director_clears_it() {
    use chrono::{Duration, Utc};
    let bot = Bot::new(Mailing::Local);
    let wt = alice_moved_in_a_timed_game(&bot);
    let (row, id) = bot.notice_row(2, "bob@example.test");
    let sent: String = bot
        .db()
        .query_row("SELECT sent_at FROM outbox WHERE id = ?1", [row], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(bot.pauses(2).is_empty(), "no pause before a bounce");
    // A delay report changes nothing; the real failure report stops the clock.
    let report = dsn(
        DAEMON,
        &return_path(&bot, row),
        "r1@mail.example.test",
        "bob@example.test",
        &id,
    );
    bot.deliver(
        2,
        &report
            .replace("Action: failed", "Action: delayed")
            .replace("Status: 5.1.1", "Status: 4.4.1"),
    );
    bot.serve_once();
    assert!(bot.pauses(2).is_empty(), "a delay report stops nothing");
    bot.deliver(3, &report.replace("r1@mail", "r2@mail"));
    bot.serve_once();
    assert_eq!(
        bot.pauses(2),
        [(sent.clone(), None, None)],
        "from the notice's sending"
    );
    // The same failure reported again: still one pause, one alert.
    bot.deliver(4, &report.replace("r1@mail", "r3@mail"));
    bot.serve_once();
    assert_eq!(bot.pauses(2).len(), 1);
    assert_eq!(bot.alerts_of("clock-stopped"), 1);
    let alerts = alerts_to(&bot, "referee@example.test");
    assert_eq!(
        alerts
            .iter()
            .filter(|s| s.contains("game #2: the clock of Боб is stopped"))
            .count(),
        1,
        "{alerts:?}"
    );
    // Bob's balance is frozen across simulated days, past the 3-day limit.
    let now = Utc::now();
    let shown = bot.show_json("2");
    assert_eq!(
        shown["clock_pauses"][0]["player"], "bob@example.test",
        "{shown:#}"
    );
    assert!(shown["clock_pauses"][0]["until"].is_null(), "{shown:#}");
    let frozen = bot.clock_at(2, "black", now + Duration::days(1));
    assert_eq!(bot.clock_at(2, "black", now + Duration::days(5)), frozen);
    let deadline: Option<String> = bot
        .db()
        .query_row(
            "SELECT deadline FROM clocks WHERE game_id = 2 AND side = 'black'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        deadline.as_deref().is_none_or(|d| d >= "9000"),
        "no deadline during the pause: {deadline:?}"
    );
    // Alice's clock is not hers to lose: stopped, as after any move of hers.
    let alice = bot.clock_at(2, "white", now + Duration::days(1));
    assert_eq!(bot.clock_at(2, "white", now + Duration::days(5)), alice);
    // The game shows the pause; Alice's next mail about the game says it.
    let shown = bot.ok_at(now, &["game", "show", "2"]);
    assert!(
        shown.contains("The clock of Боб is stopped since")
            && shown.contains("the notice of the move could not be delivered"),
        "{shown}"
    );
    // No placeholder instant anywhere a deadline is shown: the clock stands.
    assert!(
        shown.contains("clock stopped, no deadline") && !shown.contains("9000"),
        "{shown}"
    );
    let json = bot.ok_at(now, &["game", "show", "2", "--json"]);
    assert!(!json.contains("9000"), "{json}");
    // The director's alert opens with one clean sentence.
    assert!(
        bot.outbox_to("referee@example.test").iter().any(|a| a
            .contains("In game #2 the clock of Боб is stopped since")
            && !a.contains("delivered. (")),
        "{:?}",
        bot.outbox_to("referee@example.test")
    );
    bot.deliver(
        5,
        &mail(
            "alice@example.test",
            &format!("bot+2.{wt}@example.test"),
            "Re: [zaochka #2]",
            "w2@x",
            "I offer a draw.",
        ),
    );
    bot.serve_once();
    let to_alice = bot.outbox_to("alice@example.test");
    assert!(
        to_alice
            .last()
            .unwrap()
            .contains("The clock of Боб is stopped since"),
        "{}",
        to_alice.last().unwrap()
    );
    assert!(
        to_alice.iter().all(|b| !b.contains("9000")),
        "{}",
        to_alice.last().unwrap()
    );
    // A player cannot clear it; the director can, with a reason, at a day later.
    let refused = bot
        .command()
        .args([
            "referee",
            "bounce-clear",
            "2",
            "bob@example.test",
            "--as",
            "alice@example.test",
            "--reason",
            "x",
        ])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let cleared_at = now + Duration::days(1);
    bot.ok_at(
        cleared_at,
        &[
            "referee",
            "bounce-clear",
            "2",
            "bob@example.test",
            "--as",
            "referee@example.test",
            "--reason",
            "Bob phoned: his new address is set",
        ],
    );
    let p = bot.pauses(2);
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].2.as_deref(), Some("director"));
    // The clock runs again from the end of the pause: 5 hours later, 5 hours more used.
    let (u1, _) = bot.clock_at(2, "black", cleared_at + Duration::hours(1));
    let (u2, _) = bot.clock_at(2, "black", cleared_at + Duration::hours(6));
    assert_eq!(u2 - u1, 5 * 3600);
    assert!(
        u1 <= frozen.0 + 3600 + 1,
        "nothing of the pause was charged: {u1} vs {frozen:?}"
    );
    let log = bot.ok(&["referee", "log", "2"]);
    assert!(
        log.contains("bounce-pause game #2") && log.contains("bounce-pause-end game #2"),
        "{log}"
    );
    assert!(log.contains("Bob phoned"), "{log}");
}

/// The bounced player's own verified mail (registered address, valid token)
/// ends the pause at its arrival: the pause is not charged, the time after is.
#[test]
fn a_verified_mail_from_the_bounced_player_ends_the_pause_at_its_arrival() {
    use chrono::{Duration, Utc};
    let bot = Bot::new(Mailing::Local);
    alice_moved_in_a_timed_game(&bot);
    let (row, id) = bot.notice_row(2, "bob@example.test");
    bot.deliver(
        2,
        &dsn(
            DAEMON,
            &return_path(&bot, row),
            "r1@mail.example.test",
            "bob@example.test",
            &id,
        ),
    );
    bot.serve_once();
    assert_eq!(bot.pauses(2).len(), 1);
    // Bob writes (from his registered address, with his token) a day after
    // the bounce, and moves an hour after that.
    let bt = bot.token(2, "black");
    let to = format!("bot+2.{bt}@example.test");
    let back = Utc::now() + Duration::days(1);
    let unix = |t: chrono::DateTime<Utc>| u64::try_from(t.timestamp()).unwrap();
    bot.deliver_at(
        3,
        &mail(
            "bob@example.test",
            &to,
            "Re: [zaochka #2]",
            "b0@x",
            "правила",
        ),
        unix(back),
    );
    bot.serve_once();
    let p = bot.pauses(2);
    assert_eq!(p[0].2.as_deref(), Some("player-mail"), "{p:?}");
    let moved = back + Duration::hours(1);
    bot.deliver_at(
        4,
        &mail(
            "bob@example.test",
            &to,
            "Re: [zaochka #2]",
            "b1@x",
            "1... f6-g5",
        ),
        unix(moved),
    );
    bot.serve_once();
    assert_eq!(bot.plies(2), 2);
    let json: serde_json::Value =
        serde_json::from_str(&bot.ok(&["referee", "receipts", "2", "--json"])).unwrap();
    let b = &json[1];
    let charged = b["charged_seconds"].as_i64().unwrap();
    assert!(
        (3600..3600 + 60).contains(&charged),
        "only the hour after the pause: {b:#}"
    );
    assert!(b["stood_seconds"].as_i64().unwrap() > 23 * 3600, "{b:#}");
}

/// The id, Message-ID and recipient of the first outbox row whose Message-ID
/// is `LIKE pattern`.
fn row_like(bot: &Bot, pattern: &str) -> (i64, String, String) {
    bot.db()
        .query_row(
            "SELECT id, message_id, to_address FROM outbox WHERE message_id LIKE ?1 ORDER BY id LIMIT 1",
            [pattern],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap_or_else(|e| panic!("no outbox row like {pattern}: {e}"))
}

/// A report sent to the bot's plain address (no return path) that returns a
/// mail's Message-ID and names its recipient is tied to that mail, whatever
/// kind of mail it was: the invitation of a command given on the command
/// line, the replies to a move mail (to the mover and the notice to the
/// opponent), a clock reminder, an alert to a referee.
#[test]
fn a_bounce_of_each_kind_of_mail_the_bot_sends_is_matched_to_its_row() {
    use chrono::{Duration, Utc};
    let bot = Bot::new(Mailing::Local);
    alice_moved_in_a_timed_game(&bot);
    // Bob's deadline is three days after the notice: a reminder is due a day
    // before it.
    let later = Utc::now() + Duration::days(2) + Duration::hours(12);
    bot.serve_once_at(later);
    let reply = |intent_recipient: &str| {
        format!("zaochka.____________________.{intent_recipient}@example.test")
    };
    let mut kinds = vec![
        ("command", row_like(&bot, "zaochka.shell.%")),
        ("reply to the mover", row_like(&bot, &reply("0.0"))),
        ("notice to the opponent", row_like(&bot, &reply("0.1"))),
        ("clock reminder", row_like(&bot, "zaochka.clock.2.black.%")),
    ];
    let mut seq = 10;
    let mut bounce = |bot: &Bot, (row, id, to): &(i64, String, String)| {
        seq += 1;
        bot.deliver(
            seq,
            &dsn(
                DAEMON,
                "bot@example.test",
                &format!("report{seq}@mail.example.test"),
                to,
                id,
            ),
        );
        bot.serve_once_at(later);
        bot.db()
            .query_row(
                "SELECT matched_by FROM bounces WHERE outbox_id = ?1",
                [row],
                |r| r.get::<_, String>(0),
            )
            .ok()
    };
    let mut unmatched = Vec::new();
    for (kind, row) in &kinds {
        if bounce(&bot, row).as_deref() != Some("message-id") {
            unmatched.push(format!("{kind}: {}", row.1));
        }
    }
    // The bounces above alerted the referee: that alert mail bounces too.
    kinds.push(("alert", row_like(&bot, "zaochka.alert.%")));
    let alert = kinds.last().unwrap().1.clone();
    assert_eq!(alert.2, "referee@example.test");
    if bounce(&bot, &alert).as_deref() != Some("message-id") {
        unmatched.push(format!("alert: {}", alert.1));
    }
    assert!(unmatched.is_empty(), "not matched: {unmatched:?}");
    assert_eq!(
        count(&bot, "SELECT count(*) FROM bounces"),
        5,
        "one bounce per row"
    );
    // Every Message-ID the bot wrote reads back as one of its own.
    let db = bot.db();
    let mut st = db.prepare("SELECT message_id FROM outbox").unwrap();
    let ids: Vec<String> = st
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let unread: Vec<&String> = ids
        .iter()
        .filter(|id| zaochka::mail::ids::BotMessageId::parse(id).is_none())
        .collect();
    assert!(unread.is_empty(), "not read back: {unread:?}");
}
