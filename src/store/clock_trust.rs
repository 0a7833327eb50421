//! The daemon's trusted instant and a forward step of the system clock
//! waiting for a director (table `clock_trust`, one row). This module keeps
//! what the scheduler decided; the rule (how large a step is, what it stops)
//! is in `daemon::scheduler`.

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

/// The stored trust: the last trusted instant (none before the first tick)
/// and the step waiting for a director, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Trust {
    /// The last trusted instant (UTC).
    pub trusted_at: Option<DateTime<Utc>>,
    /// A step waiting for `clock confirm-step` or `cancel-step`.
    pub step: Option<Step>,
}

/// The stored trust.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>) -> Result<Trust> {
    let row: Option<(Ts, Option<Ts>, Option<Ts>)> = tx
        .sql()
        .prepare_cached("SELECT trusted_at, step_from, step_to FROM clock_trust WHERE id = 1")?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    Ok(row.map_or_else(Trust::default, |(t, from, to)| Trust {
        trusted_at: Some(t.0),
        step: from.zip(to).map(|(f, t)| Step { from: f.0, to: t.0 }),
    }))
}

/// Stores `trust` whole (the trusted instant is required).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn put(tx: &Tx<'_>, trusted_at: DateTime<Utc>, step: Option<Step>) -> Result<()> {
    tx.sql()
        .prepare_cached(
            "INSERT INTO clock_trust (id, trusted_at, step_from, step_to) VALUES (1, ?1, ?2, ?3)
             ON CONFLICT (id) DO UPDATE SET trusted_at = ?1, step_from = ?2, step_to = ?3",
        )?
        .execute(params![
            Ts(trusted_at),
            step.map(|s| Ts(s.from)),
            step.map(|s| Ts(s.to))
        ])?;
    Ok(())
}
