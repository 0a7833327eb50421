//! The shared player mails (tests/data/mail, copied from ../shared/cases/mail):
//! 25 mails as real clients write them, each with one new intent and quoted or
//! forwarded old bot mail full of old moves and command words.
//!
//! Every mail is fed through `Envelope::parse`, the sender check (registered
//! address from the README's player table AND that player's token in a reply
//! address), and `read_intents`; the outcome is compared with the mail's row of
//! `expected.tsv`. The referee is not there yet, so intents are compared
//! structurally: kind, move as written (resolved against the position set up
//! from `manifest.json` for Russian checkers and international draughts, against
//! the manifest's legal moves for Bashni, by SAN letters for chess), move number
//! against the move due (stale), game, token validity, auto-reply and bounce
//! flags. Each mail's new text must also hold the manifest's new snippets and
//! none of its old ones, nor the quote marker.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;
use zaochka::mail::address::BotAddress;
use zaochka::mail::chess_token;
use zaochka::mail::intent::{Addressed, Context, Intent, MoveSyntax, MoveText, Unrecognised};
use zaochka::mail::{Envelope, read_intents};
use zaochka::notation::parse_move;
use zaochka::notation::written::{WrittenMove, WrittenOrigin};
use zaochka::rules::Variant;
use zaochka::vocabulary::GameId;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail")
}

/// A player of the README table: name, address, token per game.
#[derive(Debug, Default)]
struct Players {
    /// First name lowercased -> registered address.
    address: BTreeMap<String, String>,
    /// (game, first name lowercased) -> token.
    token: BTreeMap<(i64, String), String>,
}

/// Reads the README's table: `| #12 | Russian checkers | Ivan Petrov `ivan@..` (k7q2m9) | ... |`.
fn players() -> Players {
    let readme = std::fs::read_to_string(data_dir().join("README.md")).expect("README.md");
    let mut p = Players::default();
    for line in readme.lines().filter(|l| l.starts_with("| #")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let game: i64 = cells[0]
            .trim_start_matches('#')
            .parse()
            .expect("game number");
        for cell in &cells[2..4] {
            let first = cell
                .split_whitespace()
                .next()
                .expect("a name")
                .to_lowercase();
            if let Some(start) = cell.find('`') {
                let end = cell[start + 1..].find('`').expect("closing backtick") + start + 1;
                p.address
                    .insert(first.clone(), cell[start + 1..end].to_string());
            }
            let open = cell.rfind('(').expect("token in parentheses");
            let token = cell[open + 1..].trim_end_matches(')').to_string();
            p.token.insert((game, first), token);
        }
    }
    p
}

/// What expected.tsv says a mail must give.
#[derive(Debug, Clone, PartialEq)]
enum Expect {
    /// Moves (game from a `(#N)` note, else the mail's game) and whether a
    /// draw offer goes with them.
    Moves {
        moves: Vec<(Option<i64>, String)>,
        offer_draw: bool,
    },
    AcceptDraw,
    Resign,
    Status,
    History,
    /// A move with an old move number: nothing changes.
    Stale,
    /// An auto-reply: ignored, not answered.
    AutoReply,
    /// A failure notice for a player of a game.
    Bounce {
        game: i64,
        address: String,
        status: String,
    },
    /// No command in the new text.
    NoCommand,
    /// No token: rejected.
    RejectNoToken,
}

/// Reads the `expected` column. An unknown form fails the test, so a new row
/// in the shared file cannot pass unchecked.
fn parse_expected(text: &str) -> Expect {
    let head = text.split_whitespace().next().unwrap_or("");
    match head {
        "move" => {
            let mut moves = Vec::new();
            for part in text.split(" and move ") {
                let part = part.trim_start_matches("move ");
                let mv_end = part
                    .find(" (")
                    .or_else(|| part.find(" +"))
                    .unwrap_or(part.len());
                let mv = part[..mv_end].trim().to_string();
                let game = part.find("(#").map(|i| {
                    part[i + 2..]
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect::<String>()
                        .parse()
                        .expect("game number")
                });
                moves.push((game, mv));
            }
            Expect::Moves {
                moves,
                offer_draw: text.contains("+ offer_draw"),
            }
        }
        "accept_draw" => Expect::AcceptDraw,
        "resign" => Expect::Resign,
        "status" => Expect::Status,
        "history" => Expect::History,
        "none" if text.starts_with("none (stale") => Expect::Stale,
        "none" if text.starts_with("none (auto-reply") => Expect::AutoReply,
        "none" if text.starts_with("none (no new move or command") => Expect::NoCommand,
        "none" if text.starts_with("none (bounce") => {
            let game = text
                .split("game #")
                .nth(1)
                .expect("game in bounce row")
                .chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .expect("game number");
            let address = text
                .split_whitespace()
                .find(|w| w.contains('@'))
                .expect("address in bounce row")
                .to_string();
            let status = text
                .trim_end_matches(')')
                .rsplit(", ")
                .next()
                .expect("status")
                .to_string();
            Expect::Bounce {
                game,
                address,
                status,
            }
        }
        "reject" if text.starts_with("reject (no token") => Expect::RejectNoToken,
        _ => panic!("expected.tsv form not understood by this harness: {text:?}"),
    }
}

