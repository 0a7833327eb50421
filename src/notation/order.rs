//! The order a player expects in a list of moves: board order,
//! numbers compared as numbers, so that `8-12` comes before `11-14` (Lasca,
//! international draughts) and `a9` before `a10`; letters compare as written
//! (`c3-b4` before `c3-d4`). Used by every list of moves a player reads: the
//! legal moves, the compulsory captures, the squares a capture goes on to.

use std::cmp::Ordering;

/// Compares two written moves (or squares) in board order: runs of digits as
/// numbers, everything else character by character.
#[must_use]
pub fn board_order(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a, b);
    loop {
        match (x.chars().next(), y.chars().next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let (m, rx) = split_number(x);
                let (n, ry) = split_number(y);
                let by = m
                    .trim_start_matches('0')
                    .len()
                    .cmp(&n.trim_start_matches('0').len())
                    .then_with(|| m.trim_start_matches('0').cmp(n.trim_start_matches('0')));
                if by != Ordering::Equal {
                    return by;
                }
                (x, y) = (rx, ry);
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(&d);
                }
                (x, y) = (&x[c.len_utf8()..], &y[d.len_utf8()..]);
            }
        }
    }
}

/// Sorts written moves (or squares) in [`board_order`].
pub fn sort_moves(list: &mut [String]) {
    list.sort_by(|a, b| board_order(a, b));
}

/// The leading run of digits and the rest.
fn split_number(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_sort_as_numbers_and_letters_as_written() {
        let mut v: Vec<String> = [
            "11-14", "8-12", "9-13", "10-14", "11-15", "a10-b9", "a9-b10",
        ]
        .map(String::from)
        .to_vec();
        sort_moves(&mut v);
        assert_eq!(
            v,
            [
                "8-12", "9-13", "10-14", "11-14", "11-15", "a9-b10", "a10-b9"
            ]
        );
        let mut v: Vec<String> = ["e3-d4", "c3-d4", "c3-b4", "a3-b4"]
            .map(String::from)
            .to_vec();
        sort_moves(&mut v);
        assert_eq!(v, ["a3-b4", "c3-b4", "c3-d4", "e3-d4"]);
        assert_eq!(board_order("31x22x13", "31x22"), Ordering::Greater);
    }
}
