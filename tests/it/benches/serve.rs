//! Benchmark (run by hand, not in the suite): the CPU the daemon spends
//! per player mail, without a mail server. 500 games are made through the library
//! in one transaction, 500 first-move mails (White's, one per game) are put into a
//! Maildir inbox, and the real `zaochka serve --once` applies them and writes the
//! 1,000 replies (with their PNG boards) to the files outbox. Prints the wall time,
//! the child's CPU time (user + system, from `wait4`) and CPU milliseconds per mail:
//!
//!     cargo test --release --test it benches::serve:: -- --ignored --nocapture

use crate::common;

use std::time::Instant;

use common::daemon::{Bot, Mailing, mail};

/// Games, and mails: one first move in each game.
const MAILS: usize = 500;

/// A `timeval` in milliseconds.
fn ms(t: libc::timeval) -> f64 {
    t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0
}

#[test]
#[ignore = "a benchmark: prints the CPU per mail of serve --once on 500 mails"]
fn five_hundred_first_moves_through_serve_once_on_the_files_outbox() {
    let bot = Bot::new(Mailing::Local);
    // One player of each language, so both languages' replies are drawn.
    for (name, email, lang) in [
        ("Alice", "alice@example.test", "en"),
        ("Боб", "bob@example.test", "ru"),
    ] {
        bot.ok(&[
            "player", "add", "--name", name, "--email", email, "--lang", lang,
        ]);
    }
    // The games in one transaction through the library (500 CLI runs would
    // measure process start-up, not the daemon).
    bot.russian_games_in_one_transaction("alice@example.test", "bob@example.test", MAILS);
    // The seven first moves of Russian checkers, in turn.
    let moves = [
        "c3-d4", "a3-b4", "c3-b4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
    ];
    let db = bot.db();
    let tokens: Vec<String> = {
        let mut st = db
            .prepare("SELECT white_token FROM games ORDER BY id")
            .unwrap();
        st.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(tokens.len(), MAILS);
    for (i, token) in tokens.iter().enumerate() {
        let g = i + 1;
        bot.deliver(
            g,
            &mail(
                "Alice <alice@example.test>",
                &format!("bot+{g}.{token}@example.test"),
                &format!("Re: [zaochka #{g}] russian"),
                &format!("move{g}@example.test"),
                &format!("1. {}", moves[i % moves.len()]),
            ),
        );
    }
    let start = Instant::now();
    let usage = bot.serve_once_usage();
    let wall = start.elapsed();
    let (user, system) = (ms(usage.ru_utime), ms(usage.ru_stime));
    let moves_applied: i64 = db
        .query_row("SELECT count(*) FROM moves", [], |r| r.get(0))
        .unwrap();
    assert_eq!(moves_applied, MAILS as i64, "every first move is applied");
    let sent: i64 = db
        .query_row(
            "SELECT count(*) FROM outbox WHERE status = 'sent'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(sent, 2 * MAILS as i64, "both players' replies are written");
    println!(
        "serve --once, {MAILS} first-move mails, {sent} replies to the files outbox: wall {:.2} s",
        wall.as_secs_f64()
    );
    println!(
        "child CPU {:.0} ms (user {user:.0}, system {system:.0}): {:.2} ms per mail; peak RSS {} KiB",
        user + system,
        (user + system) / MAILS as f64,
        usage.ru_maxrss
    );
}
