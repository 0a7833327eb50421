//! Idle reply latency: one mail at a time to an idle `zaochka serve`
//! (`poll-seconds = 300`, so only a wake-up can answer fast), 20 times, each a
//! first move in its own game; prints the median and the maximum.
//!
//! - Through Postfix and Dovecot with IMAP IDLE: from the start of the SMTP
//!   submission of the player's mail to the moment every reply of that mail is
//!   marked sent in the outbox, which the daemon does right after Postfix
//!   answered 250 to the reply's DATA (the reply accepted by Postfix).
//! - Maildir inbox with inotify and the files outbox: from the rename of the
//!   mail into `new/` to every reply marked sent (its `.eml` written).
//!
//! The outbox is read every 5 ms (the figures include up to that). Run with
//! `cargo test --release --test it benches::idle:: -- --ignored --nocapture`
//! (the mail-stack half needs `scripts/mailstack.sh start` as root; it uses
//! the stack's users idlebot, idlewhite and idleblack, as does a test in
//! daemon_mailstack.rs: do not run both at once).

use crate::common;

use std::time::{Duration, Instant};

use common::daemon::{Bot, Mailing, mail};
use common::serve::{idle_players, submit};

/// Mails measured.
const ROUNDS: usize = 20;

/// The median and the maximum, in ms.
fn report(what: &str, mut took: Vec<Duration>) {
    took.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = (ms(took[ROUNDS / 2 - 1]) + ms(took[ROUNDS / 2])) / 2.0;
    println!(
        "{what}: {ROUNDS} mails, median {median:.0} ms, max {:.0} ms, min {:.0} ms",
        ms(*took.last().unwrap()),
        ms(took[0])
    );
}

/// Measures `ROUNDS` mails; `deliver(game, white_token)` hands the first move
/// of `game` to the bot's inbox.
fn measure(bot: &Bot, deliver: impl Fn(i64, &str)) -> Vec<Duration> {
    bot.set_poll_seconds(300);
    idle_players(bot, ROUNDS);
    let mut serving = bot.start_serving();
    let within = Duration::from_secs(60);
    serving.until("the invitations", within, || bot.pending_outbox() == 0);
    let mut took = Vec::new();
    for game in 1..=ROUNDS as i64 {
        // Idle: the cycle after the last reply is over.
        std::thread::sleep(Duration::from_millis(700));
        let before = bot.outbox_count();
        let token = bot.token(game, "white");
        let start = Instant::now();
        deliver(game, &token);
        serving.until(&format!("the reply in game {game}"), within, || {
            bot.outbox_count() > before && bot.pending_outbox() == 0
        });
        took.push(start.elapsed());
        assert_eq!(bot.plies(game), 1);
    }
    serving.stop(Duration::from_secs(5));
    took
}

#[test]
#[ignore = "a benchmark: idle reply latency through Postfix and Dovecot with IDLE; needs the mail stack"]
fn idle_reply_latency_through_postfix_and_dovecot_with_idle() {
    let bot = Bot::new(Mailing::LoopbackAs("idlebot"));
    let took = measure(&bot, |game, token| {
        submit(
            "idlewhite@example.test",
            &format!("idlebot+{game}.{token}@example.test"),
            &format!("Re: [zaochka #{game}] russian"),
            "1. ed4",
        );
    });
    report("IMAP IDLE, submission to reply accepted by Postfix", took);
}

#[test]
#[ignore = "a benchmark: idle reply latency on a Maildir inbox with inotify and the files outbox"]
fn idle_reply_latency_on_a_watched_maildir_with_the_files_outbox() {
    let bot = Bot::new(Mailing::Local);
    let took = measure(&bot, |game, token| {
        let m = mail(
            "White <idlewhite@example.test>",
            &format!("bot+{game}.{token}@example.test"),
            &format!("Re: [zaochka #{game}] russian"),
            &format!("bench{game}@example.test"),
            "1. ed4\n",
        );
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        bot.deliver_at(game as usize, &m, now);
    });
    report("Maildir inotify, rename into new/ to reply written", took);
}
