//! The directors' daily digest: a director who asked for it gets the
//! events of a tournament in one mail a day (08:00 of their zone), grouped,
//! in the tournament's director thread, none on a day without events; a
//! director on `each` gets each event at once. The daemon runs once per
//! tick, a new process each time, with a faked clock.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use crate::common::daemon::{ALICE, BOB, Bot, Mailing, mail, two_players};
use crate::common::field::add_director;

const REFEREE: &str = "referee@example.test";
const JUDGE: &str = "judge@example.test";
const T: &str = "Winter";

/// The start of the tournament.
fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 3, 1, 9, 0, 0).unwrap()
}

/// Alice and Bob in the double round robin Winter (40 days per move, two
/// games at once, each player to move in one), directed by Referee in
/// English and Судья in Russian, started at [`t0`]. Returns its games.
fn winter(bot: &Bot) -> Vec<i64> {
    two_players(bot, "russian");
    add_director(&|args| bot.ok(args), JUDGE, Some("ru"));
    let desk = ["--as", REFEREE];
    let new = [
        "tournament",
        "new",
        T,
        "--variant",
        "russian",
        "--system",
        "double-round-robin",
        "--time-control",
        "40d/move",
    ];
    bot.ok_at(t0(), &[&new[..], &desk].concat());
    bot.ok_at(
        t0(),
        &[&["tournament", "directors", "add", T, JUDGE][..], &desk].concat(),
    );
    for p in [ALICE, BOB] {
        bot.ok_at(t0(), &[&["tournament", "add", T, p][..], &desk].concat());
    }
    let numbers = format!("{ALICE},{BOB}");
    bot.ok_at(
        t0(),
        &[&["tournament", "draw", T, "--numbers", &numbers][..], &desk].concat(),
    );
    bot.ok_at(t0(), &[&["tournament", "start", T][..], &desk].concat());
    bot.serve_once_at(t0());
    let db = bot.db();
    let mut st = db
        .prepare("SELECT game_id FROM tournament_games ORDER BY game_id")
        .unwrap();
    st.query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// One daemon tick on day `days` after the start at `hour`:00 UTC.
fn tick(bot: &Bot, days: i64, hour: u32) {
    let at = t0().date_naive() + TimeDelta::days(days);
    bot.serve_once_at(Utc.from_utc_datetime(&at.and_hms_opt(hour, 0, 0).unwrap()));
}

/// (subject, in_reply_to, body) of every mail to `address`, oldest first.
fn mails(bot: &Bot, address: &str) -> Vec<(String, String, String)> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT subject, COALESCE(in_reply_to, ''), body_text FROM outbox
             WHERE to_address = ?1 ORDER BY id",
        )
        .unwrap();
    st.query_map([address], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The digests among the mails to `address`.
fn digests(bot: &Bot, address: &str, head: &str) -> Vec<String> {
    mails(bot, address)
        .into_iter()
        .map(|(_, _, body)| body)
        .filter(|b| b.starts_with(head))
        .collect()
}

#[test]
fn a_digest_director_gets_one_mail_a_day_with_every_event_and_none_on_a_day_without_events() {
    let bot = Bot::new(Mailing::Local);
    let games = winter(&bot);
    assert_eq!(games.len(), 2, "two games at once");
    let said = bot.ok(&[
        "tournament",
        "directors",
        "mail",
        T,
        REFEREE,
        "digest",
        "--as",
        REFEREE,
    ]);
    assert_eq!(
        said.trim(),
        "tournament \"Winter\": referee@example.test gets one digest a day of its events"
    );
    let before = mails(&bot, REFEREE).len();
    // Every day from day 13 to day 37, twice on the days with events.
    for day in 13..=37 {
        tick(&bot, day, 10);
        if [14, 30, 35].contains(&day) {
            tick(&bot, day, 16);
        }
    }
    let all = mails(&bot, REFEREE)[before..].to_vec();
    let digest = digests(&bot, REFEREE, "The digest of Winter");
    assert_eq!(all.len(), digest.len(), "nothing but digests: {all:#?}");
    // Silence at 14, 28 and 35 days; 10 and 5 days before the time loss
    // (at 30 and 35 days): four days with events, each told in the next
    // day's digest (the events come after 08:00 Moscow).
    assert_eq!(digest.len(), 4, "{digest:#?}");
    for (body, day) in digest
        .iter()
        .zip(["2027-03-16", "2027-03-30", "2027-04-01", "2027-04-06"])
    {
        assert!(body.contains(&format!("for {day}")), "{body}");
    }
    let root = {
        let id: i64 = bot
            .db()
            .query_row("SELECT id FROM tournaments WHERE name = ?1", [T], |r| {
                r.get(0)
            })
            .unwrap();
        format!("zaochka.directors.{id}@example.test")
    };
    for (subject, in_reply_to, _) in &all {
        assert_eq!(subject, "[zaochka] Winter: to the directors");
        assert_eq!(in_reply_to, &root);
    }
    // Every event appears once, for each game's player to move.
    let text = digest.join("\n");
    for (g, who) in games.iter().zip(["Alice", "Боб"]) {
        for days in [14, 28, 35] {
            let line = format!("{who} has not moved in game #{g} for {days} days");
            assert_eq!(text.matches(&line).count(), 1, "{line}: {text}");
        }
        for days in [10, 5] {
            let line = format!("{who} is {days} days from losing on time in game #{g}");
            assert_eq!(text.matches(&line).count(), 1, "{line}: {text}");
        }
    }
    // The Russian director, on `each`, heard of each of the ten at once.
    let judge = mails(&bot, JUDGE);
    let warned = judge
        .iter()
        .filter(|(_, _, b)| b.contains("до поражения по времени") || b.contains("не делает ход"))
        .count();
    assert_eq!(warned, 10, "{judge:#?}");
    assert!(judge.iter().all(|(_, _, b)| !b.starts_with("Сводка")));
}

/// The Reply-To, Subject and Message-ID of the last mail to `address`.
fn last_headers(bot: &Bot, address: &str) -> (String, String, String) {
    bot.db()
        .query_row(
            "SELECT reply_to, subject, message_id FROM outbox WHERE to_address = ?1
             ORDER BY id DESC LIMIT 1",
            [address],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
}

/// Судья presses Reply on the last mail to them and writes `body`, the
/// mail program writing the threading headers `threading` (In-Reply-To,
/// and References if any).
fn judge_replies(bot: &Bot, seq: usize, body: &str, threading: &str) {
    let (reply_to, subject, _) = last_headers(bot, JUDGE);
    let reply = mail(
        "Судья <judge@example.test>",
        &reply_to,
        &format!("Re: {subject}"),
        &format!("judge-{seq}@club.test"),
        body,
    )
    .replacen("Message-ID:", &format!("{threading}\nMessage-ID:"), 1);
    bot.deliver(seq, &reply);
}

/// The body of the last mail to `address`.
fn last(bot: &Bot, address: &str) -> String {
    mails(bot, address).pop().unwrap().2
}

#[test]
fn a_director_asks_for_the_digest_by_mail_in_either_language_and_gets_one_in_it() {
    let bot = Bot::new(Mailing::Local);
    let games = winter(&bot);
    let (a, b) = (games[0], games[1]);
    // Day 14: both directors are told at once.
    tick(&bot, 14, 10);
    assert!(last(&bot, JUDGE).contains("не делает ход"));
    // The Russian director presses Reply on the warning.
    let (_, _, message_id) = last_headers(&bot, JUDGE);
    let id: i64 = bot
        .db()
        .query_row("SELECT id FROM tournaments WHERE name = ?1", [T], |r| {
            r.get(0)
        })
        .unwrap();
    let root = format!("zaochka.directors.{id}@example.test");
    judge_replies(
        &bot,
        1,
        "Присылать сводкой.\n\n-- \nСудья\n",
        &format!("In-Reply-To: <{message_id}>\nReferences: <{root}> <{message_id}>"),
    );
    tick(&bot, 15, 10);
    let answer = last(&bot, JUDGE);
    assert!(
        answer.contains(
            "События турнира «Winter» будут приходить вам одной сводкой в день, в 08:00 по вашему времени (Europe/Moscow)"
        ),
        "{answer}"
    );
    // The English director writes to their personal address, naming it.
    let to = bot.personal_address(REFEREE);
    bot.deliver(
        2,
        &mail(
            "Referee <referee@example.test>",
            &to,
            "settings",
            "en-digest@club.test",
            "send digest Winter\n",
        ),
    );
    tick(&bot, 15, 11);
    let answer = last(&bot, REFEREE);
    assert!(
        answer.contains(
            "You will get the events of Winter in one mail a day, at 08:00 of your time zone (Europe/Moscow)"
        ),
        "{answer}"
    );
    // Day 28: the events come after the day's 08:00, so nothing until
    // the next day's; then one digest each, in each director's language.
    let before = mails(&bot, REFEREE).len();
    tick(&bot, 28, 10);
    assert_eq!(
        mails(&bot, REFEREE).len(),
        before,
        "no digest before its hour"
    );
    tick(&bot, 29, 6);
    let new = mails(&bot, REFEREE)[before..].to_vec();
    assert_eq!(new.len(), 1, "{new:#?}");
    assert_eq!(
        new[0].2,
        format!(
            "The digest of Winter for 2027-03-30: 2 events since the last digest. \
             To have each event mailed at once, reply \"each event\".\n\
             \n\
             Time and silence warnings (to give days \"add days #N white 3\", to stop the clock \
             \"pause #N\", each with \"reason: ...\"):\n\
             Alice has not moved in game #{a} for 28 days of clock time while it is their move; \
             the deadline is 2027-04-10 09:00 UTC (2027-04-10 12:00 MSK, Europe/Moscow).\n\
             Боб has not moved in game #{b} for 28 days of clock time while it is their move; \
             the deadline is 2027-04-10 09:00 UTC (2027-04-10 12:00 MSK, Europe/Moscow)."
        )
    );
    let judge = last(&bot, JUDGE);
    assert!(
        judge.starts_with("Сводка турнира «Winter» за 30.03.2027: 2 события после прошлой сводки."),
        "{judge}"
    );
    assert!(
        judge.contains(&format!(
            "Участник Alice не делает ход в партии №{a} уже 28 дней"
        )),
        "{judge}"
    );
    // Back to each event, by mail without a name: every tournament directed.
    bot.deliver(
        3,
        &mail(
            "Referee <referee@example.test>",
            &to,
            "settings",
            "en-each@club.test",
            "Each event\n",
        ),
    );
    tick(&bot, 29, 10);
    assert!(
        last(&bot, REFEREE).contains("You will get a mail for each event of Winter at once."),
        "{}",
        last(&bot, REFEREE)
    );
    tick(&bot, 30, 10);
    let warned = mails(&bot, REFEREE)
        .into_iter()
        .filter(|(_, _, body)| {
            body.starts_with(&format!(
                "Alice is 10 days from losing on time in game #{a}"
            ))
        })
        .count();
    assert_eq!(warned, 1, "{:#?}", mails(&bot, REFEREE));
    tick(&bot, 31, 6);
    assert!(last(&bot, JUDGE).starts_with("Сводка турнира «Winter» за 01.04.2027"));
}

#[test]
fn a_digest_comes_only_at_the_directors_hour_and_events_after_it_wait_for_the_next_day() {
    let bot = Bot::new(Mailing::Local);
    winter(&bot);
    bot.ok(&[
        "tournament",
        "directors",
        "mail",
        T,
        REFEREE,
        "digest",
        "--as",
        REFEREE,
    ]);
    let head = "The digest of Winter";
    // Day 14, 10:00 UTC (13:00 in Moscow): the silence warnings are kept;
    // the day's 08:00 has passed without a digest, yet none is written
    // at any later tick of that local day.
    for hour in [10, 12, 16, 20] {
        tick(&bot, 14, hour);
        assert!(digests(&bot, REFEREE, head).is_empty(), "at {hour}:00");
    }
    // 04:00 UTC of the next day is 07:00 in Moscow: not yet.
    tick(&bot, 15, 4);
    assert!(digests(&bot, REFEREE, head).is_empty());
    // 05:00 UTC is 08:00 in Moscow: the one digest, then no other that day.
    tick(&bot, 15, 5);
    tick(&bot, 15, 15);
    let sent = digests(&bot, REFEREE, head);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(
        sent[0].starts_with("The digest of Winter for 2027-03-16: 2 events"),
        "{}",
        sent[0]
    );
}

/// The round robin `name` (Russian checkers), made by Referee at [`t0`],
/// with Судья as its second director.
fn a_round_robin_directed_by_both(bot: &Bot, name: &str) {
    let desk = ["--as", REFEREE];
    let new = [
        "tournament",
        "new",
        name,
        "--variant",
        "russian",
        "--system",
        "round-robin",
    ];
    bot.ok_at(t0(), &[&new[..], &desk].concat());
    bot.ok_at(
        t0(),
        &[&["tournament", "directors", "add", name, JUDGE][..], &desk].concat(),
    );
}

#[test]
fn the_directors_list_shows_each_directors_mail_setting_in_the_configured_language() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    add_director(&|args| bot.ok(args), JUDGE, Some("ru"));
    a_round_robin_directed_by_both(&bot, T);
    bot.ok(&[
        "tournament",
        "directors",
        "mail",
        T,
        JUDGE,
        "digest",
        "--as",
        JUDGE,
    ]);
    let list =
        |lang: &[&str]| bot.ok(&[&["tournament", "directors", "list", T][..], lang].concat());
    assert_eq!(
        list(&["--lang", "en"]),
        "referee@example.test (Referee, referee), since 2027-03-01T09:00:00+00:00; \
         mail: each event at once\n\
         judge@example.test (Судья, referee), since 2027-03-01T09:00:00+00:00; \
         mail: one digest a day\n"
    );
    let ru = "referee@example.test (Referee, судья), с 2027-03-01T09:00:00+00:00; \
              письма: о каждом событии сразу\n\
              judge@example.test (Судья, судья), с 2027-03-01T09:00:00+00:00; \
              письма: сводкой раз в день\n";
    assert_eq!(list(&["--lang", "ru"]), ru);
    // Without --lang: the configuration's default-language (Russian).
    assert_eq!(list(&[]), ru);
    let json = list(&["--json"]);
    assert!(
        json.lines()
            .nth(1)
            .is_some_and(|l| l.contains("\"mail\":\"digest\"")),
        "{json}"
    );
    bot.ok(&[
        "tournament",
        "directors",
        "mail",
        T,
        JUDGE,
        "each",
        "--as",
        JUDGE,
    ]);
    assert!(
        list(&["--lang", "en"]).ends_with("; mail: each event at once\n"),
        "back to each"
    );
}

/// The mail setting of `director` in each tournament, by name.
fn settings(bot: &Bot, director: &str) -> Vec<(String, String)> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT t.name, m.mode FROM director_mail m
             JOIN tournaments t ON t.id = m.tournament_id
             JOIN players p ON p.id = m.player_id
             WHERE p.email = ?1 ORDER BY t.name",
        )
        .unwrap();
    st.query_map([director], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_reply_to_a_digest_with_in_reply_to_only_sets_that_tournament_alone() {
    let bot = Bot::new(Mailing::Local);
    winter(&bot);
    // A second tournament the Russian director directs too.
    a_round_robin_directed_by_both(&bot, "Spring");
    for t in [T, "Spring"] {
        bot.ok(&[
            "tournament",
            "directors",
            "mail",
            t,
            JUDGE,
            "digest",
            "--as",
            REFEREE,
        ]);
    }
    tick(&bot, 14, 10);
    tick(&bot, 15, 6);
    assert!(last(&bot, JUDGE).starts_with("Сводка турнира «Winter»"));
    // The director's mail program writes In-Reply-To only (no References).
    let (_, _, message_id) = last_headers(&bot, JUDGE);
    judge_replies(
        &bot,
        1,
        "Присылать сразу.\n",
        &format!("In-Reply-To: <{message_id}>"),
    );
    tick(&bot, 15, 7);
    assert_eq!(
        settings(&bot, JUDGE),
        [
            ("Spring".to_string(), "digest".to_string()),
            ("Winter".to_string(), "each".to_string())
        ],
        "{}",
        last(&bot, JUDGE)
    );
    assert!(
        !last(&bot, JUDGE).contains("Spring"),
        "{}",
        last(&bot, JUDGE)
    );
}
