//! A daemon set-up in a temporary directory: configuration file, database, Maildir
//! inbox and file outbox (or the real loopback mail stack), and helpers to write
//! players' mails and read the bot's replies.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A temporary installation of zaochka.
pub struct Bot {
    pub dir: tempfile::TempDir,
    pub config: PathBuf,
    /// The file mode mask of every `zaochka` the bot runs (octal); `None`:
    /// the test process's own (see [`super::cli::Zaochka::umask`]).
    pub umask: Option<libc::mode_t>,
}

/// Where the bot's mail goes.
pub enum Mailing {
    /// Maildir inbox `mail/inbox`, `.eml` files in `mail/outbox`.
    Local,
    /// IMAP 127.0.0.1:1143 (bot/botpw, with IDLE) and SMTP 127.0.0.1:2525 (scripts/mailstack.sh).
    Loopback,
    /// As `Loopback`, as the stack's own user `name` (password `name` + `pw`,
    /// bot address `name@example.test`), so that a test reads no one else's mail.
    LoopbackAs(&'static str),
}

impl Bot {
    pub fn new(mailing: Mailing) -> Bot {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("zaochka.toml");
        let d = dir.path().display();
        let local = match mailing {
            Mailing::LoopbackAs(name) => name,
            _ => "bot",
        };
        let (inbox, outbox, domain) = match mailing {
            Mailing::Local => (
                format!("[inbox]\nkind = \"maildir\"\npath = \"{d}/mail/inbox\"\n"),
                format!("[outbox]\nkind = \"files\"\npath = \"{d}/mail/outbox\"\n"),
                "example.test",
            ),
            Mailing::Loopback => (
                "[inbox]\nkind = \"imap\"\nhost = \"127.0.0.1\"\nport = 1143\nsecurity = \"plain\"\nuser = \"bot\"\npassword-env = \"ZAOCHKA_TEST_IMAP_PASSWORD\"\nidle = true\n".to_string(),
                "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = 2525\nsecurity = \"plain\"\n".to_string(),
                "example.test",
            ),
            Mailing::LoopbackAs(name) => (
                format!("[inbox]\nkind = \"imap\"\nhost = \"127.0.0.1\"\nport = 1143\nsecurity = \"plain\"\nuser = \"{name}\"\npassword-command = \"echo {name}pw\"\nidle = true\n"),
                "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = 2525\nsecurity = \"plain\"\n".to_string(),
                "example.test",
            ),
        };
        std::fs::write(
            &config,
            format!(
                "database = \"{d}/zaochka.db\"\npoll-seconds = 1\n[address]\nlocal = \"{local}\"\ndomain = \"{domain}\"\nname = \"zaochka\"\n[clock]\nmax-step-hours = 0\n{inbox}{outbox}\
                 [authentication]\ndns-records-file = \"{d}/dns-records.txt\"\n"
            ),
        )
        .unwrap();
        // The tests move the daemon's clock by days between runs
        // (`serve_once_at`) to stand for a daemon that ran all along: the
        // step guard is off for them (0), and on in tests/it/clocks/steps.rs
        // ([`Bot::clock_max_step_hours`]).
        // No network in tests: the mail checks (DKIM, SPF, DMARC) ask only
        // this table, empty unless a test writes records into it; the
        // [authentication] table stays last so that a test may append keys.
        std::fs::write(dir.path().join("dns-records.txt"), "").unwrap();
        std::fs::create_dir_all(dir.path().join("mail/inbox/new")).unwrap();
        std::fs::create_dir_all(dir.path().join("mail/inbox/cur")).unwrap();
        std::fs::create_dir_all(dir.path().join("mail/inbox/tmp")).unwrap();
        Bot {
            dir,
            config,
            umask: None,
        }
    }

    /// The same bot, its every `zaochka` run with the file mode mask `mask`.
    pub fn with_umask(self, mask: libc::mode_t) -> Bot {
        Bot {
            umask: Some(mask),
            ..self
        }
    }

