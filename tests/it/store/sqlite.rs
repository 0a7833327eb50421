//! The store on real SQLite files: migrations, the append-only audit log,
//! duplicate messages, ply uniqueness, and two processes writing one file.
//!
//! The two-process test runs this test binary twice more, selecting the
//! ignored test `child_appends_moves` with environment variables.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use rusqlite::Connection;
use zaochka::rules::Variant;
use zaochka::store::audit::{self, AuditFilter, NewAuditEntry};
use zaochka::store::games::{self, NewGame};
use zaochka::store::messages::{self, NewProcessedMessage};
use zaochka::store::moves::{self, NewMove};
use zaochka::store::players::{self, Language, NewPlayer, Role};
use zaochka::store::{SCHEMA_VERSION, Store, StoreError};
use zaochka::vocabulary::{Color, GameId};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 3, 1, 10, 0, 0)
        .single()
        .expect("valid instant")
}

fn player(name: &str, email: &str) -> NewPlayer {
    NewPlayer {
        name: name.to_owned(),
        email: email.to_owned(),
        language: Language::Ru,
        time_zone: "Europe/Moscow".to_owned(),
        role: Role::Player,
        created_at: t0(),
    }
}

/// Opens a fresh store in `dir` with two players and one game.
fn store_with_game(path: &Path) -> (Store, GameId) {
    let mut store = Store::open(path).expect("open");
    let game = store
        .transaction(|tx| {
            let w = players::add(tx, &player("Иван", "ivan@example.org"))?;
            let b = players::add(tx, &player("Анна", "anna@example.net"))?;
            Ok::<_, StoreError>(
                games::create(tx, &NewGame::new(Variant::Russian, w.id, b.id, t0()))?.id,
            )
        })
        .expect("setup");
    (store, game)
}

fn new_move(game: GameId, ply: u32, notation: &str) -> NewMove {
    NewMove {
        game_id: game,
        ply,
        side: if ply % 2 == 1 {
            Color::White
        } else {
            Color::Black
        },
        notation: notation.to_owned(),
        written: notation.to_owned(),
        source_message: None,
        received_at: t0(),
        position_hash: i64::from(ply),
    }
}

fn tables(conn: &Connection) -> Vec<String> {
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .expect("prepare");
    stmt.query_map([], |row| row.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
}

#[test]
fn migrations_apply_on_a_fresh_file_and_are_idempotent_on_reopen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("zaochka.db");
    let store = Store::open(&path).expect("first open");
    assert_eq!(store.schema_version().expect("version"), SCHEMA_VERSION);
    drop(store);

    let conn = Connection::open(&path).expect("raw open");
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("journal mode");
    assert_eq!(mode, "wal");
    let before = tables(&conn);
    for table in [
        "players",
        "games",
        "moves",
        "draw_offers",
        "draw_claims",
        "clocks",
        "sealed_moves",
        "audit_log",
        "processed_messages",
        "outbox",
    ] {
        assert!(before.iter().any(|t| t == table), "missing table {table}");
    }
    drop(conn);

    let (mut store, game) = store_with_game(&path);
    store
        .transaction(|tx| moves::append(tx, &new_move(game, 1, "c3-d4")))
        .expect("append");
    drop(store);

    // Reopening runs no migration again and keeps the data.
    let mut store = Store::open(&path).expect("second open");
    assert_eq!(store.schema_version().expect("version"), SCHEMA_VERSION);
    let score = store.read(|tx| moves::list(tx, game)).expect("list");
    assert_eq!(score.len(), 1);
    let fk: i64 = store
        .read(|tx| {
            Ok::<_, StoreError>(
                tx.sql()
                    .query_row("PRAGMA foreign_keys", [], |r| r.get(0))?,
            )
        })
        .expect("pragma");
    assert_eq!(fk, 1);
    drop(store);
    let conn = Connection::open(&path).expect("raw open");
    assert_eq!(tables(&conn), before);
}

#[test]
fn openers_racing_on_a_fresh_file_all_see_the_full_schema() {
    for round in 0..20 {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("zaochka.db");
        let barrier = std::sync::Barrier::new(3);
        std::thread::scope(|s| {
            let openers: Vec<_> = (0..3)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        Store::open(&path).map(|st| st.schema_version())
                    })
                })
                .collect();
            for opener in openers {
                let version = opener.join().expect("thread");
                assert!(
                    matches!(version, Ok(Ok(v)) if v == SCHEMA_VERSION),
                    "round {round}: {version:?}"
                );
            }
        });
    }
}

