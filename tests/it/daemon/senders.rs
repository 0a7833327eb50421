//! Mails whose sender cannot be answered, read by the real `zaochka serve
//! --once`: each is recorded with its exact outcome line (what the operator
//! reads in `processed_messages` and the log), changes no game, and is
//! answered by nobody.

use crate::common;

use common::daemon::{Bot, Mailing, mail, two_players};

#[test]
fn a_mail_without_one_known_sender_is_recorded_in_its_exact_line_and_unanswered() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let token = bot.token(1, "white");
    let to = format!("bot+1.{token}@example.test");
    let subject = "Re: [zaochka #1] russian";
    let cases: [(&str, &str); 4] = [
        (
            "Alice <alice@example.test>, Bob <bob@example.test>",
            "rejected: several senders",
        ),
        ("Alice", "rejected: a sender that is not one address"),
        (
            "Stranger <stranger@example.test>",
            "rejected: unknown sender stranger@example.test",
        ),
        ("", "rejected: no sender"),
    ];
    let before = bot.outbox_count();
    for (seq, (from, _)) in cases.iter().enumerate() {
        let text = mail(
            from,
            &to,
            subject,
            &format!("s{seq}@example.test"),
            "1. cd4",
        );
        // A mail with no From header at all, not an empty one.
        let text = if from.is_empty() {
            text.replacen("From: \n", "", 1)
        } else {
            text
        };
        bot.deliver(seq + 1, &text);
    }
    bot.serve_once();
    let want: Vec<&str> = cases.iter().map(|(_, line)| *line).collect();
    assert_eq!(bot.outcomes(), want);
    assert_eq!(bot.plies(1), 0, "no move was applied");
    assert_eq!(bot.outbox_count(), before, "nobody was answered");
}
