//! The daemon over a real mail stack on loopback: Postfix (SMTP 127.0.0.1:2525) and
//! Dovecot (IMAP 127.0.0.1:1143), started by scripts/mailstack.sh (scripts/test.sh
//! does it and sets ZAOCHKA_MAILSTACK=1). Players send real mail over SMTP; the
//! daemon reads the bot's mailbox over IMAP and answers over SMTP; the test reads the
//! players' mailboxes over IMAP.

use crate::common;

use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::cli::SEED_001;
use common::daemon::{Bot, GameNew, Mailing, two_players};
use common::serve::{idle_players, kick};

/// The tests share the bot's and the players' mailboxes: one at a time.
static STACK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Whether the loopback mail stack is up; when ZAOCHKA_MAILSTACK=1 it must be.
fn stack_available() -> bool {
    let up = TcpStream::connect("127.0.0.1:2525").is_ok()
        && TcpStream::connect("127.0.0.1:1143").is_ok();
    if std::env::var("ZAOCHKA_MAILSTACK").as_deref() == Ok("1") {
        assert!(
            up,
            "ZAOCHKA_MAILSTACK=1 but Postfix/Dovecot are not listening on 2525/1143"
        );
    } else if !up {
        eprintln!(
            "SKIPPED: no loopback mail stack (run scripts/mailstack.sh start, or scripts/test.sh as root)"
        );
    }
    up
}

fn send(from: &str, to: &str, subject: &str, body: &str) {
    common::serve::submit(from, to, subject, body);
}

/// Every message in a user's INBOX, as text.
fn mailbox(user: &str) -> Vec<String> {
    let tcp = TcpStream::connect("127.0.0.1:1143").unwrap();
    let mut client = imap::Client::new(tcp);
    client.read_greeting().unwrap();
    let mut s = client
        .login(user, format!("{user}pw"))
        .map_err(|(e, _)| e)
        .unwrap();
    let mb = s.select("INBOX").unwrap();
    let mut out = Vec::new();
    if mb.exists > 0 {
        for f in s.fetch("1:*", "BODY.PEEK[]").unwrap().iter() {
            let m = mail_parser::MessageParser::default()
                .parse(f.body().unwrap())
                .unwrap();
            out.push(format!(
                "{}\n{}",
                m.subject().unwrap_or(""),
                m.body_text(0).unwrap_or_default()
            ));
        }
    }
    s.logout().ok();
    out
}

/// Runs daemon cycles until `done` holds (mail takes a moment to arrive).
fn serve_until(bot: &Bot, what: &str, done: impl Fn() -> bool) {
    let start = Instant::now();
    loop {
        bot.serve_once();
        if done() {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(150));
    }
}

fn wait_for_mail(user: &str, n: usize) -> Vec<String> {
    let start = Instant::now();
    loop {
        let m = mailbox(user);
        if m.len() >= n {
            return m;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{user} has {} mails, expected {n}",
            m.len()
        );
        std::thread::sleep(Duration::from_millis(150));
    }
}

