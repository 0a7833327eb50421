//! The persistence layer: one SQLite file, one repository module per aggregate.
//!
//! # How it is used
//!
//! [`Store::open`] opens (or creates) the database file, sets WAL mode,
//! `foreign_keys=ON`, `synchronous=NORMAL` and a 10-second busy timeout, and
//! applies the SQL files of `migrations/` (embedded in the binary) that the file
//! has not seen yet. Every state change then runs inside
//! [`Store::transaction`], which opens the transaction with `BEGIN IMMEDIATE`
//! (so two processes writing to one file queue up instead of losing an update)
//! and commits only if the closure returns `Ok`. The closure gets a [`Tx`], and
//! the functions of the aggregate modules take that `&Tx`, so the referee can
//! combine a move, the clocks, the processed-message record and the outbox rows
//! in one atomic change:
//!
//! ```no_run
//! use chrono::Utc;
//! use zaochka::store::{Store, StoreError, games, moves, players};
//!
//! let mut store = Store::open("zaochka.db")?;
//! let now = Utc::now();
//! store.transaction(|tx| {
//!     let game = games::get(tx, zaochka::vocabulary::GameId(12))?;
//!     let ply = moves::last_ply(tx, game.id)? + 1;
//!     // ... validate the move with the rules core, then:
//!     # let _ = (ply, now);
//!     Ok::<_, StoreError>(())
//! })?;
//! # Ok::<(), StoreError>(())
//! ```
//!
//! # Conventions
//!
//! - **Instants** are `chrono::DateTime<Utc>` in Rust and UTC text in one
//!   fixed-width RFC 3339 form with milliseconds in SQLite
//!   (`2025-03-04T12:45:00.000Z`, see [`instant_text`]); sub-millisecond parts
//!   are dropped. The fixed width makes text order equal time order. Nothing in
//!   the store reads the system clock: every instant is passed in.
//! - **Durations** are whole seconds (`i64`); **plies** are 1-based half-moves
//!   (`u32`); ply `0` means "before the first move".
//! - **What the store builds on**: it maps rows to the types of the layers
//!   below it, and so depends on them: the rules core's [`crate::rules::Variant`]
//!   (stored by its name, `russian`) and [`Color`] (the side of the board, `white` /
//!   `black`), the clock's [`crate::clock::TimeControl`] (stored as its JSON
//!   form, validated when read), the tournament's
//!   settings and pairing system, the verdicts of [`crate::mail::auth`]. It
//!   never depends on the referee, the prose, the daemon or the command line.
//! - **FEN and notation** are plain strings here, as written; position hashes
//!   are the rules core's `u64` Zobrist hashes stored bit for bit as `i64`
//!   (`hash as i64`, back with `stored as u64`).
//! - **Message-IDs** are stored without the surrounding `<>`.
//! - Enumerations are stored as short lowercase text (see each type's
//!   `as_str`), checked by the schema.
//!
//! Errors are [`StoreError`]: callers match on `NotFound`, `Duplicate`,
//! `DuplicatePly`, `OfferPending` and the like; anything else from SQLite is
//! `Sqlite`.

use std::path::Path;
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, ErrorCode, TransactionBehavior};
use rusqlite_migration::{M, Migrations};

