//! One harness for every `tests/data/*.perft` file (as shakmaty's tests/perft.rs):
//! `id <name>`, `epd <FEN>`, then `perft <depth> <nodes>` lines.

use zaochka::notation::fen;
use zaochka::rules::Variant;

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
    assert!(run(Variant::Russian, include_str!("data/russian.perft")) >= 8);
}

#[test]
fn international_perft_matches_the_published_counts() {
    assert!(
        run(
            Variant::International,
            include_str!("data/international.perft")
        ) >= 7
    );
}
