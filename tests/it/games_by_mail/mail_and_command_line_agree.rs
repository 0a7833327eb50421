//! One act, one outcome: what a player says about a game is decided once by
//! the referee's intake, whether it comes by mail or from the command line.
//!
//! Each case of the table is played twice on a real SQLite file, each time
//! on a fresh game set up the same way by the command line (timed, 3 days
//! per move; the plies before the act, a draw offer with the last when the
//! case says so; or a tournament game frozen at the end of its playing
//! period): once as a player's mail read by one daemon cycle (Maildir
//! inbox), once as the `zaochka` command a player would type, at the same
//! instant. The two games are then compared: status, result, ending, score,
//! side to move, pending draw offer, every draw offer and its answer, the
//! claims for adjudication, and both clocks (to the minute: the bot's own
//! sub-second wait before a notice leaves is not the player's). Each case
//! also says what the act must have done, so that two games left alike by
//! an act that did nothing when it should have fail.

use crate::common;

use chrono::{DateTime, Duration, Utc};
use common::daemon::{Bot, Mailing, mail};

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";
const REFEREE: &str = "referee@example.test";

/// How a case's games are set up before the act.
#[derive(Clone, Copy)]
enum Setup {
    /// A timed game, Alice White and Bob Black, with these plies played
    /// (`true`: a draw offered with the last one).
    Plain(&'static [&'static str], bool),
    /// The one game of a two-player round robin whose playing period the
    /// director has ended: it waits for claims.
    Frozen,
}

/// What the act must have done to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Nothing: the game is as before.
    Unchanged,
    /// One ply more, no draw offer pending.
    Played,
    /// One ply more, the mover's draw offer pending, the opponent's declined.
    PlayedOfferingDeclined,
    /// The opponent's standing offer declined, no ply more.
    Declined,
    /// Drawn by agreement.
    DrawAgreed,
    /// Lost by the sender's resignation.
    Resigned,
    /// A claim of a draw recorded for the director's adjudication.
    DrawClaimedForAdjudication,
}

/// The side that acts.
#[derive(Clone, Copy)]
enum By {
    White,
    Black,
}

struct Case {
    name: &'static str,
    setup: Setup,
    by: By,
    /// The mail's text (English for Alice, Russian for Bob).
    mail: &'static str,
    /// The command line's arguments, `{g}` standing for the game number.
    cli: &'static [&'static str],
    outcome: Outcome,
}

