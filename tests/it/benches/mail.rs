//! Benchmarks (run by hand, not in the suite) through real Postfix and Dovecot:
//!
//! - 1,000 player mails into a running `zaochka serve` (IMAP IDLE), each a first
//!   move in its own game, submitted over 4 connections; reports mails per second
//!   end to end, the latency from sending a mail to its reply being accepted by
//!   Postfix (median and 99th percentile), and the daemon's peak RSS;
//! - the start of a 50-player double round robin: 4,900 invitations queued by
//!   `zaochka tournament start` and sent by `serve --once`: the time to the last
//!   invitation accepted by Postfix.
//!
//! The outbox sends over `[outbox] connections` (default 4) at once. Needs the
//! loopback mail stack (scripts/mailstack.sh start, as root):
//!
//!     cargo test --release --test it benches::mail:: -- --ignored --nocapture --test-threads 1
//!
//! The benchmarks use mailboxes of their own (`wtcbot` for the bot, `wtcplay` for
//! the players, added to the running stack and made anew first), so that other tests
//! on the shared stack neither read these mails nor have theirs read.

use crate::common;

use std::time::{Duration, Instant};

use common::daemon::{Bot, Mailing};
use common::field::{add_director, add_numbered, draw_by_seed, new_tournament};
use lettre::{SmtpTransport, Transport};

/// The stack's state directory (scripts/mailstack.sh).
fn stack_dir() -> String {
    std::env::var("ZAOCHKA_MAILSTACK_DIR").unwrap_or_else(|_| "/tmp/zaochka-mailstack".into())
}

/// Adds the mailboxes `wtcbot` and `wtcplay` (password: name + "pw") to the
/// running stack if missing, makes their Maildirs anew, prints Postfix's limits that could
/// cap parallel connections, and returns a bot that reads `wtcbot` (IDLE on)
/// and answers players at `wtcplay+...@example.test`.
fn own_bot() -> Bot {
    let t = stack_dir();
    for u in ["wtcbot", "wtcplay"] {
        let add = |file: String, line: String| {
            let text = std::fs::read_to_string(&file).unwrap();
            if !text.lines().any(|l| l == line) {
                std::fs::write(&file, format!("{text}{line}\n")).unwrap();
            }
        };
        add(format!("{t}/users.passwd"), format!("{u}:{{PLAIN}}{u}pw"));
        add(
            format!("{t}/postfix/vmailbox"),
            format!("{u}@example.test OK"),
        );
        // The whole Maildir, Dovecot's index and UID list with it: mails
        // removed one by one leave the index growing run after run, and each
        // delivery then costs more (the burst took twice as long by the third
        // run). Dovecot makes a new one at the first delivery.
        let _ = std::fs::remove_dir_all(format!("{t}/mail/{u}/Maildir"));
    }
    let reload = std::process::Command::new("postfix")
        .args(["-c", &format!("{t}/pfconf"), "reload"])
        .output()
        .unwrap();
    assert!(reload.status.success(), "postfix reload: {reload:?}");
    let limits = std::process::Command::new("postconf")
        .args([
            "-c",
            &format!("{t}/pfconf"),
            "smtpd_client_connection_count_limit",
            "smtpd_client_message_rate_limit",
            "default_process_limit",
            "in_flow_delay",
        ])
        .output()
        .unwrap();
    print!(
        "postfix: {}",
        String::from_utf8_lossy(&limits.stdout).replace('\n', "; ")
    );
    println!();
    std::thread::sleep(Duration::from_secs(2));
    let bot = Bot::new(Mailing::Loopback);
    let text = std::fs::read_to_string(&bot.config)
        .unwrap()
        .replace("idle = false", "idle = true")
        .replace("user = \"bot\"", "user = \"wtcbot\"")
        .replace("local = \"bot\"", "local = \"wtcbot\"");
    std::fs::write(&bot.config, text).unwrap();
    bot
}

/// The bot's command with the password of its own mailbox.
fn own_command(bot: &Bot) -> std::process::Command {
    let mut c = bot.command();
    c.env("ZAOCHKA_TEST_IMAP_PASSWORD", "wtcbotpw");
    c
}

/// The instant in an RFC 3339 column.
fn instant(text: &str) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&chrono::Utc)
}

const MAILS: usize = 1000;

/// The CPU time (user + system, all threads) a process has used so far, in
/// seconds (`/proc/PID/stat`, fields 14 and 15, in clock ticks of 1/100 s).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks = |i: usize| fields[i - 3].parse::<f64>().unwrap();
    (ticks(14) + ticks(15)) / 100.0
}

