//! Readers that survive real collections: the game type of a
//! record without a `GameType` tag inferred from its squares, its FEN, its
//! results and the file's other games; a move written with the wrong sign read
//! as the one legal move its squares name; en passant marks as real PGN files
//! write them; records without player tags; a numeric record that replays in
//! both square numberings refused as ambiguous; `zaochka check` clean on every
//! file of tests/data/games.

use crate::common;

use common::records::{game_file, game_path, games_of, run_in_repo};
use zaochka::games::{self, ReadingNote, RecordError, VariantClue};
use zaochka::rules::{Color, Numbering, Variant};
use zaochka::vocabulary::Language;

/// `zaochka check` on a PDN text written to a temporary file named `name`.
fn check_text(name: &str, text: &str) -> common::cli::Run {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    run_in_repo(&["check", path.to_str().unwrap()])
}

/// The one game of a PDN text, replayed as `zaochka check` reads a `.pdn` file.
fn replay_one(text: &str) -> Result<games::CheckedGame, RecordError> {
    let games = games_of(text, false);
    assert_eq!(games.len(), 1);
    games::replay_file(&games, false).remove(0)
}

#[test]
fn a_real_international_collection_without_game_type_tags_is_read_as_international() {
    // NK 2009 round 12 (7 games, results 2-0 / 1-1 / 0-2) and the 40th Italian
    // championship of international draughts (45 games, results 1-0 / 0-1):
    // no GameType tag anywhere. Read as the default game (Russian checkers),
    // every game would fail with "there is no square 33 on this board".
    // Every move of both files is legal; `check` also judges the results, and game 1
    // of the Italian file states two (tests/it/records/check.rs), hence its 44.
    for (name, count, legal) in [
        ("090417ronde12.pdn", 7, 7),
        ("../archive/40Camp.DamaInternazionaleAssoluto.pdn", 45, 44),
    ] {
        let text = game_file(name);
        assert!(!text.contains("GameType"), "{name}");
        let games = games_of(&text, false);
        assert_eq!(games.len(), count, "{name}");
        for (i, checked) in games::replay_file(&games, false).into_iter().enumerate() {
            let checked = checked.unwrap_or_else(|e| panic!("{name} game {}: {e}", i + 1));
            assert_eq!(
                checked.variant,
                Variant::International,
                "{name} game {}",
                i + 1
            );
            assert!(
                checked.record.failure.is_none(),
                "{name} game {}: {:?}",
                i + 1,
                checked.record.failure
            );
            assert!(
                matches!(
                    checked.notes.first(),
                    Some(ReadingNote::InferredVariant {
                        variant: Variant::International,
                        ..
                    })
                ),
                "{name} game {}: {:?}",
                i + 1,
                checked.notes
            );
        }
        let run = run_in_repo(&["check", game_path(name).to_str().unwrap()]);
        assert!(
            run.ok == (count == legal)
                && run.stdout.ends_with(&format!(
                    "{count} {}: {legal} legal, {} with faults\n",
                    if count == 1 { "game" } else { "games" },
                    count - legal
                )),
            "{name}: {}{}",
            run.stdout,
            run.stderr
        );
    }
}

