//! The faults a tester found in conditional moves, receipts and finished
//! games, each written from the failing case, through the daemon
//! on a Maildir inbox with the files outbox and a real SQLite file:
//!
//! - `a_move_answered_from_a_line_is_charged_to_its_mover_and_receipts_name_the_reply`:
//!   the mover whose move sets off the opponent's line is told the time
//!   really charged (it said "0 min"); the owner is charged nothing;
//!   `referee receipts` names the reply a conditional reply with the mail
//!   that gave the line (it said "command line").
//! - `own_move_and_new_lines_in_one_mail_answered_by_a_line_play_on_both_ways`:
//!   a mail with the sender's move and new lines, when the opponent's line
//!   answers that move at once: the lines that start with that answer are
//!   kept and played, both players' lines answer each other in turn, the
//!   others are refused with the reason (they were all refused: "your move").
//! - `every_command_about_a_finished_game_is_answered_with_its_result`.
//! - `a_draw_claims_move_and_a_sealed_move_revealed_are_answered_by_a_line`:
//!   both used to bypass the play-out.
//! - `a_bashni_line_plays_its_tower_capture_as_resolved`.

use crate::common;

use chrono::{Duration, Utc};
use common::conversation::{Conversation, Failures, check_mail};
use common::daemon::{Bot, Mailing};
use common::mails::{expect_in, one, to};
use common::players::{IVANOV, JONES, JUDGE, PETROV, SMITH, director, names_of, spec};

/// Plain days (no ICCF rounding): the charge is the reflection time.
const TIME_CONTROL: &str = "10/50";

fn names() -> Vec<&'static str> {
    names_of(&[IVANOV, PETROV, SMITH, JONES, JUDGE])
}

fn russian(c: &mut Conversation, fen: Option<&str>) {
    let g = spec(1, "russian", IVANOV, PETROV, Some(TIME_CONTROL));
    g.start_from(&c.bot, fen);
    c.games.push(g);
    c.serve(None);
}

fn receipts(bot: &Bot) -> Vec<serde_json::Value> {
    let json: serde_json::Value =
        serde_json::from_str(&bot.ok(&["referee", "receipts", "1", "--json"])).unwrap();
    json.as_array().unwrap().clone()
}

fn check_all(c: &Conversation, f: &mut Failures) {
    for m in &c.mails {
        let p = c
            .players
            .iter()
            .find(|p| m.is_to(p))
            .copied()
            .unwrap_or(IVANOV);
        f.extend(check_mail(m, &p, p.lang, &names()));
    }
}

