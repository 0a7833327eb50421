//! One thread per tournament for its directors: every mail to a director of
//! a tournament answers the same root Message-ID (In-Reply-To, References),
//! under one Subject with the tournament's name in the director's language,
//! whatever game it is about; pressing Reply on one of them and writing a
//! director's command applies it.

use chrono::TimeDelta;

use super::clock_warnings::{JUDGE, REFEREE, T, t0, winter};
use crate::common::daemon::{ALICE, Bot, Mailing, mail};

/// (subject, in_reply_to, references, reply_to, message_id) of every mail to
/// `address` that contains `text`, oldest first.
fn headers(bot: &Bot, address: &str, text: &str) -> Vec<[String; 5]> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT subject, COALESCE(in_reply_to, ''), COALESCE(references_header, ''),
                    COALESCE(reply_to, ''), message_id
             FROM outbox WHERE to_address = ?1 AND body_text LIKE ?2 ORDER BY id",
        )
        .unwrap();
    st.query_map(rusqlite::params![address, format!("%{text}%")], |r| {
        Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?])
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

#[test]
fn every_director_mail_of_a_tournament_answers_one_root_under_the_tournament_subject() {
    let bot = Bot::new(Mailing::Local);
    let g = winter(&bot, &[]);
    let tournament: i64 = bot
        .db()
        .query_row("SELECT id FROM tournaments WHERE name = ?1", [T], |r| {
            r.get(0)
        })
        .unwrap();
    let root = format!("zaochka.directors.{tournament}@example.test");
    // Two silence warnings about the game.
    for day in [14, 28] {
        bot.serve_once_at(t0() + TimeDelta::days(day) + TimeDelta::hours(1));
    }
    let warned = headers(&bot, JUDGE, "не делает ход");
    assert_eq!(warned.len(), 2, "{:?}", bot.outbox_to(JUDGE));
    for [subject, in_reply_to, references, reply_to, _] in &warned {
        assert_eq!(subject, "[zaochka] Турнир «Winter»: судьям");
        assert_eq!(in_reply_to, &root);
        assert_eq!(references, &format!("<{root}>"));
        assert!(reply_to.starts_with("bot+p"), "{reply_to}");
    }
    let en = headers(&bot, REFEREE, "has not moved");
    assert_eq!(en.len(), 2, "{:?}", bot.outbox_to(REFEREE));
    for [subject, in_reply_to, ..] in &en {
        assert_eq!(subject, "[zaochka] Winter: to the directors");
        assert_eq!(in_reply_to, &root);
    }
    // The Russian director presses Reply on the first warning and pauses the
    // game.
    let [subject, _, _, reply_to, message_id] = warned[0].clone();
    let answer = mail(
        "Судья <judge@example.test>",
        &reply_to,
        &format!("Re: {subject}"),
        "pause-by-reply@club.test",
        &format!("пауза #{g}\nпричина: проверка жалобы\n"),
    )
    .replacen(
        "Message-ID:",
        &format!("In-Reply-To: <{message_id}>\nReferences: <{root}> <{message_id}>\nMessage-ID:"),
        1,
    );
    let later = t0() + TimeDelta::days(29);
    bot.deliver(1, &answer);
    bot.serve_once_at(later + TimeDelta::hours(1));
    let status: String = bot
        .db()
        .query_row("SELECT status FROM games WHERE id = ?1", [g], |r| r.get(0))
        .unwrap();
    assert_eq!(status, "paused", "{:?}", bot.outbox_to(JUDGE));
    // The withdrawal (about no one game) goes in the same thread.
    bot.ok_at(
        later + TimeDelta::hours(2),
        &[
            "tournament",
            "withdraw",
            T,
            ALICE,
            "--reason",
            "illness",
            "--as",
            REFEREE,
        ],
    );
    let withdrawn = headers(&bot, JUDGE, "выбыл");
    assert_eq!(withdrawn.len(), 1, "{:?}", bot.outbox_to(JUDGE));
    assert_eq!(withdrawn[0][..3], warned[0][..3]);
}

/// The headers (subject, in_reply_to, references) of the mails to `address`
/// that answer the mail `id`.
fn answers(bot: &Bot, address: &str, id: &str) -> Vec<[String; 3]> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT subject, COALESCE(in_reply_to, ''), COALESCE(references_header, '')
             FROM outbox WHERE to_address = ?1 AND in_reply_to = ?2 ORDER BY id",
        )
        .unwrap();
    st.query_map(rusqlite::params![address, id], |r| {
        Ok([r.get(0)?, r.get(1)?, r.get(2)?])
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

#[test]
fn a_directors_command_by_mail_is_answered_in_the_thread_it_came_in() {
    let bot = Bot::new(Mailing::Local);
    let g = winter(&bot, &[]);
    let tournament: i64 = bot
        .db()
        .query_row("SELECT id FROM tournaments WHERE name = ?1", [T], |r| {
            r.get(0)
        })
        .unwrap();
    let root = format!("zaochka.directors.{tournament}@example.test");
    bot.serve_once_at(t0() + TimeDelta::days(14) + TimeDelta::hours(1));
    let warned = headers(&bot, JUDGE, "не делает ход");
    assert_eq!(warned.len(), 1, "{:?}", bot.outbox_to(JUDGE));
    let [subject, _, _, reply_to, message_id] = warned[0].clone();
    // Once with the whole References, once (a terse mail program) with
    // In-Reply-To only.
    let commands = [
        (
            "pause-with-references@club.test",
            format!("In-Reply-To: <{message_id}>\nReferences: <{root}> <{message_id}>\n"),
            format!("пауза #{g}\nпричина: проверка жалобы\n"),
        ),
        (
            "resume-in-reply-to-only@club.test",
            format!("In-Reply-To: <{message_id}>\n"),
            format!("возобновить #{g}\nпричина: жалоба проверена\n"),
        ),
    ];
    for (k, (id, threading, body)) in commands.iter().enumerate() {
        let command = mail(
            "Судья <judge@example.test>",
            &reply_to,
            &format!("Re: {subject}"),
            id,
            body,
        )
        .replacen("Message-ID:", &format!("{threading}Message-ID:"), 1);
        bot.deliver(k + 1, &command);
        bot.serve_once_at(t0() + TimeDelta::days(14) + TimeDelta::hours(2 + k as i64));
        let answered = answers(&bot, JUDGE, id);
        assert_eq!(answered.len(), 1, "{id}: {:?}", bot.outbox_to(JUDGE));
        let [subject_back, in_reply_to, references] = &answered[0];
        assert_eq!(subject_back, &format!("Re: {subject}"), "{id}");
        assert_eq!(in_reply_to, id);
        let refs: Vec<&str> = references.split_whitespace().collect();
        assert_eq!(
            refs.first(),
            Some(&format!("<{root}>").as_str()),
            "{id}: {references}"
        );
        assert_eq!(
            refs.last(),
            Some(&format!("<{id}>").as_str()),
            "{id}: {references}"
        );
    }
    let status: String = bot
        .db()
        .query_row("SELECT status FROM games WHERE id = ?1", [g], |r| r.get(0))
        .unwrap();
    assert_eq!(status, "active", "paused, then resumed by mail");
}
