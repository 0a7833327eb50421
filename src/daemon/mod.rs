//! The mail daemon (`zaochka serve`): reads the inbox, turns each player's mail
//! into referee commands, applies them with the processed-message record and the
//! replies in one transaction, marks the mail done after the commit, and sends the
//! outbox. Built as a mail queue: bounded, idempotent, with a dead-letter folder.
//!
//! ```text
//! inbox (maildir_inbox | imap_inbox: sized, bounded, every entry kind)
//!   · waits woken at once: maildir_watch (inotify) | imap_idle (IDLE)
//!   └ queue: lease ─> process (one transaction) ─> done | quarantine | retry
//!              └ probe: a mail a run died on, in a child process
//! process ─> letters (the one composer: Subject, From/Reply-To, threading) ─> outbox
//!         · words::mail (the queue's own answers) · bounce (VERP-checked reports)
//! faults (transient faults, backoff) · alerts (referee mail, deduplicated)
//! scheduler (clock tick) ─> letters · sender ─> compose ─> transport (SMTP | atomic files)
//!   (the sender's workers send while the queue takes a burst: send_pool::send_while)
//! lock: one `serve` per database · backup: copies (by hand, on schedule),
//!   restore and the mailbox replay (the inbox's fetch of read mail too),
//!   the start-up check of a database gone back in time · journal: the
//!   command journal beside the database
//! ```

pub mod alerts;
pub mod authenticate;
pub mod backup;
pub mod bounce;
pub mod bounce_clock;
mod calendars;
pub mod compose;
pub mod dns_table;
pub mod faults;
pub mod imap_idle;
pub mod imap_inbox;
pub mod inbox;
pub mod journal;
pub mod lock;
pub mod maildir_inbox;
pub mod maildir_watch;
pub mod probe;
pub mod process;
pub mod queue;
pub mod scheduler;
pub mod send_pool;
pub mod sender;
mod sites;
pub mod timing;
pub mod transport;
pub mod wall;
pub mod xfcc;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tracing::{info, warn};

use crate::config::{Config, InboxConfig};
use crate::letters;
use crate::printable::printable;
use crate::store::Store;
use faults::{RunState, read_referees, tell_of_fault};
use inbox::Inbox;
use queue::Disposition;

/// Mails taken from the inbox per round.
const BATCH: usize = 200;

/// Opens the configured inbox; messages over `config.max_message_bytes` are
/// read only to their head.
///
/// # Errors
/// When the Maildir cannot be created or the IMAP server refuses the connection or login.
pub fn open_inbox(config: &Config) -> anyhow::Result<Box<dyn Inbox>> {
    Ok(match &config.inbox {
        InboxConfig::Maildir { path } => Box::new(maildir_inbox::MaildirInbox::open(
            path.clone(),
            config.max_message_bytes,
        )?),
        InboxConfig::Imap {
            host,
            port,
            security,
            user,
            password,
            mailbox,
            idle,
        } => Box::new(imap_inbox::ImapInbox::connect(imap_inbox::ImapSettings {
            host: host.clone(),
            port: *port,
            tls: security != "plain",
            user: user.clone(),
            password: password.clone(),
            mailbox: mailbox.clone(),
            idle: *idle,
            max_message_bytes: config.max_message_bytes,
        })?),
    })
}

/// Sleeps `total` in slices of at most one second, returning early on `stop`.
fn pause(total: Duration, stop: &AtomicBool) {
    let end = std::time::Instant::now() + total;
    while !stop.load(Ordering::SeqCst) {
        let left = end.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(Duration::from_secs(1)));
    }
}

/// One drain of the inbox: what taking the waiting mail needs, for
/// [`Drain::run`].
struct Drain<'a> {
    store: &'a mut Store,
    config: &'a Config,
    inbox: &'a mut dyn Inbox,
    run: &'a mut RunState,
    stop: &'a AtomicBool,
    /// Hands the replies due to the sending workers (between mails).
    pump: &'a mut dyn FnMut(&mut Store),
}

/// How taking a batch ended.
enum BatchEnd {
    /// Every mail of the batch was taken.
    Taken,
    /// Stopping: leave the rest for the next run.
    Stopped,
    /// A transient fault: try again after this wait.
    Fault(Duration),
}

