//! One mail through the queue: leased before it is parsed, processed under a
//! panic guard, and then done, quarantined, or left for a retry.
//!
//! ```text
//! lease (own transaction) ──> process (one transaction: referee, outbox, record, lease ended)
//!    │ crashed runs > crash-retries ──> Quarantined (crashes)
//!    │ panic in process ──────────────> Quarantined (panic)
//!    └ database busy / disk full ─────> Retry: the mail stays in the inbox, unrecorded
//! ```
//!
//! A mail that a run died on is never processed in the daemon again: it goes
//! to a probe process ([`super::probe`]), whose crashes are counted too.

use std::panic::{AssertUnwindSafe, catch_unwind};

use chrono::{DateTime, Utc};
use tracing::{error, warn};

use super::inbox::RawMail;
use super::probe::{self, ProbeEnd};
use super::process::{self, Processed, TransientFault};
use crate::config::Config;
use crate::printable::printable;
use crate::store::Store;
use crate::store::leases::{self, QuarantineReason, Taken};

/// What became of one mail taken from the inbox.
#[derive(Debug)]
pub enum Disposition {
    /// Recorded (applied, refused, rejected or a duplicate): mark it done in the inbox.
    Done(Processed),
    /// Poison: set it aside in the inbox and tell the referees.
    Quarantined {
        /// Why.
        reason: QuarantineReason,
        /// Runs it crashed.
        crashes: u32,
        /// Whether this is news (false when it was quarantined before and only
        /// its inbox mark was lost): the referees are told only of news.
        new: bool,
    },
    /// A fault of the machine: leave it in the inbox and try again later.
    Retry(TransientFault),
    /// Another live process (an earlier run's probe) is finishing it: leave it.
    InProgress {
        /// That process's id.
        holder: u32,
    },
    /// Its authentication checks ended in temperror under
    /// `dmarc-reject-refuses-moves = true`: leave it in the inbox, unrecorded,
    /// and check it again later, at the latest at this instant (UTC).
    Waits {
        /// The end of its wait.
        until: DateTime<Utc>,
    },
}

/// Takes one mail through the queue. `retry_after_fault` tells that this run
/// itself left the mail unfinished after a transient fault (so its open lease
/// is not a crash); `checked` is the verdicts of its authentication checks
/// when they were made for its batch (else they are made here).
#[must_use]
pub fn take(
    store: &mut Store,
    config: &Config,
    mail: &RawMail,
    retry_after_fault: bool,
    now: DateTime<Utc>,
    checked: Option<crate::mail::auth::AuthVerdicts>,
) -> Disposition {
    let auth = checked.unwrap_or_else(|| super::authenticate::verify_mail(config, mail));
    match super::authenticate::wait(store, config, mail, &auth, now) {
        Ok(None) => {}
        Ok(Some(until)) => return Disposition::Waits { until },
        Err(e) => return Disposition::Retry(e.into()),
    }
    let taken = store.transaction(|tx| {
        leases::take(
            tx,
            &mail.key,
            mail.size,
            config.faults.crash_retries,
            retry_after_fault,
            now,
        )
    });
    match taken {
        Ok(Taken::Go { crashes: 0 }) => {}
        Ok(Taken::Go { .. }) => return probe_until_done(store, config, mail, now, &auth),
        other => return stopped_at_lease(other, mail, "the daemon"),
    }
    match catch_unwind(AssertUnwindSafe(|| {
        injected_fault(mail);
        process::process(store, config, mail, Some(auth))
    })) {
        Ok(Ok(processed)) => Disposition::Done(processed),
        Ok(Err(fault)) => {
            // Not the mail's fault: end its lease if the database lets us, so
            // that the next run does not count a crash (if it does not, the
            // next run hands the mail to a probe, which finishes it).
            let _ = store.transaction(|tx| leases::finish(tx, &mail.key));
            Disposition::Retry(fault)
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".to_string());
            error!(key = %printable(&mail.key), panic = %printable(&what), "processing the mail panicked: quarantined");
            if let Err(e) = store.transaction(|tx| {
                leases::quarantine(
                    tx,
                    &mail.key,
                    mail.size,
                    QuarantineReason::Panic,
                    Some(&what),
                    now,
                )
            }) {
                // The lease stays `taken`: the next run counts it as a crash.
                warn!(key = %printable(&mail.key), error = %e, "cannot record the quarantine");
            }
            Disposition::Quarantined {
                reason: QuarantineReason::Panic,
                crashes: 0,
                new: true,
            }
        }
    }
}

