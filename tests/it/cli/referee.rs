//! Whole correspondence games played and refereed from the command line, on a
//! real SQLite file: the seed 001 game, the draw-offer lifecycle, every claim kind,
//! rollback with the audit log, bad input that changes nothing, and two processes
//! playing into one database at once.

use crate::common;

use common::cli::{SEED_001, Zaochka};

#[test]
fn the_seed_001_game_is_played_through_the_cli_and_white_resigns() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    for (mv, who) in SEED_001 {
        z.ok(&["play", "1", mv, "--as", who]);
    }
    // "Белые сдались" (seed 001 §1.6.2).
    let out = z.ok(&["resign", "1", "--as", "ivanov@example.org"]);
    assert!(out.contains("0-1"), "{out}");
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap();
    assert_eq!(show["result"], "0-1");
    assert_eq!(show["termination"], "resignation");
    assert_eq!(show["plies"], 10);
    assert_eq!(show["score_full"][9], "c7:e5:c3:e1:h4");
    assert_eq!(show["score_short"][0], "ed4");
}

#[test]
fn history_lists_a_players_games_with_results_and_show_at_a_ply() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    for (mv, who) in SEED_001 {
        z.ok(&["play", "1", mv, "--as", who]);
    }
    z.ok(&["resign", "1", "--as", "ivanov@example.org"]);
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        "petrov@example.org",
        "--black",
        "ivanov@example.org",
    ]);
    let list: serde_json::Value =
        serde_json::from_str(&z.ok(&["history", "--player", "petrov@example.org", "--json"]))
            .unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["result"], "0-1");
    assert_eq!(list[1]["status"], "active");
    let finished: serde_json::Value = serde_json::from_str(&z.ok(&[
        "history",
        "--player",
        "petrov@example.org",
        "--result",
        "0-1",
        "--json",
    ]))
    .unwrap();
    assert_eq!(finished.as_array().unwrap().len(), 1);
    let at: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--at", "10", "--json"])).unwrap();
    assert_eq!(at["ply"], 10);
    assert_eq!(
        at["fen"],
        "W:Wa1,a3,b2,c1,e3,g1,h2:Ba7,b6,b8,d8,e7,f8,g7,Kh4,h6,h8"
    );
    let at4 = z.ok(&["game", "show", "1", "--at", "4"]);
    assert!(at4.contains("Position after ply 4 of 10"), "{at4}");
    assert!(at4.contains("1. e3-d4 d6-c5\n2. f2-e3 f6-g5"), "{at4}");
}

#[test]
fn bad_input_gets_a_clear_message_and_changes_nothing() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "cd4", "--as", "ivanov@example.org"]);
    z.ok(&[
        "player",
        "add",
        "--name",
        "Сидоров",
        "--email",
        "sidorov@example.org",
    ]);
    let before = z.dump();
    let cases: [(&[&str], &str); 9] = [
        (
            &["play", "1", "f6-g6", "--as", "petrov@example.org"],
            "g6 is not a playing square",
        ),
        (
            &["play", "1", "d6-b4", "--as", "petrov@example.org"],
            "cannot move to b4",
        ),
        (
            &["play", "1", "ab4", "--as", "ivanov@example.org"],
            "not your move",
        ),
        (
            &["play", "7", "ed4", "--as", "ivanov@example.org"],
            "there is no game #7",
        ),
        (
            &["play", "1", "dc5", "--as", "sidorov@example.org"],
            "you do not play in game #1",
        ),
        (
            &["play", "1", "dc5", "--as", "nobody@example.org"],
            "not a registered player",
        ),
        (
            &["play", "1", "hello", "--as", "petrov@example.org"],
            "cannot read",
        ),
        (
            &[
                "referee",
                "rollback",
                "1",
                "0",
                "--reason",
                "x",
                "--as",
                "ivanov@example.org",
            ],
            "only a referee",
        ),
        (
            &["draw", "accept", "1", "--as", "petrov@example.org"],
            "no draw offer",
        ),
    ];
    for (args, message) in cases {
        let err = z.refused(args);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(z.dump(), before, "{args:?} changed the database");
    }
    // A finished game refuses moves.
    z.ok(&["resign", "1", "--as", "petrov@example.org"]);
    let after_resign = z.dump();
    let err = z.refused(&["play", "1", "dc5", "--as", "petrov@example.org"]);
    assert!(err.contains("is over"), "{err}");
    assert_eq!(z.dump(), after_resign);
}

