//! The draw-offer lifecycle and every claim kind, through the CLI on a real
//! SQLite file (RULES.md §7; seed 001 §1.9.2; seed 000 §1.13.2 note b).

use crate::common;

use common::cli::Zaochka;

const W: &str = "ivanov@example.org";
const B: &str = "petrov@example.org";

fn show(z: &Zaochka) -> serde_json::Value {
    serde_json::from_str(&z.ok(&["game", "show", "1", "--json"])).unwrap()
}

#[test]
fn an_offer_with_a_move_accepted_draws_the_game_by_agreement() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "cd4", "--as", W, "--offer-draw"]);
    assert_eq!(show(&z)["pending_offer"], "white");
    assert!(
        z.refused(&["draw", "accept", "1", "--as", W])
            .contains("your own")
    );
    z.ok(&["draw", "accept", "1", "--as", B]);
    let s = show(&z);
    assert_eq!(s["result"], "1/2-1/2");
    assert_eq!(s["termination"], "agreement");
}

#[test]
fn a_move_declines_the_pending_offer() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "cd4", "--as", W, "--offer-draw"]);
    z.ok(&["play", "1", "dc5", "--as", B]);
    assert_eq!(show(&z)["pending_offer"], serde_json::Value::Null);
    assert!(
        z.refused(&["draw", "accept", "1", "--as", B])
            .contains("no draw offer")
    );
}

/// The body of the reply to `to` in a command's `--json` output.
fn body_to(out: &str, to: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(out).unwrap();
    let replies = v["replies"].as_array().cloned().unwrap_or_default();
    replies
        .iter()
        .find(|r| r["to"] == to)
        .and_then(|r| r["body"].as_str())
        .unwrap_or_else(|| panic!("no reply to {to}: {out}"))
        .to_string()
}

#[test]
fn an_offer_says_how_to_answer_and_a_decline_by_moving_is_told_to_the_offerer() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let out = z.ok(&["play", "1", "cd4", "--as", W, "--offer-draw", "--json"]);
    let to_black = body_to(&out, B);
    assert!(
        to_black.contains("\"accept draw\"") && to_black.contains("simply make your move"),
        "{to_black}"
    );
    let out = z.ok(&["play", "1", "dc5", "--as", B, "--json"]);
    let to_white = body_to(&out, W);
    assert!(
        to_white.contains("Your draw offer was declined by the move 1... d6-c5.")
            || to_white.contains("Ваше предложение ничьей отклонено ходом 1... d6-c5."),
        "{to_white}"
    );
    let to_black = body_to(&out, B);
    assert!(
        !to_black.contains("declined by the move") && !to_black.contains("отклонено ходом"),
        "{to_black}"
    );
}

/// Both players offering a draw agree to one: an offer while the opponent's
/// offer stands accepts it, as the same words by mail do.
#[test]
fn an_offer_while_the_opponents_offer_stands_accepts_it() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["draw", "offer", "1", "--as", W]);
    let out = z.ok(&["draw", "offer", "1", "--as", B]);
    assert!(out.contains("draw agreed"), "{out}");
    let s = show(&z);
    assert_eq!(s["result"], "1/2-1/2");
    assert_eq!(s["termination"], "agreement");
}

#[test]
fn a_declined_player_may_offer_again_only_after_the_opponent_has_offered() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["draw", "offer", "1", "--as", W]);
    assert!(
        z.refused(&["draw", "offer", "1", "--as", W])
            .contains("your own")
    );
    z.ok(&["draw", "decline", "1", "--as", B]);
    let err = z.refused(&["draw", "offer", "1", "--as", W]);
    assert!(err.contains("after your opponent has offered"), "{err}");
    // The move with an offer that may not be made is played; the offer is
    // not, and the answer says why.
    let out = z.ok(&["play", "1", "cd4", "--as", W, "--offer-draw"]);
    assert!(
        out.contains("no draw offered") && out.contains("after your opponent has offered"),
        "{out}"
    );
    assert_eq!(show(&z)["plies"], 1, "the move stands");
    assert!(show(&z)["pending_offer"].is_null(), "no offer is made");
    z.ok(&["draw", "offer", "1", "--as", B]);
    z.ok(&["draw", "decline", "1", "--as", W]);
    z.ok(&["play", "1", "fg5", "--as", B]);
    // Black has used the right: White may offer again.
    z.ok(&["play", "1", "gh4", "--as", W, "--offer-draw"]);
    assert_eq!(show(&z)["pending_offer"], "white");
}

