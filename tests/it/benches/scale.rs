//! Benchmark (run by hand, not in the suite): the cost of a mail with 100,000
//! active games in the database against the same with 100 games.
//!
//! The games are made through the library (`store::games::create`, in big
//! transactions), each player in 10 of them (20,000 players for 100,000
//! games), a third of the games with 20 plies, so the tables have a club's
//! sizes; then 100 first-move mails, each in its own game,
//! go through `zaochka serve --once` on a Maildir inbox with the files outbox.
//! Prints the wall time and CPU time per mail (median of three runs, each
//! on a fresh copy of the database, alternating between the two databases), their ratio between the two
//! databases (target: within 1.2x), and the daemon's peak RSS (`ru_maxrss` of
//! the child, reaped with `wait4`; target: at most 50 MB):
//!
//!     cargo test --test it benches::scale:: -- --ignored --nocapture

use crate::common;

use std::time::Instant;

use chrono::Utc;
use common::daemon::{Bot, Mailing, mail};
use zaochka::rules::Variant;
use zaochka::store::games::{self, NewGame};
use zaochka::store::moves::{self, NewMove};
use zaochka::store::players::{self, Language, NewPlayer, Role};
use zaochka::store::{Store, StoreError};
use zaochka::vocabulary::{Color, GameId};

/// Mails per run, each a first move in its own game (games 1..=MAILS).
const MAILS: usize = 100;
/// Active games per registered player (either side), as in a busy club: the
/// same in both databases, so that only the size of the tables differs.
const GAMES_PER_PLAYER: usize = 10;
/// Runs per database, each on a fresh copy of it; the median is printed
/// (the machine is shared: one run's wall time can be twice another's).
const ROUNDS: usize = 3;
/// Games per transaction while filling the database.
const BATCH: usize = 10_000;

/// A Russian opening, to give filler games a score.
const PLIES: [&str; 20] = [
    "c3-d4", "f6-g5", "b2-c3", "g7-f6", "a1-b2", "h8-g7", "c3-b4", "b6-a5", "d4-c5", "d6:b4",
    "a3:c5", "g5-h4", "g3-f4", "f6-g5", "e3-d4", "e7-f6", "d2-e3", "c7-d6", "c5:e7", "f8:d6",
];

/// A database with `n` active games, each player in [`GAMES_PER_PLAYER`];
/// every third game after the first [`MAILS`] has 20 plies.
fn club(n: usize) -> Bot {
    let bot = Bot::new(Mailing::Local);
    let mut store = Store::open(bot.path().join("zaochka.db")).unwrap();
    let now = Utc::now();
    let ids = store
        .transaction(|tx| -> Result<Vec<_>, StoreError> {
            (0..(2 * n / GAMES_PER_PLAYER).max(20))
                .map(|k| {
                    let new = NewPlayer {
                        name: format!("Player {k}"),
                        email: format!("p{k}@example.test"),
                        language: if k % 2 == 0 {
                            Language::En
                        } else {
                            Language::Ru
                        },
                        time_zone: "UTC".into(),
                        role: Role::Player,
                        created_at: now,
                    };
                    Ok(players::add(tx, &new)?.id)
                })
                .collect()
        })
        .unwrap();
    let mut made = 0;
    while made < n {
        let end = (made + BATCH).min(n);
        store
            .transaction(|tx| -> Result<(), StoreError> {
                for g in made..end {
                    // Black is 1 to 5 players on from White: never the same.
                    let p = ids.len();
                    let (w, b) = (ids[g % p], ids[(g + 1 + g / p) % p]);
                    let game = games::create(tx, &NewGame::new(Variant::Russian, w, b, now))?;
                    if g >= MAILS && g % 3 == 0 {
                        filler_score(tx, game.id, now)?;
                    }
                }
                Ok(())
            })
            .unwrap();
        made = end;
    }
    bot
}

fn filler_score(
    tx: &zaochka::store::Tx<'_>,
    game: GameId,
    now: chrono::DateTime<Utc>,
) -> Result<(), StoreError> {
    for (k, notation) in PLIES.iter().enumerate() {
        moves::append(
            tx,
            &NewMove {
                game_id: game,
                ply: k as u32 + 1,
                side: if k % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                notation: (*notation).into(),
                written: (*notation).into(),
                source_message: None,
                received_at: now,
                position_hash: k as i64,
            },
        )?;
    }
    Ok(())
}

/// What one `serve --once` over [`MAILS`] first moves cost.
struct Figures {
    wall_ms_per_mail: f64,
    cpu_ms_per_mail: f64,
    peak_rss_kib: i64,
}

