//! A new Xfcc password asked for by mail (`xfcc password`, `пароль xfcc`):
//! the bot mails a made one to the sender, whose mail carried a token, and
//! the endpoint lets them in with it; a mail without a token gets none.

use std::time::Duration;

use super::{Endpoint, games_of, result_of, scid};
use crate::common::daemon::{ALICE, BOB, GameNew, mail};

/// The password in the bot's mail: the word after `password:` / `Xfcc:`.
fn password_in(body: &str) -> Option<String> {
    body.lines()
        .find_map(|l| {
            l.rsplit_once("Xfcc password: ")
                .or_else(|| l.rsplit_once("Xfcc: "))
        })
        .map(|(_, p)| p.trim().to_string())
}

#[test]
fn a_password_asked_for_by_mail_is_mailed_to_the_sender_and_opens_the_endpoint() {
    let mut x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    let before = x.bot.outbox_to(BOB).len();
    let m = mail(
        BOB,
        &x.bot.personal_address(BOB),
        "xfcc",
        "bob-pw@example.test",
        "пароль xfcc",
    );
    x.bot.deliver(1, &m);
    let bot = &x.bot;
    x.serving
        .until("the password mail", Duration::from_secs(60), || {
            bot.outbox_to(BOB).len() > before
        });
    let body = x.bot.outbox_to(BOB).pop().unwrap();
    let password = password_in(&body).unwrap_or_else(|| panic!("{body}"));
    assert_eq!(password.len(), 16, "{body}");
    let (status, answer) = x.post(&scid::get_my_games(BOB, &password));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(games_of(&answer).len(), 1);
    // The old password is replaced.
    let (status, answer) = x.post(&scid::get_my_games(BOB, super::BOB_PW));
    assert_eq!(
        (status, result_of(&answer, "faultstring").as_str()),
        (500, "AuthenticationFailed")
    );
    // A mail without a token from Alice's address makes no password.
    let hash_before: String = x
        .bot
        .db()
        .query_row(
            "SELECT hash FROM xfcc_passwords p JOIN players u ON u.id = p.player_id WHERE u.email = ?1",
            [ALICE],
            |r| r.get(0),
        )
        .unwrap();
    let m = mail(
        ALICE,
        "bot@example.test",
        "xfcc",
        "alice-pw@example.test",
        "xfcc password",
    );
    x.bot.deliver(2, &m);
    let bot = &x.bot;
    x.serving
        .until("the tokenless mail taken", Duration::from_secs(60), || {
            bot.outcomes().len() >= 2
        });
    let hash_after: String = x
        .bot
        .db()
        .query_row(
            "SELECT hash FROM xfcc_passwords p JOIN players u ON u.id = p.player_id WHERE u.email = ?1",
            [ALICE],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(hash_before, hash_after);
}
