//! The directors' digest under a kill: a real `serve --once` with many
//! digests due (several tournaments, two digest directors each) is killed
//! with SIGKILL at several points of its tick, then run again. The day's row,
//! the events' marks and the outbox row with its fixed Message-ID are written
//! in one transaction, so after each kill either all three stand for a digest
//! or none, and after the restart each director has each digest exactly once,
//! with every event once, under the Message-ID of an undisturbed run.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use crate::common::daemon::{ALICE, BOB, Bot, Mailing, two_players};
use crate::common::field::add_director;

const REFEREE: &str = "referee@example.test";
const JUDGE: &str = "judge@example.test";
const TOURNAMENTS: usize = 12;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 3, 1, 9, 0, 0).unwrap()
}

fn at(days: i64, hour: u32) -> DateTime<Utc> {
    let day = t0().date_naive() + TimeDelta::days(days);
    Utc.from_utc_datetime(&day.and_hms_opt(hour, 0, 0).unwrap())
}

/// [`TOURNAMENTS`] double round robins of Alice and Bob (40 days per move),
/// each directed by Referee (English) and Судья (Russian), both on the
/// digest; ticked on day 14 so that each keeps two silence warnings for
/// each director: at 08:00 Moscow of day 15, 2 × [`TOURNAMENTS`] digests
/// are due.
fn field() -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    add_director(&|args| bot.ok(args), JUDGE, Some("ru"));
    let desk = ["--as", REFEREE];
    let numbers = format!("{ALICE},{BOB}");
    for k in 0..TOURNAMENTS {
        let name = format!("Winter {k}");
        let t = name.as_str();
        for args in [
            &[
                "tournament",
                "new",
                t,
                "--variant",
                "russian",
                "--system",
                "double-round-robin",
                "--time-control",
                "40d/move",
            ][..],
            &["tournament", "directors", "add", t, JUDGE],
            &["tournament", "add", t, ALICE],
            &["tournament", "add", t, BOB],
            &["tournament", "draw", t, "--numbers", &numbers],
            &["tournament", "start", t],
            &["tournament", "directors", "mail", t, REFEREE, "digest"],
            &["tournament", "directors", "mail", t, JUDGE, "digest"],
        ] {
            bot.ok_at(t0(), &[args, &desk].concat());
        }
    }
    bot.serve_once_at(t0());
    bot.serve_once_at(at(14, 10));
    bot
}

/// A fresh installation holding a copy of `from`'s database and the files
/// beside it (the database checkpointed first).
fn copy_of(from: &Bot) -> Bot {
    drop(from.db());
    let to = Bot::new(Mailing::Local);
    for name in [
        "zaochka.db",
        "zaochka.db-wal",
        "zaochka.key",
        "zaochka.db.commands",
    ] {
        let file = from.path().join(name);
        if file.exists() {
            std::fs::copy(&file, to.path().join(name)).unwrap();
        }
    }
    to
}

/// The directors' digests in the outbox: (to, Message-ID, body), by id.
fn digests(bot: &Bot) -> Vec<(String, String, String)> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT to_address, message_id, body_text FROM outbox
             WHERE body_text LIKE 'The digest of %' OR body_text LIKE 'Сводка турнира %'
             ORDER BY id",
        )
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The tournament a digest's body is of (`Winter 3`).
fn tournament_of(body: &str) -> String {
    let rest = body
        .strip_prefix("The digest of ")
        .or_else(|| body.strip_prefix("Сводка турнира «"))
        .unwrap();
    let end = rest.find([' ', '»']).unwrap();
    let tail = &rest[end..];
    // `Winter 3 for …` / `Winter 3» за …`: the name is two words.
    let number: String = tail[1..].chars().take_while(char::is_ascii_digit).collect();
    format!("{} {number}", &rest[..end])
}