/// A game with kings only shuttling, so that positions repeat.
fn shuttle_game() -> Zaochka {
    let z = Zaochka::new();
    z.ok(&["player", "add", "--name", "Иванов", "--email", W]);
    z.ok(&[
        "player",
        "add",
        "--name",
        "Петров",
        "--email",
        B,
        "--lang",
        "en",
    ]);
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        W,
        "--black",
        B,
        "--fen",
        "W:WKc1,g1,h2:BKf8,a7,b8,c7",
    ]);
    z
}

#[test]
fn a_repetition_claim_after_the_third_occurrence_is_upheld_with_the_rule_cited() {
    let z = shuttle_game();
    for (mv, who) in [
        ("c1-d2", W),
        ("f8-e7", B),
        ("d2-c1", W),
        ("e7-f8", B),
        ("c1-d2", W),
        ("f8-e7", B),
        ("d2-c1", W),
        ("e7-f8", B),
    ] {
        z.ok(&["play", "1", mv, "--as", who]);
    }
    let out = z.ok(&["draw", "claim", "1", "--as", W, "--json"]);
    assert!(
        out.contains("upheld") && out.contains("Russian Draughts Rules (2010), §1.9.2"),
        "{out}"
    );
    let s = show(&z);
    assert_eq!(s["result"], "1/2-1/2");
    assert_eq!(s["termination"], "repetition");
}

#[test]
fn a_repetition_claim_with_the_written_move_is_upheld_without_playing_it() {
    let z = shuttle_game();
    for (mv, who) in [
        ("c1-d2", W),
        ("f8-e7", B),
        ("d2-c1", W),
        ("e7-f8", B),
        ("c1-d2", W),
        ("f8-e7", B),
        ("d2-c1", W),
    ] {
        z.ok(&["play", "1", mv, "--as", who]);
    }
    let out = z.ok(&["draw", "claim", "1", "e7-f8", "--as", B]);
    assert!(out.contains("upheld"), "{out}");
    let s = show(&z);
    assert_eq!(s["plies"], 7, "the written move is not played");
    assert_eq!(s["result"], "1/2-1/2");
}

#[test]
fn a_wrong_claim_without_a_move_changes_nothing_but_is_answered_with_the_rule() {
    let z = shuttle_game();
    z.ok(&["play", "1", "c1-d2", "--as", W]);
    let out = z.ok(&["draw", "claim", "1", "--as", B, "--json"]);
    assert!(
        out.contains("rejected") && out.contains("occurred once"),
        "{out}"
    );
    let s = show(&z);
    assert_eq!(s["status"], "active");
    assert_eq!(s["plies"], 1);
}

#[test]
fn a_wrong_claim_with_a_written_move_plays_that_move() {
    let z = shuttle_game();
    z.ok(&["play", "1", "c1-d2", "--as", W]);
    let out = z.ok(&["draw", "claim", "1", "f8-e7", "--as", B]);
    assert!(out.contains("rejected"), "{out}");
    let s = show(&z);
    assert_eq!(s["status"], "active");
    assert_eq!(
        s["plies"], 2,
        "the written move is played (seed 000 §1.13.2 note b)"
    );
    assert_eq!(s["score_full"][1], "f8-e7");
}

#[test]
fn a_claim_is_refused_out_of_turn_and_with_an_illegal_move() {
    let z = shuttle_game();
    assert!(
        z.refused(&["draw", "claim", "1", "--as", B])
            .contains("only when it is your move")
    );
    let err = z.refused(&["draw", "claim", "1", "c1-c2", "--as", W]);
    assert!(err.contains("c2 is not a playing square"), "{err}");
    assert_eq!(show(&z)["plies"], 0);
}