#[test]
fn a_move_answered_from_a_line_is_charged_to_its_mover_and_receipts_name_the_reply() {
    let mut c = Conversation::new(Bot::new(Mailing::Local), &[IVANOV, PETROV], &[]);
    russian(&mut c, None);
    let mut f = Failures::default();
    let invitation = c.last_to(IVANOV, 1);
    c.reply(
        IVANOV,
        &invitation,
        "1. c3-d4\nесли 1... f6-g5, то 2. g3-f4",
    );
    let line_mail = c.sent.last().unwrap().message_id.clone();
    assert_eq!(c.bot.conditional_lines(1), 1);
    let (white_used, _) = c.bot.used_and_running(1, "white");

    // Petrov was told just now; his answer reaches the bot two hours later.
    let arrives = Utc::now() + Duration::hours(2) + Duration::seconds(30);
    let last = c.last_to(PETROV, 1);
    c.reply_arriving(PETROV, &last, "1... f6-g5", arrives.timestamp() as u64);
    assert_eq!(c.bot.plies(1), 3, "the line's reply is played");
    // The notices are due at the arrival (in two hours): read from the outbox.
    let mover = c.bot.outbox_to(PETROV.email).pop().unwrap_or_default();
    for w in ["g3-f4", "время на обдумывание: 2 ч 0 мин (засчитано)"]
    {
        if !mover.contains(w) {
            f.add(
                "charged",
                format!("the mover's notice lacks «{w}»:\n{mover}"),
            );
        }
    }
    let owner = c.bot.outbox_to(IVANOV.email).pop().unwrap_or_default();
    if !owner.contains("условный ход сделан сразу") || owner.contains("время на обдумывание:")
    {
        f.add("charged", format!("the owner's notice:\n{owner}"));
    }
    assert_eq!(
        c.bot.used_and_running(1, "white").0,
        white_used,
        "the owner is charged nothing for the reply"
    );

    let rows = receipts(&c.bot);
    assert_eq!(rows.len(), 3, "{rows:#?}");
    assert_eq!(rows[1]["source"], "mail", "{:#}", rows[1]);
    let charged = rows[1]["charged_seconds"].as_i64().unwrap();
    assert!(
        (2 * 3600..=2 * 3600 + 120).contains(&charged),
        "Petrov's two hours: {:#}",
        rows[1]
    );
    assert_eq!(c.bot.used_and_running(1, "black").0, charged);
    assert_eq!(rows[2]["source"], "conditional reply", "{:#}", rows[2]);
    assert_eq!(rows[2]["given_by_message"], line_mail.as_str());
    assert!(rows[2]["given_at"].is_string(), "{:#}", rows[2]);
    assert!(rows[2]["charged_seconds"].is_null(), "{:#}", rows[2]);
    let text = c.bot.ok(&["referee", "receipts", "1"]);
    let said = format!(
        "conditional reply: played by the referee at once from the line given by mail <{line_mail}>"
    );
    assert!(text.contains(&said), "{text}");
    assert!(!text.contains("g3-f4 (command line)"), "{text}");
    check_all(&c, &mut f);
    f.assert_none();
}

#[test]
fn own_move_and_new_lines_in_one_mail_answered_by_a_line_play_on_both_ways() {
    let mut c = Conversation::new(Bot::new(Mailing::Local), &[IVANOV, PETROV], &[]);
    russian(&mut c, None);
    let mut f = Failures::default();
    let last = c.last_to(IVANOV, 1);
    c.reply(IVANOV, &last, "1. c3-d4");
    let last = c.last_to(PETROV, 1);
    c.reply(
        PETROV,
        &last,
        "1... f6-g5\nесли 2. g3-f4, то 2... g5-h4 3. b2-c3 3... b6-a5",
    );
    assert_eq!(c.bot.conditional_lines(1), 1);
    // Ivanov's move is answered by Petrov's line at once; of his new lines,
    // the one starting with that answer plays on (3. b2-c3), Petrov's line
    // answers again (3... b6-a5); the other was written for a position that
    // is gone.
    let last = c.last_to(IVANOV, 1);
    let got = c.reply(
        IVANOV,
        &last,
        "2. g3-f4\nесли 2... g5-h4, то 3. b2-c3\nесли 2... b6-a5, то 3. a3-b4",
    );
    assert_eq!(
        c.bot.plies(1),
        6,
        "{:?}\n{}",
        c.bot.outcomes().last(),
        to(&got, &IVANOV)
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
            .join("\n-----\n")
    );
    assert_eq!(c.bot.conditional_lines(1), 0, "both lines ran out");
    let ivanov: String = to(&got, &IVANOV).iter().map(|m| m.text.as_str()).collect();
    for w in [
        "Условные ходы приняты",
        "1) 2... g5-h4 3. b2-c3",
        "Вариант не принят: «если 2... b6-a5, то 3. a3-b4»: соперник уже ответил на ваш ход: 2... g5-h4",
        "b6-a5",
    ] {
        if !ivanov.contains(w) {
            f.add(
                "own_move_and_lines",
                format!("Ivanov was not told «{w}»:\n{ivanov}"),
            );
        }
    }
    if ivanov.contains("Сейчас ваш ход: условные ходы даются") {
        f.add(
            "own_move_and_lines",
            format!("the lines were refused as own turn:\n{ivanov}"),
        );
    }
    let petrov: String = to(&got, &PETROV).iter().map(|m| m.text.as_str()).collect();
    for w in ["g3-f4", "b2-c3", "Ваш условный ход сделан сразу"] {
        if !petrov.contains(w) {
            f.add(
                "own_move_and_lines",
                format!("Petrov was not told «{w}»:\n{petrov}"),
            );
        }
    }
    for m in c.mails.iter().filter(|m| m.is_to(&PETROV)) {
        if m.visible().contains("a3-b4") || m.visible().contains("не принят") {
            f.add("hidden", format!("Petrov sees Ivanov's lines:\n{}", m.text));
        }
    }
    // Every reply of the chain is a conditional reply in the receipts.
    let rows = receipts(&c.bot);
    let sources: Vec<&str> = rows.iter().map(|r| r["source"].as_str().unwrap()).collect();
    assert_eq!(
        sources,
        [
            "mail",
            "mail",
            "mail",
            "conditional reply",
            "conditional reply",
            "conditional reply"
        ]
    );
    check_all(&c, &mut f);
    f.assert_none();
}