#[test]
fn rollback_keeps_the_first_n_plies_and_the_audit_log_says_who_and_why() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    for (mv, who) in &SEED_001[..6] {
        z.ok(&["play", "1", mv, "--as", who]);
    }
    let err = z.refused(&[
        "referee",
        "rollback",
        "1",
        "9",
        "--reason",
        "x",
        "--as",
        "ref@example.org",
    ]);
    assert!(err.contains("cannot be rolled back to ply 9"), "{err}");
    z.ok(&[
        "referee",
        "rollback",
        "1",
        "4",
        "--reason",
        "illegal move found in the record",
        "--as",
        "ref@example.org",
    ]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap();
    assert_eq!(show["plies"], 4);
    assert_eq!(show["score_full"].as_array().unwrap().len(), 4);
    assert_eq!(show["to_move"], "white");
    let log = z.ok(&["referee", "log", "1", "--json"]);
    let entry: serde_json::Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    assert_eq!(entry["action"], "rollback");
    assert_eq!(entry["actor"], "ref@example.org");
    assert_eq!(entry["reason"], "illegal move found in the record");
    assert_eq!(entry["details"]["to_ply"], 4);
    // Play continues from ply 4.
    z.ok(&["play", "1", "cb4", "--as", "ivanov@example.org"]);
}

#[test]
fn director_actions_adjudicate_forfeit_annul_pause_and_resume() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&[
        "referee",
        "pause",
        "1",
        "--reason",
        "server outage",
        "--as",
        "ref@example.org",
    ]);
    assert!(
        z.refused(&["play", "1", "cd4", "--as", "ivanov@example.org"])
            .contains("paused")
    );
    z.ok(&[
        "referee",
        "resume",
        "1",
        "--reason",
        "back",
        "--as",
        "ref@example.org",
    ]);
    let err = z.refused(&[
        "referee",
        "add-days",
        "1",
        "white",
        "5",
        "--reason",
        "illness",
        "--as",
        "ref@example.org",
    ]);
    assert!(err.contains("no time control"), "{err}");
    z.ok(&[
        "referee",
        "adjudicate",
        "1",
        "1/2-1/2",
        "--reason",
        "position is a book draw",
        "--as",
        "ref@example.org",
    ]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap();
    assert_eq!(show["result"], "1/2-1/2");
    assert_eq!(show["termination"], "adjudication");
    assert!(
        z.refused(&[
            "referee",
            "forfeit",
            "1",
            "white",
            "--reason",
            "x",
            "--as",
            "ref@example.org"
        ])
        .contains("result stands")
    );
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        "ivanov@example.org",
        "--black",
        "petrov@example.org",
    ]);
    z.ok(&[
        "referee",
        "forfeit",
        "2",
        "black",
        "--reason",
        "no-show",
        "--as",
        "ref@example.org",
    ]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "2", "--json"])).unwrap();
    assert_eq!(show["result"], "1-0");
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        "ivanov@example.org",
        "--black",
        "petrov@example.org",
    ]);
    z.ok(&[
        "referee",
        "annul",
        "3",
        "--reason",
        "players colluded",
        "--as",
        "ref@example.org",
    ]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "3", "--json"])).unwrap();
    assert_eq!(show["status"], "annulled");
    let log = z.ok(&["referee", "log", "--json"]);
    let actions: Vec<String> = log
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["action"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for a in ["pause", "resume", "adjudicate", "forfeit", "annul"] {
        assert!(
            actions.iter().any(|x| x == a),
            "{a} missing from {actions:?}"
        );
    }
}

