//! The inbox and the files outbox against hostile folders and faults, with the
//! real `zaochka serve` process: every kind of entry in `new/`, mail that cannot
//! be moved to `cur/`, a second daemon on one database, an inherited umask 022,
//! SIGKILL while replies are written, and SIGTERM beside a FIFO.

use crate::common;

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};

use common::cli::SEED_001;
use common::daemon::{Bot, GameNew, Mailing, mail, two_players};

/// The seed game's mails for game 1 (10 plies, then White resigns).
fn seed_mails(bot: &Bot) -> Vec<String> {
    let (wt, bt) = (bot.token(1, "white"), bot.token(1, "black"));
    let mut out = Vec::new();
    for (k, (mv, who)) in SEED_001.iter().enumerate() {
        let (from, token) = if who.starts_with("ivanov") {
            ("Alice <alice@example.test>", &wt)
        } else {
            ("Боб <bob@example.test>", &bt)
        };
        let n = k / 2 + 1;
        let text = if k % 2 == 0 {
            format!("{n}. {mv}")
        } else {
            format!("{n}... {mv}")
        };
        out.push(mail(
            from,
            &format!("bot+1.{token}@example.test"),
            "Re: [zaochka #1] russian",
            &format!("inbox-ply{k}@example.test"),
            &text,
        ));
    }
    out.push(mail(
        "Alice <alice@example.test>",
        &format!("bot+1.{wt}@example.test"),
        "Re: [zaochka #1]",
        "inbox-resign@example.test",
        "I resign.",
    ));
    out
}

/// Writes a mail into `new/` under a raw name, with a modification time `seq`
/// seconds after a day ago (the inbox reads oldest first).
fn put(bot: &Bot, name: &[u8], seq: u64, text: &str) -> PathBuf {
    let path = new_dir(bot).join(OsStr::from_bytes(name));
    std::fs::write(&path, text.replace('\n', "\r\n")).unwrap();
    set_mtime(&path, seq);
    path
}

fn set_mtime(path: &Path, seq: u64) {
    let base = SystemTime::now() - Duration::from_secs(86_400);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(base + Duration::from_secs(seq))
        .unwrap();
}

fn new_dir(bot: &Bot) -> PathBuf {
    bot.path().join("mail/inbox/new")
}

