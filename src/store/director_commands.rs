//! A director's commands by mail once applied (migration 0019): the same
//! command from the same director within a day is a repeat.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{GameId, PlayerId, Result, Ts, Tx};

/// Records that `director` applied `command` (folded: lower case, single
/// spaces, without its reason) on `game` at `at` (UTC).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record(
    tx: &Tx<'_>,
    director: PlayerId,
    game: Option<GameId>,
    command: &str,
    at: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO director_commands (director_id, game_id, command, applied_at, message_id)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![director, game, command, Ts(at), message_id],
    )?;
    Ok(())
}

/// When `director` last applied `command` at or after `since` (UTC), if they did.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn last_since(
    tx: &Tx<'_>,
    director: PlayerId,
    command: &str,
    since: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT applied_at FROM director_commands
             WHERE director_id = ?1 AND command = ?2 AND applied_at >= ?3
             ORDER BY applied_at DESC LIMIT 1",
            params![director, command, Ts(since)],
            |row| row.get::<_, Ts>("applied_at"),
        )
        .optional()?
        .map(|t| t.0))
}
