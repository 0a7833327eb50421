//! The directors' daily digest (migration 0030): how each director of a
//! tournament hears of its events, the events kept for a digest director
//! (typed JSON, worded when the digest is written) and the days whose
//! digest was written to the outbox.

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{OptionalExtension, params};

use super::tournaments::TournamentId;
use super::{Result, Ts, Tx};
use crate::tournament::director_mail::{DirectorMail, EventGroup};
use crate::vocabulary::{GameId, PlayerId};

/// How the director `player` hears of the events of tournament `t` (no row:
/// [`DirectorMail::Each`]).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn mail_of(tx: &Tx<'_>, t: TournamentId, player: PlayerId) -> Result<DirectorMail> {
    let mode: Option<String> = tx
        .sql()
        .query_row(
            "SELECT mode FROM director_mail WHERE tournament_id = ?1 AND player_id = ?2",
            params![t, player],
            |r| r.get("mode"),
        )
        .optional()?;
    Ok(mode
        .and_then(|m| m.parse().ok())
        .unwrap_or(DirectorMail::Each))
}

/// Sets how the director `player` hears of the events of tournament `t`,
/// at `now` (UTC).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn set_mail(
    tx: &Tx<'_>,
    t: TournamentId,
    player: PlayerId,
    mode: DirectorMail,
    now: DateTime<Utc>,
) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO director_mail (tournament_id, player_id, mode, set_at)
         VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (tournament_id, player_id)
         DO UPDATE SET mode = excluded.mode, set_at = excluded.set_at",
        params![t, player, mode.as_str(), Ts(now)],
    )?;
    Ok(())
}

/// One event kept for a director's digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptEvent {
    /// The row id.
    pub id: i64,
    /// The group the digest lists it under.
    pub group: EventGroup,
    /// The game it is about, if one.
    pub game: Option<GameId>,
    /// The event as JSON.
    pub event: String,
    /// When it happened (UTC).
    pub created_at: DateTime<Utc>,
}

/// Keeps an event (`event`, JSON) of tournament `t` for the digest of
/// director `player`.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn keep(
    tx: &Tx<'_>,
    t: TournamentId,
    player: PlayerId,
    game: Option<GameId>,
    group: EventGroup,
    event: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO director_events
             (tournament_id, player_id, game_id, kind, event, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![t, player, game, group.as_str(), event, Ts(now)],
    )?;
    Ok(())
}

/// The (tournament, director) pairs with events not yet told, tournament
/// first.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn waiting(tx: &Tx<'_>) -> Result<Vec<(TournamentId, PlayerId)>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT DISTINCT tournament_id, player_id FROM director_events
         WHERE digest_day IS NULL ORDER BY tournament_id, player_id",
    )?;
    let rows = stmt.query_map([], |r| Ok((r.get("tournament_id")?, r.get("player_id")?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The events of tournament `t` not yet told to director `player`, oldest
/// first.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only; a stored group that names none.
pub fn untold(tx: &Tx<'_>, t: TournamentId, player: PlayerId) -> Result<Vec<KeptEvent>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT id, kind, game_id, event, created_at FROM director_events
         WHERE tournament_id = ?1 AND player_id = ?2 AND digest_day IS NULL
         ORDER BY created_at, id",
    )?;
    let rows = stmt.query_map(params![t, player], |r| {
        let kind: String = r.get("kind")?;
        let group = kind.parse::<EventGroup>().map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Text, Box::new(e))
        })?;
        Ok(KeptEvent {
            id: r.get("id")?,
            group,
            game: r.get("game_id")?,
            event: r.get("event")?,
            created_at: r.get::<_, Ts>("created_at")?.0,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Whether the digest of director `player` for tournament `t` on the
/// director's local `day` was written already.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn sent(tx: &Tx<'_>, t: TournamentId, player: PlayerId, day: NaiveDate) -> Result<bool> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT 1 FROM director_digests_sent
             WHERE tournament_id = ?1 AND player_id = ?2 AND day = ?3",
            params![t, player, day.format("%Y-%m-%d").to_string()],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Records the digest of `day` (the director's local day) with the events
/// `ids`, written at `now` (UTC), and marks those events told; `false` (and
/// nothing written) if that day's digest was recorded before. Call it in
/// the transaction that queues the mail.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record_sent(
    tx: &Tx<'_>,
    t: TournamentId,
    player: PlayerId,
    day: NaiveDate,
    ids: &[i64],
    now: DateTime<Utc>,
) -> Result<bool> {
    let day = day.format("%Y-%m-%d").to_string();
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO director_digests_sent
             (tournament_id, player_id, day, sent_at, events)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            t,
            player,
            day,
            Ts(now),
            i64::try_from(ids.len()).unwrap_or(i64::MAX)
        ],
    )?;
    if n != 1 {
        return Ok(false);
    }
    let mut stmt = tx
        .sql()
        .prepare_cached("UPDATE director_events SET digest_day = ?2 WHERE id = ?1")?;
    for id in ids {
        stmt.execute(params![id, day])?;
    }
    Ok(true)
}
