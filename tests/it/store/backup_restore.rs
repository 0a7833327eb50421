//! The way back after a crash or a damaged disk: `zaochka backup` (online,
//! checked, 0600), the daemon's scheduled backups, `zaochka restore` (refused
//! while a daemon runs, no stale `-wal`, the mailbox replayed so that no move
//! made after the backup is lost and the replies keep their Message-IDs, the
//! shell commands' notices too), `serve` refusing a damaged database and one
//! put back by hand, a deliberate return (`restore --no-replay`) that stays
//! back, and the command journal's user.

use crate::common;

use std::collections::BTreeSet;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::{Duration, Instant};

use common::cli::SEED_001;
use common::daemon::{Bot, GameNew, Mailing, mail, two_players};

/// The mails of game `game`'s ten plies of [`SEED_001`], in order.
fn game_mails(bot: &Bot, game: i64) -> Vec<String> {
    let (wt, bt) = (bot.token(game, "white"), bot.token(game, "black"));
    SEED_001
        .iter()
        .enumerate()
        .map(|(k, (mv, who))| {
            let (from, token) = if who.starts_with("ivanov") {
                ("Alice <alice@example.test>", &wt)
            } else {
                ("Боб <bob@example.test>", &bt)
            };
            let number = k / 2 + 1;
            let text = if k % 2 == 0 {
                format!("{number}. {mv}")
            } else {
                format!("{number}... {mv}")
            };
            mail(
                from,
                &format!("bot+{game}.{token}@example.test"),
                &format!("Re: [zaochka #{game}] russian"),
                &format!("ply{k}.g{game}@example.test"),
                &format!("{text}\n"),
            )
        })
        .collect()
}

fn count(db: &rusqlite::Connection, sql: &str) -> i64 {
    db.query_row(sql, [], |r| r.get(0)).unwrap()
}

