//! Perft of column checkers through the games registry: one harness for
//! `tests/data/bashni.perft` and `tests/data/lasca.perft` (`id <name>`, `epd <FEN>`,
//! then `perft <depth> <nodes>` lines), as tests/it/rules/perft.rs does for draughts.

use zaochka::games::{self, AnyGame};
use zaochka::rules::Variant;

fn run(variant: Variant, text: &str) -> Result<usize, String> {
    let mut game: Option<Box<dyn AnyGame>> = None;
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
            "epd" => {
                game = Some(games::new_game(variant, Some(rest)).map_err(|e| e.to_string())?);
            }
            "perft" => {
                let (d, n) = rest.split_once(' ').ok_or("perft line without a count")?;
                let depth: u32 = d.parse().map_err(|_| format!("bad depth {d:?}"))?;
                let nodes: u64 = n.trim().parse().map_err(|_| format!("bad count {n:?}"))?;
                let g = game.as_ref().ok_or("perft before epd")?;
                assert_eq!(g.perft(depth), nodes, "{variant} {id} depth {depth}");
                checked += 1;
            }
            other => return Err(format!("unknown line kind {other:?}")),
        }
    }
    Ok(checked)
}

#[test]
fn bashni_perft_matches_the_reference_counts_to_depth_9() -> Result<(), String> {
    assert!(run(Variant::Bashni, include_str!("../../data/bashni.perft"))? >= 9 + 5 * 5);
    Ok(())
}

#[test]
fn lasca_perft_matches_the_published_table_to_depth_9() -> Result<(), String> {
    assert!(run(Variant::Lasca, include_str!("../../data/lasca.perft"))? >= 9 + 3 * 6);
    Ok(())
}
