//! Every statement the daemon runs on the mail path uses an index.
//!
//! The real binary serves real mails (moves, a draw offer and its answer, a
//! resignation, a wrong token, a stranger, a command to the personal address,
//! a director's command)
//! from a Maildir inbox into the files outbox, then runs its clock ticks days
//! later (reminders, a loss on time), with the statement log on
//! (`RUST_LOG=zaochka::store::sql=trace`, see `zaochka::store::sql_log`). Each
//! statement it logged is then put to `EXPLAIN QUERY PLAN` on the same
//! migrated SQLite file: a plan that scans a table (reads every row, also
//! through an index) fails the test, so a new query without an index on that
//! path fails here before a club with 100,000 games notices.

use crate::common;

use std::collections::BTreeSet;

use chrono::{Duration, Utc};
use common::daemon::{Bot, GameNew, Mailing, mail, two_players};

/// Tables a mail-path statement may scan, each with the reason it stays tiny
/// whatever the number of games, players and mails. None so far: the
/// program's own keys (`secrets`) and the inboxes it reads (`mailboxes`) are
/// read by their names.
const TINY_TABLES: &[(&str, &str)] = &[];

/// Indexes on a column of a handful of values: a search through one of them
/// alone reads a whole class of rows, e.g. every active game.
const BROAD_INDEXES: &[&str] = &["games_status"];

/// Partial indexes a statement may read whole, each with the reason its
/// rows stay few.
const SMALL_PARTIAL_INDEXES: &[(&str, &str)] = &[
    (
        "bounce_pauses_one_open",
        "the open bounce pauses: one per stood clock, a handful at any time",
    ),
    (
        "outbox_unaddressed",
        "pending rows written before the outbox held From: none once serve has started",
    ),
    (
        "director_events_untold",
        "the directors' events not yet in a daily digest: at most a day's",
    ),
];

/// Runs `serve --once` with the statement log on; returns the statements it
/// ran, in the order run.
fn serve_once_logging_statements(bot: &Bot) -> Vec<String> {
    let out = bot
        .command()
        .env(
            "RUST_LOG",
            format!("warn,{}=trace", zaochka::store::sql_log::TARGET),
        )
        .env("NO_COLOR", "1")
        .args(["serve", "--once"])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "serve --once failed: {log}");
    let marker = format!("{}: ", zaochka::store::sql_log::TARGET);
    log.lines()
        .filter_map(|l| l.split_once(&marker).map(|(_, sql)| sql.to_string()))
        .collect()
}

/// The plan lines of `sql` that read a whole table not in [`TINY_TABLES`]:
/// `SCAN t` (also `SCAN t USING INDEX i`, and `SCAN m` for a table named
/// `m` in the statement), or an automatic index (SQLite builds it by reading
/// the whole table, for this one statement). An empty list if every table is
/// reached through an index (or a whole one of [`SMALL_PARTIAL_INDEXES`]),
/// and none through one of [`BROAD_INDEXES`] alone. A constant row or a subquery's rows are not a
/// table; statements that read no table (`BEGIN`, `PRAGMA`, ...) have no plan.
fn scans(db: &rusqlite::Connection, sql: &str) -> Vec<String> {
    let first = sql
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_uppercase();
    if !["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "REPLACE"].contains(&first.as_str()) {
        return Vec::new();
    }
    let mut st = db
        .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
        .unwrap_or_else(|e| panic!("cannot explain {sql}: {e}"));
    // The parameters stay NULL: a plan depends on the indexes, not the values.
    for i in 1..=st.parameter_count() {
        st.raw_bind_parameter(i, rusqlite::types::Null).unwrap();
    }
    let mut rows = st.raw_query();
    let mut details = Vec::new();
    while let Some(row) = rows.next().unwrap() {
        details.push(row.get::<_, String>(3).unwrap());
    }
    details
        .into_iter()
        .filter(|d| {
            let mut words = d.split_whitespace();
            let scan = words.next() == Some("SCAN")
                && words.next().is_some_and(|t| {
                    t != "CONSTANT"
                        && !t.starts_with('(')
                        && !TINY_TABLES.iter().any(|(tiny, _)| *tiny == t)
                });
            let small = SMALL_PARTIAL_INDEXES
                .iter()
                .any(|(i, _)| d.ends_with(&format!("INDEX {i}")));
            let broad = BROAD_INDEXES
                .iter()
                .any(|i| d.starts_with("SEARCH") && d.contains(&format!("INDEX {i} ")));
            (scan && !small) || broad || d.contains("AUTOMATIC")
        })
        .collect()
}

/// Every distinct statement with a scan, as `plan line <- statement`.
fn statements_with_scans(db: &rusqlite::Connection, statements: &[String]) -> Vec<String> {
    let distinct: BTreeSet<&String> = statements.iter().collect();
    distinct
        .into_iter()
        .flat_map(|sql| {
            scans(db, sql)
                .into_iter()
                .map(move |line| format!("{line}  <-  {sql}"))
        })
        .collect()
}

