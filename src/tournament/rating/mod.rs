//! Rating lists: per variant, over every rated finished game, under one of
//! two models ([`Model`]): the ICCF/IECG Elo model ([`elo`]) or Glicko-2
//! ([`glicko2`], through the `skillratings` crate). Pure: the games come in
//! as values, the history goes out as values; nothing here reads a clock.
//!
//! Both models rate in **periods** (ICCF publishes its list quarterly, IECG
//! two-monthly): a game counts in the calendar quarter in which its result
//! was recorded (its `finished_at`, UTC). Within a period every expected
//! score uses the ratings of the list before the period (the entry ratings,
//! IECG Rating Rules II.3), so the order of games inside a period does not
//! matter; a player's games of one period are one batch (IECG II.4).
//!
//! The whole history is recomputed from the games each time ([`rate`]): a
//! list under the other model is the same call with the other [`Model`].

pub mod elo;
pub mod entry;
pub mod glicko2;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use std::collections::BTreeMap;

use crate::rules::GameResult;
use crate::vocabulary::{GameId, PlayerId};

/// How a list rates its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Model {
    /// ICCF/IECG Elo: provisional (performance over the first 12 games),
    /// unfixed (12 to 29 games), fixed (30 games on).
    Elo,
    /// Glicko-2 (Glickman): a rating, a rating deviation and a volatility.
    Glicko2,
}

impl Model {
    /// The model's name as the store and the command line write it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Model::Elo => "elo",
            Model::Glicko2 => "glicko2",
        }
    }
}

impl std::str::FromStr for Model {
    type Err = UnknownModel;
    fn from_str(s: &str) -> Result<Model, UnknownModel> {
        match s.trim().to_ascii_lowercase().as_str() {
            "elo" | "iccf" | "iecg" => Ok(Model::Elo),
            "glicko2" | "glicko-2" => Ok(Model::Glicko2),
            _ => Err(UnknownModel),
        }
    }
}

