//! The states a director reads are named for what they are: a game frozen at
//! the end of the playing period, awaiting the director's ruling, adjourned,
//! paused by the referee — in `game show`, `history` (words and JSON) and the
//! players' list of games by mail, instead of "paused".

use chrono::{TimeDelta, Utc};

use super::by_mail::frozen_tournament;
use crate::common::daemon::{BOB, Bot, Mailing, mail};

const REFEREE: &str = "referee@example.test";

/// The `Status:` line of `game show`.
fn status_line(bot: &Bot, game: i64) -> String {
    let shown = bot.ok(&["game", "show", &game.to_string()]);
    shown
        .lines()
        .find(|l| l.starts_with("Status:"))
        .unwrap_or_else(|| panic!("no status in {shown}"))
        .to_owned()
}

/// `history` in words: the line of game `game`.
fn history_line(bot: &Bot, game: i64) -> String {
    bot.ok(&["history"])
        .lines()
        .find(|l| l.starts_with(&format!("#{game} ")))
        .unwrap()
        .to_owned()
}

/// A frozen game read "Status: paused" and `history` "paused" both while
/// its claims were due and once it waited for the director's ruling.
#[test]
fn frozen_and_awaiting_ruling_games_are_named_so_and_not_paused() {
    let bot = Bot::new(Mailing::Local);
    let games = frozen_tournament(&bot);
    bot.serve_once();
    let game = games[0].0;
    assert_eq!(
        status_line(&bot, game),
        "Status: frozen at the end of the playing period, claims due"
    );
    assert!(
        history_line(&bot, game).ends_with("frozen at the end of the playing period, claims due"),
        "{}",
        history_line(&bot, game)
    );
    // The claim term ends: the games go to the director.
    bot.serve_once_at(Utc::now() + TimeDelta::days(15));
    assert_eq!(
        status_line(&bot, game),
        "Status: awaiting the director's ruling (adjudication)"
    );
    assert!(
        history_line(&bot, game).ends_with("awaiting the director's ruling (adjudication)"),
        "{}",
        history_line(&bot, game)
    );
    let json: serde_json::Value = serde_json::from_str(&bot.ok(&["history", "--json"])).unwrap();
    let row = json
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["game"] == game)
        .unwrap();
    assert_eq!(row["standstill"], "awaiting-ruling", "{row}");
    assert_eq!(
        bot.show_json(&game.to_string())["standstill"],
        "awaiting-ruling"
    );
    // Bob asks for his games by mail, in Russian.
    let bob_game = games.iter().find(|(_, _, b)| b == BOB).unwrap().0;
    let to = format!(
        "bot+{bob_game}.{}@example.test",
        bot.token(bob_game, "black")
    );
    bot.deliver(1, &mail(BOB, &to, "история", "history@x", "история\n"));
    bot.serve_once_at(Utc::now() + TimeDelta::days(15));
    assert!(
        bot.outbox_to(BOB)
            .iter()
            .any(|b| b.contains(&format!("№{bob_game} ")) && b.contains("ждёт решения судьи")),
        "{:?}",
        bot.outbox_to(BOB)
    );
}

/// A game the referee paused, and one adjourned, say so.
#[test]
fn a_game_paused_by_the_referee_and_an_adjourned_one_are_named_so() {
    let bot = Bot::new(Mailing::Local);
    crate::common::daemon::two_players(&bot, "russian");
    bot.more_games(1);
    let desk = ["--as", REFEREE, "--reason", "desk"];
    bot.ok(&[&["referee", "pause", "1"][..], &desk].concat());
    bot.ok(&[&["referee", "adjourn", "2"][..], &desk].concat());
    assert_eq!(status_line(&bot, 1), "Status: paused by the referee");
    assert_eq!(status_line(&bot, 2), "Status: adjourned");
    assert!(history_line(&bot, 1).ends_with("paused by the referee"));
    assert_eq!(bot.show_json("1")["standstill"], "paused-by-referee");
    assert_eq!(bot.show_json("2")["standstill"], "adjourned");
}
