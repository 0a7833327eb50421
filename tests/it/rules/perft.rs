//! One harness for every `tests/data/*.perft` file (as shakmaty's tests/it/rules/perft.rs):
//! `id <name>`, `epd <FEN>`, then `perft <depth> <nodes>` lines. Every game goes
//! through the registry (`games::new_game(variant, Some(fen))?.perft(depth)`);
//! the draughts files are also counted on the rules core's `Position` directly.

use zaochka::games;
use zaochka::notation::fen;
use zaochka::rules::{DiagonalPosition, Variant};

/// Checks every count of a `.perft` text through [`games::new_game`]; returns
/// how many counts were checked.
fn run_game(variant: Variant, text: &str) -> usize {
    let mut game = None;
    let mut id = String::new();
    let mut checked = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "id" => id = rest.to_string(),
            "epd" => game = Some(games::new_game(variant, Some(rest)).unwrap()),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                let (depth, nodes): (u32, u64) = (d.parse().unwrap(), n.trim().parse().unwrap());
                let g = game.as_ref().expect("epd before perft");
                assert_eq!(g.perft(depth), nodes, "{variant} {id} depth {depth}");
                checked += 1;
            }
            other => panic!("unknown line kind {other:?}"),
        }
    }
    checked
}

fn run(variant: Variant, text: &str) -> usize {
    let mut pos = None;
    let mut id = String::new();
    let mut checked = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "id" => id = rest.to_string(),
            "epd" => pos = Some(fen::read_default(variant, rest).unwrap()),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                let (depth, nodes): (u32, u64) = (d.parse().unwrap(), n.trim().parse().unwrap());
                let p = pos.as_ref().expect("epd before perft");
                assert_eq!(p.perft(depth), nodes, "{variant} {id} depth {depth}");
                checked += 1;
            }
            other => panic!("unknown line kind {other:?}"),
        }
    }
    checked
}

#[test]
fn russian_perft_matches_the_published_and_cross_checked_counts() {
    assert!(run(Variant::Russian, include_str!("../../data/russian.perft")) >= 8);
}

#[test]
fn international_perft_matches_the_published_counts() {
    assert!(
        run(
            Variant::International,
            include_str!("../../data/international.perft")
        ) >= 7
    );
}

#[test]
fn chess_perft_matches_the_published_counts_of_the_initial_and_test_positions() {
    assert!(run_game(Variant::Chess, include_str!("../../data/chess.perft")) >= 30);
}

#[test]
fn draughts_perft_through_the_registry_matches_too() {
    assert!(run_game(Variant::Russian, include_str!("../../data/russian.perft")) >= 8);
    assert!(
        run_game(
            Variant::International,
            include_str!("../../data/international.perft")
        ) >= 7
    );
}

/// The chess lines of ../shared/cases/perft.txt (copied to tests/data/perft.txt),
/// counted from the initial position through the registry.
#[test]
fn chess_depths_of_the_shared_perft_table_match() {
    let mut checked = 0;
    for line in include_str!("../../data/perft.txt").lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if let ["chess", depth, nodes] = fields.as_slice() {
            let game = games::new_game(Variant::Chess, None).unwrap();
            assert_eq!(
                game.perft(depth.parse().unwrap()),
                nodes.parse::<u64>().unwrap(),
                "chess depth {depth}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 5);
}