#[test]
fn automatic_draw_rules_end_the_game_at_once_with_the_rule() {
    // seed 001 §1.9.1.4: king against king, 5 moves each with unchanged material.
    let z = Zaochka::new();
    z.ok(&["player", "add", "--name", "Иванов", "--email", W]);
    z.ok(&[
        "player",
        "add",
        "--name",
        "Петров",
        "--email",
        B,
        "--lang",
        "en",
    ]);
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        W,
        "--black",
        B,
        "--fen",
        "W:WKc1:BKf8",
    ]);
    let mut last = String::new();
    for i in 0..10 {
        let (mv, who) = match i % 4 {
            0 => ("c1-d2", W),
            1 => ("f8-e7", B),
            2 => ("d2-c1", W),
            _ => ("e7-f8", B),
        };
        last = z.ok(&["play", "1", mv, "--as", who]);
    }
    assert!(
        last.contains("Game over")
            && last.contains("Draw (1/2-1/2)")
            && last.contains("Russian Draughts Rules (2010), §1.9.1.4"),
        "{last}"
    );
    assert_eq!(show(&z)["termination"], "unchanged_material");
}

#[test]
fn capturing_the_last_piece_wins_at_once() {
    let z = Zaochka::new();
    z.ok(&["player", "add", "--name", "Иванов", "--email", W]);
    z.ok(&["player", "add", "--name", "Петров", "--email", B]);
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        W,
        "--black",
        B,
        "--fen",
        "W:Wc3:Bd4",
    ]);
    let out = z.ok(&["play", "1", "c:e5", "--as", W]);
    assert!(out.contains("1-0"), "{out}");
    assert_eq!(show(&z)["termination"], "no_pieces");
}

/// How often `needle` occurs in `text`.
fn occurrences(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

/// A tester read «ничья по правилам о ничьей», and the end said twice in one
/// mail (an event line, then a state line): a game the 15-move king rule
/// draws says so once, naming the rule, and `game show` keeps which rule.
#[test]
fn a_game_drawn_by_the_kings_only_rule_names_the_rule_once() {
    let z = shuttle_game();
    let mut last = String::new();
    for k in 0..30 {
        let (mv, who) = match k % 4 {
            0 => ("c1-d2", W),
            1 => ("f8-e7", B),
            2 => ("d2-c1", W),
            _ => ("e7-f8", B),
        };
        last = z.ok(&["play", "1", mv, "--as", who, "--json"]);
    }
    let s = show(&z);
    assert_eq!(s["result"], "1/2-1/2");
    assert_eq!(s["termination"], "kings_only");
    let ru = body_to(&last, W);
    assert!(
        ru.contains("15 ходов делались только дамками"),
        "the rule by its name: {ru}"
    );
    assert!(!ru.contains("по правилам о ничьей"), "{ru}");
    assert_eq!(occurrences(&ru, "1/2-1/2"), 1, "the result once: {ru}");
    assert_eq!(occurrences(&ru, "Партия окончена"), 1, "the end once: {ru}");
    let en = body_to(&last, B);
    assert!(en.contains("15 moves with only kings moving"), "{en}");
    assert_eq!(occurrences(&en, "1/2-1/2"), 1, "the result once: {en}");
}

/// The end of a game by resignation or agreement is said once in each mail.
#[test]
fn a_resignation_and_an_agreement_say_the_result_once() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let out = z.ok(&["resign", "1", "--as", W, "--json"]);
    for to in [W, B] {
        let body = body_to(&out, to);
        assert_eq!(occurrences(&body, "0-1"), 1, "{body}");
    }
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["draw", "offer", "1", "--as", W]);
    let out = z.ok(&["draw", "accept", "1", "--as", B, "--json"]);
    for to in [W, B] {
        let body = body_to(&out, to);
        assert_eq!(occurrences(&body, "1/2-1/2"), 1, "{body}");
    }
}
