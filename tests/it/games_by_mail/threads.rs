//! The conversation a player can trust: every mail
//! the bot writes comes from the reader's personal address (of the game, or the
//! player's own for mails not about one game), carries the game's one Subject
//! and is threaded (In-Reply-To, References) to the last mail of its thread;
//! pressing Reply on any kind of bot mail and writing a move gets it applied;
//! a registered player's mail without a token gets one answer a day, to the
//! registered address only; a stranger none.

use crate::common;

use std::collections::HashMap;

use common::daemon::{Bot, GameNew, Mailing, mail, two_players};

/// A mail the bot sent, as read back from the files outbox.
#[derive(Clone, Debug)]
struct Sent {
    to: String,
    game: Option<i64>,
    from: String,
    reply_to: Option<String>,
    subject: String,
    message_id: String,
    in_reply_to: Option<String>,
    references: Vec<String>,
    body: String,
}

/// The raw header block of a mail, unfolded: (lowercase name, value).
fn raw_headers(eml: &str) -> Vec<(String, String)> {
    let head = eml
        .split("\r\n\r\n")
        .next()
        .unwrap_or("")
        .split("\n\n")
        .next()
        .unwrap_or("");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in head.lines() {
        let line = line.trim_end_matches('\r');
        if line.starts_with([' ', '\t']) {
            if let Some(last) = out.last_mut() {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        } else if let Some((name, value)) = line.split_once(':') {
            out.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    out
}

fn ids(value: &str) -> Vec<String> {
    value
        .split_whitespace()
        .map(|s| s.trim_matches(|c| c == '<' || c == '>').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Every mail the bot sent, in the order it wrote them.
fn sent(bot: &Bot) -> Vec<Sent> {
    let mut files: HashMap<String, String> = HashMap::new();
    for f in bot.outbox_files() {
        let m = mail_parser::MessageParser::default()
            .parse(f.as_bytes())
            .unwrap();
        files.insert(m.message_id().unwrap().to_string(), f);
    }
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT to_address, game_id, message_id FROM outbox WHERE status = 'sent' ORDER BY id",
        )
        .unwrap();
    let rows: Vec<(String, Option<i64>, String)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    rows.into_iter()
        .map(|(to, game, id)| {
            let eml = files.get(&id).unwrap_or_else(|| panic!("no file for {id}"));
            let m = mail_parser::MessageParser::default()
                .parse(eml.as_bytes())
                .unwrap();
            let addr = |a: Option<&mail_parser::Address<'_>>| {
                a.and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .map(str::to_string)
            };
            let raw = raw_headers(eml);
            let header = |n: &str| raw.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
            Sent {
                to,
                game,
                from: addr(m.from()).unwrap(),
                reply_to: addr(m.reply_to()),
                subject: m.subject().unwrap_or("").to_string(),
                message_id: id,
                in_reply_to: header("in-reply-to").map(|v| ids(&v).join(" ")),
                references: header("references").map(|v| ids(&v)).unwrap_or_default(),
                body: m.body_text(0).unwrap_or_default().into_owned(),
            }
        })
        .collect()
}

/// The last mail the bot sent to `to` whose body holds `marker`.
fn last_to(bot: &Bot, to: &str, marker: &str) -> Sent {
    sent(bot)
        .into_iter()
        .rev()
        .find(|m| m.to == to && m.body.contains(marker))
        .unwrap_or_else(|| panic!("no mail to {to} holding {marker:?}"))
}

/// What a mail client writes when the player presses Reply: From and To
/// swapped (To the Reply-To), `Re: ` before the subject, In-Reply-To and
/// References set, the bot's text quoted below the player's.
fn press_reply(from: &str, to: &Sent, message_id: &str, text: &str) -> String {
    let address = to.reply_to.clone().unwrap_or_else(|| to.from.clone());
    let mut refs: Vec<String> = to.references.iter().map(|r| format!("<{r}>")).collect();
    refs.push(format!("<{}>", to.message_id));
    let quoted: String = to.body.lines().map(|l| format!("> {l}\n")).collect();
    let subject = if to.subject.starts_with("Re: ") {
        to.subject.clone()
    } else {
        format!("Re: {}", to.subject)
    };
    format!(
        "From: {from}\nTo: zaochka <{address}>\nSubject: {subject}\nMessage-ID: <{message_id}>\nIn-Reply-To: <{}>\nReferences: {}\nDate: Sun, 29 Nov 2026 12:00:00 +0000\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n{text}\n\nOn Sun, 29 Nov 2026 at 11:00, zaochka wrote:\n{quoted}",
        to.message_id,
        refs.join(" ")
    )
}

fn player_id(bot: &Bot, email: &str) -> i64 {
    bot.db()
        .query_row("SELECT id FROM players WHERE email = ?1", [email], |r| {
            r.get(0)
        })
        .unwrap()
}

fn personal_address(bot: &Bot, email: &str) -> String {
    bot.personal_address(email)
}

/// The recipient's address for a mail about `game`: the game's reply address
/// if they play in it, else their personal address.
fn expected_address(bot: &Bot, to: &str, game: Option<i64>) -> String {
    if let Some(g) = game {
        let me = player_id(bot, to);
        let (white, black): (i64, i64) = bot
            .db()
            .query_row(
                "SELECT white_id, black_id FROM games WHERE id = ?1",
                [g],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        if me == white {
            return format!("bot+{g}.{}@example.test", bot.token(g, "white"));
        }
        if me == black {
            return format!("bot+{g}.{}@example.test", bot.token(g, "black"));
        }
    }
    personal_address(bot, to)
}

/// The checks of every mail the bot wrote: the reader's address in From or
/// Reply-To, one Subject per thread (modulo `Re: `), and In-Reply-To and
/// References on all but the first mail of each thread.
fn check_every_mail(bot: &Bot) -> Vec<Sent> {
    let all = sent(bot);
    let mut subjects: HashMap<(String, Option<i64>), String> = HashMap::new();
    let mut seen: HashMap<(String, Option<i64>), usize> = HashMap::new();
    for m in &all {
        let want = expected_address(bot, &m.to, m.game);
        assert!(
            m.from == want || m.reply_to.as_deref() == Some(want.as_str()),
            "mail to {} about {:?} comes from {} (Reply-To {:?}), not {want}",
            m.to,
            m.game,
            m.from,
            m.reply_to
        );
        let base = m
            .subject
            .strip_prefix("Re: ")
            .unwrap_or(&m.subject)
            .to_string();
        let key = (m.to.clone(), m.game);
        let first = subjects.entry(key.clone()).or_insert_with(|| base.clone());
        assert_eq!(*first, base, "one Subject per game and reader: {m:?}");
        let n = seen.entry(key).or_insert(0);
        if *n > 0 {
            assert!(
                m.in_reply_to.is_some() && !m.references.is_empty(),
                "mail {} of its thread is not threaded: {m:?}",
                *n + 1
            );
            assert!(
                m.references.len() <= 20,
                "the References chain is bounded: {m:?}"
            );
        }
        *n += 1;
        for bad in [
            "SeveralMoves",
            "NoCommand",
            "NoText",
            "([\"",
            "Some(",
            ".rs §",
            "RULES.md",
        ] {
            assert!(!m.body.contains(bad), "{bad} in {}", m.body);
        }
    }
    all
}

#[test]
fn every_kind_of_bot_mail_is_threaded_and_a_reply_to_it_with_a_move_is_applied() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let (alice, bob) = ("alice@example.test", "bob@example.test");
    let a = "Alice <alice@example.test>";
    let b = "Боб <bob@example.test>";
    let mut seq = 0;
    let mut answer = |mail: String| {
        seq += 1;
        bot.deliver(seq, &mail);
        bot.serve_once();
    };

    // The invitation, answered with the first move.
    let invitation = last_to(&bot, alice, "");
    answer(press_reply(a, &invitation, "a1@alice", "1. ed4"));
    assert_eq!(bot.plies(1), 1, "a reply to the invitation is applied");
    // Not her turn: refused with a reason, and the board and clocks follow.
    let latest = sent(&bot)
        .into_iter()
        .rev()
        .find(|m| m.to == alice)
        .unwrap();
    answer(press_reply(a, &latest, "a2@alice", "2. fe3"));
    assert_eq!(bot.plies(1), 1);
    let refusal = last_to(&bot, alice, "is not accepted");
    assert!(
        refusal.body.trim().lines().count() > 3,
        "a refusal carries the game's state: {}",
        refusal.body
    );
    // Bob answers the move mail.
    let moved = sent(&bot).into_iter().rev().find(|m| m.to == bob).unwrap();
    answer(press_reply(b, &moved, "b1@bob", "1... dc5"));
    assert_eq!(
        bot.plies(1),
        2,
        "a reply to the opponent's move mail is applied"
    );
    // Alice answers the refusal with a stale move, then the stale answer with hers.
    answer(press_reply(a, &refusal, "a3@alice", "1. ed4"));
    assert_eq!(bot.plies(1), 2);
    let stale = last_to(&bot, alice, "old mail");
    answer(press_reply(a, &stale, "a4@alice", "2. fe3"));
    assert_eq!(
        bot.plies(1),
        3,
        "a reply to the stale-move answer is applied"
    );
    // Help, and a bare move in the reply to it (Bob's one game).
    let latest = sent(&bot).into_iter().rev().find(|m| m.to == bob).unwrap();
    answer(press_reply(b, &latest, "b2@bob", "помощь"));
    let help = sent(&bot).into_iter().rev().find(|m| m.to == bob).unwrap();
    // Asked in the game's thread, help stays in it (Subject, References,
    // the game's reply address), not under the personal "ваши партии".
    assert_eq!(
        help.game,
        Some(1),
        "help asked in game 1's thread: {help:?}"
    );
    assert_eq!(
        help.subject, "Re: [zaochka #1] Русские шашки: Alice – Боб",
        "{help:?}"
    );
    assert_eq!(help.in_reply_to.as_deref(), Some("b2@bob"));
    answer(press_reply(b, &help, "b3@bob", "2... fg5"));
    assert_eq!(bot.plies(1), 4, "a reply to the help mail is applied");
    // History, and a move in the reply to it.
    let latest = sent(&bot)
        .into_iter()
        .rev()
        .find(|m| m.to == alice)
        .unwrap();
    answer(press_reply(a, &latest, "a5@alice", "history"));
    let history = last_to(&bot, alice, "Your games");
    assert_eq!(history.game, Some(1), "history asked in game 1's thread");
    assert!(
        history.subject.starts_with("Re: [zaochka #1] "),
        "{history:?}"
    );
    answer(press_reply(a, &history, "a6@alice", "3. cb4"));
    assert_eq!(bot.plies(1), 5, "a reply to the history mail is applied");
    // Leave: a confirmation to Bob, a notice to Alice; each answered with a move.
    let latest = sent(&bot).into_iter().rev().find(|m| m.to == bob).unwrap();
    answer(press_reply(
        b,
        &latest,
        "b4@bob",
        "отпуск 2027-02-01 2027-02-03",
    ));
    let confirmation = last_to(&bot, bob, "отпуск");
    assert_eq!(confirmation.game, Some(1), "leave asked in game 1's thread");
    let notice = last_to(&bot, alice, "takes leave");
    answer(press_reply(b, &confirmation, "b5@bob", "3... gh4"));
    assert_eq!(
        bot.plies(1),
        6,
        "a reply to the leave confirmation is applied"
    );
    answer(press_reply(a, &notice, "a7@alice", "4. b:d6"));
    assert_eq!(bot.plies(1), 7, "a reply to the leave notice is applied");
    // Two moves in one mail: named, and one asked for.
    let latest = sent(&bot).into_iter().rev().find(|m| m.to == bob).unwrap();
    answer(press_reply(b, &latest, "b6@bob", "h:f2\nfg5"));
    assert_eq!(bot.plies(1), 7);
    let several = last_to(&bot, bob, "два хода");
    assert!(several.body.contains("пришлите один"), "{}", several.body);
    answer(press_reply(b, &several, "b7@bob", "4... h:f2"));
    assert_eq!(
        bot.plies(1),
        8,
        "a reply to the several-moves answer is applied"
    );

    let all = check_every_mail(&bot);
    let en = all
        .iter()
        .find(|m| m.to == alice && m.game == Some(1))
        .unwrap();
    assert_eq!(
        en.subject.trim_start_matches("Re: "),
        "[zaochka #1] Russian checkers: Alice – Боб"
    );
    let ru = all
        .iter()
        .find(|m| m.to == bob && m.game == Some(1))
        .unwrap();
    assert_eq!(
        ru.subject.trim_start_matches("Re: "),
        "[zaochka #1] Русские шашки: Alice – Боб"
    );
    // A mail that answers the player's own mail says so and names it.
    let answered = all
        .iter()
        .find(|m| m.in_reply_to.as_deref() == Some("a4@alice"))
        .expect("the answer to a4 is threaded to it");
    assert!(answered.subject.starts_with("Re: "), "{answered:?}");
    assert!(answered.references.contains(&"a4@alice".to_string()));
    // The opponent's move mail follows Bob's own thread.
    let to_bob_after_a4 = all
        .iter()
        .filter(|m| m.to == bob && m.game == Some(1))
        .skip(1)
        .all(|m| m.in_reply_to.is_some());
    assert!(to_bob_after_a4);
}

#[test]
fn a_reminder_comes_from_the_game_address_and_a_reply_to_it_is_applied() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    // A second game with a clock, started 15 days ago: Alice is silent past
    // the 14-day reminder.
    let started = (chrono::Utc::now() - chrono::TimeDelta::days(15)).to_rfc3339();
    let out = bot
        .command()
        .env("ZAOCHKA_NOW", &started)
        .args(GameNew::alice_bob().control("10/50 iccf").args())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The daemon ran then and sent the invitation (a notice sent only now
    // would stop Alice's clock for its 15 days at the bot).
    bot.serve_once_at(started.parse().unwrap());
    bot.serve_once();
    let reminder = sent(&bot)
        .into_iter()
        .find(|m| {
            m.to == "alice@example.test" && m.game == Some(2) && m.body.contains("No move from you")
        })
        .expect("a silence reminder for game 2");
    assert!(
        reminder.in_reply_to.is_some(),
        "the reminder follows the invitation's thread"
    );
    bot.deliver(
        1,
        &press_reply("alice@example.test", &reminder, "r1@alice", "1. ed4"),
    );
    bot.serve_once();
    assert_eq!(bot.plies(2), 1, "a reply to the reminder is applied");
    assert_eq!(bot.plies(1), 0);
    check_every_mail(&bot);
}

#[test]
fn a_token_less_mail_of_a_registered_player_gets_one_answer_a_day_to_the_registered_address() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let before = bot.outbox_count();
    let bt = bot.token(1, "black");
    // A new mail to the bare address, a forged From with the forger's
    // Reply-To, a reply to a forwarded mail of the opponent (Bob's token),
    // and a stranger.
    bot.deliver(
        1,
        &mail(
            "alice@example.test",
            "bot@example.test",
            "move",
            "t1@alice",
            "1. ed4",
        ),
    );
    bot.deliver(
        2,
        &mail(
            "alice@example.test",
            "bot@example.test",
            "move",
            "t2@forger",
            "1. ed4",
        )
        .replace(
            "From: alice@example.test\n",
            "From: alice@example.test\nReply-To: mallory@evil.test\n",
        ),
    );
    bot.deliver(
        3,
        &mail(
            "alice@example.test",
            &format!("bot+1.{bt}@example.test"),
            "Fwd: [zaochka #1]",
            "t3@alice",
            "1. ed4",
        ),
    );
    bot.deliver(
        4,
        &mail(
            "mallory@evil.test",
            "bot@example.test",
            "hi",
            "t4@mallory",
            "1. ed4",
        ),
    );
    bot.serve_once();
    assert_eq!(bot.plies(1), 0, "unverified mail never changes a game");
    assert_eq!(bot.outbox_count(), before + 1, "exactly one answer");
    let all = sent(&bot);
    let answer = all.last().unwrap();
    assert_eq!(
        answer.to, "alice@example.test",
        "to the registered address only"
    );
    assert!(all.iter().all(|m| m.to != "mallory@evil.test"));
    assert!(answer.body.contains("nothing was done"), "{}", answer.body);
    let game_address = format!("bot+1.{}@example.test", bot.token(1, "white"));
    assert!(answer.body.contains(&game_address), "{}", answer.body);
    assert!(answer.body.contains("your move"), "{}", answer.body);
    assert_eq!(answer.game, None);
    // The answer itself can be answered: a line for the game is applied.
    bot.deliver(
        5,
        &press_reply("alice@example.test", answer, "t5@alice", "#1 1. ed4"),
    );
    bot.serve_once();
    assert_eq!(
        bot.plies(1),
        1,
        "a reply to the token-less answer is applied"
    );
    // Another token-less mail the same day: nothing more.
    let count = bot.outbox_count();
    bot.deliver(
        6,
        &mail(
            "alice@example.test",
            "bot@example.test",
            "again",
            "t6@alice",
            "hello",
        ),
    );
    bot.serve_once();
    assert_eq!(bot.outbox_count(), count, "at most one answer in 24 hours");
    check_every_mail(&bot);
}

#[test]
fn a_bare_move_to_the_personal_address_with_several_games_is_answered_with_the_games() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.more_games(1);
    bot.serve_once();
    bot.deliver(
        1,
        &mail(
            "alice@example.test",
            &personal_address(&bot, "alice@example.test"),
            "help",
            "h1@alice",
            "help",
        ),
    );
    bot.serve_once();
    let help = sent(&bot).into_iter().last().unwrap();
    assert_eq!(help.game, None);
    bot.deliver(
        2,
        &press_reply("alice@example.test", &help, "h2@alice", "1. ed4"),
    );
    bot.serve_once();
    assert_eq!((bot.plies(1), bot.plies(2)), (0, 0), "no game is guessed");
    let which = sent(&bot).into_iter().last().unwrap();
    assert!(which.body.contains("which game"), "{}", which.body);
    assert!(
        which.body.contains("#1 ") && which.body.contains("#2 "),
        "{}",
        which.body
    );
    bot.deliver(
        3,
        &press_reply("alice@example.test", &which, "h3@alice", "#2 1. ed4"),
    );
    bot.serve_once();
    assert_eq!(
        (bot.plies(1), bot.plies(2)),
        (0, 1),
        "the line for #2 is applied"
    );
    check_every_mail(&bot);
}

#[test]
fn a_mail_without_a_move_is_answered_with_an_example_in_the_games_notation_and_the_board() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "chess");
    bot.serve_once();
    let invitation = last_to(&bot, "alice@example.test", "");
    bot.deliver(
        1,
        &press_reply(
            "alice@example.test",
            &invitation,
            "c1@alice",
            "Thanks, looking forward to it!",
        ),
    );
    bot.serve_once();
    let answer = sent(&bot).into_iter().last().unwrap();
    assert_eq!(answer.to, "alice@example.test");
    assert!(answer.body.contains("\"e2-e4\""), "{}", answer.body);
    assert!(!answer.body.contains("c3-d4"), "{}", answer.body);
    assert!(answer.body.contains("\"help\""), "{}", answer.body);
    assert!(
        answer.body.trim().lines().count() > 3,
        "the game's state follows: {}",
        answer.body
    );
    assert_eq!(
        answer.subject, "Re: [zaochka #1] Chess: Alice – Боб",
        "the game's one Subject"
    );
    check_every_mail(&bot);
}

