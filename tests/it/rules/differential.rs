//! Differential test against an independent implementation: the positions of
//! tests/data/russian-random.tsv (random play and sparse setups, with kings,
//! multi-captures and mid-capture promotions) with the exact legal move sets that
//! pydraughts 0.6.7 (MIT) produced; gen_russian_vectors.py beside it made the file.
//! No Python is needed here.

use crate::common;

use common::{key_of, legal_keys, listed_keys};
use zaochka::notation::{Naming, ResolveError, fen, parse_move, write};
use zaochka::rules::{DiagonalPosition, Position, Variant};

fn positions() -> Vec<(Position, String)> {
    include_str!("../../data/russian-random.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (f, moves) = l.split_once('\t').unwrap();
            (
                fen::read_default(Variant::Russian, f).unwrap(),
                moves.to_string(),
            )
        })
        .collect()
}

#[test]
fn legal_move_sets_match_pydraughts_on_every_vector() {
    let all = positions();
    assert!(all.len() >= 5000, "{} positions", all.len());
    let (mut kings, mut multi, mut promoting) = (0, 0, 0);
    for (pos, listed) in &all {
        assert_eq!(
            legal_keys(pos),
            listed_keys(listed),
            "{}",
            fen::write(pos, Naming::of(pos).style)
        );
        kings += usize::from(!pos.kings().is_empty());
        let moves = pos.legal_moves();
        multi += usize::from(moves.iter().any(|m| m.captured().len() >= 2));
        promoting +=
            usize::from(moves.iter().any(|m| {
                m.promotes() && m.captured().len() >= 2 && !pos.kings().contains(m.from())
            }));
    }
    assert!(
        kings >= 1000 && multi >= 500 && promoting >= 100,
        "{kings} {multi} {promoting}"
    );
}

#[test]
fn every_listed_path_is_accepted_as_written() {
    for (pos, listed) in positions() {
        if listed.trim() == "-" {
            continue;
        }
        for item in listed.split(';') {
            let path = item.split('{').next().unwrap().trim();
            let m = parse_move(path)
                .unwrap()
                .resolve(&pos, Naming::of(&pos))
                .unwrap();
            let (from, to, _) = key_of(&pos, &m);
            assert!(path.starts_with(&from) && path.ends_with(&to), "{path}");
        }
    }
}

#[test]
fn full_and_short_writers_read_back_to_the_same_move() {
    let mut short_unique = 0;
    let mut short_ambiguous = 0;
    for (pos, _) in positions() {
        let naming = Naming::of(&pos);
        let g = pos.geometry();
        for m in pos.legal_moves() {
            let full = write::full(g, &m, naming.style);
            let back = parse_move(&full).unwrap().resolve(&pos, naming).unwrap();
            assert!(Position::same_result(&back, &m), "{full}");
            let short = write::short(g, &m, naming.style);
            match parse_move(&short).unwrap().resolve(&pos, naming) {
                Ok(back) => {
                    assert!(Position::same_result(&back, &m), "{short}");
                    short_unique += 1;
                }
                Err(ResolveError::Ambiguous { candidates, .. }) => {
                    assert!(
                        candidates.iter().any(|c| Position::same_result(c, &m)),
                        "{short}"
                    );
                    short_ambiguous += 1;
                }
                Err(e) => panic!("{short}: {e}"),
            }
            let record = write::unambiguous(&pos, &m, naming);
            let back = parse_move(&record).unwrap().resolve(&pos, naming).unwrap();
            assert!(Position::same_result(&back, &m), "{record}");
        }
    }
    assert!(
        short_unique > 10_000 && short_ambiguous > 0,
        "{short_unique} {short_ambiguous}"
    );
}
