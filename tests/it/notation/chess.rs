//! Chess moves as players write them (seed 003 art. 5-6; RULES.md §6): every
//! accepted form, the canonical writers, and what a player is told when a move
//! is illegal or ambiguous.

use zaochka::games::{self, AnyGame, MoveErrorKind};
use zaochka::rules::{Color, Variant};
use zaochka::vocabulary::Language;

const INITIAL: &str = "";

fn game(fen: &str) -> Box<dyn AnyGame> {
    let fen = (!fen.is_empty()).then_some(fen);
    games::new_game(Variant::Chess, fen).expect("a legal FEN")
}

/// The game after the moves (each must be legal).
fn after(moves: &[&str]) -> Box<dyn AnyGame> {
    let mut g = game(INITIAL);
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// The move written, in canonical full notation.
fn full(g: &dyn AnyGame, text: &str) -> String {
    g.check(text).unwrap_or_else(|e| panic!("{text}: {e}")).full
}

fn reason(g: &dyn AnyGame, text: &str, lang: Language) -> String {
    match g.check(text) {
        Err(e) if matches!(e.kind, MoveErrorKind::Illegal { .. }) => e.message(lang),
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

fn candidates(g: &dyn AnyGame, text: &str) -> Vec<String> {
    match g.check(text) {
        Err(e) => match e.kind {
            MoveErrorKind::AmbiguousChess(list) => list,
            other => panic!("{text}: expected ambiguous, got {other:?}"),
        },
        Ok(m) => panic!("{text}: expected ambiguous, got {m:?}"),
    }
}

// ---------------------------------------------------------------------------
// Forms of writing.

#[test]
fn san_names_pawn_and_piece_moves() {
    let g = game(INITIAL);
    assert_eq!(full(&*g, "e4"), "e2-e4");
    assert_eq!(full(&*g, "Nf3"), "Ng1-f3");
    assert_eq!(full(&*g, "Nc3"), "Nb1-c3");
}

#[test]
fn san_captures_name_the_pawn_file() {
    let g = after(&["e4", "d5"]);
    assert_eq!(full(&*g, "exd5"), "e4xd5");
    assert_eq!(full(&*g, "ed5"), "e4xd5");
}

#[test]
fn long_algebraic_with_and_without_the_piece_letter() {
    let g = game(INITIAL);
    assert_eq!(full(&*g, "e2-e4"), "e2-e4");
    assert_eq!(full(&*g, "Ng1-f3"), "Ng1-f3");
    assert_eq!(full(&*g, "g1-f3"), "Ng1-f3");
}

#[test]
fn long_algebraic_captures_with_colon_or_x() {
    let g = game("7k/8/3p4/8/8/8/4Q3/4K3 w - - 0 1");
    assert_eq!(full(&*g, "Qe2-e6"), "Qe2-e6");
    let g = game("7k/4Q3/3p4/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(full(&*g, "Qe7:d6"), "Qe7xd6");
    assert_eq!(full(&*g, "Qe7xd6"), "Qe7xd6");
    assert_eq!(full(&*g, "e7:d6"), "Qe7xd6");
    assert_eq!(full(&*g, "e7xd6"), "Qe7xd6");
    assert_eq!(full(&*g, "Qe7–d6"), "Qe7xd6");
}

#[test]
fn uci_moves_and_promotions() {
    let g = game(INITIAL);
    assert_eq!(full(&*g, "e2e4"), "e2-e4");
    assert_eq!(full(&*g, "g1f3"), "Ng1-f3");
    let g = game("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(full(&*g, "e7e8q"), "e7-e8=Q");
    assert_eq!(full(&*g, "e7e8n"), "e7-e8=N");
}

#[test]
fn promotion_is_written_with_or_without_equals_sign() {
    let g = game("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for text in ["e8=Q", "e8Q", "e8/Q", "e8(Q)", "e7-e8=Q", "e7-e8Q"] {
        assert_eq!(full(&*g, text), "e7-e8=Q", "{text}");
    }
    assert_eq!(full(&*g, "e8=R"), "e7-e8=R");
    assert_eq!(g.check("e8=N").unwrap().short, "e8=N");
}

#[test]
fn castling_with_letters_zeros_cyrillic_or_the_king_move() {
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in [
        "O-O",
        "0-0",
        "o-o",
        "О-О",
        "OO",
        "Ke1-g1",
        "e1g1",
        "Кр e1-g1",
    ] {
        assert_eq!(full(&*g, text), "O-O", "{text}");
    }
    for text in ["O-O-O", "0-0-0", "о-о-о", "Ke1-c1", "e1c1"] {
        assert_eq!(full(&*g, text), "O-O-O", "{text}");
    }
}

#[test]
fn russian_piece_letters_name_the_pieces() {
    let g = game("4k3/8/8/3p4/2B5/8/8/R3K1N1 w Q - 0 1");
    assert_eq!(full(&*g, "Кр e1-f1"), "Ke1-f1");
    assert_eq!(full(&*g, "Крf2"), "Ke1-f2");
    assert_eq!(full(&*g, "Сc4:d5"), "Bc4xd5");
    assert_eq!(full(&*g, "Лa1-a7"), "Ra1-a7");
    assert_eq!(full(&*g, "Кg1-f3"), "Ng1-f3");
    assert_eq!(full(&*g, "Кf3"), "Ng1-f3");
    let g = game("7k/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(full(&*g, "Фd1-d7"), "Qd1-d7");
    assert_eq!(full(&*g, "Фd7"), "Qd1-d7");
}

#[test]
fn russian_promotion_letters_with_or_without_equals_sign() {
    let g = game("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(full(&*g, "e8Ф"), "e7-e8=Q");
    assert_eq!(full(&*g, "e8=Ф"), "e7-e8=Q");
    assert_eq!(full(&*g, "e7-e8Л"), "e7-e8=R");
    assert_eq!(full(&*g, "e8С"), "e7-e8=B");
    assert_eq!(full(&*g, "e8К"), "e7-e8=N");
}

#[test]
fn latin_keyboard_forms_of_russian_letters_are_read() {
    let g = game("4k3/8/8/3p4/2B5/8/8/4K3 w - - 0 1");
    assert_eq!(full(&*g, "Kpe1-f1"), "Ke1-f1");
    assert_eq!(full(&*g, "Cc4:d5"), "Bc4xd5");
}

#[test]
fn check_and_mate_signs_and_annotations_are_ignored() {
    let g = game(INITIAL);
    for text in ["e4+", "e4#", "e4++", "e4!", "e4?!", "e4!!", "e4!?", "e4 ?"] {
        assert_eq!(full(&*g, text), "e2-e4", "{text}");
    }
}

#[test]
fn the_russian_mate_sign_x_after_a_move_is_ignored() {
    // Scholar's mate: Qxf7 is mate, written "Фh5:f7х" in Russian books.
    let g = after(&["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    assert_eq!(full(&*g, "Фh5:f7х"), "Qh5xf7#");
    assert_eq!(full(&*g, "Qxf7x"), "Qh5xf7#");
    assert_eq!(full(&*g, "Qxf7×"), "Qh5xf7#");
    assert_eq!(g.check("Qxf7#").unwrap().short, "Qxf7#");
}

#[test]
fn daggers_and_the_soviet_mate_sign_after_a_capture_are_ignored() {
    let g = game("6k1/8/8/8/8/8/8/4K2Q w - - 0 1");
    for text in ["Фh7†", "Qh7‡", "Qh7 †", "Qh7++"] {
        assert_eq!(full(&*g, text), "Qh1-h7+", "{text}");
    }
    let g = game("6k1/8/8/8/8/6bq/5PPP/6K1 b - - 0 1");
    for text in ["Ф:h2Х", "Фh3:h2х", "Q:h2X"] {
        assert_eq!(full(&*g, text), "Qh3xh2+", "{text}");
    }
}

#[test]
fn a_pawn_may_be_written_with_the_russian_letter_p() {
    let g = game(INITIAL);
    for text in ["пe4", "пе4", "пe2-e4", "Пe4"] {
        assert_eq!(full(&*g, text), "e2-e4", "{text}");
    }
    let g = after(&["e4", "d5"]);
    assert_eq!(full(&*g, "пe:d5"), "e4xd5");
}

#[test]
fn the_king_may_be_written_kr_with_a_full_stop() {
    let g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(full(&*g, "Кр.e1-f1"), "Ke1-f1");
    assert_eq!(full(&*g, "Кр. f2"), "Ke1-f2");
    let g = game("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
    assert_eq!(full(&*g, "Кр:e2"), "Ke1xe2");
}

#[test]
fn move_numbers_before_the_move_are_skipped() {
    let g = game(INITIAL);
    for text in ["1. e4", "1.e4", "1... e4", "1…e4", "12. ... e4"] {
        assert_eq!(full(&*g, text), "e2-e4", "{text}");
    }
}

#[test]
fn cyrillic_look_alike_letters_in_squares_are_read_as_latin() {
    let g = game(INITIAL);
    // Cyrillic а, с, е.
    assert_eq!(full(&*g, "е2-е4"), "e2-e4");
    assert_eq!(full(&*g, "с4"), "c2-c4");
    assert_eq!(full(&*g, "а3"), "a2-a3");
    assert_eq!(full(&*g, "Кb1-с3"), "Nb1-c3");
}

#[test]
fn dashes_of_every_kind_and_spaces_inside_the_move_are_read() {
    let g = game(INITIAL);
    for text in ["e2–e4", "e2—e4", "e2−e4", "e2 - e4", " e2-e4 ", "e2 e4"] {
        assert_eq!(full(&*g, text), "e2-e4", "{text:?}");
    }
}

#[test]
fn rank_one_may_be_written_as_letter_l() {
    let g = game(INITIAL);
    assert_eq!(full(&*g, "Ngl-f3"), "Ng1-f3");
}

#[test]
fn disambiguation_by_file_or_rank_or_square() {
    let g = game("3k4/8/8/8/8/8/R6R/4K3 w - - 0 1");
    assert_eq!(full(&*g, "Rae2"), "Ra2-e2");
    assert_eq!(full(&*g, "Rhe2"), "Rh2-e2");
    let g = game("7k/R7/8/8/8/8/R7/4K3 w - - 0 1");
    assert_eq!(full(&*g, "R2a5"), "Ra2-a5");
    assert_eq!(full(&*g, "R7a5"), "Ra7-a5");
    assert_eq!(g.check("R2a5").unwrap().short, "R2a5");
}

#[test]
fn en_passant_is_read_in_every_form_and_written_as_a_capture() {
    let g = after(&["e4", "a6", "e5", "d5"]);
    for text in [
        "exd6",
        "exd6 e.p.",
        "exd6ep",
        "exd6e.p.",
        "exd6 в.п.",
        "exd6 е.п.",
        "exd6вп",
        "e5xd6",
        "e5:d6",
        "e5d6",
        "ed6",
    ] {
        assert_eq!(full(&*g, text), "e5xd6", "{text}");
    }
    assert_eq!(g.check("exd6").unwrap().short, "exd6");
    assert!(g.check("exd6").unwrap().capture);
}

#[test]
fn a_capture_sign_that_does_not_fit_is_tolerated_when_the_move_is_clear() {
    let g = game(INITIAL);
    assert_eq!(full(&*g, "e2xe4"), "e2-e4");
    assert_eq!(full(&*g, "Nxf3"), "Ng1-f3");
}

#[test]
fn the_writers_give_long_algebraic_and_san_with_check_signs() {
    let mut g = after(&["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    let m = g.play("Qxf7").unwrap();
    assert_eq!((m.full.as_str(), m.short.as_str()), ("Qh5xf7#", "Qxf7#"));
    assert_eq!(
        g.score(),
        [
            "e2-e4", "e7-e5", "Bf1-c4", "Nb8-c6", "Qd1-h5", "Ng8-f6", "Qh5xf7#"
        ]
    );
    assert_eq!(
        g.record_moves(),
        ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    );
}

#[test]
fn every_legal_move_reads_back_from_its_full_and_short_forms() {
    let fens = [
        "",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        let g = game(fen);
        for m in g.legal_moves() {
            let played = g.check(&m).unwrap();
            assert_eq!(played.full, m, "{fen}");
            let back = g.check(&played.short).unwrap();
            assert_eq!(back.full, m, "{fen}: {}", played.short);
        }
    }
}

// ---------------------------------------------------------------------------
// Unreadable, illegal and ambiguous moves.

#[test]
fn unreadable_text_says_what_is_wrong() {
    let g = game(INITIAL);
    for text in ["", "Nf", "hello", "e9", "O-O-O-O", "e4$"] {
        let e = g.check(text).unwrap_err();
        assert!(
            matches!(e.kind, MoveErrorKind::Unreadable { .. }),
            "{text}: {e:?}"
        );
        assert!(
            e.message(Language::Ru)
                .starts_with("не удалось прочитать ход")
        );
    }
}

#[test]
fn a_move_from_an_empty_square_says_there_is_no_piece_of_yours() {
    let g = game(INITIAL);
    assert_eq!(
        reason(&*g, "e5-e6", Language::En),
        "there is no piece of yours on e5"
    );
    assert_eq!(reason(&*g, "e5-e6", Language::Ru), "на e5 нет вашей фигуры");
    assert_eq!(
        reason(&*g, "e7-e5", Language::En),
        "there is no piece of yours on e7 (the piece there is your opponent's)"
    );
}

#[test]
fn a_wrong_piece_letter_names_the_piece_that_stands_there() {
    let g = game(INITIAL);
    assert_eq!(
        reason(&*g, "Bg1-f3", Language::En),
        "there is no bishop of yours on g1 (a knight stands there)"
    );
    assert_eq!(
        reason(&*g, "Сg1-f3", Language::Ru),
        "на g1 нет вашего слона (там стоит конь)"
    );
}

#[test]
fn a_piece_that_cannot_move_so_is_told_how_it_moves() {
    let g = game(INITIAL);
    assert_eq!(
        reason(&*g, "Ng1-g3", Language::En),
        "a knight moves two squares one way and one square to the side (an L)"
    );
    assert_eq!(
        reason(&*g, "e2-e5", Language::En),
        "a pawn advances one square (two from its initial square)"
    );
    assert_eq!(
        reason(&*g, "Bf1-b5", Language::En),
        "the way of the bishop from f1 to b5 is blocked on e2"
    );
    assert_eq!(
        reason(&*g, "Bf1-b5", Language::Ru),
        "путь (слон) с f1 на b5 прегражден на e2"
    );
    assert_eq!(
        reason(&*g, "Ra1-a2", Language::En),
        "a2 is occupied by your own piece"
    );
}

#[test]
fn a_pawn_push_written_for_a_capture_suggests_the_capture() {
    let g = after(&["e4", "d5"]);
    assert_eq!(
        reason(&*g, "d5", Language::En),
        "a pawn captures diagonally and the capture names its file: write exd5"
    );
}

#[test]
fn no_piece_of_that_kind_can_reach_the_square() {
    let g = game(INITIAL);
    assert_eq!(
        reason(&*g, "Nd4", Language::En),
        "no knight of yours can move to d4"
    );
    assert_eq!(
        reason(&*g, "Nd4", Language::Ru),
        "ни один ваш конь не может пойти на d4"
    );
    assert_eq!(
        reason(&*g, "Qh5", Language::En),
        "the way of the queen from d1 to h5 is blocked on e2"
    );
    let g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(reason(&*g, "Nf3", Language::En), "you have no knight");
    assert_eq!(reason(&*g, "Nf3", Language::Ru), "у вас нет коня");
}

#[test]
fn a_pinned_piece_says_the_king_would_be_in_check() {
    // The knight on d2 shields the king on e1 from the bishop on b4.
    let g = game("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    assert_eq!(
        reason(&*g, "Nf3", Language::En),
        "the king would be in check: the knight on d2 is pinned"
    );
    assert_eq!(
        reason(&*g, "Nf3", Language::Ru),
        "король оказался бы под шахом: ваш конь на d2 связан"
    );
}

#[test]
fn a_king_may_not_step_into_check() {
    let g = game("4k3/8/8/8/8/8/5r2/4K3 w - - 0 1");
    assert_eq!(
        reason(&*g, "Kd2", Language::En),
        "the king would be in check on d2"
    );
    assert_eq!(
        reason(&*g, "Kd2", Language::Ru),
        "король оказался бы под шахом на d2"
    );
}

#[test]
fn a_move_that_ignores_a_check_is_refused() {
    let g = game("4k3/8/8/8/8/8/8/r3K2N w - - 0 1");
    assert_eq!(
        reason(&*g, "Nf2", Language::En),
        "the king would be in check: this move does not parry the check"
    );
}

#[test]
fn castling_after_the_king_has_moved_is_refused_with_the_reason() {
    let g = after(&[
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Ke2", "d6", "Ke1", "Be6",
    ]);
    assert_eq!(
        reason(&*g, "O-O", Language::En),
        "castling is not allowed: the king has moved"
    );
    assert_eq!(
        reason(&*g, "0-0", Language::Ru),
        "рокировка (короткая) невозможна: король уже ходил"
    );
}

#[test]
fn castling_after_the_rook_has_moved_is_refused_with_the_reason() {
    let g = after(&[
        "h4", "h5", "Rh3", "a6", "Rh1", "a5", "Nf3", "a4", "e3", "a3", "Be2", "b6",
    ]);
    assert_eq!(
        reason(&*g, "O-O", Language::En),
        "castling is not allowed: the rook on the king side has moved"
    );
}

#[test]
fn castling_through_pieces_in_check_or_across_attack_is_refused() {
    let g = game(INITIAL);
    assert_eq!(
        reason(&*g, "O-O", Language::En),
        "castling is not allowed: f1 between the king and the rook is not empty"
    );
    let g = game("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1");
    assert_eq!(
        reason(&*g, "O-O-O", Language::En),
        "castling is not allowed: the king is in check"
    );
    let g = game("3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(
        reason(&*g, "O-O-O", Language::En),
        "castling is not allowed: the king would cross d1, which is attacked"
    );
    let g = game("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(
        reason(&*g, "O-O-O", Language::En),
        "castling is not allowed: the king would be in check on c1"
    );
    let g = game("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(
        reason(&*g, "O-O", Language::En)
            .starts_with("castling is not allowed: the right to castle")
    );
}

#[test]
fn en_passant_is_allowed_only_right_after_the_double_step() {
    let g = after(&["e4", "a6", "e5", "d5", "Nf3", "h6"]);
    assert_eq!(
        reason(&*g, "exd6", Language::En),
        "the pawn on d5 can be taken en passant only right after it has advanced two squares"
    );
}

#[test]
fn promotion_mistakes_are_explained() {
    let g = game("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(
        reason(&*g, "e8=K", Language::En),
        "a pawn is promoted to a queen, rook, bishop or knight"
    );
    let g = game(INITIAL);
    assert_eq!(
        reason(&*g, "e4=Q", Language::En),
        "only a pawn reaching the last rank is promoted"
    );
}

#[test]
fn a_promotion_without_the_piece_lists_the_four_choices() {
    let g = game("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(candidates(&*g, "e8"), ["e8=B", "e8=N", "e8=Q", "e8=R"]);
    assert_eq!(candidates(&*g, "e7e8"), ["e8=B", "e8=N", "e8=Q", "e8=R"]);
}

#[test]
fn an_ambiguous_move_lists_the_candidates_in_san() {
    let g = game("3k4/8/8/8/8/8/R6R/4K3 w - - 0 1");
    assert_eq!(candidates(&*g, "Re2"), ["Rae2", "Rhe2"]);
    let e = g.check("Re2").unwrap_err();
    assert_eq!(
        e.message(Language::En),
        "the move is ambiguous; write one of: Rae2, Rhe2"
    );
    let g = game("4k3/8/8/8/2N3N1/8/8/4K3 w - - 0 1");
    assert_eq!(candidates(&*g, "Ne3"), ["Nce3", "Nge3"]);
}

#[test]
fn an_illegal_move_leaves_the_game_unchanged() {
    let mut g = game(INITIAL);
    let fen = g.fen();
    assert!(g.play("e5").is_err());
    assert_eq!(g.fen(), fen);
    assert_eq!(g.plies(), 0);
    assert_eq!(g.turn(), Color::White);
}
