//! Real bounces and referee alerts, as stored (the daemon decides, this module
//! keeps the record; see `daemon::bounce` and `daemon::alerts`).
//!
//! - `bounces`: one row per outbox row that a genuine delivery report answered.
//!   Its address is the outbox row's recipient. An address with an uncleared
//!   bounce gets no referee alert, so an alert to a referee whose mailbox
//!   bounces cannot breed further alerts.
//! - `alerts`: every alert raised, unique by its key; raising the same key again
//!   is a no-op.
//! - `alert_deliveries`: for each alert and referee, whether a mail was queued,
//!   held by the hourly limit (and later summarised), or not sent because the
//!   address is unreachable or bounced.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::PlayerId;
use super::outbox::OutboxId;
use super::{Json, Result, Ts, Tx, instant_text};

row_id! {
    /// An alert's row id (`alerts.id`).
    AlertId
}

text_enum! {
    /// How a delivery report was tied to an outbox row.
    pub enum MatchedBy {
        /// It came to the row's VERP return path with a valid MAC.
        Verp => "verp",
        /// It returned the row's Message-ID and named the row's recipient as failed.
        MessageId => "message-id",
    }
}

text_enum! {
    /// What became of an alert for one referee.
    pub enum DeliveryStatus {
        /// A mail was written to the outbox.
        Queued => "queued",
        /// Over the hourly limit: waits to be summarised in the next queued alert.
        Held => "held",
        /// Told in a later alert mail (summary lines).
        Summarised => "summarised",
        /// Not sent: the referee's address is marked unreachable.
        Unreachable => "unreachable",
        /// Not sent: the referee's address bounced.
        Bounced => "bounced",
    }
}

/// A genuine bounce to record with [`record_bounce`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewBounce {
    /// The outbox row the report answered.
    pub outbox_id: OutboxId,
    /// That row's recipient.
    pub address: String,
    /// How the report was tied to the row.
    pub matched_by: MatchedBy,
    /// `Reporting-MTA` of the report.
    pub reporting_mta: Option<String>,
    /// `Status` of the failed recipient, e.g. `5.1.1`.
    pub status: Option<String>,
    /// `Diagnostic-Code` of the failed recipient.
    pub diagnostic: Option<String>,
    /// When the report was received (UTC).
    pub received_at: DateTime<Utc>,
}

/// Records a genuine bounce; `false` when this outbox row had one already
/// (the first record is kept).
///
/// # Errors
/// [`super::StoreError::Sqlite`] (also for an unknown outbox row).
pub fn record_bounce(tx: &Tx<'_>, b: &NewBounce) -> Result<bool> {
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO bounces
             (outbox_id, address, matched_by, reporting_mta, status, diagnostic, received_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            b.outbox_id,
            b.address.trim(),
            b.matched_by,
            b.reporting_mta,
            b.status,
            b.diagnostic,
            Ts(b.received_at)
        ],
    )?;
    Ok(n == 1)
}

/// When the address first bounced among its uncleared bounces (ASCII case
/// ignored), or `None` if it has none: the start of its current bounce episode.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn bouncing_since(tx: &Tx<'_>, address: &str) -> Result<Option<DateTime<Utc>>> {
    let t: Option<Ts> = tx
        .sql()
        .prepare_cached(
            "SELECT min(received_at) AS since FROM bounces WHERE address = ?1 AND cleared_at IS NULL",
        )?
        .query_row([address.trim()], |r| r.get("since"))?;
    Ok(t.map(|t| t.0))
}

/// Clears the bounces of an address at `at` (UTC), once a director knows it
/// works again; returns how many were cleared.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn clear_bounces(tx: &Tx<'_>, address: &str, at: DateTime<Utc>) -> Result<usize> {
    Ok(tx.sql().execute(
        "UPDATE bounces SET cleared_at = ?1 WHERE address = ?2 AND cleared_at IS NULL",
        params![Ts(at), address.trim()],
    )?)
}

/// The outbox row with this Message-ID (with or without `<>`), if any.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn outbox_by_message_id(tx: &Tx<'_>, message_id: &str) -> Result<Option<OutboxId>> {
    let Some(id) = super::messages::normalize_message_id(message_id) else {
        return Ok(None);
    };
    Ok(tx
        .sql()
        .prepare_cached("SELECT id FROM outbox WHERE message_id = ?1")?
        .query_row([id], |r| r.get("id"))
        .optional()?)
}

