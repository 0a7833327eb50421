//! The audit log: every referee, admin and automatic action, who did it, why,
//! and the details. Append-only: there is no update or delete here, and the
//! schema's triggers refuse `UPDATE` and `DELETE` on the table from any writer.

use chrono::{DateTime, Utc};
use rusqlite::types::Value;
use rusqlite::{Row, params, params_from_iter};

use super::{GameId, Json, PlayerId, Result, StoreError, Ts, Tx};

row_id! {
    /// An audit entry's row id; ids grow with time.
    AuditId
}

/// One audit entry.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AuditEntry {
    /// Row id.
    pub id: AuditId,
    /// When it happened (UTC).
    pub at: DateTime<Utc>,
    /// Who acted; `None` for the system itself (scheduler, daemon).
    pub actor: Option<PlayerId>,
    /// What was done, a short snake_case name: `rollback`, `adjudicate`,
    /// `add_time`, `annul`, `mail_rejected`, ...
    pub action: String,
    /// The game concerned, if any.
    pub game_id: Option<GameId>,
    /// The reason given, if any.
    pub reason: Option<String>,
    /// Anything else worth keeping, as JSON (e.g. `{"to_ply": 10, "removed": 4}`).
    pub details: Option<serde_json::Value>,
    /// The Message-ID of the director's mail the action came by;
    /// `None` from the command line or the system.
    pub message_id: Option<String>,
}

/// An audit entry to append with [`append`]: the row without its id.
#[derive(Clone, Debug, PartialEq)]
pub struct NewAuditEntry {
    /// When it happened (UTC).
    pub at: DateTime<Utc>,
    /// Who acted; `None` for the system.
    pub actor: Option<PlayerId>,
    /// What was done; must not be empty.
    pub action: String,
    /// The game concerned, if any.
    pub game_id: Option<GameId>,
    /// The reason given, if any.
    pub reason: Option<String>,
    /// Details as JSON.
    pub details: Option<serde_json::Value>,
}

/// Appends an entry and returns its id.
///
/// # Errors
/// [`StoreError::Invalid`] for an empty action; [`StoreError::Sqlite`] if the
/// actor or game does not exist.
pub fn append(tx: &Tx<'_>, entry: &NewAuditEntry) -> Result<AuditId> {
    append_from(tx, entry, None)
}

/// Appends an entry that a mail asked for, with the mail's Message-ID
/// (`None`: as [`append`]).
///
/// # Errors
/// As [`append`].
pub fn append_from(
    tx: &Tx<'_>,
    entry: &NewAuditEntry,
    message_id: Option<&str>,
) -> Result<AuditId> {
    if entry.action.trim().is_empty() {
        return Err(StoreError::Invalid {
            what: "audit action",
            value: entry.action.clone(),
        });
    }
    tx.sql()
        .prepare_cached(
            "INSERT INTO audit_log (at, actor_id, action, game_id, reason, details, message_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            Ts(entry.at),
            entry.actor,
            entry.action,
            entry.game_id,
            entry.reason,
            entry.details.clone().map(Json),
            message_id,
        ])?;
    Ok(AuditId(tx.sql().last_insert_rowid()))
}

/// Which entries [`list`] returns: every `Some` field must match. `Default`
/// returns the whole log, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// Entries about this game.
    pub game: Option<GameId>,
    /// Entries by this actor.
    pub actor: Option<PlayerId>,
    /// Entries of this action.
    pub action: Option<String>,
    /// Newest first instead of oldest first.
    pub newest_first: bool,
    /// At most this many entries; `None` for all.
    pub limit: Option<u32>,
    /// Skip this many first.
    pub offset: u32,
}

fn from_row(row: &Row<'_>) -> rusqlite::Result<AuditEntry> {
    Ok(AuditEntry {
        id: row.get("id")?,
        at: row.get::<_, Ts>("at")?.0,
        actor: row.get("actor_id")?,
        action: row.get("action")?,
        game_id: row.get("game_id")?,
        reason: row.get("reason")?,
        details: row.get::<_, Option<Json>>("details")?.map(|j| j.0),
        message_id: row.get("message_id")?,
    })
}

/// The entries matching `filter`, in id order (time order).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>, filter: &AuditFilter) -> Result<Vec<AuditEntry>> {
    let mut conds: Vec<&str> = Vec::new();
    let mut args: Vec<Value> = Vec::new();
    if let Some(g) = filter.game {
        conds.push("game_id = ?");
        args.push(Value::Integer(g.0));
    }
    if let Some(a) = filter.actor {
        conds.push("actor_id = ?");
        args.push(Value::Integer(a.0));
    }
    if let Some(a) = &filter.action {
        conds.push("action = ?");
        args.push(Value::Text(a.clone()));
    }
    let cond = if conds.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conds.join(" AND "))
    };
    let dir = if filter.newest_first { "DESC" } else { "ASC" };
    args.push(Value::Integer(filter.limit.map_or(-1, i64::from)));
    args.push(Value::Integer(i64::from(filter.offset)));
    let sql = format!(
        "SELECT id, at, actor_id, action, game_id, reason, details, message_id FROM audit_log{cond}
         ORDER BY id {dir} LIMIT ? OFFSET ?"
    );
    let mut stmt = tx.sql().prepare(&sql)?;
    let rows = stmt.query_map(params_from_iter(args), from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