/// How a drain ended.
enum DrainEnd {
    /// The inbox answered with no more mail, or `stop` was set.
    Drained,
    /// A transient fault: try again after this wait.
    Fault(Duration),
    /// The inbox could not be read: its error.
    Inbox(String),
}

impl Drain<'_> {
    /// Takes the waiting mail through the queue, batch by batch, until the
    /// inbox holds no more, a transient fault stops it, or `stop` is set.
    /// Returns the wait a transient fault asks for.
    fn run(&mut self) -> Option<Duration> {
        match self.drain(&mut 0) {
            DrainEnd::Drained => None,
            DrainEnd::Fault(wait) => Some(wait),
            DrainEnd::Inbox(e) => {
                warn!(error = %printable(&e), "inbox unavailable; will retry");
                None
            }
        }
    }

    /// [`Drain::run`] counting the mails fetched in `seen`; a transient fault
    /// ends it with its description, an inbox that cannot be read with an
    /// error.
    fn run_counting(&mut self, seen: &mut usize) -> anyhow::Result<Option<String>> {
        match self.drain(seen) {
            DrainEnd::Drained => Ok(None),
            DrainEnd::Fault(_) => Ok(Some(
                crate::words::operator::inbox::write_refused().to_string(),
            )),
            DrainEnd::Inbox(e) => anyhow::bail!("the inbox cannot be read: {e}"),
        }
    }

    /// The loop of [`Drain::run`]; `seen` counts the mails fetched.
    fn drain(&mut self, seen: &mut usize) -> DrainEnd {
        loop {
            release_marked(self.store, self.inbox);
            if self
                .run
                .held_until
                .is_some_and(|t| std::time::Instant::now() >= t)
            {
                // The mails waiting on their authentication checks are
                // checked again.
                self.inbox.unhold_all();
                self.run.held_until = None;
            }
            let mails = match self.inbox.fetch(BATCH) {
                Ok(m) => m,
                Err(e) => return DrainEnd::Inbox(format!("{e:#}")),
            };
            for skipped in self.inbox.take_skipped() {
                warn!(entry = %printable(&skipped.entry), why = %skipped.why.code(), "inbox entry passed over");
                note_skipped(self.store, self.config, &skipped);
            }
            let n = mails.len();
            *seen += n;
            // The batch's mails are marked done together once it is taken (or
            // left early), each after its own commit: one round trip to an
            // IMAP server instead of one per mail.
            let mut done = Vec::with_capacity(n);
            let end = self.take_batch(mails, &mut done);
            if let Err(e) = self.inbox.done_all(&done) {
                warn!(mails = done.len(), error = %printable(&format!("{e:#}")), "cannot mark the mails done; their records make a retry a no-op");
            }
            match end {
                BatchEnd::Taken => {}
                BatchEnd::Stopped => return DrainEnd::Drained,
                BatchEnd::Fault(wait) => return DrainEnd::Fault(wait),
            }
            // An inbox may answer with fewer than BATCH mails while more wait
            // (it also bounds the bytes of one answer): only an empty answer
            // means the inbox is drained.
            if n == 0 || self.stop.load(Ordering::SeqCst) {
                return DrainEnd::Drained;
            }
        }
    }

    /// Takes one fetched batch through the queue, pumping the outbox after
    /// each mail and collecting the keys of the mails done in `done`.
    fn take_batch(&mut self, mails: Vec<inbox::RawMail>, done: &mut Vec<String>) -> BatchEnd {
        let (store, config, run, stop) = (&mut *self.store, self.config, &mut *self.run, self.stop);
        // The checks of the whole batch at once, under one deadline.
        let verdicts = authenticate::verify_batch(config, &mails);
        for (mail, auth) in mails.into_iter().zip(verdicts) {
            if stop.load(Ordering::SeqCst) {
                return BatchEnd::Stopped;
            }
            let retry = run.retry_after_fault.contains(&mail.key);
            let mut disposition =
                queue::take(store, config, &mail, retry, wall::now(), auth.clone());
            // A probe of an earlier run is finishing this mail: wait for it, so
            // that later mail of the same game is never applied before it.
            while let Disposition::InProgress { holder } = disposition {
                info!(key = %printable(&mail.key), holder, "mail in progress in another process; waiting for it");
                pause(Duration::from_millis(100), stop);
                if stop.load(Ordering::SeqCst) {
                    return BatchEnd::Stopped;
                }
                disposition = queue::take(store, config, &mail, retry, wall::now(), auth.clone());
            }
            // The replies this mail queued go out while the next is taken.
            (self.pump)(store);
            match disposition {
                Disposition::Done(_) => {
                    run.retry_after_fault.remove(&mail.key);
                    run.cleared();
                    done.push(mail.key.clone());
                }
                Disposition::Quarantined {
                    reason,
                    crashes,
                    new,
                } => {
                    run.retry_after_fault.remove(&mail.key);
                    if let Err(e) = self.inbox.quarantine(&mail.key) {
                        warn!(key = %printable(&mail.key), error = %printable(&format!("{e:#}")), "cannot move the mail to quarantine; its lease keeps it aside");
                    }
                    if new {
                        info!(key = %printable(&mail.key), reason = reason.as_str(), crashes, "mail quarantined");
                        note_quarantined(store, config, &mail, crashes);
                    }
                }
                Disposition::Waits { until } => {
                    // Out of this run's fetches until it is checked again,
                    // within a minute (the next probe of a dead resolver).
                    self.inbox.hold(&mail.key);
                    run.held_until.get_or_insert(
                        std::time::Instant::now() + authenticate::DEAD_RESOLVER_PROBE,
                    );
                    info!(key = %printable(&mail.key), until = %until, "mail waits for its authentication checks");
                }
                // Only left by the wait above when stopping.
                Disposition::InProgress { .. } => return BatchEnd::Stopped,
                Disposition::Retry(fault) => {
                    run.retry_after_fault.insert(mail.key.clone());
                    return BatchEnd::Fault(run.faulted(config, "mail", &fault));
                }
            }
        }
        BatchEnd::Taken
    }
}