fn ids(db: &rusqlite::Connection) -> BTreeSet<String> {
    db.prepare("SELECT message_id FROM outbox")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// A private copy of the database with its `-wal`, read without touching the
/// originals (a connection closing on the live file would checkpoint its WAL).
fn snapshot(bot: &Bot, name: &str) -> rusqlite::Connection {
    let dir = bot.path().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    for suffix in ["", "-wal"] {
        let from = bot.path().join(format!("zaochka.db{suffix}"));
        if from.exists() {
            std::fs::copy(&from, dir.join(format!("zaochka.db{suffix}"))).unwrap();
        }
    }
    rusqlite::Connection::open(dir.join("zaochka.db")).unwrap()
}

/// Waits until the running daemon has processed at least `n` mails.
fn wait_processed(bot: &Bot, n: i64, child: &mut std::process::Child) {
    let started = Instant::now();
    loop {
        let done = bot
            .db()
            .query_row("SELECT count(*) FROM processed_messages", [], |r| {
                r.get::<_, i64>(0)
            })
            .unwrap_or(0);
        if done >= n {
            return;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the daemon ended before {n} mails"
        );
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the daemon processed {done} of {n} mails"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn restore_after_kill_mid_load_with_a_stale_wal_loses_no_move_and_repeats_the_reply_ids() {
    const GAMES: i64 = 20;
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.more_games((GAMES - 1) as usize);
    bot.serve_once();
    // 200 mails, one ply each, interleaved game by game: the first half in
    // the inbox before the daemon starts, the second half delivered right
    // after the backup, so that moves are applied after it however fast the
    // machine is.
    let per_game: Vec<Vec<String>> = (1..=GAMES).map(|g| game_mails(&bot, g)).collect();
    let half = SEED_001.len() / 2;
    let mut seq = 0;
    for k in 0..half {
        for mails in &per_game {
            bot.deliver(seq, &mails[k]);
            seq += 1;
        }
    }
    let total = (SEED_001.len() * per_game.len()) as i64;
    let mut child = bot.spawn_serve();
    wait_processed(&bot, total / 4, &mut child);
    // The backup is taken while the daemon works.
    let backup = bot.path().join("backups/midway.db");
    std::fs::create_dir_all(backup.parent().unwrap()).unwrap();
    bot.ok(&["backup", backup.to_str().unwrap()]);
    for k in half..SEED_001.len() {
        for mails in &per_game {
            bot.deliver(seq, &mails[k]);
            seq += 1;
        }
    }
    wait_processed(&bot, total * 3 / 4, &mut child);
    child.kill().unwrap(); // SIGKILL, mid-load
    child.wait().unwrap();

    let wal = bot.path().join("zaochka.db-wal");
    assert!(
        std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0),
        "the kill leaves the daemon's -wal beside the database"
    );
    let live = snapshot(&bot, "at-kill");
    let moves_at_kill = count(&live, "SELECT count(*) FROM moves");
    let ids_at_kill = ids(&live);
    let saved = rusqlite::Connection::open(&backup).unwrap();
    let moves_in_backup = count(&saved, "SELECT count(*) FROM moves");
    let ids_in_backup = ids(&saved);
    drop(saved);
    let after_backup = moves_at_kill - moves_in_backup;
    // The kill lands at three quarters or later: a fast machine may have
    // applied the whole load by then, which changes nothing below.
    assert!(
        after_backup > 0,
        "moves applied after the backup: {after_backup}; at the kill {moves_at_kill} of {total}"
    );
    let outbox_before: BTreeSet<String> = std::fs::read_dir(bot.path().join("mail/outbox"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".eml"))
        .collect();

    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(out.contains("processed again"), "{out}");
    for stale in ["zaochka.db-wal", "zaochka.db-shm"] {
        let p = bot.path().join(stale);
        assert!(!p.exists(), "{stale} left beside the restored database");
    }
    let db = bot.db();
    let check: String = db
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let moves_restored = count(&db, "SELECT count(*) FROM moves");
    assert!(
        moves_restored >= moves_at_kill,
        "{} of the {after_backup} moves applied after the backup are lost",
        moves_at_kill - moves_restored
    );
    // Every reply of a mail processed after the backup was queued again under
    // the same Message-ID.
    let restored_ids = ids(&db);
    let lost: Vec<&String> = ids_at_kill
        .difference(&ids_in_backup)
        .filter(|id| !restored_ids.contains(*id))
        .collect();
    let repeated = ids_at_kill.difference(&ids_in_backup).count();
    assert!(repeated > 0);
    assert!(
        lost.is_empty(),
        "{} of {repeated} replies got a new Message-ID: {lost:?}",
        lost.len()
    );
    drop(db);

    // The daemon finishes the load: every move of every game, each once.
    bot.serve_once();
    for g in 1..=GAMES {
        assert_eq!(bot.plies(g), 10, "game {g}");
    }
    assert_eq!(bot.pending_outbox(), 0);
    let outbox_after: BTreeSet<String> = std::fs::read_dir(bot.path().join("mail/outbox"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    // A reply sent before the kill and again after the restore is one file
    // (the same Message-ID, the same name): one file per reply.
    let final_ids = ids(&bot.db());
    let names: BTreeSet<String> = final_ids.iter().map(|id| format!("{id}.eml")).collect();
    assert_eq!(
        outbox_after, names,
        "one file per reply, none under a new id"
    );
    assert!(outbox_before.is_subset(&outbox_after));
    eprintln!(
        "restore: {after_backup} moves after the backup, {} lost; {repeated} replies re-queued with their Message-IDs",
        moves_at_kill - moves_restored.min(moves_at_kill)
    );
}

#[test]
fn a_backup_is_a_checked_private_copy_taken_while_the_daemon_runs() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let mut child = bot.spawn_serve();
    let lock = bot.path().join("zaochka.db.serve.lock");
    let started = Instant::now();
    while std::fs::read_to_string(&lock).map_or(true, |t| !t.contains("pid")) {
        assert!(started.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(20));
    }
    // Into a folder that does not exist yet: it is made, private.
    let file = bot.path().join("backups/zaochka").join("copy.db");
    let out = bot.ok(&["backup", file.to_str().unwrap()]);
    assert!(out.contains("integrity checked"), "{out}");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let folder = std::fs::metadata(file.parent().unwrap()).unwrap();
    assert_eq!(folder.permissions().mode() & 0o777, 0o700);
    let copy = rusqlite::Connection::open(&file).unwrap();
    assert_eq!(count(&copy, "SELECT count(*) FROM games"), 1);
    assert_eq!(count(&copy, "SELECT count(*) FROM players"), 3);
    let journal: String = copy
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(journal, "delete", "one self-contained file");
    drop(copy);
    // No temporary file is left in the folder.
    let leftovers: Vec<String> = std::fs::read_dir(bot.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // Restore is refused while the daemon holds the database.
    let refused = bot.run(&["restore", file.to_str().unwrap()]);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("stop it first"), "{err}");
    unsafe_free_terminate(&mut child);
    assert_eq!(bot.plies(1), 0);
}

/// Ends the daemon with SIGTERM (it finishes its cycle and exits).
fn unsafe_free_terminate(child: &mut std::process::Child) {
    let pid = i32::try_from(child.id()).unwrap();
    // kill(1) rather than libc: the test needs no unsafe code.
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_and_the_shell_commands_refuse_a_damaged_database_and_name_restore() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let path = bot.path().join("zaochka.db");
    assert!(
        !bot.path().join("zaochka.db-wal").exists() || {
            // A checkpoint leaves the whole database in the main file.
            let db = bot.db();
            db.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
            true
        }
    );
    // Overwrite the middle of the third page (a table's b-tree page).
    let mut bytes = std::fs::read(&path).unwrap();
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    assert!(bytes.len() > 4 * page);
    for b in &mut bytes[2 * page + 8..3 * page - 8] {
        *b = 0x5A;
    }
    std::fs::write(&path, &bytes).unwrap();
    let _ = std::fs::remove_file(bot.path().join("zaochka.db-wal"));
    let _ = std::fs::remove_file(bot.path().join("zaochka.db-shm"));

    let out = bot.run(&["serve", "--once"]);
    assert!(!out.status.success(), "a damaged database is served");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("damaged"), "{err}");
    assert!(err.contains("zaochka restore"), "{err}");

    // A shell command that would write to it is refused the same way, and
    // writes nothing.
    let before = std::fs::read(&path).unwrap();
    let out = bot.run(&[
        "player",
        "add",
        "--name",
        "Carol",
        "--email",
        "carol@example.test",
    ]);
    assert!(!out.status.success(), "a damaged database is written to");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("damaged (quick_check"), "{err}");
    assert!(err.contains("zaochka restore"), "{err}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the file is untouched"
    );
    assert!(
        !bot.path().join("zaochka.db.commands").exists() || {
            let journal = std::fs::read_to_string(bot.path().join("zaochka.db.commands")).unwrap();
            !journal.contains("carol@example.test")
        }
    );
}

