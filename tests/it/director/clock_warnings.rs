//! The directors' warnings about the clocks of a tournament's games: when
//! the player to move is 10 and 5 days of clock time from losing on time
//! (E-Dama's practice) and when they have not moved for 14, 28 and 35 days
//! (ICCF's reminder days), each director is mailed once per game, player and
//! day, in their language; both lists are tournament settings, and an empty
//! list turns them off. The daemon runs once per tick, a new process each
//! time, with a faked clock.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use crate::common::daemon::{ALICE, BOB, Bot, Mailing, two_players};
use crate::common::field::add_director;

pub(super) const REFEREE: &str = "referee@example.test";
pub(super) const JUDGE: &str = "judge@example.test";
pub(super) const T: &str = "Winter";

/// The start of the tournament.
pub(super) fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 3, 1, 9, 0, 0).unwrap()
}

/// Alice and Bob in the tournament Winter (40 days per move, directed by
/// Referee in English and Судья in Russian) with the extra `settings` of
/// `tournament new`, started at [`t0`] and its move notices sent. Returns
/// the tournament's game.
pub(super) fn winter(bot: &Bot, settings: &[&str]) -> i64 {
    two_players(bot, "russian");
    add_director(&|args| bot.ok(args), JUDGE, Some("ru"));
    let desk = ["--as", REFEREE];
    let new = [
        "tournament",
        "new",
        T,
        "--variant",
        "russian",
        "--system",
        "round-robin",
        "--time-control",
        "40d/move",
    ];
    bot.ok_at(t0(), &[&new[..], settings, &desk].concat());
    bot.ok_at(
        t0(),
        &[&["tournament", "directors", "add", T, JUDGE][..], &desk].concat(),
    );
    for p in [ALICE, BOB] {
        bot.ok_at(t0(), &[&["tournament", "add", T, p][..], &desk].concat());
    }
    let numbers = format!("{ALICE},{BOB}");
    bot.ok_at(
        t0(),
        &[&["tournament", "draw", T, "--numbers", &numbers][..], &desk].concat(),
    );
    bot.ok_at(t0(), &[&["tournament", "start", T][..], &desk].concat());
    bot.serve_once_at(t0());
    bot.db()
        .query_row("SELECT game_id FROM tournament_games", [], |r| r.get(0))
        .unwrap()
}

/// The mails to `address` that contain `text`.
fn mails(bot: &Bot, address: &str, text: &str) -> Vec<String> {
    bot.outbox_to(address)
        .into_iter()
        .filter(|b| b.contains(text))
        .collect()
}

/// One daemon tick at `days` days and one hour after the start.
fn tick(bot: &Bot, days: i64) {
    bot.serve_once_at(t0() + TimeDelta::days(days) + TimeDelta::hours(1));
}

#[test]
fn the_directors_are_warned_once_of_each_silence_day_and_each_day_before_a_time_loss() {
    let bot = Bot::new(Mailing::Local);
    let g = winter(&bot, &[]);
    let silent = |days: u32| {
        mails(
            &bot,
            REFEREE,
            &format!(
                "Alice has not moved in game #{g} for {days} days of clock time while it is their move"
            ),
        )
    };
    let near = |days: u32| {
        mails(
            &bot,
            REFEREE,
            &format!("Alice is {days} days from losing on time in game #{g}"),
        )
    };
    tick(&bot, 13);
    assert!(silent(14).is_empty(), "{:?}", bot.outbox_to(REFEREE));
    for day in [14, 14, 28, 30, 35, 35] {
        tick(&bot, day);
    }
    for days in [14, 28, 35] {
        assert_eq!(
            silent(days).len(),
            1,
            "{days}: {:?}",
            bot.outbox_to(REFEREE)
        );
    }
    for days in [10, 5] {
        assert_eq!(near(days).len(), 1, "{days}: {:?}", bot.outbox_to(REFEREE));
    }
    // The Russian director, in Russian, with the deadline in their zone.
    let ru = bot.outbox_to(JUDGE);
    let warned = |text: &str| ru.iter().filter(|b| b.contains(text)).count();
    assert_eq!(
        warned(&format!(
            "В партии №{g} у участника Alice до поражения по времени осталось 5 дней"
        )),
        1,
        "{ru:?}"
    );
    assert_eq!(
        warned(&format!(
            "Участник Alice не делает ход в партии №{g} уже 28 дней"
        )),
        1,
        "{ru:?}"
    );
    // Bob, not to move, is never the subject of a warning.
    assert!(
        mails(&bot, REFEREE, "Боб")
            .iter()
            .all(|b| !b.contains("days"))
    );
}

#[test]
fn empty_warning_lists_turn_the_directors_warnings_off_and_set_changes_them() {
    let bot = Bot::new(Mailing::Local);
    let g = winter(&bot, &["--warn-days", "", "--silence-days", "20"]);
    tick(&bot, 36);
    let to_referee = bot.outbox_to(REFEREE);
    let about = |text: &str| to_referee.iter().filter(|b| b.contains(text)).count();
    assert_eq!(about("days from losing on time"), 0, "{to_referee:?}");
    assert_eq!(about("without a move"), 0, "{to_referee:?}");
    assert_eq!(
        about(&format!("Alice has not moved in game #{g} for 20 days")),
        1,
        "{to_referee:?}"
    );
    assert_eq!(about("for 14 days"), 0, "{to_referee:?}");
    let said = bot.ok(&["tournament", "set", T, "--warn-days", "2", "--as", REFEREE]);
    assert!(said.contains("warned 2 days before a time loss"), "{said}");
    tick(&bot, 38);
    let near = mails(
        &bot,
        REFEREE,
        &format!("Alice is 2 days from losing on time in game #{g}"),
    );
    assert_eq!(near.len(), 1, "{:?}", bot.outbox_to(REFEREE));
}
