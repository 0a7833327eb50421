//! Inbound messages already handled, and the IMAP position per mailbox.
//!
//! Each handled message is recorded once, keyed by its inbox key, in the same
//! transaction as whatever it changed; a re-scan then finds it and changes
//! nothing. A re-delivery under another inbox key is recognised by its
//! Message-ID together with its verified sender ([`find_verified`]): a
//! stranger's mail that carries a player's Message-ID first is recorded
//! unverified and pre-empts nothing. Message-IDs are stored without `<>` (both
//! forms are accepted and normalised).

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{GameId, Result, StoreError, Ts, Tx};

/// A handled inbound message.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProcessedMessage {
    /// Row id.
    pub id: i64,
    /// Message-ID without `<>`; `None` if the message had none.
    pub message_id: Option<String>,
    /// Stable inbox key: `INBOX/<uidvalidity>/<uid>` for IMAP, the file name
    /// for Maildir, `cli/...` for commands typed at the shell.
    pub inbox_key: String,
    /// The game it concerned, if one was identified.
    pub game_id: Option<GameId>,
    /// The sender address as it appeared in From, if any (lowercased when verified).
    pub sender: Option<String>,
    /// Whether the sender was verified: a registered From and that player's
    /// token for the game in the address the mail was sent to.
    pub verified: bool,
    /// What came of it, for the referee: `applied`, `stale`,
    /// `rejected: no token`, `ignored: auto-reply`, ...
    pub outcome: String,
    /// When it was handled (UTC).
    pub processed_at: DateTime<Utc>,
}

/// A handled message to record with [`record`]: the row without its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewProcessedMessage {
    /// Message-ID, with or without `<>`; `None` (or empty) if there was none.
    pub message_id: Option<String>,
    /// Stable inbox key; must not be empty.
    pub inbox_key: String,
    /// The game it concerned, if any.
    pub game_id: Option<GameId>,
    /// The sender address, if any.
    pub sender: Option<String>,
    /// Whether the sender was verified (then `sender` is stored lowercased and
    /// the pair (Message-ID, sender) must be new).
    pub verified: bool,
    /// What came of it; must not be empty.
    pub outcome: String,
    /// When it was handled (UTC).
    pub processed_at: DateTime<Utc>,
}

/// A Message-ID as stored: trimmed, without the surrounding `<>`; `None` if
/// nothing is left.
#[must_use]
pub fn normalize_message_id(id: &str) -> Option<String> {
    let id = id.trim();
    let id = id.strip_prefix('<').unwrap_or(id);
    let id = id.strip_suffix('>').unwrap_or(id).trim();
    (!id.is_empty()).then(|| id.to_owned())
}

const COLUMNS: &str = "id, message_id, inbox_key, game_id, sender, verified, outcome, processed_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<ProcessedMessage> {
    Ok(ProcessedMessage {
        id: row.get("id")?,
        message_id: row.get("message_id")?,
        inbox_key: row.get("inbox_key")?,
        game_id: row.get("game_id")?,
        sender: row.get("sender")?,
        verified: row.get("verified")?,
        outcome: row.get("outcome")?,
        processed_at: row.get::<_, Ts>("processed_at")?.0,
    })
}

/// Records a handled message if its inbox key has not been seen (and, for a
/// verified sender, the pair (Message-ID, sender) neither). Returns `true` if
/// it was new, `false` if it had been recorded already (then nothing is
/// written: the caller must roll back whatever it did for this message, or
/// better, call [`find_key`] and [`find_verified`] first).
///
/// # Errors
/// [`StoreError::Invalid`] for an empty inbox key or outcome.
pub fn record(tx: &Tx<'_>, new: &NewProcessedMessage) -> Result<bool> {
    if new.inbox_key.trim().is_empty() {
        return Err(StoreError::Invalid {
            what: "inbox key",
            value: new.inbox_key.clone(),
        });
    }
    if new.outcome.trim().is_empty() {
        return Err(StoreError::Invalid {
            what: "outcome",
            value: new.outcome.clone(),
        });
    }
    let message_id = new.message_id.as_deref().and_then(normalize_message_id);
    let sender = if new.verified {
        new.sender.as_deref().map(str::to_lowercase)
    } else {
        new.sender.clone()
    };
    let n = tx.sql().execute(
        "INSERT INTO processed_messages (message_id, inbox_key, game_id, sender, verified, outcome, processed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT DO NOTHING",
        params![
            message_id,
            new.inbox_key,
            new.game_id,
            sender,
            new.verified,
            new.outcome,
            Ts(new.processed_at)
        ],
    )?;
    Ok(n == 1)
}

/// How many mails are recorded as processed (every outcome).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn count(tx: &Tx<'_>) -> Result<usize> {
    let n: i64 = tx
        .sql()
        .query_row("SELECT count(*) AS n FROM processed_messages", [], |row| {
            row.get("n")
        })?;
    Ok(usize::try_from(n).unwrap_or(0))
}