#[test]
fn a_sealed_move_is_revealed_at_resumption_and_an_impossible_one_is_refused_when_sealed() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&[
        "referee",
        "adjourn",
        "1",
        "--reason",
        "end of session",
        "--as",
        "ref@example.org",
    ]);
    assert!(
        z.refused(&["seal", "1", "dc5", "--as", "petrov@example.org"])
            .contains("sealed")
    );
    z.ok(&["seal", "1", "cd4", "--as", "ivanov@example.org"]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap();
    assert_eq!(show["plies"], 0, "a sealed move stays unseen");
    z.ok(&[
        "referee",
        "resume",
        "1",
        "--reason",
        "resumption",
        "--as",
        "ref@example.org",
    ]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap();
    assert_eq!(show["score_full"][0], "c3-d4");
    // Black seals an impossible move: refused when sealed, with a played
    // move's reason (it used to be kept and lose at the resumption, seed 003
    // art. 17c); the game goes on.
    z.ok(&[
        "referee",
        "adjourn",
        "1",
        "--reason",
        "end of session",
        "--as",
        "ref@example.org",
    ]);
    let why = z.refused(&["seal", "1", "d6-d5", "--as", "petrov@example.org"]);
    assert!(!why.contains("sealed"), "a move's reason: {why}");
    z.ok(&[
        "referee",
        "resume",
        "1",
        "--reason",
        "resumption",
        "--as",
        "ref@example.org",
    ]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap();
    assert_eq!(show["result"], serde_json::Value::Null);
    assert_eq!(show["plies"], 1);
}

#[test]
fn two_processes_playing_into_one_database_lose_no_move_and_apply_none_twice() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        "ivanov@example.org",
        "--black",
        "petrov@example.org",
    ]);
    // Both processes try every ply of the seed game on both games: each ply is
    // applied by exactly one of them; the loser of each race is refused.
    let spawn = |seed: usize| {
        let db = z.db.clone();
        std::thread::spawn(move || {
            let mut applied = 0;
            // Every attempt, for the message of a failure.
            let mut log = Vec::new();
            for (k, (mv, who)) in SEED_001.iter().enumerate() {
                for game in if (k + seed).is_multiple_of(2) {
                    ["1", "2"]
                } else {
                    ["2", "1"]
                } {
                    let out = std::process::Command::new(env!("CARGO_BIN_EXE_zaochka"))
                        .args(["--db", db.to_str().unwrap(), "play", game, mv, "--as", who])
                        .output()
                        .unwrap();
                    log.push(format!(
                        "process {seed} move {k} {mv} game {game}: exit {:?} {} {}",
                        out.status.code(),
                        String::from_utf8_lossy(&out.stdout).trim(),
                        String::from_utf8_lossy(&out.stderr).trim()
                    ));
                    match out.status.code() {
                        Some(0) => applied += 1,
                        Some(1) => {}
                        other => panic!(
                            "unexpected exit {other:?}: {}",
                            String::from_utf8_lossy(&out.stderr)
                        ),
                    }
                }
            }
            (applied, log)
        })
    };
    let (a, b) = (spawn(0), spawn(1));
    let ((na, la), (nb, lb)) = (a.join().unwrap(), b.join().unwrap());
    // Each game holds the seed game's ten plies in order (none lost, none
    // applied twice: a doubled ply would shift the tenth). When one process
    // ran far ahead of the other, the late one may legally play on after the
    // tenth ply (`6. e3-d4`), so the count is of stored plies, not of ten.
    let mut stored = 0;
    for game in ["1", "2"] {
        let show: serde_json::Value =
            serde_json::from_str(&z.ok(&["game", "show", game, "--json"])).unwrap();
        let plies = show["plies"].as_u64().unwrap();
        assert!(plies >= 10, "game {game}: {show}");
        assert_eq!(show["score_full"][9], "c7:e5:c3:e1:h4");
        stored += plies;
    }
    assert_eq!(
        (na + nb) as u64,
        stored,
        "each ply applied exactly once (every success stored once):\n{}\n{}",
        la.join("\n"),
        lb.join("\n")
    );
}

