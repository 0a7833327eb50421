//! `zaochka backup FILE` refuses, before writing anything, a destination that
//! would destroy a file the server needs: the live database (by any path to
//! it: `./`, `..`, a symbolic link to it or to its folder, a hard link), its
//! `-wal`, `-shm`, server key, command journal and the configuration file,
//! or a name whose key copy (`<name>.key`) would be one of those or the backup
//! itself. Every file of the installation stays byte for byte; a normal backup
//! still works.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::daemon::{Bot, Mailing, two_players};
use sha2::{Digest, Sha256};

/// Every file below `dir` (symbolic links as their targets' names), by path,
/// with the SHA-256 of its bytes.
fn hashes(dir: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let value = if meta.file_type().is_symlink() {
                format!("link to {}", std::fs::read_link(&path).unwrap().display())
            } else if meta.is_dir() {
                stack.push(path.clone());
                "folder".to_string()
            } else {
                let bytes = std::fs::read(&path).unwrap();
                Sha256::digest(&bytes)
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect()
            };
            out.insert(path, value);
        }
    }
    out
}

/// An installation with a game, its server key, its command journal, a
/// symbolic link to the database and one to its folder, and a hard link to
/// the database.
fn installation() -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.ok(&["key"]);
    let d = bot.path();
    assert!(d.join("zaochka.key").exists());
    assert!(d.join("zaochka.db.commands").exists());
    std::os::unix::fs::symlink(d.join("zaochka.db"), d.join("link.db")).unwrap();
    std::os::unix::fs::symlink(d, d.join("here")).unwrap();
    std::fs::create_dir(d.join("sub")).unwrap();
    std::fs::hard_link(d.join("zaochka.db"), d.join("hard.db")).unwrap();
    // A -wal and a -shm beside the database, as a running daemon leaves them.
    for suffix in ["-wal", "-shm"] {
        let file = d.join(format!("zaochka.db{suffix}"));
        if !file.exists() {
            std::fs::write(&file, b"").unwrap();
        }
    }
    bot
}

/// Runs `zaochka backup NAME` in the installation's folder, with `lang` as
/// `$LANG`, at a fixed instant.
fn backup(bot: &Bot, name: &str, lang: &str) -> std::process::Output {
    bot.command()
        .current_dir(bot.path())
        .env("LANG", lang)
        .env_remove("LC_ALL")
        .env("ZAOCHKA_NOW", "2026-12-05T10:00:00Z")
        .args(["backup", name])
        .output()
        .unwrap()
}

#[test]
fn a_backup_over_the_database_its_companions_its_own_key_copy_or_into_a_mail_folder_is_refused_and_changes_no_file()
 {
    let bot = installation();
    let d = bot.path().display().to_string();
    let config = bot.config.display().to_string();
    // Each name and the start of its refusal.
    let cases: Vec<(String, &str)> = vec![
        ("zaochka.db".into(), "zaochka.db is the live database ("),
        ("./zaochka.db".into(), "./zaochka.db is the live database ("),
        (format!("{d}/zaochka.db"), "is the live database"),
        ("sub/../zaochka.db".into(), "is the live database"),
        ("link.db".into(), "link.db is the live database"),
        ("here/zaochka.db".into(), "is the live database"),
        ("hard.db".into(), "hard.db is the live database"),
        (
            "zaochka.db-wal".into(),
            "is the write-ahead log of the live database",
        ),
        (
            "zaochka.db-shm".into(),
            "is the shared-memory index of the live database",
        ),
        ("zaochka.key".into(), "is the server's signing key"),
        (
            "zaochka.db.commands".into(),
            "is the journal of shell commands",
        ),
        (config, "is the configuration file"),
        // Names whose key copy is a file of the server.
        (
            "zaochka".into(),
            "here zaochka.key, which is the server's signing key",
        ),
        (
            "zaochka.bak".into(),
            "here zaochka.key, which is the server's signing key",
        ),
        (
            "zaochka.2026".into(),
            "here zaochka.key, which is the server's signing key",
        ),
        // Names whose key copy is the backup itself.
        ("bk/foo.key".into(), "bk/foo.key has that extension already"),
        ("backup.key".into(), "backup.key has that extension already"),
        // Names in a folder that holds mail: the copy would be read as mail.
        ("mail/inbox/new/x.db".into(), "is in the mail folder"),
        ("mail/inbox/x.db".into(), "is in the mail folder"),
        ("here/mail/inbox/cur/x.db".into(), "is in the mail folder"),
        ("mail/outbox/x.db".into(), "is in the mail folder"),
    ];
    for (name, refusal) in &cases {
        let before = hashes(bot.path());
        let out = backup(&bot, name, "C.UTF-8");
        let after = hashes(bot.path());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "backup {name}: {err}");
        assert!(err.contains(refusal), "backup {name}: {err}");
        assert!(err.contains("Nothing was written."), "backup {name}: {err}");
        assert_eq!(before, after, "backup {name} changed a file");
    }
    // A normal backup still works, the key copied beside it.
    let out = backup(&bot, "backups/ok.db", "C.UTF-8");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let copy = rusqlite::Connection::open(bot.path().join("backups/ok.db")).unwrap();
    let players: i64 = copy
        .query_row("SELECT count(*) FROM players", [], |r| r.get(0))
        .unwrap();
    assert_eq!(players, 3);
    assert_eq!(
        std::fs::read(bot.path().join("backups/ok.key")).unwrap(),
        std::fs::read(bot.path().join("zaochka.key")).unwrap()
    );
}

#[test]
fn the_refusal_names_the_file_and_a_destination_to_use_in_the_consoles_language() {
    let bot = installation();
    let d = bot.path().display().to_string();
    let out = backup(&bot, "./zaochka.db", "C.UTF-8");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).replace(&d, "D"),
        "zaochka: refused: ./zaochka.db is the live database (D/zaochka.db): a backup written \
         there would destroy it. Nothing was written. Name a new file outside the server's files, \
         such as D/backups/zaochka-2026-12-05.db\n"
    );
    let out = backup(&bot, "zaochka.bak", "ru_RU.UTF-8");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).replace(&d, "D"),
        "zaochka: refused: ключ сервера копируется рядом с резервной копией под её именем с \
         расширением `.key`, здесь zaochka.key, а это ключ подписи сервера (D/zaochka.key): копия \
         ключа записалась бы поверх него. Ничего не записано. Назовите копию так, чтобы имя не \
         совпадало ни с одним файлом сервера, например D/backups/zaochka-2026-12-05.db\n"
    );
    let out = backup(&bot, "bk/foo.key", "ru_RU.UTF-8");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).replace(&d, "D"),
        "zaochka: refused: ключ сервера копируется рядом с резервной копией под её именем с \
         расширением `.key`, а у bk/foo.key это расширение уже есть: копия ключа записалась бы \
         поверх самой резервной копии. Ничего не записано. Дайте копии расширение `.db`, например \
         D/backups/zaochka-2026-12-05.db\n"
    );
    assert!(
        !bot.path().join("bk").exists(),
        "no folder is made for a refused backup"
    );
}