/// Declares a small enumeration stored as text: [`named_enum!`] (`as_str`,
/// `Display`, `FromStr`, serde) and the rusqlite conversions.
macro_rules! text_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident => $text:literal, )+
        }
    ) => {
        named_enum! {
            $(#[$meta])*
            $vis enum $name {
                $( $(#[$vmeta])* $variant => $text, )+
            }
        }
        sql_text!($name);
    };
}

/// The rusqlite conversions of a type stored by its [`named_enum!`] text.
macro_rules! sql_text {
    ($name:ty) => {
        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok(rusqlite::types::ToSqlOutput::from(self.as_str()))
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(
                value: rusqlite::types::ValueRef<'_>,
            ) -> rusqlite::types::FromSqlResult<Self> {
                value
                    .as_str()?
                    .parse()
                    .map_err(|e: $crate::store::UnknownValue| {
                        rusqlite::types::FromSqlError::Other(Box::new(e))
                    })
            }
        }
    };
}

/// Declares an `i64` row id newtype ([`id_type!`]) with the rusqlite conversions.
macro_rules! row_id {
    ($(#[$meta:meta])* $name:ident) => {
        id_type! { $(#[$meta])* $name }
        sql_id!($name);
    };
}

/// The rusqlite conversions of an `i64` row id newtype declared elsewhere
/// (the vocabulary's [`crate::vocabulary::GameId`], the clock's leave id).
macro_rules! sql_id {
    ($name:ty) => {
        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok(rusqlite::types::ToSqlOutput::from(self.0))
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(
                value: rusqlite::types::ValueRef<'_>,
            ) -> rusqlite::types::FromSqlResult<Self> {
                value.as_i64().map(Self)
            }
        }
    };
}

pub mod alerts;
pub mod archive;
pub mod audit;
pub mod auth_waits;
pub mod bounce_pauses;
pub mod bulletins;
pub mod clock_horizon;
pub mod clock_trust;
pub mod clocks;
mod columns;
pub mod conditional_replies;
pub mod conditionals;
pub mod digests;
pub mod director_commands;
pub mod director_events;
pub mod games;
pub mod leases;
pub mod mail_auth;
pub mod messages;
pub mod moves;
pub mod offers;
pub mod outbox;
pub mod players;
pub mod ratings;
pub mod receipts;
pub mod relay_faults;
mod repair;
pub mod secrets;
pub mod send_limits;
pub mod server_files;
pub mod server_key;
pub mod shell_commands;
pub mod signed_receipts;
pub mod sql_log;
pub mod threads;
pub mod tournaments;
pub mod xfcc;

#[cfg(test)]
mod tests;

use crate::vocabulary::{GameId, GameResult, GameStatus, PlayerId, Termination};
pub(crate) use columns::{Json, Ts};
pub use games::Game;
pub use moves::MoveRecord;
pub use offers::DrawOffer;
pub use players::Player;

sql_id!(GameId);
sql_id!(PlayerId);
sql_text!(GameResult);
sql_text!(GameStatus);
sql_text!(Termination);

/// How long a connection waits for another writer's lock before giving up
/// with a busy error: 10 seconds.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The SQL of the schema migrations, in order; the file's `user_version`
/// counts how many have been applied. Migration 0018 is also the schema repair
/// of [`repair`] (its SQL holds no statement, its hook does the work).
const MIGRATION_SQL: &[&str] = &[
    include_str!("../../migrations/0001_initial.sql"),
    include_str!("../../migrations/0002_mail_queue.sql"),
    include_str!("../../migrations/0003_bounces_alerts.sql"),
    include_str!("../../migrations/0004_threads.sql"),
    include_str!("../../migrations/0005_piece_letters.sql"),
    include_str!("../../migrations/0006_tournaments.sql"),
    include_str!("../../migrations/0007_player_upkeep.sql"),
    include_str!("../../migrations/0008_archive.sql"),
    include_str!("../../migrations/0009_sealed_dropped.sql"),
    include_str!("../../migrations/0010_conditional_moves.sql"),
    include_str!("../../migrations/0011_director_mail.sql"),
    include_str!("../../migrations/0012_mail_auth.sql"),
    include_str!("../../migrations/0013_bounce_pauses.sql"),
    include_str!("../../migrations/0014_move_receipts.sql"),
    include_str!("../../migrations/0015_issue15_fixes.sql"),
    include_str!("../../migrations/0016_send_limits.sql"),
    include_str!("../../migrations/0017_mail_path_indexes.sql"),
    include_str!("../../migrations/0018_repair.sql"),
    include_str!("../../migrations/0019_directors.sql"),
    include_str!("../../migrations/0020_relay_faults.sql"),
    include_str!("../../migrations/0021_clock_trust_auth_waits.sql"),
    include_str!("../../migrations/0022_canonical_addresses.sql"),
    include_str!("../../migrations/0023_shell_commands_cancelled_steps.sql"),
    include_str!("../../migrations/0024_outbox_addresses.sql"),
    include_str!("../../migrations/0025_bulletins.sql"),
    include_str!("../../migrations/0026_ratings.sql"),
    include_str!("../../migrations/0027_xfcc.sql"),
    include_str!("../../migrations/0028_signed_receipts.sql"),
    include_str!("../../migrations/0029_player_digests.sql"),
    include_str!("../../migrations/0030_director_digests.sql"),
    include_str!("../../migrations/0031_xfcc_messages.sql"),
];

/// The index in [`MIGRATION_SQL`] of 0022, whose hook converts the stored
/// addresses ([`players::canonicalize_stored_emails`]).
const CANONICAL_ADDRESSES: usize = 21;

/// The migration set applied by [`Store::open`]: each file of
/// [`MIGRATION_SQL`], 0018 with the repair hook, 0022 with the conversion of
/// stored addresses.
static MIGRATIONS: std::sync::LazyLock<Migrations<'static>> = std::sync::LazyLock::new(|| {
    let repair_index = repair::FROZEN;
    Migrations::new(
        MIGRATION_SQL
            .iter()
            .enumerate()
            .map(|(index, sql)| {
                if index == repair_index {
                    M::up_with_hook(sql, repair::hook)
                } else if index == CANONICAL_ADDRESSES {
                    M::up_with_hook(sql, |tx: &rusqlite::Transaction<'_>| {
                        players::canonicalize_stored_emails(tx)?;
                        Ok(())
                    })
                } else {
                    M::up(sql)
                }
            })
            .collect(),
    )
});

