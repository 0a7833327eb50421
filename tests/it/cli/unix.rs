//! The command line behaves like a Unix tool: output into a
//! pipe closed early ends the command quietly (no panic, no backtrace), and
//! variant names in Russian are accepted by `history` as by the other commands,
//! and so are results and statuses in the mails' words; a time zone must be an
//! IANA name, an unknown tournament is an error, and move numbers follow the
//! FEN's.

use crate::common;

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

use common::cli::Zaochka;

/// Runs `zaochka ARGS` with its standard output a pipe whose reading end is
/// closed before anything is written (as `| head` does once it has its lines).
fn into_closed_pipe(z: &Zaochka, args: &[&str]) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .arg("--db")
        .arg(&z.db)
        .args(args)
        .env("ZAOCHKA_NOW", "2026-11-29T12:00:00Z")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_each_listing_command_quietly() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "c3-d4", "--as", "ivanov@example.org"]);
    let pdn = z.dir.path().join("g.pdn");
    std::fs::write(&pdn, z.ok(&["export", "1"])).unwrap();
    let pdn = pdn.to_str().unwrap().to_string();
    for args in [
        vec!["game", "show", "1"],
        vec!["game", "show", "1", "--json"],
        vec!["moves", "--variant", "russian"],
        vec!["check", pdn.as_str()],
        vec!["referee", "log"],
        vec!["history"],
        vec!["export", "--all"],
    ] {
        let (status, stderr) = into_closed_pipe(&z, &args);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "zaochka {args:?} into a closed pipe: {stderr}"
        );
        // Ended by SIGPIPE (as `cat` is), or done before it wrote.
        assert!(
            status.signal() == Some(libc::SIGPIPE) || status.success(),
            "zaochka {args:?}: {status:?} {stderr}"
        );
    }
}

#[test]
fn history_takes_the_variant_names_of_the_other_commands() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    for name in ["russian", "русские шашки", "Русские шашки"] {
        let out = z.ok(&["history", "--variant", name]);
        assert!(out.contains("#1 "), "{name}: {out}");
    }
    let out = z.ok(&["history", "--variant", "шахматы"]);
    assert!(!out.contains("#1 "), "{out}");
    let why = z.run(&["history", "--variant", "нарды"]);
    assert!(
        !why.ok && why.stderr.contains("unknown variant"),
        "{}",
        why.stderr
    );
}

#[test]
fn a_time_zone_that_is_not_iana_is_refused_with_the_zones_it_may_mean() {
    let z = Zaochka::new();
    let r = z.run(&[
        "player",
        "add",
        "--name",
        "Иванов",
        "--email",
        "i@example.org",
        "--tz",
        "Moscow",
    ]);
    assert!(
        !r.ok && r.stderr.contains("did you mean Europe/Moscow (UTC+03:00)"),
        "{}",
        r.stderr
    );
    // An offset gets the Etc zone of that offset (IANA inverts the sign), not
    // `Etc/GMT+3`, which is UTC−3.
    let r = z.run(&[
        "player",
        "add",
        "--name",
        "Петров",
        "--email",
        "p@example.org",
        "--tz",
        "GMT+3",
    ]);
    assert!(
        !r.ok && r.stderr.contains("did you mean Etc/GMT-3 (UTC+03:00)?"),
        "{}",
        r.stderr
    );
    let r = z.run(&[
        "player",
        "add",
        "--name",
        "Smith",
        "--email",
        "s@example.org",
        "--tz",
        "Atlantis",
    ]);
    assert!(
        !r.ok && r.stderr.contains("not an IANA time zone"),
        "{}",
        r.stderr
    );
    assert!(
        !z.ok(&["player", "list"]).contains("example.org"),
        "nothing stored"
    );
    z.ok(&[
        "player",
        "add",
        "--name",
        "Иванов",
        "--email",
        "i@example.org",
        "--tz",
        "Asia/Yekaterinburg",
    ]);
}

#[test]
fn pausing_a_tournament_nobody_has_heard_of_is_refused() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let r = z.run(&[
        "referee",
        "pause-tournament",
        "Нет такого",
        "--as",
        "ref@example.org",
        "--reason",
        "x",
    ]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("there is no tournament «Нет такого»"),
        "{}",
        r.stderr
    );
}

