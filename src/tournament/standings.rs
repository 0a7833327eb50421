//! The crosstable of a round robin and its standings with tie-breaks, as
//! `../shared/TOURNAMENTS.md` defines them (FIDE C.07 names): WIN, SB, BH, DE,
//! BPG, applied in the organiser's order and only while a tie persists.
//!
//! Scores are counted in half-points (a classic win is 2, a draw 1), which is
//! also the FMJD print (2/1/0); [`Scoring`] says how to print them.

use crate::rules::GameResult;

/// How points are printed: 1/½/0 (FIDE, seed 003 art. 21) or 2/1/0 (FMJD events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Win 1, draw ½, loss 0.
    Classic,
    /// Win 2, draw 1, loss 0.
    Fmjd,
}

impl Scoring {
    /// A score of `half` half-points as this scoring prints it: `3½`, `7`.
    #[must_use]
    pub fn print(self, half: u32) -> String {
        match self {
            Scoring::Fmjd => half.to_string(),
            Scoring::Classic if half.is_multiple_of(2) => (half / 2).to_string(),
            Scoring::Classic if half == 1 => "½".to_string(),
            Scoring::Classic => format!("{}½", half / 2),
        }
    }
}

/// A finished game of the tournament between two personal numbers (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// White's number.
    pub white: u32,
    /// Black's number.
    pub black: u32,
    /// The result.
    pub result: GameResult,
    /// Won by forfeit (scored, but not a game played over the board).
    pub forfeit: bool,
}

/// The tie-breaks (TOURNAMENTS.md), in the organiser's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Number of wins, forfeit wins included.
    Wins,
    /// Sonneborn-Berger: Σ s_ij · S_j.
    SonnebornBerger,
    /// Buchholz: Σ S_j over the opponents met.
    Buchholz,
    /// Direct encounter: points among the tied players, if all of them met.
    DirectEncounter,
    /// Games played with Black.
    BlackGames,
}

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The personal number.
    pub player: u32,
    /// Score in half-points.
    pub score: u32,
    /// The tie-break values, in the order asked (SB in quarter-points: half ×
    /// half-points; the others in their own units, DE in half-points).
    pub tiebreaks: Vec<u64>,
    /// Places shared: (first, last), equal when the place is the player's alone.
    pub place: (u32, u32),
}

/// The crosstable: the half-points each player took from each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    players: u32,
    games: Vec<Played>,
}

impl Crosstable {
    /// The crosstable of `players` players (numbers 1..=players) from the
    /// finished games; games naming another number are left out.
    #[must_use]
    pub fn new(players: u32, games: &[Played]) -> Crosstable {
        let ok = |n: u32| (1..=players).contains(&n);
        Crosstable {
            players,
            games: games
                .iter()
                .copied()
                .filter(|g| ok(g.white) && ok(g.black) && g.white != g.black)
                .collect(),
        }
    }

    /// Half-points `player` took in one game (`None` if not in it).
    fn half_points(g: &Played, player: u32) -> Option<u32> {
        let white = player == g.white;
        if !white && player != g.black {
            return None;
        }
        Some(match (g.result, white) {
            (GameResult::Draw, _) => 1,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 2,
            _ => 0,
        })
    }

    /// The half-points `a` took from `b` over all their games, and how many
    /// games they played (`None` when they have not met).
    #[must_use]
    pub fn cell(&self, a: u32, b: u32) -> Option<(u32, u32)> {
        let met: Vec<u32> = self
            .games
            .iter()
            .filter(|g| (g.white == b || g.black == b) && a != b)
            .filter_map(|g| Self::half_points(g, a))
            .collect();
        (!met.is_empty()).then(|| (met.iter().sum(), met.len() as u32))
    }

    /// A player's score in half-points.
    #[must_use]
    pub fn score(&self, player: u32) -> u32 {
        self.games
            .iter()
            .filter_map(|g| Self::half_points(g, player))
            .sum()
    }

    fn tiebreak(&self, player: u32, t: TieBreak, tied: &[u32]) -> u64 {
        let opponents = (1..=self.players).filter(|&o| o != player);
        match t {
            TieBreak::Wins => self
                .games
                .iter()
                .filter(|g| Self::half_points(g, player) == Some(2))
                .count() as u64,
            TieBreak::SonnebornBerger => opponents
                .filter_map(|o| {
                    self.cell(player, o)
                        .map(|(s, _)| u64::from(s) * u64::from(self.score(o)))
                })
                .sum(),
            TieBreak::Buchholz => opponents
                .filter(|&o| self.cell(player, o).is_some())
                .map(|o| u64::from(self.score(o)))
                .sum(),
            TieBreak::DirectEncounter => {
                let all_met = tied
                    .iter()
                    .all(|&a| tied.iter().all(|&b| a == b || self.cell(a, b).is_some()));
                if !all_met {
                    return 0;
                }
                tied.iter()
                    .filter(|&&o| o != player)
                    .filter_map(|&o| self.cell(player, o).map(|(s, _)| u64::from(s)))
                    .sum()
            }
            TieBreak::BlackGames => self
                .games
                .iter()
                .filter(|g| g.black == player && !g.forfeit)
                .count() as u64,
        }
    }