#[test]
fn the_daemon_takes_scheduled_backups_and_keeps_the_newest() {
    let bot = Bot::new(Mailing::Local);
    let dir = bot.path().join("backups");
    let mut config = std::fs::read_to_string(&bot.config).unwrap();
    config.push_str(&format!(
        "\n[backup]\ndir = \"{}\"\nevery-hours = 6\nkeep = 2\n",
        dir.display()
    ));
    std::fs::write(&bot.config, config).unwrap();
    two_players(&bot, "russian");
    let start: chrono::DateTime<chrono::Utc> = "2026-12-01T00:00:00Z".parse().unwrap();
    for hours in [0, 1, 7, 14] {
        bot.serve_once_at(start + chrono::Duration::hours(hours));
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // Taken at 0 h, 7 h and 14 h (1 h is within the six hours); two kept,
    // each with the server key beside it (the oldest's went with it).
    assert_eq!(
        names,
        vec![
            "zaochka-20261201T070000Z.db".to_string(),
            "zaochka-20261201T070000Z.key".to_string(),
            "zaochka-20261201T140000Z.db".to_string(),
            "zaochka-20261201T140000Z.key".to_string(),
        ]
    );
    let key = std::fs::read(bot.path().join("zaochka.key")).unwrap();
    for name in names.iter().filter(|n| n.ends_with(".key")) {
        assert_eq!(std::fs::read(dir.join(name)).unwrap(), key, "{name}");
        let mode = std::fs::metadata(dir.join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600, "{name}");
    }
    for name in names.iter().filter(|n| n.ends_with(".db")) {
        let mode = std::fs::metadata(dir.join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600);
        let problems = rusqlite::Connection::open(dir.join(name))
            .unwrap()
            .query_row("PRAGMA integrity_check", [], |r| r.get::<_, String>(0))
            .unwrap();
        assert_eq!(problems, "ok");
    }
}

#[test]
fn a_replay_that_could_not_finish_is_finished_by_the_next_serve() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let backup = bot.path().join("before.db");
    bot.ok(&["backup", backup.to_str().unwrap()]);
    for (k, m) in game_mails(&bot, 1).iter().take(2).enumerate() {
        bot.deliver(k, m);
    }
    bot.serve_once();
    assert_eq!(bot.plies(1), 2);

    // The inbox is unreachable during the restore (here: not a folder).
    let inbox = bot.path().join("mail/inbox");
    let away = bot.path().join("mail/inbox.away");
    std::fs::rename(&inbox, &away).unwrap();
    std::fs::write(&inbox, "not a Maildir").unwrap();
    let out = bot.run(&["restore", backup.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("next `zaochka serve` finishes it"), "{err}");
    assert_eq!(bot.plies(1), 0, "the backup is in place");
    assert!(bot.path().join("zaochka.db.replay").exists());

    std::fs::remove_file(&inbox).unwrap();
    std::fs::rename(&away, &inbox).unwrap();
    bot.serve_once();
    assert_eq!(bot.plies(1), 2, "the moves after the backup are back");
    assert!(!bot.path().join("zaochka.db.replay").exists());
}

/// `PRAGMA user_version` of the database file at `path`.
fn schema_version(path: &Path) -> i64 {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_backup_before_an_upgrade_keeps_the_old_schema_and_going_back_restores_it_as_it_stands() {
    let bot = Bot::new(Mailing::Local);
    // A database of the last build before the schema repair (17 migrations).
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schemas/bae971b.sql");
    bot.db()
        .execute_batch(&std::fs::read_to_string(fixture).unwrap())
        .unwrap();
    let live = bot.path().join("zaochka.db");
    let old = schema_version(&live);
    let file = bot.path().join("before-upgrade.db");
    bot.ok(&["backup", file.to_str().unwrap()]);
    assert_eq!(
        schema_version(&live),
        old,
        "a backup never upgrades the database"
    );
    assert_eq!(schema_version(&file), old, "the copy is the old build's");
    // The new build opens and upgrades it.
    bot.ok(&["player", "list"]);
    assert!(schema_version(&live) > old);
    // Going back: the old file in place as it stands, for the old build.
    let out = bot.ok(&["restore", "--no-replay", file.to_str().unwrap()]);
    assert!(out.contains("as it stands"), "{out}");
    assert_eq!(schema_version(&live), old);
    for suffix in ["-wal", "-shm"] {
        assert!(!bot.path().join(format!("zaochka.db{suffix}")).exists());
    }
}

#[test]
fn a_restore_that_names_no_database_is_refused_and_creates_nothing() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let file = bot.path().join("backup.db");
    bot.ok(&["backup", file.to_str().unwrap()]);
    let elsewhere = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .args(["restore", file.to_str().unwrap()])
        .current_dir(elsewhere.path())
        .env_remove("ZAOCHKA_CONFIG")
        .env_remove("ZAOCHKA_DB")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--config"), "{err}");
    let left: Vec<_> = std::fs::read_dir(elsewhere.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The black clock's `extra_seconds` of game `game` (a director's
/// `add-days`).
fn extra_seconds(db: &rusqlite::Connection, game: i64, side: &str) -> i64 {
    db.query_row(
        "SELECT extra_seconds FROM clocks WHERE game_id = ?1 AND side = ?2",
        rusqlite::params![game, side],
        |r| r.get(0),
    )
    .unwrap()
}

/// Kills a `serve` once its connection has the database open in WAL mode,
/// so that a `-wal` is left beside the database as after a crash.
fn crash_leaving_a_wal(bot: &Bot) {
    let mut child = bot.spawn_serve();
    let wal = bot.path().join("zaochka.db-wal");
    let started = Instant::now();
    while !wal.exists() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert!(wal.exists(), "the killed daemon leaves its -wal");
}

/// What a restore must bring back of game #2 and its player: (players
/// named Carol, games, plies of #2, Black's extra seconds in #2).
fn carol_state(bot: &Bot) -> (i64, i64, i64, i64) {
    let db = bot.db();
    (
        count(
            &db,
            "SELECT count(*) FROM players WHERE email = 'carol@example.test'",
        ),
        count(&db, "SELECT count(*) FROM games"),
        bot.plies(2),
        extra_seconds(&db, 2, "black"),
    )
}

#[test]
fn shell_commands_after_the_backup_come_back_in_order_with_the_mail_each_once() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let backup = bot.path().join("before.db");
    bot.ok(&["backup", backup.to_str().unwrap()]);

    // After the backup, at the shell: a new player and her game, then her
    // first move by mail, then a director's ruling on the game.
    let t1 = chrono::Utc::now() + chrono::TimeDelta::hours(1);
    let minutes = |m: i64| t1 + chrono::TimeDelta::minutes(m);
    bot.ok_at(
        minutes(0),
        &[
            "player",
            "add",
            "--name",
            "Carol",
            "--email",
            "carol@example.test",
            "--lang",
            "en",
        ],
    );
    bot.ok_at(
        minutes(1),
        &[
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            "carol@example.test",
            "--black",
            "bob@example.test",
            "--time-control",
            "3d/move",
        ],
    );
    let token = bot.token(2, "white");
    bot.deliver_at(
        1,
        &mail(
            "Carol <carol@example.test>",
            &format!("bot+2.{token}@example.test"),
            "Re: [zaochka #2] russian",
            "carol1@example.test",
            "c3-d4\n",
        ),
        u64::try_from(minutes(10).timestamp()).unwrap(),
    );
    bot.ok_at(minutes(11), &["serve", "--once"]);
    bot.ok_at(
        minutes(20),
        &[
            "referee",
            "add-days",
            "2",
            "black",
            "5",
            "--as",
            "referee@example.test",
            "--reason",
            "desk",
        ],
    );
    // A read-only command is not journaled.
    bot.ok_at(minutes(21), &["game", "show", "2"]);
    let expected = (1, 2, 1, 5 * 86_400);
    assert_eq!(carol_state(&bot), expected);

    // The journal beside the database: private, one line per command that
    // changed it (the three, and none of serve, backup or game show).
    let journal = bot.path().join("zaochka.db.commands");
    let mode = std::fs::metadata(&journal).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&journal)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let commands: Vec<String> = lines
        .iter()
        .map(|l| {
            let argv = l["argv"].as_array().unwrap();
            format!(
                "{} {}",
                argv[3].as_str().unwrap(),
                argv[4].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        commands,
        [
            "player add",
            "player add",
            "player add",
            "game new",
            "player add",
            "game new",
            "referee add-days"
        ],
        "{lines:#?}"
    );
    let config = bot.path().join("zaochka.toml");
    assert_eq!(lines[4]["argv"][2], config.display().to_string());
    assert_eq!(
        lines[4]["at"],
        minutes(0).to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
    );
    assert_eq!(lines[4]["uid"], u64::from(unsafe_free_uid()));

    // The machine goes down: a daemon killed with its -wal, and the backup
    // put back.
    crash_leaving_a_wal(&bot);
    let out = bot.ok_at(minutes(30), &["restore", backup.to_str().unwrap()]);
    assert!(out.contains("3 applied, 0 changed nothing"), "{out}");
    let order: Vec<&str> = out.lines().filter(|l| l.starts_with("replaying")).collect();
    assert_eq!(order.len(), 3, "{out}");
    assert_eq!(carol_state(&bot), expected, "{out}");

    // The same restore again: the same state, nothing twice.
    let again = bot.ok_at(minutes(31), &["restore", backup.to_str().unwrap()]);
    assert!(again.contains("3 applied"), "{again}");
    assert_eq!(carol_state(&bot), expected, "{again}");

    // A copy that holds the commands replays none of them.
    let after = bot.path().join("after.db");
    bot.ok_at(minutes(32), &["backup", after.to_str().unwrap()]);
    let none = bot.ok_at(minutes(33), &["restore", after.to_str().unwrap()]);
    assert!(none.contains("0 applied, 0 changed nothing"), "{none}");
    assert_eq!(carol_state(&bot), expected, "{none}");
}

/// The user id this test runs as (from the owner of a file it creates).
fn unsafe_free_uid() -> u32 {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::metadata(dir.path()).unwrap().uid()
}

/// The four tokens of two games made in one transaction on the database
/// file `file`: for the inbox mail `mail` (its inbox key), or for none.
fn four_tokens(file: &Path, mail: Option<&str>) -> Vec<String> {
    use zaochka::rules::Variant;
    use zaochka::store::games::{self, NewGame};
    use zaochka::store::{Store, StoreError, Tx};
    use zaochka::vocabulary::PlayerId;
    let at = chrono::Utc::now();
    let make = |tx: &Tx<'_>| -> Result<Vec<String>, StoreError> {
        let mut tokens = Vec::new();
        for (white, black) in [(1, 2), (2, 1)] {
            let g = games::create(
                tx,
                &NewGame::new(Variant::Russian, PlayerId(white), PlayerId(black), at),
            )?;
            tokens.push(g.white_token.as_str().to_owned());
            tokens.push(g.black_token.as_str().to_owned());
        }
        Ok(tokens)
    };
    let mut store = Store::open(file).unwrap();
    match mail {
        Some(key) => store.transaction_for_mail(key, at, make).unwrap(),
        None => store.transaction(make).unwrap(),
    }
}

/// Tokens drawn while an inbox mail is processed derive from the database's
/// secret and the mail's inbox key: processed again after a restore (over a
/// stale `-wal`), the mail draws the tokens of the first time, so a game it
/// made keeps the reply addresses its players were given; another mail, or
/// a transaction for no mail, draws others.
#[test]
fn a_mail_processed_again_after_a_restore_draws_the_tokens_of_the_first_time() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let backup = bot.path().join("before.db");
    bot.ok(&["backup", backup.to_str().unwrap()]);
    let copy = |name: &str| {
        let to = bot.path().join(name);
        std::fs::copy(&backup, &to).unwrap();
        to
    };
    let (other, none) = (copy("other.db"), copy("none.db"));
    let live = bot.path().join("zaochka.db");

    // The first time, on the live file: four tokens, all different.
    let key = "maildir/1764417600.M1P1.host:2,";
    let first = four_tokens(&live, Some(key));
    assert_eq!(first.iter().collect::<BTreeSet<_>>().len(), 4, "{first:?}");

    // The machine goes down with a -wal; the backup is put back; the same
    // mail processed again draws the same tokens, in the same order.
    crash_leaving_a_wal(&bot);
    bot.ok(&["restore", backup.to_str().unwrap()]);
    assert_eq!(count(&bot.db(), "SELECT count(*) FROM games"), 1);
    assert_eq!(four_tokens(&live, Some(key)), first);

    // Another mail, or no mail: other tokens.
    let another = four_tokens(&other, Some("maildir/1764417601.M2P1.host:2,"));
    assert!(another.iter().all(|t| !first.contains(t)), "{another:?}");
    let random = four_tokens(&none, None);
    assert!(random.iter().all(|t| !first.contains(t)), "{random:?}");
}

/// A restore whose command journal is gone (deleted with the database by
/// hand) says that shell commands typed after the backup cannot come back,
/// and restores the rest; with the journal in place it says nothing of it.
#[test]
fn a_restore_without_its_command_journal_warns_that_shell_commands_cannot_come_back() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let file = bot.path().join("backup.db");
    bot.ok(&["backup", file.to_str().unwrap()]);
    let journal = bot.path().join("zaochka.db.commands");
    assert!(journal.exists(), "the shell commands were journaled");
    let with = bot.run(&["restore", file.to_str().unwrap()]);
    assert!(with.status.success());
    let err = String::from_utf8_lossy(&with.stderr);
    assert!(!err.contains("no command journal"), "{err}");
    std::fs::remove_file(&journal).unwrap();
    let without = bot.run(&["restore", file.to_str().unwrap()]);
    assert!(without.status.success());
    let err = String::from_utf8_lossy(&without.stderr);
    assert!(err.contains("no command journal at"), "{err}");
    assert!(err.contains("cannot be replayed"), "{err}");
    let out = bot.ok(&["restore", "--no-replay", file.to_str().unwrap()]);
    assert!(
        out.contains("neither the mailbox nor the shell commands"),
        "{out}"
    );
}