#[test]
fn a_file_from_a_newer_program_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("zaochka.db");
    drop(Store::open(&path).expect("open"));
    let conn = Connection::open(&path).expect("raw open");
    conn.pragma_update(None, "user_version", SCHEMA_VERSION as i64 + 1)
        .expect("bump version");
    drop(conn);
    let err = Store::open(&path).expect_err("too new");
    assert!(matches!(err, StoreError::TooNew { .. }), "{err}");
}

#[test]
fn the_audit_log_refuses_update_and_delete() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("zaochka.db");
    let (mut store, game) = store_with_game(&path);
    store
        .transaction(|tx| {
            audit::append(
                tx,
                &NewAuditEntry {
                    at: t0(),
                    actor: None,
                    action: "adjudicate".to_owned(),
                    game_id: Some(game),
                    reason: Some("time-out reported".to_owned()),
                    details: None,
                },
            )
        })
        .expect("append");
    drop(store);

    // Any writer, not only the store's API, is refused.
    let conn = Connection::open(&path).expect("raw open");
    let update = conn.execute("UPDATE audit_log SET reason = 'nothing happened'", []);
    let err = update.expect_err("update refused");
    assert!(err.to_string().contains("append-only"), "{err}");
    let delete = conn.execute("DELETE FROM audit_log", []);
    let err = delete.expect_err("delete refused");
    assert!(err.to_string().contains("append-only"), "{err}");
    let count: i64 = conn
        .query_row("SELECT count(*) FROM audit_log", [], |r| r.get(0))
        .expect("count");
    assert_eq!(count, 1);
    drop(conn);

    let mut store = Store::open(&path).expect("reopen");
    let entries = store
        .read(|tx| audit::list(tx, &AuditFilter::default()))
        .expect("list");
    assert_eq!(entries[0].reason.as_deref(), Some("time-out reported"));
}

#[test]
fn a_duplicate_message_id_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("zaochka.db");
    let (mut store, game) = store_with_game(&path);
    let first = NewProcessedMessage {
        message_id: Some("<CAJ4mQxZ364@mail.gmail.com>".to_owned()),
        inbox_key: "INBOX/1741000000/7".to_owned(),
        game_id: Some(game),
        sender: Some("anna@example.net".to_owned()),
        verified: true,
        outcome: "applied".to_owned(),
        processed_at: t0(),
    };
    assert!(
        store
            .transaction(|tx| messages::record(tx, &first))
            .expect("first")
    );
    // The same mail delivered again into another UID: refused by its Message-ID
    // and verified sender.
    let again = NewProcessedMessage {
        inbox_key: "INBOX/1741000000/8".to_owned(),
        ..first.clone()
    };
    assert!(
        !store
            .transaction(|tx| messages::record(tx, &again))
            .expect("again")
    );
    drop(store);

    // The schema itself refuses it too.
    let conn = Connection::open(&path).expect("raw open");
    let err = conn
        .execute(
            "INSERT INTO processed_messages (message_id, inbox_key, sender, verified, outcome, processed_at)
             VALUES ('CAJ4mQxZ364@mail.gmail.com', 'INBOX/1741000000/9', 'anna@example.net', 1,
                     'applied', '2025-03-01T10:00:00.000Z')",
            [],
        )
        .expect_err("unique message id per verified sender");
    assert!(err.to_string().contains("UNIQUE"), "{err}");
    // A stranger's copy (unverified) is stored: it pre-empts nothing.
    conn.execute(
        "INSERT INTO processed_messages (message_id, inbox_key, sender, verified, outcome, processed_at)
         VALUES ('CAJ4mQxZ364@mail.gmail.com', 'INBOX/1741000000/10', 'anna@example.net', 0,
                 'rejected: no token', '2025-03-01T10:00:00.000Z')",
        [],
    )
    .expect("unverified copy");
}

#[test]
fn a_ply_is_stored_once_per_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("zaochka.db");
    let (mut store, game) = store_with_game(&path);
    store
        .transaction(|tx| moves::append(tx, &new_move(game, 1, "c3-d4")))
        .expect("ply 1");
    let err = store
        .transaction(|tx| moves::append(tx, &new_move(game, 1, "a3-b4")))
        .expect_err("ply 1 again");
    assert!(
        matches!(err, StoreError::DuplicatePly { ply: 1, .. }),
        "{err}"
    );
    drop(store);

    let conn = Connection::open(&path).expect("raw open");
    let err = conn
        .execute(
            "INSERT INTO moves (game_id, ply, side, notation, written, received_at, position_hash)
             VALUES (?1, 1, 'white', 'a3-b4', 'a3-b4', '2025-03-01T10:00:00.000Z', 0)",
            [game.0],
        )
        .expect_err("primary key");
    assert!(err.to_string().contains("out of sequence") || err.to_string().contains("UNIQUE"));
}

