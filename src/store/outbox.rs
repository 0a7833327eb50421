//! The outbox: replies written by the referee in the same transaction as the
//! change they report, and sent later by the sender loop.
//!
//! A row is `pending` until the transport accepts it ([`mark_sent`]) or fails
//! for good ([`mark_failed`] with a permanent failure, or too many attempts);
//! a transient failure schedules the next attempt with exponential backoff
//! ([`RetryPolicy`]). Sent rows stay, as the record of what was said. Each row
//! carries its own Message-ID, fixed when it is enqueued, so a resend after a
//! crash is recognisable as the same mail, and every header the sender
//! needs (From, Reply-To, Subject, In-Reply-To, References): sending a row
//! reads nothing else.
//!
//! Attachments (diagram PNG, score file) are raw bytes in a child table
//! rather than JSON, since binary content would otherwise need base64.

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{GameId, Result, StoreError, Ts, Tx, is_unique_violation};

row_id! {
    /// An outbox row id.
    OutboxId
}

text_enum! {
    /// Where an outgoing mail stands. Stored as the lowercase name.
    pub enum OutboxStatus {
        /// Waiting to be sent (first time or retry).
        Pending => "pending",
        /// Accepted by the transport.
        Sent => "sent",
        /// Given up; the referee must look.
        Failed => "failed",
    }
}

/// A file attached to an outgoing mail.
#[derive(Clone, PartialEq, Eq, serde::Serialize)]
pub struct Attachment {
    /// File name shown to the recipient, e.g. `game-12.png`.
    pub filename: String,
    /// MIME type, e.g. `image/png`.
    pub content_type: String,
    /// The bytes.
    #[serde(skip)]
    pub content: Vec<u8>,
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Attachment")
            .field("filename", &self.filename)
            .field("content_type", &self.content_type)
            .field("bytes", &self.content.len())
            .finish()
    }
}

/// An outgoing mail as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OutgoingMail {
    /// Row id.
    pub id: OutboxId,
    /// The recipient's registered address.
    pub to_address: String,
    /// Subject, e.g. `[zaochka #12] Your move (Russian checkers)`.
    pub subject: String,
    /// Plain-text body.
    pub body_text: String,
    /// HTML body, if any.
    pub body_html: Option<String>,
    /// Attachments, in order.
    pub attachments: Vec<Attachment>,
    /// Message-ID (without `<>`) of the mail this answers.
    pub in_reply_to: Option<String>,
    /// The References header value (ids with `<>`, space separated).
    pub references: Option<String>,
    /// This mail's own Message-ID, without `<>`.
    pub message_id: String,
    /// The address in its From (`local@domain`, decided when it was
    /// written); `None` for a row written before the outbox held it (the
    /// bot's own address is used).
    pub from_address: Option<String>,
    /// The address in its Reply-To, if any.
    pub reply_to: Option<String>,
    /// The game it reports on, if any.
    pub game_id: Option<GameId>,
    /// Where it stands.
    pub status: OutboxStatus,
    /// Sending attempts made so far.
    pub attempts: u32,
    /// Not to be sent before this instant (UTC).
    pub next_attempt_at: DateTime<Utc>,
    /// The last transport error, if any.
    pub last_error: Option<String>,
    /// When it was enqueued (UTC).
    pub created_at: DateTime<Utc>,
    /// When the transport accepted it (UTC).
    pub sent_at: Option<DateTime<Utc>>,
}

/// A mail to enqueue with [`enqueue`]; it is due at once (`created_at`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewOutgoing {
    /// The recipient's registered address: `local@domain`, no spaces.
    pub to_address: String,
    /// Subject.
    pub subject: String,
    /// Plain-text body.
    pub body_text: String,
    /// HTML body, if any.
    pub body_html: Option<String>,
    /// Attachments, in order.
    pub attachments: Vec<Attachment>,
    /// Message-ID (with or without `<>`) of the mail this answers.
    pub in_reply_to: Option<String>,
    /// The References header value.
    pub references: Option<String>,
    /// This mail's own Message-ID (with or without `<>`), unique.
    pub message_id: String,
    /// The address in its From (`local@domain`); `None`: the bot's own.
    pub from_address: Option<String>,
    /// The address in its Reply-To, if any.
    pub reply_to: Option<String>,
    /// The game it reports on, if any.
    pub game_id: Option<GameId>,
    /// When it is enqueued (UTC).
    pub created_at: DateTime<Utc>,
}

/// How failed sends are retried: the n-th failure (n = 1, 2, ...) waits
/// `first_delay_seconds * 2^(n-1)`, at most `max_delay_seconds`; after
/// `max_attempts` attempts the row is `failed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Delay after the first failure, in seconds.
    pub first_delay_seconds: i64,
    /// Longest delay, in seconds.
    pub max_delay_seconds: i64,
    /// Attempts before giving up (at least 1).
    pub max_attempts: u32,
}

