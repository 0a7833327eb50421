//! The outbox sent over several connections at once, politely (issue 16).
//!
//! Threads: the caller's thread alone touches the database. It reads the due
//! rows ([`send_limits::due_heads`]: only the head of each (game, recipient)
//! chain, so two replies about one game to one player are never in flight at
//! once and go out in the order written), builds each into MIME and hands it to
//! an idle worker; each worker sends over its own connection of the transport's
//! pool (kept open between messages) and answers with the outcome over a
//! channel; the caller's thread marks each row in its own transaction. A crash
//! re-sends at most the rows in flight. A stop request is honoured before each
//! hand-over; the rows in flight are still awaited and marked.
//!
//! Politeness: the provider's caps (`per-minute`, `per-day`: the rows accepted
//! in the last 60 seconds or 24 hours, counted from the store) stop the hand-
//! overs when reached; the other rows stay pending, untouched, for a later
//! cycle, and the log says so once. A deferring answer (421, 451, 4.7.x, see
//! [`SendError::Deferred`]) makes that worker wait, doubling from
//! [`DEFER_FIRST`] up to [`DEFER_MAX`], and the row goes back at the front of
//! the queue; after [`DEFERRALS_PER_RUN`] deferrals in one call it waits
//! [`DEFER_IN_STORE_MINUTES`] in the store instead, its attempts uncounted.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use serde::Deserialize;
use tracing::info;

use super::bounce::ReturnPath;
use super::sender::{BATCH, prepare, record};
use super::transport::{ReplyTransport, SendError};
use crate::config::Config;
use crate::store::outbox::{OutboxId, OutgoingMail};
use crate::store::{Store, send_limits};

/// A worker's first wait after a deferring answer.
pub const DEFER_FIRST: Duration = Duration::from_secs(1);
/// A worker's longest wait after deferring answers in a row.
pub const DEFER_MAX: Duration = Duration::from_secs(60);
/// Deferrals of one row within one call before it waits in the store.
pub const DEFERRALS_PER_RUN: u32 = 5;
/// How long a row deferred too often in one call waits in the store, in minutes.
pub const DEFER_IN_STORE_MINUTES: i64 = 5;

/// How the SMTP outbox may send (`[outbox]` keys `connections`, `per-minute`,
/// `per-day`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct SendLimits {
    /// SMTP connections used at once, each kept open while replies flow
    /// (default 4; 0 counts as 1).
    pub connections: usize,
    /// At most this many replies accepted in any 60 seconds; none: no cap.
    pub per_minute: Option<u32>,
    /// At most this many replies accepted in any 24 hours; none: no cap.
    pub per_day: Option<u32>,
}

impl Default for SendLimits {
    fn default() -> Self {
        SendLimits {
            connections: 4,
            per_minute: None,
            per_day: None,
        }
    }
}

impl SendLimits {
    /// One connection, no caps (the file outbox).
    #[must_use]
    pub fn one_at_a_time() -> Self {
        SendLimits {
            connections: 1,
            ..SendLimits::default()
        }
    }

    /// The number of sending workers: `connections`, at least 1.
    #[must_use]
    pub fn connections(&self) -> usize {
        self.connections.max(1)
    }
}

/// A built message handed to a worker.
struct Job {
    row: OutgoingMail,
    message: lettre::Message,
}

/// What a worker tells the caller's thread.
enum Event {
    /// The transport's answer for a row; unless deferred, the worker is idle.
    Finished {
        worker: usize,
        row: Box<OutgoingMail>,
        outcome: Result<(), SendError>,
    },
    /// The worker waited out its deferral and is idle again.
    Ready { worker: usize },
}

/// Which cap stopped the hand-overs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cap {
    Minute,
    Day,
}

/// The replies accepted in the cap windows, counted at the start from the
/// store and then as the transport accepts.
struct Budget {
    limits: SendLimits,
    minute: u32,
    day: u32,
    /// The oldest acceptance in each window at the start (when a slot frees).
    oldest_minute: Option<DateTime<Utc>>,
    oldest_day: Option<DateTime<Utc>>,
}

