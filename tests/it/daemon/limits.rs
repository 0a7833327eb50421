//! The real `zaochka serve --once` on hostile mail (the bounded
//! readers): body lines and Subjects of 256 KiB and 9 MiB (under
//! the 10 MiB `max-message-bytes`) are recorded as processed, the daemon's
//! peak RSS stays under 64 MiB, and an ordinary move mail behind them is
//! applied. (The polite answers to over-limit mails are checked elsewhere.)

use crate::common;

use common::daemon::{Bot, Mailing, mail, two_players};

/// Runs `serve --once` and returns its peak RSS in KiB, as the daemon logs
/// it at the end of the cycle (`peak_rss_kib`, its own `VmHWM`). The child's
/// `ru_maxrss` cannot serve: Linux counts in it the memory the test process
/// (the parent) held when it started the child, which grows with the other
/// tests running in the same process.
fn serve_once_peak_rss_kib(bot: &Bot) -> i64 {
    bot.serve_once_usage();
    let log = std::fs::read_to_string(bot.path().join("serve.stderr")).unwrap();
    let kib = log
        .split("peak_rss_kib=")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok());
    kib.unwrap_or_else(|| panic!("serve --once logged no peak_rss_kib:\n{log}"))
}

#[test]
fn long_lines_and_subjects_are_recorded_in_bounded_memory_and_the_next_move_is_applied() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let token = bot.token(1, "white");
    let to = format!("bot+1.{token}@example.test");
    let from = "Alice <alice@example.test>";
    let subject = "Re: [zaochka #1] russian";
    let line = |bytes: usize| "cd4 ".repeat(bytes / 4);
    let big = [256 * 1024, 9 * 1024 * 1024];
    let mut seq = 0;
    for (k, &bytes) in big.iter().enumerate() {
        seq += 1;
        bot.deliver(
            seq,
            &mail(
                from,
                &to,
                subject,
                &format!("body{k}@example.test"),
                &line(bytes),
            ),
        );
        seq += 1;
        let huge_subject = format!("Re: [zaochka #1] {}", line(bytes));
        bot.deliver(
            seq,
            &mail(
                from,
                &to,
                &huge_subject,
                &format!("subject{k}@example.test"),
                "1. c3-d4",
            ),
        );
    }
    seq += 1;
    bot.deliver(
        seq,
        &mail(from, &to, subject, "normal@example.test", "1. c3-d4"),
    );

    let rss = serve_once_peak_rss_kib(&bot);
    eprintln!("serve --once peak RSS: {rss} KiB");
    assert!(rss < 64 * 1024, "peak RSS {rss} KiB");

    assert_eq!(bot.plies(1), 1, "the move behind the big mails is applied");
    // Every mail is recorded (the over-limit ones have no Message-ID read:
    // they are found by their inbox keys, which sort as delivered).
    let db = bot.db();
    let mut st = db
        .prepare("SELECT outcome FROM processed_messages ORDER BY inbox_key")
        .unwrap();
    let outcomes: Vec<String> = st
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(outcomes.len(), 5, "{outcomes:?}");
    for o in &outcomes[..4] {
        assert!(o.starts_with("rejected: over max-"), "{outcomes:?}");
    }
    assert!(outcomes[4].starts_with("applied"), "{outcomes:?}");
    // Nothing is left in the inbox to be tried again.
    let left = std::fs::read_dir(bot.path().join("mail/inbox/new"))
        .unwrap()
        .count();
    assert_eq!(left, 0);
}