/// The schema version a fully migrated database has (`PRAGMA user_version`).
pub const SCHEMA_VERSION: usize = MIGRATION_SQL.len();

/// What went wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused or failed (I/O, lock timeout, constraint not mapped below).
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A migration could not be applied; the file is left at its old version.
    #[error("migration: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    /// The database file was written by a newer zaochka (schema `found` > `supported`).
    #[error("database schema version {found} is newer than this program's {supported}")]
    TooNew {
        /// `user_version` of the file.
        found: usize,
        /// [`SCHEMA_VERSION`].
        supported: usize,
    },
    /// No row with this key.
    #[error("{what} not found: {key}")]
    NotFound {
        /// What was looked for: `"player"`, `"game"`, ...
        what: &'static str,
        /// The key as given.
        key: String,
    },
    /// A row with this unique key exists already.
    #[error("{what} already exists: {key}")]
    Duplicate {
        /// What: `"player email"`, `"game"`, `"outbox message"`, ...
        what: &'static str,
        /// The key as given.
        key: String,
    },
    /// The game already has a move at this ply.
    #[error("game {game} already has ply {ply}")]
    DuplicatePly {
        /// The game.
        game: GameId,
        /// The ply given.
        ply: u32,
    },
    /// The ply given is beyond the next one: plies have no gaps.
    #[error("game {game}: ply {ply} given but ply {next} is next")]
    PlyGap {
        /// The game.
        game: GameId,
        /// The ply given.
        ply: u32,
        /// The only ply that may be appended now.
        next: u32,
    },
    /// The game already has a standing draw offer.
    #[error("game {game} already has a pending draw offer")]
    OfferPending {
        /// The game.
        game: GameId,
    },
    /// The draw offer has been answered already.
    #[error("draw offer {offer} is {status}, not pending")]
    OfferNotPending {
        /// The offer.
        offer: offers::OfferId,
        /// Its status now.
        status: offers::OfferStatus,
    },
    /// A value given to the store breaks a rule of the schema.
    #[error("invalid {what}: {value:?}")]
    Invalid {
        /// Which field: `"email"`, `"status"`, ...
        what: &'static str,
        /// The rejected value.
        value: String,
    },
    /// A text given to the store is longer than its limit.
    #[error("{what} too long: {length} characters, at most {limit}")]
    TooLong {
        /// Which field: `"name"`.
        what: &'static str,
        /// Its length, in characters.
        length: usize,
        /// The most allowed, in characters.
        limit: usize,
    },
    /// A stored value could not be read back (hand-edited or damaged file).
    #[error("corrupt {what}: {detail}")]
    Corrupt {
        /// Which column.
        what: &'static str,
        /// What is wrong with it.
        detail: String,
    },
    /// The server key that signs move receipts cannot be used (its message
    /// names the key file, so a chain of causes prints it once).
    #[error(transparent)]
    ServerKey(#[from] server_key::ServerKeyError),
}

impl StoreError {
    /// True if SQLite gave up waiting for another connection's lock
    /// (`SQLITE_BUSY` after [`BUSY_TIMEOUT`]); the operation may be retried.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            StoreError::Sqlite(e)
                if matches!(e.sqlite_error_code(), Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked))
        )
    }
}