/// A backup taken after the first move by mail, then a shell command and
/// two more moves by mail after it, applied: what a database put back by
/// hand lacks. Returns the backup's path.
fn backup_then_a_command_and_two_moves(bot: &Bot) -> std::path::PathBuf {
    two_players(bot, "russian");
    let mails = game_mails(bot, 1);
    bot.deliver(0, &mails[0]);
    bot.serve_once();
    let backup = bot.path().join("before.db");
    bot.ok(&["backup", backup.to_str().unwrap()]);
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Carol",
        "--email",
        "carol@example.test",
    ]);
    for (k, m) in mails.iter().enumerate().take(3).skip(1) {
        bot.deliver(k, m);
    }
    bot.serve_once();
    assert_eq!(bot.plies(1), 3);
    backup
}

/// Copies `backup` over the database by hand, as docs/admin.md says never
/// to: the daemon stopped, its `-wal` and `-shm` removed with it.
fn copy_back_by_hand(bot: &Bot, backup: &Path) {
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(bot.path().join(format!("zaochka.db{suffix}")));
    }
    std::fs::copy(backup, bot.path().join("zaochka.db")).unwrap();
}

/// Players registered with Carol's address.
fn carols(bot: &Bot) -> i64 {
    count(
        &bot.db(),
        "SELECT count(*) FROM players WHERE email = 'carol@example.test'",
    )
}

