//! The rules of column checkers as positions with exact move sets (RULES.md §3, §4;
//! seed 000 §1.5-§1.6, §2). Every move set here was also produced by the separate
//! implementation in tests/data/gen_towers_perft.py.
//!
//! Bashni squares are written `a1`..`h8`; Lasca moves come back in numbers 1-25
//! (1 = a1, 9 = c3, 13 = d4, 16 = c5, 24 = e7; RULES.md §1), while positions may be
//! given in either form.

use zaochka::games::{self, AnyGame, EndRule, Illegal, MoveErrorKind};
use zaochka::notation::IllegalReason;
use zaochka::rules::{Color, GameResult, Termination, Variant};
use zaochka::vocabulary::Language;

type Res = Result<(), Box<dyn std::error::Error>>;

fn game(variant: Variant, fen: &str) -> Result<Box<dyn AnyGame>, games::SetupError> {
    games::new_game(variant, Some(fen))
}

fn moves(variant: Variant, fen: &str) -> Result<Vec<String>, games::SetupError> {
    Ok(game(variant, fen)?.legal_moves())
}

#[test]
fn a_tower_is_jumped_again_later_in_the_move_while_its_top_is_an_enemy_piece() -> Res {
    // d4 holds two black men: c3 takes the top one, goes round d6, b6, b4, and
    // takes the second from d4 on coming back to c3 (seed 000 §1.6.1).
    let fen = "W:Wc3:Bd4(00),d6,b6,b4,h8";
    assert_eq!(
        moves(Variant::Bashni, fen)?,
        ["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3:e5"]
    );
    let mut g = game(Variant::Bashni, fen)?;
    g.play("c3:e5:c7:a5:c3:e5")?;
    assert_eq!(g.fen(), "B:We5(0/00000):Bh8");
    Ok(())
}

#[test]
fn the_capturing_tower_never_turns_straight_back_over_the_tower_just_jumped() -> Res {
    // As in the seed's sample game, 8. h2:f4: g3 keeps a black top and h2 is free,
    // yet the man stops on f4.
    assert_eq!(moves(Variant::Bashni, "W:Wh2:Bg3(00),a7")?, ["h2:f4"]);
    // A king does not fly back over the tower it has just jumped either.
    assert_eq!(
        moves(Variant::Bashni, "W:WKa1:Bc3(00),a7")?,
        ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]
    );
    Ok(())
}

#[test]
fn a_king_may_fly_back_over_the_square_of_a_tower_its_jump_emptied() -> Res {
    // e5 and b2 are one-piece towers: once taken their squares are free at once
    // (RULES.md §3), so the king turns back along the same diagonal. The three
    // paths d4:f6:a1, d4:g7:a1, d4:h8:a1 take the same pieces in the same order to
    // the same square: one move, listed once.
    assert_eq!(
        moves(Variant::Bashni, "W:WKd4:Be5,b2,h6")?,
        ["d4:a1:f6", "d4:a1:g7", "d4:a1:h8", "d4:f6:a1"]
    );
    Ok(())
}

#[test]
fn a_freed_tower_changes_owner_at_once() -> Res {
    // d4 is a black man over a white man: taking the top frees a white man.
    let mut g = game(Variant::Bashni, "W:Wc3:Bd4(0/0),a7")?;
    assert_eq!(g.legal_moves(), ["c3:e5"]);
    g.play("c:e5")?;
    assert_eq!(g.fen(), "B:Wd4,e5(0/0):Ba7");
    Ok(())
}

#[test]
fn a_tower_freed_to_the_movers_colour_blocks_the_rest_of_the_move() -> Res {
    // The loop of the re-jump test, but d4 has a white man under its black top:
    // after the first jump d4 is White's and cannot be jumped again.
    assert_eq!(
        moves(Variant::Bashni, "W:Wc3:Bd4(0/0),d6,b6,b4,h8")?,
        ["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3"]
    );
    Ok(())
}

#[test]
fn a_buried_king_keeps_its_rank_and_regains_its_rights_when_freed() -> Res {
    // A white king lies under a black man on d4 (seed 000 §1.6.3, last paragraph).
    let mut g = game(Variant::Bashni, "W:Wc3:Bd4(0/1),a7")?;
    g.play("c3:e5")?;
    assert_eq!(g.fen(), "B:WKd4,e5(0/0):Ba7");
    g.play("a7-b6")?;
    // The freed king flies over c5 to take b6: a man could not.
    assert_eq!(g.legal_moves(), ["d4:a7"]);
    Ok(())
}