#[test]
fn the_seed_001_game_is_played_entirely_by_mail_over_postfix_and_dovecot() {
    let _one_at_a_time = STACK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !stack_available() {
        return;
    }
    let bot = Bot::new(Mailing::Loopback);
    let alice_before = mailbox("alice").len();
    let bob_before = mailbox("bob").len();
    two_players(&bot, "russian");
    bot.serve_once();
    let invitations = wait_for_mail("alice", alice_before + 1);
    assert!(
        invitations
            .last()
            .unwrap()
            .contains("A new game has started")
    );
    let (wt, bt) = (bot.token(1, "white"), bot.token(1, "black"));
    for (k, (mv, who)) in SEED_001.iter().enumerate() {
        let (from, token) = if who.starts_with("ivanov") {
            ("Alice <alice@example.test>", &wt)
        } else {
            ("Боб <bob@example.test>", &bt)
        };
        let n = k / 2 + 1;
        let text = if k % 2 == 0 {
            format!("{n}. {mv}")
        } else {
            format!("{n}... {mv}")
        };
        send(
            from,
            &format!("bot+1.{token}@example.test"),
            "Re: [zaochka #1] russian",
            &text,
        );
        serve_until(&bot, &format!("ply {}", k + 1), || {
            bot.plies(1) == k as i64 + 1
        });
    }
    send(
        "Alice <alice@example.test>",
        &format!("bot+1.{wt}@example.test"),
        "Re: [zaochka #1]",
        "сдаюсь / I resign",
    );
    serve_until(&bot, "the resignation", || bot.result(1).is_some());
    assert_eq!(bot.result(1).as_deref(), Some("0-1"));
    serve_until(&bot, "the outbox", || bot.pending_outbox() == 0);
    // Invitation + 10 moves + resignation = 12 mails to each player.
    let alice = wait_for_mail("alice", alice_before + 12);
    let bob = wait_for_mail("bob", bob_before + 12);
    let (a, b) = (alice.last().unwrap(), bob.last().unwrap());
    // The end of the game is said once.
    assert!(
        a.contains("White resigned")
            && a.contains("5. e1:g3 c7:e5:c3:e1:h4")
            && a.matches("Black won (0-1)").count() == 1,
        "{a}"
    );
    assert!(
        b.contains("Белые сдались") && b.matches("Чёрные выиграли (0-1)").count() == 1,
        "{b}"
    );
}

