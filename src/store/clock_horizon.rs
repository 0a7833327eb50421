//! Which games the scheduler tick must look at: only those whose next clock
//! action may be due, found through indexes on the running clocks, never by
//! reading every active game.
//!
//! A clock action of a running clock is a reminder some hours before its
//! deadline, a silence reminder some days of clock time after it started, or
//! the time-out at the deadline. Stops (leaves, bounce pauses) only stop the
//! clock, so each comes no earlier than the stored `deadline` minus the
//! longest reminder lead, or than `last_started_at` plus the shortest silence
//! term (the stored deadline is recomputed whenever a clock's stops change),
//! unless a stop lies ahead: then the clock time left runs out later than
//! the wall time, and a reminder may be due earlier. So the games of players
//! with a leave still to end, and those with an open bounce pause, are
//! candidates too (few at any time).
//! The leads and terms are the largest and smallest of the default settings
//! and of every playing tournament's (a game's clock runs only while its
//! tournament plays).

use chrono::{DateTime, Duration, Utc};

use super::games::{self, GameFilter};
use super::{GameId, GameStatus, StoreError, Tx, clocks, tournaments};
use crate::clock::settings::Settings;

/// The games with a running clock whose next action may be due at `now`
/// (UTC), by id: the stored deadline at most the longest reminder lead
/// away, or the clock started at least the shortest silence term ago. A
/// superset of the games with a due action; each is then checked in full.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn candidates(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<GameId>, StoreError> {
    let mut all = vec![Settings::default()];
    all.extend(
        tournaments::playing(tx)?
            .into_iter()
            .map(|t| t.settings.clock()),
    );
    let lead_hours = all
        .iter()
        .flat_map(|s| {
            s.remind_hours_before_deadline
                .iter()
                .copied()
                .chain(s.director_warn_days.iter().map(|d| d.saturating_mul(24)))
        })
        .max()
        .unwrap_or(0);
    // No silence reminders anywhere: a start far in the past matches nothing.
    let silence_days = all
        .iter()
        .flat_map(|s| {
            s.silence_reminder_days
                .iter()
                .chain(s.director_silence_days.iter())
                .copied()
        })
        .min();
    let started_by = silence_days.map_or(DateTime::<Utc>::MIN_UTC, |d| {
        now - Duration::days(i64::from(d))
    });
    let mut ids =
        clocks::running_candidates(tx, now + Duration::hours(i64::from(lead_hours)), started_by)?;
    let (on_leave, paused) = clocks::future_stops(tx, now)?;
    ids.extend(paused);
    for player in on_leave {
        let filter = GameFilter {
            player: Some(player),
            status: Some(GameStatus::Active),
            ..GameFilter::default()
        };
        ids.extend(games::list(tx, &filter)?.into_iter().map(|g| g.id));
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}
