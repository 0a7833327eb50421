//! What the parallel sender asks of the outbox: the replies it may
//! send now in order, how many were sent in a recent window (for a provider's
//! per-minute and per-day caps, counted from the stored rows so that a restart
//! does not reset them), and a deferral that moves a row later without counting
//! an attempt (a provider's "try again later" is not a failure).
//!
//! Order: the replies about one game to one recipient (the *chain* of
//! `(game_id, to_address)`, alerts and other mail without a game forming one
//! chain per recipient) go out in the order they were written: only the oldest
//! pending row of a chain, its *head*, is ever due.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use rusqlite::params;

use super::outbox::{self, OutboxId, OutgoingMail};
use super::{Result, Ts, Tx};

/// Pending mails due at `now` (UTC) that head their chain (no older pending row
/// to the same recipient about the same game), oldest due first, at most
/// `limit` of those not in `skip`, with their attachments (read only for the
/// rows returned).
///
/// # Errors
/// [`StoreError::Sqlite`](super::StoreError::Sqlite) only.
pub fn due_heads(
    tx: &Tx<'_>,
    now: DateTime<Utc>,
    limit: u32,
    skip: &HashSet<OutboxId>,
) -> Result<Vec<OutgoingMail>> {
    let window = i64::from(limit).saturating_add(i64::try_from(skip.len()).unwrap_or(i64::MAX));
    let mails: Vec<OutgoingMail> = {
        let mut stmt = tx.sql().prepare_cached(&format!(
            "SELECT {} FROM outbox o
             WHERE o.status = 'pending' AND o.next_attempt_at <= ?1
               AND NOT EXISTS (
                   SELECT 1 FROM outbox e
                   WHERE e.status = 'pending' AND e.to_address = o.to_address
                     AND e.game_id IS o.game_id AND e.id < o.id)
             ORDER BY o.next_attempt_at, o.id LIMIT ?2",
            outbox::COLUMNS
        ))?;
        let rows = stmt.query_map(params![Ts(now), window], outbox::from_row)?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    mails
        .into_iter()
        .filter(|m| !skip.contains(&m.id))
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .map(|m| outbox::with_attachments(tx, m))
        .collect()
}

/// How many rows the transport accepted at or after `since` (UTC), and the
/// oldest such instant (when the window's first slot frees).
///
/// # Errors
/// [`StoreError::Sqlite`](super::StoreError::Sqlite) only.
pub fn sent_since(tx: &Tx<'_>, since: DateTime<Utc>) -> Result<(u32, Option<DateTime<Utc>>)> {
    let (n, oldest): (u32, Option<Ts>) = tx
        .sql()
        .prepare_cached(
            "SELECT count(*) AS n, min(sent_at) AS oldest FROM outbox WHERE sent_at >= ?1",
        )?
        .query_row([Ts(since)], |r| Ok((r.get("n")?, r.get("oldest")?)))?;
    Ok((n, oldest.map(|t| t.0)))
}

/// Moves a pending row's next attempt to `until` (UTC) and records `reason`
/// as its last error, without counting an attempt: the row can never fail
/// because of deferrals.
///
/// # Errors
/// [`StoreError::NotFound`](super::StoreError::NotFound) if there is no such pending mail.
pub fn defer(tx: &Tx<'_>, id: OutboxId, until: DateTime<Utc>, reason: &str) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE outbox SET next_attempt_at = ?1, last_error = ?2
         WHERE id = ?3 AND status = 'pending'",
        params![Ts(until), reason, id],
    )?;
    outbox::one_pending(n, id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::outbox::NewOutgoing;
    use chrono::TimeDelta;

    fn queue(store: &mut Store, to: &str, n: usize, at: DateTime<Utc>) -> Vec<OutboxId> {
        store
            .transaction(|tx| {
                (0..n)
                    .map(|k| {
                        outbox::enqueue(
                            tx,
                            &NewOutgoing::sample(to, &format!("{to}.{k}@example.test"), at),
                        )
                    })
                    .collect::<Result<Vec<_>>>()
            })
            .unwrap()
    }

    #[test]
    fn only_the_head_of_a_chain_is_due_and_a_deferred_head_holds_the_rest() {
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        let a = queue(&mut store, "a@example.test", 3, now);
        let b = queue(&mut store, "b@example.test", 1, now);
        let heads = |store: &mut Store, skip: &HashSet<OutboxId>| -> Vec<OutboxId> {
            store
                .read(|tx| due_heads(tx, now, 10, skip))
                .unwrap()
                .iter()
                .map(|m| m.id)
                .collect()
        };
        assert_eq!(heads(&mut store, &HashSet::new()), vec![a[0], b[0]]);
        assert_eq!(heads(&mut store, &HashSet::from([a[0]])), vec![b[0]]);
        store
            .transaction(|tx| defer(tx, a[0], now + TimeDelta::minutes(5), "421"))
            .unwrap();
        assert_eq!(heads(&mut store, &HashSet::new()), vec![b[0]]);
        let row = store.read(|tx| outbox::get(tx, a[0])).unwrap();
        assert_eq!(row.attempts, 0, "a deferral is not an attempt");
        store
            .transaction(|tx| outbox::mark_sent(tx, b[0], now))
            .unwrap();
        assert_eq!(
            store.read(|tx| sent_since(tx, now)).unwrap(),
            (1, Some(now.with_nanosecond_ms()))
        );
        assert_eq!(
            store
                .read(|tx| sent_since(tx, now + TimeDelta::seconds(1)))
                .unwrap()
                .0,
            0
        );
    }

    trait Millis {
        fn with_nanosecond_ms(self) -> Self;
    }
    impl Millis for DateTime<Utc> {
        fn with_nanosecond_ms(self) -> Self {
            use chrono::Timelike;
            self.with_nanosecond(self.nanosecond() / 1_000_000 * 1_000_000)
                .unwrap()
        }
    }
}
