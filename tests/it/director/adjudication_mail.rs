//! The director's mail about adjudication: when the playing period ends (the
//! games frozen), when the claims of a game disagree and when the claim term
//! ends without two matching claims, and when the last game ends, each
//! director of the tournament is told in their language, and pressing Reply to
//! that mail with a command rules.

use chrono::{TimeDelta, Utc};

use super::by_mail::frozen_tournament;
use crate::common::daemon::{Bot, Mailing, mail};

const REFEREE: &str = "referee@example.test";

/// The director's mails that contain `text`.
fn to_director(bot: &Bot, text: &str) -> Vec<String> {
    bot.outbox_to(REFEREE)
        .into_iter()
        .filter(|b| b.contains(text))
        .collect()
}

/// A player's claim by mail, with its analysis, delivered as mail `seq`.
fn claim(bot: &Bot, seq: usize, game: i64, side: &str, address: &str, words: &str) {
    let to = format!("bot+{game}.{}@example.test", bot.token(game, side));
    bot.deliver(
        seq,
        &mail(
            address,
            &to,
            "claim",
            &format!("claim-{game}-{side}@x"),
            &format!("{words}\nanalysis: 1. cd4 ba5 and so on\n"),
        ),
    );
}

/// 0 director mails in a whole event: not when the games went to
/// adjudication, not when the claims disagreed, not when the claim term ran out.
#[test]
fn the_director_is_told_of_each_adjudication_event_and_rules_by_replying() {
    let bot = Bot::new(Mailing::Local);
    let games = frozen_tournament(&bot);
    bot.serve_once();
    let list = games
        .iter()
        .map(|g| format!("#{}", g.0))
        .collect::<Vec<_>>()
        .join(", ");
    let frozen = to_director(
        &bot,
        &format!("The playing period of Autumn is over: 3 games ({list}) are not finished"),
    );
    assert_eq!(frozen.len(), 1, "{:?}", bot.outbox_to(REFEREE));
    // Game 1: White claims a win, Black a draw (both in English or Russian).
    let (g, white, black) = games[0].clone();
    let word = |address: &str, en: &'static str, ru: &'static str| {
        if address == crate::common::daemon::BOB {
            ru
        } else {
            en
        }
    };
    claim(
        &bot,
        1,
        g,
        "white",
        &white,
        word(&white, "claim win", "требую победу"),
    );
    claim(
        &bot,
        2,
        g,
        "black",
        &black,
        word(&black, "claim draw", "требую ничью"),
    );
    bot.serve_once();
    let disagree = to_director(
        &bot,
        &format!("Game #{g} waits for your ruling: the players' claims disagree."),
    );
    assert_eq!(disagree.len(), 1, "{:?}", bot.outbox_to(REFEREE));
    // The term ends: the two other games, without claims, go to the director.
    bot.serve_once_at(Utc::now() + TimeDelta::days(15));
    for (other, _, _) in &games[1..] {
        let ended = to_director(
            &bot,
            &format!("Game #{other} waits for your ruling: the claim term ended with no claim in."),
        );
        assert_eq!(ended.len(), 1, "{:?}", bot.outbox_to(REFEREE));
    }
    // The director presses Reply on the mail about the second game.
    let second = games[1].0;
    let (reply_to, message_id): (String, String) = bot
        .db()
        .query_row(
            "SELECT reply_to, message_id FROM outbox WHERE to_address = ?1
             AND body_text LIKE ?2",
            rusqlite::params![REFEREE, format!("%Game #{second} waits for your ruling%")],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let mut answer = mail(
        "Referee <referee@example.test>",
        &reply_to,
        "Re: adjudication",
        "ruling@club.test",
        &format!("adjudicate #{second} 1/2-1/2\nreason: the position is level\n"),
    );
    answer = answer.replacen(
        "Message-ID:",
        &format!("In-Reply-To: <{message_id}>\nMessage-ID:"),
        1,
    );
    bot.deliver(3, &answer);
    bot.serve_once_at(Utc::now() + TimeDelta::days(15));
    assert_eq!(bot.result(second).as_deref(), Some("1/2-1/2"));
    assert!(to_director(&bot, "The tournament Autumn is finished").is_empty());
    // The two other rulings on the command line: the last one ends the event.
    let later = Utc::now() + TimeDelta::days(16);
    for (other, _, _) in [&games[0], &games[2]] {
        bot.ok_at(
            later,
            &[
                "referee",
                "adjudicate",
                &other.to_string(),
                "1-0",
                "--as",
                REFEREE,
                "--reason",
                "White wins",
            ],
        );
    }
    let finished = to_director(
        &bot,
        "The tournament Autumn is finished: its last game has ended (3 games in all).",
    );
    assert_eq!(finished.len(), 1, "{:?}", bot.outbox_to(REFEREE));
}

/// `tournament end-period` says how many games went to adjudication, not how
/// many mails it queued: one game of two players, told with two directors,
/// is one game.
#[test]
fn end_period_counts_the_games_sent_to_adjudication_not_the_mails() {
    let bot = Bot::new(Mailing::Local);
    super::clock_warnings::winter(&bot, &[]);
    let said = bot.ok_at(
        super::clock_warnings::t0() + TimeDelta::days(1),
        &[
            "tournament",
            "end-period",
            super::clock_warnings::T,
            "--as",
            super::clock_warnings::REFEREE,
        ],
    );
    assert!(
        said.contains("playing period ended; 1 game to adjudication"),
        "{said}"
    );
}
