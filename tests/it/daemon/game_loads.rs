//! How often one mail reads its game: the daemon's own processing function
//! applies one move mail to a real SQLite file while SQLite's trace hook
//! (`Connection::trace_v2`) records every statement with its parameters
//! bound; the reads of the game's row and of its moves are counted.

use crate::common;

use std::sync::Mutex;

use common::daemon::{ALICE, Bot, Mailing, mail, two_players};
use rusqlite::trace::{TraceEvent, TraceEventCodes};
use zaochka::config::Config;
use zaochka::daemon::inbox::RawMail;
use zaochka::daemon::process;
use zaochka::store::Store;

/// The statements the traced connection ran, parameters bound.
static STATEMENTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Held while one test's connection is traced: the hook writes into the one
/// [`STATEMENTS`], and the tests of this file run on parallel threads.
static TRACING: Mutex<()> = Mutex::new(());

fn record(event: TraceEvent<'_>) {
    if let TraceEvent::Stmt(stmt, sql) = event
        && !sql.trim_start().starts_with("--")
    {
        let text = stmt.expanded_sql().unwrap_or_else(|| sql.to_string());
        let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        STATEMENTS.lock().unwrap().push(one_line);
    }
}

/// Whether `sql` is a SELECT reading the table `table` (its rows, through
/// `FROM` or a join).
fn reads(sql: &str, table: &str) -> bool {
    let s = sql.to_ascii_lowercase();
    (s.starts_with("select") || s.starts_with("with"))
        && [" from ", " join "].iter().any(|kw| {
            s.match_indices(kw).any(|(i, _)| {
                let rest = &s[i + kw.len()..];
                rest.strip_prefix(table)
                    .is_some_and(|r| r.is_empty() || r.starts_with([' ', ',', ')']))
            })
        })
}

