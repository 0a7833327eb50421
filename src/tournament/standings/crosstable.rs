//! The crosstable: the fixtures of a round robin with what became of each, the
//! cells the table shows, and the scores.
//!
//! A fixture is one game of the playing order between two personal numbers;
//! its [`Outcome`] is a result over the board, a forfeit (scored, but not a game
//! played: TOURNAMENTS.md, "Scoring"), a double forfeit ("−/−": both lose), a
//! game not finished yet, or a cancelled one. The withdrawal rules
//! ([`super::withdrawal`]) rescore fixtures and may leave games out of the
//! standings; the table still shows them, marked ([`Cell::counted`]).

use super::Played;
use super::withdrawal::{self, Treatment, WithdrawalPolicy};
use crate::rules::{Color, GameResult};

/// What became of one game of the playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Played to this result over the board.
    Played(GameResult),
    /// Won by forfeit: the winner scores a win ("+"), the loser nothing ("−");
    /// not a game played.
    Forfeit {
        /// The side that won.
        winner: Color,
    },
    /// Both players lost by forfeit ("−/−"): nobody scores.
    DoubleForfeit,
    /// Not finished yet.
    Pending,
    /// Will never be played and counts for nobody (an annulled game, or a
    /// withdrawn player's game under the FIDE rule).
    Cancelled,
}

/// One game of the playing order and its outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fixture {
    /// White's number.
    pub white: u32,
    /// Black's number.
    pub black: u32,
    /// What became of it.
    pub outcome: Outcome,
}

impl From<Played> for Fixture {
    fn from(g: Played) -> Fixture {
        let outcome = match (g.forfeit, g.result.winner()) {
            (true, Some(winner)) => Outcome::Forfeit { winner },
            _ => Outcome::Played(g.result),
        };
        Fixture {
            white: g.white,
            black: g.black,
            outcome,
        }
    }
}

/// One game as a crosstable cell shows it, from the row player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// Played over the board: the half-points the row player took (2, 1 or 0).
    Played(u32),
    /// Won by forfeit, or by a withdrawal rule: "+".
    ForfeitWin,
    /// Lost by forfeit, or by a withdrawal rule: "−".
    ForfeitLoss,
    /// Both players lost by forfeit: "−" in both cells (the pair reads "−/−").
    DoubleForfeit,
    /// Not finished yet.
    Pending,
    /// Never to be played, counts for nobody.
    Cancelled,
}

impl Mark {
    /// The half-points this game gives the row player, `None` while it has no
    /// result (pending or cancelled).
    #[must_use]
    pub fn points(self) -> Option<u32> {
        match self {
            Mark::Played(h) => Some(h),
            Mark::ForfeitWin => Some(2),
            Mark::ForfeitLoss | Mark::DoubleForfeit => Some(0),
            Mark::Pending | Mark::Cancelled => None,
        }
    }

    /// Whether the two players met: a result between them, over the board or
    /// by forfeit (not a double forfeit, where neither came).
    #[must_use]
    pub fn met(self) -> bool {
        matches!(self, Mark::Played(_) | Mark::ForfeitWin | Mark::ForfeitLoss)
    }
}

/// One game of a crosstable cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Cell {
    /// What the cell shows.
    pub mark: Mark,
    /// Whether it counts in the row player's score; `false` when a withdrawal
    /// rule left it out of the standings (the table prints it in parentheses).
    pub counted: bool,
}

/// A fixture as scored, after the withdrawal rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Scored {
    pub white: u32,
    pub black: u32,
    pub outcome: Outcome,
    /// Whether it counts for White, for Black.
    pub counted: [bool; 2],
    /// Whether it was played over the board (as given, before any rescoring).
    pub board: bool,
}

/// One scored game from one player's side.
#[derive(Clone, Copy, Debug)]
pub(super) struct ScoredGame {
    pub opponent: u32,
    pub mark: Mark,
    pub counted: bool,
    pub black: bool,
    pub board: bool,
}

impl Scored {
    pub(super) fn unchanged(f: &Fixture) -> Scored {
        Scored {
            white: f.white,
            black: f.black,
            outcome: f.outcome,
            counted: [true, true],
            board: matches!(f.outcome, Outcome::Played(_)),
        }
    }

