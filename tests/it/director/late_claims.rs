//! A claim that comes after the claim term of a frozen game: the claimant is
//! told the term it missed (not "not waiting for adjudication"), and the
//! tournament's director is told of the claim.

use chrono::{TimeDelta, Utc};

use super::by_mail::frozen_tournament;
use crate::common::daemon::{BOB, Bot, Mailing, mail};

const REFEREE: &str = "referee@example.test";

/// Bob (Russian) claimed a win in a frozen game 20 days after the playing
/// period ended (the term is 14 days) and was answered «партия №N не
/// передана на присуждение»; the director heard nothing.
#[test]
fn a_claim_after_the_term_is_answered_with_the_term_and_the_director_is_told() {
    let (bot, game, _) = bobs_frozen_game();
    let due: String = bot
        .db()
        .query_row(
            "SELECT claims_due FROM adjudications WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap();
    let due: chrono::DateTime<Utc> = due.parse().unwrap();
    let late = Utc::now() + TimeDelta::days(20);
    // The tick at the end of the term sends the games to the director first.
    bot.serve_once_at(due + TimeDelta::minutes(1));
    let to = format!("bot+{game}.{}@example.test", bot.token(game, "black"));
    bot.deliver_at(
        1,
        &mail(
            BOB,
            &to,
            "claim",
            "late-claim@x",
            "требую победу\nанализ: 1. cd4 ba5 и чёрные выигрывают\n",
        ),
        late.timestamp() as u64,
    );
    bot.serve_once_at(late);
    let term = format!("{}", due.format("%Y-%m-%d %H:%M UTC"));
    let to_bob: Vec<String> = bot
        .outbox_to(BOB)
        .into_iter()
        .filter(|b| b.contains(&format!("Срок заявок по партии №{game} истёк")))
        .collect();
    assert_eq!(to_bob.len(), 1, "{:?}", bot.outbox_to(BOB));
    assert!(to_bob[0].contains(&term), "{}", to_bob[0]);
    assert!(
        !to_bob[0].contains("не передана на присуждение"),
        "{}",
        to_bob[0]
    );
    let to_director: Vec<String> = bot
        .outbox_to(REFEREE)
        .into_iter()
        .filter(|b| b.contains(&format!("A late claim for game #{game}")))
        .collect();
    assert_eq!(to_director.len(), 1, "{:?}", bot.outbox_to(REFEREE));
    assert!(
        to_director[0].contains("Боб claims \"Black won (0-1)\"") && to_director[0].contains(&term),
        "{}",
        to_director[0]
    );
    // The claim is not recorded: the game still waits for the ruling.
    let claims: i64 = bot
        .db()
        .query_row(
            "SELECT count(*) FROM adjudication_claims WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(claims, 0);
}

/// A claim for a game in the Ruling state before the term (the claims
/// disagreed) was refused with "not waiting for adjudication"; once ruled,
/// with the same words. Each is now refused with what became of the
/// adjudication, in the claimant's language.
#[test]
fn a_claim_after_disagreeing_claims_or_after_the_ruling_is_refused_with_its_true_reason() {
    let (bot, game, white) = bobs_frozen_game();
    let send = |seq: usize, from: &str, side: &str, id: &str, text: &str| {
        let to = format!("bot+{game}.{}@example.test", bot.token(game, side));
        bot.deliver(seq, &mail(from, &to, "claim", id, text));
    };
    send(
        1,
        &white,
        "white",
        "c1@x",
        "claim win\nanalysis: 1. cd4 ba5\n",
    );
    send(
        2,
        BOB,
        "black",
        "c2@x",
        "требую ничью\nанализ: 1. cd4 ba5\n",
    );
    bot.serve_once();
    // The claims disagree: the game awaits the ruling, before the term.
    send(
        3,
        BOB,
        "black",
        "c3@x",
        "требую победу\nанализ: 1. cd4 ba5\n",
    );
    bot.serve_once();
    let closed =
        format!("заявки по партии №{game} закрыты: они расходятся, и партия ждёт решения судьи");
    let to_bob: Vec<String> = bot
        .outbox_to(BOB)
        .into_iter()
        .filter(|b| b.contains(&closed))
        .collect();
    assert_eq!(to_bob.len(), 1, "{:?}", bot.outbox_to(BOB));
    assert!(
        !to_bob[0].contains("не передана на присуждение"),
        "{}",
        to_bob[0]
    );
    // The director rules; a claim after that is told the adjudication is over.
    bot.ok(&[
        "referee",
        "adjudicate",
        &game.to_string(),
        "1/2-1/2",
        "--as",
        REFEREE,
        "--reason",
        "a drawn ending",
    ]);
    send(
        4,
        &white,
        "white",
        "c4@x",
        "claim win\nanalysis: 1. cd4 ba5\n",
    );
    bot.serve_once();
    let over = bot
        .outbox_to(&white)
        .into_iter()
        .filter(|b| b.contains(&format!("the adjudication of game #{game} is over")))
        .count();
    assert_eq!(over, 1, "{:?}", bot.outbox_to(&white));
    let claims: i64 = bot
        .db()
        .query_row(
            "SELECT count(*) FROM adjudication_claims WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(claims, 2);
}

/// The frozen round robin of [`frozen_tournament`] after the daemon's first
/// pass, with the game where Bob has Black and that game's White.
fn bobs_frozen_game() -> (Bot, i64, String) {
    let bot = Bot::new(Mailing::Local);
    let games = frozen_tournament(&bot);
    bot.serve_once();
    let (game, white, _) = games
        .iter()
        .find(|(_, _, black)| black == BOB)
        .cloned()
        .unwrap();
    (bot, game, white)
}
