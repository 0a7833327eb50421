//! Upgrades: the migration files are frozen once landed (their SHA-256 is held
//! here), and a database made by any build that ever landed (the fixtures of
//! tests/data/schemas/, rebuilt by scripts/schema-fixtures.sh) opens with
//! today's schema and goes on processing mail.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::daemon::{ALICE, Bot, Mailing, mail, two_players};
use sha2::{Digest, Sha256};

/// Every landed migration and the SHA-256 of its file. A new migration adds
/// its line; a landed line never changes.
const LANDED: &[(&str, &str)] = &[
    (
        "0001_initial.sql",
        "d1b1dd291309b685437f6f51d49a82efb5245c3aa13d1cf33340d2f2e10d0c33",
    ),
    (
        "0002_mail_queue.sql",
        "1aba42a2e16c82b3d8f3c06fd6d87466e69fb2516cfc0639e0b61ae9ead65180",
    ),
    (
        "0003_bounces_alerts.sql",
        "f1bf59c398208fd7eb2d19541bcab7586c3391cd0b052429f0b52b14425c7eea",
    ),
    (
        "0004_threads.sql",
        "ab72311547dfb89e2f0fa589569e38b53da8436c359bb6b03c0fa499403526a6",
    ),
    (
        "0005_piece_letters.sql",
        "2ad718ee407ea3a5f43ecd2d417b74488660b5c0445d2d515e3d6e3cdb290d52",
    ),
    (
        "0006_tournaments.sql",
        "4bce7f61f1b376f27d935aff1890806068c2f6808a0b27f1c2c52ddacf340bc3",
    ),
    (
        "0007_player_upkeep.sql",
        "6d39a4f15eb402a3a77f831dbbdb7cf04380c774837acd81a5c96b5c5e4b076b",
    ),
    (
        "0008_archive.sql",
        "66f0e1f664b4de85c2cb4d8a4658e9788831b5012f3eabd1748490cf6f5aeb9f",
    ),
    (
        "0009_sealed_dropped.sql",
        "a992b44d7c407fc332664fa53480566112cf9f443cd17a4fd507425befef9255",
    ),
    (
        "0010_conditional_moves.sql",
        "8120e80c4e5490fada37bde0634125967216482130e6dacb547f22e44d2dd4a5",
    ),
    (
        "0011_director_mail.sql",
        "3d1e6fc5ce9736d1ccf9ea98ab29c47b6c2103309cf25a826546bfd148beef69",
    ),
    (
        "0012_mail_auth.sql",
        "24489cd1f6e3742260c5e369233d12018eb6210000da2570cdf05a478e105fcf",
    ),
    (
        "0013_bounce_pauses.sql",
        "ad0452d5400381fa86011ee6e426aa6b2cef4d4db73fd7063ac196b80596bcba",
    ),
    (
        "0014_move_receipts.sql",
        "67061cec76ef33b7f2b472a0c1891c1e551280bd72fea63e353f63ff30db2b93",
    ),
    (
        "0015_issue15_fixes.sql",
        "e52182dea539a195946553dfd01e748e5a078e3924a75867542a412fd8131cbd",
    ),
    (
        "0016_send_limits.sql",
        "d10b9d1d94bcc14be6beaf602959335d26f8daa68d7e69342e57449d68babbbe",
    ),
    (
        "0017_mail_path_indexes.sql",
        "d0791b2aba7184e8d8974abd289481dd6b311dbb289ca237afa5d43510d19cc2",
    ),
    (
        "0018_repair.sql",
        "bb5a7f1e54008490414218c76369b08f30d6d4734fa0ca401d6ef4d1f667d717",
    ),
    (
        "0019_directors.sql",
        "1aff93dbffc5bc770271a3d08301937a03f9aece96b6ec0b16d5c9fac742f3d2",
    ),
    (
        "0020_relay_faults.sql",
        "0c14bc7619e3408ac85d30dd592c3e6bb896206e81863c0ce33818ac2c44c3b7",
    ),
    (
        "0021_clock_trust_auth_waits.sql",
        "8629713eb0f643a301f63ce08ec82f4298d824b72ca965fe68628e43276c66c7",
    ),
    (
        "0022_canonical_addresses.sql",
        "222c1194d7942ae6b751eeb4c2ae25f96ec124668c1a1f54c05eb74c616ec0cf",
    ),
    (
        "0023_shell_commands_cancelled_steps.sql",
        "6517a00c138572eedbcabd2265ddb7e4fd0ed0ef04a29e079b86c804968e88b9",
    ),
    (
        "0024_outbox_addresses.sql",
        "5513b1217ae8168782f6a164d9b3aaddb9328a842740b9086bef234c5d9ce057",
    ),
    (
        "0025_bulletins.sql",
        "08610f072fbac6b4d2ee4227cd6a6c7e3c8ffaeac336174748f33b28f375e733",
    ),
    (
        "0026_ratings.sql",
        "af70789ff297db290cb3b11e6ec9704dee3d5b11cf54d90332259c055362e756",
    ),
    (
        "0027_xfcc.sql",
        "89336f6acb4ac0e4d047ed166486ac3ad9fa6d477922b335ca5b0cb4570c2f3b",
    ),
    (
        "0028_signed_receipts.sql",
        "c6834318e94edef0d6b92c8d22617e7ee1bb2da72bbd321ddf558bfac99a9100",
    ),
    (
        "0029_player_digests.sql",
        "1bd1720079b54db49842b2d1b687142a25f111ae095150225178eeb3ee9b0c9f",
    ),
    (
        "0030_director_digests.sql",
        "61d64937b2f6985361ac57dda174987c2b573ad220632baa0a17ba9170621737",
    ),
    (
        "0031_xfcc_messages.sql",
        "a5c064e5093cd28a2793ae55db1cf34ed5c7e34dd5ade06c20dc1c7c57f4f5cb",
    ),
];

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn landed_migrations_are_never_edited() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut problems = Vec::new();
    for (name, sum) in LANDED {
        let number = &name[..4];
        match std::fs::read(dir.join(name)) {
            Err(_) => problems.push(format!(
                "migrations/{name} is gone: a landed migration stays; add a new migration instead of removing {number}"
            )),
            Ok(bytes) if sha256_hex(&bytes) != *sum => problems.push(format!(
                "migrations/{name} changed after it landed: add a new migration instead of editing {number}"
            )),
            Ok(_) => {}
        }
    }
    for file in &files {
        if !LANDED.iter().any(|(name, _)| name == file) {
            problems.push(format!(
                "migrations/{file} is not in LANDED of tests/it/store/schema_upgrades.rs: add its SHA-256 there when it lands"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checksum_test_names_an_edited_migration() {
    // The digest of a file differs from the held one as soon as one byte does.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut bytes = std::fs::read(dir.join(LANDED[1].0)).unwrap();
    assert_eq!(sha256_hex(&bytes), LANDED[1].1);
    bytes.extend_from_slice(b"\n-- an edit\n");
    assert_ne!(sha256_hex(&bytes), LANDED[1].1);
}

/// A schema reduced to what must agree: each table's columns (name, type,
/// not null, default, key position) and each index's and trigger's SQL with
/// layout and quotes dropped.
fn schema_of(db: &rusqlite::Connection) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let objects: Vec<(String, String, Option<String>)> = db
        .prepare("SELECT name, type, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (name, kind, sql) in objects {
        let shape = if kind == "table" {
            let columns: Vec<String> = db
                .prepare(
                    "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?1)",
                )
                .unwrap()
                .query_map([&name], |r| {
                    Ok(format!(
                        "{} {} notnull={} default={:?} pk={}",
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, Option<String>>(3)?,
                        r.get::<_, i64>(4)?
                    ))
                })
                .unwrap()
                .map(Result::unwrap)
                .collect();
            columns.join(", ")
        } else {
            sql.unwrap_or_default()
                .lines()
                .map(|l| l.split("--").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join(" ")
                .replace('"', "")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.insert(format!("{kind} {name}"), shape);
    }
    out
}

fn fixtures() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schemas");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sql"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_earlier_schema_upgrades_to_todays_and_processes_a_mail() {
    let fresh_bot = Bot::new(Mailing::Local);
    fresh_bot.ok(&["player", "list"]);
    let want = schema_of(&fresh_bot.db());
    let version: i64 = fresh_bot
        .db()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();

    let fixtures = fixtures();
    assert!(fixtures.len() >= 20, "{} fixtures", fixtures.len());
    let mut failures = Vec::new();
    for fixture in &fixtures {
        let name = fixture.file_stem().unwrap().to_string_lossy().into_owned();
        let bot = Bot::new(Mailing::Local);
        {
            let db = bot.db();
            db.execute_batch(&std::fs::read_to_string(fixture).unwrap())
                .unwrap();
        }
        // The first command opens (and upgrades) the file.
        let out = bot.run(&["player", "list"]);
        if !out.status.success() {
            failures.push(format!(
                "{name}: the upgrade failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let db = bot.db();
        let got: i64 = db
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        let have = schema_of(&db);
        if got != version || have != want {
            let differences: Vec<String> = want
                .keys()
                .chain(have.keys())
                .filter(|k| want.get(*k) != have.get(*k))
                .map(|k| format!("{k}: want {:?}, have {:?}", want.get(k), have.get(k)))
                .collect();
            failures.push(format!(
                "{name}: user_version {got} (want {version}); {}",
                differences.join("; ")
            ));
            continue;
        }
        let ok: String = db
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(ok, "ok", "{name}");
        drop(db);

        two_players(&bot, "russian");
        bot.serve_once();
        let token = bot.token(1, "white");
        bot.deliver(
            1,
            &mail(
                "Alice <alice@example.test>",
                &format!("bot+1.{token}@example.test"),
                "Re: [zaochka #1] russian",
                &format!("first.{name}@example.test"),
                "1. c3-d4\n",
            ),
        );
        bot.serve_once();
        if bot.plies(1) != 1 {
            failures.push(format!("{name}: the move by mail was not applied"));
            continue;
        }
        let replies = bot.outbox_to(ALICE);
        if replies.len() < 2 {
            failures.push(format!(
                "{name}: alice got {} mails, not the invitation and the receipt",
                replies.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn rows_of_an_earlier_database_survive_the_repair() {
    // 402446d: players without retired_at, sealed_moves without dropped_at,
    // audit_log without message_id, archive_records without tags: each of
    // these tables is rebuilt by the repair, with its rows.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schemas/402446d.sql");
    let bot = Bot::new(Mailing::Local);
    {
        let db = bot.db();
        db.execute_batch(&std::fs::read_to_string(fixture).unwrap())
            .unwrap();
        db.execute_batch(
            "INSERT INTO players (id, name, email, created_at) VALUES
                 (1, 'Alice', 'alice@example.test', '2026-12-01T00:00:00.000Z'),
                 (2, 'Боб', 'bob@example.test', '2026-12-01T00:00:00.000Z');
             INSERT INTO games (id, variant, white_id, black_id, white_token, black_token, created_at)
                 VALUES (1, 'russian', 1, 2, 'aaaaaaaaaaaa', 'bbbbbbbbbbbb', '2026-12-01T00:00:00.000Z');
             INSERT INTO sealed_moves (game_id, side, ply, text, sealed_at)
                 VALUES (1, 'white', 1, 'c3-d4', '2026-12-01T00:00:00.000Z');
             INSERT INTO audit_log (at, actor_id, action, game_id)
                 VALUES ('2026-12-01T00:00:00.000Z', 1, 'created', 1);",
        )
        .unwrap();
    }
    let listed = bot.ok(&["player", "list"]);
    assert!(
        listed.contains("Alice") && listed.contains("Боб"),
        "{listed}"
    );
    let db = bot.db();
    let count = |sql: &str| -> i64 { db.query_row(sql, [], |r| r.get(0)).unwrap() };
    assert_eq!(
        count("SELECT count(*) FROM players WHERE retired_at IS NULL"),
        2
    );
    assert_eq!(
        count("SELECT count(*) FROM games WHERE white_token = 'aaaaaaaaaaaa'"),
        1
    );
    assert_eq!(
        count("SELECT count(*) FROM sealed_moves WHERE dropped_at IS NULL"),
        1
    );
    assert_eq!(
        count("SELECT count(*) FROM audit_log WHERE message_id IS NULL"),
        1
    );
    assert_eq!(count("SELECT count(*) FROM pragma_foreign_key_check"), 0);
    let ok: String = db
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ok, "ok");
    // The audit log is still append-only: its triggers came back.
    assert!(db.execute("DELETE FROM audit_log", []).is_err());
}

#[test]
fn a_database_the_old_chain_upgraded_without_holder_pid_is_repaired() {
    // What the build before the repair did to a database of 3d19b27: it ran
    // migrations 3-17 as they stand, "successfully", and the claims table
    // still had no holder_pid, so every mail failed.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bot = Bot::new(Mailing::Local);
    {
        let db = bot.db();
        db.execute_batch(
            &std::fs::read_to_string(dir.join("tests/data/schemas/3d19b27.sql")).unwrap(),
        )
        .unwrap();
        for (name, _) in &LANDED[2..17] {
            db.execute_batch(&std::fs::read_to_string(dir.join("migrations").join(name)).unwrap())
                .unwrap();
        }
        db.execute_batch("PRAGMA user_version = 17").unwrap();
        let has: i64 = db
            .query_row(
                "SELECT count(*) FROM pragma_table_info('inbox_claims') WHERE name = 'holder_pid'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(has, 0, "the failing case: no holder_pid at version 17");
    }
    two_players(&bot, "russian");
    bot.serve_once();
    let token = bot.token(1, "white");
    bot.deliver(
        1,
        &mail(
            "Alice <alice@example.test>",
            &format!("bot+1.{token}@example.test"),
            "Re: [zaochka #1] russian",
            "first@example.test",
            "1. c3-d4\n",
        ),
    );
    bot.serve_once();
    assert_eq!(bot.plies(1), 1);
    let failed: i64 = bot
        .db()
        .query_row(
            "SELECT count(*) FROM processed_messages WHERE outcome LIKE 'failed%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(failed, 0);
}

/// The header lines named `name` of a mail (unfolded enough for addresses).
fn header_lines<'a>(eml: &'a str, name: &str) -> Vec<&'a str> {
    let head = eml.split("\r\n\r\n").next().unwrap_or(eml);
    head.lines()
        .filter(|l| {
            l.split_once(':')
                .is_some_and(|(n, _)| n.eq_ignore_ascii_case(name))
        })
        .collect()
}

/// A pending invitation written before the outbox held From and Reply-To
/// (schema 23, no such columns) goes out after the upgrade from the
/// player's reply address of the game, as it would have before.
#[test]
fn a_pending_reply_of_the_earlier_schema_goes_out_from_its_reply_address() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    {
        let db = bot.db();
        let pending: i64 = db
            .query_row(
                "SELECT count(*) FROM outbox WHERE status = 'pending' AND to_address = ?1",
                [ALICE],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(pending, 1, "the invitation waits");
        db.execute_batch(
            "DROP INDEX outbox_unaddressed;
             ALTER TABLE outbox DROP COLUMN from_address;
             ALTER TABLE outbox DROP COLUMN reply_to;
             DROP TABLE tournament_bulletin_games; DROP TABLE tournament_bulletins;
             DROP TABLE bulletin_opt_outs;
             DROP TABLE rating_lists;
             ALTER TABLE games DROP COLUMN rated;
             ALTER TABLE tournaments DROP COLUMN rated;
             DROP TABLE signed_receipts;
             DROP TABLE player_digests_sent; DROP TABLE player_digests;
             DROP TABLE director_digests_sent; DROP TABLE director_events;
             DROP TABLE director_mail;
             DROP TABLE xfcc_failures; DROP TABLE xfcc_passwords;
             DROP TABLE xfcc_messages;
             PRAGMA user_version = 23;",
        )
        .unwrap();
    }
    bot.serve_once();
    let token = bot.token(1, "white");
    let reply_address = format!("bot+1.{token}@example.test");
    let to_alice: Vec<String> = bot
        .outbox_files()
        .into_iter()
        .filter(|m| header_lines(m, "To").iter().any(|l| l.contains(ALICE)))
        .collect();
    assert_eq!(to_alice.len(), 1, "the invitation was sent");
    let eml = &to_alice[0];
    let from = header_lines(eml, "From");
    let reply_to = header_lines(eml, "Reply-To");
    assert!(
        from.len() == 1 && from[0].contains(&reply_address),
        "From {from:?}, want {reply_address}"
    );
    assert!(
        reply_to.len() == 1 && reply_to[0].contains(&reply_address),
        "Reply-To {reply_to:?}, want {reply_address}"
    );
    let (stored_from, stored_reply_to): (Option<String>, Option<String>) = bot
        .db()
        .query_row(
            "SELECT from_address, reply_to FROM outbox WHERE to_address = ?1",
            [ALICE],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(stored_from.as_deref(), Some(reply_address.as_str()));
    assert_eq!(stored_reply_to.as_deref(), Some(reply_address.as_str()));
}
