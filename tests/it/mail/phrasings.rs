//! The corpus of players' phrasings (`tests/data/phrasings.toml`) played by
//! mail through the daemon: for each case a game of its own is set up with
//! the command line (its plies before the mail, the opponent's draw offer
//! when the case says so), the player's mail is delivered to the game's
//! reply address (Maildir inbox, a real SQLite file), one daemon cycle
//! reads every mail, and the database says what was done:
//!
//! - `move`: the game has a ply more; `offer`: the sender has a new draw
//!   offer; `accept`: the game is drawn by agreement; `decline`: the
//!   opponent's offer is declined (a move declines it too); `resign`: the
//!   sender lost by resignation; `claim`: a draw claim is recorded;
//! - for every act the words name without making it (`unsaid`), the
//!   reply to that mail says it was not done, in the sender's language.
//!
//! Exactly the acts of the case, no more: no draw offer, acceptance,
//! resignation or claim from a question, negation, condition, report,
//! quotation or joke.

use crate::common;

use common::daemon::{Bot, Mailing, mail};
use common::phrasings::corpus;

/// The words a reply may use to say an act was not done (with the
/// opponent's offer pending, or none, a draw's answer is worded so).
fn not_done(act: &str, lang: &str) -> &'static [&'static str] {
    match (act, lang) {
        ("offer", "ru") => &["ничья не предложена", "остаётся без ответа"],
        ("accept", "ru") => &[
            "ничья не принята",
            "остаётся без ответа",
            "предложения ничьей от соперника сейчас нет",
        ],
        ("decline", "ru") => &[
            "не отклонено",
            "остаётся без ответа",
            "предложения ничьей от соперника сейчас нет",
        ],
        ("resign", "ru") => &["партия не сдана"],
        ("claim", "ru") => &["ничья не заявлена"],
        ("takeback", "ru") => &["ход назад не берётся"],
        ("offer", _) => &["no draw was offered", "still unanswered"],
        ("accept", _) => &[
            "no draw was accepted",
            "still unanswered",
            "no draw offer pending",
        ],
        ("decline", _) => &[
            "was not declined",
            "still unanswered",
            "no draw offer pending",
        ],
        ("resign", _) => &["the game was not resigned"],
        ("claim", _) => &["no draw was claimed"],
        ("takeback", _) => &["moves are not taken back"],
        _ => panic!("unknown act {act}"),
    }
}

struct Setup {
    game: i64,
    sender: &'static str,
    sender_side: &'static str,
    plies: i64,
    message_id: String,
}

fn player(bot: &Bot, name: &str, email: &str, lang: &str) {
    bot.ok(&[
        "player", "add", "--name", name, "--email", email, "--lang", lang,
    ]);
}

#[test]
fn every_phrasing_of_the_corpus_does_exactly_what_its_player_meant() {
    let corpus = corpus();
    let bot = Bot::new(Mailing::Local);
    player(&bot, "Иван", "ivan@example.test", "ru");
    player(&bot, "Пётр", "petr@example.test", "ru");
    player(&bot, "Alice", "alice@example.test", "en");
    player(&bot, "Bob", "bob@example.test", "en");
    let mut setups = Vec::new();
    for (k, case) in corpus.iter().enumerate() {
        let (me, other) = if case.lang == "ru" {
            ("ivan@example.test", "petr@example.test")
        } else {
            ("alice@example.test", "bob@example.test")
        };
        let white_moves = case.before.len() % 2 == 0;
        let (white, black) = if white_moves {
            (me, other)
        } else {
            (other, me)
        };
        bot.ok(&[
            "game",
            "new",
            "--variant",
            &case.game,
            "--white",
            white,
            "--black",
            black,
        ]);
        let game = k as i64 + 1;
        for (p, mv) in case.before.iter().enumerate() {
            let by = if p % 2 == 0 { white } else { black };
            let gs = game.to_string();
            let mut args = vec!["play", gs.as_str(), mv.as_str(), "--as", by];
            if case.offered && p + 1 == case.before.len() {
                args.push("--offer-draw");
            }
            bot.ok(&args);
        }
        let side = if white_moves { "white" } else { "black" };
        let token = bot.token(game, side);
        let message_id = format!("phrasing{k}.{}@example.test", case.id);
        bot.deliver(
            k,
            &mail(
                me,
                &format!("bot+{game}.{token}@example.test"),
                &format!("Re: [zaochka #{game}] game"),
                &message_id,
                &case.body,
            ),
        );
        setups.push(Setup {
            game,
            sender: me,
            sender_side: side,
            plies: case.before.len() as i64,
            message_id,
        });
    }
    bot.serve_once();
    let db = bot.db();
    let mut failures = Vec::new();
    for (case, s) in corpus.iter().zip(&setups) {
        let mut acts: Vec<String> = Vec::new();
        if bot.plies(s.game) > s.plies {
            acts.push("move".into());
        }
        let offers: i64 = db
            .query_row(
                "SELECT count(*) FROM draw_offers WHERE game_id = ?1 AND side = ?2 AND ply >= ?3",
                rusqlite::params![s.game, s.sender_side, s.plies],
                |r| r.get(0),
            )
            .unwrap();
        if offers > 0 {
            acts.push("offer".into());
        }
        let declined: i64 = db
            .query_row(
                "SELECT count(*) FROM draw_offers WHERE game_id = ?1 AND side <> ?2 AND status = 'declined'",
                rusqlite::params![s.game, s.sender_side],
                |r| r.get(0),
            )
            .unwrap();
        if declined > 0 {
            acts.push("decline".into());
        }
        let (result, termination): (Option<String>, Option<String>) = db
            .query_row(
                "SELECT result, termination FROM games WHERE id = ?1",
                [s.game],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        match termination.as_deref() {
            Some("agreement") => acts.push("accept".into()),
            Some("resignation") => {
                let lost = if s.sender_side == "white" {
                    "0-1"
                } else {
                    "1-0"
                };
                if result.as_deref() == Some(lost) {
                    acts.push("resign".into());
                } else {
                    acts.push("opponent-resigned".into());
                }
            }
            _ => {}
        }
        let claims: i64 = db
            .query_row(
                "SELECT count(*) FROM draw_claims WHERE game_id = ?1",
                [s.game],
                |r| r.get(0),
            )
            .unwrap();
        if claims > 0 {
            acts.push("claim".into());
            // A claim with its move does not play it.
        }
        let mut want = case.acts.clone();
        if case.offered && want.iter().any(|a| a == "move") {
            want.push("decline".into());
        }
        acts.sort();
        want.sort();
        want.dedup();
        let replies: Vec<String> = {
            let mut st = db
                .prepare(
                    "SELECT body_text FROM outbox WHERE to_address = ?1 AND in_reply_to = ?2 ORDER BY id",
                )
                .unwrap();
            st.query_map([s.sender, s.message_id.as_str()], |r| r.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect()
        };
        let reply = replies.join("\n-----\n");
        let missing: Vec<&str> = case
            .unsaid
            .iter()
            .filter(|a| !not_done(a, &case.lang).iter().any(|p| reply.contains(p)))
            .map(String::as_str)
            .collect();
        if acts != want || !missing.is_empty() {
            failures.push(format!(
                "{}: did {acts:?}, meant {want:?}; the reply does not say {missing:?} was not done\n  mail: {:?}\n  reply: {}",
                case.id,
                case.body,
                reply.replace('\n', "\n         ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} phrasings were not done as meant:\n{}",
        failures.len(),
        corpus.len(),
        failures.join("\n")
    );
}
