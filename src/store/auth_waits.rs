//! Mails whose authentication checks ended in temperror and that wait in
//! the inbox to be checked again (table `auth_waits`): when each was first
//! checked, so that the wait is bounded across restarts.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Result, Ts, Tx};

/// Notes one more check of the mail `inbox_key` at `now` (UTC) that ended
/// in temperror; returns the instant of its first such check and how many
/// there have been, this one included.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn note(tx: &Tx<'_>, inbox_key: &str, now: DateTime<Utc>) -> Result<(DateTime<Utc>, u32)> {
    let (first, checks): (Ts, u32) = tx
        .sql()
        .prepare_cached(
            "INSERT INTO auth_waits (inbox_key, first_at) VALUES (?1, ?2)
             ON CONFLICT (inbox_key) DO UPDATE SET checks = checks + 1
             RETURNING first_at, checks",
        )?
        .query_row(params![inbox_key, Ts(now)], |r| {
            Ok((r.get("first_at")?, r.get("checks")?))
        })?;
    Ok((first.0, checks))
}

/// The first temperror check of the mail `inbox_key`, if it waited.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn first(tx: &Tx<'_>, inbox_key: &str) -> Result<Option<DateTime<Utc>>> {
    Ok(tx
        .sql()
        .prepare_cached("SELECT first_at FROM auth_waits WHERE inbox_key = ?1")?
        .query_row([inbox_key], |r| r.get::<_, Ts>("first_at"))
        .optional()?
        .map(|t| t.0))
}

/// Forgets the wait of a mail now recorded.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn end(tx: &Tx<'_>, inbox_key: &str) -> Result<()> {
    tx.sql()
        .prepare_cached("DELETE FROM auth_waits WHERE inbox_key = ?1")?
        .execute([inbox_key])?;
    Ok(())
}
