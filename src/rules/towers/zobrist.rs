//! Position hashing for repetition in column checkers: the same arrangement of
//! towers (every piece of every stack) with the same side to move gives the same
//! hash (seed 000 §1.13.1: "одно и то же расположение башен"). Keys come from a
//! fixed seed, so hashes are stable across runs and can be stored.

use super::TowerPosition;
use crate::rules::{Color, DiagonalPosition};

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const SQUARE_KEYS: [u64; 64] = {
    let mut k = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        k[s] = splitmix(0x7043_5253 + s as u64);
        s += 1;
    }
    k
};

const BLACK_TO_MOVE: u64 = splitmix(0xB1AC_7043);

/// The 64-bit hash of a position: every tower's whole stack and the side to move.
#[must_use]
pub fn hash(pos: &TowerPosition) -> u64 {
    let mut h = if pos.turn() == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    for sq in pos.occupied() {
        h ^= splitmix(pos.tower(sq).bits() ^ SQUARE_KEYS[sq.index()]);
    }
    h
}
