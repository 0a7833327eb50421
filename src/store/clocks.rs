//! Correspondence clocks, sent reminders and leave periods: the stored state
//! the clock module computes with. This module does no time
//! arithmetic; it keeps what the clock module decided.
//!
//! Durations are whole seconds; instants are UTC.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{Color, GameId, PlayerId, Result, StoreError, Ts, Tx};

/// The clock's own state types, kept here row for row.
pub use crate::clock::types::{Clock, Leave, LeaveId, NewLeave, Reminder};

sql_id!(LeaveId);

const COLUMNS: &str = "game_id, side, used_seconds, extra_seconds, moves_made, running, \
     last_started_at, deadline, updated_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<Clock> {
    Ok(Clock {
        game_id: row.get("game_id")?,
        side: row.get("side")?,
        used_seconds: row.get("used_seconds")?,
        extra_seconds: row.get("extra_seconds")?,
        moves_made: row.get("moves_made")?,
        running: row.get("running")?,
        last_started_at: row.get::<_, Option<Ts>>("last_started_at")?.map(|t| t.0),
        deadline: row.get::<_, Option<Ts>>("deadline")?.map(|t| t.0),
        updated_at: row.get::<_, Ts>("updated_at")?.0,
    })
}

/// Writes a clock (inserted the first time, replaced afterwards).
///
/// # Errors
/// [`StoreError::Invalid`] for negative used time or a running clock without
/// a start instant, [`StoreError::NotFound`] if the game does not exist.
pub fn put(tx: &Tx<'_>, clock: &Clock) -> Result<()> {
    if clock.used_seconds < 0 {
        return Err(StoreError::Invalid {
            what: "used seconds",
            value: clock.used_seconds.to_string(),
        });
    }
    if clock.running && clock.last_started_at.is_none() {
        return Err(StoreError::Invalid {
            what: "running clock without a start instant",
            value: format!("game {} {}", clock.game_id, clock.side),
        });
    }
    super::games::get(tx, clock.game_id)?;
    tx.sql()
        .prepare_cached(&format!(
            "INSERT OR REPLACE INTO clocks ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        ))?
        .execute(params![
            clock.game_id,
            clock.side,
            clock.used_seconds,
            clock.extra_seconds,
            clock.moves_made,
            clock.running,
            clock.last_started_at.map(Ts),
            clock.deadline.map(Ts),
            Ts(clock.updated_at),
        ])?;
    Ok(())
}

/// One side's clock, or `None` if the game has none (no time control).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>, game: GameId, side: Color) -> Result<Option<Clock>> {
    Ok(tx
        .sql()
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM clocks WHERE game_id = ?1 AND side = ?2"
        ))?
        .query_row(params![game, side], from_row)
        .optional()?)
}

