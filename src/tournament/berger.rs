//! The table of playing order of a round robin: the Berger tables (FIDE
//! Handbook C.05 Annex 1; «таблица очередности игры», seed 000 §1.7, seed 002
//! §1.4.1 and its Appendix 1).
//!
//! Players are numbered 1..=n by lot. For an even `n`, round 1 pairs
//! 1–n, 2–(n−1), …, n/2–(n/2+1); each next round keeps `n` fixed and maps every
//! other number x to ((x − 1 + n/2) mod (n − 1)) + 1, keeping the order of the
//! pair; player `n` has Black in odd rounds and White in even rounds. An odd
//! field uses the table of n + 1, whose highest number is the bye. The first
//! number of a pair plays White (in draughts: makes the first move).

/// One game of a round: White's and Black's personal numbers (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// White's number.
    pub white: u32,
    /// Black's number.
    pub black: u32,
}

impl Pairing {
    /// The game number as the Russian correspondence committee writes it:
    /// the two personal numbers, White first (`"3-7"`).
    #[must_use]
    pub fn label(self) -> String {
        format!("{}-{}", self.white, self.black)
    }

    fn reversed(self) -> Pairing {
        Pairing {
            white: self.black,
            black: self.white,
        }
    }
}

/// One round: its games (board order as the table prints it) and the player
/// who sits out (odd fields only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The games.
    pub games: Vec<Pairing>,
    /// The player with the bye, if the field is odd.
    pub bye: Option<u32>,
}

/// Why a table cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A round robin needs at least two players.
    #[error("a round robin needs at least 2 players, not {0}")]
    TooFew(u32),
}

/// The single round robin of `players` players: n − 1 rounds for an even
/// field, n rounds for an odd one (each player has one bye).
///
/// # Errors
/// [`TableError::TooFew`] for fewer than two players.
pub fn single(players: u32) -> Result<Vec<Round>, TableError> {
    if players < 2 {
        return Err(TableError::TooFew(players));
    }
    let n = players + players % 2;
    let half = n / 2;
    let mut round: Vec<Pairing> = (1..=half)
        .map(|i| Pairing {
            white: i,
            black: n + 1 - i,
        })
        .collect();
    let mut rounds = Vec::with_capacity(n as usize - 1);
    for r in 1..n {
        rounds.push(with_bye(&round, players, n));
        // The next round: n keeps its place; n has White in even rounds.
        let shift = |x: u32| {
            if x == n {
                n
            } else {
                (x - 1 + half) % (n - 1) + 1
            }
        };
        round = round
            .iter()
            .map(|p| Pairing {
                white: shift(p.white),
                black: shift(p.black),
            })
            .collect();
        if let Some(first) = round.first_mut() {
            let n_white = (r + 1) % 2 == 0;
            let has_n = first.white == n || first.black == n;
            if has_n && (first.white == n) != n_white {
                *first = first.reversed();
            }
        }
    }
    Ok(rounds)
}

/// The double round robin: the single cycle, then again with colours
/// reversed; the last two rounds of the first cycle are swapped, as FIDE's note
/// to the tables recommends, so that nobody plays three games in a row with one
/// colour across the two cycles' meeting point.
///
/// # Errors
/// As [`single`].
pub fn double(players: u32) -> Result<Vec<Round>, TableError> {
    let mut first = single(players)?;
    let second: Vec<Round> = first
        .iter()
        .map(|r| Round {
            games: r.games.iter().map(|p| p.reversed()).collect(),
            bye: r.bye,
        })
        .collect();
    let k = first.len();
    if k >= 2 {
        first.swap(k - 2, k - 1);
    }
    first.extend(second);
    Ok(first)
}

/// A round of the even table `n` for a field of `players`: with an odd field,
/// the game against the highest number becomes that player's bye.
fn with_bye(games: &[Pairing], players: u32, n: u32) -> Round {
    if players == n {
        return Round {
            games: games.to_vec(),
            bye: None,
        };
    }
    let bye = games.iter().find_map(|p| {
        if p.white == n {
            Some(p.black)
        } else if p.black == n {
            Some(p.white)
        } else {
            None
        }
    });
    Round {
        games: games
            .iter()
            .copied()
            .filter(|p| p.white != n && p.black != n)
            .collect(),
        bye,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The printed tables (FIDE's, as transcribed in tests/data).
    const TABLES: &str = include_str!("../../tests/data/tournaments/berger-tables.txt");

    #[test]
    fn every_even_table_is_the_printed_one_board_for_board() {
        let mut checked = 0;
        for line in TABLES
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            // "7/8: R3: 2-8, 3-1, 4-7, 5-6"
            let (field, rest) = line.split_once(": R").expect("a table line");
            let n: u32 = field.split('/').nth(1).unwrap().parse().unwrap();
            let (round, games) = rest.split_once(": ").unwrap();
            let round: usize = round.parse().unwrap();
            let printed: Vec<String> = games.split(", ").map(str::to_string).collect();
            let made: Vec<String> = single(n).unwrap()[round - 1]
                .games
                .iter()
                .map(|p| p.label())
                .collect();
            assert_eq!(made, printed, "{n} players, round {round}");
            checked += 1;
        }
        assert!(checked > 60, "only {checked} rounds read");
    }

    #[test]
    fn odd_fields_give_each_player_one_bye_and_everyone_meets_once() {
        for players in 2..=17 {
            let rounds = single(players).unwrap();
            let mut met = HashSet::new();
            let mut byes = Vec::new();
            for r in &rounds {
                let mut seen = HashSet::new();
                for p in &r.games {
                    assert!(
                        seen.insert(p.white) && seen.insert(p.black),
                        "{players}: {r:?}"
                    );
                    assert!(met.insert((p.white.min(p.black), p.white.max(p.black))));
                }
                byes.extend(r.bye);
            }
            assert_eq!(met.len() as u32, players * (players - 1) / 2, "{players}");
            if players % 2 == 1 {
                byes.sort_unstable();
                assert_eq!(byes, (1..=players).collect::<Vec<_>>(), "{players}");
            } else {
                assert!(byes.is_empty());
            }
        }
        assert_eq!(single(1), Err(TableError::TooFew(1)));
    }

    #[test]
    fn a_double_round_robin_reverses_colours_and_avoids_three_in_a_row_at_the_join() {
        for players in [4, 6, 8, 10, 12] {
            let rounds = double(players).unwrap();
            let k = rounds.len() / 2;
            // Every pairing of the first cycle is played again with colours reversed.
            let first: HashSet<(u32, u32)> = rounds[..k]
                .iter()
                .flat_map(|r| r.games.iter().map(|p| (p.white, p.black)))
                .collect();
            let second: HashSet<(u32, u32)> = rounds[k..]
                .iter()
                .flat_map(|r| r.games.iter().map(|p| (p.black, p.white)))
                .collect();
            assert_eq!(first, second, "{players}");
            // Nobody has one colour in the three rounds around the join.
            for player in 1..=players {
                let colour = |r: &Round| {
                    r.games.iter().find_map(|p| {
                        (p.white == player)
                            .then_some(true)
                            .or((p.black == player).then_some(false))
                    })
                };
                let around: Vec<Option<bool>> = rounds[k - 2..k + 1].iter().map(colour).collect();
                assert!(
                    !(around.iter().all(|c| *c == Some(true))
                        || around.iter().all(|c| *c == Some(false))),
                    "{players} players, player {player}: {around:?}"
                );
            }
        }
    }
}