#[test]
#[ignore = "a benchmark: needs the loopback mail stack and takes a minute"]
fn a_thousand_mails_through_postfix_dovecot_and_the_daemon() {
    let bot = own_bot();
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Alice",
        "--email",
        "wtcplay+alice@example.test",
        "--lang",
        "en",
    ]);
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Bob",
        "--email",
        "wtcplay+bob@example.test",
        "--lang",
        "en",
    ]);
    // The games are made in one transaction through the library (1,000 CLI runs would
    // measure process start-up, not the daemon).
    bot.russian_games_in_one_transaction(
        "wtcplay+alice@example.test",
        "wtcplay+bob@example.test",
        MAILS,
    );
    // The daemon's log, shown if the run stalls.
    let log = std::fs::File::create(bot.path().join("serve.stderr")).unwrap();
    let mut daemon = own_command(&bot)
        .arg("serve")
        .env("RUST_LOG", "info,zaochka::daemon=debug")
        .stderr(log)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let tokens: Vec<String> = (1..=MAILS).map(|g| bot.token(g as i64, "white")).collect();
    let moves = [
        "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
    ];
    // The players' side submits over 4 connections too (one connection alone
    // takes about 46 s for the 1,000 mails).
    const SUBMITTERS: usize = 4;
    let start = Instant::now();
    let mut sent_at = vec![chrono::Utc::now(); MAILS];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..SUBMITTERS)
            .map(|k| {
                let tokens = &tokens;
                scope.spawn(move || {
                    let smtp = SmtpTransport::builder_dangerous("127.0.0.1")
                        .port(2525)
                        .build();
                    let mut at = Vec::new();
                    for g in (1..=MAILS).filter(|g| g % SUBMITTERS == k) {
                        let token = &tokens[g - 1];
                        let m = lettre::Message::builder()
                            .from("wtcplay+alice@example.test".parse().unwrap())
                            .to(format!("wtcbot+{g}.{token}@example.test").parse().unwrap())
                            .subject(format!("Re: [zaochka #{g}]"))
                            .body(format!("1. {}", moves[g % moves.len()]))
                            .unwrap();
                        smtp.send(&m).unwrap();
                        at.push((g, chrono::Utc::now()));
                    }
                    at
                })
            })
            .collect();
        for h in handles {
            for (g, t) in h.join().unwrap() {
                sent_at[g - 1] = t;
            }
        }
    });
    let sending = start.elapsed();
    let db = bot.db();
    loop {
        let done: i64 = db
            .query_row(
                "SELECT count(*) FROM outbox WHERE status = 'sent'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        if done >= 2 * MAILS as i64 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "only {done} replies sent; the daemon's log ends: {}",
            std::fs::read_to_string(bot.path().join("serve.stderr"))
                .unwrap_or_default()
                .lines()
                .rev()
                .take(30)
                .collect::<Vec<_>>()
                .join("\n")
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let total = start.elapsed();
    let rss = std::fs::read_to_string(format!("/proc/{}/status", daemon.id()))
        .unwrap()
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .unwrap_or("VmHWM: ?")
        .to_string();
    let cpu = cpu_seconds(daemon.id());
    daemon.kill().ok();
    daemon.wait().ok();
    let mut latencies: Vec<f64> = (1..=MAILS)
        .map(|g| {
            let sent: String = db
                .query_row(
                    "SELECT min(sent_at) FROM outbox WHERE game_id = ?1 AND status = 'sent'",
                    [g as i64],
                    |r| r.get(0),
                )
                .unwrap();
            let sent = instant(&sent);
            (sent - sent_at[g - 1]).num_milliseconds() as f64 / 1000.0
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    let p = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q) as usize];
    println!(
        "mails: {MAILS}; submitting them over {SUBMITTERS} SMTP connections took {:.1} s",
        sending.as_secs_f64()
    );
    println!(
        "end to end: {:.1} s, {:.0} mails/s (each mail: 1 move applied, 2 replies sent over SMTP)",
        total.as_secs_f64(),
        MAILS as f64 / total.as_secs_f64()
    );
    println!(
        "latency from submission to the first reply accepted by Postfix: median {:.2} s, p99 {:.2} s, max {:.2} s",
        p(0.5),
        p(0.99),
        p(1.0)
    );
    println!("daemon peak RSS: {rss}");
    println!(
        "daemon CPU (user + system): {cpu:.1} s, {:.1} ms per mail",
        cpu * 1000.0 / MAILS as f64
    );
    assert_eq!(
        db.query_row::<i64, _, _>("SELECT count(*) FROM moves", [], |r| r.get(0))
            .unwrap(),
        MAILS as i64
    );
}

/// Players of the tournament start.
const FIELD: usize = 50;

#[test]
#[ignore = "a benchmark: needs the loopback mail stack and takes minutes"]
fn the_invitations_of_a_fifty_player_double_round_robin_through_postfix() {
    let bot = own_bot();
    let director = "wtcplay+director@example.test";
    let ok = |args: &[&str]| bot.ok(args);
    add_director(&ok, director, None);
    let players = add_numbered(&ok, FIELD, |i| format!("wtcplay+p{i}@example.test"));
    new_tournament(
        &ok,
        director,
        "Большой",
        "double-round-robin",
        &["--time-control", "3d/move"],
        &players,
    );
    draw_by_seed(&ok, director, "Большой", "00");
    let t0 = Instant::now();
    let started_at = chrono::Utc::now();
    let out = bot.ok(&["tournament", "start", "Большой", "--as", director]);
    let queued = t0.elapsed();
    assert!(
        out.contains("2450 games created, 4900 invitations queued"),
        "{out}"
    );
    let serve = own_command(&bot)
        .args(["serve", "--once"])
        .output()
        .unwrap();
    let total = t0.elapsed();
    assert!(
        serve.status.success(),
        "{}",
        String::from_utf8_lossy(&serve.stderr)
    );
    let db = bot.db();
    let (sent, first, last): (i64, String, String) = db
        .query_row(
            "SELECT count(*), min(sent_at), max(sent_at) FROM outbox WHERE status = 'sent'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(sent, 2 * 2450, "every invitation accepted");
    let last = (instant(&last) - started_at).num_milliseconds() as f64 / 1000.0;
    let sending = (instant(&last_of(&db)) - instant(&first)).num_milliseconds() as f64 / 1000.0;
    println!(
        "tournament start ({FIELD} players, 2,450 games, 4,900 invitations): queued in {:.1} s; \
         last invitation accepted by Postfix {last:.1} s after the start command \
         (sending {sending:.1} s: {:.0} mails/s); serve --once done after {:.1} s",
        queued.as_secs_f64(),
        4900.0 / sending,
        total.as_secs_f64()
    );
}

/// The instant the last reply was accepted.
fn last_of(db: &rusqlite::Connection) -> String {
    db.query_row("SELECT max(sent_at) FROM outbox", [], |r| r.get(0))
        .unwrap()
}