#[test]
fn import_checks_every_game_and_archives_the_legal_ones_then_export_writes_them_back() {
    let z = Zaochka::new();
    let abatsiev = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games/abatsiev.pdn");
    let out = z.ok(&["import", abatsiev]);
    assert!(out.contains("56 games imported, 0 refused"), "{out}");
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/seed-001.pdn");
    let r = z.run(&["import", sample]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("g6 is not a playing square")
            && r.stdout.contains("1 game imported, 1 refused"),
        "{}",
        r.stdout
    );
    let pdn = z.ok(&["export", "57"]);
    assert!(
        pdn.contains("[Result \"0-1\"]") && pdn.contains("c7:e5:c3:e1:h4 0-1"),
        "{pdn}"
    );
    // The exported file checks and imports again.
    let file = z.dir.path().join("all.pdn");
    std::fs::write(&file, z.ok(&["export", "--all"])).unwrap();
    let out = z.ok(&["check", "-q", file.to_str().unwrap()]);
    assert!(out.contains("57 games: 57 legal"), "{out}");
}

#[test]
fn clocks_run_in_days_and_a_late_move_loses_on_time() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.timed_game("3d/move");
    let at = |now: &str, args: &[&str]| z.ok_at(now, args);
    at(
        "2026-11-29T12:00:00Z",
        &["play", "2", "cd4", "--as", "ivanov@example.org"],
    );
    // Black's reply two days later is in time; the replies show both clocks.
    let json = at(
        "2026-12-01T12:00:00Z",
        &["play", "2", "dc5", "--as", "petrov@example.org", "--json"],
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let body = v["replies"][1]["body"].as_str().unwrap();
    assert!(
        body.contains("Time control")
            && body.contains("move due by 2026-12-04 12:00 UTC")
            && body.contains("Your leave left this year: 45 days"),
        "{body}"
    );
    let white = v["replies"][0]["body"].as_str().unwrap();
    assert!(
        white.contains("следующее напоминание: за 1 день до срока (04.12)"),
        "{white}"
    );
    // The director grants White two more days, logged.
    at(
        "2026-12-01T13:00:00Z",
        &[
            "referee",
            "add-days",
            "2",
            "white",
            "2",
            "--reason",
            "illness",
            "--as",
            "ref@example.org",
        ],
    );
    // White answers after 3 + 2 days: too late.
    let out = at(
        "2026-12-06T12:00:01Z",
        &["play", "2", "gh4", "--as", "ivanov@example.org"],
    );
    assert!(out.contains("lose on time"), "{out}");
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "2", "--json"])).unwrap();
    assert_eq!(show["result"], "0-1");
    assert_eq!(show["termination"], "time");
    assert_eq!(show["plies"], 2, "the late move is not played");
}