impl StoreError {
    /// True for a fault of the machine, not of the data: the database busy or
    /// locked by another writer beyond [`BUSY_TIMEOUT`], the disk full, an I/O
    /// error, the file unopenable or read-only, memory exhausted. The same
    /// operation may succeed later; a mail that met one is left in the inbox
    /// and tried again, never recorded as failed.
    #[must_use]
    pub fn is_transient(&self) -> bool {
        let StoreError::Sqlite(e) = self else {
            return false;
        };
        matches!(
            e.sqlite_error_code(),
            Some(
                ErrorCode::DatabaseBusy
                    | ErrorCode::DatabaseLocked
                    | ErrorCode::DiskFull
                    | ErrorCode::SystemIoFailure
                    | ErrorCode::CannotOpen
                    | ErrorCode::ReadOnly
                    | ErrorCode::OutOfMemory
                    | ErrorCode::FileLockingProtocolFailed
            )
        )
    }
}

/// Shorthand for results of the store.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

pub use crate::rules::UnknownValue;

/// A side of the board, stored as `white` / `black`: the rules' colour.
use crate::vocabulary::Color;

sql_text!(Color);

/// The largest database file (bytes) a shell command checks with `PRAGMA
/// quick_check` before it opens it: 8 MiB, about 13,000 games. Measured
/// (`scale_bench` `quick_check_of_100_000_games_is_timed_for_the_commands`,
/// a shared 2-core machine): 2.5 ms for 100 games (0.45 MB), 1.05 s for
/// 100,000 games (62 MB), about 17 ms a megabyte, so 8 MiB stays near 150 ms,
/// under the 200 ms a command may spend on it; a larger file is checked by
/// `zaochka serve` at each start.
pub const QUICK_CHECK_MAX_BYTES: u64 = 8 * 1024 * 1024;

/// Formats an instant the way the store keeps it: UTC, RFC 3339, always with
/// milliseconds and `Z`, e.g. `2025-03-04T12:45:00.000Z` (24 characters for
/// years 0000-9999, so text order is time order).
#[must_use]
pub fn instant_text(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// Parses an instant in any RFC 3339 form (any offset) into UTC.
///
/// # Errors
/// [`StoreError::Corrupt`] if the text is not RFC 3339.
pub fn parse_instant(text: &str) -> Result<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Corrupt {
            what: "instant",
            detail: format!("{text:?}: {e}"),
        })
}

/// True if the error is SQLite's UNIQUE or PRIMARY KEY constraint failure.
pub(crate) fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
    )
}

/// Switches the file to WAL mode and returns the journal mode now in force.
///
/// The switch needs a moment of exclusive access, and SQLite answers "busy" at
/// once (without its busy handler) while another connection has the file open
/// in the old mode, e.g. a second process opening a brand-new file. So retry
/// for up to [`BUSY_TIMEOUT`].
fn set_wal(conn: &Connection) -> Result<String> {
    let start = std::time::Instant::now();
    loop {
        match conn
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get("journal_mode"))
        {
            Err(e)
                if e.sqlite_error_code() == Some(ErrorCode::DatabaseBusy)
                    && start.elapsed() < BUSY_TIMEOUT =>
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            other => return Ok(other?),
        }
    }
}

/// An open database: one connection to one SQLite file.
///
/// Not shared between threads; each process (or thread) opens its own. All
/// writes go through [`Store::transaction`].
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    /// The shell command this connection writes for, if any: each write
    /// transaction that changes a row records its mark
    /// ([`Store::mark_commands`]).
    command: Option<shell_commands::CommandMark>,
}

/// What a write transaction processes, when a replay of it after a restore
/// must draw the same tokens ([`games::Token::generate`] derives them from
/// this and the database's secret instead of drawing them at random).
#[derive(Debug)]
pub enum Processing<'c> {
    /// A shell command, by its mark; its draws are numbered across all the
    /// command's transactions (the count lives in the mark).
    Command(&'c shell_commands::CommandMark),
    /// An inbox mail, by its inbox key; its draws are numbered from 0 in
    /// each transaction, so a transaction retried after a fault draws again
    /// what the rolled-back one drew.
    Mail {
        /// The mail's inbox key (`maildir/…`, `imap/…`).
        key: &'c str,
        /// The mail's receipt instant (UTC): when the secret is made if the
        /// database has none yet.
        at: DateTime<Utc>,
        /// The number of the transaction's next draw.
        draws: std::cell::Cell<u64>,
    },
}

