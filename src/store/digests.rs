//! The players' daily digest (migration 0029): who asked for one mail a day
//! instead of a mail per opponent move, at which hour of their day, and the
//! days whose digest was written to the outbox.

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Result, Ts, Tx};
use crate::clock::digest::MoveMails;
use crate::vocabulary::PlayerId;

/// How the player hears of the opponents' moves.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn move_mails(tx: &Tx<'_>, player: PlayerId) -> Result<MoveMails> {
    let hour: Option<u8> = tx
        .sql()
        .query_row(
            "SELECT hour FROM player_digests WHERE player_id = ?1",
            [player],
            |r| r.get("hour"),
        )
        .optional()?;
    Ok(hour.map_or(MoveMails::EveryMove, |hour| MoveMails::Daily { hour }))
}

/// Sets how the player hears of the opponents' moves, from `now` (UTC);
/// `next_at` is when the first digest is due (UTC; unused for every move).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn set_move_mails(
    tx: &Tx<'_>,
    player: PlayerId,
    mails: MoveMails,
    next_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<()> {
    match mails {
        MoveMails::EveryMove => {
            tx.sql()
                .execute("DELETE FROM player_digests WHERE player_id = ?1", [player])?;
        }
        MoveMails::Daily { hour } => {
            tx.sql().execute(
                "INSERT INTO player_digests (player_id, hour, since, next_at)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (player_id) DO UPDATE SET hour = excluded.hour,
                     since = excluded.since, next_at = excluded.next_at",
                params![player, hour, Ts(now), Ts(next_at)],
            )?;
        }
    }
    Ok(())
}

/// The players whose digest is due at `now` (UTC): each with the hour of
/// their day, soonest due first.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn due(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<(PlayerId, u8)>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT player_id, hour FROM player_digests WHERE next_at <= ?1 ORDER BY next_at",
    )?;
    let rows = stmt.query_map([Ts(now)], |r| Ok((r.get("player_id")?, r.get("hour")?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets when the player's next digest is due (UTC).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn set_next(tx: &Tx<'_>, player: PlayerId, next_at: DateTime<Utc>) -> Result<()> {
    tx.sql().execute(
        "UPDATE player_digests SET next_at = ?2 WHERE player_id = ?1",
        params![player, Ts(next_at)],
    )?;
    Ok(())
}

/// Whether the digest of the player's local `day` was written already.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn sent(tx: &Tx<'_>, player: PlayerId, day: NaiveDate) -> Result<bool> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT 1 FROM player_digests_sent WHERE player_id = ?1 AND day = ?2",
            params![player, day.format("%Y-%m-%d").to_string()],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Records the digest of the player's local `day`, listing `games` games,
/// written at `now` (UTC); `false` (and nothing written) if that day's was
/// recorded before. Call it in the transaction that queues the mail.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record_sent(
    tx: &Tx<'_>,
    player: PlayerId,
    day: NaiveDate,
    games: usize,
    now: DateTime<Utc>,
) -> Result<bool> {
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO player_digests_sent (player_id, day, sent_at, games)
         VALUES (?1, ?2, ?3, ?4)",
        params![
            player,
            day.format("%Y-%m-%d").to_string(),
            Ts(now),
            i64::try_from(games).unwrap_or(i64::MAX)
        ],
    )?;
    Ok(n == 1)
}
