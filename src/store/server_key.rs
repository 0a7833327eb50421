//! The server's Ed25519 key, which signs every move receipt
//! ([`crate::notation::receipt`]): a PEM `PRIVATE KEY` file (PKCS#8, RFC
//! 8410, readable by `openssl pkey`) beside the database, named after it
//! with the extension `key` (`zaochka.db` → `zaochka.key`), mode 0600. Made
//! at the daemon's first start or at the first receipt; a key file that its
//! group or others may read is refused (docs/security.md).
//!
//! A database without a file (in memory) signs with a key derived from its
//! secret ([`super::secrets`]), so its receipts chain under one key.

use std::io::Write as _;
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use ed25519_dalek::SigningKey;

use crate::notation::receipt::{private_key_pem, read_private_key};

/// Why the server key cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ServerKeyError {
    /// The key file may be read by its group or by others.
    #[error("{path}: mode {mode:o} lets others read the server key; chmod 600 it")]
    Exposed {
        /// The key file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The file is not a key of the form written.
    #[error("{path}: not an Ed25519 private key in PEM")]
    Unreadable {
        /// The key file.
        path: PathBuf,
    },
    /// The file could not be read or written. The system's error is part
    /// of the message, not a source of it, so that a chain of causes prints
    /// it once.
    #[error("{path}: {error}")]
    Io {
        /// The key file.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// No randomness to make a key with.
    #[error("no randomness for a new server key: {0}")]
    Random(String),
}

/// The key file of the database at `database`: the same name with the
/// extension `key`.
#[must_use]
pub fn path_for(database: &Path) -> PathBuf {
    database.with_extension("key")
}

/// The key in the file at `path`, made (with a fresh random seed, mode 0600)
/// when there is none.
///
/// # Errors
/// [`ServerKeyError::Exposed`] for a file its group or others may read,
/// [`ServerKeyError::Unreadable`] for a file that is not a key,
/// [`ServerKeyError::Io`], [`ServerKeyError::Random`].
pub fn load_or_create(path: &Path) -> Result<SigningKey, ServerKeyError> {
    match load(path) {
        Err(ServerKeyError::Io { error, .. }) if error.kind() == std::io::ErrorKind::NotFound => {
            create(path)
        }
        other => other,
    }
}

/// The key in the file at `path`.
///
/// # Errors
/// As [`load_or_create`]; a missing file is [`ServerKeyError::Io`] with
/// `NotFound`.
pub fn load(path: &Path) -> Result<SigningKey, ServerKeyError> {
    let io = |error| ServerKeyError::Io {
        path: path.to_path_buf(),
        error,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(ServerKeyError::Exposed {
            path: path.to_path_buf(),
            mode,
        });
    }
    let text = std::fs::read_to_string(path).map_err(io)?;
    read_private_key(&text).map_err(|_| ServerKeyError::Unreadable {
        path: path.to_path_buf(),
    })
}

/// Makes a key file at `path`: written whole under a temporary name, then
/// linked into place, so that a process racing to make it reads either no
/// file or the whole key (the loser of the race reads the winner's).
fn create(path: &Path) -> Result<SigningKey, ServerKeyError> {
    let io = |error| ServerKeyError::Io {
        path: path.to_path_buf(),
        error,
    };
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| ServerKeyError::Random(e.to_string()))?;
    let key = SigningKey::from_bytes(&seed);
    let temp = path.with_extension(format!("key.{}.new", std::process::id()));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&temp)
        .map_err(io)?;
    let written = file
        .write_all(private_key_pem(&key).as_bytes())
        .and_then(|()| file.sync_all());
    let linked = written.and_then(|()| std::fs::hard_link(&temp, path));
    let _ = std::fs::remove_file(&temp);
    match linked {
        Ok(()) => Ok(key),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => load(path),
        Err(e) => Err(io(e)),
    }
}

/// The key a transaction signs receipts with: the key file of its database
/// ([`load_or_create`]), or for a database in memory a key derived from the
/// database's secret (made at `at` if there is none yet).
///
/// # Errors
/// [`super::StoreError::ServerKey`], or the secret's errors.
pub fn of(tx: &super::Tx<'_>, at: DateTime<Utc>) -> super::Result<SigningKey> {
    match tx.sql().path().filter(|p| !p.is_empty()) {
        Some(db) => Ok(load_or_create(&path_for(Path::new(db)))?),
        None => {
            let seed = super::derived_key_seed(tx, at)?;
            Ok(SigningKey::from_bytes(&seed))
        }
    }
}
