//! Who may rule on a game and direct a tournament, through the real binary
//! on a real SQLite file, the daemon reading a Maildir inbox and writing the
//! file outbox: a referee who plays in a game cannot rule on it (command line
//! or mail), another referee must; a tournament is directed by its creator
//! and the directors added to it, and by the admins, and by nobody else; a
//! tournament made before directors were recorded gets its creator from the
//! audit log.

use crate::common;

use common::daemon::{ALICE, Bot, GameNew, Mailing, mail, two_players};
use common::field::{add_director, add_numbered, draw_by_seed, new_tournament};

/// The referee of `two_players` (English).
const REFEREE: &str = "referee@example.test";
/// A referee who also plays (Russian).
const CAROL: &str = "carol@example.test";
/// Another referee (Russian).
const JUDGE: &str = "judge@example.test";
/// An admin.
const ADMIN: &str = "admin@example.test";

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `referee ARGS --as ACTOR --reason desk`.
fn rule(bot: &Bot, actor: &str, args: &[&str]) -> std::process::Output {
    let mut all = vec!["referee"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--as", actor, "--reason", "desk"]);
    bot.run(&all)
}

fn status(bot: &Bot, game: i64) -> String {
    bot.db()
        .query_row("SELECT status FROM games WHERE id = ?1", [game], |r| {
            r.get(0)
        })
        .unwrap()
}

/// The audit entries about `game`.
fn logged_on(bot: &Bot, game: i64) -> usize {
    bot.db()
        .query_row(
            "SELECT count(*) FROM audit_log WHERE game_id = ?1",
            [game],
            |r| r.get::<_, i64>(0),
        )
        .unwrap() as usize
}

/// `two_players` (game #1, Alice against Bob), Carol a referee writing in
/// Russian, and game #2: Carol (White) against Alice, 3 days a move, with
/// Carol's first move played.
fn carol_plays() -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.ok(&[
        "player", "add", "--name", "Карл", "--email", CAROL, "--role", "referee", "--lang", "ru",
    ]);
    bot.new_game(GameNew::russian(CAROL, ALICE).control("3d/move"));
    bot.ok(&["play", "2", "cd4", "--as", CAROL]);
    bot
}