fn names(dir: &Path) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().as_bytes().to_vec())
        .collect();
    v.sort();
    v
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Spawns a command with its stderr going to a file (a pipe nobody reads
/// would fill up and block the child).
fn spawn_logged(mut cmd: Command, log: &Path) -> Child {
    cmd.stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap()
}

/// Waits for a child at most `limit`; kills it and fails the test past that.
/// Returns its status and what it logged.
fn wait_or_fail(mut child: Child, log: &Path, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!(
                "{what} still running after {limit:?}: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Output {
        status: child.wait().unwrap(),
        stdout: Vec::new(),
        stderr: std::fs::read(log).unwrap_or_default(),
    }
}

/// `serve --once`, which must end within `limit` and succeed.
fn serve_once_within(mut cmd: Command, limit: Duration) -> Output {
    let log = tempfile::NamedTempFile::new().unwrap();
    cmd.args(["serve", "--once"]);
    let child = spawn_logged(cmd, log.path());
    let out = wait_or_fail(child, log.path(), limit, "serve --once");
    assert!(
        out.status.success(),
        "serve --once failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Hands a whole tree to `nobody` (symlinks themselves, not their targets).
fn chown_tree(path: &Path, uid: u32) {
    std::os::unix::fs::lchown(path, Some(uid), Some(uid)).unwrap();
    let meta = std::fs::symlink_metadata(path).unwrap();
    if meta.is_dir() {
        for e in std::fs::read_dir(path).unwrap() {
            chown_tree(&e.unwrap().path(), uid);
        }
    }
}

#[test]
fn every_kind_of_inbox_entry_is_passed_over_and_the_mails_around_it_are_applied() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let mails = seed_mails(&bot);
    let new = new_dir(&bot);
    // Mail files: a name that is not UTF-8, `X` and `X:2,` (two messages, two
    // plies), and an ordinary one.
    let odd_name: &[u8] = b"1700000001.M1P1.caf\xe9\xff";
    put(&bot, odd_name, 1, &mails[0]);
    put(&bot, b"1700000002.X", 2, &mails[1]);
    put(&bot, b"1700000002.X:2,", 3, &mails[2]);
    put(&bot, b"1700000004.M4P1.test", 9, &mails[3]);
    // Entries that are not mail; any of them read as mail would apply ply 5.
    std::fs::create_dir(new.join("1700000005.dir")).unwrap();
    std::fs::write(new.join("1700000005.dir/inside"), &mails[4]).unwrap();
    let outside = bot.path().join("outside.eml");
    std::fs::write(&outside, mails[4].replace('\n', "\r\n")).unwrap();
    std::os::unix::fs::symlink(&outside, new.join("1700000005.link")).unwrap();
    std::os::unix::fs::symlink(bot.path().join("nowhere"), new.join("1700000005.dangling"))
        .unwrap();
    let fifo = std::ffi::CString::new(new.join("1700000005.fifo").as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    let _socket = std::os::unix::net::UnixListener::bind(new.join("1700000005.sock")).unwrap();
    let unreadable = put(&bot, b"1700000005.unreadable", 5, &mails[4]);
    std::fs::set_permissions(&unreadable, std::fs::Permissions::from_mode(0o000)).unwrap();
    let expected_skips = 6;

    let root = is_root();
    if root {
        // Mode 000 does not stop root: run the daemon as `nobody`.
        eprintln!(
            "note: running as root; the daemon runs as uid 65534 so that mode 000 is unreadable"
        );
        chown_tree(bot.path(), 65534);
    }
    let daemon = || {
        let mut cmd = bot.command();
        if root {
            // SAFETY: only async-signal-safe calls between fork and exec.
            unsafe {
                cmd.pre_exec(|| {
                    if libc::setgroups(0, std::ptr::null()) != 0
                        || libc::setgid(65534) != 0
                        || libc::setuid(65534) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        cmd
    };
    let out = serve_once_within(daemon(), Duration::from_secs(60));
    let log = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        bot.plies(1),
        4,
        "the four mails applied, nothing else: {log}"
    );
    // Each non-mail entry: one log line naming it.
    let passed: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("inbox entry passed over"))
        .collect();
    assert_eq!(passed.len(), expected_skips, "{log}");
    for (name, why) in [
        ("1700000005.dir", "why=directory"),
        ("1700000005.link", "why=symlink"),
        ("1700000005.dangling", "why=symlink"),
        ("1700000005.fifo", "why=fifo"),
        ("1700000005.sock", "why=socket"),
        ("1700000005.unreadable", "why=unreadable"),
    ] {
        assert!(
            passed
                .iter()
                .any(|l| l.contains(&format!("maildir/{name} ")) && l.contains(why)),
            "{name}: {log}"
        );
    }
    // The mails are in cur/ with the seen flag, the rest is left where it was.
    let cur = names(&bot.path().join("mail/inbox/cur"));
    let mut want: Vec<Vec<u8>> = vec![
        [odd_name, b":2,S"].concat(),
        b"1700000002.X:2,S".to_vec(),
        b"1700000002.X.1:2,S".to_vec(),
        b"1700000004.M4P1.test:2,S".to_vec(),
    ];
    want.sort();
    assert_eq!(cur, want);
    assert_eq!(names(&new).len(), expected_skips);
    assert!(outside.is_file(), "the symlink's target is untouched");
    // The odd name's key is kept reversible in the record.
    let keys: Vec<String> = {
        let db = bot.db();
        let mut st = db
            .prepare("SELECT inbox_key FROM processed_messages")
            .unwrap();
        st.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    for k in [
        "maildir/1700000001.M1P1.caf%E9%FF",
        "maildir/1700000002.X",
        "maildir/1700000002.X:2,",
    ] {
        assert!(keys.iter().any(|x| x == k), "{k} not in {keys:?}");
    }
    // A second run passes over the same entries again, and applies nothing twice.
    let out = serve_once_within(daemon(), Duration::from_secs(60));
    assert_eq!(bot.plies(1), 4, "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn two_hundred_mails_that_cannot_be_moved_are_applied_once_and_serve_once_ends() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    // cur/ is a file: every move out of new/ fails.
    let cur = bot.path().join("mail/inbox/cur");
    std::fs::remove_dir(&cur).unwrap();
    std::fs::write(&cur, b"not a folder").unwrap();
    let mails = seed_mails(&bot);
    for (k, m) in mails.iter().enumerate() {
        put(&bot, format!("17000{k:05}.game").as_bytes(), k as u64, m);
    }
    for k in mails.len()..200 {
        let stranger = mail(
            "carol@example.test",
            "bot@example.test",
            "[zaochka #1]",
            &format!("stranger{k}@example.test"),
            "1. cd4",
        );
        put(
            &bot,
            format!("17000{k:05}.stranger").as_bytes(),
            k as u64,
            &stranger,
        );
    }
    for run in 0..2 {
        let out = serve_once_within(bot.command(), Duration::from_secs(120));
        assert_eq!(
            bot.plies(1),
            10,
            "run {run}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(bot.result(1).as_deref(), Some("0-1"));
        let processed: i64 = bot
            .db()
            .query_row("SELECT count(*) FROM processed_messages", [], |r| r.get(0))
            .unwrap();
        assert_eq!(processed, 200, "run {run}: each mail recorded once");
    }
    assert_eq!(
        names(&new_dir(&bot)).len(),
        200,
        "nothing was lost or moved"
    );
}

#[test]
fn a_second_serve_refuses_naming_the_first_while_other_commands_keep_working() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let mut first = bot
        .command()
        .arg("serve")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lock = bot.path().join("zaochka.db.serve.lock");
    let start = Instant::now();
    while !std::fs::read_to_string(&lock).is_ok_and(|t| t.contains("since")) {
        assert!(start.elapsed() < Duration::from_secs(30), "no lock file");
        std::thread::sleep(Duration::from_millis(50));
    }
    let second = bot.run(&["serve", "--once"]);
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success(), "a second serve ran: {err}");
    assert!(
        err.contains(&format!(
            "another zaochka serve (pid {}, since ",
            first.id()
        )) && err.contains("zaochka.db.serve.lock"),
        "{err}"
    );
    let shown = bot.ok(&["game", "show", "1"]);
    assert!(!shown.is_empty());
    // The kernel drops the lock with the process, SIGKILL included.
    first.kill().unwrap();
    first.wait().unwrap();
    bot.serve_once();
}

/// Runs a zaochka command under umask 022.
fn with_umask_022(bot: &Bot, args: &[&str]) -> Command {
    let mut c = bot.command();
    c.args(args);
    common::cli::set_child_umask(&mut c, 0o022);
    c
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn under_an_inherited_umask_022_the_database_and_every_reply_are_private() {
    let bot = Bot::new(Mailing::Local);
    for args in [
        &[
            "player",
            "add",
            "--name",
            "Alice",
            "--email",
            "alice@example.test",
        ][..],
        &[
            "player",
            "add",
            "--name",
            "Bob",
            "--email",
            "bob@example.test",
        ],
        &GameNew::alice_bob().args()[..],
    ] {
        let out = with_umask_022(&bot, args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut daemon = with_umask_022(&bot, &["serve"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while bot.outbox_files().len() < 2 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no replies written"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let d = bot.path();
    // While the daemon runs, the WAL and shared-memory files exist.
    for f in [
        "zaochka.db",
        "zaochka.db-wal",
        "zaochka.db-shm",
        "zaochka.db.serve.lock",
    ] {
        assert_eq!(mode(&d.join(f)), 0o600, "{f}");
    }
    let outbox = d.join("mail/outbox");
    assert_eq!(mode(&outbox), 0o700, "the outbox folder");
    let mut emls = 0;
    for e in std::fs::read_dir(&outbox).unwrap() {
        let p = e.unwrap().path();
        assert_eq!(mode(&p), 0o600, "{}", p.display());
        emls += 1;
    }
    assert!(emls >= 2);
    // SAFETY: signalling our own child.
    unsafe { libc::kill(daemon.id() as i32, libc::SIGTERM) };
    daemon.wait().unwrap();
}

#[test]
fn killing_the_daemon_while_it_writes_replies_leaves_each_reply_once_and_whole() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.more_games(24);
    let rows: Vec<(String, String)> = {
        let db = bot.db();
        let mut st = db
            .prepare("SELECT message_id, body_text FROM outbox")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert!(rows.len() >= 50, "{} invitations", rows.len());
    let outbox = bot.path().join("mail/outbox");
    // Every .eml file must be a whole reply of a row, named after its Message-ID.
    let check = |when: &str| -> usize {
        let Ok(rd) = std::fs::read_dir(&outbox) else {
            return 0;
        };
        let mut n = 0;
        for e in rd {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".eml") {
                continue;
            }
            n += 1;
            let bytes = std::fs::read(&p).unwrap();
            assert!(!bytes.is_empty(), "{when}: empty {name}");
            let m = mail_parser::MessageParser::default()
                .parse(&bytes)
                .unwrap_or_else(|| panic!("{when}: {name} does not parse"));
            let id = m
                .message_id()
                .unwrap_or_else(|| panic!("{when}: {name} has no Message-ID"));
            assert_eq!(format!("{id}.eml"), name, "{when}");
            let (_, body) = rows.iter().find(|r| r.0 == id).unwrap();
            let text = m.body_text(0).unwrap_or_default().replace("\r\n", "\n");
            assert_eq!(
                text.trim_end(),
                body.replace("\r\n", "\n").trim_end(),
                "{when}: {name} is partial"
            );
        }
        n
    };
    let mut kills_mid_write = 0;
    let mut kills = 0;
    for round in 0u64..400 {
        // Every row due again: a re-send after a crash must replace its file.
        bot.db()
            .execute(
                "UPDATE outbox SET status = 'pending', sent_at = NULL, attempts = 0, next_attempt_at = created_at",
                [],
            )
            .unwrap();
        // Every other round starts from an empty folder, to see kills land
        // between two files; the others re-send over existing files.
        let clear = round % 2 == 0;
        if clear && let Ok(rd) = std::fs::read_dir(&outbox) {
            for e in rd {
                std::fs::remove_file(e.unwrap().path()).unwrap();
            }
        }
        let mut child = bot
            .command()
            .args(["serve", "--once"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(5 + (round * 7) % 60));
        let finished = child.try_wait().unwrap().is_some();
        if !finished {
            child.kill().unwrap();
            kills += 1;
        }
        child.wait().unwrap();
        let after = check(&format!("after round {round}"));
        if !finished && clear && after > 0 && after < rows.len() {
            kills_mid_write += 1;
        }
        assert!(after <= rows.len(), "{after} files for {} rows", rows.len());
        if kills >= 20 && kills_mid_write >= 5 {
            break;
        }
    }
    assert!(kills >= 20, "only {kills} kills");
    assert!(
        kills_mid_write >= 5,
        "only {kills_mid_write} kills landed while replies were written"
    );
    bot.serve_once();
    assert_eq!(bot.pending_outbox(), 0);
    assert_eq!(check("at the end"), rows.len(), "each reply exactly once");
}

#[test]
fn sigterm_stops_a_daemon_beside_a_fifo_within_five_seconds() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let fifo = std::ffi::CString::new(new_dir(&bot).join("0000000001.fifo").as_os_str().as_bytes())
        .unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    put(&bot, b"1700000002.ply", 2, &seed_mails(&bot)[0]);
    let log = bot.path().join("serve.log");
    let mut cmd = bot.command();
    cmd.arg("serve");
    let daemon = spawn_logged(cmd, &log);
    let start = Instant::now();
    while bot.plies(1) < 1 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the mail beside the FIFO was not applied"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: signalling our own child.
    unsafe { libc::kill(daemon.id() as i32, libc::SIGTERM) };
    let out = wait_or_fail(daemon, &log, Duration::from_secs(5), "serve after SIGTERM");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(bot.plies(1), 1);
}
