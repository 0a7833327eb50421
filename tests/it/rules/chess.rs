//! Chess rules through the one game interface (seed 003 art. 6, 10-12; FIDE
//! Laws art. 5, 9): castling, en passant and promotion played; the ends of the
//! game and every kind of draw, automatic and by claim; diagrams and board views.

use zaochka::games::{self, AnyGame, EndRule, MoveView};
use zaochka::rules::{Color, GameResult, Variant};
use zaochka::vocabulary::Language;
use zaochka::words::moves::{claimable, finish_rule};

fn game(fen: Option<&str>) -> Box<dyn AnyGame> {
    games::new_game(Variant::Chess, fen).expect("a legal FEN")
}

fn play(g: &mut Box<dyn AnyGame>, moves: &[&str]) {
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn claims(g: &dyn AnyGame) -> Vec<&'static str> {
    g.claimable_draws()
        .iter()
        .map(|c| c.kind.as_str())
        .collect()
}

fn ended(g: &dyn AnyGame) -> Option<(&'static str, GameResult)> {
    g.outcome().map(|f| {
        let name = match f.rule {
            EndRule::Checkmate => "checkmate",
            EndRule::Stalemate => "stalemate",
            EndRule::DeadPosition => "insufficient_material",
            EndRule::FivefoldRepetition => "fivefold",
            EndRule::SeventyFiveMoves => "seventy_five_moves",
            other => panic!("not a chess ending: {other:?}"),
        };
        (name, f.result)
    })
}

const KNIGHT_DANCE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

// ---------------------------------------------------------------------------
// Special moves.