#[test]
fn a_paused_game_stops_the_clock_and_resuming_moves_the_deadline_by_the_pause() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.timed_game("3d/move");
    let at = |now: &str, args: &[&str]| z.ok_at(now, args);
    at(
        "2026-11-29T12:00:00Z",
        &["play", "2", "cd4", "--as", "ivanov@example.org"],
    );
    at(
        "2026-11-30T12:00:00Z",
        &[
            "referee",
            "pause",
            "2",
            "--reason",
            "server outage",
            "--as",
            "ref@example.org",
        ],
    );
    let json = at(
        "2026-12-03T12:00:00Z",
        &[
            "referee",
            "resume",
            "2",
            "--reason",
            "server back",
            "--as",
            "ref@example.org",
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let black = v["replies"][1]["body"].as_str().unwrap();
    // Three days of pause: the deadline moves from Dec 2 to Dec 5.
    assert!(
        black.contains("move due by 2026-12-05 12:00 UTC"),
        "{black}"
    );
    // Black moves on Dec 4, within the shifted deadline.
    at(
        "2026-12-04T12:00:00Z",
        &["play", "2", "dc5", "--as", "petrov@example.org"],
    );
}

#[test]
fn a_whole_tournament_is_paused_and_resumed_with_one_command_each() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    for (w, b) in [
        ("ivanov@example.org", "petrov@example.org"),
        ("petrov@example.org", "ivanov@example.org"),
    ] {
        z.ok(&[
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            w,
            "--black",
            b,
            "--time-control",
            "3d/move",
            "--tournament",
            "Cup 2026",
        ]);
    }
    let show = z.ok(&["game", "show", "2"]);
    assert!(
        show.contains("Time control: 3 days per move") && show.contains("move due by 2026-12-02"),
        "{show}"
    );
    let out = z.ok(&[
        "referee",
        "pause-tournament",
        "Cup 2026",
        "--reason",
        "server outage",
        "--as",
        "ref@example.org",
    ]);
    assert!(out.contains("pause 2 games"), "{out}");
    for g in ["2", "3"] {
        let s: serde_json::Value =
            serde_json::from_str(&z.ok(&["game", "show", g, "--json"])).unwrap();
        assert_eq!(s["status"], "paused");
    }
    let s: serde_json::Value =
        serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap();
    assert_eq!(
        s["status"], "active",
        "a game outside the tournament is not touched"
    );
    let out = z.ok(&[
        "referee",
        "resume-tournament",
        "Cup 2026",
        "--reason",
        "server back",
        "--as",
        "ref@example.org",
    ]);
    assert!(out.contains("resume 2 games"), "{out}");
    let log = z.ok(&["referee", "log", "--json"]);
    assert_eq!(log.lines().filter(|l| l.contains("\"pause\"")).count(), 2);
    assert!(
        z.refused(&[
            "referee",
            "pause-tournament",
            "Cup 2026",
            "--reason",
            "x",
            "--as",
            "ivanov@example.org"
        ])
        .contains("only a referee")
    );
}

#[test]
fn chess_moves_are_shown_in_each_players_piece_letters() {
    let z = Zaochka::new();
    // Two Russian readers: one keeps the Russian letters of his language,
    // the other chose Latin letters.
    for (name, email, letters) in [
        ("Смирнов", "smirnov@example.org", None),
        ("Козлов", "kozlov@example.org", Some("latin")),
    ] {
        let mut args = vec![
            "player", "add", "--name", name, "--email", email, "--lang", "ru",
        ];
        if let Some(l) = letters {
            args.extend(["--piece-letters", l]);
        }
        z.ok(&args);
    }
    z.ok(&[
        "game",
        "new",
        "--variant",
        "chess",
        "--white",
        "smirnov@example.org",
        "--black",
        "kozlov@example.org",
    ]);
    let out = z.ok(&["play", "1", "Кf3", "--as", "smirnov@example.org", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let body_to = |email: &str| {
        v["replies"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["to"] == email)
            .map(|r| r["body"].as_str().unwrap().to_string())
            .unwrap()
    };
    let mover = body_to("smirnov@example.org");
    assert!(
        mover.contains("1. Белые сыграли Кg1-f3 (записано: Кf3)."),
        "{mover}"
    );
    let opponent = body_to("kozlov@example.org");
    assert!(opponent.contains("1. Белые сыграли Ng1-f3."), "{opponent}");
    assert!(!opponent.contains("записано"), "{opponent}");
    let bad = z.run(&[
        "player",
        "add",
        "--name",
        "X",
        "--email",
        "x@example.org",
        "--piece-letters",
        "greek",
    ]);
    assert!(
        !bad.ok && bad.stderr.contains("latin or russian"),
        "{}",
        bad.stderr
    );
}

/// `referee add-days` cannot touch a finished game.
#[test]
fn add_days_cannot_change_a_finished_game() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.timed_game("3d/move");
    z.ok(&[
        "referee",
        "add-days",
        "2",
        "white",
        "-1",
        "--as",
        "ref@example.org",
        "--reason",
        "x",
    ]);
    z.ok(&["resign", "2", "--as", "ivanov@example.org"]);
    let before = z.dump();
    let why = z.refused(&[
        "referee",
        "add-days",
        "2",
        "black",
        "5",
        "--as",
        "ref@example.org",
        "--reason",
        "x",
    ]);
    assert!(why.contains("result stands"), "{why}");
    assert_eq!(z.dump(), before);
}
