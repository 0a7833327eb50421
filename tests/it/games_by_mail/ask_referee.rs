//! Questions to the referee and sealed moves by mail, through the daemon
//! (Maildir inbox, files outbox, a real SQLite file, the real binary): players ask the referee for
//! the legal moves (`ходы`, `legal`), for the verdict on a move (`почему`,
//! `why`) and for the rules (`правила`, `rules`), and seal a move in an
//! adjourned game (`записываю ход`), which `referee resume` reveals.
//!
//! Every bot answer is read back from its `.eml` and checked with the
//! conversation checks (one language throughout, no debug text, no project
//! file names). Positions are set up with `game new --fen`; the legal moves
//! listed are compared with the rules core's own list.
//!
//! Run: `cargo test --test it games_by_mail::ask_referee::`; `ZAOCHKA_SHOW_ANSWERS=1` prints
//! every answer.

use crate::common;

use common::conversation::{BotMail, Conversation, GameSpec, Player, check_mail};
use common::daemon::{Bot, Mailing};
use common::players::{IVANOV, JUDGE, PETROV, SMITH, director, names_of, spec};
use zaochka::games::new_game;
use zaochka::rules::Variant;

fn names() -> Vec<&'static str> {
    names_of(&[IVANOV, PETROV, SMITH, JUDGE])
}

/// Every game here runs on three days a move.
fn game(id: i64, variant: &'static str, white: Player, black: Player) -> GameSpec {
    spec(id, variant, white, black, Some("3d/move"))
}

/// Starts a game from a FEN (two days back, as `GameSpec::start`).
fn start_fen(c: &mut Conversation, g: GameSpec, fen: &str) {
    g.start_from(&c.bot, Some(fen));
    c.games.push(g);
}

/// Sends `line` by pressing Reply on the player's last mail of the game; the
/// one answer to that player, checked for language and debug text. The game
/// must not change (questions change nothing).
fn ask(c: &mut Conversation, p: Player, game: i64, line: &str) -> String {
    let before = c.bot.plies(game);
    let last = c.last_to(p, game);
    let new = c.reply(p, &last, line);
    assert_eq!(c.bot.plies(game), before, "«{line}» changed game #{game}");
    let answers: Vec<&BotMail> = new.iter().filter(|m| m.is_to(&p)).collect();
    assert_eq!(
        answers.len(),
        1,
        "«{line}» from {}: {} answers; outcomes {:?}",
        p.name,
        answers.len(),
        c.bot.outcomes().last()
    );
    assert!(
        new.iter().all(|m| m.is_to(&p)),
        "«{line}»: the opponent was written to"
    );
    let failures = check_mail(answers[0], &p, p.lang, &names());
    assert!(
        failures.is_empty(),
        "«{line}»: {:?}\n{}",
        failures.iter().map(|f| &f.message).collect::<Vec<_>>(),
        answers[0].text
    );
    if std::env::var_os("ZAOCHKA_SHOW_ANSWERS").is_some() {
        eprintln!("---- «{line}» from {}:\n{}", p.name, answers[0].text);
    }
    answers[0].text.clone()
}

fn conversation() -> Conversation {
    Conversation::new(Bot::new(Mailing::Local), &[IVANOV, PETROV, SMITH], &[JUDGE])
}

/// A Russian position where a white king on a1 has four capture paths
/// (a1:d4:b6, a1:d4:a7, a1:e5:g7, a1:e5:h8) and a man on e1 none.
const KING_PATHS: &str = "W:WKa1,e1:Bc3,c5,f6,h6";

#[test]
fn legal_moves_in_russian_list_every_capture_path_of_a_king_as_the_rules_core_does() {
    let mut c = conversation();
    start_fen(&mut c, game(1, "russian", IVANOV, PETROV), KING_PATHS);
    c.serve(None);
    let text = ask(&mut c, IVANOV, 1, "ходы");
    let core = new_game(Variant::Russian, Some(KING_PATHS))
        .unwrap()
        .legal_moves();
    assert!(core.len() >= 4, "{core:?}");
    for m in &core {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{m} ")) || l.trim() == m)
            .unwrap_or_else(|| panic!("{m} is not listed:\n{text}"));
        assert!(line.contains("бьёт c3"), "{line}");
    }
    let listed = text
        .lines()
        .filter(|l| l.starts_with("  a1:") || l.starts_with("  e1"))
        .count();
    assert_eq!(listed, core.len(), "{text}");
    assert!(text.contains("Бить обязательно"), "{text}");
    assert!(
        text.contains("Правила вида спорта «шашки», п. 1.5.3"),
        "{text}"
    );
    assert!(text.contains("белые (ваш ход)"), "{text}");
    // The opponent asks too: the same list, said to be the opponent's move.
    let theirs = ask(&mut c, PETROV, 1, "возможные ходы?");
    assert!(theirs.contains("ход соперника"), "{theirs}");
    // `почему` on a man's move while the king must capture.
    let why = ask(&mut c, IVANOV, 1, "почему нельзя e1-d2");
    assert!(why.contains("Так ходить нельзя: бить обязательно"), "{why}");
    assert!(
        why.contains("Правило: взятие обязательно")
            && why.contains("(Правила вида спорта «шашки», п. 1.5.3)"),
        "{why}"
    );
}

