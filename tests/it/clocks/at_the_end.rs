//! The clocks of a finished game read as they stood at the end: the side to
//! move is charged for its last move up to the resignation, the time-out or
//! the forfeit, so that a director answering an appeal sees true balances.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use crate::common::daemon::{ALICE, BOB, Bot, Mailing, two_players};

/// The instant the games of these tests start (the daemon's faked clock): a
/// whole hour a day ahead, so that the machine's own clock, read when the
/// players were added, is behind every instant of the test.
fn t0() -> DateTime<Utc> {
    let ahead = Utc::now() + TimeDelta::days(1);
    Utc.timestamp_opt(ahead.timestamp() / 3600 * 3600, 0)
        .unwrap()
}

/// Hours after [`t0`].
fn at(hours: i64) -> DateTime<Utc> {
    t0() + TimeDelta::hours(hours)
}

/// Game #2, 3 days per move: White (Alice) plays at once and the daemon sends
/// the notice, so Black's clock runs from [`t0`].
fn game_with_black_to_move() -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.russian_game_at(BOB, "3d/move", Some(t0()), None);
    bot.ok_at(t0(), &["play", "2", "cd4", "--as", ALICE]);
    // The notice of White's move goes out at once: Black's time runs from it.
    bot.serve_once_at(t0());
    bot
}

/// The `Clock black:` line of `game show 2` at `now`.
fn black_clock_line(bot: &Bot, now: DateTime<Utc>) -> String {
    let shown = bot.ok_at(now, &["game", "show", "2"]);
    shown
        .lines()
        .find(|l| l.starts_with("Clock black"))
        .unwrap_or_else(|| panic!("no black clock in {shown}"))
        .to_owned()
}

/// Black resigned having used 23 h of the move; `game show` read "used 0 d 0
/// h, left 3 d 0 h" (the last move was never charged).
#[test]
fn after_a_resignation_the_clock_keeps_the_time_the_resigning_side_used() {
    let bot = game_with_black_to_move();
    bot.ok_at(at(23), &["resign", "2", "--as", BOB]);
    let line = black_clock_line(&bot, at(24 * 10));
    assert_eq!(line, "Clock black: used 0 d 23 h, left 2 d 1 h", "{line}");
    let json = bot.show_json("2");
    let black = &json["clocks"][1];
    // The notice went out a moment after the move: Black's time runs from it.
    let used = black["used_seconds"].as_i64().unwrap();
    assert!((23 * 3600 - 60..=23 * 3600).contains(&used), "{json}");
    assert_eq!(black["left_seconds"], 72 * 3600 - used, "{json}");
    assert_eq!(black["running"], false, "{json}");
}

/// After a loss on time the loser showed the full 3 days left: it used them.
#[test]
fn after_a_loss_on_time_the_loser_has_used_the_whole_allowance() {
    let bot = game_with_black_to_move();
    bot.serve_once_at(at(24 * 4));
    assert_eq!(bot.result(2).as_deref(), Some("1-0"));
    let line = black_clock_line(&bot, at(24 * 10));
    assert_eq!(line, "Clock black: used 3 d 0 h, left 0 d 0 h", "{line}");
    let json = bot.show_json("2");
    assert_eq!(json["clocks"][1]["left_seconds"], 0, "{json}");
}

/// A director's forfeit after 2 days of Black's silence charges those days.
#[test]
fn after_a_forfeit_the_clock_of_the_side_to_move_keeps_its_time_used() {
    let bot = game_with_black_to_move();
    let out = bot
        .command()
        .env("ZAOCHKA_NOW", at(48).to_rfc3339())
        .args([
            "referee",
            "forfeit",
            "2",
            "black",
            "--as",
            "referee@example.test",
            "--reason",
            "silent",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(bot.result(2).as_deref(), Some("1-0"));
    let line = black_clock_line(&bot, at(24 * 10));
    assert_eq!(line, "Clock black: used 2 d 0 h, left 1 d 0 h", "{line}");
    // White's clock stands where White's move left it.
    let json = bot.show_json("2");
    assert_eq!(json["clocks"][0]["used_seconds"], 0, "{json}");
}