#[test]
fn squares_above_32_a_ten_by_ten_fen_and_two_point_results_each_show_international() {
    let cases = [
        // A square above 32 in the moves.
        (
            "[Result \"1-0\"]\n\n1. 33-28 17-22 2. 28x17 11x22 1-0\n",
            VariantClue::SquareAbove32,
        ),
        // A FEN with squares above 32; the moves stay below 33.
        (
            "[FEN \"W:W32,41:B8,14\"]\n[Result \"*\"]\n\n1. 32-28 14-19 *\n",
            VariantClue::TenByTenFen,
        ),
        // A 10x10 FEN written as ranges, as FMJD files do.
        (
            "[FEN \"W:W31-50:B1-20\"]\n[Result \"*\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n",
            VariantClue::TenByTenFen,
        ),
        // Only squares up to 32, but the 2-point result of FMJD events.
        (
            "[Result \"2-0\"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n",
            VariantClue::TwoPointResult,
        ),
    ];
    for (text, clue) in cases {
        let checked = replay_one(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(checked.variant, Variant::International, "{text}");
        assert!(
            checked.record.failure.is_none(),
            "{text}: {:?}",
            checked.record.failure
        );
        let note = ReadingNote::InferredVariant {
            variant: Variant::International,
            clue,
        };
        assert_eq!(checked.notes, vec![note.clone()], "{text}");
        assert!(
            zaochka::words::operator::reading_note(&note).starts_with("read as "),
            "{}",
            zaochka::words::operator::reading_note(&note)
        );
        let run = check_text("untagged.pdn", text);
        assert!(run.ok, "{text}: {}{}", run.stdout, run.stderr);
    }
    // A tagged game gets no note, and an untagged Russian game none either.
    let tagged = replay_one("[GameType \"20\"]\n\n1. 33-28 18-22 *\n").unwrap();
    assert!(tagged.notes.is_empty(), "{:?}", tagged.notes);
    let russian = replay_one("[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n").unwrap();
    assert_eq!(russian.variant, Variant::Russian);
    assert!(russian.notes.is_empty(), "{:?}", russian.notes);
}

#[test]
fn a_game_without_clues_follows_the_other_games_of_its_file() {
    // Game 2 names no square above 32 and has a 1-0 result: alone it reads as
    // Russian checkers and fails; in a file whose game 1 is international it is
    // international.
    let text = "[Result \"1-0\"]\n\n1. 33-28 18-22 1-0\n\n\
                [Result \"1-0\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-0\n";
    let games = games_of(text, false);
    let alone = games::replay_pdn(&games[1]).unwrap();
    assert_eq!(alone.variant, Variant::Russian);
    assert!(alone.record.failure.is_some());
    let file = games::replay_file(&games, false);
    let second = file[1].as_ref().unwrap();
    assert_eq!(second.variant, Variant::International);
    assert!(
        second.record.failure.is_none(),
        "{:?}",
        second.record.failure
    );
    assert_eq!(
        second.notes,
        vec![ReadingNote::InferredVariant {
            variant: Variant::International,
            clue: VariantClue::OtherGamesOfFile,
        }]
    );
}

#[test]
fn a_quiet_move_written_with_a_capture_sign_is_read_with_a_note() {
    // PROF2.pdn game 14 (Roozenburg – Springer) writes its quiet move 21. 38-33
    // as `38x33`: it failed with "the man on 38 cannot move to 33".
    let games = games_of(&game_file("PROF2.pdn"), false);
    let g = &games[13];
    assert_eq!(g.roster("White"), "P. Roozenburg");
    let checked = games::replay_pdn(g).unwrap();
    assert!(
        checked.record.failure.is_none(),
        "{:?}",
        checked.record.failure
    );
    let tolerated: Vec<&ReadingNote> = checked
        .notes
        .iter()
        .filter(|n| matches!(n, ReadingNote::SignTolerated { .. }))
        .collect();
    assert_eq!(
        tolerated,
        vec![&ReadingNote::SignTolerated {
            ply: 40,
            written: "38x33".into(),
            played: "38-33".into(),
        }]
    );
    assert_eq!(
        zaochka::words::operator::reading_note(tolerated[0]),
        "ply 41: \"38x33\" read as 38-33"
    );
    let run = run_in_repo(&["check", game_path("PROF2.pdn").to_str().unwrap()]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);

    // Russian: `c3:d4` for the quiet c3-d4, `c3-e5` for the capture c3:e5.
    let checked = replay_one("[Result \"*\"]\n\n1. c3:d4 f6-e5 2. d4-f6 g7:e5 *\n").unwrap();
    assert!(
        checked.record.failure.is_none(),
        "{:?}",
        checked.record.failure
    );
    assert_eq!(
        checked.notes,
        vec![
            ReadingNote::SignTolerated {
                ply: 0,
                written: "c3:d4".into(),
                played: "c3-d4".into(),
            },
            ReadingNote::SignTolerated {
                ply: 2,
                written: "d4-f6".into(),
                played: "d4:f6".into(),
            },
        ]
    );
}

#[test]
fn by_mail_a_capture_sign_on_the_only_quiet_move_is_understood() {
    // The referee plays moves through the same resolver: `c3:d4` is c3-d4.
    let z = common::cli::Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "c3:d4", "--as", "ivanov@example.org"]);
    let refused = z.refused(&["play", "1", "h6:f4", "--as", "petrov@example.org"]);
    assert!(refused.contains("written with a capture sign"), "{refused}");
    z.ok(&["play", "1", "d6-c5", "--as", "petrov@example.org"]);
    let shown = z.ok(&["game", "show", "1"]);
    assert!(
        shown.contains("c3-d4") && shown.contains("d6-c5"),
        "{shown}"
    );
    let mut game = games::new_game(Variant::Russian, None).unwrap();
    let played = game.play("c3:d4").unwrap();
    assert_eq!(played.full, "c3-d4");
    assert!(!played.capture);
    let mut game = games::new_game(Variant::International, None).unwrap();
    assert_eq!(game.play("32x28").unwrap().full, "32-28");
}