#[test]
fn why_names_the_rule_of_a_man_moving_backwards_and_explains_a_legal_move() {
    let mut c = conversation();
    start_fen(&mut c, game(1, "russian", IVANOV, SMITH), "W:Wd4,h2:Ba7,h8");
    c.serve(None);
    let back = ask(&mut c, IVANOV, 1, "почему d4-c3");
    assert!(back.contains("шашка с d4 не может пойти на c3"), "{back}");
    assert!(
        back.contains("простая ходит только вперёд")
            && back.contains("(Правила вида спорта «шашки», п. 1.4.3)"),
        "{back}"
    );
    let legal = ask(&mut c, IVANOV, 1, "почему d4-e5?");
    assert!(legal.contains("Ход возможен: это d4-e5"), "{legal}");
    // In English for the opponent, who may ask about the side to move.
    let en = ask(&mut c, SMITH, 1, "why d4-c3");
    assert!(
        en.contains("The move is not allowed")
            && en.contains("Russian Draughts Rules (2010), §1.4.3")
            && en.contains("White (your opponent's move)"),
        "{en}"
    );
    let unread = ask(&mut c, SMITH, 1, "why d9-e10");
    assert!(unread.contains("not allowed"), "{unread}");
    // A short form that fits two kings' moves: the candidates.
    start_fen(&mut c, game(2, "russian", IVANOV, SMITH), "W:WKc1,Kc3:Bh8");
    c.serve(None);
    let two = ask(&mut c, IVANOV, 2, "почему cd2");
    assert!(
        two.contains("ход неоднозначен; напишите один из: c1-d2, c3-d2"),
        "{two}"
    );
}

#[test]
fn bashni_legal_moves_say_what_a_capture_takes_from_a_tower() {
    let mut c = conversation();
    // A black king over a white man on d4: c3 takes the king only.
    let fen = "W:Wc3,a1:Bd4(1/0),h8";
    start_fen(&mut c, game(1, "bashni", IVANOV, SMITH), fen);
    c.serve(None);
    let text = ask(&mut c, IVANOV, 1, "ходы");
    let core = new_game(Variant::Bashni, Some(fen)).unwrap().legal_moves();
    assert_eq!(core, ["c3:e5"]);
    assert!(
        text.contains("  c3:e5 — кратко ") && text.contains("бьёт d4 (верхнюю дамку башни из 2)"),
        "{text}"
    );
    let en = ask(&mut c, SMITH, 1, "moves");
    assert!(
        en.contains("takes d4 (the king on top of a tower of 2)"),
        "{en}"
    );
}

/// International: 37x28x19 takes two pieces, 44x33 one; the majority rule
/// allows only the first.
const MAJORITY: &str = "W:W37,44:B23,32,39";

#[test]
fn international_legal_moves_and_the_majority_rule_cited_by_why() {
    let mut c = conversation();
    start_fen(&mut c, game(1, "international", SMITH, IVANOV), MAJORITY);
    c.serve(None);
    let list = ask(&mut c, SMITH, 1, "legal");
    let core = new_game(Variant::International, Some(MAJORITY))
        .unwrap()
        .legal_moves();
    assert_eq!(core, ["37x28x19"]);
    assert!(list.contains("  37x28x19"), "{list}");
    assert!(!list.contains("44x33"), "{list}");
    assert!(list.contains("FMJD Rules, art. 4.2, 4.3"), "{list}");
    // Ivanov (Black) asks in Russian about White's shorter capture.
    let why = ask(&mut c, IVANOV, 1, "почему 44x33");
    assert!(
        why.contains("из нескольких взятий нужно выбрать то, где бьётся больше шашек")
            && why.contains("(Правила ФМЖД, ст. 4.13)"),
        "{why}"
    );
}

