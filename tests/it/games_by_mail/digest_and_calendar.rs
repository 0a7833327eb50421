//! The players' daily digest and calendar, through the daemon (Maildir inbox,
//! files outbox, a real SQLite file) on a faked clock (`ZAOCHKA_NOW`):
//!
//! - `a_digest_player_gets_one_mail_a_day_for_a_week_of_moves_in_five_games`:
//!   Анна (Europe/Moscow) writes «сводка в 8» and plays Black in five games of
//!   Russian checkers; for a week each opponent moves every day and Анна
//!   answers every morning. She gets no mail of an opponent's plain move,
//!   exactly one digest a day at 08:00 Moscow time (none before it, none
//!   twice) listing the five games, each with its own reply address and its
//!   deadline; a draw offer comes at once; «каждый ход» switches back to a
//!   mail per move and ends the digests.
//! - `the_calendar_holds_the_deadlines_game_show_prints_in_the_players_zone`:
//!   «календарь» by mail is answered with an `.ics` attachment; that file and
//!   `zaochka calendar` are read by an independent reader (Python's
//!   `icalendar`, the venv in `ZAOCHKA_PYTHON`); every deadline `game show`
//!   prints is an event at that instant, with the player's zone as its TZID
//!   defined by the file's VTIMEZONE (its offsets those of the zone database
//!   at each deadline), and the leave is an all-day event; a move changes the
//!   event of the same UID with a higher SEQUENCE.
//! - `the_daemon_publishes_both_players_calendars_under_secret_names_and_refreshes_them_after_a_move`:
//!   with `[tournaments] calendars` the daemon keeps each player's calendar
//!   in `<site-dir>/calendars/<32 hex digits>.ics`, named otherwise by another
//!   database; «календарь» answers with its address under `site-url`; after a
//!   move both players' files hold the new deadline (read by `icalendar`),
//!   each under a UID of its own (a shared calendar keeps both); a retired
//!   player's file is removed.
//!
//! - `a_digest_at_an_hour_that_is_none_is_refused_with_the_hours_in_each_language`:
//!   «сводка в 25» and "digest at 25" are answered that the hour must be
//!   from 0 to 23, and the player still gets a mail for every move.
//!
//! Run: `cargo test --test it games_by_mail::digest_and_calendar::`.

use std::collections::{BTreeMap, HashSet};
use std::process::Command;

use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::common;

use common::conversation::BotMail;
use common::daemon::{Bot, Mailing, mail};
use zaochka::games::{AnyGame, new_game};
use zaochka::rules::Variant;

const ANNA: &str = "anna@example.test";
const OPPONENTS: [(&str, &str); 5] = [
    ("Adams", "adams@example.test"),
    ("Baker", "baker@example.test"),
    ("Clark", "clark@example.test"),
    ("Dunn", "dunn@example.test"),
    ("Evans", "evans@example.test"),
];

/// Midnight UTC two days from now: the first day of the faked week (moves
/// may not precede the real present of the games' creation).
fn day0() -> DateTime<Utc> {
    let d = (Utc::now() + Duration::days(2)).date_naive();
    Utc.from_utc_datetime(&d.and_hms_opt(0, 0, 0).unwrap())
}

/// The bot's mails not read before, parsed from the files outbox, in the
/// order written.
struct Outbox {
    seen: HashSet<String>,
}

impl Outbox {
    fn new() -> Outbox {
        Outbox {
            seen: HashSet::new(),
        }
    }

    fn read(&mut self, bot: &Bot) -> Vec<BotMail> {
        let dir = bot.path().join("mail/outbox");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".eml"))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        let mut out = Vec::new();
        for n in names {
            if self.seen.insert(n.clone()) {
                let raw = std::fs::read_to_string(dir.join(&n)).unwrap();
                out.push(BotMail::parse(&n, &raw));
            }
        }
        out
    }

    /// Runs the daemon once at `at`; the new mails to `to`.
    fn serve_at(&mut self, bot: &Bot, at: DateTime<Utc>, to: &str) -> Vec<BotMail> {
        bot.serve_once_at(at);
        self.read(bot)
            .into_iter()
            .filter(|m| m.to.iter().any(|t| t == to))
            .collect()
    }
}