const CASES: &[Case] = &[
    Case {
        name: "a draw offer while the opponent's offer stands accepts it",
        setup: Setup::Plain(&["c3-d4"], true),
        by: By::Black,
        mail: "Предлагаю ничью.",
        cli: &["draw", "offer", "{g}"],
        outcome: Outcome::DrawAgreed,
    },
    Case {
        name: "a move with a draw offer while the opponent's offer stands declines it and offers",
        setup: Setup::Plain(&["c3-d4"], true),
        by: By::Black,
        mail: "f6-g5 и предлагаю ничью.",
        cli: &["play", "{g}", "f6-g5", "--offer-draw"],
        outcome: Outcome::PlayedOfferingDeclined,
    },
    Case {
        name: "words that the game goes on decline the standing offer",
        setup: Setup::Plain(&["c3-d4"], true),
        by: By::Black,
        mail: "Нет, играем дальше.",
        cli: &["draw", "decline", "{g}"],
        outcome: Outcome::Declined,
    },
    Case {
        name: "a draw claim in a frozen tournament game is a claim for adjudication",
        setup: Setup::Frozen,
        by: By::White,
        mail: "I claim a draw by threefold repetition.",
        cli: &["draw", "claim", "{g}"],
        outcome: Outcome::DrawClaimedForAdjudication,
    },
    Case {
        name: "a move numbered ahead of the move due is refused",
        setup: Setup::Plain(&[], false),
        by: By::White,
        mail: "5. c3-d4",
        cli: &["play", "{g}", "5. c3-d4"],
        outcome: Outcome::Unchanged,
    },
    Case {
        name: "a move numbered as one already played changes nothing",
        setup: Setup::Plain(&["c3-d4", "f6-g5"], false),
        by: By::White,
        mail: "1. a3-b4",
        cli: &["play", "{g}", "1. a3-b4"],
        outcome: Outcome::Unchanged,
    },
    Case {
        name: "white's number of the move black must answer, sent by white, changes nothing",
        setup: Setup::Plain(&["c3-d4"], false),
        by: By::White,
        mail: "1. a3-b4",
        cli: &["play", "{g}", "1. a3-b4"],
        outcome: Outcome::Unchanged,
    },
    Case {
        name: "a move with the number due is played",
        setup: Setup::Plain(&["c3-d4"], false),
        by: By::Black,
        mail: "1... f6-g5",
        cli: &["play", "{g}", "1... f6-g5"],
        outcome: Outcome::Played,
    },
    Case {
        name: "black's move written with a single dot by black is played",
        setup: Setup::Plain(&["c3-d4"], false),
        by: By::Black,
        mail: "1. f6-g5",
        cli: &["play", "{g}", "1. f6-g5"],
        outcome: Outcome::Played,
    },
    Case {
        name: "a move without a number is played",
        setup: Setup::Plain(&[], false),
        by: By::White,
        mail: "c3-d4",
        cli: &["play", "{g}", "c3-d4"],
        outcome: Outcome::Played,
    },
    Case {
        name: "a resignation ends the game",
        setup: Setup::Plain(&["c3-d4"], false),
        by: By::White,
        mail: "I resign.",
        cli: &["resign", "{g}"],
        outcome: Outcome::Resigned,
    },
    Case {
        name: "an acceptance with no offer standing changes nothing",
        setup: Setup::Plain(&["c3-d4"], false),
        by: By::Black,
        mail: "Принимаю ничью.",
        cli: &["draw", "accept", "{g}"],
        outcome: Outcome::Unchanged,
    },
];

/// The instant the games are set up.
fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-20T10:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

/// The instant of the act, by mail (its arrival) or by the command line.
fn t1() -> DateTime<Utc> {
    t0() + Duration::hours(20)
}

/// The instant the two games are compared.
fn t2() -> DateTime<Utc> {
    t1() + Duration::hours(5)
}

fn setup_players(bot: &Bot) {
    for (name, email, lang, role) in [
        ("Alice", ALICE, "en", "player"),
        ("Боб", BOB, "ru", "player"),
        ("Referee", REFEREE, "en", "referee"),
    ] {
        bot.ok_at(
            t0(),
            &[
                "player", "add", "--name", name, "--email", email, "--lang", lang, "--role", role,
            ],
        );
    }
}

/// The last game's number.
fn last_game(bot: &Bot) -> i64 {
    bot.db()
        .query_row("SELECT max(id) FROM games", [], |r| r.get(0))
        .unwrap()
}

/// Sets up one game for a case; returns its number.
fn set_up(bot: &Bot, setup: Setup, tournament: &str) -> i64 {
    let at = t0();
    match setup {
        Setup::Plain(plies, offered) => {
            bot.ok_at(
                at,
                &[
                    "game",
                    "new",
                    "--variant",
                    "russian",
                    "--white",
                    ALICE,
                    "--black",
                    BOB,
                    "--time-control",
                    "3d/move",
                ],
            );
            let g = last_game(bot).to_string();
            for (i, mv) in plies.iter().enumerate() {
                let by = if i % 2 == 0 { ALICE } else { BOB };
                let mut args = vec!["play", g.as_str(), mv, "--as", by];
                if offered && i + 1 == plies.len() {
                    args.push("--offer-draw");
                }
                bot.ok_at(at, &args);
            }
        }
        Setup::Frozen => {
            let desk = ["--as", REFEREE];
            let t = tournament;
            let run = |args: &[&str]| bot.ok_at(at, &[args, &desk[..]].concat());
            run(&[
                "tournament",
                "new",
                t,
                "--variant",
                "russian",
                "--system",
                "round-robin",
            ]);
            run(&["tournament", "add", t, ALICE]);
            run(&["tournament", "add", t, BOB]);
            let numbers = format!("{ALICE},{BOB}");
            run(&["tournament", "draw", t, "--numbers", &numbers]);
            run(&["tournament", "start", t]);
            run(&["tournament", "end-period", t]);
        }
    }
    last_game(bot)
}