impl Budget {
    fn read(store: &mut Store, limits: SendLimits, now: DateTime<Utc>) -> anyhow::Result<Budget> {
        let window = |store: &mut Store, cap: Option<u32>, span: TimeDelta| {
            if cap.is_none() {
                return Ok((0, None));
            }
            store.read(|tx| send_limits::sent_since(tx, now - span))
        };
        let (minute, oldest_minute) = window(store, limits.per_minute, TimeDelta::seconds(60))?;
        let (day, oldest_day) = window(store, limits.per_day, TimeDelta::hours(24))?;
        Ok(Budget {
            limits,
            minute,
            day,
            oldest_minute,
            oldest_day,
        })
    }

    /// The cap that `in_flight` more sends would pass, if any.
    fn reached(&self, in_flight: usize) -> Option<Cap> {
        let n = u32::try_from(in_flight).unwrap_or(u32::MAX);
        let over = |used: u32, cap: Option<u32>| cap.is_some_and(|c| used.saturating_add(n) >= c);
        if over(self.day, self.limits.per_day) {
            Some(Cap::Day)
        } else if over(self.minute, self.limits.per_minute) {
            Some(Cap::Minute)
        } else {
            None
        }
    }

    fn accepted(&mut self) {
        self.minute = self.minute.saturating_add(1);
        self.day = self.day.saturating_add(1);
    }

    fn log(&self, cap: Cap, now: DateTime<Utc>) {
        let (used, limit, oldest, span, window) = match cap {
            Cap::Minute => (
                self.minute,
                self.limits.per_minute,
                self.oldest_minute,
                TimeDelta::seconds(60),
                "minute",
            ),
            Cap::Day => (
                self.day,
                self.limits.per_day,
                self.oldest_day,
                TimeDelta::hours(24),
                "day",
            ),
        };
        let frees = oldest.unwrap_or(now) + span;
        info!(window, sent = used, cap = limit.unwrap_or(0), next_slot = %frees, "sending cap reached; the other replies wait in the outbox");
    }
}

/// Sends every row due at `now` (UTC), see the module doc; returns how many the
/// transport accepted. Marks carry the instant of the answer (`now` plus the
/// time spent in this call).
///
/// # Errors
/// Database failures and a bot address that is not valid; send failures are
/// recorded on their rows (the rows in flight are awaited and marked first).
pub fn send_due(
    store: &mut Store,
    transport: &dyn ReplyTransport,
    config: &Config,
    return_paths: &ReturnPath,
    now: DateTime<Utc>,
    stop: &AtomicBool,
) -> anyhow::Result<usize> {
    let limits = config.outbox.limits();
    let workers = limits.connections();
    let started = Instant::now();
    let clock = move || now + TimeDelta::from_std(started.elapsed()).unwrap_or(TimeDelta::zero());
    let mut budget = Budget::read(store, limits, now)?;
    let (events_tx, events) = mpsc::channel::<Event>();
    std::thread::scope(|scope| {
        let mut jobs = Vec::with_capacity(workers);
        for worker in 0..workers {
            let (job_tx, job_rx) = mpsc::channel::<Job>();
            let events_tx = events_tx.clone();
            jobs.push(job_tx);
            scope.spawn(move || work(worker, &job_rx, &events_tx, transport, stop));
        }
        drop(events_tx);
        let mut run = Run {
            idle: (0..workers).rev().collect(),
            ..Run::default()
        };
        let result = run.drive(
            store,
            config,
            return_paths,
            &jobs,
            &events,
            &mut budget,
            stop,
            &clock,
        );
        // Closing the job channels ends the workers; the scope joins them.
        drop(jobs);
        // Rows still in flight after an error are awaited but not marked: they
        // stay pending and are re-sent at most once by a later cycle.
        while run.in_flight > 0 {
            match events.recv() {
                Ok(Event::Finished { .. }) => run.in_flight -= 1,
                Ok(Event::Ready { .. }) => {}
                Err(_) => break,
            }
        }
        result
    })
}

/// The caller's side of one call.
#[derive(Default)]
struct Run {
    /// Workers waiting for a job.
    idle: Vec<usize>,
    /// Rows read and not yet handed over, oldest first.
    queue: VecDeque<OutgoingMail>,
    /// Every row read in this call (not read again, except after a deferral).
    tried: HashSet<OutboxId>,
    /// Deferrals per row in this call.
    deferrals: HashMap<OutboxId, u32>,
    in_flight: usize,
    sent: usize,
    /// No due row was left at the last read.
    drained: bool,
    /// A cap was reached (logged once).
    capped: bool,
}

