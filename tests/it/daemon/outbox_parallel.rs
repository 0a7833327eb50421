//! The outbox sent over several SMTP connections at once,
//! against a tiny loopback SMTP sink (tests/it/common/smtp_sink.rs): replies
//! written by real moves through `serve --once` on a Maildir inbox; every reply
//! delivered exactly once although the sink answers 421 to every tenth message,
//! the replies about one game to one player in the order written, and the
//! provider's per-minute cap counted from the store across runs.

use crate::common;

use std::collections::HashMap;

use common::cli::SEED_001;
use common::daemon::{Bot, Mailing, mail, two_players};
use common::smtp_sink::SmtpSink;

/// One outbox row as the test reads it.
struct Row {
    message_id: String,
    to: String,
    game: Option<i64>,
    status: String,
    attempts: i64,
}

fn rows(bot: &Bot) -> Vec<Row> {
    let db = bot.db();
    let mut st = db
        .prepare("SELECT message_id, to_address, game_id, status, attempts FROM outbox ORDER BY id")
        .unwrap();
    st.query_map([], |r| {
        Ok(Row {
            message_id: r.get(0)?,
            to: r.get(1)?,
            game: r.get(2)?,
            status: r.get(3)?,
            attempts: r.get(4)?,
        })
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

/// `games` Russian games of alice against bob and, in the Maildir, the first
/// `plies` moves of seed 001 in each (ply by ply across the games); the outbox
/// sends to `sink` with the `[outbox]` lines `extra`.
fn games_by_mail(games: usize, plies: usize, sink: &SmtpSink, extra: &str) -> Bot {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.more_games(games - 1);
    let mut seq = 0;
    for (k, (mv, who)) in SEED_001.iter().take(plies).enumerate() {
        for game in 1..=games as i64 {
            let white = who.starts_with("ivanov");
            let (from, token) = if white {
                ("Alice <alice@example.test>", bot.token(game, "white"))
            } else {
                ("Bob <bob@example.test>", bot.token(game, "black"))
            };
            let number = k / 2 + 1;
            let text = if white {
                format!("{number}. {mv}")
            } else {
                format!("{number}... {mv}")
            };
            seq += 1;
            bot.deliver(
                seq,
                &mail(
                    from,
                    &format!("bot+{game}.{token}@example.test"),
                    &format!("Re: [zaochka #{game}] russian"),
                    &format!("ply{k}.g{game}@example.test"),
                    &text,
                ),
            );
        }
    }
    set_outbox(&bot, sink, extra);
    bot
}

/// Points the bot's `[outbox]` at the sink with the lines `extra`.
fn set_outbox(bot: &Bot, sink: &SmtpSink, extra: &str) {
    let text = std::fs::read_to_string(&bot.config).unwrap();
    let start = text.find("[outbox]").unwrap();
    let end = start + text[start..].find("[authentication]").unwrap();
    let text = format!(
        "{}{}{}",
        &text[..start],
        sink.outbox_toml(extra),
        &text[end..]
    );
    std::fs::write(&bot.config, text).unwrap();
}

/// `serve --once` with the daemon's info log; returns the log.
fn serve_once_logged(bot: &Bot) -> String {
    let out = bot
        .command()
        .env("RUST_LOG", "info")
        .args(["serve", "--once"])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "serve --once: {log}");
    log
}

#[test]
fn every_reply_is_delivered_once_and_in_order_although_every_tenth_is_answered_421() {
    let sink = SmtpSink::start(Some(10));
    // 10 games, 3 plies each: 30 moves, 60 move replies (3 to each player of
    // each game), plus the 20 invitations.
    let bot = games_by_mail(10, 3, &sink, "connections = 4\n");
    let mut runs = 0;
    while bot.pending_outbox() > 0 && runs < 3 {
        serve_once_logged(&bot);
        runs += 1;
    }
    let rows = rows(&bot);
    assert_eq!(rows.len(), 80, "20 invitations and 60 move replies");
    assert_eq!(
        bot.db()
            .query_row("SELECT count(*) FROM moves", [], |r| r.get::<_, i64>(0))
            .unwrap(),
        30
    );
    assert!(sink.refused() >= 8, "the sink deferred {}", sink.refused());
    let accepted = sink.accepted();
    let mut times: HashMap<&str, usize> = HashMap::new();
    for a in &accepted {
        *times.entry(a.message_id.as_str()).or_default() += 1;
    }
    for r in &rows {
        assert_eq!(r.status, "sent", "{} is {}", r.message_id, r.status);
        assert_eq!(
            times.get(r.message_id.as_str()),
            Some(&1),
            "{} delivered once",
            r.message_id
        );
        assert_eq!(r.attempts, 1, "a 421 is not counted as an attempt");
    }
    assert_eq!(
        accepted.len(),
        rows.len(),
        "nothing but the outbox was sent"
    );
    // Per (game, player): the sink accepted the replies in the order written.
    let position: HashMap<&str, usize> = accepted
        .iter()
        .enumerate()
        .map(|(k, a)| (a.message_id.as_str(), k))
        .collect();
    let mut chains: HashMap<(Option<i64>, &str), Vec<usize>> = HashMap::new();
    for r in &rows {
        chains
            .entry((r.game, r.to.as_str()))
            .or_default()
            .push(position[r.message_id.as_str()]);
    }
    assert_eq!(chains.len(), 20);
    for (key, order) in &chains {
        assert_eq!(order.len(), 4, "{key:?}: the invitation and 3 replies");
        assert!(
            order.windows(2).all(|w| w[0] < w[1]),
            "{key:?} accepted out of order: {order:?}"
        );
    }
    assert!(
        sink.most_open() >= 2,
        "sent over {} connection(s) at once",
        sink.most_open()
    );
}

#[test]
fn the_per_minute_cap_holds_the_rest_in_the_outbox_and_counts_across_restarts() {
    let sink = SmtpSink::start(None);
    // 2 games, 2 plies: 4 invitations and 8 move replies.
    let bot = games_by_mail(2, 2, &sink, "per-minute = 5\n");
    let log = serve_once_logged(&bot);
    assert_eq!(
        bot.db()
            .query_row("SELECT count(*) FROM moves", [], |r| r.get::<_, i64>(0))
            .unwrap(),
        4,
        "{log}"
    );
    assert_eq!(sink.accepted().len(), 5);
    assert_eq!(bot.pending_outbox(), 7, "the rest wait, not failed");
    assert!(log.contains("sending cap reached"), "{log}");
    let attempts: i64 = bot
        .db()
        .query_row(
            "SELECT coalesce(sum(attempts), 0) FROM outbox WHERE status = 'pending'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(attempts, 0, "a waiting reply has not been tried");
    // A restart within the minute: the 5 sent count, the cap of 8 leaves 3.
    set_outbox(&bot, &sink, "per-minute = 8\n");
    serve_once_logged(&bot);
    assert_eq!(sink.accepted().len(), 8);
    assert_eq!(bot.pending_outbox(), 4);
    // A later run without the cap sends the rest, each once.
    set_outbox(&bot, &sink, "");
    serve_once_logged(&bot);
    assert_eq!(bot.pending_outbox(), 0);
    let accepted = sink.accepted();
    assert_eq!(accepted.len(), 12);
    let mut ids: Vec<&str> = accepted.iter().map(|a| a.message_id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 12, "no reply sent twice");
}