#[test]
fn chess_legal_moves_in_long_form_and_san_and_why_on_castling() {
    let mut c = conversation();
    let g = game(1, "chess", SMITH, PETROV);
    g.start(&c.bot);
    c.games.push(g);
    c.serve(None);
    let list = ask(&mut c, SMITH, 1, "legal moves");
    let core = new_game(Variant::Chess, None).unwrap().legal_moves();
    assert_eq!(core.len(), 20);
    for m in &core {
        assert!(list.contains(&format!("  {m}")), "{m}:\n{list}");
    }
    assert!(list.contains("Ng1-f3 — short Nf3"), "{list}");
    // Russian piece letters for Petrov.
    let ru = ask(&mut c, PETROV, 1, "ходы");
    assert!(ru.contains("Кg1-f3 — кратко Кf3"), "{ru}");
    let why = ask(&mut c, SMITH, 1, "why O-O");
    assert!(
        why.contains("not allowed") && why.contains("FIDE Laws of Chess, art. 3.8.2"),
        "{why}"
    );
    let bishop = ask(&mut c, PETROV, 1, "почему Сc1-c3");
    assert!(
        bishop.contains("Правила игры в шахматы ФИДЕ, ст."),
        "{bishop}"
    );
}

#[test]
fn the_rules_of_every_game_with_citations_in_both_languages() {
    let mut c = conversation();
    let want: [(&str, &str, &str); 5] = [
        (
            "russian",
            "Правила вида спорта «шашки», п. 1.5.14",
            "Russian Draughts Rules (2010), §1.5.14",
        ),
        (
            "international",
            "Правила ФМЖД, ст. 4.13",
            "FMJD Rules, art. 4.13",
        ),
        (
            "bashni",
            "Кодекс столбовых шашек, п. 1.6.1",
            "Column Checkers Code, §1.6.1",
        ),
        (
            "lasca",
            "правила Ласки (Ласкер, 1911)",
            "Lasker's Lasca rules (1911)",
        ),
        (
            "chess",
            "Правила игры в шахматы ФИДЕ, ст. 3.8.2",
            "FIDE Laws of Chess, art. 3.8.2",
        ),
    ];
    for (i, (variant, ..)) in want.iter().enumerate() {
        let g = game(i as i64 + 1, variant, IVANOV, SMITH);
        g.start(&c.bot);
        c.games.push(g);
    }
    c.serve(None);
    for (i, (variant, ru, en)) in want.iter().enumerate() {
        let game = i as i64 + 1;
        let text = ask(&mut c, IVANOV, game, "правила");
        assert!(text.contains(ru), "{variant}: {text}");
        assert!(text.contains("Контроль времени: 3 дня на ход"), "{text}");
        let text = ask(&mut c, SMITH, game, "rules");
        assert!(text.contains(en), "{variant}: {text}");
        assert!(text.contains("Time control: 3 days per move"), "{text}");
    }
}