/// The address of the side `by` in game `g`.
fn player_of(bot: &Bot, g: i64, by: By) -> String {
    let column = match by {
        By::White => "white_id",
        By::Black => "black_id",
    };
    bot.db()
        .query_row(
            &format!(
                "SELECT p.email FROM games g JOIN players p ON p.id = g.{column} WHERE g.id = ?1"
            ),
            [g],
            |r| r.get(0),
        )
        .unwrap()
}

/// What is compared of a game after the act.
#[derive(Debug, PartialEq, Eq)]
struct State {
    status: serde_json::Value,
    result: serde_json::Value,
    termination: serde_json::Value,
    score: serde_json::Value,
    to_move: serde_json::Value,
    pending_offer: serde_json::Value,
    /// (side, running, used minutes, left minutes, moves made) per side.
    clocks: Vec<(String, bool, i64, i64, i64)>,
    /// (ply, side, status) of every draw offer.
    offers: Vec<(i64, String, String)>,
    /// (side, result) of every claim for adjudication.
    claims: Vec<(String, String)>,
}

fn state(bot: &Bot, g: i64) -> State {
    let v: serde_json::Value =
        serde_json::from_str(&bot.ok_at(t2(), &["game", "show", &g.to_string(), "--json"]))
            .unwrap();
    let clocks = v["clocks"]
        .as_array()
        .map(|cs| {
            cs.iter()
                .map(|c| {
                    (
                        c["side"].as_str().unwrap_or_default().to_string(),
                        c["running"].as_bool().unwrap_or_default(),
                        c["used_seconds"].as_i64().unwrap_or_default() / 60,
                        c["left_seconds"].as_i64().unwrap_or_default() / 60,
                        c["moves_made"].as_i64().unwrap_or_default(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let db = bot.db();
    let mut st = db
        .prepare("SELECT ply, side, status FROM draw_offers WHERE game_id = ?1 ORDER BY id")
        .unwrap();
    let offers = st
        .query_map([g], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut st = db
        .prepare("SELECT side, result FROM adjudication_claims WHERE game_id = ?1 ORDER BY side")
        .unwrap();
    let claims = st
        .query_map([g], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    State {
        status: v["status"].clone(),
        result: v["result"].clone(),
        termination: v["termination"].clone(),
        score: v["score_full"].clone(),
        to_move: v["to_move"].clone(),
        pending_offer: v["pending_offer"].clone(),
        clocks,
        offers,
        claims,
    }
}

/// Whether the state after the act shows the case's outcome, from the
/// state before it.
fn shows(outcome: Outcome, before: &State, after: &State, by: By) -> bool {
    let plies = |s: &State| s.score.as_array().map_or(0, Vec::len);
    let side = match by {
        By::White => "white",
        By::Black => "black",
    };
    let active = after.status == "active";
    match outcome {
        Outcome::Unchanged => before == after,
        Outcome::Played => {
            active && plies(after) == plies(before) + 1 && after.pending_offer.is_null()
        }
        Outcome::PlayedOfferingDeclined => {
            active
                && plies(after) == plies(before) + 1
                && after.pending_offer == side
                && after
                    .offers
                    .iter()
                    .any(|(_, s, st)| s != side && st == "declined")
        }
        Outcome::Declined => {
            active
                && plies(after) == plies(before)
                && after.pending_offer.is_null()
                && after
                    .offers
                    .iter()
                    .any(|(_, s, st)| s != side && st == "declined")
        }
        Outcome::DrawAgreed => after.result == "1/2-1/2" && after.termination == "agreement",
        Outcome::Resigned => {
            let lost = if side == "white" { "0-1" } else { "1-0" };
            after.result == lost && after.termination == "resignation"
        }
        Outcome::DrawClaimedForAdjudication => {
            after.result.is_null() && after.claims == [(side.to_string(), "1/2-1/2".to_string())]
        }
    }
}

#[test]
fn every_act_has_the_same_outcome_by_mail_and_by_the_command_line() {
    let bot = Bot::new(Mailing::Local);
    setup_players(&bot);
    // Two games per case, set up alike: the first played by mail, the
    // second by the command line.
    let games: Vec<(i64, i64)> = CASES
        .iter()
        .enumerate()
        .map(|(k, c)| {
            (
                set_up(&bot, c.setup, &format!("Mail{k}")),
                set_up(&bot, c.setup, &format!("Cli{k}")),
            )
        })
        .collect();
    // The notices of the set-up go out when it was made.
    bot.serve_once_at(t0());
    let before: Vec<(State, State)> = games
        .iter()
        .map(|&(m, c)| (state(&bot, m), state(&bot, c)))
        .collect();
    let mut cli_runs = Vec::new();
    for (k, (case, &(by_mail, by_cli))) in CASES.iter().zip(&games).enumerate() {
        let sender = player_of(&bot, by_mail, case.by);
        let side = match case.by {
            By::White => "white",
            By::Black => "black",
        };
        let token = bot.token(by_mail, side);
        bot.deliver_at(
            k,
            &mail(
                &sender,
                &format!("bot+{by_mail}.{token}@example.test"),
                &format!("Re: [zaochka #{by_mail}] game"),
                &format!("intake{k}@example.test"),
                case.mail,
            ),
            t1().timestamp() as u64,
        );
        let g = by_cli.to_string();
        let actor = player_of(&bot, by_cli, case.by);
        let mut args: Vec<&str> = case
            .cli
            .iter()
            .map(|a| if *a == "{g}" { g.as_str() } else { a })
            .collect();
        args.extend(["--as", actor.as_str()]);
        let out = bot
            .command()
            .env("ZAOCHKA_NOW", t1().to_rfc3339())
            .args(&args)
            .output()
            .unwrap();
        cli_runs.push(format!(
            "exit {:?}: {}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    bot.serve_once_at(t1());
    let mut failures = Vec::new();
    for (k, case) in CASES.iter().enumerate() {
        let (by_mail, by_cli) = games[k];
        let (mail_before, cli_before) = &before[k];
        assert_eq!(
            mail_before, cli_before,
            "{}: the two games were not set up alike",
            case.name
        );
        let (mail_after, cli_after) = (state(&bot, by_mail), state(&bot, by_cli));
        if mail_after != cli_after {
            failures.push(format!(
                "{}: by mail (game #{by_mail}) {mail_after:#?}\nby the command line (game #{by_cli}, {}) {cli_after:#?}",
                case.name, cli_runs[k]
            ));
        }
        if !shows(case.outcome, mail_before, &mail_after, case.by) {
            failures.push(format!(
                "{}: by mail (game #{by_mail}) should be {:?}: {mail_after:#?}",
                case.name, case.outcome
            ));
        }
        if !shows(case.outcome, cli_before, &cli_after, case.by) {
            failures.push(format!(
                "{}: by the command line (game #{by_cli}, {}) should be {:?}: {cli_after:#?}",
                case.name, cli_runs[k], case.outcome
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n\nmail log: {:#?}",
        failures.join("\n\n"),
        bot.outcomes()
    );
}
