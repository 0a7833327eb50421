//! `zaochka check` judges a record as the referee judges a game by mail: the
//! automatic ends of the variant apply, and the stated results
//! must agree with each other and with the final position.

use crate::common;

use common::cli::Zaochka;

fn archive(name: &str) -> String {
    format!("{}/tests/data/archive/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The JSON object `check --json` prints for the only game of a file.
fn json_of(z: &Zaochka, file: &str) -> serde_json::Value {
    let r = z.run(&["check", "--json", file]);
    serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", r.stdout))
}

#[test]
fn a_chess_game_drawn_by_fivefold_repetition_and_played_on_to_mate_fails() {
    let z = Zaochka::new();
    let file = archive("fivefold-then-mate.pgn");
    let r = z.run(&["check", &file]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "PLAYED AFTER THE END at move 9. \"f3\" (ply 17): the game had ended after ply 16: \
             the same position has appeared five times (FIDE Laws of Chess, art. 9.6.1)"
        ),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("1 game: 0 legal, 1 with faults"));
    let j = json_of(&z, &file);
    assert_eq!(j["ok"], false);
    assert_eq!(j["played_after_end"]["ply"], 17);
    assert_eq!(j["played_after_end"]["move_number"], 9);
    assert_eq!(j["played_after_end"]["result"], "1/2-1/2");
    assert_eq!(j["final_result"], "1/2-1/2");
    assert_eq!(j["faults"][0], "played_after_end");
}

#[test]
fn a_russian_game_played_past_the_automatic_draw_fails_at_the_ply_after_it() {
    // King against king: drawn after 5 moves of each side (seed 001 §1.9.1.4),
    // i.e. after ply 10; the record plays an 11th ply.
    let z = Zaochka::new();
    let file = archive("kings-played-on.pdn");
    let r = z.run(&["check", &file]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "PLAYED AFTER THE END at move 6. \"d2-c1\" (ply 11): the game had ended after ply 10"
        ) && r
            .stdout
            .contains("(Russian Draughts Rules (2010), §1.9.1.4)"),
        "{}",
        r.stdout
    );
    assert_eq!(json_of(&z, &file)["played_after_end"]["ply"], 11);
}

#[test]
fn a_mate_by_black_tagged_1_0_contradicts_the_final_position() {
    let z = Zaochka::new();
    let file = archive("mate-wrong-result.pgn");
    let r = z.run(&["check", &file]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "RESULT CONTRADICTION: the record says 1-0, but the final position ends the game: \
             checkmate"
        ) && r.stdout.contains("Black won (0-1)"),
        "{}",
        r.stdout
    );
    let j = json_of(&z, &file);
    assert_eq!(j["fault"], "result");
    assert_eq!(j["result_tag"], "1-0");
    assert_eq!(j["final_result"], "0-1");
    assert_eq!(j["finish"]["termination"], "checkmate");
    assert_eq!(j["contradictions"].as_array().unwrap().len(), 1);
}

#[test]
fn the_result_tag_and_the_closing_token_must_agree() {
    let z = Zaochka::new();
    let r = z.run(&["check", &archive("tag-and-token.pgn")]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "RESULT CONTRADICTION: the Result tag says \"0-1\", the move text ends with \"1-0\""
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn a_mate_with_the_right_result_passes_with_a_note_of_the_rule() {
    let z = Zaochka::new();
    let file = archive("fools-mate.pgn");
    let r = z.run(&["check", &file]);
    assert!(r.ok, "{}", r.stdout);
    assert!(
        r.stdout.contains("OK, 4 plies (0-1)")
            && r.stdout
                .contains("note: the final position ends the game: checkmate"),
        "{}",
        r.stdout
    );
    assert_eq!(json_of(&z, &file)["finish"]["result"], "0-1");
}

#[test]
fn a_claimable_draw_at_the_end_is_a_note_not_a_fault() {
    let z = Zaochka::new();
    let file = archive("threefold-drawn.pgn");
    let r = z.run(&["check", &file]);
    assert!(r.ok, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "note: a draw could be claimed in the final position: the same position with the \
             same side to move has occurred three times (FIDE Laws of Chess, art. 9.2)"
        ),
        "{}",
        r.stdout
    );
    let j = json_of(&z, &file);
    assert_eq!(j["ok"], true);
    assert_eq!(j["claimable_draws"].as_array().unwrap().len(), 1);
}

#[test]
fn a_real_file_whose_tag_and_move_text_disagree_fails_that_game_only() {
    // The 40th Italian championship of international draughts (wiegerw/pdn files it
    // under fail/): game 1 is tagged 0-1 and its moves end with 1-0.
    let z = Zaochka::new();
    let r = z.run(&[
        "check",
        "-q",
        &archive("40Camp.DamaInternazionaleAssoluto.pdn"),
    ]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "game 1 Borghetti Michele – Raimondi Walter: RESULT CONTRADICTION: \
             the Result tag says \"0-1\", the move text ends with \"1-0\""
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("45 games: 44 legal, 1 with faults"),
        "{}",
        r.stdout
    );
}

#[test]
fn every_real_game_record_checks_without_faults() {
    // Real tournament games end by resignation, agreement or on time as often
    // as by the rules: a decisive result in a position that does not end the
    // game is no fault.
    let z = Zaochka::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".pdn") || p.ends_with(".pgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "{files:?}");
    for file in files {
        let r = z.run(&["check", "-q", &file]);
        assert!(r.ok, "{file}: {}", r.stdout);
        assert!(r.stdout.contains(" 0 with faults"), "{file}: {}", r.stdout);
    }
}

#[test]
fn a_move_after_mate_is_played_after_the_end_not_illegal() {
    // It was "ILLEGAL at move 3. "Kf2": the king would be in check".
    let z = Zaochka::new();
    let file = archive("played-after-mate.pgn");
    let r = z.run(&["check", &file]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "PLAYED AFTER THE END at move 3. \"Kf2\" (ply 5): the game had ended after ply 4: \
             checkmate"
        ) && !r.stdout.contains("ILLEGAL"),
        "{}",
        r.stdout
    );
    let j = json_of(&z, &file);
    assert_eq!(j["faults"], serde_json::json!(["played_after_end"]));
    assert_eq!(j["played_after_end"]["ply"], 5);
    let out = z.run(&["import", &file]).stdout;
    assert!(
        out.contains("not imported: PLAYED AFTER THE END at move 3. \"Kf2\" (ply 5)"),
        "{out}"
    );
}