/// Sets the statement hook of the store's connection (through a
/// transaction's handle: the hook stays for the transactions after it).
fn trace(store: &mut Store, codes: TraceEventCodes, f: Option<fn(TraceEvent<'_>)>) {
    store
        .read(|tx| {
            tx.sql().trace_v2(codes, f);
            Ok::<_, zaochka::store::StoreError>(())
        })
        .unwrap();
}

/// Processes one mail through the daemon's processing function with the
/// statement trace on; returns the statements run.
fn traced_process(bot: &Bot, key: &str, text: &str) -> Vec<String> {
    let config = Config::load(Some(&bot.config)).unwrap();
    let mut store = Store::open(&config.database).unwrap();
    let raw = RawMail {
        key: key.to_string(),
        bytes: text.as_bytes().to_vec(),
        size: text.len() as u64,
        received_at: chrono::Utc::now(),
    };
    let _one_trace = TRACING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    STATEMENTS.lock().unwrap().clear();
    // The hook is the connection's: set through a transaction's handle, it
    // stays for the transactions after it.
    trace(&mut store, TraceEventCodes::SQLITE_TRACE_STMT, Some(record));
    let processed = process::process(&mut store, &config, &raw, None).unwrap();
    trace(&mut store, TraceEventCodes::empty(), None);
    assert!(
        processed.outcome.starts_with("applied"),
        "outcome {}",
        processed.outcome
    );
    std::mem::take(&mut *STATEMENTS.lock().unwrap())
}

/// What one mail read of its game: the reads of the game's row, the reads of
/// its moves' notation (a replay; a count of plies or a look at the receipts
/// is none), and the board pictures it put into the outbox.
struct Reads {
    games: Vec<String>,
    moves: Vec<String>,
    pictures: usize,
}

impl Reads {
    fn of(statements: &[String]) -> Reads {
        if std::env::var_os("ZAOCHKA_SHOW_READS").is_some() {
            for s in statements {
                eprintln!("{s}");
            }
        }
        Reads {
            games: statements
                .iter()
                .filter(|s| reads(s, "games"))
                .cloned()
                .collect(),
            moves: statements
                .iter()
                .filter(|s| reads(s, "moves") && s.contains("notation"))
                .cloned()
                .collect(),
            pictures: statements
                .iter()
                .filter(|s| {
                    s.starts_with("INSERT INTO outbox_attachments") && s.contains("'board.png'")
                })
                .count(),
        }
    }

    /// At most two reads of the game's row (the game by id, once for the
    /// whole transaction, and the sender's active games when the mail's
    /// address is checked) and one read of its moves, replayed once: the
    /// replies' pictures, titles and records come from that replay.
    fn assert_one_load(&self) {
        assert!(
            self.games.len() <= 2 && self.moves.len() == 1,
            "{} reads of the game row, {} of its moves:\n{}\n--\n{}",
            self.games.len(),
            self.moves.len(),
            self.games.join("\n"),
            self.moves.join("\n"),
        );
    }
}

/// Game #1 (Russian checkers) with White's first move played by mail, Black
/// to move; returns Black's reply token.
fn game_after_one_move(bot: &Bot) -> String {
    two_players(bot, "russian");
    bot.serve_once();
    let wt = bot.token(1, "white");
    bot.deliver(
        1,
        &mail(
            ALICE,
            &format!("bot+1.{wt}@example.test"),
            "Re: [zaochka #1] russian",
            "w1@example.test",
            "1. c3-d4",
        ),
    );
    bot.serve_once();
    assert_eq!(bot.plies(1), 1);
    bot.token(1, "black")
}

/// One move mail in a game of one move already played, both replies with
/// the board as a picture (HTML and PNG) and the score attached: at most two
/// reads of the game's row and one read and replay of its moves.
#[test]
fn one_move_mail_reads_its_game_row_once() {
    let bot = Bot::new(Mailing::Local);
    let bt = game_after_one_move(&bot);
    let statements = traced_process(
        &bot,
        "maildir/traced-move",
        &mail(
            "bob@example.test",
            &format!("bot+1.{bt}@example.test"),
            "Re: [zaochka #1] russian",
            "b1@example.test",
            "1... f6-e5",
        ),
    );
    assert_eq!(bot.plies(1), 2, "the move was applied");
    let reads = Reads::of(&statements);
    assert_eq!(reads.pictures, 2, "both players get the board");
    reads.assert_one_load();
}

/// A move mail with a draw offer, the mail declining it and a draw offer
/// mail without a move read their game as a move mail does: their replies
/// draw their pictures and records from the referee's one replay.
#[test]
fn draw_offer_mails_read_their_game_row_once() {
    let bot = Bot::new(Mailing::Local);
    let bt = game_after_one_move(&bot);
    let statements = traced_process(
        &bot,
        "maildir/traced-move-and-offer",
        &mail(
            "bob@example.test",
            &format!("bot+1.{bt}@example.test"),
            "Re: [zaochka #1] russian",
            "b1@example.test",
            "1... f6-e5, I offer a draw.",
        ),
    );
    assert_eq!(bot.plies(1), 2, "the move was applied");
    let reads = Reads::of(&statements);
    assert_eq!(reads.pictures, 2, "both players get the board");
    reads.assert_one_load();
    assert!(
        statements
            .iter()
            .any(|s| s.starts_with("INSERT INTO draw_offers")),
        "the offer was recorded"
    );

    let wt = bot.token(1, "white");
    let statements = traced_process(
        &bot,
        "maildir/traced-decline",
        &mail(
            ALICE,
            &format!("bot+1.{wt}@example.test"),
            "Re: [zaochka #1] russian",
            "w2@example.test",
            "I decline the draw.",
        ),
    );
    let reads = Reads::of(&statements);
    assert_eq!(reads.pictures, 2, "both players get the board");
    reads.assert_one_load();
    assert!(
        statements
            .iter()
            .any(|s| s.starts_with("UPDATE draw_offers") && s.contains("'declined'")),
        "the offer was declined"
    );

    let statements = traced_process(
        &bot,
        "maildir/traced-offer",
        &mail(
            ALICE,
            &format!("bot+1.{wt}@example.test"),
            "Re: [zaochka #1] russian",
            "w3@example.test",
            "I offer a draw.",
        ),
    );
    let reads = Reads::of(&statements);
    assert_eq!(reads.pictures, 2, "both players get the board");
    reads.assert_one_load();
    assert_eq!(bot.plies(1), 2, "no move was played");
}

/// A move mail that sets off the opponent's conditional line: the reply is
/// played on the game the move left loaded, so the play-out reads the
/// game's moves no more than a plain move mail does (one read, one replay),
/// and both players still get the board after the reply.
#[test]
fn a_move_mail_that_sets_off_a_conditional_reply_reads_its_moves_once() {
    let bot = Bot::new(Mailing::Local);
    let bt = game_after_one_move(&bot);
    let wt = bot.token(1, "white");
    bot.deliver(
        2,
        &mail(
            ALICE,
            &format!("bot+1.{wt}@example.test"),
            "Re: [zaochka #1] russian",
            "w-line@example.test",
            "if 1... f6-e5 then 2. d4:f6",
        ),
    );
    bot.serve_once();
    let lines: i64 = bot
        .db()
        .query_row("SELECT count(*) FROM conditional_lines", [], |r| r.get(0))
        .unwrap();
    assert_eq!(lines, 1, "White's line is kept");
    let statements = traced_process(
        &bot,
        "maildir/traced-move-answered",
        &mail(
            "bob@example.test",
            &format!("bot+1.{bt}@example.test"),
            "Re: [zaochka #1] russian",
            "b1@example.test",
            "1... f6-e5",
        ),
    );
    assert_eq!(
        bot.plies(1),
        3,
        "the move and White's conditional reply were played"
    );
    let reads = Reads::of(&statements);
    assert_eq!(
        reads.pictures, 2,
        "both players get the board after the reply"
    );
    reads.assert_one_load();
}
