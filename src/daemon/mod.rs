//! The mail daemon (`zaochka serve`): reads the inbox, turns each player's mail
//! into referee commands, applies them with the processed-message record and the
//! replies in one transaction, marks the mail done after the commit, and sends the
//! outbox.

pub mod bounce;
pub mod compose;
pub mod imap_inbox;
pub mod inbox;
pub mod lock;
pub mod maildir_inbox;
pub mod process;
pub mod rich;
pub mod scheduler;
pub mod sender;
pub mod transport;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::Utc;
use tracing::{info, warn};

use crate::config::{Config, InboxConfig};
use crate::store::Store;
use inbox::Inbox;

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

/// Runs the daemon: mail, clocks, outbox, then waits for new mail, until `stop` is
/// set (SIGTERM/SIGINT finish the current message first) or, with `once`, after
/// one full cycle (every mail waiting, one clock tick, every reply due).
///
/// # Errors
/// Database failures and an inbox that cannot be opened at start; another
/// `serve` holding the database's lock ([`lock::LockError::Held`]).
pub fn serve(config: &Config, once: bool, stop: &Arc<AtomicBool>) -> anyhow::Result<()> {
    let _lock = lock::ServeLock::acquire(&config.database)?;
    let mut store = Store::open(&config.database)?;
    let transport = transport::ReplyTransport::from_config(&config.outbox)?;
    let mut inbox = open_inbox(config)?;
    info!(database = %config.database.display(), once, "zaochka serve started");
    loop {
        loop {
            let mails = match inbox.fetch(BATCH) {
                Ok(m) => m,
                Err(e) => {
                    warn!(error = %format!("{e:#}"), "inbox unavailable; will retry");
                    break;
                }
            };
            let n = mails.len();
            for mail in mails {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                process::process(&mut store, config, &mail)?;
                if let Err(e) = inbox.done(&mail.key) {
                    warn!(key = %mail.key, error = %format!("{e:#}"), "cannot mark the mail done; its record makes a retry a no-op");
                }
            }
            if n < BATCH || stop.load(Ordering::SeqCst) {
                break;
            }
        }
        scheduler::tick(&mut store, config, Utc::now())?;
        sender::send_due(&mut store, &transport, config, Utc::now())?;
        if once || stop.load(Ordering::SeqCst) {
            break;
        }
        // Wait for mail in short slices so that a signal is noticed quickly.
        let mut waited = 0;
        while waited < config.poll_seconds && !stop.load(Ordering::SeqCst) {
            let slice = config.poll_seconds.min(5);
            if let Err(e) = inbox.wait(Duration::from_secs(slice)) {
                warn!(error = %format!("{e:#}"), "waiting for mail failed; reconnecting");
                std::thread::sleep(Duration::from_secs(1));
            }
            waited += slice;
            if matches!(config.inbox, InboxConfig::Imap { .. }) {
                break;
            }
        }
    }
    info!("zaochka serve stopped");
    Ok(())
}