/// `len` bytes (at most 32) drawn for `kind` (`"token"`, `"lot"`): from
/// SQLite's `randomblob()` (a CSPRNG seeded from the operating system), or, in
/// a transaction that processes a shell command or an inbox mail
/// ([`Processing`]), the first `len` bytes of HMAC-SHA-256 keyed with the
/// database's secret over the domain `zaochka shell|mail <kind> v1`, the
/// command's mark or the mail's inbox key, and the draw number (8 bytes,
/// big-endian). The same command or mail replayed by a restore on a copy of
/// the same database therefore draws the same bytes in the same order: the
/// same tokens, the same lots.
///
/// # Errors
/// [`StoreError::Sqlite`]; [`StoreError::Corrupt`] if the secret is unusable.
pub fn draw_bytes(tx: &Tx<'_>, kind: &str, len: usize) -> Result<Vec<u8>> {
    match tx.processing() {
        Some(Processing::Command(mark)) => derived_bytes(
            tx,
            &format!("zaochka shell {kind} v1\0"),
            mark.mark.as_bytes(),
            mark.next_draw(),
            mark.at,
            len,
        ),
        Some(Processing::Mail { key, at, draws }) => {
            let draw = draws.get();
            draws.set(draw + 1);
            derived_bytes(
                tx,
                &format!("zaochka mail {kind} v1\0"),
                key.as_bytes(),
                draw,
                *at,
                len,
            )
        }
        None => Ok(tx
            .sql()
            .query_row("SELECT randomblob(?1) AS bytes", [len as i64], |row| {
                row.get("bytes")
            })?),
    }
}

/// The seed of the receipt key of a database without a file
/// ([`server_key::of`]): HMAC-SHA-256 keyed with the database's secret (made
/// at `at` if there is none yet) over `zaochka receipt key v1`.
fn derived_key_seed(tx: &Tx<'_>, at: DateTime<Utc>) -> Result<[u8; 32]> {
    let bytes = derived_bytes(tx, "zaochka receipt key v1\0", b"", 0, at, 32)?;
    <[u8; 32]>::try_from(bytes).map_err(|v| StoreError::Corrupt {
        what: "secret",
        detail: format!("{} bytes", v.len()),
    })
}

/// The first `len` bytes of HMAC-SHA-256 keyed with the database's secret
/// (made at `at` if there is none yet) over `domain`, `what` and `draw`.
fn derived_bytes(
    tx: &Tx<'_>,
    domain: &str,
    what: &[u8],
    draw: u64,
    at: DateTime<Utc>,
    len: usize,
) -> Result<Vec<u8>> {
    use hmac::{Hmac, KeyInit, Mac};
    let secret = secrets::verp_key(tx, at)?;
    let mut m = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.bytes()).map_err(|e| {
        StoreError::Corrupt {
            what: "secret",
            detail: e.to_string(),
        }
    })?;
    m.update(domain.as_bytes());
    m.update(what);
    m.update(&draw.to_be_bytes());
    Ok(m.finalize()
        .into_bytes()
        .iter()
        .take(len)
        .copied()
        .collect())
}

/// A transaction in progress, handed to the closure of [`Store::transaction`]
/// or [`Store::read`]; the aggregate functions (`players::add`, `moves::append`,
/// ...) take it as their first argument.
#[derive(Debug)]
pub struct Tx<'c> {
    tx: rusqlite::Transaction<'c>,
    /// The shell command or inbox mail the transaction processes, if any
    /// (tokens it draws derive from it, see [`games::Token::generate`]).
    processing: Option<Processing<'c>>,
    /// The game rows read in this transaction, by id (see [`games::get`]):
    /// a command reads its game's row once. Forgotten on every write to
    /// `games` ([`Tx::forget_games`]) and dropped with the transaction.
    games: std::cell::RefCell<std::collections::HashMap<GameId, games::Game>>,
}

