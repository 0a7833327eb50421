//! Benchmark (run by hand, not in the suite): 1,000 player mails through real
//! Postfix and Dovecot into a running `zaochka serve` (IMAP IDLE), each a first move
//! in its own game; reports mails per second end to end, the latency from sending a
//! mail to its reply being sent (median and 99th percentile), and the daemon's peak
//! RSS. Needs the loopback mail stack (scripts/mailstack.sh start):
//!
//!     cargo test --release --test mail_bench -- --ignored --nocapture

mod common;

use std::time::{Duration, Instant};

use common::daemon::{Bot, Mailing};
use lettre::{SmtpTransport, Transport};

const MAILS: usize = 1000;

#[test]
#[ignore = "a benchmark: needs the loopback mail stack and takes a minute"]
fn a_thousand_mails_through_postfix_dovecot_and_the_daemon() {
    let bot = Bot::new(Mailing::Loopback);
    let text = std::fs::read_to_string(&bot.config)
        .unwrap()
        .replace("idle = false", "idle = true");
    std::fs::write(&bot.config, text).unwrap();
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Alice",
        "--email",
        "alice@example.test",
        "--lang",
        "en",
    ]);
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Bob",
        "--email",
        "bob@example.test",
        "--lang",
        "en",
    ]);
    // The games are made in one transaction through the library (1,000 CLI runs would
    // measure process start-up, not the daemon).
    {
        let mut store = zaochka::store::Store::open(bot.path().join("zaochka.db")).unwrap();
        store
            .transaction(|tx| -> Result<(), zaochka::store::StoreError> {
                let a = zaochka::store::players::find_by_email(tx, "alice@example.test")?.unwrap();
                let b = zaochka::store::players::find_by_email(tx, "bob@example.test")?.unwrap();
                for _ in 0..MAILS {
                    zaochka::store::games::create(
                        tx,
                        &zaochka::store::games::NewGame::new(
                            "russian",
                            a.id,
                            b.id,
                            chrono::Utc::now(),
                        ),
                    )?;
                }
                Ok(())
            })
            .unwrap();
    }
    let mut daemon = bot
        .command()
        .arg("serve")
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let smtp = SmtpTransport::builder_dangerous("127.0.0.1")
        .port(2525)
        .build();
    let tokens: Vec<String> = (1..=MAILS).map(|g| bot.token(g as i64, "white")).collect();
    let moves = [
        "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
    ];
    let mut sent_at = Vec::with_capacity(MAILS);
    let start = Instant::now();
    for g in 1..=MAILS {
        let token = &tokens[g - 1];
        let m = lettre::Message::builder()
            .from("alice@example.test".parse().unwrap())
            .to(format!("bot+{g}.{token}@example.test").parse().unwrap())
            .subject(format!("Re: [zaochka #{g}]"))
            .body(format!("1. {}", moves[g % moves.len()]))
            .unwrap();
        smtp.send(&m).unwrap();
        sent_at.push(chrono::Utc::now());
    }
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
            "only {done} replies sent"
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
            let sent = chrono::DateTime::parse_from_rfc3339(&sent)
                .unwrap()
                .with_timezone(&chrono::Utc);
            (sent - sent_at[g - 1]).num_milliseconds() as f64 / 1000.0
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    let p = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q) as usize];
    println!(
        "mails: {MAILS}; sending over SMTP took {:.1} s",
        sending.as_secs_f64()
    );
    println!(
        "end to end: {:.1} s, {:.0} mails/s (each mail: 1 move applied, 2 replies sent over SMTP)",
        total.as_secs_f64(),
        MAILS as f64 / total.as_secs_f64()
    );
    println!(
        "latency from send to first reply sent: median {:.2} s, p99 {:.2} s, max {:.2} s",
        p(0.5),
        p(0.99),
        p(1.0)
    );
    println!("daemon peak RSS: {rss}");
    assert_eq!(
        db.query_row::<i64, _, _>("SELECT count(*) FROM moves", [], |r| r.get(0))
            .unwrap(),
        MAILS as i64
    );
}
