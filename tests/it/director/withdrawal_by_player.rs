//! A player who writes about withdrawing from a tournament: a statement
//! (`выбываю из турнира`) or a question (`можно ли выйти из турнира?`) is
//! answered, in the player's language, with what a withdrawal does in the
//! tournament (the unfinished games lost by forfeit, its withdrawal rule)
//! and who makes it (its directors); nothing is changed, and the directors
//! get no withdrawal mail. Negated words are no withdrawal at all.

use super::clock_warnings::{JUDGE, t0, winter};
use crate::common::daemon::{ALICE, BOB, Bot, Mailing, mail};

/// `address` writes `body` to the game address of their side of `game`.
fn write(bot: &Bot, seq: usize, game: i64, address: &str, body: &str) {
    let white: String = bot
        .db()
        .query_row(
            "SELECT p.email FROM games g JOIN players p ON p.id = g.white_id WHERE g.id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap();
    let side = if white == address { "white" } else { "black" };
    let to = format!("bot+{game}.{}@example.test", bot.token(game, side));
    bot.deliver(
        seq,
        &mail(address, &to, "Winter", &format!("w-{seq}@x"), body),
    );
    bot.serve_once_at(t0());
}

/// Every entrant still plays, the game has no result, and no director was
/// told of a withdrawal.
fn nothing_changed(bot: &Bot, game: i64) {
    let playing: i64 = bot
        .db()
        .query_row(
            "SELECT count(*) FROM tournament_players WHERE status = 'playing'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(playing, 2, "both entrants still play");
    assert_eq!(bot.result(game), None, "the game goes on");
    let told = bot
        .outbox_to(JUDGE)
        .into_iter()
        .filter(|b| b.contains("выбыл"))
        .count();
    assert_eq!(told, 0, "{:?}", bot.outbox_to(JUDGE));
}

/// The mails to `address` that contain `text`.
fn mails(bot: &Bot, address: &str, text: &str) -> Vec<String> {
    bot.outbox_to(address)
        .into_iter()
        .filter(|b| b.contains(text))
        .collect()
}

#[test]
fn a_player_who_writes_that_he_withdraws_is_told_the_terms_and_nothing_is_changed() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &[]);
    write(
        &bot,
        1,
        game,
        ALICE,
        "Sorry, I withdraw from the tournament.",
    );
    let told = mails(
        &bot,
        ALICE,
        "You wrote that you withdraw from the tournament",
    );
    assert_eq!(told.len(), 1, "{:?}", bot.outbox_to(ALICE));
    assert!(
        told[0].contains(
            "If you withdraw from Winter: your unfinished game is lost by forfeit; under the \
             FIDE Tournament Rules"
        ),
        "{}",
        told[0]
    );
    assert!(
        told[0].contains("Directors: referee@example.test"),
        "{}",
        told[0]
    );
    nothing_changed(&bot, game);
}

#[test]
fn a_player_who_asks_how_to_withdraw_is_answered_in_russian_and_nothing_is_changed() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &["--withdrawals", "lss"]);
    write(&bot, 1, game, BOB, "Можно ли выйти из турнира?");
    let told = mails(&bot, BOB, "Выбывание из турнира оформляет директор турнира");
    assert_eq!(told.len(), 1, "{:?}", bot.outbox_to(BOB));
    assert!(
        told[0].contains(
            "Если вы выбудете из турнира «Winter»: ваша неоконченная партия (1) будет \
             засчитана как неявка; по правилам LSS"
        ),
        "{}",
        told[0]
    );
    assert!(!told[0].contains("Вы написали"), "{}", told[0]);
    nothing_changed(&bot, game);
}

#[test]
fn a_negated_withdrawal_is_no_withdrawal_and_gets_no_terms() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &[]);
    write(&bot, 1, game, BOB, "Я не выбываю из турнира.");
    assert!(
        mails(&bot, BOB, "оформляет директор").is_empty(),
        "{:?}",
        bot.outbox_to(BOB)
    );
    nothing_changed(&bot, game);
}