    /// Sets `[clock] max-step-hours` (0 in a new bot: no step guard).
    pub fn clock_max_step_hours(&self, hours: u64) {
        let text = std::fs::read_to_string(&self.config).unwrap();
        let text = text.replace(
            "[clock]\nmax-step-hours = 0\n",
            &format!("[clock]\nmax-step-hours = {hours}\n"),
        );
        std::fs::write(&self.config, text).unwrap();
    }

    /// Appends `line` to the `[authentication]` table (the last of the file).
    pub fn authentication(&self, line: &str) {
        let mut text = std::fs::read_to_string(&self.config).unwrap();
        text.push_str(line);
        text.push('\n');
        std::fs::write(&self.config, text).unwrap();
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn command(&self) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_zaochka"));
        c.arg("--config")
            .arg(&self.config)
            .env("ZAOCHKA_TEST_IMAP_PASSWORD", "botpw")
            .env("RUST_LOG", "warn");
        if let Some(mask) = self.umask {
            super::cli::set_child_umask(&mut c, mask);
        }
        c
    }

    /// A `zaochka serve` running in the background, its output discarded.
    pub fn spawn_serve(&self) -> std::process::Child {
        self.command()
            .arg("serve")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.command().args(args).output().unwrap()
    }

    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "zaochka {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// One daemon cycle.
    pub fn serve_once(&self) {
        self.ok(&["serve", "--once"]);
    }

    /// Runs `serve --once` on a daemon clock started at `at` (`ZAOCHKA_NOW`):
    /// the replies of games entered at `at` go out then, as a daemon running
    /// at that time would have sent them (a move notice sent later stops the
    /// player's clock for its wait at the bot).
    pub fn serve_once_at(&self, at: chrono::DateTime<chrono::Utc>) {
        self.ok_at(at, &["serve", "--once"]);
    }

    pub fn db(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(self.dir.path().join("zaochka.db")).unwrap()
    }

    /// The player's secret token in a game (`white` or `black`).
    pub fn token(&self, game: i64, side: &str) -> String {
        self.db()
            .query_row(
                &format!("SELECT {side}_token FROM games WHERE id = ?1"),
                [game],
                |r| r.get(0),
            )
            .unwrap()
    }

    pub fn plies(&self, game: i64) -> i64 {
        self.db()
            .query_row(
                "SELECT count(*) FROM moves WHERE game_id = ?1",
                [game],
                |r| r.get(0),
            )
            .unwrap()
    }

    pub fn result(&self, game: i64) -> Option<String> {
        self.db()
            .query_row("SELECT result FROM games WHERE id = ?1", [game], |r| {
                r.get(0)
            })
            .unwrap()
    }

    pub fn outbox_count(&self) -> i64 {
        self.db()
            .query_row("SELECT count(*) FROM outbox", [], |r| r.get(0))
            .unwrap()
    }