/// A player's mail to the reply address of game `game`, arrived at `at`.
fn write(bot: &Bot, seq: usize, game: i64, from: &str, side: &str, body: &str, at: DateTime<Utc>) {
    let token = bot.token(game, side);
    bot.deliver_at(
        seq,
        &mail(
            from,
            &format!("bot+{game}.{token}@example.test"),
            &format!("Re: [zaochka #{game}] Русские шашки"),
            &format!("digest-test-{seq}@players.test"),
            body,
        ),
        u64::try_from(at.timestamp()).unwrap(),
    );
}

fn register(bot: &Bot, name: &str, email: &str, lang: &str, tz: &str) {
    bot.ok(&[
        "player", "add", "--name", name, "--email", email, "--lang", lang, "--tz", tz,
    ]);
}

/// Plays the first legal move of `game` (the test's copy of game `id`) by
/// the command line at `at`, `offer` with a draw offer.
fn play(bot: &Bot, id: i64, game: &mut dyn AnyGame, by: &str, at: DateTime<Utc>, offer: bool) {
    let mv = game.legal_moves().first().cloned().expect("a legal move");
    game.play(&mv).unwrap();
    assert!(game.outcome().is_none(), "game #{id} must last the week");
    let id_text = id.to_string();
    let mut args = vec!["play", id_text.as_str(), mv.as_str(), "--as", by];
    if offer {
        args.push("--offer-draw");
    }
    bot.ok_at(at, &args);
}

fn is_digest(m: &BotMail) -> bool {
    m.message_id.starts_with("zaochka.digest.")
}