impl Run {
    #[allow(clippy::too_many_arguments)]
    fn drive(
        &mut self,
        store: &mut Store,
        config: &Config,
        return_paths: &ReturnPath,
        jobs: &[mpsc::Sender<Job>],
        events: &mpsc::Receiver<Event>,
        budget: &mut Budget,
        stop: &AtomicBool,
        clock: &dyn Fn() -> DateTime<Utc>,
    ) -> anyhow::Result<usize> {
        let mut stopped = false;
        loop {
            while !self.idle.is_empty() && !stopped && !self.capped {
                if stop.load(Ordering::SeqCst) {
                    stopped = true;
                    info!(
                        sent = self.sent,
                        "stop requested; the other replies wait for the next run"
                    );
                    break;
                }
                if self.queue.is_empty() && !self.refill(store, clock())? {
                    break;
                }
                if let Some(cap) = budget.reached(self.in_flight) {
                    self.capped = true;
                    budget.log(cap, clock());
                    break;
                }
                let Some(row) = self.queue.pop_front() else {
                    break;
                };
                match prepare(store, config, return_paths, &row)? {
                    Ok(message) => {
                        let worker = self.idle.pop().unwrap_or_default();
                        if jobs[worker].send(Job { row, message }).is_err() {
                            anyhow::bail!("a sending worker stopped");
                        }
                        self.in_flight += 1;
                    }
                    Err(e) => {
                        record(store, &row, Err(e), clock(), DEFER_IN_STORE_MINUTES)?;
                    }
                }
            }
            if self.in_flight == 0 && (stopped || self.capped || self.drained) {
                return Ok(self.sent);
            }
            if self.in_flight == 0 && self.queue.is_empty() && !self.idle.is_empty() {
                // Nothing handed over and nothing read: read again (a refill
                // that found nothing sets `drained`).
                continue;
            }
            match events.recv() {
                Ok(event) => self.on_event(store, event, budget, clock())?,
                Err(_) => anyhow::bail!("the sending workers stopped"),
            }
        }
    }

    /// Reads the next due rows into the queue; `false` when there are none
    /// (then `drained` is set unless rows are still in flight, whose chains
    /// may hold more).
    fn refill(&mut self, store: &mut Store, now: DateTime<Utc>) -> anyhow::Result<bool> {
        let fresh = store.read(|tx| send_limits::due_heads(tx, now, BATCH, &self.tried))?;
        self.drained = fresh.is_empty() && self.in_flight == 0;
        for row in &fresh {
            self.tried.insert(row.id);
        }
        self.queue.extend(fresh);
        Ok(!self.queue.is_empty())
    }

    fn on_event(
        &mut self,
        store: &mut Store,
        event: Event,
        budget: &mut Budget,
        at: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let (worker, row, outcome) = match event {
            Event::Ready { worker } => {
                self.idle.push(worker);
                return Ok(());
            }
            Event::Finished {
                worker,
                row,
                outcome,
            } => (worker, row, outcome),
        };
        self.in_flight -= 1;
        // A refill that found nothing while rows were in flight may find their
        // successors now.
        self.drained = false;
        if let Err(SendError::Deferred(reason)) = &outcome {
            let n = self.deferrals.entry(row.id).or_default();
            *n += 1;
            if *n < DEFERRALS_PER_RUN {
                info!(outbox = row.id.0, worker, reason = %crate::printable::printable(reason), "the server deferred the reply; that connection waits and the reply is tried again");
                self.queue.push_front(*row);
                return Ok(());
            }
        } else {
            self.idle.push(worker);
        }
        if record(store, &row, outcome, at, DEFER_IN_STORE_MINUTES)? {
            self.sent += 1;
            budget.accepted();
        }
        Ok(())
    }
}