/// Both clocks of a game (White first), or none.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>, game: GameId) -> Result<Vec<Clock>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM clocks WHERE game_id = ?1 ORDER BY side = 'black'"
    ))?;
    let rows = stmt.query_map([game], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Running clocks whose deadline is at or before `by` (UTC), earliest first:
/// what the scheduler tick must look at (time-outs, or with `by` moved
/// forward, reminders). Only clocks of active games.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn running_due(tx: &Tx<'_>, by: DateTime<Utc>) -> Result<Vec<Clock>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT c.game_id, c.side, c.used_seconds, c.extra_seconds, c.moves_made, c.running,
                c.last_started_at, c.deadline, c.updated_at
         FROM clocks c JOIN games g ON g.id = c.game_id
         WHERE c.running = 1 AND c.deadline <= ?1 AND g.status = 'active'
         ORDER BY c.deadline, c.game_id",
    )?;
    let rows = stmt.query_map([Ts(by)], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The games with a running clock whose stored deadline is at or before
/// `deadline_by`, or which started at or before `started_by` (UTC), by id:
/// the scheduler's candidates (see `store::clock_horizon`), read through the
/// `clocks_running_deadline` and `clocks_running_started` indexes.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn running_candidates(
    tx: &Tx<'_>,
    deadline_by: DateTime<Utc>,
    started_by: DateTime<Utc>,
) -> Result<Vec<GameId>> {
    // Two statements merged here: SQLite reads the whole table for the UNION,
    // the OR, or an ORDER BY of the two (3.53).
    let mut ids: Vec<GameId> = Vec::new();
    for (sql, by) in [
        (
            "SELECT game_id FROM clocks WHERE running = 1 AND deadline <= ?1",
            deadline_by,
        ),
        (
            "SELECT game_id FROM clocks WHERE running = 1 AND last_started_at <= ?1",
            started_by,
        ),
    ] {
        let mut stmt = tx.sql().prepare_cached(sql)?;
        let rows = stmt.query_map([Ts(by)], |r| r.get("game_id"))?;
        for id in rows {
            ids.push(id?);
        }
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The players with a leave not cancelled that ends after `now` (UTC), and
/// the games with an open bounce pause: the clocks whose reminders may come
/// earlier than their stored deadline minus the lead (see `store::clock_horizon`).
/// Read through `leaves_ending` and `bounce_pauses_one_open`.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn future_stops(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<(Vec<PlayerId>, Vec<GameId>)> {
    let mut stmt = tx.sql().prepare_cached(
        // Without DISTINCT, which SQLite answers by reading `leaves_player` whole.
        "SELECT player_id FROM leaves WHERE ends_at > ?1 AND cancelled_at IS NULL",
    )?;
    let mut players: Vec<PlayerId> = stmt
        .query_map([Ts(now)], |r| r.get("player_id"))?
        .collect::<rusqlite::Result<_>>()?;
    players.sort_unstable();
    players.dedup();
    let mut stmt = tx
        .sql()
        .prepare_cached("SELECT DISTINCT game_id FROM bounce_pauses WHERE ended_at IS NULL")?;
    let games = stmt
        .query_map([], |r| r.get("game_id"))?
        .collect::<rusqlite::Result<_>>()?;
    Ok((players, games))
}

/// Records a reminder if it is new. Returns `true` if it was new (send it, in
/// the same transaction as the outbox row) and `false` if it had been
/// recorded already (send nothing).
///
/// # Errors
/// [`StoreError::Invalid`] for an empty kind; [`StoreError::Sqlite`] otherwise
/// (an unknown game breaks a foreign key).
pub fn record_reminder(tx: &Tx<'_>, reminder: &Reminder) -> Result<bool> {
    if reminder.kind.trim().is_empty() {
        return Err(StoreError::Invalid {
            what: "reminder kind",
            value: reminder.kind.clone(),
        });
    }
    let n = tx.sql().execute(
        "INSERT INTO reminders (game_id, side, kind, due_at, sent_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT DO NOTHING",
        params![
            reminder.game_id,
            reminder.side,
            reminder.kind,
            Ts(reminder.due_at),
            Ts(reminder.sent_at)
        ],
    )?;
    Ok(n == 1)
}

/// Every reminder recorded for a game, in the order they were sent.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn reminders(tx: &Tx<'_>, game: GameId) -> Result<Vec<Reminder>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT game_id, side, kind, due_at, sent_at FROM reminders
         WHERE game_id = ?1 ORDER BY sent_at, side, kind",
    )?;
    let rows = stmt.query_map([game], |row| {
        Ok(Reminder {
            game_id: row.get("game_id")?,
            side: row.get("side")?,
            kind: row.get("kind")?,
            due_at: row.get::<_, Ts>("due_at")?.0,
            sent_at: row.get::<_, Ts>("sent_at")?.0,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

const LEAVE_COLUMNS: &str = "id, player_id, starts_at, ends_at, days, created_at, cancelled_at";

fn leave_from_row(row: &Row<'_>) -> rusqlite::Result<Leave> {
    Ok(Leave {
        id: row.get("id")?,
        player_id: row.get("player_id")?,
        starts_at: row.get::<_, Ts>("starts_at")?.0,
        ends_at: row.get::<_, Ts>("ends_at")?.0,
        days: row.get("days")?,
        created_at: row.get::<_, Ts>("created_at")?.0,
        cancelled_at: row.get::<_, Option<Ts>>("cancelled_at")?.map(|t| t.0),
    })
}

/// Records a leave period and returns it. Allowance and overlap rules are
/// the clock module's (it can ask [`leaves`] first, in the same transaction).
///
/// # Errors
/// [`StoreError::Invalid`] for an empty period or zero days,
/// [`StoreError::NotFound`] if the player does not exist.
pub fn add_leave(tx: &Tx<'_>, new: &NewLeave) -> Result<Leave> {
    if new.ends_at <= new.starts_at || new.days == 0 {
        return Err(StoreError::Invalid {
            what: "leave period",
            value: format!(
                "{} .. {} ({} days)",
                super::instant_text(new.starts_at),
                super::instant_text(new.ends_at),
                new.days
            ),
        });
    }
    super::players::get(tx, new.player_id)?;
    tx.sql().execute(
        "INSERT INTO leaves (player_id, starts_at, ends_at, days, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            new.player_id,
            Ts(new.starts_at),
            Ts(new.ends_at),
            new.days,
            Ts(new.created_at)
        ],
    )?;
    leave(tx, LeaveId(tx.sql().last_insert_rowid()))
}

fn leave(tx: &Tx<'_>, id: LeaveId) -> Result<Leave> {
    tx.row_by_key(
        "leave",
        &format!("SELECT {LEAVE_COLUMNS} FROM leaves WHERE id = ?1"),
        id,
        leave_from_row,
    )
}

/// A player's leave periods (not cancelled) that overlap `[from, until)`
/// (UTC), earliest first.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn leaves(
    tx: &Tx<'_>,
    player: PlayerId,
    from: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Vec<Leave>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {LEAVE_COLUMNS} FROM leaves
         WHERE player_id = ?1 AND cancelled_at IS NULL AND starts_at < ?3 AND ends_at > ?2
         ORDER BY starts_at, id"
    ))?;
    let rows = stmt.query_map(params![player, Ts(from), Ts(until)], leave_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Cancels a leave period at `at` (UTC) and returns it.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such leave not yet cancelled.
pub fn cancel_leave(tx: &Tx<'_>, id: LeaveId, at: DateTime<Utc>) -> Result<Leave> {
    let n = tx.sql().execute(
        "UPDATE leaves SET cancelled_at = ?1 WHERE id = ?2 AND cancelled_at IS NULL",
        params![Ts(at), id],
    )?;
    if n == 0 {
        return Err(StoreError::NotFound {
            what: "leave",
            key: id.to_string(),
        });
    }
    leave(tx, id)
}

/// Running clocks of active games started before `by` (UTC): the clocks a
/// step of the system clock at `by` ran on.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn running_started_before(tx: &Tx<'_>, by: DateTime<Utc>) -> Result<Vec<Clock>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT c.game_id, c.side, c.used_seconds, c.extra_seconds, c.moves_made, c.running,
                c.last_started_at, c.deadline, c.updated_at
         FROM clocks c JOIN games g ON g.id = c.game_id
         WHERE c.running = 1 AND c.last_started_at < ?1 AND g.status = 'active'
         ORDER BY c.game_id, c.side",
    )?;
    let rows = stmt.query_map([Ts(by)], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
