//! Releasing a quarantined mail, for `zaochka quarantine release` and a
//! director's `release KEY` by mail: the check and the
//! record; moving the mail back among the new mail is the inbox's
//! (`Inbox::release` in `src/daemon/inbox.rs`): the command line does it at
//! once, the daemon for a release by mail after the mail's transaction
//! commits ([`crate::store::leases::released`]).

use chrono::{DateTime, Utc};

use crate::store::Tx;
use crate::store::audit::{self, NewAuditEntry};
use crate::store::leases::{self, LeaseState};
use crate::vocabulary::PlayerId;

/// Why a mail cannot be released.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReleaseRefusal {
    /// No mail was ever leased under this key.
    Unknown(String),
    /// The mail is not in quarantine (its state is given).
    NotQuarantined(String, LeaseState),
}

/// Checks that the mail of `key` is quarantined.
///
/// # Errors
/// [`ReleaseRefusal`]; database failures as the outer error.
pub fn check(
    tx: &Tx<'_>,
    key: &str,
) -> Result<Result<(), ReleaseRefusal>, crate::store::StoreError> {
    Ok(match leases::get(tx, key)? {
        None => Err(ReleaseRefusal::Unknown(key.to_string())),
        Some(c) if c.state != LeaseState::Quarantined => {
            Err(ReleaseRefusal::NotQuarantined(key.to_string(), c.state))
        }
        Some(_) => Ok(()),
    })
}

/// Marks the quarantined mail of `key` released (the next run tries it from
/// a crash count of 0) and writes the audit entry `release` with the actor,
/// the reason and the Message-ID of the director's mail, if any.
/// Returns `false` (and writes nothing) if it is not quarantined.
///
/// # Errors
/// Database failures.
pub fn mark_released(
    tx: &Tx<'_>,
    key: &str,
    actor: Option<PlayerId>,
    reason: Option<&str>,
    now: DateTime<Utc>,
    message_id: Option<&str>,
) -> Result<bool, crate::store::StoreError> {
    if !leases::release(tx, key)? {
        return Ok(false);
    }
    audit::append_from(
        tx,
        &NewAuditEntry {
            at: now,
            actor,
            action: "release".to_string(),
            game_id: None,
            reason: reason.map(|r| r.trim().to_string()),
            details: Some(serde_json::json!({ "inbox_key": key })),
        },
        message_id,
    )?;
    Ok(true)
}