#[test]
fn a_backup_copied_back_by_hand_is_refused_at_start_naming_restore_and_restore_brings_all_back() {
    let bot = Bot::new(Mailing::Local);
    let backup = backup_then_a_command_and_two_moves(&bot);
    copy_back_by_hand(&bot, &backup);
    assert_eq!(bot.plies(1), 1, "the old copy is in place");

    let out = bot.run(&["serve", "--once"]);
    assert!(!out.status.success(), "a database gone back is served");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("zaochka restore FILE"), "{err}");
    assert!(err.contains("1 shell commands of its journal"), "{err}");
    assert!(err.contains("2 mails already read"), "{err}");
    assert_eq!(bot.plies(1), 1, "nothing ran on it");
    // A shell command typed on it is refused the same way: it would be
    // applied to the game as it stood before, and replayed out of place.
    let out = bot.run(&["play", "1", "g3-h4", "--as", "bob@example.test"]);
    assert!(
        !out.status.success(),
        "a command ran on a database gone back"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("zaochka restore FILE"), "{err}");
    assert!(err.contains("lacks 1 shell commands"), "{err}");
    assert_eq!(bot.plies(1), 1, "nothing ran on it");

    // Put back with restore, it replays what it lacked, and serve starts.
    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(out.contains("2 processed again"), "{out}");
    assert!(out.contains("1 applied"), "{out}");
    bot.serve_once();
    assert_eq!(bot.plies(1), 3);
    assert_eq!(carols(&bot), 1);
}

