//! `zaochka serve`: the mail daemon.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::store_args::StoreArgs;

/// Runs the mail daemon: reads players' mails, referees them, keeps the clocks, replies.
///
/// Each cycle reads the inbox, applies players' mails through the referee, runs
/// the clock tick and sends the replies; SIGTERM ends it after the current mail.
/// Without a configuration file it uses ./zaochka.db, the Maildir ./mail/inbox
/// and writes replies to ./mail/outbox. The Debian package runs it as the
/// service zaochka.service.
#[derive(clap::Args, Debug)]
pub struct Serve {
    /// Run one cycle (all waiting mail, one clock tick, all due replies) and exit.
    #[arg(long)]
    once: bool,
    /// Internal: process the one mail on standard input under this inbox key,
    /// in a process of its own (the daemon does this for a mail that crashed it).
    #[arg(long, hide = true, requires_all = ["probe_size", "probe_length", "probe_received_at"])]
    probe_key: Option<String>,
    /// Internal: the probed mail's whole size in bytes.
    #[arg(long, hide = true)]
    probe_size: Option<u64>,
    /// Internal: how many bytes of it come on standard input.
    #[arg(long, hide = true)]
    probe_length: Option<usize>,
    /// Internal: the probed mail's receipt instant (RFC 3339).
    #[arg(long, hide = true)]
    probe_received_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Internal: the verdicts of the daemon's authentication checks of the
    /// probed mail (JSON), on which it decided the mail's wait; the probe
    /// processes the mail on them instead of checking again.
    #[arg(long, hide = true)]
    probe_checks: Option<String>,
}

impl Serve {
    pub(super) fn execute(self, args: &StoreArgs) -> anyhow::Result<ExitCode> {
        init_logging();
        let config = args.config()?;
        if let Some(at) = args.now {
            // `--now` / ZAOCHKA_NOW: the daemon starts its clock at that instant.
            crate::daemon::wall::start_at(at);
        }
        if let (Some(key), Some(size), Some(length), Some(received_at)) = (
            self.probe_key,
            self.probe_size,
            self.probe_length,
            self.probe_received_at,
        ) {
            let mail = crate::daemon::probe::Probed {
                key,
                size,
                length,
                received_at,
                checks: self
                    .probe_checks
                    .and_then(|json| serde_json::from_str(&json).ok()),
            };
            return Ok(crate::daemon::probe::run_child(&config, mail));
        }
        let stop = Arc::new(AtomicBool::new(false));
        for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
            signal_hook::flag::register(signal, Arc::clone(&stop))?;
        }
        crate::daemon::serve(&config, self.once, &stop)?;
        Ok(ExitCode::SUCCESS)
    }
}

/// Logs to stderr; `RUST_LOG` chooses the level (info by default).
pub(super) fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    use std::io::IsTerminal;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // Colour codes only for a person at a terminal, never in a log file,
        // and never when NO_COLOR is set (no-color.org).
        .with_ansi(std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none())
        .with_writer(std::io::stderr)
        .try_init();
}
