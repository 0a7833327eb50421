//! Mail and referee agree on every chess token: the mail front end
//! (`read_intents` on a chess game) and the referee (`AnyGame::check`, the CLI
//! and PGN import go the same way) read chess moves with one reader, so for
//! every token they both see a move or both see none, and where it is a move
//! they resolve it to the same legal move, or refuse it with the same reason,
//! in every position tried.
//!
//! The tokens: every ply of the PGN games under tests/data/games (each in the
//! position where it was played), the chess moves of the shared mails under
//! tests/data/mail (the expected move in the position of the manifest, and
//! every word of the new and old lines), every short string literal of
//! tests/it/notation/chess.rs, and a hand list of the tricky forms (`пe4`,
//! `Фh7†`, `Qh7‡`, `Ф:h2Х`, `exd6 e.p.`, `0-0-0`, `e8=Ф`, `Кр:e2` ...).
//! Also: every legal move of the perft positions (to depth 2) written in
//! Russian letters with `words::chess::san_for` (from SAN and from the long
//! form) reads back to itself.

use serde_json::Value;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use zaochka::games::{self, AnyGame, MoveError, MoveErrorKind};
use zaochka::mail::intent::{Context, Intent, MoveSyntax, Unrecognised};
use zaochka::mail::read_intents;
use zaochka::notation::chess_move::{full, parse_chess_move, short};
use zaochka::notation::pdn::read_pgn_games;
use zaochka::rules::Variant;
use zaochka::vocabulary::GameId;
use zaochka::vocabulary::Language;
use zaochka::words::chess::san_for;

fn data(path: &str) -> String {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn game(fen: Option<&str>) -> Box<dyn AnyGame> {
    games::new_game(Variant::Chess, fen).expect("a legal FEN")
}

/// The game after the moves (each must be legal).
fn after(moves: &[&str]) -> Box<dyn AnyGame> {
    let mut g = game(None);
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// What the mail front end makes of a token sent alone in a chess game's mail.
#[derive(Debug)]
enum MailSays {
    /// One move, as the mail reader hands it to the referee.
    Move(String),
    /// Several moves (the mail reader split the token), as written.
    Several(#[allow(dead_code)] Vec<String>),
    /// No move.
    Nothing,
}

fn mail_says(token: &str) -> MailSays {
    let cx = Context::single(Some(GameId(1)), MoveSyntax::Chess);
    let got = read_intents(token, "", &cx);
    let mut moves = Vec::new();
    for a in got {
        match a.intent {
            Intent::Move { mv, .. } => moves.push(mv.text),
            Intent::ClaimDraw { mv: Some(mv) } => moves.push(mv.text),
            Intent::Unrecognised(Unrecognised::SeveralMoves(list)) => {
                return MailSays::Several(list);
            }
            _ => {}
        }
    }
    match moves.len() {
        0 => MailSays::Nothing,
        1 => MailSays::Move(moves.remove(0)),
        _ => MailSays::Several(moves),
    }
}

/// The referee's outcome, comparable across two writings: the move in full
/// notation, or the kind and the reason in both languages.
fn outcome(g: &dyn AnyGame, text: &str) -> Result<String, (bool, String, String)> {
    g.check(text).map(|m| m.full).map_err(|e: MoveError| {
        (
            matches!(e.kind, MoveErrorKind::Unreadable { .. }),
            e.message(Language::En),
            e.message(Language::Ru),
        )
    })
}

fn referee_reads_a_move(token: &str) -> bool {
    parse_chess_move(token).is_ok()
}

/// Tokens the mail reader reads as two moves by design: two squares with only
/// a space between (`e2 e4`) are two moves in mail (`1. e4 e5`), one move to
/// the referee, which is handed one ply at a time.
fn split_by_design(token: &str) -> bool {
    let words: Vec<&str> = token.split_whitespace().collect();
    words.len() == 2
        && words
            .iter()
            .all(|w| parse_chess_move(w).is_ok_and(|m| m.is_bare_pawn_push()) && !w.contains('.'))
}

/// Checks one token in the positions given; returns the number of positions
/// where the referee played it. Pushes every disagreement to `errors`.
fn agree(token: &str, positions: &[&dyn AnyGame], errors: &mut Vec<String>) -> usize {
    let referee = referee_reads_a_move(token);
    let mail = mail_says(token);
    let text = match (&mail, referee) {
        (MailSays::Nothing, false) => return 0,
        (MailSays::Move(text), true) => text.clone(),
        (MailSays::Several(_), true) if split_by_design(token) => return 0,
        (m, r) => {
            errors.push(format!("{token:?}: mail {m:?}, referee reads a move: {r}"));
            return 0;
        }
    };
    let mut legal = 0;
    for g in positions {
        let want = outcome(*g, token);
        let got = outcome(*g, &text);
        if want != got {
            errors.push(format!(
                "{token:?} (mail hands {text:?}) in {}: referee {want:?}, mail {got:?}",
                g.fen()
            ));
        }
        legal += usize::from(want.is_ok());
    }
    legal
}

/// The string literals of a Rust source file (escapes `\"` and `\\` only).
fn literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = src.chars();
    while let Some(c) = chars.next() {
        if c == '/' && chars.as_str().starts_with('/') {
            // A comment: skip to the end of the line.
            for c in chars.by_ref() {
                if c == '\n' {
                    break;
                }
            }
            continue;
        }
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    if let Some(n) = chars.next() {
                        s.push(n);
                    }
                }
                '"' => break,
                c => s.push(c),
            }
        }
        out.push(s);
    }
    out
}

