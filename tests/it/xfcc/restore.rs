//! Xfcc acts survive `zaochka restore`: each act applied through the
//! endpoint is journaled beside the shell commands (its mark written by the
//! act's own transaction) and replayed among the mailbox's mails by
//! instant, at its own instant; the server key is copied beside a backup
//! and put back by `restore`, which refuses to replace a different key
//! without `--replace-key`.

use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use super::{ALICE_PW, Endpoint, Flags};
use crate::common::daemon::{ALICE, BOB, Bot, GameNew, mail};

/// Bob's move `text` by mail, arrived now (after the instant of every act
/// before it: the file's time is in whole seconds, so the mail waits for the
/// next second), waited for until the daemon applied it.
fn bob_mails(x: &mut Endpoint, seq: usize, text: &str, plies: i64) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    std::thread::sleep(Duration::from_nanos(
        1_000_000_000 - u64::from(now.subsec_nanos()) + 5_000_000,
    ));
    let m = mail(
        BOB,
        &format!("bot+1.{}@example.test", x.bot.token(1, "black")),
        "Re: [zaochka #1] chess",
        &format!("bob-{seq}@example.test"),
        text,
    );
    x.bot.deliver_at(seq, &m, now.as_secs() + 1);
    x.serving
        .until(text, Duration::from_secs(60), || x.bot.plies(1) == plies);
}

/// Alice's move through Xfcc, answered `Success`.
fn alice_sends(x: &Endpoint, movecount: u32, mv: &str, flags: Flags, plies: i64) {
    assert_eq!(
        x.action(ALICE, ALICE_PW, 1, movecount, mv, flags),
        "Success",
        "{movecount}. {mv}"
    );
    assert_eq!(x.bot.plies(1), plies);
}