#[test]
fn a_digest_player_gets_one_mail_a_day_for_a_week_of_moves_in_five_games() {
    let bot = Bot::new(Mailing::Local);
    register(&bot, "Анна", ANNA, "ru", "Europe/Moscow");
    for (name, email) in OPPONENTS {
        register(&bot, name, email, "en", "Europe/London");
    }
    let day0 = day0();
    let hours = |d: i64, h: i64| day0 + Duration::days(d) + Duration::hours(h);
    let mut games: Vec<Box<dyn AnyGame>> = Vec::new();
    for (_, email) in OPPONENTS {
        bot.ok_at(
            day0,
            &[
                "game",
                "new",
                "--variant",
                "russian",
                "--white",
                email,
                "--black",
                ANNA,
                "--time-control",
                "10d/move",
            ],
        );
        games.push(new_game(Variant::Russian, None).unwrap());
    }
    let mut outbox = Outbox::new();
    outbox.serve_at(&bot, hours(0, 1), ANNA);

    // «сводка в 8»: one mail a day at 08:00 Moscow time (05:00 UTC).
    write(
        &bot,
        1,
        1,
        "Анна <anna@example.test>",
        "black",
        "сводка в 8",
        hours(0, 2),
    );
    let answer = outbox.serve_at(&bot, hours(0, 2), ANNA);
    assert_eq!(answer.len(), 1, "{answer:#?}");
    assert!(
        answer[0]
            .text
            .contains("одно письмо в день, в 08:00 (Europe/Moscow)"),
        "{}",
        answer[0].text
    );

    // 08:00 of day 0: no game waits for her move, so no digest goes.
    let none = outbox.serve_at(&bot, hours(0, 5), ANNA);
    assert!(none.is_empty(), "{none:#?}");

    let mut digests: BTreeMap<String, BotMail> = BTreeMap::new();
    for (g, game) in games.iter_mut().enumerate() {
        play(
            &bot,
            g as i64 + 1,
            game.as_mut(),
            OPPONENTS[g].1,
            hours(0, 12),
            false,
        );
    }
    let told = outbox.serve_at(&bot, hours(0, 12), ANNA);
    assert!(told.is_empty(), "no mail of a plain move: {told:#?}");

    for d in 1..=7 {
        // 07:00 in Moscow: no digest yet.
        let early = outbox.serve_at(&bot, hours(d, 4), ANNA);
        assert!(early.is_empty(), "day {d}, before 08:00: {early:#?}");
        // 08:00 in Moscow: the day's digest, and nothing else.
        let due = outbox.serve_at(&bot, hours(d, 5), ANNA);
        assert_eq!(due.len(), 1, "day {d}: one digest: {due:#?}");
        let digest = &due[0];
        assert!(is_digest(digest), "{digest:#?}");
        assert!(
            digest.text.contains("Ваш ход в 5 партиях."),
            "{}",
            digest.text
        );
        for g in 1..=5 {
            let address = format!("bot+{g}.{}@example.test", bot.token(g, "black"));
            let line = format!("Партия №{g}: ход пишите на {address}; контрольный срок — ");
            assert!(
                digest.text.contains(&line),
                "day {d}, game {g}:\n{}",
                digest.text
            );
        }
        // The boards, as in a move mail.
        assert!(
            common::conversation::board_lines(&digest.text).len() >= 5 * 8,
            "{}",
            digest.text
        );
        // Pressing Reply writes to the personal address, not to a game.
        assert!(
            digest.reply_address().starts_with("bot+p"),
            "{}",
            digest.reply_address()
        );
        let before = digests.insert(digest.message_id.clone(), digest.clone());
        assert!(before.is_none(), "one digest a day: {}", digest.message_id);
        let again = outbox.serve_at(&bot, hours(d, 6), ANNA);
        assert!(again.is_empty(), "day {d}, a second digest: {again:#?}");

        for (g, game) in games.iter_mut().enumerate() {
            play(&bot, g as i64 + 1, game.as_mut(), ANNA, hours(d, 7), false);
        }
        let own = outbox.serve_at(&bot, hours(d, 7), ANNA);
        assert!(!own.iter().any(is_digest), "{own:#?}");

        // The opponents move; on the last day, game #1's with a draw offer.
        for (g, game) in games.iter_mut().enumerate() {
            let offer = d == 7 && g == 0;
            play(
                &bot,
                g as i64 + 1,
                game.as_mut(),
                OPPONENTS[g].1,
                hours(d, 12),
                offer,
            );
        }
        let told = outbox.serve_at(&bot, hours(d, 12), ANNA);
        if d == 7 {
            assert_eq!(told.len(), 1, "the draw offer at once: {told:#?}");
            assert_eq!(told[0].game(), Some(1), "{:#?}", told[0]);
            assert!(told[0].text.contains("ничь"), "{}", told[0].text);
        } else {
            assert!(
                told.is_empty(),
                "day {d}: no mail of a plain move: {told:#?}"
            );
        }
        let night = outbox.serve_at(&bot, hours(d, 20), ANNA);
        assert!(night.is_empty(), "day {d}, evening: {night:#?}");
    }
    assert_eq!(digests.len(), 7, "{:?}", digests.keys());

    // «каждый ход»: a mail for every move again, and no more digests.
    write(
        &bot,
        2,
        2,
        "Анна <anna@example.test>",
        "black",
        "каждый ход",
        hours(8, 1),
    );
    let answer = outbox.serve_at(&bot, hours(8, 1), ANNA);
    assert_eq!(answer.len(), 1, "{answer:#?}");
    assert!(
        answer[0].text.contains("письмо на каждый ход"),
        "{}",
        answer[0].text
    );
    play(&bot, 2, games[1].as_mut(), ANNA, hours(8, 7), false);
    outbox.serve_at(&bot, hours(8, 7), ANNA);
    play(
        &bot,
        2,
        games[1].as_mut(),
        OPPONENTS[1].1,
        hours(8, 12),
        false,
    );
    let told = outbox.serve_at(&bot, hours(8, 12), ANNA);
    assert_eq!(told.len(), 1, "the move at once: {told:#?}");
    assert_eq!(told[0].game(), Some(2));
    let later = outbox.serve_at(&bot, hours(9, 5), ANNA);
    assert!(!later.iter().any(is_digest), "{later:#?}");
}

/// A Python with the `icalendar` package: `ZAOCHKA_PYTHON` (`.ci/run` makes
/// the venv); `None` (the test is skipped, saying so) when it is unset.
fn python() -> Option<std::path::PathBuf> {
    std::env::var_os("ZAOCHKA_PYTHON").map(std::path::PathBuf::from)
}