    /// The game from `player`'s side, `None` if he is not in it.
    pub(super) fn side(&self, player: u32) -> Option<ScoredGame> {
        let color = if player == self.white {
            Color::White
        } else if player == self.black {
            Color::Black
        } else {
            return None;
        };
        let mark = match self.outcome {
            Outcome::Played(r) => Mark::Played(match r.winner() {
                None => 1,
                Some(w) if w == color => 2,
                Some(_) => 0,
            }),
            Outcome::Forfeit { winner } if winner == color => Mark::ForfeitWin,
            Outcome::Forfeit { .. } => Mark::ForfeitLoss,
            Outcome::DoubleForfeit => Mark::DoubleForfeit,
            Outcome::Pending => Mark::Pending,
            Outcome::Cancelled => Mark::Cancelled,
        };
        let black = color == Color::Black;
        Some(ScoredGame {
            opponent: if black { self.white } else { self.black },
            mark,
            counted: self.counted[usize::from(black)],
            black,
            board: self.board,
        })
    }
}

/// The crosstable: the fixtures, what became of each, and the withdrawals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    players: u32,
    given: Vec<Fixture>,
    policy: WithdrawalPolicy,
    withdrawn: Vec<(u32, Treatment)>,
    scored: Vec<Scored>,
}

impl Crosstable {
    /// The crosstable of `players` players (numbers 1..=players) from the
    /// finished games; games naming another number are left out.
    #[must_use]
    pub fn new(players: u32, games: &[Played]) -> Crosstable {
        let fixtures: Vec<Fixture> = games.iter().map(|&g| g.into()).collect();
        Crosstable::from_fixtures(players, &fixtures)
    }

    /// The crosstable from the whole playing order: finished games, forfeits,
    /// double forfeits and the games not finished yet (which the withdrawal
    /// rules need, and the table shows as not played). Fixtures naming another
    /// number, or a player against himself, are left out. The games of a pair
    /// appear in its cell in the order given (the round order, for a double
    /// round robin).
    #[must_use]
    pub fn from_fixtures(players: u32, fixtures: &[Fixture]) -> Crosstable {
        let ok = |n: u32| (1..=players).contains(&n);
        let given: Vec<Fixture> = fixtures
            .iter()
            .copied()
            .filter(|f| ok(f.white) && ok(f.black) && f.white != f.black)
            .collect();
        let scored = given.iter().map(Scored::unchanged).collect();
        Crosstable {
            players,
            given,
            policy: WithdrawalPolicy::default(),
            withdrawn: Vec::new(),
            scored,
        }
    }

    /// The same table with `withdrawn` (every player who has withdrawn so
    /// far; it replaces an earlier list) treated by `policy`: each one's
    /// [`Treatment`] follows from the share of his games played over the board
    /// (see [`WithdrawalPolicy::treatment`]), and his fixtures are rescored.
    #[must_use]
    pub fn withdraw(mut self, withdrawn: &[u32], policy: WithdrawalPolicy) -> Crosstable {
        self.policy = policy;
        self.withdrawn = withdrawal::treatments(&self.given, self.players, withdrawn, policy);
        self.scored = withdrawal::apply(&self.given, &self.withdrawn);
        self
    }

    /// The fixtures as given, before any withdrawal rule.
    #[must_use]
    pub fn fixtures(&self) -> &[Fixture] {
        &self.given
    }

    /// The number of players.
    #[must_use]
    pub fn players(&self) -> u32 {
        self.players
    }

    /// The withdrawal rule in force.
    #[must_use]
    pub fn policy(&self) -> WithdrawalPolicy {
        self.policy
    }

    /// The players who withdrew, ascending.
    #[must_use]
    pub fn withdrawn(&self) -> Vec<u32> {
        self.withdrawn.iter().map(|&(p, _)| p).collect()
    }

    /// How a withdrawn player's games were treated, `None` for one who stays.
    #[must_use]
    pub fn treatment(&self, player: u32) -> Option<Treatment> {
        self.withdrawn
            .iter()
            .find(|&&(p, _)| p == player)
            .map(|&(_, t)| t)
    }

    /// Whether the player has a place in the standings (a withdrawn player may
    /// have lost it: [`Treatment::ranked`]).
    #[must_use]
    pub fn ranked(&self, player: u32) -> bool {
        (1..=self.players).contains(&player) && self.treatment(player).is_none_or(Treatment::ranked)
    }