impl Tx<'_> {
    /// Forgets the game rows this transaction has read: after a write to
    /// `games`, or a rollback to a savepoint (which may undo one).
    pub fn forget_games(&self) {
        self.games.borrow_mut().clear();
    }

    /// The row of game `id` if this transaction has read it since its last
    /// write to `games`.
    pub(crate) fn remembered_game(&self, id: GameId) -> Option<games::Game> {
        self.games.borrow().get(&id).cloned()
    }

    /// Remembers a game row read in this transaction.
    pub(crate) fn remember_game(&self, game: &games::Game) {
        self.games.borrow_mut().insert(game.id, game.clone());
    }

    /// The shell command or inbox mail this transaction processes, if any.
    #[must_use]
    pub fn processing(&self) -> Option<&Processing<'_>> {
        self.processing.as_ref()
    }

    /// The underlying connection, for ad-hoc SQL (reports, tests). Writes
    /// should go through the aggregate functions, which keep the invariants.
    #[must_use]
    pub fn sql(&self) -> &Connection {
        &self.tx
    }

    /// The row `sql` selects by the key `?1`, read with `from_row`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] naming `what` (`"game"`, `"leave"`) and the
    /// key if there is none; any SQLite error.
    pub(crate) fn row_by_key<K, T>(
        &self,
        what: &'static str,
        sql: &str,
        key: K,
        from_row: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<T>
    where
        K: rusqlite::ToSql + std::fmt::Display,
    {
        use rusqlite::OptionalExtension;
        self.tx
            .prepare_cached(sql)?
            .query_row([&key], from_row)
            .optional()?
            .ok_or_else(|| StoreError::NotFound {
                what,
                key: key.to_string(),
            })
    }
}

impl Store {
    /// Opens the database file at `path`, creating it if needed, and brings its
    /// schema up to date.
    ///
    /// Sets `journal_mode=WAL`, `foreign_keys=ON`, `synchronous=NORMAL` and a
    /// busy timeout of [`BUSY_TIMEOUT`]. Safe to call from several processes
    /// at once: a process that loses the race to migrate sees the finished
    /// schema.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if the file cannot be opened or is not a
    /// database, [`StoreError::TooNew`] if it comes from a newer program,
    /// [`StoreError::Migration`] if a migration fails.
    pub fn open(path: impl AsRef<Path>) -> Result<Store> {
        let conn = Connection::open(path.as_ref())?;
        Store::setup(conn, true)
    }

    /// Opens a private in-memory database with the full schema, for unit tests.
    #[cfg(test)]
    pub(crate) fn open_in_memory() -> Result<Store> {
        Store::setup(Connection::open_in_memory()?, false)
    }