#[test]
fn a_man_promoted_in_the_middle_of_a_capture_goes_on_as_a_king() -> Res {
    // Seed 000 §1.6.3; only the top piece is promoted (§1.5.2).
    let fen = "W:Wb6:Bc7,e7,a3";
    assert_eq!(
        moves(Variant::Bashni, fen)?,
        ["b6:d8D:f6", "b6:d8D:g5", "b6:d8D:h4"]
    );
    let mut g = game(Variant::Bashni, fen)?;
    g.play("b6:d8:h4")?;
    assert_eq!(g.fen(), "B:Wh4(1/00):Ba3");
    Ok(())
}

#[test]
fn capture_is_compulsory_with_free_choice_among_captures() -> Res {
    // Two-piece and one-piece captures are all allowed: no majority rule
    // (seed 000 §1.6.3).
    let fen = "W:Wc3,e3:Bd4,f4(00),f6,a7";
    assert_eq!(
        moves(Variant::Bashni, fen)?,
        ["c3:e5:g3", "c3:e5:g7", "e3:c5", "e3:g5:e7"]
    );
    let g = game(Variant::Bashni, fen)?;
    let err = g.check("c3-b4").err().ok_or("a quiet move was accepted")?;
    assert_eq!(
        err.kind,
        MoveErrorKind::Illegal(Illegal::Towers(IllegalReason::CaptureCompulsory(vec![
            "c3:e5:g3".into(),
            "c3:e5:g7".into(),
            "e3:c5".into(),
            "e3:g5:e7".into()
        ])))
    );
    assert_eq!(
        err.message(Language::En),
        "capture is compulsory: c3:e5:g3 or c3:e5:g7 or e3:c5 or e3:g5:e7"
    );
    assert_eq!(
        err.message(Language::Ru),
        "бить обязательно: c3:e5:g3 или c3:e5:g7 или e3:c5 или e3:g5:e7"
    );
    Ok(())
}

#[test]
fn the_same_pieces_taken_in_another_order_are_another_move() -> Res {
    // Both loops take d4, d6, the king on b6 and b4 and end on c3, but the
    // prisoners lie under the man in capture order (seed 000 §1.6.1).
    let fen = "W:Wc3:Bd4,d6,Kb6,b4,h8";
    assert_eq!(
        moves(Variant::Bashni, fen)?,
        ["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3"]
    );
    let g = game(Variant::Bashni, fen)?;
    let err = g
        .check("c3:c3")
        .err()
        .ok_or("an ambiguous move was accepted")?;
    assert_eq!(
        err.kind,
        MoveErrorKind::Ambiguous(vec!["c3:a5:c7:e5:c3".into(), "c3:e5:c7:a5:c3".into()])
    );
    let mut a = g.clone();
    a.play("c3:e5:c7:a5:c3")?;
    assert_eq!(a.fen(), "B:Wc3(0/0010):Bh8");
    let mut b = g.clone();
    b.play("c3:a5:c7:c3")?;
    assert_eq!(b.fen(), "B:Wc3(0/0100):Bh8");
    Ok(())
}

#[test]
fn a_player_without_towers_or_without_moves_loses() -> Res {
    let g = game(Variant::Bashni, "B:Wc3:B")?;
    let f = g.outcome().ok_or("no outcome")?;
    assert_eq!(
        (f.result, f.termination, f.rule),
        (
            GameResult::WhiteWins,
            Termination::NoPieces,
            EndRule::NoTowers
        )
    );
    // The seed's diagram 4 with Black to move: b2 and a1 are shut in.
    let g = game(
        Variant::Bashni,
        "B:Wc1(1/0000),d6(000000),f4(0000):Ba1(110101/1),b2(00)",
    )?;
    let f = g.outcome().ok_or("no outcome")?;
    assert_eq!(
        (f.result, f.termination, f.rule),
        (
            GameResult::WhiteWins,
            Termination::NoMoves,
            EndRule::TowersNoMoves
        )
    );
    Ok(())
}

