//! Position hashing for repetition (Zobrist keys from a fixed seed, so hashes are
//! stable across runs and can be stored in the database).

use crate::rules::{Color, DiagonalPosition, Position, Role};

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Keys: [white man, white king, black man, black king] x 64 squares.
const KEYS: [[u64; 64]; 4] = {
    let mut k = [[0u64; 64]; 4];
    let mut p = 0;
    while p < 4 {
        let mut s = 0;
        while s < 64 {
            k[p][s] = splitmix((p * 64 + s) as u64 + 1);
            s += 1;
        }
        p += 1;
    }
    k
};

const BLACK_TO_MOVE: u64 = splitmix(0xB1AC);

/// The 64-bit hash of a position: the arrangement of pieces and the side to move.
/// Equal positions (RULES.md §2: "the same position with the same side to move")
/// have equal hashes.
#[must_use]
pub fn hash(pos: &Position) -> u64 {
    let mut h = if pos.turn() == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    for (i, (c, r)) in [
        (Color::White, Role::Man),
        (Color::White, Role::King),
        (Color::Black, Role::Man),
        (Color::Black, Role::King),
    ]
    .into_iter()
    .enumerate()
    {
        for sq in pos.pieces_of(c, r) {
            h ^= KEYS[i][sq.index()];
        }
    }
    h
}