#[test]
fn every_command_about_a_finished_game_is_answered_with_its_result() {
    let mut c = Conversation::new(Bot::new(Mailing::Local), &[IVANOV, PETROV], &[]);
    russian(&mut c, None);
    let mut f = Failures::default();
    let last = c.last_to(IVANOV, 1);
    c.reply(IVANOV, &last, "1. c3-d4\nесли 1... f6-g5, то 2. g3-f4");
    let last = c.last_to(PETROV, 1);
    c.reply(PETROV, &last, "Сдаюсь.");
    assert_eq!(c.bot.result(1).as_deref(), Some("1-0"));
    for (p, line, words) in [
        (IVANOV, "условные", "условных ходов в ней нет"),
        (IVANOV, "отмена", "отменять нечего"),
        (PETROV, "условные ходы", "условных ходов в ней нет"),
        (PETROV, "отменяю условные", "отменять нечего"),
        (IVANOV, "ничья?", "окончена"),
        (PETROV, "Сдаюсь.", "окончена"),
        (PETROV, "записываю ход f6-g5", "окончена"),
        (IVANOV, "ходы", "окончена"),
        (IVANOV, "почему c3-d4", "окончена"),
        (PETROV, "1... f6-g5", "окончена"),
    ] {
        let last = c.last_to(p, 1);
        let got = c.reply(p, &last, line);
        let step = format!("«{line}» from {}", p.name);
        let answer = one(&got, &p, &step, &mut f);
        expect_in(&answer, &[words, "белые выиграли (1-0)"], &step, &mut f);
        if got.iter().any(|m| !m.is_to(&p)) {
            f.add(
                "to_the_asker",
                format!("{step}: the opponent was written to"),
            );
        }
    }
    check_all(&c, &mut f);
    f.assert_none();
}

