//! What becomes of a withdrawn player's games (TOURNAMENTS.md, "Withdrawals
//! and unplayed games"); the tournament chooses the rule, FIDE's by default.
//!
//! The share that decides is the games the player **played over the board**
//! out of all his fixtures that are not cancelled (a forfeit "is not a game
//! played", TOURNAMENTS.md, "Scoring"), compared exactly (2 × played against
//! the total, no rounding):
//!
//! | rule | played | treatment |
//! |---|---|---|
//! | FIDE Tournament Rules | under 50 % | [`Treatment::Removed`]: all his results leave the standings, his opponents' included; the table shows them in parentheses; his games not played are cancelled |
//! | FIDE | 50 % or more | [`Treatment::RemainingLost`]: the results stand, the games not played are lost ("−", "+" for the opponent) |
//! | LSS | 50 % or less | [`Treatment::AllLost`]: every game of his is scored lost, finished ones too |
//! | LSS | over 50 % | [`Treatment::RemainingLost`] |
//! | FMJD (Rotterdam 2019) | over 50 % | [`Treatment::RemainingLost`]: "the total points of the player will remain" |
//! | FMJD | 50 % or less | [`Treatment::PointsVoid`]: the remaining games are still lost, and his own total does not stand (he has no place); his opponents' results stand |
//!
//! The FMJD text says only that the remaining games are lost and that over
//! 50 % the total stands; `PointsVoid` is the literal reading of the other
//! case. When both players of a game withdrew and both must lose it, it is a
//! double forfeit; when either was removed, the game is out of the standings.

use super::SettingError;
use super::crosstable::{Fixture, Outcome, Scored};
use crate::rules::{Color, GameResult};
use std::fmt;
use std::str::FromStr;

/// The withdrawal rule of a tournament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WithdrawalPolicy {
    /// FIDE Tournament Rules (round robin): under 50 % played, removed; else
    /// the remaining games lost.
    #[default]
    Fide,
    /// LSS: 50 % or less, every game lost; else the remaining games lost.
    Lss,
    /// FMJD: the remaining games lost; the total stands only over 50 % played.
    Fmjd,
}

/// What a withdrawal rule did to one withdrawn player's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Treatment {
    /// Every result of his leaves the standings (shown in parentheses), his
    /// games not played are cancelled; he has no place.
    Removed,
    /// His results stand; his games not played are lost.
    RemainingLost,
    /// Every game of his is scored lost, the finished ones too.
    AllLost,
    /// His games not played are lost, and his own results do not count (he
    /// has no place); his opponents' results against him stand.
    PointsVoid,
}

impl Treatment {
    /// Whether the player keeps a place in the standings.
    #[must_use]
    pub fn ranked(self) -> bool {
        matches!(self, Treatment::RemainingLost | Treatment::AllLost)
    }
}

impl WithdrawalPolicy {
    /// Every rule, in the order of the settings.
    pub const ALL: [WithdrawalPolicy; 3] = [
        WithdrawalPolicy::Fide,
        WithdrawalPolicy::Lss,
        WithdrawalPolicy::Fmjd,
    ];

    /// The setting's code: `fide`, `lss`, `fmjd`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            WithdrawalPolicy::Fide => "fide",
            WithdrawalPolicy::Lss => "lss",
            WithdrawalPolicy::Fmjd => "fmjd",
        }
    }

    /// The treatment of a player who withdrew having played `played` of his
    /// `total` games over the board.
    #[must_use]
    pub fn treatment(self, played: u32, total: u32) -> Treatment {
        let twice = 2 * u64::from(played);
        let total = u64::from(total);
        match self {
            WithdrawalPolicy::Fide if twice < total => Treatment::Removed,
            WithdrawalPolicy::Lss if twice <= total => Treatment::AllLost,
            WithdrawalPolicy::Fmjd if twice <= total => Treatment::PointsVoid,
            _ => Treatment::RemainingLost,
        }
    }
}

impl fmt::Display for WithdrawalPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for WithdrawalPolicy {
    type Err = SettingError;

    /// `fide`, `lss` or `fmjd`, case-insensitive.
    fn from_str(s: &str) -> Result<WithdrawalPolicy, SettingError> {
        let s2 = s.trim().to_ascii_lowercase();
        WithdrawalPolicy::ALL
            .into_iter()
            .find(|p| p.code() == s2)
            .ok_or_else(|| SettingError::unknown("withdrawal rule", s, "fide, lss, fmjd"))
    }
}

