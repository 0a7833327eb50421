//! Xfcc passwords: drawn through the transaction that sets them, kept as
//! Argon2id PHC strings (the `argon2` crate's defaults: 19 MiB, 2 passes),
//! checked against them; and the lock of a subject (an account, a client
//! address) after [`MAX_FAILURES`] failed logins within [`WINDOW_MINUTES`].

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// Failed logins of one subject within the window that lock it.
pub const MAX_FAILURES: u32 = 5;

/// The window failures are counted over, and how long a lock lasts, in
/// minutes.
pub const WINDOW_MINUTES: i64 = 15;

/// The characters a made password is drawn from (no 0/O, 1/l/I).
const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Characters of a made password (about 93 bits).
const MADE_LENGTH: usize = 16;

/// A new password and its PHC string, both drawn through the transaction
/// `tx` ([`crate::store::draw_bytes`]): at random, or, in a transaction
/// that processes a mail or a shell command, derived from it and the
/// database's secret, so that the same mail or command replayed by a
/// restore sets the same password (the one the player was mailed or told)
/// with the same salt.
///
/// # Errors
/// Database failures; hashing fails.
pub fn made_in(tx: &crate::store::Tx<'_>) -> anyhow::Result<(String, String)> {
    let password = make_from(|| Ok(crate::store::draw_bytes(tx, "xfcc password", 32)?))?;
    let salt = crate::store::draw_bytes(tx, "xfcc salt", 16)?;
    let hash = hash_with(&password, &salt)?;
    Ok((password, hash))
}

/// A password of [`MADE_LENGTH`] characters of [`ALPHABET`] from the bytes
/// `draw` gives, 32 at a time.
fn make_from(mut draw: impl FnMut() -> anyhow::Result<Vec<u8>>) -> anyhow::Result<String> {
    let mut out = String::with_capacity(MADE_LENGTH);
    while out.len() < MADE_LENGTH {
        let b = draw()?;
        // Bytes past the largest multiple of the alphabet's size are
        // dropped, so that every character is as likely.
        let bound = 256 - 256 % ALPHABET.len();
        out.extend(
            b.iter()
                .filter(|&&x| usize::from(x) < bound)
                .map(|&x| char::from(ALPHABET[usize::from(x) % ALPHABET.len()])),
        );
    }
    out.truncate(MADE_LENGTH);
    Ok(out)
}

/// The PHC string of `password` with a fresh 16-byte salt.
///
/// # Errors
/// When the operating system gives no randomness, or hashing fails.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    hash_with(password, &salt)
}

/// The PHC string of `password` with the salt `salt` (16 bytes).
fn hash_with(password: &str, salt: &[u8]) -> anyhow::Result<String> {
    let salt = SaltString::encode_b64(salt).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map_err(|e| anyhow::anyhow!("argon2: {e}"))?
        .to_string())
}

/// Whether `password` matches the stored PHC string (a damaged one matches
/// nothing).
#[must_use]
pub fn matches(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// A password to check unknown users against, so that an unknown name
/// costs what a known one does.
pub fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("decoy").unwrap_or_default())
}
