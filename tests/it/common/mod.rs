//! Helpers shared by the integration tests: move sets written as in
//! ../shared/cases/rules-*.tsv and tests/data/russian-random.tsv.
#![allow(dead_code)]

pub mod cli;
pub mod conversation;
pub mod daemon;
pub mod dns_stub;
pub mod field;
pub mod mails;
pub mod phrasings;
pub mod players;
pub mod records;
pub mod serve;
pub mod smtp_sink;
pub mod tournament;

use std::collections::BTreeSet;
use zaochka::notation::{Naming, square_name, write};
use zaochka::rules::{DiagonalPosition, Move, Position};

/// A move's identity for comparison: from-square, end square, captured squares sorted.
pub type Key = (String, String, Vec<String>);

/// The key of a legal move, squares named in the position's usual style.
pub fn key_of(pos: &Position, m: &Move) -> Key {
    let g = pos.geometry();
    let style = Naming::of(pos).style;
    let mut captured: Vec<String> = m
        .captured()
        .iter()
        .map(|&s| square_name::name(g, s, style))
        .collect();
    captured.sort();
    (
        square_name::name(g, m.from(), style),
        square_name::name(g, m.to(), style),
        captured,
    )
}

/// The keys of all legal moves.
pub fn legal_keys(pos: &Position) -> BTreeSet<Key> {
    pos.legal_moves().iter().map(|m| key_of(pos, m)).collect()
}

/// Parses a listed move set: `c3-d4; h6:f8:b4:e1 {c5,d2,g7}` (also space-separated
/// numeric moves such as `47x17 47x21`), `-` for none.
pub fn listed_keys(text: &str) -> BTreeSet<Key> {
    let text = text.trim();
    if text == "-" {
        return BTreeSet::new();
    }
    let items: Vec<&str> = if text.contains(';') || text.contains('{') {
        text.split(';').collect()
    } else {
        text.split_whitespace().collect()
    };
    items
        .into_iter()
        .map(|item| {
            let item = item.trim();
            let (path, caps) = match item.split_once('{') {
                Some((p, c)) => (p.trim(), Some(c.trim_end_matches('}'))),
                None => (item, None),
            };
            let squares: Vec<&str> = path.split(['-', ':', 'x']).collect();
            let mut captured: Vec<String> = caps
                .map(|c| {
                    c.split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect()
                })
                .unwrap_or_default();
            captured.sort();
            (
                squares[0].to_string(),
                squares[squares.len() - 1].to_string(),
                captured,
            )
        })
        .collect()
}

/// Compares a legal move set with a listed one; when the listing gives no
/// captured squares (numeric `47x17` style), only from- and end squares count.
pub fn same_set(legal: &BTreeSet<Key>, listed: &BTreeSet<Key>) -> bool {
    if listed.iter().all(|k| k.2.is_empty()) {
        let strip = |s: &BTreeSet<Key>| -> BTreeSet<(String, String)> {
            s.iter().map(|k| (k.0.clone(), k.1.clone())).collect()
        };
        strip(legal) == strip(listed)
    } else {
        legal == listed
    }
}

/// Every full-notation text of the legal moves, sorted (for messages).
pub fn full_moves(pos: &Position) -> Vec<String> {
    let style = Naming::of(pos).style;
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| write::full(pos.geometry(), m, style))
        .collect();
    v.sort();
    v
}