/// Drops a mail into the inbox, arrived now (after the games' clocks started).
fn arrive(bot: &Bot, seq: usize, mail: &str) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    bot.deliver_at(seq, mail, now);
}

/// Delivers one player's mail to a game address.
fn deliver_move(bot: &Bot, seq: usize, game: i64, side: &str, text: &str) {
    let from = if side == "white" {
        "alice@example.test"
    } else {
        "bob@example.test"
    };
    let token = bot.token(game, side);
    arrive(
        bot,
        seq,
        &mail(
            from,
            &format!("bot+{game}.{token}@example.test"),
            &format!("Re: [zaochka #{game}]"),
            &format!("plans{seq}@example.test"),
            text,
        ),
    );
}

#[test]
fn every_statement_of_a_day_of_mail_and_clock_ticks_uses_an_index() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let now = Utc::now();
    // Games 2 and 3 start now; game 4 started 60 hours ago (its reminders are
    // due), game 5 four days ago (White has lost on time).
    for (variant, started) in [
        ("russian", now),
        ("chess", now),
        ("russian", now - Duration::hours(60)),
        ("russian", now - Duration::days(4)),
    ] {
        bot.new_game_at(
            started,
            GameNew::alice_bob().variant(variant).control("3d/move"),
        );
        if started < now {
            // The daemon ran then: the invitation went out at the start, so
            // the clock has really run since (a notice sent only now would
            // stop it for its wait).
            bot.serve_once_at(started);
        }
    }
    let mut statements = Vec::new();
    let plies = [
        (1, "white", "1. c3-d4"),
        (1, "black", "1... f6-g5"),
        (1, "white", "2. b2-c3 draw"),
        (1, "black", "accept"),
        (2, "white", "1. cd4"),
        (3, "white", "1. e4"),
        (3, "black", "1... e5"),
    ];
    let mut seq = 0;
    for (game, side, text) in plies {
        deliver_move(&bot, seq, game, side, text);
        seq += 1;
        statements.extend(serve_once_logging_statements(&bot));
    }
    // A wrong token, a stranger, and a command to Alice's personal address.
    arrive(
        &bot,
        seq,
        &mail(
            "alice@example.test",
            "bot+2.wrongtoken@example.test",
            "Re: [zaochka #2]",
            "plans-wrong@example.test",
            "2. ba3",
        ),
    );
    arrive(
        &bot,
        seq + 1,
        &mail(
            "stranger@example.test",
            "bot@example.test",
            "hello",
            "plans-stranger@example.test",
            "1. cd4",
        ),
    );
    arrive(
        &bot,
        seq + 2,
        &mail(
            "alice@example.test",
            &bot.personal_address("alice@example.test"),
            "my games",
            "plans-personal@example.test",
            "games",
        ),
    );
    // A director's command by mail (who may rule, whether it was done today).
    arrive(
        &bot,
        seq + 3,
        &mail(
            "referee@example.test",
            &bot.personal_address("referee@example.test"),
            "commands",
            "plans-director@example.test",
            "add days #2 black 1\nreason: the post was late",
        ),
    );
    statements.extend(serve_once_logging_statements(&bot));
    assert!(
        statements
            .iter()
            .any(|s| s.contains("FROM director_commands")),
        "the director's command is checked against those done"
    );
    assert!(
        statements.len() > 100,
        "the statement log is on: {} statements",
        statements.len()
    );
    assert_eq!(bot.result(5).as_deref(), Some("0-1"), "lost on time");
    assert!(
        bot.outbox_to("alice@example.test")
            .iter()
            .any(|b| b.contains("#4")),
        "a reminder in game 4"
    );
    let found = statements_with_scans(&bot.db(), &statements);
    assert!(
        found.is_empty(),
        "{} mail-path statements scan a table:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn a_statement_without_its_index_is_reported() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    deliver_move(&bot, 1, 1, "white", "1. c3-d4");
    let statements = serve_once_logging_statements(&bot);
    let db = bot.db();
    assert!(statements_with_scans(&db, &statements).is_empty());
    // The clock tick's look for silent clocks, and the move receipt's look
    // for the plies of a mail, each once its index is gone.
    for (index, statement, plan) in [
        (
            "clocks_running_started",
            "last_started_at <= ?1",
            "SCAN clocks",
        ),
        ("moves_source_message", "m.source_message = ?1", "SCAN m"),
    ] {
        let sql = statements
            .iter()
            .find(|s| s.contains(statement))
            .unwrap_or_else(|| panic!("serve ran {statement}"));
        assert!(scans(&db, sql).is_empty());
        db.execute_batch(&format!("DROP INDEX {index}")).unwrap();
        let found = scans(&db, sql);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with(plan), "{found:?}");
    }
}