#[test]
fn forged_mail_over_smtp_gets_no_reply_and_changes_nothing() {
    let _one_at_a_time = STACK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !stack_available() {
        return;
    }
    let bot = Bot::new(Mailing::Loopback);
    two_players(&bot, "russian");
    bot.serve_once();
    let carol_before = mailbox("carol").len();
    let wt = bot.token(1, "white");
    // The right token from a stranger, and the player's address without a token.
    send(
        "carol@example.test",
        &format!("bot+1.{wt}@example.test"),
        "[zaochka #1]",
        "1. cd4",
    );
    send(
        "alice@example.test",
        "bot@example.test",
        "[zaochka #1]",
        "1. cd4",
    );
    let start = Instant::now();
    loop {
        bot.serve_once();
        let n: i64 = bot
            .db()
            .query_row(
                "SELECT count(*) FROM processed_messages WHERE outcome LIKE 'rejected%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        if n >= 2 {
            break;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let db = bot.db();
            let mut st = db
                .prepare("SELECT inbox_key, outcome FROM processed_messages")
                .unwrap();
            let rows: Vec<(String, String)> = st
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            panic!("the two forged mails were not both rejected in 30 s: {rows:?}");
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    assert_eq!(bot.plies(1), 0);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        mailbox("carol").len(),
        carol_before,
        "no backscatter to the stranger"
    );
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

#[test]
fn a_real_bounce_from_postfix_marks_the_player_unreachable_and_tells_the_referee() {
    let _one_at_a_time = STACK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !stack_available() {
        return;
    }
    let bot = Bot::new(Mailing::Loopback);
    two_players(&bot, "russian");
    // Postfix accepts nobody@example.test, Dovecot has no such user: the
    // invitation bounces, and Postfix mails a delivery report to the row's
    // return path bot+bounce.<row>.<mac>@example.test.
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Nobody",
        "--email",
        "nobody@example.test",
        "--lang",
        "en",
    ]);
    bot.new_game(GameNew::russian(
        "alice@example.test",
        "nobody@example.test",
    ));
    let referee_before = mailbox("referee").len();
    serve_until(&bot, "the delivery report", || {
        unreachable(&bot, "nobody@example.test").is_some()
    });
    for who in [
        "alice@example.test",
        "bob@example.test",
        "referee@example.test",
    ] {
        assert_eq!(unreachable(&bot, who), None, "{who}");
    }
    let (matched_by, status): (String, Option<String>) = bot
        .db()
        .query_row(
            "SELECT b.matched_by, b.status FROM bounces b JOIN outbox o ON o.id = b.outbox_id
             WHERE o.to_address = 'nobody@example.test'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(matched_by, "verp", "tied to the row by its return path");
    assert_eq!(status.as_deref(), Some("5.1.1"));
    serve_until(&bot, "the alert", || bot.pending_outbox() == 0);
    let referee = wait_for_mail("referee", referee_before + 1);
    let alert = referee.last().unwrap();
    assert!(
        alert.contains("mail to nobody@example.test cannot be delivered")
            && alert.contains("game #2"),
        "{alert}"
    );
}

/// Bounce-aware clocks over Postfix: the notice of Alice's move to a player
/// registered at an unknown local user bounces for real (Postfix's report to
/// the row's VERP return path); that player's clock stops from the notice's
/// sending (balance frozen over a simulated day), `game show` says so, the
/// referee gets one alert about it; `referee bounce-clear` starts it again.
#[test]
fn a_real_bounce_of_a_move_notice_stops_that_players_clock_until_the_director_clears_it() {
    use chrono::{Duration, Utc};
    let _one_at_a_time = STACK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !stack_available() {
        return;
    }
    let bot = Bot::new(Mailing::Loopback);
    two_players(&bot, "russian");
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Nobody",
        "--email",
        "nobody@example.test",
        "--lang",
        "en",
    ]);
    bot.russian_game_at(
        "nobody@example.test",
        "3d/move",
        Some(Utc::now() - Duration::hours(1)),
        None,
    );
    // The invitation to Nobody bounces too, but it is no move notice: Nobody
    // is not to move, and no clock stops.
    serve_until(&bot, "the invitation's report", || {
        unreachable(&bot, "nobody@example.test").is_some()
    });
    assert!(bot.pauses(2).is_empty());
    let referee_before = mailbox("referee").len();
    let wt = bot.token(2, "white");
    send(
        "Alice <alice@example.test>",
        &format!("bot+2.{wt}@example.test"),
        "Re: [zaochka #2]",
        "1. c3-d4",
    );
    serve_until(&bot, "the bounce of the move notice", || {
        !bot.pauses(2).is_empty()
    });
    assert_eq!(bot.plies(2), 1);
    let (row, _) = bot.notice_row(2, "nobody@example.test");
    let (matched_by, sent): (String, String) = bot
        .db()
        .query_row(
            "SELECT b.matched_by, o.sent_at FROM bounces b JOIN outbox o ON o.id = b.outbox_id
             WHERE o.id = ?1",
            [row],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        matched_by, "verp",
        "Postfix's report came to the row's return path"
    );
    assert_eq!(
        bot.pauses(2),
        [(sent, None, None)],
        "stopped from the notice's sending"
    );
    // Nobody's balance is frozen across a simulated day.
    let now = Utc::now();
    let frozen = bot.clock_at(2, "black", now + Duration::days(1));
    assert_eq!(bot.clock_at(2, "black", now + Duration::days(2)), frozen);
    let shown = bot.ok(&["game", "show", "2"]);
    assert!(
        shown.contains("The clock of Nobody is stopped since"),
        "{shown}"
    );
    // The referee got exactly one alert about it.
    serve_until(&bot, "the alert", || bot.pending_outbox() == 0);
    assert_eq!(bot.alerts_of("clock-stopped"), 1);
    let referee = wait_for_mail("referee", referee_before + 1);
    let about: Vec<&String> = referee[referee_before..]
        .iter()
        .filter(|m| m.contains("game #2: the clock of Nobody is stopped"))
        .collect();
    assert_eq!(about.len(), 1, "{:?}", &referee[referee_before..]);
    // The director ends the pause a day later: the clock runs again.
    let cleared = now + Duration::days(1);
    bot.ok_at(
        cleared,
        &[
            "referee",
            "bounce-clear",
            "2",
            "nobody@example.test",
            "--as",
            "referee@example.test",
            "--reason",
            "new address arranged by phone",
        ],
    );
    let (u1, _) = bot.clock_at(2, "black", cleared + Duration::hours(1));
    let (u2, _) = bot.clock_at(2, "black", cleared + Duration::hours(3));
    assert_eq!(u2 - u1, 2 * 3600, "the clock runs again");
    assert_eq!(bot.pauses(2)[0].2.as_deref(), Some("director"));
}

