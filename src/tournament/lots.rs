//! Drawing lots that anyone can re-check: personal numbers from a seed.
//!
//! A player's lot is SHA-256(seed ‖ address in lower case); numbers 1..n go
//! in ascending order of the lots (ties, impossible in practice, by address).
//! With the seed from the audit log, a director or a player can redo the draw
//! with any SHA-256 tool, e.g. for seed `00ff` and `ivan@example.org`:
//! `printf '\x00\xffivan@example.org' | sha256sum`.

use sha2::{Digest, Sha256};

/// A player's lot: the SHA-256 digest of the seed followed by the address in
/// lower case.
#[must_use]
pub fn lot(seed: &[u8], address: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(seed);
    h.update(address.trim().to_lowercase().as_bytes());
    h.finalize().into()
}

/// The draw: for each address (in the order given), its personal number
/// 1..=n by ascending lot.
#[must_use]
pub fn numbers(seed: &[u8], addresses: &[&str]) -> Vec<u32> {
    let mut order: Vec<(usize, [u8; 32])> = addresses
        .iter()
        .enumerate()
        .map(|(i, a)| (i, lot(seed, a)))
        .collect();
    order.sort_by(|a, b| {
        a.1.cmp(&b.1)
            .then_with(|| addresses[a.0].cmp(addresses[b.0]))
    });
    let mut out = vec![0; addresses.len()];
    for (number, (i, _)) in order.iter().enumerate() {
        out[*i] = number as u32 + 1;
    }
    out
}

/// A seed written as lowercase hex, as the audit log keeps it.
#[must_use]
pub fn hex(seed: &[u8]) -> String {
    seed.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads a hex seed (`--seed`), an even number of hex digits, 1 to 64 bytes.
#[must_use]
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    let t = text.trim();
    if t.is_empty() || !t.len().is_multiple_of(2) || t.len() > 128 {
        return None;
    }
    (0..t.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(t.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_draw_is_the_order_of_the_published_digests() {
        // printf '\x00\xffivan@example.org' | sha256sum
        //   → 3c24f54aeba31a8dadc21643cf3dacb8d7bd291baba53fe392c890b8d1cd7c2d
        let seed = from_hex("00ff").expect("hex");
        assert_eq!(
            hex(&lot(&seed, "ivan@example.org")),
            "3c24f54aeba31a8dadc21643cf3dacb8d7bd291baba53fe392c890b8d1cd7c2d"
        );
        let a = ["ivan@example.org", "Petr@Example.org", "anna@example.org"];
        let n = numbers(&seed, &a);
        let mut by_lot: Vec<_> = a.iter().map(|x| (lot(&seed, x), *x)).collect();
        by_lot.sort();
        for (i, x) in a.iter().enumerate() {
            let place = by_lot.iter().position(|(_, y)| y == x).expect("in");
            assert_eq!(n[i] as usize, place + 1);
        }
        let mut sorted = n.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![1, 2, 3]);
        // Case of the address does not change the lot.
        assert_eq!(
            lot(&seed, "PETR@example.org"),
            lot(&seed, "petr@example.org")
        );
        assert_eq!(hex(&seed), "00ff");
        assert_eq!(from_hex("0g"), None);
        assert_eq!(from_hex("abc"), None);
    }
}
