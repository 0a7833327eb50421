//! Leave asked for by mail as people write it, through the daemon (Maildir
//! inbox, files outbox, a real SQLite file): `прошу отпуск с 10.12 по 20.12`
//! and `отпуск с 10.12 по 20.12` on a line of its own are stored and
//! confirmed; a request whose dates do not read, or that has none, is
//! answered as a leave request with the forms that read, and stores nothing.

use crate::common;

use common::daemon::{ALICE, BOB, Bot, Mailing, mail, two_players};

/// A bot with game #1, Alice (English) against Bob (Russian), invitations sent.
fn bot_with_a_game() -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    bot
}

/// Sends `body` from `player` (`alice` or `bob`) to game #1 and runs the
/// daemon once; returns the player's newest mail from the bot.
fn send(bot: &Bot, seq: usize, player: &str, body: &str) -> String {
    let (from, side, address) = match player {
        "alice" => ("Alice <alice@example.test>", "white", ALICE),
        _ => ("Боб <bob@example.test>", "black", BOB),
    };
    let token = bot.token(1, side);
    bot.deliver(
        seq,
        &mail(
            from,
            &format!("bot+1.{token}@example.test"),
            "Re: [zaochka #1] russian",
            &format!("leave{seq}.{player}@example.test"),
            body,
        ),
    );
    bot.serve_once();
    bot.outbox_to(address)
        .pop()
        .expect("the bot answers the mail")
}

/// The days of each leave stored for the player at `email`.
fn leave_days(bot: &Bot, email: &str) -> Vec<i64> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT days FROM leaves WHERE player_id = \
             (SELECT id FROM players WHERE email = ?1) ORDER BY id",
        )
        .unwrap();
    st.query_map([email], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn leave_asked_in_words_with_day_and_month_is_stored_and_confirmed() {
    let bot = bot_with_a_game();
    let reply = send(
        &bot,
        1,
        "bob",
        "Добрый день!\n\nпрошу отпуск с 10.12 по 20.12\n",
    );
    assert_eq!(leave_days(&bot, BOB), [11], "{reply}");
    assert!(reply.contains("Ваш отпуск с 10.12."), "{reply}");
    assert!(reply.contains(" по 20.12."), "{reply}");

    // On a line of its own, from an English player: `отпуск` reads day first.
    let reply = send(
        &bot,
        2,
        "alice",
        "Hello,\n\nотпуск с 10.12 по 20.12\n\nThanks!\n",
    );
    assert_eq!(leave_days(&bot, ALICE), [11], "{reply}");
    assert!(reply.contains("Your leave from "), "{reply}");
    assert!(reply.contains("-12-10 to "), "{reply}");
    assert!(reply.contains("-12-20 "), "{reply}");
}

#[test]
fn leave_whose_dates_do_not_read_is_answered_with_the_forms_that_read() {
    let bot = bot_with_a_game();
    let reply = send(&bot, 1, "alice", "leave 10/12 - 20/12\n");
    assert!(leave_days(&bot, ALICE).is_empty(), "{reply}");
    for part in [
        "leave request \"leave 10/12 - 20/12\" was seen",
        "month's name or in ISO form",
        "leave Dec 10 - Dec 20",
        "Nothing was changed.",
    ] {
        assert!(reply.contains(part), "{part:?} in {reply}");
    }

    let reply = send(&bot, 2, "bob", "Хочу в отпуск\n");
    assert!(leave_days(&bot, BOB).is_empty(), "{reply}");
    for part in [
        "просьба об отпуске («Хочу в отпуск») получена",
        "«отпуск с 10 по 20 декабря»",
        "«отпуск с 10.12 по 20.12»",
        "Ничего не изменено.",
    ] {
        assert!(reply.contains(part), "{part:?} in {reply}");
    }
}
