//! `zaochka outbox list|retry` and `zaochka status`: the replies waiting or
//! failed, putting failed ones back in the queue, and whether the outbound
//! relay is in a fault now.

use std::fmt;
use std::process::ExitCode;

use chrono::{DateTime, Utc};

use super::store_args::StoreArgs;
use crate::printable::printable;
use crate::store::outbox::{self, OutboxId, OutboxStatus, OutgoingMail};
use crate::store::relay_faults::{self, RelayFault};
use crate::store::{StoreError, instant_text};
use crate::words::operator::mailbox as words;

/// The replies the daemon sends, and those it could not send.
#[derive(clap::Subcommand, Debug)]
pub enum Outbox {
    /// List the replies (all, or only the failed ones).
    ///
    /// List the replies: id, state, recipient, attempts, when written,
    /// subject and last error (every reply, or only the failed ones).
    List {
        /// Only the replies that failed for good.
        #[arg(long)]
        failed: bool,
        /// Only the replies still waiting to be sent.
        #[arg(long, conflicts_with = "failed")]
        pending: bool,
    },
    /// Put failed replies back in the queue, to be sent at the next cycle.
    ///
    /// Put failed replies back in the queue: the daemon sends them at its
    /// next cycle, with the same Message-ID.
    Retry {
        /// The reply's id, as `outbox list` prints it.
        #[arg(required_unless_present = "all_failed", conflicts_with = "all_failed")]
        row: Option<i64>,
        /// Every failed reply.
        #[arg(long)]
        all_failed: bool,
    },
}

impl Outbox {
    pub(super) fn execute(self, args: &StoreArgs) -> anyhow::Result<ExitCode> {
        let mut store = args.open()?;
        match self {
            Outbox::List { failed, pending } => {
                let status = if failed {
                    Some(OutboxStatus::Failed)
                } else if pending {
                    Some(OutboxStatus::Pending)
                } else {
                    None
                };
                let list = store.read(|tx| outbox::list(tx, status, None))?;
                let lines: Vec<Line> = list.iter().map(Line::of).collect();
                let none = words::outbox_empty(
                    status == Some(OutboxStatus::Failed),
                    status == Some(OutboxStatus::Pending),
                );
                super::output::emit_lines(&lines, none, args.json)
            }
            Outbox::Retry { row, .. } => {
                let now = args.now();
                let result = store.transaction(|tx| match row {
                    Some(id) => outbox::retry(tx, OutboxId(id), now).map(|()| vec![OutboxId(id)]),
                    None => outbox::retry_all_failed(tx, now),
                });
                match result {
                    Ok(ids) => {
                        let retried = Retried {
                            ok: true,
                            retried: ids.iter().map(|i| i.0).collect(),
                        };
                        super::output::emit(&retried, args.json)
                    }
                    Err(StoreError::NotFound { key, .. }) => Ok(super::output::refused(
                        &words::no_failed_reply(&printable(&key)),
                        args.json,
                    )),
                    Err(e) => Err(e.into()),
                }
            }
        }
    }
}

/// One reply as `outbox list` shows it.
#[derive(serde::Serialize)]
struct Line {
    id: i64,
    status: OutboxStatus,
    to: String,
    game: Option<i64>,
    attempts: u32,
    created_at: DateTime<Utc>,
    next_attempt_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
    subject: String,
    message_id: String,
    last_error: Option<String>,
}

impl Line {
    fn of(m: &OutgoingMail) -> Line {
        Line {
            id: m.id.0,
            status: m.status,
            to: m.to_address.clone(),
            game: m.game_id.map(|g| g.0),
            attempts: m.attempts,
            created_at: m.created_at,
            next_attempt_at: m.next_attempt_at,
            sent_at: m.sent_at,
            subject: m.subject.clone(),
            message_id: m.message_id.clone(),
            last_error: m.last_error.clone(),
        }
    }
}

impl fmt::Display for Line {
    /// `ID  STATE  TO  N attempts  WRITTEN  SUBJECT[  last error: …]`, every
    /// text from outside escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}  {}  {}  {} attempts  {}  {}",
            self.id,
            self.status,
            printable(&self.to),
            self.attempts,
            instant_text(self.created_at),
            printable(&self.subject)
        )?;
        if let Some(e) = &self.last_error {
            write!(f, "  last error: {}", printable(e))?;
        }
        Ok(())
    }
}

/// What `outbox retry` did.
#[derive(serde::Serialize)]
struct Retried {
    ok: bool,
    retried: Vec<i64>,
}

impl fmt::Display for Retried {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&words::retried(&self.retried))
    }
}

/// The daemon's state as an operator checks it: the outbox, and the relay.
#[derive(clap::Args, Debug)]
pub struct Status {}

impl Status {
    pub(super) fn execute(self, args: &StoreArgs) -> anyhow::Result<ExitCode> {
        let mut store = args.open()?;
        let (counts, fault, last) = store.read(|tx| {
            let counts = outbox::counts(tx)?;
            let fault = relay_faults::open(tx)?;
            let last = relay_faults::recent(tx, 1)?.into_iter().next();
            Ok::<_, StoreError>((counts, fault, last))
        })?;
        let report = Report {
            pending: counts.0,
            sent: counts.1,
            failed: counts.2,
            relay_fault: fault,
            last_relay_fault: last.filter(|f| f.ended_at.is_some()),
        };
        super::output::emit(&report, args.json)
    }
}

/// What `status` shows.
#[derive(serde::Serialize)]
struct Report {
    pending: u64,
    sent: u64,
    failed: u64,
    /// The fault of the relay going on now.
    relay_fault: Option<RelayFault>,
    /// The last fault that ended.
    last_relay_fault: Option<RelayFault>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}",
            words::outbox_counts(self.pending, self.sent, self.failed)
        )?;
        match &self.relay_fault {
            Some(r) => writeln!(
                f,
                "{}",
                words::relay_fault(
                    &instant_text(r.since),
                    &r.stage.to_string(),
                    r.refusals,
                    &printable(&r.reply),
                    &instant_text(r.next_try_at)
                )
            ),
            None => writeln!(f, "{}", words::relay_takes_mail()),
        }?;
        if let Some(r) = &self.last_relay_fault {
            writeln!(
                f,
                "{}",
                words::last_relay_fault(
                    &instant_text(r.since),
                    &r.ended_at.map_or_else(String::new, instant_text),
                    &r.stage.to_string(),
                    &printable(&r.reply)
                )
            )?;
        }
        Ok(())
    }
}