#[test]
fn bashni_unchanged_material_may_be_claimed_after_15_moves_of_each_side() -> Res {
    // Seed 000 §1.13.1: 15 moves = 30 plies (RULES.md §0) without capture or promotion.
    // The kings shuttle on diagonals where neither can take the other.
    let mut g = game(Variant::Bashni, "W:WKh2,d2(0/0):BKb8,e7(0/0)")?;
    let cycle = ["h2-g1", "b8-a7", "g1-h2", "a7-b8"];
    for ply in 0..29 {
        g.play(cycle[ply % 4])?;
        assert!(
            !g.claimable_draws()
                .iter()
                .any(|d| d.kind.as_str() == "unchanged_material"),
            "claimable after {} plies",
            ply + 1
        );
    }
    g.play(cycle[29 % 4])?;
    let kinds: Vec<&str> = g
        .claimable_draws()
        .iter()
        .map(|d| d.kind.as_str())
        .collect();
    assert!(kinds.contains(&"unchanged_material"), "{kinds:?}");
    assert!(kinds.contains(&"repetition"), "{kinds:?}");
    Ok(())
}

#[test]
fn lasca_has_no_unchanged_material_rule_but_repetition_may_be_claimed() -> Res {
    let mut g = game(Variant::Lasca, "W:WKa1,c1:BKg7,e7(0/0)")?;
    let cycle = ["a1-b2", "g7-f6", "b2-a1", "f6-g7"];
    for ply in 0..40 {
        g.play(cycle[ply % 4])?;
    }
    let kinds: Vec<&str> = g
        .claimable_draws()
        .iter()
        .map(|d| d.kind.as_str())
        .collect();
    assert_eq!(kinds, ["repetition"]);
    assert_eq!(g.repetitions(), 11);
    Ok(())
}

#[test]
fn lasca_soldier_promoted_in_a_capture_stops_there() -> Res {
    // c5 (16) takes d6 and reaches e7 (24): promoted, the move ends although an
    // officer on e7 could take f6 (RULES.md §4).
    let mut g = game(Variant::Lasca, "W:Wc5:Bd6,f6,a7")?;
    assert_eq!(g.legal_moves(), ["16x24"]);
    g.play("c5:e7")?;
    assert_eq!(g.fen(), "B:W24(1/0):B21,22");
    Ok(())
}

#[test]
fn lasca_officers_step_and_capture_one_square_only() -> Res {
    // The officer on d4 (13) does not fly: f6 two squares away is not taken.
    assert_eq!(
        moves(Variant::Lasca, "W:WKd4:Bf6,a7")?,
        ["13-9", "13-10", "13-16", "13-17"]
    );
    Ok(())
}

#[test]
fn lasca_soldiers_capture_forward_only() -> Res {
    // Backwards over c3 is a capture in Bashni (seed 000 §1.6.2) but not in Lasca.
    assert_eq!(moves(Variant::Lasca, "W:Wd4:Bc3,a7")?, ["13-16", "13-17"]);
    assert_eq!(moves(Variant::Bashni, "W:Wd4:Bc3,a7")?, ["d4:b2"]);
    Ok(())
}

#[test]
fn lasca_never_jumps_a_column_twice_in_one_move() -> Res {
    // The Bashni re-jump loop with an officer: d4 (13) keeps a black man after the
    // first jump but may not be jumped again (RULES.md §4).
    assert_eq!(
        moves(Variant::Lasca, "W:WKc3:Bd4(00),d6,b6,b4,g7")?,
        ["9x15x23x17x9", "9x17x23x15x9"]
    );
    Ok(())
}

#[test]
fn lasca_capture_is_compulsory_with_free_choice() -> Res {
    let g = game(Variant::Lasca, "W:We3,c3:Bd4,f4(00),a7")?;
    assert_eq!(g.legal_moves(), ["9x17", "10x16", "10x18"]);
    assert!(g.check("9-12").is_err());
    assert_eq!(g.check("c3:e5")?.full, "9x17");
    assert_eq!(g.turn(), Color::White);
    Ok(())
}

#[test]
fn a_king_path_written_in_full_is_kept_as_written() -> Res {
    // d4:f6:a1, d4:g7:a1 and d4:h8:a1 are one move (same pieces, same order, same
    // end); the record keeps the landing the player wrote.
    let g = game(Variant::Bashni, "W:WKd4:Be5,b2,h6")?;
    assert_eq!(g.check("d4:g7:a1")?.full, "d4:g7:a1");
    assert_eq!(g.check("d4:h8:a1")?.full, "d4:h8:a1");
    assert_eq!(g.check("d:a1")?.full, "d4:f6:a1");
    Ok(())
}
