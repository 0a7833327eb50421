//! Inbox sources behind one small trait: a Maildir folder (the embedded default)
//! and an IMAP mailbox. A message is marked done (seen, or moved to `cur/`) only
//! after the transaction that consumed it has committed.
//!
//! Every inbox is bounded: it lists keys and sizes first and reads at most
//! `limit` messages (and about [`FETCH_BYTES`]) per [`Inbox::fetch`]; a message
//! over `max-message-bytes` (given when the inbox is opened) is handed over with
//! its head only (see [`RawMail::bytes`]), so no folder and no message is ever
//! loaded whole beyond the limit. No call blocks for long: file entries are
//! opened non-blocking, network reads time out, and [`Inbox::wait`] returns
//! within its timeout or about a second after a stop, so SIGTERM is noticed
//! at once.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chrono::{DateTime, Utc};

/// How many bytes of an over-size message are read: enough for its header
/// block, so that its sender can be verified and answered once.
pub const HEAD_BYTES: usize = 256 * 1024;

/// About how many message bytes one [`Inbox::fetch`] holds: once the mails read
/// so far reach it, the fetch returns what it has (always at least one mail), so
/// a batch of large mails is handed over in several fetches rather than at once.
pub const FETCH_BYTES: usize = 8 * 1024 * 1024;

/// A message as it arrived, with its stable inbox key.
#[derive(Clone, Debug)]
pub struct RawMail {
    /// Stable key: `INBOX/<uidvalidity>/<uid>` for IMAP, `maildir/<name>` for Maildir.
    pub key: String,
    /// The whole message (RFC 5322 bytes) when `size` is within the
    /// configured `max-message-bytes`; otherwise only its first bytes (at most
    /// [`HEAD_BYTES`]), for the header block.
    pub bytes: Vec<u8>,
    /// The size of the whole message in bytes, as the inbox reports it (file
    /// size, IMAP `RFC822.SIZE`).
    pub size: u64,
    /// When the mail reached the bot's mailbox (IMAP INTERNALDATE, or the Maildir
    /// file's modification time): the instant reflection time counts from.
    pub received_at: DateTime<Utc>,
}

impl RawMail {
    /// Whether `bytes` holds only the head of an over-size message.
    #[must_use]
    pub fn is_truncated(&self) -> bool {
        (self.bytes.len() as u64) < self.size
    }
}

pub use crate::words::alerts::EntrySkip;

/// A mail already marked done in the mailbox (Maildir `cur/`, IMAP `\Seen`),
/// as [`Inbox::done_since`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoneMail {
    /// Its inbox key, the one it had when it was new.
    pub key: String,
    /// When it reached the mailbox (as [`RawMail::received_at`]).
    pub received_at: DateTime<Utc>,
}

/// An inbox entry passed over, reported once per run for the log and the referees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The entry's name or key, as printable text (non-UTF-8 bytes escaped).
    pub entry: String,
    /// Why.
    pub why: EntrySkip,
}

/// A source of incoming mail.
pub trait Inbox {
    /// The messages not yet marked done nor quarantined, oldest first, at most
    /// `limit` of them and, past the first, at most about [`FETCH_BYTES`] of
    /// bytes: fewer than `limit` does not mean the inbox is drained, an empty
    /// answer does. Entries that are not mail are passed over (see
    /// [`Inbox::take_skipped`]) and never block the others; a message whose
    /// [`Inbox::done`] or [`Inbox::quarantine`] failed is not returned again by
    /// this inbox value (it is remembered in memory for the run).
    ///
    /// # Errors
    /// Network or file-system failures of the whole inbox (the daemon reconnects
    /// and retries).
    fn fetch(&mut self, limit: usize) -> anyhow::Result<Vec<RawMail>>;

    /// Switches [`Inbox::fetch`] to the replay after a restore: from now on it
    /// returns, besides new mail, mail already marked done (Maildir `cur/`,
    /// IMAP `\Seen`) that arrived at `since` or later, each at most once for
    /// this inbox value, oldest first, under the key it had when it was new
    /// (the key the database records); [`Inbox::done`] of a mail already
    /// marked changes nothing. Quarantined mail stays aside.
    fn replay_since(&mut self, since: DateTime<Utc>);

    /// The mail already marked done (Maildir `cur/`, IMAP `\Seen`) that
    /// arrived at `since` or later, by key and arrival instant, without
    /// reading it; quarantined mail is not listed. For `serve`'s check that
    /// the database has not gone back in time (`backup::gone_back`).
    ///
    /// # Errors
    /// Network or file-system failures of the whole inbox.
    fn done_since(&mut self, since: DateTime<Utc>) -> anyhow::Result<Vec<DoneMail>>;

    /// Marks a message done after its transaction has committed.
    ///
    /// # Errors
    /// Network or file-system failures; the message is then seen again next time and
    /// its processed-message record makes it a no-op.
    fn done(&mut self, key: &str) -> anyhow::Result<()>;

    /// Marks several messages done, each after its transaction has committed
    /// (the daemon marks a batch's mails once the batch is taken: one round
    /// trip to an IMAP server instead of one per mail). By default
    /// [`Inbox::done`] for each, all tried.
    ///
    /// # Errors
    /// The first failure, as [`Inbox::done`]'s.
    fn done_all(&mut self, keys: &[String]) -> anyhow::Result<()> {
        let mut first = None;
        for key in keys {
            if let Err(e) = self.done(key) {
                first.get_or_insert(e);
            }
        }
        first.map_or(Ok(()), Err)
    }

    /// Sets a message aside as poison (it crashed the daemon or panicked the
    /// reader): Maildir folder `.quarantine`, or an IMAP keyword; it is not
    /// fetched again until [`Inbox::release`].
    ///
    /// # Errors
    /// Network or file-system failures.
    fn quarantine(&mut self, key: &str) -> anyhow::Result<()>;

    /// Puts a quarantined message back among the new mail (a director's
    /// `zaochka quarantine release`).
    ///
    /// # Errors
    /// When the message is not in quarantine, or network or file-system failures.
    fn release(&mut self, key: &str) -> anyhow::Result<()>;

    /// Keeps a message out of [`Inbox::fetch`] for this inbox value until
    /// [`Inbox::unhold_all`]: a mail that waits (its authentication checks
    /// ended in temperror) without holding up the mail after it. Nothing is
    /// changed in the mailbox. A key that names no message is ignored.
    fn hold(&mut self, key: &str);

    /// Lets every held message be fetched again.
    fn unhold_all(&mut self);

    /// The entries passed over since the last call, each reported once per run;
    /// the caller logs them (the inbox itself logs only at debug level).
    fn take_skipped(&mut self) -> Vec<Skipped>;

    /// Waits for new mail at most `timeout`, returning as soon as mail may have
    /// come (an inotify watch on a Maildir's `new/`, IMAP IDLE where offered,
    /// else a sleep) or `stop` is set (noticed within about a second).
    ///
    /// # Errors
    /// Network failures.
    fn wait(&mut self, timeout: Duration, stop: &AtomicBool) -> anyhow::Result<()>;
}
