//! An idle daemon on the embedded default (Maildir inbox, `.eml` outbox) is
//! woken by the inotify watch on `new/`: a mail dropped there is answered
//! within seconds although `poll-seconds` is 300, and SIGTERM during the wait
//! ends the daemon at once.

use crate::common;

use std::time::Duration;

use common::cli::SEED_001;
use common::daemon::{Bot, Mailing, mail, two_players};

/// Far above the bounds below: a reply within them came from a wake-up, not a poll.
const POLL_SECONDS: u64 = 300;
/// A generous bound for a reply (a functional check, not a benchmark).
const REPLY_WITHIN: Duration = Duration::from_secs(20);

/// Player `k`'s move mail of the seed game (White's for even `k`).
fn move_mail(bot: &Bot, k: usize) -> String {
    let white = k.is_multiple_of(2);
    let (from, side) = if white {
        ("Alice <alice@example.test>", "white")
    } else {
        ("Боб <bob@example.test>", "black")
    };
    let n = k / 2 + 1;
    let dots = if white { "." } else { "..." };
    mail(
        from,
        &format!("bot+1.{}@example.test", bot.token(1, side)),
        "Re: [zaochka #1] russian",
        &format!("wake{k}@example.test"),
        &format!("{n}{dots} {}\n", SEED_001[k].0),
    )
}

#[test]
fn a_mail_dropped_into_new_wakes_the_idle_daemon_at_once_and_sigterm_ends_its_wait() {
    let bot = Bot::new(Mailing::Local);
    bot.set_poll_seconds(POLL_SECONDS);
    two_players(&bot, "russian");
    let mut serving = bot.start_serving();
    serving.until("the invitations", REPLY_WITHIN, || {
        bot.outbox_files().len() == 2
    });
    for k in 0..2 {
        // The daemon is waiting again (its cycle after the last reply is over).
        std::thread::sleep(Duration::from_millis(500));
        let before = bot.outbox_files().len();
        bot.deliver(k, &move_mail(&bot, k));
        serving.until(&format!("reply to ply {}", k + 1), REPLY_WITHIN, || {
            bot.plies(1) == k as i64 + 1 && bot.outbox_files().len() > before
        });
    }
    assert!(
        !serving.log().contains("polling it"),
        "the Maildir was watched: {}",
        serving.log()
    );
    std::thread::sleep(Duration::from_millis(500));
    serving.stop(Duration::from_secs(3));
}