impl std::fmt::Display for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A model name that is neither `elo` nor `glicko2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown rating model (elo, glicko2)")]
pub struct UnknownModel;

/// One rated, finished game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedGame {
    /// The game.
    pub game: GameId,
    /// White (the first mover).
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// The result.
    pub result: GameResult,
    /// When the result was recorded: it decides the period.
    pub finished_at: DateTime<Utc>,
}

/// The first day of the rating period (calendar quarter) holding `date`.
#[must_use]
pub fn period_of(date: NaiveDate) -> NaiveDate {
    let month = (date.month0() / 3) * 3 + 1;
    NaiveDate::from_ymd_opt(date.year(), month, 1).unwrap_or(date)
}

/// White's score in a game: 1, ½ or 0.
#[must_use]
pub fn white_score(result: GameResult) -> f64 {
    match result {
        GameResult::WhiteWins => 1.0,
        GameResult::Draw => 0.5,
        GameResult::BlackWins => 0.0,
    }
}

/// A player's standing under the Elo model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Fewer than 12 rated games: the rating is the performance over them.
    Provisional,
    /// 12 to 29 games.
    Unfixed,
    /// 30 games or more.
    Fixed,
}

impl Status {
    /// The standing after `games` rated games.
    #[must_use]
    pub fn after(games: u32) -> Status {
        if games < elo::PROVISIONAL_GAMES {
            Status::Provisional
        } else if games < elo::FIXED_GAMES {
            Status::Unfixed
        } else {
            Status::Fixed
        }
    }
}

/// A rating: the number, and under Glicko-2 its deviation and volatility.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Rating {
    /// Rating points.
    pub value: f64,
    /// Glicko-2 rating deviation (rating points); `None` under Elo.
    pub deviation: Option<f64>,
    /// Glicko-2 volatility; `None` under Elo.
    pub volatility: Option<f64>,
}

/// One game of a batch, from the rated player's side, as a federation
/// prints it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Line {
    /// The game.
    pub game: GameId,
    /// The opponent.
    pub opponent: PlayerId,
    /// The opponent's entry rating (the list before the period).
    pub opponent_rating: f64,
    /// The expected score, 0 to 1.
    pub expected: f64,
    /// The score: 1, ½ or 0.
    pub score: f64,
    /// The change this game brought, in rating points; `None` where the
    /// model rates the batch as a whole (Elo's provisional and unfixed
    /// ratings are performances, not sums of changes).
    pub change: Option<f64>,
}

/// How a batch's new rating was reached.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Calculation {
    /// Elo, provisional: the performance over every game so far,
    /// `Rp = Ra + D(p)·F` (IECG Rating Rules IV.1).
    Performance(elo::Performance),
    /// Elo, unfixed: the mean of the old rating and the period's
    /// performance weighted by their games.
    Weighted {
        /// Games before the period.
        old_games: u32,
        /// The rating before the period.
        old_rating: f64,
        /// The period's performance.
        performance: elo::Performance,
    },
    /// Elo, fixed: `dR = K·(W − We)` summed over the batch.
    Fixed {
        /// The development coefficient.
        k: f64,
        /// The score, W.
        score: f64,
        /// The expected score, We.
        expected: f64,
    },
    /// Glicko-2: one rating period of Glickman's algorithm.
    Glicko2,
}

/// A player's games of one period and what they did to the rating.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Batch {
    /// The player.
    pub player: PlayerId,
    /// The period's first day.
    pub period: NaiveDate,
    /// Rated games before the period.
    pub games_before: u32,
    /// The rating before the period (the entry rating).
    pub before: Rating,
    /// The rating after it.
    pub after: Rating,
    /// The games, in the order they finished.
    pub lines: Vec<Line>,
    /// How `after` was reached.
    pub calculation: Calculation,
    /// Elo's standing after the period; `None` under Glicko-2.
    pub status: Option<Status>,
}

/// One row of a rating list.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Row {
    /// Place on the list, from 1 (equal ratings share the place of the first).
    pub place: u32,
    /// The player.
    pub player: PlayerId,
    /// The rating.
    pub rating: Rating,
    /// Rated games.
    pub games: u32,
    /// Elo's standing; `None` under Glicko-2.
    pub status: Option<Status>,
}

/// The rated history of a variant: every batch, period by period.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct History {
    /// The model.
    pub model: Model,
    /// Every batch, periods in order, players by id within a period.
    pub batches: Vec<Batch>,
}

impl History {
    /// The list after the last period: every player with a rated game, the
    /// highest rating first (ties by player id).
    #[must_use]
    pub fn list(&self) -> Vec<Row> {
        let mut last: BTreeMap<PlayerId, (&Batch, u32)> = BTreeMap::new();
        for b in &self.batches {
            let games = b.games_before + u32::try_from(b.lines.len()).unwrap_or(u32::MAX);
            last.insert(b.player, (b, games));
        }
        let mut rows: Vec<Row> = last
            .into_iter()
            .map(|(player, (b, games))| Row {
                place: 0,
                player,
                rating: b.after,
                games,
                status: b.status,
            })
            .collect();
        rows.sort_by(|a, b| {
            b.rating
                .value
                .total_cmp(&a.rating.value)
                .then(a.player.cmp(&b.player))
        });
        let mut place = 0;
        let mut previous: Option<f64> = None;
        for (i, row) in rows.iter_mut().enumerate() {
            if previous.is_none_or(|p| (p - row.rating.value).abs() > f64::EPSILON) {
                place = u32::try_from(i + 1).unwrap_or(u32::MAX);
            }
            previous = Some(row.rating.value);
            row.place = place;
        }
        rows
    }

    /// A player's batches, oldest first.
    #[must_use]
    pub fn of(&self, player: PlayerId) -> Vec<&Batch> {
        self.batches.iter().filter(|b| b.player == player).collect()
    }
}

/// Rates `games` (any order) under `model`, counting only the games whose
/// result was recorded on or before `until` (all when `None`).
#[must_use]
pub fn rate(model: Model, games: &[RatedGame], until: Option<NaiveDate>) -> History {
    let mut games: Vec<RatedGame> = games
        .iter()
        .filter(|g| until.is_none_or(|u| g.finished_at.date_naive() <= u))
        .copied()
        .collect();
    games.sort_by_key(|g| (g.finished_at, g.game));
    let mut periods: BTreeMap<NaiveDate, Vec<RatedGame>> = BTreeMap::new();
    for g in games {
        periods
            .entry(period_of(g.finished_at.date_naive()))
            .or_default()
            .push(g);
    }
    let batches = match model {
        Model::Elo => elo::rate_periods(&periods),
        Model::Glicko2 => glicko2::rate_periods(&periods),
    };
    History { model, batches }
}

/// Each player's games of one period, from the player's side: (game,
/// opponent, score), in the order they finished.
pub(crate) fn sides(games: &[RatedGame]) -> BTreeMap<PlayerId, Vec<(GameId, PlayerId, f64)>> {
    let mut by: BTreeMap<PlayerId, Vec<(GameId, PlayerId, f64)>> = BTreeMap::new();
    for g in games {
        let w = white_score(g.result);
        by.entry(g.white).or_default().push((g.game, g.black, w));
        by.entry(g.black)
            .or_default()
            .push((g.game, g.white, 1.0 - w));
    }
    by
}

#[cfg(test)]
mod tests;