/// The record of a message seen before under this inbox key, if any. Call it
/// at the start of the transaction that would handle the message.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn find_key(tx: &Tx<'_>, inbox_key: &str) -> Result<Option<ProcessedMessage>> {
    Ok(tx
        .sql()
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM processed_messages WHERE inbox_key = ?1"
        ))?
        .query_row(params![inbox_key], from_row)
        .optional()?)
}

/// Whether the database knows the inbox mail `inbox_key`: recorded as
/// processed, leased (in flight, quarantined or released), or waiting for
/// its authentication checks.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn knows_key(tx: &Tx<'_>, inbox_key: &str) -> Result<bool> {
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM processed_messages WHERE inbox_key = ?1)
                 OR EXISTS (SELECT 1 FROM inbox_claims WHERE inbox_key = ?1)
                 OR EXISTS (SELECT 1 FROM auth_waits WHERE inbox_key = ?1) AS known",
        )?
        .query_row(params![inbox_key], |r| r.get("known"))?)
}

/// The latest receipt instant (UTC) of the mails recorded as processed under
/// inbox keys that begin with `prefix` (`maildir/`, `INBOX/<uidvalidity>/`):
/// the newest mail of that mailbox the database's history has seen; `None`
/// if it has seen none.
///
/// # Errors
/// [`StoreError::Sqlite`]; [`StoreError::Corrupt`] for an instant that does
/// not read.
pub fn newest_receipt(tx: &Tx<'_>, prefix: &str) -> Result<Option<DateTime<Utc>>> {
    // The keys that begin with `prefix` are those from it (included) to the
    // prefix with its last character the next one (excluded): a range of the
    // key's unique index.
    let Some(last) = prefix.chars().last() else {
        return Ok(None);
    };
    let Some(next) = char::from_u32(u32::from(last) + 1) else {
        return Ok(None);
    };
    let end = format!("{}{next}", &prefix[..prefix.len() - last.len_utf8()]);
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT max(processed_at) AS newest FROM processed_messages
             WHERE inbox_key >= ?1 AND inbox_key < ?2",
        )?
        .query_row(params![prefix, end], |r| r.get::<_, Option<Ts>>("newest"))?
        .map(|t| t.0))
}

/// The record of a mail from this verified sender (address, any case) with
/// this Message-ID (with or without `<>`), if any: the same mail delivered
/// again under another inbox key. Unverified records never match.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn find_verified(
    tx: &Tx<'_>,
    message_id: Option<&str>,
    sender: &str,
) -> Result<Option<ProcessedMessage>> {
    let Some(message_id) = message_id.and_then(normalize_message_id) else {
        return Ok(None);
    };
    Ok(tx
        .sql()
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM processed_messages
             WHERE message_id = ?1 AND sender = ?2 AND verified = 1"
        ))?
        .query_row(params![message_id, sender.to_lowercase()], from_row)
        .optional()?)
}

/// Handled messages, newest first, optionally only those of one game; at most
/// `limit` (`None` for all). For the referee's view of rejected mail.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(
    tx: &Tx<'_>,
    game: Option<GameId>,
    limit: Option<u32>,
) -> Result<Vec<ProcessedMessage>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM processed_messages
         WHERE ?1 IS NULL OR game_id = ?1 ORDER BY id DESC LIMIT ?2"
    ))?;
    let rows = stmt.query_map(params![game, limit.map_or(-1, i64::from)], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// How far an IMAP mailbox has been read.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MailboxState {
    /// Mailbox name, e.g. `INBOX`.
    pub name: String,
    /// The mailbox's UIDVALIDITY when it was read; a change means rescan.
    pub uid_validity: u32,
    /// The highest UID handled.
    pub last_uid: u32,
    /// When this was written (UTC).
    pub updated_at: DateTime<Utc>,
}

/// The stored position of a mailbox, or `None` if it was never read.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn mailbox(tx: &Tx<'_>, name: &str) -> Result<Option<MailboxState>> {
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT name, uid_validity, last_uid, updated_at FROM mailboxes WHERE name = ?1",
        )?
        .query_row([name], |row| {
            Ok(MailboxState {
                name: row.get("name")?,
                uid_validity: row.get("uid_validity")?,
                last_uid: row.get("last_uid")?,
                updated_at: row.get::<_, Ts>("updated_at")?.0,
            })
        })
        .optional()?)
}

/// Stores the position of a mailbox (inserted or replaced).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn set_mailbox(tx: &Tx<'_>, state: &MailboxState) -> Result<()> {
    tx.sql().execute(
        "INSERT OR REPLACE INTO mailboxes (name, uid_validity, last_uid, updated_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![
            state.name,
            state.uid_validity,
            state.last_uid,
            Ts(state.updated_at)
        ],
    )?;
    Ok(())
}
