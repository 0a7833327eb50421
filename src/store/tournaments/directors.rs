//! A tournament's directors (migration 0019): the referees and admins who may
//! change it and rule on its games. No row: every referee and admin directs it.

use chrono::{DateTime, Utc};
use rusqlite::{Row, params};

use super::TournamentId;
use crate::store::{Result, Ts, Tx};
use crate::vocabulary::PlayerId;

/// One director of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TournamentDirector {
    /// The tournament.
    pub tournament: TournamentId,
    /// The director.
    pub player: PlayerId,
    /// Added (UTC).
    pub added_at: DateTime<Utc>,
    /// Who added them; `None` for the creator.
    pub added_by: Option<PlayerId>,
}

fn director_from_row(row: &Row<'_>) -> rusqlite::Result<TournamentDirector> {
    Ok(TournamentDirector {
        tournament: row.get("tournament_id")?,
        player: row.get("player_id")?,
        added_at: row.get::<_, Ts>("added_at")?.0,
        added_by: row.get("added_by")?,
    })
}

/// Makes `player` a director of the tournament; `false` if they were one.
///
/// # Errors
/// [`crate::store::StoreError::Sqlite`] only (the caller checks the player).
pub fn add_director(
    tx: &Tx<'_>,
    id: TournamentId,
    player: PlayerId,
    added_by: Option<PlayerId>,
    now: DateTime<Utc>,
) -> Result<bool> {
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO tournament_directors (tournament_id, player_id, added_at, added_by)
         VALUES (?1, ?2, ?3, ?4)",
        params![id, player, Ts(now), added_by],
    )?;
    Ok(n == 1)
}

/// Takes `player` off the tournament's directors; `false` if they were none.
///
/// # Errors
/// [`crate::store::StoreError::Sqlite`] only.
pub fn remove_director(tx: &Tx<'_>, id: TournamentId, player: PlayerId) -> Result<bool> {
    let n = tx.sql().execute(
        "DELETE FROM tournament_directors WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, player],
    )?;
    Ok(n == 1)
}

/// The directors of a tournament, in the order they were added.
///
/// # Errors
/// [`crate::store::StoreError::Sqlite`] only.
pub fn directors(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<TournamentDirector>> {
    let mut stmt = tx.sql().prepare(
        "SELECT tournament_id, player_id, added_at, added_by FROM tournament_directors
         WHERE tournament_id = ?1 ORDER BY added_at, player_id",
    )?;
    let rows = stmt.query_map([id], director_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