/// What the front end makes of a mail.
#[derive(Debug)]
enum Outcome {
    Bounce(Box<zaochka::mail::Bounce>),
    Automatic(Vec<zaochka::mail::AutoSignal>),
    Rejected { registered_from: bool, token: bool },
    Intents(Vec<Addressed>),
}

/// The manifest's game-type text to the move syntax and, where the rules core
/// has the game, its variant.
fn syntax_of(game_type: &str) -> (MoveSyntax, Option<Variant>) {
    match game_type {
        "Chess" => (MoveSyntax::Chess, None),
        "International draughts" => (MoveSyntax::Draughts, Some(Variant::International)),
        t if t.starts_with("Russian checkers") => (MoveSyntax::Draughts, Some(Variant::Russian)),
        _ => (MoveSyntax::Draughts, None),
    }
}

/// Whether a written draughts move fits a move written in full.
fn written_fits(w: &WrittenMove, full: &WrittenMove) -> bool {
    let origin_ok = match (w.origin, full.origin) {
        (WrittenOrigin::Square(a), WrittenOrigin::Square(b)) => a == b,
        (
            WrittenOrigin::File(f),
            WrittenOrigin::Square(zaochka::notation::written::WrittenSquare::Coordinate {
                file,
                ..
            }),
        ) => f == file,
        _ => false,
    };
    origin_ok && w.dest == full.dest && (w.via.is_empty() || w.via == full.via)
}

/// The move number and side due after `ply` plies from the start (White first).
fn due(ply: usize) -> (u32, bool) {
    (u32::try_from(ply / 2 + 1).expect("small"), ply % 2 == 1)
}