/// A session of the bot on the loopback Dovecot.
fn bot_session() -> imap::Session<TcpStream> {
    let tcp = TcpStream::connect("127.0.0.1:1143").unwrap();
    let mut client = imap::Client::new(tcp);
    client.read_greeting().unwrap();
    client.login("bot", "botpw").map_err(|(e, _)| e).unwrap()
}

#[test]
fn the_imap_inbox_reads_an_over_size_mail_only_to_its_head_and_quarantines_by_keyword() {
    use zaochka::daemon::imap_inbox::{ImapInbox, ImapSettings};
    use zaochka::daemon::inbox::{HEAD_BYTES, Inbox};
    let _one_at_a_time = STACK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !stack_available() {
        return;
    }
    let nonce = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let small = format!(
        "From: alice@example.test\r\nTo: bot@example.test\r\nSubject: small {nonce}\r\nMessage-ID: <small.{nonce}@example.test>\r\n\r\n1. cd4\r\n"
    );
    // 1 MiB of body lines behind the header.
    let mut big = format!(
        "From: alice@example.test\r\nTo: bot@example.test\r\nSubject: big {nonce}\r\nMessage-ID: <big.{nonce}@example.test>\r\n\r\n"
    );
    while big.len() < 1 << 20 {
        big.push_str("cd4 dc5 cd4 dc5 cd4 dc5 cd4 dc5 cd4 dc5 cd4 dc5 cd4 dc5 cd4 dc5 cd4 dc5\r\n");
    }
    let mut s = bot_session();
    s.append("INBOX", small.as_bytes()).unwrap();
    s.append("INBOX", big.as_bytes()).unwrap();
    let mut inbox = ImapInbox::connect(ImapSettings {
        host: "127.0.0.1".into(),
        port: 1143,
        tls: false,
        user: "bot".into(),
        password: zaochka::config::Secret {
            password_env: None,
            password_command: Some("echo botpw".into()),
        },
        mailbox: "INBOX".into(),
        idle: false,
        max_message_bytes: 64 * 1024,
    })
    .unwrap();
    let ours = |inbox: &mut ImapInbox| {
        let mut found = Vec::new();
        for m in inbox.fetch(1000).unwrap() {
            let head = String::from_utf8_lossy(&m.bytes[..m.bytes.len().min(500)]).into_owned();
            if head.contains(&format!("small {nonce}")) {
                found.push(("small", m));
            } else if head.contains(&format!("big {nonce}")) {
                found.push(("big", m));
            }
        }
        found
    };
    let found = ours(&mut inbox);
    assert_eq!(found.len(), 2, "both appended mails are fetched");
    let (_, small_mail) = found.iter().find(|f| f.0 == "small").unwrap();
    let (_, big_mail) = found.iter().find(|f| f.0 == "big").unwrap();
    assert_eq!(
        small_mail.bytes,
        small.as_bytes(),
        "within the limit: whole"
    );
    assert!(!small_mail.is_truncated());
    assert_eq!(big_mail.size, big.len() as u64, "RFC822.SIZE");
    assert_eq!(
        big_mail.bytes.len(),
        HEAD_BYTES,
        "over the limit: the head only"
    );
    assert_eq!(&big_mail.bytes[..], &big.as_bytes()[..HEAD_BYTES]);
    assert!(big_mail.is_truncated());
    // Fetching did not set \Seen.
    assert_eq!(ours(&mut inbox).len(), 2);
    // Quarantine hides a mail until it is released.
    let (small_key, big_key) = (small_mail.key.clone(), big_mail.key.clone());
    inbox.quarantine(&small_key).unwrap();
    let after = ours(&mut inbox);
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].0, "big");
    assert!(inbox.release(&big_key).is_err(), "not in quarantine");
    inbox.release(&small_key).unwrap();
    assert_eq!(ours(&mut inbox).len(), 2);
    inbox.done(&small_key).unwrap();
    inbox.done(&big_key).unwrap();
    assert!(
        ours(&mut inbox).is_empty(),
        "done mail is not fetched again"
    );
    assert!(inbox.take_skipped().is_empty());
    s.logout().ok();
}