/// `history --result «победа чёрных»`, `--status окончена`, `referee
/// adjudicate 2 ничья`: the words of the mails, in either language, as well
/// as `0-1` and `finished`.
#[test]
fn results_and_statuses_are_taken_in_russian_words_too() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["resign", "1", "--as", "ivanov@example.org"]);
    z.timed_game("3d/move");
    let ids = |args: &[&str]| -> Vec<i64> {
        let mut all = vec!["history", "--json"];
        all.extend_from_slice(args);
        let v: serde_json::Value = serde_json::from_str(&z.ok(&all)).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|g| g["game"].as_i64().or_else(|| g["id"].as_i64()).unwrap())
            .collect()
    };
    for words in [
        "0-1",
        "победа чёрных",
        "Чёрные выиграли",
        "черные",
        "black won",
    ] {
        assert_eq!(ids(&["--result", words]), [1], "{words}");
    }
    for words in ["finished", "окончена", "завершена"] {
        assert_eq!(ids(&["--status", words]), [1], "{words}");
    }
    for words in ["active", "активна", "идёт"] {
        assert_eq!(ids(&["--status", words]), [2], "{words}");
    }
    let why = z.run(&["history", "--status", "сыграна"]);
    assert!(
        !why.ok && why.stderr.contains("is not a status"),
        "{}",
        why.stderr
    );
    z.ok(&[
        "referee",
        "adjudicate",
        "2",
        "ничья",
        "--as",
        "ref@example.org",
        "--reason",
        "позиция ничейная",
    ]);
    assert_eq!(ids(&["--result", "ничья"]), [2]);
    assert_eq!(ids(&["--result", "1/2-1/2"]), [2]);
}

/// A chess game set up at move 12 with Black to move: the `play` reply, the
/// mails and `game show` number the moves `12... Nf6 13. Nc3`, as the export.
#[test]
fn move_numbers_follow_the_fen_of_a_game_that_starts_at_move_12_with_black() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&[
        "game",
        "new",
        "--variant",
        "chess",
        "--white",
        "ivanov@example.org",
        "--black",
        "petrov@example.org",
        "--fen",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12",
    ]);
    let out = z.ok(&["play", "2", "Nf6", "--as", "petrov@example.org"]);
    assert!(out.contains("12... Ng8-f6"), "{out}");
    let out = z.ok(&["play", "2", "Nc3", "--as", "ivanov@example.org"]);
    assert!(out.contains("13. Nb1-c3"), "{out}");
    let shown = z.ok(&["game", "show", "2"]);
    assert!(shown.contains("12... Ng8-f6\n13. Nb1-c3"), "{shown}");
    assert!(shown.contains("12... Nf6\n13. Nc3"), "{shown}");
    let export = z.ok(&["export", "2"]);
    // Each ply's comment also carries its signed receipt (`[%zrc …]`): read
    // without them, on one line.
    let mut pieces = export.split("[%zrc ");
    let mut plain = pieces.next().unwrap_or_default().to_string();
    for piece in pieces {
        plain.push_str(piece.split_once(']').map_or(piece, |(_, rest)| rest));
    }
    let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        plain.contains(
            "12... Nf6 {[%ccsnt 2026.11.29,12:00] } 13. Nc3 {[%ccsnt 2026.11.29,12:00] }"
        ),
        "{export}"
    );
    // The mails carry the score numbered the same way (Ivanov's in Russian
    // piece letters, Petrov's in Latin ones).
    let mails = z.outbox_bodies();
    assert!(
        mails.iter().any(|b| b.contains("12... Кg8-f6\n13. Кb1-c3")),
        "{mails:?}"
    );
    assert!(
        mails.iter().any(|b| b.contains("12... Ng8-f6\n13. Nb1-c3")),
        "{mails:?}"
    );
}

/// `--json` is one option of every command: accepted before
/// or after the command's name, with the same answer; a refusal is JSON on
/// stdout, words on stderr and exit code 1.
#[test]
fn json_is_one_global_option_before_or_after_the_command() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let after = z.ok(&["game", "show", "1", "--json"]);
    let before = z.ok(&["--json", "game", "show", "1"]);
    assert_eq!(after, before);
    let shown: serde_json::Value = serde_json::from_str(&after).unwrap();
    assert_eq!(shown["game"], 1, "{after}");

    let played: serde_json::Value = serde_json::from_str(&z.ok(&[
        "--json",
        "play",
        "1",
        "c3-d4",
        "--as",
        "ivanov@example.org",
    ]))
    .unwrap();
    assert_eq!(played["ok"], true);
    assert_eq!(played["game"], 1);
    assert!(
        played["replies"].as_array().is_some_and(|r| !r.is_empty()),
        "{played}"
    );
    // The same command without --json answers in words.
    let words = z.ok(&["play", "1", "f6-g5", "--as", "petrov@example.org"]);
    assert!(!words.trim_start().starts_with('{'), "{words}");

    let refused = z.run(&["play", "1", "a1-b2", "--as", "ivanov@example.org", "--json"]);
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    let error: serde_json::Value = serde_json::from_str(&refused.stdout).unwrap();
    assert_eq!(error["ok"], false);
    assert!(error["error"].as_str().is_some_and(|e| !e.is_empty()));
    assert!(refused.stderr.contains("refused"), "{}", refused.stderr);
}

