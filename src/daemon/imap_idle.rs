//! IMAP IDLE (RFC 2177) for the IMAP inbox's wait, ended at once by new mail
//! or a stop signal.
//!
//! - Mail the server announced in the answer to an earlier command (`EXISTS`,
//!   `RECENT` among the unsolicited responses) ends the wait before IDLE starts:
//!   the server would not announce it again.
//! - One IDLE lasts at most [`IDLE_LIMIT`], then IDLE is issued again, well
//!   before the 30-minute inactivity limit of RFC 2177 (Dovecot's own
//!   `* OK Still here` keep-alives are skipped by the `imap` crate).
//! - A stop signal cannot interrupt a blocking read, so while idling a helper
//!   thread watches the stop flag and shuts the socket down (both directions):
//!   the read returns at once and the session is dropped (the daemon is
//!   stopping anyway).
//! - A dropped connection ends the wait with an error: the inbox drops the
//!   session and the next fetch reconnects (with backoff).

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use imap::extensions::idle::{SetReadTimeout, WaitOutcome};
use imap::types::UnsolicitedResponse;

/// The longest one IDLE command lasts before it is issued again: below the
/// 29 minutes RFC 2177 allows a client to stay idle.
pub const IDLE_LIMIT: Duration = Duration::from_secs(25 * 60);

/// How often the stop flag is looked at while idling.
const STOP_CHECK: Duration = Duration::from_millis(100);

/// Waits in IDLE at most `timeout` for a change of the selected mailbox.
/// Returns early (with `Ok`) on any untagged answer of the server (new mail
/// among them), on mail announced before, or when `stop` is set; `socket` is
/// the session's TCP connection, shut down on a stop.
///
/// # Errors
/// The server refused IDLE or the connection failed (not when stopping).
pub fn idle<T: Read + Write + SetReadTimeout>(
    session: &mut imap::Session<T>,
    socket: Option<&TcpStream>,
    timeout: Duration,
    stop: &AtomicBool,
) -> anyhow::Result<()> {
    let mut announced = false;
    while let Ok(r) = session.unsolicited_responses.try_recv() {
        announced |= matches!(
            r,
            UnsolicitedResponse::Exists(_) | UnsolicitedResponse::Recent(_)
        );
    }
    if announced {
        return Ok(());
    }
    let end = Instant::now() + timeout;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        if left.is_zero() || stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        let piece = left.min(IDLE_LIMIT);
        let finished = AtomicBool::new(false);
        let outcome = std::thread::scope(|s| {
            if let Some(socket) = socket {
                s.spawn(|| cut_on_stop(socket, stop, &finished));
            }
            let r = session.idle().and_then(|h| h.wait_with_timeout(piece));
            finished.store(true, Ordering::SeqCst);
            r
        });
        if stop.load(Ordering::SeqCst) {
            // The socket was shut down: any error is the stop's.
            return Ok(());
        }
        match outcome? {
            WaitOutcome::MailboxChanged => return Ok(()),
            WaitOutcome::TimedOut => {}
        }
    }
}

/// Shuts `socket` down once `stop` is set, unless `finished` comes first.
fn cut_on_stop(socket: &TcpStream, stop: &AtomicBool, finished: &AtomicBool) {
    while !finished.load(Ordering::SeqCst) {
        if stop.load(Ordering::SeqCst) {
            let _ = socket.shutdown(Shutdown::Both);
            return;
        }
        std::thread::sleep(STOP_CHECK);
    }
}