    pub fn outbox_to(&self, address: &str) -> Vec<String> {
        let db = self.db();
        let mut st = db
            .prepare("SELECT body_text FROM outbox WHERE to_address = ?1 ORDER BY id")
            .unwrap();
        st.query_map([address], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    /// Drops a mail into the Maildir inbox (file name sorts by `seq`), arrived
    /// a day ago (plus `seq` seconds).
    pub fn deliver(&self, seq: usize, mail: &str) {
        let base = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            - 86_400;
        self.deliver_at(seq, mail, base + seq as u64);
    }

    /// Drops a mail into the Maildir inbox that arrived at `unix_seconds` (the
    /// file's modification time; the file name sorts by it and `seq`).
    pub fn deliver_at(&self, seq: usize, mail: &str, unix_seconds: u64) {
        let name = format!("{unix_seconds:010}.M{seq}P1.test");
        let tmp = self.dir.path().join("mail/inbox/tmp").join(&name);
        std::fs::write(&tmp, mail.replace('\n', "\r\n")).unwrap();
        let t = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(unix_seconds);
        std::fs::File::options()
            .write(true)
            .open(&tmp)
            .unwrap()
            .set_modified(t)
            .unwrap();
        std::fs::rename(&tmp, self.dir.path().join("mail/inbox/new").join(&name)).unwrap();
    }

    /// The `.eml` files written to the file outbox.
    pub fn outbox_files(&self) -> Vec<String> {
        let dir = self.dir.path().join("mail/outbox");
        let Ok(rd) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        rd.filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
            .map(|e| std::fs::read_to_string(e.path()).unwrap())
            .collect()
    }
}

/// A plain-text player's mail.
pub fn mail(from: &str, to: &str, subject: &str, message_id: &str, body: &str) -> String {
    format!(
        "From: {from}\nTo: {to}\nSubject: {subject}\nMessage-ID: <{message_id}>\nDate: Sun, 29 Nov 2026 12:00:00 +0000\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n{body}\n"
    )
}

/// Registers alice (white, en), bob (black, ru) and a referee, and starts game #1.
pub fn two_players(bot: &Bot, variant: &str) {
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Alice",
        "--email",
        "alice@example.test",
        "--lang",
        "en",
    ]);
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Боб",
        "--email",
        "bob@example.test",
        "--lang",
        "ru",
    ]);
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Referee",
        "--email",
        "referee@example.test",
        "--role",
        "referee",
        "--lang",
        "en",
    ]);
    bot.new_game(GameNew::alice_bob().variant(variant));
}

/// Alice's address (of [`two_players`]).
pub const ALICE: &str = "alice@example.test";
/// Bob's address (of [`two_players`]).
pub const BOB: &str = "bob@example.test";

/// The CLI arguments of `game new`: `variant`, `white` against `black`
/// (addresses), with `--time-control`, `--fen` and `--opening` when set.
#[derive(Clone, Copy, Debug)]
pub struct GameNew<'a> {
    pub variant: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    /// `--time-control`, e.g. `3d/move`.
    pub control: Option<&'a str>,
    /// `--fen`: the starting position.
    pub fen: Option<&'a str>,
    /// `--opening`: moves played from the starting position, e.g. `1. cd4 ba5`.
    pub opening: Option<&'a str>,
}

impl<'a> GameNew<'a> {
    /// Russian checkers, `white` against `black`, untimed, from the initial position.
    pub fn russian(white: &'a str, black: &'a str) -> Self {
        GameNew {
            variant: "russian",
            white,
            black,
            control: None,
            fen: None,
            opening: None,
        }
    }

    /// Russian checkers, Alice White against Bob Black (of [`two_players`]), untimed.
    pub fn alice_bob() -> Self {
        Self::russian(ALICE, BOB)
    }

    /// The same game of `variant` (`russian`, `chess`, `international`, ...).
    pub fn variant(self, variant: &'a str) -> Self {
        GameNew { variant, ..self }
    }

    /// The same game under the time control `control`.
    pub fn control(self, control: &'a str) -> Self {
        GameNew {
            control: Some(control),
            ..self
        }
    }

    /// The same game from `fen` (the initial position if `None`).
    pub fn fen(self, fen: Option<&'a str>) -> Self {
        GameNew { fen, ..self }
    }

    /// The same game after the moves `opening`.
    pub fn opening(self, opening: &'a str) -> Self {
        GameNew {
            opening: Some(opening),
            ..self
        }
    }

    /// `game new --variant V --white W --black B [--time-control C] [--fen F]
    /// [--opening O]`.
    pub fn args(&self) -> Vec<&'a str> {
        let mut args = vec![
            "game",
            "new",
            "--variant",
            self.variant,
            "--white",
            self.white,
            "--black",
            self.black,
        ];
        for (flag, value) in [
            ("--time-control", self.control),
            ("--fen", self.fen),
            ("--opening", self.opening),
        ] {
            if let Some(v) = value {
                args.extend_from_slice(&[flag, v]);
            }
        }
        args
    }
}