/// What the Python `script` prints about the calendar `file` (its first
/// argument); the script must succeed (Python's `icalendar` read the file).
fn python_over(python: &std::path::Path, script: &str, file: &std::path::Path) -> String {
    let out = Command::new(python)
        .args(["-c", script])
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "icalendar refused {}: {}\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr),
        std::fs::read_to_string(file).unwrap_or_default()
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Each VEVENT of the file as Python's `icalendar` reads it: UID → (SEQUENCE,
/// DTSTART in UTC as RFC 3339 or the date of an all-day event, the TZID of
/// DTSTART or "", SUMMARY).
fn read_ics(
    python: &std::path::Path,
    file: &std::path::Path,
) -> BTreeMap<String, (i64, String, String, String)> {
    let script = "import sys, json, datetime, icalendar\n\
        c = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())\n\
        for e in c.walk('VEVENT'):\n\
        \x20   d = e.decoded('DTSTART')\n\
        \x20   if isinstance(d, datetime.datetime):\n\
        \x20       tz = e['DTSTART'].params.get('TZID', '')\n\
        \x20       d = d.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')\n\
        \x20   else:\n\
        \x20       tz = ''\n\
        \x20       d = d.isoformat()\n\
        \x20   print(json.dumps([str(e['UID']), int(e.get('SEQUENCE', 0)), d, tz, str(e['SUMMARY'])]))\n";
    python_over(python, script, file)
        .lines()
        .map(|l| {
            let (uid, seq, start, tz, summary): (String, i64, String, String, String) =
                serde_json::from_str(l).unwrap();
            (uid, (seq, start, tz, summary))
        })
        .collect()
}

/// The deadlines `game show --json` prints: (side, RFC 3339 in UTC).
fn shown_deadlines(bot: &Bot, game: i64, at: DateTime<Utc>) -> Vec<(String, String)> {
    let json: serde_json::Value =
        serde_json::from_str(&bot.ok_at(at, &["game", "show", &game.to_string(), "--json"]))
            .unwrap();
    json["clocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| {
            let d = c["deadline"].as_str()?;
            let utc = DateTime::parse_from_rfc3339(d).unwrap().with_timezone(&Utc);
            Some((
                c["side"].as_str().unwrap().to_string(),
                utc.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            ))
        })
        .collect()
}

