//! The authenticated-mail verdicts of each processed message (DKIM, SPF,
//! DMARC, ARC: [`AuthVerdicts`]), one row per `processed_messages` row,
//! written in the transaction that records the message. The summary words
//! are columns (for queries by hand); the full verdicts, every DKIM
//! signature and the SPF client, are kept as JSON.

use rusqlite::{OptionalExtension, params};

use super::messages::{self, ProcessedMessage};
use super::{GameId, Result, Tx};
use crate::mail::auth::AuthVerdicts;

/// The stored verdicts of one message.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StoredAuth {
    /// What the checks said.
    pub verdicts: AuthVerdicts,
    /// Whether the mail failed a refusing DMARC policy and was applied
    /// anyway (flagged for the director).
    pub flagged: bool,
}

/// Records the verdicts of the message recorded under `inbox_key` in this
/// transaction. Returns `false` (and writes nothing) when no such message
/// is recorded or it has verdicts already.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record(
    tx: &Tx<'_>,
    inbox_key: &str,
    verdicts: &AuthVerdicts,
    flagged: bool,
) -> Result<bool> {
    let detail = serde_json::to_string(verdicts).unwrap_or_else(|_| "{}".into());
    let n = tx.sql().execute(
        "INSERT INTO mail_auth (message, dkim, spf, dmarc, dmarc_policy, arc, flagged, detail)
         SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM processed_messages WHERE inbox_key = ?1
         ON CONFLICT DO NOTHING",
        params![
            inbox_key,
            verdicts.dkim_summary().as_str(),
            verdicts.spf.result.as_str(),
            verdicts.dmarc.result.as_str(),
            verdicts.dmarc.policy.as_str(),
            verdicts.arc.as_str(),
            flagged,
            detail,
        ],
    )?;
    Ok(n == 1)
}

/// The verdicts stored for the processed message with row id `message`.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>, message: i64) -> Result<Option<StoredAuth>> {
    let row: Option<(String, bool)> = tx
        .sql()
        .prepare_cached("SELECT detail, flagged FROM mail_auth WHERE message = ?1")?
        .query_row(params![message], |r| {
            Ok((r.get("detail")?, r.get("flagged")?))
        })
        .optional()?;
    Ok(row.and_then(|(detail, flagged)| {
        serde_json::from_str(&detail)
            .ok()
            .map(|verdicts| StoredAuth { verdicts, flagged })
    }))
}

/// Processed messages (newest first, of one game or all, at most `limit`)
/// with their verdicts (`None` for mail recorded before the checks, or
/// commands typed at the shell).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn list(
    tx: &Tx<'_>,
    game: Option<GameId>,
    limit: Option<u32>,
) -> Result<Vec<(ProcessedMessage, Option<StoredAuth>)>> {
    messages::list(tx, game, limit)?
        .into_iter()
        .map(|m| {
            let auth = get(tx, m.id)?;
            Ok((m, auth))
        })
        .collect()
}