/// Checks that a move read from the mail is the expected one in its game.
fn check_move(mv: &MoveText, expected: &str, game: &Value, errors: &mut Vec<String>) {
    let game_type = game["game_type"].as_str().unwrap_or("Russian checkers");
    let (syntax, variant) = syntax_of(game_type);
    if mv.syntax != syntax {
        errors.push(format!(
            "{}: read in {:?}, game is {game_type}",
            mv.text, mv.syntax
        ));
        return;
    }
    // Move number, if written, must be the one due.
    let ply = game["ply"].as_u64().expect("ply") as usize;
    let (due_number, black_due) = due(ply);
    if let Some(n) = mv.number
        && (n != due_number || (mv.black && !black_due))
    {
        errors.push(format!(
            "{}: written as move {n}{} but move {due_number} is due",
            mv.text,
            if mv.black { "..." } else { "." }
        ));
    }
    match syntax {
        MoveSyntax::Chess => {
            let got = mv.chess().map(|c| c.canonical());
            let want = chess_token::parse(expected).map(|c| c.canonical());
            if got.is_none() || got != want {
                errors.push(format!("chess move {:?} is not {expected:?}", mv.text));
            }
        }
        MoveSyntax::Draughts => {
            let written = mv.draughts().expect("a draughts move reads");
            let plies: Vec<&str> = game["moves_before"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if let Some(variant) = variant {
                // Set the game up and let the rules core resolve the move.
                let record =
                    zaochka::games::open_record(variant, None, &plies, 1).expect("start position");
                assert!(
                    record.failure.is_none(),
                    "manifest moves_before do not replay: {:?}",
                    record.failure
                );
                if let Some(legal) = game["legal_now"].as_array() {
                    let mut want: Vec<String> = legal
                        .iter()
                        .filter_map(Value::as_str)
                        .map(str::to_string)
                        .collect();
                    want.sort();
                    let mut have = record.game.legal_moves();
                    have.sort();
                    assert_eq!(have, want, "legal moves after manifest moves_before");
                }
                match record.game.check(&mv.text) {
                    Ok(played) if played.full == expected => {}
                    Ok(played) => errors.push(format!(
                        "{:?} resolves to {} not {expected}",
                        mv.text, played.full
                    )),
                    Err(e) => errors.push(format!("{:?} does not resolve: {e}", mv.text)),
                }
            } else {
                // No rules core for this game yet: match against the manifest's
                // legal moves (or the expected move alone).
                let legal: Vec<String> = game["legal_now"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(Value::as_str)
                            .map(str::to_string)
                            .collect()
                    })
                    .unwrap_or_else(|| vec![expected.to_string()]);
                let fits: Vec<&String> = legal
                    .iter()
                    .filter(|l| parse_move(l).is_ok_and(|full| written_fits(&written, &full)))
                    .collect();
                if fits != [expected] {
                    errors.push(format!(
                        "{:?} fits {fits:?} among the legal moves, not {expected}",
                        mv.text
                    ));
                }
            }
        }
    }
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Runs one mail; returns a one-line classification and the errors found.
fn run_case(
    case: &Value,
    expected: &Expect,
    players: &Players,
    bot: &BotAddress,
) -> (String, Vec<String>) {
    let file = case["file"].as_str().expect("file");
    let raw = std::fs::read(data_dir().join(file)).expect("mail file");
    let env = Envelope::parse(&raw).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut errors = Vec::new();
    let game = case["game"].as_i64().expect("game");
    let sender = case["sender"].as_str().expect("sender").to_lowercase();

    // The new text holds the new snippets and none of the old ones.
    let new = squash(&env.new_text);
    let place = case["where"].as_str().unwrap_or("any");
    for snippet in strings(&case["new"]) {
        let s = squash(&snippet);
        let found = if place == "subject" {
            env.subject.contains(&s)
        } else {
            new.contains(&s)
        };
        if !found {
            errors.push(format!("new text lacks {s:?}: {new:?}"));
        }
    }
    for snippet in strings(&case["old"]) {
        if new.contains(&squash(&snippet)) {
            errors.push(format!("new text keeps the old {snippet:?}"));
        }
    }
    if let Some(marker) = case["marker"].as_str()
        && new.contains(&squash(marker))
    {
        errors.push(format!("new text keeps the quote marker {marker:?}"));
    }

    // Sender check: registered address and that player's token for the game.
    let registered = players.address.get(&sender);
    let registered_from = match (&env.from, registered) {
        (Some(from), Some(addr)) => from.is(addr),
        _ => false,
    };
    let token_ok = players.token.get(&(game, sender.clone())).is_some_and(|t| {
        env.reply_addresses(bot)
            .iter()
            .any(|r| r.id == GameId(game) && r.token_matches(t))
    });

    let (syntax, _) = syntax_of(case["game_type"].as_str().unwrap_or(""));
    let outcome = if let Some(b) = &env.bounce {
        Outcome::Bounce(Box::new(b.clone()))
    } else if env.is_automatic() {
        Outcome::Automatic(env.auto.clone())
    } else if !(registered_from && token_ok) {
        Outcome::Rejected {
            registered_from,
            token: token_ok,
        }
    } else {
        let mut others = Vec::new();
        if let Some(extra) = case.get("extra") {
            let g = extra["game"].as_i64().expect("extra game");
            others.push((GameId(g), MoveSyntax::Draughts));
        }
        let cx = Context {
            other_games: &others,
            ..Context::single(Some(GameId(game)), syntax)
        };
        Outcome::Intents(read_intents(&env.new_text, &env.subject, &cx))
    };

    let summary = match &outcome {
        Outcome::Bounce(b) => format!(
            "bounce: failed={} game={:?} recipients={:?}",
            b.is_failure(),
            b.game().map(|g| g.0),
            b.failed_recipients()
                .map(|r| format!("{} {}", r.address(), r.status.clone().unwrap_or_default()))
                .collect::<Vec<_>>()
        ),
        Outcome::Automatic(a) => format!("automatic: {a:?}"),
        Outcome::Rejected {
            registered_from,
            token,
        } => format!("rejected: registered From={registered_from}, token={token}"),
        Outcome::Intents(list) => list
            .iter()
            .map(|a| {
                format!(
                    "#{} {:?} [{:?}]",
                    a.game.map_or(0, |g| g.0),
                    a.intent,
                    a.source
                )
            })
            .collect::<Vec<_>>()
            .join("; "),
    };

    let this_game = || {
        let mut g = case.clone();
        if let Some(obj) = g.as_object_mut() {
            obj.remove("extra");
        }
        g
    };
    match (expected, &outcome) {
        (Expect::Moves { moves, offer_draw }, Outcome::Intents(list)) => {
            if list.len() != moves.len() {
                errors.push(format!("expected {} move(s), got {summary}", moves.len()));
            }
            for ((want_game, want_move), got) in moves.iter().zip(list) {
                let want_game = want_game.unwrap_or(game);
                if got.game != Some(GameId(want_game)) {
                    errors.push(format!(
                        "move for game {:?}, expected #{want_game}",
                        got.game
                    ));
                }
                let Intent::Move { mv, offer_draw: o } = &got.intent else {
                    errors.push(format!("expected a move, got {:?}", got.intent));
                    continue;
                };
                if o != offer_draw {
                    errors.push(format!("offer_draw {o}, expected {offer_draw}"));
                }
                // The game the move is for: the mail's game or the extra one.
                let game_value = if want_game == game {
                    this_game()
                } else {
                    let extra = &case["extra"];
                    let mut g = extra.clone();
                    g["game_type"] = case["game_type"].clone();
                    g
                };
                check_move(mv, want_move, &game_value, &mut errors);
            }
        }
        (Expect::AcceptDraw, Outcome::Intents(list)) => {
            expect_one(list, &Intent::AcceptDraw, &mut errors)
        }
        (Expect::Resign, Outcome::Intents(list)) => expect_one(list, &Intent::Resign, &mut errors),
        (Expect::Status, Outcome::Intents(list)) => expect_one(list, &Intent::Status, &mut errors),
        (Expect::History, Outcome::Intents(list)) => {
            expect_one(list, &Intent::History, &mut errors)
        }
        (Expect::NoCommand, Outcome::Intents(list)) => expect_one(
            list,
            &Intent::Unrecognised(Unrecognised::NoCommand),
            &mut errors,
        ),
        (Expect::Stale, Outcome::Intents(list)) => match list.as_slice() {
            [
                Addressed {
                    intent: Intent::Move { mv, .. },
                    ..
                },
            ] => {
                let ply = case["ply"].as_u64().expect("ply") as usize;
                let (due_number, _) = due(ply);
                match mv.number {
                    Some(n) if n < due_number => {
                        // The move written is the one already played at that number.
                        let index = (n as usize - 1) * 2 + usize::from(mv.black);
                        let played = strings(&case["moves_before"]);
                        let written = mv.draughts().expect("draughts");
                        let same = played
                            .get(index)
                            .and_then(|p| parse_move(p).ok())
                            .is_some_and(|full| written_fits(&written, &full));
                        if !same {
                            errors.push(format!("stale {} is not the move played as {n}", mv.text));
                        }
                    }
                    other => errors.push(format!(
                        "expected a stale move number below {due_number}, got {other:?}"
                    )),
                }
            }
            _ => errors.push(format!("expected one stale move, got {summary}")),
        },
        (Expect::AutoReply, Outcome::Automatic(signals)) => {
            if signals.is_empty() {
                errors.push("automatic without a signal".into());
            }
        }
        (
            Expect::Bounce {
                game: g,
                address,
                status,
            },
            Outcome::Bounce(b),
        ) => {
            if !b.is_failure() {
                errors.push("bounce is not a failure".into());
            }
            if b.game() != Some(GameId(*g)) {
                errors.push(format!("bounce game {:?}, expected #{g}", b.game()));
            }
            let failed: Vec<_> = b.failed_recipients().collect();
            if !failed
                .iter()
                .any(|r| r.address() == address && r.status.as_deref() == Some(status.as_str()))
            {
                errors.push(format!(
                    "no failed recipient {address} {status}: {failed:?}"
                ));
            }
        }
        (
            Expect::RejectNoToken,
            Outcome::Rejected {
                registered_from,
                token,
            },
        ) => {
            if *token || !registered_from {
                errors.push(format!(
                    "expected a registered From without a token, got From={registered_from} token={token}"
                ));
            }
            if !env.reply_addresses(bot).is_empty() {
                errors.push("a reply address was found in a mail without token".into());
            }
        }
        (want, _) => errors.push(format!("expected {want:?}, got {summary}")),
    }
    (summary, errors)
}

fn expect_one(list: &[Addressed], want: &Intent, errors: &mut Vec<String>) {
    let got: Vec<&Intent> = list.iter().map(|a| &a.intent).collect();
    if got != [want] {
        errors.push(format!("expected [{want:?}], got {got:?}"));
    }
}

#[test]
fn every_shared_mail_gives_the_intent_of_its_expected_row() {
    let dir = data_dir();
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("manifest.json")).expect("manifest"),
    )
    .expect("manifest JSON");
    let tsv = std::fs::read_to_string(dir.join("expected.tsv")).expect("expected.tsv");
    let players = players();
    let bot = BotAddress::parse("zaochka@example.com").expect("bot address");
    let rows: Vec<(&str, &str)> = tsv
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols[0], cols[2])
        })
        .collect();
    let mut eml: Vec<String> = std::fs::read_dir(&dir)
        .expect("data dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".eml"))
        .collect();
    eml.sort();
    assert_eq!(eml.len(), 25, "mail files");
    assert_eq!(rows.len(), eml.len(), "one expected.tsv row per mail");

    let mut report = String::new();
    let mut failures = 0;
    for file in &eml {
        let (_, expected_text) = rows
            .iter()
            .find(|(f, _)| f == file)
            .unwrap_or_else(|| panic!("{file} has no expected.tsv row"));
        let case = manifest
            .as_array()
            .expect("manifest list")
            .iter()
            .find(|c| c["file"] == file.as_str())
            .unwrap_or_else(|| panic!("{file} has no manifest entry"));
        let expected = parse_expected(expected_text);
        let (summary, errors) = run_case(case, &expected, &players, &bot);
        let status = if errors.is_empty() { "ok  " } else { "FAIL" };
        writeln!(report, "{status} {file}: {summary}").expect("write");
        for e in &errors {
            writeln!(report, "       - {e}").expect("write");
        }
        failures += usize::from(!errors.is_empty());
    }
    eprintln!("{report}");
    assert_eq!(failures, 0, "mails not read as expected:\n{report}");
}