/// Delivers the first moves and serves them in one `serve --once`.
fn serve_first_moves(bot: &Bot) -> Figures {
    let db = bot.db();
    for g in 1..=MAILS as i64 {
        let (email, token): (String, String) = db
            .query_row(
                "SELECT p.email, g.white_token FROM games g JOIN players p ON p.id = g.white_id
                 WHERE g.id = ?1",
                [g],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        bot.deliver_at(
            g as usize,
            &mail(
                &email,
                &format!("bot+{g}.{token}@example.test"),
                &format!("Re: [zaochka #{g}]"),
                &format!("scale{g}@example.test"),
                "1. c3-d4",
            ),
            now,
        );
    }
    let start = Instant::now();
    let usage = bot.serve_once_usage();
    let wall = start.elapsed();
    let applied: i64 = db
        .query_row(
            "SELECT count(*) FROM moves WHERE game_id <= ?1",
            [MAILS as i64],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(applied, MAILS as i64, "every first move applied");
    let cpu = |t: libc::timeval| t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0;
    Figures {
        wall_ms_per_mail: wall.as_secs_f64() * 1000.0 / MAILS as f64,
        cpu_ms_per_mail: (cpu(usage.ru_utime) + cpu(usage.ru_stime)) / MAILS as f64,
        peak_rss_kib: usage.ru_maxrss,
    }
}

/// One run of [`serve_first_moves`] on the database as filled (kept in
/// `fresh.db`, copied there by the first call) with an empty inbox and outbox.
fn fresh_run(bot: &Bot) -> Figures {
    let db = bot.path().join("zaochka.db");
    let fresh = bot.path().join("fresh.db");
    if !fresh.exists() {
        std::fs::copy(&db, &fresh).unwrap();
    }
    std::fs::copy(&fresh, &db).unwrap();
    for dir in ["mail/outbox", "mail/inbox/cur"] {
        let _ = std::fs::remove_dir_all(bot.path().join(dir));
    }
    std::fs::create_dir_all(bot.path().join("mail/inbox/cur")).unwrap();
    serve_first_moves(bot)
}

/// The median wall and CPU time of `runs`, and the largest peak RSS.
fn median(runs: &[Figures]) -> Figures {
    let mid = |f: fn(&Figures) -> f64| {
        let mut v: Vec<f64> = runs.iter().map(f).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    Figures {
        wall_ms_per_mail: mid(|f| f.wall_ms_per_mail),
        cpu_ms_per_mail: mid(|f| f.cpu_ms_per_mail),
        peak_rss_kib: runs.iter().map(|f| f.peak_rss_kib).max().unwrap_or(0),
    }
}

#[test]
#[ignore = "a benchmark: fills a database with 100,000 games (about a minute)"]
fn a_mail_costs_the_same_with_100_000_games_as_with_100() {
    let clubs: Vec<(usize, Bot, f64, i64)> = [100, 100_000]
        .into_iter()
        .map(|n| {
            let start = Instant::now();
            let bot = club(n);
            let fill = start.elapsed().as_secs_f64();
            let moves: i64 = bot
                .db()
                .query_row("SELECT count(*) FROM moves", [], |r| r.get(0))
                .unwrap();
            (n, bot, fill, moves)
        })
        .collect();
    // Runs alternate between the two databases, so that the load of the
    // shared machine weighs on both alike.
    let mut runs: Vec<Vec<Figures>> = clubs.iter().map(|_| Vec::new()).collect();
    for _ in 0..ROUNDS {
        for (k, (_, bot, _, _)) in clubs.iter().enumerate() {
            runs[k].push(fresh_run(bot));
        }
    }
    let rows: Vec<Figures> = runs.iter().map(|r| median(r)).collect();
    for ((n, _, fill, moves), f) in clubs.iter().zip(&rows) {
        println!(
            "{n:>7} games ({moves} plies, filled in {fill:.1} s): {MAILS} first-move mails, \
             {:.1} ms wall and {:.1} ms CPU per mail, peak RSS {:.1} MB",
            f.wall_ms_per_mail,
            f.cpu_ms_per_mail,
            f.peak_rss_kib as f64 / 1024.0
        );
    }
    println!(
        "ratio 100,000 / 100 games: {:.2}x wall, {:.2}x CPU (target <= 1.2x); \
         peak RSS at 100,000 games {:.1} MB (target <= 50 MB)",
        rows[1].wall_ms_per_mail / rows[0].wall_ms_per_mail,
        rows[1].cpu_ms_per_mail / rows[0].cpu_ms_per_mail,
        rows[1].peak_rss_kib as f64 / 1024.0
    );
}

/// A PDN file of `n` legal Russian games of six plies, each between two
/// players of its own (`Игрок 2k` and `Игрок 2k+1`, a Cyrillic name like a
/// real archive's).
fn record_file(path: &std::path::Path, n: usize) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let score = "1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 h8-g7 ";
    for k in 0..n {
        writeln!(
            out,
            "[Event \"Архив\"]\n[GameType \"25\"]\n[Date \"2001.01.01\"]\n[White \"Игрок {}\"]\n[Black \"Игрок {}\"]\n[Result \"1-0\"]\n\n{score}1-0\n",
            2 * k,
            2 * k + 1
        )
        .unwrap();
    }
    out.flush().unwrap();
}

/// Runs `zaochka ARGS` to its end: the wall time and the child's rusage
/// (`ru_maxrss`: its peak resident set, KiB), stdout to `out`. The child is
/// reaped by `wait4` (to have its rusage), which clippy does not see.
#[allow(clippy::zombie_processes)]
fn run_measured(
    dir: &std::path::Path,
    args: &[&str],
    out: &std::path::Path,
) -> (f64, libc::rusage, i32) {
    let start = Instant::now();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .arg("--db")
        .arg(dir.join("zaochka.db"))
        .args(args)
        .env("ZAOCHKA_NOW", "2026-11-29T12:00:00Z")
        .stdout(std::fs::File::create(out).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain data that wait4 fills in; `pid` is our child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
    assert_eq!(reaped, pid, "wait4 failed");
    assert!(libc::WIFEXITED(status), "zaochka {args:?} died ({status})");
    (
        start.elapsed().as_secs_f64(),
        usage,
        libc::WEXITSTATUS(status),
    )
}

/// `zaochka import` of 100,000 generated games, every one between two players
/// of its own (200,000 archive players): linear in games and players
/// (target: under 60 s).
///
///     cargo test --release --test it benches::scale::import_of -- --ignored --nocapture
#[test]
#[ignore = "a benchmark: imports 100,000 games (about a minute)"]
fn import_of_100_000_games_with_distinct_players_takes_under_a_minute() {
    const GAMES: usize = 100_000;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("archive.pdn");
    record_file(&file, GAMES);
    let (wall, usage, code) = run_measured(
        dir.path(),
        &["import", file.to_str().unwrap()],
        &dir.path().join("import.out"),
    );
    let said = std::fs::read_to_string(dir.path().join("import.out")).unwrap();
    assert_eq!(code, 0, "{}", &said[said.len().saturating_sub(2000)..]);
    assert!(
        said.contains(&format!("{GAMES} games imported")),
        "{}",
        &said[said.len().saturating_sub(500)..]
    );
    let db = rusqlite::Connection::open(dir.path().join("zaochka.db")).unwrap();
    let players: i64 = db
        .query_row("SELECT count(*) FROM players", [], |r| r.get(0))
        .unwrap();
    assert_eq!(players, 2 * GAMES as i64, "a player for each name");
    println!(
        "import of {GAMES} games, {players} distinct players: {wall:.1} s wall, peak RSS {} MiB",
        usage.ru_maxrss / 1024
    );
    assert!(wall < 60.0, "{wall:.1} s");
}

/// `zaochka check` of 10^6 generated games streams them: its peak resident
/// set stays under 64 MiB (the file is about 200 MB).
///
///     cargo test --release --test it benches::scale::check_of -- --ignored --nocapture
#[test]
#[ignore = "a benchmark: checks 10^6 games (a few minutes)"]
fn check_of_a_million_games_holds_under_64_mib() {
    const GAMES: usize = 1_000_000;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("million.pdn");
    record_file(&file, GAMES);
    let size = std::fs::metadata(&file).unwrap().len();
    let (wall, usage, code) = run_measured(
        dir.path(),
        &["check", "-q", file.to_str().unwrap()],
        &dir.path().join("check.out"),
    );
    let said = std::fs::read_to_string(dir.path().join("check.out")).unwrap();
    assert_eq!(code, 0, "{}", &said[..said.len().min(2000)]);
    assert!(said.contains("1000000 games: 1000000 legal"), "{said}");
    let mib = usage.ru_maxrss as f64 / 1024.0;
    println!(
        "check of {GAMES} games ({} MB): {wall:.1} s wall, peak RSS {mib:.1} MiB",
        size / 1_000_000
    );
    assert!(mib < 64.0, "{mib:.1} MiB");
}

/// What `PRAGMA quick_check` costs a command that opens the database: the
/// median of five checks of a database of 100,000 games (the same club as
/// above) and of 100 games, with the file sizes. Commands check files up to
/// `store::QUICK_CHECK_MAX_BYTES` before they open them.
#[test]
#[ignore = "a benchmark: fills a database with 100,000 games (about a minute)"]
fn quick_check_of_100_000_games_is_timed_for_the_commands() {
    for n in [100, 100_000] {
        let bot = club(n);
        let path = bot.path().join("zaochka.db");
        let mut times: Vec<std::time::Duration> = (0..5)
            .map(|_| {
                let start = Instant::now();
                let problems = zaochka::store::check_file(&path, false).unwrap();
                assert!(problems.is_empty(), "{problems:?}");
                start.elapsed()
            })
            .collect();
        times.sort();
        let bytes = std::fs::metadata(&path).unwrap().len();
        eprintln!(
            "quick_check of {n} games ({bytes} bytes): median {:?} (min {:?}, max {:?})",
            times[2], times[0], times[4]
        );
    }
}