#[test]
fn castling_moves_king_and_rook_together() {
    let mut g = game(Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    play(&mut g, &["O-O", "O-O-O"]);
    assert_eq!(g.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    assert_eq!(g.score(), ["O-O", "O-O-O"]);
    assert_eq!(
        g.last_move(),
        Some(MoveView {
            path: vec![(4, 7), (2, 7)],
            captured: vec![]
        })
    );
}

#[test]
fn en_passant_removes_the_pawn_that_passed() {
    let mut g = game(None);
    play(&mut g, &["e4", "a6", "e5", "d5", "exd6"]);
    assert_eq!(
        g.fen(),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    assert_eq!(
        g.last_move(),
        Some(MoveView {
            path: vec![(4, 4), (3, 5)],
            captured: vec![(3, 4)]
        })
    );
}

#[test]
fn promotion_puts_the_chosen_piece_on_the_last_rank() {
    let mut g = game(Some("1n5k/P7/8/8/8/8/8/4K3 w - - 0 1"));
    let m = g.play("axb8=N").unwrap();
    assert_eq!((m.full.as_str(), m.short.as_str()), ("a7xb8=N", "axb8=N"));
    assert!(m.capture);
    assert_eq!(g.fen(), "1N5k/8/8/8/8/8/8/4K3 b - - 0 1");
}

// ---------------------------------------------------------------------------
// Ends of the game.

#[test]
fn checkmate_ends_the_game_with_a_win() {
    let mut g = game(None);
    play(&mut g, &["f3", "e5", "g4", "Qh4"]);
    assert_eq!(ended(&*g), Some(("checkmate", GameResult::BlackWins)));
    assert!(g.legal_moves().is_empty());
    assert!(
        finish_rule(&g.outcome().unwrap(), Language::En).contains("FIDE Laws of Chess, art. 5.1.1")
    );
}

#[test]
fn stalemate_is_a_draw() {
    let mut g = game(Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"));
    play(&mut g, &["Qf7"]);
    assert_eq!(ended(&*g), Some(("stalemate", GameResult::Draw)));
    assert!(finish_rule(&g.outcome().unwrap(), Language::Ru).contains("пат"));
}

#[test]
fn a_dead_position_is_a_draw_at_once() {
    let mut g = game(Some("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"));
    play(&mut g, &["Kxe2"]);
    assert_eq!(
        ended(&*g),
        Some(("insufficient_material", GameResult::Draw))
    );
    let g = game(Some("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    assert_eq!(
        ended(&*g),
        Some(("insufficient_material", GameResult::Draw))
    );
    // Knight against knight can still be mated (a helpmate exists).
    let g = game(Some("4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1"));
    assert_eq!(ended(&*g), None);
}

#[test]
fn fivefold_repetition_ends_the_game_at_once() {
    let mut g = game(None);
    for _ in 0..3 {
        play(&mut g, &KNIGHT_DANCE);
    }
    assert_eq!(g.repetitions(), 4);
    assert_eq!(ended(&*g), None);
    play(&mut g, &KNIGHT_DANCE);
    assert_eq!(g.repetitions(), 5);
    assert_eq!(ended(&*g), Some(("fivefold", GameResult::Draw)));
}

#[test]
fn seventy_five_moves_without_capture_or_pawn_move_end_the_game() {
    let mut g = game(Some("3k4/8/8/8/8/8/4R3/4K3 w - - 149 100"));
    assert_eq!(ended(&*g), None);
    play(&mut g, &["Ra2"]);
    assert_eq!(ended(&*g), Some(("seventy_five_moves", GameResult::Draw)));
}

#[test]
fn checkmate_on_the_seventy_fifth_move_takes_precedence() {
    let mut g = game(Some("7k/8/6K1/8/8/8/8/R7 w - - 149 100"));
    play(&mut g, &["Ra8"]);
    assert_eq!(ended(&*g), Some(("checkmate", GameResult::WhiteWins)));
    assert!(claims(&*g).is_empty());
}

// ---------------------------------------------------------------------------
// Draws by claim.

#[test]
fn threefold_repetition_may_be_claimed_but_does_not_end_the_game() {
    let mut g = game(None);
    play(&mut g, &KNIGHT_DANCE);
    assert!(claims(&*g).is_empty());
    play(&mut g, &KNIGHT_DANCE);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(claims(&*g), ["repetition"]);
    assert_eq!(ended(&*g), None);
    assert!(claimable(&g.claimable_draws()[0], Language::En).contains("art. 9.2"));
}

#[test]
fn a_repetition_claim_with_the_written_move_is_checked_on_a_copy() {
    let mut g = game(None);
    play(&mut g, &KNIGHT_DANCE);
    play(&mut g, &["Nf3", "Nf6", "Ng1"]);
    // Black writes Ng8, which would make the third occurrence, and claims.
    assert!(claims(&*g).is_empty());
    let mut trial = g.clone_box();
    trial.play("Ng8").unwrap();
    assert_eq!(claims(&*trial), ["repetition"]);
    // The game itself is untouched.
    assert_eq!(g.plies(), 7);
    assert_eq!(g.turn(), Color::Black);
}

#[test]
fn the_fifty_move_rule_may_be_claimed_after_the_hundredth_ply() {
    let mut g = game(Some("3k4/8/8/8/8/8/4R3/4K3 w - - 98 80"));
    play(&mut g, &["Ra2"]);
    assert!(claims(&*g).is_empty());
    // With the move that completes the fifty, written and claimed.
    let mut trial = g.clone_box();
    trial.play("Kd7").unwrap();
    assert_eq!(claims(&*trial), ["fifty_moves"]);
    assert_eq!(ended(&*trial), None);
    assert!(claimable(&trial.claimable_draws()[0], Language::Ru).contains("50"));
}

#[test]
fn a_pawn_move_or_a_capture_restarts_the_fifty_move_count() {
    let g = game(Some("3k4/p7/8/8/8/8/4R3/4K3 b - - 99 80"));
    let mut trial = g.clone_box();
    trial.play("a6").unwrap();
    assert!(claims(&*trial).is_empty());
    let mut trial = g.clone_box();
    trial.play("Kd7").unwrap();
    assert_eq!(claims(&*trial), ["fifty_moves"]);
}

#[test]
fn lost_castling_rights_make_a_position_different() {
    // FIDE art. 9.2.3: the king goes out and back; the placement repeats but
    // the right to castle is gone, so it is a new position.
    let mut g = game(None);
    play(&mut g, &["e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8"]);
    assert_eq!(g.repetitions(), 1);
    play(&mut g, &["Ke2", "Ke7", "Ke1", "Ke8"]);
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn a_possible_en_passant_capture_makes_a_position_different() {
    let mut g = game(Some("4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1"));
    play(&mut g, &["d5"]);
    assert_eq!(g.repetitions(), 1);
    play(&mut g, &KNIGHT_DANCE);
    // Same pieces on the same squares, but exd6 is no longer possible.
    assert_eq!(g.repetitions(), 1);
    play(&mut g, &KNIGHT_DANCE);
    assert_eq!(g.repetitions(), 2);
}

// ---------------------------------------------------------------------------
// Views.

#[test]
fn the_board_view_has_all_sixty_four_squares_and_piece_letters() {
    let g = game(None);
    let v = g.board_view();
    assert_eq!(v.side, 8);
    assert!(!v.dark_squares_only);
    assert!(!v.numbered);
    assert_eq!(v.squares.len(), 32);
    let at = |f, r| {
        v.squares
            .iter()
            .find(|s| s.file == f && s.rank == r)
            .map(|s| s.pieces.clone())
    };
    assert_eq!(at(4, 0), Some(vec![(Color::White, 'K')]));
    assert_eq!(at(3, 7), Some(vec![(Color::Black, 'Q')]));
    assert_eq!(at(0, 6), Some(vec![(Color::Black, 'P')]));
    assert_eq!(at(4, 4), None);
    assert_eq!(v.turn, Color::White);
}

#[test]
fn the_diagram_has_coordinates_from_either_side() {
    let g = game(None);
    let white = zaochka::diagram::game_text(g.as_ref(), Color::White, &Default::default());
    assert!(
        white.contains("\n 8 │ ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜ │\n"),
        "{white}"
    );
    assert!(
        white.ends_with("     a  b  c  d  e  f  g  h\nWhite to move\n"),
        "{white}"
    );
    let black = zaochka::diagram::game_text(g.as_ref(), Color::Black, &Default::default());
    assert!(
        black.contains("\n 1 │ ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖ │\n"),
        "{black}"
    );
    assert!(black.contains("     h  g  f  e  d  c  b  a\n"), "{black}");
}

#[test]
fn fen_and_variant_are_those_of_chess() {
    let mut g = game(None);
    assert_eq!(g.variant(), Variant::Chess);
    assert_eq!(g.pdn_game_type(), None);
    assert_eq!(
        g.start_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    play(&mut g, &["e4"]);
    // The en passant square is written only when a capture is possible.
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert!(games::new_game(Variant::Chess, Some("not a fen")).is_err());
    assert!(games::new_game(Variant::Chess, Some("8/8/8/8/8/8/8/8 w - - 0 1")).is_err());
    assert_eq!(Variant::from_name("шахматы"), Some(Variant::Chess));
    assert_eq!(Variant::from_name("Chess"), Some(Variant::Chess));
    assert!(Variant::Chess.draughts().is_none());
}
