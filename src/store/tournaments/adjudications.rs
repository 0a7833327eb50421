//! The adjudication of unfinished games at the end of the playing period:
//! the frozen games and the players' claims.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{TournamentId, found};
use crate::store::{Result, StoreError, Ts, Tx, is_unique_violation};
use crate::vocabulary::{Color, GameId, GameResult};

text_enum! {
    /// Where the adjudication of an unfinished game stands.
    pub enum AdjudicationState {
        /// Waiting for the players' claims.
        Claims => "claims",
        /// The claims differ (or did not come): for the director to rule.
        Ruling => "ruling",
        /// Ended by matching claims.
        Settled => "settled",
        /// Ruled by the director.
        Ruled => "ruled",
    }
}
/// A game frozen at the end of the playing period.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Adjudication {
    /// The game.
    pub game: GameId,
    /// Its tournament.
    pub tournament: TournamentId,
    /// Frozen (UTC).
    pub frozen_at: DateTime<Utc>,
    /// Claims are due by (UTC).
    pub claims_due: DateTime<Utc>,
    /// Where it stands.
    pub state: AdjudicationState,
}

fn adjudication_from_row(row: &Row<'_>) -> rusqlite::Result<Adjudication> {
    Ok(Adjudication {
        game: row.get("game_id")?,
        tournament: row.get("tournament_id")?,
        frozen_at: row.get::<_, Ts>("frozen_at")?.0,
        claims_due: row.get::<_, Ts>("claims_due")?.0,
        state: row.get("state")?,
    })
}

/// Sends an unfinished game to adjudication: claims due by `claims_due`.
///
/// # Errors
/// [`StoreError::Duplicate`] if it is there already.
pub fn freeze(
    tx: &Tx<'_>,
    game: GameId,
    tournament: TournamentId,
    frozen_at: DateTime<Utc>,
    claims_due: DateTime<Utc>,
) -> Result<()> {
    match tx.sql().execute(
        "INSERT INTO adjudications (game_id, tournament_id, frozen_at, claims_due)
         VALUES (?1, ?2, ?3, ?4)",
        params![game, tournament, Ts(frozen_at), Ts(claims_due)],
    ) {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "adjudication",
            key: game.to_string(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The adjudication of a game, if it has one.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn adjudication(tx: &Tx<'_>, game: GameId) -> Result<Option<Adjudication>> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT game_id, tournament_id, frozen_at, claims_due, state
             FROM adjudications WHERE game_id = ?1",
            [game],
            adjudication_from_row,
        )
        .optional()?)
}

/// The tournament's adjudications, by game.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn adjudications(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<Adjudication>> {
    let mut stmt = tx.sql().prepare(
        "SELECT game_id, tournament_id, frozen_at, claims_due, state
         FROM adjudications WHERE tournament_id = ?1 ORDER BY game_id",
    )?;
    let rows = stmt.query_map([id], adjudication_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Adjudications waiting for claims whose term ended before `now`, by game;
/// read through `adjudications_claims_due` (`+game_id` keeps SQLite from
/// reading the whole table in key order instead).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn claims_overdue(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<Adjudication>> {
    let mut stmt = tx.sql().prepare(
        "SELECT game_id, tournament_id, frozen_at, claims_due, state
         FROM adjudications WHERE state = 'claims' AND claims_due <= ?1 ORDER BY +game_id",
    )?;
    let rows = stmt.query_map([Ts(now)], adjudication_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets an adjudication's state.
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn set_adjudication_state(tx: &Tx<'_>, game: GameId, state: AdjudicationState) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE adjudications SET state = ?2 WHERE game_id = ?1",
        params![game, state],
    )?;
    found(n, "adjudication", game)
}

/// A player's claim for a frozen game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Claim {
    /// The game.
    pub game: GameId,
    /// The claimant's side.
    pub side: Color,
    /// The result claimed for the game.
    pub result: GameResult,
    /// The claimant's analysis, free text.
    pub analysis: String,
    /// When it came (UTC).
    pub claimed_at: DateTime<Utc>,
}

/// Records (or replaces) a side's claim.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn put_claim(tx: &Tx<'_>, claim: &Claim, source_message: Option<&str>) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO adjudication_claims (game_id, side, result, analysis, source_message, claimed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (game_id, side) DO UPDATE SET result = excluded.result,
             analysis = excluded.analysis, source_message = excluded.source_message,
             claimed_at = excluded.claimed_at",
        params![
            claim.game,
            claim.side,
            claim.result,
            claim.analysis,
            source_message,
            Ts(claim.claimed_at)
        ],
    )?;
    Ok(())
}

/// The claims for a game (White's first).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn claims(tx: &Tx<'_>, game: GameId) -> Result<Vec<Claim>> {
    let mut stmt = tx.sql().prepare(
        "SELECT game_id, side, result, analysis, claimed_at FROM adjudication_claims
         WHERE game_id = ?1 ORDER BY side = 'black', side",
    )?;
    let rows = stmt.query_map([game], |row| {
        Ok(Claim {
            game: row.get("game_id")?,
            side: row.get("side")?,
            result: row.get("result")?,
            analysis: row.get("analysis")?,
            claimed_at: row.get::<_, Ts>("claimed_at")?.0,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