fn is_fen(s: &str) -> bool {
    s.matches('/').count() == 7
}

/// Positions to try tokens in: the FENs of tests/it/notation/chess.rs, the
/// initial position and a few set-ups for the tricky forms.
fn positions() -> Vec<Box<dyn AnyGame>> {
    let mut v = vec![
        game(None),
        after(&["e4", "a6", "e5", "d5"]),
        after(&["e4", "d5"]),
        after(&["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]),
        after(&["e4", "e5", "f4", "exf4", "Bc4", "Qh4+"]),
        after(&["e4", "c5"]),
        after(&["e4", "c5", "Nf3"]),
    ];
    for fen in [
        "6k1/8/8/8/8/8/8/4K2Q w - - 0 1",
        "6k1/8/8/8/8/6bq/5PPP/6K1 b - - 0 1",
        "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
        "3qk3/4P3/8/8/8/8/8/K7 w - - 0 1",
    ] {
        v.push(game(Some(fen)));
    }
    for fen in literals(&data("tests/it/notation/chess.rs"))
        .into_iter()
        .filter(|s| is_fen(s))
    {
        v.push(game(Some(&fen)));
    }
    v
}

/// The tricky forms, each with the move it must be where it is legal.
const TRICKY: &[(&str, &str)] = &[
    ("пe4", "e2-e4"),
    ("пе4", "e2-e4"),
    ("пe2-e4", "e2-e4"),
    ("Фh7†", "Qh1-h7+"),
    ("Qh7‡", "Qh1-h7+"),
    ("Qh7 †", "Qh1-h7+"),
    ("Qh7++", "Qh1-h7+"),
    ("Ф:h2Х", "Qh3xh2+"),
    ("Фh3:h2х", "Qh3xh2+"),
    ("Qxh2#", "Qh3xh2+"),
    ("exd6 e.p.", "e5xd6"),
    ("exd6 ep", "e5xd6"),
    ("exd6 в.п.", "e5xd6"),
    ("exd6 е.п.", "e5xd6"),
    ("exd6e.p.", "e5xd6"),
    ("e5:d6 e.p.", "e5xd6"),
    ("0-0-0", "O-O-O"),
    ("О-О-О", "O-O-O"),
    ("O-O-O+", "O-O-O"),
    ("0-0", "O-O"),
    ("О–О", "O-O"),
    ("e8=Ф", "e7-e8=Q"),
    ("e8Ф", "e7-e8=Q"),
    ("e8(Q)", "e7-e8=Q"),
    ("e8Q+", "e7-e8=Q"),
    ("e7-e8Ф", "e7-e8=Q"),
    ("e7:d8Ф", "e7xd8=Q+"),
    ("e:d8К", "e7xd8=N"),
    ("Кр:e2", "Ke1xe2"),
    ("Кр e1:e2", "Ke1xe2"),
    ("Крe1-d1", "Ke1-d1"),
    ("Кр. e1-d1", "Ke1-d1"),
    ("Kpe1-f1", "Ke1-f1"),
    ("Ng1-f3", "Ng1-f3"),
    ("Кg1-f3", "Ng1-f3"),
    ("Кf3!", "Ng1-f3"),
    ("Nf3?!", "Ng1-f3"),
    ("Nf3 !?", "Ng1-f3"),
    ("g1f3", "Ng1-f3"),
    ("e2-e4", "e2-e4"),
    ("e2e4", "e2-e4"),
    ("е2–е4", "e2-e4"),
    ("1. e4", "e2-e4"),
    ("1.e4!!", "e2-e4"),
    ("e4 ??", "e2-e4"),
    ("exd5", "e4xd5"),
    ("e:d5", "e4xd5"),
    ("ed5", "e4xd5"),
    ("Фh5:f7х", "Qh5xf7#"),
    ("Qxf7#", "Qh5xf7#"),
    ("Кр f1", "Ke1-f1"),
];

/// Texts that are no chess move, for either path.
const NOT_MOVES: &[&str] = &[
    "1-0", "0-1", "1/2-1/2", "½-½", "e9", "hello", "O-O-O-O", "e4$", "ход", "Кр", "h-file",
    "10:15", "2025", "e2--e4",
];

#[test]
fn mail_and_referee_agree_on_the_tricky_forms() {
    let boxes = positions();
    let ps: Vec<&dyn AnyGame> = boxes.iter().map(|b| &**b).collect();
    let mut errors = Vec::new();
    for &(token, want) in TRICKY {
        let legal = agree(token, &ps, &mut errors);
        if legal == 0 {
            errors.push(format!("{token:?}: legal in none of the positions"));
        }
        let text = match mail_says(token) {
            MailSays::Move(t) => t,
            other => {
                errors.push(format!("{token:?}: mail {other:?}"));
                continue;
            }
        };
        let played: Vec<String> = ps
            .iter()
            .filter_map(|g| g.check(&text).ok())
            .map(|m| m.full)
            .collect();
        if !played.iter().any(|m| m == want) {
            errors.push(format!("{token:?}: plays {played:?}, not {want}"));
        }
    }
    for &token in NOT_MOVES {
        agree(token, &ps, &mut errors);
        if referee_reads_a_move(token) {
            errors.push(format!("{token:?} is read as a move"));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn mail_and_referee_agree_on_every_ply_of_the_pgn_games() {
    let mut errors = Vec::new();
    let mut plies = 0;
    for g in read_pgn_games(&data("tests/data/games/fischer-petrosian.pgn")) {
        let g = g.expect("PGN syntax");
        let mut pos = game(g.tag("FEN"));
        for ply in &g.plies {
            agree(&ply.text, &[&*pos], &mut errors);
            pos.play(&ply.text)
                .unwrap_or_else(|e| panic!("{}: {e}", ply.text));
            plies += 1;
        }
    }
    assert!(plies > 5000, "{plies}");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn mail_and_referee_agree_on_the_chess_moves_of_the_shared_mails() {
    let manifest: Value =
        serde_json::from_str(&data("tests/data/mail/manifest.json")).expect("JSON");
    let entries = manifest
        .as_array()
        .or_else(|| manifest["mails"].as_array())
        .expect("a list of mails");
    let boxes = positions();
    let mut errors = Vec::new();
    let mut chess = 0;
    for m in entries {
        if m["game_type"].as_str() != Some("Chess") {
            continue;
        }
        chess += 1;
        let before: Vec<&str> = m["moves_before"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let pos = after(&before);
        // The expected move, "move Кр e1-f1 (Kf1)" -> "Кр e1-f1".
        let expected = m["expected"].as_str().unwrap_or_default();
        if let Some(rest) = expected.strip_prefix("move ") {
            let token = rest.split(" (").next().unwrap_or(rest);
            if agree(token, &[&*pos], &mut errors) != 1 {
                errors.push(format!("{token:?} is not legal before {}", pos.fen()));
            }
        }
        let mut ps: Vec<&dyn AnyGame> = boxes.iter().map(|b| &**b).collect();
        ps.push(&*pos);
        for key in ["new", "old"] {
            for line in m[key].as_array().into_iter().flatten() {
                for word in line.as_str().unwrap_or_default().split_whitespace() {
                    agree(word, &ps, &mut errors);
                }
            }
        }
    }
    assert!(chess >= 4, "{chess} chess mails");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn mail_and_referee_agree_on_every_text_of_the_chess_notation_tests() {
    let boxes = positions();
    let ps: Vec<&dyn AnyGame> = boxes.iter().map(|b| &**b).collect();
    let mut errors = Vec::new();
    let tokens: Vec<String> = literals(&data("tests/it/notation/chess.rs"))
        .into_iter()
        .filter(|s| !is_fen(s) && s.chars().count() <= 24)
        .collect();
    assert!(tokens.len() > 100, "{}", tokens.len());
    for token in &tokens {
        agree(token, &ps, &mut errors);
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn undashed_castling_and_bare_pawn_moves_count_only_in_a_bare_clause() {
    let cx = Context::single(Some(GameId(1)), MoveSyntax::Chess);
    let moves = |text: &str| {
        read_intents(text, "", &cx)
            .into_iter()
            .filter(|a| matches!(a.intent, Intent::Move { .. }))
            .count()
    };
    assert_eq!(moves("ООО «Ромашка», Москва"), 0);
    assert_eq!(moves("the e4 pawn is weak"), 0);
    assert_eq!(moves("ООО"), 1);
    assert_eq!(moves("мой ход e4"), 1);
    assert_eq!(moves("I play O-O-O now, and you?"), 1);
}

#[test]
fn every_legal_move_written_in_russian_letters_reads_back_to_itself() {
    let mut checked = 0;
    for line in data("tests/data/chess.perft").lines() {
        let Some(fen) = line.strip_prefix("epd ") else {
            continue;
        };
        let root: Chess = Fen::from_ascii(fen.trim().as_bytes())
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal position");
        let mut level = vec![root];
        for _depth in 0..2 {
            let mut next = Vec::new();
            for pos in &level {
                for &m in &pos.legal_moves() {
                    for san in [short(pos, m), full(pos, m)] {
                        let ru = san_for(&san, Language::Ru);
                        let back = parse_chess_move(&ru)
                            .unwrap_or_else(|e| panic!("{ru} ({san}): {e}"))
                            .resolve(pos, shakmaty::Bitboard::EMPTY)
                            .unwrap_or_else(|e| panic!("{ru} ({san}) in {fen}: {e:?}"));
                        assert_eq!(back, m, "{ru} ({san})");
                    }
                    checked += 1;
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    next.push(after);
                }
            }
            level = next;
        }
    }
    assert!(checked > 5000, "{checked}");
}
