//! Leases on inbox mails: mail in flight and mail set aside, the inbox run
//! as a queue with a dead-letter folder. A lease is a process's hold on one
//! mail while it works on it (not a player's claim of a draw or a result).
//! The leases live in the table `inbox_claims` (its name from the schema's
//! first days; migrations are never edited, so it keeps it), one row per
//! inbox key.
//!
//! Before a mail is parsed, this process takes a lease on its inbox key in a
//! transaction of its own ([`take`]), so a mail that kills the process (out of memory, SIGKILL, a
//! crash in a library) is recognised at the next start: its lease is still
//! `taken`. Each such run counts as a crash of that mail; after the allowed
//! number of crashes the mail is quarantined instead of being tried again, and
//! the rest of the inbox goes on. The lease row is deleted ([`finish`]) in the
//! very transaction that records the mail in `processed_messages`.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{Result, Ts, Tx};

text_enum! {
    /// Where a leased mail stands. Stored as `taken` / `quarantined` / `released`.
    pub enum LeaseState {
        /// Taken by a run that has not finished it (yet).
        Taken => "taken",
        /// Set aside as poison; not tried again until released.
        Quarantined => "quarantined",
        /// Released by a director: tried again, with its crash count reset.
        Released => "released",
    }
}

text_enum! {
    /// Why a mail was quarantined. Stored as `crashes` / `panic`.
    pub enum QuarantineReason {
        /// Runs that took it ended without finishing it, more often than allowed.
        Crashes => "crashes",
        /// Reading or applying it panicked.
        Panic => "panic",
    }
}

/// A lease row (of `inbox_claims`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Lease {
    /// The inbox key.
    pub inbox_key: String,
    /// Its state.
    pub state: LeaseState,
    /// Runs that took it and ended before finishing it.
    pub crashes: u32,
    /// The process working on it (while taken).
    pub holder: Option<u32>,
    /// Size of the whole mail in bytes.
    pub size: u64,
    /// When a run first took it (UTC).
    pub first_taken_at: DateTime<Utc>,
    /// When a run last took it (UTC).
    pub last_taken_at: DateTime<Utc>,
    /// Why it is quarantined.
    pub reason: Option<QuarantineReason>,
    /// The panic message, printable, when there was one.
    pub detail: Option<String>,
    /// When it was quarantined (UTC).
    pub quarantined_at: Option<DateTime<Utc>>,
}

/// What [`take`] decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Process the mail now. `crashes` runs have died on it before.
    Go {
        /// Earlier runs that took it and did not finish it.
        crashes: u32,
    },
    /// The mail has crashed more runs than allowed: it is now quarantined (in
    /// this transaction); set it aside in the inbox and alert the referees.
    Quarantine {
        /// The crashes counted.
        crashes: u32,
    },
    /// The mail is quarantined already (it was seen again, e.g. its inbox
    /// flag was lost): set it aside again, nothing else.
    AlreadyQuarantined,
    /// Another live process (an earlier run's probe) is working on it: leave
    /// it for now; that process finishes it.
    Busy {
        /// The holder's process id.
        holder: u32,
    },
}

/// Whether a process with this id is alive (signal 0 is delivered).
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks that the process exists.
    pid > 0
        && (unsafe { libc::kill(pid, 0) } == 0
            || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM))
}

const COLUMNS: &str = "inbox_key, state, crashes, holder_pid, size, first_taken_at, last_taken_at, reason, detail, quarantined_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<Lease> {
    Ok(Lease {
        inbox_key: row.get("inbox_key")?,
        state: row.get("state")?,
        crashes: row.get("crashes")?,
        holder: row.get("holder_pid")?,
        size: row.get::<_, i64>("size")?.try_into().unwrap_or(0),
        first_taken_at: row.get::<_, Ts>("first_taken_at")?.0,
        last_taken_at: row.get::<_, Ts>("last_taken_at")?.0,
        reason: row.get("reason")?,
        detail: row.get("detail")?,
        quarantined_at: row.get::<_, Option<Ts>>("quarantined_at")?.map(|t| t.0),
    })
}

