//! Nothing panics on any input: random text fed to the move readers (draughts
//! and chess), the resolvers and the FEN readers.

use proptest::prelude::*;
use zaochka::games::{self, AnyGame};
use zaochka::notation::chess_move::parse_chess_move;
use zaochka::notation::{Naming, fen, parse_line, parse_move};
use zaochka::rules::{Position, Variant};

/// Chess positions with castling, en passant, promotion, check and pins.
fn chess_games() -> Vec<Box<dyn AnyGame>> {
    [
        None,
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
        Some("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
        Some("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"),
    ]
    .into_iter()
    .map(|f| games::new_game(Variant::Chess, f).unwrap())
    .collect()
}

fn try_chess(text: &str) {
    let _ = parse_chess_move(text);
    for g in chess_games() {
        if let Err(e) = g.check(text) {
            let _ = e.message(zaochka::vocabulary::Language::Ru);
        }
    }
}

fn positions() -> Vec<Position> {
    vec![
        Position::initial(Variant::Russian),
        fen::read_default(Variant::Russian, "W:Wh6,Kc1:Bg7,c5,d2,Kf8").unwrap(),
        Position::initial(Variant::International),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_move_reader_never_panics(text in "\\PC{0,24}") {
        if let Ok(m) = parse_move(&text) {
            for p in positions() {
                let _ = m.resolve(&p, Naming::of(&p));
            }
        }
        let _ = parse_line(&text);
    }

    #[test]
    fn move_like_text_never_panics(text in "[0-9a-jA-Jlx:\\-–.!?DДсеа| ]{0,20}") {
        if let Ok(m) = parse_move(&text) {
            for p in positions() {
                let _ = m.resolve(&p, Naming::of(&p));
            }
        }
        let _ = parse_line(&text);
    }

    #[test]
    fn the_chess_move_reader_never_panics(text in "\\PC{0,24}") {
        try_chess(&text);
    }

    #[test]
    fn chess_move_like_text_never_panics(
        text in "[0-9a-hKQRBNPOo=xX:\\-–+#!?().…/ КрФЛСкфлсеахпlI|]{0,16}"
    ) {
        try_chess(&text);
    }

    #[test]
    fn the_chess_fen_reader_never_panics(text in "[rnbqkpRNBQKP1-8/ wbKQkq\\-a-h0-9]{0,60}") {
        let _ = games::new_game(Variant::Chess, Some(&text));
    }

    #[test]
    fn the_fen_reader_never_panics(text in "[WBK:,0-9a-j\\-. ]{0,40}") {
        for v in Variant::ALL {
            let _ = fen::read_default(v, &text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// STYLE.md round trip: in positions of random games, every legal move
    /// reads back from its full and its short (SAN) form.
    #[test]
    fn chess_moves_read_back_from_their_written_forms_in_random_games(
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..60)
    ) {
        let mut g = games::new_game(Variant::Chess, None).unwrap();
        for pick in picks {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let played = g.check(m).unwrap();
                prop_assert_eq!(&played.full, m);
                prop_assert_eq!(&g.check(&played.short).unwrap().full, m);
            }
            let m = pick.get(&moves).clone();
            g.play(&m).unwrap();
        }
    }
}