#[test]
fn imap_idle_wakes_the_daemon_at_once_also_after_a_dropped_connection_and_sigterm_ends_it() {
    let _one_at_a_time = STACK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !stack_available() {
        return;
    }
    let bot = Bot::new(Mailing::LoopbackAs("idlebot"));
    // Far above the bounds below: a reply within them came from IDLE, not a poll.
    bot.set_poll_seconds(300);
    idle_players(&bot, 1);
    let mut serving = bot.start_serving();
    let within = Duration::from_secs(20);
    serving.until("the invitations", within, || bot.pending_outbox() == 0);
    let (wt, bt) = (bot.token(1, "white"), bot.token(1, "black"));
    for (k, (from, token, text)) in [
        ("idlewhite@example.test", &wt, "1. ed4"),
        ("idleblack@example.test", &bt, "1... dc5"),
    ]
    .into_iter()
    .enumerate()
    {
        // The daemon is in IDLE again.
        std::thread::sleep(Duration::from_millis(1500));
        if k == 1 {
            assert!(kick("idlebot"), "doveadm kick idlebot failed");
            std::thread::sleep(Duration::from_millis(500));
        }
        let sent = bot.outbox_count();
        send(
            from,
            &format!("idlebot+1.{token}@example.test"),
            "Re: [zaochka #1] russian",
            text,
        );
        serving.until(&format!("the reply to ply {}", k + 1), within, || {
            bot.plies(1) == k as i64 + 1 && bot.outbox_count() > sent && bot.pending_outbox() == 0
        });
    }
    std::thread::sleep(Duration::from_millis(1500));
    serving.stop(Duration::from_secs(3));
}

/// Deletes every message of a user's INBOX (the mailbox outlives test runs).
fn empty_mailbox(user: &str) {
    let tcp = TcpStream::connect("127.0.0.1:1143").unwrap();
    let mut client = imap::Client::new(tcp);
    client.read_greeting().unwrap();
    let mut s = client
        .login(user, format!("{user}pw"))
        .map_err(|(e, _)| e)
        .unwrap();
    if s.select("INBOX").unwrap().exists > 0 {
        s.store("1:*", "+FLAGS (\\Deleted)").unwrap();
        s.expunge().unwrap();
    }
    s.logout().ok();
}

#[test]
fn a_restore_replays_the_moves_read_over_imap_after_the_backup() {
    let _one_at_a_time = STACK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !stack_available() {
        return;
    }
    empty_mailbox("restorebot");
    let bot = Bot::new(Mailing::LoopbackAs("restorebot"));
    two_players(&bot, "russian");
    bot.serve_once();
    let backup = bot.path().join("before-the-moves.db");
    bot.ok(&["backup", backup.to_str().unwrap()]);
    let (wt, bt) = (bot.token(1, "white"), bot.token(1, "black"));
    for (k, (mv, who)) in SEED_001.iter().take(4).enumerate() {
        let (from, token) = if who.starts_with("ivanov") {
            ("Alice <alice@example.test>", &wt)
        } else {
            ("Bob <bob@example.test>", &bt)
        };
        let n = k / 2 + 1;
        let text = if k % 2 == 0 {
            format!("{n}. {mv}")
        } else {
            format!("{n}... {mv}")
        };
        send(
            from,
            &format!("restorebot+1.{token}@example.test"),
            "Re: [zaochka #1]",
            &text,
        );
        serve_until(&bot, &format!("ply {}", k + 1), || {
            bot.plies(1) == k as i64 + 1
        });
    }
    // The four mails are marked seen in the bot's mailbox; the backup has none.
    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert_eq!(bot.plies(1), 4, "every move read over IMAP is back: {out}");
    // Restoring again applies nothing twice.
    bot.ok(&["restore", backup.to_str().unwrap()]);
    assert_eq!(bot.plies(1), 4);
}