    fn setup(mut conn: Connection, wal: bool) -> Result<Store> {
        sql_log::install(&conn);
        conn.busy_timeout(BUSY_TIMEOUT)?;
        if wal {
            let mode = set_wal(&conn)?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::Invalid {
                    what: "journal mode (WAL refused)",
                    value: mode,
                });
            }
        }
        // Off while the schema changes (a repaired table is dropped and
        // renamed), on for everything after.
        conn.pragma_update(None, "foreign_keys", "OFF")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Migrations and every later `conn.transaction()` take the write lock
        // at BEGIN, so concurrent openers wait for each other.
        conn.set_transaction_behavior(TransactionBehavior::Immediate);

        let found: usize = conn.pragma_query_value(None, "user_version", |row| {
            let v: i64 = row.get("user_version")?;
            Ok(usize::try_from(v).unwrap_or(usize::MAX))
        })?;
        if found > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                found,
                supported: SCHEMA_VERSION,
            });
        }
        if (1..repair::FROZEN).contains(&found) {
            let tx = conn.transaction()?;
            // Read again under the write lock: another process may have
            // upgraded the file meanwhile.
            let found: i64 =
                tx.pragma_query_value(None, "user_version", |row| row.get("user_version"))?;
            repair::replay_unfrozen(&tx, usize::try_from(found).unwrap_or(0), MIGRATION_SQL)?;
            tx.commit()?;
        }
        if let Err(e) = MIGRATIONS.to_latest(&mut conn) {
            // Another process may have migrated between our version check
            // and our BEGIN; then the schema is complete and all is well.
            if MIGRATIONS.pending_migrations(&conn)? != 0 {
                return Err(e.into());
            }
        }
        conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(Store {
            conn,
            command: None,
        })
    }

    /// Runs `f` inside one write transaction: `BEGIN IMMEDIATE`, then `COMMIT`
    /// if `f` returns `Ok`, `ROLLBACK` if it returns `Err` or panics.
    ///
    /// `BEGIN IMMEDIATE` takes the database's write lock at once (waiting up to
    /// [`BUSY_TIMEOUT`] for another writer), so a "read, decide, write" closure
    /// never races another process. `E` is the caller's error type, which must
    /// absorb [`StoreError`].
    ///
    /// # Errors
    /// Whatever `f` returns, or [`StoreError::Sqlite`] (converted into `E`) if
    /// the lock cannot be had or the commit fails (`is_busy` tells the first).
    pub fn transaction<T, E>(&mut self, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.write(None, f)
    }

    /// [`Store::transaction`] for the inbox mail `key` received at `at`
    /// (UTC): the tokens the transaction draws derive from the database's
    /// secret, the key and the draw number, so that the mail processed again
    /// after a restore gives its players the reply addresses of the first
    /// time ([`Processing::Mail`]).
    ///
    /// # Errors
    /// As [`Store::transaction`].
    pub fn transaction_for_mail<T, E>(
        &mut self,
        key: &str,
        at: DateTime<Utc>,
        f: impl FnOnce(&Tx<'_>) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.write(Some((key, at)), f)
    }

    /// The write transaction of [`Store::transaction`], for the inbox mail
    /// `mail` (key, receipt instant) if given, else for the connection's
    /// shell command if it has one.
    fn write<T, E>(
        &mut self,
        mail: Option<(&str, DateTime<Utc>)>,
        f: impl FnOnce(&Tx<'_>) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        let before = tx.total_changes();
        let processing = match mail {
            Some((key, at)) => Some(Processing::Mail {
                key,
                at,
                draws: std::cell::Cell::new(0),
            }),
            None => self.command.as_ref().map(Processing::Command),
        };
        let tx = Tx {
            tx,
            processing,
            games: std::cell::RefCell::default(),
        };
        let value = f(&tx)?;
        let changed = tx.tx.total_changes() > before;
        if changed && let Some(mark) = &self.command {
            shell_commands::record(&tx, mark)?;
        }
        tx.tx.commit().map_err(StoreError::from)?;
        if changed && let Some(mark) = &self.command {
            mark.note_commit();
        }
        Ok(value)
    }

    /// Makes every later [`Store::transaction`] of this connection that
    /// changes a row record `mark` in the same transaction (the shell
    /// command it runs for; see [`shell_commands`]) and note the commit on
    /// the mark.
    pub fn mark_commands(&mut self, mark: shell_commands::CommandMark) {
        self.command = Some(mark);
    }

    /// Ends [`Store::mark_commands`]: later transactions of this connection
    /// record no mark. Returns the mark it wrote for, if any. (A connection
    /// that serves many acts, as an Xfcc worker's, marks each act's own
    /// transaction only.)
    pub fn unmark_commands(&mut self) -> Option<shell_commands::CommandMark> {
        self.command.take()
    }

    /// Runs `f` inside a read transaction (a consistent snapshot; other
    /// processes may write meanwhile) that is always rolled back, so anything
    /// `f` might write is discarded. For queries: `history`, `game show`.
    ///
    /// # Errors
    /// Whatever `f` returns, or [`StoreError::Sqlite`] converted into `E`.
    pub fn read<T, E>(&mut self, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Deferred)
            .map_err(StoreError::from)?;
        let tx = Tx {
            tx,
            processing: self.command.as_ref().map(Processing::Command),
            games: std::cell::RefCell::default(),
        };
        let value = f(&tx)?;
        tx.tx.rollback().map_err(StoreError::from)?;
        Ok(value)
    }

    /// The schema version of the open file (`PRAGMA user_version`); equals
    /// [`SCHEMA_VERSION`] after a successful [`Store::open`].
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if the pragma cannot be read.
    pub fn schema_version(&self) -> Result<usize> {
        let v: i64 = self
            .conn
            .pragma_query_value(None, "user_version", |row| row.get("user_version"))?;
        usize::try_from(v).map_err(|_| StoreError::Corrupt {
            what: "user_version",
            detail: v.to_string(),
        })
    }
}