    /// The standings: by score, then by each tie-break in `order`, each one
    /// computed among the players still tied; players tied to the end share
    /// their places.
    #[must_use]
    pub fn standings(&self, order: &[TieBreak]) -> Vec<Standing> {
        let mut rows: Vec<Standing> = (1..=self.players)
            .map(|p| Standing {
                player: p,
                score: self.score(p),
                tiebreaks: Vec::new(),
                place: (0, 0),
            })
            .collect();
        // Tie-breaks are computed within each group of equal score (DE needs
        // the group), in order.
        let scores: Vec<u32> = rows.iter().map(|r| r.score).collect();
        for r in &mut rows {
            let tied: Vec<u32> = (1..=self.players)
                .filter(|&p| scores[p as usize - 1] == r.score)
                .collect();
            r.tiebreaks = order
                .iter()
                .map(|&t| self.tiebreak(r.player, t, &tied))
                .collect();
        }
        rows.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then_with(|| b.tiebreaks.cmp(&a.tiebreaks))
                .then_with(|| a.player.cmp(&b.player))
        });
        let mut i = 0;
        while i < rows.len() {
            let mut j = i;
            while j + 1 < rows.len()
                && rows[j + 1].score == rows[i].score
                && rows[j + 1].tiebreaks == rows[i].tiebreaks
            {
                j += 1;
            }
            for r in &mut rows[i..=j] {
                r.place = (i as u32 + 1, j as u32 + 1);
            }
            i = j + 1;
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: u32, black: u32, result: GameResult) -> Played {
        Played {
            white,
            black,
            result,
            forfeit: false,
        }
    }

    #[test]
    fn scores_print_as_each_federation_prints_them() {
        assert_eq!(Scoring::Classic.print(7), "3½");
        assert_eq!(Scoring::Classic.print(1), "½");
        assert_eq!(Scoring::Classic.print(6), "3");
        assert_eq!(Scoring::Fmjd.print(7), "7");
    }

    #[test]
    fn a_four_player_round_robin_is_ranked_by_score_then_sonneborn_berger() {
        use GameResult::{BlackWins, Draw, WhiteWins};
        // 1 beats 2 and draws 3 and 4: 2 points. 2 beats 3 and 4: 2 points.
        // 3 and 4 draw.
        let games = [
            game(1, 2, WhiteWins),
            game(3, 1, Draw),
            game(1, 4, Draw),
            game(2, 3, WhiteWins),
            game(4, 2, BlackWins),
            game(3, 4, Draw),
        ];
        let t = Crosstable::new(4, &games);
        assert_eq!(
            (t.score(1), t.score(2), t.score(3), t.score(4)),
            (4, 4, 2, 2)
        );
        assert_eq!(t.cell(1, 2), Some((2, 1)));
        assert_eq!(t.cell(2, 1), Some((0, 1)));
        let s = t.standings(&[TieBreak::SonnebornBerger, TieBreak::Wins]);
        // SB(1) = 2·S2 + 1·S3 + 1·S4 = 2·4 + 2 + 2 = 12; SB(2) = 2·2 + 2·2 = 8.
        assert_eq!(s[0].player, 1);
        assert_eq!(s[0].tiebreaks, vec![12, 1]);
        assert_eq!(s[1].player, 2);
        assert_eq!(s[1].tiebreaks, vec![8, 2]);
        assert_eq!((s[0].place, s[1].place), ((1, 1), (2, 2)));
        // 3 and 4: same score, SB 6 each (½·S1 + ½·S4 or ½·S3, in half-points:
        // 1·4 + 1·2) and no wins: they share their places.
        assert_eq!(s[2].place, (3, 4));
        assert_eq!(s[3].place, (3, 4));
        // Direct encounter first: 1 beat 2.
        let de = t.standings(&[TieBreak::DirectEncounter]);
        assert_eq!((de[0].player, de[0].tiebreaks[0]), (1, 2));
        assert_eq!((de[1].player, de[1].tiebreaks[0]), (2, 0));
    }

    #[test]
    fn direct_encounter_counts_only_when_all_tied_players_met() {
        use GameResult::WhiteWins;
        let t = Crosstable::new(4, &[game(1, 3, WhiteWins), game(2, 4, WhiteWins)]);
        let s = t.standings(&[TieBreak::DirectEncounter, TieBreak::BlackGames]);
        assert_eq!((s[0].place, s[1].place), ((1, 2), (1, 2)));
        assert_eq!(s[0].tiebreaks, vec![0, 0]);
    }
}