/// The invariant of the digest's one transaction, after any kill: a
/// digest row of the day exists for a (tournament, director) exactly when
/// its outbox mail does and its events are marked; no digest is queued
/// twice; Message-IDs are unique.
fn assert_whole(bot: &Bot, when: &str) {
    let db = bot.db();
    let sent: BTreeMap<(i64, i64), i64> = db
        .prepare("SELECT tournament_id, player_id, events FROM director_digests_sent")
        .unwrap()
        .query_map([], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let marked: BTreeMap<(i64, i64), (i64, i64)> = db
        .prepare(
            "SELECT tournament_id, player_id, count(digest_day), count(*) FROM director_events
             GROUP BY tournament_id, player_id",
        )
        .unwrap()
        .query_map([], |r| Ok(((r.get(0)?, r.get(1)?), (r.get(2)?, r.get(3)?))))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(marked.len(), 2 * TOURNAMENTS, "{when}: events kept");
    let mails = digests(bot);
    let ids: BTreeSet<&String> = mails.iter().map(|(_, id, _)| id).collect();
    assert_eq!(ids.len(), mails.len(), "{when}: a Message-ID twice");
    let mut queued: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (to, _, body) in &mails {
        *queued.entry((to.clone(), tournament_of(body))).or_default() += 1;
    }
    assert!(queued.values().all(|&n| n == 1), "{when}: {queued:?}");
    assert_eq!(queued.len(), sent.len(), "{when}: digest rows and mails");
    for (key, &(told, all)) in &marked {
        match sent.get(key) {
            Some(&events) => {
                assert_eq!((told, events), (all, all), "{when}: {key:?} partly told")
            }
            None => assert_eq!(told, 0, "{when}: {key:?} told without a digest"),
        }
    }
}

/// After a finished run: every director has each tournament's digest once,
/// each with its two silence warnings once; the outbox is delivered, one
/// `.eml` file for each digest.
fn assert_done(bot: &Bot, reference: &[(String, String, String)], when: &str) {
    assert_whole(bot, when);
    let mut mails = digests(bot);
    assert_eq!(mails.len(), 2 * TOURNAMENTS, "{when}");
    for (to, _, body) in &mails {
        let lines = body
            .lines()
            .filter(|l| l.contains("has not moved in game") || l.contains("не делает ход"))
            .count();
        assert_eq!(lines, 2, "{when}: {to}: {body}");
    }
    // The same mails, Message-IDs included, as a run that was not killed.
    mails.sort();
    let mut expected = reference.to_vec();
    expected.sort();
    assert_eq!(mails, expected, "{when}");
    let pending: Vec<(String, String, i64, Option<String>)> = bot
        .db()
        .prepare(
            "SELECT to_address, next_attempt_at, attempts, last_error FROM outbox
             WHERE status = 'pending'",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(
        pending.is_empty(),
        "{when}: mail not delivered: {pending:#?}"
    );
    let files = eml_names(&bot.path().join("mail/outbox"));
    for (_, id, _) in &mails {
        let name = format!("{}.eml", id.trim_matches(['<', '>']));
        assert!(files.contains(&name), "{when}: no file {name}");
    }
}

fn eml_names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn killed_in_the_middle_of_a_digest_tick_each_director_gets_each_digest_once_with_every_event_once()
{
    let base = field();
    let due = at(15, 6); // 09:00 in Moscow
    // An undisturbed run: the reference, and how long the tick takes.
    let reference = copy_of(&base);
    let started = Instant::now();
    reference.serve_once_at(due);
    let span = started.elapsed();
    let expected = digests(&reference);
    assert_done(&reference, &expected, "undisturbed");
    // Kills at twelve points of that span, each on a fresh copy: before the
    // tick's transaction commits, and after it while the mail is delivered.
    let (mut before, mut after) = (0, 0);
    for k in 1..=12u32 {
        let bot = copy_of(&base);
        let mut child = bot
            .command()
            .env("ZAOCHKA_NOW", due.to_rfc3339())
            .args(["serve", "--once"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(span * k / 13);
        let finished = child.try_wait().unwrap().is_some();
        if !finished {
            child.kill().unwrap(); // SIGKILL
        }
        child.wait().unwrap();
        let when = format!("killed at {k}/13 of {span:?}");
        assert_whole(&bot, &when);
        if !finished && digests(&bot).is_empty() {
            before += 1;
        } else if !finished {
            after += 1;
        }
        // Restarted a minute later (the faked clock must not go back before
        // the mail the killed run queued): the rest of the tick, nothing twice.
        bot.serve_once_at(due + TimeDelta::minutes(1));
        assert_done(&bot, &expected, &format!("{when}, then restarted"));
        // A later tick of the day adds nothing.
        bot.serve_once_at(due + TimeDelta::hours(3));
        assert_done(&bot, &expected, &format!("{when}, then a later tick"));
    }
    eprintln!("tick {span:?}: {before} kills before the digests were queued, {after} after");
}