#[test]
fn the_calendar_holds_the_deadlines_game_show_prints_in_the_players_zone() {
    let bot = Bot::new(Mailing::Local);
    register(&bot, "Анна", ANNA, "ru", "Europe/Moscow");
    register(&bot, "Bob", "bob@example.test", "en", "America/New_York");
    let day0 = day0();
    let at = |h: i64| day0 + Duration::hours(h);
    // Game #1: Анна has White (her move); game #2: Bob has White and moves.
    for (white, black) in [(ANNA, "bob@example.test"), ("bob@example.test", ANNA)] {
        bot.ok_at(
            day0,
            &[
                "game",
                "new",
                "--variant",
                "russian",
                "--white",
                white,
                "--black",
                black,
                "--time-control",
                "3d/move",
            ],
        );
    }
    let mut outbox = Outbox::new();
    outbox.serve_at(&bot, at(1), ANNA);
    let mut g2 = new_game(Variant::Russian, None).unwrap();
    play(&bot, 2, g2.as_mut(), "bob@example.test", at(2), false);
    outbox.serve_at(&bot, at(2), ANNA);
    // A leave of three days, a month ahead.
    let first = (day0 + Duration::days(30)).date_naive();
    let last = first + Duration::days(2);
    write(
        &bot,
        1,
        1,
        "Анна <anna@example.test>",
        "white",
        &format!(
            "отпуск {} {}",
            first.format("%Y-%m-%d"),
            last.format("%Y-%m-%d")
        ),
        at(3),
    );
    outbox.serve_at(&bot, at(3), ANNA);

    // «календарь» by mail: the answer carries the file.
    write(
        &bot,
        2,
        1,
        "Анна <anna@example.test>",
        "white",
        "календарь",
        at(4),
    );
    let answer = outbox.serve_at(&bot, at(4), ANNA);
    assert_eq!(answer.len(), 1, "{answer:#?}");
    assert!(
        answer[0]
            .text
            .contains("Ваш календарь — во вложении (zaochka-1.ics"),
        "{}",
        answer[0].text
    );
    let parsed = mail_parser::MessageParser::default()
        .parse(answer[0].raw.as_bytes())
        .unwrap();
    let ics = parsed
        .attachments()
        .find(|a| {
            use mail_parser::MimeHeaders;
            a.attachment_name() == Some("zaochka-1.ics")
                && a.content_type()
                    .is_some_and(|ct| ct.ctype() == "text" && ct.subtype() == Some("calendar"))
        })
        .expect("the .ics attachment")
        .contents()
        .to_vec();
    let mailed = bot.path().join("mailed.ics");
    std::fs::write(&mailed, &ics).unwrap();
    let ics_text = String::from_utf8(ics).unwrap();
    assert!(
        ics_text.contains("DTSTART;TZID=Europe/Moscow:"),
        "{ics_text}"
    );
    assert!(
        ics_text.contains("SUMMARY:Срок хода: партия №1 с соперником Bob"),
        "{ics_text}"
    );

    // The command line writes the same events.
    let file = bot.path().join("anna.ics");
    bot.ok_at(at(4), &["calendar", ANNA, "--out", file.to_str().unwrap()]);
    let Some(python) = python() else {
        eprintln!(
            "SKIPPED: the .ics files are not read by Python's icalendar: set ZAOCHKA_PYTHON to a \
             Python that has it (.ci/run makes one)"
        );
        return;
    };
    let events = read_ics(&python, &file);
    assert_eq!(events, read_ics(&python, &mailed));
    check_vtimezone(&python, &file);
    let mut expected = Vec::new();
    for game in [1, 2] {
        for (side, deadline) in shown_deadlines(&bot, game, at(4)) {
            expected.push((format!("deadline.{game}.{side}.1@example.test"), deadline));
        }
    }
    assert_eq!(expected.len(), 2, "{expected:?}");
    for (uid, deadline) in &expected {
        let (_, start, tz, _) = events
            .get(uid)
            .unwrap_or_else(|| panic!("{uid}: {events:#?}"));
        assert_eq!((start, tz.as_str()), (deadline, "Europe/Moscow"), "{uid}");
    }
    let leave = events
        .iter()
        .find(|(uid, _)| uid.starts_with("leave."))
        .unwrap_or_else(|| panic!("the leave: {events:#?}"));
    assert_eq!(leave.1.1, first.format("%Y-%m-%d").to_string());
    assert_eq!(leave.1.3, "Отпуск (zaochka)");
    assert_eq!(events.len(), 3, "{events:#?}");

    // Анна moves in game #2: its event keeps its UID, with a later SEQUENCE,
    // and Bob's deadline of game #2 is the one in the calendar now.
    play(&bot, 2, g2.as_mut(), ANNA, at(5), false);
    bot.ok_at(at(6), &["calendar", ANNA, "--out", file.to_str().unwrap()]);
    let after = read_ics(&python, &file);
    let (_, bob_due) = &shown_deadlines(&bot, 2, at(6))[0];
    let (seq, start, _, summary) = &after["deadline.2.white.1@example.test"];
    assert_eq!(start, bob_due);
    assert!(summary.contains("Bob"), "{summary}");
    assert!(
        *seq > events["deadline.2.black.1@example.test"].0,
        "{after:#?}"
    );
    assert!(
        !after.contains_key("deadline.2.black.1@example.test"),
        "{after:#?}"
    );
}

/// A bot that publishes the calendars (`[tournaments] calendars`) into
/// `<bot>/www` served at `https://games.example.test/zaochka/`; Анна
/// (Europe/Moscow) has White against Bob (America/New_York) in game #1.
fn publishing_bot(day0: DateTime<Utc>) -> (Bot, std::path::PathBuf) {
    let bot = Bot::new(Mailing::Local);
    let site = bot.path().join("www");
    let config = bot.path().join("zaochka.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str(&format!(
        "[tournaments]\nsite-dir = {:?}\ncalendars = true\nsite-url = \"https://games.example.test/zaochka/\"\n",
        site.to_str().unwrap()
    ));
    std::fs::write(&config, text).unwrap();
    register(&bot, "Анна", ANNA, "ru", "Europe/Moscow");
    register(&bot, "Bob", "bob@example.test", "en", "America/New_York");
    bot.ok_at(
        day0,
        &[
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            ANNA,
            "--black",
            "bob@example.test",
            "--time-control",
            "3d/move",
        ],
    );
    (bot, site.join("calendars"))
}