impl Bot {
    /// Outbox rows not yet sent.
    pub fn pending_outbox(&self) -> i64 {
        self.db()
            .query_row(
                "SELECT count(*) FROM outbox WHERE status = 'pending'",
                [],
                |r| r.get(0),
            )
            .unwrap()
    }
}

impl Bot {
    /// Starts `n` more Russian games of alice (White) against bob (Black).
    pub fn more_games(&self, n: usize) {
        for _ in 0..n {
            self.new_game(GameNew::alice_bob());
        }
    }

    /// `game new` of `game` (the CLI must accept it); returns stdout.
    pub fn new_game(&self, game: GameNew<'_>) -> String {
        self.ok(&game.args())
    }

    /// `game new` of `game` at `at` (`ZAOCHKA_NOW`); returns stdout.
    pub fn new_game_at(&self, at: chrono::DateTime<chrono::Utc>, game: GameNew<'_>) -> String {
        self.ok_at(at, &game.args())
    }

    /// Creates `n` Russian games of the registered players `white` against
    /// `black` (addresses) through the library in one transaction (as many
    /// CLI runs would measure process start-up, not the daemon).
    pub fn russian_games_in_one_transaction(&self, white: &str, black: &str, n: usize) {
        use zaochka::rules::Variant;
        use zaochka::store::{StoreError, games, players};
        let mut store = zaochka::store::Store::open(self.path().join("zaochka.db")).unwrap();
        store
            .transaction(|tx| -> Result<(), StoreError> {
                let w = players::find_by_email(tx, white)?.unwrap();
                let b = players::find_by_email(tx, black)?.unwrap();
                for _ in 0..n {
                    games::create(
                        tx,
                        &games::NewGame::new(Variant::Russian, w.id, b.id, chrono::Utc::now()),
                    )?;
                }
                Ok(())
            })
            .unwrap();
    }