/// The rows of `sql`, each column as written by its debug form.
fn rows(bot: &Bot, sql: &str) -> Vec<Vec<String>> {
    let db = bot.db();
    let mut st = db.prepare(sql).unwrap();
    let n = st.column_count();
    st.query_map([], |r| {
        Ok((0..n)
            .map(|k| format!("{:?}", r.get::<_, rusqlite::types::Value>(k).unwrap()))
            .collect())
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

/// What the game holds: its moves with their instants, its clocks, its
/// receipts, its draw offers, the outbox's Message-IDs, and its export
/// without the export's own seal.
#[derive(Debug, PartialEq)]
struct Held {
    moves: Vec<Vec<String>>,
    clocks: Vec<Vec<String>>,
    receipts: Vec<Vec<String>>,
    offers: Vec<Vec<String>>,
    outbox: Vec<Vec<String>>,
    export: String,
}

fn held(bot: &Bot) -> Held {
    Held {
        moves: rows(bot, "SELECT * FROM moves WHERE game_id = 1 ORDER BY ply"),
        clocks: rows(bot, "SELECT * FROM clocks WHERE game_id = 1"),
        receipts: rows(
            bot,
            "SELECT * FROM signed_receipts WHERE game_id = 1 ORDER BY ply",
        ),
        offers: rows(bot, "SELECT * FROM draw_offers WHERE game_id = 1"),
        outbox: rows(bot, "SELECT message_id FROM outbox ORDER BY message_id"),
        export: without_head_seal(&bot.ok(&["export", "1"])),
    }
}

/// An unfinished game's export with its `ZaochkaHead` seal left out: the
/// seal signs the instant of the export, so two exports a second apart
/// differ in it and nothing else.
fn without_head_seal(export: &str) -> String {
    export
        .lines()
        .filter(|l| !l.starts_with("[ZaochkaHead "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `zaochka verify` of `text` written to `name`: its stdout, the exit
/// code asserted 0.
fn verified(bot: &Bot, name: &str, text: &str) -> String {
    let file = bot.path().join(name);
    std::fs::write(&file, text).unwrap();
    let out = bot.run(&["verify", file.to_str().unwrap(), "--lang", "en"]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}");
    stdout
}

fn journal_lines(bot: &Bot) -> Vec<serde_json::Value> {
    std::fs::read_to_string(bot.path().join("zaochka.db.commands"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn xfcc_moves_made_after_a_backup_come_back_once_with_their_clocks_and_receipts_and_the_key() {
    let mut x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    alice_sends(&x, 1, "e4", Flags::default(), 1);
    bob_mails(&mut x, 1, "1... e5", 2);
    alice_sends(&x, 2, "Nf3", Flags::default(), 3);
    let backup = x.bot.path().join("backups/midway.db");
    std::fs::create_dir_all(backup.parent().unwrap()).unwrap();
    let said = x.bot.ok(&["backup", backup.to_str().unwrap()]);
    let key = x.bot.path().join("zaochka.key");
    let backup_key = x.bot.path().join("backups/midway.key");
    assert!(said.contains("server key copied to"), "{said}");
    assert_eq!(
        std::fs::read(&backup_key).unwrap(),
        std::fs::read(&key).unwrap(),
        "the server key is copied beside the backup"
    );
    assert_eq!(
        std::fs::metadata(&backup_key).unwrap().permissions().mode() & 0o777,
        0o600
    );
    bob_mails(&mut x, 2, "2... Nc6", 4);
    let offer = Flags {
        offer_draw: true,
        ..Flags::default()
    };
    alice_sends(&x, 3, "Bb5", offer, 5);
    // The same request again is answered Success and journaled no more.
    alice_sends(&x, 3, "Bb5", offer, 5);
    bob_mails(&mut x, 3, "3... a6", 6);
    alice_sends(&x, 4, "Ba4", Flags::default(), 7);
    let Endpoint { bot, serving, .. } = x;
    serving.stop(Duration::from_secs(30));

    let acts: Vec<serde_json::Value> = journal_lines(&bot)
        .into_iter()
        .filter(|l| l.get("xfcc").is_some())
        .collect();
    assert_eq!(acts.len(), 4, "one line per act applied: {acts:?}");
    assert_eq!(acts[2]["xfcc"]["move"], "Bb5");
    assert_eq!(acts[2]["xfcc"]["movecount"], 3);
    assert_eq!(acts[2]["xfcc"]["offer-draw"], true);
    let before = held(&bot);
    let export_before = bot.ok(&["export", "1"]);
    let lines_before = journal_lines(&bot).len();
    assert!(verified(&bot, "before.pgn", &export_before).contains("OK, 7 plies"));

    // The machine is lost with its key: the backup and the journal remain.
    std::fs::remove_file(&key).unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(bot.path().join(format!("zaochka.db{suffix}")));
    }
    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(out.contains("server key of the backup put back"), "{out}");
    assert!(out.contains("2 applied, 0 changed nothing"), "{out}");
    assert_eq!(
        std::fs::read(&key).unwrap(),
        std::fs::read(&backup_key).unwrap()
    );
    assert_eq!(
        std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
        0o600
    );
    let after = held(&bot);
    assert_eq!(after, before, "every move once, same clocks and receipts");
    verified(&bot, "before-against-restored.pgn", &export_before);
    assert_eq!(
        journal_lines(&bot).len(),
        lines_before,
        "a replay writes no line"
    );

    // Restored again from the same backup: the same game; and the daemon
    // then applies nothing twice.
    let again = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(again.contains("is the backup's: kept"), "{again}");
    assert!(again.contains("2 applied, 0 changed nothing"), "{again}");
    assert_eq!(held(&bot), before);
    bot.serve_once();
    assert_eq!(bot.plies(1), 7);
    assert_eq!(held(&bot).receipts, before.receipts);
}

#[test]
fn restore_refuses_to_replace_a_different_server_key_without_consent() {
    let x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    alice_sends(&x, 1, "e4", Flags::default(), 1);
    let backup = x.bot.path().join("first.db");
    x.bot.ok(&["backup", backup.to_str().unwrap()]);
    let Endpoint { bot, serving, .. } = x;
    serving.stop(Duration::from_secs(30));
    let key = bot.path().join("zaochka.key");
    let theirs = std::fs::read(bot.path().join("first.key")).unwrap();
    // Another key stands beside the database now.
    std::fs::remove_file(&key).unwrap();
    bot.ok(&["key"]);
    let other = std::fs::read(&key).unwrap();
    assert_ne!(other, theirs);
    let plies = bot.plies(1);

    let refused = bot.run(&["restore", backup.to_str().unwrap()]);
    assert!(!refused.status.success());
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(
        why.contains("is not the key") && why.contains("--replace-key"),
        "{why}"
    );
    assert_eq!(std::fs::read(&key).unwrap(), other, "nothing was changed");
    assert_eq!(bot.plies(1), plies);

    let out = bot.ok(&["restore", "--replace-key", backup.to_str().unwrap()]);
    assert!(out.contains("the key that stood there is kept as"), "{out}");
    assert_eq!(std::fs::read(&key).unwrap(), theirs);
    let kept: Vec<_> = std::fs::read_dir(bot.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("zaochka.key.replaced-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read(bot.path().join(&kept[0])).unwrap(), other);
}

#[test]
fn xfcc_passwords_made_by_mail_or_by_command_after_a_backup_are_the_same_after_a_restore() {
    let mut x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    let backup = x.bot.path().join("before-passwords.db");
    x.bot.ok(&["backup", backup.to_str().unwrap()]);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let m = mail(
        BOB,
        &x.bot.personal_address(BOB),
        "xfcc",
        "bob-pw@example.test",
        "пароль xfcc",
    );
    x.bot.deliver_at(1, &m, now);
    let bot = &x.bot;
    x.serving
        .until("the password mail", Duration::from_secs(60), || {
            bot.outbox_to(BOB).len() == 1
        });
    let made = x.bot.ok(&["player", "xfcc-password", ALICE]);
    let Endpoint { bot, serving, .. } = x;
    serving.stop(Duration::from_secs(30));
    let passwords = "SELECT player_id, hash FROM xfcc_passwords ORDER BY player_id";
    let hashes = rows(&bot, passwords);
    let mailed = bot.outbox_to(BOB);

    let out = bot.ok(&["restore", backup.to_str().unwrap()]);
    assert!(
        out.contains(made.trim()),
        "the command made the same password: {out}"
    );
    assert_eq!(
        rows(&bot, passwords),
        hashes,
        "the same passwords, salts and hashes"
    );
    assert_eq!(bot.outbox_to(BOB), mailed);
}