/// One worker: sends each job over its connection and answers; after a
/// deferring answer it waits (doubling, see [`DEFER_FIRST`]) before saying it
/// is ready again; the wait is cut short by a stop request.
fn work(
    worker: usize,
    jobs: &mpsc::Receiver<Job>,
    events: &mpsc::Sender<Event>,
    transport: &dyn ReplyTransport,
    stop: &AtomicBool,
) {
    let mut wait = DEFER_FIRST;
    for Job { row, message } in jobs {
        let outcome = transport.send(&message);
        let deferred = matches!(outcome, Err(SendError::Deferred(_)));
        if events
            .send(Event::Finished {
                worker,
                row: Box::new(row),
                outcome,
            })
            .is_err()
        {
            return;
        }
        if deferred {
            let until = Instant::now() + wait;
            while Instant::now() < until && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(50).min(wait));
            }
            wait = (wait * 2).min(DEFER_MAX);
            if events.send(Event::Ready { worker }).is_err() {
                return;
            }
        } else {
            wait = DEFER_FIRST;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outbox_of(toml_text: &str) -> crate::config::OutboxConfig {
        let c: Config = toml::from_str(toml_text).unwrap();
        c.outbox
    }

    #[test]
    fn the_smtp_outbox_reads_its_connections_and_caps_and_defaults_to_four_uncapped() {
        let base = "[outbox]\nkind = \"smtp\"\nhost = \"h\"\nport = 25\nsecurity = \"plain\"\n";
        assert_eq!(outbox_of(base).limits(), SendLimits::default());
        assert_eq!(SendLimits::default().connections(), 4);
        let set = outbox_of(&format!(
            "{base}connections = 8\nper-minute = 5\nper-day = 100\n"
        ));
        assert_eq!(
            set.limits(),
            SendLimits {
                connections: 8,
                per_minute: Some(5),
                per_day: Some(100),
            }
        );
        let files = outbox_of("[outbox]\nkind = \"files\"\npath = \"x\"\n");
        assert_eq!(files.limits().connections(), 1);
    }

    #[test]
    fn a_cap_is_reached_counting_the_replies_in_flight() {
        let b = Budget {
            limits: SendLimits {
                connections: 4,
                per_minute: Some(5),
                per_day: Some(7),
            },
            minute: 3,
            day: 3,
            oldest_minute: None,
            oldest_day: None,
        };
        assert_eq!(b.reached(0), None);
        assert_eq!(b.reached(1), None);
        assert_eq!(b.reached(2), Some(Cap::Minute));
        let b = Budget { day: 6, ..b };
        assert_eq!(b.reached(1), Some(Cap::Day));
    }

    /// The workers' logic against the recording transport (no socket): three
    /// connections, six replies in three chains of two, the second call
    /// deferred (421 4.7.0). Every reply is accepted exactly once, none is
    /// dropped, and each chain keeps its order.
    #[test]
    fn a_deferred_reply_is_sent_again_once_and_chains_keep_their_order() {
        use super::super::transport::recording::Recording;
        use crate::store::StoreError;
        use crate::store::outbox::{self, NewOutgoing, OutboxStatus};

        let mut c: Config = toml::from_str(
            "[outbox]\nkind = \"smtp\"\nhost = \"h\"\nport = 25\nsecurity = \"plain\"\nconnections = 3\n",
        )
        .unwrap();
        c.address.local = "bot".into();
        c.address.domain = "example.test".into();
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        store
            .transaction(|tx| {
                for k in 0..3 {
                    for n in 0..2 {
                        outbox::enqueue(
                            tx,
                            &NewOutgoing::sample(
                                &format!("p{k}@example.test"),
                                &format!("m{k}.{n}@example.test"),
                                now,
                            ),
                        )?;
                    }
                }
                Ok::<_, StoreError>(())
            })
            .unwrap();
        let transport = Recording::answering(|call, _| {
            if call == 1 {
                Err(SendError::Deferred("421 4.7.0 slow down".into()))
            } else {
                Ok(())
            }
        });
        let stop = AtomicBool::new(false);
        let sent = super::super::sender::send_due(&mut store, &transport, &c, now, &stop).unwrap();
        assert_eq!(sent, 6);
        assert_eq!(
            transport.calls(),
            7,
            "six replies and the one deferred call"
        );
        let accepted = transport.accepted();
        assert_eq!(accepted.len(), 6, "{accepted:?}");
        let place = |id: &str| {
            let hits: Vec<usize> = (0..accepted.len())
                .filter(|&i| accepted[i].contains(id))
                .collect();
            assert_eq!(hits.len(), 1, "{id} accepted once: {accepted:?}");
            hits[0]
        };
        for k in 0..3 {
            assert!(
                place(&format!("m{k}.0@")) < place(&format!("m{k}.1@")),
                "chain {k} in order: {accepted:?}"
            );
        }
        let pending = store
            .read(|tx| outbox::list(tx, Some(OutboxStatus::Pending), None))
            .unwrap();
        assert!(pending.is_empty(), "{pending:?}");
    }
}
