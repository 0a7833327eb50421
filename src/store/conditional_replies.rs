//! The plies the referee played itself from a player's conditional line
//! (table `conditional_replies`, migration 0015): which line gave
//! them (the mail's Message-ID, the instant it was given). Only a record, for
//! `referee receipts` and the timing evidence: a conditional reply is neither
//! a move by mail (no receipt, no reflection time) nor one from the command
//! line.

use chrono::{DateTime, Utc};
use rusqlite::params;

use super::{GameId, Result, Ts, Tx};

/// One ply played from a conditional line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ConditionalReply {
    /// The game.
    pub game_id: GameId,
    /// The 1-based ply of the reply.
    pub ply: u32,
    /// Message-ID (without `<>`) of the mail that gave the line, if by mail.
    pub source_message: Option<String>,
    /// When the line was given (UTC).
    pub given_at: DateTime<Utc>,
    /// When the reply was played (UTC): the move's instant.
    pub played_at: DateTime<Utc>,
}

/// Records (or, for a ply played again after a rollback, replaces) a reply.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record(tx: &Tx<'_>, r: &ConditionalReply) -> Result<()> {
    tx.sql().execute(
        "INSERT OR REPLACE INTO conditional_replies
             (game_id, ply, source_message, given_at, played_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            r.game_id,
            r.ply,
            r.source_message,
            Ts(r.given_at),
            Ts(r.played_at)
        ],
    )?;
    Ok(())
}

/// The conditional replies among a game's current moves, by ply (a row left
/// by a move that a rollback removed does not count: its ply is gone or its
/// instant differs from the move's).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn of_game(tx: &Tx<'_>, game: GameId) -> Result<Vec<ConditionalReply>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT c.game_id, c.ply, c.source_message, c.given_at, c.played_at
         FROM conditional_replies c JOIN moves m ON m.game_id = c.game_id AND m.ply = c.ply
         WHERE c.game_id = ?1 AND m.received_at = c.played_at ORDER BY c.ply",
    )?;
    let rows = stmt.query_map([game], |r| {
        Ok(ConditionalReply {
            game_id: r.get("game_id")?,
            ply: r.get("ply")?,
            source_message: r.get("source_message")?,
            given_at: r.get::<_, Ts>("given_at")?.0,
            played_at: r.get::<_, Ts>("played_at")?.0,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}