/// Inserts an alert unless its key is taken; `None` when it is (raised before).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn insert_alert(
    tx: &Tx<'_>,
    key: &str,
    kind: &str,
    detail: &serde_json::Value,
    at: DateTime<Utc>,
) -> Result<Option<AlertId>> {
    let n = tx.sql().execute(
        "INSERT OR IGNORE INTO alerts (alert_key, kind, detail, raised_at) VALUES (?1, ?2, ?3, ?4)",
        params![key, kind, Json(detail.clone()), Ts(at)],
    )?;
    Ok((n == 1).then(|| AlertId(tx.sql().last_insert_rowid())))
}

/// Records what became of an alert for a referee (`outbox` is the mail for
/// [`DeliveryStatus::Queued`] and [`DeliveryStatus::Summarised`]).
///
/// # Errors
/// [`super::StoreError::Sqlite`], also when the pair is recorded already or
/// `outbox` does not fit the status.
pub fn record_delivery(
    tx: &Tx<'_>,
    alert: AlertId,
    referee: PlayerId,
    status: DeliveryStatus,
    outbox: Option<OutboxId>,
    at: DateTime<Utc>,
) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO alert_deliveries (alert_id, referee_id, status, outbox_id, at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![alert, referee, status, outbox, Ts(at)],
    )?;
    Ok(())
}

/// Alert mails queued for a referee at or after `since` (UTC): what the hourly
/// limit counts.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn queued_since(tx: &Tx<'_>, referee: PlayerId, since: DateTime<Utc>) -> Result<u32> {
    let n: i64 = tx
        .sql()
        .prepare_cached(
            "SELECT count(*) AS n FROM alert_deliveries
             WHERE referee_id = ?1 AND status = 'queued' AND at >= ?2",
        )?
        .query_row(params![referee, instant_text(since)], |r| r.get("n"))?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Alerts held for a referee and not yet summarised, oldest first, with their
/// stored JSON.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn held_for(tx: &Tx<'_>, referee: PlayerId) -> Result<Vec<(AlertId, serde_json::Value)>> {
    let mut st = tx.sql().prepare_cached(
        "SELECT a.id, a.detail FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
         WHERE d.referee_id = ?1 AND d.status = 'held' ORDER BY a.id",
    )?;
    let rows = st.query_map([referee], |r| {
        Ok((r.get("id")?, r.get::<_, Json>("detail")?.0))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Marks held alerts of a referee as told in the mail `outbox`.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn mark_summarised(
    tx: &Tx<'_>,
    referee: PlayerId,
    alerts: &[AlertId],
    outbox: OutboxId,
    at: DateTime<Utc>,
) -> Result<()> {
    let mut st = tx.sql().prepare_cached(
        "UPDATE alert_deliveries SET status = 'summarised', outbox_id = ?1, at = ?2
         WHERE alert_id = ?3 AND referee_id = ?4 AND status = 'held'",
    )?;
    for a in alerts {
        st.execute(params![outbox, Ts(at), a, referee])?;
    }
    Ok(())
}

/// One referee's record of one alert.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The alert.
    pub alert: AlertId,
    /// Its key.
    pub key: String,
    /// The referee.
    pub referee: PlayerId,
    /// What became of it.
    pub status: DeliveryStatus,
    /// The mail, when one was queued or told of it.
    pub outbox: Option<OutboxId>,
}

/// Every delivery record, in alert order then referee order (for reports and tests).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn deliveries(tx: &Tx<'_>) -> Result<Vec<Delivery>> {
    let mut st = tx.sql().prepare_cached(
        "SELECT d.alert_id, a.alert_key, d.referee_id, d.status, d.outbox_id
         FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
         ORDER BY d.alert_id, d.referee_id",
    )?;
    let rows = st.query_map([], |r| {
        Ok(Delivery {
            alert: r.get("alert_id")?,
            key: r.get("alert_key")?,
            referee: r.get("referee_id")?,
            status: r.get("status")?,
            outbox: r.get("outbox_id")?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
