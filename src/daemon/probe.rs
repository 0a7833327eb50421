//! A suspect mail processed in a process of its own.
//!
//! A mail whose lease was left open by a run that died (killed, out of memory,
//! a crash in a library) is a suspect: it may be poison, or the run was simply
//! killed while it was in flight. The daemon does not risk itself on it again:
//! it starts `zaochka serve --probe-key KEY ...` with the mail on standard
//! input, and reads the child's end. Exit 0: processed and recorded (in the
//! child's own transaction, which also ends the lease). Exit
//! [`EXIT_TRANSIENT`]: a fault of the machine, try later. Any other end (a
//! signal, an abort, a hang past [`PROBE_TIMEOUT`]) is a crash of that mail,
//! which the daemon counts and, past `[faults] crash-retries`, quarantines. A
//! random kill of the daemon therefore never quarantines an innocent mail: the
//! probe finishes it, even as an orphan.
//!
//! The daemon checks the mail's authentication before it claims it, and
//! decides there whether the mail waits (temperror in refuse mode, see
//! `authenticate::wait`); the probe is handed those verdicts and processes
//! the mail on them, never checking again, so a mail that crashed the daemon
//! waits, is retried and is finally refused exactly as any other mail.

use std::io::{Read, Write};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use tracing::warn;

use super::inbox::RawMail;
use super::process::{self, Processed};
use crate::config::Config;
use crate::mail::auth::AuthVerdicts;
use crate::printable::printable;
use crate::store::Store;

/// The probe's exit code for a transient fault (`EX_TEMPFAIL` of sysexits.h).
pub const EXIT_TRANSIENT: u8 = 75;

/// The longest a probe may take before it is killed and counted as a crash.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(300);

/// How a probe ended.
#[derive(Debug)]
pub enum ProbeEnd {
    /// Processed and recorded; the outcome line the child printed.
    Done(Processed),
    /// A fault of the machine; the mail was not recorded.
    Transient(String),
    /// The child died, aborted or hung: a crash of this mail. The text says how.
    Crashed(String),
}

/// Runs the probe for one mail, handing it the verdicts of the mail's
/// authentication checks (`checks`, on which the daemon decided its
/// temperror wait: the probe does not check again, so a mail that crashed
/// the daemon is judged on the same checks as any other), and waits for its
/// end.
///
/// # Errors
/// When the child cannot be started at all (then nothing is known of the mail).
pub fn run(config: &Config, mail: &RawMail, checks: &AuthVerdicts) -> std::io::Result<ProbeEnd> {
    let exe = std::env::current_exe()?;
    let mut cmd = Command::new(exe);
    if let Some(source) = &config.source {
        cmd.arg("--config").arg(source);
    }
    cmd.arg("--db")
        .arg(&config.database)
        .arg("serve")
        .arg("--probe-key")
        .arg(&mail.key)
        .arg("--probe-size")
        .arg(mail.size.to_string())
        .arg("--probe-length")
        .arg(mail.bytes.len().to_string())
        .arg("--probe-received-at")
        .arg(crate::store::instant_text(mail.received_at));
    if let Ok(json) = serde_json::to_string(checks) {
        cmd.arg("--probe-checks").arg(json);
    }
    cmd.env_remove("ZAOCHKA_CONFIG")
        .env_remove("ZAOCHKA_DB")
        .env_remove("ZAOCHKA_NOW")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    if super::wall::shifted() {
        // The child acts on the same shifted clock as the daemon.
        cmd.arg("--now")
            .arg(crate::store::instant_text(super::wall::now()));
    }
    let mut child = cmd.spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // A child that dies before reading it all is seen below.
        let _ = stdin.write_all(&mail.bytes);
    }
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        if started.elapsed() > PROBE_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(ProbeEnd::Crashed(
                crate::words::operator::daemon::probe_timeout(PROBE_TIMEOUT.as_secs()),
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    Ok(match status.code() {
        Some(0) => ProbeEnd::Done(Processed {
            outcome: out.trim().to_string(),
            game: None,
            verified_sender: None,
        }),
        Some(c) if c == i32::from(EXIT_TRANSIENT) => ProbeEnd::Transient(out.trim().to_string()),
        Some(c) => ProbeEnd::Crashed(format!("exit code {c}")),
        None => {
            use std::os::unix::process::ExitStatusExt;
            ProbeEnd::Crashed(format!("signal {}", status.signal().unwrap_or(0)))
        }
    })
}

/// What the daemon tells its probe of the mail on standard input.
#[derive(Clone, Debug)]
pub struct Probed {
    /// The inbox key.
    pub key: String,
    /// The whole mail's size in bytes.
    pub size: u64,
    /// The bytes that come on standard input (the whole mail, or its head).
    pub length: usize,
    /// The receipt instant.
    pub received_at: DateTime<Utc>,
    /// The daemon's verdicts of the mail's authentication checks; none (the
    /// probe checks the mail itself) when they did not come or did not read.
    pub checks: Option<AuthVerdicts>,
}

/// The child's side: reads the mail from standard input and processes it in
/// one transaction, printing the outcome. A mail that arrives short (the
/// daemon died while writing it) is left alone: nothing is touched. A panic is
/// left to end the child (the parent counts it as a crash).
#[must_use]
pub fn run_child(config: &Config, probed: Probed) -> ExitCode {
    let mut bytes = Vec::new();
    let cap = config.max_message_bytes.max(super::inbox::HEAD_BYTES);
    if probed.length > cap
        || std::io::stdin()
            .take(probed.length as u64)
            .read_to_end(&mut bytes)
            .is_err()
        || bytes.len() != probed.length
    {
        warn!(key = %printable(&probed.key), "probe: the mail did not arrive whole; left for the daemon");
        return ExitCode::from(EXIT_TRANSIENT);
    }
    let checks = probed.checks;
    let mail = RawMail {
        key: probed.key,
        bytes,
        size: probed.size,
        received_at: probed.received_at,
    };
    let mut store = match Store::open(&config.database) {
        Ok(s) => s,
        Err(e) => {
            warn!(error = %e, "probe: cannot open the database");
            return ExitCode::from(EXIT_TRANSIENT);
        }
    };
    if let Err(e) = store.transaction(|tx| crate::store::leases::hold(tx, &mail.key)) {
        warn!(error = %e, "probe: cannot hold the lease");
        return ExitCode::from(EXIT_TRANSIENT);
    }
    // The parent may be gone (killed while this probe runs): its pipe is then
    // closed, and the outcome, already committed, is simply not read.
    let mut stdout = std::io::stdout();
    super::queue::injected_fault(&mail);
    match process::process(&mut store, config, &mail, checks) {
        Ok(p) => {
            let _ = writeln!(stdout, "{}", printable(&p.outcome));
            ExitCode::SUCCESS
        }
        Err(fault) => {
            let _ = writeln!(stdout, "{}", printable(&fault.to_string()));
            ExitCode::from(EXIT_TRANSIENT)
        }
    }
}
