//! Result tokens: which tokens end a game in PDN and in PGN.

use super::chars::is_dash;

/// Whether `token` is a game result: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `2-0`,
/// `0-2`, `1-1`, `0-0` or `*`, with any dash for `-`.
#[must_use]
pub fn is_result(token: &str) -> bool {
    const RESULTS: [&str; 9] = [
        "1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0", "*",
    ];
    if token.is_ascii() {
        return RESULTS.contains(&token);
    }
    RESULTS.iter().any(|r| {
        token
            .chars()
            .map(|c| if is_dash(c) { '-' } else { c })
            .eq(r.chars())
    })
}

/// Whether `token` is a PGN (chess) result: `1-0`, `0-1`, `1/2-1/2`, `½-½` or
/// `*`, with any dash for `-`.
#[must_use]
pub fn is_pgn_result(token: &str) -> bool {
    const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "½-½", "*"];
    RESULTS.iter().any(|r| {
        token
            .chars()
            .map(|c| if is_dash(c) { '-' } else { c })
            .eq(r.chars())
    })
}
