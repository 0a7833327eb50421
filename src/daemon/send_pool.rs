//! The outbox sent over several connections at once, politely.
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
//!
//! Relay faults: a refusal that names no recipient ([`SendError::Relay`])
//! stops the hand-overs of the call; the row waits, uncounted, until the
//! fault's next try (`relay_faults`, backoff by
//! [`SendLimits::relay_retry_seconds`]), and a later call hands nothing over
//! before then. A refusal at `RCPT TO` ([`SendError::Recipient`]) is held
//! until the call knows whose it is: once the relay took another reply in the
//! call, it is that recipient's (failed for good, see `sender::record`); if
//! the same refusal (reply code and enhanced status) came for two recipients
//! and nothing was taken, or the call ends with one refusal of class 5.7
//! (policy: "relaying denied") and nothing taken, it is the relay's (a fault
//! at `RCPT TO`, retried); otherwise it is the recipient's.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use tracing::info;

use super::bounce::ReturnPath;
use super::sender::{BATCH, prepare, record};
use super::transport::{ReplyTransport, SendError};
use crate::config::{Config, SendLimits};
use crate::store::outbox::{OutboxId, OutgoingMail};
use crate::store::relay_faults::{self, RelayStage};
use crate::store::{Store, send_limits};

/// A worker's first wait after a deferring answer.
pub const DEFER_FIRST: Duration = Duration::from_secs(1);
/// A worker's longest wait after deferring answers in a row.
pub const DEFER_MAX: Duration = Duration::from_secs(60);
/// Deferrals of one row within one call before it waits in the store.
pub const DEFERRALS_PER_RUN: u32 = 5;
/// How long a row deferred too often in one call waits in the store, in minutes.
pub const DEFER_IN_STORE_MINUTES: i64 = 5;

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
    send_while(store, transport, config, return_paths, now, stop, |_, _| ()).1
}

/// Runs `work` on the caller's thread with the workers already sending: each
/// time `work` calls the pump it is given (between two of its own
/// transactions), the rows due by then are handed to idle workers and the
/// answers that came back are marked, without waiting for any send. When
/// `work` returns, every row due is sent as by [`send_due`] (the rows in
/// flight awaited and marked). Returns what `work` returned and how many rows
/// the transport accepted in all; after a database failure the pump does
/// nothing more and the failure is returned.
///
/// This is how a burst of mail is answered while it is taken: the first
/// replies are on the wire while the last mails are still read, and the
/// database is still touched by the caller's thread alone.
///
/// # Errors
/// As [`send_due`].
pub fn send_while<R>(
    store: &mut Store,
    transport: &dyn ReplyTransport,
    config: &Config,
    return_paths: &ReturnPath,
    now: DateTime<Utc>,
    stop: &AtomicBool,
    work: impl FnOnce(&mut Store, &mut dyn FnMut(&mut Store)) -> R,
) -> (R, anyhow::Result<usize>) {
    let limits = config.outbox.limits();
    let workers = limits.connections();
    let started = Instant::now();
    let clock = move || now + TimeDelta::from_std(started.elapsed()).unwrap_or(TimeDelta::zero());
    let mut budget = match Budget::read(store, limits, now) {
        Ok(b) => b,
        Err(e) => return (work(store, &mut |_| ()), Err(e)),
    };
    let (events_tx, events) = mpsc::channel::<Event>();
    std::thread::scope(|scope| {
        let mut jobs = Vec::with_capacity(workers);
        for worker in 0..workers {
            let (job_tx, job_rx) = mpsc::channel::<Job>();
            let events_tx = events_tx.clone();
            jobs.push(job_tx);
            scope.spawn(move || work_on(worker, &job_rx, &events_tx, transport, stop));
        }
        drop(events_tx);
        let mut run = Run {
            idle: (0..workers).rev().collect(),
            ..Run::default()
        };
        // A next try further than the longest wait is from a clock that
        // stepped back: it holds nothing.
        let longest = TimeDelta::seconds(i64::from(limits.relay_retry_max_seconds.max(1)));
        match store.read(relay_faults::open) {
            Ok(fault) => {
                run.relay_wait = fault
                    .map(|f| f.next_try_at)
                    .filter(|t| *t > now && *t <= now + longest);
            }
            Err(e) => return (work(store, &mut |_| ()), Err(e.into())),
        }
        let mut side = Driver {
            config,
            return_paths,
            jobs: &jobs,
            events: &events,
            stop,
            clock: &clock,
        };
        let mut failed = None;
        let value = work(store, &mut |store| {
            if failed.is_none()
                && let Err(e) = run.pump(store, &mut side, &mut budget)
            {
                failed = Some(e);
            }
        });
        let result = match failed {
            Some(e) => Err(e),
            None => run.drive(store, &mut side, &mut budget),
        };
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
        (value, result)
    })
}

