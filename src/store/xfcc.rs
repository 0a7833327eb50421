//! The Xfcc endpoint's rows: each player's password as an Argon2id PHC
//! string (`xfcc_passwords`), and failed logins by subject (`xfcc_failures`:
//! `user:<name as sent>` or `addr:<client IP>`), counted over a window to
//! refuse a subject after too many; the words each side last sent with an
//! act (`xfcc_messages`).

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Result, Ts, Tx};
use crate::vocabulary::PlayerId;

/// Sets (or replaces) a player's password hash (a PHC string).
///
/// # Errors
/// [`super::StoreError::Sqlite`].
pub fn set_password(tx: &Tx<'_>, player: PlayerId, hash: &str, now: DateTime<Utc>) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO xfcc_passwords (player_id, hash, set_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash, set_at = excluded.set_at",
        params![player, hash, Ts(now)],
    )?;
    Ok(())
}

/// A player's password hash, if one is set.
///
/// # Errors
/// [`super::StoreError::Sqlite`].
pub fn password(tx: &Tx<'_>, player: PlayerId) -> Result<Option<String>> {
    Ok(tx
        .sql()
        .prepare_cached("SELECT hash FROM xfcc_passwords WHERE player_id = ?1")?
        .query_row([player], |r| r.get("hash"))
        .optional()?)
}

/// Records a failed login of each subject at `now`, and forgets failures
/// older than `window`.
///
/// # Errors
/// [`super::StoreError::Sqlite`].
pub fn record_failure(
    tx: &Tx<'_>,
    subjects: &[&str],
    now: DateTime<Utc>,
    window: TimeDelta,
) -> Result<()> {
    tx.sql().execute(
        "DELETE FROM xfcc_failures WHERE failed_at <= ?1",
        [Ts(now - window)],
    )?;
    for s in subjects {
        tx.sql().execute(
            "INSERT INTO xfcc_failures (subject, failed_at) VALUES (?1, ?2)",
            params![s, Ts(now)],
        )?;
    }
    Ok(())
}

/// How many failed logins `subject` has within `window` before `now`.
///
/// # Errors
/// [`super::StoreError::Sqlite`].
pub fn failures(tx: &Tx<'_>, subject: &str, now: DateTime<Utc>, window: TimeDelta) -> Result<u32> {
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT count(*) AS n FROM xfcc_failures WHERE subject = ?1 AND failed_at > ?2",
        )?
        .query_row(params![subject, Ts(now - window)], |r| r.get("n"))?)
}

/// Keeps `text` as the words `side` sent with its act in `game` at `now`,
/// the game then having `plies` plies (replacing that side's earlier words).
///
/// # Errors
/// [`super::StoreError::Sqlite`].
pub fn set_message(
    tx: &Tx<'_>,
    game: crate::vocabulary::GameId,
    side: crate::rules::Color,
    text: &str,
    plies: u32,
    now: DateTime<Utc>,
) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO xfcc_messages (game_id, side, text, plies, sent_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (game_id, side) DO UPDATE SET text = excluded.text,
             plies = excluded.plies, sent_at = excluded.sent_at",
        params![game, side, text, plies, Ts(now)],
    )?;
    Ok(())
}

/// The words `side` last sent in `game` and the number of plies the game
/// had after the act they came with.
///
/// # Errors
/// [`super::StoreError::Sqlite`].
pub fn message(
    tx: &Tx<'_>,
    game: crate::vocabulary::GameId,
    side: crate::rules::Color,
) -> Result<Option<(String, u32)>> {
    Ok(tx
        .sql()
        .prepare_cached("SELECT text, plies FROM xfcc_messages WHERE game_id = ?1 AND side = ?2")?
        .query_row(params![game, side], |r| {
            Ok((r.get("text")?, r.get("plies")?))
        })
        .optional()?)
}
