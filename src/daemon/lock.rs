//! One daemon per database: `zaochka serve` holds an exclusive `flock(2)` on
//! `<database>.serve.lock` for as long as it runs. The kernel drops the lock when
//! the process ends, however it ends (SIGKILL included), so a stale file never
//! blocks a restart. The file holds the holder's pid and start instant, read back
//! to name the running daemon when a second one is refused.
//!
//! Only `serve` takes the lock: the other commands share the database through
//! SQLite's own locking and keep working beside the daemon.

use std::ffi::OsString;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use chrono::{SecondsFormat, Utc};

/// Why the daemon lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds the lock: `holder` is what it wrote into the file
    /// (`pid 1234, since 2026-12-01T10:00:00Z`), or `unknown holder` while it has
    /// not written yet.
    #[error("another zaochka serve ({holder}) holds {}", path.display())]
    Held {
        /// The lock file.
        path: PathBuf,
        /// The holder's pid and start instant, as text.
        holder: String,
    },
    /// The lock file or its folder cannot be created, opened or written.
    #[error("cannot use the lock file {}: {source}", path.display())]
    Io {
        /// The lock file.
        path: PathBuf,
        /// The underlying failure.
        source: std::io::Error,
    },
}

/// The exclusive daemon lock of a database; released when dropped or when the
/// process dies.
#[derive(Debug)]
pub struct ServeLock {
    file: File,
    path: PathBuf,
    /// The database file itself, flocked too, so that a second daemon that
    /// reaches the same file by another name (a symlink, a hard link) is refused
    /// as well. SQLite's own locks are POSIX record locks, independent of flock.
    _database: Option<File>,
}

/// The lock file of a database: the database's path with `.serve.lock`
/// appended (`/var/lib/zaochka/zaochka.db.serve.lock`).
#[must_use]
pub fn lock_path(database: &Path) -> PathBuf {
    // The real file's path when it exists (symlinks resolved), so that two
    // names of one database share one lock file.
    let real = std::fs::canonicalize(database).unwrap_or_else(|_| database.to_path_buf());
    let mut s = OsString::from(real.as_os_str());
    s.push(".serve.lock");
    PathBuf::from(s)
}

impl ServeLock {
    /// Takes the lock beside `database` without waiting, creating the
    /// database's folder (0700) and the lock file (0600) when missing, and
    /// writes `pid <pid>\nsince <RFC 3339 instant>\n` into it.
    ///
    /// # Errors
    /// [`LockError::Held`] when another process holds it (naming that process),
    /// [`LockError::Io`] when the file cannot be created or written.
    pub fn acquire(database: &Path) -> Result<ServeLock, LockError> {
        let path = lock_path(database);
        let io = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(parent)
                .map_err(io)?;
        }
        // Never truncate before the lock is ours: the file names the holder.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                // Best effort: the holder may not have written its line yet.
                let _ = (&file).take(4096).read_to_string(&mut text);
                return Err(LockError::Held {
                    holder: describe_holder(&text),
                    path,
                });
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        let database_file = match OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_CLOEXEC)
            .open(database)
        {
            Ok(db) => match db.try_lock() {
                Ok(()) => Some(db),
                Err(TryLockError::WouldBlock) => {
                    return Err(LockError::Held {
                        holder: crate::words::operator::daemon::lock_held_elsewhere().into(),
                        path: database.to_path_buf(),
                    });
                }
                Err(TryLockError::Error(e)) => return Err(io(e)),
            },
            // Not created yet: the lock file alone guards the first start.
            Err(_) => None,
        };
        let since = Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true);
        let line = format!("pid {}\nsince {since}\n", std::process::id());
        file.set_len(0).map_err(io)?;
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        file.write_all(line.as_bytes()).map_err(io)?;
        file.sync_data().map_err(io)?;
        Ok(ServeLock {
            file,
            path,
            _database: database_file,
        })
    }

    /// The lock file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for ServeLock {
    fn drop(&mut self) {
        // The file stays: removing it while another process waits to open it
        // would let two daemons lock two different files.
        let _ = self.file.unlock();
    }
}

/// `pid 1234, since 2026-12-01T10:00:00Z` from the lock file's text (only
/// digits and RFC 3339 characters are kept, so a tampered file cannot inject
/// text into the message).
fn describe_holder(text: &str) -> String {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| {
                v.trim()
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '-' | '+' | '.'))
                    .take(40)
                    .collect::<String>()
            })
            .filter(|v| !v.is_empty())
    };
    match (field("pid "), field("since ")) {
        (Some(pid), Some(since)) => format!("pid {pid}, since {since}"),
        (Some(pid), None) => format!("pid {pid}"),
        _ => "unknown holder".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_database_is_refused_naming_the_holder() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("sub/zaochka.db");
        let first = ServeLock::acquire(&db).unwrap();
        assert_eq!(first.path(), dir.path().join("sub/zaochka.db.serve.lock"));
        let err = ServeLock::acquire(&db).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with(&format!(
                "another zaochka serve (pid {}, since ",
                std::process::id()
            )),
            "{text}"
        );
        assert!(text.ends_with("zaochka.db.serve.lock"), "{text}");
        drop(first);
        let again = ServeLock::acquire(&db).unwrap();
        let written = std::fs::read_to_string(again.path()).unwrap();
        assert!(written.starts_with(&format!("pid {}\nsince ", std::process::id())));
    }

    #[test]
    fn the_holder_text_is_cleaned() {
        assert_eq!(describe_holder(""), "unknown holder");
        assert_eq!(
            describe_holder("pid 12\x1b[31m\nsince 2026-12-01T10:00:00Z\n"),
            "pid 1231m, since 2026-12-01T10:00:00Z"
        );
    }
}