/// `game show --json` of a game.
#[test]
fn a_move_sealed_by_mail_is_kept_secret_revealed_at_resumption_and_the_game_goes_on() {
    let mut c = conversation();
    let g = game(1, "russian", IVANOV, PETROV);
    g.start(&c.bot);
    c.games.push(g);
    c.serve(None);
    let last = c.last_to(IVANOV, 1);
    c.reply(IVANOV, &last, "1. c3-d4");
    assert_eq!(c.bot.plies(1), 1);
    // Not adjourned yet: a sealed move is refused.
    let early = ask(&mut c, PETROV, 1, "записываю ход b6-a5");
    assert!(early.contains("только в отложенной партии"), "{early}");
    director(&c, JUDGE, "adjourn");
    // Both are told what the clock does: the sealer's runs until the seal.
    let adjourned = c.serve(None);
    for p in [IVANOV, PETROV] {
        let m = adjourned
            .iter()
            .find(|m| m.is_to(&p))
            .unwrap_or_else(|| panic!("no adjournment mail to {}", p.name));
        assert!(
            m.text.contains("его часы идут, пока ход не записан")
                && !m.text.contains("; часы стоят"),
            "{}",
            m.text
        );
    }
    // Not the sealer's turn; an illegal sealed move: refused, nothing kept.
    let wrong_side = ask(&mut c, IVANOV, 1, "seal g3-h4");
    assert!(wrong_side.contains("только тому, чей ход"), "{wrong_side}");
    let illegal = ask(&mut c, PETROV, 1, "записываю ход b6-b5");
    assert!(illegal.contains("b6-b5"), "{illegal}");
    let sealed_rows = |c: &Conversation| -> i64 {
        c.bot
            .db()
            .query_row("SELECT count(*) FROM sealed_moves", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(sealed_rows(&c), 0);
    // The seal: acknowledged to Petrov with the move, Ivanov told without it.
    let last = c.last_to(PETROV, 1);
    let new = c.reply(PETROV, &last, "Записываю ход 1... b6-a5");
    assert_eq!(sealed_rows(&c), 1);
    assert_eq!(c.bot.plies(1), 1, "a sealed move is not played");
    let to_petrov: Vec<&BotMail> = new.iter().filter(|m| m.is_to(&PETROV)).collect();
    let to_ivanov: Vec<&BotMail> = new.iter().filter(|m| m.is_to(&IVANOV)).collect();
    assert_eq!((to_petrov.len(), to_ivanov.len()), (1, 1), "{new:?}");
    assert!(to_petrov[0].text.contains("b6-a5"), "{}", to_petrov[0].text);
    let told = &to_ivanov[0].text;
    assert!(told.contains("записали ход в конверт"), "{told}");
    for secret in ["b6-a5", "ba5", "a5"] {
        assert!(!to_ivanov[0].visible().contains(secret), "{secret}: {told}");
    }
    for m in to_petrov.iter().chain(&to_ivanov) {
        let p = if m.is_to(&PETROV) { PETROV } else { IVANOV };
        assert!(check_mail(m, &p, p.lang, &names()).is_empty(), "{}", m.text);
    }
    // A second seal cannot change it.
    let again = ask(&mut c, PETROV, 1, "записываю ход f6-g5");
    assert!(again.contains("изменить нельзя"), "{again}");
    // Resumption: revealed to both, played, White's clock runs.
    director(&c, JUDGE, "resume");
    let revealed = c.serve(None);
    for p in [IVANOV, PETROV] {
        let m = revealed
            .iter()
            .find(|m| m.is_to(&p))
            .unwrap_or_else(|| panic!("no resumption mail to {}", p.name));
        assert!(
            m.text.contains("Записанный ход") && m.text.contains("b6-a5"),
            "{}",
            m.text
        );
    }
    let shown = c.bot.show_json("1");
    assert_eq!(shown["plies"], 2, "{shown}");
    assert_eq!(shown["status"], "active", "{shown}");
    assert_eq!(shown["to_move"], "white", "{shown}");
    let running: Vec<&str> = shown["clocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["running"] == true)
        .map(|c| c["side"].as_str().unwrap())
        .collect();
    assert_eq!(running, ["white"], "{shown}");
    // Black may not move now; White's move by mail is played.
    let last = c.last_to(PETROV, 1);
    c.reply(PETROV, &last, "a5-b4");
    assert_eq!(c.bot.plies(1), 2, "Black moved out of turn");
    let last = c.last_to(IVANOV, 1);
    c.reply(IVANOV, &last, "2. g3-h4");
    assert_eq!(c.bot.plies(1), 3, "{:?}", c.bot.outcomes().last());
    let shown = c.bot.show_json("1");
    assert_eq!(shown["to_move"], "black", "{shown}");
}

/// The squares of a listed move as numbers: `  11-14 — ...` is [11, 14].
fn squares(line: &str) -> Vec<u32> {
    let first = line.split_whitespace().next().unwrap_or("");
    first
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[test]
fn lasca_legal_moves_are_listed_by_square_number_not_as_text() {
    let mut c = conversation();
    let g = game(1, "lasca", IVANOV, SMITH);
    g.start(&c.bot);
    c.games.push(g);
    c.serve(None);
    let core = new_game(Variant::Lasca, None).unwrap().legal_moves();
    for (lang_of, p, ask_line) in [("ru", IVANOV, "ходы"), ("en", SMITH, "moves")] {
        let text = ask(&mut c, p, 1, ask_line);
        let listed: Vec<Vec<u32>> = text
            .lines()
            .filter(|l| {
                l.starts_with("  ") && l.trim_start().starts_with(|c: char| c.is_ascii_digit())
            })
            .map(squares)
            .collect();
        assert_eq!(listed.len(), core.len(), "{lang_of}: {text}");
        let mut sorted = listed.clone();
        sorted.sort();
        assert_eq!(listed, sorted, "{lang_of}: not in board order:\n{text}");
        assert!(
            listed.iter().any(|s| s[0] >= 10) && listed.iter().any(|s| s[0] < 10),
            "{text}"
        );
    }
}

#[test]
fn why_alone_gets_told_to_write_the_move_after_it_with_an_example() {
    let mut c = conversation();
    let g = game(1, "russian", IVANOV, SMITH);
    g.start(&c.bot);
    c.games.push(g);
    let g = game(2, "lasca", PETROV, IVANOV);
    g.start(&c.bot);
    c.games.push(g);
    c.serve(None);
    for line in ["почему", "Почему нельзя?", "почему не"] {
        let text = ask(&mut c, IVANOV, 1, line);
        assert!(
            text.contains("напишите ход после слова, например: почему a3-b4"),
            "«{line}»: {text}"
        );
    }
    let en = ask(&mut c, SMITH, 1, "why");
    assert!(
        en.contains("write the move after the word, for example: why a3-b4"),
        "{en}"
    );
    // The example is in the game's own notation (Lasca numbers its squares).
    let lasca = ask(&mut c, PETROV, 2, "почему");
    let example = lasca
        .split("например: почему ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no example: {lasca}"));
    assert!(
        example
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-'),
        "{lasca}"
    );
}