#[test]
fn a_draughts_move_when_the_side_to_move_had_none_is_played_after_the_end() {
    let z = Zaochka::new();
    let r = z.run(&["check", &archive("played-after-no-move.pdn")]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "PLAYED AFTER THE END at move 1... \"h2-g1\" (ply 2): the game had ended after ply 1: \
             the side to move has no legal move"
        ) && !r.stdout.contains("ILLEGAL"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_capture_written_from_and_to_is_read_as_the_path_after_which_the_record_goes_on() {
    // 32x14 fits two paths that take different men; only one leaves the man
    // Black moves next. The game reads through with no fault.
    let z = Zaochka::new();
    for (file, played) in [
        (
            "international-capture-decided.pdn",
            "\"32x14\" read as 32x43x34x25x14",
        ),
        (
            "russian-capture-decided.pdn",
            "\"c3:g7\" read as c3:a5:c7:e5:g7",
        ),
    ] {
        let file = archive(file);
        let r = z.run(&["check", &file]);
        assert_eq!(r.code, 0, "{}", r.stdout);
        assert!(
            r.stdout.contains("OK, ") && r.stdout.contains(played),
            "{}",
            r.stdout
        );
        let j = json_of(&z, &file);
        assert_eq!(j["ok"], true);
        assert_eq!(j["ambiguous_moves"], serde_json::json!([]));
    }
}

#[test]
fn a_capture_both_of_whose_paths_go_on_to_the_end_is_a_fault_naming_both() {
    let z = Zaochka::new();
    let file = archive("international-capture-undecided.pdn");
    let r = z.run(&["check", &file]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "AMBIGUOUS at move 1. \"32x14\": it fits 2 moves that each let the record go on \
             to its end: 32x23x34x25x14 or 32x43x34x25x14; read on with 32x23x34x25x14"
        ) && !r.stdout.contains("ILLEGAL"),
        "{}",
        r.stdout
    );
    let j = json_of(&z, &file);
    assert_eq!(j["faults"], serde_json::json!(["ambiguous_move"]));
    // The game is read on to its end with the first candidate.
    assert_eq!(j["plies"], 6);
    assert_eq!(j["final_result"], "1-0");
    let a = &j["ambiguous_moves"][0];
    assert_eq!(a["ply"], 1);
    assert_eq!(a["move_number"], 1);
    assert_eq!(a["side"], "white");
    assert_eq!(a["written"], "32x14");
    assert_eq!(
        a["candidates"],
        serde_json::json!(["32x23x34x25x14", "32x43x34x25x14"])
    );
    assert_eq!(a["played"], "32x23x34x25x14");
    assert_eq!(a["to_end"], true);
    assert_eq!(a["fen_before"], "W:W32,47,49:B6,20,28,29,30,38,39");

    let r = z.run(&["check", &archive("russian-capture-undecided.pdn")]);
    assert!(
        r.stdout.contains(
            "AMBIGUOUS at move 1. \"c3:g7\": it fits 2 moves that each let the record go on \
             to its end: c3:a5:c7:e5:g7 or c3:e5:g7"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn a_players_move_is_still_answered_with_the_candidates_not_read_ahead() {
    // The record's reading never reaches the referee: `32x14` by mail in the
    // same position is ambiguous.
    use zaochka::games::{MoveErrorKind, new_game};
    use zaochka::rules::Variant;
    let mut game = new_game(
        Variant::International,
        Some("W:W32,47,49:B20,28,29,30,38,39"),
    )
    .unwrap();
    let e = game.play("32x14").unwrap_err();
    assert_eq!(
        e.kind,
        MoveErrorKind::Ambiguous(vec!["32x23x34x25x14".into(), "32x43x34x25x14".into()])
    );
}
