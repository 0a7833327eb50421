//! Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013,
//! glicko.net/glicko/glicko2.pdf) through the `skillratings` crate: each
//! period is one rating period of the algorithm, with the system constant
//! τ = [`TAU`]; a new player enters at 1500, RD 350, σ 0.06; a rated player
//! who sits a period out has the deviation grow, `φ' = √(φ² + σ²)` (capped
//! at 350), before the next period that player plays.
//!
//! Each game's share of the change is printed as the algorithm adds it:
//! `173.7178 · φ'² · g(φⱼ) · (sⱼ − Eⱼ)`, so the shares sum to the change.

use std::collections::{BTreeMap, HashMap};

use chrono::{Months, NaiveDate};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2_rating_period};

use super::{Batch, Calculation, Line, RatedGame, Rating, sides};
use crate::vocabulary::PlayerId;

/// The system constant τ (Glickman: "reasonable choices are between 0.3
/// and 1.2"); his worked example uses 0.5.
pub const TAU: f64 = 0.5;

/// Glickman's scale factor between the Glicko and the Glicko-2 scale.
const SCALE: f64 = 173.7178;

/// One rating period for `player` against `results` (opponent, score 1/½/0).
#[must_use]
pub fn period(player: &Glicko2Rating, results: &[(Glicko2Rating, f64)]) -> Glicko2Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|&(r, s)| {
            let outcome = if s > 0.75 {
                Outcomes::WIN
            } else if s < 0.25 {
                Outcomes::LOSS
            } else {
                Outcomes::DRAW
            };
            (r, outcome)
        })
        .collect();
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    glicko2_rating_period(player, &results, &config)
}

/// `g(φ) = 1/√(1 + 3φ²/π²)` on the Glicko-2 scale.
fn g(phi: f64) -> f64 {
    (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI))
        .sqrt()
        .recip()
}

/// The expected score of `player` against `opponent`:
/// `E = 1/(1 + exp(−g(φⱼ)(μ − μⱼ)))`.
#[must_use]
pub fn expected(player: &Glicko2Rating, opponent: &Glicko2Rating) -> f64 {
    let mu = (player.rating - 1500.0) / SCALE;
    let mu_j = (opponent.rating - 1500.0) / SCALE;
    let g = g(opponent.deviation / SCALE);
    (1.0 + (-g * (mu - mu_j)).exp()).recip()
}

fn rating(r: Glicko2Rating) -> Rating {
    Rating {
        value: r.rating,
        deviation: Some(r.deviation),
        volatility: Some(r.volatility),
    }
}

/// Rates the periods in order; the quarters without a game still count for
/// the deviation of the players who sat them out.
pub(super) fn rate_periods(periods: &BTreeMap<NaiveDate, Vec<RatedGame>>) -> Vec<Batch> {
    let mut state: HashMap<PlayerId, (Glicko2Rating, u32)> = HashMap::new();
    let mut batches = Vec::new();
    let (Some(&first), Some(&last)) = (periods.keys().next(), periods.keys().next_back()) else {
        return batches;
    };
    let empty = Vec::new();
    let mut period_start = first;
    while period_start <= last {
        let games = periods.get(&period_start).unwrap_or(&empty);
        let by = sides(games);
        let entry = |p: PlayerId| state.get(&p).map_or_else(Glicko2Rating::new, |s| s.0);
        let mut done = Vec::new();
        for (player, played) in &by {
            let before = entry(*player);
            let results: Vec<(Glicko2Rating, f64)> =
                played.iter().map(|&(_, o, s)| (entry(o), s)).collect();
            let after = period(&before, &results);
            let phi_after = after.deviation / SCALE;
            let lines = played
                .iter()
                .map(|&(game, opponent, score)| {
                    let opp = entry(opponent);
                    let e = expected(&before, &opp);
                    Line {
                        game,
                        opponent,
                        opponent_rating: opp.rating,
                        expected: e,
                        score,
                        change: Some(
                            SCALE * phi_after * phi_after * g(opp.deviation / SCALE) * (score - e),
                        ),
                    }
                })
                .collect::<Vec<_>>();
            let games_before = state.get(player).map_or(0, |s| s.1);
            batches.push(Batch {
                player: *player,
                period: period_start,
                games_before,
                before: rating(before),
                after: rating(after),
                lines,
                calculation: Calculation::Glicko2,
                status: None,
            });
            let n = u32::try_from(played.len()).unwrap_or(u32::MAX);
            done.push((*player, (after, games_before + n)));
        }
        for (player, s) in state.iter_mut() {
            if !by.contains_key(player) {
                s.0 = decay_deviation(&s.0);
            }
        }
        for (player, s) in done {
            state.insert(player, s);
        }
        period_start = period_start
            .checked_add_months(Months::new(3))
            .unwrap_or(NaiveDate::MAX);
    }
    batches
}
