//! Benchmark (run by hand, not in the suite): the entry ratings on a
//! tournament's crosstable and in its invitations over a long rating history.
//!
//! A 200-player history of 5,000 finished, rated Russian checkers games is
//! written through the library in one transaction (each game finished 2,000
//! to 4,000 hours after 2020-01-01, so the list has many periods); then 20 of
//! the players are entered in a round robin that starts at the end of the
//! history: `tournament start` (190 games, 380 invitations, each with both
//! players' entry ratings), then `tournament crosstable` and `tournament
//! standings --json`. Prints the wall time of each command (the best of
//! three runs of the two tables), beside the same start of an unrated
//! tournament of the same field, and fails when the start's ratings cost
//! more than 20 crosstables (the list computed again per invitation):
//!
//!     cargo test --test it benches::entry_ratings:: -- --ignored --nocapture

use crate::common;

use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use common::cli::Zaochka;
use common::field::{add_director, new_tournament};
use zaochka::rules::Variant;
use zaochka::store::games::{self, NewGame};
use zaochka::store::players::{self, Language, NewPlayer, Role};
use zaochka::store::{Store, StoreError};
use zaochka::vocabulary::{GameResult, Termination};

const PLAYERS: usize = 200;
const GAMES: u64 = 5_000;
const ENTRANTS: usize = 20;
const DIRECTOR: &str = "ref@example.org";

/// The wall time of one command.
fn timed(z: &Zaochka, args: &[&str]) -> (Duration, String) {
    let t = Instant::now();
    let out = z.ok(args);
    (t.elapsed(), out)
}

#[test]
#[ignore = "benchmark: run by hand with --nocapture"]
fn entry_ratings_over_a_5000_game_history_of_200_players() {
    let z = Zaochka::new();
    z.ok(&["player", "list"]);
    let start = Utc.with_ymd_and_hms(2020, 1, 1, 9, 0, 0).unwrap();
    let mut store = Store::open(&z.db).expect("store");
    store
        .transaction(|tx| -> Result<(), StoreError> {
            let mut ids = Vec::new();
            for i in 0..PLAYERS {
                let p = players::add(
                    tx,
                    &NewPlayer {
                        name: format!("Player {i:03}"),
                        email: format!("p{i:03}@example.org"),
                        language: Language::En,
                        time_zone: "UTC".into(),
                        role: Role::Player,
                        created_at: start,
                    },
                )?;
                ids.push(p.id);
            }
            for n in 0..GAMES {
                let a = usize::try_from(n * 7 % PLAYERS as u64).unwrap();
                let b = (a + 1 + usize::try_from(n * 13 % (PLAYERS as u64 - 1)).unwrap()) % PLAYERS;
                let created = start + chrono::Duration::hours(i64::try_from(n).unwrap() * 5);
                let finished = created + chrono::Duration::days(20);
                let g =
                    games::create(tx, &NewGame::new(Variant::Russian, ids[a], ids[b], created))?;
                let result = match n % 3 {
                    0 => GameResult::WhiteWins,
                    1 => GameResult::Draw,
                    _ => GameResult::BlackWins,
                };
                games::set_result(tx, g.id, result, Termination::Resignation, finished)?;
            }
            Ok(())
        })
        .expect("history");
    drop(store);
    let at = "2023-01-01T12:00:00Z";
    let ok = |args: &[&str]| z.ok_at(at, args);
    add_director(&ok, DIRECTOR, None);
    let entrants: Vec<String> = (0..ENTRANTS)
        .map(|i| format!("p{:03}@example.org", i * 10))
        .collect();
    new_tournament(&ok, DIRECTOR, "Bench", "round-robin", &[], &entrants);
    ok(&[
        "tournament",
        "draw",
        "Bench",
        "--by-rating",
        "--as",
        DIRECTOR,
    ]);
    // The same start without ratings (an unrated tournament of the same
    // field, numbers given in the same order): the cost of the games and
    // invitations themselves.
    new_tournament(
        &ok,
        DIRECTOR,
        "Twin",
        "round-robin",
        &["--unrated"],
        &entrants,
    );
    ok(&[
        "tournament",
        "draw",
        "Twin",
        "--by-rating",
        "--as",
        DIRECTOR,
    ]);
    let t = Instant::now();
    ok(&["tournament", "start", "Twin", "--as", DIRECTOR]);
    let unrated = t.elapsed();
    let t = Instant::now();
    ok(&["tournament", "start", "Bench", "--as", DIRECTOR]);
    let started = t.elapsed();
    let best = |args: &[&str]| {
        (0..3)
            .map(|_| timed(&z, args))
            .min_by_key(|(d, _)| *d)
            .unwrap()
    };
    let (crosstable, text) = best(&["tournament", "crosstable", "Bench", "--lang", "en"]);
    assert!(text.contains("Rating"), "{text}");
    let (standings, _) = best(&["tournament", "standings", "Bench", "--json"]);
    let (empty, _) = best(&["tournament", "list"]);
    println!(
        "entry ratings, {PLAYERS} players, {GAMES} rated games, {ENTRANTS} entrants: \
         start (190 games, 380 invitations) {:.2} s; the same start unrated {:.2} s; \
         crosstable {:.3} s; standings --json {:.3} s; tournament list (no ratings) {:.3} s",
        started.as_secs_f64(),
        unrated.as_secs_f64(),
        crosstable.as_secs_f64(),
        standings.as_secs_f64(),
        empty.as_secs_f64()
    );
    // The start computes the list in force once, as a table does: its
    // ratings cost a few tables, not one table per invitation (380).
    let ratings = started.saturating_sub(unrated);
    assert!(
        ratings < crosstable * 20,
        "the start's ratings took {ratings:?}, a crosstable {crosstable:?}"
    );
}
