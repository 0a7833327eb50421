//! Running the `zaochka` binary on a real SQLite file in a temporary directory.
#![allow(dead_code)]

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::Command;

/// A database file and the binary to run against it.
pub struct Zaochka {
    pub dir: tempfile::TempDir,
    pub db: PathBuf,
    /// The file mode mask of every run (octal, as `umask` takes it); `None`:
    /// the test process's own. Set on the child only, never on the test
    /// process, which every test shares.
    pub umask: Option<libc::mode_t>,
}

/// Gives `command`'s child the file mode mask `mask` (octal), leaving the
/// test process's own mask as it is.
pub fn set_child_umask(command: &mut Command, mask: libc::mode_t) {
    // SAFETY: between fork and exec the closure calls only umask, which is
    // async-signal-safe and cannot fail.
    unsafe {
        command.pre_exec(move || {
            libc::umask(mask);
            Ok(())
        });
    }
}

/// What a run printed and how it ended.
pub struct Run {
    pub ok: bool,
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Zaochka {
    pub fn new() -> Zaochka {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("zaochka.db");
        Zaochka {
            dir,
            db,
            umask: None,
        }
    }

    /// A new database whose every run has the file mode mask `mask` (octal).
    pub fn with_umask(mask: libc::mode_t) -> Zaochka {
        Zaochka {
            umask: Some(mask),
            ..Zaochka::new()
        }
    }

    /// Runs `zaochka --db <file> ARGS` at a fixed instant.
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_at("2026-11-29T12:00:00Z", args)
    }

    /// Runs `zaochka --db <file> ARGS` at the instant `now` (RFC 3339).
    pub fn run_at(&self, now: &str, args: &[&str]) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_zaochka"));
        command
            .arg("--db")
            .arg(&self.db)
            .args(args)
            .env("ZAOCHKA_NOW", now);
        if let Some(mask) = self.umask {
            set_child_umask(&mut command, mask);
        }
        let out = command.output().unwrap();
        Run {
            ok: out.status.success(),
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs and asserts success; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let r = self.run(args);
        assert!(r.ok, "zaochka {args:?} failed: {}{}", r.stdout, r.stderr);
        r.stdout
    }

    /// Runs at the instant `now` and asserts success; returns stdout.
    pub fn ok_at(&self, now: &str, args: &[&str]) -> String {
        let r = self.run_at(now, args);
        assert!(
            r.ok,
            "zaochka {args:?} at {now} failed: {}{}",
            r.stdout, r.stderr
        );
        r.stdout
    }

    /// Runs and asserts a refusal (exit code 1); returns stderr.
    pub fn refused(&self, args: &[&str]) -> String {
        let r = self.run(args);
        assert_eq!(
            r.code, 1,
            "zaochka {args:?} should be refused: {}{}",
            r.stdout, r.stderr
        );
        r.stderr
    }

    /// Registers Ivanov (white, ru), Petrov (black, en) and a referee, and starts game #1.
    pub fn seed_players_and_game(&self) {
        self.ok(&[
            "player",
            "add",
            "--name",
            "Иванов",
            "--email",
            "ivanov@example.org",
        ]);
        self.ok(&[
            "player",
            "add",
            "--name",
            "Петров",
            "--email",
            "petrov@example.org",
            "--lang",
            "en",
        ]);
        self.ok(&[
            "player",
            "add",
            "--name",
            "Судья",
            "--email",
            "ref@example.org",
            "--role",
            "referee",
        ]);
        self.ok(&[
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            "ivanov@example.org",
            "--black",
            "petrov@example.org",
        ]);
    }

    /// Starts game #2 between the seeded players (`seed_players_and_game`),
    /// Ivanov White, under `control` (`3d/move`, ...).
    pub fn timed_game(&self, control: &str) {
        self.ok(&[
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            "ivanov@example.org",
            "--black",
            "petrov@example.org",
            "--time-control",
            control,
        ]);
    }

    /// The plain-text bodies of every queued mail, in queue order.
    pub fn outbox_bodies(&self) -> Vec<String> {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut stmt = conn
            .prepare("SELECT body_text FROM outbox ORDER BY id")
            .unwrap();
        stmt.query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    /// The whole database as text, to prove that a refused command changed nothing.
    pub fn dump(&self) -> String {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut out = String::new();
        for table in [
            "players",
            "games",
            "moves",
            "draw_offers",
            "draw_claims",
            "audit_log",
            "clocks",
            "sealed_moves",
            "outbox",
            "tournaments",
            "tournament_players",
            "tournament_games",
            "adjudications",
            "adjudication_claims",
        ] {
            let mut stmt = conn
                .prepare(&format!("SELECT * FROM {table} ORDER BY 1"))
                .unwrap();
            let n = stmt.column_count();
            let rows = stmt
                .query_map([], |row| {
                    let mut s = String::new();
                    for i in 0..n {
                        let v: rusqlite::types::Value = row.get(i)?;
                        s.push_str(&format!("{v:?}|"));
                    }
                    Ok(s)
                })
                .unwrap();
            for r in rows {
                out.push_str(table);
                out.push(':');
                out.push_str(&r.unwrap());
                out.push('\n');
            }
        }
        out
    }
}

/// The seed 001 game in the short form, ply by ply, with the player of each ply.
pub const SEED_001: [(&str, &str); 10] = [
    ("ed4", "ivanov@example.org"),
    ("dc5", "petrov@example.org"),
    ("fe3", "ivanov@example.org"),
    ("fg5", "petrov@example.org"),
    ("cb4", "ivanov@example.org"),
    ("gh4", "petrov@example.org"),
    ("b:d6", "ivanov@example.org"),
    ("h:f2", "petrov@example.org"),
    ("e:g3", "ivanov@example.org"),
    ("c:h4", "petrov@example.org"),
];
