//! The systems of play and the list of games a section plays: which round,
//! which board, who has White, and (micro-matches) which game of the match.
//!
//! Colours come from the table of playing order (seed 000 §1.7, seed 002
//! §1.4.1): the Berger tables of [`super::berger`]. A micro-match plays each
//! pairing of the single table twice in the same round, the second game with
//! colours swapped (Russian Cup regulations, TOURNAMENTS.md).

use super::berger::{self, Pairing, TableError};

named_enum! {
    /// How a section is played.
    pub enum System {
        /// Each player meets each other once.
        RoundRobin => "round_robin",
        /// Each player meets each other twice, colours reversed in the second
        /// cycle (FIDE's note: the last two rounds of the first cycle swapped).
        DoubleRoundRobin => "double_round_robin",
        /// Each pairing plays a match of two games of one opening, colours
        /// swapped in the second.
        MicroMatch => "micro_match",
    }
}

impl System {
    /// Reads the command-line spelling: `round-robin`, `double-round-robin`,
    /// `micro-match` (underscores also accepted).
    #[must_use]
    pub fn from_setting(text: &str) -> Option<System> {
        text.trim().replace('-', "_").parse().ok()
    }

    /// Games each pairing plays: 1, or 2 for a double round robin and a
    /// micro-match.
    #[must_use]
    pub fn games_per_pairing(self) -> u32 {
        match self {
            System::RoundRobin => 1,
            System::DoubleRoundRobin | System::MicroMatch => 2,
        }
    }
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scheduled {
    /// Round, from 1 (a double round robin continues the count in its second
    /// cycle).
    pub round: u32,
    /// Board in the round as the table prints it, from 1.
    pub board: u32,
    /// White's and Black's personal numbers.
    pub pairing: Pairing,
    /// 1 or 2 in a micro-match, `None` otherwise.
    pub match_game: Option<u8>,
}

impl Scheduled {
    /// The key a ballot is drawn for: one per micro-match or game
    /// (`"s1:r3:2-5"`, the pairing as the table gives it, White of game 1
    /// first), or one per round (`"s1:r3"`).
    #[must_use]
    pub fn ballot_key(&self, section: u32, per_round: bool) -> String {
        if per_round {
            return format!("s{section}:r{}", self.round);
        }
        let p = match self.match_game {
            Some(2) => Pairing {
                white: self.pairing.black,
                black: self.pairing.white,
            },
            _ => self.pairing,
        };
        format!("s{section}:r{}:{}", self.round, p.label())
    }
}

/// The games of a section of `players` players under `system`, in round and
/// board order; the odd field's byes play nothing.
///
/// # Errors
/// [`TableError::TooFew`] for fewer than two players.
pub fn schedule(system: System, players: u32) -> Result<Vec<Scheduled>, TableError> {
    let rounds = match system {
        System::RoundRobin | System::MicroMatch => berger::single(players)?,
        System::DoubleRoundRobin => berger::double(players)?,
    };
    let mut out = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        for (b, &pairing) in round.games.iter().enumerate() {
            let round = r as u32 + 1;
            let board = b as u32 + 1;
            if system == System::MicroMatch {
                out.push(Scheduled {
                    round,
                    board,
                    pairing,
                    match_game: Some(1),
                });
                out.push(Scheduled {
                    round,
                    board,
                    pairing: Pairing {
                        white: pairing.black,
                        black: pairing.white,
                    },
                    match_game: Some(2),
                });
            } else {
                out.push(Scheduled {
                    round,
                    board,
                    pairing,
                    match_game: None,
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_meets_as_often_as_the_system_says() {
        for system in System::ALL.iter().copied() {
            for n in 2..=12u32 {
                let games = schedule(system, n).expect("table");
                let per = system.games_per_pairing();
                assert_eq!(games.len() as u32, n * (n - 1) / 2 * per, "{system} {n}");
                for a in 1..=n {
                    for b in a + 1..=n {
                        let met: Vec<_> = games
                            .iter()
                            .filter(|g| {
                                (g.pairing.white, g.pairing.black) == (a, b)
                                    || (g.pairing.white, g.pairing.black) == (b, a)
                            })
                            .collect();
                        assert_eq!(met.len() as u32, per, "{system} {n}: {a}-{b}");
                        if per == 2 {
                            // Colours swap between the two games.
                            assert_ne!(met[0].pairing.white, met[1].pairing.white);
                        }
                    }
                }
            }
        }
    }

    /// The longest run of games with one colour, over the player's games in
    /// round order (a bye round plays no game).
    fn longest_run(games: &[Scheduled], player: u32) -> usize {
        let mut colours = Vec::new();
        for g in games {
            if g.pairing.white == player {
                colours.push(true);
            } else if g.pairing.black == player {
                colours.push(false);
            }
        }
        let mut longest = 0;
        let mut run = 0;
        for (i, c) in colours.iter().enumerate() {
            run = if i > 0 && colours[i - 1] == *c {
                run + 1
            } else {
                1
            };
            longest = longest.max(run);
        }
        longest
    }

    #[test]
    fn no_player_gets_three_games_of_one_colour_in_a_row_in_a_double_round_robin() {
        // Both cycles, and across the join (FIDE's swap of the last two
        // rounds of the first cycle), for every field of 3 to 16 players.
        for n in 3..=16u32 {
            let games = schedule(System::DoubleRoundRobin, n).expect("table");
            for player in 1..=n {
                assert!(
                    longest_run(&games, player) <= 2,
                    "{n} players: player {player} has three games of one colour in a row"
                );
            }
        }
    }

    #[test]
    fn a_micro_match_plays_both_games_in_one_round_with_one_ballot_key() {
        let games = schedule(System::MicroMatch, 4).expect("table");
        assert_eq!(games[0].round, games[1].round);
        assert_eq!(games[0].ballot_key(1, false), games[1].ballot_key(1, false));
        assert_eq!(games[0].ballot_key(1, false), "s1:r1:1-4");
        assert_eq!(games[2].ballot_key(1, true), "s1:r1");
        assert_eq!(
            System::from_setting("double-round-robin"),
            Some(System::DoubleRoundRobin)
        );
    }
}