impl Default for RetryPolicy {
    /// 1 minute, doubling up to 6 hours, 12 attempts (about 1.5 days in all).
    fn default() -> Self {
        RetryPolicy {
            first_delay_seconds: 60,
            max_delay_seconds: 6 * 3600,
            max_attempts: 12,
        }
    }
}

impl RetryPolicy {
    /// The wait after the `failures`-th failure (1-based), in seconds.
    #[must_use]
    pub fn delay_seconds(&self, failures: u32) -> i64 {
        let shift = failures.saturating_sub(1).min(62);
        self.first_delay_seconds
            .max(1)
            .saturating_mul(1i64 << shift)
            .min(self.max_delay_seconds.max(1))
    }
}

/// Whether a send failure may go away by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// 4xx, network trouble: retry later.
    Transient,
    /// 5xx, bad address: do not retry.
    Permanent,
}

pub(super) const COLUMNS: &str = "id, to_address, subject, body_text, body_html, in_reply_to, \
     references_header, message_id, from_address, reply_to, game_id, status, attempts, next_attempt_at, last_error, \
     created_at, sent_at";

pub(super) fn from_row(row: &Row<'_>) -> rusqlite::Result<OutgoingMail> {
    Ok(OutgoingMail {
        id: row.get("id")?,
        to_address: row.get("to_address")?,
        subject: row.get("subject")?,
        body_text: row.get("body_text")?,
        body_html: row.get("body_html")?,
        attachments: Vec::new(),
        in_reply_to: row.get("in_reply_to")?,
        references: row.get("references_header")?,
        message_id: row.get("message_id")?,
        from_address: row.get("from_address")?,
        reply_to: row.get("reply_to")?,
        game_id: row.get("game_id")?,
        status: row.get("status")?,
        attempts: row.get("attempts")?,
        next_attempt_at: row.get::<_, Ts>("next_attempt_at")?.0,
        last_error: row.get("last_error")?,
        created_at: row.get::<_, Ts>("created_at")?.0,
        sent_at: row.get::<_, Option<Ts>>("sent_at")?.map(|t| t.0),
    })
}

pub(super) fn with_attachments(tx: &Tx<'_>, mut mail: OutgoingMail) -> Result<OutgoingMail> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT filename, content_type, content FROM outbox_attachments
         WHERE outbox_id = ?1 ORDER BY position",
    )?;
    let rows = stmt.query_map([mail.id], |row| {
        Ok(Attachment {
            filename: row.get("filename")?,
            content_type: row.get("content_type")?,
            content: row.get("content")?,
        })
    })?;
    mail.attachments = rows.collect::<rusqlite::Result<_>>()?;
    Ok(mail)
}

/// The pending rows written before the outbox held From (schema 24): id,
/// game and recipient of each, in order.
///
/// # Errors
/// Database failures.
pub fn pending_without_from(tx: &Tx<'_>) -> Result<Vec<(OutboxId, Option<GameId>, String)>> {
    let mut stmt = tx.sql().prepare(
        "SELECT id, game_id, to_address FROM outbox
         WHERE status = 'pending' AND from_address IS NULL ORDER BY id",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok((row.get("id")?, row.get("game_id")?, row.get("to_address")?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets the From and Reply-To addresses of a row.
///
/// # Errors
/// Database failures.
pub fn set_addresses(tx: &Tx<'_>, id: OutboxId, from: &str, reply_to: Option<&str>) -> Result<()> {
    tx.sql().execute(
        "UPDATE outbox SET from_address = ?2, reply_to = ?3 WHERE id = ?1",
        params![id, from, reply_to],
    )?;
    Ok(())
}

/// Enqueues a mail, due at once, and returns its id.
///
/// # Errors
/// [`StoreError::Duplicate`] if the Message-ID is taken,
/// [`StoreError::Invalid`] for an address that is not `local@domain` or an
/// empty Message-ID.
pub fn enqueue(tx: &Tx<'_>, new: &NewOutgoing) -> Result<OutboxId> {
    let to = new.to_address.trim();
    if !super::players::is_plausible_email(to) {
        return Err(StoreError::Invalid {
            what: "recipient address",
            value: new.to_address.clone(),
        });
    }
    let message_id = super::messages::normalize_message_id(&new.message_id).ok_or_else(|| {
        StoreError::Invalid {
            what: "message id",
            value: new.message_id.clone(),
        }
    })?;
    let in_reply_to = new
        .in_reply_to
        .as_deref()
        .and_then(super::messages::normalize_message_id);
    let inserted = tx.sql().execute(
        "INSERT INTO outbox (to_address, subject, body_text, body_html, in_reply_to,
                             references_header, message_id, game_id, next_attempt_at, created_at,
                             from_address, reply_to)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11)",
        params![
            to,
            new.subject,
            new.body_text,
            new.body_html,
            in_reply_to,
            new.references,
            message_id,
            new.game_id,
            Ts(new.created_at),
            new.from_address,
            new.reply_to,
        ],
    );
    match inserted {
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => {
            return Err(StoreError::Duplicate {
                what: "outbox message id",
                key: message_id,
            });
        }
        Err(e) => return Err(e.into()),
    }
    let id = OutboxId(tx.sql().last_insert_rowid());
    let mut stmt = tx.sql().prepare_cached(
        "INSERT INTO outbox_attachments (outbox_id, position, filename, content_type, content)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (position, a) in new.attachments.iter().enumerate() {
        stmt.execute(params![
            id,
            i64::try_from(position).unwrap_or(i64::MAX),
            a.filename,
            a.content_type,
            a.content
        ])?;
    }
    Ok(id)
}

