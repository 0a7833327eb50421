//! Nothing panics on any input: random text fed to the move reader, the resolver
//! and the FEN reader.

use proptest::prelude::*;
use zaochka::notation::{Naming, fen, parse_line, parse_move};
use zaochka::rules::{Position, Variant};

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
    fn the_fen_reader_never_panics(text in "[WBK:,0-9a-j\\-. ]{0,40}") {
        for v in Variant::ALL {
            let _ = fen::read_default(v, &text);
        }
    }
}