/// A tester asked «таблица» in the thread of a game announced as a
/// tournament game and read «вы не участвуете ни в одном турнире»: the table
/// asked from a game names that game's tournament, and stays in its thread.
#[test]
fn the_table_asked_in_a_tournament_games_thread_names_that_tournament() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    let mut args = GameNew::alice_bob().args();
    args.extend(["--tournament", "Кубок клуба"]);
    bot.ok(&args);
    bot.serve_once();
    let b = "Боб <bob@example.test>";
    let invitation = sent(&bot)
        .into_iter()
        .find(|m| m.to == "bob@example.test" && m.game == Some(2))
        .unwrap();
    assert!(
        invitation.body.contains("Кубок клуба"),
        "{}",
        invitation.body
    );
    bot.deliver(1, &press_reply(b, &invitation, "t1@bob", "таблица"));
    bot.serve_once();
    let answer = sent(&bot)
        .into_iter()
        .rev()
        .find(|m| m.to == "bob@example.test")
        .unwrap();
    assert!(
        answer.body.contains("«Кубок клуба»") && answer.body.contains("№2"),
        "{}",
        answer.body
    );
    assert!(
        !answer.body.contains("ни в одном турнире"),
        "{}",
        answer.body
    );
    assert_eq!(answer.game, Some(2), "in game 2's thread: {answer:?}");
    assert_eq!(answer.in_reply_to.as_deref(), Some("t1@bob"));
    check_every_mail(&bot);
}
