//! `zaochka quarantine list|release`: the mails the daemon set aside as poison
//! (they crashed it, or reading them panicked), and putting one back.

use std::process::ExitCode;

use anyhow::Context;

use super::store_args::StoreArgs;
use crate::printable::printable;
use crate::referee::quarantine::{self, ReleaseRefusal};
use crate::store::leases;
use crate::words::operator::mailbox as words;

/// Mail set aside by the daemon because reading it crashed the daemon.
#[derive(clap::Subcommand, Debug)]
pub enum Quarantine {
    /// List the quarantined mails: inbox key, when, why, size.
    List,
    /// Put a quarantined mail back into the inbox, to be tried again.
    ///
    /// Put a quarantined mail back into the inbox; the daemon tries it again
    /// (from a crash count of 0) at its next cycle.
    Release {
        /// The inbox key, as `quarantine list` prints it.
        key: String,
    },
}

impl Quarantine {
    pub(super) fn execute(self, args: &StoreArgs) -> anyhow::Result<ExitCode> {
        let mut store = args.open()?;
        match self {
            Quarantine::List => {
                let list = store.read(leases::quarantined)?;
                let lines: Vec<Quarantined<'_>> = list.iter().map(Quarantined).collect();
                super::output::emit_lines(&lines, words::no_quarantine(), args.json)?;
                if !args.json && !lines.is_empty() {
                    eprintln!(
                        "{} in quarantine",
                        crate::words::game::count_en(list.len(), "mail", "mails")
                    );
                }
                Ok(ExitCode::SUCCESS)
            }
            Quarantine::Release { key } => {
                match store.read(|tx| quarantine::check(tx, &key))? {
                    Ok(()) => {}
                    Err(ReleaseRefusal::Unknown(_)) => {
                        eprintln!("{}", words::unknown_quarantine_key(&printable(&key)));
                        return Ok(ExitCode::from(1));
                    }
                    Err(ReleaseRefusal::NotQuarantined(_, state)) => {
                        eprintln!("{}", words::not_quarantined(&printable(&key), state));
                        return Ok(ExitCode::from(1));
                    }
                }
                let config = args.config()?;
                let mut inbox = crate::daemon::open_inbox(&config)?;
                inbox
                    .release(&key)
                    .with_context(|| words::cannot_release(&printable(&key)))?;
                let now = args.now();
                store
                    .transaction(|tx| quarantine::mark_released(tx, &key, None, None, now, None))?;
                println!("{}", words::released(&printable(&key)));
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}

/// A quarantined mail as `quarantine list` shows it: in JSON the lease
/// record, in words `KEY  INSTANT  REASON  N bytes  DETAIL`.
#[derive(serde::Serialize)]
#[serde(transparent)]
struct Quarantined<'a>(&'a leases::Lease);

impl std::fmt::Display for Quarantined<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = self.0;
        write!(
            f,
            "{}  {}  {}  {} bytes{}",
            printable(&c.inbox_key),
            c.quarantined_at
                .map_or_else(String::new, crate::store::instant_text),
            c.reason.map_or("?", |r| r.as_str()),
            c.size,
            c.detail
                .as_deref()
                .map_or_else(String::new, |d| format!("  {}", printable(d)))
        )
    }
}