#[test]
fn the_expected_rows_are_all_understood() {
    let tsv = std::fs::read_to_string(data_dir().join("expected.tsv")).expect("expected.tsv");
    for line in tsv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let expected = line.split('\t').nth(2).expect("expected column");
        let _ = parse_expected(expected);
    }
    assert_eq!(
        parse_expected("move d8-e7 + offer_draw"),
        Expect::Moves {
            moves: vec![(None, "d8-e7".into())],
            offer_draw: true
        }
    );
    assert_eq!(
        parse_expected("move Кр e1-f1 (Kf1)"),
        Expect::Moves {
            moves: vec![(None, "Кр e1-f1".into())],
            offer_draw: false
        }
    );
}

#[test]
fn the_pgn_attachment_is_kept_with_its_name_type_and_score() {
    let raw = std::fs::read(data_dir().join("15-attachment-pgn.eml")).expect("mail");
    let env = Envelope::parse(&raw).expect("parses");
    let [pgn] = env.attachments.as_slice() else {
        panic!("one attachment expected: {:?}", env.attachments)
    };
    assert_eq!(pgn.name.as_deref(), Some("game21.pgn"));
    assert_eq!(pgn.content_type, "application/x-chess-pgn");
    assert!(String::from_utf8_lossy(&pgn.data).contains("4. Kf1 d5 *"));
    // The score inside the attachment is not read as the player's text.
    assert!(!env.new_text.contains("Kf1"));
}

#[test]
fn forged_tokens_in_a_real_mail_do_not_authenticate() {
    let raw =
        std::fs::read_to_string(data_dir().join("01-thunderbird-flowed-bottom.eml")).expect("mail");
    let bot = BotAddress::parse("zaochka@example.com").expect("bot");
    let players = players();
    let ivan_12 = &players.token[&(12, "ivan".to_string())];
    let token_ok = |text: &str| {
        let env = Envelope::parse(text.as_bytes()).expect("parses");
        env.reply_addresses(&bot)
            .iter()
            .any(|r| r.id == GameId(12) && r.token_matches(ivan_12))
    };
    assert!(token_ok(&raw), "the genuine mail carries Ivan's #12 token");
    // The token of Ivan's other game (#15), the token with changed case, and
    // the bare bot address.
    let other_game = raw.replace("zaochka+12.k7q2m9", "zaochka+12.f6j3s1");
    let changed_case = raw.replace("zaochka+12.k7q2m9", "zaochka+12.K7Q2M9");
    let bare = raw.replace("zaochka+12.k7q2m9", "zaochka");
    for forged in [other_game, changed_case, bare] {
        assert!(!token_ok(&forged));
    }
}