/// Takes a lease on a mail for this process before it is parsed; commit the
/// transaction before parsing.
///
/// A lease found `taken` by a process that is still alive (a probe of an
/// earlier run) is [`Taken::Busy`]. One found `taken` by a process that is
/// gone counts one crash, unless `retry_after_fault` says this run itself left
/// it unfinished because of a transient fault (the database busy, the disk
/// full). When the crashes exceed `crash_retries`, the lease becomes
/// `quarantined` (reason `crashes`).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn take(
    tx: &Tx<'_>,
    inbox_key: &str,
    size: u64,
    crash_retries: u32,
    retry_after_fault: bool,
    now: DateTime<Utc>,
) -> Result<Taken> {
    let size = i64::try_from(size).unwrap_or(i64::MAX);
    let me = std::process::id();
    let Some(lease) = get(tx, inbox_key)? else {
        tx.sql().execute(
            "INSERT INTO inbox_claims (inbox_key, state, crashes, size, first_taken_at, last_taken_at, holder_pid)
             VALUES (?1, 'taken', 0, ?2, ?3, ?3, ?4)",
            params![inbox_key, size, Ts(now), me],
        )?;
        return Ok(Taken::Go { crashes: 0 });
    };
    let crashes = match lease.state {
        LeaseState::Quarantined => return Ok(Taken::AlreadyQuarantined),
        LeaseState::Taken if lease.holder.is_some_and(|h| h != me && alive(h)) => {
            return Ok(Taken::Busy {
                holder: lease.holder.unwrap_or(0),
            });
        }
        LeaseState::Released => 0,
        LeaseState::Taken if retry_after_fault => lease.crashes,
        // The first run died with the mail in flight: one crash.
        LeaseState::Taken if lease.crashes == 0 => 1,
        // A suspect is only ever worked on by probes, whose crashes the daemon
        // counts as it sees them ([`probe_crashed`]); a daemon that died while
        // handing it to a probe did not die of the mail.
        LeaseState::Taken => lease.crashes,
    };
    count_crashes(tx, inbox_key, crashes, crash_retries, now)
}

/// Stores the crash count of a lease: over `crash_retries` the lease becomes
/// `quarantined` (reason `crashes`), else it stays `taken`, held by this process.
fn count_crashes(
    tx: &Tx<'_>,
    inbox_key: &str,
    crashes: u32,
    crash_retries: u32,
    now: DateTime<Utc>,
) -> Result<Taken> {
    if crashes > crash_retries {
        tx.sql().execute(
            "UPDATE inbox_claims SET state = 'quarantined', crashes = ?2, last_taken_at = ?3,
                 reason = 'crashes', quarantined_at = ?3
             WHERE inbox_key = ?1",
            params![inbox_key, crashes, Ts(now)],
        )?;
        return Ok(Taken::Quarantine { crashes });
    }
    tx.sql().execute(
        "UPDATE inbox_claims SET state = 'taken', crashes = ?2, last_taken_at = ?3, holder_pid = ?4
         WHERE inbox_key = ?1",
        params![inbox_key, crashes, Ts(now), std::process::id()],
    )?;
    Ok(Taken::Go { crashes })
}

/// Counts one crash of a probe on this mail (the daemon saw it die); past
/// `crash_retries` crashes the lease becomes `quarantined` (reason `crashes`).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn probe_crashed(
    tx: &Tx<'_>,
    inbox_key: &str,
    crash_retries: u32,
    now: DateTime<Utc>,
) -> Result<Taken> {
    let Some(lease) = get(tx, inbox_key)? else {
        // Finished meanwhile by another process.
        return Ok(Taken::Go { crashes: 0 });
    };
    if lease.state == LeaseState::Quarantined {
        return Ok(Taken::AlreadyQuarantined);
    }
    count_crashes(tx, inbox_key, lease.crashes + 1, crash_retries, now)
}

/// Makes this process the holder of a taken lease (a probe, as it starts), so
/// that a later run sees the work in progress while this process lives.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn hold(tx: &Tx<'_>, inbox_key: &str) -> Result<()> {
    tx.sql().execute(
        "UPDATE inbox_claims SET holder_pid = ?2 WHERE inbox_key = ?1 AND state = 'taken'",
        params![inbox_key, std::process::id()],
    )?;
    Ok(())
}

/// Ends the lease on a mail: call it in the transaction that records the mail
/// in `processed_messages`, so the two can never disagree.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn finish(tx: &Tx<'_>, inbox_key: &str) -> Result<()> {
    tx.sql()
        .execute("DELETE FROM inbox_claims WHERE inbox_key = ?1", [inbox_key])?;
    Ok(())
}

/// Quarantines a leased mail now (its reader or referee panicked), keeping
/// the panic message (made printable) for the director.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn quarantine(
    tx: &Tx<'_>,
    inbox_key: &str,
    size: u64,
    reason: QuarantineReason,
    detail: Option<&str>,
    now: DateTime<Utc>,
) -> Result<()> {
    let detail = detail.map(|d| {
        crate::printable::printable(d)
            .chars()
            .take(500)
            .collect::<String>()
    });
    tx.sql().execute(
        "INSERT INTO inbox_claims (inbox_key, state, crashes, size, first_taken_at, last_taken_at,
                                   reason, detail, quarantined_at)
         VALUES (?1, 'quarantined', 0, ?2, ?3, ?3, ?4, ?5, ?3)
         ON CONFLICT (inbox_key) DO UPDATE SET state = 'quarantined', last_taken_at = ?3,
             reason = ?4, detail = ?5, quarantined_at = ?3",
        params![
            inbox_key,
            i64::try_from(size).unwrap_or(i64::MAX),
            Ts(now),
            reason,
            detail
        ],
    )?;
    Ok(())
}

