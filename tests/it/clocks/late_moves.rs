//! A move that reaches the bot after its deadline is not played: the mover
//! has lost on time, and the mail log records the move as late, never as
//! applied.

use crate::common;

use chrono::{Duration, Utc};
use common::daemon::{Bot, Mailing, mail, two_players};

#[test]
fn a_move_arriving_after_the_deadline_is_recorded_late_and_the_game_lost_on_time() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    // Game #2, one day per move, started three days ago: Alice's first move
    // was due two days ago.
    let started = Utc::now() - Duration::days(3);
    bot.russian_game_at("bob@example.test", "1d/move", Some(started), None);
    let white = bot.token(2, "white");
    bot.deliver_at(
        1,
        &mail(
            "alice@example.test",
            &format!("bot+2.{white}@example.test"),
            "Re: [zaochka #2]",
            "late1@x",
            "1. c3-d4",
        ),
        (Utc::now() - Duration::minutes(5)).timestamp() as u64,
    );
    bot.serve_once();
    assert_eq!(bot.plies(2), 0, "the late move is not played");
    assert_eq!(bot.result(2).as_deref(), Some("0-1"), "White lost on time");
    let outcomes = bot.outcomes();
    let last = outcomes.last().expect("the mail is recorded");
    assert!(last.starts_with("late #2: 1. c3-d4"), "{outcomes:?}");
    assert!(
        !outcomes.iter().any(|o| o.starts_with("applied #2")),
        "{outcomes:?}"
    );
}

#[test]
fn a_move_arriving_after_the_game_was_lost_on_time_is_recorded_late() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let started = Utc::now() - Duration::days(3);
    bot.russian_game_at("bob@example.test", "1d/move", Some(started), None);
    // The invitation went out at the start; the clock tick finds the
    // time-out before the move arrives.
    bot.serve_once_at(started);
    bot.serve_once();
    assert_eq!(bot.result(2).as_deref(), Some("0-1"), "White lost on time");
    let white = bot.token(2, "white");
    bot.deliver_at(
        1,
        &mail(
            "alice@example.test",
            &format!("bot+2.{white}@example.test"),
            "Re: [zaochka #2]",
            "late2@x",
            "1. c3-d4",
        ),
        Utc::now().timestamp() as u64,
    );
    bot.serve_once();
    assert_eq!(bot.plies(2), 0, "the late move is not played");
    let outcomes = bot.outcomes();
    let last = outcomes.last().expect("the mail is recorded");
    assert!(
        last.starts_with("late #2: 1. c3-d4 (the game was lost on time at"),
        "{outcomes:?}"
    );
}
