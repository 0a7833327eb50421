//! The daemon's memory of faults of the machine within one run: which mails a
//! transient fault left unfinished (their open claim is no crash), the fault in
//! force with its backoff, and telling the referees once when it lasts, even
//! while the database takes no write.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tracing::{error, info, warn};

use super::{alerts, process, sender, transport};
use crate::config::Config;
use crate::printable::printable;
use crate::store::Store;

/// A fault of the machine that lasts: when it began, how long to wait before
/// the next attempt, and whether the referees were told.
#[derive(Debug)]
pub(crate) struct Fault {
    pub(crate) since: DateTime<Utc>,
    backoff: Duration,
    told: bool,
}

/// The daemon's memory of one run: keys left unfinished by a transient fault
/// (their open claim is not a crash), the fault in force, if any, and the
/// tournament sites written.
#[derive(Debug, Default)]
pub(crate) struct RunState {
    pub(crate) retry_after_fault: HashSet<String>,
    pub(crate) fault: Option<Fault>,
    /// The referees' addresses and languages as last read, for telling them of
    /// a fault while the database cannot be read.
    pub(crate) referees: Vec<(String, crate::vocabulary::Language)>,
    /// A lasting fault the referees are to be told of now: (since, detail).
    pub(crate) tell: Option<(DateTime<Utc>, String)>,
    /// The tournament sites written in this run (`[tournaments] site-dir`).
    pub(crate) sites: super::sites::Published,
    /// What each player's published calendar shows (`[tournaments] calendars`).
    pub(crate) calendars: super::calendars::Published,
    /// When the mails held out of the fetches (waiting on their
    /// authentication checks) are fetched and checked again.
    pub(crate) held_until: Option<std::time::Instant>,
}

impl RunState {
    /// Notes a transient fault; returns the wait before the next attempt.
    pub(crate) fn faulted(
        &mut self,
        config: &Config,
        what: &str,
        e: &dyn std::fmt::Display,
    ) -> Duration {
        let now = super::wall::now();
        let max = Duration::from_secs(config.faults.max_backoff_seconds);
        let fault = self.fault.get_or_insert(Fault {
            since: now,
            backoff: Duration::from_secs(1),
            told: false,
        });
        let wait = fault.backoff;
        fault.backoff = (fault.backoff * 2).min(max);
        warn!(what, error = %printable(&e.to_string()), since = %fault.since, retry_in_s = wait.as_secs(), "transient fault: mail left in the inbox, will retry");
        let limit = chrono::Duration::minutes(
            i64::try_from(config.faults.alert_after_minutes).unwrap_or(i64::MAX),
        );
        if !fault.told && now - fault.since >= limit {
            fault.told = true;
            error!(since = %fault.since, error = %printable(&e.to_string()), "transient fault lasts: telling the referees");
            self.tell = Some((fault.since, e.to_string()));
        }
        wait
    }

    pub(crate) fn cleared(&mut self) {
        if let Some(f) = self.fault.take() {
            info!(since = %f.since, "transient fault over");
        }
    }
}

/// The referees' addresses and languages, for [`tell_of_fault`].
pub(crate) fn read_referees(
    store: &mut Store,
) -> Option<Vec<(String, crate::vocabulary::Language)>> {
    store.read(process::referees).ok().map(|list| {
        list.into_iter()
            .map(|p| {
                let lang = p.language;
                (p.email, lang)
            })
            .collect()
    })
}

/// Tells the referees that a transient fault lasts: through the outbox when
/// the database takes the alert, else straight through the transport to the
/// referees as last read (the fault may keep the database from any write).
pub(crate) fn tell_of_fault(
    store: &mut Store,
    transport: &dyn transport::ReplyTransport,
    config: &Config,
    referees: &[(String, crate::vocabulary::Language)],
    since: DateTime<Utc>,
    detail: &str,
    stop: &AtomicBool,
) {
    let alert = alerts::Alert::FaultPersists {
        since,
        detail: detail.to_string(),
    };
    let queued = store.transaction(|tx| alerts::raise(tx, config, &alert, super::wall::now()));
    if queued.is_ok()
        && sender::send_due(store, transport, config, super::wall::now(), stop).is_ok()
    {
        return;
    }
    for (address, lang) in referees {
        if let Err(e) = sender::send_direct(
            transport,
            config,
            address,
            &alert.subject(*lang),
            &alert.body(*lang),
        ) {
            warn!(to = %printable(address), error = %printable(&format!("{e:#}")), "cannot tell the referee of the fault");
        }
    }
}
