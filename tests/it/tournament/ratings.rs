//! Rating lists on a real SQLite file: a generated 200-player history
//! against an independent calculation written here from the rules
//! (docs/ratings.md), and the `rating` commands as a director runs them.
//! The published worked examples are reproduced beside the models
//! (src/tournament/rating/tests.rs, sources in tests/data/ratings/).

use crate::common;

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Duration, TimeZone, Utc};
use common::cli::Zaochka;
use zaochka::rules::Variant;
use zaochka::store::games::{self, NewGame};
use zaochka::store::players::{self, NewPlayer, Role};
use zaochka::store::{Store, StoreError, ratings};
use zaochka::vocabulary::{GameResult, Language, Termination};

/// A small deterministic generator (xorshift64*), so that the history is
/// the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One finished game as the independent calculation sees it.
struct Played {
    white: i64,
    black: i64,
    white_score: f64,
    finished: DateTime<Utc>,
}

/// The ICCF/IECG Elo list, computed straight from the rules in
/// docs/ratings.md: quarters in order; entry ratings from the list before
/// the quarter (1800 for a newcomer); under 12 games before the quarter the
/// performance over every game so far, Ra + D(p)·F rounded as IECG prints
/// it; 12 to 29 the weighted mean with the quarter's performance; from 30
/// on K·(W − We), K 20 below 2000 and 10 from 2000.
fn independent_elo(games: &[Played]) -> HashMap<i64, (f64, u32)> {
    let perf = |sum: f64, n: u32, score: f64| -> f64 {
        let n = f64::from(n);
        let avg = (sum / n).round();
        let p = (score / n * 100.0).round() / 100.0;
        let d = if p <= 0.0 {
            -800.0
        } else if p >= 1.0 {
            800.0
        } else {
            (-400.0 * ((1.0 - p) / p).log10()).round()
        };
        (avg + d * (-2.0 * p * p + 2.0 * p + 0.5)).round()
    };
    let mut quarters: BTreeMap<(i32, u32), Vec<&Played>> = BTreeMap::new();
    for g in games {
        quarters
            .entry((g.finished.year(), g.finished.month0() / 3))
            .or_default()
            .push(g);
    }
    // player -> (rating, games, sum of opponents' ratings, score)
    let mut state: HashMap<i64, (f64, u32, f64, f64)> = HashMap::new();
    for games in quarters.values() {
        let entry: HashMap<i64, f64> = state.iter().map(|(p, s)| (*p, s.0)).collect();
        let rating_of = |p: i64| entry.get(&p).copied().unwrap_or(1800.0);
        let mut mine: BTreeMap<i64, Vec<(f64, f64)>> = BTreeMap::new();
        for g in games {
            mine.entry(g.white)
                .or_default()
                .push((rating_of(g.black), g.white_score));
            mine.entry(g.black)
                .or_default()
                .push((rating_of(g.white), 1.0 - g.white_score));
        }
        for (player, list) in mine {
            let (old, n, sum, score) = state.get(&player).copied().unwrap_or((1800.0, 0, 0.0, 0.0));
            let m = list.len() as u32;
            let q_sum: f64 = list.iter().map(|x| x.0).sum();
            let q_score: f64 = list.iter().map(|x| x.1).sum();
            let new = if n < 12 {
                perf(sum + q_sum, n + m, score + q_score)
            } else if n < 30 {
                ((f64::from(n) * old + f64::from(m) * perf(q_sum, m, q_score)) / f64::from(n + m))
                    .round()
            } else {
                let k = if old < 2000.0 { 20.0 } else { 10.0 };
                let we: f64 = list
                    .iter()
                    .map(|(opp, _)| 1.0 / (1.0 + 10f64.powf(-(rating_of(player) - opp) / 400.0)))
                    .sum();
                (old + k * (q_score - we)).round()
            };
            state.insert(player, (new, n + m, sum + q_sum, score + q_score));
        }
    }
    state.into_iter().map(|(p, s)| (p, (s.0, s.1))).collect()
}