code_serde!(WithdrawalPolicy);

/// Each valid withdrawn number (once, ascending) with its treatment.
pub(super) fn treatments(
    fixtures: &[Fixture],
    players: u32,
    withdrawn: &[u32],
    policy: WithdrawalPolicy,
) -> Vec<(u32, Treatment)> {
    let mut numbers: Vec<u32> = withdrawn
        .iter()
        .copied()
        .filter(|n| (1..=players).contains(n))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    numbers
        .into_iter()
        .map(|p| {
            let mine = fixtures
                .iter()
                .filter(|f| (f.white == p || f.black == p) && f.outcome != Outcome::Cancelled);
            let total = mine.clone().count() as u32;
            let played = mine
                .filter(|f| matches!(f.outcome, Outcome::Played(_)))
                .count() as u32;
            (p, policy.treatment(played, total))
        })
        .collect()
}

/// Whether a side with treatment `t` must lose a game that stands at `outcome`.
fn must_lose(t: Option<Treatment>, outcome: Outcome) -> bool {
    match t {
        Some(Treatment::AllLost) => !matches!(outcome, Outcome::Cancelled | Outcome::DoubleForfeit),
        Some(Treatment::RemainingLost | Treatment::PointsVoid) => outcome == Outcome::Pending,
        Some(Treatment::Removed) | None => false,
    }
}

/// `loser` loses the game: a result that already says so stands, anything
/// else becomes a forfeit for the other side.
fn lost_by(loser: Color, outcome: Outcome) -> Outcome {
    let winner = loser.opposite();
    match outcome {
        Outcome::Played(r) if r == GameResult::win_for(winner) => outcome,
        Outcome::Forfeit { winner: w } if w == winner => outcome,
        _ => Outcome::Forfeit { winner },
    }
}

