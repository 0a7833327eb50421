//! Faults of the outbound relay (table `relay_faults`, migration 0020): a
//! refusal of the SMTP server the daemon sends through that names no one
//! recipient. While a fault is open no reply is marked failed; the sender
//! waits until [`RelayFault::next_try_at`] (its backoff) and then tries again;
//! the first reply the relay takes closes the fault ([`end`]).

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{Result, Ts, Tx};

text_enum! {
    /// Where in the SMTP dialogue the relay refused. Stored as the name.
    pub enum RelayStage {
        /// The greeting, or the connection itself.
        Connect => "connect",
        /// `EHLO` (or `STARTTLS`).
        Ehlo => "ehlo",
        /// `AUTH`: the login was refused.
        Auth => "auth",
        /// `MAIL FROM`: the sender was refused.
        MailFrom => "mail-from",
        /// `RCPT TO`: the same refusal for every recipient tried.
        RcptAll => "rcpt-all",
        /// `DATA` or the end of the message.
        Data => "data",
    }
}

/// A fault as stored; open while `ended_at` is `None`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RelayFault {
    /// Row id.
    pub id: i64,
    /// When it was first seen (UTC).
    pub since: DateTime<Utc>,
    /// When it was last seen (UTC).
    pub last_at: DateTime<Utc>,
    /// Where the relay refused, the last time.
    pub stage: RelayStage,
    /// The relay's last reply, as it wrote it (may hold any character).
    pub reply: String,
    /// Sends refused during the fault.
    pub refusals: u32,
    /// No send is tried before this instant (UTC).
    pub next_try_at: DateTime<Utc>,
    /// When the relay took mail again (UTC).
    pub ended_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, since, last_at, stage, reply, refusals, next_try_at, ended_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<RelayFault> {
    Ok(RelayFault {
        id: row.get("id")?,
        since: row.get::<_, Ts>("since")?.0,
        last_at: row.get::<_, Ts>("last_at")?.0,
        stage: row.get("stage")?,
        reply: row.get("reply")?,
        refusals: row.get("refusals")?,
        next_try_at: row.get::<_, Ts>("next_try_at")?.0,
        ended_at: row.get::<_, Option<Ts>>("ended_at")?.map(|t| t.0),
    })
}

/// The open fault, if any.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn open(tx: &Tx<'_>) -> Result<Option<RelayFault>> {
    Ok(tx
        .sql()
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM relay_faults WHERE ended_at IS NULL"
        ))?
        .query_row([], from_row)
        .optional()?)
}

/// Records a refusal at `at` (UTC): opens a fault, or extends the open one
/// (one more refusal, the last stage and reply); no send is tried before
/// `next_try_at`. Returns the fault as it stands now.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn refused(
    tx: &Tx<'_>,
    stage: RelayStage,
    reply: &str,
    at: DateTime<Utc>,
    next_try_at: DateTime<Utc>,
) -> Result<RelayFault> {
    let n = tx.sql().execute(
        "UPDATE relay_faults SET last_at = ?1, stage = ?2, reply = ?3,
                refusals = refusals + 1, next_try_at = ?4
         WHERE ended_at IS NULL",
        params![Ts(at), stage, reply, Ts(next_try_at)],
    )?;
    if n == 0 {
        tx.sql().execute(
            "INSERT INTO relay_faults (since, last_at, stage, reply, next_try_at)
             VALUES (?1, ?1, ?2, ?3, ?4)",
            params![Ts(at), stage, reply, Ts(next_try_at)],
        )?;
    }
    open(tx)?.ok_or_else(|| super::StoreError::NotFound {
        what: "open relay fault",
        key: String::new(),
    })
}

/// Closes the open fault at `at` (UTC): the relay took mail again. Returns
/// the fault as it was, or `None` when none was open.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn end(tx: &Tx<'_>, at: DateTime<Utc>) -> Result<Option<RelayFault>> {
    let Some(fault) = open(tx)? else {
        return Ok(None);
    };
    tx.sql().execute(
        "UPDATE relay_faults SET ended_at = ?1 WHERE id = ?2",
        params![Ts(at.max(fault.since)), fault.id],
    )?;
    Ok(Some(fault))
}

/// Every fault, newest first, at most `limit`.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn recent(tx: &Tx<'_>, limit: u32) -> Result<Vec<RelayFault>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM relay_faults ORDER BY id DESC LIMIT ?1"
    ))?;
    let rows = stmt.query_map([limit], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use chrono::{TimeDelta, TimeZone};

    #[test]
    fn refusals_extend_one_open_fault_until_it_ends() {
        let mut store = Store::open_in_memory().unwrap();
        let t = Utc.with_ymd_and_hms(2026, 12, 1, 10, 0, 0).unwrap();
        store
            .transaction(|tx| {
                assert_eq!(open(tx)?, None);
                let a = refused(tx, RelayStage::MailFrom, "550 5.7.1 denied", t, t)?;
                let later = t + TimeDelta::seconds(30);
                let b = refused(tx, RelayStage::Auth, "535 bad", later, later)?;
                assert_eq!((a.id, b.id, b.since, b.refusals), (a.id, a.id, t, 2));
                assert_eq!(b.stage, RelayStage::Auth);
                let ended = end(tx, later)?.unwrap();
                assert_eq!(ended.id, a.id);
                assert_eq!(open(tx)?, None);
                assert_eq!(end(tx, later)?, None);
                let c = refused(tx, RelayStage::Connect, "x", later, later)?;
                assert_ne!(c.id, a.id, "a new fault after the end");
                assert_eq!(recent(tx, 10)?.len(), 2);
                Ok::<_, crate::store::StoreError>(())
            })
            .unwrap();
    }
}