    /// A registered player's personal address (`bot+p<id>.<token>@...`).
    pub fn personal_address(&self, email: &str) -> String {
        let (id, token): (i64, String) = self
            .db()
            .query_row(
                "SELECT id, reply_token FROM players WHERE email = ?1",
                [email],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        format!("bot+p{id}.{token}@example.test")
    }

    /// The outcome of every recorded mail, oldest first.
    pub fn outcomes(&self) -> Vec<String> {
        let db = self.db();
        let mut st = db
            .prepare("SELECT outcome FROM processed_messages ORDER BY id")
            .unwrap();
        st.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    /// How many entries wait in the Maildir inbox's `new/`.
    pub fn waiting(&self) -> usize {
        std::fs::read_dir(self.dir.path().join("mail/inbox/new"))
            .unwrap()
            .count()
    }
}

impl Bot {
    /// Runs `zaochka ARGS` at the instant `at` (`ZAOCHKA_NOW`) and returns stdout.
    pub fn ok_at(&self, at: chrono::DateTime<chrono::Utc>, args: &[&str]) -> String {
        let out = self
            .command()
            .env("ZAOCHKA_NOW", at.to_rfc3339())
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "zaochka {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// One side's clock in `game show --json` at `at`: (used, left) seconds.
    pub fn clock_at(&self, game: i64, side: &str, at: chrono::DateTime<chrono::Utc>) -> (i64, i64) {
        let v: serde_json::Value =
            serde_json::from_str(&self.ok_at(at, &["game", "show", &game.to_string(), "--json"]))
                .unwrap();
        let c = v["clocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["side"] == side)
            .unwrap_or_else(|| panic!("no {side} clock: {v:#}"))
            .clone();
        (
            c["used_seconds"].as_i64().unwrap(),
            c["left_seconds"].as_i64().unwrap(),
        )
    }

    /// The outbox row (id, Message-ID) of the move notice to `email` in `game`
    /// (the latest).
    pub fn notice_row(&self, game: i64, email: &str) -> (i64, String) {
        self.db()
            .query_row(
                "SELECT o.id, o.message_id FROM move_notices n JOIN outbox o ON o.id = n.outbox_id
                 WHERE n.game_id = ?1 AND o.to_address = ?2 ORDER BY o.id DESC LIMIT 1",
                rusqlite::params![game, email],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap()
    }

    /// The bounce pauses of `game`: (starts_at, ended_at, ended_by).
    pub fn pauses(&self, game: i64) -> Vec<(String, Option<String>, Option<String>)> {
        let db = self.db();
        let mut st = db
            .prepare("SELECT starts_at, ended_at, ended_by FROM bounce_pauses WHERE game_id = ?1 ORDER BY id")
            .unwrap();
        st.query_map([game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    /// How many alerts of `kind` were raised.
    pub fn alerts_of(&self, kind: &str) -> i64 {
        self.db()
            .query_row("SELECT count(*) FROM alerts WHERE kind = ?1", [kind], |r| {
                r.get(0)
            })
            .unwrap()
    }
}

impl Bot {
    /// A side's clock in a game: time used (seconds) and whether it runs.
    pub fn used_and_running(&self, game: i64, side: &str) -> (i64, bool) {
        self.db()
            .query_row(
                "SELECT used_seconds, running FROM clocks WHERE game_id = ?1 AND side = ?2",
                rusqlite::params![game, side],
                |r| Ok((r.get(0)?, r.get::<_, i64>(1)? == 1)),
            )
            .unwrap()
    }

    /// How many conditional lines are stored for a game (both sides).
    pub fn conditional_lines(&self, game: i64) -> i64 {
        self.db()
            .query_row(
                "SELECT count(*) FROM conditional_lines WHERE game_id = ?1",
                [game],
                |r| r.get(0),
            )
            .unwrap()
    }
}

impl Bot {
    /// `game new` of Russian checkers, Alice (of [`two_players`]) White and
    /// `black` Black, under `control`, created at `at` (`ZAOCHKA_NOW`; `None`:
    /// the real clock), from `fen` (the initial position if `None`); returns
    /// stdout.
    pub fn russian_game_at(
        &self,
        black: &str,
        control: &str,
        at: Option<chrono::DateTime<chrono::Utc>>,
        fen: Option<&str>,
    ) -> String {
        let game = GameNew::russian(ALICE, black).control(control).fen(fen);
        match at {
            Some(at) => self.new_game_at(at, game),
            None => self.new_game(game),
        }
    }

    /// The `game show --json` of a game.
    pub fn show_json(&self, game: &str) -> serde_json::Value {
        serde_json::from_str(&self.ok(&["game", "show", game, "--json"])).unwrap()
    }

    /// Runs `serve --once` (stderr to `serve.stderr` in the bot's directory),
    /// asserts it succeeded and returns the child's resource usage as `wait4`
    /// reports it: CPU time (`ru_utime`, `ru_stime`) and peak RSS (`ru_maxrss`, KiB).
    // The child is reaped by `wait4` below, not by `Child::wait`.
    #[allow(clippy::zombie_processes)]
    pub fn serve_once_usage(&self) -> libc::rusage {
        let stderr = std::fs::File::create(self.path().join("serve.stderr")).unwrap();
        let child = self
            .command()
            .args(["serve", "--once"])
            // The daemon's own peak memory, logged at the end of the cycle.
            .env("RUST_LOG", "warn,zaochka::memory=info")
            .stdout(std::process::Stdio::null())
            .stderr(stderr)
            .spawn()
            .unwrap();
        let pid = libc::pid_t::try_from(child.id()).unwrap();
        let mut status: libc::c_int = 0;
        // SAFETY: `rusage` is plain data that wait4 fills in; `pid` is our child.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let reaped = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
        assert_eq!(reaped, pid, "wait4 failed");
        let log = std::fs::read_to_string(self.path().join("serve.stderr")).unwrap_or_default();
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
            "serve --once failed ({status}): {log}"
        );
        usage
    }
}