#[test]
fn a_draw_claims_move_and_a_sealed_move_revealed_are_answered_by_a_line() {
    let mut c = Conversation::new(Bot::new(Mailing::Local), &[IVANOV, PETROV], &[JUDGE]);
    russian(&mut c, None);
    let mut f = Failures::default();
    // A wrong draw claim with a move: the move is played, and the
    // opponent's line answers it.
    let last = c.last_to(IVANOV, 1);
    c.reply(IVANOV, &last, "1. c3-d4");
    let last = c.last_to(PETROV, 1);
    c.reply(PETROV, &last, "1... f6-g5\nесли 2. g3-f4, то 2... g5-h4");
    let last = c.last_to(IVANOV, 1);
    let got = c.reply(IVANOV, &last, "заявляю ничью: 2. g3-f4");
    assert_eq!(
        c.bot.plies(1),
        4,
        "{:?}\n{:?}",
        c.bot.outcomes().last(),
        to(&got, &IVANOV)
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
    );
    let owner = one(&got, &PETROV, "claim", &mut f);
    expect_in(
        &owner,
        &["g5-h4", "условный ход сделан сразу"],
        "claim",
        &mut f,
    );

    // A sealed move revealed at resumption: the opponent's line answers it.
    let last = c.last_to(PETROV, 1);
    c.reply(PETROV, &last, "если 3. b2-c3, то 3... b6-a5");
    assert_eq!(c.bot.conditional_lines(1), 1);
    director(&c, JUDGE, "adjourn");
    c.serve(None);
    let last = c.last_to(IVANOV, 1);
    c.reply(IVANOV, &last, "записываю ход 3. b2-c3");
    let seal_mail = c.sent.last().unwrap().message_id.clone();
    assert_eq!(c.bot.plies(1), 4, "a sealed move waits");
    director(&c, JUDGE, "resume");
    let got = c.serve(None);
    assert_eq!(c.bot.plies(1), 6, "revealed, then answered from the line");
    assert_eq!(c.bot.conditional_lines(1), 0);
    let owner = one(&got, &PETROV, "resumption", &mut f);
    expect_in(
        &owner,
        &[
            "Записанный ход",
            "b2-c3",
            "b6-a5",
            "условный ход сделан сразу",
        ],
        "resumption, owner",
        &mut f,
    );
    let sealer = one(&got, &IVANOV, "resumption", &mut f);
    expect_in(&sealer, &["b2-c3", "b6-a5"], "resumption, sealer", &mut f);
    let rows = receipts(&c.bot);
    assert_eq!(rows[4]["source"], "sealed move", "{:#}", rows[4]);
    assert_eq!(rows[4]["given_by_message"], seal_mail.as_str());
    assert_eq!(rows[5]["source"], "conditional reply", "{:#}", rows[5]);
    let text = c.bot.ok(&["referee", "receipts", "1"]);
    assert!(
        text.contains(&format!(
            "sealed move revealed at resumption: sealed by mail <{seal_mail}>"
        )),
        "{text}"
    );
    check_all(&c, &mut f);
    f.assert_none();
}

#[test]
fn a_bashni_line_plays_its_tower_capture_as_resolved() {
    let mut c = Conversation::new(Bot::new(Mailing::Local), &[SMITH, JONES], &[]);
    let g = spec(1, "bashni", SMITH, JONES, Some(TIME_CONTROL));
    g.start_from(&c.bot, Some("W:Wa1,c3:Be5,h8"));
    c.games.push(g);
    c.serve(None);
    let mut f = Failures::default();
    let last = c.last_to(SMITH, 1);
    let got = c.reply(SMITH, &last, "1. a1-b2\nif 1... e5-d4 then 2. c3:e5");
    let ack = to(&got, &SMITH)
        .into_iter()
        .find(|m| m.text.contains("Conditional moves stored"))
        .cloned();
    if ack.is_none() {
        f.add("submission", "no answer to the line");
    }
    expect_in(
        &ack,
        &["Conditional moves stored", "1) 1... e5-d4 2. c3:e5"],
        "submission",
        &mut f,
    );
    let last = c.last_to(JONES, 1);
    let got = c.reply(JONES, &last, "1... e5-d4");
    assert_eq!(c.bot.plies(1), 3, "the tower capture is played");
    let owner = one(&got, &SMITH, "reply", &mut f);
    expect_in(&owner, &["c3:e5", "Lines left: 0"], "reply", &mut f);
    let opponent = one(&got, &JONES, "reply", &mut f);
    expect_in(&opponent, &["c3:e5"], "reply", &mut f);
    let shown: serde_json::Value =
        serde_json::from_str(&c.bot.ok(&["game", "show", "1", "--json"])).unwrap();
    // The same position as the capture played by hand: a tower on e5.
    assert_eq!(shown["fen"], "B:Wb2,e5(0/0):Bh8", "{shown}");
    check_all(&c, &mut f);
    f.assert_none();
}