#[test]
fn going_back_on_purpose_with_restore_no_replay_is_served_and_a_later_restore_keeps_it_back() {
    let bot = Bot::new(Mailing::Local);
    let backup = backup_then_a_command_and_two_moves(&bot);
    copy_back_by_hand(&bot, &backup);
    assert!(!bot.run(&["serve", "--once"]).status.success());

    let out = bot.ok(&["restore", "--no-replay", backup.to_str().unwrap()]);
    assert!(out.contains("as it stands"), "{out}");
    let record = bot.path().join("zaochka.db.went-back");
    let mode = std::fs::metadata(&record).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    bot.serve_once();
    assert_eq!(bot.plies(1), 1, "what the return left out stays out");
    assert_eq!(carols(&bot), 0);

    // Life goes on after the return: a command, then a restore of the same
    // old copy replays that command alone, not what the return left out.
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Dave",
        "--email",
        "dave@example.test",
    ]);
    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(out.contains("0 processed again"), "{out}");
    assert!(out.contains("1 applied, 0 changed nothing"), "{out}");
    bot.serve_once();
    assert_eq!(bot.plies(1), 1);
    assert_eq!(carols(&bot), 0);
    let daves = count(
        &bot.db(),
        "SELECT count(*) FROM players WHERE email = 'dave@example.test'",
    );
    assert_eq!(daves, 1);

    // The same old copy put back by hand again: Dave's command is lacking
    // now, and it is refused again.
    copy_back_by_hand(&bot, &backup);
    let out = bot.run(&["serve", "--once"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 shell commands"), "{err}");
    assert!(!err.contains("mails already read"), "{err}");
}

#[test]
fn a_lost_database_is_not_made_anew_beside_its_journal_and_a_new_one_starts_once_the_journal_is_moved()
 {
    let bot = Bot::new(Mailing::Local);
    backup_then_a_command_and_two_moves(&bot);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(bot.path().join(format!("zaochka.db{suffix}")));
    }
    let journal = bot.path().join("zaochka.db.commands");
    assert!(journal.exists());
    // Neither the daemon nor a shell command makes an empty database in its
    // place: the way back is a restore.
    for args in [&["serve", "--once"][..], &["player", "list"][..]] {
        let out = bot.run(args);
        assert!(!out.status.success(), "{args:?} made a new database");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is missing"), "{err}");
        assert!(err.contains("zaochka restore FILE"), "{err}");
        assert!(!bot.path().join("zaochka.db").exists(), "{args:?}");
    }

    // A new installation at the same place, on purpose: the journal moved
    // away, the mail read by the old one stays in cur/.
    std::fs::rename(&journal, bot.path().join("old.commands")).unwrap();
    bot.serve_once();
    two_players(&bot, "russian");
    bot.serve_once();
    // A mail arrives and is processed by the new database.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    bot.deliver_at(
        9,
        &mail(
            "Stranger <x@example.test>",
            "bot@example.test",
            "hello",
            "hello@example.test",
            "hello\n",
        ),
        now,
    );
    bot.serve_once();
    bot.serve_once();
    assert_eq!(bot.plies(1), 0);
}