#[test]
fn a_rating_list_of_a_generated_200_player_history_matches_an_independent_calculation() {
    let z = Zaochka::new();
    let mut store = Store::open(&z.db).expect("store");
    let start = Utc.with_ymd_and_hms(2025, 1, 1, 9, 0, 0).unwrap();
    let mut rng = Rng(0x5EED_2026_0000_0031);
    // Each player's hidden strength decides who tends to win.
    let strength: Vec<u64> = (0..200).map(|_| rng.below(600)).collect();
    let played = store
        .transaction(|tx| -> Result<Vec<Played>, StoreError> {
            let mut ids = Vec::new();
            for i in 0..200 {
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
            let mut played = Vec::new();
            for n in 0..1500u64 {
                // Three games in five are among the twenty club regulars, who
                // reach the unfixed and fixed standings; the rest among all.
                let pool = if rng.below(5) < 3 { 20 } else { 200 };
                let a = rng.below(pool) as usize;
                let mut b = rng.below(pool - 1) as usize;
                if b >= a {
                    b += 1;
                }
                let created = start + Duration::hours(i64::try_from(n).unwrap() * 9);
                let finished = created + Duration::days(20 + i64::try_from(rng.below(60)).unwrap());
                let g =
                    games::create(tx, &NewGame::new(Variant::Russian, ids[a], ids[b], created))?;
                // Three games in a hundred stay unfinished, two in a hundred are unrated.
                let roll = rng.below(100);
                if roll < 3 {
                    continue;
                }
                let edge = strength[a] as i64 - strength[b] as i64 + rng.below(500) as i64 - 250;
                let result = if edge > 120 {
                    GameResult::WhiteWins
                } else if edge < -120 {
                    GameResult::BlackWins
                } else {
                    GameResult::Draw
                };
                games::set_result(tx, g.id, result, Termination::Resignation, finished)?;
                if roll < 5 {
                    ratings::set_game_rated(tx, g.id, false)?;
                    continue;
                }
                played.push(Played {
                    white: ids[a].0,
                    black: ids[b].0,
                    white_score: match result {
                        GameResult::WhiteWins => 1.0,
                        GameResult::Draw => 0.5,
                        GameResult::BlackWins => 0.0,
                    },
                    finished,
                });
            }
            Ok(played)
        })
        .expect("history");
    drop(store);
    assert!(played.len() > 1350, "{} rated games", played.len());

    let want = independent_elo(&played);
    let out = z.ok(&["--json", "rating", "list", "--variant", "russian"]);
    let list: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(list["model"], "elo");
    let rows = list["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), want.len());
    let (mut fixed, mut unfixed) = (0, 0);
    let mut previous = f64::INFINITY;
    for row in rows {
        let name = row["player"].as_str().unwrap();
        let i: i64 = name["Player ".len()..].parse().unwrap();
        let (rating, games) = want[&(i + 1)];
        assert_eq!(row["rating"].as_f64(), Some(rating), "{name}");
        assert_eq!(row["games"].as_u64(), Some(u64::from(games)), "{name}");
        let status = if games < 12 {
            "provisional"
        } else if games < 30 {
            unfixed += 1;
            "unfixed"
        } else {
            fixed += 1;
            "fixed"
        };
        assert_eq!(row["status"], status, "{name}");
        let r = row["rating"].as_f64().unwrap();
        assert!(r <= previous, "the list is by rating");
        previous = r;
    }
    assert!(
        fixed >= 20 && unfixed > 0,
        "{fixed} fixed, {unfixed} unfixed"
    );

    // The same history under Glicko-2: every player listed, with a deviation
    // under the newcomer's 350.
    let out = z.ok(&[
        "--json",
        "rating",
        "list",
        "--variant",
        "russian",
        "--model",
        "glicko2",
    ]);
    let list: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let rows = list["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), want.len());
    assert!(
        rows.iter()
            .all(|r| r["deviation"].as_f64().unwrap() < 350.0)
    );
}

/// Registers `n` players p1..pn@example.org.
fn players(z: &Zaochka, n: usize) {
    for i in 1..=n {
        z.ok(&[
            "player",
            "add",
            "--name",
            &format!("Player {i}"),
            "--email",
            &format!("p{i}@example.org"),
            "--lang",
            "en",
        ]);
    }
}

/// Starts a Russian game (rated unless `extra` says otherwise) and has
/// `loser` resign it at `at`.
fn won(z: &Zaochka, game: u32, white: usize, black: usize, loser: usize, at: &str, extra: &[&str]) {
    let (w, b) = (
        format!("p{white}@example.org"),
        format!("p{black}@example.org"),
    );
    let mut args = vec![
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        &w,
        "--black",
        &b,
    ];
    args.extend_from_slice(extra);
    z.ok_at(at, &args);
    z.ok_at(
        at,
        &[
            "resign",
            &game.to_string(),
            "--as",
            &format!("p{loser}@example.org"),
        ],
    );
}

#[test]
fn rating_show_prints_each_games_opponent_expectation_score_and_the_calculation() {
    let z = Zaochka::new();
    players(&z, 3);
    won(&z, 1, 1, 2, 2, "2026-01-10T12:00:00Z", &[]);
    won(&z, 2, 3, 1, 3, "2026-02-10T12:00:00Z", &[]);
    // Unrated: it changes nothing.
    won(&z, 3, 2, 1, 1, "2026-02-11T12:00:00Z", &["--unrated"]);

    let list = z.ok(&["rating", "list", "--variant", "russian"]);
    assert_eq!(
        list,
        "Rating list, Russian checkers, ICCF/IECG Elo, 2026-11-29\n\
         \n\
         Place  Player    Rating  Games  Status\n\
         1      Player 1  2200    2      provisional\n\
         2      Player 2  1400    1      provisional\n\
         2      Player 3  1400    1      provisional\n"
    );
    let show = z.ok(&["rating", "show", "p1@example.org", "--variant", "russian"]);
    assert_eq!(
        show,
        "Player 1: rating in Russian checkers, ICCF/IECG Elo\n\
         \n\
         Period from 2026-01-01: 1800 → 2200 (0 games before)\n\
         Game  Opponent  Opponent's rating  Expected  Score  Change\n\
         #1    Player 2  1800               0.50      1      —\n\
         #2    Player 3  1800               0.50      1      —\n\
         Performance over 2 games: opponents' average 1800, score 1.00, difference 800, \
         correction 0.5000: 1800 + 800 × 0.5000 = 2200\n"
    );
    // Before the second game the list holds the first one only.
    let at = z.ok(&[
        "--json",
        "rating",
        "list",
        "--variant",
        "russian",
        "--at",
        "2026-01-31",
    ]);
    let at: serde_json::Value = serde_json::from_str(&at).unwrap();
    assert_eq!(at["rows"].as_array().unwrap().len(), 2);

    // Re-rated under Glicko-2, the list keeps that model.
    let done = z.ok(&["rating", "recompute", "--model", "glicko2"]);
    assert_eq!(
        done,
        "Russian checkers: the list is recomputed under Glicko-2: 3 players, 2 rated games.\n"
    );
    let list = z.ok(&["rating", "list", "--variant", "russian", "--lang", "ru"]);
    assert!(
        list.starts_with("Рейтинг-лист, Русские шашки, Глико-2, 2026-11-29\n"),
        "{list}"
    );
    assert!(list.contains("Место  Игрок"), "{list}");
    let show = z.ok(&["--json", "rating", "show", "p1@example.org"]);
    let show: serde_json::Value = serde_json::from_str(&show).unwrap();
    let period = &show["lists"][0]["periods"][0];
    let changes: f64 = period["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["change"].as_f64().unwrap())
        .sum();
    let (before, after) = (
        period["before"]["value"].as_f64().unwrap(),
        period["after"]["value"].as_f64().unwrap(),
    );
    assert!((before + changes - after).abs() < 1e-6, "{period}");
    assert!(after > 1500.0);
}

#[test]
fn an_unrated_tournament_leaves_its_games_out_of_the_list() {
    let z = Zaochka::new();
    players(&z, 2);
    let referee = "ref@example.org";
    z.ok(&[
        "player", "add", "--name", "Ref", "--email", referee, "--role", "referee",
    ]);
    z.ok(&[
        "tournament",
        "new",
        "Friendly",
        "--variant",
        "russian",
        "--system",
        "round-robin",
        "--unrated",
        "--as",
        referee,
    ]);
    for p in ["p1@example.org", "p2@example.org"] {
        z.ok(&["tournament", "add", "Friendly", p, "--as", referee]);
    }
    z.ok(&[
        "tournament",
        "draw",
        "Friendly",
        "--numbers",
        "p1@example.org,p2@example.org",
        "--as",
        referee,
    ]);
    z.ok(&["tournament", "start", "Friendly", "--as", referee]);
    z.ok(&["resign", "1", "--as", "p2@example.org"]);
    let list = z.ok(&["rating", "list", "--variant", "russian"]);
    assert_eq!(list, "No rated game of Russian checkers has finished.\n");
    // The same game outside that tournament counts.
    won(&z, 2, 1, 2, 2, "2026-01-10T12:00:00Z", &[]);
    let list = z.ok(&["--json", "rating", "list", "--variant", "russian"]);
    let list: serde_json::Value = serde_json::from_str(&list).unwrap();
    assert_eq!(list["rows"].as_array().unwrap().len(), 2);
}

/// Starts a Russian game `game` between p`white` and p`black` at `at`.
fn started(z: &Zaochka, white: usize, black: usize, at: &str) {
    let (w, b) = (
        format!("p{white}@example.org"),
        format!("p{black}@example.org"),
    );
    z.ok_at(
        at,
        &[
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            &w,
            "--black",
            &b,
        ],
    );
}

/// A game lost by forfeit (or on time) before both players made a move was
/// decided without play: it scores, but it is not rated (FIDE Rating
/// Regulations B.02 §5.1, docs/ratings.md). A forfeit after both players
/// moved is rated, and so is a resignation.
#[test]
fn a_game_forfeited_before_both_players_moved_is_not_rated() {
    let z = Zaochka::new();
    players(&z, 4);
    let referee = "ref@example.org";
    z.ok(&[
        "player", "add", "--name", "Ref", "--email", referee, "--role", "referee",
    ]);
    let at = "2026-01-10T12:00:00Z";
    // #1: p1 against p2, forfeited with no move made.
    started(&z, 1, 2, at);
    // #2: p3 against p4, one ply (White alone moved), then forfeited.
    started(&z, 3, 4, at);
    z.ok_at(at, &["play", "2", "cd4", "--as", "p3@example.org"]);
    for game in ["1", "2"] {
        z.ok_at(
            at,
            &[
                "referee", "forfeit", game, "black", "--as", referee, "--reason", "no move",
            ],
        );
    }
    let list = z.ok(&["rating", "list", "--variant", "russian"]);
    assert_eq!(list, "No rated game of Russian checkers has finished.\n");
    // #3: p1 against p3, both moved, then Black forfeited: rated.
    started(&z, 1, 3, at);
    z.ok_at(at, &["play", "3", "cd4", "--as", "p1@example.org"]);
    z.ok_at(at, &["play", "3", "fg5", "--as", "p3@example.org"]);
    z.ok_at(
        at,
        &[
            "referee", "forfeit", "3", "black", "--as", referee, "--reason", "silent",
        ],
    );
    let list: serde_json::Value =
        serde_json::from_str(&z.ok(&["--json", "rating", "list", "--variant", "russian"])).unwrap();
    let rows: Vec<(String, u64)> = list["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["player"].as_str().unwrap().to_string(),
                r["games"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [("Player 1".to_string(), 1), ("Player 3".to_string(), 1)]
    );
}
