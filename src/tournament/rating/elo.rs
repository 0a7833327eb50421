//! The ICCF/IECG Elo model, as the IECG Rating Rules (version 1.7, 27 May
//! 1999, iecg.org/Ratrul.htm) write ICCF's tables in closed form:
//!
//! - the expected score of a player rated `D` points above the opponent is
//!   `P(D) = 1/(1+10^(-D/400))` (I.3);
//! - a percentage score `p` is worth `D(p) = -400·log10((1-p)/p)` points
//!   over the opponents' average, `D(0) = -800`, `D(1) = 800` (I.4), and
//!   `p = (2W + D)/(2N)` (I.6);
//! - a **provisional** rating is the performance over every game so far,
//!   `Rp = Ra + D(p)·F` with the correction `F = -2p² + 2p + 0.5` (IV.1), as
//!   the worked example (iecg.org/Ratexam.htm) prints it: the opponents'
//!   average `Ra` in whole points, `p` in hundredths, `D(p)` in whole
//!   points, `Rp` rounded to whole points;
//! - a player is provisional for the first [`PROVISIONAL_GAMES`] games,
//!   **unfixed** until [`FIXED_GAMES`] and **fixed** from then on (ICCF's
//!   three phases);
//! - an unfixed rating is the mean of the old rating and the period's
//!   performance, weighted by their numbers of games;
//! - a fixed rating changes by `dR = K·(W − We)` over the period's batch
//!   (IECG V), with [`k_factor`].
//!
//! A player without a rated game enters at [`START_RATING`] (the IECG
//! example's starting rating). All ratings are whole points.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;

use super::{Batch, Calculation, Line, RatedGame, Rating, Status, sides};
use crate::vocabulary::PlayerId;

/// Games after which a provisional rating becomes unfixed.
pub const PROVISIONAL_GAMES: u32 = 12;
/// Games after which a rating is fixed.
pub const FIXED_GAMES: u32 = 30;
/// The rating of a player without a rated game.
pub const START_RATING: f64 = 1800.0;

/// The expected score `P(D) = 1/(1+10^(-D/400))` of a player rated
/// `difference` points above the opponent.
#[must_use]
pub fn expected_score(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / 400.0))
}

/// The rating difference `D(p) = -400·log10((1-p)/p)` that a percentage
/// score `p` (0 to 1) is worth; `D(0) = -800`, `D(1) = 800`.
#[must_use]
pub fn performance_difference(p: f64) -> f64 {
    if p <= 0.0 {
        -800.0
    } else if p >= 1.0 {
        800.0
    } else {
        -400.0 * ((1.0 - p) / p).log10()
    }
}

/// The correction `F = -2p² + 2p + 0.5` of a provisional rating.
#[must_use]
pub fn correction(p: f64) -> f64 {
    -2.0 * p * p + 2.0 * p + 0.5
}

/// The development coefficient of a fixed rating: 20 below 2000 points,
/// 10 from 2000 on (the two levels ICCF's K settles at, per its rating
/// rules as explained by the Welsh CCF, welshccf.org.uk/article/840).
#[must_use]
pub fn k_factor(rating: f64) -> f64 {
    if rating < 2000.0 { 20.0 } else { 10.0 }
}

/// A performance rating `Rp = Ra + D(p)·F`, each step rounded as the IECG
/// example prints it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Performance {
    /// Games counted, N.
    pub games: u32,
    /// Points scored.
    pub score: f64,
    /// The opponents' average rating Ra, whole points.
    pub opponents_average: f64,
    /// The percentage score p, in hundredths.
    pub percentage: f64,
    /// D(p), whole points.
    pub difference: f64,
    /// The correction F.
    pub correction: f64,
    /// Rp, whole points.
    pub rating: f64,
}

/// The performance over `games` games against opponents whose ratings sum
/// to `opponents_sum`, having scored `score` points (IECG IV.1).
#[must_use]
pub fn performance(opponents_sum: f64, games: u32, score: f64) -> Performance {
    let n = f64::from(games.max(1));
    let opponents_average = (opponents_sum / n).round();
    let percentage = (score / n * 100.0).round() / 100.0;
    let difference = performance_difference(percentage).round();
    let correction = correction(percentage);
    Performance {
        games,
        score,
        opponents_average,
        percentage,
        difference,
        correction,
        rating: (opponents_average + difference * correction).round(),
    }
}

/// A player's running totals.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    rating: f64,
    games: u32,
    opponents_sum: f64,
    score: f64,
}

/// Rates the periods in order (see the module's rules).
pub(super) fn rate_periods(periods: &BTreeMap<NaiveDate, Vec<RatedGame>>) -> Vec<Batch> {
    let mut totals: HashMap<PlayerId, Totals> = HashMap::new();
    let mut batches = Vec::new();
    for (&period, games) in periods {
        let entry = |p: PlayerId| totals.get(&p).map_or(START_RATING, |t| t.rating);
        let mut done = Vec::new();
        for (player, played) in sides(games) {
            let own = entry(player);
            let old = totals.get(&player).copied().unwrap_or(Totals {
                rating: START_RATING,
                ..Totals::default()
            });
            let mut lines: Vec<Line> = played
                .iter()
                .map(|&(game, opponent, score)| {
                    let opponent_rating = entry(opponent);
                    Line {
                        game,
                        opponent,
                        opponent_rating,
                        expected: expected_score(own - opponent_rating),
                        score,
                        change: None,
                    }
                })
                .collect();
            let m = u32::try_from(lines.len()).unwrap_or(u32::MAX);
            let sum_opp: f64 = lines.iter().map(|l| l.opponent_rating).sum();
            let sum_score: f64 = lines.iter().map(|l| l.score).sum();
            let mut new = Totals {
                rating: old.rating,
                games: old.games + m,
                opponents_sum: old.opponents_sum + sum_opp,
                score: old.score + sum_score,
            };
            let calculation = if old.games < PROVISIONAL_GAMES {
                let p = performance(new.opponents_sum, new.games, new.score);
                new.rating = p.rating;
                Calculation::Performance(p)
            } else if old.games < FIXED_GAMES {
                let p = performance(sum_opp, m, sum_score);
                new.rating = ((f64::from(old.games) * old.rating + f64::from(m) * p.rating)
                    / f64::from(new.games))
                .round();
                Calculation::Weighted {
                    old_games: old.games,
                    old_rating: old.rating,
                    performance: p,
                }
            } else {
                let k = k_factor(old.rating);
                for l in &mut lines {
                    l.change = Some(k * (l.score - l.expected));
                }
                let expected: f64 = lines.iter().map(|l| l.expected).sum();
                new.rating = (old.rating + k * (sum_score - expected)).round();
                Calculation::Fixed {
                    k,
                    score: sum_score,
                    expected,
                }
            };
            batches.push(Batch {
                player,
                period,
                games_before: old.games,
                before: elo_rating(old.rating),
                after: elo_rating(new.rating),
                lines,
                calculation,
                status: Some(Status::after(new.games)),
            });
            done.push((player, new));
        }
        for (player, t) in done {
            totals.insert(player, t);
        }
    }
    batches
}

fn elo_rating(value: f64) -> Rating {
    Rating {
        value,
        deviation: None,
        volatility: None,
    }
}