/// The names of the published calendars (without `.ics`), sorted.
fn published(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".ics").map(str::to_string))
        .collect();
    names.sort();
    names
}

#[test]
fn the_daemon_publishes_both_players_calendars_under_secret_names_and_refreshes_them_after_a_move()
{
    let day0 = day0();
    let at = |h: i64| day0 + Duration::hours(h);
    let (bot, dir) = publishing_bot(day0);
    let mut outbox = Outbox::new();
    outbox.serve_at(&bot, at(1), ANNA);
    let names = published(&dir);
    assert_eq!(names.len(), 2, "one file per player: {names:?}");
    for n in &names {
        assert!(
            n.len() == 32 && n.bytes().all(|b| b.is_ascii_hexdigit()),
            "128 bits in hex: {n}"
        );
    }

    // Another database names its players' files otherwise.
    let (other, other_dir) = publishing_bot(day0);
    other.serve_once_at(at(1));
    let other_names = published(&other_dir);
    assert_eq!(other_names.len(), 2, "{other_names:?}");
    assert!(
        names.iter().all(|n| !other_names.contains(n)),
        "{names:?} {other_names:?}"
    );

    // «календарь» tells Анна the address of her file.
    write(
        &bot,
        1,
        1,
        "Анна <anna@example.test>",
        "white",
        "календарь",
        at(2),
    );
    let answer = outbox.serve_at(&bot, at(2), ANNA);
    assert_eq!(answer.len(), 1, "{answer:#?}");
    let prefix = "https://games.example.test/zaochka/calendars/";
    let from = answer[0]
        .text
        .find(prefix)
        .unwrap_or_else(|| panic!("the address: {}", answer[0].text))
        + prefix.len();
    let anna = answer[0].text[from..from + 32].to_string();
    assert!(
        answer[0].text[from + 32..].starts_with(".ics"),
        "{}",
        answer[0].text
    );
    assert!(names.contains(&anna), "{anna} in {names:?}");
    let bob = names.iter().find(|n| **n != anna).unwrap().clone();
    let anna_file = dir.join(format!("{anna}.ics"));
    let bob_file = dir.join(format!("{bob}.ics"));
    let before = std::fs::read_to_string(&bob_file).unwrap();
    assert!(
        before.contains("UID:deadline.1.white.2@example.test"),
        "{before}"
    );

    // Анна moves: after the daemon's next batch both files hold Bob's new
    // deadline, in each reader's zone.
    let mut g1 = new_game(Variant::Russian, None).unwrap();
    play(&bot, 1, g1.as_mut(), ANNA, at(3), false);
    outbox.serve_at(&bot, at(3), ANNA);
    let due = shown_deadlines(&bot, 1, at(3));
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].0, "black");
    for (file, zone, player) in [
        (&anna_file, "Europe/Moscow", 1),
        (&bob_file, "America/New_York", 2),
    ] {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(
            text.contains(&format!("UID:deadline.1.black.{player}@example.test"))
                && !text.contains("UID:deadline.1.white.")
                && text.contains(&format!("DTSTART;TZID={zone}:"))
                && text.contains(&format!("BEGIN:VTIMEZONE\r\nTZID:{zone}\r\n")),
            "{text}"
        );
    }
    assert!(
        std::fs::read_dir(&dir).unwrap().count() == 2,
        "no temporary file is left"
    );
    let Some(python) = python() else {
        eprintln!(
            "SKIPPED: the published files are not read by Python's icalendar: set \
             ZAOCHKA_PYTHON to a Python that has it (.ci/run makes one)"
        );
        return;
    };
    let mut uids = HashSet::new();
    for (file, zone, player) in [
        (&anna_file, "Europe/Moscow", 1),
        (&bob_file, "America/New_York", 2),
    ] {
        let events = read_ics(&python, file);
        let (seq, start, tz, _) = events
            .get(&format!("deadline.1.black.{player}@example.test"))
            .unwrap_or_else(|| panic!("{}: {events:#?}", file.display()));
        assert_eq!((start, tz.as_str(), *seq), (&due[0].1, zone, 1));
        check_vtimezone(&python, file);
        uids.extend(events.into_keys());
    }
    // One calendar holding both files keeps each player's event of Bob's
    // deadline.
    assert_eq!(
        uids.iter()
            .filter(|u| u.starts_with("deadline.1.black."))
            .count(),
        2,
        "{uids:?}"
    );

    // Bob is retired: his published file is removed, Анна's stays.
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
    bot.ok_at(
        at(4),
        &[
            "player",
            "retire",
            "bob@example.test",
            "--as",
            "referee@example.test",
            "--reason",
            "left the club",
        ],
    );
    outbox.serve_at(&bot, at(5), ANNA);
    assert!(!bob_file.exists(), "{:?}", published(&dir));
    assert!(anna_file.exists(), "{:?}", published(&dir));
}

