//! Column checkers: random text never panics the readers (tower FEN, compositions,
//! moves resolved against tower positions), and every legal move of positions met
//! in random play reads back from its full and its short text (STYLE.md: the
//! round trip `parse(render(m)) == m`), as every FEN does.

use proptest::prelude::*;
use zaochka::games::{self, AnyGame};
use zaochka::notation::{Naming, composition, parse_move, tower_fen};
use zaochka::rules::towers::TowerPosition;
use zaochka::rules::{Color, Variant};

const TOWERS: [Variant; 2] = [Variant::Bashni, Variant::Lasca];

fn positions() -> Vec<TowerPosition> {
    [
        (
            Variant::Bashni,
            "W:Wc1(1/0000),d6(000000),f4(0000):Ba1(110101/1),b2(00)",
        ),
        (Variant::Bashni, "W:Wc3:Bd4(00),d6,b6,b4,h8"),
        (Variant::Lasca, "W:WKc3:Bd4(00),d6,b6,b4,g7"),
        (Variant::Lasca, "W:W1-11:B15-25"),
    ]
    .into_iter()
    .filter_map(|(v, f)| tower_fen::read(v, f).ok())
    .collect()
}

/// Plays `plies` moves chosen by a simple generator from `seed`.
fn random_game(variant: Variant, seed: u64, plies: usize) -> Option<Box<dyn AnyGame>> {
    let mut g = games::new_game(variant, None).ok()?;
    let mut x = seed | 1;
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let pick = moves[(x % moves.len() as u64) as usize].clone();
        g.play(&pick).ok()?;
    }
    Some(g)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_tower_fen_reader_never_panics(text in "[WBK:,0-9a-hOo()/\\-. ]{0,48}") {
        for v in TOWERS {
            let _ = tower_fen::read(v, &text);
            let _ = games::new_game(v, Some(&text));
        }
    }

    #[test]
    fn any_text_to_the_tower_fen_reader_never_panics(text in "\\PC{0,40}") {
        for v in TOWERS {
            let _ = tower_fen::read(v, &text);
        }
    }

    #[test]
    fn the_composition_reader_never_panics(text in "[01Oo/О ]{0,30}|\\PC{0,12}") {
        for c in [Color::White, Color::Black] {
            if let Ok(t) = composition::read(&text, c) {
                prop_assert_eq!(composition::read(&composition::write(t), c), Ok(t));
            }
        }
    }

    #[test]
    fn tower_moves_from_random_text_never_panic(text in "[0-9a-hx:\\-–.DД ]{0,24}") {
        if let Ok(w) = parse_move(&text) {
            for p in positions() {
                let _ = w.resolve(&p, Naming::of(&p));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn every_legal_move_reads_back_from_its_full_and_short_text(seed in any::<u64>(), plies in 0usize..60) {
        for v in TOWERS {
            let Some(g) = random_game(v, seed, plies) else { continue };
            let fen = g.fen();
            let again = games::new_game(v, Some(&fen)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(again.fen(), fen.clone());
            for full in g.legal_moves() {
                let played = g.check(&full).map_err(|e| TestCaseError::fail(format!("{fen} {full}: {e}")))?;
                prop_assert_eq!(&played.full, &full);
                let short = g.check(&played.short).map_err(|e| TestCaseError::fail(format!("{fen} {}: {e}", played.short)))?;
                prop_assert_eq!(&short.full, &full, "{} short {}", fen, played.short);
            }
        }
    }
}