/// With `--json`, a command that makes something answers `{"ok": true, …}`
/// and a refusal `{"ok": false, "error": …}` with exit code 1, whichever
/// command it is (a newcomer found `game new`, `player add`, `game show`,
/// `tournament show` and `history` answering in words or not at all).
#[test]
fn json_answers_and_refusals_are_objects_for_every_command() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let made: serde_json::Value = serde_json::from_str(&z.ok(&[
        "--json",
        "game",
        "new",
        "--variant",
        "bashni",
        "--white",
        "ivanov@example.org",
        "--black",
        "petrov@example.org",
        "--time-control",
        "3d/move",
    ]))
    .unwrap();
    assert_eq!(made["ok"], true, "{made}");
    assert_eq!(made["result"]["variant"], "bashni", "{made}");
    let game = made["result"]["game"].as_i64().unwrap().to_string();
    let shown: serde_json::Value =
        serde_json::from_str(&z.ok(&["--json", "game", "show", &game])).unwrap();
    assert_eq!(shown["time_control"]["type"], "days_per_move", "{shown}");
    assert_eq!(shown["to_move"], "white", "{shown}");
    let add_olga = [
        "--json",
        "player",
        "add",
        "--name",
        "Ольга",
        "--email",
        "olga@example.org",
    ];
    let added: serde_json::Value = serde_json::from_str(&z.ok(&add_olga)).unwrap();
    assert_eq!(added["result"]["email"], "olga@example.org", "{added}");
    for args in [
        vec!["--json", "game", "show", "999"],
        vec!["--json", "game", "show", "1", "--at", "99"],
        // The same address again.
        add_olga.to_vec(),
        vec!["--json", "tournament", "show", "Нет такого"],
        vec!["--json", "history", "--player", "nobody@example.org"],
        vec!["--json", "referee", "receipts", "999"],
        vec![
            "--json",
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            "nobody@example.org",
            "--black",
            "petrov@example.org",
        ],
    ] {
        let r = z.run(&args);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        let refused: serde_json::Value = serde_json::from_str(&r.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {:?}", r.stdout));
        assert_eq!(refused["ok"], false, "{args:?}");
        assert!(
            refused["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{args:?}"
        );
    }
    // A finished game has no side to move.
    z.ok(&["resign", &game, "--as", "ivanov@example.org"]);
    let over: serde_json::Value =
        serde_json::from_str(&z.ok(&["--json", "game", "show", &game])).unwrap();
    assert!(over["to_move"].is_null(), "{over}");
}

/// Every query answers in words even when it has nothing to list, a log of a
/// game that does not exist is refused, a tournament's settings read as
/// sentences and a square alone gets the moves that go there (all found by
/// a newcomer's try: empty output with exit 0, `round_robin`, raw JSON,
/// "it names no destination square").
#[test]
fn empty_answers_unknown_games_settings_and_a_square_alone_are_worded() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let none = z.ok(&["moves", "--fen", "W:Wa1:Bb2,c3"]);
    assert_eq!(none.trim(), "No legal move: the game is over.");
    let json = z.ok(&["--json", "moves", "--fen", "W:Wa1:Bb2,c3"]);
    assert_eq!(json.trim(), "[]");
    let refused = z.refused(&["referee", "log", "999"]);
    assert!(refused.contains("999"), "{refused}");
    z.ok(&[
        "tournament",
        "new",
        "Кубок",
        "--variant",
        "russian",
        "--system",
        "double-round-robin",
        "--time-control",
        "3d/move",
        "--as",
        "ref@example.org",
    ]);
    let shown = z.ok(&["tournament", "show", "Кубок"]);
    assert!(shown.contains("russian, double round robin"), "{shown}");
    assert!(shown.contains("\nTime control: "), "{shown}");
    assert!(shown.contains("\nTie-breaks: Sonneborn-Berger"), "{shown}");
    assert!(
        !shown.contains('{') && !shown.contains("round_robin"),
        "{shown}"
    );
    let listed = z.ok(&["tournament", "list"]);
    assert!(listed.contains("double round robin"), "{listed}");
    let none = z.ok(&["tournament", "adjudications", "Кубок"]);
    assert_eq!(none.trim(), "No game awaits adjudication.");
    let table = z.ok(&["tournament", "standings", "Кубок", "--lang", "en"]);
    assert!(table.contains("no table yet"), "{table:?}");
    let table = z.ok(&["tournament", "crosstable", "Кубок", "--lang", "ru"]);
    assert!(table.contains("таблицы ещё нет"), "{table:?}");
    let shown: serde_json::Value =
        serde_json::from_str(&z.ok(&["--json", "show", "--variant", "lasca"])).unwrap();
    assert_eq!(shown["variant"], "lasca", "{shown}");
    assert_eq!(shown["to_move"], "white", "{shown}");
    let bad = z.refused(&["show", "--fen", "W:Wz9"]);
    assert!(bad.contains("z9"), "{bad}");
    let date = z.run(&["history", "--from", "notadate"]);
    assert!(date.stderr.contains("YYYY-MM-DD"), "{}", date.stderr);
    let log = z.ok(&["referee", "log"]);
    assert!(!log.contains('_'), "{log}");
    // Game #1 is Russian checkers at the start: d4 is reached by c3 and e3.
    let r = z.run(&["play", "1", "d4", "--as", "ivanov@example.org"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("c3-d4") && r.stderr.contains("e3-d4"),
        "{}",
        r.stderr
    );
    z.ok(&["play", "1", "h4", "--as", "ivanov@example.org"]);
    // A move number that is not the one due, and a promotion mark on a move
    // that makes no king, are refused (they were played silently).
    let wrong = z.refused(&["play", "1", "5. b6-a5", "--as", "petrov@example.org"]);
    assert!(
        wrong.contains("you wrote move 5, but it is Black's move 1 now"),
        "{wrong}"
    );
    let mark = z.refused(&["play", "1", "b6-a5D", "--as", "petrov@example.org"]);
    assert!(mark.contains("does not promote"), "{mark}");
    z.ok(&["play", "1", "1. b6-a5", "--as", "petrov@example.org"]);
    z.ok(&["play", "1", "2.h4-g5", "--as", "ivanov@example.org"]);
    z.ok(&["play", "1", "2... f6:h4", "--as", "petrov@example.org"]);
}

/// A game is not made between a player and himself, nor from a position
/// where it is already over; a move written in letters on a numbered board
/// is answered in letters (found by a newcomer's try: a database error with
/// exit 2, an active game with Black having no pieces, "no piece of yours on
/// 27" for `c5-d6`).
#[test]
fn games_that_cannot_be_played_are_refused_and_squares_named_as_written() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let game = |args: &[&str]| {
        let mut v = vec![
            "game",
            "new",
            "--white",
            "ivanov@example.org",
            "--black",
            "petrov@example.org",
        ];
        v.extend_from_slice(args);
        v.iter().map(|s| (*s).to_string()).collect::<Vec<_>>()
    };
    let same = z.refused(&[
        "game",
        "new",
        "--white",
        "ivanov@example.org",
        "--black",
        "ivanov@example.org",
        "--variant",
        "russian",
    ]);
    assert!(same.contains("same player"), "{same}");
    let args = game(&["--variant", "russian", "--fen", "W:Wa1:B"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let over = z.refused(&args);
    assert!(over.contains("Black has no pieces"), "{over}");
    let args = game(&["--variant", "chess", "--fen", "k7/8/8/8/8/8/8/K7 w - - 0 1"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let dead = z.refused(&args);
    assert!(dead.contains("over before its first move"), "{dead}");
    let args = game(&["--variant", "international"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    z.ok(&args);
    let r = z.run(&["play", "2", "c5-d6", "--as", "ivanov@example.org"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("c5") && !r.stderr.contains("27"),
        "{}",
        r.stderr
    );
    let r = z.run(&["play", "2", "33-27", "--as", "ivanov@example.org"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("33") && r.stderr.contains("27"),
        "{}",
        r.stderr
    );
}

/// A new game is told in one line; with no move, `game show` and
/// `referee receipts` say so, and a ply past the end is refused.
#[test]
fn a_game_with_no_move_is_made_shown_and_listed_in_exact_lines() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let made = z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        "petrov@example.org",
        "--black",
        "ivanov@example.org",
    ]);
    assert!(
        made.starts_with("game #2 ") && made.contains(": Петров (white) – Иванов (black)"),
        "{made}"
    );
    let shown = z.ok(&["game", "show", "2"]);
    assert!(shown.contains("Position after ply 0 of 0:\n"), "{shown}");
    assert!(
        shown.contains("\nNo move has been played yet.\n\n"),
        "{shown}"
    );
    assert_eq!(
        z.ok(&["referee", "receipts", "2"]),
        "Game #2: receipts (the clock charges from the clock's start to the arrival; \
         the Date header is evidence only)\nNo move has been played yet.\n"
    );
    let past = z.run(&["game", "show", "2", "--at", "3"]);
    assert!(!past.ok);
    assert_eq!(
        past.stderr,
        "zaochka: refused: game #2 has 0 plies; there is no ply 3\n"
    );
}