/// The In-Reply-To and References ids (without `<>`, space-separated as
/// stored) of our mail with this Message-ID (with or without `<>`), if we
/// wrote one.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn threading_of(tx: &Tx<'_>, message_id: &str) -> Result<Option<Vec<String>>> {
    let Some(id) = super::messages::normalize_message_id(message_id) else {
        return Ok(None);
    };
    let row = tx
        .sql()
        .query_row(
            "SELECT COALESCE(in_reply_to, '') AS parent, COALESCE(references_header, '') AS chain
             FROM outbox WHERE message_id = ?1 LIMIT 1",
            [id],
            |r| Ok((r.get::<_, String>("parent")?, r.get::<_, String>("chain")?)),
        )
        .optional()?;
    Ok(row.map(|(in_reply_to, references)| {
        in_reply_to
            .split_whitespace()
            .chain(references.split_whitespace())
            .map(|i| i.trim_start_matches('<').trim_end_matches('>').to_string())
            .collect()
    }))
}

/// The mail with this id, with its attachments.
///
/// # Errors
/// [`StoreError::NotFound`] if there is none.
pub fn get(tx: &Tx<'_>, id: OutboxId) -> Result<OutgoingMail> {
    let mail = tx.row_by_key(
        "outbox mail",
        &format!("SELECT {COLUMNS} FROM outbox WHERE id = ?1"),
        id,
        from_row,
    )?;
    with_attachments(tx, mail)
}

/// Pending mails due at `now` (UTC), oldest due first, at most `limit`, with
/// their attachments: what the sender should send now.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn due(tx: &Tx<'_>, now: DateTime<Utc>, limit: u32) -> Result<Vec<OutgoingMail>> {
    let mails: Vec<OutgoingMail> = {
        let mut stmt = tx.sql().prepare_cached(&format!(
            "SELECT {COLUMNS} FROM outbox
             WHERE status = 'pending' AND next_attempt_at <= ?1
             ORDER BY next_attempt_at, id LIMIT ?2"
        ))?;
        let rows = stmt.query_map(params![Ts(now), limit], from_row)?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    mails.into_iter().map(|m| with_attachments(tx, m)).collect()
}