/// Runs the daemon: mail, clocks, outbox, then waits for new mail, until `stop` is
/// set (SIGTERM/SIGINT finish the current message first) or, with `once`, after
/// one full cycle (every mail waiting, one clock tick, every reply due).
///
/// A fault of the machine (database locked or full, I/O error) never loses a
/// mail: the mail stays in the inbox and is tried again with a doubling wait;
/// with `once` the cycle ends with an error instead, the mail still waiting.
///
/// # Errors
/// An inbox or database that cannot be opened at start; with `once`, a
/// transient fault that stopped the cycle; another `serve` holding the
/// database's lock ([`lock::LockError::Held`]).
pub fn serve(config: &Config, once: bool, stop: &Arc<AtomicBool>) -> anyhow::Result<()> {
    let _lock = lock::ServeLock::acquire(&config.database)?;
    sender::check_identity(config)?;
    journal::refuse_missing_database(&config.database)?;
    refuse_damaged(&config.database)?;
    if let Some(since) = backup::pending_replay(&config.database)? {
        info!(since = %since, "finishing the mailbox replay of a restore");
        backup::replay(config, since, stop, None)?;
    }
    let mut store = Store::open(&config.database)?;
    // The key that signs move receipts: made now if there is none, and a
    // key file others may read stops the daemon here.
    crate::store::server_key::load_or_create(&crate::store::server_key::path_for(
        &config.database,
    ))?;
    let mut earlier_rows = true;
    let transport = transport::from_config(&config.outbox)?;
    let mut inbox = open_inbox(config)?;
    refuse_gone_back(config, &mut store, inbox.as_mut())?;
    // Ends the wait for mail early: set by a stop signal, and by the Xfcc
    // endpoint once a move's replies are queued, so that they leave at once.
    let wake = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&wake))?;
    }
    // Desktop clients' moves (Xfcc) on their own threads, but for one cycle.
    let _xfcc = if once {
        None
    } else {
        xfcc::start(config, stop, &wake)?
    };
    info!(database = %config.database.display(), once, "zaochka serve started");
    let mut run = RunState::default();
    loop {
        // What woke the last wait is taken by this cycle.
        wake.store(false, Ordering::SeqCst);
        if let Some(list) = read_referees(&mut store) {
            run.referees = list;
        }
        if earlier_rows {
            earlier_rows = !address_earlier_rows(&mut store, config);
        }
        // The replies of a burst go out while the rest of it is taken.
        let (mut wait, sent) = sender::send_while(
            &mut store,
            transport.as_ref(),
            config,
            wall::now(),
            stop,
            |store, pump| {
                Drain {
                    store,
                    config,
                    inbox: inbox.as_mut(),
                    run: &mut run,
                    stop,
                    pump,
                }
                .run()
            },
        );
        if let Err(e) = sent {
            wait = Some(run.faulted(config, "outbox", &format!("{e:#}")));
        }
        // The notices first: a clock whose move notice still waits in the
        // outbox has nothing due (see `scheduler::tick`); once it is sent the
        // wait is a clock stop and the tick judges the real deadline.
        if let Err(e) = sender::send_due(&mut store, transport.as_ref(), config, wall::now(), stop)
        {
            wait = Some(run.faulted(config, "outbox", &format!("{e:#}")));
        }
        if wait.is_none()
            && let Err(e) = scheduler::tick(&mut store, config, wall::now())
        {
            wait = Some(run.faulted(config, "clock tick", &format!("{e:#}")));
        }
        sites::refresh(&mut store, config, &mut run.sites, wall::now());
        calendars::refresh(&mut store, config, &mut run.calendars, wall::now());
        if let Err(e) = backup::scheduled(&mut store, config, wall::now()) {
            warn!(error = %printable(&format!("{e:#}")), "the scheduled backup failed; it is tried again next cycle");
        }
        if let Err(e) = sender::send_due(&mut store, transport.as_ref(), config, wall::now(), stop)
        {
            wait = Some(run.faulted(config, "outbox", &format!("{e:#}")));
        }
        if let Some((since, detail)) = run.tell.take() {
            let referees = std::mem::take(&mut run.referees);
            tell_of_fault(
                &mut store,
                transport.as_ref(),
                config,
                &referees,
                since,
                &detail,
                stop,
            );
            run.referees = referees;
        }
        if once {
            if let Some(f) = &run.fault {
                anyhow::bail!(
                    "a transient fault (since {}) stopped this cycle; the mail is left in the inbox for the next run",
                    f.since
                );
            }
            if let Some(kib) = peak_memory_kib() {
                info!(target: "zaochka::memory", peak_rss_kib = kib, "the cycle is done");
            }
            break;
        }
        if stop.load(Ordering::SeqCst) {
            break;
        }
        if let Some(w) = wait {
            pause(w, stop);
            continue;
        }
        // Wait for mail: woken at once by the inbox (inotify, IDLE) or after
        // poll-seconds; a signal or an Xfcc move ends the wait within a second.
        if let Err(e) = inbox.wait(Duration::from_secs(config.poll_seconds), &wake) {
            warn!(error = %printable(&format!("{e:#}")), "waiting for mail failed; reconnecting");
            pause(Duration::from_secs(1), stop);
        }
    }
    info!("zaochka serve stopped");
    Ok(())
}

