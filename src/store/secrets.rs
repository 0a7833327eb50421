//! Secrets the installation makes for itself and keeps in the database: today
//! the key of the VERP return-path MAC (`secrets.name = 'verp'`), 32 bytes from
//! the operating system's random source, made by the first caller that needs it
//! and never changed afterwards (changing it would orphan the bounces of mail
//! already sent).
//!
//! The database file holds every game token already, so it is the place for
//! this key too: whoever can read the file can forge replies anyway. The file
//! is to be readable by the daemon's user only (see docs/admin.md).

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Result, StoreError, Ts, Tx};

/// The length of a made key, in bytes.
pub const KEY_BYTES: usize = 32;

/// The row name of the VERP key.
const VERP: &str = "verp";

/// A secret key. `Debug` hides the bytes so that a key never reaches a log.
#[derive(Clone, PartialEq, Eq)]
pub struct SecretKey(Vec<u8>);

impl SecretKey {
    /// The key's bytes (at least 16).
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }

    /// A key from given bytes (tests, or a key restored from a backup).
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for fewer than 16 bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<SecretKey> {
        if bytes.len() < 16 {
            return Err(StoreError::Invalid {
                what: "secret key length",
                value: bytes.len().to_string(),
            });
        }
        Ok(SecretKey(bytes.to_vec()))
    }
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SecretKey({} bytes)", self.0.len())
    }
}

/// The VERP key: read it, or make it (with OS randomness) and store it if this
/// database has none yet. Inside a write transaction the key made is kept;
/// inside a read transaction ([`super::Store::read`]) it would be rolled back,
/// so call this from [`super::Store::transaction`].
///
/// Two processes making a key at once cannot end up with two keys: the insert
/// keeps the first row (`INSERT OR IGNORE`) and both read that row back.
///
/// # Errors
/// [`StoreError::Sqlite`]; [`StoreError::Corrupt`] when the operating system
/// gives no randomness or the stored key is shorter than 16 bytes.
pub fn verp_key(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<SecretKey> {
    if let Some(key) = stored(tx, VERP)? {
        return Ok(key);
    }
    let mut fresh = [0u8; KEY_BYTES];
    getrandom::fill(&mut fresh).map_err(|e| StoreError::Corrupt {
        what: "operating system randomness",
        detail: e.to_string(),
    })?;
    tx.sql().execute(
        "INSERT OR IGNORE INTO secrets (name, value, created_at) VALUES (?1, ?2, ?3)",
        params![VERP, &fresh[..], Ts(now)],
    )?;
    stored(tx, VERP)?.ok_or_else(|| StoreError::NotFound {
        what: "secret",
        key: VERP.into(),
    })
}

fn stored(tx: &Tx<'_>, name: &str) -> Result<Option<SecretKey>> {
    let value: Option<Vec<u8>> = tx
        .sql()
        .prepare_cached("SELECT value FROM secrets WHERE name = ?1")?
        .query_row([name], |r| r.get("value"))
        .optional()?;
    value
        .map(|v| {
            SecretKey::from_bytes(&v).map_err(|_| StoreError::Corrupt {
                what: "secrets.value",
                detail: format!("{name}: {} bytes", v.len()),
            })
        })
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn the_key_is_made_once_and_then_kept() {
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        let a = store.transaction(|tx| verp_key(tx, now)).unwrap();
        let b = store.transaction(|tx| verp_key(tx, now)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.bytes().len(), KEY_BYTES);
        assert_ne!(a.bytes(), &[0u8; KEY_BYTES][..]);
        assert_eq!(format!("{a:?}"), "SecretKey(32 bytes)");
    }

    #[test]
    fn two_databases_get_two_keys() {
        let now = Utc::now();
        let a = Store::open_in_memory()
            .unwrap()
            .transaction(|tx| verp_key(tx, now))
            .unwrap();
        let b = Store::open_in_memory()
            .unwrap()
            .transaction(|tx| verp_key(tx, now))
            .unwrap();
        assert_ne!(a, b);
    }
}