const CHILD_DB: &str = "ZAOCHKA_TEST_CHILD_DB";
const CHILD_GAME: &str = "ZAOCHKA_TEST_CHILD_GAME";
const CHILD_NAME: &str = "ZAOCHKA_TEST_CHILD_NAME";
const PLIES_PER_CHILD: u32 = 200;

/// The harness's name of [`child_appends_moves`]: its module path without the
/// crate's name (`store::sqlite::child_appends_moves`), for `--exact`.
fn child_test_name() -> String {
    let module = module_path!().split_once("::").map_or("", |(_, path)| path);
    format!("{module}::child_appends_moves")
}

fn wait_for(what: &str, deadline: Instant, mut done: impl FnMut() -> bool) {
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Child mode of `two_processes_appending_moves_lose_nothing`: appends
/// [`PLIES_PER_CHILD`] plies, each in its own "read last ply, append the
/// next" transaction. Does nothing unless started by that test.
#[test]
#[ignore = "run by two_processes_appending_moves_lose_nothing as a child process"]
fn child_appends_moves() {
    let (Ok(db), Ok(game), Ok(name)) = (
        std::env::var(CHILD_DB),
        std::env::var(CHILD_GAME),
        std::env::var(CHILD_NAME),
    ) else {
        return;
    };
    let db = PathBuf::from(db);
    let game = GameId(game.parse().expect("game id"));
    let mut store = Store::open(&db).expect("child open");

    // Start together: say ready, wait for the go file.
    let dir = db.parent().expect("db dir");
    std::fs::write(dir.join(format!("ready-{name}")), b"").expect("ready file");
    wait_for("go", Instant::now() + Duration::from_secs(60), || {
        dir.join("go").exists()
    });

    for i in 0..PLIES_PER_CHILD {
        store
            .transaction(|tx| {
                let next = moves::last_ply(tx, game)? + 1;
                if i % 16 == 0 {
                    // Hold the write lock a little: the other process must wait.
                    std::thread::sleep(Duration::from_millis(1));
                }
                let mut m = new_move(game, next, &format!("{name}-{i}"));
                m.source_message = Some(name.clone());
                moves::append(tx, &m)
            })
            .unwrap_or_else(|e| panic!("child {name}, move {i}: {e}"));
        // Let go of the lock for a moment, as a real daemon between mails does;
        // otherwise SQLite's busy backoff lets one process run all its moves first.
        std::thread::sleep(Duration::from_micros(300));
    }
}

#[test]
fn two_processes_appending_moves_lose_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("zaochka.db");
    let (store, game) = store_with_game(&path);
    drop(store);

    let exe = std::env::current_exe().expect("test binary");
    let child_test = child_test_name();
    let children: Vec<_> = ["a", "b"]
        .iter()
        .map(|name| {
            let child = Command::new(&exe)
                .args([
                    "--exact",
                    &child_test,
                    "--ignored",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(CHILD_DB, &path)
                .env(CHILD_GAME, game.0.to_string())
                .env(CHILD_NAME, name)
                .stdout(Stdio::null())
                .spawn()
                .expect("spawn child");
            (*name, child)
        })
        .collect();

    let ready = |name: &str| dir.path().join(format!("ready-{name}")).exists();
    wait_for("children", Instant::now() + Duration::from_secs(60), || {
        ready("a") && ready("b")
    });
    std::fs::write(dir.path().join("go"), b"").expect("go file");

    for (name, mut child) in children {
        let status = child.wait().expect("wait child");
        assert!(status.success(), "child {name} failed: {status}");
    }

    let mut store = Store::open(&path).expect("reopen");
    let score = store.read(|tx| moves::list(tx, game)).expect("list");
    let plies: Vec<u32> = score.iter().map(|m| m.ply).collect();
    let expected: Vec<u32> = (1..=2 * PLIES_PER_CHILD).collect();
    assert_eq!(plies, expected, "plies 1..=400, no gap, no duplicate");

    let mut per_child: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for m in &score {
        let (name, i) = m.notation.split_once('-').expect("name-i");
        per_child
            .entry(if name == "a" { "a" } else { "b" })
            .or_default()
            .push(i.parse().expect("index"));
    }
    for name in ["a", "b"] {
        let seq = per_child.get(name).cloned().unwrap_or_default();
        assert_eq!(
            seq,
            (0..PLIES_PER_CHILD).collect::<Vec<_>>(),
            "every move of child {name} once, in its order"
        );
    }
    let switches = score
        .windows(2)
        .filter(|w| w[0].source_message != w[1].source_message)
        .count();
    eprintln!(
        "writers alternated {switches} times over {} plies",
        score.len()
    );
    assert!(switches > 1, "the two processes did not write concurrently");
}