/// Marks a quarantined mail released: the next run tries it again from a crash
/// count of 0. Returns `false` if the key is not quarantined.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn release(tx: &Tx<'_>, inbox_key: &str) -> Result<bool> {
    let n = tx.sql().execute(
        "UPDATE inbox_claims SET state = 'released', crashes = 0, reason = NULL, detail = NULL,
             quarantined_at = NULL
         WHERE inbox_key = ?1 AND state = 'quarantined'",
        [inbox_key],
    )?;
    Ok(n == 1)
}

/// The lease on an inbox key, if any.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>, inbox_key: &str) -> Result<Option<Lease>> {
    Ok(tx
        .sql()
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM inbox_claims WHERE inbox_key = ?1"
        ))?
        .query_row([inbox_key], from_row)
        .optional()?)
}

/// The keys of the mails released but not taken again yet (a release by
/// mail waits for the daemon to move the mail back into the inbox).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn released(tx: &Tx<'_>) -> Result<Vec<String>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT inbox_key FROM inbox_claims WHERE state = 'released' ORDER BY inbox_key",
    )?;
    let rows = stmt.query_map([], |r| r.get("inbox_key"))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Every quarantined mail, oldest quarantine first (for `zaochka quarantine list`).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn quarantined(tx: &Tx<'_>) -> Result<Vec<Lease>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM inbox_claims WHERE state = 'quarantined' ORDER BY quarantined_at, inbox_key"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn a_mail_that_crashes_three_runs_is_quarantined_and_can_be_released() {
        let mut store = Store::open_in_memory().unwrap();
        let t = at("2026-12-01T10:00:00Z");
        // Each step plays a new run: the holder of the open lease is gone.
        let step = |store: &mut Store, fault: bool| {
            store
                .transaction(|tx| {
                    tx.sql()
                        .execute("UPDATE inbox_claims SET holder_pid = NULL", [])
                        .map_err(crate::store::StoreError::from)?;
                    take(tx, "maildir/x", 42, 2, fault, t)
                })
                .unwrap()
        };
        assert_eq!(step(&mut store, false), Taken::Go { crashes: 0 });
        // A transient fault of this run is not a crash.
        assert_eq!(step(&mut store, true), Taken::Go { crashes: 0 });
        assert_eq!(step(&mut store, false), Taken::Go { crashes: 1 });
        // A suspect: a run that died handing it to a probe is no crash of it ...
        assert_eq!(step(&mut store, false), Taken::Go { crashes: 1 });
        // ... the probes' crashes are.
        let crashed = |store: &mut Store| {
            store
                .transaction(|tx| probe_crashed(tx, "maildir/x", 2, t))
                .unwrap()
        };
        assert_eq!(crashed(&mut store), Taken::Go { crashes: 2 });
        assert_eq!(crashed(&mut store), Taken::Quarantine { crashes: 3 });
        assert_eq!(step(&mut store, false), Taken::AlreadyQuarantined);
        let q = store.read(quarantined).unwrap();
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].reason, Some(QuarantineReason::Crashes));
        assert!(store.transaction(|tx| release(tx, "maildir/x")).unwrap());
        assert!(!store.transaction(|tx| release(tx, "maildir/x")).unwrap());
        assert_eq!(step(&mut store, false), Taken::Go { crashes: 0 });
        store.transaction(|tx| finish(tx, "maildir/x")).unwrap();
        assert_eq!(store.read(|tx| get(tx, "maildir/x")).unwrap(), None);
    }

    #[test]
    fn a_lease_held_by_a_live_process_is_busy_not_a_crash() {
        let mut store = Store::open_in_memory().unwrap();
        let t = at("2026-12-01T10:00:00Z");
        store
            .transaction(|tx| take(tx, "k", 1, 2, false, t))
            .unwrap();
        // PID 1 (init) is alive and is not this process.
        store
            .transaction(|tx| {
                tx.sql()
                    .execute("UPDATE inbox_claims SET holder_pid = 1", [])
                    .map_err(crate::store::StoreError::from)
            })
            .unwrap();
        let got = store
            .transaction(|tx| take(tx, "k", 1, 2, false, t))
            .unwrap();
        assert_eq!(got, Taken::Busy { holder: 1 });
        assert_eq!(store.read(|tx| get(tx, "k")).unwrap().unwrap().crashes, 0);
    }

    #[test]
    fn a_panic_quarantines_at_once_with_a_printable_detail() {
        let mut store = Store::open_in_memory().unwrap();
        let t = at("2026-12-01T10:00:00Z");
        store
            .transaction(|tx| {
                take(tx, "k", 1, 2, false, t)?;
                quarantine(
                    tx,
                    "k",
                    1,
                    QuarantineReason::Panic,
                    Some("boom\n\u{1b}[31m"),
                    t,
                )
            })
            .unwrap();
        let c = store.read(|tx| get(tx, "k")).unwrap().unwrap();
        assert_eq!(c.state, LeaseState::Quarantined);
        assert_eq!(c.detail.as_deref(), Some("boom\\n\\u{1b}[31m"));
    }
}
