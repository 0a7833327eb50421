//! A tournament director's commands by mail, through the
//! daemon on a Maildir inbox and the file outbox, with the real binary and a
//! real SQLite file: each command applied once and audit-logged with the
//! mail's Message-ID, the players told as from the command line, the
//! director answered; forged combinations of address and token change
//! nothing and answer nobody they claim to come from.

use crate::common;

use common::daemon::{Bot, Mailing, mail, two_players};
use common::field::add_director;

const REFEREE: &str = "referee@example.test";
const JUDGE: &str = "judge@example.test";
const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";

/// `two_players` (game #1, Russian checkers), a Russian-speaking director
/// (judge), a timed game #2 and games #3 and #4, all Alice against Bob.
fn desk() -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    add_director(&|args| bot.ok(args), JUDGE, Some("ru"));
    bot.russian_game_at(BOB, "3d/move", None, None);
    bot.more_games(2);
    bot
}

/// Delivers one mail and runs one daemon cycle.
fn send(bot: &Bot, seq: usize, from: &str, to: &str, message_id: &str, body: &str) {
    bot.deliver(seq, &mail(from, to, "commands", message_id, body));
    bot.serve_once();
}

/// `referee log --json`, one value a line.
fn log(bot: &Bot) -> Vec<serde_json::Value> {
    bot.ok(&["referee", "log", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The audit entries of `action` that came by the mail `message_id`.
fn logged(bot: &Bot, action: &str, message_id: &str) -> Vec<serde_json::Value> {
    log(bot)
        .into_iter()
        .filter(|e| e["action"] == action && e["message_id"] == message_id)
        .collect()
}

fn status(bot: &Bot, game: i64) -> String {
    bot.db()
        .query_row("SELECT status FROM games WHERE id = ?1", [game], |r| {
            r.get(0)
        })
        .unwrap()
}

fn extra_seconds(bot: &Bot, game: i64, side: &str) -> i64 {
    bot.db()
        .query_row(
            "SELECT extra_seconds FROM clocks WHERE game_id = ?1 AND side = ?2",
            rusqlite::params![game, side],
            |r| r.get(0),
        )
        .unwrap()
}

/// The mails to `to` that contain `text`.
fn told(bot: &Bot, to: &str, text: &str) -> usize {
    bot.outbox_to(to)
        .iter()
        .filter(|b| b.contains(text))
        .count()
}

#[test]
fn every_director_command_by_mail_is_applied_once_and_logged_with_its_message_id() {
    let bot = desk();
    bot.serve_once();
    for (game, mv, who) in [("1", "cd4", ALICE), ("1", "dc5", BOB), ("1", "gh4", ALICE)] {
        bot.ok(&["play", game, mv, "--as", who]);
    }
    let before = bot.outbox_count();
    let en = "Good evening,\n\n\
        pause #2\nreason: power cut at the club\n\
        resume #2\nreason: power is back\n\
        add days #2 black 3\nreason: the post was on strike\n\
        rollback #1 move 2\nreason: an illegal move was accepted\n\
        leave alice@example.test 2026-12-20 2026-12-25\nreason: asked by phone\n\n\
        -- \nThe director\n";
    let to = bot.personal_address(REFEREE);
    send(
        &bot,
        1,
        "Referee <referee@example.test>",
        &to,
        "en-1@club.test",
        en,
    );
    for action in ["pause", "resume", "add_days", "rollback", "leave"] {
        assert_eq!(
            logged(&bot, action, "en-1@club.test").len(),
            1,
            "{action} once, with the Message-ID: {:#?}",
            log(&bot)
        );
    }
    assert_eq!(status(&bot, 2), "active");
    assert_eq!(extra_seconds(&bot, 2, "black"), 3 * 86_400);
    assert_eq!(bot.plies(1), 2, "back to before White's move 2");
    let rollback = &logged(&bot, "rollback", "en-1@club.test")[0];
    assert_eq!(rollback["details"]["to_ply"], 2, "{rollback}");
    assert_eq!(rollback["reason"], "an illegal move was accepted");
    // The players are told as from the command line, each in their language.
    assert_eq!(told(&bot, ALICE, "The referee pauses the game."), 1);
    assert_eq!(told(&bot, BOB, "Судья приостановил партию."), 1);
    assert_eq!(told(&bot, BOB, "Судья добавил 3 дня на часы: чёрные."), 1);
    assert_eq!(told(&bot, ALICE, "position after ply 2"), 1);
    assert!(
        told(&bot, BOB, "Алиса") + told(&bot, BOB, "Alice") >= 1,
        "Bob hears of Alice's leave"
    );
    // The director gets one answer listing the five commands done.
    let answer = bot.outbox_to(REFEREE);
    let answer = answer.last().unwrap();
    assert_eq!(answer.matches(": done: ").count(), 5, "{answer}");
    assert!(answer.contains("\"rollback #1 move 2\": done: game #1: The referee takes the game back to the position after ply 2 (1 ply removed)."), "{answer}");
    let after_first = bot.outbox_count();
    assert!(after_first > before);

    // The same mail delivered again (another inbox key) applies nothing.
    send(
        &bot,
        2,
        "Referee <referee@example.test>",
        &to,
        "en-1@club.test",
        en,
    );
    assert_eq!(logged(&bot, "pause", "en-1@club.test").len(), 1);
    assert_eq!(extra_seconds(&bot, 2, "black"), 3 * 86_400);
    assert_eq!(bot.outbox_count(), after_first, "nobody is told twice");
    assert!(
        bot.outcomes().last().unwrap().starts_with("duplicate"),
        "{:?}",
        bot.outcomes()
    );

    // Russian forms, from the Russian-speaking director: answered in Russian.
    let ru = "присудить #3 ничья\nпричина: ничейная позиция\n\
        поражение #4 чёрным\nпричина: неявка\n\
        откат #1 полуход 1\nпричина — ошибка записи\n";
    let to = bot.personal_address(JUDGE);
    send(
        &bot,
        3,
        "Судья <judge@example.test>",
        &to,
        "ru-1@club.test",
        ru,
    );
    assert_eq!(bot.result(3).as_deref(), Some("1/2-1/2"));
    assert_eq!(bot.result(4).as_deref(), Some("1-0"));
    assert_eq!(bot.plies(1), 1);
    for action in ["adjudicate", "forfeit", "rollback"] {
        assert_eq!(logged(&bot, action, "ru-1@club.test").len(), 1, "{action}");
    }
    let answer = bot.outbox_to(JUDGE);
    let answer = answer.last().unwrap();
    assert!(
        answer.starts_with("Ваши распоряжения судьи турнира"),
        "{answer}"
    );
    assert_eq!(answer.matches(": выполнено: ").count(), 3, "{answer}");
    assert_eq!(told(&bot, BOB, "техническое поражение. Белые выиграли"), 1);
    assert!(
        told(&bot, ALICE, "The referee adjudicates the game") >= 1,
        "Alice hears of the ruling"
    );
}

#[test]
fn forged_director_mails_change_nothing_and_answer_no_claimed_sender() {
    let bot = desk();
    bot.serve_once();
    let body = "pause #1\nreason: forged\n";
    let before = bot.outbox_count();
    let referee_personal = bot.personal_address(REFEREE);
    let alice_personal = bot.personal_address(ALICE);
    let alice_game = format!("bot+1.{}@example.test", bot.token(1, "white"));
    // A player's address with the director's token; the director's address
    // with a player's personal token, with a player's game token; a stranger.
    let forged = [
        ("Alice <alice@example.test>", referee_personal.as_str()),
        ("Referee <referee@example.test>", alice_personal.as_str()),
        ("Referee <referee@example.test>", alice_game.as_str()),
        ("Mallory <mallory@evil.test>", referee_personal.as_str()),
    ];
    for (k, (from, to)) in forged.iter().enumerate() {
        send(
            &bot,
            k + 1,
            from,
            to,
            &format!("forged-{k}@evil.test"),
            body,
        );
        assert_eq!(status(&bot, 1), "active", "{from} to {to}");
        assert_eq!(
            bot.outbox_count(),
            before,
            "nobody is answered: {from} to {to}"
        );
        let outcome = bot.outcomes().last().unwrap().clone();
        assert!(
            outcome.starts_with("rejected: director commands")
                && outcome.ends_with("(not answered)"),
            "{outcome}"
        );
    }
    assert!(
        log(&bot).iter().all(|e| e["action"] != "pause"),
        "{:#?}",
        log(&bot)
    );
    // A player with their own token: nothing done, told politely at their
    // registered address only.
    send(
        &bot,
        9,
        "Alice <alice@example.test>",
        &alice_personal,
        "own@x.test",
        body,
    );
    assert_eq!(status(&bot, 1), "active");
    assert_eq!(bot.outbox_count(), before + 1);
    assert_eq!(told(&bot, ALICE, "Only the tournament director may"), 1);
    assert_eq!(bot.outbox_to(REFEREE).len(), 0);
}

#[test]
fn a_command_without_reason_or_with_a_wrong_part_is_refused_on_its_own() {
    let bot = desk();
    bot.serve_once();
    let body = "pause #1\n\
        forfeit #2 grey\nreason: no show\n\
        pause #99\nreason: typo\n\
        resume #1\nreason: not paused\n\
        pause #3\nreason: the player is in hospital\n";
    let to = bot.personal_address(REFEREE);
    send(
        &bot,
        1,
        "Referee <referee@example.test>",
        &to,
        "mixed@club.test",
        body,
    );
    assert_eq!(status(&bot, 1), "active", "no reason: not paused");
    assert_eq!(status(&bot, 2), "active");
    assert_eq!(status(&bot, 3), "paused", "the good command is applied");
    assert_eq!(logged(&bot, "pause", "mixed@club.test").len(), 1);
    let answer = bot.outbox_to(REFEREE);
    let answer = answer.last().unwrap();
    for want in [
        "\"pause #1\": not done: every command needs its reason",
        "\"forfeit #2 grey\": not done: the side is missing or not one",
        "\"pause #99\": not done:",
        "\"resume #1\": not done:",
        "\"pause #3\": done:",
    ] {
        assert!(answer.contains(want), "{want:?} in {answer}");
    }
    // In Russian for the Russian-speaking director.
    let to = bot.personal_address(JUDGE);
    send(
        &bot,
        2,
        "Судья <judge@example.test>",
        &to,
        "ru-mixed@club.test",
        "пауза #1\n",
    );
    let answer = bot.outbox_to(JUDGE);
    assert!(
        answer
            .last()
            .unwrap()
            .contains("«пауза #1»: не выполнено: у каждого распоряжения должна быть причина"),
        "{answer:?}"
    );
    assert_eq!(status(&bot, 1), "active");
}

#[test]
fn a_quarantined_mail_is_released_by_the_directors_mail() {
    let bot = desk();
    bot.serve_once();
    let alice_game = format!("bot+1.{}@example.test", bot.token(1, "white"));
    bot.deliver(
        1,
        &mail(
            "Alice <alice@example.test>",
            &alice_game,
            "Re: [zaochka #1]",
            "poison@x",
            "1. cd4 PANIC-MARKER\n",
        ),
    );
    let out = bot
        .command()
        .args(["serve", "--once"])
        .env("ZAOCHKA_FAULT_PANIC_ON", "PANIC-MARKER")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(bot.plies(1), 0);
    let key: String = bot
        .db()
        .query_row(
            "SELECT inbox_key FROM inbox_claims WHERE state = 'quarantined'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let to = bot.personal_address(REFEREE);
    let body = format!(
        "release {key}\nreason: the reader is fixed\nrelease maildir/nothing\nreason: typo\n"
    );
    send(
        &bot,
        2,
        "Referee <referee@example.test>",
        &to,
        "release@club.test",
        &body,
    );
    // Released in that cycle and read again: the move is played.
    assert_eq!(bot.plies(1), 1, "{:?}", bot.outcomes());
    let entry = &logged(&bot, "release", "release@club.test");
    assert_eq!(entry.len(), 1, "{:#?}", log(&bot));
    assert_eq!(entry[0]["details"]["inbox_key"], key.as_str());
    let answer = bot.outbox_to(REFEREE);
    let answer = answer.last().unwrap();
    assert!(answer.contains(": done: the quarantined mail"), "{answer}");
    assert!(
        answer.contains("not done: no quarantined mail has the key maildir/nothing"),
        "{answer}"
    );
}

/// A round robin of Alice, Bob and Carol whose playing period has ended:
/// its three games wait for claims. Returns the games, each with its White
/// and Black addresses.
pub(super) fn frozen_tournament(bot: &Bot) -> Vec<(i64, String, String)> {
    two_players(bot, "russian");
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Carol",
        "--email",
        "carol@example.test",
        "--lang",
        "en",
    ]);
    let t = "Autumn";
    let desk = ["--as", REFEREE];
    bot.ok(&[
        &[
            "tournament",
            "new",
            t,
            "--variant",
            "russian",
            "--system",
            "round-robin",
        ][..],
        &desk,
    ]
    .concat());
    for p in [ALICE, BOB, "carol@example.test"] {
        bot.ok(&[&["tournament", "add", t, p][..], &desk].concat());
    }
    let numbers = format!("{ALICE},{BOB},carol@example.test");
    bot.ok(&[&["tournament", "draw", t, "--numbers", &numbers][..], &desk].concat());
    bot.ok(&[&["tournament", "start", t][..], &desk].concat());
    bot.ok(&[&["tournament", "end-period", t][..], &desk].concat());
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT g.id, w.email, b.email FROM tournament_games t JOIN games g ON g.id = t.game_id
             JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id ORDER BY g.id",
        )
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// White claims a win in the first two games, by mail; one daemon cycle.
fn white_claims_a_win_in_the_first_two(bot: &Bot, games: &[(i64, String, String)]) {
    for (k, (game, white, _)) in games.iter().take(2).enumerate() {
        let to = format!("bot+{game}.{}@example.test", bot.token(*game, "white"));
        bot.deliver(
            k + 1,
            &mail(
                white,
                &to,
                "claim",
                &format!("claim-{game}@x"),
                "claim win\nmy analysis: 1. cd4 ba5 and White wins\n",
            ),
        );
    }
    bot.serve_once();
}

fn adjudication_state(bot: &Bot, game: i64) -> String {
    bot.db()
        .query_row(
            "SELECT state FROM adjudications WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap()
}

/// Both players of `game` (id, White, Black) are told once, each in their
/// language, that the director accepted White's claim.
fn both_told_of_the_accepted_claim(bot: &Bot, game: &(i64, String, String)) {
    let accepted = game.0;
    for p in [&game.1, &game.2] {
        let words = if p == BOB {
            format!("Судья турнира принял заявку по партии №{accepted} (белые).")
        } else {
            format!("The tournament director accepts the claim of White for game #{accepted}")
        };
        assert_eq!(told(bot, p, &words), 1, "{p}: {:?}", bot.outbox_to(p));
    }
}

#[test]
fn the_director_accepts_and_rejects_adjudication_claims_by_mail() {
    let bot = Bot::new(Mailing::Local);
    let games = frozen_tournament(&bot);
    bot.serve_once();
    assert_eq!(games.len(), 3, "{games:?}");
    white_claims_a_win_in_the_first_two(&bot, &games);
    let (accepted, rejected, none) = (games[0].0, games[1].0, games[2].0);
    let body = format!(
        "accept claim #{accepted}\nreason: the analysis holds\n\
         reject claim #{rejected} white\nreason: Black holds the draw\n\
         accept claim #{none}\nreason: nobody claimed\n"
    );
    let to = bot.personal_address(REFEREE);
    send(
        &bot,
        5,
        "Referee <referee@example.test>",
        &to,
        "claims@club.test",
        &body,
    );
    assert_eq!(bot.result(accepted).as_deref(), Some("1-0"));
    assert_eq!(adjudication_state(&bot, accepted), "ruled");
    assert_eq!(bot.result(rejected), None);
    assert_eq!(adjudication_state(&bot, rejected), "ruling");
    assert_eq!(bot.result(none), None);
    assert_eq!(logged(&bot, "claim_accepted", "claims@club.test").len(), 1);
    assert_eq!(logged(&bot, "adjudicate", "claims@club.test").len(), 1);
    let r = logged(&bot, "claim_rejected", "claims@club.test");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["details"]["side"], "white");
    both_told_of_the_accepted_claim(&bot, &games[0]);
    let answer = bot.outbox_to(REFEREE);
    let answer = answer.last().unwrap();
    assert_eq!(answer.matches(": done: ").count(), 2, "{answer}");
    assert!(
        answer.contains(&format!(
            "\"accept claim #{none}\": not done: there is no such claim for game #{none}"
        )),
        "{answer}"
    );
}

/// Which clocks of game `game` run: (White, Black).
fn running(bot: &Bot, game: i64) -> (bool, bool) {
    let side = |s: &str| -> bool {
        bot.db()
            .query_row(
                "SELECT running FROM clocks WHERE game_id = ?1 AND side = ?2",
                rusqlite::params![game, s],
                |r| r.get(0),
            )
            .unwrap()
    };
    (side("white"), side("black"))
}

/// By mail as by the command line: a rollback of one ply (odd) gives White
/// the move and the running clock, so White's move is accepted; a rollback
/// to the current ply is refused politely in the director's language and
/// changes nothing; a rollback of two plies (even) runs Black's clock.
#[test]
fn a_rollback_by_mail_runs_the_clock_of_the_side_to_move_and_refuses_a_no_op() {
    let bot = desk();
    bot.serve_once();
    for (mv, who) in [("cd4", ALICE), ("ba5", BOB), ("gh4", ALICE)] {
        bot.ok(&["play", "2", mv, "--as", who]);
    }
    let to = bot.personal_address(REFEREE);
    let referee = "Referee <referee@example.test>";
    send(
        &bot,
        1,
        referee,
        &to,
        "rb-1@club.test",
        "rollback #2 2\nreason: wrong move\n",
    );
    assert_eq!(logged(&bot, "rollback", "rb-1@club.test").len(), 1);
    assert_eq!(bot.plies(2), 2);
    assert_eq!(running(&bot, 2), (true, false), "White to move runs");
    bot.ok(&["play", "2", "gh4", "--as", ALICE]);
    assert_eq!(running(&bot, 2), (false, true));

    let judge = bot.personal_address(JUDGE);
    let before = told(&bot, ALICE, "ply 3");
    send(
        &bot,
        2,
        "Судья <judge@example.test>",
        &judge,
        "rb-2@club.test",
        "откат #2 полуход 3\nпричина: проверка\n",
    );
    assert!(logged(&bot, "rollback", "rb-2@club.test").is_empty());
    assert_eq!(bot.plies(2), 3);
    let answer = bot.outbox_to(JUDGE);
    let answer = answer.last().unwrap();
    assert!(answer.contains("ничего не отменил бы"), "{answer}");
    assert!(
        !answer.contains("0 plies") && !answer.contains("Nothing"),
        "{answer}"
    );
    assert_eq!(
        told(&bot, ALICE, "ply 3"),
        before,
        "the players hear nothing"
    );

    send(
        &bot,
        3,
        referee,
        &to,
        "rb-3@club.test",
        "rollback #2 1\nreason: wrong moves\n",
    );
    assert_eq!(bot.plies(2), 1);
    assert_eq!(running(&bot, 2), (false, true), "Black to move runs");
    bot.ok(&["play", "2", "ba5", "--as", BOB]);
}

/// The same rulings from the command line (`referee accept-claim` /
/// `reject-claim`): applied, audit-logged, both players told; a ruling on a
/// game nobody claimed is refused and changes nothing.
#[test]
fn the_director_accepts_and_rejects_claims_on_the_command_line() {
    let bot = Bot::new(Mailing::Local);
    let games = frozen_tournament(&bot);
    bot.serve_once();
    white_claims_a_win_in_the_first_two(&bot, &games);
    let (accepted, rejected, none) = (games[0].0, games[1].0, games[2].0);
    let desk = ["--as", REFEREE, "--reason", "the analysis was checked"];
    let id = |g: i64| g.to_string();
    bot.ok(&[&["referee", "accept-claim", &id(accepted)][..], &desk].concat());
    bot.ok(&[
        &["referee", "reject-claim", &id(rejected), "--side", "white"][..],
        &desk,
    ]
    .concat());
    let refused = bot.run(&[&["referee", "accept-claim", &id(none)][..], &desk].concat());
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("no such claim"), "{err}");
    assert_eq!(bot.result(accepted).as_deref(), Some("1-0"));
    assert_eq!(adjudication_state(&bot, accepted), "ruled");
    assert_eq!(bot.result(rejected), None);
    assert_eq!(adjudication_state(&bot, rejected), "ruling");
    assert_eq!(adjudication_state(&bot, none), "claims", "unchanged");
    both_told_of_the_accepted_claim(&bot, &games[0]);
}

/// Adjourn, annul, resend and a forced removal of days by mail: each applied
/// once with its Message-ID; a removal below zero without `force` refused.
#[test]
fn adjourn_annul_resend_and_forced_days_by_mail() {
    let bot = desk();
    bot.serve_once();
    let to_bob_before = bot.outbox_to(BOB).len();
    let body = "adjourn #1\nreason: the club closes for the holidays\n\
        аннулировать #3\nпричина: партия сыграна не теми участниками\n\
        add days #2 black -30\nreason: a wrong entry\n\
        add days #2 white -30 force\nreason: the time was used on another server\n\
        resend #4 bob@example.test\nreason: Bob lost the invitation\n";
    let to = bot.personal_address(REFEREE);
    send(
        &bot,
        1,
        "Referee <referee@example.test>",
        &to,
        "more-1@club.test",
        body,
    );
    assert_eq!(status(&bot, 1), "adjourned");
    assert_eq!(status(&bot, 3), "annulled");
    assert_eq!(extra_seconds(&bot, 2, "white"), -30 * 86_400);
    assert_eq!(extra_seconds(&bot, 2, "black"), 0, "refused without force");
    for action in ["adjourn", "annul", "resend"] {
        assert_eq!(
            logged(&bot, action, "more-1@club.test").len(),
            1,
            "{action}"
        );
    }
    assert_eq!(logged(&bot, "add_days", "more-1@club.test").len(), 1);
    let answer = bot.outbox_to(REFEREE);
    let answer = answer.last().unwrap();
    assert_eq!(answer.matches(": done: ").count(), 4, "{answer}");
    assert!(
        answer.contains("\"add days #2 black -30\": not done: "),
        "{answer}"
    );
    assert!(
        answer.contains("The referee sends the game's invitation again"),
        "{answer}"
    );
    assert!(told(&bot, BOB, "Судья отложил партию.") >= 1);
    assert!(
        told(
            &bot,
            ALICE,
            "The referee annuls the game; it counts for nobody."
        ) >= 1
    );
    let bob = bot.outbox_to(BOB);
    assert!(
        bob[to_bob_before..]
            .iter()
            .any(|b| b.contains("Партия №4") && b.contains("Вы играете")),
        "Bob gets game #4's invitation again: {bob:#?}"
    );
}

/// Black's days added to game #2's clock, in whole days.
fn black_days(bot: &Bot) -> i64 {
    extra_seconds(bot, 2, "black") / 86_400
}

#[test]
fn a_director_mail_sent_again_with_a_new_message_id_is_applied_once() {
    let bot = desk();
    bot.serve_once();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let hours_ago = |h: u64| now - h * 3_600;
    let to = bot.personal_address(REFEREE);
    let from = "Referee <referee@example.test>";
    let body = "add days #2 black 3\nreason: the post was on strike\n";
    let at = |seq: usize, hours: u64, id: &str, body: &str| {
        bot.deliver_at(
            seq,
            &mail(from, &to, "commands", id, body),
            hours_ago(hours),
        );
        bot.serve_once();
    };
    at(1, 60, "first@club.test", body);
    assert_eq!(black_days(&bot), 3);
    // The same command, the director's client sending it again with a new
    // Message-ID six hours later: not applied, answered "already done".
    let told_before = told(&bot, BOB, "Судья добавил 3 дня");
    at(2, 54, "second@club.test", body);
    assert_eq!(black_days(&bot), 3, "the days are added once");
    assert_eq!(logged(&bot, "add_days", "second@club.test").len(), 0);
    assert_eq!(told(&bot, BOB, "Судья добавил 3 дня"), told_before);
    let answer = bot.outbox_to(REFEREE);
    let answer = answer.last().unwrap();
    assert!(
        answer.contains("\"add days #2 black 3\": not done: already done at ")
            && answer.contains("write \"again\""),
        "{answer}"
    );
    // Written in other case and spacing, it is the same command.
    at(
        3,
        50,
        "third@club.test",
        "Add  Days #2 BLACK 3\nreason: strike\n",
    );
    assert_eq!(black_days(&bot), 3);
    // "again" after the command: applied a second time.
    at(
        4,
        48,
        "fourth@club.test",
        "add days #2 black 3 again\nreason: the strike goes on\n",
    );
    assert_eq!(black_days(&bot), 6);
    assert_eq!(logged(&bot, "add_days", "fourth@club.test").len(), 1);
    // More than a day after the last time it was done, it is a new command.
    at(5, 1, "fifth@club.test", body);
    assert_eq!(black_days(&bot), 9);

    // In Russian: the repeat answered in the director's language, and
    // «повторно» alone on a line asks for every command again.
    let to = bot.personal_address(JUDGE);
    let from = "Судья <judge@example.test>";
    let body = "пауза #3\nпричина: болезнь\n";
    let send_ru = |seq: usize, id: &str, body: &str| {
        bot.deliver_at(
            seq,
            &mail(from, &to, "распоряжения", id, body),
            now - 600 + seq as u64,
        );
        bot.serve_once();
    };
    send_ru(6, "ru-first@club.test", body);
    assert_eq!(status(&bot, 3), "paused");
    send_ru(
        7,
        "ru-resume@club.test",
        "возобновить #3\nпричина: выздоровел\n",
    );
    assert_eq!(status(&bot, 3), "active");
    send_ru(8, "ru-second@club.test", body);
    assert_eq!(status(&bot, 3), "active", "the pause is not done again");
    let answer = bot.outbox_to(JUDGE);
    let answer = answer.last().unwrap();
    assert!(
        answer.contains("«пауза #3»: не выполнено: уже выполнено ")
            && answer.contains("допишите после распоряжения «повторно»"),
        "{answer}"
    );
    send_ru(9, "ru-third@club.test", &format!("Повторно\n{body}"));
    assert_eq!(status(&bot, 3), "paused", "asked again: done again");
    assert_eq!(logged(&bot, "pause", "ru-third@club.test").len(), 1);
}
