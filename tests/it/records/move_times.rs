//! Move times in records: exports write each ply's receipt time as
//! correspondence chess records do (`{[%ccsnt 2019.04.02,21:27]}` after the
//! move), `import` stores them as the plies' receipt times, `check` reports
//! them, and an independent PGN reader (python-chess) reads the comments.

use std::process::Command;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use crate::common;
use common::cli::Zaochka;
use common::daemon::{ALICE, BOB, Bot, GameNew, Mailing, mail};

/// The receipt time of each ply of `game` in the database at `db`, in order.
fn receipt_times(db: &rusqlite::Connection, game: i64) -> Vec<String> {
    let mut st = db
        .prepare("SELECT received_at FROM moves WHERE game_id = ?1 ORDER BY ply")
        .unwrap();
    st.query_map([game], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// Fool's mate played by mail in the real daemon on a faked clock: each move
/// arrives at its own time (one with seconds) and is read a minute later;
/// returns the bot and the instants the moves arrived.
fn fools_mate_by_mail() -> (Bot, Vec<DateTime<Utc>>) {
    let bot = Bot::new(Mailing::Local);
    for (name, email, lang) in [("Alice", ALICE, "en"), ("Bob", BOB, "en")] {
        bot.ok(&[
            "player", "add", "--name", name, "--email", email, "--lang", lang,
        ]);
    }
    let t0 = Utc.with_ymd_and_hms(2026, 11, 30, 8, 0, 0).unwrap();
    bot.new_game_at(t0, GameNew::alice_bob().variant("chess"));
    bot.serve_once_at(t0);
    let plies = [
        (ALICE, "white", "1. f3"),
        (BOB, "black", "1... e5"),
        (ALICE, "white", "2. g4"),
        (BOB, "black", "2... Qh4#"),
    ];
    let mut times = Vec::new();
    for (k, (from, side, text)) in plies.into_iter().enumerate() {
        let at = t0
            + TimeDelta::hours(5 * (k as i64 + 1))
            + TimeDelta::seconds(if k == 2 { 17 } else { 0 });
        let m = mail(
            from,
            &format!("bot+1.{}@example.test", bot.token(1, side)),
            "Re: [zaochka #1] chess",
            &format!("move-{k}@example.test"),
            text,
        );
        // The mail arrives at `at` (its receipt time) and is read a minute later.
        bot.deliver_at(k + 1, &m, u64::try_from(at.timestamp()).unwrap());
        bot.serve_once_at(at + TimeDelta::minutes(1));
        assert_eq!(bot.plies(1), k as i64 + 1, "{text} not applied");
        times.push(at);
    }
    (bot, times)
}

#[test]
fn a_game_exported_with_move_times_is_imported_with_the_same_times_ply_by_ply() {
    let (bot, _) = fools_mate_by_mail();
    let played = receipt_times(&bot.db(), 1);
    assert_eq!(played.len(), 4);
    let pgn = bot.ok(&["export", "1", "--format", "pgn"]);
    // Each comment also carries the ply's signed receipt (`[%zrc …]`,
    // records::receipts), which an imported game has not: read without them.
    let one_line = without_receipts(&pgn);
    // One comment after each move, in ICCF's form (seconds only when not zero).
    assert!(
        one_line.contains(
            "1. f3 {[%ccsnt 2026.11.30,13:00]} e5 {[%ccsnt 2026.11.30,18:00]} \
             2. g4 {[%ccsnt 2026.11.30,23:00:17]} Qh4# {[%ccsnt 2026.12.01,04:00]} 0-1"
        ),
        "{pgn}"
    );
    let z = Zaochka::new();
    let file = z.dir.path().join("played.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let out = z.ok(&["import", file.to_str().unwrap()]);
    assert!(
        out.contains("note: move times (%ccsnt) on 4 of 4 plies")
            && out.contains("1 game imported"),
        "{out}"
    );
    let imported = receipt_times(&rusqlite::Connection::open(&z.db).unwrap(), 1);
    assert_eq!(imported, played);
    // And out again: the same record, comment for comment.
    let again = z.ok(&["export", "1", "--format", "pgn"]);
    let movetext = |t: &str| t.split("\n\n").nth(1).unwrap_or_default().to_string();
    assert_eq!(
        without_receipts(&movetext(&again)),
        without_receipts(&movetext(&pgn)),
        "{again}"
    );
}

/// A record without its `[%zrc …]` receipts, on one line (white space
/// collapsed).
fn without_receipts(text: &str) -> String {
    let mut pieces = text.split(" [%zrc ");
    let mut out = pieces.next().unwrap_or_default().to_string();
    for piece in pieces {
        out.push_str(piece.split_once(']').map_or(piece, |(_, rest)| rest));
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn check_reports_move_times_and_names_a_malformed_one_without_refusing_the_game() {
    let z = Zaochka::new();
    let file = z.dir.path().join("timed.pgn");
    std::fs::write(
        &file,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
         1. f3 {[%ccsnt 2019.04.02,21:27]} e5 {[%ccsnt 2019.04.04,07:43]}\n\
         2. g4 {good try [%ccsnt 2019.04.31,07:59]} Qh4# {[%ccsnt 2019.04.05,08:38:12]} 0-1\n\n",
    )
    .unwrap();
    let out = z.ok(&["check", file.to_str().unwrap()]);
    assert!(out.contains("OK, 4 plies (0-1)"), "{out}");
    assert!(
        out.contains("note: ply 3 `g4`: %ccsnt `2019.04.31,07:59` is not a time of the form YYYY.MM.DD,HH:MM; ignored"),
        "{out}"
    );
    assert!(
        out.contains(
            "note: move times (%ccsnt) on 3 of 4 plies, 2019.04.02,21:27 to 2019.04.05,08:38 UTC"
        ),
        "{out}"
    );
    // Imported, the ply with no readable time gets the import's time and is
    // exported with no comment; the others keep theirs.
    let imported = z.ok(&["import", file.to_str().unwrap()]);
    assert!(imported.contains("1 game imported"), "{imported}");
    let pgn = z.ok(&["export", "1", "--format", "pgn"]).replace('\n', " ");
    assert!(
        pgn.contains(
            "1. f3 {[%ccsnt 2019.04.02,21:27]} e5 {[%ccsnt 2019.04.04,07:43]} 2. g4 Qh4# {[%ccsnt 2019.04.05,08:38:12]} 0-1"
        ),
        "{pgn}"
    );
}

/// A Python with python-chess: `ZAOCHKA_PYTHON` (`.ci/run` makes a venv with
/// it before the tests), else the system's `python3` if it has the module;
/// `None` otherwise. No test installs anything: that would reach the network.
fn python_with_chess() -> Option<std::path::PathBuf> {
    let works = |python: &std::path::Path| {
        Command::new(python)
            .args(["-c", "import chess.pgn"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    std::env::var_os("ZAOCHKA_PYTHON")
        .map(std::path::PathBuf::from)
        .into_iter()
        .chain([std::path::PathBuf::from("python3")])
        .find(|python| works(python))
}

#[test]
fn python_chess_reads_the_move_times_of_an_exported_game() {
    let (bot, times) = fools_mate_by_mail();
    let pgn = bot.ok(&["export", "1", "--format", "pgn"]);
    let file = bot.dir.path().join("played.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let Some(python) = python_with_chess() else {
        eprintln!(
            "SKIPPED: no Python with python-chess: set ZAOCHKA_PYTHON to one (.ci/run makes \
             one: python3 -m venv DIR && DIR/bin/pip install chess)"
        );
        return;
    };
    // Each comment holds the move's time and its receipt (`[%zrc …]`): the
    // script prints the time command as python-chess read it and whether a
    // receipt stands beside it.
    let script = "import re, sys, chess.pgn\n\
        g = chess.pgn.read_game(open(sys.argv[1]))\n\
        assert not g.errors, g.errors\n\
        for n in g.mainline():\n\
        \x20   t = re.search(r'\\[%ccsnt [^]]*\\]', n.comment)\n\
        \x20   print(n.san(), t.group(0) if t else n.comment, '[%zrc ' in n.comment)\n\
        print(g.end().board().is_checkmate())\n";
    let out = Command::new(&python)
        .args(["-c", script])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected: Vec<String> = ["f3", "e5", "g4", "Qh4#"]
        .iter()
        .zip(&times)
        .map(|(san, t)| format!("{san} {} True", zaochka::notation::pdn::ccsnt_comment(*t)))
        .chain(["True".to_string()])
        .collect();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .collect::<Vec<_>>(),
        expected
    );
}