/// Mails in a given state (all with `None`), oldest first, at most `limit`
/// (`None` for all), without attachments (`attachments` is left empty).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(
    tx: &Tx<'_>,
    status: Option<OutboxStatus>,
    limit: Option<u32>,
) -> Result<Vec<OutgoingMail>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM outbox WHERE ?1 IS NULL OR status = ?1 ORDER BY id LIMIT ?2"
    ))?;
    let rows = stmt.query_map(params![status, limit.map_or(-1, i64::from)], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Marks a pending mail sent at `at` (UTC), counting the attempt.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such pending mail (also if it was
/// marked already: a second mark is refused, not repeated).
pub fn mark_sent(tx: &Tx<'_>, id: OutboxId, at: DateTime<Utc>) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE outbox SET status = 'sent', sent_at = ?1, attempts = attempts + 1
         WHERE id = ?2 AND status = 'pending'",
        params![Ts(at), id],
    )?;
    one_pending(n, id)
}

/// The error of a change to a pending row that found none: no mail `id`,
/// or not pending any more.
fn not_pending(id: OutboxId) -> StoreError {
    StoreError::NotFound {
        what: "pending outbox mail",
        key: id.to_string(),
    }
}

/// `Ok` when an `UPDATE ... WHERE id = ?id AND status = 'pending'` changed
/// `n` rows with `n` not zero, else the [`StoreError::NotFound`] of a
/// pending mail `id`.
///
/// # Errors
/// [`StoreError::NotFound`] when `n` is 0.
pub(super) fn one_pending(n: usize, id: OutboxId) -> Result<()> {
    if n == 0 {
        return Err(not_pending(id));
    }
    Ok(())
}

/// Records a failed attempt at `at` (UTC) and returns the new status: still
/// `pending` with `next_attempt_at` moved by the policy's backoff, or
/// `failed` if the failure is permanent or the attempts are used up.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such pending mail.
pub fn mark_failed(
    tx: &Tx<'_>,
    id: OutboxId,
    error: &str,
    failure: Failure,
    at: DateTime<Utc>,
    policy: &RetryPolicy,
) -> Result<OutboxStatus> {
    let mail = get(tx, id)?;
    if mail.status != OutboxStatus::Pending {
        return Err(not_pending(id));
    }
    let attempts = mail.attempts.saturating_add(1);
    let give_up = failure == Failure::Permanent || attempts >= policy.max_attempts.max(1);
    let (status, next) = if give_up {
        (OutboxStatus::Failed, mail.next_attempt_at)
    } else {
        let delay =
            TimeDelta::try_seconds(policy.delay_seconds(attempts)).unwrap_or(TimeDelta::MAX);
        (
            OutboxStatus::Pending,
            at.checked_add_signed(delay).unwrap_or(at),
        )
    };
    tx.sql().execute(
        "UPDATE outbox SET status = ?1, attempts = ?2, next_attempt_at = ?3, last_error = ?4
         WHERE id = ?5",
        params![status, attempts, Ts(next), error, id],
    )?;
    Ok(status)
}

/// How many mails are in each state: `(pending, sent, failed)`.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn counts(tx: &Tx<'_>) -> Result<(u64, u64, u64)> {
    let mut stmt = tx
        .sql()
        .prepare_cached("SELECT status, count(*) AS n FROM outbox GROUP BY status")?;
    let rows = stmt.query_map([], |r| {
        let n: i64 = r.get("n")?;
        Ok((
            r.get::<_, OutboxStatus>("status")?,
            u64::try_from(n).unwrap_or(0),
        ))
    })?;
    let mut out = (0, 0, 0);
    for row in rows {
        match row? {
            (OutboxStatus::Pending, n) => out.0 = n,
            (OutboxStatus::Sent, n) => out.1 = n,
            (OutboxStatus::Failed, n) => out.2 = n,
        }
    }
    Ok(out)
}

/// Puts a failed mail back in the queue at `now` (UTC): pending, due at once,
/// its attempts counted from 0 again, its last error kept until the next
/// attempt. Its Message-ID is unchanged, so a client folds it with any copy
/// that did arrive.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such failed mail.
pub fn retry(tx: &Tx<'_>, id: OutboxId, now: DateTime<Utc>) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?1
         WHERE id = ?2 AND status = 'failed'",
        params![Ts(now), id],
    )?;
    if n == 0 {
        return Err(StoreError::NotFound {
            what: "failed outbox mail",
            key: id.to_string(),
        });
    }
    Ok(())
}

/// Puts every failed mail back in the queue at `now` (UTC), as [`retry`];
/// returns their ids, oldest first.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn retry_all_failed(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<OutboxId>> {
    let ids: Vec<OutboxId> = list(tx, Some(OutboxStatus::Failed), None)?
        .into_iter()
        .map(|m| m.id)
        .collect();
    for id in &ids {
        retry(tx, *id, now)?;
    }
    Ok(ids)
}

#[cfg(test)]
impl NewOutgoing {
    /// A test mail to `to`: subject `s`, body `b`, no HTML, attachments,
    /// thread or game; Message-ID `message_id`, enqueued at `at`.
    pub(crate) fn sample(to: &str, message_id: &str, at: DateTime<Utc>) -> NewOutgoing {
        NewOutgoing {
            to_address: to.into(),
            subject: "s".into(),
            body_text: "b".into(),
            body_html: None,
            attachments: vec![],
            in_reply_to: None,
            references: None,
            message_id: message_id.into(),
            from_address: None,
            reply_to: None,
            game_id: None,
            created_at: at,
        }
    }
}

#[cfg(test)]
impl OutgoingMail {
    /// [`NewOutgoing::sample`] as stored in row `id`: pending, no attempt
    /// made, due at once.
    pub(crate) fn sample(
        id: OutboxId,
        to: &str,
        message_id: &str,
        at: DateTime<Utc>,
    ) -> OutgoingMail {
        let new = NewOutgoing::sample(to, message_id, at);
        OutgoingMail {
            id,
            to_address: new.to_address,
            subject: new.subject,
            body_text: new.body_text,
            body_html: new.body_html,
            attachments: new.attachments,
            in_reply_to: new.in_reply_to,
            references: new.references,
            message_id: new.message_id,
            from_address: new.from_address,
            reply_to: new.reply_to,
            game_id: new.game_id,
            status: OutboxStatus::Pending,
            attempts: 0,
            next_attempt_at: new.created_at,
            last_error: None,
            created_at: new.created_at,
            sent_at: None,
        }
    }
}
