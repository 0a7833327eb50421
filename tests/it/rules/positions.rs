//! Rule positions with their exact legal move sets: the cases of
//! ../shared/cases/rules-*.tsv (copied to tests/data/) and our own, one test per rule.

use crate::common;

use common::{legal_keys, listed_keys, same_set};
use zaochka::notation::fen;
use zaochka::rules::{DiagonalPosition, Position, Variant};

fn check_tsv(variant: Variant, text: &str) -> usize {
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let pos = fen::read_default(variant, cols[0]).unwrap();
        let (legal, listed) = (legal_keys(&pos), listed_keys(cols[1]));
        assert!(
            same_set(&legal, &listed),
            "{} ({}): {legal:?} != {listed:?}",
            cols[0],
            cols.get(2).unwrap_or(&"")
        );
        n += 1;
    }
    n
}

#[test]
fn russian_rule_positions_give_exactly_the_listed_moves() {
    assert_eq!(
        check_tsv(
            Variant::Russian,
            include_str!("../../data/rules-russian.tsv")
        ),
        3
    );
}

#[test]
fn international_rule_positions_give_exactly_the_listed_moves() {
    assert_eq!(
        check_tsv(
            Variant::International,
            include_str!("../../data/rules-international.tsv")
        ),
        8
    );
}

fn russian(fen_text: &str) -> Position {
    fen::read_default(Variant::Russian, fen_text).unwrap()
}

fn assert_moves(fen_text: &str, expected: &str) {
    let pos = russian(fen_text);
    assert_eq!(legal_keys(&pos), listed_keys(expected), "{fen_text}");
}

#[test]
fn men_move_forward_only() {
    assert_moves("W:Wc3:Bh8", "c3-b4; c3-d4");
    assert_moves("B:Wa1:Bd6", "d6-c5; d6-e5");
}

#[test]
fn men_capture_backward() {
    // seed 002 §1.5.3
    assert_moves("W:Wd4:Bc3,h8", "d4:b2 {c3}");
}

#[test]
fn capture_is_compulsory_with_free_choice_not_the_majority() {
    // seed 002 §1.5.14: one piece or two, the player chooses.
    assert_moves("W:Wa3,g3:Bb4,f4,f6", "a3:c5 {b4}; g3:e5:g7 {f4,f6}");
}

#[test]
fn kings_fly_and_capture_at_a_distance() {
    assert_moves(
        "W:WKa1:Bd4",
        "a1:e5 {d4}; a1:f6 {d4}; a1:g7 {d4}; a1:h8 {d4}",
    );
}

#[test]
fn king_must_land_where_the_capture_goes_on() {
    // After taking d4 the king could land on e5, f6, g7; only from f6 can it take
    // e7 (landing d8), so it must land on f6 (RULES.md §2).
    assert_moves("W:WKa1:Bd4,e7", "a1:f6:d8 {d4,e7}");
}

#[test]
fn turkish_strike_captured_pieces_block_and_are_not_jumped_twice() {
    // seed 001 §1.6.3, diagram 6: the black king takes a5:e1:g3:e5 and may not go on
    // to take d4, because c3 stays on the board until the move ends (§1.5.12).
    let pos = russian("B:Wc3,d4,f2,f4:BKa5");
    let keys = legal_keys(&pos);
    assert!(keys.contains(&(
        "a5".into(),
        "e5".into(),
        vec!["c3".into(), "f2".into(), "f4".into()]
    )));
    assert!(
        keys.iter().all(|k| !k.2.contains(&"d4".to_string())),
        "{keys:?}"
    );
}

#[test]
fn man_promoted_mid_capture_continues_as_king() {
    // seed 002 §1.5.15
    assert_moves("W:Wh6:Bg7,c5,d2", "h6:f8:b4:e1 {c5,d2,g7}");
}

#[test]
fn man_promoted_by_a_quiet_move_becomes_a_king() {
    let pos = russian("W:Wc7:Bh2");
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.to().0 == 28 || m.promotes())
        .unwrap();
    assert!(m.promotes());
    let after = pos.play(&m);
    assert!(after.kings().contains(m.to()));
}

#[test]
fn a_capture_may_end_on_a_square_it_passed_and_both_orders_are_one_move() {
    // seed 001 §1.6.3, diagram 8: a5:c3:e1:g3:e5:c3 and a5:c3:e5:g3:e1:c3 take the
    // same five pieces and end on c3 promoted: one move. On c3 the new king stops,
    // since b4 and d2 may not be jumped again.
    let pos = russian("B:Wa1,b2,b4,d2,d4,f2,f4:Ba5,c5,c7,e7,g7");
    let five: Vec<String> = ["b4", "d2", "d4", "f2", "f4"].map(String::from).to_vec();
    let from_a5: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from().0 == 16)
        .collect();
    let long: Vec<_> = from_a5.iter().filter(|m| m.captured().len() == 5).collect();
    assert_eq!(long.len(), 1, "{from_a5:?}");
    assert!(long[0].promotes());
    assert_eq!(
        common::key_of(&pos, long[0]),
        ("a5".into(), "c3".into(), five)
    );
}

#[test]
fn no_pieces_or_no_moves_loses() {
    use zaochka::rules::{End, Game, GameResult};
    let game = Game::new(russian("B:Wa1:B"));
    let out = game.outcome().unwrap();
    assert_eq!(out.result, GameResult::WhiteWins);
    assert_eq!(out.end, End::NoPieces);
    // White man a1 blocked by b2, with c3 behind it occupied: no move, no capture.
    let game = Game::new(russian("W:Wa1:Bb2,c3"));
    let out = game.outcome().unwrap();
    assert_eq!(out.result, GameResult::BlackWins);
    assert_eq!(out.end, End::NoMoves);
}