/// Checks with Python's `icalendar` that the file defines every TZID it
/// uses in a VTIMEZONE, and that the zone built from that VTIMEZONE alone
/// gives each timed event's start the UTC offset the zone database gives.
fn check_vtimezone(python: &std::path::Path, file: &std::path::Path) {
    let script = "import sys, datetime, zoneinfo, icalendar\n\
        c = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())\n\
        zones = {str(z['TZID']): z.to_tz(lookup_tzid=False) for z in c.walk('VTIMEZONE')}\n\
        n = 0\n\
        for e in c.walk('VEVENT'):\n\
        \x20   p = e['DTSTART']\n\
        \x20   tzid = p.params.get('TZID')\n\
        \x20   if tzid is None:\n\
        \x20       continue\n\
        \x20   assert tzid in zones, ('no VTIMEZONE', tzid)\n\
        \x20   naive = p.dt.replace(tzinfo=None)\n\
        \x20   own = naive.replace(tzinfo=zones[tzid]).utcoffset()\n\
        \x20   real = naive.replace(tzinfo=zoneinfo.ZoneInfo(tzid)).utcoffset()\n\
        \x20   assert own == real, (tzid, naive, own, real)\n\
        \x20   n += 1\n\
        assert n > 0\n\
        print(n)\n";
    python_over(python, script, file);
}

#[test]
fn a_digest_at_an_hour_that_is_none_is_refused_with_the_hours_in_each_language() {
    let bot = Bot::new(Mailing::Local);
    register(&bot, "Анна", ANNA, "ru", "Europe/Moscow");
    let (_, adams) = OPPONENTS[0];
    register(&bot, "Adams", adams, "en", "Europe/London");
    let day0 = day0();
    let hours = |h: i64| day0 + Duration::hours(h);
    bot.ok_at(
        day0,
        &[
            "game",
            "new",
            "--variant",
            "russian",
            "--white",
            adams,
            "--black",
            ANNA,
            "--time-control",
            "10d/move",
        ],
    );
    let mut outbox = Outbox::new();
    outbox.serve_at(&bot, hours(1), ANNA);
    write(
        &bot,
        1,
        1,
        "Анна <anna@example.test>",
        "black",
        "сводка в 25",
        hours(2),
    );
    let ru = outbox.serve_at(&bot, hours(2), ANNA);
    assert_eq!(ru.len(), 1, "{ru:#?}");
    assert!(
        ru[0].text.contains(
            "Сводка на «25» не заказана: час должен быть от 0 до 23 (по вашему времени), \
             например «сводка в 8». Ничего не изменено."
        ),
        "{}",
        ru[0].text
    );
    assert!(
        !ru[0].text.contains("ни хода, ни команды"),
        "{}",
        ru[0].text
    );
    write(
        &bot,
        2,
        1,
        "Adams <adams@example.test>",
        "white",
        "digest at 25",
        hours(3),
    );
    let en = outbox.serve_at(&bot, hours(3), adams);
    assert_eq!(en.len(), 1, "{en:#?}");
    assert!(
        en[0].text.contains(
            "A daily digest at \"25\" was asked for, but the hour must be from 0 to 23 \
             (of your time zone), for example \"digest at 8\". Nothing was changed."
        ),
        "{}",
        en[0].text
    );
    // Nothing changed: White's move still comes to Анна at once.
    let mut game = new_game(Variant::Russian, None).unwrap();
    play(&bot, 1, game.as_mut(), adams, hours(4), false);
    let moved = outbox.serve_at(&bot, hours(4), ANNA);
    assert_eq!(moved.len(), 1, "{moved:#?}");
    assert!(!is_digest(&moved[0]), "{moved:#?}");
}
