//! A tournament's bulletins to its entrants (migration 0025): the number of
//! each bulletin sent, the finished games it reported, and the players who
//! asked for no bulletins.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::tournaments::TournamentId;
use super::{Result, Ts, Tx};
use crate::vocabulary::{GameId, PlayerId};

/// The last bulletin sent of a tournament: its number (from 1) and whether
/// it was the final one; `None` before the first.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn last(tx: &Tx<'_>, id: TournamentId) -> Result<Option<(u32, bool)>> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT number, final FROM tournament_bulletins WHERE tournament_id = ?1
             ORDER BY number DESC LIMIT 1",
            [id],
            |r| Ok((r.get("number")?, r.get::<_, bool>("final")?)),
        )
        .optional()?)
}

/// The games of the tournament already reported by a bulletin.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn reported(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<GameId>> {
    let mut stmt = tx.sql().prepare(
        "SELECT game_id FROM tournament_bulletin_games WHERE tournament_id = ?1 ORDER BY game_id",
    )?;
    let rows = stmt.query_map([id], |r| r.get("game_id"))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Records bulletin `number` of the tournament, sent at `now` (UTC), with the
/// games it reported; `false` (and nothing written) if that number was
/// recorded before.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record(
    tx: &Tx<'_>,
    id: TournamentId,
    number: u32,
    last: bool,
    games: &[GameId],
    now: DateTime<Utc>,
) -> Result<bool> {
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO tournament_bulletins (tournament_id, number, final, sent_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![id, number, last, Ts(now)],
    )?;
    if n == 0 {
        return Ok(false);
    }
    for g in games {
        tx.sql().execute(
            "INSERT OR IGNORE INTO tournament_bulletin_games (tournament_id, number, game_id)
             VALUES (?1, ?2, ?3)",
            params![id, number, g],
        )?;
    }
    Ok(true)
}

/// Whether the player asked for no bulletins.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn opted_out(tx: &Tx<'_>, player: PlayerId) -> Result<bool> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT 1 FROM bulletin_opt_outs WHERE player_id = ?1",
            [player],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Sets whether the player gets bulletins (`wanted`), from `now` (UTC).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn set_wanted(tx: &Tx<'_>, player: PlayerId, wanted: bool, now: DateTime<Utc>) -> Result<()> {
    if wanted {
        tx.sql().execute(
            "DELETE FROM bulletin_opt_outs WHERE player_id = ?1",
            [player],
        )?;
    } else {
        tx.sql().execute(
            "INSERT OR IGNORE INTO bulletin_opt_outs (player_id, since) VALUES (?1, ?2)",
            params![player, Ts(now)],
        )?;
    }
    Ok(())
}

/// Whether the outbox holds a mail of this Message-ID (written, sent or
/// not): the bulletins a reader was mailed, for the thread.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn mailed(tx: &Tx<'_>, message_id: &str) -> Result<bool> {
    let Some(id) = super::messages::normalize_message_id(message_id) else {
        return Ok(false);
    };
    Ok(tx
        .sql()
        .query_row("SELECT 1 FROM outbox WHERE message_id = ?1", [id], |_| {
            Ok(())
        })
        .optional()?
        .is_some())
}
