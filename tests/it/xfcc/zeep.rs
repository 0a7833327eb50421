//! A real SOAP client not written here, Python's zeep (`ZAOCHKA_PYTHON`:
//! .ci/run makes a venv with it), reads zaochka's WSDL and plays Black in a
//! whole chess game against White, who answers by mail; and a Russian
//! checkers game through the draughts profile (`variant`, PDN in `moves`
//! and `fen`).

use std::process::Command;
use std::time::Duration;

use super::{ALICE_PW, BOB_PW, Endpoint, field, games_of, scid};
use crate::common::daemon::{ALICE, BOB, GameNew, mail};

/// A zeep session: reads the WSDL at `url`, then runs `script` with
/// `client` bound; returns what it printed.
fn zeep(python: &std::path::Path, url: &str, script: &str) -> String {
    let program =
        format!("import zeep\nclient = zeep.Client({url:?})\nsvc = client.service\n{script}\n");
    let out = Command::new(python)
        .args(["-c", &program])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "zeep: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `ZAOCHKA_PYTHON` if it has zeep; `None` (the test is skipped) when unset.
fn python_with_zeep() -> Option<std::path::PathBuf> {
    let python = std::path::PathBuf::from(std::env::var_os("ZAOCHKA_PYTHON")?);
    let works = Command::new(&python)
        .args(["-c", "import zeep"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(works, "ZAOCHKA_PYTHON={} has no zeep", python.display());
    Some(python)
}

/// White's move by mail, waited for until the daemon applied it.
fn alice_mails(x: &mut Endpoint, seq: usize, text: &str, plies: i64) {
    let m = mail(
        ALICE,
        &format!("bot+1.{}@example.test", x.bot.token(1, "white")),
        "Re: [zaochka #1] chess",
        &format!("alice-{seq}@example.test"),
        text,
    );
    x.bot.deliver(seq, &m);
    x.serving
        .until(text, Duration::from_secs(60), || x.bot.plies(1) == plies);
}

#[test]
fn zeep_reading_the_wsdl_plays_black_through_xfcc_against_white_by_mail() {
    let Some(python) = python_with_zeep() else {
        eprintln!(
            "SKIPPED: ZAOCHKA_PYTHON is unset: set it to a Python with zeep (.ci/run makes \
             one: python3 -m venv DIR && DIR/bin/pip install zeep)"
        );
        return;
    };
    let mut x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    let url = format!("http://127.0.0.1:{}/xfcc?wsdl", x.port);
    let login = format!("username={BOB:?}, password={BOB_PW:?}");
    let turn = |x: &mut Endpoint, plies: i64, movecount: u32, mv: &str| {
        let out = zeep(
            &python,
            &url,
            &format!(
                "g = svc.GetMyGames({login})[0]\n\
                 print(g.id, g.myTurn, g.hasWhite, repr(g.moves), g.result)\n\
                 print(svc.MakeAMove({login}, gameId=g.id, resign=False, acceptDraw=False, \
                 movecount={movecount}, myMove={mv:?}, offerDraw=False, claimDraw=False, myMessage=''))"
            ),
        );
        x.serving
            .until(mv, Duration::from_secs(10), || x.bot.plies(1) == plies);
        out
    };
    alice_mails(&mut x, 1, "1. f3", 1);
    let out = turn(&mut x, 2, 1, "e5");
    assert_eq!(out, "1 True False '1. f3' Ongoing\nSuccess\n");
    alice_mails(&mut x, 2, "2. g4", 3);
    let out = turn(&mut x, 4, 2, "Qh4#");
    assert_eq!(out, "1 True False '1. f3 e5 2. g4' Ongoing\nSuccess\n");
    assert_eq!(x.bot.result(1).as_deref(), Some("0-1"));
    let out = zeep(
        &python,
        &url,
        &format!("g = svc.GetMyGames({login})[0]\nprint(g.myTurn, repr(g.moves), g.result)"),
    );
    assert_eq!(out, "False '1. f3 e5 2. g4 Qh4#' BlackWins\n");
    // White, by mail, is told of each of Black's moves and of the mate.
    x.serving
        .until("White's mail of the mate", Duration::from_secs(30), || {
            x.bot
                .outbox_to(ALICE)
                .iter()
                .any(|m| m.contains("Black played Qd8-h4#") && m.contains("Black won (0-1)"))
        });
}

#[test]
fn a_russian_checkers_game_is_played_through_the_draughts_profile() {
    let x = Endpoint::new(GameNew::alice_bob());
    let (_, body) = x.post(&scid::get_my_games(ALICE, ALICE_PW));
    let g = &games_of(&body)[0];
    assert_eq!(field(g, "variant"), "russian", "{body}");
    assert_eq!(field(g, "gameType"), "25", "{body}");
    assert_eq!(field(g, "setup"), "true", "{body}");
    assert!(field(g, "fen").starts_with("W:W"), "{body}");
    // A short game: the moves as PDN writes them, each with its number.
    let plies = [
        (ALICE, ALICE_PW, 1, "c3-d4"),
        (BOB, BOB_PW, 1, "f6-e5"),
        (ALICE, ALICE_PW, 2, "d4:f6"),
        (BOB, BOB_PW, 2, "g7:e5"),
        (ALICE, ALICE_PW, 3, "g3-f4"),
        (BOB, BOB_PW, 3, "e5:g3"),
        (ALICE, ALICE_PW, 4, "h2:f4"),
    ];
    for (k, (user, pw, number, mv)) in plies.into_iter().enumerate() {
        assert_eq!(x.make_a_move(user, pw, 1, number, mv), "Success", "{mv}");
        assert_eq!(x.bot.plies(1), k as i64 + 1);
    }
    let resign = super::Flags {
        resign: true,
        ..super::Flags::default()
    };
    assert_eq!(x.action(BOB, BOB_PW, 1, 4, "", resign), "Success");
    assert_eq!(x.bot.result(1).as_deref(), Some("1-0"));
    let (_, body) = x.post(&scid::get_my_games(BOB, BOB_PW));
    let g = &games_of(&body)[0];
    let moves: Vec<&str> = field(g, "moves").split_whitespace().collect();
    assert_eq!(
        moves.join(" "),
        "1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. g3-f4 e5:g3 4. h2:f4",
        "{body}"
    );
    assert_eq!(field(g, "result"), "WhiteWins", "{body}");
    assert!(field(g, "currentFen").starts_with("B:W"), "{body}");
}
