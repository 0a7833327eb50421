//! The daemon's trusted instant and a forward step of the system clock
//! waiting for a director (table `clock_trust`, one row). This module keeps
//! what the scheduler decided; the rule (how large a step is, what it stops)
//! is in `referee::clock_step`.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{Result, Ts, Tx};

/// A forward step of the clock: from the trusted instant then to the
/// instant seen (both UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// The last trusted instant before the step.
    pub from: DateTime<Utc>,
    /// The instant the clock read at the tick that saw the step.
    pub to: DateTime<Utc>,
}

impl Step {
    /// How far the clock stepped.
    #[must_use]
    pub fn span(&self) -> chrono::Duration {
        self.to - self.from
    }
}

/// Where the machine's count since boot stood: which boot (Linux's
/// `/proc/sys/kernel/random/boot_id`) and how long after it (`/proc/uptime`,
/// which counts suspended time too). Two marks of one boot measure the real
/// time between them whatever the wall clock did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BootMark {
    /// The boot's identifier.
    pub id: String,
    /// Milliseconds since that boot.
    pub uptime_ms: i64,
}

/// The stored trust: the last trusted instant (none before the first tick),
/// the boot mark read with it, and the step waiting for a director, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Trust {
    /// The last trusted instant (UTC).
    pub trusted_at: Option<DateTime<Utc>>,
    /// The machine's count since boot when `trusted_at` was read.
    pub boot: Option<BootMark>,
    /// A step waiting for `clock confirm-step` or `cancel-step`.
    pub step: Option<Step>,
}

/// The stored trust.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>) -> Result<Trust> {
    let row: Option<Trust> = tx
        .sql()
        .prepare_cached(
            "SELECT trusted_at, boot_id, boot_uptime_ms, step_from, step_to
               FROM clock_trust WHERE id = 1",
        )?
        .query_row([], |r| {
            let trusted_at: Ts = r.get("trusted_at")?;
            let boot_id: Option<String> = r.get("boot_id")?;
            let uptime_ms: Option<i64> = r.get("boot_uptime_ms")?;
            let from: Option<Ts> = r.get("step_from")?;
            let to: Option<Ts> = r.get("step_to")?;
            Ok(Trust {
                trusted_at: Some(trusted_at.0),
                boot: boot_id
                    .zip(uptime_ms)
                    .map(|(id, uptime_ms)| BootMark { id, uptime_ms }),
                step: from.zip(to).map(|(f, t)| Step { from: f.0, to: t.0 }),
            })
        })
        .optional()?;
    Ok(row.unwrap_or_default())
}

/// Stores the trust whole: the trusted instant, the boot mark read with it
/// and the waiting step.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn put(
    tx: &Tx<'_>,
    trusted_at: DateTime<Utc>,
    boot: Option<&BootMark>,
    step: Option<Step>,
) -> Result<()> {
    tx.sql()
        .prepare_cached(
            "INSERT INTO clock_trust (id, trusted_at, boot_id, boot_uptime_ms, step_from, step_to)
             VALUES (1, ?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (id) DO UPDATE SET trusted_at = ?1, boot_id = ?2,
                 boot_uptime_ms = ?3, step_from = ?4, step_to = ?5",
        )?
        .execute(params![
            Ts(trusted_at),
            boot.map(|b| b.id.as_str()),
            boot.map(|b| b.uptime_ms),
            step.map(|s| Ts(s.from)),
            step.map(|s| Ts(s.to))
        ])?;
    Ok(())
}

/// Records `step` as cancelled by a director at `now` (UTC): its span is a
/// stop of every clock from then on ([`step_stops`]).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record_cancelled(tx: &Tx<'_>, step: Step, now: DateTime<Utc>) -> Result<()> {
    tx.sql()
        .prepare_cached(
            "INSERT INTO cancelled_clock_steps (step_from, step_to, cancelled_at)
             VALUES (?1, ?2, ?3)",
        )?
        .execute(params![Ts(step.from), Ts(step.to), Ts(now)])?;
    Ok(())
}

/// The spans of the clock's forward steps that no clock is charged, as
/// `(start, end)` pairs (UTC) ending after `from`: the step waiting for a
/// director (until the answer nobody is charged it) and every cancelled
/// step.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn step_stops(tx: &Tx<'_>, from: DateTime<Utc>) -> Result<Vec<(DateTime<Utc>, DateTime<Utc>)>> {
    let mut spans: Vec<(DateTime<Utc>, DateTime<Utc>)> = get(tx)?
        .step
        .filter(|s| s.to > from)
        .map(|s| (s.from, s.to))
        .into_iter()
        .collect();
    let mut stmt = tx.sql().prepare_cached(
        "SELECT step_from, step_to FROM cancelled_clock_steps WHERE step_to > ?1",
    )?;
    let rows = stmt.query_map([Ts(from)], |r| {
        Ok((r.get::<_, Ts>("step_from")?.0, r.get::<_, Ts>("step_to")?.0))
    })?;
    for row in rows {
        spans.push(row?);
    }
    Ok(spans)
}
