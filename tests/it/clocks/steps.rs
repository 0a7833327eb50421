//! Steps of the system clock. A forward step larger than `[clock]
//! max-step-hours` between two clock ticks executes no time-out: the
//! referees are alerted once, and `zaochka clock confirm-step` lets the
//! clocks run on the new time while `cancel-step` charges nobody the
//! stepped span. A step back refuses no legitimate move: a receipt is never
//! earlier than the last trusted instant.

use crate::common;

use chrono::{DateTime, TimeDelta, Utc};
use common::daemon::{ALICE, BOB, Bot, Mailing, mail, two_players};

/// A bot with the step guard at 6 hours and game #2 (Alice White, Bob
/// Black, 3 days a move) started at `t0`, its first tick a minute later.
fn bot_with_clock(t0: DateTime<Utc>, max_step_hours: u64) -> Bot {
    let bot = Bot::new(Mailing::Local);
    bot.clock_max_step_hours(max_step_hours);
    two_players(&bot, "russian");
    bot.russian_game_at(BOB, "3d/move", Some(t0), None);
    bot.serve_once_at(t0 + TimeDelta::minutes(1));
    bot
}

fn to_game2(bot: &Bot, from: &str, side: &str, id: &str, body: &str) -> String {
    mail(
        from,
        &format!("bot+2.{}@example.test", bot.token(2, side)),
        "Re: [zaochka #2] russian",
        id,
        body,
    )
}

fn unix(t: DateTime<Utc>) -> u64 {
    u64::try_from(t.timestamp()).unwrap()
}

#[test]
fn a_thirty_day_step_forward_loses_no_game_until_a_director_confirms_it() {
    let t0 = Utc::now() - TimeDelta::days(40);
    let bot = bot_with_clock(t0, 6);
    let stepped = t0 + TimeDelta::days(30);
    bot.serve_once_at(stepped);
    assert_eq!(bot.result(2), None, "lost on time at the step");
    assert_eq!(bot.alerts_of("clock-stepped"), 1);
    let told: Vec<String> = bot
        .outbox_to("referee@example.test")
        .into_iter()
        .filter(|m| m.contains("clock confirm-step"))
        .collect();
    assert_eq!(told.len(), 1, "{told:?}");
    // Later ticks still wait, and alert no more.
    bot.serve_once_at(stepped + TimeDelta::hours(1));
    assert_eq!(bot.result(2), None);
    assert_eq!(bot.alerts_of("clock-stepped"), 1);
    let status = bot.ok_at(stepped + TimeDelta::hours(2), &["clock", "status"]);
    assert!(status.contains("a step waits"), "{status}");
    // Confirmed: the clocks run on the new time, and Alice's 3 days are over.
    let out = bot.ok_at(stepped + TimeDelta::hours(2), &["clock", "confirm-step"]);
    assert!(out.contains("confirmed"), "{out}");
    bot.serve_once_at(stepped + TimeDelta::hours(3));
    assert!(
        bot.result(2).is_some(),
        "the confirmed time runs the clocks"
    );
    assert_eq!(bot.alerts_of("clock-stepped"), 1);
    // Nothing waits any more.
    let again = bot.run(&["clock", "confirm-step"]);
    assert_eq!(again.status.code(), Some(1));
}

#[test]
fn a_cancelled_step_charges_nobody_the_stepped_span() {
    let t0 = Utc::now() - TimeDelta::days(40);
    let bot = bot_with_clock(t0, 6);
    let stepped = t0 + TimeDelta::days(30);
    bot.serve_once_at(stepped);
    assert_eq!(bot.alerts_of("clock-stepped"), 1);
    let out = bot.ok_at(stepped + TimeDelta::hours(1), &["clock", "cancel-step"]);
    assert!(out.contains("1 running clocks"), "{out}");
    bot.serve_once_at(stepped + TimeDelta::hours(2));
    assert_eq!(bot.result(2), None, "the span was not charged");
    // Alice has her 3 days from the step on: a move two days later is
    // applied; a day after that her clock is stopped and Bob's runs.
    let at = stepped + TimeDelta::days(2);
    bot.deliver_at(
        1,
        &to_game2(&bot, ALICE, "white", "a1@example.test", "c3-d4"),
        unix(at),
    );
    bot.serve_once_at(at + TimeDelta::minutes(1));
    assert_eq!(bot.plies(2), 1);
    assert_eq!(bot.result(2), None);
}

#[test]
fn a_step_back_of_an_hour_refuses_no_move() {
    for (guard, applied) in [(6, 2), (0, 1)] {
        let t0 = Utc::now() - TimeDelta::days(2);
        let bot = bot_with_clock(t0, guard);
        // Alice moves; Bob's clock starts at her mail's arrival.
        let alice_at = t0 + TimeDelta::minutes(10);
        bot.deliver_at(
            1,
            &to_game2(&bot, ALICE, "white", "a1@example.test", "c3-d4"),
            unix(alice_at),
        );
        bot.serve_once_at(alice_at + TimeDelta::minutes(1));
        assert_eq!(bot.plies(2), 1);
        // The system clock goes back an hour; Bob answers ten minutes later,
        // his mail stamped by the stepped-back clock.
        let bob_at = alice_at + TimeDelta::minutes(10) - TimeDelta::hours(1);
        bot.deliver_at(
            2,
            &to_game2(&bot, BOB, "black", "b1@example.test", "b6-a5"),
            unix(bob_at),
        );
        bot.serve_once_at(bob_at + TimeDelta::minutes(1));
        assert_eq!(
            bot.plies(2),
            applied,
            "guard {guard}: {:?}",
            bot.outbox_to(BOB).last()
        );
    }
}

#[test]
fn a_move_received_while_a_cancelled_step_waited_is_charged_without_the_span() {
    let t0 = Utc::now() - TimeDelta::days(40);
    let bot = bot_with_clock(t0, 6);
    let stepped = t0 + TimeDelta::days(30);
    bot.serve_once_at(stepped);
    assert_eq!(bot.alerts_of("clock-stepped"), 1);
    // Alice's move reaches the bot an hour after the step, while it waits:
    // by the stepped clock she thought for 30 days on 3 days a move.
    let at = stepped + TimeDelta::hours(1);
    bot.deliver_at(
        1,
        &to_game2(&bot, ALICE, "white", "a1@example.test", "c3-d4"),
        unix(at),
    );
    bot.serve_once_at(at + TimeDelta::minutes(1));
    assert_eq!(bot.plies(2), 1, "{:?}", bot.outbox_to(ALICE).last());
    let out = bot.ok_at(at + TimeDelta::hours(1), &["clock", "cancel-step"]);
    assert!(out.contains("cancelled"), "{out}");
    // Her reflection time is the hour after the step, not the 30 days (her
    // clock started when the bot's notice went out, at the first tick; the
    // step starts where the boot count puts the wall clock, the seconds the
    // test's commands took after that tick).
    let (used, running) = bot.used_and_running(2, "white");
    assert!(!running);
    assert!(
        (3_600 - 600..2 * 3_600).contains(&used),
        "white used {used} s for her first move"
    );
    // Nobody loses on time: Bob has his 3 days from her move.
    bot.serve_once_at(at + TimeDelta::days(2));
    assert_eq!(bot.result(2), None);
    let (_, running) = bot.used_and_running(2, "black");
    assert!(running);
}