#[test]
fn a_capture_sign_that_names_no_move_is_named_in_the_reason() {
    let game = games::new_game(Variant::Russian, None).unwrap();
    let err = game.check("c3:e5").unwrap_err();
    assert_eq!(
        err.message(Language::En),
        "written with a capture sign, but the man on c3 can neither capture nor move to e5"
    );
    assert_eq!(
        err.message(Language::Ru),
        "ход записан со знаком взятия, но шашка с c3 не может ни бить, ни пойти на e5"
    );
    // Without the sign the reason stays as it was.
    assert_eq!(
        game.check("c3-e5").unwrap_err().message(Language::En),
        "the man on c3 cannot move to e5"
    );
}

#[test]
fn en_passant_marks_are_read_as_real_files_write_them() {
    for mark in [
        "exd6 e.p.",
        "exd6ep",
        "exd6 (e.p.)",
        "exd6 e.p.+",
        "exd6e.p.",
    ] {
        let text = format!(
            "[Event \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
             1. e4 Nf6 2. e5 d5 3. {mark} Nc6 *\n"
        );
        for (name, pgn) in [("ep.pgn", true), ("ep.pdn", false)] {
            let games = games_of(&text, pgn);
            let checked = games::replay_file(&games, pgn).remove(0).unwrap();
            assert_eq!(checked.variant, Variant::Chess, "{mark} in {name}");
            assert!(
                checked.record.failure.is_none(),
                "{mark} in {name}: {:?}",
                checked.record.failure
            );
            assert_eq!(checked.record.game.record_moves()[4], "exd6", "{mark}");
            let run = check_text(name, &text);
            assert!(run.ok, "{mark} in {name}: {}{}", run.stdout, run.stderr);
        }
    }
}