/// A suspect mail (a run died with it in flight) through probe processes, each
/// crash counted, until it is done, quarantined, or a transient fault stops it.
/// The probes process it on `checks`, the verdicts its wait was decided on.
fn probe_until_done(
    store: &mut Store,
    config: &Config,
    mail: &RawMail,
    now: DateTime<Utc>,
    checks: &crate::mail::auth::AuthVerdicts,
) -> Disposition {
    loop {
        let end = match probe::run(config, mail, checks) {
            Ok(end) => end,
            Err(e) => {
                return Disposition::Retry(TransientFault(
                    crate::words::operator::daemon::probe_not_started(e),
                ));
            }
        };
        let how = match end {
            ProbeEnd::Done(p) => return Disposition::Done(p),
            ProbeEnd::Transient(t) => return Disposition::Retry(TransientFault(t)),
            ProbeEnd::Crashed(how) => how,
        };
        warn!(key = %printable(&mail.key), how = %how, "the mail crashed its probe");
        match store.transaction(|tx| {
            leases::probe_crashed(tx, &mail.key, config.faults.crash_retries, now)
        }) {
            Ok(Taken::Go { .. }) => {}
            other => return stopped_at_lease(other, mail, "its probes"),
        }
    }
}

/// What a lease that does not let the mail go on means: quarantined (now, or
/// before), in progress elsewhere, or a transient fault. `who` names what the
/// mail crashed, for the log.
fn stopped_at_lease(
    taken: Result<Taken, crate::store::StoreError>,
    mail: &RawMail,
    who: &str,
) -> Disposition {
    match taken {
        Ok(Taken::Go { crashes }) => Disposition::Retry(TransientFault(
            crate::words::operator::daemon::lease_free(&printable(&mail.key), crashes),
        )),
        Ok(Taken::Quarantine { crashes }) => {
            error!(key = %printable(&mail.key), crashes, who, "the mail crashed it too often: quarantined");
            Disposition::Quarantined {
                reason: QuarantineReason::Crashes,
                crashes,
                new: true,
            }
        }
        Ok(Taken::AlreadyQuarantined) => Disposition::Quarantined {
            reason: QuarantineReason::Crashes,
            crashes: 0,
            new: false,
        },
        Ok(Taken::Busy { holder }) => Disposition::InProgress { holder },
        Err(e) => Disposition::Retry(e.into()),
    }
}

/// Fault injection for the fault suite (tests/it/daemon/faults.rs), which must
/// make the real binary die on a mail the way a crash in a library would:
/// when `ZAOCHKA_FAULT_ABORT_ON` is set and the mail holds its text, the
/// process aborts (SIGABRT, no unwinding); with `ZAOCHKA_FAULT_PANIC_ON`, it
/// panics. Unset in any real installation, where this does nothing.
pub(crate) fn injected_fault(mail: &RawMail) {
    let holds = |var: &str| {
        std::env::var(var)
            .ok()
            .filter(|m| !m.is_empty())
            .is_some_and(|marker| {
                mail.bytes
                    .windows(marker.len())
                    .any(|w| w == marker.as_bytes())
            })
    };
    if holds("ZAOCHKA_FAULT_ABORT_ON") {
        error!(key = %printable(&mail.key), "fault injection: aborting on this mail");
        std::process::abort();
    }
    if holds("ZAOCHKA_FAULT_PANIC_ON") {
        panic!("fault injection: panic on this mail");
    }
}
