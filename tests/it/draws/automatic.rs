//! The automatic draw rules of Russian checkers (seed 001 §1.9.1) and of
//! international draughts (FMJD art. 6.2-6.4), each reached by playing moves, with
//! the counter kept in the game state.

use zaochka::notation::{Naming, fen, parse_move};
use zaochka::rules::{DrawRule, End, Game, GameResult, Variant};

/// Plays `plies` moves alternating two shuttles, and returns the ply after which
/// the game was drawn (1-based) and the rule.
fn shuttle(
    fen_text: &str,
    white: [&str; 2],
    black: [&str; 2],
    plies: usize,
) -> Option<(usize, DrawRule)> {
    shuttle_in(Variant::Russian, fen_text, white, black, plies)
}

/// [`shuttle`] in any draughts variant.
fn shuttle_in(
    variant: Variant,
    fen_text: &str,
    white: [&str; 2],
    black: [&str; 2],
    plies: usize,
) -> Option<(usize, DrawRule)> {
    let mut game = Game::new(fen::read_default(variant, fen_text).unwrap());
    for ply in 0..plies {
        let side = if ply % 2 == 0 { white } else { black };
        let text = side[(ply / 2) % 2];
        let pos = *game.position();
        let m = parse_move(text)
            .unwrap()
            .resolve(&pos, Naming::of(&pos))
            .unwrap();
        game.play(m);
        if let Some(out) = game.outcome() {
            assert_eq!(out.result, GameResult::Draw);
            let End::DrawRule(i) = out.end else {
                panic!("{out:?}")
            };
            return Some((ply + 1, variant.rules().draw_rules[i]));
        }
    }
    None
}

#[test]
fn fifteen_moves_of_kings_only_draw_the_game() {
    // seed 001 §1.9.1.6: 7 pieces, both sides have kings (so the 60-move rule of
    // §1.9.1.4 also runs, but later); men stand still.
    let (ply, rule) = shuttle(
        "W:WKc1,g1,h2:BKf8,a7,b8,c7",
        ["c1-d2", "d2-c1"],
        ["f8-e7", "e7-f8"],
        40,
    )
    .unwrap();
    assert_eq!(ply, 30);
    assert!(matches!(rule, DrawRule::KingsOnly { moves: 15, .. }));
}

#[test]
fn two_piece_ending_with_unchanged_material_is_drawn_after_five_moves() {
    // seed 001 §1.9.1.4: king against king, 5 moves each.
    let (ply, rule) = shuttle("W:WKc1:BKf8", ["c1-d2", "d2-c1"], ["f8-e7", "e7-f8"], 40).unwrap();
    assert_eq!(ply, 10);
    assert!(matches!(
        rule,
        DrawRule::UnchangedMaterial {
            pieces: (2, 3),
            moves: 5,
            ..
        }
    ));
}

#[test]
fn three_kings_fail_to_catch_a_lone_king_by_their_fifteenth_move() {
    // seed 001 §1.9.1.3: White's 15th move is ply 29.
    let (ply, rule) = shuttle(
        "W:WKc1,Kg1,Kh2:BKf8",
        ["c1-d2", "d2-c1"],
        ["f8-e7", "e7-f8"],
        40,
    )
    .unwrap();
    assert_eq!(ply, 29);
    assert!(matches!(
        rule,
        DrawRule::LoneKing {
            moves: 15,
            main_road_only: false,
            ..
        }
    ));
}

#[test]
fn three_kings_against_a_lone_king_on_the_main_road_draw_after_five_moves() {
    // seed 001 §1.9.1.5: the lone king holds the main road a1-h8; White's 5th move is ply 9.
    let (ply, rule) = shuttle(
        "W:WKc1,Ke1,Ka5:BKh8",
        ["c1-d2", "d2-c1"],
        ["h8-g7", "g7-h8"],
        40,
    )
    .unwrap();
    assert_eq!(ply, 9);
    assert!(matches!(
        rule,
        DrawRule::LoneKing {
            moves: 5,
            main_road_only: true,
            ..
        }
    ));
}

#[test]
fn fmjd_two_kings_against_one_king_are_drawn_after_five_moves_of_each_player() {
    // FMJD art. 6.4: "after each player has made 5 moves" — with the stronger side
    // to move that is ply 10, not the stronger side's 5th move (ply 9).
    let (ply, rule) = shuttle_in(
        Variant::International,
        "W:WK46,K50:BK1",
        ["46-41", "41-46"],
        ["1-7", "7-1"],
        40,
    )
    .unwrap();
    assert_eq!(ply, 10);
    assert!(matches!(rule, DrawRule::LoneKing { moves: 5, .. }));
}

#[test]
fn fmjd_three_kings_against_one_king_are_drawn_after_sixteen_moves_of_each_player() {
    // FMJD art. 6.3: 16 moves each = 32 plies.
    let (ply, rule) = shuttle_in(
        Variant::International,
        "W:WK46,K49,K50:BK1",
        ["46-41", "41-46"],
        ["1-7", "7-1"],
        60,
    )
    .unwrap();
    assert_eq!(ply, 32);
    assert!(matches!(rule, DrawRule::LoneKing { moves: 16, .. }));
}

#[test]
fn a_man_move_resets_the_kings_only_count() {
    // After 14 moves each of kings only, a man moves: the count starts again.
    let mut game =
        Game::new(fen::read_default(Variant::Russian, "W:WKc1,g1,h2:BKf8,a7,b8,c7").unwrap());
    let play = |game: &mut Game, t: &str| {
        let pos = *game.position();
        game.play(
            parse_move(t)
                .unwrap()
                .resolve(&pos, Naming::of(&pos))
                .unwrap(),
        );
    };
    for i in 0..14 {
        play(&mut game, if i % 2 == 0 { "c1-d2" } else { "d2-c1" });
        play(&mut game, if i % 2 == 0 { "f8-e7" } else { "e7-f8" });
    }
    assert!(game.outcome().is_none());
    play(&mut game, "g1-f2");
    play(&mut game, "f8-e7");
    assert!(game.outcome().is_none());
    let kings_only = game.counters()[5];
    assert_eq!(kings_only, 1);
}

#[test]
fn repetition_is_counted_for_claims() {
    let mut game =
        Game::new(fen::read_default(Variant::Russian, "W:WKc1,g1,h2:BKf8,a7,b8,c7").unwrap());
    for t in [
        "c1-d2", "f8-e7", "d2-c1", "e7-f8", "c1-d2", "f8-e7", "d2-c1", "e7-f8",
    ] {
        let pos = *game.position();
        game.play(
            parse_move(t)
                .unwrap()
                .resolve(&pos, Naming::of(&pos))
                .unwrap(),
        );
    }
    assert_eq!(
        game.repetitions(),
        3,
        "the start position has occurred three times"
    );
}
