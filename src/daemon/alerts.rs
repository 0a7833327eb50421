//! Referee alerts: every mail the daemon writes to the referees and admins on
//! its own goes through [`raise`], which makes them safe against floods and
//! loops:
//!
//! - **Once per key.** Each [`Alert`] has a stable key ([`Alert::key`]); an
//!   alert whose key was raised before is dropped (the `alerts` table keeps
//!   every key raised).
//! - **Rate-limited.** At most `[alerts] per-referee-per-hour` alert mails
//!   (default 10) go to one referee in any hour; an alert over the limit is
//!   held and listed in short in that referee's next alert mail.
//! - **No loops.** Nothing is sent to a referee whose address is marked
//!   unreachable or has an uncleared real bounce (`bounces` table): an alert
//!   that bounces marks its referee unreachable (see `daemon::bounce`), which
//!   stops further alerts to that address instead of making more.
//!
//! An alert is plain data ([`Alert`], defined with its words in
//! [`crate::words::alerts`]); it becomes words in each referee's language
//! there, never here.

use chrono::{DateTime, TimeDelta, Utc};
use tracing::{info, warn};

use crate::config::Config;
use crate::printable::printable;
use crate::store::alerts::{self as records, AlertId, DeliveryStatus};
use crate::store::outbox::{self, OutboxId};
use crate::store::players::{self, Player};
use crate::store::{StoreError, Tx, instant_text};

pub use crate::words::alerts::{Alert, EntrySkip};

impl EntrySkip {
    /// The stable code: `directory`, `symlink`, `fifo`, `socket`, `device`,
    /// `unreadable`, `unmovable`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            EntrySkip::Directory => "directory",
            EntrySkip::Symlink => "symlink",
            EntrySkip::Fifo => "fifo",
            EntrySkip::Socket => "socket",
            EntrySkip::Device => "device",
            EntrySkip::Unreadable => "unreadable",
            EntrySkip::Unmovable => "unmovable",
        }
    }
}

impl Alert {
    /// The stable kind code: `undeliverable`, `quarantined`,
    /// `inbox-entry-skipped`, `fault-persists`, `clock-stopped`,
    /// `dmarc-failed-applied`, `relay-recovered`, `reply-failed`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Alert::Undeliverable { .. } => "undeliverable",
            Alert::Quarantined { .. } => "quarantined",
            Alert::InboxEntrySkipped { .. } => "inbox-entry-skipped",
            Alert::FaultPersists { .. } => "fault-persists",
            Alert::ClockStopped(_) => "clock-stopped",
            Alert::DmarcFailedApplied { .. } => "dmarc-failed-applied",
            Alert::RelayRecovered(_) => "relay-recovered",
            Alert::ReplyFailed(_) => "reply-failed",
            Alert::ClockStepped { .. } => "clock-stepped",
            Alert::AuthUnsettled { .. } => "auth-unsettled",
        }
    }

    /// The key that makes an alert happen once: the address and its bounce
    /// episode, the inbox key, the entry and reason, or the fault's start.
    #[must_use]
    pub fn key(&self) -> String {
        match self {
            Alert::Undeliverable { address, since, .. } => format!(
                "undeliverable:{}:{}",
                address.trim().to_ascii_lowercase(),
                instant_text(*since)
            ),
            Alert::Quarantined { inbox_key, .. } => format!("quarantined:{inbox_key}"),
            Alert::InboxEntrySkipped { entry, why } => {
                format!("inbox-entry-skipped:{}:{entry}", why.code())
            }
            Alert::FaultPersists { since, .. } => {
                format!("fault-persists:{}", instant_text(*since))
            }
            Alert::ClockStopped(s) => format!("clock-stopped:{}", s.pause),
            Alert::RelayRecovered(r) => format!("relay-recovered:{}", instant_text(r.since)),
            Alert::ReplyFailed(f) => format!("reply-failed:{}:{}", f.outbox, instant_text(f.at)),
            Alert::DmarcFailedApplied { inbox_key, .. } => {
                format!("dmarc-failed-applied:{inbox_key}")
            }
            Alert::ClockStepped { from, .. } => {
                format!("clock-stepped:{}", instant_text(*from))
            }
            Alert::AuthUnsettled { inbox_key, .. } => format!("auth-unsettled:{inbox_key}"),
        }
    }
}