#[test]
fn a_pgn_without_player_tags_is_read_with_question_marks() {
    let text = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                [Event \"Casual\"]\n[White \"\"]\n[Black \"Petrov\"]\n[Result \"0-1\"]\n\n\
                1. f3 e5 2. g4 Qh4# 0-1\n";
    let games = games_of(text, true);
    assert_eq!(games.len(), 2);
    assert_eq!(
        (games[0].player(Color::White), games[0].player(Color::Black)),
        ("?", "?")
    );
    assert_eq!(games[0].roster("Site"), "?");
    assert_eq!(
        (games[1].player(Color::White), games[1].player(Color::Black)),
        ("?", "Petrov")
    );
    for checked in games::replay_file(&games, true) {
        assert!(checked.unwrap().record.failure.is_none());
    }
    let run = check_text("no-players.pgn", text);
    assert!(
        run.ok && run.stdout.ends_with("2 games: 2 legal, 0 with faults\n"),
        "{}{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn a_numeric_record_that_replays_in_both_numberings_is_ambiguous() {
    // Kings only: with square 1 on b8 (FMJD style) and with square 1 on a1 the
    // FEN and all four plies are legal, and they are different games.
    let text = "[FEN \"W:WK30:BK28,K14\"]\n[Result \"*\"]\n\n1. 30-16 14-21 2. 16-30 21-7 *\n";
    let err = replay_one(text).unwrap_err();
    let RecordError::AmbiguousNumbering(a) = &err else {
        panic!("expected an ambiguous numbering, got {err:?}");
    };
    assert_eq!((a.ply, a.move_number, a.side), (0, 1, Color::White));
    assert_eq!(a.written, "30-16");
    let numberings: Vec<Numbering> = a.readings.iter().map(|r| r.numbering).collect();
    assert_eq!(
        numberings,
        vec![Numbering::FromTopLeft, Numbering::FromBottomLeft]
    );
    assert_ne!(a.readings[0].full, a.readings[1].full);
    let said = err.to_string();
    for r in &a.readings {
        assert!(said.contains(&r.full), "{said}");
    }
    let run = check_text("both.pdn", text);
    assert!(!run.ok, "{}", run.stdout);
    assert!(
        run.stdout.contains("ambiguous square numbering"),
        "{}",
        run.stdout
    );
    // With a last ply legal in one numbering only, the record is read in that one.
    let one_way = "[FEN \"W:WK30:BK28,K14\"]\n[Result \"*\"]\n\n1. 30-16 14-21 2. 16-30 21-10 *\n";
    match replay_one(one_way) {
        Ok(c) => assert!(c.record.failure.is_none()),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_cp1251_or_koi8_r_file_keeps_its_cyrillic_names_and_says_which_charset() {
    // Both files hold the same two games, written by `iconv -t CP1251` and
    // `iconv -t KOI8-R` from UTF-8: real Russian archives are not UTF-8.
    for (file, charset) in [
        ("cyrillic-cp1251.pdn", "windows-1251"),
        ("cyrillic-koi8r.pdn", "KOI8-R"),
    ] {
        let path = format!("tests/data/archive/{file}");
        let r = run_in_repo(&["check", &path]);
        assert_eq!(r.code, 0, "{}", r.stdout);
        assert!(
            r.stdout.contains(&format!(
                "{path}: note: not UTF-8: read as {charset} (detected)"
            )) && r.stdout.contains("game 1 Иванов – Сидоров: OK")
                && r.stdout.contains("game 2 Петров – Сидоров: OK")
                && !r.stdout.contains('\u{FFFD}'),
            "{}",
            r.stdout
        );
    }
}

#[test]
fn a_failing_game_without_game_type_says_it_was_read_as_russian_and_what_to_add() {
    // `1. 32-28 19-23` failed at move 1 with no hint.
    let r = run_in_repo(&["check", "tests/data/archive/international-low-squares.pdn"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("ILLEGAL at move 1. \"32-28\"")
            && r.stdout.contains(
                "  note: read as Russian checkers by default (no GameType tag); \
                 it replays as international draughts: add [GameType \"20\"]"
            ),
        "{}",
        r.stdout
    );
    // A game that fails in both readings only hears of the tag.
    let r = check_text("bad.pdn", "[Result \"*\"]\n\n1. 32-29 *\n");
    assert!(
        r.stdout
            .contains("read as Russian checkers by default (no GameType tag); a GameType tag")
            && !r.stdout.contains("replays as international"),
        "{}",
        r.stdout
    );
}