#[test]
fn a_referee_who_plays_cannot_rule_on_his_game_from_the_command_line() {
    let bot = carol_plays();
    let before = logged_on(&bot, 2);
    let extra = || -> i64 {
        bot.db()
            .query_row(
                "SELECT sum(extra_seconds) FROM clocks WHERE game_id = 2",
                [],
                |r| r.get(0),
            )
            .unwrap()
    };
    for args in [
        &["adjudicate", "2", "1-0"][..],
        &["add-days", "2", "white", "3"],
        &["add-days", "2", "black", "-1"],
        &["rollback", "2", "0"],
        &["forfeit", "2", "black"],
        &["annul", "2"],
        &["pause", "2"],
        &["adjourn", "2"],
        &["resume", "2"],
        &["accept-claim", "2"],
        &["reject-claim", "2"],
        &["bounce-clear", "2", ALICE],
    ] {
        let out = rule(&bot, CAROL, args);
        assert!(!out.status.success(), "{args:?} is refused");
        let err = stderr(&out);
        assert!(
            err.contains("you play in game #2, so you cannot rule on it: another referee"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(status(&bot, 2), "active");
    assert_eq!(bot.plies(2), 1);
    assert_eq!(extra(), 0);
    assert_eq!(logged_on(&bot, 2), before, "nothing ruled, nothing logged");
    // A re-send of the game's mails rules on nothing: Carol may ask it.
    bot.ok(&["game", "resend", "2", "--as", CAROL]);
    // On a game she does not play in, Carol rules; on hers, another referee.
    assert!(rule(&bot, CAROL, &["pause", "1"]).status.success());
    assert_eq!(status(&bot, 1), "paused");
    let out = rule(&bot, REFEREE, &["add-days", "2", "black", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(extra(), 3 * 86_400);
    let out = rule(&bot, REFEREE, &["adjudicate", "2", "1-0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(bot.result(2).as_deref(), Some("1-0"));
}

#[test]
fn a_referee_who_plays_cannot_rule_on_his_game_by_mail() {
    let bot = carol_plays();
    bot.serve_once();
    let before = logged_on(&bot, 2);
    let body = "присудить #2 1-0\nпричина: соперник не отвечает\n\
        добавить #2 белым 3\nпричина: почта\n\
        откат #2 0\nпричина: ошибка\n\
        пауза #1\nпричина: болезнь\n";
    let to = bot.personal_address(CAROL);
    bot.deliver(
        1,
        &mail(
            "Карл <carol@example.test>",
            &to,
            "распоряжения",
            "carol-1@club.test",
            body,
        ),
    );
    bot.serve_once();
    assert_eq!(status(&bot, 2), "active");
    assert_eq!(bot.result(2), None);
    assert_eq!(bot.plies(2), 1);
    assert_eq!(logged_on(&bot, 2), before);
    assert_eq!(status(&bot, 1), "paused", "a game she does not play in");
    let answer = bot.outbox_to(CAROL);
    let answer = answer
        .iter()
        .find(|b| b.contains("Ваши распоряжения судьи турнира"))
        .expect("Carol is answered");
    for line in ["присудить #2 1-0", "добавить #2 белым 3", "откат #2 0"]
    {
        let want = format!(
            "«{line}»: не выполнено: вы играете в партии №2 и не можете выносить по ней решения: это должен сделать другой судья турнира."
        );
        assert!(answer.contains(&want), "{want} in {answer}");
    }
    assert!(answer.contains("«пауза #1»: выполнено"), "{answer}");
    // Alice hears of no ruling on game #2.
    assert!(
        !bot.outbox_to(ALICE)
            .iter()
            .any(|b| b.contains("adjudicates") || b.contains("adds 3 days")),
        "{:?}",
        bot.outbox_to(ALICE)
    );
}

/// The tournament «Осень» of four players made by the referee of
/// `two_players`, with Judge (a referee) and an admin registered; drawn and
/// started when `start`. Returns the players' addresses.
fn autumn(bot: &Bot, start: bool) -> Vec<String> {
    two_players(bot, "russian");
    add_director(&|args| bot.ok(args), JUDGE, Some("ru"));
    bot.ok(&[
        "player", "add", "--name", "Admin", "--email", ADMIN, "--role", "admin", "--lang", "en",
    ]);
    let players = add_numbered(&|args| bot.ok(args), 4, |i| format!("p{i}@example.test"));
    new_tournament(
        &|args| bot.ok(args),
        REFEREE,
        "Осень",
        "round-robin",
        &[],
        &players[..3],
    );
    if start {
        bot.ok(&["tournament", "add", "Осень", &players[3], "--as", REFEREE]);
        draw_by_seed(&|args| bot.ok(args), REFEREE, "Осень", "0a");
        bot.ok(&["tournament", "start", "Осень", "--as", REFEREE]);
    }
    players
}

/// `tournament ARGS --as ACTOR`.
fn direct(bot: &Bot, actor: &str, args: &[&str]) -> std::process::Output {
    let mut all = vec!["tournament"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--as", actor]);
    bot.run(&all)
}

/// The tournament's games, by number.
fn autumn_games(bot: &Bot) -> Vec<i64> {
    let db = bot.db();
    let mut stmt = db
        .prepare(
            "SELECT game_id FROM tournament_games JOIN tournaments t ON t.id = tournament_id
             WHERE t.name = 'Осень' ORDER BY game_id",
        )
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

const NOT_DIRECTOR: &str = "you are not a director of the tournament «Осень»";

#[test]
fn a_referee_who_is_not_a_tournaments_director_cannot_change_it() {
    let bot = Bot::new(Mailing::Local);
    let players = autumn(&bot, false);
    let list = bot.ok(&["tournament", "directors", "list", "Осень", "--lang", "en"]);
    assert!(
        list.starts_with("referee@example.test (Referee, referee), since "),
        "the creator directs it: {list}"
    );
    for args in [
        &["add", "Осень", players[3].as_str()][..],
        &["remove", "Осень", players[0].as_str()],
        &["draw", "Осень", "--seed", "0a"],
        &["directors", "add", "Осень", JUDGE],
        &["directors", "remove", "Осень", REFEREE],
    ] {
        let out = direct(&bot, JUDGE, args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr(&out).contains(NOT_DIRECTOR),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let entrants = |bot: &Bot| -> i64 {
        bot.db()
            .query_row("SELECT count(*) FROM tournament_players", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(entrants(&bot), 3);
    // An admin directs every tournament.
    let out = direct(&bot, ADMIN, &["add", "Осень", &players[3]]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(entrants(&bot), 4);
    // The director adds a colleague, who then directs it; a player cannot
    // be made a director; the last director stays.
    let out = direct(&bot, REFEREE, &["directors", "add", "Осень", &players[0]]);
    assert!(
        stderr(&out).contains("p1@example.test is not a referee"),
        "{}",
        stderr(&out)
    );
    bot.ok(&[
        "tournament",
        "directors",
        "add",
        "Осень",
        JUDGE,
        "--as",
        REFEREE,
    ]);
    let list = bot.ok(&["tournament", "directors", "list", "Осень", "--json"]);
    assert_eq!(list.lines().count(), 2, "{list}");
    assert!(
        list.contains("\"address\":\"judge@example.test\""),
        "{list}"
    );
    let out = direct(&bot, JUDGE, &["directors", "add", "Осень", JUDGE]);
    assert!(stderr(&out).contains("a director of the tournament already"));
    let out = direct(&bot, JUDGE, &["draw", "Осень", "--seed", "0a"]);
    assert!(out.status.success(), "{}", stderr(&out));
    bot.ok(&[
        "tournament",
        "directors",
        "remove",
        "Осень",
        REFEREE,
        "--as",
        JUDGE,
    ]);
    let out = direct(&bot, REFEREE, &["start", "Осень"]);
    assert!(stderr(&out).contains(NOT_DIRECTOR), "{}", stderr(&out));
    let out = direct(&bot, JUDGE, &["directors", "remove", "Осень", JUDGE]);
    assert!(
        stderr(&out).contains("would be left without a director"),
        "{}",
        stderr(&out)
    );
    let out = direct(&bot, JUDGE, &["start", "Осень"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Each change is in the referee's log with who made it.
    let log = bot.ok(&["referee", "log"]);
    assert!(
        log.contains("referee@example.test tournament director add (director: judge@example.test, tournament: Осень)"),
        "{log}"
    );
    assert!(
        log.contains("judge@example.test tournament director remove (director: referee@example.test, tournament: Осень)"),
        "{log}"
    );
}

#[test]
fn only_a_tournaments_directors_and_the_admins_rule_on_its_games() {
    let bot = Bot::new(Mailing::Local);
    autumn(&bot, true);
    bot.serve_once();
    let games = autumn_games(&bot);
    assert_eq!(games.len(), 6);
    let (g1, g2, g3) = (games[0], games[1], games[2]);
    let n1 = g1.to_string();
    // Another referee: refused on the command line, game by game or the
    // whole tournament.
    for args in [
        &["adjudicate", n1.as_str(), "1-0"][..],
        &["add-days", n1.as_str(), "white", "3"],
        &["pause", n1.as_str()],
        &["pause-tournament", "Осень"],
    ] {
        let out = rule(&bot, JUDGE, args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr(&out).contains(NOT_DIRECTOR),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    assert_eq!(status(&bot, g1), "active");
    // ... and by mail, answered in his language.
    let to = bot.personal_address(JUDGE);
    let body = format!("присудить #{g1} 1-0\nпричина: неявка\n");
    bot.deliver(
        1,
        &mail(
            "Судья <judge@example.test>",
            &to,
            "распоряжения",
            "judge-1@club.test",
            &body,
        ),
    );
    bot.serve_once();
    assert_eq!(bot.result(g1), None);
    let answer = bot.outbox_to(JUDGE);
    let answer = answer.last().unwrap();
    assert!(
        answer.contains(&format!(
            "«присудить #{g1} 1-0»: не выполнено: вы не судья турнира «Осень»: менять турнир и выносить решения по его партиям могут только его судьи и администраторы."
        )),
        "{answer}"
    );
    // The admin and the tournament's director rule.
    let out = rule(&bot, ADMIN, &["pause", &n1]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(status(&bot, g1), "paused");
    let out = rule(&bot, REFEREE, &["adjudicate", &g2.to_string(), "1-0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(bot.result(g2).as_deref(), Some("1-0"));
    // Once made a director, Judge rules too.
    bot.ok(&[
        "tournament",
        "directors",
        "add",
        "Осень",
        JUDGE,
        "--as",
        REFEREE,
    ]);
    let out = rule(&bot, JUDGE, &["adjudicate", &g3.to_string(), "0-1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(bot.result(g3).as_deref(), Some("0-1"));
    // A game outside any tournament: every referee, as before.
    bot.new_game(GameNew::alice_bob());
    let last: i64 = bot
        .db()
        .query_row("SELECT max(id) FROM games", [], |r| r.get(0))
        .unwrap();
    let out = rule(&bot, JUDGE, &["pause", &last.to_string()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_tournament_made_before_directors_were_recorded_is_directed_by_its_creator() {
    let bot = Bot::new(Mailing::Local);
    autumn(&bot, false);
    // The database as an earlier schema left it: no directors table, and a
    // second tournament whose making the audit log does not name.
    let db = bot.db();
    db.execute_batch(
        "DROP TABLE director_commands; DROP TABLE tournament_directors;
         INSERT INTO tournaments (name, variant, system, settings, status, created_at)
         SELECT 'Зима', variant, system, settings, 'registering', created_at
           FROM tournaments WHERE name = 'Осень';",
    )
    .unwrap();
    db.execute_batch(include_str!("../../../migrations/0019_directors.sql"))
        .unwrap();
    drop(db);
    let list = bot.ok(&["tournament", "directors", "list", "Осень"]);
    assert!(list.starts_with("referee@example.test ("), "{list}");
    let out = direct(&bot, JUDGE, &["add", "Осень", "p4@example.test"]);
    assert!(stderr(&out).contains(NOT_DIRECTOR), "{}", stderr(&out));
    // With no creator on record, every referee directs it, as before.
    let list = bot.ok(&["tournament", "directors", "list", "Зима", "--lang", "en"]);
    assert!(
        list.contains("has no directors of its own: every referee and admin directs it"),
        "{list}"
    );
    let out = direct(&bot, JUDGE, &["add", "Зима", "p4@example.test"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The first director added to it keeps the referee who added them.
    bot.ok(&[
        "tournament",
        "directors",
        "add",
        "Зима",
        REFEREE,
        "--as",
        JUDGE,
    ]);
    let list = bot.ok(&["tournament", "directors", "list", "Зима"]);
    assert_eq!(list.lines().count(), 2, "{list}");
}