/// The referees and admins, in registration order.
fn referees(tx: &Tx<'_>) -> Result<Vec<Player>, StoreError> {
    players::referees(tx)
}

/// Raises an alert inside the caller's transaction: records it, and writes one
/// mail into the outbox for each referee and admin who may get it now. Returns
/// `true` if the alert is new, `false` if its key was raised before (then
/// nothing is written).
///
/// For each referee: nothing is sent to an address marked unreachable or with
/// an uncleared real bounce; over `config.alerts.per_referee_per_hour` alert
/// mails in the hour before `now` (UTC), the alert is held and listed in that
/// referee's next alert mail. The record of each case is in
/// `alert_deliveries` (see [`crate::store::alerts::deliveries`]).
///
/// # Errors
/// [`StoreError`] from the database; the caller's transaction then fails as a whole.
pub fn raise(
    tx: &Tx<'_>,
    config: &Config,
    alert: &Alert,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let detail = serde_json::to_value(alert).map_err(|e| StoreError::Invalid {
        what: "alert",
        value: e.to_string(),
    })?;
    let key = alert.key();
    let Some(id) = records::insert_alert(tx, &key, alert.kind(), &detail, now)? else {
        info!(alert = %printable(&key), "alert raised before; not sent again");
        return Ok(false);
    };
    let hour_ago = now
        .checked_sub_signed(TimeDelta::hours(1))
        .unwrap_or(DateTime::<Utc>::MIN_UTC);
    let limit = config.alerts.per_referee_per_hour;
    let list = referees(tx)?;
    if list.is_empty() {
        warn!(alert = %printable(&key), "no referee or admin is registered to tell");
    }
    for referee in list {
        if let Some(game) = alert.game_for_directors()
            && crate::referee::tournament::director_digest::hears_by_digest(tx, game, referee.id)?
        {
            info!(alert = %printable(&key), referee = %printable(&referee.email), "alert told in the directors' digest");
            continue;
        }
        let status = if referee.unreachable_since.is_some() {
            DeliveryStatus::Unreachable
        } else if records::bouncing_since(tx, &referee.email)?.is_some() {
            DeliveryStatus::Bounced
        } else if records::queued_since(tx, referee.id, hour_ago)? >= limit {
            DeliveryStatus::Held
        } else {
            DeliveryStatus::Queued
        };
        if status == DeliveryStatus::Queued {
            let mail = queue_mail(tx, config, alert, id, &referee, now)?;
            records::record_delivery(tx, id, referee.id, status, Some(mail), now)?;
        } else {
            records::record_delivery(tx, id, referee.id, status, None, now)?;
        }
        info!(alert = %printable(&key), referee = %printable(&referee.email), status = status.as_str(), "alert");
    }
    Ok(true)
}

/// Writes the alert mail for one referee, with the alerts held for them.
fn queue_mail(
    tx: &Tx<'_>,
    config: &Config,
    alert: &Alert,
    id: AlertId,
    referee: &Player,
    now: DateTime<Utc>,
) -> Result<OutboxId, StoreError> {
    let held = records::held_for(tx, referee.id)?;
    // A held alert another version of zaochka wrote may not read back.
    let held_alerts: Vec<Option<Alert>> = held
        .iter()
        .map(|(_, json)| serde_json::from_value::<Alert>(json.clone()).ok())
        .collect();
    let mut new = crate::letters::alert_mail(
        alert,
        id,
        &held_alerts,
        config.alerts.per_referee_per_hour,
        referee,
        &config.address.domain,
        now,
    );
    crate::letters::address_alert(tx, &config.bot(), &mut new)?;
    let mail = outbox::enqueue(tx, &new)?;
    let ids: Vec<AlertId> = held.iter().map(|(a, _)| *a).collect();
    records::mark_summarised(tx, referee.id, &ids, mail, now)?;
    Ok(mail)
}

#[cfg(test)]
mod tests;