/// The answer of `PRAGMA quick_check` or `PRAGMA integrity_check`: empty when
/// the file is sound, else SQLite's lines naming what is damaged (at most
/// 100). A file SQLite cannot read as a database at all gives one line with
/// SQLite's error.
pub type CheckProblems = Vec<String>;

/// Runs `PRAGMA <pragma>` (`quick_check` or `integrity_check`) on `conn`.
fn check_with(conn: &Connection, pragma: &str) -> Result<CheckProblems> {
    let lines: rusqlite::Result<Vec<String>> = conn
        .prepare(&format!("PRAGMA {pragma}(100)"))
        .and_then(|mut stmt| {
            stmt.query_map([], |row| row.get::<_, String>(pragma))?
                .collect()
        });
    match lines {
        Ok(lines) if lines.len() == 1 && lines[0] == "ok" => Ok(Vec::new()),
        Ok(lines) => Ok(lines),
        Err(e)
            if matches!(
                e.sqlite_error_code(),
                Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
            ) =>
        {
            Ok(vec![e.to_string()])
        }
        Err(e) => Err(e.into()),
    }
}

/// Checks the database file at `path` without migrating it or changing its
/// rows (a `-wal` of committed transactions left by a killed process is
/// taken in, as any opener does):
/// `PRAGMA quick_check` (`thorough`: `integrity_check`, which also compares
/// every index with its table). A file that does not exist is sound (it will
/// be created).
///
/// # Errors
/// [`StoreError::Sqlite`] when the file cannot be opened for a reason other
/// than damage (permissions, a lock held beyond [`BUSY_TIMEOUT`]).
pub fn check_file(path: &Path, thorough: bool) -> Result<CheckProblems> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    // Read-write (never creating) so that a `-wal` left by a killed process
    // can be recovered; read-only where the file or its folder is.
    let conn = Connection::open_with_flags(
        path,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .or_else(|_| {
        Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
    })?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    check_with(
        &conn,
        if thorough {
            "integrity_check"
        } else {
            "quick_check"
        },
    )
}

/// Copies the database at `from` into the file `to` through SQLite's online
/// backup API: one consistent snapshot (a read transaction for the whole
/// copy, which writers in WAL mode do not wait for), committed frames of the
/// source's `-wal` included. `to` must exist and be empty (or a database to
/// overwrite); the copy is left in rollback-journal mode (`journal_mode =
/// DELETE`), one self-contained file.
///
/// # Errors
/// [`StoreError::Sqlite`] when either file cannot be opened or the copy fails.
pub fn copy_database(from: &Path, to: &Path) -> Result<()> {
    let source = Connection::open_with_flags(
        from,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    source.busy_timeout(BUSY_TIMEOUT)?;
    copy_from(&source, to)
}

/// The schema version (`PRAGMA user_version`) of the database file at
/// `path`, read without migrating it.
///
/// # Errors
/// [`StoreError::Sqlite`] when the file cannot be read as a database.
pub fn file_schema_version(path: &Path) -> Result<usize> {
    let conn = Connection::open_with_flags(
        path,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let v: i64 = conn.pragma_query_value(None, "user_version", |row| row.get("user_version"))?;
    Ok(usize::try_from(v).unwrap_or(0))
}

/// [`copy_database`] from an open connection.
fn copy_from(source: &Connection, to: &Path) -> Result<()> {
    let mut target = Connection::open(to)?;
    target.busy_timeout(BUSY_TIMEOUT)?;
    {
        let backup = rusqlite::backup::Backup::new(source, &mut target)?;
        // Every page in one step, under one read transaction.
        backup.run_to_completion(i32::MAX, Duration::ZERO, None)?;
    }
    let mode: String = target.pragma_update_and_check(None, "journal_mode", "DELETE", |row| {
        row.get("journal_mode")
    })?;
    if !mode.eq_ignore_ascii_case("delete") {
        return Err(StoreError::Invalid {
            what: "journal mode of the copy",
            value: mode,
        });
    }
    target.close().map_err(|(_, e)| StoreError::Sqlite(e))?;
    Ok(())
}

impl Store {
    /// Copies this database into the file `to` as [`copy_database`] does.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when `to` cannot be opened or the copy fails.
    pub fn copy_into(&self, to: &Path) -> Result<()> {
        copy_from(&self.conn, to)
    }
}
