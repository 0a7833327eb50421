//! The mails the testers found acted on against the players' words, or
//! answered with one generic sentence, played through the daemon (Maildir
//! inbox, file outbox, a real SQLite file):
//!
//! - three refusals of a draw beside a move that once offered one: the move
//!   is played, no offer is made, the opponent's "accept" finds nothing to
//!   accept, and the reply says in one sentence that no draw was offered;
//! - a move only in the Subject, with its number, is played;
//! - a king's mark on a draughts move (`1. Kc1-b2`) is read;
//! - a move typed in the Russian keyboard layout is named, not played;
//! - a mail with nothing readable quotes its words and gives an example the
//!   reader could play now (Black's move to Black).

use crate::common;

use common::daemon::{ALICE, BOB, Bot, GameNew, Mailing, mail, two_players};

/// Sends `body` (and `subject`) from `who` to game `game` and runs one cycle;
/// returns the reply to the sender.
fn send(bot: &Bot, seq: usize, game: i64, who: &str, subject: &str, body: &str) -> String {
    let side = if who == ALICE { "white" } else { "black" };
    let token = bot.token(game, side);
    let id = format!("words{seq}@example.test");
    bot.deliver(
        seq,
        &mail(
            who,
            &format!("bot+{game}.{token}@example.test"),
            subject,
            &id,
            body,
        ),
    );
    bot.serve_once();
    let db = bot.db();
    let mut st = db
        .prepare("SELECT body_text FROM outbox WHERE in_reply_to = ?1 AND to_address = ?2")
        .unwrap();
    st.query_map([id.as_str(), who], |r| r.get::<_, String>(0))
        .unwrap()
        .map(Result::unwrap)
        .collect::<Vec<_>>()
        .join("\n-----\n")
}

fn pending_offers(bot: &Bot, game: i64) -> i64 {
    bot.db()
        .query_row(
            "SELECT count(*) FROM draw_offers WHERE game_id = ?1 AND status = 'pending'",
            [game],
            |r| r.get(0),
        )
        .unwrap()
}

#[test]
fn refusals_of_a_draw_beside_a_move_play_the_move_and_offer_nothing() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let re = "Re: [zaochka #1] Русские шашки";
    send(&bot, 1, 1, ALICE, re, "1. c3-d4");
    let reply = send(
        &bot,
        2,
        1,
        BOB,
        re,
        "Ничья? Нет, играем дальше.\n1... b6-a5",
    );
    assert_eq!(bot.plies(1), 2, "{reply}");
    assert_eq!(pending_offers(&bot, 1), 0, "{reply}");
    assert!(reply.contains("ничья не предложена"), "{reply}");
    assert!(!reply.contains("Предложена ничья"), "{reply}");
    let reply = send(&bot, 3, 1, ALICE, re, "Draw? No way, I play on.\n2. g3-h4");
    assert_eq!(bot.plies(1), 3, "{reply}");
    assert_eq!(pending_offers(&bot, 1), 0, "{reply}");
    assert!(reply.contains("no draw was offered"), "{reply}");
    let reply = send(
        &bot,
        4,
        1,
        BOB,
        re,
        "Ничья? Нет, я не согласен на ничью и не сдаюсь!\n2... a7-b6",
    );
    assert_eq!(bot.plies(1), 4, "{reply}");
    assert_eq!(pending_offers(&bot, 1), 0, "{reply}");
    assert!(!reply.contains("Предложена ничья"), "{reply}");
    assert!(reply.contains("партия не сдана"), "{reply}");
    if std::env::var("ZAOCHKA_SHOW").is_ok() {
        eprintln!("{reply}");
    }
    // The opponent's acceptance finds nothing to accept.
    send(&bot, 5, 1, ALICE, re, "accept");
    assert_eq!(bot.result(1), None);
}

#[test]
fn a_move_only_in_the_subject_with_its_number_is_played() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    send(
        &bot,
        1,
        1,
        ALICE,
        "Re: [zaochka #1] Русские шашки",
        "1. c3-d4",
    );
    let reply = send(
        &bot,
        2,
        1,
        BOB,
        "Re: [zaochka #1] Русские шашки: Alice – Боб 1... b6-a5",
        "",
    );
    assert_eq!(bot.plies(1), 2, "{reply}");
}

#[test]
fn a_kings_mark_on_a_draughts_move_is_read() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.new_game(GameNew::alice_bob().fen(Some("W:WKc1,a3:Bh8,f8")));
    let reply = send(&bot, 1, 2, ALICE, "Re: [zaochka #2]", "1. Kc1-b2");
    assert_eq!(bot.plies(2), 1, "{reply}");
}

#[test]
fn a_move_in_the_russian_layout_is_named_and_not_played() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    send(&bot, 1, 1, ALICE, "Re: [zaochka #1]", "1. c3-d4");
    let reply = send(&bot, 2, 1, BOB, "Re: [zaochka #1]", "1... у7-а6");
    assert_eq!(bot.plies(1), 1, "{reply}");
    assert!(reply.contains("«у7-а6» — это «e7-f6»"), "{reply}");
}

#[test]
fn a_mail_with_nothing_readable_quotes_it_and_gives_a_move_the_reader_can_make() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    send(&bot, 1, 1, ALICE, "Re: [zaochka #1]", "1. c3-d4");
    let reply = send(
        &bot,
        2,
        1,
        BOB,
        "Re: [zaochka #1]",
        "Пешка на ж5 красиво стоит",
    );
    assert_eq!(bot.plies(1), 1, "{reply}");
    assert!(reply.contains("«Пешка на ж5 красиво стоит»"), "{reply}");
    let example = reply
        .split("например «")
        .nth(1)
        .and_then(|r| r.split('»').next())
        .unwrap_or_else(|| panic!("no example in {reply}"));
    assert!(
        ["a7", "b6", "c7", "d6", "e7", "f6", "g7", "h6"]
            .iter()
            .any(|s| example.starts_with(s)),
        "the example {example} is Black's: {reply}"
    );
    // To White, whose move it is not, no move is offered as an example.
    let reply = send(&bot, 3, 1, ALICE, "Re: [zaochka #1]", "Hello there");
    assert!(
        reply.contains("\"status\"") && !reply.contains("such as"),
        "{reply}"
    );
}
