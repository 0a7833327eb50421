//! The shell commands a database holds (table `shell_commands`): each
//! command typed at the shell that changed the database records its mark in
//! its own transaction, so that a database restored from a backup tells
//! which lines of the command journal beside it (`<database>.commands`,
//! written by the command line) it already holds and which a restore must
//! replay.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Result, Ts, Tx};

/// The mark of one shell command: its unique text (the journal line's
/// `mark`), the instant it acts at (UTC), whether a transaction that changed
/// a row has committed for it, how many tokens it has drawn and how many
/// mails it has posted (all three shared by the clones the command's
/// connections hold).
#[derive(Clone, Debug)]
pub struct CommandMark {
    /// The unique text of the command: its instant and random hex.
    pub mark: String,
    /// The instant the command acts at (UTC).
    pub at: DateTime<Utc>,
    committed: Arc<AtomicBool>,
    draws: Arc<AtomicU64>,
    posts: Arc<AtomicU64>,
}

impl CommandMark {
    /// A mark for a command acting at `at` with the unique text `mark`.
    #[must_use]
    pub fn new(mark: String, at: DateTime<Utc>) -> CommandMark {
        CommandMark {
            mark,
            at,
            committed: Arc::new(AtomicBool::new(false)),
            draws: Arc::new(AtomicU64::new(0)),
            posts: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Notes that a transaction changing a row committed for the command.
    pub fn note_commit(&self) {
        self.committed.store(true, Ordering::SeqCst);
    }

    /// The number of the command's next token draw (0, 1, 2, …): the same
    /// command replayed draws the same numbers in the same order.
    pub fn next_draw(&self) -> u64 {
        self.draws.fetch_add(1, Ordering::SeqCst)
    }

    /// The number of the command's next mail posted to the outbox (0, 1, 2,
    /// …): the same command replayed posts the same numbers in the same
    /// order, so its mails get the Message-IDs of the first time.
    pub fn next_post(&self) -> u64 {
        self.posts.fetch_add(1, Ordering::SeqCst)
    }

    /// Whether a transaction changing a row has committed for the command.
    #[must_use]
    pub fn committed(&self) -> bool {
        self.committed.load(Ordering::SeqCst)
    }
}

/// Records `mark` as held by the database (a second record of the same mark,
/// by a later transaction of the same command, changes nothing).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record(tx: &Tx<'_>, mark: &CommandMark) -> Result<()> {
    tx.sql()
        .prepare_cached("INSERT OR IGNORE INTO shell_commands (mark, at) VALUES (?1, ?2)")?
        .execute(params![mark.mark, Ts(mark.at)])?;
    Ok(())
}

/// Records that the command of `mark`, acting at `at`, was refused when a
/// restore replayed it at `now` (UTC): it is not tried again.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record_refused(
    tx: &Tx<'_>,
    mark: &str,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<()> {
    tx.sql()
        .prepare_cached(
            "INSERT INTO shell_commands (mark, at, refused_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (mark) DO NOTHING",
        )?
        .execute(params![mark, Ts(at), Ts(now)])?;
    Ok(())
}

/// Whether the database holds the command of `mark` (applied, or refused at
/// a replay).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn holds(tx: &Tx<'_>, mark: &str) -> Result<bool> {
    Ok(tx
        .sql()
        .prepare_cached("SELECT 1 FROM shell_commands WHERE mark = ?1")?
        .query_row([mark], |_| Ok(()))
        .optional()?
        .is_some())
}