/// The Message-IDs of the outbox of the database file `file`.
fn outbox_ids(file: &Path) -> BTreeSet<String> {
    ids(&rusqlite::Connection::open(file).unwrap())
}

#[test]
fn notices_of_shell_commands_replayed_by_a_restore_keep_their_message_ids() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let backup = bot.path().join("before.db");
    bot.ok(&["backup", backup.to_str().unwrap()]);
    // At the shell after the backup: a game (both players are invited), a
    // move in it (Bob is told) and a director's days (both are told).
    bot.new_game(GameNew::alice_bob().control("3d/move"));
    bot.ok(&["play", "2", "c3-d4", "--as", "alice@example.test"]);
    bot.ok(&[
        "referee",
        "add-days",
        "2",
        "black",
        "2",
        "--as",
        "referee@example.test",
        "--reason",
        "desk",
    ]);
    let live = bot.path().join("zaochka.db");
    let first = outbox_ids(&live);
    let in_backup = outbox_ids(&backup);
    let notices: BTreeSet<&String> = first.difference(&in_backup).collect();
    assert!(notices.len() >= 4, "{notices:?}");
    assert!(
        notices.iter().all(|id| id.starts_with("zaochka.shell.")),
        "{notices:?}"
    );

    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(out.contains("3 applied"), "{out}");
    assert_eq!(bot.plies(2), 1);
    assert_eq!(
        outbox_ids(&live),
        first,
        "the replayed commands' notices carry the ids of the first time"
    );
}

