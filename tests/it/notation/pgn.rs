//! PGN: real chess games replayed legally, `zaochka check` on PGN files, the
//! PGN writer and the round trip write → read → replay.

use crate::common;

use common::records::{game_file as data, games_of, run_in_repo};
use zaochka::games::{self, AnyGame, MoveErrorKind};
use zaochka::notation::pdn::{PdnGame, read_games};
use zaochka::rules::{Color, Variant};

fn read_pgn(text: &str) -> Vec<PdnGame> {
    games_of(text, true)
}

fn zaochka(args: &[&str]) -> (bool, String) {
    let run = run_in_repo(args);
    (run.ok, run.stdout)
}

#[test]
fn sixty_nine_real_chess_games_replay_legally() {
    let games = read_pgn(&data("fischer-petrosian.pgn"));
    assert_eq!(games.len(), 69);
    for (i, g) in games.iter().enumerate() {
        let checked = games::replay_pgn(g).unwrap();
        assert_eq!(checked.variant, Variant::Chess);
        assert!(
            checked.record.failure.is_none(),
            "game {}: {:?}",
            i + 1,
            checked.record.failure
        );
        assert_eq!(checked.record.game.plies(), g.plies.len(), "game {}", i + 1);
    }
}

#[test]
fn zaochka_check_reports_every_real_chess_game_legal() {
    let (ok, out) = zaochka(&["check", "tests/data/games/fischer-petrosian.pgn"]);
    assert!(ok, "{out}");
    assert!(
        out.ends_with("69 games: 69 legal, 0 with faults\n"),
        "{out}"
    );
    assert!(out.contains("Fischer, Robert J. – Kampars, N.: OK, 73 plies (1/2-1/2)"));
}

#[test]
fn zaochka_check_reports_the_first_illegal_chess_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.PGN");
    std::fs::write(
        &path,
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. Ke2 *\n",
    )
    .unwrap();
    let (ok, out) = zaochka(&["check", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        out.contains("ILLEGAL at move 6. \"Ke2\": a king moves one square"),
        "{out}"
    );
    assert!(out.contains("1 game: 0 legal, 1 with faults"), "{out}");
}

#[test]
fn castling_with_zeros_in_pgn_is_a_move_not_a_result() {
    let text = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Bc5 5. d3 0-0 1/2-1/2\n";
    let games = read_pgn(text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
    let checked = games::replay_pgn(&games[0]).unwrap();
    assert!(checked.record.failure.is_none());
    assert_eq!(checked.record.game.score()[6], "O-O");
    // In PDN, `0-0` is the double forfeit and ends the game.
    let pdn: Vec<_> = read_games(text).collect();
    assert_eq!(pdn.len(), 2);
}

#[test]
fn a_pdn_game_without_game_type_but_with_san_moves_is_chess() {
    let text = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let g = read_games(text).next().unwrap().unwrap();
    assert_eq!(games::variant_of(&g), Ok(Variant::Chess));
    let russian = read_games("1. c3-d4 f6-g5 *").next().unwrap().unwrap();
    assert_eq!(games::variant_of(&russian), Ok(Variant::Russian));
    let tagged = read_games("[GameType \"chess\"]\n1. e2-e4 e7-e5 *")
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(games::variant_of(&tagged), Ok(Variant::Chess));
    assert!(games::looks_like_chess("Nf3"));
    assert!(games::looks_like_chess("d4"));
    assert!(!games::looks_like_chess("cd4"));
    assert!(!games::looks_like_chess("c3-d4"));
}

#[test]
fn an_ambiguous_move_in_a_record_lists_the_candidates() {
    let text = "[FEN \"3k4/8/8/8/8/8/R6R/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Re2 *\n";
    let g = &read_pgn(text)[0];
    let checked = games::replay_pgn(g).unwrap();
    let f = checked.record.failure.expect("a failure");
    assert_eq!((f.ply, f.move_number, f.side), (0, 1, Color::White));
    assert_eq!(
        f.error.kind,
        MoveErrorKind::AmbiguousChess(vec!["Rae2".into(), "Rhe2".into()])
    );
}

fn tags() -> Vec<(String, String)> {
    [
        ("Event", "Заочный турнир"),
        ("White", "Иванов"),
        ("Black", "Petrov"),
        ("Result", "1-0"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect()
}

/// Writes a game as PGN, reads it back and replays it.
fn round_trip(g: &dyn AnyGame) -> Box<dyn AnyGame> {
    let text = games::write_record(g, &tags(), "1-0");
    let games = read_pgn(&text);
    assert_eq!(games.len(), 1, "{text}");
    assert_eq!(games[0].tag("White"), Some("Иванов"));
    let checked = games::replay_pgn(&games[0]).unwrap();
    assert!(checked.record.failure.is_none(), "{text}");
    checked.record.game
}

#[test]
fn pgn_writer_gives_tags_and_san_movetext() {
    let mut g = games::new_game(Variant::Chess, None).unwrap();
    for m in ["e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5", "a7-a6"] {
        g.play(m).unwrap();
    }
    assert_eq!(
        games::write_record(&*g, &tags(), "*"),
        "[Event \"Заочный турнир\"]\n[White \"Иванов\"]\n[Black \"Petrov\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
    );
}

#[test]
fn real_games_survive_pgn_write_then_read() {
    for g in read_pgn(&data("fischer-petrosian.pgn")).iter().take(20) {
        let game = games::replay_pgn(g).unwrap().record.game;
        let back = round_trip(&*game);
        assert_eq!(back.score(), game.score());
        assert_eq!(back.fen(), game.fen());
    }
}

#[test]
fn a_game_from_a_fen_with_black_to_move_survives_pgn_write_then_read() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 17";
    let mut g = games::new_game(Variant::Chess, Some(fen)).unwrap();
    for m in ["O-O-O", "O-O", "Rd2", "Rf7"] {
        g.play(m).unwrap();
    }
    let text = games::write_record(&*g, &[], "*");
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 17\"]"));
    assert!(text.contains("17... O-O-O 18. O-O Rd2 19. Rf7"), "{text}");
    let back = round_trip(&*g);
    assert_eq!(back.start_fen(), fen);
    assert_eq!(back.fen(), g.fen());
}