/// Gives the pending rows written before the outbox held their From and
/// Reply-To those addresses, as they would have been written, so that
/// sending reads the row alone; returns whether none is left. A database
/// another writer holds is tried again on the next cycle.
fn address_earlier_rows(store: &mut Store, config: &Config) -> bool {
    let any =
        store.read(|tx| crate::store::outbox::pending_without_from(tx).map(|r| !r.is_empty()));
    match any {
        Ok(false) => return true,
        Ok(true) => {}
        Err(e) => {
            warn!(error = %e, "cannot read the outbox for rows of an earlier version");
            return false;
        }
    }
    match store.transaction(|tx| letters::address_earlier_rows(tx, &config.bot())) {
        Ok(n) => {
            info!(
                rows = n,
                "pending replies of an earlier version given their addresses"
            );
            true
        }
        Err(e) => {
            warn!(error = %e, "pending replies of an earlier version not given their addresses yet");
            false
        }
    }
}

/// The peak resident memory of this process since it started (KiB): the
/// `VmHWM` line of `/proc/self/status`, which counts this program only (a
/// parent's memory before the program was started is not in it, unlike the
/// `ru_maxrss` its parent reads). `None` where there is no `/proc`.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Refuses to serve a damaged database: `PRAGMA quick_check` finds a fault
/// (or SQLite cannot read the file as a database).
///
/// # Errors
/// The damage found, with the way back: `zaochka restore`.
pub(crate) fn refuse_damaged(database: &std::path::Path) -> anyhow::Result<()> {
    let problems = crate::store::check_file(database, false)?;
    if problems.is_empty() {
        return Ok(());
    }
    anyhow::bail!(
        "the database {} is damaged (quick_check: {}); nothing runs on it. \
         Restore the newest good backup with `zaochka restore FILE` (see docs/admin.md, \"Restore\")",
        database.display(),
        problems
            .iter()
            .take(3)
            .map(|p| printable(p).into_owned())
            .collect::<Vec<_>>()
            .join("; ")
    )
}

