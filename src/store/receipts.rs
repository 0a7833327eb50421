//! Evidence of timing of the moves that came by mail (table
//! `move_receipts`, migration 0014): the mail's `Date:` header (as written and
//! parsed to UTC), the instant it reached the bot's mailbox, the instant the
//! daemon processed it, and what the clock charged. A move from the command
//! line has no receipt.

use chrono::{DateTime, Utc};
use rusqlite::params;

use super::{GameId, Result, Ts, Tx};

/// The timing evidence of one move that came by mail.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Receipt {
    /// The game.
    pub game_id: GameId,
    /// The 1-based ply.
    pub ply: u32,
    /// The mail's `Date:` header as written (evidence only, never charged).
    pub date_header: Option<String>,
    /// The same, parsed to UTC when it parses.
    pub date_utc: Option<DateTime<Utc>>,
    /// When the mail reached the bot's mailbox (IMAP INTERNALDATE, Maildir
    /// file time), UTC: the instant the clock charges.
    pub arrived_at: DateTime<Utc>,
    /// When the daemon processed the mail (UTC).
    pub processed_at: DateTime<Utc>,
    /// What the clock did, when the game has a clock.
    pub charge: Option<ChargeRecord>,
}

pub use crate::clock::ChargeRecord;

/// Records (or, for a ply played again after a rollback, replaces) a receipt.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record(tx: &Tx<'_>, r: &Receipt) -> Result<()> {
    let c = r.charge.as_ref();
    tx.sql().execute(
        "INSERT OR REPLACE INTO move_receipts
             (game_id, ply, date_header, date_utc, arrived_at, processed_at, clock_started_at,
              reflection_seconds, charged_seconds, transit_seconds, stood_seconds)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            r.game_id,
            r.ply,
            r.date_header,
            r.date_utc.map(Ts),
            Ts(r.arrived_at),
            Ts(r.processed_at),
            c.map(|c| Ts(c.clock_started_at)),
            c.map(|c| c.reflection_seconds),
            c.map(|c| c.charged_seconds),
            c.map(|c| c.transit_seconds),
            c.map(|c| c.stood_seconds),
        ],
    )?;
    Ok(())
}

/// The receipts of a game's current moves, by ply (a receipt left by a move
/// that a rollback removed does not count: its arrival differs from the
/// move's receipt instant, or its ply is gone).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn of_game(tx: &Tx<'_>, game: GameId) -> Result<Vec<Receipt>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT r.game_id, r.ply, r.date_header, r.date_utc, r.arrived_at, r.processed_at,
                r.clock_started_at, r.reflection_seconds, r.charged_seconds, r.transit_seconds,
                r.stood_seconds
         FROM move_receipts r JOIN moves m ON m.game_id = r.game_id AND m.ply = r.ply
         WHERE r.game_id = ?1 AND m.received_at = r.arrived_at ORDER BY r.ply",
    )?;
    let rows = stmt.query_map([game], |r| {
        let started = r.get::<_, Option<Ts>>("clock_started_at")?;
        let charge = match started {
            Some(s) => Some(ChargeRecord {
                clock_started_at: s.0,
                reflection_seconds: r.get("reflection_seconds")?,
                charged_seconds: r.get("charged_seconds")?,
                transit_seconds: r.get("transit_seconds")?,
                stood_seconds: r.get("stood_seconds")?,
            }),
            None => None,
        };
        Ok(Receipt {
            game_id: r.get("game_id")?,
            ply: r.get("ply")?,
            date_header: r.get("date_header")?,
            date_utc: r.get::<_, Option<Ts>>("date_utc")?.map(|t| t.0),
            arrived_at: r.get::<_, Ts>("arrived_at")?.0,
            processed_at: r.get::<_, Ts>("processed_at")?.0,
            charge,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}

/// The plies (game, ply, side) that the mail `message_id` (bare) played,
/// received at `arrived_at`, that have no receipt yet: the player's own
/// moves, not the replies played from a conditional line the same mail gave
/// ([`super::conditional_replies`]).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn unreceipted(
    tx: &Tx<'_>,
    message_id: &str,
    arrived_at: DateTime<Utc>,
) -> Result<Vec<(GameId, u32, super::Color)>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT m.game_id, m.ply, m.side FROM moves m
         LEFT JOIN move_receipts r
           ON r.game_id = m.game_id AND r.ply = m.ply AND r.arrived_at = m.received_at
         LEFT JOIN conditional_replies c
           ON c.game_id = m.game_id AND c.ply = m.ply AND c.played_at = m.received_at
         WHERE m.source_message = ?1 AND m.received_at = ?2 AND r.ply IS NULL
           AND c.ply IS NULL
         ORDER BY m.game_id, m.ply",
    )?;
    let rows = stmt.query_map(params![message_id, Ts(arrived_at)], |r| {
        Ok((r.get("game_id")?, r.get("ply")?, r.get("side")?))
    })?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}