    /// Every scored game of `player`.
    pub(super) fn sides(&self, player: u32) -> impl Iterator<Item = ScoredGame> + '_ {
        self.scored.iter().filter_map(move |g| g.side(player))
    }

    /// The cell of `a`'s row in `b`'s column: each of their games from `a`'s
    /// side, in the order given. Empty on the diagonal and for a pair with no
    /// fixture.
    #[must_use]
    pub fn marks(&self, a: u32, b: u32) -> Vec<Cell> {
        self.sides(a)
            .filter(|s| s.opponent == b)
            .map(|s| Cell {
                mark: s.mark,
                counted: s.counted,
            })
            .collect()
    }

    /// The half-points `a` took from `b` over the games they met in that count
    /// for `a` (over the board or by forfeit), and how many such games there
    /// were (`None` when they have not met).
    #[must_use]
    pub fn cell(&self, a: u32, b: u32) -> Option<(u32, u32)> {
        let (points, games) = self
            .sides(a)
            .filter(|s| s.opponent == b && s.counted && s.mark.met())
            .fold((0, 0), |(p, n), s| {
                (p + s.mark.points().unwrap_or(0), n + 1)
            });
        (games > 0).then_some((points, games))
    }

    /// A player's score in half-points: his results that count.
    #[must_use]
    pub fn score(&self, player: u32) -> u32 {
        self.sides(player)
            .filter(|s| s.counted)
            .filter_map(|s| s.mark.points())
            .sum()
    }

    /// How many of a player's games have a result that counts (forfeits and
    /// double forfeits included): the "of 5" of "3½ of 5".
    #[must_use]
    pub fn games(&self, player: u32) -> u32 {
        self.sides(player)
            .filter(|s| s.counted && s.mark.points().is_some())
            .count() as u32
    }

    /// The half-points of a player's row as the table shows it, counted or not
    /// (what a player left out of the standings scored, in parentheses).
    #[must_use]
    pub fn row_total(&self, player: u32) -> u32 {
        self.sides(player).filter_map(|s| s.mark.points()).sum()
    }

    /// A player's match points, for micro-matches: over each opponent whose
    /// games with him all have a result that counts (the match is over), 2
    /// for a match won on game points, 1 drawn, 0 lost; a match with a game
    /// still to play scores nothing yet.
    #[must_use]
    pub fn match_points(&self, player: u32) -> u32 {
        (1..=self.players)
            .filter(|&o| o != player)
            .filter_map(|o| {
                let games: Vec<ScoredGame> =
                    self.sides(player).filter(|s| s.opponent == o).collect();
                let over = !games.is_empty()
                    && games.iter().all(|s| s.counted && s.mark.points().is_some());
                over.then(|| {
                    let mine: u32 = games.iter().filter_map(|s| s.mark.points()).sum();
                    let theirs: u32 = self
                        .sides(o)
                        .filter(|s| s.opponent == player)
                        .filter_map(|s| s.mark.points())
                        .sum();
                    match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    }
                })
            })
            .sum()
    }

    /// How many games of a player's row have a result, counted or not.
    #[must_use]
    pub fn row_games(&self, player: u32) -> u32 {
        self.sides(player)
            .filter(|s| s.mark.points().is_some())
            .count() as u32
    }

    /// The most games any player has that count or will count for him
    /// (results and pending games, not cancelled ones): the maximum score of
    /// the tournament is twice this in half-points.
    pub(super) fn max_games(&self) -> u32 {
        (1..=self.players)
            .map(|p| {
                self.sides(p)
                    .filter(|s| s.counted && s.mark != Mark::Cancelled)
                    .count() as u32
            })
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) fn fx(white: u32, black: u32, outcome: Outcome) -> Fixture {
        Fixture {
            white,
            black,
            outcome,
        }
    }

    pub(crate) const W: Outcome = Outcome::Played(GameResult::WhiteWins);
    pub(crate) const B: Outcome = Outcome::Played(GameResult::BlackWins);
    pub(crate) const D: Outcome = Outcome::Played(GameResult::Draw);
    pub(crate) const WF: Outcome = Outcome::Forfeit {
        winner: Color::White,
    };
    pub(crate) const BF: Outcome = Outcome::Forfeit {
        winner: Color::Black,
    };
    pub(crate) const P: Outcome = Outcome::Pending;

    /// Worked example T2: five players, a single round robin half-way
    /// (the Berger table of 6, number 6 the bye), with a forfeit, a double
    /// forfeit and three games not finished.
    ///
    /// ```text
    ///      1  2  3  4  5   Pts   games: 2-5 1-0, 3-4 ½, 5-3 forfeit for 3,
    ///  1   ×  1  1  ·  ·   2            1-2 1-0, 3-1 0-1, 4-5 double forfeit,
    ///  2   0  ×  ·  1  1   2            4-2 0-1; 1-4, 2-3, 5-1 not played yet
    ///  3   0  ·  ×  ½  +   1½
    ///  4   ·  0  ½  ×  −   ½
    ///  5   ·  0  −  −  ×   0
    /// ```
    pub(crate) fn t2() -> Crosstable {
        let f = [
            fx(2, 5, W),
            fx(3, 4, D),
            fx(5, 3, BF),
            fx(1, 2, W),
            fx(3, 1, B),
            fx(4, 5, Outcome::DoubleForfeit),
            fx(1, 4, P),
            fx(2, 3, P),
            fx(4, 2, B),
            fx(5, 1, P),
        ];
        Crosstable::from_fixtures(5, &f)
    }

    #[test]
    fn forfeits_score_as_results_but_are_not_games_met_over_the_board() {
        let t = t2();
        assert_eq!(
            (1..=5).map(|p| t.score(p)).collect::<Vec<_>>(),
            [4, 4, 3, 1, 0]
        );
        assert_eq!(
            (1..=5).map(|p| t.games(p)).collect::<Vec<_>>(),
            [2, 3, 3, 3, 3]
        );
        let c = |mark| Cell {
            mark,
            counted: true,
        };
        assert_eq!(t.marks(3, 5), [c(Mark::ForfeitWin)]);
        assert_eq!(t.marks(5, 3), [c(Mark::ForfeitLoss)]);
        assert_eq!(t.marks(4, 5), [c(Mark::DoubleForfeit)]);
        assert_eq!(t.marks(5, 4), [c(Mark::DoubleForfeit)]);
        assert_eq!(t.marks(1, 4), [c(Mark::Pending)]);
        assert_eq!(t.marks(1, 1), []);
        // 3 and 5 met by forfeit, 4 and 5 did not meet at all.
        assert_eq!(t.cell(3, 5), Some((2, 1)));
        assert_eq!(t.cell(4, 5), None);
        assert_eq!(t.cell(1, 4), None);
        assert!((1..=5).all(|p| t.ranked(p)));
    }

    /// Micro-matches of two games among 3 players: 1-2 is 1½-½ (won by 1),
    /// 1-3 is 1-1 (drawn), 2-3 has a game still to play (no match points
    /// yet). Match points: 1: 2 + 1 = 3; 2: 0; 3: 1.
    #[test]
    fn match_points_count_two_for_a_match_won_one_for_a_drawn_one_and_none_before_its_end() {
        let f = [
            fx(1, 2, W),
            fx(2, 1, D),
            fx(1, 3, W),
            fx(3, 1, W),
            fx(2, 3, W),
            fx(3, 2, P),
        ];
        let t = Crosstable::from_fixtures(3, &f);
        assert_eq!(
            (1..=3).map(|p| t.match_points(p)).collect::<Vec<_>>(),
            [3, 0, 1]
        );
    }

    #[test]
    fn a_forfeit_flag_on_a_played_game_makes_a_forfeit_fixture() {
        let won = Played {
            white: 1,
            black: 2,
            result: GameResult::BlackWins,
            forfeit: true,
        };
        assert_eq!(Fixture::from(won).outcome, BF);
        let drawn = Played {
            result: GameResult::Draw,
            ..won
        };
        assert_eq!(Fixture::from(drawn).outcome, D);
        let t = Crosstable::new(3, &[won, Played { white: 4, ..won }]);
        assert_eq!(t.marks(2, 1)[0].mark, Mark::ForfeitWin);
        assert_eq!(t.score(2), 2);
        assert_eq!(t.games(1), 1);
    }
}