#[test]
fn the_journal_names_the_user_from_the_password_database_when_user_is_unset() {
    let bot = Bot::new(Mailing::Local);
    let out = bot
        .command()
        .env_remove("USER")
        .env_remove("LOGNAME")
        .args([
            "player",
            "add",
            "--name",
            "Eve",
            "--email",
            "eve@example.test",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let journal = std::fs::read_to_string(bot.path().join("zaochka.db.commands")).unwrap();
    let line: serde_json::Value = serde_json::from_str(journal.lines().last().unwrap()).unwrap();
    let uid = unsafe_free_uid();
    assert_eq!(line["uid"], u64::from(uid));
    // id(1) asks the same password database; a uid it has no name for is
    // written as the number.
    let id = std::process::Command::new("id")
        .arg("-un")
        .output()
        .unwrap();
    let expected = if id.status.success() {
        String::from_utf8(id.stdout).unwrap().trim().to_string()
    } else {
        uid.to_string()
    };
    assert!(!expected.is_empty());
    assert_eq!(line["user"], expected, "{line}");
}

/// The personal numbers and the games (colours and reply tokens) of the
/// tournaments in the database at `file`, one row a line, every column as
/// SQLite gives it.
fn lots_and_games(file: &Path) -> String {
    let db = rusqlite::Connection::open(file).unwrap();
    let mut out = String::new();
    for sql in [
        "SELECT player_id, number FROM tournament_players ORDER BY player_id",
        "SELECT id, white_id, black_id, white_token, black_token FROM games ORDER BY id",
    ] {
        let mut rows = db.prepare(sql).unwrap();
        let width = rows.column_count();
        let mut rows = rows.query([]).unwrap();
        while let Some(row) = rows.next().unwrap() {
            let cells: Vec<String> = (0..width)
                .map(|i| format!("{:?}", row.get::<_, rusqlite::types::Value>(i).unwrap()))
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_tournament_drawn_by_lot_after_the_backup_is_drawn_the_same_when_a_restore_replays_it() {
    let bot = Bot::new(Mailing::Local);
    let ok = |args: &[&str]| bot.ok(args);
    let director = "director@example.test";
    common::field::add_director(&ok, director, None);
    let players = common::field::add_numbered(&ok, 6, |i| format!("p{i}@example.test"));
    common::field::new_tournament(&ok, director, "Кубок", "round-robin", &[], &players);
    let backup = bot.path().join("before.db");
    bot.ok(&["backup", backup.to_str().unwrap()]);
    // After the backup: the lot with no seed given, and the start.
    bot.ok(&["tournament", "draw", "Кубок", "--as", director]);
    bot.ok(&["tournament", "start", "Кубок", "--as", director]);
    let live = bot.path().join("zaochka.db");
    let first = lots_and_games(&live);
    assert!(
        first.contains(" Integer(6)\n"),
        "the six numbers are drawn:\n{first}"
    );
    assert_eq!(
        first.matches("Text(").count(),
        30,
        "15 games, two tokens each:\n{first}"
    );

    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(out.contains("2 applied"), "{out}");
    assert_eq!(
        lots_and_games(&live),
        first,
        "the replayed lot gives the same numbers, colours and reply addresses"
    );
}
