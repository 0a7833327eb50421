//! Inbox sources behind one small trait: a Maildir folder (the embedded default)
//! and an IMAP mailbox. A message is marked done (seen, or moved to `cur/`) only
//! after the transaction that consumed it has committed.

use std::time::Duration;

use chrono::{DateTime, Utc};

/// A message as it arrived, with its stable inbox key.
#[derive(Clone, Debug)]
pub struct RawMail {
    /// Stable key: `INBOX/<uidvalidity>/<uid>` for IMAP, `maildir/<id>` for Maildir.
    pub key: String,
    /// The whole message (RFC 5322 bytes).
    pub bytes: Vec<u8>,
    /// When the mail reached the bot's mailbox (IMAP INTERNALDATE, or the Maildir
    /// file's modification time): the instant reflection time counts from.
    pub received_at: DateTime<Utc>,
}

/// A source of incoming mail.
pub trait Inbox {
    /// The messages not yet marked done, oldest first, at most `limit`.
    ///
    /// # Errors
    /// Network or file-system failures (the daemon reconnects and retries).
    fn fetch(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>>;

    /// Marks a message done after its transaction has committed.
    ///
    /// # Errors
    /// Network or file-system failures; the message is then seen again next time and
    /// its processed-message record makes it a no-op.
    fn done(&mut self, key: &str) -> anyhow::Result<()>;

    /// Waits for new mail at most `timeout` (IMAP IDLE where offered, else a sleep).
    ///
    /// # Errors
    /// Network failures.
    fn wait(&mut self, timeout: Duration) -> anyhow::Result<()>;
}