/// Refuses to serve a database that went back in time
/// ([`backup::gone_back`]): it lacks commands of its journal, or mail already
/// read that arrived after the newest it processed.
///
/// # Errors
/// What was found, with the way back: `zaochka restore FILE`.
fn refuse_gone_back(
    config: &Config,
    store: &mut Store,
    inbox: &mut dyn Inbox,
) -> anyhow::Result<()> {
    let found = backup::gone_back(config, store, inbox, wall::now())?;
    if !found.found() {
        return Ok(());
    }
    let mut what = Vec::new();
    if found.commands > 0 {
        what.push(crate::words::operator::journal::commands_seen(
            found.commands,
            &journal::path_of(&config.database).display().to_string(),
        ));
    }
    if let Some(newest) = found.newest_mail {
        what.push(crate::words::operator::journal::mails_seen(
            found.mails,
            &crate::store::instant_text(newest),
        ));
    }
    anyhow::bail!(
        "the database {} is older than what it once held: it lacks {}. It was put back by hand \
         or otherwise went back in time; nothing runs on it. Put the copy in place with \
         `zaochka restore FILE` (the backup you copied, or one taken now with `zaochka backup \
         FILE`), which replays what it lacks; to go back to an old copy on purpose, leaving that \
         out, `zaochka restore --no-replay FILE` (see docs/admin.md, \"Restore\")",
        config.database.display(),
        what.join(" and ")
    )
}

/// Moves the mails a director released by mail (marked in the mail's
/// transaction) back among the new mail; one released on the command line is
/// there already (its inbox refuses, which is ignored).
fn release_marked(store: &mut Store, inbox: &mut dyn Inbox) {
    let keys = match store.read(crate::store::leases::released) {
        Ok(k) => k,
        Err(e) => {
            warn!(error = %printable(&e.to_string()), "cannot list the released mails");
            return;
        }
    };
    for key in keys {
        match inbox.release(&key) {
            Ok(()) => info!(key = %printable(&key), "released mail moved back into the inbox"),
            Err(e) => {
                tracing::debug!(key = %printable(&key), error = %printable(&format!("{e:#}")), "released mail not in quarantine");
            }
        }
    }
}

/// Tells the referees that an inbox entry was passed over (once per entry).
fn note_skipped(store: &mut Store, config: &Config, skipped: &inbox::Skipped) {
    let alert = alerts::Alert::InboxEntrySkipped {
        entry: skipped.entry.clone(),
        why: skipped.why,
    };
    raise(store, config, &alert);
}

/// Tells the referees once that a mail was quarantined.
fn note_quarantined(store: &mut Store, config: &Config, mail: &inbox::RawMail, crashes: u32) {
    let sender = crate::mail::envelope::read_head(&mail.bytes)
        .and_then(|h| h.from)
        .map(|f| f.address);
    let alert = alerts::Alert::Quarantined {
        inbox_key: mail.key.clone(),
        sender,
        attempts: crashes,
    };
    raise(store, config, &alert);
}

/// Raises an alert in a transaction of its own; a failure is only logged (the
/// alert concerns a fault the log records anyway).
fn raise(store: &mut Store, config: &Config, alert: &alerts::Alert) {
    if let Err(e) = store.transaction(|tx| alerts::raise(tx, config, alert, wall::now())) {
        warn!(alert = %printable(&alert.key()), error = %e, "cannot record the referee alert");
    }
}