/// What the caller's thread drives the workers with.
struct Driver<'a> {
    config: &'a Config,
    return_paths: &'a ReturnPath,
    jobs: &'a [mpsc::Sender<Job>],
    events: &'a mpsc::Receiver<Event>,
    stop: &'a AtomicBool,
    clock: &'a dyn Fn() -> DateTime<Utc>,
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
    /// A stop was requested (logged once): nothing more is handed over.
    stopped: bool,
    /// The relay refuses all mail: nothing is handed over before this instant.
    relay_wait: Option<DateTime<Utc>>,
    /// The relay took a reply in this call.
    relay_took: bool,
    /// Rows refused at `RCPT TO`, not yet known to be the recipient's or the
    /// relay's, with the refusal.
    held: Vec<(OutgoingMail, String)>,
    /// The refusal codes found in this call to be given to every recipient.
    rcpt_fault_codes: HashSet<String>,
}

impl Run {
    /// Hands due rows to the idle workers until none is idle, none is due, a
    /// cap is reached or a stop is requested.
    fn hand_over(
        &mut self,
        store: &mut Store,
        side: &mut Driver<'_>,
        budget: &mut Budget,
    ) -> anyhow::Result<()> {
        while !self.idle.is_empty() && !self.stopped && !self.capped {
            if side.stop.load(Ordering::SeqCst) {
                self.stopped = true;
                info!(
                    sent = self.sent,
                    "stop requested; the other replies wait for the next run"
                );
                break;
            }
            if let Some(until) = self.relay_wait {
                if (side.clock)() < until {
                    break;
                }
                self.relay_wait = None;
            }
            if self.queue.is_empty() && !self.refill(store, (side.clock)())? {
                break;
            }
            if let Some(cap) = budget.reached(self.in_flight) {
                self.capped = true;
                budget.log(cap, (side.clock)());
                break;
            }
            let Some(row) = self.queue.pop_front() else {
                break;
            };
            match prepare(side.config, side.return_paths, &row)? {
                Ok(message) => {
                    let worker = self.idle.pop().unwrap_or_default();
                    if side.jobs[worker].send(Job { row, message }).is_err() {
                        anyhow::bail!("a sending worker stopped");
                    }
                    self.in_flight += 1;
                }
                Err(e) => {
                    record(
                        store,
                        side.config,
                        &row,
                        Err(e),
                        (side.clock)(),
                        DEFER_IN_STORE_MINUTES,
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Marks the answers that came back and hands over what is due, without
    /// waiting.
    fn pump(
        &mut self,
        store: &mut Store,
        side: &mut Driver<'_>,
        budget: &mut Budget,
    ) -> anyhow::Result<()> {
        while let Ok(event) = side.events.try_recv() {
            self.on_event(store, side.config, event, budget, (side.clock)())?;
        }
        self.hand_over(store, side, budget)
    }

    /// Sends until nothing is due and nothing is in flight (or a cap or a stop).
    fn drive(
        &mut self,
        store: &mut Store,
        side: &mut Driver<'_>,
        budget: &mut Budget,
    ) -> anyhow::Result<usize> {
        loop {
            self.hand_over(store, side, budget)?;
            if self.in_flight == 0
                && (self.stopped || self.capped || self.drained || self.relay_wait.is_some())
            {
                self.settle_held(store, side.config, (side.clock)(), true)?;
                return Ok(self.sent);
            }
            if self.in_flight == 0 && self.queue.is_empty() && !self.idle.is_empty() {
                // Nothing handed over and nothing read: read again (a refill
                // that found nothing sets `drained`).
                continue;
            }
            match side.events.recv() {
                Ok(event) => self.on_event(store, side.config, event, budget, (side.clock)())?,
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
        config: &Config,
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
        match outcome {
            Err(SendError::Recipient(reply)) => {
                self.held.push((*row, reply));
                return self.settle_held(store, config, at, false);
            }
            Err(SendError::Relay { .. }) => {
                record(store, config, &row, outcome, at, DEFER_IN_STORE_MINUTES)?;
                self.relay_wait = store.read(relay_faults::open)?.map(|f| f.next_try_at);
                return Ok(());
            }
            _ => {}
        }
        if record(store, config, &row, outcome, at, DEFER_IN_STORE_MINUTES)? {
            self.sent += 1;
            budget.accepted();
            self.relay_took = true;
            self.settle_held(store, config, at, false)?;
        }
        Ok(())
    }

    /// Decides the refusals held at `RCPT TO` that can be decided now (see
    /// the module doc; `ending`: the call ends, every one is decided) and
    /// records them.
    fn settle_held(
        &mut self,
        store: &mut Store,
        config: &Config,
        at: DateTime<Utc>,
        ending: bool,
    ) -> anyhow::Result<()> {
        if self.held.is_empty() {
            return Ok(());
        }
        let held = std::mem::take(&mut self.held);
        // The distinct recipients refused with each reply code.
        let mut refused: HashMap<String, HashSet<String>> = HashMap::new();
        for (row, reply) in &held {
            refused
                .entry(refusal_code(reply))
                .or_default()
                .insert(row.to_address.to_ascii_lowercase());
        }
        let mut relay = false;
        for (row, reply) in held {
            let code = refusal_code(&reply);
            let everyone = self.rcpt_fault_codes.contains(&code)
                || refused.get(&code).map_or(0, HashSet::len) >= 2;
            let verdict = if self.relay_took {
                SendError::Recipient(reply)
            } else if everyone || (ending && is_policy(&code)) {
                relay = true;
                self.rcpt_fault_codes.insert(code);
                SendError::Relay {
                    stage: RelayStage::RcptAll,
                    text: reply,
                }
            } else if ending {
                SendError::Recipient(reply)
            } else {
                self.held.push((row, reply));
                continue;
            };
            record(
                store,
                config,
                &row,
                Err(verdict),
                at,
                DEFER_IN_STORE_MINUTES,
            )?;
        }
        if relay {
            self.relay_wait = store.read(relay_faults::open)?.map(|f| f.next_try_at);
        }
        Ok(())
    }
}

/// The reply code and enhanced status of a refusal as lettre writes it
/// (`permanent error (550): 5.7.1 Relaying denied` gives `550 5.7.1`); the
/// rest of the text (which often names the recipient) is left out.
fn refusal_code(reply: &str) -> String {
    let basic = reply
        .split_once('(')
        .and_then(|(_, r)| r.split_once(')'))
        .map_or("", |(c, _)| c);
    let enhanced = reply
        .split_once("): ")
        .and_then(|(_, r)| r.split_whitespace().next())
        .filter(|t| t.split('.').count() == 3 && t.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .unwrap_or("");
    format!("{basic} {enhanced}").trim().to_owned()
}

/// Whether a refusal code is of the policy class 5.7 (relaying denied,
/// authentication required), which a relay gives whoever the mail is for.
fn is_policy(code: &str) -> bool {
    code.split(' ')
        .nth(1)
        .is_some_and(|e| e.starts_with("5.7."))
}

/// One worker: sends each job over its connection and answers; after a
/// deferring answer it waits (doubling, see [`DEFER_FIRST`]) before saying it
/// is ready again; the wait is cut short by a stop request.
fn work_on(
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
mod tests;