/// The fixtures rescored by the treatments of the withdrawn players.
pub(super) fn apply(fixtures: &[Fixture], withdrawn: &[(u32, Treatment)]) -> Vec<Scored> {
    let of = |p: u32| withdrawn.iter().find(|&&(w, _)| w == p).map(|&(_, t)| t);
    fixtures
        .iter()
        .map(|f| {
            let mut s = Scored::unchanged(f);
            let (tw, tb) = (of(f.white), of(f.black));
            if tw == Some(Treatment::Removed) || tb == Some(Treatment::Removed) {
                s.counted = [false, false];
                if f.outcome == Outcome::Pending {
                    s.outcome = Outcome::Cancelled;
                }
                return s;
            }
            s.outcome = match (must_lose(tw, f.outcome), must_lose(tb, f.outcome)) {
                (false, false) => f.outcome,
                (true, true) => Outcome::DoubleForfeit,
                (true, false) => lost_by(Color::White, f.outcome),
                (false, true) => lost_by(Color::Black, f.outcome),
            };
            s.counted = [
                tw != Some(Treatment::PointsVoid),
                tb != Some(Treatment::PointsVoid),
            ];
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::crosstable::tests::{B, D, P, W, fx};
    use super::super::{Cell, Crosstable, Mark, TieBreak};
    use super::*;

    #[test]
    fn each_rule_draws_its_line_at_half_the_games() {
        use Treatment::{AllLost, PointsVoid, RemainingLost, Removed};
        // (played, total) → FIDE, LSS, FMJD.
        let cases = [
            ((1, 4), [Removed, AllLost, PointsVoid]),
            ((2, 4), [RemainingLost, AllLost, PointsVoid]),
            ((3, 4), [RemainingLost, RemainingLost, RemainingLost]),
            ((2, 5), [Removed, AllLost, PointsVoid]),
            ((3, 5), [RemainingLost, RemainingLost, RemainingLost]),
            ((0, 0), [RemainingLost, AllLost, PointsVoid]),
        ];
        for ((played, total), want) in cases {
            for (policy, t) in WithdrawalPolicy::ALL.into_iter().zip(want) {
                assert_eq!(
                    policy.treatment(played, total),
                    t,
                    "{policy} {played}/{total}"
                );
            }
        }
        assert!(RemainingLost.ranked() && AllLost.ranked());
        assert!(!Removed.ranked() && !PointsVoid.ranked());
    }

    #[test]
    fn the_rule_reads_its_codes_and_defaults_to_fide() {
        for p in WithdrawalPolicy::ALL {
            assert_eq!(p.code().parse::<WithdrawalPolicy>(), Ok(p));
            let json = serde_json::to_string(&p).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", p.code()));
            assert_eq!(
                serde_json::from_str::<WithdrawalPolicy>(&json).ok(),
                Some(p)
            );
        }
        assert_eq!(WithdrawalPolicy::default(), WithdrawalPolicy::Fide);
        assert!("iccf".parse::<WithdrawalPolicy>().is_err());
    }

    /// Worked example T4: five players (four games each); player 5 withdraws
    /// having played two of his four games (exactly 50 %).
    ///
    /// ```text
    ///      1  2  3  4  5    as played: 5-1 0-1 (5 won), 2-5 ½,
    ///  1   ×  1  ½  1  0               5-3 and 4-5 not played;
    ///  2   0  ×  1  ½  ½               1-2 1-0, 3-1 ½, 1-4 1-0, 2-3 1-0,
    ///  3   ½  0  ×  ·  ·               4-2 ½, 3-4 not played yet.
    ///  4   0  ½  ·  ×  ·
    ///  5   1  ½  ·  ·  ×
    /// ```
    fn t4() -> Crosstable {
        let f = [
            fx(5, 1, W),
            fx(2, 5, D),
            fx(5, 3, P),
            fx(4, 5, P),
            fx(1, 2, W),
            fx(3, 1, D),
            fx(1, 4, W),
            fx(2, 3, W),
            fx(4, 2, D),
            fx(3, 4, P),
        ];
        Crosstable::from_fixtures(5, &f)
    }

    fn scores(t: &Crosstable) -> Vec<u32> {
        (1..=t.players()).map(|p| t.score(p)).collect()
    }

    fn cell(mark: Mark, counted: bool) -> Cell {
        Cell { mark, counted }
    }

    #[test]
    fn fide_at_half_the_games_keeps_the_results_and_loses_the_rest() {
        // 2 of 4 played: 2·2 ≥ 4, the results stand; 5-3 and 4-5 are "+" for
        // 3 and 4. Scores (half-points): 1: 0+2+1+2 = 5, 2: 1+0+2+1 = 4,
        // 3: 1+0+2 = 3, 4: 0+1+2 = 3, 5: 2+1+0+0 = 3.
        let t = t4().withdraw(&[5], WithdrawalPolicy::Fide);
        assert_eq!(t.treatment(5), Some(Treatment::RemainingLost));
        assert_eq!(scores(&t), [5, 4, 3, 3, 3]);
        assert_eq!(t.marks(3, 5), [cell(Mark::ForfeitWin, true)]);
        assert_eq!(t.marks(5, 4), [cell(Mark::ForfeitLoss, true)]);
        assert_eq!(t.marks(5, 1), [cell(Mark::Played(2), true)]);
        // The game 3-4 between two players who stay is still to be played.
        assert_eq!(t.marks(3, 4), [cell(Mark::Pending, true)]);
        assert!(t.ranked(5));
        assert_eq!(t.standings(&[]).len(), 5);
    }

    #[test]
    fn fide_under_half_the_games_removes_every_result_of_the_player() {
        // 5 played only 5-1 (a win over 1): 2·1 < 4, removed. The win leaves
        // the standings for both (shown in parentheses), 5-2, 5-3, 4-5 are
        // cancelled. Scores: 1: 2+1+2 = 5, 2: 0+2+1 = 3, 3: 1+0 = 1, 4: 0+1 = 1.
        let mut f = t4().fixtures().to_vec();
        f[1].outcome = P;
        let t = Crosstable::from_fixtures(5, &f).withdraw(&[5], WithdrawalPolicy::Fide);
        assert_eq!(t.treatment(5), Some(Treatment::Removed));
        assert_eq!(scores(&t), [5, 3, 1, 1, 0]);
        assert_eq!(t.marks(5, 1), [cell(Mark::Played(2), false)]);
        assert_eq!(t.marks(1, 5), [cell(Mark::Played(0), false)]);
        assert_eq!(t.marks(2, 5), [cell(Mark::Cancelled, false)]);
        assert_eq!(t.row_total(5), 2);
        assert_eq!((t.games(1), t.row_games(1)), (3, 4));
        assert!(!t.ranked(5));
        let s = t.standings(&[TieBreak::SonnebornBerger]);
        assert_eq!(s.iter().map(|r| r.player).collect::<Vec<_>>(), [1, 2, 3, 4]);
        // SB leaves the removed game out: SB(1) = 2·S2 + 1·S3 + 2·S4 in
        // half-points = 2·3 + 1·1 + 2·1 = 9 quarter-points.
        assert_eq!(s[0].tiebreaks, [9]);
    }

    #[test]
    fn lss_at_half_the_games_scores_every_game_of_the_player_lost() {
        // 2 of 4 played: 2·2 ≤ 4, all lost: 5's win over 1 and draw with 2
        // become "+" for 1 and 2, and 5-3, 4-5 "+" for 3 and 4.
        // Scores: 1: 2+2+1+2 = 7, 2: 2+0+2+1 = 5, 3: 2+1+0 = 3, 4: 2+0+1 = 3.
        let t = t4().withdraw(&[5], WithdrawalPolicy::Lss);
        assert_eq!(t.treatment(5), Some(Treatment::AllLost));
        assert_eq!(scores(&t), [7, 5, 3, 3, 0]);
        assert_eq!(t.marks(1, 5), [cell(Mark::ForfeitWin, true)]);
        assert_eq!(t.marks(5, 2), [cell(Mark::ForfeitLoss, true)]);
        assert!(t.ranked(5));
    }

    #[test]
    fn lss_over_half_the_games_loses_only_the_remaining_ones() {
        // 5 also played 5-3 (lost it): 3 of 4, only 4-5 is lost.
        let mut f = t4().fixtures().to_vec();
        f[2].outcome = B;
        let t = Crosstable::from_fixtures(5, &f).withdraw(&[5], WithdrawalPolicy::Lss);
        assert_eq!(t.treatment(5), Some(Treatment::RemainingLost));
        assert_eq!(t.score(5), 3);
        assert_eq!(t.marks(5, 1), [cell(Mark::Played(2), true)]);
        assert_eq!(t.marks(4, 5), [cell(Mark::ForfeitWin, true)]);
    }

    #[test]
    fn fmjd_at_half_the_games_voids_the_players_own_total_only() {
        // 2 of 4 played, not over 50 %: 5-3 and 4-5 lost, 5's own row does
        // not count and he has no place; 1 keeps his loss to 5 and 2 the draw.
        // Scores: 1: 5, 2: 4, 3: 1+0+2 = 3, 4: 0+1+2 = 3; 5's row shows 2+1 = 3.
        let t = t4().withdraw(&[5], WithdrawalPolicy::Fmjd);
        assert_eq!(t.treatment(5), Some(Treatment::PointsVoid));
        assert_eq!(scores(&t), [5, 4, 3, 3, 0]);
        assert_eq!(t.row_total(5), 3);
        assert_eq!(t.marks(5, 1), [cell(Mark::Played(2), false)]);
        assert_eq!(t.marks(1, 5), [cell(Mark::Played(0), true)]);
        assert_eq!(t.marks(3, 5), [cell(Mark::ForfeitWin, true)]);
        assert!(!t.ranked(5));
        assert_eq!(t.standings(&[]).len(), 4);
    }

    #[test]
    fn fmjd_over_half_the_games_lets_the_total_stand() {
        let mut f = t4().fixtures().to_vec();
        f[2].outcome = B;
        let t = Crosstable::from_fixtures(5, &f).withdraw(&[5], WithdrawalPolicy::Fmjd);
        assert_eq!(t.treatment(5), Some(Treatment::RemainingLost));
        assert_eq!(t.score(5), 3);
        assert!(t.ranked(5));
    }

    #[test]
    fn two_withdrawn_players_who_must_both_lose_a_game_lose_it_by_double_forfeit() {
        // 4 and 5 both withdraw; each played 2 of 4 (4: 1-4, 4-2). Under FIDE
        // both keep their results, and their game 4-5 is lost by both.
        let t = t4().withdraw(&[5, 4, 9, 4], WithdrawalPolicy::Fide);
        assert_eq!(t.withdrawn(), [4, 5]);
        assert_eq!(t.marks(4, 5), [cell(Mark::DoubleForfeit, true)]);
        assert_eq!(t.marks(3, 4), [cell(Mark::ForfeitWin, true)]);
        // Withdrawing nobody again restores the table as played.
        let back = t.withdraw(&[], WithdrawalPolicy::Fide);
        assert_eq!(back, t4());
    }
}
